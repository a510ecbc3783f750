"""Poses and 6-vectors as pairs of CUDA arrays, on the emulated device of
test_cuda_emulated.py (its fixtures and helpers): every function with a
pose or 6-vector argument (walked as test_split_arrays.py walks them) runs
its split kernel on pairs and gives bit for bit the host's packed results,
in both precisions and both kernel variants; out= pairs are written in
place; the columns of one (N, 13) state array are parts of inputs and of
results at once; a pair joins a captured CUDA graph; bad pairs are refused
naming the part, before any launch."""
import numpy as np
import pytest

import spatial_conv as sc
from spatial_conv import _cuda, _plan

import cuda_cases
import emucuda
import test_split_arrays as host_split
from emucuda import EmuArray
from test_cuda_emulated import (assert_identical, assert_same_error, case_id, check_launch, counts,  # noqa: F401
                                device, emulated, run, same_error, sync_error, variant)

SPLIT = {p.function.name: p for p in _cuda.split_plans().values()}
PLANS = _cuda.cuda_plans()
N = 300  # elements per call: two blocks and a partial one


def test_every_function_with_a_pose_or_6_vector_on_the_gpu_is_walked():
    assert sorted(SPLIT) == sorted(n for n in host_split.SPLIT if n in PLANS)
    assert {"state_convert", "pose_convert", "twist_from_mujoco_cvel"} <= set(SPLIT)


def split_names(name, role):
    return [a.py_name for a in SPLIT[name].args if a.role == role]


def cut(x, size):
    """The pair of packed array x (NumPy or EmuArray): column views."""
    k = _plan.PARTS[size][0]
    return (x[..., :k], x[..., k:])


def as_pairs(name, results):
    """The host's packed results of name as a call with a pair input gives
    them: each pose or 6-vector result cut in two."""
    plan = PLANS[name]
    listed = host_split.results(name, results)
    out = [cut(r, a.size) if _plan.splittable(a) else r for r, a in zip(listed, plan.outputs)]
    out += listed[len(plan.outputs):]
    return out[0] if len(out) == 1 else tuple(out)


def host_values(name, seed, dtype):
    plan = PLANS[name]
    rng = np.random.default_rng([case_id(name), seed])
    return cuda_cases.valid_inputs(plan, cuda_cases.inputs_for(plan, rng, N, np.dtype(dtype)), rng)


def device_pairs(name, values, views):
    """values on the emulated device, every pose and 6-vector input as a
    pair: column views of one packed array (views), else two arrays."""
    dev = {}
    for k, v in values.items():
        if isinstance(v, np.ndarray) and k in split_names(name, _plan.SPLIT_IN):
            size = v.shape[-1]
            dev[k] = cut(EmuArray.from_numpy(v), size) if views else \
                tuple(EmuArray.from_numpy(np.ascontiguousarray(p)) for p in cut(v, size))
        elif isinstance(v, np.ndarray):
            dev[k] = EmuArray.from_numpy(v)
        elif isinstance(v, sc.Body):
            dev[k] = sc.Body(*(EmuArray.from_numpy(f) for f in v))
        else:
            dev[k] = v
    return dev


def agree(name, values, dev_values, emu, what):
    """The host's packed call and the device's call with pairs: the same
    error (status, index) or the same warnings and the same bits (each
    pose and 6-vector result a pair). The device's result, or None when
    both calls failed."""
    host, host_warnings = run(getattr(sc, name), **values)
    emu.reset()
    dev, dev_warnings = run(getattr(sc, name), **dev_values)
    check_launch(emu)
    if isinstance(host, sc.Error) or isinstance(dev, sc.Error):
        same_error(host, dev, what)
        return None
    assert host_warnings == dev_warnings, what
    assert_identical(as_pairs(name, host), dev, what)
    return dev


CALLERS_IN = sorted(n for n in SPLIT if split_names(n, _plan.SPLIT_IN))


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("name", CALLERS_IN)
def test_pairs_give_the_host_packed_results(name, dtype, variant, emulated):
    """Pairs as column views of one array (seed 1) and as two arrays
    (seed 2); and, for functions with several, one pair beside packed
    arrays (the results are pairs all the same)."""
    compared = 0
    for seed, views in ((1, True), (2, False)):
        values = host_values(name, seed, dtype)
        what = f"{name} {dtype} {variant} seed {seed}"
        compared += agree(name, values, device_pairs(name, values, views), emulated, what) is not None
    ins = split_names(name, _plan.SPLIT_IN)
    if len(ins) > 1:
        values = host_values(name, 3, dtype)
        mixed = emucuda.to_emu(values)
        mixed[ins[-1]] = cut(mixed[ins[-1]], values[ins[-1]].shape[-1])
        compared += agree(name, values, mixed, emulated, f"{name} {dtype} {variant}, one pair") is not None
    assert compared, f"{name}: every call failed, no result was compared"


CALLERS_OUT = sorted(n for n in SPLIT if split_names(n, _plan.SPLIT_OUT) and n in host_split.CALLERS_OUT)


def fresh_outs(name, dtype, n):
    """out= for name's results on the device, every pose and 6-vector
    result a pair of two arrays, filled with a sentinel."""
    outs = []
    for a in PLANS[name].outputs:
        if _plan.splittable(a):
            outs.append(tuple(EmuArray.from_numpy(np.full((n, k), 7.0, dtype)) for k in _plan.PARTS[a.size]))
        else:
            outs.append(EmuArray.from_numpy(np.full((n,) + _cuda._result_shape(a.size), 7.0, dtype)))
    return outs[0] if len(outs) == 1 else tuple(outs)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("name", CALLERS_OUT)
def test_out_pairs_are_written_in_place(name, dtype, variant, emulated):
    """Packed inputs (cut into two views for the split kernel) and out=
    pairs: the pairs are returned as given, holding the host's results."""
    for seed in (1, 2, 3):
        values = host_values(name, seed, dtype)
        out = fresh_outs(name, dtype, N)
        got = agree(name, values, dict(emucuda.to_emu(values), out=out), emulated, f"{name} {dtype} out=")
        if got is not None:
            break
    else:
        pytest.fail(f"{name}: every call failed, no result was compared")
    single = len(PLANS[name].outputs) == 1
    for given, returned in zip([out] if single else out, [got] if single else got):
        assert returned is given


def genesis_rows(n, dtype, seed=1):
    rng = np.random.default_rng(seed)
    rows = rng.normal(size=(n, 13))
    rows[:, 3:7] /= np.linalg.norm(rows[:, 3:7], axis=1, keepdims=True)
    return rows.astype(dtype)


def genesis_parts(rows):
    """(pose pair, twist pair) of (N, 13) rows [pos, quat_wxyz, lin_vel, ang_vel]."""
    return (rows[:, 0:3], rows[:, 3:7]), (rows[:, 7:10], rows[:, 10:13])


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_columns_of_one_state_array_in_and_out(dtype, variant, emulated):
    """Genesis-style (N, 13) rows: the pose and twist pairs are column views
    of one CUDA array, converted into another one's columns and in place in
    their own; a twist's columns shifted into the pose's columns of the same
    array (interleaved, not overlapping); each as the host does it."""
    n = 517
    com, iquat = np.array([0.1, -0.2, 0.3], dtype), np.array([0.9, 0.1, -0.2, 0.3], dtype)
    rows = genesis_rows(n, dtype)
    host_out = np.zeros((n, 13), dtype)
    sc.state_convert("isaaclab", *genesis_parts(rows), "genesis", com, iquat, out=genesis_parts(host_out))
    d_rows, d_out = EmuArray.from_numpy(rows), EmuArray.from_numpy(np.full((n, 13), 7.0, dtype))
    d_com, d_iquat = EmuArray.from_numpy(com), EmuArray.from_numpy(iquat)
    out = genesis_parts(d_out)
    got = sc.state_convert("isaaclab", *genesis_parts(d_rows), "genesis", d_com, d_iquat, out=out)
    check_launch(emulated)
    assert got[0] is out[0] and got[1] is out[1]
    assert_identical(host_out, d_out, "state_convert into the columns of another array")
    assert_identical(rows, d_rows, "the inputs are unchanged")
    emulated.reset()  # in place: the same columns in and out
    host_rows = rows.copy()
    sc.state_convert("isaaclab", *genesis_parts(host_rows), "genesis", com, iquat, out=genesis_parts(host_rows))
    parts = genesis_parts(d_rows)
    sc.state_convert("isaaclab", *parts, "genesis", d_com, d_iquat, out=parts)
    check_launch(emulated)
    assert_identical(host_rows, d_rows, "state_convert in place")
    emulated.reset()  # the twist's columns in, the pose's columns of the same rows out
    r = np.array([0.5, -1.0, 2.0], dtype)
    sc.twist_shift(genesis_parts(host_rows)[1], r, out=(host_rows[:, 0:3], host_rows[:, 3:6]))
    sc.twist_shift(genesis_parts(d_rows)[1], EmuArray.from_numpy(r), out=(d_rows[:, 0:3], d_rows[:, 3:6]))
    check_launch(emulated)
    assert_identical(host_rows, d_rows, "twist_shift from the twist columns into the pose columns")


def test_a_packed_array_through_the_split_kernel_in_place(variant, emulated):
    """A packed CUDA pose with an out= pair of its own columns: the input's
    two views and the out= pair are the same memory, element for element."""
    rows = genesis_rows(300, np.float64)
    host = rows.copy()
    sc.pose_change_length_unit((host[:, 0:3], host[:, 3:7]), 0.5, out=(host[:, 0:3], host[:, 3:7]))
    d = EmuArray.from_numpy(rows)
    got = sc.pose_change_length_unit(d[:, :7], EmuArray.from_numpy(np.array(0.5)), out=(d[:, 0:3], d[:, 3:7]))
    check_launch(emulated)
    assert got[0].a.base is not None and np.shares_memory(got[0].a, d.a)
    assert_identical(host, d, "pose_change_length_unit in place, packed in, pair out")


def test_a_pair_captured_and_replayed(variant, emulated):
    """In the asynchronous mode a call with pairs is one launch, no host
    synchronization; captured into a graph and replayed with new data, it
    gives the host's results; a failure of a replay (a non-finite
    quaternion part) is raised by cuda_check naming the part, as the
    synchronous call names it."""
    n, stream = 1024, 0x6B0
    rows = EmuArray.empty((n, 13), np.float64, stream=stream)
    out = EmuArray.empty((n, 13), np.float64, stream=stream)
    com = EmuArray.from_numpy(np.array([0.1, -0.2, 0.3]), stream=stream)

    def convert():
        return sc.state_convert("isaaclab", *genesis_parts(rows), "genesis", com, out=genesis_parts(out))
    rows[...] = genesis_rows(n, np.float64)
    with sc.cuda_async():
        convert()  # warm-up, outside capture
        emulated.reset()
        convert()
        assert counts(emulated) == {"syncs": 0, "dtoh": 0, "launches": 1, "memsets": 0,
                                    "event_records": 0, "event_waits": 0}
        with emulated.capture(stream) as graph:
            convert()
    assert emulated.graph_nodes(graph[0]) == {"memset": 0, "kernel": 1, "event_record": 0, "event_wait": 0}
    replay = emulated.instantiate(graph[0])
    for k in range(3):
        host_rows = genesis_rows(n, np.float64, seed=10 + k)
        rows[...] = host_rows
        emulated.replay(replay, stream)
        want = np.zeros((n, 13))
        sc.state_convert("isaaclab", *genesis_parts(host_rows), "genesis", com.cpu(), out=genesis_parts(want))
        assert_identical(want, out, f"replay {k}")
    assert sc.cuda_check() is None
    bad = genesis_rows(n, np.float64, seed=20)
    bad[600, 4] = np.nan
    want = sync_error(sc.state_convert, "isaaclab", *genesis_parts(EmuArray.from_numpy(bad)), "genesis",
                      com)
    assert want.argument == "pose[1]" and want.index == (600,)
    rows[...] = bad
    emulated.replay(replay, stream)
    with pytest.raises(sc.Error) as e:
        sc.cuda_check()
    assert_same_error(e.value, want)
    emulated.destroy(graph[0], replay)


# ---------------------------------------------------------------- bad pairs
refused = host_split.refused


def test_bad_pairs_are_refused_naming_the_part(variant, emulated, monkeypatch):
    pos = EmuArray.from_numpy(np.zeros((4, 3)))
    quat = EmuArray.from_numpy(np.tile([1.0, 0.0, 0.0, 0.0], (4, 1)))
    refused("pose[1]", sc.pose_inv_wxyz, (pos, EmuArray.from_numpy(np.ones((4, 4)), np.float32)))
    refused("pose[1]", sc.pose_inv_wxyz, (pos, EmuArray.from_numpy(np.ones((5, 4)))))  # batch shapes
    refused("pose[1]", sc.pose_inv_wxyz, (pos, quat[:, :3]))
    refused("pose[1]", sc.pose_inv_wxyz, (pos, np.ones((4, 4))))  # a host part beside a CUDA part
    assert "pair" in refused("pose", sc.pose_inv_wxyz, (pos, quat, quat))
    refused("pose", sc.pose_inv_wxyz, EmuArray.from_numpy(np.ones((4, 6))))
    refused("twist[1]", sc.twist_shift, (pos, quat), pos)
    refused("twist[0]", sc.twist_transform_wxyz, EmuArray.from_numpy(np.ones((4, 7))),
            (EmuArray.from_numpy(np.ones((4, 3)), np.float32), EmuArray.from_numpy(np.ones((4, 3)), np.float32)),
            sc.ORDER_LINEAR_FIRST)
    other = quat.__cuda_array_interface__["data"][0]  # on a second GPU
    driver = _cuda._RUNTIME.driver
    device_of = driver.device_of
    with monkeypatch.context() as m:
        m.setattr(driver, "device_of", lambda ptr, hint=None: 1 if ptr == other else device_of(ptr, hint))
        assert "another GPU" in refused("pose[1]", sc.pose_inv_wxyz, (pos, quat))
        assert "another GPU" in refused("out[1]", sc.pose_inv_wxyz, (pos, EmuArray.from_numpy(quat.cpu())),
                                        out=(EmuArray.empty((4, 3), np.float64), quat))
    check_launch(emulated, 0)


def test_bad_out_pairs_are_refused(variant, emulated):
    pose = (EmuArray.from_numpy(np.zeros((4, 3))), EmuArray.from_numpy(np.tile([1.0, 0.0, 0.0, 0.0], (4, 1))))
    res = EmuArray.from_numpy(np.zeros((4, 7)))
    assert "pair" in refused("out[1]", sc.pose_inv_wxyz, pose, out=(res[:, :3], res[:, 2:6]))  # parts overlap
    refused("out[1]", sc.pose_inv_wxyz, pose, out=(EmuArray.empty((4, 3), np.float64),
                                                    EmuArray.empty((4, 3), np.float64)))
    refused("out[1]", sc.pose_inv_wxyz, pose, out=(EmuArray.empty((4, 3), np.float64),
                                                    EmuArray.empty((4, 4), np.float32)))
    refused("out[0]", sc.pose_inv_wxyz, pose, out=(np.empty((4, 3)), EmuArray.empty((4, 4), np.float64)))
    refused("out", sc.pose_inv_wxyz, pose, out=(res[:, :3], res[:, 3:], res[:, :3]))
    row = EmuArray.from_numpy(np.zeros((1, 4)))
    refused("out[1]", sc.pose_inv_wxyz, pose, out=(EmuArray.empty((4, 3), np.float64), row.broadcast_to((4, 4))))
    state = EmuArray.from_numpy(np.zeros((4, 13)))
    refused("out[1][1]", sc.state_convert, "newton", pose, (pose[0], pose[0]), "newton", pose[0][0], pose[1][0],
            out=((state[:, :3], state[:, 3:7]), (state[:, 7:10], state[:, 8:11])))
    rows = EmuArray.from_numpy(genesis_rows(4, np.float64))
    assert "overlaps the input pose[0]" in refused(
        "out[0]", sc.pose_inv_wxyz, (rows[:, :3], rows[:, 3:7]), out=(rows[:, 1:4], EmuArray.empty((4, 4), np.float64)))
    check_launch(emulated, 0)


def test_results_whose_out_arrays_overlap_are_refused(variant, emulated):
    """Two results (or parts of pairs) written into memory they share would
    race in the kernel: refused naming the later out=, before any launch;
    the pose and twist columns of one (N, 13) array are written."""
    n = 40
    rows = genesis_rows(n, np.float64)
    args = ("isaaclab", *genesis_parts(EmuArray.from_numpy(rows)), "genesis",
            EmuArray.from_numpy(np.zeros(3)), EmuArray.from_numpy(np.array([1.0, 0, 0, 0])))
    buf = EmuArray.from_numpy(np.zeros((n, 13)))
    for name, out in (
            ("out[1]", (buf[:, 0:7], buf[:, 4:10])),  # the twist over the pose's quaternion
            ("out[1][0]", ((buf[:, 0:3], buf[:, 3:7]), (buf[:, 6:9], buf[:, 9:12]))),
            ("out[1]", ((buf[:, 0:3], buf[:, 3:7]), buf[:, 5:11])),
            ("out[1][1]", ((buf[:, 0:3], buf[:, 3:7]), (buf[:, 7:10], buf[:, 1:4])))):
        assert "overlaps out" in refused(name, sc.state_convert, *args, out=out)
    check_launch(emulated, 0)
    assert not buf.cpu().any()
    host = np.zeros((n, 13))
    sc.state_convert("isaaclab", *genesis_parts(rows), "genesis", np.zeros(3), np.array([1.0, 0, 0, 0]),
                     out=(host[:, 0:7], host[:, 7:13]))
    sc.state_convert(*args, out=(buf[:, 0:7], buf[:, 7:13]))
    assert_identical(host, buf, "pose and twist into the columns of one array")


def test_the_overlap_test_is_exact_for_equal_strides(variant, emulated):
    """out= columns beside an input's columns in the same rows are no
    overlap, whatever their order or row offset; a shared real is."""
    rows = EmuArray.from_numpy(genesis_rows(50, np.float64))
    host = rows.cpu()
    for src, dst in (((slice(None), slice(3, 7)), (slice(None), slice(9, 13))),
                     ((slice(None), slice(9, 13)), (slice(None), slice(3, 7))),
                     ((slice(None), slice(0, 4)), (slice(None), slice(4, 8))),
                     ((slice(1, None), slice(9, 13)), (slice(None, -1), slice(0, 4)))):  # one row apart
        host[dst] = sc.quat_normalize_wxyz(host[src])
        sc.quat_normalize_wxyz(rows[src], out=rows[dst])
    assert_identical(host, rows, "interleaved columns")
    with pytest.raises(sc.Error, match="overlaps the input q_wxyz"):  # column 6 in both
        sc.quat_normalize_wxyz(rows[:, 3:7], out=rows[:, 6:10])
    with pytest.raises(sc.Error, match="overlaps the input q_wxyz"):  # one row apart, the same columns
        sc.quat_normalize_wxyz(rows[1:, 0:4], out=rows[:-1, 0:4])
