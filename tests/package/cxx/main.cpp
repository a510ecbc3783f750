// A C++ consumer: the package must provide the header, its include path and
// whatever math library the link needs, to a project that enabled only CXX
// (no C compiler). Built at -O0 (Debug) with -Wall -Wextra -Wpedantic
// -Werror, so that every math call reaches the linker and the header stays
// warning-free in C++.
#include <cmath>
#include <cstdio>
#include <cstring>

#include "spatial_conv.h"

static bool near(double a, double b) { return std::fabs(a - b) < 1e-6; }

int main(int argc, char **argv) {
  // a quarter turn about z, scaled by argc (1) so the compiler cannot fold it
  const spconv_real s = static_cast<spconv_real>(argc);
  (void)argv;
  const spconv_real R[9] = {0, -s, 0, s, 0, 0, 0, 0, s};
  spconv_real q[4], rpy[3], g[3], unit[4];
  if (spconv_quat_wxyz_from_mat(q, R) != SPCONV_OK) return 1; // sqrt
  if (!near(q[0], std::sqrt(0.5)) || !near(q[3], std::sqrt(0.5)) || !near(q[1], 0) ||
      !near(q[2], 0))
    return 2;
  // extrinsic xyz (URDF roll, pitch, yaw): (0, 0, pi/2); atan2
  if (spconv_euler_from_quat_wxyz(rpy, q, SPCONV_EULER_XYZ, SPCONV_EULER_EXTRINSIC) != SPCONV_OK)
    return 3;
  if (!near(rpy[0], 0) || !near(rpy[1], 0) || !near(rpy[2], 2 * std::atan(1.0))) return 4;
  if (spconv_gravity(g, SPCONV_AXIS_Z, 9.81) != SPCONV_OK || !near(g[2], -9.81)) return 5;
  // an invalid input gives its status and names it
  const spconv_real zero[4] = {0, 0, 0, 0};
  if (spconv_quat_normalize_wxyz(unit, zero) != SPCONV_EDEGENERATE) return 6;
  if (std::strcmp(spconv_status_string(SPCONV_EDEGENERATE), "degenerate input") != 0) return 7;
  std::printf("cxx consumer: spatial_conv %d.%d.%d ok, yaw %.6f\n", SPCONV_VERSION_MAJOR,
              SPCONV_VERSION_MINOR, SPCONV_VERSION_PATCH, static_cast<double>(rpy[2]));
  return 0;
}
