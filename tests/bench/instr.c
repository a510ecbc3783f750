/* Instruction counts per element of each conversion, for callgrind:
   each kernel runs inside its own non-inlined function `count_<name>`, so
   `valgrind --tool=callgrind --toggle-collect='count_*'` counts only that
   work. See instructions.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spatial_conv.h"

#if defined(SPCONV_BENCH_MUJOCO) && !defined(SPCONV_USE_FLOAT)
#  include <mujoco/mujoco.h>
#  define WITH_MUJOCO 1
#else
#  define WITH_MUJOCO 0
#endif

#if defined(__GNUC__)
#  define NOINLINE __attribute__((noinline, noclone))
#  define BARRIER() __asm__ volatile("" ::: "memory") /* each rep really runs */
#else
#  define NOINLINE
#  define BARRIER() ((void)0)
#endif

enum { N = 1000, REPS = 10 };
static spconv_real a6[6 * N], b6[6 * N], q4[4 * N], o4[4 * N], qpos[7 * N], r3[3 * N], o3[3 * N];
static spconv_real s13[13 * N];
static spconv_state_convention mujoco, newton, isaaclab; /* set in main */

#define COUNT(name, call)                               \
  NOINLINE static void count_##name(void) {             \
    int rep;                                            \
    for (rep = 0; rep < REPS; ++rep) {         \
      call;                                     \
      BARRIER();                                \
    }              \
  }
COUNT(quat_xyzw_from_wxyz, spconv_quat_xyzw_from_wxyz_n(o4, q4, N))
COUNT(quat_xyzw_from_wxyz_inplace, spconv_quat_xyzw_from_wxyz_n(q4, q4, N))
COUNT(twist_shift, spconv_twist_shift_n(b6, a6, r3, N))
COUNT(wrench_shift, spconv_wrench_shift_n(b6, a6, r3, N))
COUNT(twist_from_mujoco_qvel, if (spconv_twist_from_mujoco_qvel_n(b6, a6, qpos + 3, 7, r3, N) != SPCONV_OK) abort())
COUNT(mujoco_qvel_from_twist, if (spconv_mujoco_qvel_from_twist_n(b6, a6, qpos + 3, 7, r3, N) != SPCONV_OK) abort())
COUNT(mujoco_qfrc_from_wrench, if (spconv_mujoco_qfrc_from_wrench_n(b6, a6, qpos + 3, 7, r3, N) != SPCONV_OK) abort())
COUNT(wrench_from_mujoco_qfrc, if (spconv_wrench_from_mujoco_qfrc_n(b6, a6, qpos + 3, 7, r3, N) != SPCONV_OK) abort())
COUNT(sap_twist_from_public, spconv_sap_twist_from_public_n(b6, a6, r3, N))
COUNT(public_twist_from_sap, spconv_public_twist_from_sap_n(b6, a6, r3, N))
COUNT(sap_wrench_from_public, spconv_sap_wrench_from_public_n(b6, a6, r3, N))
COUNT(public_wrench_from_sap, spconv_public_wrench_from_sap_n(b6, a6, r3, N))
COUNT(sap_body_force_from_public, spconv_sap_body_force_from_public_n(b6, a6, r3, N))
COUNT(public_body_force_from_sap, spconv_public_body_force_from_sap_n(b6, a6, r3, N))
COUNT(up_axis_vec3, if (spconv_vec_change_up_axis_n(o3, r3, N, SPCONV_AXIS_Y, SPCONV_AXIS_Z) != SPCONV_OK) abort())
COUNT(up_axis_spatial, if (spconv_spatial_change_up_axis_n(b6, a6, N, SPCONV_AXIS_Y, SPCONV_AXIS_Z) != SPCONV_OK) abort())
COUNT(state_mujoco_to_newton,
      if (spconv_state_convert_n(s13, 7, b6, 6, &newton, qpos, 7, a6, 6, &mujoco, r3, NULL, N) != SPCONV_OK) abort())
COUNT(state_mujoco_to_isaaclab,
      if (spconv_state_convert_n(s13, 13, s13 + 7, 13, &isaaclab, qpos, 7, a6, 6, &mujoco, r3, q4, N) != SPCONV_OK)
          abort())
COUNT(twist_convert_mujoco_to_newton,
      if (spconv_twist_convert_n(b6, 6, &newton.twist, a6, 6, &mujoco.twist, qpos, 7, &mujoco.pose, r3, NULL, N) !=
          SPCONV_OK) abort())
COUNT(wrench_convert_mujoco_to_newton,
      if (spconv_wrench_convert_n(b6, 6, &newton.twist, a6, 6, &mujoco.twist, qpos, 7, &mujoco.pose, r3, NULL, N) !=
          SPCONV_OK) abort())
COUNT(up_axis_quat_wxyz, if (spconv_quat_wxyz_change_world_up_axis_n(o4, q4, N, SPCONV_AXIS_Y, SPCONV_AXIS_Z) != SPCONV_OK) abort())

#if WITH_MUJOCO
/* MuJoCo's own functions, for the ratios of docs/performance.md */
static void mju_shift_n(mjtNum *res, const mjtNum *x, const mjtNum *r, int n) {
  static const mjtNum zero[3] = {0, 0, 0};
  int i;
  for (i = 0; i < n; ++i) mju_transformSpatial(res + 6 * i, x + 6 * i, 0, r + 3 * i, zero, NULL);
}
static void mju_qvel_mat_n(mjtNum *res, const mjtNum *qvel, const mjtNum *qp, const mjtNum *ip, int n) {
  int i;
  for (i = 0; i < n; ++i) {
    mjtNum R[9], w[3], r[3], c[3];
    mju_quat2Mat(R, qp + 7 * i + 3);
    mju_mulMatVec(w, R, qvel + 6 * i + 3, 3, 3);
    mju_mulMatVec(r, R, ip + 3 * i, 3, 3);
    mju_cross(c, w, r);
    mju_add3(res + 6 * i, qvel + 6 * i, c);
    mju_copy3(res + 6 * i + 3, w);
  }
}
COUNT(mju_transformSpatial_shift, mju_shift_n(b6, a6, r3, N))
COUNT(mju_quat2Mat_qvel_twist, mju_qvel_mat_n(b6, a6, qpos, r3, N))
#endif

int main(void) {
  int i;
  for (i = 0; i < 6 * N; ++i) a6[i] = (spconv_real)(i % 13) - 6;
  for (i = 0; i < 4 * N; ++i) q4[i] = (spconv_real)(i % 7) - 3;
  for (i = 0; i < 7 * N; ++i) qpos[i] = (spconv_real)(i % 5) + 1;
  for (i = 0; i < 3 * N; ++i) r3[i] = (spconv_real)(i % 3) - 1;
  mujoco = spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  newton = spconv_state_convention_from_preset(SPCONV_PRESET_NEWTON);
  isaaclab = spconv_state_convention_from_preset(SPCONV_PRESET_ISAACLAB);
  count_quat_xyzw_from_wxyz();
  count_quat_xyzw_from_wxyz_inplace();
  count_twist_shift();
  count_wrench_shift();
  count_twist_from_mujoco_qvel();
  count_mujoco_qvel_from_twist();
  count_mujoco_qfrc_from_wrench();
  count_wrench_from_mujoco_qfrc();
  count_sap_twist_from_public();
  count_public_twist_from_sap();
  count_sap_wrench_from_public();
  count_public_wrench_from_sap();
  count_sap_body_force_from_public();
  count_public_body_force_from_sap();
  count_up_axis_vec3();
  count_up_axis_spatial();
  count_up_axis_quat_wxyz();
  count_state_mujoco_to_newton();
  count_state_mujoco_to_isaaclab();
  count_twist_convert_mujoco_to_newton();
  count_wrench_convert_mujoco_to_newton();
#if WITH_MUJOCO
  count_mju_transformSpatial_shift();
  count_mju_quat2Mat_qvel_twist();
#endif
  printf("%g\n", (double)(b6[7] + o4[3] + o3[2] + s13[12])); /* keep the results alive */
  return 0;
}
