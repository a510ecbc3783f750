"""Gradients of the element functions for PyTorch tensors.

When a real input is a tensor that requires grad and autograd is on, the
call runs through a torch.autograd.Function. Its forward calls the
function's Jacobian loop, lib.spxd_<name> of spatial_conv._d64 (_build.py):
the header compiled as C++ with a forward-mode dual number as its scalar,
which writes each element's results and its Jacobian (result reals x input
reals). Its backward is the vector-Jacobian product with those Jacobians.

Inputs are broadcast to the batch before the Function (torch.expand, whose
gradient sums over the broadcast axes), so the Function sees (count, reals)
per input. It computes in double: float32 inputs give float32 results, the
values of the double computation rounded. Gradients run on CPU tensors.
Poses and 6-vectors given as pairs are joined (torch.cat) before the call
and pose and 6-vector results split after it.
"""
import functools
import math
import types

import numpy as np

from . import _api, _build, _plan, _split
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
    _refuse_device(impl, values, torch)
    if not torch.is_grad_enabled():  # torch.no_grad(): the plain call
        return impl(**{k: _detached(v, torch) for k, v in values.items()},
                    check_finite=check_finite, out=out)
    if out is not None:
        raise error(fname, "out", "cannot be written when an input requires grad (the "
                    "results are new tensors in the autograd graph)")
    if _d64 is None:
        raise error(fname, None, "has no gradients in this build: spatial_conv._d64 was not "
                    "compiled (it needs a C++ compiler when the package is built)")
    split = impl.split_plan is not None and _split.pairs_in(impl.split_plan, values)
    if split:
        values = _joined(impl.split_plan, values, fname, torch)
    run = _Call(impl, values, check_finite, torch)
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


def _tensor(v, function, name, torch):
    """v as a tensor of its own dtype (a NumPy array, list or number as
    float64), and whether it is typed (sets the precision, _api.real_dtype)."""
    if isinstance(v, torch.Tensor):
        try:
            dt = torch.empty((), dtype=v.dtype).numpy().dtype
        except (TypeError, RuntimeError):
            dt = np.dtype(object)
        _api.real_dtype([(name, np.empty(0, dt), 0, True)], function)  # refuses complex, ...
        return v, True
    arr = _api.as_array(v, function, name)
    _api.real_dtype([(name, arr, 0, True)], function)
    return torch.from_numpy(np.array(arr, np.float64)), _api._typed(v)


def _joined(plan, values, function, torch):
    """values with each pose or 6-vector given as a pair joined into one
    tensor (its parts broadcast to one batch shape)."""
    values = dict(values)
    for a in plan.inputs:
        v = values[a.py_name]
        if a.role != _plan.SPLIT_IN or not _split.is_pair(v, a.size):
            continue
        _split.check_pair(v, a.size, function, a.py_name)
        parts = []
        for j, (x, size) in enumerate(zip(v, _plan.PARTS[a.size])):
            t, _ = _tensor(x, function, f"{a.py_name}[{j}]", torch)
            if tuple(t.shape[-1:]) != (size,):
                raise error(function, f"{a.py_name}[{j}]", f"has shape {tuple(t.shape)}; expected "
                            f"(..., {size}), a part of {_split._part_text(a.size)}")
            parts.append(t)
        batch = _api.batch_shape(function, [f"{a.py_name}[{j}]" for j in range(2)],
                                 [tuple(t.shape[:-1]) for t in parts])
        dtype = torch.promote_types(parts[0].dtype, parts[1].dtype)
        values[a.py_name] = torch.cat([t.to(dtype).expand(batch + t.shape[-1:]) for t in parts], -1)
    return values


class _Call:
    """One call's inputs as (count, reals) float64 tensors (xs, in the
    order of _build.jacobian_lanes; None for C's NULL), its batch, its
    precision and its C values."""

    def __init__(self, impl, values, check_finite, torch):
        self.impl, self.plan, self.torch = impl, impl.plan, torch
        self.check_finite = check_finite
        fname = impl.name
        inputs = []  # (name, tensor or None, reals per element, typed)
        for a in self.plan.inputs:
            v = values[a.py_name]
            if a.role in (_plan.IN, _plan.SCALAR):
                t, typed = (None, False) if v is None and a.nullable else \
                    _tensor(v, fname, a.py_name, torch)
                inputs.append((a.py_name, t, a.size, typed))
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
        self.xs, self.reals, shape = [], [], iter(shapes)
        for n, t, s, _ in inputs:
            if t is None:
                self.xs.append(None)
                continue
            k = max(s, 1)
            t = t.to(torch.float64)
            self.reals.append((n, t.detach().numpy(), s))  # for the messages of errors
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
        if report.status:
            raise self.impl.error(report, self.batch, self.reals, _api.F64)
        if report.warnings:
            self.impl.warn(report, self.batch, count)
        return results, jac

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
            g = torch.cat([gr.reshape(run.count, -1) for gr in grads], 1)
            grad_in = torch.einsum("bo,boi->bi", g, jac)
            out, col = [None], 0
            for (_, size), need in zip(run.lanes_in, ctx.needs_input_grad[1:]):
                out.append(grad_in[:, col:col + size] if need else None)
                col += size
            return tuple(out)
    return Jacobian
