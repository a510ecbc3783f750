/* A MuJoCo free body whose COM is offset from its origin, converted to
   Newton's convention (COM twist, world axes) and back, with a power check.

   MuJoCo free joint:  qpos = [p_O (world); q_WB (wxyz)]
                       qvel = [v_O (world); w (body axes)]     O = body origin
   Newton body_qd:     [v_C (world); w (world)]                C = COM
   Newton body_f:      [f (world); tau about C (world)]  = MuJoCo xfrc_applied */
#include <math.h>
#include <stdio.h>

#include "spatial_conv.h"

static void print6(const char *name, const spconv_real x[6]) {
  printf("  %-34s [% .6f % .6f % .6f | % .6f % .6f % .6f]\n", name, x[0], x[1], x[2], x[3],
         x[4], x[5]);
}

int main(void) {
  /* body turned 90 degrees about world Z; COM 0.2 m along body +x */
  const spconv_real qpos[7] = {1.0, 2.0, 0.5, 0.70710678118654752, 0, 0, 0.70710678118654752};
  const spconv_real body_ipos[3] = {0.2, 0.0, 0.0};
  /* origin moving along world +x, spinning 3 rad/s about body z (= world z) */
  const spconv_real qvel[6] = {1.0, 0.0, 0.0, 0.0, 0.0, 3.0};
  /* a push along world +x at the COM, plus a torque about world z */
  const spconv_real wrench[6] = {10.0, 0.0, 0.0, 0.0, 0.0, 0.5};
  const spconv_real *quat_wxyz = qpos + 3;
  spconv_real twist[6], qvel_back[6], qfrc[6], wrench_back[6], q_xyzw[4];
  double err = 0.0, p_mujoco, p_newton;
  int i;

  spconv_twist_from_mujoco_qvel(twist, qvel, quat_wxyz, body_ipos);
  spconv_mujoco_qvel_from_twist(qvel_back, twist, quat_wxyz, body_ipos);
  spconv_mujoco_qfrc_from_wrench(qfrc, wrench, quat_wxyz, body_ipos);
  spconv_wrench_from_mujoco_qfrc(wrench_back, qfrc, quat_wxyz, body_ipos);
  spconv_quat_xyzw_from_wxyz(q_xyzw, quat_wxyz);

  printf("MuJoCo free body -> Newton (COM 0.2 m along body x, body turned 90 deg about Z)\n");
  printf("  quaternion: MuJoCo wxyz [%.6f %.6f %.6f %.6f] -> Newton xyzw [%.6f %.6f %.6f %.6f]\n",
         quat_wxyz[0], quat_wxyz[1], quat_wxyz[2], quat_wxyz[3], q_xyzw[0], q_xyzw[1],
         q_xyzw[2], q_xyzw[3]);
  print6("MuJoCo qvel [v_O world | w body]", qvel);
  print6("Newton body_qd [v_C | w] world", twist);
  print6("back to qvel", qvel_back);
  printf("  the COM sits at world +y of the origin, so spinning about +z moves it along -x:\n"
         "  v_C = v_O + w x r = 1 - 3 * 0.2 = 0.4 along x\n");
  print6("Newton body_f [f | tau_C] world", wrench);
  print6("MuJoCo qfrc [f world | tau_O body]", qfrc);
  print6("back to body_f", wrench_back);

  p_mujoco = spconv_power(qfrc, qvel);
  p_newton = spconv_power(wrench, twist);
  printf("  power: qfrc . qvel = %.12f W, body_f . body_qd = %.12f W\n", p_mujoco, p_newton);

  for (i = 0; i < 6; ++i) {
    err = fmax(err, fabs(qvel_back[i] - qvel[i]));
    err = fmax(err, fabs(wrench_back[i] - wrench[i]));
  }
  err = fmax(err, fabs(p_mujoco - p_newton));
  printf("  largest round-trip / power difference: %.3g\n", err);
  return err < 1e-12 && fabs(twist[0] - 0.4) < 1e-12 ? 0 : 1;
}
