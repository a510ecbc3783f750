/* A small synthetic Y-up motion clip (BVH / SMPL style: Y up, the body
   faces +Z, +X is its left, centimetres) converted to a Z-up, X-forward
   robot world in metres with one call, spconv_motion_clip_convert.

   The root walks forward along the clip's own forward axis (+Z), swaying
   left and right and bobbing up and down; a spine, a head and a leg hang
   off it as local rotations (axis-angle, SONIC's pose_aa layout). After
   the conversion the body walks along +X, its head is above its pelvis
   along +Z, and its velocities are re-derived from the converted clip.

   The up-axis matrix alone ((x, y, z) -> (x, -z, y)) would walk it along
   -Y: printed for contrast. The program fails (exit 1) if the converted
   clip does not walk along +X with its head up. */
#include <math.h>
#include <stdio.h>

#include "spatial_conv.h"

#define T 9      /* frames */
#define NB 4     /* bodies: 0 pelvis (the root joint itself), 1 spine, 2 head, 3 left thigh */

static const int parents[NB] = {-1, 0, 1, 0};

/* world position of body j at frame t, by the root convention of
   spconv_motion_clip: p = p_root + R_root (o_0 + R_0 (o_1 + ...)). Body 0,
   the pelvis, is the root joint itself, as a BVH ROOT: root_pos is its
   world position, root_rot its rotation, offsets[0] = 0 and local_rot[:, 0]
   the identity, so no offset of the root is ever turned by its rotation. */
static void fk(spconv_real res[3], const spconv_motion_clip *c, int t, int j) {
  spconv_real q[4], v[3] = {0, 0, 0};
  int k;
  for (k = j; k >= 0; k = parents[k]) { /* v <- o_k + R_k v, walking up the chain */
    spconv_quat_wxyz_from_rotvec(q, c->local_rot + 3 * (t * NB + k));
    spconv_quat_rotate_wxyz(v, q, v);
    v[0] += c->offsets[3 * k];
    v[1] += c->offsets[3 * k + 1];
    v[2] += c->offsets[3 * k + 2];
  }
  spconv_quat_rotate_wxyz(v, c->root_rot + 4 * t, v);
  res[0] = c->root_pos[3 * t] + v[0];
  res[1] = c->root_pos[3 * t + 1] + v[1];
  res[2] = c->root_pos[3 * t + 2] + v[2];
}

int main(void) {
  const spconv_real dt = (spconv_real)(1.0 / 30.0); /* 30 fps */
  spconv_real root_pos[3 * T], root_rot[4 * T], linvel[3 * T], angvel[3 * T];
  spconv_real local_rot[3 * T * NB];
  spconv_real offsets[3 * NB] = {0, 0, 0,   0, 25, 0,   0, 30, 0,   9, -8, 0}; /* cm, Y up;
                                                          offsets[0] = 0: the root joint */
  spconv_real root_pos_z[3 * T], root_rot_z[4 * T], linvel_z[3 * T], angvel_z[3 * T];
  spconv_real local_rot_z[3 * T * NB], offsets_z[3 * NB], naive[3 * T];
  spconv_real M[9], U[9], k, head[3], pelvis[3], v_fd[3 * T];
  spconv_motion_clip clip, out;
  int t, i, ok = 1;

  /* the clip, Y up: forward +Z at 120 cm/s, sway along X, bob along Y, a
     slight yaw wobble about Y; spine bends forward, the thigh swings */
  for (t = 0; t < T; ++t) {
    double s = (double)t * (double)dt, yaw = 0.1 * sin(4.0 * s);
    root_pos[3 * t] = (spconv_real)(3.0 * sin(2.0 * 3.14159265358979 * s));      /* sway */
    root_pos[3 * t + 1] = (spconv_real)(95.0 + 2.0 * cos(4.0 * 3.14159265358979 * s)); /* bob */
    root_pos[3 * t + 2] = (spconv_real)(120.0 * s);                              /* forward */
    root_rot[4 * t] = (spconv_real)cos(yaw / 2);
    root_rot[4 * t + 1] = 0;
    root_rot[4 * t + 2] = (spconv_real)sin(yaw / 2);
    root_rot[4 * t + 3] = 0;
    for (i = 0; i < 3 * NB; ++i) local_rot[3 * NB * t + i] = 0; /* body 0 stays the identity */
    local_rot[3 * (t * NB + 1)] = (spconv_real)0.15;                              /* spine: about +X (left) */
    local_rot[3 * (t * NB + 3)] = (spconv_real)(0.4 * sin(2.0 * 3.14159265358979 * s)); /* thigh swing */
  }
  clip.frames = T;
  clip.bodies = NB;
  clip.root_pos = root_pos;
  clip.root_rot = root_rot;
  clip.root_rot_format = SPCONV_ROT_QUAT_WXYZ;
  clip.root_linvel = linvel;
  clip.root_angvel = angvel;
  clip.root_angvel_body = 0;
  clip.local_rot = local_rot;
  clip.local_rot_format = SPCONV_ROT_ROTVEC;
  clip.offsets = offsets;
  if (spconv_motion_linvel(linvel, root_pos, T, dt, SPCONV_MOTION_DIFF_CENTRAL) != SPCONV_OK ||
      spconv_motion_angvel(angvel, root_rot, T, dt, SPCONV_ROT_QUAT_WXYZ, 0,
                           SPCONV_MOTION_DIFF_CENTRAL) != SPCONV_OK)
    return 1;

  /* SMPL / BVH axes -> robot axes, world and body frames alike; cm -> m */
  out = clip;
  out.root_pos = root_pos_z;
  out.root_rot = root_rot_z;
  out.root_linvel = linvel_z;
  out.root_angvel = angvel_z;
  out.local_rot = local_rot_z;
  out.offsets = offsets_z;
  if (spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_BVH, SPCONV_AXIS_PRESET_ROBOT) != SPCONV_OK ||
      spconv_length_scale(&k, (spconv_real)0.01, 1) != SPCONV_OK ||
      spconv_motion_clip_convert(&out, &clip, M, M, k) != SPCONV_OK ||
      spconv_up_axis_matrix(U, SPCONV_AXIS_Y, SPCONV_AXIS_Z) != SPCONV_OK)
    return 1;
  for (t = 0; t < T; ++t) spconv_vec_change_axes(naive + 3 * t, U, root_pos + 3 * t);

  printf("M (BVH/SMPL -> robot) = [%g %g %g; %g %g %g; %g %g %g], length scale %g\n", M[0],
         M[1], M[2], M[3], M[4], M[5], M[6], M[7], M[8], k);
  printf("frame  root Y-up (cm): x      y      z  | root Z-up (m): x      y      z  | up-axis only (cm): x      y      z\n");
  for (t = 0; t < T; ++t)
    printf("%5d  %17.2f %6.2f %6.2f | %15.3f %6.3f %6.3f | %20.2f %6.2f %6.2f\n", t,
           root_pos[3 * t], root_pos[3 * t + 1], root_pos[3 * t + 2], root_pos_z[3 * t],
           root_pos_z[3 * t + 1], root_pos_z[3 * t + 2], naive[3 * t], naive[3 * t + 1],
           naive[3 * t + 2]);

  /* checks: walks along +X (1.2 m/s), sways along Y, pelvis ~0.95 m up Z,
     head above pelvis, velocities of the converted path = converted ones */
  {
    double dx = root_pos_z[3 * (T - 1)] - root_pos_z[0];
    double dy = root_pos_z[3 * (T - 1) + 1] - root_pos_z[1];
    printf("walked %.3f m along +X, %.3f m along Y (the up-axis matrix alone: %.1f cm along Y)\n",
           dx, dy, (double)(naive[3 * (T - 1) + 1] - naive[1]));
    if (!(dx > 0.25 && fabs(dy) < 0.05)) ok = 0;
  }
  if (spconv_motion_linvel(v_fd, root_pos_z, T, dt, SPCONV_MOTION_DIFF_CENTRAL) != SPCONV_OK) return 1;
  for (t = 0; t < T; ++t) {
    fk(pelvis, &out, t, 0);
    fk(head, &out, t, 2);
    if (!(head[2] > pelvis[2] + 0.4 && fabs(pelvis[2] - 0.95) < 0.05)) ok = 0;
    for (i = 0; i < 3; ++i)
      if (fabs((double)(v_fd[3 * t + i] - linvel_z[3 * t + i])) > 1e-4) ok = 0;
    if (!(linvel_z[3 * t] > 1.1)) ok = 0; /* forward speed along +X */
  }
  fk(head, &out, T - 1, 2);
  printf("head at the last frame: [%.3f %.3f %.3f] m; root velocity [%.3f %.3f %.3f] m/s\n",
         head[0], head[1], head[2], linvel_z[3 * (T / 2)], linvel_z[3 * (T / 2) + 1],
         linvel_z[3 * (T / 2) + 2]);
  printf("%s\n", ok ? "ok: the converted clip walks along +X, head up along +Z"
                    : "FAILED: the converted clip does not walk along +X with its head up");
  return ok ? 0 : 1;
}
