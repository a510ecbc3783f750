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
