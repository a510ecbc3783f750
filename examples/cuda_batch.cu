// spatial_conv on the GPU: the header's functions are __host__ __device__
// under nvcc, so a __global__ kernel calls them per thread. Two styles:
//   1. one body per thread, calling the single-element function;
//   2. a contiguous chunk per thread, calling the batch (_n) form.
// Built (compile only) by examples/CMakeLists.txt when nvcc is found; run it
// on a machine with a CUDA GPU: it converts MuJoCo free-body velocities to
// Newton COM twists on the device and checks them against the host.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "spatial_conv.h"

// 1. one free body per thread: qvel [v_O, world; w, body] -> COM twist
//    [v_C; w] (world), qpos of stride 7 ([p; q_wxyz]), body_ipos of stride 3.
__global__ void twist_from_qvel_kernel(spconv_real *twist, const spconv_real *qvel,
                                       const spconv_real *qpos, const spconv_real *ipos,
                                       int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  spconv_twist_from_mujoco_qvel(twist + 6 * i, qvel + 6 * i, qpos + 7 * i + 3, ipos + 3 * i);
}

// 2. a chunk of `per_thread` bodies per thread through the batch forms, in
//    place: COM twists -> SAP twists [w; v_O] and xyzw -> wxyz quaternions.
__global__ void sap_chunk_kernel(spconv_real *u, const spconv_real *r_oc, spconv_real *quat,
                                 int n, int per_thread) {
  int first = (blockIdx.x * blockDim.x + threadIdx.x) * per_thread;
  if (first >= n) return;
  int count = n - first < per_thread ? n - first : per_thread;
  spconv_sap_twist_from_public_n(u + 6 * first, u + 6 * first, r_oc + 3 * first, (size_t)count);
  spconv_quat_wxyz_from_xyzw_n(quat + 4 * first, quat + 4 * first, (size_t)count);
}

// Y-up data to a Z-up world, 6-vectors (twists or wrenches) one per thread.
__global__ void up_axis_kernel(spconv_real *x, int n, int *status) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int s = spconv_spatial_change_up_axis_n(x + 6 * i, x + 6 * i, 1, SPCONV_AXIS_Y, SPCONV_AXIS_Z);
  if (s != SPCONV_OK) *status = s;
}

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t e_ = (call);                                                     \
    if (e_ != cudaSuccess) {                                                     \
      fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e_));                \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

int main(void) {
  const int n = 10000;
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    printf("cuda_batch: no CUDA device, nothing to run\n");
    return 0;
  }
  size_t b6 = 6 * n * sizeof(spconv_real), b7 = 7 * n * sizeof(spconv_real),
         b3 = 3 * n * sizeof(spconv_real);
  spconv_real *qvel = (spconv_real *)malloc(b6), *qpos = (spconv_real *)malloc(b7),
              *ipos = (spconv_real *)malloc(b3), *twist = (spconv_real *)malloc(b6);
  for (int i = 0; i < 6 * n; ++i) qvel[i] = (spconv_real)((i % 11) - 5);
  for (int i = 0; i < 7 * n; ++i) qpos[i] = (spconv_real)((i % 7) - 3) + (spconv_real)0.5;
  for (int i = 0; i < 3 * n; ++i) ipos[i] = (spconv_real)((i % 5) - 2) * (spconv_real)0.1;
  spconv_real *d_qvel, *d_qpos, *d_ipos, *d_twist;
  CHECK(cudaMalloc(&d_qvel, b6));
  CHECK(cudaMalloc(&d_qpos, b7));
  CHECK(cudaMalloc(&d_ipos, b3));
  CHECK(cudaMalloc(&d_twist, b6));
  CHECK(cudaMemcpy(d_qvel, qvel, b6, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_qpos, qpos, b7, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_ipos, ipos, b3, cudaMemcpyHostToDevice));
  twist_from_qvel_kernel<<<(n + 255) / 256, 256>>>(d_twist, d_qvel, d_qpos, d_ipos, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(twist, d_twist, b6, cudaMemcpyDeviceToHost));
  double worst = 0;  // device vs host, relative to the size of the twist
  for (int i = 0; i < n; ++i) {
    spconv_real host[6];
    spconv_twist_from_mujoco_qvel(host, qvel + 6 * i, qpos + 7 * i + 3, ipos + 3 * i);
    for (int k = 0; k < 6; ++k)
      worst = fmax(worst, fabs((double)(host[k] - twist[6 * i + k])) /
                              fmax(1.0, fabs((double)host[k])));
  }
  printf("cuda_batch: %d bodies, largest device/host difference %.3g\n", n, worst);
  cudaFree(d_qvel), cudaFree(d_qpos), cudaFree(d_ipos), cudaFree(d_twist);
  free(qvel), free(qpos), free(ipos), free(twist);
  return worst < 1e-5 ? 0 : 1;
}
