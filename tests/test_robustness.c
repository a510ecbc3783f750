/* spatial_conv bad-input policy (docs/robustness.md): one test per rule,
   named after the rule (G = general, Q = quaternions, S = spatial vectors,
   M = MuJoCo free joint, P = SAP boundary, U = up axis, A = axis systems,
   R = rotations, C = conventions as data, D = motion data, B = batch forms,
   E = the error model: one status per condition across families).
   Built in double and in float from this one source. */
#include "test_util.h"

#include <float.h>
#include <limits.h>

#ifdef SPCONV_USE_FLOAT
#  define R_MAX FLT_MAX
#  define R_TRUE_MIN 1.40129846e-45f
#  define Q_BIG 1e18  /* |q|^2 stays a normal float */
#else
#  define R_MAX DBL_MAX
#  define R_TRUE_MIN 4.9406564584124654e-324
#  define Q_BIG 1e150 /* |q|^2 stays a normal double */
#endif
#define R_NAN ((spconv_real)NAN)
#define R_INF ((spconv_real)INFINITY)
#define SENT ((spconv_real)12345.25)

static void fill(spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i) v[i] = SENT;
}
static void expect_untouched(const spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i) assert_true(v[i] == SENT);
}
static int any_nan(const spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i)
    if (v[i] != v[i]) return 1;
  return 0;
}
static int all_finite(const spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i)
    if (!isfinite(v[i])) return 0;
  return 1;
}
static double norm(const spconv_real *v, int n) {
  double s = 0;
  int i;
  for (i = 0; i < n; ++i) s += (double)v[i] * (double)v[i];
  return sqrt(s);
}

/* =================================================================== general */

/* G1: an unknown enum value or bad argument gives SPCONV_EINVAL and leaves
   every output untouched, whatever the other arguments hold. */
static void test_G1_einval_untouched(void **state) {
  spconv_real M[9], q[4], g[3], e[3], d6[6], R[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  spconv_real angles[3] = {R_NAN, 0, 0}, one[4] = {1, 0, 0, 0};
  int bad[] = {-1, 3, 12, 99, INT_MAX, INT_MIN}, i;
  (void)state;
  for (i = 0; i < 6; ++i) {
    int b = bad[i];
    fill(M, 9);
    fill(q, 4);
    fill(g, 3);
    fill(e, 3);
    fill(d6, 6);
    assert_int_equal(spconv_up_axis_matrix(M, (spconv_axis)b, SPCONV_AXIS_Z), SPCONV_EINVAL);
    assert_int_equal(spconv_up_axis_quat_wxyz(q, SPCONV_AXIS_Y, (spconv_axis)b), SPCONV_EINVAL);
    assert_int_equal(spconv_gravity(g, (spconv_axis)b, 9), SPCONV_EINVAL);
    if (b < 0 || b > 11) {
      assert_int_equal(spconv_quat_wxyz_from_euler(q, angles, (spconv_euler_seq)b, SPCONV_EULER_INTRINSIC),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_euler_from_quat_wxyz(e, one, (spconv_euler_seq)b, SPCONV_EULER_EXTRINSIC),
                       SPCONV_EINVAL);
    }
    assert_int_equal(spconv_euler_from_mat(e, R, SPCONV_EULER_XYZ, (spconv_euler_kind)(b == 0 ? 2 : b)),
                     SPCONV_EINVAL);
    assert_int_equal(spconv_rot6d_from_mat(d6, R, (spconv_rot6d_layout)b), SPCONV_EINVAL);
    assert_int_equal(spconv_mat_from_rot6d(M, d6, (spconv_rot6d_layout)b), SPCONV_EINVAL);
    assert_int_equal(spconv_axis_preset_matrix(M, (spconv_axis_preset)(b >= 0 && b < SPCONV_AXIS_PRESET_COUNT ? SPCONV_AXIS_PRESET_COUNT : b),
                                               SPCONV_AXIS_PRESET_ROS_FLU),
                     SPCONV_EINVAL);
    assert_int_equal(spconv_asset_import_matrix(M, (spconv_asset_format)b, 0), SPCONV_EINVAL);
    assert_int_equal(spconv_gravity_signed(g, (spconv_signed_axis)(b == 3 ? 6 : b), 9),
                     SPCONV_EINVAL);
    expect_untouched(M, 9);
    expect_untouched(q, 4);
    expect_untouched(g, 3);
    expect_untouched(e, 3);
    expect_untouched(d6, 6);
  }
}

/* G2: every status code has a name; any other int says "unknown status". */
static void test_G2_status_names(void **state) {
  int codes[] = {SPCONV_OK, SPCONV_EINVAL, SPCONV_EDEGENERATE, SPCONV_GIMBAL_LOCK}, i, j;
  (void)state;
  for (i = 0; i < 4; ++i) {
    assert_string_not_equal(spconv_status_string(codes[i]), "unknown status");
    for (j = 0; j < i; ++j)
      assert_string_not_equal(spconv_status_string(codes[i]), spconv_status_string(codes[j]));
  }
  assert_string_equal(spconv_status_string(INT_MIN), "unknown status");
  assert_string_equal(spconv_status_string(INT_MAX), "unknown status");
  assert_string_equal(spconv_status_string(-3), "unknown status");
}

/* G3: a pure map never hides a NaN: a NaN in an input the result depends
   on gives a NaN in the result (one function per family). */
static void test_G3_nan_propagates(void **state) {
  spconv_real q[4] = {1, 0, 0, 0}, v[3] = {1, 2, 3}, x[6] = {1, 2, 3, 4, 5, 6}, r[3] = {1, 1, 1};
  spconv_real out[9], M[9];
  int k;
  (void)state;
  for (k = 0; k < 4; ++k) { /* NaN in each quaternion slot */
    spconv_real qn[4] = {1, 0, 0, 0};
    qn[k] = R_NAN;
    spconv_quat_rotate_wxyz(out, qn, v);
    assert_true(any_nan(out, 3));
    spconv_twist_from_mujoco_qvel(out, x, qn, r);
    assert_true(any_nan(out, 6));
    spconv_mat_from_quat_wxyz(out, qn);
    assert_true(any_nan(out, 9));
    spconv_rotvec_from_quat_wxyz(out, qn);
    assert_true(any_nan(out, 3));
  }
  for (k = 0; k < 6; ++k) { /* NaN in each 6-vector slot */
    spconv_real xn[6] = {1, 2, 3, 4, 5, 6};
    xn[k] = R_NAN;
    spconv_twist_shift(out, xn, r);
    assert_true(any_nan(out, 6));
    spconv_sap_twist_from_public(out, xn, r);
    assert_true(any_nan(out, 6));
    spconv_mujoco_qfrc_from_wrench(out, xn, q, r);
    assert_true(any_nan(out, 6));
    assert_true(isnan(spconv_power(xn, x)));
  }
  assert_int_equal(spconv_up_axis_matrix(M, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
  v[1] = R_NAN;
  spconv_vec_change_axes(out, M, v);
  assert_true(any_nan(out, 3));
  spconv_quat_slerp_wxyz(out, q, q, R_NAN);
  assert_true(any_nan(out, 4));
  r[0] = R_NAN;
  spconv_quat_wxyz_from_rotvec(out, r);
  assert_true(any_nan(out, 4));
}

/* G3, every pure map: each function that has no status, called with NaN
   in every real input (n = 2 for the batch forms), does not crash and
   gives a NaN in its result. */
#define G3_NAN(n_out, call)              \
  do {                                   \
    fill(out, 36);                       \
    call;                                \
    assert_true(any_nan(out, (n_out)));  \
  } while (0)
static void test_G3_every_pure_map(void **state) {
  spconv_real N[36], out[36];
  const spconv_real nan = R_NAN;
  int i;
  (void)state;
  for (i = 0; i < 36; ++i) N[i] = R_NAN;
  /* quaternions and rotations */
  G3_NAN(4, spconv_quat_wxyz_from_xyzw(out, N));
  G3_NAN(4, spconv_quat_xyzw_from_wxyz(out, N));
  G3_NAN(8, spconv_quat_wxyz_from_xyzw_n(out, N, 2));
  G3_NAN(8, spconv_quat_xyzw_from_wxyz_n(out, N, 2));
  G3_NAN(3, spconv_quat_rotate_wxyz(out, N, N));
  G3_NAN(3, spconv_quat_rotate_xyzw(out, N, N));
  G3_NAN(4, spconv_quat_mul_wxyz(out, N, N));
  G3_NAN(4, spconv_quat_conj_wxyz(out, N));
  G3_NAN(4, spconv_quat_inv_wxyz(out, N));
  G3_NAN(4, spconv_quat_canonical_wxyz(out, N));
  G3_NAN(4, spconv_quat_slerp_wxyz(out, N, N, nan));
  assert_true(isnan(spconv_quat_angle_wxyz(N, N)));
  G3_NAN(9, spconv_mat_from_quat_wxyz(out, N));
  G3_NAN(9, spconv_mat_transpose(out, N));
  G3_NAN(9, spconv_mat_mul(out, N, N));
  G3_NAN(4, spconv_quat_wxyz_from_axis_angle(out, N, nan));
  G3_NAN(4, spconv_quat_wxyz_from_rotvec(out, N));
  G3_NAN(3, spconv_rotvec_from_quat_wxyz(out, N));
  G3_NAN(4, spconv_quat_wxyz_from_urdf_rpy(out, N));
  G3_NAN(4, spconv_quat_wxyz_from_isaaclab_euler_xyz(out, nan, nan, nan));
  G3_NAN(4, spconv_quat_wxyz_from_drake_rpy(out, N));
  G3_NAN(4, spconv_quat_integrate_body_wxyz(out, N, N, nan));
  G3_NAN(4, spconv_quat_integrate_world_wxyz(out, N, N, nan));
  /* units */
  assert_true(isnan(spconv_rad_from_deg(nan)));
  assert_true(isnan(spconv_deg_from_rad(nan)));
  G3_NAN(3, spconv_rad_from_deg3(out, N));
  G3_NAN(3, spconv_deg_from_rad3(out, N));
  G3_NAN(7, spconv_pose_change_length_unit(out, N, nan));
  G3_NAN(6, spconv_twist_change_length_unit(out, N, nan));
  G3_NAN(6, spconv_wrench_change_length_unit(out, N, nan));
  G3_NAN(9, spconv_inertia_change_length_unit(out, N, nan));
  /* changes of axes */
  G3_NAN(3, spconv_vec_change_axes(out, N, N));
  G3_NAN(3, spconv_pseudovec_change_axes(out, N, N));
  G3_NAN(9, spconv_mat_change_axes(out, N, N));
  G3_NAN(9, spconv_inertia_change_axes(out, N, N));
  G3_NAN(3, spconv_scale_change_axes(out, N, N));
  G3_NAN(4, spconv_quat_wxyz_change_axes(out, N, N));
  G3_NAN(4, spconv_quat_xyzw_change_axes(out, N, N));
  G3_NAN(7, spconv_pose_wxyz_change_axes(out, N, N));
  G3_NAN(7, spconv_pose_xyzw_change_axes(out, N, N));
  G3_NAN(6, spconv_spatial_change_axes(out, N, N));
  /* spatial vectors */
  G3_NAN(6, spconv_twist_shift(out, N, N));
  G3_NAN(12, spconv_twist_shift_n(out, N, N, 2));
  G3_NAN(6, spconv_wrench_shift(out, N, N));
  G3_NAN(12, spconv_wrench_shift_n(out, N, N, 2));
  G3_NAN(6, spconv_spatial_swap(out, N));
  G3_NAN(6, spconv_spatial_rotate(out, N, N));
  assert_true(isnan(spconv_power(N, N)));
  G3_NAN(6, spconv_spatial_accel_from_classical(out, N, N));
  G3_NAN(6, spconv_classical_accel_from_spatial(out, N, N));
  G3_NAN(6, spconv_classical_accel_shift(out, N, N, N));
  /* rigid transforms and inertia */
  G3_NAN(7, spconv_pose_wxyz_from_xyzw(out, N));
  G3_NAN(7, spconv_pose_xyzw_from_wxyz(out, N));
  G3_NAN(14, spconv_pose_wxyz_from_xyzw_n(out, N, 2));
  G3_NAN(14, spconv_pose_xyzw_from_wxyz_n(out, N, 2));
  G3_NAN(7, spconv_pose_mul_wxyz(out, N, N));
  G3_NAN(7, spconv_pose_inv_wxyz(out, N));
  G3_NAN(3, spconv_pose_transform_point_wxyz(out, N, N));
  G3_NAN(3, spconv_pose_rotate_vec_wxyz(out, N, N));
  G3_NAN(7, spconv_pose_relative_wxyz(out, N, N));
  G3_NAN(7, spconv_pose_interp_wxyz(out, N, N, nan));
  for (i = 0; i < 2; ++i) { /* the status functions: a valid order, NaN in, NaN out, OK */
    const spconv_order o = i ? SPCONV_ORDER_ANGULAR_FIRST : SPCONV_ORDER_LINEAR_FIRST;
    G3_NAN(6, assert_int_equal(spconv_twist_transform_wxyz(out, N, N, o), SPCONV_OK));
    G3_NAN(6, assert_int_equal(spconv_wrench_transform_wxyz(out, N, N, o), SPCONV_OK));
    G3_NAN(6, assert_int_equal(spconv_twist_cross(out, N, N, o), SPCONV_OK));
    G3_NAN(6, assert_int_equal(spconv_wrench_cross(out, N, N, o), SPCONV_OK));
    G3_NAN(7, assert_int_equal(spconv_pose_exp_wxyz(out, N, nan, o), SPCONV_OK));
    G3_NAN(6, assert_int_equal(spconv_twist_log_wxyz(out, N, o), SPCONV_OK));
  }
  G3_NAN(9, spconv_inertia_from_principal(out, N, N));
  G3_NAN(9, spconv_inertia_shift(out, N, nan, N, N));
  G3_NAN(36, spconv_spatial_inertia_transform_wxyz(out, N, N));
  G3_NAN(36, spconv_spatial_inertia(out, nan, N, N));
  assert_true(isnan(spconv_kinetic_energy(nan, N, N, N)));
  /* MuJoCo free joint */
  G3_NAN(6, spconv_twist_from_mujoco_qvel(out, N, N, N));
  G3_NAN(6, spconv_mujoco_qvel_from_twist(out, N, N, N));
  G3_NAN(6, spconv_mujoco_qfrc_from_wrench(out, N, N, N));
  G3_NAN(6, spconv_wrench_from_mujoco_qfrc(out, N, N, N));
  G3_NAN(6, spconv_twist_from_mujoco_cvel(out, N, N, N));
  /* SAP boundary */
  G3_NAN(6, spconv_sap_twist_from_public(out, N, N));
  G3_NAN(12, spconv_sap_twist_from_public_n(out, N, N, 2));
  G3_NAN(6, spconv_public_twist_from_sap(out, N, N));
  G3_NAN(12, spconv_public_twist_from_sap_n(out, N, N, 2));
  G3_NAN(6, spconv_sap_wrench_from_public(out, N, N));
  G3_NAN(12, spconv_sap_wrench_from_public_n(out, N, N, 2));
  G3_NAN(6, spconv_public_wrench_from_sap(out, N, N));
  G3_NAN(12, spconv_public_wrench_from_sap_n(out, N, N, 2));
  G3_NAN(6, spconv_sap_body_force_from_public(out, N, N));
  G3_NAN(12, spconv_sap_body_force_from_public_n(out, N, N, 2));
  G3_NAN(6, spconv_public_body_force_from_sap(out, N, N));
  G3_NAN(12, spconv_public_body_force_from_sap_n(out, N, N, 2));
  G3_NAN(36, spconv_sap_twist_matrix(out, N));
  G3_NAN(36, spconv_sap_wrench_matrix(out, N));
}

/* ============================================================ quaternions */

/* Q1: storage-order conversions are pure moves: NaN, infinities, signed
   zeros and subnormals come out bit for bit. */
static void test_Q1_order_bitwise(void **state) {
  spconv_real q[4] = {R_NAN, -R_INF, (spconv_real)-0.0, R_TRUE_MIN}, a[4], b[4];
  (void)state;
  spconv_quat_xyzw_from_wxyz(a, q);
  spconv_quat_wxyz_from_xyzw(b, a);
  assert_memory_equal(b, q, sizeof q);
  assert_memory_equal(a + 3, q, sizeof(spconv_real));
  spconv_quat_wxyz_from_xyzw_n(a, a, 1);
  assert_memory_equal(a, q, sizeof q);
}

/* Q2: the zero quaternion acts as the identity in every pure map. */
static void test_Q2_zero_quat_identity(void **state) {
  spconv_real z[4] = {0, 0, 0, 0}, id[4] = {1, 0, 0, 0}, v[3] = {1, -2, 3};
  spconv_real x[6] = {1, 2, 3, 4, 5, 6}, r[3] = {(spconv_real)0.1, (spconv_real)0.2, 1};
  spconv_real a[9], b[9];
  (void)state;
  spconv_quat_rotate_wxyz(a, z, v);
  EXPECT_VEC_EQUAL(a, v, 3);
  spconv_mat_from_quat_wxyz(a, z);
  spconv_mat_from_quat_wxyz(b, id);
  EXPECT_VEC_EQUAL(a, b, 9);
  spconv_twist_from_mujoco_qvel(a, x, z, r);
  spconv_twist_from_mujoco_qvel(b, x, id, r);
  EXPECT_VEC_EQUAL(a, b, 6);
  spconv_rotvec_from_quat_wxyz(a, z);
  assert_true(a[0] == 0 && a[1] == 0 && a[2] == 0);
  spconv_quat_inv_wxyz(a, z);
  EXPECT_VEC_EQUAL(a, z, 4);
}

/* Q3: any norm: q and c q are the same rotation for c from 1/Q_BIG to Q_BIG
   in the pure maps (|q|^2 stays a normal number), and for every finite
   nonzero c in the functions that return a status. */
static void test_Q3_any_norm(void **state) {
  spconv_real q[4] = {(spconv_real)0.5, (spconv_real)-0.3, (spconv_real)0.7, (spconv_real)0.2};
  spconv_real v[3] = {1, 2, 3}, want[3], got[3], cq[4], n1[4] = {0}, e0[3] = {0},
              e1[3] = {0};
  double cs[] = {1.0 / Q_BIG, Q_BIG};
  double ext[] = {1e-300, 1e300, 1e-40, 1e38};
  int i, k;
  (void)state;
  spconv_quat_rotate_wxyz(want, q, v);
  for (k = 0; k < 2; ++k) {
    for (i = 0; i < 4; ++i) cq[i] = (spconv_real)((double)q[i] * cs[k]);
    spconv_quat_rotate_wxyz(got, cq, v);
    EXPECT_VEC_NEAR(got, want, 3, TEST_TOL);
  }
  for (k = 0; k < 4; ++k) {
    double c = ext[k];
#ifdef SPCONV_USE_FLOAT
    if (c > 1e38 || c < 1e-40) continue; /* not a float */
#endif
    double m = 0;
    spconv_real ref[4];
    for (i = 0; i < 4; ++i) cq[i] = (spconv_real)((double)q[i] * c);
    /* the reference: the stored cq (subnormal entries lose bits on input)
       normalized in double */
    for (i = 0; i < 4; ++i) m += ((double)cq[i] / c) * ((double)cq[i] / c);
    for (i = 0; i < 4; ++i) ref[i] = (spconv_real)((double)cq[i] / c / sqrt(m));
    assert_int_equal(spconv_quat_normalize_wxyz(n1, cq), SPCONV_OK);
    EXPECT_VEC_NEAR(n1, ref, 4, TEST_TOL);
    assert_int_equal(spconv_euler_from_quat_wxyz(e1, cq, SPCONV_EULER_ZYX, SPCONV_EULER_INTRINSIC),
                     SPCONV_OK);
    assert_int_equal(spconv_euler_from_quat_wxyz(e0, ref, SPCONV_EULER_ZYX, SPCONV_EULER_INTRINSIC),
                     SPCONV_OK);
    EXPECT_VEC_NEAR(e1, e0, 3, TEST_TOL);
  }
}

/* Q4: a zero or non-finite quaternion given to a function that returns a
   status gives SPCONV_EDEGENERATE, outputs untouched. */
static void test_Q4_degenerate_quat(void **state) {
  spconv_real bad[5][4] = {{0, 0, 0, 0}, {R_NAN, 0, 0, 1}, {1, R_INF, 0, 0}, {0, 0, -R_INF, 0},
                           {(spconv_real)-0.0, 0, 0, 0}};
  spconv_real r[4], e[3], ax[3], an;
  int k;
  (void)state;
  for (k = 0; k < 5; ++k) {
    fill(r, 4);
    fill(e, 3);
    fill(ax, 3);
    an = SENT;
    assert_int_equal(spconv_quat_normalize_wxyz(r, bad[k]), SPCONV_EDEGENERATE);
    assert_int_equal(spconv_euler_from_quat_wxyz(e, bad[k], SPCONV_EULER_XYZ, SPCONV_EULER_EXTRINSIC),
                     SPCONV_EDEGENERATE);
    assert_int_equal(spconv_urdf_rpy_from_quat_wxyz(e, bad[k]), SPCONV_EDEGENERATE);
    assert_int_equal(spconv_axis_angle_from_quat_wxyz(ax, &an, bad[k]), SPCONV_EDEGENERATE);
    expect_untouched(r, 4);
    expect_untouched(e, 3);
    expect_untouched(ax, 3);
    assert_true(an == SENT);
  }
}

/* ======================================================== spatial vectors */

/* S1: shifts by r = 0 change nothing, bit for bit; infinities follow IEEE
   754 (an infinite product gives inf, inf - inf gives NaN). */
static void test_S1_shift_zero_and_ieee(void **state) {
  spconv_real x[6] = {1, (spconv_real)-0.0, R_TRUE_MIN, 4, 5, 6}, z[3] = {0, 0, 0}, a[6];
  spconv_real w[6] = {0, 0, 0, R_MAX, 0, 0}, r[3] = {0, 0, R_MAX};
  (void)state;
  spconv_twist_shift(a, x, z);
  assert_true(a[0] == x[0] && a[2] == x[2] && a[3] == x[3]);
  spconv_wrench_shift(a, x, z);
  EXPECT_VEC_EQUAL(a, x, 6);
  /* v_y = w_z r_x - w_x r_z = -max * max = -inf */
  spconv_twist_shift(a, w, r);
  assert_true(isinf(a[1]) && a[1] < 0);
  assert_true(all_finite(a + 3, 3));
}

/* ==================================================== MuJoCo free joint */

/* M1: the free-joint maps use the quaternion at any norm (Q3) and treat the
   zero quaternion as the identity (Q2): qvel of an unrotated body is the
   COM twist with v shifted by w x ipos. */
static void test_M1_free_joint_quat(void **state) {
  spconv_real qvel[6] = {1, 2, 3, 0, 0, 1}, ipos[3] = {1, 0, 0}, z[4] = {0, 0, 0, 0};
  spconv_real big[4] = {(spconv_real)Q_BIG, 0, 0, 0}, a[6], b[6];
  spconv_real want[6] = {1, 3, 3, 0, 0, 1}; /* v + z x x = v + y */
  (void)state;
  spconv_twist_from_mujoco_qvel(a, qvel, z, ipos);
  EXPECT_VEC_EQUAL(a, want, 6);
  spconv_twist_from_mujoco_qvel(b, qvel, big, ipos);
  EXPECT_VEC_NEAR(b, want, 6, TEST_TOL);
}

/* ========================================================== SAP boundary */

/* P1: with r_oc = 0 the SAP maps are pure reorderings (and negations for
   body forces), bit for bit; the matrices hold exactly 0, 1 and r_oc's
   entries, so a non-finite r_oc only reaches the [r]x blocks. */
static void test_P1_sap_exact(void **state) {
  spconv_real x[6] = {1, 2, 3, 4, 5, 6}, z[3] = {0, 0, 0}, a[6], P[36];
  spconv_real r[3] = {R_NAN, R_INF, 2};
  int i, nonfinite = 0;
  (void)state;
  spconv_sap_twist_from_public(a, x, z);
  assert_true(a[0] == 4 && a[3] == 1 && a[5] == 3);
  spconv_sap_body_force_from_public(a, x, z);
  assert_true(a[0] == -4 && a[3] == -1 && a[5] == -3);
  spconv_sap_twist_matrix(P, r);
  for (i = 0; i < 36; ++i)
    if (!isfinite(P[i])) ++nonfinite;
  assert_int_equal(nonfinite, 4); /* r_x and r_y, each twice in [r]x */
  spconv_sap_wrench_matrix(P, r);
  for (i = 0, nonfinite = 0; i < 36; ++i)
    if (!isfinite(P[i])) ++nonfinite;
  assert_int_equal(nonfinite, 4);
}

/* =============================================================== up axis */

/* U1: gravity passes any magnitude through as -magnitude along the axis,
   NaN and infinities included (there is no status for the magnitude). */
static void test_U1_gravity_magnitude(void **state) {
  spconv_real g[3];
  (void)state;
  assert_int_equal(spconv_gravity(g, SPCONV_AXIS_Z, R_NAN), SPCONV_OK);
  assert_true(g[0] == 0 && g[1] == 0 && isnan(g[2]));
  assert_int_equal(spconv_gravity(g, SPCONV_AXIS_X, -R_INF), SPCONV_OK);
  assert_true(g[0] == R_INF && g[1] == 0 && g[2] == 0);
}

/* ========================================================= axis systems */

/* A1: an invalid axis system (values outside 0..5 or two axes on one line),
   a parallel forward/up or an unknown preset gives SPCONV_EINVAL, untouched. */
static void test_A1_invalid_systems(void **state) {
  spconv_axis_system ok = {SPCONV_DIRECTION_FORWARD, SPCONV_DIRECTION_LEFT, SPCONV_DIRECTION_UP}, bad[3], res;
  spconv_real M[9];
  int k;
  (void)state;
  bad[0].x = SPCONV_DIRECTION_FORWARD; bad[0].y = SPCONV_DIRECTION_BACK; bad[0].z = SPCONV_DIRECTION_UP;
  bad[1].x = (spconv_direction)6; bad[1].y = SPCONV_DIRECTION_LEFT; bad[1].z = SPCONV_DIRECTION_UP;
  bad[2].x = (spconv_direction)-1; bad[2].y = SPCONV_DIRECTION_LEFT; bad[2].z = SPCONV_DIRECTION_UP;
  for (k = 0; k < 3; ++k) {
    fill(M, 9);
    assert_int_equal(spconv_axis_system_check(bad[k]), SPCONV_EINVAL);
    assert_int_equal(spconv_axis_system_matrix(M, bad[k], ok), SPCONV_EINVAL);
    assert_int_equal(spconv_axis_system_matrix(M, ok, bad[k]), SPCONV_EINVAL);
    assert_int_equal(spconv_axis_system_is_right_handed(bad[k]), SPCONV_EINVAL);
    expect_untouched(M, 9);
  }
  res = ok;
  res.x = (spconv_direction)77;
  assert_int_equal(spconv_axis_system_from_forward_up(&res, SPCONV_AXIS_POS_Z, SPCONV_AXIS_NEG_Z, 1),
                   SPCONV_EINVAL);
  assert_int_equal((int)res.x, 77);
  fill(M, 9);
  assert_int_equal(spconv_axis_conversion(M, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Z),
                   SPCONV_EINVAL);
  expect_untouched(M, 9);
}

/* A2: spconv_axis_system_from_matrix accepts only entries exactly 0 or
   +-1 in a permutation pattern: NaN, inf and 1 - eps are refused. */
static void test_A2_from_matrix_exact(void **state) {
  spconv_axis_system flu = {SPCONV_DIRECTION_FORWARD, SPCONV_DIRECTION_LEFT, SPCONV_DIRECTION_UP}, res;
  spconv_real M[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  spconv_real vals[4] = {R_NAN, R_INF, (spconv_real)1 - (spconv_real)FLT_EPSILON, 2};
  int k;
  (void)state;
  for (k = 0; k < 4; ++k) {
    M[4] = vals[k];
    res.x = (spconv_direction)77;
    assert_int_equal(spconv_axis_system_from_matrix(&res, M, flu), SPCONV_EINVAL);
    assert_int_equal((int)res.x, 77);
  }
  M[4] = 1;
  M[1] = 1; /* two nonzeros in a row */
  assert_int_equal(spconv_axis_system_from_matrix(&res, M, flu), SPCONV_EINVAL);
}

/* A3: the length scale refuses non-finite, zero and negative units, and a
   quotient that overflows or underflows (never returns 0 or inf). */
static void test_A3_length_scale(void **state) {
  spconv_real k = SENT, M[9];
  spconv_real bad[][2] = {{R_NAN, 1}, {1, R_INF}, {0, 1}, {1, 0}, {-1, 1},
                          {R_MAX, R_TRUE_MIN}, {R_TRUE_MIN, R_MAX}};
  int i;
  (void)state;
  for (i = 0; i < 7; ++i) {
    assert_int_equal(spconv_length_scale(&k, bad[i][0], bad[i][1]), SPCONV_EINVAL);
    assert_true(k == SENT);
    fill(M, 9); /* a USD stage: the same scales refused, and X is no stage up axis */
    assert_int_equal(spconv_usd_stage_matrix(M, bad[i][0], SPCONV_AXIS_Y, bad[i][1], SPCONV_AXIS_Z),
                     SPCONV_EINVAL);
    expect_untouched(M, 9);
  }
  assert_int_equal(spconv_usd_stage_matrix(M, 1, SPCONV_AXIS_X, 1, SPCONV_AXIS_Z), SPCONV_EINVAL);
  expect_untouched(M, 9);
  assert_int_equal(spconv_length_scale(&k, 1, (spconv_real)0.01), SPCONV_OK);
  EXPECT_NEAR(k, 100, TEST_TOL, 100);
}

/* A4: shapes: a negative or non-finite size gives SPCONV_EINVAL; a volume
   is >= 0, +inf when a product overflows, never NaN (a zero factor wins). */
static void test_A4_shape_sizes(void **state) {
  spconv_real rs[3], rq[4], vol = SENT;
  spconv_real neg[3] = {1, -1, 1}, nan3[3] = {R_NAN, 1, 1}, inf3[3] = {1, R_INF, 1};
  spconv_real flat[3] = {0, R_MAX, R_MAX}, big[3] = {R_MAX, 0, 0}, huge[3] = {R_MAX, R_MAX, 0};
  (void)state;
  fill(rs, 3);
  fill(rq, 4);
  assert_int_equal(spconv_shape_convert(rs, rq, neg, SPCONV_SHAPE_BOX, SPCONV_SHAPE_FORMAT_NEWTON,
                                        SPCONV_AXIS_Z, SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Z),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_shape_volume(&vol, nan3, SPCONV_SHAPE_CAPSULE, SPCONV_SHAPE_FORMAT_NEWTON,
                                       SPCONV_AXIS_Z),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_shape_volume(&vol, inf3, SPCONV_SHAPE_CYLINDER, SPCONV_SHAPE_FORMAT_NEWTON,
                                       SPCONV_AXIS_Z),
                   SPCONV_EINVAL);
  expect_untouched(rs, 3);
  expect_untouched(rq, 4);
  assert_true(vol == SENT);
  assert_int_equal(spconv_shape_volume(&vol, flat, SPCONV_SHAPE_BOX, SPCONV_SHAPE_FORMAT_NEWTON,
                                       SPCONV_AXIS_Z), SPCONV_OK);
  assert_true(vol == 0);
  assert_int_equal(spconv_shape_volume(&vol, big, SPCONV_SHAPE_CYLINDER, SPCONV_SHAPE_FORMAT_NEWTON,
                                       SPCONV_AXIS_Z), SPCONV_OK);
  assert_true(vol == 0);
  assert_int_equal(spconv_shape_volume(&vol, big, SPCONV_SHAPE_CAPSULE, SPCONV_SHAPE_FORMAT_NEWTON,
                                       SPCONV_AXIS_Z), SPCONV_OK);
  assert_true(isinf(vol) && vol > 0);
  assert_int_equal(spconv_shape_volume(&vol, huge, SPCONV_SHAPE_CONE, SPCONV_SHAPE_FORMAT_NEWTON,
                                       SPCONV_AXIS_Z), SPCONV_OK);
  assert_true(isinf(vol) && vol > 0);
}

/* A5: fromto: a == b, a non-finite input or an overflowing b - a gives
   SPCONV_EDEGENERATE with nothing written; extreme but representable
   lengths work (unit quaternion, finite centre). */
static void test_A5_fromto(void **state) {
  spconv_real pos[3], q[4], h;
  spconv_real same[6] = {1, 2, 3, 1, 2, 3}, nan6[6] = {0, 0, 0, 0, R_NAN, 1};
  spconv_real over[6] = {0, 0, -R_MAX, 0, 0, R_MAX};
  spconv_real far[6] = {0, (spconv_real)(R_MAX / 4), 0, (spconv_real)(R_MAX / 8),
                        (spconv_real)(R_MAX / 2), 0};
  spconv_real tiny[6] = {0, 0, 0, R_TRUE_MIN, 0, -R_TRUE_MIN};
  spconv_real *bad[3];
  int k;
  (void)state;
  bad[0] = same;
  bad[1] = nan6;
  bad[2] = over;
  for (k = 0; k < 3; ++k) {
    fill(pos, 3);
    fill(q, 4);
    h = SENT;
    assert_int_equal(spconv_pose_from_mujoco_fromto(pos, q, &h, bad[k]), SPCONV_EDEGENERATE);
    expect_untouched(pos, 3);
    expect_untouched(q, 4);
    assert_true(h == SENT);
  }
  assert_int_equal(spconv_pose_from_mujoco_fromto(pos, q, &h, far), SPCONV_OK);
  assert_true(all_finite(pos, 3) && isfinite(h) && h > 0);
  EXPECT_NEAR(norm(q, 4), 1, TEST_TOL, 1);
  assert_int_equal(spconv_pose_from_mujoco_fromto(pos, q, &h, tiny), SPCONV_OK);
  EXPECT_NEAR(norm(q, 4), 1, TEST_TOL, 1);
  { /* +Z goes to (1, 0, -1)/sqrt(2) */
    spconv_real zz[3] = {0, 0, 1}, d[3], want[3] = {(spconv_real)0.70710678118654752,
                                                    0, (spconv_real)-0.70710678118654752};
    spconv_quat_rotate_wxyz(d, q, zz);
    EXPECT_VEC_NEAR(d, want, 3, TEST_TOL);
  }
}

/* ============================================================== rotations */

/* R1: a matrix that is not a rotation within SPCONV_ROTATION_TOL (NaN,
   inf, a reflection, a scaled or sheared matrix) is refused by the
   matrix-to-rotation functions with SPCONV_EINVAL, outputs untouched. */
static void test_R1_not_a_rotation(void **state) {
  spconv_real bad[5][9] = {{R_NAN, 0, 0, 0, 1, 0, 0, 0, 1},
                           {1, 0, 0, 0, R_INF, 0, 0, 0, 1},
                           {-1, 0, 0, 0, 1, 0, 0, 0, 1},
                           {2, 0, 0, 0, 2, 0, 0, 0, 2},
                           {1, (spconv_real)0.01, 0, 0, 1, 0, 0, 0, 1}};
  spconv_real q[4], e[3];
  int k;
  (void)state;
  for (k = 0; k < 5; ++k) {
    fill(q, 4);
    fill(e, 3);
    assert_int_equal(spconv_quat_wxyz_from_mat(q, bad[k]), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_from_mat(e, bad[k], SPCONV_EULER_ZYZ, SPCONV_EULER_INTRINSIC),
                     SPCONV_EINVAL);
    expect_untouched(q, 4);
    expect_untouched(e, 3);
  }
}

/* R2: orthonormalize: non-finite or singular -> SPCONV_EDEGENERATE, a
   reflection -> SPCONV_EINVAL (untouched); a scaled rotation of any
   finite scale -> the rotation. */
static void test_R2_orthonormalize(void **state) {
  spconv_real nanm[9] = {1, 0, 0, 0, 1, 0, 0, 0, R_NAN};
  spconv_real sing[9] = {1, 2, 3, 2, 4, 6, 0, 0, 1}, refl[9] = {1, 0, 0, 0, 1, 0, 0, 0, -1};
  spconv_real zero[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0}, R[9], id[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  spconv_real scaled[9] = {0};
  (void)state;
  fill(R, 9);
  assert_int_equal(spconv_mat_orthonormalize(R, nanm), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_mat_orthonormalize(R, sing), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_mat_orthonormalize(R, zero), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_mat_orthonormalize(R, refl), SPCONV_EINVAL);
  expect_untouched(R, 9);
  scaled[0] = scaled[4] = scaled[8] = (spconv_real)(R_MAX / 2);
  assert_int_equal(spconv_mat_orthonormalize(R, scaled), SPCONV_OK);
  EXPECT_VEC_NEAR(R, id, 9, TEST_TOL);
  scaled[0] = scaled[4] = scaled[8] = R_TRUE_MIN * 64;
  assert_int_equal(spconv_mat_orthonormalize(R, scaled), SPCONV_OK);
  EXPECT_VEC_NEAR(R, id, 9, TEST_TOL);
}

/* R3: axis-angle: a zero axis gives the identity (NaN w for a non-finite
   angle), any finite nonzero axis is normalized, huge or subnormal; the
   identity quaternion gives axis (1, 0, 0) and angle 0. */
static void test_R3_axis_angle(void **state) {
  spconv_real z[3] = {0, 0, 0}, big[3] = {-R_MAX, -R_MAX, -R_MAX};
  spconv_real sub[3] = {R_TRUE_MIN, R_TRUE_MIN, R_TRUE_MIN}, q[4], ax[3], an;
  spconv_real id[4] = {1, 0, 0, 0}, ref[4], one3[3] = {1, 1, 1};
  spconv_real x[3] = {1, 0, 0};
  (void)state;
  spconv_quat_wxyz_from_axis_angle(q, z, 2);
  EXPECT_VEC_EQUAL(q, id, 4);
  spconv_quat_wxyz_from_axis_angle(q, z, R_NAN);
  assert_true(isnan(q[0]));
  spconv_quat_wxyz_from_axis_angle(ref, one3, 1);
  spconv_quat_wxyz_from_axis_angle(q, sub, 1);
  EXPECT_VEC_NEAR(q, ref, 4, TEST_TOL);
  spconv_quat_wxyz_from_axis_angle(q, big, -1); /* -1 about -(1,1,1) = +1 about (1,1,1) */
  EXPECT_VEC_NEAR(q, ref, 4, TEST_TOL);
  assert_int_equal(spconv_axis_angle_from_quat_wxyz(ax, &an, id), SPCONV_OK);
  EXPECT_VEC_EQUAL(ax, x, 3);
  assert_true(an == 0);
  { /* a subnormal vector part keeps a unit axis */
    spconv_real qs[4] = {1, R_TRUE_MIN * 3, R_TRUE_MIN * 4, 0};
    assert_int_equal(spconv_axis_angle_from_quat_wxyz(ax, &an, qs), SPCONV_OK);
    EXPECT_NEAR(norm(ax, 3), 1, TEST_TOL, 1);
    EXPECT_NEAR(ax[0], 0.6, TEST_TOL, 1);
  }
}

/* R4: rotation vectors: the zero quaternion gives 0; a rotation vector
   whose length overflows gives NaN (its angle is not representable). */
static void test_R4_rotvec(void **state) {
  spconv_real z[4] = {0, 0, 0, 0}, rv[3], q[4], big[3] = {R_MAX, R_MAX, 0};
  (void)state;
  spconv_rotvec_from_quat_wxyz(rv, z);
  assert_true(rv[0] == 0 && rv[1] == 0 && rv[2] == 0);
  spconv_quat_wxyz_from_rotvec(q, big);
  assert_true(any_nan(q, 4));
}

/* R5: Euler: SPCONV_GIMBAL_LOCK at a lock, with the third angle 0 and the
   angles still rebuilding q; non-finite angles given to the angle ->
   rotation functions propagate as NaN with SPCONV_OK (their status only
   speaks of seq and kind). */
static void test_R5_euler(void **state) {
  spconv_real ang[3] = {(spconv_real)0.3, (spconv_real)(3.14159265358979323846 / 2),
                        (spconv_real)0.2};
  spconv_real q[4] = {1, 0, 0, 0}, e[3] = {0, 0, 0}, r[4], nanang[3] = {0, R_NAN, 0};
  (void)state;
  assert_int_equal(spconv_quat_wxyz_from_euler(q, ang, SPCONV_EULER_XYZ, SPCONV_EULER_INTRINSIC),
                   SPCONV_OK);
  assert_int_equal(spconv_euler_from_quat_wxyz(e, q, SPCONV_EULER_XYZ, SPCONV_EULER_INTRINSIC),
                   SPCONV_GIMBAL_LOCK);
  assert_true(e[2] == 0);
  assert_int_equal(spconv_quat_wxyz_from_euler(r, e, SPCONV_EULER_XYZ, SPCONV_EULER_INTRINSIC),
                   SPCONV_OK);
  if ((double)(r[0] * q[0]) < 0) {
    int i;
    for (i = 0; i < 4; ++i) r[i] = -r[i];
  }
  EXPECT_VEC_NEAR(r, q, 4, TEST_TOL * 100);
  assert_int_equal(spconv_quat_wxyz_from_euler(q, nanang, SPCONV_EULER_ZYX, SPCONV_EULER_EXTRINSIC),
                   SPCONV_OK);
  assert_true(any_nan(q, 4));
}

/* R6: Euler strings: NULL, other lengths, other letters, mixed case (for
   the seq parsers) and repeated consecutive axes give SPCONV_EINVAL with
   the outputs untouched. */
static void test_R6_parsers(void **state) {
  const char *bad[] = {NULL, "", "xy", "xyzx", "xya", "xYz", "xxz", "XZZ", "x\0z"};
  spconv_euler_seq seq;
  spconv_euler_kind kind;
  spconv_real q[4], a[3] = {0, 0, 0};
  int k;
  (void)state;
  for (k = 0; k < 9; ++k) {
    seq = (spconv_euler_seq)77;
    kind = (spconv_euler_kind)77;
    assert_int_equal(spconv_euler_seq_from_scipy(&seq, &kind, bad[k]), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_seq_from_mujoco(&seq, &kind, bad[k]), SPCONV_EINVAL);
    assert_int_equal((int)seq, 77);
    assert_int_equal((int)kind, 77);
  }
  fill(q, 4);
  assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, a, NULL), SPCONV_EINVAL);
  assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, a, "xyzz"), SPCONV_EINVAL);
  assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, a, "xw z"), SPCONV_EINVAL);
  expect_untouched(q, 4);
  assert_int_equal(spconv_euler_seq_from_scipy(NULL, &kind, "xyz"), SPCONV_EINVAL);
  /* MuJoCo's general rule accepts mixed case and repeats */
  assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(q, a, "xXx"), SPCONV_OK);
}

/* R7: 6D: a non-finite entry, a zero first vector or a second vector
   parallel to it gives SPCONV_EDEGENERATE (untouched); huge and subnormal
   vectors give a rotation. */
static void test_R7_rot6d(void **state) {
  spconv_real R[9], id[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  spconv_real nan6[6] = {1, 0, 0, 0, R_NAN, 0}, zero1[6] = {0, 0, 0, 0, 1, 0};
  spconv_real par[6] = {1, 2, 3, -2, -4, -6}, zero2[6] = {1, 0, 0, 0, 0, 0};
  spconv_real big[6] = {R_MAX, 0, 0, R_MAX, R_MAX, 0};
  spconv_real sub[6] = {R_TRUE_MIN, 0, 0, R_TRUE_MIN, R_TRUE_MIN, 0};
  (void)state;
  fill(R, 9);
  assert_int_equal(spconv_mat_from_rot6d(R, nan6, SPCONV_ROT6D_ROWS), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_mat_from_rot6d(R, zero1, SPCONV_ROT6D_ROWS), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_mat_from_rot6d(R, par, SPCONV_ROT6D_ROWS), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_mat_from_rot6d(R, zero2, SPCONV_ROT6D_ROWS), SPCONV_EDEGENERATE);
  expect_untouched(R, 9);
  assert_int_equal(spconv_mat_from_rot6d(R, big, SPCONV_ROT6D_ROWS), SPCONV_OK);
  EXPECT_VEC_NEAR(R, id, 9, TEST_TOL);
  assert_int_equal(spconv_mat_from_rot6d(R, sub, SPCONV_ROT6D_ROWS), SPCONV_OK);
  EXPECT_VEC_NEAR(R, id, 9, TEST_TOL);
}

/* R8: slerp: a zero input acts as the identity; a non-finite t gives NaN,
   also between equal rotations. */
static void test_R8_slerp(void **state) {
  spconv_real z[4] = {0, 0, 0, 0}, id[4] = {1, 0, 0, 0}, r[4];
  spconv_real b[4] = {0, 0, 0, 2}; /* 180 deg about z */
  spconv_real half[4] = {(spconv_real)0.70710678118654752, 0, 0, (spconv_real)0.70710678118654752};
  (void)state;
  spconv_quat_slerp_wxyz(r, z, b, (spconv_real)0.5);
  EXPECT_VEC_NEAR(r, half, 4, TEST_TOL);
  spconv_quat_slerp_wxyz(r, id, id, R_INF);
  assert_true(any_nan(r, 4));
  spconv_quat_slerp_wxyz(r, z, z, R_NAN);
  assert_true(any_nan(r, 4));
}

/* R9: angular velocity from two quaternions returns a status: dt not
   finite and > 0 is SPCONV_EINVAL (as spconv_motion_angvel), a zero or
   non-finite quaternion SPCONV_EDEGENERATE; w untouched on errors. */
static void test_R9_angvel_dt_zero(void **state) {
  spconv_real q0[4] = {1, 0, 0, 0}, q1[4] = {(spconv_real)0.9, (spconv_real)0.1, 0, 0}, w[3];
  spconv_real z[4] = {0, 0, 0, 0}, dts[4] = {0, -1, R_NAN, R_INF};
  int k;
  (void)state;
  for (k = 0; k < 4; ++k) {
    fill(w, 3);
    assert_int_equal(spconv_body_angvel_from_quats_wxyz(w, q0, q1, dts[k]), SPCONV_EINVAL);
    assert_int_equal(spconv_world_angvel_from_quats_wxyz(w, q0, q1, dts[k]), SPCONV_EINVAL);
    expect_untouched(w, 3);
  }
  assert_int_equal(spconv_body_angvel_from_quats_wxyz(w, z, q1, 1), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_world_angvel_from_quats_wxyz(w, q0, z, 1), SPCONV_EDEGENERATE);
  expect_untouched(w, 3);
  assert_int_equal(spconv_body_angvel_from_quats_wxyz(w, q0, q1, 1), SPCONV_OK);
  assert_true(all_finite(w, 3));
}

/* ================================== error model: one status per condition
   (docs/robustness.md, "Error model"). Each test asserts the exact status
   of every function family that meets the condition, so that a family that
   drifts to another status fails here. */

/* a 1-frame clip with one body and only a root rotation of format f */
static spconv_motion_clip e_root_clip(spconv_real *root_rot, spconv_rot_format f) {
  spconv_motion_clip c;
  memset(&c, 0, sizeof c);
  c.frames = 1;
  c.bodies = 1;
  c.root_rot = root_rot;
  c.root_rot_format = f;
  c.local_rot_format = SPCONV_ROT_ROTVEC;
  return c;
}

/* E1: a matrix that must be a rotation and is not (scaled, reflection,
   sheared, zero, NaN, inf): SPCONV_EINVAL, output untouched, in every
   family that takes a rotation matrix. */
static void test_E1_not_a_rotation_einval(void **state) {
  spconv_real bad[6][9], out[9], q[4] = {1, 0, 0, 0}, I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, h;
  int k;
  (void)state;
  for (k = 0; k < 6; ++k) memcpy(bad[k], I, sizeof I);
  bad[0][0] = 2;     /* scaled column */
  bad[1][8] = -1;    /* reflection */
  bad[2][1] = (spconv_real)0.5; /* sheared */
  memset(bad[3], 0, sizeof bad[3]);
  bad[4][4] = R_NAN;
  bad[5][2] = R_INF;
  for (k = 0; k < 6; ++k) {
    spconv_motion_clip c = e_root_clip(bad[k], SPCONV_ROT_MAT);
    fill(out, 9);
    assert_int_equal(spconv_quat_wxyz_from_mat(out, bad[k]), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_from_mat(out, bad[k], SPCONV_EULER_XYZ, SPCONV_EULER_EXTRINSIC),
                     SPCONV_EINVAL);
    assert_int_equal(spconv_rot6d_from_mat(out, bad[k], SPCONV_ROT6D_COLUMNS), SPCONV_EINVAL);
    assert_int_equal(spconv_rot_convert_n(out, SPCONV_ROT_QUAT_WXYZ, bad[k], SPCONV_ROT_MAT, 1),
                     SPCONV_EINVAL);
    assert_int_equal(spconv_mat_change_world_axes(out, bad[k], I), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_change_world_axes(out, bad[k], q), SPCONV_EINVAL);
    expect_untouched(out, 9);
    h = SENT;
    assert_int_equal(spconv_motion_clip_heading(&h, &c, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X,
                                                SPCONV_AXIS_POS_X),
                     SPCONV_EINVAL);
    assert_true(h == SENT);
    { /* the 3x3 block of a 4x4 transform; a clip's matrix root */
      spconv_real T[16] = {0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 1};
      spconv_motion_clip ca = e_root_clip(out, SPCONV_ROT_MAT);
      int r_, c_;
      for (r_ = 0; r_ < 3; ++r_)
        for (c_ = 0; c_ < 3; ++c_) T[4 * r_ + c_] = bad[k][3 * r_ + c_];
      assert_int_equal(spconv_pose_wxyz_from_mat4(out, T, SPCONV_MAT4_ROW_MAJOR), SPCONV_EINVAL);
      assert_int_equal(spconv_motion_clip_align(&ca, &c, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X,
                                                SPCONV_AXIS_POS_X, 0),
                       SPCONV_EINVAL);
      expect_untouched(out, 9);
    }
  }
  /* the same functions accept the rotation */
  assert_int_equal(spconv_rot6d_from_mat(out, I, SPCONV_ROT6D_COLUMNS), SPCONV_OK);
  assert_int_equal(spconv_quat_wxyz_from_mat(out, I), SPCONV_OK);
}

/* E2: a zero or non-finite quaternion where a rotation is needed:
   SPCONV_EDEGENERATE, output untouched, in every family that checks one. */
static void test_E2_zero_quat_edegenerate(void **state) {
  spconv_real bad[3][4] = {{0, 0, 0, 0}, {R_NAN, 0, 0, 0}, {1, R_INF, 0, 0}};
  spconv_real out[9], ang, one[4] = {1, 0, 0, 0}, h;
  int k;
  (void)state;
  for (k = 0; k < 3; ++k) {
    spconv_motion_clip c = e_root_clip(bad[k], SPCONV_ROT_QUAT_WXYZ);
    fill(out, 9);
    ang = SENT;
    assert_int_equal(spconv_quat_normalize_wxyz(out, bad[k]), SPCONV_EDEGENERATE);
    assert_int_equal(spconv_euler_from_quat_wxyz(out, bad[k], SPCONV_EULER_XYZ,
                                                 SPCONV_EULER_EXTRINSIC),
                     SPCONV_EDEGENERATE);
    assert_int_equal(spconv_urdf_rpy_from_quat_wxyz(out, bad[k]), SPCONV_EDEGENERATE);
    assert_int_equal(spconv_axis_angle_from_quat_wxyz(out, &ang, bad[k]), SPCONV_EDEGENERATE);
    assert_int_equal(spconv_bvh_from_quat_wxyz(out, bad[k], SPCONV_EULER_ZXY), SPCONV_EDEGENERATE);
    assert_int_equal(spconv_rot_convert_n(out, SPCONV_ROT_MAT, bad[k], SPCONV_ROT_QUAT_WXYZ, 1),
                     SPCONV_EDEGENERATE);
    assert_int_equal(spconv_body_angvel_from_quats_wxyz(out, bad[k], one, 1), SPCONV_EDEGENERATE);
    assert_int_equal(spconv_world_angvel_from_quats_wxyz(out, one, bad[k], 1), SPCONV_EDEGENERATE);
    {
      spconv_real two[8] = {1, 0, 0, 0};
      memcpy(two + 4, bad[k], sizeof bad[k]);
      assert_int_equal(spconv_motion_angvel(out, two, 2, 1, SPCONV_ROT_QUAT_WXYZ, 1,
                                            SPCONV_MOTION_DIFF_FORWARD),
                       SPCONV_EDEGENERATE);
    }
    expect_untouched(out, 9);
    assert_true(ang == SENT);
    h = SENT;
    assert_int_equal(spconv_motion_clip_heading(&h, &c, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X,
                                                SPCONV_AXIS_POS_X),
                     SPCONV_EDEGENERATE);
    assert_true(h == SENT);
  }
}

/* E3: zero or parallel vectors, a singular matrix: SPCONV_EDEGENERATE. */
static void test_E3_zero_parallel_edegenerate(void **state) {
  spconv_real zero6[6] = {0, 0, 0, 1, 0, 0}, par6[6] = {1, 0, 0, 2, 0, 0}, out[9], hl;
  spconv_real ft[6] = {1, 2, 3, 1, 2, 3}, q[4], Z[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  spconv_real S[9] = {1, 0, 0, 0, 1, 0, 0, 0, 0};
  (void)state;
  fill(out, 9);
  fill(q, 4);
  assert_int_equal(spconv_mat_from_rot6d(out, zero6, SPCONV_ROT6D_ROWS), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_mat_from_rot6d(out, par6, SPCONV_ROT6D_ROWS), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_mat_orthonormalize(out, Z), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_mat_orthonormalize(out, S), SPCONV_EDEGENERATE);
  assert_int_equal(spconv_pose_from_mujoco_fromto(out, q, &hl, ft), SPCONV_EDEGENERATE);
  expect_untouched(out, 9);
  expect_untouched(q, 4);
}

/* E4: dt not finite and > 0: SPCONV_EINVAL in every function that takes a
   time step to differentiate. */
static void test_E4_bad_dt_einval(void **state) {
  spconv_real pos[6] = {0, 0, 0, 1, 2, 3}, qs[8] = {1, 0, 0, 0, 1, 0, 0, 0}, out[6];
  spconv_real dts[5] = {0, (spconv_real)-0.0, -1, R_NAN, R_INF};
  int k;
  (void)state;
  for (k = 0; k < 5; ++k) {
    fill(out, 6);
    assert_int_equal(spconv_motion_linvel(out, pos, 2, dts[k], SPCONV_MOTION_DIFF_FORWARD),
                     SPCONV_EINVAL);
    assert_int_equal(spconv_motion_angvel(out, qs, 2, dts[k], SPCONV_ROT_QUAT_WXYZ, 1,
                                          SPCONV_MOTION_DIFF_FORWARD),
                     SPCONV_EINVAL);
    assert_int_equal(spconv_body_angvel_from_quats_wxyz(out, qs, qs + 4, dts[k]), SPCONV_EINVAL);
    assert_int_equal(spconv_world_angvel_from_quats_wxyz(out, qs, qs + 4, dts[k]), SPCONV_EINVAL);
    expect_untouched(out, 6);
  }
}

/* E5: integer results have one meaning each: sizes are >= 0 or a negative
   status (SPCONV_EINVAL) for unknown input; a yes / no query answers
   through an out-parameter, never with a truthy error. */
static void test_E5_sizes_and_queries(void **state) {
  spconv_axis_system s, bad;
  int rh = 7, k;
  int fmts[] = {0, SPCONV_ROT_ROTVEC - 1, SPCONV_ROT_MAT + 1, -1, INT_MAX, INT_MIN};
  (void)state;
  for (k = 0; k < 6; ++k)
    assert_int_equal(spconv_rot_format_size((spconv_rot_format)fmts[k]), SPCONV_EINVAL);
  assert_int_equal(spconv_rot_format_size(SPCONV_ROT_MAT), 9);
  assert_int_equal(spconv_joint_q_size((spconv_joint_type)99, 0, 0), SPCONV_EINVAL);
  assert_int_equal(spconv_joint_qd_size((spconv_joint_type)-1, 0, 0), SPCONV_EINVAL);
  assert_int_equal(spconv_joint_q_size(SPCONV_JOINT_D6, 4, 0), SPCONV_EINVAL);
  s.x = SPCONV_DIRECTION_FORWARD;
  s.y = SPCONV_DIRECTION_LEFT;
  s.z = SPCONV_DIRECTION_UP;
  bad = s;
  bad.y = SPCONV_DIRECTION_BACK; /* two axes on one line */
  assert_int_equal(spconv_axis_system_handedness(&rh, bad), SPCONV_EINVAL);
  assert_int_equal(rh, 7); /* untouched */
  assert_int_equal(spconv_axis_system_handedness(NULL, s), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_system_handedness(&rh, s), SPCONV_OK);
  assert_int_equal(rh, 1);
  s.y = SPCONV_DIRECTION_RIGHT;
  assert_int_equal(spconv_axis_system_handedness(&rh, s), SPCONV_OK);
  assert_int_equal(rh, 0);
  /* the superseded form keeps its 0.1 values: 1, 0, or SPCONV_EINVAL */
  assert_int_equal(spconv_axis_system_is_right_handed(s), 0);
  assert_int_equal(spconv_axis_system_is_right_handed(bad), SPCONV_EINVAL);
}

/* E6: a batch that fails returns the status of its first failing element
   (the status its single-element function returns for it) and writes
   nothing; calling the single-element function on each element in order
   finds the index. */
static void test_E6_batch_first_failing(void **state) {
  spconv_real q[16] = {1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, R_NAN, 0, 0, 0}, out[36], one[4];
  spconv_real m[27] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, -1,
                       0, 0, 0, 0, 0, 0, 0, 0, 0};
  size_t i, first = 99;
  int st;
  (void)state;
  fill(out, 36);
  st = spconv_rot_convert_n(out, SPCONV_ROT_MAT, q, SPCONV_ROT_QUAT_WXYZ, 4);
  assert_int_equal(st, SPCONV_EDEGENERATE);
  expect_untouched(out, 36);
  for (i = 0; i < 4 && first == 99; ++i)
    if (spconv_quat_normalize_wxyz(one, q + 4 * i) == st) first = i;
  assert_int_equal((int)first, 2);
  st = spconv_rot_convert_n(out, SPCONV_ROT_QUAT_WXYZ, m, SPCONV_ROT_MAT, 3);
  assert_int_equal(st, SPCONV_EINVAL);
  expect_untouched(out, 36);
  for (first = 99, i = 0; i < 3 && first == 99; ++i)
    if (spconv_quat_wxyz_from_mat(one, m + 9 * i) == st) first = i;
  assert_int_equal((int)first, 1);
}

/* ============================================== engine conventions as data */

/* C1: a descriptor with any field out of range, or a NULL pointer, gives
   SPCONV_EINVAL (untouched); an unknown preset id has every field 0
   (outside every field's enum) and no name. */
static void test_C1_descriptors(void **state) {
  spconv_convention ok = spconv_convention_from_preset(SPCONV_PRESET_NEWTON), bad, unknown;
  spconv_body body = {{0, 0, 0}, {1, 0, 0, 0}, {0, 0, 0}, {1, 0, 0, 0}};
  spconv_real x[6] = {1, 2, 3, 4, 5, 6}, r[6], M[36];
  /* per field: its first value and its number of values */
  const int first[6] = {SPCONV_ORDER_LINEAR_FIRST, SPCONV_POINT_COM, SPCONV_FRAME_WORLD,
                        SPCONV_FRAME_WORLD, SPCONV_ANGLE_RADIANS, SPCONV_ACCEL_CLASSICAL};
  const int count[6] = {2, 3, 2, 2, 2, 2};
  int f, k;
  (void)state;
  for (f = 0; f < 6; ++f)
    for (k = 0; k < 6; ++k) {
      /* one before the first, one past the last, the 0.x values 0 and 1,
         INT_MAX, INT_MIN */
      const int vals[6] = {first[f] - 1, first[f] + count[f], 0, 1, INT_MAX, INT_MIN};
      const int v = vals[k];
      bad = ok;
      switch (f) {
        case 0: bad.order = (spconv_order)v; break;
        case 1: bad.point = (spconv_point)v; break;
        case 2: bad.linear_frame = (spconv_frame)v; break;
        case 3: bad.angular_frame = (spconv_frame)v; break;
        case 4: bad.angle_unit = (spconv_angle_unit)v; break;
        default: bad.accel = (spconv_accel_kind)v; break;
      }
      fill(r, 6);
      assert_int_equal(spconv_twist_convert(r, &bad, x, &ok, &body), SPCONV_EINVAL);
      assert_int_equal(spconv_wrench_convert(r, &ok, x, &bad, &body), SPCONV_EINVAL);
      assert_int_equal(spconv_accel_convert(r, &ok, x, &bad, x, &body), SPCONV_EINVAL);
      assert_int_equal(spconv_twist_from_mujoco_cframe(r, &bad, x, x, &body), SPCONV_EINVAL);
      assert_int_equal(spconv_mujoco_cframe_from_twist(r, x, x, &bad, &body), SPCONV_EINVAL);
      assert_int_equal(spconv_wrench_from_mujoco_cframe(r, &bad, x, x, &body), SPCONV_EINVAL);
      assert_int_equal(spconv_mujoco_cframe_from_wrench(r, x, x, &bad, &body), SPCONV_EINVAL);
      assert_int_equal(spconv_accel_from_mujoco_cframe(r, &bad, x, x, x, &body), SPCONV_EINVAL);
      assert_int_equal(spconv_mujoco_cframe_from_accel(r, x, x, &bad, x, &body), SPCONV_EINVAL);
      expect_untouched(r, 6);
      fill(M, 36);
      assert_int_equal(spconv_wrench_convert_matrix(M, &ok, &bad, &body), SPCONV_EINVAL);
      expect_untouched(M, 36);
    }
  fill(r, 6);
  assert_int_equal(spconv_twist_convert(r, &ok, x, &ok, NULL), SPCONV_EINVAL);
  assert_int_equal(spconv_twist_convert(r, &ok, NULL, &ok, &body), SPCONV_EINVAL);
  assert_int_equal(spconv_twist_convert_matrix(M, NULL, &ok, &body), SPCONV_EINVAL);
  assert_int_equal(spconv_jacobian_convert(r, &ok, x, &bad, &body, 1, SPCONV_MAT4_ROW_MAJOR),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_jacobian_convert(r, &ok, x, &ok, &body, 1, (spconv_mat4_layout)0),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_jacobian_convert(r, &ok, x, &ok, NULL, 1, SPCONV_MAT4_ROW_MAJOR),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_jacobian_convert_n(r, &ok, x, &bad, &body, 1, SPCONV_MAT4_ROW_MAJOR, 1),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_jacobian_convert_n(r, &ok, x, &ok, &body, 1, (spconv_mat4_layout)0, 1),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_jacobian_convert_n(r, &ok, x, &ok, NULL, 1, SPCONV_MAT4_ROW_MAJOR, 1),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_jacobian_convert_n(r, &ok, NULL, &ok, &body, 1, SPCONV_MAT4_ROW_MAJOR, 1),
                   SPCONV_EINVAL);
  expect_untouched(r, 6);
  assert_int_equal(spconv_jacobian_convert(NULL, &ok, NULL, &ok, NULL, 0, SPCONV_MAT4_ROW_MAJOR),
                   SPCONV_OK);
  assert_int_equal(spconv_jacobian_convert_n(NULL, &ok, NULL, &ok, NULL, 1, SPCONV_MAT4_ROW_MAJOR, 0),
                   SPCONV_OK);
  unknown = spconv_convention_from_preset(SPCONV_PRESET_END);
  assert_true((int)unknown.order == 0 && (int)unknown.point == 0 && (int)unknown.accel == 0);
  assert_true((int)unknown.linear_frame == 0 && (int)unknown.angular_frame == 0 &&
              (int)unknown.angle_unit == 0);
  assert_null(spconv_preset_id_name((spconv_preset_id)-1));
  assert_null(spconv_preset_id_name(SPCONV_PRESET_END));
  assert_null(spconv_preset_id_name((spconv_preset_id)(SPCONV_PRESET_FIRST - 1)));
}

/* C4: body states. A pose-convention field outside its enum (POINT_WORLD
   included: it is not a pose point), a force frame other than WORLD / BODY,
   a NULL pointer (other than iquat, torque, point: documented defaults) or
   a batch stride below 7 / 6 gives SPCONV_EINVAL and nothing is written.
   The zero pose quaternion is the identity; NaN propagates. */
static void test_C4_body_states(void **state) {
  spconv_state_convention ok = spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  spconv_state_convention bad;
  spconv_body body = {{0, 0, 0}, {1, 0, 0, 0}, {0, 0, 0}, {1, 0, 0, 0}};
  spconv_real pose[7] = {1, 2, 3, 0, 0, 0, 0}, twist[6] = {1, 2, 3, 4, 5, 6};
  spconv_real com[3] = {(spconv_real)0.1, 0, 0}, rp[7], rt[6], f[3] = {1, 0, 0};
  /* per field: values outside its enum (quat_order takes the two
     quaternion values of spconv_rot_format, point COM and ORIGIN), the 0.x
     values 0 and 1, a value of the enum it is mistaken for */
  const int vals[4][6] = {
      {SPCONV_POSE_LAYOUT_POS_QUAT - 1, SPCONV_POSE_LAYOUT_QUAT_POS + 1, 0, 1, INT_MAX,
       SPCONV_ORDER_LINEAR_FIRST},
      {SPCONV_ROT_ROTVEC, SPCONV_ROT_MAT, 0, 1, INT_MIN, SPCONV_POSE_LAYOUT_QUAT_POS},
      {SPCONV_POINT_COM - 1, SPCONV_POINT_WORLD, 0, 1, INT_MAX, SPCONV_POSE_FRAME_BODY},
      {SPCONV_POSE_FRAME_BODY - 1, SPCONV_POSE_FRAME_INERTIAL + 1, 0, 1, INT_MIN,
       SPCONV_FRAME_BODY}};
  int field, k;
  (void)state;
  for (field = 0; field < 4; ++field)
    for (k = 0; k < 6; ++k) {
      const int v = vals[field][k];
      bad = ok;
      switch (field) {
        case 0: bad.pose.layout = (spconv_pose_layout)v; break;
        case 1: bad.pose.quat_order = (spconv_rot_format)v; break;
        case 2: bad.pose.point = (spconv_point)v; break;
        default: bad.pose.frame = (spconv_pose_frame)v; break;
      }
      fill(rp, 7);
      fill(rt, 6);
      assert_int_equal(spconv_state_convert(rp, rt, &bad, pose, twist, &ok, com, NULL),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_pose_convert(rp, &ok.pose, pose, &bad.pose, com, NULL),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_pose_from_body(rp, &bad.pose, &body), SPCONV_EINVAL);
      assert_int_equal(spconv_state_convert_n(rp, 7, rt, 6, &ok, pose, 7, twist, 6, &bad, com,
                                              NULL, 1),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_twist_convert_n(rt, 6, &ok.twist, twist, 6, &ok.twist, pose, 7,
                                              &bad.pose, com, NULL, 1),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_wrench_convert_n(rt, 6, &ok.twist, twist, 6, &ok.twist, pose, 7,
                                               &bad.pose, com, NULL, 1),
                       SPCONV_EINVAL);
      expect_untouched(rp, 7);
      expect_untouched(rt, 6);
    }
  fill(rp, 7);
  fill(rt, 6);
  assert_int_equal(spconv_state_convert(rp, rt, &ok, pose, twist, &ok, NULL, NULL), SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert(rp, NULL, &ok, pose, twist, &ok, com, NULL),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert_n(rp, 6, rt, 6, &ok, pose, 7, twist, 6, &ok, com, NULL, 1),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert_n(rp, 7, rt, 5, &ok, pose, 7, twist, 6, &ok, com, NULL, 1),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_twist_convert_n(rt, 6, &ok.twist, twist, 6, &ok.twist, pose, 6, &ok.pose,
                                          com, NULL, 1),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_wrench_convert_n(rt, 5, &ok.twist, twist, 6, &ok.twist, pose, 7, &ok.pose,
                                           com, NULL, 1),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_wrench_convert_n(rt, 6, &ok.twist, twist, 6, &ok.twist, pose, 7, &ok.pose,
                                           NULL, NULL, 1),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_wrench_from_force_at_point(rt, &ok.twist, f, NULL, NULL,
                                                     TEST_FRAME(2), &body),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_force_at_point_from_wrench(rp, rp + 3, twist, &ok.twist, NULL,
                                                     TEST_FRAME(-1), &body),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_force_at_point_from_wrench(rp, rp + 3, twist, &ok.twist, NULL,
                                                     (spconv_frame)SPCONV_POSE_FRAME_BODY, &body),
                   SPCONV_EINVAL);
  expect_untouched(rp, 7);
  expect_untouched(rt, 6);
  /* the zero quaternion is the identity: the pose comes back as (p, 1, 0, 0, 0) */
  assert_int_equal(spconv_pose_convert(rp, &ok.pose, pose, &ok.pose, com, NULL), SPCONV_OK);
  assert_true(rp[0] == 1 && rp[1] == 2 && rp[2] == 3 && rp[3] == 1 && rp[4] == 0);
  /* NaN propagates (G4) */
  pose[0] = (spconv_real)NAN;
  assert_int_equal(spconv_state_convert(rp, rt, &ok, pose, twist, &ok, com, NULL), SPCONV_OK);
  assert_true(rp[0] != rp[0]);
}

/* C2: an inconsistent joint layout (start arrays not from 0 or decreasing,
   extreme ints, wrong segment sizes, unknown types, a child out of range)
   gives SPCONV_EINVAL and nothing is written; the check never overflows. */
static void test_C2_joint_layouts(void **state) {
  int type[2] = {SPCONV_JOINT_REVOLUTE, SPCONV_JOINT_FREE};
  int qs[3] = {0, 1, 8}, ds[3] = {0, 1, 7}, child[2] = {0, 1};
  spconv_joint_layout L = {2, NULL, NULL, NULL, NULL, 2};
  spconv_real q[8], qd[7], out[8], bq[14] = {0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1};
  spconv_real bc[6] = {0};
  int k;
  (void)state;
  L.joint_type = type;
  L.joint_q_start = qs;
  L.joint_qd_start = ds;
  L.joint_child = child;
  for (k = 0; k < 8; ++k) q[k] = (spconv_real)k;
  for (k = 0; k < 7; ++k) qd[k] = (spconv_real)k;
  assert_int_equal(spconv_joint_layout_check(&L), SPCONV_OK);
  { /* each change alone breaks the layout */
    int *slots[] = {&qs[1], &qs[1], &ds[2], &ds[2], &qs[0], &type[0], &type[1], &child[1]};
    int vals[] = {INT_MIN, INT_MAX, INT_MIN, 6, 1, 7, -1, 2};
    for (k = 0; k < 8; ++k) {
      int keep = *slots[k];
      *slots[k] = vals[k];
      fill(out, 8);
      if (slots[k] != &child[1]) {
        assert_int_equal(spconv_joint_layout_check(&L), SPCONV_EINVAL);
        assert_int_equal(spconv_joint_q_wxyz_from_xyzw(out, q, &L), SPCONV_EINVAL);
      }
      assert_int_equal(spconv_sap_joint_qd_from_public(out, qd, &L, bq, bc), SPCONV_EINVAL);
      assert_int_equal(spconv_sap_boundary_in(out, NULL, NULL, &L, bq, bc, SPCONV_SAP_ORDER_PUBLIC,
                                              SPCONV_SAP_ORDER_PUBLIC, SPCONV_SAP_ORDER_PUBLIC),
                       SPCONV_EINVAL);
      expect_untouched(out, 8);
      *slots[k] = keep;
    }
  }
  assert_int_equal(spconv_joint_layout_check(NULL), SPCONV_EINVAL);
  assert_int_equal(spconv_joint_q_size(SPCONV_JOINT_D6, 4, 0), SPCONV_EINVAL);
  assert_int_equal(spconv_joint_qd_size((spconv_joint_type)99, 0, 0), SPCONV_EINVAL);
  /* boundary flags outside spconv_sap_order (the 0.x values 0 and 1 included) */
  fill(out, 8);
  assert_int_equal(spconv_sap_boundary_in(out, NULL, NULL, &L, bq, bc, TEST_SAP_ORDER(2),
                                          SPCONV_SAP_ORDER_SAP, SPCONV_SAP_ORDER_SAP),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_sap_boundary_in(out, NULL, NULL, &L, bq, bc, SPCONV_SAP_ORDER_SAP,
                                          (spconv_sap_order)0, SPCONV_SAP_ORDER_SAP),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_sap_boundary_in(out, NULL, NULL, &L, bq, bc, SPCONV_SAP_ORDER_SAP,
                                          SPCONV_SAP_ORDER_SAP, (spconv_sap_order)1),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_sap_boundary_out(out, &L, bq, bc, TEST_SAP_ORDER(-1)), SPCONV_EINVAL);
  expect_untouched(out, 8);
}

/* C5: enum families. Every enum has its own block of values (ENUM VALUES
   in the header; four keep an outside contract's values from 0), so a value
   of one enum that reaches a field or parameter of another through an int
   (a cast, an int variable or table, data read from a file) is refused
   with SPCONV_EINVAL and nothing is written, instead of meaning a value of
   the other enum (0.x: SPCONV_FRAME_BODY stored in .point meant ORIGIN,
   SPCONV_AXIS_PRESET_NEWTON given as a preset id meant BULLET). Each field
   and parameter below gets every value of every other family. */
typedef struct enum_family {
  int first, count, contract; /* contract: the values of an outside contract, from 0 */
} enum_family;

enum {
  F_EULER_SEQ, F_EULER_KIND, F_ROT6D, F_ROT_FORMAT, F_AXIS_PRESET, F_MAT4, F_SHAPE,
  F_SHAPE_FORMAT, F_ASSET, F_ORDER, F_POINT, F_FRAME, F_ANGLE_UNIT, F_ACCEL, F_POSE_LAYOUT,
  F_POSE_FRAME, F_PRESET, F_SAP_ORDER, F_DIFF, F_EULER_FORMAT, F_AXIS, F_SIGNED_AXIS,
  F_DIRECTION, F_JOINT, N_FAMILIES
};

static const enum_family c5_families[N_FAMILIES] = {
    {SPCONV_EULER_XYZ, 12, 0},           {SPCONV_EULER_EXTRINSIC, 2, 0},
    {SPCONV_ROT6D_COLUMNS, 3, 0},        {SPCONV_ROT_ROTVEC, 4, 0},
    {SPCONV_AXIS_PRESET_FIRST, SPCONV_AXIS_PRESET_COUNT, 0},
    {SPCONV_MAT4_ROW_MAJOR, 2, 0},       {SPCONV_SHAPE_SPHERE, 6, 0},
    {SPCONV_SHAPE_FORMAT_NEWTON, 4, 0},  {SPCONV_ASSET_GLTF, 3, 0},
    {SPCONV_ORDER_LINEAR_FIRST, 2, 0},   {SPCONV_POINT_COM, 3, 0},
    {SPCONV_FRAME_WORLD, 2, 0},          {SPCONV_ANGLE_RADIANS, 2, 0},
    {SPCONV_ACCEL_CLASSICAL, 2, 0},      {SPCONV_POSE_LAYOUT_POS_QUAT, 2, 0},
    {SPCONV_POSE_FRAME_BODY, 2, 0},      {SPCONV_PRESET_FIRST, SPCONV_PRESET_COUNT, 0},
    {SPCONV_SAP_ORDER_PUBLIC, 2, 0},     {SPCONV_MOTION_DIFF_FORWARD, 2, 0},
    {SPCONV_EULER_FORMAT_FIRST, SPCONV_EULER_FORMAT_COUNT, 0},
    {SPCONV_AXIS_X, 3, 1},               {SPCONV_AXIS_POS_X, 6, 1},
    {SPCONV_DIRECTION_FORWARD, 6, 1},    {SPCONV_JOINT_PRISMATIC, 7, 1}};

/* the last value of each family is its first + count - 1: the blocks are
   contiguous, so a first, a count and the last enumerator agree */
static void test_C5_enum_blocks(void **state) {
  static const int last[N_FAMILIES] = {
      SPCONV_EULER_ZYZ, SPCONV_EULER_INTRINSIC, SPCONV_ROT6D_COLUMNS_INTERLEAVED, SPCONV_ROT_MAT,
      SPCONV_AXIS_PRESET_ROBOT, SPCONV_MAT4_COLUMN_MAJOR, SPCONV_SHAPE_PLANE,
      SPCONV_SHAPE_FORMAT_PHYSX, SPCONV_ASSET_OBJ, SPCONV_ORDER_ANGULAR_FIRST, SPCONV_POINT_WORLD,
      SPCONV_FRAME_BODY, SPCONV_ANGLE_DEGREES, SPCONV_ACCEL_SPATIAL, SPCONV_POSE_LAYOUT_QUAT_POS,
      SPCONV_POSE_FRAME_INERTIAL, SPCONV_PRESET_BRAX, SPCONV_SAP_ORDER_SAP,
      SPCONV_MOTION_DIFF_CENTRAL, SPCONV_EULER_FORMAT_UNREAL, SPCONV_AXIS_Z, SPCONV_AXIS_NEG_Z, SPCONV_DIRECTION_DOWN,
      SPCONV_JOINT_D6};
  int f, g;
  (void)state;
  for (f = 0; f < N_FAMILIES; ++f) {
    const enum_family a = c5_families[f];
    assert_int_equal(a.first + a.count - 1, last[f]);
    /* a block of its own: 0x100 apart, none reaching 0 .. 0xFF (the
       contracts' values) or another block */
    if (!a.contract) assert_true(a.first % 0x100 == 0 && a.count < 0x100 && a.first >= 0x100);
    else assert_true(a.first == 0 && a.count < 0x100);
    for (g = 0; g < f; ++g)
      if (!(a.contract && c5_families[g].contract))
        assert_true(a.first / 0x100 != c5_families[g].first / 0x100);
  }
  assert_int_equal(SPCONV_AXIS_PRESET_END, SPCONV_AXIS_PRESET_ROBOT + 1);
  assert_int_equal(SPCONV_PRESET_END, SPCONV_PRESET_BRAX + 1);
  assert_int_equal(SPCONV_AXIS_PRESET_COUNT, 20);
  assert_int_equal(SPCONV_PRESET_COUNT, 29);
  assert_int_equal(SPCONV_EULER_FORMAT_END, SPCONV_EULER_FORMAT_UNREAL + 1);
  assert_int_equal(SPCONV_EULER_FORMAT_COUNT, 23);
  /* the contract: Newton's Axis, Blender's order, Newton's JointType */
  assert_int_equal(SPCONV_AXIS_X, 0);
  assert_int_equal(SPCONV_AXIS_Y, 1);
  assert_int_equal(SPCONV_AXIS_Z, 2);
  assert_int_equal(SPCONV_AXIS_NEG_X, 3);
  assert_int_equal(SPCONV_JOINT_FREE, 4);
  assert_int_equal(SPCONV_JOINT_D6, 6);
}

/* The inputs every C5 check uses (valid ones: only the enum value under
   test is wrong). */
static spconv_real c5_out[36];
static const spconv_real c5_x[6] = {1, 2, 3, 4, 5, 6};
static const spconv_real c5_id9[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
static const spconv_real c5_q[4] = {1, 0, 0, 0};
static const spconv_real c5_pose[7] = {1, 2, 3, 1, 0, 0, 0};
static const spconv_real c5_com[3] = {(spconv_real)0.1, 0, 0};
static const spconv_body c5_body = {{0, 0, 0}, {1, 0, 0, 0}, {0, 0, 0}, {1, 0, 0, 0}};
static const spconv_real c5_size[3] = {1, 2, 3};
static const spconv_real c5_q2[8] = {1, 0, 0, 0, 1, 0, 0, 0}; /* 2 frames */
static spconv_convention c5_newton;

/* one field of a convention (0 .. 5) or a pose convention (6 .. 9) set to v,
   then every function that reads it */
static void c5_descriptor(int field, int v) {
  spconv_convention c = spconv_convention_from_preset(SPCONV_PRESET_NEWTON);
  const spconv_convention ok = c;
  spconv_state_convention s = spconv_state_convention_from_preset(SPCONV_PRESET_NEWTON);
  const spconv_state_convention sok = s;
  switch (field) {
    case 0: c.order = (spconv_order)v; break;
    case 1: c.point = (spconv_point)v; break;
    case 2: c.linear_frame = (spconv_frame)v; break;
    case 3: c.angular_frame = (spconv_frame)v; break;
    case 4: c.angle_unit = (spconv_angle_unit)v; break;
    case 5: c.accel = (spconv_accel_kind)v; break;
    case 6: s.pose.layout = (spconv_pose_layout)v; break;
    case 7: s.pose.quat_order = (spconv_rot_format)v; break;
    case 8: s.pose.point = (spconv_point)v; break;
    default: s.pose.frame = (spconv_pose_frame)v; break;
  }
  fill(c5_out, 36);
  if (field < 6) {
    assert_int_equal(spconv_twist_convert(c5_out, &c, c5_x, &ok, &c5_body), SPCONV_EINVAL);
    assert_int_equal(spconv_wrench_convert(c5_out, &ok, c5_x, &c, &c5_body), SPCONV_EINVAL);
    assert_int_equal(spconv_accel_convert(c5_out, &c, c5_x, &ok, c5_x, &c5_body), SPCONV_EINVAL);
    assert_int_equal(spconv_twist_convert_matrix(c5_out, &ok, &c, &c5_body), SPCONV_EINVAL);
    assert_int_equal(spconv_twist_from_mujoco_cframe(c5_out, &c, c5_x, c5_com, &c5_body),
                     SPCONV_EINVAL);
    assert_int_equal(spconv_wrench_from_force_at_point(c5_out, &c, c5_x, NULL, NULL,
                                                       SPCONV_FRAME_WORLD, &c5_body),
                     SPCONV_EINVAL);
    s.twist = c;
  }
  assert_int_equal(spconv_state_convert(c5_out, c5_out + 7, &s, c5_pose, c5_x, &sok, c5_com, NULL),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert_n(c5_out, 7, c5_out + 7, 6, &sok, c5_pose, 7, c5_x, 6, &s,
                                          c5_com, NULL, 1),
                   SPCONV_EINVAL);
  if (field >= 6) {
    spconv_body b = c5_body;
    assert_int_equal(spconv_pose_convert(c5_out, &s.pose, c5_pose, &sok.pose, c5_com, NULL),
                     SPCONV_EINVAL);
    assert_int_equal(spconv_pose_from_body(c5_out, &s.pose, &c5_body), SPCONV_EINVAL);
    assert_int_equal(spconv_body_from_pose(&b, c5_pose, &s.pose, c5_com, NULL), SPCONV_EINVAL);
    assert_int_equal(spconv_twist_convert_n(c5_out, 6, &ok, c5_x, 6, &ok, c5_pose, 7, &s.pose,
                                            c5_com, NULL, 1),
                     SPCONV_EINVAL);
  }
  expect_untouched(c5_out, 36);
}

/* every other enum-typed parameter set to v (family f: the parameter's own) */
static void c5_parameter(int f, int v) {
  spconv_axis_system sys;
  spconv_joint_layout L;
  static const int type[1] = {SPCONV_JOINT_FREE}, qs[2] = {0, 7}, ds[2] = {0, 6}, child[1] = {0};
  spconv_real qd[6] = {1, 2, 3, 4, 5, 6}, bq[7] = {0, 0, 0, 0, 0, 0, 1};
  const spconv_real keep_qd[6] = {1, 2, 3, 4, 5, 6};
  spconv_real vol = SENT;
  char buf[32] = "untouched";
  L.joint_count = 1;
  L.joint_type = type;
  L.joint_q_start = qs;
  L.joint_qd_start = ds;
  L.joint_child = child;
  L.body_count = 1;
  fill(c5_out, 36);
  switch (f) {
    case F_EULER_SEQ:
      assert_int_equal(spconv_quat_wxyz_from_euler(c5_out, c5_x, (spconv_euler_seq)v,
                                                   SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
      assert_int_equal(spconv_euler_from_mat(c5_out, c5_id9, (spconv_euler_seq)v,
                                             SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
      assert_int_equal(spconv_quat_wxyz_from_bvh(c5_out, c5_x, (spconv_euler_seq)v), SPCONV_EINVAL);
      assert_int_equal(spconv_bvh_channels_from_euler_seq(buf, sizeof buf, (spconv_euler_seq)v,
                                                          SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
      break;
    case F_EULER_KIND:
      assert_int_equal(spconv_euler_from_quat_wxyz(c5_out, c5_q, SPCONV_EULER_ZYX,
                                                   (spconv_euler_kind)v), SPCONV_EINVAL);
      assert_int_equal(spconv_mat_from_euler(c5_out, c5_x, SPCONV_EULER_ZYX, (spconv_euler_kind)v),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_bvh_channels_from_euler_seq(buf, sizeof buf, SPCONV_EULER_ZYX,
                                                          (spconv_euler_kind)v), SPCONV_EINVAL);
      break;
    case F_ROT6D:
      assert_int_equal(spconv_rot6d_from_mat(c5_out, c5_id9, (spconv_rot6d_layout)v), SPCONV_EINVAL);
      assert_int_equal(spconv_mat_from_rot6d(c5_out, c5_x, (spconv_rot6d_layout)v), SPCONV_EINVAL);
      break;
    case F_ROT_FORMAT:
      assert_int_equal(spconv_rot_format_size((spconv_rot_format)v), SPCONV_EINVAL);
      assert_int_equal(spconv_rot_convert_n(c5_out, (spconv_rot_format)v, c5_q,
                                            SPCONV_ROT_QUAT_WXYZ, 1), SPCONV_EINVAL);
      assert_int_equal(spconv_rot_convert_n(c5_out, SPCONV_ROT_MAT, c5_q, (spconv_rot_format)v, 1),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_motion_angvel(c5_out, c5_q2, 2, 1, (spconv_rot_format)v, 0,
                                            SPCONV_MOTION_DIFF_FORWARD), SPCONV_EINVAL);
      break;
    case F_AXIS_PRESET:
      sys.x = sys.y = sys.z = SPCONV_DIRECTION_DOWN;
      assert_int_equal(spconv_axis_system_preset(&sys, (spconv_axis_preset)v), SPCONV_EINVAL);
      assert_true(sys.x == SPCONV_DIRECTION_DOWN);
      assert_int_equal(spconv_axis_preset_matrix(c5_out, (spconv_axis_preset)v,
                                                 SPCONV_AXIS_PRESET_ROBOT), SPCONV_EINVAL);
      assert_int_equal(spconv_asset_axes_matrix(c5_out, SPCONV_ASSET_GLTF, 0, (spconv_axis_preset)v),
                       SPCONV_EINVAL);
      break;
    case F_MAT4:
      assert_int_equal(spconv_transform_change_axes(c5_out, c5_id9, c5_out + 16, 1,
                                                    (spconv_mat4_layout)v), SPCONV_EINVAL);
      break;
    case F_SHAPE:
      assert_int_equal(spconv_shape_volume(&vol, c5_size, (spconv_shape_type)v,
                                           SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z), SPCONV_EINVAL);
      assert_int_equal(spconv_shape_com(c5_out, c5_size, (spconv_shape_type)v,
                                        SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z), SPCONV_EINVAL);
      break;
    case F_SHAPE_FORMAT:
      assert_int_equal(spconv_shape_volume(&vol, c5_size, SPCONV_SHAPE_BOX, (spconv_shape_format)v,
                                           SPCONV_AXIS_Z), SPCONV_EINVAL);
      assert_int_equal(spconv_shape_convert(c5_out, c5_out + 3, c5_size, SPCONV_SHAPE_BOX,
                                            SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z,
                                            (spconv_shape_format)v, SPCONV_AXIS_Z), SPCONV_EINVAL);
      break;
    case F_ASSET:
      assert_int_equal(spconv_asset_import_matrix(c5_out, (spconv_asset_format)v, 0), SPCONV_EINVAL);
      assert_int_equal(spconv_asset_import_quat_wxyz(c5_out, (spconv_asset_format)v, 1),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_asset_axes_matrix(c5_out, (spconv_asset_format)v, 0,
                                                SPCONV_AXIS_PRESET_ROBOT), SPCONV_EINVAL);
      break;
    case F_FRAME: /* the force-at-point frame (the descriptor's frames: c5_descriptor) */
      assert_int_equal(spconv_wrench_from_force_at_point(
                           c5_out, &c5_newton, c5_x, NULL, NULL, (spconv_frame)v, &c5_body),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_force_at_point_from_wrench(c5_out, c5_out + 3, c5_x, &c5_newton,
                                                         NULL, (spconv_frame)v, &c5_body),
                       SPCONV_EINVAL);
      break;
    case F_PRESET: {
      const spconv_convention c = spconv_convention_from_preset((spconv_preset_id)v);
      const spconv_state_convention s = spconv_state_convention_from_preset((spconv_preset_id)v);
      assert_null(spconv_preset_id_name((spconv_preset_id)v));
      assert_int_equal(spconv_twist_convert(c5_out, &c, c5_x, &c5_newton, &c5_body), SPCONV_EINVAL);
      assert_int_equal(spconv_pose_convert(c5_out, &s.pose, c5_pose, &s.pose, c5_com, NULL),
                       SPCONV_EINVAL);
      break;
    }
    case F_SAP_ORDER:
      assert_int_equal(spconv_sap_boundary_in(qd, NULL, NULL, &L, bq, c5_com, (spconv_sap_order)v,
                                              SPCONV_SAP_ORDER_SAP, SPCONV_SAP_ORDER_SAP),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_sap_boundary_in(qd, NULL, NULL, &L, bq, c5_com, SPCONV_SAP_ORDER_SAP,
                                              (spconv_sap_order)v, SPCONV_SAP_ORDER_SAP),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_sap_boundary_in(qd, NULL, NULL, &L, bq, c5_com, SPCONV_SAP_ORDER_SAP,
                                              SPCONV_SAP_ORDER_SAP, (spconv_sap_order)v),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_sap_boundary_out(qd, &L, bq, c5_com, (spconv_sap_order)v),
                       SPCONV_EINVAL);
      assert_memory_equal(qd, keep_qd, sizeof qd);
      break;
    case F_DIFF:
      assert_int_equal(spconv_motion_linvel(c5_out, c5_x, 2, 1, (spconv_motion_diff)v), SPCONV_EINVAL);
      assert_int_equal(spconv_motion_angvel(c5_out, c5_q2, 2, 1, SPCONV_ROT_QUAT_WXYZ, 0,
                                            (spconv_motion_diff)v), SPCONV_EINVAL);
      break;
    case F_EULER_FORMAT:
      assert_int_equal(spconv_quat_wxyz_from_euler_format(c5_out, c5_x, (spconv_euler_format)v),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_euler_format_from_quat_wxyz(c5_out, c5_q, (spconv_euler_format)v),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_euler_convert(c5_out, (spconv_euler_format)v, c5_x,
                                            SPCONV_EULER_FORMAT_MJCF), SPCONV_EINVAL);
      assert_int_equal(spconv_euler_convert(c5_out, SPCONV_EULER_FORMAT_MJCF, c5_x,
                                            (spconv_euler_format)v), SPCONV_EINVAL);
      break;
    case F_AXIS:
      assert_int_equal(spconv_up_axis_matrix(c5_out, (spconv_axis)v, SPCONV_AXIS_Z), SPCONV_EINVAL);
      assert_int_equal(spconv_usd_stage_matrix(c5_out, 1, SPCONV_AXIS_Y, 1, (spconv_axis)v),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_gravity(c5_out, (spconv_axis)v, 9), SPCONV_EINVAL);
      break;
    case F_SIGNED_AXIS:
      assert_int_equal(spconv_vec_from_signed_axis(c5_out, (spconv_signed_axis)v), SPCONV_EINVAL);
      assert_int_equal(spconv_gravity_signed(c5_out, (spconv_signed_axis)v, 9), SPCONV_EINVAL);
      break;
    case F_DIRECTION:
      sys.x = (spconv_direction)v;
      sys.y = SPCONV_DIRECTION_LEFT;
      sys.z = SPCONV_DIRECTION_UP;
      assert_int_equal(spconv_axis_system_check(sys), SPCONV_EINVAL);
      assert_int_equal(spconv_axis_system_matrix(c5_out, sys, sys), SPCONV_EINVAL);
      break;
    case F_JOINT:
      assert_int_equal(spconv_joint_q_size((spconv_joint_type)v, 0, 0), SPCONV_EINVAL);
      assert_int_equal(spconv_joint_qd_size((spconv_joint_type)v, 0, 0), SPCONV_EINVAL);
      break;
    default: break; /* order ... pose frame: fields, c5_descriptor */
  }
  assert_true(vol == SENT);
  assert_string_equal(buf, "untouched");
  expect_untouched(c5_out, 36);
}

/* 1 when v survives the cast to family f's type: with -fshort-enums (the
   ARM EABI) an enum of values 0 .. 6 is one byte, and a cast drops the high
   bits before the library sees the value */
static int c5_fits(int f, int v) {
  switch (f) {
    case F_AXIS: return (int)(spconv_axis)v == v;
    case F_SIGNED_AXIS: return (int)(spconv_signed_axis)v == v;
    case F_DIRECTION: return (int)(spconv_direction)v == v;
    case F_JOINT: return (int)(spconv_joint_type)v == v;
    default: return 1; /* the blocks' values fit in every enum of two bytes or more */
  }
}

static void test_C5_enum_families(void **state) {
  /* the family of each descriptor field: spconv_convention's six, then
     spconv_pose_convention's four */
  static const int field_family[10] = {F_ORDER,      F_POINT,       F_FRAME, F_FRAME,
                                       F_ANGLE_UNIT, F_ACCEL,       F_POSE_LAYOUT,
                                       F_ROT_FORMAT, F_POINT,       F_POSE_FRAME};
  int field, f, g, k;
  (void)state;
  c5_newton = spconv_convention_from_preset(SPCONV_PRESET_NEWTON);
  for (field = 0; field < 10; ++field)
    for (g = 0; g < N_FAMILIES; ++g)
      if (g != field_family[field])
        for (k = 0; k < c5_families[g].count; ++k) c5_descriptor(field, c5_families[g].first + k);
  /* parameters; two families with an outside contract share values 0 .. 5
     (an axis is the signed axis of the same value): only the compiler
     tells those apart (tests/compile/enum_mixup.sh) */
  for (f = 0; f < N_FAMILIES; ++f)
    for (g = 0; g < N_FAMILIES; ++g)
      if (g != f && !(c5_families[f].contract && c5_families[g].contract))
        for (k = 0; k < c5_families[g].count; ++k)
          if (c5_fits(f, c5_families[g].first + k)) c5_parameter(f, c5_families[g].first + k);
  /* the two examples: 0.x's values meant another value of the other enum */
  c5_descriptor(1, SPCONV_FRAME_BODY);
  c5_parameter(F_PRESET, SPCONV_AXIS_PRESET_NEWTON);
}

/* C3: a permutation with a value out of range or repeated, or n < 0,
   gives SPCONV_EINVAL (untouched); n = 0 is the empty permutation. */
static void test_C3_permutations(void **state) {
  int bad[][3] = {{0, 1, 3}, {0, 0, 1}, {-1, 0, 1}, {INT_MAX, 0, 1}}, inv[3], k;
  spconv_real in[3] = {1, 2, 3}, out[3];
  (void)state;
  for (k = 0; k < 4; ++k) {
    inv[0] = inv[1] = inv[2] = 77;
    fill(out, 3);
    assert_int_equal(spconv_perm_check(bad[k], 3), SPCONV_EINVAL);
    assert_int_equal(spconv_perm_inverse(inv, bad[k], 3), SPCONV_EINVAL);
    assert_int_equal(spconv_perm_gather(out, in, bad[k], 3), SPCONV_EINVAL);
    assert_true(inv[0] == 77 && inv[1] == 77 && inv[2] == 77);
    expect_untouched(out, 3);
  }
  assert_int_equal(spconv_perm_check(NULL, 3), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_check(NULL, 0), SPCONV_OK);
  assert_int_equal(spconv_perm_gather(NULL, NULL, NULL, 0), SPCONV_OK);
}

/* ======================================== rigid transforms and inertia */

/* T2, T3, T4, T6: a 4x4 layout or a 6-vector order outside its enum (the
   0.x value 0, INT_MAX, another enum's value), a 4x4 bottom row other than
   exactly 0 0 0 1, an inertia tensor that is not symmetric or not finite:
   SPCONV_EINVAL, every output untouched. */
static void test_T_transforms_and_inertia(void **state) {
  const spconv_real pose[7] = {1, 2, 3, (spconv_real)0.5, (spconv_real)0.5, (spconv_real)0.5,
                               (spconv_real)0.5};
  const int bad_layout[4] = {SPCONV_MAT4_ROW_MAJOR - 1, 0, INT_MAX, SPCONV_ORDER_LINEAR_FIRST};
  const int bad_order[4] = {SPCONV_ORDER_LINEAR_FIRST - 1, 0, INT_MIN, SPCONV_MAT4_ROW_MAJOR};
  spconv_real T[16], U[16], out[36], q[4];
  spconv_real I[9] = {2, (spconv_real)0.1, 0, (spconv_real)0.1, 3, 0, 0, 0, 1}, J[9];
  int k;
  (void)state;
  assert_int_equal(spconv_mat4_from_pose_wxyz(T, pose, SPCONV_MAT4_ROW_MAJOR), SPCONV_OK);
  for (k = 0; k < 4; ++k) {
    const spconv_mat4_layout L = (spconv_mat4_layout)bad_layout[k];
    const spconv_order o = (spconv_order)bad_order[k];
    fill(out, 36);
    assert_int_equal(spconv_mat4_from_pose_wxyz(out, pose, L), SPCONV_EINVAL);
    assert_int_equal(spconv_pose_wxyz_from_mat4(out, T, L), SPCONV_EINVAL);
    assert_int_equal(spconv_adjoint_twist_matrix_wxyz(out, pose, o), SPCONV_EINVAL);
    assert_int_equal(spconv_adjoint_wrench_matrix_wxyz(out, pose, o), SPCONV_EINVAL);
    assert_int_equal(spconv_twist_transform_wxyz(out, pose, pose, o), SPCONV_EINVAL);
    assert_int_equal(spconv_wrench_transform_wxyz(out, pose, pose, o), SPCONV_EINVAL);
    assert_int_equal(spconv_twist_cross(out, pose, pose, o), SPCONV_EINVAL);
    assert_int_equal(spconv_wrench_cross(out, pose, pose, o), SPCONV_EINVAL);
    assert_int_equal(spconv_pose_exp_wxyz(out, pose, 1, o), SPCONV_EINVAL);
    assert_int_equal(spconv_twist_log_wxyz(out, pose, o), SPCONV_EINVAL);
    expect_untouched(out, 36);
  }
  for (k = 12; k < 16; ++k) { /* the bottom row, one entry off (NaN for the last) */
    memcpy(U, T, sizeof U);
    U[k] = k == 15 ? R_NAN : (spconv_real)1e-30;
    fill(out, 36);
    assert_int_equal(spconv_pose_wxyz_from_mat4(out, U, SPCONV_MAT4_ROW_MAJOR), SPCONV_EINVAL);
    expect_untouched(out, 36);
  }
  for (k = 0; k < 3; ++k) { /* not symmetric; inf; NaN */
    memcpy(J, I, sizeof J);
    J[k == 0 ? 1 : 4 * k] = k == 0 ? (spconv_real)0.2 : k == 1 ? R_INF : R_NAN;
    fill(out, 3);
    fill(q, 4);
    assert_int_equal(spconv_principal_from_inertia(out, q, J), SPCONV_EINVAL);
    expect_untouched(out, 3);
    expect_untouched(q, 4);
  }
}

/* ============================================================ motion data */

/* D1: the BVH channel parser refuses NULL, an unknown name (other case, a
   truncated or extended name, other separators), other than three rotation
   channels, a repeated rotation axis and more than 16 channels with
   SPCONV_EINVAL, every output untouched; any white space separates names,
   position channels may stand anywhere. */
static void test_D1_bvh_parser(void **state) {
  const char *bad[] = {"", " \t\r\n", "Zrotation Xrotation", "zrotation Xrotation Yrotation",
                       "ZROTATION XROTATION YROTATION", "Zrotation Xrotation Yrotatio",
                       "Zrotation Xrotation Yrotations", "Zrotation Xrotation Wrotation",
                       "Zrotation,Xrotation,Yrotation", "Zrotation Xrotation Zrotation",
                       "Zrotation Zrotation Yrotation", "Zrotation Xrotation Yrotation Xrotation",
                       "Xposition Yposition Zposition", "Zrotation Xrotation\0Yrotation",
                       "Zrotation Xrotation Yrotation Xpos", "Zrotation xrotation Yrotation", NULL};
  /* 17 channels (over the limit of 16), and 16 */
  static const char many17[] = "Xposition Xposition Xposition Xposition Xposition Xposition "
                               "Xposition Xposition Xposition Xposition Xposition Xposition "
                               "Xposition Xposition Zrotation Xrotation Yrotation";
  static const char many16[] = "Yposition Yposition Yposition Yposition Yposition Yposition "
                               "Yposition Yposition Yposition Yposition Yposition Yposition "
                               "Yposition Yrotation Xrotation Zrotation";
  char buf[30];
  spconv_euler_seq seq;
  spconv_euler_kind kind;
  int idx[3], n, k;
  (void)state;
  for (k = 0; k < 18; ++k) {
    const char *s = k < 17 ? bad[k] : many17;
    seq = (spconv_euler_seq)77;
    kind = (spconv_euler_kind)77;
    idx[0] = idx[1] = idx[2] = n = 77;
    assert_int_equal(spconv_euler_seq_from_bvh_channels(&seq, &kind, idx, &n, s), SPCONV_EINVAL);
    assert_true((int)seq == 77 && (int)kind == 77 && n == 77);
    assert_true(idx[0] == 77 && idx[1] == 77 && idx[2] == 77);
  }
  assert_int_equal(spconv_euler_seq_from_bvh_channels(NULL, &kind, NULL, NULL, "Zrotation Xrotation Yrotation"),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_euler_seq_from_bvh_channels(&seq, NULL, NULL, NULL, "Zrotation Xrotation Yrotation"),
                   SPCONV_EINVAL);
  /* any white space, positions anywhere */
  assert_int_equal(spconv_euler_seq_from_bvh_channels(&seq, &kind, idx, &n,
                       "\tXposition  Yposition\r\nZrotation Zposition\nXrotation\r\n Yrotation \n"),
                   SPCONV_OK);
  assert_true(seq == SPCONV_EULER_ZXY && kind == SPCONV_EULER_INTRINSIC && n == 6);
  assert_true(idx[0] == 2 && idx[1] == 4 && idx[2] == 5);
  /* 16 channels are accepted */
  assert_int_equal(spconv_euler_seq_from_bvh_channels(&seq, &kind, NULL, &n, many16), SPCONV_OK);
  assert_true(seq == SPCONV_EULER_YXZ && n == 16);
  /* parse -> string -> parse */
  assert_int_equal(spconv_bvh_channels_from_euler_seq(buf, sizeof buf, seq, kind), SPCONV_OK);
  assert_string_equal(buf, "Yrotation Xrotation Zrotation");
  seq = (spconv_euler_seq)77;
  assert_int_equal(spconv_euler_seq_from_bvh_channels(&seq, &kind, NULL, NULL, buf), SPCONV_OK);
  assert_true(seq == SPCONV_EULER_YXZ);
}

/* D2: BVH angles and channel strings: a proper Euler sequence (XYX, ...),
   an unknown seq or kind, a NULL or short (< 30 bytes) buffer give
   SPCONV_EINVAL, untouched; a zero or non-finite quaternion gives
   SPCONV_EDEGENERATE, untouched; NaN angles give NaN with SPCONV_OK (G4);
   a lock gives SPCONV_GIMBAL_LOCK with the last angle 0; any nonzero norm. */
static void test_D2_bvh_angles(void **state) {
  int bad_seq[] = {SPCONV_EULER_XYX, SPCONV_EULER_ZYZ, SPCONV_EULER_ZYZ + 1, SPCONV_EULER_XYZ - 1,
                   INT_MAX, INT_MIN}, k, i;
  char buf[40], small[29];
  spconv_real deg[3] = {10, 20, 30}, nandeg[3] = {10, R_NAN, 30}, lock[3] = {10, 90, 30};
  spconv_real id[4] = {1, 0, 0, 0}, zero[4] = {0, 0, 0, 0}, nanq[4] = {R_NAN, 0, 0, 0};
  spconv_real infq[4] = {1, R_INF, 0, 0}, q[4], r[4], e[3], e2[3];
  (void)state;
  for (k = 0; k < 6; ++k) {
    spconv_euler_seq s = (spconv_euler_seq)bad_seq[k];
    memset(buf, '#', sizeof buf);
    fill(q, 4);
    fill(e, 3);
    assert_int_equal(spconv_bvh_channels_from_euler_seq(buf, sizeof buf, s, SPCONV_EULER_INTRINSIC),
                     SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_from_bvh(q, deg, s), SPCONV_EINVAL);
    assert_int_equal(spconv_bvh_from_quat_wxyz(e, id, s), SPCONV_EINVAL);
    for (i = 0; i < 40; ++i) assert_true(buf[i] == '#');
    expect_untouched(q, 4);
    expect_untouched(e, 3);
  }
  memset(small, '#', sizeof small);
  assert_int_equal(spconv_bvh_channels_from_euler_seq(small, sizeof small, SPCONV_EULER_ZXY,
                                                      SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
  for (i = 0; i < 29; ++i) assert_true(small[i] == '#');
  assert_int_equal(spconv_bvh_channels_from_euler_seq(buf, sizeof buf, SPCONV_EULER_ZXY,
                                                      TEST_EULER_KIND(2)), SPCONV_EINVAL);
  assert_int_equal(spconv_bvh_channels_from_euler_seq(NULL, 40, SPCONV_EULER_ZXY,
                                                      SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
  /* exactly 30 bytes; extrinsic YXZ is intrinsic ZXY */
  assert_int_equal(spconv_bvh_channels_from_euler_seq(buf, 30, SPCONV_EULER_YXZ,
                                                      SPCONV_EULER_EXTRINSIC), SPCONV_OK);
  assert_string_equal(buf, "Zrotation Xrotation Yrotation");
  /* zero and non-finite quaternions */
  for (k = 0; k < 3; ++k) {
    fill(e, 3);
    assert_int_equal(spconv_bvh_from_quat_wxyz(e, k == 0 ? zero : k == 1 ? nanq : infq,
                                               SPCONV_EULER_ZXY), SPCONV_EDEGENERATE);
    expect_untouched(e, 3);
  }
  /* NaN angles propagate */
  assert_int_equal(spconv_quat_wxyz_from_bvh(q, nandeg, SPCONV_EULER_ZXY), SPCONV_OK);
  assert_true(any_nan(q, 4));
  /* a lock: the last angle 0, the angles still rebuild the rotation */
  assert_int_equal(spconv_quat_wxyz_from_bvh(q, lock, SPCONV_EULER_ZXY), SPCONV_OK);
  assert_int_equal(spconv_bvh_from_quat_wxyz(e, q, SPCONV_EULER_ZXY), SPCONV_GIMBAL_LOCK);
  assert_true(e[2] == 0);
  EXPECT_NEAR(e[1], 90, TEST_TOL * 100, 90);
  assert_int_equal(spconv_quat_wxyz_from_bvh(r, e, SPCONV_EULER_ZXY), SPCONV_OK);
  if ((double)(r[0] * q[0] + r[1] * q[1] + r[2] * q[2] + r[3] * q[3]) < 0)
    for (i = 0; i < 4; ++i) r[i] = -r[i];
  EXPECT_VEC_NEAR(r, q, 4, TEST_TOL * 100);
  /* any nonzero norm: c q gives the angles of q */
  assert_int_equal(spconv_quat_wxyz_from_bvh(q, deg, SPCONV_EULER_XZY), SPCONV_OK);
  assert_int_equal(spconv_bvh_from_quat_wxyz(e, q, SPCONV_EULER_XZY), SPCONV_OK);
  EXPECT_VEC_NEAR(e, deg, 3, TEST_TOL * 100);
  for (i = 0; i < 4; ++i) r[i] = q[i] * (spconv_real)1e-3;
  assert_int_equal(spconv_bvh_from_quat_wxyz(e2, r, SPCONV_EULER_XZY), SPCONV_OK);
  EXPECT_VEC_NEAR(e2, e, 3, TEST_TOL * 100);
}

/* D3: orientations under a change of axes: an M that is not a rotation
   (a reflection, NaN, inf, scaled, sheared, zero) given to the world-only
   forms, and M_world, M_body that are not orthogonal or whose
   determinants differ, give SPCONV_EINVAL, untouched; the quaternion forms
   keep the norm of q (zero stays zero); NaN in q or R propagates (G4). */
static void test_D3_change_world_axes(void **state) {
  const spconv_real Mz[9] = {1, 0, 0, 0, 0, -1, 0, 1, 0}; /* Y up -> Z up */
  const spconv_real F[9] = {1, 0, 0, 0, 1, 0, 0, 0, -1};  /* a reflection */
  spconv_real bad[6][9], R[9] = {0, -1, 0, 1, 0, 0, 0, 0, 1}, q[4] = {0, 0, 0, 3};
  spconv_real zero[4] = {0, 0, 0, 0}, nanq[4] = {1, R_NAN, 0, 0}, res[9], r[4];
  int k, i;
  (void)state;
  for (k = 0; k < 6; ++k) memcpy(bad[k], Mz, sizeof Mz);
  memcpy(bad[0], F, sizeof F);
  bad[1][4] = R_NAN;
  bad[2][0] = R_INF;
  for (i = 0; i < 9; ++i) bad[3][i] = 2 * Mz[i];
  bad[4][1] = (spconv_real)0.1;
  for (i = 0; i < 9; ++i) bad[5][i] = 0;
  for (k = 0; k < 6; ++k) {
    fill(res, 9);
    fill(r, 4);
    assert_int_equal(spconv_mat_change_world_axes(res, bad[k], R), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_change_world_axes(r, bad[k], q), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_change_world_body_axes(r, bad[k], Mz, q), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_change_world_body_axes(r, Mz, bad[k], q), SPCONV_EINVAL);
    expect_untouched(res, 9);
    expect_untouched(r, 4);
  }
  /* two reflections (equal determinants) are accepted */
  assert_int_equal(spconv_quat_wxyz_change_world_body_axes(r, F, F, q), SPCONV_OK);
  EXPECT_NEAR(norm(r, 4), 3, TEST_TOL, 3);
  /* the norm of q is kept, zero included */
  assert_int_equal(spconv_quat_wxyz_change_world_axes(r, Mz, q), SPCONV_OK);
  EXPECT_NEAR(norm(r, 4), 3, TEST_TOL, 3);
  assert_int_equal(spconv_quat_wxyz_change_world_axes(r, Mz, zero), SPCONV_OK);
  assert_true(norm(r, 4) == 0);
  assert_int_equal(spconv_quat_wxyz_change_world_body_axes(r, Mz, Mz, zero), SPCONV_OK);
  assert_true(norm(r, 4) == 0);
  /* NaN propagates */
  assert_int_equal(spconv_quat_wxyz_change_world_axes(r, Mz, nanq), SPCONV_OK);
  assert_true(any_nan(r, 4));
  assert_int_equal(spconv_quat_wxyz_change_world_body_axes(r, Mz, F, nanq), SPCONV_EINVAL);
  assert_int_equal(spconv_quat_wxyz_change_world_body_axes(r, Mz, Mz, nanq), SPCONV_OK);
  assert_true(any_nan(r, 4));
  R[4] = R_NAN;
  assert_int_equal(spconv_mat_change_world_axes(res, Mz, R), SPCONV_OK);
  assert_true(any_nan(res, 9));
}

/* D4: rotation formats: an unknown format (even with n = 0) or a NULL array
   with n > 0 gives SPCONV_EINVAL; a zero or non-finite quaternion anywhere
   in x gives SPCONV_EDEGENERATE, a matrix that is not a rotation
   SPCONV_EINVAL (as the single-element functions), and nothing is written,
   in place too; quaternions of any finite nonzero norm
   are normalized with their sign kept; a NaN or inf rotation vector gives
   NaN in its own element only. */
static void test_D4_rot_convert(void **state) {
  spconv_real x[12] = {1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0}, m[27], out[27], buf[27];
  spconv_real badq[3][4] = {{0, 0, 0, 0}, {R_NAN, 0, 0, 0}, {1, 0, R_INF, 0}};
  spconv_real rv[9] = {(spconv_real)0.1, 0, 0, R_NAN, 0, 0, 0, R_INF, 0};
  spconv_real big[4] = {-R_MAX, R_MAX, 0, 0}, sub[4] = {-R_TRUE_MIN, 0, 0, 0};
  int k, i, f, bad_fmt[] = {SPCONV_ROT_MAT + 1, SPCONV_ROT_ROTVEC - 1, INT_MAX};
  (void)state;
  for (k = 0; k < 3; ++k) { /* the last of three quaternions is degenerate */
    memcpy(x + 8, badq[k], sizeof badq[k]);
    for (f = 0; f < 4; ++f) {
      fill(out, 27);
      assert_int_equal(spconv_rot_convert_n(out, TEST_ROT_FORMAT(f), x, SPCONV_ROT_QUAT_WXYZ, 3),
                       SPCONV_EDEGENERATE);
      expect_untouched(out, 27);
      memcpy(buf, x, sizeof x);
      assert_int_equal(spconv_rot_convert_n(buf, TEST_ROT_FORMAT(f), buf, SPCONV_ROT_QUAT_XYZW, 3),
                       SPCONV_EDEGENERATE);
      EXPECT_VEC_EQUAL(buf, x, 8); /* nothing written */
    }
  }
  for (k = 0; k < 4; ++k) { /* a matrix that is not a rotation, after a good one */
    for (i = 0; i < 18; ++i) m[i] = (spconv_real)(i % 9 % 4 == 0);
    if (k == 0) m[17] = -1;              /* reflection */
    if (k == 1) m[9] = 2;                /* scaled column */
    if (k == 2) m[10] = R_NAN;
    if (k == 3) m[9] = m[13] = m[17] = 0; /* zero */
    fill(out, 27);
    assert_int_equal(spconv_rot_convert_n(out, SPCONV_ROT_QUAT_WXYZ, m, SPCONV_ROT_MAT, 2),
                     SPCONV_EINVAL);
    expect_untouched(out, 27);
    memcpy(buf, m, 18 * sizeof(spconv_real));
    assert_int_equal(spconv_rot_convert_n(buf, SPCONV_ROT_ROTVEC, buf, SPCONV_ROT_MAT, 2),
                     SPCONV_EINVAL);
    EXPECT_VEC_EQUAL(buf, m, 18);
  }
  for (k = 0; k < 3; ++k) {
    fill(out, 27);
    assert_int_equal(spconv_rot_convert_n(out, (spconv_rot_format)bad_fmt[k], x, SPCONV_ROT_QUAT_WXYZ, 2),
                     SPCONV_EINVAL);
    assert_int_equal(spconv_rot_convert_n(out, SPCONV_ROT_MAT, x, (spconv_rot_format)bad_fmt[k], 2),
                     SPCONV_EINVAL);
    assert_int_equal(spconv_rot_convert_n(NULL, SPCONV_ROT_MAT, NULL, (spconv_rot_format)bad_fmt[k], 0),
                     SPCONV_EINVAL);
    expect_untouched(out, 27);
  }
  assert_int_equal(spconv_rot_convert_n(NULL, SPCONV_ROT_MAT, x, SPCONV_ROT_QUAT_WXYZ, 1), SPCONV_EINVAL);
  assert_int_equal(spconv_rot_convert_n(NULL, SPCONV_ROT_MAT, NULL, SPCONV_ROT_QUAT_WXYZ, 0), SPCONV_OK);
  /* any finite nonzero norm, the sign kept */
  assert_int_equal(spconv_rot_convert_n(out, SPCONV_ROT_QUAT_WXYZ, big, SPCONV_ROT_QUAT_WXYZ, 1), SPCONV_OK);
  {
    spconv_real want[4] = {(spconv_real)-0.70710678118654752, (spconv_real)0.70710678118654752, 0, 0};
    EXPECT_VEC_NEAR(out, want, 4, TEST_TOL);
  }
  assert_int_equal(spconv_rot_convert_n(out, SPCONV_ROT_QUAT_WXYZ, sub, SPCONV_ROT_QUAT_WXYZ, 1), SPCONV_OK);
  assert_true(out[0] == -1 && out[1] == 0 && out[2] == 0 && out[3] == 0);
  /* NaN and inf rotation vectors give NaN, element by element */
  assert_int_equal(spconv_rot_convert_n(out, SPCONV_ROT_QUAT_WXYZ, rv, SPCONV_ROT_ROTVEC, 3), SPCONV_OK);
  assert_true(all_finite(out, 4) && any_nan(out + 4, 4) && any_nan(out + 8, 4));
}

/* D5: whole clips: NULL clips or matrices, negative or differing sizes,
   differing formats or flags, an unknown format of a present array, a NULL
   res array where in has one, k not finite and > 0, an M that is not
   orthogonal, determinants that differ: SPCONV_EINVAL and nothing written;
   NaN in one frame stays in that frame (G4). */
static void test_D5_clip_convert(void **state) {
  spconv_real pos[6] = {1, 2, 3, 4, 5, 6}, rot[8] = {1, 0, 0, 0, 0, 1, 0, 0};
  spconv_real lin[6] = {1, 0, 0, 0, 1, 0}, ang[6] = {0, 0, 1, 1, 0, 0};
  spconv_real loc[12] = {(spconv_real)0.1, 0, 0, 0, (spconv_real)0.2, 0, 0, 0, (spconv_real)0.3,
                         (spconv_real)0.4, 0, 0};
  spconv_real off[6] = {0, 1, 0, 0, 0, 1}, r[6][12], M[9], F[9] = {1, 0, 0, 0, 1, 0, 0, 0, -1};
  spconv_real M2[9], Mn[9];
  spconv_motion_clip in = {2, 2, NULL, NULL, SPCONV_ROT_QUAT_WXYZ, NULL, NULL, 0, NULL,
                           SPCONV_ROT_ROTVEC, NULL};
  spconv_motion_clip res, b;
  int k, i;
  (void)state;
  in.root_pos = pos;
  in.root_rot = rot;
  in.root_linvel = lin;
  in.root_angvel = ang;
  in.local_rot = loc;
  in.offsets = off;
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_SMPL, SPCONV_AXIS_PRESET_ROBOT),
                   SPCONV_OK);
  for (i = 0; i < 9; ++i) {
    M2[i] = 2 * M[i];
    Mn[i] = M[i];
  }
  Mn[0] = R_NAN;
  res = in;
  res.root_pos = r[0];
  res.root_rot = r[1];
  res.root_linvel = r[2];
  res.root_angvel = r[3];
  res.local_rot = r[4];
  res.offsets = r[5];
  for (k = 0; k < 21; ++k) {
    spconv_motion_clip a = in;
    const spconv_real *W = M, *B = M;
    spconv_real kk = (spconv_real)0.01;
    int st;
    b = res;
    switch (k) {
      case 0: a.frames = b.frames = -1; break;
      case 1: a.bodies = b.bodies = -1; break;
      case 2: b.frames = 3; break;
      case 3: b.bodies = 1; break;
      case 4: a.root_rot_format = b.root_rot_format = TEST_ROT_FORMAT(7); break;
      case 5: a.local_rot_format = b.local_rot_format = TEST_ROT_FORMAT(-1); break;
      case 6: b.local_rot_format = SPCONV_ROT_MAT; break;
      case 7: b.root_rot_format = SPCONV_ROT_QUAT_XYZW; break;
      case 8: b.root_angvel_body = 1; break;
      case 9: b.root_pos = NULL; break;
      case 10: b.offsets = NULL; break;
      case 11: kk = 0; break;
      case 12: kk = -1; break;
      case 13: kk = R_NAN; break;
      case 14: kk = R_INF; break;
      case 15: W = M2; break;
      case 16: B = Mn; break;
      case 17: W = F; break; /* det -1 against det +1 */
      case 18: W = NULL; break;
      case 19: B = NULL; break;
      default: break;
    }
    for (i = 0; i < 6; ++i) fill(r[i], 12);
    if (k == 20) {
      assert_int_equal(spconv_motion_clip_convert(NULL, &a, M, M, kk), SPCONV_EINVAL);
      st = spconv_motion_clip_convert(&b, NULL, M, M, kk);
    } else {
      st = spconv_motion_clip_convert(&b, &a, W, B, kk);
    }
    assert_int_equal(st, SPCONV_EINVAL);
    for (i = 0; i < 6; ++i) expect_untouched(r[i], 12);
  }
  /* NaN in frame 1 of root_pos stays in frame 1 */
  in.root_pos[4] = R_NAN;
  assert_int_equal(spconv_motion_clip_convert(&res, &in, M, M, (spconv_real)0.01), SPCONV_OK);
  assert_true(all_finite(r[0], 3) && any_nan(r[0] + 3, 3));
  assert_true(all_finite(r[5], 6));
}

/* D6: velocities from a clip: fewer than 2 frames, dt not finite and > 0,
   an unknown method, a q_format other than the two quaternion formats or a
   NULL array give SPCONV_EINVAL, untouched; a NaN position reaches only
   the linear velocities whose difference uses its frame (a zero or
   non-finite orientation is SPCONV_EDEGENERATE: E2); quaternions of any
   norm. */
static void test_D6_clip_velocities(void **state) {
  spconv_real pos[12] = {0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0}, q[16], res[12], r2[12];
  spconv_real bad_dt[4] = {0, (spconv_real)-0.1, R_NAN, R_INF};
  int frames[3] = {1, 0, -1}, k, t, i;
  (void)state;
  for (t = 0; t < 4; ++t) { /* a turn about z of 0.1 rad per frame */
    q[4 * t] = (spconv_real)cos(0.05 * t);
    q[4 * t + 1] = q[4 * t + 2] = 0;
    q[4 * t + 3] = (spconv_real)sin(0.05 * t);
  }
  for (k = 0; k < 12; ++k) {
    int T = k < 3 ? frames[k] : 4, method = k == 7 ? 2 : k == 8 ? -1 : 1; /* 1: CENTRAL */
    spconv_real dt = k >= 3 && k < 7 ? bad_dt[k - 3] : (spconv_real)0.1;
    spconv_rot_format f = k == 9 ? SPCONV_ROT_ROTVEC : k == 10 ? SPCONV_ROT_MAT
                          : k == 11 ? TEST_ROT_FORMAT(9) : SPCONV_ROT_QUAT_WXYZ;
    fill(res, 12);
    if (k < 9) assert_int_equal(spconv_motion_linvel(res, pos, T, dt, TEST_DIFF(method)),
                                SPCONV_EINVAL);
    assert_int_equal(spconv_motion_angvel(res, q, T, dt, f, 0, TEST_DIFF(method)),
                     SPCONV_EINVAL);
    expect_untouched(res, 12);
  }
  fill(res, 12);
  assert_int_equal(spconv_motion_linvel(NULL, pos, 4, (spconv_real)0.1, SPCONV_MOTION_DIFF_FORWARD),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_motion_linvel(res, NULL, 4, (spconv_real)0.1, SPCONV_MOTION_DIFF_FORWARD),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_motion_angvel(res, NULL, 4, (spconv_real)0.1, SPCONV_ROT_QUAT_WXYZ, 1,
                                        SPCONV_MOTION_DIFF_FORWARD), SPCONV_EINVAL);
  expect_untouched(res, 12);
  /* a NaN in the last frame: forward differences of frames 2 and 3 only,
     central ones of frames 2 and 3 (frame 1 uses frames 0 and 2) */
  pos[9] = R_NAN;
  for (k = 0; k < 2; ++k) {
    assert_int_equal(spconv_motion_linvel(res, pos, 4, (spconv_real)0.1, TEST_DIFF(k)),
                     SPCONV_OK);
    assert_true(all_finite(res, 6) && any_nan(res + 6, 3) && any_nan(res + 9, 3));
  }
  /* any norm: 1000 q and q / 1000 turn alike */
  assert_int_equal(spconv_motion_angvel(res, q, 4, (spconv_real)0.1, SPCONV_ROT_QUAT_WXYZ, 1,
                                        SPCONV_MOTION_DIFF_CENTRAL), SPCONV_OK);
  for (i = 0; i < 16; ++i) q[i] *= (spconv_real)(i < 8 ? 1000 : 0.001);
  assert_int_equal(spconv_motion_angvel(r2, q, 4, (spconv_real)0.1, SPCONV_ROT_QUAT_WXYZ, 1,
                                        SPCONV_MOTION_DIFF_CENTRAL), SPCONV_OK);
  EXPECT_VEC_NEAR(r2, res, 12, TEST_TOL * 100);
  EXPECT_NEAR(res[2], 1, TEST_TOL * 100, 1);
}

/* D7: joint order of clips and skeletons: a map that is not a
   permutation, stride 0, a NULL array with data to move, a parent other
   than -1 or 0..n-1 give SPCONV_EINVAL, untouched; nothing to move
   (frames or n = 0) is SPCONV_OK with NULL arrays. */
static void test_D7_joint_order(void **state) {
  int bad[][3] = {{0, 1, 3}, {0, 0, 1}, {-1, 0, 1}, {INT_MAX, 0, 1}, {INT_MIN, 0, 1}};
  int good[3] = {2, 0, 1}, parents[3] = {-1, 0, 1}, pres[3];
  int bad_par[][3] = {{-2, 0, 1}, {-1, 3, 0}, {-1, 0, INT_MAX}, {INT_MIN, 0, 1}};
  spconv_real x[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, out[12];
  int k;
  (void)state;
  for (k = 0; k < 5; ++k) {
    fill(out, 12);
    pres[0] = pres[1] = pres[2] = 77;
    assert_int_equal(spconv_perm_gather_frames(out, x, bad[k], 2, 3, 2), SPCONV_EINVAL);
    assert_int_equal(spconv_perm_gather_parents(pres, parents, bad[k], 3), SPCONV_EINVAL);
    expect_untouched(out, 12);
    assert_true(pres[0] == 77 && pres[1] == 77 && pres[2] == 77);
  }
  for (k = 0; k < 4; ++k) {
    pres[0] = pres[1] = pres[2] = 77;
    assert_int_equal(spconv_perm_gather_parents(pres, bad_par[k], good, 3), SPCONV_EINVAL);
    assert_true(pres[0] == 77 && pres[1] == 77 && pres[2] == 77);
  }
  fill(out, 12);
  assert_int_equal(spconv_perm_gather_frames(out, x, good, 2, 3, 0), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_gather_frames(out, NULL, good, 2, 3, 2), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_gather_frames(out, x, NULL, 2, 3, 2), SPCONV_EINVAL);
  expect_untouched(out, 12);
  assert_int_equal(spconv_perm_gather_frames(NULL, x, good, 2, 3, 2), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_gather_parents(NULL, parents, good, 3), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_gather_frames(NULL, NULL, good, 0, 3, 2), SPCONV_OK);
  assert_int_equal(spconv_perm_gather_frames(NULL, NULL, NULL, 2, 0, 2), SPCONV_OK);
  assert_int_equal(spconv_perm_gather_parents(NULL, NULL, NULL, 0), SPCONV_OK);
}

/* ============================================================ batch forms */

/* B1: n = 0 reads and writes nothing (NULL pointers are fine); each element
   is converted alone, so a NaN element does not reach its neighbours. */
static void test_B1_batch(void **state) {
  spconv_real x[12] = {1, 2, 3, 4, 5, 6, R_NAN, 0, 0, 0, 0, 0}, r[6] = {1, 0, 0, 0, 1, 0};
  spconv_real out[12], one[6];
  (void)state;
  spconv_twist_shift_n(NULL, NULL, NULL, 0);
  spconv_quat_wxyz_from_xyzw_n(NULL, NULL, 0);
  assert_int_equal(spconv_twist_from_mujoco_qvel_n(NULL, NULL, NULL, 7, NULL, 0), SPCONV_OK);
  assert_int_equal(spconv_vec_change_up_axis_n(NULL, NULL, 0, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
  assert_int_equal(spconv_vec_change_up_axis_n(NULL, NULL, 0, (spconv_axis)5, SPCONV_AXIS_Z),
                   SPCONV_EINVAL);
  spconv_twist_shift_n(out, x, r, 2);
  spconv_twist_shift(one, x, r);
  EXPECT_VEC_EQUAL(out, one, 6);
  assert_true(any_nan(out + 6, 6));
}

/* B2: every function of a batch or a whole array that returns a status
   refuses a NULL array with data to read or write (n > 0; a joint layout
   with scalars; body_count > 0) with SPCONV_EINVAL and writes nothing, and
   takes NULL arrays when there is nothing to move (n = 0, an empty
   layout). Each NULL is tried alone, the other arrays valid. */
#define B2_N 2
#define B2_EINVAL(call)                          \
  do {                                           \
    fill(out, 64);                               \
    assert_int_equal((call), SPCONV_EINVAL);     \
    expect_untouched(out, 64);                   \
  } while (0)
static void test_B2_null_arrays(void **state) {
  spconv_real a[64], out[64], *o = out;
  unsigned char scratch[1];
  int good[3] = {2, 0, 1}, parents[3] = {-1, 0, 1}, ires[3];
  int type[2] = {SPCONV_JOINT_REVOLUTE, SPCONV_JOINT_FREE}, qs[3] = {0, 1, 8}, ds[3] = {0, 1, 7};
  int child[2] = {0, 1}, zero[1] = {0};
  spconv_joint_layout L = {2, NULL, NULL, NULL, NULL, 2}, E = {0, NULL, NULL, NULL, NULL, 0};
  spconv_state_convention sc = spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  const spconv_convention *tc = &sc.twist;
  const spconv_pose_convention *pc = &sc.pose;
  const spconv_sap_order P = SPCONV_SAP_ORDER_PUBLIC;
  const spconv_axis Y = SPCONV_AXIS_Y, Z = SPCONV_AXIS_Z;
  const spconv_rot_format WXYZ = SPCONV_ROT_QUAT_WXYZ;
  int i;
  (void)state;
  L.joint_type = type;
  L.joint_q_start = qs;
  L.joint_qd_start = ds;
  L.joint_child = child;
  E.joint_type = E.joint_q_start = E.joint_qd_start = E.joint_child = zero;
  for (i = 0; i < 64; ++i) a[i] = (spconv_real)(i % 7 == 3 ? 1 : 0.25); /* unit-free quaternions */
  /* up axis */
  B2_EINVAL(spconv_vec_change_up_axis_n(NULL, a, B2_N, Y, Z));
  B2_EINVAL(spconv_vec_change_up_axis_n(o, NULL, B2_N, Y, Z));
  B2_EINVAL(spconv_spatial_change_up_axis_n(NULL, a, B2_N, Y, Z));
  B2_EINVAL(spconv_spatial_change_up_axis_n(o, NULL, B2_N, Y, Z));
  B2_EINVAL(spconv_quat_wxyz_change_world_up_axis_n(NULL, a, B2_N, Y, Z));
  B2_EINVAL(spconv_quat_wxyz_change_world_up_axis_n(o, NULL, B2_N, Y, Z));
  B2_EINVAL(spconv_quat_xyzw_change_world_up_axis_n(NULL, a, B2_N, Y, Z));
  B2_EINVAL(spconv_quat_xyzw_change_world_up_axis_n(o, NULL, B2_N, Y, Z));
  assert_int_equal(spconv_vec_change_up_axis_n(NULL, NULL, 0, Y, Z), SPCONV_OK);
  assert_int_equal(spconv_spatial_change_up_axis_n(NULL, NULL, 0, Y, Z), SPCONV_OK);
  assert_int_equal(spconv_quat_wxyz_change_world_up_axis_n(NULL, NULL, 0, Y, Z), SPCONV_OK);
  assert_int_equal(spconv_quat_xyzw_change_world_up_axis_n(NULL, NULL, 0, Y, Z), SPCONV_OK);
  /* rotation formats */
  B2_EINVAL(spconv_rot_convert_n(NULL, WXYZ, a, WXYZ, B2_N));
  B2_EINVAL(spconv_rot_convert_n(o, WXYZ, NULL, WXYZ, B2_N));
  assert_int_equal(spconv_rot_convert_n(NULL, WXYZ, NULL, WXYZ, 0), SPCONV_OK);
  /* body states (iquat_wxyz NULL: the identity, documented) */
  B2_EINVAL(spconv_state_convert_n(NULL, 7, o + 32, 6, &sc, a, 7, a, 6, &sc, a, NULL, B2_N));
  B2_EINVAL(spconv_state_convert_n(o, 7, NULL, 6, &sc, a, 7, a, 6, &sc, a, NULL, B2_N));
  B2_EINVAL(spconv_state_convert_n(o, 7, o + 32, 6, &sc, NULL, 7, a, 6, &sc, a, NULL, B2_N));
  B2_EINVAL(spconv_state_convert_n(o, 7, o + 32, 6, &sc, a, 7, NULL, 6, &sc, a, NULL, B2_N));
  B2_EINVAL(spconv_state_convert_n(o, 7, o + 32, 6, &sc, a, 7, a, 6, &sc, NULL, NULL, B2_N));
  assert_int_equal(spconv_state_convert_n(NULL, 7, NULL, 6, &sc, NULL, 7, NULL, 6, &sc, NULL,
                                          NULL, 0), SPCONV_OK);
  B2_EINVAL(spconv_twist_convert_n(NULL, 6, tc, a, 6, tc, a, 7, pc, a, NULL, B2_N));
  B2_EINVAL(spconv_twist_convert_n(o, 6, tc, NULL, 6, tc, a, 7, pc, a, NULL, B2_N));
  B2_EINVAL(spconv_twist_convert_n(o, 6, tc, a, 6, tc, NULL, 7, pc, a, NULL, B2_N));
  B2_EINVAL(spconv_twist_convert_n(o, 6, tc, a, 6, tc, a, 7, pc, NULL, NULL, B2_N));
  B2_EINVAL(spconv_wrench_convert_n(NULL, 6, tc, a, 6, tc, a, 7, pc, a, NULL, B2_N));
  B2_EINVAL(spconv_wrench_convert_n(o, 6, tc, NULL, 6, tc, a, 7, pc, a, NULL, B2_N));
  B2_EINVAL(spconv_wrench_convert_n(o, 6, tc, a, 6, tc, NULL, 7, pc, a, NULL, B2_N));
  B2_EINVAL(spconv_wrench_convert_n(o, 6, tc, a, 6, tc, a, 7, pc, NULL, NULL, B2_N));
  assert_int_equal(spconv_twist_convert_n(NULL, 6, tc, NULL, 6, tc, NULL, 7, pc, NULL, NULL, 0),
                   SPCONV_OK);
  assert_int_equal(spconv_wrench_convert_n(NULL, 6, tc, NULL, 6, tc, NULL, 7, pc, NULL, NULL, 0),
                   SPCONV_OK);
  /* MuJoCo free joints */
  B2_EINVAL(spconv_twist_from_mujoco_qvel_n(NULL, a, a, 4, a, B2_N));
  B2_EINVAL(spconv_twist_from_mujoco_qvel_n(o, NULL, a, 4, a, B2_N));
  B2_EINVAL(spconv_twist_from_mujoco_qvel_n(o, a, NULL, 4, a, B2_N));
  B2_EINVAL(spconv_twist_from_mujoco_qvel_n(o, a, a, 4, NULL, B2_N));
  B2_EINVAL(spconv_mujoco_qvel_from_twist_n(NULL, a, a, 4, a, B2_N));
  B2_EINVAL(spconv_mujoco_qvel_from_twist_n(o, NULL, a, 4, a, B2_N));
  B2_EINVAL(spconv_mujoco_qvel_from_twist_n(o, a, NULL, 4, a, B2_N));
  B2_EINVAL(spconv_mujoco_qvel_from_twist_n(o, a, a, 4, NULL, B2_N));
  B2_EINVAL(spconv_mujoco_qfrc_from_wrench_n(NULL, a, a, 4, a, B2_N));
  B2_EINVAL(spconv_mujoco_qfrc_from_wrench_n(o, NULL, a, 4, a, B2_N));
  B2_EINVAL(spconv_mujoco_qfrc_from_wrench_n(o, a, NULL, 4, a, B2_N));
  B2_EINVAL(spconv_mujoco_qfrc_from_wrench_n(o, a, a, 4, NULL, B2_N));
  B2_EINVAL(spconv_wrench_from_mujoco_qfrc_n(NULL, a, a, 4, a, B2_N));
  B2_EINVAL(spconv_wrench_from_mujoco_qfrc_n(o, NULL, a, 4, a, B2_N));
  B2_EINVAL(spconv_wrench_from_mujoco_qfrc_n(o, a, NULL, 4, a, B2_N));
  B2_EINVAL(spconv_wrench_from_mujoco_qfrc_n(o, a, a, 4, NULL, B2_N));
  assert_int_equal(spconv_mujoco_qvel_from_twist_n(NULL, NULL, NULL, 4, NULL, 0), SPCONV_OK);
  assert_int_equal(spconv_mujoco_qfrc_from_wrench_n(NULL, NULL, NULL, 4, NULL, 0), SPCONV_OK);
  assert_int_equal(spconv_wrench_from_mujoco_qfrc_n(NULL, NULL, NULL, 4, NULL, 0), SPCONV_OK);
  /* whole joint arrays and the SAP boundary: L has 8 q, 7 qd scalars, 2 bodies */
  B2_EINVAL(spconv_joint_q_wxyz_from_xyzw(NULL, a, &L));
  B2_EINVAL(spconv_joint_q_wxyz_from_xyzw(o, NULL, &L));
  B2_EINVAL(spconv_joint_q_xyzw_from_wxyz(NULL, a, &L));
  B2_EINVAL(spconv_joint_q_xyzw_from_wxyz(o, NULL, &L));
  B2_EINVAL(spconv_sap_joint_qd_from_public(NULL, a, &L, a, a));
  B2_EINVAL(spconv_sap_joint_qd_from_public(o, NULL, &L, a, a));
  B2_EINVAL(spconv_sap_joint_qd_from_public(o, a, &L, NULL, a));
  B2_EINVAL(spconv_sap_joint_qd_from_public(o, a, &L, a, NULL));
  B2_EINVAL(spconv_public_joint_qd_from_sap(NULL, a, &L, a, a));
  B2_EINVAL(spconv_public_joint_qd_from_sap(o, NULL, &L, a, a));
  B2_EINVAL(spconv_public_joint_qd_from_sap(o, a, &L, NULL, a));
  B2_EINVAL(spconv_public_joint_qd_from_sap(o, a, &L, a, NULL));
  B2_EINVAL(spconv_sap_joint_f_from_public(NULL, a, &L, a, a));
  B2_EINVAL(spconv_sap_joint_f_from_public(o, NULL, &L, a, a));
  B2_EINVAL(spconv_sap_joint_f_from_public(o, a, &L, NULL, a));
  B2_EINVAL(spconv_sap_joint_f_from_public(o, a, &L, a, NULL));
  B2_EINVAL(spconv_public_joint_f_from_sap(NULL, a, &L, a, a));
  B2_EINVAL(spconv_public_joint_f_from_sap(o, NULL, &L, a, a));
  B2_EINVAL(spconv_public_joint_f_from_sap(o, a, &L, NULL, a));
  B2_EINVAL(spconv_public_joint_f_from_sap(o, a, &L, a, NULL));
  B2_EINVAL(spconv_sap_body_force_from_public_packed(NULL, a, a, a, B2_N));
  B2_EINVAL(spconv_sap_body_force_from_public_packed(o, NULL, a, a, B2_N));
  B2_EINVAL(spconv_sap_body_force_from_public_packed(o, a, NULL, a, B2_N));
  B2_EINVAL(spconv_sap_body_force_from_public_packed(o, a, a, NULL, B2_N));
  B2_EINVAL(spconv_public_body_force_from_sap_packed(NULL, a, a, a, B2_N));
  B2_EINVAL(spconv_public_body_force_from_sap_packed(o, NULL, a, a, B2_N));
  B2_EINVAL(spconv_public_body_force_from_sap_packed(o, a, NULL, a, B2_N));
  B2_EINVAL(spconv_public_body_force_from_sap_packed(o, a, a, NULL, B2_N));
  B2_EINVAL(spconv_sap_boundary_in(o, o + 8, o + 16, &L, NULL, a, P, P, P));
  B2_EINVAL(spconv_sap_boundary_in(o, o + 8, o + 16, &L, a, NULL, P, P, P));
  B2_EINVAL(spconv_sap_boundary_out(NULL, &L, a, a, P));
  B2_EINVAL(spconv_sap_boundary_out(o, &L, NULL, a, P));
  B2_EINVAL(spconv_sap_boundary_out(o, &L, a, NULL, P));
  assert_int_equal(spconv_joint_q_wxyz_from_xyzw(NULL, NULL, &E), SPCONV_OK);
  assert_int_equal(spconv_joint_q_xyzw_from_wxyz(NULL, NULL, &E), SPCONV_OK);
  assert_int_equal(spconv_sap_joint_qd_from_public(NULL, NULL, &E, NULL, NULL), SPCONV_OK);
  assert_int_equal(spconv_public_joint_qd_from_sap(NULL, NULL, &E, NULL, NULL), SPCONV_OK);
  assert_int_equal(spconv_sap_joint_f_from_public(NULL, NULL, &E, NULL, NULL), SPCONV_OK);
  assert_int_equal(spconv_public_joint_f_from_sap(NULL, NULL, &E, NULL, NULL), SPCONV_OK);
  assert_int_equal(spconv_sap_body_force_from_public_packed(NULL, NULL, NULL, NULL, 0), SPCONV_OK);
  assert_int_equal(spconv_public_body_force_from_sap_packed(NULL, NULL, NULL, NULL, 0), SPCONV_OK);
  assert_int_equal(spconv_sap_boundary_in(NULL, NULL, NULL, &E, NULL, NULL, P, P, P), SPCONV_OK);
  assert_int_equal(spconv_sap_boundary_out(NULL, &E, NULL, NULL, P), SPCONV_OK);
  /* permutations */
  assert_int_equal(spconv_perm_check(NULL, 3), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_check_scratch(NULL, 3, scratch), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_check_scratch(good, 3, NULL), SPCONV_EINVAL);
  ires[0] = ires[1] = ires[2] = 77;
  assert_int_equal(spconv_perm_inverse(ires, NULL, 3), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_gather_parents(ires, NULL, good, 3), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_gather_parents(ires, parents, NULL, 3), SPCONV_EINVAL);
  assert_true(ires[0] == 77 && ires[1] == 77 && ires[2] == 77);
  assert_int_equal(spconv_perm_inverse(NULL, good, 3), SPCONV_EINVAL);
  B2_EINVAL(spconv_perm_gather(NULL, a, good, 3));
  B2_EINVAL(spconv_perm_gather(o, NULL, good, 3));
  B2_EINVAL(spconv_perm_gather(o, a, NULL, 3));
  B2_EINVAL(spconv_perm_gather_frames(o, NULL, good, 2, 3, 2));
  assert_int_equal(spconv_perm_check(NULL, 0), SPCONV_OK);
  assert_int_equal(spconv_perm_check_scratch(NULL, 0, NULL), SPCONV_OK);
  assert_int_equal(spconv_perm_inverse(NULL, NULL, 0), SPCONV_OK);
  assert_int_equal(spconv_perm_gather(NULL, NULL, NULL, 0), SPCONV_OK);
  assert_int_equal(spconv_perm_gather_frames(NULL, NULL, NULL, 0, 0, 1), SPCONV_OK);
  assert_int_equal(spconv_perm_gather_parents(NULL, NULL, NULL, 0), SPCONV_OK);
  /* clip velocities need two frames: no n = 0 case (D6) */
  B2_EINVAL(spconv_motion_linvel(NULL, a, B2_N, 1, SPCONV_MOTION_DIFF_FORWARD));
  B2_EINVAL(spconv_motion_linvel(o, NULL, B2_N, 1, SPCONV_MOTION_DIFF_FORWARD));
  B2_EINVAL(spconv_motion_angvel(NULL, a, B2_N, 1, WXYZ, 0, SPCONV_MOTION_DIFF_FORWARD));
  B2_EINVAL(spconv_motion_angvel(o, NULL, B2_N, 1, WXYZ, 0, SPCONV_MOTION_DIFF_FORWARD));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_G1_einval_untouched),
      cmocka_unit_test(test_G2_status_names),
      cmocka_unit_test(test_G3_nan_propagates),
      cmocka_unit_test(test_G3_every_pure_map),
      cmocka_unit_test(test_Q1_order_bitwise),
      cmocka_unit_test(test_Q2_zero_quat_identity),
      cmocka_unit_test(test_Q3_any_norm),
      cmocka_unit_test(test_Q4_degenerate_quat),
      cmocka_unit_test(test_S1_shift_zero_and_ieee),
      cmocka_unit_test(test_M1_free_joint_quat),
      cmocka_unit_test(test_P1_sap_exact),
      cmocka_unit_test(test_U1_gravity_magnitude),
      cmocka_unit_test(test_A1_invalid_systems),
      cmocka_unit_test(test_A2_from_matrix_exact),
      cmocka_unit_test(test_A3_length_scale),
      cmocka_unit_test(test_A4_shape_sizes),
      cmocka_unit_test(test_A5_fromto),
      cmocka_unit_test(test_R1_not_a_rotation),
      cmocka_unit_test(test_R2_orthonormalize),
      cmocka_unit_test(test_R3_axis_angle),
      cmocka_unit_test(test_R4_rotvec),
      cmocka_unit_test(test_R5_euler),
      cmocka_unit_test(test_R6_parsers),
      cmocka_unit_test(test_R7_rot6d),
      cmocka_unit_test(test_R8_slerp),
      cmocka_unit_test(test_R9_angvel_dt_zero),
      cmocka_unit_test(test_E1_not_a_rotation_einval),
      cmocka_unit_test(test_E2_zero_quat_edegenerate),
      cmocka_unit_test(test_E3_zero_parallel_edegenerate),
      cmocka_unit_test(test_E4_bad_dt_einval),
      cmocka_unit_test(test_E5_sizes_and_queries),
      cmocka_unit_test(test_E6_batch_first_failing),
      cmocka_unit_test(test_C1_descriptors),
      cmocka_unit_test(test_C2_joint_layouts),
      cmocka_unit_test(test_C3_permutations),
      cmocka_unit_test(test_C4_body_states),
      cmocka_unit_test(test_C5_enum_blocks),
      cmocka_unit_test(test_C5_enum_families),
      cmocka_unit_test(test_T_transforms_and_inertia),
      cmocka_unit_test(test_D1_bvh_parser),
      cmocka_unit_test(test_D2_bvh_angles),
      cmocka_unit_test(test_D3_change_world_axes),
      cmocka_unit_test(test_D4_rot_convert),
      cmocka_unit_test(test_D5_clip_convert),
      cmocka_unit_test(test_D6_clip_velocities),
      cmocka_unit_test(test_D7_joint_order),
      cmocka_unit_test(test_B1_batch),
      cmocka_unit_test(test_B2_null_arrays),
  };
  int failed = cmocka_run_group_tests_name("spatial_conv robustness (" TEST_PRECISION ")", tests,
                                           NULL, NULL);
  test_print_summary("spatial_conv robustness");
  return failed;
}
