"""PyTorch autograd through the element functions: torch.autograd.gradcheck
(central differences of the function itself against the vector-Jacobian
products of the Jacobians that the header computes in forward mode, _d64)
over every element function at the valid points of test_every_function,
near the singular points, with the one-sided derivatives at branches; the
plain path untouched when nothing requires grad; the refusals."""
import inspect
import math

import numpy as np
import pytest

torch = pytest.importorskip("torch")

import spatial_conv as sc  # noqa: E402
from spatial_conv import _api, _autograd, _plan  # noqa: E402

import test_every_function as every  # noqa: E402

PLANS = _plan.element_plans(_api.HEADER)
REAL_ROLES = (_plan.IN, _plan.SCALAR, _plan.BODY_IN)

# Inputs that must lie on a manifold (a rotation matrix checked by C, a
# signed permutation of axes, a 4x4 transform with a rotation block):
# perturbing one entry leaves it, so gradcheck differentiates through a
# parametrization instead: the matrix from a quaternion or a pose, by the
# package's own (itself differentiated) functions.
Q_PARAM = np.array([0.9, 0.1, -0.2, 0.3])  # a rotation that moves a matrix input along its manifold


def rotated(X0):
    """A rotation or reflection X0 as X0 R(q): the leaf q, the map."""
    X0 = torch.tensor(np.asarray(X0, float))
    if X0.shape[-1] == 9:
        X0 = X0.reshape(X0.shape[:-1] + (3, 3))
    return torch.tensor(Q_PARAM, requires_grad=True), lambda q: X0 @ sc.mat_from_quat_wxyz(q)


def transform(T0, bound):
    """A 4x4 transform T0 as T(pose): the leaf pose, the map."""
    layout = bound["layout"]
    pose = torch.tensor(sc.pose_wxyz_from_mat4(T0, layout), requires_grad=True)
    return pose, lambda p: sc.mat4_from_pose_wxyz(p, layout)


ON_MANIFOLD = {"euler_from_mat": {"R": rotated}, "quat_wxyz_from_mat": {"R": rotated},
               "rot6d_from_mat": {"R": rotated},
               "mat_change_world_axes": {"M": rotated, "R": rotated},
               "quat_wxyz_change_world_axes": {"M": rotated},
               "quat_wxyz_change_world_body_axes": {"M_world": rotated, "M_body": rotated},
               "pose_wxyz_from_mat4": {"T": lambda T0, bound: transform(T0, bound)}}
# |M| s: at the zero entries of a signed permutation M the derivative is
# one-sided (test_one_sided_abs); gradcheck takes M as a constant here.
CONSTANT = {"scale_change_axes": ("M",)}


def first_cases():
    """impl name -> the first valid case of test_every_function calling it."""
    out = {}
    for c in every.VALID:
        impl = getattr(getattr(sc, c.name), "_impl", None)
        if impl is not None:
            out.setdefault(impl.name, c)
    return out


CASES = first_cases()
DIFFERENTIABLE = sorted(n for n, p in PLANS.items() if any(a.role in REAL_ROLES for a in p.inputs))


def test_every_element_function_is_covered():
    """Every element function with a real input has a valid case here; the
    others (named constants: axis matrices, presets) have nothing to
    differentiate."""
    assert sorted(set(DIFFERENTIABLE) - set(CASES)) == []
    assert len(DIFFERENTIABLE) >= 120
    no_reals = sorted(set(PLANS) - set(DIFFERENTIABLE))
    assert no_reals == sorted(["up_axis_matrix", "up_axis_quat_wxyz", "vec_from_signed_axis",
                               "axis_conversion", "axis_preset_matrix", "asset_import_matrix",
                               "asset_import_quat_wxyz", "asset_axes_matrix"])


def leaves(name, bound):
    """The real inputs of a call as float64 leaf tensors that require grad,
    and a function of them that makes the call's arguments."""
    plan = PLANS[name]
    slots, tensors = [], []
    for a in plan.inputs:
        v = bound[a.py_name]
        if a.py_name in CONSTANT.get(name, ()):
            continue
        param = ON_MANIFOLD.get(name, {}).get(a.py_name)
        if param is not None:
            leaf, to_arg = param(v) if param is rotated else param(v, bound)
            slots.append((a.py_name, to_arg))
            tensors.append(leaf)
        elif a.role in (_plan.IN, _plan.SCALAR) and v is not None:
            slots.append((a.py_name, None))
            tensors.append(torch.tensor(np.asarray(v, float), requires_grad=True))
        elif a.role == _plan.BODY_IN:
            for j in range(4):
                slots.append((a.py_name, j))
                tensors.append(torch.tensor(np.asarray(v[j], float), requires_grad=True))

    def arguments(*xs):
        args = dict(bound)
        for (arg, field), x in zip(slots, xs):
            if field is None:
                args[arg] = x
            elif callable(field):  # a parametrization
                args[arg] = field(x)
            else:
                args[arg] = args[arg]._replace(**{sc.Body._fields[field]: x})
        return args
    return tensors, arguments


def flat(r):
    """A result (a tensor, a Body, a tuple of them) as a tuple of tensors."""
    if isinstance(r, tuple):
        return tuple(t for x in r for t in flat(x))
    return (r,)


def bound_case(name):
    c = CASES[name]
    f = getattr(sc, c.name)
    b = inspect.signature(f).bind(*c.args, **c.kwargs)
    b.apply_defaults()
    return f, {k: v for k, v in b.arguments.items() if k not in ("check_finite", "out", "dtype")}


@pytest.mark.parametrize("name", DIFFERENTIABLE)
def test_gradcheck_every_function(name):
    f, bound = bound_case(name)
    tensors, arguments = leaves(name, bound)

    def fn(*xs):
        return flat(f(**arguments(*xs)))
    assert torch.autograd.gradcheck(fn, tensors)
    # the values are the plain call's, bit for bit
    plain = flat(_api.to_torch(f(**arguments(*[t.detach() for t in tensors]))))
    for got, want in zip(fn(*tensors), plain):
        np.testing.assert_array_equal(got.detach().numpy(), want.numpy())


def test_docs_state_the_counts():
    """docs/python.md, "Gradients": how many functions, the most lanes."""
    import os
    from spatial_conv import _build
    path = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "python.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lanes = {n: sum(s for _, s in _build.jacobian_lanes(p)[0]) for n, p in PLANS.items()}
    widest = max(lanes, key=lanes.get)
    assert f"({len(DIFFERENTIABLE)} of them; the {len(PLANS) - len(DIFFERENTIABLE)} without" in text
    assert f"({lanes[widest]} at most: `{widest}`)" in text


def gradcheck(f, *xs, **kwargs):
    """gradcheck of f (one call of the package) on float64 leaves xs."""
    leaves_ = [torch.tensor(np.asarray(x, float), requires_grad=True) for x in xs]
    return torch.autograd.gradcheck(lambda *t: flat(f(*t, **kwargs)), leaves_)


def jacobian_column(f, x, j):
    """d f / d x_j (f of one 1-d input, one 1-d result), from autograd."""
    x = torch.tensor(np.asarray(x, float))
    return torch.autograd.functional.jacobian(f, x)[..., j].numpy()


def one_sided(f, x, j, side, h=1e-7):
    """d f / d x_j from one side: (f(x + side h e_j) - f(x)) / (side h)."""
    x = np.asarray(x, float)
    e = np.zeros_like(x)
    e[j] = side * h
    y = lambda v: f(torch.tensor(v)).numpy()  # noqa: E731
    return (y(x + e) - y(x)) / (side * h)


def assert_side(f, x, j, side):
    """The derivative in x_j at a branch point is the one-sided one of the
    side `side` (and differs from the other side's)."""
    got = jacobian_column(f, x, j)
    np.testing.assert_allclose(got, one_sided(f, x, j, side), rtol=1e-5, atol=1e-6)
    assert np.abs(got - one_sided(f, x, j, -side)).max() > 1e-2


# ---------------------------------------------------------------- singular points
def axis_angle_quat(axis, angle):
    axis = np.asarray(axis, float) / np.linalg.norm(axis)
    return np.concatenate([[math.cos(angle / 2)], math.sin(angle / 2) * axis])


def test_zero_rotation():
    """exp and log at a zero rotation, integration with zero angular
    velocity, the exponential of a zero twist, the log of the identity."""
    assert gradcheck(sc.quat_wxyz_from_rotvec, np.zeros(3))
    assert gradcheck(sc.quat_wxyz_from_rotvec, [1e-9, -2e-9, 0.5e-9])
    rv = torch.zeros(3, dtype=torch.float64, requires_grad=True)
    J = torch.autograd.functional.jacobian(sc.quat_wxyz_from_rotvec, rv)
    np.testing.assert_array_equal(J[1:].numpy(), np.eye(3) / 2)  # d q_xyz / d rv = I / 2
    assert gradcheck(sc.rotvec_from_quat_wxyz, [2.0, 0.0, 0.0, 0.0])
    assert gradcheck(sc.rotvec_from_quat_wxyz, [1.0, 1e-9, 0.0, -1e-9])
    assert gradcheck(sc.quat_integrate_body_wxyz, [0.9, 0.1, -0.2, 0.3], np.zeros(3), 0.01)
    assert gradcheck(sc.quat_integrate_world_wxyz, [0.9, 0.1, -0.2, 0.3], np.zeros(3), 0.01)
    assert gradcheck(sc.pose_exp_wxyz, [0.1, 0.2, 0.3, 0.0, 0.0, 0.0], 1.0, order=sc.ORDER_LINEAR_FIRST)
    assert gradcheck(sc.twist_log_wxyz, [0.1, 0.2, 0.3, 1.0, 0.0, 0.0, 0.0], order=sc.ORDER_LINEAR_FIRST)
    assert gradcheck(sc.quat_wxyz_from_axis_angle, [0.3, -0.4, 1.2], 0.0)


def test_angle_near_pi():
    """2e-3 below pi the shortest path does not flip: differentiable."""
    q = axis_angle_quat([0.3, -0.5, 0.8], math.pi - 2e-3)
    assert gradcheck(sc.rotvec_from_quat_wxyz, q)
    assert gradcheck(sc.axis_angle_from_quat_wxyz, q)
    assert gradcheck(sc.quat_angle_wxyz, q, [1.0, 0.0, 0.0, 0.0])
    assert gradcheck(sc.quat_integrate_body_wxyz, q, [0.0, 0.1, 0.0], 0.01)


@pytest.mark.parametrize("seq,kind", [(sc.EULER_XYZ, sc.EULER_EXTRINSIC), (sc.EULER_ZYX, sc.EULER_INTRINSIC),
                                      (sc.EULER_ZXZ, sc.EULER_INTRINSIC)])
def test_near_gimbal_lock(seq, kind):
    """1e-3 from gimbal lock: derivatives of about 1e3, still those of the
    function (the middle angle pi / 2, or 0 for a proper sequence, at exactly
    gimbal lock sets the third angle to 0 and warns: no derivative there)."""
    middle = 0.0 if seq == sc.EULER_ZXZ else math.pi / 2
    angles = [0.4, middle - 1e-3, -0.7]
    q = sc.quat_wxyz_from_euler(angles, seq, kind)
    assert gradcheck(sc.euler_from_quat_wxyz, q, seq=seq, kind=kind)
    assert gradcheck(sc.urdf_rpy_from_quat_wxyz, sc.quat_wxyz_from_urdf_rpy([0.4, math.pi / 2 - 1e-3, -0.7]))


def test_equal_moments_nearby():
    """Principal moments 1e-2 apart: eigenvectors move as 1 / gap, the
    derivatives still those of the function (exactly equal moments have
    no eigenvector derivative)."""
    R = sc.mat_from_quat_wxyz([0.9, 0.1, -0.2, 0.3])
    I = R @ np.diag([1.0, 1.01, 2.0]) @ R.T
    assert gradcheck(sc.principal_from_inertia, I)


def test_shepperd_tie():
    """A rotation whose four candidates of Shepperd's method are equal (2 pi
    / 3 about (1, 1, 1): w = x = y = z): each branch gives the same q, so
    the derivative along rotations is two-sided."""
    R0 = sc.mat_from_quat_wxyz([0.5, 0.5, 0.5, 0.5])
    q, to_R = rotated(R0)
    with torch.no_grad():
        q.copy_(torch.tensor([1.0, 0.0, 0.0, 0.0]))
    assert torch.autograd.gradcheck(lambda q: sc.quat_wxyz_from_mat(to_R(q)), [q])


def test_one_sided_canonical_sign():
    """quat_canonical_wxyz at w = 0 takes the sign of x: the derivative is
    that of the side of w that keeps the same sign choice."""
    f = sc.quat_canonical_wxyz
    assert_side(f, [0.0, -0.6, 0.3, 0.2], 0, -1)  # flipped, as for w < 0
    assert_side(f, [0.0, 0.6, 0.3, 0.2], 0, +1)   # kept, as for w > 0


def test_one_sided_abs():
    """scale_change_axes uses |M|: at a zero entry of M the derivative is
    that of the side M_ij >= 0."""
    s = torch.tensor([0.5, 2.0, 3.0], dtype=torch.float64)
    M0 = np.array([[0.0, 0.0, 1.0], [-1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]).reshape(9)
    f = lambda m: sc.scale_change_axes(m, s)  # noqa: E731
    for j in np.flatnonzero(M0 == 0):
        assert_side(f, M0, j, +1)


# ---------------------------------------------------------------- the paths
def test_plain_path_without_grad(monkeypatch):
    """Nothing requires grad: the autograd entry is not called (fast and
    general paths, tensors, arrays, bodies, pairs), results as before."""
    def entered(*a, **k):
        raise AssertionError("autograd path entered")
    monkeypatch.setattr(_autograd, "call", entered)
    q = torch.tensor([[0.9, 0.1, -0.2, 0.3]] * 3, dtype=torch.float64)
    v = torch.ones(3, 3, dtype=torch.float64)
    assert sc.quat_rotate_wxyz(q, v).shape == (3, 3)           # fast path
    assert sc.quat_rotate_wxyz(q, [1.0, 0.0, 0.0]).shape == (3, 3)  # general path
    assert sc.quat_rotate_wxyz(q.numpy(), v.numpy()).shape == (3, 3)
    pose = (torch.zeros(3, 3, dtype=torch.float64), q)
    assert len(sc.pose_inv_wxyz(pose)) == 2                       # a pair
    body = sc.Body(torch.zeros(3, dtype=torch.float64), q[0])
    assert sc.twist_convert("drake", torch.ones(6, dtype=torch.float64), "newton", body).shape == (6,)


def test_no_grad_mode_is_the_plain_call():
    q = torch.tensor([0.9, 0.1, -0.2, 0.3], dtype=torch.float64, requires_grad=True)
    with torch.no_grad():
        r = sc.quat_rotate_wxyz(q, [1.0, 2.0, 3.0])
    assert not r.requires_grad
    np.testing.assert_array_equal(r.numpy(), sc.quat_rotate_wxyz(q.detach().numpy(), [1.0, 2.0, 3.0]))


def test_broadcast_input_gets_the_summed_gradient():
    q = torch.tensor([0.9, 0.1, -0.2, 0.3], dtype=torch.float64, requires_grad=True)
    v = torch.tensor(np.random.default_rng(1).normal(size=(2, 5, 3)), requires_grad=True)
    assert torch.autograd.gradcheck(sc.quat_rotate_wxyz, (q, v))
    sc.quat_rotate_wxyz(q, v).sum().backward()
    assert q.grad.shape == (4,) and v.grad.shape == (2, 5, 3)


def test_pairs():
    """A pose as (position, quaternion) and a twist as its halves: joined
    before the call, results split as the plain path splits them."""
    rng = np.random.default_rng(2)
    p, q, v, w = (torch.tensor(rng.normal(size=(3, k)), requires_grad=True) for k in (3, 4, 3, 3))
    pose_b = torch.tensor(every.P7B)
    assert torch.autograd.gradcheck(lambda p, q: sc.pose_mul_wxyz((p, q), pose_b), (p, q))
    r = sc.pose_mul_wxyz((p, q), pose_b)
    assert isinstance(r, tuple) and r[0].shape == (3, 3) and r[1].shape == (3, 4)
    assert torch.autograd.gradcheck(
        lambda p, q, v, w: flat(sc.twist_transform_wxyz((p, q), (v, w), sc.ORDER_LINEAR_FIRST)),
        (p, q, v, w))
    with pytest.raises(sc.Error) as e:
        sc.pose_inv_wxyz((p, q[:, :3]))
    assert e.value.argument == "pose[1]"


def test_float32_computes_in_double():
    """float32 inputs: float32 results, the double values rounded; their
    gradients are float32."""
    q = torch.tensor([0.9, 0.1, -0.2, 0.3], requires_grad=True)
    v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    r = sc.quat_rotate_wxyz(q, v)
    assert r.dtype == torch.float32
    want = sc.quat_rotate_wxyz(q.detach().double().numpy(), v.detach().double().numpy())
    np.testing.assert_array_equal(r.detach().numpy(), want.astype(np.float32))
    r.sum().backward()
    assert q.grad.dtype == torch.float32 and v.grad.dtype == torch.float32


def test_second_derivatives_are_refused():
    """The backward is not itself differentiated: a second derivative
    raises instead of being silently wrong."""
    q = torch.tensor([0.9, 0.1, -0.2, 0.3], dtype=torch.float64, requires_grad=True)
    (g,) = torch.autograd.grad(sc.quat_rotate_wxyz(q, [1.0, 0.0, 0.0]).sum(), q, create_graph=True)
    with pytest.raises(RuntimeError):
        g.sum().backward()


# ---------------------------------------------------------------- refusals
def grad_tensor(x, **kwargs):
    return torch.tensor(x, dtype=torch.float64, requires_grad=True, **kwargs)


def test_device_tensors_are_refused():
    """An input on another device than the CPU (a CUDA tensor; here also a
    meta tensor, which needs no GPU) beside one that requires grad."""
    devices = ["meta"] + (["cuda"] if torch.cuda.is_available() else [])
    for device in devices:
        q = torch.ones(4, dtype=torch.float64, device=device, requires_grad=True)
        with pytest.raises(sc.Error, match="gradients run on CPU tensors") as e:
            sc.quat_rotate_wxyz(q, [1.0, 0.0, 0.0])
        assert e.value.function == "quat_rotate_wxyz" and e.value.argument == "q_wxyz"
        v = torch.ones(3, dtype=torch.float64, device=device)
        with pytest.raises(sc.Error, match="gradients run on CPU tensors") as e:
            sc.quat_rotate_wxyz(grad_tensor([1.0, 0.0, 0.0, 0.0]), v)
        assert e.value.argument == "v"


def test_bad_input_names_the_argument():
    q = grad_tensor([0.9, 0.1, -0.2, 0.3])
    cases = [(lambda: sc.quat_rotate_wxyz(q, grad_tensor([1.0, 2.0])), "v"),
             (lambda: sc.quat_rotate_wxyz(q, grad_tensor([1.0, math.nan, 0.0])), "v"),
             (lambda: sc.quat_rotate_wxyz(q, torch.ones(2, 3), out=np.empty(3)), "out"),
             (lambda: sc.quat_rotate_wxyz(q, torch.ones(5, 3, dtype=torch.complex128)), "v"),
             (lambda: sc.quat_rotate_wxyz(grad_tensor(np.ones((2, 4))), torch.ones(3, 3)), "v"),
             (lambda: sc.euler_from_quat_wxyz(q, 99, sc.EULER_EXTRINSIC), "seq"),
             (lambda: sc.twist_convert("no_such", grad_tensor(np.ones(6)), "newton",
                                       sc.Body(np.zeros(3), q)), "to"),
             (lambda: sc.twist_convert("drake", np.ones(6), "newton", sc.Body(np.zeros(4), q)),
              "body.pos")]
    for call, argument in cases:
        with pytest.raises(sc.Error) as e:
            call()
        assert argument in (e.value.argument or ""), e.value


def test_error_status_is_the_plain_paths():
    """A failing element raises the Error of the plain call."""
    q = np.array([[1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]])
    with pytest.raises(sc.Error) as plain:
        sc.quat_normalize_wxyz(q)
    with pytest.raises(sc.Error) as grad:
        sc.quat_normalize_wxyz(grad_tensor(q))
    assert str(grad.value) == str(plain.value)
    assert (grad.value.status, grad.value.index) == (plain.value.status, plain.value.index)


def test_empty_batch_gives_empty_gradients():
    """A batch of no elements: results and gradients of the inputs' shapes,
    empty; an input broadcast over it gets a zero gradient."""
    q = torch.zeros(0, 4, dtype=torch.float64, requires_grad=True)
    sc.rotvec_from_quat_wxyz(q).sum().backward()
    assert q.grad.shape == (0, 4)
    q1 = grad_tensor([0.9, 0.1, -0.2, 0.3])
    v = torch.zeros(2, 0, 3, dtype=torch.float64, requires_grad=True)
    r = sc.quat_rotate_wxyz(q1, v)
    assert r.shape == (2, 0, 3)
    r.sum().backward()
    assert v.grad.shape == (2, 0, 3)
    np.testing.assert_array_equal(q1.grad.numpy(), np.zeros(4))
    p, q = (torch.zeros(0, k, dtype=torch.float64, requires_grad=True) for k in (3, 4))
    r = sc.pose_inv_wxyz((p, q))
    assert r[0].shape == (0, 3) and r[1].shape == (0, 4)
    (r[0].sum() + r[1].sum()).backward()
    assert p.grad.shape == (0, 3) and q.grad.shape == (0, 4)


def test_no_grad_mode_takes_the_plain_path_on_any_device():
    """Under torch.no_grad() a tensor on another device than the CPU is
    not refused for gradients: the call is the plain one (for a meta
    tensor, which no path computes on, its error is the plain path's)."""
    devices = ["meta"] + (["cuda"] if torch.cuda.is_available() else [])
    for device in devices:
        q = torch.tensor([0.9, 0.1, -0.2, 0.3], dtype=torch.float64, device=device,
                         requires_grad=True)
        with torch.no_grad():
            try:
                r = sc.quat_rotate_wxyz(q, [1.0, 2.0, 3.0])
            except Exception as e:  # noqa: BLE001 (the plain path's error, whatever it is)
                assert "gradients run on CPU tensors" not in str(e), e
                assert device == "meta", e
                continue
        assert not r.requires_grad and r.device == q.device
        want = sc.quat_rotate_wxyz(q.detach().cpu().numpy(), [1.0, 2.0, 3.0])
        np.testing.assert_allclose(r.cpu().numpy(), want, rtol=1e-12)


def test_pair_dtypes_follow_the_plain_path():
    """The parts of a pair: typed parts of two dtypes are refused as the
    plain call refuses them; a list beside a float32 tensor takes its
    precision (float32 results), as in the plain call."""
    p32 = torch.zeros(2, 3, dtype=torch.float32, requires_grad=True)
    q64 = grad_tensor([[1.0, 0.0, 0.0, 0.0]] * 2)
    with pytest.raises(sc.Error) as plain:
        sc.pose_inv_wxyz((p32.detach(), q64.detach()))
    with pytest.raises(sc.Error) as grad:
        sc.pose_inv_wxyz((p32, q64))
    assert str(grad.value) == str(plain.value) and grad.value.argument == "pose[1]"
    q_list = [0.9, 0.1, -0.2, 0.3]
    want = sc.pose_inv_wxyz((p32.detach(), q_list))
    r = sc.pose_inv_wxyz((p32, q_list))
    assert want[0].dtype == want[1].dtype == torch.float32
    assert r[0].dtype == r[1].dtype == torch.float32
    (r[0].sum() + r[1].sum()).backward()
    assert p32.grad.dtype == torch.float32
    pose_b = torch.tensor(every.P7B, dtype=torch.float32)
    want = sc.pose_mul_wxyz(([0.0, 0.0, 1.0], q_list), pose_b)  # a pair of lists: untyped
    r = sc.pose_mul_wxyz(([0.0, 0.0, 1.0], q_list), pose_b.requires_grad_())
    assert want[0].dtype == r[0].dtype == want[1].dtype == r[1].dtype == torch.float32


def test_nonfinite_part_of_a_pair_is_named():
    """A non-finite part of a pair is named as the plain call names it
    (pose[0], pose[1]); a packed pose by its name."""
    p = grad_tensor(np.zeros((2, 3)))
    bad_pos = ([[0.0, 0.0, 0.0], [0.0, math.inf, 0.0]], [[1.0, 0.0, 0.0, 0.0]] * 2)
    bad_quat = ([[0.0, 0.0, 0.0]] * 2, [[1.0, 0.0, 0.0, 0.0], [math.nan, 0.0, 0.0, 0.0]])
    for j, (pos, quat) in enumerate([bad_pos, bad_quat]):
        pos, quat = grad_tensor(pos), grad_tensor(quat)
        with pytest.raises(sc.Error) as plain:
            sc.pose_inv_wxyz((pos.detach(), quat.detach()))
        with pytest.raises(sc.Error) as grad:
            sc.pose_inv_wxyz((pos, quat))
        assert grad.value.argument == plain.value.argument == f"pose[{j}]"
        assert str(grad.value) == str(plain.value)
        with pytest.raises(sc.Error) as packed:
            sc.pose_inv_wxyz(torch.cat([pos, quat], -1))
        assert packed.value.argument == "pose"
    pose_b = (p.detach(), [math.nan, 1.0, 0.0, 0.0])  # the second pair of a call
    with pytest.raises(sc.Error) as plain:
        sc.pose_mul_wxyz((p.detach(), quat.detach()[:1]), pose_b)
    with pytest.raises(sc.Error) as grad:
        sc.pose_mul_wxyz((p, quat.detach()[:1]), pose_b)
    assert grad.value.argument == plain.value.argument == "b[1]"
    assert str(grad.value) == str(plain.value)


def test_error_status_of_a_pair_is_the_plain_paths():
    """A failing element given as a pair: the Error of the plain call, its
    values by part (fromto[0], fromto[1])."""
    ends = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0]], [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]
    with pytest.raises(sc.Error) as plain:
        sc.pose_from_mujoco_fromto(tuple(torch.tensor(e, dtype=torch.float64) for e in ends))
    with pytest.raises(sc.Error) as grad:
        sc.pose_from_mujoco_fromto(tuple(grad_tensor(e) for e in ends))
    assert str(grad.value) == str(plain.value)
    assert (grad.value.status, grad.value.index) == (plain.value.status, plain.value.index)
