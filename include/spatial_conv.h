/* spatial_conv.h - rigid-body conventions converter, one header, C99/C++/CUDA.

   spatial_conv converts rigid-body quantities between the conventions of
   physics engines, robotics libraries and asset formats: quaternion storage
   order, up axes, twist and wrench reference points and frames, MuJoCo's
   free-joint mixed frame and the SAP solver boundary. Every function is
   `static inline`: include the header and call it.

       #include "spatial_conv.h"

       spconv_real twist[6];   // [v of COM, world; w, world] (Newton, Isaac)
       spconv_twist_from_mujoco_qvel(twist, qvel, qpos_quat_wxyz, body_ipos);

   ------------------------------------------------------------------------
   CONVENTIONS (canonical forms; everything else is reached by a named call)

   Quaternion     q = w + xi + yj + zk. Algebra works on `wxyz` storage
                  (MuJoCo, Isaac Lab 2.x, Drake); `xyzw` storage (Warp,
                  Newton, SciPy, ROS, PhysX, glTF) is converted explicitly.
                  A quaternion rotates vectors actively: v' = q v q^-1, so
                  the quaternion of a body maps body axes to world axes.
                  Inputs need not be unit: q and c*q (c != 0) are the same
                  rotation everywhere (the sandwich product uses 2/|q|^2).
                  The zero quaternion acts as the identity rotation.
   Matrices       3x3 flat row-major [9] (MuJoCo's xmat layout), 6x6 flat
                  row-major [36].
   Twist          [v; w], linear first: v is the linear velocity of the
                  reference point, w the angular velocity.
   Wrench         [f; tau], force first: tau is the moment about the
                  reference point. Power f.v + tau.w does not depend on the
                  reference point or the frame, as long as the twist and the
                  wrench share them.
   Shift          r = p_new - p_old: the offset from the old reference point
                  to the new one, in the axes the 6-vector is expressed in.
                  Twist: v_new = v + w x r.  Wrench: tau_new = tau - r x f.
   Angular first  [w; v] and [tau; f] layouts (MuJoCo cvel, Drake, DART,
                  Featherstone, SAP internal) are reached by
                  spconv_spatial_swap or by a named conversion.
   Up axis        SPCONV_AXIS_X/Y/Z = 0/1/2 (Newton's Axis values).
   Rotations      Angles in radians; Euler angles[i] turn about the i-th
                  letter (SciPy's meaning), extrinsic or intrinsic named by
                  enum. Matrices are accepted as rotations within
                  SPCONV_ROTATION_TOL (define before the include to change).

   ------------------------------------------------------------------------
   CONFIGURATION (define before the include)

   SPCONV_USE_FLOAT   spconv_real is float instead of double.
   SPCONV_API         the storage of every function; default `static inline`
                      (plus `__host__ __device__` under nvcc or hipcc).
   SPCONV_SQRT, SPCONV_SIN, SPCONV_COS, SPCONV_ATAN2, SPCONV_ACOS,
   SPCONV_ASIN, SPCONV_FABS   math functions, default the <math.h> ones for
                      the chosen precision.

   ------------------------------------------------------------------------
   ALIASING   In every function `res` may be the same pointer as any input:
              all inputs are read before `res` is written. Partially
              overlapping arrays are not supported.

   STATUS     Functions that can meet invalid input return int:
              SPCONV_OK (0), negative errors (SPCONV_EINVAL: unknown enum
              value or bad argument; SPCONV_EDEGENERATE: zero or non-finite
              input where a direction is needed), positive warnings
              (SPCONV_GIMBAL_LOCK). spconv_status_string names each.
              Pure maps return void; non-finite inputs propagate.

   The header includes only <math.h> and <stddef.h>, allocates nothing,
   has no globals and does no I/O.

   ------------------------------------------------------------------------
   LICENSE (MIT)

   Copyright (c) 2026 The spatial_conv authors

   Permission is hereby granted, free of charge, to any person obtaining a
   copy of this software and associated documentation files (the
   "Software"), to deal in the Software without restriction, including
   without limitation the rights to use, copy, modify, merge, publish,
   distribute, sublicense, and/or sell copies of the Software, and to permit
   persons to whom the Software is furnished to do so, subject to the
   following conditions:

   The above copyright notice and this permission notice shall be included
   in all copies or substantial portions of the Software.

   THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS
   OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
   MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN
   NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
   DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
   OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE
   USE OR OTHER DEALINGS IN THE SOFTWARE.
*/
#ifndef SPATIAL_CONV_H
#define SPATIAL_CONV_H

#include <math.h>
#include <stddef.h>

/* ---------------------------------------------------------------- version */

#define SPCONV_VERSION_MAJOR 0
#define SPCONV_VERSION_MINOR 1
#define SPCONV_VERSION_PATCH 0
#define SPCONV_VERSION \
  (SPCONV_VERSION_MAJOR * 10000 + SPCONV_VERSION_MINOR * 100 + SPCONV_VERSION_PATCH)

/* ---------------------------------------------------------- configuration */

#ifdef SPCONV_USE_FLOAT
typedef float spconv_real;
#  define SPCONV__MATH(name) name##f
#else
typedef double spconv_real;
#  define SPCONV__MATH(name) name
#endif

#ifndef SPCONV_SQRT
#  define SPCONV_SQRT(x) SPCONV__MATH(sqrt)(x)
#endif
#ifndef SPCONV_SIN
#  define SPCONV_SIN(x) SPCONV__MATH(sin)(x)
#endif
#ifndef SPCONV_COS
#  define SPCONV_COS(x) SPCONV__MATH(cos)(x)
#endif
#ifndef SPCONV_ATAN2
#  define SPCONV_ATAN2(y, x) SPCONV__MATH(atan2)(y, x)
#endif
#ifndef SPCONV_ACOS
#  define SPCONV_ACOS(x) SPCONV__MATH(acos)(x)
#endif
#ifndef SPCONV_ASIN
#  define SPCONV_ASIN(x) SPCONV__MATH(asin)(x)
#endif
#ifndef SPCONV_FABS
#  define SPCONV_FABS(x) SPCONV__MATH(fabs)(x)
#endif

#ifndef SPCONV_API
#  if defined(__CUDACC__) || defined(__HIPCC__)
#    define SPCONV_API static inline __host__ __device__
#  else
#    define SPCONV_API static inline
#  endif
#endif

/* a literal in the configured precision */
#define SPCONV__R(x) ((spconv_real)(x))

/* ----------------------------------------------------------------- status */

#define SPCONV_OK           0   /* success */
#define SPCONV_EINVAL      (-1) /* unknown enum value or invalid argument */
#define SPCONV_EDEGENERATE (-2) /* zero, parallel or non-finite input */
#define SPCONV_GIMBAL_LOCK  1   /* warning: result valid, one angle set to 0 */

/* A short English name of a status code; "unknown status" for others. */
SPCONV_API const char *spconv_status_string(int status) {
  switch (status) {
    case SPCONV_OK: return "ok";
    case SPCONV_EINVAL: return "invalid argument";
    case SPCONV_EDEGENERATE: return "degenerate input";
    case SPCONV_GIMBAL_LOCK: return "gimbal lock";
    default: return "unknown status";
  }
}

/* -------------------------------------------------------- private helpers */

/* res = a x b; res must not alias a or b */
SPCONV_API void spconv__cross(spconv_real res[3], const spconv_real a[3],
                              const spconv_real b[3]) {
  res[0] = a[1] * b[2] - a[2] * b[1];
  res[1] = a[2] * b[0] - a[0] * b[2];
  res[2] = a[0] * b[1] - a[1] * b[0];
}

/* res = R v (R row-major); res must not alias v */
SPCONV_API void spconv__mat_vec(spconv_real res[3], const spconv_real R[9],
                                const spconv_real v[3]) {
  res[0] = R[0] * v[0] + R[1] * v[1] + R[2] * v[2];
  res[1] = R[3] * v[0] + R[4] * v[1] + R[5] * v[2];
  res[2] = R[6] * v[0] + R[7] * v[1] + R[8] * v[2];
}

/* res = R^T v (R row-major); res must not alias v */
SPCONV_API void spconv__mat_t_vec(spconv_real res[3], const spconv_real R[9],
                                  const spconv_real v[3]) {
  res[0] = R[0] * v[0] + R[3] * v[1] + R[6] * v[2];
  res[1] = R[1] * v[0] + R[4] * v[1] + R[7] * v[2];
  res[2] = R[2] * v[0] + R[5] * v[1] + R[8] * v[2];
}

/* 2/|q|^2, or 0 for the zero quaternion (which then acts as the identity) */
SPCONV_API spconv_real spconv__quat_scale(spconv_real w, spconv_real x,
                                          spconv_real y, spconv_real z) {
  spconv_real n = w * w + x * x + y * y + z * z;
  return n != SPCONV__R(0) ? SPCONV__R(2) / n : SPCONV__R(0);
}

/* res = q v q^-1 for q = (w, x, y, z), any nonzero norm; res may alias v.
   With u = (x, y, z) and s = 2/|q|^2: res = v + s (w (u x v) + u x (u x v)). */
SPCONV_API void spconv__quat_rotate(spconv_real res[3], spconv_real w,
                                    spconv_real x, spconv_real y, spconv_real z,
                                    const spconv_real v[3]) {
  spconv_real s = spconv__quat_scale(w, x, y, z);
  spconv_real t0 = y * v[2] - z * v[1]; /* t = u x v */
  spconv_real t1 = z * v[0] - x * v[2];
  spconv_real t2 = x * v[1] - y * v[0];
  spconv_real r0 = v[0] + s * (w * t0 + y * t2 - z * t1);
  spconv_real r1 = v[1] + s * (w * t1 + z * t0 - x * t2);
  spconv_real r2 = v[2] + s * (w * t2 + x * t1 - y * t0);
  res[0] = r0;
  res[1] = r1;
  res[2] = r2;
}

/* res = rotation matrix of q_wxyz (row-major, any nonzero norm):
   R = I + s (w [u]x + [u]x [u]x), s = 2/|q|^2, u = vector part. */
SPCONV_API void spconv__mat_from_quat(spconv_real res[9], const spconv_real q[4]) {
  spconv_real w = q[0], x = q[1], y = q[2], z = q[3];
  spconv_real s = spconv__quat_scale(w, x, y, z);
  spconv_real one = SPCONV__R(1);
  res[0] = one - s * (y * y + z * z);
  res[1] = s * (x * y - w * z);
  res[2] = s * (x * z + w * y);
  res[3] = s * (x * y + w * z);
  res[4] = one - s * (x * x + z * z);
  res[5] = s * (y * z - w * x);
  res[6] = s * (x * z - w * y);
  res[7] = s * (y * z + w * x);
  res[8] = one - s * (x * x + y * y);
}

/* ------------------------------------------------ quaternion storage order */

/* res (w, x, y, z) = the same quaternion stored (x, y, z, w). */
SPCONV_API void spconv_quat_wxyz_from_xyzw(spconv_real res[4],
                                           const spconv_real q_xyzw[4]) {
  spconv_real x = q_xyzw[0], y = q_xyzw[1], z = q_xyzw[2], w = q_xyzw[3];
  res[0] = w;
  res[1] = x;
  res[2] = y;
  res[3] = z;
}

/* res (x, y, z, w) = the same quaternion stored (w, x, y, z). */
SPCONV_API void spconv_quat_xyzw_from_wxyz(spconv_real res[4],
                                           const spconv_real q_wxyz[4]) {
  spconv_real w = q_wxyz[0], x = q_wxyz[1], y = q_wxyz[2], z = q_wxyz[3];
  res[0] = x;
  res[1] = y;
  res[2] = z;
  res[3] = w;
}

/* n contiguous quaternions (4n reals), xyzw -> wxyz; res may equal q_xyzw. */
SPCONV_API void spconv_quat_wxyz_from_xyzw_n(spconv_real *res,
                                             const spconv_real *q_xyzw, size_t n) {
  size_t i;
  for (i = 0; i < n; ++i) spconv_quat_wxyz_from_xyzw(res + 4 * i, q_xyzw + 4 * i);
}

/* n contiguous quaternions (4n reals), wxyz -> xyzw; res may equal q_wxyz. */
SPCONV_API void spconv_quat_xyzw_from_wxyz_n(spconv_real *res,
                                             const spconv_real *q_wxyz, size_t n) {
  size_t i;
  for (i = 0; i < n; ++i) spconv_quat_xyzw_from_wxyz(res + 4 * i, q_wxyz + 4 * i);
}

/* res = q v q^-1: v rotated by q stored (w, x, y, z); q need not be unit. */
SPCONV_API void spconv_quat_rotate_wxyz(spconv_real res[3], const spconv_real q_wxyz[4],
                                        const spconv_real v[3]) {
  spconv__quat_rotate(res, q_wxyz[0], q_wxyz[1], q_wxyz[2], q_wxyz[3], v);
}

/* res = q v q^-1: v rotated by q stored (x, y, z, w); q need not be unit. */
SPCONV_API void spconv_quat_rotate_xyzw(spconv_real res[3], const spconv_real q_xyzw[4],
                                        const spconv_real v[3]) {
  spconv__quat_rotate(res, q_xyzw[3], q_xyzw[0], q_xyzw[1], q_xyzw[2], v);
}

/* res = a b (Hamilton product, wxyz): rotating by res is rotating by b,
   then by a. res = (aw bw - av.bv, aw bv + bw av + av x bv). */
SPCONV_API void spconv_quat_mul_wxyz(spconv_real res[4], const spconv_real a[4],
                                     const spconv_real b[4]) {
  spconv_real w = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
  spconv_real x = a[0] * b[1] + b[0] * a[1] + a[2] * b[3] - a[3] * b[2];
  spconv_real y = a[0] * b[2] + b[0] * a[2] + a[3] * b[1] - a[1] * b[3];
  spconv_real z = a[0] * b[3] + b[0] * a[3] + a[1] * b[2] - a[2] * b[1];
  res[0] = w;
  res[1] = x;
  res[2] = y;
  res[3] = z;
}

/* res = (w, -x, -y, -z): the conjugate, the inverse rotation of q. */
SPCONV_API void spconv_quat_conj_wxyz(spconv_real res[4], const spconv_real q_wxyz[4]) {
  res[0] = q_wxyz[0];
  res[1] = -q_wxyz[1];
  res[2] = -q_wxyz[2];
  res[3] = -q_wxyz[3];
}

/* --------------------------------------------------------- spatial vectors */

/* Twist [v; w] at point A -> twist at B, r = p_B - p_A (same axes as the
   twist): v_B = v_A + w x r, w unchanged. */
SPCONV_API void spconv_twist_shift(spconv_real res[6], const spconv_real twist[6],
                                   const spconv_real r[3]) {
  spconv_real w0 = twist[3], w1 = twist[4], w2 = twist[5];
  spconv_real v0 = twist[0] + w1 * r[2] - w2 * r[1];
  spconv_real v1 = twist[1] + w2 * r[0] - w0 * r[2];
  spconv_real v2 = twist[2] + w0 * r[1] - w1 * r[0];
  res[0] = v0;
  res[1] = v1;
  res[2] = v2;
  res[3] = w0;
  res[4] = w1;
  res[5] = w2;
}

/* Wrench [f; tau] about point A -> about B, r = p_B - p_A (same axes as
   the wrench): tau_B = tau_A - r x f, f unchanged. Power-dual of
   spconv_twist_shift: the power f.v + tau.w is unchanged. */
SPCONV_API void spconv_wrench_shift(spconv_real res[6], const spconv_real wrench[6],
                                    const spconv_real r[3]) {
  spconv_real f0 = wrench[0], f1 = wrench[1], f2 = wrench[2];
  spconv_real t0 = wrench[3] - (r[1] * f2 - r[2] * f1);
  spconv_real t1 = wrench[4] - (r[2] * f0 - r[0] * f2);
  spconv_real t2 = wrench[5] - (r[0] * f1 - r[1] * f0);
  res[0] = f0;
  res[1] = f1;
  res[2] = f2;
  res[3] = t0;
  res[4] = t1;
  res[5] = t2;
}

/* [a; b] -> [b; a]: linear-first <-> angular-first, for twists and wrenches. */
SPCONV_API void spconv_spatial_swap(spconv_real res[6], const spconv_real x[6]) {
  spconv_real a0 = x[0], a1 = x[1], a2 = x[2];
  res[0] = x[3];
  res[1] = x[4];
  res[2] = x[5];
  res[3] = a0;
  res[4] = a1;
  res[5] = a2;
}

/* [a; b] -> [R a; R b]: re-express a 6-vector in other axes (R row-major,
   maps the old axes to the new). The reference point does not move. */
SPCONV_API void spconv_spatial_rotate(spconv_real res[6], const spconv_real R[9],
                                      const spconv_real x[6]) {
  spconv_real a[3], b[3];
  spconv__mat_vec(a, R, x);
  spconv__mat_vec(b, R, x + 3);
  res[0] = a[0];
  res[1] = a[1];
  res[2] = a[2];
  res[3] = b[0];
  res[4] = b[1];
  res[5] = b[2];
}

/* Power f.v + tau.w of wrench [f; tau] on twist [v; w] (same point, axes). */
SPCONV_API spconv_real spconv_power(const spconv_real wrench[6], const spconv_real twist[6]) {
  return wrench[0] * twist[0] + wrench[1] * twist[1] + wrench[2] * twist[2] +
         wrench[3] * twist[3] + wrench[4] * twist[4] + wrench[5] * twist[5];
}

/* ------------------------------------------------------ MuJoCo free joint */
/* qvel = [v_O, world; w, body] (O = body origin = qpos[0:3]);
   twist = [v_C, world; w, world] (C = COM: Newton body_qd, Isaac, PhysX);
   quat_wxyz = qpos[3:7] (body -> world); ipos = body_ipos, COM in body axes;
   qfrc = free-joint generalized force, power-conjugate to qvel:
          [f, world; tau about O, body];
   wrench = [f, world; tau about C, world] (xfrc_applied, Newton body_f);
   cvel = [w; v] at subtree_com of the root body, world axes (angular first). */

/* COM twist [v_C; w] (world) from free-joint qvel [v_O, world; w, body]:
   w_W = R w_B, v_C = v_O + w_W x (R ipos). */
SPCONV_API void spconv_twist_from_mujoco_qvel(spconv_real res[6], const spconv_real qvel[6],
                                              const spconv_real quat_wxyz[4],
                                              const spconv_real ipos[3]) {
  spconv_real R[9], w[3], r[3], wxr[3];
  spconv__mat_from_quat(R, quat_wxyz);
  spconv__mat_vec(w, R, qvel + 3);
  spconv__mat_vec(r, R, ipos);
  spconv__cross(wxr, w, r);
  res[0] = qvel[0] + wxr[0];
  res[1] = qvel[1] + wxr[1];
  res[2] = qvel[2] + wxr[2];
  res[3] = w[0];
  res[4] = w[1];
  res[5] = w[2];
}

/* Free-joint qvel [v_O, world; w, body] from COM twist [v_C; w] (world):
   v_O = v_C - w_W x (R ipos), w_B = R^T w_W. */
SPCONV_API void spconv_mujoco_qvel_from_twist(spconv_real res[6], const spconv_real twist[6],
                                              const spconv_real quat_wxyz[4],
                                              const spconv_real ipos[3]) {
  spconv_real R[9], wb[3], r[3], wxr[3];
  spconv__mat_from_quat(R, quat_wxyz);
  spconv__mat_t_vec(wb, R, twist + 3);
  spconv__mat_vec(r, R, ipos);
  spconv__cross(wxr, twist + 3, r);
  res[0] = twist[0] - wxr[0];
  res[1] = twist[1] - wxr[1];
  res[2] = twist[2] - wxr[2];
  res[3] = wb[0];
  res[4] = wb[1];
  res[5] = wb[2];
}

/* Free-joint qfrc [f, world; tau_O, body] from COM wrench [f; tau_C] (world):
   tau_O = tau_C + (R ipos) x f, then rotated to body axes by R^T.
   Same as mj_applyFT at the COM; qfrc . qvel == wrench . twist. */
SPCONV_API void spconv_mujoco_qfrc_from_wrench(spconv_real res[6], const spconv_real wrench[6],
                                               const spconv_real quat_wxyz[4],
                                               const spconv_real ipos[3]) {
  spconv_real R[9], r[3], rxf[3], tau[3], taub[3];
  spconv__mat_from_quat(R, quat_wxyz);
  spconv__mat_vec(r, R, ipos);
  spconv__cross(rxf, r, wrench);
  tau[0] = wrench[3] + rxf[0];
  tau[1] = wrench[4] + rxf[1];
  tau[2] = wrench[5] + rxf[2];
  spconv__mat_t_vec(taub, R, tau);
  res[0] = wrench[0];
  res[1] = wrench[1];
  res[2] = wrench[2];
  res[3] = taub[0];
  res[4] = taub[1];
  res[5] = taub[2];
}

/* COM wrench [f; tau_C] (world) from free-joint qfrc [f, world; tau_O, body]:
   tau_C = R tau_O - (R ipos) x f. */
SPCONV_API void spconv_wrench_from_mujoco_qfrc(spconv_real res[6], const spconv_real qfrc[6],
                                               const spconv_real quat_wxyz[4],
                                               const spconv_real ipos[3]) {
  spconv_real R[9], r[3], rxf[3], tau[3];
  spconv__mat_from_quat(R, quat_wxyz);
  spconv__mat_vec(r, R, ipos);
  spconv__mat_vec(tau, R, qfrc + 3);
  spconv__cross(rxf, r, qfrc);
  res[0] = qfrc[0];
  res[1] = qfrc[1];
  res[2] = qfrc[2];
  res[3] = tau[0] - rxf[0];
  res[4] = tau[1] - rxf[1];
  res[5] = tau[2] - rxf[2];
}

/* Twist [v_P; w] (world) of a body at world point P (e.g. xipos for the
   COM, xpos for the origin) from its cvel [w; v] (world, at subtree_com =
   d->subtree_com of the body's root): v_P = v + w x (P - subtree_com). */
SPCONV_API void spconv_twist_from_mujoco_cvel(spconv_real res[6], const spconv_real cvel[6],
                                              const spconv_real point[3],
                                              const spconv_real subtree_com[3]) {
  spconv_real r[3], twist[6];
  r[0] = point[0] - subtree_com[0];
  r[1] = point[1] - subtree_com[1];
  r[2] = point[2] - subtree_com[2];
  spconv_spatial_swap(twist, cvel);
  spconv_twist_shift(res, twist, r);
}

/* ------------------------------------------------------------ SAP boundary */
/* r_oc = C - O: body origin O to COM C, world axes (r_oc = R com_body).
   public twist [v_C; w], sap twist [w; v_O]        (u_sap = P_v u_public)
   public wrench [f; tau_C], sap wrench [tau_O; f]  (g_sap = P_f g_public)
   P_v = [0 I; I [r]x], P_f = [[r]x I; I 0] = P_v^-T, so g_sap.u_sap ==
   g_public.u_public. Body forces enter SAP's residual negated: -P_f F. */

/* sap twist [w; v_O] from public twist [v_C; w]: v_O = v_C + r_oc x w. */
SPCONV_API void spconv_sap_twist_from_public(spconv_real res[6], const spconv_real u_public[6],
                                             const spconv_real r_oc[3]) {
  spconv_real r[3];
  r[0] = -r_oc[0];
  r[1] = -r_oc[1];
  r[2] = -r_oc[2];
  spconv_twist_shift(res, u_public, r);
  spconv_spatial_swap(res, res);
}

/* public twist [v_C; w] from sap twist [w; v_O]: v_C = v_O + w x r_oc. */
SPCONV_API void spconv_public_twist_from_sap(spconv_real res[6], const spconv_real u_sap[6],
                                             const spconv_real r_oc[3]) {
  spconv_real r[3]; /* copied first: res may alias r_oc */
  r[0] = r_oc[0];
  r[1] = r_oc[1];
  r[2] = r_oc[2];
  spconv_spatial_swap(res, u_sap);
  spconv_twist_shift(res, res, r);
}

/* sap wrench [tau_O; f] from public wrench [f; tau_C]: tau_O = tau_C + r_oc x f. */
SPCONV_API void spconv_sap_wrench_from_public(spconv_real res[6], const spconv_real g_public[6],
                                              const spconv_real r_oc[3]) {
  spconv_real r[3];
  r[0] = -r_oc[0];
  r[1] = -r_oc[1];
  r[2] = -r_oc[2];
  spconv_wrench_shift(res, g_public, r);
  spconv_spatial_swap(res, res);
}

/* public wrench [f; tau_C] from sap wrench [tau_O; f]: tau_C = tau_O - r_oc x f. */
SPCONV_API void spconv_public_wrench_from_sap(spconv_real res[6], const spconv_real g_sap[6],
                                              const spconv_real r_oc[3]) {
  spconv_real r[3]; /* copied first: res may alias r_oc */
  r[0] = r_oc[0];
  r[1] = r_oc[1];
  r[2] = r_oc[2];
  spconv_spatial_swap(res, g_sap);
  spconv_wrench_shift(res, res, r);
}

/* SAP internal body-force residual from a public body wrench [f; tau_C]:
   res = -P_f f_public = [-(tau_C + r_oc x f); -f]. */
SPCONV_API void spconv_sap_body_force_from_public(spconv_real res[6],
                                                  const spconv_real f_public[6],
                                                  const spconv_real r_oc[3]) {
  int i;
  spconv_sap_wrench_from_public(res, f_public, r_oc);
  for (i = 0; i < 6; ++i) res[i] = -res[i];
}

/* Public body wrench [f; tau_C] from SAP's internal residual [-tau_O; -f]:
   res = -P_f^-1 f_sap. */
SPCONV_API void spconv_public_body_force_from_sap(spconv_real res[6],
                                                  const spconv_real f_sap[6],
                                                  const spconv_real r_oc[3]) {
  int i;
  spconv_public_wrench_from_sap(res, f_sap, r_oc);
  for (i = 0; i < 6; ++i) res[i] = -res[i];
}

/* sets the diagonal of 3x3 block (bi, bj) of a 6x6 to 1 (the rest of the block untouched) */
SPCONV_API void spconv__block_identity(spconv_real res[36], int bi, int bj) {
  int k;
  for (k = 0; k < 3; ++k) res[(3 * bi + k) * 6 + 3 * bj + k] = SPCONV__R(1);
}

/* 3x3 block (bi, bj) of a 6x6 = [r]x, the matrix with [r]x b = r x b. */
SPCONV_API void spconv__block_skew(spconv_real res[36], int bi, int bj,
                                   const spconv_real r[3]) {
  spconv_real *m = res + 3 * bi * 6 + 3 * bj;
  m[0 * 6 + 0] = SPCONV__R(0);
  m[0 * 6 + 1] = -r[2];
  m[0 * 6 + 2] = r[1];
  m[1 * 6 + 0] = r[2];
  m[1 * 6 + 1] = SPCONV__R(0);
  m[1 * 6 + 2] = -r[0];
  m[2 * 6 + 0] = -r[1];
  m[2 * 6 + 1] = r[0];
  m[2 * 6 + 2] = SPCONV__R(0);
}

/* P_v = [0 I; I [r_oc]x] (row-major 6x6): u_sap = P_v u_public. */
SPCONV_API void spconv_sap_twist_matrix(spconv_real res[36], const spconv_real r_oc[3]) {
  spconv_real r[3]; /* copied first: res may alias r_oc */
  int i;
  r[0] = r_oc[0];
  r[1] = r_oc[1];
  r[2] = r_oc[2];
  for (i = 0; i < 36; ++i) res[i] = SPCONV__R(0);
  spconv__block_identity(res, 0, 1);
  spconv__block_identity(res, 1, 0);
  spconv__block_skew(res, 1, 1, r);
}

/* P_f = [[r_oc]x I; I 0] = P_v^-T (row-major 6x6): g_sap = P_f g_public. */
SPCONV_API void spconv_sap_wrench_matrix(spconv_real res[36], const spconv_real r_oc[3]) {
  spconv_real r[3]; /* copied first: res may alias r_oc */
  int i;
  r[0] = r_oc[0];
  r[1] = r_oc[1];
  r[2] = r_oc[2];
  for (i = 0; i < 36; ++i) res[i] = SPCONV__R(0);
  spconv__block_skew(res, 0, 0, r);
  spconv__block_identity(res, 0, 1);
  spconv__block_identity(res, 1, 0);
}

/* ----------------------------------------------------------------- up axis */

/* World up axis; values match Newton's Axis (X = 0, Y = 1, Z = 2). */
typedef enum spconv_axis {
  SPCONV_AXIS_X = 0,
  SPCONV_AXIS_Y = 1,
  SPCONV_AXIS_Z = 2
} spconv_axis;

/* 1 if axis is X, Y or Z */
SPCONV_API int spconv__axis_valid(spconv_axis axis) {
  return (int)axis >= 0 && (int)axis <= 2;
}

/* k = e_from x e_to, the unit axis of the +90 degree up-axis rotation
   (zero when from == to). */
SPCONV_API void spconv__up_axis_rotation_axis(spconv_real k[3], spconv_axis from_up,
                                              spconv_axis to_up) {
  int a = (int)from_up, b = (int)to_up;
  k[0] = k[1] = k[2] = SPCONV__R(0);
  if (a != b) {
    /* e_a x e_b = +e_c for cyclic (a, b, c), -e_c otherwise */
    k[3 - a - b] = (b - a + 3) % 3 == 1 ? SPCONV__R(1) : SPCONV__R(-1);
  }
}

/* res = the proper rotation (row-major) by +90 degrees about from_up x to_up
   (identity when equal): v_to = res v_from, and res e_from = e_to.
   Y-up -> Z-up maps (x, y, z) to (x, -z, y) (Blender's glTF "Y up, -Z
   forward" export, Genesis and Newton importers). For a unit axis k and a
   quarter turn, Rodrigues' formula reduces to R = k k^T + [k]x.
   SPCONV_EINVAL (res untouched) for an unknown axis value. */
SPCONV_API int spconv_up_axis_matrix(spconv_real res[9], spconv_axis from_up,
                                     spconv_axis to_up) {
  spconv_real k[3];
  int i, j;
  if (!spconv__axis_valid(from_up) || !spconv__axis_valid(to_up)) return SPCONV_EINVAL;
  spconv__up_axis_rotation_axis(k, from_up, to_up);
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) res[3 * i + j] = k[i] * k[j];
  if (from_up == to_up) {
    res[0] = res[4] = res[8] = SPCONV__R(1);
    return SPCONV_OK;
  }
  res[1] -= k[2];
  res[2] += k[1];
  res[3] += k[2];
  res[5] -= k[0];
  res[6] -= k[1];
  res[7] += k[0];
  return SPCONV_OK;
}

/* res = the same rotation as spconv_up_axis_matrix as a unit quaternion
   (w, x, y, z) = (cos 45, sin 45 k); (1, 0, 0, 0) when equal.
   SPCONV_EINVAL (res untouched) for an unknown axis value. */
SPCONV_API int spconv_up_axis_quat_wxyz(spconv_real res[4], spconv_axis from_up,
                                        spconv_axis to_up) {
  const spconv_real h = SPCONV__R(0.70710678118654752440); /* sqrt(1/2) */
  spconv_real k[3];
  if (!spconv__axis_valid(from_up) || !spconv__axis_valid(to_up)) return SPCONV_EINVAL;
  spconv__up_axis_rotation_axis(k, from_up, to_up);
  if (from_up == to_up) {
    res[0] = SPCONV__R(1);
    res[1] = res[2] = res[3] = SPCONV__R(0);
    return SPCONV_OK;
  }
  res[0] = h;
  res[1] = h * k[0];
  res[2] = h * k[1];
  res[3] = h * k[2];
  return SPCONV_OK;
}

/* res = gravity vector for a world whose up is +up: -magnitude along up
   (magnitude 9.81 gives (0, 0, -9.81) for Z-up).
   SPCONV_EINVAL (res untouched) for an unknown axis value. */
SPCONV_API int spconv_gravity(spconv_real res[3], spconv_axis up, spconv_real magnitude) {
  if (!spconv__axis_valid(up)) return SPCONV_EINVAL;
  res[0] = res[1] = res[2] = SPCONV__R(0);
  res[(int)up] = -magnitude;
  return SPCONV_OK;
}

/* ============================================================= rotations */
/* Quaternion algebra, matrices, axis-angle and rotation vectors, Euler
   angles, 6D representations, angular velocity from quaternions.

   Conventions of this section (see docs/rotations.md for every tool's name):
   - Quaternions are wxyz, active (v' = q v q^-1), any nonzero norm; q and
     -q are the same rotation. Functions that return int refuse a zero or
     non-finite quaternion with SPCONV_EDEGENERATE (res untouched); pure maps
     treat the zero quaternion as the identity and propagate NaN.
   - Matrices are flat row-major [9]. spconv_mat_from_quat_wxyz(R, q) gives
     the matrix whose columns are the body axes in world axes: R v_body =
     v_world. That is MuJoCo's xmat (which Ptera's docs call the passive
     body-to-world matrix R_pas_B_to_E; the active rotation of q and this
     passive body-to-world matrix are the same numbers). Its transpose
     (spconv_mat_transpose) maps world to body.
   - A matrix is accepted as a rotation when every entry of R R^T - I is at
     most SPCONV_ROTATION_TOL in magnitude and det R > 0 (reflections and
     shears are refused with SPCONV_EINVAL, as are non-finite entries).
   - Angles are radians; spconv_rad_from_deg and friends convert. */

/* |R R^T - I| bound for accepting a matrix as a rotation; override before
   the include. Default 1e-6 (double), 1e-5 (float). */
#ifndef SPCONV_ROTATION_TOL
#  ifdef SPCONV_USE_FLOAT
#    define SPCONV_ROTATION_TOL 1e-5f
#  else
#    define SPCONV_ROTATION_TOL 1e-6
#  endif
#endif

#define SPCONV__PI SPCONV__R(3.14159265358979323846)
/* machine epsilon of spconv_real */
#ifdef SPCONV_USE_FLOAT
#  define SPCONV__EPS SPCONV__R(1.1920928955078125e-7)
#else
#  define SPCONV__EPS SPCONV__R(2.220446049250313080847e-16)
#endif
/* Euler angles: the middle angle counts as locked within this many radians
   (16 epsilons: the first and third angles are then numerically one). */
#define SPCONV__GIMBAL_EPS (SPCONV__R(16) * SPCONV__EPS)

/* 1 when x is finite. x - x is NaN for inf and NaN, and NaN != NaN.
   (-ffast-math may fold this to 1: do not build with it if you rely on
   non-finite inputs being refused.) */
SPCONV_API int spconv__finite(spconv_real x) {
  spconv_real d = x - x;
  return d == d;
}

/* max |v_i| of n reals (NaN entries are skipped by the comparison) */
SPCONV_API spconv_real spconv__max_abs(const spconv_real *v, int n) {
  spconv_real m = SPCONV__R(0);
  int i;
  for (i = 0; i < n; ++i) {
    spconv_real a = SPCONV_FABS(v[i]);
    if (a > m) m = a;
  }
  return m;
}

/* res = q / |q|, computed as (q / max|q_i|) / |q / max|q_i||, which neither
   overflows nor underflows. Returns 0 (res untouched) for a zero or
   non-finite q. res may alias q. */
SPCONV_API int spconv__quat_unit(spconv_real res[4], const spconv_real q[4]) {
  spconv_real m = spconv__max_abs(q, 4), w, x, y, z, n;
  int i;
  for (i = 0; i < 4; ++i)
    if (!spconv__finite(q[i])) return 0;
  if (!(m > SPCONV__R(0))) return 0;
  w = q[0] / m;
  x = q[1] / m;
  y = q[2] / m;
  z = q[3] / m;
  n = SPCONV_SQRT(w * w + x * x + y * y + z * z);
  res[0] = w / n;
  res[1] = x / n;
  res[2] = y / n;
  res[3] = z / n;
  return 1;
}

/* res = q / |q| for pure maps: the zero quaternion gives the identity,
   NaN and inf propagate. res may alias q. */
SPCONV_API void spconv__quat_unit_or_identity(spconv_real res[4], const spconv_real q[4]) {
  spconv_real m = spconv__max_abs(q, 4), w, x, y, z, n;
  if (m == SPCONV__R(0) && q[0] == q[0] && q[1] == q[1] && q[2] == q[2] && q[3] == q[3]) {
    res[0] = SPCONV__R(1);
    res[1] = res[2] = res[3] = SPCONV__R(0);
    return;
  }
  w = q[0] / m;
  x = q[1] / m;
  y = q[2] / m;
  z = q[3] / m;
  n = SPCONV_SQRT(w * w + x * x + y * y + z * z);
  res[0] = w / n;
  res[1] = x / n;
  res[2] = y / n;
  res[3] = z / n;
}

/* |v| of a 3-vector without overflow or underflow (0 for the zero vector) */
SPCONV_API spconv_real spconv__norm3(const spconv_real v[3]) {
  spconv_real m = spconv__max_abs(v, 3), x, y, z;
  if (m == SPCONV__R(0)) return v[0] + v[1] + v[2]; /* 0, or NaN for NaN input */
  x = v[0] / m;
  y = v[1] / m;
  z = v[2] / m;
  return m * SPCONV_SQRT(x * x + y * y + z * z);
}

/* a in (-pi, pi] for a in [-3 pi, 3 pi] */
SPCONV_API spconv_real spconv__wrap_pi(spconv_real a) {
  if (a > SPCONV__PI) a -= SPCONV__R(2) * SPCONV__PI;
  else if (a <= -SPCONV__PI) a += SPCONV__R(2) * SPCONV__PI;
  return a;
}

/* ------------------------------------------------------ quaternion algebra */

/* res = q^-1 = conj(q) / |q|^2 (wxyz). For a unit q this is the conjugate;
   the zero quaternion maps to itself (it acts as the identity). */
SPCONV_API void spconv_quat_inv_wxyz(spconv_real res[4], const spconv_real q_wxyz[4]) {
  spconv_real w = q_wxyz[0], x = q_wxyz[1], y = q_wxyz[2], z = q_wxyz[3];
  spconv_real s = SPCONV__R(0.5) * spconv__quat_scale(w, x, y, z); /* 1/|q|^2 or 0 */
  res[0] = s * w;
  res[1] = -s * x;
  res[2] = -s * y;
  res[3] = -s * z;
}

/* res = q / |q| (wxyz). SPCONV_EDEGENERATE (res untouched) for a zero or
   non-finite q. Does not change the sign (see spconv_quat_canonical_wxyz). */
SPCONV_API int spconv_quat_normalize_wxyz(spconv_real res[4], const spconv_real q_wxyz[4]) {
  return spconv__quat_unit(res, q_wxyz) ? SPCONV_OK : SPCONV_EDEGENERATE;
}

/* res = q or -q, whichever has w > 0; when w == 0 the first nonzero of
   x, y, z is made positive (SciPy's canonical=True rule). Only the sign
   changes: the norm is kept. The zero quaternion and NaN stay as they are. */
SPCONV_API void spconv_quat_canonical_wxyz(spconv_real res[4], const spconv_real q_wxyz[4]) {
  spconv_real w = q_wxyz[0], x = q_wxyz[1], y = q_wxyz[2], z = q_wxyz[3];
  int flip;
  if (w != SPCONV__R(0)) flip = w < SPCONV__R(0);
  else if (x != SPCONV__R(0)) flip = x < SPCONV__R(0);
  else if (y != SPCONV__R(0)) flip = y < SPCONV__R(0);
  else flip = z < SPCONV__R(0);
  if (flip) {
    w = -w;
    x = -x;
    y = -y;
    z = -z;
  }
  res[0] = w;
  res[1] = x;
  res[2] = y;
  res[3] = z;
}

/* res = the rotation a fraction t of the way from a to b along the shortest
   arc (t = 0: a, t = 1: b, unit wxyz; b is negated when a.b < 0). Inputs
   need not be unit; a zero input acts as the identity. */
SPCONV_API void spconv_quat_slerp_wxyz(spconv_real res[4], const spconv_real a[4],
                                       const spconv_real b[4], spconv_real t) {
  spconv_real qa[4], qb[4], d[4], s[4], nd, ns, om, wa, wb, so;
  int i;
  spconv__quat_unit_or_identity(qa, a);
  spconv__quat_unit_or_identity(qb, b);
  if (qa[0] * qb[0] + qa[1] * qb[1] + qa[2] * qb[2] + qa[3] * qb[3] < SPCONV__R(0))
    for (i = 0; i < 4; ++i) qb[i] = -qb[i];
  for (i = 0; i < 4; ++i) {
    d[i] = qa[i] - qb[i];
    s[i] = qa[i] + qb[i];
  }
  nd = SPCONV_SQRT(d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + d[3] * d[3]);
  ns = SPCONV_SQRT(s[0] * s[0] + s[1] * s[1] + s[2] * s[2] + s[3] * s[3]);
  om = SPCONV__R(2) * SPCONV_ATAN2(nd, ns); /* angle between qa and qb in R^4, [0, pi/2] */
  if (om == SPCONV__R(0)) {
    for (i = 0; i < 4; ++i) res[i] = qa[i];
    return;
  }
  so = SPCONV_SIN(om);
  wa = SPCONV_SIN((SPCONV__R(1) - t) * om) / so;
  wb = SPCONV_SIN(t * om) / so;
  for (i = 0; i < 4; ++i) s[i] = wa * qa[i] + wb * qb[i];
  spconv__quat_unit_or_identity(res, s);
}

/* The angle in [0, pi] of the rotation that takes a to b (the geodesic
   distance between two rotations; q and -q give 0). Computed as
   2 atan2(|r_xyz|, |r_w|), r = conj(a) b, accurate near 0 and near pi. */
SPCONV_API spconv_real spconv_quat_angle_wxyz(const spconv_real a[4], const spconv_real b[4]) {
  spconv_real qa[4], qb[4], r[4];
  spconv__quat_unit_or_identity(qa, a);
  spconv__quat_unit_or_identity(qb, b);
  spconv_quat_conj_wxyz(qa, qa);
  spconv_quat_mul_wxyz(r, qa, qb);
  return SPCONV__R(2) * SPCONV_ATAN2(spconv__norm3(r + 1), SPCONV_FABS(r[0]));
}

/* -------------------------------------------------------------- matrices */

/* res = the rotation matrix of q (row-major; q need not be unit): columns
   are the body axes in world axes, R v = q v q^-1. Equals MuJoCo's
   mju_quat2Mat and its xmat for q = xquat. */
SPCONV_API void spconv_mat_from_quat_wxyz(spconv_real res[9], const spconv_real q_wxyz[4]) {
  spconv__mat_from_quat(res, q_wxyz);
}

/* res = R^T: the inverse rotation. For MuJoCo's xmat (body -> world) this
   is the world -> body matrix. */
SPCONV_API void spconv_mat_transpose(spconv_real res[9], const spconv_real R[9]) {
  spconv_real t[9];
  int i, j;
  for (i = 0; i < 9; ++i) t[i] = R[i];
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) res[3 * i + j] = t[3 * j + i];
}

/* 1 when R (row-major) is a rotation within SPCONV_ROTATION_TOL:
   max |(R R^T - I)_ij| <= tol and det R > 0 (false for NaN). */
SPCONV_API int spconv__is_rotation(const spconv_real R[9]) {
  int i, j;
  spconv_real det;
  for (i = 0; i < 3; ++i)
    for (j = i; j < 3; ++j) {
      spconv_real d = R[3 * i] * R[3 * j] + R[3 * i + 1] * R[3 * j + 1] +
                      R[3 * i + 2] * R[3 * j + 2] - (i == j ? SPCONV__R(1) : SPCONV__R(0));
      if (!(SPCONV_FABS(d) <= SPCONV__R(SPCONV_ROTATION_TOL))) return 0;
    }
  det = R[0] * (R[4] * R[8] - R[5] * R[7]) - R[1] * (R[3] * R[8] - R[5] * R[6]) +
        R[2] * (R[3] * R[7] - R[4] * R[6]);
  return det > SPCONV__R(0);
}

/* res = the unit quaternion (wxyz, canonical sign as spconv_quat_canonical_wxyz)
   of the rotation matrix R (row-major, columns = body axes in world, as
   MuJoCo's xmat). Shepperd's method: the largest of 4w^2 = 1 + tr R,
   4x^2 = 1 + R00 - R11 - R22, ... is taken from the diagonal and the others
   from off-diagonal sums and differences, so it is accurate for every
   rotation including 180 degrees. SPCONV_EINVAL (res untouched) when R is
   not a rotation within SPCONV_ROTATION_TOL (see the section comment). */
SPCONV_API int spconv_quat_wxyz_from_mat(spconv_real res[4], const spconv_real R[9]) {
  spconv_real d[4], q[4];
  int i, best = 0;
  if (!spconv__is_rotation(R)) return SPCONV_EINVAL;
  d[0] = SPCONV__R(1) + R[0] + R[4] + R[8]; /* 4 w^2 */
  d[1] = SPCONV__R(1) + R[0] - R[4] - R[8]; /* 4 x^2 */
  d[2] = SPCONV__R(1) - R[0] + R[4] - R[8]; /* 4 y^2 */
  d[3] = SPCONV__R(1) - R[0] - R[4] + R[8]; /* 4 z^2 */
  for (i = 1; i < 4; ++i)
    if (d[i] > d[best]) best = i;
  /* q = 4 q_best (w, x, y, z): the diagonal entry d[best] = 4 q_best^2, the
     others from R - R^T and R + R^T (4wx = R21 - R12, 4xy = R10 + R01, ...) */
  switch (best) {
    case 0:
      q[1] = R[7] - R[5]; /* 4 w x */
      q[2] = R[2] - R[6]; /* 4 w y */
      q[3] = R[3] - R[1]; /* 4 w z */
      break;
    case 1:
      q[0] = R[7] - R[5]; /* 4 w x */
      q[2] = R[1] + R[3]; /* 4 x y */
      q[3] = R[2] + R[6]; /* 4 x z */
      break;
    case 2:
      q[0] = R[2] - R[6]; /* 4 w y */
      q[1] = R[1] + R[3]; /* 4 x y */
      q[3] = R[5] + R[7]; /* 4 y z */
      break;
    default:
      q[0] = R[3] - R[1]; /* 4 w z */
      q[1] = R[2] + R[6]; /* 4 x z */
      q[2] = R[5] + R[7]; /* 4 y z */
      break;
  }
  q[best] = d[best];
  spconv__quat_unit(q, q);
  spconv_quat_canonical_wxyz(res, q);
  return SPCONV_OK;
}

/* det of a row-major 3x3 */
SPCONV_API spconv_real spconv__det3(const spconv_real M[9]) {
  return M[0] * (M[4] * M[8] - M[5] * M[7]) - M[1] * (M[3] * M[8] - M[5] * M[6]) +
         M[2] * (M[3] * M[7] - M[4] * M[6]);
}

/* res = the nearest rotation to R in the Frobenius norm (the orthogonal
   factor of the polar decomposition R = Q H), by Newton's iteration
   X <- (g X + X^-T / g) / 2 with Higham's scaling g = (|X^-1|_F/|X|_F)^(1/2).
   A scaled rotation c R (c > 0) gives R. SPCONV_EINVAL (res untouched) when
   det R < 0 (a reflection has no nearest rotation of the same handedness),
   SPCONV_EDEGENERATE when R is singular (|det R| <= eps |R|_F^3) or not finite. */
SPCONV_API int spconv_mat_orthonormalize(spconv_real res[9], const spconv_real R[9]) {
  spconv_real X[9], C[9], det, nx, ny, g, diff;
  int i, it;
  for (i = 0; i < 9; ++i) {
    if (!spconv__finite(R[i])) return SPCONV_EDEGENERATE;
    X[i] = R[i];
  }
  nx = spconv__max_abs(X, 9);
  if (nx == SPCONV__R(0)) return SPCONV_EDEGENERATE;
  for (i = 0; i < 9; ++i) X[i] /= nx; /* scale-free: entries in [-1, 1] */
  det = spconv__det3(X);
  nx = SPCONV__R(0);
  for (i = 0; i < 9; ++i) nx += X[i] * X[i];
  if (SPCONV_FABS(det) <= SPCONV__EPS * nx * SPCONV_SQRT(nx)) return SPCONV_EDEGENERATE;
  if (det < SPCONV__R(0)) return SPCONV_EINVAL;
  for (it = 0; it < 100; ++it) {
    det = spconv__det3(X);
    /* C = X^-T = cofactor matrix / det */
    C[0] = (X[4] * X[8] - X[5] * X[7]) / det;
    C[1] = (X[5] * X[6] - X[3] * X[8]) / det;
    C[2] = (X[3] * X[7] - X[4] * X[6]) / det;
    C[3] = (X[2] * X[7] - X[1] * X[8]) / det;
    C[4] = (X[0] * X[8] - X[2] * X[6]) / det;
    C[5] = (X[1] * X[6] - X[0] * X[7]) / det;
    C[6] = (X[1] * X[5] - X[2] * X[4]) / det;
    C[7] = (X[2] * X[3] - X[0] * X[5]) / det;
    C[8] = (X[0] * X[4] - X[1] * X[3]) / det;
    nx = ny = SPCONV__R(0);
    for (i = 0; i < 9; ++i) {
      nx += X[i] * X[i];
      ny += C[i] * C[i];
    }
    g = SPCONV_SQRT(SPCONV_SQRT(ny / nx));
    diff = SPCONV__R(0);
    for (i = 0; i < 9; ++i) {
      spconv_real x = SPCONV__R(0.5) * (g * X[i] + C[i] / g);
      diff += (x - X[i]) * (x - X[i]);
      X[i] = x;
    }
    if (diff <= SPCONV__R(16) * SPCONV__EPS * SPCONV__EPS) break; /* converged quadratically */
  }
  for (i = 0; i < 9; ++i) res[i] = X[i];
  return SPCONV_OK;
}

/* ------------------------------------------ axis-angle and rotation vector */

/* res = the rotation by angle (radians, right-handed) about axis, which need
   not be unit (it is normalized; MuJoCo's mju_axisAngle2Quat assumes a unit
   axis). A zero axis gives the identity. */
SPCONV_API void spconv_quat_wxyz_from_axis_angle(spconv_real res[4], const spconv_real axis[3],
                                                 spconv_real angle) {
  spconv_real n = spconv__norm3(axis), s, x, y, z;
  if (n == SPCONV__R(0)) {
    res[0] = SPCONV__R(1);
    res[1] = res[2] = res[3] = SPCONV__R(0);
    return;
  }
  s = SPCONV_SIN(SPCONV__R(0.5) * angle) / n;
  x = s * axis[0];
  y = s * axis[1];
  z = s * axis[2];
  res[0] = SPCONV_COS(SPCONV__R(0.5) * angle);
  res[1] = x;
  res[2] = y;
  res[3] = z;
}

/* axis (unit) and *angle in [0, pi] of q (wxyz, any nonzero norm), from the
   canonical sign of q: angle = 2 atan2(|xyz|, w), accurate near 0 and pi.
   The identity gives axis (1, 0, 0), angle 0. At exactly 180 degrees the
   axis has its first nonzero component positive. SPCONV_EDEGENERATE
   (outputs untouched) for a zero or non-finite q. */
SPCONV_API int spconv_axis_angle_from_quat_wxyz(spconv_real axis[3], spconv_real *angle,
                                                const spconv_real q_wxyz[4]) {
  spconv_real q[4], n;
  if (!spconv__quat_unit(q, q_wxyz)) return SPCONV_EDEGENERATE;
  spconv_quat_canonical_wxyz(q, q);
  n = spconv__norm3(q + 1);
  if (n == SPCONV__R(0)) {
    axis[0] = SPCONV__R(1);
    axis[1] = axis[2] = SPCONV__R(0);
    *angle = SPCONV__R(0);
    return SPCONV_OK;
  }
  *angle = SPCONV__R(2) * SPCONV_ATAN2(n, q[0]);
  axis[0] = q[1] / n;
  axis[1] = q[2] / n;
  axis[2] = q[3] / n;
  return SPCONV_OK;
}

/* res = exp(rv / 2): the rotation by |rv| radians about rv (rotation vector,
   also "axis-angle" in SONIC's pose_aa and SciPy's from_rotvec). Unit, w >= 0
   for |rv| <= pi. Accurate near 0 (series for |rv| < 1e-4). */
SPCONV_API void spconv_quat_wxyz_from_rotvec(spconv_real res[4], const spconv_real rv[3]) {
  spconv_real th = spconv__norm3(rv), k, x, y, z;
  if (th < SPCONV__R(1e-4)) /* sin(th/2)/th = 1/2 - th^2/48 + th^4/3840 - ... */
    k = SPCONV__R(0.5) - th * th / SPCONV__R(48);
  else
    k = SPCONV_SIN(SPCONV__R(0.5) * th) / th;
  x = k * rv[0];
  y = k * rv[1];
  z = k * rv[2];
  res[0] = SPCONV_COS(SPCONV__R(0.5) * th);
  res[1] = x;
  res[2] = y;
  res[3] = z;
}

/* res = the rotation vector of q (wxyz, any norm): angle * axis with
   |res| <= pi (the shortest of q and -q), as SciPy's as_rotvec and MuJoCo's
   mju_quat2Vel(res, q, 1). At exactly pi the sign follows
   spconv_quat_canonical_wxyz. The zero quaternion gives 0. */
SPCONV_API void spconv_rotvec_from_quat_wxyz(spconv_real res[3], const spconv_real q_wxyz[4]) {
  spconv_real q[4], n, k;
  spconv__quat_unit_or_identity(q, q_wxyz);
  spconv_quat_canonical_wxyz(q, q);
  n = spconv__norm3(q + 1);
  /* 2 atan2(n, w) / n: for small n, atan2(n, w) ~ n / w, no cancellation */
  k = n > SPCONV__R(0) ? SPCONV__R(2) * SPCONV_ATAN2(n, q[0]) / n : SPCONV__R(2);
  res[0] = k * q[1];
  res[1] = k * q[2];
  res[2] = k * q[3];
}

/* ----------------------------------------------------------- Euler angles */

/* The 12 axis sequences. angles[i] is the angle about the i-th letter. */
typedef enum spconv_euler_seq {
  SPCONV_EULER_XYZ = 0,
  SPCONV_EULER_XZY = 1,
  SPCONV_EULER_YXZ = 2,
  SPCONV_EULER_YZX = 3,
  SPCONV_EULER_ZXY = 4,
  SPCONV_EULER_ZYX = 5,
  SPCONV_EULER_XYX = 6,
  SPCONV_EULER_XZX = 7,
  SPCONV_EULER_YXY = 8,
  SPCONV_EULER_YZY = 9,
  SPCONV_EULER_ZXZ = 10,
  SPCONV_EULER_ZYZ = 11
} spconv_euler_seq;

/* Extrinsic: rotations about the fixed (parent/world) axes, first letter
   first: R = R_3(c) R_2(b) R_1(a) (SciPy lowercase "xyz", MuJoCo uppercase
   "XYZ", URDF rpy). Intrinsic: about the axes of the rotating frame:
   R = R_1(a) R_2(b) R_3(c) (SciPy uppercase "XYZ", MuJoCo lowercase "xyz"). */
typedef enum spconv_euler_kind {
  SPCONV_EXTRINSIC = 0,
  SPCONV_INTRINSIC = 1
} spconv_euler_kind;

/* axes (0 = x, 1 = y, 2 = z) of a sequence; 0 for an unknown value (ax is
   written on every path, which keeps -Wmaybe-uninitialized quiet at any -O) */
SPCONV_API int spconv__euler_axes(spconv_euler_seq seq, int ax[3]) {
  int a = 0, b = 0, c = 0, ok = 1;
  switch (seq) {
    case SPCONV_EULER_XYZ: a = 0; b = 1; c = 2; break;
    case SPCONV_EULER_XZY: a = 0; b = 2; c = 1; break;
    case SPCONV_EULER_YXZ: a = 1; b = 0; c = 2; break;
    case SPCONV_EULER_YZX: a = 1; b = 2; c = 0; break;
    case SPCONV_EULER_ZXY: a = 2; b = 0; c = 1; break;
    case SPCONV_EULER_ZYX: a = 2; b = 1; c = 0; break;
    case SPCONV_EULER_XYX: a = 0; b = 1; c = 0; break;
    case SPCONV_EULER_XZX: a = 0; b = 2; c = 0; break;
    case SPCONV_EULER_YXY: a = 1; b = 0; c = 1; break;
    case SPCONV_EULER_YZY: a = 1; b = 2; c = 1; break;
    case SPCONV_EULER_ZXZ: a = 2; b = 0; c = 2; break;
    case SPCONV_EULER_ZYZ: a = 2; b = 1; c = 2; break;
    default: ok = 0; break;
  }
  ax[0] = a;
  ax[1] = b;
  ax[2] = c;
  return ok;
}

/* the sequence with axes (a, b, c), or -1 when a == b or b == c. Within a
   first axis the enum lists the smaller second axis first. */
SPCONV_API int spconv__euler_seq_from_axes(int a, int b, int c) {
  int second = b > 3 - a - b ? 1 : 0;
  if (a == b || b == c) return -1;
  return (a == c ? 6 : 0) + 2 * a + second;
}

SPCONV_API int spconv__euler_kind_valid(spconv_euler_kind kind) {
  return kind == SPCONV_EXTRINSIC || kind == SPCONV_INTRINSIC;
}

/* res = (cos(angle/2), sin(angle/2) e_axis) */
SPCONV_API void spconv__quat_about_axis(spconv_real res[4], int axis, spconv_real angle) {
  res[0] = SPCONV_COS(SPCONV__R(0.5) * angle);
  res[1] = res[2] = res[3] = SPCONV__R(0);
  res[1 + axis] = SPCONV_SIN(SPCONV__R(0.5) * angle);
}

/* Angles (a, b, c) of R = R_i(a) R_j(b) R_k(c) (intrinsic, k == i allowed)
   from a unit q. With A, B, C the half angles and e_i x e_j = s e_l:
     proper (k == i):  q = (cB cos(A+C), e_i cB sin(A+C), e_j sB cos(A-C),
                            e_l s sB sin(A-C))
     Tait-Bryan:       (w + s q_j, q_i + q_k) = (cB + s sB) (cos, sin)(A+C),
                       (w - s q_j, q_i - q_k) = (cB - s sB) (cos, sin)(A-C)
   (multiply out q_i(a) q_j(b) q_k(c)). So A+C and A-C are atan2s of pairs
   whose lengths mp, mm give the middle angle, gamma = 2 atan2(mm, mp):
   proper b = gamma in [0, pi], Tait-Bryan b = s (pi/2 - gamma). Lock when
   gamma or pi - gamma is below SPCONV__GIMBAL_EPS: then the angle with the
   undetermined pair is set to 0 (zero_first: a, else c). */
SPCONV_API int spconv__euler_intrinsic(spconv_real res[3], const spconv_real q[4], int i,
                                       int j, int k, int zero_first) {
  int l = 3 - i - j;
  spconv_real s = (j - i + 3) % 3 == 1 ? SPCONV__R(1) : SPCONV__R(-1);
  spconv_real w = q[0], qi = q[1 + i], qj = q[1 + j], ql = q[1 + l];
  spconv_real pc, ps, mc, ms, mp, mm, tp, tm, g, gc, a, b, c;
  int status = SPCONV_OK;
  if (k == i) {
    pc = w;
    ps = qi;
    mc = qj;
    ms = s * ql;
  } else { /* k == l */
    pc = w + s * qj;
    ps = qi + ql;
    mc = w - s * qj;
    ms = qi - ql;
  }
  mp = SPCONV_SQRT(pc * pc + ps * ps);
  mm = SPCONV_SQRT(mc * mc + ms * ms);
  tp = SPCONV_ATAN2(ps, pc); /* (A + C) */
  tm = SPCONV_ATAN2(ms, mc); /* (A - C) */
  g = SPCONV__R(2) * SPCONV_ATAN2(mm, mp);
  gc = SPCONV__R(2) * SPCONV_ATAN2(mp, mm); /* pi - g, accurate near 0 */
  b = k == i ? g : s * (SPCONV__R(0.5) * (gc - g));
  if (g <= SPCONV__GIMBAL_EPS) { /* A - C undetermined */
    status = SPCONV_GIMBAL_LOCK;
    if (zero_first) {
      a = SPCONV__R(0);
      c = spconv__wrap_pi(SPCONV__R(2) * tp);
    } else {
      a = spconv__wrap_pi(SPCONV__R(2) * tp);
      c = SPCONV__R(0);
    }
  } else if (gc <= SPCONV__GIMBAL_EPS) { /* A + C undetermined */
    status = SPCONV_GIMBAL_LOCK;
    if (zero_first) {
      a = SPCONV__R(0);
      c = spconv__wrap_pi(SPCONV__R(-2) * tm);
    } else {
      a = spconv__wrap_pi(SPCONV__R(2) * tm);
      c = SPCONV__R(0);
    }
  } else {
    a = spconv__wrap_pi(tp + tm);
    c = spconv__wrap_pi(tp - tm);
  }
  res[0] = a;
  res[1] = b;
  res[2] = c;
  return status;
}

/* res = the quaternion (wxyz) of Euler angles (radians; angles[i] about the
   i-th axis of seq, SciPy's meaning): intrinsic q = q1(a) q2(b) q3(c),
   extrinsic q = q3(c) q2(b) q1(a), each q_n(t) = (cos t/2, sin t/2 e_n).
   The plain product is returned (no sign change), as SciPy's from_euler.
   SPCONV_EINVAL (res untouched) for an unknown seq or kind. */
SPCONV_API int spconv_quat_wxyz_from_euler(spconv_real res[4], const spconv_real angles[3],
                                           spconv_euler_seq seq, spconv_euler_kind kind) {
  int ax[3];
  spconv_real q1[4], q2[4], q3[4];
  if (!spconv__euler_axes(seq, ax) || !spconv__euler_kind_valid(kind)) return SPCONV_EINVAL;
  spconv__quat_about_axis(q1, ax[0], angles[0]);
  spconv__quat_about_axis(q2, ax[1], angles[1]);
  spconv__quat_about_axis(q3, ax[2], angles[2]);
  if (kind == SPCONV_INTRINSIC) {
    spconv_quat_mul_wxyz(q1, q1, q2);
    spconv_quat_mul_wxyz(res, q1, q3);
  } else {
    spconv_quat_mul_wxyz(q3, q3, q2);
    spconv_quat_mul_wxyz(res, q3, q1);
  }
  return SPCONV_OK;
}

/* res = Euler angles (radians, SciPy's meaning and ranges: Tait-Bryan middle
   angle in [-pi/2, pi/2], proper Euler middle angle in [0, pi], the others
   in (-pi, pi]) of q (wxyz, any nonzero norm). Computed from quaternion
   half-angle sums and differences (see spconv__euler_intrinsic), so the
   angles always rebuild q to rounding, also near gimbal lock.
   Returns SPCONV_GIMBAL_LOCK when the middle angle is within
   SPCONV__GIMBAL_EPS (16 epsilons) of a lock: then res[2] (the third angle
   in the order of seq) is 0 and res[0] carries the whole turn, as SciPy
   does (SciPy 1.10 flags within about 1e-7 rad; between the two this
   returns both angles, whose sum or difference is exact).
   SPCONV_EINVAL for an unknown seq or kind, SPCONV_EDEGENERATE for a zero or
   non-finite q (res untouched on errors). */
SPCONV_API int spconv_euler_from_quat_wxyz(spconv_real res[3], const spconv_real q_wxyz[4],
                                           spconv_euler_seq seq, spconv_euler_kind kind) {
  int ax[3], status;
  spconv_real q[4], e[3];
  if (!spconv__euler_axes(seq, ax) || !spconv__euler_kind_valid(kind)) return SPCONV_EINVAL;
  if (!spconv__quat_unit(q, q_wxyz)) return SPCONV_EDEGENERATE;
  if (kind == SPCONV_INTRINSIC) {
    status = spconv__euler_intrinsic(e, q, ax[0], ax[1], ax[2], 0);
    res[0] = e[0];
    res[1] = e[1];
    res[2] = e[2];
  } else { /* extrinsic (1, 2, 3) with (a, b, c) == intrinsic (3, 2, 1) with (c, b, a) */
    status = spconv__euler_intrinsic(e, q, ax[2], ax[1], ax[0], 1);
    res[0] = e[2];
    res[1] = e[1];
    res[2] = e[0];
  }
  return status;
}

/* res = the rotation matrix (row-major) of Euler angles; see
   spconv_quat_wxyz_from_euler. SPCONV_EINVAL for an unknown seq or kind. */
SPCONV_API int spconv_mat_from_euler(spconv_real res[9], const spconv_real angles[3],
                                     spconv_euler_seq seq, spconv_euler_kind kind) {
  spconv_real q[4] = {1, 0, 0, 0}; /* initialized: spares callers -Wmaybe-uninitialized */
  int status = spconv_quat_wxyz_from_euler(q, angles, seq, kind);
  if (status == SPCONV_OK) spconv__mat_from_quat(res, q);
  return status;
}

/* res = Euler angles of the rotation matrix R (row-major); see
   spconv_euler_from_quat_wxyz. SPCONV_EINVAL (res untouched) for an unknown
   seq or kind or when R is not a rotation within SPCONV_ROTATION_TOL. */
SPCONV_API int spconv_euler_from_mat(spconv_real res[3], const spconv_real R[9],
                                     spconv_euler_seq seq, spconv_euler_kind kind) {
  spconv_real q[4] = {1, 0, 0, 0};
  int ax[3];
  if (!spconv__euler_axes(seq, ax) || !spconv__euler_kind_valid(kind)) return SPCONV_EINVAL;
  if (spconv_quat_wxyz_from_mat(q, R) != SPCONV_OK) return SPCONV_EINVAL;
  return spconv_euler_from_quat_wxyz(res, q, seq, kind);
}

/* axis index of 'x'/'y'/'z' (any case), -1 otherwise; *upper = 1 for X/Y/Z */
SPCONV_API int spconv__axis_letter(char ch, int *upper) {
  *upper = ch == 'X' || ch == 'Y' || ch == 'Z';
  switch (ch) {
    case 'x': case 'X': return 0;
    case 'y': case 'Y': return 1;
    case 'z': case 'Z': return 2;
    default: return -1;
  }
}

/* parses 3 axis letters then the end of the string: axes, and case
   (0 all lowercase, 1 all uppercase, 2 mixed); 0 on a bad string */
SPCONV_API int spconv__parse_axes(const char *s, int ax[3], int *upper_case) {
  int i, up, n_up = 0;
  if (!s) return 0;
  for (i = 0; i < 3; ++i) {
    ax[i] = spconv__axis_letter(s[i], &up); /* s[i] == 0 stops here: no overrun */
    if (ax[i] < 0) return 0;
    n_up += up;
  }
  if (s[3] != '\0') return 0;
  *upper_case = n_up == 3 ? 1 : n_up == 0 ? 0 : 2;
  return 1;
}

/* SciPy's Rotation.from_euler / as_euler seq string: "XYZ" (uppercase) =
   intrinsic, "xyz" (lowercase) = extrinsic; exactly 3 letters, consecutive
   axes different. SPCONV_EINVAL (outputs untouched) for NULL, mixed case,
   other letters, other lengths or repeated consecutive axes. */
SPCONV_API int spconv_euler_parse_scipy(const char *s, spconv_euler_seq *seq,
                                        spconv_euler_kind *kind) {
  int ax[3], up, e;
  if (!seq || !kind || !spconv__parse_axes(s, ax, &up) || up == 2) return SPCONV_EINVAL;
  e = spconv__euler_seq_from_axes(ax[0], ax[1], ax[2]);
  if (e < 0) return SPCONV_EINVAL;
  *seq = (spconv_euler_seq)e;
  *kind = up ? SPCONV_INTRINSIC : SPCONV_EXTRINSIC;
  return SPCONV_OK;
}

/* MuJoCo's <compiler eulerseq="..."> (default "xyz"): lowercase letters are
   axes that rotate with the frame (intrinsic), uppercase fixed axes
   (extrinsic): the reverse of SciPy ("xyz" here is SciPy's "XYZ"; URDF rpy
   is "XYZ" here). MuJoCo also accepts mixed case and repeated axes, which no
   (seq, kind) pair expresses: those give SPCONV_EINVAL here (use
   spconv_quat_wxyz_from_mujoco_euler), as do bad strings. */
SPCONV_API int spconv_euler_parse_mujoco(const char *s, spconv_euler_seq *seq,
                                         spconv_euler_kind *kind) {
  int ax[3], up, e;
  if (!seq || !kind || !spconv__parse_axes(s, ax, &up) || up == 2) return SPCONV_EINVAL;
  e = spconv__euler_seq_from_axes(ax[0], ax[1], ax[2]);
  if (e < 0) return SPCONV_EINVAL;
  *seq = (spconv_euler_seq)e;
  *kind = up ? SPCONV_EXTRINSIC : SPCONV_INTRINSIC;
  return SPCONV_OK;
}

/* res = the quaternion MuJoCo's compiler makes from euler="a0 a1 a2" under
   eulerseq (radians: convert degrees, MuJoCo's default unit, with
   spconv_rad_from_deg3). Any 3 letters of xyzXYZ, mixed case and repeats
   included: starting from the identity, rotation n about its axis multiplies
   on the right for a lowercase letter (rotating axes) and on the left for an
   uppercase one (fixed axes), as MuJoCo 2.2.2 does (checked against its
   compiler). SPCONV_EINVAL (res untouched) for another string. */
SPCONV_API int spconv_quat_wxyz_from_mujoco_euler(spconv_real res[4],
                                                  const spconv_real angles[3],
                                                  const char *eulerseq) {
  int ax[3], up, i;
  spconv_real q[4], r[4];
  if (!spconv__parse_axes(eulerseq, ax, &up)) return SPCONV_EINVAL;
  q[0] = SPCONV__R(1);
  q[1] = q[2] = q[3] = SPCONV__R(0);
  for (i = 0; i < 3; ++i) {
    spconv__quat_about_axis(r, ax[i], angles[i]);
    if (eulerseq[i] >= 'a') spconv_quat_mul_wxyz(q, q, r);
    else spconv_quat_mul_wxyz(q, r, q);
  }
  for (i = 0; i < 4; ++i) res[i] = q[i];
  return SPCONV_OK;
}

/* ROS / URDF rpy = (roll, pitch, yaw) about the fixed x, y, z axes
   (extrinsic xyz): R = Rz(yaw) Ry(pitch) Rx(roll) (URDF <origin rpy>,
   tf2 Quaternion::setRPY, MuJoCo eulerseq "XYZ", SciPy "xyz"). */
SPCONV_API void spconv_quat_wxyz_from_urdf_rpy(spconv_real res[4], const spconv_real rpy[3]) {
  (void)spconv_quat_wxyz_from_euler(res, rpy, SPCONV_EULER_XYZ, SPCONV_EXTRINSIC);
}

/* res = (roll, pitch, yaw) of q (URDF / ROS rpy, extrinsic xyz), pitch in
   [-pi/2, pi/2]; status as spconv_euler_from_quat_wxyz (at gimbal lock
   yaw = 0). Also the inverse of Isaac Lab's quat_from_euler_xyz and of
   Drake's RollPitchYaw away from gimbal lock (same convention and ranges). */
SPCONV_API int spconv_urdf_rpy_from_quat_wxyz(spconv_real res[3], const spconv_real q_wxyz[4]) {
  return spconv_euler_from_quat_wxyz(res, q_wxyz, SPCONV_EULER_XYZ, SPCONV_EXTRINSIC);
}

/* Isaac Lab's isaaclab.utils.math.quat_from_euler_xyz(roll, pitch, yaw):
   extrinsic xyz despite the name's "XYZ convention" (its formula is
   q = qz(yaw) qy(pitch) qx(roll)), wxyz output, no sign change. */
SPCONV_API void spconv_quat_wxyz_from_isaaclab_euler_xyz(spconv_real res[4], spconv_real roll,
                                                         spconv_real pitch, spconv_real yaw) {
  spconv_real rpy[3];
  rpy[0] = roll;
  rpy[1] = pitch;
  rpy[2] = yaw;
  spconv_quat_wxyz_from_urdf_rpy(res, rpy);
}

/* Drake's RollPitchYaw(rpy = [r, p, y]): "space-fixed X-Y-Z" (extrinsic
   xyz) = body-fixed Z-Y-X with (y, p, r): R = Rz(y) Ry(p) Rx(r). */
SPCONV_API void spconv_quat_wxyz_from_drake_rpy(spconv_real res[4], const spconv_real rpy[3]) {
  spconv_quat_wxyz_from_urdf_rpy(res, rpy);
}

/* ------------------------------------------------------- 6D representation */

/* Storage of the 6D rotation representation (Zhou et al. 2019):
   COLUMNS      [R00 R10 R20 R01 R11 R21]: first column, then second
                (Zhou et al.'s code; SONIC's "first 2 columns" observation
                when built as cat(R[:, 0], R[:, 1]))
   ROWS         [R00 R01 R02 R10 R11 R12]: first two rows (pytorch3d's
                matrix_to_rotation_6d, Genesis)
   COLUMNS_INTERLEAVED [R00 R01 R10 R11 R20 R21]: R[..., :2] flattened
                row-major, what R[..., :2].reshape(..., 6) gives in NumPy and
                PyTorch: the first two columns, interleaved. */
typedef enum spconv_rot6d_layout {
  SPCONV_ROT6D_COLUMNS = 0,
  SPCONV_ROT6D_ROWS = 1,
  SPCONV_ROT6D_COLUMNS_INTERLEAVED = 2
} spconv_rot6d_layout;

/* indices into the row-major [9] of the 6 stored entries of a layout; 0 if
   unknown (idx is written on every path) */
SPCONV_API int spconv__rot6d_index(spconv_rot6d_layout layout, int idx[6]) {
  int n, ok = 1;
  for (n = 0; n < 6; ++n) {
    switch (layout) {
      case SPCONV_ROT6D_COLUMNS: idx[n] = 3 * (n % 3) + n / 3; break;
      case SPCONV_ROT6D_ROWS: idx[n] = n; break;
      case SPCONV_ROT6D_COLUMNS_INTERLEAVED: idx[n] = 3 * (n / 2) + n % 2; break;
      default: idx[n] = n; ok = 0; break;
    }
  }
  return ok;
}

/* res = the 6D representation of R (row-major) in the given layout.
   SPCONV_EINVAL (res untouched) for an unknown layout. R is not checked. */
SPCONV_API int spconv_rot6d_from_mat(spconv_real res[6], const spconv_real R[9],
                                     spconv_rot6d_layout layout) {
  int idx[6], n;
  spconv_real t[6];
  if (!spconv__rot6d_index(layout, idx)) return SPCONV_EINVAL;
  for (n = 0; n < 6; ++n) t[n] = R[idx[n]];
  for (n = 0; n < 6; ++n) res[n] = t[n];
  return SPCONV_OK;
}

/* res = the rotation (row-major) of a 6D vector d6 holding two vectors a1,
   a2 (columns or rows by layout), by Gram-Schmidt: b1 = a1/|a1|, b2 = the
   unit part of a2 orthogonal to b1, b3 = b1 x b2 (computed as b3 =
   unit(b1 x a2), b2 = b3 x b1, the same in exact arithmetic and orthogonal
   to rounding); b1, b2, b3 become the columns (COLUMNS, COLUMNS_INTERLEAVED)
   or rows (ROWS) of res. SPCONV_EINVAL for an unknown layout,
   SPCONV_EDEGENERATE for a1 = 0, a2 parallel to a1 (|b1 x a2| <= 16 eps |a2|,
   a2 = 0 included) or non-finite input (res untouched on errors). */
SPCONV_API int spconv_mat_from_rot6d(spconv_real res[9], const spconv_real d6[6],
                                     spconv_rot6d_layout layout) {
  int idx[6], n, i;
  spconv_real M[9], a1[3], a2[3], b1[3], b2[3], b3[3], n1, n3;
  if (!spconv__rot6d_index(layout, idx)) return SPCONV_EINVAL;
  for (n = 0; n < 6; ++n) {
    if (!spconv__finite(d6[n])) return SPCONV_EDEGENERATE;
    M[idx[n]] = d6[n];
  }
  for (i = 0; i < 3; ++i) { /* a1, a2 = first two columns, or rows */
    a1[i] = layout == SPCONV_ROT6D_ROWS ? M[i] : M[3 * i];
    a2[i] = layout == SPCONV_ROT6D_ROWS ? M[3 + i] : M[3 * i + 1];
  }
  n1 = spconv__norm3(a1);
  if (n1 == SPCONV__R(0)) return SPCONV_EDEGENERATE;
  for (i = 0; i < 3; ++i) b1[i] = a1[i] / n1;
  spconv__cross(b3, b1, a2);
  n3 = spconv__norm3(b3);
  if (!(n3 > SPCONV__R(16) * SPCONV__EPS * spconv__norm3(a2))) return SPCONV_EDEGENERATE;
  for (i = 0; i < 3; ++i) b3[i] /= n3;
  spconv__cross(b2, b3, b1);
  for (i = 0; i < 3; ++i) {
    if (layout == SPCONV_ROT6D_ROWS) {
      res[i] = b1[i];
      res[3 + i] = b2[i];
      res[6 + i] = b3[i];
    } else {
      res[3 * i] = b1[i];
      res[3 * i + 1] = b2[i];
      res[3 * i + 2] = b3[i];
    }
  }
  return SPCONV_OK;
}

/* ----------------------------------------- angular velocity and quaternions */

/* res = q (x) exp(w_body dt / 2): q (wxyz, body -> world) advanced by the
   body-frame angular velocity w_body (MuJoCo's qvel[3:6] of a free or ball
   joint) over dt, as MuJoCo's mju_quatIntegrate(q, w_body, dt) and
   mj_integratePos. res keeps the norm of q (MuJoCo normalizes). */
SPCONV_API void spconv_quat_integrate_body_wxyz(spconv_real res[4], const spconv_real q_wxyz[4],
                                                const spconv_real w_body[3], spconv_real dt) {
  spconv_real q[4], rv[3], d[4];
  int i;
  for (i = 0; i < 4; ++i) q[i] = q_wxyz[i];
  for (i = 0; i < 3; ++i) rv[i] = w_body[i] * dt;
  spconv_quat_wxyz_from_rotvec(d, rv);
  spconv_quat_mul_wxyz(res, q, d);
}

/* res = exp(w_world dt / 2) (x) q: q advanced by the world-frame angular
   velocity w_world (Newton, Isaac Lab, PhysX body angular velocity) over dt.
   res keeps the norm of q. */
SPCONV_API void spconv_quat_integrate_world_wxyz(spconv_real res[4],
                                                 const spconv_real q_wxyz[4],
                                                 const spconv_real w_world[3], spconv_real dt) {
  spconv_real q[4], rv[3], d[4];
  int i;
  for (i = 0; i < 4; ++i) q[i] = q_wxyz[i];
  for (i = 0; i < 3; ++i) rv[i] = w_world[i] * dt;
  spconv_quat_wxyz_from_rotvec(d, rv);
  spconv_quat_mul_wxyz(res, d, q);
}

/* res = the constant body-frame angular velocity that turns q0 into q1 in
   dt (dt != 0): rotvec(conj(q0) q1) / dt, shortest path (|res dt| <= pi).
   MuJoCo: mju_subQuat(res, q1, q0) / dt, mj_differentiatePos. */
SPCONV_API void spconv_body_angvel_from_quats_wxyz(spconv_real res[3], const spconv_real q0[4],
                                                   const spconv_real q1[4], spconv_real dt) {
  spconv_real a[4], r[4], rv[3];
  spconv_quat_conj_wxyz(a, q0);
  spconv_quat_mul_wxyz(r, a, q1);
  spconv_rotvec_from_quat_wxyz(rv, r);
  res[0] = rv[0] / dt;
  res[1] = rv[1] / dt;
  res[2] = rv[2] / dt;
}

/* res = the constant world-frame angular velocity that turns q0 into q1 in
   dt (dt != 0): rotvec(q1 conj(q0)) / dt, shortest path (|res dt| <= pi). */
SPCONV_API void spconv_world_angvel_from_quats_wxyz(spconv_real res[3], const spconv_real q0[4],
                                                    const spconv_real q1[4], spconv_real dt) {
  spconv_real a[4], r[4], rv[3];
  spconv_quat_conj_wxyz(a, q0);
  spconv_quat_mul_wxyz(r, q1, a);
  spconv_rotvec_from_quat_wxyz(rv, r);
  res[0] = rv[0] / dt;
  res[1] = rv[1] / dt;
  res[2] = rv[2] / dt;
}

/* ------------------------------------------------------------------ units */

/* radians from degrees (angles, or deg/s -> rad/s) */
SPCONV_API spconv_real spconv_rad_from_deg(spconv_real deg) {
  return deg * (SPCONV__PI / SPCONV__R(180));
}

/* degrees from radians (angles, or rad/s -> deg/s as Ptera stores them) */
SPCONV_API spconv_real spconv_deg_from_rad(spconv_real rad) {
  return rad * (SPCONV__R(180) / SPCONV__PI);
}

/* res = v in radians, for Euler triples and angular velocities (deg/s) */
SPCONV_API void spconv_rad_from_deg3(spconv_real res[3], const spconv_real v[3]) {
  res[0] = spconv_rad_from_deg(v[0]);
  res[1] = spconv_rad_from_deg(v[1]);
  res[2] = spconv_rad_from_deg(v[2]);
}

/* res = v in degrees, for Euler triples and angular velocities (rad/s) */
SPCONV_API void spconv_deg_from_rad3(spconv_real res[3], const spconv_real v[3]) {
  res[0] = spconv_deg_from_rad(v[0]);
  res[1] = spconv_deg_from_rad(v[1]);
  res[2] = spconv_deg_from_rad(v[2]);
}

/* end of rotations */

/* ========================================================== axis systems */
/* Signed axes, axis systems and handedness, units, primitives, assets. */

/* end of axis systems */

/* ================================================ engine conventions as data */
/* Twist and wrench conventions as descriptors, presets, accelerations,
   MuJoCo c-frame quantities, packed joint arrays and permutations. */

/* end of engine conventions */

/* =========================================================== batch forms */

/* end of batch forms */

/* =========================================================== motion data */

/* end of motion data */

#endif /* SPATIAL_CONV_H */
