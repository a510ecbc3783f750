/* shim.h - the CUDA device, emulated on the host for the tests
   (python/tests/emucuda). The fake NVRTC of emucuda/__init__.py puts this
   file in front of the kernel source that spatial_conv/_cuda.py generates
   and compiles the whole with g++ into a shared object, which driver.c
   loads as the "module".

   Execution model: one block after another; the threads of a block are
   cooperative fibers (ucontext, 256 KiB stack each, a guard page below),
   run in the order 0, 1, ..., blockDim.x - 1, each until it reaches
   __syncthreads() or returns. When every thread of the block waits at the
   barrier, all are released and the next round runs in the same order.
   Some threads waiting while others have returned (a divergent barrier:
   undefined on a GPU) fails the launch. The order is deterministic on
   purpose: a missing barrier makes a thread read shared memory that a later
   thread has not written yet, and shared memory is filled with 0xFF bytes
   (NaN as float and double) at the start of every block.

   Atomics need no atomicity here (one fiber runs at a time). */
#ifndef SPCONV_EMUCUDA_SHIM_H
#define SPCONV_EMUCUDA_SHIM_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __align__(n) alignas(n)
#define __shared__ static /* a fixed-size __shared__ array: one per module */
#define EMU_EXPORT extern "C" __attribute__((visibility("default")))

struct emu_dim3 {
  unsigned x, y, z;
};
static emu_dim3 threadIdx, blockIdx, blockDim, gridDim;
/* the launch's grid id (a GPU's %gridid: a launch number of the context),
   given by driver.c to each launch */
static unsigned long long emu_grid_id;
#define SPX_GRID_ID() emu_grid_id

enum { EMU_SHARED_MAX = 49152, EMU_STACK = 256 * 1024, EMU_MAX_BLOCK = 1024 };

/* dynamic shared memory (extern __shared__ T name[] becomes a pointer to
   this): a fixed address, so a declaration at file scope works too */
alignas(128) static unsigned char emu_shared[EMU_SHARED_MAX];

static inline unsigned long long atomicMin(unsigned long long *address, unsigned long long val) {
  unsigned long long old = *address;
  if (val < old) *address = val;
  return old;
}
static inline unsigned long long atomicCAS(unsigned long long *address, unsigned long long compare,
                                           unsigned long long val) {
  unsigned long long old = *address;
  if (old == compare) *address = val;
  return old;
}
static inline unsigned long long atomicAdd(unsigned long long *address, unsigned long long val) {
  unsigned long long old = *address;
  *address = old + val;
  return old;
}
template <class T>
static inline T __ldg(const T *p) {
  return *p;
}

/* ------------------------------------------------------------- scheduler */
enum { EMU_READY, EMU_WAITING, EMU_DONE };
static ucontext_t emu_sched;
static ucontext_t emu_ctx[EMU_MAX_BLOCK];
static int emu_state[EMU_MAX_BLOCK];
static unsigned emu_current;
static unsigned char *emu_stacks; /* EMU_MAX_BLOCK stacks, each with a guard page */
static size_t emu_page;
static void (*emu_entry)(void **);
static void **emu_params;

static inline void __syncthreads() {
  unsigned me = emu_current;
  emu_state[me] = EMU_WAITING;
  swapcontext(&emu_ctx[me], &emu_sched);
}

static void emu_thread_main() {
  emu_entry(emu_params);
  emu_state[emu_current] = EMU_DONE; /* then uc_link: back to the scheduler */
}

/* 0: done; 1: a divergent __syncthreads; 2: out of memory */
EMU_EXPORT int emu_launch(void (*entry)(void **), unsigned grid, unsigned block, unsigned shared_bytes,
                          void **params, unsigned long long grid_id) {
  unsigned b, t;
  if (block == 0 || block > EMU_MAX_BLOCK || shared_bytes > EMU_SHARED_MAX) return 3;
  if (!emu_stacks) {
    unsigned char *m;
    emu_page = (size_t)sysconf(_SC_PAGESIZE);
    m = (unsigned char *)mmap(NULL, (size_t)EMU_MAX_BLOCK * (EMU_STACK + emu_page),
                              PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) return 2;
    for (t = 0; t < EMU_MAX_BLOCK; ++t) /* stacks grow down: the guard page is below each */
      mprotect(m + (size_t)t * (EMU_STACK + emu_page), emu_page, PROT_NONE);
    emu_stacks = m;
  }
  emu_entry = entry;
  emu_params = params;
  emu_grid_id = grid_id;
  gridDim.x = grid, gridDim.y = gridDim.z = 1;
  blockDim.x = block, blockDim.y = blockDim.z = 1;
  threadIdx.y = threadIdx.z = blockIdx.y = blockIdx.z = 0;
  for (b = 0; b < grid; ++b) {
    blockIdx.x = b;
    memset(emu_shared, 0xFF, sizeof emu_shared);
    for (t = 0; t < block; ++t) {
      getcontext(&emu_ctx[t]);
      emu_ctx[t].uc_stack.ss_sp = emu_stacks + (size_t)t * (EMU_STACK + emu_page) + emu_page;
      emu_ctx[t].uc_stack.ss_size = EMU_STACK;
      emu_ctx[t].uc_link = &emu_sched;
      makecontext(&emu_ctx[t], emu_thread_main, 0);
      emu_state[t] = EMU_READY;
    }
    for (;;) {
      unsigned waiting = 0, done = 0;
      for (t = 0; t < block; ++t) {
        if (emu_state[t] != EMU_READY) continue;
        emu_current = t;
        threadIdx.x = t;
        swapcontext(&emu_sched, &emu_ctx[t]);
      }
      for (t = 0; t < block; ++t) {
        waiting += emu_state[t] == EMU_WAITING;
        done += emu_state[t] == EMU_DONE;
      }
      if (done == block) break;
      if (done) {
        fprintf(stderr,
                "emucuda: divergent __syncthreads in block %u: %u of %u threads wait at the barrier, "
                "%u have returned (undefined behaviour on a GPU)\n",
                b, waiting, block, done);
        return 1;
      }
      for (t = 0; t < block; ++t) emu_state[t] = EMU_READY; /* every thread is at the barrier */
    }
  }
  return 0;
}

#endif
