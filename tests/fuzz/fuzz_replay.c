/* main() for the fuzz harnesses where libFuzzer is not used: runs
   LLVMFuzzerTestOneInput on every file named on the command line (the seed
   corpus under tests/fuzz/corpus/<harness>/), so that any compiler replays
   the corpus as a regression test. An invariant violation aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
  static uint8_t buf[1 << 16];
  int i, count = 0;
  for (i = 1; i < argc; ++i) {
    FILE *f = fopen(argv[i], "rb");
    size_t n;
    if (!f) {
      fprintf(stderr, "cannot open %s\n", argv[i]);
      return 2;
    }
    n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, n);
    ++count;
  }
  printf("replayed %d inputs\n", count);
  return count > 0 ? 0 : 1;
}
