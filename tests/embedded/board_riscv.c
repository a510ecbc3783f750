/* RISC-V board support for the self-test: semihosting output and exit
   (the RISC-V semihosting trap: slli / ebreak / srai), with picolibc's
   crt0 for startup. Built and linked in CI (rv32imac, rv32imafc); no
   emulator runs it there. */
#include <stdint.h>

#include "board.h"

#define SH_SYS_WRITE0 0x04
#define SH_SYS_EXIT 0x18
#define SH_ADP_STOPPED_APPLICATION_EXIT 0x20026

static uintptr_t semihost(uintptr_t op, const void *arg) {
  register uintptr_t a0 __asm__("a0") = op;
  register const void *a1 __asm__("a1") = arg;
  __asm__ volatile(".option push\n\t"
                   ".option norvc\n\t"
                   ".balign 16\n\t"
                   "slli zero, zero, 0x1f\n\t"
                   "ebreak\n\t"
                   "srai zero, zero, 7\n\t"
                   ".option pop"
                   : "+r"(a0)
                   : "r"(a1)
                   : "memory");
  return a0;
}

void board_puts(const char *s) { (void)semihost(SH_SYS_WRITE0, s); }

void board_exit(int status) {
  /* RV32 SYS_EXIT takes a parameter block: reason, subcode */
  uintptr_t block[2];
  block[0] = SH_ADP_STOPPED_APPLICATION_EXIT;
  block[1] = (uintptr_t)status;
  (void)semihost(SH_SYS_EXIT, block);
  for (;;) {
  }
}

const char *board_core(void) { return "RISC-V"; }
const char *board_expected_core(void) { return ""; }
void board_counter_start(void) {}
uint32_t board_counter_read(void) { return 0; }
uint32_t board_counter_hz(void) { return 0; }
