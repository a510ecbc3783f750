/* spatial_conv tests of a clip's heading and ground-plane alignment
   (spconv_motion_clip_heading, spconv_motion_clip_align): values derived by
   hand for Z-, Y- and X-up worlds and every rotation format, the heading
   kept by spconv_motion_clip_convert, the alignment as a rigid turn of
   every body checked by forward kinematics, its invariance to a turn and
   a shift of the input, round trips, aliasing and bad input (status codes,
   nothing written). Built in double and in float from this one source. */
#include "test_util.h"

#define MA_MAXT 12 /* frames of the test clips */
#define MA_MAXB 6  /* bodies */

static const double ma_pi = 3.14159265358979323846;

/* q = rotation by angle a about coordinate axis `axis` (wxyz): (cos a/2, sin a/2 e) */
static void ma_quat_axis(spconv_real q[4], int axis, double a) {
  q[0] = (spconv_real)cos(0.5 * a);
  q[1] = q[2] = q[3] = 0;
  q[1 + axis] = (spconv_real)sin(0.5 * a);
}

/* r = a b (wxyz), written out here as the reference */
static void ma_quat_mul(spconv_real r[4], const spconv_real a[4], const spconv_real b[4]) {
  spconv_real t[4];
  t[0] = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
  t[1] = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
  t[2] = a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1];
  t[3] = a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0];
  memcpy(r, t, sizeof t);
}

/* row-major rotation by angle a about coordinate axis `axis` */
static void ma_mat_axis(spconv_real R[9], int axis, double a) {
  int i = (axis + 1) % 3, j = (axis + 2) % 3, k;
  for (k = 0; k < 9; ++k) R[k] = 0;
  R[4 * axis] = 1;
  R[4 * i] = R[4 * j] = (spconv_real)cos(a);
  R[3 * j + i] = (spconv_real)sin(a);  /* e_i -> cos a e_i + sin a e_j */
  R[3 * i + j] = (spconv_real)-sin(a);
}

/* one clip's storage, any format */
typedef struct ma_store {
  spconv_real root_pos[MA_MAXT * 3], root_rot[MA_MAXT * 9], linvel[MA_MAXT * 3],
      angvel[MA_MAXT * 3], local_rot[MA_MAXT * MA_MAXB * 9], offsets[MA_MAXB * 3];
} ma_store;

static spconv_motion_clip ma_clip(ma_store *s, int frames, int bodies, spconv_rot_format rf,
                                  spconv_rot_format lf, int angvel_body) {
  spconv_motion_clip c;
  memset(&c, 0, sizeof c);
  c.frames = frames;
  c.bodies = bodies;
  c.root_pos = s->root_pos;
  c.root_rot = s->root_rot;
  c.root_rot_format = rf;
  c.root_linvel = s->linvel;
  c.root_angvel = s->angvel;
  c.root_angvel_body = angvel_body;
  c.local_rot = s->local_rot;
  c.local_rot_format = lf;
  c.offsets = s->offsets;
  return c;
}

/* n rotations of format f from random quaternions (any norm) */
static void ma_rand_rots(spconv_real *x, spconv_rot_format f, int n) {
  int i, sz = spconv_rot_format_size(f);
  for (i = 0; i < n; ++i) {
    spconv_real q[4];
    test_rand_quat(q);
    assert_int_equal(spconv_rot_convert_n(x + sz * i, f, q, SPCONV_ROT_QUAT_WXYZ, 1), SPCONV_OK);
  }
}

static void ma_rand_store(ma_store *s, int frames, int bodies, spconv_rot_format rf,
                          spconv_rot_format lf) {
  test_rand_vec(s->root_pos, 3 * frames, 5.0);
  test_rand_vec(s->linvel, 3 * frames, 2.0);
  test_rand_vec(s->angvel, 3 * frames, 2.0);
  test_rand_vec(s->offsets, 3 * bodies, 0.5);
  ma_rand_rots(s->root_rot, rf, frames);
  ma_rand_rots(s->local_rot, lf, frames * bodies);
}

/* the matrix of one rotation of format f */
static void ma_mat_of(spconv_real R[9], const spconv_real *x, spconv_rot_format f) {
  assert_int_equal(spconv_rot_convert_n(R, SPCONV_ROT_MAT, x, f, 1), SPCONV_OK);
}

/* Forward kinematics of frame t (spconv_motion_clip's root convention):
   a body whose parent is -1 hangs off the root frame, R = root_rot L,
   p = root_pos + root_rot o; else R = R_parent L, p = p_parent + R_parent o.
   parents[j] < j. pw[B][3], Rw[B][9]. */
static void ma_fk(spconv_real *pw, spconv_real *Rw, const spconv_motion_clip *c,
                  const int *parents, int t) {
  spconv_real Rr[9];
  int j, nr = spconv_rot_format_size(c->root_rot_format),
         nl = spconv_rot_format_size(c->local_rot_format);
  ma_mat_of(Rr, c->root_rot + nr * t, c->root_rot_format);
  for (j = 0; j < c->bodies; ++j) {
    const spconv_real *Rp = parents[j] < 0 ? Rr : Rw + 9 * parents[j];
    const spconv_real *pp = parents[j] < 0 ? c->root_pos + 3 * t : pw + 3 * parents[j];
    spconv_real L[9], o[3];
    ma_mat_of(L, c->local_rot + nl * (t * c->bodies + j), c->local_rot_format);
    test_mat_mul(Rw + 9 * j, Rp, L);
    test_mat_vec(o, Rp, c->offsets + 3 * j);
    pw[3 * j] = pp[0] + o[0];
    pw[3 * j + 1] = pp[1] + o[1];
    pw[3 * j + 2] = pp[2] + o[2];
  }
}

/* the heading of frame t (asserts SPCONV_OK) */
static double ma_heading(const spconv_motion_clip *c, int t, spconv_axis up,
                         spconv_signed_axis wf, spconv_signed_axis bf) {
  spconv_real h = 99;
  assert_int_equal(spconv_motion_clip_heading(&h, c, (size_t)t, up, wf, bf), SPCONV_OK);
  return (double)h;
}

/* a one-frame clip holding only the root rotation x of format f */
static spconv_motion_clip ma_root_only(spconv_real *x, spconv_rot_format f) {
  spconv_motion_clip c;
  memset(&c, 0, sizeof c);
  c.frames = 1;
  c.root_rot = x;
  c.root_rot_format = f;
  return c;
}

static const spconv_rot_format ma_formats[4] = {SPCONV_ROT_ROTVEC, SPCONV_ROT_QUAT_WXYZ,
                                                SPCONV_ROT_QUAT_XYZW, SPCONV_ROT_MAT};

/* ========================================================= heading, by hand */

/* Z up, X forward (robot): the root forward e_x turned by Rz(a) is
   (cos a, sin a, 0), heading a; a pitch Ry(b) after it leaves the ground
   direction (cos a cos b, sin a cos b) and the heading a; Rz(pi) faces -X,
   heading +pi (not -pi). Every format gives the same value. */
static void test_heading_known_values_z_up(void **state) {
  spconv_real q[4], p[4], x[9];
  spconv_motion_clip c;
  int fi;
  (void)state;
  for (fi = 0; fi < 4; ++fi) {
    spconv_rot_format f = ma_formats[fi];
    ma_quat_axis(q, 2, ma_pi / 6);
    assert_int_equal(spconv_rot_convert_n(x, f, q, SPCONV_ROT_QUAT_WXYZ, 1), SPCONV_OK);
    c = ma_root_only(x, f);
    EXPECT_NEAR(ma_heading(&c, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X), ma_pi / 6,
                TEST_TOL, 1);
    ma_quat_axis(p, 1, 0.35); /* pitch the body down by 0.35 rad */
    ma_quat_mul(q, q, p);
    assert_int_equal(spconv_rot_convert_n(x, f, q, SPCONV_ROT_QUAT_WXYZ, 1), SPCONV_OK);
    EXPECT_NEAR(ma_heading(&c, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X), ma_pi / 6,
                TEST_TOL, 1);
    ma_quat_axis(q, 2, -5 * ma_pi / 6);
    assert_int_equal(spconv_rot_convert_n(x, f, q, SPCONV_ROT_QUAT_WXYZ, 1), SPCONV_OK);
    EXPECT_NEAR(ma_heading(&c, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X),
                -5 * ma_pi / 6, TEST_TOL, 1);
  }
  /* exactly half a turn, both signs of q: +pi */
  q[0] = q[1] = q[2] = 0;
  q[3] = 1;
  c = ma_root_only(q, SPCONV_ROT_QUAT_WXYZ);
  EXPECT_NEAR(ma_heading(&c, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X), ma_pi,
              TEST_TOL, 1);
  q[3] = -1;
  EXPECT_NEAR(ma_heading(&c, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X), ma_pi,
              TEST_TOL, 1);
  /* a world forward of -X: the identity faces +X, heading +pi (atan2(-0, -1) -> pi);
     +Y is a quarter turn to the right of -X seen from +Z: -pi/2 */
  q[0] = 1;
  q[3] = 0;
  EXPECT_NEAR(ma_heading(&c, 0, SPCONV_AXIS_Z, SPCONV_AXIS_NEG_X, SPCONV_AXIS_POS_X), ma_pi,
              TEST_TOL, 1);
  EXPECT_NEAR(ma_heading(&c, 0, SPCONV_AXIS_Z, SPCONV_AXIS_NEG_X, SPCONV_AXIS_POS_Y),
              -ma_pi / 2, TEST_TOL, 1);
  /* body forward +Z (SMPL body frames) in a Z-up world (AMASS): the root
     turned by Rx(pi/2) points body +Z to world -Y, heading -pi/2 */
  ma_quat_axis(q, 0, ma_pi / 2);
  EXPECT_NEAR(ma_heading(&c, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_Z),
              -ma_pi / 2, TEST_TOL, 1);
}

/* Y up, facing +Z (BVH, SMPL): Ry(a) turns e_z to (sin a, 0, cos a),
   heading atan2(h_x, h_z) = a. X up, forward +Y: Rx(a) turns e_y to
   (0, cos a, sin a), heading a. */
static void test_heading_known_values_y_x_up(void **state) {
  spconv_real q[4];
  spconv_motion_clip c = ma_root_only(q, SPCONV_ROT_QUAT_WXYZ);
  int n;
  (void)state;
  for (n = -6; n <= 6; ++n) {
    double a = 0.5 * n;
    ma_quat_axis(q, 1, a);
    EXPECT_NEAR(ma_heading(&c, 0, SPCONV_AXIS_Y, SPCONV_AXIS_POS_Z, SPCONV_AXIS_POS_Z), a,
                TEST_TOL, 1);
    ma_quat_axis(q, 0, a);
    EXPECT_NEAR(ma_heading(&c, 0, SPCONV_AXIS_X, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Y), a,
                TEST_TOL, 1);
    /* facing -Z in a Y-up world (a file whose figure faces -Z): half a turn more */
    ma_quat_axis(q, 1, a);
    EXPECT_NEAR(cos(ma_heading(&c, 0, SPCONV_AXIS_Y, SPCONV_AXIS_POS_Z, SPCONV_AXIS_NEG_Z) - a),
                -1, TEST_TOL, 1);
  }
}

/* Converting a Y-up BVH clip to the robot axes keeps every frame's heading
   (M = BVH -> robot is a proper rotation taking up to up and forward to
   forward), for random root rotations in every format. */
static void test_heading_kept_by_conversion(void **state) {
  ma_store a, b;
  spconv_real M[9];
  int fi, t, n = 0;
  (void)state;
  test_seed(11);
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_BVH, SPCONV_AXIS_PRESET_ROBOT),
                   SPCONV_OK);
  for (fi = 0; fi < 4; ++fi) {
    spconv_motion_clip ca, cb;
    ma_rand_store(&a, MA_MAXT, 3, ma_formats[fi], ma_formats[fi]);
    ca = ma_clip(&a, MA_MAXT, 3, ma_formats[fi], ma_formats[fi], 0);
    cb = ma_clip(&b, MA_MAXT, 3, ma_formats[fi], ma_formats[fi], 0);
    assert_int_equal(spconv_motion_clip_convert(&cb, &ca, M, M, (spconv_real)0.01), SPCONV_OK);
    for (t = 0; t < MA_MAXT; ++t) {
      double h0 = ma_heading(&ca, t, SPCONV_AXIS_Y, SPCONV_AXIS_POS_Z, SPCONV_AXIS_POS_Z);
      double h1 = ma_heading(&cb, t, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X);
      /* compare as directions: +-pi are one heading */
      EXPECT_NEAR(cos(h1 - h0), 1, 100 * TEST_TOL, 1);
      EXPECT_NEAR(sin(h1 - h0), 0, 100 * TEST_TOL, 1);
      ++n;
    }
  }
  assert_int_equal(n, 4 * MA_MAXT);
}

/* ========================================================= align, by hand */

/* Z up, 3 frames; frame 0 at (1, 2, 0.9) facing +Y (Rz(pi/2)), ground 0.1:
   A = Rz(-pi/2), (x, y, z) -> (y, -x, z), c = (1, 2, 0.1):
     (1, 2, 0.9) -> (0, 0, 0.8)   (1, 3, 0.9) -> (1, 0, 0.8)   (0, 3, 1) -> (1, 1, 0.9)
   root_rot Rz(pi/2) -> I; linear velocity (0, 1, 0) -> (1, 0, 0) (forward);
   world angular velocity (1, 0, 0) -> (0, -1, 0); body angular velocity kept;
   local rotations and offsets copied bit for bit. */
static void test_align_known_values(void **state) {
  ma_store a, b;
  spconv_motion_clip ca, cb;
  const spconv_real want_pos[9] = {0, 0, (spconv_real)0.8, 1, 0, (spconv_real)0.8,
                                   1, 1, (spconv_real)0.9};
  const spconv_real pos[9] = {1, 2, (spconv_real)0.9, 1, 3, (spconv_real)0.9, 0, 3, 1};
  spconv_real id[4] = {1, 0, 0, 0}, v1[3] = {1, 0, 0}, w1[3] = {0, -1, 0};
  int t, body;
  (void)state;
  test_seed(21);
  for (body = 0; body < 2; ++body) {
    ma_rand_store(&a, 3, 2, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_ROTVEC);
    memcpy(a.root_pos, pos, sizeof pos);
    for (t = 0; t < 3; ++t) {
      ma_quat_axis(a.root_rot + 4 * t, 2, ma_pi / 2);
      a.linvel[3 * t] = 0;
      a.linvel[3 * t + 1] = 1;
      a.linvel[3 * t + 2] = 0;
      a.angvel[3 * t] = 1;
      a.angvel[3 * t + 1] = a.angvel[3 * t + 2] = 0;
    }
    memset(&b, 0, sizeof b);
    ca = ma_clip(&a, 3, 2, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_ROTVEC, body);
    cb = ma_clip(&b, 3, 2, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_ROTVEC, body);
    assert_int_equal(spconv_motion_clip_align(&cb, &ca, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X,
                                              SPCONV_AXIS_POS_X, (spconv_real)0.1),
                     SPCONV_OK);
    EXPECT_VEC_NEAR(b.root_pos, want_pos, 9, TEST_TOL);
    /* that frame: exactly above the origin */
    assert_true(b.root_pos[0] == 0 && b.root_pos[1] == 0);
    for (t = 0; t < 3; ++t) {
      EXPECT_VEC_NEAR(b.root_rot + 4 * t, id, 4, TEST_TOL);
      EXPECT_VEC_NEAR(b.linvel + 3 * t, v1, 3, TEST_TOL);
      if (body) EXPECT_VEC_EQUAL(b.angvel + 3 * t, a.angvel + 3 * t, 3);
      else EXPECT_VEC_NEAR(b.angvel + 3 * t, w1, 3, TEST_TOL);
    }
    EXPECT_VEC_EQUAL(b.local_rot, a.local_rot, 3 * 2 * 3);
    EXPECT_VEC_EQUAL(b.offsets, a.offsets, 2 * 3);
    EXPECT_NEAR(ma_heading(&cb, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X), 0,
                TEST_TOL, 1);
  }
}

/* A Y-up clip (BVH axes) whose frame 1 faces +X (Ry(pi/2)), at (3, 95, -2),
   reference frame 1, ground 0: A = Ry(-pi/2) takes +X to +Z,
   (x, y, z) -> (-z, y, x); c = (3, 0, -2); frame 0 at (3, 95, 5) ->
   (-7, 95, 0): 7 units behind, as it walked along +X before the turn. */
static void test_align_known_values_y_up(void **state) {
  ma_store a, b;
  spconv_motion_clip ca, cb;
  const spconv_real pos[6] = {3, 95, 5, 3, 95, -2};
  const spconv_real want[6] = {-7, 95, 0, 0, 95, 0};
  spconv_real id[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  (void)state;
  test_seed(22);
  ma_rand_store(&a, 2, 1, SPCONV_ROT_MAT, SPCONV_ROT_MAT);
  memcpy(a.root_pos, pos, sizeof pos);
  ma_mat_axis(a.root_rot, 1, ma_pi / 2);
  ma_mat_axis(a.root_rot + 9, 1, ma_pi / 2);
  ca = ma_clip(&a, 2, 1, SPCONV_ROT_MAT, SPCONV_ROT_MAT, 0);
  cb = ma_clip(&b, 2, 1, SPCONV_ROT_MAT, SPCONV_ROT_MAT, 0);
  assert_int_equal(spconv_motion_clip_align(&cb, &ca, 1, SPCONV_AXIS_Y, SPCONV_AXIS_POS_Z,
                                            SPCONV_AXIS_POS_Z, 0),
                   SPCONV_OK);
  EXPECT_VEC_NEAR(b.root_pos, want, 6, TEST_TOL);
  EXPECT_VEC_NEAR(b.root_rot, id, 9, TEST_TOL);
  EXPECT_VEC_NEAR(b.root_rot + 9, id, 9, TEST_TOL);
}

/* ========================================================= align, invariants */

/* For random clips (every format, Z, Y and X up, random reference frame,
   ground and forward axes): after the call the reference frame's heading is
   0 and its root is above the origin at height p_up - ground; every body of
   every frame (forward kinematics) moved by one rigid turn about up:
   p' = A (p - c), R' = A R, with A the rotation by -heading; quaternions
   keep their norm, rotation vectors stay within pi. */
static void test_align_rigid(void **state) {
  ma_store a, b;
  static const int parents[MA_MAXB] = {-1, 0, 1, -1, 3, 0};
  int iter, t, j, i;
  (void)state;
  test_seed(31);
  for (iter = 0; iter < 400; ++iter) {
    spconv_rot_format rf = ma_formats[iter % 4], lf = ma_formats[(iter / 4) % 4];
    spconv_axis up = (spconv_axis)(iter % 3);
    int fa = (iter % 3 + 1 + (int)(test_next_u64() % 2)) % 3; /* an axis other than up */
    spconv_signed_axis wf = (spconv_signed_axis)(fa + 3 * (int)(test_next_u64() % 2));
    spconv_signed_axis bf = (spconv_signed_axis)(test_next_u64() % 6);
    int frame = (int)(test_next_u64() % MA_MAXT);
    spconv_real ground = (spconv_real)test_uniform(-1, 1), A[9], c[3], v[3];
    spconv_motion_clip ca, cb;
    double h;
    ma_rand_store(&a, MA_MAXT, MA_MAXB, rf, lf);
    ca = ma_clip(&a, MA_MAXT, MA_MAXB, rf, lf, 0);
    cb = ma_clip(&b, MA_MAXT, MA_MAXB, rf, lf, 0);
    h = ma_heading(&ca, frame, up, wf, bf);
    assert_int_equal(spconv_motion_clip_align(&cb, &ca, (size_t)frame, up, wf, bf, ground),
                     SPCONV_OK);
    EXPECT_NEAR(sin(ma_heading(&cb, frame, up, wf, bf)), 0, 100 * TEST_TOL, 1);
    EXPECT_NEAR(cos(ma_heading(&cb, frame, up, wf, bf)), 1, 100 * TEST_TOL, 1);
    for (i = 0; i < 3; ++i) {
      if (i == (int)up)
        EXPECT_NEAR(b.root_pos[3 * frame + i], a.root_pos[3 * frame + i] - ground, TEST_TOL, 5);
      else assert_true(b.root_pos[3 * frame + i] == 0);
      c[i] = i == (int)up ? ground : a.root_pos[3 * frame + i];
    }
    ma_mat_axis(A, (int)up, -h);
    for (t = 0; t < MA_MAXT; ++t) {
      spconv_real p0[3 * MA_MAXB], R0[9 * MA_MAXB], p1[3 * MA_MAXB], R1[9 * MA_MAXB];
      ma_fk(p0, R0, &ca, parents, t);
      ma_fk(p1, R1, &cb, parents, t);
      for (j = 0; j < MA_MAXB; ++j) {
        spconv_real d[3], want[3], Rw[9];
        for (i = 0; i < 3; ++i) d[i] = p0[3 * j + i] - c[i];
        test_mat_vec(want, A, d);
        EXPECT_VEC_NEAR(p1 + 3 * j, want, 3, 100 * TEST_TOL);
        test_mat_mul(Rw, A, R0 + 9 * j);
        EXPECT_VEC_NEAR(R1 + 9 * j, Rw, 9, 100 * TEST_TOL);
      }
      test_mat_vec(v, A, a.linvel + 3 * t);
      EXPECT_VEC_NEAR(b.linvel + 3 * t, v, 3, 100 * TEST_TOL);
      if (rf == SPCONV_ROT_QUAT_WXYZ || rf == SPCONV_ROT_QUAT_XYZW) {
        double n0 = 0, n1 = 0;
        for (i = 0; i < 4; ++i) {
          n0 += (double)a.root_rot[4 * t + i] * (double)a.root_rot[4 * t + i];
          n1 += (double)b.root_rot[4 * t + i] * (double)b.root_rot[4 * t + i];
        }
        EXPECT_NEAR(sqrt(n1), sqrt(n0), 10 * TEST_TOL, sqrt(n0));
      }
      if (rf == SPCONV_ROT_ROTVEC) {
        double n1 = 0;
        for (i = 0; i < 3; ++i) n1 += (double)b.root_rot[3 * t + i] * (double)b.root_rot[3 * t + i];
        assert_true(sqrt(n1) <= ma_pi * (1 + 10 * TEST_TOL));
      }
    }
  }
}

/* The alignment forgets where the clip stood and where it faced: turning
   the input about up by any angle and shifting it along the ground gives
   the same aligned clip (the turn by spconv_motion_clip_convert with M_world
   a rotation about up and M_body = I, the world-only rule). Turning the
   aligned clip back by the heading it had and moving it back restores the
   input (round trip); aligning twice changes nothing. */
static void test_align_invariant_and_round_trip(void **state) {
  ma_store a, b, r1, r2, r3;
  spconv_real I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  int iter, fi;
  (void)state;
  test_seed(41);
  for (iter = 0; iter < 200; ++iter) {
    spconv_rot_format f = ma_formats[iter % 4];
    spconv_axis up = (spconv_axis)(iter % 3);
    spconv_signed_axis fw = (spconv_signed_axis)((iter % 3 + 1) % 3);
    spconv_real Rt[9], shift[3];
    spconv_motion_clip ca, cb, c1, c2, c3;
    int t, i;
    ma_rand_store(&a, MA_MAXT, 3, f, f);
    ca = ma_clip(&a, MA_MAXT, 3, f, f, 0);
    cb = ma_clip(&b, MA_MAXT, 3, f, f, 0);
    c1 = ma_clip(&r1, MA_MAXT, 3, f, f, 0);
    c2 = ma_clip(&r2, MA_MAXT, 3, f, f, 0);
    c3 = ma_clip(&r3, MA_MAXT, 3, f, f, 0);
    ma_mat_axis(Rt, (int)up, test_uniform(-4, 4));
    test_rand_vec(shift, 3, 10.0);
    shift[up] = 0;
    assert_int_equal(spconv_motion_clip_convert(&cb, &ca, Rt, I, 1), SPCONV_OK);
    for (t = 0; t < MA_MAXT; ++t)
      for (i = 0; i < 3; ++i) b.root_pos[3 * t + i] += shift[i];
    assert_int_equal(spconv_motion_clip_align(&c1, &ca, 2, up, fw, fw, (spconv_real)0.3), SPCONV_OK);
    assert_int_equal(spconv_motion_clip_align(&c2, &cb, 2, up, fw, fw, (spconv_real)0.3), SPCONV_OK);
    EXPECT_VEC_NEAR(r2.root_pos, r1.root_pos, 3 * MA_MAXT, 100 * TEST_TOL);
    EXPECT_VEC_NEAR(r2.linvel, r1.linvel, 3 * MA_MAXT, 100 * TEST_TOL);
    EXPECT_VEC_NEAR(r2.angvel, r1.angvel, 3 * MA_MAXT, 100 * TEST_TOL);
    for (t = 0; t < MA_MAXT; ++t) {
      spconv_real R1[9], R2[9];
      ma_mat_of(R1, r1.root_rot + spconv_rot_format_size(f) * t, f);
      ma_mat_of(R2, r2.root_rot + spconv_rot_format_size(f) * t, f);
      EXPECT_VEC_NEAR(R2, R1, 9, 100 * TEST_TOL);
    }
    /* round trip: turning the aligned clip back by the heading it had and
       moving it back by c restores the input */
    {
      spconv_real Rb[9], h = (spconv_real)ma_heading(&ca, 2, up, fw, fw);
      ma_mat_axis(Rb, (int)up, (double)h);
      assert_int_equal(spconv_motion_clip_convert(&c3, &c1, Rb, I, 1), SPCONV_OK);
      for (t = 0; t < MA_MAXT; ++t)
        for (i = 0; i < 3; ++i)
          r3.root_pos[3 * t + i] += i == (int)up ? (spconv_real)0.3 : a.root_pos[6 + i];
      EXPECT_VEC_NEAR(r3.root_pos, a.root_pos, 3 * MA_MAXT, 100 * TEST_TOL);
      EXPECT_VEC_NEAR(r3.linvel, a.linvel, 3 * MA_MAXT, 100 * TEST_TOL);
      EXPECT_VEC_NEAR(r3.angvel, a.angvel, 3 * MA_MAXT, 100 * TEST_TOL);
      EXPECT_VEC_EQUAL(r3.local_rot, a.local_rot, MA_MAXT * 3 * spconv_rot_format_size(f));
      EXPECT_VEC_EQUAL(r3.offsets, a.offsets, 3 * 3);
      for (t = 0; t < MA_MAXT; ++t) {
        spconv_real R0[9], R3[9];
        ma_mat_of(R0, a.root_rot + spconv_rot_format_size(f) * t, f);
        ma_mat_of(R3, r3.root_rot + spconv_rot_format_size(f) * t, f);
        EXPECT_VEC_NEAR(R3, R0, 9, 100 * TEST_TOL);
      }
    }
    /* twice: the second call turns by 0 and moves by 0 */
    assert_int_equal(spconv_motion_clip_align(&c3, &c1, 2, up, fw, fw, 0), SPCONV_OK);
    EXPECT_VEC_NEAR(r3.root_pos, r1.root_pos, 3 * MA_MAXT, 100 * TEST_TOL);
    for (fi = 0; fi < MA_MAXT * spconv_rot_format_size(f); ++fi)
      if (f != SPCONV_ROT_ROTVEC) /* a rotation vector may come back as its equivalent */
        EXPECT_NEAR(r3.root_rot[fi], r1.root_rot[fi], 100 * TEST_TOL, 1);
  }
}

/* res may be in (in place): the result equals the out-of-place one bit for
   bit, for every format and both angular velocity frames. */
static void test_align_aliasing(void **state) {
  ma_store a, b, c;
  int fi;
  (void)state;
  test_seed(51);
  for (fi = 0; fi < 8; ++fi) {
    spconv_rot_format f = ma_formats[fi % 4];
    spconv_motion_clip ca, cb, cc;
    ma_rand_store(&a, MA_MAXT, 4, f, ma_formats[(fi + 1) % 4]);
    c = a;
    ca = ma_clip(&a, MA_MAXT, 4, f, ma_formats[(fi + 1) % 4], fi / 4);
    cb = ma_clip(&b, MA_MAXT, 4, f, ma_formats[(fi + 1) % 4], fi / 4);
    cc = ma_clip(&c, MA_MAXT, 4, f, ma_formats[(fi + 1) % 4], fi / 4);
    assert_int_equal(spconv_motion_clip_align(&cb, &ca, 5, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X,
                                              SPCONV_AXIS_POS_X, (spconv_real)0.2),
                     SPCONV_OK);
    assert_int_equal(spconv_motion_clip_align(&cc, &cc, 5, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X,
                                              SPCONV_AXIS_POS_X, (spconv_real)0.2),
                     SPCONV_OK);
    EXPECT_VEC_EQUAL(c.root_pos, b.root_pos, 3 * MA_MAXT);
    EXPECT_VEC_EQUAL(c.root_rot, b.root_rot, spconv_rot_format_size(f) * MA_MAXT);
    EXPECT_VEC_EQUAL(c.linvel, b.linvel, 3 * MA_MAXT);
    EXPECT_VEC_EQUAL(c.angvel, b.angvel, 3 * MA_MAXT);
    EXPECT_VEC_EQUAL(c.local_rot, a.local_rot,
                     4 * MA_MAXT * spconv_rot_format_size(cc.local_rot_format));
    EXPECT_VEC_EQUAL(c.offsets, a.offsets, 3 * 4);
  }
}

/* Absent arrays are neither read nor written; a clip without root_pos is
   only turned. */
static void test_align_null_arrays(void **state) {
  ma_store a, b;
  spconv_motion_clip ca, cb;
  spconv_real sentinel = (spconv_real)12345;
  int i;
  (void)state;
  test_seed(61);
  ma_rand_store(&a, 4, 2, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_QUAT_WXYZ);
  for (i = 0; i < MA_MAXT * 3; ++i) b.root_pos[i] = b.linvel[i] = b.angvel[i] = sentinel;
  for (i = 0; i < MA_MAXB * 3; ++i) b.offsets[i] = sentinel;
  ca = ma_clip(&a, 4, 2, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_QUAT_WXYZ, 0);
  cb = ma_clip(&b, 4, 2, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_QUAT_WXYZ, 0);
  ca.root_pos = ca.root_linvel = ca.root_angvel = ca.local_rot = ca.offsets = NULL;
  cb.root_pos = cb.root_linvel = cb.root_angvel = cb.local_rot = cb.offsets = NULL;
  assert_int_equal(spconv_motion_clip_align(&cb, &ca, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X,
                                            SPCONV_AXIS_POS_X, 0),
                   SPCONV_OK);
  EXPECT_NEAR(ma_heading(&cb, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X), 0,
              10 * TEST_TOL, 1);
  for (i = 0; i < MA_MAXT * 3; ++i)
    assert_true(b.root_pos[i] == sentinel && b.linvel[i] == sentinel && b.angvel[i] == sentinel);
  for (i = 0; i < MA_MAXB * 3; ++i) assert_true(b.offsets[i] == sentinel);
}

/* ========================================================= bad input */

/* SPCONV_EINVAL for bad arguments, SPCONV_EDEGENERATE for a root rotation
   with no heading; nothing written either way. */
static void test_bad_input(void **state) {
  ma_store a, b, keep;
  spconv_motion_clip ca, cb, bad;
  spconv_real h, q[9], qn[4] = {0, 0, 0, 0}, qi[4] = {0, 0, 0, 0};
  const spconv_real pinf = (spconv_real)HUGE_VAL, qnan = pinf - pinf;
  int i;
  (void)state;
  test_seed(71);
  memset(&a, 0, sizeof a);
  memset(&b, 0, sizeof b);
  ma_rand_store(&a, 3, 2, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_QUAT_WXYZ);
  ma_rand_store(&b, 3, 2, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_QUAT_WXYZ);
  keep = b;
  ca = ma_clip(&a, 3, 2, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_QUAT_WXYZ, 0);
  cb = ma_clip(&b, 3, 2, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_QUAT_WXYZ, 0);
#define MA_BAD_ALIGN(status, r, in, frame, up, wf, bf, g)                                   \
  do {                                                                                     \
    assert_int_equal(spconv_motion_clip_align(r, in, frame, up, wf, bf, g), status);       \
    assert_memory_equal(&b, &keep, sizeof b);                                               \
  } while (0)
#define MA_BAD_HEADING(status, in, frame, up, wf, bf)                                       \
  do {                                                                                     \
    h = 7;                                                                                 \
    assert_int_equal(spconv_motion_clip_heading(&h, in, frame, up, wf, bf), status);        \
    assert_true(h == 7);                                                                   \
  } while (0)
  /* NULL pointers */
  MA_BAD_ALIGN(SPCONV_EINVAL, NULL, &ca, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X, 0);
  MA_BAD_ALIGN(SPCONV_EINVAL, &cb, NULL, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X, 0);
  assert_int_equal(spconv_motion_clip_heading(NULL, &ca, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X,
                                              SPCONV_AXIS_POS_X),
                   SPCONV_EINVAL);
  MA_BAD_HEADING(SPCONV_EINVAL, NULL, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X);
  /* frame out of range, no frames */
  MA_BAD_ALIGN(SPCONV_EINVAL, &cb, &ca, 3, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X, 0);
  MA_BAD_HEADING(SPCONV_EINVAL, &ca, 3, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X);
  bad = ca;
  bad.frames = 0;
  MA_BAD_HEADING(SPCONV_EINVAL, &bad, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X);
  bad.frames = -1;
  MA_BAD_HEADING(SPCONV_EINVAL, &bad, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X);
  /* unknown axes, forward along up */
  MA_BAD_ALIGN(SPCONV_EINVAL, &cb, &ca, 0, (spconv_axis)3, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X, 0);
  MA_BAD_ALIGN(SPCONV_EINVAL, &cb, &ca, 0, SPCONV_AXIS_Z, (spconv_signed_axis)6, SPCONV_AXIS_POS_X, 0);
  MA_BAD_ALIGN(SPCONV_EINVAL, &cb, &ca, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, (spconv_signed_axis)9, 0);
  MA_BAD_ALIGN(SPCONV_EINVAL, &cb, &ca, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_Z, SPCONV_AXIS_POS_X, 0);
  MA_BAD_ALIGN(SPCONV_EINVAL, &cb, &ca, 0, SPCONV_AXIS_Y, SPCONV_AXIS_NEG_Y, SPCONV_AXIS_POS_Z, 0);
  MA_BAD_HEADING(SPCONV_EINVAL, &ca, 0, (spconv_axis)7, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X);
  MA_BAD_HEADING(SPCONV_EINVAL, &ca, 0, SPCONV_AXIS_X, SPCONV_AXIS_NEG_X, SPCONV_AXIS_POS_X);
  MA_BAD_HEADING(SPCONV_EINVAL, &ca, 0, SPCONV_AXIS_X, SPCONV_AXIS_POS_Y, (spconv_signed_axis)6);
  /* no root rotation, unknown format, clips of another shape, a NULL res array */
  bad = ca;
  bad.root_rot = NULL;
  MA_BAD_HEADING(SPCONV_EINVAL, &bad, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X);
  MA_BAD_ALIGN(SPCONV_EINVAL, &cb, &bad, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X, 0);
  bad = ca;
  bad.root_rot_format = TEST_ROT_FORMAT(4);
  MA_BAD_HEADING(SPCONV_EINVAL, &bad, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X);
  MA_BAD_ALIGN(SPCONV_EINVAL, &cb, &bad, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X, 0);
  bad = cb;
  bad.frames = 2;
  MA_BAD_ALIGN(SPCONV_EINVAL, &bad, &ca, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X, 0);
  bad = cb;
  bad.root_rot_format = SPCONV_ROT_MAT;
  MA_BAD_ALIGN(SPCONV_EINVAL, &bad, &ca, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X, 0);
  bad = cb;
  bad.offsets = NULL;
  MA_BAD_ALIGN(SPCONV_EINVAL, &bad, &ca, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X, 0);
  /* a ground that is not finite */
  MA_BAD_ALIGN(SPCONV_EINVAL, &cb, &ca, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X, qnan);
  MA_BAD_ALIGN(SPCONV_EINVAL, &cb, &ca, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X, pinf);
  /* degenerate: the forward axis vertical (Ry(-pi/2) takes +X to +Z), a
     zero, NaN or infinite quaternion (a matrix that is not a rotation is
     SPCONV_EINVAL, at the end) */
  ma_quat_axis(a.root_rot + 4, 1, -ma_pi / 2);
  MA_BAD_HEADING(SPCONV_EDEGENERATE, &ca, 1, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X);
  MA_BAD_ALIGN(SPCONV_EDEGENERATE, &cb, &ca, 1, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X, 0);
  /* ... which has a heading in a Y-up world, facing +Z (-pi/2: it faces -X);
     a forward 1e-3 rad off vertical has one too */
  EXPECT_NEAR(ma_heading(&ca, 1, SPCONV_AXIS_Y, SPCONV_AXIS_POS_Z, SPCONV_AXIS_POS_Z), -ma_pi / 2,
              TEST_TOL, 1);
  ma_quat_axis(a.root_rot + 4, 1, -ma_pi / 2 + 1e-3);
  EXPECT_NEAR(ma_heading(&ca, 1, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X), 0, 1e-3, 1);
  for (i = 0; i < 4; ++i) a.root_rot[4 + i] = 0;
  MA_BAD_HEADING(SPCONV_EDEGENERATE, &ca, 1, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X);
  MA_BAD_ALIGN(SPCONV_EDEGENERATE, &cb, &ca, 1, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X, 0);
  qn[0] = qnan;
  bad = ma_root_only(qn, SPCONV_ROT_QUAT_WXYZ);
  MA_BAD_HEADING(SPCONV_EDEGENERATE, &bad, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X);
  qi[2] = pinf;
  bad = ma_root_only(qi, SPCONV_ROT_QUAT_XYZW);
  MA_BAD_HEADING(SPCONV_EDEGENERATE, &bad, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X);
  q[0] = qnan;
  q[1] = q[2] = 0;
  bad = ma_root_only(q, SPCONV_ROT_ROTVEC);
  MA_BAD_HEADING(SPCONV_EDEGENERATE, &bad, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X);
  for (i = 0; i < 9; ++i) q[i] = (spconv_real)(i == 0 || i == 4 || i == 8 ? 2 : 0);
  bad = ma_root_only(q, SPCONV_ROT_MAT); /* not a rotation: SPCONV_EINVAL, as quat_wxyz_from_mat */
  MA_BAD_HEADING(SPCONV_EINVAL, &bad, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X);
#undef MA_BAD_ALIGN
#undef MA_BAD_HEADING
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_heading_known_values_z_up),
      cmocka_unit_test(test_heading_known_values_y_x_up),
      cmocka_unit_test(test_heading_kept_by_conversion),
      cmocka_unit_test(test_align_known_values),
      cmocka_unit_test(test_align_known_values_y_up),
      cmocka_unit_test(test_align_rigid),
      cmocka_unit_test(test_align_invariant_and_round_trip),
      cmocka_unit_test(test_align_aliasing),
      cmocka_unit_test(test_align_null_arrays),
      cmocka_unit_test(test_bad_input),
  };
  int failed = cmocka_run_group_tests_name("motion_align (" TEST_PRECISION ")", tests, NULL, NULL);
  test_print_summary("motion_align");
  return failed;
}
