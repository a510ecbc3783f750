"""CUDA arrays: the element functions as kernels that NVRTC compiles at run
time from the package's spatial_conv.h, launched through the CUDA driver.

Nothing here runs at import. The first CUDA array (anything with
__cuda_array_interface__: PyTorch, CuPy, Warp, JAX) loads the driver
(libcuda.so.1, installed with the NVIDIA driver) and NVRTC (libnvrtc, found
as CuPy and Warp find it: CUDA_PATH / CUDA_HOME, /usr/local/cuda, the
nvidia-cuda-nvrtc wheel, the loader's path); either missing raises Error
then, with what to install. A function's kernel is compiled the first
time it runs on a device architecture, in a precision and variant, and
kept for the process.

One thread converts one element with the same statements as the host loop
(_build.element_body). In the tiled variant (the default) a block first
stages its tile of elements through shared memory, so that global memory
is read and written coalesced; in the direct variant each thread reads its
element where it lies. A failing element is recorded with atomicMin on
(index, status, argument), so the first failing index is reported as on
the host; the launch runs on the stream of the first input array.

Two modes. Synchronous (the default): the call waits for the other arrays'
streams and for its kernel, reads the kernel's report and raises or warns
as the host path does. Asynchronous (inside `with cuda_async():`): the
call orders its launch after the other arrays' streams with events and
returns at once, without a host synchronization or a copy to the host, so
that it can be captured into a CUDA graph; its kernel writes a failure
into the device's failure record, which cuda_check() reads, clears and
raises (the next synchronous call on the device reads it and raises its
failure once, and leaves clearing it to the check). Without a GPU,
the tests run all of this on an emulated device (python/tests/emucuda).
"""
from __future__ import annotations

import contextlib
import copy
from contextlib import AbstractContextManager
import ctypes
import ctypes.util
import glob
import inspect
import os
import re
import threading
from typing import NamedTuple, Tuple

import numpy as np

from . import _api, _build, _errors, _header, _plan, _split
from ._errors import error

NONFINITE = _build.NONFINITE

DEVICE_PRELUDE = r"""
/* helpers a program of one kernel may not all call: NVRTC's warning of an
   unused static function (177) is off for them, as in the header */
#ifdef __CUDACC_RTC__
#  pragma nv_diagnostic push
#  pragma nv_diag_suppress 177
#endif
/* A launch's report: the smallest key (element << 24 | argument << 16 |
   status + 32768) of a failing element, and of a warning; the count of
   warnings, complemented (~count), so that a report starts as all one bits.
   tag 0 (synchronous calls): report is the call's own, set to all one bits
   before the launch and read by the host after it; the first three fields.
   tag > 0 (asynchronous calls): report is the device's failure record,
   shared by every launch until the host reads and clears it. The first
   launch that fails claims fail_owner (its grid id << 20 | tag, where tag
   names the call on the host), and only that launch's threads lower
   fail_key: the record keeps the first failing call and its first failing
   element; warnings alike (warn_owner), and warned_complement counts the
   warned elements of every launch. */
typedef struct spx_dreport {
  unsigned long long fail_key, warn_key, warnings_complement;
  unsigned long long fail_owner, warn_owner, warned_complement;
} spx_dreport;
static __device__ void spx__record(unsigned long long *key, size_t i, int status, int arg) {
  atomicMin(key, ((unsigned long long)i << 24) | ((unsigned long long)(arg & 0xFF) << 16) |
                     (unsigned long long)((status + 32768) & 0xFFFF));
}
/* the launch's grid id: %gridid, the launch number of the context (an
   emulated device defines SPX_GRID_ID itself) */
#ifndef SPX_GRID_ID
static __device__ __forceinline__ unsigned long long spx__grid_id() {
  unsigned long long id;
  asm volatile("mov.u64 %0, %%gridid;" : "=l"(id));
  return id;
}
#  define SPX_GRID_ID() spx__grid_id()
#endif
/* 1 when this launch (of tag) owns the record's *owner, claiming it when free */
static __device__ int spx__owns(unsigned long long *owner, unsigned long long tag) {
  const unsigned long long me = SPX_GRID_ID() << 20 | tag, old = atomicCAS(owner, ~0ull, me);
  return old == ~0ull || old == me;
}
static __device__ void spx__fail(spx_dreport *report, unsigned long long tag, size_t i, int status, int arg) {
  if (!tag || spx__owns(&report->fail_owner, tag)) spx__record(&report->fail_key, i, status, arg);
}
static __device__ void spx__warn(spx_dreport *report, unsigned long long tag, size_t i, int status) {
  if (tag) atomicAdd(&report->warned_complement, ~0ull);
  if (!tag || spx__owns(&report->warn_owner, tag)) {
    spx__record(&report->warn_key, i, status, 0);
    atomicAdd(&report->warnings_complement, ~0ull);
  }
}
/* 1 when the k reals at x are all finite */
static __device__ int spx__finite(const spconv_real *x, int k) {
  int j;
  for (j = 0; j < k; ++j)
    if (!(x[j] - x[j] == 0)) return 0;
  return 1;
}
static __device__ void spx__copy(spconv_real *dst, const spconv_real *src, int k) {
  int j;
  for (j = 0; j < k; ++j) dst[j] = src[j];
}
/* The tiled kernels' copies of a tile of m elements of K reals: at g in
   global memory (element e at g + e s), at tile in shared memory (element e
   at tile + e P; P odd, so that the threads of a warp, each on its own
   element, fall in distinct banks). Consecutive threads take consecutive
   reals of the tile (coalesced), each at most K of them: loaded together,
   then stored. A store writes only the elements whose done flag is set. */
template <unsigned K, unsigned P>
static __device__ __forceinline__ void spx__load(spconv_real *tile, const spconv_real *g, ptrdiff_t s,
                                                 unsigned m) {
  spconv_real r[K];
  unsigned u;
#pragma unroll
  for (u = 0; u < K; ++u) {
    const unsigned j = threadIdx.x + u * blockDim.x;
    r[u] = j < m * K ? g[(ptrdiff_t)(j / K) * s + j % K] : 0;
  }
#pragma unroll
  for (u = 0; u < K; ++u) {
    const unsigned j = threadIdx.x + u * blockDim.x;
    if (j < m * K) tile[j / K * P + j % K] = r[u];
  }
}
template <unsigned K, unsigned P>
static __device__ __forceinline__ void spx__store(spconv_real *g, ptrdiff_t s, const spconv_real *tile,
                                                  const spconv_real *done, unsigned m) {
  unsigned u;
#pragma unroll
  for (u = 0; u < K; ++u) {
    const unsigned j = threadIdx.x + u * blockDim.x;
    if (j < m * K && done[j / K] != 0) g[(ptrdiff_t)(j / K) * s + j % K] = tile[j / K * P + j % K];
  }
}
#ifdef __CUDACC_RTC__
#  pragma nv_diagnostic pop
#endif
"""


ARRAY_INPUTS = (_plan.IN, _plan.SCALAR, _plan.BODY_IN)


def cuda_plans():
    """The element functions that run on CUDA arrays: those with an array
    input, but for the one with a string argument (quat_wxyz_from_mujoco_euler:
    its Euler sequence is host memory). Those without one (the axis and
    asset tables: constants in, constants out) never see a CUDA array."""
    return {name: plan for name, plan in _plan.element_plans(_api.HEADER).items()
            if any(a.role in ARRAY_INPUTS for a in plan.args)
            and not any(a.role == _plan.STRING for a in plan.args)}


def split_plans():
    """key -> the split form of each of cuda_plans() that has one: the
    kernels call launches for poses and 6-vectors given as pairs."""
    return {q.key: q for q in map(_plan.split_plan, cuda_plans().values()) if q is not None}


def _kernel_params(plan):
    """The kernel's parameters: the host loop's, with conventions by value."""
    params = []
    for p in _build._loop_params(plan):
        if p.startswith("const spconv_") and "convention *" in p:
            ctype, name = p[len("const "):].split(" *")
            params.append(f"{ctype} {name}_v")
        elif p.startswith("spx_report *"):
            params += ["spx_dreport *report", "unsigned long long spx_tag"]
        else:
            params.append(p)
    return params


def _kernel_head(plan, name):
    head = [f'extern "C" __global__ void {name}({", ".join(_kernel_params(plan))}) {{',
            "  const int call = 1;"]
    for a in plan.args:
        if a.role == _plan.STRUCT:
            head.append(f"  const {a.ctype} *{a.name} = &{a.name}_v;")
    return head


def _element_body(plan, element=_build.array_element):
    return _build.element_body(
        plan,
        on_nonfinite=f"spx__fail(report, spx_tag, i, {NONFINITE}, {{k}}); continue;",
        on_error="spx__fail(report, spx_tag, i, status, 0); continue;",
        on_warning="spx__warn(report, spx_tag, i, status);",
        element=element)


def _direct_source(plan):
    """spx_<name>: one thread per element, in a grid-stride loop, reading
    and writing each element's reals in place through its strides."""
    loop = ["  size_t i;",
            "  for (i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;",
            "       i += (size_t)gridDim.x * blockDim.x) {"]
    return "\n".join(_kernel_head(plan, f"spx_{plan.key}") + loop +
                     ["    " + line for line in _element_body(plan)] + ["  }", "}"])


def tile_arrays(plan):
    """The array arguments of plan's kernel as (name, reals per element,
    is output), in argument order: what a tiled kernel stages."""
    arrays = []
    for a in plan.args:
        if a.role in (_plan.IN, _plan.SCALAR, _plan.OUT):
            arrays.append((a.name, a.size or 1, a.role == _plan.OUT))
        elif a.role in (_plan.BODY_IN, _plan.BODY_OUT, _plan.SPLIT_IN, _plan.SPLIT_OUT):
            arrays += [(f"{a.name}_{f}", size, a.role in (_plan.BODY_OUT, _plan.SPLIT_OUT))
                       for f, size in _plan.fields(a)]
    if plan.returns_real:
        arrays.append(("ret", 1, True))
    return arrays


def tile_stride(size):
    """Shared reals between two elements of an array of size reals in a
    tile: odd (bank-conflict free for threads on consecutive elements)."""
    return size | 1


def tile_reals(plan):
    """Shared reals per element of plan's tiled kernel: its arrays' and a
    flag (the element was converted)."""
    return sum(tile_stride(size) for _, size, _ in tile_arrays(plan)) + 1


def _tile_copy(name, size, output, nullable=False):
    """The statement that copies the tile's spx_m elements of array name
    between global memory and shared memory (spx__load, spx__store); of a
    nullable input only when it is not NULL."""
    k = f"{size}, {tile_stride(size)}"
    at = f"{'' if output else 'const '}spconv_real *){name}_p + (ptrdiff_t)spx_base * {name}_s"
    if output:
        return f"spx__store<{k}>(({at}, {name}_s, spx_t_{name}, spx_t_done, spx_m);"
    copy = f"spx__load<{k}>(spx_t_{name}, ({at}, {name}_s, spx_m);"
    return f"if ({name}_p) {copy}" if nullable else copy


def _tiled_source(plan):
    """spx_<name>__tiled: a block converts a tile of blockDim.x elements at
    a time: its threads read the inputs' reals into shared memory with
    consecutive threads on consecutive addresses, each thread converts its
    element there, and the block writes the outputs back the same way:
    those of the elements converted (a failing element's outputs are left
    as they were, as the direct kernel leaves them). The launch gives
    blockDim.x * tile_reals(plan) reals of shared memory."""
    arrays, offset, lines = tile_arrays(plan), 0, []
    head = _kernel_head(plan, f"spx_{plan.key}__tiled")
    head.insert(1, "  extern __shared__ spconv_real spx_tile[];")
    head.append("  const unsigned spx_t = threadIdx.x, spx_T = blockDim.x;")
    for name, size, _ in arrays:
        head.append(f"  spconv_real *spx_t_{name} = spx_tile + {offset}u * spx_T;")
        offset += tile_stride(size)
    head.append(f"  spconv_real *spx_t_done = spx_tile + {offset}u * spx_T;")
    body = _element_body(plan, lambda name, size, const: f"spx_t_{name} + spx_t * {tile_stride(size)}u")
    if any("i" in line.replace("(", " ").replace(",", " ").split() for line in body):
        body.insert(0, "const size_t i = spx_base + spx_t;")
    lines += ["  size_t spx_base;",
              "  for (spx_base = blockIdx.x * (size_t)spx_T; spx_base < n; spx_base += (size_t)gridDim.x * spx_T) {",
              "    const unsigned spx_m = n - spx_base < spx_T ? (unsigned)(n - spx_base) : spx_T;"]
    nullable = {a.name for a in plan.args if a.nullable}
    lines += ["    " + _tile_copy(name, size, False, name in nullable) for name, size, out in arrays if not out]
    lines += ["    __syncthreads();", "    if (spx_t < spx_m) do {  /* continue: the element failed */",
              "      spx_t_done[spx_t] = 0;"]
    lines += ["      " + line for line in body]
    lines += ["      spx_t_done[spx_t] = 1;", "    } while (0);", "    __syncthreads();"]
    lines += ["    " + _tile_copy(name, size, True) for name, size, out in arrays if out]
    lines += ["    __syncthreads();", "  }", "}"]
    return "\n".join(head + lines)


VARIANTS = {"tiled": _tiled_source, "direct": _direct_source}


def kernel_source(precision, variant="tiled", names=None):
    """The CUDA C++ source NVRTC compiles for precision 64 or 32: the
    header itself and the variant's kernel of each element function in
    names (all by default)."""
    with open(_header.HEADER, encoding="utf-8") as f:
        header = f.read()
    define = "#define SPCONV_USE_FLOAT\n" if precision == 32 else ""
    plans = cuda_plans() if names is None else {**cuda_plans(), **split_plans()}
    return "\n".join([define + header, DEVICE_PRELUDE,
                      *(VARIANTS[variant](plans[n]) for n in (plans if names is None else names))])


# ------------------------------------------------------------------ libraries
def _candidates_nvrtc():
    """Where NVRTC may be, in order: CUDA_PATH / CUDA_HOME, /usr/local/cuda,
    the NVIDIA wheels (nvidia/cu13/lib for CUDA 13, nvidia/cuda_nvrtc/lib
    before), then the loader's own search."""
    import site
    names = ["libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2"]
    dirs = [os.path.join(os.environ[v], "lib64") for v in ("CUDA_PATH", "CUDA_HOME")
            if os.environ.get(v)] + ["/usr/local/cuda/lib64"]
    roots = list(getattr(site, "getsitepackages", list)()) + [site.getusersitepackages()]
    for root in roots:
        for wheel in ("cu13", "cuda_nvrtc"):
            dirs += glob.glob(os.path.join(root, "nvidia", wheel, "lib"))
    paths = [os.path.join(d, n) for d in dirs for n in names if os.path.exists(os.path.join(d, n))]
    found = ctypes.util.find_library("nvrtc")
    return list(dict.fromkeys(paths + names + ([found] if found else [])))


def _load(candidates, what, hint):
    """The first of candidates that loads; Error saying what to install if none."""
    for path in candidates:
        try:
            return ctypes.CDLL(path)
        except OSError:
            continue
    raise error("spatial_conv", None, f"CUDA arrays need {what}, which was not found ({hint}; "
                     f"tried {', '.join(candidates[:4])}, ...)")


class _Nvrtc:
    """NVRTC, loaded with ctypes: lib, or the first one found whose CUDA
    major version is at most max_major (the driver's: a newer NVRTC's code
    does not load on an older driver)."""

    def __init__(self, max_major=None, lib=None):
        if lib is None:
            found = _Nvrtc.all(max_major)
            if not found:
                raise error("spatial_conv", None, "CUDA arrays need NVRTC (libnvrtc), which was not found"
                                 + (f" for CUDA {max_major} or older" if max_major else "") +
                                 " (install the CUDA toolkit or the nvidia-cuda-nvrtc package of your "
                                 f"driver's CUDA version, or set CUDA_PATH; tried "
                                 f"{', '.join(_candidates_nvrtc()[:4])}, ...)")
            lib = found[0].lib
        self.lib = lib
        self.version = _nvrtc_version(lib)

    @staticmethod
    def all(max_major=None):
        """Every NVRTC found, in the order of _candidates_nvrtc(), one per
        version, but those newer than max_major; each with its builtins
        library loaded first (it opens that by name)."""
        found = {}
        for path in _candidates_nvrtc():
            try:
                lib = ctypes.CDLL(path)
                version = _nvrtc_version(lib)
            except (OSError, AttributeError, _errors.Error):
                continue
            if version in found or max_major is not None and version[0] > max_major:
                continue
            builtins = os.path.join(os.path.dirname(path), f"libnvrtc-builtins.so.{version[0]}.{version[1]}")
            if os.path.dirname(path) and os.path.exists(builtins):
                ctypes.CDLL(builtins, mode=ctypes.RTLD_GLOBAL)
            found[version] = _Nvrtc(lib=lib)
        return list(found.values())

    def supported_archs(self):
        """The compute capabilities this NVRTC compiles for, as 10 major + minor."""
        n = ctypes.c_int()
        _nvrtc_check(self.lib, self.lib.nvrtcGetNumSupportedArchs(ctypes.byref(n)))
        archs = (ctypes.c_int * n.value)()
        _nvrtc_check(self.lib, self.lib.nvrtcGetSupportedArchs(archs))
        return list(archs)

    def compile(self, source, options):
        """(rc, log, image): PTX or, for an sm_ architecture, a cubin."""
        lib, prog = self.lib, ctypes.c_void_p()
        _nvrtc_check(lib, lib.nvrtcCreateProgram(ctypes.byref(prog), source.encode(), b"spatial_conv.cu",
                                                 0, None, None))
        try:
            opts = (ctypes.c_char_p * len(options))(*[o.encode() for o in options])
            rc = lib.nvrtcCompileProgram(prog, len(options), opts)
            size = ctypes.c_size_t()
            lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
            log = ctypes.create_string_buffer(size.value)
            lib.nvrtcGetProgramLog(prog, log)
            if rc != 0:
                return rc, log.value.decode(errors="replace"), None
            cubin = any(o.startswith("--gpu-architecture=sm_") for o in options)
            get_size, get = ((lib.nvrtcGetCUBINSize, lib.nvrtcGetCUBIN) if cubin
                             else (lib.nvrtcGetPTXSize, lib.nvrtcGetPTX))
            _nvrtc_check(lib, get_size(prog, ctypes.byref(size)))
            image = ctypes.create_string_buffer(size.value)
            _nvrtc_check(lib, get(prog, image))
            return 0, log.value.decode(errors="replace"), image.raw
        finally:
            lib.nvrtcDestroyProgram(ctypes.byref(prog))


def _nvrtc_version(lib):
    major, minor = ctypes.c_int(), ctypes.c_int()
    _nvrtc_check(lib, lib.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor)))
    return major.value, minor.value

def _nvrtc_check(lib, rc):
    if rc != 0:
        lib.nvrtcGetErrorString.restype = ctypes.c_char_p
        raise error("spatial_conv", None, f"NVRTC: {lib.nvrtcGetErrorString(rc).decode()}")


def target_arch(capability, supported):
    """The --gpu-architecture for a device of capability (10 major + minor)
    from the NVRTC's supported capabilities: its own cubin (sm_XY); else a
    cubin of the same major and a lower minor, which the device runs; else
    PTX of the newest capability below it, which the driver compiles; None
    when NVRTC supports nothing the device runs (it is too old for it)."""
    if capability in supported:
        return f"sm_{capability}"
    same_major = [a for a in supported if a // 10 == capability // 10 and a < capability]
    if same_major:
        return f"sm_{max(same_major)}"
    below = [a for a in supported if a < capability]
    return f"compute_{max(below)}" if below else None


def compile_kernels(precision, arch, nvrtc=None, variant="tiled", names=None, strict=False):
    """The image (cubin for "sm_XY", PTX for "compute_XY") of the kernels
    of names (all by default) for precision 64 or 32; Error with NVRTC's
    log if it does not compile. strict (the tests): a warning in the source
    fails too (the header is warning-free with the NVRTC tested; another
    NVRTC's new diagnostic must not stop users); NVRTC's own notes, such as
    an architecture's deprecation, never do.
    --fmad=false: each product and sum is rounded on its own, as the host
    computes it, so the device's results differ from the host's only where
    CUDA's sin, cos, atan2 and the like differ from the C library's."""
    nvrtc = nvrtc or _Nvrtc()
    rc, log, image = nvrtc.compile(kernel_source(precision, variant, names),
                                   ["--std=c++17", f"--gpu-architecture={arch}", "--fmad=false"])
    if rc != 0 or strict and re.search(r"\.cu\(\d+\): warning", log):  # the source's, not NVRTC's notes
        raise error("spatial_conv", None, f"NVRTC could not compile the kernels ({arch}, "
                         f"float{precision}):\n{log}")
    return image


class _Driver:
    """The few CUDA driver calls a launch needs (ctypes, libcuda.so.1)."""

    def __init__(self, path=None):
        self.lib = _load([path] if path else ["libcuda.so.1", "libcuda.so", "nvcuda.dll"],
                         "the CUDA driver (libcuda.so.1)", "install the NVIDIA driver; CUDA arrays need a GPU")
        c = ctypes
        P = c.POINTER
        for name, args in {  # every call with its C types: sizes are 64 bits, handles pointers
            "cuInit": [c.c_uint],
            "cuDriverGetVersion": [P(c.c_int)],
            "cuGetErrorString": [c.c_int, P(c.c_char_p)],
            "cuPointerGetAttribute": [c.c_void_p, c.c_int, c.c_uint64],
            "cuDeviceGetAttribute": [P(c.c_int), c.c_int, c.c_int],
            "cuDevicePrimaryCtxRetain": [P(c.c_void_p), c.c_int],
            "cuCtxPushCurrent_v2": [c.c_void_p],
            "cuCtxGetCurrent": [P(c.c_void_p)],
            "cuCtxGetDevice": [P(c.c_int)],
            "cuCtxPopCurrent_v2": [P(c.c_void_p)],
            "cuModuleLoadData": [P(c.c_void_p), c.c_char_p],
            "cuModuleGetFunction": [P(c.c_void_p), c.c_void_p, c.c_char_p],
            "cuMemAlloc_v2": [P(c.c_uint64), c.c_size_t],
            "cuMemsetD8Async": [c.c_uint64, c.c_ubyte, c.c_size_t, c.c_void_p],
            "cuMemcpyDtoHAsync_v2": [c.c_void_p, c.c_uint64, c.c_size_t, c.c_void_p],
            "cuLaunchKernel": [c.c_void_p, c.c_uint, c.c_uint, c.c_uint, c.c_uint, c.c_uint, c.c_uint,
                               c.c_uint, c.c_void_p, P(c.c_void_p), P(c.c_void_p)],
            "cuStreamSynchronize": [c.c_void_p],
            "cuStreamIsCapturing": [c.c_void_p, P(c.c_int)],
            # the asynchronous mode: events order streams; the check reads the record
            "cuEventCreate": [P(c.c_void_p), c.c_uint],
            "cuEventRecord": [c.c_void_p, c.c_void_p],
            "cuStreamWaitEvent": [c.c_void_p, c.c_void_p, c.c_uint],
            "cuCtxSynchronize": [],
            "cuMemcpyDtoH_v2": [c.c_void_p, c.c_uint64, c.c_size_t],
            "cuMemsetD8_v2": [c.c_uint64, c.c_ubyte, c.c_size_t],
        }.items():
            getattr(self.lib, name).argtypes = args
            getattr(self.lib, name).restype = c.c_int
        self.check(self.lib.cuInit(0), "cuInit")
        self.contexts, self.lock = {}, threading.Lock()

    def check(self, rc, what):
        if rc != 0:
            text = ctypes.c_char_p()
            self.lib.cuGetErrorString(rc, ctypes.byref(text))
            raise error("spatial_conv", None, f"{what}: CUDA error {rc} "
                             f"({(text.value or b'').decode()})")

    def device_of(self, pointer, hint=None):
        """The ordinal of the device that holds pointer. The query needs a
        context: the primary one of hint (the device the array names), else
        of the thread's current device, else of device 0."""
        dev = ctypes.c_int()
        CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9
        with self.current(self.current_device() if hint is None else hint):
            self.check(self.lib.cuPointerGetAttribute(ctypes.byref(dev), CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                                      pointer), "cuPointerGetAttribute")
        return dev.value

    def cuda_major(self):
        """The newest CUDA major version the driver runs (12 for 12.4)."""
        version = ctypes.c_int()
        self.check(self.lib.cuDriverGetVersion(ctypes.byref(version)), "cuDriverGetVersion")
        return version.value // 1000

    def capability(self, device):
        """device's compute capability as 10 major + minor (90: 9.0)."""
        major, minor = ctypes.c_int(), ctypes.c_int()
        self.check(self.lib.cuDeviceGetAttribute(ctypes.byref(major), 75, device), "compute capability")
        self.check(self.lib.cuDeviceGetAttribute(ctypes.byref(minor), 76, device), "compute capability")
        return 10 * major.value + minor.value

    def context(self, device):
        """device's primary context (the one PyTorch and CuPy use), retained
        once for the process."""
        with self.lock:
            if device not in self.contexts:
                ctx = ctypes.c_void_p()
                self.check(self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), device),
                           "cuDevicePrimaryCtxRetain")
                self.contexts[device] = ctx
            return self.contexts[device]

    def capturing(self, stream):
        """Whether stream is being captured into a CUDA graph."""
        status = ctypes.c_int()
        self.check(self.lib.cuStreamIsCapturing(stream, ctypes.byref(status)), "cuStreamIsCapturing")
        return status.value != 0  # CU_STREAM_CAPTURE_STATUS_NONE is 0

    def current_device(self):
        """The device of this thread's current context, or 0 without one."""
        ctx, dev = ctypes.c_void_p(), ctypes.c_int()
        self.check(self.lib.cuCtxGetCurrent(ctypes.byref(ctx)), "cuCtxGetCurrent")
        if not ctx.value:
            return 0
        self.check(self.lib.cuCtxGetDevice(ctypes.byref(dev)), "cuCtxGetDevice")
        return dev.value

    @contextlib.contextmanager
    def current(self, device):
        """device's primary context current on this thread inside the block."""
        self.check(self.lib.cuCtxPushCurrent_v2(self.context(device)), "cuCtxPushCurrent")
        try:
            yield
        finally:
            self.lib.cuCtxPopCurrent_v2(ctypes.byref(ctypes.c_void_p()))


class _Runtime:
    """Driver, NVRTC and the compiled modules of this process."""

    def __init__(self, driver=None, nvrtc=None):
        self.driver = driver or _Driver()
        self.nvrtcs = [nvrtc] if isinstance(nvrtc, _Nvrtc) or hasattr(nvrtc, "compile") else nvrtc
        self.images = {}  # (arch, precision, variant, function) -> compiled image
        self.modules = {}  # (device, precision, variant, function) -> module
        self.lock = threading.Lock()  # the images and modules
        self.reports, self.reports_lock = {}, threading.Lock()  # device -> its free report buffers
        self.records = {}  # device -> its failure record (asynchronous calls), made on the first
        self.records_lock = threading.Lock()  # the records, the calls, the events
        self.calls, self.call_tags = [None], {}  # tag -> (Reported, batch); and back
        self.raised = {}  # device -> the fail_owner of its record a synchronous call raised
        self.checks = {}  # device -> how many checks cleared its record
        self.events = {}  # device -> its free events

    @contextlib.contextmanager
    def report_buffer(self, device):
        """A 24-byte device buffer for one launch's report, taken from the
        device's free ones (a buffer is never freed: cuMemFree would wait
        for the whole device; there are as many as launches at once)."""
        with self.reports_lock:
            free = self.reports.setdefault(device, [])
            ptr = free.pop() if free else None
        if ptr is None:
            ptr = ctypes.c_uint64()
            self.driver.check(self.driver.lib.cuMemAlloc_v2(ctypes.byref(ptr), 24), "cuMemAlloc")
        yield ptr
        with self.reports_lock:  # only after a launch whose stream was synchronized: on an
            self.reports[device].append(ptr)  # error, work on it may still be queued

    def record(self, device):
        """device's failure record (RECORD_BYTES, all one bits: empty),
        made the first time; call with device's context current, outside
        stream capture (it allocates, and waits once for its memset)."""
        with self.records_lock:
            if device not in self.records:
                ptr, drv = ctypes.c_uint64(), self.driver
                drv.check(drv.lib.cuMemAlloc_v2(ctypes.byref(ptr), RECORD_BYTES), "cuMemAlloc")
                drv.check(drv.lib.cuMemsetD8_v2(ptr, 0xFF, RECORD_BYTES), "cuMemsetD8")
                drv.check(drv.lib.cuCtxSynchronize(), "cuCtxSynchronize")
                self.records[device] = ptr
            return self.records[device]

    def tag(self, reported, batch):
        """The number (1 to 2^20 - 1) that names a call over batch in the
        failure record; reported (a Reported) is what its report reads."""
        key = (reported, tuple(batch))
        with self.records_lock:
            if key not in self.call_tags:
                if len(self.calls) >= 1 << 20:
                    raise error(reported.name, None, "has been called asynchronously with more than a million "
                                "batch shapes: the failure record cannot name more calls")
                self.call_tags[key] = len(self.calls)
                self.calls.append((reported, tuple(batch)))
            return self.call_tags[key]

    @contextlib.contextmanager
    def event(self, device):
        """An event of device (no timing) taken from its free ones; call
        with device's context current."""
        with self.records_lock:
            free = self.events.setdefault(device, [])
            ev = free.pop() if free else None
        if ev is None:
            ev = ctypes.c_void_p()
            CU_EVENT_DISABLE_TIMING = 2
            self.driver.check(self.driver.lib.cuEventCreate(ctypes.byref(ev), CU_EVENT_DISABLE_TIMING),
                              "cuEventCreate")
        yield ev
        with self.records_lock:  # a wait uses the record made before it: the event is free again
            self.events[device].append(ev)

    def check(self, devices):
        """Waits for each of devices (those with a failure record, in order),
        reads its record, clears it and raises or warns what it holds (not
        a failure a synchronous call raised already); a device after one
        that raises is read by the next check."""
        drv = self.driver
        for device in devices:
            with self.records_lock:
                ptr = self.records.get(device)
                if ptr is None:
                    continue
                host = (ctypes.c_uint64 * RECORD_FIELDS)()
                with drv.current(device):
                    drv.check(drv.lib.cuCtxSynchronize(), "cuCtxSynchronize")
                    drv.check(drv.lib.cuMemcpyDtoH_v2(host, ptr.value, RECORD_BYTES), "cuMemcpyDtoH")
                    if any(v != EMPTY for v in host):
                        drv.check(drv.lib.cuMemsetD8_v2(ptr.value, 0xFF, RECORD_BYTES), "cuMemsetD8")
                        drv.check(drv.lib.cuCtxSynchronize(), "cuCtxSynchronize")
                raised = self.raised.pop(device, None)
                self.checks[device] = self.checks.get(device, 0) + 1
            self.report_record(tuple(host), stacklevel=4, raised=raised)

    def checks_of(self, device):
        """How many checks cleared device's record so far (read before a
        synchronous call copies the record: see raise_recorded)."""
        with self.records_lock:
            return self.checks.get(device, 0)

    def raise_recorded(self, device, record, checks):
        """Raises the failure of record, device's record as a synchronous
        call copied it after checks (checks_of) clears, unless a check has
        cleared the record since (that check read it: it raises it, or a
        later one does) or a synchronous call raised it already. The record
        is not cleared here: an asynchronous call running on another stream
        may be writing it (only a check, which waits for the device,
        clears it). Its warnings wait for the check."""
        fail_key, fail_owner = record[0], record[3]
        with self.records_lock:
            if fail_owner == EMPTY or self.checks.get(device, 0) != checks or \
                    self.raised.get(device) == fail_owner:
                return
            self.raised[device] = fail_owner
        impl, batch = self.calls[fail_owner & TAG_MASK]
        _raise_or_warn(impl, (fail_key, EMPTY, EMPTY), batch)

    def report_record(self, record, stacklevel, raised=None):
        """Raises the first failure of a failure record (unless its owner is
        raised: a synchronous call raised it), then warns its first warning
        call's warning (with the count of later warned elements), each with
        the message the synchronous call would have given. The warning is
        warned even when the failure is raised; a warning turned into an
        exception (warnings filter "error") does not replace the failure."""
        fail_key, warn_key, warnings, fail_owner, warn_owner, warned = record
        try:
            if fail_owner not in (EMPTY, raised):
                impl, batch = self.calls[fail_owner & TAG_MASK]
                _raise_or_warn(impl, (fail_key, EMPTY, EMPTY), batch)
        finally:
            if warn_owner != EMPTY:
                impl, batch = self.calls[warn_owner & TAG_MASK]
                later = (~warned & EMPTY) - (~warnings & EMPTY)  # every launch's, less the first call's
                try:
                    _raise_or_warn(impl, (EMPTY, warn_key, warnings), batch, stacklevel=stacklevel + 1,
                                   later=f" (and {later} warned element(s) of later asynchronous calls)"
                                   if later else "")
                except Warning:
                    if fail_owner in (EMPTY, raised):
                        raise

    def nvrtc_for(self, capability):
        """(NVRTC, --gpu-architecture) for a device of capability: the
        first NVRTC found (not newer than the driver) that compiles for it
        or for an architecture it runs (CUDA 13's starts at 7.5: an older
        GPU takes an older NVRTC, where one is installed)."""
        if self.nvrtcs is None:
            self.nvrtcs = _Nvrtc.all(self.driver.cuda_major())
        for nvrtc in self.nvrtcs:
            arch = target_arch(capability, nvrtc.supported_archs())
            if arch is not None:
                return nvrtc, arch
        have = ", ".join(".".join(map(str, n.version)) for n in self.nvrtcs) or "none"
        raise error("spatial_conv", None, f"no NVRTC found compiles for this GPU (compute capability "
                         f"{capability // 10}.{capability % 10}; NVRTC found: {have}, not newer than the "
                         "driver): install the CUDA toolkit or the nvidia-cuda-nvrtc package of a CUDA "
                         "version that supports it, or set CUDA_PATH to one")

    def function(self, device, precision, variant, function, kernel):
        """The kernel of an element function: NVRTC compiles the variant's
        kernel of that function alone (0.1 to 0.3 s) the first time it runs
        on a device architecture in the precision, and it is loaded once
        per device; call with device's context current."""
        with self.lock:
            key = (device, precision, variant, function)
            if key not in self.modules:
                nvrtc, arch = self.nvrtc_for(self.driver.capability(device))
                built = (arch, precision, variant, function)
                if built not in self.images:  # devices alike share it
                    self.images[built] = compile_kernels(precision, arch, nvrtc, variant, [function])
                module = ctypes.c_void_p()
                self.driver.check(self.driver.lib.cuModuleLoadData(ctypes.byref(module), self.images[built]),
                                  "cuModuleLoadData")
                self.modules[key] = module
            module = self.modules[key]
        fn = ctypes.c_void_p()
        self.driver.check(self.driver.lib.cuModuleGetFunction(ctypes.byref(fn), module, kernel.encode()),
                          "cuModuleGetFunction")
        return fn


_RUNTIME = None
_RUNTIME_LOCK = threading.Lock()


def runtime():
    """The process's CUDA runtime, made on the first CUDA array."""
    global _RUNTIME
    with _RUNTIME_LOCK:
        if _RUNTIME is None:
            _RUNTIME = _Runtime()
        return _RUNTIME


# ------------------------------------------------------------------ arrays
class DeviceArray:
    """A CUDA array's __cuda_array_interface__, read: its address, dtype,
    shape, strides in elements, device and stream."""

    def __init__(self, obj, function, argument):
        cai = obj.__cuda_array_interface__
        self.obj, self.shape = obj, tuple(cai["shape"])
        self.dtype = np.dtype(cai["typestr"])
        self.pointer = int(cai["data"][0])
        self.readonly = bool(cai["data"][1])
        item = self.dtype.itemsize
        strides = cai.get("strides")
        if strides is None:  # C-contiguous
            strides, step = [], item
            for n in reversed(self.shape):
                strides.insert(0, step)
                step *= n
        if any(s % item for s in strides):
            raise error(function, argument, "has strides that are not whole elements")
        self.strides = tuple(s // item for s in strides)
        self.stream = cai.get("stream")
        if self.dtype not in (_api.F64, _api.F32):
            raise error(function, argument, f"is a CUDA array of {self.dtype}; "
                             "CUDA arrays must be float64 or float32")
        if self.pointer % item:
            raise error(function, argument, f"is not aligned to its {self.dtype} elements")

    def device_hint(self):
        """The CUDA device ordinal the array object names (a PyTorch tensor's
        device.index, CuPy's device.id, Warp's device.ordinal), or None."""
        attr = "index" if _api.is_torch(self.obj) else \
            {"cupy": "id", "warp": "ordinal"}.get(type(self.obj).__module__.split(".")[0])
        value = getattr(getattr(self.obj, "device", None), attr, None) if attr else None
        return value if isinstance(value, int) else None

    def stream_handle(self):
        """The stream the array's producer orders its work on, as a CUstream
        handle, or None (no ordering needed): the interface's stream
        (version 3; 1 is the legacy default stream, 2 the per-thread one);
        a PyTorch tensor, whose interface (version 2) has none, is ordered
        on its device's current PyTorch stream."""
        if self.stream is not None:
            return int(self.stream)
        if _api.is_torch(self.obj):
            import torch
            return torch.cuda.current_stream(self.obj.device).cuda_stream
        return None

    def part(self, start, stop):
        """The view of reals start to stop of each element (the last axis),
        at its own address: a part of a packed pose or 6-vector."""
        view = copy.copy(self)
        view.pointer += start * self.dtype.itemsize
        view.shape = self.shape[:-1] + (stop - start,)
        return view

    def extent(self, stride, size, count):
        """[first, last) byte addresses of count elements of size reals,
        stride reals apart."""
        last = (count - 1) * stride
        item = self.dtype.itemsize
        return self.pointer + min(0, last) * item, self.pointer + (max(0, last) + size) * item


def is_cuda(x):
    try:
        return hasattr(x, "__cuda_array_interface__")
    except RuntimeError as e:  # PyTorch: a tensor that requires grad
        raise error("spatial_conv", None, f"a CUDA array it cannot read: {e}") from None


def empty_like_kind(template, shape, dtype):
    """A new CUDA array of the same kind and device as template (PyTorch,
    CuPy), or None for kinds that cannot be made here (give out= then)."""
    module = type(template).__module__
    if _api.is_torch(template):
        import torch
        return torch.empty(shape, dtype=getattr(torch, np.dtype(dtype).name), device=template.device)
    if module.startswith("cupy"):
        import cupy
        with cupy.cuda.Device(template.device.id):
            return cupy.empty(shape, dtype)
    return None


def _batch_stride(arr, batch_ndim):
    """The one stride (in elements) that walks arr's batch dimensions in
    order, or None when they do not collapse into one."""
    shape, strides = arr.shape[:batch_ndim], arr.strides[:batch_ndim]
    dims = [(n, s) for n, s in zip(shape, strides) if n != 1]
    if not dims:
        return 0
    for (n0, s0), (n1, s1) in zip(dims, dims[1:]):
        if s0 != s1 * n1:
            return None
    return dims[-1][1]


def _layout(arr, size, batch, function, argument):
    """(stride between elements) of a CUDA input: each element's reals
    contiguous; its batch dimensions the call's, or none (stride 0)."""
    inner = _api._inner_ndim(arr, size)
    own = arr.shape[:len(arr.shape) - inner]
    if inner and arr.strides[-1] != 1 or inner == 2 and arr.strides[-2] != arr.shape[-1]:
        raise error(function, argument, "needs each element's reals contiguous on the GPU")
    if int(np.prod(own, dtype=np.int64)) == 1:
        return 0
    stride = _batch_stride(arr, len(own)) if own == tuple(batch) else None
    if stride is None:
        raise error(function, argument, f"has batch shape {own} and strides {arr.strides}; on "
                         f"the GPU an input is one element or {tuple(batch)} in one stride")
    return stride


class Reported(NamedTuple):
    """What a kernel's report is read against: the function's name and the
    names of the inputs its finiteness checks test, in the kernel's order
    (a report's argument index), as the caller wrote them."""
    name: str
    checks: Tuple[str, ...]


class Results(NamedTuple):
    """Where a call's results go: fname's results over batch (count
    elements) of dtype, new ones of the kind and device of template."""
    fname: str
    batch: Tuple[int, ...]
    count: int
    dtype: np.dtype
    template: object


def call(impl, values, check_finite, out):
    """impl (an _api.ElementFunction) on CUDA arrays: the same rule as on
    the host, one kernel launch on the stream of the first input. A pose or
    6-vector given as a pair of arrays, as an input or as out=, runs the
    function's split kernel, as on the host (_split.py)."""
    fname = impl.name
    if impl.plan.function.name not in cuda_plans():
        raise error(fname, None, "takes host arrays only (its string argument is host memory)")
    split = impl.split_plan is not None and _split.wanted(impl.split_plan, values, out)
    plan = impl.split_plan if split else impl.plan
    reported = Reported(fname, tuple(_split.checks(plan, values) if split else impl.checks))
    reals = _device_inputs(plan, values, fname)
    dtypes = {d.dtype for _, d, _ in reals}
    if len(dtypes) != 1:
        other = next(n for n, d, _ in reals if d.dtype != reals[0][1].dtype)
        raise error(fname, other, f"is a CUDA array of {reals[0][1].dtype.name} beside {reals[0][0]}'s "
                    f"{reals[0][1].dtype.name}: on the GPU every array input has one dtype (float64 or "
                    "float32)")
    dtype = dtypes.pop()
    shapes = [_api._trailing(d, size, fname, n) for n, d, size in reals]
    batch = _api.batch_shape(fname, [r[0] for r in reals], shapes)
    count = int(np.prod(batch, dtype=np.int64))
    first = reals[0][1]
    if count:  # an empty array's address is 0, on no device: nothing to launch
        rt = runtime()
        device = rt.driver.device_of(first.pointer, first.device_hint())

    def on_device(n, d):
        if count and rt.driver.device_of(d.pointer, device) != device:
            raise error(fname, n, f"is on another GPU than {reals[0][0]}")
    for n, d, _ in reals:
        on_device(n, d)
    res = Results(fname, tuple(batch), count, dtype, first.obj)
    split_in = split and _split.pairs_in(plan, values)
    placed = []  # (name, DeviceArray, stride, reals per element) of the array inputs
    written = []  # (name, DeviceArray, stride, reals per element) of the result arrays
    mod = _api.LIBS[dtype]
    args = [ctypes.c_size_t(count), ctypes.c_int(1 if check_finite else 0), None, None]  # report, tag: below
    outs = impl.out_arrays(out)
    results, keep = [], []
    real_iter = iter(reals)
    for a in plan.args:
        if a.role in (_plan.IN, _plan.SCALAR, _plan.BODY_IN, _plan.SPLIT_IN):
            if a.nullable and values[a.py_name] is None:
                args += [ctypes.c_void_p(0), ctypes.c_ssize_t(0)]
                continue
            for _ in (_plan.fields(a) if a.role in (_plan.BODY_IN, _plan.SPLIT_IN) else [None]):
                n, d, size = next(real_iter)
                placed.append((n, d, _layout(d, size, batch, fname, n), size))
                args += [ctypes.c_void_p(d.pointer), ctypes.c_ssize_t(placed[-1][2])]
        elif a.role in (_plan.OUT, _plan.SPLIT_OUT):
            name = "out" if len(plan.outputs) == 1 else f"out[{len(results)}]"
            given = outs[len(results)] if outs else None
            result, parts = _split_result(res, a, given, name, split_in) if a.role == _plan.SPLIT_OUT \
                else _result(res, a, given, name)
            for n, d, stride, _ in parts:
                if given is not None:
                    on_device(n, d)
                args += [ctypes.c_void_p(d.pointer), ctypes.c_ssize_t(stride)]
            written += parts
            results.append(result)
        elif a.role == _plan.BODY_OUT:
            fields = [empty_like_kind(first.obj, tuple(batch) + (size,), dtype)
                      for _, size in _plan.BODY_FIELDS]
            if fields[0] is None:
                raise error(fname, None, "returns a Body: needs PyTorch or CuPy arrays")
            for f, (field, size) in zip(fields, _plan.BODY_FIELDS):
                written.append((f"res.{field}", DeviceArray(f, fname, "res"), size, size))
                args += [ctypes.c_void_p(written[-1][1].pointer), ctypes.c_ssize_t(size)]
            results.append(_api.Body(*fields))
        elif a.role == _plan.CONST:
            v = values[a.py_name]
            args.append(ctypes.c_int(_api.c_int(v, fname, a.py_name) if a.ctype == "int" else
                                     int(_api.enum_value(v, a.ctype, fname, a.py_name))))
        elif a.role == _plan.STRUCT:
            cdata = _api.convention_cdata(mod, a.ctype, values[a.py_name], fname, a.py_name)
            raw = ctypes.create_string_buffer(bytes(mod.ffi.buffer(cdata)))
            keep.append(raw)
            args.append(raw)
    if plan.returns_real:
        ret = empty_like_kind(first.obj, tuple(batch), dtype)
        if ret is None:
            raise error(fname, None, "returns reals: needs PyTorch or CuPy arrays")
        written.append(("res", DeviceArray(ret, fname, "res"), 1, 1))
        args += [ctypes.c_void_p(written[-1][1].pointer), ctypes.c_ssize_t(1)]
        results.append(ret)
    if outs and count:
        for n, d, stride, size in written:
            _check_out(fname, n, d, stride, size, count, placed)
        _api.check_written(fname, [(n, (d, stride, size)) for n, d, stride, size in written],
                           lambda a, b: _overlaps(a, b, count))
    if count:
        streams = [d.stream_handle() for _, d, _, _ in placed + written]
        launch_on = streams[0] or 0
        waits = sorted({s for s in streams if s is not None and s != launch_on})
        if async_mode():
            _launch(rt, device, dtype, plan, args, count, launch_on, waits, rt.tag(reported, batch))
            _record_torch_uses([d for _, d, _, _ in placed + written], launch_on)
        else:
            report, recorded = _launch(rt, device, dtype, plan, args, count, launch_on, waits)
            _raise_or_warn(reported, report, batch)
            if recorded is not None:  # an earlier asynchronous call's failure, not yet raised
                rt.raise_recorded(device, *recorded)
    return results[0] if len(results) == 1 else tuple(results)


def _record_torch_uses(arrays, stream):
    """Marks each PyTorch tensor of arrays (DeviceArrays of an asynchronous
    call) that PyTorch orders on another stream than stream (the launch's)
    as used on stream (Tensor.record_stream): the call returns before its
    kernel has read or written them, and PyTorch's caching allocator must
    not give their memory to other work before that kernel is done."""
    for d in arrays:
        if _api.is_torch(d.obj) and d.stream_handle() != stream:
            d.obj.record_stream(_torch_stream(stream, d.obj.device))


def _torch_stream(handle, device):
    """The torch.cuda.Stream of a CUstream handle of device (0 and 1: the
    legacy default stream)."""
    import torch
    if handle in (0, 1):
        return torch.cuda.default_stream(device)
    return torch.cuda.ExternalStream(handle, device=device)


def _device_array(x, function, name):
    """x, an array input or out= array of a call on CUDA arrays, read."""
    if not is_cuda(x):
        raise error(function, name, "is not a CUDA array; give every array input and out= array "
                    "on the same GPU")
    return DeviceArray(x, function, name)


def _device_inputs(plan, values, fname):
    """(name, DeviceArray, reals per element) of each array of plan's
    inputs, in argument order: a body's fields; a split argument's two
    parts, a pair's named name[0] and name[1], a packed array's two views
    (no copy) both named name."""
    reals = []
    for a in plan.inputs:
        v = values[a.py_name]
        if a.role == _plan.SPLIT_IN:
            parts = _split.input_parts(a, v, fname, _device_array, DeviceArray.part)
            reals += [(n, d, size) for n, d, size, _ in parts]
            continue
        if a.role in (_plan.IN, _plan.SCALAR):
            if v is None and a.nullable:
                continue
            fields = [(a.py_name, v, a.size)]
        elif a.role == _plan.BODY_IN:
            fields = [(f"{a.py_name}.{f}", fv, size) for (f, size), fv in zip(_plan.BODY_FIELDS, v)]
        else:
            continue
        reals += [(name, _device_array(fv, fname, name), size) for name, fv, size in fields]
    return reals


def _result_shape(size):
    """A result's shape after the batch dimensions, for size reals."""
    return _api.OUT_SHAPES.get(size, (size,)) if size else ()


def _new_result(res, inner):
    """A new CUDA array for a result of shape res.batch + inner."""
    target = empty_like_kind(res.template, res.batch + inner, res.dtype)
    if target is None:
        raise error(res.fname, "out", f"must be given for this kind of CUDA array "
                    f"({type(res.template).__name__})")
    return target


def _result_array(res, target, name, size):
    """(DeviceArray, stride in reals) of target, the array that receives a
    result of size reals per element: writable, of the call's dtype and of
    the result's shape."""
    d = _device_array(target, res.fname, name)
    shape = res.batch + _result_shape(size)
    if d.dtype != res.dtype or d.shape != shape or d.readonly:
        raise error(res.fname, name, f"must be a writable CUDA array of {res.dtype}, shape {shape}")
    return d, _layout(d, size, res.batch, res.fname, name) if res.count > 1 else size or 1


def _result(res, a, given, name):
    """(result, [(name, DeviceArray, stride, reals per element)] of the
    array written) of result a: given (out=), else a new array."""
    target = _new_result(res, _result_shape(a.size)) if given is None else given
    d, stride = _result_array(res, target, name, a.size)
    return target, [(name, d, stride, a.size or 1)]


def _split_result(res, a, given, name, split_in):
    """(result, [(name, DeviceArray, stride, reals per element)] of its two
    parts) of split result a: written into out= (a pair: each part where it
    lies; a packed array: its two views), else into new arrays: a pair when
    an input came as a pair (split_in), else one packed array."""
    sizes = _plan.PARTS[a.size]
    if not (_split.is_pair(given, a.size) if given is not None else split_in):
        target, [(_, d, stride, _)] = _result(res, a, given, name)
        return target, [(name, d.part(0, sizes[0]), stride, sizes[0]),
                        (name, d.part(sizes[0], a.size), stride, sizes[1])]
    if given is None:
        given = tuple(_new_result(res, (k,)) for k in sizes)
    _split.check_pair(given, a.size, res.fname, name)
    parts = [(f"{name}[{j}]", *_result_array(res, g, f"{name}[{j}]", k), k)
             for j, (g, k) in enumerate(zip(given, sizes))]
    return given, parts


def _check_out(fname, name, d, stride, size, count, inputs):
    """An out= array the kernel may write: elements that do not overlap one
    another (not a stride-0 view) nor any input, unless it is that input
    itself (the same address, reals and stride: in place)."""
    if count > 1 and abs(stride) < size:
        raise error(fname, name, f"has elements that overlap one another (stride {stride} for "
                    f"{size} reals: a broadcast view); give an array with a place for every result")
    for n, x, x_stride, x_size in inputs:
        same = x.pointer == d.pointer and x_size == size and (count == 1 or x_stride == stride)
        if not same and _overlaps((d, stride, size), (x, x_stride, x_size), count):
            raise error(fname, name, f"overlaps the input {n} (only the same array converts in place)")


def _overlaps(a, b, count):
    """Whether a and b, each (DeviceArray, stride, reals per element) over
    the count (> 0) elements of a call, share a byte. Exact where the
    strides are equal (the interleaved columns of one array of rows, such
    as the position, quaternion and velocity columns of (N, 13) state rows,
    do not overlap), else by their extents."""
    (da, sa, ka), (db, sb, kb) = a, b
    item = da.dtype.itemsize
    if sa != sb and count > 1:
        lo, hi = da.extent(sa, ka, count)
        b_lo, b_hi = db.extent(sb, kb, count)
        return lo < b_hi and b_lo < hi
    # element i of a and element j of b share a byte where b's offset from
    # a's, off + (j - i) s bytes, lies in (-kb, ka) reals
    off, s, ka, kb = db.pointer - da.pointer, abs(sa) * item if count > 1 else 0, ka * item, kb * item
    if s == 0:
        return -kb < off < ka
    m = max(-(count - 1), (-kb - off) // s + 1)  # the least j - i with off + (j - i) s > -kb
    return m <= count - 1 and off + m * s < ka


EMPTY = 0xFFFFFFFFFFFFFFFF  # a report's or record's field before any launch wrote it
RECORD_FIELDS = 6  # spx_dreport: fail_key, warn_key, warnings_complement, fail_owner, warn_owner, warned_complement
RECORD_BYTES = 8 * RECORD_FIELDS
TAG_MASK = (1 << 20) - 1  # an owner's low bits: the tag of the call that owns the record

VARIANT = "tiled"  # the kernel a call launches: "tiled" (shared memory) or "direct"
SHARED_BYTES = 48 * 1024  # what a block may use without opting in, on every architecture


def launch_shape(plan, itemsize, count, variant):
    """(kernel name, threads per block, blocks, dynamic shared bytes) of a
    call of plan's kernel over count elements. The tiled kernel's block is
    the largest multiple of 32, up to 256, whose tile fits SHARED_BYTES."""
    name = f"spx_{plan.key}"
    if variant == "direct":
        block, shared = 256, 0
    else:
        reals = tile_reals(plan)
        block = min(256, SHARED_BYTES // (reals * itemsize) // 32 * 32)
        assert block >= 32, f"{name}: a tile of {reals} reals per element does not fit {SHARED_BYTES} bytes"
        name, shared = name + "__tiled", block * reals * itemsize
    return name, block, min((count + block - 1) // block, 1 << 20), shared


def _launch(rt, device, dtype, plan, args, count, stream, waits=(), tag=0):
    """Launches plan's kernel over count (> 0) elements on stream, after
    the streams in waits have finished their work. Synchronous (tag 0):
    waits for the kernel; returns the host copy of its report and, where
    asynchronous calls made the device's failure record and the report
    holds no failure, (the host copy of that record, rt.checks_of the
    device before the copy), else None; the record is only read.
    Asynchronous (tag: rt.tag of the
    call): the launch writes the record, ordered after waits with events;
    nothing is waited for and None is returned."""
    drv = rt.driver
    precision = 32 if dtype == _api.F32 else 64
    variant = VARIANT
    name, block, grid, shared = launch_shape(plan, dtype.itemsize, count, variant)
    lib = drv.lib
    with drv.current(device):
        if tag:
            return _launch_async(rt, device, (precision, variant, plan.key, name), args,
                                 (grid, block, shared), stream, waits, tag)
        if any(drv.capturing(ctypes.c_void_p(s)) for s in (stream, *waits)):
            raise error(plan.function.name, None, "cannot run while a stream of its arrays is captured "
                             "into a CUDA graph: a synchronous call waits for the kernel's report (call it "
                             "inside `with spatial_conv.cuda_async():` to capture it)")
        fn = rt.function(device, precision, variant, plan.key, name)
        for other in waits:
            drv.check(lib.cuStreamSynchronize(ctypes.c_void_p(other)), "cuStreamSynchronize")
        stream = ctypes.c_void_p(stream)
        record, checks = rt.records.get(device), rt.checks_of(device)
        recorded = (ctypes.c_uint64 * RECORD_FIELDS)() if record is not None else None
        with rt.report_buffer(device) as report:
            drv.check(lib.cuMemsetD8Async(report.value, 0xFF, 24, stream), "cuMemsetD8Async")
            args[2], args[3] = ctypes.c_void_p(report.value), ctypes.c_ulonglong(0)
            _launch_kernel(drv, fn, args, (grid, block, shared), stream)
            host = (ctypes.c_uint64 * 3)()
            drv.check(lib.cuMemcpyDtoHAsync_v2(host, report.value, 24, stream), "cuMemcpyDtoHAsync")
            if record is not None:
                drv.check(lib.cuMemcpyDtoHAsync_v2(recorded, record.value, RECORD_BYTES, stream),
                          "cuMemcpyDtoHAsync")
            drv.check(lib.cuStreamSynchronize(stream), "cuStreamSynchronize")
        if record is None or all(v == EMPTY for v in recorded) or host[0] != EMPTY:
            return tuple(host), None
        return tuple(host), (tuple(recorded), checks)


def _launch_async(rt, device, kernel, args, shape, stream, waits, tag):
    """The asynchronous launch of _launch (device's context current):
    kernel is (precision, variant, function, kernel name), shape (grid,
    block, shared bytes). Inside stream capture only a kernel already
    loaded and a record already made can join the graph (loading and
    allocating are not captured), and only arrays on captured streams (a
    captured stream cannot wait for an event recorded outside the capture)."""
    drv, (precision, variant, function, name) = rt.driver, kernel
    if (device, precision, variant, function) not in rt.modules or device not in rt.records:
        if drv.capturing(ctypes.c_void_p(stream)):
            raise error(function, None, "runs inside CUDA graph capture only after a first call on this "
                        "device, in this precision and with the same packed or pair form of its arguments, "
                        "outside capture (as a warm-up), which compiles and loads its kernel and makes the "
                        "device's failure record")
    if waits and drv.capturing(ctypes.c_void_p(stream)) and \
            not all(drv.capturing(ctypes.c_void_p(other)) for other in waits):
        raise error(function, None, "runs inside CUDA graph capture only with every array on the "
                    "capturing stream (or on streams joined to the capture): a captured launch cannot wait "
                    "for work on a stream outside the capture")
    fn = rt.function(device, precision, variant, function, name)
    args[2], args[3] = ctypes.c_void_p(rt.record(device).value), ctypes.c_ulonglong(tag)
    for other in waits:  # stream order, not host order: the launch waits on the device
        with rt.event(device) as ev:
            drv.check(drv.lib.cuEventRecord(ev, ctypes.c_void_p(other)), "cuEventRecord")
            drv.check(drv.lib.cuStreamWaitEvent(ctypes.c_void_p(stream), ev, 0), "cuStreamWaitEvent")
    _launch_kernel(drv, fn, args, shape, ctypes.c_void_p(stream))


def _launch_kernel(drv, fn, args, shape, stream):
    """cuLaunchKernel of fn with args (ctypes values; an array is passed
    by its address, as the struct it holds) on stream."""
    grid, block, shared = shape
    params = (ctypes.c_void_p * len(args))(
        *[ctypes.cast(a, ctypes.c_void_p) if isinstance(a, ctypes.Array)
          else ctypes.cast(ctypes.pointer(a), ctypes.c_void_p) for a in args])
    drv.check(drv.lib.cuLaunchKernel(fn, grid, 1, 1, block, 1, 1, shared, stream, params, None),
              "cuLaunchKernel")


def _decode(key):
    return key >> 24, (key >> 16) & 0xFF, (key & 0xFFFF) - 32768


def _raise_or_warn(impl, report, batch, stacklevel=4, later=""):
    """Raises the failure of a report (fail key, warn key, ~warnings) of a
    call over batch, else warns its warnings (later: what to add); impl
    (a Reported) names the function and its checks."""
    fail_key, warn_key, warnings = report[0], report[1], ~report[2] & EMPTY
    if fail_key != EMPTY:
        i, arg, status = _decode(fail_key)
        index = _errors.batch_index(i, batch)
        if status == NONFINITE:
            raise _errors.nonfinite(impl.name, impl.checks[arg], index)
        raise _errors.status_error(status, impl.name, ", ".join(impl.checks) or None, index,
                                   "its inputs on the GPU")
    if warnings:
        i, _, status = _decode(warn_key)
        count = int(np.prod(batch, dtype=np.int64))
        _errors.status_warn_batch(status, impl.name, warnings, i, batch, count, stacklevel=stacklevel,
                                  later=later)


# ------------------------------------------------------------------ modes
_MODE = threading.local()  # .stack: the enabled flags of this thread's open cuda_async blocks


def async_mode():
    """Whether this thread's calls on CUDA arrays are asynchronous now."""
    stack = getattr(_MODE, "stack", None)
    return bool(stack) and stack[-1]


class CudaAsync:
    """The mode cuda_async(enabled) returns: a context manager that sets
    this thread's mode inside its block (blocks nest; reusable)."""

    __slots__ = ("enabled",)

    def __init__(self, enabled):
        self.enabled = enabled

    def __enter__(self):
        if not hasattr(_MODE, "stack"):
            _MODE.stack = []
        _MODE.stack.append(self.enabled)
        return self

    def __exit__(self, *exc):
        _MODE.stack.pop()
        return False

    def __eq__(self, other):
        return isinstance(other, CudaAsync) and other.enabled == self.enabled

    def __hash__(self):
        return hash(self.enabled)

    def __repr__(self):
        return f"spatial_conv.cuda_async({self.enabled})"


def cuda_async(enabled: bool = True) -> AbstractContextManager[None]:
    """A context manager: inside `with spatial_conv.cuda_async():` a call
    on CUDA arrays does not wait for the GPU (no host synchronization, no
    copy to the host), so that it can be captured into a CUDA graph; a
    failure its kernel meets is kept in the device's failure record, which
    spatial_conv.cuda_check() reads and raises (as does the next
    synchronous call on that device). cuda_async(False) makes calls
    synchronous inside an asynchronous block. The mode is this thread's;
    host arrays are never affected. Raises spatial_conv.Error for an
    enabled that is not True or False."""
    if not isinstance(enabled, (bool, np.bool_)):
        raise error("cuda_async", "enabled", f"={enabled!r} is not True or False")
    return CudaAsync(bool(enabled))


def cuda_check(device: int | None = None) -> None:
    """Waits for the GPU device (an ordinal; None: every device that ran an
    asynchronous call), reads and clears its failure record, and raises
    spatial_conv.Error for the first failure an asynchronous call met
    since the last check, with the message the synchronous call would have
    given (warns its StatusWarning alike; a failure that a synchronous
    call raised already is not raised again); returns None when there was
    none. Never loads CUDA: before any call on CUDA arrays it returns at
    once. Raises spatial_conv.Error for a device that is not an int >= 0."""
    if device is not None and (isinstance(device, (bool, np.bool_)) or
                               not isinstance(device, (int, np.integer)) or device < 0):
        raise error("cuda_check", "device", f"={device!r} is not a CUDA device ordinal (an int >= 0) or None")
    rt = _RUNTIME
    if rt is not None:
        rt.check(sorted(rt.records) if device is None else [int(device)])


for _public in (cuda_async, cuda_check):  # spatial_conv's own functions, their docstrings unindented
    _public.__module__, _public.__doc__ = "spatial_conv", inspect.cleandoc(_public.__doc__)
