"""A CPU emulation of the CUDA device for the tests of spatial_conv/_cuda.py:
the whole path of a CUDA array (argument packing, the launch, the report
buffer, the first failing index, strides) and the generated kernels run
here, without a GPU.

  * driver.c: the CUDA driver calls of _cuda._Driver, built with cc into
    libemucuda.so ("device memory" is host memory; a launch runs the kernel
    synchronously; stream capture records graph nodes that cuGraphLaunch
    runs); build_driver() and Emulator (its counters, and capture and
    replay for the tests).
  * FakeNvrtc: compile(source, options) as _cuda._Nvrtc's, but the "image"
    is the path of a shared object that g++ builds from the kernel source
    with shim.h in front (threads of a block are cooperative fibers: see
    shim.h). No -ffast-math, no contraction: the kernels compute exactly
    what the host build of the header computes.
  * EmuArray: a NumPy array behind __cuda_array_interface__, with guard
    bytes around its memory to catch writes out of bounds.
"""
import concurrent.futures
import contextlib
import ctypes
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
import threading
import weakref

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SHIM = os.path.join(HERE, "shim.h")
DRIVER_SOURCE = os.path.join(HERE, "driver.c")
CXXFLAGS = ["-std=c++17", "-O2", "-ffp-contract=off", "-fPIC", "-shared", "-fvisibility=hidden"]
STAT_NAMES = ("launches", "grid", "block", "shared", "stream", "failed_launches", "ctx_depth",
              "no_context", "modules", "allocs", "sync_stream", "no_context_get_function", "syncs",
              "dtoh", "memsets", "event_records", "event_waits", "events", "captured", "graph_launches",
              "ctx_syncs")
NODE_KINDS = ("memset", "kernel", "event_record", "event_wait")  # emu_graph_nodes' order


def toolchain_missing():
    """The first of cc and g++ that is not installed, or None."""
    for tool in ("cc", "g++"):
        if shutil.which(tool) is None:
            return tool
    return None


def cache_dir():
    d = os.environ.get("SPCONV_EMUCUDA_CACHE") or os.path.join(
        tempfile.gettempdir(), f"spatial_conv_emucuda_{os.getuid()}")
    os.makedirs(d, exist_ok=True)
    return d


def _prune(directory, days=14):
    """Removes the cached builds not used for days (old sources' kernels)."""
    import time
    limit = time.time() - days * 86400
    for name in os.listdir(directory):
        path = os.path.join(directory, name)
        try:
            if name.startswith(("kernels-", "libemucuda-")) and os.path.getmtime(path) < limit:
                os.unlink(path)
        except OSError:
            pass


def _tool_version(tool):
    return subprocess.run([tool, "--version"], capture_output=True, text=True).stdout


def _atomic_build(target, build):
    """Runs build(tmp) (which writes tmp) and moves tmp to target."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(target), suffix=".so.part")
    os.close(fd)
    try:
        result = build(tmp)
        if result.returncode == 0:
            os.replace(tmp, target)
        return result
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


# ------------------------------------------------------------------ driver
def build_driver(directory=None):
    """The path of libemucuda.so, built from driver.c (cached by content)."""
    directory = directory or cache_dir()
    with open(DRIVER_SOURCE, "rb") as f:
        key = hashlib.sha256(f.read() + _tool_version("cc").encode()).hexdigest()[:20]
    target = os.path.join(directory, f"libemucuda-{key}.so")
    if not os.path.exists(target):
        r = _atomic_build(target, lambda out: subprocess.run(
            ["cc", "-O2", "-fPIC", "-shared", "-pthread", "-o", out, DRIVER_SOURCE, "-ldl"],
            capture_output=True, text=True))
        if r.returncode != 0:
            raise RuntimeError(f"emucuda: driver.c does not build:\n{r.stderr}")
    return target


class Emulator:
    """libemucuda.so, loaded, with its counters."""

    def __init__(self, path):
        self.path = path
        self.lib = ctypes.CDLL(path)
        self.lib.emu_stats.argtypes = [ctypes.POINTER(ctypes.c_ulonglong)]
        self.lib.emu_stats.restype = None
        self.lib.emu_reset.restype = None
        self.lib.emu_stat_count.restype = ctypes.c_int
        self.lib.emu_last_kernel.argtypes = [ctypes.c_char_p, ctypes.c_size_t,
                                             ctypes.POINTER(ctypes.c_uint), ctypes.c_int]
        self.lib.emu_last_kernel.restype = ctypes.c_int
        c, P = ctypes, ctypes.POINTER
        for name, args in {"cuDevicePrimaryCtxRetain": [P(c.c_void_p), c.c_int],
                           "cuCtxPushCurrent_v2": [c.c_void_p], "cuCtxPopCurrent_v2": [P(c.c_void_p)],
                           "cuStreamBeginCapture_v2": [c.c_void_p, c.c_int],
                           "cuStreamEndCapture": [c.c_void_p, P(c.c_void_p)],
                           "cuGraphInstantiateWithFlags": [P(c.c_void_p), c.c_void_p, c.c_ulonglong],
                           "cuGraphLaunch": [c.c_void_p, c.c_void_p], "cuGraphExecDestroy": [c.c_void_p],
                           "cuGraphDestroy": [c.c_void_p], "emu_graph_nodes": [c.c_void_p, P(c.c_int)]}.items():
            getattr(self.lib, name).argtypes = args
            getattr(self.lib, name).restype = c.c_int
        assert self.lib.emu_stat_count() == len(STAT_NAMES)

    def stats(self):
        out = (ctypes.c_ulonglong * len(STAT_NAMES))()
        self.lib.emu_stats(out)
        return dict(zip(STAT_NAMES, out))

    def reset(self):
        self.lib.emu_reset()

    @contextlib.contextmanager
    def context(self):
        """Device 0's primary context current on this thread in the block."""
        ctx = ctypes.c_void_p()
        self._check(self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), 0), "cuDevicePrimaryCtxRetain")
        self._check(self.lib.cuCtxPushCurrent_v2(ctx), "cuCtxPushCurrent")
        try:
            yield
        finally:
            self.lib.cuCtxPopCurrent_v2(ctypes.byref(ctypes.c_void_p()))

    def _check(self, rc, what):
        if rc != 0:
            raise RuntimeError(f"emucuda: {what}: CUDA error {rc}")

    @contextlib.contextmanager
    def capture(self, stream):
        """Captures what is issued on stream inside the block (as
        torch.cuda.graph does, in the global mode); yields a list that holds
        the graph handle afterwards."""
        graph = []
        with self.context():
            self._check(self.lib.cuStreamBeginCapture_v2(ctypes.c_void_p(stream), 0), "cuStreamBeginCapture")
        try:
            yield graph
        finally:
            g = ctypes.c_void_p()
            with self.context():
                rc = self.lib.cuStreamEndCapture(ctypes.c_void_p(stream), ctypes.byref(g))
            graph.append(g)
            self._check(rc, "cuStreamEndCapture")

    def graph_nodes(self, graph):
        """{kind: count} of graph's nodes (NODE_KINDS)."""
        kinds = (ctypes.c_int * 4)()
        self.lib.emu_graph_nodes(graph, kinds)
        return dict(zip(NODE_KINDS, kinds))

    def instantiate(self, graph):
        exec_ = ctypes.c_void_p()
        with self.context():
            self._check(self.lib.cuGraphInstantiateWithFlags(ctypes.byref(exec_), graph, ctypes.c_ulonglong(0)),
                        "cuGraphInstantiate")
        return exec_

    def replay(self, exec_, stream):
        with self.context():
            self._check(self.lib.cuGraphLaunch(exec_, ctypes.c_void_p(stream)), "cuGraphLaunch")

    def destroy(self, graph, exec_):
        self._check(self.lib.cuGraphExecDestroy(exec_), "cuGraphExecDestroy")
        self._check(self.lib.cuGraphDestroy(graph), "cuGraphDestroy")

    def last_kernel(self):
        """(name, [sizeof of each parameter]) of the last launch, or None."""
        name = ctypes.create_string_buffer(256)
        sizes = (ctypes.c_uint * 256)()
        n = self.lib.emu_last_kernel(name, 256, sizes, 256)
        return None if n < 0 else (name.value.decode(), list(sizes[:n]))


# ------------------------------------------------------------------ NVRTC
_KERNEL_MARK = 'extern "C" __global__'
_KERNEL = re.compile(r'extern\s+"C"\s+__global__\s+void\s+(?:__launch_bounds__\s*\([^)]*\)\s*)?'
                     r'(\w+)\s*\(([^)]*)\)\s*\{')
_SHARED = re.compile(r"extern\s+__shared__\s+([^;\[\]]+?)\s*\[\s*\]\s*;")
_ALIGN = re.compile(r"__align__\s*\(\s*\d+\s*\)")


def kernels(source):
    """[(name, [(type, parameter name)])] of every extern "C" __global__
    kernel of source, in order."""
    out = []
    for m in _KERNEL.finditer(source):
        params = []
        text = m.group(2).strip()
        if text and text != "void":
            for p in text.split(","):
                p = " ".join(p.split())
                pm = re.match(r"^(.*?)\s*\b([A-Za-z_]\w*)$", p)
                if not pm or not pm.group(1):
                    raise ValueError(f"emucuda: kernel {m.group(1)}: cannot read the parameter {p!r}")
                params.append((pm.group(1), pm.group(2)))
        out.append((m.group(1), params))
    return out


def _shared_decl(m):
    decl = " ".join(_ALIGN.sub(" ", m.group(1)).split())
    dm = re.match(r"^(.*?)\s*\b([A-Za-z_]\w*)$", decl)
    ctype, name = dm.group(1), dm.group(2)
    return f"{ctype} *{name} = ({ctype} *)emu_shared;"


def translate(source):
    """source (CUDA C++ for NVRTC) as host C++: shim.h in front, dynamic
    shared memory as a pointer to emu_shared, and after it, for every
    kernel K, K__emu(void **params) (the launch entry: the kernel called
    with its parameters read from cuLaunchKernel's array), K__emu_nparams
    and K__emu_sizes (sizeof of each parameter)."""
    found = kernels(source)
    body = _SHARED.sub(_shared_decl, source)
    lines = [f'#include "{SHIM}"', '#line 1 "spatial_conv.cu"', body, "", "/* emucuda: launch entries */"]
    for name, params in found:
        call = ", ".join(f"*({t} *)a[{i}]" for i, (t, _) in enumerate(params))
        sizes = ", ".join(f"(unsigned)sizeof({t})" for t, _ in params) or "0u"
        lines += [f"EMU_EXPORT void {name}__emu(void **a) {{ (void)a; {name}({call}); }}",
                  f"EMU_EXPORT const int {name}__emu_nparams = {len(params)};",
                  f"EMU_EXPORT const unsigned {name}__emu_sizes[] = {{{sizes}}};"]
    return "\n".join(lines) + "\n", found


class FakeNvrtc:
    """_cuda._Nvrtc's compile(source, options), by g++ for the host: the
    image is the NUL-terminated path of the shared object. Compiled once
    per source (in memory and in cache_dir(), by a hash of everything that
    goes into the build)."""

    NVRTC_ERROR_COMPILATION = 6
    version = (13, 0)

    def supported_archs(self):
        """What NVRTC 13.0 lists: the emulated device (8.0) is among them."""
        return [75, 80, 86, 87, 88, 89, 90, 100, 103, 110, 120, 121]

    def __init__(self, directory=None):
        self.directory = directory or cache_dir()
        self.calls = []        # (options, seconds, cached) of every compile()
        self.builds = []       # (key, seconds) of every g++ run
        self._lock = threading.Lock()
        self._results = {}     # key -> Future of (rc, log, image)
        self._prewarmed = []   # (head, flags, kernel texts, Future) of prewarm()'s sources
        self._version = _tool_version("g++")
        with open(SHIM, encoding="utf-8") as f:
            self._shim = f.read()

    def _flags(self, options):
        flags = list(CXXFLAGS)
        for o in options:
            if o.startswith(("-D", "-I")):
                flags.append(o)
            elif o.startswith("--define-macro="):
                flags.append("-D" + o.split("=", 1)[1])
            elif o.startswith("--include-path="):
                flags.append("-I" + o.split("=", 1)[1])
            elif o in ("--use_fast_math", "-use_fast_math"):
                raise ValueError("emucuda: --use_fast_math would make the kernels differ from the host")
        return flags

    @staticmethod
    def _parts(source):
        """(what comes before the first kernel, the set of kernel texts)."""
        head, *rest = source.split(_KERNEL_MARK)
        return head, frozenset((_KERNEL_MARK + k).strip() for k in rest)

    def _covering(self, source, flags):
        """The build of a prewarmed source with the same header, prelude and
        flags and every kernel of source in it (_cuda compiles one function
        at a time; the emulator builds all of them at once), or None."""
        head, mine = self._parts(source)
        for h, f, theirs, future in self._prewarmed:
            if h == head and f == flags and mine <= theirs:
                return future
        return None

    def compile(self, source, options):
        import time
        t0 = time.time()
        flags = self._flags(options)
        covering = self._covering(source, flags)
        if covering is not None:
            self.calls.append((list(options), time.time() - t0, True))
            return covering.result()
        return self._compile(source, options, t0)

    def _compile(self, source, options, t0=None):
        import time
        t0 = t0 or time.time()
        flags = self._flags(options)
        cxx, _ = translate(source)
        key = hashlib.sha256("\0".join([cxx, self._shim, self._version, *flags]).encode()).hexdigest()[:24]
        with self._lock:
            future = self._results.get(key)
            mine = future is None
            if mine:
                future = self._results[key] = concurrent.futures.Future()
        if mine:
            try:
                future.set_result(self._build(key, cxx, flags))
            except BaseException as e:  # noqa: BLE001 (handed to every waiter)
                future.set_exception(e)
        result = future.result()
        self.calls.append((list(options), time.time() - t0, not mine))
        return result

    def _build(self, key, cxx, flags):
        import time
        target = os.path.join(self.directory, f"kernels-{key}.so")
        if os.path.exists(target):
            os.utime(target)  # recently used: kept by _prune
            return 0, "", target.encode() + b"\0"
        _prune(self.directory)
        src = os.path.join(self.directory, f"kernels-{key}.cpp")  # kept where g++ fails
        with open(src, "w", encoding="utf-8") as f:
            f.write(cxx)
        t0 = time.time()
        r = _atomic_build(target, lambda out: subprocess.run(["g++", *flags, "-o", out, src],
                                                            capture_output=True, text=True))
        self.builds.append((key, time.time() - t0))
        log = r.stdout + r.stderr
        if r.returncode != 0:
            return self.NVRTC_ERROR_COMPILATION, log, None
        os.unlink(src)
        return 0, log, target.encode() + b"\0"

    def prewarm(self, sources):
        """Compiles sources (with the options _cuda uses) in parallel threads."""
        pool = concurrent.futures.ThreadPoolExecutor(max(1, min(len(sources), os.cpu_count() or 1)))
        options = ["--std=c++17", "--gpu-architecture=sm_80", "--fmad=false"]
        futures = [pool.submit(self._compile, s, options) for s in sources]
        for s, f in zip(sources, futures):
            head, kernel_texts = self._parts(s)
            self._prewarmed.append((head, self._flags(options), kernel_texts, f))
        pool.shutdown(wait=False)
        return futures


# ------------------------------------------------------------------ arrays
_GUARD = 64
_GUARD_BYTE = 0xCB
_BUFFERS = weakref.WeakSet()


class _Buffer:
    """Bytes with _GUARD guard bytes on either side."""

    def __init__(self, nbytes):
        self.raw = np.full(nbytes + 2 * _GUARD, _GUARD_BYTE, np.uint8)
        self.nbytes = nbytes
        _BUFFERS.add(self)

    def data(self):
        return self.raw[_GUARD:_GUARD + self.nbytes]

    def guards_intact(self):
        return bool((self.raw[:_GUARD] == _GUARD_BYTE).all() and
                    (self.raw[_GUARD + self.nbytes:] == _GUARD_BYTE).all())


def broken_guards():
    """The number of live EmuArray buffers whose guard bytes were written."""
    return sum(not b.guards_intact() for b in list(_BUFFERS))


class EmuArray:
    """"Device memory" for the emulator: a NumPy array (a view of a guarded
    buffer) behind __cuda_array_interface__ (version 3). Indexing gives a
    view (an EmuArray of the same memory): a[:, 3:7] of an (n, 13) array is
    a strided column view; broadcast_to(shape) a stride-0 read-only view."""

    def __init__(self, view, buffer, stream=None):
        self.a, self.buffer, self.stream = view, buffer, stream

    @classmethod
    def from_numpy(cls, a, dtype=None, stream=None):
        a = np.asarray(a, dtype=dtype)
        out = cls.empty(a.shape, a.dtype, stream=stream)
        out.a[...] = a
        return out

    @classmethod
    def padded(cls, a, pad, fill=np.nan, dtype=None, stream=None):
        """a's contents in a view of a wider buffer: each element's reals
        followed by pad reals of fill (NaN: read by mistake, they show), so
        that the elements are not packed (a column view of rows)."""
        a = np.asarray(a, dtype=dtype)
        n = a.shape[0]
        k = int(np.prod(a.shape[1:], dtype=np.int64))
        buf = cls.empty((n, k + pad), a.dtype, stream=stream)
        buf.a[...] = fill
        view = buf[:, :k] if a.ndim > 1 else buf[:, 0]
        view.a = view.a.reshape(a.shape)
        assert np.shares_memory(view.a, buf.a)
        view.a[...] = a
        return view

    @classmethod
    def empty(cls, shape, dtype, stream=None, fill=0x5A):
        """Uninitialised memory: every byte `fill` (0x5A: a finite value
        that no conversion returns, so an element never written shows)."""
        dtype = np.dtype(dtype)
        shape = tuple(int(s) for s in shape)
        buf = _Buffer(int(np.prod(shape, dtype=np.int64)) * dtype.itemsize)
        buf.data()[:] = fill
        return cls(buf.data().view(dtype).reshape(shape), buf, stream)

    @property
    def shape(self):
        return self.a.shape

    @property
    def dtype(self):
        return self.a.dtype

    @property
    def __cuda_array_interface__(self):
        a = self.a
        ptr = a.__array_interface__["data"][0] if a.size else 0  # as PyTorch and CuPy: 0 when empty
        return {"shape": tuple(a.shape), "typestr": a.dtype.str, "data": (ptr, not a.flags.writeable),
                "strides": None if a.flags.c_contiguous else tuple(a.strides), "version": 3,
                "stream": self.stream}

    def __getitem__(self, index):
        return EmuArray(self.a[index], self.buffer, self.stream)

    def __setitem__(self, index, value):
        self.a[index] = value

    def broadcast_to(self, shape):
        return EmuArray(np.broadcast_to(self.a, shape), self.buffer, self.stream)

    def cpu(self):
        return np.array(self.a, copy=True)

    def __repr__(self):
        return f"EmuArray({self.a!r})"


def to_emu(values, stream=None, pad=0):
    """values (a dict of call arguments) with NumPy arrays and Body fields
    as EmuArrays of the same contents (pad > 0: EmuArray.padded views)."""
    import spatial_conv as sc

    def move(v):
        if isinstance(v, np.ndarray):
            if pad and v.ndim:
                return EmuArray.padded(v, pad, stream=stream)
            return EmuArray.from_numpy(v, stream=stream)
        if isinstance(v, sc.Body):
            return sc.Body(*(move(f) for f in v))
        return v
    return {k: move(v) for k, v in values.items()}


def empty_like_kind(original):
    """_cuda.empty_like_kind that makes EmuArrays for EmuArray templates."""
    def make(template, shape, dtype):
        if isinstance(template, EmuArray):
            return EmuArray.empty(shape, dtype, stream=template.stream)
        return original(template, shape, dtype)
    return make
