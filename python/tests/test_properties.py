"""Property tests of the Python mirror of spatial_conv.h (hypothesis,
derandomized): round trips in both precisions, power invariance across
every pair of presets, float32 against float64, and quaternion scale
invariance.

Every test draws a batch shape too, so the batch loop (and the C batch
forms it calls) is exercised along with the single-element functions.
"""
import math
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import spatial_conv as sc

F64, F32 = np.dtype(np.float64), np.dtype(np.float32)
DTYPES = [F64, F32]
DTYPE_IDS = ["float64", "float32"]
EPS = {F64: float(np.finfo(np.float64).eps), F32: float(np.finfo(np.float32).eps)}
PRESETS = list(sc.PresetId)


def prop(n):
    """hypothesis settings of this file: seeded, no example database, no
    deadline (timings are no part of these tests)."""
    return settings(max_examples=n, derandomize=True, database=None, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ------------------------------------------------------------ strategies
batch_shapes = hnp.array_shapes(min_dims=0, max_dims=2, min_side=1, max_side=3)


# one generator per example, shared by every array drawn in it: the arrays
# differ from each other, and an example replays the same way
_example_rng = st.shared(st.integers(0, 2**32 - 1).map(np.random.default_rng), key="rng")


def reals(shape, lo, hi=None):
    """float64 arrays of shape with values in [lo, hi] ([-lo, lo] without hi):
    either uniform from a seeded generator (every value nonzero and
    different: the typical case) or hypothesis's own arrays (zeros, equal
    values, bounds, tiny numbers: the corner cases)."""
    lo, hi = (-lo, lo) if hi is None else (lo, hi)
    shape = tuple(shape)
    seeded = _example_rng.map(lambda rng: rng.uniform(lo, hi, shape))
    return st.one_of(seeded, hnp.arrays(np.float64, shape, elements=st.floats(
        lo, hi, allow_nan=False, allow_infinity=False)))


def _away_from_zero(q):
    """q with every quaternion of norm < 0.25 moved away from zero (norm >= 1):
    hypothesis likes zeros, and the zero quaternion is a separate case."""
    q = np.array(q, dtype=np.float64)
    small = np.linalg.norm(q, axis=-1) < 0.25
    q[..., 0] = np.where(small, 1.0 + np.abs(q[..., 0]), q[..., 0])
    return q


def quats(shape):
    """Non-unit quaternions (norm in [0.25, 2.3]), wxyz."""
    return reals(tuple(shape) + (4,), 1.0).map(_away_from_zero)


def euler_angles(shape, seq):
    """Angles inside SciPy's ranges, 0.1 rad away from gimbal lock and
    0.05 rad away from the +-pi wrap of the first and third angles."""
    proper = seq.name[0] == seq.name[2]
    mid = (0.1, math.pi - 0.1) if proper else (-math.pi / 2 + 0.1, math.pi / 2 - 0.1)
    side = reals(tuple(shape) + (1,), math.pi - 0.05)
    return st.tuples(side, reals(tuple(shape) + (1,), *mid), side).map(
        lambda t: np.concatenate(t, axis=-1))


def scales(dtype):
    """c != 0 with c q inside the documented range of |q| (1e-150..1e150 in
    double, 1e-18..1e18 in float; our q have norms in [0.25, 2.3])."""
    k = 100 if dtype == F64 else 12
    return st.tuples(st.sampled_from([-1.0, 1.0]), st.integers(-k, k),
                     st.floats(1.0, 9.9)).map(lambda t: t[0] * t[2] * 10.0 ** t[1])


# ------------------------------------------------------------ helpers
def cast(dtype, *xs):
    return [np.asarray(x, dtype=dtype) for x in xs]


def mag(*xs):
    """1 + the largest magnitude among xs (a scale for tolerances)."""
    return 1.0 + max(float(np.max(np.abs(np.asarray(x, dtype=np.float64)), initial=0.0))
                     for x in xs)


def assert_close(actual, expected, dtype, scale=1.0, ulps=64, what=""):
    a = np.asarray(actual, dtype=np.float64)
    e = np.asarray(expected, dtype=np.float64)
    assert a.shape == e.shape, f"{what}: shape {a.shape} != {e.shape}"
    tol = ulps * EPS[np.dtype(dtype)] * scale
    err = float(np.max(np.abs(a - e), initial=0.0))
    assert err <= tol, f"{what}: max error {err:.3g} > {tol:.3g}\nactual={a}\nexpected={e}"


def unit(q):
    q = np.asarray(q, dtype=np.float64)
    return q / np.linalg.norm(q, axis=-1, keepdims=True)


def assert_same_rotation(qa, qb, dtype, ulps=64, what=""):
    """qa and qb (wxyz, any norm) are the same rotation: equal up to sign
    and scale."""
    a, b = unit(qa), unit(qb)
    assert a.shape == b.shape, f"{what}: shape {a.shape} != {b.shape}"
    err = np.minimum(np.abs(a - b).max(axis=-1, initial=0.0),
                     np.abs(a + b).max(axis=-1, initial=0.0))
    tol = ulps * EPS[np.dtype(dtype)]
    worst = float(np.max(err, initial=0.0))
    assert worst <= tol, f"{what}: rotations differ by {worst:.3g} > {tol:.3g}\n{qa}\n{qb}"


def assert_dtype(dtype, *results):
    for r in results:
        assert np.asarray(r).dtype == dtype, f"result dtype {np.asarray(r).dtype}, expected {dtype}"


def convention_of(pid):
    """The 6-vector Convention of preset pid."""
    return sc.convention_from_preset(pid)


def state_convention_of(pid):
    return sc.state_convention_from_preset(pid)


def convention_power(conv, wrench, twist):
    """The power of wrench on twist, both stored under conv: lin . lin +
    k ang . ang, k = pi / 180 when angular velocities are in degrees."""
    wrench = np.asarray(wrench, dtype=np.float64)
    twist = np.asarray(twist, dtype=np.float64)
    lin, ang = (slice(0, 3), slice(3, 6)) if conv.order == sc.ORDER_LINEAR_FIRST \
        else (slice(3, 6), slice(0, 3))
    k = math.pi / 180.0 if conv.angle_unit == sc.ANGLE_DEGREES else 1.0
    return (np.sum(wrench[..., lin] * twist[..., lin], axis=-1)
            + k * np.sum(wrench[..., ang] * twist[..., ang], axis=-1))


# ------------------------------------------------------------ round trips
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@prop(40)
@given(batch=batch_shapes, data=st.data())
def test_quat_storage_order_round_trip(dtype, batch, data):
    q = cast(dtype, data.draw(reals(batch + (4,), 1e3)))[0]
    xyzw = sc.quat_xyzw_from_wxyz(q)
    back = sc.quat_wxyz_from_xyzw(xyzw)
    assert_dtype(dtype, xyzw, back)
    np.testing.assert_array_equal(xyzw, np.roll(q, -1, axis=-1))
    np.testing.assert_array_equal(back, q)
    np.testing.assert_array_equal(sc.quat_xyzw_from_wxyz_n(q), xyzw)


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@prop(40)
@given(batch=batch_shapes, data=st.data())
def test_quat_mat_round_trip(dtype, batch, data):
    (q,) = cast(dtype, data.draw(quats(batch)))
    R = sc.mat_from_quat_wxyz(q)
    assert R.shape == batch + (3, 3)
    Rd = R.astype(np.float64)
    assert_close(Rd @ np.swapaxes(Rd, -1, -2), np.broadcast_to(np.eye(3), batch + (3, 3)),
                 dtype, ulps=32, what="R R^T")
    assert_close(np.linalg.det(Rd), np.ones(batch), dtype, ulps=32, what="det R")
    q2 = sc.quat_wxyz_from_mat(R)
    assert_dtype(dtype, R, q2)
    assert_same_rotation(q2, q, dtype, what="quat_wxyz_from_mat(mat_from_quat_wxyz(q))")
    assert_close(np.linalg.norm(q2.astype(np.float64), axis=-1), np.ones(batch), dtype,
                 ulps=8, what="|q|")
    assert np.all(q2[..., 0] >= 0), "quat_wxyz_from_mat is canonical (w >= 0)"
    assert_close(sc.mat_from_quat_wxyz(q2), R, dtype, ulps=32, what="mat -> quat -> mat")
    # the flat (..., 9) form of the same matrices
    assert_close(sc.quat_wxyz_from_mat(R.reshape(batch + (9,))), q2, dtype, ulps=0)


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@prop(40)
@given(batch=batch_shapes, data=st.data())
def test_rotvec_round_trip(dtype, batch, data):
    # |rv| <= 1.7 sqrt(3) = 2.94 < pi: away from the +-pi ambiguity
    rv, q = cast(dtype, data.draw(reals(batch + (3,), 1.7)), data.draw(quats(batch)))
    q_rv = sc.quat_wxyz_from_rotvec(rv)
    back = sc.rotvec_from_quat_wxyz(q_rv)
    assert_dtype(dtype, q_rv, back)
    assert_close(back, rv, dtype, scale=4, ulps=64, what="rotvec -> quat -> rotvec")
    rv_q = sc.rotvec_from_quat_wxyz(q)
    assert np.all(np.linalg.norm(rv_q.astype(np.float64), axis=-1) <= math.pi * (1 + 4 * EPS[dtype]))
    assert_same_rotation(sc.quat_wxyz_from_rotvec(rv_q), q, dtype, ulps=64,
                         what="quat -> rotvec -> quat")


EULER_CASES = [(seq, kind) for seq in sc.EulerSeq for kind in sc.EulerKind]


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("seq,kind", EULER_CASES,
                         ids=[f"{s.name}-{k.name.lower()}" for s, k in EULER_CASES])
@prop(12)
@given(batch=batch_shapes, data=st.data())
def test_euler_round_trip(seq, kind, dtype, batch, data):
    (angles,) = cast(dtype, data.draw(euler_angles(batch, seq)))
    # near gimbal lock by 0.1 rad, an error grows by about 1 / sin(0.1) = 10
    ulps = 64
    with warnings.catch_warnings():
        warnings.simplefilter("error", sc.StatusWarning)
        q = sc.quat_wxyz_from_euler(angles, seq, kind)
        back = sc.euler_from_quat_wxyz(q, seq, kind)
        R = sc.mat_from_euler(angles, seq, kind)
        back_m = sc.euler_from_mat(R, seq, kind)
    assert_dtype(dtype, q, back, R, back_m)
    assert_close(back, angles, dtype, scale=4, ulps=ulps, what="euler -> quat -> euler")
    assert_close(back_m, angles, dtype, scale=4, ulps=ulps, what="euler -> mat -> euler")
    assert_close(R, sc.mat_from_quat_wxyz(q), dtype, ulps=32, what="mat_from_euler")
    # and the other way: any rotation away from lock survives quat -> euler -> quat
    assert_same_rotation(sc.quat_wxyz_from_euler(back, seq, kind), q, dtype, ulps=64)


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@prop(40)
@given(batch=batch_shapes, data=st.data())
def test_urdf_rpy_round_trip(dtype, batch, data):
    (rpy,) = cast(dtype, data.draw(euler_angles(batch, sc.EULER_XYZ)))
    with warnings.catch_warnings():
        warnings.simplefilter("error", sc.StatusWarning)
        q = sc.quat_wxyz_from_urdf_rpy(rpy)
        back = sc.urdf_rpy_from_quat_wxyz(q)
    assert_dtype(dtype, q, back)
    assert_close(back, rpy, dtype, scale=4, ulps=256, what="rpy -> quat -> rpy")
    # URDF rpy is extrinsic xyz: R = Rz(yaw) Ry(pitch) Rx(roll)
    assert_same_rotation(q, sc.quat_wxyz_from_euler(rpy, sc.EULER_XYZ, sc.EULER_EXTRINSIC),
                         dtype)


def _free_joint_case(data, batch, dtype):
    return cast(dtype, data.draw(reals(batch + (6,), 10.0)), data.draw(quats(batch)),
                data.draw(reals(batch + (3,), 2.0)))


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@prop(40)
@given(batch=batch_shapes, data=st.data())
def test_mujoco_qvel_round_trip(dtype, batch, data):
    t, q, ipos = _free_joint_case(data, batch, dtype)
    scale = mag(t) * mag(ipos)
    qvel = sc.mujoco_qvel_from_twist(t, q, ipos)
    back = sc.twist_from_mujoco_qvel(qvel, q, ipos)
    assert_dtype(dtype, qvel, back)
    assert_close(back, t, dtype, scale=scale, what="twist -> qvel -> twist")
    assert_close(sc.mujoco_qvel_from_twist(sc.twist_from_mujoco_qvel(t, q, ipos), q, ipos), t,
                 dtype, scale=scale, what="qvel -> twist -> qvel")
    # the free joint is the preset pair mujoco_free -> newton ([v_C; w], world)
    body = sc.Body(np.zeros(3, dtype), q, ipos)
    assert_close(sc.twist_convert(sc.PRESET_NEWTON, qvel, sc.PRESET_MUJOCO_FREE, body), back,
                 dtype, scale=scale, what="twist_convert(newton <- mujoco_free)")


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@prop(40)
@given(batch=batch_shapes, data=st.data())
def test_mujoco_qfrc_round_trip(dtype, batch, data):
    w, q, ipos = _free_joint_case(data, batch, dtype)
    scale = mag(w) * mag(ipos)
    qfrc = sc.mujoco_qfrc_from_wrench(w, q, ipos)
    back = sc.wrench_from_mujoco_qfrc(qfrc, q, ipos)
    assert_dtype(dtype, qfrc, back)
    assert_close(back, w, dtype, scale=scale, what="wrench -> qfrc -> wrench")
    assert_close(sc.mujoco_qfrc_from_wrench(sc.wrench_from_mujoco_qfrc(w, q, ipos), q, ipos), w,
                 dtype, scale=scale, what="qfrc -> wrench -> qfrc")
    body = sc.Body(np.zeros(3, dtype), q, ipos)
    assert_close(sc.wrench_convert(sc.PRESET_NEWTON, qfrc, sc.PRESET_MUJOCO_FREE, body), back,
                 dtype, scale=scale, what="wrench_convert(newton <- mujoco_free)")


def _body_case(data, batch, dtype):
    """A twist, a wrench and a body (non-unit quaternions) of one batch."""
    return cast(dtype, data.draw(reals(batch + (6,), 10.0)), data.draw(reals(batch + (6,), 10.0)),
                data.draw(reals(batch + (3,), 10.0)), data.draw(quats(batch)),
                data.draw(reals(batch + (3,), 2.0)), data.draw(quats(batch)))


def degrees_factor(*pids):
    """180 / pi when a preset among pids has angular velocities in degrees
    (their values are that much larger), else 1."""
    return 180 / math.pi if any(convention_of(p).angle_unit == sc.ANGLE_DEGREES
                                for p in pids) else 1.0


# the every-pair tests loop over the 29 x 29 pairs in each example, over a
# batch of at least 4 bodies
pair_batches = batch_shapes.map(lambda b: (4,) + b)
PAIRS = [(f, t) for f in PRESETS for t in PRESETS]


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@prop(12)
@given(batch=pair_batches, data=st.data())
def test_twist_and_wrench_convert_round_trip_every_pair(dtype, batch, data):
    t, w, pos, q, com, iq = _body_case(data, batch, dtype)
    body = sc.Body(pos, q, com, iq)
    base = mag(t, w) * mag(pos, com)
    for from_, to in PAIRS:
        scale = base * degrees_factor(from_, to)
        t_to = sc.twist_convert(to, t, from_, body)
        w_to = sc.wrench_convert(to, w, from_, body)
        assert_dtype(dtype, t_to, w_to)
        assert t_to.shape == w_to.shape == batch + (6,)
        assert_close(sc.twist_convert(from_, t_to, to, body), t, dtype, scale=scale,
                     ulps=32, what=f"twist {from_.name} -> {to.name} -> back")
        assert_close(sc.wrench_convert(from_, w_to, to, body), w, dtype, scale=scale,
                     ulps=32, what=f"wrench {from_.name} -> {to.name} -> back")


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@prop(12)
@given(batch=pair_batches, data=st.data())
def test_state_convert_round_trip_every_pair(dtype, batch, data):
    t, _, p, q, com, iq = _body_case(data, batch, dtype)
    base, p_scale = mag(t) * mag(p, com), mag(p, com)
    for from_, to in PAIRS:
        layout = state_convention_of(from_).pose.layout
        pose = np.concatenate([p, q] if layout == sc.POSE_LAYOUT_POS_QUAT else [q, p], axis=-1)
        qs = slice(3, 7) if layout == sc.POSE_LAYOUT_POS_QUAT else slice(0, 4)
        ps = slice(0, 3) if layout == sc.POSE_LAYOUT_POS_QUAT else slice(4, 7)
        scale = base * degrees_factor(from_, to)
        pose_to, twist_to = sc.state_convert(to, pose, t, from_, com, iq)
        assert_dtype(dtype, pose_to, twist_to)
        assert pose_to.shape == batch + (7,) and twist_to.shape == batch + (6,)
        pose_back, twist_back = sc.state_convert(from_, pose_to, twist_to, to, com, iq)
        what = f"state {from_.name} -> {to.name} -> back"
        assert_close(pose_back[..., ps], p, dtype, scale=p_scale, ulps=32, what=what + " (p)")
        assert_same_rotation(pose_back[..., qs], q, dtype, ulps=32, what=what + " (q)")
        assert_close(twist_back, t, dtype, scale=scale, ulps=32, what=what + " (twist)")


SAP_PAIRS = [
    (sc.sap_twist_from_public, sc.public_twist_from_sap),
    (sc.sap_wrench_from_public, sc.public_wrench_from_sap),
    (sc.sap_body_force_from_public, sc.public_body_force_from_sap),
]


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("there,back", SAP_PAIRS, ids=[f.__name__ for f, _ in SAP_PAIRS])
@prop(30)
@given(batch=batch_shapes, data=st.data())
def test_sap_round_trip(there, back, dtype, batch, data):
    x, r = cast(dtype, data.draw(reals(batch + (6,), 10.0)), data.draw(reals(batch + (3,), 5.0)))
    y = there(x, r)
    assert_dtype(dtype, y)
    assert_close(back(y, r), x, dtype, scale=mag(x) * mag(r), what=f"{there.__name__} and back")
    assert_close(there(back(x, r), r), x, dtype, scale=mag(x) * mag(r), what="back and there")


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("shift", [sc.twist_shift, sc.wrench_shift], ids=["twist", "wrench"])
@prop(40)
@given(batch=batch_shapes, data=st.data())
def test_shift_by_r_then_minus_r(shift, dtype, batch, data):
    x, r = cast(dtype, data.draw(reals(batch + (6,), 10.0)), data.draw(reals(batch + (3,), 10.0)))
    y = shift(x, r)
    assert_dtype(dtype, y)
    assert_close(shift(y, -r), x, dtype, scale=mag(x) * mag(r), what="shift by r, then -r")
    # the angular part of a twist and the force of a wrench do not move
    keep = slice(3, 6) if shift is sc.twist_shift else slice(0, 3)
    np.testing.assert_array_equal(y[..., keep], x[..., keep])


# ------------------------------------------------------------ power invariance
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@prop(12)
@given(batch=pair_batches, data=st.data())
def test_power_invariant_under_convert_every_pair(dtype, batch, data):
    t, w, pos, q, com, iq = _body_case(data, batch, dtype)
    body = sc.Body(pos, q, com, iq)
    scale = mag(t) * mag(w) * mag(pos, com) ** 2
    for from_, to in PAIRS:
        p_from = convention_power(convention_of(from_), w, t)
        t_to = sc.twist_convert(to, t, from_, body)
        w_to = sc.wrench_convert(to, w, from_, body)
        p_to = convention_power(convention_of(to), w_to, t_to)
        assert_close(p_to, p_from, dtype, scale=scale, ulps=64,
                     what=f"power {from_.name} -> {to.name}")
        if convention_of(to).angle_unit == sc.ANGLE_RADIANS:
            # sc.power is f.v + tau.w: the power itself for a radian convention
            assert_close(sc.power(w_to, t_to), p_from, dtype, scale=scale, ulps=64,
                         what=f"sc.power under {to.name}")


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@prop(40)
@given(batch=batch_shapes, data=st.data())
def test_power_invariant_mujoco_and_sap(dtype, batch, data):
    t, w, _, q, ipos, _ = _body_case(data, batch, dtype)
    p = sc.power(w, t)
    assert_dtype(dtype, p)
    assert np.shape(p) == batch
    scale = mag(t) * mag(w) * mag(ipos) ** 2
    qvel = sc.mujoco_qvel_from_twist(t, q, ipos)
    qfrc = sc.mujoco_qfrc_from_wrench(w, q, ipos)
    assert_close(sc.power(qfrc, qvel), p, dtype, scale=scale, what="power(qfrc, qvel)")
    # and from the engine side: the COM pair of a random qvel / qfrc pair
    assert_close(sc.power(sc.wrench_from_mujoco_qfrc(w, q, ipos),
                          sc.twist_from_mujoco_qvel(t, q, ipos)), p, dtype, scale=scale,
                 what="power(wrench_from_mujoco_qfrc, twist_from_mujoco_qvel)")
    # SAP: [w; v_O] and [tau_O; f] are power-conjugate too
    r = ipos
    assert_close(sc.power(sc.sap_wrench_from_public(w, r), sc.sap_twist_from_public(t, r)), p,
                 dtype, scale=scale, what="power at the SAP boundary")


def test_power_check_catches_a_wrong_conjugate():
    """The power check above is not vacuous: a twist converted to MuJoCo's
    free joint meets a wrench left at the COM and the power changes."""
    rng = np.random.default_rng(1)
    t, w, ipos = rng.normal(size=6), rng.normal(size=6), rng.normal(size=3)
    q = rng.normal(size=4)
    wrong = sc.power(w, sc.mujoco_qvel_from_twist(t, q, ipos))
    assert abs(wrong - sc.power(w, t)) > 1e-3


# ------------------------------------------------------------ float32 vs float64
def _case_rotate(d, b):
    return (d.draw(quats(b)), d.draw(reals(b + (3,), 10.0))), sc.quat_rotate_wxyz


def _case_mat(d, b):
    return (d.draw(quats(b)),), sc.mat_from_quat_wxyz


def _case_mul(d, b):
    return (d.draw(quats(b)), d.draw(quats(b))), sc.quat_mul_wxyz


def _case_rotvec(d, b):
    return (d.draw(reals(b + (3,), 1.7)),), lambda rv: sc.rotvec_from_quat_wxyz(
        sc.quat_wxyz_from_rotvec(rv))


def _case_euler(d, b):
    return (d.draw(euler_angles(b, sc.EULER_ZYX)),), lambda a: sc.quat_wxyz_from_euler(
        a, sc.EULER_ZYX, sc.EULER_INTRINSIC)


def _case_qvel(d, b):
    return (d.draw(reals(b + (6,), 10.0)), d.draw(quats(b)), d.draw(reals(b + (3,), 2.0))), \
        sc.twist_from_mujoco_qvel


def _case_qfrc(d, b):
    return (d.draw(reals(b + (6,), 10.0)), d.draw(quats(b)), d.draw(reals(b + (3,), 2.0))), \
        sc.mujoco_qfrc_from_wrench


def _case_twist_convert(d, b):
    to, from_ = d.draw(st.sampled_from(PRESETS)), d.draw(st.sampled_from(PRESETS))
    return (d.draw(reals(b + (6,), 10.0)), d.draw(reals(b + (3,), 10.0)), d.draw(quats(b)),
            d.draw(reals(b + (3,), 2.0))), \
        lambda t, p, q, c: sc.twist_convert(to, t, from_, sc.Body(p, q, c))


def _case_wrench_convert(d, b):
    to, from_ = d.draw(st.sampled_from(PRESETS)), d.draw(st.sampled_from(PRESETS))
    return (d.draw(reals(b + (6,), 10.0)), d.draw(reals(b + (3,), 10.0)), d.draw(quats(b)),
            d.draw(reals(b + (3,), 2.0))), \
        lambda w, p, q, c: sc.wrench_convert(to, w, from_, sc.Body(p, q, c))


def _case_state_convert(d, b):
    to, from_ = d.draw(st.sampled_from(PRESETS)), d.draw(st.sampled_from(PRESETS))
    return (d.draw(reals(b + (7,), 1.0).map(lambda x: np.concatenate(
        [x[..., :3] * 10, _away_from_zero(x[..., 3:])], axis=-1))) if
            state_convention_of(from_).pose.layout == sc.POSE_LAYOUT_POS_QUAT else
            d.draw(reals(b + (7,), 1.0).map(lambda x: np.concatenate(
                [_away_from_zero(x[..., :4]), x[..., 4:] * 10], axis=-1))),
            d.draw(reals(b + (6,), 10.0)), d.draw(reals(b + (3,), 2.0)), d.draw(quats(b))), \
        lambda pose, t, c, iq: np.concatenate(sc.state_convert(to, pose, t, from_, c, iq), axis=-1)


def _case_power(d, b):
    return (d.draw(reals(b + (6,), 10.0)), d.draw(reals(b + (6,), 10.0))), sc.power


def _case_shift(d, b):
    return (d.draw(reals(b + (6,), 10.0)), d.draw(reals(b + (3,), 10.0))), sc.twist_shift


def _case_sap(d, b):
    return (d.draw(reals(b + (6,), 10.0)), d.draw(reals(b + (3,), 5.0))), sc.sap_wrench_from_public


def _case_slerp(d, b):
    return (d.draw(quats(b)), d.draw(quats(b)), d.draw(reals(b, 0.0, 1.0))), sc.quat_slerp_wxyz


F32_CASES = [_case_rotate, _case_mat, _case_mul, _case_rotvec, _case_euler, _case_qvel,
             _case_qfrc, _case_twist_convert, _case_wrench_convert, _case_state_convert,
             _case_power, _case_shift, _case_sap, _case_slerp]


@pytest.mark.parametrize("case", F32_CASES, ids=[c.__name__[6:] for c in F32_CASES])
@prop(20)
@given(batch=batch_shapes, data=st.data())
def test_float32_close_to_float64(case, batch, data):
    inputs, f = case(data, batch)
    x32 = cast(F32, *inputs)
    x64 = cast(F64, *x32)  # the same numbers: only the arithmetic differs
    r32, r64 = f(*x32), f(*x64)
    assert_dtype(F32, r32)
    assert_dtype(F64, r64)
    # results are sums of products of inputs (magnitudes up to 10): 32 float32
    # ulps of the largest such product (4e-4 absolute for inputs of 10)
    scale = mag(*x64) ** 2
    assert_close(r32, r64, F32, scale=scale, ulps=32, what=case.__name__)


# ------------------------------------------------------------ quaternion scale
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@prop(40)
@given(batch=batch_shapes, data=st.data())
def test_quat_scale_invariance(dtype, batch, data):
    c = data.draw(scales(dtype))
    q, b, v, t, w, pos, com, iq = cast(
        dtype, data.draw(quats(batch)), data.draw(quats(batch)), data.draw(reals(batch + (3,), 10.0)),
        data.draw(reals(batch + (6,), 10.0)), data.draw(reals(batch + (6,), 10.0)),
        data.draw(reals(batch + (3,), 10.0)), data.draw(reals(batch + (3,), 2.0)),
        data.draw(quats(batch)))
    cq = (q.astype(np.float64) * c).astype(dtype)
    s = mag(v, t, w) * mag(pos, com)
    b_near = (unit(q) + 0.5 * unit(b)).astype(dtype)

    def same(f, *args, ulps=64, scale=s):
        a, e = f(cq, *args), f(q, *args)
        assert_dtype(dtype, a)
        assert_close(a, e, dtype, scale=scale, ulps=ulps, what=f"{f.__name__}, c = {c:g}")

    same(sc.quat_rotate_wxyz, v)
    same(lambda x: sc.quat_rotate_xyzw(sc.quat_xyzw_from_wxyz(x), v))
    same(sc.mat_from_quat_wxyz, scale=1)
    same(sc.quat_angle_wxyz, b, scale=4)
    same(lambda x: sc.twist_from_mujoco_qvel(t, x, com))
    same(lambda x: sc.mujoco_qvel_from_twist(t, x, com))
    same(lambda x: sc.mujoco_qfrc_from_wrench(w, x, com))
    same(lambda x: sc.wrench_from_mujoco_qfrc(w, x, com))
    for to, from_ in [(sc.PRESET_NEWTON, sc.PRESET_MUJOCO_FREE), (sc.PRESET_DART_BODY,
                      sc.PRESET_PINOCCHIO_WORLD), ("ros_odom", "featherstone")]:
        same(lambda x: sc.twist_convert(to, t, from_, sc.Body(pos, x, com, iq)))
        same(lambda x: sc.wrench_convert(to, w, from_, sc.Body(pos, x, com, iq)))
        # the inertial frame's quaternion too
        same(lambda x: sc.twist_convert(to, t, from_, sc.Body(pos, q, com, x)))
    # results that are rotations: the same rotation (sign and representation
    # of ties, such as the axis of a half turn, are free)
    for f in [lambda x: sc.quat_wxyz_from_mat(sc.mat_from_quat_wxyz(x)),
              lambda x: sc.quat_wxyz_from_rotvec(sc.rotvec_from_quat_wxyz(x)),
              lambda x: sc.quat_wxyz_from_axis_angle(*sc.axis_angle_from_quat_wxyz(x)),
              lambda x: sc.quat_wxyz_from_urdf_rpy(sc.urdf_rpy_from_quat_wxyz(x)),
              lambda x: sc.quat_wxyz_from_euler(sc.euler_from_quat_wxyz(x, sc.EULER_ZXZ,
                                                                        sc.EULER_INTRINSIC),
                                                sc.EULER_ZXZ, sc.EULER_INTRINSIC),
              lambda x: sc.quat_mul_wxyz(x, b),
              lambda x: sc.quat_mul_wxyz(b, x),
              lambda x: sc.quat_inv_wxyz(x),
              lambda x: sc.quat_normalize_wxyz(x),
              # b_near is within 60 degrees of q, so that the shortest arc
              # is the same from q and from -q (no tie)
              lambda x: sc.quat_slerp_wxyz(x, b_near, 0.3),
              lambda x: sc.quat_integrate_body_wxyz(x, v, 0.01)]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", sc.StatusWarning)  # lock is no concern here
            assert_same_rotation(f(cq), f(q), dtype, ulps=256 if dtype == F32 else 64,
                                 what=f"rotation result, c = {c:g}")
    # the pose of a state: the same rotation, the same position
    pose = np.concatenate([pos, q], axis=-1)
    cpose = np.concatenate([pos, cq], axis=-1)
    for to in (sc.PRESET_ISAACLAB, sc.PRESET_DRAKE):
        (p1, t1), (p2, t2) = (sc.state_convert(to, x, t, sc.PRESET_MUJOCO_FREE, com, iq)
                              for x in (cpose, pose))
        assert_close(np.concatenate([p1[..., :3], t1], -1) if to == sc.PRESET_ISAACLAB else
                     np.concatenate([p1[..., 4:], t1], -1),
                     np.concatenate([p2[..., :3], t2], -1) if to == sc.PRESET_ISAACLAB else
                     np.concatenate([p2[..., 4:], t2], -1), dtype, scale=s, what="state_convert")
        qs = slice(3, 7) if to == sc.PRESET_ISAACLAB else slice(0, 4)
        assert_same_rotation(p1[..., qs], p2[..., qs], dtype, what="state_convert pose")
