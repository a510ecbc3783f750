/* Fuzz: motion data (BVH channel lists and angles, orientations under a
   change of axes, whole-clip conversion, rotation formats, velocities by
   finite differences, joint-order maps of clips and skeletons).

   The BVH channel parser gets arbitrary bytes as a NUL-terminated string
   (raw fuzz data, or channel names, truncated and altered names and runs of
   white space assembled from it) and is compared with an independent parser
   written here. Sizes (frames, bodies, counts, strides, buffer lengths) are
   bounded by the harness, and every array is allocated at exactly the size
   its layout declares, so AddressSanitizer sees any overread or overwrite
   by the header. */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const double fz_pi = 3.14159265358979323846;

/* ---------------------------------------------------------------- helpers */

/* n reals on the heap, exactly n (a zero-size block for n = 0) */
static spconv_real *fz_alloc(size_t n) {
  spconv_real *p = (spconv_real *)malloc(n * sizeof(spconv_real));
  if (!p) p = (spconv_real *)malloc(sizeof(spconv_real)); /* a libc whose malloc(0) is NULL */
  if (!p) abort();
  return p;
}

/* a rotation format: mostly one of the four, sometimes any int */
static int fz_format(fz_in *in) {
  uint8_t k = fz_byte(in);
  return k < 232 ? SPCONV_ROT_ROTVEC + k % 4 : fz_enum(in, SPCONV_ROT_ROTVEC);
}

/* reals per rotation of a format (independent of the header); 0 if unknown */
static int fz_format_size(int f) {
  return f == SPCONV_ROT_ROTVEC ? 3 : f == SPCONV_ROT_QUAT_WXYZ || f == SPCONV_ROT_QUAT_XYZW ? 4
                                 : f == SPCONV_ROT_MAT ? 9 : 0;
}

/* a count: mostly 0..max, sometimes negative (INT_MIN included) */
static int fz_count(fz_in *in, int max) {
  uint8_t k = fz_byte(in);
  if (k < 236) return k % (max + 1);
  if (k < 252) return -(int)(k % 4) - 1;
  return (int)(-2147483647 - 1);
}

/* r = M v (row-major), summed in index order in the configured precision */
static void fz_mv(spconv_real r[3], const spconv_real M[9], const spconv_real v[3]) {
  spconv_real t[3];
  int i;
  for (i = 0; i < 3; ++i) t[i] = M[3 * i] * v[0] + M[3 * i + 1] * v[1] + M[3 * i + 2] * v[2];
  for (i = 0; i < 3; ++i) r[i] = t[i];
}

/* r = A R B^T in the configured precision */
static void fz_abt(spconv_real r[9], const spconv_real A[9], const spconv_real R[9],
                   const spconv_real B[9]) {
  spconv_real t[9], u[9];
  int i, j;
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j)
      t[3 * i + j] = A[3 * i] * R[j] + A[3 * i + 1] * R[3 + j] + A[3 * i + 2] * R[6 + j];
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j)
      u[3 * i + j] = t[3 * i] * B[3 * j] + t[3 * i + 1] * B[3 * j + 1] + t[3 * i + 2] * B[3 * j + 2];
  for (i = 0; i < 9; ++i) r[i] = u[i];
}

static void fz_transpose(spconv_real r[9], const spconv_real M[9]) {
  int i, j;
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) r[3 * i + j] = M[3 * j + i];
}

static double fz_det(const spconv_real Ms[9]) {
  double M[9];
  int i;
  for (i = 0; i < 9; ++i) M[i] = (double)Ms[i];
  return M[0] * (M[4] * M[8] - M[5] * M[7]) - M[1] * (M[3] * M[8] - M[5] * M[6]) +
         M[2] * (M[3] * M[7] - M[4] * M[6]);
}

/* 1 when M is a signed permutation: entries exactly 0 or +-1, one nonzero
   in each row and column. M v, M R M^T of such an M are exact. */
static int fz_signed_perm(const spconv_real M[9]) {
  int i, j, rows[3] = {0, 0, 0}, cols[3] = {0, 0, 0};
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) {
      spconv_real m = M[3 * i + j];
      if (m == 0) continue;
      if (m != 1 && m != -1) return 0;
      ++rows[i];
      ++cols[j];
    }
  for (i = 0; i < 3; ++i)
    if (rows[i] != 1 || cols[i] != 1) return 0;
  return 1;
}

/* +1 / -1: M is clearly orthogonal (max |M M^T - I| <= tol / 4) with that
   determinant; 0: clearly not (non-finite, or the error exceeds 4 tol);
   2: near SPCONV_ROTATION_TOL, where rounding decides (not checked) */
static int fz_orth_class(const spconv_real Ms[9]) {
  double M[9], err = 0, tol = (double)SPCONV_ROTATION_TOL, det;
  int i, j;
  if (!fz_finite(Ms, 9)) return 0;
  for (i = 0; i < 9; ++i) M[i] = (double)Ms[i];
  if (fz_maxabs(Ms, 9) > 2) return 0;
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) {
      double d = M[3 * i] * M[3 * j] + M[3 * i + 1] * M[3 * j + 1] + M[3 * i + 2] * M[3 * j + 2] -
                 (i == j ? 1.0 : 0.0);
      if (fabs(d) > err) err = fabs(d);
    }
  if (err > 4 * tol) return 0;
  if (err > tol / 4) return 2;
  det = fz_det(Ms);
  return det > 0 ? 1 : -1;
}

/* a change of axes: mostly one of the 48 signed permutations, or a rotation
   (times -1: a reflection), a slightly perturbed signed permutation, or
   any 9 reals */
static void fz_matrix(fz_in *in, spconv_real M[9]) {
  static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  static const double deltas[6] = {1e-9, 1e-7, 1e-6, 3e-6, 1e-4, 1e-2};
  uint8_t k = fz_byte(in), b = fz_byte(in);
  int i;
  for (i = 0; i < 9; ++i) M[i] = 0;
  if (k < 150 || (k >= 190 && k < 220)) {
    for (i = 0; i < 3; ++i) M[3 * i + perms[b % 6][i]] = (b >> (3 + i)) & 1 ? -1 : 1;
    if (k >= 190) { /* perturbed */
      uint8_t c = fz_byte(in);
      M[c % 9] = (spconv_real)((double)M[c % 9] + ((c & 128) ? -1 : 1) * deltas[(c >> 4) % 6]);
    }
  } else if (k < 190) {
    spconv_real q[4];
    fz_reals(in, q, 4);
    if (fz_quat_ok(q)) {
      spconv_mat_from_quat_wxyz(M, q);
      if (b & 1)
        for (i = 0; i < 9; ++i) M[i] = -M[i];
    } else {
      M[0] = M[4] = M[8] = 1;
    }
  } else {
    fz_reals(in, M, 9);
  }
}

/* a rotation in format f: from a moderate quaternion (then *q_out holds it,
   wxyz, and 1 is returned), or arbitrary reals (0 returned) */
static int fz_rotation(fz_in *in, spconv_real *x, int f, spconv_real q_out[4]) {
  int sz = fz_format_size(f);
  uint8_t k = fz_byte(in);
  if (sz == 0) return 0;
  if (k < 170) {
    fz_reals(in, q_out, 4);
    if (fz_quat_ok(q_out) && fz_moderate(q_out, 4)) {
      switch (f) {
        case SPCONV_ROT_ROTVEC: spconv_rotvec_from_quat_wxyz(x, q_out); break;
        case SPCONV_ROT_QUAT_WXYZ: memcpy(x, q_out, 4 * sizeof(spconv_real)); break;
        case SPCONV_ROT_QUAT_XYZW:
          x[0] = q_out[1];
          x[1] = q_out[2];
          x[2] = q_out[3];
          x[3] = q_out[0];
          break;
        default: spconv_mat_from_quat_wxyz(x, q_out); break;
      }
      return 1;
    }
  }
  fz_reals(in, x, sz);
  return 0;
}

/* a (single-)rotation's quaternion wxyz as the harness reads the format
   (rotation vectors through the pure map, matrices through Shepperd); 0
   when it has none (a degenerate element) */
static int fz_quat_of(spconv_real q[4], const spconv_real *x, int f) {
  switch (f) {
    case SPCONV_ROT_ROTVEC: spconv_quat_wxyz_from_rotvec(q, x); return fz_finite(q, 4);
    case SPCONV_ROT_QUAT_WXYZ: memcpy(q, x, 4 * sizeof(spconv_real)); break;
    case SPCONV_ROT_QUAT_XYZW:
      q[0] = x[3];
      q[1] = x[0];
      q[2] = x[1];
      q[3] = x[2];
      break;
    default: return spconv_quat_wxyz_from_mat(q, x) == SPCONV_OK;
  }
  return fz_finite(q, 4) && fz_maxabs(q, 4) > 0;
}

/* a or b the same value up to a few roundings (IEEE specials equal) */
static int fz_close(spconv_real a, spconv_real b) {
  double d;
  if (a == b || (isnan(a) && isnan(b))) return 1;
  if (!isfinite(a) || !isfinite(b)) return 0;
  d = fabs((double)a) > fabs((double)b) ? fabs((double)a) : fabs((double)b);
  return fabs((double)a - (double)b) <= 4 * (double)FZ_EPS * d + 4 * (double)FZ_TRUE_MIN;
}

/* fz_near, where equal infinities (an overflowing k M v) also count */
static int fz_near_ieee(const spconv_real *a, const spconv_real *b, int n, double scale,
                        double k) {
  int i;
  for (i = 0; i < n; ++i)
    if (!fz_same(a + i, b + i, 1) && !fz_near(a + i, b + i, 1, scale, k)) return 0;
  return 1;
}

/* ------------------------------------------------------- BVH channel lists */

static const char *const fz_bvh_names[6] = {"Xrotation", "Yrotation", "Zrotation",
                                            "Xposition", "Yposition", "Zposition"};
static const char fz_bvh_spaces[] = " \t\r\n\v\f";

/* C's white space (isspace in the "C" locale): the documented separators
   (spaces, tabs, line ends) and \v, \f */
static int fz_bvh_ws(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* the six Tait-Bryan sequences by axes (the spconv_euler_seq values 0..5) */
static const int fz_tait_bryan[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                        {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

static int fz_seq_of_axes(int a, int b, int c) {
  int s;
  for (s = 0; s < 6; ++s) /* the spconv_euler_seq value, from SPCONV_EULER_XYZ */
    if (fz_tait_bryan[s][0] == a && fz_tait_bryan[s][1] == b && fz_tait_bryan[s][2] == c)
      return SPCONV_EULER_XYZ + s;
  return -1;
}

/* an independent parser of the documented grammar: names separated by
   white space, exactly "Xrotation" ... "Zposition", at most 16, exactly 3
   rotation channels on 3 different axes */
typedef struct fz_bvh_ref {
  int status, seq, idx[3], n;
  char rot[32]; /* the rotation channels in order, one space apart */
} fz_bvh_ref;

static void fz_bvh_reference(const char *s, fz_bvh_ref *r) {
  int ax[3] = {0, 0, 0}, n = 0, nrot = 0;
  size_t i = 0;
  r->status = SPCONV_EINVAL;
  r->rot[0] = 0;
  for (;;) {
    size_t start, len;
    int tok = -1, k;
    while (fz_bvh_ws(s[i])) ++i;
    if (s[i] == 0) break;
    start = i;
    while (s[i] != 0 && !fz_bvh_ws(s[i])) ++i;
    len = i - start;
    for (k = 0; k < 6; ++k)
      if (len == 9 && memcmp(s + start, fz_bvh_names[k], 9) == 0) tok = k;
    if (tok < 0 || ++n > 16) return;
    if (tok < 3) {
      if (nrot == 3) return;
      ax[nrot] = tok;
      r->idx[nrot] = n - 1;
      if (nrot > 0) strcat(r->rot, " ");
      strcat(r->rot, fz_bvh_names[tok]);
      ++nrot;
    }
  }
  if (nrot != 3) return;
  r->seq = fz_seq_of_axes(ax[0], ax[1], ax[2]);
  if (r->seq < 0) return;
  r->n = n;
  r->status = SPCONV_OK;
}

#define FZ_BVH_CAP 640

/* a channel list from the input: raw bytes, or names assembled from it */
static void fz_bvh_build(fz_in *in, char *s) {
  size_t len = 0, cap = FZ_BVH_CAP - 1;
  uint8_t mode = fz_byte(in);
  if (mode < 72) { /* raw bytes up to the first NUL */
    while (len < cap && in->n > 0) s[len++] = (char)fz_byte(in);
    s[len] = 0;
    return;
  }
  {
    int count = fz_byte(in) % 40, t;
    for (t = 0; t < count && len < cap; ++t) {
      char tok[16];
      size_t tl = 0, i;
      uint8_t k = fz_byte(in), a = fz_byte(in);
      const char *name = fz_bvh_names[a % 6];
      switch (k % 8) {
        case 4: /* truncated */
          tl = (size_t)(fz_byte(in) % 9);
          memcpy(tok, name, tl);
          break;
        case 5: { /* one byte changed (case, letter, anything) */
          uint8_t p = fz_byte(in);
          memcpy(tok, name, 9);
          tl = 9;
          tok[p % 9] = (char)fz_byte(in);
          break;
        }
        case 6: /* one byte too many */
          memcpy(tok, name, 9);
          tok[9] = (char)fz_byte(in);
          tl = 10;
          break;
        case 7: /* 1..3 arbitrary bytes */
          tl = 1 + (size_t)(a % 3);
          for (i = 0; i < tl; ++i) tok[i] = (char)fz_byte(in);
          break;
        default: /* a whole name */
          memcpy(tok, name, 9);
          tl = 9;
          break;
      }
      for (i = 0; i < tl && len < cap; ++i) s[len++] = tok[i];
      { /* white space: mostly 1 to 3 of the six, sometimes none */
        uint8_t w = fz_byte(in);
        size_t nw = w < 16 ? 0 : 1 + (size_t)(w % 3);
        for (i = 0; i < nw && len < cap; ++i) s[len++] = fz_bvh_spaces[fz_byte(in) % 6];
      }
    }
  }
  s[len] = 0;
}

static void fz_bvh_parse(fz_in *in) {
  char s[FZ_BVH_CAP], buf[30], buf2[30], *p;
  size_t len;
  fz_bvh_ref ref;
  spconv_euler_seq seq = (spconv_euler_seq)77, seq2;
  spconv_euler_kind kind = (spconv_euler_kind)77, kind2;
  int idx[3] = {-7, -7, -7}, n = -7, idx2[3], n2, st, i;
  fz_bvh_build(in, s);
  len = strlen(s);
  p = (char *)malloc(len + 1); /* exactly the string: any overread is seen */
  if (!p) abort();
  memcpy(p, s, len + 1);
  fz_bvh_reference(p, &ref);
  st = spconv_euler_seq_from_bvh_channels(&seq, &kind, idx, &n, p);
  FZ_CHECK(st == SPCONV_OK || st == SPCONV_EINVAL);
  FZ_CHECK(st == ref.status);
  FZ_CHECK(memcmp(p, s, len + 1) == 0); /* the string is only read */
  if (st != SPCONV_OK) {
    FZ_CHECK((int)seq == 77 && (int)kind == 77 && n == -7);
    FZ_CHECK(idx[0] == -7 && idx[1] == -7 && idx[2] == -7);
  } else {
    FZ_CHECK((int)seq == ref.seq && kind == SPCONV_EULER_INTRINSIC && n == ref.n);
    for (i = 0; i < 3; ++i) FZ_CHECK(idx[i] == ref.idx[i]);
    FZ_CHECK(idx[0] < idx[1] && idx[1] < idx[2] && idx[2] < n && n <= 16);
    /* optional outputs: the same answer without them */
    seq2 = (spconv_euler_seq)77;
    FZ_CHECK(spconv_euler_seq_from_bvh_channels(&seq2, &kind2, NULL, NULL, p) == SPCONV_OK);
    FZ_CHECK(seq2 == seq && kind2 == SPCONV_EULER_INTRINSIC);
    /* parse -> string: the rotation channels in listed order */
    memset(buf, 'x', sizeof buf);
    FZ_CHECK(spconv_bvh_channels_from_euler_seq(buf, sizeof buf, seq, kind) == SPCONV_OK);
    FZ_CHECK(memchr(buf, 0, sizeof buf) == buf + 29 && strcmp(buf, ref.rot) == 0);
    /* string -> parse: the same sequence, rotations at 0, 1, 2 */
    FZ_CHECK(spconv_euler_seq_from_bvh_channels(&seq2, &kind2, idx2, &n2, buf) == SPCONV_OK);
    FZ_CHECK(seq2 == seq && kind2 == SPCONV_EULER_INTRINSIC && n2 == 3);
    FZ_CHECK(idx2[0] == 0 && idx2[1] == 1 && idx2[2] == 2);
    { /* the extrinsic sequence of the reversed letters writes the same list */
      const int *a = fz_tait_bryan[(int)seq - SPCONV_EULER_XYZ];
      int rev = fz_seq_of_axes(a[2], a[1], a[0]);
      FZ_CHECK(spconv_bvh_channels_from_euler_seq(buf2, sizeof buf2, (spconv_euler_seq)rev,
                                                  SPCONV_EULER_EXTRINSIC) == SPCONV_OK);
      FZ_CHECK(strcmp(buf2, buf) == 0);
    }
  }
  /* NULL arguments, whatever the string */
  seq2 = (spconv_euler_seq)77;
  kind2 = (spconv_euler_kind)77;
  FZ_CHECK(spconv_euler_seq_from_bvh_channels(NULL, &kind2, NULL, NULL, p) == SPCONV_EINVAL);
  FZ_CHECK(spconv_euler_seq_from_bvh_channels(&seq2, NULL, NULL, NULL, p) == SPCONV_EINVAL);
  FZ_CHECK(spconv_euler_seq_from_bvh_channels(&seq2, &kind2, idx2, NULL, NULL) == SPCONV_EINVAL);
  FZ_CHECK((int)seq2 == 77 && (int)kind2 == 77);
  free(p);
}

/* the writer, and BVH angles <-> quaternions */
static void fz_bvh_angles(fz_in *in) {
  int seq = fz_enum(in, SPCONV_EULER_XYZ), kind = fz_enum(in, SPCONV_EULER_EXTRINSIC), st, i;
  size_t size = (size_t)(fz_byte(in) % 48);
  int tb = seq >= SPCONV_EULER_XYZ && seq <= SPCONV_EULER_ZYX; /* Tait-Bryan */
  int kv = kind == SPCONV_EULER_EXTRINSIC || kind == SPCONV_EULER_INTRINSIC;
  spconv_real deg[3], q[4], r[4], t[4], e[3], a[3];
  char *buf = (char *)malloc(size ? size : 1);
  if (!buf) abort();
  fz_reals(in, deg, 3);
  fz_reals(in, q, 4);
  /* the writer: exactly size bytes */
  memset(buf, 0x5a, size);
  st = spconv_bvh_channels_from_euler_seq(buf, size, (spconv_euler_seq)seq, (spconv_euler_kind)kind);
  FZ_CHECK(st == (tb && kv && size >= 30 ? SPCONV_OK : SPCONV_EINVAL));
  if (st != SPCONV_OK) {
    for (i = 0; i < (int)size; ++i) FZ_CHECK(buf[i] == 0x5a);
  } else {
    spconv_euler_seq s2;
    spconv_euler_kind k2;
    const int *ax = fz_tait_bryan[seq - SPCONV_EULER_XYZ];
    FZ_CHECK(memchr(buf, 0, size) == buf + 29);
    FZ_CHECK(spconv_euler_seq_from_bvh_channels(&s2, &k2, NULL, NULL, buf) == SPCONV_OK);
    FZ_CHECK((int)s2 == (kind == SPCONV_EULER_INTRINSIC ? seq : fz_seq_of_axes(ax[2], ax[1], ax[0])));
  }
  FZ_CHECK(spconv_bvh_channels_from_euler_seq(NULL, 64, SPCONV_EULER_XYZ, SPCONV_EULER_INTRINSIC) ==
           SPCONV_EINVAL);
  free(buf);

  /* degrees -> quaternion: spconv_quat_wxyz_from_euler of the angles in
     radians, intrinsic; the six Tait-Bryan sequences only */
  fz_fill(r, 4);
  st = spconv_quat_wxyz_from_bvh(r, deg, (spconv_euler_seq)seq);
  FZ_CHECK(st == (tb ? SPCONV_OK : SPCONV_EINVAL));
  if (st != SPCONV_OK) {
    FZ_CHECK(fz_untouched(r, 4));
  } else {
    if (fz_moderate(deg, 3)) {
      spconv_rad_from_deg3(a, deg);
      FZ_CHECK(spconv_quat_wxyz_from_euler(t, a, (spconv_euler_seq)seq,
                                           SPCONV_EULER_INTRINSIC) == SPCONV_OK);
      FZ_CHECK(fz_quat_gap(r, t) <= FZ_TOL * 4);
    }
    if (fz_finite(deg, 3)) FZ_CHECK(fz_is_unit(r, 4, 4));
    if (fz_any_nan(deg, 3)) FZ_CHECK(fz_any_nan(r, 4));
    memcpy(t, deg, 3 * sizeof(spconv_real)); /* res == angles */
    t[3] = 0;
    FZ_CHECK(spconv_quat_wxyz_from_bvh(t, t, (spconv_euler_seq)seq) == SPCONV_OK);
    FZ_CHECK(fz_same(t, r, 4));
  }

  /* quaternion -> degrees */
  fz_fill(e, 3);
  st = spconv_bvh_from_quat_wxyz(e, q, (spconv_euler_seq)seq);
  if (!tb) {
    FZ_CHECK(st == SPCONV_EINVAL && fz_untouched(e, 3));
  } else if (!fz_finite(q, 4) || fz_maxabs(q, 4) == 0) {
    FZ_CHECK(st == SPCONV_EDEGENERATE && fz_untouched(e, 3));
  } else {
    FZ_CHECK(st == SPCONV_OK || st == SPCONV_GIMBAL_LOCK);
    FZ_CHECK(fz_finite(e, 3));
    FZ_CHECK(fabs((double)e[1]) <= 90 + 1e-3);
    FZ_CHECK(fabs((double)e[0]) <= 180 + 1e-3 && fabs((double)e[2]) <= 180 + 1e-3);
    if (st == SPCONV_GIMBAL_LOCK) FZ_CHECK(e[2] == 0);
    /* the angles rebuild q */
    FZ_CHECK(spconv_quat_wxyz_from_bvh(r, e, (spconv_euler_seq)seq) == SPCONV_OK);
    FZ_CHECK(fz_quat_gap(r, q) <= FZ_TOL * 64);
    memcpy(t, q, sizeof t); /* res == q */
    FZ_CHECK(spconv_bvh_from_quat_wxyz(t, t, (spconv_euler_seq)seq) == st);
    FZ_CHECK(fz_same(t, e, 3));
  }
}

/* ------------------------------------------- orientations, change of axes */

/* tolerance (in FZ_TOL units) for a rotation built from an M accepted within
   SPCONV_ROTATION_TOL: exact signed permutations need only rounding */
static double fz_axes_k(const spconv_real A[9], const spconv_real B[9]) {
  if (fz_signed_perm(A) && fz_signed_perm(B)) return 16;
  return 16 + 16 * (double)SPCONV_ROTATION_TOL / FZ_TOL;
}

/* the matrix of q (any norm) against the matrix E, within k tolerances */
static int fz_quat_is_mat(const spconv_real q[4], const spconv_real E[9], double k) {
  spconv_real R[9];
  spconv_mat_from_quat_wxyz(R, q);
  return fz_near(R, E, 9, 1, k);
}

static void fz_change_axes(fz_in *in) {
  spconv_real M1[9], M2[9], R[9], q[4], res[9], r[4], t[4], X[9], E[9], I[9] = {1, 0, 0, 0, 1,
                                                                               0, 0, 0, 1};
  spconv_real Rq[9], M1t[9], back[9];
  int c1, c2, st, sm;
  fz_matrix(in, M1);
  if (fz_byte(in) < 40) memcpy(M2, M1, sizeof M2);
  else fz_matrix(in, M2);
  fz_reals(in, q, 4);
  if (fz_byte(in) < 128 && fz_quat_ok(q)) spconv_mat_from_quat_wxyz(R, q);
  else fz_reals(in, R, 9);
  c1 = fz_orth_class(M1);
  c2 = fz_orth_class(M2);

  /* world relabelled only, matrix: M R for a proper M */
  fz_fill(res, 9);
  sm = spconv_mat_change_world_axes(res, M1, R);
  FZ_CHECK(sm == SPCONV_OK || sm == SPCONV_EINVAL);
  if (c1 == 1) FZ_CHECK(sm == SPCONV_OK);
  if (c1 == 0 || c1 == -1) FZ_CHECK(sm == SPCONV_EINVAL);
  if (sm != SPCONV_OK) {
    FZ_CHECK(fz_untouched(res, 9));
  } else {
    fz_abt(E, M1, R, I);
    if (fz_signed_perm(M1) && fz_finite(R, 9)) FZ_CHECK(fz_same(res, E, 9));
    else if (fz_moderate(R, 9)) FZ_CHECK(fz_near(res, E, 9, fz_maxabs(R, 9), 8));
    if (fz_any_nan(R, 9)) FZ_CHECK(fz_any_nan(res, 9));
    memcpy(X, R, sizeof X); /* res == R */
    FZ_CHECK(spconv_mat_change_world_axes(X, M1, X) == SPCONV_OK && fz_same(X, res, 9));
    memcpy(X, M1, sizeof X); /* res == M */
    FZ_CHECK(spconv_mat_change_world_axes(X, X, R) == SPCONV_OK && fz_same(X, res, 9));
    /* and back with M^T */
    fz_transpose(M1t, M1);
    if (fz_orth_class(M1t) == 1) {
      FZ_CHECK(spconv_mat_change_world_axes(back, M1t, res) == SPCONV_OK);
      if (fz_signed_perm(M1) && fz_finite(R, 9)) FZ_CHECK(fz_same(back, R, 9));
      else if (fz_moderate(R, 9))
        FZ_CHECK(fz_near(back, R, 9, fz_maxabs(R, 9), fz_axes_k(M1, M1)));
    }
  }

  /* world relabelled only, quaternion: q_M q, the norm of q kept */
  fz_fill(r, 4);
  st = spconv_quat_wxyz_change_world_axes(r, M1, q);
  FZ_CHECK(st == sm); /* the same condition on M */
  if (st != SPCONV_OK) {
    FZ_CHECK(fz_untouched(r, 4));
  } else {
    if (fz_any_nan(q, 4)) FZ_CHECK(fz_any_nan(r, 4));
    if (fz_quat_ok(q)) {
      double k = fz_axes_k(M1, M1);
      FZ_CHECK(fabs(fz_norm(r, 4) - fz_norm(q, 4)) <= FZ_TOL * 8 * fz_norm(q, 4));
      spconv_mat_from_quat_wxyz(Rq, q);
      fz_abt(E, M1, Rq, I);
      FZ_CHECK(fz_quat_is_mat(r, E, k));
      /* back with M^T */
      fz_transpose(M1t, M1);
      if (fz_orth_class(M1t) == 1) {
        FZ_CHECK(spconv_quat_wxyz_change_world_axes(t, M1t, r) == SPCONV_OK);
        FZ_CHECK(fz_quat_gap(t, q) <= FZ_TOL * 2 * k); /* q or -q: q_M^T q_M = +-1 */
      }
    }
    memcpy(t, q, sizeof t); /* res == q */
    FZ_CHECK(spconv_quat_wxyz_change_world_axes(t, M1, t) == SPCONV_OK && fz_same(t, r, 4));
    memcpy(X, M1, sizeof X); /* res == M */
    FZ_CHECK(spconv_quat_wxyz_change_world_axes(X, X, q) == SPCONV_OK && fz_same(X, r, 4));
  }

  /* the general rule: M_world R M_body^T, equal determinants */
  fz_fill(r, 4);
  st = spconv_quat_wxyz_change_world_body_axes(r, M1, M2, q);
  FZ_CHECK(st == SPCONV_OK || st == SPCONV_EINVAL);
  if (c1 == 0 || c2 == 0) FZ_CHECK(st == SPCONV_EINVAL);
  if ((c1 == 1 || c1 == -1) && (c2 == 1 || c2 == -1))
    FZ_CHECK(st == (c1 == c2 ? SPCONV_OK : SPCONV_EINVAL));
  if (st != SPCONV_OK) {
    FZ_CHECK(fz_untouched(r, 4));
  } else {
    if (fz_any_nan(q, 4)) FZ_CHECK(fz_any_nan(r, 4));
    if (fz_quat_ok(q)) {
      double k = fz_axes_k(M1, M2);
      FZ_CHECK(fabs(fz_norm(r, 4) - fz_norm(q, 4)) <= FZ_TOL * 8 * fz_norm(q, 4));
      spconv_mat_from_quat_wxyz(Rq, q);
      fz_abt(E, M1, Rq, M2);
      FZ_CHECK(fz_quat_is_mat(r, E, k));
      if (memcmp(M1, M2, sizeof M1) == 0) { /* every frame relabelled: (w, (det M) M v) */
        spconv_quat_wxyz_change_axes(t, M1, q);
        FZ_CHECK(fz_near(t, r, 4, fz_norm(q, 4), k));
      }
    }
    memcpy(t, q, sizeof t); /* res == q */
    FZ_CHECK(spconv_quat_wxyz_change_world_body_axes(t, M1, M2, t) == SPCONV_OK);
    FZ_CHECK(fz_same(t, r, 4));
    memcpy(X, M2, sizeof X); /* res == M_body */
    FZ_CHECK(spconv_quat_wxyz_change_world_body_axes(X, M1, X, q) == SPCONV_OK);
    FZ_CHECK(fz_same(X, r, 4));
  }
  /* M_body = I is the world-only rule */
  st = spconv_quat_wxyz_change_world_body_axes(r, M1, I, q);
  FZ_CHECK(st == sm);
  if (st == SPCONV_OK && fz_quat_ok(q)) {
    FZ_CHECK(spconv_quat_wxyz_change_world_axes(t, M1, q) == SPCONV_OK);
    FZ_CHECK(fz_near(t, r, 4, fz_norm(q, 4), fz_axes_k(M1, M1)));
  }
  /* any orthogonal M on both sides (a reflection included) */
  st = spconv_quat_wxyz_change_world_body_axes(r, M1, M1, q);
  if (c1 == 1 || c1 == -1) FZ_CHECK(st == SPCONV_OK);
  if (c1 == 0) FZ_CHECK(st == SPCONV_EINVAL);
}

/* ------------------------------------------------------- rotation formats */

#define FZ_RN 6

static void fz_rot_convert(fz_in *in) {
  int n = fz_byte(in) % (FZ_RN + 1), xf = fz_format(in), rf = fz_format(in);
  int si = fz_format_size(xf), so = fz_format_size(rf), st, e, expect, known[FZ_RN];
  int big = si > so ? si : so;
  spconv_real kq[FZ_RN][4], *x, *x0, *res, *buf;
  size_t nx = (size_t)(n * si), nr = (size_t)(n * so);
  x = fz_alloc(nx);
  x0 = fz_alloc(nx);
  res = fz_alloc(nr);
  buf = fz_alloc((size_t)(n * big));
  for (e = 0; e < n; ++e) known[e] = si ? fz_rotation(in, x + si * e, xf, kq[e]) : 0;
  memcpy(x0, x, nx * sizeof(spconv_real));
  /* the documented status, from the harness's own reading of x */
  if (si == 0 || so == 0) {
    expect = SPCONV_EINVAL;
  } else {
    /* the status of the first failing element, as the single-element
       functions: a matrix that is not a rotation SPCONV_EINVAL, a zero or
       non-finite quaternion SPCONV_EDEGENERATE */
    expect = SPCONV_OK;
    for (e = 0; e < n && xf != SPCONV_ROT_ROTVEC && expect == SPCONV_OK; ++e) {
      spconv_real q[4];
      const spconv_real *el = x + si * e;
      if (xf == SPCONV_ROT_MAT) {
        if (!fz_finite(el, 9) || spconv_quat_wxyz_from_mat(q, el) != SPCONV_OK)
          expect = SPCONV_EINVAL;
      } else if (!fz_finite(el, 4) || fz_maxabs(el, 4) == 0) {
        expect = SPCONV_EDEGENERATE;
      }
    }
  }
  fz_fill(res, (int)nr);
  st = spconv_rot_convert_n(res, (spconv_rot_format)rf, x, (spconv_rot_format)xf, (size_t)n);
  FZ_CHECK(st == expect);
  FZ_CHECK(fz_bits(x, x0, (int)nx)); /* x is only read */
  /* in place */
  if (n > 0) {
    memcpy(buf, x, nx * sizeof(spconv_real));
    FZ_CHECK(spconv_rot_convert_n(buf, (spconv_rot_format)rf, buf, (spconv_rot_format)xf,
                                  (size_t)n) == st);
    if (st == SPCONV_OK) FZ_CHECK(fz_same(buf, res, (int)nr));
    else FZ_CHECK(fz_bits(buf, x, (int)nx)); /* nothing written */
  }
  if (st != SPCONV_OK) {
    FZ_CHECK(fz_untouched(res, (int)nr));
  } else {
    for (e = 0; e < n; ++e) {
      const spconv_real *el = x + si * e, *out = res + so * e;
      spconv_real one[9], qi[4], qo[4];
      /* each element alone as a batch of one */
      FZ_CHECK(spconv_rot_convert_n(one, (spconv_rot_format)rf, el, (spconv_rot_format)xf, 1) ==
               SPCONV_OK);
      FZ_CHECK(fz_same(one, out, so));
      if (xf == SPCONV_ROT_ROTVEC && !fz_finite(el, 3)) FZ_CHECK(fz_any_nan(out, so));
      if (xf == SPCONV_ROT_ROTVEC && !fz_moderate(el, 3)) continue;
      /* every input that passed the check is a rotation: the output is one */
      if (rf == SPCONV_ROT_ROTVEC) {
        FZ_CHECK(fz_finite(out, 3) && fz_norm(out, 3) <= fz_pi + 1e-5);
      } else if (rf == SPCONV_ROT_MAT) {
        FZ_CHECK(fz_is_rotation(out, 16));
      } else {
        double w = (double)out[rf == SPCONV_ROT_QUAT_WXYZ ? 0 : 3];
        FZ_CHECK(fz_is_unit(out, 4, 4));
        /* w >= 0 from matrices, and from rotation vectors of at most half
           a turn (|rv| <= pi) */
        if (xf == SPCONV_ROT_MAT || (xf == SPCONV_ROT_ROTVEC && fz_norm(el, 3) <= 3.14159))
          FZ_CHECK(w >= 0);
      }
      FZ_CHECK(fz_quat_of(qo, out, rf));
      if (xf == SPCONV_ROT_QUAT_WXYZ || xf == SPCONV_ROT_QUAT_XYZW) {
        /* the sign of q is kept: out = q / |q| */
        double m, u[4], nu;
        int i;
        FZ_CHECK(fz_quat_of(qi, el, xf));
        m = fz_maxabs(qi, 4); /* scaled first: |q| may be subnormal or overflow */
        for (i = 0; i < 4; ++i) u[i] = (double)qi[i] / m;
        nu = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2] + u[3] * u[3]);
        if (rf != SPCONV_ROT_ROTVEC && rf != SPCONV_ROT_MAT)
          for (i = 0; i < 4; ++i) FZ_CHECK(fabs((double)qo[i] - u[i] / nu) <= FZ_TOL * 4);
        FZ_CHECK(fz_quat_gap(qo, qi) <= FZ_TOL * 16);
      } else if (xf == SPCONV_ROT_MAT) {
        spconv_real Ro[9];
        spconv_mat_from_quat_wxyz(Ro, qo); /* within the acceptance tolerance of x */
        FZ_CHECK(fz_near(Ro, el, 9, 1, 8 * (double)SPCONV_ROTATION_TOL / FZ_TOL + 16));
      } else {
        spconv_quat_wxyz_from_rotvec(qi, el);
        FZ_CHECK(fz_quat_gap(qo, qi) <= FZ_TOL * 64);
      }
      if (known[e]) FZ_CHECK(fz_quat_gap(qo, kq[e]) <= FZ_TOL * 64);
    }
    /* and back: the same rotations in the first format (outputs of huge or
       non-finite rotation vectors may be NaN, which a quaternion or matrix
       input refuses) */
    if (n > 0 && fz_finite(res, (int)nr)) {
      spconv_real *back = fz_alloc(nx);
      FZ_CHECK(spconv_rot_convert_n(back, (spconv_rot_format)xf, res, (spconv_rot_format)rf,
                                    (size_t)n) == SPCONV_OK);
      for (e = 0; e < n; ++e) {
        spconv_real qa[4], qb[4];
        if (xf == SPCONV_ROT_ROTVEC && !fz_moderate(x + si * e, 3)) continue;
        FZ_CHECK(fz_quat_of(qa, x + si * e, xf) && fz_quat_of(qb, back + si * e, xf));
        FZ_CHECK(fz_quat_gap(qa, qb) <= FZ_TOL * 64);
      }
      free(back);
    }
  }
  /* NULL arrays with data, and empty batches */
  if (si && so) {
    if (n > 0) {
      FZ_CHECK(spconv_rot_convert_n(NULL, (spconv_rot_format)rf, x, (spconv_rot_format)xf,
                                    (size_t)n) == SPCONV_EINVAL);
      FZ_CHECK(spconv_rot_convert_n(res, (spconv_rot_format)rf, NULL, (spconv_rot_format)xf,
                                    (size_t)n) == SPCONV_EINVAL);
    }
    FZ_CHECK(spconv_rot_convert_n(NULL, (spconv_rot_format)rf, NULL, (spconv_rot_format)xf, 0) ==
             SPCONV_OK);
  } else {
    FZ_CHECK(spconv_rot_convert_n(NULL, (spconv_rot_format)rf, NULL, (spconv_rot_format)xf, 0) ==
             SPCONV_EINVAL);
  }
  free(x);
  free(x0);
  free(res);
  free(buf);
}

/* ---------------------------------------------------------- clip conversion */

#define FZ_CT 4 /* frames */
#define FZ_CB 4 /* bodies */

/* the six arrays of a clip, allocated at their declared sizes */
typedef struct fz_clip_arrays {
  spconv_real *a[6];
  size_t n[6];
} fz_clip_arrays;

enum { FZ_POS, FZ_ROT, FZ_LIN, FZ_ANG, FZ_LOC, FZ_OFF };

static void fz_clip_set(spconv_motion_clip *c, const fz_clip_arrays *A, int mask) {
  c->root_pos = (mask & 1) ? A->a[FZ_POS] : NULL;
  c->root_rot = (mask & 2) ? A->a[FZ_ROT] : NULL;
  c->root_linvel = (mask & 4) ? A->a[FZ_LIN] : NULL;
  c->root_angvel = (mask & 8) ? A->a[FZ_ANG] : NULL;
  c->local_rot = (mask & 16) ? A->a[FZ_LOC] : NULL;
  c->offsets = (mask & 32) ? A->a[FZ_OFF] : NULL;
}

static void fz_clip_alloc(fz_clip_arrays *A, int T, int B, int nr, int nl) {
  size_t t = T > 0 ? (size_t)T : 0, b = B > 0 ? (size_t)B : 0;
  int i;
  A->n[FZ_POS] = A->n[FZ_LIN] = A->n[FZ_ANG] = 3 * t;
  A->n[FZ_ROT] = (size_t)nr * t;
  A->n[FZ_LOC] = (size_t)nl * t * b;
  A->n[FZ_OFF] = 3 * b;
  for (i = 0; i < 6; ++i) A->a[i] = fz_alloc(A->n[i]);
}

static void fz_clip_free(fz_clip_arrays *A) {
  int i;
  for (i = 0; i < 6; ++i) free(A->a[i]);
}

static void fz_clip_copy(fz_clip_arrays *D, const fz_clip_arrays *S) {
  int i;
  for (i = 0; i < 6; ++i) memcpy(D->a[i], S->a[i], S->n[i] * sizeof(spconv_real));
}

/* one rotation of format f under A R B^T against the reference: exact for
   signed permutations (matrices, and the every-frame rule A == B), else the
   same rotation within k tolerances for moderate, non-degenerate input */
static void fz_clip_rot_check(const spconv_real *out, const spconv_real *x, int f,
                              const spconv_real A[9], const spconv_real B[9]) {
  int sz = fz_format_size(f), exact = fz_signed_perm(A) && fz_signed_perm(B);
  int same = memcmp(A, B, 9 * sizeof(spconv_real)) == 0;
  spconv_real ref[9], q[4], R[9], E[9];
  if (f == SPCONV_ROT_MAT) {
    fz_abt(ref, A, x, B);
    if (exact && fz_finite(x, 9)) FZ_CHECK(fz_same(out, ref, 9));
    else if (fz_moderate(x, 9)) FZ_CHECK(fz_near(out, ref, 9, fz_maxabs(x, 9), 8));
    if (fz_any_nan(x, 9)) FZ_CHECK(fz_any_nan(out, 9));
    return;
  }
  if (fz_any_nan(x, sz)) FZ_CHECK(fz_any_nan(out, sz));
  if (same && exact && fz_finite(x, sz)) { /* (det M) M rv, (w, (det M) M v): exact */
    spconv_real d = (spconv_real)fz_det(A), u[3], ref3[3];
    const spconv_real *v = f == SPCONV_ROT_QUAT_WXYZ ? x + 1 : x;
    int i, o = f == SPCONV_ROT_QUAT_WXYZ ? 1 : 0;
    fz_mv(u, A, v);
    for (i = 0; i < 3; ++i) ref3[i] = d * u[i];
    FZ_CHECK(fz_same(out + o, ref3, 3));
    if (f == SPCONV_ROT_QUAT_WXYZ) FZ_CHECK(fz_bits(out, x, 1));
    if (f == SPCONV_ROT_QUAT_XYZW) FZ_CHECK(fz_bits(out + 3, x + 3, 1));
    return;
  }
  /* a rotation vector of a few turns at most: a non-orthogonal M (within
     the tolerance) scales it, and the angle error grows with |rv| */
  if (f == SPCONV_ROT_ROTVEC && fz_norm(x, 3) > 8) return;
  if (!fz_moderate(x, sz) || !fz_quat_of(q, x, f) || !fz_quat_ok(q)) return;
  spconv_mat_from_quat_wxyz(R, q);
  fz_abt(E, A, R, B);
  FZ_CHECK(fz_quat_of(q, out, f));
  FZ_CHECK(fz_quat_is_mat(q, E, fz_axes_k(A, B)));
  /* the general rule rebuilds a rotation vector with |rv| <= pi; quaternions
     keep their norm (the every-frame rule (w, (det M) M v): as far as M is
     orthogonal) */
  if (f == SPCONV_ROT_ROTVEC && !same) FZ_CHECK(fz_norm(out, 3) <= fz_pi + 1e-5);
  if (f != SPCONV_ROT_ROTVEC)
    FZ_CHECK(fabs(fz_norm(out, 4) - fz_norm(x, 4)) <=
             FZ_TOL * (same ? fz_axes_k(A, B) : 8) * fz_norm(x, 4));
}

/* k M v for each of n vectors: exact for a signed permutation */
static void fz_clip_vec_check(const spconv_real *out, const spconv_real *x, size_t n,
                              const spconv_real M[9], spconv_real k, int pseudo) {
  size_t j;
  spconv_real d = pseudo ? (spconv_real)fz_det(M) : k;
  for (j = 0; j < n; ++j) {
    spconv_real u[3], ref[3];
    int i;
    fz_mv(u, M, x + 3 * j);
    for (i = 0; i < 3; ++i) ref[i] = d * u[i];
    if (fz_signed_perm(M) && fz_finite(x + 3 * j, 3)) FZ_CHECK(fz_same(out + 3 * j, ref, 3));
    else if (fz_moderate(x + 3 * j, 3))
      FZ_CHECK(fz_near_ieee(out + 3 * j, ref, 3, fz_maxabs(x + 3 * j, 3) * fabs((double)d), 8));
    if (fz_any_nan(x + 3 * j, 3)) FZ_CHECK(fz_any_nan(out + 3 * j, 3));
  }
}

static void fz_clip(fz_in *in) {
  int T = fz_count(in, FZ_CT), NB = fz_count(in, FZ_CB), rf = fz_format(in), lf = fz_format(in);
  int flag = fz_byte(in) % 3, mask = fz_byte(in) & 63, rmask, bad = fz_byte(in), st, expect, i;
  int nr = fz_format_size(rf), nl = fz_format_size(lf), c1, c2, valid_sizes, known = 1;
  int nr2, nl2, Tm, Bm;
  spconv_motion_clip cin, cres;
  fz_clip_arrays A, R, R2;
  spconv_real Mw[9], Mb[9], k;
  size_t t, nT, nB;
  uint8_t kc;
  fz_matrix(in, Mw);
  kc = fz_byte(in);
  if (kc < 48) memcpy(Mb, Mw, sizeof Mb);
  else if (kc < 64) {
    for (i = 0; i < 9; ++i) Mb[i] = (spconv_real)(i % 4 == 0);
  } else fz_matrix(in, Mb);
  kc = fz_byte(in);
  if (kc < 160) k = (spconv_real)ldexp(1.0, (int)(kc % 15) - 7);
  else k = fz_real(in);

  /* the clip: res equals in in every size, format and flag unless `bad`
     says which one differs (or which res array is NULL) */
  cin.frames = T;
  cin.bodies = NB;
  cin.root_rot_format = (spconv_rot_format)rf;
  cin.local_rot_format = (spconv_rot_format)lf;
  cin.root_angvel_body = flag;
  cres = cin;
  rmask = 63;
  if (bad >= 224) {
    switch (bad % 6) {
      case 0: cres.frames = T + 1; break;
      case 1: cres.bodies = NB + 1; break;
      case 2:
        cres.root_rot_format =
            rf == SPCONV_ROT_ROTVEC ? SPCONV_ROT_QUAT_WXYZ : SPCONV_ROT_ROTVEC;
        break;
      case 3:
        cres.local_rot_format =
            lf == SPCONV_ROT_ROTVEC ? SPCONV_ROT_QUAT_WXYZ : SPCONV_ROT_ROTVEC;
        break;
      case 4: cres.root_angvel_body = flag + 1; break;
      default: /* a NULL res array: refused where in has that array */
        rmask = 63 & ~(1 << (bad % 7 == 6 ? 0 : bad % 7));
        if ((mask & ~rmask) == 0) bad = 0;
        break;
    }
  }
  /* arrays at the larger of the two sizes (equal unless refused anyway) */
  nr2 = fz_format_size((int)cres.root_rot_format);
  nl2 = fz_format_size((int)cres.local_rot_format);
  Tm = T > cres.frames ? T : cres.frames;
  Bm = NB > cres.bodies ? NB : cres.bodies;
  fz_clip_alloc(&A, Tm, Bm, nr > nr2 ? nr : nr2, nl > nl2 ? nl : nl2);
  fz_clip_alloc(&R, Tm, Bm, nr > nr2 ? nr : nr2, nl > nl2 ? nl : nl2);
  fz_clip_alloc(&R2, Tm, Bm, nr > nr2 ? nr : nr2, nl > nl2 ? nl : nl2);
  fz_reals(in, A.a[FZ_POS], (int)A.n[FZ_POS]);
  fz_reals(in, A.a[FZ_LIN], (int)A.n[FZ_LIN]);
  fz_reals(in, A.a[FZ_ANG], (int)A.n[FZ_ANG]);
  fz_reals(in, A.a[FZ_OFF], (int)A.n[FZ_OFF]);
  {
    spconv_real q[4];
    int na = nr ? (int)(A.n[FZ_ROT] / (size_t)nr) : 0, nb = nl ? (int)(A.n[FZ_LOC] / (size_t)nl) : 0;
    for (i = 0; i < na; ++i) (void)fz_rotation(in, A.a[FZ_ROT] + nr * i, rf, q);
    for (i = 0; i < nb; ++i) (void)fz_rotation(in, A.a[FZ_LOC] + nl * i, lf, q);
  }
  for (i = 0; i < 6; ++i) fz_fill(R.a[i], (int)R.n[i]);
  fz_clip_set(&cin, &A, mask);
  fz_clip_set(&cres, &R, rmask);

  /* the documented status */
  c1 = fz_orth_class(Mw);
  c2 = fz_orth_class(Mb);
  valid_sizes = T >= 0 && NB >= 0 && bad < 224 && (!(mask & 2) || nr) && (!(mask & 16) || nl);
  if (!valid_sizes || !isfinite(k) || !(k > 0) || c1 == 0 || c2 == 0 ||
      ((c1 == 1 || c1 == -1) && (c2 == 1 || c2 == -1) && c1 != c2))
    expect = SPCONV_EINVAL;
  else if (c1 == 2 || c2 == 2)
    known = 0, expect = SPCONV_OK;
  else
    expect = SPCONV_OK;
  /* an unknown format of an absent array: "unknown formats" are refused,
     and an absent array is not read; either reading is accepted */
  if (expect == SPCONV_OK && (nr == 0 || nl == 0)) known = 0;
  st = spconv_motion_clip_convert(&cres, &cin, Mw, Mb, k);
  FZ_CHECK(st == SPCONV_OK || st == SPCONV_EINVAL);
  if (known) FZ_CHECK(st == expect);
  if (!valid_sizes) FZ_CHECK(st == SPCONV_EINVAL);
  FZ_CHECK(spconv_motion_clip_convert(NULL, &cin, Mw, Mb, k) == SPCONV_EINVAL);
  FZ_CHECK(spconv_motion_clip_convert(&cres, NULL, Mw, Mb, k) == SPCONV_EINVAL);
  FZ_CHECK(spconv_motion_clip_convert(&cres, &cin, NULL, Mb, k) == SPCONV_EINVAL);
  FZ_CHECK(spconv_motion_clip_convert(&cres, &cin, Mw, NULL, k) == SPCONV_EINVAL);
  if (st != SPCONV_OK) { /* nothing written */
    for (i = 0; i < 6; ++i) FZ_CHECK(fz_untouched(R.a[i], (int)R.n[i]));
    goto done;
  }
  nT = (size_t)T;
  nB = (size_t)NB;
  /* arrays that in lacks are not written */
  for (i = 0; i < 6; ++i)
    if (!(mask & (1 << i))) FZ_CHECK(fz_untouched(R.a[i], (int)R.n[i]));
  if (mask & 1) fz_clip_vec_check(R.a[FZ_POS], A.a[FZ_POS], nT, Mw, k, 0);
  if (mask & 4) fz_clip_vec_check(R.a[FZ_LIN], A.a[FZ_LIN], nT, Mw, k, 0);
  if (mask & 8) fz_clip_vec_check(R.a[FZ_ANG], A.a[FZ_ANG], nT, flag ? Mb : Mw, k, 1);
  if (mask & 32) fz_clip_vec_check(R.a[FZ_OFF], A.a[FZ_OFF], nB, Mb, k, 0);
  if (mask & 2)
    for (t = 0; t < nT; ++t)
      fz_clip_rot_check(R.a[FZ_ROT] + (size_t)nr * t, A.a[FZ_ROT] + (size_t)nr * t, rf, Mw, Mb);
  if (mask & 16)
    for (t = 0; t < nT * nB; ++t)
      fz_clip_rot_check(R.a[FZ_LOC] + (size_t)nl * t, A.a[FZ_LOC] + (size_t)nl * t, lf, Mb, Mb);

  /* in place: res arrays = in arrays */
  fz_clip_copy(&R2, &A);
  {
    spconv_motion_clip c = cin;
    fz_clip_set(&c, &R2, mask);
    FZ_CHECK(spconv_motion_clip_convert(&c, &c, Mw, Mb, k) == SPCONV_OK);
    for (i = 0; i < 6; ++i)
      if (mask & (1 << i)) FZ_CHECK(fz_same(R2.a[i], R.a[i], (int)R.n[i]));
  }

  /* and back with M^T, 1 / k: exact for signed permutations and k = 2^j on
     entries that neither overflow nor underflow; the same rotations */
  {
    spconv_real Wt[9], Bt[9], kinv = 1 / k;
    spconv_motion_clip c = cin, cb = cres;
    int exact = fz_signed_perm(Mw) && fz_signed_perm(Mb) && kc < 160, ct1, ct2;
    double kk = fz_axes_k(Mw, Mb);
    fz_transpose(Wt, Mw);
    fz_transpose(Bt, Mb);
    ct1 = fz_orth_class(Wt);
    ct2 = fz_orth_class(Bt);
    fz_clip_set(&c, &R2, mask);
    fz_clip_set(&cb, &R, mask);
    for (i = 0; i < 6; ++i) fz_fill(R2.a[i], (int)R2.n[i]);
    st = spconv_motion_clip_convert(&c, &cb, Wt, Bt, kinv);
    if (!isfinite(kinv) || !(kinv > 0)) {
      FZ_CHECK(st == SPCONV_EINVAL);
      goto done;
    }
    if (known && (ct1 == 1 || ct1 == -1) && ct2 == ct1) FZ_CHECK(st == SPCONV_OK);
    if (st != SPCONV_OK) goto done;
    for (i = 0; i < 6; ++i) {
      size_t m;
      int vec = i == FZ_POS || i == FZ_LIN || i == FZ_ANG || i == FZ_OFF;
      if (!(mask & (1 << i)) || !vec) continue;
      for (m = 0; m < A.n[i]; m += 3) {
        const spconv_real *x = A.a[i] + m, *y = R2.a[i] + m;
        if (exact && fz_exact_range(x, 3)) FZ_CHECK(fz_same(y, x, 3));
        else if (fz_moderate(x, 3) && k >= (spconv_real)1e-3 && k <= (spconv_real)1e3)
          FZ_CHECK(fz_near(y, x, 3, fz_maxabs(x, 3), 4 * kk));
      }
    }
    for (i = FZ_ROT; i <= FZ_LOC; i += FZ_LOC - FZ_ROT) {
      int f = i == FZ_ROT ? rf : lf, sz = fz_format_size(f);
      size_t m;
      if (!(mask & (1 << i))) continue;
      for (m = 0; m < A.n[i]; m += (size_t)sz) {
        const spconv_real *x = A.a[i] + m, *y = R2.a[i] + m;
        spconv_real qa[4], qb[4];
        if (exact && (f == SPCONV_ROT_MAT || i == FZ_LOC || memcmp(Mw, Mb, sizeof Mw) == 0) &&
            fz_finite(x, sz)) {
          FZ_CHECK(fz_same(y, x, sz));
          continue;
        }
        if (f == SPCONV_ROT_MAT) { /* linear in the matrix, any matrix */
          if (fz_moderate(x, 9)) FZ_CHECK(fz_near(y, x, 9, fz_maxabs(x, 9), 4 * kk));
          continue;
        }
        if (!fz_moderate(x, sz) || !fz_quat_of(qa, x, f) || !fz_quat_ok(qa)) continue;
        if (f == SPCONV_ROT_ROTVEC && fz_norm(x, 3) > 8) continue;
        FZ_CHECK(fz_quat_of(qb, y, f));
        FZ_CHECK(fz_quat_gap(qa, qb) <= FZ_TOL * 4 * kk);
      }
    }
  }
done:
  fz_clip_free(&A);
  fz_clip_free(&R);
  fz_clip_free(&R2);
}

/* ---------------------------------------------------------- velocities */

#define FZ_VT 8

/* the frames (a, b) and span used for frame t, as documented */
static void fz_diff_frames(int t, int T, int central, int *a, int *b, int *span) {
  if (central && t > 0 && t + 1 < T) {
    *a = t - 1;
    *b = t + 1;
    *span = 2;
  } else if (t + 1 < T) {
    *a = t;
    *b = t + 1;
    *span = 1;
  } else {
    *a = t - 1;
    *b = t;
    *span = 1;
  }
}

static void fz_velocities(fz_in *in) {
  int T = fz_count(in, FZ_VT), method, qf, body = fz_int(in), st, valid, t, i;
  size_t nT = T > 0 ? (size_t)T : 0;
  spconv_real dt, *pos, *q, *res, *buf, *qw;
  uint8_t k = fz_byte(in);
  if (k < 128) dt = (spconv_real)ldexp(1.0, -(int)(k % 11));
  else dt = fz_real(in);
  k = fz_byte(in);
  method = k < 224 ? SPCONV_MOTION_DIFF_FORWARD + k % 2 : fz_enum(in, SPCONV_MOTION_DIFF_FORWARD);
  k = fz_byte(in);
  qf = k < 224 ? SPCONV_ROT_QUAT_WXYZ + k % 2 : fz_enum(in, SPCONV_ROT_ROTVEC);
  pos = fz_alloc(3 * nT);
  q = fz_alloc(4 * nT);
  qw = fz_alloc(4 * nT);
  res = fz_alloc(3 * nT);
  buf = fz_alloc(4 * nT);
  fz_reals(in, pos, (int)(3 * nT));
  fz_reals(in, q, (int)(4 * nT));
  if (fz_byte(in) < 32) /* one orientation held still */
    for (t = 1; t < (int)nT; ++t) memcpy(q + 4 * t, q, 4 * sizeof(spconv_real));
  valid = T >= 2 && isfinite(dt) && dt > 0 &&
          (method == SPCONV_MOTION_DIFF_FORWARD || method == SPCONV_MOTION_DIFF_CENTRAL);

  /* linear velocity */
  fz_fill(res, (int)(3 * nT));
  st = spconv_motion_linvel(res, pos, T, dt, (spconv_motion_diff)method);
  FZ_CHECK(st == (valid ? SPCONV_OK : SPCONV_EINVAL));
  FZ_CHECK(spconv_motion_linvel(NULL, pos, T, dt, (spconv_motion_diff)method) == SPCONV_EINVAL);
  FZ_CHECK(spconv_motion_linvel(res, NULL, T, dt, (spconv_motion_diff)method) == SPCONV_EINVAL);
  if (st != SPCONV_OK) {
    FZ_CHECK(fz_untouched(res, (int)(3 * nT)));
  } else {
    for (t = 0; t < T; ++t) {
      int a, b, span;
      fz_diff_frames(t, T, method == SPCONV_MOTION_DIFF_CENTRAL, &a, &b, &span);
      for (i = 0; i < 3; ++i) {
        spconv_real ref = (pos[3 * b + i] - pos[3 * a + i]) / ((spconv_real)span * dt);
        FZ_CHECK(fz_close(res[3 * t + i], ref));
      }
    }
    memcpy(buf, pos, 3 * nT * sizeof(spconv_real)); /* res == pos */
    FZ_CHECK(spconv_motion_linvel(buf, buf, T, dt, (spconv_motion_diff)method) == SPCONV_OK);
    FZ_CHECK(fz_same(buf, res, (int)(3 * nT)));
  }

  /* angular velocity */
  valid = valid && (qf == SPCONV_ROT_QUAT_WXYZ || qf == SPCONV_ROT_QUAT_XYZW);
  fz_fill(res, (int)(3 * nT));
  st = spconv_motion_angvel(res, q, T, dt, (spconv_rot_format)qf, body, (spconv_motion_diff)method);
  if (!valid) FZ_CHECK(st == SPCONV_EINVAL);
  else { /* a zero or non-finite frame: SPCONV_EDEGENERATE, as the two-frame functions */
    int degenerate = 0;
    for (t = 0; t < T; ++t) {
      int nonzero = 0, finite = 1;
      for (i = 0; i < 4; ++i) {
        nonzero |= q[4 * t + i] != 0;
        finite &= isfinite(q[4 * t + i]) != 0;
      }
      degenerate |= !nonzero || !finite;
    }
    FZ_CHECK(st == (degenerate ? SPCONV_EDEGENERATE : SPCONV_OK));
  }
  FZ_CHECK(spconv_motion_angvel(NULL, q, T, dt, (spconv_rot_format)qf, body,
                                (spconv_motion_diff)method) == SPCONV_EINVAL);
  FZ_CHECK(spconv_motion_angvel(res, NULL, T, dt, (spconv_rot_format)qf, body,
                                (spconv_motion_diff)method) == SPCONV_EINVAL);
  if (st != SPCONV_OK) {
    FZ_CHECK(fz_untouched(res, (int)(3 * nT)));
  } else {
    for (t = 0; t < T; ++t) { /* wxyz copy */
      const spconv_real *s = q + 4 * t;
      spconv_real *d = qw + 4 * t;
      if (qf == SPCONV_ROT_QUAT_WXYZ) memcpy(d, s, 4 * sizeof(spconv_real));
      else {
        d[0] = s[3];
        d[1] = s[0];
        d[2] = s[1];
        d[3] = s[2];
      }
    }
    for (t = 0; t < T; ++t) {
      int a, b, span;
      spconv_real w[3];
      const spconv_real *qa, *qb;
      fz_diff_frames(t, T, method == SPCONV_MOTION_DIFF_CENTRAL, &a, &b, &span);
      qa = qw + 4 * a;
      qb = qw + 4 * b;
      if (fz_any_nan(qa, 4) || fz_any_nan(qb, 4)) FZ_CHECK(fz_any_nan(res + 3 * t, 3));
      if (span == 1) { /* exactly the two-frame functions, where they accept q */
        int s2 = body ? spconv_body_angvel_from_quats_wxyz(w, qa, qb, dt)
                      : spconv_world_angvel_from_quats_wxyz(w, qa, qb, dt);
        if (s2 == SPCONV_OK) FZ_CHECK(fz_same(res + 3 * t, w, 3));
      } else if (fz_quat_ok(qa) && fz_quat_ok(qb) && fz_quat_ok(qw + 4 * t) &&
                 (double)dt >= 1e-3) {
        /* world: rotvec(q_b conj(q_a)) / (2 dt); body: R_t^T of it. For
           dt > FZ_MAX / 2, 2 dt overflows to inf: the two-frame function
           refuses it (SPCONV_EINVAL, as for any dt not finite and > 0), so
           the reference is the rate over dt, halved (then at most
           pi / (2 dt), which is 0 within the tolerance). dt2 is stored, so
           it is the value passed even where float math is wider. */
        double sc;
        spconv_real dt2 = 2 * dt;
        if (isfinite(dt2)) {
          FZ_CHECK(spconv_world_angvel_from_quats_wxyz(w, qa, qb, dt2) == SPCONV_OK);
        } else {
          FZ_CHECK(spconv_world_angvel_from_quats_wxyz(w, qa, qb, dt2) == SPCONV_EINVAL);
          FZ_CHECK(spconv_world_angvel_from_quats_wxyz(w, qa, qb, dt) == SPCONV_OK);
          for (i = 0; i < 3; ++i) w[i] /= 2;
        }
        if (body) {
          spconv_real c[4];
          spconv_quat_conj_wxyz(c, qw + 4 * t);
          spconv_quat_rotate_wxyz(w, c, w);
        }
        sc = fz_norm(w, 3) > 1 ? fz_norm(w, 3) : 1;
        for (i = 0; i < 3; ++i)
          FZ_CHECK(fabs((double)res[3 * t + i] - (double)w[i]) <= FZ_TOL * 16 * sc);
      }
    }
    /* an orientation held still turns at 0 */
    if (fz_quat_ok(q) && (double)dt >= 1e-6) {
      int still = 1;
      for (t = 1; t < T && still; ++t) still = memcmp(q + 4 * t, q, 4 * sizeof(spconv_real)) == 0;
      if (still)
        for (i = 0; i < 3 * T; ++i) FZ_CHECK(fabs((double)res[i]) <= 1e3 * FZ_TOL / (double)dt);
    }
    /* xyzw is wxyz reordered */
    if (qf == SPCONV_ROT_QUAT_XYZW) {
      spconv_real *r2 = fz_alloc(3 * nT);
      FZ_CHECK(spconv_motion_angvel(r2, qw, T, dt, SPCONV_ROT_QUAT_WXYZ, body,
                                    (spconv_motion_diff)method) == SPCONV_OK);
      FZ_CHECK(fz_same(r2, res, (int)(3 * nT)));
      free(r2);
    }
    memcpy(buf, q, 4 * nT * sizeof(spconv_real)); /* res == q */
    FZ_CHECK(spconv_motion_angvel(buf, buf, T, dt, (spconv_rot_format)qf, body,
                                  (spconv_motion_diff)method) == SPCONV_OK);
    FZ_CHECK(fz_same(buf, res, (int)(3 * nT)));
  }
  free(pos);
  free(q);
  free(qw);
  free(res);
  free(buf);
}

/* --------------------------------------------------------- joint order */

#define FZ_PN 8

static void fz_perm_motion(fz_in *in) {
  size_t n = (size_t)(fz_byte(in) % (FZ_PN + 1)), frames = (size_t)(fz_byte(in) % 4), stride;
  size_t cnt, t, i, c;
  int perm[FZ_PN] = {0}, inv[FZ_PN] = {0}, seen[FZ_PN] = {0}, parents[FZ_PN] = {0};
  int pres[FZ_PN] = {0};
  int pbuf[FZ_PN] = {0}, ok = 1, pv = 1, st, valid;
  uint8_t k = fz_byte(in);
  spconv_real *x, *res, *buf;
  stride = k < 232 ? (size_t)(1 + k % 9) : 0;
  if (fz_byte(in) < 180) { /* a shuffle (Fisher-Yates) */
    for (i = 0; i < n; ++i) perm[i] = (int)i;
    for (i = n; i-- > 1;) {
      size_t j = (size_t)fz_byte(in) % (i + 1);
      int tmp = perm[i];
      perm[i] = perm[j];
      perm[j] = tmp;
    }
  } else {
    for (i = 0; i < n; ++i) perm[i] = fz_int(in);
  }
  for (i = 0; i < n && ok; ++i) {
    if (perm[i] < 0 || perm[i] >= (int)n || seen[perm[i]]) ok = 0;
    else seen[perm[i]] = 1;
  }
  if (ok)
    for (i = 0; i < n; ++i) inv[perm[i]] = (int)i;
  valid = ok && stride >= 1;
  cnt = frames * n * stride;
  x = fz_alloc(cnt);
  res = fz_alloc(cnt);
  buf = fz_alloc(cnt);
  fz_reals(in, x, (int)cnt);
  fz_fill(res, (int)cnt);
  st = spconv_perm_gather_frames(res, x, perm, frames, n, stride);
  FZ_CHECK(st == (valid ? SPCONV_OK : SPCONV_EINVAL));
  if (st != SPCONV_OK) {
    FZ_CHECK(fz_untouched(res, (int)cnt));
  } else {
    for (t = 0; t < frames; ++t)
      for (i = 0; i < n; ++i)
        for (c = 0; c < stride; ++c)
          FZ_CHECK(fz_bits(res + (t * n + i) * stride + c,
                           x + (t * n + (size_t)perm[i]) * stride + c, 1));
    memcpy(buf, x, cnt * sizeof(spconv_real)); /* res == x */
    FZ_CHECK(spconv_perm_gather_frames(buf, buf, perm, frames, n, stride) == SPCONV_OK);
    FZ_CHECK(fz_bits(buf, res, (int)cnt));
    /* the inverse map gathers x back */
    FZ_CHECK(spconv_perm_gather_frames(buf, res, inv, frames, n, stride) == SPCONV_OK);
    FZ_CHECK(fz_bits(buf, x, (int)cnt));
    /* NULL arrays: refused with data to move, else nothing to do */
    st = spconv_perm_gather_frames(NULL, x, perm, frames, n, stride);
    FZ_CHECK(st == (frames > 0 && n > 0 ? SPCONV_EINVAL : SPCONV_OK));
    st = spconv_perm_gather_frames(res, NULL, perm, frames, n, stride);
    FZ_CHECK(st == (frames > 0 && n > 0 ? SPCONV_EINVAL : SPCONV_OK));
  }
  if (n > 0) FZ_CHECK(spconv_perm_gather_frames(res, x, NULL, frames, n, stride) == SPCONV_EINVAL);

  /* the parent array of the reordered skeleton */
  for (i = 0; i < n; ++i) {
    uint8_t b = fz_byte(in);
    parents[i] = b < 216 ? (int)(b % (n + 1)) - 1 : b < 236 ? (b & 1 ? (int)n : -2) : fz_int(in);
    if (parents[i] < -1 || parents[i] >= (int)n) pv = 0;
    pres[i] = 777777;
  }
  st = spconv_perm_gather_parents(pres, parents, perm, n);
  FZ_CHECK(st == (ok && pv ? SPCONV_OK : SPCONV_EINVAL));
  if (st != SPCONV_OK) {
    for (i = 0; i < n; ++i) FZ_CHECK(pres[i] == 777777);
  } else {
    for (i = 0; i < n; ++i) {
      int p = parents[perm[i]];
      FZ_CHECK(pres[i] == (p < 0 ? -1 : inv[p]));
    }
    memcpy(pbuf, parents, sizeof(int) * n); /* res == parents */
    FZ_CHECK(spconv_perm_gather_parents(pbuf, pbuf, perm, n) == SPCONV_OK);
    FZ_CHECK(memcmp(pbuf, pres, sizeof(int) * n) == 0);
    /* and back with the inverse map */
    FZ_CHECK(spconv_perm_gather_parents(pbuf, pres, inv, n) == SPCONV_OK);
    FZ_CHECK(memcmp(pbuf, parents, sizeof(int) * n) == 0);
    if (n > 0) FZ_CHECK(spconv_perm_gather_parents(NULL, parents, perm, n) == SPCONV_EINVAL);
  }
  free(x);
  free(res);
  free(buf);
}

/* ------------------------------------------------ heading and ground plane */

/* spconv_motion_clip_heading / spconv_motion_clip_align on a clip of up to
   FZ_CT frames with any arrays present: statuses in the documented set,
   nothing written on error, the same status from both calls, in place ==
   out of place, and for moderate input the chosen frame faces forward at
   the origin afterwards */
static void fz_clip_align(fz_in *in) {
  int T = 1 + fz_byte(in) % FZ_CT, B = fz_byte(in) % FZ_CB;
  int rf = SPCONV_ROT_ROTVEC + fz_byte(in) % 5; /* the last one unknown */
  int nr = rf <= SPCONV_ROT_MAT ? fz_format_size(rf) : 4, nl = 3, mask = fz_byte(in) % 64;
  int up = fz_byte(in) % 4, wf = fz_byte(in) % 7, bf = fz_byte(in) % 7, i;
  size_t frame = (size_t)(fz_byte(in) % (T + 1));
  spconv_real ground = fz_byte(in) < 16 ? fz_real_raw(in) : (spconv_real)(fz_byte(in) % 3);
  spconv_real h = FZ_SENTINEL, h2;
  fz_clip_arrays X, R, P;
  spconv_motion_clip cin, cres, cin2;
  int sh, sa, sp;
  fz_clip_alloc(&X, T, B, nr, nl);
  fz_clip_alloc(&R, T, B, nr, nl);
  fz_clip_alloc(&P, T, B, nr, nl);
  for (i = 0; i < 6; ++i) {
    fz_reals(in, X.a[i], (int)X.n[i]);
    fz_fill(R.a[i], (int)R.n[i]);
  }
  memset(&cin, 0, sizeof cin);
  cin.frames = T;
  cin.bodies = B;
  cin.root_rot_format = (spconv_rot_format)rf;
  cin.local_rot_format = SPCONV_ROT_ROTVEC;
  cin.root_angvel_body = fz_byte(in) & 1;
  fz_clip_set(&cin, &X, mask | 2); /* the root rotation is always there */
  cres = cin;
  fz_clip_set(&cres, &R, mask | 2);
  sh = spconv_motion_clip_heading(&h, &cin, frame, (spconv_axis)up, (spconv_signed_axis)wf,
                                  (spconv_signed_axis)bf);
  FZ_CHECK(sh == SPCONV_OK || sh == SPCONV_EINVAL || sh == SPCONV_EDEGENERATE);
  if (sh != SPCONV_OK) FZ_CHECK(h == FZ_SENTINEL);
  else FZ_CHECK(h > (spconv_real)-3.1416 && h <= (spconv_real)3.1416);
  sa = spconv_motion_clip_align(&cres, &cin, frame, (spconv_axis)up, (spconv_signed_axis)wf,
                                (spconv_signed_axis)bf, ground);
  FZ_CHECK(sa == SPCONV_OK || sa == SPCONV_EINVAL || sa == SPCONV_EDEGENERATE);
  if (isfinite(ground)) FZ_CHECK(sa == sh);
  else FZ_CHECK(sa == SPCONV_EINVAL);
  if (sa != SPCONV_OK) {
    for (i = 0; i < 6; ++i) FZ_CHECK(fz_untouched(R.a[i], (int)R.n[i]));
  } else {
    /* in place gives the same clip */
    fz_clip_copy(&P, &X);
    cin2 = cin;
    fz_clip_set(&cin2, &P, mask | 2);
    sp = spconv_motion_clip_align(&cin2, &cin2, frame, (spconv_axis)up, (spconv_signed_axis)wf,
                                  (spconv_signed_axis)bf, ground);
    FZ_CHECK(sp == SPCONV_OK);
    for (i = 0; i < 6; ++i)
      if ((mask | 2) & (1 << i)) FZ_CHECK(fz_same(P.a[i], R.a[i], (int)R.n[i]));
    /* arrays the input lacks stay unwritten */
    for (i = 0; i < 6; ++i)
      if (!((mask | 2) & (1 << i))) FZ_CHECK(fz_untouched(R.a[i], (int)R.n[i]));
    /* the chosen frame now faces forward, at the origin of the ground plane */
    if (fz_moderate(X.a[FZ_ROT] + (size_t)nr * frame, nr) &&
        (nr != 4 || fz_quat_ok(X.a[FZ_ROT] + (size_t)nr * frame))) { /* norm in range */
      /* only where the forward axis is well off vertical: the root's matrix
         column of body_forward has a ground-plane part of at least 0.1 */
      spconv_real M[9], g = 0;
      if (spconv_rot_convert_n(M, SPCONV_ROT_MAT, X.a[FZ_ROT] + (size_t)nr * frame,
                               (spconv_rot_format)rf, 1) == SPCONV_OK) {
        for (i = 0; i < 3; ++i)
          if (i != up) g += M[3 * i + bf % 3] * M[3 * i + bf % 3];
        if (g > (spconv_real)0.01 &&
            spconv_motion_clip_heading(&h2, &cres, frame, (spconv_axis)up,
                                       (spconv_signed_axis)wf, (spconv_signed_axis)bf) == SPCONV_OK)
          FZ_CHECK(fabs((double)h2) <= 1e3 * FZ_TOL);
      }
    }
    /* rigid: every root position, seen from the chosen frame's root axes,
       is where it was (R_f^T (p_t - p_f) before = after) */
    if ((mask & 1) && fz_moderate(X.a[FZ_POS], 3 * T) && fz_moderate(&ground, 1) &&
        fz_moderate(X.a[FZ_ROT] + (size_t)nr * frame, nr) &&
        (nr != 4 || fz_quat_ok(X.a[FZ_ROT] + (size_t)nr * frame))) {
      spconv_real Mb[9], Ma[9], db[3], da[3], lb[3], la[3];
      size_t t2;
      int j;
      if (spconv_rot_convert_n(Mb, SPCONV_ROT_MAT, X.a[FZ_ROT] + (size_t)nr * frame,
                               (spconv_rot_format)rf, 1) == SPCONV_OK &&
          spconv_rot_convert_n(Ma, SPCONV_ROT_MAT, R.a[FZ_ROT] + (size_t)nr * frame,
                               (spconv_rot_format)rf, 1) == SPCONV_OK)
        for (t2 = 0; t2 < (size_t)T; ++t2) {
          for (j = 0; j < 3; ++j) {
            db[j] = X.a[FZ_POS][3 * t2 + (size_t)j] - X.a[FZ_POS][3 * frame + (size_t)j];
            da[j] = R.a[FZ_POS][3 * t2 + (size_t)j] - R.a[FZ_POS][3 * frame + (size_t)j];
          }
          for (j = 0; j < 3; ++j) {
            lb[j] = Mb[j] * db[0] + Mb[3 + j] * db[1] + Mb[6 + j] * db[2];
            la[j] = Ma[j] * da[0] + Ma[3 + j] * da[1] + Ma[6 + j] * da[2];
          }
          FZ_CHECK(fz_near(la, lb, 3, 2 * FZ_BIG, 1e3));
        }
    }
    if ((mask & 1) && fz_moderate(X.a[FZ_POS] + 3 * frame, 3))
      for (i = 0; i < 3; ++i)
        if (i != up)
          FZ_CHECK(fabs((double)R.a[FZ_POS][3 * frame + (size_t)i]) <= FZ_TOL * (1 + FZ_BIG));
  }
  fz_clip_free(&X);
  fz_clip_free(&R);
  fz_clip_free(&P);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  switch (fz_byte(&in) % 8) {
    case 0: fz_bvh_parse(&in); break;
    case 1: fz_bvh_angles(&in); break;
    case 2: fz_change_axes(&in); break;
    case 3: fz_rot_convert(&in); break;
    case 4: fz_clip(&in); break;
    case 5: fz_velocities(&in); break;
    case 6: fz_clip_align(&in); break;
    default: fz_perm_motion(&in); break;
  }
  return 0;
}
