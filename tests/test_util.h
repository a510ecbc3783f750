/* Shared helpers of the spatial_conv tests: tolerances per precision, a
   seeded random generator, random inputs (vectors, quaternions,
   permutations), 3x3 references (product, matrix-vector, cross, det), and
   cmocka-style comparisons, aliasing included.
   Every test source is built twice: double, and float (SPCONV_USE_FLOAT). */
#ifndef SPCONV_TEST_UTIL_H
#define SPCONV_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "spatial_conv.h"

#ifdef SPCONV_USE_FLOAT
#  define TEST_TOL 1e-5          /* relative error allowed in float */
#  define TEST_PRECISION "float"
#else
#  define TEST_TOL 1e-12         /* relative error allowed in double */
#  define TEST_PRECISION "double"
#endif

#define TEST_CASES 10000 /* random cases per property */

#include "test_enums.h"

/* helpers a test program may leave unused (not inline: inlining them makes
   gcc's -Wmaybe-uninitialized guess wrong in the callers) */
#if defined(__GNUC__)
#  define TEST_FN static __attribute__((unused))
#else
#  define TEST_FN static
#endif

/* The largest relative error any comparison has seen (printed at exit). */
static double test_worst_error = 0.0;
/* The largest error / tolerance over every comparison with a tolerance:
   some checks use their own, documented tolerance (finite differences,
   angular velocity from quaternions over dt), so the summary shows both. */
static double test_worst_ratio = 0.0;
static double test_worst_ratio_tol = 0.0;

/* ---------------------------------------------------- random (splitmix64) */

static uint64_t test_rng_state = 0x5eed5eed12345678ULL;

TEST_FN void test_seed(uint64_t seed) { test_rng_state = seed; }

TEST_FN uint64_t test_next_u64(void) {
  uint64_t z = (test_rng_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/* uniform in [lo, hi) */
TEST_FN double test_uniform(double lo, double hi) {
  return lo + (hi - lo) * (double)(test_next_u64() >> 11) * (1.0 / 9007199254740992.0);
}

/* n reals uniform in [-scale, scale) */
TEST_FN void test_rand_vec(spconv_real *v, int n, double scale) {
  int i;
  for (i = 0; i < n; ++i) v[i] = (spconv_real)test_uniform(-scale, scale);
}

/* a uniformly random unit quaternion (w, x, y, z) (rejection from the 4-ball) */
TEST_FN void test_rand_unit_quat(spconv_real q[4]) {
  double d[4], n;
  do {
    int i;
    for (i = 0; i < 4; ++i) d[i] = test_uniform(-1.0, 1.0);
    n = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + d[3] * d[3];
  } while (n < 1e-4 || n > 1.0);
  n = sqrt(n);
  q[0] = (spconv_real)(d[0] / n);
  q[1] = (spconv_real)(d[1] / n);
  q[2] = (spconv_real)(d[2] / n);
  q[3] = (spconv_real)(d[3] / n);
}

/* a random rotation as a quaternion scaled by 10^U(-2, 2): not unit */
TEST_FN void test_rand_quat(spconv_real q[4]) {
  double c = pow(10.0, test_uniform(-2.0, 2.0));
  int i;
  test_rand_unit_quat(q);
  for (i = 0; i < 4; ++i) q[i] = (spconv_real)((double)q[i] * c);
}

/* row-major rotation matrix of q, built column by column from
   spconv_quat_rotate_wxyz of the basis vectors (column j = q e_j q^-1) */
TEST_FN void test_mat_of_quat(spconv_real R[9], const spconv_real q[4]) {
  int j;
  for (j = 0; j < 3; ++j) {
    spconv_real e[3] = {0, 0, 0}, c[3];
    e[j] = 1;
    spconv_quat_rotate_wxyz(c, q, e);
    R[0 + j] = c[0];
    R[3 + j] = c[1];
    R[6 + j] = c[2];
  }
}

/* a uniformly random permutation of 0 .. n-1 (Fisher-Yates) */
TEST_FN void test_rand_perm(int *p, int n) {
  int i;
  for (i = 0; i < n; ++i) p[i] = i;
  for (i = n - 1; i > 0; --i) {
    int j = (int)(test_next_u64() % (uint64_t)(i + 1)), t = p[i];
    p[i] = p[j];
    p[j] = t;
  }
}

/* -------------------------------------------------------- 3x3 references */

/* Row-major 3x3 helpers written here, not taken from the header, so that
   they can serve as references. Each sums in double and rounds once; the
   result may alias an input. */

/* r = A B */
TEST_FN void test_mat_mul_d(double r[9], const double A[9], const double B[9]) {
  double t[9];
  int i, j;
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j)
      t[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
  for (i = 0; i < 9; ++i) r[i] = t[i];
}

/* r = A B, in spconv_real (through test_mat_mul_d) */
TEST_FN void test_mat_mul(spconv_real r[9], const spconv_real A[9], const spconv_real B[9]) {
  double a[9], b[9];
  int i;
  for (i = 0; i < 9; ++i) {
    a[i] = (double)A[i];
    b[i] = (double)B[i];
  }
  test_mat_mul_d(a, a, b);
  for (i = 0; i < 9; ++i) r[i] = (spconv_real)a[i];
}

/* r = M v */
TEST_FN void test_mat_vec(spconv_real r[3], const spconv_real M[9], const spconv_real v[3]) {
  double t[3];
  int i;
  for (i = 0; i < 3; ++i)
    t[i] = (double)M[3 * i] * (double)v[0] + (double)M[3 * i + 1] * (double)v[1] +
           (double)M[3 * i + 2] * (double)v[2];
  for (i = 0; i < 3; ++i) r[i] = (spconv_real)t[i];
}

/* r = a x b */
TEST_FN void test_cross(spconv_real r[3], const spconv_real a[3], const spconv_real b[3]) {
  double t0 = (double)a[1] * (double)b[2] - (double)a[2] * (double)b[1];
  double t1 = (double)a[2] * (double)b[0] - (double)a[0] * (double)b[2];
  double t2 = (double)a[0] * (double)b[1] - (double)a[1] * (double)b[0];
  r[0] = (spconv_real)t0;
  r[1] = (spconv_real)t1;
  r[2] = (spconv_real)t2;
}

/* det M */
TEST_FN double test_det3(const spconv_real M[9]) {
  const double m0 = (double)M[0], m1 = (double)M[1], m2 = (double)M[2], m3 = (double)M[3],
               m4 = (double)M[4], m5 = (double)M[5], m6 = (double)M[6], m7 = (double)M[7],
               m8 = (double)M[8];
  return m0 * (m4 * m8 - m5 * m7) - m1 * (m3 * m8 - m5 * m6) + m2 * (m3 * m7 - m4 * m6);
}

/* ------------------------------------------------------------ comparisons */

TEST_FN double test_max_abs(const spconv_real *v, int n) {
  double m = 0.0;
  int i;
  for (i = 0; i < n; ++i) m = fmax(m, fabs((double)v[i]));
  return m;
}

/* records err: in test_worst_error when checked at the default tolerance
   (or tighter), and as err / tol in test_worst_ratio */
TEST_FN void test_note_error(double err, double tol) {
  if (tol <= TEST_TOL && err > test_worst_error) test_worst_error = err;
  if (tol > 0.0 && err / tol > test_worst_ratio) {
    test_worst_ratio = err / tol;
    test_worst_ratio_tol = tol;
  }
}

/* max |a - b| / max(1, max |b|) <= tol, else fail with both vectors shown */
TEST_FN void test_vec_near_impl(const spconv_real *a, const spconv_real *b, int n,
                               double tol, const char *what, const char *file,
                               int line) {
  double err = 0.0, scale = fmax(1.0, test_max_abs(b, n));
  int i;
  for (i = 0; i < n; ++i) {
    double e = fabs((double)a[i] - (double)b[i]) / scale;
    if (!(e <= err)) err = e; /* a NaN difference sticks, and fails below */
  }
  test_note_error(err, tol);
  if (!(err <= tol)) {
    print_error("%s:%d: %s: relative error %.3g > %.3g (%s)\n", file, line, what, err,
                tol, TEST_PRECISION);
    for (i = 0; i < n; ++i)
      print_error("  [%d] got % .17g want % .17g\n", i, (double)a[i], (double)b[i]);
    _fail(file, line);
  }
}

/* |a - b| <= tol * scale for scalars, scale = the size of the terms summed */
TEST_FN void test_scalar_near_impl(double a, double b, double tol, double scale,
                                  const char *what, const char *file, int line) {
  double err = fabs(a - b) / fmax(1.0, scale);
  test_note_error(err, tol);
  if (!(err <= tol)) {
    print_error("%s:%d: %s: got % .17g want % .17g, relative error %.3g > %.3g (%s)\n",
                file, line, what, a, b, err, tol, TEST_PRECISION);
    _fail(file, line);
  }
}

#define EXPECT_VEC_NEAR(a, b, n, tol) \
  test_vec_near_impl((a), (b), (n), (tol), #a " vs " #b, __FILE__, __LINE__)
#define EXPECT_NEAR(a, b, tol, scale) \
  test_scalar_near_impl((double)(a), (double)(b), (tol), (scale), #a " vs " #b, \
                        __FILE__, __LINE__)

/* the same values, bit for bit (pure data moves and exact results) */
#define EXPECT_VEC_EQUAL(a, b, n) \
  test_vec_near_impl((a), (b), (n), 0.0, #a " == " #b, __FILE__, __LINE__)

/* Aliasing (res equal to one of the inputs) against the out-of-place call.
   REF_CALL writes its result into ref_; the N_IN reals at IN are copied
   into buf_; ALIAS_CALL then runs with buf_ as both its result and that
   input; the first N_OUT reals of buf_ must equal ref_ bit for bit. ref_
   and buf_ are arrays of TEST_ALIAS_MAX reals that the macro declares for
   the two calls to name; a failure prints ALIAS_CALL, so the function. */
#define TEST_ALIAS_MAX 36
#define TEST_ALIAS_RUN_(n_out, in, n_in, ref_stmt, alias_stmt, check)                  \
  do {                                                                                \
    spconv_real ref_[TEST_ALIAS_MAX] = {0}, buf_[TEST_ALIAS_MAX] = {0};               \
    int ref_status_ = 0, alias_status_ = 0;                                           \
    ref_stmt;                                                                         \
    memcpy(buf_, (in), (size_t)(n_in) * sizeof(spconv_real));                         \
    alias_stmt;                                                                       \
    check;                                                                            \
    (void)ref_status_;                                                                \
    (void)alias_status_;                                                              \
    test_vec_near_impl(buf_, ref_, (n_out), 0.0, #alias_stmt, __FILE__, __LINE__);    \
  } while (0)
#define EXPECT_ALIAS(n_out, in, n_in, ref_call, alias_call) \
  TEST_ALIAS_RUN_(n_out, in, n_in, ref_call, alias_call, (void)0)
/* the same for a function that returns a status: both calls return the same one */
#define EXPECT_ALIAS_STATUS(n_out, in, n_in, ref_call, alias_call)                    \
  TEST_ALIAS_RUN_(n_out, in, n_in, ref_status_ = (ref_call), alias_status_ = (alias_call), \
                  assert_int_equal(alias_status_, ref_status_))

/* A cmocka test function NAME whose whole body is the statement CALL: a
   driver that runs one function's check over every case, e.g.
   TEST_RUN(test_twist_shift_aliasing, expect_x_r_aliasing(spconv_twist_shift)) */
#define TEST_RUN(name, call)         \
  static void name(void **state) {   \
    (void)state;                     \
    call;                            \
  }

/* the size of the terms of f.v + tau.w: the scale of a power's rounding */
TEST_FN double test_power_scale(const spconv_real w[6], const spconv_real t[6]) {
  double s = 0.0;
  int i;
  for (i = 0; i < 6; ++i) s += fabs((double)w[i] * (double)t[i]);
  return s;
}

TEST_FN void test_print_summary(const char *suite) {
  printf("%s (%s): largest relative error seen %.3g (tolerance %.0e); "
         "largest error / its tolerance %.2f (at tolerance %.1e)\n",
         suite, TEST_PRECISION, test_worst_error, TEST_TOL, test_worst_ratio,
         test_worst_ratio_tol);
}

#endif
