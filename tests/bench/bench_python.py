#!/usr/bin/env python3
"""Speed of the Python package spatial_conv, as ratios measured in one run.

In one process this

  (a) builds a linked-mode shared library from include/spatial_conv.h (a C
      file with SPCONV_IMPLEMENTATION; compiled and linked with the flags
      Python's setuptools uses for extension modules, plus the package's own
      extra_compile_args -O2 -fno-strict-aliasing), in double and float, and
      calls the C batch forms (_n) through ctypes on preallocated arrays: the
      C baseline. A small C loop in that library makes `reps` calls per
      ctypes call, so the C column carries no ctypes overhead even for one
      body; the bare ctypes call is timed separately (per-call table);
  (b) times the Python calls, which allocate their results (and, as extra
      columns, the same call with check_finite=False, and the C _n form
      writing into a fresh np.empty each call: the allocation's cost);
  (c) times the vectorised NumPy code a user writes instead (several
      variants each; the table shows the fastest, checked against
      spatial_conv before any timing: 1e-12 in double, 2e-5 in float);
  (d) per-call overhead: one element through spatial_conv, NumPy fancy
      indexing of the same size, the bare ctypes call and the C call.

Operations: the quaternion reorder wxyz -> xyzw (quat_xyzw_from_wxyz), the
MuJoCo free-joint qvel -> COM twist map (twist_from_mujoco_qvel, the
quaternions read in place from qpos rows, quat_stride 7) and the whole-state
conversion MuJoCo free joint -> Isaac Lab 3 (state_convert, "mujoco_free" ->
"isaaclab3", with body_ipos and body_iquat).

Timing: every sample is a loop of k calls (k calibrated to about --sample-ms);
the contenders of one cell are interleaved round by round (their order
rotated each round) so that load on the machine affects all alike; each
sample follows k/2 untimed calls of the same contender, so that it times
that contender's steady state in a loop and not the caches the previous
contender left (at a million bodies the first calls on arrays another
contender has evicted take about twice as long); the table shows the
median over rounds. Timings never go into tests.

Usage: bench_python.py [--quick] [--markdown FILE] [--no-float] [--rounds R]
       (PYTHONPATH must reach the built package, e.g. python/)
"""
import argparse
import ctypes
import gc
import importlib.util
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
try:
    import spatial_conv as sc
except ImportError:  # run from a checkout without PYTHONPATH
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import spatial_conv as sc

HEADER_DIR = os.path.join(ROOT, "include")
FULL_SIZES = (1, 64, 4096, 131072, 1048576)
QUICK_SIZES = (1, 256)
TARGET_N = 1048576
TOL = {np.float64: 1e-12, np.float32: 2e-5}

# ---------------------------------------------------------------- the C side

C_SOURCE = r"""
#define SPCONV_IMPLEMENTATION
#include "spatial_conv.h"

/* the benchmark's loops: `reps` calls of one batch form per ctypes call */
int spb_reorder(long reps, spconv_real *res, const spconv_real *q, size_t n) {
  long r;
  for (r = 0; r < reps; ++r) spconv_quat_xyzw_from_wxyz_n(res, q, n);
  return 0;
}

int spb_qvel(long reps, spconv_real *res, const spconv_real *qvel, const spconv_real *quat,
             size_t quat_stride, const spconv_real *ipos, size_t n) {
  long r;
  int s = 0;
  for (r = 0; r < reps; ++r) s |= spconv_twist_from_mujoco_qvel_n(res, qvel, quat, quat_stride, ipos, n);
  return s;
}

int spb_state(long reps, spconv_real *res_pose, spconv_real *res_twist, int to,
              const spconv_real *pose, const spconv_real *twist, int from,
              const spconv_real *com, const spconv_real *iquat, size_t n) {
  spconv_state_convention t = spconv_state_convention_from_preset((spconv_preset_id)to);
  spconv_state_convention f = spconv_state_convention_from_preset((spconv_preset_id)from);
  long r;
  int s = 0;
  for (r = 0; r < reps; ++r)
    s |= spconv_state_convert_n(res_pose, 7, res_twist, 6, &t, pose, 7, twist, 6, &f, com, iquat, n);
  return s;
}
"""


def _compiler():
    """(compile command prefix, link command prefix) as setuptools builds
    an extension module: CC CFLAGS CCSHARED + the package's
    extra_compile_args, then LDSHARED."""
    cv = sysconfig.get_config_var
    cc = shlex.split(os.environ.get("CC") or cv("CC") or "gcc")
    if not shutil.which(cc[0]):
        cc = ["gcc"] + cc[1:]
    cflags = shlex.split(os.environ.get("CFLAGS", cv("CFLAGS") or ""))
    ccshared = shlex.split(cv("CCSHARED") or "-fPIC")
    ldshared = shlex.split(cv("LDSHARED") or "gcc -shared")
    if not shutil.which(ldshared[0]):
        ldshared = ["gcc"] + ldshared[1:]
    return cc + cflags + ccshared + ["-O2", "-fno-strict-aliasing"], ldshared


def build_c(tmp, precisions):
    """Compile the library once per precision (in parallel); returns
    {dtype: ctypes.CDLL} and the compile command."""
    compile_cmd, link_cmd = _compiler()
    src = os.path.join(tmp, "spb.c")
    with open(src, "w") as f:
        f.write(C_SOURCE)
    jobs = {}
    for dtype in precisions:
        tag = "f32" if dtype == np.float32 else "f64"
        obj = os.path.join(tmp, f"spb_{tag}.o")
        defs = ["-DSPCONV_USE_FLOAT"] if dtype == np.float32 else []
        cmd = compile_cmd + defs + ["-I", HEADER_DIR, "-c", src, "-o", obj]
        jobs[dtype] = (tag, obj, cmd, subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True))
    libs = {}
    for dtype, (tag, obj, cmd, p) in jobs.items():
        _, err = p.communicate()
        if p.returncode:
            sys.exit(f"bench_python: compiling the C library failed:\n{' '.join(cmd)}\n{err}")
        so = os.path.join(tmp, f"libspb_{tag}.so")
        subprocess.run(link_cmd + [obj, "-o", so, "-lm"], check=True)
        libs[dtype] = _bind(ctypes.CDLL(so))
    cmd_text = " ".join(compile_cmd) + " [-DSPCONV_USE_FLOAT] -c; " + " ".join(link_cmd)
    return libs, cmd_text


def _bind(lib):
    P, Z, L, I = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_long, ctypes.c_int
    sig = {
        "spb_reorder": [L, P, P, Z],
        "spb_qvel": [L, P, P, P, Z, P, Z],
        "spb_state": [L, P, P, I, P, P, I, P, P, Z],
        "spconv_quat_xyzw_from_wxyz_n": [P, P, Z],
    }
    for name, args in sig.items():
        fn = getattr(lib, name)
        fn.argtypes = args
        fn.restype = None if name.startswith("spconv_quat") else I
    return lib


def addr(a, offset=0):
    return a.__array_interface__["data"][0] + offset * a.itemsize


# ------------------------------------------------------- NumPy, as users write it

def np_reorder_fancy(q):
    return q[..., [1, 2, 3, 0]]


def np_reorder_roll(q):
    return np.roll(q, -1, axis=-1)


def np_reorder_concat(q):
    return np.concatenate([q[..., 1:], q[..., :1]], axis=-1)


def _rot_parts(w, x, y, z):
    """The 9 entries of R(q) (body -> world) of a unit quaternion, row-major."""
    x2, y2, z2 = x + x, y + y, z + z
    wx, wy, wz = w * x2, w * y2, w * z2
    xx, xy, xz = x * x2, x * y2, x * z2
    yy, yz, zz = y * y2, y * z2, z * z2
    return (1 - (yy + zz), xy - wz, xz + wy,
            xy + wz, 1 - (xx + zz), yz - wx,
            xz - wy, yz + wx, 1 - (xx + yy))


def _rot_matrix(q):
    """R(q) as an (..., 3, 3) array (q wxyz, unit)."""
    R = np.empty(q.shape[:-1] + (3, 3), q.dtype)
    parts = _rot_parts(q[..., 0], q[..., 1], q[..., 2], q[..., 3])
    for k, p in enumerate(parts):
        R[..., k // 3, k % 3] = p
    return R


def np_qvel_components(qvel, quat, ipos):
    """MuJoCo free-joint qvel [v_O world; w body] -> COM twist [v_C; w]
    (world): w = R w_B, v_C = v_O + w x (C - O) with C - O = R ipos, every
    product written out per component (q wxyz unit, as MuJoCo keeps it)."""
    r00, r01, r02, r10, r11, r12, r20, r21, r22 = _rot_parts(
        quat[..., 0], quat[..., 1], quat[..., 2], quat[..., 3])
    a, b, c = qvel[..., 3], qvel[..., 4], qvel[..., 5]
    wx = r00 * a + r01 * b + r02 * c
    wy = r10 * a + r11 * b + r12 * c
    wz = r20 * a + r21 * b + r22 * c
    px, py, pz = ipos[..., 0], ipos[..., 1], ipos[..., 2]
    rx = r00 * px + r01 * py + r02 * pz
    ry = r10 * px + r11 * py + r12 * pz
    rz = r20 * px + r21 * py + r22 * pz
    out = np.empty(qvel.shape[:-1] + (6,), qvel.dtype)
    out[..., 0] = qvel[..., 0] + (wy * rz - wz * ry)
    out[..., 1] = qvel[..., 1] + (wz * rx - wx * rz)
    out[..., 2] = qvel[..., 2] + (wx * ry - wy * rx)
    out[..., 3] = wx
    out[..., 4] = wy
    out[..., 5] = wz
    return out


def np_qvel_einsum(qvel, quat, ipos):
    """The same with R as a matrix, einsum and np.cross."""
    R = _rot_matrix(quat)
    w = np.einsum("...ij,...j->...i", R, qvel[..., 3:6])
    r = np.einsum("...ij,...j->...i", R, ipos)
    out = np.empty(qvel.shape[:-1] + (6,), qvel.dtype)
    out[..., 0:3] = qvel[..., 0:3] + np.cross(w, r)
    out[..., 3:6] = w
    return out


def np_qvel_scipy(qvel, quat, ipos):
    """The same through scipy.spatial.transform.Rotation (xyzw)."""
    from scipy.spatial.transform import Rotation
    rot = Rotation.from_quat(quat[..., [1, 2, 3, 0]])
    w = rot.apply(qvel[..., 3:6])
    r = rot.apply(ipos)
    out = np.empty(qvel.shape[:-1] + (6,), qvel.dtype)
    out[..., 0:3] = qvel[..., 0:3] + np.cross(w, r)
    out[..., 3:6] = w
    return out


def np_state_components(pose, twist, com, iquat):
    """MuJoCo free joint -> Isaac Lab 3 state: pose [p_O; q_B wxyz] ->
    [p_C; q_I xyzw] with p_C = p_O + R com, q_I = q_B iquat; twist
    [v_O world; w body] -> [v_C; w] world. Components written out; the
    quaternions are taken as unit (MuJoCo's), so unlike spatial_conv this
    does not normalise them: less work than the C does."""
    w, x, y, z = pose[..., 3], pose[..., 4], pose[..., 5], pose[..., 6]
    r00, r01, r02, r10, r11, r12, r20, r21, r22 = _rot_parts(w, x, y, z)
    cx, cy, cz = com[..., 0], com[..., 1], com[..., 2]
    rx = r00 * cx + r01 * cy + r02 * cz
    ry = r10 * cx + r11 * cy + r12 * cz
    rz = r20 * cx + r21 * cy + r22 * cz
    a, b, c = twist[..., 3], twist[..., 4], twist[..., 5]
    wx = r00 * a + r01 * b + r02 * c
    wy = r10 * a + r11 * b + r12 * c
    wz = r20 * a + r21 * b + r22 * c
    iw, ix, iy, iz = iquat[..., 0], iquat[..., 1], iquat[..., 2], iquat[..., 3]
    res_pose = np.empty(pose.shape[:-1] + (7,), pose.dtype)
    res_pose[..., 0] = pose[..., 0] + rx
    res_pose[..., 1] = pose[..., 1] + ry
    res_pose[..., 2] = pose[..., 2] + rz
    res_pose[..., 3] = w * ix + x * iw + y * iz - z * iy   # q_I = q_B iquat, stored xyzw
    res_pose[..., 4] = w * iy + y * iw + z * ix - x * iz
    res_pose[..., 5] = w * iz + z * iw + x * iy - y * ix
    res_pose[..., 6] = w * iw - x * ix - y * iy - z * iz
    res_twist = np.empty(twist.shape[:-1] + (6,), twist.dtype)
    res_twist[..., 0] = twist[..., 0] + (wy * rz - wz * ry)
    res_twist[..., 1] = twist[..., 1] + (wz * rx - wx * rz)
    res_twist[..., 2] = twist[..., 2] + (wx * ry - wy * rx)
    res_twist[..., 3] = wx
    res_twist[..., 4] = wy
    res_twist[..., 5] = wz
    return res_pose, res_twist


def _quat_mul(a, b):
    """Hamilton product of (..., 4) wxyz arrays."""
    aw, ax, ay, az = np.moveaxis(a, -1, 0)
    bw, bx, by, bz = np.moveaxis(b, -1, 0)
    return np.stack([aw * bw - ax * bx - ay * by - az * bz,
                     aw * bx + ax * bw + ay * bz - az * by,
                     aw * by + ay * bw + az * bx - ax * bz,
                     aw * bz + az * bw + ax * by - ay * bx], axis=-1)


def np_state_einsum(pose, twist, com, iquat):
    """The same with R as a matrix, einsum, np.cross and a stacked product."""
    R = _rot_matrix(pose[..., 3:7])
    rc = np.einsum("...ij,...j->...i", R, com)
    w = np.einsum("...ij,...j->...i", R, twist[..., 3:6])
    qi = _quat_mul(pose[..., 3:7], iquat)
    res_pose = np.concatenate([pose[..., 0:3] + rc, qi[..., [1, 2, 3, 0]]], axis=-1)
    res_twist = np.concatenate([twist[..., 0:3] + np.cross(w, rc), w], axis=-1)
    return res_pose, res_twist


# -------------------------------------------------------------------- inputs

def unit_quats(rng, n, dtype):
    q = rng.standard_normal((n, 4))
    q /= np.linalg.norm(q, axis=-1, keepdims=True)
    q[:, 0] = np.abs(q[:, 0])  # w >= 0, as MuJoCo's
    return q.astype(dtype)


def make_inputs(n, dtype, seed=1):
    """Arrays of n MuJoCo free bodies (n = 1: single elements, no batch axis)."""
    rng = np.random.default_rng(seed)
    m = max(n, 1)
    qpos = np.empty((m, 7), dtype)
    qpos[:, 0:3] = rng.uniform(-2, 2, (m, 3))
    qpos[:, 3:7] = unit_quats(rng, m, dtype)
    d = {
        "q": unit_quats(rng, m, dtype),
        "qpos": qpos,
        "qvel": rng.uniform(-3, 3, (m, 6)).astype(dtype),
        "ipos": rng.uniform(-0.3, 0.3, (m, 3)).astype(dtype),
        "iquat": unit_quats(rng, m, dtype),
    }
    if n == 1:
        d = {k: v[0].copy() for k, v in d.items()}
    return d


# ------------------------------------------------------------- the operations

def tensor_call(py_args):
    """A call of the Python function (fn, args) with every NumPy array
    argument as a CPU tensor sharing its memory; None without PyTorch."""
    if importlib.util.find_spec("torch") is None:
        return None
    import torch
    fn, args = py_args
    targs = [torch.from_numpy(a) if isinstance(a, np.ndarray) else a for a in args]
    return lambda: fn(*targs)


class Op:
    """One operation: its Python call, C call and NumPy variants on arrays d."""

    def __init__(self, name, py, c, c_outputs, c_fresh, numpy, label, py_out, py_args):
        self.name, self.py, self.c, self.c_outputs, self.c_fresh, self.numpy, self.label = \
            name, py, c, c_outputs, c_fresh, numpy, label
        self.py_out = py_out  # the Python call writing into preallocated arrays (out=)
        self.py_tensor = tensor_call(py_args)  # the Python call on CPU tensors, or None


def reorder_op(lib, d, n):
    q = d["q"]
    res = np.empty_like(q)
    qa, ra = addr(q), addr(res)
    f = lib.spb_reorder
    shape = q.shape

    def c(k):
        f(k, ra, qa, n)

    def c_fresh(k):
        for _ in range(k):
            out = np.empty(shape, q.dtype)
            f(1, addr(out), qa, n)

    out = np.empty_like(q)
    return Op("quat_xyzw_from_wxyz", lambda cf: sc.quat_xyzw_from_wxyz(q, check_finite=cf),
              c, (res,), c_fresh,
              {"q[..., [1, 2, 3, 0]]": lambda: np_reorder_fancy(q),
               "np.roll(q, -1, axis=-1)": lambda: np_reorder_roll(q),
               "np.concatenate": lambda: np_reorder_concat(q)},
              "quat_xyzw_from_wxyz", lambda: sc.quat_xyzw_from_wxyz(q, out=out),
              (sc.quat_xyzw_from_wxyz, (q,)))


def qvel_op(lib, d, n):
    qpos, qvel, ipos = d["qpos"], d["qvel"], d["ipos"]
    quat = qpos[..., 3:7]  # a view: quat_stride 7
    res = np.empty_like(qvel)
    args = (addr(qvel), addr(qpos, 3), 7, addr(ipos), n)
    ra, f, shape = addr(res), lib.spb_qvel, qvel.shape

    def c(k):
        f(k, ra, *args)

    def c_fresh(k):
        for _ in range(k):
            out = np.empty(shape, qvel.dtype)
            f(1, addr(out), *args)

    variants = {"components": lambda: np_qvel_components(qvel, quat, ipos),
                "einsum + np.cross": lambda: np_qvel_einsum(qvel, quat, ipos)}
    if importlib.util.find_spec("scipy") is not None:
        variants["scipy Rotation.apply"] = lambda: np_qvel_scipy(qvel, quat, ipos)
    out = np.empty_like(qvel)
    return Op("twist_from_mujoco_qvel",
              lambda cf: sc.twist_from_mujoco_qvel(qvel, quat, ipos, check_finite=cf),
              c, (res,), c_fresh, variants, "twist_from_mujoco_qvel (q = qpos[..., 3:7])",
              lambda: sc.twist_from_mujoco_qvel(qvel, quat, ipos, out=out),
              (sc.twist_from_mujoco_qvel, (qvel, quat, ipos)))


def state_op(lib, d, n):
    pose, twist, com, iquat = d["qpos"], d["qvel"], d["ipos"], d["iquat"]
    rp, rt = np.empty(pose.shape, pose.dtype), np.empty(twist.shape, twist.dtype)
    to, frm = int(sc.PRESET_ISAACLAB3), int(sc.PRESET_MUJOCO_FREE)
    args = (to, addr(pose), addr(twist), frm, addr(com), addr(iquat), n)
    rpa, rta, f = addr(rp), addr(rt), lib.spb_state
    op_out_pose, op_out_twist = np.empty_like(rp), np.empty_like(rt)

    def c(k):
        f(k, rpa, rta, *args)

    def c_fresh(k):
        for _ in range(k):
            a, b = np.empty(pose.shape, pose.dtype), np.empty(twist.shape, twist.dtype)
            f(1, addr(a), addr(b), *args)

    return Op("state_convert",
              lambda cf: sc.state_convert("isaaclab3", pose, twist, "mujoco_free", com, iquat,
                                          check_finite=cf),
              c, (rp, rt), c_fresh,
              {"components": lambda: np_state_components(pose, twist, com, iquat),
               "einsum + np.cross": lambda: np_state_einsum(pose, twist, com, iquat)},
              "state_convert mujoco_free -> isaaclab3",
              lambda: sc.state_convert("isaaclab3", pose, twist, "mujoco_free", com, iquat,
                                       out=(op_out_pose, op_out_twist)),
              (sc.state_convert, ("isaaclab3", pose, twist, "mujoco_free", com, iquat)))


OPS = (reorder_op, qvel_op, state_op)


# ------------------------------------------------------------------ checking

def _as_tuple(r):
    return r if isinstance(r, tuple) else (r,)


def check(op, dtype):
    """Every NumPy variant and the C library agree with spatial_conv."""
    want = _as_tuple(op.py(True))
    tol = TOL[dtype]
    for name, fn in op.numpy.items():
        got = _as_tuple(fn())
        for w, g in zip(want, got):
            err = float(np.max(np.abs(np.asarray(g, np.float64) - w))) if w.size else 0.0
            if not (g.shape == w.shape and err <= tol):
                sys.exit(f"bench_python: NumPy variant {name!r} of {op.name} ({np.dtype(dtype)}) "
                         f"differs from spatial_conv: shape {g.shape} vs {w.shape}, max error {err:g}")
    op.c(1)
    for w, g in zip(want, op.c_outputs):
        if not np.array_equal(g.reshape(w.shape), w):  # the same C code: bit for bit
            err = float(np.max(np.abs(g.reshape(w.shape) - w)))
            if err > tol:
                sys.exit(f"bench_python: C {op.name} differs from spatial_conv by {err:g}")


# ------------------------------------------------------------------- timing

def calibrate(fn, target):
    """Calls per sample so that one sample takes about `target` seconds,
    after one call (whose one-time work, such as a module loaded on the
    first tensor, would otherwise make the samples a single call each)."""
    fn(1)
    k = 1
    while True:
        t0 = time.perf_counter()
        fn(k)
        dt = time.perf_counter() - t0
        if dt >= target / 4 or k >= 1 << 20:
            return max(1, int(round(k * target / max(dt, 1e-9))))
        k *= 8


def measure(contenders, rounds, target):
    """Median seconds per call of each contender (a function of k that
    makes k calls); contenders interleaved, order rotated each round, each
    sample after k/2 untimed calls of its contender."""
    names = list(contenders)
    ks = {nm: calibrate(contenders[nm], target) for nm in names}
    samples = {nm: [] for nm in names}
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for r in range(rounds):
            order = names[r % len(names):] + names[:r % len(names)]
            for nm in order:
                k = ks[nm]
                contenders[nm](max(1, k // 2))  # warm-up, untimed
                t0 = time.perf_counter()
                contenders[nm](k)
                samples[nm].append((time.perf_counter() - t0) / k)
    finally:
        if gc_was:
            gc.enable()
    return {nm: statistics.median(s) for nm, s in samples.items()}


def _loop(fn):
    def run(k):
        for _ in range(k):
            fn()
    return run


def bench_cell(op, rounds, target):
    py = _loop(lambda: op.py(True))
    contenders = {
        "py": py,
        "py_twin": py,  # the same call as a second contender: the run's resolution
        "py_out": _loop(op.py_out),
        "py_nocheck": _loop(lambda: op.py(False)),
        "c": op.c,
        "c_fresh": op.c_fresh,
    }
    if op.py_tensor is not None:
        contenders["py_tensor"] = _loop(op.py_tensor)
    for name, fn in op.numpy.items():
        contenders["np:" + name] = _loop(fn)
    t = measure(contenders, rounds, target)
    np_times = {k[3:]: v for k, v in t.items() if k.startswith("np:")}
    best = min(np_times, key=np_times.get)
    return t, best, np_times


def bench_overhead(libs, rounds, target):
    """One quaternion: spatial_conv vs NumPy fancy indexing vs ctypes vs C."""
    q = make_inputs(1, np.float64)["q"]
    res = np.empty_like(q)
    lib = libs[np.float64]
    direct, qa, ra = lib.spconv_quat_xyzw_from_wxyz_n, addr(q), addr(res)
    idx = [1, 2, 3, 0]
    contenders = {
        "sc.quat_xyzw_from_wxyz(q)": _loop(lambda: sc.quat_xyzw_from_wxyz(q)),
        "sc.quat_xyzw_from_wxyz(q, check_finite=False)":
            _loop(lambda: sc.quat_xyzw_from_wxyz(q, check_finite=False)),
        "q[[1, 2, 3, 0]] (NumPy fancy indexing)": _loop(lambda: q[idx]),
        "q[..., [1, 2, 3, 0]]": _loop(lambda: q[..., idx]),
        "ctypes call of spconv_quat_xyzw_from_wxyz_n(res, q, 1)": _loop(lambda: direct(ra, qa, 1)),
        "C call inside a C loop (no ctypes)": lambda k: lib.spb_reorder(k, ra, qa, 1),
    }
    return measure(contenders, rounds, target)


# ------------------------------------------------------------------- output

def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def cc_version():
    try:
        out = subprocess.run(_compiler()[0][:1] + ["--version"], capture_output=True, text=True)
        return out.stdout.splitlines()[0]
    except (OSError, IndexError):
        return "compiler version unknown"


def machine_text(cmd_text):
    try:
        with open("/sys/kernel/mm/transparent_hugepage/enabled") as f:
            thp = f.read().strip()
    except OSError:
        thp = "n/a"
    try:
        load = os.getloadavg()
        load = f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    except OSError:
        load = "n/a"
    return "\n".join([
        f"- CPU: {cpu_model()}, {os.cpu_count()} logical CPUs; load average at the end {load}",
        f"- Python {platform.python_version()}, NumPy {np.__version__}, "
        f"spatial_conv {sc.__version__}; transparent huge pages: {thp}",
        f"- C baseline ({cc_version()}) built with: `{cmd_text}`",
    ])


def fmt(t, n):
    """seconds per call -> us/call (n = 1) or ns/body."""
    v = t * 1e6 if n == 1 else t * 1e9 / n
    return f"{v:.3g}" if v < 100 else f"{v:.0f}"


def table(rows, rounds):
    head = ("| operation | dtype | bodies | unit | Python, out= | C _n | **Python out= / C** | "
            "Python (new arrays) | C _n into a fresh np.empty | **Python / C, both new** | "
            "NumPy (fastest variant) | **NumPy / Python** | Python, check_finite=False |\n"
            "|---|---|---:|---|---:|---:|---:|---:|---:|---:|---|---:|---:|")
    lines = [head]
    for op, dtype, n, t, best in rows:
        unit = "us/call" if n == 1 else "ns/body"
        lines.append(
            f"| {op.label} | {np.dtype(dtype).name} | {n:,} | {unit} | {fmt(t['py_out'], n)} | "
            f"{fmt(t['c'], n)} | {t['py_out'] / t['c']:.2f} | {fmt(t['py'], n)} | "
            f"{fmt(t['c_fresh'], n)} | {t['py'] / t['c_fresh']:.2f} | "
            f"{fmt(t['np:' + best], n)} ({best}) | {t['np:' + best] / t['py']:.2f} | "
            f"{fmt(t['py_nocheck'], n)} |")
    return "\n".join(lines)


def variants_table(rows):
    lines = ["| operation | dtype | bodies | NumPy variant | ns/body (us/call for 1) | / Python |",
             "|---|---|---:|---|---:|---:|"]
    for op, dtype, n, t, _ in rows:
        for name in op.numpy:
            v = t["np:" + name]
            lines.append(f"| {op.name} | {np.dtype(dtype).name} | {n:,} | {name} | {fmt(v, n)} | "
                         f"{v / t['py']:.2f} |")
    return "\n".join(lines)


def targets_text(rows):
    out = []
    for op, dtype, n, t, best in rows:
        if n != TARGET_N:
            continue
        pc = t["py_out"] / t["c"]
        pf = t["py"] / t["c_fresh"]
        npp = t["np:" + best] / t["py"]
        need = 1.0 if op.name == "quat_xyzw_from_wxyz" else 3.0
        out.append(f"- {op.name} ({np.dtype(dtype).name}): Python out= / C = {pc:.2f} "
                   f"({'meets' if pc <= 1.25 else 'MISSES'} <= 1.25); Python / C into new arrays "
                   f"= {pf:.2f} ({'meets' if pf <= 1.25 else 'MISSES'} <= 1.25); NumPy / Python = "
                   f"{npp:.2f} ({'meets' if npp >= need else 'MISSES'} >= {need:g})")
    return "\n".join(out)


CALL_SIZES = (1, 64, 4096, 1048576)  # the sizes of the per-call targets


def call_targets_text(rows, over):
    """The targets of the per-call cost as a table: each ratio (one run)
    against its limit, PASS or FAIL (a report only: no test reads it).
    Beside out= / new arrays, the same new-array call timed as a second
    contender, over the first: how far two identical calls' medians lie
    apart in this run."""
    def line(text, ratio, limit, twin=""):
        return f"| {text} | {ratio:.2f} | <= {limit:g} | {'PASS' if ratio <= limit else 'FAIL'} | {twin} |"
    fancy = over["q[[1, 2, 3, 0]] (NumPy fancy indexing)"]
    out = ["| target | ratio | limit | result | the same call twice |", "|---|---:|---:|---|---:|",
           line("one quaternion reorder / NumPy fancy indexing",
                over["sc.quat_xyzw_from_wxyz(q)"] / fancy, 2)]
    for op, dtype, n, t, best in rows:
        tag = f"{op.name} ({np.dtype(dtype).name}, {n:,} bodies)"
        if op.name == "state_convert" and n == 1:
            out.append(line(f"{tag}: Python / NumPy fancy indexing of one quaternion",
                            t["py"] / fancy, 4))
        if op.name != "quat_xyzw_from_wxyz" and n == 4096:
            out.append(line(f"{tag}: Python out= / C _n", t["py_out"] / t["c"], 1.25))
        if n in CALL_SIZES:
            out.append(line(f"{tag}: Python out= / Python (new arrays)", t["py_out"] / t["py"], 1,
                            f"{t['py_twin'] / t['py']:.2f}"))
        if "py_tensor" in t and n in CALL_SIZES:
            out.append(line(f"{tag}: Python on CPU tensors / on NumPy arrays",
                            t["py_tensor"] / t["py"], 1.25))
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="tiny sizes, few rounds (CI: it runs)")
    ap.add_argument("--markdown", metavar="FILE", help="also write the report to FILE")
    ap.add_argument("--rounds", type=int, help="rounds per cell (default 9, quick 3)")
    ap.add_argument("--sample-ms", type=float, help="time per sample (default 10, quick 1)")
    ap.add_argument("--no-float", action="store_true", help="double only")
    ap.add_argument("--sizes", help="comma-separated body counts (default 1,64,4096,131072,1048576)")
    args = ap.parse_args(argv)
    sizes = QUICK_SIZES if args.quick else FULL_SIZES
    if args.sizes:
        sizes = tuple(int(s) for s in args.sizes.split(","))
    rounds = args.rounds or (3 if args.quick else 9)
    target = (args.sample_ms or (1.0 if args.quick else 10.0)) / 1e3
    dtypes = [np.float64] if args.no_float else [np.float64, np.float32]
    t_start = time.perf_counter()

    with tempfile.TemporaryDirectory(prefix="spb_") as tmp:
        libs, cmd_text = build_c(tmp, dtypes)
        rows = []
        for dtype in dtypes:
            for n in sizes:
                d = make_inputs(n, dtype)
                for make in OPS:
                    op = make(libs[dtype], d, n)
                    check(op, dtype)
                    t, best, _ = bench_cell(op, rounds, target)
                    rows.append((op, dtype, n, t, best))
                    print(f"  {op.name:24s} {np.dtype(dtype).name:7s} n={n:>9,}  py {fmt(t['py'], n):>7}  "
                          f"C {fmt(t['c'], n):>7}  NumPy {fmt(t['np:' + best], n):>7}  "
                          f"py/C {t['py'] / t['c']:.2f}  NumPy/py {t['np:' + best] / t['py']:.2f}",
                          file=sys.stderr, flush=True)
                del d
        over = bench_overhead(libs, rounds, target)

    report = [
        "# spatial_conv Python package: speed against C and NumPy",
        "",
        machine_text(cmd_text),
        f"- {rounds} rounds per cell, median; contenders interleaved, each sample after k/2 untimed calls; about "
        f"{target * 1e3:g} ms per sample; whole run {time.perf_counter() - t_start:.0f} s",
        "",
        "Python, out=: the package call writing into preallocated arrays, check_finite=True, "
        "against C _n: the batch form called from a C loop in a linked-mode library on "
        "preallocated outputs (no ctypes cost in the number). Python (new arrays): the package "
        "call that allocates its results, against C _n writing into a fresh np.empty (both pay "
        "the page faults of new memory). NumPy: the fastest of the variants below, "
        "checked against spatial_conv before timing. For 1 body the unit is us per call "
        "(inputs without a batch axis), else ns per body. "
        "qvel map: q is the view qpos[..., 3:7] (stride 7, as in MuJoCo's qpos).",
        "",
        table(rows, rounds),
        "",
    ]
    if any(r[2] == TARGET_N for r in rows):
        report += ["Targets at 1,048,576 bodies: Python / C <= 1.25; NumPy / Python >= 3 (qvel map, "
                   "state conversion), >= 1 (reorder).", "", targets_text(rows), ""]
    report += ["## Targets of the per-call cost", "",
               "Ratios of one run (medians of interleaved samples; a loaded machine moves them). "
               "The last column times the new-array call a second time, as its own contender, "
               "over the first: two identical calls lie that far apart in this run.",
               "", call_targets_text(rows, over), ""]
    report += [
        "## Per-call overhead (one quaternion, double)",
        "",
        "| call | us/call | / NumPy fancy indexing |",
        "|---|---:|---:|",
    ]
    ref = over["q[[1, 2, 3, 0]] (NumPy fancy indexing)"]
    report += [f"| `{k}` | {v * 1e6:.3g} | {v / ref:.2f} |" for k, v in over.items()]
    report += ["", "## Every NumPy variant", "", variants_table(rows), ""]
    text = "\n".join(report)
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
