"""Gradients of the element functions for PyTorch tensors.

When a real input is a tensor that requires grad and autograd is on, the
call runs through a torch.autograd.Function. Its forward calls the
function's Jacobian loop, lib.spxd_<name> of spatial_conv._d64 (_build.py):
the header compiled as C++ with a forward-mode dual number as its scalar,
which writes each element's results and its Jacobian (result reals x input
reals, row-major: one row per result real, one column per input real,
both in the order of _build.jacobian_lanes). Its backward is the
vector-Jacobian product with those Jacobians.

Inputs are broadcast to the batch before the Function (torch.expand, whose
gradient sums over the broadcast axes), so the Function sees (count, reals)
per input. It computes in double: float32 inputs give float32 results, the
values of the double computation rounded. Gradients run on CPU tensors.
Poses and 6-vectors given as pairs are joined (torch.cat) before the call
and pose and 6-vector results split after it; the parts' dtypes and a
non-finite part's name follow the plain call (_split.py).
"""
import functools
import math
import types

import numpy as np

from . import _api, _build, _errors, _plan, _split
from ._errors import error

try:
    from . import _d64
except ImportError:  # built without a C++ compiler
    _d64 = None


def call(impl, values, check_finite, out, dtype):
    """impl (an _api.ElementFunction) on values (its bound inputs), some of
    which require grad."""
    import torch
    fname = impl.name
    if dtype is not None:
        raise TypeError(f"{fname}() got an unexpected keyword argument 'dtype'")
    if not torch.is_grad_enabled():  # torch.no_grad(): the plain call, on any device
        return impl(**{k: _detached(v, torch) for k, v in values.items()},
                    check_finite=check_finite, out=out)
    _refuse_device(impl, values, torch)
    if out is not None:
        raise error(fname, "out", "cannot be written when an input requires grad (the "
                    "results are new tensors in the autograd graph)")
    if _d64 is None:
        raise error(fname, None, "has no gradients in this build: spatial_conv._d64 was not "
                    "compiled (it needs a C++ compiler when the package is built)")
    split = impl.split_plan is not None and _split.pairs_in(impl.split_plan, values)
    joined = {}
    if split:
        values, joined = _joined(impl.split_plan, values, fname, torch)
    run = _Call(impl, values, check_finite, torch, joined)
    outs = _function().apply(run, *run.xs)
    return run.results(outs, split)


def _refuse_device(impl, values, torch):
    for name, v in _real_items(impl.plan, values):
        if isinstance(v, torch.Tensor) and v.device.type != "cpu":
            raise error(impl.name, name, f"is a {v.device.type} tensor and an input requires "
                        "grad; gradients run on CPU tensors (move the inputs to the CPU, or "
                        "detach them for a call without gradients)")


def _real_items(plan, values):
    """(name, value) of every real input, a body's fields and a pair's parts
    one by one."""
    for a in plan.inputs:
        v = values[a.py_name]
        if a.role == _plan.BODY_IN and isinstance(v, tuple) and len(v) == 4:
            yield from ((f"{a.py_name}.{f}", x) for (f, _), x in zip(_plan.BODY_FIELDS, v))
        elif a.role in (_plan.IN, _plan.SCALAR) and _split.is_pair(v, a.size):
            yield from ((f"{a.py_name}[{j}]", x) for j, x in enumerate(v))
        elif a.role in (_plan.IN, _plan.SCALAR):
            yield a.py_name, v


def _detached(v, torch):
    if isinstance(v, torch.Tensor):
        return v.detach()
    if isinstance(v, tuple) and any(isinstance(x, torch.Tensor) for x in v):
        items = [_detached(x, torch) for x in v]
        return type(v)(*items) if type(v) is not tuple else tuple(items)
    return v


def _numpy_dtype(t, torch):
    """The NumPy dtype of tensor t (object for one NumPy lacks)."""
    try:
        return torch.empty((), dtype=t.dtype).numpy().dtype
    except (TypeError, RuntimeError):
        return np.dtype(object)


def _tensor(v, function, name, torch):
    """v as a tensor of its own dtype (a NumPy array, list or number as
    float64), and whether it is typed (sets the precision, _api.real_dtype)."""
    if isinstance(v, torch.Tensor):
        dt = _numpy_dtype(v, torch)
        _api.real_dtype([(name, np.empty(0, dt), 0, True)], function)  # refuses complex, ...
        return v, True
    arr = _api.as_array(v, function, name)
    _api.real_dtype([(name, arr, 0, True)], function)
    return torch.from_numpy(np.array(arr, np.float64)), _api._typed(v)


def _joined(plan, values, function, torch):
    """values with each pose or 6-vector given as a pair joined into one
    tensor (its parts broadcast to one batch shape), and {name: typed} of
    the joined arguments. As in the plain call (_split.input_parts), the
    typed parts of a pair have one dtype, which is the joined tensor's
    precision; a pair of lists is untyped."""
    values, joined = dict(values), {}
    for a in plan.inputs:
        v = values[a.py_name]
        if a.role != _plan.SPLIT_IN or not _split.is_pair(v, a.size):
            continue
        _split.check_pair(v, a.size, function, a.py_name)
        parts, checked = [], []
        for j, (x, size) in enumerate(zip(v, _plan.PARTS[a.size])):
            name = f"{a.py_name}[{j}]"
            t, typed = _tensor(x, function, name, torch)
            if tuple(t.shape[-1:]) != (size,):
                raise error(function, name, f"has shape {tuple(t.shape)}; expected "
                            f"(..., {size}), a part of {_split._part_text(a.size)}")
            parts.append(t)
            checked.append((name, np.empty(0, _numpy_dtype(t, torch)), size, typed))
        _split._same_dtype(checked, function)
        batch = _api.batch_shape(function, [n for n, _, _, _ in checked],
                                 [tuple(t.shape[:-1]) for t in parts])
        dtype = torch.float32 if _api.real_dtype(checked, function) == _api.F32 else torch.float64
        values[a.py_name] = torch.cat([t.to(dtype).expand(batch + t.shape[-1:]) for t in parts], -1)
        joined[a.py_name] = any(typed for _, _, _, typed in checked)
    return values, joined


def _message_reals(name, arr, size, joined):
    """(name, array, reals) of an input for the messages of error statuses:
    one joined from a pair as its two parts, named as the plain call names
    them (name[0], name[1])."""
    if not joined:
        return [(name, arr, size)]
    first = _plan.PARTS[size][0]
    return [(f"{name}[0]", arr[..., :first], first), (f"{name}[1]", arr[..., first:], size - first)]


class _Call:
    """One call's inputs as (count, reals) float64 tensors (xs, in the
    order of _build.jacobian_lanes; None for C's NULL), its batch, its
    precision and its C values. The Jacobian loop writes each element's
    Jacobian row-major, (result reals x input reals): rows in the order of
    the results (lanes_out), columns in the order of xs (lanes_in).
    joined: {name: typed} of the inputs joined from pairs (_joined)."""

    def __init__(self, impl, values, check_finite, torch, joined):
        self.impl, self.plan, self.torch = impl, impl.plan, torch
        self.check_finite, self.joined = check_finite, joined
        fname = impl.name
        inputs = []  # (name, tensor or None, reals per element, typed)
        for a in self.plan.inputs:
            v = values[a.py_name]
            if a.role in (_plan.IN, _plan.SCALAR):
                t, typed = (None, False) if v is None and a.nullable else \
                    _tensor(v, fname, a.py_name, torch)
                inputs.append((a.py_name, t, a.size, joined.get(a.py_name, typed)))
            elif a.role == _plan.BODY_IN:
                for name, fv, size in _api.body_fields(v, fname, a.py_name):
                    t, typed = _tensor(fv, fname, name, torch)
                    inputs.append((name, t, size, typed))
        given = [(n, t, s, typed) for n, t, s, typed in inputs if t is not None]
        self.dtype = _api.real_dtype(
            [(n, np.empty(0, np.float32 if t.dtype == torch.float32 else np.float64), s, typed)
             for n, t, s, typed in given], fname)
        shapes = [_api._trailing(types.SimpleNamespace(shape=tuple(t.shape)), s, fname, n)
                  for n, t, s, _ in given]
        self.batch = _api.batch_shape(fname, [g[0] for g in given], shapes)
        self.count = math.prod(self.batch)
        self.names = [n for n, _, _, _ in inputs]  # of xs
        self.xs, self.reals, shape = [], [], iter(shapes)
        for n, t, s, _ in inputs:
            if t is None:
                self.xs.append(None)
                continue
            k = max(s, 1)
            t = t.to(torch.float64)
            self.reals += _message_reals(n, t.detach().numpy(), s, n in joined)
            x = t.reshape(next(shape) + (k,))
            self.xs.append(x.expand(self.batch + (k,)).reshape(self.count, k))
        self.keep = []
        self.c_values = {a.name: impl.c_value(a, values[a.py_name], _d64, self.keep)
                         for a in self.plan.args if a.role in (_plan.CONST, _plan.STRUCT, _plan.STRING)}
        self.lanes_in, self.lanes_out = _build.jacobian_lanes(self.plan)

    def run(self, arrays):
        """The C loop on the (count, reals) float64 arrays: the results, one
        (count, reals) array per row block of the Jacobian, and the
        Jacobians (count, out reals, in reals)."""
        ffi, count = _d64.ffi, self.count
        report = ffi.new("spx_report *")
        call, results, given = [count, 1 if self.check_finite else 0, report], [], iter(arrays)
        for a in self.plan.args:
            if a.role in (_plan.IN, _plan.SCALAR, _plan.BODY_IN):
                for _ in (_plan.fields(a) if a.role == _plan.BODY_IN else (None,)):
                    x = next(given)
                    call += (ffi.NULL, 0) if x is None else (ffi.from_buffer(x), x.shape[1])
            elif a.role in (_plan.OUT, _plan.BODY_OUT):
                for _, size in (_plan.fields(a) if a.role == _plan.BODY_OUT else ((None, a.size or 1),)):
                    results.append(np.empty((count, size)))
                    call += (ffi.from_buffer(results[-1]), size)
            else:
                call.append(self.c_values[a.name])
        if self.plan.returns_real:
            results.append(np.empty((count, 1)))
            call += (ffi.from_buffer(results[-1]), 1)
        jac = np.empty((count, sum(s for _, s in self.lanes_out), sum(s for _, s in self.lanes_in)))
        call.append(ffi.from_buffer(jac))
        if count:
            getattr(_d64.lib, "spxd_" + self.plan.key)(*call)
        if report.status == _build.NONFINITE:
            raise _errors.nonfinite(self.impl.name, self._nonfinite_name(report, arrays),
                                    _errors.batch_index(report.index, self.batch))
        if report.status:
            raise self.impl.error(report, self.batch, self.reals, _api.F64)
        if report.warnings:
            self.impl.warn(report, self.batch, count)
        return results, jac

    def _nonfinite_name(self, report, arrays):
        """The input the loop found not finite, named as the plain call
        names it: a pair's part as name[0] or name[1] (_split.checks), the
        first part of the element with a non-finite real."""
        name = self.impl.checks[report.arg]
        if name not in self.joined:
            return name
        x = arrays[self.names.index(name)]
        first = _plan.PARTS[len(x[report.index])][0]
        return f"{name}[{0 if not np.isfinite(x[report.index, :first]).all() else 1}]"

    def results(self, outs, split):
        """The Function's (count, reals) outputs as the call's results:
        batch shapes, a Body, a pair where the call was split, the
        precision of the inputs."""
        torch, batch, it, res = self.torch, self.batch, iter(outs), []
        cast = torch.float32 if self.dtype == _api.F32 else torch.float64

        def shaped(t, size):
            inner = _api.OUT_SHAPES.get(size, (size,)) if size else ()
            return t.reshape(batch + inner).to(cast)
        for a in self.plan.outputs:
            if a.role == _plan.BODY_OUT:
                res.append(_api.Body(*(shaped(next(it), size) for _, size in _plan.BODY_FIELDS)))
                continue
            r = shaped(next(it), a.size)
            res.append((r[..., :3], r[..., 3:]) if split and _plan.splittable(a) else r)
        if self.plan.returns_real:
            res.append(shaped(next(it), 0))
        return res[0] if len(res) == 1 else tuple(res)


@functools.lru_cache(maxsize=None)
def _function():
    """The torch.autograd.Function of every call (made on first use:
    PyTorch is imported only then)."""
    import torch
    from torch.autograd.function import once_differentiable

    class Jacobian(torch.autograd.Function):
        """Results of one call and their vector-Jacobian product."""

        @staticmethod
        def forward(ctx, run, *xs):
            arrays = [None if x is None else np.ascontiguousarray(x.detach().numpy()) for x in xs]
            results, jac = run.run(arrays)
            ctx.save_for_backward(torch.from_numpy(jac))
            ctx.run = run
            return tuple(torch.from_numpy(r) for r in results)

        @staticmethod
        @once_differentiable
        def backward(ctx, *grads):
            (jac,) = ctx.saved_tensors
            run = ctx.run
            g = torch.cat([gr.reshape(run.count, size) for gr, (_, size) in zip(grads, run.lanes_out)], 1)
            grad_in = torch.einsum("bo,boi->bi", g, jac)
            out, col = [None], 0
            for (_, size), need in zip(run.lanes_in, ctx.needs_input_grad[1:]):
                out.append(grad_in[:, col:col + size] if need else None)
                col += size
            return tuple(out)
    return Jacobian
