"""Every public function of spatial_conv, called with valid input and with
bad input. The single place that guarantees that no function is missed.

Valid input: each function is called at least once (a small batch where it
takes arrays) and its result is compared with an expectation computed here,
independently of the function itself: a NumPy formula, SciPy's Rotation, a
value published in the header's or an engine's documentation, or a property
that pins the result (a round trip with an inverse whose own reference is
checked, power invariance of a twist / wrench pair).

Bad input: each function is called at least once with an argument it must
refuse (a wrong shape, NaN, an unknown enum value or preset name, a
degenerate value where C has a status) and must raise spatial_conv.Error
whose .function is the function's name and whose .argument names the bad
argument. For an error status of an element function C does not say which
argument failed: .argument lists every real argument, the bad one among them.

The list walked is the mirror's own (public_functions()): a new function
without a valid case and a bad case fails test_table_covers_every_function.
Families (storage orders, shifts, pose operations in both quaternion orders)
share one reference, so a renamed or removed member is a one-line edit of
its family's name list.
"""
import inspect
import math
import subprocess
import sys
import textwrap
from typing import Any, Callable, NamedTuple

import numpy as np
import pytest

Rotation = pytest.importorskip("scipy.spatial.transform").Rotation
Slerp = pytest.importorskip("scipy.spatial.transform").Slerp
expm = pytest.importorskip("scipy.linalg").expm

import spatial_conv as sc  # noqa: E402

def public_functions():
    """Names of the mirror's public functions: every callable of
    spatial_conv.__all__ defined by the package that is not a class."""
    out = []
    for name in sc.__all__:
        f = getattr(sc, name)
        if callable(f) and not isinstance(f, type) and getattr(f, "__module__", None) == "spatial_conv":
            out.append(name)
    return sorted(out)


def hand_written():
    """Names of the hand-written (whole-array and named-value) functions."""
    from spatial_conv import _whole
    return sorted(n for n in _whole.functions() if not isinstance(getattr(sc, n), type))


# ================================================================ references
RNG = np.random.default_rng(20250101)
N = 3  # batch size of the valid calls


def xyzw(q):
    return np.roll(np.asarray(q, float), -1, axis=-1)


def wxyz(q):
    return np.roll(np.asarray(q, float), 1, axis=-1)


def rot(q_wxyz):
    return Rotation.from_quat(xyzw(q_wxyz))


def mat(q_wxyz):
    q = np.asarray(q_wxyz, float)
    if q.ndim <= 2:
        return rot(q).as_matrix()
    return rot(q.reshape(-1, 4)).as_matrix().reshape(q.shape[:-1] + (3, 3))


def qmul(a, b):
    a, b = np.asarray(a, float), np.asarray(b, float)
    w1, x1, y1, z1 = np.moveaxis(a, -1, 0)
    w2, x2, y2, z2 = np.moveaxis(b, -1, 0)
    return np.stack([w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2, w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
                     w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2, w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2], -1)


def qconj(q):
    return np.asarray(q, float) * [1, -1, -1, -1]


def unit(q):
    q = np.asarray(q, float)
    return q / np.linalg.norm(q, axis=-1, keepdims=True)


def canonical(q):
    q = unit(q)
    return np.where(q[..., :1] < 0, -q, q)


def skew(r):
    r = np.asarray(r, float)
    z = np.zeros(r.shape[:-1])
    x, y, w = np.moveaxis(r, -1, 0)
    return np.stack([np.stack([z, -w, y], -1), np.stack([w, z, -x], -1), np.stack([-y, x, z], -1)], -2)


def mv(M, v):
    return np.einsum("...ij,...j->...i", M, v)


def close(got, want, atol=1e-10):
    got, want = np.asarray(got), np.asarray(want, float)
    assert got.shape == want.shape, f"shape {got.shape}, expected {want.shape}"
    np.testing.assert_allclose(got, want, rtol=1e-10, atol=atol)


def same_rotation(got, want, atol=1e-10):
    """got and want (wxyz) are the same rotation (up to sign and scale)."""
    a, b = unit(got), unit(want)
    assert a.shape == b.shape
    err = np.minimum(np.abs(a - b).max(-1), np.abs(a + b).max(-1))
    assert np.all(err <= atol), f"rotations differ by {err}"


def is_unit(q):
    close(np.linalg.norm(q, axis=-1), np.ones(np.shape(q)[:-1]))


def wrap_close(got, want, atol=1e-9):
    """angles equal modulo 2 pi"""
    d = (np.asarray(got) - want + np.pi) % (2 * np.pi) - np.pi
    close(d, np.zeros_like(d), atol)


def signed_axis(a):
    e = np.zeros(3)
    e[int(a) % 3] = 1.0 if int(a) < 3 else -1.0
    return e


def system_basis(s):
    """Columns: the (forward, left, up) coordinates of the system's x, y, z."""
    return np.stack([signed_axis(d) for d in s], axis=1)


def system_matrix(frm, to):
    """v_to = M v_from between two axis systems."""
    return system_basis(to).T @ system_basis(frm)


# seeded inputs: N wxyz quaternions of any norm, 3-, 6-vectors, poses
Q = RNG.normal(size=(N, 4)) * [[0.5], [1.0], [2.0]]
Q2 = RNG.normal(size=(N, 4))
V3 = RNG.normal(size=(N, 3))
W3 = RNG.normal(size=(N, 3))
R3 = RNG.normal(size=(N, 3))
X6 = RNG.normal(size=(N, 6))
Y6 = RNG.normal(size=(N, 6))
P7 = np.concatenate([RNG.normal(size=(N, 3)), Q], axis=1)
P7B = np.concatenate([RNG.normal(size=(N, 3)), Q2], axis=1)
ROTS = mat(Q)
DT = 0.05
ANGLES = RNG.uniform(-1.2, 1.2, (N, 3))  # away from gimbal lock for every sequence
ANGLES[:, 1] = RNG.uniform(0.3, 1.2, N)  # middle angle inside (0, pi) and (-pi/2, pi/2)
PERM3 = np.array([[0, 0, 1], [1, 0, 0], [0, 1, 0]], float)  # (x, y, z) -> (z, x, y): a rotation
REFL = np.diag([1.0, -1.0, 1.0])                                # a reflection
SPD = np.einsum("nij,nkj->nik", *(2 * [RNG.normal(size=(N, 3, 3))])) + 0.5 * np.eye(3)
BODY = sc.Body(RNG.normal(size=(N, 3)), Q2, RNG.normal(size=(N, 3)) * 0.3, RNG.normal(size=(N, 4)))
C_WORLD = BODY.pos + mv(mat(BODY.quat_wxyz), BODY.com)  # the COM, world
NEWTON = sc.Convention(sc.ORDER_LINEAR_FIRST, sc.POINT_COM, sc.FRAME_WORLD, sc.FRAME_WORLD,
                       sc.ANGLE_RADIANS, sc.ACCEL_CLASSICAL)
ANG_ORIGIN = NEWTON._replace(order=sc.ORDER_ANGULAR_FIRST, point=sc.POINT_ORIGIN)
BODY_DEG = NEWTON._replace(linear_frame=sc.FRAME_BODY, angular_frame=sc.FRAME_BODY,
                           angle_unit=sc.ANGLE_DEGREES)
SPATIAL = NEWTON._replace(accel=sc.ACCEL_SPATIAL)
ORIGIN_WXYZ = sc.PoseConvention(sc.POSE_LAYOUT_POS_QUAT, sc.ROT_QUAT_WXYZ, sc.POINT_ORIGIN,
                                sc.POSE_FRAME_BODY)
COM_XYZW = sc.PoseConvention(sc.POSE_LAYOUT_QUAT_POS, sc.ROT_QUAT_XYZW, sc.POINT_COM,
                             sc.POSE_FRAME_INERTIAL)


def newton_to_ang_origin(x, body=BODY):
    """[v_C; w] world -> [w; v_O] world (O the body origin)."""
    r = mv(mat(body.quat_wxyz), body.com)  # C - O, world
    v, w = x[..., :3], x[..., 3:]
    return np.concatenate([w, v - np.cross(w, r)], -1)


def newton_wrench_to_ang_origin(x, body=BODY):
    """[f; tau_C] world -> [tau_O; f] world."""
    r = mv(mat(body.quat_wxyz), body.com)
    f, tau = x[..., :3], x[..., 3:]
    return np.concatenate([tau + np.cross(r, f), f], -1)


def newton_to_body_deg(x, body=BODY):
    Rt = np.swapaxes(mat(body.quat_wxyz), -1, -2)
    return np.concatenate([mv(Rt, x[..., :3]), np.degrees(mv(Rt, x[..., 3:]))], -1)


def pose_com_xyzw(pose_wxyz_origin, com, iquat):
    """pose [p_O; q_wxyz body] -> [q_xyzw inertial; p_C]"""
    p, q = pose_wxyz_origin[..., :3], pose_wxyz_origin[..., 3:]
    return np.concatenate([xyzw(unit(qmul(q, iquat))), p + mv(mat(q), com)], -1)


def assert_pose_com_xyzw(got, want):
    """poses [q_xyzw; p] equal (q up to sign)"""
    close(got[..., 4:], want[..., 4:])
    same_rotation(wxyz(got[..., :4]), wxyz(want[..., :4]))
    is_unit(got[..., :4])


def sap_twist(u, r):
    return np.concatenate([u[..., 3:], u[..., :3] + np.cross(r, u[..., 3:])], -1)


def sap_wrench(g, r):
    return np.concatenate([g[..., 3:] + np.cross(r, g[..., :3]), g[..., :3]], -1)


def hat(twist):
    T = np.zeros(twist.shape[:-1] + (4, 4))
    T[..., :3, :3] = skew(twist[..., 3:])
    T[..., :3, 3] = twist[..., :3]
    return T


def mat4(pose):
    T = np.zeros(pose.shape[:-1] + (4, 4))
    T[..., :3, :3] = mat(pose[..., 3:])
    T[..., :3, 3] = pose[..., :3]
    T[..., 3, 3] = 1.0
    return T


def gram_schmidt(a1, a2):
    b1 = a1 / np.linalg.norm(a1, axis=-1, keepdims=True)
    b2 = a2 - np.sum(b1 * a2, -1, keepdims=True) * b1
    b2 /= np.linalg.norm(b2, axis=-1, keepdims=True)
    return b1, b2, np.cross(b1, b2)


# ================================================================ the table
class Case(NamedTuple):
    name: str
    args: tuple
    kwargs: dict
    check: Callable[[Any], None]


VALID = []
BAD = []  # Case with check = the name of the argument that must be named


def valid(name, *args, check, **kwargs):
    if not callable(check):
        want = check
        check = (lambda got, want=want: [close(g, w) for g, w in zip(got, want)]) \
            if isinstance(want, tuple) else (lambda got, want=want: close(got, want))
    VALID.append(Case(name, args, kwargs, check))


def bad(name, argument, *args, **kwargs):
    BAD.append(Case(name, args, kwargs, argument))


# ---------------------------------------------------------------- quaternions
for n in ("quat_wxyz_from_xyzw", "quat_wxyz_from_xyzw_n"):
    valid(n, xyzw(Q), check=Q)
for n in ("quat_xyzw_from_wxyz", "quat_xyzw_from_wxyz_n"):
    valid(n, Q, check=xyzw(Q))
valid("quat_rotate_wxyz", Q, V3, check=rot(Q).apply(V3))
valid("quat_rotate_xyzw", xyzw(Q), V3, check=rot(Q).apply(V3))
valid("quat_mul_wxyz", Q, Q2, check=qmul(Q, Q2))
valid("quat_conj_wxyz", Q, check=qconj(Q))
valid("quat_inv_wxyz", Q, check=qconj(Q) / np.sum(Q * Q, -1, keepdims=True))
valid("quat_normalize_wxyz", Q, check=unit(Q))
valid("quat_canonical_wxyz", Q, check=np.where(Q[:, :1] < 0, -Q, Q))
valid("quat_slerp_wxyz", Q, Q2, 0.3,
      check=lambda g: [same_rotation(g[i], wxyz(Slerp([0, 1], rot(np.stack([Q[i], Q2[i]])))(0.3).as_quat()))
                       or is_unit(g[i]) for i in range(N)])
valid("quat_angle_wxyz", Q, Q2, check=(rot(Q).inv() * rot(Q2)).magnitude())
valid("mat_from_quat_wxyz", Q, check=ROTS)
valid("quat_wxyz_from_mat", ROTS, check=canonical(Q))
valid("mat_transpose", ROTS, check=np.swapaxes(ROTS, 1, 2))
valid("mat_mul", SPD, ROTS, check=SPD @ ROTS)
_U, _, _Vt = np.linalg.svd(SPD @ ROTS)
valid("mat_orthonormalize", SPD @ ROTS, check=_U @ _Vt)
valid("quat_wxyz_from_axis_angle", V3, W3[:, 0],
      check=lambda g: same_rotation(g, wxyz(Rotation.from_rotvec(unit(V3) * W3[:, :1]).as_quat())))
valid("axis_angle_from_quat_wxyz", Q,
      check=lambda g: close(g[0] * g[1][:, None], rot(Q).as_rotvec()) or is_unit(g[0]))
valid("quat_wxyz_from_rotvec", V3, check=lambda g: same_rotation(g, wxyz(Rotation.from_rotvec(V3).as_quat())))
valid("rotvec_from_quat_wxyz", Q, check=rot(Q).as_rotvec())

# ---------------------------------------------------------------- Euler angles (SciPy's meaning)
SEQ_KINDS = [(sc.EULER_ZYX, sc.EULER_EXTRINSIC), (sc.EULER_XZX, sc.EULER_INTRINSIC)]


def scipy_seq(seq, kind):
    return seq.name.lower() if kind == sc.EULER_EXTRINSIC else seq.name.upper()


for seq, kind in SEQ_KINDS:
    R_e = Rotation.from_euler(scipy_seq(seq, kind), ANGLES)
    valid("quat_wxyz_from_euler", ANGLES, seq, kind, check=lambda g, R_e=R_e: same_rotation(g, wxyz(R_e.as_quat())))
    valid("mat_from_euler", ANGLES, seq, kind, check=R_e.as_matrix())
    valid("euler_from_quat_wxyz", Q, seq, kind,
          check=lambda g, s=scipy_seq(seq, kind): wrap_close(g, rot(Q).as_euler(s)))
    valid("euler_from_mat", ROTS, seq, kind,
          check=lambda g, s=scipy_seq(seq, kind): wrap_close(g, rot(Q).as_euler(s)))
valid("euler_seq_from_scipy", "XYZ", check=lambda g: tuple(g) == (sc.EULER_XYZ, sc.EULER_INTRINSIC))
valid("euler_seq_from_scipy", "zyx", check=lambda g: tuple(g) == (sc.EULER_ZYX, sc.EULER_EXTRINSIC))
valid("euler_seq_from_mujoco", "xyz", check=lambda g: tuple(g) == (sc.EULER_XYZ, sc.EULER_INTRINSIC))
valid("euler_seq_from_mujoco", "ZYX", check=lambda g: tuple(g) == (sc.EULER_ZYX, sc.EULER_EXTRINSIC))
valid("quat_wxyz_from_mujoco_euler", ANGLES, "xyz",  # MuJoCo lower case: intrinsic
      check=lambda g: same_rotation(g, wxyz(Rotation.from_euler("XYZ", ANGLES).as_quat())))
RPY = Rotation.from_euler("xyz", ANGLES)  # URDF / Drake / Isaac Lab: Rz(y) Ry(p) Rx(r)
valid("quat_wxyz_from_urdf_rpy", ANGLES, check=lambda g: same_rotation(g, wxyz(RPY.as_quat())))
valid("quat_wxyz_from_drake_rpy", ANGLES, check=lambda g: same_rotation(g, wxyz(RPY.as_quat())))
valid("quat_wxyz_from_isaaclab_euler_xyz", *ANGLES.T, check=lambda g: same_rotation(g, wxyz(RPY.as_quat())))
valid("urdf_rpy_from_quat_wxyz", Q, check=lambda g: wrap_close(g, rot(Q).as_euler("xyz")))
# Euler angles of asset formats, as SciPy writes them: Unity (x, y, z) deg is
# extrinsic "zxy" of (z, x, y); Unreal (pitch, yaw, roll) deg is intrinsic
# "ZYX" of (yaw, -pitch, -roll)
DEG = np.degrees(ANGLES)
UNITY = Rotation.from_euler("zxy", DEG[:, [2, 0, 1]], degrees=True)
UNREAL = Rotation.from_euler("ZYX", DEG[:, [1, 0, 2]] * [1, -1, -1], degrees=True)
valid("quat_wxyz_from_euler_format", ANGLES, "urdf_rpy", check=lambda g: same_rotation(g, wxyz(RPY.as_quat())))
valid("quat_wxyz_from_euler_format", DEG, sc.EULER_FORMAT_UNREAL,
      check=lambda g: same_rotation(g, wxyz(UNREAL.as_quat())))
valid("euler_format_from_quat_wxyz", wxyz(UNITY.as_quat()), "unity", check=DEG)
valid("euler_convert", "unity", DEG, "unreal", check=lambda g: close(Rotation.from_euler(
    "zxy", g[:, [2, 0, 1]], degrees=True).as_matrix(), UNREAL.as_matrix()))
BVH_DEG = np.degrees(ANGLES)
valid("quat_wxyz_from_bvh", BVH_DEG, sc.EULER_ZXY,
      check=lambda g: same_rotation(g, wxyz(Rotation.from_euler("ZXY", BVH_DEG, degrees=True).as_quat())))
valid("bvh_from_quat_wxyz", Q, sc.EULER_ZXY,
      check=lambda g: wrap_close(np.radians(g), rot(Q).as_euler("ZXY")))
valid("euler_seq_from_bvh_channels", "Xposition Yposition Zposition Zrotation Xrotation Yrotation",
      check=lambda g: g == (sc.EULER_ZXY, sc.EULER_INTRINSIC, (3, 4, 5), 6))
valid("bvh_channels_from_euler_seq", sc.EULER_ZXY, sc.EULER_INTRINSIC,
      check=lambda g: g == "Zrotation Xrotation Yrotation")
valid("bvh_channels_from_euler_seq", sc.EULER_XYZ, sc.EULER_EXTRINSIC,  # the header's example
      check=lambda g: g == "Zrotation Yrotation Xrotation")

# ---------------------------------------------------------------- 6D rotations, formats, integration
ROT6D = {sc.ROT6D_COLUMNS: lambda R: np.swapaxes(R[..., :, :2], -1, -2).reshape(-1, 6),
         sc.ROT6D_ROWS: lambda R: R[..., :2, :].reshape(-1, 6),
         sc.ROT6D_COLUMNS_INTERLEAVED: lambda R: R[..., :, :2].reshape(-1, 6)}
D6 = RNG.normal(size=(N, 6))
for layout, ref in ROT6D.items():
    valid("rot6d_from_mat", ROTS, layout, check=ref(ROTS))
cols = gram_schmidt(D6[:, :3], D6[:, 3:])
valid("mat_from_rot6d", D6, sc.ROT6D_COLUMNS, check=np.stack(cols, axis=-1))
valid("mat_from_rot6d", D6, sc.ROT6D_ROWS, check=np.stack(cols, axis=-2))
valid("rot_format_size", sc.ROT_ROTVEC, check=lambda g: g == 3)
valid("rot_format_size", sc.ROT_QUAT_XYZW, check=lambda g: g == 4)
valid("rot_format_size", sc.ROT_MAT, check=lambda g: g == 9)
valid("rot_convert_n", sc.ROT_MAT, Q, sc.ROT_QUAT_WXYZ, check=ROTS)
valid("rot_convert_n", sc.ROT_ROTVEC, xyzw(Q), sc.ROT_QUAT_XYZW, check=rot(Q).as_rotvec())
valid("quat_integrate_body_wxyz", Q, W3, DT,
      check=lambda g: same_rotation(g, qmul(Q, wxyz(Rotation.from_rotvec(W3 * DT).as_quat()))))
valid("quat_integrate_world_wxyz", Q, W3, DT,
      check=lambda g: same_rotation(g, qmul(wxyz(Rotation.from_rotvec(W3 * DT).as_quat()), Q)))
valid("body_angvel_from_quats_wxyz", Q, Q2, DT, check=(rot(Q).inv() * rot(Q2)).as_rotvec() / DT)
valid("world_angvel_from_quats_wxyz", Q, Q2, DT, check=(rot(Q2) * rot(Q).inv()).as_rotvec() / DT)

# ---------------------------------------------------------------- units
valid("rad_from_deg", [180.0, -90.0, 1.0], check=np.radians([180.0, -90.0, 1.0]))
valid("deg_from_rad", [math.pi, 1.0], check=np.degrees([math.pi, 1.0]))
valid("rad_from_deg3", V3 * 100, check=np.radians(V3 * 100))
valid("deg_from_rad3", V3, check=np.degrees(V3))
valid("length_scale", [0.01, 1.0], [1.0, 0.0254], check=np.array([0.01, 1.0 / 0.0254]))
K = np.array([0.01, 2.0, 3.5])
valid("pose_change_length_unit", P7, K, check=np.concatenate([K[:, None] * P7[:, :3], P7[:, 3:]], 1))
valid("twist_change_length_unit", X6, K, check=np.concatenate([K[:, None] * X6[:, :3], X6[:, 3:]], 1))
valid("wrench_change_length_unit", X6, K,
      check=np.concatenate([K[:, None] * X6[:, :3], K[:, None] ** 2 * X6[:, 3:]], 1))
valid("inertia_change_length_unit", SPD, K, check=K[:, None, None] ** 2 * SPD)

# ---------------------------------------------------------------- up axes, axis systems
E3 = np.eye(3)


def up_rotation(frm, to):
    return Rotation.from_rotvec(np.pi / 2 * np.cross(E3[frm], E3[to]))


M_YZ = np.array([[1, 0, 0], [0, 0, -1], [0, 1, 0]], float)  # Y up -> Z up: (x, y, z) -> (x, -z, y)
valid("up_axis_matrix", sc.AXIS_Y, sc.AXIS_Z, check=M_YZ)
valid("usd_stage_matrix", 0.01, sc.AXIS_Y, 1.0, sc.AXIS_Z, check=M_YZ / 100)  # an unauthored stage into MuJoCo
valid("up_axis_matrix", sc.AXIS_X, sc.AXIS_Y, check=up_rotation(0, 1).as_matrix())
valid("up_axis_matrix", sc.AXIS_Z, sc.AXIS_Z, check=np.eye(3))
valid("up_axis_quat_wxyz", sc.AXIS_Z, sc.AXIS_X,
      check=lambda g: same_rotation(g, wxyz(up_rotation(2, 0).as_quat())) or is_unit(g))
valid("vec_change_up_axis_n", V3, sc.AXIS_Y, sc.AXIS_Z, check=V3 @ M_YZ.T)
valid("spatial_change_up_axis_n", X6, sc.AXIS_Y, sc.AXIS_Z,
      check=np.concatenate([X6[:, :3] @ M_YZ.T, X6[:, 3:] @ M_YZ.T], 1))
Q_YZ = wxyz(Rotation.from_matrix(M_YZ).as_quat())
valid("quat_wxyz_change_world_up_axis_n", Q, sc.AXIS_Y, sc.AXIS_Z,
      check=lambda g: same_rotation(g, qmul(Q_YZ, Q)) or close(np.linalg.norm(g, axis=-1), np.linalg.norm(Q, axis=-1)))
valid("quat_xyzw_change_world_up_axis_n", xyzw(Q), sc.AXIS_Y, sc.AXIS_Z,
      check=lambda g: same_rotation(wxyz(g), qmul(Q_YZ, Q)))
valid("vec_from_signed_axis", sc.AXIS_NEG_Y, dtype=np.float64, check=[0.0, -1.0, 0.0])
D = sc.Direction
UNITY = sc.AxisSystem(D.RIGHT, D.UP, D.FORWARD)
FLU = sc.AxisSystem(D.FORWARD, D.LEFT, D.UP)
UNITY_TO_FLU = np.array([[0, 0, 1], [-1, 0, 0], [0, 1, 0]], float)  # the header's (x, y, z) -> (z, -x, y)
valid("axis_system_check", UNITY, check=lambda g: g is None)
valid("axis_system_matrix", UNITY, FLU, check=UNITY_TO_FLU)
valid("axis_system_matrix", sc.AxisSystem(D.DOWN, D.BACK, D.RIGHT), UNITY,
      check=system_matrix(sc.AxisSystem(D.DOWN, D.BACK, D.RIGHT), UNITY))
valid("axis_system_handedness", UNITY, check=lambda g: g == 0)
valid("axis_system_handedness", FLU, check=lambda g: g == 1)
valid("axis_system_from_forward_up", sc.AXIS_POS_X, sc.AXIS_POS_Z, 1, check=lambda g: tuple(g) == FLU)
valid("axis_system_from_forward_up", sc.AXIS_POS_X, sc.AXIS_POS_Z, 0,  # Unreal: x forward, y right, z up
      check=lambda g: tuple(g) == (D.FORWARD, D.RIGHT, D.UP))
valid("axis_system_from_matrix", UNITY_TO_FLU, UNITY, check=lambda g: tuple(g) == FLU)
valid("axis_system_from_matrix", REFL @ PERM3, FLU,
      check=lambda g: close(system_matrix(FLU, g), REFL @ PERM3))
valid("axis_system_preset", sc.AXIS_PRESET_UNITY, check=lambda g: tuple(g) == UNITY)
valid("axis_system_preset", sc.AXIS_PRESET_NED, check=lambda g: tuple(g) == (D.FORWARD, D.RIGHT, D.DOWN))
valid("axis_preset_matrix", sc.AXIS_PRESET_UNITY, sc.AXIS_PRESET_ROS_FLU, check=UNITY_TO_FLU)
valid("axis_preset_matrix", sc.AXIS_PRESET_ROS_OPTICAL, sc.AXIS_PRESET_FRD,  # z fwd x right y down
      check=system_matrix(sc.AxisSystem(D.RIGHT, D.DOWN, D.FORWARD), sc.AxisSystem(D.FORWARD, D.RIGHT, D.DOWN)))


def blender_axis_conversion(ff, fu, tf, tu):
    a, b = [signed_axis(ff), signed_axis(fu)], [signed_axis(tf), signed_axis(tu)]
    return np.stack(b + [np.cross(*b)], 1) @ np.stack(a + [np.cross(*a)], 1).T


valid("axis_conversion", sc.AXIS_NEG_Z, sc.AXIS_POS_Y, sc.AXIS_POS_Y, sc.AXIS_POS_Z,
      check=blender_axis_conversion(sc.AXIS_NEG_Z, sc.AXIS_POS_Y, sc.AXIS_POS_Y, sc.AXIS_POS_Z))
valid("axis_conversion", sc.AXIS_POS_X, sc.AXIS_NEG_Y, sc.AXIS_NEG_Z, sc.AXIS_POS_X,
      check=blender_axis_conversion(sc.AXIS_POS_X, sc.AXIS_NEG_Y, sc.AXIS_NEG_Z, sc.AXIS_POS_X))
for M in (PERM3, REFL @ PERM3):
    det = np.linalg.det(M)
    valid("vec_change_axes", M, V3, check=V3 @ M.T)
    valid("pseudovec_change_axes", M, V3, check=det * V3 @ M.T)
    valid("mat_change_axes", M, ROTS, check=M @ ROTS @ M.T)
    valid("inertia_change_axes", M, SPD, check=M @ SPD @ M.T)
    valid("scale_change_axes", M, V3, check=V3 @ np.abs(M).T)
    valid("spatial_change_axes", M, X6, check=np.concatenate([X6[:, :3] @ M.T, det * X6[:, 3:] @ M.T], 1))
    valid("quat_wxyz_change_axes", M, Q,
          check=lambda g, M=M: close(mat(g), M @ ROTS @ M.T) or close(np.linalg.norm(g, axis=-1),
                                                                        np.linalg.norm(Q, axis=-1)))
    valid("quat_xyzw_change_axes", M, xyzw(Q), check=lambda g, M=M: close(mat(wxyz(g)), M @ ROTS @ M.T))
    valid("pose_wxyz_change_axes", M, P7,
          check=lambda g, M=M: close(g[:, :3], P7[:, :3] @ M.T) or close(mat(g[:, 3:]), M @ ROTS @ M.T))
    valid("pose_xyzw_change_axes", M, np.concatenate([P7[:, :3], xyzw(Q)], 1),
          check=lambda g, M=M: close(g[:, :3], P7[:, :3] @ M.T) or close(mat(wxyz(g[:, 3:])), M @ ROTS @ M.T))
T4 = mat4(P7)
for layout, store in ((sc.MAT4_ROW_MAJOR, lambda T: T), (sc.MAT4_COLUMN_MAJOR, lambda T: np.swapaxes(T, -1, -2))):
    want = T4.copy()
    want[:, :3, :3] = PERM3 @ T4[:, :3, :3] @ PERM3.T
    want[:, :3, 3] = 2.5 * T4[:, :3, 3] @ PERM3.T
    valid("transform_change_axes", PERM3, store(T4).reshape(N, 16), 2.5, layout,  # (..., 16) in, (..., 4, 4) out
          check=store(want))
valid("mat_change_world_axes", PERM3, ROTS, check=PERM3 @ ROTS)
valid("quat_wxyz_change_world_axes", PERM3, Q, check=lambda g: close(mat(g), PERM3 @ ROTS))
valid("quat_wxyz_change_world_body_axes", PERM3, M_YZ, Q, check=lambda g: close(mat(g), PERM3 @ ROTS @ M_YZ.T))
valid("gravity_signed", sc.AXIS_NEG_Z, [9.81, 1.0], check=[[0, 0, 9.81], [0, 0, 1.0]])
valid("gravity", sc.AXIS_Z, 9.81, check=[0, 0, -9.81])
valid("gravity", sc.AXIS_Y, [9.81, 3.7], check=[[0, -9.81, 0], [0, -3.7, 0]])

# ---------------------------------------------------------------- shapes, assets
SIZE = np.array([[0.5, 0.2, 0.1], [1.0, 2.0, 3.0]])
valid("shape_volume", SIZE, sc.SHAPE_SPHERE, sc.SHAPE_FORMAT_NEWTON, sc.AXIS_Z, check=4 / 3 * np.pi * SIZE[:, 0] ** 3)
valid("shape_volume", SIZE, sc.SHAPE_BOX, sc.SHAPE_FORMAT_MUJOCO, sc.AXIS_Z, check=8 * SIZE.prod(1))
valid("shape_volume", SIZE, sc.SHAPE_BOX, sc.SHAPE_FORMAT_USD, sc.AXIS_Z, check=SIZE.prod(1))
valid("shape_com", SIZE, sc.SHAPE_CONE, sc.SHAPE_FORMAT_NEWTON, sc.AXIS_Z,
      check=np.stack([0 * SIZE[:, 0], 0 * SIZE[:, 0], -SIZE[:, 1] / 2], 1))
valid("shape_com", SIZE, sc.SHAPE_SPHERE, sc.SHAPE_FORMAT_MUJOCO, sc.AXIS_Z, check=np.zeros((2, 3)))
# the header's example: PhysX capsule (r, h) -> Newton (r, h), q = +90 deg about Y
Q_Y90 = [math.cos(math.pi / 4), 0, math.sin(math.pi / 4), 0]
valid("shape_convert", SIZE, sc.SHAPE_CAPSULE, sc.SHAPE_FORMAT_PHYSX, sc.AXIS_X, sc.SHAPE_FORMAT_NEWTON,
      sc.AXIS_Z, check=lambda g: close(g[0], SIZE * [1, 1, 0]) or [same_rotation(q, Q_Y90) for q in g[1]])
valid("shape_convert", SIZE, sc.SHAPE_BOX, sc.SHAPE_FORMAT_USD, sc.AXIS_Z, sc.SHAPE_FORMAT_NEWTON, sc.AXIS_Z,
      check=lambda g: close(g[0], SIZE / 2) or close(g[1], [[1, 0, 0, 0]] * 2))
FROMTO = np.concatenate([V3, W3], 1)


def check_fromto(g):
    pos, q, half = g
    d = W3 - V3
    close(pos, (V3 + W3) / 2)
    close(half, np.linalg.norm(d, axis=1) / 2)
    close(mat(q)[:, :, 2], unit(d))  # the geom's z axis along b - a
    is_unit(q)


valid("pose_from_mujoco_fromto", FROMTO, check=check_fromto)
valid("asset_import_matrix", sc.ASSET_GLTF, 0, check=M_YZ)
valid("asset_import_matrix", sc.ASSET_STL, 1, check=np.eye(3))
valid("asset_import_quat_wxyz", sc.ASSET_OBJ, 0, check=[math.cos(math.pi / 4), math.sin(math.pi / 4), 0, 0])
valid("asset_axes_matrix", sc.ASSET_GLTF, 0, sc.AXIS_PRESET_ROS_FLU,  # the header's (x, y, z) -> (z, x, y)
      check=np.array([[0, 0, 1], [1, 0, 0], [0, 1, 0]], float))

# ---------------------------------------------------------------- spatial vectors
for n in ("twist_shift", "twist_shift_n"):
    valid(n, X6, R3, check=np.concatenate([X6[:, :3] + np.cross(X6[:, 3:], R3), X6[:, 3:]], 1))
for n in ("wrench_shift", "wrench_shift_n"):
    valid(n, X6, R3, check=np.concatenate([X6[:, :3], X6[:, 3:] - np.cross(R3, X6[:, :3])], 1))
valid("spatial_swap", X6, check=np.roll(X6, 3, axis=1))
valid("spatial_rotate", ROTS, X6, check=np.concatenate([mv(ROTS, X6[:, :3]), mv(ROTS, X6[:, 3:])], 1))
valid("power", X6, Y6, check=np.sum(X6 * Y6, 1))
A6 = RNG.normal(size=(N, 6))
valid("spatial_accel_from_classical", A6, X6,
      check=np.concatenate([A6[:, :3] - np.cross(X6[:, 3:], X6[:, :3]), A6[:, 3:]], 1))
valid("classical_accel_from_spatial", A6, X6,
      check=np.concatenate([A6[:, :3] + np.cross(X6[:, 3:], X6[:, :3]), A6[:, 3:]], 1))
valid("classical_accel_shift", A6, W3, R3,
      check=np.concatenate([A6[:, :3] + np.cross(A6[:, 3:], R3) + np.cross(W3, np.cross(W3, R3)), A6[:, 3:]], 1))
LIN, ANG = sc.ORDER_LINEAR_FIRST, sc.ORDER_ANGULAR_FIRST


def swap6(x):
    """[a; b] -> [b; a]: linear first <-> angular first."""
    return np.roll(x, 3, axis=-1)


def both_orders(name, lin_first, six, rest):
    """valid() of name(*six, *rest, order) in either storage order of its
    6-vectors: the angular-first call takes the 6-vectors of six marked in
    SIX_INDEX with swapped halves and gives lin_first's halves swapped."""
    valid(name, *six, *rest, LIN, check=lin_first)
    valid(name, *[swap6(x) if k in SIX_INDEX[name] else x for k, x in enumerate(six)], *rest, ANG,
          check=swap6(lin_first))


SIX_INDEX = {"twist_cross": (0, 1), "wrench_cross": (0, 1), "twist_transform_wxyz": (1,),
             "wrench_transform_wxyz": (1,)}
both_orders("twist_cross", np.concatenate(
    [np.cross(X6[:, 3:], Y6[:, :3]) + np.cross(X6[:, :3], Y6[:, 3:]), np.cross(X6[:, 3:], Y6[:, 3:])], 1),
    (X6, Y6), ())
both_orders("wrench_cross", np.concatenate(
    [np.cross(X6[:, 3:], Y6[:, :3]), np.cross(X6[:, 3:], Y6[:, 3:]) + np.cross(X6[:, :3], Y6[:, :3])], 1),
    (X6, Y6), ())

# ---------------------------------------------------------------- poses
# the algebra stores [p; q_wxyz]; [p; q_xyzw] is reordered explicitly
for n in ("pose_wxyz_from_xyzw", "pose_wxyz_from_xyzw_n"):
    valid(n, np.concatenate([P7[:, :3], xyzw(P7[:, 3:])], 1), check=P7)
for n in ("pose_xyzw_from_wxyz", "pose_xyzw_from_wxyz_n"):
    valid(n, P7, check=np.concatenate([P7[:, :3], xyzw(P7[:, 3:])], 1))
# a pose family's member for quaternion order `o` stores [p; q_o]; one line per member name
POSE_ORDERS = {"wxyz": (lambda q: q, lambda q: q)}
RA, RB = mat(P7[:, 3:]), mat(P7B[:, 3:])
for o, (store, load) in POSE_ORDERS.items():
    def st(p, store=store):
        return np.concatenate([p[..., :3], store(p[..., 3:])], -1)

    def pose_is(want, load=load, exact=True):
        def check(g):
            close(g[:, :3], want[:, :3])
            (close if exact else same_rotation)(load(g[:, 3:]), want[:, 3:])
        return check

    valid(f"pose_mul_{o}", st(P7), st(P7B),
          check=pose_is(np.concatenate([P7[:, :3] + mv(RA, P7B[:, :3]), qmul(P7[:, 3:], P7B[:, 3:])], 1)))
    inv_q = qconj(P7[:, 3:]) / np.sum(P7[:, 3:] ** 2, 1, keepdims=True)
    valid(f"pose_inv_{o}", st(P7), check=pose_is(np.concatenate([-mv(np.swapaxes(RA, 1, 2), P7[:, :3]), inv_q], 1)))
    valid(f"pose_transform_point_{o}", st(P7), V3, check=mv(RA, V3) + P7[:, :3])
    valid(f"pose_rotate_vec_{o}", st(P7), V3, check=mv(RA, V3))
    valid(f"pose_relative_{o}", st(P7), st(P7B), check=pose_is(np.concatenate(
        [mv(np.swapaxes(RA, 1, 2), P7B[:, :3] - P7[:, :3]), qmul(inv_q, P7B[:, 3:])], 1), exact=False))
    slerp_q = np.stack([wxyz(Slerp([0, 1], rot(np.stack([P7[i, 3:], P7B[i, 3:]])))(0.25).as_quat()) for i in range(N)])
    valid(f"pose_interp_{o}", st(P7), st(P7B), 0.25, check=pose_is(np.concatenate(
        [0.75 * P7[:, :3] + 0.25 * P7B[:, :3], slerp_q], 1), exact=False))
    for layout, flip in ((sc.MAT4_ROW_MAJOR, False), (sc.MAT4_COLUMN_MAJOR, True)):
        T_want = np.swapaxes(T4, 1, 2) if flip else T4
        # the 16 reals in storage order; a (4, 4) result read row by row is the stored matrix
        valid(f"mat4_from_pose_{o}", st(P7), layout, check=lambda g, T=T_want: close(np.reshape(g, (N, 4, 4)), T))
        valid(f"pose_{o}_from_mat4", T_want, layout, check=lambda g, load=load: close(g[:, :3], P7[:, :3])
              or close(load(g[:, 3:]), canonical(P7[:, 3:])))

ZERO3 = np.zeros((N, 3, 3))


def adjoint_blocks(pose):
    R, p = mat(pose[:, 3:]), pose[:, :3]
    return R, skew(p) @ R


def blocks(a, b, c, d):
    return np.concatenate([np.concatenate([a, b], 2), np.concatenate([c, d], 2)], 1)


R_A, PR_A = adjoint_blocks(P7)
valid("adjoint_twist_matrix_wxyz", P7, sc.ORDER_LINEAR_FIRST, check=blocks(R_A, PR_A, ZERO3, R_A))
valid("adjoint_twist_matrix_wxyz", P7, sc.ORDER_ANGULAR_FIRST, check=blocks(R_A, ZERO3, PR_A, R_A))
valid("adjoint_wrench_matrix_wxyz", P7, sc.ORDER_LINEAR_FIRST, check=blocks(R_A, ZERO3, PR_A, R_A))
valid("adjoint_wrench_matrix_wxyz", P7, sc.ORDER_ANGULAR_FIRST, check=blocks(R_A, PR_A, ZERO3, R_A))
TWIST_AT_A = np.concatenate([mv(RA, X6[:, :3]) + np.cross(P7[:, :3], mv(RA, X6[:, 3:])), mv(RA, X6[:, 3:])], 1)
both_orders("twist_transform_wxyz", TWIST_AT_A, (P7, X6), ())
both_orders("wrench_transform_wxyz", np.concatenate(
    [mv(RA, X6[:, :3]), mv(RA, X6[:, 3:]) + np.cross(P7[:, :3], mv(RA, X6[:, :3]))], 1), (P7, X6), ())


def check_exp(g):
    T = expm(hat(X6 * DT * 10))
    close(g[:, :3], T[:, :3, 3])
    close(mat(g[:, 3:]), T[:, :3, :3])
    is_unit(g[:, 3:])


def check_log(g):
    close(expm(hat(g)), T4)
    np.testing.assert_array_less(np.linalg.norm(g[:, 3:], axis=1), np.pi + 1e-12)


valid("pose_exp_wxyz", X6, DT * 10, LIN, check=check_exp)
valid("pose_exp_wxyz", swap6(X6), DT * 10, ANG, check=check_exp)
valid("twist_log_wxyz", P7, LIN, check=check_log)
valid("twist_log_wxyz", P7, ANG, check=lambda g: check_log(swap6(g)))

# ---------------------------------------------------------------- inertia
valid("inertia_from_principal", V3 ** 2, Q, check=ROTS @ (V3[:, :, None] ** 2 * np.eye(3)) @ np.swapaxes(ROTS, 1, 2))


def check_principal(g):
    diag, iq = g
    close(diag, np.linalg.eigvalsh(SPD)[:, ::-1])
    is_unit(iq)
    R = mat(iq)
    close(R @ (diag[:, :, None] * np.eye(3)) @ np.swapaxes(R, 1, 2), SPD)


valid("principal_from_inertia", SPD, check=check_principal)
MASS = np.array([0.5, 1.0, 7.0])


def parallel_axis(mass, r):
    """m (|r|^2 E - r r^T): what a point mass m at r adds to a tensor about the origin."""
    return mass[:, None, None] * (np.sum(r ** 2, 1)[:, None, None] * np.eye(3) - r[:, :, None] * r[:, None, :])


COM3 = RNG.normal(size=(N, 3))  # the COM seen from the first point A
I_A = SPD + parallel_axis(MASS, COM3)  # a tensor about A; B = A + R3
valid("inertia_shift", I_A, MASS, COM3, R3, check=SPD + parallel_axis(MASS, COM3 - R3))
CX = skew(R3)
M6 = blocks(MASS[:, None, None] * np.eye(3), -MASS[:, None, None] * CX, MASS[:, None, None] * CX,
            SPD - MASS[:, None, None] * CX @ CX)
valid("spatial_inertia", MASS, R3, SPD, check=M6)
valid("kinetic_energy", MASS, R3, SPD, X6, check=0.5 * np.einsum("ni,nij,nj->n", X6, M6, X6))
# M given in frame B, P7 the pose of B in A: the energy of a twist is the same in both frames,
# V_B^T M_B V_B = V_A^T M_A V_A with V_A = Ad V_B, so M_A = Ad^-T M_B Ad^-1
AD_INV = np.linalg.inv(blocks(R_A, PR_A, ZERO3, R_A))
valid("spatial_inertia_transform_wxyz", P7, M6, check=np.swapaxes(AD_INV, 1, 2) @ M6 @ AD_INV)

# ---------------------------------------------------------------- conventions and presets
valid("convention_from_preset", "newton", check=lambda g: tuple(g) == NEWTON)
valid("convention_from_preset", sc.PRESET_DRAKE, check=lambda g: tuple(g) == ANG_ORIGIN)  # V_WB_W [w; v_Bo]
valid("state_convention_from_preset", "newton",  # body_q [p; q_xyzw] of the origin, body_qd at the COM
      check=lambda g: tuple(g.pose) == (sc.POSE_LAYOUT_POS_QUAT, sc.ROT_QUAT_XYZW, sc.POINT_ORIGIN,
                                        sc.POSE_FRAME_BODY) and tuple(g.twist) == NEWTON)
valid("preset_id_name", sc.PRESET_MUJOCO_FREE, check=lambda g: g == "mujoco_free")
# the registry: every preset once; MuJoCo's free joint as its docs state it
# (overview.rst: quaternion w first, rotational velocities in the body frame)
valid("conventions", check=lambda g: sorted(g["presets"]) == sorted(m.name.lower() for m in sc.PresetId))
valid("conventions", sc.PRESET_MUJOCO_FREE,
      check=lambda g: (g["pose"]["quat_order"], g["twist"]["angular_frame"], g["twist"]["linear_frame"])
      == ("wxyz", "body", "world"))
valid("status_string", sc.OK, check=lambda g: g == "ok")
valid("status_string", sc.EINVAL, check=lambda g: g == "invalid argument")
valid("twist_convert", ANG_ORIGIN, X6, NEWTON, BODY, check=newton_to_ang_origin(X6))
valid("twist_convert", BODY_DEG, X6, "newton", BODY, check=newton_to_body_deg(X6))
valid("wrench_convert", ANG_ORIGIN, X6, NEWTON, BODY, check=newton_wrench_to_ang_origin(X6))


def check_power(g):  # mujoco_free -> drake: the power of the converted pair is the same
    tw = sc.twist_convert("drake", Y6, "mujoco_free", BODY)
    close(np.sum(g * tw, 1), np.sum(X6 * Y6, 1))


valid("wrench_convert", "drake", X6, "mujoco_free", BODY, check=check_power)
valid("twist_convert_matrix", ANG_ORIGIN, NEWTON, BODY, check=lambda g: close(mv(g, X6), newton_to_ang_origin(X6)))
valid("wrench_convert_matrix", ANG_ORIGIN, NEWTON, BODY,
      check=lambda g: close(mv(g, X6), newton_wrench_to_ang_origin(X6)))
valid("accel_convert", SPATIAL, A6, NEWTON, X6, BODY,
      check=np.concatenate([A6[:, :3] - np.cross(X6[:, 3:], X6[:, :3]), A6[:, 3:]], 1))
BODY1 = sc.Body(*(np.asarray(f)[0] for f in BODY))  # one body: a Jacobian's columns share it
JAC = RNG.normal(size=(6, 4))  # 6 x 4, rows [v_C; w] (NEWTON)
valid("jacobian_convert", ANG_ORIGIN, JAC, NEWTON, BODY1, sc.MAT4_ROW_MAJOR,
      check=newton_to_ang_origin(JAC.T, BODY1).T)
valid("jacobian_convert", ANG_ORIGIN, JAC.T, NEWTON, BODY1, sc.MAT4_COLUMN_MAJOR,
      check=newton_to_ang_origin(JAC.T, BODY1))
JACS = RNG.normal(size=(N, 6, 4))  # one Jacobian per body of BODY
BODY_COLS = sc.Body(*(np.asarray(f)[:, None] for f in BODY))  # body k for each column of Jacobian k
for n in ("jacobian_convert", "jacobian_convert_n"):
    valid(n, ANG_ORIGIN, JACS, NEWTON, BODY, sc.MAT4_ROW_MAJOR,
          check=newton_to_ang_origin(JACS.transpose(0, 2, 1), BODY_COLS).transpose(0, 2, 1))
    valid(n, ANG_ORIGIN, JACS.transpose(0, 2, 1), NEWTON, BODY, sc.MAT4_COLUMN_MAJOR,
          check=newton_to_ang_origin(JACS.transpose(0, 2, 1), BODY_COLS))
IQ = BODY.iquat_wxyz
POSE_O = np.concatenate([BODY.pos, BODY.quat_wxyz], 1)
POSE_C = pose_com_xyzw(POSE_O, BODY.com, IQ)


def check_body(g):
    close(g.pos, BODY.pos)
    same_rotation(g.quat_wxyz, BODY.quat_wxyz)
    same_rotation(g.iquat_wxyz, IQ)
    close(g.com, BODY.com)
    is_unit(g.quat_wxyz)


valid("body_from_pose", POSE_C, COM_XYZW, BODY.com, IQ, check=check_body)
valid("pose_from_body", COM_XYZW, BODY, check=lambda g: assert_pose_com_xyzw(g, POSE_C))
valid("pose_convert", COM_XYZW, POSE_O, ORIGIN_WXYZ, BODY.com, IQ, check=lambda g: assert_pose_com_xyzw(g, POSE_C))
for n in ("state_convert", "state_convert_n"):
    valid(n, sc.StateConvention(COM_XYZW, ANG_ORIGIN), POSE_O, X6, sc.StateConvention(ORIGIN_WXYZ, NEWTON),
          BODY.com, IQ, check=lambda g: assert_pose_com_xyzw(g[0], POSE_C) or close(g[1], newton_to_ang_origin(X6)))
valid("twist_convert_n", ANG_ORIGIN, X6, NEWTON, POSE_O, ORIGIN_WXYZ, BODY.com, IQ, check=newton_to_ang_origin(X6))
valid("wrench_convert_n", ANG_ORIGIN, X6, NEWTON, POSE_O, ORIGIN_WXYZ, BODY.com, IQ,
      check=newton_wrench_to_ang_origin(X6))
F3, T3, PT = V3, W3, R3
valid("wrench_from_force_at_point", NEWTON, F3, T3, PT, sc.FRAME_WORLD, BODY,
      check=np.concatenate([F3, T3 + np.cross(PT - C_WORLD, F3)], 1))
valid("force_at_point_from_wrench", X6, NEWTON, PT, sc.FRAME_WORLD, BODY,
      check=(X6[:, :3], X6[:, 3:] + np.cross(C_WORLD - PT, X6[:, :3])))

# ---------------------------------------------------------------- MuJoCo
IPOS = R3
RQ = mat(Q)
R_IPOS = mv(RQ, IPOS)  # C - O, world
QVEL_TWIST = np.concatenate([X6[:, :3] + np.cross(mv(RQ, X6[:, 3:]), R_IPOS), mv(RQ, X6[:, 3:])], 1)
for n in ("twist_from_mujoco_qvel", "twist_from_mujoco_qvel_n"):
    valid(n, X6, Q, IPOS, check=QVEL_TWIST)
for n in ("mujoco_qvel_from_twist", "mujoco_qvel_from_twist_n"):
    valid(n, QVEL_TWIST, Q, IPOS, check=X6)
QFRC = np.concatenate([X6[:, :3], mv(np.swapaxes(RQ, 1, 2), X6[:, 3:] + np.cross(R_IPOS, X6[:, :3]))], 1)
for n in ("mujoco_qfrc_from_wrench", "mujoco_qfrc_from_wrench_n"):
    valid(n, X6, Q, IPOS, check=QFRC)
for n in ("wrench_from_mujoco_qfrc", "wrench_from_mujoco_qfrc_n"):
    valid(n, QFRC, Q, IPOS, check=X6)
S = W3  # subtree_com
valid("twist_from_mujoco_cvel", X6, V3, S, check=np.concatenate([X6[:, 3:] + np.cross(X6[:, :3], V3 - S), X6[:, :3]], 1))
C_S = C_WORLD - S
CVEL_TWIST = np.concatenate([X6[:, 3:] + np.cross(X6[:, :3], C_S), X6[:, :3]], 1)  # cvel [w; v_S] -> [v_C; w]
valid("twist_from_mujoco_cframe", NEWTON, X6, S, BODY, check=CVEL_TWIST)
valid("mujoco_cframe_from_twist", S, CVEL_TWIST, NEWTON, BODY, check=X6)
CFRC_WRENCH = np.concatenate([X6[:, 3:], X6[:, :3] - np.cross(C_S, X6[:, 3:])], 1)  # [tau_S; f] -> [f; tau_C]
valid("wrench_from_mujoco_cframe", NEWTON, X6, S, BODY, check=CFRC_WRENCH)
valid("mujoco_cframe_from_wrench", S, CFRC_WRENCH, NEWTON, BODY, check=X6)
ALPHA, A_SP = A6[:, :3], A6[:, 3:]  # cacc [alpha; a_sp at S], cvel X6 [w; v_S]
W_, V_C = X6[:, :3], CVEL_TWIST[:, :3]
CACC_ACCEL = np.concatenate([A_SP + np.cross(ALPHA, C_S) + np.cross(W_, V_C), ALPHA], 1)
valid("accel_from_mujoco_cframe", NEWTON, A6, X6, S, BODY, check=CACC_ACCEL)
valid("mujoco_cframe_from_accel", S, CACC_ACCEL, NEWTON, CVEL_TWIST, BODY, check=A6)

# ---------------------------------------------------------------- SAP
SAP_PAIRS = {  # (sap from public, public from sap): reference of the first, inverse of the second
    ("sap_twist_from_public", "public_twist_from_sap"): sap_twist,
    ("sap_wrench_from_public", "public_wrench_from_sap"): sap_wrench,
    ("sap_body_force_from_public", "public_body_force_from_sap"): lambda g, r: -sap_wrench(g, r),
}
for (to_sap, to_public), ref in SAP_PAIRS.items():
    for suffix in ("", "_n"):
        valid(to_sap + suffix, X6, R3, check=ref(X6, R3))
        valid(to_public + suffix, ref(X6, R3), R3, check=X6)
EYE3 = np.broadcast_to(np.eye(3), (N, 3, 3))
valid("sap_twist_matrix", R3, check=blocks(ZERO3, EYE3, EYE3, skew(R3)))
valid("sap_wrench_matrix", R3, check=blocks(skew(R3), EYE3, EYE3, ZERO3))

# ---------------------------------------------------------------- joint arrays
# joint 0: free, child body 1; joint 1: revolute, child body 0; two bodies
LAYOUT = sc.JointLayout(2, np.array([sc.JOINT_FREE, sc.JOINT_REVOLUTE], np.int32), [0, 7, 8], [0, 6, 7], [1, 0], 2)
JQ_XYZW = np.concatenate([V3[0], xyzw(Q[0]), [0.7]])
JQ_WXYZ = np.concatenate([V3[0], Q[0], [0.7]])
BODY_Q = np.concatenate([P7[:2, :3], xyzw(P7[:2, 3:])], 1)  # Warp transforms [p; q_xyzw]
BODY_COM = R3[:2]
R_OC1 = mat(P7[1, 3:]) @ BODY_COM[1]  # the free joint's child is body 1
JQD = np.concatenate([X6[0], [0.3]])
valid("joint_q_size", sc.JOINT_FREE, 0, 0, check=lambda g: g == 7)
valid("joint_q_size", sc.JOINT_D6, 2, 1, check=lambda g: g == 3)
valid("joint_qd_size", sc.JOINT_BALL, 0, 0, check=lambda g: g == 3)
valid("joint_layout_check", LAYOUT, check=lambda g: g is None)
valid("joint_q_wxyz_from_xyzw", JQ_XYZW, LAYOUT, check=JQ_WXYZ)
valid("joint_q_xyzw_from_wxyz", JQ_WXYZ, LAYOUT, check=JQ_XYZW)
valid("joint_q_xyzw_from_wxyz", JQ_WXYZ.astype(np.float32), LAYOUT,
      check=lambda g: close(g, JQ_XYZW, atol=1e-6) or g.dtype == np.float32 or pytest.fail(g.dtype))
for (to_sap, to_public), ref in list(SAP_PAIRS.items())[:2]:
    kind = to_sap.split("_")[1]  # twist / wrench
    qd = {"twist": "joint_qd", "wrench": "joint_f"}[kind]
    sap = np.concatenate([ref(JQD[:6], R_OC1), JQD[6:]])
    valid(f"sap_{qd}_from_public", JQD, LAYOUT, BODY_Q, BODY_COM, check=sap)
    valid(f"public_{qd}_from_sap", sap, LAYOUT, BODY_Q, BODY_COM, check=JQD)
R_OC = mv(mat(P7[:2, 3:]), BODY_COM)
valid("sap_body_force_from_public_packed", X6[:2], BODY_Q, BODY_COM, check=-sap_wrench(X6[:2], R_OC))
valid("public_body_force_from_sap_packed", -sap_wrench(X6[:2], R_OC), BODY_Q, BODY_COM, check=X6[:2])
JF = np.concatenate([Y6[0], [0.4]])
BODY_F = Y6[:2]
valid("sap_boundary_in", JQD, JF, BODY_F, LAYOUT, BODY_Q, BODY_COM, sc.SAP_ORDER_PUBLIC, sc.SAP_ORDER_PUBLIC,
      sc.SAP_ORDER_SAP, check=(np.concatenate([sap_twist(JQD[:6], R_OC1), JQD[6:]]),
                               np.concatenate([sap_wrench(JF[:6], R_OC1), JF[6:]]), BODY_F))
valid("sap_boundary_out", np.concatenate([sap_twist(JQD[:6], R_OC1), JQD[6:]]), LAYOUT, BODY_Q, BODY_COM,
      sc.SAP_ORDER_PUBLIC, check=JQD)

# ---------------------------------------------------------------- permutations
PERM = np.array([2, 0, 3, 1])
IN4 = RNG.normal(size=(4, 3))
valid("perm_check", PERM, check=lambda g: g is None)
valid("perm_check_scratch", PERM, check=lambda g: g is None)
valid("perm_inverse", PERM, check=lambda g: np.array_equal(g, np.argsort(PERM)))
valid("perm_gather", IN4, PERM, check=IN4[PERM])
valid("perm_gather", IN4[:, 0], PERM, check=IN4[PERM, 0])
FRAMES = RNG.normal(size=(5, 4, 3))
valid("perm_gather_frames", FRAMES, PERM, check=FRAMES[:, PERM])
PARENTS = np.array([-1, 0, 1, 0])  # body i's parent, old order


def new_parents(parents, perm):
    inv = np.argsort(perm)
    return np.array([-1 if parents[p] < 0 else inv[parents[p]] for p in perm])


valid("perm_gather_parents", PARENTS, PERM, check=lambda g: np.array_equal(g, new_parents(PARENTS, PERM)))

# ---------------------------------------------------------------- motion
T_FR = 6
POS = np.cumsum(RNG.normal(size=(T_FR, 3)), 0)
QS = unit(np.cumsum(RNG.normal(size=(T_FR, 4)) * 0.2, 0) + [3, 0, 0, 0])
fwd = np.diff(POS, axis=0) / DT
valid("motion_linvel", POS, DT, sc.MOTION_DIFF_FORWARD, check=np.concatenate([fwd, fwd[-1:]]))
valid("motion_linvel", POS, DT, sc.MOTION_DIFF_CENTRAL, check=np.gradient(POS, DT, axis=0))
W_WORLD = (rot(QS[1:]) * rot(QS[:-1]).inv()).as_rotvec() / DT
W_BODY = (rot(QS[:-1]).inv() * rot(QS[1:])).as_rotvec() / DT
valid("motion_angvel", QS, DT, sc.ROT_QUAT_WXYZ, 0, sc.MOTION_DIFF_FORWARD, check=np.concatenate([W_WORLD, W_WORLD[-1:]]))
valid("motion_angvel", xyzw(QS), DT, sc.ROT_QUAT_XYZW, 1, sc.MOTION_DIFF_FORWARD,
      check=np.concatenate([W_BODY, W_BODY[-1:]]))
LOCAL = unit(RNG.normal(size=(T_FR, 2, 4)))
OFFS = RNG.normal(size=(2, 3))
CLIP = sc.MotionClip(T_FR, 2, root_pos=POS, root_rot=QS, root_rot_format=sc.ROT_QUAT_WXYZ, root_linvel=fwd[[0] * T_FR],
                     root_angvel=None, root_angvel_body=0, local_rot=LOCAL, local_rot_format=sc.ROT_QUAT_WXYZ,
                     offsets=OFFS)


def check_clip_convert(g):
    close(g.root_pos, 2.0 * POS @ M_YZ.T)
    close(g.root_linvel, 2.0 * CLIP.root_linvel @ M_YZ.T)
    close(mat(g.root_rot), M_YZ @ mat(QS) @ PERM3.T)
    close(mat(g.local_rot), PERM3 @ mat(LOCAL) @ PERM3.T)
    close(g.offsets, 2.0 * OFFS @ PERM3.T)
    assert g.root_angvel is None


valid("motion_clip_convert", CLIP, M_YZ, PERM3, 2.0, check=check_clip_convert)
# rotation matrices as (..., 3, 3), an angular velocity whose frame is left
# out (None: world axes, as C's 0), float32 alike
CLIP_MAT = CLIP._replace(root_rot=mat(QS), root_rot_format=sc.ROT_MAT, local_rot=mat(LOCAL),
                         local_rot_format=sc.ROT_MAT, root_angvel=W3[[0] * T_FR], root_angvel_body=None)


def check_clip_mat(g):
    close(g.root_rot.reshape(T_FR, 3, 3), M_YZ @ mat(QS) @ PERM3.T)
    close(g.local_rot.reshape(T_FR, 2, 3, 3), PERM3 @ mat(LOCAL) @ PERM3.T)
    close(g.root_angvel, CLIP_MAT.root_angvel @ M_YZ.T)  # world axes: M_world w


valid("motion_clip_convert", CLIP_MAT, M_YZ, PERM3, 2.0, check=check_clip_mat)
HX = mat(QS)[:, :, 0]  # the root's x axis in the world (Z up, both forwards +X)
valid("motion_clip_heading", CLIP, 2, sc.AXIS_Z, sc.AXIS_POS_X, sc.AXIS_POS_X,
      check=lambda g: close(g, math.atan2(HX[2, 1], HX[2, 0])))


def check_align(g):
    a = -math.atan2(HX[2, 1], HX[2, 0])
    A = Rotation.from_rotvec([0, 0, a]).as_matrix()
    c = np.array([POS[2, 0], POS[2, 1], 0.1])
    close(g.root_pos, (POS - c) @ A.T)
    close(mat(g.root_rot), A @ mat(QS))
    close(g.local_rot, LOCAL)
    close(g.offsets, OFFS)


valid("motion_clip_align", CLIP, 2, sc.AXIS_Z, sc.AXIS_POS_X, sc.AXIS_POS_X, 0.1, check=check_align)


# ---------------------------------------------------------------- CUDA modes (test_cuda_emulated.py runs them)
def check_cuda_async(enabled):
    def check(mode):
        from spatial_conv import _cuda
        assert mode == sc.cuda_async(enabled) and not _cuda.async_mode()
        with mode:
            assert _cuda.async_mode() is enabled
        assert not _cuda.async_mode()
    return check


valid("cuda_async", True, check=check_cuda_async(True))
valid("cuda_async", False, check=check_cuda_async(False))
valid("cuda_check", None, check=lambda got: got is None)  # nothing failed (no CUDA call here)

# ================================================================ bad input
# element functions: one bad call per kind of argument they take, built from
# a valid call (ELEMENT_BAD below); the hand-written functions: listed here.
NAN3 = np.array([np.nan, 0.0, 0.0])
bad("status_string", "status", "ok")
bad("cuda_async", "enabled", "yes")
bad("cuda_check", "device", "cuda:0")
bad("cuda_check", "device", -1)
bad("euler_seq_from_scipy", "s", "xyq")
bad("euler_seq_from_mujoco", "s", 3)
bad("rot_format_size", "format", 7)
bad("rot_convert_n", "x", sc.ROT_QUAT_WXYZ, np.zeros((2, 5)), sc.ROT_QUAT_WXYZ)
bad("rot_convert_n", "res_format", "mat", Q, sc.ROT_QUAT_WXYZ)
bad("rot_convert_n", "x", sc.ROT_MAT, [[0, 0, 0, 0]], sc.ROT_QUAT_WXYZ)  # no rotation: EDEGENERATE
for n, arg, size in (("vec_change_up_axis_n", "v", 3), ("spatial_change_up_axis_n", "x", 6),
                     ("quat_wxyz_change_world_up_axis_n", "q_wxyz", 4),
                     ("quat_xyzw_change_world_up_axis_n", "q_xyzw", 4)):
    bad(n, arg, np.ones((2, size + 1)), sc.AXIS_Y, sc.AXIS_Z)
    bad(n, "to_up", np.ones((2, size)), sc.AXIS_Y, 2**70)
    bad(n, arg, np.full((2, size), np.nan), sc.AXIS_Y, sc.AXIS_Z)
bad("axis_system_check", "s", sc.AxisSystem(D.UP, D.UP, D.LEFT))
bad("axis_system_matrix", "to", UNITY, (0, 1))
bad("axis_system_matrix", "from_", sc.AxisSystem(D.UP, D.UP, D.LEFT), UNITY)
bad("axis_system_handedness", "s", "unity")
bad("axis_system_from_forward_up", "up", sc.AXIS_POS_X, sc.AXIS_NEG_X, 1)  # parallel axes
bad("axis_system_from_forward_up", "forward", 99, sc.AXIS_POS_Z, 1)
bad("axis_system_from_matrix", "M", ROTS[0], FLU)  # not a signed permutation
bad("axis_system_from_matrix", "M", np.zeros(8), FLU)
bad("axis_system_preset", "preset", "unity3d")
bad("convention_from_preset", "id", "newtonian")
bad("state_convention_from_preset", "id", 12)
bad("preset_id_name", "id", 2**70)
bad("conventions", "preset", "newtonian")
bad("conventions", "preset", 0x1000)  # an id below the presets'
bad("jacobian_convert", "J", NEWTON, JAC.T, NEWTON, BODY1, sc.MAT4_ROW_MAJOR)  # (4, 6) is not 6 x n
bad("jacobian_convert", "J", NEWTON, JAC * np.nan, NEWTON, BODY1, sc.MAT4_ROW_MAJOR)
bad("jacobian_convert", "layout", NEWTON, JAC, NEWTON, BODY1, sc.ORDER_LINEAR_FIRST)
bad("jacobian_convert", "body.pos", NEWTON, JACS[:2], NEWTON, BODY, sc.MAT4_ROW_MAJOR)  # 2 Jacobians, 3 bodies
bad("jacobian_convert_n", "J", NEWTON, JACS, NEWTON, BODY, sc.MAT4_COLUMN_MAJOR)  # (3, 6, 4) is not n x 6
bad("jacobian_convert_n", "body.com", NEWTON, JACS, NEWTON, BODY._replace(com=BODY.com * np.nan),
    sc.MAT4_ROW_MAJOR)
bad("jacobian_convert_n", "body.quat_wxyz", NEWTON, JACS, NEWTON, BODY._replace(quat_wxyz=Q[:, :3]),
    sc.MAT4_ROW_MAJOR)
bad("jacobian_convert", "from_", NEWTON, JAC, "newtonian", BODY1, sc.MAT4_ROW_MAJOR)
bad("twist_convert_n", "twist", NEWTON, X6[:, :5], NEWTON, POSE_O, ORIGIN_WXYZ, BODY.com, IQ)
bad("twist_convert_n", "pose_convention", NEWTON, X6, NEWTON, POSE_O, NEWTON, BODY.com, IQ)
bad("wrench_convert_n", "com", NEWTON, X6, NEWTON, POSE_O, ORIGIN_WXYZ, np.nan * BODY.com, IQ)
bad("wrench_convert_n", "to", "nope", X6, NEWTON, POSE_O, ORIGIN_WXYZ, BODY.com, IQ)
bad("joint_q_size", "joint_type", 17, 0, 0)
bad("joint_qd_size", "lin_axes", sc.JOINT_D6, 4, 0)
BAD_LAYOUT = LAYOUT._replace(joint_q_start=[0, 6, 7])
bad("joint_layout_check", "L", BAD_LAYOUT)
bad("joint_layout_check", "L.joint_type", LAYOUT._replace(joint_type=[sc.JOINT_FREE]))
bad("joint_layout_check", "L.joint_qd_start", LAYOUT._replace(joint_qd_start=[0, 6]))
bad("joint_layout_check", "L.joint_child", LAYOUT._replace(joint_child=[1, 0, 0]))
bad("joint_layout_check", "L", "layout")
bad("joint_q_wxyz_from_xyzw", "joint_q", JQ_XYZW[:7], LAYOUT)
bad("joint_q_xyzw_from_wxyz", "joint_q", np.where(np.arange(8) == 2, np.nan, JQ_WXYZ), LAYOUT)
for n in ("sap_joint_qd_from_public", "public_joint_qd_from_sap", "sap_joint_f_from_public",
          "public_joint_f_from_sap"):
    bad(n, "body_q", JQD, LAYOUT, BODY_Q[:1], BODY_COM)
    bad(n, "L", JQD, BAD_LAYOUT, BODY_Q, BODY_COM)
    bad(n, "body_com", JQD, LAYOUT, BODY_Q, np.full((2, 3), np.inf))
for n in ("sap_body_force_from_public_packed", "public_body_force_from_sap_packed"):
    bad(n, "body_f", X6[:2, :5], BODY_Q, BODY_COM)
    bad(n, "body_q", X6[:2], BODY_Q * np.nan, BODY_COM)
bad("sap_boundary_in", "joint_f_order", JQD, JF, BODY_F, LAYOUT, BODY_Q, BODY_COM, sc.SAP_ORDER_PUBLIC, 5,
    sc.SAP_ORDER_SAP)
bad("sap_boundary_in", "body_f", JQD, JF, BODY_F[:, :5], LAYOUT, BODY_Q, BODY_COM, sc.SAP_ORDER_PUBLIC,
    sc.SAP_ORDER_PUBLIC, sc.SAP_ORDER_SAP)
bad("sap_boundary_out", "joint_qd_order", JQD, LAYOUT, BODY_Q, BODY_COM, "public")
bad("sap_boundary_out", "joint_qd", JQD * np.nan, LAYOUT, BODY_Q, BODY_COM, sc.SAP_ORDER_PUBLIC)
for n in ("perm_check", "perm_check_scratch", "perm_inverse"):
    bad(n, "perm", [0, 0, 1])
    bad(n, "perm", [0.0, 1.0])
bad("perm_gather", "perm", IN4, [0, 1, 1, 2])
bad("perm_gather", "in_", IN4[:3], PERM)
bad("perm_gather", "perm", IN4, [2**70, 0, 1, 3])
bad("perm_gather_frames", "x", FRAMES[:, :3], PERM)
bad("perm_gather_frames", "x", FRAMES * np.nan, PERM)
bad("perm_gather_parents", "parents", PARENTS[:3], PERM)
bad("perm_gather_parents", "perm", PARENTS, [0, 0, 1, 2])
bad("motion_clip_convert", "M_world", CLIP, ROTS[0] * 2, PERM3, 1.0)  # not a signed permutation
bad("motion_clip_convert", "in_", CLIP._replace(root_pos=POS[:3]), M_YZ, PERM3, 1.0)
bad("motion_clip_convert", "in_.root_rot", CLIP_MAT._replace(root_rot=mat(QS)[:, :2]), M_YZ, PERM3, 1.0)
bad("motion_clip_convert", "in_.local_rot", CLIP_MAT._replace(local_rot=mat(LOCAL)[:, :1]), M_YZ, PERM3, 1.0)
bad("motion_clip_convert", "k", CLIP, M_YZ, PERM3, "one")
bad("motion_clip_heading", "frame", CLIP, T_FR, sc.AXIS_Z, sc.AXIS_POS_X, sc.AXIS_POS_X)
bad("motion_clip_heading", "world_forward", CLIP, 0, sc.AXIS_Z, sc.AXIS_POS_Z, sc.AXIS_POS_X)
bad("motion_clip_align", "ground", CLIP, 0, sc.AXIS_Z, sc.AXIS_POS_X, sc.AXIS_POS_X, float("nan"))
bad("motion_clip_align", "up", CLIP, 0, 2**70, sc.AXIS_POS_X, sc.AXIS_POS_X, 0.0)
bad("motion_linvel", "pos", POS[:, :2], DT, sc.MOTION_DIFF_FORWARD)
bad("motion_linvel", "dt", POS, 0.0, sc.MOTION_DIFF_FORWARD)
bad("motion_linvel", "pos", np.stack([POS, POS + 100]), DT, sc.MOTION_DIFF_FORWARD)  # two clips
bad("motion_linvel", "method", POS, DT, 2**70)
bad("motion_angvel", "q", QS[:, :3], DT, sc.ROT_QUAT_WXYZ, 0, sc.MOTION_DIFF_FORWARD)
bad("motion_angvel", "q_format", QS, DT, sc.ROT_MAT, 0, sc.MOTION_DIFF_FORWARD)
bad("motion_angvel", "q", np.stack([QS, QS]), DT, sc.ROT_QUAT_WXYZ, 0, sc.MOTION_DIFF_FORWARD)
bad("motion_angvel", "q", QS * np.nan, DT, sc.ROT_QUAT_WXYZ, 0, sc.MOTION_DIFF_FORWARD)
bad("euler_seq_from_bvh_channels", "channels", "Xrotation Xrotation Yrotation")
bad("euler_seq_from_bvh_channels", "channels", b"Zrotation Xrotation Yrotation")
bad("bvh_channels_from_euler_seq", "seq", sc.EULER_XYX, sc.EULER_INTRINSIC)
bad("bvh_channels_from_euler_seq", "kind", sc.EULER_XYZ, 2**70)
# degenerate input where C has a status (the error names every real argument)
bad("quat_normalize_wxyz", "q_wxyz", np.zeros(4))
bad("mat_orthonormalize", "R", -np.eye(3))
bad("quat_wxyz_from_mat", "R", 2 * np.eye(3))
bad("length_scale", "to_meters_per_unit", 1.0, 0.0)
bad("usd_stage_matrix", "meters_per_unit", -1.0, "y", 1.0, "z")
bad("euler_format_from_quat_wxyz", "q_wxyz", np.zeros(4), "unity")
bad("euler_convert", "angles", [np.nan, 0.0, 0.0], "unity", "mjcf", check_finite=False)
bad("pose_wxyz_from_mat4", "T", np.eye(4) * 2, sc.MAT4_ROW_MAJOR)
bad("principal_from_inertia", "I", [[1, 2, 0], [0, 1, 0], [0, 0, 1]])


def element_bad_cases():
    """For every element function: from its first valid call, one bad call
    per kind of argument (a wrong trailing size, NaN, an unknown enum value
    or preset name, a string that is not one, a body with a bad field)."""
    from spatial_conv import _api, _plan
    plans = _plan.element_plans(_api.HEADER)
    first = {}
    for c in VALID:
        first.setdefault(c.name, c)
    out = []
    for name in public_functions():
        f = getattr(sc, name)
        impl = getattr(f, "_impl", None)
        if impl is None or name not in first:
            continue
        c = first[name]
        bound = inspect.signature(f).bind(*c.args, **c.kwargs)
        for a in plans[impl.name].inputs:
            arg, value = a.py_name, bound.arguments.get(a.py_name)
            if a.role == _plan.IN and value is not None:
                v = np.asarray(value, float)
                replaced = [v[..., :-1], np.where(np.arange(v.shape[-1]) == 0, np.nan, v)]
            elif a.role == _plan.SCALAR:
                replaced = [np.full(np.shape(value), np.inf)]
            elif a.role == _plan.CONST and a.ctype != "int":
                replaced = [10**6, "no such name"]
            elif a.role == _plan.STRUCT:
                replaced = ["no_such_preset", (1, 2)]
            elif a.role == _plan.STRING:
                replaced = [7]
            elif a.role == _plan.BODY_IN:
                replaced, arg = [value._replace(pos=np.ones(4))], arg + ".pos"
            else:
                continue
            for r in replaced:
                b = bound.arguments.copy()
                b[a.py_name] = r
                out.append(Case(name, (), b, arg))
    return out


ELEMENT_BAD = element_bad_cases()

def _bad_params(cases):
    return [pytest.param(c, id=f"{c.name}-{c.check}-{i}") for i, c in enumerate(cases)]


# ================================================================ tests
COUNTS = {"valid": set(), "bad": set()}


def test_table_covers_every_function():
    """Every public function has a valid case and a bad case, and every case
    names a public function: a new or renamed function fails here."""
    names = set(public_functions())
    valid_names = {c.name for c in VALID}
    bad_names = {c.name for c in BAD + ELEMENT_BAD}
    assert sorted(names - valid_names) == [], "functions without a valid-input case"
    assert sorted(valid_names - names) == [], "valid cases of functions the mirror lacks"
    assert sorted(names - bad_names) == [], "functions without a bad-input case"
    assert sorted(bad_names - names) == [], "bad cases of functions the mirror lacks"
    assert len(names) >= 190  # the walk found the whole mirror (199 functions in 1.0.0)


def _valid_params():
    return [pytest.param(c, id=f"{c.name}-{i}") for i, c in enumerate(VALID)]


@pytest.mark.parametrize("case", _valid_params())
def test_valid_input(case):
    f = getattr(sc, case.name)
    with np.errstate(all="raise"):
        got = f(*case.args, **case.kwargs)
    verdict = case.check(got)  # asserts, or a bool (a published value's comparison)
    if isinstance(verdict, (bool, np.bool_)):
        assert verdict, f"{case.name} returned {got!r}"
    COUNTS["valid"].add(case.name)


def assert_names(e, name, argument):
    """e (spatial_conv.Error) names the function and the argument."""
    f = getattr(sc, name)
    assert e.function == f.__name__, f"function {e.function!r}, expected {f.__name__!r}: {e}"
    assert e.argument is not None, f"no argument named: {e}"
    named = [e.argument] if e.status is None else e.argument.split(", ")
    named += [n.split(".")[0] for n in named]  # a field of the argument: in_.root_pos
    assert argument in named, f"argument {e.argument!r}, expected {argument!r}: {e}"


def _call_bad(case):
    f = getattr(sc, case.name)
    with pytest.raises(sc.Error) as info:
        f(*case.args, **case.kwargs)
    assert_names(info.value, case.name, case.check)
    COUNTS["bad"].add(case.name)


@pytest.mark.parametrize("case", _bad_params(BAD))
def test_bad_input(case):
    _call_bad(case)


@pytest.mark.parametrize("case", _bad_params(ELEMENT_BAD))
def test_bad_input_element(case):
    _call_bad(case)


# ---------------------------------------------------------------- single checks
def test_clip_and_layout_need_their_counts():
    """A MotionClip needs frames and bodies, a JointLayout its arrays (the
    rest default to None: absent)."""
    with pytest.raises(TypeError):
        sc.MotionClip(T_FR)
    assert sc.MotionClip(T_FR, 2).root_pos is None


@pytest.mark.parametrize("name", [f"mat4_from_pose_{o}" for o in POSE_ORDERS])
def test_mat4_results_are_4x4(name):
    assert getattr(sc, name)(P7[:2], sc.MAT4_ROW_MAJOR).shape == (2, 4, 4)


def test_inertia_from_principal_needs_iquat():
    """Without iquat_wxyz: a TypeError (it is required), in a child process
    (the defect crashes the interpreter)."""
    code = textwrap.dedent("""
        import spatial_conv as sc
        try:
            sc.inertia_from_principal([1.0, 2.0, 3.0])
        except TypeError:
            raise SystemExit(0)
        raise SystemExit(3)
    """)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120)
    assert r.returncode == 0, f"exit {r.returncode}: {r.stderr.decode()[-500:]}"


def test_whole_functions_check_finite():
    with pytest.raises(sc.Error) as info:
        sc.perm_gather(np.array([np.nan, 1.0]), [1, 0])
    assert_names(info.value, "perm_gather", "in_")


def test_out_with_stride_zero_rows_refused():
    row = np.zeros(4)
    out = np.lib.stride_tricks.as_strided(row, (3, 4), (0, 8), writeable=True)
    with pytest.raises(sc.Error) as info:
        sc.quat_conj_wxyz(Q, out=out)
    assert_names(info.value, "quat_conj_wxyz", "out")


def test_report_counts():
    """Printed with -s (or -rA): how many functions were called with valid
    and with bad input by the tests above (run before this one)."""
    names = public_functions()
    print(f"\ntest_every_function: {len(names)} public functions; valid input: "
          f"{len(COUNTS['valid'])} functions; bad input: {len(COUNTS['bad'])} functions "
          f"({len(VALID)} valid cases, {len(BAD) + len(ELEMENT_BAD)} bad cases)")
