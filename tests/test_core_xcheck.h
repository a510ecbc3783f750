/* Shared helpers of the spatial-core cross-checks (test_core_mujoco.c,
   test_core_dart.cpp, test_core_kdl.cpp) and of the URDF rpy cross-check
   (test_urdfdom.cpp), C99 and C++: a seeded random
   generator, random inputs that include the near-singular cases (rotations
   near pi and exactly pi, tiny rotations down to 1e-12 rad, the identity,
   quaternions scaled by 10^U(-2, 2), both signs of q), and one comparison
   per (library, function) row: max |got - want| / max(1, max |want|) over
   the numbers of one result, against XC_TOL unless the call names its own
   (documented) tolerance. The summary prints, per row, the number of
   comparisons and the worst error, then a total; main returns its status.
   The libraries compute in double from the inputs already rounded to
   spconv_real, so both sides see the same numbers. */
#ifndef SPCONV_TEST_CORE_XCHECK_H
#define SPCONV_TEST_CORE_XCHECK_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "spatial_conv.h"

#ifdef SPCONV_USE_FLOAT
#  define XC_TOL 1e-5
#  define XC_PRECISION "float"
#else
#  define XC_TOL 1e-12
#  define XC_PRECISION "double"
#endif

#if defined(__GNUC__)
#  define XC_FN static __attribute__((unused))
#else
#  define XC_FN static
#endif

#define XC_PI 3.14159265358979323846
#define XC_MAX_ROWS 96

/* ------------------------------------------------------------- random */

static uint64_t xc_rng_state = 0xc0e26c0e26ULL;

XC_FN void xc_seed(uint64_t seed) { xc_rng_state = seed; }

/* uniform in [lo, hi) (splitmix64) */
XC_FN double xc_uniform(double lo, double hi) {
  uint64_t z = (xc_rng_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  z ^= z >> 31;
  return lo + (hi - lo) * (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

/* n reals, each uniform in [-a, a), rounded to spconv_real */
XC_FN void xc_vec(spconv_real *res, int n, double a) {
  int i;
  for (i = 0; i < n; ++i) res[i] = (spconv_real)xc_uniform(-a, a);
}

/* a random unit axis (double) */
XC_FN void xc_axis(double u[3]) {
  double n;
  do {
    u[0] = xc_uniform(-1, 1);
    u[1] = xc_uniform(-1, 1);
    u[2] = xc_uniform(-1, 1);
    n = u[0] * u[0] + u[1] * u[1] + u[2] * u[2];
  } while (n < 0.01 || n > 1.0);
  n = sqrt(n);
  u[0] /= n;
  u[1] /= n;
  u[2] /= n;
}

/* the rotation angle of case k (0 .. XC_KINDS-1):
   0 uniform random rotation, 1 the same scaled (non-unit), 2 angle
   pi - 10^U(-9, -2), 3 angle exactly pi (rounded), 4 angle 10^U(-12, -0.5)
   (tiny up to past the 0.125 rad where the header switches from series),
   5 angle 1e-9, 6 identity, 7 uniform with the sign of q flipped (w < 0) */
#define XC_KINDS 8

XC_FN const char *xc_kind_name(int kind) {
  static const char *const names[XC_KINDS] = {"uniform", "scaled", "near pi", "pi",
                                              "tiny",    "1e-9",   "identity", "w<0"};
  return names[kind % XC_KINDS];
}

/* a quaternion wxyz of the given kind; unit unless kind 1 (the norm is then
   10^U(-2, 2)) */
XC_FN void xc_quat_kind(spconv_real q[4], int kind) {
  double u[3], a = 0.0, d[4], c = 1.0, n;
  int i;
  kind %= XC_KINDS;
  if (kind == 0 || kind == 1 || kind == 7) {
    do {
      n = 0.0;
      for (i = 0; i < 4; ++i) {
        d[i] = xc_uniform(-1, 1);
        n += d[i] * d[i];
      }
    } while (n < 1e-4 || n > 1.0);
    n = sqrt(n);
    if (kind == 1) c = pow(10.0, xc_uniform(-2, 2));
    if (kind == 7 && d[0] > 0) c = -1.0;
    for (i = 0; i < 4; ++i) q[i] = (spconv_real)(c * d[i] / n);
    return;
  }
  xc_axis(u);
  if (kind == 2) a = XC_PI - pow(10.0, xc_uniform(-9, -2));
  if (kind == 3) a = XC_PI;
  if (kind == 4) a = pow(10.0, xc_uniform(-12, -0.5));
  if (kind == 5) a = 1e-9;
  if (kind == 6) a = 0.0;
  d[0] = cos(a / 2);
  for (i = 0; i < 3; ++i) d[1 + i] = sin(a / 2) * u[i];
  if (xc_uniform(0, 1) < 0.5) /* q and -q alike */
    for (i = 0; i < 4; ++i) d[i] = -d[i];
  for (i = 0; i < 4; ++i) q[i] = (spconv_real)d[i];
}

/* a rotation vector of the given kind: angle as above (kind 1: uniform in
   [0, pi) too, 7: uniform in (pi, 2 pi): the other side of the cut) */
XC_FN void xc_rotvec_kind(spconv_real w[3], int kind) {
  double u[3], a = 0.0;
  int i;
  kind %= XC_KINDS;
  xc_axis(u);
  if (kind == 0 || kind == 1) a = xc_uniform(0, XC_PI);
  if (kind == 2) a = XC_PI - pow(10.0, xc_uniform(-9, -2));
  if (kind == 3) a = XC_PI;
  if (kind == 4) a = pow(10.0, xc_uniform(-12, -0.5));
  if (kind == 5) a = 1e-9;
  if (kind == 6) a = 0.0;
  if (kind == 7) a = xc_uniform(XC_PI, 2 * XC_PI);
  for (i = 0; i < 3; ++i) w[i] = (spconv_real)(a * u[i]);
}

/* a pose [p; q_wxyz]: p uniform in [-2, 2)^3 (zero for one case in 16), q of
   the given kind */
XC_FN void xc_pose_kind(spconv_real pose[7], int kind) {
  if (xc_uniform(0, 1) < 1.0 / 16) {
    pose[0] = pose[1] = pose[2] = 0;
  } else {
    xc_vec(pose, 3, 2.0);
  }
  xc_quat_kind(pose + 3, kind);
}

/* wxyz <-> xyzw (7-real poses: the position stays) */
XC_FN void xc_pose_to_xyzw(spconv_real res[7], const spconv_real p[7]) {
  spconv_real w = p[3];
  int i;
  for (i = 0; i < 3; ++i) res[i] = p[i];
  for (i = 0; i < 3; ++i) res[3 + i] = p[4 + i];
  res[6] = w;
}
XC_FN void xc_pose_to_wxyz(spconv_real res[7], const spconv_real p[7]) {
  spconv_real w = p[6];
  int i;
  for (i = 0; i < 3; ++i) res[i] = p[i];
  for (i = 2; i >= 0; --i) res[4 + i] = p[3 + i];
  res[3] = w;
}

/* [a; b] -> [b; a] for two 3-blocks (in double) */
XC_FN void xc_swap6(double r[6]) {
  int i;
  for (i = 0; i < 3; ++i) {
    double t = r[i];
    r[i] = r[3 + i];
    r[3 + i] = t;
  }
}

/* rotation matrix (row-major, double) of a quaternion wxyz of any norm */
XC_FN void xc_mat_of_quat(double R[9], const spconv_real qr[4]) {
  double w = (double)qr[0], x = (double)qr[1], y = (double)qr[2], z = (double)qr[3];
  double s = 2.0 / (w * w + x * x + y * y + z * z);
  R[0] = 1 - s * (y * y + z * z);
  R[1] = s * (x * y - w * z);
  R[2] = s * (x * z + w * y);
  R[3] = s * (x * y + w * z);
  R[4] = 1 - s * (x * x + z * z);
  R[5] = s * (y * z - w * x);
  R[6] = s * (x * z - w * y);
  R[7] = s * (y * z + w * x);
  R[8] = 1 - s * (x * x + y * y);
}

/* principal moments d (rounded to spconv_real) that obey the triangle
   inequality, as a rigid body's do */
XC_FN void xc_moments(double d[3]) {
  d[0] = (double)(spconv_real)xc_uniform(0.05, 2.0);
  d[1] = (double)(spconv_real)xc_uniform(0.05, 2.0);
  d[2] = (double)(spconv_real)xc_uniform(fabs(d[0] - d[1]) + 0.01, d[0] + d[1]);
}

/* a random body: mass, COM (|c_i| < 1) and the tensor I = R diag(d) R^T
   (exactly symmetric) of xc_moments about principal axes of kind k */
XC_FN void xc_inertia_kind(spconv_real *mass, spconv_real com[3], spconv_real I[9], int kind) {
  spconv_real q[4];
  double d[3], R[9], s;
  int r, c, i;
  xc_moments(d);
  xc_quat_kind(q, kind);
  xc_mat_of_quat(R, q);
  for (r = 0; r < 3; ++r)
    for (c = 0; c <= r; ++c) {
      for (s = 0, i = 0; i < 3; ++i) s += R[3 * r + i] * d[i] * R[3 * c + i];
      I[3 * r + c] = I[3 * c + r] = (spconv_real)s;
    }
  *mass = (spconv_real)xc_uniform(0.1, 10.0);
  xc_vec(com, 3, 1.0);
}

/* the pose [p; rows of R] (12 doubles) of [p; q_wxyz]: poses compare
   without the quaternion's sign or norm */
XC_FN void xc_pose_rows(double res[12], const spconv_real pose[7]) {
  int i;
  for (i = 0; i < 3; ++i) res[i] = (double)pose[i];
  xc_mat_of_quat(res + 3, pose + 3);
}

/* ------------------------------------------------------- comparisons */

typedef struct xc_row {
  char lib[24];
  char fn[128];
  long n;
  double worst;
  double tol;
  long fails;
  long min_n;
} xc_row;

static xc_row xc_rows[XC_MAX_ROWS];
static int xc_nrows = 0;
static long xc_total_fails = 0;

/* the row (library, function), created on first use with tolerance tol and
   at least min_n comparisons to make by the summary */
XC_FN xc_row *xc_get_min(const char *lib, const char *fn, double tol, long min_n) {
  int i;
  for (i = 0; i < xc_nrows; ++i)
    if (!strcmp(xc_rows[i].lib, lib) && !strcmp(xc_rows[i].fn, fn)) return &xc_rows[i];
  if (xc_nrows == XC_MAX_ROWS) {
    printf("FAIL too many rows\n");
    ++xc_total_fails;
    return &xc_rows[XC_MAX_ROWS - 1];
  }
  i = xc_nrows++;
  snprintf(xc_rows[i].lib, sizeof xc_rows[i].lib, "%s", lib);
  snprintf(xc_rows[i].fn, sizeof xc_rows[i].fn, "%s", fn);
  xc_rows[i].n = 0;
  xc_rows[i].worst = 0.0;
  xc_rows[i].tol = tol;
  xc_rows[i].fails = 0;
  xc_rows[i].min_n = min_n;
  return &xc_rows[i];
}

/* the same for a row of random cases: at least 1000 comparisons */
XC_FN xc_row *xc_get(const char *lib, const char *fn, double tol) {
  return xc_get_min(lib, fn, tol, 1000);
}

/* max |got - want| / max(floor, max |want|) <= row's tolerance; what and
   k name the case when it fails (the first 5 failures per row print) */
XC_FN double xc_check_scaled_tol(xc_row *row, const char *what, int k, const double *got,
                                 const double *want, int n, double floor_scale, double tol);
XC_FN double xc_check_scaled(xc_row *row, const char *what, int k, const double *got,
                             const double *want, int n, double floor_scale) {
  return xc_check_scaled_tol(row, what, k, got, want, n, floor_scale, row->tol);
}

/* the same with this case's own tolerance (a reference whose accuracy
   depends on the input; the caller documents why) */
XC_FN double xc_check_scaled_tol(xc_row *row, const char *what, int k, const double *got,
                                 const double *want, int n, double floor_scale, double tol) {
  double scale = floor_scale, err = 0.0;
  int i;
  for (i = 0; i < n; ++i) scale = fmax(scale, fabs(want[i]));
  for (i = 0; i < n; ++i) {
    double e = fabs(got[i] - want[i]) / scale;
    if (!(e <= err)) err = e; /* NaN sticks */
  }
  ++row->n;
  if (!(err <= row->worst)) row->worst = err;
  if (!(err <= tol)) {
    ++row->fails;
    ++xc_total_fails;
    if (row->fails <= 5) {
      printf("FAIL %s %s (%s, case %d): relative error %.3g > %.1e\n", row->lib, row->fn, what, k,
             err, tol);
      for (i = 0; i < n; ++i) printf("  [%d] got % .17g want % .17g\n", i, got[i], want[i]);
    }
  }
  return err;
}

/* the same, got in spconv_real, floor 1 */
XC_FN double xc_check(xc_row *row, const char *what, int k, const spconv_real *got,
                      const double *want, int n) {
  double g[36];
  int i;
  for (i = 0; i < n && i < 36; ++i) g[i] = (double)got[i];
  return xc_check_scaled(row, what, k, g, want, n, 1.0);
}

/* a status that must be want */
XC_FN void xc_check_status(xc_row *row, const char *what, int k, int status, int want) {
  ++row->n;
  if (status != want) {
    ++row->fails;
    ++xc_total_fails;
    if (row->fails <= 5)
      printf("FAIL %s %s (%s, case %d): status %d, want %d\n", row->lib, row->fn, what, k, status,
             want);
  }
}

/* the table; returns main's exit status */
XC_FN int xc_summary(const char *title) {
  long total = 0;
  double worst = 0.0;
  int i;
  printf("%s (header %s): per library and function, comparisons and worst relative error\n", title,
         XC_PRECISION);
  for (i = 0; i < xc_nrows; ++i) {
    const xc_row *r = &xc_rows[i];
    printf("  %-6s %-72s %7ld  worst %9.3g  (tol %.0e)%s\n", r->lib, r->fn, r->n, r->worst, r->tol,
           r->fails ? "  FAILED" : "");
    total += r->n;
    if (r->worst > worst) worst = r->worst;
    if (r->n < r->min_n) {
      printf("FAIL %s %s: only %ld comparisons (want >= %ld)\n", r->lib, r->fn, r->n, r->min_n);
      ++xc_total_fails;
    }
  }
  printf("%s (%s): %ld comparisons in %d rows, worst %.3g, %ld failed\n", title, XC_PRECISION, total,
         xc_nrows, worst, xc_total_fails);
  return xc_total_fails ? 1 : 0;
}

#endif /* SPCONV_TEST_CORE_XCHECK_H */
