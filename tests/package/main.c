/* A consumer: the package must provide the header, its include path and the
   math library (sqrt, atan2: libm on glibc). Built at -O0 (Debug) so that
   nothing is folded away and every math call reaches the linker. */
#include <math.h>
#include <stdio.h>

#include "spatial_conv.h"

static int near(double a, double b) { return fabs(a - b) < 1e-6; }

int main(int argc, char **argv) {
  /* a quarter turn about z, scaled by argc (1) so the compiler cannot fold it */
  double s = (double)argc;
  spconv_real R[9], q[4], rpy[3], g[3];
  (void)argv;
  R[0] = 0, R[1] = (spconv_real)-s, R[2] = 0;
  R[3] = (spconv_real)s, R[4] = 0, R[5] = 0;
  R[6] = 0, R[7] = 0, R[8] = (spconv_real)s;
  if (spconv_quat_wxyz_from_mat(q, R) != SPCONV_OK) return 1; /* sqrt */
  if (!near(q[0], sqrt(0.5)) || !near(q[3], sqrt(0.5)) || !near(q[1], 0) || !near(q[2], 0))
    return 2;
  /* extrinsic xyz (URDF roll, pitch, yaw): (0, 0, pi/2); atan2 */
  if (spconv_euler_from_quat_wxyz(rpy, q, SPCONV_EULER_XYZ, SPCONV_EULER_EXTRINSIC) != SPCONV_OK)
    return 3;
  if (!near(rpy[0], 0) || !near(rpy[1], 0) || !near(rpy[2], 2 * atan(1.0))) return 4;
  if (spconv_gravity(g, SPCONV_AXIS_Z, 9.81) != SPCONV_OK || !near(g[2], -9.81)) return 5;
  printf("consumer: spatial_conv %d.%d.%d ok, yaw %.6f\n", SPCONV_VERSION_MAJOR,
         SPCONV_VERSION_MINOR, SPCONV_VERSION_PATCH, (double)rpy[2]);
  return 0;
}
