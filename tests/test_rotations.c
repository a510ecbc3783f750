/* spatial_conv.h sections: quaternions (algebra), rotation representations, angular velocity from quaternions, units. */
/* Quaternion algebra, matrices, axis-angle and rotation vectors, the 24
   Euler conventions and their parsers, 6D representations, angular
   velocity, units; one cmocka test per function or small family, named
   after it. Known values come from SciPy 1.10.1 (quoted with the call that
   produced them), textbook rotations and hand derivations written next to
   them; properties are checked over TEST_CASES seeded random inputs; every
   input of every function is tested in place (res aliasing it); bad input
   returns its status and leaves res untouched. Built in double and in float
   from this one source. */
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
  double R[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, T[9];
  int n, i;
  for (n = 0; n < 3; ++n) {
    int a = seq_axis(s, n);
    double axis[3];
    for (i = 0; i < 3; ++i)
      axis[i] = kind == SPCONV_EULER_EXTRINSIC ? (i == a ? 1.0 : 0.0) : R[3 * i + a];
    rodrigues_d(T, axis, (double)ang[n]);
    test_mat_mul_d(R, T, R);
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
  *det = test_det3(R);
}

/* ============================================================ known values */

/* Textbook rotations: 90 degrees about z, 180 about x and about (1, 1, 0),
   120 degrees about (1, 1, 1) (the cyclic permutation x -> y -> z -> x). */

static void test_mat_from_quat_wxyz_known_values(void **state) {
  const spconv_real h = R_(0.70710678118654752440);
  (void)state;
  { /* 90 about z: q = (h, 0, 0, h), R = [[0,-1,0],[1,0,0],[0,0,1]] */
    spconv_real q[4] = {h, 0, 0, h}, Rw[9] = {0, -1, 0, 1, 0, 0, 0, 0, 1}, R[9];
    spconv_mat_from_quat_wxyz(R, q);
    EXPECT_VEC_NEAR(R, Rw, 9, TEST_TOL);
  }
  { /* 180 about n = (1, 1, 0)/sqrt 2: R = 2 n n^T - I = [[0,1,0],[1,0,0],[0,0,-1]],
       q = (0, h, h, 0) */
    spconv_real R[9] = {0, 1, 0, 1, 0, 0, 0, 0, -1}, q[4] = {0, h, h, 0}, M[9];
    spconv_mat_from_quat_wxyz(M, q);
    EXPECT_VEC_NEAR(M, R, 9, TEST_TOL);
  }
}

static void test_quat_wxyz_from_mat_known_values(void **state) {
  const spconv_real h = R_(0.70710678118654752440);
  (void)state;
  { /* 90 about z */
    spconv_real q[4] = {h, 0, 0, h}, Rw[9] = {0, -1, 0, 1, 0, 0, 0, 0, 1}, res[4];
    assert_int_equal(spconv_quat_wxyz_from_mat(res, Rw), SPCONV_OK);
    EXPECT_VEC_NEAR(res, q, 4, TEST_TOL);
  }
  { /* 180 about x: R = diag(1, -1, -1), q = (0, 1, 0, 0) (exactly: 4x^2 = 4 wins) */
    spconv_real R[9] = {1, 0, 0, 0, -1, 0, 0, 0, -1}, q[4], want[4] = {0, 1, 0, 0};
    assert_int_equal(spconv_quat_wxyz_from_mat(q, R), SPCONV_OK);
    EXPECT_VEC_EQUAL(q, want, 4);
  }
  { /* 180 about (1, 1, 0)/sqrt 2 */
    spconv_real R[9] = {0, 1, 0, 1, 0, 0, 0, 0, -1}, q[4], want[4] = {0, h, h, 0};
    assert_int_equal(spconv_quat_wxyz_from_mat(q, R), SPCONV_OK);
    EXPECT_VEC_NEAR(q, want, 4, TEST_TOL);
  }
  { /* 120 about (1,1,1)/sqrt 3 maps x -> y -> z -> x: columns e_y, e_z, e_x,
       q = (cos 60, sin 60 / sqrt 3 (1,1,1)) = (1/2, 1/2, 1/2, 1/2) */
    spconv_real R[9] = {0, 0, 1, 1, 0, 0, 0, 1, 0}, q[4], want[4] = {R_(0.5), R_(0.5), R_(0.5), R_(0.5)};
    assert_int_equal(spconv_quat_wxyz_from_mat(q, R), SPCONV_OK);
    EXPECT_VEC_NEAR(q, want, 4, TEST_TOL);
  }
}

static void test_rotvec_from_quat_wxyz_known_values(void **state) {
  const spconv_real h = R_(0.70710678118654752440);
  (void)state;
  { /* 90 about z: rv = (0, 0, pi/2) */
    spconv_real q[4] = {h, 0, 0, h}, rv[3], rvw[3] = {0, 0, R_(PI / 2)};
    spconv_rotvec_from_quat_wxyz(rv, q);
    EXPECT_VEC_NEAR(rv, rvw, 3, TEST_TOL);
  }
  { /* 180 about x, q = (0, 1, 0, 0): rv = (pi, 0, 0); the same rotation
       stored as (0, -1, 0, 0) has the same canonical rotvec */
    spconv_real q[4] = {0, 1, 0, 0}, rv[3], rvw[3] = {R_(PI), 0, 0};
    spconv_rotvec_from_quat_wxyz(rv, q);
    EXPECT_VEC_NEAR(rv, rvw, 3, TEST_TOL);
    q[1] = -1;
    spconv_rotvec_from_quat_wxyz(rv, q);
    EXPECT_VEC_NEAR(rv, rvw, 3, TEST_TOL);
  }
  { /* identity: rotvec 0 */
    spconv_real q[4] = {3, 0, 0, 0}, rv[3], z[3] = {0, 0, 0};
    spconv_rotvec_from_quat_wxyz(rv, q);
    EXPECT_VEC_EQUAL(rv, z, 3);
  }
}

static void test_quat_wxyz_from_rotvec_known_values(void **state) {
  const spconv_real h = R_(0.70710678118654752440);
  spconv_real q[4] = {h, 0, 0, h}, rvw[3] = {0, 0, R_(PI / 2)}, res[4];
  (void)state;
  spconv_quat_wxyz_from_rotvec(res, rvw);
  EXPECT_VEC_NEAR(res, q, 4, TEST_TOL);
}

static void test_axis_angle_from_quat_wxyz_known_values(void **state) {
  const spconv_real h = R_(0.70710678118654752440);
  (void)state;
  { /* 90 about z */
    spconv_real q[4] = {h, 0, 0, h}, axis[3] = {0}, angle = 0, zw[3] = {0, 0, 1};
    assert_int_equal(spconv_axis_angle_from_quat_wxyz(axis, &angle, q), SPCONV_OK);
    EXPECT_VEC_NEAR(axis, zw, 3, TEST_TOL);
    EXPECT_NEAR(angle, PI / 2, TEST_TOL, 1);
  }
  { /* identity: axis-angle (1, 0, 0), 0 */
    spconv_real q[4] = {3, 0, 0, 0}, axis[3] = {0}, angle = 1, ex[3] = {1, 0, 0};
    assert_int_equal(spconv_axis_angle_from_quat_wxyz(axis, &angle, q), SPCONV_OK);
    EXPECT_VEC_EQUAL(axis, ex, 3);
    assert_true(angle == 0);
  }
}

static void test_quat_wxyz_from_axis_angle_known_values(void **state) {
  const spconv_real h = R_(0.70710678118654752440);
  (void)state;
  { /* 90 about z */
    spconv_real q[4] = {h, 0, 0, h}, zw[3] = {0, 0, 1}, res[4];
    spconv_quat_wxyz_from_axis_angle(res, zw, R_(PI / 2));
    EXPECT_VEC_NEAR(res, q, 4, TEST_TOL);
  }
  { /* 120 about (1, 1, 1), the axis not unit */
    spconv_real want[4] = {R_(0.5), R_(0.5), R_(0.5), R_(0.5)}, axis[3] = {1, 1, 1}, res[4];
    spconv_quat_wxyz_from_axis_angle(res, axis, R_(2 * PI / 3));
    EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
  }
}

/* Values computed with SciPy 1.10.1. q1 = Rotation.from_quat([0.1, -0.7, 0.3, 0.6])
   (xyzw, not unit: SciPy normalizes) and its as_euler(seq) for several seqs. */
static void test_euler_from_quat_wxyz_scipy_values(void **state) {
  spconv_real q1_xyzw[4] = {R_(0.1), R_(-0.7), R_(0.3), R_(0.6)}, q1[4], e[3], q[4];
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

/* SciPy 1.10.1: as_rotvec() of q1 = Rotation.from_quat([0.1, -0.7, 0.3, 0.6]) */
static void test_rotvec_from_quat_wxyz_scipy_values(void **state) {
  spconv_real q1_xyzw[4] = {R_(0.1), R_(-0.7), R_(0.3), R_(0.6)}, q1[4], rv[3];
  spconv_real want[3] = {R_(0.23633601902894294), R_(-1.6543521332026005), R_(0.7090080570868288)};
  (void)state;
  spconv_quat_wxyz_from_xyzw(q1, q1_xyzw);
  spconv_rotvec_from_quat_wxyz(rv, q1);
  EXPECT_VEC_NEAR(rv, want, 3, TEST_TOL);
}

static void test_quat_wxyz_from_euler_scipy_values(void **state) {
  spconv_real q[4];
  (void)state;
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
}

/* SciPy 1.10.1: from_rotvec([0.2, -1.4, 2.0]).as_quat() (xyzw) */
static void test_quat_wxyz_from_rotvec_scipy_values(void **state) {
  spconv_real v[3] = {R_(0.2), R_(-1.4), R_(2.0)}, q[4];
  spconv_real want[4] = {R_(0.33918598898694735), R_(0.07680941196124977),
                         R_(-0.5376658837287484), R_(0.7680941196124976)};
  (void)state;
  spconv_quat_wxyz_from_rotvec(q, v);
  EXPECT_VEC_NEAR(q, want, 4, TEST_TOL);
}

/* Named conventions: URDF / ROS rpy, Isaac Lab's quat_from_euler_xyz, Drake's
   RollPitchYaw are all R = Rz(yaw) Ry(pitch) Rx(roll). Isaac Lab publishes
   its formula (isaaclab.utils.math.quat_from_euler_xyz), with half angles
   cr = cos(roll / 2), sr = sin(roll / 2) and so on:
     w = cy cr cp + sy sr sp,  x = cy sr cp - sy cr sp,
     y = cy cr sp + sy sr cp,  z = sy cr cp - cy sr sp.
   Each test draws the same random rpy (seed 301). */
static void named_draw(spconv_real rpy[3], spconv_real want[4]) {
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
}

typedef void (*named_check)(const spconv_real rpy[3], const spconv_real want[4]);

static void for_all_named_cases(named_check check) {
  int n;
  test_seed(301);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real rpy[3], want[4];
    named_draw(rpy, want);
    check(rpy, want);
  }
}

/* Isaac Lab's formula; fixed axes x, then y, then z */
static void check_urdf_rpy(const spconv_real rpy[3], const spconv_real want[4]) {
  spconv_real q[4], R[9], Rdef[9];
  spconv_quat_wxyz_from_urdf_rpy(q, rpy);
  EXPECT_VEC_NEAR(q, want, 4, TEST_TOL);
  euler_by_definition(Rdef, rpy, 0, SPCONV_EULER_EXTRINSIC);
  spconv_mat_from_quat_wxyz(R, q);
  EXPECT_VEC_NEAR(R, Rdef, 9, TEST_TOL);
}

static void test_quat_wxyz_from_urdf_rpy(void **state) {
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
  for_all_named_cases(check_urdf_rpy);
}

static void check_isaaclab(const spconv_real rpy[3], const spconv_real want[4]) {
  spconv_real qi[4];
  spconv_quat_wxyz_from_isaaclab_euler_xyz(qi, rpy[0], rpy[1], rpy[2]);
  EXPECT_VEC_NEAR(qi, want, 4, TEST_TOL);
}

TEST_RUN(test_quat_wxyz_from_isaaclab_euler_xyz, for_all_named_cases(check_isaaclab))

static void check_drake_rpy(const spconv_real rpy[3], const spconv_real want[4]) {
  spconv_real qd[4];
  spconv_quat_wxyz_from_drake_rpy(qd, rpy);
  EXPECT_VEC_NEAR(qd, want, 4, TEST_TOL);
}

TEST_RUN(test_quat_wxyz_from_drake_rpy, for_all_named_cases(check_drake_rpy))

/* and back: pitch in [-pi/2, pi/2] */
static void check_urdf_rpy_back(const spconv_real rpy[3], const spconv_real want[4]) {
  spconv_real q[4], back[3] = {0}, qr[4];
  (void)want;
  spconv_quat_wxyz_from_urdf_rpy(q, rpy);
  assert_int_equal(spconv_urdf_rpy_from_quat_wxyz(back, q), SPCONV_OK);
  EXPECT_ANGLES_NEAR(back, rpy, TEST_TOL * 10);
  spconv_quat_wxyz_from_urdf_rpy(qr, back);
  EXPECT_SAME_ROT(qr, q, TEST_TOL);
}

TEST_RUN(test_urdf_rpy_from_quat_wxyz, for_all_named_cases(check_urdf_rpy_back))

/* ======================================================== quaternion algebra */

/* the inputs of one quaternion-algebra case, drawn in one sequence (seed
   302): a slerp parameter t, two non-unit quaternions a and b, an angle th
   and an axis k */
typedef struct algebra_case {
  double t, th;
  spconv_real a[4], b[4], k[3];
} algebra_case;

typedef void (*algebra_check)(const algebra_case *c);

static void for_all_algebra_cases(algebra_check check) {
  int n;
  test_seed(302);
  for (n = 0; n < TEST_CASES; ++n) {
    algebra_case c;
    c.t = test_uniform(-0.5, 1.5);
    test_rand_quat(c.a);
    test_rand_quat(c.b);
    c.th = test_uniform(0, PI);
    test_rand_vec(c.k, 3, 1.0);
    check(&c);
  }
}

/* the rotation vector of conj(a) b: the turn from a to b, in a's axes */
static void algebra_rotvec(spconv_real rv[3], const algebra_case *c) {
  spconv_real ac[4], r[4];
  spconv_quat_conj_wxyz(ac, c->a);
  spconv_quat_mul_wxyz(r, ac, c->b);
  spconv_rotvec_from_quat_wxyz(rv, r);
}

/* inverse of a non-unit quaternion */
static void check_inv(const algebra_case *c) {
  spconv_real inv[4], prod[4], one[4] = {1, 0, 0, 0};
  spconv_quat_inv_wxyz(inv, c->a);
  spconv_quat_mul_wxyz(prod, c->a, inv);
  EXPECT_VEC_NEAR(prod, one, 4, TEST_TOL);
  spconv_quat_mul_wxyz(prod, inv, c->a);
  EXPECT_VEC_NEAR(prod, one, 4, TEST_TOL);
}

TEST_RUN(test_quat_inv_wxyz, for_all_algebra_cases(check_inv))

/* normalize: unit, same direction */
static void check_normalize(const algebra_case *c) {
  spconv_real u[4] = {0}, want[4];
  int i;
  assert_int_equal(spconv_quat_normalize_wxyz(u, c->a), SPCONV_OK);
  EXPECT_NEAR(norm_n(u, 4), 1, TEST_TOL, 1);
  for (i = 0; i < 4; ++i) want[i] = (spconv_real)((double)c->a[i] / norm_n(c->a, 4));
  EXPECT_VEC_NEAR(u, want, 4, TEST_TOL);
}

TEST_RUN(test_quat_normalize_wxyz, for_all_algebra_cases(check_normalize))

/* canonical: w >= 0, the same rotation */
static void check_canonical(const algebra_case *c) {
  spconv_real cq[4];
  spconv_quat_canonical_wxyz(cq, c->a);
  assert_true(cq[0] >= 0);
  assert_true(fabs(fabs(dot4(cq, c->a)) - dot4(c->a, c->a)) <= 1e-6 * dot4(c->a, c->a)); /* c = +-a */
}

/* canonical sign: SciPy's rule (w >= 0, then the first nonzero of x, y, z) */
static void test_quat_canonical_wxyz(void **state) {
  spconv_real a[4] = {-1, 2, -3, 4}, wa[4] = {1, -2, 3, -4};
  spconv_real b[4] = {0, 0, -1, 2}, wb[4] = {0, 0, 1, -2};
  spconv_real c[4] = {0, R_(-0.0), 0, -1}, wc[4] = {0, 0, 0, 1};
  spconv_real d[4] = {0, 3, -1, 0}, wd[4] = {0, 3, -1, 0};
  spconv_real z[4] = {0, 0, 0, 0}, res[4];
  (void)state;
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
  for_all_algebra_cases(check_canonical);
}

/* angle: the angle of the rotation conj(a) b, in [0, pi]; 0 to itself and
   to -a; th for a turn by th about k after a */
static void check_angle(const algebra_case *c) {
  spconv_real rv[3], r[4], mid[4], neg[4];
  double ang = (double)spconv_quat_angle_wxyz(c->a, c->b);
  int i;
  algebra_rotvec(rv, c);
  EXPECT_NEAR(ang, norm_n(rv, 3), TEST_TOL, 1);
  assert_true(ang >= 0 && ang <= PI);
  EXPECT_NEAR(spconv_quat_angle_wxyz(c->a, c->a), 0, TEST_TOL, 1);
  for (i = 0; i < 4; ++i) neg[i] = -c->a[i];
  EXPECT_NEAR(spconv_quat_angle_wxyz(c->a, neg), 0, TEST_TOL, 1);
  if (norm_n(c->k, 3) < 1e-3) return;
  spconv_quat_wxyz_from_axis_angle(r, c->k, (spconv_real)c->th);
  spconv_quat_mul_wxyz(mid, c->a, r);
  EXPECT_NEAR(spconv_quat_angle_wxyz(c->a, mid), c->th, TEST_TOL * 10, 1);
}

static void test_quat_angle_wxyz(void **state) {
  (void)state;
  { /* from the identity to 90 about z stored with w < 0 */
    spconv_real a[4] = {1, 0, 0, 0}, b[4] = {R_(-0.70710678118654752440), 0, 0,
                                             R_(-0.70710678118654752440)};
    EXPECT_NEAR(spconv_quat_angle_wxyz(a, b), PI / 2, TEST_TOL, 1);
  }
  for_all_algebra_cases(check_angle);
}

/* slerp: the rotation a (x) exp(t rv) with rv = rotvec(conj(a) b), the
   shortest arc, at constant rate; a at t = 0, b at t = 1 */
static void check_slerp(const algebra_case *c) {
  spconv_real rv[3], r[4], mid[4], k[3], res[4];
  int i;
  algebra_rotvec(rv, c);
  spconv_quat_slerp_wxyz(res, c->a, c->b, (spconv_real)c->t);
  for (i = 0; i < 3; ++i) k[i] = (spconv_real)(c->t * (double)rv[i]);
  spconv_quat_wxyz_from_rotvec(r, k);
  spconv_quat_mul_wxyz(mid, c->a, r);
  EXPECT_SAME_ROT(res, mid, TEST_TOL * 10);
  EXPECT_NEAR(norm_n(res, 4), 1, TEST_TOL, 1);
  spconv_quat_slerp_wxyz(res, c->a, c->b, 0);
  EXPECT_SAME_ROT(res, c->a, TEST_TOL);
  spconv_quat_slerp_wxyz(res, c->a, c->b, 1);
  EXPECT_SAME_ROT(res, c->b, TEST_TOL);
}

static void test_quat_slerp_wxyz(void **state) {
  (void)state;
  { /* halfway from identity to 90 about z is 45 about z; the shortest path
       is taken when b is stored with w < 0 */
    spconv_real a[4] = {1, 0, 0, 0}, b[4] = {R_(-0.70710678118654752440), 0, 0,
                                             R_(-0.70710678118654752440)};
    spconv_real want[4] = {R_(cos(PI / 8)), 0, 0, R_(sin(PI / 8))}, res[4];
    spconv_quat_slerp_wxyz(res, a, b, R_(0.5));
    EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
  }
  for_all_algebra_cases(check_slerp);
}

/* ================================================================ matrices */

/* the inputs of one matrix case (seed 303): a non-unit quaternion q and its
   matrix R, a scale 10^U(-3, 3) and a perturbation in [-0.2, 0.2)^9 */
typedef struct matrix_case {
  spconv_real q[4], R[9];
  double c, noise[9];
} matrix_case;

typedef void (*matrix_check)(const matrix_case *m);

static void for_all_matrix_cases(matrix_check check) {
  int n, i;
  test_seed(303);
  for (n = 0; n < TEST_CASES; ++n) {
    matrix_case m;
    test_rand_quat(m.q);
    m.c = pow(10.0, test_uniform(-3, 3));
    for (i = 0; i < 9; ++i) m.noise[i] = test_uniform(-0.2, 0.2);
    spconv_mat_from_quat_wxyz(m.R, m.q);
    check(&m);
  }
}

/* the matrix against the foundation's rotation of the basis vectors */
static void check_mat_from_quat(const matrix_case *m) {
  spconv_real Rref[9];
  test_mat_of_quat(Rref, m->q);
  EXPECT_VEC_NEAR(m->R, Rref, 9, TEST_TOL);
}

static void test_mat_from_quat_wxyz(void **state) {
  (void)state;
  { /* xmat is body -> world: a body turned +90 about world y has its +x axis
       along world -z (Ptera's check): column 0 of the matrix is (0, 0, -1) */
    spconv_real q[4] = {R_(0.70710678118654752440), 0, R_(0.70710678118654752440), 0};
    spconv_real R[9], col0[3], want[3] = {0, 0, -1};
    spconv_mat_from_quat_wxyz(R, q);
    col0[0] = R[0];
    col0[1] = R[3];
    col0[2] = R[6];
    EXPECT_VEC_NEAR(col0, want, 3, TEST_TOL);
  }
  for_all_matrix_cases(check_mat_from_quat);
}

/* back to the canonical unit quaternion */
static void check_quat_from_mat(const matrix_case *m) {
  spconv_real q2[4] = {0}, qc[4] = {0};
  assert_int_equal(spconv_quat_wxyz_from_mat(q2, m->R), SPCONV_OK);
  assert_int_equal(spconv_quat_normalize_wxyz(qc, m->q), SPCONV_OK);
  spconv_quat_canonical_wxyz(qc, qc);
  EXPECT_VEC_NEAR(q2, qc, 4, TEST_TOL);
  assert_true(q2[0] >= 0);
}

TEST_RUN(test_quat_wxyz_from_mat, for_all_matrix_cases(check_quat_from_mat))

/* the transpose is the inverse */
static void check_transpose(const matrix_case *m) {
  spconv_real Rt[9], RtR[9], I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  spconv_mat_transpose(Rt, m->R);
  test_mat_mul(RtR, Rt, m->R);
  EXPECT_VEC_NEAR(RtR, I, 9, TEST_TOL);
}

static void test_mat_transpose(void **state) {
  (void)state;
  { /* the transpose of xmat maps world -z back to body x (body turned +90
       about world y) */
    spconv_real q[4] = {R_(0.70710678118654752440), 0, R_(0.70710678118654752440), 0};
    spconv_real R[9], Rt[9], v[3] = {0, 0, -1}, b[3], ex[3] = {1, 0, 0};
    spconv_mat_from_quat_wxyz(R, q);
    spconv_mat_transpose(Rt, R);
    test_mat_vec(b, Rt, v);
    EXPECT_VEC_NEAR(b, ex, 3, TEST_TOL);
  }
  for_all_matrix_cases(check_transpose);
}

/* a rotation is its own nearest rotation, also scaled; a perturbed rotation
   gives Q orthonormal with det 1, the polar factor (Q^T M symmetric
   positive definite) */
static void check_orthonormalize(const matrix_case *m) {
  spconv_real M[9], Q[9] = {0};
  double err, det, Qt[9], Md[9], S[9], asym = 0, smax = 0;
  int i, j;
  for (i = 0; i < 9; ++i) M[i] = (spconv_real)(m->c * (double)m->R[i]);
  assert_int_equal(spconv_mat_orthonormalize(Q, M), SPCONV_OK);
  EXPECT_VEC_NEAR(Q, m->R, 9, TEST_TOL);
  for (i = 0; i < 9; ++i) M[i] = (spconv_real)((double)m->R[i] + m->noise[i]);
  if (spconv_mat_orthonormalize(Q, M) != SPCONV_OK) {
    assert_true(test_det3(M) <= 0); /* only when the noise made it singular or a reflection */
    return;
  }
  mat_orthonormality_error(&err, &det, Q);
  EXPECT_NEAR(err, 0, TEST_TOL, 1);
  EXPECT_NEAR(det, 1, TEST_TOL, 1);
  for (i = 0; i < 9; ++i) {
    Qt[i] = (double)Q[3 * (i % 3) + i / 3];
    Md[i] = (double)M[i];
  }
  test_mat_mul_d(S, Qt, Md); /* S = Q^T M */
  for (i = 0; i < 9; ++i) smax = fmax(smax, fabs(S[i]));
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) asym = fmax(asym, fabs(S[3 * i + j] - S[3 * j + i]));
  EXPECT_NEAR(asym, 0, TEST_TOL * 10, smax);
  assert_true(S[0] > 0 && S[4] > 0 && S[8] > 0); /* diagonal of an SPD matrix */
}

static void test_mat_orthonormalize(void **state) {
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
  for_all_matrix_cases(check_orthonormalize);
}

/* ============================================ axis-angle and rotation vector */

/* The cases (seed 304): an axis k (a case is skipped when |k| < 1e-3), an
   angle th from 1e-12 to pi - 1e-6, rv = th k / |k|, and q = exp(rv / 2)
   scaled by 10^U(-2, 2), negative for odd n. */
typedef struct rotvec_case {
  spconv_real k[3], rv[3], q[4];
  double kn, th;
} rotvec_case;

typedef void (*rotvec_check)(const rotvec_case *c);

static void for_all_rotvec_cases(rotvec_check check) {
  int n, i;
  test_seed(304);
  for (n = 0; n < TEST_CASES; ++n) {
    rotvec_case c;
    double scale;
    test_rand_vec(c.k, 3, 1.0);
    c.kn = norm_n(c.k, 3);
    if (c.kn < 1e-3) continue;
    c.th = n % 4 == 0 ? pow(10.0, test_uniform(-12, -3)) : test_uniform(0, PI - 1e-6);
    for (i = 0; i < 3; ++i) c.rv[i] = (spconv_real)((double)c.k[i] / c.kn * c.th);
    scale = pow(10.0, test_uniform(-2, 2)) * (n % 2 ? -1 : 1);
    spconv_quat_wxyz_from_rotvec(c.q, c.rv);
    for (i = 0; i < 4; ++i) c.q[i] = (spconv_real)((double)c.q[i] * scale);
    check(&c);
  }
}

/* unit, w >= 0, and the half-angle definition */
static void check_quat_from_rotvec(const rotvec_case *c) {
  spconv_real q[4], want[4];
  int i;
  spconv_quat_wxyz_from_rotvec(q, c->rv);
  EXPECT_NEAR(norm_n(q, 4), 1, TEST_TOL, 1);
  assert_true(q[0] >= 0);
  want[0] = (spconv_real)cos(c->th / 2);
  for (i = 0; i < 3; ++i) want[i + 1] = (spconv_real)(sin(c->th / 2) * (double)c->k[i] / c->kn);
  EXPECT_VEC_NEAR(q, want, 4, TEST_TOL);
}

TEST_RUN(test_quat_wxyz_from_rotvec, for_all_rotvec_cases(check_quat_from_rotvec))

/* round trip, relative to |rv| so that tiny vectors are checked too */
static void check_rotvec_from_quat(const rotvec_case *c) {
  spconv_real back[3], d[3], z[3] = {0, 0, 0};
  int i;
  spconv_rotvec_from_quat_wxyz(back, c->q);
  for (i = 0; i < 3; ++i) d[i] = (spconv_real)(((double)back[i] - (double)c->rv[i]) / c->th);
  EXPECT_VEC_NEAR(d, z, 3, TEST_TOL * 10);
}

TEST_RUN(test_rotvec_from_quat_wxyz, for_all_rotvec_cases(check_rotvec_from_quat))

/* axis-angle: unit axis, angle = |rv| */
static void check_axis_angle_from_quat(const rotvec_case *c) {
  spconv_real axis[3] = {0}, angle = 0, ku[3];
  int i;
  assert_int_equal(spconv_axis_angle_from_quat_wxyz(axis, &angle, c->q), SPCONV_OK);
  EXPECT_NEAR(angle, c->th, TEST_TOL, 1);
  EXPECT_NEAR(norm_n(axis, 3), 1, TEST_TOL, 1);
  for (i = 0; i < 3; ++i) ku[i] = (spconv_real)((double)c->k[i] / c->kn);
  EXPECT_VEC_NEAR(axis, ku, 3, TEST_TOL);
}

TEST_RUN(test_axis_angle_from_quat_wxyz, for_all_rotvec_cases(check_axis_angle_from_quat))

/* the axis need not be unit */
static void check_quat_from_axis_angle(const rotvec_case *c) {
  spconv_real qa[4];
  spconv_quat_wxyz_from_axis_angle(qa, c->k, (spconv_real)c->th);
  EXPECT_SAME_ROT(qa, c->q, TEST_TOL);
}

TEST_RUN(test_quat_wxyz_from_axis_angle, for_all_rotvec_cases(check_quat_from_axis_angle))

/* near and at pi: the shortest of q and -q, the same rotation */
/* rot_convert_n: quaternions from rotation vectors have w >= 0 also when
   |rv| > pi (the same rotation as the shorter vector) */
static void test_rot_convert_n_rotvec_beyond_pi(void **state) {
  const spconv_real rv[9] = {4, 0, 0, 0, 0, (spconv_real)3.5, 1, 2, 3};
  spconv_real q[12], back[12], R[27], Rq[9];
  int k;
  (void)state;
  assert_int_equal(spconv_rot_convert_n(q, SPCONV_ROT_QUAT_WXYZ, rv, SPCONV_ROT_ROTVEC, 3), SPCONV_OK);
  assert_int_equal(spconv_rot_convert_n(back, SPCONV_ROT_QUAT_XYZW, rv, SPCONV_ROT_ROTVEC, 3), SPCONV_OK);
  assert_int_equal(spconv_rot_convert_n(R, SPCONV_ROT_MAT, rv, SPCONV_ROT_ROTVEC, 3), SPCONV_OK);
  for (k = 0; k < 3; ++k) {
    assert_true(q[4 * k] >= 0);
    assert_true(back[4 * k + 3] >= 0);
    spconv_mat_from_quat_wxyz(Rq, q + 4 * k); /* the same rotation as the vector */
    EXPECT_VEC_NEAR(Rq, R + 9 * k, 9, 10 * TEST_TOL);
  }
}

static void test_rotvec_quat_wxyz_near_pi(void **state) {
  int n;
  (void)state;
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
   back from quaternions and from matrices, for random rotations too. Each
   test runs the same cases: for each of the 12 x 2 conventions, TEST_CASES
   / 10 draws (seed 306) of a scale c, well-conditioned angles and a random
   rotation. */
typedef struct euler_case {
  int s;
  spconv_euler_seq seq;
  spconv_euler_kind kind;
  double c;
  spconv_real ang[3], rq[4];
} euler_case;

typedef void (*euler_check)(const euler_case *e, int n);

static void for_all_euler_cases(euler_check check) {
  int s, kk, n;
  test_seed(306);
  for (s = 0; s < 12; ++s)
    for (kk = 0; kk < 2; ++kk)
      for (n = 0; n < TEST_CASES / 10; ++n) {
        euler_case e;
        e.s = s;
        e.seq = all_seqs[s];
        e.kind = kk ? SPCONV_EULER_INTRINSIC : SPCONV_EULER_EXTRINSIC;
        e.c = pow(10.0, test_uniform(-2, 2));
        rand_euler(e.ang, s, 0.05);
        test_rand_quat(e.rq);
        check(&e, n);
      }
}

/* against the definition, and intrinsic (1, 2, 3) with (a, b, c) is
   extrinsic (3, 2, 1) with (c, b, a): checked through the product of
   axis-angle quaternions (the plain product, same sign) */
static void check_quat_from_euler(const euler_case *e, int n) {
  spconv_real q[4] = {0}, R[9], Rdef[9], qs[3][4], t[4];
  int i;
  (void)n;
  assert_int_equal(spconv_quat_wxyz_from_euler(q, e->ang, e->seq, e->kind), SPCONV_OK);
  euler_by_definition(Rdef, e->ang, e->s, e->kind);
  spconv_mat_from_quat_wxyz(R, q);
  EXPECT_VEC_NEAR(R, Rdef, 9, TEST_TOL);
  for (i = 0; i < 3; ++i) {
    spconv_real ax[3] = {0, 0, 0};
    ax[seq_axis(e->s, i)] = 1;
    spconv_quat_wxyz_from_axis_angle(qs[i], ax, e->ang[i]);
  }
  if (e->kind == SPCONV_EULER_INTRINSIC) {
    spconv_quat_mul_wxyz(t, qs[0], qs[1]);
    spconv_quat_mul_wxyz(t, t, qs[2]);
  } else {
    spconv_quat_mul_wxyz(t, qs[2], qs[1]);
    spconv_quat_mul_wxyz(t, t, qs[0]);
  }
  EXPECT_VEC_NEAR(q, t, 4, TEST_TOL);
}

TEST_RUN(test_quat_wxyz_from_euler_all_conventions, for_all_euler_cases(check_quat_from_euler))

static void check_mat_from_euler(const euler_case *e, int n) {
  spconv_real R[9], Rdef[9];
  (void)n;
  euler_by_definition(Rdef, e->ang, e->s, e->kind);
  assert_int_equal(spconv_mat_from_euler(R, e->ang, e->seq, e->kind), SPCONV_OK);
  EXPECT_VEC_NEAR(R, Rdef, 9, TEST_TOL);
}

TEST_RUN(test_mat_from_euler_all_conventions, for_all_euler_cases(check_mat_from_euler))

/* back from a scaled and possibly negated quaternion, in range; for a
   random rotation the angles rebuild it */
static void check_euler_from_quat(const euler_case *e, int n) {
  spconv_real q[4] = {0}, qn[4], ea[3] = {0}, qr[4] = {0};
  int i, st;
  assert_int_equal(spconv_quat_wxyz_from_euler(q, e->ang, e->seq, e->kind), SPCONV_OK);
  for (i = 0; i < 4; ++i) qn[i] = (spconv_real)((double)q[i] * e->c * (n % 2 ? -1 : 1));
  assert_int_equal(spconv_euler_from_quat_wxyz(ea, qn, e->seq, e->kind), SPCONV_OK);
  EXPECT_ANGLES_NEAR(ea, e->ang, TEST_TOL * 10);
  for (i = 0; i < 3; i += 2)
    assert_true((double)ea[i] > -PI - TEST_TOL && (double)ea[i] <= PI + TEST_TOL);
  if (is_proper(e->s)) assert_true(ea[1] >= 0 && (double)ea[1] <= PI + TEST_TOL);
  else assert_true(fabs((double)ea[1]) <= PI / 2 + TEST_TOL);
  st = spconv_euler_from_quat_wxyz(ea, e->rq, e->seq, e->kind);
  assert_true(st == SPCONV_OK || st == SPCONV_GIMBAL_LOCK);
  assert_int_equal(spconv_quat_wxyz_from_euler(qr, ea, e->seq, e->kind), SPCONV_OK);
  EXPECT_SAME_ROT(qr, e->rq, TEST_TOL);
}

TEST_RUN(test_euler_from_quat_wxyz_all_conventions, for_all_euler_cases(check_euler_from_quat))

static void check_euler_from_mat(const euler_case *e, int n) {
  spconv_real R[9], e2[3] = {0};
  (void)n;
  assert_int_equal(spconv_mat_from_euler(R, e->ang, e->seq, e->kind), SPCONV_OK);
  assert_int_equal(spconv_euler_from_mat(e2, R, e->seq, e->kind), SPCONV_OK);
  EXPECT_ANGLES_NEAR(e2, e->ang, TEST_TOL * 10);
}

TEST_RUN(test_euler_from_mat_all_conventions, for_all_euler_cases(check_euler_from_mat))

/* At and near gimbal lock: exactly locked inputs are flagged, with the third
   angle 0 and the same rotation; inputs 1e-9, 1e-6 and 1e-4 from lock rebuild
   the rotation to rounding whether flagged or not (1e-4 is never flagged).
   Both tests run the same cases (seed 307). */
typedef void (*lock_check)(const spconv_real q[4], spconv_euler_seq seq, spconv_euler_kind kind,
                           double off);

static void for_all_lock_cases(lock_check check) {
  int s, kk, n;
  test_seed(307);
  for (s = 0; s < 12; ++s)
    for (kk = 0; kk < 2; ++kk) {
      spconv_euler_kind kind = kk ? SPCONV_EULER_INTRINSIC : SPCONV_EULER_EXTRINSIC;
      spconv_euler_seq seq = all_seqs[s];
      for (n = 0; n < 200; ++n) {
        spconv_real ang[3], q[4] = {0};
        double lock = is_proper(s) ? (n % 2 ? PI : 0.0) : (n % 2 ? PI / 2 : -PI / 2);
        double off = n % 8 < 2 ? 0.0 : n % 8 < 4 ? 1e-9 : n % 8 < 6 ? 1e-6 : 1e-4;
        rand_euler(ang, s, 0.0);
        ang[1] = (spconv_real)(lock + (lock > 0 ? -off : off));
        assert_int_equal(spconv_quat_wxyz_from_euler(q, ang, seq, kind), SPCONV_OK);
        check(q, seq, kind, off);
      }
    }
}

static void check_euler_from_quat_lock(const spconv_real q[4], spconv_euler_seq seq,
                                       spconv_euler_kind kind, double off) {
  spconv_real e[3] = {0}, qr[4] = {0};
  int st = spconv_euler_from_quat_wxyz(e, q, seq, kind);
  if (off == 0.0) assert_int_equal(st, SPCONV_GIMBAL_LOCK);
  if (off >= 1e-4) assert_int_equal(st, SPCONV_OK); /* well outside the 16 eps band */
  assert_true(st == SPCONV_OK || st == SPCONV_GIMBAL_LOCK);
  if (st == SPCONV_GIMBAL_LOCK) assert_true(e[2] == 0);
  assert_int_equal(spconv_quat_wxyz_from_euler(qr, e, seq, kind), SPCONV_OK);
  EXPECT_SAME_ROT(qr, q, TEST_TOL);
}

TEST_RUN(test_euler_from_quat_wxyz_gimbal_lock, for_all_lock_cases(check_euler_from_quat_lock))

/* the matrix path agrees */
static void check_euler_from_mat_lock(const spconv_real q[4], spconv_euler_seq seq,
                                      spconv_euler_kind kind, double off) {
  spconv_real e[3] = {0}, qr[4] = {0}, R[9];
  int st;
  spconv_mat_from_quat_wxyz(R, q);
  st = spconv_euler_from_mat(e, R, seq, kind);
  if (off == 0.0) assert_int_equal(st, SPCONV_GIMBAL_LOCK);
  assert_int_equal(spconv_quat_wxyz_from_euler(qr, e, seq, kind), SPCONV_OK);
  EXPECT_SAME_ROT(qr, q, TEST_TOL);
}

TEST_RUN(test_euler_from_mat_gimbal_lock, for_all_lock_cases(check_euler_from_mat_lock))

/* The parsers: SciPy uppercase = intrinsic, MuJoCo lowercase = intrinsic. */

/* the sequence s as upper- and lowercase strings */
static void seq_strings(char up[4], char lo[4], int s) {
  int i;
  for (i = 0; i < 3; ++i) {
    up[i] = seq_names[s][i];
    lo[i] = (char)(seq_names[s][i] - 'X' + 'x');
  }
  up[3] = lo[3] = '\0';
}

/* strings neither parser accepts */
static const char *const bad_seq_strings[] = {"", "x", "xy", "xyzx", "xyz ", " xyz", "abc", "xxy",
                                              "XYY", "xYz", "XyZ", "xy1", "wxy"};
#define N_BAD_SEQ_STRINGS ((int)(sizeof bad_seq_strings / sizeof bad_seq_strings[0]))

static void test_euler_seq_from_scipy(void **state) {
  int s;
  (void)state;
  for (s = 0; s < 12; ++s) {
    char up[4], lo[4];
    spconv_euler_seq seq = SPCONV_EULER_XYZ;
    spconv_euler_kind kind = SPCONV_EULER_INTRINSIC;
    seq_strings(up, lo, s);
    assert_int_equal(spconv_euler_seq_from_scipy(&seq, &kind, up), SPCONV_OK);
    assert_int_equal(seq, all_seqs[s]);
    assert_int_equal(kind, SPCONV_EULER_INTRINSIC);
    assert_int_equal(spconv_euler_seq_from_scipy(&seq, &kind, lo), SPCONV_OK);
    assert_int_equal(seq, all_seqs[s]);
    assert_int_equal(kind, SPCONV_EULER_EXTRINSIC);
  }
  { /* mixed case is MuJoCo's, not SciPy's */
    spconv_euler_seq seq = SPCONV_EULER_ZYZ;
    spconv_euler_kind kind = SPCONV_EULER_INTRINSIC;
    assert_int_equal(spconv_euler_seq_from_scipy(&seq, &kind, "xYz"), SPCONV_EINVAL);
    assert_int_equal(seq, SPCONV_EULER_ZYZ); /* untouched */
    assert_int_equal(kind, SPCONV_EULER_INTRINSIC);
  }
  { /* bad strings */
    spconv_euler_seq seq = SPCONV_EULER_ZYZ;
    spconv_euler_kind kind = SPCONV_EULER_INTRINSIC;
    int i;
    for (i = 0; i < N_BAD_SEQ_STRINGS; ++i)
      assert_int_equal(spconv_euler_seq_from_scipy(&seq, &kind, bad_seq_strings[i]), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_seq_from_scipy(&seq, &kind, NULL), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_seq_from_scipy(NULL, &kind, "xyz"), SPCONV_EINVAL);
    assert_int_equal(seq, SPCONV_EULER_ZYZ);
    assert_int_equal(kind, SPCONV_EULER_INTRINSIC);
  }
}

static void test_euler_seq_from_mujoco(void **state) {
  int s;
  (void)state;
  for (s = 0; s < 12; ++s) {
    char up[4], lo[4];
    spconv_euler_seq seq = SPCONV_EULER_XYZ;
    spconv_euler_kind kind = SPCONV_EULER_INTRINSIC;
    seq_strings(up, lo, s);
    assert_int_equal(spconv_euler_seq_from_mujoco(&seq, &kind, lo), SPCONV_OK);
    assert_int_equal(seq, all_seqs[s]);
    assert_int_equal(kind, SPCONV_EULER_INTRINSIC);
    assert_int_equal(spconv_euler_seq_from_mujoco(&seq, &kind, up), SPCONV_OK);
    assert_int_equal(seq, all_seqs[s]);
    assert_int_equal(kind, SPCONV_EULER_EXTRINSIC);
  }
  { /* mixed case and repeated axes: accepted by MuJoCo's compiler, not a
       (seq, kind) pair */
    spconv_euler_seq seq = SPCONV_EULER_ZYZ;
    spconv_euler_kind kind = SPCONV_EULER_INTRINSIC;
    assert_int_equal(spconv_euler_seq_from_mujoco(&seq, &kind, "xYz"), SPCONV_EINVAL);
    assert_int_equal(seq, SPCONV_EULER_ZYZ); /* untouched */
    assert_int_equal(kind, SPCONV_EULER_INTRINSIC);
    assert_int_equal(spconv_euler_seq_from_mujoco(&seq, &kind, "xxy"), SPCONV_EINVAL);
  }
  { /* bad strings */
    spconv_euler_seq seq = SPCONV_EULER_ZYZ;
    spconv_euler_kind kind = SPCONV_EULER_INTRINSIC;
    int i;
    for (i = 0; i < N_BAD_SEQ_STRINGS; ++i)
      assert_int_equal(spconv_euler_seq_from_mujoco(&seq, &kind, bad_seq_strings[i]), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_seq_from_mujoco(&seq, &kind, NULL), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_seq_from_mujoco(&seq, NULL, "xyz"), SPCONV_EINVAL);
    assert_int_equal(seq, SPCONV_EULER_ZYZ);
    assert_int_equal(kind, SPCONV_EULER_INTRINSIC);
  }
}

static void test_quat_wxyz_from_mujoco_euler(void **state) {
  int s;
  (void)state;
  for (s = 0; s < 12; ++s) { /* the MuJoCo product rule gives the same quaternion as the parsed pair */
    char up[4], lo[4];
    spconv_real ang[3] = {R_(0.3), R_(-1.1), R_(2.0)}, q1[4], q2[4];
    seq_strings(up, lo, s);
    assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q1, ang, lo), SPCONV_OK);
    assert_int_equal(spconv_quat_wxyz_from_euler(q2, ang, all_seqs[s], SPCONV_EULER_INTRINSIC), SPCONV_OK);
    EXPECT_VEC_NEAR(q1, q2, 4, TEST_TOL);
    assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q1, ang, up), SPCONV_OK);
    assert_int_equal(spconv_quat_wxyz_from_euler(q2, ang, all_seqs[s], SPCONV_EULER_EXTRINSIC), SPCONV_OK);
    EXPECT_VEC_NEAR(q1, q2, 4, TEST_TOL);
  }
  { /* mixed case: MuJoCo's rule (lowercase on the right, uppercase on the
       left): "xYz" = R_y(b) R_x(a) R_z(c); a repeated axis is accepted */
    spconv_real ang[3] = {R_(0.3), R_(-0.7), R_(1.1)}, q[4], qx[4], qy[4], qz[4], t[4];
    spconv_real ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0}, ez[3] = {0, 0, 1};
    spconv_real a2[3] = {R_(0.3), R_(0.3), R_(-0.7)};
    spconv_quat_wxyz_from_axis_angle(qx, ex, ang[0]);
    spconv_quat_wxyz_from_axis_angle(qy, ey, ang[1]);
    spconv_quat_wxyz_from_axis_angle(qz, ez, ang[2]);
    spconv_quat_mul_wxyz(t, qy, qx);
    spconv_quat_mul_wxyz(t, t, qz);
    assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, ang, "xYz"), SPCONV_OK);
    EXPECT_VEC_NEAR(q, t, 4, TEST_TOL);
    spconv_quat_mul_wxyz(t, qx, qx);
    spconv_quat_mul_wxyz(t, t, qy);
    assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, a2, "xxy"), SPCONV_OK);
    EXPECT_VEC_NEAR(q, t, 4, TEST_TOL);
  }
  { /* bad strings: EINVAL, res untouched */
    spconv_real q[4] = {9, 9, 9, 9}, nine[4] = {9, 9, 9, 9}, ang[3] = {0, 0, 0};
    assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, ang, "xy"), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, ang, "xyw"), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, ang, "xyzz"), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, ang, NULL), SPCONV_EINVAL);
    EXPECT_VEC_EQUAL(q, nine, 4);
  }
}

/* ====================================================================== 6D */

/* the cases (seed 308): a random rotation R and, per layout, a
   perturbation in [-0.3, 0.3)^6 */
typedef struct rot6d_case {
  spconv_real R[9];
  double noise[3][6];
} rot6d_case;

typedef void (*rot6d_check)(const rot6d_case *c);

static void for_all_rot6d_cases(rot6d_check check) {
  int n, l, i;
  test_seed(308);
  for (n = 0; n < TEST_CASES; ++n) {
    rot6d_case c;
    spconv_real q[4];
    test_rand_quat(q);
    for (l = 0; l < 3; ++l)
      for (i = 0; i < 6; ++i) c.noise[l][i] = test_uniform(-0.3, 0.3);
    spconv_mat_from_quat_wxyz(c.R, q);
    check(&c);
  }
}

/* every layout accepts a rotation; rows of R are the columns of R^T */
static void check_rot6d_from_mat(const rot6d_case *c) {
  spconv_real Rt[9], d[6], dr[6], dc[6];
  int l;
  spconv_mat_transpose(Rt, c->R);
  for (l = 0; l < 3; ++l)
    assert_int_equal(spconv_rot6d_from_mat(d, c->R, TEST_ROT6D(l)), SPCONV_OK);
  assert_int_equal(spconv_rot6d_from_mat(dr, c->R, SPCONV_ROT6D_ROWS), SPCONV_OK);
  assert_int_equal(spconv_rot6d_from_mat(dc, Rt, SPCONV_ROT6D_COLUMNS), SPCONV_OK);
  EXPECT_VEC_EQUAL(dr, dc, 6);
}

static void test_rot6d_from_mat(void **state) {
  (void)state;
  { /* layouts of a known rotation (entries m0..m8, the storage map); a
       matrix that is not a rotation (1..9) is refused, as by
       spconv_quat_wxyz_from_mat */
    const spconv_real m0 = R_(0.36), m1 = R_(0.48), m2 = R_(-0.8), m3 = R_(-0.8), m4 = R_(0.6),
                      m5 = 0, m6 = R_(0.48), m7 = R_(0.64), m8 = R_(0.6);
    spconv_real M[9], d[6], bad[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    spconv_real cols[6], rows[6], inter[6];
    M[0] = m0; M[1] = m1; M[2] = m2; M[3] = m3; M[4] = m4; M[5] = m5; M[6] = m6; M[7] = m7;
    M[8] = m8;
    cols[0] = m0; cols[1] = m3; cols[2] = m6; cols[3] = m1; cols[4] = m4; cols[5] = m7;
    rows[0] = m0; rows[1] = m1; rows[2] = m2; rows[3] = m3; rows[4] = m4; rows[5] = m5;
    inter[0] = m0; inter[1] = m1; inter[2] = m3; inter[3] = m4; inter[4] = m6; inter[5] = m7;
    d[0] = d[1] = d[2] = d[3] = d[4] = d[5] = 7;
    assert_int_equal(spconv_rot6d_from_mat(d, bad, SPCONV_ROT6D_COLUMNS), SPCONV_EINVAL);
    assert_true(d[0] == 7 && d[5] == 7);
    assert_int_equal(spconv_rot6d_from_mat(d, M, SPCONV_ROT6D_COLUMNS), SPCONV_OK);
    EXPECT_VEC_EQUAL(d, cols, 6);
    assert_int_equal(spconv_rot6d_from_mat(d, M, SPCONV_ROT6D_ROWS), SPCONV_OK);
    EXPECT_VEC_EQUAL(d, rows, 6);
    assert_int_equal(spconv_rot6d_from_mat(d, M, SPCONV_ROT6D_COLUMNS_INTERLEAVED), SPCONV_OK);
    EXPECT_VEC_EQUAL(d, inter, 6);
  }
  for_all_rot6d_cases(check_rot6d_from_mat);
}

/* round trip; noisy, scaled: still a rotation whose first column (row) is
   along a1 */
static void check_mat_from_rot6d(const rot6d_case *c) {
  spconv_real d[6], R2[9], noisy[6];
  int l;
  for (l = 0; l < 3; ++l) {
    spconv_rot6d_layout layout = TEST_ROT6D(l);
    double err, det, a1[3], b1[3], dot;
    int i;
    assert_int_equal(spconv_rot6d_from_mat(d, c->R, layout), SPCONV_OK);
    assert_int_equal(spconv_mat_from_rot6d(R2, d, layout), SPCONV_OK);
    EXPECT_VEC_NEAR(R2, c->R, 9, TEST_TOL);
    for (i = 0; i < 6; ++i) noisy[i] = (spconv_real)(3.0 * ((double)d[i] + c->noise[l][i]));
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
}

static void test_mat_from_rot6d(void **state) {
  (void)state;
  { /* Gram-Schmidt by hand: a1 = (2, 0, 0), a2 = (1, 3, 0) -> b1 = x, b2 = y, b3 = z */
    spconv_real d[6] = {2, 0, 0, 1, 3, 0}, R[9], I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    assert_int_equal(spconv_mat_from_rot6d(R, d, SPCONV_ROT6D_COLUMNS), SPCONV_OK);
    EXPECT_VEC_NEAR(R, I, 9, TEST_TOL);
    assert_int_equal(spconv_mat_from_rot6d(R, d, SPCONV_ROT6D_ROWS), SPCONV_OK);
    EXPECT_VEC_NEAR(R, I, 9, TEST_TOL);
  }
  for_all_rot6d_cases(check_mat_from_rot6d);
}

/* ============================================== angular velocity, units */

/* The cases (seed 309): a step dt in +-[0.001, 0.1), a non-unit q, a body
   angular velocity wb in [-15, 15)^3 (|w dt| <= 15 sqrt(3) 0.1 < pi: the
   shortest path is w) and the same motion in world axes ww = R wb, q
   advanced by wb over dt (q1), and a scale c in +-10^U(-2, 2). */
typedef struct angvel_case {
  double dt, c;
  spconv_real q[4], wb[3], ww[3], q1[4];
} angvel_case;

typedef void (*angvel_check)(const angvel_case *a);

static void for_all_angvel_cases(angvel_check check) {
  int n;
  test_seed(309);
  for (n = 0; n < TEST_CASES; ++n) {
    angvel_case a;
    spconv_real R[9];
    a.dt = test_uniform(0.001, 0.1) * (n % 5 == 0 ? -1 : 1);
    test_rand_quat(a.q);
    test_rand_vec(a.wb, 3, 15.0);
    spconv_mat_from_quat_wxyz(R, a.q);
    test_mat_vec(a.ww, R, a.wb);
    a.c = pow(10.0, test_uniform(-2, 2)) * (n % 2 ? -1 : 1);
    spconv_quat_integrate_body_wxyz(a.q1, a.q, a.wb, (spconv_real)a.dt);
    check(&a);
  }
}

/* body and world integration agree; the norm is kept */
static void check_integrate(const angvel_case *a) {
  spconv_real q2[4];
  spconv_quat_integrate_world_wxyz(q2, a->q, a->ww, (spconv_real)a->dt);
  EXPECT_VEC_NEAR(a->q1, q2, 4, TEST_TOL * 10);
  EXPECT_NEAR(norm_n(a->q1, 4), norm_n(a->q, 4), TEST_TOL, norm_n(a->q, 4));
}

static void test_quat_integrate_body_world_wxyz(void **state) {
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
  for_all_angvel_cases(check_integrate);
}

/* and back, from scaled and negated quaternions: the turn |w dt| is known
   to a few epsilons absolute, so w to a few epsilons over |dt|: the
   tolerance carries that condition number */
static void check_angvel(const angvel_case *a) {
  spconv_real qn[4], back[3];
  double cond = 1 + 1 / (fabs(a->dt) * fmax(1.0, norm_n(a->wb, 3)));
  int i;
  for (i = 0; i < 4; ++i) qn[i] = (spconv_real)((double)a->q1[i] * a->c);
  if (a->dt < 0) { /* a negative dt is outside the domain (R9): no result */
    assert_int_equal(spconv_body_angvel_from_quats_wxyz(back, a->q, qn, (spconv_real)a->dt),
                     SPCONV_EINVAL);
    assert_int_equal(spconv_world_angvel_from_quats_wxyz(back, a->q, qn, (spconv_real)a->dt),
                     SPCONV_EINVAL);
    return;
  }
  assert_int_equal(spconv_body_angvel_from_quats_wxyz(back, a->q, qn, (spconv_real)a->dt),
                   SPCONV_OK);
  EXPECT_VEC_NEAR(back, a->wb, 3, TEST_TOL * cond);
  assert_int_equal(spconv_world_angvel_from_quats_wxyz(back, a->q, qn, (spconv_real)a->dt),
                   SPCONV_OK);
  EXPECT_VEC_NEAR(back, a->ww, 3, TEST_TOL * cond);
}

static void test_body_world_angvel_from_quats_wxyz(void **state) {
  (void)state;
  for_all_angvel_cases(check_angvel);
  { /* shortest path: a turn of 3 pi / 2 about z reads as -pi / 2 */
    /* w starts far from want: a call that wrote nothing would fail */
    spconv_real q0[4] = {1, 0, 0, 0}, q1[4], ez[3] = {0, 0, 1}, w[3] = {9, 9, 9};
    spconv_real want[3] = {0, 0, R_(-PI / 2)};
    spconv_quat_wxyz_from_axis_angle(q1, ez, R_(3 * PI / 2));
    assert_int_equal(spconv_body_angvel_from_quats_wxyz(w, q0, q1, 1), SPCONV_OK);
    EXPECT_VEC_NEAR(w, want, 3, TEST_TOL);
    assert_int_equal(spconv_world_angvel_from_quats_wxyz(w, q0, q1, 1), SPCONV_OK);
    EXPECT_VEC_NEAR(w, want, 3, TEST_TOL);
  }
}

static void test_rad_from_deg_deg_from_rad(void **state) {
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

/* Every input of every function, res aliasing it, against the out-of-place
   call (EXPECT_ALIAS); one test per family of the header. The cases (seed
   310) are the same for every family: non-unit quaternions a and b, a
   9-vector v, R the matrix of a, well-conditioned Euler angles e of
   sequence s and kind, M near 2 R (for orthonormalize). */
typedef struct rot_alias_case {
  spconv_real a[16], b[16], v[16], R[9], M[9], e[3];
  int n, s;
  spconv_euler_kind kind;
} rot_alias_case;

typedef void (*rot_alias_check)(const rot_alias_case *c);

static void for_all_rot_alias_cases(rot_alias_check check) {
  int n, i;
  test_seed(310);
  for (n = 0; n < 200; ++n) {
    rot_alias_case c;
    c.n = n;
    c.s = n % 12;
    c.kind = n % 2 ? SPCONV_EULER_INTRINSIC : SPCONV_EULER_EXTRINSIC;
    test_rand_quat(c.a);
    test_rand_quat(c.b);
    test_rand_vec(c.v, 9, 2.0);
    spconv_mat_from_quat_wxyz(c.R, c.a);
    rand_euler(c.e, c.s, 0.1);
    for (i = 0; i < 9; ++i) c.M[i] = (spconv_real)((double)c.R[i] * 2 + test_uniform(-0.1, 0.1));
    check(&c);
  }
}

static void check_quat_algebra_aliasing(const rot_alias_case *c) {
  const spconv_real t = R_(0.3);
  EXPECT_ALIAS(4, c->a, 4, spconv_quat_inv_wxyz(ref_, c->a), spconv_quat_inv_wxyz(buf_, buf_));
  EXPECT_ALIAS_STATUS(4, c->a, 4, spconv_quat_normalize_wxyz(ref_, c->a), spconv_quat_normalize_wxyz(buf_, buf_));
  EXPECT_ALIAS(4, c->a, 4, spconv_quat_canonical_wxyz(ref_, c->a), spconv_quat_canonical_wxyz(buf_, buf_));
  EXPECT_ALIAS(4, c->a, 4, spconv_quat_slerp_wxyz(ref_, c->a, c->b, t), spconv_quat_slerp_wxyz(buf_, buf_, c->b, t));
  EXPECT_ALIAS(4, c->b, 4, spconv_quat_slerp_wxyz(ref_, c->a, c->b, t), spconv_quat_slerp_wxyz(buf_, c->a, buf_, t));
}

TEST_RUN(test_quat_inv_normalize_canonical_slerp_aliasing, for_all_rot_alias_cases(check_quat_algebra_aliasing))

static void check_matrix_aliasing(const rot_alias_case *c) {
  EXPECT_ALIAS(9, c->a, 4, spconv_mat_from_quat_wxyz(ref_, c->a), spconv_mat_from_quat_wxyz(buf_, buf_));
  EXPECT_ALIAS(9, c->R, 9, spconv_mat_transpose(ref_, c->R), spconv_mat_transpose(buf_, buf_));
  EXPECT_ALIAS_STATUS(4, c->R, 9, spconv_quat_wxyz_from_mat(ref_, c->R), spconv_quat_wxyz_from_mat(buf_, buf_));
  EXPECT_ALIAS_STATUS(9, c->M, 9, spconv_mat_orthonormalize(ref_, c->M), spconv_mat_orthonormalize(buf_, buf_));
}

TEST_RUN(test_mat_quat_transpose_orthonormalize_aliasing, for_all_rot_alias_cases(check_matrix_aliasing))

static void check_axis_angle_rotvec_aliasing(const rot_alias_case *c) {
  const spconv_real t = R_(0.3);
  spconv_real ang;
  EXPECT_ALIAS(4, c->v, 3, spconv_quat_wxyz_from_axis_angle(ref_, c->v, t),
               spconv_quat_wxyz_from_axis_angle(buf_, buf_, t));
  EXPECT_ALIAS_STATUS(3, c->a, 4, spconv_axis_angle_from_quat_wxyz(ref_, &ang, c->a),
               spconv_axis_angle_from_quat_wxyz(buf_, &ang, buf_));
  EXPECT_ALIAS(4, c->v, 3, spconv_quat_wxyz_from_rotvec(ref_, c->v), spconv_quat_wxyz_from_rotvec(buf_, buf_));
  EXPECT_ALIAS(3, c->a, 4, spconv_rotvec_from_quat_wxyz(ref_, c->a), spconv_rotvec_from_quat_wxyz(buf_, buf_));
}

TEST_RUN(test_axis_angle_rotvec_aliasing, for_all_rot_alias_cases(check_axis_angle_rotvec_aliasing))

static void check_euler_aliasing(const rot_alias_case *c) {
  const spconv_euler_seq seq = all_seqs[c->s];
  EXPECT_ALIAS_STATUS(4, c->e, 3, spconv_quat_wxyz_from_euler(ref_, c->e, seq, c->kind),
               spconv_quat_wxyz_from_euler(buf_, buf_, seq, c->kind));
  EXPECT_ALIAS_STATUS(3, c->a, 4, spconv_euler_from_quat_wxyz(ref_, c->a, seq, c->kind),
               spconv_euler_from_quat_wxyz(buf_, buf_, seq, c->kind));
  EXPECT_ALIAS_STATUS(9, c->e, 3, spconv_mat_from_euler(ref_, c->e, seq, c->kind),
               spconv_mat_from_euler(buf_, buf_, seq, c->kind));
  EXPECT_ALIAS_STATUS(3, c->R, 9, spconv_euler_from_mat(ref_, c->R, seq, c->kind),
               spconv_euler_from_mat(buf_, buf_, seq, c->kind));
  EXPECT_ALIAS_STATUS(4, c->e, 3, spconv_quat_wxyz_from_mujoco_euler(ref_, c->e, "xYz"),
               spconv_quat_wxyz_from_mujoco_euler(buf_, buf_, "xYz"));
}

TEST_RUN(test_euler_aliasing, for_all_rot_alias_cases(check_euler_aliasing))

static void check_urdf_drake_aliasing(const rot_alias_case *c) {
  EXPECT_ALIAS(4, c->e, 3, spconv_quat_wxyz_from_urdf_rpy(ref_, c->e), spconv_quat_wxyz_from_urdf_rpy(buf_, buf_));
  EXPECT_ALIAS_STATUS(3, c->a, 4, spconv_urdf_rpy_from_quat_wxyz(ref_, c->a), spconv_urdf_rpy_from_quat_wxyz(buf_, buf_));
  EXPECT_ALIAS(4, c->e, 3, spconv_quat_wxyz_from_drake_rpy(ref_, c->e), spconv_quat_wxyz_from_drake_rpy(buf_, buf_));
}

TEST_RUN(test_urdf_drake_rpy_aliasing, for_all_rot_alias_cases(check_urdf_drake_aliasing))

static void check_rot6d_aliasing(const rot_alias_case *c) {
  const spconv_rot6d_layout layout = TEST_ROT6D(c->n % 3);
  spconv_real d6[6];
  EXPECT_ALIAS_STATUS(6, c->R, 9, spconv_rot6d_from_mat(ref_, c->R, layout),
               spconv_rot6d_from_mat(buf_, buf_, layout));
  assert_int_equal(spconv_rot6d_from_mat(d6, c->R, layout), SPCONV_OK);
  EXPECT_ALIAS_STATUS(9, d6, 6, spconv_mat_from_rot6d(ref_, d6, layout),
               spconv_mat_from_rot6d(buf_, buf_, layout));
}

TEST_RUN(test_rot6d_aliasing, for_all_rot_alias_cases(check_rot6d_aliasing))

static void check_integrate_aliasing(const rot_alias_case *c) {
  const spconv_real dt = R_(0.01);
  EXPECT_ALIAS(4, c->a, 4, spconv_quat_integrate_body_wxyz(ref_, c->a, c->v, dt),
               spconv_quat_integrate_body_wxyz(buf_, buf_, c->v, dt));
  EXPECT_ALIAS(4, c->v, 3, spconv_quat_integrate_body_wxyz(ref_, c->a, c->v, dt),
               spconv_quat_integrate_body_wxyz(buf_, c->a, buf_, dt));
  EXPECT_ALIAS(4, c->a, 4, spconv_quat_integrate_world_wxyz(ref_, c->a, c->v, dt),
               spconv_quat_integrate_world_wxyz(buf_, buf_, c->v, dt));
  EXPECT_ALIAS(4, c->v, 3, spconv_quat_integrate_world_wxyz(ref_, c->a, c->v, dt),
               spconv_quat_integrate_world_wxyz(buf_, c->a, buf_, dt));
}

TEST_RUN(test_quat_integrate_body_world_aliasing, for_all_rot_alias_cases(check_integrate_aliasing))

static void check_angvel_aliasing(const rot_alias_case *c) {
  const spconv_real dt = R_(0.01);
  EXPECT_ALIAS_STATUS(3, c->a, 4, spconv_body_angvel_from_quats_wxyz(ref_, c->a, c->b, dt),
               spconv_body_angvel_from_quats_wxyz(buf_, buf_, c->b, dt));
  EXPECT_ALIAS_STATUS(3, c->b, 4, spconv_body_angvel_from_quats_wxyz(ref_, c->a, c->b, dt),
               spconv_body_angvel_from_quats_wxyz(buf_, c->a, buf_, dt));
  EXPECT_ALIAS_STATUS(3, c->a, 4, spconv_world_angvel_from_quats_wxyz(ref_, c->a, c->b, dt),
               spconv_world_angvel_from_quats_wxyz(buf_, buf_, c->b, dt));
  EXPECT_ALIAS_STATUS(3, c->b, 4, spconv_world_angvel_from_quats_wxyz(ref_, c->a, c->b, dt),
               spconv_world_angvel_from_quats_wxyz(buf_, c->a, buf_, dt));
}

TEST_RUN(test_body_world_angvel_from_quats_aliasing, for_all_rot_alias_cases(check_angvel_aliasing))

static void check_rad_deg3_aliasing(const rot_alias_case *c) {
  EXPECT_ALIAS(3, c->v, 3, spconv_rad_from_deg3(ref_, c->v), spconv_rad_from_deg3(buf_, buf_));
  EXPECT_ALIAS(3, c->v, 3, spconv_deg_from_rad3(ref_, c->v), spconv_deg_from_rad3(buf_, buf_));
}

TEST_RUN(test_rad_deg3_aliasing, for_all_rot_alias_cases(check_rad_deg3_aliasing))

/* ============================================ non-unit quaternions */

/* q and c q (c != 0, negative too) give the same result everywhere a
   rotation is read from a quaternion. The cases (seed 311): a scale c in
   +-10^U(-3, 3), a unit q and qc = c q, a non-unit b, an Euler convention. */
typedef struct scale_case {
  spconv_real q[4], qc[4], b[4];
  int s;
  spconv_euler_kind kind;
} scale_case;

typedef void (*scale_check)(const scale_case *c);

static void for_all_scale_cases(scale_check check) {
  int n, i;
  test_seed(311);
  for (n = 0; n < TEST_CASES; ++n) {
    scale_case c;
    spconv_real w[3];
    double k = pow(10.0, test_uniform(-3, 3)) * (n % 2 ? -1 : 1);
    c.s = n % 12;
    c.kind = n % 3 ? SPCONV_EULER_INTRINSIC : SPCONV_EULER_EXTRINSIC;
    test_rand_unit_quat(c.q);
    test_rand_quat(c.b);
    test_rand_vec(w, 3, 1.0); /* drawn, unused: keeps the sequence of the cases */
    for (i = 0; i < 4; ++i) c.qc[i] = (spconv_real)((double)c.q[i] * k);
    check(&c);
  }
}

static void check_mat_scale(const scale_case *c) {
  spconv_real r1[9], r2[9];
  spconv_mat_from_quat_wxyz(r1, c->q);
  spconv_mat_from_quat_wxyz(r2, c->qc);
  EXPECT_VEC_NEAR(r1, r2, 9, TEST_TOL);
}

TEST_RUN(test_mat_from_quat_wxyz_scale_invariance, for_all_scale_cases(check_mat_scale))

static void check_rotvec_scale(const scale_case *c) {
  spconv_real r1[3], r2[3];
  spconv_rotvec_from_quat_wxyz(r1, c->q);
  spconv_rotvec_from_quat_wxyz(r2, c->qc);
  EXPECT_VEC_NEAR(r1, r2, 3, TEST_TOL);
}

TEST_RUN(test_rotvec_from_quat_wxyz_scale_invariance, for_all_scale_cases(check_rotvec_scale))

static void check_euler_scale(const scale_case *c) {
  spconv_real r1[3], r2[3];
  assert_true(spconv_euler_from_quat_wxyz(r1, c->q, all_seqs[c->s], c->kind) >= 0);
  assert_true(spconv_euler_from_quat_wxyz(r2, c->qc, all_seqs[c->s], c->kind) >= 0);
  EXPECT_ANGLES_NEAR(r1, r2, TEST_TOL);
}

TEST_RUN(test_euler_from_quat_wxyz_scale_invariance, for_all_scale_cases(check_euler_scale))

static void check_angle_slerp_scale(const scale_case *c) {
  spconv_real r1[4], r2[4];
  EXPECT_NEAR(spconv_quat_angle_wxyz(c->q, c->b), spconv_quat_angle_wxyz(c->qc, c->b), TEST_TOL, 1);
  spconv_quat_slerp_wxyz(r1, c->q, c->b, R_(0.3));
  spconv_quat_slerp_wxyz(r2, c->qc, c->b, R_(0.3));
  EXPECT_SAME_ROT(r1, r2, TEST_TOL);
}

TEST_RUN(test_quat_angle_slerp_wxyz_scale_invariance, for_all_scale_cases(check_angle_slerp_scale))

static void check_angvel_scale(const scale_case *c) {
  spconv_real r1[3], r2[3];
  assert_int_equal(spconv_body_angvel_from_quats_wxyz(r1, c->q, c->b, 1), SPCONV_OK);
  assert_int_equal(spconv_body_angvel_from_quats_wxyz(r2, c->qc, c->b, 1), SPCONV_OK);
  EXPECT_VEC_NEAR(r1, r2, 3, TEST_TOL * 10);
  assert_int_equal(spconv_world_angvel_from_quats_wxyz(r1, c->b, c->q, 1), SPCONV_OK);
  assert_int_equal(spconv_world_angvel_from_quats_wxyz(r2, c->b, c->qc, 1), SPCONV_OK);
  EXPECT_VEC_NEAR(r1, r2, 3, TEST_TOL * 10);
}

TEST_RUN(test_body_world_angvel_from_quats_scale_invariance, for_all_scale_cases(check_angvel_scale))

/* =========================================================== bad input */

static const spconv_real nine9[9] = {9, 9, 9, 9, 9, 9, 9, 9, 9};

static void reset9(spconv_real res[9]) {
  int k;
  for (k = 0; k < 9; ++k) res[k] = 9;
}

/* call(res, q) for each quaternion a rotation cannot be read from (zero,
   NaN, infinite) must return SPCONV_EDEGENERATE and leave res untouched */
typedef int (*bad_quat_call)(spconv_real res[9], const spconv_real q[4]);

static void expect_degenerate_quats(bad_quat_call call) {
  spconv_real badq[3][4] = {{0, 0, 0, 0}, {1, 0, 0, 0}, {0, 0, 0, 0}}, res[9];
  int i;
  badq[1][1] = (spconv_real)NAN;
  badq[2][0] = (spconv_real)INFINITY;
  for (i = 0; i < 3; ++i) {
    reset9(res);
    assert_int_equal(call(res, badq[i]), SPCONV_EDEGENERATE);
    EXPECT_VEC_EQUAL(res, nine9, 9);
  }
}

static int call_normalize(spconv_real res[9], const spconv_real q[4]) {
  return spconv_quat_normalize_wxyz(res, q);
}

TEST_RUN(test_quat_normalize_wxyz_degenerate, expect_degenerate_quats(call_normalize))

static spconv_real axis_angle_ang; /* the angle output: untouched too */
static int call_axis_angle(spconv_real res[9], const spconv_real q[4]) {
  int st = spconv_axis_angle_from_quat_wxyz(res, &axis_angle_ang, q);
  assert_true(axis_angle_ang == 9);
  return st;
}

static void test_axis_angle_from_quat_wxyz_degenerate(void **state) {
  (void)state;
  axis_angle_ang = 9;
  expect_degenerate_quats(call_axis_angle);
}

static int call_urdf_rpy(spconv_real res[9], const spconv_real q[4]) {
  return spconv_urdf_rpy_from_quat_wxyz(res, q);
}

TEST_RUN(test_urdf_rpy_from_quat_wxyz_degenerate, expect_degenerate_quats(call_urdf_rpy))

static int call_euler_zyx(spconv_real res[9], const spconv_real q[4]) {
  return spconv_euler_from_quat_wxyz(res, q, SPCONV_EULER_ZYX, SPCONV_EULER_INTRINSIC);
}

/* degenerate quaternions; unknown enum values; an unknown enum wins over a
   bad quaternion */
static void test_euler_from_quat_wxyz_bad_input(void **state) {
  spconv_real res[9], q[4] = {1, 2, 3, 4}, zero[4] = {0, 0, 0, 0};
  (void)state;
  expect_degenerate_quats(call_euler_zyx);
  reset9(res);
  assert_int_equal(spconv_euler_from_quat_wxyz(res, q, TEST_EULER_SEQ(12), SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
  assert_int_equal(spconv_euler_from_quat_wxyz(res, q, SPCONV_EULER_XYZ, TEST_EULER_KIND(-1)), SPCONV_EINVAL);
  assert_int_equal(spconv_euler_from_quat_wxyz(res, zero, TEST_EULER_SEQ(99), SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(res, nine9, 9);
}

static void test_quat_wxyz_from_euler_bad_input(void **state) {
  spconv_real e[3] = {R_(0.1), R_(0.2), R_(0.3)}, res[9];
  (void)state;
  reset9(res);
  assert_int_equal(spconv_quat_wxyz_from_euler(res, e, TEST_EULER_SEQ(12), SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
  assert_int_equal(spconv_quat_wxyz_from_euler(res, e, TEST_EULER_SEQ(-1), SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
  assert_int_equal(spconv_quat_wxyz_from_euler(res, e, SPCONV_EULER_XYZ, TEST_EULER_KIND(2)), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(res, nine9, 9);
}

static void test_mat_from_euler_bad_input(void **state) {
  spconv_real e[3] = {R_(0.1), R_(0.2), R_(0.3)}, res[9];
  (void)state;
  reset9(res);
  assert_int_equal(spconv_mat_from_euler(res, e, TEST_EULER_SEQ(13), SPCONV_EULER_EXTRINSIC), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(res, nine9, 9);
}

/* a rotation matrix, and matrices that are not rotations: a reflection, a
   shear, a scaled rotation, one holding NaN, the negated rotation */
typedef struct not_rotations {
  spconv_real R[9], refl[9], shear[9], scaled[9], nanm[9], neg[9];
} not_rotations;

static void make_not_rotations(not_rotations *m) {
  const spconv_real q[4] = {1, 2, 3, 4};
  const spconv_real refl[9] = {1, 0, 0, 0, 1, 0, 0, 0, -1}, shear[9] = {1, R_(0.01), 0, 0, 1, 0, 0, 0, 1};
  int k;
  spconv_mat_from_quat_wxyz(m->R, q);
  for (k = 0; k < 9; ++k) {
    m->refl[k] = refl[k];
    m->shear[k] = shear[k];
    m->scaled[k] = 2 * m->R[k];
    m->nanm[k] = m->R[k];
    m->neg[k] = -m->R[k];
  }
  m->nanm[4] = (spconv_real)NAN;
}

static void test_euler_from_mat_bad_input(void **state) {
  not_rotations m;
  spconv_real res[9];
  (void)state;
  make_not_rotations(&m);
  reset9(res);
  assert_int_equal(spconv_euler_from_mat(res, m.R, SPCONV_EULER_XYZ, TEST_EULER_KIND(5)), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(res, nine9, 9);
  assert_int_equal(spconv_euler_from_mat(res, m.refl, SPCONV_EULER_XYZ, SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
  assert_int_equal(spconv_euler_from_mat(res, m.shear, SPCONV_EULER_ZXZ, SPCONV_EULER_EXTRINSIC), SPCONV_EINVAL);
}

/* not rotations; and one just inside the tolerance */
static void test_quat_wxyz_from_mat_bad_input(void **state) {
  not_rotations m;
  spconv_real res[9], near_[9];
  int k;
  (void)state;
  make_not_rotations(&m);
  reset9(res);
  assert_int_equal(spconv_quat_wxyz_from_mat(res, m.refl), SPCONV_EINVAL);
  assert_int_equal(spconv_quat_wxyz_from_mat(res, m.shear), SPCONV_EINVAL);
  assert_int_equal(spconv_quat_wxyz_from_mat(res, m.scaled), SPCONV_EINVAL);
  assert_int_equal(spconv_quat_wxyz_from_mat(res, m.nanm), SPCONV_EINVAL);
  assert_int_equal(spconv_quat_wxyz_from_mat(res, m.neg), SPCONV_EINVAL);
  for (k = 0; k < 9; ++k) near_[k] = m.R[k];
  near_[0] += R_(SPCONV_ROTATION_TOL / 4);
  assert_int_equal(spconv_quat_wxyz_from_mat(res, near_), SPCONV_OK);
}

static void test_mat_orthonormalize_bad_input(void **state) {
  not_rotations m;
  spconv_real res[9], sing[9] = {1, 0, 0, 0, 1, 0, 0, 0, 0}, z9[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  (void)state;
  make_not_rotations(&m);
  assert_int_equal(spconv_mat_orthonormalize(res, m.refl), SPCONV_EINVAL);
  assert_int_equal(spconv_mat_orthonormalize(res, m.neg), SPCONV_EINVAL);
  assert_int_equal(spconv_mat_orthonormalize(res, sing), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_mat_orthonormalize(res, m.nanm), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_mat_orthonormalize(res, nine9), SPCONV_EDEGENERATE); /* rank 1 */
  reset9(res);
  assert_int_equal(spconv_mat_orthonormalize(res, z9), SPCONV_EDEGENERATE);
  EXPECT_VEC_EQUAL(res, nine9, 9);
}

/* unknown layouts; degenerate 6D: a1 = 0, a2 = 0, a2 parallel to a1, NaN */
static void test_rot6d_bad_input(void **state) {
  not_rotations m;
  spconv_real res[9];
  spconv_real d0[6] = {0, 0, 0, 0, 1, 0}, d1[6] = {1, 0, 0, 0, 0, 0};
  spconv_real dp[6] = {1, 2, 3, -2, -4, -6}, dn[6] = {1, 0, 0, 0, 1, 0};
  int k;
  (void)state;
  make_not_rotations(&m);
  reset9(res);
  assert_int_equal(spconv_rot6d_from_mat(res, m.R, TEST_ROT6D(3)), SPCONV_EINVAL);
  assert_int_equal(spconv_mat_from_rot6d(res, m.R, TEST_ROT6D(-1)), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(res, nine9, 9);
  dn[5] = (spconv_real)NAN;
  for (k = 0; k < 3; ++k) {
    assert_int_equal(spconv_mat_from_rot6d(res, d0, TEST_ROT6D(k)), SPCONV_EDEGENERATE);
    assert_int_equal(spconv_mat_from_rot6d(res, d1, TEST_ROT6D(k)), SPCONV_EDEGENERATE);
    assert_int_equal(spconv_mat_from_rot6d(res, dn, TEST_ROT6D(k)), SPCONV_EDEGENERATE);
  }
  assert_int_equal(spconv_mat_from_rot6d(res, dp, SPCONV_ROT6D_COLUMNS), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_mat_from_rot6d(res, dp, SPCONV_ROT6D_ROWS), SPCONV_EDEGENERATE);
  EXPECT_VEC_EQUAL(res, nine9, 9);
}

/* Pure maps: the zero quaternion acts as the identity, NaN propagates. */
static void test_mat_from_quat_wxyz_zero_quat(void **state) {
  spconv_real zero[4] = {0, 0, 0, 0}, res[9], I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  (void)state;
  spconv_mat_from_quat_wxyz(res, zero);
  EXPECT_VEC_EQUAL(res, I, 9);
}

static void test_rotvec_from_quat_wxyz_zero_nan(void **state) {
  spconv_real zero[4] = {0, 0, 0, 0}, qn[4] = {1, 0, 0, 0}, res[3], z3[3] = {0, 0, 0};
  (void)state;
  qn[1] = (spconv_real)NAN;
  spconv_rotvec_from_quat_wxyz(res, zero);
  EXPECT_VEC_EQUAL(res, z3, 3);
  spconv_rotvec_from_quat_wxyz(res, qn);
  assert_true(isnan((double)res[0]) || isnan((double)res[1]) || isnan((double)res[2]));
}

static void test_quat_inv_wxyz_zero_quat(void **state) {
  spconv_real zero[4] = {0, 0, 0, 0}, res[4];
  (void)state;
  spconv_quat_inv_wxyz(res, zero);
  EXPECT_VEC_EQUAL(res, zero, 4);
}

static void test_quat_slerp_angle_wxyz_zero_nan(void **state) {
  spconv_real zero[4] = {0, 0, 0, 0}, qn[4] = {1, 0, 0, 0}, one[4] = {1, 0, 0, 0}, res[4];
  (void)state;
  qn[1] = (spconv_real)NAN;
  spconv_quat_slerp_wxyz(res, zero, zero, R_(0.5));
  EXPECT_VEC_EQUAL(res, one, 4);
  EXPECT_NEAR(spconv_quat_angle_wxyz(zero, one), 0, 0, 1);
  spconv_quat_slerp_wxyz(res, qn, one, R_(0.5));
  assert_true(isnan((double)res[0]));
  assert_true(isnan((double)spconv_quat_angle_wxyz(qn, one)));
}

static void test_quat_wxyz_from_axis_angle_zero_axis(void **state) {
  spconv_real z3[3] = {0, 0, 0}, one[4] = {1, 0, 0, 0}, res[4];
  (void)state;
  spconv_quat_wxyz_from_axis_angle(res, z3, 1);
  EXPECT_VEC_EQUAL(res, one, 4);
}

TEST_RUN(test_status_string_gimbal_lock, assert_string_equal(spconv_status_string(SPCONV_GIMBAL_LOCK), "gimbal lock"))

/* ------------------------------------------- Euler angles of asset formats */

/* Each format as its source writes it, independent of the header's table:
   R = F_0 F_1 F_2 (column vectors), factor F_n the right-handed turn about
   axis letter[n] by sign[n] * stored[slot[n]], in degrees when deg. */
typedef struct {
  const char *letter;
  spconv_euler_format format;
  int slot[3];
  int sign[3];
  int deg;
} format_product;

static const format_product format_products[SPCONV_EULER_FORMAT_COUNT] = {
    /* URDF rpy: Rz(yaw) Ry(pitch) Rx(roll), radians */
    {"zyx", SPCONV_EULER_FORMAT_URDF_RPY, {2, 1, 0}, {1, 1, 1}, 0},
    /* MJCF eulerseq "xyz" (rotating axes): Rx(a) Ry(b) Rz(c) */
    {"xyz", SPCONV_EULER_FORMAT_MJCF, {0, 1, 2}, {1, 1, 1}, 1},
    {"xyz", SPCONV_EULER_FORMAT_MJCF_RADIAN, {0, 1, 2}, {1, 1, 1}, 0},
    /* USD rotateABC: A first about fixed axes, R = R_C R_B R_A, value (x, y, z) */
    {"zyx", SPCONV_EULER_FORMAT_USD_ROTATE_XYZ, {2, 1, 0}, {1, 1, 1}, 1},
    {"yzx", SPCONV_EULER_FORMAT_USD_ROTATE_XZY, {1, 2, 0}, {1, 1, 1}, 1},
    {"zxy", SPCONV_EULER_FORMAT_USD_ROTATE_YXZ, {2, 0, 1}, {1, 1, 1}, 1},
    {"xzy", SPCONV_EULER_FORMAT_USD_ROTATE_YZX, {0, 2, 1}, {1, 1, 1}, 1},
    {"yxz", SPCONV_EULER_FORMAT_USD_ROTATE_ZXY, {1, 0, 2}, {1, 1, 1}, 1},
    {"xyz", SPCONV_EULER_FORMAT_USD_ROTATE_ZYX, {0, 1, 2}, {1, 1, 1}, 1},
    /* three.js order 'ABC': R = R_A R_B R_C (makeRotationFromEuler), radians */
    {"xyz", SPCONV_EULER_FORMAT_THREEJS_XYZ, {0, 1, 2}, {1, 1, 1}, 0},
    {"xzy", SPCONV_EULER_FORMAT_THREEJS_XZY, {0, 2, 1}, {1, 1, 1}, 0},
    {"yxz", SPCONV_EULER_FORMAT_THREEJS_YXZ, {1, 0, 2}, {1, 1, 1}, 0},
    {"yzx", SPCONV_EULER_FORMAT_THREEJS_YZX, {1, 2, 0}, {1, 1, 1}, 0},
    {"zxy", SPCONV_EULER_FORMAT_THREEJS_ZXY, {2, 0, 1}, {1, 1, 1}, 0},
    {"zyx", SPCONV_EULER_FORMAT_THREEJS_ZYX, {2, 1, 0}, {1, 1, 1}, 0},
    /* Blender mode 'ABC': A first about fixed axes, R = R_C R_B R_A, radians */
    {"zyx", SPCONV_EULER_FORMAT_BLENDER_XYZ, {2, 1, 0}, {1, 1, 1}, 0},
    {"yzx", SPCONV_EULER_FORMAT_BLENDER_XZY, {1, 2, 0}, {1, 1, 1}, 0},
    {"zxy", SPCONV_EULER_FORMAT_BLENDER_YXZ, {2, 0, 1}, {1, 1, 1}, 0},
    {"xzy", SPCONV_EULER_FORMAT_BLENDER_YZX, {0, 2, 1}, {1, 1, 1}, 0},
    {"yxz", SPCONV_EULER_FORMAT_BLENDER_ZXY, {1, 0, 2}, {1, 1, 1}, 0},
    {"xyz", SPCONV_EULER_FORMAT_BLENDER_ZYX, {0, 1, 2}, {1, 1, 1}, 0},
    /* Unity: z, then x, then y about fixed axes: Ry(y) Rx(x) Rz(z), degrees */
    {"yxz", SPCONV_EULER_FORMAT_UNITY, {1, 0, 2}, {1, 1, 1}, 1},
    /* Unreal FRotator (Pitch, Yaw, Roll): yaw left-handed (= right-handed
       numbers), pitch and roll right-handed in left-handed axes (= negative):
       Rz(yaw) Ry(-pitch) Rx(-roll) */
    {"zyx", SPCONV_EULER_FORMAT_UNREAL, {1, 0, 2}, {1, -1, -1}, 1},
};

static void format_matrix_by_product(spconv_real res[9], const format_product *f,
                                     const spconv_real stored[3]) {
  double R[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, T[9];
  int n, i;
  for (n = 0; n < 3; ++n) {
    double axis[3] = {0, 0, 0}, t = f->sign[n] * (double)stored[f->slot[n]];
    axis[f->letter[n] - 'x'] = 1;
    rodrigues_d(T, axis, f->deg ? t * PI / 180 : t);
    test_mat_mul_d(R, R, T);
  }
  for (i = 0; i < 9; ++i) res[i] = (spconv_real)R[i];
}

/* random stored triples: radians in (-pi, pi), degrees in (-180, 180), the
   middle turn also within 1e-3 of +-90 degrees */
static void format_rand_angles(spconv_real a[3], const format_product *f, int k) {
  double span = f->deg ? 180 : PI;
  int i;
  for (i = 0; i < 3; ++i) a[i] = (spconv_real)test_uniform(-span, span);
  if (k % 10 == 0) a[f->slot[1]] = (spconv_real)((k % 20 ? 1 : -1) * span / 2 * (1 - 1e-5));
}

/* the quaternion is the source's product of turns; its angles rebuild it
   and lie in the documented ranges */
static void test_euler_format_products(void **state) {
  int k, i;
  (void)state;
  test_seed(0xE1E2);
  for (i = 0; i < SPCONV_EULER_FORMAT_COUNT; ++i) {
    const format_product *f = &format_products[i];
    double half = f->deg ? 180 : PI;
    assert_int_equal((int)f->format, SPCONV_EULER_FORMAT_FIRST + i);
    for (k = 0; k < TEST_CASES / 10; ++k) {
      spconv_real a[3], q[4], R[9], Rp[9], back[3], qb[4];
      int st;
      format_rand_angles(a, f, k);
      assert_int_equal(spconv_quat_wxyz_from_euler_format(q, a, f->format), SPCONV_OK);
      format_matrix_by_product(Rp, f, a);
      test_mat_of_quat(R, q);
      EXPECT_VEC_NEAR(R, Rp, 9, TEST_TOL);
      st = spconv_euler_format_from_quat_wxyz(back, q, f->format);
      assert_true(st == SPCONV_OK || st == SPCONV_GIMBAL_LOCK);
      assert_int_equal(spconv_quat_wxyz_from_euler_format(qb, back, f->format), SPCONV_OK);
      EXPECT_SAME_ROT(qb, q, TEST_TOL * 10);
      /* ranges: the middle turn of the product in [-90, 90] deg, the others in (-180, 180] */
      assert_true(fabs((double)back[f->slot[1]]) <= half / 2 * (1 + 1e-6));
      assert_true((double)back[f->slot[0]] > -half && (double)back[f->slot[0]] <= half * (1 + 1e-6));
      assert_true((double)back[f->slot[2]] > -half && (double)back[f->slot[2]] <= half * (1 + 1e-6));
    }
  }
}

/* Values the tools' docs state. Unity: Quaternion.Euler(0, 30, 0) is 30
   degrees about y. Unreal: FRotator(Pitch 30) is nose up, FQuat y = -sin 15
   deg; Yaw 90 turns +X to +Y; Roll 30 is right-handed about +X in its
   left-handed axes: FQuat x = -sin 15 deg. MJCF euler="90 0 0" and USD
   rotateXYZ (90, 0, 0): +90 about x. three.js, Blender: radians. */
static void test_euler_format_known_values(void **state) {
  const spconv_real c15 = R_(0.96592582628906829), s15 = R_(0.25881904510252076);
  const spconv_real h = R_(0.70710678118654752440);
  struct {
    spconv_euler_format f;
    spconv_real a[3], q[4];
  } cases[] = {
      {SPCONV_EULER_FORMAT_UNITY, {0, 30, 0}, {c15, 0, s15, 0}},
      {SPCONV_EULER_FORMAT_UNREAL, {30, 0, 0}, {c15, 0, -s15, 0}},
      {SPCONV_EULER_FORMAT_UNREAL, {0, 90, 0}, {h, 0, 0, h}},
      {SPCONV_EULER_FORMAT_UNREAL, {0, 0, 30}, {c15, -s15, 0, 0}},
      {SPCONV_EULER_FORMAT_MJCF, {90, 0, 0}, {h, h, 0, 0}},
      {SPCONV_EULER_FORMAT_USD_ROTATE_XYZ, {90, 0, 0}, {h, h, 0, 0}},
      {SPCONV_EULER_FORMAT_USD_ROTATE_ZYX, {0, 0, 90}, {h, 0, 0, h}},
      {SPCONV_EULER_FORMAT_THREEJS_XYZ, {0, R_(PI / 2), 0}, {h, 0, h, 0}},
      {SPCONV_EULER_FORMAT_BLENDER_XYZ, {R_(PI / 2), 0, 0}, {h, h, 0, 0}},
      {SPCONV_EULER_FORMAT_URDF_RPY, {0, 0, R_(PI / 2)}, {h, 0, 0, h}},
  };
  size_t i;
  (void)state;
  for (i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    spconv_real q[4];
    assert_int_equal(spconv_quat_wxyz_from_euler_format(q, cases[i].a, cases[i].f), SPCONV_OK);
    EXPECT_VEC_NEAR(q, cases[i].q, 4, TEST_TOL);
  }
  { /* a half turn of a negated angle stays in (-180, 180]: Unreal roll 180 */
    spconv_real a[3] = {0, 0, 180}, b[3];
    assert_int_equal(spconv_euler_convert(b, SPCONV_EULER_FORMAT_UNREAL, a, SPCONV_EULER_FORMAT_UNREAL),
                     SPCONV_OK);
    EXPECT_VEC_NEAR(b, a, 3, TEST_TOL);
  }
  { /* Unity (10, 20, 30) and Unreal (pitch 20, yaw 30, roll 10): orders matter */
    const spconv_euler_format f[2] = {SPCONV_EULER_FORMAT_UNITY, SPCONV_EULER_FORMAT_UNREAL};
    const spconv_real a[2][3] = {{10, 20, 30}, {20, 30, 10}};
    spconv_real q[4], R[9], Rp[9];
    int k;
    for (k = 0; k < 2; ++k) {
      assert_int_equal(spconv_quat_wxyz_from_euler_format(q, a[k], f[k]), SPCONV_OK);
      format_matrix_by_product(Rp, &format_products[f[k] - SPCONV_EULER_FORMAT_FIRST], a[k]);
      test_mat_of_quat(R, q);
      EXPECT_VEC_NEAR(R, Rp, 9, TEST_TOL);
    }
  }
}

/* convert: every pair of formats keeps the rotation; the same turns in
   another unit (USD rotateXYZ -> Blender 'XYZ', MJCF -> three.js 'XYZ')
   are the angles times pi / 180 */
static void test_euler_convert(void **state) {
  int i, j, k;
  (void)state;
  test_seed(0xE1E3);
  for (i = 0; i < SPCONV_EULER_FORMAT_COUNT; ++i)
    for (j = 0; j < SPCONV_EULER_FORMAT_COUNT; ++j)
      for (k = 0; k < 40; ++k) {
        const format_product *fi = &format_products[i];
        spconv_real a[3], b[3], qa[4], qb[4];
        int st;
        format_rand_angles(a, fi, k + 1);
        st = spconv_euler_convert(b, format_products[j].format, a, fi->format);
        assert_true(st == SPCONV_OK || st == SPCONV_GIMBAL_LOCK);
        assert_int_equal(spconv_quat_wxyz_from_euler_format(qa, a, fi->format), SPCONV_OK);
        assert_int_equal(spconv_quat_wxyz_from_euler_format(qb, b, format_products[j].format), SPCONV_OK);
        EXPECT_SAME_ROT(qb, qa, TEST_TOL * 10);
      }
  {
    spconv_real a[3] = {10, -20, 30}, b[3], want[3] = {R_(10 * PI / 180), R_(-20 * PI / 180), R_(30 * PI / 180)};
    assert_int_equal(spconv_euler_convert(b, SPCONV_EULER_FORMAT_BLENDER_XYZ, a,
                                          SPCONV_EULER_FORMAT_USD_ROTATE_XYZ), SPCONV_OK);
    EXPECT_VEC_NEAR(b, want, 3, TEST_TOL);
    assert_int_equal(spconv_euler_convert(b, SPCONV_EULER_FORMAT_THREEJS_XYZ, a,
                                          SPCONV_EULER_FORMAT_MJCF), SPCONV_OK);
    EXPECT_VEC_NEAR(b, want, 3, TEST_TOL);
  }
}

/* a lock warns: URDF pitch pi/2, Unreal pitch 90; the result rebuilds q */
static void test_euler_format_gimbal_lock(void **state) {
  spconv_real rpy[3] = {R_(0.3), R_(PI / 2), R_(0.2)}, unreal[3] = {90, 40, 25}, q[4], b[3], qb[4];
  (void)state;
  assert_int_equal(spconv_quat_wxyz_from_euler_format(q, rpy, SPCONV_EULER_FORMAT_URDF_RPY), SPCONV_OK);
  assert_int_equal(spconv_euler_format_from_quat_wxyz(b, q, SPCONV_EULER_FORMAT_URDF_RPY), SPCONV_GIMBAL_LOCK);
  assert_true(b[2] == 0); /* yaw, the last turn of extrinsic x, y, z */
  assert_int_equal(spconv_quat_wxyz_from_euler_format(qb, b, SPCONV_EULER_FORMAT_URDF_RPY), SPCONV_OK);
  EXPECT_SAME_ROT(qb, q, TEST_TOL * 10);
  assert_int_equal(spconv_euler_convert(b, SPCONV_EULER_FORMAT_UNREAL, unreal, SPCONV_EULER_FORMAT_UNREAL),
                   SPCONV_GIMBAL_LOCK);
  assert_true(b[2] == 0); /* roll, the last turn of yaw, pitch, roll */
  assert_int_equal(spconv_quat_wxyz_from_euler_format(q, unreal, SPCONV_EULER_FORMAT_UNREAL), SPCONV_OK);
  assert_int_equal(spconv_quat_wxyz_from_euler_format(qb, b, SPCONV_EULER_FORMAT_UNREAL), SPCONV_OK);
  EXPECT_SAME_ROT(qb, q, TEST_TOL * 10);
}

/* unknown formats (0, END, another enum's value), a zero or NaN q, NaN
   angles: refused, res untouched */
static void test_euler_format_bad_input(void **state) {
  const spconv_euler_format bad[3] = {(spconv_euler_format)0, SPCONV_EULER_FORMAT_END,
                                      (spconv_euler_format)SPCONV_EULER_XYZ};
  spconv_real a[3] = {1, 2, 3}, q[4] = {1, 0, 0, 0}, zq[4] = {0, 0, 0, 0};
  spconv_real nq[4] = {(spconv_real)NAN, 0, 0, 1}, na[3] = {(spconv_real)NAN, 0, 0};
  spconv_real r4[4] = {9, 9, 9, 9}, r3[3] = {9, 9, 9};
  const spconv_real nines[4] = {9, 9, 9, 9};
  int i;
  (void)state;
  for (i = 0; i < 3; ++i) {
    assert_int_equal(spconv_quat_wxyz_from_euler_format(r4, a, bad[i]), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_format_from_quat_wxyz(r3, q, bad[i]), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_convert(r3, bad[i], a, SPCONV_EULER_FORMAT_MJCF), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_convert(r3, SPCONV_EULER_FORMAT_MJCF, a, bad[i]), SPCONV_EINVAL);
  }
  assert_int_equal(spconv_euler_format_from_quat_wxyz(r3, zq, SPCONV_EULER_FORMAT_UNITY), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_euler_format_from_quat_wxyz(r3, nq, SPCONV_EULER_FORMAT_UNITY), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_euler_convert(r3, SPCONV_EULER_FORMAT_UNITY, na, SPCONV_EULER_FORMAT_MJCF),
                   SPCONV_EDEGENERATE);
  EXPECT_VEC_EQUAL(r4, nines, 4);
  EXPECT_VEC_EQUAL(r3, nines, 3);
}

static void check_euler_format_aliasing(const rot_alias_case *c) {
  const spconv_euler_format f = (spconv_euler_format)(SPCONV_EULER_FORMAT_FIRST + c->n % SPCONV_EULER_FORMAT_COUNT);
  const spconv_euler_format g = (spconv_euler_format)(SPCONV_EULER_FORMAT_FIRST + (c->n * 7 + 3) % SPCONV_EULER_FORMAT_COUNT);
  EXPECT_ALIAS_STATUS(4, c->e, 3, spconv_quat_wxyz_from_euler_format(ref_, c->e, f),
                      spconv_quat_wxyz_from_euler_format(buf_, buf_, f));
  EXPECT_ALIAS_STATUS(3, c->a, 4, spconv_euler_format_from_quat_wxyz(ref_, c->a, f),
                      spconv_euler_format_from_quat_wxyz(buf_, buf_, f));
  EXPECT_ALIAS_STATUS(3, c->e, 3, spconv_euler_convert(ref_, g, c->e, f),
                      spconv_euler_convert(buf_, g, buf_, f));
}

TEST_RUN(test_euler_format_aliasing, for_all_rot_alias_cases(check_euler_format_aliasing))

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_mat_from_quat_wxyz_known_values),
      cmocka_unit_test(test_quat_wxyz_from_mat_known_values),
      cmocka_unit_test(test_rotvec_from_quat_wxyz_known_values),
      cmocka_unit_test(test_quat_wxyz_from_rotvec_known_values),
      cmocka_unit_test(test_axis_angle_from_quat_wxyz_known_values),
      cmocka_unit_test(test_quat_wxyz_from_axis_angle_known_values),
      cmocka_unit_test(test_euler_from_quat_wxyz_scipy_values),
      cmocka_unit_test(test_rotvec_from_quat_wxyz_scipy_values),
      cmocka_unit_test(test_quat_wxyz_from_euler_scipy_values),
      cmocka_unit_test(test_quat_wxyz_from_rotvec_scipy_values),
      cmocka_unit_test(test_quat_wxyz_from_urdf_rpy),
      cmocka_unit_test(test_quat_wxyz_from_isaaclab_euler_xyz),
      cmocka_unit_test(test_quat_wxyz_from_drake_rpy),
      cmocka_unit_test(test_urdf_rpy_from_quat_wxyz),
      cmocka_unit_test(test_euler_format_products),
      cmocka_unit_test(test_euler_format_known_values),
      cmocka_unit_test(test_euler_convert),
      cmocka_unit_test(test_euler_format_gimbal_lock),
      cmocka_unit_test(test_euler_format_bad_input),
      cmocka_unit_test(test_euler_format_aliasing),
      cmocka_unit_test(test_quat_inv_wxyz),
      cmocka_unit_test(test_quat_normalize_wxyz),
      cmocka_unit_test(test_quat_canonical_wxyz),
      cmocka_unit_test(test_quat_angle_wxyz),
      cmocka_unit_test(test_quat_slerp_wxyz),
      cmocka_unit_test(test_mat_from_quat_wxyz),
      cmocka_unit_test(test_quat_wxyz_from_mat),
      cmocka_unit_test(test_mat_transpose),
      cmocka_unit_test(test_mat_orthonormalize),
      cmocka_unit_test(test_quat_wxyz_from_rotvec),
      cmocka_unit_test(test_rotvec_from_quat_wxyz),
      cmocka_unit_test(test_axis_angle_from_quat_wxyz),
      cmocka_unit_test(test_quat_wxyz_from_axis_angle),
      cmocka_unit_test(test_rotvec_quat_wxyz_near_pi),
      cmocka_unit_test(test_rot_convert_n_rotvec_beyond_pi),
      cmocka_unit_test(test_quat_wxyz_from_euler_all_conventions),
      cmocka_unit_test(test_mat_from_euler_all_conventions),
      cmocka_unit_test(test_euler_from_quat_wxyz_all_conventions),
      cmocka_unit_test(test_euler_from_mat_all_conventions),
      cmocka_unit_test(test_euler_from_quat_wxyz_gimbal_lock),
      cmocka_unit_test(test_euler_from_mat_gimbal_lock),
      cmocka_unit_test(test_euler_seq_from_scipy),
      cmocka_unit_test(test_euler_seq_from_mujoco),
      cmocka_unit_test(test_quat_wxyz_from_mujoco_euler),
      cmocka_unit_test(test_rot6d_from_mat),
      cmocka_unit_test(test_mat_from_rot6d),
      cmocka_unit_test(test_quat_integrate_body_world_wxyz),
      cmocka_unit_test(test_body_world_angvel_from_quats_wxyz),
      cmocka_unit_test(test_rad_from_deg_deg_from_rad),
      cmocka_unit_test(test_quat_inv_normalize_canonical_slerp_aliasing),
      cmocka_unit_test(test_mat_quat_transpose_orthonormalize_aliasing),
      cmocka_unit_test(test_axis_angle_rotvec_aliasing),
      cmocka_unit_test(test_euler_aliasing),
      cmocka_unit_test(test_urdf_drake_rpy_aliasing),
      cmocka_unit_test(test_rot6d_aliasing),
      cmocka_unit_test(test_quat_integrate_body_world_aliasing),
      cmocka_unit_test(test_body_world_angvel_from_quats_aliasing),
      cmocka_unit_test(test_rad_deg3_aliasing),
      cmocka_unit_test(test_mat_from_quat_wxyz_scale_invariance),
      cmocka_unit_test(test_rotvec_from_quat_wxyz_scale_invariance),
      cmocka_unit_test(test_euler_from_quat_wxyz_scale_invariance),
      cmocka_unit_test(test_quat_angle_slerp_wxyz_scale_invariance),
      cmocka_unit_test(test_body_world_angvel_from_quats_scale_invariance),
      cmocka_unit_test(test_quat_normalize_wxyz_degenerate),
      cmocka_unit_test(test_axis_angle_from_quat_wxyz_degenerate),
      cmocka_unit_test(test_urdf_rpy_from_quat_wxyz_degenerate),
      cmocka_unit_test(test_euler_from_quat_wxyz_bad_input),
      cmocka_unit_test(test_quat_wxyz_from_euler_bad_input),
      cmocka_unit_test(test_mat_from_euler_bad_input),
      cmocka_unit_test(test_euler_from_mat_bad_input),
      cmocka_unit_test(test_quat_wxyz_from_mat_bad_input),
      cmocka_unit_test(test_mat_orthonormalize_bad_input),
      cmocka_unit_test(test_rot6d_bad_input),
      cmocka_unit_test(test_mat_from_quat_wxyz_zero_quat),
      cmocka_unit_test(test_rotvec_from_quat_wxyz_zero_nan),
      cmocka_unit_test(test_quat_inv_wxyz_zero_quat),
      cmocka_unit_test(test_quat_slerp_angle_wxyz_zero_nan),
      cmocka_unit_test(test_quat_wxyz_from_axis_angle_zero_axis),
      cmocka_unit_test(test_status_string_gimbal_lock),
  };
  int failed;
  (void)test_power_scale; /* a test_util.h helper this suite does not need */
  failed = cmocka_run_group_tests_name("spatial_conv rotations (" TEST_PRECISION ")", tests,
                                           NULL, NULL);
  test_print_summary("spatial_conv rotations");
  return failed;
}
