/* A stand-in for a vendor math library (CMSIS-DSP, a DSP's intrinsics, a
   fixed-latency sqrt): every math macro of spatial_conv.h routed to it.
   Include this before spatial_conv.h; each function counts its calls in
   vendor_math_calls, so a test can show that the header reached it for
   every macro, and `nm` on the object file shows that the header called
   no libm function around it. */
#ifndef SPCONV_EMBEDDED_VENDOR_MATH_H
#define SPCONV_EMBEDDED_VENDOR_MATH_H

#ifdef SPCONV_USE_FLOAT
typedef float vendor_real;
#else
typedef double vendor_real;
#endif

typedef struct vendor_math_counts {
  long n_sqrt, n_sin, n_cos, n_atan2, n_acos, n_asin, n_fabs;
} vendor_math_counts;

extern vendor_math_counts vendor_math_calls;

vendor_real vendor_sqrt(vendor_real x);
vendor_real vendor_sin(vendor_real x);
vendor_real vendor_cos(vendor_real x);
vendor_real vendor_atan2(vendor_real y, vendor_real x);
vendor_real vendor_acos(vendor_real x);
vendor_real vendor_asin(vendor_real x);
vendor_real vendor_fabs(vendor_real x);

#define SPCONV_SQRT(x) vendor_sqrt(x)
#define SPCONV_SIN(x) vendor_sin(x)
#define SPCONV_COS(x) vendor_cos(x)
#define SPCONV_ATAN2(y, x) vendor_atan2(y, x)
#define SPCONV_ACOS(x) vendor_acos(x)
#define SPCONV_ASIN(x) vendor_asin(x)
#define SPCONV_FABS(x) vendor_fabs(x)

#endif
