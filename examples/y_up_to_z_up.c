/* A Y-up asset (glTF, USD default, motion capture) brought into a Z-up world
   (MuJoCo, Newton, Isaac, Genesis): pose, twist and gravity.

   The world axes are relabelled, the body's own axes (and its mesh) are not:
   positions and world-axis vectors become M v, orientations q_up * q.
   M (Y-up -> Z-up) maps (x, y, z) to (x, -z, y): +90 degrees about X. */
#include <math.h>
#include <stdio.h>

#include "spatial_conv.h"

int main(void) {
  /* glTF node: translation, rotation (xyzw, glTF's order), a body twist */
  const spconv_real pos_y[3] = {1.0, 2.0, 3.0};                     /* 2 m up */
  const spconv_real quat_y_xyzw[4] = {0.0, 0.3826834323650898, 0.0, 0.9238795325112867};
  const spconv_real twist_y[6] = {0.0, 0.5, 1.0, 0.0, 2.0, 0.0};    /* [v; w] world */
  const spconv_real fwd_body[3] = {0.0, 0.0, 1.0};                   /* glTF front: +Z */
  spconv_real M[9], q_up[4], pos_z[3], quat_y[4], quat_z[4], quat_z_xyzw[4], twist_z[6];
  spconv_real g_y[3], g_z[3], g_mapped[3], fwd_y[3], fwd_z[3], fwd_mapped[3];
  double err = 0.0;
  int i;

  if (spconv_up_axis_matrix(M, SPCONV_AXIS_Y, SPCONV_AXIS_Z) != SPCONV_OK ||
      spconv_up_axis_quat_wxyz(q_up, SPCONV_AXIS_Y, SPCONV_AXIS_Z) != SPCONV_OK ||
      spconv_gravity(g_y, SPCONV_AXIS_Y, 9.81) != SPCONV_OK ||
      spconv_gravity(g_z, SPCONV_AXIS_Z, 9.81) != SPCONV_OK)
    return 1;

  for (i = 0; i < 3; ++i) pos_z[i] = M[3 * i] * pos_y[0] + M[3 * i + 1] * pos_y[1] + M[3 * i + 2] * pos_y[2];
  spconv_quat_wxyz_from_xyzw(quat_y, quat_y_xyzw);
  spconv_quat_mul_wxyz(quat_z, q_up, quat_y);  /* world relabelled: q_z = q_up q_y */
  spconv_quat_xyzw_from_wxyz(quat_z_xyzw, quat_z);
  spconv_spatial_rotate(twist_z, M, twist_y);
  spconv_quat_rotate_wxyz(g_mapped, q_up, g_y);

  printf("Y-up -> Z-up, M = [%g %g %g; %g %g %g; %g %g %g]\n", M[0], M[1], M[2], M[3], M[4],
         M[5], M[6], M[7], M[8]);
  printf("  position    [%g %g %g] -> [%g %g %g] (height 2 stays 2, now along z)\n", pos_y[0],
         pos_y[1], pos_y[2], pos_z[0], pos_z[1], pos_z[2]);
  printf("  quat xyzw   [%.6f %.6f %.6f %.6f] -> [%.6f %.6f %.6f %.6f]\n", quat_y_xyzw[0],
         quat_y_xyzw[1], quat_y_xyzw[2], quat_y_xyzw[3], quat_z_xyzw[0], quat_z_xyzw[1],
         quat_z_xyzw[2], quat_z_xyzw[3]);
  printf("  twist [v|w] [%g %g %g | %g %g %g] -> [%g %g %g | %g %g %g]\n", twist_y[0],
         twist_y[1], twist_y[2], twist_y[3], twist_y[4], twist_y[5], twist_z[0], twist_z[1],
         twist_z[2], twist_z[3], twist_z[4], twist_z[5]);
  printf("  gravity     [%g %g %g] -> [%g %g %g] (spconv_gravity Z-up: [%g %g %g])\n", g_y[0],
         g_y[1], g_y[2], g_mapped[0], g_mapped[1], g_mapped[2], g_z[0], g_z[1], g_z[2]);

  /* the body's front, seen in world axes, is the same physical direction */
  spconv_quat_rotate_wxyz(fwd_y, quat_y, fwd_body);
  spconv_quat_rotate_wxyz(fwd_z, quat_z, fwd_body);
  spconv_quat_rotate_wxyz(fwd_mapped, q_up, fwd_y);
  printf("  body front  [%.6f %.6f %.6f] (Y-up world) -> [%.6f %.6f %.6f] (Z-up world)\n",
         fwd_y[0], fwd_y[1], fwd_y[2], fwd_z[0], fwd_z[1], fwd_z[2]);
  for (i = 0; i < 3; ++i) {
    err = fmax(err, fabs(g_mapped[i] - g_z[i]));
    err = fmax(err, fabs(fwd_mapped[i] - fwd_z[i]));
  }
  err = fmax(err, fabs(pos_z[2] - pos_y[1]));
  printf("  largest consistency difference: %.3g\n", err);
  return err < 1e-12 ? 0 : 1;
}
