"""Poses and 6-vectors given as pairs of arrays (engines that keep a body's
position and quaternion, or its linear and angular velocity, in separate
arrays: Genesis, Isaac Lab).

An argument of 7 reals (a pose [p; q]) may be the pair (p (..., 3),
q (..., 4)); one of 6 reals (a twist, wrench, acceleration: [a; b] in the
function's own order; any argument of 6 reals, _plan.splittable: rot6d's
two vectors, MuJoCo's fromto too) the pair (a (..., 3), b (..., 3)). The
pair is the packed layout cut after its first three reals, so an angular-first
argument ([w; v]) is the pair (w, v). Such a call runs the split loop of
the function (spx_<name>__split, _build.py; on CUDA arrays its kernel,
_cuda.py), which reads and writes each part where it lies, through its
own stride: no concatenation. When any
input comes as a pair, every pose and 6-vector result comes back as a
pair; out= takes a pair for such a result and writes its two arrays in
place.
"""
import numpy as np

from . import _api, _build, _plan
from ._errors import error


def is_pair(v, size):
    """v stands for an argument of size reals as its parts: a tuple whose
    first item is an array-like with 3 reals on its last axis (a tuple of
    numbers, or of whole elements, is one array as before)."""
    if size not in _plan.PARTS or not isinstance(v, tuple) or not v:
        return False
    try:
        shape = getattr(v[0], "shape", None)
        shape = np.shape(v[0]) if shape is None else tuple(shape)
    except (ValueError, TypeError):
        return False
    return shape[-1:] == (_plan.PARTS[size][0],)


def wanted(plan, values, out):
    """The call takes its split form: a pose or 6-vector input, or an out=
    array of such a result, is a pair."""
    return pairs_in(plan, values) or out is not None and any(
        is_pair(o, a.size) for a, o in zip(plan.outputs, _outs(plan, out)))


def pairs_in(plan, values):
    """An input of the split form plan is a pair."""
    return any(is_pair(values[a.py_name], a.size) for a in plan.inputs if a.role == _plan.SPLIT_IN)


def _outs(plan, out):
    """out= as one item per result (a pair is one item)."""
    single = len(plan.outputs) == 1 and (not isinstance(out, tuple) or is_pair(out, plan.outputs[0].size))
    return (out,) if single else out if isinstance(out, tuple) else ()


def check_pair(v, size, function, name):
    if len(v) != 2:
        raise error(function, name, f"is a tuple of {len(v)} arrays; a split argument is a pair "
                    f"of arrays {_part_text(size)}")


def _part_text(size):
    a, b = _plan.PARTS[size]
    return f"((..., {a}), (..., {b}))" + (": position, quaternion" if size == 7 else "")


def _columns(arr, start, stop):
    return arr[..., start:stop]


def input_parts(a, v, function, read=None, cut=_columns):
    """The two parts of split input a as the general path's real arrays:
    (name, array, reals, typed) each; a pair's named a[0] and a[1], a packed
    array's two views (no copy) both named a. read(x, function, name) reads
    an array (host arrays by default), cut(array, start, stop) gives the
    view of reals start to stop of each element."""
    read = read or _api.as_array
    sizes = _plan.PARTS[a.size]
    if not is_pair(v, a.size):
        arr = read(v, function, a.py_name)
        if arr.shape[-1:] != (a.size,):
            raise error(function, a.py_name, f"has shape {arr.shape}; expected (..., {a.size}) "
                        f"or a pair of arrays {_part_text(a.size)}")
        typed = _api._typed(v)
        return [(a.py_name, cut(arr, 0, sizes[0]), sizes[0], typed),
                (a.py_name, cut(arr, sizes[0], a.size), sizes[1], typed)]
    check_pair(v, a.size, function, a.py_name)
    parts = []
    for j, (x, size) in enumerate(zip(v, sizes)):
        name = f"{a.py_name}[{j}]"
        arr = read(x, function, name)
        if arr.shape[-1:] != (size,):
            raise error(function, name, f"has shape {arr.shape}; expected (..., {size}), part {j} "
                        f"of the pair {_part_text(a.size)}")
        parts.append((name, arr, size, _api._typed(x)))
    _same_dtype(parts, function)
    return parts


def _same_dtype(parts, function):
    """The typed parts of one pair have one dtype (as one array has)."""
    typed = [(n, arr) for n, arr, _, t in parts if t]
    for n, arr in typed[1:]:
        if arr.dtype != typed[0][1].dtype:
            raise error(function, n, f"is {arr.dtype} beside {typed[0][0]}'s {typed[0][1].dtype}: "
                        "the two arrays of a pair have one dtype")


def checks(plan, values):
    """The names of the split loop's finiteness checks (_build.finite_checks)
    as the caller wrote the arguments: a packed array's parts by its name."""
    packed = {a.py_name for a in plan.inputs
              if a.role == _plan.SPLIT_IN and not is_pair(values[a.py_name], a.size)}
    return [n.split("[")[0] if n.split("[")[0] in packed else n for n in _build.finite_checks(plan)]


def whole_inputs(reals, shapes):
    """(name, array, batch shape) of each input for out='s overlap checks:
    a packed input's two part views (named alike) as the one array they cut."""
    out = []
    for (name, arr, _, _), shape in zip(reals, shapes):
        if out and out[-1][0] == name:  # the second part of a packed input
            first = out[-1][1]
            whole = first.shape[:-1] + (first.shape[-1] + arr.shape[-1],)
            out[-1] = (name, np.lib.stride_tricks.as_strided(first, whole, first.strides), shape)
        else:
            out.append((name, arr, shape))
    return out


def output(a, given, split_in, batch, count, dtype, function, name, inputs, ffi):
    """(result, the loop's four arguments, copies, in place, [(name, array)]
    of the out= arrays written) of split result a: written into out=
    (given: a pair, or a packed array), else into new arrays: a pair when
    an input came as a pair (split_in)."""
    sizes = _plan.PARTS[a.size]
    if given is None:
        if split_in:
            parts = [np.empty((count, k), dtype) for k in sizes]
            result = tuple(_api._shaped(p, batch, k) for p, k in zip(parts, sizes))
        else:
            packed = np.empty((count, a.size), dtype)
            parts, result = [packed[:, :sizes[0]], packed[:, sizes[0]:]], _api._shaped(packed, batch, a.size)
        return result, _loop_args(parts, ffi), [], False, []
    if not is_pair(given, a.size):
        v, copies, inplace, arr = _target(given, batch, count, a.size, dtype, function, name, inputs)
        return given, _loop_args([v[:, :sizes[0]], v[:, sizes[0]:]], ffi), copies, inplace, [(name, arr)]
    check_pair(given, a.size, function, name)
    views, copies, inplace, written = [], [], False, []
    for j, (g, k) in enumerate(zip(given, sizes)):
        v, more, same, arr = _target(g, batch, count, k, dtype, function, f"{name}[{j}]", inputs)
        views.append(v)
        copies += more
        inplace = inplace or same
        written.append((f"{name}[{j}]", arr))
    return given, _loop_args(views, ffi), copies, inplace, written


def _target(out, batch, count, size, dtype, function, name, inputs):
    """_api.out_target of one out= array (a packed result or a pair's part)
    against the inputs it touches, exactly: the columns of one engine array
    (pos, quat, velocities) interleave without touching."""
    arr = _api.as_array(out, function, name)
    touching = [x for x in inputs if np.shares_memory(arr, x[1])]
    return _api.out_target(out, batch, count, size, dtype, function, name, touching)


def _loop_args(parts, ffi):
    """(pointer, stride in reals) of each (count, k) part."""
    out = []
    for v in parts:
        out += (_api._pointer(ffi, v), v.strides[0] // v.itemsize)
    return out
