"""Mistakes that the stubs catch: tests/test_typing.py runs mypy on this
file and requires an error on each line whose comment starts with E:,
holding the words after it, and on no other line."""
import numpy as np

import spatial_conv as sc

q = np.array([1.0, 0.0, 0.0, 0.0])
angles = [0.1, 0.2, 0.3]

# an axis where an Euler sequence is expected, and the two enums swapped
sc.quat_wxyz_from_euler(angles, sc.AXIS_X, sc.EULER_INTRINSIC)  # E: quat_wxyz_from_euler
sc.quat_wxyz_from_euler(angles, sc.EULER_INTRINSIC, sc.EULER_XYZ)  # E: quat_wxyz_from_euler
sc.bvh_channels_from_euler_seq(sc.Axis.Z, sc.EulerKind.EXTRINSIC)  # E: Argument 1 to "bvh_channels_from_euler_seq"
# misspelled preset names
sc.twist_convert("newtonn", np.zeros(6), "mujoco_free", sc.Body(np.zeros(3), q))  # E: twist_convert
sc.convention_from_preset("Mujoco_free")  # E: "Literal['Mujoco_free']"
sc.axis_preset_matrix("ros_flu", "blendr")  # E: axis_preset_matrix
sc.euler_convert("threejs", angles, "urdf_rpy")  # E: euler_convert
# an Euler sequence where an Euler format is expected
sc.quat_wxyz_from_euler_format(angles, sc.EULER_XYZ)  # E: quat_wxyz_from_euler_format
# strings where no string, or not this one, is allowed
sc.quat_wxyz_from_euler(angles, "xyz", "intrinsic")  # E: quat_wxyz_from_euler
sc.gravity("-z", 9.81)  # E: gravity
sc.quat_wxyz_from_euler(angles, "xYz", sc.EULER_INTRINSIC)  # E: quat_wxyz_from_euler
sc.rot_format_size("rotvec")  # E: "rot_format_size"
sc.axis_conversion("y", "up", "x", "z")  # E: axis_conversion
# as many names as results
axis, angle, extra = sc.axis_angle_from_quat_wxyz(q)  # E: values to unpack
seq, kind, more = sc.euler_seq_from_scipy("xyz")  # E: values to unpack
(only,) = sc.quat_rotate_wxyz(q, [1.0, 0.0, 0.0]), 2  # E: values to unpack
