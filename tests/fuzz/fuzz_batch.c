/* Fuzz: batch forms. Every _n form equals its single-element function on
   each element, in place and out of place; the up-axis batch forms refuse
   unknown axes without writing. */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FZ_N 8

typedef void (*fz_b0)(spconv_real *, const spconv_real *, size_t);
typedef void (*fz_s0)(spconv_real *, const spconv_real *);
typedef void (*fz_b1)(spconv_real *, const spconv_real *, const spconv_real *, size_t);
typedef void (*fz_s1)(spconv_real *, const spconv_real *, const spconv_real *);
typedef int (*fz_bm)(spconv_real *, const spconv_real *, const spconv_real *, size_t,
                     const spconv_real *, size_t);
typedef void (*fz_sm)(spconv_real *, const spconv_real *, const spconv_real *,
                      const spconv_real *);

static void fz_check0(fz_b0 bf, fz_s0 sf, const spconv_real *x, size_t n) {
  spconv_real a[4 * FZ_N], b[4 * FZ_N], c[4 * FZ_N];
  size_t i;
  bf(a, x, n);
  memcpy(b, x, sizeof(spconv_real) * 4 * n);
  bf(b, b, n);
  for (i = 0; i < n; ++i) sf(c + 4 * i, x + 4 * i);
  FZ_CHECK(fz_bits(a, c, (int)(4 * n)) && fz_bits(b, c, (int)(4 * n)));
}

static void fz_check1(fz_b1 bf, fz_s1 sf, const spconv_real *x, const spconv_real *p,
                      size_t n) {
  spconv_real a[6 * FZ_N], b[6 * FZ_N], c[6 * FZ_N];
  size_t i;
  bf(a, x, p, n);
  memcpy(b, x, sizeof(spconv_real) * 6 * n);
  bf(b, b, p, n);
  for (i = 0; i < n; ++i) sf(c + 6 * i, x + 6 * i, p + 3 * i);
  FZ_CHECK(fz_same(a, c, (int)(6 * n)) && fz_same(b, c, (int)(6 * n)));
}

static void fz_checkm(fz_bm bf, fz_sm sf, const spconv_real *x, const spconv_real *qpos,
                      const spconv_real *ipos, size_t n) {
  spconv_real a[6 * FZ_N], b[6 * FZ_N], c[6 * FZ_N];
  size_t i;
  FZ_CHECK(bf(a, x, qpos + 3, 7, ipos, n) == SPCONV_OK);
  memcpy(b, x, sizeof(spconv_real) * 6 * n);
  FZ_CHECK(bf(b, b, qpos + 3, 7, ipos, n) == SPCONV_OK);
  for (i = 0; i < n; ++i) sf(c + 6 * i, x + 6 * i, qpos + 7 * i + 3, ipos + 3 * i);
  FZ_CHECK(fz_same(a, c, (int)(6 * n)) && fz_same(b, c, (int)(6 * n)));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  size_t n = fz_byte(&in) % (FZ_N + 1), i;
  int from = fz_int(&in), to = fz_int(&in), s;
  int valid = from >= 0 && from <= 2 && to >= 0 && to <= 2;
  spconv_real x[6 * FZ_N], p[3 * FZ_N], qpos[7 * FZ_N], q[4 * FZ_N];
  spconv_real a[6 * FZ_N], b[6 * FZ_N], M[9], qu[4];
  fz_reals(&in, x, (int)(6 * n));
  fz_reals(&in, p, (int)(3 * n));
  fz_reals(&in, qpos, (int)(7 * n));
  fz_reals(&in, q, (int)(4 * n));

  fz_check0(spconv_quat_wxyz_from_xyzw_n, spconv_quat_wxyz_from_xyzw, q, n);
  fz_check0(spconv_quat_xyzw_from_wxyz_n, spconv_quat_xyzw_from_wxyz, q, n);
  fz_check1(spconv_twist_shift_n, spconv_twist_shift, x, p, n);
  fz_check1(spconv_wrench_shift_n, spconv_wrench_shift, x, p, n);
  fz_check1(spconv_sap_twist_from_public_n, spconv_sap_twist_from_public, x, p, n);
  fz_check1(spconv_public_twist_from_sap_n, spconv_public_twist_from_sap, x, p, n);
  fz_check1(spconv_sap_wrench_from_public_n, spconv_sap_wrench_from_public, x, p, n);
  fz_check1(spconv_public_wrench_from_sap_n, spconv_public_wrench_from_sap, x, p, n);
  fz_check1(spconv_sap_body_force_from_public_n, spconv_sap_body_force_from_public, x, p, n);
  fz_check1(spconv_public_body_force_from_sap_n, spconv_public_body_force_from_sap, x, p, n);
  fz_checkm(spconv_twist_from_mujoco_qvel_n, spconv_twist_from_mujoco_qvel, x, qpos, p, n);
  fz_checkm(spconv_mujoco_qvel_from_twist_n, spconv_mujoco_qvel_from_twist, x, qpos, p, n);
  fz_checkm(spconv_mujoco_qfrc_from_wrench_n, spconv_mujoco_qfrc_from_wrench, x, qpos, p, n);
  fz_checkm(spconv_wrench_from_mujoco_qfrc_n, spconv_wrench_from_mujoco_qfrc, x, qpos, p, n);

  /* up axis: unknown axes are refused before anything is written */
  fz_fill(a, (int)(6 * n));
  s = spconv_vec_change_up_axis_n(a, x, 2 * n, (spconv_axis)from, (spconv_axis)to);
  FZ_CHECK(s == (valid ? SPCONV_OK : SPCONV_EINVAL));
  if (!valid) {
    FZ_CHECK(fz_untouched(a, (int)(6 * n)));
    FZ_CHECK(spconv_spatial_change_up_axis_n(a, x, n, (spconv_axis)from, (spconv_axis)to) ==
             SPCONV_EINVAL);
    FZ_CHECK(spconv_quat_wxyz_change_world_up_axis_n(a, q, n, (spconv_axis)from, (spconv_axis)to) ==
             SPCONV_EINVAL);
    FZ_CHECK(spconv_quat_xyzw_change_world_up_axis_n(a, q, n, (spconv_axis)from, (spconv_axis)to) ==
             SPCONV_EINVAL);
    FZ_CHECK(fz_untouched(a, (int)(6 * n)));
    return 0;
  }
  /* each 3-vector is the signed permutation of the up-axis matrix, exactly */
  FZ_CHECK(spconv_up_axis_matrix(M, (spconv_axis)from, (spconv_axis)to) == SPCONV_OK);
  for (i = 0; i < 2 * n; ++i) {
    size_t r, c;
    for (r = 0; r < 3; ++r)
      for (c = 0; c < 3; ++c)
        if (M[3 * r + c] != 0) {
          spconv_real want = M[3 * r + c] * x[3 * i + c];
          FZ_CHECK(fz_bits(a + 3 * i + r, &want, 1) || (isnan(want) && isnan(a[3 * i + r])));
        }
  }
  memcpy(b, x, sizeof(spconv_real) * 6 * n);
  FZ_CHECK(spconv_spatial_change_up_axis_n(b, b, n, (spconv_axis)from, (spconv_axis)to) == SPCONV_OK);
  FZ_CHECK(fz_bits(a, b, (int)(6 * n)) || fz_same(a, b, (int)(6 * n)));
  /* quaternions: q_up q, both storage orders */
  FZ_CHECK(spconv_up_axis_quat_wxyz(qu, (spconv_axis)from, (spconv_axis)to) == SPCONV_OK);
  FZ_CHECK(spconv_quat_wxyz_change_world_up_axis_n(a, q, n, (spconv_axis)from, (spconv_axis)to) == SPCONV_OK);
  for (i = 0; i < n; ++i) {
    spconv_real want[4], qx[4], got[4];
    spconv_quat_mul_wxyz(want, qu, q + 4 * i);
    FZ_CHECK(fz_same(a + 4 * i, want, 4));
    spconv_quat_xyzw_from_wxyz(qx, q + 4 * i);
    FZ_CHECK(spconv_quat_xyzw_change_world_up_axis_n(b, qx, 1, (spconv_axis)from, (spconv_axis)to) ==
             SPCONV_OK);
    spconv_quat_wxyz_from_xyzw(got, b);
    FZ_CHECK(fz_same(got, want, 4));
  }
  memcpy(b, q, sizeof(spconv_real) * 4 * n);
  FZ_CHECK(spconv_quat_wxyz_change_world_up_axis_n(b, b, n, (spconv_axis)from, (spconv_axis)to) == SPCONV_OK);
  FZ_CHECK(fz_same(a, b, (int)(4 * n)));
  return 0;
}
