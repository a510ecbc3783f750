/* spatial_conv.h sections: motion data, axis systems (presets, world and body axes), rotation representations (formats), packed joint arrays and permutations (joint order). */
/* Motion presets, world-only vs every-frame relabelling, whole-clip
   conversion checked by forward kinematics, round trips for every preset
   pair, finite-difference vs analytic velocities, BVH channel strings,
   joint-order maps, rotation formats, aliasing and status codes; one cmocka
   test per function or small family, named after it. Built in double and
   in float from this one source. */
#include "test_util.h"

/* ================================================================ helpers */

#define MO_MAXB 8   /* bodies of the test skeletons */
#define MO_MAXT 24  /* frames of the test clips */

/* r = A B^T */
static void mo_mat_mul_t(spconv_real r[9], const spconv_real A[9], const spconv_real B[9]) {
  spconv_real Bt[9];
  spconv_mat_transpose(Bt, B);
  test_mat_mul(r, A, Bt);
}

/* a random signed permutation (one of the 48 changes between axis systems) */
static void mo_rand_signed_perm(spconv_real M[9]) {
  static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  int p = (int)(test_next_u64() % 6), i;
  for (i = 0; i < 9; ++i) M[i] = 0;
  for (i = 0; i < 3; ++i)
    M[3 * i + perms[p][i]] = (test_next_u64() & 1) ? (spconv_real)1 : (spconv_real)-1;
}

/* a random signed permutation with det = det of D */
static void mo_rand_signed_perm_det(spconv_real M[9], const spconv_real D[9]) {
  do mo_rand_signed_perm(M);
  while (test_det3(M) != test_det3(D));
}

/* n rotations in format f from random (non-unit) quaternions */
static void mo_rand_rots(spconv_real *x, spconv_rot_format f, int n) {
  int i;
  for (i = 0; i < n; ++i) {
    spconv_real q[4];
    int sz = spconv_rot_format_size(f);
    test_rand_quat(q);
    if (f == SPCONV_ROT_QUAT_WXYZ) memcpy(x + sz * i, q, sizeof q);
    else assert_int_equal(spconv_rot_convert_n(x + sz * i, f, q, SPCONV_ROT_QUAT_WXYZ, 1), SPCONV_OK);
  }
}

/* R = the matrix of one rotation in format f */
static void mo_mat_of(spconv_real R[9], const spconv_real *x, spconv_rot_format f) {
  assert_int_equal(spconv_rot_convert_n(R, SPCONV_ROT_MAT, x, f, 1), SPCONV_OK);
}

/* A skeleton: parents (parent before child, -1 = child of the root frame),
   offsets [B][3]. */
typedef struct mo_skeleton {
  int bodies;
  int parents[MO_MAXB];
  spconv_real offsets[MO_MAXB * 3];
} mo_skeleton;

static void mo_rand_skeleton(mo_skeleton *s, int bodies) {
  int j;
  s->bodies = bodies;
  for (j = 0; j < bodies; ++j) {
    s->parents[j] = j == 0 ? -1 : (int)(test_next_u64() % (uint64_t)j);
    test_rand_vec(s->offsets + 3 * j, 3, 1.0);
  }
}

/* Forward kinematics of frame t: world rotation Rw[B][9] and position
   pw[B][3] of every body. Bodies are visited in an order where every parent
   comes first (so any parent array without cycles works). */
static void mo_fk(spconv_real *Rw, spconv_real *pw, const spconv_motion_clip *c,
                  const int *parents, int t) {
  spconv_real Rroot[9], proot[3];
  int done[MO_MAXB] = {0}, n_done = 0, j, B = c->bodies;
  int nr = spconv_rot_format_size(c->root_rot_format);
  int nl = spconv_rot_format_size(c->local_rot_format);
  mo_mat_of(Rroot, c->root_rot + nr * t, c->root_rot_format);
  memcpy(proot, c->root_pos + 3 * t, sizeof proot);
  while (n_done < B) {
    for (j = 0; j < B; ++j) {
      const spconv_real *Rp, *pp;
      spconv_real L[9], o[3];
      int p = parents[j];
      if (done[j] || (p >= 0 && !done[p])) continue;
      Rp = p < 0 ? Rroot : Rw + 9 * p;
      pp = p < 0 ? proot : pw + 3 * p;
      mo_mat_of(L, c->local_rot + nl * (t * B + j), c->local_rot_format);
      test_mat_mul(Rw + 9 * j, Rp, L);
      test_mat_vec(o, Rp, c->offsets + 3 * j);
      pw[3 * j] = pp[0] + o[0];
      pw[3 * j + 1] = pp[1] + o[1];
      pw[3 * j + 2] = pp[2] + o[2];
      done[j] = 1;
      ++n_done;
    }
  }
}

/* storage of one random clip */
typedef struct mo_store {
  spconv_real root_pos[MO_MAXT * 3], root_rot[MO_MAXT * 9], root_linvel[MO_MAXT * 3],
      root_angvel[MO_MAXT * 3], local_rot[MO_MAXT * MO_MAXB * 9], offsets[MO_MAXB * 3];
} mo_store;

static spconv_motion_clip mo_clip_of(mo_store *s, int frames, int bodies, spconv_rot_format rf,
                                     spconv_rot_format lf, int angvel_body) {
  spconv_motion_clip c;
  c.frames = frames;
  c.bodies = bodies;
  c.root_pos = s->root_pos;
  c.root_rot = s->root_rot;
  c.root_rot_format = rf;
  c.root_linvel = s->root_linvel;
  c.root_angvel = s->root_angvel;
  c.root_angvel_body = angvel_body;
  c.local_rot = s->local_rot;
  c.local_rot_format = lf;
  c.offsets = s->offsets;
  return c;
}

static void mo_rand_store(mo_store *s, const mo_skeleton *sk, int frames, spconv_rot_format rf,
                          spconv_rot_format lf) {
  test_rand_vec(s->root_pos, 3 * frames, 100.0);
  test_rand_vec(s->root_linvel, 3 * frames, 5.0);
  test_rand_vec(s->root_angvel, 3 * frames, 5.0);
  mo_rand_rots(s->root_rot, rf, frames);
  mo_rand_rots(s->local_rot, lf, frames * sk->bodies);
  memcpy(s->offsets, sk->offsets, sizeof s->offsets);
}

static const spconv_rot_format mo_formats[4] = {SPCONV_ROT_ROTVEC, SPCONV_ROT_QUAT_WXYZ,
                                                SPCONV_ROT_QUAT_XYZW, SPCONV_ROT_MAT};

/* ================================================================ presets */

/* Hand derivation: SMPL and BVH are {LEFT, UP, FORWARD}, ROBOT {FORWARD,
   LEFT, UP}. Robot x (forward) = SMPL z, robot y (left) = SMPL x, robot z
   (up) = SMPL y: (x, y, z) -> (z, x, y). The up-axis matrix (x, -z, y)
   sends the SMPL front (+Z) to -Y instead. */
static void test_axis_preset_matrix_motion_presets(void **state) {
  const spconv_real want[9] = {0, 0, 1, 1, 0, 0, 0, 1, 0};
  const spconv_real eye[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  spconv_real M[9], U[9], fwd[3] = {0, 0, 1}, r[3], ex[3] = {1, 0, 0}, ney[3] = {0, -1, 0};
  (void)state;
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_SMPL, SPCONV_AXIS_PRESET_ROBOT), SPCONV_OK);
  EXPECT_VEC_EQUAL(M, want, 9);
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_BVH, SPCONV_AXIS_PRESET_ROBOT), SPCONV_OK);
  EXPECT_VEC_EQUAL(M, want, 9);
  test_mat_vec(r, M, fwd);
  EXPECT_VEC_EQUAL(r, ex, 3); /* the body's front becomes +X */
  assert_int_equal(spconv_up_axis_matrix(U, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
  test_mat_vec(r, U, fwd);
  EXPECT_VEC_EQUAL(r, ney, 3); /* the naive up-axis turn walks it along -Y */
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_SMPL, SPCONV_AXIS_PRESET_BVH), SPCONV_OK);
  EXPECT_VEC_EQUAL(M, eye, 9);
  /* bad presets: EINVAL, untouched */
  memcpy(M, want, sizeof M);
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_END, SPCONV_AXIS_PRESET_ROBOT), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_SMPL, TEST_AXIS_PRESET(-1)), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(M, want, 9);
}

/* SMPL's axes are glTF's (Y up, front +Z, +X left); robot = ROS FLU */
static void test_axis_system_preset_motion_presets(void **state) {
  spconv_axis_system s, g;
  (void)state;
  assert_int_equal(spconv_axis_system_preset(&s, SPCONV_AXIS_PRESET_SMPL), SPCONV_OK);
  assert_int_equal(spconv_axis_system_preset(&g, SPCONV_AXIS_PRESET_GLTF), SPCONV_OK);
  assert_true(s.x == g.x && s.y == g.y && s.z == g.z);
  assert_int_equal(spconv_axis_system_is_right_handed(s), 1);
  assert_int_equal(spconv_axis_system_preset(&s, SPCONV_AXIS_PRESET_ROBOT), SPCONV_OK);
  assert_int_equal(spconv_axis_system_preset(&g, SPCONV_AXIS_PRESET_ROS_FLU), SPCONV_OK);
  assert_true(s.x == g.x && s.y == g.y && s.z == g.z);
  /* a bad preset: EINVAL, untouched */
  s.x = SPCONV_DIRECTION_UP;
  assert_int_equal(spconv_axis_system_preset(&s, SPCONV_AXIS_PRESET_END), SPCONV_EINVAL);
  assert_true(s.x == SPCONV_DIRECTION_UP);
}

/* ============================================== world-only vs every frame */

/* Hand derivation: a body turned 90 degrees to its left about SMPL's up
   (+Y): q = (h, 0, h, 0). Every frame relabelled: the turn is about the
   robot's up, (h, 0, 0, h). World relabelled only: q_M q with q_M the
   rotation (x, y, z) -> (z, x, y) = 120 degrees about (1, 1, 1):
   q_M = (1/2)(1, 1, 1, 1); q_M q = (1/2)(h)(1 - 1, 1 - 1, 1 + 1, 1 + 1)
   = (0, 0, h, h). The random cases (seed 801) are the same in every test:
   a non-unit q, a change of world axes W and of body axes B with det B =
   det W. */
static void relabel_draw(spconv_real q[4], spconv_real W[9], spconv_real B[9]) {
  test_rand_quat(q);
  mo_rand_signed_perm(W);
  mo_rand_signed_perm_det(B, W);
}

/* every frame: M R M^T; quaternion, matrix and rotation vector agree */
static void test_mat_quat_change_axes_every_frame(void **state) {
  const spconv_real h = (spconv_real)0.70710678118654752440;
  spconv_real M[9], q[4], r[4], want[4];
  int n;
  (void)state;
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_SMPL, SPCONV_AXIS_PRESET_ROBOT), SPCONV_OK);
  q[0] = h; q[1] = 0; q[2] = h; q[3] = 0;
  spconv_quat_wxyz_change_axes(r, M, q);
  want[0] = h; want[1] = 0; want[2] = 0; want[3] = h;
  EXPECT_VEC_NEAR(r, want, 4, TEST_TOL);
  test_seed(801);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real W[9], B[9], R[9], Rq[9], want9[9], got9[9], rv[3], rv2[3], res[4];
    relabel_draw(q, W, B);
    spconv_mat_from_quat_wxyz(R, q);
    spconv_mat_change_axes(want9, W, R);
    spconv_mat_change_axes(got9, W, R);
    EXPECT_VEC_NEAR(got9, want9, 9, TEST_TOL);
    spconv_quat_wxyz_change_axes(res, W, q);
    spconv_mat_from_quat_wxyz(Rq, res);
    EXPECT_VEC_NEAR(Rq, want9, 9, 4 * TEST_TOL);
    spconv_rotvec_from_quat_wxyz(rv, q);
    spconv_pseudovec_change_axes(rv2, W, rv);
    spconv_quat_wxyz_from_rotvec(res, rv2);
    spconv_mat_from_quat_wxyz(Rq, res);
    EXPECT_VEC_NEAR(Rq, want9, 9, 16 * TEST_TOL);
  }
}

/* general: W R B^T for equal determinants (reflections included), the norm
   of q kept; determinants that differ, or W not orthogonal: refused */
static void test_quat_wxyz_change_world_body_axes(void **state) {
  spconv_real q[4];
  int n;
  (void)state;
  test_seed(801);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real W[9], B[9], R[9], Rq[9], want9[9], res[4];
    relabel_draw(q, W, B);
    spconv_mat_from_quat_wxyz(R, q);
    test_mat_mul(want9, W, R);
    mo_mat_mul_t(want9, want9, B);
    assert_int_equal(spconv_quat_wxyz_change_world_body_axes(res, W, B, q), SPCONV_OK);
    spconv_mat_from_quat_wxyz(Rq, res);
    EXPECT_VEC_NEAR(Rq, want9, 9, 4 * TEST_TOL);
    EXPECT_NEAR(sqrt((double)(res[0] * res[0] + res[1] * res[1] + res[2] * res[2] + res[3] * res[3])),
                sqrt((double)(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3])), 4 * TEST_TOL,
                sqrt((double)(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3])));
  }
  {
    spconv_real I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, F[9] = {-1, 0, 0, 0, 1, 0, 0, 0, 1};
    spconv_real S[9] = {2, 0, 0, 0, 1, 0, 0, 0, 1}, res[4] = {9, 9, 9, 9}, nine[4] = {9, 9, 9, 9};
    q[0] = 1; q[1] = 2; q[2] = 3; q[3] = 4;
    assert_int_equal(spconv_quat_wxyz_change_world_body_axes(res, I, F, q), SPCONV_EINVAL);
    assert_int_equal(spconv_quat_wxyz_change_world_body_axes(res, S, S, q), SPCONV_EINVAL);
    EXPECT_VEC_EQUAL(res, nine, 4);
  }
}

/* world only: M R for proper M, q_M q; improper or not orthogonal M refused */
static void test_mat_quat_change_world_axes(void **state) {
  const spconv_real h = (spconv_real)0.70710678118654752440;
  spconv_real M[9], q[4], r[4], want[4];
  int n;
  (void)state;
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_SMPL, SPCONV_AXIS_PRESET_ROBOT), SPCONV_OK);
  q[0] = h; q[1] = 0; q[2] = h; q[3] = 0;
  assert_int_equal(spconv_quat_wxyz_change_world_axes(r, M, q), SPCONV_OK);
  want[0] = 0; want[1] = 0; want[2] = h; want[3] = h;
  EXPECT_VEC_NEAR(r, want, 4, TEST_TOL);
  test_seed(801);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real W[9], B[9], R[9], Rq[9], want9[9], res[4], res9[9];
    relabel_draw(q, W, B);
    spconv_mat_from_quat_wxyz(R, q);
    if (test_det3(W) > 0) {
      test_mat_mul(want9, W, R);
      assert_int_equal(spconv_mat_change_world_axes(res9, W, R), SPCONV_OK);
      EXPECT_VEC_NEAR(res9, want9, 9, TEST_TOL);
      assert_int_equal(spconv_quat_wxyz_change_world_axes(res, W, q), SPCONV_OK);
      spconv_mat_from_quat_wxyz(Rq, res);
      EXPECT_VEC_NEAR(Rq, want9, 9, 4 * TEST_TOL);
    } else {
      memcpy(res, q, sizeof res);
      assert_int_equal(spconv_quat_wxyz_change_world_axes(res, W, q), SPCONV_EINVAL);
      EXPECT_VEC_EQUAL(res, q, 4);
      memcpy(res9, R, sizeof res9);
      assert_int_equal(spconv_mat_change_world_axes(res9, W, R), SPCONV_EINVAL);
      EXPECT_VEC_EQUAL(res9, R, 9);
    }
  }
  {
    spconv_real S[9] = {2, 0, 0, 0, 1, 0, 0, 0, 1}, res[4] = {9, 9, 9, 9}, nine[4] = {9, 9, 9, 9};
    q[0] = 1; q[1] = 2; q[2] = 3; q[3] = 4;
    assert_int_equal(spconv_quat_wxyz_change_world_axes(res, S, q), SPCONV_EINVAL);
    EXPECT_VEC_EQUAL(res, nine, 4);
  }
}

/* ============================================= clip conversion, FK check */

/* The test: the world positions of every joint after conversion
   equal the converted world positions before, k M_world p; world
   orientations equal M_world R M_body^T. For every pair of root and local
   formats, the SMPL -> robot conversion (M_world = M_body), the AMASS case
   (M_world = I) and random pairs of signed permutations, k = 0.01. */
static void test_motion_clip_convert_fk(void **state) {
  static mo_store in_s, out_s;
  mo_skeleton sk;
  int rf, lf, rep;
  (void)state;
  test_seed(802);
  for (rep = 0; rep < 60; ++rep)
    for (rf = 0; rf < 4; ++rf)
      for (lf = 0; lf < 4; ++lf) {
        const int T = 5, Bn = 1 + rep % MO_MAXB;
        spconv_real W[9], Bm[9], k = (spconv_real)0.01;
        spconv_motion_clip in, out;
        int t, j;
        mo_rand_skeleton(&sk, Bn);
        mo_rand_store(&in_s, &sk, T, mo_formats[rf], mo_formats[lf]);
        in = mo_clip_of(&in_s, T, Bn, mo_formats[rf], mo_formats[lf], rep & 1);
        out = mo_clip_of(&out_s, T, Bn, mo_formats[rf], mo_formats[lf], rep & 1);
        if (rep == 0) {
          assert_int_equal(spconv_axis_preset_matrix(W, SPCONV_AXIS_PRESET_SMPL, SPCONV_AXIS_PRESET_ROBOT), SPCONV_OK);
          memcpy(Bm, W, sizeof Bm);
        } else if (rep == 1) {
          spconv_real I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
          memcpy(W, I, sizeof W);
          assert_int_equal(spconv_axis_preset_matrix(Bm, SPCONV_AXIS_PRESET_SMPL, SPCONV_AXIS_PRESET_ROBOT), SPCONV_OK);
        } else {
          mo_rand_signed_perm(W);
          if (rep % 3 == 0) memcpy(Bm, W, sizeof Bm);
          else mo_rand_signed_perm_det(Bm, W);
        }
        assert_int_equal(spconv_motion_clip_convert(&out, &in, W, Bm, k), SPCONV_OK);
        for (t = 0; t < T; ++t) {
          spconv_real Rw0[MO_MAXB * 9], pw0[MO_MAXB * 3], Rw1[MO_MAXB * 9], pw1[MO_MAXB * 3];
          double scale = 100.0 + 8.0 * 1.8; /* |root| + chain length: the size of the sums */
          mo_fk(Rw0, pw0, &in, sk.parents, t);
          mo_fk(Rw1, pw1, &out, sk.parents, t);
          for (j = 0; j < Bn; ++j) {
            spconv_real p[3], R[9];
            test_mat_vec(p, W, pw0 + 3 * j);
            p[0] *= k; p[1] *= k; p[2] *= k;
            EXPECT_VEC_NEAR(pw1 + 3 * j, p, 3, 64 * TEST_TOL * scale * (double)k);
            test_mat_mul(R, W, Rw0 + 9 * j);
            mo_mat_mul_t(R, R, Bm);
            EXPECT_VEC_NEAR(Rw1 + 9 * j, R, 9, 64 * TEST_TOL);
          }
          { /* velocities: world (or body) vectors */
            spconv_real v[3];
            test_mat_vec(v, W, in.root_linvel + 3 * t);
            v[0] *= k; v[1] *= k; v[2] *= k;
            EXPECT_VEC_NEAR(out.root_linvel + 3 * t, v, 3, TEST_TOL);
            spconv_pseudovec_change_axes(v, (rep & 1) ? Bm : W, in.root_angvel + 3 * t);
            EXPECT_VEC_EQUAL(out.root_angvel + 3 * t, v, 3);
          }
        }
      }
}

/* Why the rule matters: converting the local rotations by left
   multiplication (M R) instead of conjugation (M R M^T) moves the joints,
   and so does converting the world with the up-axis matrix but the body
   frames with the motion preset. The FK check above sees both. */
static void test_motion_clip_convert_fk_detects_wrong_rule(void **state) {
  static mo_store in_s, out_s;
  mo_skeleton sk;
  spconv_real M[9], Rw0[MO_MAXB * 9], pw0[MO_MAXB * 3], Rw1[MO_MAXB * 9], pw1[MO_MAXB * 3], p[3];
  spconv_motion_clip in, out;
  int j, n_local = 4 * 6;
  double worst = 0.0;
  (void)state;
  test_seed(803);
  mo_rand_skeleton(&sk, 6);
  mo_rand_store(&in_s, &sk, 4, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_QUAT_WXYZ);
  in = mo_clip_of(&in_s, 4, 6, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_QUAT_WXYZ, 0);
  out = mo_clip_of(&out_s, 4, 6, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_QUAT_WXYZ, 0);
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_SMPL, SPCONV_AXIS_PRESET_ROBOT), SPCONV_OK);
  assert_int_equal(spconv_motion_clip_convert(&out, &in, M, M, 1), SPCONV_OK);
  for (j = 0; j < n_local; ++j) /* the wrong rule: q_M q for every joint */
    assert_int_equal(spconv_quat_wxyz_change_world_axes(out.local_rot + 4 * j, M,
                                                              in.local_rot + 4 * j), SPCONV_OK);
  mo_fk(Rw0, pw0, &in, sk.parents, 2);
  mo_fk(Rw1, pw1, &out, sk.parents, 2);
  for (j = 0; j < 6; ++j) {
    int i;
    test_mat_vec(p, M, pw0 + 3 * j);
    for (i = 0; i < 3; ++i) worst = fmax(worst, fabs((double)(p[i] - pw1[3 * j + i])));
  }
  assert_true(worst > 0.1); /* joints land elsewhere */
}

/* Round trips for every pair of the motion presets (SMPL, BVH, ROBOT) and rotation format, in both directions
   of a clip, M_world = M_body and M_world = I. */
static void test_motion_clip_convert_preset_round_trips(void **state) {
  static mo_store a, b, c;
  mo_skeleton sk;
  int from, to, f, mode;
  (void)state;
  test_seed(804);
  for (from = SPCONV_AXIS_PRESET_SMPL; from <= SPCONV_AXIS_PRESET_ROBOT; ++from)
    for (to = SPCONV_AXIS_PRESET_SMPL; to <= SPCONV_AXIS_PRESET_ROBOT; ++to)
      for (f = 0; f < 4; ++f)
        for (mode = 0; mode < 2; ++mode) {
          spconv_real M[9], Mi[9], I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, P[9];
          spconv_motion_clip ca, cb, cc;
          const int T = MO_MAXT, Bn = MO_MAXB, nl = spconv_rot_format_size(mo_formats[f]);
          int i;
          assert_int_equal(spconv_axis_preset_matrix(M, (spconv_axis_preset)from,
                                                     (spconv_axis_preset)to), SPCONV_OK);
          assert_int_equal(spconv_axis_preset_matrix(Mi, (spconv_axis_preset)to,
                                                     (spconv_axis_preset)from), SPCONV_OK);
          test_mat_mul(P, Mi, M);
          EXPECT_VEC_EQUAL(P, I, 9);
          mo_rand_skeleton(&sk, Bn);
          mo_rand_store(&a, &sk, T, mo_formats[f], mo_formats[f]);
          ca = mo_clip_of(&a, T, Bn, mo_formats[f], mo_formats[f], mode);
          cb = mo_clip_of(&b, T, Bn, mo_formats[f], mo_formats[f], mode);
          cc = mo_clip_of(&c, T, Bn, mo_formats[f], mo_formats[f], mode);
          assert_int_equal(spconv_motion_clip_convert(&cb, &ca, mode ? I : M, M, (spconv_real)0.01), SPCONV_OK);
          assert_int_equal(spconv_motion_clip_convert(&cc, &cb, mode ? I : Mi, Mi, 100), SPCONV_OK);
          EXPECT_VEC_NEAR(c.root_pos, a.root_pos, 3 * T, TEST_TOL);
          EXPECT_VEC_NEAR(c.root_linvel, a.root_linvel, 3 * T, TEST_TOL);
          EXPECT_VEC_EQUAL(c.root_angvel, a.root_angvel, 3 * T);
          EXPECT_VEC_NEAR(c.offsets, a.offsets, 3 * Bn, TEST_TOL);
          EXPECT_VEC_EQUAL(c.local_rot, a.local_rot, nl * T * Bn); /* signed permutations: exact */
          for (i = 0; i < T; ++i) { /* the root: the same rotation (q or -q) */
            spconv_real R0[9], R1[9];
            mo_mat_of(R0, a.root_rot + nl * i, mo_formats[f]);
            mo_mat_of(R1, c.root_rot + nl * i, mo_formats[f]);
            EXPECT_VEC_NEAR(R1, R0, 9, 16 * TEST_TOL);
          }
        }
}

/* ============================================================ velocities */

/* the unit quaternion of the test orientation R(t) = Rz(a(t)) Rx(b(t)),
   a = 0.7 t + 0.3 sin(2t), b = 0.4 cos(1.3 t); analytic world angular
   velocity w = a' z + b' Rz(a) x (hand derivation: d/dt of Rz Rx gives
   a' [z]x R + Rz b' [x]x Rx = ([a' z]x + [b' Rz x]x) R). */
static void mo_test_orient(spconv_real q[4], spconv_real w[3], double t) {
  double a = 0.7 * t + 0.3 * sin(2 * t), b = 0.4 * cos(1.3 * t);
  double ad = 0.7 + 0.6 * cos(2 * t), bd = -0.52 * sin(1.3 * t);
  double qz[4] = {cos(a / 2), 0, 0, sin(a / 2)}, qx[4] = {cos(b / 2), sin(b / 2), 0, 0};
  q[0] = (spconv_real)(qz[0] * qx[0]);
  q[1] = (spconv_real)(qz[0] * qx[1]);
  q[2] = (spconv_real)(qz[3] * qx[1]);
  q[3] = (spconv_real)(qz[3] * qx[0]);
  w[0] = (spconv_real)(bd * cos(a));
  w[1] = (spconv_real)(bd * sin(a));
  w[2] = (spconv_real)ad;
}

/* The test clip of the velocity tests: a walking-like root path (forward
   at 1.2 m/s, sway, bob) and the orientation of mo_test_orient, T frames
   dt apart; the analytic velocities; q as wxyz (every third quaternion
   scaled by -2.5: non-unit and sign-flipped quaternions mean the same) and
   as xyzw. */
enum { VEL_T = 200 };
static const double vel_dt = 1e-3;
static spconv_real vel_pos[3 * VEL_T], vel_v[3 * VEL_T], vel_q[4 * VEL_T], vel_qx[4 * VEL_T],
    vel_w_world[3 * VEL_T], vel_w_body[3 * VEL_T];

static void vel_setup(void) {
  int t;
  for (t = 0; t < VEL_T; ++t) {
    double s = vel_dt * t;
    spconv_real c[4];
    vel_pos[3 * t] = (spconv_real)(1.2 * s);
    vel_pos[3 * t + 1] = (spconv_real)(0.05 * sin(6 * s));
    vel_pos[3 * t + 2] = (spconv_real)(0.9 + 0.02 * cos(12 * s));
    vel_v[3 * t] = (spconv_real)1.2;
    vel_v[3 * t + 1] = (spconv_real)(0.3 * cos(6 * s));
    vel_v[3 * t + 2] = (spconv_real)(-0.24 * sin(12 * s));
    mo_test_orient(vel_q + 4 * t, vel_w_world + 3 * t, s);
    spconv_quat_conj_wxyz(c, vel_q + 4 * t);
    spconv_quat_rotate_wxyz(vel_w_body + 3 * t, c, vel_w_world + 3 * t);
    spconv_quat_xyzw_from_wxyz(vel_qx + 4 * t, vel_q + 4 * t);
    if (t % 3 == 1) {
      int i;
      for (i = 0; i < 4; ++i) vel_q[4 * t + i] *= (spconv_real)-2.5;
    }
  }
}

/* Error bounds (dt = 1e-3). Central differences: truncation
   max|x'''| dt^2 / 6: the bob 0.02 cos(12 s) has x''' = 34.56, so 5.8e-6
   (4.8e-6 relative to |v| = 1.2); the orientation's angles have third
   derivatives of a few units: about 1e-6. Rounding: eps |x| / dt, 2e-13
   in double, 6e-5 in float. Forward differences: truncation
   max|x''| dt / 2 = 2.88e-3 / 2 = 1.4e-3 (1.2e-3 relative). */
#ifdef SPCONV_USE_FLOAT
static const double vel_tol_c = 5e-4, vel_tol_f = 2e-3;
#else
static const double vel_tol_c = 1e-5, vel_tol_f = 2e-3;
#endif

static void test_motion_linvel(void **state) {
  enum { T = VEL_T };
  static spconv_real res[3 * T], buf[4 * T];
  const double dt = vel_dt;
  (void)state;
  vel_setup();
  /* interior frames (the ends are one-sided: first order) */
  assert_int_equal(spconv_motion_linvel(res, vel_pos, T, (spconv_real)dt, SPCONV_MOTION_DIFF_CENTRAL), SPCONV_OK);
  EXPECT_VEC_NEAR(res + 3, vel_v + 3, 3 * (T - 2), vel_tol_c);
  EXPECT_VEC_NEAR(res, vel_v, 3 * T, vel_tol_f);
  assert_int_equal(spconv_motion_linvel(res, vel_pos, T, (spconv_real)dt, SPCONV_MOTION_DIFF_FORWARD), SPCONV_OK);
  EXPECT_VEC_NEAR(res, vel_v, 3 * T, vel_tol_f);
  /* in place: res == the input array */
  {
    spconv_real want[3 * T];
    int m;
    for (m = 0; m < 2; ++m) {
      assert_int_equal(spconv_motion_linvel(want, vel_pos, T, (spconv_real)dt, TEST_DIFF(m)), SPCONV_OK);
      memcpy(buf, vel_pos, sizeof vel_pos);
      assert_int_equal(spconv_motion_linvel(buf, buf, T, (spconv_real)dt, TEST_DIFF(m)), SPCONV_OK);
      EXPECT_VEC_EQUAL(buf, want, 3 * T);
    }
  }
  /* two frames, the smallest clip: both frames get the one difference */
  {
    spconv_real p2[6] = {0, 0, 0, 1, 2, 3}, v2[6], want2[6] = {10, 20, 30, 10, 20, 30};
    assert_int_equal(spconv_motion_linvel(v2, p2, 2, (spconv_real)0.1, SPCONV_MOTION_DIFF_CENTRAL), SPCONV_OK);
    EXPECT_VEC_NEAR(v2, want2, 6, TEST_TOL);
  }
  /* bad input: EINVAL, res untouched */
  {
    spconv_real r3[6] = {7, 7, 7, 7, 7, 7}, sev[6] = {7, 7, 7, 7, 7, 7};
    assert_int_equal(spconv_motion_linvel(r3, vel_pos, 1, (spconv_real)dt, SPCONV_MOTION_DIFF_FORWARD), SPCONV_EINVAL);
    assert_int_equal(spconv_motion_linvel(r3, vel_pos, 2, 0, SPCONV_MOTION_DIFF_FORWARD), SPCONV_EINVAL);
    assert_int_equal(spconv_motion_linvel(r3, vel_pos, 2, (spconv_real)-1, SPCONV_MOTION_DIFF_FORWARD), SPCONV_EINVAL);
    assert_int_equal(spconv_motion_linvel(r3, vel_pos, 2, (spconv_real)NAN, SPCONV_MOTION_DIFF_FORWARD), SPCONV_EINVAL);
    assert_int_equal(spconv_motion_linvel(r3, vel_pos, 2, (spconv_real)dt, TEST_DIFF(2)), SPCONV_EINVAL);
    assert_int_equal(spconv_motion_linvel(r3, NULL, 2, (spconv_real)dt, SPCONV_MOTION_DIFF_FORWARD), SPCONV_EINVAL);
    EXPECT_VEC_EQUAL(r3, sev, 6);
  }
}

static void test_motion_angvel(void **state) {
  enum { T = VEL_T };
  static spconv_real res[3 * T], buf[4 * T];
  const double dt = vel_dt;
  int t;
  (void)state;
  vel_setup();
  assert_int_equal(spconv_motion_angvel(res, vel_q, T, (spconv_real)dt, SPCONV_ROT_QUAT_WXYZ, 0, SPCONV_MOTION_DIFF_CENTRAL), SPCONV_OK);
  EXPECT_VEC_NEAR(res + 3, vel_w_world + 3, 3 * (T - 2), vel_tol_c);
  assert_int_equal(spconv_motion_angvel(res, vel_qx, T, (spconv_real)dt, SPCONV_ROT_QUAT_XYZW, 1, SPCONV_MOTION_DIFF_CENTRAL), SPCONV_OK);
  EXPECT_VEC_NEAR(res + 3, vel_w_body + 3, 3 * (T - 2), vel_tol_c);
  assert_int_equal(spconv_motion_angvel(res, vel_q, T, (spconv_real)dt, SPCONV_ROT_QUAT_WXYZ, 1, SPCONV_MOTION_DIFF_FORWARD), SPCONV_OK);
  EXPECT_VEC_NEAR(res, vel_w_body, 3 * T, vel_tol_f);
  /* FORWARD is exactly the rotations issue's functions on (t, t+1) */
  for (t = 0; t < T; ++t) {
    int a = t + 1 < T ? t : t - 1;
    spconv_real wb[3], ww[3], r2[3];
    assert_int_equal(spconv_body_angvel_from_quats_wxyz(wb, vel_q + 4 * a, vel_q + 4 * a + 4, (spconv_real)dt), SPCONV_OK);
    assert_int_equal(spconv_world_angvel_from_quats_wxyz(ww, vel_q + 4 * a, vel_q + 4 * a + 4, (spconv_real)dt), SPCONV_OK);
    assert_int_equal(spconv_motion_angvel(res, vel_q, T, (spconv_real)dt, SPCONV_ROT_QUAT_WXYZ, 1, SPCONV_MOTION_DIFF_FORWARD), SPCONV_OK);
    memcpy(r2, res + 3 * t, sizeof r2);
    EXPECT_VEC_EQUAL(r2, wb, 3);
    assert_int_equal(spconv_motion_angvel(res, vel_q, T, (spconv_real)dt, SPCONV_ROT_QUAT_WXYZ, 0, SPCONV_MOTION_DIFF_FORWARD), SPCONV_OK);
    memcpy(r2, res + 3 * t, sizeof r2);
    EXPECT_VEC_EQUAL(r2, ww, 3);
    if (t > 3) break; /* a few frames suffice; the loop calls the whole clip */
  }
  /* in place: res == the input array */
  {
    spconv_real want[3 * T];
    int m;
    for (m = 0; m < 2; ++m) {
      assert_int_equal(spconv_motion_angvel(want, vel_qx, T, (spconv_real)dt, SPCONV_ROT_QUAT_XYZW, m, TEST_DIFF(m)), SPCONV_OK);
      memcpy(buf, vel_qx, sizeof vel_qx);
      assert_int_equal(spconv_motion_angvel(buf, buf, T, (spconv_real)dt, SPCONV_ROT_QUAT_XYZW, m, TEST_DIFF(m)), SPCONV_OK);
      EXPECT_VEC_EQUAL(buf, want, 3 * T);
    }
  }
  /* constant body rate: both methods exact to rounding at every frame
     (rounding of the stored quaternions, about eps each, divided by dt) */
  {
#ifdef SPCONV_USE_FLOAT
    const double tol_r = 20 * 1.1920928955078125e-7 / dt;
#else
    const double tol_r = 20 * 2.220446049250313e-16 / dt;
#endif
    spconv_real wb[3] = {(spconv_real)0.3, (spconv_real)-1.1, (spconv_real)2.0}, q0[4] = {1, 0, 0, 0};
    for (t = 0; t < T; ++t) {
      memcpy(vel_q + 4 * t, q0, sizeof q0);
      spconv_quat_integrate_body_wxyz(q0, q0, wb, (spconv_real)dt);
      memcpy(vel_w_body + 3 * t, wb, sizeof wb);
    }
    assert_int_equal(spconv_motion_angvel(res, vel_q, T, (spconv_real)dt, SPCONV_ROT_QUAT_WXYZ, 1, SPCONV_MOTION_DIFF_CENTRAL), SPCONV_OK);
    EXPECT_VEC_NEAR(res, vel_w_body, 3 * T, tol_r);
    assert_int_equal(spconv_motion_angvel(res, vel_q, T, (spconv_real)dt, SPCONV_ROT_QUAT_WXYZ, 1, SPCONV_MOTION_DIFF_FORWARD), SPCONV_OK);
    EXPECT_VEC_NEAR(res, vel_w_body, 3 * T, tol_r);
  }
  /* bad input: EINVAL, res untouched */
  {
    spconv_real r3[6] = {7, 7, 7, 7, 7, 7}, sev[6] = {7, 7, 7, 7, 7, 7};
    assert_int_equal(spconv_motion_angvel(r3, vel_q, 2, (spconv_real)dt, SPCONV_ROT_ROTVEC, 0, SPCONV_MOTION_DIFF_FORWARD), SPCONV_EINVAL);
    assert_int_equal(spconv_motion_angvel(r3, vel_q, 2, (spconv_real)dt, SPCONV_ROT_MAT, 0, SPCONV_MOTION_DIFF_FORWARD), SPCONV_EINVAL);
    assert_int_equal(spconv_motion_angvel(r3, vel_q, 1, (spconv_real)dt, SPCONV_ROT_QUAT_WXYZ, 0, SPCONV_MOTION_DIFF_FORWARD), SPCONV_EINVAL);
    assert_int_equal(spconv_motion_angvel(r3, vel_q, 2, (spconv_real)INFINITY, SPCONV_ROT_QUAT_WXYZ, 0, SPCONV_MOTION_DIFF_FORWARD), SPCONV_EINVAL);
    assert_int_equal(spconv_motion_angvel(r3, vel_q, 2, (spconv_real)dt, SPCONV_ROT_QUAT_WXYZ, 0, TEST_DIFF(-1)), SPCONV_EINVAL);
    EXPECT_VEC_EQUAL(r3, sev, 6);
  }
}

/* A zero or non-finite quaternion in any frame: SPCONV_EDEGENERATE and res
   untouched, the status spconv_body_angvel_from_quats_wxyz and
   spconv_world_angvel_from_quats_wxyz give for a pair that holds it (one
   condition, one status), for every method, storage order and axes, with
   the bad frame first, inside or last; a bad dt still comes first
   (SPCONV_EINVAL). */
static void test_motion_angvel_degenerate(void **state) {
  enum { T = 4 };
  const spconv_real bad[3][4] = {{0, 0, 0, 0},
                                 {1, (spconv_real)NAN, 0, 0},
                                 {(spconv_real)INFINITY, 0, 0, 0}};
  const int at[3] = {0, 2, T - 1};
  spconv_real q[4 * T], res[3 * T], sev[3 * T], w[3];
  int k, j, f, body, m, t, i;
  (void)state;
  for (i = 0; i < 3 * T; ++i) sev[i] = 7;
  for (k = 0; k < 3; ++k)
    for (j = 0; j < 3; ++j)
      for (f = 0; f < 2; ++f)
        for (body = 0; body < 2; ++body)
          for (m = 0; m < 2; ++m) {
            const spconv_rot_format fmt = f ? SPCONV_ROT_QUAT_XYZW : SPCONV_ROT_QUAT_WXYZ;
            for (t = 0; t < T; ++t) { /* a turn about z, 0.1 rad per frame */
              q[4 * t + (f ? 3 : 0)] = (spconv_real)cos(0.05 * t);
              q[4 * t + (f ? 0 : 1)] = q[4 * t + (f ? 1 : 2)] = 0;
              q[4 * t + (f ? 2 : 3)] = (spconv_real)sin(0.05 * t);
            }
            memcpy(q + 4 * at[j], bad[k], sizeof bad[k]);
            memcpy(res, sev, sizeof res);
            assert_int_equal(spconv_motion_angvel(res, q, T, (spconv_real)0.1, fmt, body, TEST_DIFF(m)),
                             SPCONV_EDEGENERATE);
            EXPECT_VEC_EQUAL(res, sev, 3 * T);
            assert_int_equal(spconv_motion_angvel(res, q, T, 0, fmt, body, TEST_DIFF(m)), SPCONV_EINVAL);
          }
  for (k = 0; k < 3; ++k) { /* the two-frame functions agree */
    const spconv_real one[4] = {1, 0, 0, 0};
    assert_int_equal(spconv_body_angvel_from_quats_wxyz(w, one, bad[k], (spconv_real)0.1),
                     SPCONV_EDEGENERATE);
    assert_int_equal(spconv_world_angvel_from_quats_wxyz(w, bad[k], one, (spconv_real)0.1),
                     SPCONV_EDEGENERATE);
  }
}

/* Velocities commute with the conversion: differentiate then convert ==
   convert then differentiate (world and body axes, M_world != M_body).
   Both tests convert the same random 2-body clips a into b (seed 805), by
   random W, Bm (det Bm = det W), k = 0.01. */
enum { COMMUTE_T = 16 };
typedef struct commute_case {
  spconv_real W[9], Bm[9], k, dt;
  int body;
} commute_case;

typedef void (*commute_check)(const commute_case *c, const mo_store *a, const mo_store *b, int rep);

static void for_all_commute_cases(commute_check check) {
  static mo_store a, b;
  int rep;
  test_seed(805);
  for (rep = 0; rep < 200; ++rep) {
    commute_case c;
    mo_skeleton sk;
    spconv_motion_clip ca, cb;
    int t;
    c.k = (spconv_real)0.01;
    c.dt = (spconv_real)(1.0 / 30.0);
    c.body = rep & 1;
    mo_rand_skeleton(&sk, 2);
    mo_rand_store(&a, &sk, COMMUTE_T, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_ROTVEC);
    for (t = 1; t < COMMUTE_T; ++t) { /* a smooth root rotation: every step under half a turn */
      spconv_real wv[3];
      test_rand_vec(wv, 3, 3.0);
      spconv_quat_integrate_world_wxyz(a.root_rot + 4 * t, a.root_rot + 4 * t - 4, wv, c.dt);
    }
    mo_rand_signed_perm(c.W);
    mo_rand_signed_perm_det(c.Bm, c.W);
    ca = mo_clip_of(&a, COMMUTE_T, 2, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_ROTVEC, c.body);
    cb = mo_clip_of(&b, COMMUTE_T, 2, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_ROTVEC, c.body);
    assert_int_equal(spconv_motion_clip_convert(&cb, &ca, c.W, c.Bm, c.k), SPCONV_OK);
    check(&c, &a, &b, rep);
  }
}

static void check_angvel_commutes(const commute_case *c, const mo_store *a, const mo_store *b, int rep) {
  enum { T = COMMUTE_T };
  spconv_real v0[3 * T], v1[3 * T], conv[3 * T];
  int t;
  assert_int_equal(spconv_motion_angvel(v0, a->root_rot, T, c->dt, SPCONV_ROT_QUAT_WXYZ, c->body, TEST_DIFF(rep % 2)), SPCONV_OK);
  assert_int_equal(spconv_motion_angvel(v1, b->root_rot, T, c->dt, SPCONV_ROT_QUAT_WXYZ, c->body, TEST_DIFF(rep % 2)), SPCONV_OK);
  for (t = 0; t < T; ++t) spconv_pseudovec_change_axes(conv + 3 * t, c->body ? c->Bm : c->W, v0 + 3 * t);
  EXPECT_VEC_NEAR(v1, conv, 3 * T, 16 * TEST_TOL);
}

TEST_RUN(test_motion_angvel_commutes_with_clip_convert, for_all_commute_cases(check_angvel_commutes))

static void check_linvel_commutes(const commute_case *c, const mo_store *a, const mo_store *b, int rep) {
  enum { T = COMMUTE_T };
  spconv_real v0[3 * T], v1[3 * T], conv[3 * T];
  int t;
  (void)rep;
  assert_int_equal(spconv_motion_linvel(v0, a->root_pos, T, c->dt, SPCONV_MOTION_DIFF_CENTRAL), SPCONV_OK);
  assert_int_equal(spconv_motion_linvel(v1, b->root_pos, T, c->dt, SPCONV_MOTION_DIFF_CENTRAL), SPCONV_OK);
  for (t = 0; t < T; ++t) {
    spconv_vec_change_axes(conv + 3 * t, c->W, v0 + 3 * t);
    conv[3 * t] *= c->k; conv[3 * t + 1] *= c->k; conv[3 * t + 2] *= c->k;
  }
  EXPECT_VEC_NEAR(v1, conv, 3 * T, 16 * TEST_TOL);
}

TEST_RUN(test_motion_linvel_commutes_with_clip_convert, for_all_commute_cases(check_linvel_commutes))

/* ========================================================== BVH channels */

static spconv_real mo_elem(int axis, double deg, int r, int c) {
  double a = deg * 3.14159265358979323846 / 180.0, C = cos(a), S = sin(a);
  int i = (axis + 1) % 3, j = (axis + 2) % 3; /* the rotated plane (i, j) */
  if (r == axis || c == axis) return (spconv_real)(r == c ? 1.0 : 0.0);
  if (r == c) return (spconv_real)C;
  if (r == i && c == j) return (spconv_real)-S;
  return (spconv_real)S;
}

/* the six rotation orders of BVH, the channel string of order o, and the
   angles (degrees) of the tests */
static const char *const bvh_orders[6] = {"XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"};

static void bvh_channels_of(char s[64], int o) {
  snprintf(s, 64, "%crotation %crotation %crotation", bvh_orders[o][0], bvh_orders[o][1],
           bvh_orders[o][2]);
}

static const spconv_real bvh_deg[3] = {(spconv_real)-3.41, (spconv_real)14.78, (spconv_real)-164.35};

/* the sequence of order o, parsed from its channel string */
static spconv_euler_seq bvh_seq_of(int o) {
  char s[64];
  spconv_euler_seq seq = SPCONV_EULER_XYZ;
  spconv_euler_kind kind = SPCONV_EULER_EXTRINSIC;
  bvh_channels_of(s, o);
  assert_int_equal(spconv_euler_seq_from_bvh_channels(&seq, &kind, NULL, NULL, s), SPCONV_OK);
  return seq;
}

/* The BVH meaning, by hand: R = E_1(a) E_2(b) E_3(c), elementary rotation
   matrices of the listed axes multiplied left to right (the description's
   vR = v Y X Z for row vectors is R = Rz Rx Ry for column vectors, the
   "Zrotation Xrotation Yrotation" case). */
static void bvh_matrix_of(spconv_real R[9], int o) {
  spconv_real E[3][9];
  int i, r, j;
  for (i = 0; i < 3; ++i)
    for (r = 0; r < 3; ++r)
      for (j = 0; j < 3; ++j) E[i][3 * r + j] = mo_elem(bvh_orders[o][i] - 'X', (double)bvh_deg[i], r, j);
  test_mat_mul(R, E[0], E[1]);
  test_mat_mul(R, R, E[2]);
}

static void test_euler_seq_from_bvh_channels(void **state) {
  int o;
  (void)state;
  for (o = 0; o < 6; ++o) {
    char s[64], pos_s[96];
    spconv_euler_seq seq, seq2;
    spconv_euler_kind kind;
    int idx[3], n;
    bvh_channels_of(s, o);
    assert_int_equal(spconv_euler_seq_from_bvh_channels(&seq, &kind, idx, &n, s), SPCONV_OK);
    assert_int_equal(kind, SPCONV_EULER_INTRINSIC);
    assert_int_equal(n, 3);
    assert_true(idx[0] == 0 && idx[1] == 1 && idx[2] == 2);
    /* the 6-channel root form (positions first, or in between) */
    snprintf(pos_s, sizeof pos_s, "Xposition Yposition\tZposition  %s ", s);
    assert_int_equal(spconv_euler_seq_from_bvh_channels(&seq2, &kind, idx, &n, pos_s), SPCONV_OK);
    assert_true(seq2 == seq && n == 6 && idx[0] == 3 && idx[1] == 4 && idx[2] == 5);
    snprintf(pos_s, sizeof pos_s, "%crotation Xposition %crotation %crotation Zposition",
             bvh_orders[o][0], bvh_orders[o][1], bvh_orders[o][2]);
    assert_int_equal(spconv_euler_seq_from_bvh_channels(&seq2, &kind, idx, NULL, pos_s), SPCONV_OK);
    assert_true(seq2 == seq && idx[0] == 0 && idx[1] == 2 && idx[2] == 3);
  }
  { /* the Biovision example: ZXY is intrinsic Z, X, Y */
    spconv_euler_seq seq = SPCONV_EULER_XYX;
    spconv_euler_kind kind = SPCONV_EULER_EXTRINSIC;
    assert_int_equal(spconv_euler_seq_from_bvh_channels(&seq, &kind, NULL, NULL, "Zrotation Xrotation Yrotation"), SPCONV_OK);
    assert_int_equal(seq, SPCONV_EULER_ZXY);
    assert_int_equal(kind, SPCONV_EULER_INTRINSIC);
  }
  { /* a line as fgets leaves it, from a Unix or a Windows file: line ends separate */
    static const char *lines[] = {"Zrotation Xrotation Yrotation\n", "Zrotation Xrotation Yrotation\r\n",
                                  "\tXposition Yposition Zposition\tZrotation Xrotation Yrotation\r\n"};
    size_t l;
    for (l = 0; l < sizeof lines / sizeof lines[0]; ++l) {
      spconv_euler_seq seq = SPCONV_EULER_XYX;
      spconv_euler_kind kind = SPCONV_EULER_EXTRINSIC;
      assert_int_equal(spconv_euler_seq_from_bvh_channels(&seq, &kind, NULL, NULL, lines[l]), SPCONV_OK);
      assert_int_equal(seq, SPCONV_EULER_ZXY);
      assert_int_equal(kind, SPCONV_EULER_INTRINSIC);
    }
  }
  { /* bad strings: EINVAL, outputs untouched */
    static const char too_many[] = /* 17 channels: over the limit of 16 */
        "Xposition Xposition Xposition Xposition Xposition Xposition "
        "Xposition Xposition Xposition Xposition Xposition Xposition "
        "Xposition Xposition Zrotation Xrotation Yrotation";
    static const char *bad[] = {"", "   ", "Zrotation Xrotation", "Zrotation Zrotation Yrotation",
                                "Zrotation Xrotation Zrotation", "zrotation Xrotation Yrotation",
                                "Zrotation Xrotation Yrotation Xrotation",
                                "Zrotation,Xrotation,Yrotation", "Wrotation Xrotation Yrotation",
                                "ZrotationXrotation Yrotation", "Zrot Xrotation Yrotation",
                                "Zrotations Xrotation Yrotation", "Xposition Yposition Zposition",
                                "CHANNELS 3 Zrotation Xrotation Yrotation", too_many};
    size_t b;
    for (b = 0; b < sizeof bad / sizeof bad[0]; ++b) {
      spconv_euler_seq seq = SPCONV_EULER_XYX;
      spconv_euler_kind kind = SPCONV_EULER_EXTRINSIC;
      int idx[3] = {-7, -7, -7}, n = -7;
      assert_int_equal(spconv_euler_seq_from_bvh_channels(&seq, &kind, idx, &n, bad[b]), SPCONV_EINVAL);
      assert_true(seq == SPCONV_EULER_XYX && kind == SPCONV_EULER_EXTRINSIC && n == -7 && idx[0] == -7);
    }
  }
  { /* NULL string, NULL result */
    spconv_euler_seq seq = SPCONV_EULER_XYX;
    spconv_euler_kind kind = SPCONV_EULER_EXTRINSIC;
    assert_int_equal(spconv_euler_seq_from_bvh_channels(&seq, &kind, NULL, NULL, NULL), SPCONV_EINVAL);
    assert_int_equal(spconv_euler_seq_from_bvh_channels(NULL, &kind, NULL, NULL, "Zrotation Xrotation Yrotation"), SPCONV_EINVAL);
  }
}

static void test_bvh_channels_from_euler_seq(void **state) {
  int o, i;
  (void)state;
  for (o = 0; o < 6; ++o) {
    char s[64], back[30], small[29];
    spconv_euler_seq seq = bvh_seq_of(o), seq2;
    spconv_euler_kind kind = SPCONV_EULER_INTRINSIC;
    bvh_channels_of(s, o);
    assert_int_equal(spconv_bvh_channels_from_euler_seq(back, sizeof back, seq, kind), SPCONV_OK);
    assert_string_equal(back, s);
    { /* extrinsic form: reversed letters */
      spconv_real a[3], arev[3], q1[4], q2[4];
      assert_int_equal(spconv_bvh_channels_from_euler_seq(back, sizeof back, seq, SPCONV_EULER_EXTRINSIC), SPCONV_OK);
      assert_int_equal(spconv_euler_seq_from_bvh_channels(&seq2, &kind, NULL, NULL, back), SPCONV_OK);
      assert_true(back[0] == bvh_orders[o][2] && back[10] == bvh_orders[o][1] && back[20] == bvh_orders[o][0]);
      for (i = 0; i < 3; ++i) a[i] = spconv_rad_from_deg(bvh_deg[i]);
      for (i = 0; i < 3; ++i) arev[i] = a[2 - i];
      assert_int_equal(spconv_quat_wxyz_from_euler(q1, a, seq, SPCONV_EULER_EXTRINSIC), SPCONV_OK);
      assert_int_equal(spconv_quat_wxyz_from_euler(q2, arev, seq2, kind), SPCONV_OK);
      EXPECT_VEC_NEAR(q2, q1, 4, 4 * TEST_TOL);
    }
    /* too small a buffer: refused, untouched */
    memset(small, 'k', sizeof small);
    assert_int_equal(spconv_bvh_channels_from_euler_seq(small, sizeof small, seq, kind), SPCONV_EINVAL);
    for (i = 0; i < (int)sizeof small; ++i) assert_int_equal(small[i], 'k');
  }
  { /* proper Euler sequences, unknown enums, a NULL buffer: EINVAL, untouched */
    char buf[40] = "untouched";
    assert_int_equal(spconv_bvh_channels_from_euler_seq(buf, sizeof buf, SPCONV_EULER_ZXZ, SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
    assert_int_equal(spconv_bvh_channels_from_euler_seq(buf, sizeof buf, TEST_EULER_SEQ(12), SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
    assert_int_equal(spconv_bvh_channels_from_euler_seq(buf, sizeof buf, SPCONV_EULER_XYZ, TEST_EULER_KIND(2)), SPCONV_EINVAL);
    assert_int_equal(spconv_bvh_channels_from_euler_seq(NULL, 40, SPCONV_EULER_XYZ, SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
    assert_string_equal(buf, "untouched");
  }
}

/* the BVH meaning, by hand (bvh_matrix_of) */
static void test_quat_wxyz_from_bvh(void **state) {
  int o;
  (void)state;
  for (o = 0; o < 6; ++o) {
    spconv_real R[9], Rq[9], q[4];
    bvh_matrix_of(R, o);
    assert_int_equal(spconv_quat_wxyz_from_bvh(q, bvh_deg, bvh_seq_of(o)), SPCONV_OK);
    spconv_mat_from_quat_wxyz(Rq, q);
    EXPECT_VEC_NEAR(Rq, R, 9, 4 * TEST_TOL);
  }
  { /* a proper Euler sequence: EINVAL */
    spconv_real q[4] = {5, 5, 5, 5}, d[3] = {1, 2, 3};
    assert_int_equal(spconv_quat_wxyz_from_bvh(q, d, SPCONV_EULER_YXY), SPCONV_EINVAL);
  }
}

/* and back to degrees */
static void test_bvh_from_quat_wxyz(void **state) {
  int o;
  (void)state;
  for (o = 0; o < 6; ++o) {
    spconv_real R[9], Rq[9], q[4], got[3] = {0, 0, 0};
    spconv_euler_seq seq = bvh_seq_of(o);
    bvh_matrix_of(R, o);
    assert_int_equal(spconv_quat_wxyz_from_bvh(q, bvh_deg, seq), SPCONV_OK);
    assert_int_equal(spconv_bvh_from_quat_wxyz(got, q, seq), SPCONV_OK);
    assert_int_equal(spconv_quat_wxyz_from_bvh(q, got, seq), SPCONV_OK);
    spconv_mat_from_quat_wxyz(Rq, q);
    EXPECT_VEC_NEAR(Rq, R, 9, 16 * TEST_TOL);
  }
  { /* a proper Euler sequence, the zero quaternion: refused, untouched */
    spconv_real q[4] = {5, 5, 5, 5}, d[3] = {1, 2, 3};
    assert_int_equal(spconv_bvh_from_quat_wxyz(d, q, SPCONV_EULER_YXY), SPCONV_EINVAL);
    q[0] = q[1] = q[2] = q[3] = 0;
    assert_int_equal(spconv_bvh_from_quat_wxyz(d, q, SPCONV_EULER_ZXY), SPCONV_EDEGENERATE);
    assert_true(d[0] == 1 && d[1] == 2 && d[2] == 3);
  }
}

/* ============================================================ joint order */

static void test_perm_gather_frames(void **state) {
  enum { NMAX = 29, TF = 3 };
  static const int strides[4] = {1, 3, 4, 9};
  int rep;
  (void)state;
  test_seed(806);
  for (rep = 0; rep < 400; ++rep) {
    int n = 1 + rep % NMAX, S = strides[rep % 4], perm[NMAX], inv[NMAX], i, t, c;
    spconv_real x[TF * NMAX * 9], want[TF * NMAX * 9], res[TF * NMAX * 9], back[TF * NMAX * 9];
    const int len = TF * n * S;
    test_rand_perm(perm, n);
    test_rand_vec(x, len, 1.0);
    for (t = 0; t < TF; ++t)
      for (i = 0; i < n; ++i)
        for (c = 0; c < S; ++c) want[(t * n + i) * S + c] = x[(t * n + perm[i]) * S + c];
    assert_int_equal(spconv_perm_gather_frames(res, x, perm, TF, (size_t)n, (size_t)S), SPCONV_OK);
    EXPECT_VEC_EQUAL(res, want, len);
    memcpy(back, x, sizeof(spconv_real) * (size_t)len); /* in place */
    assert_int_equal(spconv_perm_gather_frames(back, back, perm, TF, (size_t)n, (size_t)S), SPCONV_OK);
    EXPECT_VEC_EQUAL(back, want, len);
    assert_int_equal(spconv_perm_inverse(inv, perm, (size_t)n), SPCONV_OK); /* and back */
    assert_int_equal(spconv_perm_gather_frames(back, back, inv, TF, (size_t)n, (size_t)S), SPCONV_OK);
    EXPECT_VEC_EQUAL(back, x, len);
  }
  { /* bad maps: rejected, both arrays unchanged */
    int bad[5][4] = {{0, 1, 1, 3}, {0, 1, 2, 4}, {-1, 1, 2, 3}, {3, 2, 1, 0}, {0, 2, 2, 0}};
    spconv_real x[8], xs[8], r[8], rs[8];
    int b;
    test_rand_vec(x, 8, 1.0);
    test_rand_vec(r, 8, 1.0);
    memcpy(xs, x, sizeof x);
    memcpy(rs, r, sizeof r);
    for (b = 0; b < 5; ++b) {
      if (b == 3) continue; /* a valid map, used below with bad sizes */
      assert_int_equal(spconv_perm_gather_frames(r, x, bad[b], 2, 4, 1), SPCONV_EINVAL);
      assert_int_equal(spconv_perm_gather_frames(x, x, bad[b], 2, 4, 1), SPCONV_EINVAL);
      assert_int_equal(spconv_perm_check(bad[b], 4), SPCONV_EINVAL);
    }
    assert_int_equal(spconv_perm_gather_frames(r, x, bad[3], 2, 4, 0), SPCONV_EINVAL);
    assert_int_equal(spconv_perm_gather_frames(NULL, x, bad[3], 2, 4, 1), SPCONV_EINVAL);
    assert_int_equal(spconv_perm_gather_frames(r, x, bad[3], 2, 5, 1), SPCONV_EINVAL);
    assert_int_equal(spconv_perm_gather_frames(r, x, NULL, 2, 4, 1), SPCONV_EINVAL);
    assert_int_equal(spconv_perm_gather_frames(NULL, x, bad[3], 2, 4, 1), SPCONV_EINVAL);
    EXPECT_VEC_EQUAL(x, xs, 8);
    EXPECT_VEC_EQUAL(r, rs, 8);
    assert_int_equal(spconv_perm_gather_frames(r, x, bad[3], 0, 4, 1), SPCONV_OK); /* no frames */
    EXPECT_VEC_EQUAL(r, rs, 8);
  }
}

/* Reordering the bodies of a skeleton (per-body arrays and parents) moves
   every joint's world position to its new index and nowhere else. */
static void test_perm_gather_parents(void **state) {
  static mo_store a, b;
  mo_skeleton sk;
  int rep;
  (void)state;
  test_seed(807);
  for (rep = 0; rep < 200; ++rep) {
    const int T = 3, n = MO_MAXB;
    int perm[MO_MAXB], parents[MO_MAXB], j, t, f = rep % 4;
    int nl = spconv_rot_format_size(mo_formats[f]);
    spconv_motion_clip ca, cb;
    mo_rand_skeleton(&sk, n);
    mo_rand_store(&a, &sk, T, SPCONV_ROT_QUAT_WXYZ, mo_formats[f]);
    memcpy(&b, &a, sizeof b);
    ca = mo_clip_of(&a, T, n, SPCONV_ROT_QUAT_WXYZ, mo_formats[f], 0);
    cb = mo_clip_of(&b, T, n, SPCONV_ROT_QUAT_WXYZ, mo_formats[f], 0);
    test_rand_perm(perm, n);
    assert_int_equal(spconv_perm_gather_frames(b.local_rot, b.local_rot, perm, (size_t)T, (size_t)n, (size_t)nl), SPCONV_OK);
    assert_int_equal(spconv_perm_gather_frames(b.offsets, b.offsets, perm, 1, (size_t)n, 3), SPCONV_OK);
    if (rep & 1) {
      assert_int_equal(spconv_perm_gather_parents(parents, sk.parents, perm, (size_t)n), SPCONV_OK);
    } else {
      memcpy(parents, sk.parents, sizeof parents);
      assert_int_equal(spconv_perm_gather_parents(parents, parents, perm, (size_t)n), SPCONV_OK);
    }
    for (t = 0; t < T; ++t) {
      spconv_real Rw0[MO_MAXB * 9], pw0[MO_MAXB * 3], Rw1[MO_MAXB * 9], pw1[MO_MAXB * 3];
      mo_fk(Rw0, pw0, &ca, sk.parents, t);
      mo_fk(Rw1, pw1, &cb, parents, t);
      for (j = 0; j < n; ++j) EXPECT_VEC_EQUAL(pw1 + 3 * j, pw0 + 3 * perm[j], 3);
    }
  }
  { /* bad parents or map: refused, untouched */
    int perm[3] = {2, 0, 1}, badp[3] = {0, 0, 1}, par[3] = {-1, 5, 0}, ok[3] = {-1, 0, 1};
    int res[3] = {9, 9, 9};
    assert_int_equal(spconv_perm_gather_parents(res, par, perm, 3), SPCONV_EINVAL);
    assert_int_equal(spconv_perm_gather_parents(res, ok, badp, 3), SPCONV_EINVAL);
    assert_true(res[0] == 9 && res[1] == 9 && res[2] == 9);
    { /* res may not be perm: refused, perm untouched */
      int p2[2] = {1, 0};
      const int par2[2] = {-1, 0};
      assert_int_equal(spconv_perm_gather_parents(p2, par2, p2, 2), SPCONV_EINVAL);
      assert_true(p2[0] == 1 && p2[1] == 0);
    }
    /* known: bodies (0 root, 1 child of 0, 2 child of 1) listed as (2, 0, 1):
       new 0 = old 2 (parent old 1 = new 2), new 1 = old 0 (root), new 2 =
       old 1 (parent old 0 = new 1) */
    assert_int_equal(spconv_perm_gather_parents(res, ok, perm, 3), SPCONV_OK);
    assert_true(res[0] == 2 && res[1] == -1 && res[2] == 1);
  }
}

/* ======================================================= rotation formats */

static void test_rot_convert_n(void **state) {
  int n, fi, fo;
  (void)state;
  { /* known: 90 degrees about Z as each format */
    const spconv_real h = (spconv_real)0.70710678118654752440, hp = (spconv_real)1.5707963267948966;
    spconv_real rv[3] = {0, 0, hp}, q[4], want_q[4] = {h, 0, 0, h}, want_x[4] = {0, 0, h, h};
    spconv_real R[9], want_R[9] = {0, -1, 0, 1, 0, 0, 0, 0, 1}, back[3];
    assert_int_equal(spconv_rot_convert_n(q, SPCONV_ROT_QUAT_WXYZ, rv, SPCONV_ROT_ROTVEC, 1), SPCONV_OK);
    EXPECT_VEC_NEAR(q, want_q, 4, TEST_TOL);
    assert_int_equal(spconv_rot_convert_n(q, SPCONV_ROT_QUAT_XYZW, rv, SPCONV_ROT_ROTVEC, 1), SPCONV_OK);
    EXPECT_VEC_NEAR(q, want_x, 4, TEST_TOL);
    assert_int_equal(spconv_rot_convert_n(R, SPCONV_ROT_MAT, rv, SPCONV_ROT_ROTVEC, 1), SPCONV_OK);
    EXPECT_VEC_NEAR(R, want_R, 9, TEST_TOL);
    assert_int_equal(spconv_rot_convert_n(back, SPCONV_ROT_ROTVEC, R, SPCONV_ROT_MAT, 1), SPCONV_OK);
    EXPECT_VEC_NEAR(back, rv, 3, 4 * TEST_TOL);
  }
  test_seed(808);
  for (n = 0; n < TEST_CASES / 16; ++n)
    for (fi = 0; fi < 4; ++fi)
      for (fo = 0; fo < 4; ++fo) {
        enum { K = 4 };
        spconv_real x[9 * K], y[9 * K], z[9 * K], R0[9], R1[9];
        int sz = spconv_rot_format_size(mo_formats[fi]), so = spconv_rot_format_size(mo_formats[fo]), i;
        mo_rand_rots(x, mo_formats[fi], K);
        assert_int_equal(spconv_rot_convert_n(y, mo_formats[fo], x, mo_formats[fi], K), SPCONV_OK);
        memcpy(z, x, sizeof x); /* in place, any pair of sizes */
        assert_int_equal(spconv_rot_convert_n(z, mo_formats[fo], z, mo_formats[fi], K), SPCONV_OK);
        EXPECT_VEC_EQUAL(z, y, so * K);
        for (i = 0; i < K; ++i) {
          mo_mat_of(R0, x + sz * i, mo_formats[fi]);
          mo_mat_of(R1, y + so * i, mo_formats[fo]);
          EXPECT_VEC_NEAR(R1, R0, 9, 16 * TEST_TOL);
        }
      }
  { /* bad input */
    spconv_real zq[8] = {1, 0, 0, 0, 0, 0, 0, 0}, out[6] = {7, 7, 7, 7, 7, 7};
    spconv_real bad_R[9] = {1, 0, 0, 0, 1, 0, 0, 0, -1}, seven[3] = {7, 7, 7};
    assert_int_equal(spconv_rot_convert_n(out, SPCONV_ROT_ROTVEC, zq, SPCONV_ROT_QUAT_WXYZ, 2), SPCONV_EDEGENERATE);
    assert_true(out[0] == 7 && out[3] == 7); /* a bad rotation anywhere: nothing written */
    { /* also when the output is larger (the loop runs backward) and in place */
      spconv_real q3[12] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, R3[27], q3keep[12];
      int k;
      for (k = 0; k < 27; ++k) R3[k] = -7;
      memcpy(q3keep, q3, sizeof q3);
      assert_int_equal(spconv_rot_convert_n(R3, SPCONV_ROT_MAT, q3, SPCONV_ROT_QUAT_WXYZ, 3),
                       SPCONV_EDEGENERATE);
      for (k = 0; k < 27; ++k) assert_true(R3[k] == -7);
      memcpy(R3, q3, sizeof q3);
      assert_int_equal(spconv_rot_convert_n(R3, SPCONV_ROT_MAT, R3, SPCONV_ROT_QUAT_WXYZ, 3),
                       SPCONV_EDEGENERATE);
      EXPECT_VEC_EQUAL(R3, q3keep, 12);
    }
    /* not a rotation: SPCONV_EINVAL, as spconv_quat_wxyz_from_mat */
    assert_int_equal(spconv_rot_convert_n(out + 3, SPCONV_ROT_ROTVEC, bad_R, SPCONV_ROT_MAT, 1), SPCONV_EINVAL);
    EXPECT_VEC_EQUAL(out + 3, seven, 3);
    assert_int_equal(spconv_rot_convert_n(out, TEST_ROT_FORMAT(4), zq, SPCONV_ROT_QUAT_WXYZ, 1), SPCONV_EINVAL);
    assert_int_equal(spconv_rot_convert_n(out, SPCONV_ROT_ROTVEC, zq, TEST_ROT_FORMAT(-1), 1), SPCONV_EINVAL);
    assert_int_equal(spconv_rot_convert_n(NULL, SPCONV_ROT_ROTVEC, zq, SPCONV_ROT_QUAT_WXYZ, 1), SPCONV_EINVAL);
    assert_int_equal(spconv_rot_convert_n(NULL, SPCONV_ROT_ROTVEC, NULL, SPCONV_ROT_QUAT_WXYZ, 0), SPCONV_OK);
  }
}

/* the reals of one rotation in each format; SPCONV_EINVAL (< 0, as every
   size function) for an unknown one */
TEST_RUN(test_rot_format_size,
         assert_int_equal(spconv_rot_format_size(TEST_ROT_FORMAT(9)), SPCONV_EINVAL))


/* ============================================================== aliasing */

/* the clip: res arrays == in arrays gives the out-of-place result; M itself
   one of the clip's arrays */
static void test_motion_clip_convert_aliasing(void **state) {
  static mo_store a, b;
  mo_skeleton sk;
  int rf, lf;
  (void)state;
  test_seed(809);
  for (rf = 0; rf < 4; ++rf)
    for (lf = 0; lf < 4; ++lf) {
      spconv_real W[9], Bm[9];
      spconv_motion_clip ca, cb;
      const int T = 6, n = 5;
      mo_rand_skeleton(&sk, n);
      mo_rand_store(&a, &sk, T, mo_formats[rf], mo_formats[lf]);
      ca = mo_clip_of(&a, T, n, mo_formats[rf], mo_formats[lf], lf & 1);
      cb = mo_clip_of(&b, T, n, mo_formats[rf], mo_formats[lf], lf & 1);
      mo_rand_signed_perm(W);
      if (rf & 1) memcpy(Bm, W, sizeof Bm);
      else mo_rand_signed_perm_det(Bm, W);
      assert_int_equal(spconv_motion_clip_convert(&cb, &ca, W, Bm, 3), SPCONV_OK);
      assert_int_equal(spconv_motion_clip_convert(&ca, &ca, W, Bm, 3), SPCONV_OK);
      EXPECT_VEC_EQUAL(a.root_pos, b.root_pos, 3 * T);
      EXPECT_VEC_EQUAL(a.root_rot, b.root_rot, spconv_rot_format_size(mo_formats[rf]) * T);
      EXPECT_VEC_EQUAL(a.root_linvel, b.root_linvel, 3 * T);
      EXPECT_VEC_EQUAL(a.root_angvel, b.root_angvel, 3 * T);
      EXPECT_VEC_EQUAL(a.local_rot, b.local_rot, spconv_rot_format_size(mo_formats[lf]) * T * n);
      EXPECT_VEC_EQUAL(a.offsets, b.offsets, 3 * n);
    }
  { /* M itself one of the clip's arrays: the root positions of frames
       0-2 (converted frame by frame, before the local rotations of each
       frame) or the first 9 offsets (converted last) */
    spconv_real M[9];
    spconv_motion_clip ca, cb;
    int where;
    for (where = 0; where < 2; ++where) {
      spconv_real *Ma = where ? a.offsets : a.root_pos;
      mo_rand_skeleton(&sk, 3);
      mo_rand_store(&a, &sk, 3, SPCONV_ROT_MAT, SPCONV_ROT_QUAT_WXYZ);
      mo_rand_signed_perm(M);
      memcpy(Ma, M, sizeof M);
      ca = mo_clip_of(&a, 3, 3, SPCONV_ROT_MAT, SPCONV_ROT_QUAT_WXYZ, 1);
      cb = mo_clip_of(&b, 3, 3, SPCONV_ROT_MAT, SPCONV_ROT_QUAT_WXYZ, 1);
      assert_int_equal(spconv_motion_clip_convert(&cb, &ca, M, M, 2), SPCONV_OK);
      assert_int_equal(spconv_motion_clip_convert(&ca, &ca, Ma, Ma, 2), SPCONV_OK);
      EXPECT_VEC_EQUAL(a.offsets, b.offsets, 9);
      EXPECT_VEC_EQUAL(a.local_rot, b.local_rot, 4 * 9);
      EXPECT_VEC_EQUAL(a.root_rot, b.root_rot, 9 * 3);
      EXPECT_VEC_EQUAL(a.root_pos, b.root_pos, 3 * 3);
      EXPECT_VEC_EQUAL(a.root_angvel, b.root_angvel, 3 * 3);
    }
  }
}

/* Single-rotation forms: res == q, res == R, res == M (EXPECT_ALIAS). The
   cases (seed 811) are the same in both tests: a non-unit q, a signed
   permutation M and its proper version Mp, BVH angles d (degrees). */
#define MO_ALIAS_CASES 1000

typedef struct mo_alias_case {
  spconv_real q[4], M[9], Mp[9], d[4];
} mo_alias_case;

static void mo_alias_draw(mo_alias_case *c) {
  test_rand_quat(c->q);
  mo_rand_signed_perm(c->M);
  memcpy(c->Mp, c->M, sizeof c->M);
  if (test_det3(c->Mp) < 0) { c->Mp[0] = -c->Mp[0]; c->Mp[1] = -c->Mp[1]; c->Mp[2] = -c->Mp[2]; }
  if (test_det3(c->Mp) < 0) { c->Mp[3] = -c->Mp[3]; c->Mp[4] = -c->Mp[4]; c->Mp[5] = -c->Mp[5]; }
  c->d[3] = 0;
  test_rand_vec(c->d, 3, 180.0);
}

static void test_change_world_body_axes_aliasing(void **state) {
  int n;
  (void)state;
  test_seed(811);
  for (n = 0; n < MO_ALIAS_CASES; ++n) {
    mo_alias_case c;
    spconv_real R[9], rv[3];
    mo_alias_draw(&c);
    spconv_mat_from_quat_wxyz(R, c.q);
    spconv_rotvec_from_quat_wxyz(rv, c.q);
    /* every frame: quaternion, matrix, pseudovector; res == the input, res == M */
    EXPECT_ALIAS(4, c.q, 4, spconv_quat_wxyz_change_axes(ref_, c.M, c.q),
                 spconv_quat_wxyz_change_axes(buf_, c.M, buf_));
    EXPECT_ALIAS(4, c.M, 9, spconv_quat_wxyz_change_axes(ref_, c.M, c.q),
                 spconv_quat_wxyz_change_axes(buf_, buf_, c.q));
    EXPECT_ALIAS(9, R, 9, spconv_mat_change_axes(ref_, c.M, R), spconv_mat_change_axes(buf_, c.M, buf_));
    EXPECT_ALIAS(9, c.M, 9, spconv_mat_change_axes(ref_, c.M, R), spconv_mat_change_axes(buf_, buf_, R));
    EXPECT_ALIAS(3, c.M, 9, spconv_pseudovec_change_axes(ref_, c.M, rv),
                 spconv_pseudovec_change_axes(buf_, buf_, rv));
    EXPECT_ALIAS(3, rv, 3, spconv_pseudovec_change_axes(ref_, c.M, rv),
                 spconv_pseudovec_change_axes(buf_, c.M, buf_));
    /* world only (det Mp = +1) */
    EXPECT_ALIAS(4, c.q, 4, assert_int_equal(spconv_quat_wxyz_change_world_axes(ref_, c.Mp, c.q), SPCONV_OK),
                 assert_int_equal(spconv_quat_wxyz_change_world_axes(buf_, c.Mp, buf_), SPCONV_OK));
    EXPECT_ALIAS(4, c.Mp, 9, assert_int_equal(spconv_quat_wxyz_change_world_axes(ref_, c.Mp, c.q), SPCONV_OK),
                 assert_int_equal(spconv_quat_wxyz_change_world_axes(buf_, buf_, c.q), SPCONV_OK));
    EXPECT_ALIAS(9, R, 9, assert_int_equal(spconv_mat_change_world_axes(ref_, c.Mp, R), SPCONV_OK),
                 assert_int_equal(spconv_mat_change_world_axes(buf_, c.Mp, buf_), SPCONV_OK));
    EXPECT_ALIAS(9, c.Mp, 9, assert_int_equal(spconv_mat_change_world_axes(ref_, c.Mp, R), SPCONV_OK),
                 assert_int_equal(spconv_mat_change_world_axes(buf_, buf_, R), SPCONV_OK));
    /* world and body */
    {
      spconv_real r[4];
      assert_int_equal(spconv_quat_wxyz_change_world_body_axes(r, c.Mp, c.M, c.q),
                       test_det3(c.M) > 0 ? SPCONV_OK : SPCONV_EINVAL); /* det Mp = +1 */
    }
    EXPECT_ALIAS(4, c.q, 4, assert_int_equal(spconv_quat_wxyz_change_world_body_axes(ref_, c.M, c.M, c.q), SPCONV_OK),
                 assert_int_equal(spconv_quat_wxyz_change_world_body_axes(buf_, c.M, c.M, buf_), SPCONV_OK));
    EXPECT_ALIAS(4, c.M, 9, assert_int_equal(spconv_quat_wxyz_change_world_body_axes(ref_, c.M, c.M, c.q), SPCONV_OK),
                 assert_int_equal(spconv_quat_wxyz_change_world_body_axes(buf_, buf_, c.M, c.q), SPCONV_OK));
    EXPECT_ALIAS(4, c.M, 9, assert_int_equal(spconv_quat_wxyz_change_world_body_axes(ref_, c.M, c.M, c.q), SPCONV_OK),
                 assert_int_equal(spconv_quat_wxyz_change_world_body_axes(buf_, c.M, buf_, c.q), SPCONV_OK));
  }
}

/* BVH: res == angles, res == q */
static void test_quat_wxyz_from_bvh_and_back_aliasing(void **state) {
  int n;
  (void)state;
  test_seed(811);
  for (n = 0; n < MO_ALIAS_CASES; ++n) {
    mo_alias_case c;
    spconv_real qb[4];
    mo_alias_draw(&c);
    EXPECT_ALIAS(4, c.d, 4, assert_int_equal(spconv_quat_wxyz_from_bvh(ref_, c.d, SPCONV_EULER_ZXY), SPCONV_OK),
                 assert_int_equal(spconv_quat_wxyz_from_bvh(buf_, buf_, SPCONV_EULER_ZXY), SPCONV_OK));
    assert_int_equal(spconv_quat_wxyz_from_bvh(qb, c.d, SPCONV_EULER_ZXY), SPCONV_OK);
    EXPECT_ALIAS(3, qb, 4, assert_true(spconv_bvh_from_quat_wxyz(ref_, qb, SPCONV_EULER_ZXY) >= 0),
                 assert_true(spconv_bvh_from_quat_wxyz(buf_, buf_, SPCONV_EULER_ZXY) >= 0));
  }
}

/* ============================================================ bad input */

static void test_motion_clip_convert_bad_input(void **state) {
  static mo_store a, b, a0, b0;
  mo_skeleton sk;
  spconv_real M[9], I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, F[9] = {1, 0, 0, 0, 1, 0, 0, 0, -1};
  spconv_real S[9] = {1, 0, 0, 0, 1, (spconv_real)0.1, 0, 0, 1};
  spconv_motion_clip ca, cb, c2;
  (void)state;
  test_seed(810);
  mo_rand_skeleton(&sk, 4);
  mo_rand_store(&a, &sk, 5, SPCONV_ROT_ROTVEC, SPCONV_ROT_QUAT_XYZW);
  mo_rand_store(&b, &sk, 5, SPCONV_ROT_ROTVEC, SPCONV_ROT_QUAT_XYZW);
  memcpy(&a0, &a, sizeof a);
  memcpy(&b0, &b, sizeof b);
  ca = mo_clip_of(&a, 5, 4, SPCONV_ROT_ROTVEC, SPCONV_ROT_QUAT_XYZW, 0);
  cb = mo_clip_of(&b, 5, 4, SPCONV_ROT_ROTVEC, SPCONV_ROT_QUAT_XYZW, 0);
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_BVH, SPCONV_AXIS_PRESET_ROBOT), SPCONV_OK);
  assert_int_equal(spconv_motion_clip_convert(NULL, &ca, M, M, 1), SPCONV_EINVAL);
  assert_int_equal(spconv_motion_clip_convert(&cb, NULL, M, M, 1), SPCONV_EINVAL);
  assert_int_equal(spconv_motion_clip_convert(&cb, &ca, NULL, M, 1), SPCONV_EINVAL);
  assert_int_equal(spconv_motion_clip_convert(&cb, &ca, M, F, 1), SPCONV_EINVAL);  /* dets differ */
  assert_int_equal(spconv_motion_clip_convert(&cb, &ca, S, S, 1), SPCONV_EINVAL);  /* not orthogonal */
  assert_int_equal(spconv_motion_clip_convert(&cb, &ca, M, M, 0), SPCONV_EINVAL);
  assert_int_equal(spconv_motion_clip_convert(&cb, &ca, M, M, -1), SPCONV_EINVAL);
  assert_int_equal(spconv_motion_clip_convert(&cb, &ca, M, M, (spconv_real)NAN), SPCONV_EINVAL);
  assert_int_equal(spconv_motion_clip_convert(&cb, &ca, M, M, (spconv_real)INFINITY), SPCONV_EINVAL);
  c2 = cb; c2.frames = 4;
  assert_int_equal(spconv_motion_clip_convert(&c2, &ca, M, M, 1), SPCONV_EINVAL);
  c2 = cb; c2.bodies = 3;
  assert_int_equal(spconv_motion_clip_convert(&c2, &ca, M, M, 1), SPCONV_EINVAL);
  c2 = cb; c2.local_rot_format = SPCONV_ROT_QUAT_WXYZ;
  assert_int_equal(spconv_motion_clip_convert(&c2, &ca, M, M, 1), SPCONV_EINVAL);
  c2 = cb; c2.root_rot_format = SPCONV_ROT_MAT;
  assert_int_equal(spconv_motion_clip_convert(&c2, &ca, M, M, 1), SPCONV_EINVAL);
  c2 = cb; c2.root_angvel_body = 1;
  assert_int_equal(spconv_motion_clip_convert(&c2, &ca, M, M, 1), SPCONV_EINVAL);
  c2 = cb; c2.offsets = NULL;
  assert_int_equal(spconv_motion_clip_convert(&c2, &ca, M, M, 1), SPCONV_EINVAL);
  c2 = cb; c2.local_rot = NULL;
  assert_int_equal(spconv_motion_clip_convert(&c2, &ca, M, M, 1), SPCONV_EINVAL);
  {
    spconv_motion_clip c3 = ca, c4 = cb;
    c3.local_rot_format = c4.local_rot_format = TEST_ROT_FORMAT(7);
    assert_int_equal(spconv_motion_clip_convert(&c4, &c3, M, M, 1), SPCONV_EINVAL);
    c3 = ca; c4 = cb;
    c3.frames = c4.frames = -1;
    assert_int_equal(spconv_motion_clip_convert(&c4, &c3, M, M, 1), SPCONV_EINVAL);
  }
  assert_memory_equal(&a, &a0, sizeof a);
  assert_memory_equal(&b, &b0, sizeof b);
  /* NULL arrays in `in` are skipped (res's may be anything) */
  c2 = ca; c2.root_linvel = NULL; c2.local_rot = NULL;
  cb.root_linvel = NULL; cb.local_rot = NULL;
  assert_int_equal(spconv_motion_clip_convert(&cb, &c2, I, I, 1), SPCONV_OK);
  assert_memory_equal(b.root_linvel, b0.root_linvel, sizeof b.root_linvel);
  assert_memory_equal(b.local_rot, b0.local_rot, sizeof b.local_rot);
  EXPECT_VEC_EQUAL(b.root_pos, a.root_pos, 15);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_axis_preset_matrix_motion_presets),
      cmocka_unit_test(test_axis_system_preset_motion_presets),
      cmocka_unit_test(test_mat_quat_change_axes_every_frame),
      cmocka_unit_test(test_quat_wxyz_change_world_body_axes),
      cmocka_unit_test(test_mat_quat_change_world_axes),
      cmocka_unit_test(test_motion_clip_convert_fk),
      cmocka_unit_test(test_motion_clip_convert_fk_detects_wrong_rule),
      cmocka_unit_test(test_motion_clip_convert_preset_round_trips),
      cmocka_unit_test(test_motion_linvel),
      cmocka_unit_test(test_motion_angvel),
      cmocka_unit_test(test_motion_angvel_degenerate),
      cmocka_unit_test(test_motion_angvel_commutes_with_clip_convert),
      cmocka_unit_test(test_motion_linvel_commutes_with_clip_convert),
      cmocka_unit_test(test_euler_seq_from_bvh_channels),
      cmocka_unit_test(test_bvh_channels_from_euler_seq),
      cmocka_unit_test(test_quat_wxyz_from_bvh),
      cmocka_unit_test(test_bvh_from_quat_wxyz),
      cmocka_unit_test(test_perm_gather_frames),
      cmocka_unit_test(test_perm_gather_parents),
      cmocka_unit_test(test_rot_convert_n),
      cmocka_unit_test(test_rot_format_size),
      cmocka_unit_test(test_motion_clip_convert_aliasing),
      cmocka_unit_test(test_change_world_body_axes_aliasing),
      cmocka_unit_test(test_quat_wxyz_from_bvh_and_back_aliasing),
      cmocka_unit_test(test_motion_clip_convert_bad_input),
  };
  int failed = cmocka_run_group_tests_name("motion", tests, NULL, NULL);
  test_print_summary("motion");
  return failed;
}
