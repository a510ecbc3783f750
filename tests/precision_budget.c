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
  F_WRENCH_CONVERT, F_BATCH, F_COUNT
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
    ld a[4], b[4], d = 0, om, wa, wb;
    memcpy(a, u, sizeof a);
    memcpy(b, u2, sizeof b);
    for (i = 0; i < 4; ++i) d += a[i] * b[i];
    if (d < 0) { for (i = 0; i < 4; ++i) b[i] = -b[i]; d = -d; }
    om = acosl(d > 1 ? 1 : d);
    wa = sinl((1 - (ld)tt) * om) / sinl(om);
    wb = sinl((ld)tt * om) / sinl(om);
    for (i = 0; i < 4; ++i) ref[i] = wa * a[i] + wb * b[i];
    spconv_quat_slerp_wxyz(out, q, q2, tt);
    record(F_SLERP, out, ref, 4, 0);
  }
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
