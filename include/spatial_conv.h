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
                  (MuJoCo, Isaac Lab 2.x, Genesis, Drake's API); `xyzw`
                  storage (Warp, Newton, SciPy, ROS, Bullet, PhysX, glTF,
                  Eigen's coeffs()) is converted explicitly.
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
                  Featherstone, Modern Robotics, SAP internal) are reached
                  by explicit calls: spconv_spatial_swap changes the order
                  only; the reference point moves with a shift, the axes
                  with spconv_spatial_rotate. Named conversions cover
                  MuJoCo (qvel, qfrc, cvel) and the SAP boundary.
   Up axis        SPCONV_AXIS_X/Y/Z = 0/1/2 (Newton's Axis values).

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

/* restrict for the private batch loops only (never in the public surface):
   C99 `restrict`, the compilers' `__restrict` in C++ and `__restrict__`
   under nvcc/hipcc, nothing elsewhere (then only speed is lost). */
#if defined(__CUDACC__) || defined(__HIPCC__)
#  define SPCONV__RESTRICT __restrict__
#elif defined(__cplusplus) && (defined(__GNUC__) || defined(_MSC_VER))
#  define SPCONV__RESTRICT __restrict
#elif !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L
#  define SPCONV__RESTRICT restrict
#else
#  define SPCONV__RESTRICT
#endif

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

/* 2/|q|^2, or 0 for the zero quaternion (which then acts as the identity).
   Branch-free (z = 1 for the zero quaternion, else 0; the division never
   divides by zero): gcc does not if-convert a floating-point select under
   its default -ftrapping-math, and a branch here keeps it from vectorising
   every batch loop that rotates by a quaternion. */
SPCONV_API spconv_real spconv__quat_scale(spconv_real w, spconv_real x,
                                          spconv_real y, spconv_real z) {
  spconv_real n = w * w + x * x + y * y + z * z;
  spconv_real zero = (spconv_real)(n == SPCONV__R(0));
  return (SPCONV__R(2) - SPCONV__R(2) * zero) / (n + zero);
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
   Equals what mj_applyFT adds for a force and torque at the COM (this
   function overwrites res); qfrc . qvel == wrench . twist. */
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

/* The six conversions below are straight-line: every input is read into a
   local before res is written (so res may alias any input), and no
   temporary 6-vector is stored and reloaded, so the batch loops over them
   vectorise and the body-force forms cost no more than the wrench forms. */

/* sap twist [w; v_O] from public twist [v_C; w]: v_O = v_C + r_oc x w. */
SPCONV_API void spconv_sap_twist_from_public(spconv_real res[6], const spconv_real u_public[6],
                                             const spconv_real r_oc[3]) {
  spconv_real r0 = r_oc[0], r1 = r_oc[1], r2 = r_oc[2];
  spconv_real w0 = u_public[3], w1 = u_public[4], w2 = u_public[5];
  spconv_real v0 = u_public[0] + (r1 * w2 - r2 * w1);
  spconv_real v1 = u_public[1] + (r2 * w0 - r0 * w2);
  spconv_real v2 = u_public[2] + (r0 * w1 - r1 * w0);
  res[0] = w0;
  res[1] = w1;
  res[2] = w2;
  res[3] = v0;
  res[4] = v1;
  res[5] = v2;
}

/* public twist [v_C; w] from sap twist [w; v_O]: v_C = v_O + w x r_oc. */
SPCONV_API void spconv_public_twist_from_sap(spconv_real res[6], const spconv_real u_sap[6],
                                             const spconv_real r_oc[3]) {
  spconv_real r0 = r_oc[0], r1 = r_oc[1], r2 = r_oc[2];
  spconv_real w0 = u_sap[0], w1 = u_sap[1], w2 = u_sap[2];
  spconv_real v0 = u_sap[3] + (w1 * r2 - w2 * r1);
  spconv_real v1 = u_sap[4] + (w2 * r0 - w0 * r2);
  spconv_real v2 = u_sap[5] + (w0 * r1 - w1 * r0);
  res[0] = v0;
  res[1] = v1;
  res[2] = v2;
  res[3] = w0;
  res[4] = w1;
  res[5] = w2;
}

/* sap wrench [tau_O; f] from public wrench [f; tau_C]: tau_O = tau_C + r_oc x f. */
SPCONV_API void spconv_sap_wrench_from_public(spconv_real res[6], const spconv_real g_public[6],
                                              const spconv_real r_oc[3]) {
  spconv_real r0 = r_oc[0], r1 = r_oc[1], r2 = r_oc[2];
  spconv_real f0 = g_public[0], f1 = g_public[1], f2 = g_public[2];
  spconv_real t0 = g_public[3] + (r1 * f2 - r2 * f1);
  spconv_real t1 = g_public[4] + (r2 * f0 - r0 * f2);
  spconv_real t2 = g_public[5] + (r0 * f1 - r1 * f0);
  res[0] = t0;
  res[1] = t1;
  res[2] = t2;
  res[3] = f0;
  res[4] = f1;
  res[5] = f2;
}

/* public wrench [f; tau_C] from sap wrench [tau_O; f]: tau_C = tau_O - r_oc x f. */
SPCONV_API void spconv_public_wrench_from_sap(spconv_real res[6], const spconv_real g_sap[6],
                                              const spconv_real r_oc[3]) {
  spconv_real r0 = r_oc[0], r1 = r_oc[1], r2 = r_oc[2];
  spconv_real f0 = g_sap[3], f1 = g_sap[4], f2 = g_sap[5];
  spconv_real t0 = g_sap[0] - (r1 * f2 - r2 * f1);
  spconv_real t1 = g_sap[1] - (r2 * f0 - r0 * f2);
  spconv_real t2 = g_sap[2] - (r0 * f1 - r1 * f0);
  res[0] = f0;
  res[1] = f1;
  res[2] = f2;
  res[3] = t0;
  res[4] = t1;
  res[5] = t2;
}

/* SAP internal body-force residual from a public body wrench [f; tau_C]:
   res = -P_f f_public = [-(tau_C + r_oc x f); -f] (negation fused). */
SPCONV_API void spconv_sap_body_force_from_public(spconv_real res[6],
                                                  const spconv_real f_public[6],
                                                  const spconv_real r_oc[3]) {
  spconv_real r0 = r_oc[0], r1 = r_oc[1], r2 = r_oc[2];
  spconv_real f0 = f_public[0], f1 = f_public[1], f2 = f_public[2];
  spconv_real t0 = (r2 * f1 - r1 * f2) - f_public[3];
  spconv_real t1 = (r0 * f2 - r2 * f0) - f_public[4];
  spconv_real t2 = (r1 * f0 - r0 * f1) - f_public[5];
  res[0] = t0;
  res[1] = t1;
  res[2] = t2;
  res[3] = -f0;
  res[4] = -f1;
  res[5] = -f2;
}

/* Public body wrench [f; tau_C] from SAP's internal residual [a; b] =
   [-tau_O; -f]: res = -P_f^-1 f_sap = [-b; r_oc x b - a] (negation fused). */
SPCONV_API void spconv_public_body_force_from_sap(spconv_real res[6],
                                                  const spconv_real f_sap[6],
                                                  const spconv_real r_oc[3]) {
  spconv_real r0 = r_oc[0], r1 = r_oc[1], r2 = r_oc[2];
  spconv_real b0 = f_sap[3], b1 = f_sap[4], b2 = f_sap[5];
  spconv_real t0 = (r1 * b2 - r2 * b1) - f_sap[0];
  spconv_real t1 = (r2 * b0 - r0 * b2) - f_sap[1];
  spconv_real t2 = (r0 * b1 - r1 * b0) - f_sap[2];
  res[0] = -b0;
  res[1] = -b1;
  res[2] = -b2;
  res[3] = t0;
  res[4] = t1;
  res[5] = t2;
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
   angles, 6D representations, angular velocity from quaternions. */

/* end of rotations */

/* ========================================================== axis systems */
/* Signed axes, axis systems and handedness, units, primitives, assets. */

/* end of axis systems */

/* ================================================ engine conventions as data */
/* Twist and wrench conventions as descriptors, presets, accelerations,
   MuJoCo c-frame quantities, packed joint arrays and permutations. */

/* end of engine conventions */

/* =========================================================== batch forms */
/* n elements in contiguous arrays, for the conversions a simulator runs per
   body per step. `res` may equal the input of the same stride (in place);
   arrays of another stride (offsets, poses) must not overlap `res`.
   Each element is converted exactly as the single-element function does. */

/* How the batch forms are built: each is a loop over its single-element
   function (so every element is converted exactly as that function does),
   instantiated twice by the macros below: in place, through one pointer,
   and out of place, through restrict pointers (legal: the contract excludes
   partial overlap, and the side arrays never overlap res). Either way the
   compiler knows that the elements are independent and vectorises the loop
   without a runtime overlap test; with plain pointers that test fails for
   in-place calls, which then ran the scalar loop. */

/* (res, x, n): x and res of stride sx */
#define SPCONV__BATCH0(name, fn, sx)                                                    \
  SPCONV_API void spconv__##name##_io(spconv_real *SPCONV__RESTRICT x, size_t n) {      \
    size_t i;                                                                           \
    for (i = 0; i < n; ++i) fn(x + (sx) * i, x + (sx) * i);                             \
  }                                                                                     \
  SPCONV_API void spconv__##name##_oop(spconv_real *SPCONV__RESTRICT res,               \
                                       const spconv_real *SPCONV__RESTRICT x, size_t n) { \
    size_t i;                                                                           \
    for (i = 0; i < n; ++i) fn(res + (sx) * i, x + (sx) * i);                           \
  }

/* clang vectorises the stride-6 double loops of the shifts and the SAP
   conversions with gathers where AVX2/AVX-512 are enabled (-march=native);
   measured on a Xeon (Sapphire Rapids) that code ran about 2x slower than
   clang's scalar code at -O2. In float its vectors win, so the hint is for
   clang in double only (not nvcc). gcc needs none: it does not gather here. */
#if defined(__clang__) && !defined(SPCONV_USE_FLOAT) && !defined(__CUDACC__) && \
    !defined(__HIPCC__)
#  define SPCONV__STRIDE6_LOOP_HINT _Pragma("clang loop vectorize(disable)")
#else
#  define SPCONV__STRIDE6_LOOP_HINT
#endif

/* (res, x, p, n): x and res of stride sx, side array p of stride sp */
#define SPCONV__BATCH1(name, fn, sx, sp)                                                \
  SPCONV_API void spconv__##name##_io(spconv_real *SPCONV__RESTRICT x,                  \
                                      const spconv_real *SPCONV__RESTRICT p, size_t n) { \
    size_t i;                                                                           \
    SPCONV__STRIDE6_LOOP_HINT                                                           \
    for (i = 0; i < n; ++i) fn(x + (sx) * i, x + (sx) * i, p + (sp) * i);               \
  }                                                                                     \
  SPCONV_API void spconv__##name##_oop(spconv_real *SPCONV__RESTRICT res,               \
                                       const spconv_real *SPCONV__RESTRICT x,           \
                                       const spconv_real *SPCONV__RESTRICT p, size_t n) { \
    size_t i;                                                                           \
    SPCONV__STRIDE6_LOOP_HINT                                                           \
    for (i = 0; i < n; ++i) fn(res + (sx) * i, x + (sx) * i, p + (sp) * i);             \
  }

/* (res, x, qpos, ipos, n): MuJoCo free bodies, stride 6, the quaternion at
   qpos[7i + 3 .. 7i + 6], ipos of stride 3 */
#define SPCONV__BATCH_MJ(name, fn)                                                      \
  SPCONV_API void spconv__##name##_io(spconv_real *SPCONV__RESTRICT x,                  \
                                      const spconv_real *SPCONV__RESTRICT qpos,         \
                                      const spconv_real *SPCONV__RESTRICT ipos, size_t n) { \
    size_t i;                                                                           \
    for (i = 0; i < n; ++i) fn(x + 6 * i, x + 6 * i, qpos + 7 * i + 3, ipos + 3 * i);   \
  }                                                                                     \
  SPCONV_API void spconv__##name##_oop(spconv_real *SPCONV__RESTRICT res,               \
                                       const spconv_real *SPCONV__RESTRICT x,           \
                                       const spconv_real *SPCONV__RESTRICT qpos,        \
                                       const spconv_real *SPCONV__RESTRICT ipos, size_t n) { \
    size_t i;                                                                           \
    for (i = 0; i < n; ++i) fn(res + 6 * i, x + 6 * i, qpos + 7 * i + 3, ipos + 3 * i); \
  }

SPCONV__BATCH0(quat_wxyz_from_xyzw_n, spconv_quat_wxyz_from_xyzw, 4)
SPCONV__BATCH0(quat_xyzw_from_wxyz_n, spconv_quat_xyzw_from_wxyz, 4)
SPCONV__BATCH1(twist_shift_n, spconv_twist_shift, 6, 3)
SPCONV__BATCH1(wrench_shift_n, spconv_wrench_shift, 6, 3)
SPCONV__BATCH_MJ(twist_from_mujoco_qvel_n, spconv_twist_from_mujoco_qvel)
SPCONV__BATCH_MJ(mujoco_qvel_from_twist_n, spconv_mujoco_qvel_from_twist)
SPCONV__BATCH_MJ(mujoco_qfrc_from_wrench_n, spconv_mujoco_qfrc_from_wrench)
SPCONV__BATCH_MJ(wrench_from_mujoco_qfrc_n, spconv_wrench_from_mujoco_qfrc)
SPCONV__BATCH1(sap_twist_from_public_n, spconv_sap_twist_from_public, 6, 3)
SPCONV__BATCH1(public_twist_from_sap_n, spconv_public_twist_from_sap, 6, 3)
SPCONV__BATCH1(sap_wrench_from_public_n, spconv_sap_wrench_from_public, 6, 3)
SPCONV__BATCH1(public_wrench_from_sap_n, spconv_public_wrench_from_sap, 6, 3)
SPCONV__BATCH1(sap_body_force_from_public_n, spconv_sap_body_force_from_public, 6, 3)
SPCONV__BATCH1(public_body_force_from_sap_n, spconv_public_body_force_from_sap, 6, 3)

/* the public form: in place when res == x, else out of place */
#define SPCONV__BATCH_CALL0(name, res, x, n) \
  if ((const spconv_real *)(res) == (x)) spconv__##name##_io(res, n); else spconv__##name##_oop(res, x, n)
#define SPCONV__BATCH_CALL(name, res, x, ...)                     \
  if ((const spconv_real *)(res) == (x)) spconv__##name##_io(res, __VA_ARGS__); \
  else spconv__##name##_oop(res, x, __VA_ARGS__)

/* n contiguous quaternions (4n reals), xyzw -> wxyz; res may equal q_xyzw. */
SPCONV_API void spconv_quat_wxyz_from_xyzw_n(spconv_real *res, const spconv_real *q_xyzw,
                                             size_t n) {
  SPCONV__BATCH_CALL0(quat_wxyz_from_xyzw_n, res, q_xyzw, n);
}

/* n contiguous quaternions (4n reals), wxyz -> xyzw; res may equal q_wxyz. */
SPCONV_API void spconv_quat_xyzw_from_wxyz_n(spconv_real *res, const spconv_real *q_wxyz,
                                             size_t n) {
  SPCONV__BATCH_CALL0(quat_xyzw_from_wxyz_n, res, q_wxyz, n);
}

/* n twists [v; w] (6n reals) shifted by n offsets r (3n reals). */
SPCONV_API void spconv_twist_shift_n(spconv_real *res, const spconv_real *twist,
                                     const spconv_real *r, size_t n) {
  SPCONV__BATCH_CALL(twist_shift_n, res, twist, r, n);
}

/* n wrenches [f; tau] (6n reals) shifted by n offsets r (3n reals). */
SPCONV_API void spconv_wrench_shift_n(spconv_real *res, const spconv_real *wrench,
                                      const spconv_real *r, size_t n) {
  SPCONV__BATCH_CALL(wrench_shift_n, res, wrench, r, n);
}

/* n free bodies: COM twists (6n) from qvel (6n), free-joint qpos (7n: [p; q_wxyz]
   per body, MuJoCo's layout) and body_ipos (3n). */
SPCONV_API void spconv_twist_from_mujoco_qvel_n(spconv_real *res, const spconv_real *qvel,
                                                const spconv_real *qpos,
                                                const spconv_real *ipos, size_t n) {
  SPCONV__BATCH_CALL(twist_from_mujoco_qvel_n, res, qvel, qpos, ipos, n);
}

/* n free bodies: qvel (6n) from COM twists (6n), qpos (7n) and body_ipos (3n). */
SPCONV_API void spconv_mujoco_qvel_from_twist_n(spconv_real *res, const spconv_real *twist,
                                                const spconv_real *qpos,
                                                const spconv_real *ipos, size_t n) {
  SPCONV__BATCH_CALL(mujoco_qvel_from_twist_n, res, twist, qpos, ipos, n);
}

/* n free bodies: qfrc (6n) from COM wrenches (6n), qpos (7n) and body_ipos (3n). */
SPCONV_API void spconv_mujoco_qfrc_from_wrench_n(spconv_real *res, const spconv_real *wrench,
                                                 const spconv_real *qpos,
                                                 const spconv_real *ipos, size_t n) {
  SPCONV__BATCH_CALL(mujoco_qfrc_from_wrench_n, res, wrench, qpos, ipos, n);
}

/* n free bodies: COM wrenches (6n) from qfrc (6n), qpos (7n) and body_ipos (3n). */
SPCONV_API void spconv_wrench_from_mujoco_qfrc_n(spconv_real *res, const spconv_real *qfrc,
                                                 const spconv_real *qpos,
                                                 const spconv_real *ipos, size_t n) {
  SPCONV__BATCH_CALL(wrench_from_mujoco_qfrc_n, res, qfrc, qpos, ipos, n);
}

/* n bodies: sap twists [w; v_O] from public twists [v_C; w] (6n);
   r_oc = C - O per body (3n), world axes. */
SPCONV_API void spconv_sap_twist_from_public_n(spconv_real *res, const spconv_real *u_public,
                                               const spconv_real *r_oc, size_t n) {
  SPCONV__BATCH_CALL(sap_twist_from_public_n, res, u_public, r_oc, n);
}

/* n bodies: public twists [v_C; w] from sap twists [w; v_O] (6n);
   r_oc = C - O per body (3n), world axes. */
SPCONV_API void spconv_public_twist_from_sap_n(spconv_real *res, const spconv_real *u_sap,
                                               const spconv_real *r_oc, size_t n) {
  SPCONV__BATCH_CALL(public_twist_from_sap_n, res, u_sap, r_oc, n);
}

/* n bodies: sap wrenches [tau_O; f] from public wrenches [f; tau_C] (6n);
   r_oc = C - O per body (3n), world axes. */
SPCONV_API void spconv_sap_wrench_from_public_n(spconv_real *res, const spconv_real *g_public,
                                                const spconv_real *r_oc, size_t n) {
  SPCONV__BATCH_CALL(sap_wrench_from_public_n, res, g_public, r_oc, n);
}

/* n bodies: public wrenches [f; tau_C] from sap wrenches [tau_O; f] (6n);
   r_oc = C - O per body (3n), world axes. */
SPCONV_API void spconv_public_wrench_from_sap_n(spconv_real *res, const spconv_real *g_sap,
                                                const spconv_real *r_oc, size_t n) {
  SPCONV__BATCH_CALL(public_wrench_from_sap_n, res, g_sap, r_oc, n);
}

/* n bodies: SAP body-force residuals -P_f F from public body wrenches (6n);
   r_oc = C - O per body (3n), world axes. */
SPCONV_API void spconv_sap_body_force_from_public_n(spconv_real *res, const spconv_real *f_public,
                                                    const spconv_real *r_oc, size_t n) {
  SPCONV__BATCH_CALL(sap_body_force_from_public_n, res, f_public, r_oc, n);
}

/* n bodies: public body wrenches from SAP body-force residuals (6n);
   r_oc = C - O per body (3n), world axes. */
SPCONV_API void spconv_public_body_force_from_sap_n(spconv_real *res, const spconv_real *f_sap,
                                                    const spconv_real *r_oc, size_t n) {
  SPCONV__BATCH_CALL(public_body_force_from_sap_n, res, f_sap, r_oc, n);
}

/* The up-axis rotation as a signed permutation: res_i = sign[i] v[perm[i]]. */
typedef struct spconv__signed_perm {
  int perm[3];
  spconv_real sign[3];
} spconv__signed_perm;

SPCONV_API int spconv__up_axis_perm(spconv__signed_perm *p, spconv_axis from_up,
                                    spconv_axis to_up) {
  spconv_real M[9];
  int i, j, status = spconv_up_axis_matrix(M, from_up, to_up);
  if (status != SPCONV_OK) return status;
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j)
      if (M[3 * i + j] != SPCONV__R(0)) {
        p->perm[i] = j;
        p->sign[i] = M[3 * i + j];
      }
  return SPCONV_OK;
}

/* n 3-vectors (3n) from a from_up world to a to_up world: positions, linear
   and angular velocities, forces, torques (a proper rotation: no sign flip).
   SPCONV_EINVAL (res untouched) for an unknown axis value. */
SPCONV_API int spconv_up_axis_vec3_n(spconv_real *res, const spconv_real *v, size_t n,
                                     spconv_axis from_up, spconv_axis to_up) {
  spconv__signed_perm p;
  size_t i;
  int status = spconv__up_axis_perm(&p, from_up, to_up);
  if (status != SPCONV_OK) return status;
  for (i = 0; i < n; ++i) {
    const spconv_real *a = v + 3 * i;
    spconv_real x = p.sign[0] * a[p.perm[0]];
    spconv_real y = p.sign[1] * a[p.perm[1]];
    spconv_real z = p.sign[2] * a[p.perm[2]];
    res[3 * i + 0] = x;
    res[3 * i + 1] = y;
    res[3 * i + 2] = z;
  }
  return SPCONV_OK;
}

/* n 6-vectors (6n): twists or wrenches, both halves in world axes. */
SPCONV_API int spconv_up_axis_spatial_n(spconv_real *res, const spconv_real *x, size_t n,
                                        spconv_axis from_up, spconv_axis to_up) {
  return spconv_up_axis_vec3_n(res, x, 2 * n, from_up, to_up);
}

/* n body orientations (4n, wxyz) when the world axes change and the body
   axes do not (the mesh keeps its coordinates): q' = q_up q.
   SPCONV_EINVAL (res untouched) for an unknown axis value. */
SPCONV_API int spconv_up_axis_quat_wxyz_n(spconv_real *res, const spconv_real *q_wxyz,
                                          size_t n, spconv_axis from_up, spconv_axis to_up) {
  spconv_real q_up[4];
  size_t i;
  int status = spconv_up_axis_quat_wxyz(q_up, from_up, to_up);
  if (status != SPCONV_OK) return status;
  for (i = 0; i < n; ++i) spconv_quat_mul_wxyz(res + 4 * i, q_up, q_wxyz + 4 * i);
  return SPCONV_OK;
}

/* The same for quaternions stored xyzw (4n). */
SPCONV_API int spconv_up_axis_quat_xyzw_n(spconv_real *res, const spconv_real *q_xyzw,
                                          size_t n, spconv_axis from_up, spconv_axis to_up) {
  spconv_real q_up[4];
  size_t i;
  int status = spconv_up_axis_quat_wxyz(q_up, from_up, to_up);
  if (status != SPCONV_OK) return status;
  for (i = 0; i < n; ++i) {
    spconv_real q[4];
    spconv_quat_wxyz_from_xyzw(q, q_xyzw + 4 * i);
    spconv_quat_mul_wxyz(q, q_up, q);
    spconv_quat_xyzw_from_wxyz(res + 4 * i, q);
  }
  return SPCONV_OK;
}

/* end of batch forms */

/* =========================================================== motion data */

/* end of motion data */

#endif /* SPATIAL_CONV_H */
