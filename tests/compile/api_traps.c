/* Silent API traps closed before 1.0 (tests/compile/api_traps.sh). Without
   a SPCONV_TRAP_* macro this file is the right way to call each function
   and must compile cleanly under -Wall -Wextra -Werror; with one defined it
   holds the call that used to compile and do the wrong thing, which must
   now be refused (an error, or a warning that -Werror turns into one).

   QVEL_N, QVEL_FROM_TWIST_N, QFRC_FROM_WRENCH_N, WRENCH_FROM_QFRC_N: the
     MuJoCo free-joint batch forms took whole qpos rows while their single
     forms take the quaternion (qpos + 3); both now take the quaternion
     pointer, the batch forms with its stride, so a 0.x call (qpos, no
     stride) has too few arguments.
   CLIP_CONVERT, CLIP_ALIGN: the result clip was declared const, so a const
     clip (one the caller meant as read-only) was written through it. */
#include <stddef.h>

#include "spatial_conv.h"

int api_traps(spconv_real *res, const spconv_real *x, const spconv_real *qpos,
              const spconv_real *ipos, size_t n, spconv_motion_clip *out,
              const spconv_motion_clip *in, const spconv_real M[9]);

int api_traps(spconv_real *res, const spconv_real *x, const spconv_real *qpos,
              const spconv_real *ipos, size_t n, spconv_motion_clip *out,
              const spconv_motion_clip *in, const spconv_real M[9]) {
  int s = 0;
#ifdef SPCONV_TRAP_QVEL_N
  spconv_twist_from_mujoco_qvel_n(res, x, qpos, ipos, n); /* the 0.x call, verbatim */
#else
  s |= spconv_twist_from_mujoco_qvel_n(res, x, qpos + 3, 7, ipos, n);
#endif
#ifdef SPCONV_TRAP_QVEL_FROM_TWIST_N
  spconv_mujoco_qvel_from_twist_n(res, x, qpos, ipos, n); /* the 0.x call, verbatim */
#else
  s |= spconv_mujoco_qvel_from_twist_n(res, x, qpos + 3, 7, ipos, n);
#endif
#ifdef SPCONV_TRAP_QFRC_FROM_WRENCH_N
  spconv_mujoco_qfrc_from_wrench_n(res, x, qpos, ipos, n); /* the 0.x call, verbatim */
#else
  s |= spconv_mujoco_qfrc_from_wrench_n(res, x, qpos + 3, 7, ipos, n);
#endif
#ifdef SPCONV_TRAP_WRENCH_FROM_QFRC_N
  spconv_wrench_from_mujoco_qfrc_n(res, x, qpos, ipos, n); /* the 0.x call, verbatim */
#else
  s |= spconv_wrench_from_mujoco_qfrc_n(res, x, qpos + 3, 7, ipos, n);
#endif
#ifdef SPCONV_TRAP_CLIP_CONVERT
  {
    const spconv_motion_clip *result = out;
    s |= spconv_motion_clip_convert(result, in, M, M, 1);
  }
#else
  s |= spconv_motion_clip_convert(out, in, M, M, 1);
#endif
#ifdef SPCONV_TRAP_CLIP_ALIGN
  {
    const spconv_motion_clip *result = out;
    s |= spconv_motion_clip_align(result, in, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X,
                                  SPCONV_AXIS_POS_X, 0);
  }
#else
  s |= spconv_motion_clip_align(out, in, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X,
                                0);
#endif
  return s;
}
