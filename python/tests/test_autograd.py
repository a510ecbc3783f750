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
ON_MANIFOLD = {}


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
        if a.role in (_plan.IN, _plan.SCALAR) and v is not None:
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
