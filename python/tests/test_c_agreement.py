"""The Python package agrees bit for bit with the C library, in both precisions.

A session fixture compiles spatial_conv.h twice in the linked mode (a C file
with SPCONV_IMPLEMENTATION, as a shared library; once with
SPCONV_USE_FLOAT), with the flags of the package's own extension, and loads
both with ctypes. Then, for every element function of the header (every
plan of spatial_conv._plan.element_plans), seeded random inputs are made per
argument role, the C function is called through ctypes on each element and
the Python function on the whole batch, and the two must give

  * the same status: an error status of C gives spatial_conv.Error with that
    status and the index of the first failing element; a warning status
    gives spatial_conv.StatusWarning;
  * the same output bits where the status is not an error (NaN only has to
    be NaN in the same places: its payload is not part of the contract).

Further tests: batch results equal single-element calls; strided, reversed,
transposed, broadcast and multi-dimensional inputs give the same bits; the
batch path through the C `_n` forms equals the element loop (forced with
layouts the `_n` form does not take); error paths (zero quaternions,
non-rotation matrices, invalid enum values and conventions, bad strings,
NaN and inf with and without check_finite).

The 8 element functions without array inputs (up_axis_matrix,
axis_conversion, ...) are asked for each precision with dtype=; their layout
test skips (no array to lay out). Not compared: the payload of NaN results (sign and mantissa bits of a NaN depend on
operand order, which inlining and the vectorised _n forms may change; the
summary counts the NaNs whose payload differs from C's).

The number of comparisons made is printed at the end of the session.
"""
import collections
import ctypes
import inspect
import itertools
import math
import os
import shutil
import subprocess
import sysconfig
import warnings
import zlib

import numpy as np
import pytest

import spatial_conv as sc
from spatial_conv import _api, _build, _header, _plan

GCC = shutil.which("gcc")
if GCC is None:
    pytest.skip("[program gcc] gcc is not installed: the bit-for-bit comparison with the C library "
                "needs gcc to build it as a shared library", allow_module_level=True)

HEADER = _api.HEADER
PLANS = _plan.element_plans(HEADER)
NAMES = sorted(PLANS)
ENUMS = _api.ENUMS
BITS = (64, 32)
DTYPE = {64: np.dtype(np.float64), 32: np.dtype(np.float32)}
UINT = {64: np.uint64, 32: np.uint32}

# comparisons made: "elements" = one element's outputs (or status), "reals" =
# single output values compared bit for bit
COUNTS = collections.Counter()
# (function, bits) pairs whose outputs were compared on at least one element
COMPARED = set()
# function -> NaN outputs whose payload (sign, mantissa) differs from C's
NAN_PAYLOADS = collections.Counter()


# ------------------------------------------------------------------ building
def _header_path():
    path = _header.HEADER
    if os.path.exists(path):
        return path
    repo = os.path.join(os.path.dirname(__file__), "..", "..", "include", "spatial_conv.h")
    return os.path.abspath(repo)


def _python_cflags():
    """The flags the package's extension is compiled with: Python's CFLAGS,
    -fPIC, then _build.COMPILE_ARGS."""
    flags = (sysconfig.get_config_var("CFLAGS") or "").split()
    flags = [f for f in flags if f != "-g"]  # debug info changes no result
    return flags + ["-fPIC", "-fwrapv", *_build.COMPILE_ARGS]


@pytest.fixture(scope="session")
def clibs(tmp_path_factory):
    header = _header_path()
    tmp = tmp_path_factory.mktemp("spconv_c")
    src = tmp / "spconv_impl.c"
    src.write_text('#define SPCONV_IMPLEMENTATION\n#include "spatial_conv.h"\n')
    procs = {}
    for bits in BITS:
        out = tmp / f"libspconv{bits}.so"
        cmd = [GCC, *_python_cflags(), "-shared", "-I", os.path.dirname(header),
               *(["-DSPCONV_USE_FLOAT"] if bits == 32 else []), str(src), "-o", str(out), "-lm"]
        procs[bits] = (subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT), out, cmd)
    libs = {}
    for bits, (proc, out, cmd) in procs.items():
        log = proc.communicate()[0].decode(errors="replace")
        assert proc.returncode == 0, f"building the C library failed: {' '.join(cmd)}\n{log}"
        libs[bits] = CLib(str(out), bits)
    return libs


class CLib:
    """One build of the header loaded with ctypes."""

    def __init__(self, path, bits):
        self.lib = ctypes.CDLL(path)
        self.bits = bits
        self.dtype = DTYPE[bits]
        self.real = ctypes.c_double if bits == 64 else ctypes.c_float
        self.structs = {}
        self.fns = {}

    def struct(self, c_type):
        if c_type not in self.structs:
            fields = []
            for f in HEADER.structs[c_type].fields:
                if f.type in HEADER.structs:
                    fields.append((f.name, self.struct(f.type)))
                elif f.type in HEADER.enums or f.type == "int":
                    fields.append((f.name, ctypes.c_int))
                else:
                    raise AssertionError(f"no ctypes type for {c_type}.{f.name}")
            self.structs[c_type] = type(c_type, (ctypes.Structure,), {"_fields_": fields})
        return self.structs[c_type]

    def fn(self, name):
        f = self.fns.get(name)
        if f is None:
            fn = HEADER.functions[name]
            f = getattr(self.lib, fn.c_name)
            argtypes = []
            for p in fn.params:
                if p.type == "char" and p.pointer:
                    argtypes.append(ctypes.c_char_p)
                elif p.pointer or p.size:
                    argtypes.append(ctypes.c_void_p)
                elif p.type == "spconv_real":
                    argtypes.append(self.real)
                elif p.type in HEADER.enums or p.type == "int":
                    argtypes.append(ctypes.c_int)
                elif p.type == "size_t":
                    argtypes.append(ctypes.c_size_t)
                else:
                    raise AssertionError(f"no ctypes type for {name}({p.c_decl})")
            f.argtypes = argtypes
            f.restype = {"void": None, "int": ctypes.c_int, "spconv_real": self.real}.get(fn.ret)
            if fn.ret in HEADER.structs:
                f.restype = self.struct(fn.ret)
            self.fns[name] = f
        return f

    def preset(self, c_type, pid):
        """The C convention struct of preset pid, from the C library itself."""
        if c_type == "spconv_convention":
            return self.fn("convention_from_preset")(int(pid))
        state = self.fn("state_convention_from_preset")(int(pid))
        return state if c_type == "spconv_state_convention" else state.pose

    def struct_from_tuple(self, c_type, value):
        cls = self.struct(c_type)
        vals = []
        for f, v in zip(HEADER.structs[c_type].fields, value):
            vals.append(self.struct_from_tuple(f.type, v) if f.type in HEADER.structs else int(v))
        return cls(*vals)


def struct_to_tuple(c_type, cstruct):
    """A ctypes convention struct as the package's namedtuple, enum members inside."""
    cls = _api.STRUCT_CLASSES[c_type]
    vals = []
    for f in HEADER.structs[c_type].fields:
        v = getattr(cstruct, f.name)
        vals.append(struct_to_tuple(f.type, v) if f.type in HEADER.structs else ENUMS[f.type](v))
    return cls(*vals)


# ------------------------------------------------------------------ inputs
def _rotmats(q):
    q = q / np.linalg.norm(q, axis=-1, keepdims=True)
    w, x, y, z = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
    return np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
                     2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                     2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], axis=-1)


SIGNED_PERMS = np.array([(np.eye(3)[list(p)] * np.array(s)[:, None]).ravel()
                         for p in itertools.permutations(range(3))
                         for s in itertools.product((1.0, -1.0), repeat=3)])


# rotations by multiples of 90 degrees about the axes: the identity and the
# quarter turns lock every Euler sequence (proper: middle angle 0 or pi;
# Tait-Bryan: +-pi/2)
_H = math.sqrt(0.5)
LOCKED = {4: np.array([[1, 0, 0, 0], [_H, _H, 0, 0], [_H, 0, _H, 0], [_H, 0, 0, _H],
                       [_H, -_H, 0, 0], [_H, 0, -_H, 0], [0, 1, 0, 0], [0, 0, 1, 0],
                       [-0.5, 0.5, 0.5, 0.5]], dtype=float)}
LOCKED[9] = None  # filled below from the proper signed permutations


def _quats(rng, n):
    return rng.normal(size=(n, 4)) * np.exp(rng.uniform(-1, 1, (n, 1)))


def _rotations(rng, n):
    return _rotmats(rng.normal(size=(n, 4)))


PROPER = np.array([np.linalg.det(m.reshape(3, 3)) > 0 for m in SIGNED_PERMS])
LOCKED[9] = SIGNED_PERMS[PROPER]


def _axis_maps(rng, n):
    """Signed permutations, the maps between the 48 axis systems: 3 in 4
    rotations (det +1), the others reflections (det -1, a change of handedness)."""
    proper = rng.random(n) < 0.75
    return np.where(proper[:, None], SIGNED_PERMS[PROPER][rng.integers(0, 24, n)],
                    SIGNED_PERMS[~PROPER][rng.integers(0, 24, n)])


def _transforms(rng, n):
    A, p = _rotations(rng, n).reshape(n, 3, 3), rng.normal(size=(n, 3))
    T = np.zeros((n, 4, 4))
    T[:, :3, :3], T[:, :3, 3], T[:, 3, 3] = A, p, 1.0
    colmajor = rng.random(n) < 0.5  # valid for either layout, about half each
    T[colmajor] = np.swapaxes(T[colmajor], 1, 2)
    return T.reshape(n, 16)


def _angles(lo, hi):
    return lambda rng, n: rng.uniform(lo, hi, (n, 3))


# IN arguments: by name first, else by size (an unknown argument fails the
# test, so that a new function gets a generator on purpose)
def _inertias(rng, n):
    """Symmetric positive definite 3x3 tensors (row-major), as inertias are."""
    a = rng.normal(size=(n, 3, 3))
    return (a @ a.transpose(0, 2, 1) + 0.1 * np.eye(3)).reshape(n, 9)


def _spatial_inertias(rng, n):
    """6x6 spatial inertias [[m E, -m [c]x], [m [c]x, I_com - m [c]x^2]] of
    rigid bodies (mass m, COM c, tensor I_com about it)."""
    m, c, I_com = rng.uniform(0.1, 5.0, n), rng.normal(size=(n, 3)), _inertias(rng, n).reshape(n, 3, 3)
    cx = np.zeros((n, 3, 3))
    cx[:, 0, 1], cx[:, 0, 2], cx[:, 1, 2] = -c[:, 2], c[:, 1], -c[:, 0]
    cx -= cx.transpose(0, 2, 1)
    M = np.zeros((n, 6, 6))
    M[:, :3, :3] = m[:, None, None] * np.eye(3)
    M[:, :3, 3:], M[:, 3:, :3] = -m[:, None, None] * cx, m[:, None, None] * cx
    M[:, 3:, 3:] = I_com - m[:, None, None] * cx @ cx
    return M.reshape(n, 36)


IN_BY_NAME = {
    "angles": _angles(-4, 4), "rpy": _angles(-4, 4), "angles_deg": _angles(-200, 200),
    "rv": lambda rng, n: rng.normal(size=(n, 3)) * 1.5,
    "size": lambda rng, n: rng.uniform(0.05, 2.0, (n, 3)),
    "R": _rotations, "M": _axis_maps, "M_world": _axis_maps, "M_body": _axis_maps,
    "A": lambda rng, n: rng.normal(size=(n, 9)), "B": lambda rng, n: rng.normal(size=(n, 9)),
    "I": lambda rng, n: _inertias(rng, n), "I_com": lambda rng, n: _inertias(rng, n), "T": _transforms,
    "I_spatial": _spatial_inertias,
}
IN_BY_SIZE = {
    3: lambda rng, n: rng.normal(size=(n, 3)) * 2.0,
    4: _quats,
    6: lambda rng, n: rng.normal(size=(n, 6)) * 2.0,
    7: lambda rng, n: np.concatenate([rng.normal(size=(n, 3)), _quats(rng, n)], axis=1),
}
SCALARS = {
    "t": (-0.2, 1.2), "angle": (-7.0, 7.0), "roll": (-4.0, 4.0), "pitch": (-4.0, 4.0),
    "yaw": (-4.0, 4.0), "dt": (1e-3, 0.1), "deg": (-720.0, 720.0), "rad": (-10.0, 10.0),
    "from_meters_per_unit": (1e-3, 10.0), "to_meters_per_unit": (1e-3, 10.0),
    "meters_per_unit": (1e-3, 10.0), "k": (0.1, 10.0), "magnitude": (0.0, 20.0), "mass": (0.01, 10.0),
}


def gen_in(name, size, rng, n):
    g = IN_BY_NAME.get(name) or IN_BY_SIZE.get(size)
    if g is None:
        raise KeyError(f"no input generator for argument {name}[{size}]: add one")
    x = np.asarray(g(rng, n), dtype=np.float64)
    assert x.shape == (n, size), (name, x.shape)
    return x


def gen_scalar(name, rng, n):
    if name not in SCALARS:
        raise KeyError(f"no input generator for scalar argument {name}: add one")
    return rng.uniform(*SCALARS[name], n)


def special_rows(size, bits, rng, count):
    """Hostile elements of `size` reals: zeros, tiny and huge scales,
    non-rotation matrices, reflections, wrong transforms."""
    tiny, huge = (1e-140, 1e140) if bits == 64 else (1e-15, 1e15)
    out = []
    for _ in range(count):
        base = rng.normal(size=size) if size else np.array(rng.normal())
        kind = rng.integers(0, 8)
        if size == 0:
            v = [0.0, -0.0, -1.0, 1e30, -1e-3, base, 1e-30, 1.0][kind]
        elif kind == 0:
            v = np.zeros(size)
        elif kind == 1:
            v = base * tiny
        elif kind == 2:
            v = base * huge
        elif size == 9 and kind == 3:
            v = -np.eye(3).ravel()                        # a reflection
        elif size == 9 and kind == 4:
            v = _rotations(rng, 1)[0] * 1.01               # not orthonormal
        elif size in (4, 9) and kind == 7:
            v = LOCKED[size][rng.integers(0, len(LOCKED[size]))]  # Euler gimbal lock
        elif size == 9 and kind == 6:
            v = _rotations(rng, 1)[0]                     # a rotation, not an axis map
        elif size == 16 and kind == 3:
            v = _transforms(rng, 1)[0] + 0.5               # not [A p; 0 1]
        elif kind == 5:
            v = -np.abs(base)                              # negative sizes, scales
        else:
            v = base
        out.append(np.asarray(v, dtype=np.float64))
    return out


def make_inputs(plan, bits, rng, n, special_rate=0.05, null_iquat=False):
    """name -> array in the C precision: (n, size) for IN, (n,) for SCALAR,
    (n, 14) for BODY_IN (pos, quat_wxyz, com, iquat_wxyz: the C struct's
    layout); None for a NULL iquat_wxyz."""
    dtype = DTYPE[bits]
    inputs = {}
    for a in plan.args:
        if a.role == _plan.IN:
            if a.name == "iquat_wxyz" and null_iquat:
                inputs[a.name] = None
                continue
            x = gen_in(a.name, a.size, rng, n)
        elif a.role == _plan.SCALAR:
            x = gen_scalar(a.name, rng, n)
        elif a.role == _plan.BODY_IN:
            x = np.concatenate([rng.normal(size=(n, 3)) * 2, _quats(rng, n),
                                rng.normal(size=(n, 3)), _quats(rng, n)], axis=1)
        else:
            continue
        if special_rate and a.role != _plan.BODY_IN:
            rows = np.flatnonzero(rng.random(n) < special_rate)
            for i, v in zip(rows, special_rows(a.size, bits, rng, len(rows))):
                x[i] = v
        elif special_rate:
            rows = np.flatnonzero(rng.random(n) < special_rate)
            for i in rows:  # a zero or a huge quaternion in the body
                x[i, 3:7] = 0.0 if rng.random() < 0.5 else x[i, 3:7] * (1e140 if bits == 64 else 1e15)
        inputs[a.name] = x.astype(dtype)
    return inputs


# --------------------------------------------------- constant arguments
MUJOCO_SEQS = ["".join(s) for s in itertools.product("xyzXYZ", repeat=3)]
BAD_SEQS = ["", "xy", "xyzx", "abc", "x y", "xyz ", "xwz", "XY", "\u00e9yz"]


def _random_struct(c_type, rng):
    """A valid-field (not necessarily meaningful) convention, as a namedtuple."""
    vals = []
    for f in HEADER.structs[c_type].fields:
        if f.type in HEADER.structs:
            vals.append(_random_struct(f.type, rng))
        else:
            members = list(ENUMS[f.type])
            vals.append(members[rng.integers(0, len(members))])
    return _api.STRUCT_CLASSES[c_type](*vals)


def const_choices(clib, plan, rng, customs=6):
    """Per CONST / STRUCT / STRING argument: a list of (python value, C value)."""
    out = []
    for a in plan.args:
        if a.role == _plan.CONST:
            if a.ctype == "int":
                out.append((a, [(0, 0), (1, 1)]))
            else:
                out.append((a, [(m, int(m)) for m in ENUMS[a.ctype]]))
        elif a.role == _plan.STRUCT:
            ch = []
            for k, pid in enumerate(sc.PresetId):
                cstruct = clib.preset(a.ctype, pid)
                # the four ways Python takes a preset, in turn
                py = [pid, int(pid), pid.name.lower(), struct_to_tuple(a.ctype, cstruct)][k % 4]
                ch.append((py, cstruct))
            for _ in range(customs):
                t = _random_struct(a.ctype, rng)
                ch.append((t, clib.struct_from_tuple(a.ctype, t)))
            out.append((a, ch))
        elif a.role == _plan.STRING:
            if a.name != "eulerseq":
                raise KeyError(f"no values for string argument {a.name}: add some")
            out.append((a, [(s, s.encode()) for s in MUJOCO_SEQS + BAD_SEQS[:3]]))
    return out


def combos(choices, rng, limit):
    """Every combination when there are at most `limit`, else `limit` of them
    in which every value of every argument appears at least once."""
    if not choices:
        return [{}]
    lists = [c for _, c in choices]
    total = math.prod(len(c) for c in lists)
    if total <= limit:
        picks = list(itertools.product(*(range(len(c)) for c in lists)))
    else:
        longest = max(len(c) for c in lists)
        assert longest <= limit
        perms = [rng.permutation(len(c)) for c in lists]
        picks = [tuple(int(p[k % len(p)]) for p in perms) for k in range(longest)]
        while len(picks) < limit:
            picks.append(tuple(int(rng.integers(0, len(c))) for c in lists))
    return [{a.name: c[i] for (a, c), i in zip(choices, pick)} for pick in picks]


# ------------------------------------------------------------------ calls
def c_call(clib, plan, inputs, consts, n):
    """The C function on each of n elements: (statuses (n,), outputs: one
    (n, k) array per result, in the order Python returns them)."""
    f = clib.fn(plan.function.name)
    dtype, item = clib.dtype, clib.dtype.itemsize
    fixed, stepped, lists, outs = [], [], [], []
    for j, a in enumerate(plan.args):
        if a.role in (_plan.IN, _plan.BODY_IN):
            x = inputs[a.name]
            if x is None:
                fixed.append((j, None))
            else:
                x = np.ascontiguousarray(x)
                inputs[a.name] = x  # kept alive
                stepped.append((j, x.ctypes.data, x.shape[1] * item))
        elif a.role in (_plan.OUT, _plan.BODY_OUT):
            k = 14 if a.role == _plan.BODY_OUT else max(a.size, 1)
            out = np.empty((n, k), dtype)
            out.view(UINT[clib.bits])[...] = 0x7FF4DEADBEEF0001 if clib.bits == 64 else 0x7FA0BEEF
            outs.append(out)
            stepped.append((j, out.ctypes.data, k * item))
        elif a.role == _plan.SCALAR:
            lists.append((j, inputs[a.name].tolist()))
        elif a.role == _plan.STRUCT:
            fixed.append((j, ctypes.byref(consts[a.name])))
        else:  # CONST (int), STRING (bytes)
            fixed.append((j, consts[a.name]))
    args = [None] * len(plan.args)
    for j, v in fixed:
        args[j] = v
    status = np.zeros(n, dtype=np.int64)
    ret = np.empty((n, 1), dtype) if plan.returns_real else None
    for i in range(n):
        for j, base, step in stepped:
            args[j] = base + i * step
        for j, lst in lists:
            args[j] = lst[i]
        r = f(*args)
        if plan.returns_status:
            status[i] = r
        elif plan.returns_real:
            ret[i, 0] = r
    if ret is not None:
        outs.append(ret)
    return status, outs


def body_fields(x):
    return sc.Body(x[..., 0:3], x[..., 3:7], x[..., 7:10], x[..., 10:14])


def py_kwargs(plan, inputs, consts_py, transform=None):
    """Keyword arguments of the Python function; transform(name, array) may
    give another layout of each real array."""
    kw = {}
    t = transform or (lambda name, x: x)
    for a in plan.inputs:
        if a.role in (_plan.IN, _plan.SCALAR):
            x = inputs[a.name]
            kw[a.py_name] = None if x is None else t(a.name, x)
        elif a.role == _plan.BODY_IN:
            x = inputs[a.name]
            kw[a.py_name] = sc.Body(*(t(f"{a.name}.{field}", np.ascontiguousarray(v))
                                      for field, v in zip(("pos", "quat_wxyz", "com", "iquat_wxyz"),
                                                          body_fields(x))))
        else:
            kw[a.py_name] = consts_py[a.name]
    return kw


def n_results(plan):
    return len(plan.outputs) + plan.returns_real


def py_rows(plan, res, batch):
    """Python's results as (count, k) arrays in C's order; checks their shapes."""
    results = [res] if n_results(plan) == 1 else list(res)
    assert len(results) == n_results(plan)
    rows = []
    specs = list(plan.outputs) + ([None] if plan.returns_real else [])
    for a, r in zip(specs, results):
        if a is not None and a.role == _plan.BODY_OUT:
            assert isinstance(r, sc.Body)
            fields = [np.asarray(v) for v in r]
            for v, (_, size) in zip(fields, _plan.BODY_FIELDS):
                assert v.shape == tuple(batch) + (size,)
            rows.append(np.concatenate([v.reshape(-1, v.shape[-1]) for v in fields], axis=1))
            continue
        size = 0 if a is None else a.size
        r = np.asarray(r)
        inner = _api.OUT_SHAPES.get(size, (size,)) if size else ()
        assert r.shape == tuple(batch) + inner, (plan.function.name, r.shape, batch, inner)
        rows.append(r.reshape(-1, max(size, 1)))
    return rows


def call_py(plan, kw, check_finite=True, bits=64):
    """(result or the Error raised, list of StatusWarnings); a function
    without array inputs is asked for the precision with dtype="""
    if not _is_batched(plan):
        kw = dict(kw, dtype=DTYPE[bits])
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            res = getattr(sc, plan.function.name)(**kw, check_finite=check_finite)
        except sc.Error as e:
            res = e
    return res, [x for x in w if issubclass(x.category, sc.StatusWarning)]


def assert_same_bits(name, py, c, where=""):
    """Bit-for-bit equality of two (count, k) arrays; NaN in the same places."""
    assert py.dtype == c.dtype, f"{name}{where}: dtype {py.dtype} != C {c.dtype}"
    assert py.shape == c.shape, f"{name}{where}: shape {py.shape} != C {c.shape}"
    u = UINT[py.dtype.itemsize * 8]
    pn, cn = np.isnan(py), np.isnan(c)
    same = (py.view(u) == c.view(u)) | (pn & cn)
    if not same.all():
        i, j = np.argwhere(~same)[0]
        raise AssertionError(
            f"{name}{where}: {int((~same.all(axis=1)).sum())} of {len(py)} elements differ from C; "
            f"first: element {i}, component {j}: Python {py[i, j]!r} ({py.view(u)[i, j]:#x}) "
            f"!= C {c[i, j]!r} ({c.view(u)[i, j]:#x})\n Python row {py[i]}\n C row      {c[i]}")
    payload = int((pn & cn & (py.view(u) != c.view(u))).sum())
    if payload:
        COUNTS["nan payloads that differ"] += payload
        NAN_PAYLOADS[name] += payload
    COUNTS["elements"] += py.shape[0]
    COUNTS["reals"] += py.size


def check_agreement(clib, plan, inputs, consts_c, consts_py, n, transform=None,
                    check_finite=True, c_out=None, batch=None):
    """The Python function on the batch against C on each element: the same
    statuses, error index, warnings, and output bits where C succeeds.
    Returns the C statuses and outputs."""
    name = plan.function.name
    if c_out is None:
        c_out = c_call(clib, plan, dict(inputs), consts_c, n)
    status, outs = c_out
    has_batch = any(a.role in (_plan.IN, _plan.SCALAR, _plan.BODY_IN) for a in plan.inputs)
    if batch is None:
        batch = (n,) if has_batch else ()
    assert has_batch or n == 1
    kw = py_kwargs(plan, inputs, consts_py, transform)
    res, warned = call_py(plan, kw, check_finite, clib.bits)
    fails = np.flatnonzero(status < 0)
    COUNTS["statuses"] += n
    if fails.size:
        first = int(fails[0])
        assert isinstance(res, sc.Error), \
            f"{name}: C returns status {status[first]} for element {first}; Python raised no Error"
        assert res.status == status[first], \
            f"{name}: Error.status {res.status} != C status {status[first]} (element {first}): {res}"
        want = tuple(int(i) for i in np.unravel_index(first, batch)) if batch else None
        assert res.index == want, f"{name}: Error.index {res.index} != first failing element {want}"
        assert res.function == name
        keep = status >= 0
        if not keep.any() or not has_batch:
            return status, outs
        # the elements C converts, without the failing ones
        sub = {k: (None if v is None else v[keep]) for k, v in inputs.items()}
        check_agreement(clib, plan, sub, consts_c, consts_py, int(keep.sum()),
                        check_finite=check_finite, c_out=(status[keep], [o[keep] for o in outs]))
        return status, outs
    if isinstance(res, Exception):
        raise AssertionError(f"{name}: C succeeds on every element but Python raised {res!r}")
    if (status > 0).any():
        COUNTS["warnings"] += 1
        assert warned, f"{name}: C warns (status {status[status > 0][0]}) but Python did not"
        first_warn = int(np.flatnonzero(status > 0)[0])
        msg = str(warned[0].message)
        assert _api.status_name(int(status[first_warn])) in msg, msg
        if batch:
            where = tuple(int(i) for i in np.unravel_index(first_warn, batch))
            assert f"index {where}" in msg, msg
    else:
        assert not warned, f"{name}: Python warns {warned[0].message} but C returns OK"
    rows = py_rows(plan, res, batch)
    for k, (p, c) in enumerate(zip(rows, outs)):
        assert p.dtype == clib.dtype, f"{name}: result dtype {p.dtype} in a {clib.bits}-bit call"
        assert_same_bits(name, p, c, f" result {k}")
    COMPARED.add((name, clib.bits))
    return status, outs


def _seed(*parts):
    return zlib.crc32(" ".join(map(str, parts)).encode())


def _is_batched(plan):
    return any(a.role in (_plan.IN, _plan.SCALAR, _plan.BODY_IN) for a in plan.inputs)


def first_combo(choices):
    return {a.name: c[0] for a, c in choices}


def _split_consts(combo):
    return {k: v[0] for k, v in combo.items()}, {k: v[1] for k, v in combo.items()}


# ================================================================== tests
def test_plans_are_all_parametrized():
    """The generic test below covers every element function of the header."""
    assert len(NAMES) == len(PLANS) > 100
    assert set(NAMES) == set(PLANS)
    for name in NAMES:
        assert callable(getattr(sc, name)), name


@pytest.mark.parametrize("bits", BITS)
@pytest.mark.parametrize("name", NAMES)
def test_agrees_with_c(clibs, name, bits):
    """Every element function, on seeded random inputs over its enum values
    and conventions: same statuses and output bits as C, element by element."""
    clib, plan = clibs[bits], PLANS[name]
    rng = np.random.default_rng(_seed(name, bits))
    cs = combos(const_choices(clib, plan, rng), rng, limit=400)
    batched = _is_batched(plan)
    n = 128 if len(cs) == 1 else max(8, min(64, 2048 // len(cs)))
    for k, combo in enumerate(cs):
        consts_py, consts_c = _split_consts(combo)
        m = n if batched else 1
        inputs = make_inputs(plan, bits, rng, m, null_iquat=(k % 3 == 2))
        check_agreement(clib, plan, inputs, consts_c, consts_py, m)
    assert (name, bits) in COMPARED, f"{name}: no element where C succeeds was compared"


def _valid_case(clib, plan, bits, n, seed_extra="", need_ok=True):
    """Inputs without hostile elements and the first combination of
    constants (presets: newton -> mujoco_free style pairs), with C's answer."""
    rng = np.random.default_rng(_seed(plan.function.name, bits, "valid", seed_extra))
    choices = const_choices(clib, plan, rng, customs=0)
    cs = combos(choices, rng, limit=400)
    # the combination with the most elements C accepts, of 3 n candidates
    best = None
    for combo in cs[:: max(1, len(cs) // 24)]:
        consts_py, consts_c = _split_consts(combo)
        inputs = make_inputs(plan, bits, rng, 3 * n, special_rate=0)
        status, outs = c_call(clib, plan, dict(inputs), consts_c, 3 * n)
        ok = int((status >= 0).sum())
        if best is None or ok > best[0]:
            best = (ok, inputs, consts_py, consts_c, status, outs)
        if ok >= n:
            break
    ok, inputs, consts_py, consts_c, status, outs = best
    keep = np.flatnonzero(status >= 0)[:n]
    if need_ok:
        assert len(keep) >= min(n, 4), f"{plan.function.name}: C refuses the generated inputs"
    inputs = {k: (None if v is None else v[keep]) for k, v in inputs.items()}
    return inputs, consts_py, consts_c, (status[keep], [o[keep] for o in outs]), len(keep)


def _layouts(bits):
    """name -> transform(arg name, (n, k) array) -> another layout of it."""
    def padded(_, x):  # a view of wider rows (row stride k + 3, NaN around)
        w = np.full((x.shape[0], (x.shape[1] if x.ndim == 2 else 1) + 3), np.nan, x.dtype)
        if x.ndim == 2:
            w[:, 1:1 + x.shape[1]] = x
            return w[:, 1:1 + x.shape[1]]
        w[:, 1] = x
        return w[:, 1]

    def fortran(_, x):  # the inner axis strided (n reals apart): not C-contiguous
        return np.asfortranarray(x) if x.ndim == 2 else x

    def reversed_(_, x):  # negative strides
        return np.ascontiguousarray(x[::-1])[::-1]

    def matrix_shape(_, x):  # (..., 3, 3) matrices and (..., 4, 4) transforms
        if x.ndim == 2 and x.shape[1] in (9, 16):
            s = {9: 3, 16: 4}[x.shape[1]]
            return x.reshape(-1, s, s)
        return x

    return {"padded": padded, "fortran": fortran, "reversed": reversed_,
            "matrix_shape": matrix_shape}


@pytest.mark.parametrize("bits", BITS)
@pytest.mark.parametrize("name", [n for n in NAMES if _is_batched(PLANS[n])])  # arrays to lay out
def test_layouts_and_single_calls(clibs, name, bits):
    """Strided views, negative strides, Fortran order, (..., 3, 3) inputs,
    two batch dimensions, broadcasting one argument, and one element at a
    time: all give C's bits."""
    clib, plan = clibs[bits], PLANS[name]
    n = 24
    inputs, consts_py, consts_c, c_out, m = _valid_case(clib, plan, bits, n)
    for lname, t in _layouts(bits).items():
        check_agreement(clib, plan, inputs, consts_c, consts_py, m, transform=t, c_out=c_out)
        COUNTS["layout checks"] += 1

    # two batch dimensions (2, m/2)
    half = m // 2 * 2
    sub = {k: (None if v is None else v[:half]) for k, v in inputs.items()}
    sub_out = (c_out[0][:half], [o[:half] for o in c_out[1]])
    check_agreement(clib, plan, sub, consts_c, consts_py, half, c_out=sub_out, batch=(2, half // 2),
                    transform=lambda _, x: x.reshape((2, half // 2) + x.shape[1:]))

    # each array argument in turn broadcast (one element for the whole batch: stride 0)
    names = [a.name for a in plan.args if a.role in (_plan.IN, _plan.SCALAR, _plan.BODY_IN)
             and inputs.get(a.name) is not None]
    for arg in names if len(names) > 1 else ():  # one argument alone: no batch left
        rep = dict(inputs)
        rep[arg] = np.repeat(inputs[arg][:1], m, axis=0)
        c_rep = c_call(clib, plan, dict(rep), consts_c, m)

        def one(key, x, arg=arg):
            base = key.split(".")[0]
            return x[0] if base == arg else x
        check_agreement(clib, plan, rep, consts_c, consts_py, m, transform=one, c_out=c_rep)
        COUNTS["layout checks"] += 1

    # batch results equal single-element calls (no batch dimension at all)
    status, outs = c_out
    for i in range(min(m, 4)):
        kw = {}
        for a in plan.inputs:
            if a.role == _plan.IN:
                x = inputs[a.name]
                kw[a.py_name] = None if x is None else x[i]
            elif a.role == _plan.SCALAR:
                kw[a.py_name] = inputs[a.name].dtype.type(inputs[a.name][i])  # a NumPy scalar
            elif a.role == _plan.BODY_IN:
                kw[a.py_name] = body_fields(inputs[a.name][i])
            else:
                kw[a.py_name] = consts_py[a.name]
        res, warned = call_py(plan, kw)
        assert not isinstance(res, Exception), f"{name}: element {i} alone raises {res!r}"
        assert bool(warned) == bool(status[i] > 0)
        rows = py_rows(plan, res, ())
        for k, (p, c) in enumerate(zip(rows, outs)):
            assert_same_bits(name, p, c[i:i + 1], f" result {k}, element {i} alone")


# --------------------------------------------------- the C batch (_n) path
N_PLANS = {name: p for name, p in PLANS.items() if name + "_n" in HEADER.functions}


def _n_condition(plan):
    """The condition (as Python) under which the generated loop calls the
    C _n form, or None where the _n form cannot serve the element
    function's arguments (twist_convert_n takes a pose, not a body)."""
    _, cond = _build._batch_call(plan, HEADER.functions[plan.function.name + "_n"])
    if cond is None:
        return None
    return cond.replace("&&", " and ").replace("||", " or ").replace("!", "not ")


def _python_stride(x, n, size, dtype):
    """The stride (in reals) the package hands to its C loop for array x of a
    batch of n: what _api._flat computes (0 for one element broadcast)."""
    args = [np.asarray(x), (n,), n, size, dtype]
    if "ffi" in inspect.signature(_api._flat).parameters:
        args.append(_api.LIBS[dtype].ffi)
    return int(_api._flat(*args)[2])


def _uses_n_path(plan, kw, n, bits):
    """Whether the Python call with keyword arguments kw runs the _n form:
    the strides _api._flat hands to C, put into the loop's condition."""
    cond = _n_condition(plan)
    env = {}
    for a in plan.args:
        if a.role in (_plan.IN, _plan.SCALAR):
            v = kw[a.py_name]
            if v is None:
                env[f"{a.name}_p"], env[f"{a.name}_s"] = 0, 0
                continue
            env[f"{a.name}_p"], env[f"{a.name}_s"] = 1, _python_stride(v, n, a.size, DTYPE[bits])
        elif a.role == _plan.OUT:
            env[f"{a.name}_s"] = max(a.size, 1)  # results are packed
    return bool(eval(cond, {}, env))


def test_n_forms_have_a_batch_path():
    missing = sorted(name for name, p in N_PLANS.items() if _n_condition(p) is None)
    # these _n forms take other arguments than their single form (a pose and
    # its convention instead of a body): their Python form is the element loop
    assert missing == ["twist_convert", "wrench_convert"], missing
    assert len(N_PLANS) - len(missing) >= 14


N_PATH_NAMES = sorted(name for name, p in N_PLANS.items() if _n_condition(p) is not None)


@pytest.mark.parametrize("bits", BITS)
@pytest.mark.parametrize("name", N_PATH_NAMES)
def test_n_path_equals_element_loop(clibs, name, bits):
    """Over 600 elements (3 chunks of the loop, tiles of 16 with a rest):
    the _n form (packed arrays, and the strides it takes) and the element
    loop (the layouts it does not take) give C's single-element bits, and
    an error in the second chunk is reported at its index."""
    clib, plan = clibs[bits], PLANS[name]
    n = 600
    inputs, consts_py, consts_c, c_out, m = _valid_case(clib, plan, bits, n)
    assert m == n, f"{name}: C refuses {n - m} generated elements"
    layouts = _layouts(bits)
    wide = lambda key, x: layouts["padded"](key, x)

    # packed: the _n form
    kw = py_kwargs(plan, inputs, consts_py)
    assert _uses_n_path(plan, kw, n, bits), f"{name}: packed arrays do not take the _n path"
    check_agreement(clib, plan, inputs, consts_c, consts_py, n, c_out=c_out)

    # strides the _n form takes (quat_stride, pose_stride, ...), the others packed
    stride_args = [a.name for a in plan.args if a.role == _plan.IN and f"{a.name}_s >=" in
                   (_build._batch_call(plan, HEADER.functions[name + "_n"])[1])]
    if stride_args:
        t = lambda key, x: wide(key, x) if key in stride_args else x
        kw = py_kwargs(plan, inputs, consts_py, t)
        assert _uses_n_path(plan, kw, n, bits)
        check_agreement(clib, plan, inputs, consts_c, consts_py, n, c_out=c_out, transform=t)

    # every array padded: the element loop
    kw = py_kwargs(plan, inputs, consts_py, wide)
    assert not _uses_n_path(plan, kw, n, bits), f"{name}: padded arrays still take the _n path"
    check_agreement(clib, plan, inputs, consts_c, consts_py, n, c_out=c_out, transform=wide)

    # one argument broadcast (stride 0): the element loop, against the _n
    # form on the same values written out
    arrays = [a for a in plan.args if a.role == _plan.IN and inputs.get(a.name) is not None]
    for a in arrays if len(arrays) > 1 else ():
        rep = dict(inputs)
        rep[a.name] = np.repeat(inputs[a.name][:1], n, axis=0)
        c_rep = c_call(clib, plan, dict(rep), consts_c, n)
        t = lambda key, x, arg=a.name: x[0] if key == arg else x
        kw = py_kwargs(plan, rep, consts_py, t)
        assert not _uses_n_path(plan, kw, n, bits)
        check_agreement(clib, plan, rep, consts_c, consts_py, n, c_out=c_rep, transform=t)
        check_agreement(clib, plan, rep, consts_c, consts_py, n, c_out=c_rep)

    # a non-finite input in the second chunk (index 300), another at 450:
    # found by the loop's check before the _n form runs on that chunk
    for a in arrays:
        x = {k: (None if v is None else v.copy()) for k, v in inputs.items()}
        x[a.name][300, 0] = np.nan
        x[a.name][450, -1] = np.inf
        kw = py_kwargs(plan, x, consts_py)
        assert _uses_n_path(plan, kw, n, bits)
        res, _ = call_py(plan, kw)
        assert isinstance(res, sc.Error) and res.status is None, res
        assert res.index == (300,) and res.argument == a.py_name, (res.index, res.argument)
        check_agreement(clib, plan, x, consts_c, consts_py, n, check_finite=False)

    # an element C refuses in the second chunk (index 300), another at 450
    if plan.returns_status:
        rng = np.random.default_rng(_seed(name, bits, "bad"))
        bad = None
        for _ in range(20):
            cand = make_inputs(plan, bits, rng, 64, special_rate=0.5)
            st, _ = c_call(clib, plan, dict(cand), consts_c, 64)
            if (st < 0).any():
                j = int(np.flatnonzero(st < 0)[0])
                bad = {k: (None if v is None else v[j]) for k, v in cand.items()}
                break
        if bad is None:  # (state_convert refuses conventions only, not elements)
            return
        hostile = {k: (None if v is None else v.copy()) for k, v in inputs.items()}
        for i in (300, 450):
            for k, v in bad.items():
                if v is not None:
                    hostile[k][i] = v
        kw = py_kwargs(plan, hostile, consts_py)
        assert _uses_n_path(plan, kw, n, bits)
        st, outs = check_agreement(clib, plan, hostile, consts_c, consts_py, n)
        assert int(np.flatnonzero(st < 0)[0]) == 300


def test_quaternion_column_views(clibs):
    """MuJoCo qpos rows: the quaternion as the view qpos[:, 3:7] of an (N, 7)
    array (stride 7, taken by the _n forms' quat_stride) and as a reversed
    view, for the free-joint conversions and the storage-order swap."""
    rng = np.random.default_rng(7)
    for bits in BITS:
        clib, dt = clibs[bits], DTYPE[bits]
        n = 333
        qpos = np.concatenate([rng.normal(size=(n, 3)), _quats(rng, n)], axis=1).astype(dt)
        qvel = rng.normal(size=(n, 6)).astype(dt)
        ipos = rng.normal(size=(n, 3)).astype(dt)
        q = qpos[:, 3:7]
        assert not q.flags.c_contiguous
        for name in ("twist_from_mujoco_qvel", "mujoco_qvel_from_twist",
                     "mujoco_qfrc_from_wrench", "wrench_from_mujoco_qfrc"):
            plan = PLANS[name]
            first = plan.inputs[0].name
            inputs = {first: qvel, "q_wxyz": np.ascontiguousarray(q), "ipos": ipos}
            kw = {plan.inputs[0].py_name: qvel, "q_wxyz": q, "ipos": ipos}
            assert _uses_n_path(plan, kw, n, bits)
            check_agreement(clib, plan, inputs, {}, {}, n,
                            transform=lambda key, x: q if key == "q_wxyz" else x)
            check_agreement(clib, plan, inputs, {}, {}, n,
                            transform=lambda key, x: x[::-1][::-1] if key != "q_wxyz"
                            else qpos[::-1, 3:7][::-1])
        plan = PLANS["quat_xyzw_from_wxyz"]
        check_agreement(clib, plan, {"q_wxyz": np.ascontiguousarray(q)}, {}, {}, n,
                        transform=lambda key, x: q)
        rev = np.ascontiguousarray(q[::-1])
        check_agreement(clib, plan, {"q_wxyz": rev}, {}, {}, n, transform=lambda key, x: q[::-1])
        # a transposed (4, N) array seen as (N, 4)
        qt = np.ascontiguousarray(q.T)
        check_agreement(clib, plan, {"q_wxyz": np.ascontiguousarray(q)}, {}, {}, n,
                        transform=lambda key, x: qt.T)


def test_state_convert_engine_rows(clibs):
    """state_convert_n over engine rows: pose and twist as views of one
    (N, 13) array (stride 13), between preset pairs, against C per body."""
    plan = PLANS["state_convert"]
    rng = np.random.default_rng(13)
    pairs = [("newton", "mujoco_free"), ("isaaclab", "newton"), ("drake", "physx"),
             ("mujoco_free", "isaaclab3"), ("genesis", "brax")]
    for bits in BITS:
        clib, dt = clibs[bits], DTYPE[bits]
        n = 257
        for to, from_ in pairs:
            state = np.concatenate([rng.normal(size=(n, 3)), _quats(rng, n),
                                    rng.normal(size=(n, 6))], axis=1).astype(dt)
            com = rng.normal(size=(n, 3)).astype(dt)
            iquat = _quats(rng, n).astype(dt)
            consts_c = {"to": clib.preset("spconv_state_convention", sc.PresetId[to.upper()]),
                        "from": clib.preset("spconv_state_convention", sc.PresetId[from_.upper()])}
            consts_py = {"to": to, "from": from_}
            inputs = {"pose": np.ascontiguousarray(state[:, :7]),
                      "twist": np.ascontiguousarray(state[:, 7:]), "com": com, "iquat_wxyz": iquat}
            views = {"pose": state[:, :7], "twist": state[:, 7:]}
            t = lambda key, x: views.get(key, x)
            kw = py_kwargs(plan, inputs, consts_py, t)
            assert _uses_n_path(plan, kw, n, bits)
            check_agreement(clib, plan, inputs, consts_c, consts_py, n, transform=t)
            inputs["iquat_wxyz"] = None
            check_agreement(clib, plan, inputs, consts_c, consts_py, n, transform=t)


# ---------------------------------------------- batch-only _n wrappers
def _c_buf(x):
    return None if x is None else np.ascontiguousarray(x).ctypes.data


@pytest.mark.parametrize("bits", BITS)
def test_batch_only_n_forms(clibs, bits):
    """The hand-written Python forms of batch-only _n functions (rot_convert_n,
    the up-axis batches, twist_convert_n / wrench_convert_n at poses) against
    the same C function called through ctypes: C's status, C's bits."""
    clib, dt = clibs[bits], DTYPE[bits]
    rng = np.random.default_rng(_seed("batch-only", bits))
    n = 37
    sizes = {sc.ROT_ROTVEC: 3, sc.ROT_QUAT_WXYZ: 4, sc.ROT_QUAT_XYZW: 4, sc.ROT_MAT: 9}
    made = {sc.ROT_ROTVEC: rng.normal(size=(n, 3)), sc.ROT_QUAT_WXYZ: _quats(rng, n),
            sc.ROT_QUAT_XYZW: _quats(rng, n), sc.ROT_MAT: _rotations(rng, n)}
    for xf, rf in itertools.product(sizes, repeat=2):
        x = made[xf].astype(dt)
        res = np.full((n, sizes[rf]), np.nan, dt)
        st = clib.fn("rot_convert_n")(res.ctypes.data, int(rf), x.ctypes.data, int(xf), n)
        got, _ = call_py_fn(sc.rot_convert_n, rf, x, xf)
        _check_whole("rot_convert_n", st, got, res)
    for name, size, gen in (("vec_change_up_axis_n", 3, lambda: rng.normal(size=(n, 3))),
                            ("spatial_change_up_axis_n", 6, lambda: rng.normal(size=(n, 6))),
                            ("quat_wxyz_change_world_up_axis_n", 4, lambda: _quats(rng, n)),
                            ("quat_xyzw_change_world_up_axis_n", 4, lambda: _quats(rng, n))):
        for f, t in itertools.product(list(sc.Axis) + [7], repeat=2):
            x = gen().astype(dt)
            res = np.full((n, size), np.nan, dt)
            st = clib.fn(name)(res.ctypes.data, x.ctypes.data, n, int(f), int(t))
            got, _ = call_py_fn(getattr(sc, name), x, f, t)
            _check_whole(name, st, got, res)
    pids = list(sc.PresetId)
    for name in ("twist_convert_n", "wrench_convert_n"):
        for k in range(12):
            to, from_, pc = pids[k % len(pids)], pids[(7 * k + 3) % len(pids)], pids[(5 * k + 1) % len(pids)]
            x = rng.normal(size=(n, 6)).astype(dt)
            pose = np.concatenate([rng.normal(size=(n, 3)), _quats(rng, n)], axis=1).astype(dt)
            com = rng.normal(size=(n, 3)).astype(dt)
            iquat = None if k % 3 == 0 else _quats(rng, n).astype(dt)
            res = np.full((n, 6), np.nan, dt)
            cto = clib.preset("spconv_convention", to)
            cfrom = clib.preset("spconv_convention", from_)
            cpc = clib.preset("spconv_pose_convention", pc)
            st = clib.fn(name)(res.ctypes.data, 6, ctypes.byref(cto), x.ctypes.data, 6, ctypes.byref(cfrom),
                               pose.ctypes.data, 7, ctypes.byref(cpc), com.ctypes.data, _c_buf(iquat), n)
            got, _ = call_py_fn(getattr(sc, name), to, x, from_, pose, pc, com, iquat)
            _check_whole(name, st, got, res)
            # strided views of engine rows give the same bits
            rows = np.concatenate([pose, x], axis=1)
            got, _ = call_py_fn(getattr(sc, name), to, rows[:, 7:], from_, rows[:, :7], pc, com, iquat)
            _check_whole(name, st, got, res)


def call_py_fn(f, *args):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            return f(*args), w
        except sc.Error as e:
            return e, w


def _check_whole(name, status, got, res):
    if status < 0:
        assert isinstance(got, sc.Error) and got.status in (None, status), (name, status, got)
        return
    assert not isinstance(got, Exception), f"{name}: C status {status}, Python raised {got!r}"
    got = np.asarray(got)
    assert got.dtype == res.dtype, (name, got.dtype)
    assert_same_bits(name, got.reshape(res.shape), res)


# ------------------------------------------------------------- error paths
def test_zero_quaternions_and_non_rotations(clibs):
    """Zero quaternions, non-rotation matrices, reflections, zero dt / unit
    scales inside batches: Error with C's status at the first such element."""
    cases = [
        ("quat_normalize_wxyz", "q_wxyz", np.zeros(4)),
        ("axis_angle_from_quat_wxyz", "q_wxyz", np.zeros(4)),
        ("euler_from_quat_wxyz", "q_wxyz", np.zeros(4)),
        ("urdf_rpy_from_quat_wxyz", "q_wxyz", np.zeros(4)),
        ("body_angvel_from_quats_wxyz", "q1", np.zeros(4)),
        ("world_angvel_from_quats_wxyz", "q0", np.zeros(4)),
        ("quat_wxyz_from_mat", "R", np.arange(9.0)),
        ("quat_wxyz_from_mat", "R", -np.eye(3).ravel()),
        ("euler_from_mat", "R", 2 * np.eye(3).ravel()),
        ("rot6d_from_mat", "R", np.ones(9)),
        ("mat_orthonormalize", "R", np.diag([1.0, 1.0, -1.0]).ravel()),
        ("mat_change_world_axes", "M", np.arange(9.0)),
        ("quat_wxyz_change_world_axes", "M", 0.5 * np.eye(3).ravel()),
        ("mat_from_rot6d", "d6", np.zeros(6)),
        ("body_angvel_from_quats_wxyz", "dt", 0.0),
        ("length_scale", "to_meters_per_unit", 0.0),
        ("pose_from_mujoco_fromto", "fromto", np.zeros(6)),
    ]
    seen = 0
    for bits in BITS:
        clib = clibs[bits]
        for name, arg, bad in cases:
            plan = PLANS[name]
            rng = np.random.default_rng(_seed(name, arg, bits))
            choices = const_choices(clib, plan, rng, customs=0)
            consts_py, consts_c = _split_consts(first_combo(choices))
            n = 9
            inputs, _, _, _, m = _valid_case(clib, plan, bits, n)  # C accepts every element
            assert m == n
            inputs = {k: (None if v is None else v.copy()) for k, v in inputs.items()}
            for i in (4, 7):
                inputs[arg][i] = bad
            status, _ = check_agreement(clib, plan, inputs, consts_c, consts_py, n)
            assert list(np.flatnonzero(status < 0)) == [4, 7], (name, arg, status)
            seen += 1
    assert seen == 2 * len(cases)


GIMBAL = ["euler_from_quat_wxyz", "euler_from_mat", "urdf_rpy_from_quat_wxyz", "bvh_from_quat_wxyz"]


@pytest.mark.parametrize("name", GIMBAL)
def test_gimbal_lock_warnings(clibs, name):
    """Rotations at gimbal lock among random ones, for every sequence and
    kind: C's SPCONV_GIMBAL_LOCK is a StatusWarning naming the first locked
    element, and the locked elements' angles are C's bits."""
    plan = PLANS[name]
    arg = next(a for a in plan.args if a.role == _plan.IN)
    for bits in BITS:
        clib = clibs[bits]
        rng = np.random.default_rng(_seed(name, bits, "lock"))
        for combo in combos(const_choices(clib, plan, rng), rng, 400):
            consts_py, consts_c = _split_consts(combo)
            n = 40
            inputs = make_inputs(plan, bits, rng, n, special_rate=0)
            locked = LOCKED[arg.size] * (1 if arg.size == 9 else rng.uniform(0.5, 2))
            rows = rng.choice(np.arange(3, n), len(locked), replace=False)
            inputs[arg.name][rows] = locked.astype(DTYPE[bits])
            status, _ = check_agreement(clib, plan, inputs, consts_c, consts_py, n)
            if (status == sc.EINVAL).all():
                continue  # a sequence the function refuses (BVH: Tait-Bryan only)
            assert (status == sc.GIMBAL_LOCK).any(), (combo, status)
            assert (status >= 0).all()
            COUNTS["gimbal locks"] += int((status > 0).sum())


def _invalid_ints(c_type):
    vals = [int(m) for m in ENUMS[c_type]]
    lo, hi = min(vals), max(vals)
    cand = {lo - 1, hi + 1, -1, 0, 1, 2 ** 31 - 1, -2 ** 31, 0x100, 0x1100}
    cand |= {v for n, v in HEADER.enums[c_type].members if n.endswith("_END")}
    return sorted(c for c in cand if c not in vals)


ENUM_ARG_NAMES = sorted(n for n, p in PLANS.items()
                        if any(a.role == _plan.CONST and a.ctype != "int" for a in p.args))
FLAG_NAMES = sorted(n for n, p in PLANS.items()
                    if any(a.role == _plan.CONST and a.ctype == "int" for a in p.args))
STRUCT_NAMES = sorted(n for n, p in PLANS.items() if any(a.role == _plan.STRUCT for a in p.args))


@pytest.mark.parametrize("name", ENUM_ARG_NAMES)
def test_invalid_enum_values(clibs, name):
    """An int that is no value of the argument's enum: C refuses it with
    SPCONV_EINVAL, Python with spatial_conv.Error naming the argument (its
    status is C's, or None where Python refuses the value before the call).
    A value C accepts must be one Python accepts too, with C's bits."""
    plan = PLANS[name]
    for bits in BITS:
        clib = clibs[bits]
        enum_args = [a for a in plan.args if a.role == _plan.CONST and a.ctype != "int"]
        rng = np.random.default_rng(_seed(name, bits, "enum"))
        consts_py, consts_c = _split_consts(first_combo(const_choices(clib, plan, rng, 0)))
        n = 3 if _is_batched(plan) else 1
        inputs = make_inputs(plan, bits, rng, n, special_rate=0)
        for a in enum_args:
            for v in _invalid_ints(a.ctype):
                cc, cp = dict(consts_c), dict(consts_py)
                cc[a.name], cp[a.name] = v, v
                status, _ = c_call(clib, plan, dict(inputs), cc, n)
                if (status < 0).all():
                    res, _ = call_py(plan, py_kwargs(plan, inputs, cp))
                    assert isinstance(res, sc.Error), (a.name, v, res)
                    assert res.status in (None, int(status[0])), (a.name, v, res.status)
                    assert res.argument == a.py_name or res.status is not None, (a.name, v, res)
                else:
                    # C takes the value: so must Python, with C's bits
                    check_agreement(clib, plan, inputs, cc, cp, n)
                COUNTS["invalid enum values"] += 1


@pytest.mark.parametrize("name", FLAG_NAMES)
def test_int_flags(clibs, name):
    """int arguments are handed to C as they are (0, 1 and others)."""
    plan = PLANS[name]
    flags = [a for a in plan.args if a.role == _plan.CONST and a.ctype == "int"]
    for bits in BITS:
        clib = clibs[bits]
        rng = np.random.default_rng(_seed(name, "flags"))
        for combo in combos(const_choices(clib, plan, rng), rng, 400):
            consts_py, consts_c = _split_consts(combo)
            for v in (2, -1, 7):
                for a in flags:
                    consts_py[a.name], consts_c[a.name] = v, v
                n = 4 if _is_batched(plan) else 1
                inputs = make_inputs(plan, bits, rng, n, special_rate=0)
                check_agreement(clib, plan, inputs, consts_c, consts_py, n)


@pytest.mark.parametrize("name", STRUCT_NAMES)
def test_invalid_conventions(clibs, name):
    """A convention with zero fields (a zeroed C struct) or with the value
    of another enum in a field: C refuses it; Python raises Error."""
    plan = PLANS[name]
    for bits in BITS:
        clib = clibs[bits]
        rng = np.random.default_rng(_seed(name, bits, "struct"))
        consts_py, consts_c = _split_consts(first_combo(const_choices(clib, plan, rng, 0)))
        inputs = make_inputs(plan, bits, rng, 2, special_rate=0)
        for a in (a for a in plan.args if a.role == _plan.STRUCT):
            good = struct_to_tuple(a.ctype, consts_c[a.name])
            for bad in (_zero_tuple(a.ctype), _shifted_tuple(a.ctype, good)):
                cc, cp = dict(consts_c), dict(consts_py)
                cc[a.name], cp[a.name] = clib.struct_from_tuple(a.ctype, bad), bad
                status, _ = c_call(clib, plan, dict(inputs), cc, 2)
                assert (status < 0).all(), f"{name}: C accepts the convention {bad}"
                res, _ = call_py(plan, py_kwargs(plan, inputs, cp))
                assert isinstance(res, sc.Error), (bad, res)
                assert res.status in (None, int(status[0])), (bad, res.status)


def _zero_tuple(c_type):
    cls = _api.STRUCT_CLASSES[c_type]
    return cls(*(_zero_tuple(f.type) if f.type in HEADER.structs else 0
                 for f in HEADER.structs[c_type].fields))


def _shifted_tuple(c_type, good):
    """good with its first enum field set to the first value of the next enum
    type (a value of another enum that reached this one through an int)."""
    f0 = HEADER.structs[c_type].fields[0]
    if f0.type in HEADER.structs:
        return type(good)(_shifted_tuple(f0.type, good[0]), *good[1:])
    v = int(good[0])
    return type(good)(v + 0x100, *good[1:])


def test_mujoco_eulerseq_strings(clibs):
    """Every 3-letter eulerseq of xyzXYZ, and bad strings, as C takes them."""
    plan = PLANS["quat_wxyz_from_mujoco_euler"]
    for bits in BITS:
        clib = clibs[bits]
        rng = np.random.default_rng(_seed("eulerseq", bits))
        for s in MUJOCO_SEQS + BAD_SEQS:
            inputs = make_inputs(plan, bits, rng, 16, special_rate=0)
            status, _ = check_agreement(clib, plan, inputs, {"eulerseq": s.encode()},
                                        {"eulerseq": s}, 16)
            assert (status == 0).all() == (s in MUJOCO_SEQS), s


@pytest.mark.parametrize("bits", BITS)
def test_non_finite_inputs(clibs, bits):
    """NaN and inf in each real argument in turn: check_finite=True raises
    Error(status None) naming the argument and the element; with
    check_finite=False Python hands them to C and gives C's status and bits."""
    clib = clibs[bits]
    checked = 0
    for name in NAMES:
        plan = PLANS[name]
        if not _is_batched(plan):
            continue
        n = 8
        inputs, consts_py, consts_c, _, m = _valid_case(clib, plan, bits, n, "nonfinite")
        if m < 6:
            continue
        for a in plan.args:
            if a.role not in (_plan.IN, _plan.SCALAR, _plan.BODY_IN) or inputs.get(a.name) is None:
                continue
            fields = [(a.py_name, slice(None))] if a.role != _plan.BODY_IN else \
                [(f"{a.py_name}.{f}", slice(s, s + k)) for f, s, k in
                 (("pos", 0, 3), ("quat_wxyz", 3, 4), ("com", 7, 3), ("iquat_wxyz", 10, 4))]
            for label, cols in fields:
                for bad in (np.nan, np.inf, -np.inf):
                    x = {k: (None if v is None else v[:m].copy()) for k, v in inputs.items()}
                    if x[a.name].ndim == 1:
                        x[a.name][3] = bad
                    else:
                        x[a.name][3, cols.start or 0] = bad
                    res, _ = call_py(plan, py_kwargs(plan, x, consts_py))
                    assert isinstance(res, sc.Error) and res.status is None, (name, label, res)
                    assert res.argument == label and res.index == (3,), (name, label, res.argument)
                    check_agreement(clib, plan, x, consts_c, consts_py, m, check_finite=False)
                    checked += 1
    COUNTS["non-finite inputs"] += checked
    assert checked > 200


def test_convention_presets_agree(clibs):
    """convention_from_preset(id) is the twist part of
    state_convention_from_preset(id), and Python's presets are C's."""
    for bits in BITS:
        clib = clibs[bits]
        for pid in sc.PresetId:
            c = clib.preset("spconv_convention", pid)
            s = clib.preset("spconv_state_convention", pid)
            assert struct_to_tuple("spconv_convention", c) == struct_to_tuple("spconv_convention", s.twist)
            assert _api.STATE_PRESETS[pid] == struct_to_tuple("spconv_state_convention", s)


def test_precision_of_mixed_inputs(clibs):
    """float32 arrays with Python numbers and lists compute in float (C's
    float build); one float64 array makes the call double."""
    rng = np.random.default_rng(5)
    a = _quats(rng, 16).astype(np.float32)
    b = _quats(rng, 16).astype(np.float32)
    plan = PLANS["quat_slerp_wxyz"]
    t = 0.25  # exact in float
    inputs = {"a": a, "b": b, "t": np.full(16, t, np.float32)}
    check_agreement(clibs[32], plan, inputs, {}, {}, 16,
                    transform=lambda key, x: t if key == "t" else x)
    inputs64 = {"a": a.astype(np.float64), "b": b.astype(np.float64), "t": np.full(16, t)}
    check_agreement(clibs[64], plan, inputs64, {}, {}, 16,
                    transform=lambda key, x: x if key != "b" else b.tolist())


@pytest.fixture(scope="module", autouse=True)
def _print_counts(request):
    yield
    if not COUNTS:
        return
    fns64 = len({n for n, b in COMPARED if b == 64})
    fns32 = len({n for n, b in COMPARED if b == 32})
    text = ("spatial_conv vs C, bit for bit: "
            f"{COUNTS['elements']} element comparisons ({COUNTS['reals']} reals), "
            f"{COUNTS['statuses']} statuses ({COUNTS['warnings']} batches with warnings); "
            f"element functions compared: {fns64} of {len(PLANS)} in double, {fns32} in float; "
            f"{COUNTS['layout checks']} layout checks, {COUNTS['invalid enum values']} invalid "
            f"enum values, {COUNTS['non-finite inputs']} non-finite inputs, "
            f"{COUNTS['gimbal locks']} gimbal locks; "
            f"{COUNTS['nan payloads that differ']} NaNs with another payload than C's"
            + (f" ({dict(NAN_PAYLOADS)})" if NAN_PAYLOADS else ""))
    tr = request.config.pluginmanager.get_plugin("terminalreporter")
    cap = request.config.pluginmanager.get_plugin("capturemanager")
    if tr is None:
        print(text)
        return
    if cap is not None:
        with cap.global_and_fixture_disabled():
            tr.write_line("\n" + text)
    else:
        tr.write_line("\n" + text)


def test_zz_every_function_compared():
    """Run last: with the whole module selected, every element function had
    outputs compared in both precisions."""
    want = {(n, b) for n in NAMES for b in BITS if b == 64 or _is_batched(PLANS[n])}
    if not want & COMPARED or len({n for n, _ in COMPARED}) < len(NAMES) // 2:
        pytest.skip("[selection] the generic test did not run (deselected)")
    missing = sorted(want - COMPARED)
    assert not missing, f"never compared (no element C accepts): {missing}"
