"""Calls that type-check clean against the stubs (tests/test_typing.py runs
mypy on this file): each reveal of a result's type is asserted there."""
from typing import Tuple

import numpy as np
import torch
from numpy.typing import NDArray

import spatial_conv as sc

q = np.array([1.0, 0.0, 0.0, 0.0])
t = torch.tensor([1.0, 0.0, 0.0, 0.0], dtype=torch.float64)
angles = [0.1, 0.2, 0.3]

# arrays in: arrays out; a tensor anywhere: tensors out
xyzw: NDArray[np.floating] = sc.quat_xyzw_from_wxyz(q)
xyzw_t: torch.Tensor = sc.quat_xyzw_from_wxyz(t)
rotated: torch.Tensor = sc.quat_rotate_wxyz(q, torch.zeros(3, dtype=torch.float64))
reveal_type(sc.twist_shift(np.zeros(6), [0.0, 1.0, 0.0]))  # R: numpy.ndarray
reveal_type(sc.twist_shift(torch.zeros(6), [0.0, 1.0, 0.0]))  # R: torch._tensor.Tensor

# two results: a tuple of two
axis, angle = sc.axis_angle_from_quat_wxyz(q)
axis_t, angle_t = sc.axis_angle_from_quat_wxyz(t)
reveal_type(angle_t)  # R: torch._tensor.Tensor

# enums, their strings, presets by member and by name
m1 = sc.quat_wxyz_from_euler(angles, sc.EULER_ZYX, sc.EULER_INTRINSIC)
m2 = sc.quat_wxyz_from_euler(angles, "zyx", sc.EulerKind.INTRINSIC)
m3 = sc.quat_wxyz_from_euler(angles, "ZYX", sc.EulerKind.EXTRINSIC)
g = sc.gravity("z", 9.81)
g2 = sc.gravity(sc.Axis.Y, 9.81)
M = sc.axis_conversion("y", "-z", sc.SignedAxis.POS_X, "+Z")
P = sc.axis_preset_matrix("blender", sc.AxisPreset.MUJOCO)
E = sc.euler_convert("mjcf", [0.1, 0.2, 0.3], sc.EulerFormat.URDF_RPY)
reveal_type(sc.quat_wxyz_from_euler_format(torch.zeros(3), "unreal"))  # R: torch._tensor.Tensor
twist = sc.twist_convert(sc.PRESET_NEWTON, np.zeros(6), "mujoco_free",
                         sc.Body(np.zeros(3), q, np.zeros(3)))
conv: sc.Convention = sc.convention_from_preset("drake")
name: str = sc.preset_id_name(sc.PresetId.DRAKE)

# the hand-written functions
seq, kind = sc.euler_seq_from_scipy("xyz")
reveal_type(seq)  # R: spatial_conv.EulerSeq
channels: str = sc.bvh_channels_from_euler_seq("ZXY", sc.EULER_INTRINSIC)
parsed: Tuple[sc.EulerSeq, sc.EulerKind, Tuple[int, int, int], int] = \
    sc.euler_seq_from_bvh_channels("Xposition Yposition Zposition Zrotation Xrotation Yrotation")
R = sc.rot_convert_n(sc.RotFormat.MAT, q, sc.RotFormat.QUAT_WXYZ)
reveal_type(sc.rot_convert_n(sc.RotFormat.MAT, t, sc.RotFormat.QUAT_WXYZ))  # R: torch._tensor.Tensor
v = sc.vec_change_up_axis_n(np.zeros((5, 3)), "y", "z")
s = sc.axis_system_preset("ros_flu")
right_handed: int = sc.axis_system_handedness(s)
perm: NDArray[np.intc] = sc.perm_inverse([2, 0, 1])
size: int = sc.rot_format_size(sc.RotFormat.ROTVEC)
energy = float(sc.kinetic_energy(1.0, np.zeros(3), np.eye(3), np.zeros(6)))
