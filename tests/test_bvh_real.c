/* spatial_conv on real motion capture: a BVH file, read with the examples'
   BVH helper (examples/bvh_text.h), converted to the Z-up, X-forward robot
   frame in metres with spconv_motion_clip_convert (BVH -> ROBOT preset) and
   turned with spconv_motion_clip_align. CI runs it on CMU subject 1's
   01_01.bvh (Debian's assimp-testmodels, inches / 0.45, first frame a
   T-pose) and always on examples/data/walk.bvh (centimetres).

     test_bvh_real FILE UNIT SKIP [FRAMES EXTRA]
       UNIT  metres per file unit, or cm or cmu (0.0254 / 0.45)
       SKIP  frames dropped at the start
       FRAMES, EXTRA  the frames that the file's Frames: line declares, and
             the number of values after them (default: any, and 0)

   Checked: forward kinematics of the converted clip equals the scaled,
   relabelled forward kinematics of the file, computed here in double from
   the file's numbers with elementary rotation matrices, for every body and
   frame; the skeleton has a human height; the head stays above the hips;
   the feet stay near the ground plane; the heading is kept by the
   conversion and 0 after the turn, which moves every body rigidly; a BVH
   written from the converted clip reads back as that clip; the parser
   reads the declared frames and counts the values after them, which
   BVH_PARSE_STRICT refuses. The figures are printed. Before the file, a
   group of small in-memory texts checks bvh_parse on extra and missing
   motion values. Built in double and in float from this one source. */
#include "test_util.h"

#include <stdlib.h>

#include "../examples/bvh_text.h"

/* ------------------------------------------------------------- the state */

static const char *g_path;
static double g_unit;
static int g_skip;
static long g_frames = -1; /* the declared frame count expected, -1: any */
static long g_extra = 0;   /* the values after the declared frames expected */

typedef struct bvh_state {
  bvh_file f;
  spconv_motion_clip clip;    /* the file's units and axes */
  spconv_motion_clip out;     /* converted: robot axes, metres */
  spconv_motion_clip aligned; /* out, turned to heading 0 above the origin */
  double *ref_pos;            /* [T][B][3] forward kinematics of the file, double */
  double *ref_rot;            /* [T][B][9] */
  spconv_real *fk_out;        /* [T][B][3] forward kinematics of out */
  spconv_real *rot_out;       /* [T][B][4] */
  spconv_real *fk_al;         /* [T][B][3] of aligned */
  spconv_real *rot_al;        /* [B][4] scratch */
  int hips, head;
} bvh_state;

/* BVH (x, y, z) -> robot (z, x, y), written out by hand: v_robot = M v_bvh */
static const double bvh_M[9] = {0, 0, 1, 1, 0, 0, 0, 1, 0};

static char *read_all(const char *path, size_t *len) {
  FILE *fp = fopen(path, "rb");
  char *buf;
  long n;
  if (!fp) return NULL;
  if (fseek(fp, 0, SEEK_END) != 0 || (n = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET) != 0) {
    (void)fclose(fp);
    return NULL;
  }
  buf = (char *)malloc((size_t)n + 1);
  if (buf && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
    free(buf);
    buf = NULL;
  }
  (void)fclose(fp);
  *len = (size_t)n;
  return buf;
}

/* the rotation by deg degrees about coordinate axis a: e_{a+1} -> cos e_{a+1} + sin e_{a+2} */
static void br_axis(double R[9], int a, double deg) {
  double c = cos(deg * 3.14159265358979323846 / 180), s = sin(deg * 3.14159265358979323846 / 180);
  int i = (a + 1) % 3, j = (a + 2) % 3, k;
  for (k = 0; k < 9; ++k) R[k] = 0;
  R[4 * a] = 1;
  R[4 * i] = R[4 * j] = c;
  R[3 * j + i] = s;
  R[3 * i + j] = -s;
}

/* Forward kinematics of the file itself (the BVH rules, nothing from the
   library): a joint's rotation is the product of its rotation channels'
   elementary rotations in the order listed; the ROOT stands at OFFSET +
   position channels with that rotation; a child at p_parent + R_parent
   (OFFSET + its position channels), rotation R_parent R_channels. */
static void ref_fk(double *pos, double *rot, const bvh_file *f, int frame) {
  const double *m = f->motion + (size_t)frame * (size_t)f->channels;
  int j, i, k;
  for (j = 0; j < f->bodies; ++j) {
    const bvh_body *b = &f->body[j];
    double L[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, o[3];
    for (k = 0; k < b->n_rot; ++k) {
      double E[9];
      br_axis(E, b->rot_axis[k], m[b->rot_col[k]]);
      test_mat_mul_d(L, L, E);
    }
    for (i = 0; i < 3; ++i) o[i] = b->offset[i] + (b->pos_col[i] >= 0 ? m[b->pos_col[i]] : 0.0);
    if (b->parent < 0) {
      memcpy(pos + 3 * j, o, sizeof o);
      memcpy(rot + 9 * j, L, sizeof L);
    } else {
      const double *Rp = rot + 9 * b->parent, *pp = pos + 3 * b->parent;
      for (i = 0; i < 3; ++i)
        pos[3 * j + i] = pp[i] + Rp[3 * i] * o[0] + Rp[3 * i + 1] * o[1] + Rp[3 * i + 2] * o[2];
      test_mat_mul_d(rot + 9 * j, Rp, L);
    }
  }
}

static int find_body(const bvh_file *f, const char *name) {
  int j;
  for (j = 0; j < f->bodies; ++j)
    if (strcmp(f->body[j].name, name) == 0) return j;
  return -1;
}

/* a foot: a joint named *Foot* or *Toe*, or the End Site of one */
static int is_foot(const bvh_file *f, int j) {
  const char *n = f->body[f->body[j].is_end ? f->body[j].parent : j].name;
  return strstr(n, "Foot") != NULL || strstr(n, "Toe") != NULL;
}

static int setup(void **state) {
  bvh_state *s = (bvh_state *)calloc(1, sizeof *s);
  char err[256], *text;
  size_t len = 0, T, B, t;
  spconv_real M[9], k;
  if (!s) return -1;
  *state = s;
  text = read_all(g_path, &len);
  if (!text) {
    print_error("cannot read %s\n", g_path);
    return -1;
  }
  if (bvh_parse(&s->f, text, len, err, sizeof err)) {
    print_error("%s: %s\n", g_path, err);
    free(text);
    return -1;
  }
  free(text);
  if (bvh_clip_alloc(&s->clip, s->f.frames - g_skip, s->f.bodies) ||
      bvh_clip_alloc(&s->out, s->f.frames - g_skip, s->f.bodies) ||
      bvh_clip_alloc(&s->aligned, s->f.frames - g_skip, s->f.bodies) ||
      bvh_to_clip(&s->clip, &s->f, g_skip, err, sizeof err)) {
    print_error("%s: %s\n", g_path, err);
    return -1;
  }
  /* the one conversion call: BVH preset -> robot preset, file unit -> m */
  if (spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_BVH, SPCONV_AXIS_PRESET_ROBOT) != SPCONV_OK ||
      spconv_length_scale(&k, (spconv_real)g_unit, 1) != SPCONV_OK ||
      spconv_motion_clip_convert(&s->out, &s->clip, M, M, k) != SPCONV_OK)
    return -1;
  T = (size_t)s->out.frames;
  B = (size_t)s->out.bodies;
  s->ref_pos = (double *)malloc(T * B * 3 * sizeof(double));
  s->ref_rot = (double *)malloc(T * B * 9 * sizeof(double));
  s->fk_out = (spconv_real *)malloc(T * B * 3 * sizeof(spconv_real));
  s->rot_out = (spconv_real *)malloc(T * B * 4 * sizeof(spconv_real));
  s->fk_al = (spconv_real *)malloc(T * B * 3 * sizeof(spconv_real));
  s->rot_al = (spconv_real *)malloc(B * 4 * sizeof(spconv_real));
  if (!s->ref_pos || !s->ref_rot || !s->fk_out || !s->rot_out || !s->fk_al || !s->rot_al)
    return -1;
  /* the second call: the first frame turned to face +X, its root above the origin */
  if (spconv_motion_clip_align(&s->aligned, &s->out, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X,
                               SPCONV_AXIS_POS_X, 0) != SPCONV_OK)
    return -1;
  for (t = 0; t < T; ++t) {
    ref_fk(s->ref_pos + t * B * 3, s->ref_rot + t * B * 9, &s->f, (int)t + g_skip);
    bvh_fk(s->fk_out + t * B * 3, s->rot_out + t * B * 4, &s->out, &s->f, (int)t);
    bvh_fk(s->fk_al + t * B * 3, s->rot_al, &s->aligned, &s->f, (int)t);
  }
  s->hips = find_body(&s->f, "Hips");
  s->head = find_body(&s->f, "Head");
  printf("%s: %d frames (first %d skipped), %d bodies (joints and End Sites), %.6g m per unit\n",
         g_path, s->out.frames, g_skip, s->out.bodies, g_unit);
  return 0;
}

static int teardown(void **state) {
  bvh_state *s = (bvh_state *)*state;
  if (!s) return 0;
  bvh_clip_free(&s->clip);
  bvh_clip_free(&s->out);
  bvh_clip_free(&s->aligned);
  bvh_free(&s->f);
  free(s->ref_pos);
  free(s->ref_rot);
  free(s->fk_out);
  free(s->rot_out);
  free(s->fk_al);
  free(s->rot_al);
  free(s);
  return 0;
}

/* ----------------------------------------------------------------- tests */

/* Every body and frame: p_converted = k M p_file, R_converted = M R_file M^T,
   with the file's forward kinematics from its numbers (ref_fk). */
static void test_fk_matches_file(void **state) {
  bvh_state *s = (bvh_state *)*state;
  size_t T = (size_t)s->out.frames, B = (size_t)s->out.bodies, t, j;
  double worst_p = 0, worst_r = 0, scale = 0;
  int i, c;
  spconv_real M[9];
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_BVH, SPCONV_AXIS_PRESET_ROBOT),
                   SPCONV_OK);
  for (i = 0; i < 9; ++i) assert_true((double)M[i] == bvh_M[i]);
  for (t = 0; t < T; ++t)
    for (j = 0; j < B; ++j) {
      const double *p = s->ref_pos + (t * B + j) * 3, *R = s->ref_rot + (t * B + j) * 9;
      const spconv_real *q = s->rot_out + (t * B + j) * 4;
      spconv_real Rq[9];
      double MR[9], want[9];
      for (i = 0; i < 3; ++i) {
        double w = g_unit * (bvh_M[3 * i] * p[0] + bvh_M[3 * i + 1] * p[1] + bvh_M[3 * i + 2] * p[2]);
        worst_p = fmax(worst_p, fabs((double)s->fk_out[(t * B + j) * 3 + (size_t)i] - w));
        scale = fmax(scale, fabs(w));
      }
      /* M R M^T: MR = M R, then (MR) M^T */
      test_mat_mul_d(MR, bvh_M, R);
      for (i = 0; i < 3; ++i)
        for (c = 0; c < 3; ++c)
          want[3 * i + c] = MR[3 * i] * bvh_M[3 * c] + MR[3 * i + 1] * bvh_M[3 * c + 1] +
                            MR[3 * i + 2] * bvh_M[3 * c + 2];
      test_mat_of_quat(Rq, q);
      for (i = 0; i < 9; ++i) worst_r = fmax(worst_r, fabs((double)Rq[i] - want[i]));
    }
  printf("forward kinematics, %lu frames x %lu bodies: worst position error %.3g m (positions "
         "up to %.2f m), worst orientation error %.3g\n",
         (unsigned long)T, (unsigned long)B, worst_p, scale, worst_r);
  test_note_error(worst_p / fmax(1.0, scale), TEST_TOL);
  test_note_error(worst_r, TEST_TOL);
  assert_true(worst_p <= TEST_TOL * fmax(1.0, scale));
  assert_true(worst_r <= TEST_TOL);
}

/* The skeleton at the given unit has a human height (1.2 to 2.1 m from the
   lowest to the highest point of the first frame), the head stays above
   the hips in every frame. */
static void test_upright_human(void **state) {
  bvh_state *s = (bvh_state *)*state;
  size_t T = (size_t)s->out.frames, B = (size_t)s->out.bodies, t, j;
  double lo = 1e300, hi = -1e300, min_gap = 1e300;
  for (j = 0; j < B; ++j) {
    lo = fmin(lo, (double)s->fk_out[3 * j + 2]);
    hi = fmax(hi, (double)s->fk_out[3 * j + 2]);
  }
  assert_true(s->hips >= 0 && s->head >= 0);
  for (t = 0; t < T; ++t)
    min_gap = fmin(min_gap, (double)s->fk_out[(t * B + (size_t)s->head) * 3 + 2] -
                                (double)s->fk_out[(t * B + (size_t)s->hips) * 3 + 2]);
  printf("first frame %.3f m tall; the head %.3f m or more above the hips in every frame\n",
         hi - lo, min_gap);
  assert_true(hi - lo > 1.2 && hi - lo < 2.1);
  assert_true(min_gap > 0.2);
}

/* The feet stay near the ground plane z = 0 (the file's floor, y = 0): the
   lowest foot point of each frame within 5 cm of it at its lowest, and
   within 10 cm in at least half the frames (a foot on the floor). */
static void test_feet_near_ground(void **state) {
  bvh_state *s = (bvh_state *)*state;
  size_t T = (size_t)s->out.frames, B = (size_t)s->out.bodies, t, j, n_feet = 0;
  double *low = (double *)malloc(T * sizeof(double));
  assert_non_null(low);
  for (j = 0; j < B; ++j) n_feet += (size_t)is_foot(&s->f, (int)j);
  assert_true(n_feet >= 2);
  for (t = 0; t < T; ++t) {
    low[t] = 1e300;
    for (j = 0; j < B; ++j)
      if (is_foot(&s->f, (int)j)) low[t] = fmin(low[t], (double)s->fk_out[(t * B + j) * 3 + 2]);
  }
  for (t = 1; t < T; ++t) { /* insertion sort: a few thousand frames */
    double v = low[t];
    for (j = t; j > 0 && low[j - 1] > v; --j) low[j] = low[j - 1];
    low[j] = v;
  }
  printf("lowest foot point per frame (%lu foot bodies): from %.3f to %.3f m, median %.3f m\n",
         (unsigned long)n_feet, low[0], low[T - 1], low[T / 2]);
  assert_true(fabs(low[0]) < 0.05);
  assert_true(fabs(low[T / 2]) < 0.10);
  free(low);
}

/* The heading of the first frame is the same in the file (Y up, from +Z)
   and after the conversion (Z up, from +X); spconv_motion_clip_align turns
   it to 0, puts the root above the origin at its height, and moves every
   body of every frame by that one turn about +Z. */
static void test_heading_and_align(void **state) {
  bvh_state *s = (bvh_state *)*state;
  size_t T = (size_t)s->out.frames, B = (size_t)s->out.bodies, t, j;
  spconv_real h_file, h_out, h_al, A[9], c[3];
  double worst = 0, scale = 1;
  int i;
  assert_int_equal(spconv_motion_clip_heading(&h_file, &s->clip, 0, SPCONV_AXIS_Y,
                                              SPCONV_AXIS_POS_Z, SPCONV_AXIS_POS_Z),
                   SPCONV_OK);
  assert_int_equal(spconv_motion_clip_heading(&h_out, &s->out, 0, SPCONV_AXIS_Z,
                                              SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X),
                   SPCONV_OK);
  EXPECT_NEAR(h_out, h_file, 10 * TEST_TOL, 1);
  assert_int_equal(spconv_motion_clip_heading(&h_al, &s->aligned, 0, SPCONV_AXIS_Z,
                                              SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X),
                   SPCONV_OK);
  printf("heading of the first frame: %.3f deg in the file, %.3f deg converted, %.2g deg after "
         "the turn\n",
         (double)h_file * 180 / 3.14159265358979323846, (double)h_out * 180 / 3.14159265358979323846,
         (double)h_al * 180 / 3.14159265358979323846);
  EXPECT_NEAR(h_al, 0, 10 * TEST_TOL, 1);
  assert_true(s->aligned.root_pos[0] == 0 && s->aligned.root_pos[1] == 0);
  assert_true(s->aligned.root_pos[2] == s->out.root_pos[2]);
  /* every body: p' = Rz(-h) (p - c), c = the first root's ground point */
  for (i = 0; i < 9; ++i) A[i] = 0;
  A[0] = A[4] = (spconv_real)cos((double)h_out);
  A[1] = (spconv_real)sin((double)h_out);
  A[3] = -A[1];
  A[8] = 1;
  c[0] = s->out.root_pos[0];
  c[1] = s->out.root_pos[1];
  c[2] = 0;
  for (t = 0; t < T; ++t) {
    const spconv_real *pa = s->fk_al + t * B * 3;
    for (j = 0; j < B; ++j) {
      spconv_real d[3], want[3];
      for (i = 0; i < 3; ++i) d[i] = s->fk_out[(t * B + j) * 3 + (size_t)i] - c[i];
      for (i = 0; i < 3; ++i) want[i] = A[3 * i] * d[0] + A[3 * i + 1] * d[1] + A[3 * i + 2] * d[2];
      for (i = 0; i < 3; ++i) {
        worst = fmax(worst, fabs((double)pa[3 * j + (size_t)i] - (double)want[i]));
        scale = fmax(scale, fabs((double)want[i]));
      }
    }
  }
  printf("aligned clip vs the converted one turned about +Z: worst %.3g m\n", worst);
  test_note_error(worst / scale, TEST_TOL);
  assert_true(worst <= TEST_TOL * scale);
}

/* A BVH written from the aligned clip (metres, robot axes, each joint's
   channels relabelled) reads back as that clip, to the 6 decimals written:
   root positions and offsets within 1e-6 m, rotations within 1e-6 (as
   quaternions, up to sign), forward kinematics within 1e-5 m. */
static void test_written_bvh_reads_back(void **state) {
  bvh_state *s = (bvh_state *)*state;
  size_t T = (size_t)s->out.frames, B = (size_t)s->out.bodies, t, j, len = 0;
  spconv_euler_seq *seq = (spconv_euler_seq *)malloc(B * sizeof *seq);
  spconv_motion_clip back;
  spconv_real M[9], *fk = (spconv_real *)malloc(T * B * 3 * sizeof(spconv_real)),
                    *rot = (spconv_real *)malloc(B * 4 * sizeof(spconv_real));
  double dp = 0, dq = 0, doff = 0, dfk = 0, tol_p = 1e-6, tol_q = 1e-6;
  bvh_file g;
  char err[256], *text;
  int i;
  assert_non_null(seq);
  assert_non_null(fk);
  assert_non_null(rot);
#ifdef SPCONV_USE_FLOAT
  tol_p = 1e-6 + 8 * 1.2e-7 * 5; /* float: the values themselves are rounded to 24 bits */
  tol_q = 2e-6;
#endif
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_BVH, SPCONV_AXIS_PRESET_ROBOT),
                   SPCONV_OK);
  for (j = 0; j < B; ++j)
    assert_int_equal(bvh_seq_relabel(&seq[j], s->f.body[j].n_rot ? s->f.body[j].seq
                                                                : SPCONV_EULER_ZXY, M), 0);
  text = bvh_write(&len, &s->f, &s->aligned, seq);
  assert_non_null(text);
  assert_int_equal(bvh_parse(&g, text, len, err, sizeof err), 0);
  free(text);
  assert_int_equal(g.frames, s->aligned.frames);
  assert_int_equal(g.bodies, s->aligned.bodies);
  for (j = 0; j < B; ++j) {
    assert_string_equal(g.body[j].name, s->f.body[j].name);
    assert_int_equal(g.body[j].parent, s->f.body[j].parent);
  }
  assert_int_equal(bvh_clip_alloc(&back, g.frames, g.bodies), 0);
  assert_int_equal(bvh_to_clip(&back, &g, 0, err, sizeof err), 0);
  for (t = 0; t < 3 * T; ++t)
    dp = fmax(dp, fabs((double)back.root_pos[t] - (double)s->aligned.root_pos[t]));
  for (t = 0; t < 3 * B; ++t)
    doff = fmax(doff, fabs((double)back.offsets[t] - (double)s->aligned.offsets[t]));
  for (t = 0; t < T * (B + 1); ++t) { /* the root rotations, then every local rotation */
    const spconv_real *a = t < T ? back.root_rot + 4 * t : back.local_rot + 4 * (t - T);
    const spconv_real *b = t < T ? s->aligned.root_rot + 4 * t : s->aligned.local_rot + 4 * (t - T);
    double e_plus = 0, e_minus = 0;
    for (i = 0; i < 4; ++i) {
      e_plus = fmax(e_plus, fabs((double)a[i] - (double)b[i]));
      e_minus = fmax(e_minus, fabs((double)a[i] + (double)b[i]));
    }
    dq = fmax(dq, fmin(e_plus, e_minus));
  }
  for (t = 0; t < T; ++t) {
    bvh_fk(fk + t * B * 3, rot, &back, &g, (int)t);
    for (j = 0; j < 3 * B; ++j)
      dfk = fmax(dfk, fabs((double)fk[t * B * 3 + j] - (double)s->fk_al[t * B * 3 + j]));
  }
  printf("written BVH read back: root position %.2g m, offsets %.2g m, rotations %.2g, forward "
         "kinematics %.2g m from the clip\n",
         dp, doff, dq, dfk);
  assert_true(dp <= tol_p);
  assert_true(doff <= tol_p);
  assert_true(dq <= tol_q);
  assert_true(dfk <= 10 * tol_p);
  bvh_clip_free(&back);
  bvh_free(&g);
  free(seq);
  free(fk);
  free(rot);
}

/* The file's declared frames are read (FRAMES), the values after them
   counted (EXTRA, default 0) and then ignored; BVH_PARSE_STRICT refuses the
   file exactly when there are some, and otherwise reads the same frames. */
static void test_declared_frames(void **state) {
  bvh_state *s = (bvh_state *)*state;
  bvh_file g;
  char err[256], what[200], *text;
  size_t len = 0;
  int rc;
  bvh_extra_describe(what, sizeof what, &s->f);
  printf("%s: Frames: %d, %d x %d values read; after them: %s\n", g_path, s->f.frames,
         s->f.frames, s->f.channels, s->f.extra_values ? what : "nothing");
  if (g_frames >= 0) assert_int_equal(s->f.frames, g_frames);
  assert_int_equal(s->f.frames - g_skip, s->out.frames);
  assert_int_equal((long)s->f.extra_values, g_extra);
  assert_true((s->f.extra_values == 0) == (s->f.extra_lines == 0));
  assert_true((s->f.extra_values == 0) == (s->f.extra_line == 0));
  text = read_all(g_path, &len);
  assert_non_null(text);
  rc = bvh_parse_flags(&g, text, len, BVH_PARSE_STRICT, err, sizeof err);
  free(text);
  if (g_extra > 0) {
    printf("BVH_PARSE_STRICT: %s\n", err);
    assert_int_equal(rc, -1);
    assert_null(g.motion);
    assert_non_null(strstr(err, "more values than Frames x channels"));
    assert_non_null(strstr(err, what));
  } else {
    assert_int_equal(rc, 0);
    assert_int_equal(g.frames, s->f.frames);
    assert_memory_equal(g.motion, s->f.motion,
                        (size_t)g.frames * (size_t)g.channels * sizeof *g.motion);
    bvh_free(&g);
  }
}

/* ------------------------------------------------- bvh_parse, in memory */

/* a ROOT with 3 position and 3 rotation channels and an End Site, then
   MOTION with Frames: 2 and whatever motion text follows */
static int parse_small(bvh_file *f, const char *motion, int flags, char *err, size_t err_size) {
  char text[1024];
  int n = snprintf(text, sizeof text,
                   "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS 6 Xposition Yposition "
                   "Zposition Zrotation Xrotation Yrotation\n\tEnd Site\n\t{\n\t\tOFFSET 0 10 "
                   "0\n\t}\n}\nMOTION\nFrames: 2\nFrame Time: 0.1\n%s",
                   motion);
  assert_true(n > 0 && (size_t)n < sizeof text);
  err[0] = '\0';
  return bvh_parse_flags(f, text, (size_t)n, flags, err, err_size);
}

#define SMALL_FRAMES "1 2 3 4 5 6\n7 8 9 10 11 12\n" /* lines 14 and 15 */

/* Exactly Frames x channels: both modes read them, no extra data. */
static void test_parse_exact(void **state) {
  bvh_file f;
  char err[256], what[200];
  int flags, i;
  (void)state;
  for (flags = 0; flags <= BVH_PARSE_STRICT; flags += BVH_PARSE_STRICT) {
    assert_int_equal(parse_small(&f, SMALL_FRAMES, flags, err, sizeof err), 0);
    assert_int_equal(f.frames, 2);
    assert_int_equal(f.channels, 6);
    for (i = 0; i < 12; ++i) assert_true(f.motion[i] == (double)(i + 1));
    assert_true(f.extra_values == 0 && f.extra_lines == 0 && f.extra_line == 0);
    bvh_extra_describe(what, sizeof what, &f);
    assert_string_equal(what, "");
    bvh_free(&f);
  }
}

/* One line more than Frames: declares (Boxing_Toes.bvh of assimp's test
   models): the declared frames are read, the line counted and ignored,
   with a description; BVH_PARSE_STRICT refuses it, f left empty. */
static void test_parse_extra_line(void **state) {
  bvh_file f;
  char err[256], what[200];
  int i;
  (void)state;
  assert_int_equal(parse_small(&f, SMALL_FRAMES "13 14 15 16 17 18\n", 0, err, sizeof err), 0);
  assert_int_equal(f.frames, 2);
  for (i = 0; i < 12; ++i) assert_true(f.motion[i] == (double)(i + 1));
  assert_true(f.extra_values == 6);
  assert_int_equal(f.extra_lines, 1);
  assert_int_equal(f.extra_line, 16);
  bvh_extra_describe(what, sizeof what, &f);
  printf("one extra line: %s\n", what);
  assert_string_equal(what, "6 extra values on 1 line from line 16 (1 frame's worth) after the "
                            "2 frames x 6 channels that Frames: declares");
  bvh_free(&f);
  assert_int_equal(parse_small(&f, SMALL_FRAMES "13 14 15 16 17 18\n", BVH_PARSE_STRICT, err,
                               sizeof err),
                   -1);
  printf("strict: %s\n", err);
  assert_string_equal(err, "more values than Frames x channels: 6 extra values on 1 line from "
                           "line 16 (1 frame's worth) after the 2 frames x 6 channels that "
                           "Frames: declares");
  assert_true(f.motion == NULL && f.body == NULL && f.frames == 0 && f.extra_values == 0);
}

/* Extra values on the last declared line and on two more lines, not a
   whole frame, any token (not only numbers): counted, lines too. */
static void test_parse_extra_values(void **state) {
  bvh_file f;
  char err[256], what[200];
  (void)state;
  assert_int_equal(parse_small(&f, "1 2 3 4 5 6\n7 8 9 10 11 12 13\n\n14 15\r\nnan x\n", 0, err,
                               sizeof err),
                   0);
  assert_int_equal(f.frames, 2);
  assert_true(f.motion[11] == 12.0);
  assert_true(f.extra_values == 5);
  assert_int_equal(f.extra_lines, 3);
  assert_int_equal(f.extra_line, 15);
  bvh_extra_describe(what, sizeof what, &f);
  assert_string_equal(what, "5 extra values on 3 lines from line 15 after the 2 frames x 6 "
                            "channels that Frames: declares");
  bvh_free(&f);
  assert_int_equal(parse_small(&f, "1 2 3 4 5 6 7 8 9 10 11 12 13", BVH_PARSE_STRICT, err,
                               sizeof err),
                   -1);
  assert_non_null(strstr(err, "1 extra value on 1 line from line 14 after"));
}

/* Fewer values than Frames x channels, or a bad one among the declared
   ones, stay errors in both modes. */
static void test_parse_fewer_values(void **state) {
  bvh_file f;
  char err[256];
  int flags;
  (void)state;
  for (flags = 0; flags <= BVH_PARSE_STRICT; flags += BVH_PARSE_STRICT) {
    assert_int_equal(parse_small(&f, "1 2 3 4 5 6\n7 8 9 10 11\n", flags, err, sizeof err), -1);
    assert_non_null(strstr(err, "frame 1: fewer values than Frames x channels"));
    assert_true(f.motion == NULL && f.frames == 0);
    assert_int_equal(parse_small(&f, "1 2 3 4 5 6\n", flags, err, sizeof err), -1);
    assert_non_null(strstr(err, "fewer values"));
    assert_int_equal(parse_small(&f, "1 2 3 4 5 6\n7 8 x 10 11 12\n13\n", flags, err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "frame 1: not a finite number"));
  }
}

int main(int argc, char **argv) {
  const struct CMUnitTest parse_tests[] = {
      cmocka_unit_test(test_parse_exact),
      cmocka_unit_test(test_parse_extra_line),
      cmocka_unit_test(test_parse_extra_values),
      cmocka_unit_test(test_parse_fewer_values),
  };
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_declared_frames),
      cmocka_unit_test(test_fk_matches_file),
      cmocka_unit_test(test_upright_human),
      cmocka_unit_test(test_feet_near_ground),
      cmocka_unit_test(test_heading_and_align),
      cmocka_unit_test(test_written_bvh_reads_back),
  };
  char *end = NULL;
  int failed;
  if (argc != 4 && argc != 6) {
    fprintf(stderr, "usage: %s FILE.bvh METRES_PER_UNIT|cm|cmu SKIP [FRAMES EXTRA]\n", argv[0]);
    return 2;
  }
  g_path = argv[1];
  if (strcmp(argv[2], "cmu") == 0) g_unit = 0.0254 / 0.45;
  else if (strcmp(argv[2], "cm") == 0) g_unit = 0.01;
  else g_unit = strtod(argv[2], &end);
  if (end && *end != '\0') g_unit = 0;
  g_skip = (int)strtol(argv[3], &end, 10);
  if (*end != '\0' || !(g_unit > 0) || g_skip < 0) {
    fprintf(stderr, "%s: bad unit or skip\n", argv[0]);
    return 2;
  }
  if (argc == 6) {
    g_frames = strtol(argv[4], &end, 10);
    if (*end == '\0') g_extra = strtol(argv[5], &end, 10);
    if (*end != '\0' || g_frames < 0 || g_extra < 0) {
      fprintf(stderr, "%s: bad FRAMES or EXTRA\n", argv[0]);
      return 2;
    }
  }
  failed = cmocka_run_group_tests_name("bvh_parse (" TEST_PRECISION ")", parse_tests, NULL, NULL);
  failed += cmocka_run_group_tests_name("bvh_real (" TEST_PRECISION ")", tests, setup, teardown);
  test_print_summary("bvh_real");
  return failed;
}
