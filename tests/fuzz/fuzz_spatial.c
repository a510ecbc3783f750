/* Fuzz: spatial vectors (spconv_twist_shift, spconv_wrench_shift,
   spconv_spatial_swap, spconv_spatial_rotate, spconv_power). */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  spconv_real tw[6], wr[6], r[3], q[4], R[9], ts[6], ws[6], x[6], y[6], mr[3], a[6];
  int i;
  fz_reals(&in, tw, 6);
  fz_reals(&in, wr, 6);
  fz_reals(&in, r, 3);
  fz_reals(&in, q, 4);
  for (i = 0; i < 3; ++i) mr[i] = -r[i];

  spconv_twist_shift(ts, tw, r);
  spconv_wrench_shift(ws, wr, r);
  /* the angular part of a twist and the force of a wrench never change */
  FZ_CHECK(fz_bits(ts + 3, tw + 3, 3));
  FZ_CHECK(fz_bits(ws, wr, 3));
  /* res may alias the 6-vector or r */
  memcpy(x, tw, sizeof x);
  spconv_twist_shift(x, x, r);
  FZ_CHECK(fz_same(x, ts, 6));
  memcpy(x, wr, sizeof x);
  spconv_wrench_shift(x, x, r);
  FZ_CHECK(fz_same(x, ws, 6));
  memcpy(a, r, 3 * sizeof(spconv_real));
  spconv_twist_shift(a, tw, a);
  FZ_CHECK(fz_same(a, ts, 6));
  memcpy(a, r, 3 * sizeof(spconv_real));
  spconv_wrench_shift(a, wr, a);
  FZ_CHECK(fz_same(a, ws, 6));
  if (fz_any_nan(tw, 6) || fz_any_nan(r, 3)) FZ_CHECK(fz_any_nan(ts, 6));
  if (fz_any_nan(wr, 6) || fz_any_nan(r, 3)) FZ_CHECK(fz_any_nan(ws, 6));

  /* swap: a pure move, an involution, in place too */
  spconv_spatial_swap(x, tw);
  FZ_CHECK(fz_bits(x, tw + 3, 3) && fz_bits(x + 3, tw, 3));
  spconv_spatial_swap(x, x);
  FZ_CHECK(fz_bits(x, tw, 6));

  if (fz_moderate(tw, 6) && fz_moderate(wr, 6) && fz_moderate(r, 3)) {
    double sc = fz_maxabs(tw, 6) * (1 + fz_maxabs(r, 3));
    double sw = fz_maxabs(wr, 6) * (1 + fz_maxabs(r, 3));
    double pw = 0;
    /* shifting back by -r undoes the shift */
    spconv_twist_shift(x, ts, mr);
    FZ_CHECK(fz_near(x, tw, 6, sc, 8));
    spconv_wrench_shift(x, ws, mr);
    FZ_CHECK(fz_near(x, wr, 6, sw, 8));
    /* the power does not depend on the reference point */
    for (i = 0; i < 6; ++i) pw += fabs((double)wr[i]) * fabs((double)tw[i]);
    pw += sc * sw;
    {
      double p0 = (double)spconv_power(wr, tw), p1 = (double)spconv_power(ws, ts);
      FZ_CHECK(fabs(p0 - p1) <= FZ_TOL * 16 * (pw > 1 ? pw : 1));
    }
  }

  /* rotation of both halves: power kept for a rotation matrix */
  spconv_mat_from_quat_wxyz(R, q);
  spconv_spatial_rotate(x, R, tw);
  memcpy(y, tw, sizeof y);
  spconv_spatial_rotate(y, R, y);
  FZ_CHECK(fz_same(x, y, 6));
  if (fz_quat_ok(q) && fz_moderate(tw, 6) && fz_moderate(wr, 6)) {
    spconv_real z[6];
    double pw = 0, p0, p1;
    spconv_spatial_rotate(z, R, wr);
    for (i = 0; i < 6; ++i) pw += fabs((double)wr[i]) * fabs((double)tw[i]);
    pw += fz_maxabs(wr, 6) * fz_maxabs(tw, 6) * 6;
    p0 = (double)spconv_power(wr, tw);
    p1 = (double)spconv_power(z, x);
    FZ_CHECK(fabs(p0 - p1) <= FZ_TOL * 16 * (pw > 1 ? pw : 1));
  }
  if (fz_any_nan(wr, 6) || fz_any_nan(tw, 6)) FZ_CHECK(isnan(spconv_power(wr, tw)));
  return 0;
}
