/* Hosted board support: the self-test as an ordinary program (stdio), so
   that it also runs on the build machine, e.g. with -fshort-enums. */
#include <stdio.h>
#include <stdlib.h>

#include "board.h"

void board_puts(const char *s) { fputs(s, stdout); }

void board_exit(int status) {
  fflush(stdout);
  exit(status);
}

const char *board_core(void) { return "host"; }
const char *board_expected_core(void) { return ""; }
void board_counter_start(void) {}
uint32_t board_counter_read(void) { return 0; }
uint32_t board_counter_hz(void) { return 0; }
