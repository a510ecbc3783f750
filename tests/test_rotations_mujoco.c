/* spatial_conv.h sections: quaternions, rotation representations, angular velocity from quaternions (vs MuJoCo 2.2.2). */
/* spatial_conv rotations vs MuJoCo 2.2.2's own functions: mju_quat2Mat,
   mju_mat2Quat, mju_mulQuat, mju_rotVecQuat, mju_axisAngle2Quat,
   mju_quat2Vel, mju_quatIntegrate, mju_subQuat, mj_integratePos and
   mj_differentiatePos on a free joint, the compiler's eulerseq for
   every 3-letter string of xyzXYZ (mixed case included), and every
   spconv_euler_format (URDF rpy, MJCF euler in degrees and radians, USD,
   three.js, Blender, Unity, Unreal) spelled in MJCF text; one cmocka test per
   header function, named after it and the MuJoCo function it is checked
   against. MuJoCo computes in double; inputs are drawn in spconv_real and
   handed to both sides, results are converted to spconv_real before
   comparing. Its quaternion functions assume unit quaternions, so unit ones
   are passed. */
#include <stdlib.h>

#include "test_mujoco_util.h"

#include <mujoco/mujoco.h>

/* a unit quaternion stored in spconv_real, then normalized in double so that
   MuJoCo (which assumes unit norm) and the header see the same rotation */
static void rand_unit(spconv_real q[4], mjtNum qm[4]) {
  test_rand_unit_quat(q);
  mj_from_real(qm, q, 4);
  mju_normalize4(qm);
  real_from_mj(q, qm, 4);
  mj_from_real(qm, q, 4);
}

/* ------------------------------------------------------ mju_ functions */

/* The inputs of one case, drawn in one sequence (seed 401), the same for
   every test: a step dt, unit quaternions a and b, a vector v, a scale c
   (only the norm of a random quaternion), a unit axis and an angle. When
   the random axis is too short (axis_ok = 0) no angle is drawn, and only
   the tests of the matrix, product and rotation functions use the case. */
typedef struct mju_case {
  double dt;
  spconv_real a[4], b[4], v[3], c[4], axis[3], ang;
  mjtNum am[4], bm[4], vm[3], axm[3];
  int axis_ok;
} mju_case;

typedef void (*mju_check)(const mju_case *m);

static void for_all_mju_cases(mju_check check, int need_axis) {
  int n;
  test_seed(401);
  for (n = 0; n < TEST_CASES; ++n) {
    mju_case m;
    m.dt = test_uniform(0.01, 1.0);
    rand_unit(m.a, m.am);
    rand_unit(m.b, m.bm);
    test_rand_vec(m.v, 3, 2.0);
    mj_from_real(m.vm, m.v, 3);
    test_rand_quat(m.c); /* only its scale is used */
    /* mju_axisAngle2Quat assumes a unit axis */
    test_rand_vec(m.axis, 3, 1.0);
    mj_from_real(m.axm, m.axis, 3);
    m.axis_ok = mju_normalize3(m.axm) >= 1e-3;
    m.ang = 0;
    if (m.axis_ok) {
      real_from_mj(m.axis, m.axm, 3);
      mj_from_real(m.axm, m.axis, 3);
      m.ang = (spconv_real)test_uniform(-6.0, 6.0);
    }
    if (m.axis_ok || !need_axis) check(&m);
  }
}

static void check_mat_from_quat(const mju_case *m) {
  spconv_real res[9], want[9], qs[4];
  mjtNum rm[9];
  int i;
  mju_quat2Mat(rm, m->am);
  real_from_mj(want, rm, 9);
  spconv_mat_from_quat_wxyz(res, m->a);
  EXPECT_VEC_NEAR(res, want, 9, TEST_TOL);
  test_mat_of_quat(res, m->a); /* the foundation's rotation of the basis vectors */
  EXPECT_VEC_NEAR(res, want, 9, TEST_TOL);
  /* the header takes any norm: c q gives MuJoCo's matrix of q */
  for (i = 0; i < 4; ++i)
    qs[i] = (spconv_real)((double)m->a[i] * sqrt((double)(m->c[0] * m->c[0] + m->c[1] * m->c[1] + m->c[2] * m->c[2] + m->c[3] * m->c[3])));
  spconv_mat_from_quat_wxyz(res, qs);
  EXPECT_VEC_NEAR(res, want, 9, TEST_TOL);
}

TEST_RUN(test_mat_from_quat_wxyz_vs_mju_quat2Mat, for_all_mju_cases(check_mat_from_quat, 0))

/* mju_mat2Quat may return either sign: compare canonical forms */
static void check_quat_from_mat(const mju_case *m) {
  spconv_real res[4], want[4], R[9];
  mjtNum rm[9], qm[4]; /* MuJoCo's functions do not allow aliasing */
  mju_quat2Mat(rm, m->am);
  mju_mat2Quat(qm, rm);
  real_from_mj(want, qm, 4);
  spconv_quat_canonical_wxyz(want, want);
  spconv_mat_from_quat_wxyz(R, m->a);
  assert_int_equal(spconv_quat_wxyz_from_mat(res, R), SPCONV_OK);
  EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
}

TEST_RUN(test_quat_wxyz_from_mat_vs_mju_mat2Quat, for_all_mju_cases(check_quat_from_mat, 0))

static void check_mul(const mju_case *m) {
  spconv_real res[4], want[4];
  mjtNum rm[4];
  mju_mulQuat(rm, m->am, m->bm);
  real_from_mj(want, rm, 4);
  spconv_quat_mul_wxyz(res, m->a, m->b);
  EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
}

TEST_RUN(test_quat_mul_wxyz_vs_mju_mulQuat, for_all_mju_cases(check_mul, 0))

static void check_rotate(const mju_case *m) {
  spconv_real res[3], want[3];
  mjtNum rm[3];
  mju_rotVecQuat(rm, m->vm, m->am);
  real_from_mj(want, rm, 3);
  spconv_quat_rotate_wxyz(res, m->a, m->v);
  EXPECT_VEC_NEAR(res, want, 3, TEST_TOL);
}

TEST_RUN(test_quat_rotate_wxyz_vs_mju_rotVecQuat, for_all_mju_cases(check_rotate, 0))

static void check_axis_angle(const mju_case *m) {
  spconv_real res[4], want[4];
  mjtNum rm[4];
  mju_axisAngle2Quat(rm, m->axm, (mjtNum)m->ang);
  real_from_mj(want, rm, 4);
  spconv_quat_wxyz_from_axis_angle(res, m->axis, m->ang);
  EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
}

TEST_RUN(test_quat_wxyz_from_axis_angle_vs_mju_axisAngle2Quat, for_all_mju_cases(check_axis_angle, 1))

/* mju_quat2Vel(res, q, dt) = rotvec(q) / dt (shortest path); its length
   times dt is the rotation angle of q */
static void check_quat2vel(const mju_case *m) {
  spconv_real res[3], want[3], one[4] = {1, 0, 0, 0};
  const spconv_real dt = (spconv_real)m->dt;
  mjtNum rm[3];
  mju_quat2Vel(rm, m->am, (mjtNum)dt);
  real_from_mj(want, rm, 3);
  spconv_rotvec_from_quat_wxyz(res, m->a);
  res[0] /= dt;
  res[1] /= dt;
  res[2] /= dt;
  EXPECT_VEC_NEAR(res, want, 3, TEST_TOL / m->dt);
  EXPECT_NEAR(mju_norm3(rm) * (double)dt, spconv_quat_angle_wxyz(one, m->a), TEST_TOL, 1);
}

TEST_RUN(test_rotvec_from_quat_wxyz_vs_mju_quat2Vel, for_all_mju_cases(check_quat2vel, 1))

/* mju_subQuat(res, qa, qb): the body-frame rotation vector from qb to qa */
static void check_subquat(const mju_case *m) {
  spconv_real res[3], want[3];
  mjtNum rm[3];
  mju_subQuat(rm, m->am, m->bm);
  real_from_mj(want, rm, 3);
  assert_int_equal(spconv_body_angvel_from_quats_wxyz(res, m->b, m->a, 1), SPCONV_OK);
  EXPECT_VEC_NEAR(res, want, 3, TEST_TOL);
}

TEST_RUN(test_body_angvel_from_quats_wxyz_vs_mju_subQuat, for_all_mju_cases(check_subquat, 1))

/* mju_quatIntegrate(q, vel, scale): q advanced by the body-frame velocity
   over scale (then normalized, as our unit input stays) */
static void check_quat_integrate(const mju_case *m) {
  spconv_real res[4], want[4];
  mjtNum qm[4];
  mju_copy4(qm, m->am);
  mju_quatIntegrate(qm, m->vm, (mjtNum)(spconv_real)m->dt);
  real_from_mj(want, qm, 4);
  spconv_quat_integrate_body_wxyz(res, m->a, m->v, (spconv_real)m->dt);
  EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
}

TEST_RUN(test_quat_integrate_body_wxyz_vs_mju_quatIntegrate, for_all_mju_cases(check_quat_integrate, 1))

/* ------------------------------------------- mj_integratePos on a free joint */

static const char free_xml[] =
    "<mujoco><worldbody><body><freejoint/><geom size='0.1' mass='1'/></body></worldbody></mujoco>";

/* One free-joint case (seed 402): the start quaternion q (in qpos), a body
   angular velocity w (in qvel) and a step dt; qpos0 before and qpos after
   mj_integratePos, on the model m. */
typedef struct free_case {
  const mjModel *m;
  spconv_real q[4], w[3], dt;
  mjtNum qpos[7], qpos0[7], qvel[6];
} free_case;

typedef void (*free_check)(const free_case *f);

static void for_all_free_steps(free_check check) {
  mjModel *m = test_mujoco_load(free_xml);
  int n, i;
  assert_non_null(m);
  assert_int_equal(m->nq, 7);
  test_seed(402);
  for (n = 0; n < 2000; ++n) {
    free_case f;
    f.m = m;
    for (i = 0; i < 7; ++i) f.qpos[i] = i == 3 ? 1 : 0;
    for (i = 0; i < 6; ++i) f.qvel[i] = 0;
    f.dt = (spconv_real)test_uniform(0.001, 0.1);
    rand_unit(f.q, f.qpos + 3);
    test_rand_vec(f.w, 3, 15.0);
    mj_from_real(f.qvel + 3, f.w, 3);
    mju_copy(f.qpos0, f.qpos, 7);
    mj_integratePos(m, f.qpos, f.qvel, (mjtNum)f.dt);
    check(&f);
  }
  mj_deleteModel(m);
}

/* qvel[3:6] is the body-frame angular velocity: q <- q (x) exp(w dt / 2) */
static void check_integrate_pos(const free_case *f) {
  spconv_real res[4], want[4];
  real_from_mj(want, f->qpos + 3, 4);
  spconv_quat_integrate_body_wxyz(res, f->q, f->w, f->dt);
  EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
}

TEST_RUN(test_quat_integrate_body_wxyz_vs_mj_integratePos, for_all_free_steps(check_integrate_pos))

/* mj_differentiatePos is its inverse: the body angular velocity */
static void check_differentiate_pos(const free_case *f) {
  spconv_real res[4], want[3], back[3];
  mjtNum dq[6];
  spconv_quat_integrate_body_wxyz(res, f->q, f->w, f->dt);
  mj_differentiatePos(f->m, dq, (mjtNum)f->dt, f->qpos0, f->qpos);
  real_from_mj(want, dq + 3, 3);
  assert_int_equal(spconv_body_angvel_from_quats_wxyz(back, f->q, res, f->dt), SPCONV_OK);
  EXPECT_VEC_NEAR(back, want, 3, TEST_TOL * (1 + 1 / (double)f->dt));
}

TEST_RUN(test_body_angvel_from_quats_wxyz_vs_mj_differentiatePos, for_all_free_steps(check_differentiate_pos))

/* ----------------------------------------------------- compiler eulerseq */

/* Every eulerseq string of 3 letters from xyzXYZ (216, mixed case and
   repeated axes included), with random angles (seed 403): MuJoCo's
   body_quat for euler="a b c" (radians), handed to check with the string. */
typedef void (*eulerseq_check)(const char *seq_s, const spconv_real ang[3],
                               const spconv_real want[4]);

static void for_all_eulerseq(eulerseq_check check) {
  const char letters[] = "xyzXYZ";
  int i0, i1, i2;
  test_seed(403);
  for (i0 = 0; i0 < 6; ++i0)
    for (i1 = 0; i1 < 6; ++i1)
      for (i2 = 0; i2 < 6; ++i2) {
        char seq_s[4], xml[600];
        spconv_real ang[3], want[4];
        mjModel *m;
        seq_s[0] = letters[i0];
        seq_s[1] = letters[i1];
        seq_s[2] = letters[i2];
        seq_s[3] = '\0';
        test_rand_vec(ang, 3, 3.0);
        snprintf(xml, sizeof xml,
                 "<mujoco><compiler angle='radian' eulerseq='%s'/><worldbody>"
                 "<body euler='%.17g %.17g %.17g'><geom size='0.1' mass='1'/></body>"
                 "</worldbody></mujoco>",
                 seq_s, (double)ang[0], (double)ang[1], (double)ang[2]);
        m = test_mujoco_load(xml);
        assert_non_null(m);
        real_from_mj(want, m->body_quat + 4, 4);
        mj_deleteModel(m);
        check(seq_s, ang, want);
      }
}

static void check_mujoco_euler(const char *seq_s, const spconv_real ang[3],
                               const spconv_real want[4]) {
  spconv_real res[4];
  assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(res, ang, seq_s), SPCONV_OK);
  EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
}

TEST_RUN(test_quat_wxyz_from_mujoco_euler_vs_compiler, for_all_eulerseq(check_mujoco_euler))

/* for the 24 strings the parser accepts: spconv_quat_wxyz_from_euler with
   the parsed pair */
static int n_parsed;
static void check_parsed_eulerseq(const char *seq_s, const spconv_real ang[3],
                                  const spconv_real want[4]) {
  spconv_real res[4];
  spconv_euler_seq seq;
  spconv_euler_kind kind;
  if (spconv_euler_seq_from_mujoco(&seq, &kind, seq_s) != SPCONV_OK) return;
  ++n_parsed;
  assert_int_equal(spconv_quat_wxyz_from_euler(res, ang, seq, kind), SPCONV_OK);
  EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
}

static void test_euler_seq_from_mujoco_vs_compiler(void **state) {
  (void)state;
  n_parsed = 0;
  for_all_eulerseq(check_parsed_eulerseq);
  assert_int_equal(n_parsed, 24);
}

/* ------------------------------------------- Euler formats in MJCF text */

/* Each spconv_euler_format spelled as MuJoCo's compiler reads it, from the
   formats' documented meaning (spconv_euler_format): under the compiler
   element (none: MJCF's defaults, degrees and eulerseq "xyz"; uppercase
   letters turn about the fixed axes, lowercase about the rotating ones),
   euler="a b c" with the i-th number sign[i] * angles[idx[i]], the stored
   number that turns about eulerseq[i]. */
typedef struct mjcf_spelling {
  spconv_euler_format format;
  const char *compiler;
  int idx[3], sign[3];
} mjcf_spelling;

#define MJCF_RAD(seq) "<compiler angle='radian' eulerseq='" seq "'/>"
#define MJCF_DEG(seq) "<compiler eulerseq='" seq "'/>"
static const mjcf_spelling mjcf_spellings[] = {
    {SPCONV_EULER_FORMAT_URDF_RPY, MJCF_RAD("XYZ"), {0, 1, 2}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_MJCF, "", {0, 1, 2}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_MJCF_RADIAN, "<compiler angle='radian'/>", {0, 1, 2}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_USD_ROTATE_XYZ, MJCF_DEG("XYZ"), {0, 1, 2}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_USD_ROTATE_XZY, MJCF_DEG("XZY"), {0, 2, 1}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_USD_ROTATE_YXZ, MJCF_DEG("YXZ"), {1, 0, 2}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_USD_ROTATE_YZX, MJCF_DEG("YZX"), {1, 2, 0}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_USD_ROTATE_ZXY, MJCF_DEG("ZXY"), {2, 0, 1}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_USD_ROTATE_ZYX, MJCF_DEG("ZYX"), {2, 1, 0}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_THREEJS_XYZ, MJCF_RAD("xyz"), {0, 1, 2}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_THREEJS_XZY, MJCF_RAD("xzy"), {0, 2, 1}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_THREEJS_YXZ, MJCF_RAD("yxz"), {1, 0, 2}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_THREEJS_YZX, MJCF_RAD("yzx"), {1, 2, 0}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_THREEJS_ZXY, MJCF_RAD("zxy"), {2, 0, 1}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_THREEJS_ZYX, MJCF_RAD("zyx"), {2, 1, 0}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_BLENDER_XYZ, MJCF_RAD("XYZ"), {0, 1, 2}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_BLENDER_XZY, MJCF_RAD("XZY"), {0, 2, 1}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_BLENDER_YXZ, MJCF_RAD("YXZ"), {1, 0, 2}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_BLENDER_YZX, MJCF_RAD("YZX"), {1, 2, 0}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_BLENDER_ZXY, MJCF_RAD("ZXY"), {2, 0, 1}, {1, 1, 1}},
    {SPCONV_EULER_FORMAT_BLENDER_ZYX, MJCF_RAD("ZYX"), {2, 1, 0}, {1, 1, 1}},
    /* Unity (x, y, z): z first, then x, then y, about the fixed axes */
    {SPCONV_EULER_FORMAT_UNITY, MJCF_DEG("ZXY"), {2, 0, 1}, {1, 1, 1}},
    /* Unreal (pitch, yaw, roll): Rz(yaw) Ry(-pitch) Rx(-roll) */
    {SPCONV_EULER_FORMAT_UNREAL, MJCF_DEG("zyx"), {1, 0, 2}, {1, -1, -1}},
};
#define MJCF_N_SPELLINGS ((int)(sizeof mjcf_spellings / sizeof mjcf_spellings[0]))
#define MJCF_BODIES 400 /* bodies per model: one model per format and check */

static const mjcf_spelling *mjcf_spelling_of(spconv_euler_format format) {
  int i;
  for (i = 0; i < MJCF_N_SPELLINGS; ++i)
    if (mjcf_spellings[i].format == format) return &mjcf_spellings[i];
  return NULL;
}

static int mjcf_degrees(const mjcf_spelling *sp) { return strstr(sp->compiler, "radian") == NULL; }

/* MuJoCo's body_quat (wxyz, MJCF_BODIES rows) of bodies whose euler= are
   the rows of angles (3 numbers each, as sp's format stores them) */
static void mjcf_body_quats(spconv_real *want, const mjcf_spelling *sp, const spconv_real *angles) {
  size_t cap = 256 + 200 * (size_t)MJCF_BODIES, len;
  char *xml = (char *)malloc(cap);
  mjModel *m;
  int b, i;
  assert_non_null(xml);
  len = (size_t)snprintf(xml, cap, "<mujoco>%s<worldbody>", sp->compiler);
  for (b = 0; b < MJCF_BODIES; ++b) {
    double e[3];
    for (i = 0; i < 3; ++i) e[i] = sp->sign[i] * (double)angles[3 * b + sp->idx[i]];
    len += (size_t)snprintf(xml + len, cap - len,
                            "<body euler='%.17g %.17g %.17g'><geom size='0.1' mass='1'/></body>",
                            e[0], e[1], e[2]);
  }
  snprintf(xml + len, cap - len, "</worldbody></mujoco>");
  m = test_mujoco_load(xml);
  free(xml);
  assert_non_null(m);
  assert_int_equal(m->nbody, MJCF_BODIES + 1);
  real_from_mj(want, m->body_quat + 4, 4 * MJCF_BODIES);
  mj_deleteModel(m);
}

/* rows of angles as sp's format stores them: each uniform in (-180, 180]
   degrees or (-pi, pi] radians; one row in 8 with the middle turn at +-90
   degrees (a lock) */
static void mjcf_random_angles(spconv_real *angles, const mjcf_spelling *sp) {
  const double half = mjcf_degrees(sp) ? 180.0 : 3.14159265358979323846;
  int b, i;
  for (b = 0; b < MJCF_BODIES; ++b) {
    for (i = 0; i < 3; ++i) angles[3 * b + i] = (spconv_real)-test_uniform(-half, half);
    if (b % 8 == 7) angles[3 * b + sp->idx[1]] = (spconv_real)((b % 16 == 7 ? 0.5 : -0.5) * half);
  }
}

/* res vs want (MuJoCo's body_quat of body b in sp's spelling), both wxyz,
   with the sign of res that matches; counted */
static long mjcf_checks;
static void expect_same_quat(const spconv_real res[4], const spconv_real want[4],
                             const mjcf_spelling *sp, int b) {
  spconv_real r[4];
  char what[160];
  double dot = 0.0;
  int i;
  for (i = 0; i < 4; ++i) dot += (double)res[i] * (double)want[i];
  for (i = 0; i < 4; ++i) r[i] = dot < 0 ? -res[i] : res[i];
  snprintf(what, sizeof what, "format 0x%x, body %d of <mujoco>%s", (unsigned)sp->format, b,
           sp->compiler);
  test_vec_near_impl(r, want, 4, TEST_TOL, what, __FILE__, __LINE__);
  ++mjcf_checks;
}

/* a status that is SPCONV_OK, or SPCONV_GIMBAL_LOCK at a lock */
static void expect_ok_or_lock(int status) {
  if (status != SPCONV_GIMBAL_LOCK) assert_int_equal(status, SPCONV_OK);
}

/* check(sp, angles, want) for every format, MJCF_BODIES rows of random
   angles each (seed 404), want = MuJoCo's body_quat of the rows
   in sp's spelling; check compares per_row quaternions per row */
typedef void (*mjcf_check)(const mjcf_spelling *sp, const spconv_real *angles,
                           const spconv_real *want);
static void for_all_mjcf_spellings(mjcf_check check, long per_row) {
  spconv_real angles[3 * MJCF_BODIES], want[4 * MJCF_BODIES];
  const double worst_before = test_worst_error;
  int f;
  assert_int_equal(MJCF_N_SPELLINGS, SPCONV_EULER_FORMAT_COUNT);
  test_seed(404);
  mjcf_checks = 0;
  test_worst_error = 0.0;
  for (f = SPCONV_EULER_FORMAT_FIRST; f < SPCONV_EULER_FORMAT_END; ++f) {
    const mjcf_spelling *sp = mjcf_spelling_of((spconv_euler_format)f);
    assert_non_null(sp);
    mjcf_random_angles(angles, sp);
    mjcf_body_quats(want, sp, angles);
    check(sp, angles, want);
  }
  print_message("%ld comparisons with MuJoCo's body_quat, largest relative error %.3g\n",
                mjcf_checks, test_worst_error);
  if (worst_before > test_worst_error) test_worst_error = worst_before;
  assert_true(mjcf_checks == per_row * SPCONV_EULER_FORMAT_COUNT * MJCF_BODIES);
}

/* spconv_quat_wxyz_from_euler_format of the stored angles */
static void check_format_quat(const mjcf_spelling *sp, const spconv_real *angles,
                              const spconv_real *want) {
  int b;
  for (b = 0; b < MJCF_BODIES; ++b) {
    spconv_real res[4];
    assert_int_equal(spconv_quat_wxyz_from_euler_format(res, angles + 3 * b, sp->format), SPCONV_OK);
    expect_same_quat(res, want + 4 * b, sp, b);
  }
}

TEST_RUN(test_quat_wxyz_from_euler_format_vs_compiler, for_all_mjcf_spellings(check_format_quat, 1))

/* spconv_euler_format_from_quat_wxyz of MuJoCo's quaternion, written back
   in the same spelling: MuJoCo compiles the same rotation */
static void check_format_from_quat(const mjcf_spelling *sp, const spconv_real *angles,
                                   const spconv_real *want) {
  spconv_real back[3 * MJCF_BODIES], again[4 * MJCF_BODIES];
  int b;
  (void)angles;
  for (b = 0; b < MJCF_BODIES; ++b)
    expect_ok_or_lock(spconv_euler_format_from_quat_wxyz(back + 3 * b, want + 4 * b, sp->format));
  mjcf_body_quats(again, sp, back);
  for (b = 0; b < MJCF_BODIES; ++b) expect_same_quat(again + 4 * b, want + 4 * b, sp, b);
}

TEST_RUN(test_euler_format_from_quat_wxyz_vs_compiler, for_all_mjcf_spellings(check_format_from_quat, 1))

/* spconv_euler_convert of the stored angles into MJCF's default spelling
   (degrees, eulerseq "xyz") and into MJCF_RADIAN: MuJoCo compiles the
   rotation that the format's own spelling gave */
static void check_convert_to_mjcf(const mjcf_spelling *sp, const spconv_real *angles,
                                  const spconv_real *want) {
  static const spconv_euler_format targets[2] = {SPCONV_EULER_FORMAT_MJCF,
                                                 SPCONV_EULER_FORMAT_MJCF_RADIAN};
  spconv_real conv[3 * MJCF_BODIES], got[4 * MJCF_BODIES];
  int b, t;
  for (t = 0; t < 2; ++t) {
    for (b = 0; b < MJCF_BODIES; ++b)
      expect_ok_or_lock(spconv_euler_convert(conv + 3 * b, targets[t], angles + 3 * b, sp->format));
    mjcf_body_quats(got, mjcf_spelling_of(targets[t]), conv);
    for (b = 0; b < MJCF_BODIES; ++b) expect_same_quat(got + 4 * b, want + 4 * b, sp, b);
  }
}

TEST_RUN(test_euler_convert_to_mjcf_vs_compiler, for_all_mjcf_spellings(check_convert_to_mjcf, 2))

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_mat_from_quat_wxyz_vs_mju_quat2Mat),
      cmocka_unit_test(test_quat_wxyz_from_mat_vs_mju_mat2Quat),
      cmocka_unit_test(test_quat_mul_wxyz_vs_mju_mulQuat),
      cmocka_unit_test(test_quat_rotate_wxyz_vs_mju_rotVecQuat),
      cmocka_unit_test(test_quat_wxyz_from_axis_angle_vs_mju_axisAngle2Quat),
      cmocka_unit_test(test_rotvec_from_quat_wxyz_vs_mju_quat2Vel),
      cmocka_unit_test(test_body_angvel_from_quats_wxyz_vs_mju_subQuat),
      cmocka_unit_test(test_quat_integrate_body_wxyz_vs_mju_quatIntegrate),
      cmocka_unit_test(test_quat_integrate_body_wxyz_vs_mj_integratePos),
      cmocka_unit_test(test_body_angvel_from_quats_wxyz_vs_mj_differentiatePos),
      cmocka_unit_test(test_quat_wxyz_from_mujoco_euler_vs_compiler),
      cmocka_unit_test(test_euler_seq_from_mujoco_vs_compiler),
      cmocka_unit_test(test_quat_wxyz_from_euler_format_vs_compiler),
      cmocka_unit_test(test_euler_format_from_quat_wxyz_vs_compiler),
      cmocka_unit_test(test_euler_convert_to_mjcf_vs_compiler),
  };
  int failed;
  (void)test_power_scale;
  assert_int_equal(mj_version(), mjVERSION_HEADER);
  failed = cmocka_run_group_tests_name("spatial_conv rotations vs MuJoCo (" TEST_PRECISION ")",
                                       tests, NULL, NULL);
  test_print_summary("spatial_conv rotations vs MuJoCo");
  return failed;
}
