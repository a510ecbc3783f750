// The header compiles as C++11 and its functions run there (both precisions).
#include "spatial_conv.h"

#include <cstdio>

int main() {
  const spconv_real h = static_cast<spconv_real>(0.70710678118654752440);
  const spconv_real q_wxyz[4] = {h, 0, 0, h};  // +90 degrees about Z
  const spconv_real ex[3] = {1, 0, 0};
  spconv_real v[3], q_xyzw[4], M[9], g[3];
  spconv_quat_rotate_wxyz(v, q_wxyz, ex);
  spconv_quat_xyzw_from_wxyz(q_xyzw, q_wxyz);
  int bad = 0;
  bad += spconv_up_axis_matrix(M, SPCONV_AXIS_Y, SPCONV_AXIS_Z) != SPCONV_OK;
  bad += spconv_gravity(g, SPCONV_AXIS_Y, 9) != SPCONV_OK;
  const spconv_real tol = static_cast<spconv_real>(1e-6);
  bad += !(v[0] < tol && v[0] > -tol && v[1] > 1 - tol);  // x -> y
  bad += !(q_xyzw[3] == h && q_xyzw[0] == 0);
  bad += !(M[5] == -1 && M[7] == 1 && g[1] == -9);
  std::printf("C++11 (%s): %s\n", sizeof(spconv_real) == sizeof(float) ? "float" : "double",
              bad ? "FAILED" : "ok");
  return bad;
}
