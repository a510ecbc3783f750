/* spatial_conv bare-metal self-test.

   One program, built in double and in float from this source, that runs on
   a microcontroller (or under QEMU's Cortex-M boards, tests/embedded/run.sh)
   with no OS, no heap, no printf and no cmocka: it needs only board.h
   (text output, an exit status). For every section of the header it checks
   known values (tests/embedded/known_values.h: hand derivations, SciPy,
   Blender; the cmocka suites check the same ones), round trips, power
   invariance where a twist and a wrench meet, and the status codes of bad
   input, and it calls every public function of the header at least once.

   Output: one line per family, failures with their line, the values and the
   tolerance, then "spatial_conv self-test: PASS" (exit status 0) or
   "... FAIL" (exit status 1).

   Build options: SPCONV_USE_FLOAT (float); SELFTEST_VENDOR_MATH (route the
   header's math macros to tests/embedded/vendor_math.c, which counts the
   calls); SELFTEST_BREAK (one expected value made wrong on purpose: the run
   must fail, which shows that a failure is seen). */
#include <stddef.h>
#include <stdint.h>

#include "board.h"

#ifdef SELFTEST_VENDOR_MATH
#  include "vendor_math.h"
#endif
#include <math.h> /* NAN, INFINITY (float constants: no double arithmetic) */

#include "spatial_conv.h"
#include "known_values.h"

typedef spconv_real real;
#define R(x) ((spconv_real)(x))

#include "../test_enums.h" /* TEST_ENUM, TEST_PRESET, ... */

#ifdef SPCONV_USE_FLOAT
#  define PRECISION "float"
#  define TOL R(1e-5) /* relative, as the cmocka suites */
#else
#  define PRECISION "double"
#  define TOL R(1e-12)
#endif

#define NAN_R ((real)NAN)
#define INF_R ((real)INFINITY)
#define SENT R(-7.25) /* sentinel: an output that must stay untouched */
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ================================================================ output */

static void put_int(long v) {
  char b[24];
  int n = 0, k = 0;
  char out[26];
  unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
  do {
    b[n++] = (char)('0' + (int)(u % 10UL));
    u /= 10UL;
  } while (u);
  if (v < 0) out[k++] = '-';
  while (n) out[k++] = b[--n];
  out[k] = '\0';
  board_puts(out);
}

/* x in scientific notation with 9 significant digits, in spconv_real
   arithmetic only (no double in a float build) */
static void put_real(real x) {
  char out[32];
  int k = 0, e = 0, i;
  if (x != x) {
    board_puts("nan");
    return;
  }
  if (x < 0) {
    out[k++] = '-';
    x = -x;
  }
  if (x > R(3.4e38) && x - x != x - x) {
    out[k] = '\0';
    board_puts(out);
    board_puts("inf");
    return;
  }
  if (x != 0) {
    while (x >= 10) {
      x /= 10;
      ++e;
    }
    while (x < 1) {
      x *= 10;
      --e;
    }
  }
  for (i = 0; i < 9; ++i) {
    int d = (int)x;
    if (d > 9) d = 9;
    out[k++] = (char)('0' + d);
    if (i == 0) out[k++] = '.';
    x = (x - (real)d) * 10;
  }
  out[k++] = 'e';
  out[k] = '\0';
  board_puts(out);
  put_int(e);
}

/* ================================================================ checks */

static const char *family = "";
static long n_checks, n_failed, family_checks, family_failed;

static void fail_head(int line, const char *what) {
  ++n_failed;
  ++family_failed;
  board_puts("FAIL ");
  board_puts(family);
  board_puts(" line ");
  put_int(line);
  board_puts(": ");
  board_puts(what);
  board_puts("\n");
}

static void check_true(int ok, const char *what, int line) {
  ++n_checks;
  ++family_checks;
  if (!ok) fail_head(line, what);
}

static void check_int(int got, int want, const char *what, int line) {
  ++n_checks;
  ++family_checks;
  if (got != want) {
    fail_head(line, what);
    board_puts("  got ");
    put_int(got);
    board_puts(" want ");
    put_int(want);
    board_puts("\n");
  }
}

static real absr(real x) { return x < 0 ? -x : x; }

/* max |a - b| / max(1, max |b|) <= tol; tol 0: equal values (a NaN never
   passes) */
static void check_near(const real *a, const real *b, int n, real tol, const char *what,
                       int line) {
  real scale = 1, err = 0;
  int i;
  ++n_checks;
  ++family_checks;
  for (i = 0; i < n; ++i)
    if (absr(b[i]) > scale) scale = absr(b[i]);
  for (i = 0; i < n; ++i) {
    real d = absr(a[i] - b[i]) / scale;
    if (!(d <= err)) err = d; /* a NaN sticks */
  }
  if (!(err <= tol)) {
    fail_head(line, what);
    board_puts("  relative error ");
    put_real(err);
    board_puts(" > ");
    put_real(tol);
    board_puts(" (" PRECISION ")\n");
    for (i = 0; i < n; ++i) {
      board_puts("  [");
      put_int(i);
      board_puts("] got ");
      put_real(a[i]);
      board_puts(" want ");
      put_real(b[i]);
      board_puts("\n");
    }
  }
}

static int is_nan(real x) { return x != x; }
static int any_nan(const real *v, int n) {
  int i;
  for (i = 0; i < n; ++i)
    if (is_nan(v[i])) return 1;
  return 0;
}
static int all_finite(const real *v, int n) {
  int i;
  for (i = 0; i < n; ++i)
    if (v[i] - v[i] != v[i] - v[i]) return 0;
  return 1;
}
static void fill(real *v, int n) {
  int i;
  for (i = 0; i < n; ++i) v[i] = SENT;
}
static int untouched(const real *v, int n) {
  int i;
  for (i = 0; i < n; ++i)
    if (v[i] != SENT) return 0;
  return 1;
}
static int str_eq(const char *a, const char *b) {
  if (!a || !b) return a == b;
  while (*a && *a == *b) ++a, ++b;
  return *a == *b;
}

#define NEAR(a, b, n) check_near((a), (b), (n), TOL, #a " ~ " #b, __LINE__)
#define NEAR_TOL(a, b, n, tol) check_near((a), (b), (n), (tol), #a " ~ " #b, __LINE__)
#define EQUAL(a, b, n) check_near((a), (b), (n), R(0), #a " == " #b, __LINE__)
#define NEAR1(a, b) \
  do { \
    real a_ = (a), b_ = (b); \
    check_near(&a_, &b_, 1, TOL, #a " ~ " #b, __LINE__); \
  } while (0)
#define STATUS(call, want) check_int((call), (want), #call, __LINE__)
#define INT_EQ(got, want) check_int((got), (want), #got " == " #want, __LINE__)
#define TRUE(c) check_true((c) != 0, #c, __LINE__)
#define UNTOUCHED(v, n) check_true(untouched((v), (n)), #v " untouched", __LINE__)

static void begin(const char *name) {
  family = name;
  family_checks = family_failed = 0;
}

static void end(void) {
  board_puts(family_failed ? "FAIL " : "ok   ");
  board_puts(family);
  board_puts(" (");
  put_int(family_checks);
  board_puts(" checks");
  if (family_failed) {
    board_puts(", ");
    put_int(family_failed);
    board_puts(" failed");
  }
  board_puts(")\n");
}

/* ============================================================== helpers */

/* xorshift32: reproducible inputs in [-scale, scale) */
static uint32_t rng = 0x2545F491u;
static real rnd(real scale) {
  int32_t s;
  rng ^= rng << 13;
  rng ^= rng >> 17;
  rng ^= rng << 5;
  s = (int32_t)(rng & 0x7FFFFFFFu) - 0x40000000;
  return scale * (real)s * R(9.313225746154785e-10); /* 2^-30 */
}
static void rnd_vec(real *v, int n, real scale) {
  int i;
  for (i = 0; i < n; ++i) v[i] = rnd(scale);
}
/* a non-unit quaternion, norm in about [0.3, 2.5] */
static void rnd_quat(real q[4]) {
  do rnd_vec(q, 4, 1);
  while (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3] < R(0.1));
  q[0] *= R(1.25);
}
static void copy(real *d, const real *s, int n) {
  int i;
  for (i = 0; i < n; ++i) d[i] = s[i];
}
static real dot(const real *a, const real *b, int n) {
  real s = 0;
  int i;
  for (i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}
/* the size of the terms of a dot product: the scale of its rounding */
static real dot_scale(const real *a, const real *b, int n) {
  real s = 0;
  int i;
  for (i = 0; i < n; ++i) s += absr(a[i] * b[i]);
  return s > 1 ? s : 1;
}
#define POWER_EQ(p, q, scale)                                   \
  do {                                                          \
    real d_ = absr((p) - (q)) / (scale), z_ = 0;                \
    check_near(&d_, &z_, 1, TOL, #p " == " #q, __LINE__);       \
  } while (0)
static void mat_vec(real r[3], const real M[9], const real v[3]) {
  real t[3];
  int i;
  for (i = 0; i < 3; ++i) t[i] = M[3 * i] * v[0] + M[3 * i + 1] * v[1] + M[3 * i + 2] * v[2];
  copy(r, t, 3);
}
/* r = A x, A n x n row-major */
static void matn_vec(real *r, const real *A, const real *x, int n) {
  int i;
  for (i = 0; i < n; ++i) r[i] = dot(A + n * i, x, n);
}
static void neg(real *v, int n) {
  int i;
  for (i = 0; i < n; ++i) v[i] = -v[i];
}
/* two quaternions are the same rotation: q = +-c p */
static void same_rotation(const real a[4], const real b[4], const char *what, int line) {
  real ma[9], mb[9];
  spconv_mat_from_quat_wxyz(ma, a);
  spconv_mat_from_quat_wxyz(mb, b);
  check_near(ma, mb, 9, 4 * TOL, what, line);
}
#define SAME_ROT(a, b) same_rotation((a), (b), #a " same rotation as " #b, __LINE__)

static const real I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};

/* =============================================================== status */

static void test_status(void) {
  begin("status");
  TRUE(str_eq(spconv_status_string(SPCONV_OK), "unknown status") == 0);
  TRUE(str_eq(spconv_status_string(SPCONV_EINVAL), "unknown status") == 0);
  TRUE(str_eq(spconv_status_string(SPCONV_EDEGENERATE), "unknown status") == 0);
  TRUE(str_eq(spconv_status_string(SPCONV_GIMBAL_LOCK), "unknown status") == 0);
  TRUE(!str_eq(spconv_status_string(SPCONV_OK), spconv_status_string(SPCONV_EINVAL)));
  TRUE(str_eq(spconv_status_string(-3), "unknown status"));
  TRUE(str_eq(spconv_status_string(1000), "unknown status"));
  INT_EQ((int)sizeof(spconv_real), (int)sizeof(real));
  end();
}

/* ========================================================== quaternions */

static void test_quat(void) {
  const real qz[4] = KV_QZ90_WXYZ, qz_xyzw[4] = KV_QZ90_XYZW, qz_neg[4] = KV_QZ90_NEG_WXYZ;
  const real ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0};
  real r[8], s[8], q[4];
  int n;
  begin("quat");
  /* known: storage order, bit for bit, and rotation by +90 about Z */
  spconv_quat_xyzw_from_wxyz(r, qz);
  EQUAL(r, qz_xyzw, 4);
  spconv_quat_wxyz_from_xyzw(r, qz_xyzw);
  EQUAL(r, qz, 4);
  spconv_quat_rotate_wxyz(r, qz, ex);
  NEAR(r, ey, 3);
  spconv_quat_rotate_xyzw(r, qz_xyzw, ex);
  NEAR(r, ey, 3);
  { /* SciPy 1.10.1 values, non-unit quaternions */
    const real q1x[4] = KV_SCIPY_Q1_XYZW, v1[3] = KV_SCIPY_V1, w1[3] = KV_SCIPY_Q1_V1;
    const real q2x[4] = KV_SCIPY_Q2_XYZW, v2[3] = KV_SCIPY_V2, w2[3] = KV_SCIPY_Q2_V2;
    real q1[4];
    spconv_quat_rotate_xyzw(r, q1x, v1);
    NEAR(r, w1, 3);
    spconv_quat_wxyz_from_xyzw(q1, q1x);
    spconv_quat_rotate_wxyz(r, q1, v1);
    NEAR(r, w1, 3);
    spconv_quat_rotate_xyzw(r, q2x, v2);
    NEAR(r, w2, 3);
  }
  { /* canonical sign (SciPy's rule), exact */
    const real a[4] = {-1, 2, -3, 4}, wa[4] = {1, -2, 3, -4};
    spconv_quat_canonical_wxyz(r, a);
    EQUAL(r, wa, 4);
  }
  { /* slerp halfway along the shortest arc; angle between the ends */
    const real id[4] = {1, 0, 0, 0}, q45[4] = KV_QZ45_WXYZ;
    spconv_quat_slerp_wxyz(r, id, qz_neg, R(0.5));
    NEAR(r, q45, 4);
    NEAR1(spconv_quat_angle_wxyz(id, qz_neg), KV_PI / 2);
  }
  /* batch storage order: two quaternions, round trip bit for bit, in place */
  rnd_vec(s, 8, 2);
  spconv_quat_xyzw_from_wxyz_n(r, s, 2);
  TRUE(r[3] == s[0] && r[0] == s[1] && r[7] == s[4] && r[4] == s[5]);
  spconv_quat_wxyz_from_xyzw_n(r, r, 2);
  EQUAL(r, s, 8);
  /* round trips and invariants over random non-unit quaternions */
  for (n = 0; n < 20; ++n) {
    real c[4], p[4], inv[4], u[4], v[3], back[3], one[4] = {1, 0, 0, 0}, nq;
    rnd_quat(q);
    rnd_vec(v, 3, 3);
    nq = dot(q, q, 4);
    /* q conj(q) = |q|^2, q inv(q) = 1 */
    spconv_quat_conj_wxyz(c, q);
    spconv_quat_mul_wxyz(p, q, c);
    {
      real want[4] = {0, 0, 0, 0};
      want[0] = nq;
      NEAR(p, want, 4);
    }
    spconv_quat_inv_wxyz(inv, q);
    spconv_quat_mul_wxyz(p, q, inv);
    NEAR(p, one, 4);
    /* rotate by q then by conj(q): back; rotation keeps the length */
    spconv_quat_rotate_wxyz(r, q, v);
    spconv_quat_rotate_wxyz(back, c, r);
    NEAR(back, v, 3);
    NEAR1(dot(r, r, 3), dot(v, v, 3));
    /* normalize: unit, same rotation; canonical: same rotation, w >= 0 */
    STATUS(spconv_quat_normalize_wxyz(u, q), SPCONV_OK);
    NEAR1(dot(u, u, 4), R(1));
    SAME_ROT(u, q);
    spconv_quat_canonical_wxyz(p, q);
    TRUE(p[0] >= 0);
    SAME_ROT(p, q);
    /* slerp ends; angle(q, -q) = 0 */
    spconv_quat_slerp_wxyz(p, q, qz, R(1));
    SAME_ROT(p, qz);
    copy(p, q, 4);
    neg(p, 4);
    TRUE(spconv_quat_angle_wxyz(q, p) <= 4 * TOL);
  }
  /* bad input: zero or non-finite q refused by the int function (Q4);
     the zero quaternion is the identity in pure maps (Q2); NaN propagates */
  {
    const real z[4] = {0, 0, 0, 0}, nq[4] = {NAN_R, 0, 0, 1}, iq[4] = {1, INF_R, 0, 0};
    const real v[3] = {1, -2, 3};
    fill(r, 4);
    STATUS(spconv_quat_normalize_wxyz(r, z), SPCONV_EDEGENERATE);
    STATUS(spconv_quat_normalize_wxyz(r, nq), SPCONV_EDEGENERATE);
    STATUS(spconv_quat_normalize_wxyz(r, iq), SPCONV_EDEGENERATE);
    UNTOUCHED(r, 4);
    spconv_quat_rotate_wxyz(r, z, v);
    EQUAL(r, v, 3);
    spconv_quat_rotate_wxyz(r, nq, v);
    TRUE(any_nan(r, 3));
  }
  end();
}

/* ============================================== rotation representations */

static void test_rot(void) {
  const real qz[4] = KV_QZ90_WXYZ, Rz[9] = KV_QZ90_MAT, ez[3] = {0, 0, 1};
  real M[9], M2[9], q[4], q2[4], e[3], v[3];
  int n, s, k;
  begin("rot");
  /* known: matrix of +90 about Z, and back; the cyclic permutation */
  spconv_mat_from_quat_wxyz(M, qz);
  NEAR(M, Rz, 9);
  STATUS(spconv_quat_wxyz_from_mat(q, Rz), SPCONV_OK);
  NEAR(q, qz, 4);
  {
    const real C[9] = KV_CYCLIC_MAT, qc[4] = KV_CYCLIC_WXYZ;
    STATUS(spconv_quat_wxyz_from_mat(q, C), SPCONV_OK);
    NEAR(q, qc, 4);
  }
  { /* SciPy: matrix and rotation vector of Q1 */
    const real q1x[4] = KV_SCIPY_Q1_XYZW, R1[9] = KV_SCIPY_Q1_MAT, rv1[3] = KV_SCIPY_Q1_ROTVEC;
    real q1[4];
    spconv_quat_wxyz_from_xyzw(q1, q1x);
    spconv_mat_from_quat_wxyz(M, q1);
    NEAR(M, R1, 9);
    spconv_rotvec_from_quat_wxyz(v, q1);
    NEAR(v, rv1, 3);
  }
  { /* SciPy: Euler angles of Q1 under eight sequence strings */
    static const kv_euler_case cases[] = KV_SCIPY_Q1_EULER;
    const real q1x[4] = KV_SCIPY_Q1_XYZW;
    real q1[4];
    size_t c;
    spconv_quat_wxyz_from_xyzw(q1, q1x);
    for (c = 0; c < COUNT(cases); ++c) {
      spconv_euler_seq seq = SPCONV_EULER_ZYZ;
      spconv_euler_kind kind = SPCONV_EULER_EXTRINSIC;
      STATUS(spconv_euler_seq_from_scipy(&seq, &kind, cases[c].seq), SPCONV_OK);
      STATUS(spconv_euler_from_quat_wxyz(e, q1, seq, kind), SPCONV_OK);
      NEAR(e, cases[c].angles, 3);
    }
  }
  { /* SciPy: quaternions from Euler angles and from a rotation vector */
    const real a1[3] = KV_SCIPY_EULER_XYZ_IN, w1[4] = KV_SCIPY_EULER_XYZ_WXYZ;
    const real a2[3] = KV_SCIPY_EULER_ZYZ_IN, w2[4] = KV_SCIPY_EULER_ZYZ_WXYZ;
    const real rv[3] = KV_SCIPY_ROTVEC_IN, w3[4] = KV_SCIPY_ROTVEC_WXYZ;
    STATUS(spconv_quat_wxyz_from_euler(q, a1, SPCONV_EULER_XYZ, SPCONV_EULER_INTRINSIC), SPCONV_OK);
    NEAR(q, w1, 4);
    STATUS(spconv_quat_wxyz_from_euler(q, a2, SPCONV_EULER_ZYZ, SPCONV_EULER_EXTRINSIC), SPCONV_OK);
    NEAR(q, w2, 4);
    spconv_quat_wxyz_from_rotvec(q, rv);
    NEAR(q, w3, 4);
    /* MuJoCo eulerseq "xyz" (lowercase: intrinsic) is SciPy "XYZ" */
    STATUS(spconv_quat_wxyz_from_mujoco_euler(q, a1, "xyz"), SPCONV_OK);
    NEAR(q, w1, 4);
    {
      spconv_euler_seq seq = SPCONV_EULER_ZYZ;
      spconv_euler_kind kind = SPCONV_EULER_EXTRINSIC;
      STATUS(spconv_euler_seq_from_mujoco(&seq, &kind, "xyz"), SPCONV_OK);
      TRUE(seq == SPCONV_EULER_XYZ && kind == SPCONV_EULER_INTRINSIC);
    }
  }
  { /* axis-angle, rotation vector: +90 about Z */
    real ax[3], an = 0, rvz[3] = {0, 0, KV_PI / 2};
    spconv_quat_wxyz_from_axis_angle(q, ez, KV_PI / 2);
    NEAR(q, qz, 4);
    STATUS(spconv_axis_angle_from_quat_wxyz(ax, &an, qz), SPCONV_OK);
    NEAR(ax, ez, 3);
    NEAR1(an, KV_PI / 2);
    spconv_rotvec_from_quat_wxyz(v, qz);
    NEAR(v, rvz, 3);
  }
  { /* named rpy: (0, 0, pi/2) is +90 about z in URDF, Isaac Lab and Drake */
    real rpy[3] = {0, 0, KV_PI / 2};
    spconv_quat_wxyz_from_urdf_rpy(q, rpy);
    NEAR(q, qz, 4);
    spconv_quat_wxyz_from_isaaclab_euler_xyz(q, 0, 0, KV_PI / 2);
    NEAR(q, qz, 4);
    spconv_quat_wxyz_from_drake_rpy(q, rpy);
    NEAR(q, qz, 4);
    STATUS(spconv_urdf_rpy_from_quat_wxyz(e, qz), SPCONV_OK);
    NEAR(e, rpy, 3);
  }
  { /* asset formats: URDF rpy (0, 0, pi/2), USD rotateXYZ (0, 0, 90) deg and
       Unreal FRotator yaw 90 are +90 about z; back and across */
    real rpy[3] = {0, 0, KV_PI / 2}, usd[3] = {0, 0, 90}, unreal[3] = {0, 90, 0};
    STATUS(spconv_quat_wxyz_from_euler_format(q, rpy, SPCONV_EULER_FORMAT_URDF_RPY), SPCONV_OK);
    NEAR(q, qz, 4);
    STATUS(spconv_quat_wxyz_from_euler_format(q, unreal, SPCONV_EULER_FORMAT_UNREAL), SPCONV_OK);
    NEAR(q, qz, 4);
    STATUS(spconv_euler_format_from_quat_wxyz(e, qz, SPCONV_EULER_FORMAT_USD_ROTATE_XYZ), SPCONV_OK);
    NEAR(e, usd, 3);
    STATUS(spconv_euler_convert(e, SPCONV_EULER_FORMAT_URDF_RPY, usd, SPCONV_EULER_FORMAT_USD_ROTATE_XYZ),
           SPCONV_OK);
    NEAR(e, rpy, 3);
  }
  /* transpose, product, orthonormalization */
  spconv_mat_transpose(M2, Rz);
  spconv_mat_mul(M, Rz, M2);
  NEAR(M, I3, 9);
  {
    real S[9];
    int i;
    for (i = 0; i < 9; ++i) S[i] = R(3) * Rz[i];
    STATUS(spconv_mat_orthonormalize(M, S), SPCONV_OK);
    NEAR(M, Rz, 9);
  }
  /* round trips, all 24 Euler conventions, random angles away from lock */
  for (s = 0; s < 12; ++s)
    for (k = 0; k < 2; ++k) {
      const spconv_euler_seq seq = TEST_EULER_SEQ(s);
      const spconv_euler_kind kind = TEST_EULER_KIND(k);
      real a[3], b[3], Mq[9];
      a[0] = rnd(R(3));
      a[1] = s >= 6 ? R(0.3) + absr(rnd(R(2.5))) : rnd(R(1.4)); /* proper: (0, pi) */
      a[2] = rnd(R(3));
      STATUS(spconv_quat_wxyz_from_euler(q, a, seq, kind), SPCONV_OK);
      STATUS(spconv_mat_from_euler(M, a, seq, kind), SPCONV_OK);
      spconv_mat_from_quat_wxyz(Mq, q);
      NEAR(M, Mq, 9);
      STATUS(spconv_euler_from_quat_wxyz(b, q, seq, kind), SPCONV_OK);
      NEAR_TOL(b, a, 3, 16 * TOL);
      STATUS(spconv_euler_from_mat(b, M, seq, kind), SPCONV_OK);
      NEAR_TOL(b, a, 3, 16 * TOL);
    }
  for (n = 0; n < 12; ++n) {
    real rpy[3] = {0, 0, 0}, d6[6], rv[3], ang = 0, ax[3]; /* set: gcc -O2 float sees a path around the call that fills it */
    int l;
    rnd_quat(q);
    /* matrix, rotation vector, axis-angle, 6D and rpy back to q */
    spconv_mat_from_quat_wxyz(M, q);
    STATUS(spconv_quat_wxyz_from_mat(q2, M), SPCONV_OK);
    SAME_ROT(q2, q);
    spconv_rotvec_from_quat_wxyz(rv, q);
    spconv_quat_wxyz_from_rotvec(q2, rv);
    SAME_ROT(q2, q);
    STATUS(spconv_axis_angle_from_quat_wxyz(ax, &ang, q), SPCONV_OK);
    spconv_quat_wxyz_from_axis_angle(q2, ax, ang);
    SAME_ROT(q2, q);
    for (l = 0; l < 3; ++l) {
      STATUS(spconv_rot6d_from_mat(d6, M, TEST_ROT6D(l)), SPCONV_OK);
      STATUS(spconv_mat_from_rot6d(M2, d6, TEST_ROT6D(l)), SPCONV_OK);
      NEAR(M2, M, 9);
    }
    STATUS(spconv_urdf_rpy_from_quat_wxyz(rpy, q), SPCONV_OK);
    spconv_quat_wxyz_from_urdf_rpy(q2, rpy);
    SAME_ROT(q2, q);
  }
  { /* n rotations between formats: rotvec -> wxyz -> matrix -> xyzw -> rotvec */
    real rv[6], qa[8], Ma[18], qb[8], back[6];
    rnd_vec(rv, 6, 1);
    INT_EQ(spconv_rot_format_size(SPCONV_ROT_ROTVEC), 3);
    INT_EQ(spconv_rot_format_size(SPCONV_ROT_QUAT_XYZW), 4);
    INT_EQ(spconv_rot_format_size(SPCONV_ROT_MAT), 9);
    INT_EQ(spconv_rot_format_size(TEST_ROT_FORMAT(9)), SPCONV_EINVAL);
    STATUS(spconv_rot_convert_n(qa, SPCONV_ROT_QUAT_WXYZ, rv, SPCONV_ROT_ROTVEC, 2), SPCONV_OK);
    STATUS(spconv_rot_convert_n(Ma, SPCONV_ROT_MAT, qa, SPCONV_ROT_QUAT_WXYZ, 2), SPCONV_OK);
    STATUS(spconv_rot_convert_n(qb, SPCONV_ROT_QUAT_XYZW, Ma, SPCONV_ROT_MAT, 2), SPCONV_OK);
    STATUS(spconv_rot_convert_n(back, SPCONV_ROT_ROTVEC, qb, SPCONV_ROT_QUAT_XYZW, 2), SPCONV_OK);
    NEAR_TOL(back, rv, 6, 4 * TOL);
  }
  /* gimbal lock: SciPy's rule (third angle 0), status GIMBAL_LOCK */
  {
    const real a[3] = KV_LOCK_IN, wi[3] = KV_LOCK_INTRINSIC, we[3] = KV_LOCK_EXTRINSIC;
    STATUS(spconv_quat_wxyz_from_euler(q, a, SPCONV_EULER_XYZ, SPCONV_EULER_INTRINSIC), SPCONV_OK);
    STATUS(spconv_euler_from_quat_wxyz(e, q, SPCONV_EULER_XYZ, SPCONV_EULER_INTRINSIC),
           SPCONV_GIMBAL_LOCK);
    NEAR(e, wi, 3);
    TRUE(e[2] == 0);
    STATUS(spconv_quat_wxyz_from_euler(q, a, SPCONV_EULER_XYZ, SPCONV_EULER_EXTRINSIC), SPCONV_OK);
    STATUS(spconv_euler_from_quat_wxyz(e, q, SPCONV_EULER_XYZ, SPCONV_EULER_EXTRINSIC),
           SPCONV_GIMBAL_LOCK);
    NEAR(e, we, 3);
  }
  /* bad input (R1, R2, R5, R6, R7, D4): statuses, outputs untouched */
  {
    const real refl[9] = {1, 0, 0, 0, 1, 0, 0, 0, -1}, zero9[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    const real zq[4] = {0, 0, 0, 0}, a[3] = {0, 0, 0};
    const real d6bad[6] = {1, 0, 0, 2, 0, 0}; /* second vector parallel to the first */
    real nanR[9];
    spconv_euler_seq seq = SPCONV_EULER_ZYZ;
    spconv_euler_kind kind = SPCONV_EULER_EXTRINSIC;
    copy(nanR, I3, 9);
    nanR[4] = NAN_R;
    fill(q, 4);
    fill(M, 9);
    fill(e, 3);
    STATUS(spconv_quat_wxyz_from_mat(q, refl), SPCONV_EINVAL);
    STATUS(spconv_quat_wxyz_from_mat(q, nanR), SPCONV_EINVAL);
    STATUS(spconv_euler_from_mat(e, refl, SPCONV_EULER_XYZ, SPCONV_EULER_INTRINSIC), SPCONV_EINVAL);
    STATUS(spconv_mat_orthonormalize(M, refl), SPCONV_EINVAL);
    STATUS(spconv_mat_orthonormalize(M, zero9), SPCONV_EDEGENERATE);
    STATUS(spconv_mat_orthonormalize(M, nanR), SPCONV_EDEGENERATE);
    STATUS(spconv_quat_wxyz_from_euler(q, a, TEST_EULER_SEQ(12), SPCONV_EULER_INTRINSIC),
           SPCONV_EINVAL);
    STATUS(spconv_mat_from_euler(M, a, SPCONV_EULER_XYZ, TEST_EULER_KIND(2)), SPCONV_EINVAL);
    STATUS(spconv_euler_from_quat_wxyz(e, zq, SPCONV_EULER_XYZ, SPCONV_EULER_INTRINSIC),
           SPCONV_EDEGENERATE);
    STATUS(spconv_urdf_rpy_from_quat_wxyz(e, zq), SPCONV_EDEGENERATE);
    {
      real ax[3], an = SENT;
      fill(ax, 3);
      STATUS(spconv_axis_angle_from_quat_wxyz(ax, &an, zq), SPCONV_EDEGENERATE);
      UNTOUCHED(ax, 3);
      TRUE(an == SENT);
    }
    STATUS(spconv_mat_from_rot6d(M, d6bad, SPCONV_ROT6D_COLUMNS), SPCONV_EDEGENERATE);
    {
      real d6[6];
      fill(d6, 6);
      STATUS(spconv_rot6d_from_mat(d6, I3, TEST_ROT6D(3)), SPCONV_EINVAL);
      UNTOUCHED(d6, 6);
    }
    STATUS(spconv_euler_seq_from_scipy(&seq, &kind, "xYz"), SPCONV_EINVAL);
    STATUS(spconv_euler_seq_from_scipy(&seq, &kind, NULL), SPCONV_EINVAL);
    STATUS(spconv_euler_seq_from_mujoco(&seq, &kind, "xyzx"), SPCONV_EINVAL);
    STATUS(spconv_quat_wxyz_from_mujoco_euler(q, a, "xyw"), SPCONV_EINVAL);
    TRUE(seq == SPCONV_EULER_ZYZ && kind == SPCONV_EULER_EXTRINSIC);
    STATUS(spconv_rot_convert_n(M, SPCONV_ROT_MAT, zq, SPCONV_ROT_QUAT_WXYZ, 1), SPCONV_EDEGENERATE);
    STATUS(spconv_rot_convert_n(M, TEST_ROT_FORMAT(7), zq, SPCONV_ROT_QUAT_WXYZ, 1), SPCONV_EINVAL);
    UNTOUCHED(q, 4);
    UNTOUCHED(M, 9);
    UNTOUCHED(e, 3);
  }
  end();
}

/* ================================== angular velocity from quaternions */

static void test_angvel(void) {
  const real qz[4] = KV_QZ90_WXYZ;
  real q[4], q1[4], q2[4], r[4], w[3], wb[3], ww[3], M[9];
  int n;
  begin("angvel");
  { /* a body turned +90 about z spinning about its own x (world y) for 0.5 s:
       body integration turns about world y; world integration with w = x
       about world x (test_rotations.c: test_quat_integrate_body_world_wxyz) */
    const real ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0};
    real want[4];
    spconv_quat_integrate_body_wxyz(q1, qz, ex, R(0.5));
    spconv_quat_wxyz_from_axis_angle(r, ey, R(0.5));
    spconv_quat_mul_wxyz(want, r, qz);
    NEAR(q1, want, 4);
    spconv_quat_integrate_world_wxyz(q1, qz, ex, R(0.5));
    spconv_quat_wxyz_from_axis_angle(r, ex, R(0.5));
    spconv_quat_mul_wxyz(want, r, qz);
    NEAR(q1, want, 4);
  }
  for (n = 0; n < 12; ++n) { /* round trips: integrate, then differentiate */
    const real dt = R(0.01);
    rnd_quat(q);
    rnd_vec(wb, 3, 10);
    spconv_mat_from_quat_wxyz(M, q);
    mat_vec(ww, M, wb);
    spconv_quat_integrate_body_wxyz(q1, q, wb, dt);
    spconv_quat_integrate_world_wxyz(q2, q, ww, dt);
    NEAR_TOL(q1, q2, 4, 10 * TOL);
    STATUS(spconv_body_angvel_from_quats_wxyz(w, q, q1, dt), SPCONV_OK);
    NEAR_TOL(w, wb, 3, 1000 * TOL); /* |w dt| ~ 0.1: the rate is known to eps / dt */
    STATUS(spconv_world_angvel_from_quats_wxyz(w, q, q1, dt), SPCONV_OK);
    NEAR_TOL(w, ww, 3, 1000 * TOL);
  }
  { /* bad input (R9): dt <= 0 is SPCONV_EINVAL, a zero quaternion
       SPCONV_EDEGENERATE, w untouched */
    const real id[4] = {1, 0, 0, 0}, zero[4] = {0, 0, 0, 0};
    w[0] = w[1] = w[2] = 7;
    STATUS(spconv_body_angvel_from_quats_wxyz(w, id, qz, 0), SPCONV_EINVAL);
    STATUS(spconv_world_angvel_from_quats_wxyz(w, zero, qz, 1), SPCONV_EDEGENERATE);
    TRUE(w[0] == 7 && w[1] == 7 && w[2] == 7);
    STATUS(spconv_body_angvel_from_quats_wxyz(w, id, qz, 1), SPCONV_OK);
    TRUE(all_finite(w, 3));
  }
  end();
}

/* ================================================================= units */

static void test_units(void) {
  real k = 0, bad = SENT, v[3], r[9], back[9];
  int n;
  begin("units");
  NEAR1(spconv_rad_from_deg(180), KV_PI);
  NEAR1(spconv_deg_from_rad(KV_PI / 2), R(90));
  {
    const real d[3] = {180, -90, 0}, want[3] = {KV_PI, -KV_PI / 2, 0};
    spconv_rad_from_deg3(v, d);
    NEAR(v, want, 3);
    spconv_deg_from_rad3(v, v);
    NEAR(v, d, 3);
  }
  STATUS(spconv_length_scale(&k, 1, R(0.01)), SPCONV_OK); /* m -> cm */
  NEAR1(k, R(100));
  STATUS(spconv_length_scale(&k, R(SPCONV_USD_METERS_PER_UNIT_FALLBACK), 1), SPCONV_OK);
  NEAR1(k, R(0.01));
  for (n = 0; n < 8; ++n) { /* k: positions and linear velocities scale, angles do not */
    real pose[7], p2[7], t[6], t2[6], g[6], g2[6], I[9], I2[9], kk = R(0.01) + absr(rnd(R(4)));
    int i;
    rnd_vec(pose, 7, 2);
    rnd_vec(t, 6, 2);
    rnd_vec(g, 6, 2);
    rnd_vec(I, 9, 2);
    spconv_pose_change_length_unit(p2, pose, kk);
    for (i = 0; i < 3; ++i) r[i] = kk * pose[i];
    NEAR(p2, r, 3);
    EQUAL(p2 + 3, pose + 3, 4);
    spconv_twist_change_length_unit(t2, t, kk);
    spconv_wrench_change_length_unit(g2, g, kk);
    /* power scales like energy, k^2 */
    POWER_EQ(spconv_power(g2, t2), kk * kk * spconv_power(g, t), kk * kk * dot_scale(g, t, 6));
    EQUAL(t2 + 3, t + 3, 3);
    for (i = 0; i < 3; ++i) { /* wrench [k f; k^2 tau] */
      r[i] = kk * g[i];
      r[3 + i] = kk * kk * g[3 + i];
    }
    NEAR(g2, r, 6);
    spconv_twist_change_length_unit(back, t2, 1 / kk);
    NEAR(back, t, 6);
    spconv_inertia_change_length_unit(I2, I, kk);
    for (i = 0; i < 9; ++i) r[i] = kk * kk * I[i];
    NEAR(I2, r, 9);
  }
  /* bad input (A3): zero, negative, infinite, NaN units */
  STATUS(spconv_length_scale(&bad, 0, 1), SPCONV_EINVAL);
  STATUS(spconv_length_scale(&bad, 1, -1), SPCONV_EINVAL);
  STATUS(spconv_length_scale(&bad, INF_R, 1), SPCONV_EINVAL);
  STATUS(spconv_length_scale(&bad, 1, NAN_R), SPCONV_EINVAL);
  TRUE(bad == SENT);
  end();
}

/* ========================================================== axis systems */

static spconv_axis_system sys3(spconv_direction x, spconv_direction y, spconv_direction z) {
  spconv_axis_system s;
  s.x = x;
  s.y = y;
  s.z = z;
  return s;
}

static void test_axes(void) {
  const real p[3] = KV_P123, py2z[3] = KV_P123_Y_TO_Z_UP, qz[4] = KV_QZ90_WXYZ;
  real M[9], M2[9], r[16], q[8], x[12];
  spconv_axis_system s, g;
  int a;
  begin("axes");
  /* known: up axis Y -> Z is (x, -z, y); Z -> Y its inverse */
  STATUS(spconv_up_axis_matrix(M, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
  spconv_vec_change_axes(r, M, p);
  EQUAL(r, py2z, 3);
  { /* a USD stage in metres, Y up, into a metre Z-up world: the up-axis change */
    STATUS(spconv_usd_stage_matrix(M2, 1, SPCONV_AXIS_Y, 1, SPCONV_AXIS_Z), SPCONV_OK);
    EQUAL(M2, M, 9);
  }
  {
    const real want[9] = KV_Z_TO_Y_UP_MAT;
    STATUS(spconv_up_axis_matrix(M2, SPCONV_AXIS_Z, SPCONV_AXIS_Y), SPCONV_OK);
    EQUAL(M2, want, 9);
  }
  STATUS(spconv_up_axis_quat_wxyz(q, SPCONV_AXIS_X, SPCONV_AXIS_Y), SPCONV_OK);
  NEAR(q, qz, 4);
  { /* batch up-axis forms: each element as the matrix does */
    real vv[6] = {1, 2, 3, 4, 5, 6}, want[6];
    STATUS(spconv_vec_change_up_axis_n(r, vv, 2, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
    spconv_vec_change_axes(want, M, vv);
    spconv_vec_change_axes(want + 3, M, vv + 3);
    EQUAL(r, want, 6);
    STATUS(spconv_spatial_change_up_axis_n(r, vv, 1, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
    EQUAL(r, want, 6);
  }
  { /* q' = q_up q (world relabelled only); xyzw the same in its order */
    real qs[4], qup[4], want[4], qx[4], wx[4];
    rnd_quat(qs);
    STATUS(spconv_up_axis_quat_wxyz(qup, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
    spconv_quat_mul_wxyz(want, qup, qs);
    STATUS(spconv_quat_wxyz_change_world_up_axis_n(r, qs, 1, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
    NEAR(r, want, 4);
    spconv_quat_xyzw_from_wxyz(qx, qs);
    STATUS(spconv_quat_xyzw_change_world_up_axis_n(r, qx, 1, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
    spconv_quat_xyzw_from_wxyz(wx, want);
    NEAR(r, wx, 4);
  }
  { /* Blender's axis_conversion table */
    static const kv_axis_conversion_case cases[] = KV_BLENDER_AXIS_CONVERSION;
    size_t c;
    for (c = 0; c < COUNT(cases); ++c) {
      STATUS(spconv_axis_conversion(M2, (spconv_signed_axis)cases[c].from_forward,
                                    (spconv_signed_axis)cases[c].from_up,
                                    (spconv_signed_axis)cases[c].to_forward,
                                    (spconv_signed_axis)cases[c].to_up),
             SPCONV_OK);
      EQUAL(M2, cases[c].m, 9);
    }
  }
  { /* presets: Unity (left-handed) -> ROS FLU; ENU -> NED; SMPL -> robot */
    const real pu[3] = KV_UNITY_TO_FLU_P, w[3] = KV_W456, wu[3] = KV_UNITY_TO_FLU_W;
    const real ned[3] = KV_ENU_TO_NED_P, smpl[9] = KV_SMPL_TO_ROBOT_MAT;
    STATUS(spconv_axis_preset_matrix(M2, SPCONV_AXIS_PRESET_UNITY, SPCONV_AXIS_PRESET_ROS_FLU),
           SPCONV_OK);
    spconv_vec_change_axes(r, M2, p);
    EQUAL(r, pu, 3);
    spconv_pseudovec_change_axes(r, M2, w);
    EQUAL(r, wu, 3);
    STATUS(spconv_axis_preset_matrix(M2, SPCONV_AXIS_PRESET_ROS_ENU, SPCONV_AXIS_PRESET_NED),
           SPCONV_OK);
    spconv_vec_change_axes(r, M2, p);
    EQUAL(r, ned, 3);
    STATUS(spconv_axis_preset_matrix(M2, SPCONV_AXIS_PRESET_SMPL, SPCONV_AXIS_PRESET_ROBOT),
           SPCONV_OK);
    EQUAL(M2, smpl, 9);
  }
  /* systems: presets, handedness, forward/up, matrices and back */
  STATUS(spconv_axis_system_preset(&s, SPCONV_AXIS_PRESET_UNITY), SPCONV_OK);
  STATUS(spconv_axis_system_check(s), SPCONV_OK);
  INT_EQ(spconv_axis_system_is_right_handed(s), 0);
  {
    int rh = -7;
    STATUS(spconv_axis_system_handedness(&rh, s), SPCONV_OK);
    INT_EQ(rh, 0);
  }
  STATUS(spconv_axis_system_from_forward_up(&g, SPCONV_AXIS_POS_Z, SPCONV_AXIS_POS_Y, 0), SPCONV_OK);
  TRUE(g.x == s.x && g.y == s.y && g.z == s.z);
  STATUS(spconv_axis_system_from_forward_up(&g, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Z, 1), SPCONV_OK);
  TRUE(g.x == SPCONV_DIRECTION_RIGHT && g.y == SPCONV_DIRECTION_FORWARD &&
       g.z == SPCONV_DIRECTION_UP); /* Blender: "Y forward, Z up" */
  INT_EQ(spconv_axis_system_is_right_handed(g), 1);
  STATUS(spconv_axis_system_matrix(M2, g, s), SPCONV_OK);
  {
    spconv_axis_system t;
    STATUS(spconv_axis_system_from_matrix(&t, M2, g), SPCONV_OK);
    TRUE(t.x == s.x && t.y == s.y && t.z == s.z);
  }
  {
    const real e_ny[3] = {0, -1, 0}, gy[3] = {0, KV_G, 0}, gz[3] = {0, 0, -KV_G};
    STATUS(spconv_vec_from_signed_axis(r, SPCONV_AXIS_NEG_Y), SPCONV_OK);
    EQUAL(r, e_ny, 3);
    STATUS(spconv_gravity_signed(r, SPCONV_AXIS_NEG_Y, KV_G), SPCONV_OK); /* y down */
    EQUAL(r, gy, 3);
    STATUS(spconv_gravity(r, SPCONV_AXIS_Z, KV_G), SPCONV_OK);
    EQUAL(r, gz, 3);
  }
  /* quantities under a change of axes: inertia, scale, matrices, poses,
     4x4 transforms, and power invariance of twists and wrenches */
  {
    const real I[9] = {1, 0, 0, 0, 2, 0, 0, 0, 3}, Iw[9] = {1, 0, 0, 0, 3, 0, 0, 0, 2};
    const real sw[3] = {1, 3, 2};
    spconv_inertia_change_axes(r, M, I); /* M: Y up -> Z up */
    EQUAL(r, Iw, 9);
    spconv_scale_change_axes(r, M, p);
    EQUAL(r, sw, 3);
  }
  for (a = 0; a < 6; ++a) {
    real t[6], w6[6], t2[6], w2[6], R0[9], R1[9], pose[7], pose2[7], want[9], T[16], T2[16];
    real A[9], R2[16];
    const spconv_axis_preset from = TEST_AXIS_PRESET(a * 3);
    const spconv_axis_preset to = TEST_AXIS_PRESET(19 - a);
    int i, j;
    STATUS(spconv_axis_preset_matrix(A, from, to), SPCONV_OK);
    rnd_vec(t, 6, 2);
    rnd_vec(w6, 6, 2);
    spconv_spatial_change_axes(t2, A, t);
    spconv_spatial_change_axes(w2, A, w6);
    POWER_EQ(spconv_power(w2, t2), spconv_power(w6, t), dot_scale(w6, t, 6));
    rnd_quat(q);
    spconv_mat_from_quat_wxyz(R0, q);
    spconv_mat_change_axes(R1, A, R0); /* M R M^T */
    spconv_quat_wxyz_change_axes(q + 4, A, q);
    spconv_mat_from_quat_wxyz(want, q + 4);
    NEAR(R1, want, 9);
    spconv_quat_xyzw_from_wxyz(x, q);
    spconv_quat_xyzw_change_axes(x + 4, A, x);
    spconv_quat_xyzw_from_wxyz(x + 8, q + 4);
    NEAR(x + 4, x + 8, 4);
    rnd_vec(pose, 3, 2);
    copy(pose + 3, q, 4);
    spconv_pose_wxyz_change_axes(pose2, A, pose);
    spconv_vec_change_axes(r, A, pose);
    NEAR(pose2, r, 3);
    NEAR(pose2 + 3, q + 4, 4);
    copy(pose + 3, x, 4);
    spconv_pose_xyzw_change_axes(pose2, A, pose);
    NEAR(pose2 + 3, x + 4, 4);
    /* 4x4 [R0 p; 0 1] row-major, and the same column-major */
    for (i = 0; i < 4; ++i)
      for (j = 0; j < 4; ++j)
        T[4 * i + j] = i < 3 && j < 3 ? R0[3 * i + j] : i < 3 ? pose[i] : (j == 3 ? R(1) : R(0));
    STATUS(spconv_transform_change_axes(T2, A, T, R(2), SPCONV_MAT4_ROW_MAJOR), SPCONV_OK);
    for (i = 0; i < 3; ++i)
      for (j = 0; j < 3; ++j) r[3 * i + j] = T2[4 * i + j];
    NEAR(r, R1, 9);
    for (i = 0; i < 3; ++i) r[i] = T2[4 * i + 3] / 2;
    spconv_vec_change_axes(want, A, pose);
    NEAR(r, want, 3);
    /* the same matrix stored column-major gives the transposed result */
    STATUS(spconv_transform_change_axes(T, A, T2, R(1), SPCONV_MAT4_ROW_MAJOR), SPCONV_OK);
    for (i = 0; i < 16; ++i) R2[i] = T2[4 * (i % 4) + i / 4];
    STATUS(spconv_transform_change_axes(R2, A, R2, R(1), SPCONV_MAT4_COLUMN_MAJOR), SPCONV_OK);
    for (i = 0; i < 16; ++i) T2[i] = T[4 * (i % 4) + i / 4];
    EQUAL(R2, T2, 16);
  }
  { /* world relabelled only: M R and q_M q; the general form with M_body = I */
    real R0[9], want[9], qs[4];
    rnd_quat(qs);
    spconv_mat_from_quat_wxyz(R0, qs);
    STATUS(spconv_mat_change_world_axes(M2, M, R0), SPCONV_OK);
    spconv_mat_mul(want, M, R0);
    NEAR(M2, want, 9);
    STATUS(spconv_quat_wxyz_change_world_axes(q, M, qs), SPCONV_OK);
    spconv_mat_from_quat_wxyz(r, q);
    NEAR_TOL(r, want, 9, 4 * TOL * dot(qs, qs, 4)); /* q keeps the norm of qs */
    STATUS(spconv_quat_wxyz_change_world_body_axes(q + 4, M, I3, qs), SPCONV_OK);
    NEAR(q + 4, q, 4);
    /* M_world = M_body: the every-frame rule */
    STATUS(spconv_quat_wxyz_change_world_body_axes(q + 4, M, M, qs), SPCONV_OK);
    spconv_quat_wxyz_change_axes(q, M, qs);
    NEAR(q + 4, q, 4);
  }
  /* bad input (U1, A1, A2, D3): statuses, outputs untouched */
  {
    const real refl[9] = {1, 0, 0, 0, 1, 0, 0, 0, -1}, notperm[9] = {1, 0, 0, 0, R(0.5), 0, 0, 0, 1};
    spconv_axis_system t = sys3(SPCONV_DIRECTION_UP, SPCONV_DIRECTION_UP, SPCONV_DIRECTION_UP);
    spconv_axis_system dup =
        sys3(SPCONV_DIRECTION_FORWARD, SPCONV_DIRECTION_BACK, SPCONV_DIRECTION_UP);
    fill(r, 16);
    fill(q, 4);
    STATUS(spconv_up_axis_matrix(r, (spconv_axis)3, SPCONV_AXIS_Z), SPCONV_EINVAL);
    STATUS(spconv_up_axis_quat_wxyz(q, SPCONV_AXIS_Y, (spconv_axis)7), SPCONV_EINVAL);
    STATUS(spconv_gravity(r, (spconv_axis)3, KV_G), SPCONV_EINVAL);
    STATUS(spconv_gravity_signed(r, (spconv_signed_axis)6, KV_G), SPCONV_EINVAL);
    STATUS(spconv_vec_change_up_axis_n(r, p, 1, (spconv_axis)3, SPCONV_AXIS_Z), SPCONV_EINVAL);
    STATUS(spconv_spatial_change_up_axis_n(r, p, 0, SPCONV_AXIS_Y, (spconv_axis)9), SPCONV_EINVAL);
    STATUS(spconv_quat_wxyz_change_world_up_axis_n(q, qz, 1, (spconv_axis)3, SPCONV_AXIS_Z), SPCONV_EINVAL);
    STATUS(spconv_quat_xyzw_change_world_up_axis_n(q, qz, 1, (spconv_axis)3, SPCONV_AXIS_Z), SPCONV_EINVAL);
    STATUS(spconv_vec_from_signed_axis(r, (spconv_signed_axis)6), SPCONV_EINVAL);
    STATUS(spconv_axis_system_check(dup), SPCONV_EINVAL);
    INT_EQ(spconv_axis_system_is_right_handed(dup), SPCONV_EINVAL);
    {
      int rh = -7;
      STATUS(spconv_axis_system_handedness(&rh, dup), SPCONV_EINVAL);
      INT_EQ(rh, -7);
    }
    STATUS(spconv_axis_system_matrix(r, dup, s), SPCONV_EINVAL);
    STATUS(spconv_axis_preset_matrix(r, SPCONV_AXIS_PRESET_END, SPCONV_AXIS_PRESET_ROBOT),
           SPCONV_EINVAL);
    STATUS(spconv_axis_conversion(r, SPCONV_AXIS_POS_Y, SPCONV_AXIS_NEG_Y, SPCONV_AXIS_POS_X,
                                  SPCONV_AXIS_POS_Z),
           SPCONV_EINVAL);
    STATUS(spconv_axis_system_from_forward_up(&t, SPCONV_AXIS_POS_X, SPCONV_AXIS_NEG_X, 1),
           SPCONV_EINVAL);
    STATUS(spconv_axis_system_from_matrix(&t, notperm, s), SPCONV_EINVAL);
    STATUS(spconv_axis_system_preset(&t, TEST_AXIS_PRESET(-1)), SPCONV_EINVAL);
    TRUE(t.x == SPCONV_DIRECTION_UP && t.y == SPCONV_DIRECTION_UP);
    STATUS(spconv_mat_change_world_axes(r, refl, I3), SPCONV_EINVAL);
    STATUS(spconv_quat_wxyz_change_world_axes(q, refl, qz), SPCONV_EINVAL);
    STATUS(spconv_quat_wxyz_change_world_body_axes(q, refl, I3, qz), SPCONV_EINVAL);
    STATUS(spconv_transform_change_axes(r, I3, r, R(1), TEST_MAT4(2)), SPCONV_EINVAL);
    STATUS(spconv_transform_change_axes(r, I3, r, R(0), SPCONV_MAT4_ROW_MAJOR), SPCONV_EINVAL);
    UNTOUCHED(r, 16);
    UNTOUCHED(q, 4);
  }
  end();
}

/* ================================================ shapes and asset import */

static void test_shapes(void) {
  real sz[3], q[4], v = 0, c[3], M[9], half = 0;
  begin("shapes");
  { /* a USD Cube of size 2 is a box of half-extents 1, no turn */
    const real cube[3] = {2, 2, 2}, want[3] = {1, 1, 1}, id[4] = {1, 0, 0, 0};
    STATUS(spconv_shape_convert(sz, q, cube, SPCONV_SHAPE_BOX, SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Z,
                                SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z),
           SPCONV_OK);
    EQUAL(sz, want, 3);
    EQUAL(q, id, 4);
  }
  { /* PhysX capsule along X -> Newton along Z: +90 about Y; and back */
    const real cap[3] = {R(0.5), 1, 0}, qy[4] = KV_QY90_WXYZ;
    real back[3], qb[4];
    STATUS(spconv_shape_convert(sz, q, cap, SPCONV_SHAPE_CAPSULE, SPCONV_SHAPE_FORMAT_PHYSX,
                                SPCONV_AXIS_X, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z),
           SPCONV_OK);
    EQUAL(sz, cap, 3);
    NEAR(q, qy, 4);
    STATUS(spconv_shape_convert(back, qb, sz, SPCONV_SHAPE_CAPSULE, SPCONV_SHAPE_FORMAT_NEWTON,
                                SPCONV_AXIS_Z, SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Y),
           SPCONV_OK);
    {
      const real usd[3] = {R(0.5), 2, 0}; /* USD height = 2 half heights */
      EQUAL(back, usd, 3);
    }
  }
  { /* volumes and centres of mass: sphere 4/3 pi, cone 2 pi / 3 at -0.5 */
    const real sph[3] = {1, 0, 0}, cone[3] = {1, 1, 0}, com[3] = KV_CONE_COM;
    STATUS(spconv_shape_volume(&v, sph, SPCONV_SHAPE_SPHERE, SPCONV_SHAPE_FORMAT_MUJOCO, SPCONV_AXIS_Z),
           SPCONV_OK);
    NEAR1(v, 4 * KV_PI / 3);
    STATUS(spconv_shape_volume(&v, cone, SPCONV_SHAPE_CONE, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z),
           SPCONV_OK);
    NEAR1(v, KV_CONE_VOLUME);
    STATUS(spconv_shape_com(c, cone, SPCONV_SHAPE_CONE, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z),
           SPCONV_OK);
    EQUAL(c, com, 3);
  }
  { /* MuJoCo fromto */
    const real ft1[6] = {0, 0, 0, 0, 0, 2}, ft2[6] = {0, 0, 0, 2, 0, 0};
    const real p1[3] = {0, 0, 1}, p2[3] = {1, 0, 0}, id[4] = {1, 0, 0, 0}, qy[4] = KV_QY90_WXYZ;
    STATUS(spconv_pose_from_mujoco_fromto(c, q, &half, ft1), SPCONV_OK);
    EQUAL(c, p1, 3);
    NEAR(q, id, 4);
    NEAR1(half, R(1));
    STATUS(spconv_pose_from_mujoco_fromto(c, q, &half, ft2), SPCONV_OK);
    EQUAL(c, p2, 3);
    NEAR(q, qy, 4);
  }
  { /* asset import: glTF is Y up -> (x, -z, y); into ROS: (z, x, y) */
    const real want[9] = {1, 0, 0, 0, 0, -1, 0, 1, 0}, wq[4] = {KV_H, KV_H, 0, 0};
    const real ros[9] = KV_SMPL_TO_ROBOT_MAT;
    STATUS(spconv_asset_import_matrix(M, SPCONV_ASSET_GLTF, 1), SPCONV_OK);
    EQUAL(M, want, 9);
    STATUS(spconv_asset_import_quat_wxyz(q, SPCONV_ASSET_GLTF, 0), SPCONV_OK);
    NEAR(q, wq, 4);
    STATUS(spconv_asset_import_matrix(M, SPCONV_ASSET_STL, 1), SPCONV_OK);
    EQUAL(M, I3, 9);
    STATUS(spconv_asset_axes_matrix(M, SPCONV_ASSET_GLTF, 0, SPCONV_AXIS_PRESET_ROS_FLU), SPCONV_OK);
    EQUAL(M, ros, 9);
  }
  /* bad input (A4, A5): statuses, nothing written */
  {
    const real negs[3] = {-1, 1, 1}, nans[3] = {NAN_R, 1, 1}, same[6] = {1, 2, 3, 1, 2, 3};
    const real ok3[3] = {1, 1, 1};
    fill(sz, 3);
    fill(q, 4);
    fill(c, 3);
    fill(M, 9);
    v = SENT;
    half = SENT;
    STATUS(spconv_shape_convert(sz, q, negs, SPCONV_SHAPE_BOX, SPCONV_SHAPE_FORMAT_NEWTON,
                                SPCONV_AXIS_Z, SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Z),
           SPCONV_EINVAL);
    STATUS(spconv_shape_convert(sz, q, ok3, SPCONV_SHAPE_CONE, SPCONV_SHAPE_FORMAT_NEWTON,
                                SPCONV_AXIS_Z, SPCONV_SHAPE_FORMAT_MUJOCO, SPCONV_AXIS_Z),
           SPCONV_EINVAL); /* MuJoCo has no cone */
    STATUS(spconv_shape_volume(&v, nans, SPCONV_SHAPE_SPHERE, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z),
           SPCONV_EINVAL);
    STATUS(spconv_shape_volume(&v, ok3, SPCONV_SHAPE_PLANE, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z),
           SPCONV_EINVAL);
    STATUS(spconv_shape_com(c, ok3, TEST_SHAPE(6), SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z),
           SPCONV_EINVAL);
    STATUS(spconv_pose_from_mujoco_fromto(c, q, &half, same), SPCONV_EDEGENERATE);
    STATUS(spconv_asset_import_matrix(M, TEST_ASSET(3), 0), SPCONV_EINVAL);
    STATUS(spconv_asset_import_quat_wxyz(q, TEST_ASSET(-1), 0), SPCONV_EINVAL);
    STATUS(spconv_asset_axes_matrix(M, SPCONV_ASSET_OBJ, 0, SPCONV_AXIS_PRESET_END), SPCONV_EINVAL);
    UNTOUCHED(sz, 3);
    UNTOUCHED(q, 4);
    UNTOUCHED(c, 3);
    UNTOUCHED(M, 9);
    TRUE(v == SENT && half == SENT);
  }
  end();
}

/* ======================================================= spatial vectors */

static void test_spatial(void) {
  real r6[12], a[6], b[6];
  int n;
  begin("spatial");
  { /* known shifts */
    const real t[6] = KV_SPIN_Z_TWIST, rx[3] = KV_EX, tw[6] = KV_SPIN_Z_SHIFTED_X;
    const real f[6] = KV_F123_WRENCH, fw[6] = KV_F123_SHIFTED_X;
    spconv_twist_shift(r6, t, rx);
    EQUAL(r6, tw, 6);
    spconv_wrench_shift(r6, f, rx);
    EQUAL(r6, fw, 6);
  }
  { /* classical acceleration shift: steady spin w = z about C, O at
       r = (0, -1, 0): a_O = w x (w x r) = y (test_conventions.c:
       test_classical_accel_shift) */
    const real a0[6] = {0, 0, 0, 0, 0, 0}, w[3] = {0, 0, 1}, r[3] = {0, -1, 0};
    const real want[6] = {0, 1, 0, 0, 0, 0};
    spconv_classical_accel_shift(r6, a0, w, r);
    NEAR(r6, want, 6);
  }
  for (n = 0; n < 20; ++n) {
    real t[12], g[12], r[6], t2[12], g2[12], back[6], Rm[9], q[4], acc[6];
    rnd_vec(t, 12, 3);
    rnd_vec(g, 12, 3);
    rnd_vec(r, 6, 2);
    /* power is the same at any reference point and in any axes */
    spconv_twist_shift(t2, t, r);
    spconv_wrench_shift(g2, g, r);
    POWER_EQ(spconv_power(g2, t2), spconv_power(g, t), dot_scale(g2, t2, 6) + dot_scale(g, t, 6));
    rnd_quat(q);
    spconv_mat_from_quat_wxyz(Rm, q);
    spconv_spatial_rotate(a, Rm, t);
    spconv_spatial_rotate(b, Rm, g);
    POWER_EQ(spconv_power(b, a), spconv_power(g, t), dot_scale(g, t, 6));
    /* round trips: shift back, swap twice */
    neg(r, 3);
    spconv_twist_shift(back, t2, r);
    NEAR(back, t, 6);
    spconv_wrench_shift(back, g2, r);
    NEAR(back, g, 6);
    spconv_spatial_swap(a, t);
    TRUE(a[0] == t[3] && a[3] == t[0]);
    spconv_spatial_swap(a, a);
    EQUAL(a, t, 6);
    /* accelerations: classical -> spatial -> classical */
    rnd_vec(acc, 6, 3);
    spconv_spatial_accel_from_classical(a, acc, t);
    spconv_classical_accel_from_spatial(b, a, t);
    NEAR(b, acc, 6);
    /* batch forms: element by element as the single ones */
    neg(r, 3);
    spconv_twist_shift_n(t2, t, r, 2);
    spconv_twist_shift(a, t + 6, r + 3);
    EQUAL(t2 + 6, a, 6);
    spconv_wrench_shift_n(g2, g, r, 2);
    spconv_wrench_shift(a, g + 6, r + 3);
    EQUAL(g2 + 6, a, 6);
  }
  { /* bad input: r = 0 changes nothing, bit for bit (S1); NaN propagates (G3) */
    const real z[3] = {0, 0, 0}, x[6] = {1, 2, 3, 4, 5, 6};
    real xn[6] = {1, 2, 3, NAN_R, 5, 6};
    const real r1[3] = {1, 1, 1};
    spconv_wrench_shift(a, x, z);
    EQUAL(a, x, 6);
    spconv_twist_shift(a, xn, r1);
    TRUE(any_nan(a, 6));
    TRUE(is_nan(spconv_power(xn, x)));
  }
  end();
}

/* ======================================== rigid transforms and inertia */

static void test_se3_inertia(void) {
  /* 90 degrees about z at p = (1, 2, 3) (test_spatial_core.c, hand cases) */
  const real h = R(0.70710678118654752440);
  const real T[7] = {1, 2, 3, h, 0, 0, h}, ex[3] = {1, 0, 0};
  real Tx[7], a[36], b[36], c[36], v[6], f[6], x[7], y[7];
  int n, o;
  begin("rigid transforms, inertia");
  spconv_pose_xyzw_from_wxyz(Tx, T);
  TRUE(Tx[0] == 1 && Tx[2] == 3 && Tx[3] == 0 && Tx[5] == h && Tx[6] == h);
  spconv_pose_wxyz_from_xyzw(x, Tx);
  EQUAL(x, T, 7);
  /* the batch forms: two poses, the same reals in the other order, in place */
  for (n = 0; n < 7; ++n) {
    a[n] = T[n];
    a[7 + n] = Tx[n];
  }
  spconv_pose_xyzw_from_wxyz_n(b, a, 2);
  EQUAL(b, Tx, 7);
  spconv_pose_wxyz_from_xyzw_n(b, b, 2);
  EQUAL(b, a, 14);
  {
    const real p_want[3] = {1, 3, 3}, d_want[3] = {0, 1, 0}, inv_want[7] = {-2, 1, -3, h, 0, 0, -h};
    const real M_want[16] = {0, -1, 0, 1, 1, 0, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1};
    const real tw[6] = {1, 0, 0, 0, 0, 1}, tw_want[6] = {2, 0, 0, 0, 0, 1};
    const real wr[6] = {1, 0, 0, 0, 0, 0}, wr_want[6] = {0, 1, 0, -3, 0, 1};
    spconv_pose_transform_point_wxyz(a, T, ex);
    NEAR(a, p_want, 3);
    spconv_pose_rotate_vec_wxyz(a, T, ex);
    NEAR(a, d_want, 3);
    spconv_pose_inv_wxyz(a, T);
    NEAR(a, inv_want, 7);
    STATUS(spconv_mat4_from_pose_wxyz(a, T, SPCONV_MAT4_ROW_MAJOR), SPCONV_OK);
    NEAR(a, M_want, 16);
    STATUS(spconv_pose_wxyz_from_mat4(x, M_want, SPCONV_MAT4_ROW_MAJOR), SPCONV_OK);
    NEAR(x, T, 7);
    STATUS(spconv_twist_transform_wxyz(a, T, tw, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    NEAR(a, tw_want, 6);
    STATUS(spconv_wrench_transform_wxyz(a, T, wr, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    NEAR(a, wr_want, 6);
    spconv_spatial_swap(b, tw); /* angular first: the same, swapped */
    STATUS(spconv_twist_transform_wxyz(b, T, b, SPCONV_ORDER_ANGULAR_FIRST), SPCONV_OK);
    spconv_spatial_swap(b, b);
    NEAR(b, tw_want, 6);
  }
  { /* a quarter turn of a screw: v = 1 along x, w = pi/2 about z ends at
       (2/pi, 2/pi, 0); and back */
    const real tw[6] = {1, 0, 0, 0, 0, R(1.5707963267948966)};
    const real want[7] = {R(0.63661977236758134), R(0.63661977236758134), 0, h, 0, 0, h};
    STATUS(spconv_pose_exp_wxyz(x, tw, 1, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    NEAR(x, want, 7);
    STATUS(spconv_twist_log_wxyz(a, want, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    NEAR(a, tw, 6);
  }
  { /* inertia: diag (3, 2, 1) turned 90 degrees about z; parallel axis;
       kinetic energy 1.5 of m = 2 spinning at 1 rad/s 1 m from its COM */
    const real d[3] = {3, 2, 1}, qz[4] = {h, 0, 0, h}, I_box[9] = {2, 0, 0, 0, 3, 0, 0, 0, 1};
    const real cm[3] = {1, 0, 0}, shifted[9] = {1, 0, 0, 0, 3, 0, 0, 0, 3}, zero[3] = {0, 0, 0};
    const real ey[3] = {0, 1, 0}, about_y[9] = {2, 2, 0, 2, 2, 0, 0, 0, 4};
    const real point_at_x[9] = {0, 0, 0, 0, 2, 0, 0, 0, 2};
    const real spin[6] = {0, 0, 0, 0, 0, 1};
    real dd[3], q[4];
    spconv_inertia_from_principal(a, d, qz);
    NEAR(a, I_box, 9);
    STATUS(spconv_principal_from_inertia(dd, q, I_box), SPCONV_OK);
    NEAR(dd, d, 3);
    spconv_inertia_shift(a, I3, 2, zero, cm);
    EQUAL(a, shifted, 9);
    /* a point mass 2 at (1, 0, 0), from the origin to (0, 1, 0) */
    spconv_inertia_shift(a, point_at_x, 2, cm, ey);
    EQUAL(a, about_y, 9);
    spconv_spatial_inertia(c, 2, cm, I3);
    TRUE(c[0] == 2 && c[6 + 5] == 2 && c[12 + 4] == -2 && c[21] == 1 && c[28] == 3);
    NEAR1(spconv_kinetic_energy(2, cm, I3, spin), R(1.5));
  }
  for (n = 0; n < 20; ++n) {
    real pa[7], pb[7], Ia[9], dd[3], q[4], mom[6];
    rnd_vec(pa, 3, 2);
    rnd_quat(pa + 3);
    rnd_vec(pb, 3, 2);
    rnd_quat(pb + 3);
    rnd_vec(v, 6, 2);
    rnd_vec(f, 6, 2);
    /* a^-1 (a b) = b; relative = a^-1 b */
    spconv_pose_mul_wxyz(x, pa, pb);
    spconv_pose_relative_wxyz(y, pa, x);
    NEAR_TOL(y, pb, 3, 8 * TOL);
    SAME_ROT(y + 3, pb + 3);
    /* interpolation endpoints */
    spconv_pose_interp_wxyz(y, pa, pb, 1);
    EQUAL(y, pb, 3);
    SAME_ROT(y + 3, pb + 3);
    spconv_pose_interp_wxyz(c, pa, pb, 0);
    EQUAL(c, pa, 3);
    /* power kept by the transforms and by the matrices in both orders */
    STATUS(spconv_twist_transform_wxyz(a, pa, v, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    STATUS(spconv_wrench_transform_wxyz(b, pa, f, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    POWER_EQ(spconv_power(b, a), spconv_power(f, v), 16 * dot_scale(f, v, 6));
    for (o = 0; o < 2; ++o) {
      spconv_order order = TEST_ORDER(o);
      real vs[6], fs[6];
      copy(vs, v, 6);
      copy(fs, f, 6);
      if (o) {
        spconv_spatial_swap(vs, vs);
        spconv_spatial_swap(fs, fs);
      }
      STATUS(spconv_adjoint_twist_matrix_wxyz(c, pa, order), SPCONV_OK);
      matn_vec(a, c, vs, 6);
      STATUS(spconv_adjoint_wrench_matrix_wxyz(c, pa, order), SPCONV_OK);
      matn_vec(b, c, fs, 6);
      POWER_EQ(dot(b, a, 6), spconv_power(f, v), 16 * dot_scale(f, v, 6));
    }
    /* (v x* f).m = -f.(v x m) */
    STATUS(spconv_twist_cross(a, v, pb, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    STATUS(spconv_wrench_cross(b, v, f, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    POWER_EQ(dot(b, pb, 6), -dot(f, a, 6), 16 * dot_scale(f, pb, 6));
    /* exp and log round trip (|w| < 2 sqrt(3) < 2 pi: halve it below pi) */
    STATUS(spconv_pose_exp_wxyz(x, v, R(0.5), SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    STATUS(spconv_twist_log_wxyz(a, x, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    {
      int i;
      for (i = 0; i < 6; ++i) b[i] = R(0.5) * v[i];
    }
    NEAR_TOL(a, b, 6, 8 * TOL);
    /* principal axes round trip; kinetic energy = 1/2 V.M V */
    spconv_inertia_from_principal(Ia, pb, pa + 3);
    STATUS(spconv_principal_from_inertia(dd, q, Ia), SPCONV_OK);
    TRUE(dd[0] >= dd[1] && dd[1] >= dd[2] && q[0] >= 0);
    spconv_inertia_from_principal(a, dd, q);
    NEAR_TOL(a, Ia, 9, 8 * TOL);
    {
      const real z3[3] = {0, 0, 0};
      spconv_inertia_shift(a, Ia, R(1.5), z3, pa);
    }
    spconv_spatial_inertia(c, R(1.5), pa, Ia);
    TRUE(c[21] == a[0] && c[35] == a[8]);
    /* the identity pose keeps a spatial inertia as it is */
    {
      const real id[7] = {0, 0, 0, 1, 0, 0, 0};
      spconv_spatial_inertia_transform_wxyz(b, id, c);
      EQUAL(b, c, 36);
    }
    matn_vec(mom, c, v, 6);
    POWER_EQ(2 * spconv_kinetic_energy(R(1.5), pa, Ia, v), dot(mom, v, 6), 64 * dot_scale(mom, v, 6));
  }
  { /* bad input: unknown layout or order, a non-rigid 4x4, a non-symmetric
       or non-finite tensor: SPCONV_EINVAL, untouched */
    const real M_scaled[16] = {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1};
    const real M_row[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1};
    const real I_bad[9] = {1, R(0.5), 0, 0, 1, 0, 0, 0, 1};
    real I_nan[9] = {1, 0, 0, 0, 1, 0, 0, 0, NAN_R}, dd[3], q[4];
    fill(a, 36);
    STATUS(spconv_mat4_from_pose_wxyz(a, T, (spconv_mat4_layout)0), SPCONV_EINVAL);
    STATUS(spconv_pose_wxyz_from_mat4(a, M_scaled, SPCONV_MAT4_ROW_MAJOR), SPCONV_EINVAL);
    STATUS(spconv_pose_wxyz_from_mat4(a, M_row, SPCONV_MAT4_ROW_MAJOR), SPCONV_EINVAL);
    STATUS(spconv_adjoint_twist_matrix_wxyz(a, T, (spconv_order)SPCONV_MAT4_ROW_MAJOR), SPCONV_EINVAL);
    STATUS(spconv_adjoint_wrench_matrix_wxyz(a, T, (spconv_order)0), SPCONV_EINVAL);
    STATUS(spconv_twist_cross(a, T, T, (spconv_order)0), SPCONV_EINVAL);
    STATUS(spconv_pose_exp_wxyz(a, T, 1, (spconv_order)0), SPCONV_EINVAL);
    UNTOUCHED(a, 36);
    fill(dd, 3);
    fill(q, 4);
    STATUS(spconv_principal_from_inertia(dd, q, I_bad), SPCONV_EINVAL);
    STATUS(spconv_principal_from_inertia(dd, q, I_nan), SPCONV_EINVAL);
    UNTOUCHED(dd, 3);
    UNTOUCHED(q, 4);
    STATUS(spconv_pose_wxyz_from_mat4(x, M_row, SPCONV_MAT4_COLUMN_MAJOR), SPCONV_OK);
  }
  end();
}

/* ============================================ engine conventions as data */

static void test_engines(void) {
  static const kv_preset_case presets[] = KV_PRESETS;
  static const char *const names[] = KV_PRESET_NAMES;
  const spconv_body body = KV_BODY;
  const spconv_convention newton = spconv_convention_from_preset(SPCONV_PRESET_NEWTON);
  const real twist[6] = KV_SPIN_Z_TWIST, wrench[6] = {0, 0, 1, 0, 0, 0};
  real r[36], back[6], T[36];
  size_t i;
  begin("engines");
  INT_EQ((int)COUNT(presets), SPCONV_PRESET_COUNT);
  for (i = 0; i < COUNT(presets); ++i) {
    const spconv_convention c = spconv_convention_from_preset((spconv_preset_id)presets[i].id);
    real t[6], g[6], tc[6], gc[6], p_to;
    TRUE(str_eq(spconv_preset_id_name((spconv_preset_id)presets[i].id), names[i]));
    /* the hand-derived twist and wrench under every preset, and back */
    STATUS(spconv_twist_convert(r, &c, twist, &newton, &body), SPCONV_OK);
    NEAR(r, presets[i].twist, 6);
    STATUS(spconv_twist_convert(back, &newton, presets[i].twist, &c, &body), SPCONV_OK);
    NEAR(back, twist, 6);
    STATUS(spconv_wrench_convert(r, &c, wrench, &newton, &body), SPCONV_OK);
    NEAR(r, presets[i].wrench, 6);
    STATUS(spconv_wrench_convert(back, &newton, presets[i].wrench, &c, &body), SPCONV_OK);
    NEAR(back, wrench, 6);
    /* power invariance (radians: a degree convention carries pi / 180) */
    rnd_vec(t, 6, 2);
    rnd_vec(g, 6, 2);
    STATUS(spconv_twist_convert(tc, &c, t, &newton, &body), SPCONV_OK);
    STATUS(spconv_wrench_convert(gc, &c, g, &newton, &body), SPCONV_OK);
    if (c.angle_unit == SPCONV_ANGLE_DEGREES) {
      int lo = c.order == SPCONV_ORDER_LINEAR_FIRST ? 0 : 3, ao = 3 - lo;
      p_to = dot(gc + lo, tc + lo, 3) + dot(gc + ao, tc + ao, 3) * (KV_PI / 180);
    } else {
      p_to = spconv_power(gc, tc);
    }
    POWER_EQ(p_to, spconv_power(g, t), dot_scale(g, t, 6) * 10);
    /* the 6x6 matrix forms give the same conversions */
    STATUS(spconv_twist_convert_matrix(T, &c, &newton, &body), SPCONV_OK);
    matn_vec(r, T, t, 6);
    NEAR(r, tc, 6);
    STATUS(spconv_wrench_convert_matrix(T, &c, &newton, &body), SPCONV_OK);
    matn_vec(r, T, g, 6);
    NEAR(r, gc, 6);
    /* a one-column Jacobian is a twist; in place, either storage */
    copy(r, t, 6);
    STATUS(spconv_jacobian_convert(r, &c, r, &newton, &body, 1, SPCONV_MAT4_COLUMN_MAJOR),
           SPCONV_OK);
    NEAR(r, tc, 6);
    { /* a batch of two one-column Jacobians of the same body, in place */
      spconv_body two[2];
      two[0] = two[1] = body;
      copy(r, t, 6);
      copy(r + 6, t, 6);
      STATUS(spconv_jacobian_convert_n(r, &c, r, &newton, two, 1, SPCONV_MAT4_ROW_MAJOR, 2),
             SPCONV_OK);
      NEAR(r, tc, 6);
      NEAR(r + 6, tc, 6);
    }
  }
  { /* accelerations by hand (KV_ACCEL_*) */
    const spconv_convention drake = spconv_convention_from_preset(SPCONV_PRESET_DRAKE);
    const spconv_convention mj = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
    const real acc[6] = {0, 0, 0, 0, 0, 0}, wd[6] = KV_ACCEL_DRAKE, wm[6] = KV_ACCEL_MUJOCO_FREE;
    STATUS(spconv_accel_convert(r, &drake, acc, &newton, twist, &body), SPCONV_OK);
    NEAR(r, wd, 6);
    STATUS(spconv_accel_convert(r, &mj, acc, &newton, twist, &body), SPCONV_OK);
    NEAR(r, wm, 6);
  }
  { /* bad input (C1): unknown id -> every field 0 (outside its enum), name
       NULL; a bad descriptor or a NULL pointer -> EINVAL, untouched */
    const spconv_convention bad = spconv_convention_from_preset(SPCONV_PRESET_END);
    spconv_convention odd = newton;
    TRUE((int)bad.order == 0 && (int)bad.point == 0 && (int)bad.accel == 0);
    TRUE(spconv_preset_id_name(SPCONV_PRESET_END) == NULL);
    odd.angle_unit = TEST_ANGLE_UNIT(2);
    fill(r, 36);
    STATUS(spconv_twist_convert(r, &bad, twist, &newton, &body), SPCONV_EINVAL);
    STATUS(spconv_wrench_convert(r, &newton, wrench, &odd, &body), SPCONV_EINVAL);
    STATUS(spconv_twist_convert_matrix(r, &newton, &odd, &body), SPCONV_EINVAL);
    STATUS(spconv_wrench_convert_matrix(r, &newton, &newton, NULL), SPCONV_EINVAL);
    STATUS(spconv_jacobian_convert(r, &newton, twist, &newton, &body, 1, (spconv_mat4_layout)0),
           SPCONV_EINVAL);
    STATUS(spconv_jacobian_convert_n(r, &newton, twist, &newton, NULL, 1, SPCONV_MAT4_ROW_MAJOR, 1),
           SPCONV_EINVAL);
    STATUS(spconv_accel_convert(r, &odd, twist, &newton, twist, &body), SPCONV_EINVAL);
    UNTOUCHED(r, 36);
  }
  end();
}

/* ============================================================ body states */

/* The hand derivation of tests/test_states.c: origin (1, 2, 3), body turned
   +90 deg about y (q_B = (h, 0, h, 0)), COM at body (1, 2, 0), so world
   C = (1, 4, 2); inertial frame 90 deg about x (iquat = (h, h, 0, 0)), so
   q_I = q_B iquat = (1, 1, 1, -1) / 2. Spinning about body z (qvel
   [0; z]): w = x (world), v_C = x x (0, 2, -1) = (0, 1, 2). A force z at
   the origin plus a couple x: tau_C = x + (0, -2, 1) x z = (-1, 0, 0). */
static void test_states(void) {
  const real h = R(0.70710678118654752);
  const spconv_state_convention mj = spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  const spconv_state_convention xf = spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_XFRC);
  const spconv_state_convention nt = spconv_state_convention_from_preset(SPCONV_PRESET_NEWTON);
  const spconv_state_convention bl = spconv_state_convention_from_preset(SPCONV_PRESET_BULLET);
  const spconv_state_convention il = spconv_state_convention_from_preset(SPCONV_PRESET_ISAACLAB_LINK);
  const spconv_state_convention ic = spconv_state_convention_from_preset(SPCONV_PRESET_ISAACLAB);
  const spconv_state_convention bad = spconv_state_convention_from_preset(SPCONV_PRESET_END);
  const real qpos[7] = {1, 2, 3, h, 0, h, 0}, qvel[6] = {0, 0, 0, 0, 0, 1};
  const real com[3] = {1, 2, 0}, iq[4] = {h, h, 0, 0};
  const real want_xf[7] = {1, 4, 2, R(0.5), R(0.5), R(0.5), R(-0.5)};
  const real want_bl[7] = {1, 4, 2, R(0.5), R(0.5), R(-0.5), R(0.5)};
  const real want_nt[7] = {1, 2, 3, 0, h, 0, h}, want_tw[6] = {0, 1, 2, 1, 0, 0};
  const real F[3] = {0, 0, 1}, T[3] = {1, 0, 0}, O[3] = {1, 2, 3};
  const real want_g[6] = {0, 0, 1, -1, 0, 0};
  real p[7], t[6], g[6], f3[3], t3[3], rows[2 * 13], one_p[7], one_t[6];
  spconv_body b;
  int i;
  begin("states");
  TRUE(xf.pose.point == SPCONV_POINT_COM && xf.pose.frame == SPCONV_POSE_FRAME_INERTIAL);
  TRUE(nt.pose.quat_order == SPCONV_ROT_QUAT_XYZW && nt.twist.point == SPCONV_POINT_COM);
  TRUE((int)bad.pose.layout == 0 && (int)bad.pose.frame == 0 && (int)bad.twist.order == 0);
  STATUS(spconv_body_from_pose(&b, qpos, &mj.pose, com, iq), SPCONV_OK);
  NEAR(b.pos, O, 3);
  NEAR(b.quat_wxyz, qpos + 3, 4);
  STATUS(spconv_pose_from_body(p, &xf.pose, &b), SPCONV_OK);
  NEAR(p, want_xf, 7);
  STATUS(spconv_pose_convert(p, &bl.pose, qpos, &mj.pose, com, iq), SPCONV_OK);
  NEAR(p, want_bl, 7);
  STATUS(spconv_state_convert(p, t, &nt, qpos, qvel, &mj, com, iq), SPCONV_OK);
  NEAR(p, want_nt, 7);
  NEAR(t, want_tw, 6);
  /* Isaac Lab root_state_w rows (stride 13, twist = row + 7), in place */
  for (i = 0; i < 2; ++i) {
    copy(rows + 13 * i, qpos, 7);
    copy(rows + 13 * i + 7, want_tw, 6);
  }
  rows[13] = R(-1.5);
  STATUS(spconv_state_convert(one_p, one_t, &ic, rows + 13, rows + 20, &il, com, iq), SPCONV_OK);
  STATUS(spconv_state_convert_n(rows, 13, rows + 7, 13, &ic, rows, 13, rows + 7, 13, &il, com, NULL, 0),
         SPCONV_OK);
  {
    const real com2[6] = {1, 2, 0, 1, 2, 0}, iq2[8] = {h, h, 0, 0, h, h, 0, 0};
    STATUS(spconv_state_convert_n(rows, 13, rows + 7, 13, &ic, rows, 13, rows + 7, 13, &il, com2, iq2, 2),
           SPCONV_OK);
  }
  EQUAL(rows + 13, one_p, 7);
  EQUAL(rows + 20, one_t, 6);
  fill(p, 7);
  fill(t, 6);
  STATUS(spconv_state_convert_n(p, 6, t, 6, &nt, qpos, 7, qvel, 6, &mj, com, iq, 1), SPCONV_EINVAL);
  STATUS(spconv_state_convert(p, t, &bad, qpos, qvel, &mj, com, iq), SPCONV_EINVAL);
  UNTOUCHED(p, 7);
  UNTOUCHED(t, 6);
  /* a force at a point, and back */
  STATUS(spconv_wrench_from_force_at_point(g, &nt.twist, F, T, O, SPCONV_FRAME_WORLD, &b), SPCONV_OK);
  NEAR(g, want_g, 6);
  STATUS(spconv_force_at_point_from_wrench(f3, t3, g, &nt.twist, O, SPCONV_FRAME_WORLD, &b), SPCONV_OK);
  NEAR(f3, F, 3);
  NEAR(t3, T, 3);
  fill(g, 6);
  STATUS(spconv_wrench_from_force_at_point(g, &nt.twist, F, T, O, TEST_FRAME(2), &b), SPCONV_EINVAL);
  UNTOUCHED(g, 6);
  end();
}

/* Batches longer than a tile: 9 copies of the body of test_states (tiles of
   SPCONV_STATE_TILE bodies, then the tail): whole states and twists to
   Newton, and the force z at the origin plus the couple x as MuJoCo's free
   wrench [f; tau_O body] = [z; z] -> Newton's [z; (-1, 0, 0)], in place. */
static void test_state_batches(void) {
  enum { N = 9 };
  const real h = R(0.70710678118654752);
  const spconv_state_convention mj = spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  const spconv_state_convention nt = spconv_state_convention_from_preset(SPCONV_PRESET_NEWTON);
  const real qpos[7] = {1, 2, 3, h, 0, h, 0}, qvel[6] = {0, 0, 0, 0, 0, 1}, com[3] = {1, 2, 0};
  const real want_nt[7] = {1, 2, 3, 0, h, 0, h}, want_tw[6] = {0, 1, 2, 1, 0, 0};
  const real g_mj[6] = {0, 0, 1, 0, 0, 1}, want_g[6] = {0, 0, 1, -1, 0, 0};
  static real bq[7 * N], bv[6 * N], bg[6 * N], bc[3 * N], rq[7 * N], rv[6 * N];
  int i;
  begin("state batches");
  for (i = 0; i < N; ++i) {
    copy(bq + 7 * i, qpos, 7);
    copy(bv + 6 * i, qvel, 6);
    copy(bg + 6 * i, g_mj, 6);
    copy(bc + 3 * i, com, 3);
  }
  STATUS(spconv_state_convert_n(rq, 7, rv, 6, &nt, bq, 7, bv, 6, &mj, bc, NULL, N), SPCONV_OK);
  for (i = 0; i < N; ++i) {
    NEAR(rq + 7 * i, want_nt, 7);
    NEAR(rv + 6 * i, want_tw, 6);
  }
  fill(rv, 6 * N);
  STATUS(spconv_twist_convert_n(rv, 6, &nt.twist, bv, 6, &mj.twist, bq, 7, &mj.pose, bc, NULL, N),
         SPCONV_OK);
  for (i = 0; i < N; ++i) NEAR(rv + 6 * i, want_tw, 6);
  STATUS(spconv_wrench_convert_n(bg, 6, &nt.twist, bg, 6, &mj.twist, bq, 7, &mj.pose, bc, NULL, N),
         SPCONV_OK);
  for (i = 0; i < N; ++i) NEAR(bg + 6 * i, want_g, 6);
  end();
}

/* ================================================================ MuJoCo */

static void test_mujoco(void) {
  const real qz[4] = KV_QZ90_WXYZ, ipos[3] = KV_EX;
  real r[12], back[12];
  int n;
  begin("mujoco");
  { /* known free-joint values */
    const real qv1[6] = KV_MJ_QVEL1, t1[6] = KV_MJ_TWIST1, qv2[6] = KV_MJ_QVEL2,
               t2[6] = KV_MJ_TWIST2, w3[6] = KV_MJ_WRENCH3, qf3[6] = KV_MJ_QFRC3;
    spconv_twist_from_mujoco_qvel(r, qv1, qz, ipos);
    NEAR(r, t1, 6);
    spconv_twist_from_mujoco_qvel(r, qv2, qz, ipos);
    NEAR(r, t2, 6);
    spconv_mujoco_qfrc_from_wrench(r, w3, qz, ipos);
    NEAR(r, qf3, 6);
  }
  { /* cvel at subtree_com -> twist at a point */
    const real cv[6] = KV_MJ_CVEL, p[3] = KV_MJ_CVEL_POINT, s[3] = KV_MJ_CVEL_COM,
               want[6] = KV_MJ_CVEL_TWIST;
    spconv_twist_from_mujoco_cvel(r, cv, p, s);
    EQUAL(r, want, 6);
  }
  for (n = 0; n < 12; ++n) {
    real qvel[12], qfrc[12], qpos[14], ip[6], tw[12], wr[12], one[6];
    spconv_body body;
    spconv_convention c = spconv_convention_from_preset(TEST_PRESET(n % SPCONV_PRESET_COUNT));
    const spconv_convention newton = spconv_convention_from_preset(SPCONV_PRESET_NEWTON);
    real cvel[6], cacc[6], S[3], Cw[3], t[6], a[6];
    rnd_vec(qvel, 12, 3);
    rnd_vec(qfrc, 12, 3);
    rnd_vec(qpos, 14, 2);
    rnd_quat(qpos + 3);
    rnd_quat(qpos + 10);
    rnd_vec(ip, 6, 1);
    /* round trips and power: qvel . qfrc = twist . wrench */
    spconv_twist_from_mujoco_qvel(tw, qvel, qpos + 3, ip);
    spconv_wrench_from_mujoco_qfrc(wr, qfrc, qpos + 3, ip);
    POWER_EQ(spconv_power(wr, tw), spconv_power(qfrc, qvel), dot_scale(qfrc, qvel, 6) * 10);
    spconv_mujoco_qvel_from_twist(back, tw, qpos + 3, ip);
    NEAR(back, qvel, 6);
    spconv_mujoco_qfrc_from_wrench(back, wr, qpos + 3, ip);
    NEAR(back, qfrc, 6);
    /* batch forms (quaternions in qpos rows [p; q_wxyz]: qpos + 3, stride 7)
       against the single ones */
    STATUS(spconv_twist_from_mujoco_qvel_n(tw, qvel, qpos + 3, 7, ip, 2), SPCONV_OK);
    spconv_twist_from_mujoco_qvel(one, qvel + 6, qpos + 10, ip + 3);
    EQUAL(tw + 6, one, 6);
    STATUS(spconv_mujoco_qvel_from_twist_n(back, tw, qpos + 3, 7, ip, 2), SPCONV_OK);
    NEAR(back, qvel, 12);
    STATUS(spconv_wrench_from_mujoco_qfrc_n(wr, qfrc, qpos + 3, 7, ip, 2), SPCONV_OK);
    spconv_wrench_from_mujoco_qfrc(one, qfrc + 6, qpos + 10, ip + 3);
    EQUAL(wr + 6, one, 6);
    STATUS(spconv_mujoco_qfrc_from_wrench_n(back, wr, qpos + 3, 7, ip, 2), SPCONV_OK);
    NEAR(back, qfrc, 12);
    /* c-frame vectors under any preset, and back; NEWTON = cvel at the COM */
    copy(body.pos, qpos, 3);
    copy(body.quat_wxyz, qpos + 3, 4);
    copy(body.com, ip, 3);
    rnd_vec(cvel, 6, 2);
    rnd_vec(cacc, 6, 2);
    rnd_vec(S, 3, 2);
    STATUS(spconv_twist_from_mujoco_cframe(t, &c, cvel, S, &body), SPCONV_OK);
    STATUS(spconv_mujoco_cframe_from_twist(back, S, t, &c, &body), SPCONV_OK);
    NEAR_TOL(back, cvel, 6, 10 * TOL);
    STATUS(spconv_twist_from_mujoco_cframe(t, &newton, cvel, S, &body), SPCONV_OK);
    spconv_quat_rotate_wxyz(Cw, body.quat_wxyz, body.com);
    Cw[0] += body.pos[0];
    Cw[1] += body.pos[1];
    Cw[2] += body.pos[2];
    spconv_twist_from_mujoco_cvel(one, cvel, Cw, S);
    NEAR(t, one, 6);
    STATUS(spconv_wrench_from_mujoco_cframe(a, &c, cacc, S, &body), SPCONV_OK);
    STATUS(spconv_mujoco_cframe_from_wrench(back, S, a, &c, &body), SPCONV_OK);
    NEAR_TOL(back, cacc, 6, 10 * TOL);
    STATUS(spconv_twist_from_mujoco_cframe(t, &c, cvel, S, &body), SPCONV_OK);
    STATUS(spconv_accel_from_mujoco_cframe(a, &c, cacc, cvel, S, &body), SPCONV_OK);
    STATUS(spconv_mujoco_cframe_from_accel(back, S, a, &c, t, &body), SPCONV_OK);
    NEAR_TOL(back, cacc, 6, 10 * TOL);
  }
  { /* bad input: zero quaternion = identity orientation (M1); NaN
       propagates; an invalid descriptor -> EINVAL, untouched */
    const real z[4] = {0, 0, 0, 0}, id[4] = {1, 0, 0, 0}, x[6] = {1, 2, 3, 4, 5, 6};
    const real xn[6] = {1, NAN_R, 3, 4, 5, 6}, S[3] = {0, 0, 0};
    spconv_convention bad = spconv_convention_from_preset(SPCONV_PRESET_NEWTON);
    const spconv_body body = KV_BODY;
    spconv_twist_from_mujoco_qvel(r, x, z, ipos);
    spconv_twist_from_mujoco_qvel(back, x, id, ipos);
    EQUAL(r, back, 6);
    spconv_mujoco_qfrc_from_wrench(r, xn, qz, ipos);
    TRUE(any_nan(r, 6));
    bad.point = TEST_POINT(3);
    fill(r, 6);
    STATUS(spconv_twist_from_mujoco_cframe(r, &bad, x, S, &body), SPCONV_EINVAL);
    STATUS(spconv_mujoco_cframe_from_twist(r, S, x, &bad, &body), SPCONV_EINVAL);
    STATUS(spconv_wrench_from_mujoco_cframe(r, &bad, x, S, &body), SPCONV_EINVAL);
    STATUS(spconv_mujoco_cframe_from_wrench(r, S, x, &bad, &body), SPCONV_EINVAL);
    STATUS(spconv_accel_from_mujoco_cframe(r, &bad, x, x, S, &body), SPCONV_EINVAL);
    STATUS(spconv_mujoco_cframe_from_accel(r, S, x, &bad, x, &body), SPCONV_EINVAL);
    UNTOUCHED(r, 6);
  }
  end();
}

/* ================================================================== SAP */

static void test_sap(void) {
  const real rx[3] = KV_EX;
  real r[12], back[12], P[36], F[36];
  int n, i, j;
  begin("sap");
  { /* known values */
    const real u[6] = KV_SPIN_Z_TWIST, us[6] = KV_SAP_TWIST, g[6] = KV_FY_WRENCH,
               gs[6] = KV_SAP_WRENCH, bs[6] = KV_SAP_BODY_FORCE;
    spconv_sap_twist_from_public(r, u, rx);
    EQUAL(r, us, 6);
    spconv_sap_wrench_from_public(r, g, rx);
    EQUAL(r, gs, 6);
    spconv_sap_body_force_from_public(r, g, rx);
    EQUAL(r, bs, 6);
  }
  for (n = 0; n < 20; ++n) {
    real u[12], g[12], ro[6], us[12], gs[12], one[6];
    rnd_vec(u, 12, 3);
    rnd_vec(g, 12, 3);
    rnd_vec(ro, 6, 2);
    /* power: SAP [w; v_O] . [tau_O; f] = public [v_C; w] . [f; tau_C];
       the residual -P_f F gives minus it */
    spconv_sap_twist_from_public(us, u, ro);
    spconv_sap_wrench_from_public(gs, g, ro);
    POWER_EQ(spconv_power(gs, us), spconv_power(g, u), dot_scale(gs, us, 6) + dot_scale(g, u, 6));
    spconv_sap_body_force_from_public(gs, g, ro);
    POWER_EQ(spconv_power(gs, us), -spconv_power(g, u), dot_scale(gs, us, 6) + dot_scale(g, u, 6));
    /* round trips */
    spconv_public_twist_from_sap(back, us, ro);
    NEAR(back, u, 6);
    spconv_public_body_force_from_sap(back, gs, ro);
    NEAR(back, g, 6);
    spconv_sap_wrench_from_public(gs, g, ro);
    spconv_public_wrench_from_sap(back, gs, ro);
    NEAR(back, g, 6);
    /* the 6x6 matrices: u_sap = P_v u, and P_v^T P_f = I (P_f = P_v^-T) */
    spconv_sap_twist_matrix(P, ro);
    spconv_sap_wrench_matrix(F, ro);
    matn_vec(one, P, u, 6);
    NEAR(one, us, 6);
    matn_vec(one, F, g, 6);
    NEAR(one, gs, 6);
    {
      real PtF[36], eye[36];
      for (i = 0; i < 6; ++i)
        for (j = 0; j < 6; ++j) {
          int k;
          PtF[6 * i + j] = 0;
          for (k = 0; k < 6; ++k) PtF[6 * i + j] += P[6 * k + i] * F[6 * k + j];
          eye[6 * i + j] = i == j ? R(1) : R(0);
        }
      NEAR_TOL(PtF, eye, 36, 16 * TOL);
    }
    /* batch forms, element by element, in place */
    spconv_sap_twist_from_public_n(us, u, ro, 2);
    spconv_sap_twist_from_public(one, u + 6, ro + 3);
    EQUAL(us + 6, one, 6);
    spconv_public_twist_from_sap_n(us, us, ro, 2);
    NEAR(us, u, 12);
    spconv_sap_wrench_from_public_n(gs, g, ro, 2);
    spconv_sap_wrench_from_public(one, g + 6, ro + 3);
    EQUAL(gs + 6, one, 6);
    spconv_public_wrench_from_sap_n(back, gs, ro, 2);
    NEAR(back, g, 12);
    spconv_sap_body_force_from_public_n(gs, g, ro, 2);
    spconv_sap_body_force_from_public(one, g + 6, ro + 3);
    EQUAL(gs + 6, one, 6);
    spconv_public_body_force_from_sap_n(back, gs, ro, 2);
    NEAR(back, g, 12);
  }
  { /* bad input: r_oc = 0 is an exact reordering (P1); NaN propagates */
    const real z[3] = {0, 0, 0}, x[6] = {1, 2, 3, 4, 5, 6}, sw[6] = {4, 5, 6, 1, 2, 3};
    real xn[6] = {NAN_R, 2, 3, 4, 5, 6};
    spconv_sap_twist_from_public(r, x, z);
    EQUAL(r, sw, 6);
    spconv_sap_twist_from_public(r, xn, rx);
    TRUE(any_nan(r, 6));
  }
  end();
}

/* ====================================== packed joint arrays, permutations */

/* the cmocka suite's model: prismatic, revolute, ball, fixed, free,
   distance, D6 (2 linear + 1 angular) (test_conventions.c) */
enum { NJ = 7, NB = 7, NQ = 23, NQD = 20 };
static const int j_type[NJ] = {0, 1, 2, 3, 4, 5, 6};
static const int j_q_start[NJ + 1] = {0, 1, 2, 6, 6, 13, 20, 23};
static const int j_qd_start[NJ + 1] = {0, 1, 2, 5, 5, 11, 17, 20};
static const int j_child[NJ] = {3, 0, 6, 1, 4, 2, 5};

static spconv_joint_layout layout(void) {
  spconv_joint_layout L;
  L.joint_count = NJ;
  L.joint_type = j_type;
  L.joint_q_start = j_q_start;
  L.joint_qd_start = j_qd_start;
  L.joint_child = j_child;
  L.body_count = NB;
  return L;
}

static void test_arrays(void) {
  const spconv_joint_layout L = layout();
  real bq[7 * NB], bc[3 * NB], q[NQ], w[NQ], back[NQD > NQ ? NQD : NQ];
  real qd[NQD], f[NQD], qs[NQD], fs[NQD], bf[6 * NB], bfs[6 * NB];
  int b, j, i;
  begin("arrays");
  { /* segment sizes */
    static const int qsz[6] = KV_JOINT_Q_SIZE, qdsz[6] = KV_JOINT_QD_SIZE;
    for (j = 0; j < 6; ++j) {
      INT_EQ(spconv_joint_q_size((spconv_joint_type)j, 0, 0), qsz[j]);
      INT_EQ(spconv_joint_qd_size((spconv_joint_type)j, 0, 0), qdsz[j]);
    }
    INT_EQ(spconv_joint_q_size(SPCONV_JOINT_D6, 2, 1), 3);
    INT_EQ(spconv_joint_qd_size(SPCONV_JOINT_D6, 2, 1), 3);
    STATUS(spconv_joint_layout_check(&L), SPCONV_OK);
  }
  for (b = 0; b < NB; ++b) { /* body poses [p; q_xyzw] and COMs */
    real qq[4];
    rnd_vec(bq + 7 * b, 3, 2);
    rnd_quat(qq);
    spconv_quat_xyzw_from_wxyz(bq + 7 * b + 3, qq);
    rnd_vec(bc + 3 * b, 3, 1);
  }
  /* joint_q: quaternions reordered (ball at 2, free at 9, distance at 16) */
  rnd_vec(q, NQ, 3);
  STATUS(spconv_joint_q_wxyz_from_xyzw(w, q, &L), SPCONV_OK);
  TRUE(w[2] == q[5] && w[3] == q[2] && w[9] == q[12] && w[16] == q[19] && w[0] == q[0] &&
       w[6] == q[6] && w[22] == q[22]);
  STATUS(spconv_joint_q_xyzw_from_wxyz(back, w, &L), SPCONV_OK);
  EQUAL(back, q, NQ);
  /* joint_qd, joint_f: free and distance segments as the per-joint maps,
     the rest unchanged; power kept; round trips */
  rnd_vec(qd, NQD, 3);
  rnd_vec(f, NQD, 3);
  STATUS(spconv_sap_joint_qd_from_public(qs, qd, &L, bq, bc), SPCONV_OK);
  STATUS(spconv_sap_joint_f_from_public(fs, f, &L, bq, bc), SPCONV_OK);
  for (j = 0; j < NJ; ++j) {
    const int s = j_qd_start[j], e = j_qd_start[j + 1];
    if (j_type[j] == SPCONV_JOINT_FREE || j_type[j] == SPCONV_JOINT_DISTANCE) {
      real qq[4], r[3], want[6];
      spconv_quat_wxyz_from_xyzw(qq, bq + 7 * j_child[j] + 3);
      spconv_quat_rotate_wxyz(r, qq, bc + 3 * j_child[j]);
      spconv_sap_twist_from_public(want, qd + s, r);
      NEAR(qs + s, want, 6);
      spconv_sap_wrench_from_public(want, f + s, r);
      NEAR(fs + s, want, 6);
    } else {
      for (i = s; i < e; ++i) TRUE(qs[i] == qd[i] && fs[i] == f[i]);
    }
  }
  POWER_EQ(dot(fs, qs, NQD), dot(f, qd, NQD), dot_scale(fs, qs, NQD) + dot_scale(f, qd, NQD));
  STATUS(spconv_public_joint_qd_from_sap(back, qs, &L, bq, bc), SPCONV_OK);
  NEAR(back, qd, NQD);
  STATUS(spconv_public_joint_f_from_sap(back, fs, &L, bq, bc), SPCONV_OK);
  NEAR(back, f, NQD);
  /* body forces: -P_f per body, and back */
  rnd_vec(bf, 6 * NB, 3);
  STATUS(spconv_sap_body_force_from_public_packed(bfs, bf, bq, bc, NB), SPCONV_OK);
  {
    real bfb[6 * NB];
    STATUS(spconv_public_body_force_from_sap_packed(bfb, bfs, bq, bc, NB), SPCONV_OK);
    NEAR(bfb, bf, 6 * NB);
  }
  /* the boundary driver, in place, equals the separate calls */
  {
    real x[NQD], y[NQD], z[6 * NB];
    copy(x, qd, NQD);
    copy(y, f, NQD);
    copy(z, bf, 6 * NB);
    STATUS(spconv_sap_boundary_in(x, y, z, &L, bq, bc, SPCONV_SAP_ORDER_PUBLIC,
                                  SPCONV_SAP_ORDER_PUBLIC, SPCONV_SAP_ORDER_PUBLIC),
           SPCONV_OK);
    EQUAL(x, qs, NQD);
    EQUAL(y, fs, NQD);
    EQUAL(z, bfs, 6 * NB);
    STATUS(spconv_sap_boundary_out(x, &L, bq, bc, SPCONV_SAP_ORDER_PUBLIC), SPCONV_OK);
    NEAR(x, qd, NQD);
    /* bad input (C2): a flag outside spconv_sap_order, a bad layout: untouched */
    copy(y, f, NQD);
    STATUS(spconv_sap_boundary_in(x, y, z, &L, bq, bc, SPCONV_SAP_ORDER_PUBLIC,
                                  SPCONV_SAP_ORDER_PUBLIC, TEST_SAP_ORDER(2)),
           SPCONV_EINVAL);
    STATUS(spconv_sap_boundary_out(y, &L, NULL, bc, SPCONV_SAP_ORDER_PUBLIC), SPCONV_EINVAL);
    EQUAL(y, f, NQD);
  }
  {
    spconv_joint_layout bad = L;
    static const int bad_start[NJ + 1] = {1, 1, 2, 6, 6, 13, 20, 23};
    bad.joint_q_start = bad_start;
    fill(w, NQ);
    STATUS(spconv_joint_layout_check(&bad), SPCONV_EINVAL);
    STATUS(spconv_joint_q_wxyz_from_xyzw(w, q, &bad), SPCONV_EINVAL);
    STATUS(spconv_joint_q_xyzw_from_wxyz(w, q, NULL), SPCONV_EINVAL);
    STATUS(spconv_sap_joint_qd_from_public(w, qd, &L, NULL, bc), SPCONV_EINVAL);
    STATUS(spconv_public_joint_qd_from_sap(w, qd, &bad, bq, bc), SPCONV_EINVAL);
    STATUS(spconv_sap_joint_f_from_public(w, f, &bad, bq, bc), SPCONV_EINVAL);
    STATUS(spconv_public_joint_f_from_sap(w, f, &bad, bq, bc), SPCONV_EINVAL);
    STATUS(spconv_sap_body_force_from_public_packed(w, bf, NULL, bc, 1), SPCONV_EINVAL);
    STATUS(spconv_public_body_force_from_sap_packed(w, bf, bq, NULL, 1), SPCONV_EINVAL);
    INT_EQ(spconv_joint_q_size((spconv_joint_type)7, 0, 0), SPCONV_EINVAL);
    INT_EQ(spconv_joint_qd_size(SPCONV_JOINT_D6, 4, 0), SPCONV_EINVAL);
    UNTOUCHED(w, NQ);
  }
  /* permutations: known, round trip, in place, frames and parents */
  {
    const int p[3] = KV_PERM, pinv[3] = KV_PERM_INVERSE;
    const real in[3] = KV_PERM_IN, want[3] = KV_PERM_GATHERED;
    const int dup[3] = {0, 0, 1}, parents[3] = {-1, 0, 1}, want_parents[3] = {2, -1, 1};
    const int bad_parents[3] = {-1, 3, 0};
    int inv[3], par[3];
    real g[3], frames[12], fw[12];
    unsigned char marks[1];
    STATUS(spconv_perm_check(p, 3), SPCONV_OK);
    STATUS(spconv_perm_check_scratch(p, 3, marks), SPCONV_OK);
    STATUS(spconv_perm_inverse(inv, p, 3), SPCONV_OK);
    TRUE(inv[0] == pinv[0] && inv[1] == pinv[1] && inv[2] == pinv[2]);
    STATUS(spconv_perm_gather(g, in, p, 3), SPCONV_OK);
    EQUAL(g, want, 3);
    STATUS(spconv_perm_gather(g, g, inv, 3), SPCONV_OK);
    EQUAL(g, in, 3);
    /* 2 frames x 3 bodies x stride 2 */
    for (i = 0; i < 12; ++i) frames[i] = (real)i;
    for (i = 0; i < 12; ++i) fw[i] = (real)(6 * (i / 6) + 2 * p[(i % 6) / 2] + i % 2);
    STATUS(spconv_perm_gather_frames(frames, frames, p, 2, 3, 2), SPCONV_OK);
    EQUAL(frames, fw, 12);
    STATUS(spconv_perm_gather_parents(par, parents, p, 3), SPCONV_OK);
    TRUE(par[0] == want_parents[0] && par[1] == want_parents[1] && par[2] == want_parents[2]);
    /* bad input (C3, D7): not a permutation, stride 0, a bad parent */
    fill(g, 3);
    STATUS(spconv_perm_check(dup, 3), SPCONV_EINVAL);
    STATUS(spconv_perm_check_scratch(dup, 3, marks), SPCONV_EINVAL);
    STATUS(spconv_perm_inverse(par, dup, 3), SPCONV_EINVAL);
    STATUS(spconv_perm_gather(g, in, dup, 3), SPCONV_EINVAL);
    STATUS(spconv_perm_gather_frames(g, in, p, 1, 3, 0), SPCONV_EINVAL);
    STATUS(spconv_perm_gather_parents(par, parents, dup, 3), SPCONV_EINVAL);
    STATUS(spconv_perm_gather_parents(par, bad_parents, p, 3), SPCONV_EINVAL);
    UNTOUCHED(g, 3);
    TRUE(par[0] == want_parents[0] && par[2] == want_parents[2]);
  }
  end();
}

/* =========================================================== motion data */

static void test_motion(void) {
  real r[24], q[16];
  int t;
  begin("motion");
  { /* BVH channels: the Biovision example is intrinsic Z, X, Y */
    spconv_euler_seq seq = SPCONV_EULER_XYX;
    spconv_euler_kind kind = SPCONV_EULER_EXTRINSIC;
    int idx[3] = {9, 9, 9}, nch = 0;
    char buf[32];
    STATUS(spconv_euler_seq_from_bvh_channels(&seq, &kind, idx, &nch, KV_BVH_ZXY), SPCONV_OK);
    TRUE(seq == SPCONV_EULER_ZXY && kind == SPCONV_EULER_INTRINSIC);
    TRUE(idx[0] == 0 && idx[1] == 1 && idx[2] == 2 && nch == 3);
    STATUS(spconv_bvh_channels_from_euler_seq(buf, sizeof buf, seq, kind), SPCONV_OK);
    TRUE(str_eq(buf, KV_BVH_ZXY));
    STATUS(spconv_euler_seq_from_bvh_channels(&seq, &kind, idx, &nch,
                                              "Xposition Yposition Zposition " KV_BVH_ZXY),
           SPCONV_OK);
    TRUE(nch == 6 && idx[0] == 3 && idx[2] == 5);
  }
  { /* BVH angles are degrees of the listed intrinsic sequence; and back */
    const real deg[3] = {R(-3.41), R(14.78), R(-164.35)};
    real rad[3], q2[4], back[3];
    spconv_rad_from_deg3(rad, deg);
    STATUS(spconv_quat_wxyz_from_bvh(q, deg, SPCONV_EULER_ZXY), SPCONV_OK);
    STATUS(spconv_quat_wxyz_from_euler(q2, rad, SPCONV_EULER_ZXY, SPCONV_EULER_INTRINSIC), SPCONV_OK);
    NEAR(q, q2, 4);
    STATUS(spconv_bvh_from_quat_wxyz(back, q, SPCONV_EULER_ZXY), SPCONV_OK);
    NEAR_TOL(back, deg, 3, 100 * TOL);
  }
  { /* velocities: a constant velocity is exact with either method; a
       constant turn about world z has w_world = (0, 0, w) and body w = R^T */
    real pos[12], qq[16], q0[4];
    const real v[3] = {R(1.5), R(-0.25), R(2)}, dt = R(0.01), rate = R(3);
    const real ez[3] = {0, 0, 1};
    int m;
    rnd_quat(q0);
    for (t = 0; t < 4; ++t) {
      real qt[4];
      pos[3 * t] = R(0.5) + v[0] * dt * (real)t;
      pos[3 * t + 1] = R(-1) + v[1] * dt * (real)t;
      pos[3 * t + 2] = v[2] * dt * (real)t;
      spconv_quat_wxyz_from_axis_angle(qt, ez, rate * dt * (real)t);
      spconv_quat_mul_wxyz(qq + 4 * t, qt, q0);
    }
    for (m = 0; m < 2; ++m) {
      const spconv_motion_diff method = TEST_DIFF(m);
      STATUS(spconv_motion_linvel(r, pos, 4, dt, method), SPCONV_OK);
      for (t = 0; t < 4; ++t) NEAR_TOL(r + 3 * t, v, 3, 100 * TOL);
      STATUS(spconv_motion_angvel(r, qq, 4, dt, SPCONV_ROT_QUAT_WXYZ, 0, method), SPCONV_OK);
      for (t = 0; t < 4; ++t) {
        const real ww[3] = {0, 0, rate};
        NEAR_TOL(r + 3 * t, ww, 3, 100 * TOL);
      }
      STATUS(spconv_motion_angvel(r, qq, 4, dt, SPCONV_ROT_QUAT_WXYZ, 1, method), SPCONV_OK);
      for (t = 0; t < 4; ++t) {
        real c[4], wb[3];
        const real ww[3] = {0, 0, rate};
        spconv_quat_conj_wxyz(c, qq + 4 * t);
        spconv_quat_rotate_wxyz(wb, c, ww);
        NEAR_TOL(r + 3 * t, wb, 3, 100 * TOL);
      }
    }
  }
  { /* a clip of 2 frames x 2 bodies from SMPL (Y up) to a robot world,
       cm -> m: positions k M p, body rotations M R M^T, offsets k M o */
    real root_pos[6], root_rot[8], linvel[6], angvel[6], local[16], off[6];
    real o_pos[6], o_rot[8], o_lin[6], o_ang[6], o_local[16], o_off[6], M[9], want[4];
    spconv_motion_clip in, out;
    const real k = R(0.01);
    int i;
    STATUS(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_SMPL, SPCONV_AXIS_PRESET_ROBOT), SPCONV_OK);
    rnd_vec(root_pos, 6, 100);
    rnd_vec(linvel, 6, 5);
    rnd_vec(angvel, 6, 5);
    rnd_vec(off, 6, 20);
    for (i = 0; i < 2; ++i) rnd_quat(root_rot + 4 * i);
    for (i = 0; i < 4; ++i) rnd_quat(local + 4 * i);
    in.frames = 2;
    in.bodies = 2;
    in.root_pos = root_pos;
    in.root_rot = root_rot;
    in.root_rot_format = SPCONV_ROT_QUAT_WXYZ;
    in.root_linvel = linvel;
    in.root_angvel = angvel;
    in.root_angvel_body = 0;
    in.local_rot = local;
    in.local_rot_format = SPCONV_ROT_QUAT_WXYZ;
    in.offsets = off;
    out = in;
    out.root_pos = o_pos;
    out.root_rot = o_rot;
    out.root_linvel = o_lin;
    out.root_angvel = o_ang;
    out.local_rot = o_local;
    out.offsets = o_off;
    STATUS(spconv_motion_clip_convert(&out, &in, M, M, k), SPCONV_OK);
    for (i = 0; i < 2; ++i) {
      mat_vec(r, M, root_pos + 3 * i);
      r[0] *= k;
      r[1] *= k;
      r[2] *= k;
      NEAR(o_pos + 3 * i, r, 3);
      mat_vec(r, M, linvel + 3 * i);
      r[0] *= k;
      r[1] *= k;
      r[2] *= k;
      NEAR(o_lin + 3 * i, r, 3);
      mat_vec(r, M, off + 3 * i);
      r[0] *= k;
      r[1] *= k;
      r[2] *= k;
      NEAR(o_off + 3 * i, r, 3);
      spconv_pseudovec_change_axes(r, M, angvel + 3 * i);
      NEAR(o_ang + 3 * i, r, 3);
    }
    for (i = 0; i < 4; ++i) {
      spconv_quat_wxyz_change_axes(want, M, local + 4 * i);
      SAME_ROT(o_local + 4 * i, want);
    }
    /* bad input (D5): k = 0, a reflection against a rotation */
    {
      const real refl[9] = {1, 0, 0, 0, 1, 0, 0, 0, -1};
      fill(o_pos, 6);
      STATUS(spconv_motion_clip_convert(&out, &in, M, M, 0), SPCONV_EINVAL);
      STATUS(spconv_motion_clip_convert(&out, &in, M, refl, k), SPCONV_EINVAL);
      STATUS(spconv_motion_clip_convert(NULL, &in, M, M, k), SPCONV_EINVAL);
      UNTOUCHED(o_pos, 6);
    }
  }
  { /* heading and alignment of a Z-up clip: frame 0 turned 0.7 rad about
       +Z, frame 1 turned 1.0: headings 0.7 and 1.0; aligned on frame 0 the
       clip has headings 0 and 0.3, and frame 0's root above the origin */
    const real ez[3] = {0, 0, 1};
    real pos[6] = {1, 2, R(0.9), 2, 3, R(0.8)};
    real rot[8], o_pos[6], o_rot[8], h = SENT, zq[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    spconv_motion_clip in, out;
    spconv_quat_wxyz_from_axis_angle(rot, ez, R(0.7));
    spconv_quat_wxyz_from_axis_angle(rot + 4, ez, R(1.0));
    rot[4] *= 3; /* any norm */
    rot[7] *= 3;
    in.frames = 2;
    in.bodies = 0;
    in.root_pos = pos;
    in.root_rot = rot;
    in.root_rot_format = SPCONV_ROT_QUAT_WXYZ;
    in.root_linvel = in.root_angvel = in.local_rot = in.offsets = NULL;
    in.root_angvel_body = 0;
    in.local_rot_format = SPCONV_ROT_QUAT_WXYZ;
    out = in;
    out.root_pos = o_pos;
    out.root_rot = o_rot;
    STATUS(spconv_motion_clip_heading(&h, &in, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X),
           SPCONV_OK);
    NEAR1(h, R(0.7));
    STATUS(spconv_motion_clip_heading(&h, &in, 1, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X),
           SPCONV_OK);
    NEAR1(h, R(1.0));
    STATUS(spconv_motion_clip_align(&out, &in, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X, 0),
           SPCONV_OK);
    {
      const real p0[3] = {0, 0, R(0.9)};
      NEAR(o_pos, p0, 3);
    }
    STATUS(spconv_motion_clip_heading(&h, &out, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X),
           SPCONV_OK);
    TRUE(absr(h) <= 8 * TOL);
    STATUS(spconv_motion_clip_heading(&h, &out, 1, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X),
           SPCONV_OK);
    NEAR1(h, R(0.3));
    /* bad input: frame out of range, forward along up, a zero rotation */
    h = SENT;
    fill(o_pos, 6);
    STATUS(spconv_motion_clip_heading(&h, &in, 2, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X),
           SPCONV_EINVAL);
    STATUS(spconv_motion_clip_heading(&h, &in, 0, SPCONV_AXIS_Z, SPCONV_AXIS_NEG_Z, SPCONV_AXIS_POS_X),
           SPCONV_EINVAL);
    STATUS(spconv_motion_clip_align(&out, &in, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X,
                                    NAN_R),
           SPCONV_EINVAL);
    in.root_rot = zq;
    STATUS(spconv_motion_clip_heading(&h, &in, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X),
           SPCONV_EDEGENERATE);
    STATUS(spconv_motion_clip_align(&out, &in, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X, 0),
           SPCONV_EDEGENERATE);
    TRUE(h == SENT);
    UNTOUCHED(o_pos, 6);
  }
  { /* bad input (D1, D2, D6): parsers, buffers, frames, dt, formats */
    spconv_euler_seq seq = SPCONV_EULER_XYX;
    spconv_euler_kind kind = SPCONV_EULER_EXTRINSIC;
    char small[29];
    const real pos[6] = {0, 0, 0, 1, 1, 1}, zq[4] = {0, 0, 0, 0}, deg[3] = {0, 0, 0};
    STATUS(spconv_euler_seq_from_bvh_channels(&seq, &kind, NULL, NULL, "Zrotation Xrotation"),
           SPCONV_EINVAL);
    STATUS(spconv_euler_seq_from_bvh_channels(&seq, &kind, NULL, NULL,
                                              "Zrotation Xrotation Zrotation"),
           SPCONV_EINVAL);
    TRUE(seq == SPCONV_EULER_XYX && kind == SPCONV_EULER_EXTRINSIC);
    STATUS(spconv_bvh_channels_from_euler_seq(small, sizeof small, SPCONV_EULER_ZXY,
                                              SPCONV_EULER_INTRINSIC),
           SPCONV_EINVAL);
    fill(r, 6);
    fill(q, 4);
    STATUS(spconv_quat_wxyz_from_bvh(q, deg, SPCONV_EULER_XYX), SPCONV_EINVAL);
    STATUS(spconv_bvh_from_quat_wxyz(r, zq, SPCONV_EULER_ZXY), SPCONV_EDEGENERATE);
    STATUS(spconv_motion_linvel(r, pos, 1, R(0.01), SPCONV_MOTION_DIFF_FORWARD), SPCONV_EINVAL);
    STATUS(spconv_motion_linvel(r, pos, 2, 0, SPCONV_MOTION_DIFF_FORWARD), SPCONV_EINVAL);
    STATUS(spconv_motion_angvel(r, pos, 2, R(0.01), SPCONV_ROT_MAT, 0, SPCONV_MOTION_DIFF_FORWARD),
           SPCONV_EINVAL);
    UNTOUCHED(r, 6);
    UNTOUCHED(q, 4);
  }
  end();
}

/* ================================================================== main */

#ifdef SELFTEST_VENDOR_MATH
/* every math macro of the header went to the vendor library */
static void test_vendor_math(void) {
  begin("vendor-math");
  TRUE(vendor_math_calls.n_sqrt > 0);
  TRUE(vendor_math_calls.n_sin > 0);
  TRUE(vendor_math_calls.n_cos > 0);
  TRUE(vendor_math_calls.n_atan2 > 0);
  /* SPCONV_ACOS and SPCONV_ASIN are configurable but no function uses
     them at present: their counts are printed, not required */
  TRUE(vendor_math_calls.n_fabs > 0);
  board_puts("vendor math calls: sqrt ");
  put_int(vendor_math_calls.n_sqrt);
  board_puts(", sin ");
  put_int(vendor_math_calls.n_sin);
  board_puts(", cos ");
  put_int(vendor_math_calls.n_cos);
  board_puts(", atan2 ");
  put_int(vendor_math_calls.n_atan2);
  board_puts(", acos ");
  put_int(vendor_math_calls.n_acos);
  board_puts(", asin ");
  put_int(vendor_math_calls.n_asin);
  board_puts(", fabs ");
  put_int(vendor_math_calls.n_fabs);
  board_puts("\n");
  end();
}
#endif

int main(void) {
  const char *want = board_expected_core();
  board_puts("spatial_conv self-test (" PRECISION ") on ");
  board_puts(board_core());
  board_puts("\n");
  if (want[0]) { /* the core the build was made for is the one running */
    const char *got = board_core();
    int i = 0;
    while (want[i] && got[i] == want[i]) ++i;
    begin("core");
    TRUE(want[i] == '\0' && (got[i] == ' ' || got[i] == '\0'));
    end();
  }
  test_status();
  test_quat();
  test_rot();
  test_angvel();
  test_units();
  test_axes();
  test_shapes();
  test_spatial();
  test_se3_inertia();
  test_engines();
  test_states();
  test_state_batches();
  test_mujoco();
  test_sap();
  test_arrays();
  test_motion();
#ifdef SELFTEST_VENDOR_MATH
  test_vendor_math();
#endif
#ifdef SELFTEST_BREAK
  { /* a wrong expected value on purpose: this run must FAIL */
    const real got[1] = {1}, wrong[1] = {R(1.001)};
    begin("deliberately-broken");
    NEAR(got, wrong, 1);
    end();
  }
#endif
  board_puts("spatial_conv self-test: ");
  put_int(n_checks);
  board_puts(" checks, ");
  put_int(n_failed);
  board_puts(n_failed ? " failed: FAIL\n" : " failed: PASS\n");
  return n_failed ? 1 : 0;
}
