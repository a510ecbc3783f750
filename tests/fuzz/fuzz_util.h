/* Shared helpers of the libFuzzer harnesses (tests/fuzz/fuzz_*.c).

   Each harness decodes arbitrary bytes into arguments (reals of the
   configured precision, enum values, strings, array layouts) and checks
   invariants that hold for ANY input; a violated invariant calls abort(),
   which libFuzzer reports as a crash. Reals are drawn from classes chosen
   by a selector byte, so NaN, infinities, signed zeros, the largest finite
   values, normal and subnormal tiny values and raw bit patterns all come up
   often, next to moderate values on which the round trips are checked.

   Built twice (double, and float with SPCONV_USE_FLOAT) by clang with
   -fsanitize=fuzzer,address,undefined (tests/fuzz/CMakeLists.txt), and by
   any compiler with fuzz_replay.c as main() to replay the seed corpus. */
#ifndef SPCONV_FUZZ_UTIL_H
#define SPCONV_FUZZ_UTIL_H

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spatial_conv.h"

#ifdef SPCONV_USE_FLOAT
#  define FZ_EPS FLT_EPSILON
#  define FZ_MAX FLT_MAX
#  define FZ_MIN FLT_MIN
#  define FZ_TRUE_MIN 1.40129846e-45f
#  define FZ_LDEXP ldexpf
#else
#  define FZ_EPS DBL_EPSILON
#  define FZ_MAX DBL_MAX
#  define FZ_MIN DBL_MIN
#  define FZ_TRUE_MIN 4.9406564584124654e-324
#  define FZ_LDEXP ldexp
#endif

/* relative tolerance of the invariants on moderate inputs: a few hundred
   roundings of the configured precision, relative to the size of the terms */
#define FZ_TOL (512.0 * (double)FZ_EPS)
/* inputs up to this magnitude count as moderate */
#define FZ_BIG 1e4

/* helpers a harness may leave unused */
#if defined(__GNUC__)
#  define FZ_FN static __attribute__((unused))
#else
#  define FZ_FN static
#endif

#define FZ_CHECK(cond)                                                                \
  do {                                                                                \
    if (!(cond)) {                                                                    \
      fprintf(stderr, "%s:%d: invariant violated: %s\n", __FILE__, __LINE__, #cond);  \
      abort();                                                                        \
    }                                                                                 \
  } while (0)

/* ------------------------------------------------------------ decoding */

typedef struct fz_in {
  const uint8_t *p;
  size_t n;
} fz_in;

FZ_FN uint8_t fz_byte(fz_in *in) {
  if (in->n == 0) return 0;
  in->n--;
  return *in->p++;
}

FZ_FN uint32_t fz_u32(fz_in *in) {
  uint32_t v = 0;
  int i;
  for (i = 0; i < 4; ++i) v = (v << 8) | fz_byte(in);
  return v;
}

FZ_FN uint64_t fz_u64(fz_in *in) {
  uint64_t hi = fz_u32(in);
  return (hi << 32) | fz_u32(in);
}

/* an int: mostly small (0..15, so enum values are usually valid), sometimes
   a little negative or any 32-bit value */
FZ_FN int fz_int(fz_in *in) {
  uint8_t k = fz_byte(in);
  if (k < 224) return k & 15;
  if (k < 240) return -(int)(k & 15) - 1;
  return (int)(int32_t)fz_u32(in);
}

/* an enum value: its first value plus a small offset, as fz_int gives
   (valid values and the invalid ones around its block), or any int: every
   enum has its own block of values (ENUM VALUES in the header), so an
   offset from 0 would never reach a valid value */
FZ_FN int fz_enum(fz_in *in, int first) {
  uint8_t k = fz_byte(in);
  if (k < 224) return first + (k & 15);
  if (k < 240) return first - (int)(k & 15) - 1;
  return (int)(int32_t)fz_u32(in);
}

/* a real of the configured precision from one of 16 classes */
FZ_FN spconv_real fz_real_raw(fz_in *in) {
  uint8_t k = fz_byte(in);
  spconv_real sign = (k & 16) ? (spconv_real)-1 : (spconv_real)1;
  switch (k & 15) {
    case 8: { /* wide: a 16-bit mantissa times 2^e, e in [-64, 63] */
      int m = (int)(fz_u32(in) & 0xffff);
      int e = (int)(fz_byte(in) & 127) - 64;
      return sign * FZ_LDEXP((spconv_real)m, e - 16);
    }
    case 9: return (spconv_real)NAN;
    case 10: return sign * (spconv_real)INFINITY;
    case 11: return sign * (spconv_real)0;
    case 12: return sign * FZ_MAX / (spconv_real)(1 + (fz_byte(in) & 3));
    case 13: return sign * FZ_MIN * (spconv_real)(1 + fz_byte(in));
    case 14: return sign * FZ_TRUE_MIN * (spconv_real)(1 + (fz_u32(in) & 0xffff));
    case 15: { /* raw bits */
#ifdef SPCONV_USE_FLOAT
      uint32_t b = fz_u32(in);
      float f;
      memcpy(&f, &b, sizeof f);
      return f;
#else
      uint64_t b = fz_u64(in);
      double d;
      memcpy(&d, &b, sizeof d);
      return d;
#endif
    }
    default: { /* moderate: a multiple of 1/64 in [-512, 512), exact in float */
      int16_t v = (int16_t)(fz_u32(in) & 0xffff);
      return (spconv_real)v / (spconv_real)64;
    }
  }
}

/* the same, printed to stderr when built with -DFZ_TRACE (to read a crash) */
FZ_FN spconv_real fz_real(fz_in *in) {
  spconv_real v = fz_real_raw(in);
#ifdef FZ_TRACE
  fprintf(stderr, "fz_real %.17g\n", (double)v);
#endif
  return v;
}

FZ_FN void fz_reals(fz_in *in, spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i) v[i] = fz_real(in);
}

/* --------------------------------------------------------- predicates */

FZ_FN int fz_finite(const spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i)
    if (!isfinite(v[i])) return 0;
  return 1;
}

FZ_FN int fz_any_nan(const spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i)
    if (isnan(v[i])) return 1;
  return 0;
}

/* finite and at most FZ_BIG in magnitude */
FZ_FN int fz_moderate(const spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i)
    if (!isfinite(v[i]) || fabs((double)v[i]) > FZ_BIG) return 0;
  return 1;
}

FZ_FN double fz_maxabs(const spconv_real *v, int n) {
  double m = 0;
  int i;
  for (i = 0; i < n; ++i)
    if (fabs((double)v[i]) > m) m = fabs((double)v[i]);
  return m;
}

/* Euclidean norm in double, without overflow or underflow */
FZ_FN double fz_norm(const spconv_real *v, int n) {
  double s = 0, m = fz_maxabs(v, n);
  int i;
  if (!(m > 0) || isinf(m)) return m;
  for (i = 0; i < n; ++i) s += ((double)v[i] / m) * ((double)v[i] / m);
  return m * sqrt(s);
}

/* every entry 0 or of magnitude in [1e-6, 1e6]: products of a few such
   numbers neither overflow nor underflow, so scaling by 2^k is exact */
FZ_FN int fz_exact_range(const spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i) {
    double a = fabs((double)v[i]);
    if (!(a == 0 || (a >= 1e-6 && a <= 1e6))) return 0;
  }
  return 1;
}

/* a well-conditioned quaternion: finite, 1e-2 <= |q| <= 1e2 */
FZ_FN int fz_quat_ok(const spconv_real q[4]) {
  double n;
  if (!fz_finite(q, 4)) return 0;
  n = fz_norm(q, 4);
  return n >= 1e-2 && n <= 1e2;
}

/* max |a - b| <= FZ_TOL * k * max(1, scale) */
FZ_FN int fz_near(const spconv_real *a, const spconv_real *b, int n, double scale, double k) {
  int i;
  double s = scale > 1 ? scale : 1;
  for (i = 0; i < n; ++i)
    if (!(fabs((double)a[i] - (double)b[i]) <= FZ_TOL * k * s)) return 0;
  return 1;
}

/* the same value, or both NaN (the result of identical arithmetic) */
FZ_FN int fz_same(const spconv_real *a, const spconv_real *b, int n) {
  int i;
  for (i = 0; i < n; ++i)
    if (!(a[i] == b[i] || (isnan(a[i]) && isnan(b[i])))) return 0;
  return 1;
}

/* bit for bit (pure data moves) */
FZ_FN int fz_bits(const spconv_real *a, const spconv_real *b, int n) {
  return memcmp(a, b, (size_t)n * sizeof(spconv_real)) == 0;
}

/* status codes the header defines */
FZ_FN int fz_status_known(int s) {
  return s == SPCONV_OK || s == SPCONV_EINVAL || s == SPCONV_EDEGENERATE ||
         s == SPCONV_GIMBAL_LOCK;
}

/* fill with a sentinel, to check that error paths leave outputs untouched */
#define FZ_SENTINEL ((spconv_real)12345.25)
FZ_FN void fz_fill(spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i) v[i] = FZ_SENTINEL;
}
FZ_FN int fz_untouched(const spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i)
    if (v[i] != FZ_SENTINEL) return 0;
  return 1;
}

/* R R^T = I and det R = +1 within k tolerances */
FZ_FN int fz_is_rotation(const spconv_real R[9], double k) {
  double M[9], det;
  int i, j;
  for (i = 0; i < 9; ++i) M[i] = (double)R[i];
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) {
      double d = M[3 * i] * M[3 * j] + M[3 * i + 1] * M[3 * j + 1] + M[3 * i + 2] * M[3 * j + 2] -
                 (i == j ? 1.0 : 0.0);
      if (!(fabs(d) <= FZ_TOL * k)) return 0;
    }
  det = M[0] * (M[4] * M[8] - M[5] * M[7]) - M[1] * (M[3] * M[8] - M[5] * M[6]) +
        M[2] * (M[3] * M[7] - M[4] * M[6]);
  return fabs(det - 1.0) <= FZ_TOL * k;
}

/* |q| = 1 within k tolerances */
FZ_FN int fz_is_unit(const spconv_real *q, int n, double k) {
  return fabs(fz_norm(q, n) - 1.0) <= FZ_TOL * k;
}

/* min(|a/|a| - b/|b||, |a/|a| + b/|b||): about half the angle between the
   rotations a and b (0 when they are the same rotation) */
FZ_FN double fz_quat_gap(const spconv_real a[4], const spconv_real b[4]) {
  double ma = fz_maxabs(a, 4), mb = fz_maxabs(b, 4), na = 0, nb = 0, dm = 0, dp = 0;
  int i;
  for (i = 0; i < 4; ++i) { /* scaled first: |q| may exceed the double range */
    na += ((double)a[i] / ma) * ((double)a[i] / ma);
    nb += ((double)b[i] / mb) * ((double)b[i] / mb);
  }
  na = sqrt(na);
  nb = sqrt(nb);
  for (i = 0; i < 4; ++i) {
    double x = (double)a[i] / ma / na, y = (double)b[i] / mb / nb;
    dm += (x - y) * (x - y);
    dp += (x + y) * (x + y);
  }
  return sqrt(dm < dp ? dm : dp);
}

#endif
