/* The inputs of the documentation's code (README.md, docs/index.md), for
   tests/readme_snippets.py: every name a task-table call or a C fragment
   uses and does not declare itself is a global here, reset to valid values
   before each snippet by readme_inputs_reset(). One translation unit
   includes this file (after spatial_conv.h). A snippet that uses a name not
   declared here fails to compile, at its own line of the document.

   Sizes fit the largest use: two bodies (n = 2) for the batch forms and
   the packed SAP arrays, whose layout holds a free joint (body 0) and a
   revolute joint (body 1); clips of 2 frames x 2 bodies. */
#ifndef README_SNIPPETS_INPUTS_H
#define README_SNIPPETS_INPUTS_H

#include <string.h>

/* README_SET(array, values...): array = {values...}; a wrong count does
   not compile (an array of size -1) */
#define README_SET(a, ...)                                 \
  do {                                                     \
    const spconv_real v_[] = {__VA_ARGS__};                \
    (void)sizeof(char[sizeof v_ == sizeof(a) ? 1 : -1]);   \
    memcpy(a, v_, sizeof v_);                              \
  } while (0)

/* ------------------------------------------------------------ conventions */
spconv_state_convention newton, mujoco, isaaclab3, bullet, drake;
spconv_body body;
int status;

/* ------------------------------------------------- quaternions, rotations */
spconv_real q_wxyz[4], q_xyzw[4], q0[4], q1[4], dt;
spconv_real quats_wxyz[8], quats_xyzw[8], rotvecs[6];
size_t n;
spconv_real R[9], angles[3], rpy[3], d6[6];
spconv_euler_seq seq;
spconv_euler_kind kind;
spconv_real v_body[3], v_world[3], w_body[3], w_world[3];

/* ------------------------------------------- body states (two bodies each) */
spconv_real qpos[14], qvel[12], ipos[6], iquat[8];
spconv_real body_q[14], body_qd[12], body_f[12], body_com[6], com[3];
spconv_real root_com_pose_w[7], root_com_vel_w[6], com_transform[7], com_velocity[6];
spconv_real twist[6], wrench[6], twist_drake[6], wrench_drake[6], qfrc[6];
spconv_real cvel[6], subtree_com[3], point[3], force[3], torque[3], r[3];

/* ------------------------------------------------------ axes, units, assets */
spconv_real M[9], p_world[3], p_gltf[3], points[6], pose[7], T[16], k, g[3];
spconv_real size[3], size_to[3], q_shape[4], pos[3], half_length, fromto[6];

/* ------------------------------------------------- rigid transforms, inertia */
spconv_real pose_a[7], pose_b[7], pose_ab[7], Ad[36], M6[36], twist_b[6], twist_out[6];
spconv_real wrench_out[6], I_com[9], I_o[9], diag[3], mass;
spconv_real pose_xyzw[7], poses[14], poses_xyzw[14], I_a[9], I_b[9], M6_a[36], M6_b[36];
spconv_real pose_b_in_a[7];

/* ------------------------------------------------------------- motion data */
spconv_real bvh_root_pos[6], bvh_root_rot[8], bvh_local_rot[16], bvh_offsets[6];
spconv_real robot_root_pos[6], robot_root_rot[8], robot_local_rot[16], robot_offsets[6];
spconv_motion_clip bvh_clip, robot_clip;
spconv_real root_pos[6], root_linvel[6];
int frames;
int rot_index[3], n_channels;
int perm[3];
size_t n_joints;
spconv_real joint_pos[3], joint_pos_mujoco[3];

/* --------------------------------------------- SAP, packed joint arrays */
spconv_real u_public[6], u_sap[6], g_public[6], g_sap[6], f_public[6], f_sap[6], r_oc[3];
spconv_real P_v[36], P_f[36];
const int joint_type[2] = {SPCONV_JOINT_FREE, SPCONV_JOINT_REVOLUTE};
const int joint_q_start[3] = {0, 7, 8}, joint_qd_start[3] = {0, 6, 7};
const int joint_child[2] = {0, 1};
spconv_joint_layout layout;
spconv_real joint_q[8], joint_q_wxyz[8], joint_qd[7], joint_f[7];

static void readme_inputs_reset(void) {
  newton = spconv_state_convention_from_preset(SPCONV_PRESET_NEWTON);
  mujoco = spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  isaaclab3 = spconv_state_convention_from_preset(SPCONV_PRESET_ISAACLAB3);
  bullet = spconv_state_convention_from_preset(SPCONV_PRESET_BULLET);
  drake = spconv_state_convention_from_preset(SPCONV_PRESET_DRAKE);
  README_SET(body.pos, 0, 0, 1);
  README_SET(body.quat_wxyz, 0.9238795325112867, 0, 0, 0.3826834323650898);
  README_SET(body.com, 0.1, 0, 0.05);
  README_SET(body.iquat_wxyz, 1, 0, 0, 0);
  status = SPCONV_EDEGENERATE;

  README_SET(q_wxyz, 0.9238795325112867, 0, 0, 0.3826834323650898);
  README_SET(q_xyzw, 0, 0, 0.3826834323650898, 0.9238795325112867);
  README_SET(q0, 1, 0, 0, 0);
  README_SET(q1, 0.9998766324816606, 0, 0, 0.015707317311820675);
  dt = 0.01;
  README_SET(quats_wxyz, 1, 0, 0, 0, 0, 0, 0, 1);
  README_SET(quats_xyzw, 0, 0, 0, 1, 0, 0, 1, 0);
  README_SET(rotvecs, 0, 0, 0.5, 0.1, -0.2, 0.3);
  n = 2;
  README_SET(R, 0, -1, 0, 1, 0, 0, 0, 0, 1);
  README_SET(angles, 0.1, 0.2, 0.3);
  README_SET(rpy, 0.1, 0.2, 0.3);
  README_SET(d6, 1, 0, 0, 0, 1, 0);
  seq = SPCONV_EULER_XYZ;
  kind = SPCONV_EULER_INTRINSIC;
  README_SET(v_body, 1, 0, 0);
  README_SET(v_world, 0, 0, 0);
  README_SET(w_body, 0, 0, 0);
  README_SET(w_world, 0, 0, 0);

  README_SET(qpos, 0, 0, 1, 1, 0, 0, 0, 1, 0, 1, 0.9238795325112867, 0, 0, 0.3826834323650898);
  README_SET(qvel, 1, 0, 0, 0, 0, 2, 0, 1, 0, 0.5, 0, 0);
  README_SET(ipos, 0.1, 0, 0, 0, 0.2, 0);
  README_SET(iquat, 1, 0, 0, 0, 1, 0, 0, 0);
  README_SET(body_q, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0.3826834323650898, 0.9238795325112867);
  README_SET(body_qd, 0.8, 0, 0, 0, 0, 2, 0, 1, 0, 0.5, 0, 0);
  README_SET(body_f, 0, 0, 9.81, 0, 0, 0.1, 1, 0, 0, 0, 0.2, 0);
  README_SET(body_com, 0.1, 0, 0, 0, 0.2, 0);
  README_SET(com, 0.1, 0, 0);
  README_SET(root_com_pose_w, 0, 0, 0, 0, 0, 0, 1);
  README_SET(root_com_vel_w, 0, 0, 0, 0, 0, 0);
  README_SET(com_transform, 0, 0, 0, 0, 0, 0, 1);
  README_SET(com_velocity, 0, 0, 0, 0, 0, 0);
  README_SET(twist, 1, 0, 0, 0, 0, 2);
  README_SET(wrench, 0, 0, 9.81, 0.1, 0, 0);
  README_SET(twist_drake, 0, 0, 0, 0, 0, 0);
  README_SET(wrench_drake, 0, 0, 0, 0, 0, 0);
  README_SET(qfrc, 0, 0, 0, 0, 0, 0);
  README_SET(cvel, 0, 0, 1, 0.5, 0, 0);
  README_SET(subtree_com, 0.1, 0.2, 0.9);
  README_SET(point, 0.5, 0, 1);
  README_SET(force, 0, 10, 0);
  README_SET(torque, 0, 0, 0);
  README_SET(r, 0.1, 0, 0);

  README_SET(M, 1, 0, 0, 0, 0, -1, 0, 1, 0);
  README_SET(p_world, 0, 0, 0);
  README_SET(p_gltf, 1, 2, 3);
  README_SET(points, 1, 2, 3, 4, 5, 6);
  README_SET(pose, 1, 2, 3, 1, 0, 0, 0);
  README_SET(T, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 20, 30, 1);
  README_SET(pose_a, 1, 0, 0, 0.9238795325112867, 0, 0, 0.3826834323650898);
  README_SET(pose_b, 0, 1, 0, 1, 0, 0, 0);
  memset(pose_ab, 0, sizeof pose_ab);
  memset(Ad, 0, sizeof Ad);
  memset(M6, 0, sizeof M6);
  README_SET(twist_b, 0, 0, 1, 0.5, 0, 0);
  memset(twist_out, 0, sizeof twist_out);
  memset(wrench_out, 0, sizeof wrench_out);
  README_SET(I_com, 0.02, 0, 0, 0, 0.03, 0, 0, 0, 0.04);
  memset(I_o, 0, sizeof I_o);
  README_SET(diag, 0.04, 0.03, 0.02);
  mass = 2;
  k = 0.01;
  README_SET(g, 0, 0, 0);
  README_SET(size, 0.05, 0.2, 0);
  README_SET(size_to, 0, 0, 0);
  README_SET(q_shape, 1, 0, 0, 0);
  README_SET(pos, 0, 0, 0);
  half_length = 0;
  README_SET(fromto, 0, 0, 0, 0, 0, 0.4);

  /* a 2-frame, 2-body clip: wxyz rotations, root at 1 m (cm units) */
  README_SET(bvh_root_pos, 0, 100, 0, 1, 100, 0);
  README_SET(bvh_root_rot, 1, 0, 0, 0, 1, 0, 0, 0);
  README_SET(bvh_local_rot, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0.9238795325112867,
              0.3826834323650898, 0, 0);
  README_SET(bvh_offsets, 0, 0, 0, 0, -40, 0);
  memset(&bvh_clip, 0, sizeof bvh_clip);
  bvh_clip.frames = 2;
  bvh_clip.bodies = 2;
  bvh_clip.root_pos = bvh_root_pos;
  bvh_clip.root_rot = bvh_root_rot;
  bvh_clip.root_rot_format = SPCONV_ROT_QUAT_WXYZ;
  bvh_clip.local_rot = bvh_local_rot;
  bvh_clip.local_rot_format = SPCONV_ROT_QUAT_WXYZ;
  bvh_clip.offsets = bvh_offsets;
  /* the robot clip starts as a valid clip of its own (Z up, metres) */
  README_SET(robot_root_pos, 0, 0, 1, 0.01, 0, 1);
  README_SET(robot_root_rot, 1, 0, 0, 0, 1, 0, 0, 0);
  README_SET(robot_local_rot, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0);
  README_SET(robot_offsets, 0, 0, 0, 0, 0, -0.4);
  robot_clip = bvh_clip;
  robot_clip.root_pos = robot_root_pos;
  robot_clip.root_rot = robot_root_rot;
  robot_clip.local_rot = robot_local_rot;
  robot_clip.offsets = robot_offsets;
  README_SET(root_pos, 0, 0, 1, 0.02, 0, 1);
  README_SET(root_linvel, 0, 0, 0, 0, 0, 0);
  frames = 2;
  rot_index[0] = rot_index[1] = rot_index[2] = 0;
  n_channels = 0;
  perm[0] = 2, perm[1] = 0, perm[2] = 1;
  n_joints = 3;
  README_SET(joint_pos, 0.1, 0.2, 0.3);
  README_SET(joint_pos_mujoco, 0, 0, 0);

  README_SET(u_public, 0.5, 0, -0.2, 0, 1.5, 0.3);
  README_SET(u_sap, 0, 0, 0, 0, 0, 0);
  README_SET(g_public, 0, 0, 9.81, 0.2, 0, 0);
  README_SET(g_sap, 0, 0, 0, 0, 0, 0);
  README_SET(f_public, 1, -2, 0, 0, 0, 0.1);
  README_SET(f_sap, 0, 0, 0, 0, 0, 0);
  README_SET(r_oc, 0.1, -0.05, 0.3);
  memset(P_v, 0, sizeof P_v);
  memset(P_f, 0, sizeof P_f);
  layout.joint_count = 2;
  layout.joint_type = joint_type;
  layout.joint_q_start = joint_q_start;
  layout.joint_qd_start = joint_qd_start;
  layout.joint_child = joint_child;
  layout.body_count = 2;
  README_SET(joint_q, 0, 0, 1, 0, 0, 0.3826834323650898, 0.9238795325112867, 0.5);
  memset(joint_q_wxyz, 0, sizeof joint_q_wxyz);
  README_SET(joint_qd, 0.5, 0, -0.2, 0, 1.5, 0.3, 2);
  README_SET(joint_f, 0, 0, 9.81, 0.2, 0, 0, 0.5);
}

#endif
