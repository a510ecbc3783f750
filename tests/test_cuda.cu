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
  if (spconv_axis_preset_matrix(M, SPCONV_PRESET_UNITY, SPCONV_PRESET_ROS_FLU) != SPCONV_OK) return;
  spconv_axes_pose_xyzw(pose_xyzw + 7 * i, M, pose_xyzw + 7 * i);
  spconv_axes_twist(twist + 6 * i, M, twist + 6 * i);
  if (spconv_length_scale(&k, (spconv_real)SPCONV_USD_METERS_PER_UNIT_FALLBACK, 1) == SPCONV_OK)
    spconv_units_twist(twist + 6 * i, twist + 6 * i, k);
  if (spconv_axis_system_preset(&a, SPCONV_PRESET_GLTF) == SPCONV_OK &&
      spconv_axis_system_preset(&b, SPCONV_PRESET_MUJOCO) == SPCONV_OK &&
      spconv_axis_system_matrix(M, a, b) == SPCONV_OK &&
      spconv_axis_conversion(M, SPCONV_POS_Y, SPCONV_POS_Z, SPCONV_NEG_Z, SPCONV_POS_Y) == SPCONV_OK &&
      spconv_shape_convert(s, q, twist + 6 * i, SPCONV_SHAPE_CAPSULE, SPCONV_SHAPES_PHYSX,
                           SPCONV_AXIS_X, SPCONV_SHAPES_NEWTON, SPCONV_AXIS_Z) == SPCONV_OK &&
      spconv_pose_from_mujoco_fromto(p, q, &h, twist + 6 * i) == SPCONV_OK &&
      spconv_gravity_signed(p, SPCONV_NEG_Y, 9) == SPCONV_OK)
    twist[6 * i] += h + s[0] + p[1] + M[0];
}
