/* driver.c - the few CUDA driver calls of spatial_conv/_cuda.py (_Driver),
   emulated on the host for the tests (python/tests/emucuda). "Device
   memory" is host memory; a module is a shared object that the fake NVRTC
   of emucuda/__init__.py built with g++ from the kernel source and shim.h
   (the image given to cuModuleLoadData is its NUL-terminated path); a
   kernel runs synchronously, on the calling thread, through the module's
   emu_launch. Same C signatures as the CUDA driver API (cuda.h), with its
   types spelled out: CUresult int, handles pointers, CUdeviceptr
   unsigned long long.

   As the real driver, the calls that need a current context (allocation,
   module load, memset, copy, launch, synchronize) fail with
   CUDA_ERROR_INVALID_CONTEXT when the calling thread has none, and the
   launch refuses a configuration a GPU refuses (block over 1024 threads,
   grid 0 or over 2^31 - 1, dynamic shared memory over 48 KiB without the
   opt-in attribute, extra parameters). This emulator also refuses what it
   cannot run: a block or grid with y or z other than 1.

   emu_stats(out) reads the counters of this process, emu_reset() clears
   them (see EMU_STAT_* below for the order). */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EMU_API __attribute__((visibility("default")))

enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  CUDA_ERROR_LAUNCH_FAILED = 719,
};

typedef struct emu_module {
  void *handle;
  int (*launch)(void (*)(void **), unsigned, unsigned, unsigned, void **);
  char path[4096];
} emu_module;

typedef struct emu_function {
  emu_module *module;
  void (*entry)(void **);
  const int *nparams;       /* <name>__emu_nparams of the module */
  const unsigned *sizes;    /* <name>__emu_sizes: sizeof of each parameter */
  char name[256];
} emu_function;

enum {
  EMU_STAT_LAUNCHES,       /* kernel launches that ran */
  EMU_STAT_GRID,           /* the last launch's grid (x), */
  EMU_STAT_BLOCK,          /* block (x) */
  EMU_STAT_SHARED,         /* and dynamic shared memory bytes */
  EMU_STAT_STREAM,         /* its stream handle */
  EMU_STAT_FAILED,         /* cuLaunchKernel calls that returned an error */
  EMU_STAT_CTX_DEPTH,      /* contexts pushed and not popped, on the calling thread */
  EMU_STAT_NO_CTX,         /* calls made without a current context (any call needing one) */
  EMU_STAT_MODULES,        /* cuModuleLoadData calls */
  EMU_STAT_ALLOCS,         /* cuMemAlloc calls */
  EMU_STAT_SYNC_STREAM,    /* the last cuStreamSynchronize's stream */
  EMU_STAT_NO_CTX_GETFN,   /* cuModuleGetFunction calls without a current context */
  EMU_STAT_SYNCS,          /* cuStreamSynchronize calls */
  EMU_STAT_COUNT
};
static unsigned long long stats[EMU_STAT_COUNT];
static __thread int ctx_depth;
static int initialized;
static char primary_context; /* its address is the context handle of device 0 */
static const emu_function *last_function;
/* a module's scheduler state is global: one launch at a time in the process
   (ctypes releases the GIL, so Python threads may launch together) */
static pthread_mutex_t launch_lock = PTHREAD_MUTEX_INITIALIZER;

static int need_context(void) {
  if (ctx_depth > 0) return 0;
  ++stats[EMU_STAT_NO_CTX];
  return 1;
}

EMU_API void emu_stats(unsigned long long *out) {
  memcpy(out, stats, sizeof stats);
  out[EMU_STAT_CTX_DEPTH] = (unsigned long long)ctx_depth;
}
EMU_API int emu_stat_count(void) { return EMU_STAT_COUNT; }
EMU_API void emu_reset(void) {
  memset(stats, 0, sizeof stats);
  last_function = NULL;
}
/* the last launched kernel: its name, number of parameters and their sizes
   (sizes: room for max entries); -1 when nothing ran since emu_reset */
EMU_API int emu_last_kernel(char *name, size_t name_size, unsigned *sizes, int max) {
  int i, n;
  if (!last_function) return -1;
  snprintf(name, name_size, "%s", last_function->name);
  n = last_function->nparams ? *last_function->nparams : 0;
  for (i = 0; i < n && i < max; ++i) sizes[i] = last_function->sizes[i];
  return n;
}

EMU_API int cuInit(unsigned flags) {
  if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
  initialized = 1;
  return CUDA_SUCCESS;
}

EMU_API int cuGetErrorString(int error, const char **text) {
  static const struct {
    int code;
    const char *text;
  } names[] = {
      {CUDA_SUCCESS, "no error"},
      {CUDA_ERROR_INVALID_VALUE, "invalid argument"},
      {CUDA_ERROR_OUT_OF_MEMORY, "out of memory"},
      {CUDA_ERROR_NOT_INITIALIZED, "initialization error"},
      {CUDA_ERROR_INVALID_IMAGE, "device kernel image is invalid"},
      {CUDA_ERROR_INVALID_CONTEXT, "invalid device context"},
      {CUDA_ERROR_INVALID_HANDLE, "invalid resource handle"},
      {CUDA_ERROR_NOT_FOUND, "named symbol not found"},
      {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "too many resources requested for launch"},
      {CUDA_ERROR_LAUNCH_FAILED, "unspecified launch failure"},
  };
  size_t i;
  for (i = 0; i < sizeof names / sizeof names[0]; ++i)
    if (names[i].code == error) {
      *text = names[i].text;
      return CUDA_SUCCESS;
    }
  *text = NULL;
  return CUDA_ERROR_INVALID_VALUE;
}

/* CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL (9) only: every nonzero address is
   "device memory" of device 0; address 0 is refused as by the driver */
EMU_API int cuPointerGetAttribute(void *data, int attribute, unsigned long long ptr) {
  if (!initialized) return CUDA_ERROR_NOT_INITIALIZED;
  if (attribute != 9 || !data || !ptr) return CUDA_ERROR_INVALID_VALUE;
  *(int *)data = 0;
  return CUDA_SUCCESS;
}

/* compute capability 8.0 (attributes 75, 76) of device 0 */
EMU_API int cuDeviceGetAttribute(int *value, int attribute, int device) {
  if (!initialized) return CUDA_ERROR_NOT_INITIALIZED;
  if (device != 0 || !value) return CUDA_ERROR_INVALID_VALUE;
  if (attribute == 75) *value = 8;
  else if (attribute == 76) *value = 0;
  else return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

EMU_API int cuDevicePrimaryCtxRetain(void **context, int device) {
  if (!initialized) return CUDA_ERROR_NOT_INITIALIZED;
  if (device != 0 || !context) return CUDA_ERROR_INVALID_VALUE;
  *context = &primary_context;
  return CUDA_SUCCESS;
}

EMU_API int cuCtxPushCurrent_v2(void *context) {
  if (context != &primary_context) return CUDA_ERROR_INVALID_CONTEXT;
  ++ctx_depth;
  return CUDA_SUCCESS;
}

/* a stream handle of 0x6A0 or above is "being captured" (for the tests) */
EMU_API int cuStreamIsCapturing(void *stream, int *status) {
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (!status) return CUDA_ERROR_INVALID_VALUE;
  *status = (size_t)stream >= 0x6A0 ? 1 : 0; /* CU_STREAM_CAPTURE_STATUS_ACTIVE : _NONE */
  return CUDA_SUCCESS;
}

EMU_API int cuDriverGetVersion(int *version) {
  if (!version) return CUDA_ERROR_INVALID_VALUE;
  *version = 13000; /* CUDA 13.0 */
  return CUDA_SUCCESS;
}

EMU_API int cuCtxGetCurrent(void **context) {
  if (!context) return CUDA_ERROR_INVALID_VALUE;
  *context = ctx_depth ? &primary_context : NULL;
  return CUDA_SUCCESS;
}

EMU_API int cuCtxGetDevice(int *device) {
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (!device) return CUDA_ERROR_INVALID_VALUE;
  *device = 0;
  return CUDA_SUCCESS;
}

EMU_API int cuCtxPopCurrent_v2(void **context) {
  if (ctx_depth == 0) return CUDA_ERROR_INVALID_CONTEXT;
  --ctx_depth;
  if (context) *context = &primary_context;
  return CUDA_SUCCESS;
}

EMU_API int cuModuleLoadData(void **module, const void *image) {
  emu_module *m;
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (!module || !image) return CUDA_ERROR_INVALID_VALUE;
  ++stats[EMU_STAT_MODULES];
  m = (emu_module *)calloc(1, sizeof *m);
  if (!m) return CUDA_ERROR_OUT_OF_MEMORY;
  snprintf(m->path, sizeof m->path, "%s", (const char *)image);
  m->handle = dlopen(m->path, RTLD_NOW | RTLD_LOCAL);
  if (!m->handle) {
    fprintf(stderr, "emucuda: cuModuleLoadData: %s\n", dlerror());
    free(m);
    return CUDA_ERROR_INVALID_IMAGE;
  }
  *(void **)&m->launch = dlsym(m->handle, "emu_launch");
  if (!m->launch) {
    dlclose(m->handle);
    free(m);
    return CUDA_ERROR_INVALID_IMAGE;
  }
  *module = m;
  return CUDA_SUCCESS;
}

EMU_API int cuModuleGetFunction(void **function, void *module, const char *name) {
  emu_module *m = (emu_module *)module;
  emu_function *f;
  char symbol[300];
  void *entry;
  if (ctx_depth == 0) ++stats[EMU_STAT_NO_CTX_GETFN];
  if (!function || !m || !name) return CUDA_ERROR_INVALID_VALUE;
  snprintf(symbol, sizeof symbol, "%s__emu", name);
  entry = dlsym(m->handle, symbol);
  if (!entry) return CUDA_ERROR_NOT_FOUND;
  f = (emu_function *)calloc(1, sizeof *f);
  if (!f) return CUDA_ERROR_OUT_OF_MEMORY;
  f->module = m;
  *(void **)&f->entry = entry;
  snprintf(symbol, sizeof symbol, "%s__emu_nparams", name);
  f->nparams = (const int *)dlsym(m->handle, symbol);
  snprintf(symbol, sizeof symbol, "%s__emu_sizes", name);
  f->sizes = (const unsigned *)dlsym(m->handle, symbol);
  snprintf(f->name, sizeof f->name, "%s", name);
  *function = f;
  return CUDA_SUCCESS;
}

EMU_API int cuMemAlloc_v2(unsigned long long *ptr, size_t bytes) {
  void *p;
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (!ptr || bytes == 0) return CUDA_ERROR_INVALID_VALUE;
  p = malloc(bytes);
  if (!p) return CUDA_ERROR_OUT_OF_MEMORY;
  memset(p, 0xA5, bytes); /* as cudaMalloc: not zeroed */
  ++stats[EMU_STAT_ALLOCS];
  *ptr = (unsigned long long)(size_t)p;
  return CUDA_SUCCESS;
}

EMU_API int cuMemsetD8Async(unsigned long long dst, unsigned char value, size_t n, void *stream) {
  (void)stream;
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (!dst) return CUDA_ERROR_INVALID_VALUE;
  memset((void *)(size_t)dst, value, n);
  return CUDA_SUCCESS;
}

EMU_API int cuMemcpyDtoHAsync_v2(void *dst, unsigned long long src, size_t n, void *stream) {
  (void)stream;
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (!dst || !src) return CUDA_ERROR_INVALID_VALUE;
  memcpy(dst, (const void *)(size_t)src, n);
  return CUDA_SUCCESS;
}

EMU_API int cuLaunchKernel(void *function, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                           unsigned bz, unsigned shared_bytes, void *stream, void **params, void **extra) {
  emu_function *f = (emu_function *)function;
  int rc, i, n;
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  ++stats[EMU_STAT_FAILED]; /* taken back below when it runs */
  if (!f) return CUDA_ERROR_INVALID_HANDLE;
  if (gy != 1 || gz != 1 || by != 1 || bz != 1) {
    fprintf(stderr, "emucuda: cuLaunchKernel %s: grid (%u, %u, %u), block (%u, %u, %u): this emulator "
            "runs one-dimensional launches only\n", f->name, gx, gy, gz, bx, by, bz);
    return CUDA_ERROR_INVALID_VALUE;
  }
  if (bx == 0 || bx > 1024 || gx == 0 || gx > 0x7FFFFFFFu) return CUDA_ERROR_INVALID_VALUE;
  if (shared_bytes > 49152) return CUDA_ERROR_INVALID_VALUE;
  if (extra) return CUDA_ERROR_INVALID_VALUE;
  n = f->nparams ? *f->nparams : 0;
  if (n > 0 && !params) return CUDA_ERROR_INVALID_VALUE;
  for (i = 0; i < n; ++i)
    if (!params[i]) return CUDA_ERROR_INVALID_VALUE;
  pthread_mutex_lock(&launch_lock);
  last_function = f;
  stats[EMU_STAT_GRID] = gx;
  stats[EMU_STAT_BLOCK] = bx;
  stats[EMU_STAT_SHARED] = shared_bytes;
  stats[EMU_STAT_STREAM] = (unsigned long long)(size_t)stream;
  rc = f->module->launch(f->entry, gx, bx, shared_bytes, params);
  if (rc == 0) {
    --stats[EMU_STAT_FAILED];
    ++stats[EMU_STAT_LAUNCHES];
  }
  pthread_mutex_unlock(&launch_lock);
  if (rc != 0) {
    fprintf(stderr, "emucuda: cuLaunchKernel %s: the emulated launch failed (%d)\n", f->name, rc);
    return rc == 2 ? CUDA_ERROR_OUT_OF_MEMORY : CUDA_ERROR_LAUNCH_FAILED;
  }
  return CUDA_SUCCESS;
}

EMU_API int cuStreamSynchronize(void *stream) {
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  stats[EMU_STAT_SYNC_STREAM] = (unsigned long long)(size_t)stream;
  ++stats[EMU_STAT_SYNCS];
  return CUDA_SUCCESS;
}
