"""Hand-written Python forms of the C functions that are not element
functions (_plan.py): named values (status strings, presets, axis systems,
Euler sequences), the batch-only _n functions, whole joint arrays, SAP's
boundary, permutations and motion clips.

Each keeps the mirror rule: spconv_NAME(results..., inputs...) is
NAME(inputs...) returning the results. Counts and sizes that C takes
beside an array (n, frames, body_count, size) come from the arrays' shapes.
A status check function (axis_system_check, joint_layout_check,
perm_check) returns None or raises Error.

The annotations name the types of the stubs (spatial_conv/__init__.pyi),
which _stubs.py copies from here.
"""
from __future__ import annotations

import functools
import inspect
import math
from typing import TYPE_CHECKING

import numpy as np

from . import _api
from . import _errors
from . import _plan
from ._api import F64, LIBS, STRUCT_CLASSES, as_array, enum_value, real_dtype
from ._errors import error

if TYPE_CHECKING:  # the stubs' types (spatial_conv/__init__.pyi)
    from typing import Tuple

    from . import (Axis, AxisPreset, AxisSystem, Body, Convention, EulerKind, EulerSeq, JointType,
                   Mat4Layout, MotionDiff, PoseConvention, PresetId, RotFormat, SapOrder, SignedAxis,
                   StateConvention, _Array, _ArrayIn, _AxisName, _AxisPresetName, _EulerSeqName, _IntArray, _PresetIdName,
                   _SignedAxisName)

_FUNCTIONS = {}


def _mirror(c_name, returns):
    """Registers f as the Python form of spconv_<c_name>, with the C
    function's one-line contract as the first line of its docstring."""
    def wrap(f):
        fn = _api.HEADER.functions[c_name]
        contract = fn.contract[:1].upper() + fn.contract[1:]

        @functools.wraps(f)
        def g(*args, **kwargs):
            result = f(*args, **kwargs)
            if any(_holds_torch(v) for v in (*args, *kwargs.values())):
                result = _api.to_torch(result)  # tensors in, tensors out
            return result
        g.__name__ = g.__qualname__ = c_name
        g.__module__ = "spatial_conv"
        g.__doc__ = (f"{contract}.\n\nMirror of the C function {fn.c_proto};\n"
                     f"returns {returns}. Raises spatial_conv.Error for a C error status "
                     "or a bad argument.")
        _FUNCTIONS[c_name] = g
        return g
    return wrap


def _holds_torch(v):
    """v is a PyTorch tensor, or a MotionClip / JointLayout holding one."""
    return _api.is_torch(v) or isinstance(v, tuple) and any(_api.is_torch(x) for x in v)


def _check(status, fname, argument=None, value=None):
    """C's status of fname: Error below zero, StatusWarning above. The
    Error names `argument` (with its value where given), or where C does
    not say which input it refused, every argument of fname (as for the
    element functions)."""
    if status < 0 and argument is None:
        params = inspect.signature(_FUNCTIONS[fname]).parameters.values()
        argument = ", ".join(p.name for p in params if p.kind == p.POSITIONAL_OR_KEYWORD)
    _errors.check(status, fname, argument, stacklevel=4, value=value)


def _precision(fname, check_finite, **arrays):
    """(dtype, ffi, lib) for the real arrays given (None values skipped),
    by the rule of the element functions; Error for a non-finite value
    when check_finite."""
    typed = [(k, as_array(v, fname, k), None, _api._typed(v)) for k, v in arrays.items() if v is not None]
    dtype = real_dtype(typed, fname)
    for k, a, _, _ in typed if check_finite else ():
        if a.dtype.kind == "f" and not np.isfinite(a).all():
            raise _errors.nonfinite(fname, k, tuple(int(i) for i in np.argwhere(~np.isfinite(a))[0]))
    mod = LIBS[dtype]
    return dtype, mod.ffi, mod.lib


def _array(x, fname, argument):
    """x as a NumPy array of real numbers (a view where possible)."""
    if x is None:
        raise error(fname, argument, "is None; an array is needed")
    a = as_array(x, fname, argument)
    if a.dtype.kind not in "biuf":
        raise error(fname, argument, f"has dtype {a.dtype}; real numbers expected")
    return a


def _last_axis(a, size, fname, argument):
    """a with its last axis holding `size` reals ((3, 3) counts as 9)."""
    if size == 9 and a.shape[-2:] == (3, 3):
        a = a.reshape(a.shape[:-2] + (9,))
    if a.shape[-1:] != (size,):
        raise error(fname, argument, f"has shape {a.shape}; expected (..., {size})")
    return a


def _reals(x, dtype, fname, argument, size=None, optional=False):
    """x as a C-contiguous array of dtype; its last axis must hold `size`
    reals ((3, 3) counts as 9) when size is given. None stays None where
    optional (C's NULL)."""
    if x is None and optional:
        return None
    a = _array(x, fname, argument)
    if size is not None:
        a = _last_axis(a, size, fname, argument)
    return np.ascontiguousarray(a, dtype)


def _rows(fname, dtype, arrays, nullable=()):
    """Element-wise inputs {name: (x, reals per element)} (None skipped for
    the names in nullable) as C-contiguous arrays (n, size) over their common batch, and
    that batch. Batch axes along which every input is broadcast (stride 0
    or length 1) are computed once: the arrays cover one element there, and
    _spread fills the result along them; no input is copied whole."""
    given = {k: _last_axis(_array(x, fname, k), size, fname, k)
             for k, (x, size) in arrays.items() if x is not None or k not in nullable}
    batch = _api.batch_shape(fname, list(given), [a.shape[:-1] for a in given.values()])
    full = {k: np.broadcast_to(a, batch + a.shape[-1:]) for k, a in given.items()}
    once = batch if 0 in batch else tuple(1 if all(v.strides[i] == 0 for v in full.values()) else n
                                          for i, n in enumerate(batch))  # (an empty array's strides are 0)
    flat = {k: np.ascontiguousarray(v[tuple(slice(0, m) for m in once)], dtype).reshape(math.prod(once), v.shape[-1])
            for k, v in full.items()}  # (rows counted: an element may hold no reals)
    return flat, batch, once


def _one_input(fname, dtype, name, x, size):
    """_rows of one input: (its (n, size) array, batch, once)."""
    flat, batch, once = _rows(fname, dtype, {name: (x, size)})
    return flat[name], batch, once


def _spread(res, batch, once):
    """A result computed over the batch shape once (res: (n, k)) as a new
    array over the whole batch."""
    r = res.reshape(once + res.shape[-1:])
    return r if once == batch else np.ascontiguousarray(np.broadcast_to(r, batch + res.shape[-1:]))


def _ints(x, fname, argument, optional=False):
    """x as a flat C-contiguous array of C ints (None stays None where
    optional: C's NULL)."""
    if x is None and optional:
        return None
    if x is None:
        raise error(fname, argument, "is None; an array of ints is needed")
    a = as_array(x, fname, argument)
    if a.dtype.kind not in "iu" and a.size:
        raise error(fname, argument, f"has dtype {a.dtype}; integers expected")
    if a.size and (a.max() > np.iinfo(np.intc).max or a.min() < np.iinfo(np.intc).min):
        raise error(fname, argument, "holds values outside C int")
    return np.ascontiguousarray(a, np.intc).reshape(-1)


def _ptr(ffi, a, ctype="spconv_real"):
    return ffi.NULL if a is None else ffi.cast(ctype + " *", a.__array_interface__["data"][0])


def _enum(value, c_type, fname, argument):
    return int(enum_value(value, c_type, fname, argument))


def _renamed(f, *names):
    """f with its first parameters called `names` (their C names), by
    position or keyword."""
    sig = inspect.signature(f)
    params = list(sig.parameters.values())
    sig = sig.replace(parameters=[p.replace(name=n) for p, n in zip(params, names)] +
                      params[len(names):])

    @functools.wraps(f)
    def g(*args, **kwargs):
        bound = sig.bind(*args, **kwargs)
        return f(*bound.args, **bound.kwargs)
    g.__signature__ = sig
    _FUNCTIONS[f.__name__] = g
    return g


def _matrix(res):
    return res.reshape(res.shape[:-1] + (3, 3))


# ------------------------------------------------------------------ status
@_mirror("status_string", "a str")
def status_string(status: int) -> str:
    return _api._c64.ffi.string(_api._c64.lib.spconv_status_string(
        _api.c_int(status, "status_string", "status"))).decode()


# ------------------------------------------------------------------ rotations
def _euler_seq_parser(c_name):
    @_mirror(c_name, "(seq, kind): an EulerSeq and an EulerKind")
    def parse(s: str) -> Tuple[EulerSeq, EulerKind]:
        if not isinstance(s, str):
            raise error(c_name, "s", "must be a str")
        status, seq, kind = _api.euler_seq_of_string(c_name, s)
        _check(status, c_name, "s", s)
        return _api.ENUMS["spconv_euler_seq"](seq), _api.ENUMS["spconv_euler_kind"](kind)
    return parse


euler_seq_from_scipy = _euler_seq_parser("euler_seq_from_scipy")
euler_seq_from_mujoco = _euler_seq_parser("euler_seq_from_mujoco")


@_mirror("rot_format_size", "an int (3, 4 or 9)")
def rot_format_size(format: RotFormat) -> int:
    return _api._c64.lib.spconv_rot_format_size(_enum(format, "spconv_rot_format", "rot_format_size", "format"))


@_mirror("rot_convert_n", "an array (..., size of res_format); (..., 3, 3) for matrices")
def rot_convert_n(res_format: RotFormat, x: _ArrayIn, x_format: RotFormat, *,
                  check_finite: bool = True) -> _Array:
    fname = "rot_convert_n"
    res_format = _enum(res_format, "spconv_rot_format", fname, "res_format")
    x_format = _enum(x_format, "spconv_rot_format", fname, "x_format")
    dtype, ffi, lib = _precision(fname, check_finite, x=x)
    a, batch, once = _one_input(fname, dtype, "x", x, lib.spconv_rot_format_size(x_format))
    size = lib.spconv_rot_format_size(res_format)
    res = np.empty((a.shape[0], size), dtype)
    _check(lib.spconv_rot_convert_n(_ptr(ffi, res), res_format, _ptr(ffi, a), x_format, a.shape[0]),
           fname, "x")
    res = _spread(res, batch, once)
    return _matrix(res) if size == 9 else res


# ------------------------------------------------------------------ up axis (batch only)
def _up_axis_n(c_name, argument, size):
    @_mirror(c_name, f"an array (..., {size})")
    def change(x: _ArrayIn, from_up: Axis | _AxisName, to_up: Axis | _AxisName, *,
               check_finite: bool = True) -> _Array:
        f = _enum(from_up, "spconv_axis", c_name, "from_up")
        t = _enum(to_up, "spconv_axis", c_name, "to_up")
        dtype, ffi, lib = _precision(c_name, check_finite, **{argument: x})
        a, batch, once = _one_input(c_name, dtype, argument, x, size)
        res = np.empty_like(a)
        _check(getattr(lib, "spconv_" + c_name)(_ptr(ffi, res), _ptr(ffi, a), a.shape[0], f, t),
               c_name)
        return _spread(res, batch, once)
    return _renamed(change, argument)


vec_change_up_axis_n = _up_axis_n("vec_change_up_axis_n", "v", 3)
spatial_change_up_axis_n = _up_axis_n("spatial_change_up_axis_n", "x", 6)
quat_wxyz_change_world_up_axis_n = _up_axis_n("quat_wxyz_change_world_up_axis_n", "q_wxyz", 4)
quat_xyzw_change_world_up_axis_n = _up_axis_n("quat_xyzw_change_world_up_axis_n", "q_xyzw", 4)


# ------------------------------------------------------------------ axis systems
def _axis_system_c(ffi, s, fname, argument):
    return ffi.new("spconv_axis_system *", _api._typed_fields(_api.AxisSystem, s, fname, argument))[0]


def _axis_system_py(c):
    return _api._from_cdata(_api.AxisSystem, c)


@_mirror("axis_system_check", "None (raises Error if s is not one of the 48 axis systems)")
def axis_system_check(s: AxisSystem) -> None:
    ffi, lib = _api._c64.ffi, _api._c64.lib
    _check(lib.spconv_axis_system_check(_axis_system_c(ffi, s, "axis_system_check", "s")),
           "axis_system_check", "s")


@_mirror("axis_system_matrix", "a (3, 3) array")
def axis_system_matrix(from_: AxisSystem, to: AxisSystem) -> _Array:
    fname = "axis_system_matrix"
    res = np.empty(9)
    ffi, lib = _api._c64.ffi, _api._c64.lib
    _check(lib.spconv_axis_system_matrix(_ptr(ffi, res), _axis_system_c(ffi, from_, fname, "from_"),
                                         _axis_system_c(ffi, to, fname, "to")), fname)
    return _matrix(res)


@_mirror("axis_system_handedness", "right_handed: 1 or 0")
def axis_system_handedness(s: AxisSystem) -> int:
    ffi, lib = _api._c64.ffi, _api._c64.lib
    out = ffi.new("int *")
    _check(lib.spconv_axis_system_handedness(out, _axis_system_c(ffi, s, "axis_system_handedness", "s")),
           "axis_system_handedness", "s")
    return out[0]


@_mirror("axis_system_from_forward_up", "an AxisSystem")
def axis_system_from_forward_up(forward: SignedAxis | _SignedAxisName, up: SignedAxis | _SignedAxisName,
                                right_handed: int) -> AxisSystem:
    fname = "axis_system_from_forward_up"
    ffi, lib = _api._c64.ffi, _api._c64.lib
    out = ffi.new("spconv_axis_system *")
    _check(lib.spconv_axis_system_from_forward_up(
        out, _enum(forward, "spconv_signed_axis", fname, "forward"),
        _enum(up, "spconv_signed_axis", fname, "up"),
        _api.c_int(right_handed, fname, "right_handed")), fname)
    return _axis_system_py(out[0])


@_mirror("axis_system_from_matrix", "an AxisSystem")
def axis_system_from_matrix(M: _ArrayIn, from_: AxisSystem) -> AxisSystem:
    fname = "axis_system_from_matrix"
    ffi, lib = _api._c64.ffi, _api._c64.lib
    m = _reals(M, F64, fname, "M", 9)
    if m.shape != (9,):
        raise error(fname, "M", "must be one matrix")
    out = ffi.new("spconv_axis_system *")
    _check(lib.spconv_axis_system_from_matrix(out, _ptr(ffi, m), _axis_system_c(ffi, from_, fname, "from_")),
           fname, "M")
    return _axis_system_py(out[0])


@_mirror("axis_system_preset", "an AxisSystem")
def axis_system_preset(preset: AxisPreset | _AxisPresetName) -> AxisSystem:
    ffi, lib = _api._c64.ffi, _api._c64.lib
    out = ffi.new("spconv_axis_system *")
    _check(lib.spconv_axis_system_preset(out, _enum(preset, "spconv_axis_preset", "axis_system_preset",
                                                    "preset")), "axis_system_preset")
    return _axis_system_py(out[0])


# ------------------------------------------------------------------ presets
@_mirror("convention_from_preset", "a Convention (Error for an unknown id)")
def convention_from_preset(id: PresetId | _PresetIdName) -> Convention:
    return _api.STATE_PRESETS[_api.preset_id(id, "convention_from_preset", "id")].twist


@_mirror("state_convention_from_preset", "a StateConvention (Error for an unknown id)")
def state_convention_from_preset(id: PresetId | _PresetIdName) -> StateConvention:
    return _api.STATE_PRESETS[_api.preset_id(id, "state_convention_from_preset", "id")]


@_mirror("preset_id_name", "a str (Error for an unknown id)")
def preset_id_name(id: PresetId | _PresetIdName) -> str:
    pid = _api.preset_id(id, "preset_id_name", "id")
    return _api._c64.ffi.string(_api._c64.lib.spconv_preset_id_name(pid)).decode()


# ------------------------------------------------------------------ batches at poses
def _convert_n(c_name):
    @_mirror(c_name, "an array (..., 6)")
    def convert(to: Convention | PresetId | _PresetIdName, x: _ArrayIn,
                from_: Convention | PresetId | _PresetIdName, pose: _ArrayIn,
                pose_convention: PoseConvention | PresetId | _PresetIdName, com: _ArrayIn,
                iquat_wxyz: _ArrayIn | None = None, *, check_finite: bool = True) -> _Array:
        name = c_name.split("_")[0]
        dtype, ffi, lib = _precision(c_name, check_finite, **{name: x}, pose=pose, com=com, iquat_wxyz=iquat_wxyz)
        flat, batch, once = _rows(c_name, dtype, {name: (x, 6), "pose": (pose, 7), "com": (com, 3),
                                                  "iquat_wxyz": (iquat_wxyz, 4)}, ("iquat_wxyz",))
        flat.setdefault("iquat_wxyz", None)  # C's NULL: the identity
        a = flat[name]
        res = np.empty_like(a)
        mod = LIBS[dtype]
        to_c = _api.convention_cdata(mod, "spconv_convention", to, c_name, "to")
        from_c = _api.convention_cdata(mod, "spconv_convention", from_, c_name, "from_")
        pc = _api.convention_cdata(mod, "spconv_pose_convention", pose_convention, c_name,
                                   "pose_convention")
        n = a.size // 6
        _check(getattr(lib, "spconv_" + c_name)(_ptr(ffi, res), 6, to_c, _ptr(ffi, a), 6, from_c,
                                                _ptr(ffi, flat["pose"]), 7, pc, _ptr(ffi, flat["com"]),
                                                _ptr(ffi, flat["iquat_wxyz"]), n), c_name)
        return _spread(res, batch, once)
    return _renamed(convert, "to", c_name.split("_")[0])


twist_convert_n = _convert_n("twist_convert_n")
wrench_convert_n = _convert_n("wrench_convert_n")


# ------------------------------------------------------------------ Jacobians
def _bodies_c(mod, dtype, flat):
    """A C array (in module mod) of the n bodies whose fields are the rows
    of flat["body.<field>"] ((n, size) arrays of dtype)."""
    ffi = mod.ffi
    n = flat["body.pos"].shape[0]
    bodies = ffi.new("spconv_body[]", max(n, 1))
    reals = np.frombuffer(ffi.buffer(bodies), dtype).reshape(max(n, 1), -1)
    for field, size in _plan.BODY_FIELDS:
        start = ffi.offsetof("spconv_body", field) // reals.itemsize
        reals[:n, start:start + size] = flat["body." + field]
    return bodies


@_mirror("jacobian_convert", "an array of J's shape: (..., 6, ncols) for ROW_MAJOR, (..., ncols, 6) "
         "for COLUMN_MAJOR; J's leading axes and those of body's fields broadcast, one Jacobian per body")
def jacobian_convert(to: Convention | PresetId | _PresetIdName, J: _ArrayIn,
                     from_: Convention | PresetId | _PresetIdName, body: Body, layout: Mat4Layout, *,
                     check_finite: bool = True) -> _Array:
    fname = "jacobian_convert"
    lay = _enum(layout, "spconv_mat4_layout", fname, "layout")
    column_major = lay == _api.HEADER.constants["SPCONV_MAT4_COLUMN_MAJOR"]
    fields = {name: (v, size) for name, v, size in _api.body_fields(body, fname, "body")}
    dtype, ffi, lib = _precision(fname, check_finite, J=J, **{k: v for k, (v, _) in fields.items()})
    a = _array(J, fname, "J")
    if a.ndim < 2 or a.shape[-1 if column_major else -2] != 6:
        want = "(..., ncols, 6) for COLUMN_MAJOR" if column_major else "(..., 6, ncols) for ROW_MAJOR"
        raise error(fname, "J", f"has shape {a.shape}; expected {want}")
    matrix, size = a.shape[-2:], a.shape[-2] * a.shape[-1]  # one Jacobian: a row of `size` reals
    flat, batch, once = _rows(fname, dtype, {"J": (a.reshape(a.shape[:-2] + (size,)), size), **fields})
    mod = LIBS[dtype]
    res = np.empty_like(flat["J"])
    _check(lib.spconv_jacobian_convert_n(
        _ptr(ffi, res), _api.convention_cdata(mod, "spconv_convention", to, fname, "to"), _ptr(ffi, flat["J"]),
        _api.convention_cdata(mod, "spconv_convention", from_, fname, "from_"), _bodies_c(mod, dtype, flat),
        res.shape[1] // 6, lay, res.shape[0]), fname)
    return _spread(res, batch, once).reshape(batch + matrix)


_FUNCTIONS["jacobian_convert_n"] = jacobian_convert  # the batch form is the same function


# ------------------------------------------------------------------ joint arrays
JointLayout = _api._struct_type("spconv_joint_layout", " In Python: int arrays; joint_child may "
                                "be None for functions that do not read it.")
JointLayout.__new__.__defaults__ = (None, 0)


def _layout(L, fname):
    """(C struct, arrays kept alive, joint_q size, joint_qd size) of L."""
    if not isinstance(L, tuple) or len(L) != 6:
        raise error(fname, "L", "must be a spatial_conv.JointLayout")
    count = _api.c_int(L[0], fname, "L.joint_count")
    arrays = [_ints(v, fname, f"L.{k}") for k, v in zip(("joint_type", "joint_q_start",
                                                          "joint_qd_start", "joint_child"), L[1:5])]
    for (k, want), a in zip((("joint_type", count), ("joint_q_start", count + 1),
                             ("joint_qd_start", count + 1), ("joint_child", count)), arrays):
        if a is not None and a.size != want or a is None and k != "joint_child":
            raise error(fname, f"L.{k}", f"needs {want} entries (joint_count {count})")
    ffi = _api._c64.ffi
    c = ffi.new("spconv_joint_layout *", {
        "joint_count": count, "joint_type": _ptr(ffi, arrays[0], "int"),
        "joint_q_start": _ptr(ffi, arrays[1], "int"), "joint_qd_start": _ptr(ffi, arrays[2], "int"),
        "joint_child": _ptr(ffi, arrays[3], "int"),
        "body_count": _api.c_int(L[5], fname, "L.body_count")})
    _check(_api._c64.lib.spconv_joint_layout_check(c), fname, "L")
    return c, arrays, int(arrays[1][-1]), int(arrays[2][-1])


def _layout_for(mod, c64):
    """The layout struct in the module of the call's precision (no reals
    inside: the same bytes)."""
    if mod is _api._c64:
        return c64
    c = mod.ffi.new("spconv_joint_layout *")
    mod.ffi.memmove(c, c64, mod.ffi.sizeof("spconv_joint_layout"))
    return c


def _joint_size(c_name):
    @_mirror(c_name, "an int")
    def size(joint_type: JointType, lin_axes: int, ang_axes: int) -> int:
        r = getattr(_api._c64.lib, "spconv_" + c_name)(
            _enum(joint_type, "spconv_joint_type", c_name, "joint_type"),
            _api.c_int(lin_axes, c_name, "lin_axes"), _api.c_int(ang_axes, c_name, "ang_axes"))
        _check(min(r, 0), c_name)
        return r
    return size


joint_q_size = _joint_size("joint_q_size")
joint_qd_size = _joint_size("joint_qd_size")


@_mirror("joint_layout_check", "None (raises Error for an inconsistent layout)")
def joint_layout_check(L: JointLayout) -> None:
    _layout(L, "joint_layout_check")


def _sized(x, size, dtype, fname, argument):
    a = _reals(x, dtype, fname, argument)
    if a.size != size:
        raise error(fname, argument, f"holds {a.size} reals; the layout needs {size}")
    return a


def _joint_q(c_name):
    @_mirror(c_name, "an array shaped as joint_q")
    def convert(joint_q: _ArrayIn, L: JointLayout, *, check_finite: bool = True) -> _Array:
        c, keep, q_size, _ = _layout(L, c_name)
        dtype, ffi, lib = _precision(c_name, check_finite, joint_q=joint_q)
        q = _sized(joint_q, q_size, dtype, c_name, "joint_q")
        res = np.empty_like(q)
        _check(getattr(lib, "spconv_" + c_name)(_ptr(ffi, res), _ptr(ffi, q),
                                                _layout_for(LIBS[dtype], c)), c_name)
        return res
    return convert


joint_q_wxyz_from_xyzw = _joint_q("joint_q_wxyz_from_xyzw")
joint_q_xyzw_from_wxyz = _joint_q("joint_q_xyzw_from_wxyz")


def _bodies(L, body_q, body_com, dtype, fname):
    nb = _api.c_int(L[5], fname, "L.body_count")
    return (_sized(body_q, 7 * nb, dtype, fname, "body_q"),
            _sized(body_com, 3 * nb, dtype, fname, "body_com"))


def _joint_sap(c_name, argument):
    @_mirror(c_name, f"an array shaped as {argument}")
    def convert(x: _ArrayIn, L: JointLayout, body_q: _ArrayIn, body_com: _ArrayIn, *,
                check_finite: bool = True) -> _Array:
        c, keep, _, qd_size = _layout(L, c_name)
        dtype, ffi, lib = _precision(c_name, check_finite, **{argument: x}, body_q=body_q, body_com=body_com)
        a = _sized(x, qd_size, dtype, c_name, argument)
        bq, bc = _bodies(L, body_q, body_com, dtype, c_name)
        res = np.empty_like(a)
        _check(getattr(lib, "spconv_" + c_name)(_ptr(ffi, res), _ptr(ffi, a), _layout_for(LIBS[dtype], c),
                                                _ptr(ffi, bq), _ptr(ffi, bc)), c_name)
        return res
    return _renamed(convert, argument)


sap_joint_qd_from_public = _joint_sap("sap_joint_qd_from_public", "joint_qd")
public_joint_qd_from_sap = _joint_sap("public_joint_qd_from_sap", "joint_qd")
sap_joint_f_from_public = _joint_sap("sap_joint_f_from_public", "joint_f")
public_joint_f_from_sap = _joint_sap("public_joint_f_from_sap", "joint_f")


def _packed(c_name):
    @_mirror(c_name, "an array (body_count, 6)")
    def convert(body_f: _ArrayIn, body_q: _ArrayIn, body_com: _ArrayIn, *,
                check_finite: bool = True) -> _Array:
        dtype, ffi, lib = _precision(c_name, check_finite, body_f=body_f, body_q=body_q, body_com=body_com)
        f = _reals(body_f, dtype, c_name, "body_f", 6)
        nb = f.size // 6
        q = _sized(body_q, 7 * nb, dtype, c_name, "body_q")
        com = _sized(body_com, 3 * nb, dtype, c_name, "body_com")
        res = np.empty_like(f)
        _check(getattr(lib, "spconv_" + c_name)(_ptr(ffi, res), _ptr(ffi, f), _ptr(ffi, q),
                                                _ptr(ffi, com), nb), c_name)
        return res
    return convert


sap_body_force_from_public_packed = _packed("sap_body_force_from_public_packed")
public_body_force_from_sap_packed = _packed("public_body_force_from_sap_packed")


@_mirror("sap_boundary_in", "(joint_qd, joint_f, body_f): converted copies (None stays None)")
def sap_boundary_in(joint_qd: _ArrayIn | None, joint_f: _ArrayIn | None, body_f: _ArrayIn | None,
                    L: JointLayout, body_q: _ArrayIn, body_com: _ArrayIn, joint_qd_order: SapOrder,
                    joint_f_order: SapOrder, body_f_order: SapOrder, *, check_finite: bool = True
                    ) -> Tuple[_Array | None, _Array | None, _Array | None]:
    fname = "sap_boundary_in"
    c, keep, _, qd_size = _layout(L, fname)
    dtype, ffi, lib = _precision(fname, check_finite, joint_qd=joint_qd, joint_f=joint_f, body_f=body_f,
                                 body_q=body_q, body_com=body_com)
    nb = _api.c_int(L[5], fname, "L.body_count")
    bufs = [None if v is None else _sized(v, size, dtype, fname, k).copy()
            for k, v, size in (("joint_qd", joint_qd, qd_size), ("joint_f", joint_f, qd_size),
                               ("body_f", body_f, 6 * nb))]
    bq, bc = _bodies(L, body_q, body_com, dtype, fname)
    orders = [_enum(o, "spconv_sap_order", fname, k) for k, o in
              (("joint_qd_order", joint_qd_order), ("joint_f_order", joint_f_order),
               ("body_f_order", body_f_order))]
    _check(lib.spconv_sap_boundary_in(*(_ptr(ffi, b) for b in bufs), _layout_for(LIBS[dtype], c),
                                      _ptr(ffi, bq), _ptr(ffi, bc), *orders), fname)
    return tuple(bufs)


@_mirror("sap_boundary_out", "joint_qd: a converted copy")
def sap_boundary_out(joint_qd: _ArrayIn, L: JointLayout, body_q: _ArrayIn, body_com: _ArrayIn,
                     joint_qd_order: SapOrder, *, check_finite: bool = True) -> _Array:
    fname = "sap_boundary_out"
    c, keep, _, qd_size = _layout(L, fname)
    dtype, ffi, lib = _precision(fname, check_finite, joint_qd=joint_qd, body_q=body_q, body_com=body_com)
    qd = _sized(joint_qd, qd_size, dtype, fname, "joint_qd").copy()
    bq, bc = _bodies(L, body_q, body_com, dtype, fname)
    _check(lib.spconv_sap_boundary_out(_ptr(ffi, qd), _layout_for(LIBS[dtype], c), _ptr(ffi, bq),
                                       _ptr(ffi, bc), _enum(joint_qd_order, "spconv_sap_order", fname,
                                                            "joint_qd_order")), fname)
    return qd


# ------------------------------------------------------------------ permutations
def _perm(perm, fname):
    p = _ints(perm, fname, "perm")
    return p, _api._c64.ffi, _api._c64.lib


@_mirror("perm_check", "None (raises Error if perm is not a permutation of 0..n-1)")
def perm_check(perm: _ArrayIn) -> None:
    p, ffi, lib = _perm(perm, "perm_check")
    _check(lib.spconv_perm_check(_ptr(ffi, p, "int"), p.size), "perm_check", "perm")


@_mirror("perm_check_scratch", "None, as perm_check (the scratch is allocated here)")
def perm_check_scratch(perm: _ArrayIn) -> None:
    p, ffi, lib = _perm(perm, "perm_check_scratch")
    scratch = np.empty((p.size + 7) // 8, np.uint8)
    _check(lib.spconv_perm_check_scratch(_ptr(ffi, p, "int"), p.size, _ptr(ffi, scratch, "unsigned char")),
           "perm_check_scratch", "perm")


@_mirror("perm_inverse", "an int array")
def perm_inverse(perm: _ArrayIn) -> _IntArray:
    p, ffi, lib = _perm(perm, "perm_inverse")
    res = np.empty_like(p)
    _check(lib.spconv_perm_inverse(_ptr(ffi, res, "int"), _ptr(ffi, p, "int"), p.size), "perm_inverse", "perm")
    return res


@_mirror("perm_gather", "an array shaped as in_: in_[perm], along its first axis")
def perm_gather(in_: _ArrayIn, perm: _ArrayIn, *, check_finite: bool = True) -> _Array:
    a = _array(in_, "perm_gather", "in_")
    if a.ndim == 0:
        raise error("perm_gather", "in_", "must have at least one axis")
    frames = a.reshape((1,) + a.shape[:1] + (math.prod(a.shape[1:]),) * (a.ndim > 1))  # one frame, rows in_[i]
    return _gather_frames("perm_gather", "in_", frames, perm, check_finite).reshape(a.shape)


@_mirror("perm_gather_frames", "an array shaped as x: (frames, n) or (frames, n, stride)")
def perm_gather_frames(x: _ArrayIn, perm: _ArrayIn, *, check_finite: bool = True) -> _Array:
    return _gather_frames("perm_gather_frames", "x", x, perm, check_finite)


def _gather_frames(fname, argument, x, perm, check_finite):
    """x[:, perm] for x (frames, n) or (frames, n, stride), by
    spconv_perm_gather_frames, as fname's argument."""
    p, _, _ = _perm(perm, fname)
    dtype, ffi, lib = _precision(fname, check_finite, **{argument: x})
    a = _reals(x, dtype, fname, argument)
    if a.ndim not in (2, 3) or a.shape[1] != p.size:
        shape = a.shape[1:] if fname == "perm_gather" else a.shape
        want = f"({p.size}, ...)" if fname == "perm_gather" else \
            f"(frames, {p.size}) or (frames, {p.size}, stride)"
        raise error(fname, argument, f"has shape {shape}; perm of {p.size} entries needs {want}")
    stride = a.shape[2] if a.ndim == 3 else 1
    res = np.empty_like(a)
    if stride == 0:  # rows of no reals: nothing to move, perm still checked
        _check(lib.spconv_perm_check(_ptr(ffi, p, "int"), p.size), fname, "perm")
        return res
    _check(lib.spconv_perm_gather_frames(_ptr(ffi, res), _ptr(ffi, a), _ptr(ffi, p, "int"), a.shape[0],
                                         p.size, stride), fname, "perm")
    return res


@_mirror("perm_gather_parents", "an int array")
def perm_gather_parents(parents: _ArrayIn, perm: _ArrayIn) -> _IntArray:
    fname = "perm_gather_parents"
    p, ffi, lib = _perm(perm, fname)
    par = _ints(parents, fname, "parents")
    if par.size != p.size:
        raise error(fname, "parents", "and perm differ in length")
    res = np.empty_like(p)
    _check(lib.spconv_perm_gather_parents(_ptr(ffi, res, "int"), _ptr(ffi, par, "int"), _ptr(ffi, p, "int"),
                                          p.size), fname)
    return res


# ------------------------------------------------------------------ motion
MotionClip = _api._struct_type("spconv_motion_clip", " In Python: arrays root_pos (frames, 3), "
                               "root_rot (frames, k), root_linvel and root_angvel (frames, 3), "
                               "local_rot (frames, bodies, k), offsets (bodies, 3); any may be None.")
MotionClip.__new__.__defaults__ = (None,) * 9
_CLIP_ARRAYS = ("root_pos", "root_rot", "root_linvel", "root_angvel", "local_rot", "offsets")


def _clip(clip, dtype, fname, argument):
    """(C struct in the module of dtype, arrays kept alive) of a MotionClip."""
    if not isinstance(clip, MotionClip):
        raise error(fname, argument, "must be a spatial_conv.MotionClip")
    mod = LIBS[dtype]
    frames = _api.c_int(clip.frames, fname, f"{argument}.frames")
    bodies = _api.c_int(clip.bodies, fname, f"{argument}.bodies")
    fmt = {k: 0 if getattr(clip, k) is None and getattr(clip, array) is None else  # not read by C
           int(enum_value(getattr(clip, k), "spconv_rot_format", fname, f"{argument}.{k}"))
           for k, array in (("root_rot_format", "root_rot"), ("local_rot_format", "local_rot"))}
    k_root = mod.lib.spconv_rot_format_size(fmt["root_rot_format"])
    k_local = mod.lib.spconv_rot_format_size(fmt["local_rot_format"])
    shapes = {"root_pos": (frames, 3), "root_linvel": (frames, 3), "root_angvel": (frames, 3),
              "offsets": (bodies, 3), "root_rot": (frames, k_root), "local_rot": (frames, bodies, k_local)}
    arrays = {}
    for k in _CLIP_ARRAYS:
        a = _reals(getattr(clip, k), dtype, fname, f"{argument}.{k}", optional=True)
        want = shapes[k]
        if a is not None and a.shape != want and not (want[-1] == 9 and a.shape == want[:-1] + (3, 3)):
            raise error(fname, f"{argument}.{k}", f"has shape {a.shape}; the clip's frames, bodies "
                        f"and format need {want}")
        arrays[k] = None if a is None else a.copy()
    c = mod.ffi.new("spconv_motion_clip *", {
        "frames": frames, "bodies": bodies,
        "root_angvel_body": _api.c_int(clip.root_angvel_body or 0, fname, f"{argument}.root_angvel_body"),
        **fmt, **{k: _ptr(mod.ffi, a) for k, a in arrays.items()}})
    return c, arrays


def _clip_like(clip, arrays):
    return clip._replace(**{k: None if a is None else a.reshape(np.shape(getattr(clip, k)))
                            for k, a in arrays.items()})


def _clip_dtype(clip, fname, argument, check_finite, **more):
    """The precision of a call on a clip: its arrays and the other real
    inputs (more) by the rule of the element functions."""
    if not isinstance(clip, MotionClip):
        raise error(fname, argument, "must be a spatial_conv.MotionClip")
    arrays = {f"{argument}.{k}": getattr(clip, k) for k in _CLIP_ARRAYS}
    return _precision(fname, check_finite, **arrays, **more)[0]


@_mirror("motion_clip_convert", "a new MotionClip")
def motion_clip_convert(in_: MotionClip, M_world: _ArrayIn, M_body: _ArrayIn, k: float, *,
                        check_finite: bool = True) -> MotionClip:
    fname = "motion_clip_convert"
    dtype = _clip_dtype(in_, fname, "in_", check_finite, M_world=M_world, M_body=M_body, k=k)
    ffi, lib = LIBS[dtype].ffi, LIBS[dtype].lib
    src, _ = _clip(in_, dtype, fname, "in_")
    dst, arrays = _clip(in_, dtype, fname, "in_")  # res: copies of the same shape
    mw, mb = (_sized(m, 9, dtype, fname, n) for m, n in ((M_world, "M_world"), (M_body, "M_body")))
    _check(lib.spconv_motion_clip_convert(dst, src, _ptr(ffi, mw), _ptr(ffi, mb), _api.c_real(k, fname, "k")), fname)
    return _clip_like(in_, arrays)


@_mirror("motion_clip_heading", "a float: the heading in radians")
def motion_clip_heading(in_: MotionClip, frame: int, up: Axis | _AxisName, world_forward: SignedAxis | _SignedAxisName,
                        body_forward: SignedAxis | _SignedAxisName, *, check_finite: bool = True) -> float:
    fname = "motion_clip_heading"
    dtype = _clip_dtype(in_, fname, "in_", check_finite)
    ffi, lib = LIBS[dtype].ffi, LIBS[dtype].lib
    src, keep = _clip(in_, dtype, fname, "in_")
    res = ffi.new("spconv_real *")
    _check(lib.spconv_motion_clip_heading(res, src, _api.c_int(frame, fname, "frame"),
                                          _enum(up, "spconv_axis", fname, "up"),
                                          _enum(world_forward, "spconv_signed_axis", fname, "world_forward"),
                                          _enum(body_forward, "spconv_signed_axis", fname, "body_forward")),
           fname)
    return float(res[0])


@_mirror("motion_clip_align", "a new MotionClip")
def motion_clip_align(in_: MotionClip, frame: int, up: Axis | _AxisName, world_forward: SignedAxis | _SignedAxisName,
                      body_forward: SignedAxis | _SignedAxisName, ground: float, *,
                      check_finite: bool = True) -> MotionClip:
    fname = "motion_clip_align"
    dtype = _clip_dtype(in_, fname, "in_", check_finite)
    lib = LIBS[dtype].lib
    src, _ = _clip(in_, dtype, fname, "in_")
    dst, arrays = _clip(in_, dtype, fname, "in_")
    _check(lib.spconv_motion_clip_align(dst, src, _api.c_int(frame, fname, "frame"),
                                        _enum(up, "spconv_axis", fname, "up"),
                                        _enum(world_forward, "spconv_signed_axis", fname, "world_forward"),
                                        _enum(body_forward, "spconv_signed_axis", fname, "body_forward"),
                                        _api.c_real(ground, fname, "ground")), fname)
    return _clip_like(in_, arrays)


def _frames(x, dtype, fname, argument, size):
    """_reals of one clip's series (frames, size): one time axis, no batch
    axes (the frames of two clips are not one clip's)."""
    a = _reals(x, dtype, fname, argument, size)
    if a.ndim != 2:
        raise error(fname, argument, f"has shape {a.shape}; expected (frames, {size}), one clip")
    return a


@_mirror("motion_linvel", "an array (frames, 3)")
def motion_linvel(pos: _ArrayIn, dt: float, method: MotionDiff, *, check_finite: bool = True) -> _Array:
    fname = "motion_linvel"
    dtype, ffi, lib = _precision(fname, check_finite, pos=pos)
    p = _frames(pos, dtype, fname, "pos", 3)
    res = np.empty_like(p)
    _check(lib.spconv_motion_linvel(_ptr(ffi, res), _ptr(ffi, p), p.size // 3, _api.c_real(dt, fname, "dt"),
                                    _enum(method, "spconv_motion_diff", fname, "method")), fname)
    return res


@_mirror("motion_angvel", "an array (frames, 3)")
def motion_angvel(q: _ArrayIn, dt: float, q_format: RotFormat, body: int, method: MotionDiff, *,
                  check_finite: bool = True) -> _Array:
    fname = "motion_angvel"
    dtype, ffi, lib = _precision(fname, check_finite, q=q)
    a = _frames(q, dtype, fname, "q", 4)
    res = np.empty(a.shape[:-1] + (3,), dtype)
    _check(lib.spconv_motion_angvel(_ptr(ffi, res), _ptr(ffi, a), a.size // 4, _api.c_real(dt, fname, "dt"),
                                    _enum(q_format, "spconv_rot_format", fname, "q_format"),
                                    _api.c_int(body, fname, "body"),
                                    _enum(method, "spconv_motion_diff", fname, "method")), fname)
    return res


@_mirror("euler_seq_from_bvh_channels", "(seq, kind, rot_index, n_channels)")
def euler_seq_from_bvh_channels(channels: str) -> Tuple[EulerSeq, EulerKind, Tuple[int, int, int], int]:
    fname = "euler_seq_from_bvh_channels"
    if not isinstance(channels, str):
        raise error(fname, "channels", "must be a str")
    ffi, lib = _api._c64.ffi, _api._c64.lib
    seq, kind = ffi.new("spconv_euler_seq *"), ffi.new("spconv_euler_kind *")
    rot_index, n = ffi.new("int[3]"), ffi.new("int *")
    _check(lib.spconv_euler_seq_from_bvh_channels(seq, kind, rot_index, n, channels.encode()), fname,
           "channels", channels)
    return (_api.ENUMS["spconv_euler_seq"](seq[0]), _api.ENUMS["spconv_euler_kind"](kind[0]),
            tuple(rot_index), n[0])


@_mirror("bvh_channels_from_euler_seq", "a str")
def bvh_channels_from_euler_seq(seq: EulerSeq | _EulerSeqName, kind: EulerKind) -> str:
    fname = "bvh_channels_from_euler_seq"
    ffi, lib = _api._c64.ffi, _api._c64.lib
    buf = ffi.new("char[64]")
    _check(lib.spconv_bvh_channels_from_euler_seq(buf, 64, _enum(seq, "spconv_euler_seq", fname, "seq"),
                                                  _enum(kind, "spconv_euler_kind", fname, "kind")), fname)
    return ffi.string(buf).decode()


STRUCT_CLASSES.update({"spconv_joint_layout": JointLayout, "spconv_motion_clip": MotionClip})


def functions():
    return {**_FUNCTIONS, "JointLayout": JointLayout, "MotionClip": MotionClip}
