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

   Stream capture (cuStreamBeginCapture ... cuStreamEndCapture) records the
   memsets, kernel launches (their parameters copied, as the driver copies
   them) and event records and waits made on the captured stream as the
   nodes of a graph, in order, instead of running them; cuGraphLaunch of
   its instance runs them, in that order. As under the driver's global
   capture mode, a host synchronization, a device-to-host copy on the
   captured stream and an allocation fail with
   CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED while a stream is captured, and
   invalidate the capture; so does a captured stream's wait for an event
   recorded outside that capture (CUDA_ERROR_STREAM_CAPTURE_ISOLATION).
   Events order nothing here (every operation runs
   when it is issued): they are counted.

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
  CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900,
  CUDA_ERROR_STREAM_CAPTURE_INVALIDATED = 901,
  CUDA_ERROR_STREAM_CAPTURE_ISOLATION = 906,
};

typedef struct emu_module {
  void *handle;
  int (*launch)(void (*)(void **), unsigned, unsigned, unsigned, void **, unsigned long long);
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
  EMU_STAT_SYNCS,          /* host synchronizations: cuStreamSynchronize, cuCtxSynchronize, cuMemcpyDtoH */
  EMU_STAT_DTOH,           /* device-to-host copies (cuMemcpyDtoH, cuMemcpyDtoHAsync) */
  EMU_STAT_MEMSETS,        /* memsets that ran (cuMemsetD8, cuMemsetD8Async, graph nodes) */
  EMU_STAT_EVENT_RECORDS,  /* cuEventRecord calls */
  EMU_STAT_EVENT_WAITS,    /* cuStreamWaitEvent calls */
  EMU_STAT_EVENTS,         /* cuEventCreate calls */
  EMU_STAT_CAPTURED,       /* operations recorded into a graph instead of run */
  EMU_STAT_GRAPH_LAUNCHES, /* cuGraphLaunch calls that ran */
  EMU_STAT_CTX_SYNCS,      /* cuCtxSynchronize calls */
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

/* a graph: its nodes in the order they were captured */
enum { EMU_NODE_MEMSET, EMU_NODE_KERNEL, EMU_NODE_EVENT_RECORD, EMU_NODE_EVENT_WAIT };
typedef struct emu_node {
  int kind;
  unsigned long long dst; /* memset: dst, value, bytes */
  unsigned char value;
  size_t bytes;
  emu_function *function; /* kernel: grid, block, shared bytes, a copy of each parameter */
  unsigned grid, block, shared;
  void **params;
  unsigned char *values;
} emu_node;
typedef struct emu_graph {
  emu_node *nodes;
  int count, capacity, refs; /* refs: the graph and each instance made of it */
} emu_graph;
typedef struct emu_graph_exec {
  emu_graph *graph;
} emu_graph_exec;
enum { EMU_MAX_CAPTURES = 16 };
static struct {
  void *stream; /* NULL: a free slot */
  emu_graph *graph;
  int invalidated;
} captures[EMU_MAX_CAPTURES];
static int capturing_streams;
static unsigned long long grid_ids; /* the grid id of the last kernel run (a GPU's %gridid) */

/* the capture of stream, or -1 (call with launch_lock held) */
static int capture_of(void *stream) {
  int k;
  for (k = 0; k < EMU_MAX_CAPTURES; ++k)
    if (captures[k].stream && captures[k].stream == stream) return k;
  return -1;
}

/* what an operation that the driver refuses during capture returns: the
   capture of stream (every capture when all) is invalidated */
static int capture_unsupported(void *stream, int all) {
  int k;
  for (k = 0; k < EMU_MAX_CAPTURES; ++k)
    if (captures[k].stream && (all || captures[k].stream == stream)) captures[k].invalidated = 1;
  return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
}

/* a new node at the end of the graph that stream is captured into, or NULL
   when stream is not captured (call with launch_lock held) */
static emu_node *capture_node(void *stream, int kind) {
  int k = capture_of(stream);
  emu_graph *g;
  if (k < 0) return NULL;
  g = captures[k].graph;
  if (g->count == g->capacity) {
    int capacity = g->capacity ? 2 * g->capacity : 8;
    emu_node *nodes = (emu_node *)realloc(g->nodes, (size_t)capacity * sizeof *nodes);
    if (!nodes) abort();
    g->nodes = nodes;
    g->capacity = capacity;
  }
  memset(&g->nodes[g->count], 0, sizeof g->nodes[0]);
  g->nodes[g->count].kind = kind;
  ++stats[EMU_STAT_CAPTURED];
  return &g->nodes[g->count++];
}

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
      {CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, "operation not permitted when stream is capturing"},
      {CUDA_ERROR_STREAM_CAPTURE_INVALIDATED, "operation failed due to a previous error during capture"},
      {CUDA_ERROR_STREAM_CAPTURE_ISOLATION, "dependency created on uncaptured work in another stream"},
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

EMU_API int cuStreamIsCapturing(void *stream, int *status) {
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (!status) return CUDA_ERROR_INVALID_VALUE;
  pthread_mutex_lock(&launch_lock);
  *status = capture_of(stream) >= 0 ? 1 : 0; /* CU_STREAM_CAPTURE_STATUS_ACTIVE : _NONE */
  pthread_mutex_unlock(&launch_lock);
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
  if (capturing_streams) return capture_unsupported(NULL, 1);
  p = malloc(bytes);
  if (!p) return CUDA_ERROR_OUT_OF_MEMORY;
  memset(p, 0xA5, bytes); /* as cudaMalloc: not zeroed */
  ++stats[EMU_STAT_ALLOCS];
  *ptr = (unsigned long long)(size_t)p;
  return CUDA_SUCCESS;
}

EMU_API int cuMemsetD8Async(unsigned long long dst, unsigned char value, size_t n, void *stream) {
  emu_node *node;
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (!dst) return CUDA_ERROR_INVALID_VALUE;
  pthread_mutex_lock(&launch_lock);
  node = capture_node(stream, EMU_NODE_MEMSET);
  if (node) {
    node->dst = dst, node->value = value, node->bytes = n;
  } else {
    memset((void *)(size_t)dst, value, n);
    ++stats[EMU_STAT_MEMSETS];
  }
  pthread_mutex_unlock(&launch_lock);
  return CUDA_SUCCESS;
}

EMU_API int cuMemsetD8_v2(unsigned long long dst, unsigned char value, size_t n) {
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (capturing_streams) return capture_unsupported(NULL, 1);
  return cuMemsetD8Async(dst, value, n, NULL);
}

EMU_API int cuMemcpyDtoHAsync_v2(void *dst, unsigned long long src, size_t n, void *stream) {
  int rc = CUDA_SUCCESS;
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (!dst || !src) return CUDA_ERROR_INVALID_VALUE;
  pthread_mutex_lock(&launch_lock);
  if (capture_of(stream) >= 0) { /* into pageable memory: not capturable */
    rc = capture_unsupported(stream, 0);
  } else {
    memcpy(dst, (const void *)(size_t)src, n);
    ++stats[EMU_STAT_DTOH];
  }
  pthread_mutex_unlock(&launch_lock);
  return rc;
}

EMU_API int cuMemcpyDtoH_v2(void *dst, unsigned long long src, size_t n) {
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (capturing_streams) return capture_unsupported(NULL, 1);
  ++stats[EMU_STAT_SYNCS];
  return cuMemcpyDtoHAsync_v2(dst, src, n, NULL);
}

/* runs f's kernel (call with launch_lock held); 0 or the module's error */
static int run_kernel(emu_function *f, unsigned gx, unsigned bx, unsigned shared_bytes, void *stream,
                      void **params) {
  int rc;
  last_function = f;
  stats[EMU_STAT_GRID] = gx;
  stats[EMU_STAT_BLOCK] = bx;
  stats[EMU_STAT_SHARED] = shared_bytes;
  stats[EMU_STAT_STREAM] = (unsigned long long)(size_t)stream;
  rc = f->module->launch(f->entry, gx, bx, shared_bytes, params, ++grid_ids);
  if (rc == 0) ++stats[EMU_STAT_LAUNCHES];
  else fprintf(stderr, "emucuda: kernel %s: the emulated launch failed (%d)\n", f->name, rc);
  return rc;
}

/* node: a kernel launch with a copy of each parameter (as the driver
   copies them when the launch is captured) */
static void capture_kernel(emu_node *node, emu_function *f, unsigned gx, unsigned bx, unsigned shared_bytes,
                           void **params) {
  int i, n = f->nparams ? *f->nparams : 0;
  size_t at = 0;
  node->function = f, node->grid = gx, node->block = bx, node->shared = shared_bytes;
  node->params = (void **)calloc((size_t)n + 1, sizeof(void *));
  for (i = 0; i < n; ++i) at += (f->sizes[i] + 15u) / 16u * 16u;
  node->values = (unsigned char *)malloc(at + 1);
  if (!node->params || !node->values) abort();
  for (i = 0, at = 0; i < n; ++i) {
    memcpy(node->values + at, params[i], f->sizes[i]);
    node->params[i] = node->values + at;
    at += (f->sizes[i] + 15u) / 16u * 16u;
  }
}

EMU_API int cuLaunchKernel(void *function, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                           unsigned bz, unsigned shared_bytes, void *stream, void **params, void **extra) {
  emu_function *f = (emu_function *)function;
  emu_node *node;
  int rc, i, n;
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  ++stats[EMU_STAT_FAILED]; /* taken back below when it runs or is captured */
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
  node = capture_node(stream, EMU_NODE_KERNEL);
  if (node) {
    capture_kernel(node, f, gx, bx, shared_bytes, params);
    rc = 0;
  } else {
    rc = run_kernel(f, gx, bx, shared_bytes, stream, params);
  }
  if (rc == 0) --stats[EMU_STAT_FAILED];
  pthread_mutex_unlock(&launch_lock);
  if (rc != 0) return rc == 2 ? CUDA_ERROR_OUT_OF_MEMORY : CUDA_ERROR_LAUNCH_FAILED;
  return CUDA_SUCCESS;
}

EMU_API int cuStreamSynchronize(void *stream) {
  int rc = CUDA_SUCCESS;
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  pthread_mutex_lock(&launch_lock);
  if (capture_of(stream) >= 0) rc = capture_unsupported(stream, 0);
  pthread_mutex_unlock(&launch_lock);
  if (rc) return rc;
  stats[EMU_STAT_SYNC_STREAM] = (unsigned long long)(size_t)stream;
  ++stats[EMU_STAT_SYNCS];
  return CUDA_SUCCESS;
}

EMU_API int cuCtxSynchronize(void) {
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (capturing_streams) return capture_unsupported(NULL, 1);
  ++stats[EMU_STAT_SYNCS];
  ++stats[EMU_STAT_CTX_SYNCS];
  return CUDA_SUCCESS;
}

/* ------------------------------------------------------------ events */
typedef struct emu_event {
  int recorded;
  emu_graph *graph; /* the graph its last record was captured into, or NULL */
} emu_event;

EMU_API int cuEventCreate(void **event, unsigned flags) {
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (!event || flags > 0xF) return CUDA_ERROR_INVALID_VALUE;
  *event = calloc(1, sizeof(emu_event));
  if (!*event) return CUDA_ERROR_OUT_OF_MEMORY;
  ++stats[EMU_STAT_EVENTS];
  return CUDA_SUCCESS;
}

EMU_API int cuEventDestroy_v2(void *event) {
  if (!event) return CUDA_ERROR_INVALID_HANDLE;
  free(event);
  return CUDA_SUCCESS;
}

EMU_API int cuEventRecord(void *event, void *stream) {
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (!event) return CUDA_ERROR_INVALID_HANDLE;
  pthread_mutex_lock(&launch_lock);
  ((emu_event *)event)->graph = capture_node(stream, EMU_NODE_EVENT_RECORD) ? captures[capture_of(stream)].graph
                                                                           : NULL;
  ((emu_event *)event)->recorded = 1;
  ++stats[EMU_STAT_EVENT_RECORDS];
  pthread_mutex_unlock(&launch_lock);
  return CUDA_SUCCESS;
}

/* a captured stream may wait only for an event recorded into the same
   capture: else, as the driver (without CU_EVENT_WAIT_EXTERNAL, which
   this emulator refuses), CUDA_ERROR_STREAM_CAPTURE_ISOLATION, and the
   capture is invalidated */
EMU_API int cuStreamWaitEvent(void *stream, void *event, unsigned flags) {
  int k;
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (!event) return CUDA_ERROR_INVALID_HANDLE;
  if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
  pthread_mutex_lock(&launch_lock);
  k = capture_of(stream);
  if (k >= 0 && ((emu_event *)event)->graph != captures[k].graph) {
    capture_unsupported(stream, 0);
    pthread_mutex_unlock(&launch_lock);
    return CUDA_ERROR_STREAM_CAPTURE_ISOLATION;
  }
  capture_node(stream, EMU_NODE_EVENT_WAIT);
  ++stats[EMU_STAT_EVENT_WAITS];
  pthread_mutex_unlock(&launch_lock);
  return CUDA_SUCCESS;
}

/* ------------------------------------------------------------ graphs */
EMU_API int cuStreamBeginCapture_v2(void *stream, int mode) {
  int k, rc = CUDA_SUCCESS;
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if ((size_t)stream <= 1 || mode < 0 || mode > 2) return CUDA_ERROR_INVALID_VALUE; /* not the legacy stream */
  pthread_mutex_lock(&launch_lock);
  if (capture_of(stream) >= 0) {
    rc = CUDA_ERROR_INVALID_VALUE;
  } else {
    for (k = 0; k < EMU_MAX_CAPTURES && captures[k].stream; ++k) {
    }
    if (k == EMU_MAX_CAPTURES) {
      rc = CUDA_ERROR_OUT_OF_MEMORY;
    } else {
      captures[k].graph = (emu_graph *)calloc(1, sizeof(emu_graph));
      if (!captures[k].graph) abort();
      captures[k].graph->refs = 1;
      captures[k].stream = stream;
      captures[k].invalidated = 0;
      ++capturing_streams;
    }
  }
  pthread_mutex_unlock(&launch_lock);
  return rc;
}

static void graph_release(emu_graph *g) {
  int i;
  if (--g->refs > 0) return;
  for (i = 0; i < g->count; ++i) {
    free(g->nodes[i].params);
    free(g->nodes[i].values);
  }
  free(g->nodes);
  free(g);
}

EMU_API int cuStreamEndCapture(void *stream, void **graph) {
  int k, rc = CUDA_SUCCESS;
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (!graph) return CUDA_ERROR_INVALID_VALUE;
  pthread_mutex_lock(&launch_lock);
  k = capture_of(stream);
  if (k < 0) {
    rc = CUDA_ERROR_INVALID_VALUE;
  } else {
    *graph = NULL;
    if (captures[k].invalidated) {
      graph_release(captures[k].graph);
      rc = CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
    } else {
      *graph = captures[k].graph;
    }
    captures[k].stream = NULL;
    --capturing_streams;
  }
  pthread_mutex_unlock(&launch_lock);
  return rc;
}

EMU_API int cuGraphInstantiateWithFlags(void **exec, void *graph, unsigned long long flags) {
  emu_graph_exec *e;
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (!exec || !graph || flags) return CUDA_ERROR_INVALID_VALUE;
  e = (emu_graph_exec *)calloc(1, sizeof *e);
  if (!e) return CUDA_ERROR_OUT_OF_MEMORY;
  e->graph = (emu_graph *)graph;
  pthread_mutex_lock(&launch_lock);
  ++e->graph->refs;
  pthread_mutex_unlock(&launch_lock);
  *exec = e;
  return CUDA_SUCCESS;
}

/* runs the graph's nodes in their order */
EMU_API int cuGraphLaunch(void *exec, void *stream) {
  emu_graph *g;
  int i, rc = 0;
  if (need_context()) return CUDA_ERROR_INVALID_CONTEXT;
  if (!exec) return CUDA_ERROR_INVALID_HANDLE;
  g = ((emu_graph_exec *)exec)->graph;
  pthread_mutex_lock(&launch_lock);
  if (capture_of(stream) >= 0) { /* a graph launched into a capture: not emulated */
    pthread_mutex_unlock(&launch_lock);
    return CUDA_ERROR_INVALID_VALUE;
  }
  for (i = 0; i < g->count && rc == 0; ++i) {
    emu_node *node = &g->nodes[i];
    if (node->kind == EMU_NODE_MEMSET) {
      memset((void *)(size_t)node->dst, node->value, node->bytes);
      ++stats[EMU_STAT_MEMSETS];
    } else if (node->kind == EMU_NODE_KERNEL) {
      rc = run_kernel(node->function, node->grid, node->block, node->shared, stream, node->params);
    }
  }
  if (rc == 0) ++stats[EMU_STAT_GRAPH_LAUNCHES];
  pthread_mutex_unlock(&launch_lock);
  return rc == 0 ? CUDA_SUCCESS : CUDA_ERROR_LAUNCH_FAILED;
}

EMU_API int cuGraphExecDestroy(void *exec) {
  if (!exec) return CUDA_ERROR_INVALID_HANDLE;
  pthread_mutex_lock(&launch_lock);
  graph_release(((emu_graph_exec *)exec)->graph);
  pthread_mutex_unlock(&launch_lock);
  free(exec);
  return CUDA_SUCCESS;
}

EMU_API int cuGraphDestroy(void *graph) {
  if (!graph) return CUDA_ERROR_INVALID_HANDLE;
  pthread_mutex_lock(&launch_lock);
  graph_release((emu_graph *)graph);
  pthread_mutex_unlock(&launch_lock);
  return CUDA_SUCCESS;
}

/* the number of nodes of graph, and of each kind in kinds[4] (memset,
   kernel, event record, event wait) */
EMU_API int emu_graph_nodes(void *graph, int *kinds) {
  emu_graph *g = (emu_graph *)graph;
  int i;
  for (i = 0; i < 4; ++i) kinds[i] = 0;
  for (i = 0; i < g->count; ++i) ++kinds[g->nodes[i].kind];
  return g->count;
}
