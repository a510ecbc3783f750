/* spatial_conv.h sections: engine conventions, MuJoCo (vs MuJoCo 2.2.2). */
/* spatial_conv conventions vs MuJoCo 2.2.2: the descriptor conversions of
   twists, accelerations and wrenches, and the c-frame functions, against the
   engine's own mj_objectVelocity, mj_objectAcceleration (after
   mj_rnePostConstraint), mj_applyFT and cfrc_ext, for free bodies and hinged
   children, over seeded random states; one cmocka test per header function,
   named after it and the engine quantity it is checked against.

   MuJoCo 2.2.2 references (src/engine/engine_support.c of that release):
     mj_objectVelocity(BODY / XBODY, flg_local)
         [w; v] at xipos / xpos; flg_local: rotated by ximat / xmat (the
         inertial frame for BODY, the body frame for XBODY)
     mj_objectAcceleration(...)
         the same shift of cacc (a spatial acceleration), then
         "acc_tran += vel_rot x vel_tran": the classical acceleration
         [alpha; a_P] of the object's point
     mj_applyFT(f, tau, point, body)   qfrc += J^T [f; tau about point]
     cfrc_ext                          [tau; f] at subtree_com of the root
   The model has no gravity, so cacc holds no gravity offset, except in
   test_accel_from_mujoco_cframe_gravity_offset, which checks that offset. */
#include <stdlib.h>

#include "test_mujoco_util.h"

#include <mujoco/mujoco.h>

#define N_STATES 200
#define MAX_NV 64

static const char model_xml[] =
    "<mujoco model='spconv_conventions'>"
    "  <option gravity='0 0 0' timestep='0.002'/>"
    "  <default><geom contype='0' conaffinity='0' size='0.05'/></default>"
    "  <worldbody>"
    "    <body name='a' pos='0 0 1'>"
    "      <freejoint name='a_free'/>"
    "      <inertial pos='0.10 -0.20 0.30' quat='0.9 0.3 -0.2 0.25' mass='1.5'"
    "                diaginertia='0.02 0.03 0.04'/>"
    "      <body name='a_arm' pos='0.2 0.1 -0.1' quat='0.8 0.2 0.5 -0.1'>"
    "        <joint name='a_hinge' type='hinge' axis='0.3 1 0.2' pos='0.05 0 0'/>"
    "        <inertial pos='0.15 0.05 -0.02' quat='0.7 0.1 0.6 -0.3' mass='0.7'"
    "                  diaginertia='0.005 0.006 0.007'/>"
    "        <body name='a_hand' pos='0.1 0.3 0.1'>"
    "          <joint name='a_slide' type='slide' axis='0.5 0.1 -0.3'/>"
    "          <inertial pos='-0.05 0.02 0.1' mass='0.2' diaginertia='0.001 0.002 0.0015'/>"
    "        </body>"
    "      </body>"
    "    </body>"
    "    <body name='b' pos='1 0 1'>"
    "      <freejoint name='b_free'/>"
    "      <inertial pos='-0.25 0.05 0.12' quat='0.2 0.8 0.5 -0.1' mass='0.8'"
    "                diaginertia='0.01 0.015 0.02'/>"
    "    </body>"
    "    <body name='c' pos='-1 0 1'>"
    "      <freejoint name='c_free'/>"
    "      <inertial pos='0 0.35 -0.15' quat='0.5 -0.5 0.5 0.5' mass='2.0'"
    "                diaginertia='0.05 0.04 0.06'/>"
    "      <body name='c_arm' pos='0 0 0.3'>"
    "        <joint name='c_ball' type='ball'/>"
    "        <inertial pos='0 0.1 0.2' quat='0.6 0 0.8 0' mass='0.5'"
    "                  diaginertia='0.003 0.004 0.005'/>"
    "      </body>"
    "    </body>"
    "  </worldbody>"
    "</mujoco>";

static mjModel *m = NULL;
static mjData *d = NULL;
static long n_checks = 0, n_pairs = 0;

#define CHECK_VEC(a, b, n) (++n_checks, EXPECT_VEC_NEAR(a, b, n, TEST_TOL))

static spconv_convention conv(spconv_order order, spconv_point point, spconv_frame lf,
                              spconv_frame af, spconv_accel_kind accel) {
  spconv_convention c;
  c.order = order;
  c.point = point;
  c.linear_frame = lf;
  c.angular_frame = af;
  c.angle_unit = SPCONV_ANGLE_RADIANS;
  c.accel = accel;
  return c;
}

/* the body frame (xpos, xquat, body_ipos) and the inertial frame (xipos,
   quaternion of ximat, COM at its origin) of body b */
static void bodies_of(spconv_body *body, spconv_body *inertial, int b) {
  mjtNum q[4];
  int i;
  real_from_mj(body->pos, d->xpos + 3 * b, 3);
  real_from_mj(body->quat_wxyz, d->xquat + 4 * b, 4);
  real_from_mj(body->com, m->body_ipos + 3 * b, 3);
  real_from_mj(inertial->pos, d->xipos + 3 * b, 3);
  mju_mat2Quat(q, d->ximat + 9 * b);
  real_from_mj(inertial->quat_wxyz, q, 4);
  for (i = 0; i < 3; ++i) inertial->com[i] = 0;
}

/* seeded random state: free joints a position and a (normalized by MuJoCo)
   random rotation, ball joints a rotation, hinges and slides a value; every
   dof a velocity and an applied generalized force; then mj_forward and
   mj_rnePostConstraint (which fills cacc and cfrc_ext) */
static void random_state(void) {
  int j, i;
  for (j = 0; j < m->njnt; ++j) {
    int a = m->jnt_qposadr[j];
    spconv_real p[3], q[4];
    switch (m->jnt_type[j]) {
      case mjJNT_FREE:
        test_rand_vec(p, 3, 2.0);
        test_rand_quat(q);
        mj_from_real(d->qpos + a, p, 3);
        mj_from_real(d->qpos + a + 3, q, 4);
        break;
      case mjJNT_BALL:
        test_rand_quat(q);
        mj_from_real(d->qpos + a, q, 4);
        break;
      default: d->qpos[a] = test_uniform(-1.5, 1.5); break;
    }
  }
  mj_normalizeQuat(m, d->qpos);
  for (i = 0; i < m->nv; ++i) {
    d->qvel[i] = test_uniform(-3.0, 3.0);
    d->qfrc_applied[i] = test_uniform(-2.0, 2.0);
  }
  mju_zero(d->xfrc_applied, 6 * m->nbody);
  mj_forward(m, d);
  mj_rnePostConstraint(m, d);
}

static int load_model(void **state) {
  (void)state;
  return test_mujoco_make(&m, &d, model_xml);
}

static int free_model(void **state) {
  (void)state;
  test_mujoco_free(&m, &d);
  return 0;
}

/* mj_objectVelocity / mj_objectAcceleration as spconv_real [ang; lin] */
static void object_vec(spconv_real res[6], int acc, int objtype, int b, int local) {
  mjtNum v[6];
  if (acc) mj_objectAcceleration(m, d, objtype, b, v, local);
  else mj_objectVelocity(m, d, objtype, b, v, local);
  real_from_mj(res, v, 6);
}

/* The four MuJoCo object frames as descriptors: BODY world [w; v_C] world,
   XBODY world = Drake's V_WB_W, XBODY local = DART's / MR's body twist,
   BODY local = the inertial frame's own twist. Each is checked from the
   c-frame (every body) and from qvel / qacc (free bodies), one test per
   header function; every test runs the same random states (seed 0xc0de5). */
typedef struct object_case {
  int objtype, local;
  spconv_convention c;
  const spconv_body *frame;
} object_case;

/* the four frames for velocities (acc = 0) or classical accelerations */
static void object_cases(object_case cases[4], int acc, const spconv_body *body,
                         const spconv_body *inertial) {
  spconv_accel_kind kind = acc ? SPCONV_ACCEL_CLASSICAL : SPCONV_ACCEL_SPATIAL;
  cases[0].objtype = mjOBJ_BODY;
  cases[0].local = 0;
  cases[0].c = conv(SPCONV_ORDER_ANGULAR_FIRST, SPCONV_POINT_COM, SPCONV_FRAME_WORLD,
                    SPCONV_FRAME_WORLD, kind);
  cases[0].frame = body;
  cases[1].objtype = mjOBJ_XBODY;
  cases[1].local = 0;
  cases[1].c = spconv_convention_from_preset(SPCONV_PRESET_DRAKE);
  cases[1].frame = body;
  cases[2].objtype = mjOBJ_XBODY;
  cases[2].local = 1;
  cases[2].c = spconv_convention_from_preset(SPCONV_PRESET_DART_BODY);
  cases[2].c.accel = kind;
  cases[2].frame = body;
  cases[3].objtype = mjOBJ_BODY;
  cases[3].local = 1;
  cases[3].c = conv(SPCONV_ORDER_ANGULAR_FIRST, SPCONV_POINT_ORIGIN, SPCONV_FRAME_BODY,
                    SPCONV_FRAME_BODY, kind);
  cases[3].frame = inertial;
}

/* one body of one random state: its frames, subtree_com S of its root,
   cvel, cacc, and the free joint's qvel, qacc (j >= 0 only) */
typedef struct body_state {
  int b, j;
  spconv_body body, inertial;
  spconv_real S[3], cvel[6], cacc[6], qvel[6], qacc[6];
} body_state;

typedef void (*body_check)(const body_state *s);

static void for_all_bodies(body_check check) {
  int k, b;
  test_seed(0xc0de5);
  for (k = 0; k < N_STATES; ++k) {
    random_state();
    for (b = 1; b < m->nbody; ++b) {
      body_state s;
      s.b = b;
      s.j = test_mujoco_free_joint(m, b);
      bodies_of(&s.body, &s.inertial, b);
      real_from_mj(s.S, d->subtree_com + 3 * m->body_rootid[b], 3);
      real_from_mj(s.cvel, d->cvel + 6 * b, 6);
      real_from_mj(s.cacc, d->cacc + 6 * b, 6);
      if (s.j >= 0) {
        real_from_mj(s.qvel, d->qvel + m->jnt_dofadr[s.j], 6);
        real_from_mj(s.qacc, d->qacc + m->jnt_dofadr[s.j], 6);
      }
      ++n_pairs;
      check(&s);
    }
  }
}

/* c-frame -> each object frame; also: the frames are MuJoCo's, R(xquat) =
   xmat, R(quat of ximat) = ximat */
static void check_twist_from_cframe(const body_state *s) {
  object_case cases[4];
  spconv_real R[9], want9[9];
  int i;
  test_mat_of_quat(R, s->body.quat_wxyz);
  real_from_mj(want9, d->xmat + 9 * s->b, 9);
  CHECK_VEC(R, want9, 9);
  test_mat_of_quat(R, s->inertial.quat_wxyz);
  real_from_mj(want9, d->ximat + 9 * s->b, 9);
  CHECK_VEC(R, want9, 9);
  object_cases(cases, 0, &s->body, &s->inertial);
  for (i = 0; i < 4; ++i) {
    spconv_real want[6], got[6];
    object_vec(want, 0, cases[i].objtype, s->b, cases[i].local);
    assert_int_equal(spconv_twist_from_mujoco_cframe(got, &cases[i].c, s->cvel, s->S, cases[i].frame),
                     SPCONV_OK);
    CHECK_VEC(got, want, 6);
  }
}

static void test_twist_from_mujoco_cframe_vs_mj_objectVelocity(void **state) {
  (void)state;
  assert_int_equal(mj_version(), mjVERSION_HEADER);
  for_all_bodies(check_twist_from_cframe);
}

static void check_accel_from_cframe(const body_state *s) {
  object_case cases[4];
  int i;
  object_cases(cases, 1, &s->body, &s->inertial);
  for (i = 0; i < 4; ++i) {
    spconv_real want[6], got[6];
    object_vec(want, 1, cases[i].objtype, s->b, cases[i].local);
    assert_int_equal(spconv_accel_from_mujoco_cframe(got, &cases[i].c, s->cacc, s->cvel, s->S,
                                                     cases[i].frame),
                     SPCONV_OK);
    CHECK_VEC(got, want, 6);
  }
}

TEST_RUN(test_accel_from_mujoco_cframe_vs_mj_objectAcceleration, for_all_bodies(check_accel_from_cframe))

/* the free joint's qvel (MUJOCO_FREE) -> each object frame; the inertial
   frame's twist re-read through a COM twist */
static void check_twist_convert(const body_state *s) {
  const spconv_convention mjfree = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  object_case cases[4];
  int i;
  if (s->j < 0) return;
  object_cases(cases, 0, &s->body, &s->inertial);
  for (i = 0; i < 4; ++i) {
    spconv_real want[6], got[6];
    object_vec(want, 0, cases[i].objtype, s->b, cases[i].local);
    assert_int_equal(spconv_twist_convert(got, &cases[i].c, s->qvel, &mjfree, &s->body), SPCONV_OK);
    if (cases[i].frame == &s->inertial) { /* re-read in the inertial frame */
      spconv_real tw[6];
      spconv_convention lwa_c = conv(SPCONV_ORDER_LINEAR_FIRST, SPCONV_POINT_COM, SPCONV_FRAME_WORLD,
                                     SPCONV_FRAME_WORLD, SPCONV_ACCEL_CLASSICAL);
      assert_int_equal(spconv_twist_convert(tw, &lwa_c, s->qvel, &mjfree, &s->body), SPCONV_OK);
      assert_int_equal(spconv_twist_convert(got, &cases[i].c, tw, &lwa_c, &s->inertial), SPCONV_OK);
    }
    CHECK_VEC(got, want, 6);
  }
}

TEST_RUN(test_twist_convert_mujoco_free_vs_mj_objectVelocity, for_all_bodies(check_twist_convert))

/* the free joint's qacc (MUJOCO_FREE) -> each object frame */
static void check_accel_convert(const body_state *s) {
  const spconv_convention mjfree = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  object_case cases[4];
  int i;
  if (s->j < 0) return;
  object_cases(cases, 1, &s->body, &s->inertial);
  for (i = 0; i < 4; ++i) {
    spconv_real want[6], got[6];
    object_vec(want, 1, cases[i].objtype, s->b, cases[i].local);
    if (cases[i].frame == &s->inertial) {
      spconv_real tw[6], ac[6];
      spconv_convention lw = conv(SPCONV_ORDER_LINEAR_FIRST, SPCONV_POINT_COM, SPCONV_FRAME_WORLD,
                                     SPCONV_FRAME_WORLD, SPCONV_ACCEL_CLASSICAL);
      assert_int_equal(spconv_twist_convert(tw, &lw, s->qvel, &mjfree, &s->body), SPCONV_OK);
      assert_int_equal(spconv_accel_convert(ac, &lw, s->qacc, &mjfree, s->qvel, &s->body), SPCONV_OK);
      assert_int_equal(spconv_accel_convert(got, &cases[i].c, ac, &lw, tw, &s->inertial), SPCONV_OK);
    } else {
      assert_int_equal(spconv_accel_convert(got, &cases[i].c, s->qacc, &mjfree, s->qvel, &s->body),
                       SPCONV_OK);
    }
    CHECK_VEC(got, want, 6);
  }
}

TEST_RUN(test_accel_convert_mujoco_free_vs_mj_objectAcceleration, for_all_bodies(check_accel_convert))

/* qvel -> cvel of the free (root) body */
static void check_cframe_from_twist(const body_state *s) {
  const spconv_convention mjfree = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  spconv_real got[6];
  if (s->j < 0) return;
  assert_int_equal(spconv_mujoco_cframe_from_twist(got, s->S, s->qvel, &mjfree, &s->body), SPCONV_OK);
  CHECK_VEC(got, s->cvel, 6);
}

TEST_RUN(test_mujoco_cframe_from_twist_vs_cvel, for_all_bodies(check_cframe_from_twist))

/* qacc -> cacc of the free (root) body */
static void check_cframe_from_accel(const body_state *s) {
  const spconv_convention mjfree = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  spconv_real got[6];
  if (s->j < 0) return;
  assert_int_equal(spconv_mujoco_cframe_from_accel(got, s->S, s->qacc, &mjfree, s->qvel, &s->body),
                   SPCONV_OK);
  CHECK_VEC(got, s->cacc, 6);
}

TEST_RUN(test_mujoco_cframe_from_accel_vs_cacc, for_all_bodies(check_cframe_from_accel))

/* mj_applyFT: a wrench given under each preset, applied by MuJoCo as the
   world force and the world moment about the preset's point (read here from
   xmat, xpos, xipos), gives the free joint's qfrc = spconv_wrench_convert to
   MUJOCO_FREE; no other dof is touched. */
static void test_wrench_convert_vs_mj_applyFT(void **state) {
  int k, b, id;
  spconv_convention mjfree = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  (void)state;
  test_seed(0xf7f7);
  for (k = 0; k < N_STATES / 4; ++k) {
    random_state();
    for (b = 1; b < m->nbody; ++b) {
      int j = test_mujoco_free_joint(m, b), adr, i;
      spconv_body body, inertial;
      if (j < 0) continue;
      adr = m->jnt_dofadr[j];
      bodies_of(&body, &inertial, b);
      for (id = 0; id < SPCONV_PRESET_COUNT; ++id) {
        spconv_convention c = spconv_convention_from_preset(TEST_PRESET(id));
        spconv_real g[6], qfrc[6], got[6];
        mjtNum lin[3], ang[3], f[3], tau[3], point[3], mq[MAX_NV];
        int lo = c.order == SPCONV_ORDER_LINEAR_FIRST ? 0 : 3;
        test_rand_vec(g, 6, 4.0);
        mj_from_real(lin, g + lo, 3);
        mj_from_real(ang, g + 3 - lo, 3);
        if (c.linear_frame == SPCONV_FRAME_BODY) mju_rotVecMat(f, lin, d->xmat + 9 * b);
        else mju_copy3(f, lin);
        if (c.angular_frame == SPCONV_FRAME_BODY) mju_rotVecMat(tau, ang, d->xmat + 9 * b);
        else mju_copy3(tau, ang);
        if (c.point == SPCONV_POINT_COM) mju_copy3(point, d->xipos + 3 * b);
        else if (c.point == SPCONV_POINT_ORIGIN) mju_copy3(point, d->xpos + 3 * b);
        else mju_zero3(point);
        mju_zero(mq, m->nv);
        mj_applyFT(m, d, f, tau, point, b, mq);
        real_from_mj(got, mq + adr, 6);
        assert_int_equal(spconv_wrench_convert(qfrc, &mjfree, g, &c, &body), SPCONV_OK);
        CHECK_VEC(qfrc, got, 6);
        { /* power: MuJoCo's qfrc . qvel == the preset's wrench . twist
             (pi/180 on the angular part of a degree convention) */
          spconv_real qvel[6], t[6];
          double p = 0, s = 0;
          int ao = 3 - lo;
          real_from_mj(qvel, d->qvel + adr, 6);
          assert_int_equal(spconv_twist_convert(t, &c, qvel, &mjfree, &body), SPCONV_OK);
          for (i = 0; i < 3; ++i) {
            p += (double)g[lo + i] * (double)t[lo + i];
            s += (double)g[ao + i] * (double)t[ao + i];
          }
          if (c.angle_unit == SPCONV_ANGLE_DEGREES) s *= 3.14159265358979323846 / 180.0;
          ++n_checks;
          EXPECT_NEAR(p + s, spconv_power(got, qvel), TEST_TOL,
                      fmax(test_power_scale(g, t), test_power_scale(got, qvel)));
        }
        for (i = 0; i < m->nv; ++i)
          if (i < adr || i >= adr + 6) assert_true(mq[i] == 0.0);
        ++n_pairs;
      }
    }
  }
}

/* cfrc_ext after mj_rnePostConstraint: xfrc_applied ([f; tau about xipos],
   world) appears as [tau about subtree_com; f] = spconv_mujoco_cframe_from_wrench
   from MUJOCO_XFRC; and back. Both tests apply the same random wrenches
   (seed 0xcf2c). */
typedef void (*cfrc_check)(const spconv_real xfrc[6], const spconv_real S[3],
                           const spconv_real cfrc[6], const spconv_body *body);

static void for_all_cfrc_cases(cfrc_check check) {
  int k, b;
  test_seed(0xcf2c);
  for (k = 0; k < N_STATES / 4; ++k) {
    spconv_real xfrc[16][6];
    random_state();
    for (b = 1; b < m->nbody; ++b) {
      test_rand_vec(xfrc[b], 6, 4.0);
      mj_from_real(d->xfrc_applied + 6 * b, xfrc[b], 6);
    }
    mj_forward(m, d);
    mj_rnePostConstraint(m, d);
    for (b = 1; b < m->nbody; ++b) {
      spconv_body body, inertial;
      spconv_real S[3], cfrc[6];
      bodies_of(&body, &inertial, b);
      real_from_mj(S, d->subtree_com + 3 * m->body_rootid[b], 3);
      real_from_mj(cfrc, d->cfrc_ext + 6 * b, 6);
      check(xfrc[b], S, cfrc, &body);
      ++n_pairs;
    }
  }
}

static void check_cframe_from_wrench(const spconv_real xfrc[6], const spconv_real S[3],
                                     const spconv_real cfrc[6], const spconv_body *body) {
  const spconv_convention xf = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_XFRC);
  spconv_real got[6];
  assert_int_equal(spconv_mujoco_cframe_from_wrench(got, S, xfrc, &xf, body), SPCONV_OK);
  CHECK_VEC(got, cfrc, 6);
}

TEST_RUN(test_mujoco_cframe_from_wrench_vs_cfrc_ext, for_all_cfrc_cases(check_cframe_from_wrench))

static void check_wrench_from_cframe(const spconv_real xfrc[6], const spconv_real S[3],
                                     const spconv_real cfrc[6], const spconv_body *body) {
  const spconv_convention xf = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_XFRC);
  spconv_real back[6];
  assert_int_equal(spconv_wrench_from_mujoco_cframe(back, &xf, cfrc, S, body), SPCONV_OK);
  CHECK_VEC(back, xfrc, 6);
}

TEST_RUN(test_wrench_from_mujoco_cframe_vs_cfrc_ext, for_all_cfrc_cases(check_wrench_from_cframe))

/* With gravity g, cacc holds MuJoCo's offset (the world's cacc is
   [0; -g]): the c-frame route plus g equals the route from qacc. */
static void test_accel_from_mujoco_cframe_gravity_offset(void **state) {
  int k, b, i;
  spconv_convention mjfree = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  spconv_convention nt = spconv_convention_from_preset(SPCONV_PRESET_NEWTON);
  const mjtNum g[3] = {0.3, -0.2, -9.81};
  (void)state;
  test_seed(0x9a9);
  mju_copy3(m->opt.gravity, g);
  for (k = 0; k < N_STATES / 4; ++k) {
    random_state();
    for (b = 1; b < m->nbody; ++b) {
      int j = test_mujoco_free_joint(m, b);
      spconv_body body, inertial;
      spconv_real S[3], cvel[6], cacc[6], qvel[6], qacc[6], got[6], want[6];
      if (j < 0) continue;
      bodies_of(&body, &inertial, b);
      real_from_mj(S, d->subtree_com + 3 * m->body_rootid[b], 3);
      real_from_mj(cvel, d->cvel + 6 * b, 6);
      real_from_mj(cacc, d->cacc + 6 * b, 6);
      real_from_mj(qvel, d->qvel + m->jnt_dofadr[j], 6);
      real_from_mj(qacc, d->qacc + m->jnt_dofadr[j], 6);
      assert_int_equal(spconv_accel_from_mujoco_cframe(got, &nt, cacc, cvel, S, &body), SPCONV_OK);
      for (i = 0; i < 3; ++i) got[i] += (spconv_real)g[i];
      assert_int_equal(spconv_accel_convert(want, &nt, qacc, &mjfree, qvel, &body), SPCONV_OK);
      CHECK_VEC(got, want, 6);
      ++n_pairs;
    }
  }
  mju_zero3(m->opt.gravity);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_twist_from_mujoco_cframe_vs_mj_objectVelocity),
      cmocka_unit_test(test_accel_from_mujoco_cframe_vs_mj_objectAcceleration),
      cmocka_unit_test(test_twist_convert_mujoco_free_vs_mj_objectVelocity),
      cmocka_unit_test(test_accel_convert_mujoco_free_vs_mj_objectAcceleration),
      cmocka_unit_test(test_mujoco_cframe_from_twist_vs_cvel),
      cmocka_unit_test(test_mujoco_cframe_from_accel_vs_cacc),
      cmocka_unit_test(test_wrench_convert_vs_mj_applyFT),
      cmocka_unit_test(test_mujoco_cframe_from_wrench_vs_cfrc_ext),
      cmocka_unit_test(test_wrench_from_mujoco_cframe_vs_cfrc_ext),
      cmocka_unit_test(test_accel_from_mujoco_cframe_gravity_offset),
  };
  int failed;
  printf("MuJoCo %s (library %d, header %d)\n", mj_versionString(), mj_version(),
         mjVERSION_HEADER);
  failed = cmocka_run_group_tests_name("spatial_conv conventions vs MuJoCo (" TEST_PRECISION ")",
                                       tests, load_model, free_model);
  test_print_summary("spatial_conv conventions vs MuJoCo");
  printf("spatial_conv conventions vs MuJoCo (%s): %ld (body, state) pairs, %ld comparisons\n",
         TEST_PRECISION, n_pairs, n_checks);
  return failed;
}
