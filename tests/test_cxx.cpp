// spatial_conv.h sections: quaternions, axis systems (the header compiled and run as C++11).
// Each check names the function it checks; a failure prints that name.
#include "spatial_conv.h"

#include <cstdio>

namespace {

int failures = 0;

void check(bool ok, const char *what) {
  if (!ok) {
    ++failures;
    std::printf("FAILED: %s\n", what);
  }
}

}  // namespace

int main() {
  const spconv_real h = static_cast<spconv_real>(0.70710678118654752440);
  const spconv_real q_wxyz[4] = {h, 0, 0, h};  // +90 degrees about Z
  const spconv_real ex[3] = {1, 0, 0};
  const spconv_real tol = static_cast<spconv_real>(1e-6);
  spconv_real v[3], q_xyzw[4], M[9], g[3];
  spconv_quat_rotate_wxyz(v, q_wxyz, ex);
  check(v[0] < tol && v[0] > -tol && v[1] > 1 - tol, "spconv_quat_rotate_wxyz: +90 about Z carries x to y");
  spconv_quat_xyzw_from_wxyz(q_xyzw, q_wxyz);
  check(q_xyzw[3] == h && q_xyzw[0] == 0, "spconv_quat_xyzw_from_wxyz: w moves last");
  check(spconv_up_axis_matrix(M, SPCONV_AXIS_Y, SPCONV_AXIS_Z) == SPCONV_OK,
        "spconv_up_axis_matrix(Y, Z) returns SPCONV_OK");
  check(M[5] == -1 && M[7] == 1, "spconv_up_axis_matrix(Y, Z) maps (x, y, z) to (x, -z, y)");
  check(spconv_gravity(g, SPCONV_AXIS_Y, 9) == SPCONV_OK, "spconv_gravity(Y, 9) returns SPCONV_OK");
  check(g[1] == -9, "spconv_gravity(Y, 9) is (0, -9, 0)");
  std::printf("C++11 (%s): %s\n", sizeof(spconv_real) == sizeof(float) ? "float" : "double",
              failures ? "FAILED" : "ok");
  return failures;
}
