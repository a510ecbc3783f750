"""CUDA arrays without a GPU: the whole path of spatial_conv/_cuda.py (the
kernel source, argument packing, cuLaunchKernel's parameters, the report
buffer, first failing index, warnings, strides) against an emulated device
(tests/emucuda: the driver calls in C, NVRTC replaced by g++, the threads of
a block as cooperative fibers). The kernels run the header's own code, so
every result must equal the host path's bit for bit. Runs in CI: it needs
cc and g++ only (skipped without them)."""
import ctypes
import inspect
import threading
import warnings
import zlib

import numpy as np
import pytest

import spatial_conv as sc
from spatial_conv import _api, _cuda, _plan

import cuda_cases
import emucuda
from emucuda import EmuArray

PLANS = _cuda.cuda_plans()
N = 300  # elements per call: two blocks and a partial one
SEEDS = (1, 2)
MAX_SHARED = 48 * 1024


# ------------------------------------------------------------------ fixtures
def kernel_sources():
    """Every kernel source _cuda compiles: per precision (and variant),
    the packed kernels and the split ones (pairs: test_cuda_split_emulated.py)."""
    variants = list(getattr(_cuda, "VARIANTS", ()))
    if "variant" not in inspect.signature(_cuda.kernel_source).parameters:
        variants = []
    split = sorted(getattr(_cuda, "split_plans", dict)())
    return [_cuda.kernel_source(p, *v, **names) for p in (64, 32) for v in ([(v,) for v in variants] or [()])
            for names in [{}] + ([{"names": split}] if split and variants else [])]


@pytest.fixture(scope="session")
def device():
    """The emulated driver and NVRTC, and a _cuda._Runtime on them; both
    precisions start compiling at once, in parallel."""
    missing = emucuda.toolchain_missing()
    if missing:
        pytest.skip(f"[program {missing}] the CUDA emulator needs {missing} (a C and a C++ compiler)")
    path = emucuda.build_driver()
    emu = emucuda.Emulator(path)
    nvrtc = emucuda.FakeNvrtc()
    nvrtc.prewarm(kernel_sources())
    runtime = _cuda._Runtime(driver=_cuda._Driver(path=path), nvrtc=nvrtc)
    return emu, nvrtc, runtime


@pytest.fixture(autouse=True)
def emulated(device, monkeypatch):
    """Every test of this file runs on the emulator: _cuda's runtime,
    empty_like_kind (EmuArrays) and _launch (checked: the kernel received
    one parameter of the right size for each of its own) are replaced, and
    put back after the test."""
    emu, nvrtc, runtime = device
    monkeypatch.setattr(_cuda, "_RUNTIME", runtime)
    monkeypatch.setattr(_cuda, "empty_like_kind", emucuda.empty_like_kind(_cuda.empty_like_kind))
    launch = _cuda._launch
    signature = inspect.signature(launch)

    def checked_launch(*a, **k):
        args = signature.bind(*a, **k).arguments["args"]
        before = emu.stats()["launches"]
        report = launch(*a, **k)
        if emu.stats()["launches"] > before:
            name, sizes = emu.last_kernel()
            given = [ctypes.sizeof(x) for x in args]
            assert len(given) == len(sizes), f"{name}: {len(given)} parameters for {len(sizes)}"
            for k_, (g, s, x) in enumerate(zip(given, sizes, args)):
                ok = g >= s if isinstance(x, ctypes.Array) else g == s
                assert ok, f"{name}: parameter {k_} is a {type(x).__name__} of {g} bytes, the kernel's {s}"
        return report

    monkeypatch.setattr(_cuda, "_launch", checked_launch)
    emu.reset()
    yield emu
    assert emu.stats()["ctx_depth"] == 0, "a context pushed and not popped"
    assert emu.stats()["no_context"] == 0, "a driver call that needs a context ran without one"


@pytest.fixture(params=sorted(_cuda.VARIANTS))
def variant(request, monkeypatch):
    monkeypatch.setattr(_cuda, "VARIANT", request.param)
    return request.param


# ------------------------------------------------------------------ helpers
def run(fn, *args, **kwargs):
    """(result or sc.Error, [warning messages])"""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            with np.errstate(all="ignore"):
                result = fn(*args, **kwargs)
        except sc.Error as e:
            result = e
    return result, [str(w.message) for w in caught if issubclass(w.category, sc.StatusWarning)]


def flat(r):
    """A result as a list of NumPy arrays (EmuArrays copied to the host)."""
    if isinstance(r, sc.Body) or isinstance(r, tuple):
        return [x for f in r for x in flat(f)]
    return [r.cpu() if isinstance(r, EmuArray) else np.asarray(r)]


def assert_identical(host, dev, what):
    """Bit for bit (NaN equals NaN whatever its payload)."""
    h, d = flat(host), flat(dev)
    assert len(h) == len(d), what
    for k, (x, y) in enumerate(zip(h, d)):
        assert x.shape == y.shape and x.dtype == y.dtype, f"{what}: result {k}: {x.shape} {x.dtype} " \
                                                          f"on the host, {y.shape} {y.dtype} emulated"
        x, y = np.ascontiguousarray(x), np.ascontiguousarray(y)
        same = (x.view(f"u{x.itemsize}") == y.view(f"u{y.itemsize}")) | (np.isnan(x) & np.isnan(y))
        if not same.all():
            where = np.argwhere(~same)[0]
            raise AssertionError(f"{what}: result {k} differs first at {tuple(where)}: host {x[tuple(where)]!r}, "
                                 f"emulated {y[tuple(where)]!r} ({int((~same).sum())} reals differ)")


def same_error(host, dev, what):
    assert isinstance(host, sc.Error) and isinstance(dev, sc.Error), \
        f"{what}: host {host!r}, emulated {dev!r}"
    assert (host.status, host.index) == (dev.status, dev.index), \
        f"{what}: host {host} (status {host.status}, index {host.index}); emulated {dev} " \
        f"(status {dev.status}, index {dev.index})"
    if host.status is None:  # a non-finite input: both name it
        assert host.argument == dev.argument, f"{what}: {host} / {dev}"


def drop_row(values, row):
    def drop(v):
        if isinstance(v, np.ndarray):
            return np.delete(v, row, axis=0)
        if isinstance(v, sc.Body):
            return sc.Body(*(drop(f) for f in v))
        return v
    return {k: drop(v) for k, v in values.items()}


def arrays_of(values):
    out = []
    for v in values.values():
        if isinstance(v, EmuArray):
            out.append(v)
        elif isinstance(v, sc.Body):
            out += [f for f in v if isinstance(f, EmuArray)]
    return out


def check_launch(emu, launches=1):
    s = emu.stats()
    assert s["launches"] == launches, f"{s['launches']} launches for {launches}"
    if launches:
        assert s["block"] % 32 == 0 and 0 < s["block"] <= 1024, s
        assert s["shared"] <= MAX_SHARED, s
    assert emucuda.broken_guards() == 0, "a kernel wrote outside an array"


def padded_outs(plan, n, dtype):
    """out= for plan's results as column views of wider rows whose other
    columns hold a sentinel, or None where out= is not taken."""
    if plan.returns_real or any(a.role == _plan.BODY_OUT for a in plan.outputs):
        return None
    outs = []
    for a in plan.outputs:
        inner = _api.OUT_SHAPES.get(a.size, (a.size,)) if a.size else ()
        outs.append(EmuArray.padded(np.zeros((n,) + inner, dtype), 2, fill=-7.0))
    return tuple(outs)


def compare(name, values, emu, what, padded=False):
    """fn(**values) on the host and emulated: the same error (status,
    index), or the same warnings and identical results. When both fail at
    an element, that element is dropped and the rest compared again (up to
    8 times), so that values are compared too. padded: every array (the
    inputs and, where the function takes out=, the results) is a column
    view of wider rows, whose other columns must stay as they were."""
    fn, plan = getattr(sc, name), PLANS[name]
    for _ in range(8):
        host, host_warnings = run(fn, **values)
        dev_values = emucuda.to_emu(values, pad=3 if padded else 0)
        inputs = [(a, a.cpu()) for a in arrays_of(dev_values)]
        n = inputs[0][0].shape[0]
        outs = padded_outs(plan, n, inputs[0][0].dtype) if padded else None
        rows = [(o, np.array(o.buffer.data(), copy=True)) for o in outs or ()]
        emu.reset()
        dev, dev_warnings = run(fn, **dev_values, **({"out": outs if len(outs) > 1 else outs[0]}
                                                      if outs else {}))
        check_launch(emu)
        for a, before in inputs:
            assert a.cpu().tobytes() == before.tobytes(), f"{what}: an input was written"
        if isinstance(host, sc.Error) or isinstance(dev, sc.Error):
            same_error(host, dev, what)
            if host.index is None:
                return False
            values = drop_row(values, host.index[0])
            continue
        assert host_warnings == dev_warnings, what
        assert_identical(host, dev, what)
        for o, before in rows:  # the columns beside the results: untouched
            after = o.buffer.data()
            k = o.a.size * o.a.itemsize // n
            mask = np.ones((n, after.size // n), bool)
            mask[:, :k] = False
            assert (after.reshape(n, -1)[mask] == before.reshape(n, -1)[mask]).all(), \
                f"{what}: a kernel wrote beside its out= view"
        return True
    return False


def case_id(name):
    return zlib.crc32(name.encode())


# ------------------------------------------------------------------ agreement
@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("name", sorted(PLANS))
def test_every_kernel_agrees_with_the_host(name, dtype, variant, emulated):
    plan, compared = PLANS[name], 0
    for seed in SEEDS:
        rng = np.random.default_rng([case_id(name), seed])
        values = cuda_cases.inputs_for(plan, rng, N, np.dtype(dtype))
        what = f"{name} {dtype} {variant} seed {seed}"
        compared += compare(name, values, emulated, what, padded=seed == 2)
        compared += compare(name, cuda_cases.valid_inputs(plan, values, rng), emulated, what + " (valid inputs)")
    assert compared, f"{name}: every call failed, no result was compared"


# ------------------------------------------------------------------ scenarios
@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_the_first_failing_element_among_several(dtype, variant, emulated):
    q = EmuArray.from_numpy(np.ones((1000, 4)), dtype)
    q[700] = 0
    q[900] = 0
    with pytest.raises(sc.Error) as e:
        sc.quat_normalize_wxyz(q)
    assert e.value.status == sc.EDEGENERATE and e.value.index == (700,)
    q[500, 1] = np.nan
    with pytest.raises(sc.Error, match="not finite") as e:
        sc.quat_normalize_wxyz(q)
    assert e.value.index == (500,) and e.value.argument == "q_wxyz"
    host, _ = run(sc.quat_normalize_wxyz, q.cpu(), check_finite=False)
    emulated.reset()
    dev, _ = run(sc.quat_normalize_wxyz, q, check_finite=False)
    check_launch(emulated, 1)
    same_error(host, dev, "check_finite=False")


def test_the_first_failing_element_of_a_2d_batch(variant, emulated):
    rng = np.random.default_rng(5)
    q = rng.normal(size=(6, 70, 4))
    q[4, 3] = q[2, 69] = q[5, 0] = 0
    host, _ = run(sc.quat_normalize_wxyz, q)
    dev, _ = run(sc.quat_normalize_wxyz, EmuArray.from_numpy(q))
    same_error(host, dev, "2-d batch")
    assert dev.index == (2, 69)
    q[2, 69] = 1
    compare("quat_normalize_wxyz", {"q_wxyz": q}, emulated, "2-d batch")


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_warnings_count_every_element(dtype, variant, emulated):
    n = 600
    q = np.tile([1.0, 0.0, 0.0, 0.0], (n, 1))
    lock = [np.cos(np.pi / 4), 0.0, np.sin(np.pi / 4), 0.0]  # pitch 90 degrees: gimbal lock for XYZ
    q[[17, 260, 261, 599]] = lock
    q = q.astype(dtype)
    host, host_warnings = run(sc.euler_from_quat_wxyz, q, sc.EulerSeq.XYZ, sc.EulerKind.INTRINSIC)
    dev, dev_warnings = run(sc.euler_from_quat_wxyz, EmuArray.from_numpy(q), sc.EulerSeq.XYZ,
                            sc.EulerKind.INTRINSIC)
    assert len(host_warnings) == 1 and "for 4 of 600 elements, the first at index (17,)" in host_warnings[0]
    assert dev_warnings == host_warnings
    assert_identical(host, dev, "gimbal lock")
    with pytest.warns(sc.StatusWarning, match="4 of 600"):
        sc.euler_from_quat_wxyz(EmuArray.from_numpy(q), sc.EulerSeq.XYZ, sc.EulerKind.INTRINSIC)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_state_convert_on_column_views(dtype, variant, emulated):
    """Inputs that are column views of engine rows and out= into the
    columns of one (n, 13) result buffer: strided on both sides."""
    n = 517
    rng = np.random.default_rng(8)
    rows = rng.normal(size=(n, 13)).astype(dtype)
    inertial = rng.normal(size=(n, 7)).astype(dtype)
    host_out = np.zeros((n, 13), dtype)
    sc.state_convert("isaaclab3", rows[:, :7], rows[:, 7:], "mujoco_free", inertial[:, :3], inertial[:, 3:],
                     out=(host_out[:, :7], host_out[:, 7:]))
    d_rows, d_inertial = EmuArray.from_numpy(rows), EmuArray.from_numpy(inertial)
    d_out = EmuArray.from_numpy(np.full((n, 13), 7.0, dtype))
    res = sc.state_convert("isaaclab3", d_rows[:, :7], d_rows[:, 7:], "mujoco_free", d_inertial[:, :3],
                           d_inertial[:, 3:], out=(d_out[:, :7], d_out[:, 7:]))
    check_launch(emulated)
    assert res[0].a.base is not None and np.shares_memory(res[0].a, d_out.a)
    assert_identical(host_out, d_out, "state_convert into column views")
    assert_identical(rows, d_rows, "the inputs are unchanged")
    # and the results it allocates itself, without out=
    emulated.reset()
    fresh = sc.state_convert("isaaclab3", d_rows[:, :7], d_rows[:, 7:], "mujoco_free", d_inertial[:, :3],
                             d_inertial[:, 3:])
    check_launch(emulated)
    assert_identical((host_out[:, :7], host_out[:, 7:]), fresh, "state_convert")
    # without iquat_wxyz (the identity: a null pointer in the kernel)
    host, _ = run(sc.state_convert, "isaaclab3", rows[:, :7], rows[:, 7:], "mujoco_free", inertial[:, :3])
    dev, _ = run(sc.state_convert, "isaaclab3", d_rows[:, :7], d_rows[:, 7:], "mujoco_free", d_inertial[:, :3])
    assert_identical(host, dev, "state_convert without iquat_wxyz")


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_one_element_against_a_batch(dtype, variant, emulated):
    """ipos of shape (3,) (one element, stride 0) and as a stride-0
    broadcast view of shape (n, 3), against a batch of n."""
    n = 300
    rng = np.random.default_rng(9)
    qvel, q = rng.normal(size=(n, 6)).astype(dtype), rng.normal(size=(n, 4)).astype(dtype)
    ipos = rng.normal(size=3).astype(dtype)
    host = sc.twist_from_mujoco_qvel(qvel, q, ipos)
    d_qvel, d_q, d_ipos = (EmuArray.from_numpy(a) for a in (qvel, q, ipos))
    assert_identical(host, sc.twist_from_mujoco_qvel(d_qvel, d_q, d_ipos), "ipos (3,)")
    assert_identical(host, sc.twist_from_mujoco_qvel(d_qvel, d_q, d_ipos.broadcast_to((n, 3))),
                     "ipos broadcast to (n, 3)")
    one = sc.twist_from_mujoco_qvel(d_qvel[:1], d_q[:1], d_ipos[None])
    assert_identical(host[:1], one, "a batch of one")
    single = sc.twist_from_mujoco_qvel(d_qvel[0], d_q[0], d_ipos)
    assert_identical(host[0], single, "no batch dimension")


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_in_place(dtype, variant, emulated):
    rng = np.random.default_rng(10)
    q = rng.normal(size=(700, 4)).astype(dtype)
    host = q.copy()
    sc.quat_normalize_wxyz(host, out=host)
    d = EmuArray.from_numpy(q)
    r = sc.quat_normalize_wxyz(d, out=d)
    assert r is d
    check_launch(emulated)
    assert_identical(host, d, "in place")
    # in place in a column view of rows
    rows = rng.normal(size=(700, 7)).astype(dtype)
    host_rows = rows.copy()
    sc.quat_normalize_wxyz(host_rows[:, 3:], out=host_rows[:, 3:])
    d_rows = EmuArray.from_numpy(rows)
    sc.quat_normalize_wxyz(d_rows[:, 3:], out=d_rows[:, 3:])
    assert_identical(host_rows, d_rows, "in place in columns")


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_a_failing_element_keeps_its_row(dtype, variant, emulated):
    """In place, the row of a failing element stays as it was (the tiled
    kernel writes back only the elements it converted); the error names it."""
    q = np.ones((600, 4), dtype)
    q[5] = 0
    q[300] = [1, np.nan, 0, 0]
    d = EmuArray.from_numpy(q)
    for check_finite, index in ((True, 5), (False, 5)):
        with pytest.raises(sc.Error) as e:
            sc.quat_normalize_wxyz(d, out=d, check_finite=check_finite)
        assert e.value.index == (index,)
        after = d.cpu()
        assert (after[5] == 0).all()
        assert np.isnan(after[300, 1]) and (after[300, [0, 2, 3]] == [1, 0, 0]).all()


def test_real_results(variant, emulated):
    """A function that returns a real: an array of the batch shape."""
    rng = np.random.default_rng(12)
    a, b = rng.normal(size=(333, 4)), rng.normal(size=(333, 4))
    host = sc.quat_angle_wxyz(a, b)
    dev = sc.quat_angle_wxyz(EmuArray.from_numpy(a), EmuArray.from_numpy(b))
    assert isinstance(dev, EmuArray) and dev.shape == (333,)
    assert_identical(host, dev, "quat_angle_wxyz")


def test_the_launch_runs_on_the_stream_of_the_first_input(variant, emulated):
    q = EmuArray.from_numpy(np.ones((100, 4)), stream=2)  # CU_STREAM_PER_THREAD
    sc.quat_normalize_wxyz(q)
    s = emulated.stats()
    assert s["stream"] == 2 and s["sync_stream"] == 2
    sc.quat_normalize_wxyz(EmuArray.from_numpy(np.ones((100, 4))))
    assert emulated.stats()["stream"] == 0


def test_launch_shape(variant, emulated):
    """One launch per call; blocks of a multiple of 32 threads; the grid
    covers the batch; dynamic shared memory within 48 KiB (the tiled kernels
    of the largest elements included)."""
    biggest = max(sorted(PLANS), key=lambda n: sum(a.size or 1 for a in PLANS[n].args))
    for name in ("quat_normalize_wxyz", "state_convert", biggest):
        for dtype in (np.float64, np.float32):
            values = cuda_cases.inputs_for(PLANS[name], np.random.default_rng(1), 5000, dtype)
            emulated.reset()
            run(getattr(sc, name), **emucuda.to_emu(values))
            check_launch(emulated)
            s = emulated.stats()
            assert s["grid"] * s["block"] >= 5000, s


def test_grid_stride_loops(variant, emulated, monkeypatch):
    """Fewer blocks than the batch needs (as past 2^20 blocks): each block
    loops over several tiles, its barriers inside the loop."""
    shape = _cuda.launch_shape

    def two_blocks(*a, **k):
        name, block, grid, shared = shape(*a, **k)
        return name, block, min(grid, 2), shared

    monkeypatch.setattr(_cuda, "launch_shape", two_blocks)
    for name in ("quat_normalize_wxyz", "state_convert", "axis_angle_from_quat_wxyz", "body_from_pose"):
        for dtype in (np.float64, np.float32):
            rng = np.random.default_rng(case_id(name))
            values = cuda_cases.inputs_for(PLANS[name], rng, 1500, dtype)
            values = cuda_cases.valid_inputs(PLANS[name], values, rng)
            assert compare(name, values, emulated, f"{name} {dtype.__name__} on two blocks")
            assert emulated.stats()["grid"] <= 2


def test_every_stream_is_waited_for(variant, emulated):
    """The launch runs on the first input's stream, after the other arrays'
    streams (each array's interface names the stream its producer uses)."""
    q = EmuArray.from_numpy(np.ones((100, 4)), stream=5)
    p = EmuArray.from_numpy(np.ones((100, 4)), stream=7)
    out = EmuArray.from_numpy(np.zeros((100, 4)), stream=9)
    sc.quat_mul_wxyz(q, p, out=out)
    s = emulated.stats()
    assert (s["stream"], s["syncs"], s["sync_stream"]) == (5, 3, 5)  # 7 and 9 first, then 5
    emulated.reset()
    sc.quat_mul_wxyz(q, EmuArray.from_numpy(np.ones((100, 4)), stream=5))
    assert emulated.stats()["syncs"] == 1


def test_out_must_be_safe_to_write(variant, emulated):
    """out= that the kernels could not write safely is refused before any
    launch: a stride-0 view (every element onto one row), a partial overlap
    with an input (the same array is in place), a misaligned address."""
    q = EmuArray.from_numpy(np.ones((101, 4)))
    row = EmuArray.from_numpy(np.zeros((1, 4)))
    repeated = EmuArray(np.lib.stride_tricks.as_strided(row.a, (101, 4), (0, 8)), row.buffer)
    with pytest.raises(sc.Error, match="overlap one another"):
        sc.quat_normalize_wxyz(q, out=repeated)
    with pytest.raises(sc.Error, match="overlap one another"):  # rows 2 reals apart
        sc.quat_normalize_wxyz(q[:51], out=EmuArray(np.lib.stride_tricks.as_strided(
            q.a, (51, 4), (16, 8)), q.buffer))
    m = EmuArray.from_numpy(np.zeros((101, 9)))
    with pytest.raises(sc.Error, match="overlaps the input"):  # same address, 4 reals in, 9 out
        sc.mat_from_quat_wxyz(m[:, :4], out=EmuArray(m.a.reshape(101, 3, 3), m.buffer))
    with pytest.raises(sc.Error, match="overlaps the input q_wxyz"):
        sc.quat_normalize_wxyz(q[:-1], out=q[1:])
    raw = EmuArray.empty((2 * 404 + 2,), np.float32)
    shifted = EmuArray(raw.a.view(np.uint8)[4:4 + 3200].view(np.float64).reshape(100, 4), raw.buffer)
    with pytest.raises(sc.Error, match="not aligned"):
        sc.quat_normalize_wxyz(shifted)
    check_launch(emulated, 0)
    # interleaved column views of one buffer are not an overlap
    rows = EmuArray.from_numpy(np.zeros((101, 8)))
    sc.quat_normalize_wxyz(q, out=rows[:, :4])
    sc.quat_conj_wxyz(q, out=rows[:, 4:])
    np.testing.assert_array_equal(rows.cpu(), np.tile([0.5, 0.5, 0.5, 0.5, 1, -1, -1, -1], (101, 1)))


def test_enum_strings(variant, emulated):
    """Axes and Euler sequences as strings give the members' results on
    the device too; a bad string is refused naming the argument."""
    rng = np.random.default_rng(15)
    a, v = rng.normal(size=(40, 3)), rng.normal(size=(40, 3))
    assert_identical(sc.quat_wxyz_from_euler(a, sc.EULER_ZXZ, sc.EULER_INTRINSIC),
                     sc.quat_wxyz_from_euler(EmuArray.from_numpy(a), "zxz", sc.EULER_INTRINSIC),
                     "quat_wxyz_from_euler")
    assert_identical(sc.gravity_signed(sc.AXIS_NEG_Y, v[:, 0]),
                     sc.gravity_signed("-y", EmuArray.from_numpy(v[:, 0].copy())), "gravity_signed")
    with pytest.raises(sc.Error) as e:
        sc.quat_wxyz_from_euler(EmuArray.from_numpy(a), "zxy ", sc.EULER_INTRINSIC)
    assert e.value.argument == "seq"


def test_what_the_device_refuses(variant, emulated):
    """Layouts the host copies but the GPU path refuses (docs/python.md:
    batch dimensions that collapse into one stride, one dtype): an Error
    naming the argument, before any launch."""
    rng = np.random.default_rng(14)
    q = EmuArray.from_numpy(rng.normal(size=(6, 70, 4)))
    with pytest.raises(sc.Error, match="stride") as e:
        sc.quat_normalize_wxyz(q[:, :35])
    assert e.value.argument == "q_wxyz"
    with pytest.raises(sc.Error, match="dtype"):
        sc.quat_mul_wxyz(q, EmuArray.from_numpy(rng.normal(size=(6, 70, 4)), np.float32))
    with pytest.raises(sc.Error, match="not a CUDA array"):
        sc.quat_mul_wxyz(q, rng.normal(size=(6, 70, 4)))
    with pytest.raises(sc.Error, match="batch shape"):
        sc.quat_mul_wxyz(q, EmuArray.from_numpy(rng.normal(size=(70, 4))))
    with pytest.raises(sc.Error, match="out"):
        sc.quat_normalize_wxyz(q, out=EmuArray.from_numpy(np.zeros((6, 70, 4), np.float32)))
    with pytest.raises(sc.Error, match="out"):
        sc.quat_normalize_wxyz(q, out=q.broadcast_to((6, 70, 4)))  # read-only
    check_launch(emulated, 0)


def test_an_empty_batch(variant, emulated):
    """No element: no launch, an empty result (PyTorch and CuPy give a
    null data pointer to an empty array, as EmuArray does)."""
    host = sc.quat_normalize_wxyz(np.ones((0, 4)))
    dev = sc.quat_normalize_wxyz(EmuArray.from_numpy(np.ones((0, 4))))
    assert dev.shape == host.shape == (0, 4)
    check_launch(emulated, 0)


def test_threads(variant, emulated):
    """Each call takes a report buffer of its own and pushes the context
    itself; four threads calling at once (failures included) get their own
    reports."""
    rng = np.random.default_rng(13)
    q = rng.normal(size=(400, 4))
    bad = q.copy()
    bad[123] = 0
    host = sc.quat_normalize_wxyz(q)
    out = {}

    def work(k):
        try:
            for _ in range(5):
                if k % 2:
                    with pytest.raises(sc.Error) as e:
                        sc.quat_normalize_wxyz(EmuArray.from_numpy(bad))
                    assert e.value.index == (123,)
                else:
                    assert_identical(host, sc.quat_normalize_wxyz(EmuArray.from_numpy(q)), f"thread {k}")
            out[k] = None
        except BaseException as e:  # noqa: BLE001 (reported below)
            out[k] = e

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == {k: None for k in range(4)}, out
    assert emulated.stats()["allocs"] <= 4  # report buffers: at most one per call at once


# ------------------------------------------------------------------ the emulator itself
TEST_KERNELS = r"""
extern "C" __global__ void emu_test_divergent(double *out) {
  if (threadIdx.x < 16) __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
extern "C" __global__ void emu_test_shared(double *out, int sync) {
  extern __shared__ double tile[];
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = (double)i;
  if (sync) __syncthreads();
  out[i] = tile[(threadIdx.x + 1) % blockDim.x];
}
"""


@pytest.fixture
def hand_kernels(device):
    emu, nvrtc, runtime = device
    rc, log, image = nvrtc.compile(TEST_KERNELS, ["--std=c++17", "--gpu-architecture=sm_80"])
    assert rc == 0, log
    drv = runtime.driver
    ctx = drv.context(0)
    drv.check(drv.lib.cuCtxPushCurrent_v2(ctx), "push")
    module = ctypes.c_void_p()
    drv.check(drv.lib.cuModuleLoadData(ctypes.byref(module), image), "load")

    def launch(name, args, grid=2, block=64, shared=0, gy=1, extra=None):
        fn = ctypes.c_void_p()
        drv.check(drv.lib.cuModuleGetFunction(ctypes.byref(fn), module, name.encode()), "get")
        params = (ctypes.c_void_p * len(args))(*[ctypes.cast(ctypes.pointer(a), ctypes.c_void_p) for a in args])
        return drv.lib.cuLaunchKernel(fn, grid, gy, 1, block, 1, 1, shared, None, params, extra)

    yield launch
    drv.lib.cuCtxPopCurrent_v2(ctypes.byref(ctypes.c_void_p()))


def test_the_emulator_fails_a_divergent_barrier(hand_kernels, capfd):
    out = EmuArray.empty((128,), np.float64)
    rc = hand_kernels("emu_test_divergent", [ctypes.c_void_p(out.__cuda_array_interface__["data"][0])])
    assert rc == 719  # CUDA_ERROR_LAUNCH_FAILED
    assert "divergent __syncthreads" in capfd.readouterr().err


def test_the_emulator_poisons_shared_memory(hand_kernels):
    """Without the barrier, thread t reads the slot of thread t + 1 before
    that thread has written it: NaN (0xFF bytes), in every block."""
    for sync in (0, 1):
        out = EmuArray.empty((128,), np.float64)
        ptr = ctypes.c_void_p(out.__cuda_array_interface__["data"][0])
        assert hand_kernels("emu_test_shared", [ptr, ctypes.c_int(sync)], shared=64 * 8) == 0
        got = out.cpu().reshape(2, 64)
        want = np.arange(128.0).reshape(2, 64)
        want = np.roll(want, -1, axis=1)
        if sync:
            np.testing.assert_array_equal(got, want)
        else:
            assert np.isnan(got[:, :63]).all() and (got[:, 63] == want[:, 63]).all()


def test_the_emulator_refuses_what_a_gpu_refuses(hand_kernels):
    out = EmuArray.empty((4096,), np.float64)
    args = [ctypes.c_void_p(out.__cuda_array_interface__["data"][0]), ctypes.c_int(1)]
    assert hand_kernels("emu_test_shared", args, block=2048, shared=0) != 0
    assert hand_kernels("emu_test_shared", args, grid=0) != 0
    assert hand_kernels("emu_test_shared", args, shared=49152 + 8) != 0
    assert hand_kernels("emu_test_shared", args, gy=2) != 0
    assert hand_kernels("emu_test_shared", args, extra=(ctypes.c_void_p * 1)()) != 0
    assert hand_kernels("emu_test_shared", args, block=64, shared=64 * 8) == 0


def test_a_kernel_that_does_not_compile():
    nvrtc = emucuda.FakeNvrtc()
    with pytest.raises(sc.Error, match="could not compile"):
        _cuda.compile_kernels(64, "sm_80", _Broken(nvrtc))


class _Broken:
    def __init__(self, nvrtc):
        self.nvrtc = nvrtc

    def compile(self, source, options):
        return self.nvrtc.compile('extern "C" __global__ void k(int x) { undeclared(x); }', options)


def test_the_gpu_check_agreement_pass_runs_here(emulated, monkeypatch):
    """tests/bench/gpu/gpu_check.py's agreement pass, as a GPU machine runs
    it, with EmuArrays for the CUDA tensors: no disagreement, every function
    has results compared, and every real is bit-identical (the emulated
    kernels run the host's code)."""
    import importlib.util
    import os
    path = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "bench", "gpu", "gpu_check.py")
    spec = importlib.util.spec_from_file_location("gpu_check", path)
    gpu_check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gpu_check)
    monkeypatch.setattr(_cuda, "VARIANT", "tiled")  # agreement() switches it
    failures, compared, reals, identical, rows = gpu_check.agreement(
        lambda v: emucuda.to_emu({"v": v})["v"], quick=True)
    assert failures == []
    assert [name for name, _ in rows] == sorted(PLANS)
    assert compared >= len(PLANS) * 256 and reals == identical > 0
    assert max(worst for _, worst in rows) == 0.0
    print(f"\ngpu_check.py's agreement pass on the emulated device: {compared} elements of {len(rows)} "
          f"functions with results compared, {reals} reals, {identical} bit-identical")


@pytest.mark.parametrize("shape", [(4,), (1, 4)])
def test_one_element_in_place(shape, variant, emulated):
    """out= the input itself converts in place for a single element too."""
    q = EmuArray.from_numpy(np.array([1.0, 2, 3, 4]).reshape(shape))
    assert sc.quat_xyzw_from_wxyz(q, out=q) is q
    np.testing.assert_array_equal(q.cpu().ravel(), [2.0, 3, 4, 1])


def test_a_stream_being_captured_is_refused(variant, emulated):
    """Inside CUDA graph capture a synchronous call could not wait for its
    report: Error (pointing to cuda_async), nothing launched or captured."""
    q = EmuArray.from_numpy(np.ones((10, 4)), stream=0x6A0)
    with emulated.capture(0x6A0) as graph:
        with pytest.raises(sc.Error, match="CUDA graph.*cuda_async"):
            sc.quat_normalize_wxyz(q)
    check_launch(emulated, 0)
    assert emulated.stats()["captured"] == 0
    emulated.lib.cuGraphDestroy(graph[0])


def test_report_buffers_are_reused(variant, emulated):
    """One report buffer per launch in flight, not one per thread: calls
    from 8 threads one after another reuse the first call's buffer; 8 at
    once take at most 8, all of them free again afterwards (how many
    overlap depends on the scheduler, so only the bound is checked)."""
    q = EmuArray.from_numpy(np.ones((10, 4)))
    sc.quat_normalize_wxyz(q)
    before = emulated.stats()["allocs"]
    for _ in range(8):  # one thread at a time
        t = threading.Thread(target=sc.quat_normalize_wxyz, args=(q,))
        t.start()
        t.join()
    assert emulated.stats()["allocs"] == before
    threads = [threading.Thread(target=sc.quat_normalize_wxyz, args=(q,)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    after = emulated.stats()["allocs"]
    assert after - before <= 7  # the first call's buffer is among the 8 in flight at most
    for _ in range(8):
        sc.quat_normalize_wxyz(q)
    assert emulated.stats()["allocs"] == after


def test_a_module_per_function_loaded_once(variant, emulated, device):
    """Each function's kernel is compiled and loaded on its first call on a
    device, in a module of its own, and reused after."""
    _, _, runtime = device
    q = EmuArray.from_numpy(np.ones((10, 4)))
    for name in ("quat_conj_wxyz", "quat_inv_wxyz"):
        runtime.modules.pop((0, 64, variant, name), None)
    before = emulated.stats()["modules"]
    sc.quat_conj_wxyz(q)
    sc.quat_inv_wxyz(q)
    sc.quat_conj_wxyz(q)
    assert emulated.stats()["modules"] - before == 2
    assert {(0, 64, variant, "quat_conj_wxyz"), (0, 64, variant, "quat_inv_wxyz")} <= set(runtime.modules)


# ------------------------------------------------------------------ the asynchronous mode
def counts(emu):
    """What the host did for the device since the last reset."""
    s = emu.stats()
    return {k: s[k] for k in ("syncs", "dtoh", "launches", "memsets", "event_records", "event_waits")}


@pytest.fixture
def fresh_runtime(device, monkeypatch):
    """A runtime that has made no call yet (no module loaded, no failure
    record), on the same emulated driver and NVRTC."""
    _, nvrtc, runtime = device
    fresh = _cuda._Runtime(driver=runtime.driver, nvrtc=nvrtc)
    monkeypatch.setattr(_cuda, "_RUNTIME", fresh)
    return fresh


def sync_error(fn, *args, **kwargs):
    """The Error the synchronous call raises (host arrays moved to the
    emulated device)."""
    with pytest.raises(sc.Error) as e:
        fn(*[EmuArray.from_numpy(a) if isinstance(a, np.ndarray) else a for a in args], **kwargs)
    return e.value


def assert_same_error(got, want):
    assert str(got) == str(want)
    assert (got.status, got.function, got.argument, got.index) == \
        (want.status, want.function, want.argument, want.index)


def test_an_asynchronous_call_waits_for_nothing(variant, emulated):
    """In the asynchronous mode a call is one launch, ordered after the
    other arrays' streams by events: no host synchronization, no copy to
    the host, no memset; its results are the host's."""
    rng = np.random.default_rng(20)
    a, b = rng.normal(size=(300, 4)), rng.normal(size=(300, 4))
    q, p = EmuArray.from_numpy(a, stream=5), EmuArray.from_numpy(b, stream=7)
    out = EmuArray.from_numpy(np.zeros((300, 4)), stream=9)
    with sc.cuda_async():
        sc.quat_mul_wxyz(q, p, out=out)  # the first call makes the device's failure record
        emulated.reset()
        assert sc.quat_mul_wxyz(q, p, out=out) is out
        assert counts(emulated) == {"syncs": 0, "dtoh": 0, "launches": 1, "memsets": 0,
                                    "event_records": 2, "event_waits": 2}
        assert emulated.stats()["stream"] == 5  # the first input's stream, after 7 and 9
        emulated.reset()
        r = sc.quat_normalize_wxyz(q)  # one stream: no event
        assert counts(emulated) == {"syncs": 0, "dtoh": 0, "launches": 1, "memsets": 0,
                                    "event_records": 0, "event_waits": 0}
    assert_identical(sc.quat_mul_wxyz(a, b), out, "quat_mul_wxyz asynchronous")
    assert_identical(sc.quat_normalize_wxyz(a), r, "quat_normalize_wxyz asynchronous")
    emulated.reset()
    assert sc.cuda_check() is None
    assert counts(emulated)["syncs"] >= 1 and counts(emulated)["dtoh"] == 1  # the check waits and reads


def test_the_synchronous_mode_is_unchanged(variant, emulated, fresh_runtime):
    """Outside cuda_async a call waits for its kernel and reads its report
    (one synchronization, one copy), as before; once asynchronous calls
    made the device's failure record, it reads that too, in the same copy
    round."""
    q = EmuArray.from_numpy(np.ones((100, 4)))
    sc.quat_normalize_wxyz(q)
    emulated.reset()
    sc.quat_normalize_wxyz(q)
    assert counts(emulated) == {"syncs": 1, "dtoh": 1, "launches": 1, "memsets": 1,
                                "event_records": 0, "event_waits": 0}
    with sc.cuda_async():
        sc.quat_normalize_wxyz(q)
        with sc.cuda_async(False):  # nested: synchronous again
            emulated.reset()
            sc.quat_normalize_wxyz(q)
            assert counts(emulated)["syncs"] == 1
    emulated.reset()
    sc.quat_normalize_wxyz(q)
    assert counts(emulated) == {"syncs": 1, "dtoh": 2, "launches": 1, "memsets": 1,
                                "event_records": 0, "event_waits": 0}


def test_the_mode_is_the_threads(variant, emulated):
    """cuda_async is per thread: another thread's calls stay synchronous."""
    q = EmuArray.from_numpy(np.zeros((10, 4)))
    seen = []
    with sc.cuda_async():
        t = threading.Thread(target=lambda: seen.append(run(sc.quat_normalize_wxyz, q)[0]))
        t.start()
        t.join()
        assert _cuda.async_mode()
    assert isinstance(seen[0], sc.Error) and seen[0].index == (0,)
    assert not _cuda.async_mode()
    assert sc.cuda_check() is None


def test_capture_and_replay_a_state_conversion(variant, emulated):
    """A state conversion captured into a CUDA graph (one kernel node,
    nothing run during capture) and replayed with new input data each
    time: the host's results, into the same out= arrays."""
    n, stream = 4096, 0x6A0
    rng = np.random.default_rng(21)
    rows = EmuArray.empty((n, 13), np.float64, stream=stream)
    inertial = EmuArray.empty((n, 7), np.float64, stream=stream)
    out = EmuArray.empty((n, 13), np.float64, stream=stream)

    def convert():
        return sc.state_convert("isaaclab3", rows[:, :7], rows[:, 7:], "mujoco_free", inertial[:, :3],
                                inertial[:, 3:], out=(out[:, :7], out[:, 7:]))
    rows[...], inertial[...] = rng.normal(size=(n, 13)), rng.normal(size=(n, 7))
    with sc.cuda_async():
        convert()  # warm-up, outside capture: compiles, loads, makes the failure record
        emulated.reset()
        with emulated.capture(stream) as graph:
            convert()
    assert emulated.graph_nodes(graph[0]) == {"memset": 0, "kernel": 1, "event_record": 0, "event_wait": 0}
    assert counts(emulated) == {"syncs": 0, "dtoh": 0, "launches": 0, "memsets": 0,
                                "event_records": 0, "event_waits": 0}
    replay = emulated.instantiate(graph[0])
    for k in range(3):
        host_rows, host_inertial = rng.normal(size=(n, 13)), rng.normal(size=(n, 7))
        rows[...], inertial[...] = host_rows, host_inertial
        emulated.replay(replay, stream)
        want = sc.state_convert("isaaclab3", host_rows[:, :7], host_rows[:, 7:], "mujoco_free",
                                host_inertial[:, :3], host_inertial[:, 3:])
        assert_identical(want, (out.cpu()[:, :7], out.cpu()[:, 7:]), f"replay {k}")
    assert emulated.stats()["launches"] == 3 and emulated.stats()["graph_launches"] == 3
    assert sc.cuda_check() is None
    emulated.destroy(graph[0], replay)


def test_a_failure_in_a_replay_is_kept_until_checked(variant, emulated):
    """A bad element in one replay is recorded by the device and survives
    the replays after it (good ones, and bad ones at lower indices: the
    first failure is kept); cuda_check raises it with the synchronous
    call's message, once."""
    stream = 0x6A1
    q = EmuArray.from_numpy(np.ones((3, 100, 4)), stream=stream)
    with sc.cuda_async():
        sc.quat_normalize_wxyz(q)
        with emulated.capture(stream) as graph:
            res = sc.quat_normalize_wxyz(q)
    replay = emulated.instantiate(graph[0])
    emulated.replay(replay, stream)
    assert sc.cuda_check() is None
    bad = np.ones((3, 100, 4))
    bad[2, 5] = bad[2, 70] = 0
    want = sync_error(sc.quat_normalize_wxyz, bad)
    q[...] = bad
    emulated.replay(replay, stream)
    q[...] = 1.0
    emulated.replay(replay, stream)
    q[0, 1] = 0.0  # fails at a lower index, in a later replay
    emulated.replay(replay, stream)
    q[...] = 1.0
    emulated.replay(replay, stream)
    assert_identical(np.full((3, 100, 4), 0.5), res, "the last replay's results")
    with pytest.raises(sc.Error) as e:
        sc.cuda_check()
    assert_same_error(e.value, want)
    assert e.value.index == (2, 5)
    assert sc.cuda_check(0) is None  # cleared
    q[1, 2, 3] = np.nan  # a non-finite input: the argument named, as synchronously
    want = sync_error(sc.quat_normalize_wxyz, q.cpu())
    emulated.replay(replay, stream)
    with pytest.raises(sc.Error) as e:
        sc.cuda_check(0)
    assert_same_error(e.value, want)
    emulated.destroy(graph[0], replay)


def test_the_next_synchronous_call_raises_a_recorded_failure(variant, emulated):
    """An asynchronous call's failure is raised by the next synchronous
    call on the device (that call's own error first, when it has one:
    the record then waits for the check), and only once."""
    bad = np.ones((50, 4))
    bad[7] = 0
    want = sync_error(sc.quat_normalize_wxyz, bad)
    good = EmuArray.from_numpy(np.ones((50, 4)))
    with sc.cuda_async():
        sc.quat_normalize_wxyz(EmuArray.from_numpy(bad))  # returns: nothing is waited for
    assert_same_error(sync_error(sc.quat_normalize_wxyz, good), want)
    sc.quat_normalize_wxyz(good)  # raised once
    assert sc.cuda_check() is None  # and not again by the check that clears it
    with sc.cuda_async():
        sc.quat_normalize_wxyz(EmuArray.from_numpy(bad))
    own = np.ones((50, 4))
    own[3] = 0
    assert sync_error(sc.quat_normalize_wxyz, EmuArray.from_numpy(own)).index == (3,)
    assert_same_error(sync_error(sc.cuda_check), want)
    assert sc.cuda_check() is None


def gimbal_lock(n, at):
    """n identity quaternions, those at rows `at` turned a quarter about y
    (euler_from_quat_wxyz XYZ intrinsic warns for them)."""
    q = np.tile([1.0, 0.0, 0.0, 0.0], (n, 1))
    q[at] = [np.cos(np.pi / 4), 0.0, np.sin(np.pi / 4), 0.0]
    return q


def euler_async(q, stream=None):
    with sc.cuda_async():
        sc.euler_from_quat_wxyz(EmuArray.from_numpy(q, stream=stream), sc.EulerSeq.XYZ, sc.EulerKind.INTRINSIC)


def test_a_synchronous_call_leaves_the_record_to_the_check(variant, emulated, device):
    """A synchronous call reads the failure record and never clears it: an
    asynchronous call still running on another stream may write it at any
    moment. Here one does, right after the synchronous call (on its own
    stream) copied the record: its failure is raised by the check."""
    _, _, runtime = device
    bad = np.ones((50, 4))
    bad[7] = 0
    want = sync_error(sc.quat_normalize_wxyz, bad)
    euler_async(gimbal_lock(10, [3]), stream=5)  # the record holds a warning: not empty
    lib, record = runtime.driver.lib, runtime.records[0].value
    copy = lib.cuMemcpyDtoHAsync_v2

    def copy_then_fail(dst, src, n, stream):
        rc = copy(dst, src, n, stream)
        if src == record:  # the other stream's launch runs now
            with sc.cuda_async():
                sc.quat_normalize_wxyz(EmuArray.from_numpy(bad, stream=5))
        return rc
    lib.cuMemcpyDtoHAsync_v2 = copy_then_fail
    try:  # the copy it read held a warning only: nothing raised, the warning left to the check
        result, warned = run(sc.quat_normalize_wxyz, EmuArray.from_numpy(np.ones((10, 4)), stream=7))
    finally:
        lib.cuMemcpyDtoHAsync_v2 = copy
    assert not isinstance(result, sc.Error)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(sc.Error) as e:
            sc.cuda_check()
    assert_same_error(e.value, want)
    assert warned == []
    assert len([w for w in caught if issubclass(w.category, sc.StatusWarning)]) == 1
    assert sc.cuda_check() is None


def test_a_check_raises_the_failure_when_warnings_are_errors(variant, emulated):
    """A record with a warning and a failure: the check raises the failure
    and warns the warning; under warnings.simplefilter("error") the
    warning (now an exception) does not replace the failure."""
    bad = np.ones((50, 4))
    bad[7] = 0
    want = sync_error(sc.quat_normalize_wxyz, bad)
    for turned_into_errors in (False, True):
        euler_async(gimbal_lock(10, [3]))
        with sc.cuda_async():
            sc.quat_normalize_wxyz(EmuArray.from_numpy(bad))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("error" if turned_into_errors else "always")
            with pytest.raises(sc.Error) as e:
                sc.cuda_check()
        assert_same_error(e.value, want)
        assert len(caught) == (0 if turned_into_errors else 1)
        assert sc.cuda_check() is None
    euler_async(gimbal_lock(10, [3]))  # a warning alone: the filter turns it into an exception
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(sc.StatusWarning):
            sc.cuda_check()


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_asynchronous_warnings_are_warned_by_the_check(dtype, variant, emulated):
    """A warning status (gimbal lock) in the asynchronous mode: nothing at
    the call; the check warns the first warning call's StatusWarning, with
    the synchronous message, and counts the warned elements of later calls."""
    q = np.tile([1.0, 0.0, 0.0, 0.0], (600, 1))
    q[[17, 260, 261, 599]] = [np.cos(np.pi / 4), 0.0, np.sin(np.pi / 4), 0.0]
    q = q.astype(dtype)
    _, want = run(sc.euler_from_quat_wxyz, q, sc.EulerSeq.XYZ, sc.EulerKind.INTRINSIC)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with sc.cuda_async():
            sc.euler_from_quat_wxyz(EmuArray.from_numpy(q), sc.EulerSeq.XYZ, sc.EulerKind.INTRINSIC)
    _, got = run(sc.cuda_check)
    assert got == want and "4 of 600" in got[0]
    with sc.cuda_async():
        for _ in range(3):
            sc.euler_from_quat_wxyz(EmuArray.from_numpy(q), sc.EulerSeq.XYZ, sc.EulerKind.INTRINSIC)
    _, got = run(sc.cuda_check)
    assert got == [want[0] + " (and 8 warned element(s) of later asynchronous calls)"]
    assert run(sc.cuda_check) == (None, [])


def test_capture_needs_a_warm_up(emulated, fresh_runtime):
    """Loading a kernel and allocating the failure record cannot be
    captured: inside capture, before a first call outside it, an Error
    that says so, and the capture stays valid."""
    stream = 0x6A2
    q = EmuArray.from_numpy(np.ones((10, 4)), stream=stream)
    with sc.cuda_async():
        with emulated.capture(stream) as graph:
            with pytest.raises(sc.Error, match="warm-up"):
                sc.quat_conj_wxyz(q)
    assert emulated.graph_nodes(graph[0])["kernel"] == 0
    emulated.lib.cuGraphDestroy(graph[0])
    with sc.cuda_async():
        sc.quat_conj_wxyz(q)
        with emulated.capture(stream) as graph:
            sc.quat_conj_wxyz(q)
    assert emulated.graph_nodes(graph[0])["kernel"] == 1
    emulated.lib.cuGraphDestroy(graph[0])


def test_a_host_synchronization_inside_capture_fails_the_capture(emulated):
    """The emulator refuses what the driver refuses during capture: a
    host synchronization invalidates it (what a synchronous call would do)."""
    with emulated.context():
        assert emulated.lib.cuStreamBeginCapture_v2(ctypes.c_void_p(0x6A3), 0) == 0
        assert emulated.lib.cuStreamSynchronize(ctypes.c_void_p(0x6A3)) == 900
        graph = ctypes.c_void_p()
        assert emulated.lib.cuStreamEndCapture(ctypes.c_void_p(0x6A3), ctypes.byref(graph)) == 901


def test_a_captured_stream_cannot_wait_for_an_uncaptured_one(emulated):
    """As the driver, the emulator refuses a captured stream's wait for an
    event recorded outside the capture (and invalidates the capture)."""
    ev = ctypes.c_void_p()
    with emulated.context():
        assert emulated.lib.cuEventCreate(ctypes.byref(ev), 2) == 0
        assert emulated.lib.cuEventRecord(ev, ctypes.c_void_p(5)) == 0
        assert emulated.lib.cuStreamBeginCapture_v2(ctypes.c_void_p(0x6A4), 0) == 0
        assert emulated.lib.cuStreamWaitEvent(ctypes.c_void_p(0x6A4), ev, 0) == 906
        graph = ctypes.c_void_p()
        assert emulated.lib.cuStreamEndCapture(ctypes.c_void_p(0x6A4), ctypes.byref(graph)) == 901
        assert emulated.lib.cuEventDestroy_v2(ev) == 0


def test_capture_needs_every_array_on_the_captured_stream(variant, emulated):
    """Inside capture, an array on a stream outside the capture is refused
    with an Error that says so (nothing captured, the capture valid); the
    same call with every array on the captured stream is captured."""
    stream = 0x6A5
    q = EmuArray.from_numpy(np.ones((10, 4)), stream=stream)
    p = EmuArray.from_numpy(np.ones((10, 4)), stream=5)
    out = EmuArray.from_numpy(np.zeros((10, 4)), stream=stream)
    with sc.cuda_async():
        sc.quat_mul_wxyz(q, p, out=out)  # warm-up
        with emulated.capture(stream) as graph:
            with pytest.raises(sc.Error, match="capturing stream"):
                sc.quat_mul_wxyz(q, p, out=out)
            sc.quat_mul_wxyz(q, EmuArray.from_numpy(np.ones((10, 4)), stream=stream), out=out)
    assert emulated.graph_nodes(graph[0]) == {"memset": 0, "kernel": 1, "event_record": 0, "event_wait": 0}
    emulated.lib.cuGraphDestroy(graph[0])
    assert sc.cuda_check() is None


class TorchLike(EmuArray):
    """An EmuArray taken for a PyTorch tensor (see the test below): it
    keeps the streams record_stream marked it used on."""

    device = "cuda:0"

    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.used_on = []

    def record_stream(self, stream):
        self.used_on.append(stream)


def test_asynchronous_calls_mark_torch_tensors_used_on_the_launch_stream(variant, emulated, monkeypatch):
    """An asynchronous call returns before its kernel reads and writes its
    arrays: a PyTorch tensor ordered on another stream than the launch's
    is marked used on the launch's stream (Tensor.record_stream), so that
    PyTorch's caching allocator keeps its memory until the kernel is done.
    A synchronous call (it waits for the kernel) and a tensor on the launch
    stream need no mark. (No PyTorch CUDA here: tensors are stood in for.)"""
    is_torch = _cuda._api.is_torch
    monkeypatch.setattr(_cuda._api, "is_torch", lambda x: isinstance(x, TorchLike) or is_torch(x))
    monkeypatch.setattr(_cuda, "_torch_stream", lambda handle, device: ("stream", handle, device))
    q = EmuArray.from_numpy(np.ones((10, 4)), stream=5)
    p = TorchLike.from_numpy(np.ones((10, 4)), stream=7)
    out = TorchLike.from_numpy(np.zeros((10, 4)), stream=5)
    sc.quat_mul_wxyz(q, p, out=out)
    assert p.used_on == [] and out.used_on == []
    with sc.cuda_async():
        sc.quat_mul_wxyz(q, p, out=out)
    assert p.used_on == [("stream", 5, "cuda:0")] and out.used_on == []
    assert sc.cuda_check() is None


def test_every_kind_of_new_result_is_ordered_like_an_array_result(variant, emulated, monkeypatch):
    """Every new result is one of the arrays a launch is ordered against:
    arrays, the reals a function returns, and the fields of a Body. A new
    result is made like its first input, on the launch stream, so no real
    call needs the order; the stand-in here makes it on another stream
    (11) so that the test sees it: the launch waits for that stream and
    marks the result used on the launch stream."""
    is_torch = _cuda._api.is_torch
    monkeypatch.setattr(_cuda._api, "is_torch", lambda x: isinstance(x, TorchLike) or is_torch(x))
    monkeypatch.setattr(_cuda, "_torch_stream", lambda handle, device: ("stream", handle, device))
    monkeypatch.setattr(_cuda, "empty_like_kind",
                        lambda template, shape, dtype: TorchLike.empty(shape, dtype, stream=11))
    rng = np.random.default_rng(21)
    a, b = rng.normal(size=(6, 4)), rng.normal(size=(6, 4))
    pose, com = np.hstack([rng.normal(size=(6, 3)), a]), rng.normal(size=(6, 3))
    q, p = EmuArray.from_numpy(a, stream=5), EmuArray.from_numpy(b, stream=5)
    with sc.cuda_async():
        sc.quat_mul_wxyz(q, p)  # the first call makes the device's failure record
        calls = [(sc.quat_mul_wxyz, (a, b)), (sc.quat_angle_wxyz, (a, b)),
                 (sc.body_from_pose, (pose, "newton", com))]
        for fn, args in calls:
            emulated.reset()
            got = fn(*[EmuArray.from_numpy(x, stream=5) if isinstance(x, np.ndarray) else x
                       for x in args])
            made = list(got) if isinstance(got, sc.Body) else [got]
            assert counts(emulated)["event_waits"] == 1, fn.__name__
            assert emulated.stats()["stream"] == 5, fn.__name__
            assert all(r.used_on == [("stream", 5, "cuda:0")] for r in made), fn.__name__
            want = fn(*args)
            for r, w in zip(made, list(want) if isinstance(want, sc.Body) else [want]):
                assert_identical(w, r, fn.__name__ + " asynchronous")
    assert sc.cuda_check() is None
