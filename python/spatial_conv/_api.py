"""The Python side of the mirror: module constants, enum classes, the
convention and body types, the error model, and the generated functions of
every element function of spatial_conv.h (see _plan.py).

The C function spconv_NAME(results..., inputs...) is NAME(inputs...), which
returns its results. Arrays may carry leading batch dimensions, which
broadcast against each other; one C loop runs over the batch.
"""
import enum
import inspect
import math
import operator
import struct
import sys
from typing import NamedTuple

import numpy as np

from . import _build, _c32, _c64, _errors, _fast, _header, _plan, _split
from ._errors import error

HEADER = _header.package()
LIBS = {np.dtype(np.float64): _c64, np.dtype(np.float32): _c32}
F64, F32 = np.dtype(np.float64), np.dtype(np.float32)


from ._errors import STATUS_NAMES, Error, StatusWarning, status_name, status_text  # noqa: F401

# ------------------------------------------------------------ enum types
def _class_name(c_type):
    return "".join(part.capitalize() for part in c_type[len("spconv_"):].split("_"))


def _member_prefix(names):
    """SPCONV_EULER_ of SPCONV_EULER_XYZ, SPCONV_EULER_XZY, ..."""
    first = names[0]
    cut = 0
    for i in range(len(first)):
        if any(len(n) <= i or n[i] != first[i] for n in names):
            break
        if first[i] == "_":
            cut = i + 1
    return first[:cut]


def _make_enums():
    enums = {}
    for e in HEADER.enums.values():
        members = [(n, v) for n, v in e.members if not n.endswith("_END")]
        prefix = _member_prefix([n for n, _ in members])
        cls = enum.IntEnum(_class_name(e.name), [(n[len(prefix):], v) for n, v in members],
                           module="spatial_conv")
        cls.__doc__ = f"{e.name}: {e.doc}" if e.doc else e.name
        cls._c_prefix = prefix
        enums[e.name] = cls
    return enums


ENUMS = _make_enums()
PRESET_TYPES = ("spconv_preset_id", "spconv_axis_preset", "spconv_euler_format")


def constants():
    """Every C constant and enum value, without SPCONV_ (enum values as
    members of their IntEnum class)."""
    out = {}
    by_name = {}
    for c_type, cls in ENUMS.items():
        for m in cls:
            by_name[cls._c_prefix + m.name] = m
    for name, value in HEADER.constants.items():
        out[name[len("SPCONV_"):]] = by_name.get(name, value)
    return out


def enum_value(value, c_type, function, argument):
    """value (member, int or, for the types of STRING_FORMS, a string) as a
    member of the IntEnum of c_type; Error if it is none of its values."""
    cls = ENUMS[c_type]
    if isinstance(value, str):
        member = _member_of_string(value, c_type)
        if member is not None:
            return member
        forms = ", ".join(f'"{m.lower()}"' for m in cls.__members__) if c_type in PRESET_TYPES \
            else STRING_FORMS.get(c_type, "strings are not accepted here")
        raise error(function, argument, f"={value!r} is not a value of {cls.__name__} ({forms})")
    try:
        return cls(operator.index(value))  # ints, NumPy integers, members; not 2.0
    except (ValueError, TypeError, OverflowError):
        raise error(function, argument, f"={value!r} is not a value of spatial_conv.{cls.__name__}") \
            from None


# The enums that also take a string, and what the string is (the presets:
# a member's name in lower case, "smpl" for AXIS_PRESET_SMPL).
STRING_FORMS = {
    "spconv_euler_seq": 'three axis letters as SciPy writes them, "xyz", "XYZ", "zxz": the order '
                        'of the axes only; the case does not set the kind',
    "spconv_axis": '"x", "y" or "z"',
    "spconv_signed_axis": '"x", "y", "z", "+x", "-x", "+y", "-y", "+z" or "-z"',
    **{t: "a preset's name in lower case" for t in PRESET_TYPES},
    "spconv_euler_format": "a format's name in lower case",
}


def euler_seq_of_string(c_name, s):
    """(status, seq, kind) of the C parser spconv_<c_name>
    (euler_seq_from_scipy, euler_seq_from_mujoco) for the str s; EINVAL
    for a string holding a NUL byte or a character beyond ASCII."""
    ffi, lib = _c64.ffi, _c64.lib
    seq, kind = ffi.new("spconv_euler_seq *"), ffi.new("spconv_euler_kind *")
    if "\0" in s or not s.isascii():  # C reads up to a NUL; no letter of a sequence is beyond ASCII
        return HEADER.constants["SPCONV_EINVAL"], None, None
    status = getattr(lib, "spconv_" + c_name)(seq, kind, s.encode())
    return status, seq[0], kind[0]


def _member_of_string(s, c_type):
    """The member of c_type that the string s names (STRING_FORMS), or None."""
    cls = ENUMS[c_type]
    if c_type in PRESET_TYPES:
        return cls[s.upper()] if s == s.lower() and s.upper() in cls.__members__ else None
    if c_type == "spconv_euler_seq":
        status, seq, _ = euler_seq_of_string("euler_seq_from_scipy", s)
        return cls(seq) if status == 0 else None
    member = AXIS_STRINGS.get(c_type, {}).get(s.lower())
    return cls[member] if member else None


def _axis_strings():
    """c_type -> {lower-case string: member name}: "x" for AXIS_X; "x",
    "+x" for AXIS_POS_X and "-x" for AXIS_NEG_X."""
    signed = {}
    for m in ENUMS["spconv_signed_axis"].__members__:
        sign, axis = m.split("_")
        signed.update({("-" if sign == "NEG" else "+") + axis.lower(): m})
        if sign == "POS":
            signed[axis.lower()] = m
    return {"spconv_axis": {m.lower(): m for m in ENUMS["spconv_axis"].__members__},
            "spconv_signed_axis": signed}


AXIS_STRINGS = _axis_strings()


def enum_strings(c_type):
    """Every string that enum_value takes for c_type (one of STRING_FORMS),
    members in order: what the type stubs' Literal types list. A preset's
    name in lower case; an Euler sequence in SciPy's two cases ("xyz",
    "XYZ"); an axis as AXIS_STRINGS has it, in either case."""
    cls = ENUMS[c_type]
    if c_type in PRESET_TYPES:
        return tuple(m.lower() for m in cls.__members__)
    if c_type == "spconv_euler_seq":
        return tuple(s for m in cls.__members__ for s in (m.lower(), m.upper()))
    return tuple(s for k in AXIS_STRINGS[c_type] for s in dict.fromkeys((k, k.upper())))


# ------------------------------------------------------------ struct types
def _struct_type(c_name, doc_extra=""):
    s = HEADER.structs[c_name]
    cls = NamedTuple(_class_name(c_name), [(f.name, object) for f in s.fields])
    cls.__module__ = "spatial_conv"
    cls.__doc__ = f"{c_name}: {s.doc}{doc_extra}"
    return cls


Convention = _struct_type("spconv_convention")
PoseConvention = _struct_type("spconv_pose_convention")
StateConvention = _struct_type("spconv_state_convention")
AxisSystem = _struct_type("spconv_axis_system")
Body = _struct_type("spconv_body", " In Python each field is an array, and may carry batch "
                    "dimensions; com defaults to the origin, iquat_wxyz to the identity.")
Body.__new__.__defaults__ = ((0.0, 0.0, 0.0), (1.0, 0.0, 0.0, 0.0))
STRUCT_CLASSES = {"spconv_convention": Convention, "spconv_pose_convention": PoseConvention,
                  "spconv_state_convention": StateConvention, "spconv_axis_system": AxisSystem}


def _typed_fields(cls, value, function, argument):
    s = HEADER.structs[[k for k, v in STRUCT_CLASSES.items() if v is cls][0]]
    if not isinstance(value, tuple):
        raise error(function, argument, f"must be a spatial_conv.{cls.__name__} (a tuple of its "
                    f"fields), not {type(value).__name__}")
    if len(value) != len(s.fields):
        raise error(function, argument, f"needs {len(s.fields)} fields "
                    f"({', '.join(f.name for f in s.fields)})")
    out = []
    for f, v in zip(s.fields, value):
        if f.type in STRUCT_CLASSES:
            out.append(_typed_fields(STRUCT_CLASSES[f.type], v, function, f"{argument}.{f.name}"))
        else:
            out.append(enum_value(v, f.type, function, f"{argument}.{f.name}"))
    return cls(*out)


def preset_id(value, function="preset", argument="id"):
    return enum_value(value, "spconv_preset_id", function, argument)


def convention_value(value, c_type, function, argument):
    """A Convention / PoseConvention / StateConvention from itself, a tuple of
    its fields, a PresetId or a preset's lower-case name."""
    cls = STRUCT_CLASSES[c_type]
    if isinstance(value, (str, int, np.integer, enum.Enum)):
        pid = preset_id(value, function, argument)
        state = STATE_PRESETS[pid]
        return {"spconv_convention": state.twist, "spconv_pose_convention": state.pose,
                "spconv_state_convention": state}[c_type]
    if not isinstance(value, tuple) or (isinstance(value, tuple(STRUCT_CLASSES.values()))
                                        and not isinstance(value, cls)):
        raise error(function, argument, f"must be a spatial_conv.{cls.__name__}, a preset "
                    f"or a preset name, not {type(value).__name__}")
    return _typed_fields(cls, value, function, argument)


def _from_cdata(cls, cdata):
    s = HEADER.structs[[k for k, v in STRUCT_CLASSES.items() if v is cls][0]]
    vals = []
    for f in s.fields:
        v = getattr(cdata, f.name)
        if f.type in STRUCT_CLASSES:
            vals.append(_from_cdata(STRUCT_CLASSES[f.type], v))
        else:
            cls_e = ENUMS[f.type]
            vals.append(cls_e(v) if v in cls_e._value2member_map_ else v)
    return cls(*vals)


STATE_PRESETS = {pid: _from_cdata(StateConvention, _c64.lib.spconv_state_convention_from_preset(pid))
                 for pid in ENUMS["spconv_preset_id"]}


_CONVENTION_STRUCTS = {}  # (module, C type, the caller's value) -> C struct


def _type_key(value):
    """The types of value and of everything in it (a convention's fields):
    values equal to one another (3840 and 3840.0) that convert differently
    are kept apart."""
    if isinstance(value, tuple):
        return type(value), tuple(_type_key(v) for v in value)
    return type(value)


def convention_cdata(mod, c_type, value, function, argument):
    """The C struct (in module mod) of a convention argument: a convention,
    a preset or a preset's name. Each value a caller passes is converted and
    checked once; an unhashable one (a list) each time."""
    try:
        key = (mod.__name__, c_type, _type_key(value), value)
        cd = _CONVENTION_STRUCTS.get(key)
    except TypeError:
        return mod.ffi.new(c_type + " *", convention_value(value, c_type, function, argument))
    if cd is None:
        cd = mod.ffi.new(c_type + " *", convention_value(value, c_type, function, argument))
        _CONVENTION_STRUCTS[key] = cd
    return cd


# ------------------------------------------------------------ arrays
INNER_SHAPES = {9: (3, 3), 16: (4, 4), 36: (6, 6)}  # also accepted for inputs
OUT_SHAPES = INNER_SHAPES                           # 3x3, 4x4 and 6x6 results are matrices


def as_array(x, function, argument):
    """x as a NumPy array without a copy where possible: NumPy arrays,
    anything with the buffer protocol, __array__ or DLPack on the CPU."""
    if isinstance(x, np.ndarray):
        return x
    if hasattr(x, "__cuda_array_interface__"):
        raise error(function, argument, "is a CUDA array; this function takes host arrays "
                    "(the element functions take CUDA arrays: docs/python.md)")
    try:
        return np.asarray(x)
    except (TypeError, ValueError, RuntimeError) as e:
        if hasattr(x, "__dlpack__"):
            try:
                return np.from_dlpack(x)
            except (TypeError, ValueError, RuntimeError, BufferError):
                pass
        raise error(function, argument, f"is not an array ({e})") from e


_REAL_ROLES = (_plan.IN, _plan.SCALAR)


def real_dtype(arrays, function):
    """The precision of a call: float32 when every typed input (an array,
    not a list or a Python number) is float32, else float64. Lists and
    Python numbers take the precision of the arrays, as NumPy's scalars do."""
    dtype = None
    for name, a, _, typed in arrays:
        k = a.dtype.kind
        if k not in "biuf":
            raise error(function, name, f"has dtype {a.dtype}; spatial_conv takes real "
                        "numbers (float64 or float32; bool and integers become float64)")
        if not typed:
            continue
        if a.dtype.kind == "f" and a.dtype.itemsize == 4:  # either byte order
            dtype = dtype or F32
        else:
            dtype = F64
    return dtype or F64


def _trailing(a, size, function, argument):
    """The batch shape of a, whose last axes hold `size` reals."""
    if size == 0:
        return a.shape
    if a.shape[-1:] == (size,):
        return a.shape[:-1]
    inner = INNER_SHAPES.get(size)
    if inner and a.shape[-2:] == inner:
        return a.shape[:-2]
    want = f"(..., {size})" + (f" or (..., {inner[0]}, {inner[1]})" if inner else "")
    raise error(function, argument, f"has shape {a.shape}; expected {want}")


def batch_shape(function, names, shapes):
    """The batch shape that the inputs' batch shapes (names[i] has
    shapes[i]) broadcast to; Error naming the first input whose batch shape
    does not broadcast with those before it."""
    if shapes.count(shapes[0] if shapes else ()) == len(shapes):
        return tuple(shapes[0]) if shapes else ()
    batch = ()
    for i, (name, shape) in enumerate(zip(names, shapes)):
        try:
            batch = np.broadcast_shapes(batch, shape)
        except ValueError:
            before = ", ".join(f"{n} {s}" for n, s in zip(names[:i], shapes[:i]))
            raise error(function, name, f"has batch shape {shape}, which does not broadcast with "
                        f"{batch} of the inputs before it ({before})") from None
    return batch


def _flat(a, batch, count, size, dtype, ffi):
    """a (batch dims + inner) as (array kept alive, C pointer, stride in
    reals) over count elements of max(size, 1) contiguous reals each. It
    copies only when the layout needs it: another dtype, broadcasting over
    some batch dims, a strided inner axis, misaligned data."""
    k = max(size, 1)
    if a.dtype != dtype:
        a = a.astype(dtype)
    if a.size == k:  # one element for the whole batch: stride 0
        if not (a.flags.c_contiguous and a.flags.aligned):
            a = np.ascontiguousarray(a)
        return a, ffi.from_buffer(a), 0
    inner = a.shape[a.ndim - _inner_ndim(a, size):]
    if a.shape[:a.ndim - len(inner)] != tuple(batch):
        a = np.broadcast_to(a, tuple(batch) + inner)
    v = a.reshape(count, k)
    item = v.itemsize
    if (k > 1 and v.strides[1] != item) or v.strides[0] % item or not v.flags.aligned:
        v = np.ascontiguousarray(v)
    return v, _pointer(ffi, v), v.strides[0] // item


def _pointer(ffi, v):
    """The C address of v's first element (v may be a strided view)."""
    if v.flags.c_contiguous:
        return ffi.from_buffer(v)
    return ffi.cast("void *", v.__array_interface__["data"][0])


def _out_view(out, batch, count, size, dtype, function, name, inputs):
    """The (count, k) array the C loop writes for a caller's out array (a
    NumPy array or anything NumPy views without a copy: a CPU tensor), and
    whether it is the out array itself (else a new array, copied into out
    after the call: out of the other precision, or batch axes that one
    stride does not walk; each element's reals must be contiguous). inputs:
    (name, array, its batch shape). An out that is exactly an input (the
    same memory and layout) of the call's batch shape converts in place, as
    C allows; an input broadcast over the batch, or any other overlap, with
    an input or within out, is refused."""
    k = size or 1
    inner = OUT_SHAPES.get(size, (size,)) if size else ()
    shapes = [tuple(batch) + inner] + ([tuple(batch) + (size,)] if size in OUT_SHAPES else [])
    if not _typed(out):  # a list would be copied, and the copy written
        raise error(function, name, f"is a {type(out).__name__}; out takes arrays")
    arr = out if isinstance(out, np.ndarray) else as_array(out, function, name)
    if arr.shape not in shapes or arr.dtype not in LIBS and not (
            arr.dtype.kind == "f" and arr.dtype.itemsize in (4, 8)) or not arr.flags.writeable:
        raise error(function, name, f"is a {'writable ' if arr.flags.writeable else 'read-only '}"
                    f"{arr.dtype} array of shape {arr.shape}; the result is "
                    f"{shapes[0]} (float64 or float32)")
    if _overlaps_itself(arr):
        raise error(function, name, f"has elements that overlap one another (strides {arr.strides}: "
                    "a broadcast view); give an array with a place for every result")
    for in_name, in_arr, in_batch in inputs:
        if not np.may_share_memory(arr, in_arr):
            continue
        if not _same_memory(arr, in_arr):
            raise error(function, name, f"overlaps the input {in_name} (only the same array "
                        "converts in place)")
        if tuple(in_batch) != tuple(batch):  # one element read by every element of the batch
            raise error(function, name, f"is the input {in_name}, whose batch shape {tuple(in_batch)} is "
                        f"broadcast over the batch {tuple(batch)}; in place needs an input of the "
                        "result's batch shape")
    if not _packed_elements(arr, len(batch)):
        raise error(function, name, f"needs each element's {k} reals contiguous (its strides are "
                    f"{arr.strides})")
    v = _rows(arr, count, k) if arr.dtype == dtype else None
    return (v, True) if v is not None else (np.empty((count, k), dtype), False)


def out_target(given, batch, count, size, dtype, function, name, inputs):
    """(the (count, k) array the loop writes for out= array given, [(given,
    it)] when that is a new array copied into given after the call, whether
    given is an input (in place), given as an array) of a result of size
    reals; inputs as _out_view's."""
    res, direct = _out_view(given, batch, count, size, dtype, function, name, inputs)
    arr = as_array(given, function, name)
    return res, [] if direct else [(given, res)], any(_same_memory(arr, x[1]) for x in inputs), arr


def check_written(function, written, overlaps):
    """No two arrays a call writes (its results' out= arrays, the two of a
    pair) share memory: the loop writes them at once. written: (name,
    array) in argument order; overlaps(a, b) is exact, so the interleaved
    columns of one array pass. Error naming the later of two that overlap."""
    for i, (name, arr) in enumerate(written):
        for other, earlier in written[:i]:
            if overlaps(earlier, arr):
                raise error(function, name, f"overlaps {other}: the arrays of the results, and the two "
                            "of a pair, are written at once; give each its own memory")


def _packed_elements(arr, batch_ndim):
    """The reals of each element of arr (the axes after batch_ndim) lie
    one after another."""
    step = arr.itemsize
    for n, s in reversed(list(zip(arr.shape[batch_ndim:], arr.strides[batch_ndim:]))):
        if n > 1 and s != step:
            return False
        step *= n
    return True


def _rows(arr, count, k):
    """arr as a (count, k) view with one stride between elements and each
    element's k reals contiguous and aligned, or None."""
    v = arr.view()
    try:
        v.shape = (count, k)
    except AttributeError:  # its axes do not collapse into one stride
        return None
    if (k > 1 and v.strides[1] != v.itemsize) or v.strides[0] % v.itemsize or not v.flags.aligned:
        return None
    return v


def _overlaps_itself(arr):
    """Two elements of arr may be one place in memory (a stride-0 axis, a
    view from as_strided): each axis, in order of its stride, must step
    past everything the smaller strides reach."""
    if arr.size == 0:
        return False
    reach = arr.itemsize
    for stride, n in sorted((abs(s), n) for n, s in zip(arr.shape, arr.strides) if n > 1):
        if stride < reach:
            return True
        reach = stride * (n - 1) + reach
    return False


def _same_memory(a, b):
    """a and b are views of the same elements, laid out alike."""
    return (a.__array_interface__["data"][0] == b.__array_interface__["data"][0]
            and a.shape == b.shape and a.strides == b.strides)


def _inner_ndim(a, size):
    if size == 0:
        return 0
    return 1 if a.shape[-1:] == (size,) else 2


# ------------------------------------------------------------ element functions
def body_fields(v, function, argument):
    """(name, value, size) of each field of a Body argument v, named
    "argument.field"; spatial_conv.Error when v is not a Body."""
    if not isinstance(v, tuple) or len(v) != 4:
        raise error(function, argument, "must be a spatial_conv.Body (pos, quat_wxyz, com, iquat_wxyz)")
    return [(f"{argument}.{field}", fv, size) for (field, size), fv in zip(_plan.BODY_FIELDS, v)]


class ElementFunction:
    """The Python form of one element function (and of its _n batch form)."""

    def __init__(self, plan, device_call):
        self.plan = plan
        self.device_call = device_call  # (self, values, check_finite, out) for CUDA arrays
        self.name = plan.function.name
        self.kernel = {F64: getattr(_c64.lib, "spx_" + self.name),
                       F32: getattr(_c32.lib, "spx_" + self.name)}
        self.inputs = plan.inputs
        self.optional = optional_inputs(plan)
        self.checks = _build.finite_checks(plan)
        params = [inspect.Parameter(a.py_name, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    default=None if a.py_name in self.optional else inspect.Parameter.empty)
                  for a in self.inputs]
        params.append(inspect.Parameter("check_finite", inspect.Parameter.KEYWORD_ONLY, default=True))
        if not any(a.role == _plan.BODY_OUT for a in plan.outputs) and not plan.returns_real:
            params.append(inspect.Parameter("out", inspect.Parameter.KEYWORD_ONLY, default=None))
        self.has_reals = any(a.role in (_plan.IN, _plan.SCALAR, _plan.BODY_IN) for a in self.inputs)
        if not self.has_reals:  # nothing to take the precision from
            params.append(inspect.Parameter("dtype", inspect.Parameter.KEYWORD_ONLY, default=None))
        self.signature = inspect.Signature(params)
        self.names = [a.py_name for a in self.inputs]
        self.real_names = [a.py_name for a in self.inputs if a.role in (*_REAL_ROLES, _plan.BODY_IN)]
        self.out_ok = "out" in self.signature.parameters
        self.value_args = [a for a in plan.args if a.role in (_plan.CONST, _plan.STRUCT, _plan.STRING)]
        self.fast = _fast.function(_fast_steps(plan), _entry(_c64, plan), _entry(_c32, plan),
                                   plan.returns_real, self.out_ok, self.fast_value, self.fast_warn,
                                   Body, to_torch)
        self.split_plan = _plan.split_plan(plan)  # poses and 6-vectors as pairs (_split.py)
        if self.split_plan is not None:
            self.split_kernel = {F64: getattr(_c64.lib, "spx_" + self.split_plan.key),
                                 F32: getattr(_c32.lib, "spx_" + self.split_plan.key)}

    def bind(self, args, kwargs):
        if len(args) > len(self.names):
            raise TypeError(f"{self.name}() takes {len(self.names)} positional arguments "
                            f"but {len(args)} were given")
        values = dict(zip(self.names, args))
        for k, v in kwargs.items():
            if k not in self.names or k in values:
                raise TypeError(f"{self.name}() got an unexpected or repeated argument {k!r}")
            values[k] = v
        for a in self.inputs:
            if a.py_name not in values:
                if a.py_name in self.optional:
                    values[a.py_name] = None  # C's NULL
                else:
                    raise TypeError(f"{self.name}() missing required argument {a.py_name!r}")
        return values

    def on_device(self, values):
        """True when a real input is a CUDA array."""
        for a in self.inputs:
            v = values[a.py_name]
            if a.role in _REAL_ROLES and hasattr(v, "__cuda_array_interface__"):
                return True
            if (a.role == _plan.BODY_IN or _split.is_pair(v, a.size)) and isinstance(v, tuple) and \
                    any(hasattr(f, "__cuda_array_interface__") for f in v):
                return True
        return False

    def out_arrays(self, out):
        """The caller's result arrays (out=), one per C result, or None."""
        if out is None:
            return None
        results = self.plan.outputs
        if any(a.role == _plan.BODY_OUT for a in results) or self.plan.returns_real:
            raise TypeError(f"{self.name}() got an unexpected keyword argument 'out'")
        single = len(results) == 1 and (not isinstance(out, tuple) or _split.is_pair(out, results[0].size))
        outs = (out,) if single else out
        if not isinstance(outs, tuple) or len(outs) != len(results):
            raise error(self.name, "out", f"must be a tuple of {len(results)} arrays "
                        f"({', '.join(a.name for a in results)})")
        return outs

    def __call__(self, *args, check_finite=True, out=None, dtype=None, **kwargs):
        fname = self.name
        values = self.bind(args, kwargs)
        if self.grad_wanted(values):  # PyTorch autograd: the Jacobian loops (_autograd.py)
            from . import _autograd
            return _autograd.call(self, values, check_finite, out, dtype)
        if self.on_device(values):  # CUDA arrays: kernels compiled by NVRTC (_cuda.py)
            if dtype is not None:
                raise TypeError(f"{fname}() got an unexpected keyword argument 'dtype'")
            return self.device_call(self, values, check_finite, out)
        plan, kernel, checks = self.plan, self.kernel, self.checks
        split = self.split_plan is not None and _split.wanted(self.split_plan, values, out)
        if split:  # a pose or 6-vector as a pair of arrays: the split loop
            plan, kernel = self.split_plan, self.split_kernel
            checks, split_in = _split.checks(plan, values), _split.pairs_in(plan, values)
        # 1. the real arrays, in argument order: [name, array, reals per element, typed]
        reals, torch_in = [], False
        for a in plan.inputs:
            v = values[a.py_name]
            if a.role in _REAL_ROLES:
                if v is None and a.nullable:
                    continue  # C's NULL
                torch_in = torch_in or is_torch(v)
                reals.append((a.py_name, as_array(v, fname, a.py_name), a.size, _typed(v)))
            elif a.role == _plan.BODY_IN:
                for name, fv, size in body_fields(v, fname, a.py_name):
                    torch_in = torch_in or is_torch(fv)
                    reals.append((name, as_array(fv, fname, name), size, _typed(fv)))
            elif a.role == _plan.SPLIT_IN:
                torch_in = torch_in or any(is_torch(x) for x in (v if isinstance(v, tuple) else (v,)))
                reals += _split.input_parts(a, v, fname)
        # 2. precision and batch shape
        if dtype is None:
            dtype = real_dtype(reals, fname)
        elif self.has_reals:  # the arrays give the precision
            raise TypeError(f"{fname}() got an unexpected keyword argument 'dtype'")
        elif np.dtype(dtype) not in LIBS:
            raise error(fname, "dtype", f"={dtype!r}: must be float64 or float32")
        else:
            dtype = np.dtype(dtype)
        shapes = [_trailing(arr, size, fname, n) for n, arr, size, _ in reals]
        batch = batch_shape(fname, [r[0] for r in reals], shapes)
        count = math.prod(batch)
        mod = LIBS[dtype]
        ffi = mod.ffi
        report = ffi.new("spx_report *")
        outs = self.out_arrays(out)
        # 3. the loop's arguments (_build.py's order)
        keep, outputs, copies, inplace = [], [], [], False
        written = []  # (name, array) of each out= array the loop writes
        call = [count, 1 if check_finite else 0, report]
        real_iter = iter(reals)
        for a in plan.args:
            role = a.role
            if role in _REAL_ROLES:
                if a.nullable and values[a.py_name] is None:
                    call += (ffi.NULL, 0)
                    continue
                _, arr, size, _ = next(real_iter)
                v, ptr, stride = _flat(arr, batch, count, size, dtype, ffi)
                keep.append(v)
                call += (ptr, stride)
            elif role == _plan.OUT:
                k = a.size or 1
                if outs is None:
                    res = np.empty((count, k), dtype)
                    outputs.append(_shaped(res, batch, a.size))
                else:
                    name = "out" if len(outs) == 1 else f"out[{len(outputs)}]"
                    given = outs[len(outputs)]
                    res, more, same, arr = out_target(given, batch, count, a.size, dtype, fname, name,
                                                      [(r[0], r[1], s) for r, s in zip(reals, shapes)])
                    copies += more
                    inplace = inplace or same
                    written.append((name, arr))
                    outputs.append(given)
                call += (_pointer(ffi, res), res.strides[0] // res.itemsize)
            elif role in (_plan.BODY_IN, _plan.SPLIT_IN):
                for _ in _plan.fields(a):
                    _, arr, size, _ = next(real_iter)
                    v, ptr, stride = _flat(arr, batch, count, size, dtype, ffi)
                    keep.append(v)
                    call += (ptr, stride)
            elif role == _plan.SPLIT_OUT:
                name = "out" if len(outs or ()) == 1 else f"out[{len(outputs)}]"
                res, loop_args, more, same, arrays = _split.output(
                    a, outs[len(outputs)] if outs is not None else None, split_in, batch, count,
                    dtype, fname, name, _split.whole_inputs(reals, shapes), ffi)
                outputs.append(res)
                copies += more
                written += arrays
                inplace = inplace or same
                call += loop_args
            elif role == _plan.BODY_OUT:
                fields = []
                for _, size in _plan.BODY_FIELDS:
                    res = np.empty((count, size), dtype)
                    fields.append(_shaped(res, batch, size))
                    call += (ffi.from_buffer(res), size)
                outputs.append(Body(*fields))
            else:  # CONST, STRUCT, STRING
                call.append(self.c_value(a, values[a.py_name], mod, keep))
        if self.plan.returns_real:
            res = np.empty((count, 1), dtype)
            outputs.append(_shaped(res, batch, 0))
            call += (ffi.from_buffer(res), 1)
        check_written(fname, written, np.shares_memory)
        # 4. the C loop, without the GIL (cffi releases it). In place, the
        # inputs are checked first: the batch forms check after writing.
        if inplace and check_finite and count:
            self.check_finite_first(reals, batch, count)
            call[1] = 0
        if count:
            kernel[dtype](*call)
        if report.status:
            raise self.error(report, batch, [r[:3] for r in reals], dtype, checks)
        if report.warnings:
            self.warn(report, batch, count)
        for given, res in copies:  # out of the other precision
            target = as_array(given, fname, "out")
            np.copyto(target, res.reshape(target.shape), casting="same_kind")
        outputs = [_scalar(r) for r in outputs]
        if torch_in:
            outputs = [to_torch(r) for r in outputs]
        return outputs[0] if len(outputs) == 1 else tuple(outputs)

    def c_value(self, a, v, mod, keep):
        """The C value of the CONST, STRUCT or STRING argument a given as v,
        for module mod (a string's bytes kept alive in keep)."""
        if a.role == _plan.CONST:
            return c_int(v, self.name, a.py_name) if a.ctype == "int" else \
                int(enum_value(v, a.ctype, self.name, a.py_name))
        if a.role == _plan.STRUCT:
            return convention_cdata(mod, a.ctype, v, self.name, a.py_name)
        if not isinstance(v, str):
            raise error(self.name, a.py_name, "must be a str")
        b = v.encode()
        keep.append(b)
        return b

    def grad_wanted(self, values):
        """A real input, or a body field or pair part of one, is a tensor
        that requires grad: one attribute read per input."""
        for name in self.real_names:
            v = values[name]
            if isinstance(v, tuple):  # a Body, a pair
                for f in v:
                    if getattr(f, "requires_grad", False):
                        return True
            elif getattr(v, "requires_grad", False):
                return True
        return False

    def check_finite_first(self, reals, batch, count):
        """Error for the first element (in batch order) with a non-finite
        input, before any C call."""
        first = None
        for name, arr, size, _ in reals:
            k = max(size, 1)
            rows = np.broadcast_to(arr, tuple(batch) + arr.shape[len(_trailing(arr, size, self.name, name)):])
            bad = ~np.isfinite(rows.reshape(count, k)).all(axis=1)
            if bad.any() and (first is None or np.argmax(bad) < first[1]):
                first = (name, int(np.argmax(bad)))
        if first is not None:
            raise _errors.nonfinite(self.name, first[0], _errors.batch_index(first[1], batch))

    def error(self, report, batch, reals, dtype, checks=None):
        index = _errors.batch_index(report.index, batch)
        if report.status == _build.NONFINITE:
            return _errors.nonfinite(self.name, (checks or self.checks)[report.arg], index)
        values = []
        for n, arr, size in reals:
            shape = _trailing(arr, size, self.name, n)
            el = np.broadcast_to(arr, tuple(batch) + arr.shape[len(shape):])[index] \
                if index is not None else arr
            values.append(f"{n}={np.array2string(np.asarray(el, dtype), separator=', ')}")
        args = ", ".join(n for n, _, _ in reals) or None
        return _errors.status_error(report.status, self.name, args, index, "; ".join(values))

    def warn(self, report, batch, count):
        _errors.status_warn_batch(report.warn_status, self.name, report.warnings, report.warn_index,
                                  batch, count, stacklevel=4)

    def fast_call(self, args, check_finite, out):
        """The call done by the compiled common path (_fast.c), or _GENERAL
        when it is not such a call (or fails): __call__ then does it."""
        return _fast.call(self.fast, args, check_finite, out)

    def fast_value(self, k, v, f32):
        """(the C bytes of the k-th value argument given as v in the float32
        or float64 build, whether _fast.c may keep them for v's value and
        type: v is a str, an int or an enum member, which cannot change)."""
        a, mod = self.value_args[k], _c32 if f32 else _c64
        c = self.c_value(a, v, mod, [])
        if a.role == _plan.CONST:
            data = _C_INT.pack(c)
        elif a.role == _plan.STRUCT:
            data = bytes(mod.ffi.buffer(c))
        else:  # STRING
            data = c + b"\0"
        return data, type(v) in (str, int, bool) or isinstance(v, (enum.Enum, np.integer))

    def fast_warn(self, warnings, index, status, batch):
        """The StatusWarning of a call by _fast.c, from the caller's line."""
        _errors.status_warn_batch(status, self.name, warnings, index, batch, math.prod(batch),
                                  stacklevel=3)


_GENERAL = NotImplemented  # fast_call: the general path does this call
_FAST_IN, _FAST_OUT, _FAST_BODY_OUT, _FAST_VALUE = range(4)  # _fast.c's STEP_*
_C_INT = struct.Struct("i")


def _fast_steps(plan):
    """The loop's arguments (_build.py's order) as _fast.c's steps:
    (_FAST_IN, input position, Body field or -1, reals, nullable),
    (_FAST_OUT, -1, -1, reals, 0, the result's inner shape...),
    (_FAST_BODY_OUT, -1, -1, 0, 0), (_FAST_VALUE, input position, -1, 0, 0)."""
    pos = {a.py_name: i for i, a in enumerate(plan.inputs)}
    steps = []
    for a in plan.args:
        if a.role in _REAL_ROLES:
            steps.append((_FAST_IN, pos[a.py_name], -1, a.size, int(a.nullable)))
        elif a.role == _plan.BODY_IN:
            steps += [(_FAST_IN, pos[a.py_name], j, size, 0) for j, (_, size) in enumerate(_plan.BODY_FIELDS)]
        elif a.role == _plan.OUT:
            steps.append((_FAST_OUT, -1, -1, a.size, 0) + (OUT_SHAPES.get(a.size, (a.size,)) if a.size else ()))
        elif a.role == _plan.BODY_OUT:
            steps.append((_FAST_BODY_OUT, -1, -1, 0, 0))
        else:
            steps.append((_FAST_VALUE, pos[a.py_name], -1, 0, 0))
    return tuple(steps)


def _entry(mod, plan):
    """The address of plan's loop with the one signature, spxu_<name>, in mod."""
    return int(mod.ffi.cast("uintptr_t", mod.ffi.addressof(mod.lib, "spxu_" + plan.key)))


def _shaped(out, batch, size):
    """A view of out (count, k) as batch + the result's shape."""
    inner = OUT_SHAPES.get(size, (size,)) if size else ()
    return out.reshape(tuple(batch) + inner)


def _scalar(r):
    """A 0-d result as a NumPy scalar (read after the C call)."""
    if isinstance(r, tuple):  # a Body, or the two arrays of a split result
        parts = [_scalar(f) for f in r]
        return Body(*parts) if isinstance(r, Body) else tuple(parts)
    return r[()] if r.ndim == 0 else r


def _typed(x):
    """True for array objects (their dtype decides the precision)."""
    return not isinstance(x, (list, tuple, float, int))


def is_torch(x):
    """x is a PyTorch tensor (on any device); PyTorch is not imported here."""
    torch = sys.modules.get("torch")
    return torch is not None and isinstance(x, torch.Tensor)


def optional_inputs(plan):
    """The Python names of the inputs that default to None (C's NULL): the
    nullable ones after which every input is nullable. Every nullable input
    takes None; these may also be left out."""
    names = []
    for a in reversed(plan.inputs):
        if not a.nullable:
            break
        names.append(a.py_name)
    return frozenset(names)


C_INT = (-2 ** 31, 2 ** 31 - 1)


def c_int(value, function, argument, low=C_INT[0], high=C_INT[1]):
    """value (an int or a NumPy integer, not a float) as a Python int in
    low..high (a C int by default); Error otherwise."""
    try:
        v = operator.index(value)
    except TypeError:
        raise error(function, argument, f"must be an int, not {type(value).__name__}") from None
    if not low <= v <= high:
        raise error(function, argument, f"={v} is outside {low}..{high}")
    return v


def c_real(value, function, argument):
    """value (a real number) as a Python float; Error otherwise."""
    if isinstance(value, (str, bytes)) or np.ndim(value) != 0:
        raise error(function, argument, f"must be a real number, not {type(value).__name__}")
    try:
        return float(value)
    except (TypeError, ValueError, OverflowError) as e:
        raise error(function, argument, f"must be a real number ({e})") from None


def to_torch(r):
    """The NumPy arrays and scalars in r as PyTorch tensors sharing their
    memory (tuples and named tuples item by item; other values as they are)."""
    import torch
    if isinstance(r, tuple):  # a pair stays a tuple, a named tuple its type
        items = [to_torch(f) for f in r]
        return tuple(items) if type(r) is tuple else type(r)(*items)
    if isinstance(r, (np.ndarray, np.generic)):
        return torch.from_numpy(np.asarray(r))  # 0-d for a NumPy scalar
    return r


def _no_device(impl, values, check_finite, out):
    raise error(impl.name, None, "takes host arrays here (CUDA arrays: docs/python.md)")


def element_functions(device_call=_no_device):
    """name -> Python function, for every element function and its _n form;
    device_call(impl, values, check_finite, out) runs one on CUDA arrays
    (the package passes _cuda.call)."""
    out = {}
    for name, plan in _plan.element_plans(HEADER).items():
        impl = ElementFunction(plan, device_call)

        def f(*args, check_finite=True, out=None, _impl=impl, _n=len(impl.names), _call=_fast.call,
              _fast_fn=impl.fast, **kwargs):
            if not kwargs and len(args) == _n:
                r = _call(_fast_fn, args, check_finite, out)
                if r is not NotImplemented:
                    return r
            return _impl(*args, check_finite=check_finite, out=out, **kwargs)
        f.__name__ = f.__qualname__ = name
        f.__module__ = "spatial_conv"
        f.__signature__ = impl.signature
        f.__doc__ = docstring(plan)
        f._impl = impl
        out[name] = f
        if _plan.batch_form(HEADER, name):
            out[name + "_n"] = f
    return out


def _shape_text(a):
    if a.role == _plan.SCALAR or a.role == _plan.OUT and a.size == 0:
        return "(...) reals"
    inner = OUT_SHAPES.get(a.size) if a.role == _plan.OUT else INNER_SHAPES.get(a.size)
    text = f"(..., {a.size})"
    if inner:
        text = f"(..., {inner[0]}, {inner[1]})" if a.role == _plan.OUT else text + f" or (..., {inner[0]}, {inner[1]})"
    return text


def docstring(plan):
    fn = plan.function
    lines = [fn.contract[:1].upper() + fn.contract[1:] + ".", "",
             f"Mirror of the C function {fn.c_proto.replace('  ', ' ')};"]
    if _plan.batch_form(HEADER, fn.name):
        lines.append(f"batch dimensions run its batch form spconv_{fn.name}_n.")
    else:
        lines.append("leading batch dimensions run it over every element.")
    lines += ["", "Parameters", "----------"]
    for a in plan.inputs:
        if a.role in (_plan.IN, _plan.SCALAR):
            lines.append(f"{a.py_name} : array_like {_shape_text(a)}" +
                         (", or None (C's NULL)" if a.nullable else "") +
                         (", or the pair of its parts ((..., 3), (..., {}))".format(a.size - 3)
                          if _plan.splittable(a) else ""))
        elif a.role == _plan.BODY_IN:
            lines.append(f"{a.py_name} : spatial_conv.Body (pos (..., 3), quat_wxyz (..., 4), "
                         "com (..., 3), iquat_wxyz (..., 4))")
        elif a.role == _plan.STRUCT:
            cls = STRUCT_CLASSES[a.ctype].__name__
            lines.append(f"{a.py_name} : spatial_conv.{cls}, PresetId or preset name (\"newton\")")
        elif a.role == _plan.CONST:
            lines.append(f"{a.py_name} : " + ("int" if a.ctype == "int"
                                               else f"spatial_conv.{ENUMS[a.ctype].__name__}") +
                         (f", or a str: {STRING_FORMS[a.ctype]}" if a.ctype in STRING_FORMS else ""))
        elif a.role == _plan.STRING:
            lines.append(f"{a.py_name} : str")
    lines.append("check_finite : bool, default True (False hands NaN and inf to C)")
    if not any(a.role in (_plan.IN, _plan.SCALAR, _plan.BODY_IN) for a in plan.inputs):
        lines.append("dtype : numpy.float64 (default) or numpy.float32: the precision of the result")
    if not any(a.role == _plan.BODY_OUT for a in plan.outputs) and not plan.returns_real:
        lines.append("out : ndarray, or a tuple with one per result, optional: written in place "
                     "(dtype and shape of the result; no overlap with the inputs; partly "
                     "written when the call raises)")
    lines += ["", "Returns", "-------"]
    for a in plan.outputs:
        lines.append(f"{a.name} : " + ("spatial_conv.Body of arrays" if a.role == _plan.BODY_OUT
                                       else f"ndarray {_shape_text(a)}"))
    if plan.returns_real:
        lines.append("value : ndarray (...) or a scalar")
    lines += ["", "Raises spatial_conv.Error for a C error status, a wrong shape or a "
              "non-finite input" + ("; warns StatusWarning for a C warning status."
                                    if plan.returns_status else ".")]
    return "\n".join(lines)
