/* Enum values by index for the tests (tests/test_util.h) and the bare-metal
   self-test (tests/embedded/selftest.c). Include after spatial_conv.h. */
#ifndef SPCONV_TEST_ENUMS_H
#define SPCONV_TEST_ENUMS_H

/* The i-th value (i = 0, 1, ...) of an enum whose values start at `first`
   (each enum has its own block of values: ENUM VALUES in the header), so
   loops and tables can count from 0; a value outside the enum is refused. */
#define TEST_ENUM(type, first, i) ((type)((int)(first) + (int)(i)))
#define TEST_PRESET(i) TEST_ENUM(spconv_preset_id, SPCONV_PRESET_FIRST, i)
#define TEST_AXIS_PRESET(i) TEST_ENUM(spconv_axis_preset, SPCONV_AXIS_PRESET_FIRST, i)
#define TEST_EULER_SEQ(i) TEST_ENUM(spconv_euler_seq, SPCONV_EULER_XYZ, i)
#define TEST_EULER_KIND(i) TEST_ENUM(spconv_euler_kind, SPCONV_EULER_EXTRINSIC, i)
#define TEST_ROT6D(i) TEST_ENUM(spconv_rot6d_layout, SPCONV_ROT6D_COLUMNS, i)
#define TEST_ROT_FORMAT(i) TEST_ENUM(spconv_rot_format, SPCONV_ROT_ROTVEC, i)
#define TEST_SHAPE(i) TEST_ENUM(spconv_shape_type, SPCONV_SHAPE_SPHERE, i)
#define TEST_SHAPE_FORMAT(i) TEST_ENUM(spconv_shape_format, SPCONV_SHAPE_FORMAT_NEWTON, i)
#define TEST_ASSET(i) TEST_ENUM(spconv_asset_format, SPCONV_ASSET_GLTF, i)
#define TEST_MAT4(i) TEST_ENUM(spconv_mat4_layout, SPCONV_MAT4_ROW_MAJOR, i)
#define TEST_ORDER(i) TEST_ENUM(spconv_order, SPCONV_ORDER_LINEAR_FIRST, i)
#define TEST_POINT(i) TEST_ENUM(spconv_point, SPCONV_POINT_COM, i)
#define TEST_FRAME(i) TEST_ENUM(spconv_frame, SPCONV_FRAME_WORLD, i)
#define TEST_ANGLE_UNIT(i) TEST_ENUM(spconv_angle_unit, SPCONV_ANGLE_RADIANS, i)
#define TEST_ACCEL(i) TEST_ENUM(spconv_accel_kind, SPCONV_ACCEL_CLASSICAL, i)
#define TEST_POSE_LAYOUT(i) TEST_ENUM(spconv_pose_layout, SPCONV_POSE_LAYOUT_POS_QUAT, i)
#define TEST_POSE_FRAME(i) TEST_ENUM(spconv_pose_frame, SPCONV_POSE_FRAME_BODY, i)
#define TEST_SAP_ORDER(i) TEST_ENUM(spconv_sap_order, SPCONV_SAP_ORDER_PUBLIC, i)
#define TEST_DIFF(i) TEST_ENUM(spconv_motion_diff, SPCONV_MOTION_DIFF_FORWARD, i)
#define TEST_JOINT(i) ((spconv_joint_type)(i)) /* Newton's values, from 0 */

#endif /* SPCONV_TEST_ENUMS_H */
