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

// rotations: Euler, matrices, rotation vectors, 6D and angular velocity on the device
__global__ void rotations_kernel(spconv_real *q, const spconv_real *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  spconv_real *qi = q + 4 * i, R[9], e[3] = {0, 0, 0}, d6[6], rv[3], a[4];
  spconv_quat_integrate_body_wxyz(qi, qi, w + 3 * i, static_cast<spconv_real>(0.01));
  spconv_quat_integrate_world_wxyz(qi, qi, w + 3 * i, static_cast<spconv_real>(0.01));
  if (spconv_quat_normalize_wxyz(qi, qi) != SPCONV_OK) return;
  spconv_mat_from_quat_wxyz(R, qi);
  if (spconv_euler_from_mat(e, R, SPCONV_EULER_ZYX, SPCONV_INTRINSIC) >= 0 &&
      spconv_quat_wxyz_from_euler(a, e, SPCONV_EULER_ZYX, SPCONV_INTRINSIC) == SPCONV_OK &&
      spconv_rot6d_from_mat(d6, R, SPCONV_ROT6D_ROWS) == SPCONV_OK &&
      spconv_mat_from_rot6d(R, d6, SPCONV_ROT6D_ROWS) == SPCONV_OK &&
      spconv_quat_wxyz_from_mat(qi, R) == SPCONV_OK &&
      spconv_mat_orthonormalize(R, R) == SPCONV_OK) {
    spconv_rotvec_from_quat_wxyz(rv, a);
    spconv_quat_wxyz_from_rotvec(a, rv);
    spconv_quat_slerp_wxyz(qi, qi, a, static_cast<spconv_real>(0.5));
    spconv_body_angvel_from_quats_wxyz(rv, qi, a, static_cast<spconv_real>(0.01));
    qi[0] += spconv_quat_angle_wxyz(qi, a) + spconv_rad_from_deg(rv[0]);
  }
  spconv_euler_seq seq;
  spconv_euler_kind kind;
  if (spconv_euler_parse_mujoco("XYZ", &seq, &kind) == SPCONV_OK &&
      spconv_quat_wxyz_from_mujoco_euler(a, e, "xYz") == SPCONV_OK)
    spconv_quat_canonical_wxyz(qi, a);
}
