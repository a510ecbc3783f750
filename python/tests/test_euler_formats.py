"""The Euler-angle formats of asset formats and tools (EulerFormat) against
SciPy's Rotation.from_euler / as_euler and transforms3d's euler2quat, each
format written here as its source states it: the axes in the order of the
turns, fixed (SciPy lower case, transforms3d "s") or rotating (upper case,
"r") axes, which stored number is which turn, its sign, and the unit."""
import numpy as np
import pytest
from scipy.spatial.transform import Rotation

import spatial_conv as sc

# name: (SciPy sequence, stored index of each turn of the sequence, sign of
# each turn, degrees)
AXES = {"x": 0, "y": 1, "z": 2}
ORDERS = ("xyz", "xzy", "yxz", "yzx", "zxy", "zyx")
FORMATS = {
    "urdf_rpy": ("xyz", [0, 1, 2], [1, 1, 1], False),  # fixed x, y, z: Rz(y) Ry(p) Rx(r)
    "mjcf": ("XYZ", [0, 1, 2], [1, 1, 1], True),       # eulerseq "xyz": rotating axes
    "mjcf_radian": ("XYZ", [0, 1, 2], [1, 1, 1], False),
    **{f"usd_rotate_{o}": (o, [AXES[c] for c in o], [1, 1, 1], True) for o in ORDERS},
    **{f"threejs_{o}": (o.upper(), [AXES[c] for c in o], [1, 1, 1], False) for o in ORDERS},
    **{f"blender_{o}": (o, [AXES[c] for c in o], [1, 1, 1], False) for o in ORDERS},
    "unity": ("zxy", [2, 0, 1], [1, 1, 1], True),      # z, then x, then y about fixed axes
    "unreal": ("ZYX", [1, 0, 2], [1, -1, -1], True),   # (pitch, yaw, roll): yaw, -pitch, -roll
}
RNG = np.random.default_rng(3301)
N = 500


def test_every_format_is_listed():
    assert sorted(FORMATS) == sorted(m.lower() for m in sc.EulerFormat.__members__)


def scipy_rotation(name, stored):
    seq, idx, sign, deg = FORMATS[name]
    return Rotation.from_euler(seq, stored[:, idx] * sign, degrees=deg)


def random_stored(name, n=N):
    """Angles of a format's unit, the middle turn away from a lock."""
    seq, idx, _, deg = FORMATS[name]
    span = 180.0 if deg else np.pi
    a = RNG.uniform(-span, span, (n, 3))
    a[:, idx[1]] = RNG.uniform(-0.49, 0.49, n) * span
    return a


def same_rotation(q_wxyz, rotation, atol):
    want = np.roll(rotation.as_quat(), 1, axis=-1)
    err = np.minimum(np.abs(q_wxyz - want).max(-1), np.abs(q_wxyz + want).max(-1))
    assert err.max() < atol


@pytest.mark.parametrize("name", sorted(FORMATS))
@pytest.mark.parametrize("dtype,atol", [(np.float64, 1e-12), (np.float32, 2e-6)])
def test_quat_from_format_matches_scipy(name, dtype, atol):
    a = random_stored(name).astype(dtype)
    q = sc.quat_wxyz_from_euler_format(a, name)
    assert q.dtype == dtype
    same_rotation(q.astype(float), scipy_rotation(name, a.astype(float)), atol)


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_quat_from_format_matches_transforms3d(name):
    t3d_euler = pytest.importorskip("transforms3d.euler")
    seq, idx, sign, deg = FORMATS[name]
    axes = ("r" if seq.isupper() else "s") + seq.lower()
    a = random_stored(name, 100)
    q = sc.quat_wxyz_from_euler_format(a, name)
    turns = a[:, idx] * sign
    turns = np.radians(turns) if deg else turns
    want = np.array([t3d_euler.euler2quat(*t, axes=axes) for t in turns])
    err = np.minimum(np.abs(q - want).max(-1), np.abs(q + want).max(-1))
    assert err.max() < 1e-12


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_format_from_quat_matches_scipy(name):
    """SciPy's as_euler in the format's order, signs and unit; the middle
    turn of an Unreal rotator (-pitch) keeps SciPy's range."""
    seq, idx, sign, deg = FORMATS[name]
    R = Rotation.random(N, random_state=3302)
    got = sc.euler_format_from_quat_wxyz(np.roll(R.as_quat(), 1, axis=-1), name)
    want = np.empty((N, 3))
    want[:, idx] = R.as_euler(seq, degrees=deg) * sign
    period = 360.0 if deg else 2 * np.pi
    d = (got - want + period / 2) % period - period / 2
    assert np.abs(d).max() < (1e-9 if deg else 1e-11)
    same_rotation(sc.quat_wxyz_from_euler_format(got, name), R, 1e-12)


def test_convert_every_pair():
    for src in FORMATS:
        a = random_stored(src, 40)
        R = scipy_rotation(src, a)
        for dst in FORMATS:
            b = sc.euler_convert(dst, a, src)
            assert np.allclose(scipy_rotation(dst, b).as_matrix(), R.as_matrix(), atol=1e-12), (src, dst)


def test_convert_same_turns_other_unit():
    """USD rotateXYZ in degrees is Blender's 'XYZ' in radians; MJCF's
    default degrees are three.js 'XYZ' radians (both rotating x, y, z)."""
    a = np.array([[10.0, -20.0, 30.0], [-170.0, 80.0, 5.0]])
    assert np.allclose(sc.euler_convert("blender_xyz", a, "usd_rotate_xyz"), np.radians(a), atol=1e-14)
    assert np.allclose(sc.euler_convert("threejs_xyz", a, "mjcf"), np.radians(a), atol=1e-14)


def test_urdf_rpy_is_not_mjcf_euler():
    """Passing URDF rpy as MJCF euler (a converter's mistake) is a different
    rotation; converting gives the MJCF euler of the same one."""
    rpy = np.array([0.3, -0.4, 1.1])
    wrong = sc.quat_wxyz_from_euler_format(rpy, "mjcf_radian")
    right = sc.quat_wxyz_from_euler_format(rpy, "urdf_rpy")
    assert min(np.abs(wrong - right).max(), np.abs(wrong + right).max()) > 0.1
    euler = sc.euler_convert("mjcf_radian", rpy, "urdf_rpy")
    same_rotation(sc.quat_wxyz_from_euler_format(euler, "mjcf_radian"), Rotation.from_euler("xyz", rpy), 1e-12)


def test_gimbal_lock_warns():
    with pytest.warns(sc.StatusWarning, match="gimbal"):
        sc.euler_convert("unreal", [90.0, 10.0, 20.0], "unreal")


def test_torch_tensors():
    torch = pytest.importorskip("torch")
    a = torch.tensor(random_stored("unity", 8))
    q = sc.quat_wxyz_from_euler_format(a, sc.EULER_FORMAT_UNITY)
    assert isinstance(q, torch.Tensor)
    same_rotation(q.numpy(), scipy_rotation("unity", a.numpy()), 1e-12)


def test_usd_stage_matrix():
    """k M: a centimetre Y-up stage into MuJoCo; a Z-up inch stage into a
    Y-up metre world; the columns of M / k are a proper rotation taking up
    to up."""
    M = sc.usd_stage_matrix(sc.USD_METERS_PER_UNIT_FALLBACK, "y", 1.0, "z")
    assert np.allclose(M @ [1.0, 2.0, 3.0], [0.01, -0.03, 0.02], atol=1e-16)
    M = sc.usd_stage_matrix(0.0254, "z", 1.0, "y")
    R = M / 0.0254
    assert np.allclose(R @ R.T, np.eye(3)) and np.isclose(np.linalg.det(R), 1.0)
    assert np.allclose(R @ [0, 0, 1.0], [0, 1.0, 0])
    with pytest.raises(sc.Error, match="usd_stage_matrix"):
        sc.usd_stage_matrix(1.0, "x", 1.0, "z")  # no X-up stage in USD
    with pytest.raises(sc.Error, match="to_meters_per_unit"):
        sc.usd_stage_matrix(1.0, "y", 0.0, "z")


def test_bad_format_names():
    with pytest.raises(sc.Error, match="format"):
        sc.quat_wxyz_from_euler_format([1.0, 2.0, 3.0], "three.js")
    with pytest.raises(sc.Error, match="res_format"):
        sc.euler_convert("blender", [1.0, 2.0, 3.0], "mjcf")
