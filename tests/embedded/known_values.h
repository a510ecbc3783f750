/* Known values of spatial_conv, for any test that includes it after
   spatial_conv.h: the bare-metal self-test (tests/embedded/selftest.c) uses
   every one; the cmocka suites check the same values (the test that does is
   named with each), so a test program can take them from here instead of
   repeating them.

   Each value is derived by hand (the derivation is written next to it) or
   quoted from SciPy 1.10.1 or Blender with the call that produced it. Every
   one is an initializer list or a constant expression in spconv_real, so
   that a float build has no double arithmetic and an includer that uses only
   some of them gets no unused-variable warning:

       spconv_real q[4] = KV_QZ90_WXYZ;
*/
#ifndef SPCONV_KNOWN_VALUES_H
#define SPCONV_KNOWN_VALUES_H

#define KV_R(x) ((spconv_real)(x))
#define KV_PI KV_R(3.14159265358979323846)
/* sqrt(1/2) = cos 45 deg = sin 45 deg */
#define KV_H KV_R(0.70710678118654752440)

/* ------------------------------------------------------------ quaternions */

/* +90 deg about Z: q = (cos 45, sin 45 k): wxyz (h, 0, 0, h), xyzw
   (0, 0, h, h). It carries +X to +Y (right-hand rule).
   test_core.c: test_quat_wxyz_xyzw_reorder_known_values,
   test_quat_rotate_known_values */
#define KV_QZ90_WXYZ {KV_H, 0, 0, KV_H}
#define KV_QZ90_XYZW {0, 0, KV_H, KV_H}
/* the same rotation stored with w < 0 */
#define KV_QZ90_NEG_WXYZ {-KV_H, 0, 0, -KV_H}
/* its matrix, row-major: columns are the images of x, y, z: y, -x, z.
   test_rotations.c: test_mat_from_quat_wxyz_known_values */
#define KV_QZ90_MAT {0, -1, 0, 1, 0, 0, 0, 0, 1}

/* SciPy 1.10.1: Rotation.from_quat(xyzw).apply(v); SciPy normalizes, so
   the quaternions are deliberately not unit. test_core.c:
   test_quat_rotate_scipy_values */
#define KV_SCIPY_Q1_XYZW {KV_R(0.1), KV_R(-0.7), KV_R(0.3), KV_R(0.6)}
#define KV_SCIPY_V1 {KV_R(0.5), KV_R(-1.25), KV_R(2.0)}
#define KV_SCIPY_Q1_V1 \
  {KV_R(-1.0947368421052635), KV_R(-2.007894736842106), KV_R(0.7631578947368421)}
#define KV_SCIPY_Q2_XYZW {KV_R(0.2), KV_R(0.4), KV_R(-0.1), KV_R(-0.5)}
#define KV_SCIPY_V2 {KV_R(-3.0), KV_R(0.25), KV_R(1.5)}
#define KV_SCIPY_Q2_V2 \
  {KV_R(-2.184782608695651), KV_R(-1.1086956521739126), KV_R(-2.304347826086955)}
/* Rotation.from_quat(Q1).as_matrix(), row-major */
#define KV_SCIPY_Q1_MAT                                                               \
  {KV_R(-0.2210526315789474), KV_R(-0.5263157894736843), KV_R(-0.8210526315789475), \
   KV_R(0.23157894736842108), KV_R(0.7894736842105263),  KV_R(-0.568421052631579),  \
   KV_R(0.9473684210526316),  KV_R(-0.3157894736842105), KV_R(-0.05263157894736842)}
/* Rotation.from_quat(Q1).as_rotvec(). test_rotations.c:
   test_rotvec_from_quat_wxyz_scipy_values */
#define KV_SCIPY_Q1_ROTVEC \
  {KV_R(0.23633601902894294), KV_R(-1.6543521332026005), KV_R(0.7090080570868288)}

/* Rotation.from_quat(Q1).as_euler(seq) for SciPy sequence strings
   (uppercase intrinsic, lowercase extrinsic). test_rotations.c:
   test_euler_from_quat_wxyz_scipy_values */
typedef struct kv_euler_case {
  const char *seq;
  spconv_real angles[3];
} kv_euler_case;
#define KV_SCIPY_Q1_EULER                                                                   \
  {{"XYZ", {KV_R(1.6631256615264955), KV_R(-0.963252545234587), KV_R(1.9684243183170258)}}, \
   {"xyz", {KV_R(-1.7359450042095235), KV_R(-1.244913369573858), KV_R(2.332942867381882)}}, \
   {"ZYX", {KV_R(2.332942867381882), KV_R(-1.244913369573858), KV_R(-1.7359450042095235)}}, \
   {"zyx", {KV_R(1.9684243183170258), KV_R(-0.963252545234587), KV_R(1.6631256615264955)}}, \
   {"ZXZ", {KV_R(-0.9652516631899266), KV_R(1.6234522350564664), KV_R(1.8925468811915387)}}, \
   {"zxz", {KV_R(1.8925468811915387), KV_R(1.6234522350564664), KV_R(-0.9652516631899266)}}, \
   {"YXY", {KV_R(-2.1112158270654806), KV_R(0.6608452958229668), KV_R(0.3868757177310281)}}, \
   {"xzy", {KV_R(0.6240230529767565), KV_R(0.23370043882487224), KV_R(-1.8000282600718922)}}}

/* from_euler("XYZ", [0.3, -0.7, 1.1]).as_quat(), written wxyz (also
   MuJoCo's body quat for euler="0.3 -0.7 1.1", eulerseq="xyz", radians);
   from_euler("zyz", [2.5, 1.2, -3.0]).as_quat(), wxyz. test_rotations.c:
   test_quat_wxyz_from_euler_scipy_values */
#define KV_SCIPY_EULER_XYZ_IN {KV_R(0.3), KV_R(-0.7), KV_R(1.1)}
#define KV_SCIPY_EULER_XYZ_WXYZ                                            \
  {KV_R(0.8186292656554958), KV_R(-0.057539988180335414), KV_R(-0.36242009435522565), \
   KV_R(0.4417996722272436)}
#define KV_SCIPY_EULER_ZYZ_IN {KV_R(2.5), KV_R(1.2), KV_R(-3.0)}
#define KV_SCIPY_EULER_ZYZ_WXYZ                                           \
  {KV_R(0.7996779293661805), KV_R(0.21550200655083152), KV_R(-0.5219003812359487), \
   KV_R(-0.20419129884242074)}
/* from_rotvec([0.2, -1.4, 2.0]).as_quat(), wxyz. test_rotations.c:
   test_quat_wxyz_from_rotvec_scipy_values */
#define KV_SCIPY_ROTVEC_IN {KV_R(0.2), KV_R(-1.4), KV_R(2.0)}
#define KV_SCIPY_ROTVEC_WXYZ                                              \
  {KV_R(0.33918598898694735), KV_R(0.07680941196124977), KV_R(-0.5376658837287484), \
   KV_R(0.7680941196124976)}

/* Gimbal lock, SciPy: from_euler("XYZ", [0.3, pi/2, 0.5]).as_euler("XYZ")
   = [0.8, pi/2, 0] (R_x(a) R_y(pi/2) R_z(c) depends on a + c only); the
   extrinsic "xyz" = [-0.2, pi/2, 0] (R_z(c) R_y(pi/2) R_x(a): a - c).
   test_rotations.c: test_euler_from_quat_wxyz_scipy_values */
#define KV_LOCK_IN {KV_R(0.3), KV_PI / 2, KV_R(0.5)}
#define KV_LOCK_INTRINSIC {KV_R(0.8), KV_PI / 2, 0}
#define KV_LOCK_EXTRINSIC {KV_R(-0.2), KV_PI / 2, 0}

/* 120 deg about (1, 1, 1): x -> y -> z -> x, columns e_y, e_z, e_x;
   q = (cos 60, sin 60 (1, 1, 1) / sqrt 3) = (1/2, 1/2, 1/2, 1/2).
   test_rotations.c: test_quat_wxyz_from_mat_known_values */
#define KV_CYCLIC_MAT {0, 0, 1, 1, 0, 0, 0, 1, 0}
#define KV_CYCLIC_WXYZ {KV_R(0.5), KV_R(0.5), KV_R(0.5), KV_R(0.5)}

/* slerp halfway from the identity to +90 about Z stored with w < 0 (the
   shortest arc): 45 about Z, (cos 22.5, 0, 0, sin 22.5).
   test_rotations.c: test_quat_slerp_wxyz */
#define KV_QZ45_WXYZ {KV_R(0.92387953251128675613), 0, 0, KV_R(0.38268343236508977173)}

/* ------------------------------------------------------------- axis systems */

/* Y-up -> Z-up: (x, y, z) -> (x, -z, y); (1, 2, 3) -> (1, -3, 2).
   test_core.c: test_up_axis_matrix_known_values */
#define KV_P123 {1, 2, 3}
#define KV_P123_Y_TO_Z_UP {1, -3, 2}
/* Z-up -> Y-up matrix, row-major: (x, y, z) -> (x, z, -y) */
#define KV_Z_TO_Y_UP_MAT {1, 0, 0, 0, 0, 1, 0, -1, 0}

/* Blender bpy_extras.io_utils.axis_conversion, from its _axis_convert_lut
   decoded by hand (X..-Z = 0..5): (from forward, from up, to forward,
   to up) and the matrix (rows). test_axes.c: test_axis_conversion_golden */
typedef struct kv_axis_conversion_case {
  int from_forward, from_up, to_forward, to_up;
  spconv_real m[9];
} kv_axis_conversion_case;
#define KV_BLENDER_AXIS_CONVERSION                   \
  {{1, 2, 5, 1, {1, 0, 0, 0, 0, 1, 0, -1, 0}},      \
   {1, 2, 2, 1, {-1, 0, 0, 0, 0, 1, 0, 1, 0}},      \
   {0, 1, 3, 4, {-1, 0, 0, 0, -1, 0, 0, 0, 1}},     \
   {4, 2, 2, 1, {1, 0, 0, 0, 0, 1, 0, -1, 0}},      \
   {5, 1, 1, 2, {1, 0, 0, 0, 0, -1, 0, 1, 0}},      \
   {3, 5, 0, 1, {-1, 0, 0, 0, 0, -1, 0, -1, 0}}}

/* Unity (x right, y up, z forward; left-handed) -> ROS FLU: p' = (z, -x, y)
   (det -1), a pseudovector w' = -(z, -x, y). test_axes.c:
   test_axis_preset_matrix_golden */
#define KV_UNITY_TO_FLU_P {3, -1, 2}
#define KV_W456 {4, 5, 6}
#define KV_UNITY_TO_FLU_W {-6, 4, -5}
/* REP-103 ENU -> NED: (y, x, -z) */
#define KV_ENU_TO_NED_P {2, 1, -3}

/* SMPL / BVH (Y up, face +Z, +X left) -> robot (Z up, X forward, Y left):
   robot x = SMPL z, y = SMPL x, z = SMPL y: (x, y, z) -> (z, x, y).
   test_motion.c: test_axis_preset_matrix_motion_presets */
#define KV_SMPL_TO_ROBOT_MAT {0, 0, 1, 1, 0, 0, 0, 1, 0}

/* gravity 9.81 along -up. test_core.c: test_gravity_known_values */
#define KV_G KV_R(9.81)

/* ---------------------------------------------------------- spatial vectors */

/* twist [v = 0; w = z] shifted by r = x: v = w x r = z x x = y;
   wrench [f = (1, 2, 3); tau = 0] shifted by r = x: tau = -r x f = (0, 3, -2).
   test_core.c: test_twist_wrench_shift_known_values */
#define KV_SPIN_Z_TWIST {0, 0, 0, 0, 0, 1}
#define KV_EX {1, 0, 0}
#define KV_SPIN_Z_SHIFTED_X {0, 1, 0, 0, 0, 1}
#define KV_F123_WRENCH {1, 2, 3, 0, 0, 0}
#define KV_F123_SHIFTED_X {1, 2, 3, 0, 3, -2}

/* ------------------------------------------------------------------- MuJoCo */

/* Free joint, body turned +90 about Z (KV_QZ90_WXYZ), COM at body x
   (ipos = (1, 0, 0)): r_W = R ipos = (0, 1, 0).
   1. spinning about body z: qvel = (0, 0, 0, 0, 0, 1): w_W = z,
      v_C = w x r = z x y = (-1, 0, 0).
   2. qvel = (2, 0, 0, 1, 0, 0): w_B = x = world y, v_C = v_O + w x r
      = (2, 0, 0) + y x y = (2, 0, 0).
   3. a force f = z at the COM: tau_O = r x f = y x z = x (world) = body -y:
      qfrc = (0, 0, 1, 0, -1, 0).
   test_core.c: test_twist_from_mujoco_qvel_known_values,
   test_mujoco_qfrc_from_wrench_known_values */
#define KV_MJ_QVEL1 {0, 0, 0, 0, 0, 1}
#define KV_MJ_TWIST1 {-1, 0, 0, 0, 0, 1}
#define KV_MJ_QVEL2 {2, 0, 0, 1, 0, 0}
#define KV_MJ_TWIST2 {2, 0, 0, 0, 1, 0}
#define KV_MJ_WRENCH3 {0, 0, 1, 0, 0, 0}
#define KV_MJ_QFRC3 {0, 0, 1, 0, -1, 0}
/* cvel [w; v] = [z; 0] at subtree_com (0, 0, 1): the point (1, 0, 1) moves
   with z x x = y. test_core.c: test_twist_from_mujoco_cvel_known_values */
#define KV_MJ_CVEL {0, 0, 1, 0, 0, 0}
#define KV_MJ_CVEL_POINT {1, 0, 1}
#define KV_MJ_CVEL_COM {0, 0, 1}
#define KV_MJ_CVEL_TWIST {0, 1, 0, 0, 0, 1}

/* ---------------------------------------------------------------------- SAP */

/* COM at r_oc = x, spinning about z through the COM: the origin, at -x
   from the COM, moves with z x (-x) = -y: SAP [w; v_O] = (0, 0, 1, 0, -1, 0).
   A force f = y at the COM: moment about the origin x x y = z: SAP
   [tau_O; f] = (0, 0, 1, 0, 1, 0); the residual negates it.
   test_core.c: test_sap_twist_from_public_known_values,
   test_sap_wrench_body_force_from_public_known_values */
#define KV_SAP_TWIST {0, 0, 1, 0, -1, 0}
#define KV_FY_WRENCH {0, 1, 0, 0, 0, 0}
#define KV_SAP_WRENCH {0, 0, 1, 0, 1, 0}
#define KV_SAP_BODY_FORCE {0, 0, -1, 0, -1, 0}

/* ------------------------------------------------------ engine conventions */

/* Body origin at (1, 0, 0), turned +90 about z (body x = world y, body y =
   world -x), COM at body (1, 0, 0) = world (1, 1, 0). It spins with w = z
   (world) about its COM: v_C = 0.
     v_O = w x (O - C) = z x (0, -1, 0) = (1, 0, 0)
     v at the world origin = w x (0 - C) = z x (-1, -1, 0) = (1, -1, 0)
     body axes: R^T v = (v_y, -v_x, v_z): v_O -> (0, -1, 0), w -> (0, 0, 1)
   A force f = z at the COM with no moment about it:
     tau_O = (C - O) x f = (0, 1, 0) x (0, 0, 1) = (1, 0, 0); body (0, -1, 0)
     tau_0 = C x f = (1, 1, 0) x (0, 0, 1) = (1, -1, 0)
   The twist and wrench under each preset (Newton: [0; z] and [z; 0]); Ptera
   is MuJoCo's free joint in deg/s, 1 rad/s = 180/pi deg/s; warp.sim is
   Newton angular first; Isaac Lab's link velocity and gz-sim are at O,
   world (as Pinocchio LWA); ROS odometry is at O, body axes (as LOCAL).
   test_conventions.c: test_twist_convert_known_presets,
   test_wrench_convert_known_presets */
#define KV_BODY {{1, 0, 0}, KV_QZ90_WXYZ, {1, 0, 0}, {1, 0, 0, 0}}
typedef struct kv_preset_case {
  int id;
  spconv_real twist[6], wrench[6];
} kv_preset_case;
#define KV_DEG_PER_RAD KV_R(57.295779513082320876798154814105)
#define KV_PRESETS                                                                        \
  {{SPCONV_PRESET_NEWTON, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},                        \
   {SPCONV_PRESET_MUJOCO_FREE, {1, 0, 0, 0, 0, 1}, {0, 0, 1, 0, -1, 0}},                  \
   {SPCONV_PRESET_MUJOCO_XFRC, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},                   \
   {SPCONV_PRESET_SAP_PUBLIC, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},                    \
   {SPCONV_PRESET_SAP_INTERNAL, {0, 0, 1, 1, 0, 0}, {1, 0, 0, 0, 0, 1}},                  \
   {SPCONV_PRESET_ISAACLAB, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},                      \
   {SPCONV_PRESET_PHYSX, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},                         \
   {SPCONV_PRESET_BULLET, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},                        \
   {SPCONV_PRESET_DRAKE, {0, 0, 1, 1, 0, 0}, {1, 0, 0, 0, 0, 1}},                         \
   {SPCONV_PRESET_PINOCCHIO_WORLD, {1, -1, 0, 0, 0, 1}, {0, 0, 1, 1, -1, 0}},             \
   {SPCONV_PRESET_PINOCCHIO_LOCAL, {0, -1, 0, 0, 0, 1}, {0, 0, 1, 0, -1, 0}},             \
   {SPCONV_PRESET_PINOCCHIO_LWA, {1, 0, 0, 0, 0, 1}, {0, 0, 1, 1, 0, 0}},                 \
   {SPCONV_PRESET_DART_BODY, {0, 0, 1, 0, -1, 0}, {0, -1, 0, 0, 0, 1}},                   \
   {SPCONV_PRESET_DART_WORLD, {0, 0, 1, 1, 0, 0}, {1, 0, 0, 0, 0, 1}},                    \
   {SPCONV_PRESET_MR_BODY, {0, 0, 1, 0, -1, 0}, {0, -1, 0, 0, 0, 1}},                     \
   {SPCONV_PRESET_MR_SPACE, {0, 0, 1, 1, -1, 0}, {1, -1, 0, 0, 0, 1}},                    \
   {SPCONV_PRESET_FEATHERSTONE, {0, 0, 1, 1, -1, 0}, {1, -1, 0, 0, 0, 1}},                \
   {SPCONV_PRESET_PTERA, {1, 0, 0, 0, 0, KV_DEG_PER_RAD}, {0, 0, 1, 0, -1, 0}},           \
   {SPCONV_PRESET_WARP_SIM, {0, 0, 1, 0, 0, 0}, {0, 0, 0, 0, 0, 1}},                       \
   {SPCONV_PRESET_ISAACLAB_LINK, {1, 0, 0, 0, 0, 1}, {0, 0, 1, 1, 0, 0}},                  \
   {SPCONV_PRESET_GZ_SIM, {1, 0, 0, 0, 0, 1}, {0, 0, 1, 1, 0, 0}},                         \
   {SPCONV_PRESET_ROS_ODOM, {0, -1, 0, 0, 0, 1}, {0, 0, 1, 0, -1, 0}},                     \
   {SPCONV_PRESET_JOLT, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},                          \
   {SPCONV_PRESET_ISAACLAB3, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},                     \
   {SPCONV_PRESET_ISAACLAB3_LINK, {1, 0, 0, 0, 0, 1}, {0, 0, 1, 1, 0, 0}},                \
   {SPCONV_PRESET_ODE, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},                           \
   {SPCONV_PRESET_GENESIS, {1, 0, 0, 0, 0, 1}, {0, 0, 1, 1, 0, 0}},                       \
   {SPCONV_PRESET_CHRONO, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},                        \
   {SPCONV_PRESET_BRAX, {1, 0, 0, 0, 0, 1}, {0, 0, 1, 1, 0, 0}}}
/* spconv_preset_id_name of every preset, in id order.
   test_conventions.c: test_preset_id_name */
#define KV_PRESET_NAMES                                                                  \
  {"newton",          "mujoco_free",   "mujoco_xfrc", "sap_public", "sap_internal",       \
   "isaaclab",        "physx",         "bullet",      "drake",      "pinocchio_world",    \
   "pinocchio_local", "pinocchio_lwa", "dart_body",   "dart_world", "mr_body",            \
   "mr_space",        "featherstone",  "ptera",       "warp_sim",   "isaaclab_link",      \
   "gz_sim",          "ros_odom",      "jolt",        "isaaclab3",  "isaaclab3_link",     \
   "ode",             "genesis",       "chrono",      "brax"}

/* The same body with no angular acceleration and a_C = 0: classical
   a_O = w x (w x (O - C)) = z x (z x -y) = y (centripetal); spatial
   a_O - w x v_O = y - z x x = 0. Drake (spatial, [alpha; a_O], world):
   (0, 0, 0, 0, 1, 0); MuJoCo free joint (classical, [a_O; alpha], world
   linear): (0, 1, 0, 0, 0, 0). test_conventions.c:
   test_accel_convert_known_values */
#define KV_ACCEL_DRAKE {0, 0, 0, 0, 1, 0}
#define KV_ACCEL_MUJOCO_FREE {0, 1, 0, 0, 0, 0}

/* ------------------------------------------------------------------ shapes */

/* A USD Cube of size 2 is a box of half-extents 1; a PhysX capsule (r 0.5,
   halfHeight 1, along X) is Newton (0.5, 1) along Z turned +90 about Y
   (local Z onto X): q = (h, 0, h, 0); a cone of Newton (r 1, half height 1)
   has its COM at -h/2 = (0, 0, -0.5) and volume pi r^2 (2 h) / 3 = 2 pi / 3.
   test_axes.c: test_shape_convert_golden, test_shape_volume_com_golden */
#define KV_QY90_WXYZ {KV_H, 0, KV_H, 0}
#define KV_CONE_COM {0, 0, KV_R(-0.5)}
#define KV_CONE_VOLUME (2 * KV_PI / 3)

/* MuJoCo fromto (0, 0, 0; 0, 0, 2): centre (0, 0, 1), +Z already along
   b - a: identity, half length 1; (0, 0, 0; 2, 0, 0): +Z onto +X is +90
   about Y. test_axes.c: test_pose_from_mujoco_fromto */

/* ------------------------------------------------------------- motion data */

/* Biovision: "Zrotation Xrotation Yrotation" is intrinsic Z, X, Y.
   test_motion.c: test_bvh_channels */
#define KV_BVH_ZXY "Zrotation Xrotation Yrotation"

/* ----------------------------------------------- packed arrays, permutations */

/* q and qd sizes of prismatic, revolute, ball, fixed, free, distance.
   test_conventions.c: test_joint_q_qd_size */
#define KV_JOINT_Q_SIZE {1, 1, 4, 0, 7, 7}
#define KV_JOINT_QD_SIZE {1, 1, 3, 0, 6, 6}
/* perm (2, 0, 1) gathers (10, 20, 30) into (30, 10, 20); its inverse is
   (1, 2, 0). test_conventions.c: test_perm_gather, test_perm_inverse */
#define KV_PERM {2, 0, 1}
#define KV_PERM_IN {10, 20, 30}
#define KV_PERM_GATHERED {30, 10, 20}
#define KV_PERM_INVERSE {1, 2, 0}

#endif
