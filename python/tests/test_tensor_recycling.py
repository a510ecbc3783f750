"""Small CPU tensor results recycled by spatial_conv._tensor.

Making a tensor costs about twice a whole small call on NumPy arrays, so
_tensor keeps its last few small results and hands one out again when
nothing else can reach it. These tests check the promise that makes this
invisible: a recycled result is never one anything else can still see
(another name, a view, a NumPy array, a weak reference, a storage, an
autograd graph, a DLPack capsule), and it looks exactly like a new tensor
(no grad, names, attributes, shape changes, foreign memory, version count,
or inference flag carried over).
"""
import gc
import os
import subprocess
import sys
import weakref

import numpy as np
import pytest

import spatial_conv as sc
from spatial_conv import _fast

RECYCLED = 8                 # _tensor.cpp: results kept
RECYCLED_MAX_BYTES = 64 * 1024


@pytest.fixture
def torch():
    """torch, with the fast path's tensors going through spatial_conv._tensor"""
    torch = pytest.importorskip("torch")
    sc.quat_conj_wxyz(torch.zeros(1, 4, dtype=torch.float64))  # loads _tensor
    if not _fast.tensor_api():
        pytest.skip("spatial_conv._tensor was not built (Debian: apt-get install libtorch-dev)")
    before = _fast.set_tensor_api(True)
    flush = [sc.quat_conj_wxyz(torch.zeros(5, 4, dtype=torch.float64)) for _ in range(RECYCLED)]
    del flush  # the list holds only these, unchanged: no test sees another's results
    yield torch
    _fast.set_tensor_api(before)


def quats(torch, n, dtype=None, seed=0):
    q = np.random.default_rng(seed).normal(size=(n, 4))
    return torch.from_numpy(q).to(dtype or torch.float64)


def conj(q):
    """quat_conj_wxyz's result, computed here"""
    return q * q.new_tensor([1.0, -1.0, -1.0, -1.0])


def test_a_dropped_result_is_handed_out_again(torch):
    for dtype in (torch.float64, torch.float32):
        q = quats(torch, 3, dtype)
        a = sc.quat_conj_wxyz(q)
        ident, memory = id(a), a.data_ptr()
        del a
        b = sc.quat_conj_wxyz(q)
        assert id(b) == ident and b.data_ptr() == memory, dtype
        assert b.dtype == dtype and torch.equal(b, conj(q))


def test_a_loop_that_keeps_its_last_result_cycles_two_tensors(torch):
    """r = f(x) each step (the old r is still bound during the call) hands
    out two tensors in turn. A tensor allocated and kept after each call
    takes the memory a freed result leaves, so new results could not
    come back at the same address."""
    q = quats(torch, 64)
    seen, blockers = set(), []
    r = None
    for _ in range(50):
        r = sc.quat_conj_wxyz(q)
        seen.add(id(r))
        blockers.append(torch.empty(0))
    assert len(seen) == 2 and torch.equal(r, conj(q))


def test_two_results_of_one_call_are_two_tensors(torch):
    pose = torch.tensor([0.1, 0.2, 0.3, 1.0, 0.0, 0.0, 0.0], dtype=torch.float64)
    twist = torch.tensor([1.0, 2.0, 3.0, 0.4, 0.5, 0.6], dtype=torch.float64)
    com = torch.tensor([0.01, 0.02, 0.03], dtype=torch.float64)
    iquat = torch.tensor([1.0, 0.0, 0.0, 0.0], dtype=torch.float64)
    args = ("isaaclab3", pose, twist, "mujoco_free", com, iquat)
    want = sc.state_convert(*[a.numpy() if isinstance(a, torch.Tensor) else a for a in args])
    for _ in range(3 * RECYCLED):
        p, t = sc.state_convert(*args)
        assert p.data_ptr() != t.data_ptr()
        assert np.array_equal(p.numpy(), want[0]) and np.array_equal(t.numpy(), want[1])


def holders(torch):
    """(what, hold, intact): hold(r) returns something through which r stays
    in use, or through which a handed-out r would be seen; intact(held, s)
    says, after later calls whose last result is s, that r was never handed
    out (its values, 7, unchanged; or r released, as a dropped result with
    nothing but a weak reference is). Object identity is not compared: a
    released r's address may be a later result's."""
    from torch.multiprocessing.reductions import StorageWeakRef
    from torch.utils.dlpack import from_dlpack, to_dlpack

    def sevens(t):
        return bool((t == 7.0).all())

    def saved_for_backward(r):
        w = torch.ones_like(r, requires_grad=True)
        return (w * r).sum(), w  # the graph saves r

    def gradient_is_r(held, s):
        loss, w = held
        loss.backward()
        return sevens(w.grad)

    return [("another name", lambda r: r, lambda h, s: sevens(h)),
            ("a list", lambda r: [r], lambda h, s: sevens(h[0])),
            ("a view", lambda r: r[1:], lambda h, s: sevens(h)),
            ("a reshaped view", lambda r: r.view(-1), lambda h, s: sevens(h)),
            ("a NumPy array", lambda r: r.numpy(), lambda h, s: sevens(torch.from_numpy(h))),
            ("its storage", lambda r: r.storage(), lambda h, s: sevens(torch.tensor(h.tolist()))),
            ("a weak reference", weakref.ref, lambda h, s: h() is None),
            ("its __dict__", lambda r: r.__dict__, lambda h, s: s.__dict__ is not h),
            ("a weak reference to its storage", lambda r: StorageWeakRef(r.storage()),
             lambda h, s: h.expired()),
            ("a weak reference to its TensorImpl", torch._C._WeakTensorRef, lambda h, s: h.expired()),
            ("a DLPack capsule", to_dlpack, lambda h, s: sevens(from_dlpack(h))),
            ("an autograd graph", saved_for_backward, gradient_is_r)]


@pytest.mark.parametrize("what", [w for w, _, _ in holders(pytest.importorskip("torch"))])
def test_a_result_in_use_is_never_handed_out(torch, what):
    _, hold, intact = next(h for h in holders(torch) if h[0] == what)
    q = quats(torch, 3)
    r = sc.quat_conj_wxyz(q)
    r.fill_(7.0)
    held = hold(r)
    del r
    for _ in range(3 * RECYCLED):
        s = None  # each call may take back the last result: a wrongly taken r comes last
        s = sc.quat_conj_wxyz(q)
        assert torch.equal(s, conj(q))
    assert intact(held, s), what


def test_a_result_with_an_attribute_is_not_handed_out(torch):
    q = quats(torch, 3)
    r = sc.quat_conj_wxyz(q)
    r.tag = "mine"
    del r
    for _ in range(3 * RECYCLED):
        assert not hasattr(sc.quat_conj_wxyz(q), "tag")


def fresh(torch, r, shape):
    """whether r looks like a new tensor of that shape"""
    strides = tuple(int(np.prod(shape[k + 1:])) for k in range(len(shape)))
    return (type(r) is torch.Tensor and tuple(r.shape) == shape and r.stride() == strides
            and r.storage_offset() == 0 and not r.requires_grad and r.grad is None
            and r.grad_fn is None and all(n is None for n in r.names) and not r.is_shared()
            and not r.is_neg() and not r.is_conj() and not r.is_inference()
            and r._version == 0 and not r.__dict__ and r.storage().size() == r.numel())


def changes(torch):
    """(what, bodies, change): change(r) alters a result of that many
    quaternions, which is then dropped"""
    def set_grad(r):
        r.requires_grad_()
        r.grad = torch.ones_like(r)
        r.requires_grad_(False)

    def hook(r):
        r.requires_grad_()
        r.register_hook(lambda g: g)
        r.requires_grad_(False)

    def zeros(*shape):
        return torch.zeros(*shape, dtype=torch.float64)

    def set_data(r, value):
        r.data = value

    return [("needed grad", 4, lambda r: r.requires_grad_().requires_grad_(False)),
            ("had a grad", 4, set_grad),
            ("had a hook", 4, hook),
            ("named", 4, lambda r: r.rename_("body", "real")),
            ("resized larger and back", 4, lambda r: r.resize_(100).resize_(4, 4)),
            ("transposed in place", 4, lambda r: r.t_()),
            ("reshaped in place", 4, lambda r: r.resize_(2, 8)),
            ("shared memory", 4, lambda r: r.share_memory_()),
            ("written in place", 4, lambda r: r.add_(1.0)),
            ("its memory replaced", 4, lambda r: r.set_(zeros(4, 4))),
            ("its class changed", 4, lambda r: setattr(r, "__class__", torch.nn.Parameter)),
            ("its negative bit set", 4, lambda r: torch._C._set_neg(r, True)),
            ("its data a negative view", 4, lambda r: set_data(r, zeros(4, 4)._neg_view())),
            ("its data replaced (.data)", 4, lambda r: set_data(r, zeros(4, 4))),
            ("a size-1 axis given another stride (as_strided_)", 1,
             lambda r: r.as_strided_((1, 4), (1000, 1))),
            ("a size-1 axis given another stride (.data)", 1,
             lambda r: set_data(r, zeros(4, 1).t()))]


@pytest.mark.filterwarnings("ignore:Named tensors")
@pytest.mark.parametrize("what", [w for w, _, _ in changes(pytest.importorskip("torch"))])
def test_a_handed_out_result_looks_new(torch, what):
    _, n, change = next(c for c in changes(torch) if c[0] == what)
    q = quats(torch, n)
    r = sc.quat_conj_wxyz(q)
    change(r)
    del r
    gc.collect()
    for _ in range(3 * RECYCLED):
        s = sc.quat_conj_wxyz(q)
        assert fresh(torch, s, (n, 4)), what
        assert torch.equal(s, conj(q))


def test_a_module_converted_in_place_leaves_no_version_counter_behind(torch):
    """nn.Module.float() replaces a parameter's .data without a write: the
    parameter kept the dropped result's version counter, and an optimizer
    step on it must not count as a write to a later result."""
    q = quats(torch, 4)
    m = torch.nn.Module()
    m.w = torch.nn.Parameter(sc.quat_conj_wxyz(q))
    m.float()
    opt = torch.optim.SGD(m.parameters(), lr=0.1)
    for _ in range(3 * RECYCLED):
        s = sc.quat_conj_wxyz(q)
        x = torch.ones(4, 4, dtype=torch.float64, requires_grad=True)
        loss = (x * s).sum()
        m.w.grad = torch.ones(4, 4)
        opt.step()
        assert s._version == 0
        loss.backward()


def test_a_version_counter_shared_with_another_tensor(torch):
    """A result whose version counter another tensor shares (a detached
    tensor given other data) gets a counter of its own: writing that tensor
    must not count as a write to the new result."""
    q = quats(torch, 4)
    r = sc.quat_conj_wxyz(q)
    other = r.detach()
    other.data = torch.zeros(4, 4, dtype=torch.float64)  # no write: the count stays 0
    del r
    for _ in range(3 * RECYCLED):
        s = sc.quat_conj_wxyz(q)
        other.add_(1.0)
        assert s._version == 0


def test_foreign_memory_is_never_written(torch):
    """A result made to point at a NumPy array's memory (set_) and dropped:
    later results must not be written there."""
    q = quats(torch, 3)
    a = np.full((3, 4), 7.0)
    r = sc.quat_conj_wxyz(q)
    r.set_(torch.from_numpy(a))
    del r
    for _ in range(3 * RECYCLED):
        assert torch.equal(sc.quat_conj_wxyz(q), conj(q))
    assert (a == 7.0).all()


def test_inference_mode_is_the_callers(torch):
    """A result made in inference mode is an inference tensor, one made
    outside it is not, whichever was dropped before."""
    q = quats(torch, 3)
    with torch.inference_mode():
        r = sc.quat_conj_wxyz(q)
        assert r.is_inference()
        del r
    for _ in range(3 * RECYCLED):
        s = sc.quat_conj_wxyz(q)
        assert not s.is_inference() and s._version == 0
    del s
    with torch.inference_mode():
        for _ in range(3 * RECYCLED):
            assert sc.quat_conj_wxyz(q).is_inference()


def test_the_list_keeps_the_last_small_results(torch):
    """The last RECYCLED results are kept, none larger than 64 KiB: a larger
    one is freed at its last reference. (Each result here has its own
    shape and a weak reference to its TensorImpl, which no call inspects
    before comparing shapes.)"""
    refs = [torch._C._WeakTensorRef(sc.quat_conj_wxyz(quats(torch, n)))
            for n in range(1, 3 * RECYCLED + 1)]
    assert [not r.expired() for r in refs] == [False] * 2 * RECYCLED + [True] * RECYCLED
    n = RECYCLED_MAX_BYTES // 32  # quaternions of 32 bytes: 64 KiB
    at_limit = weakref.ref(sc.quat_conj_wxyz(quats(torch, n)))
    assert at_limit() is not None
    over = weakref.ref(sc.quat_conj_wxyz(quats(torch, n + 1)))
    assert over() is None


def test_a_watched_result_is_released_after_the_next_call(torch):
    """A dropped result with a weak reference, an attribute or a hook can
    never be handed out: the next call that makes a small result, of any
    shape, releases it once its loop is done (the callback runs then)."""
    def hooked(r, cb):
        class Watched:
            pass
        w = Watched()
        weakref.finalize(w, cb)
        r.requires_grad_()
        r.register_hook(lambda g, w=w: g)  # the hook holds w
        r.requires_grad_(False)

    q, other = quats(torch, 3), quats(torch, 5)
    for watch in (lambda r, cb: weakref.finalize(r, cb),
                  lambda r, cb: setattr(r, "tag", weakref.finalize(r, cb)),
                  hooked):
        fired = []
        r = sc.quat_conj_wxyz(q)
        watch(r, lambda: fired.append(len(fired)))
        del r
        assert not fired
        sc.quat_conj_wxyz(other)
        assert fired == [0]


def test_a_loop_releases_what_a_dropped_result_held(torch):
    """r = f(x) in a loop takes back the same two results: a dropped one
    that a WeakKeyDictionary keys on is released all the same."""
    q = quats(torch, 3)
    cache = weakref.WeakKeyDictionary()
    r = sc.quat_conj_wxyz(q)
    cache[r] = np.zeros(1000)
    del r
    for _ in range(100):
        r = sc.quat_conj_wxyz(q)
    assert len(cache) == 0


def test_a_release_during_a_call_cannot_free_its_inputs(torch):
    """Releasing a dropped result can run Python code (a weak reference's
    callback) that frees a call's input memory: it runs after the call."""
    q = quats(torch, 2000)
    original = q.clone()
    r = sc.quat_conj_wxyz(q)

    def callback(_):
        q.set_(torch.full((2000, 4), 5.0, dtype=torch.float64))  # frees q's memory
        callback.junk = [torch.full((2000, 4), 9.0, dtype=torch.float64) for _ in range(4)]

    watch = weakref.ref(r, callback)
    del r
    s = sc.quat_conj_wxyz(quats(torch, 3))  # releases r after its loop
    assert watch() is None and hasattr(callback, "junk")
    del s
    q.copy_(original)
    r = sc.quat_conj_wxyz(q)
    watch = weakref.ref(r, callback)
    del r
    s = sc.quat_conj_wxyz(q)  # the same shape: r is released after s is made from q
    assert torch.equal(s, conj(original))


def test_the_list_is_released_at_exit(torch, tmp_path):
    script = tmp_path / "exit.py"
    script.write_text(
        "import weakref, torch, spatial_conv as sc\n"
        "r = sc.quat_conj_wxyz(torch.zeros(3, 4, dtype=torch.float64))\n"
        "weakref.finalize(r, print, 'released')\n"
        "del r\n"
        "print('exiting')\n")
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(sc.__file__)))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env,
                         check=True).stdout
    assert out.split() == ["exiting", "released"]


def test_no_recycling_without_libtorch_reader(torch):
    q = quats(torch, 3)
    _fast.set_tensor_api(False)
    a = sc.quat_conj_wxyz(q)
    ref = weakref.ref(a)
    del a
    assert ref() is None


def test_random_calls_never_touch_live_results(torch):
    """Seeded random calls of several shapes and dtypes, their results kept,
    viewed and dropped at random: every result is right, no live result
    changes, and no two live results share memory."""
    rng = np.random.default_rng(11)
    inputs = [quats(torch, n, dtype, seed=n) for n in (1, 3, 64)
              for dtype in (torch.float64, torch.float32)]
    live = []  # (result or a view of it, a copy of its values)
    for _ in range(2000):
        q = inputs[rng.integers(len(inputs))]
        r = sc.quat_conj_wxyz(q)
        assert torch.equal(r, conj(q))
        for held, values in live:
            assert torch.equal(held, values)
        if rng.random() < 0.3:
            held = r if rng.random() < 0.5 else r[:1]
            live.append((held, held.clone()))
        if live and rng.random() < 0.3:
            live.pop(rng.integers(len(live)))
        ptrs = [h.storage().data_ptr() for h, _ in live]
        assert len(set(ptrs)) == len(ptrs)
