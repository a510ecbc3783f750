/* Fuzz: spatial vectors (spconv_twist_shift, spconv_wrench_shift,
   spconv_spatial_swap, spconv_spatial_rotate, spconv_power), and the spatial
   core of >>se3 and >>inertia (poses, 4x4 transforms, adjoints, cross
   products, exp and log, principal axes, spatial inertia, kinetic energy):
   aliasing on every path, the xyzw <-> wxyz reorders, statuses and
   untouched outputs (layouts and orders, valid and not),
   NaN propagation, and round trips on moderate input. */
#include "fuzz_util.h"

/* res = f(a, b) equals f(res, b) with res = a, and f(a, res) with res = b
   (poses of 7 reals); one statement per function */
#define FZ_ALIAS_POSE2(fn, a, b)                                          \
  do {                                                                    \
    spconv_real r0_[7], r1_[7];                                           \
    fn(r0_, a, b);                                                        \
    memcpy(r1_, a, sizeof r1_);                                           \
    fn(r1_, r1_, b);                                                      \
    FZ_CHECK(fz_same(r1_, r0_, 7));                                       \
    memcpy(r1_, b, sizeof r1_);                                           \
    fn(r1_, a, r1_);                                                      \
    FZ_CHECK(fz_same(r1_, r0_, 7));                                       \
  } while (0)

/* f(res, ...) with an order: the status is the order's, nothing written on
   EINVAL; call_stmt assigns st */
#define FZ_ORDER_STATUS(buf, n, call_stmt)                                \
  do {                                                                    \
    fz_fill(buf, n);                                                      \
    call_stmt;                                                            \
    FZ_CHECK(st == (ord_ok ? SPCONV_OK : SPCONV_EINVAL));                 \
    if (!ord_ok) FZ_CHECK(fz_untouched(buf, n));                          \
  } while (0)

/* the spatial core on poses a = [r; q], b = [tw_lin; wr_lin, wr_0], the
   twist tw, the wrench wr, an inertia made symmetric from tw and wr, and a
   layout and an order read from the input (valid and invalid) */
static void fz_spatial_core(fz_in *in, const spconv_real tw[6], const spconv_real wr[6],
                            const spconv_real r[3], const spconv_real q[4]) {
  spconv_real a[7], b[7], ax[7], bx[7], x[36], y[36], z[36], I[9], dg[3], iq[4];
  spconv_real t = tw[5], dt = wr[5], m = wr[4];
  spconv_mat4_layout lay = (spconv_mat4_layout)fz_enum(in, SPCONV_MAT4_ROW_MAJOR);
  spconv_order ord = (spconv_order)fz_enum(in, SPCONV_ORDER_LINEAR_FIRST);
  int st, i, lay_ok = lay == SPCONV_MAT4_ROW_MAJOR || lay == SPCONV_MAT4_COLUMN_MAJOR;
  int ord_ok = ord == SPCONV_ORDER_LINEAR_FIRST || ord == SPCONV_ORDER_ANGULAR_FIRST;
  memcpy(a, r, 3 * sizeof(spconv_real));
  memcpy(a + 3, q, 4 * sizeof(spconv_real));
  memcpy(b, tw, 3 * sizeof(spconv_real));
  memcpy(b + 3, wr, 4 * sizeof(spconv_real));
  /* the reorders: exact moves, a round trip, in place, the batch form */
  spconv_pose_xyzw_from_wxyz(ax, a);
  FZ_CHECK(fz_bits(ax, a, 3) && fz_bits(ax + 3, a + 4, 3) && fz_bits(ax + 6, a + 3, 1));
  spconv_pose_wxyz_from_xyzw(x, ax);
  FZ_CHECK(fz_bits(x, a, 7));
  memcpy(y, a, 7 * sizeof(spconv_real));
  memcpy(y + 7, b, 7 * sizeof(spconv_real));
  spconv_pose_xyzw_from_wxyz_n(y, y, 2);
  spconv_pose_xyzw_from_wxyz(bx, b);
  FZ_CHECK(fz_bits(y, ax, 7) && fz_bits(y + 7, bx, 7));
  spconv_pose_wxyz_from_xyzw_n(z, y, 2);
  FZ_CHECK(fz_bits(z, a, 7) && fz_bits(z + 7, b, 7));

  /* aliasing, every pose function */
  FZ_ALIAS_POSE2(spconv_pose_mul_wxyz, a, b);
  FZ_ALIAS_POSE2(spconv_pose_relative_wxyz, a, b);
  spconv_pose_interp_wxyz(x, a, b, t);
  memcpy(y, b, 7 * sizeof(spconv_real));
  spconv_pose_interp_wxyz(y, a, y, t);
  FZ_CHECK(fz_same(y, x, 7));
  spconv_pose_inv_wxyz(x, a);
  memcpy(y, a, 7 * sizeof(spconv_real));
  spconv_pose_inv_wxyz(y, y);
  FZ_CHECK(fz_same(y, x, 7));
  spconv_pose_transform_point_wxyz(x, a, tw);
  memcpy(y, tw, 3 * sizeof(spconv_real));
  spconv_pose_transform_point_wxyz(y, a, y);
  FZ_CHECK(fz_same(x, y, 3));
  spconv_pose_rotate_vec_wxyz(x, a, tw);
  memcpy(y, tw, 3 * sizeof(spconv_real));
  spconv_pose_rotate_vec_wxyz(y, a, y);
  FZ_CHECK(fz_same(x, y, 3));
  if (fz_any_nan(a, 7) || fz_any_nan(tw, 3)) {
    spconv_pose_transform_point_wxyz(x, a, tw);
    FZ_CHECK(fz_any_nan(x, 3));
  }

  /* 4x4: the status is the layout's; round trip on a moderate pose */
  fz_fill(x, 16);
  st = spconv_mat4_from_pose_wxyz(x, a, lay);
  FZ_CHECK(st == (lay_ok ? SPCONV_OK : SPCONV_EINVAL));
  if (!lay_ok) FZ_CHECK(fz_untouched(x, 16));
  fz_fill(y, 7);
  st = spconv_pose_wxyz_from_mat4(y, x, lay);
  FZ_CHECK(st == SPCONV_OK || st == SPCONV_EINVAL);
  if (st != SPCONV_OK) FZ_CHECK(fz_untouched(y, 7));
  if (lay_ok && fz_quat_ok(q) && fz_moderate(r, 3)) {
    FZ_CHECK(st == SPCONV_OK);
    FZ_CHECK(fz_bits(y, r, 3) && y[3] >= 0 && fz_is_unit(y + 3, 4, 4));
    FZ_CHECK(fz_quat_gap(y + 3, q) <= FZ_TOL * 4);
  }
  /* any 16 reals: a known status, aliasing on every path */
  memcpy(x, tw, 6 * sizeof(spconv_real));
  memcpy(x + 6, wr, 6 * sizeof(spconv_real));
  memcpy(x + 12, q, 4 * sizeof(spconv_real));
  fz_fill(y, 7);
  st = spconv_pose_wxyz_from_mat4(y, x, lay);
  FZ_CHECK(st == SPCONV_OK || st == SPCONV_EINVAL);
  if (st != SPCONV_OK) FZ_CHECK(fz_untouched(y, 7));
  memcpy(z, x, 16 * sizeof(spconv_real));
  FZ_CHECK(spconv_pose_wxyz_from_mat4(z, z, lay) == st);
  if (st == SPCONV_OK) FZ_CHECK(fz_same(z, y, 7));

  /* adjoints: the status is the order's; power kept on moderate input */
  fz_fill(x, 36);
  st = spconv_adjoint_twist_matrix_wxyz(x, a, ord);
  FZ_CHECK(st == (ord_ok ? SPCONV_OK : SPCONV_EINVAL));
  if (!ord_ok) FZ_CHECK(fz_untouched(x, 36));
  fz_fill(x, 36);
  st = spconv_adjoint_wrench_matrix_wxyz(x, a, ord);
  FZ_CHECK(st == (ord_ok ? SPCONV_OK : SPCONV_EINVAL));
  if (!ord_ok) FZ_CHECK(fz_untouched(x, 36));
  FZ_ORDER_STATUS(x, 6, st = spconv_twist_transform_wxyz(x, a, tw, ord));
  FZ_ORDER_STATUS(y, 6, st = spconv_wrench_transform_wxyz(y, a, wr, ord));
  FZ_ORDER_STATUS(z, 6, st = spconv_twist_cross(z, tw, wr, ord));
  FZ_ORDER_STATUS(z, 6, st = spconv_wrench_cross(z, tw, wr, ord));
  FZ_ORDER_STATUS(z, 7, st = spconv_pose_exp_wxyz(z, tw, dt, ord));
  FZ_ORDER_STATUS(z, 6, st = spconv_twist_log_wxyz(z, a, ord));
  if (!ord_ok) ord = SPCONV_ORDER_LINEAR_FIRST; /* the checks below: a valid order */
  FZ_CHECK(spconv_twist_transform_wxyz(x, a, tw, ord) == SPCONV_OK);
  FZ_CHECK(spconv_wrench_transform_wxyz(y, a, wr, ord) == SPCONV_OK);
  memcpy(z, tw, 6 * sizeof(spconv_real));
  FZ_CHECK(spconv_twist_transform_wxyz(z, a, z, ord) == SPCONV_OK);
  FZ_CHECK(fz_same(z, x, 6));
  memcpy(z, a, 7 * sizeof(spconv_real));
  FZ_CHECK(spconv_wrench_transform_wxyz(z, z, wr, ord) == SPCONV_OK);
  FZ_CHECK(fz_same(z, y, 6));
  if (fz_quat_ok(q) && fz_moderate(r, 3) && fz_moderate(tw, 6) && fz_moderate(wr, 6)) {
    double pw = fz_maxabs(wr, 6) * fz_maxabs(tw, 6) * 36 * (1 + fz_maxabs(r, 3));
    FZ_CHECK(fabs((double)spconv_power(y, x) - (double)spconv_power(wr, tw)) <=
             FZ_TOL * 16 * (pw > 1 ? pw : 1));
  }
  /* cross products: duality (v x* f).m = -f.(v x m), aliasing */
  FZ_CHECK(spconv_twist_cross(x, tw, wr, ord) == SPCONV_OK);
  FZ_CHECK(spconv_wrench_cross(y, tw, wr, ord) == SPCONV_OK);
  memcpy(z, tw, 6 * sizeof(spconv_real));
  FZ_CHECK(spconv_twist_cross(z, z, wr, ord) == SPCONV_OK);
  FZ_CHECK(fz_same(z, x, 6));
  memcpy(z, wr, 6 * sizeof(spconv_real));
  FZ_CHECK(spconv_wrench_cross(z, tw, z, ord) == SPCONV_OK);
  FZ_CHECK(fz_same(z, y, 6));
  if (fz_moderate(tw, 6) && fz_moderate(wr, 6)) {
    double s = fz_maxabs(tw, 6) * fz_maxabs(wr, 6) * fz_maxabs(wr, 6) * 36;
    FZ_CHECK(fabs((double)spconv_power(y, wr) + (double)spconv_power(wr, x)) <=
             FZ_TOL * 16 * (s > 1 ? s : 1));
  }

  /* exp and log: unit q; log(exp(V)) = V for |w dt| < 3 on moderate input */
  FZ_CHECK(spconv_pose_exp_wxyz(x, tw, dt, ord) == SPCONV_OK);
  memcpy(z, tw, 6 * sizeof(spconv_real));
  FZ_CHECK(spconv_pose_exp_wxyz(z, z, dt, ord) == SPCONV_OK);
  FZ_CHECK(fz_same(z, x, 7));
  FZ_CHECK(spconv_twist_log_wxyz(y, a, ord) == SPCONV_OK);
  memcpy(z, a, 7 * sizeof(spconv_real));
  FZ_CHECK(spconv_twist_log_wxyz(z, z, ord) == SPCONV_OK);
  FZ_CHECK(fz_same(z, y, 6));
  if (fz_any_nan(tw, 6) || isnan(dt)) FZ_CHECK(fz_any_nan(x, 7));
  if (fz_moderate(tw, 6) && fz_moderate(&dt, 1) &&
      fz_norm(tw + (ord == SPCONV_ORDER_LINEAR_FIRST ? 3 : 0), 3) * fabs((double)dt) < 3) {
    FZ_CHECK(fz_is_unit(x + 3, 4, 4));
    FZ_CHECK(spconv_twist_log_wxyz(y, x, ord) == SPCONV_OK);
    for (i = 0; i < 6; ++i) z[i] = tw[i] * dt;
    FZ_CHECK(fz_near(y, z, 6, fz_maxabs(z, 6), 64));
  }

  /* inertia: a symmetric I from tw and wr (any values); the status is
     EINVAL exactly for a non-finite entry; round trip on moderate input */
  I[0] = tw[0];
  I[4] = tw[1];
  I[8] = tw[2];
  I[1] = I[3] = wr[0];
  I[2] = I[6] = wr[1];
  I[5] = I[7] = wr[2];
  fz_fill(dg, 3);
  fz_fill(iq, 4);
  st = spconv_principal_from_inertia(dg, iq, I);
  FZ_CHECK(st == (fz_finite(I, 9) ? SPCONV_OK : SPCONV_EINVAL));
  if (st != SPCONV_OK) FZ_CHECK(fz_untouched(dg, 3) && fz_untouched(iq, 4));
  if (fz_moderate(I, 9)) {
    FZ_CHECK(dg[0] >= dg[1] && dg[1] >= dg[2] && iq[0] >= 0 && fz_is_unit(iq, 4, 4));
    spconv_inertia_from_principal(x, dg, iq);
    FZ_CHECK(fz_near(x, I, 9, fz_maxabs(I, 9), 16));
  }
  I[1] = wr[3]; /* a non-symmetric I: refused unless I_01 = I_10 (nearly) */
  st = spconv_principal_from_inertia(dg, iq, I);
  FZ_CHECK(st == SPCONV_OK || st == SPCONV_EINVAL);
  spconv_inertia_from_principal(x, tw, q);
  memcpy(z, tw, 3 * sizeof(spconv_real));
  spconv_inertia_from_principal(z, z, q);
  FZ_CHECK(fz_same(z, x, 9));
  spconv_inertia_shift(x, I, m, wr, r);
  memcpy(z, I, 9 * sizeof(spconv_real));
  spconv_inertia_shift(z, z, m, wr, r);
  FZ_CHECK(fz_same(z, x, 9));
  memcpy(z, wr, 3 * sizeof(spconv_real));
  spconv_inertia_shift(z, I, m, z, r);
  FZ_CHECK(fz_same(z, x, 9));
  spconv_spatial_inertia(y, m, r, x);
  memcpy(z, x, 9 * sizeof(spconv_real));
  spconv_spatial_inertia(z, m, r, z);
  FZ_CHECK(fz_same(z, y, 36));
  spconv_spatial_inertia_transform_wxyz(x, a, y); /* any 36 reals, res = M and res = pose */
  memcpy(z, y, 36 * sizeof(spconv_real));
  spconv_spatial_inertia_transform_wxyz(z, a, z);
  FZ_CHECK(fz_same(z, x, 36));
  memcpy(z, a, 7 * sizeof(spconv_real));
  spconv_spatial_inertia_transform_wxyz(z, z, y);
  FZ_CHECK(fz_same(z, x, 36));
  if (fz_moderate(I, 9) && fz_moderate(r, 3) && fz_moderate(tw, 6) && fz_moderate(&m, 1)) {
    double e = (double)spconv_kinetic_energy(m, r, I, tw), s;
    spconv_spatial_inertia(y, m, r, I);
    for (i = 0; i < 6; ++i) {
      int k;
      z[i] = 0;
      for (k = 0; k < 6; ++k) z[i] += y[6 * i + k] * tw[k];
    }
    s = fz_maxabs(y, 36) * fz_maxabs(tw, 6) * fz_maxabs(tw, 6) * 36;
    FZ_CHECK(fabs(e - 0.5 * (double)spconv_power(z, tw)) <= FZ_TOL * 16 * (s > 1 ? s : 1));
  }
}

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
  fz_spatial_core(&in, tw, wr, r, q);
  return 0;
}
