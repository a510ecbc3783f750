// The double build of the functions tests/test_autodiff.cpp differentiates
// (tests/autodiff_cases.h): reference values and central differences.
#include "spatial_conv.h"

namespace spconv_ref {
#include "autodiff_cases.h"
}  // namespace spconv_ref

int spconv_ref_n_cases() { return spconv_ref::spconv_ad_n_cases; }

int spconv_ref_call(int k, double *o, const double *x) {
  return spconv_ref::spconv_ad_cases[k].fn(o, x);
}
