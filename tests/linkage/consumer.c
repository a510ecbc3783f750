/* A program of a linked build: SPCONV_DECLARATIONS_ONLY (set by
   tests/CMakeLists.txt) gives the declarations only, and the functions come
   from the shared library built from implementation.c. Compiled as C and as
   C++ (consumer.cpp includes this file), so both find the same symbols. */
#include "spatial_conv.h"

#include <stdio.h>

static int failures = 0;

static void expect(int ok, const char *what) {
  if (!ok) {
    printf("FAILED: %s\n", what);
    ++failures;
  }
}

int main(void) {
  const spconv_real q_xyzw[4] = {1, 2, 3, 4};
  const spconv_real twist[6] = {1, 0, 0, 0, 0, 1}; /* v = x, w = z */
  const spconv_real r[3] = {1, 0, 0};
  spconv_real q[4] = {0, 0, 0, 2};
  spconv_real shifted[6];
  spconv_real res[4];
  spconv_quat_wxyz_from_xyzw(res, q_xyzw);
  expect(res[0] == 4 && res[1] == 1 && res[2] == 2 && res[3] == 3, "wxyz from xyzw");
  /* v + w x r = x + z x x = x + y */
  spconv_twist_shift(shifted, twist, r);
  expect(shifted[0] == 1 && shifted[1] == 1 && shifted[2] == 0 && shifted[5] == 1, "twist shift");
  expect(spconv_quat_normalize_wxyz(q, q) == SPCONV_OK && q[3] == 1, "normalize");
  expect(spconv_quat_normalize_wxyz(res, res) == SPCONV_OK, "normalize status");
  expect(spconv_status_string(SPCONV_EINVAL)[0] != '\0', "status string");
  if (failures == 0) printf("ok: linked build, %d checks\n", 5);
  return failures != 0;
}
