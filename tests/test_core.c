/* spatial_conv core tests: known values from outside the header, power
   invariance, round trips, 6x6 matrices, aliasing, unnormalized quaternions
   and status codes. Built in double and in float from this one source. */
#include "test_util.h"

/* ============================================================ known values */

/* Known values stated in the issue and derived by hand. */
static void test_known_values(void **state) {
  (void)state;
  { /* Y-up -> Z-up maps (x, y, z) to (x, -z, y) */
    spconv_real M[9], p[3] = {1, 2, 3}, res[3], want[3] = {1, -3, 2};
    assert_int_equal(spconv_up_axis_matrix(M, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
    res[0] = M[0] * p[0] + M[1] * p[1] + M[2] * p[2];
    res[1] = M[3] * p[0] + M[4] * p[1] + M[5] * p[2];
    res[2] = M[6] * p[0] + M[7] * p[1] + M[8] * p[2];
    EXPECT_VEC_EQUAL(res, want, 3);
  }
  { /* 90 degrees about Z: wxyz (h, 0, 0, h) = xyzw (0, 0, h, h), h = sqrt(1/2) */
    const spconv_real h = (spconv_real)0.70710678118654752440;
    spconv_real wxyz[4] = {h, 0, 0, h}, xyzw[4] = {0, 0, h, h}, res[4];
    spconv_real ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0}, v[3];
    spconv_quat_xyzw_from_wxyz(res, wxyz);
    EXPECT_VEC_EQUAL(res, xyzw, 4);
    spconv_quat_wxyz_from_xyzw(res, xyzw);
    EXPECT_VEC_EQUAL(res, wxyz, 4);
    /* right-hand rule: +90 about Z carries +X to +Y, in both storage orders */
    spconv_quat_rotate_wxyz(v, wxyz, ex);
    EXPECT_VEC_NEAR(v, ey, 3, TEST_TOL);
    spconv_quat_rotate_xyzw(v, xyzw, ex);
    EXPECT_VEC_NEAR(v, ey, 3, TEST_TOL);
    /* and it is the up-axis quaternion X-up -> Y-up (axis X x Y = Z) */
    assert_int_equal(spconv_up_axis_quat_wxyz(res, SPCONV_AXIS_X, SPCONV_AXIS_Y), SPCONV_OK);
    EXPECT_VEC_NEAR(res, wxyz, 4, TEST_TOL);
  }
  { /* twist [v = 0; w = z] shifted by r = x: v = w x r = z x x = y */
    spconv_real t[6] = {0, 0, 0, 0, 0, 1}, r[3] = {1, 0, 0}, res[6];
    spconv_real want[6] = {0, 1, 0, 0, 0, 1};
    spconv_twist_shift(res, t, r);
    EXPECT_VEC_EQUAL(res, want, 6);
  }
  { /* wrench [f = (1, 2, 3); tau = 0] shifted by r = x: tau = -r x f = (0, 3, -2) */
    spconv_real w[6] = {1, 2, 3, 0, 0, 0}, r[3] = {1, 0, 0}, res[6];
    spconv_real want[6] = {1, 2, 3, 0, 3, -2};
    spconv_wrench_shift(res, w, r);
    EXPECT_VEC_EQUAL(res, want, 6);
  }
  { /* gravity for Y-up is (0, -g, 0), for Z-up (0, 0, -g) */
    spconv_real g[3], wy[3] = {0, (spconv_real)-9.81, 0}, wz[3] = {0, 0, (spconv_real)-9.81};
    assert_int_equal(spconv_gravity(g, SPCONV_AXIS_Y, (spconv_real)9.81), SPCONV_OK);
    EXPECT_VEC_EQUAL(g, wy, 3);
    assert_int_equal(spconv_gravity(g, SPCONV_AXIS_Z, (spconv_real)9.81), SPCONV_OK);
    EXPECT_VEC_EQUAL(g, wz, 3);
  }
}

/* Values computed with SciPy 1.10.1: Rotation.from_quat(xyzw).apply(v)
   (SciPy normalizes its input, so these quaternions are deliberately not unit). */
static void test_scipy_rotate_values(void **state) {
  spconv_real q1_xyzw[4] = {(spconv_real)0.1, (spconv_real)-0.7, (spconv_real)0.3,
                            (spconv_real)0.6};
  spconv_real v1[3] = {(spconv_real)0.5, (spconv_real)-1.25, (spconv_real)2.0};
  spconv_real want1[3] = {(spconv_real)-1.0947368421052635, (spconv_real)-2.007894736842106,
                          (spconv_real)0.7631578947368421};
  spconv_real q2_xyzw[4] = {(spconv_real)0.2, (spconv_real)0.4, (spconv_real)-0.1,
                            (spconv_real)-0.5};
  spconv_real v2[3] = {(spconv_real)-3.0, (spconv_real)0.25, (spconv_real)1.5};
  spconv_real want2[3] = {(spconv_real)-2.184782608695651, (spconv_real)-1.1086956521739126,
                          (spconv_real)-2.304347826086955};
  /* SciPy's as_matrix() of q1, row-major */
  spconv_real R1[9] = {(spconv_real)-0.2210526315789474, (spconv_real)-0.5263157894736843,
                       (spconv_real)-0.8210526315789475, (spconv_real)0.23157894736842108,
                       (spconv_real)0.7894736842105263,  (spconv_real)-0.568421052631579,
                       (spconv_real)0.9473684210526316,  (spconv_real)-0.3157894736842105,
                       (spconv_real)-0.05263157894736842};
  spconv_real q1_wxyz[4], res[3], M[9];
  (void)state;
  spconv_quat_rotate_xyzw(res, q1_xyzw, v1);
  EXPECT_VEC_NEAR(res, want1, 3, TEST_TOL);
  spconv_quat_wxyz_from_xyzw(q1_wxyz, q1_xyzw);
  spconv_quat_rotate_wxyz(res, q1_wxyz, v1);
  EXPECT_VEC_NEAR(res, want1, 3, TEST_TOL);
  spconv_quat_rotate_xyzw(res, q2_xyzw, v2);
  EXPECT_VEC_NEAR(res, want2, 3, TEST_TOL);
  test_mat_of_quat(M, q1_wxyz);
  EXPECT_VEC_NEAR(M, R1, 9, TEST_TOL);
}

/* Hand-derived MuJoCo and SAP cases. */
static void test_known_free_body(void **state) {
  const spconv_real h = (spconv_real)0.70710678118654752440;
  (void)state;
  { /* body turned +90 about Z, COM at body x = (1, 0, 0), spinning about body z:
       r_W = R ipos = (0, 1, 0), w_W = (0, 0, 1), v_C = w x r = (-1, 0, 0). */
    spconv_real quat[4] = {h, 0, 0, h}, ipos[3] = {1, 0, 0};
    spconv_real qvel[6] = {0, 0, 0, 0, 0, 1}, res[6];
    spconv_real want[6] = {-1, 0, 0, 0, 0, 1};
    spconv_twist_from_mujoco_qvel(res, qvel, quat, ipos);
    EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
  }
  { /* same body, spinning about body x = world y: w_W = (0, 1, 0), qvel w_B = (1, 0, 0);
       v_C = (0, 1, 0) x (0, 1, 0) = 0 (the COM is on the axis). */
    spconv_real quat[4] = {h, 0, 0, h}, ipos[3] = {1, 0, 0};
    spconv_real qvel[6] = {2, 0, 0, 1, 0, 0}, res[6];
    spconv_real want[6] = {2, 0, 0, 0, 1, 0};
    spconv_twist_from_mujoco_qvel(res, qvel, quat, ipos);
    EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
  }
  { /* a force f = (0, 0, 1) at a COM that sits at r_W = (0, 1, 0) from the origin
       (body turned +90 about Z, ipos = x): tau_O = r x f = (1, 0, 0) in world,
       = (0, -1, 0) in body axes (world x is body -y). */
    spconv_real quat[4] = {h, 0, 0, h}, ipos[3] = {1, 0, 0};
    spconv_real wrench[6] = {0, 0, 1, 0, 0, 0}, res[6];
    spconv_real want[6] = {0, 0, 1, 0, -1, 0};
    spconv_mujoco_qfrc_from_wrench(res, wrench, quat, ipos);
    EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
  }
  { /* SAP: COM at r_oc = x from the origin, spinning about z through the COM:
       the origin, at -x from the COM, moves with w x (-x) = -y. */
    spconv_real r_oc[3] = {1, 0, 0}, u[6] = {0, 0, 0, 0, 0, 1}, res[6];
    spconv_real want[6] = {0, 0, 1, 0, -1, 0};
    spconv_sap_twist_from_public(res, u, r_oc);
    EXPECT_VEC_EQUAL(res, want, 6);
  }
  { /* SAP: force f = y at the COM (r_oc = x): moment about the origin r x f = z;
       SAP's residual negates it. */
    spconv_real r_oc[3] = {1, 0, 0}, g[6] = {0, 1, 0, 0, 0, 0}, res[6];
    spconv_real want[6] = {0, 0, 1, 0, 1, 0}, want_body[6] = {0, 0, -1, 0, -1, 0};
    spconv_sap_wrench_from_public(res, g, r_oc);
    EXPECT_VEC_EQUAL(res, want, 6);
    spconv_sap_body_force_from_public(res, g, r_oc);
    EXPECT_VEC_EQUAL(res, want_body, 6);
  }
  { /* cvel [w; v] at subtree_com (0, 0, 1), w = z, v = 0: the point (1, 0, 1)
       moves with z x x = y. */
    spconv_real cvel[6] = {0, 0, 1, 0, 0, 0}, p[3] = {1, 0, 1}, c[3] = {0, 0, 1}, res[6];
    spconv_real want[6] = {0, 1, 0, 0, 0, 1};
    spconv_twist_from_mujoco_cvel(res, cvel, p, c);
    EXPECT_VEC_EQUAL(res, want, 6);
  }
}

/* Rotation of a vector against Rodrigues' formula for q = (cos t/2, sin t/2 k). */
static void test_rotate_vs_rodrigues(void **state) {
  int n;
  (void)state;
  test_seed(11);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real k[3], v[3], q[4], want[3], res[3], qx[4];
    double kn, t, c, s, kv;
    test_rand_vec(k, 3, 1.0);
    kn = sqrt((double)(k[0] * k[0] + k[1] * k[1] + k[2] * k[2]));
    if (kn < 1e-3) continue;
    t = test_uniform(-3.14159, 3.14159);
    c = cos(t);
    s = sin(t);
    {
      double kd[3] = {(double)k[0] / kn, (double)k[1] / kn, (double)k[2] / kn};
      test_rand_vec(v, 3, 2.0);
      kv = kd[0] * (double)v[0] + kd[1] * (double)v[1] + kd[2] * (double)v[2];
      want[0] = (spconv_real)((double)v[0] * c + (kd[1] * (double)v[2] - kd[2] * (double)v[1]) * s + kd[0] * kv * (1 - c));
      want[1] = (spconv_real)((double)v[1] * c + (kd[2] * (double)v[0] - kd[0] * (double)v[2]) * s + kd[1] * kv * (1 - c));
      want[2] = (spconv_real)((double)v[2] * c + (kd[0] * (double)v[1] - kd[1] * (double)v[0]) * s + kd[2] * kv * (1 - c));
      q[0] = (spconv_real)cos(t / 2);
      q[1] = (spconv_real)(sin(t / 2) * kd[0]);
      q[2] = (spconv_real)(sin(t / 2) * kd[1]);
      q[3] = (spconv_real)(sin(t / 2) * kd[2]);
    }
    spconv_quat_rotate_wxyz(res, q, v);
    EXPECT_VEC_NEAR(res, want, 3, TEST_TOL);
    spconv_quat_xyzw_from_wxyz(qx, q);
    spconv_quat_rotate_xyzw(res, qx, v);
    EXPECT_VEC_NEAR(res, want, 3, TEST_TOL);
  }
}


/* Hamilton product and conjugate: known products, composition of rotations. */
static void test_quat_mul_conj(void **state) {
  int n;
  (void)state;
  { /* i j = k, j i = -k, i i = -1 */
    spconv_real i[4] = {0, 1, 0, 0}, j[4] = {0, 0, 1, 0}, res[4];
    spconv_real k[4] = {0, 0, 0, 1}, mk[4] = {0, 0, 0, -1}, m1[4] = {-1, 0, 0, 0};
    spconv_quat_mul_wxyz(res, i, j);
    EXPECT_VEC_EQUAL(res, k, 4);
    spconv_quat_mul_wxyz(res, j, i);
    EXPECT_VEC_EQUAL(res, mk, 4);
    spconv_quat_mul_wxyz(res, i, i);
    EXPECT_VEC_EQUAL(res, m1, 4);
  }
  test_seed(12);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real a[4], b[4], ab[4], v[3], bv[3], abv[3], res[3], c[4], cc[4], one[4] = {1, 0, 0, 0};
    test_rand_unit_quat(a);
    test_rand_unit_quat(b);
    test_rand_vec(v, 3, 2.0);
    /* rotating by a b is rotating by b, then by a */
    spconv_quat_mul_wxyz(ab, a, b);
    spconv_quat_rotate_wxyz(bv, b, v);
    spconv_quat_rotate_wxyz(abv, a, bv);
    spconv_quat_rotate_wxyz(res, ab, v);
    EXPECT_VEC_NEAR(res, abv, 3, TEST_TOL);
    /* q q* = 1 for a unit q; the conjugate undoes the rotation */
    spconv_quat_conj_wxyz(c, a);
    spconv_quat_mul_wxyz(cc, a, c);
    EXPECT_VEC_NEAR(cc, one, 4, TEST_TOL);
    spconv_quat_rotate_wxyz(res, c, abv);
    EXPECT_VEC_NEAR(res, bv, 3, TEST_TOL);
  }
}

/* ====================================================== power invariance */

static void test_power_shift(void **state) {
  int n;
  (void)state;
  test_seed(21);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real F[6], V[6], r[3], F2[6], V2[6];
    test_rand_vec(F, 6, 10.0);
    test_rand_vec(V, 6, 10.0);
    test_rand_vec(r, 3, 5.0);
    spconv_wrench_shift(F2, F, r);
    spconv_twist_shift(V2, V, r);
    EXPECT_NEAR(spconv_power(F2, V2), spconv_power(F, V), TEST_TOL,
                fmax(test_power_scale(F, V), test_power_scale(F2, V2)));
  }
}

static void test_power_rotate(void **state) {
  int n;
  (void)state;
  test_seed(22);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real F[6], V[6], q[4], R[9], F2[6], V2[6];
    test_rand_vec(F, 6, 10.0);
    test_rand_vec(V, 6, 10.0);
    test_rand_unit_quat(q);
    test_mat_of_quat(R, q);
    spconv_spatial_rotate(F2, R, F);
    spconv_spatial_rotate(V2, R, V);
    EXPECT_NEAR(spconv_power(F2, V2), spconv_power(F, V), TEST_TOL,
                fmax(test_power_scale(F, V), test_power_scale(F2, V2)));
  }
}

static void test_power_sap(void **state) {
  int n;
  (void)state;
  test_seed(23);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real g[6], u[6], r[3], gs[6], us[6], fs[6], g2[6], u2[6];
    double p;
    test_rand_vec(g, 6, 10.0);
    test_rand_vec(u, 6, 10.0);
    test_rand_vec(r, 3, 2.0);
    p = (double)spconv_power(g, u);
    spconv_sap_wrench_from_public(gs, g, r);
    spconv_sap_twist_from_public(us, u, r);
    /* both SAP vectors are angular first: their dot is the power */
    EXPECT_NEAR(spconv_power(gs, us), p, TEST_TOL,
                fmax(test_power_scale(g, u), test_power_scale(gs, us)));
    /* the body-force residual is -P_f F: its power is the negative */
    spconv_sap_body_force_from_public(fs, g, r);
    EXPECT_NEAR(spconv_power(fs, us), -p, TEST_TOL,
                fmax(test_power_scale(g, u), test_power_scale(fs, us)));
    /* and the way back preserves it too */
    test_rand_vec(gs, 6, 10.0);
    test_rand_vec(us, 6, 10.0);
    spconv_public_wrench_from_sap(g2, gs, r);
    spconv_public_twist_from_sap(u2, us, r);
    EXPECT_NEAR(spconv_power(g2, u2), spconv_power(gs, us), TEST_TOL,
                fmax(test_power_scale(g2, u2), test_power_scale(gs, us)));
  }
}

static void test_power_mujoco(void **state) {
  int n;
  (void)state;
  test_seed(24);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real qvel[6], wrench[6], quat[4], ipos[3], twist[6], qfrc[6];
    test_rand_vec(qvel, 6, 10.0);
    test_rand_vec(wrench, 6, 10.0);
    test_rand_vec(ipos, 3, 2.0);
    test_rand_quat(quat);
    spconv_twist_from_mujoco_qvel(twist, qvel, quat, ipos);
    spconv_mujoco_qfrc_from_wrench(qfrc, wrench, quat, ipos);
    EXPECT_NEAR(spconv_power(qfrc, qvel), spconv_power(wrench, twist), TEST_TOL,
                fmax(test_power_scale(qfrc, qvel), test_power_scale(wrench, twist)));
  }
}

/* ============================================================ round trips */

static void test_round_trip_reorder(void **state) {
  enum { N = 257 };
  static spconv_real a[4 * N], b[4 * N], c[4 * N], one[4];
  size_t i;
  (void)state;
  test_seed(31);
  test_rand_vec(a, 4 * N, 10.0);
  spconv_quat_xyzw_from_wxyz_n(b, a, N);
  spconv_quat_wxyz_from_xyzw_n(c, b, N);
  EXPECT_VEC_EQUAL(c, a, 4 * N);
  for (i = 0; i < N; ++i) {
    /* the batch form equals the single form, element by element */
    spconv_quat_xyzw_from_wxyz(one, a + 4 * i);
    EXPECT_VEC_EQUAL(b + 4 * i, one, 4);
    assert_true(b[4 * i + 3] == a[4 * i + 0]); /* w moves last */
    assert_true(b[4 * i + 0] == a[4 * i + 1]);
  }
  /* n = 0 touches nothing */
  memcpy(c, a, sizeof a);
  spconv_quat_xyzw_from_wxyz_n(c, b, 0);
  EXPECT_VEC_EQUAL(c, a, 4 * N);
}

static void test_round_trip_shift(void **state) {
  int n;
  (void)state;
  test_seed(32);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real x[6], r[3], mr[3], y[6], z[6];
    test_rand_vec(x, 6, 10.0);
    test_rand_vec(r, 3, 5.0);
    mr[0] = -r[0];
    mr[1] = -r[1];
    mr[2] = -r[2];
    spconv_twist_shift(y, x, r);
    spconv_twist_shift(z, y, mr);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
    spconv_wrench_shift(y, x, r);
    spconv_wrench_shift(z, y, mr);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
    spconv_spatial_swap(y, x);
    spconv_spatial_swap(z, y);
    EXPECT_VEC_EQUAL(z, x, 6);
  }
}

static void test_round_trip_sap(void **state) {
  int n;
  (void)state;
  test_seed(33);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real x[6], r[3], y[6], z[6];
    test_rand_vec(x, 6, 10.0);
    test_rand_vec(r, 3, 2.0);
    spconv_sap_twist_from_public(y, x, r);
    spconv_public_twist_from_sap(z, y, r);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
    spconv_public_twist_from_sap(y, x, r);
    spconv_sap_twist_from_public(z, y, r);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
    spconv_sap_wrench_from_public(y, x, r);
    spconv_public_wrench_from_sap(z, y, r);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
    spconv_public_wrench_from_sap(y, x, r);
    spconv_sap_wrench_from_public(z, y, r);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
    spconv_sap_body_force_from_public(y, x, r);
    spconv_public_body_force_from_sap(z, y, r);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
    spconv_public_body_force_from_sap(y, x, r);
    spconv_sap_body_force_from_public(z, y, r);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
  }
}

static void test_round_trip_mujoco(void **state) {
  int n;
  (void)state;
  test_seed(34);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real x[6], quat[4], ipos[3], y[6], z[6];
    test_rand_vec(x, 6, 10.0);
    test_rand_vec(ipos, 3, 2.0);
    test_rand_quat(quat);
    spconv_twist_from_mujoco_qvel(y, x, quat, ipos);
    spconv_mujoco_qvel_from_twist(z, y, quat, ipos);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
    spconv_mujoco_qvel_from_twist(y, x, quat, ipos);
    spconv_twist_from_mujoco_qvel(z, y, quat, ipos);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
    spconv_mujoco_qfrc_from_wrench(y, x, quat, ipos);
    spconv_wrench_from_mujoco_qfrc(z, y, quat, ipos);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
    spconv_wrench_from_mujoco_qfrc(y, x, quat, ipos);
    spconv_mujoco_qfrc_from_wrench(z, y, quat, ipos);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
  }
}

/* v -> M_ab v -> M_ba M_ab v == v and q_ba q_ab == identity, for every pair. */
static void test_round_trip_up_axis(void **state) {
  int a, b, n;
  (void)state;
  test_seed(35);
  for (a = 0; a < 3; ++a)
    for (b = 0; b < 3; ++b) {
      spconv_real Mab[9], Mba[9], qab[4], qba[4];
      assert_int_equal(spconv_up_axis_matrix(Mab, (spconv_axis)a, (spconv_axis)b), SPCONV_OK);
      assert_int_equal(spconv_up_axis_matrix(Mba, (spconv_axis)b, (spconv_axis)a), SPCONV_OK);
      assert_int_equal(spconv_up_axis_quat_wxyz(qab, (spconv_axis)a, (spconv_axis)b), SPCONV_OK);
      assert_int_equal(spconv_up_axis_quat_wxyz(qba, (spconv_axis)b, (spconv_axis)a), SPCONV_OK);
      for (n = 0; n < TEST_CASES / 9 + 1; ++n) {
        spconv_real v[6], y[6], z[6], yq[3];
        test_rand_vec(v, 6, 10.0);
        spconv_spatial_rotate(y, Mab, v);
        spconv_spatial_rotate(z, Mba, y);
        EXPECT_VEC_NEAR(z, v, 6, TEST_TOL);
        spconv_quat_rotate_wxyz(yq, qab, v);
        EXPECT_VEC_NEAR(yq, y, 3, TEST_TOL); /* the quaternion is the matrix */
        spconv_quat_rotate_wxyz(z, qba, yq);
        EXPECT_VEC_NEAR(z, v, 3, TEST_TOL);
      }
    }
}

/* ========================================================= 6x6 matrices */

static void test_sap_matrices(void **state) {
  int n, i, j, k;
  (void)state;
  test_seed(41);
  for (n = 0; n < 1000; ++n) {
    spconv_real r[3], Pv[36], Pf[36], u[6], g[6], a[6], b[6];
    test_rand_vec(r, 3, 2.0);
    spconv_sap_twist_matrix(Pv, r);
    spconv_sap_wrench_matrix(Pf, r);
    /* P_f == P_v^-T  <=>  P_f^T P_v == I */
    for (i = 0; i < 6; ++i)
      for (j = 0; j < 6; ++j) {
        double s = 0.0;
        for (k = 0; k < 6; ++k) s += (double)Pf[k * 6 + i] * (double)Pv[k * 6 + j];
        EXPECT_NEAR(s, i == j ? 1.0 : 0.0, TEST_TOL, 1.0);
      }
    /* the matrices agree with the vector functions */
    test_rand_vec(u, 6, 10.0);
    test_rand_vec(g, 6, 10.0);
    for (i = 0; i < 6; ++i) {
      double su = 0.0, sg = 0.0;
      for (k = 0; k < 6; ++k) {
        su += (double)Pv[i * 6 + k] * (double)u[k];
        sg += (double)Pf[i * 6 + k] * (double)g[k];
      }
      a[i] = (spconv_real)su;
      b[i] = (spconv_real)sg;
    }
    {
      spconv_real us[6], gs[6];
      spconv_sap_twist_from_public(us, u, r);
      spconv_sap_wrench_from_public(gs, g, r);
      EXPECT_VEC_NEAR(us, a, 6, TEST_TOL);
      EXPECT_VEC_NEAR(gs, b, 6, TEST_TOL);
    }
  }
}

/* Each up-axis matrix is a proper rotation that carries e_from to e_to. */
static void test_up_axis_properties(void **state) {
  int a, b, i, j, k;
  (void)state;
  for (a = 0; a < 3; ++a)
    for (b = 0; b < 3; ++b) {
      spconv_real M[9], det;
      assert_int_equal(spconv_up_axis_matrix(M, (spconv_axis)a, (spconv_axis)b), SPCONV_OK);
      for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j) {
          spconv_real s = 0;
          for (k = 0; k < 3; ++k) s += M[3 * k + i] * M[3 * k + j];
          assert_true(s == (i == j ? 1 : 0)); /* exact: entries are 0 and +-1 */
        }
      det = M[0] * (M[4] * M[8] - M[5] * M[7]) - M[1] * (M[3] * M[8] - M[5] * M[6]) +
            M[2] * (M[3] * M[7] - M[4] * M[6]);
      assert_true(det == 1);
      for (i = 0; i < 3; ++i) assert_true(M[3 * i + a] == (i == b ? 1 : 0)); /* column a = e_b */
      if (a != b) { /* a quarter turn: trace 1 (= 1 + 2 cos 90) */
        assert_true(M[0] + M[4] + M[8] == 1);
      }
    }
  { /* Z-up -> Y-up is the inverse of the example: (x, y, z) -> (x, z, -y) */
    spconv_real M[9], want[9] = {1, 0, 0, 0, 0, 1, 0, -1, 0};
    spconv_up_axis_matrix(M, SPCONV_AXIS_Z, SPCONV_AXIS_Y);
    EXPECT_VEC_EQUAL(M, want, 9);
  }
  for (a = 0; a < 3; ++a) { /* gravity along -up, exactly */
    spconv_real g[3], want[3] = {0, 0, 0};
    want[a] = -2;
    assert_int_equal(spconv_gravity(g, (spconv_axis)a, 2), SPCONV_OK);
    EXPECT_VEC_EQUAL(g, want, 3);
  }
}

/* =================================================================== cvel */

static void test_cvel_rigid_field(void **state) {
  int n;
  (void)state;
  test_seed(51);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real cvel[6], p[3], c[3], res[6], back[6], want[6], r[3];
    test_rand_vec(cvel, 6, 10.0);
    test_rand_vec(p, 3, 5.0);
    test_rand_vec(c, 3, 5.0);
    spconv_twist_from_mujoco_cvel(res, cvel, p, c);
    /* v_P = v_C + w x (P - C), written out here */
    r[0] = p[0] - c[0];
    r[1] = p[1] - c[1];
    r[2] = p[2] - c[2];
    want[0] = cvel[3] + cvel[1] * r[2] - cvel[2] * r[1];
    want[1] = cvel[4] + cvel[2] * r[0] - cvel[0] * r[2];
    want[2] = cvel[5] + cvel[0] * r[1] - cvel[1] * r[0];
    want[3] = cvel[0];
    want[4] = cvel[1];
    want[5] = cvel[2];
    EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
    /* the field is rigid: shifting back to C recovers cvel's linear part */
    r[0] = -r[0];
    r[1] = -r[1];
    r[2] = -r[2];
    spconv_twist_shift(back, res, r);
    assert_true(back[3] == cvel[0] && back[4] == cvel[1] && back[5] == cvel[2]);
    {
      spconv_real lin[3] = {cvel[3], cvel[4], cvel[5]};
      EXPECT_VEC_NEAR(back, lin, 3, TEST_TOL);
    }
  }
}

/* ============================================================== aliasing */

/* Calls F out of place, then in place with res equal to input number ARG
   (the other inputs unchanged), and compares. BUF must be large enough. */
static void test_aliasing(void **state) {
  int n;
  (void)state;
  test_seed(61);
  for (n = 0; n < 200; ++n) {
    spconv_real x[6], y[6], r[3], q[4], ip[3], p[3], M[9], buf[36], out[36];
    test_rand_vec(x, 6, 10.0);
    test_rand_vec(y, 6, 10.0);
    test_rand_vec(r, 3, 3.0);
    test_rand_vec(ip, 3, 3.0);
    test_rand_vec(p, 3, 3.0);
    test_rand_quat(q);
    test_mat_of_quat(M, q);

#define ALIAS_CHECK(nres, call_out, call_in, input, nin) \
  do {                                                 \
    memset(buf, 0, sizeof buf);                        \
    memcpy(buf, (input), (nin) * sizeof(spconv_real)); \
    call_out;                                          \
    call_in;                                           \
    EXPECT_VEC_EQUAL(buf, out, (nres));                \
  } while (0)

    /* quaternion order and rotation */
    ALIAS_CHECK(4, spconv_quat_wxyz_from_xyzw(out, q), spconv_quat_wxyz_from_xyzw(buf, buf), q, 4);
    ALIAS_CHECK(4, spconv_quat_xyzw_from_wxyz(out, q), spconv_quat_xyzw_from_wxyz(buf, buf), q, 4);
    ALIAS_CHECK(4, spconv_quat_wxyz_from_xyzw_n(out, q, 1), spconv_quat_wxyz_from_xyzw_n(buf, buf, 1), q, 4);
    ALIAS_CHECK(4, spconv_quat_xyzw_from_wxyz_n(out, q, 1), spconv_quat_xyzw_from_wxyz_n(buf, buf, 1), q, 4);
    ALIAS_CHECK(3, spconv_quat_rotate_wxyz(out, q, r), spconv_quat_rotate_wxyz(buf, q, buf), r, 3);
    ALIAS_CHECK(3, spconv_quat_rotate_wxyz(out, q, r), spconv_quat_rotate_wxyz(buf, buf, r), q, 4);
    ALIAS_CHECK(3, spconv_quat_rotate_xyzw(out, q, r), spconv_quat_rotate_xyzw(buf, q, buf), r, 3);
    ALIAS_CHECK(3, spconv_quat_rotate_xyzw(out, q, r), spconv_quat_rotate_xyzw(buf, buf, r), q, 4);
    ALIAS_CHECK(4, spconv_quat_mul_wxyz(out, q, x), spconv_quat_mul_wxyz(buf, buf, x), q, 4);
    ALIAS_CHECK(4, spconv_quat_mul_wxyz(out, x, q), spconv_quat_mul_wxyz(buf, x, buf), q, 4);
    ALIAS_CHECK(4, spconv_quat_mul_wxyz(out, q, q), spconv_quat_mul_wxyz(buf, buf, buf), q, 4);
    ALIAS_CHECK(4, spconv_quat_conj_wxyz(out, q), spconv_quat_conj_wxyz(buf, buf), q, 4);

    /* spatial vectors */
    ALIAS_CHECK(6, spconv_twist_shift(out, x, r), spconv_twist_shift(buf, buf, r), x, 6);
    ALIAS_CHECK(6, spconv_twist_shift(out, x, r), spconv_twist_shift(buf, x, buf), r, 3);
    ALIAS_CHECK(6, spconv_wrench_shift(out, x, r), spconv_wrench_shift(buf, buf, r), x, 6);
    ALIAS_CHECK(6, spconv_wrench_shift(out, x, r), spconv_wrench_shift(buf, x, buf), r, 3);
    ALIAS_CHECK(6, spconv_spatial_swap(out, x), spconv_spatial_swap(buf, buf), x, 6);
    ALIAS_CHECK(6, spconv_spatial_rotate(out, M, x), spconv_spatial_rotate(buf, M, buf), x, 6);
    ALIAS_CHECK(6, spconv_spatial_rotate(out, M, x), spconv_spatial_rotate(buf, buf, x), M, 9);

    /* MuJoCo free joint: res aliasing the 6-vector, the quaternion, ipos */
#define ALIAS_MJ(fn)                                                              \
  ALIAS_CHECK(6, fn(out, x, q, ip), fn(buf, buf, q, ip), x, 6);                   \
  ALIAS_CHECK(6, fn(out, x, q, ip), fn(buf, x, buf, ip), q, 4);                   \
  ALIAS_CHECK(6, fn(out, x, q, ip), fn(buf, x, q, buf), ip, 3)
    ALIAS_MJ(spconv_twist_from_mujoco_qvel);
    ALIAS_MJ(spconv_mujoco_qvel_from_twist);
    ALIAS_MJ(spconv_mujoco_qfrc_from_wrench);
    ALIAS_MJ(spconv_wrench_from_mujoco_qfrc);
#undef ALIAS_MJ
    ALIAS_CHECK(6, spconv_twist_from_mujoco_cvel(out, x, p, r),
                spconv_twist_from_mujoco_cvel(buf, buf, p, r), x, 6);
    ALIAS_CHECK(6, spconv_twist_from_mujoco_cvel(out, x, p, r),
                spconv_twist_from_mujoco_cvel(buf, x, buf, r), p, 3);
    ALIAS_CHECK(6, spconv_twist_from_mujoco_cvel(out, x, p, r),
                spconv_twist_from_mujoco_cvel(buf, x, p, buf), r, 3);

    /* SAP boundary: res aliasing the 6-vector and r_oc */
#define ALIAS_SAP(fn)                                          \
  ALIAS_CHECK(6, fn(out, x, r), fn(buf, buf, r), x, 6);        \
  ALIAS_CHECK(6, fn(out, x, r), fn(buf, x, buf), r, 3)
    ALIAS_SAP(spconv_sap_twist_from_public);
    ALIAS_SAP(spconv_public_twist_from_sap);
    ALIAS_SAP(spconv_sap_wrench_from_public);
    ALIAS_SAP(spconv_public_wrench_from_sap);
    ALIAS_SAP(spconv_sap_body_force_from_public);
    ALIAS_SAP(spconv_public_body_force_from_sap);
#undef ALIAS_SAP
    ALIAS_CHECK(36, spconv_sap_twist_matrix(out, r), spconv_sap_twist_matrix(buf, buf), r, 3);
    ALIAS_CHECK(36, spconv_sap_wrench_matrix(out, r), spconv_sap_wrench_matrix(buf, buf), r, 3);
#undef ALIAS_CHECK
  }
  { /* the batch reorder in place over many elements */
    enum { N = 33 };
    spconv_real a[4 * N], b[4 * N];
    test_rand_vec(a, 4 * N, 1.0);
    spconv_quat_xyzw_from_wxyz_n(b, a, N);
    spconv_quat_xyzw_from_wxyz_n(a, a, N);
    EXPECT_VEC_EQUAL(a, b, 4 * N);
    spconv_quat_wxyz_from_xyzw_n(b, a, N);
    spconv_quat_wxyz_from_xyzw_n(a, a, N);
    EXPECT_VEC_EQUAL(a, b, 4 * N);
  }
}

/* ====================================== unnormalized quaternions scale nothing */

static void test_quat_scale_invariance(void **state) {
  static const double scales[] = {0.01, 0.1, 0.5, 2.0, 10.0, 100.0};
  int n, s;
  (void)state;
  test_seed(71);
  for (n = 0; n < 1000; ++n) {
    spconv_real q[4], x[6], ip[3], qx[4], ref[6], res[6];
    test_rand_unit_quat(q);
    test_rand_vec(x, 6, 10.0);
    test_rand_vec(ip, 3, 2.0);
    for (s = 0; s < (int)(sizeof scales / sizeof scales[0]); ++s) {
      spconv_real c[4];
      int i;
      for (i = 0; i < 4; ++i) c[i] = (spconv_real)((double)q[i] * scales[s]);
      spconv_quat_rotate_wxyz(ref, q, x);
      spconv_quat_rotate_wxyz(res, c, x);
      EXPECT_VEC_NEAR(res, ref, 3, TEST_TOL);
      spconv_quat_xyzw_from_wxyz(qx, c);
      spconv_quat_rotate_xyzw(res, qx, x);
      EXPECT_VEC_NEAR(res, ref, 3, TEST_TOL);
      spconv_twist_from_mujoco_qvel(ref, x, q, ip);
      spconv_twist_from_mujoco_qvel(res, x, c, ip);
      EXPECT_VEC_NEAR(res, ref, 6, TEST_TOL);
      spconv_mujoco_qvel_from_twist(ref, x, q, ip);
      spconv_mujoco_qvel_from_twist(res, x, c, ip);
      EXPECT_VEC_NEAR(res, ref, 6, TEST_TOL);
      spconv_mujoco_qfrc_from_wrench(ref, x, q, ip);
      spconv_mujoco_qfrc_from_wrench(res, x, c, ip);
      EXPECT_VEC_NEAR(res, ref, 6, TEST_TOL);
      spconv_wrench_from_mujoco_qfrc(ref, x, q, ip);
      spconv_wrench_from_mujoco_qfrc(res, x, c, ip);
      EXPECT_VEC_NEAR(res, ref, 6, TEST_TOL);
    }
  }
  { /* the documented range of |q|: 1e-150 .. 1e150 (double), 1e-18 .. 1e18 (float) */
#ifdef SPCONV_USE_FLOAT
    const double lo = 2e-18, hi = 5e17;
#else
    const double lo = 2e-150, hi = 5e149;
#endif
    spconv_real q[4], v[3] = {1, -2, 3}, ref[3], res[3], c[4];
    int i, e;
    test_seed(72);
    test_rand_unit_quat(q);
    spconv_quat_rotate_wxyz(ref, q, v);
    for (e = 0; e < 2; ++e) {
      for (i = 0; i < 4; ++i) c[i] = (spconv_real)((double)q[i] * (e ? hi : lo));
      spconv_quat_rotate_wxyz(res, c, v);
      EXPECT_VEC_NEAR(res, ref, 3, TEST_TOL);
    }
  }
  { /* the zero quaternion is documented to act as the identity */
    spconv_real zero[4] = {0, 0, 0, 0}, v[3] = {1, -2, 3}, res[3];
    spconv_quat_rotate_wxyz(res, zero, v);
    EXPECT_VEC_EQUAL(res, v, 3);
    spconv_quat_rotate_xyzw(res, zero, v);
    EXPECT_VEC_EQUAL(res, v, 3);
  }
}

/* ========================================================= status codes */

static void test_status(void **state) {
  spconv_real M[9], q[4], g[3], M0[9], q0[4], g0[3];
  int i;
  (void)state;
  for (i = 0; i < 9; ++i) M[i] = M0[i] = (spconv_real)(i + 7);
  for (i = 0; i < 4; ++i) q[i] = q0[i] = (spconv_real)(i + 7);
  for (i = 0; i < 3; ++i) g[i] = g0[i] = (spconv_real)(i + 7);
  /* unknown axis values: SPCONV_EINVAL, res untouched */
  assert_int_equal(spconv_up_axis_matrix(M, (spconv_axis)3, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_up_axis_matrix(M, SPCONV_AXIS_Z, (spconv_axis)-1), SPCONV_EINVAL);
  assert_int_equal(spconv_up_axis_quat_wxyz(q, (spconv_axis)7, SPCONV_AXIS_X), SPCONV_EINVAL);
  assert_int_equal(spconv_up_axis_quat_wxyz(q, SPCONV_AXIS_X, (spconv_axis)3), SPCONV_EINVAL);
  assert_int_equal(spconv_gravity(g, (spconv_axis)3, 9), SPCONV_EINVAL);
  assert_int_equal(spconv_gravity(g, (spconv_axis)-2, 9), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(M, M0, 9);
  EXPECT_VEC_EQUAL(q, q0, 4);
  EXPECT_VEC_EQUAL(g, g0, 3);
  /* every code has its own name; unknown codes say so */
  assert_string_equal(spconv_status_string(SPCONV_OK), "ok");
  assert_string_not_equal(spconv_status_string(SPCONV_EINVAL), spconv_status_string(SPCONV_OK));
  assert_string_not_equal(spconv_status_string(SPCONV_EDEGENERATE),
                          spconv_status_string(SPCONV_EINVAL));
  assert_string_not_equal(spconv_status_string(SPCONV_GIMBAL_LOCK),
                          spconv_status_string(SPCONV_EDEGENERATE));
  assert_string_equal(spconv_status_string(12345), "unknown status");
  assert_true(SPCONV_EINVAL < 0 && SPCONV_EDEGENERATE < 0 && SPCONV_GIMBAL_LOCK > 0);
  /* the version macros agree */
  assert_int_equal(SPCONV_VERSION, SPCONV_VERSION_MAJOR * 10000 + SPCONV_VERSION_MINOR * 100 +
                                       SPCONV_VERSION_PATCH);
  /* the precision is the one this executable was built for */
#ifdef SPCONV_USE_FLOAT
  assert_int_equal(sizeof(spconv_real), sizeof(float));
#else
  assert_int_equal(sizeof(spconv_real), sizeof(double));
#endif
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_known_values),
      cmocka_unit_test(test_scipy_rotate_values),
      cmocka_unit_test(test_known_free_body),
      cmocka_unit_test(test_rotate_vs_rodrigues),
      cmocka_unit_test(test_quat_mul_conj),
      cmocka_unit_test(test_power_shift),
      cmocka_unit_test(test_power_rotate),
      cmocka_unit_test(test_power_sap),
      cmocka_unit_test(test_power_mujoco),
      cmocka_unit_test(test_round_trip_reorder),
      cmocka_unit_test(test_round_trip_shift),
      cmocka_unit_test(test_round_trip_sap),
      cmocka_unit_test(test_round_trip_mujoco),
      cmocka_unit_test(test_round_trip_up_axis),
      cmocka_unit_test(test_sap_matrices),
      cmocka_unit_test(test_up_axis_properties),
      cmocka_unit_test(test_cvel_rigid_field),
      cmocka_unit_test(test_aliasing),
      cmocka_unit_test(test_quat_scale_invariance),
      cmocka_unit_test(test_status),
  };
  int failed = cmocka_run_group_tests_name("spatial_conv core (" TEST_PRECISION ")", tests,
                                           NULL, NULL);
  test_print_summary("spatial_conv core");
  return failed;
}
