/* The 0.x names: a program written against spatial_conv 0.1 still compiles
   and gets the same results, bit for bit, as the names that replaced them
   (docs/migration.md). Every deprecated name is used below; the new names
   appear only as the reference each old call is compared with. */
#include "test_util.h"

/* a random signed permutation with det +1 or -1: a change of axes */
static void random_axes(spconv_real M[9]) {
  spconv_axis_system a, b;
  spconv_real R[9];
  int pa = (int)(test_next_u64() % (uint64_t)SPCONV_AXES_COUNT);
  int pb = (int)(test_next_u64() % (uint64_t)SPCONV_AXES_COUNT);
  assert_int_equal(spconv_axis_system_preset(&a, TEST_AXIS_PRESET(pa)), SPCONV_OK);
  assert_int_equal(spconv_axis_system_preset(&b, TEST_AXIS_PRESET(pb)), SPCONV_OK);
  assert_int_equal(spconv_axis_system_matrix(R, a, b), SPCONV_OK);
  memcpy(M, R, sizeof R);
}

/* axes_*, units_*, signed_axis_vector: the change-of-axes and unit family */
static void test_deprecated_axes_and_units(void **state) {
  int c;
  (void)state;
  test_seed(1201);
  for (c = 0; c < 200; ++c) {
    spconv_real M[9], N[9], v[7], x[6], I[9], a[9], b[9];
    spconv_real k = (spconv_real)test_uniform(0.01, 100.0);
    random_axes(M);
    random_axes(N);
    test_rand_vec(v, 7, 10.0);
    test_rand_vec(x, 6, 10.0);
    test_rand_vec(I, 9, 10.0);
    spconv_axes_compose(a, M, N);
    spconv_mat_mul(b, M, N);
    EXPECT_VEC_EQUAL(a, b, 9);
    spconv_axes_inverse(a, M);
    spconv_mat_transpose(b, M);
    EXPECT_VEC_EQUAL(a, b, 9);
    spconv_axes_vec(a, M, v);
    spconv_vec_change_axes(b, M, v);
    EXPECT_VEC_EQUAL(a, b, 3);
    spconv_axes_pseudovec(a, M, v);
    spconv_pseudovec_change_axes(b, M, v);
    EXPECT_VEC_EQUAL(a, b, 3);
    spconv_axes_rotation(a, M, I);
    spconv_mat_change_axes(b, M, I);
    EXPECT_VEC_EQUAL(a, b, 9);
    spconv_axes_inertia(a, M, I);
    spconv_inertia_change_axes(b, M, I);
    EXPECT_VEC_EQUAL(a, b, 9);
    spconv_axes_quat_wxyz(a, M, v);
    spconv_quat_wxyz_change_axes(b, M, v);
    EXPECT_VEC_EQUAL(a, b, 4);
    spconv_axes_quat_xyzw(a, M, v);
    spconv_quat_xyzw_change_axes(b, M, v);
    EXPECT_VEC_EQUAL(a, b, 4);
    spconv_axes_pose_wxyz(a, M, v);
    spconv_pose_wxyz_change_axes(b, M, v);
    EXPECT_VEC_EQUAL(a, b, 7);
    spconv_axes_pose_xyzw(a, M, v);
    spconv_pose_xyzw_change_axes(b, M, v);
    EXPECT_VEC_EQUAL(a, b, 7);
    spconv_axes_twist(a, M, x);
    spconv_spatial_change_axes(b, M, x);
    EXPECT_VEC_EQUAL(a, b, 6);
    spconv_axes_wrench(a, M, x);
    EXPECT_VEC_EQUAL(a, b, 6);
    spconv_axes_scale(a, M, v);
    spconv_scale_change_axes(b, M, v);
    EXPECT_VEC_EQUAL(a, b, 3);
    spconv_units_pose(a, v, k);
    spconv_pose_change_length_unit(b, v, k);
    EXPECT_VEC_EQUAL(a, b, 7);
    spconv_units_twist(a, x, k);
    spconv_twist_change_length_unit(b, x, k);
    EXPECT_VEC_EQUAL(a, b, 6);
    spconv_units_wrench(a, x, k);
    spconv_wrench_change_length_unit(b, x, k);
    EXPECT_VEC_EQUAL(a, b, 6);
    spconv_units_inertia(a, I, k);
    spconv_inertia_change_length_unit(b, I, k);
    EXPECT_VEC_EQUAL(a, b, 9);
  }
  {
    spconv_real a[3], b[3];
    assert_int_equal(spconv_signed_axis_vector(a, SPCONV_NEG_Y), SPCONV_OK);
    assert_int_equal(spconv_vec_from_signed_axis(b, SPCONV_AXIS_NEG_Y), SPCONV_OK);
    EXPECT_VEC_EQUAL(a, b, 3);
  }
}

/* the old enum values are the new ones */
static void test_deprecated_enum_values(void **state) {
  (void)state;
  assert_int_equal(SPCONV_FORWARD, SPCONV_DIRECTION_FORWARD);
  assert_int_equal(SPCONV_LEFT, SPCONV_DIRECTION_LEFT);
  assert_int_equal(SPCONV_UP, SPCONV_DIRECTION_UP);
  assert_int_equal(SPCONV_BACK, SPCONV_DIRECTION_BACK);
  assert_int_equal(SPCONV_RIGHT, SPCONV_DIRECTION_RIGHT);
  assert_int_equal(SPCONV_DOWN, SPCONV_DIRECTION_DOWN);
  assert_int_equal(SPCONV_EXTRINSIC, SPCONV_EULER_EXTRINSIC);
  assert_int_equal(SPCONV_INTRINSIC, SPCONV_EULER_INTRINSIC);
  assert_int_equal(SPCONV_POS_X, SPCONV_AXIS_POS_X);
  assert_int_equal(SPCONV_POS_Y, SPCONV_AXIS_POS_Y);
  assert_int_equal(SPCONV_POS_Z, SPCONV_AXIS_POS_Z);
  assert_int_equal(SPCONV_NEG_X, SPCONV_AXIS_NEG_X);
  assert_int_equal(SPCONV_NEG_Z, SPCONV_AXIS_NEG_Z);
  assert_int_equal(SPCONV_SHAPES_NEWTON, SPCONV_SHAPE_FORMAT_NEWTON);
  assert_int_equal(SPCONV_SHAPES_MUJOCO, SPCONV_SHAPE_FORMAT_MUJOCO);
  assert_int_equal(SPCONV_SHAPES_USD, SPCONV_SHAPE_FORMAT_USD);
  assert_int_equal(SPCONV_SHAPES_PHYSX, SPCONV_SHAPE_FORMAT_PHYSX);
  assert_int_equal(SPCONV_LINEAR_FIRST, SPCONV_ORDER_LINEAR_FIRST);
  assert_int_equal(SPCONV_ANGULAR_FIRST, SPCONV_ORDER_ANGULAR_FIRST);
  assert_int_equal(SPCONV_RADIANS, SPCONV_ANGLE_RADIANS);
  assert_int_equal(SPCONV_DEGREES, SPCONV_ANGLE_DEGREES);
  assert_int_equal(SPCONV_DIFF_FORWARD, SPCONV_MOTION_DIFF_FORWARD);
  assert_int_equal(SPCONV_DIFF_CENTRAL, SPCONV_MOTION_DIFF_CENTRAL);
  assert_int_equal(SPCONV_AXES_ROS_FLU, SPCONV_AXIS_PRESET_ROS_FLU);
  assert_int_equal(SPCONV_AXES_ROS_ENU, SPCONV_AXIS_PRESET_ROS_ENU);
  assert_int_equal(SPCONV_AXES_NED, SPCONV_AXIS_PRESET_NED);
  assert_int_equal(SPCONV_AXES_FRD, SPCONV_AXIS_PRESET_FRD);
  assert_int_equal(SPCONV_AXES_ROS_OPTICAL, SPCONV_AXIS_PRESET_ROS_OPTICAL);
  assert_int_equal(SPCONV_AXES_MUJOCO, SPCONV_AXIS_PRESET_MUJOCO);
  assert_int_equal(SPCONV_AXES_ISAAC, SPCONV_AXIS_PRESET_ISAAC);
  assert_int_equal(SPCONV_AXES_NEWTON, SPCONV_AXIS_PRESET_NEWTON);
  assert_int_equal(SPCONV_AXES_GENESIS, SPCONV_AXIS_PRESET_GENESIS);
  assert_int_equal(SPCONV_AXES_BLENDER, SPCONV_AXIS_PRESET_BLENDER);
  assert_int_equal(SPCONV_AXES_GLTF, SPCONV_AXIS_PRESET_GLTF);
  assert_int_equal(SPCONV_AXES_USD_Y_UP, SPCONV_AXIS_PRESET_USD_Y_UP);
  assert_int_equal(SPCONV_AXES_USD_Z_UP, SPCONV_AXIS_PRESET_USD_Z_UP);
  assert_int_equal(SPCONV_AXES_UNITY, SPCONV_AXIS_PRESET_UNITY);
  assert_int_equal(SPCONV_AXES_UNREAL, SPCONV_AXIS_PRESET_UNREAL);
  assert_int_equal(SPCONV_AXES_OPENGL_CAMERA, SPCONV_AXIS_PRESET_OPENGL_CAMERA);
  assert_int_equal(SPCONV_AXES_MAYA_Y_UP, SPCONV_AXIS_PRESET_MAYA_Y_UP);
  assert_int_equal(SPCONV_AXES_COUNT, SPCONV_AXIS_PRESET_COUNT);
  assert_int_equal(SPCONV_MOTION_COUNT, SPCONV_AXIS_PRESET_COUNT);
}

/* Euler and BVH parsers (the old argument order), presets by int */
static void test_deprecated_parsers_and_presets(void **state) {
  spconv_euler_seq s1 = SPCONV_EULER_XYZ, s2 = SPCONV_EULER_XYZ;
  spconv_euler_kind k1 = SPCONV_EXTRINSIC, k2 = SPCONV_EXTRINSIC;
  char buf1[32], buf2[32];
  int idx1[3], idx2[3], n1 = 0, n2 = 0, id;
  (void)state;
  assert_int_equal(spconv_euler_parse_scipy("ZYX", &s1, &k1), SPCONV_OK);
  assert_int_equal(spconv_euler_seq_from_scipy(&s2, &k2, "ZYX"), SPCONV_OK);
  assert_int_equal(s1, s2);
  assert_int_equal(k1, k2);
  assert_int_equal(spconv_euler_parse_mujoco("zxy", &s1, &k1), SPCONV_OK);
  assert_int_equal(spconv_euler_seq_from_mujoco(&s2, &k2, "zxy"), SPCONV_OK);
  assert_int_equal(s1, s2);
  assert_int_equal(k1, k2);
  assert_int_equal(spconv_bvh_channels_parse(&s1, &k1, idx1, &n1, "Xposition Zrotation Yrotation Xrotation"), SPCONV_OK);
  assert_int_equal(spconv_euler_seq_from_bvh_channels(&s2, &k2, idx2, &n2, "Xposition Zrotation Yrotation Xrotation"), SPCONV_OK);
  assert_int_equal(s1, s2);
  assert_int_equal(n1, n2);
  assert_memory_equal(idx1, idx2, sizeof idx1);
  assert_int_equal(spconv_bvh_channels_string(buf1, sizeof buf1, s1, k1), SPCONV_OK);
  assert_int_equal(spconv_bvh_channels_from_euler_seq(buf2, sizeof buf2, s2, k2), SPCONV_OK);
  assert_string_equal(buf1, buf2);
  for (id = SPCONV_PRESET_FIRST - 1; id <= SPCONV_PRESET_END; ++id) {
    spconv_convention a = spconv_preset(id);
    spconv_convention b = spconv_convention_from_preset((spconv_preset_id)id);
    assert_memory_equal(&a, &b, sizeof a);
    if (spconv_preset_name(id)) assert_string_equal(spconv_preset_name(id), spconv_preset_id_name((spconv_preset_id)id));
    else assert_null(spconv_preset_id_name((spconv_preset_id)id));
  }
}

/* motion_*, up_axis_*_n, quat_*_change_up_axis_n (0.2), sap_body_f_*: batch and
   motion names */
static void test_deprecated_motion_and_batch(void **state) {
  spconv_real M[9], N[9], q[8], a[16], b[16], rv[3];
  spconv_axis_system s1, s2;
  spconv_motion_preset p = SPCONV_MOTION_SMPL;
  (void)state;
  test_seed(1202);
  assert_int_equal(spconv_motion_axes(&s1, p), SPCONV_OK);
  assert_int_equal(spconv_axis_system_preset(&s2, SPCONV_AXIS_PRESET_SMPL), SPCONV_OK);
  assert_memory_equal(&s1, &s2, sizeof s1);
  assert_int_equal(spconv_motion_axes_matrix(M, SPCONV_MOTION_BVH, SPCONV_MOTION_ROBOT), SPCONV_OK);
  assert_int_equal(spconv_axis_preset_matrix(N, SPCONV_AXIS_PRESET_BVH, SPCONV_AXIS_PRESET_ROBOT), SPCONV_OK);
  EXPECT_VEC_EQUAL(M, N, 9);
  test_rand_quat(q);
  test_rand_quat(q + 4);
  test_rand_vec(rv, 3, 2.0);
  assert_int_equal(spconv_motion_mat_world_relabelled(a, M, N), SPCONV_OK);
  assert_int_equal(spconv_mat_change_world_axes(b, M, N), SPCONV_OK);
  EXPECT_VEC_EQUAL(a, b, 9);
  assert_int_equal(spconv_motion_quat_wxyz_world_relabelled(a, M, q), SPCONV_OK);
  assert_int_equal(spconv_quat_wxyz_change_world_axes(b, M, q), SPCONV_OK);
  EXPECT_VEC_EQUAL(a, b, 4);
  spconv_motion_mat_all_relabelled(a, M, N);
  spconv_mat_change_axes(b, M, N);
  EXPECT_VEC_EQUAL(a, b, 9);
  spconv_motion_quat_wxyz_all_relabelled(a, M, q);
  spconv_quat_wxyz_change_axes(b, M, q);
  EXPECT_VEC_EQUAL(a, b, 4);
  spconv_motion_rotvec_all_relabelled(a, M, rv);
  spconv_pseudovec_change_axes(b, M, rv);
  EXPECT_VEC_EQUAL(a, b, 3);
  assert_int_equal(spconv_motion_quat_wxyz_relabelled(a, M, M, q), SPCONV_OK);
  assert_int_equal(spconv_quat_wxyz_change_world_body_axes(b, M, M, q), SPCONV_OK);
  EXPECT_VEC_EQUAL(a, b, 4);
  assert_int_equal(spconv_motion_rot_convert(a, SPCONV_ROT_MAT, q, SPCONV_ROT_QUAT_WXYZ, 1), SPCONV_OK);
  assert_int_equal(spconv_rot_convert_n(b, SPCONV_ROT_MAT, q, SPCONV_ROT_QUAT_WXYZ, 1), SPCONV_OK);
  EXPECT_VEC_EQUAL(a, b, 9);
  {
    const int perm[4] = {2, 0, 3, 1}, parents[4] = {-1, 0, 1, 1};
    int pa[4], pb[4];
    assert_int_equal(spconv_motion_gather(a, q, perm, 2, 4, 1), SPCONV_OK);
    assert_int_equal(spconv_perm_gather_frames(b, q, perm, 2, 4, 1), SPCONV_OK);
    EXPECT_VEC_EQUAL(a, b, 8);
    assert_int_equal(spconv_motion_parents_gather(pa, parents, perm, 4), SPCONV_OK);
    assert_int_equal(spconv_perm_gather_parents(pb, parents, perm, 4), SPCONV_OK);
    assert_memory_equal(pa, pb, sizeof pa);
  }
  {
    spconv_real v[12], bq[14], com[6];
    test_rand_vec(v, 12, 3.0);
    test_rand_vec(com, 6, 1.0);
    test_rand_vec(bq, 14, 1.0);
    assert_int_equal(spconv_up_axis_vec3_n(a, v, 4, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
    assert_int_equal(spconv_vec_change_up_axis_n(b, v, 4, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
    EXPECT_VEC_EQUAL(a, b, 12);
    assert_int_equal(spconv_up_axis_spatial_n(a, v, 2, SPCONV_AXIS_Z, SPCONV_AXIS_X), SPCONV_OK);
    assert_int_equal(spconv_spatial_change_up_axis_n(b, v, 2, SPCONV_AXIS_Z, SPCONV_AXIS_X), SPCONV_OK);
    EXPECT_VEC_EQUAL(a, b, 12);
    assert_int_equal(spconv_up_axis_quat_wxyz_n(a, q, 2, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
    assert_int_equal(spconv_quat_wxyz_change_world_up_axis_n(b, q, 2, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
    EXPECT_VEC_EQUAL(a, b, 8);
    assert_int_equal(spconv_up_axis_quat_xyzw_n(a, q, 2, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
    assert_int_equal(spconv_quat_xyzw_change_world_up_axis_n(b, q, 2, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
    EXPECT_VEC_EQUAL(a, b, 8);
    /* 0.2 names of the world-only orientation forms (renamed before 1.0) */
    assert_int_equal(spconv_quat_wxyz_change_up_axis_n(a, q, 2, SPCONV_AXIS_Z, SPCONV_AXIS_X), SPCONV_OK);
    assert_int_equal(spconv_quat_wxyz_change_world_up_axis_n(b, q, 2, SPCONV_AXIS_Z, SPCONV_AXIS_X), SPCONV_OK);
    EXPECT_VEC_EQUAL(a, b, 8);
    assert_int_equal(spconv_quat_xyzw_change_up_axis_n(a, q, 2, SPCONV_AXIS_X, SPCONV_AXIS_Y), SPCONV_OK);
    assert_int_equal(spconv_quat_xyzw_change_world_up_axis_n(b, q, 2, SPCONV_AXIS_X, SPCONV_AXIS_Y), SPCONV_OK);
    EXPECT_VEC_EQUAL(a, b, 8);
    assert_int_equal(spconv_sap_body_f_from_public(a, v, bq, com, 2), SPCONV_OK);
    assert_int_equal(spconv_sap_body_force_from_public_packed(b, v, bq, com, 2), SPCONV_OK);
    EXPECT_VEC_EQUAL(a, b, 12);
    assert_int_equal(spconv_public_body_f_from_sap(a, v, bq, com, 2), SPCONV_OK);
    assert_int_equal(spconv_public_body_force_from_sap_packed(b, v, bq, com, 2), SPCONV_OK);
    EXPECT_VEC_EQUAL(a, b, 12);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_deprecated_axes_and_units),
      cmocka_unit_test(test_deprecated_enum_values),
      cmocka_unit_test(test_deprecated_parsers_and_presets),
      cmocka_unit_test(test_deprecated_motion_and_batch),
  };
  int failed = cmocka_run_group_tests_name("spatial_conv deprecated names (" TEST_PRECISION ")",
                                           tests, NULL, NULL);
  test_print_summary("spatial_conv deprecated names");
  return failed;
}
