/* The deprecated names as programs use them: an enum value in a static
   initializer and a case label, a type, function-like and plain aliases of
   functions (tests/compile/deprecated_warns.sh). Each use warns. */
#include "spatial_conv.h"

static const spconv_direction forward = SPCONV_FORWARD;

int main(void) {
  spconv_real a[9] = {0}, b[9] = {0}, c[9] = {0};
  spconv_motion_preset preset = SPCONV_AXIS_PRESET_SMPL;
  spconv_euler_seq seq;
  spconv_euler_kind kind;
  spconv_convention conv = spconv_preset(SPCONV_PRESET_NEWTON);
  int status = spconv_euler_parse_scipy("xyz", &seq, &kind);
  spconv_axes_compose(a, b, c);
  switch ((int)forward) {
    case SPCONV_FORWARD: break;
    default: break;
  }
  return status + (int)preset + (int)conv.order + (int)a[0];
}
