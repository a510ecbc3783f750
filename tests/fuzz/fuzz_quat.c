/* Fuzz: quaternion storage order and rotation (spconv_quat_wxyz_from_xyzw,
   spconv_quat_xyzw_from_wxyz, spconv_quat_rotate_wxyz / _xyzw,
   spconv_quat_mul_wxyz, spconv_quat_conj_wxyz). */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  spconv_real q[4], qx[4], b[4], v[3], a[4], t[4], r1[3], r2[3], r3[3], R[9];
  int k, i;
  fz_reals(&in, q, 4);
  fz_reals(&in, v, 3);
  fz_reals(&in, b, 4);
  k = (int)(fz_byte(&in) % 17) - 8; /* a power-of-two scale 2^k */

  /* storage order: pure moves, bit for bit, both ways and in place */
  spconv_quat_xyzw_from_wxyz(qx, q);
  FZ_CHECK(qx[0] == q[1] || isnan(q[1]));
  FZ_CHECK(fz_bits(qx + 3, q, 1));
  spconv_quat_wxyz_from_xyzw(a, qx);
  FZ_CHECK(fz_bits(a, q, 4));
  memcpy(t, q, sizeof t);
  spconv_quat_xyzw_from_wxyz(t, t);
  FZ_CHECK(fz_bits(t, qx, 4));
  spconv_quat_wxyz_from_xyzw(t, t);
  FZ_CHECK(fz_bits(t, q, 4));

  /* the two storage orders rotate identically, for any input */
  spconv_quat_rotate_wxyz(r1, q, v);
  spconv_quat_rotate_xyzw(r2, qx, v);
  FZ_CHECK(fz_same(r1, r2, 3));
  /* res may alias v */
  memcpy(r3, v, sizeof r3);
  spconv_quat_rotate_wxyz(r3, q, r3);
  FZ_CHECK(fz_same(r1, r3, 3));
  /* NaN never disappears */
  if (fz_any_nan(q, 4) || fz_any_nan(v, 3)) FZ_CHECK(fz_any_nan(r1, 3));

  /* the zero quaternion acts as the identity */
  if (q[0] == 0 && q[1] == 0 && q[2] == 0 && q[3] == 0 && fz_finite(v, 3)) {
    FZ_CHECK(fz_same(r1, v, 3));
  }

  if (fz_quat_ok(q) && fz_moderate(v, 3)) {
    double nv = fz_norm(v, 3);
    spconv_real c[4], qc[4];
    /* a rotation keeps lengths */
    FZ_CHECK(fabs(fz_norm(r1, 3) - nv) <= FZ_TOL * 8 * (nv > 1 ? nv : 1));
    /* the conjugate undoes it */
    spconv_quat_conj_wxyz(c, q);
    spconv_quat_rotate_wxyz(r2, c, r1);
    FZ_CHECK(fz_near(r2, v, 3, nv, 16));
    /* matrix form agrees */
    spconv_mat_from_quat_wxyz(R, q);
    for (i = 0; i < 3; ++i) r3[i] = R[3 * i] * v[0] + R[3 * i + 1] * v[1] + R[3 * i + 2] * v[2];
    FZ_CHECK(fz_near(r3, r1, 3, nv, 16));
    /* q and 2^k q rotate bit for bit alike (every step scales exactly,
       away from underflow) */
    for (i = 0; i < 4; ++i) qc[i] = FZ_LDEXP(q[i], k);
    spconv_quat_rotate_wxyz(r2, qc, v);
    if (fz_exact_range(q, 4) && fz_exact_range(v, 3)) FZ_CHECK(fz_same(r2, r1, 3));
    /* the Hamilton product composes: (q b) v = q (b v) */
    if (fz_quat_ok(b)) {
      spconv_real qb[4], bv[3];
      spconv_quat_mul_wxyz(qb, q, b);
      spconv_quat_rotate_wxyz(r2, qb, v);
      spconv_quat_rotate_wxyz(bv, b, v);
      spconv_quat_rotate_wxyz(r3, q, bv);
      FZ_CHECK(fz_near(r2, r3, 3, nv, 32));
      /* in place on either factor */
      memcpy(t, q, sizeof t);
      spconv_quat_mul_wxyz(t, t, b);
      FZ_CHECK(fz_same(t, qb, 4));
      memcpy(t, b, sizeof t);
      spconv_quat_mul_wxyz(t, q, t);
      FZ_CHECK(fz_same(t, qb, 4));
    }
  }
  /* conj in place */
  memcpy(t, q, sizeof t);
  spconv_quat_conj_wxyz(t, t);
  FZ_CHECK(fz_bits(t, q, 1));
  FZ_CHECK(t[1] == -q[1] || isnan(q[1]));
  return 0;
}
