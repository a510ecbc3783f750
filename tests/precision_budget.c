/* spatial_conv precision budget: the worst error of each function family
   over N random inputs (default 1,000,000), against references computed
   independently in long double from the same (rounded) inputs.

   Error of a result vector y against the reference r (normwise):
     relative error  max_i |y_i - r_i| / max_i |r_i|
     ULPs            max_i |y_i - r_i| / ulp(max_i |r_i|),
                     ulp(x) = 2^(floor(log2 x) - p + 1), p = 53 (double), 24 (float)
   so 1 ULP is one unit in the last place of the largest entry.
   Exact results (pure moves, signed permutations, batch = single) must show 0.

   Usage: precision_budget_<prec> [N] [--check]
     prints one markdown row per function (docs/robustness.md holds them);
     with --check, fails (exit 1) when a function exceeds its budget below.
   ctest runs `--check` with N = 100000; the `precision_budget` target runs
   the full 1e6 measurement in both precisions. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spatial_conv.h"

typedef long double ld;

#ifdef SPCONV_USE_FLOAT
#  define PREC "float"
#  define MANT 24
#else
#  define PREC "double"
#  define MANT 53
#endif

/* ------------------------------------------------------------- budgets */
/* Asserted bounds in ULPs (see the header comment): about twice the worst
   measured over 1e6 inputs (docs/robustness.md), rounded up; {double, float}. */
enum {
  F_ORDER, F_ROTATE, F_MUL, F_TWIST_SHIFT, F_WRENCH_SHIFT, F_SPATIAL_ROTATE, F_POWER,
  F_MJ_TWIST, F_MJ_QVEL, F_MJ_QFRC, F_MJ_WRENCH, F_MJ_CVEL, F_SAP, F_SAP_BODY, F_UP_AXIS,
  F_UP_QUAT, F_AXES, F_MAT_FROM_QUAT, F_QUAT_FROM_MAT, F_ORTHO, F_FROM_AXIS_ANGLE,
  F_AXIS_ANGLE_AXIS, F_AXIS_ANGLE_ANGLE, F_FROM_ROTVEC, F_ROTVEC, F_FROM_EULER,
  F_EULER_REBUILD, F_ROT6D, F_SLERP, F_INTEGRATE, F_ANGVEL, F_TWIST_CONVERT,
  F_WRENCH_CONVERT, F_POSE_MUL, F_POSE_INV, F_POSE_REL, F_POSE_INTERP, F_POSE_APPLY,
  F_SE3_TRANSFORM, F_ADJOINT, F_SE3_CROSS, F_EXP_SMALL, F_EXP, F_LOG_SMALL, F_LOG, F_LOG_PI,
  F_INERTIA_PRINCIPAL, F_INERTIA_SHIFT, F_SPATIAL_INERTIA, F_KINETIC, F_BATCH, F_COUNT
};
static const struct {
  const char *family, *name;
  double budget[2]; /* ULPs: double, float */
} fn[F_COUNT] = {
    {"quaternion order", "spconv_quat_wxyz_from_xyzw / _xyzw_from_wxyz", {0, 0}},
    {"quaternion rotation", "spconv_quat_rotate_wxyz / _xyzw", {24, 24}},
    {"quaternion rotation", "spconv_quat_mul_wxyz", {8, 8}},
    {"spatial vectors", "spconv_twist_shift", {8, 8}},
    {"spatial vectors", "spconv_wrench_shift", {8, 8}},
    {"spatial vectors", "spconv_spatial_rotate", {6, 6}},
    {"spatial vectors", "spconv_power (ULPs of the sum of the terms' magnitudes)", {8, 8}},
    {"MuJoCo free joint", "spconv_twist_from_mujoco_qvel", {40, 40}},
    {"MuJoCo free joint", "spconv_mujoco_qvel_from_twist", {32, 32}},
    {"MuJoCo free joint", "spconv_mujoco_qfrc_from_wrench", {32, 32}},
    {"MuJoCo free joint", "spconv_wrench_from_mujoco_qfrc", {32, 32}},
    {"MuJoCo free joint", "spconv_twist_from_mujoco_cvel", {40, 40}},
    {"SAP boundary", "spconv_{sap,public}_{twist,wrench}_from_{public,sap}", {8, 8}},
    {"SAP boundary", "spconv_{sap,public}_body_force_from_{public,sap}", {8, 8}},
    {"up axis", "spconv_up_axis_matrix, _vec3_n, _spatial_n", {0, 0}},
    {"up axis", "spconv_up_axis_quat_wxyz", {1, 1}},
    {"axis systems", "spconv_vec_change_axes / _pseudovec / _twist / _quat_wxyz (signed permutation)", {0, 0}},
    {"rotations", "spconv_mat_from_quat_wxyz", {16, 16}},
    {"rotations", "spconv_quat_wxyz_from_mat (input: rounded matrix)", {6, 6}},
    {"rotations", "spconv_mat_orthonormalize (input: rounded c R)", {6, 6}},
    {"rotations", "spconv_quat_wxyz_from_axis_angle", {6, 6}},
    {"rotations", "spconv_axis_angle_from_quat_wxyz: axis", {6, 6}},
    {"rotations", "spconv_axis_angle_from_quat_wxyz: angle", {8, 8}},
    {"rotations", "spconv_quat_wxyz_from_rotvec", {10, 10}},
    {"rotations", "spconv_rotvec_from_quat_wxyz", {8, 8}},
    {"rotations", "spconv_quat_wxyz_from_euler (24 conventions)", {6, 6}},
    {"rotations", "spconv_euler_from_quat_wxyz (24; rebuilt q vs q)", {8, 8}},
    {"rotations", "spconv_mat_from_rot6d (3 layouts, sin(a1, a2) >= 0.1)", {24, 24}},
    {"rotations", "spconv_quat_slerp_wxyz", {6, 6}},
    {"rotations", "spconv_quat_integrate_body/world_wxyz", {8, 8}},
    {"rotations", "spconv_body/world_angvel_from_quats_wxyz", {56, 56}},
    {"conventions as data", "spconv_twist_convert (every preset pair)", {72, 72}},
    {"conventions as data", "spconv_wrench_convert (every preset pair)", {64, 64}},
    {"spatial core", "spconv_pose_mul_wxyz", {20, 20}},
    {"spatial core", "spconv_pose_inv_wxyz", {20, 24}},
    {"spatial core", "spconv_pose_relative_wxyz", {20, 28}},
    {"spatial core", "spconv_pose_interp_wxyz", {48, 96}},
    {"spatial core", "spconv_pose_transform_point_wxyz / _rotate_vec_wxyz", {24, 24}},
    {"spatial core", "spconv_twist/wrench_transform_wxyz (both orders)", {88, 72}},
    {"spatial core", "spconv_adjoint_twist/wrench_matrix_wxyz (both orders)", {14, 16}},
    {"spatial core", "spconv_twist/wrench_cross (ULPs of max x_i times max y_i)", {10, 10}},
    {"spatial core", "spconv_pose_exp_wxyz, angle < 0.125 (series)", {4, 4}},
    {"spatial core", "spconv_pose_exp_wxyz, angle 0.125 .. 2 pi", {24, 24}},
    {"spatial core", "spconv_twist_log_wxyz, angle < 0.125 (series)", {6, 6}},
    {"spatial core", "spconv_twist_log_wxyz, angle 0.125 .. pi - 1e-3", {14, 16}},
    {"spatial core", "spconv_twist_log_wxyz, angle pi - 1e-3 .. pi", {18, 20}},
    {"spatial core", "spconv_inertia_from_principal", {28, 28}},
    {"spatial core", "spconv_inertia_shift (A, B, C apart)", {12, 16}},
    {"spatial core", "spconv_spatial_inertia_transform_wxyz", {24, 24}},
    {"spatial core", "spconv_kinetic_energy", {10, 10}},
    {"batch forms", "every _n form vs its single-element function", {0, 0}},
};

static double worst_rel[F_COUNT], worst_ulp[F_COUNT];

/* a call whose inputs are valid by construction: an error status (< 0)
   stops the measurement (a warning such as SPCONV_GIMBAL_LOCK is a result) */
static void pb_ok(int status) {
  if (status < 0) {
    fprintf(stderr, "precision_budget: unexpected status %d (%s)\n", status,
            spconv_status_string(status));
    exit(2);
  }
}

static ld ulp_of(ld x) {
  int e;
  if (!(x > 0)) return ldexpl(1.0L, MANT == 24 ? -149 : -1074); /* smallest subnormal */
  frexpl(x, &e); /* x = f 2^e, f in [0.5, 1) */
  return ldexpl(1.0L, e - MANT);
}

/* records y against r (n entries); scale > 0 replaces max |r_i| */
static void record(int f, const spconv_real *y, const ld *r, int n, ld scale) {
  ld m = 0, e = 0, rel, ulps;
  int i;
  for (i = 0; i < n; ++i) {
    ld d = fabsl((ld)y[i] - r[i]);
    if (fabsl(r[i]) > m) m = fabsl(r[i]);
    if (!(d <= e)) e = d; /* NaN sticks */
  }
  if (scale > 0) m = scale;
  if (m == 0) m = 1;
  rel = e / m;
  ulps = e / ulp_of(m);
  if (!((double)rel <= worst_rel[f])) worst_rel[f] = (double)rel;
  if (!((double)ulps <= worst_ulp[f])) worst_ulp[f] = (double)ulps;
}

/* ---------------------------------------------------------------- random */
static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static uint64_t next_u64(void) {
  uint64_t z = (rng += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
static double uni(double lo, double hi) {
  return lo + (hi - lo) * (double)(next_u64() >> 11) * (1.0 / 9007199254740992.0);
}
static void rvec(spconv_real *v, int n, double s) {
  int i;
  for (i = 0; i < n; ++i) v[i] = (spconv_real)uni(-s, s);
}
/* a random rotation, stored non-unit: a uniform unit quaternion times 10^U(-2, 2) */
static void rquat(spconv_real q[4]) {
  double d[4], n, c = pow(10.0, uni(-2, 2));
  int i;
  do {
    for (i = 0; i < 4; ++i) d[i] = uni(-1, 1);
    n = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + d[3] * d[3];
  } while (n < 1e-4 || n > 1);
  for (i = 0; i < 4; ++i) q[i] = (spconv_real)(d[i] / sqrt(n) * c);
}

/* ------------------------------------------------ long double references */
static void ld_unit(ld u[4], const spconv_real q[4]) {
  ld n = sqrtl((ld)q[0] * (ld)q[0] + (ld)q[1] * (ld)q[1] + (ld)q[2] * (ld)q[2] + (ld)q[3] * (ld)q[3]);
  int i;
  for (i = 0; i < 4; ++i) u[i] = (ld)q[i] / n;
}
/* R of a unit quaternion (row-major), body -> world */
static void ld_mat(ld R[9], const ld u[4]) {
  ld w = u[0], x = u[1], y = u[2], z = u[3];
  R[0] = 1 - 2 * (y * y + z * z); R[1] = 2 * (x * y - w * z); R[2] = 2 * (x * z + w * y);
  R[3] = 2 * (x * y + w * z); R[4] = 1 - 2 * (x * x + z * z); R[5] = 2 * (y * z - w * x);
  R[6] = 2 * (x * z - w * y); R[7] = 2 * (y * z + w * x); R[8] = 1 - 2 * (x * x + y * y);
}
static void ld_mv(ld r[3], const ld R[9], const ld v[3]) {
  int i;
  for (i = 0; i < 3; ++i) r[i] = R[3 * i] * v[0] + R[3 * i + 1] * v[1] + R[3 * i + 2] * v[2];
}
static void ld_mtv(ld r[3], const ld R[9], const ld v[3]) {
  int i;
  for (i = 0; i < 3; ++i) r[i] = R[i] * v[0] + R[3 + i] * v[1] + R[6 + i] * v[2];
}
static void ld_cross(ld r[3], const ld a[3], const ld b[3]) {
  ld t0 = a[1] * b[2] - a[2] * b[1], t1 = a[2] * b[0] - a[0] * b[2], t2 = a[0] * b[1] - a[1] * b[0];
  r[0] = t0; r[1] = t1; r[2] = t2;
}
static void ld_of(ld *r, const spconv_real *x, int n) {
  int i;
  for (i = 0; i < n; ++i) r[i] = (ld)x[i];
}
static void ld_qmul(ld r[4], const ld a[4], const ld b[4]) {
  ld w = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
  ld x = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
  ld y = a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1];
  ld z = a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0];
  r[0] = w; r[1] = x; r[2] = y; r[3] = z;
}
/* the sign of b that is closer to a (quaternions q and -q) */
static void ld_align(ld b[4], const spconv_real *a) {
  ld d = 0;
  int i;
  for (i = 0; i < 4; ++i) d += (ld)a[i] * b[i];
  if (d < 0)
    for (i = 0; i < 4; ++i) b[i] = -b[i];
}
static void ld_rotvec_q(ld r[4], const ld v[3]) { /* exp(v / 2) */
  ld th = sqrtl(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]), k = th > 0 ? sinl(th / 2) / th : 0.5L;
  r[0] = cosl(th / 2); r[1] = k * v[0]; r[2] = k * v[1]; r[3] = k * v[2];
}
static void ld_q_rotvec(ld r[3], const ld q[4]) { /* log, shortest */
  ld u[4], n, k;
  int i;
  for (i = 0; i < 4; ++i) u[i] = q[0] < 0 ? -q[i] : q[i];
  n = sqrtl(u[1] * u[1] + u[2] * u[2] + u[3] * u[3]);
  k = n > 0 ? 2 * atan2l(n, u[0]) / n : 2;
  for (i = 0; i < 3; ++i) r[i] = k * u[1 + i];
}

/* conventions: (lin, ang) world at the COM <-> stored under c */
static void ld_point(ld r[3], spconv_point point, const ld R[9], const spconv_body *b) {
  ld com[3], rc[3];
  int i;
  ld_of(com, b->com, 3);
  ld_mv(rc, R, com);
  for (i = 0; i < 3; ++i)
    r[i] = point == SPCONV_POINT_COM ? 0 : point == SPCONV_POINT_ORIGIN ? -rc[i]
                                                                        : -((ld)b->pos[i] + rc[i]);
}
static void ld_convert(ld res[6], const spconv_convention *to, const spconv_real x[6],
                       const spconv_convention *from, const spconv_body *b, int wrench) {
  ld u[4], R[9], l[3], a[3], lin[3], ang[3], r[3], t[3];
  const ld d2r = 3.14159265358979323846264338327950288L / 180;
  int i, lo = from->order == SPCONV_ORDER_LINEAR_FIRST ? 0 : 3, ao = 3 - lo;
  ld_unit(u, b->quat_wxyz);
  ld_mat(R, u);
  for (i = 0; i < 3; ++i) {
    l[i] = (ld)x[lo + i];
    a[i] = (ld)x[ao + i];
    if (!wrench && from->angle_unit == SPCONV_ANGLE_DEGREES) a[i] *= d2r;
  }
  if (from->linear_frame == SPCONV_FRAME_BODY) ld_mv(lin, R, l); else memcpy(lin, l, sizeof l);
  if (from->angular_frame == SPCONV_FRAME_BODY) ld_mv(ang, R, a); else memcpy(ang, a, sizeof a);
  ld_point(r, from->point, R, b);
  if (!wrench) { ld_cross(t, ang, r); for (i = 0; i < 3; ++i) lin[i] -= t[i]; } /* to COM */
  else { ld_cross(t, r, lin); for (i = 0; i < 3; ++i) ang[i] += t[i]; }
  ld_point(r, to->point, R, b);
  if (!wrench) { ld_cross(t, ang, r); for (i = 0; i < 3; ++i) lin[i] += t[i]; }
  else { ld_cross(t, r, lin); for (i = 0; i < 3; ++i) ang[i] -= t[i]; }
  if (to->linear_frame == SPCONV_FRAME_BODY) ld_mtv(l, R, lin); else memcpy(l, lin, sizeof l);
  if (to->angular_frame == SPCONV_FRAME_BODY) ld_mtv(a, R, ang); else memcpy(a, ang, sizeof a);
  lo = to->order == SPCONV_ORDER_LINEAR_FIRST ? 0 : 3;
  ao = 3 - lo;
  for (i = 0; i < 3; ++i) {
    res[lo + i] = l[i];
    res[ao + i] = (!wrench && to->angle_unit == SPCONV_ANGLE_DEGREES) ? a[i] / d2r : a[i];
  }
}

/* unit slerp a fraction t from unit a to unit b along the shortest arc */
static void ld_slerp(ld r[4], const ld ua[4], const ld ub[4], ld t) {
  ld a[4], b[4], d = 0, om, wa, wb;
  int i;
  memcpy(a, ua, sizeof a);
  memcpy(b, ub, sizeof b);
  for (i = 0; i < 4; ++i) d += a[i] * b[i];
  if (d < 0) { for (i = 0; i < 4; ++i) b[i] = -b[i]; d = -d; }
  om = acosl(d > 1 ? 1 : d);
  wa = sinl((1 - t) * om) / sinl(om);
  wb = sinl(t * om) / sinl(om);
  for (i = 0; i < 4; ++i) r[i] = wa * a[i] + wb * b[i];
}

/* max |x_i| of two 3-vectors: the scale of a sum whose terms cancel */
static ld ld_scale2(const ld a[3], const ld b[3]) {
  ld m = 0;
  int i;
  for (i = 0; i < 3; ++i) {
    if (fabsl(a[i]) > m) m = fabsl(a[i]);
    if (fabsl(b[i]) > m) m = fabsl(b[i]);
  }
  return m;
}

/* ------------------------------------------------------ spatial core refs */
/* [a; b] -> [R x_a + (p x R x_b if twist); R x_b + (p x R x_a if wrench)] */
static void ld_se3_apply(ld r[6], const ld R[9], const ld p[3], const ld x[6], int wrench) {
  ld a[3], b[3], c[3];
  int i;
  ld_mv(a, R, x);
  ld_mv(b, R, x + 3);
  ld_cross(c, p, wrench ? a : b);
  for (i = 0; i < 3; ++i) {
    r[i] = a[i] + (wrench ? 0 : c[i]);
    r[3 + i] = b[i] + (wrench ? c[i] : 0);
  }
}
/* B = (1 - cos a)/a^2, C = (a - sin a)/a^3: series to a^16 below 0.5 */
static void ld_exp_coeffs(ld *b, ld *c, ld a) {
  ld a2 = a * a, tb = 0.5L, tc = 1.0L / 6, sb = 0, sc = 0;
  int k;
  if (a >= 0.5L) {
    *b = (1 - cosl(a)) / a2;
    *c = (a - sinl(a)) / (a2 * a);
    return;
  }
  for (k = 0; k < 10; ++k) { /* tb = (-1)^k / (2k+2)!, tc = (-1)^k / (2k+3)! */
    sb += tb;
    sc += tc;
    tb *= -a2 / ((2 * k + 3) * (2 * k + 4));
    tc *= -a2 / ((2 * k + 4) * (2 * k + 5));
  }
  *b = sb;
  *c = sc;
}
/* x + b (u x x) + c (u x (u x x)) */
static void ld_v_apply(ld r[3], const ld u[3], const ld x[3], ld b, ld c) {
  ld t1[3], t2[3];
  int i;
  ld_cross(t1, u, x);
  ld_cross(t2, u, t1);
  for (i = 0; i < 3; ++i) r[i] = x[i] + b * t1[i] + c * t2[i];
}
/* a random rotation vector of angle a (uniform direction) */
static void rrotvec(spconv_real w[3], double a) {
  double d[3], n;
  int i;
  do {
    for (i = 0; i < 3; ++i) d[i] = uni(-1, 1);
    n = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  } while (n < 1e-3 || n > 1);
  for (i = 0; i < 3; ++i) w[i] = (spconv_real)(d[i] / n * a);
}

/* exp of twist (lin at 0 or 3) over dt against the long double reference */
static void core_exp(const spconv_real tw[6], spconv_real dt, spconv_order o, int f) {
  spconv_real out[7];
  ld u[3], v[3], a, b, c, r[7];
  int i, lin = o == SPCONV_ORDER_ANGULAR_FIRST ? 3 : 0;
  for (i = 0; i < 3; ++i) {
    v[i] = (ld)tw[lin + i] * (ld)dt;
    u[i] = (ld)tw[3 - lin + i] * (ld)dt;
  }
  a = sqrtl(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
  ld_exp_coeffs(&b, &c, a);
  ld_v_apply(r, u, v, b, c);
  ld_rotvec_q(r + 3, u);
  pb_ok(spconv_pose_exp_wxyz(out, tw, dt, o));
  record(f, out, r, 3, ld_scale2(v, v)); /* |V| <= 1 + a: ULPs of |v dt| */
  record(f, out + 3, r + 3, 4, 0);
}

/* log of pose [p; q] against the long double reference (both halves) */
static void core_log(const spconv_real pose[7], spconv_order o, int f) {
  spconv_real out[6];
  ld w[3], p[3], lq[4], a, d, r[6], h;
  int i, lin = o == SPCONV_ORDER_ANGULAR_FIRST ? 3 : 0;
  ld_of(lq, pose + 3, 4);
  ld_q_rotvec(w, lq);
  ld_of(p, pose, 3);
  a = sqrtl(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
  h = a / 2;
  d = a < 1e-4L ? 1.0L / 12 + a * a / 720 : (1 - h * cosl(h) / sinl(h)) / (a * a);
  ld_v_apply(r + lin, w, p, -0.5L, d);
  for (i = 0; i < 3; ++i) r[3 - lin + i] = w[i];
  pb_ok(spconv_twist_log_wxyz(out, pose, o));
  record(f, out + lin, r + lin, 3, 0);
  record(f, out + 3 - lin, r + 3 - lin, 3, 0);
}

/* the spatial core: poses q, q2 (units u, u2, R = L of q); a position that
   is a sum of terms counts ULPs of the largest term */
static void sample_core(const spconv_real *q, const spconv_real *q2, const ld *u, const ld *u2,
                        const ld *L) {
  spconv_real a[7], b[7], out[36], x[6], y[6], pt[3];
  ld pa[3], pbl[3], qa[4], qb[4], ref[36], t[3], n2, lx[6];
  spconv_order o = next_u64() % 2 ? SPCONV_ORDER_ANGULAR_FIRST : SPCONV_ORDER_LINEAR_FIRST;
  int i, j, lin = o == SPCONV_ORDER_ANGULAR_FIRST ? 3 : 0;
  rvec(a, 3, 10);
  rvec(b, 3, 10);
  rvec(x, 6, 10);
  rvec(y, 6, 10);
  rvec(pt, 3, 10);
  memcpy(a + 3, q, 4 * sizeof(spconv_real));
  memcpy(b + 3, q2, 4 * sizeof(spconv_real));
  ld_of(pa, a, 3);
  ld_of(pbl, b, 3);
  ld_of(qa, q, 4);
  ld_of(qb, q2, 4);
  n2 = qa[0] * qa[0] + qa[1] * qa[1] + qa[2] * qa[2] + qa[3] * qa[3];
  /* poses */
  spconv_pose_mul_wxyz(out, a, b);
  ld_mv(ref, L, pbl);
  for (i = 0; i < 3; ++i) ref[i] += pa[i];
  ld_qmul(ref + 3, qa, qb);
  record(F_POSE_MUL, out, ref, 3, ld_scale2(pa, pbl));
  record(F_POSE_MUL, out + 3, ref + 3, 4, 0);
  spconv_pose_inv_wxyz(out, a);
  ld_mtv(ref, L, pa);
  for (i = 0; i < 3; ++i) ref[i] = -ref[i];
  ref[3] = qa[0] / n2;
  for (i = 1; i < 4; ++i) ref[3 + i] = -qa[i] / n2;
  record(F_POSE_INV, out, ref, 3, 0);
  record(F_POSE_INV, out + 3, ref + 3, 4, 0);
  spconv_pose_relative_wxyz(out, a, b);
  for (i = 0; i < 3; ++i) t[i] = pbl[i] - pa[i];
  ld_mtv(ref, L, t);
  {
    ld c[4] = {qa[0] / n2, -qa[1] / n2, -qa[2] / n2, -qa[3] / n2};
    ld_qmul(ref + 3, c, qb);
  }
  record(F_POSE_REL, out, ref, 3, 0);
  record(F_POSE_REL, out + 3, ref + 3, 4, 0);
  {
    spconv_real tt = (spconv_real)uni(0, 1);
    spconv_pose_interp_wxyz(out, a, b, tt);
    for (i = 0; i < 3; ++i) ref[i] = (1 - (ld)tt) * pa[i] + (ld)tt * pbl[i];
    ld_slerp(ref + 3, u, u2, (ld)tt);
    record(F_POSE_INTERP, out, ref, 3, 0);
    record(F_POSE_INTERP, out + 3, ref + 3, 4, 0);
  }
  ld_of(t, pt, 3);
  spconv_pose_transform_point_wxyz(out, a, pt);
  ld_mv(ref, L, t);
  for (i = 0; i < 3; ++i) ref[i] += pa[i];
  record(F_POSE_APPLY, out, ref, 3, ld_scale2(pa, t));
  spconv_pose_rotate_vec_wxyz(out, a, pt);
  ld_mv(ref, L, t);
  record(F_POSE_APPLY, out, ref, 3, 0);
  /* transforms and adjoint matrices, in the order o */
  for (i = 0; i < 3; ++i) {
    lx[i] = (ld)x[lin + i];
    lx[3 + i] = (ld)x[3 - lin + i];
  }
  for (j = 0; j < 2; ++j) {
    ld r6[6], rs[6];
    pb_ok(j ? spconv_wrench_transform_wxyz(out, a, x, o) : spconv_twist_transform_wxyz(out, a, x, o));
    ld_se3_apply(r6, L, pa, lx, j);
    for (i = 0; i < 3; ++i) {
      rs[lin + i] = r6[i];
      rs[3 - lin + i] = r6[3 + i];
    }
    record(F_SE3_TRANSFORM, out, rs, 6, 0);
    /* the matrix: column k = the image of e_k (stored as o says) */
    pb_ok(j ? spconv_adjoint_wrench_matrix_wxyz(out, a, o) : spconv_adjoint_twist_matrix_wxyz(out, a, o));
    {
      int k;
      for (k = 0; k < 6; ++k) {
        ld e[6] = {0, 0, 0, 0, 0, 0};
        e[(k + lin) % 6] = 1; /* e_k stored as o says, read linear first */
        ld_se3_apply(r6, L, pa, e, j);
        for (i = 0; i < 3; ++i) {
          ref[6 * (lin + i) + k] = r6[i];
          ref[6 * (3 - lin + i) + k] = r6[3 + i];
        }
      }
      record(F_ADJOINT, out, ref, 36, 0);
    }
  }
  /* cross products, in the order o: ULPs of max |x| max |y| */
  {
    ld v[3], w[3], m1[3], m2[3], c1[3], c2[3], sx = 0, sy = 0, r6[6];
    for (i = 0; i < 3; ++i) {
      v[i] = (ld)x[lin + i];
      w[i] = (ld)x[3 - lin + i];
      m1[i] = (ld)y[lin + i];
      m2[i] = (ld)y[3 - lin + i];
    }
    for (i = 0; i < 6; ++i) {
      if (fabsl((ld)x[i]) > sx) sx = fabsl((ld)x[i]);
      if (fabsl((ld)y[i]) > sy) sy = fabsl((ld)y[i]);
    }
    pb_ok(spconv_twist_cross(out, x, y, o));
    ld_cross(c1, w, m1);
    ld_cross(c2, v, m2);
    for (i = 0; i < 3; ++i) r6[lin + i] = c1[i] + c2[i];
    ld_cross(c1, w, m2);
    for (i = 0; i < 3; ++i) r6[3 - lin + i] = c1[i];
    record(F_SE3_CROSS, out, r6, 6, sx * sy);
    pb_ok(spconv_wrench_cross(out, x, y, o));
    ld_cross(c1, w, m1);
    for (i = 0; i < 3; ++i) r6[lin + i] = c1[i];
    ld_cross(c1, w, m2);
    ld_cross(c2, v, m1);
    for (i = 0; i < 3; ++i) r6[3 - lin + i] = c1[i] + c2[i];
    record(F_SE3_CROSS, out, r6, 6, sx * sy);
  }
  /* exp: angle below 0.125 (10^U(-8, 0) of it), and up to 2 pi; dt = 1 */
  {
    spconv_real tw[6];
    rvec(tw + lin, 3, 10);
    rrotvec(tw + 3 - lin, 0.125 * pow(10.0, uni(-8, 0)));
    core_exp(tw, 1, o, F_EXP_SMALL);
    rrotvec(tw + 3 - lin, uni(0.125, 6.283));
    core_exp(tw, 1, o, F_EXP);
  }
  /* log: q of angle below 0.125, 0.125 .. pi - 1e-3, pi - 1e-3 .. pi */
  {
    spconv_real pose[7], w[3];
    ld lw[3], lq4[4];
    int k;
    for (k = 0; k < 3; ++k) {
      double ang = k == 0 ? 0.125 * pow(10.0, uni(-8, 0))
                          : k == 1 ? uni(0.125, 3.14059) : 3.14159265358979 - pow(10.0, uni(-9, -3));
      rvec(pose, 3, 10);
      rrotvec(w, ang);
      ld_of(lw, w, 3);
      ld_rotvec_q(lq4, lw);
      for (i = 0; i < 4; ++i) pose[3 + i] = (spconv_real)lq4[i];
      core_log(pose, o, k == 0 ? F_LOG_SMALL : k == 1 ? F_LOG : F_LOG_PI);
    }
  }
  /* inertia: principal moments in [0.1, 10), COM offsets up to 1 */
  {
    spconv_real d[3], Ic[9], com[3], r[3], M[36], tw[6], e;
    ld LI[9], lc[3], lr[3], m, W[36], WM[36], lt[3];
    int k, l;
    for (i = 0; i < 3; ++i) d[i] = (spconv_real)uni(0.1, 10);
    rvec(com, 3, 1);
    rvec(r, 3, 1);
    rvec(tw, 6, 10);
    m = (ld)(spconv_real)uni(0.1, 10);
    spconv_inertia_from_principal(Ic, d, q);
    for (i = 0; i < 3; ++i)
      for (j = 0; j < 3; ++j)
        ref[3 * i + j] = L[3 * i] * L[3 * j] * (ld)d[0] + L[3 * i + 1] * L[3 * j + 1] * (ld)d[1] +
                         L[3 * i + 2] * L[3 * j + 2] * (ld)d[2];
    record(F_INERTIA_PRINCIPAL, Ic, ref, 9, 0);
    /* shift from A (com = C - A) to A + r: through the COM in long double */
    ld_of(LI, Ic, 9);
    ld_of(lc, com, 3);
    ld_of(lr, r, 3);
    spconv_inertia_shift(out, Ic, (spconv_real)m, com, r);
    for (i = 0; i < 3; ++i) lt[i] = lr[i] - lc[i];
    for (i = 0; i < 3; ++i)
      for (j = 0; j < 3; ++j) {
        ld cc = lc[0] * lc[0] + lc[1] * lc[1] + lc[2] * lc[2];
        ld tt = lt[0] * lt[0] + lt[1] * lt[1] + lt[2] * lt[2];
        ref[3 * i + j] = LI[3 * i + j] - m * ((i == j ? cc : 0) - lc[i] * lc[j]) +
                         m * ((i == j ? tt : 0) - lt[i] * lt[j]);
      }
    record(F_INERTIA_SHIFT, out, ref, 9, 0);
    /* the 6x6 of B (pose a) in A: W M W^T, W = [[R, 0], [[p]x R, R]] */
    spconv_spatial_inertia(M, (spconv_real)m, com, Ic);
    for (i = 0; i < 36; ++i) W[i] = 0;
    for (i = 0; i < 3; ++i)
      for (j = 0; j < 3; ++j) {
        ld col[3] = {L[j], L[3 + j], L[6 + j]}, pc[3];
        ld_cross(pc, pa, col);
        W[6 * i + j] = W[6 * (3 + i) + 3 + j] = L[3 * i + j];
        W[6 * (3 + i) + j] = pc[i];
      }
    for (i = 0; i < 6; ++i)
      for (j = 0; j < 6; ++j) {
        WM[6 * i + j] = 0;
        for (k = 0; k < 6; ++k) WM[6 * i + j] += W[6 * i + k] * (ld)M[6 * k + j];
      }
    for (i = 0; i < 6; ++i)
      for (j = 0; j < 6; ++j) {
        ref[6 * i + j] = 0;
        for (l = 0; l < 6; ++l) ref[6 * i + j] += WM[6 * i + l] * W[6 * j + l];
      }
    spconv_spatial_inertia_transform_wxyz(out, a, M);
    record(F_SPATIAL_INERTIA, out, ref, 36, 0);
    /* kinetic energy: 1/2 m |v + w x c|^2 + 1/2 w.I w (I positive) */
    e = spconv_kinetic_energy((spconv_real)m, com, Ic, tw);
    {
      ld lv[3], lw[3], wc[3], iw[3], s = 0;
      ld_of(lv, tw, 3);
      ld_of(lw, tw + 3, 3);
      ld_cross(wc, lw, lc);
      ld_mv(iw, LI, lw);
      for (i = 0; i < 3; ++i) s += m * (lv[i] + wc[i]) * (lv[i] + wc[i]) + lw[i] * iw[i];
      s /= 2;
      record(F_KINETIC, &e, &s, 1, 0);
    }
  }
}

/* ------------------------------------------------------------ one sample */
static void sample(void) {
  spconv_real q[4], q2[4], v[3], x[6], y[6], r3[3], out[9], out2[9], R[9];
  ld u[4], u2[4], L[9], lv[3], lx[6], ref[9], t[3], t2[3];
  int i;
  rquat(q);
  rquat(q2);
  rvec(v, 3, 10);
  rvec(x, 6, 10);
  rvec(y, 6, 10);
  rvec(r3, 3, 2);
  ld_unit(u, q);
  ld_unit(u2, q2);
  ld_mat(L, u);

  /* quaternion order: exact */
  spconv_quat_xyzw_from_wxyz(out, q);
  ld_of(ref, q, 4);
  { ld s[4] = {ref[1], ref[2], ref[3], ref[0]}; record(F_ORDER, out, s, 4, 0); }
  spconv_quat_wxyz_from_xyzw(out2, out);
  record(F_ORDER, out2, ref, 4, 0);
  /* rotation */
  spconv_quat_rotate_wxyz(out, q, v);
  ld_of(lv, v, 3);
  ld_mv(ref, L, lv);
  record(F_ROTATE, out, ref, 3, 0);
  spconv_quat_mul_wxyz(out, q, q2);
  { ld a[4], b[4]; ld_of(a, q, 4); ld_of(b, q2, 4); ld_qmul(ref, a, b); }
  record(F_MUL, out, ref, 4, 0);
  /* spatial vectors */
  ld_of(lx, x, 6);
  ld_of(t2, r3, 3);
  spconv_twist_shift(out, x, r3);
  ld_cross(t, lx + 3, t2);
  for (i = 0; i < 3; ++i) { ref[i] = lx[i] + t[i]; ref[3 + i] = lx[3 + i]; }
  record(F_TWIST_SHIFT, out, ref, 6, 0);
  spconv_wrench_shift(out, x, r3);
  ld_cross(t, t2, lx);
  for (i = 0; i < 3; ++i) { ref[i] = lx[i]; ref[3 + i] = lx[3 + i] - t[i]; }
  record(F_WRENCH_SHIFT, out, ref, 6, 0);
  for (i = 0; i < 9; ++i) R[i] = (spconv_real)L[i];
  spconv_spatial_rotate(out, R, x);
  { ld LR[9]; ld_of(LR, R, 9); ld_mv(ref, LR, lx); ld_mv(ref + 3, LR, lx + 3); }
  record(F_SPATIAL_ROTATE, out, ref, 6, 0);
  {
    ld p = 0, s = 0;
    spconv_real pv = spconv_power(x, y);
    for (i = 0; i < 6; ++i) { p += lx[i] * (ld)y[i]; s += fabsl(lx[i] * (ld)y[i]); }
    record(F_POWER, &pv, &p, 1, s);
  }
  /* MuJoCo free joint: ipos = r3 */
  {
    ld w[3], rr[3], wxr[3], ip[3], f[3], tau[3];
    ld_of(ip, r3, 3);
    ld_mv(rr, L, ip);
    spconv_twist_from_mujoco_qvel(out, x, q, r3);
    ld_mv(w, L, lx + 3);
    ld_cross(wxr, w, rr);
    for (i = 0; i < 3; ++i) { ref[i] = lx[i] + wxr[i]; ref[3 + i] = w[i]; }
    record(F_MJ_TWIST, out, ref, 6, 0);
    spconv_mujoco_qvel_from_twist(out, x, q, r3);
    ld_mtv(w, L, lx + 3);
    ld_cross(wxr, lx + 3, rr);
    for (i = 0; i < 3; ++i) { ref[i] = lx[i] - wxr[i]; ref[3 + i] = w[i]; }
    record(F_MJ_QVEL, out, ref, 6, 0);
    spconv_mujoco_qfrc_from_wrench(out, x, q, r3);
    ld_cross(f, rr, lx);
    for (i = 0; i < 3; ++i) t[i] = lx[3 + i] + f[i];
    ld_mtv(tau, L, t);
    for (i = 0; i < 3; ++i) { ref[i] = lx[i]; ref[3 + i] = tau[i]; }
    record(F_MJ_QFRC, out, ref, 6, 0);
    spconv_wrench_from_mujoco_qfrc(out, x, q, r3);
    ld_mv(tau, L, lx + 3);
    ld_cross(f, rr, lx);
    for (i = 0; i < 3; ++i) { ref[i] = lx[i]; ref[3 + i] = tau[i] - f[i]; }
    record(F_MJ_WRENCH, out, ref, 6, 0);
    spconv_twist_from_mujoco_cvel(out, x, v, r3);
    for (i = 0; i < 3; ++i) t2[i] = (ld)v[i] - (ld)r3[i];
    ld_cross(t, lx, t2);
    for (i = 0; i < 3; ++i) { ref[i] = lx[3 + i] + t[i]; ref[3 + i] = lx[i]; }
    record(F_MJ_CVEL, out, ref, 6, 0);
  }
  /* SAP: r_oc = r3 */
  {
    ld ro[3], c[3];
    ld_of(ro, r3, 3);
    spconv_sap_twist_from_public(out, x, r3); /* [w; v + r x w] */
    ld_cross(c, ro, lx + 3);
    for (i = 0; i < 3; ++i) { ref[i] = lx[3 + i]; ref[3 + i] = lx[i] + c[i]; }
    record(F_SAP, out, ref, 6, 0);
    spconv_public_twist_from_sap(out, x, r3); /* [v + w x r; w] */
    ld_cross(c, lx, ro);
    for (i = 0; i < 3; ++i) { ref[i] = lx[3 + i] + c[i]; ref[3 + i] = lx[i]; }
    record(F_SAP, out, ref, 6, 0);
    spconv_sap_wrench_from_public(out, x, r3); /* [tau + r x f; f] */
    ld_cross(c, ro, lx);
    for (i = 0; i < 3; ++i) { ref[i] = lx[3 + i] + c[i]; ref[3 + i] = lx[i]; }
    record(F_SAP, out, ref, 6, 0);
    spconv_public_wrench_from_sap(out, x, r3); /* [f; tau - r x f] */
    ld_cross(c, ro, lx + 3);
    for (i = 0; i < 3; ++i) { ref[i] = lx[3 + i]; ref[3 + i] = lx[i] - c[i]; }
    record(F_SAP, out, ref, 6, 0);
    spconv_sap_body_force_from_public(out, x, r3);
    ld_cross(c, ro, lx);
    for (i = 0; i < 3; ++i) { ref[i] = -(lx[3 + i] + c[i]); ref[3 + i] = -lx[i]; }
    record(F_SAP_BODY, out, ref, 6, 0);
    spconv_public_body_force_from_sap(out, x, r3); /* [-b; r x b - a] */
    ld_cross(c, ro, lx + 3);
    for (i = 0; i < 3; ++i) { ref[i] = -lx[3 + i]; ref[3 + i] = c[i] - lx[i]; }
    record(F_SAP_BODY, out, ref, 6, 0);
  }
  /* up axis and axis systems: signed permutations, exact */
  {
    int a = (int)(next_u64() % 3), b = (int)(next_u64() % 3);
    spconv_real M[9], qu[4];
    ld LM[9];
    pb_ok(spconv_up_axis_matrix(M, (spconv_axis)a, (spconv_axis)b));
    ld_of(LM, M, 9);
    pb_ok(spconv_vec_change_up_axis_n(out, v, 1, (spconv_axis)a, (spconv_axis)b));
    ld_mv(ref, LM, lv);
    record(F_UP_AXIS, out, ref, 3, 0);
    pb_ok(spconv_up_axis_quat_wxyz(qu, (spconv_axis)a, (spconv_axis)b));
    { /* exact: (cos 45, sin 45 k) */
      ld h = sqrtl(0.5L), kk[3] = {0, 0, 0};
      if (a != b) kk[3 - a - b] = (b - a + 3) % 3 == 1 ? 1 : -1;
      ref[0] = a == b ? 1 : h;
      for (i = 0; i < 3; ++i) ref[1 + i] = a == b ? 0 : h * kk[i];
      record(F_UP_QUAT, qu, ref, 4, 0);
    }
    pb_ok(spconv_axis_preset_matrix(
        M, (spconv_axis_preset)(SPCONV_AXIS_PRESET_FIRST + (int)(next_u64() % 17)),
        (spconv_axis_preset)(SPCONV_AXIS_PRESET_FIRST + (int)(next_u64() % 17))));
    ld_of(LM, M, 9);
    spconv_spatial_change_axes(out, M, x);
    {
      ld det = LM[0] * (LM[4] * LM[8] - LM[5] * LM[7]) - LM[1] * (LM[3] * LM[8] - LM[5] * LM[6]) +
               LM[2] * (LM[3] * LM[7] - LM[4] * LM[6]);
      ld_mv(ref, LM, lx);
      ld_mv(ref + 3, LM, lx + 3);
      for (i = 3; i < 6; ++i) ref[i] *= det;
      record(F_AXES, out, ref, 6, 0);
    }
  }
  /* rotations */
  spconv_mat_from_quat_wxyz(out, q);
  record(F_MAT_FROM_QUAT, out, L, 9, 0);
  {
    spconv_real Rr[9], qq[4], c = (spconv_real)pow(10.0, uni(-3, 3));
    ld uc[4];
    for (i = 0; i < 9; ++i) Rr[i] = (spconv_real)L[i];
    pb_ok(spconv_quat_wxyz_from_mat(qq, Rr));
    for (i = 0; i < 4; ++i) uc[i] = u[i];
    ld_align(uc, qq);
    record(F_QUAT_FROM_MAT, qq, uc, 4, 0);
    for (i = 0; i < 9; ++i) Rr[i] = (spconv_real)(L[i] * (ld)c);
    pb_ok(spconv_mat_orthonormalize(out, Rr));
    record(F_ORTHO, out, L, 9, 0);
  }
  {
    spconv_real ang = (spconv_real)uni(-7, 7), ax[3], an;
    ld n, lq[4], s;
    spconv_quat_wxyz_from_axis_angle(out, v, ang);
    n = sqrtl(lv[0] * lv[0] + lv[1] * lv[1] + lv[2] * lv[2]);
    s = sinl((ld)ang / 2) / n;
    lq[0] = cosl((ld)ang / 2);
    for (i = 0; i < 3; ++i) lq[1 + i] = s * lv[i];
    record(F_FROM_AXIS_ANGLE, out, lq, 4, 0);
    pb_ok(spconv_axis_angle_from_quat_wxyz(ax, &an, q));
    for (i = 0; i < 4; ++i) lq[i] = u[0] < 0 ? -u[i] : u[i];
    n = sqrtl(lq[1] * lq[1] + lq[2] * lq[2] + lq[3] * lq[3]);
    for (i = 0; i < 3; ++i) ref[i] = lq[1 + i] / n;
    record(F_AXIS_ANGLE_AXIS, ax, ref, 3, 0);
    ref[0] = 2 * atan2l(n, lq[0]);
    record(F_AXIS_ANGLE_ANGLE, &an, ref, 1, 0);
  }
  {
    spconv_real rv[3];
    ld lq[4], lr[3];
    rvec(rv, 3, 3.5);
    ld_of(lr, rv, 3);
    spconv_quat_wxyz_from_rotvec(out, rv);
    ld_rotvec_q(lq, lr);
    record(F_FROM_ROTVEC, out, lq, 4, 0);
    spconv_rotvec_from_quat_wxyz(out, q);
    ld_q_rotvec(ref, u);
    record(F_ROTVEC, out, ref, 3, 0);
  }
  {
    static const int axes[12][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0},
                                    {0, 1, 0}, {0, 2, 0}, {1, 0, 1}, {1, 2, 1}, {2, 0, 2}, {2, 1, 2}};
    /* seq and kind count from each enum's first value */
    int seq = (int)(next_u64() % 12), kind = (int)(next_u64() % 2), k;
    const spconv_euler_seq eseq = (spconv_euler_seq)(SPCONV_EULER_XYZ + seq);
    const spconv_euler_kind ekind = (spconv_euler_kind)(SPCONV_EULER_EXTRINSIC + kind);
    spconv_real ang[3], e[3];
    ld lq[4] = {1, 0, 0, 0}, f[4], tmp[4];
    rvec(ang, 3, 3.14159);
    pb_ok(spconv_quat_wxyz_from_euler(out, ang, eseq, ekind));
    for (k = 0; k < 3; ++k) { /* intrinsic: q1 q2 q3; extrinsic: q3 q2 q1 */
      f[0] = cosl((ld)ang[k] / 2);
      f[1] = f[2] = f[3] = 0;
      f[1 + axes[seq][k]] = sinl((ld)ang[k] / 2);
      if (ekind == SPCONV_EULER_INTRINSIC) ld_qmul(tmp, lq, f); else ld_qmul(tmp, f, lq);
      memcpy(lq, tmp, sizeof tmp);
    }
    record(F_FROM_EULER, out, lq, 4, 0);
    /* euler_from_quat: the angles rebuild u (backward error) */
    pb_ok(spconv_euler_from_quat_wxyz(e, q, eseq, ekind));
    lq[0] = 1; lq[1] = lq[2] = lq[3] = 0;
    for (k = 0; k < 3; ++k) {
      f[0] = cosl((ld)e[k] / 2);
      f[1] = f[2] = f[3] = 0;
      f[1 + axes[seq][k]] = sinl((ld)e[k] / 2);
      if (ekind == SPCONV_EULER_INTRINSIC) ld_qmul(tmp, lq, f); else ld_qmul(tmp, f, lq);
      memcpy(lq, tmp, sizeof tmp);
    }
    for (k = 0; k < 4; ++k) out[k] = (spconv_real)u[k]; /* rounded q: compare in long double */
    {
      ld d = 0, dm = 0, dp = 0, sc = ulp_of(1);
      for (k = 0; k < 4; ++k) d += lq[k] * u[k];
      for (k = 0; k < 4; ++k) {
        ld a = lq[k] - u[k], b = lq[k] + u[k];
        dm += a * a;
        dp += b * b;
      }
      d = sqrtl(dm < dp ? dm : dp);
      if (!((double)d <= worst_rel[F_EULER_REBUILD])) worst_rel[F_EULER_REBUILD] = (double)d;
      if (!((double)(d / sc) <= worst_ulp[F_EULER_REBUILD])) worst_ulp[F_EULER_REBUILD] = (double)(d / sc);
    }
  }
  {
    int layout = (int)(next_u64() % 3), k;
    spconv_real d6[6];
    ld a1[3], a2[3], b1[3], b2[3], b3[3], n;
    do { /* well-conditioned: sin(angle(a1, a2)) >= 0.1 (the error grows as 1 / sin) */
      ld c[3], s1, s2;
      rvec(d6, 6, 10);
      for (k = 0; k < 3; ++k) {
        int i1 = layout == 2 ? 2 * k : k, i2 = layout == 2 ? 2 * k + 1 : 3 + k;
        a1[k] = (ld)d6[i1];
        a2[k] = (ld)d6[i2];
      }
      ld_cross(c, a1, a2);
      s1 = a1[0] * a1[0] + a1[1] * a1[1] + a1[2] * a1[2];
      s2 = a2[0] * a2[0] + a2[1] * a2[1] + a2[2] * a2[2];
      n = sqrtl((c[0] * c[0] + c[1] * c[1] + c[2] * c[2]) / (s1 * s2));
    } while (!(n >= 0.1L));
    pb_ok(spconv_mat_from_rot6d(out, d6, (spconv_rot6d_layout)(SPCONV_ROT6D_COLUMNS + layout)));
    n = sqrtl(a1[0] * a1[0] + a1[1] * a1[1] + a1[2] * a1[2]);
    for (k = 0; k < 3; ++k) b1[k] = a1[k] / n;
    n = b1[0] * a2[0] + b1[1] * a2[1] + b1[2] * a2[2];
    for (k = 0; k < 3; ++k) b2[k] = a2[k] - n * b1[k];
    n = sqrtl(b2[0] * b2[0] + b2[1] * b2[1] + b2[2] * b2[2]);
    for (k = 0; k < 3; ++k) b2[k] /= n;
    ld_cross(b3, b1, b2);
    for (k = 0; k < 3; ++k) {
      if (layout == 1) { ref[k] = b1[k]; ref[3 + k] = b2[k]; ref[6 + k] = b3[k]; }
      else { ref[3 * k] = b1[k]; ref[3 * k + 1] = b2[k]; ref[3 * k + 2] = b3[k]; }
    }
    record(F_ROT6D, out, ref, 9, 0);
  }
  {
    spconv_real tt = (spconv_real)uni(0, 1);
    ld_slerp(ref, u, u2, (ld)tt);
    spconv_quat_slerp_wxyz(out, q, q2, tt);
    record(F_SLERP, out, ref, 4, 0);
  }
  sample_core(q, q2, u, u2, L);
  {
    spconv_real dt = (spconv_real)uni(1e-3, 0.1), w[3];
    ld lw[3], d[4], lq[4], a[4], rr[4], rv[3];
    rvec(w, 3, 10);
    for (i = 0; i < 3; ++i) lw[i] = (ld)w[i] * (ld)dt;
    ld_rotvec_q(d, lw);
    spconv_quat_integrate_body_wxyz(out, q, w, dt);
    ld_of(lq, q, 4);
    ld_qmul(ref, lq, d);
    record(F_INTEGRATE, out, ref, 4, 0);
    spconv_quat_integrate_world_wxyz(out, q, w, dt);
    ld_qmul(ref, d, lq);
    record(F_INTEGRATE, out, ref, 4, 0);
    /* angular velocity between q and q2 */
    if (spconv_body_angvel_from_quats_wxyz(out, q, q2, dt) != SPCONV_OK) abort();
    a[0] = u[0]; a[1] = -u[1]; a[2] = -u[2]; a[3] = -u[3];
    ld_qmul(rr, a, u2);
    ld_q_rotvec(rv, rr);
    for (i = 0; i < 3; ++i) ref[i] = rv[i] / (ld)dt;
    record(F_ANGVEL, out, ref, 3, 0);
    if (spconv_world_angvel_from_quats_wxyz(out, q, q2, dt) != SPCONV_OK) abort();
    ld_qmul(rr, u2, a);
    ld_q_rotvec(rv, rr);
    for (i = 0; i < 3; ++i) ref[i] = rv[i] / (ld)dt;
    record(F_ANGVEL, out, ref, 3, 0);
  }
  {
    spconv_convention a = spconv_convention_from_preset(
        (spconv_preset_id)(SPCONV_PRESET_FIRST + (int)(next_u64() % SPCONV_PRESET_COUNT)));
    spconv_convention b = spconv_convention_from_preset(
        (spconv_preset_id)(SPCONV_PRESET_FIRST + (int)(next_u64() % SPCONV_PRESET_COUNT)));
    spconv_body body;
    memcpy(body.quat_wxyz, q2, sizeof q2);
    rvec(body.pos, 3, 10);
    rvec(body.com, 3, 1);
    pb_ok(spconv_twist_convert(out, &b, x, &a, &body));
    ld_convert(ref, &b, x, &a, &body, 0);
    record(F_TWIST_CONVERT, out, ref, 6, 0);
    pb_ok(spconv_wrench_convert(out, &b, y, &a, &body));
    ld_convert(ref, &b, y, &a, &body, 1);
    record(F_WRENCH_CONVERT, out, ref, 6, 0);
  }
  { /* batch = single, bit for bit */
    spconv_real xs[12], ps[6], qp[14], b1[12], s1[12];
    ld zero[12];
    rvec(xs, 12, 10);
    rvec(ps, 6, 2);
    rvec(qp, 14, 1);
    if (spconv_twist_from_mujoco_qvel_n(b1, xs, qp + 3, 7, ps, 2) != SPCONV_OK) abort();
    spconv_twist_from_mujoco_qvel(s1, xs, qp + 3, ps);
    spconv_twist_from_mujoco_qvel(s1 + 6, xs + 6, qp + 10, ps + 3);
    for (i = 0; i < 12; ++i) { zero[i] = 0; b1[i] = b1[i] - s1[i]; }
    record(F_BATCH, b1, zero, 12, 1);
    spconv_sap_wrench_from_public_n(b1, xs, ps, 2);
    spconv_sap_wrench_from_public(s1, xs, ps);
    spconv_sap_wrench_from_public(s1 + 6, xs + 6, ps + 3);
    for (i = 0; i < 12; ++i) b1[i] = b1[i] - s1[i];
    record(F_BATCH, b1, zero, 12, 1);
  }
}

int main(int argc, char **argv) {
  long n = 1000000, k;
  int check = 0, i, failed = 0, p = MANT == 24 ? 1 : 0;
  for (i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--check") == 0) check = 1;
    else n = atol(argv[i]);
  }
  for (k = 0; k < n; ++k) sample();
  printf("precision budget (%s, %ld random inputs per function)\n\n", PREC, n);
  printf("| family | function | worst relative error | worst ULPs | budget (ULPs) |\n");
  printf("|---|---|---|---|---|\n");
  for (i = 0; i < F_COUNT; ++i) {
    int over = !(worst_ulp[i] <= fn[i].budget[p]);
    printf("| %s | %s | %.3g | %.3g | %g |%s\n", fn[i].family, fn[i].name, worst_rel[i],
           worst_ulp[i], fn[i].budget[p], over ? " OVER BUDGET" : "");
    failed |= over;
  }
  if (check && failed) {
    printf("\nprecision_budget (%s): a function is over its budget\n", PREC);
    return 1;
  }
  return 0;
}
