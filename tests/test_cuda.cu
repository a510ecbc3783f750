// The header compiles under nvcc: a __global__ kernel calls its functions on
// the device (compile-only check; nothing here needs a GPU to build).
#include "spatial_conv.h"

__global__ void mujoco_to_newton(spconv_real *twist, const spconv_real *qvel,
                                 const spconv_real *qpos, const spconv_real *ipos,
                                 int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  spconv_twist_from_mujoco_qvel(twist + 6 * i, qvel + 6 * i, qpos + 7 * i + 3, ipos + 3 * i);
}

__global__ void boundary_kernel(spconv_real *x, const spconv_real *r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  spconv_real *v = x + 6 * i;
  spconv_real q[4], M[9], g[3];
  spconv_sap_twist_from_public(v, v, r + 3 * i);
  spconv_public_twist_from_sap(v, v, r + 3 * i);
  spconv_wrench_shift(v, v, r + 3 * i);
  spconv_twist_shift(v, v, r + 3 * i);
  if (spconv_up_axis_quat_wxyz(q, SPCONV_AXIS_Y, SPCONV_AXIS_Z) == SPCONV_OK &&
      spconv_up_axis_matrix(M, SPCONV_AXIS_Y, SPCONV_AXIS_Z) == SPCONV_OK &&
      spconv_gravity(g, SPCONV_AXIS_Z, 9) == SPCONV_OK) {
    spconv_quat_rotate_wxyz(v, q, v);
    spconv_spatial_rotate(v, M, v);
    spconv_quat_xyzw_from_wxyz_n(q, q, 1);
    v[0] += spconv_power(v, v) + g[2];
  }
}

// Axis systems: a batch of poses and twists from a Unity scene into ROS FLU.
__global__ void unity_to_ros(spconv_real *pose_xyzw, spconv_real *twist, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  spconv_real M[9], k, s[3], q[4], h, p[3];
  spconv_axis_system a, b;
  if (spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_UNITY, SPCONV_AXIS_PRESET_ROS_FLU) != SPCONV_OK) return;
  spconv_pose_xyzw_change_axes(pose_xyzw + 7 * i, M, pose_xyzw + 7 * i);
  spconv_spatial_change_axes(twist + 6 * i, M, twist + 6 * i);
  if (spconv_length_scale(&k, (spconv_real)SPCONV_USD_METERS_PER_UNIT_FALLBACK, 1) == SPCONV_OK)
    spconv_twist_change_length_unit(twist + 6 * i, twist + 6 * i, k);
  if (spconv_axis_system_preset(&a, SPCONV_AXIS_PRESET_GLTF) == SPCONV_OK &&
      spconv_axis_system_preset(&b, SPCONV_AXIS_PRESET_MUJOCO) == SPCONV_OK &&
      spconv_axis_system_matrix(M, a, b) == SPCONV_OK &&
      spconv_axis_conversion(M, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Z, SPCONV_AXIS_NEG_Z, SPCONV_AXIS_POS_Y) == SPCONV_OK &&
      spconv_shape_convert(s, q, twist + 6 * i, SPCONV_SHAPE_CAPSULE, SPCONV_SHAPE_FORMAT_PHYSX,
                           SPCONV_AXIS_X, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z) == SPCONV_OK &&
      spconv_pose_from_mujoco_fromto(p, q, &h, twist + 6 * i) == SPCONV_OK &&
      spconv_gravity_signed(p, SPCONV_AXIS_NEG_Y, 9) == SPCONV_OK)
    twist[6 * i] += h + s[0] + p[1] + M[0];
}

// engine conventions as data: descriptors, presets, accelerations, c-frame,
// joint arrays and permutations on the device
__global__ void conventions_kernel(spconv_real *x, const spconv_real *pose, spconv_real *joint_q,
                                   const int *joint_type, const int *joint_q_start,
                                   const int *joint_qd_start, const int *joint_child,
                                   const int *perm, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  spconv_real *v = x + 6 * i;
  spconv_body b;
  for (int k = 0; k < 3; ++k) {
    b.pos[k] = pose[10 * i + k];
    b.com[k] = pose[10 * i + 7 + k];
  }
  for (int k = 0; k < 4; ++k) b.quat_wxyz[k] = pose[10 * i + 3 + k];
  spconv_convention to = spconv_convention_from_preset(SPCONV_PRESET_DRAKE);
  spconv_convention from = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  spconv_real M[36], t[6], s[3] = {0, 0, 0};
  int ok = spconv_twist_convert(t, &to, v, &from, &b) == SPCONV_OK;
  ok &= spconv_wrench_convert(v, &to, v, &from, &b) == SPCONV_OK;
  ok &= spconv_accel_convert(v, &to, v, &from, t, &b) == SPCONV_OK;
  ok &= spconv_twist_convert_matrix(M, &to, &from, &b) == SPCONV_OK;
  ok &= spconv_wrench_convert_matrix(M, &to, &from, &b) == SPCONV_OK;
  ok &= spconv_twist_from_mujoco_cframe(v, &to, v, s, &b) == SPCONV_OK;
  ok &= spconv_mujoco_cframe_from_twist(v, s, v, &from, &b) == SPCONV_OK;
  ok &= spconv_wrench_from_mujoco_cframe(v, &to, v, s, &b) == SPCONV_OK;
  ok &= spconv_mujoco_cframe_from_wrench(v, s, v, &from, &b) == SPCONV_OK;
  ok &= spconv_accel_from_mujoco_cframe(v, &to, v, t, s, &b) == SPCONV_OK;
  ok &= spconv_mujoco_cframe_from_accel(v, s, v, &from, t, &b) == SPCONV_OK;
  spconv_spatial_accel_from_classical(v, v, t);
  spconv_classical_accel_from_spatial(v, v, t);
  spconv_classical_accel_shift(v, v, t + 3, t);
  v[0] += ok && spconv_preset_id_name(SPCONV_PRESET_NEWTON) != NULL ? M[0] : M[1];
  if (i == 0) {
    spconv_joint_layout L;
    L.joint_count = 7;
    L.joint_type = joint_type;
    L.joint_q_start = joint_q_start;
    L.joint_qd_start = joint_qd_start;
    L.joint_child = joint_child;
    L.body_count = n;
    spconv_real *qd = joint_q + 32, *f = joint_q + 64, *bf = joint_q + 96;
    ok = spconv_joint_layout_check(&L) == SPCONV_OK;
    ok &= spconv_joint_q_wxyz_from_xyzw(joint_q, joint_q, &L) == SPCONV_OK;
    ok &= spconv_joint_q_xyzw_from_wxyz(joint_q, joint_q, &L) == SPCONV_OK;
    ok &= spconv_sap_joint_qd_from_public(qd, qd, &L, pose, pose) == SPCONV_OK;
    ok &= spconv_public_joint_qd_from_sap(qd, qd, &L, pose, pose) == SPCONV_OK;
    ok &= spconv_sap_joint_f_from_public(f, f, &L, pose, pose) == SPCONV_OK;
    ok &= spconv_public_joint_f_from_sap(f, f, &L, pose, pose) == SPCONV_OK;
    ok &= spconv_sap_body_force_from_public_packed(bf, bf, pose, pose, 1) == SPCONV_OK;
    ok &= spconv_public_body_force_from_sap_packed(bf, bf, pose, pose, 1) == SPCONV_OK;
    const spconv_sap_order pub = SPCONV_SAP_ORDER_PUBLIC;
    ok &= spconv_sap_boundary_in(qd, f, bf, &L, pose, pose, pub, pub, pub) == SPCONV_OK;
    ok &= spconv_sap_boundary_out(qd, &L, pose, pose, pub) == SPCONV_OK;
    ok &= spconv_joint_q_size(SPCONV_JOINT_D6, 1, 2) == 3 &&
          spconv_joint_qd_size(SPCONV_JOINT_BALL, 0, 0) == 3;
    int inv[8];
    ok &= spconv_perm_check(perm, 8) == SPCONV_OK;
    ok &= spconv_perm_inverse(inv, perm, 8) == SPCONV_OK;
    ok &= spconv_perm_gather(joint_q, joint_q, inv, 8) == SPCONV_OK;
    joint_q[0] += ok ? 1 : 0;
  }
}

// rotations: Euler, matrices, rotation vectors, 6D and angular velocity on the device
__global__ void rotations_kernel(spconv_real *q, const spconv_real *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  spconv_real *qi = q + 4 * i, R[9], e[3] = {0, 0, 0}, d6[6], rv[3], a[4];
  spconv_quat_integrate_body_wxyz(qi, qi, w + 3 * i, static_cast<spconv_real>(0.01));
  spconv_quat_integrate_world_wxyz(qi, qi, w + 3 * i, static_cast<spconv_real>(0.01));
  if (spconv_quat_normalize_wxyz(qi, qi) != SPCONV_OK) return;
  spconv_mat_from_quat_wxyz(R, qi);
  if (spconv_euler_from_mat(e, R, SPCONV_EULER_ZYX, SPCONV_EULER_INTRINSIC) >= 0 &&
      spconv_quat_wxyz_from_euler(a, e, SPCONV_EULER_ZYX, SPCONV_EULER_INTRINSIC) == SPCONV_OK &&
      spconv_rot6d_from_mat(d6, R, SPCONV_ROT6D_ROWS) == SPCONV_OK &&
      spconv_mat_from_rot6d(R, d6, SPCONV_ROT6D_ROWS) == SPCONV_OK &&
      spconv_quat_wxyz_from_mat(qi, R) == SPCONV_OK &&
      spconv_mat_orthonormalize(R, R) == SPCONV_OK) {
    spconv_rotvec_from_quat_wxyz(rv, a);
    spconv_quat_wxyz_from_rotvec(a, rv);
    spconv_quat_slerp_wxyz(qi, qi, a, static_cast<spconv_real>(0.5));
    if (spconv_body_angvel_from_quats_wxyz(rv, qi, a, static_cast<spconv_real>(0.01)) != SPCONV_OK)
      rv[0] = 0;
    qi[0] += spconv_quat_angle_wxyz(qi, a) + spconv_rad_from_deg(rv[0]);
  }
  spconv_euler_seq seq;
  spconv_euler_kind kind;
  if (spconv_euler_seq_from_mujoco(&seq, &kind, "XYZ") == SPCONV_OK &&
      spconv_quat_wxyz_from_mujoco_euler(a, e, "xYz") == SPCONV_OK)
    spconv_quat_canonical_wxyz(qi, a);
}

// motion data: one thread per clip (T frames, B bodies): convert to the
// robot convention, velocities, BVH channels and a joint-order map
__global__ void motion_kernel(spconv_real *pos, spconv_real *rot, spconv_real *local_rv,
                              spconv_real *vel, int frames, int bodies, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  spconv_real M[9], q[4] = {1, 0, 0, 0}, deg[3] = {10, 20, 30};
  spconv_motion_clip c;
  c.frames = frames;
  c.bodies = bodies;
  c.root_pos = pos + 3 * frames * i;
  c.root_rot = rot + 4 * frames * i;
  c.root_rot_format = SPCONV_ROT_QUAT_WXYZ;
  c.root_linvel = 0;
  c.root_angvel = 0;
  c.root_angvel_body = 0;
  c.local_rot = local_rv + 3 * frames * bodies * i;
  c.local_rot_format = SPCONV_ROT_ROTVEC;
  c.offsets = 0;
  if (spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_SMPL, SPCONV_AXIS_PRESET_ROBOT) != SPCONV_OK) return;
  if (spconv_motion_clip_convert(&c, &c, M, M, static_cast<spconv_real>(0.01)) != SPCONV_OK) return;
  if (spconv_motion_linvel(vel + 3 * frames * i, c.root_pos, frames, static_cast<spconv_real>(0.03),
                           SPCONV_MOTION_DIFF_CENTRAL) != SPCONV_OK)
    return;
  if (spconv_motion_angvel(vel + 3 * frames * i, c.root_rot, frames, static_cast<spconv_real>(0.03),
                           SPCONV_ROT_QUAT_WXYZ, 1, SPCONV_MOTION_DIFF_FORWARD) != SPCONV_OK)
    return;
  spconv_euler_seq seq;
  spconv_euler_kind kind;
  int idx[3], nch, perm[2] = {1, 0};
  char s[30];
  if (spconv_euler_seq_from_bvh_channels(&seq, &kind, idx, &nch, "Zrotation Xrotation Yrotation") == SPCONV_OK &&
      spconv_bvh_channels_from_euler_seq(s, sizeof s, seq, kind) == SPCONV_OK &&
      spconv_quat_wxyz_from_bvh(q, deg, seq) == SPCONV_OK &&
      spconv_bvh_from_quat_wxyz(deg, q, seq) >= 0 &&
      spconv_quat_wxyz_change_world_axes(q, M, q) == SPCONV_OK &&
      spconv_quat_wxyz_change_world_body_axes(q, M, M, q) == SPCONV_OK)
    spconv_quat_wxyz_change_axes(q, M, q);
  if (bodies == 2 &&
      spconv_perm_gather_frames(c.local_rot, c.local_rot, perm, frames, 2, 3) != SPCONV_OK)
    return;
  if (spconv_rot_convert_n(c.root_rot, SPCONV_ROT_QUAT_XYZW, c.root_rot, SPCONV_ROT_QUAT_WXYZ,
                           static_cast<size_t>(frames)) != SPCONV_OK)
    return;
  pos[0] += q[0] + deg[0];
}
