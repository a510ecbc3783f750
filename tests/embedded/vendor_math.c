/* The stand-in vendor math library of vendor_math.h: counts each call and
   computes with the C library's function of the same precision (a real
   vendor library would use its own code here). */
#include <math.h>

#include "vendor_math.h"

vendor_math_counts vendor_math_calls;

#ifdef SPCONV_USE_FLOAT
#  define LIBM(name) name##f
#else
#  define LIBM(name) name
#endif

vendor_real vendor_sqrt(vendor_real x) {
  ++vendor_math_calls.n_sqrt;
  return LIBM(sqrt)(x);
}
vendor_real vendor_sin(vendor_real x) {
  ++vendor_math_calls.n_sin;
  return LIBM(sin)(x);
}
vendor_real vendor_cos(vendor_real x) {
  ++vendor_math_calls.n_cos;
  return LIBM(cos)(x);
}
vendor_real vendor_atan2(vendor_real y, vendor_real x) {
  ++vendor_math_calls.n_atan2;
  return LIBM(atan2)(y, x);
}
vendor_real vendor_acos(vendor_real x) {
  ++vendor_math_calls.n_acos;
  return LIBM(acos)(x);
}
vendor_real vendor_asin(vendor_real x) {
  ++vendor_math_calls.n_asin;
  return LIBM(asin)(x);
}
vendor_real vendor_fabs(vendor_real x) {
  ++vendor_math_calls.n_fabs;
  return LIBM(fabs)(x);
}
