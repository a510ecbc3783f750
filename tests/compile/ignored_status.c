/* A call that ignores a status. The header declares every status-returning
   function SPCONV_NODISCARD, so compilers must warn here ("ignoring return
   value"); with -DSPCONV_NODISCARD= (the documented way to turn that off)
   this file compiles cleanly. Compiled as C and as C++ by
   tests/compile/ignored_status.sh (ctest: nodiscard_*). */
#include "spatial_conv.h"

int main(void) {
  spconv_real q[4] = {2, 0, 0, 0};
  spconv_quat_normalize_wxyz(q, q);
  return q[0] == 1 ? 0 : 1;
}
