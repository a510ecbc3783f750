"""Poses and 6-vectors as pairs of arrays: (position, quaternion) for a
pose, the two halves of a twist, wrench or acceleration in the function's
own order. Every element function that takes or returns one (walked from
the plans, with the valid calls of test_every_function) gives bit for bit
what the packed call gives; out= pairs are written in place; parts may be
strided views of an engine's (N, 13) state array, read and written without
copies; bad pairs raise spatial_conv.Error naming the part."""
import inspect

import numpy as np
import pytest

import spatial_conv as sc
from spatial_conv import _api, _plan

import test_every_function as every

PLANS = _plan.element_plans(_api.HEADER)
SPLIT = {name: p for name, p in PLANS.items() if _plan.split_plan(p) is not None}


def first_valid_calls():
    """name -> (function, bound arguments with arrays as float64) of the
    first valid call of every element function with a pose or 6-vector
    argument."""
    out = {}
    for c in every.VALID:
        f = getattr(sc, c.name)
        impl = getattr(f, "_impl", None)
        if impl is None or impl.name not in SPLIT or impl.name in out:
            continue
        bound = inspect.signature(f).bind(*c.args, **c.kwargs)
        for a in PLANS[impl.name].inputs:
            v = bound.arguments.get(a.py_name)
            if a.role == _plan.IN and v is not None:
                bound.arguments[a.py_name] = np.asarray(v, float)
        out[impl.name] = (f, bound)
    return out


CALLS = first_valid_calls()


def split_inputs(name):
    return [a for a in PLANS[name].inputs if _plan.splittable(a)]


def split_outputs(name):
    return [a for a in PLANS[name].outputs if _plan.splittable(a)]


def pair(x, size):
    """The pair of packed array x of size reals: views, no copies."""
    cut = _plan.PARTS[size][0]
    return (x[..., :cut], x[..., cut:])


def results(name, r):
    """The results of a call of name as a list (a pair is one result)."""
    plan = PLANS[name]
    return [r] if len(plan.outputs) + plan.returns_real == 1 else list(r)


def same_bits(a, b):
    a, b = np.asarray(a), np.asarray(b)
    assert a.dtype == b.dtype and a.shape == b.shape, (a.dtype, a.shape, b.dtype, b.shape)
    assert a.tobytes() == b.tobytes(), (a, b)


def check_results(name, packed, got):
    """got (a call with a pair input) equals packed: each pose or 6-vector
    result a pair whose parts are the packed result cut in two."""
    outs = PLANS[name].outputs
    packed, got = results(name, packed), results(name, got)
    assert len(got) == len(packed)
    for k, (p, g) in enumerate(zip(packed, got)):
        if k < len(outs) and _plan.splittable(outs[k]):
            assert isinstance(g, tuple) and len(g) == 2, f"{name}: result {k} is not a pair"
            same_bits(np.concatenate([np.asarray(g[0]), np.asarray(g[1])], axis=-1), p)
        elif isinstance(p, sc.Body):
            for pf, gf in zip(p, g):
                same_bits(gf, pf)
        else:
            same_bits(g, p)


def test_every_function_with_a_pose_or_6_vector_has_a_valid_call():
    assert sorted(CALLS) == sorted(SPLIT)
    assert "state_convert" in SPLIT and "twist_from_mujoco_cvel" in SPLIT and "pose_convert" in SPLIT


CALLERS_IN = sorted(n for n in SPLIT if split_inputs(n))
CALLERS_OUT = sorted(n for n in SPLIT if split_outputs(n) and "out" in inspect.signature(CALLS[n][0]).parameters)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("name", CALLERS_IN)
def test_pairs_give_the_packed_results(name, dtype):
    f, bound = CALLS[name]
    args = {k: (v.astype(dtype) if isinstance(v, np.ndarray) else v) for k, v in bound.arguments.items()}
    packed = f(**args)
    pairs = dict(args)
    for a in split_inputs(name):
        pairs[a.py_name] = pair(args[a.py_name], a.size)
    check_results(name, packed, f(**pairs))
    for a in split_inputs(name):  # one pair beside packed arrays
        mixed = dict(args, **{a.py_name: pairs[a.py_name]})
        check_results(name, packed, f(**mixed))


@pytest.mark.parametrize("name", CALLERS_OUT)
def test_out_pairs_are_written_in_place(name):
    f, bound = CALLS[name]
    packed = results(name, f(**bound.arguments))
    outs, expect = [], []
    for a, p in zip(PLANS[name].outputs, packed):
        if _plan.splittable(a):
            parts = _plan.PARTS[a.size]
            outs.append((np.full(p.shape[:-1] + (parts[0],), 7.0), np.full(p.shape[:-1] + (parts[1],), 7.0)))
        else:
            outs.append(np.full(p.shape, 7.0))
        expect.append(p)
    out = outs[0] if len(outs) == 1 else tuple(outs)
    got = f(**bound.arguments, out=out)
    for given, returned, p, a in zip(outs, results(name, got), expect, PLANS[name].outputs):
        if _plan.splittable(a):
            assert returned[0] is given[0] and returned[1] is given[1]
            same_bits(np.concatenate(given, axis=-1), p)
        else:
            assert returned is given
            same_bits(given, p)


def genesis_state(n, seed=1):
    rng = np.random.default_rng(seed)
    state = rng.normal(size=(n, 13))
    state[:, 3:7] /= np.linalg.norm(state[:, 3:7], axis=1, keepdims=True)
    return state


def test_strided_parts_of_an_engine_array_are_read_and_written_where_they_lie(monkeypatch):
    """Genesis-style (N, 13) rows [pos, quat_wxyz, lin_vel, ang_vel]: the
    parts are column views; the loop gets their addresses and row strides."""
    state, res = genesis_state(50), np.zeros((50, 13))
    com, iquat = np.array([0.1, -0.2, 0.3]), np.array([0.9, 0.1, -0.2, 0.3])
    copied = []
    flat = _api._flat

    def spy(a, *rest):
        v, ptr, stride = flat(a, *rest)
        if a.size and not np.shares_memory(v, a):
            copied.append(a.shape)
        return v, ptr, stride
    monkeypatch.setattr(_api, "_flat", spy)
    pose, twist = (state[:, 0:3], state[:, 3:7]), (state[:, 7:10], state[:, 10:13])
    out = ((res[:, 0:3], res[:, 3:7]), (res[:, 7:10], res[:, 10:13]))
    got = sc.state_convert("isaaclab", pose, twist, "genesis", com, iquat, out=out)
    assert copied == []
    assert got[0][0] is out[0][0] and got[1][1] is out[1][1]
    ref_pose, ref_twist = sc.state_convert("isaaclab", state[:, :7].copy(), state[:, 7:].copy(),
                                           "genesis", com, iquat)
    same_bits(res[:, :7], ref_pose)
    same_bits(res[:, 7:], ref_twist)


def test_in_place_on_the_same_pair():
    state = genesis_state(20)
    before = state.copy()
    pose = (state[:, 0:3], state[:, 3:7])
    got = sc.pose_change_length_unit(pose, 0.5, out=pose)
    assert got[0] is pose[0]
    same_bits(state[:, :7], sc.pose_change_length_unit(before[:, :7], 0.5))
    same_bits(state[:, 7:], before[:, 7:])


def test_pairs_broadcast_as_the_other_arguments():
    pos = np.arange(12.0).reshape(4, 3)
    quat = np.array([0.5, 0.5, 0.5, 0.5])  # one quaternion for all four positions
    got = sc.pose_inv_wxyz((pos, quat))
    packed = sc.pose_inv_wxyz(np.concatenate([pos, np.broadcast_to(quat, (4, 4))], axis=1))
    same_bits(np.concatenate(got, axis=-1), packed)
    assert got[0].shape == (4, 3) and got[1].shape == (4, 4)


def test_single_element_pairs_and_lists():
    got = sc.pose_inv_wxyz(([1.0, 2.0, 3.0], [1.0, 0.0, 0.0, 0.0]))
    same_bits(np.concatenate(got), sc.pose_inv_wxyz([1.0, 2.0, 3.0, 1.0, 0.0, 0.0, 0.0]))
    assert got[0].shape == (3,) and got[1].shape == (4,)


def test_a_packed_out_beside_pair_inputs_stays_packed():
    state, res = genesis_state(5), np.empty((5, 7))
    got = sc.pose_inv_wxyz((state[:, :3], state[:, 3:7]), out=res)
    assert got is res
    same_bits(res, sc.pose_inv_wxyz(state[:, :7]))


def test_a_float32_pair_keeps_float32():
    state = genesis_state(4).astype(np.float32)
    got = sc.twist_shift((state[:, 7:10], state[:, 10:13]), np.float32([0.1, 0.2, 0.3]))
    assert got[0].dtype == np.float32 and got[1].dtype == np.float32
    same_bits(np.concatenate(got, axis=-1), sc.twist_shift(state[:, 7:13], np.float32([0.1, 0.2, 0.3])))


def test_torch_pairs():
    torch = pytest.importorskip("torch")
    state = torch.from_numpy(genesis_state(6))
    pos, quat, vel, ang = state[:, 0:3], state[:, 3:7], state[:, 7:10], state[:, 10:13]
    com, iquat = torch.tensor([0.1, 0.0, 0.2], dtype=torch.float64), torch.tensor([1.0, 0, 0, 0], dtype=torch.float64)
    got_pose, got_twist = sc.state_convert("isaaclab", (pos, quat), (vel, ang), "genesis", com, iquat)
    assert all(isinstance(t, torch.Tensor) for t in (*got_pose, *got_twist))
    ref_pose, ref_twist = sc.state_convert("isaaclab", state[:, :7].clone(), state[:, 7:].clone(), "genesis", com, iquat)
    same_bits(torch.cat(got_pose, -1).numpy(), ref_pose.numpy())
    same_bits(torch.cat(got_twist, -1).numpy(), ref_twist.numpy())
    out = (torch.empty(6, 3, dtype=torch.float64), torch.empty(6, 4, dtype=torch.float64))
    ptrs = (out[0].data_ptr(), out[1].data_ptr())
    got = sc.pose_convert("isaaclab", (pos, quat), "genesis", com, iquat, out=out)
    assert got[0] is out[0] and (out[0].data_ptr(), out[1].data_ptr()) == ptrs
    same_bits(torch.cat(out, -1).numpy(),
              sc.pose_convert("isaaclab", state[:, :7].clone(), "genesis", com, iquat).numpy())


def test_every_argument_of_6_or_7_reals_splits_as_the_docs_say():
    """docs/python.md, "Split arrays": every argument of 7 reals and every
    one of 6 (not NULL-able) takes a pair, rot6d's two vectors and MuJoCo's
    fromto's two points included, each cut after its first three reals."""
    sized = {(n, a.py_name) for n, p in PLANS.items() for a in p.args
             if a.role in (_plan.IN, _plan.OUT) and a.size in (6, 7) and not a.nullable}
    assert sized == {(n, a.py_name) for n, p in PLANS.items() for a in p.args if _plan.splittable(a)}
    assert {("mat_from_rot6d", "d6"), ("rot6d_from_mat", "res"), ("pose_from_mujoco_fromto", "fromto")} <= sized
    R = sc.mat_from_rot6d(np.array([[1.0, 0, 0, 0, 1, 0], [0, 1, 0, -1, 0, 0]]), sc.ROT6D_ROWS)
    rows = (np.empty((2, 3)), np.empty((2, 3)))
    sc.rot6d_from_mat(R, sc.ROT6D_ROWS, out=rows)  # the first two rows of R
    np.testing.assert_array_equal(rows[0], R[:, 0])
    np.testing.assert_array_equal(rows[1], R[:, 1])
    np.testing.assert_array_equal(sc.mat_from_rot6d(rows, sc.ROT6D_ROWS), R)
    a, b = np.array([[0.0, 0, 0], [1, 0, 0]]), np.array([[0.0, 0, 2], [1, 0, 3]])
    for got, want in zip(sc.pose_from_mujoco_fromto((a, b)),
                         sc.pose_from_mujoco_fromto(np.concatenate([a, b], axis=1))):
        np.testing.assert_array_equal(got, want)


def test_angular_first_pairs_are_angular_then_linear():
    """MuJoCo's cvel is [w; v]: its pair is (w, v), the packed order cut in two."""
    rng = np.random.default_rng(3)
    cvel, point, sub = rng.normal(size=(5, 6)), rng.normal(size=(5, 3)), rng.normal(size=(5, 3))
    w, v = cvel[:, :3], cvel[:, 3:]
    got = sc.twist_from_mujoco_cvel((w, v), point, sub)
    same_bits(np.concatenate(got, axis=-1), sc.twist_from_mujoco_cvel(cvel, point, sub))


# ---------------------------------------------------------------- bad pairs
def refused(argument, f, *args, **kwargs):
    with pytest.raises(sc.Error) as e:
        f(*args, **kwargs)
    assert e.value.argument == argument, str(e.value)
    assert e.value.function == f.__name__, str(e.value)
    return str(e.value)


POS, QUAT = np.zeros((4, 3)), np.tile([1.0, 0.0, 0.0, 0.0], (4, 1))


def test_a_part_of_the_wrong_shape_is_named():
    refused("pose[1]", sc.pose_inv_wxyz, (POS, QUAT[:, :3]))
    refused("twist[1]", sc.twist_shift, (POS, QUAT), POS)
    refused("pose[1]", sc.pose_convert, "newton", (POS, QUAT[:3]), "genesis", POS, QUAT)  # (3,) beside (4,)


def test_a_tuple_of_three_arrays_is_refused():
    msg = refused("pose", sc.pose_inv_wxyz, (POS, QUAT, QUAT))
    assert "pair" in msg


def test_parts_of_two_dtypes_are_refused():
    refused("pose[1]", sc.pose_inv_wxyz, (POS, QUAT.astype(np.float32)))
    refused("twist[1]", sc.twist_shift, (POS.astype(np.float32), POS), POS)


def test_a_nonfinite_part_is_named():
    q = QUAT.copy()
    q[2, 1] = np.nan
    with pytest.raises(sc.Error) as e:
        sc.pose_inv_wxyz((POS, q))
    assert e.value.argument == "pose[1]" and e.value.index == (2,)
    with pytest.raises(sc.Error) as e:  # a packed pose beside a pair: named as given
        sc.twist_transform_wxyz(np.concatenate([POS, q], axis=1), (POS, POS), sc.ORDER_LINEAR_FIRST)
    assert e.value.argument == "pose"


def test_bad_out_pairs_are_refused():
    pose = (POS, QUAT)
    res = np.empty((4, 7))
    refused("out[1]", sc.pose_inv_wxyz, pose, out=(res[:, :3], res[:, 2:6]))  # overlapping parts
    refused("out[1]", sc.pose_inv_wxyz, pose, out=(np.empty((4, 3)), np.empty((4, 3))))
    refused("out", sc.pose_inv_wxyz, pose, out=(np.empty((4, 3)), np.empty((4, 4)), np.empty(4)))
    refused("out[0]", sc.pose_inv_wxyz, pose, out=(np.empty((4, 3))[:, ::-1], np.empty((4, 4))))
    ro = np.empty((4, 4))
    ro.flags.writeable = False
    refused("out[1]", sc.pose_inv_wxyz, pose, out=(np.empty((4, 3)), ro))
    refused("out[1]", sc.pose_inv_wxyz, pose, out=(np.empty((4, 3)), CudaLike((4, 4))))  # not a host array
    refused("out[1][1]", sc.state_convert, "newton", pose, (POS, POS), "newton", POS[0], QUAT[0],
            out=((np.empty((4, 3)), np.empty((4, 4))), (np.empty((4, 3)), CudaLike((4, 3)))))
    state = np.empty((4, 13))
    refused("out[1][1]", sc.state_convert, "newton", pose, (POS, POS), "newton", POS[0], QUAT[0],
            out=((state[:, :3], state[:, 3:7]), (state[:, 7:10], state[:, 8:11])))
    rows = genesis_state(4)
    refused("out[0]", sc.pose_inv_wxyz, (rows[:, :3], rows[:, 3:7]), out=(rows[:, 1:4], np.empty((4, 4))))


class CudaLike:
    """An object that says it is a CUDA array (nothing is launched)."""

    def __init__(self, shape):
        self.shape = shape
        self.__cuda_array_interface__ = {"shape": shape, "typestr": "<f8", "data": (0, False),
                                         "version": 3}


def test_a_host_part_beside_a_cuda_part_is_refused():
    """A pair with a CUDA part runs on the GPU (test_cuda_split_emulated.py),
    where every part is a CUDA array: refused before CUDA is loaded."""
    msg = refused("pose[1]", sc.pose_inv_wxyz, (CudaLike((4, 3)), QUAT))
    assert "not a CUDA array" in msg
