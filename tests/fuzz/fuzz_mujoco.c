/* Fuzz: the MuJoCo free joint (spconv_twist_from_mujoco_qvel and its
   inverse, spconv_mujoco_qfrc_from_wrench and its inverse,
   spconv_twist_from_mujoco_cvel). */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef void (*fz_mj_fn)(spconv_real *, const spconv_real *, const spconv_real *,
                         const spconv_real *);

/* res may alias each input: the same result as out of place */
static void fz_mj_alias(fz_mj_fn fn, const spconv_real x[6], const spconv_real *q, int nq,
                        const spconv_real p[3]) {
  spconv_real want[6], a[6];
  fn(want, x, q, p);
  memcpy(a, x, 6 * sizeof(spconv_real));
  fn(a, a, q, p);
  FZ_CHECK(fz_same(a, want, 6));
  memcpy(a, q, (size_t)nq * sizeof(spconv_real));
  fn(a, x, a, p);
  FZ_CHECK(fz_same(a, want, 6));
  memcpy(a, p, 3 * sizeof(spconv_real));
  fn(a, x, q, a);
  FZ_CHECK(fz_same(a, want, 6));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  spconv_real qvel[6], wr[6], q[4], ipos[3], tw[6], back[6], qfrc[6], cvel[6], pt[3], st[3];
  spconv_real one[4] = {1, 0, 0, 0}, zero[4] = {0, 0, 0, 0};
  fz_reals(&in, qvel, 6);
  fz_reals(&in, wr, 6);
  fz_reals(&in, q, 4);
  fz_reals(&in, ipos, 3);
  fz_reals(&in, pt, 3);
  fz_reals(&in, st, 3);
  memcpy(cvel, qvel, sizeof cvel);

  fz_mj_alias(spconv_twist_from_mujoco_qvel, qvel, q, 4, ipos);
  fz_mj_alias(spconv_mujoco_qvel_from_twist, qvel, q, 4, ipos);
  fz_mj_alias(spconv_mujoco_qfrc_from_wrench, wr, q, 4, ipos);
  fz_mj_alias(spconv_wrench_from_mujoco_qfrc, wr, q, 4, ipos);
  fz_mj_alias(spconv_twist_from_mujoco_cvel, cvel, pt, 3, st);

  spconv_twist_from_mujoco_qvel(tw, qvel, q, ipos);
  spconv_mujoco_qfrc_from_wrench(qfrc, wr, q, ipos);
  if (fz_any_nan(qvel, 6) || fz_any_nan(q, 4) || fz_any_nan(ipos, 3))
    FZ_CHECK(fz_any_nan(tw, 6));
  if (fz_any_nan(wr, 6) || fz_any_nan(q, 4) || fz_any_nan(ipos, 3))
    FZ_CHECK(fz_any_nan(qfrc, 6));
  /* the force passes through unchanged */
  FZ_CHECK(fz_bits(qfrc, wr, 3));

  /* the zero quaternion is the identity rotation */
  if (fz_finite(qvel, 6) && fz_finite(ipos, 3)) {
    spconv_real t0[6], t1[6];
    spconv_twist_from_mujoco_qvel(t0, qvel, zero, ipos);
    spconv_twist_from_mujoco_qvel(t1, qvel, one, ipos);
    FZ_CHECK(fz_same(t0, t1, 6));
  }

  if (fz_quat_ok(q) && fz_moderate(qvel, 6) && fz_moderate(wr, 6) && fz_moderate(ipos, 3)) {
    double s = fz_maxabs(qvel, 6) * (1 + fz_maxabs(ipos, 3));
    double sf = fz_maxabs(wr, 6) * (1 + fz_maxabs(ipos, 3));
    double p0, p1, ps;
    /* round trips */
    spconv_mujoco_qvel_from_twist(back, tw, q, ipos);
    FZ_CHECK(fz_near(back, qvel, 6, s, 64));
    spconv_wrench_from_mujoco_qfrc(back, qfrc, q, ipos);
    FZ_CHECK(fz_near(back, wr, 6, sf, 64));
    /* power: qfrc . qvel == wrench . twist */
    p0 = (double)spconv_power(qfrc, qvel);
    p1 = (double)spconv_power(wr, tw);
    ps = s * sf * 6;
    FZ_CHECK(fabs(p0 - p1) <= FZ_TOL * 64 * (ps > 1 ? ps : 1));
  }

  /* cvel: v_P = v + w x (P - S), w unchanged */
  {
    spconv_real res[6];
    spconv_twist_from_mujoco_cvel(res, cvel, pt, st);
    FZ_CHECK(fz_bits(res + 3, cvel, 3));
    if (fz_moderate(cvel, 6) && fz_moderate(pt, 3) && fz_moderate(st, 3)) {
      spconv_real want[6], r[3];
      int i;
      for (i = 0; i < 3; ++i) r[i] = pt[i] - st[i];
      want[0] = cvel[3] + cvel[1] * r[2] - cvel[2] * r[1];
      want[1] = cvel[4] + cvel[2] * r[0] - cvel[0] * r[2];
      want[2] = cvel[5] + cvel[0] * r[1] - cvel[1] * r[0];
      want[3] = cvel[0];
      want[4] = cvel[1];
      want[5] = cvel[2];
      FZ_CHECK(fz_near(res, want, 6, fz_maxabs(cvel, 6) * (1 + fz_maxabs(r, 3)), 4));
    }
  }
  return 0;
}
