/* Forced include (-include) for the -ffast-math builds of the test suites
   (tests/compiler_matrix.sh). It drops from a suite the tests that rely on
   what -ffast-math gives up, each listed below with its reason, and runs
   every other test of the suite unchanged. SPCONV_FM_SUITE names the suite
   (core, rotations, ...); a listed test that the suite does not have
   fails the run, so the list cannot go stale. See docs/compilers.md. */
#ifndef SPCONV_FAST_MATH_FILTER_H
#define SPCONV_FAST_MATH_FILTER_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#ifndef SPCONV_FM_SUITE
#  error "define SPCONV_FM_SUITE to the suite's name (-DSPCONV_FM_SUITE=core)"
#endif
#define SPCONV_FM_STR2(x) #x
#define SPCONV_FM_STR(x) SPCONV_FM_STR2(x)
#define SPCONV_FM_NAME SPCONV_FM_STR(SPCONV_FM_SUITE)

/* suite, test, why it cannot hold under -ffast-math */
static const char *const spconv_fm_excluded[][3] = {
  /* bit-for-bit results: -ffast-math lets the compiler reassociate and
     contract each inlined call site differently, so the same function can
     round differently in two places, and an exact known value (1, 0.5) can
     come out one ulp off (the values still agree to TEST_TOL) */
  {"core", "test_quat_wxyz_xyzw_reorder_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_quat_rotate_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_quat_mul_conj_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_twist_shift_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_wrench_shift_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_spatial_swap_rotate_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_twist_from_mujoco_qvel_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_mujoco_qvel_from_twist_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_mujoco_qfrc_from_wrench_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_wrench_from_mujoco_qfrc_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_twist_from_mujoco_cvel_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_sap_twist_from_public_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_public_twist_from_sap_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_sap_wrench_from_public_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_public_wrench_from_sap_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_sap_body_force_from_public_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_public_body_force_from_sap_aliasing", "in place == out of place, bit for bit"},
  {"core", "test_sap_twist_wrench_matrix_aliasing", "in place == out of place, bit for bit"},
  {"rotations", "test_quat_inv_normalize_canonical_slerp_aliasing", "in place == out of place, bit for bit"},
  {"rotations", "test_mat_quat_transpose_orthonormalize_aliasing", "in place == out of place, bit for bit"},
  {"rotations", "test_axis_angle_rotvec_aliasing", "in place == out of place, bit for bit"},
  {"rotations", "test_euler_aliasing", "in place == out of place, bit for bit"},
  {"rotations", "test_urdf_drake_rpy_aliasing", "in place == out of place, bit for bit"},
  {"rotations", "test_rot6d_aliasing", "in place == out of place, bit for bit"},
  {"rotations", "test_quat_integrate_body_world_aliasing", "in place == out of place, bit for bit"},
  {"rotations", "test_body_world_angvel_from_quats_aliasing", "in place == out of place, bit for bit"},
  {"rotations", "test_rad_deg3_aliasing", "in place == out of place, bit for bit"},
  {"rotations", "test_quat_wxyz_from_mat_known_values", "exact quaternions of quarter turns"},
  {"rotations", "test_rotvec_from_quat_wxyz_known_values", "exact rotation vectors"},
  {"rotations", "test_axis_angle_from_quat_wxyz_known_values", "exact axis and angle"},
  {"axes", "test_pose_from_mujoco_fromto", "exact quaternions and positions, bit for bit"},
  {"conventions", "test_twist_wrench_accel_convert_aliasing", "in place == out of place, bit for bit"},
  {"conventions", "test_mujoco_cframe_aliasing", "in place == out of place, bit for bit"},
  {"conventions", "test_spatial_classical_accel_shift_aliasing", "in place == out of place, bit for bit"},
  {"conventions", "test_sap_boundary_in_out", "assert_memory_equal of two call sites"},
  /* NaN and infinity: -ffinite-math-only lets the compiler assume no input
     is NaN or inf, so the x - x == x - x finiteness checks fold to true */
  {"rotations", "test_quat_normalize_wxyz_degenerate", "NaN / inf quaternions refused"},
  {"rotations", "test_axis_angle_from_quat_wxyz_degenerate", "NaN / inf quaternions refused"},
  {"rotations", "test_urdf_rpy_from_quat_wxyz_degenerate", "NaN / inf quaternions refused"},
  {"rotations", "test_euler_from_quat_wxyz_bad_input", "NaN / inf quaternions refused"},
  {"rotations", "test_quat_wxyz_from_mat_bad_input", "NaN matrices refused"},
  {"rotations", "test_mat_orthonormalize_bad_input", "NaN matrices refused"},
  {"rotations", "test_rot6d_bad_input", "NaN 6D vectors refused"},
  {"rotations", "test_rotvec_from_quat_wxyz_zero_nan", "NaN propagates"},
  {"rotations", "test_quat_slerp_angle_wxyz_zero_nan", "NaN propagates"},
  {"axes", "test_length_scale", "NaN / inf unit scales refused"},
  {"axes", "test_usd_stage_matrix", "NaN unit scales refused"},
  {"rotations", "test_euler_format_bad_input", "NaN quaternions and angles refused"},
  {"axes", "test_shape_convert_bad_input", "NaN shape sizes refused"},
  {"axes", "test_shape_volume_com_bad_input", "NaN shape sizes refused"},
};

static int spconv_fm_run_group(const char *group_name, const struct CMUnitTest *tests,
                               size_t n, CMFixtureFunction setup, CMFixtureFunction teardown) {
  struct CMUnitTest kept[512];
  size_t i, j, k = 0, nx = sizeof spconv_fm_excluded / sizeof spconv_fm_excluded[0];
  int missing = 0;
  for (i = 0; i < n && k < 512; ++i) {
    int drop = 0;
    for (j = 0; j < nx; ++j)
      if (strcmp(spconv_fm_excluded[j][0], SPCONV_FM_NAME) == 0 &&
          strcmp(spconv_fm_excluded[j][1], tests[i].name) == 0)
        drop = 1;
    if (drop) printf("-ffast-math: %s excluded\n", tests[i].name);
    else kept[k++] = tests[i];
  }
  for (j = 0; j < nx; ++j) {
    int found = 0;
    if (strcmp(spconv_fm_excluded[j][0], SPCONV_FM_NAME) != 0) continue;
    for (i = 0; i < n; ++i) found |= strcmp(spconv_fm_excluded[j][1], tests[i].name) == 0;
    if (!found) {
      printf("-ffast-math: listed test %s is not in suite %s\n", spconv_fm_excluded[j][1],
             SPCONV_FM_NAME);
      missing = 1;
    }
  }
  if (missing || n > 512) return 1;
  return _cmocka_run_group_tests(group_name, kept, k, setup, teardown);
}
#define _cmocka_run_group_tests spconv_fm_run_group

#endif
