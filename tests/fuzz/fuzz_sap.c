/* Fuzz: the SAP boundary (the six conversions and P_v, P_f). */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef void (*fz_sap_fn)(spconv_real *, const spconv_real *, const spconv_real *);

static void fz_sap_alias(fz_sap_fn fn, const spconv_real x[6], const spconv_real r[3],
                         spconv_real out[6]) {
  spconv_real a[6];
  fn(out, x, r);
  memcpy(a, x, 6 * sizeof(spconv_real));
  fn(a, a, r);
  FZ_CHECK(fz_same(a, out, 6));
  memcpy(a, r, 3 * sizeof(spconv_real));
  fn(a, x, a);
  FZ_CHECK(fz_same(a, out, 6));
  if (fz_any_nan(x, 6) || fz_any_nan(r, 3)) FZ_CHECK(fz_any_nan(out, 6));
}

/* res = M x for a row-major 6x6 */
static void fz_mat6_vec(spconv_real res[6], const spconv_real M[36], const spconv_real x[6]) {
  int i, j;
  for (i = 0; i < 6; ++i) {
    spconv_real s = 0;
    for (j = 0; j < 6; ++j) s += M[6 * i + j] * x[j];
    res[i] = s;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  spconv_real u[6], g[6], r[3], us[6], gs[6], fs[6], a[6], P[36], Q[36];
  int i;
  fz_reals(&in, u, 6);
  fz_reals(&in, g, 6);
  fz_reals(&in, r, 3);

  fz_sap_alias(spconv_sap_twist_from_public, u, r, us);
  fz_sap_alias(spconv_sap_wrench_from_public, g, r, gs);
  fz_sap_alias(spconv_sap_body_force_from_public, g, r, fs);
  fz_sap_alias(spconv_public_twist_from_sap, u, r, a);
  fz_sap_alias(spconv_public_wrench_from_sap, g, r, a);
  fz_sap_alias(spconv_public_body_force_from_sap, g, r, a);
  /* the body force is the negated wrench map (to rounding: with FMA
     contraction the two expressions may round differently) */
  if (fz_moderate(g, 6) && fz_moderate(r, 3)) {
    spconv_real ng[6];
    for (i = 0; i < 6; ++i) ng[i] = -gs[i];
    FZ_CHECK(fz_near(fs, ng, 6, fz_maxabs(g, 6) * (1 + fz_maxabs(r, 3)), 4));
  }
  /* moved parts are moved bit for bit */
  FZ_CHECK(fz_bits(us, u + 3, 3));
  FZ_CHECK(fz_bits(gs + 3, g, 3));

  /* the matrices: res may alias r; P_v and P_f exactly as documented */
  spconv_sap_twist_matrix(P, r);
  memcpy(Q, r, 3 * sizeof(spconv_real));
  spconv_sap_twist_matrix(Q, Q);
  FZ_CHECK(fz_bits(P, Q, 36));
  spconv_sap_wrench_matrix(Q, r);
  {
    spconv_real W[36];
    memcpy(W, r, 3 * sizeof(spconv_real));
    spconv_sap_wrench_matrix(W, W);
    FZ_CHECK(fz_bits(W, Q, 36));
  }

  if (fz_moderate(u, 6) && fz_moderate(g, 6) && fz_moderate(r, 3)) {
    double su = fz_maxabs(u, 6) * (1 + fz_maxabs(r, 3));
    double sg = fz_maxabs(g, 6) * (1 + fz_maxabs(r, 3));
    double ps = su * sg * 6, p0, p1;
    /* round trips */
    spconv_public_twist_from_sap(a, us, r);
    FZ_CHECK(fz_near(a, u, 6, su, 8));
    spconv_public_wrench_from_sap(a, gs, r);
    FZ_CHECK(fz_near(a, g, 6, sg, 8));
    spconv_public_body_force_from_sap(a, fs, r);
    FZ_CHECK(fz_near(a, g, 6, sg, 8));
    /* power is kept: g_sap . u_sap == g_public . u_public */
    p0 = (double)spconv_power(g, u);
    p1 = (double)spconv_power(gs, us);
    FZ_CHECK(fabs(p0 - p1) <= FZ_TOL * 16 * (ps > 1 ? ps : 1));
    /* the matrices give the same maps */
    fz_mat6_vec(a, P, u);
    FZ_CHECK(fz_near(a, us, 6, su, 8));
    fz_mat6_vec(a, Q, g);
    FZ_CHECK(fz_near(a, gs, 6, sg, 8));
  }
  return 0;
}
