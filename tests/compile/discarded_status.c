/* A status discarded on purpose with a cast to void. Under C++17 and C23
   the header declares status-returning functions [[nodiscard]], which the
   cast silences as the language intends, so this file compiles cleanly
   with -Werror there. Compiled by tests/compile/ignored_status.sh
   --void-discards (ctest: nodiscard_*_void). */
#include "spatial_conv.h"

int main(void) {
  spconv_real q[4] = {2, 0, 0, 0};
  (void)spconv_quat_normalize_wxyz(q, q);
  return q[0] == 1 ? 0 : 1;
}
