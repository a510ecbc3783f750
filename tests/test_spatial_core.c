/* spatial_conv.h sections: rigid transforms (>>se3) and inertia (>>inertia). */
/* The spatial core: poses (product, inverse, points and directions,
   relative pose, interpolation, 4x4 transforms, xyzw <-> wxyz storage),
   adjoints of twists and wrenches, spatial cross products, SE(3) exp and
   log (each in both orders of a 6-vector), principal axes, inertia moved
   between points, the 6x6 spatial inertia in another frame and kinetic
   energy. Hand-derived cases (a 90 degree turn about z, translations, a
   quarter turn of a screw), then properties over seeded random inputs
   (N_CASES each): group laws, adjoint of a product, power kept by every
   (wrench, twist) pair in both orders, force / motion duality, the motion
   cross product as the derivative of the adjoint (finite differences),
   exp against an independent 4x4 matrix exponential in long double, log
   and exp round trips near 0 and near pi, Jacobi eigen-decomposition round
   trips, kinetic energy against 1/2 V.M V and across reference points;
   non-unit and negated quaternions, aliasing of every input, invalid enums
   and matrices. Built in double and float.

   Tolerances (relative, max(1, |reference|) as in test_util.h): TEST_TOL
   (1e-12 double, 1e-5 float) for one function against another or a
   reference computed in double / long double; CHAIN_TOL = 8 TEST_TOL where
   a check chains 3 to 6 calls (each rounds at a few eps times inputs of
   size up to 4: about 50 eps in all, 1e-14 in double, 6e-6 in float);
   JACOBI_TOL = 64 eps for the eigen-decomposition, which converges to
   machine precision (1.4e-14 double, 7.6e-6 float); FD_TOL for central
   differences (see test_cross_is_adjoint_derivative). */
#include "test_util.h"

#define N_CASES 1000 /* random cases per property */
#define N_ALIAS 50   /* random cases per aliasing check */

#ifdef SPCONV_USE_FLOAT
#  define EPS_R 1.1920928955078125e-7
#else
#  define EPS_R 2.220446049250313e-16
#endif
#define CHAIN_TOL (8 * TEST_TOL)
#define JACOBI_TOL (64 * EPS_R)

static const double PI = 3.14159265358979323846;

#define LIN SPCONV_ORDER_LINEAR_FIRST
#define ANG SPCONV_ORDER_ANGULAR_FIRST
#define EXPECT_OK(call) assert_int_equal((call), SPCONV_OK)

/* ---------------------------------------------------------------- helpers */

/* a random pose [p; q_wxyz]: p in [-2, 2)^3, q non-unit (|q| in 1e-2..1e2) */
static void rand_pose(spconv_real pose[7]) {
  test_rand_vec(pose, 3, 2.0);
  test_rand_quat(pose + 3);
}

/* [p; q_wxyz] -> [p; q_xyzw] (test-side, plain moves) */
static void to_xyzw(spconv_real res[7], const spconv_real pose[7]) {
  spconv_real t[7];
  int i;
  for (i = 0; i < 3; ++i) t[i] = pose[i];
  t[3] = pose[4];
  t[4] = pose[5];
  t[5] = pose[6];
  t[6] = pose[3];
  memcpy(res, t, sizeof t);
}

/* a random 3-vector of length len in a uniformly random direction */
static void rand_dir(spconv_real v[3], double len) {
  double d[3], n;
  do {
    d[0] = test_uniform(-1, 1);
    d[1] = test_uniform(-1, 1);
    d[2] = test_uniform(-1, 1);
    n = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  } while (n < 1e-3 || n > 1);
  v[0] = (spconv_real)(len * d[0] / n);
  v[1] = (spconv_real)(len * d[1] / n);
  v[2] = (spconv_real)(len * d[2] / n);
}

/* the rotations of two quaternions agree (any norms, either sign) */
#define EXPECT_SAME_ROTATION(qa, qb, tol)     \
  do {                                        \
    spconv_real ra_[9], rb_[9];               \
    test_mat_of_quat(ra_, (qa));              \
    test_mat_of_quat(rb_, (qb));              \
    EXPECT_VEC_NEAR(ra_, rb_, 9, (tol));      \
  } while (0)

/* two poses [p; q_wxyz] are the same rigid transform */
#define EXPECT_SAME_POSE(a, b, tol)                  \
  do {                                               \
    EXPECT_VEC_NEAR((a), (b), 3, (tol));             \
    EXPECT_SAME_ROTATION((a) + 3, (b) + 3, (tol));   \
  } while (0)

/* |v| of n reals, in double */
static double norm_d(const spconv_real *v, int n) {
  double s = 0;
  int i;
  for (i = 0; i < n; ++i) s += (double)v[i] * (double)v[i];
  return sqrt(s);
}

static double dot6(const spconv_real a[6], const spconv_real b[6]) {
  double s = 0;
  int i;
  for (i = 0; i < 6; ++i) s += (double)a[i] * (double)b[i];
  return s;
}

/* r = A B (6x6 row-major, summed in double) */
static void mat6_mul(spconv_real r[36], const spconv_real A[36], const spconv_real B[36]) {
  double t[36];
  int i, j, k;
  for (i = 0; i < 6; ++i)
    for (j = 0; j < 6; ++j) {
      t[6 * i + j] = 0;
      for (k = 0; k < 6; ++k) t[6 * i + j] += (double)A[6 * i + k] * (double)B[6 * k + j];
    }
  for (i = 0; i < 36; ++i) r[i] = (spconv_real)t[i];
}

/* r = A x (6x6 row-major) */
static void mat6_vec(spconv_real r[6], const spconv_real A[36], const spconv_real x[6]) {
  double t[6];
  int i, k;
  for (i = 0; i < 6; ++i) {
    t[i] = 0;
    for (k = 0; k < 6; ++k) t[i] += (double)A[6 * i + k] * (double)x[k];
  }
  for (i = 0; i < 6; ++i) r[i] = (spconv_real)t[i];
}

/* r = S A S with S = [[0, E], [E, 0]]: the same 6x6 in the other order */
static void mat6_swap_order(spconv_real r[36], const spconv_real A[36]) {
  spconv_real t[36];
  int i, j;
  for (i = 0; i < 6; ++i)
    for (j = 0; j < 6; ++j) t[6 * ((i + 3) % 6) + (j + 3) % 6] = A[6 * i + j];
  memcpy(r, t, sizeof t);
}

/* [x]x as a 3x3 row-major (double) */
static void skew_d(double S[9], const spconv_real x[3]) {
  S[0] = 0;
  S[1] = -(double)x[2];
  S[2] = (double)x[1];
  S[3] = (double)x[2];
  S[4] = 0;
  S[5] = -(double)x[0];
  S[6] = -(double)x[1];
  S[7] = (double)x[0];
  S[8] = 0;
}

/* Reference exp of the 4x4 twist matrix [[u]x, d; 0, 0] (u = dt w, d = dt v)
   by scaling and squaring a Taylor series in long double: independent of
   the header's closed form. R (row-major) and p. */
static void ref_se3_exp(double R[9], double p[3], const spconv_real twist[6], double dt) {
  long double X[16] = {0}, E[16], T[16], P[16], s;
  int i, j, k, it, nsq = 0;
  double nrm;
  spconv_real u[3];
  for (i = 0; i < 3; ++i) u[i] = (spconv_real)((double)twist[3 + i] * dt);
  X[1] = -(long double)u[2];
  X[2] = (long double)u[1];
  X[4] = (long double)u[2];
  X[6] = -(long double)u[0];
  X[8] = -(long double)u[1];
  X[9] = (long double)u[0];
  for (i = 0; i < 3; ++i) X[4 * i + 3] = (long double)twist[i] * (long double)dt;
  nrm = fabs((double)u[0]) + fabs((double)u[1]) + fabs((double)u[2]) +
        fabs((double)X[3]) + fabs((double)X[7]) + fabs((double)X[11]);
  while (nrm > 0.125) {
    nrm /= 2;
    ++nsq;
  }
  s = 1.0L;
  for (i = 0; i < nsq; ++i) s *= 2.0L;
  for (i = 0; i < 16; ++i) {
    X[i] /= s;
    E[i] = P[i] = (i % 5 == 0) ? 1.0L : 0.0L;
  }
  for (k = 1; k <= 24; ++k) { /* P = X^k / k!, E += P */
    for (i = 0; i < 4; ++i)
      for (j = 0; j < 4; ++j) {
        long double a = 0;
        for (it = 0; it < 4; ++it) a += P[4 * i + it] * X[4 * it + j];
        T[4 * i + j] = a / (long double)k;
      }
    for (i = 0; i < 16; ++i) {
      P[i] = T[i];
      E[i] += T[i];
    }
  }
  for (it = 0; it < nsq; ++it) {
    for (i = 0; i < 4; ++i)
      for (j = 0; j < 4; ++j) {
        long double a = 0;
        for (k = 0; k < 4; ++k) a += E[4 * i + k] * E[4 * k + j];
        T[4 * i + j] = a;
      }
    memcpy(E, T, sizeof T);
  }
  for (i = 0; i < 3; ++i) {
    for (j = 0; j < 3; ++j) R[3 * i + j] = (double)E[4 * i + j];
    p[i] = (double)E[4 * i + 3];
  }
}

/* a random symmetric positive definite inertia: principal moments that
   satisfy the triangle inequality, random axes */
static void rand_inertia(spconv_real I[9]) {
  spconv_real d[3], q[4];
  d[0] = (spconv_real)test_uniform(0.2, 2.0);
  d[1] = (spconv_real)test_uniform(0.2, 2.0);
  d[2] = (spconv_real)test_uniform(fabs((double)(d[0] - d[1])) + 0.05, (double)(d[0] + d[1]));
  test_rand_unit_quat(q);
  spconv_inertia_from_principal(I, d, q);
}

/* ------------------------------------------------------- hand-derived cases */

/* T = 90 degrees about z at p = (1, 2, 3): R (x, y, z) = (-y, x, z) */
static const spconv_real H = (spconv_real)0.70710678118654752440;

static void test_pose_hand_cases(void **state) {
  const spconv_real T[7] = {1, 2, 3, H, 0, 0, H};
  const spconv_real ex[3] = {1, 0, 0}, move_x[7] = {1, 0, 0, 1, 0, 0, 0};
  const spconv_real move_y[7] = {0, 2, 0, 1, 0, 0, 0};
  spconv_real r[16], T4[16];
  (void)state;
  spconv_pose_transform_point_wxyz(r, T, ex);
  {
    const spconv_real want[3] = {1, 3, 3};
    EXPECT_VEC_NEAR(r, want, 3, TEST_TOL);
  }
  spconv_pose_rotate_vec_wxyz(r, T, ex);
  {
    const spconv_real want[3] = {0, 1, 0};
    EXPECT_VEC_NEAR(r, want, 3, TEST_TOL);
  }
  /* inverse: R^T p = (2, -1, 3), so p' = (-2, 1, -3), q' = conj(q) */
  spconv_pose_inv_wxyz(r, T);
  {
    const spconv_real want[7] = {-2, 1, -3, H, 0, 0, -H};
    EXPECT_VEC_NEAR(r, want, 7, TEST_TOL);
  }
  /* translations add; a translation after the turn moves along R x */
  spconv_pose_mul_wxyz(r, move_x, move_y);
  {
    const spconv_real want[7] = {1, 2, 0, 1, 0, 0, 0};
    EXPECT_VEC_EQUAL(r, want, 7);
  }
  spconv_pose_mul_wxyz(r, T, move_x);
  {
    const spconv_real want[7] = {1, 3, 3, H, 0, 0, H};
    EXPECT_VEC_NEAR(r, want, 7, TEST_TOL);
  }
  /* relative: move_x seen from T is R^T (0, -2, -3) = (-2, 0, -3), q = conj */
  spconv_pose_relative_wxyz(r, T, move_x);
  {
    const spconv_real want[7] = {-2, 0, -3, H, 0, 0, -H};
    EXPECT_VEC_NEAR(r, want, 7, TEST_TOL);
  }
  /* halfway from the identity at the origin to T: p / 2, 45 degrees */
  {
    const spconv_real id[7] = {0, 0, 0, 1, 0, 0, 0};
    const spconv_real want[7] = {0.5, 1, 1.5, (spconv_real)0.92387953251128675613, 0, 0,
                                 (spconv_real)0.38268343236508977173};
    spconv_pose_interp_wxyz(r, id, T, (spconv_real)0.5);
    EXPECT_VEC_NEAR(r, want, 7, TEST_TOL);
  }
  /* 4x4 */
  {
    const spconv_real want[16] = {0, -1, 0, 1, 1, 0, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1};
    assert_int_equal(spconv_mat4_from_pose_wxyz(T4, T, SPCONV_MAT4_ROW_MAJOR), SPCONV_OK);
    EXPECT_VEC_NEAR(T4, want, 16, TEST_TOL);
    assert_int_equal(spconv_pose_wxyz_from_mat4(r, want, SPCONV_MAT4_ROW_MAJOR), SPCONV_OK);
    EXPECT_VEC_NEAR(r, T, 7, TEST_TOL);
  }
  /* a twist [v = (1, 0, 0); w = (0, 0, 1)] of B: w_A = (0, 0, 1), v_A =
     R v + p x R w = (0, 1, 0) + (2, -1, 0) = (2, 0, 0); a wrench
     [f = (1, 0, 0); tau = 0]: f_A = (0, 1, 0), tau_A = p x f_A = (-3, 0, 1) */
  {
    const spconv_real tw[6] = {1, 0, 0, 0, 0, 1}, wr[6] = {1, 0, 0, 0, 0, 0};
    const spconv_real want_t[6] = {2, 0, 0, 0, 0, 1}, want_w[6] = {0, 1, 0, -3, 0, 1};
    EXPECT_OK(spconv_twist_transform_wxyz(r, T, tw, LIN));
    EXPECT_VEC_NEAR(r, want_t, 6, TEST_TOL);
    EXPECT_OK(spconv_wrench_transform_wxyz(r, T, wr, LIN));
    EXPECT_VEC_NEAR(r, want_w, 6, TEST_TOL);
  }
}

static void test_cross_hand_cases(void **state) {
  const spconv_real v[6] = {1, 0, 0, 0, 0, 1}, m[6] = {0, 1, 0, 1, 0, 0};
  const spconv_real want_m[6] = {-1, 0, 0, 0, 1, 0}, want_f[6] = {-1, 0, 0, 0, 1, 1};
  spconv_real r[6];
  (void)state;
  /* [w x v_m + v x w_m; w x w_m] = [(-1, 0, 0) + 0; (0, 1, 0)] */
  EXPECT_OK(spconv_twist_cross(r, v, m, LIN));
  EXPECT_VEC_EQUAL(r, want_m, 6);
  /* [w x f; w x tau + v x f] = [(-1, 0, 0); (0, 1, 0) + (0, 0, 1)] */
  EXPECT_OK(spconv_wrench_cross(r, v, m, LIN));
  EXPECT_VEC_EQUAL(r, want_f, 6);
}

static void test_exp_log_hand_cases(void **state) {
  /* v = 1 along x while turning at pi/2 about z: a quarter of a circle of
     radius 2/pi about (0, 2/pi, 0) ends at (2/pi, 2/pi, 0) */
  const spconv_real tw[6] = {1, 0, 0, 0, 0, (spconv_real)(PI / 2)};
  const spconv_real want[7] = {(spconv_real)(2 / PI), (spconv_real)(2 / PI), 0, H, 0, 0, H};
  const spconv_real slide[6] = {1, -2, 3, 0, 0, 0};
  spconv_real r[7], t[6];
  (void)state;
  EXPECT_OK(spconv_pose_exp_wxyz(r, tw, 1, LIN));
  EXPECT_VEC_NEAR(r, want, 7, TEST_TOL);
  EXPECT_OK(spconv_twist_log_wxyz(t, want, LIN));
  EXPECT_VEC_NEAR(t, tw, 6, TEST_TOL);
  /* a pure translation over dt = 0.5: p = dt v exactly, q = identity */
  EXPECT_OK(spconv_pose_exp_wxyz(r, slide, (spconv_real)0.5, LIN));
  {
    const spconv_real w2[7] = {0.5, -1, 1.5, 1, 0, 0, 0};
    EXPECT_VEC_EQUAL(r, w2, 7);
  }
  EXPECT_OK(spconv_twist_log_wxyz(t, r, LIN));
  {
    const spconv_real w3[6] = {0.5, -1, 1.5, 0, 0, 0};
    EXPECT_VEC_EQUAL(t, w3, 6);
  }
}

static void test_inertia_hand_cases(void **state) {
  const spconv_real d[3] = {3, 2, 1}, qz[4] = {H, 0, 0, H};
  const spconv_real I_box[9] = {2, 0, 0, 0, 3, 0, 0, 0, 1};
  const spconv_real E[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, c[3] = {1, 0, 0};
  spconv_real I[9], dd[3], q[4], R[9];
  (void)state;
  /* 90 degrees about z swaps the x and y moments */
  spconv_inertia_from_principal(I, d, qz);
  EXPECT_VEC_NEAR(I, I_box, 9, TEST_TOL);
  /* and back: moments decreasing (3, 2, 1), axes +-y, +-x, +-z, det +1 */
  assert_int_equal(spconv_principal_from_inertia(dd, q, I_box), SPCONV_OK);
  EXPECT_VEC_NEAR(dd, d, 3, JACOBI_TOL);
  test_mat_of_quat(R, q);
  EXPECT_NEAR(fabs((double)R[3]), 1, JACOBI_TOL, 1); /* column 0 = +-y */
  EXPECT_NEAR(fabs((double)R[1]), 1, JACOBI_TOL, 1); /* column 1 = +-x */
  EXPECT_NEAR(fabs((double)R[8]), 1, JACOBI_TOL, 1); /* column 2 = +-z */
  EXPECT_NEAR(test_det3(R), 1, JACOBI_TOL, 1);
  /* parallel axis: m = 2, r = (1, 0, 0): diag(1, 3, 3) */
  {
    const spconv_real zero[3] = {0, 0, 0};
    spconv_inertia_shift(I, E, 2, zero, c);
  }
  {
    const spconv_real want[9] = {1, 0, 0, 0, 3, 0, 0, 0, 3};
    EXPECT_VEC_EQUAL(I, want, 9);
  }
  /* spinning at 1 rad/s about z through the origin, COM 1 m away:
     1/2 2 |(0, 1, 0)|^2 + 1/2 1 = 1.5 */
  {
    const spconv_real tw[6] = {0, 0, 0, 0, 0, 1};
    EXPECT_NEAR(spconv_kinetic_energy(2, c, E, tw), 1.5, TEST_TOL, 1);
  }
  /* spatial inertia of m = 2 at c = (1, 0, 0), I_com = E */
  {
    spconv_real M[36];
    /* [c]x = [[0, 0, 0], [0, 0, -1], [0, 1, 0]]; p = m (v + w x c) */
    const spconv_real want[36] = {2, 0, 0, 0, 0, 0,  0, 2, 0, 0, 0,  2, 0, 0, 2, 0, -2, 0,
                                  0, 0, 0, 1, 0, 0,  0, 0, -2, 0, 3, 0, 0, 2, 0, 0, 0,  3};
    spconv_spatial_inertia(M, 2, c, E);
    EXPECT_VEC_EQUAL(M, want, 36);
  }
}

/* ------------------------------------------------------------- pose laws */

static void test_pose_group_laws(void **state) {
  int n;
  (void)state;
  test_seed(101);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real a[7], b[7], c[7], ab[7], bc[7], l[7], r[7], ia[7], id[7], x[3], y[3], z[3];
    const spconv_real zero[3] = {0, 0, 0}, one[4] = {1, 0, 0, 0};
    rand_pose(a);
    rand_pose(b);
    rand_pose(c);
    test_rand_vec(x, 3, 2.0);
    /* associativity: (a b) c = a (b c), quaternions included (same norms) */
    spconv_pose_mul_wxyz(ab, a, b);
    spconv_pose_mul_wxyz(l, ab, c);
    spconv_pose_mul_wxyz(bc, b, c);
    spconv_pose_mul_wxyz(r, a, bc);
    EXPECT_VEC_NEAR(r, l, 3, CHAIN_TOL);
    {
      double s = test_max_abs(l + 3, 4);
      int i;
      for (i = 0; i < 4; ++i) EXPECT_NEAR(r[3 + i], l[3 + i], CHAIN_TOL, s);
    }
    /* inverse: a^-1 a = a a^-1 = identity (p = 0, q a multiple of 1) */
    spconv_pose_inv_wxyz(ia, a);
    spconv_pose_mul_wxyz(id, ia, a);
    EXPECT_VEC_NEAR(id, zero, 3, CHAIN_TOL);
    EXPECT_SAME_ROTATION(id + 3, one, CHAIN_TOL);
    spconv_pose_mul_wxyz(id, a, ia);
    EXPECT_VEC_NEAR(id, zero, 3, CHAIN_TOL);
    EXPECT_SAME_ROTATION(id + 3, one, CHAIN_TOL);
    /* relative = a^-1 b */
    spconv_pose_relative_wxyz(l, a, b);
    spconv_pose_mul_wxyz(r, ia, b);
    EXPECT_SAME_POSE(l, r, CHAIN_TOL);
    /* a (a^-1 b) = b */
    spconv_pose_mul_wxyz(r, a, l);
    EXPECT_SAME_POSE(r, b, CHAIN_TOL);
    /* transforming by a product = transforming by b, then by a */
    spconv_pose_transform_point_wxyz(y, ab, x);
    spconv_pose_transform_point_wxyz(z, b, x);
    spconv_pose_transform_point_wxyz(z, a, z);
    EXPECT_VEC_NEAR(y, z, 3, CHAIN_TOL);
    /* rotate_vec = transform_point minus the origin's image */
    spconv_pose_rotate_vec_wxyz(y, a, x);
    spconv_pose_transform_point_wxyz(z, a, x);
    {
      spconv_real d[3];
      int i;
      for (i = 0; i < 3; ++i) d[i] = z[i] - a[i];
      EXPECT_VEC_NEAR(y, d, 3, CHAIN_TOL);
    }
    /* the point of the inverse: a^-1 (a x) = x */
    spconv_pose_transform_point_wxyz(y, ia, z);
    EXPECT_VEC_NEAR(y, x, 3, CHAIN_TOL);
  }
}

static void test_pose_interp(void **state) {
  int n;
  (void)state;
  test_seed(102);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real a[7], b[7], r[7], qa[4], qs[4];
    spconv_real t = (spconv_real)test_uniform(0, 1);
    rand_pose(a);
    rand_pose(b);
    /* endpoints: p exact, q the (unit) endpoint's rotation */
    spconv_pose_interp_wxyz(r, a, b, 0);
    EXPECT_VEC_EQUAL(r, a, 3);
    assert_int_equal(spconv_quat_normalize_wxyz(qa, a + 3), SPCONV_OK);
    EXPECT_VEC_NEAR(r + 3, qa, 4, TEST_TOL);
    spconv_pose_interp_wxyz(r, a, b, 1);
    EXPECT_VEC_EQUAL(r, b, 3);
    EXPECT_SAME_ROTATION(r + 3, b + 3, TEST_TOL);
    /* in between: the lerp of p and spconv_quat_slerp_wxyz of q */
    spconv_pose_interp_wxyz(r, a, b, t);
    spconv_quat_slerp_wxyz(qs, a + 3, b + 3, t);
    EXPECT_VEC_EQUAL(r + 3, qs, 4);
    {
      spconv_real p[3];
      int i;
      for (i = 0; i < 3; ++i) p[i] = (spconv_real)((1 - (double)t) * (double)a[i] + (double)t * (double)b[i]);
      EXPECT_VEC_NEAR(r, p, 3, TEST_TOL);
    }
  }
}

static void test_mat4_round_trip(void **state) {
  int n, l;
  (void)state;
  test_seed(103);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real pose[7], T[2][16], back[7], qc[4], R[9];
    rand_pose(pose);
    for (l = 0; l < 2; ++l) {
      spconv_mat4_layout layout = TEST_MAT4(l);
      int i, j;
      assert_int_equal(spconv_mat4_from_pose_wxyz(T[l], pose, layout), SPCONV_OK);
      assert_int_equal(spconv_pose_wxyz_from_mat4(back, T[l], layout), SPCONV_OK);
      /* p exact; q unit and canonical, the same rotation */
      EXPECT_VEC_EQUAL(back, pose, 3);
      assert_int_equal(spconv_quat_normalize_wxyz(qc, pose + 3), SPCONV_OK);
      spconv_quat_canonical_wxyz(qc, qc);
      EXPECT_VEC_NEAR(back + 3, qc, 4, TEST_TOL);
      assert_true(back[3] >= 0);
      /* the 3x3 block is R(q), the last row (0 0 0 1) */
      test_mat_of_quat(R, pose + 3);
      for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j)
          EXPECT_NEAR(T[l][l ? 4 * j + i : 4 * i + j], R[3 * i + j], TEST_TOL, 1);
      for (j = 0; j < 3; ++j) assert_true(T[l][l ? 4 * j + 3 : 12 + j] == 0);
      assert_true(T[l][15] == 1);
    }
    /* the two storages are transposes */
    {
      int i, j;
      for (i = 0; i < 4; ++i)
        for (j = 0; j < 4; ++j) assert_true(T[0][4 * i + j] == T[1][4 * j + i]);
    }
  }
}

/* the storage reorders: plain moves (to_xyzw), single and batch forms, in
   place, round trip exact, n = 0 writes nothing */
static void test_pose_reorder(void **state) {
  int n, k;
  (void)state;
  test_seed(104);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real a[21], ax[21], r[21], back[21];
    for (k = 0; k < 3; ++k) rand_pose(a + 7 * k);
    for (k = 0; k < 3; ++k) to_xyzw(ax + 7 * k, a + 7 * k);
    spconv_pose_xyzw_from_wxyz(r, a);
    EXPECT_VEC_EQUAL(r, ax, 7);
    spconv_pose_wxyz_from_xyzw(back, r);
    EXPECT_VEC_EQUAL(back, a, 7);
    spconv_pose_xyzw_from_wxyz_n(r, a, 3);
    EXPECT_VEC_EQUAL(r, ax, 21);
    spconv_pose_wxyz_from_xyzw_n(back, r, 3);
    EXPECT_VEC_EQUAL(back, a, 21);
    memcpy(r, a, sizeof r); /* in place */
    spconv_pose_xyzw_from_wxyz_n(r, r, 3);
    EXPECT_VEC_EQUAL(r, ax, 21);
    spconv_pose_wxyz_from_xyzw_n(r, r, 3);
    EXPECT_VEC_EQUAL(r, a, 21);
    memcpy(r, a, sizeof r);
    spconv_pose_xyzw_from_wxyz_n(r, ax, 0);
    spconv_pose_wxyz_from_xyzw_n(r, ax, 0);
    EXPECT_VEC_EQUAL(r, a, 21);
  }
}

/* angular-first storage: each function that takes an order gives, on the
   swapped 6-vectors, the swapped result of linear-first storage, bit for bit */
static void test_angular_first(void **state) {
  int n, i;
  (void)state;
  test_seed(118);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real a[7], x[6], y[6], xs[6], ys[6], rl[7], ra[7], dt;
    rand_pose(a);
    test_rand_vec(x, 6, 2.0);
    test_rand_vec(y, 6, 2.0);
    dt = (spconv_real)test_uniform(-2, 2);
    for (i = 0; i < 3; ++i) { /* test-side swap */
      xs[i] = x[3 + i];
      xs[3 + i] = x[i];
      ys[i] = y[3 + i];
      ys[3 + i] = y[i];
    }
#define SWAPPED_EQUAL(r_ang, r_lin)                        do {                                                      for (i = 0; i < 3; ++i) {                                 assert_true((r_ang)[i] == (r_lin)[3 + i]);              assert_true((r_ang)[3 + i] == (r_lin)[i]);            }                                                     } while (0)
    EXPECT_OK(spconv_twist_transform_wxyz(rl, a, x, LIN));
    EXPECT_OK(spconv_twist_transform_wxyz(ra, a, xs, ANG));
    SWAPPED_EQUAL(ra, rl);
    EXPECT_OK(spconv_wrench_transform_wxyz(rl, a, x, LIN));
    EXPECT_OK(spconv_wrench_transform_wxyz(ra, a, xs, ANG));
    SWAPPED_EQUAL(ra, rl);
    EXPECT_OK(spconv_twist_cross(rl, x, y, LIN));
    EXPECT_OK(spconv_twist_cross(ra, xs, ys, ANG));
    SWAPPED_EQUAL(ra, rl);
    EXPECT_OK(spconv_wrench_cross(rl, x, y, LIN));
    EXPECT_OK(spconv_wrench_cross(ra, xs, ys, ANG));
    SWAPPED_EQUAL(ra, rl);
    EXPECT_OK(spconv_twist_log_wxyz(rl, a, LIN));
    EXPECT_OK(spconv_twist_log_wxyz(ra, a, ANG));
    SWAPPED_EQUAL(ra, rl);
#undef SWAPPED_EQUAL
    EXPECT_OK(spconv_pose_exp_wxyz(rl, x, dt, LIN));
    EXPECT_OK(spconv_pose_exp_wxyz(ra, xs, dt, ANG));
    EXPECT_VEC_EQUAL(ra, rl, 7);
  }
  { /* by hand, [w; v]: w = (0, 0, 1), v = (1, 0, 0) at B's origin, B turned
       90 degrees about z at p = (1, 2, 3): w_A = (0, 0, 1), v_A = (2, 0, 0)
       (as test_pose_hand_cases); the cross product [w; v] x [w; v] = 0 */
    const spconv_real T[7] = {1, 2, 3, H, 0, 0, H}, tw[6] = {0, 0, 1, 1, 0, 0};
    const spconv_real want[6] = {0, 0, 1, 2, 0, 0}, zero[6] = {0, 0, 0, 0, 0, 0};
    spconv_real r[6];
    EXPECT_OK(spconv_twist_transform_wxyz(r, T, tw, ANG));
    EXPECT_VEC_NEAR(r, want, 6, TEST_TOL);
    EXPECT_OK(spconv_twist_cross(r, tw, tw, ANG));
    EXPECT_VEC_EQUAL(r, zero, 6);
  }
}

/* --------------------------------------------------------------- adjoints */

static void test_adjoint_matrices(void **state) {
  int n, o;
  (void)state;
  test_seed(105);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real a[7], b[7], ab[7], V[6], F[6], x[6], y[6];
    spconv_real Aa[36], Ab[36], Aab[36], P[36], L[36], S[36];
    rand_pose(a);
    rand_pose(b);
    spconv_pose_mul_wxyz(ab, a, b);
    test_rand_vec(V, 6, 2.0);
    test_rand_vec(F, 6, 2.0);
    for (o = 0; o < 2; ++o) {
      spconv_order order = TEST_ORDER(o);
      /* Ad(a b) = Ad(a) Ad(b), for twists and for wrenches */
      assert_int_equal(spconv_adjoint_twist_matrix_wxyz(Aa, a, order), SPCONV_OK);
      assert_int_equal(spconv_adjoint_twist_matrix_wxyz(Ab, b, order), SPCONV_OK);
      assert_int_equal(spconv_adjoint_twist_matrix_wxyz(Aab, ab, order), SPCONV_OK);
      mat6_mul(P, Aa, Ab);
      EXPECT_VEC_NEAR(P, Aab, 36, CHAIN_TOL);
      assert_int_equal(spconv_adjoint_wrench_matrix_wxyz(Aa, a, order), SPCONV_OK);
      assert_int_equal(spconv_adjoint_wrench_matrix_wxyz(Ab, b, order), SPCONV_OK);
      assert_int_equal(spconv_adjoint_wrench_matrix_wxyz(Aab, ab, order), SPCONV_OK);
      mat6_mul(P, Aa, Ab);
      EXPECT_VEC_NEAR(P, Aab, 36, CHAIN_TOL);
    }
    /* the matrices apply the transforms; angular first is the same map
       with both halves swapped */
    assert_int_equal(spconv_adjoint_twist_matrix_wxyz(L, a, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    EXPECT_OK(spconv_twist_transform_wxyz(x, a, V, LIN));
    mat6_vec(y, L, V);
    EXPECT_VEC_NEAR(x, y, 6, TEST_TOL);
    assert_int_equal(spconv_adjoint_twist_matrix_wxyz(S, a, SPCONV_ORDER_ANGULAR_FIRST), SPCONV_OK);
    mat6_swap_order(L, L);
    EXPECT_VEC_EQUAL(S, L, 36);
    assert_int_equal(spconv_adjoint_wrench_matrix_wxyz(L, a, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    EXPECT_OK(spconv_wrench_transform_wxyz(x, a, F, LIN));
    mat6_vec(y, L, F);
    EXPECT_VEC_NEAR(x, y, 6, TEST_TOL);
    assert_int_equal(spconv_adjoint_wrench_matrix_wxyz(S, a, SPCONV_ORDER_ANGULAR_FIRST), SPCONV_OK);
    mat6_swap_order(L, L);
    EXPECT_VEC_EQUAL(S, L, 36);
    /* the wrench matrix is the inverse transpose: Ad^-T^T Ad = identity */
    {
      spconv_real At[36], W[36], Id[36] = {0};
      int i, j;
      assert_int_equal(spconv_adjoint_twist_matrix_wxyz(At, a, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
      assert_int_equal(spconv_adjoint_wrench_matrix_wxyz(W, a, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
      for (i = 0; i < 6; ++i)
        for (j = 0; j < i; ++j) {
          spconv_real t = W[6 * i + j];
          W[6 * i + j] = W[6 * j + i];
          W[6 * j + i] = t;
        }
      mat6_mul(P, W, At);
      for (i = 0; i < 6; ++i) Id[7 * i] = 1;
      EXPECT_VEC_NEAR(P, Id, 36, CHAIN_TOL);
    }
    /* the transforms undo each other through the inverse pose */
    spconv_pose_inv_wxyz(b, a);
    EXPECT_OK(spconv_twist_transform_wxyz(y, b, x, LIN));
    EXPECT_OK(spconv_wrench_transform_wxyz(x, a, F, LIN));
    EXPECT_OK(spconv_wrench_transform_wxyz(x, b, x, LIN));
    EXPECT_VEC_NEAR(x, F, 6, CHAIN_TOL);
  }
}

/* power F.V is kept by every (wrench, twist) pair of transforms: the
   functions, the matrices in both orders, through T and through T^-1 */
static void test_adjoint_power(void **state) {
  int n, o;
  (void)state;
  test_seed(106);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real T[7], Ti[7], V[6], F[6], v2[6], f2[6], Mt[36], Mw[36], vs[6], fs[6];
    double p0, scale;
    rand_pose(T);
    test_rand_vec(V, 6, 2.0);
    test_rand_vec(F, 6, 2.0);
    p0 = dot6(F, V);
    scale = 16 * test_power_scale(F, V); /* |p| up to 2 + 2: each term grows by <= 4 */
    EXPECT_OK(spconv_twist_transform_wxyz(v2, T, V, LIN));
    EXPECT_OK(spconv_wrench_transform_wxyz(f2, T, F, LIN));
    EXPECT_NEAR(spconv_power(f2, v2), p0, TEST_TOL, scale);
    spconv_pose_inv_wxyz(Ti, T);
    EXPECT_OK(spconv_twist_transform_wxyz(v2, Ti, V, LIN));
    EXPECT_OK(spconv_wrench_transform_wxyz(f2, Ti, F, LIN));
    EXPECT_NEAR(spconv_power(f2, v2), p0, TEST_TOL, scale);
    for (o = 0; o < 2; ++o) {
      spconv_order order = TEST_ORDER(o);
      assert_int_equal(spconv_adjoint_twist_matrix_wxyz(Mt, T, order), SPCONV_OK);
      assert_int_equal(spconv_adjoint_wrench_matrix_wxyz(Mw, T, order), SPCONV_OK);
      if (o) {
        spconv_spatial_swap(vs, V);
        spconv_spatial_swap(fs, F);
      } else {
        memcpy(vs, V, sizeof vs);
        memcpy(fs, F, sizeof fs);
      }
      mat6_vec(v2, Mt, vs);
      mat6_vec(f2, Mw, fs);
      EXPECT_NEAR(dot6(f2, v2), p0, TEST_TOL, scale);
    }
  }
}

/* ------------------------------------------------------- cross products */

static void test_cross_duality(void **state) {
  int n;
  (void)state;
  test_seed(107);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real v[6], m[6], f[6], vm[6], vf[6], vv[6];
    const spconv_real zero[6] = {0, 0, 0, 0, 0, 0};
    double a, b;
    test_rand_vec(v, 6, 2.0);
    test_rand_vec(m, 6, 2.0);
    test_rand_vec(f, 6, 2.0);
    EXPECT_OK(spconv_twist_cross(vm, v, m, LIN));
    EXPECT_OK(spconv_wrench_cross(vf, v, f, LIN));
    /* (v x* f).m = -f.(v x m) */
    a = dot6(vf, m);
    b = -dot6(f, vm);
    EXPECT_NEAR(a, b, TEST_TOL, 64.0);
    /* v x v = 0; antisymmetry v x m = -(m x v) */
    EXPECT_OK(spconv_twist_cross(vv, v, v, LIN));
    EXPECT_VEC_NEAR(vv, zero, 6, TEST_TOL);
    EXPECT_OK(spconv_twist_cross(vv, m, v, LIN));
    {
      int i;
      for (i = 0; i < 6; ++i) vv[i] = -vv[i];
    }
    EXPECT_VEC_NEAR(vm, vv, 6, TEST_TOL);
  }
}

/* v x m = d/dt Ad(exp(t v)) m and v x* f = d/dt Ad^-T(exp(t v)) f at t = 0,
   by central differences over +-h. Error: truncation h^2 |v|^3 |m| / 6 and
   rounding eps |m| / h: double h = 1e-5 (1e-10, 2e-11), float h = 1e-2
   (5e-4 for |v| <= 1.8, 1e-5), so FD_TOL = 1e-8 in double, 2e-3 in float. */
#ifdef SPCONV_USE_FLOAT
#  define FD_H 1e-2
#  define FD_TOL 2e-3
#else
#  define FD_H 1e-5
#  define FD_TOL 1e-8
#endif
static void test_cross_is_adjoint_derivative(void **state) {
  int n, i;
  (void)state;
  test_seed(108);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real v[6], m[6], f[6], Tp[7], Tm[7], a[6], b[6], d[6], c[6], T0[7], x[3];
    test_rand_vec(v, 6, 1.0);
    test_rand_vec(m, 6, 1.0);
    test_rand_vec(f, 6, 1.0);
    EXPECT_OK(spconv_pose_exp_wxyz(Tp, v, (spconv_real)FD_H, LIN));
    EXPECT_OK(spconv_pose_exp_wxyz(Tm, v, (spconv_real)-FD_H, LIN));
    EXPECT_OK(spconv_twist_transform_wxyz(a, Tp, m, LIN));
    EXPECT_OK(spconv_twist_transform_wxyz(b, Tm, m, LIN));
    for (i = 0; i < 6; ++i) d[i] = (spconv_real)(((double)a[i] - (double)b[i]) / (2 * FD_H));
    EXPECT_OK(spconv_twist_cross(c, v, m, LIN));
    EXPECT_VEC_NEAR(d, c, 6, FD_TOL);
    EXPECT_OK(spconv_wrench_transform_wxyz(a, Tp, f, LIN));
    EXPECT_OK(spconv_wrench_transform_wxyz(b, Tm, f, LIN));
    for (i = 0; i < 6; ++i) d[i] = (spconv_real)(((double)a[i] - (double)b[i]) / (2 * FD_H));
    EXPECT_OK(spconv_wrench_cross(c, v, f, LIN));
    EXPECT_VEC_NEAR(d, c, 6, FD_TOL);
    /* a body twist v moves the body point x (body axes) of a pose T0 at the
       world velocity R0 (v_lin + w x x): d/dt T0 exp(t v) x */
    rand_pose(T0);
    test_rand_vec(x, 3, 1.0);
    spconv_pose_mul_wxyz(Tp, T0, Tp);
    spconv_pose_mul_wxyz(Tm, T0, Tm);
    spconv_pose_transform_point_wxyz(a, Tp, x);
    spconv_pose_transform_point_wxyz(b, Tm, x);
    for (i = 0; i < 3; ++i) d[i] = (spconv_real)(((double)a[i] - (double)b[i]) / (2 * FD_H));
    spconv_twist_shift(c, v, x);
    spconv_pose_rotate_vec_wxyz(c, T0, c);
    EXPECT_VEC_NEAR(d, c, 3, FD_TOL);
  }
}

/* ------------------------------------------------------------ exp and log */

static void expect_exp_matches_reference(const spconv_real tw[6], spconv_real dt) {
  spconv_real T[7], R[9], Rr[9], pr[3];
  double Rd[9], pd[3];
  int i;
  EXPECT_OK(spconv_pose_exp_wxyz(T, tw, dt, LIN));
  ref_se3_exp(Rd, pd, tw, (double)dt);
  for (i = 0; i < 9; ++i) Rr[i] = (spconv_real)Rd[i];
  for (i = 0; i < 3; ++i) pr[i] = (spconv_real)pd[i];
  test_mat_of_quat(R, T + 3);
  EXPECT_VEC_NEAR(R, Rr, 9, TEST_TOL);
  EXPECT_VEC_NEAR(T, pr, 3, TEST_TOL);
  EXPECT_NEAR(norm_d(T + 3, 4), 1, TEST_TOL, 1); /* unit q */
}

static void test_exp_reference(void **state) {
  int n;
  (void)state;
  test_seed(109);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real tw[6];
    /* angles from 0 to 10 rad (several turns), and small ones near the
       series threshold 0.125 and far below it */
    static const double scales[] = {10.0, 3.0, 0.2, 0.125, 0.05, 1e-4, 1e-9};
    double a = scales[n % 7] * (n % 7 == 3 ? test_uniform(0.999, 1.001) : test_uniform(0, 1));
    test_rand_vec(tw, 3, 2.0);
    rand_dir(tw + 3, a);
    expect_exp_matches_reference(tw, (spconv_real)test_uniform(0.25, 2));
  }
}

/* log(exp(V)) = V for |w| < pi; exp(log(T)) = T for any pose */
static void test_exp_log_round_trip(void **state) {
  int n;
  (void)state;
  test_seed(110);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real tw[6], T[7], back[6], T2[7], P[7];
    double a = test_uniform(0, 3.1);
    test_rand_vec(tw, 3, 2.0);
    rand_dir(tw + 3, a);
    EXPECT_OK(spconv_pose_exp_wxyz(T, tw, 1, LIN));
    EXPECT_OK(spconv_twist_log_wxyz(back, T, LIN));
    EXPECT_VEC_NEAR(back, tw, 6, CHAIN_TOL);
    rand_pose(P);
    EXPECT_OK(spconv_twist_log_wxyz(back, P, LIN));
    assert_true(norm_d(back + 3, 3) <= PI * (1 + 4 * EPS_R));
    EXPECT_OK(spconv_pose_exp_wxyz(T2, back, 1, LIN));
    EXPECT_SAME_POSE(T2, P, CHAIN_TOL);
  }
}

/* |w| near 0 (1e-9, 1e-5, on both sides of the series threshold) and near
   pi (pi - 1e-6, pi exactly: there w and -w are the same rotation, so log
   may return either; exp(log(T)) = T all the same) */
static void test_exp_log_edges(void **state) {
  static const double angles[] = {0, 1e-12, 1e-9, 1e-5, 0.125 * (1 - 1e-6), 0.125,
                                  0.125 * (1 + 1e-6), 1.0, 3.14159165358979, 3.14159265358979323846};
  int n, k;
  (void)state;
  test_seed(111);
  for (k = 0; k < (int)(sizeof angles / sizeof angles[0]); ++k)
    for (n = 0; n < 100; ++n) {
      spconv_real tw[6], T[7], back[6], T2[7];
      int near_pi = angles[k] > 3;
      test_rand_vec(tw, 3, 2.0);
      rand_dir(tw + 3, angles[k]);
      expect_exp_matches_reference(tw, 1);
      EXPECT_OK(spconv_pose_exp_wxyz(T, tw, 1, LIN));
      EXPECT_OK(spconv_twist_log_wxyz(back, T, LIN));
      if (!near_pi || angles[k] < 3.1415925) {
        EXPECT_VEC_NEAR(back, tw, 6, CHAIN_TOL);
      } else {
        assert_true(fabs(norm_d(back + 3, 3) - PI) <= 8 * EPS_R);
      }
      EXPECT_OK(spconv_pose_exp_wxyz(T2, back, 1, LIN));
      EXPECT_SAME_POSE(T2, T, CHAIN_TOL);
    }
  /* the double cover: log of q and of -q are equal, near pi too */
  for (n = 0; n < N_CASES; ++n) {
    spconv_real P[7], Pn[7], l1[6], l2[6];
    int i;
    rand_pose(P);
    if (n % 2) { /* half of them within 1e-6 of a half turn */
      spconv_real rv[3];
      rand_dir(rv, PI - 1e-6 * test_uniform(0, 1));
      spconv_quat_wxyz_from_rotvec(P + 3, rv);
    }
    memcpy(Pn, P, sizeof P);
    for (i = 3; i < 7; ++i) Pn[i] = -P[i];
    EXPECT_OK(spconv_twist_log_wxyz(l1, P, LIN));
    EXPECT_OK(spconv_twist_log_wxyz(l2, Pn, LIN));
    EXPECT_VEC_EQUAL(l1, l2, 6);
  }
}

/* a pure rotation: q = spconv_quat_wxyz_from_rotvec(dt w), p = 0; and
   advancing a pose equals the quaternion integrators (body twist on the
   right, world twist on the left), bit for bit */
static void test_exp_consistency(void **state) {
  int n;
  (void)state;
  test_seed(112);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real tw[6], T[7], q[4], u[3], T0[7], r[7], qi[4];
    const spconv_real zero[3] = {0, 0, 0};
    spconv_real dt = (spconv_real)test_uniform(0.001, 0.5);
    int i;
    tw[0] = tw[1] = tw[2] = 0;
    test_rand_vec(tw + 3, 3, 4.0);
    EXPECT_OK(spconv_pose_exp_wxyz(T, tw, dt, LIN));
    for (i = 0; i < 3; ++i) u[i] = dt * tw[3 + i];
    spconv_quat_wxyz_from_rotvec(q, u);
    EXPECT_VEC_EQUAL(T + 3, q, 4);
    EXPECT_VEC_EQUAL(T, zero, 3);
    rand_pose(T0);
    test_rand_vec(tw, 3, 2.0);
    EXPECT_OK(spconv_pose_exp_wxyz(T, tw, dt, LIN));
    spconv_pose_mul_wxyz(r, T0, T);
    spconv_quat_integrate_body_wxyz(qi, T0 + 3, tw + 3, dt);
    EXPECT_VEC_EQUAL(r + 3, qi, 4);
    spconv_pose_mul_wxyz(r, T, T0);
    spconv_quat_integrate_world_wxyz(qi, T0 + 3, tw + 3, dt);
    EXPECT_VEC_EQUAL(r + 3, qi, 4);
    /* exp(s V) exp(t V) = exp((s + t) V): one screw motion */
    {
      spconv_real A[7], B[7], C[7];
      EXPECT_OK(spconv_pose_exp_wxyz(A, tw, dt, LIN));
      EXPECT_OK(spconv_pose_exp_wxyz(B, tw, 2 * dt, LIN));
      spconv_pose_mul_wxyz(C, A, B);
      EXPECT_OK(spconv_pose_exp_wxyz(A, tw, 3 * dt, LIN));
      EXPECT_SAME_POSE(C, A, CHAIN_TOL);
    }
  }
}

/* ---------------------------------------------------------------- inertia */

static void expect_principal_round_trip(const spconv_real I[9]) {
  spconv_real d[3], q[4], back[9], R[9];
  double scale = test_max_abs(I, 9);
  assert_int_equal(spconv_principal_from_inertia(d, q, I), SPCONV_OK);
  assert_true(d[0] >= d[1] && d[1] >= d[2]);
  assert_true(q[0] >= 0);
  EXPECT_NEAR(norm_d(q, 4), 1, JACOBI_TOL, 1);
  test_mat_of_quat(R, q);
  EXPECT_NEAR(test_det3(R), 1, JACOBI_TOL, 1);
  spconv_inertia_from_principal(back, d, q);
  {
    int i;
    for (i = 0; i < 9; ++i) EXPECT_NEAR(back[i], I[i], JACOBI_TOL, scale);
  }
}

static void test_principal_round_trip(void **state) {
  int n;
  (void)state;
  test_seed(113);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real d[3], q[4], I[9], dd[3], qq[4], sorted[3], t;
    int i, j;
    test_rand_vec(d, 3, 1.0);
    for (i = 0; i < 3; ++i) d[i] = (spconv_real)(5.0 + 4.0 * (double)d[i]); /* 1..9 */
    if (n % 4 == 1) d[1] = d[0];                 /* two equal moments */
    if (n % 4 == 2) d[1] = d[2] = d[0];          /* three */
    if (n % 8 == 3) d[2] = -d[2];                /* not positive definite */
    test_rand_quat(q);
    spconv_inertia_from_principal(I, d, q);
    expect_principal_round_trip(I);
    /* the moments are the d's, sorted */
    memcpy(sorted, d, sizeof d);
    for (i = 0; i < 2; ++i)
      for (j = 0; j < 2 - i; ++j)
        if (sorted[j] < sorted[j + 1]) {
          t = sorted[j];
          sorted[j] = sorted[j + 1];
          sorted[j + 1] = t;
        }
    assert_int_equal(spconv_principal_from_inertia(dd, qq, I), SPCONV_OK);
    for (i = 0; i < 3; ++i) EXPECT_NEAR(dd[i], sorted[i], JACOBI_TOL, 9);
  }
  /* already diagonal (any order): the identity or axis permutations; a
     scaled tensor of tiny and huge entries */
  {
    const spconv_real D1[9] = {1, 0, 0, 0, 2, 0, 0, 0, 3}, D2[9] = {2, 0, 0, 0, 2, 0, 0, 0, 2};
    spconv_real dd[3], qq[4], big[9];
    const spconv_real id[4] = {1, 0, 0, 0};
    int i;
    expect_principal_round_trip(D1);
    assert_int_equal(spconv_principal_from_inertia(dd, qq, D2), SPCONV_OK);
    EXPECT_VEC_EQUAL(qq, id, 4);
    rand_inertia(big);
    for (i = 0; i < 9; ++i) big[i] *= (spconv_real)1e-20;
    expect_principal_round_trip(big);
    rand_inertia(big);
    for (i = 0; i < 9; ++i) big[i] *= (spconv_real)1e20;
    expect_principal_round_trip(big);
  }
}

/* principal axes at the ends of the exponent range, both precisions.
   Diagonal tensors from huge to subnormal entries give their entries back
   exactly; near overflow (max |I| above R_MAX / 16) the moments are those
   of the tensor halved; the huge off-diagonal pair has moments +-BIG. A
   positive definite D A D (A a fixed positive definite integer matrix,
   det 67; D diagonal powers of two spreading the entries over more than
   the exponent range of the precision, so that no scaling by one factor
   keeps them all) has positive moments whose product is det(A) prod D_i^2
   to relative precision (compared as sums of logarithms). Every tensor
   comes back from R diag R^T to JACOBI_TOL of max |I|. */
#ifdef SPCONV_USE_FLOAT
#  define PR_BIG 1e38      /* near FLT_MAX: 16 BIG overflows */
#  define PR_MAX 3e38      /* 2 MAX overflows, sqrt(17) / 4 MAX does not */
#  define PR_HUGE 1e30
#  define PR_TINY 1e-38    /* subnormal */
#else
#  define PR_BIG 1e307     /* near DBL_MAX */
#  define PR_MAX 1.5e308   /* 2 MAX overflows, sqrt(17) / 4 MAX does not */
#  define PR_HUGE 1e300
#  define PR_TINY 1e-310   /* subnormal */
#endif
static void test_principal_extremes(void **state) {
  const spconv_real B = (spconv_real)PR_BIG, HG = (spconv_real)PR_HUGE, T = (spconv_real)PR_TINY;
  const spconv_real diag[][9] = {{HG, 0, 0, 0, 1, 0, 0, 0, 1},
                                 {1, 0, 0, 0, 1, 0, 0, 0, HG},
                                 {(spconv_real)1e-30, 0, 0, 0, 1, 0, 0, 0, 1},
                                 {T, 0, 0, 0, 1, 0, 0, 0, 2},
                                 {HG, 0, 0, 0, T, 0, 0, 0, 0}};
  const spconv_real want_diag[][3] = {{HG, 1, 1}, {HG, 1, 1}, {1, 1, (spconv_real)1e-30},
                                      {2, 1, T}, {HG, T, 0}};
  const spconv_real near_max[9] = {B, B / 2, 0, B / 2, B, 0, 0, 0, 1};
  const spconv_real huge_off[9] = {1, HG, 0, HG, 1, 0, 0, 0, 1};
  /* indefinite, its moments finite but A_ll - A_kk = -2 MAX not: the
     scaling near overflow keeps the sweeps finite */
  const spconv_real M = (spconv_real)PR_MAX;
  const spconv_real near_inf[9] = {M, M / 4, 0, M / 4, -M, 0, 0, 0, 1};
  const int A[9] = {4, 2, 1, 2, 5, 3, 1, 3, 6};
#ifdef SPCONV_USE_FLOAT
  const int e[][3] = {{60, -20, -20}, {-20, -20, 60}, {55, -30, 0}, {-30, 30, -60}};
#else
  const int e[][3] = {{500, -40, -40}, {-40, -40, 500}, {450, -280, 0}, {-250, 250, -500}};
#endif
  spconv_real d[3], q[4], I[9];
  int c, i, j;
  (void)state;
  for (c = 0; c < 5; ++c) {
    expect_principal_round_trip(diag[c]);
    assert_int_equal(spconv_principal_from_inertia(d, q, diag[c]), SPCONV_OK);
    EXPECT_VEC_EQUAL(d, want_diag[c], 3);
  }
  expect_principal_round_trip(near_max);
  assert_int_equal(spconv_principal_from_inertia(d, q, near_max), SPCONV_OK);
  EXPECT_NEAR(d[0], 1.5 * PR_BIG, JACOBI_TOL, 1.5 * PR_BIG);
  EXPECT_NEAR(d[1], 0.5 * PR_BIG, JACOBI_TOL, 1.5 * PR_BIG);
  EXPECT_NEAR(d[2], 1, JACOBI_TOL, 1);
  expect_principal_round_trip(near_inf);
  assert_int_equal(spconv_principal_from_inertia(d, q, near_inf), SPCONV_OK);
  EXPECT_NEAR(d[0], sqrt(17.0) / 4 * PR_MAX, JACOBI_TOL, PR_MAX);
  EXPECT_NEAR(d[1], 1, JACOBI_TOL, PR_MAX);
  EXPECT_NEAR(d[2], -sqrt(17.0) / 4 * PR_MAX, JACOBI_TOL, PR_MAX);
  expect_principal_round_trip(huge_off);
  assert_int_equal(spconv_principal_from_inertia(d, q, huge_off), SPCONV_OK);
  EXPECT_NEAR(d[0], PR_HUGE, JACOBI_TOL, PR_HUGE);
  EXPECT_NEAR(d[2], -PR_HUGE, JACOBI_TOL, PR_HUGE);
  for (c = 0; c < 4; ++c) {
    double log_prod = 0; /* log(d0 d1 d2 / prod D_i^2), from mantissas and exponents */
    int k, k_sum = 0;
    for (i = 0; i < 3; ++i) {
      k_sum -= 2 * e[c][i];
      for (j = 0; j < 3; ++j)
        I[3 * i + j] = (spconv_real)ldexp((double)A[3 * i + j], e[c][i] + e[c][j]);
    }
    expect_principal_round_trip(I);
    assert_int_equal(spconv_principal_from_inertia(d, q, I), SPCONV_OK);
    assert_true(d[2] > 0);
    for (i = 0; i < 3; ++i) {
      log_prod += log(frexp((double)d[i], &k));
      k_sum += k;
    }
    EXPECT_NEAR(log_prod + k_sum * log(2.0), log(67.0), JACOBI_TOL, 1);
  }
}

static void test_inertia_shift_spatial_inertia(void **state) {
  int n;
  (void)state;
  test_seed(114);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real I[9], c[3], Is[9], M[36], want[36], back[9], mc[3], zero[3] = {0, 0, 0};
    double S[9], SS[9];
    spconv_real m = (spconv_real)test_uniform(0.1, 10);
    int i, j;
    rand_inertia(I);
    test_rand_vec(c, 3, 1.0);
    spconv_inertia_shift(Is, I, m, zero, c);
    /* the definition: I + m (|c|^2 E - c c^T) = I - m [c]x [c]x */
    skew_d(S, c);
    for (i = 0; i < 3; ++i)
      for (j = 0; j < 3; ++j)
        SS[3 * i + j] = S[3 * i] * S[j] + S[3 * i + 1] * S[3 + j] + S[3 * i + 2] * S[6 + j];
    for (i = 0; i < 9; ++i) back[i] = (spconv_real)((double)I[i] - (double)m * SS[i]);
    EXPECT_VEC_NEAR(Is, back, 9, TEST_TOL);
    /* the sign of r does not matter; shifting by -... back: Is - m(...) */
    for (i = 0; i < 3; ++i) mc[i] = -c[i];
    spconv_inertia_shift(back, I, m, zero, mc);
    EXPECT_VEC_EQUAL(back, Is, 9);
    /* spatial inertia: [[m E, -m [c]x], [m [c]x, I_com - m [c]x [c]x]] */
    spconv_spatial_inertia(M, m, c, I);
    for (i = 0; i < 36; ++i) want[i] = 0;
    for (i = 0; i < 3; ++i) {
      want[7 * i] = m;
      for (j = 0; j < 3; ++j) {
        want[6 * i + 3 + j] = (spconv_real)(-(double)m * S[3 * i + j]);
        want[6 * (3 + i) + j] = (spconv_real)((double)m * S[3 * i + j]);
        want[6 * (3 + i) + 3 + j] = Is[3 * i + j];
      }
    }
    EXPECT_VEC_NEAR(M, want, 36, TEST_TOL);
    for (i = 0; i < 3; ++i)
      for (j = 0; j < 3; ++j) assert_true(M[6 * (3 + i) + 3 + j] == Is[3 * i + j]);
    /* symmetric */
    for (i = 0; i < 6; ++i)
      for (j = 0; j < 6; ++j) assert_true(M[6 * i + j] == M[6 * j + i]);
  }
}

/* I_A + m (|r|^2 E - r r^T) in double (the parallel axis from the COM) */
static void parallel_axis_d(double res[9], const spconv_real I[9], double m, const double r[3]) {
  double rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
  int i, j;
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j)
      res[3 * i + j] = (double)I[3 * i + j] + m * ((i == j ? rr : 0) - r[i] * r[j]);
}

/* the tensor moved between two points that are not the COM: A = C + a,
   B = A + r; the reference goes through the COM in double */
static void test_inertia_shift_between_points(void **state) {
  int n, i;
  (void)state;
  test_seed(119);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real I[9], a[3], r[3], r2[3], IA[9], com[3], got[9], want[9], IB[9], chain[9], rr2[3];
    double ad[3], abd[3], t[9];
    spconv_real m = (spconv_real)test_uniform(0.1, 10);
    rand_inertia(I);
    test_rand_vec(a, 3, 1.0);
    test_rand_vec(r, 3, 1.0);
    test_rand_vec(r2, 3, 1.0);
    for (i = 0; i < 3; ++i) {
      ad[i] = (double)a[i];
      abd[i] = (double)a[i] + (double)r[i];
      com[i] = -a[i]; /* C - A */
    }
    parallel_axis_d(t, I, (double)m, ad);
    for (i = 0; i < 9; ++i) IA[i] = (spconv_real)t[i];
    /* I_B from I_A: the reference is I_com shifted by a + r; I_A's own
       rounding enters the comparison (entries up to about 40: TEST_TOL) */
    spconv_inertia_shift(got, IA, m, com, r);
    parallel_axis_d(t, I, (double)m, abd);
    for (i = 0; i < 9; ++i) want[i] = (spconv_real)t[i];
    EXPECT_VEC_NEAR(got, want, 9, TEST_TOL * 4);
    for (i = 0; i < 3; ++i)
      assert_true(got[3 * i + (i + 1) % 3] == got[3 * ((i + 1) % 3) + i]); /* symmetric */
    /* B = A: I_A itself, exactly */
    {
      const spconv_real z[3] = {0, 0, 0};
      spconv_inertia_shift(got, IA, m, com, z);
      EXPECT_VEC_EQUAL(got, IA, 9);
    }
    /* A -> B -> D equals A -> D (com seen from B is com - r) */
    spconv_inertia_shift(IB, IA, m, com, r);
    for (i = 0; i < 3; ++i) {
      rr2[i] = r[i] + r2[i];
    }
    {
      spconv_real cb[3];
      for (i = 0; i < 3; ++i) cb[i] = com[i] - r[i];
      spconv_inertia_shift(chain, IB, m, cb, r2);
    }
    spconv_inertia_shift(got, IA, m, com, rr2);
    EXPECT_VEC_NEAR(chain, got, 9, CHAIN_TOL * 4);
  }
  { /* by hand: a point mass m = 2 at C = (1, 0, 0), I_com = 0: about A = 0
       diag(0, 2, 2); about B = (0, 1, 0) (r_CB = (-1, 1, 0)): 2 (2 E - r r^T)
       = [[2, 2, 0], [2, 2, 0], [0, 0, 4]] */
    const spconv_real c[3] = {1, 0, 0}, rb[3] = {0, 1, 0};
    const spconv_real IA[9] = {0, 0, 0, 0, 2, 0, 0, 0, 2}, want[9] = {2, 2, 0, 2, 2, 0, 0, 0, 4};
    spconv_real got[9];
    spconv_inertia_shift(got, IA, 2, c, rb);
    EXPECT_VEC_EQUAL(got, want, 9);
  }
}

/* the spatial inertia of frame B re-expressed in frame A: the rigid body's
   (m, R c + p, R I R^T), the momentum of one motion in both frames */
static void test_spatial_inertia_transform(void **state) {
  int n, i, j, k;
  (void)state;
  test_seed(120);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real a[7], ai[7], I[9], c[3], MB[36], MA[36], want[36], cA[3], IA[9], R[9];
    spconv_real VA[6], VB[6], hB[6], hA[6], h[6];
    spconv_real m = (spconv_real)test_uniform(0.1, 10);
    rand_pose(a);
    rand_inertia(I);
    test_rand_vec(c, 3, 1.0);
    test_rand_vec(VA, 6, 2.0);
    spconv_spatial_inertia(MB, m, c, I);
    spconv_spatial_inertia_transform_wxyz(MA, a, MB);
    /* independent: R from the test's own matrix of q, in double */
    test_mat_of_quat(R, a + 3);
    for (i = 0; i < 3; ++i) {
      double s = (double)a[i];
      for (k = 0; k < 3; ++k) s += (double)R[3 * i + k] * (double)c[k];
      cA[i] = (spconv_real)s;
      for (j = 0; j < 3; ++j) {
        double t = 0;
        int l;
        for (k = 0; k < 3; ++k)
          for (l = 0; l < 3; ++l)
            t += (double)R[3 * i + k] * (double)I[3 * k + l] * (double)R[3 * j + l];
        IA[3 * i + j] = (spconv_real)t;
      }
    }
    spconv_spatial_inertia(want, m, cA, IA);
    EXPECT_VEC_NEAR(MA, want, 36, CHAIN_TOL * 4);
    /* h_A = Ad^-T M_B Ad^-1 V_A: a twist at A taken to B, its momentum back */
    spconv_pose_inv_wxyz(ai, a);
    EXPECT_OK(spconv_twist_transform_wxyz(VB, ai, VA, LIN));
    mat6_vec(hB, MB, VB);
    EXPECT_OK(spconv_wrench_transform_wxyz(hA, a, hB, LIN));
    mat6_vec(h, MA, VA);
    EXPECT_VEC_NEAR(h, hA, 6, CHAIN_TOL * 16);
  }
  { /* the identity pose leaves M as it is, bit for bit */
    const spconv_real id[7] = {0, 0, 0, 1, 0, 0, 0};
    spconv_real M[36], r[36];
    test_rand_vec(M, 36, 3.0);
    spconv_spatial_inertia_transform_wxyz(r, id, M);
    EXPECT_VEC_EQUAL(r, M, 36);
  }
}

static void test_kinetic_energy(void **state) {
  int n;
  (void)state;
  test_seed(115);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real I[9], c[3], V[6], M[36], MV[6], s[3], V2[6], c2[3], M2[36], MV2[6], h[6];
    spconv_real m = (spconv_real)test_uniform(0.1, 10);
    double e, e2, scale;
    int i;
    rand_inertia(I);
    test_rand_vec(c, 3, 1.0);
    test_rand_vec(V, 6, 2.0);
    test_rand_vec(s, 3, 1.0);
    /* 1/2 V.M V with M = spconv_spatial_inertia */
    spconv_spatial_inertia(M, m, c, I);
    mat6_vec(MV, M, V);
    e = (double)spconv_kinetic_energy(m, c, I, V);
    scale = 0.5 * (double)m * 64 + 0.5 * 2 * 16 * 3; /* |v + w x c|^2 <= 64, |I| <= 2 */
    EXPECT_NEAR(e, 0.5 * dot6(V, MV), TEST_TOL, scale);
    assert_true(e >= 0);
    /* another reference point O' = O + s: the twist shifts, com' = c - s;
       the energy is the same, and the momentum M V shifts as a wrench */
    spconv_twist_shift(V2, V, s);
    for (i = 0; i < 3; ++i) c2[i] = c[i] - s[i];
    e2 = (double)spconv_kinetic_energy(m, c2, I, V2);
    EXPECT_NEAR(e2, e, TEST_TOL, scale * 4);
    spconv_spatial_inertia(M2, m, c2, I);
    mat6_vec(MV2, M2, V2);
    spconv_wrench_shift(h, MV, s);
    EXPECT_VEC_NEAR(MV2, h, 6, CHAIN_TOL * 4);
  }
}

/* -------------------------------------- non-unit and negated quaternions */

/* every function gives the same results for q, c q and -c q (c > 0):
   outputs without a quaternion equal, outputs with one the same rotation */
static void test_non_unit_quaternions(void **state) {
  int n, k;
  (void)state;
  test_seed(116);
  for (n = 0; n < N_CASES; ++n) {
    spconv_real a[7], b[7], as[7], bs[7], x[6], r1[36], r2[36], d[3] = {3, 2, 1};
    double c = pow(10.0, test_uniform(-2, 2)) * (n % 2 ? -1 : 1);
    rand_pose(a);
    rand_pose(b);
    assert_int_equal(spconv_quat_normalize_wxyz(a + 3, a + 3), SPCONV_OK);
    assert_int_equal(spconv_quat_normalize_wxyz(b + 3, b + 3), SPCONV_OK);
    memcpy(as, a, sizeof a);
    memcpy(bs, b, sizeof b);
    for (k = 3; k < 7; ++k) {
      as[k] = (spconv_real)((double)a[k] * c);
      bs[k] = (spconv_real)((double)b[k] * c * 0.5);
    }
    test_rand_vec(x, 6, 2.0);
    spconv_pose_mul_wxyz(r1, a, b);
    spconv_pose_mul_wxyz(r2, as, bs);
    EXPECT_SAME_POSE(r2, r1, TEST_TOL);
    spconv_pose_inv_wxyz(r1, a);
    spconv_pose_inv_wxyz(r2, as);
    EXPECT_SAME_POSE(r2, r1, TEST_TOL);
    spconv_pose_relative_wxyz(r1, a, b);
    spconv_pose_relative_wxyz(r2, as, bs);
    EXPECT_SAME_POSE(r2, r1, TEST_TOL);
    spconv_pose_interp_wxyz(r1, a, b, (spconv_real)0.3);
    spconv_pose_interp_wxyz(r2, as, bs, (spconv_real)0.3);
    EXPECT_SAME_POSE(r2, r1, TEST_TOL); /* c < 0: -q out (slerp keeps a's sign) */
    if (c > 0) EXPECT_VEC_NEAR(r2, r1, 7, TEST_TOL);
    spconv_pose_transform_point_wxyz(r1, a, x);
    spconv_pose_transform_point_wxyz(r2, as, x);
    EXPECT_VEC_NEAR(r2, r1, 3, TEST_TOL);
    spconv_pose_rotate_vec_wxyz(r1, a, x);
    spconv_pose_rotate_vec_wxyz(r2, as, x);
    EXPECT_VEC_NEAR(r2, r1, 3, TEST_TOL);
    assert_int_equal(spconv_mat4_from_pose_wxyz(r1, a, SPCONV_MAT4_ROW_MAJOR), SPCONV_OK);
    assert_int_equal(spconv_mat4_from_pose_wxyz(r2, as, SPCONV_MAT4_ROW_MAJOR), SPCONV_OK);
    EXPECT_VEC_NEAR(r2, r1, 16, TEST_TOL);
    assert_int_equal(spconv_adjoint_twist_matrix_wxyz(r1, a, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    assert_int_equal(spconv_adjoint_twist_matrix_wxyz(r2, as, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    EXPECT_VEC_NEAR(r2, r1, 36, TEST_TOL);
    assert_int_equal(spconv_adjoint_wrench_matrix_wxyz(r1, a, SPCONV_ORDER_ANGULAR_FIRST), SPCONV_OK);
    assert_int_equal(spconv_adjoint_wrench_matrix_wxyz(r2, as, SPCONV_ORDER_ANGULAR_FIRST), SPCONV_OK);
    EXPECT_VEC_NEAR(r2, r1, 36, TEST_TOL);
    EXPECT_OK(spconv_twist_transform_wxyz(r1, a, x, LIN));
    EXPECT_OK(spconv_twist_transform_wxyz(r2, as, x, LIN));
    EXPECT_VEC_NEAR(r2, r1, 6, TEST_TOL);
    EXPECT_OK(spconv_wrench_transform_wxyz(r1, a, x, LIN));
    EXPECT_OK(spconv_wrench_transform_wxyz(r2, as, x, LIN));
    EXPECT_VEC_NEAR(r2, r1, 6, TEST_TOL);
    EXPECT_OK(spconv_twist_log_wxyz(r1, a, LIN));
    EXPECT_OK(spconv_twist_log_wxyz(r2, as, LIN));
    EXPECT_VEC_NEAR(r2, r1, 6, TEST_TOL);
    spconv_inertia_from_principal(r1, d, a + 3);
    spconv_inertia_from_principal(r2, d, as + 3);
    EXPECT_VEC_NEAR(r2, r1, 9, TEST_TOL);
  }
  /* the zero quaternion acts as the identity in the pure maps */
  {
    const spconv_real z[7] = {1, 2, 3, 0, 0, 0, 0}, x3[3] = {4, 5, 6};
    const spconv_real want[3] = {5, 7, 9}, one[7] = {0, 0, 0, 1, 0, 0, 0};
    spconv_real r[7];
    spconv_pose_transform_point_wxyz(r, z, x3);
    EXPECT_VEC_EQUAL(r, want, 3);
    spconv_pose_mul_wxyz(r, z, one);
    EXPECT_VEC_EQUAL(r, z, 7);
  }
}

/* ---------------------------------------------------------------- aliasing */

static void test_aliasing(void **state) {
  int n;
  (void)state;
  test_seed(117);
  for (n = 0; n < N_ALIAS; ++n) {
    spconv_real a[7], b[7], x[6], y[6], I[9], d[3], q[4], m = (spconv_real)1.5;
    spconv_real t = (spconv_real)0.4;
    spconv_mat4_layout L = TEST_MAT4(n % 2);
    spconv_order O = TEST_ORDER(n % 2);
    spconv_real T4[16];
    rand_pose(a);
    rand_pose(b);
    test_rand_vec(x, 6, 2.0);
    test_rand_vec(y, 6, 2.0);
    test_rand_vec(d, 3, 2.0);
    test_rand_quat(q);
    rand_inertia(I);
    assert_int_equal(spconv_mat4_from_pose_wxyz(T4, a, L), SPCONV_OK);
#define ALIAS_POSE2(fn)                                                         \
  EXPECT_ALIAS(7, a, 7, fn(ref_, a, b), fn(buf_, buf_, b));                     \
  EXPECT_ALIAS(7, b, 7, fn(ref_, a, b), fn(buf_, a, buf_))
    ALIAS_POSE2(spconv_pose_mul_wxyz);
    ALIAS_POSE2(spconv_pose_relative_wxyz);
#undef ALIAS_POSE2
    EXPECT_ALIAS(7, a, 7, spconv_pose_interp_wxyz(ref_, a, b, t), spconv_pose_interp_wxyz(buf_, buf_, b, t));
    EXPECT_ALIAS(7, b, 7, spconv_pose_interp_wxyz(ref_, a, b, t), spconv_pose_interp_wxyz(buf_, a, buf_, t));
    EXPECT_ALIAS(7, a, 7, spconv_pose_inv_wxyz(ref_, a), spconv_pose_inv_wxyz(buf_, buf_));
    EXPECT_ALIAS(7, a, 7, spconv_pose_xyzw_from_wxyz(ref_, a), spconv_pose_xyzw_from_wxyz(buf_, buf_));
    EXPECT_ALIAS(7, a, 7, spconv_pose_wxyz_from_xyzw(ref_, a), spconv_pose_wxyz_from_xyzw(buf_, buf_));
#define ALIAS_POSE_VEC(fn)                                                      \
  EXPECT_ALIAS(3, a, 7, fn(ref_, a, x), fn(buf_, buf_, x));                     \
  EXPECT_ALIAS(3, x, 3, fn(ref_, a, x), fn(buf_, a, buf_))
    ALIAS_POSE_VEC(spconv_pose_transform_point_wxyz);
    ALIAS_POSE_VEC(spconv_pose_rotate_vec_wxyz);
#undef ALIAS_POSE_VEC
#define ALIAS_POSE_6(fn)                                                        \
  EXPECT_ALIAS_STATUS(6, a, 7, fn(ref_, a, x, O), fn(buf_, buf_, x, O));        \
  EXPECT_ALIAS_STATUS(6, x, 6, fn(ref_, a, x, O), fn(buf_, a, buf_, O))
    ALIAS_POSE_6(spconv_twist_transform_wxyz);
    ALIAS_POSE_6(spconv_wrench_transform_wxyz);
#undef ALIAS_POSE_6
#define ALIAS_CROSS(fn)                                                         \
  EXPECT_ALIAS_STATUS(6, x, 6, fn(ref_, x, y, O), fn(buf_, buf_, y, O));        \
  EXPECT_ALIAS_STATUS(6, y, 6, fn(ref_, x, y, O), fn(buf_, x, buf_, O))
    ALIAS_CROSS(spconv_twist_cross);
    ALIAS_CROSS(spconv_wrench_cross);
#undef ALIAS_CROSS
    EXPECT_ALIAS_STATUS(16, a, 7, spconv_mat4_from_pose_wxyz(ref_, a, L), spconv_mat4_from_pose_wxyz(buf_, buf_, L));
    EXPECT_ALIAS_STATUS(7, T4, 16, spconv_pose_wxyz_from_mat4(ref_, T4, L), spconv_pose_wxyz_from_mat4(buf_, buf_, L));
    EXPECT_ALIAS_STATUS(36, a, 7, spconv_adjoint_twist_matrix_wxyz(ref_, a, O), spconv_adjoint_twist_matrix_wxyz(buf_, buf_, O));
    EXPECT_ALIAS_STATUS(36, a, 7, spconv_adjoint_wrench_matrix_wxyz(ref_, a, O), spconv_adjoint_wrench_matrix_wxyz(buf_, buf_, O));
    EXPECT_ALIAS_STATUS(7, x, 6, spconv_pose_exp_wxyz(ref_, x, t, O), spconv_pose_exp_wxyz(buf_, buf_, t, O));
    EXPECT_ALIAS_STATUS(6, a, 7, spconv_twist_log_wxyz(ref_, a, O), spconv_twist_log_wxyz(buf_, buf_, O));
    EXPECT_ALIAS(9, d, 3, spconv_inertia_from_principal(ref_, d, q), spconv_inertia_from_principal(buf_, buf_, q));
    EXPECT_ALIAS(9, q, 4, spconv_inertia_from_principal(ref_, d, q), spconv_inertia_from_principal(buf_, d, buf_));
    EXPECT_ALIAS(9, I, 9, spconv_inertia_shift(ref_, I, m, y, d), spconv_inertia_shift(buf_, buf_, m, y, d));
    EXPECT_ALIAS(9, y, 3, spconv_inertia_shift(ref_, I, m, y, d), spconv_inertia_shift(buf_, I, m, buf_, d));
    EXPECT_ALIAS(9, d, 3, spconv_inertia_shift(ref_, I, m, y, d), spconv_inertia_shift(buf_, I, m, y, buf_));
    {
      spconv_real M6[36];
      spconv_spatial_inertia(M6, m, d, I);
      EXPECT_ALIAS(36, a, 7, spconv_spatial_inertia_transform_wxyz(ref_, a, M6),
                   spconv_spatial_inertia_transform_wxyz(buf_, buf_, M6));
      EXPECT_ALIAS(36, M6, 36, spconv_spatial_inertia_transform_wxyz(ref_, a, M6),
                   spconv_spatial_inertia_transform_wxyz(buf_, a, buf_));
    }
    EXPECT_ALIAS(36, d, 3, spconv_spatial_inertia(ref_, m, d, I), spconv_spatial_inertia(buf_, m, buf_, I));
    EXPECT_ALIAS(36, I, 9, spconv_spatial_inertia(ref_, m, d, I), spconv_spatial_inertia(buf_, m, d, buf_));
    /* principal_from_inertia: either output may be the tensor */
    {
      spconv_real rd[3], rq[4], buf[9], q2[4], d2[3];
      assert_int_equal(spconv_principal_from_inertia(rd, rq, I), SPCONV_OK);
      memcpy(buf, I, sizeof buf);
      assert_int_equal(spconv_principal_from_inertia(buf, q2, buf), SPCONV_OK);
      EXPECT_VEC_EQUAL(buf, rd, 3);
      EXPECT_VEC_EQUAL(q2, rq, 4);
      memcpy(buf, I, sizeof buf);
      assert_int_equal(spconv_principal_from_inertia(d2, buf, buf), SPCONV_OK);
      EXPECT_VEC_EQUAL(d2, rd, 3);
      EXPECT_VEC_EQUAL(buf, rq, 4);
    }
  }
}

/* -------------------------------------------------------------- bad input */

#define SENTINEL ((spconv_real)-777)

static void fill(spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i) v[i] = SENTINEL;
}

static void expect_untouched(const spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i) assert_true(v[i] == SENTINEL);
}

static void test_bad_input(void **state) {
  const spconv_real pose[7] = {1, 2, 3, 1, 0, 0, 0};
  const spconv_mat4_layout bad_layouts[] = {(spconv_mat4_layout)0, (spconv_mat4_layout)0x5FF,
                                            (spconv_mat4_layout)0x602,
                                            (spconv_mat4_layout)SPCONV_ORDER_LINEAR_FIRST};
  const spconv_order bad_orders[] = {(spconv_order)0, (spconv_order)0x9FF, (spconv_order)0xA02,
                                     (spconv_order)SPCONV_MAT4_ROW_MAJOR};
  spconv_real r[36], T[16], q[4];
  int i, k;
  (void)state;
  for (k = 0; k < 4; ++k) {
    fill(r, 36);
    assert_int_equal(spconv_mat4_from_pose_wxyz(r, pose, bad_layouts[k]), SPCONV_EINVAL);
    expect_untouched(r, 36);
    assert_int_equal(spconv_mat4_from_pose_wxyz(T, pose, SPCONV_MAT4_ROW_MAJOR), SPCONV_OK);
    assert_int_equal(spconv_pose_wxyz_from_mat4(r, T, bad_layouts[k]), SPCONV_EINVAL);
    expect_untouched(r, 36);
    assert_int_equal(spconv_adjoint_twist_matrix_wxyz(r, pose, bad_orders[k]), SPCONV_EINVAL);
    assert_int_equal(spconv_adjoint_wrench_matrix_wxyz(r, pose, bad_orders[k]), SPCONV_EINVAL);
    expect_untouched(r, 36);
    { /* the 6-vector functions: nothing written either */
      const spconv_real x[6] = {1, 2, 3, 4, 5, 6};
      assert_int_equal(spconv_twist_transform_wxyz(r, pose, x, bad_orders[k]), SPCONV_EINVAL);
      assert_int_equal(spconv_wrench_transform_wxyz(r, pose, x, bad_orders[k]), SPCONV_EINVAL);
      assert_int_equal(spconv_twist_cross(r, x, x, bad_orders[k]), SPCONV_EINVAL);
      assert_int_equal(spconv_wrench_cross(r, x, x, bad_orders[k]), SPCONV_EINVAL);
      assert_int_equal(spconv_pose_exp_wxyz(r, x, 1, bad_orders[k]), SPCONV_EINVAL);
      assert_int_equal(spconv_twist_log_wxyz(r, pose, bad_orders[k]), SPCONV_EINVAL);
      expect_untouched(r, 36);
    }
  }
  /* a 4x4 that is not rigid: each bottom-row entry off, the block scaled,
     sheared, reflected, NaN, inf */
  for (k = 0; k < 2; ++k) {
    spconv_mat4_layout L = TEST_MAT4(k);
    for (i = 0; i < 10; ++i) {
      assert_int_equal(spconv_mat4_from_pose_wxyz(T, pose, L), SPCONV_OK);
      switch (i) {
        case 0: T[k ? 3 : 12] = (spconv_real)1e-30; break;
        case 1: T[k ? 7 : 13] = 1; break;
        case 2: T[k ? 11 : 14] = -0.5; break;
        case 3: T[15] = 2; break;
        case 4: T[0] *= (spconv_real)1.01; break;
        case 5: T[1] = (spconv_real)0.1; break;
        case 6: T[0] = -1; break;
        case 7: T[5] = (spconv_real)NAN; break;
        case 8: T[10] = (spconv_real)INFINITY; break;
        default: T[15] = (spconv_real)NAN; break;
      }
      fill(r, 36);
      assert_int_equal(spconv_pose_wxyz_from_mat4(r, T, L), SPCONV_EINVAL);
      expect_untouched(r, 36);
    }
    /* within SPCONV_ROTATION_TOL: accepted; a NaN position is copied (G4) */
    assert_int_equal(spconv_mat4_from_pose_wxyz(T, pose, L), SPCONV_OK);
    T[0] *= (spconv_real)(1 + 0.25 * (double)SPCONV_ROTATION_TOL);
    T[k ? 12 : 3] = (spconv_real)NAN;
    assert_int_equal(spconv_pose_wxyz_from_mat4(r, T, L), SPCONV_OK);
    assert_true(isnan(r[0]));
  }
  /* principal_from_inertia: not symmetric, not finite */
  {
    spconv_real I[9] = {2, (spconv_real)0.1, 0, (spconv_real)0.1, 3, 0, 0, 0, 1}, J[9];
    for (i = 0; i < 9; ++i) {
      memcpy(J, I, sizeof J);
      J[i] = (spconv_real)NAN;
      fill(r, 36);
      fill(q, 4);
      assert_int_equal(spconv_principal_from_inertia(r, q, J), SPCONV_EINVAL);
      J[i] = (spconv_real)-INFINITY;
      assert_int_equal(spconv_principal_from_inertia(r, q, J), SPCONV_EINVAL);
      expect_untouched(r, 36);
      expect_untouched(q, 4);
    }
    memcpy(J, I, sizeof J);
    J[1] = (spconv_real)0.1001; /* 1e-4 off: not symmetric */
    assert_int_equal(spconv_principal_from_inertia(r, q, J), SPCONV_EINVAL);
    expect_untouched(r, 36);
    J[1] = (spconv_real)(0.1 + 0.5 * (double)SPCONV_ROTATION_TOL); /* within: the mean is used */
    assert_int_equal(spconv_principal_from_inertia(r, q, J), SPCONV_OK);
    /* the zero tensor: zero moments, identity axes */
    for (i = 0; i < 9; ++i) J[i] = 0;
    assert_int_equal(spconv_principal_from_inertia(r, q, J), SPCONV_OK);
    {
      const spconv_real zero[3] = {0, 0, 0}, id[4] = {1, 0, 0, 0};
      EXPECT_VEC_EQUAL(r, zero, 3);
      EXPECT_VEC_EQUAL(q, id, 4);
    }
  }
  /* pure maps propagate NaN (G3) */
  {
    spconv_real tw[6] = {0, 0, 0, (spconv_real)NAN, 0, 0}, P[7];
    EXPECT_OK(spconv_pose_exp_wxyz(P, tw, 1, LIN));
    assert_true(isnan(P[3]));
    EXPECT_OK(spconv_twist_log_wxyz(tw, P, LIN));
    assert_true(isnan(tw[3]));
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pose_hand_cases),
      cmocka_unit_test(test_cross_hand_cases),
      cmocka_unit_test(test_exp_log_hand_cases),
      cmocka_unit_test(test_inertia_hand_cases),
      cmocka_unit_test(test_pose_group_laws),
      cmocka_unit_test(test_pose_interp),
      cmocka_unit_test(test_mat4_round_trip),
      cmocka_unit_test(test_pose_reorder),
      cmocka_unit_test(test_angular_first),
      cmocka_unit_test(test_adjoint_matrices),
      cmocka_unit_test(test_adjoint_power),
      cmocka_unit_test(test_cross_duality),
      cmocka_unit_test(test_cross_is_adjoint_derivative),
      cmocka_unit_test(test_exp_reference),
      cmocka_unit_test(test_exp_log_round_trip),
      cmocka_unit_test(test_exp_log_edges),
      cmocka_unit_test(test_exp_consistency),
      cmocka_unit_test(test_principal_round_trip),
      cmocka_unit_test(test_principal_extremes),
      cmocka_unit_test(test_inertia_shift_spatial_inertia),
      cmocka_unit_test(test_inertia_shift_between_points),
      cmocka_unit_test(test_spatial_inertia_transform),
      cmocka_unit_test(test_kinetic_energy),
      cmocka_unit_test(test_non_unit_quaternions),
      cmocka_unit_test(test_aliasing),
      cmocka_unit_test(test_bad_input),
  };
  int failed = cmocka_run_group_tests_name("spatial_conv spatial core (" TEST_PRECISION ")", tests,
                                           NULL, NULL);
  test_print_summary("spatial_conv spatial core");
  return failed;
}
