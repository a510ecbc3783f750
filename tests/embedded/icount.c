/* Instructions per call of the hot conversions, on a Cortex-M under QEMU
   with -icount (tests/embedded/measure.py runs it and prints the table).

   QEMU is not cycle-accurate; with -icount its virtual clock advances by a
   fixed amount per executed instruction, so SysTick, read before and after
   N calls, counts instructions. The ticks are turned into instructions by a
   calibration loop of a known length (two instructions per turn), and the
   cost of an empty call is subtracted: what remains is the instructions of
   the conversion as a caller sees it (argument set-up, the call, the body,
   and any libm or soft-float routine it calls). These are instruction
   counts, not cycles.

   Then the stack of one call of each, measured by painting the free stack
   (libm and soft-float routines included).

   Output, one line each: "calib <ticks> <instructions>", "empty <ticks>",
   "<name> <ticks> <calls>" per conversion, "stack-empty <bytes>",
   "stack <name> <bytes>" per conversion; the last line is "done". */
#include <stdint.h>

#include "board.h"
#include "spatial_conv.h"

typedef spconv_real real;
#define R(x) ((spconv_real)(x))
#define NCALLS 2000
#define NCAL 100000u
#define NBATCH 16

/* inputs and outputs in globals of external linkage: the compiler cannot
   know their values, so nothing is folded away */
real q_wxyz[4] = {R(0.5), R(-0.3), R(0.7), R(0.2)};
real q_xyzw[4] = {R(-0.3), R(0.7), R(0.2), R(0.5)};
real q_b[4] = {R(0.1), R(0.9), R(-0.2), R(0.3)};
real v3[3] = {R(0.4), R(-1.2), R(2.5)};
real r3[3] = {R(0.1), R(0.2), R(-0.3)};
real x6[6] = {R(1.5), R(-0.5), R(0.25), R(0.3), R(-0.7), R(1.1)};
real mat[9];
real axes[9] = {1, 0, 0, 0, 0, -1, 0, 1, 0}; /* Y up -> Z up */
real qvel_n[6 * NBATCH], qpos_n[7 * NBATCH], ipos_n[3 * NBATCH];
real out[6 * NBATCH];
spconv_convention conv_from, conv_to;
spconv_body body;
static volatile int sink;

#define BENCH(name, call)                          \
  static void name(void) __attribute__((noinline)); \
  static void name(void) { call; }

BENCH(b_empty, __asm__ volatile("" ::: "memory"))
BENCH(b_quat_wxyz_from_xyzw, spconv_quat_wxyz_from_xyzw(out, q_xyzw))
BENCH(b_quat_rotate_wxyz, spconv_quat_rotate_wxyz(out, q_wxyz, v3))
BENCH(b_quat_mul_wxyz, spconv_quat_mul_wxyz(out, q_wxyz, q_b))
BENCH(b_mat_from_quat_wxyz, spconv_mat_from_quat_wxyz(out, q_wxyz))
BENCH(b_quat_wxyz_from_mat, sink = spconv_quat_wxyz_from_mat(out, mat))
BENCH(b_rotvec_from_quat_wxyz, spconv_rotvec_from_quat_wxyz(out, q_wxyz))
BENCH(b_euler_from_quat_wxyz,
      sink = spconv_euler_from_quat_wxyz(out, q_wxyz, SPCONV_EULER_ZYX, SPCONV_EULER_INTRINSIC))
BENCH(b_quat_integrate_body_wxyz, spconv_quat_integrate_body_wxyz(out, q_wxyz, v3, R(0.002)))
BENCH(b_twist_shift, spconv_twist_shift(out, x6, r3))
BENCH(b_spatial_change_axes, spconv_spatial_change_axes(out, axes, x6))
BENCH(b_twist_from_mujoco_qvel, spconv_twist_from_mujoco_qvel(out, x6, q_wxyz, r3))
BENCH(b_mujoco_qfrc_from_wrench, spconv_mujoco_qfrc_from_wrench(out, x6, q_wxyz, r3))
BENCH(b_twist_from_mujoco_qvel_n, sink = spconv_twist_from_mujoco_qvel_n(out, qvel_n, qpos_n + 3, 7, ipos_n, NBATCH))
BENCH(b_sap_twist_from_public, spconv_sap_twist_from_public(out, x6, r3))
BENCH(b_sap_wrench_from_public, spconv_sap_wrench_from_public(out, x6, r3))
BENCH(b_twist_convert, sink = spconv_twist_convert(out, &conv_to, x6, &conv_from, &body))

typedef struct bench {
  const char *name;
  void (*fn)(void);
  uint32_t per; /* elements per call (batch forms) */
} bench;

static const bench benches[] = {
    {"spconv_quat_wxyz_from_xyzw", b_quat_wxyz_from_xyzw, 1},
    {"spconv_quat_rotate_wxyz", b_quat_rotate_wxyz, 1},
    {"spconv_quat_mul_wxyz", b_quat_mul_wxyz, 1},
    {"spconv_mat_from_quat_wxyz", b_mat_from_quat_wxyz, 1},
    {"spconv_quat_wxyz_from_mat", b_quat_wxyz_from_mat, 1},
    {"spconv_rotvec_from_quat_wxyz", b_rotvec_from_quat_wxyz, 1},
    {"spconv_euler_from_quat_wxyz", b_euler_from_quat_wxyz, 1},
    {"spconv_quat_integrate_body_wxyz", b_quat_integrate_body_wxyz, 1},
    {"spconv_twist_shift", b_twist_shift, 1},
    {"spconv_spatial_change_axes", b_spatial_change_axes, 1},
    {"spconv_twist_from_mujoco_qvel", b_twist_from_mujoco_qvel, 1},
    {"spconv_mujoco_qfrc_from_wrench", b_mujoco_qfrc_from_wrench, 1},
    {"spconv_twist_from_mujoco_qvel_n", b_twist_from_mujoco_qvel_n, NBATCH},
    {"spconv_sap_twist_from_public", b_sap_twist_from_public, 1},
    {"spconv_sap_wrench_from_public", b_sap_wrench_from_public, 1},
    {"spconv_twist_convert", b_twist_convert, 1},
};

/* n turns of a two-instruction loop (subs, bne) */
static void calib(uint32_t n) __attribute__((noinline));
static void calib(uint32_t n) {
#if defined(__ARM_ARCH_ISA_THUMB) && __ARM_ARCH_ISA_THUMB == 1
  /* Thumb-1 inline assembly is in divided syntax: "sub" sets the flags */
  __asm__ volatile("1:\n\tsub %0, #1\n\tbne 1b" : "+l"(n)::"cc");
#else
  __asm__ volatile("1:\n\tsubs %0, %0, #1\n\tbne 1b" : "+l"(n)::"cc");
#endif
}

static uint32_t run(void (*volatile fn)(void), uint32_t n) {
  uint32_t t0, i;
  t0 = board_counter_read();
  for (i = 0; i < n; ++i) fn();
  return board_counter_read() - t0;
}

/* Stack of one call, measured: the free stack below this frame is painted,
   fn runs once, the lowest word no longer painted is the deepest use (libm
   and soft-float routines included). SysTick is stopped first: its
   interrupt would push onto the same stack. */
#define PAINT 0xA5A5A5A5u
#define PROBE_WORDS 1024u /* 4 KiB below the probe's frame */
static uint32_t stack_of(void (*fn)(void)) __attribute__((noinline));
static uint32_t stack_of(void (*fn)(void)) {
  uint32_t *sp, *p, *lo;
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  lo = sp - PROBE_WORDS;
  for (p = lo; p < sp; ++p) *(volatile uint32_t *)p = PAINT;
  fn();
  for (p = lo; p < sp && *(volatile uint32_t *)p == PAINT; ++p) {
  }
  return (uint32_t)((uintptr_t)sp - (uintptr_t)p);
}

static void put_u32(uint32_t v) {
  char b[12];
  int n = 11;
  b[n] = '\0';
  do {
    b[--n] = (char)('0' + v % 10u);
    v /= 10u;
  } while (v);
  board_puts(b + n);
}

int main(void) {
  uint32_t t0, t1, t2, k;
  int i;
  spconv_mat_from_quat_wxyz(mat, q_wxyz);
  conv_from = spconv_convention_from_preset(SPCONV_PRESET_NEWTON);
  conv_to = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  for (i = 0; i < 3; ++i) {
    body.pos[i] = v3[i];
    body.com[i] = r3[i];
  }
  for (i = 0; i < 4; ++i) body.quat_wxyz[i] = q_wxyz[i];
  for (i = 0; i < 6 * NBATCH; ++i) qvel_n[i] = x6[i % 6];
  for (i = 0; i < 7 * NBATCH; ++i) qpos_n[i] = i % 7 < 3 ? v3[i % 7] : q_wxyz[i % 7 - 3];
  for (i = 0; i < 3 * NBATCH; ++i) ipos_n[i] = r3[i % 3];
  board_counter_start();
  /* calibration: ticks of 2 NCAL instructions (the loop of NCAL turns minus
     the loop of one turn, so that the call itself cancels) */
  t0 = board_counter_read();
  calib(1);
  t1 = board_counter_read();
  calib(NCAL + 1u);
  t2 = board_counter_read();
  board_puts("calib ");
  put_u32((t2 - t1) - (t1 - t0));
  board_puts(" ");
  put_u32(2u * NCAL);
  board_puts("\nempty ");
  put_u32(run(b_empty, NCALLS));
  board_puts(" ");
  put_u32(NCALLS);
  board_puts("\n");
  for (k = 0; k < sizeof benches / sizeof benches[0]; ++k) {
    board_puts(benches[k].name);
    board_puts(" ");
    put_u32(run(benches[k].fn, NCALLS));
    board_puts(" ");
    put_u32(NCALLS * benches[k].per);
    board_puts("\n");
  }
  /* stack of one call, less that of an empty call (the probe's own use) */
  *(volatile uint32_t *)0xE000E010u = 0u; /* SysTick off */
  board_puts("stack-empty ");
  put_u32(stack_of(b_empty));
  board_puts("\n");
  for (k = 0; k < sizeof benches / sizeof benches[0]; ++k) {
    board_puts("stack ");
    board_puts(benches[k].name);
    board_puts(" ");
    put_u32(stack_of(benches[k].fn));
    board_puts("\n");
  }
  board_puts("done\n");
  return 0;
}
