// The functions tests/test_autodiff.cpp differentiates, included twice: in
// tests/test_autodiff_ref.cpp with spconv_real = double (the reference
// values and the central differences) and in tests/test_autodiff.cpp with
// spconv_real = an automatic-differentiation scalar. Include it inside a
// namespace, after spatial_conv.h.
//
// A case is a function of one flat array of inputs x to one flat array of
// outputs o, returning the status (0 for functions without one). Its
// `shape` names the inputs in order, one letter per block:
//   q  quaternion wxyz (4, any norm)     v  vector (3)
//   t  twist or wrench (6)               p  pose [p; q_wxyz] (7)
//   R  rotation matrix, row-major (9)    e  Euler angles, Tait-Bryan (3)
//   r  rotation vector (3)               I  inertia tensor, SPD (9)
//   m  mass, > 0 (1)                     s  parameter in (0, 1) (1)
//   d  principal moments (3)
// Enum arguments and conventions are fixed inside the case.

struct spconv_ad_case {
  const char *name;
  const char *shape;
  int n_out;
  int (*fn)(spconv_real *o, const spconv_real *x);
};

// the body of a conversion between conventions: pos, quat, com, iquat from x
inline spconv_body spconv_ad_body(const spconv_real *x) {
  spconv_body b;
  for (int i = 0; i < 3; ++i) b.pos[i] = x[i];
  for (int i = 0; i < 4; ++i) b.quat_wxyz[i] = x[3 + i];
  for (int i = 0; i < 3; ++i) b.com[i] = x[7 + i];
  for (int i = 0; i < 4; ++i) b.iquat_wxyz[i] = x[10 + i];
  return b;
}

// an axis change with a reflection: ROS FLU -> Unity-like left-handed axes
inline void spconv_ad_axes(spconv_real M[9]) {
  for (int i = 0; i < 9; ++i) M[i] = spconv_real(0);
  M[1] = spconv_real(-1);  // x' = -y
  M[5] = spconv_real(1);   // y' = z
  M[6] = spconv_real(1);   // z' = x
}

// f(M) with the axis change above; status 0
template <class F>
int spconv_ad_with_axes(F f) {
  spconv_real M[9];
  spconv_ad_axes(M);
  f(M);
  return 0;
}

// X(name, shape, outputs, expression giving the status)
#define SPCONV_AD_CASES(X)                                                                   \
  X(quat_wxyz_from_xyzw, "q", 4, (spconv_quat_wxyz_from_xyzw(o, x), 0))                      \
  X(quat_xyzw_from_wxyz, "q", 4, (spconv_quat_xyzw_from_wxyz(o, x), 0))                      \
  X(quat_rotate_wxyz, "qv", 3, (spconv_quat_rotate_wxyz(o, x, x + 4), 0))                   \
  X(quat_rotate_xyzw, "qv", 3, (spconv_quat_rotate_xyzw(o, x, x + 4), 0))                   \
  X(quat_mul_wxyz, "qq", 4, (spconv_quat_mul_wxyz(o, x, x + 4), 0))                          \
  X(quat_inv_wxyz, "q", 4, (spconv_quat_inv_wxyz(o, x), 0))                                  \
  X(quat_normalize_wxyz, "q", 4, spconv_quat_normalize_wxyz(o, x))                           \
  X(quat_slerp_wxyz, "qqs", 4, (spconv_quat_slerp_wxyz(o, x, x + 4, x[8]), 0))               \
  X(quat_angle_wxyz, "qq", 1, (o[0] = spconv_quat_angle_wxyz(x, x + 4), 0))                  \
  X(mat_from_quat_wxyz, "q", 9, (spconv_mat_from_quat_wxyz(o, x), 0))                        \
  X(quat_wxyz_from_mat, "R", 4, spconv_quat_wxyz_from_mat(o, x))                             \
  X(mat_orthonormalize, "R", 9, spconv_mat_orthonormalize(o, x))                             \
  X(quat_wxyz_from_axis_angle, "vs", 4, (spconv_quat_wxyz_from_axis_angle(o, x, x[3]), 0))   \
  X(axis_angle_from_quat_wxyz, "q", 4, spconv_axis_angle_from_quat_wxyz(o, o + 3, x))        \
  X(quat_wxyz_from_rotvec, "r", 4, (spconv_quat_wxyz_from_rotvec(o, x), 0))                  \
  X(rotvec_from_quat_wxyz, "q", 3, (spconv_rotvec_from_quat_wxyz(o, x), 0))                  \
  X(quat_wxyz_from_euler_xyz, "e", 4,                                                        \
    spconv_quat_wxyz_from_euler(o, x, SPCONV_EULER_XYZ, SPCONV_EULER_EXTRINSIC))             \
  X(euler_zyx_from_quat_wxyz, "q", 3,                                                        \
    spconv_euler_from_quat_wxyz(o, x, SPCONV_EULER_ZYX, SPCONV_EULER_INTRINSIC))             \
  X(mat_from_euler_zyx, "e", 9,                                                              \
    spconv_mat_from_euler(o, x, SPCONV_EULER_ZYX, SPCONV_EULER_INTRINSIC))                   \
  X(euler_xyz_from_mat, "R", 3,                                                              \
    spconv_euler_from_mat(o, x, SPCONV_EULER_XYZ, SPCONV_EULER_EXTRINSIC))                   \
  X(urdf_rpy_from_quat_wxyz, "q", 3, spconv_urdf_rpy_from_quat_wxyz(o, x))                   \
  X(rot6d_from_mat, "R", 6, spconv_rot6d_from_mat(o, x, SPCONV_ROT6D_COLUMNS))               \
  X(mat_from_rot6d, "R", 9, spconv_mat_from_rot6d(o, x, SPCONV_ROT6D_ROWS))                  \
  X(quat_integrate_body_wxyz, "qvs", 4,                                                      \
    (spconv_quat_integrate_body_wxyz(o, x, x + 4, x[7]), 0))                                 \
  X(body_angvel_from_quats_wxyz, "qqs", 3,                                                   \
    spconv_body_angvel_from_quats_wxyz(o, x, x + 4, x[8]))                                   \
  X(quat_wxyz_change_axes, "q", 4,                                                          \
    spconv_ad_with_axes([&](const spconv_real *M) { spconv_quat_wxyz_change_axes(o, M, x); })) \
  X(spatial_change_axes, "t", 6,                                                             \
    spconv_ad_with_axes([&](const spconv_real *M) { spconv_spatial_change_axes(o, M, x); }))  \
  X(twist_shift, "tv", 6, (spconv_twist_shift(o, x, x + 6), 0))                              \
  X(wrench_shift, "tv", 6, (spconv_wrench_shift(o, x, x + 6), 0))                            \
  X(spatial_swap, "t", 6, (spconv_spatial_swap(o, x), 0))                                    \
  X(spatial_rotate, "Rt", 6, (spconv_spatial_rotate(o, x, x + 9), 0))                        \
  X(power, "tt", 1, (o[0] = spconv_power(x, x + 6), 0))                                      \
  X(pose_wxyz_from_xyzw, "p", 7, (spconv_pose_wxyz_from_xyzw(o, x), 0))                      \
  X(pose_mul_wxyz, "pp", 7, (spconv_pose_mul_wxyz(o, x, x + 7), 0))                          \
  X(pose_inv_wxyz, "p", 7, (spconv_pose_inv_wxyz(o, x), 0))                                  \
  X(pose_transform_point_wxyz, "pv", 3, (spconv_pose_transform_point_wxyz(o, x, x + 7), 0))  \
  X(pose_relative_wxyz, "pp", 7, (spconv_pose_relative_wxyz(o, x, x + 7), 0))                \
  X(pose_interp_wxyz, "pps", 7, (spconv_pose_interp_wxyz(o, x, x + 7, x[14]), 0))           \
  X(twist_transform_wxyz, "pt", 6,                                                           \
    spconv_twist_transform_wxyz(o, x, x + 7, SPCONV_ORDER_LINEAR_FIRST))                     \
  X(wrench_transform_wxyz, "pt", 6,                                                          \
    spconv_wrench_transform_wxyz(o, x, x + 7, SPCONV_ORDER_ANGULAR_FIRST))                   \
  X(adjoint_twist_matrix_wxyz, "p", 36,                                                      \
    spconv_adjoint_twist_matrix_wxyz(o, x, SPCONV_ORDER_LINEAR_FIRST))                       \
  X(twist_cross, "tt", 6, spconv_twist_cross(o, x, x + 6, SPCONV_ORDER_LINEAR_FIRST))        \
  X(pose_exp_wxyz, "ts", 7, spconv_pose_exp_wxyz(o, x, x[6], SPCONV_ORDER_LINEAR_FIRST))     \
  X(twist_log_wxyz, "p", 6, spconv_twist_log_wxyz(o, x, SPCONV_ORDER_ANGULAR_FIRST))         \
  X(inertia_from_principal, "dq", 9, (spconv_inertia_from_principal(o, x, x + 3), 0))        \
  X(principal_from_inertia, "I", 7, spconv_principal_from_inertia(o, o + 3, x))              \
  X(inertia_shift, "Imvv", 9, (spconv_inertia_shift(o, x, x[9], x + 10, x + 13), 0))         \
  X(spatial_inertia, "mvI", 36, (spconv_spatial_inertia(o, x[0], x + 1, x + 4), 0))          \
  X(kinetic_energy, "mvIt", 1, (o[0] = spconv_kinetic_energy(x[0], x + 1, x + 4, x + 13), 0)) \
  X(twist_convert, "tvqvq", 6, ([&] {                                                        \
      const spconv_convention to = spconv_convention_from_preset(SPCONV_PRESET_DRAKE);       \
      const spconv_convention from = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE); \
      const spconv_body b = spconv_ad_body(x + 6);                                           \
      return spconv_twist_convert(o, &to, x, &from, &b);                                     \
    }()))                                                                                    \
  X(twist_convert_matrix, "vqvq", 36, ([&] {                                                 \
      const spconv_convention to = spconv_convention_from_preset(SPCONV_PRESET_DRAKE);       \
      const spconv_convention from = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE); \
      const spconv_body b = spconv_ad_body(x);                                               \
      return spconv_twist_convert_matrix(o, &to, &from, &b);                                 \
    }()))                                                                                    \
  X(state_convert, "ptvq", 13, ([&] {                                                        \
      const spconv_state_convention to =                                                     \
          spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);                    \
      const spconv_state_convention from =                                                   \
          spconv_state_convention_from_preset(SPCONV_PRESET_ISAACLAB);                       \
      return spconv_state_convert(o, o + 7, &to, x, x + 7, &from, x + 13, x + 16);           \
    }()))                                                                                    \
  X(twist_from_mujoco_qvel, "tqv", 6, (spconv_twist_from_mujoco_qvel(o, x, x + 6, x + 10), 0)) \
  X(mujoco_qfrc_from_wrench, "tqv", 6,                                                       \
    (spconv_mujoco_qfrc_from_wrench(o, x, x + 6, x + 10), 0))                                \
  X(sap_twist_from_public, "tv", 6, (spconv_sap_twist_from_public(o, x, x + 6), 0))          \
  X(sap_wrench_from_public, "tv", 6, (spconv_sap_wrench_from_public(o, x, x + 6), 0))

#define SPCONV_AD_DEFINE(name, shape, n_out, expr) \
  inline int name(spconv_real *o, const spconv_real *x) { return expr; }
SPCONV_AD_CASES(SPCONV_AD_DEFINE)
#undef SPCONV_AD_DEFINE

#define SPCONV_AD_ROW(name, shape, n_out, expr) {#name, shape, n_out, name},
const spconv_ad_case spconv_ad_cases[] = {SPCONV_AD_CASES(SPCONV_AD_ROW)};
#undef SPCONV_AD_ROW
const int spconv_ad_n_cases = static_cast<int>(sizeof spconv_ad_cases / sizeof spconv_ad_cases[0]);
