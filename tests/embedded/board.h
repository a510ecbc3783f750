/* The few services the bare-metal self-test needs from its board: text
   output, an exit status, the name of the core it runs on, and a counter
   for instruction counts. board_arm.c implements them for Cortex-M under
   QEMU (semihosting), board_riscv.c for RISC-V (semihosting), board_host.c
   for a hosted build (stdio). No heap, no printf. */
#ifndef SPCONV_EMBEDDED_BOARD_H
#define SPCONV_EMBEDDED_BOARD_H

#include <stdint.h>

/* writes a NUL-terminated string */
void board_puts(const char *s);
/* ends the program with this status (0: success); never returns */
void board_exit(int status)
#if defined(__GNUC__)
    __attribute__((noreturn))
#endif
    ;
/* a short description of the core, e.g. "Cortex-M4 r0p1 (CPUID 0x410fc241)" */
const char *board_core(void);
/* the core the build was compiled for, e.g. "cortex-m4", or "" when the
   build does not say */
const char *board_expected_core(void);
/* starts / reads a free-running counter (board_arm.c: SysTick at the core
   clock; under QEMU -icount it advances with executed instructions);
   board_counter_hz gives its rate, 0 when the board has none */
void board_counter_start(void);
uint32_t board_counter_read(void);
uint32_t board_counter_hz(void);

#endif
