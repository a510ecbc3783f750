/* Cortex-M board support for the self-test under QEMU: vector table, reset
   handler, semihosting output and exit, CPUID, SysTick counter.

   Real firmware uses its vendor's startup code instead; this file only has
   to bring up the QEMU boards the self-test runs on (mps2-an385 / an386 /
   an500, microbit). It is plain C with two inline-assembly lines (the
   semihosting trap and the FPU enable barrier). */
#include <stddef.h>
#include <stdint.h>

#include "board.h"

/* ----------------------------------------------------------- semihosting */

/* ARM semihosting operations (Arm "Semihosting for AArch32 and AArch64") */
#define SH_SYS_WRITE0 0x04
#define SH_SYS_EXIT 0x18
#define SH_SYS_EXIT_EXTENDED 0x20
#define SH_ADP_STOPPED_APPLICATION_EXIT 0x20026

static uint32_t semihost(uint32_t op, const void *arg) {
  register uint32_t r0 __asm__("r0") = op;
  register const void *r1 __asm__("r1") = arg;
  __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

void board_puts(const char *s) { (void)semihost(SH_SYS_WRITE0, s); }

void board_exit(int status) {
  /* SYS_EXIT_EXTENDED carries the status (QEMU exits with it); a plain
     SYS_EXIT would only say success or failure */
  uint32_t block[2];
  block[0] = SH_ADP_STOPPED_APPLICATION_EXIT;
  block[1] = (uint32_t)status;
  (void)semihost(SH_SYS_EXIT_EXTENDED, block);
  (void)semihost(SH_SYS_EXIT, (const void *)(uintptr_t)SH_ADP_STOPPED_APPLICATION_EXIT);
  for (;;) {
  }
}

/* ------------------------------------------------------------------ core */

#define SCB_CPUID (*(volatile const uint32_t *)0xE000ED00u)
#define SCB_CPACR (*(volatile uint32_t *)0xE000ED88u)

static char core_text[48];

static void append(char **p, const char *s) {
  while (*s) *(*p)++ = *s++;
}

static void append_hex(char **p, uint32_t v) {
  int i;
  append(p, "0x");
  for (i = 28; i >= 0; i -= 4) *(*p)++ = "0123456789abcdef"[(v >> i) & 0xFu];
}

const char *board_core(void) {
  const uint32_t id = SCB_CPUID;
  const uint32_t part = (id >> 4) & 0xFFFu;
  char *p = core_text;
  append(&p, part == 0xC20u   ? "Cortex-M0"
             : part == 0xC60u ? "Cortex-M0+"
             : part == 0xC23u ? "Cortex-M3"
             : part == 0xC24u ? "Cortex-M4"
             : part == 0xC27u ? "Cortex-M7"
                              : "unknown core");
  append(&p, " (CPUID ");
  append_hex(&p, id);
  append(&p, ")");
  *p = '\0';
  return core_text;
}

const char *board_expected_core(void) {
#if defined(SELFTEST_CORE)
  return SELFTEST_CORE;
#else
  return "";
#endif
}

/* --------------------------------------------------------------- SysTick */

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)

static volatile uint32_t systick_wraps;

void SysTick_Handler(void);
void SysTick_Handler(void) { ++systick_wraps; }

void board_counter_start(void) {
  SYST_CSR = 0;
  SYST_RVR = 0x00FFFFFFu;
  SYST_CVR = 0;
  systick_wraps = 0;
  SYST_CSR = 7u; /* enable, interrupt on wrap, core clock */
  while (SYST_CVR == 0u) { /* until the first reload */
  }
}

/* ticks since board_counter_start: 2^24 per wrap plus the down-counter */
uint32_t board_counter_read(void) {
  uint32_t w, v;
  do {
    w = systick_wraps;
    v = SYST_CVR;
  } while (w != systick_wraps);
  return (w << 24) + (0x00FFFFFFu - v);
}

/* the QEMU boards clock SysTick at 25 MHz (mps2) or 16 MHz (microbit);
   the count is only used as a ratio to a calibration loop */
uint32_t board_counter_hz(void) { return 1; }

/* ------------------------------------------------------- startup, vectors */

extern uint32_t __stack_top[], __data_load[], __data_start[], __data_end[], __bss_start[],
    __bss_end[];
int main(void);
void Reset_Handler(void);
void Fault_Handler(void);

#define STACK_PAINT 0xA5A5A5A5u

/* the deepest stack use of the run: the lowest word that is no longer the
   paint written before main */
static uint32_t stack_used(void) {
  const uint32_t *p = __bss_end;
  while (p < __stack_top && *p == STACK_PAINT) ++p;
  return (uint32_t)((uintptr_t)__stack_top - (uintptr_t)p);
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

void Reset_Handler(void) {
  uint32_t *src = __data_load, *dst = __data_start, *sp;
  int status;
#if defined(__ARM_FP)
  /* full access to CP10 and CP11 (the FPU) before any floating-point
     instruction */
  SCB_CPACR |= 0xFu << 20;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
  while (dst < __data_end) *dst++ = *src++;
  for (dst = __bss_start; dst < __bss_end;) *dst++ = 0;
  /* paint the free stack, up to 64 bytes below this frame */
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  for (dst = __bss_end; dst < sp - 16;) *dst++ = STACK_PAINT;
  status = main();
  board_puts("stack: ");
  put_u32(stack_used());
  board_puts(" bytes used of ");
  put_u32((uint32_t)((uintptr_t)__stack_top - (uintptr_t)__bss_end));
  board_puts("\n");
  board_exit(status);
}

/* any fault ends the run with a message and status 3 */
void Fault_Handler(void) {
  board_puts("FAULT: the core took a fault exception\n");
  board_exit(3);
}

typedef void (*handler)(void);
typedef struct vector_table {
  uint32_t *stack_top;
  handler vec[15];
} vector_table;

__attribute__((section(".vectors"), used)) const vector_table vectors = {
    __stack_top,
    {Reset_Handler, Fault_Handler, Fault_Handler, Fault_Handler, Fault_Handler,
     Fault_Handler, 0, 0, 0, 0, Fault_Handler, Fault_Handler, 0, Fault_Handler,
     SysTick_Handler}};
