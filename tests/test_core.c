/* spatial_conv.h sections: quaternions, axis systems (up axis, gravity), spatial vectors, MuJoCo, SAP. */
/* Known values from outside the header, power invariance, round trips, the
   SAP 6x6 matrices, aliasing, unnormalized quaternions and status codes;
   one cmocka test per function or small family, named after it. Built in
   double and in float from this one source. */
#include "test_util.h"

/* ============================================================ known values */

/* Known values stated in the issue and derived by hand. */

/* Y-up -> Z-up maps (x, y, z) to (x, -z, y); Z-up -> Y-up is its inverse,
   (x, y, z) -> (x, z, -y) */
static void test_up_axis_matrix_known_values(void **state) {
  (void)state;
  {
    spconv_real M[9], p[3] = {1, 2, 3}, res[3], want[3] = {1, -3, 2};
    assert_int_equal(spconv_up_axis_matrix(M, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
    test_mat_vec(res, M, p);
    EXPECT_VEC_EQUAL(res, want, 3);
  }
  {
    spconv_real M[9], want[9] = {1, 0, 0, 0, 0, 1, 0, -1, 0};
    assert_int_equal(spconv_up_axis_matrix(M, SPCONV_AXIS_Z, SPCONV_AXIS_Y), SPCONV_OK);
    EXPECT_VEC_EQUAL(M, want, 9);
  }
}

/* 90 degrees about Z: wxyz (h, 0, 0, h) = xyzw (0, 0, h, h), h = sqrt(1/2) */
static void test_quat_wxyz_xyzw_reorder_known_values(void **state) {
  const spconv_real h = (spconv_real)0.70710678118654752440;
  spconv_real wxyz[4] = {h, 0, 0, h}, xyzw[4] = {0, 0, h, h}, res[4];
  (void)state;
  spconv_quat_xyzw_from_wxyz(res, wxyz);
  EXPECT_VEC_EQUAL(res, xyzw, 4);
  spconv_quat_wxyz_from_xyzw(res, xyzw);
  EXPECT_VEC_EQUAL(res, wxyz, 4);
}

/* right-hand rule: +90 about Z carries +X to +Y, in both storage orders */
static void test_quat_rotate_known_values(void **state) {
  const spconv_real h = (spconv_real)0.70710678118654752440;
  spconv_real wxyz[4] = {h, 0, 0, h}, xyzw[4] = {0, 0, h, h};
  spconv_real ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0}, v[3];
  (void)state;
  spconv_quat_rotate_wxyz(v, wxyz, ex);
  EXPECT_VEC_NEAR(v, ey, 3, TEST_TOL);
  spconv_quat_rotate_xyzw(v, xyzw, ex);
  EXPECT_VEC_NEAR(v, ey, 3, TEST_TOL);
}

/* +90 about Z is the up-axis quaternion X-up -> Y-up (axis X x Y = Z) */
static void test_up_axis_quat_wxyz_known_values(void **state) {
  const spconv_real h = (spconv_real)0.70710678118654752440;
  spconv_real wxyz[4] = {h, 0, 0, h}, res[4];
  (void)state;
  assert_int_equal(spconv_up_axis_quat_wxyz(res, SPCONV_AXIS_X, SPCONV_AXIS_Y), SPCONV_OK);
  EXPECT_VEC_NEAR(res, wxyz, 4, TEST_TOL);
}

static void test_twist_wrench_shift_known_values(void **state) {
  (void)state;
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
}

/* gravity for Y-up is (0, -g, 0), for Z-up (0, 0, -g); along -up, exactly */
static void test_gravity_known_values(void **state) {
  spconv_real g[3], wy[3] = {0, (spconv_real)-9.81, 0}, wz[3] = {0, 0, (spconv_real)-9.81};
  int a;
  (void)state;
  assert_int_equal(spconv_gravity(g, SPCONV_AXIS_Y, (spconv_real)9.81), SPCONV_OK);
  EXPECT_VEC_EQUAL(g, wy, 3);
  assert_int_equal(spconv_gravity(g, SPCONV_AXIS_Z, (spconv_real)9.81), SPCONV_OK);
  EXPECT_VEC_EQUAL(g, wz, 3);
  for (a = 0; a < 3; ++a) {
    spconv_real want[3] = {0, 0, 0};
    want[a] = -2;
    assert_int_equal(spconv_gravity(g, (spconv_axis)a, 2), SPCONV_OK);
    EXPECT_VEC_EQUAL(g, want, 3);
  }
}

/* Values computed with SciPy 1.10.1: Rotation.from_quat(xyzw).apply(v)
   (SciPy normalizes its input, so these quaternions are deliberately not unit). */
static void test_quat_rotate_scipy_values(void **state) {
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

/* Hand-derived MuJoCo free-joint cases. */
static void test_twist_from_mujoco_qvel_known_values(void **state) {
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
}

/* a force f = (0, 0, 1) at a COM that sits at r_W = (0, 1, 0) from the origin
   (body turned +90 about Z, ipos = x): tau_O = r x f = (1, 0, 0) in world,
   = (0, -1, 0) in body axes (world x is body -y). */
static void test_mujoco_qfrc_from_wrench_known_values(void **state) {
  const spconv_real h = (spconv_real)0.70710678118654752440;
  spconv_real quat[4] = {h, 0, 0, h}, ipos[3] = {1, 0, 0};
  spconv_real wrench[6] = {0, 0, 1, 0, 0, 0}, res[6];
  spconv_real want[6] = {0, 0, 1, 0, -1, 0};
  (void)state;
  spconv_mujoco_qfrc_from_wrench(res, wrench, quat, ipos);
  EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
}

/* cvel [w; v] at subtree_com (0, 0, 1), w = z, v = 0: the point (1, 0, 1)
   moves with z x x = y. */
static void test_twist_from_mujoco_cvel_known_values(void **state) {
  spconv_real cvel[6] = {0, 0, 1, 0, 0, 0}, p[3] = {1, 0, 1}, c[3] = {0, 0, 1}, res[6];
  spconv_real want[6] = {0, 1, 0, 0, 0, 1};
  (void)state;
  spconv_twist_from_mujoco_cvel(res, cvel, p, c);
  EXPECT_VEC_EQUAL(res, want, 6);
}

/* SAP: COM at r_oc = x from the origin, spinning about z through the COM:
   the origin, at -x from the COM, moves with w x (-x) = -y. */
static void test_sap_twist_from_public_known_values(void **state) {
  spconv_real r_oc[3] = {1, 0, 0}, u[6] = {0, 0, 0, 0, 0, 1}, res[6];
  spconv_real want[6] = {0, 0, 1, 0, -1, 0};
  (void)state;
  spconv_sap_twist_from_public(res, u, r_oc);
  EXPECT_VEC_EQUAL(res, want, 6);
}

/* SAP: force f = y at the COM (r_oc = x): moment about the origin r x f = z;
   SAP's residual negates it. */
static void test_sap_wrench_body_force_from_public_known_values(void **state) {
  spconv_real r_oc[3] = {1, 0, 0}, g[6] = {0, 1, 0, 0, 0, 0}, res[6];
  spconv_real want[6] = {0, 0, 1, 0, 1, 0}, want_body[6] = {0, 0, -1, 0, -1, 0};
  (void)state;
  spconv_sap_wrench_from_public(res, g, r_oc);
  EXPECT_VEC_EQUAL(res, want, 6);
  spconv_sap_body_force_from_public(res, g, r_oc);
  EXPECT_VEC_EQUAL(res, want_body, 6);
}

/* Rotation of a vector against Rodrigues' formula for q = (cos t/2, sin t/2 k). */
static void test_quat_rotate_vs_rodrigues(void **state) {
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

/* f.v + tau.w is the same before and after shifting both to another point */
static void test_twist_wrench_shift_power(void **state) {
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

/* ... and after rotating both */
static void test_spatial_rotate_power(void **state) {
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

/* The cases of the SAP power tests (seed 23), drawn in one sequence: a
   public wrench g and twist u, r_oc, and SAP vectors gs, us for the way
   back. */
typedef struct core_sap_power_case {
  spconv_real g[6], u[6], r[3], gs[6], us[6];
} core_sap_power_case;

typedef void (*core_sap_power_check)(const core_sap_power_case *c);

static void for_all_sap_power_cases(core_sap_power_check check) {
  int n;
  test_seed(23);
  for (n = 0; n < TEST_CASES; ++n) {
    core_sap_power_case c;
    test_rand_vec(c.g, 6, 10.0);
    test_rand_vec(c.u, 6, 10.0);
    test_rand_vec(c.r, 3, 2.0);
    test_rand_vec(c.gs, 6, 10.0);
    test_rand_vec(c.us, 6, 10.0);
    check(&c);
  }
}

/* both SAP vectors are angular first: their dot is the power */
static void check_sap_twist_wrench_power(const core_sap_power_case *c) {
  spconv_real gs[6], us[6];
  spconv_sap_wrench_from_public(gs, c->g, c->r);
  spconv_sap_twist_from_public(us, c->u, c->r);
  EXPECT_NEAR(spconv_power(gs, us), spconv_power(c->g, c->u), TEST_TOL,
              fmax(test_power_scale(c->g, c->u), test_power_scale(gs, us)));
}

TEST_RUN(test_sap_twist_wrench_from_public_power, for_all_sap_power_cases(check_sap_twist_wrench_power))

/* the body-force residual is -P_f F: its power is the negative */
static void check_sap_body_force_power(const core_sap_power_case *c) {
  spconv_real fs[6], us[6];
  spconv_sap_twist_from_public(us, c->u, c->r);
  spconv_sap_body_force_from_public(fs, c->g, c->r);
  EXPECT_NEAR(spconv_power(fs, us), -(double)spconv_power(c->g, c->u), TEST_TOL,
              fmax(test_power_scale(c->g, c->u), test_power_scale(fs, us)));
}

TEST_RUN(test_sap_body_force_from_public_power, for_all_sap_power_cases(check_sap_body_force_power))

/* and the way back preserves it too */
static void check_public_twist_wrench_power(const core_sap_power_case *c) {
  spconv_real g2[6], u2[6];
  spconv_public_wrench_from_sap(g2, c->gs, c->r);
  spconv_public_twist_from_sap(u2, c->us, c->r);
  EXPECT_NEAR(spconv_power(g2, u2), spconv_power(c->gs, c->us), TEST_TOL,
              fmax(test_power_scale(g2, u2), test_power_scale(c->gs, c->us)));
}

TEST_RUN(test_public_twist_wrench_from_sap_power, for_all_sap_power_cases(check_public_twist_wrench_power))

/* qfrc . qvel == wrench . twist */
static void test_mujoco_qvel_qfrc_power(void **state) {
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

static void test_quat_wxyz_xyzw_reorder_n_round_trip(void **state) {
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

/* a function of the signature (res[6], x[6], r[3]): the shifts and the SAP
   boundary conversions */
typedef void (*core_x_r_fn)(spconv_real *, const spconv_real *, const spconv_real *);

/* f(x, r) then f(., -r) gives x back, for f a twist or a wrench shift */
static void check_shift_round_trip(core_x_r_fn shift) {
  int n;
  test_seed(32);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real x[6], r[3], mr[3], y[6], z[6];
    test_rand_vec(x, 6, 10.0);
    test_rand_vec(r, 3, 5.0);
    mr[0] = -r[0];
    mr[1] = -r[1];
    mr[2] = -r[2];
    shift(y, x, r);
    shift(z, y, mr);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
  }
}

TEST_RUN(test_twist_shift_round_trip, check_shift_round_trip(spconv_twist_shift))

TEST_RUN(test_wrench_shift_round_trip, check_shift_round_trip(spconv_wrench_shift))

static void test_spatial_swap_round_trip(void **state) {
  int n;
  (void)state;
  test_seed(32);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real x[6], r[3], y[6], z[6];
    test_rand_vec(x, 6, 10.0);
    test_rand_vec(r, 3, 5.0); /* unused: the inputs of the shift round trips */
    spconv_spatial_swap(y, x);
    spconv_spatial_swap(z, y);
    EXPECT_VEC_EQUAL(z, x, 6);
  }
}

/* to_sap(to_public(x)) and to_public(to_sap(x)) give x back */
static void check_sap_round_trip(core_x_r_fn to_sap, core_x_r_fn to_public) {
  int n;
  test_seed(33);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real x[6], r[3], y[6], z[6];
    test_rand_vec(x, 6, 10.0);
    test_rand_vec(r, 3, 2.0);
    to_sap(y, x, r);
    to_public(z, y, r);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
    to_public(y, x, r);
    to_sap(z, y, r);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
  }
}

TEST_RUN(test_sap_twist_from_public_round_trip, check_sap_round_trip(spconv_sap_twist_from_public, spconv_public_twist_from_sap))

TEST_RUN(test_sap_wrench_from_public_round_trip, check_sap_round_trip(spconv_sap_wrench_from_public, spconv_public_wrench_from_sap))

TEST_RUN(test_sap_body_force_from_public_round_trip, check_sap_round_trip(spconv_sap_body_force_from_public, spconv_public_body_force_from_sap))

/* to_mj(from_mj(x)) and from_mj(to_mj(x)) give x back (MuJoCo free joint) */
typedef void (*core_mujoco_fn)(spconv_real *, const spconv_real *, const spconv_real *,
                               const spconv_real *);

static void check_mujoco_round_trip(core_mujoco_fn from_mj, core_mujoco_fn to_mj) {
  int n;
  test_seed(34);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real x[6], quat[4], ipos[3], y[6], z[6];
    test_rand_vec(x, 6, 10.0);
    test_rand_vec(ipos, 3, 2.0);
    test_rand_quat(quat);
    from_mj(y, x, quat, ipos);
    to_mj(z, y, quat, ipos);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
    to_mj(y, x, quat, ipos);
    from_mj(z, y, quat, ipos);
    EXPECT_VEC_NEAR(z, x, 6, TEST_TOL);
  }
}

TEST_RUN(test_mujoco_qvel_round_trip, check_mujoco_round_trip(spconv_twist_from_mujoco_qvel, spconv_mujoco_qvel_from_twist))

TEST_RUN(test_mujoco_qfrc_round_trip, check_mujoco_round_trip(spconv_wrench_from_mujoco_qfrc, spconv_mujoco_qfrc_from_wrench))

/* v -> M_ab v -> M_ba M_ab v == v and q_ba q_ab == identity, for every pair. */
static void test_up_axis_matrix_quat_round_trip(void **state) {
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

static void test_sap_twist_wrench_matrix(void **state) {
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
static void test_up_axis_matrix_properties(void **state) {
  int a, b, i, j;
  (void)state;
  for (a = 0; a < 3; ++a)
    for (b = 0; b < 3; ++b) {
      spconv_real M[9], Mt[9], MtM[9];
      assert_int_equal(spconv_up_axis_matrix(M, (spconv_axis)a, (spconv_axis)b), SPCONV_OK);
      for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j) Mt[3 * i + j] = M[3 * j + i];
      test_mat_mul(MtM, Mt, M);
      for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j)
          assert_true(MtM[3 * i + j] == (i == j ? 1 : 0)); /* exact: entries are 0 and +-1 */
      assert_true(test_det3(M) == 1);
      for (i = 0; i < 3; ++i) assert_true(M[3 * i + a] == (i == b ? 1 : 0)); /* column a = e_b */
      if (a != b) { /* a quarter turn: trace 1 (= 1 + 2 cos 90) */
        assert_true(M[0] + M[4] + M[8] == 1);
      }
    }
}

/* =================================================================== cvel */

static void test_twist_from_mujoco_cvel_rigid_field(void **state) {
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

/* Each function called out of place, then with res equal to one input (the
   other inputs unchanged): the same result (EXPECT_ALIAS). The cases (seed
   61) are the same for every family. */
typedef struct core_alias_case {
  spconv_real x[6], y[6], r[3], q[4], ip[3], p[3], M[9];
} core_alias_case;

#define CORE_ALIAS_CASES 200

static void core_alias_draw(core_alias_case *c) {
  test_rand_vec(c->x, 6, 10.0);
  test_rand_vec(c->y, 6, 10.0);
  test_rand_vec(c->r, 3, 3.0);
  test_rand_vec(c->ip, 3, 3.0);
  test_rand_vec(c->p, 3, 3.0);
  test_rand_quat(c->q);
  test_mat_of_quat(c->M, c->q);
}

typedef void (*core_alias_check)(const core_alias_case *c);

static void for_all_core_alias_cases(core_alias_check check) {
  int n;
  test_seed(61);
  for (n = 0; n < CORE_ALIAS_CASES; ++n) {
    core_alias_case c;
    core_alias_draw(&c);
    check(&c);
  }
}

static void check_reorder_aliasing(const core_alias_case *c) {
  EXPECT_ALIAS(4, c->q, 4, spconv_quat_wxyz_from_xyzw(ref_, c->q), spconv_quat_wxyz_from_xyzw(buf_, buf_));
  EXPECT_ALIAS(4, c->q, 4, spconv_quat_xyzw_from_wxyz(ref_, c->q), spconv_quat_xyzw_from_wxyz(buf_, buf_));
  EXPECT_ALIAS(4, c->q, 4, spconv_quat_wxyz_from_xyzw_n(ref_, c->q, 1),
               spconv_quat_wxyz_from_xyzw_n(buf_, buf_, 1));
  EXPECT_ALIAS(4, c->q, 4, spconv_quat_xyzw_from_wxyz_n(ref_, c->q, 1),
               spconv_quat_xyzw_from_wxyz_n(buf_, buf_, 1));
}

static void test_quat_wxyz_xyzw_reorder_aliasing(void **state) {
  (void)state;
  for_all_core_alias_cases(check_reorder_aliasing);
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

static void check_rotate_aliasing(const core_alias_case *c) {
  EXPECT_ALIAS(3, c->r, 3, spconv_quat_rotate_wxyz(ref_, c->q, c->r), spconv_quat_rotate_wxyz(buf_, c->q, buf_));
  EXPECT_ALIAS(3, c->q, 4, spconv_quat_rotate_wxyz(ref_, c->q, c->r), spconv_quat_rotate_wxyz(buf_, buf_, c->r));
  EXPECT_ALIAS(3, c->r, 3, spconv_quat_rotate_xyzw(ref_, c->q, c->r), spconv_quat_rotate_xyzw(buf_, c->q, buf_));
  EXPECT_ALIAS(3, c->q, 4, spconv_quat_rotate_xyzw(ref_, c->q, c->r), spconv_quat_rotate_xyzw(buf_, buf_, c->r));
}

TEST_RUN(test_quat_rotate_aliasing, for_all_core_alias_cases(check_rotate_aliasing))

static void check_mul_conj_aliasing(const core_alias_case *c) {
  EXPECT_ALIAS(4, c->q, 4, spconv_quat_mul_wxyz(ref_, c->q, c->x), spconv_quat_mul_wxyz(buf_, buf_, c->x));
  EXPECT_ALIAS(4, c->q, 4, spconv_quat_mul_wxyz(ref_, c->x, c->q), spconv_quat_mul_wxyz(buf_, c->x, buf_));
  EXPECT_ALIAS(4, c->q, 4, spconv_quat_mul_wxyz(ref_, c->q, c->q), spconv_quat_mul_wxyz(buf_, buf_, buf_));
  EXPECT_ALIAS(4, c->q, 4, spconv_quat_conj_wxyz(ref_, c->q), spconv_quat_conj_wxyz(buf_, buf_));
}

TEST_RUN(test_quat_mul_conj_aliasing, for_all_core_alias_cases(check_mul_conj_aliasing))

/* res aliasing x, then r, for fn(res[6], x[6], r[3]) */
static void expect_x_r_aliasing(core_x_r_fn fn) {
  int n;
  test_seed(61);
  for (n = 0; n < CORE_ALIAS_CASES; ++n) {
    core_alias_case c;
    core_alias_draw(&c);
    EXPECT_ALIAS(6, c.x, 6, fn(ref_, c.x, c.r), fn(buf_, buf_, c.r));
    EXPECT_ALIAS(6, c.r, 3, fn(ref_, c.x, c.r), fn(buf_, c.x, buf_));
  }
}

TEST_RUN(test_twist_shift_aliasing, expect_x_r_aliasing(spconv_twist_shift))

TEST_RUN(test_wrench_shift_aliasing, expect_x_r_aliasing(spconv_wrench_shift))

static void check_swap_rotate_aliasing(const core_alias_case *c) {
  EXPECT_ALIAS(6, c->x, 6, spconv_spatial_swap(ref_, c->x), spconv_spatial_swap(buf_, buf_));
  EXPECT_ALIAS(6, c->x, 6, spconv_spatial_rotate(ref_, c->M, c->x), spconv_spatial_rotate(buf_, c->M, buf_));
  EXPECT_ALIAS(6, c->M, 9, spconv_spatial_rotate(ref_, c->M, c->x), spconv_spatial_rotate(buf_, buf_, c->x));
}

TEST_RUN(test_spatial_swap_rotate_aliasing, for_all_core_alias_cases(check_swap_rotate_aliasing))

/* MuJoCo free joint: res aliasing the 6-vector, the quaternion, ipos */
static void expect_mujoco_aliasing(core_mujoco_fn fn) {
  int n;
  test_seed(61);
  for (n = 0; n < CORE_ALIAS_CASES; ++n) {
    core_alias_case c;
    core_alias_draw(&c);
    EXPECT_ALIAS(6, c.x, 6, fn(ref_, c.x, c.q, c.ip), fn(buf_, buf_, c.q, c.ip));
    EXPECT_ALIAS(6, c.q, 4, fn(ref_, c.x, c.q, c.ip), fn(buf_, c.x, buf_, c.ip));
    EXPECT_ALIAS(6, c.ip, 3, fn(ref_, c.x, c.q, c.ip), fn(buf_, c.x, c.q, buf_));
  }
}

TEST_RUN(test_twist_from_mujoco_qvel_aliasing, expect_mujoco_aliasing(spconv_twist_from_mujoco_qvel))

TEST_RUN(test_mujoco_qvel_from_twist_aliasing, expect_mujoco_aliasing(spconv_mujoco_qvel_from_twist))

TEST_RUN(test_mujoco_qfrc_from_wrench_aliasing, expect_mujoco_aliasing(spconv_mujoco_qfrc_from_wrench))

TEST_RUN(test_wrench_from_mujoco_qfrc_aliasing, expect_mujoco_aliasing(spconv_wrench_from_mujoco_qfrc))

static void check_cvel_aliasing(const core_alias_case *c) {
  EXPECT_ALIAS(6, c->x, 6, spconv_twist_from_mujoco_cvel(ref_, c->x, c->p, c->r),
               spconv_twist_from_mujoco_cvel(buf_, buf_, c->p, c->r));
  EXPECT_ALIAS(6, c->p, 3, spconv_twist_from_mujoco_cvel(ref_, c->x, c->p, c->r),
               spconv_twist_from_mujoco_cvel(buf_, c->x, buf_, c->r));
  EXPECT_ALIAS(6, c->r, 3, spconv_twist_from_mujoco_cvel(ref_, c->x, c->p, c->r),
               spconv_twist_from_mujoco_cvel(buf_, c->x, c->p, buf_));
}

TEST_RUN(test_twist_from_mujoco_cvel_aliasing, for_all_core_alias_cases(check_cvel_aliasing))

/* SAP boundary: res aliasing the 6-vector and r_oc */
TEST_RUN(test_sap_twist_from_public_aliasing, expect_x_r_aliasing(spconv_sap_twist_from_public))

TEST_RUN(test_public_twist_from_sap_aliasing, expect_x_r_aliasing(spconv_public_twist_from_sap))

TEST_RUN(test_sap_wrench_from_public_aliasing, expect_x_r_aliasing(spconv_sap_wrench_from_public))

TEST_RUN(test_public_wrench_from_sap_aliasing, expect_x_r_aliasing(spconv_public_wrench_from_sap))

TEST_RUN(test_sap_body_force_from_public_aliasing, expect_x_r_aliasing(spconv_sap_body_force_from_public))

TEST_RUN(test_public_body_force_from_sap_aliasing, expect_x_r_aliasing(spconv_public_body_force_from_sap))

static void check_sap_matrix_aliasing(const core_alias_case *c) {
  EXPECT_ALIAS(36, c->r, 3, spconv_sap_twist_matrix(ref_, c->r), spconv_sap_twist_matrix(buf_, buf_));
  EXPECT_ALIAS(36, c->r, 3, spconv_sap_wrench_matrix(ref_, c->r), spconv_sap_wrench_matrix(buf_, buf_));
}

TEST_RUN(test_sap_twist_wrench_matrix_aliasing, for_all_core_alias_cases(check_sap_matrix_aliasing))

/* ====================================== unnormalized quaternions scale nothing */

/* The cases (seed 71): 1000 unit quaternions q, each with a 6-vector x and
   ipos, and q scaled by each of core_quat_scales. */
static const double core_quat_scales[] = {0.01, 0.1, 0.5, 2.0, 10.0, 100.0};

typedef void (*core_scale_check)(const spconv_real q[4], const spconv_real c[4],
                                 const spconv_real x[6], const spconv_real ip[3]);

static void for_all_scaled_quats(core_scale_check check) {
  int n, s, i;
  test_seed(71);
  for (n = 0; n < 1000; ++n) {
    spconv_real q[4], x[6], ip[3];
    test_rand_unit_quat(q);
    test_rand_vec(x, 6, 10.0);
    test_rand_vec(ip, 3, 2.0);
    for (s = 0; s < (int)(sizeof core_quat_scales / sizeof core_quat_scales[0]); ++s) {
      spconv_real c[4];
      for (i = 0; i < 4; ++i) c[i] = (spconv_real)((double)q[i] * core_quat_scales[s]);
      check(q, c, x, ip);
    }
  }
}

static void check_rotate_scale(const spconv_real q[4], const spconv_real c[4],
                               const spconv_real x[6], const spconv_real ip[3]) {
  spconv_real qx[4], ref[3], res[3];
  (void)ip;
  spconv_quat_rotate_wxyz(ref, q, x);
  spconv_quat_rotate_wxyz(res, c, x);
  EXPECT_VEC_NEAR(res, ref, 3, TEST_TOL);
  spconv_quat_xyzw_from_wxyz(qx, c);
  spconv_quat_rotate_xyzw(res, qx, x);
  EXPECT_VEC_NEAR(res, ref, 3, TEST_TOL);
}

static void test_quat_rotate_scale_invariance(void **state) {
  (void)state;
  for_all_scaled_quats(check_rotate_scale);
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

static void check_mujoco_scale(const spconv_real q[4], const spconv_real c[4],
                               const spconv_real x[6], const spconv_real ip[3]) {
  spconv_real ref[6], res[6];
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

TEST_RUN(test_mujoco_qvel_qfrc_scale_invariance, for_all_scaled_quats(check_mujoco_scale))

/* ========================================================= status codes */

/* unknown axis values: SPCONV_EINVAL, res untouched */
static void test_up_axis_matrix_quat_gravity_einval(void **state) {
  spconv_real M[9], q[4], g[3], M0[9], q0[4], g0[3];
  int i;
  (void)state;
  for (i = 0; i < 9; ++i) M[i] = M0[i] = (spconv_real)(i + 7);
  for (i = 0; i < 4; ++i) q[i] = q0[i] = (spconv_real)(i + 7);
  for (i = 0; i < 3; ++i) g[i] = g0[i] = (spconv_real)(i + 7);
  assert_int_equal(spconv_up_axis_matrix(M, (spconv_axis)3, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_up_axis_matrix(M, SPCONV_AXIS_Z, (spconv_axis)-1), SPCONV_EINVAL);
  assert_int_equal(spconv_up_axis_quat_wxyz(q, (spconv_axis)7, SPCONV_AXIS_X), SPCONV_EINVAL);
  assert_int_equal(spconv_up_axis_quat_wxyz(q, SPCONV_AXIS_X, (spconv_axis)3), SPCONV_EINVAL);
  assert_int_equal(spconv_gravity(g, (spconv_axis)3, 9), SPCONV_EINVAL);
  assert_int_equal(spconv_gravity(g, (spconv_axis)-2, 9), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(M, M0, 9);
  EXPECT_VEC_EQUAL(q, q0, 4);
  EXPECT_VEC_EQUAL(g, g0, 3);
}

/* every code has its own name; unknown codes say so */
static void test_status_string(void **state) {
  (void)state;
  assert_string_equal(spconv_status_string(SPCONV_OK), "ok");
  assert_string_not_equal(spconv_status_string(SPCONV_EINVAL), spconv_status_string(SPCONV_OK));
  assert_string_not_equal(spconv_status_string(SPCONV_EDEGENERATE),
                          spconv_status_string(SPCONV_EINVAL));
  assert_string_not_equal(spconv_status_string(SPCONV_GIMBAL_LOCK),
                          spconv_status_string(SPCONV_EDEGENERATE));
  assert_string_equal(spconv_status_string(12345), "unknown status");
  assert_true(SPCONV_EINVAL < 0 && SPCONV_EDEGENERATE < 0 && SPCONV_GIMBAL_LOCK > 0);
}

/* SPCONV_VERSION agrees with its parts; spconv_real is this build's precision */
static void test_version_macros_and_precision(void **state) {
  (void)state;
  assert_int_equal(SPCONV_VERSION, SPCONV_VERSION_MAJOR * 10000 + SPCONV_VERSION_MINOR * 100 +
                                       SPCONV_VERSION_PATCH);
#ifdef SPCONV_USE_FLOAT
  assert_int_equal(sizeof(spconv_real), sizeof(float));
#else
  assert_int_equal(sizeof(spconv_real), sizeof(double));
#endif
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_up_axis_matrix_known_values),
      cmocka_unit_test(test_quat_wxyz_xyzw_reorder_known_values),
      cmocka_unit_test(test_quat_rotate_known_values),
      cmocka_unit_test(test_up_axis_quat_wxyz_known_values),
      cmocka_unit_test(test_twist_wrench_shift_known_values),
      cmocka_unit_test(test_gravity_known_values),
      cmocka_unit_test(test_quat_rotate_scipy_values),
      cmocka_unit_test(test_twist_from_mujoco_qvel_known_values),
      cmocka_unit_test(test_mujoco_qfrc_from_wrench_known_values),
      cmocka_unit_test(test_twist_from_mujoco_cvel_known_values),
      cmocka_unit_test(test_sap_twist_from_public_known_values),
      cmocka_unit_test(test_sap_wrench_body_force_from_public_known_values),
      cmocka_unit_test(test_quat_rotate_vs_rodrigues),
      cmocka_unit_test(test_quat_mul_conj),
      cmocka_unit_test(test_twist_wrench_shift_power),
      cmocka_unit_test(test_spatial_rotate_power),
      cmocka_unit_test(test_sap_twist_wrench_from_public_power),
      cmocka_unit_test(test_sap_body_force_from_public_power),
      cmocka_unit_test(test_public_twist_wrench_from_sap_power),
      cmocka_unit_test(test_mujoco_qvel_qfrc_power),
      cmocka_unit_test(test_quat_wxyz_xyzw_reorder_n_round_trip),
      cmocka_unit_test(test_twist_shift_round_trip),
      cmocka_unit_test(test_wrench_shift_round_trip),
      cmocka_unit_test(test_spatial_swap_round_trip),
      cmocka_unit_test(test_sap_twist_from_public_round_trip),
      cmocka_unit_test(test_sap_wrench_from_public_round_trip),
      cmocka_unit_test(test_sap_body_force_from_public_round_trip),
      cmocka_unit_test(test_mujoco_qvel_round_trip),
      cmocka_unit_test(test_mujoco_qfrc_round_trip),
      cmocka_unit_test(test_up_axis_matrix_quat_round_trip),
      cmocka_unit_test(test_sap_twist_wrench_matrix),
      cmocka_unit_test(test_up_axis_matrix_properties),
      cmocka_unit_test(test_twist_from_mujoco_cvel_rigid_field),
      cmocka_unit_test(test_quat_wxyz_xyzw_reorder_aliasing),
      cmocka_unit_test(test_quat_rotate_aliasing),
      cmocka_unit_test(test_quat_mul_conj_aliasing),
      cmocka_unit_test(test_twist_shift_aliasing),
      cmocka_unit_test(test_wrench_shift_aliasing),
      cmocka_unit_test(test_spatial_swap_rotate_aliasing),
      cmocka_unit_test(test_twist_from_mujoco_qvel_aliasing),
      cmocka_unit_test(test_mujoco_qvel_from_twist_aliasing),
      cmocka_unit_test(test_mujoco_qfrc_from_wrench_aliasing),
      cmocka_unit_test(test_wrench_from_mujoco_qfrc_aliasing),
      cmocka_unit_test(test_twist_from_mujoco_cvel_aliasing),
      cmocka_unit_test(test_sap_twist_from_public_aliasing),
      cmocka_unit_test(test_public_twist_from_sap_aliasing),
      cmocka_unit_test(test_sap_wrench_from_public_aliasing),
      cmocka_unit_test(test_public_wrench_from_sap_aliasing),
      cmocka_unit_test(test_sap_body_force_from_public_aliasing),
      cmocka_unit_test(test_public_body_force_from_sap_aliasing),
      cmocka_unit_test(test_sap_twist_wrench_matrix_aliasing),
      cmocka_unit_test(test_quat_rotate_scale_invariance),
      cmocka_unit_test(test_mujoco_qvel_qfrc_scale_invariance),
      cmocka_unit_test(test_up_axis_matrix_quat_gravity_einval),
      cmocka_unit_test(test_status_string),
      cmocka_unit_test(test_version_macros_and_precision),
  };
  int failed = cmocka_run_group_tests_name("spatial_conv core (" TEST_PRECISION ")", tests,
                                           NULL, NULL);
  test_print_summary("spatial_conv core");
  return failed;
}
