/* Axis systems (4x4 transforms under a change of axes) and asset import
   (a mesh file's axes into a chosen axis system). Built in double and in
   float from this one source. */
#include "test_util.h"

static const spconv_real I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};

/* a random change of axes between two presets (det +1 or -1) */
static void random_preset_matrix(spconv_real M[9]) {
  int a = (int)(test_next_u64() % (uint64_t)SPCONV_AXIS_PRESET_COUNT);
  int b = (int)(test_next_u64() % (uint64_t)SPCONV_AXIS_PRESET_COUNT);
  assert_int_equal(spconv_axis_preset_matrix(M, TEST_AXIS_PRESET(a), TEST_AXIS_PRESET(b)),
                   SPCONV_OK);
}

/* T = [s R p; 0 0 0 1] row-major, R a random rotation, s a random scale */
static void random_transform(spconv_real T[16]) {
  spconv_real q[4], R[9], p[3];
  double s = test_uniform(0.1, 10.0);
  int i, j;
  test_rand_unit_quat(q);
  spconv_mat_from_quat_wxyz(R, q);
  test_rand_vec(p, 3, 5.0);
  for (i = 0; i < 3; ++i) {
    for (j = 0; j < 3; ++j) T[4 * i + j] = (spconv_real)(s * (double)R[3 * i + j]);
    T[4 * i + 3] = p[i];
  }
  T[12] = T[13] = T[14] = 0;
  T[15] = 1;
}

/* y = T x for a point x (row-major T) */
static void transform_point(spconv_real y[3], const spconv_real T[16], const spconv_real x[3]) {
  int i;
  for (i = 0; i < 3; ++i) y[i] = T[4 * i] * x[0] + T[4 * i + 1] * x[1] + T[4 * i + 2] * x[2] + T[4 * i + 3];
}

static void transpose4(spconv_real res[16], const spconv_real T[16]) {
  int i, j;
  for (i = 0; i < 4; ++i)
    for (j = 0; j < 4; ++j) res[4 * j + i] = T[4 * i + j];
}

/* the converted transform maps converted points: T' (k M x) = k M (T x) */
static void test_transform_change_axes_maps_points(void **state) {
  int c;
  (void)state;
  test_seed(1401);
  for (c = 0; c < TEST_CASES; ++c) {
    spconv_real M[9], T[16], Tc[16], x[3], y[3], xc[3], yc[3], want[3];
    spconv_real k = (spconv_real)test_uniform(0.01, 100.0);
    int i;
    random_preset_matrix(M);
    random_transform(T);
    test_rand_vec(x, 3, 5.0);
    assert_int_equal(spconv_transform_change_axes(Tc, M, T, k, SPCONV_MAT4_ROW_MAJOR), SPCONV_OK);
    transform_point(y, T, x);
    spconv_vec_change_axes(xc, M, x);
    spconv_vec_change_axes(want, M, y);
    for (i = 0; i < 3; ++i) {
      xc[i] *= k;
      want[i] *= k;
    }
    transform_point(yc, Tc, xc);
    EXPECT_VEC_NEAR(yc, want, 3, 100 * TEST_TOL);
    assert_true(Tc[12] == 0 && Tc[13] == 0 && Tc[14] == 0 && Tc[15] == 1);
  }
}

/* the same as composing the 3x3 and vector functions, in both layouts */
static void test_transform_change_axes_composes(void **state) {
  int c;
  (void)state;
  test_seed(1402);
  for (c = 0; c < 1000; ++c) {
    spconv_real M[9], T[16], Tcm[16], R[16], Rcm[16], A[9], A2[9], p[3], p2[3];
    spconv_real k = (spconv_real)test_uniform(0.01, 100.0);
    int i, j;
    random_preset_matrix(M);
    random_transform(T);
    for (i = 0; i < 3; ++i) {
      for (j = 0; j < 3; ++j) A[3 * i + j] = T[4 * i + j];
      p[i] = T[4 * i + 3];
    }
    spconv_mat_change_axes(A2, M, A);
    spconv_vec_change_axes(p2, M, p);
    assert_int_equal(spconv_transform_change_axes(R, M, T, k, SPCONV_MAT4_ROW_MAJOR), SPCONV_OK);
    for (i = 0; i < 3; ++i) {
      for (j = 0; j < 3; ++j) assert_memory_equal(&R[4 * i + j], &A2[3 * i + j], sizeof(spconv_real));
      EXPECT_NEAR(R[4 * i + 3], k * p2[i], TEST_TOL, fabs((double)(k * p2[i])));
    }
    /* column-major (glTF node.matrix): the transpose in, the transpose out */
    transpose4(Tcm, T);
    assert_int_equal(spconv_transform_change_axes(Rcm, M, Tcm, k, SPCONV_MAT4_COLUMN_MAJOR), SPCONV_OK);
    transpose4(T, Rcm);
    EXPECT_VEC_EQUAL(T, R, 16);
    /* in place */
    assert_int_equal(spconv_transform_change_axes(Tcm, M, Tcm, k, SPCONV_MAT4_COLUMN_MAJOR), SPCONV_OK);
    EXPECT_VEC_EQUAL(Tcm, Rcm, 16);
  }
}

/* a known value: glTF node (Y up, front +Z) translated 2 along +Z and turned
   90 degrees about +Y, into ROS (x forward, y left, z up): 2 along +X, the
   turn about +Z; column-major as glTF stores it */
static void test_transform_change_axes_gltf_known(void **state) {
  const spconv_real T[16] = {0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 2, 1};
  const spconv_real want[16] = {0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 1};
  spconv_real M[9], res[16];
  (void)state;
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_GLTF, SPCONV_AXIS_PRESET_ROS_FLU),
                   SPCONV_OK);
  assert_int_equal(spconv_transform_change_axes(res, M, T, 1, SPCONV_MAT4_COLUMN_MAJOR), SPCONV_OK);
  EXPECT_VEC_EQUAL(res, want, 16);
}

static void test_transform_change_axes_bad_input(void **state) {
  spconv_real T[16], res[16], keep[16];
  const spconv_real bad_k[4] = {0, -1, (spconv_real)INFINITY, (spconv_real)NAN};
  int i;
  (void)state;
  for (i = 0; i < 16; ++i) T[i] = (spconv_real)i;
  for (i = 0; i < 16; ++i) res[i] = keep[i] = 7;
  assert_int_equal(spconv_transform_change_axes(res, I3, T, 1, TEST_MAT4(2)), SPCONV_EINVAL);
  assert_int_equal(spconv_transform_change_axes(res, I3, T, 1, TEST_MAT4(-1)), SPCONV_EINVAL);
  assert_int_equal(spconv_transform_change_axes(res, I3, T, 1, (spconv_mat4_layout)0), SPCONV_EINVAL);
  for (i = 0; i < 4; ++i)
    assert_int_equal(spconv_transform_change_axes(res, I3, T, bad_k[i], SPCONV_MAT4_ROW_MAJOR),
                     SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(res, keep, 16);
}

/* a glTF asset into ROS / MuJoCo / Isaac faces +X, into Blender -Y */
static void test_asset_axes_matrix_known(void **state) {
  const spconv_real to_ros[9] = {0, 0, 1, 1, 0, 0, 0, 1, 0};     /* (x, y, z) -> (z, x, y) */
  const spconv_real blender_to_ros[9] = {0, -1, 0, 1, 0, 0, 0, 0, 1}; /* (x, y, z) -> (-y, x, z) */
  const spconv_real front_gltf[3] = {0, 0, 1}, front_blender[3] = {0, -1, 0};
  const spconv_real ex[3] = {1, 0, 0};
  const spconv_axis_preset x_forward[4] = {SPCONV_AXIS_PRESET_ROS_FLU, SPCONV_AXIS_PRESET_MUJOCO,
                                           SPCONV_AXIS_PRESET_ISAAC, SPCONV_AXIS_PRESET_NEWTON};
  spconv_real M[9], M2[9], v[3];
  int i;
  (void)state;
  for (i = 0; i < 4; ++i) {
    assert_int_equal(spconv_asset_axes_matrix(M, SPCONV_ASSET_GLTF, 0, x_forward[i]), SPCONV_OK);
    EXPECT_VEC_EQUAL(M, to_ros, 9);
    spconv_vec_change_axes(v, M, front_gltf);
    EXPECT_VEC_EQUAL(v, ex, 3);
  }
  /* glTF ignores file_is_z_up; OBJ / STL written Y-up read as glTF */
  assert_int_equal(spconv_asset_axes_matrix(M, SPCONV_ASSET_GLTF, 1, SPCONV_AXIS_PRESET_ROS_FLU), SPCONV_OK);
  EXPECT_VEC_EQUAL(M, to_ros, 9);
  assert_int_equal(spconv_asset_axes_matrix(M, SPCONV_ASSET_OBJ, 0, SPCONV_AXIS_PRESET_ROS_FLU), SPCONV_OK);
  EXPECT_VEC_EQUAL(M, to_ros, 9);
  /* Z-up STL in Blender's axes: front -Y becomes +X */
  assert_int_equal(spconv_asset_axes_matrix(M, SPCONV_ASSET_STL, 1, SPCONV_AXIS_PRESET_ROS_FLU), SPCONV_OK);
  EXPECT_VEC_EQUAL(M, blender_to_ros, 9);
  spconv_vec_change_axes(v, M, front_blender);
  EXPECT_VEC_EQUAL(v, ex, 3);
  /* into Blender: the up-axis turn alone, spconv_asset_import_matrix */
  assert_int_equal(spconv_asset_axes_matrix(M, SPCONV_ASSET_GLTF, 0, SPCONV_AXIS_PRESET_BLENDER), SPCONV_OK);
  assert_int_equal(spconv_asset_import_matrix(M2, SPCONV_ASSET_GLTF, 0), SPCONV_OK);
  EXPECT_VEC_EQUAL(M, M2, 9);
  spconv_vec_change_axes(v, M, front_gltf);
  EXPECT_VEC_EQUAL(v, front_blender, 3);
}

/* docs/axes.md, "glTF into a Z-up world: two calls, two intents", pinned
   value for value so that the page and the code cannot drift apart. glTF
   (spec, "Coordinate System and Units"): +Y up, front faces +Z, +X is the
   asset's left.
   (a) up axis only, as Blender's glTF importer and Genesis do:
       (x, y, z) -> (x, -z, y), +90 deg about X, q = (h, h, 0, 0); the front
       lands on -Y (Blender's facing), up on +Z, left on +X.
   (b) face the robot world's forward (ROS / MuJoCo / Isaac / Newton /
       Genesis / ROBOT presets): (x, y, z) -> (z, x, y), q = (1/2)(1, 1, 1, 1);
       the front lands on +X, up on +Z, left on +Y. (b) = Rz(+90 deg) (a). */
static void test_gltf_to_z_up_two_calls_pinned(void **state) {
  const spconv_real A[9] = {1, 0, 0, 0, 0, -1, 0, 1, 0}; /* (x, -z, y) */
  const spconv_real B[9] = {0, 0, 1, 1, 0, 0, 0, 1, 0};  /* (z, x, y) */
  const spconv_real Rz90[9] = {0, -1, 0, 1, 0, 0, 0, 0, 1};
  /* glTF front, up, left and a point, stored as 4 vectors for the batch call */
  const spconv_real gltf[12] = {0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 2, 3};
  const spconv_real want_a[12] = {0, -1, 0, 0, 0, 1, 1, 0, 0, 1, -3, 2};
  const spconv_real want_b[12] = {1, 0, 0, 0, 0, 1, 0, 1, 0, 3, 1, 2};
  const spconv_real h = (spconv_real)0.70710678118654752440;
  const spconv_real qa[4] = {h, h, 0, 0};
  const spconv_real qb[4] = {(spconv_real)0.5, (spconv_real)0.5, (spconv_real)0.5,
                             (spconv_real)0.5};
  const spconv_real id_q[4] = {1, 0, 0, 0};
  /* golden row of the page: q_wxyz -> (w, z, x, y), angular velocity (z, x, y) */
  const spconv_real q[4] = {(spconv_real)0.5, (spconv_real)0.1, (spconv_real)-0.7,
                            (spconv_real)0.3};
  const spconv_real want_qb[4] = {(spconv_real)0.5, (spconv_real)0.3, (spconv_real)0.1,
                                  (spconv_real)-0.7};
  const spconv_axis_preset x_forward[6] = {
      SPCONV_AXIS_PRESET_ROS_FLU, SPCONV_AXIS_PRESET_MUJOCO,  SPCONV_AXIS_PRESET_ISAAC,
      SPCONV_AXIS_PRESET_NEWTON,  SPCONV_AXIS_PRESET_GENESIS, SPCONV_AXIS_PRESET_ROBOT};
  const spconv_axis_preset face_minus_y[2] = {SPCONV_AXIS_PRESET_BLENDER,
                                              SPCONV_AXIS_PRESET_USD_Z_UP};
  spconv_real M[9], P[9], v[12], r[4], R[9];
  spconv_axis_system s;
  int i, z;
  (void)state;

  /* the presets table: glTF is (left, up, forward), Blender (left, back, up) */
  assert_int_equal(spconv_axis_system_preset(&s, SPCONV_AXIS_PRESET_GLTF), SPCONV_OK);
  assert_int_equal(s.x, SPCONV_DIRECTION_LEFT);
  assert_int_equal(s.y, SPCONV_DIRECTION_UP);
  assert_int_equal(s.z, SPCONV_DIRECTION_FORWARD);
  assert_int_equal(spconv_axis_system_preset(&s, SPCONV_AXIS_PRESET_BLENDER), SPCONV_OK);
  assert_int_equal(s.x, SPCONV_DIRECTION_LEFT);
  assert_int_equal(s.y, SPCONV_DIRECTION_BACK);
  assert_int_equal(s.z, SPCONV_DIRECTION_UP);

  /* (a): every call the page lists gives A */
  for (z = 0; z < 2; ++z) { /* glTF ignores file_is_z_up */
    assert_int_equal(spconv_asset_import_matrix(M, SPCONV_ASSET_GLTF, z), SPCONV_OK);
    EXPECT_VEC_EQUAL(M, A, 9);
    assert_int_equal(spconv_asset_import_quat_wxyz(r, SPCONV_ASSET_GLTF, z), SPCONV_OK);
    EXPECT_VEC_NEAR(r, qa, 4, TEST_TOL);
    for (i = 0; i < 2; ++i) {
      assert_int_equal(spconv_asset_axes_matrix(M, SPCONV_ASSET_GLTF, z, face_minus_y[i]),
                       SPCONV_OK);
      EXPECT_VEC_EQUAL(M, A, 9);
    }
  }
  assert_int_equal(spconv_up_axis_matrix(M, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
  EXPECT_VEC_EQUAL(M, A, 9);
  assert_int_equal(spconv_up_axis_quat_wxyz(r, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
  EXPECT_VEC_NEAR(r, qa, 4, TEST_TOL);
  /* Blender's labels "-Z forward, Y up" -> "Y forward, Z up" (forward = the
     way the front view looks), and the same in asset facing: front +Z -> -Y */
  assert_int_equal(spconv_axis_conversion(M, SPCONV_AXIS_NEG_Z, SPCONV_AXIS_POS_Y,
                                          SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Z), SPCONV_OK);
  EXPECT_VEC_EQUAL(M, A, 9);
  assert_int_equal(spconv_axis_conversion(M, SPCONV_AXIS_POS_Z, SPCONV_AXIS_POS_Y,
                                          SPCONV_AXIS_NEG_Y, SPCONV_AXIS_POS_Z), SPCONV_OK);
  EXPECT_VEC_EQUAL(M, A, 9);
  /* where front, up, left and (1, 2, 3) land: the batch call, and M v */
  assert_int_equal(spconv_vec_change_up_axis_n(v, gltf, 4, SPCONV_AXIS_Y, SPCONV_AXIS_Z),
                   SPCONV_OK);
  EXPECT_VEC_EQUAL(v, want_a, 12);
  for (i = 0; i < 4; ++i) {
    spconv_vec_change_axes(r, A, gltf + 3 * i);
    EXPECT_VEC_EQUAL(r, want_a + 3 * i, 3);
  }
  /* a body at rest placed world-only: q_M q = (h, h, 0, 0) */
  assert_int_equal(spconv_quat_wxyz_change_world_up_axis_n(r, id_q, 1, SPCONV_AXIS_Y, SPCONV_AXIS_Z),
                   SPCONV_OK);
  EXPECT_VEC_NEAR(r, qa, 4, TEST_TOL);

  /* (b): every robot Z-up preset gives B, whatever the flag says for glTF */
  for (z = 0; z < 2; ++z)
    for (i = 0; i < 6; ++i) {
      int k;
      assert_int_equal(spconv_asset_axes_matrix(M, SPCONV_ASSET_GLTF, z, x_forward[i]),
                       SPCONV_OK);
      EXPECT_VEC_EQUAL(M, B, 9);
      for (k = 0; k < 4; ++k) {
        spconv_vec_change_axes(r, M, gltf + 3 * k);
        EXPECT_VEC_EQUAL(r, want_b + 3 * k, 3);
      }
    }
  /* in asset facing: front +Z -> +X, up +Y -> +Z */
  assert_int_equal(spconv_axis_conversion(M, SPCONV_AXIS_POS_Z, SPCONV_AXIS_POS_Y,
                                          SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_Z), SPCONV_OK);
  EXPECT_VEC_EQUAL(M, B, 9);
  /* B = Rz(+90 deg) A: the up-axis turn, then a quarter turn about up */
  spconv_mat_mul(P, Rz90, A);
  EXPECT_VEC_EQUAL(P, B, 9);
  /* its quaternion (1/2)(1, 1, 1, 1): 120 deg about (1, 1, 1) */
  test_mat_of_quat(R, qb);
  EXPECT_VEC_NEAR(R, B, 9, TEST_TOL);
  /* the golden row: q_wxyz -> (w, z, x, y); angular velocity (z, x, y) */
  spconv_quat_wxyz_change_axes(r, B, q);
  EXPECT_VEC_EQUAL(r, want_qb, 4);
  spconv_pseudovec_change_axes(r, B, gltf + 9);
  EXPECT_VEC_EQUAL(r, want_b + 9, 3);

  /* the two answers differ: the same front lands on -Y with (a), +X with (b) */
  assert_true(want_a[1] == -1 && want_b[0] == 1);
  for (i = 0; i < 9; ++i)
    if (A[i] != B[i]) break;
  assert_true(i < 9);
}

static void test_asset_axes_matrix_bad_input(void **state) {
  spconv_real M[9], keep[9];
  int i;
  (void)state;
  for (i = 0; i < 9; ++i) M[i] = keep[i] = 5;
  assert_int_equal(spconv_asset_axes_matrix(M, TEST_ASSET(3), 0, SPCONV_AXIS_PRESET_ROS_FLU),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_asset_axes_matrix(M, TEST_ASSET(-1), 0, SPCONV_AXIS_PRESET_ROS_FLU),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_asset_axes_matrix(M, SPCONV_ASSET_GLTF, 0, SPCONV_AXIS_PRESET_END),
                   SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(M, keep, 9);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_transform_change_axes_maps_points),
      cmocka_unit_test(test_transform_change_axes_composes),
      cmocka_unit_test(test_transform_change_axes_gltf_known),
      cmocka_unit_test(test_transform_change_axes_bad_input),
      cmocka_unit_test(test_asset_axes_matrix_known),
      cmocka_unit_test(test_gltf_to_z_up_two_calls_pinned),
      cmocka_unit_test(test_asset_axes_matrix_bad_input),
  };
  int failed = cmocka_run_group_tests_name("spatial_conv 4x4 transforms and assets (" TEST_PRECISION ")",
                                           tests, NULL, NULL);
  test_print_summary("spatial_conv 4x4 transforms and assets");
  return failed;
}
