/* spatial_conv.h sections: quaternions, axis systems, spatial vectors, MuJoCo, SAP (their batch _n forms). */
/* Batch (_n) forms: each element equals the single-element function bit
   for bit, in place equals out of place, n = 0 writes nothing, bad axes are refused;
   one cmocka test per function or small family, named after it. Built in
   double and in float from this one source. */
/* every out-of-place quaternion reorder into a 16-byte aligned array takes
   the non-temporal store path where the header has one (x86 SSE2), so
   that it is tested at these sizes too */
#define SPCONV_STREAM_MIN_BYTES 0u
#include "test_util.h"

enum { N = 67 }; /* odd, so no vector width divides it */

/* batch against single element: bit for bit, except under -ffast-math,
   which lets two call sites round differently (docs/compilers.md) */
#ifdef __FAST_MATH__
#  define BATCH_TOL TEST_TOL
#else
#  define BATCH_TOL 0.0
#endif

/* out-of-place, in-place and element-by-element results of a 6-vector batch
   function taking (res, x[6n], p[stride*n], n), against its single form */
typedef void (*batch6_fn)(spconv_real *, const spconv_real *, const spconv_real *, size_t);
typedef void (*single6_fn)(spconv_real *, const spconv_real *, const spconv_real *);

static void check_batch6(batch6_fn batch, single6_fn single, int stride, int offset,
                         const char *name) {
  static spconv_real x[6 * N], p[9 * N], out[6 * N], inplace[6 * N], one[6];
  int i;
  test_rand_vec(x, 6 * N, 10.0);
  test_rand_vec(p, 9 * N, 2.0);
  if (stride >= 4) /* quaternions (qpos rows: after the position) */
    for (i = 0; i < N; ++i) test_rand_quat(p + stride * i + offset);
  batch(out, x, p, N);
  for (i = 0; i < N; ++i) {
    single(one, x + 6 * i, p + stride * i + offset);
    test_vec_near_impl(out + 6 * i, one, 6, BATCH_TOL, name, __FILE__, __LINE__);
  }
  memcpy(inplace, x, sizeof x);
  batch(inplace, inplace, p, N);
  test_vec_near_impl(inplace, out, 6 * N, BATCH_TOL, name, __FILE__, __LINE__);
  /* n = 0 writes nothing */
  memcpy(inplace, x, sizeof x);
  batch(inplace, out, p, 0);
  test_vec_near_impl(inplace, x, 6 * N, 0.0, name, __FILE__, __LINE__);
}

/* MuJoCo's batch forms take (res, x, quat_wxyz, quat_stride, ipos, n), the
   quaternion pointer of the single form: adapt to check_batch6 with ipos,
   the stride and the quaternion's offset in its row fixed (tested per
   element below) */
static const spconv_real *g_ipos;
static size_t g_qs, g_qoff;
#define MJ_ADAPT(fn)                                                                     \
  static void fn##_b(spconv_real *r, const spconv_real *x, const spconv_real *qp, size_t n) { \
    assert_int_equal(fn##_n(r, x, qp + g_qoff, g_qs, g_ipos, n), SPCONV_OK);             \
  }                                                                                      \
  static int fn##_k;                                                                     \
  static void fn##_s(spconv_real *r, const spconv_real *x, const spconv_real *q) {      \
    fn(r, x, q, g_ipos + 3 * fn##_k++);                                                  \
  }
MJ_ADAPT(spconv_twist_from_mujoco_qvel)
MJ_ADAPT(spconv_mujoco_qvel_from_twist)
MJ_ADAPT(spconv_mujoco_qfrc_from_wrench)
MJ_ADAPT(spconv_wrench_from_mujoco_qfrc)
#undef MJ_ADAPT

/* ------------------------------------------- spatial vectors and SAP */

/* a (res, x[6n], r[3n], n) batch form against its single form (seed 101) */
static void check_spatial_n(batch6_fn batch, single6_fn single, const char *name) {
  test_seed(101);
  check_batch6(batch, single, 3, 0, name);
}

TEST_RUN(test_twist_shift_n,
         check_spatial_n(spconv_twist_shift_n, spconv_twist_shift, "spconv_twist_shift_n"))

TEST_RUN(test_wrench_shift_n,
         check_spatial_n(spconv_wrench_shift_n, spconv_wrench_shift, "spconv_wrench_shift_n"))

TEST_RUN(test_sap_twist_from_public_n,
         check_spatial_n(spconv_sap_twist_from_public_n, spconv_sap_twist_from_public, "spconv_sap_twist_from_public_n"))

TEST_RUN(test_public_twist_from_sap_n,
         check_spatial_n(spconv_public_twist_from_sap_n, spconv_public_twist_from_sap, "spconv_public_twist_from_sap_n"))

TEST_RUN(test_sap_wrench_from_public_n,
         check_spatial_n(spconv_sap_wrench_from_public_n, spconv_sap_wrench_from_public, "spconv_sap_wrench_from_public_n"))

TEST_RUN(test_public_wrench_from_sap_n,
         check_spatial_n(spconv_public_wrench_from_sap_n, spconv_public_wrench_from_sap, "spconv_public_wrench_from_sap_n"))

TEST_RUN(test_sap_body_force_from_public_n,
         check_spatial_n(spconv_sap_body_force_from_public_n, spconv_sap_body_force_from_public, "spconv_sap_body_force_from_public_n"))

TEST_RUN(test_public_body_force_from_sap_n,
         check_spatial_n(spconv_public_body_force_from_sap_n, spconv_public_body_force_from_sap, "spconv_public_body_force_from_sap_n"))

/* ------------------------------------------------------ MuJoCo free joint */

/* a MuJoCo batch form (through its adapters) against its single form:
   random ipos (seed 102), the adapters' counters reset */
static void check_mujoco_n(batch6_fn batch, single6_fn single, const char *name) {
  /* quaternion stride and offset in its row: packed (4), MuJoCo qpos rows
     (qpos + 3, 7), and odd strides (the vector path loads any stride) */
  static const size_t layouts[][2] = {{4, 0}, {7, 3}, {5, 1}, {9, 2}};
  static spconv_real ipos[3 * N];
  size_t l;
  for (l = 0; l < sizeof layouts / sizeof layouts[0]; ++l) {
    test_seed(102);
    test_rand_vec(ipos, 3 * N, 2.0);
    g_ipos = ipos;
    g_qs = layouts[l][0];
    g_qoff = layouts[l][1];
    spconv_twist_from_mujoco_qvel_k = 0;
    spconv_mujoco_qvel_from_twist_k = 0;
    spconv_mujoco_qfrc_from_wrench_k = 0;
    spconv_wrench_from_mujoco_qfrc_k = 0;
    check_batch6(batch, single, (int)g_qs, (int)g_qoff, name);
  }
}

TEST_RUN(test_twist_from_mujoco_qvel_n,
         check_mujoco_n(spconv_twist_from_mujoco_qvel_b, spconv_twist_from_mujoco_qvel_s, "spconv_twist_from_mujoco_qvel_n"))

TEST_RUN(test_mujoco_qvel_from_twist_n,
         check_mujoco_n(spconv_mujoco_qvel_from_twist_b, spconv_mujoco_qvel_from_twist_s, "spconv_mujoco_qvel_from_twist_n"))

TEST_RUN(test_mujoco_qfrc_from_wrench_n,
         check_mujoco_n(spconv_mujoco_qfrc_from_wrench_b, spconv_mujoco_qfrc_from_wrench_s, "spconv_mujoco_qfrc_from_wrench_n"))

TEST_RUN(test_wrench_from_mujoco_qfrc_n,
         check_mujoco_n(spconv_wrench_from_mujoco_qfrc_b, spconv_wrench_from_mujoco_qfrc_s, "spconv_wrench_from_mujoco_qfrc_n"))

/* ------------------------------------------------------------- up axis */

/* the random vectors and quaternions of one (from, to) pair of the up-axis
   batch tests, drawn in one sequence */
static void up_axis_draw(spconv_real v[6 * N], spconv_real q[4 * N]) {
  int i;
  test_rand_vec(v, 6 * N, 10.0);
  for (i = 0; i < N; ++i) test_rand_quat(q + 4 * i);
}

/* vectors: the matrix, exactly (entries are 0 and +-1); spatial vectors are
   two vectors each, in place too */
static void test_vec_spatial_change_up_axis_n(void **state) {
  int a, b, i;
  (void)state;
  test_seed(103);
  { /* Y-up -> Z-up: (x, y, z) -> (x, -z, y), exactly */
    spconv_real v[6] = {1, 2, 3, 4, 5, 6}, want[6] = {1, -3, 2, 4, -6, 5};
    assert_int_equal(spconv_vec_change_up_axis_n(v, v, 2, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
    EXPECT_VEC_EQUAL(v, want, 6);
  }
  for (a = 0; a < 3; ++a)
    for (b = 0; b < 3; ++b) {
      static spconv_real v[6 * N], out[6 * N], q[4 * N];
      spconv_real M[9];
      spconv_axis from = (spconv_axis)a, to = (spconv_axis)b;
      up_axis_draw(v, q);
      assert_int_equal(spconv_up_axis_matrix(M, from, to), SPCONV_OK);
      assert_int_equal(spconv_vec_change_up_axis_n(out, v, 2 * N, from, to), SPCONV_OK);
      for (i = 0; i < 2 * N; ++i) {
        spconv_real want[3];
        test_mat_vec(want, M, v + 3 * i);
        EXPECT_VEC_EQUAL(out + 3 * i, want, 3);
      }
      assert_int_equal(spconv_spatial_change_up_axis_n(v, v, N, from, to), SPCONV_OK); /* in place */
      EXPECT_VEC_EQUAL(v, out, 6 * N);
    }
  { /* unknown axes: SPCONV_EINVAL and nothing written */
    spconv_real v[6] = {1, 2, 3, 4, 5, 6}, keep[6] = {1, 2, 3, 4, 5, 6}, out[6] = {1, 2, 3, 4, 5, 6};
    assert_int_equal(spconv_vec_change_up_axis_n(out, v, 2, (spconv_axis)3, SPCONV_AXIS_Z), SPCONV_EINVAL);
    assert_int_equal(spconv_spatial_change_up_axis_n(out, v, 1, SPCONV_AXIS_Z, (spconv_axis)-1), SPCONV_EINVAL);
    EXPECT_VEC_EQUAL(out, keep, 6);
  }
}

/* quaternions: q_up q, in both storage orders, in place too */
static void test_quat_change_world_up_axis_n(void **state) {
  int a, b, i;
  (void)state;
  test_seed(103);
  for (a = 0; a < 3; ++a)
    for (b = 0; b < 3; ++b) {
      static spconv_real v[6 * N], q[4 * N], qo[4 * N], qx[4 * N], qxo[4 * N];
      spconv_real q_up[4], one[4];
      spconv_axis from = (spconv_axis)a, to = (spconv_axis)b;
      up_axis_draw(v, q);
      assert_int_equal(spconv_up_axis_quat_wxyz(q_up, from, to), SPCONV_OK);
      assert_int_equal(spconv_quat_wxyz_change_world_up_axis_n(qo, q, N, from, to), SPCONV_OK);
      spconv_quat_xyzw_from_wxyz_n(qx, q, N);
      assert_int_equal(spconv_quat_xyzw_change_world_up_axis_n(qxo, qx, N, from, to), SPCONV_OK);
      assert_int_equal(spconv_quat_xyzw_change_world_up_axis_n(qx, qx, N, from, to), SPCONV_OK);
      EXPECT_VEC_EQUAL(qx, qxo, 4 * N);
      for (i = 0; i < N; ++i) {
        spconv_real ow[4];
        spconv_quat_mul_wxyz(one, q_up, q + 4 * i);
        EXPECT_VEC_NEAR(qo + 4 * i, one, 4, TEST_TOL);
        spconv_quat_wxyz_from_xyzw(ow, qxo + 4 * i);
        EXPECT_VEC_NEAR(ow, one, 4, TEST_TOL);
      }
      assert_int_equal(spconv_quat_wxyz_change_world_up_axis_n(q, q, N, from, to), SPCONV_OK);
      EXPECT_VEC_EQUAL(q, qo, 4 * N);
    }
  { /* unknown axes: SPCONV_EINVAL and nothing written */
    spconv_real v[6] = {1, 2, 3, 4, 5, 6}, keep[6] = {1, 2, 3, 4, 5, 6}, out[6] = {1, 2, 3, 4, 5, 6};
    assert_int_equal(spconv_quat_wxyz_change_world_up_axis_n(out, v, 1, (spconv_axis)9, SPCONV_AXIS_Z), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_xyzw_change_world_up_axis_n(out, v, 1, SPCONV_AXIS_X, (spconv_axis)5), SPCONV_EINVAL);
    EXPECT_VEC_EQUAL(out, keep, 6);
  }
}

/* -------------------------------------------------------- quaternions */

/* Quaternion storage order, n at a time: each element as the single form,
   in place (through the one-pointer loop) equals out of place, the two
   directions are inverse, exactly, and n = 0 writes nothing. */
static void test_quat_wxyz_xyzw_reorder_n(void **state) {
  static spconv_real q[4 * N], out[4 * N], back[4 * N], inplace[4 * N];
  int i;
  (void)state;
  test_seed(104);
  test_rand_vec(q, 4 * N, 10.0);
  spconv_quat_xyzw_from_wxyz_n(out, q, N);
  for (i = 0; i < N; ++i) {
    spconv_real one[4];
    spconv_quat_xyzw_from_wxyz(one, q + 4 * i);
    EXPECT_VEC_EQUAL(out + 4 * i, one, 4);
  }
  { /* the layout itself: (w, x, y, z) = (1, 2, 3, 4) -> (2, 3, 4, 1) */
    spconv_real a[8] = {1, 2, 3, 4, 5, 6, 7, 8}, want[8] = {2, 3, 4, 1, 6, 7, 8, 5};
    spconv_quat_xyzw_from_wxyz_n(a, a, 2);
    EXPECT_VEC_EQUAL(a, want, 8);
    spconv_quat_wxyz_from_xyzw_n(a, a, 2);
    want[0] = 1, want[1] = 2, want[2] = 3, want[3] = 4;
    want[4] = 5, want[5] = 6, want[6] = 7, want[7] = 8;
    EXPECT_VEC_EQUAL(a, want, 8);
  }
  memcpy(inplace, q, sizeof q);
  spconv_quat_xyzw_from_wxyz_n(inplace, inplace, N);
  EXPECT_VEC_EQUAL(inplace, out, 4 * N);
  spconv_quat_wxyz_from_xyzw_n(back, out, N);
  EXPECT_VEC_EQUAL(back, q, 4 * N);
  for (i = 0; i < N; ++i) {
    spconv_real one[4];
    spconv_quat_wxyz_from_xyzw(one, out + 4 * i);
    EXPECT_VEC_EQUAL(back + 4 * i, one, 4);
  }
  spconv_quat_wxyz_from_xyzw_n(inplace, inplace, N);
  EXPECT_VEC_EQUAL(inplace, q, 4 * N);
  { /* an output aligned to 16 bytes (streamed) and one that is not (plain
       loop) give the same values */
    /* cppcheck-suppress unusedStructMember ; the member only aligns the union */
    static union { long double align; spconv_real r[4 * N + 4]; } a16; /* 16 on x86-64 */
    spconv_quat_xyzw_from_wxyz_n(a16.r, q, N - 1);
    spconv_quat_xyzw_from_wxyz_n(a16.r + 4 * N - 3, q + 4 * N - 4, 1);
    EXPECT_VEC_EQUAL(a16.r, out, 4 * N - 4);
    EXPECT_VEC_EQUAL(a16.r + 4 * N - 3, out + 4 * N - 4, 4);
    spconv_quat_wxyz_from_xyzw_n(a16.r + 1, out, N);
    EXPECT_VEC_EQUAL(a16.r + 1, q, 4 * N);
  }
  memcpy(inplace, q, sizeof q); /* n = 0 */
  spconv_quat_xyzw_from_wxyz_n(inplace, out, 0);
  spconv_quat_wxyz_from_xyzw_n(inplace, inplace, 0);
  EXPECT_VEC_EQUAL(inplace, q, 4 * N);
}

/* The zero quaternion acts as the identity in the batch forms too (the
   branch-free 2/|q|^2 must give a finite scale, not 2/0): a qpos whose
   quaternion is zero converts exactly as one holding (1, 0, 0, 0). */
typedef int (*mujoco_n_fn)(spconv_real *, const spconv_real *, const spconv_real *, size_t,
                           const spconv_real *, size_t);

static void check_zero_quat_n(mujoco_n_fn fn) {
  static spconv_real x[6 * N], qz[7 * N], qi[7 * N], ipos[3 * N], a[6 * N], b[6 * N];
  int i;
  test_seed(105);
  test_rand_vec(x, 6 * N, 10.0);
  test_rand_vec(ipos, 3 * N, 2.0);
  test_rand_vec(qz, 7 * N, 2.0);
  for (i = 0; i < N; ++i) {
    qz[7 * i + 3] = qz[7 * i + 4] = qz[7 * i + 5] = qz[7 * i + 6] = 0;
    memcpy(qi + 7 * i, qz + 7 * i, 7 * sizeof(spconv_real));
    qi[7 * i + 3] = 1;
  }
  assert_int_equal(fn(a, x, qz + 3, 7, ipos, N), SPCONV_OK);
  assert_int_equal(fn(b, x, qi + 3, 7, ipos, N), SPCONV_OK);
  /* a quaternion stride under 4 (the old qpos-row call put qpos where the
     quaternion goes) is refused, nothing written */
  memcpy(b, x, sizeof b);
  assert_int_equal(fn(b, x + 6, qi + 3, 3, ipos, N - 1), SPCONV_EINVAL);
  assert_int_equal(fn(b, x + 6, qi + 3, 0, ipos, N - 1), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(b, x, 6 * N);
  assert_int_equal(fn(b, x, qi + 3, 7, ipos, N), SPCONV_OK);
  /* test_vec_near_impl folds errors with fmax, which drops NaN: check
     finiteness explicitly (2/0 * 0 would be NaN) */
  for (i = 0; i < 6 * N; ++i) assert_true(isfinite(a[i]));
  EXPECT_VEC_EQUAL(a, b, 6 * N);
}

TEST_RUN(test_twist_from_mujoco_qvel_n_zero_quat, check_zero_quat_n(spconv_twist_from_mujoco_qvel_n))

TEST_RUN(test_mujoco_qvel_from_twist_n_zero_quat, check_zero_quat_n(spconv_mujoco_qvel_from_twist_n))

TEST_RUN(test_mujoco_qfrc_from_wrench_n_zero_quat, check_zero_quat_n(spconv_mujoco_qfrc_from_wrench_n))

TEST_RUN(test_wrench_from_mujoco_qfrc_n_zero_quat, check_zero_quat_n(spconv_wrench_from_mujoco_qfrc_n))

/* --------------------------------------------------------------- SAP */

/* The fused body-force forms are the negated wrench forms, and inverse of
   each other, over TEST_CASES random bodies (batch of 1 .. N at a time). */
static void test_sap_public_body_force_n_vs_wrench_n(void **state) {
  static spconv_real g[6 * N], r[3 * N], fs[6 * N], gs[6 * N], back[6 * N];
  int c, i;
  (void)state;
  test_seed(106);
  for (c = 0; c < TEST_CASES / N + 1; ++c) {
    test_rand_vec(g, 6 * N, 10.0);
    test_rand_vec(r, 3 * N, 2.0);
    spconv_sap_body_force_from_public_n(fs, g, r, N);
    spconv_sap_wrench_from_public_n(gs, g, r, N);
    for (i = 0; i < 6 * N; ++i) gs[i] = -gs[i];
    EXPECT_VEC_NEAR(fs, gs, 6 * N, TEST_TOL);
    spconv_public_body_force_from_sap_n(back, fs, r, N);
    EXPECT_VEC_NEAR(back, g, 6 * N, TEST_TOL);
    spconv_public_wrench_from_sap_n(gs, fs, r, N);
    for (i = 0; i < 6 * N; ++i) gs[i] = -gs[i];
    EXPECT_VEC_NEAR(back, gs, 6 * N, TEST_TOL);
  }
  { /* by hand: f = (1, 0, 0), tau_C = (0, 0, 1), r_oc = (0, 1, 0):
       tau_O = tau_C + r x f = (0, 0, 1) + (0, 0, -1) = 0, so -P_f F = [0; -f] */
    spconv_real F[6] = {1, 0, 0, 0, 0, 1}, ro[3] = {0, 1, 0}, want[6] = {0, 0, 0, -1, 0, 0};
    spconv_sap_body_force_from_public_n(F, F, ro, 1);
    EXPECT_VEC_EQUAL(F, want, 6);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_twist_shift_n),
      cmocka_unit_test(test_wrench_shift_n),
      cmocka_unit_test(test_sap_twist_from_public_n),
      cmocka_unit_test(test_public_twist_from_sap_n),
      cmocka_unit_test(test_sap_wrench_from_public_n),
      cmocka_unit_test(test_public_wrench_from_sap_n),
      cmocka_unit_test(test_sap_body_force_from_public_n),
      cmocka_unit_test(test_public_body_force_from_sap_n),
      cmocka_unit_test(test_twist_from_mujoco_qvel_n),
      cmocka_unit_test(test_mujoco_qvel_from_twist_n),
      cmocka_unit_test(test_mujoco_qfrc_from_wrench_n),
      cmocka_unit_test(test_wrench_from_mujoco_qfrc_n),
      cmocka_unit_test(test_vec_spatial_change_up_axis_n),
      cmocka_unit_test(test_quat_change_world_up_axis_n),
      cmocka_unit_test(test_quat_wxyz_xyzw_reorder_n),
      cmocka_unit_test(test_twist_from_mujoco_qvel_n_zero_quat),
      cmocka_unit_test(test_mujoco_qvel_from_twist_n_zero_quat),
      cmocka_unit_test(test_mujoco_qfrc_from_wrench_n_zero_quat),
      cmocka_unit_test(test_wrench_from_mujoco_qfrc_n_zero_quat),
      cmocka_unit_test(test_sap_public_body_force_n_vs_wrench_n),
  };
  int failed = cmocka_run_group_tests_name("spatial_conv batch (" TEST_PRECISION ")", tests,
                                           NULL, NULL);
  test_print_summary("spatial_conv batch");
  return failed;
}
