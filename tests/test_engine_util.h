/* Shared helpers of the engine cross-checks (test_bullet.cpp, test_ode.c,
   test_kdl.cpp), C99 and C++: a seeded random generator, random vectors and
   unit quaternions in spconv_real, one comparison (relative to
   max(1, max |expected|)) that counts checks and failures and keeps the
   largest error, and a pose [p; q] (wxyz or xyzw) unpacked to
   [p; rows of R] so that poses compare without the quaternion's sign.
   Define ENGINE_TOL (the tolerance of every comparison) before the include. */
#ifndef SPCONV_TEST_ENGINE_UTIL_H
#define SPCONV_TEST_ENGINE_UTIL_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "spatial_conv.h"

#ifndef ENGINE_TOL
#  error "define ENGINE_TOL before including test_engine_util.h"
#endif

#if defined(__GNUC__)
#  define ENGINE_FN static __attribute__((unused))
#else
#  define ENGINE_FN static
#endif

#ifdef SPCONV_USE_FLOAT
#  define ENGINE_HEADER_PRECISION "float"
#else
#  define ENGINE_HEADER_PRECISION "double"
#endif

static uint64_t engine_rng_state = 0x5eed0e5eed0eULL;
static int engine_failures = 0;
static long engine_checks = 0;
static double engine_worst = 0.0;

ENGINE_FN void engine_seed(uint64_t seed) { engine_rng_state = seed; }

/* uniform in [lo, hi) (splitmix64) */
ENGINE_FN double engine_uniform(double lo, double hi) {
  uint64_t z = (engine_rng_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  z ^= z >> 31;
  return lo + (hi - lo) * (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

/* each component uniform in [-a, a), rounded to spconv_real */
ENGINE_FN void engine_random_vec(spconv_real res[3], double a) {
  int i;
  for (i = 0; i < 3; ++i) res[i] = (spconv_real)engine_uniform(-a, a);
}

/* a unit quaternion wxyz (normalized in double, then rounded) */
ENGINE_FN void engine_random_quat(spconv_real res[4]) {
  double q[4], n;
  int i;
  do {
    n = 0.0;
    for (i = 0; i < 4; ++i) {
      q[i] = engine_uniform(-1, 1);
      n += q[i] * q[i];
    }
  } while (n < 0.01);
  for (i = 0; i < 4; ++i) res[i] = (spconv_real)(q[i] / sqrt(n));
}

/* max |got - want| / max(1, max |want|) <= ENGINE_TOL over n numbers */
ENGINE_FN void engine_check(const char *what, const spconv_real *got, const double *want, int n) {
  double scale = 1.0, err = 0.0;
  int i;
  for (i = 0; i < n; ++i) scale = fmax(scale, fabs(want[i]));
  for (i = 0; i < n; ++i) err = fmax(err, fabs((double)got[i] - want[i]) / scale);
  if (err > engine_worst) engine_worst = err;
  ++engine_checks;
  if (!(err <= ENGINE_TOL)) {
    ++engine_failures;
    printf("FAIL %s: relative error %.3g > %.0e\n", what, err, ENGINE_TOL);
    for (i = 0; i < n; ++i) printf("  [%d] got % .17g want % .17g\n", i, (double)got[i], want[i]);
  }
}

/* a call that must succeed (every convention here is valid) */
ENGINE_FN void engine_check_ok(int status, const char *what) {
  if (status != SPCONV_OK) {
    ++engine_failures;
    printf("FAIL %s: status %d (%s), want SPCONV_OK\n", what, status, spconv_status_string(status));
  }
}

/* pose [p; q] (7 reals, q stored in quat_order: SPCONV_ROT_QUAT_WXYZ or
   SPCONV_ROT_QUAT_XYZW, as the engine stores it, not as a preset says) ->
   [p; rows of R] (12 reals) */
ENGINE_FN void engine_pose_rows(spconv_real res[12], const spconv_real pose[7], int quat_order) {
  spconv_real q[4];
  int i;
  if (quat_order == SPCONV_ROT_QUAT_WXYZ) {
    for (i = 0; i < 4; ++i) q[i] = pose[3 + i];
  } else {
    q[0] = pose[6];
    for (i = 0; i < 3; ++i) q[1 + i] = pose[3 + i];
  }
  for (i = 0; i < 3; ++i) res[i] = pose[i];
  spconv_mat_from_quat_wxyz(res + 3, q);
}

/* the origin and the orientation of a body as [p; q_wxyz] (a pose under
   the origin / body-frame / wxyz convention, MUJOCO_FREE's) */
ENGINE_FN void engine_body_pose(spconv_real res[7], const spconv_body *b) {
  int i;
  for (i = 0; i < 3; ++i) res[i] = b->pos[i];
  for (i = 0; i < 4; ++i) res[3 + i] = b->quat_wxyz[i];
}

/* sum[0..6) += w[0..6) */
ENGINE_FN void engine_add6(spconv_real sum[6], const spconv_real w[6]) {
  int i;
  for (i = 0; i < 6; ++i) sum[i] += w[i];
}

/* the summary line; returns main's exit status */
ENGINE_FN int engine_summary(const char *engine, const char *engine_precision, int cases) {
  printf(
      "spatial_conv vs %s (%s, header %s): %d cases, %ld comparisons, largest relative error "
      "%.3g (tolerance %.0e), %d failed\n",
      engine, engine_precision, ENGINE_HEADER_PRECISION, cases, engine_checks, engine_worst,
      ENGINE_TOL, engine_failures);
  return engine_failures ? 1 : 0;
}

#endif /* SPCONV_TEST_ENGINE_UTIL_H */
