/* Minimal consumer: the package provides the header and its include path. */
#include <stdio.h>

#include "spatial_conv.h"

int main(void) {
  spconv_real g[3];
  if (spconv_gravity(g, SPCONV_AXIS_Z, 9.81) != SPCONV_OK || g[2] != -9.81) return 1;
  printf("consumer: spatial_conv %d.%d.%d ok\n", SPCONV_VERSION_MAJOR, SPCONV_VERSION_MINOR,
         SPCONV_VERSION_PATCH);
  return 0;
}
