"""The element functions' fast path (ElementFunction.fast_call: arrays of one
dtype and batch shape, out= arrays that share no memory with the inputs)
against the general path (ElementFunction.__call__) on the valid calls of
test_every_function.py, in the layouts where the two could diverge:
contiguous and strided inputs, a batch stacked or broadcast, float32,
CPU tensors, out= fresh, in place, overlapping or of the other dtype, a
non-finite input. Both must give the same results (bit for bit, same
types, shapes and dtypes), the same Error messages and the same warnings,
pointing at the caller's line.
"""
import inspect
import warnings

import numpy as np
import pytest

import spatial_conv as sc
from spatial_conv import _api, _fast
import test_every_function as every
from test_fuzz import same


def element_cases():
    out = []
    for c in every.VALID:
        f = getattr(sc, c.name)
        if getattr(f, "_impl", None) is not None and not c.kwargs:
            out.append(c)
    return out


CASES = element_cases()


def libtorch_reader_loaded(torch):
    """Whether _fast.c reads tensors through spatial_conv._tensor (loaded
    when a call first meets a tensor)."""
    sc.quat_conj_wxyz(torch.zeros(1, 4, dtype=torch.float64))
    return _fast.tensor_api()


@pytest.fixture(params=["libtorch", "attributes"])
def tensor_reader(request):
    """torch, with _fast.c reading tensors through spatial_conv._tensor
    (libtorch's C++ API) or through their Python attributes: each tensor
    test runs with both."""
    torch = pytest.importorskip("torch")
    if request.param == "libtorch" and not libtorch_reader_loaded(torch):
        pytest.skip("spatial_conv._tensor was not built (Debian: apt-get install libtorch-dev)")
    before = _fast.set_tensor_api(request.param == "libtorch")
    yield torch
    _fast.set_tensor_api(before)


def outcome(call):
    """("ok", result) | ("error", message) with the warnings' (category,
    message, file) recorded"""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            r = "ok", call()
        except sc.Error as e:
            r = "error", str(e)
        except TypeError as e:
            r = "typeerror", str(e)
    return r, [(x.category, str(x.message)) for x in w]


def real_positions(f, args):
    """Positions of the real array arguments (float arrays, Body fields)."""
    return [i for i, (a, v) in enumerate(zip(f._impl.inputs, args))
            if a.role in ("in", "scalar", "body_in")]


def mapped(f, args, change):
    """args with change(array) applied to every real array (and Body field)."""
    out = list(args)
    for i in real_positions(f, args):
        v = args[i]
        if isinstance(v, sc.Body):
            out[i] = sc.Body(*(change(np.asarray(x, float)) for x in v))
        elif v is not None:
            out[i] = change(np.asarray(v, float))
    return tuple(out)


def strided(a):
    if not a.ndim:
        return a
    big = np.zeros(a.shape[:-1] + (a.shape[-1] + 3,), a.dtype)
    view = big[..., 1:a.shape[-1] + 1]
    view[...] = a
    return view


LAYOUTS = {
    "contiguous": lambda a: np.ascontiguousarray(a),
    "float32": lambda a: a.astype(np.float32),
    "strided": strided,
    "stacked batch": lambda a: np.stack([a, a * 0.5, a]),
    "broadcast batch": lambda a: np.broadcast_to(a, (3,) + a.shape),
    "2-d batch": lambda a: np.stack([np.stack([a, a]), np.stack([a, a])]),
    "empty batch": lambda a: np.zeros((0,) + a.shape),
    "NaN": lambda a: np.where(np.arange(a.size).reshape(a.shape) == 0, np.nan, a),
    # each element's reals not contiguous, one element as well as a batch
    "reals strided": lambda a: np.stack([a, a * 0.5], axis=-1)[..., 0] if a.ndim else a,
    "reals reversed": lambda a: a[..., ::-1].copy()[..., ::-1] if a.ndim else a,
    "reals broadcast": lambda a: np.broadcast_to(a.flat[0], a.shape) if a.size else a,
}


def check_same(f, args, kwargs, what):
    fast = outcome(lambda: f(*args, **kwargs))
    general = outcome(lambda: f._impl(*args, **kwargs))
    (fk, fr), fw = fast
    (gk, gr), gw = general
    assert fk == gk, f"{what}: fast {fk} {fr!r:.300} but general {gk} {gr!r:.300}"
    if fk == "ok":
        assert same(fr, gr), f"{what}: fast {fr!r:.300} but general {gr!r:.300}"
        assert type(fr) is type(gr), f"{what}: fast gives {type(fr)}, general {type(gr)}"
    else:
        assert fr == gr, f"{what}: fast {fr!r} but general {gr!r}"
    assert fw == gw, f"{what}: warnings {fw} but general {gw}"
    return fast


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_fast_path_matches_general_path(layout):
    for c in CASES:
        f = getattr(sc, c.name)
        args = mapped(f, c.args, LAYOUTS[layout])
        check_same(f, args, {}, f"{c.name} {layout}")
        check_same(f, args, {"check_finite": False}, f"{c.name} {layout} check_finite=False")


@pytest.mark.parametrize("layout", ["contiguous", "float32", "stacked batch", "strided", "empty batch"])
def test_fast_path_out_matches_general_path(layout):
    for c in CASES:
        f = getattr(sc, c.name)
        if not f._impl.out_ok:
            continue
        args = mapped(f, c.args, LAYOUTS[layout])
        (kind, r), _ = outcome(lambda: f._impl(*args))
        if kind != "ok":
            continue
        results = r if isinstance(r, tuple) else (r,)
        if not all(isinstance(x, np.ndarray) for x in results):
            continue
        for label, make in (("fresh", np.empty_like),
                            ("other dtype", lambda x: np.empty(x.shape, np.float32 if x.dtype == np.float64
                                                               else np.float64)),
                            ("strided", lambda x: strided(np.zeros(x.shape, x.dtype)))):
            outs = [make(x) for x in results]
            general = [make(x) for x in results]
            for a, b in zip(outs, general):
                a[...] = b[...] = 7.0
            out = outs[0] if len(outs) == 1 else tuple(outs)
            g_out = general[0] if len(general) == 1 else tuple(general)
            (fk, fr), fw = outcome(lambda: f(*args, out=out))
            (gk, gr), gw = outcome(lambda: f._impl(*args, out=g_out))
            assert fk == gk and fw == gw, f"{c.name} {layout} out {label}: {fr!r:.200} / {gr!r:.200}"
            assert all(same(a, b) for a, b in zip(outs, general)), f"{c.name} {layout} out {label}"
            if fk == "ok":
                got = [(a, b) for a, b in zip(fr, out)] if isinstance(out, tuple) else [(fr, out)]
                assert all(a is b for a, b in got), f"{c.name} {layout} out {label}: not the out object"


def test_fast_path_out_in_place_and_overlap():
    """An out that is an input (in place) or overlaps one: the fast path
    hands it to the general path, which converts in place or refuses."""
    for c in CASES:
        f = getattr(sc, c.name)
        if not f._impl.out_ok:
            continue
        (kind, r), _ = outcome(lambda: f._impl(*c.args))
        if kind != "ok" or isinstance(r, tuple) or not isinstance(r, np.ndarray) or r.size < 2:
            continue
        for i in real_positions(f, c.args):
            v = c.args[i]
            if not isinstance(v, np.ndarray) or v.dtype != r.dtype:
                continue
            for label in ("in place", "overlapping"):
                runs = []
                for _ in range(2):
                    buf = np.zeros(v.size + r.size + 1, r.dtype)
                    inp = buf[:v.size].reshape(v.shape)
                    inp[...] = v
                    out = inp if label == "in place" and v.shape == r.shape else \
                        buf[1:1 + r.size].reshape(r.shape)
                    args = list(c.args)
                    args[i] = inp
                    runs.append((out, args))
                (fk, fr), _ = outcome(lambda: f(*runs[0][1], out=runs[0][0]))
                (gk, gr), _ = outcome(lambda: f._impl(*runs[1][1], out=runs[1][0]))
                what = f"{c.name} out {label} {f._impl.names[i]}"
                assert fk == gk and (fk != "error" or fr == gr), f"{what}: {fr!r:.200} / {gr!r:.200}"
                assert same(runs[0][0], runs[1][0]), what


def test_fast_path_tensors(tensor_reader):
    torch = tensor_reader
    for c in CASES:
        f = getattr(sc, c.name)
        args = mapped(f, c.args, lambda a: torch.from_numpy(np.ascontiguousarray(a)))
        (kind, fr), _ = check_same(f, args, {}, f"{c.name} tensors")
        if kind == "ok" and real_positions(f, args):
            results = fr if isinstance(fr, tuple) else (fr,)
            assert all(isinstance(x, (torch.Tensor, sc.Body, type(None))) for x in results), c.name


def test_fast_path_taken():
    """The common calls do take the fast path (else this file tests nothing)."""
    q = np.array([1.0, 0.0, 0.0, 0.0])
    assert sc.quat_xyzw_from_wxyz._impl.fast_call((q,), True, None) is not _api._GENERAL
    pose, twist = np.tile([0, 0, 0, 1.0, 0, 0, 0], (5, 1)), np.ones((5, 6), np.float32)
    assert sc.state_convert._impl.fast_call(
        ("isaaclab3", pose.astype(np.float32), twist, "mujoco_free", np.zeros((5, 3), np.float32),
         np.tile(np.float32([1, 0, 0, 0]), (5, 1))), True, None) is not _api._GENERAL
    taken = sum(sc.__dict__[c.name]._impl.fast_call(c.args, True, None) is not _api._GENERAL
                for c in CASES if all(isinstance(c.args[i], (np.ndarray, sc.Body))
                                      for i in real_positions(getattr(sc, c.name), c.args)))
    assert taken > len(CASES) // 4, taken


def test_fast_path_warns_at_the_callers_line():
    """A C warning status (gimbal lock) warns from the caller's line, on
    the fast path and on the general one (an out of the other dtype)."""
    q = sc.quat_wxyz_from_euler(np.array([[0.3, np.pi / 2, 0.1], [0.1, 0.2, 0.3]]),
                                sc.EULER_XYZ, sc.EULER_EXTRINSIC)
    f = sc.euler_from_quat_wxyz
    with pytest.warns(sc.StatusWarning):
        assert f._impl.fast_call((q, sc.EULER_XYZ, sc.EULER_EXTRINSIC), True, None) is not _api._GENERAL
    for single in (q, q[0]):
        (kind, _), w = check_same(f, (single, sc.EULER_XYZ, sc.EULER_EXTRINSIC), {}, "gimbal lock")
        assert kind == "ok" and len(w) == 1 and w[0][0] is sc.StatusWarning, w
        for out in (None, np.empty(single.shape[:-1] + (3,), np.float32)):
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                line = inspect.currentframe().f_lineno + 1
                f(single, sc.EULER_XYZ, sc.EULER_EXTRINSIC, out=out)
            assert [(x.filename, x.lineno) for x in caught] == [(__file__, line)]


def _views_of_one_buffer(buf, count, k):
    """Input views of buf, (count, k) each: contiguous from every offset,
    rows spread apart (strided, interleaving with what lies between them),
    rows in reverse order, and one element broadcast over the batch."""
    n = buf.size
    views = []
    for start in range(0, n - count * k + 1):
        views.append(buf[start:start + count * k].reshape(count, k))
    for start in range(0, n - 2 * count * k + 1, 3):
        views.append(buf[start:start + 2 * count * k].reshape(count, 2 * k)[:, :k])
    views.append(buf[:count * k].reshape(count, k)[::-1])
    views.append(np.broadcast_to(buf[5:5 + k], (count, k)))
    return views


@pytest.mark.parametrize("name, sizes, out_size", [
    ("quat_xyzw_from_wxyz", (4,), 4), ("twist_from_mujoco_qvel", (6, 4, 3), 6)])
def test_fast_path_out_overlap_test_is_numpys(name, sizes, out_size):
    """The fast path writes into out= exactly when np.may_share_memory finds
    no input within its bounds (adjacent, partly overlapping, interleaved
    strided and reversed views of one buffer), and otherwise gives the call to
    the general path; both then write and raise alike."""
    f = getattr(sc, name)
    count, n = 2, 40
    rng = np.random.default_rng(5)
    base = rng.uniform(0.5, 1.0, n)
    for arg in range(len(sizes)):
        for out_start in range(0, n - count * out_size + 1, 3):
            for view in range(len(_views_of_one_buffer(base, count, sizes[arg]))):
                others = [rng.uniform(0.5, 1.0, (count, s)) for s in sizes]
                runs = []
                for _ in range(2):  # the fast path's call, the general path's
                    buf = base.copy()
                    args = [o.copy() for o in others]
                    args[arg] = _views_of_one_buffer(buf, count, sizes[arg])[view]
                    out = buf[out_start:out_start + count * out_size].reshape(count, out_size)
                    runs.append((buf, args, out))
                (buf, args, out), (g_buf, g_args, g_out) = runs
                shares = np.may_share_memory(out, args[arg])
                taken = f._impl.fast_call(tuple(args), True, out) is not _api._GENERAL
                what = f"{name}: {f._impl.names[arg]} {args[arg].strides} view {view}, out at {out_start}"
                assert taken == (not shares), what
                if not taken:
                    (fk, fr), _ = outcome(lambda: f(*args, out=out))
                    (gk, gr), _ = outcome(lambda: f._impl(*g_args, out=g_out))
                    assert fk == gk and (fk != "error" or fr == gr), f"{what}: {fr!r:.200} / {gr!r:.200}"
                    assert same(buf, g_buf), what


def test_fast_path_out_that_is_an_input_owning_its_memory():
    """An out= array that owns its memory and is itself an input converts
    in place through the general path, as a view of the input does; a
    distinct array that owns its memory is written directly."""
    q = np.array([[0.5, 0.1, -0.3, 0.8], [0.2, 0.4, 0.6, 0.1]])
    f = sc.quat_xyzw_from_wxyz
    assert q.base is None and q.flags.owndata
    assert f._impl.fast_call((q,), True, q) is _api._GENERAL
    want = f(q.copy())
    got = f(q, out=q)
    assert got is q and same(q, want)
    fresh = np.empty_like(q)
    assert f._impl.fast_call((q,), True, fresh) is not _api._GENERAL and same(fresh, f(q))


def test_fast_path_gives_results_that_overlap_to_the_general_path():
    """Contiguous out= arrays of two results that share memory: the fast
    path does not write them, the general path refuses them (naming the
    later); results in arrays of their own are written directly."""
    f = sc.pose_from_mujoco_fromto
    fromto = np.array([[0.0, 0, 0, 0, 0, 2], [1, 0, 0, 1, 0, 3]])
    flat = np.zeros(12)
    out = (flat[0:6].reshape(2, 3), flat[4:12].reshape(2, 4), np.zeros(2))
    assert f._impl.fast_call((fromto,), True, out) is _api._GENERAL
    with pytest.raises(sc.Error, match="overlaps out") as e:
        f(fromto, out=out)
    assert e.value.argument == "out[1]" and not flat.any()
    out = (flat[0:6].reshape(2, 3), np.zeros((2, 4)), flat[6:8])
    assert f._impl.fast_call((fromto,), True, out) is not _api._GENERAL
    for got, want in zip(out, f(fromto)):
        np.testing.assert_array_equal(got, want)


def test_fast_path_out_and_views_of_arrays_owning_their_memory():
    """An out= array that owns its memory is written directly beside an
    input that is a view of another array owning its memory (qpos[:, 3:7]);
    an input that is a view of the out array itself goes to the general
    path, which refuses the overlap as it does for any view."""
    f = sc.twist_from_mujoco_qvel
    qpos = np.tile([0.0, 0, 0, 1, 0, 0, 0], (3, 1))
    qvel, ipos = np.arange(18.0).reshape(3, 6), np.full((3, 3), 0.1)
    out = np.empty((3, 6))
    assert f._impl.fast_call((qvel, qpos[:, 3:7], ipos), True, out) is not _api._GENERAL
    assert same(out, f(qvel, qpos[:, 3:7], ipos))
    buf = np.zeros((3, 6))
    inside = buf[:, 1:5]  # a view of the out array: the quaternions
    inside[...] = [1.0, 0, 0, 0]
    assert f._impl.fast_call((qvel, inside, ipos), True, buf) is _api._GENERAL
    with pytest.raises(sc.Error, match="overlaps the input q_wxyz"):
        f(qvel, inside, ipos, out=buf)


def test_fast_path_strided_tensors(tensor_reader):
    """A CPU tensor that is not contiguous (a column view of engine rows)
    is read through its NumPy view, with the results of contiguous copies."""
    torch = tensor_reader
    qpos = torch.tensor([[0.0, 0, 0, 0.5, 0.1, -0.3, 0.8], [1, 2, 3, 0.2, 0.4, 0.6, 0.1]])
    q = qpos[:, 3:7]
    assert not q.is_contiguous()
    got = sc.quat_xyzw_from_wxyz(q)
    assert isinstance(got, torch.Tensor)
    assert same(got.numpy(), sc.quat_xyzw_from_wxyz(q.contiguous().numpy()))


def test_fast_path_out_returns_as_the_general_path(tensor_reader):
    """out=(arr,) for one result returns arr; tensor inputs with a NumPy
    out= return a tensor sharing out's memory, as the general path does."""
    torch = tensor_reader
    q = np.array([[0.5, 0.5, -0.5, 0.5], [1.0, 0.0, 0.0, 0.0]])
    f = sc.quat_xyzw_from_wxyz
    for inputs in (q, torch.tensor(q)):
        for wrap in (lambda a: a, lambda a: (a,)):
            fast_out, general_out = np.empty((2, 4)), np.empty((2, 4))
            fast = f(inputs, out=wrap(fast_out))
            general = f._impl(inputs, out=wrap(general_out))
            assert type(fast) is type(general)
            assert np.shares_memory(np.asarray(fast), fast_out)
            np.testing.assert_array_equal(np.asarray(fast), np.asarray(general))


def test_fast_path_values_kept_by_value_and_type():
    """A value argument's C bytes are kept per value and type: a float equal
    to an enum value already converted is still refused, as the general
    path refuses it; an int, a NumPy int and a string of that value are
    each accepted."""
    q = np.array([[1.0, 0, 0, 0]])
    f = sc.euler_from_quat_wxyz
    seq = int(sc.EULER_XYZ)
    for good in (sc.EULER_XYZ, seq, np.int64(seq), "xyz"):
        assert f._impl.fast_call((q, good, sc.EULER_EXTRINSIC), True, None) is not _api._GENERAL
        assert same(f(q, good, sc.EULER_EXTRINSIC), f._impl(q, sc.EULER_XYZ, sc.EULER_EXTRINSIC))
    assert f._impl.fast_call((q, float(seq), sc.EULER_EXTRINSIC), True, None) is _api._GENERAL
    with pytest.raises(sc.Error, match="is not a value of spatial_conv.EulerSeq"):
        f(q, float(seq), sc.EULER_EXTRINSIC)


def test_fast_path_tensor_out(tensor_reader):
    """CPU tensors in and a CPU tensor as out=: written where it lies and
    returned itself; a tensor that needs grad, or one of the other dtype,
    goes to the general path."""
    torch = tensor_reader
    q = torch.tensor([[0.5, 0.5, -0.5, 0.5], [1.0, 0.0, 0.0, 0.0]], dtype=torch.float64)
    f = sc.quat_xyzw_from_wxyz
    out = torch.empty(2, 4, dtype=torch.float64)
    assert f._impl.fast_call((q,), True, out) is out
    assert same(out.numpy(), f(q.numpy()))
    assert f._impl.fast_call((q,), True, torch.empty(2, 4, dtype=torch.float32)) is _api._GENERAL
    assert f._impl.fast_call((q.clone().requires_grad_(),), True, None) is _api._GENERAL


def test_fast_path_report_layout_is_the_loops():
    """_fast.c's copy of the loops' report struct has the cffi modules' layout."""
    from spatial_conv import _c32, _c64, _fast
    fields = ("index", "status", "arg", "warnings", "warn_index", "warn_status")
    for mod in (_c64, _c32):
        assert _fast.layout() == (mod.ffi.sizeof("spx_report"),
                                  *(mod.ffi.offsetof("spx_report", f) for f in fields))


def test_fast_path_tensor_reals_strided(tensor_reader):
    """One quaternion as a column of a (4, 2) tensor: its reals 2 apart."""
    torch = tensor_reader
    q = np.array([[0.5, 9.0], [0.5, 9.0], [-0.5, 9.0], [0.5, 9.0]])
    got = sc.quat_conj_wxyz(torch.from_numpy(q)[:, 0])
    assert same(got.numpy(), sc.quat_conj_wxyz(q[:, 0].copy()))


def test_fast_path_tensor_without_memory(tensor_reader):
    """A tensor whose data_ptr() is 0 (an efficient zero tensor) is not read
    by the fast path: the general path takes it."""
    torch = tensor_reader
    make = getattr(torch, "_efficientzerotensor", None)
    if make is None:
        pytest.skip("this PyTorch has no efficient zero tensors")
    z = make((2, 4), dtype=torch.float64)
    assert z.data_ptr() == 0
    assert sc.quat_conj_wxyz._impl.fast_call((z,), True, None) is _api._GENERAL


def test_fast_path_zero_d_out_with_tensors(tensor_reader):
    """Tensor inputs with a 0-d out= (the angle of one quaternion): the
    results are the general path's: out[()] for each, so a NumPy out's
    value comes back as a new 0-d tensor and a tensor out as a view of it."""
    torch = tensor_reader
    q = torch.tensor([0.9, 0.1, -0.3, 0.2], dtype=torch.float64)
    q = q / q.norm()
    f = sc.axis_angle_from_quat_wxyz

    def shares(result, out):
        return np.shares_memory(np.asarray(result), np.asarray(out))

    for make in (np.empty, lambda shape: torch.empty(shape, dtype=torch.float64)):
        fast_outs, general_outs = (make(3), make(())), (make(3), make(()))
        assert f._impl.fast_call((q,), True, fast_outs) is not _api._GENERAL
        fast, general = f(q, out=fast_outs), f._impl(q, out=general_outs)
        for a, b, fo, go in zip(fast, general, fast_outs, general_outs):
            assert type(a) is type(b) and same(np.asarray(a), np.asarray(b))
            assert shares(a, fo) == shares(b, go)


def test_fast_path_large_tensor_results(tensor_reader):
    """Tensor results of 4 MiB and more are made as NumPy arrays and
    wrapped (huge pages), smaller ones directly as tensors: both are
    tensors with the results of the same call on arrays."""
    torch = tensor_reader
    rng = np.random.default_rng(7)
    for n in ((1 << 17) - 1, 1 << 17, 1 << 18):  # results just under, at and over 4 MiB
        q = rng.normal(size=(n, 4))
        got = sc.quat_conj_wxyz(torch.from_numpy(q))
        assert isinstance(got, torch.Tensor) and got.dtype == torch.float64 and got.is_contiguous()
        assert same(got.numpy(), sc.quat_conj_wxyz(q)), n


def test_fast_path_reads_tensors_through_libtorch():
    """Where spatial_conv._tensor was built (libtorch's C++ headers found),
    it is built for the PyTorch in use and _fast.c reads tensors through it."""
    torch = pytest.importorskip("torch")
    try:
        from spatial_conv import _tensor
    except ImportError:
        pytest.skip("spatial_conv._tensor was not built (Debian: apt-get install libtorch-dev)")
    assert _tensor.TORCH_VERSION == torch.__version__
    assert libtorch_reader_loaded(torch)


def declined_tensors(torch):
    """(what, tensor) that the fast path must leave to the general path."""
    q = torch.tensor([[0.5, 0.5, -0.5, 0.5], [1.0, 0.0, 0.0, 0.0]], dtype=torch.float64)
    cases = [("needs grad", q.clone().requires_grad_()),
             ("view of a tensor that needs grad", q.clone().requires_grad_()[:, :]),
             ("a subclass (Parameter)", torch.nn.Parameter(q.clone(), requires_grad=False)),
             ("float16", q.half()), ("int64", q.long()), ("complex", q.to(torch.complex128)),
             ("meta", q.to("meta")), ("sparse", q.to_sparse())]
    neg_view = getattr(torch, "_neg_view", None)
    if neg_view is not None:
        cases.append(("negative bit", neg_view(q)))
    return cases


def test_fast_path_declines_tensors_it_cannot_read(tensor_reader):
    """Tensors that need grad, of a subclass, of another dtype, not on the
    CPU, sparse or with the negative bit, given as inputs or as out=, are
    left to the general path (which takes them or explains the refusal)."""
    torch = tensor_reader
    f = sc.quat_xyzw_from_wxyz
    q = torch.zeros(2, 4, dtype=torch.float64)
    for what, t in declined_tensors(torch):
        assert f._impl.fast_call((t,), True, None) is _api._GENERAL, what
        assert f._impl.fast_call((q,), True, t) is _api._GENERAL, f"out= {what}"
    # a batch whose results cannot be allocated (2^60 quaternions, one
    # real each, broadcast): the general path's Error, naming the argument
    huge = torch.tensor([1.0, 0.0, 0.0, 0.0], dtype=torch.float64).expand(1 << 60, 4)
    assert f._impl.fast_call((huge,), True, None) is _api._GENERAL
    with pytest.raises(sc.Error, match="q_wxyz"):
        f(huge)


def test_fast_path_keeps_no_value_that_can_change():
    """An object that gives its enum value through __index__ is converted
    at every call (it may change between calls); so is a convention, a
    named tuple. A convention equal to one converted before (3840.0 ==
    3840) but of other types is refused as the first time."""
    q = np.array([[0.9, 0.1, -0.3, 0.2]])
    f = sc.euler_from_quat_wxyz

    class Seq:
        def __init__(self, v):
            self.v = v

        def __index__(self):
            return self.v
    seq = Seq(int(sc.EULER_XYZ))
    first = f(q, seq, sc.EULER_EXTRINSIC)
    seq.v = int(sc.EULER_ZYX)
    assert same(f(q, seq, sc.EULER_EXTRINSIC), f(q, sc.EULER_ZYX, sc.EULER_EXTRINSIC))
    assert not same(first, f(q, seq, sc.EULER_EXTRINSIC))
    pose, com = np.array([0.0, 0, 0, 1, 0, 0, 0]), np.zeros(3)
    good = sc.state_convention_from_preset("mujoco_free").pose
    bad = good._replace(layout=float(good.layout))
    assert bad == good
    sc.pose_convert(good, pose, good, com)
    for call in (sc.pose_convert, sc.pose_convert._impl):
        with pytest.raises(sc.Error, match="is not a value of spatial_conv.PoseLayout"):
            call(good, pose, bad, com)


def test_fast_path_declines_a_short_call():
    """fast_call with fewer arguments than the function takes declines."""
    q = np.array([[1.0, 0, 0, 0]])
    assert sc.euler_from_quat_wxyz._impl.fast_call((q,), True, None) is _api._GENERAL
    assert sc.quat_conj_wxyz._impl.fast_call((), True, None) is _api._GENERAL
