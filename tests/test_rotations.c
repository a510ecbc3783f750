/* spatial_conv rotation tests: quaternion algebra, matrices, axis-angle and
   rotation vectors, the 24 Euler conventions and their parsers, 6D
   representations, angular velocity, units. Known values come from SciPy
   1.10.1 (quoted with the call that produced them), textbook rotations and
   hand derivations written next to them; properties are checked over
   TEST_CASES seeded random inputs; every input of every function is tested
   in place (res aliasing it); bad input returns its status and leaves res
   untouched. Built in double and in float from this one source. */
#include "test_util.h"

#define PI 3.14159265358979323846
#define R_(x) ((spconv_real)(x))

static const spconv_euler_seq all_seqs[12] = {
    SPCONV_EULER_XYZ, SPCONV_EULER_XZY, SPCONV_EULER_YXZ, SPCONV_EULER_YZX,
    SPCONV_EULER_ZXY, SPCONV_EULER_ZYX, SPCONV_EULER_XYX, SPCONV_EULER_XZX,
    SPCONV_EULER_YXY, SPCONV_EULER_YZY, SPCONV_EULER_ZXZ, SPCONV_EULER_ZYZ};
static const char *const seq_names[12] = {"XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX",
                                          "XYX", "XZX", "YXY", "YZY", "ZXZ", "ZYZ"};

/* ---------------------------------------------------------------- helpers */

static int is_proper(int s) { return s >= 6; }

/* axis index of letter n of sequence s */
static int seq_axis(int s, int n) { return seq_names[s][n] - 'X'; }

/* C = A B, row-major 3x3, in double */
static void mat_mul_d(double C[9], const double A[9], const double B[9]) {
  int i, j, k;
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) {
      double s = 0;
      for (k = 0; k < 3; ++k) s += A[3 * i + k] * B[3 * k + j];
      C[3 * i + j] = s;
    }
}

/* Rodrigues' rotation matrix about unit axis k by t, in double */
static void rodrigues_d(double R[9], const double k[3], double t) {
  double c = cos(t), s = sin(t), v = 1 - c;
  R[0] = c + k[0] * k[0] * v;
  R[1] = k[0] * k[1] * v - k[2] * s;
  R[2] = k[0] * k[2] * v + k[1] * s;
  R[3] = k[1] * k[0] * v + k[2] * s;
  R[4] = c + k[1] * k[1] * v;
  R[5] = k[1] * k[2] * v - k[0] * s;
  R[6] = k[2] * k[0] * v - k[1] * s;
  R[7] = k[2] * k[1] * v + k[0] * s;
  R[8] = c + k[2] * k[2] * v;
}

/* The meaning of Euler angles, from their definition rather than a product
   formula: start from the identity; extrinsic turns about the fixed world
   axis e_n, intrinsic about the body's current axis R e_n (world-frame
   composition R <- Rot(axis, angle) R in both cases). */
static void euler_by_definition(spconv_real res[9], const spconv_real ang[3], int s,
                                spconv_euler_kind kind) {
  double R[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, T[9], M[9];
  int n, i;
  for (n = 0; n < 3; ++n) {
    int a = seq_axis(s, n);
    double axis[3];
    for (i = 0; i < 3; ++i)
      axis[i] = kind == SPCONV_EULER_EXTRINSIC ? (i == a ? 1.0 : 0.0) : R[3 * i + a];
    rodrigues_d(T, axis, (double)ang[n]);
    mat_mul_d(M, T, R);
    memcpy(R, M, sizeof R);
  }
  for (i = 0; i < 9; ++i) res[i] = (spconv_real)R[i];
}

/* two quaternions are the same rotation: their matrices (built by the
   foundation's spconv_quat_rotate_wxyz) agree */
#define EXPECT_SAME_ROT(qa, qb, tol)       \
  do {                                     \
    spconv_real ma_[9], mb_[9];            \
    test_mat_of_quat(ma_, (qa));           \
    test_mat_of_quat(mb_, (qb));           \
    EXPECT_VEC_NEAR(ma_, mb_, 9, (tol));   \
  } while (0)

/* angle differences wrapped to [-pi, pi] */
static void wrap_diff(spconv_real d[3], const spconv_real a[3], const spconv_real b[3]) {
  int i;
  for (i = 0; i < 3; ++i) {
    double x = fmod((double)a[i] - (double)b[i], 2 * PI);
    if (x > PI) x -= 2 * PI;
    if (x < -PI) x += 2 * PI;
    d[i] = (spconv_real)x;
  }
}
#define EXPECT_ANGLES_NEAR(a, b, tol)                 \
  do {                                                \
    spconv_real d_[3], z_[3] = {0, 0, 0};             \
    wrap_diff(d_, (a), (b));                          \
    EXPECT_VEC_NEAR(d_, z_, 3, (tol));                \
  } while (0)

static double dot4(const spconv_real a[4], const spconv_real b[4]) {
  return (double)a[0] * (double)b[0] + (double)a[1] * (double)b[1] +
         (double)a[2] * (double)b[2] + (double)a[3] * (double)b[3];
}

static double norm_n(const spconv_real *v, int n) {
  double s = 0;
  int i;
  for (i = 0; i < n; ++i) s += (double)v[i] * (double)v[i];
  return sqrt(s);
}

/* random Euler angles in SciPy's ranges, the middle angle at least `margin`
   from gimbal lock (angles are compared only where they are well-conditioned) */
static void rand_euler(spconv_real ang[3], int s, double margin) {
  ang[0] = (spconv_real)test_uniform(-PI + 1e-6, PI);
  ang[2] = (spconv_real)test_uniform(-PI + 1e-6, PI);
  ang[1] = is_proper(s) ? (spconv_real)test_uniform(margin, PI - margin)
                        : (spconv_real)test_uniform(-PI / 2 + margin, PI / 2 - margin);
}

static void mat_orthonormality_error(double *err, double *det, const spconv_real R[9]) {
  int i, j;
  *err = 0;
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) {
      double d = (double)R[3 * i] * (double)R[3 * j] + (double)R[3 * i + 1] * (double)R[3 * j + 1] +
                 (double)R[3 * i + 2] * (double)R[3 * j + 2] - (i == j ? 1.0 : 0.0);
      *err = fmax(*err, fabs(d));
    }
  *det = (double)R[0] * ((double)R[4] * (double)R[8] - (double)R[5] * (double)R[7]) -
         (double)R[1] * ((double)R[3] * (double)R[8] - (double)R[5] * (double)R[6]) +
         (double)R[2] * ((double)R[3] * (double)R[7] - (double)R[4] * (double)R[6]);
}

/* ============================================================ known values */

/* Textbook rotations: 90 degrees about z, 180 about x and about (1, 1, 0),
   120 degrees about (1, 1, 1) (the cyclic permutation x -> y -> z -> x). */
static void test_known_rotations(void **state) {
  const spconv_real h = R_(0.70710678118654752440);
  (void)state;
  { /* 90 about z: q = (h, 0, 0, h), R = [[0,-1,0],[1,0,0],[0,0,1]], rv = (0, 0, pi/2) */
    spconv_real q[4] = {h, 0, 0, h}, Rw[9] = {0, -1, 0, 1, 0, 0, 0, 0, 1}, R[9], res[4];
    spconv_real rv[3], rvw[3] = {0, 0, R_(PI / 2)}, axis[3] = {0}, angle = 0, zw[3] = {0, 0, 1};
    spconv_mat_from_quat_wxyz(R, q);
    EXPECT_VEC_NEAR(R, Rw, 9, TEST_TOL);
    assert_int_equal(spconv_quat_wxyz_from_mat(res, Rw), SPCONV_OK);
    EXPECT_VEC_NEAR(res, q, 4, TEST_TOL);
    spconv_rotvec_from_quat_wxyz(rv, q);
    EXPECT_VEC_NEAR(rv, rvw, 3, TEST_TOL);
    spconv_quat_wxyz_from_rotvec(res, rvw);
    EXPECT_VEC_NEAR(res, q, 4, TEST_TOL);
    assert_int_equal(spconv_axis_angle_from_quat_wxyz(axis, &angle, q), SPCONV_OK);
    EXPECT_VEC_NEAR(axis, zw, 3, TEST_TOL);
    EXPECT_NEAR(angle, PI / 2, TEST_TOL, 1);
    spconv_quat_wxyz_from_axis_angle(res, zw, R_(PI / 2));
    EXPECT_VEC_NEAR(res, q, 4, TEST_TOL);
  }
  { /* 180 about x: R = diag(1, -1, -1), q = (0, 1, 0, 0) (exactly: 4x^2 = 4 wins) */
    spconv_real R[9] = {1, 0, 0, 0, -1, 0, 0, 0, -1}, q[4], want[4] = {0, 1, 0, 0};
    spconv_real rv[3], rvw[3] = {R_(PI), 0, 0};
    assert_int_equal(spconv_quat_wxyz_from_mat(q, R), SPCONV_OK);
    EXPECT_VEC_EQUAL(q, want, 4);
    spconv_rotvec_from_quat_wxyz(rv, q);
    EXPECT_VEC_NEAR(rv, rvw, 3, TEST_TOL);
    /* the same rotation stored as (0, -1, 0, 0) has the same canonical rotvec */
    q[1] = -1;
    spconv_rotvec_from_quat_wxyz(rv, q);
    EXPECT_VEC_NEAR(rv, rvw, 3, TEST_TOL);
  }
  { /* 180 about n = (1, 1, 0)/sqrt 2: R = 2 n n^T - I = [[0,1,0],[1,0,0],[0,0,-1]],
       q = (0, h, h, 0) */
    spconv_real R[9] = {0, 1, 0, 1, 0, 0, 0, 0, -1}, q[4], want[4] = {0, h, h, 0}, M[9];
    assert_int_equal(spconv_quat_wxyz_from_mat(q, R), SPCONV_OK);
    EXPECT_VEC_NEAR(q, want, 4, TEST_TOL);
    spconv_mat_from_quat_wxyz(M, want);
    EXPECT_VEC_NEAR(M, R, 9, TEST_TOL);
  }
  { /* 120 about (1,1,1)/sqrt 3 maps x -> y -> z -> x: columns e_y, e_z, e_x,
       q = (cos 60, sin 60 / sqrt 3 (1,1,1)) = (1/2, 1/2, 1/2, 1/2) */
    spconv_real R[9] = {0, 0, 1, 1, 0, 0, 0, 1, 0}, q[4], want[4] = {R_(0.5), R_(0.5), R_(0.5), R_(0.5)};
    spconv_real axis[3] = {1, 1, 1}, res[4];
    assert_int_equal(spconv_quat_wxyz_from_mat(q, R), SPCONV_OK);
    EXPECT_VEC_NEAR(q, want, 4, TEST_TOL);
    spconv_quat_wxyz_from_axis_angle(res, axis, R_(2 * PI / 3)); /* axis not unit */
    EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
  }
  { /* identity: rotvec 0, axis-angle (1, 0, 0), 0 */
    spconv_real q[4] = {3, 0, 0, 0}, rv[3], z[3] = {0, 0, 0}, axis[3] = {0}, angle = 1, ex[3] = {1, 0, 0};
    spconv_rotvec_from_quat_wxyz(rv, q);
    EXPECT_VEC_EQUAL(rv, z, 3);
    assert_int_equal(spconv_axis_angle_from_quat_wxyz(axis, &angle, q), SPCONV_OK);
    EXPECT_VEC_EQUAL(axis, ex, 3);
    assert_true(angle == 0);
  }
}

/* Values computed with SciPy 1.10.1. q1 = Rotation.from_quat([0.1, -0.7, 0.3, 0.6])
   (xyzw, not unit: SciPy normalizes) and its as_euler(seq) for several seqs. */
static void test_scipy_values(void **state) {
  spconv_real q1_xyzw[4] = {R_(0.1), R_(-0.7), R_(0.3), R_(0.6)}, q1[4], e[3], rv[3], q[4];
  struct { const char *seq; double want[3]; } cases[] = {
      {"XYZ", {1.6631256615264955, -0.963252545234587, 1.9684243183170258}},
      {"xyz", {-1.7359450042095235, -1.244913369573858, 2.332942867381882}},
      {"ZYX", {2.332942867381882, -1.244913369573858, -1.7359450042095235}},
      {"zyx", {1.9684243183170258, -0.963252545234587, 1.6631256615264955}},
      {"ZXZ", {-0.9652516631899266, 1.6234522350564664, 1.8925468811915387}},
      {"zxz", {1.8925468811915387, 1.6234522350564664, -0.9652516631899266}},
      {"YXY", {-2.1112158270654806, 0.6608452958229668, 0.3868757177310281}},
      {"xzy", {0.6240230529767565, 0.23370043882487224, -1.8000282600718922}},
  };
  size_t c;
  (void)state;
  spconv_quat_wxyz_from_xyzw(q1, q1_xyzw);
  for (c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
    spconv_euler_seq seq = SPCONV_EULER_XYZ;
    spconv_euler_kind kind = SPCONV_EULER_INTRINSIC;
    spconv_real want[3];
    int i;
    for (i = 0; i < 3; ++i) want[i] = (spconv_real)cases[c].want[i];
    assert_int_equal(spconv_euler_seq_from_scipy(&seq, &kind, cases[c].seq), SPCONV_OK);
    assert_int_equal(spconv_euler_from_quat_wxyz(e, q1, seq, kind), SPCONV_OK);
    EXPECT_VEC_NEAR(e, want, 3, TEST_TOL);
  }
  { /* as_rotvec() of q1 */
    spconv_real want[3] = {R_(0.23633601902894294), R_(-1.6543521332026005), R_(0.7090080570868288)};
    spconv_rotvec_from_quat_wxyz(rv, q1);
    EXPECT_VEC_NEAR(rv, want, 3, TEST_TOL);
  }
  { /* from_euler("XYZ", [0.3, -0.7, 1.1]).as_quat() (xyzw): also MuJoCo's body_quat
       for euler="0.3 -0.7 1.1" under eulerseq="xyz" (radians) */
    spconv_real a[3] = {R_(0.3), R_(-0.7), R_(1.1)};
    spconv_real want[4] = {R_(0.8186292656554958), R_(-0.057539988180335414),
                           R_(-0.36242009435522565), R_(0.4417996722272436)};
    assert_int_equal(spconv_quat_wxyz_from_euler(q, a, SPCONV_EULER_XYZ, SPCONV_EULER_INTRINSIC), SPCONV_OK);
    EXPECT_VEC_NEAR(q, want, 4, TEST_TOL);
  }
  { /* from_euler("zyz", [2.5, 1.2, -3.0]).as_quat() (xyzw) */
    spconv_real a[3] = {R_(2.5), R_(1.2), R_(-3.0)};
    spconv_real want[4] = {R_(0.7996779293661805), R_(0.21550200655083152),
                           R_(-0.5219003812359487), R_(-0.20419129884242074)};
    assert_int_equal(spconv_quat_wxyz_from_euler(q, a, SPCONV_EULER_ZYZ, SPCONV_EULER_EXTRINSIC), SPCONV_OK);
    EXPECT_VEC_NEAR(q, want, 4, TEST_TOL);
  }
  { /* from_rotvec([0.2, -1.4, 2.0]).as_quat() (xyzw) */
    spconv_real v[3] = {R_(0.2), R_(-1.4), R_(2.0)};
    spconv_real want[4] = {R_(0.33918598898694735), R_(0.07680941196124977),
                           R_(-0.5376658837287484), R_(0.7680941196124976)};
    spconv_quat_wxyz_from_rotvec(q, v);
    EXPECT_VEC_NEAR(q, want, 4, TEST_TOL);
  }
  { /* gimbal lock: from_euler("XYZ", [0.3, pi/2, 0.5]).as_euler("XYZ") warns and gives
       [0.8, pi/2, 0] (R_x(a) R_y(pi/2) R_z(c) depends on a + c only);
       "xyz": [-0.2, pi/2, 0] (R_z(c) R_y(pi/2) R_x(a) depends on a - c);
       from_euler("ZXZ", [0.3, pi, 0.5]).as_euler("ZXZ"): [-0.2, pi, 0] */
    spconv_real a[3] = {R_(0.3), R_(PI / 2), R_(0.5)}, ap[3] = {R_(0.3), R_(PI), R_(0.5)};
    spconv_real w1[3] = {R_(0.8), R_(PI / 2), 0}, w2[3] = {R_(-0.2), R_(PI / 2), 0};
    spconv_real w3[3] = {R_(-0.2), R_(PI), 0};
    assert_int_equal(spconv_quat_wxyz_from_euler(q, a, SPCONV_EULER_XYZ, SPCONV_EULER_INTRINSIC), SPCONV_OK);
    assert_int_equal(spconv_euler_from_quat_wxyz(e, q, SPCONV_EULER_XYZ, SPCONV_EULER_INTRINSIC),
                     SPCONV_GIMBAL_LOCK);
    EXPECT_VEC_NEAR(e, w1, 3, TEST_TOL);
    assert_true(e[2] == 0);
    assert_int_equal(spconv_quat_wxyz_from_euler(q, a, SPCONV_EULER_XYZ, SPCONV_EULER_EXTRINSIC), SPCONV_OK);
    assert_int_equal(spconv_euler_from_quat_wxyz(e, q, SPCONV_EULER_XYZ, SPCONV_EULER_EXTRINSIC),
                     SPCONV_GIMBAL_LOCK);
    EXPECT_VEC_NEAR(e, w2, 3, TEST_TOL);
    assert_true(e[2] == 0);
    assert_int_equal(spconv_quat_wxyz_from_euler(q, ap, SPCONV_EULER_ZXZ, SPCONV_EULER_INTRINSIC), SPCONV_OK);
    assert_int_equal(spconv_euler_from_quat_wxyz(e, q, SPCONV_EULER_ZXZ, SPCONV_EULER_INTRINSIC),
                     SPCONV_GIMBAL_LOCK);
    EXPECT_VEC_NEAR(e, w3, 3, TEST_TOL);
  }
}

/* Named conventions: URDF / ROS rpy, Isaac Lab's quat_from_euler_xyz, Drake's
   RollPitchYaw are all R = Rz(yaw) Ry(pitch) Rx(roll). Isaac Lab publishes
   its formula (isaaclab.utils.math.quat_from_euler_xyz), with half angles
   cr = cos(roll / 2), sr = sin(roll / 2) and so on:
     w = cy cr cp + sy sr sp,  x = cy sr cp - sy cr sp,
     y = cy cr sp + sy sr cp,  z = sy cr cp - cy sr sp. */
static void test_named_conventions(void **state) {
  int n;
  (void)state;
  { /* rpy (0, 0, pi/2) is +90 about z: x -> y; rpy (pi/2, 0, 0) is +90 about x: y -> z */
    const spconv_real h = R_(0.70710678118654752440);
    spconv_real yaw[3] = {0, 0, R_(PI / 2)}, roll[3] = {R_(PI / 2), 0, 0}, q[4];
    spconv_real qz[4] = {h, 0, 0, h}, qx[4] = {h, h, 0, 0};
    spconv_quat_wxyz_from_urdf_rpy(q, yaw);
    EXPECT_VEC_NEAR(q, qz, 4, TEST_TOL);
    spconv_quat_wxyz_from_urdf_rpy(q, roll);
    EXPECT_VEC_NEAR(q, qx, 4, TEST_TOL);
  }
  test_seed(301);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real rpy[3], q[4], qi[4], qd[4], want[4], R[9], Rdef[9], back[3] = {0}, qr[4];
    double r, p, y, cr, sr, cp, sp, cy, sy;
    rand_euler(rpy, 0, 1e-3);
    r = (double)rpy[0];
    p = (double)rpy[1];
    y = (double)rpy[2];
    cr = cos(r / 2); sr = sin(r / 2); cp = cos(p / 2); sp = sin(p / 2);
    cy = cos(y / 2); sy = sin(y / 2);
    want[0] = (spconv_real)(cy * cr * cp + sy * sr * sp);
    want[1] = (spconv_real)(cy * sr * cp - sy * cr * sp);
    want[2] = (spconv_real)(cy * cr * sp + sy * sr * cp);
    want[3] = (spconv_real)(sy * cr * cp - cy * sr * sp);
    spconv_quat_wxyz_from_urdf_rpy(q, rpy);
    spconv_quat_wxyz_from_isaaclab_euler_xyz(qi, rpy[0], rpy[1], rpy[2]);
    spconv_quat_wxyz_from_drake_rpy(qd, rpy);
    EXPECT_VEC_NEAR(qi, want, 4, TEST_TOL);
    EXPECT_VEC_NEAR(q, want, 4, TEST_TOL);
    EXPECT_VEC_NEAR(qd, want, 4, TEST_TOL);
    /* fixed axes x, then y, then z */
    euler_by_definition(Rdef, rpy, 0, SPCONV_EULER_EXTRINSIC);
    spconv_mat_from_quat_wxyz(R, q);
    EXPECT_VEC_NEAR(R, Rdef, 9, TEST_TOL);
    /* and back: pitch in [-pi/2, pi/2] */
    assert_int_equal(spconv_urdf_rpy_from_quat_wxyz(back, q), SPCONV_OK);
    EXPECT_ANGLES_NEAR(back, rpy, TEST_TOL * 10);
    spconv_quat_wxyz_from_urdf_rpy(qr, back);
    EXPECT_SAME_ROT(qr, q, TEST_TOL);
  }
}

/* ======================================================== quaternion algebra */

static void test_quat_algebra(void **state) {
  int n;
  (void)state;
  { /* canonical sign: SciPy's rule */
    spconv_real a[4] = {-1, 2, -3, 4}, wa[4] = {1, -2, 3, -4};
    spconv_real b[4] = {0, 0, -1, 2}, wb[4] = {0, 0, 1, -2};
    spconv_real c[4] = {0, R_(-0.0), 0, -1}, wc[4] = {0, 0, 0, 1};
    spconv_real d[4] = {0, 3, -1, 0}, wd[4] = {0, 3, -1, 0};
    spconv_real z[4] = {0, 0, 0, 0}, res[4];
    spconv_quat_canonical_wxyz(res, a);
    EXPECT_VEC_EQUAL(res, wa, 4);
    spconv_quat_canonical_wxyz(res, b);
    EXPECT_VEC_EQUAL(res, wb, 4);
    spconv_quat_canonical_wxyz(res, c);
    EXPECT_VEC_EQUAL(res, wc, 4);
    spconv_quat_canonical_wxyz(res, d);
    EXPECT_VEC_EQUAL(res, wd, 4);
    spconv_quat_canonical_wxyz(res, z);
    EXPECT_VEC_EQUAL(res, z, 4);
  }
  { /* slerp halfway from identity to 90 about z is 45 about z; the shortest
       path is taken when b is stored with w < 0 */
    spconv_real a[4] = {1, 0, 0, 0}, b[4] = {R_(-0.70710678118654752440), 0, 0,
                                             R_(-0.70710678118654752440)};
    spconv_real want[4] = {R_(cos(PI / 8)), 0, 0, R_(sin(PI / 8))}, res[4];
    spconv_quat_slerp_wxyz(res, a, b, R_(0.5));
    EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
    EXPECT_NEAR(spconv_quat_angle_wxyz(a, b), PI / 2, TEST_TOL, 1);
  }
  test_seed(302);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real a[4], b[4], inv[4], prod[4], one[4] = {1, 0, 0, 0}, u[4] = {0}, c[4], res[4];
    spconv_real rv[3], r[4], ac[4], mid[4], k[3];
    double t = test_uniform(-0.5, 1.5), ang, th;
    int i;
    test_rand_quat(a);
    test_rand_quat(b);
    /* inverse of a non-unit quaternion */
    spconv_quat_inv_wxyz(inv, a);
    spconv_quat_mul_wxyz(prod, a, inv);
    EXPECT_VEC_NEAR(prod, one, 4, TEST_TOL);
    spconv_quat_mul_wxyz(prod, inv, a);
    EXPECT_VEC_NEAR(prod, one, 4, TEST_TOL);
    /* normalize: unit, same direction */
    assert_int_equal(spconv_quat_normalize_wxyz(u, a), SPCONV_OK);
    EXPECT_NEAR(norm_n(u, 4), 1, TEST_TOL, 1);
    for (i = 0; i < 4; ++i) c[i] = (spconv_real)((double)a[i] / norm_n(a, 4));
    EXPECT_VEC_NEAR(u, c, 4, TEST_TOL);
    /* canonical: w >= 0, same rotation */
    spconv_quat_canonical_wxyz(c, a);
    assert_true(c[0] >= 0);
    assert_true(fabs(fabs(dot4(c, a)) - dot4(a, a)) <= 1e-6 * dot4(a, a)); /* c = +-a */
    /* angle: the angle of the rotation conj(a) b, in [0, pi] */
    ang = (double)spconv_quat_angle_wxyz(a, b);
    spconv_quat_conj_wxyz(ac, a);
    spconv_quat_mul_wxyz(r, ac, b);
    spconv_rotvec_from_quat_wxyz(rv, r);
    EXPECT_NEAR(ang, norm_n(rv, 3), TEST_TOL, 1);
    assert_true(ang >= 0 && ang <= PI);
    EXPECT_NEAR(spconv_quat_angle_wxyz(a, a), 0, TEST_TOL, 1);
    for (i = 0; i < 4; ++i) c[i] = -a[i];
    EXPECT_NEAR(spconv_quat_angle_wxyz(a, c), 0, TEST_TOL, 1);
    /* slerp: the rotation a (x) exp(t rv) with rv = rotvec(conj(a) b), the
       shortest arc, at constant rate */
    spconv_quat_slerp_wxyz(res, a, b, (spconv_real)t);
    for (i = 0; i < 3; ++i) k[i] = (spconv_real)(t * (double)rv[i]);
    spconv_quat_wxyz_from_rotvec(r, k);
    spconv_quat_mul_wxyz(mid, a, r);
    EXPECT_SAME_ROT(res, mid, TEST_TOL * 10);
    EXPECT_NEAR(norm_n(res, 4), 1, TEST_TOL, 1);
    spconv_quat_slerp_wxyz(res, a, b, 0);
    EXPECT_SAME_ROT(res, a, TEST_TOL);
    spconv_quat_slerp_wxyz(res, a, b, 1);
    EXPECT_SAME_ROT(res, b, TEST_TOL);
    /* angle of a rotation by th about k after a is th */
    th = test_uniform(0, PI);
    test_rand_vec(k, 3, 1.0);
    if (norm_n(k, 3) < 1e-3) continue;
    spconv_quat_wxyz_from_axis_angle(r, k, (spconv_real)th);
    spconv_quat_mul_wxyz(mid, a, r);
    EXPECT_NEAR(spconv_quat_angle_wxyz(a, mid), th, TEST_TOL * 10, 1);
  }
}

/* ================================================================ matrices */

static void test_matrices(void **state) {
  int n;
  (void)state;
  { /* nearest rotation of a shear [[1, s, 0], [0, 1, 0], [0, 0, 1]]: the
       rotation about z by t maximizing tr(Rz(t)^T M) = 2 cos t - s sin t + 1,
       so tan t = -s/2 (hand derivation) */
    double s = 0.1, t = atan(-s / 2);
    spconv_real M[9] = {1, R_(0.1), 0, 0, 1, 0, 0, 0, 1}, Q[9];
    spconv_real want[9] = {R_(cos(t)), R_(-sin(t)), 0, R_(sin(t)), R_(cos(t)), 0, 0, 0, 1};
    assert_int_equal(spconv_mat_orthonormalize(Q, M), SPCONV_OK);
    EXPECT_VEC_NEAR(Q, want, 9, TEST_TOL);
  }
  { /* xmat is body -> world: a body turned +90 about world y has its +x axis
       along world -z (Ptera's check): column 0 of the matrix is (0, 0, -1);
       the transpose maps world -z back to body x */
    spconv_real q[4] = {R_(0.70710678118654752440), 0, R_(0.70710678118654752440), 0};
    spconv_real R[9], Rt[9], col0[3], want[3] = {0, 0, -1}, v[3] = {0, 0, -1}, b[3];
    spconv_real ex[3] = {1, 0, 0};
    spconv_mat_from_quat_wxyz(R, q);
    col0[0] = R[0];
    col0[1] = R[3];
    col0[2] = R[6];
    EXPECT_VEC_NEAR(col0, want, 3, TEST_TOL);
    spconv_mat_transpose(Rt, R);
    b[0] = Rt[0] * v[0] + Rt[1] * v[1] + Rt[2] * v[2];
    b[1] = Rt[3] * v[0] + Rt[4] * v[1] + Rt[5] * v[2];
    b[2] = Rt[6] * v[0] + Rt[7] * v[1] + Rt[8] * v[2];
    EXPECT_VEC_NEAR(b, ex, 3, TEST_TOL);
  }
  test_seed(303);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real q[4], R[9], Rref[9], q2[4] = {0}, qc[4] = {0}, M[9], Q[9] = {0}, Rt[9], RtR[9];
    double err, det, c;
    int i, j;
    test_rand_quat(q);
    /* the matrix against the foundation's rotation of the basis vectors */
    spconv_mat_from_quat_wxyz(R, q);
    test_mat_of_quat(Rref, q);
    EXPECT_VEC_NEAR(R, Rref, 9, TEST_TOL);
    /* back to the canonical unit quaternion */
    assert_int_equal(spconv_quat_wxyz_from_mat(q2, R), SPCONV_OK);
    assert_int_equal(spconv_quat_normalize_wxyz(qc, q), SPCONV_OK);
    spconv_quat_canonical_wxyz(qc, qc);
    EXPECT_VEC_NEAR(q2, qc, 4, TEST_TOL);
    assert_true(q2[0] >= 0);
    /* transpose is the inverse */
    spconv_mat_transpose(Rt, R);
    for (i = 0; i < 3; ++i)
      for (j = 0; j < 3; ++j)
        RtR[3 * i + j] = Rt[3 * i] * R[j] + Rt[3 * i + 1] * R[3 + j] + Rt[3 * i + 2] * R[6 + j];
    {
      spconv_real I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
      EXPECT_VEC_NEAR(RtR, I, 9, TEST_TOL);
    }
    /* orthonormalize: a rotation is its own nearest rotation, also scaled */
    c = pow(10.0, test_uniform(-3, 3));
    for (i = 0; i < 9; ++i) M[i] = (spconv_real)(c * (double)R[i]);
    assert_int_equal(spconv_mat_orthonormalize(Q, M), SPCONV_OK);
    EXPECT_VEC_NEAR(Q, R, 9, TEST_TOL);
    /* a perturbed rotation: Q orthonormal with det 1, and the polar factor:
       Q^T M symmetric positive definite */
    for (i = 0; i < 9; ++i) M[i] = (spconv_real)((double)R[i] + test_uniform(-0.2, 0.2));
    {
      int st = spconv_mat_orthonormalize(Q, M);
      double S[9], asym = 0, smax = 0;
      if (st != SPCONV_OK) { /* only when the noise made it singular or a reflection */
        double d = (double)M[0] * ((double)M[4] * (double)M[8] - (double)M[5] * (double)M[7]) -
                   (double)M[1] * ((double)M[3] * (double)M[8] - (double)M[5] * (double)M[6]) +
                   (double)M[2] * ((double)M[3] * (double)M[7] - (double)M[4] * (double)M[6]);
        assert_true(d <= 0);
        continue;
      }
      mat_orthonormality_error(&err, &det, Q);
      EXPECT_NEAR(err, 0, TEST_TOL, 1);
      EXPECT_NEAR(det, 1, TEST_TOL, 1);
      for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j)
          S[3 * i + j] = (double)Q[i] * (double)M[j] + (double)Q[3 + i] * (double)M[3 + j] +
                         (double)Q[6 + i] * (double)M[6 + j];
      for (i = 0; i < 9; ++i) smax = fmax(smax, fabs(S[i]));
      for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j) asym = fmax(asym, fabs(S[3 * i + j] - S[3 * j + i]));
      EXPECT_NEAR(asym, 0, TEST_TOL * 10, smax);
      assert_true(S[0] > 0 && S[4] > 0 && S[8] > 0); /* diagonal of an SPD matrix */
    }
  }
}

/* ============================================ axis-angle and rotation vector */

static void test_axis_angle_rotvec(void **state) {
  int n;
  (void)state;
  test_seed(304);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real rv[3], q[4], back[3], axis[3] = {0}, angle = 0, qa[4], k[3];
    double th, kn, scale;
    int i;
    /* |rv| from 1e-12 to pi - 1e-6 */
    test_rand_vec(k, 3, 1.0);
    kn = norm_n(k, 3);
    if (kn < 1e-3) continue;
    th = n % 4 == 0 ? pow(10.0, test_uniform(-12, -3)) : test_uniform(0, PI - 1e-6);
    for (i = 0; i < 3; ++i) rv[i] = (spconv_real)((double)k[i] / kn * th);
    spconv_quat_wxyz_from_rotvec(q, rv);
    EXPECT_NEAR(norm_n(q, 4), 1, TEST_TOL, 1);
    assert_true(q[0] >= 0);
    /* against the half-angle definition */
    {
      spconv_real want[4];
      want[0] = (spconv_real)cos(th / 2);
      for (i = 0; i < 3; ++i) want[i + 1] = (spconv_real)(sin(th / 2) * (double)k[i] / kn);
      EXPECT_VEC_NEAR(q, want, 4, TEST_TOL);
    }
    /* round trip, relative to |rv| so that tiny vectors are checked too
       (scaled quaternions: 10^U(-2, 2)) */
    scale = pow(10.0, test_uniform(-2, 2)) * (n % 2 ? -1 : 1);
    for (i = 0; i < 4; ++i) q[i] = (spconv_real)((double)q[i] * scale);
    spconv_rotvec_from_quat_wxyz(back, q);
    {
      spconv_real d[3], z[3] = {0, 0, 0};
      for (i = 0; i < 3; ++i) d[i] = (spconv_real)(((double)back[i] - (double)rv[i]) / th);
      EXPECT_VEC_NEAR(d, z, 3, TEST_TOL * 10);
    }
    /* axis-angle: unit axis, angle = |rv| */
    assert_int_equal(spconv_axis_angle_from_quat_wxyz(axis, &angle, q), SPCONV_OK);
    EXPECT_NEAR(angle, th, TEST_TOL, 1);
    EXPECT_NEAR(norm_n(axis, 3), 1, TEST_TOL, 1);
    {
      spconv_real ku[3];
      for (i = 0; i < 3; ++i) ku[i] = (spconv_real)((double)k[i] / kn);
      EXPECT_VEC_NEAR(axis, ku, 3, TEST_TOL);
    }
    spconv_quat_wxyz_from_axis_angle(qa, k, (spconv_real)th); /* axis not unit */
    EXPECT_SAME_ROT(qa, q, TEST_TOL);
  }
  /* near and at pi: the shortest of q and -q, the same rotation */
  test_seed(305);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real k[3], q[4], rv[3], q2[4];
    double kn, th = PI - pow(10.0, test_uniform(-12, -1)) * (n % 3 == 0 ? 0 : 1);
    int i;
    test_rand_vec(k, 3, 1.0);
    kn = norm_n(k, 3);
    if (kn < 1e-3) continue;
    q[0] = (spconv_real)cos(th / 2);
    for (i = 0; i < 3; ++i) q[i + 1] = (spconv_real)(sin(th / 2) * (double)k[i] / kn);
    if (n % 2) for (i = 0; i < 4; ++i) q[i] = -q[i];
    spconv_rotvec_from_quat_wxyz(rv, q);
    assert_true(norm_n(rv, 3) <= PI * (1 + TEST_TOL));
    spconv_quat_wxyz_from_rotvec(q2, rv);
    EXPECT_SAME_ROT(q2, q, TEST_TOL);
  }
}

/* ============================================================ Euler angles */

/* Every convention against the definition (fixed or rotating axes), angles
   back from quaternions and from matrices, for random rotations too. */
static void test_euler_all_conventions(void **state) {
  int s, kk, n;
  (void)state;
  test_seed(306);
  for (s = 0; s < 12; ++s)
    for (kk = 0; kk < 2; ++kk) {
      spconv_euler_kind kind = kk ? SPCONV_EULER_INTRINSIC : SPCONV_EULER_EXTRINSIC;
      spconv_euler_seq seq = all_seqs[s];
      for (n = 0; n < TEST_CASES / 10; ++n) {
        spconv_real ang[3], q[4] = {0}, R[9], Rdef[9], e[3] = {0}, e2[3] = {0}, qr[4] = {0}, qn[4], rq[4];
        double c = pow(10.0, test_uniform(-2, 2));
        int i;
        rand_euler(ang, s, 0.05);
        assert_int_equal(spconv_quat_wxyz_from_euler(q, ang, seq, kind), SPCONV_OK);
        euler_by_definition(Rdef, ang, s, kind);
        spconv_mat_from_quat_wxyz(R, q);
        EXPECT_VEC_NEAR(R, Rdef, 9, TEST_TOL);
        assert_int_equal(spconv_mat_from_euler(R, ang, seq, kind), SPCONV_OK);
        EXPECT_VEC_NEAR(R, Rdef, 9, TEST_TOL);
        /* intrinsic (1, 2, 3) with (a, b, c) is extrinsic (3, 2, 1) with (c, b, a):
           checked through the product of axis-angle quaternions */
        {
          spconv_real qs[3][4], t[4];
          for (i = 0; i < 3; ++i) {
            spconv_real ax[3] = {0, 0, 0};
            ax[seq_axis(s, i)] = 1;
            spconv_quat_wxyz_from_axis_angle(qs[i], ax, ang[i]);
          }
          if (kind == SPCONV_EULER_INTRINSIC) {
            spconv_quat_mul_wxyz(t, qs[0], qs[1]);
            spconv_quat_mul_wxyz(t, t, qs[2]);
          } else {
            spconv_quat_mul_wxyz(t, qs[2], qs[1]);
            spconv_quat_mul_wxyz(t, t, qs[0]);
          }
          EXPECT_VEC_NEAR(q, t, 4, TEST_TOL); /* the plain product, same sign */
        }
        /* back, from a scaled and possibly negated quaternion and from the matrix */
        for (i = 0; i < 4; ++i) qn[i] = (spconv_real)((double)q[i] * c * (n % 2 ? -1 : 1));
        assert_int_equal(spconv_euler_from_quat_wxyz(e, qn, seq, kind), SPCONV_OK);
        EXPECT_ANGLES_NEAR(e, ang, TEST_TOL * 10);
        assert_int_equal(spconv_euler_from_mat(e2, R, seq, kind), SPCONV_OK);
        EXPECT_ANGLES_NEAR(e2, ang, TEST_TOL * 10);
        /* ranges */
        for (i = 0; i < 3; i += 2)
          assert_true((double)e[i] > -PI - TEST_TOL && (double)e[i] <= PI + TEST_TOL);
        if (is_proper(s)) assert_true(e[1] >= 0 && (double)e[1] <= PI + TEST_TOL);
        else assert_true(fabs((double)e[1]) <= PI / 2 + TEST_TOL);
        /* a random rotation: angles rebuild it */
        test_rand_quat(rq);
        {
          int st = spconv_euler_from_quat_wxyz(e, rq, seq, kind);
          assert_true(st == SPCONV_OK || st == SPCONV_GIMBAL_LOCK);
          assert_int_equal(spconv_quat_wxyz_from_euler(qr, e, seq, kind), SPCONV_OK);
          EXPECT_SAME_ROT(qr, rq, TEST_TOL);
        }
      }
    }
}

/* At and near gimbal lock: exactly locked inputs are flagged, with the third
   angle 0 and the same rotation; inputs 1e-9, 1e-6 and 1e-4 from lock rebuild
   the rotation to rounding whether flagged or not (1e-4 is never flagged). */
static void test_euler_gimbal_lock(void **state) {
  int s, kk, n;
  (void)state;
  test_seed(307);
  for (s = 0; s < 12; ++s)
    for (kk = 0; kk < 2; ++kk) {
      spconv_euler_kind kind = kk ? SPCONV_EULER_INTRINSIC : SPCONV_EULER_EXTRINSIC;
      spconv_euler_seq seq = all_seqs[s];
      for (n = 0; n < 200; ++n) {
        spconv_real ang[3], q[4] = {0}, e[3] = {0}, qr[4] = {0}, R[9];
        double lock = is_proper(s) ? (n % 2 ? PI : 0.0) : (n % 2 ? PI / 2 : -PI / 2);
        double off = n % 8 < 2 ? 0.0 : n % 8 < 4 ? 1e-9 : n % 8 < 6 ? 1e-6 : 1e-4;
        int st;
        rand_euler(ang, s, 0.0);
        ang[1] = (spconv_real)(lock + (lock > 0 ? -off : off));
        assert_int_equal(spconv_quat_wxyz_from_euler(q, ang, seq, kind), SPCONV_OK);
        st = spconv_euler_from_quat_wxyz(e, q, seq, kind);
        if (off == 0.0) assert_int_equal(st, SPCONV_GIMBAL_LOCK);
        if (off >= 1e-4) assert_int_equal(st, SPCONV_OK); /* well outside the 16 eps band */
        assert_true(st == SPCONV_OK || st == SPCONV_GIMBAL_LOCK);
        if (st == SPCONV_GIMBAL_LOCK) assert_true(e[2] == 0);
        assert_int_equal(spconv_quat_wxyz_from_euler(qr, e, seq, kind), SPCONV_OK);
        EXPECT_SAME_ROT(qr, q, TEST_TOL);
        /* the matrix path agrees */
        spconv_mat_from_quat_wxyz(R, q);
        st = spconv_euler_from_mat(e, R, seq, kind);
        if (off == 0.0) assert_int_equal(st, SPCONV_GIMBAL_LOCK);
        assert_int_equal(spconv_quat_wxyz_from_euler(qr, e, seq, kind), SPCONV_OK);
        EXPECT_SAME_ROT(qr, q, TEST_TOL);
      }
    }
}

/* The parsers: SciPy uppercase = intrinsic, MuJoCo lowercase = intrinsic. */
static void test_euler_parsers(void **state) {
  int s;
  (void)state;
  for (s = 0; s < 12; ++s) {
    char up[4], lo[4];
    spconv_euler_seq seq = SPCONV_EULER_XYZ;
    spconv_euler_kind kind = SPCONV_EULER_INTRINSIC;
    int i;
    for (i = 0; i < 3; ++i) {
      up[i] = seq_names[s][i];
      lo[i] = (char)(seq_names[s][i] - 'X' + 'x');
    }
    up[3] = lo[3] = '\0';
    assert_int_equal(spconv_euler_seq_from_scipy(&seq, &kind, up), SPCONV_OK);
    assert_int_equal(seq, all_seqs[s]);
    assert_int_equal(kind, SPCONV_EULER_INTRINSIC);
    assert_int_equal(spconv_euler_seq_from_scipy(&seq, &kind, lo), SPCONV_OK);
    assert_int_equal(seq, all_seqs[s]);
    assert_int_equal(kind, SPCONV_EULER_EXTRINSIC);
    assert_int_equal(spconv_euler_seq_from_mujoco(&seq, &kind, lo), SPCONV_OK);
    assert_int_equal(seq, all_seqs[s]);
    assert_int_equal(kind, SPCONV_EULER_INTRINSIC);
    assert_int_equal(spconv_euler_seq_from_mujoco(&seq, &kind, up), SPCONV_OK);
    assert_int_equal(seq, all_seqs[s]);
    assert_int_equal(kind, SPCONV_EULER_EXTRINSIC);
    { /* the MuJoCo product rule gives the same quaternion as the parsed pair */
      spconv_real ang[3] = {R_(0.3), R_(-1.1), R_(2.0)}, q1[4], q2[4];
      assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q1, ang, lo), SPCONV_OK);
      assert_int_equal(spconv_quat_wxyz_from_euler(q2, ang, all_seqs[s], SPCONV_EULER_INTRINSIC), SPCONV_OK);
      EXPECT_VEC_NEAR(q1, q2, 4, TEST_TOL);
      assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q1, ang, up), SPCONV_OK);
      assert_int_equal(spconv_quat_wxyz_from_euler(q2, ang, all_seqs[s], SPCONV_EULER_EXTRINSIC), SPCONV_OK);
      EXPECT_VEC_NEAR(q1, q2, 4, TEST_TOL);
    }
  }
  { /* mixed case: MuJoCo's rule (lowercase on the right, uppercase on the
       left): "xYz" = R_y(b) R_x(a) R_z(c) */
    spconv_real ang[3] = {R_(0.3), R_(-0.7), R_(1.1)}, q[4], qx[4], qy[4], qz[4], t[4];
    spconv_real ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0}, ez[3] = {0, 0, 1};
    spconv_euler_seq seq = SPCONV_EULER_ZYZ;
    spconv_euler_kind kind = SPCONV_EULER_INTRINSIC;
    spconv_quat_wxyz_from_axis_angle(qx, ex, ang[0]);
    spconv_quat_wxyz_from_axis_angle(qy, ey, ang[1]);
    spconv_quat_wxyz_from_axis_angle(qz, ez, ang[2]);
    spconv_quat_mul_wxyz(t, qy, qx);
    spconv_quat_mul_wxyz(t, t, qz);
    assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, ang, "xYz"), SPCONV_OK);
    EXPECT_VEC_NEAR(q, t, 4, TEST_TOL);
    assert_int_equal(spconv_euler_seq_from_mujoco(&seq, &kind, "xYz"), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_seq_from_scipy(&seq, &kind, "xYz"), SPCONV_EINVAL);
    assert_int_equal(seq, SPCONV_EULER_ZYZ); /* untouched */
    assert_int_equal(kind, SPCONV_EULER_INTRINSIC);
    /* a repeated axis: accepted by MuJoCo's compiler, not a (seq, kind) pair */
    spconv_quat_mul_wxyz(t, qx, qx);
    spconv_quat_mul_wxyz(t, t, qy);
    {
      spconv_real a2[3] = {R_(0.3), R_(0.3), R_(-0.7)};
      assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, a2, "xxy"), SPCONV_OK);
      EXPECT_VEC_NEAR(q, t, 4, TEST_TOL);
    }
    assert_int_equal(spconv_euler_seq_from_mujoco(&seq, &kind, "xxy"), SPCONV_EINVAL);
  }
  { /* bad strings */
    const char *bad[] = {"", "x", "xy", "xyzx", "xyz ", " xyz", "abc", "xxy", "XYY", "xYz",
                         "XyZ", "xy1", "wxy"};
    size_t i;
    spconv_euler_seq seq = SPCONV_EULER_ZYZ;
    spconv_euler_kind kind = SPCONV_EULER_INTRINSIC;
    spconv_real q[4] = {9, 9, 9, 9}, nine[4] = {9, 9, 9, 9}, ang[3] = {0, 0, 0};
    for (i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
      assert_int_equal(spconv_euler_seq_from_scipy(&seq, &kind, bad[i]), SPCONV_EINVAL);
      assert_int_equal(spconv_euler_seq_from_mujoco(&seq, &kind, bad[i]), SPCONV_EINVAL);
    }
    assert_int_equal(spconv_euler_seq_from_scipy(&seq, &kind, NULL), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_seq_from_mujoco(&seq, &kind, NULL), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_seq_from_scipy(NULL, &kind, "xyz"), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_seq_from_mujoco(&seq, NULL, "xyz"), SPCONV_EINVAL);
    assert_int_equal(seq, SPCONV_EULER_ZYZ);
    assert_int_equal(kind, SPCONV_EULER_INTRINSIC);
    assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, ang, "xy"), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, ang, "xyw"), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, ang, "xyzz"), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, ang, NULL), SPCONV_EINVAL);
    EXPECT_VEC_EQUAL(q, nine, 4);
  }
}

/* ====================================================================== 6D */

static void test_rot6d(void **state) {
  int n, l;
  (void)state;
  { /* layouts of a known matrix with entries 1..9 (not a rotation: the
       storage map only) */
    spconv_real M[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, d[6];
    spconv_real cols[6] = {1, 4, 7, 2, 5, 8}, rows[6] = {1, 2, 3, 4, 5, 6};
    spconv_real inter[6] = {1, 2, 4, 5, 7, 8};
    assert_int_equal(spconv_rot6d_from_mat(d, M, SPCONV_ROT6D_COLUMNS), SPCONV_OK);
    EXPECT_VEC_EQUAL(d, cols, 6);
    assert_int_equal(spconv_rot6d_from_mat(d, M, SPCONV_ROT6D_ROWS), SPCONV_OK);
    EXPECT_VEC_EQUAL(d, rows, 6);
    assert_int_equal(spconv_rot6d_from_mat(d, M, SPCONV_ROT6D_COLUMNS_INTERLEAVED), SPCONV_OK);
    EXPECT_VEC_EQUAL(d, inter, 6);
  }
  { /* Gram-Schmidt by hand: a1 = (2, 0, 0), a2 = (1, 3, 0) -> b1 = x, b2 = y, b3 = z */
    spconv_real d[6] = {2, 0, 0, 1, 3, 0}, R[9], I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    assert_int_equal(spconv_mat_from_rot6d(R, d, SPCONV_ROT6D_COLUMNS), SPCONV_OK);
    EXPECT_VEC_NEAR(R, I, 9, TEST_TOL);
    assert_int_equal(spconv_mat_from_rot6d(R, d, SPCONV_ROT6D_ROWS), SPCONV_OK);
    EXPECT_VEC_NEAR(R, I, 9, TEST_TOL);
  }
  test_seed(308);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real q[4], R[9], d[6], R2[9], Rt[9], noisy[6];
    test_rand_quat(q);
    spconv_mat_from_quat_wxyz(R, q);
    spconv_mat_transpose(Rt, R);
    for (l = 0; l < 3; ++l) {
      spconv_rot6d_layout layout = (spconv_rot6d_layout)l;
      double err, det, a1[3], b1[3], dot;
      int i;
      assert_int_equal(spconv_rot6d_from_mat(d, R, layout), SPCONV_OK);
      assert_int_equal(spconv_mat_from_rot6d(R2, d, layout), SPCONV_OK);
      EXPECT_VEC_NEAR(R2, R, 9, TEST_TOL);
      /* noisy, scaled: still a rotation whose first column (row) is along a1 */
      for (i = 0; i < 6; ++i) noisy[i] = (spconv_real)(3.0 * ((double)d[i] + test_uniform(-0.3, 0.3)));
      assert_int_equal(spconv_mat_from_rot6d(R2, noisy, layout), SPCONV_OK);
      mat_orthonormality_error(&err, &det, R2);
      EXPECT_NEAR(err, 0, TEST_TOL, 1);
      EXPECT_NEAR(det, 1, TEST_TOL, 1);
      for (i = 0; i < 3; ++i) {
        int k = layout == SPCONV_ROT6D_COLUMNS ? i : layout == SPCONV_ROT6D_ROWS ? i : 2 * i;
        a1[i] = (double)noisy[k];
        b1[i] = layout == SPCONV_ROT6D_ROWS ? (double)R2[i] : (double)R2[3 * i];
      }
      dot = (a1[0] * b1[0] + a1[1] * b1[1] + a1[2] * b1[2]) /
            sqrt(a1[0] * a1[0] + a1[1] * a1[1] + a1[2] * a1[2]);
      EXPECT_NEAR(dot, 1, TEST_TOL, 1);
    }
    /* rows of R are the columns of R^T */
    {
      spconv_real dr[6], dc[6];
      spconv_rot6d_from_mat(dr, R, SPCONV_ROT6D_ROWS);
      spconv_rot6d_from_mat(dc, Rt, SPCONV_ROT6D_COLUMNS);
      EXPECT_VEC_EQUAL(dr, dc, 6);
    }
  }
}

/* ============================================== angular velocity, units */

static void test_angular_velocity(void **state) {
  int n;
  (void)state;
  { /* a body turned +90 about z spinning about its own x (world y) at 1 rad/s
       for 0.5 s: body integration turns about world y, world integration
       with w = x about world x (hand derivation with the definitions) */
    const spconv_real h = R_(0.70710678118654752440);
    spconv_real q[4] = {h, 0, 0, h}, w[3] = {1, 0, 0}, res[4], want[4], r[4];
    spconv_real ey[3] = {0, 1, 0}, ex[3] = {1, 0, 0};
    spconv_quat_integrate_body_wxyz(res, q, w, R_(0.5));
    spconv_quat_wxyz_from_axis_angle(r, ey, R_(0.5));
    spconv_quat_mul_wxyz(want, r, q);
    EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
    spconv_quat_integrate_world_wxyz(res, q, w, R_(0.5));
    spconv_quat_wxyz_from_axis_angle(r, ex, R_(0.5));
    spconv_quat_mul_wxyz(want, r, q);
    EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
  }
  test_seed(309);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real q[4], wb[3], ww[3], R[9], q1[4], q2[4], back[3], qn[4];
    double dt = test_uniform(0.001, 0.1) * (n % 5 == 0 ? -1 : 1), c, cond;
    int i;
    test_rand_quat(q);
    test_rand_vec(wb, 3, 15.0); /* |w dt| <= 15 sqrt(3) 0.1 < pi: the shortest path is w */
    /* the same motion seen in body and world axes: w_world = R w_body */
    spconv_mat_from_quat_wxyz(R, q);
    for (i = 0; i < 3; ++i) ww[i] = R[3 * i] * wb[0] + R[3 * i + 1] * wb[1] + R[3 * i + 2] * wb[2];
    spconv_quat_integrate_body_wxyz(q1, q, wb, (spconv_real)dt);
    spconv_quat_integrate_world_wxyz(q2, q, ww, (spconv_real)dt);
    EXPECT_VEC_NEAR(q1, q2, 4, TEST_TOL * 10);
    EXPECT_NEAR(norm_n(q1, 4), norm_n(q, 4), TEST_TOL, norm_n(q, 4));
    /* and back, from scaled and negated quaternions */
    c = pow(10.0, test_uniform(-2, 2)) * (n % 2 ? -1 : 1);
    for (i = 0; i < 4; ++i) qn[i] = (spconv_real)((double)q1[i] * c);
    /* the turn |w dt| is known to a few epsilons absolute, so w to a few
       epsilons over |dt|: the tolerance carries that condition number */
    cond = 1 + 1 / (fabs(dt) * fmax(1.0, norm_n(wb, 3)));
    spconv_body_angvel_from_quats_wxyz(back, q, qn, (spconv_real)dt);
    EXPECT_VEC_NEAR(back, wb, 3, TEST_TOL * cond);
    spconv_world_angvel_from_quats_wxyz(back, q, qn, (spconv_real)dt);
    EXPECT_VEC_NEAR(back, ww, 3, TEST_TOL * cond);
  }
  { /* shortest path: a turn of 3 pi / 2 about z reads as -pi / 2 */
    spconv_real q0[4] = {1, 0, 0, 0}, q1[4], ez[3] = {0, 0, 1}, w[3], want[3] = {0, 0, R_(-PI / 2)};
    spconv_quat_wxyz_from_axis_angle(q1, ez, R_(3 * PI / 2));
    spconv_body_angvel_from_quats_wxyz(w, q0, q1, 1);
    EXPECT_VEC_NEAR(w, want, 3, TEST_TOL);
    spconv_world_angvel_from_quats_wxyz(w, q0, q1, 1);
    EXPECT_VEC_NEAR(w, want, 3, TEST_TOL);
  }
}

static void test_units(void **state) {
  spconv_real v[3] = {180, -90, R_(57.29577951308232)}, r[3], d[3];
  spconv_real want[3] = {R_(PI), R_(-PI / 2), 1};
  (void)state;
  EXPECT_NEAR(spconv_rad_from_deg(180), PI, TEST_TOL, PI);
  EXPECT_NEAR(spconv_deg_from_rad(R_(PI / 2)), 90, TEST_TOL, 90);
  spconv_rad_from_deg3(r, v);
  EXPECT_VEC_NEAR(r, want, 3, TEST_TOL);
  spconv_deg_from_rad3(d, r);
  EXPECT_VEC_NEAR(d, v, 3, TEST_TOL);
  spconv_rad_from_deg3(v, v); /* in place */
  EXPECT_VEC_NEAR(v, want, 3, TEST_TOL);
}

/* ================================================================ aliasing */

/* call `expr` writing into `res` that is a copy of `in` (so res aliases the
   input), compare with the result computed out of place */
#define ALIAS_CHECK(n_out, n_in, in, ref_expr, alias_expr)   \
  do {                                                       \
    spconv_real ref_[16], buf_[16];                          \
    int k_;                                                  \
    ref_expr;                                                \
    for (k_ = 0; k_ < (n_in); ++k_) buf_[k_] = (in)[k_];     \
    alias_expr;                                              \
    EXPECT_VEC_EQUAL(buf_, ref_, (n_out));                   \
  } while (0)

static void test_aliasing(void **state) {
  int n;
  (void)state;
  test_seed(310);
  for (n = 0; n < 200; ++n) {
    spconv_real a[16], b[16], v[16], R[9], M[9], d6[6], e[3], t = R_(0.3), dt = R_(0.01), ang;
    int s = n % 12, st;
    spconv_euler_kind kind = n % 2 ? SPCONV_EULER_INTRINSIC : SPCONV_EULER_EXTRINSIC;
    test_rand_quat(a);
    test_rand_quat(b);
    test_rand_vec(v, 9, 2.0);
    spconv_mat_from_quat_wxyz(R, a);
    rand_euler(e, s, 0.1);
    ALIAS_CHECK(4, 4, a, spconv_quat_inv_wxyz(ref_, a), spconv_quat_inv_wxyz(buf_, buf_));
    ALIAS_CHECK(4, 4, a, spconv_quat_normalize_wxyz(ref_, a), spconv_quat_normalize_wxyz(buf_, buf_));
    ALIAS_CHECK(4, 4, a, spconv_quat_canonical_wxyz(ref_, a), spconv_quat_canonical_wxyz(buf_, buf_));
    ALIAS_CHECK(4, 4, a, spconv_quat_slerp_wxyz(ref_, a, b, t), spconv_quat_slerp_wxyz(buf_, buf_, b, t));
    ALIAS_CHECK(4, 4, b, spconv_quat_slerp_wxyz(ref_, a, b, t), spconv_quat_slerp_wxyz(buf_, a, buf_, t));
    ALIAS_CHECK(9, 4, a, spconv_mat_from_quat_wxyz(ref_, a), spconv_mat_from_quat_wxyz(buf_, buf_));
    ALIAS_CHECK(9, 9, R, spconv_mat_transpose(ref_, R), spconv_mat_transpose(buf_, buf_));
    ALIAS_CHECK(4, 9, R, spconv_quat_wxyz_from_mat(ref_, R), spconv_quat_wxyz_from_mat(buf_, buf_));
    for (st = 0; st < 9; ++st) M[st] = (spconv_real)((double)R[st] * 2 + test_uniform(-0.1, 0.1));
    ALIAS_CHECK(9, 9, M, spconv_mat_orthonormalize(ref_, M), spconv_mat_orthonormalize(buf_, buf_));
    ALIAS_CHECK(4, 3, v, spconv_quat_wxyz_from_axis_angle(ref_, v, t),
                spconv_quat_wxyz_from_axis_angle(buf_, buf_, t));
    ALIAS_CHECK(3, 4, a, spconv_axis_angle_from_quat_wxyz(ref_, &ang, a),
                spconv_axis_angle_from_quat_wxyz(buf_, &ang, buf_));
    ALIAS_CHECK(4, 3, v, spconv_quat_wxyz_from_rotvec(ref_, v), spconv_quat_wxyz_from_rotvec(buf_, buf_));
    ALIAS_CHECK(3, 4, a, spconv_rotvec_from_quat_wxyz(ref_, a), spconv_rotvec_from_quat_wxyz(buf_, buf_));
    ALIAS_CHECK(4, 3, e, spconv_quat_wxyz_from_euler(ref_, e, all_seqs[s], kind),
                spconv_quat_wxyz_from_euler(buf_, buf_, all_seqs[s], kind));
    ALIAS_CHECK(3, 4, a, spconv_euler_from_quat_wxyz(ref_, a, all_seqs[s], kind),
                spconv_euler_from_quat_wxyz(buf_, buf_, all_seqs[s], kind));
    ALIAS_CHECK(9, 3, e, spconv_mat_from_euler(ref_, e, all_seqs[s], kind),
                spconv_mat_from_euler(buf_, buf_, all_seqs[s], kind));
    ALIAS_CHECK(3, 9, R, spconv_euler_from_mat(ref_, R, all_seqs[s], kind),
                spconv_euler_from_mat(buf_, buf_, all_seqs[s], kind));
    ALIAS_CHECK(4, 3, e, spconv_quat_wxyz_from_mujoco_euler(ref_, e, "xYz"),
                spconv_quat_wxyz_from_mujoco_euler(buf_, buf_, "xYz"));
    ALIAS_CHECK(4, 3, e, spconv_quat_wxyz_from_urdf_rpy(ref_, e), spconv_quat_wxyz_from_urdf_rpy(buf_, buf_));
    ALIAS_CHECK(3, 4, a, spconv_urdf_rpy_from_quat_wxyz(ref_, a), spconv_urdf_rpy_from_quat_wxyz(buf_, buf_));
    ALIAS_CHECK(4, 3, e, spconv_quat_wxyz_from_drake_rpy(ref_, e), spconv_quat_wxyz_from_drake_rpy(buf_, buf_));
    ALIAS_CHECK(6, 9, R, spconv_rot6d_from_mat(ref_, R, (spconv_rot6d_layout)(n % 3)),
                spconv_rot6d_from_mat(buf_, buf_, (spconv_rot6d_layout)(n % 3)));
    spconv_rot6d_from_mat(d6, R, (spconv_rot6d_layout)(n % 3));
    ALIAS_CHECK(9, 6, d6, spconv_mat_from_rot6d(ref_, d6, (spconv_rot6d_layout)(n % 3)),
                spconv_mat_from_rot6d(buf_, buf_, (spconv_rot6d_layout)(n % 3)));
    ALIAS_CHECK(4, 4, a, spconv_quat_integrate_body_wxyz(ref_, a, v, dt),
                spconv_quat_integrate_body_wxyz(buf_, buf_, v, dt));
    ALIAS_CHECK(4, 3, v, spconv_quat_integrate_body_wxyz(ref_, a, v, dt),
                spconv_quat_integrate_body_wxyz(buf_, a, buf_, dt));
    ALIAS_CHECK(4, 4, a, spconv_quat_integrate_world_wxyz(ref_, a, v, dt),
                spconv_quat_integrate_world_wxyz(buf_, buf_, v, dt));
    ALIAS_CHECK(4, 3, v, spconv_quat_integrate_world_wxyz(ref_, a, v, dt),
                spconv_quat_integrate_world_wxyz(buf_, a, buf_, dt));
    ALIAS_CHECK(3, 4, a, spconv_body_angvel_from_quats_wxyz(ref_, a, b, dt),
                spconv_body_angvel_from_quats_wxyz(buf_, buf_, b, dt));
    ALIAS_CHECK(3, 4, b, spconv_body_angvel_from_quats_wxyz(ref_, a, b, dt),
                spconv_body_angvel_from_quats_wxyz(buf_, a, buf_, dt));
    ALIAS_CHECK(3, 4, a, spconv_world_angvel_from_quats_wxyz(ref_, a, b, dt),
                spconv_world_angvel_from_quats_wxyz(buf_, buf_, b, dt));
    ALIAS_CHECK(3, 4, b, spconv_world_angvel_from_quats_wxyz(ref_, a, b, dt),
                spconv_world_angvel_from_quats_wxyz(buf_, a, buf_, dt));
    ALIAS_CHECK(3, 3, v, spconv_rad_from_deg3(ref_, v), spconv_rad_from_deg3(buf_, buf_));
    ALIAS_CHECK(3, 3, v, spconv_deg_from_rad3(ref_, v), spconv_deg_from_rad3(buf_, buf_));
  }
}

/* ============================================ non-unit quaternions */

/* q and c q (c != 0, negative too) give the same result everywhere a
   rotation is read from a quaternion. */
static void test_quat_scale_invariance(void **state) {
  int n;
  (void)state;
  test_seed(311);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real q[4], qc[4], r1[9], r2[9], b[4], w[3];
    double c = pow(10.0, test_uniform(-3, 3)) * (n % 2 ? -1 : 1);
    int i, s = n % 12;
    spconv_euler_kind kind = n % 3 ? SPCONV_EULER_INTRINSIC : SPCONV_EULER_EXTRINSIC;
    test_rand_unit_quat(q);
    test_rand_quat(b);
    test_rand_vec(w, 3, 1.0);
    for (i = 0; i < 4; ++i) qc[i] = (spconv_real)((double)q[i] * c);
    spconv_mat_from_quat_wxyz(r1, q);
    spconv_mat_from_quat_wxyz(r2, qc);
    EXPECT_VEC_NEAR(r1, r2, 9, TEST_TOL);
    spconv_rotvec_from_quat_wxyz(r1, q);
    spconv_rotvec_from_quat_wxyz(r2, qc);
    EXPECT_VEC_NEAR(r1, r2, 3, TEST_TOL);
    assert_true(spconv_euler_from_quat_wxyz(r1, q, all_seqs[s], kind) >= 0);
    assert_true(spconv_euler_from_quat_wxyz(r2, qc, all_seqs[s], kind) >= 0);
    EXPECT_ANGLES_NEAR(r1, r2, TEST_TOL);
    EXPECT_NEAR(spconv_quat_angle_wxyz(q, b), spconv_quat_angle_wxyz(qc, b), TEST_TOL, 1);
    spconv_quat_slerp_wxyz(r1, q, b, R_(0.3));
    spconv_quat_slerp_wxyz(r2, qc, b, R_(0.3));
    EXPECT_SAME_ROT(r1, r2, TEST_TOL);
    spconv_body_angvel_from_quats_wxyz(r1, q, b, 1);
    spconv_body_angvel_from_quats_wxyz(r2, qc, b, 1);
    EXPECT_VEC_NEAR(r1, r2, 3, TEST_TOL * 10);
    spconv_world_angvel_from_quats_wxyz(r1, b, q, 1);
    spconv_world_angvel_from_quats_wxyz(r2, b, qc, 1);
    EXPECT_VEC_NEAR(r1, r2, 3, TEST_TOL * 10);
  }
}

/* =========================================================== bad input */

static void test_status(void **state) {
  const spconv_real nan_ = (spconv_real)NAN, inf_ = (spconv_real)INFINITY;
  spconv_real zero[4] = {0, 0, 0, 0}, qn[4] = {1, nan_, 0, 0}, qi[4] = {inf_, 0, 0, 0};
  spconv_real q[4] = {1, 2, 3, 4}, res[9], nine[9] = {9, 9, 9, 9, 9, 9, 9, 9, 9}, ang = 9;
  spconv_real e[3] = {R_(0.1), R_(0.2), R_(0.3)}, R[9];
  const spconv_real *badq[3];
  int i, k;
  (void)state;
  badq[0] = zero;
  badq[1] = qn;
  badq[2] = qi;
  spconv_mat_from_quat_wxyz(R, q);
#define RESET() for (k = 0; k < 9; ++k) res[k] = 9
  for (i = 0; i < 3; ++i) {
    RESET();
    assert_int_equal(spconv_quat_normalize_wxyz(res, badq[i]), SPCONV_EDEGENERATE);
    assert_int_equal(spconv_axis_angle_from_quat_wxyz(res, &ang, badq[i]), SPCONV_EDEGENERATE);
    assert_int_equal(spconv_euler_from_quat_wxyz(res, badq[i], SPCONV_EULER_ZYX, SPCONV_EULER_INTRINSIC),
                     SPCONV_EDEGENERATE);
    assert_int_equal(spconv_urdf_rpy_from_quat_wxyz(res, badq[i]), SPCONV_EDEGENERATE);
    EXPECT_VEC_EQUAL(res, nine, 9);
    assert_true(ang == 9);
  }
  /* unknown enum values */
  RESET();
  assert_int_equal(spconv_quat_wxyz_from_euler(res, e, (spconv_euler_seq)12, SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
  assert_int_equal(spconv_quat_wxyz_from_euler(res, e, (spconv_euler_seq)-1, SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
  assert_int_equal(spconv_quat_wxyz_from_euler(res, e, SPCONV_EULER_XYZ, (spconv_euler_kind)2), SPCONV_EINVAL);
  assert_int_equal(spconv_euler_from_quat_wxyz(res, q, (spconv_euler_seq)12, SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
  assert_int_equal(spconv_euler_from_quat_wxyz(res, q, SPCONV_EULER_XYZ, (spconv_euler_kind)-1), SPCONV_EINVAL);
  /* an unknown enum wins over a bad quaternion */
  assert_int_equal(spconv_euler_from_quat_wxyz(res, zero, (spconv_euler_seq)99, SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
  assert_int_equal(spconv_mat_from_euler(res, e, (spconv_euler_seq)13, SPCONV_EULER_EXTRINSIC), SPCONV_EINVAL);
  assert_int_equal(spconv_euler_from_mat(res, R, SPCONV_EULER_XYZ, (spconv_euler_kind)5), SPCONV_EINVAL);
  assert_int_equal(spconv_rot6d_from_mat(res, R, (spconv_rot6d_layout)3), SPCONV_EINVAL);
  assert_int_equal(spconv_mat_from_rot6d(res, R, (spconv_rot6d_layout)-1), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(res, nine, 9);
  { /* not rotations: a reflection, a shear, a scaled rotation, NaN; and ones
       just inside the tolerance */
    spconv_real refl[9] = {1, 0, 0, 0, 1, 0, 0, 0, -1}, shear[9] = {1, R_(0.01), 0, 0, 1, 0, 0, 0, 1};
    spconv_real scaled[9], nanm[9], neg[9], near_[9], sing[9] = {1, 0, 0, 0, 1, 0, 0, 0, 0};
    for (k = 0; k < 9; ++k) {
      scaled[k] = 2 * R[k];
      nanm[k] = R[k];
      neg[k] = -R[k];
      near_[k] = R[k];
    }
    nanm[4] = nan_;
    near_[0] += R_(SPCONV_ROTATION_TOL / 4);
    RESET();
    assert_int_equal(spconv_quat_wxyz_from_mat(res, refl), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_from_mat(res, shear), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_from_mat(res, scaled), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_from_mat(res, nanm), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_from_mat(res, neg), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_from_mat(res, refl, SPCONV_EULER_XYZ, SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_from_mat(res, shear, SPCONV_EULER_ZXZ, SPCONV_EULER_EXTRINSIC), SPCONV_EINVAL);
    assert_int_equal(spconv_mat_orthonormalize(res, refl), SPCONV_EINVAL);
    assert_int_equal(spconv_mat_orthonormalize(res, neg), SPCONV_EINVAL);
    assert_int_equal(spconv_mat_orthonormalize(res, sing), SPCONV_EDEGENERATE);
    assert_int_equal(spconv_mat_orthonormalize(res, nanm), SPCONV_EDEGENERATE);
    assert_int_equal(spconv_mat_orthonormalize(res, nine), SPCONV_EDEGENERATE); /* rank 1 */
    RESET();
    {
      spconv_real z9[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
      assert_int_equal(spconv_mat_orthonormalize(res, z9), SPCONV_EDEGENERATE);
    }
    EXPECT_VEC_EQUAL(res, nine, 9);
    assert_int_equal(spconv_quat_wxyz_from_mat(res, near_), SPCONV_OK);
  }
  { /* degenerate 6D: a1 = 0, a2 = 0, a2 parallel to a1, NaN */
    spconv_real d0[6] = {0, 0, 0, 0, 1, 0}, d1[6] = {1, 0, 0, 0, 0, 0};
    spconv_real dp[6] = {1, 2, 3, -2, -4, -6}, dn[6] = {1, 0, 0, 0, 1, 0};
    dn[5] = nan_;
    RESET();
    for (k = 0; k < 3; ++k) {
      assert_int_equal(spconv_mat_from_rot6d(res, d0, (spconv_rot6d_layout)k), SPCONV_EDEGENERATE);
      assert_int_equal(spconv_mat_from_rot6d(res, d1, (spconv_rot6d_layout)k), SPCONV_EDEGENERATE);
      assert_int_equal(spconv_mat_from_rot6d(res, dn, (spconv_rot6d_layout)k), SPCONV_EDEGENERATE);
    }
    assert_int_equal(spconv_mat_from_rot6d(res, dp, SPCONV_ROT6D_COLUMNS), SPCONV_EDEGENERATE);
    assert_int_equal(spconv_mat_from_rot6d(res, dp, SPCONV_ROT6D_ROWS), SPCONV_EDEGENERATE);
    EXPECT_VEC_EQUAL(res, nine, 9);
  }
  { /* pure maps: the zero quaternion acts as the identity, NaN propagates */
    spconv_real I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, one[4] = {1, 0, 0, 0}, z3[3] = {0, 0, 0};
    spconv_mat_from_quat_wxyz(res, zero);
    EXPECT_VEC_EQUAL(res, I, 9);
    spconv_rotvec_from_quat_wxyz(res, zero);
    EXPECT_VEC_EQUAL(res, z3, 3);
    spconv_quat_inv_wxyz(res, zero);
    EXPECT_VEC_EQUAL(res, zero, 4);
    spconv_quat_slerp_wxyz(res, zero, zero, R_(0.5));
    EXPECT_VEC_EQUAL(res, one, 4);
    spconv_quat_wxyz_from_axis_angle(res, z3, 1);
    EXPECT_VEC_EQUAL(res, one, 4);
    EXPECT_NEAR(spconv_quat_angle_wxyz(zero, one), 0, 0, 1);
    spconv_rotvec_from_quat_wxyz(res, qn);
    assert_true(isnan((double)res[0]) || isnan((double)res[1]) || isnan((double)res[2]));
    spconv_quat_slerp_wxyz(res, qn, one, R_(0.5));
    assert_true(isnan((double)res[0]));
    assert_true(isnan((double)spconv_quat_angle_wxyz(qn, one)));
  }
  /* status strings */
  assert_string_equal(spconv_status_string(SPCONV_GIMBAL_LOCK), "gimbal lock");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_known_rotations),
      cmocka_unit_test(test_scipy_values),
      cmocka_unit_test(test_named_conventions),
      cmocka_unit_test(test_quat_algebra),
      cmocka_unit_test(test_matrices),
      cmocka_unit_test(test_axis_angle_rotvec),
      cmocka_unit_test(test_euler_all_conventions),
      cmocka_unit_test(test_euler_gimbal_lock),
      cmocka_unit_test(test_euler_parsers),
      cmocka_unit_test(test_rot6d),
      cmocka_unit_test(test_angular_velocity),
      cmocka_unit_test(test_units),
      cmocka_unit_test(test_aliasing),
      cmocka_unit_test(test_quat_scale_invariance),
      cmocka_unit_test(test_status),
  };
  int failed;
  (void)test_power_scale; /* a test_util.h helper this suite does not need */
  failed = cmocka_run_group_tests_name("spatial_conv rotations (" TEST_PRECISION ")", tests,
                                           NULL, NULL);
  test_print_summary("spatial_conv rotations");
  return failed;
}
