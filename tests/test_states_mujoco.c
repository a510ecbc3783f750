/* spatial_conv.h sections: body states (vs MuJoCo 2.2.2). */
/* spatial_conv body states vs MuJoCo 2.2.2: free bodies whose inertial
   frame is offset from the body origin and rotated (<inertial pos quat
   diaginertia> with three different moments), seeded random qpos (stored
   non-unit for spatial_conv; MuJoCo gets it normalized) and qvel, then
   mj_forward. Checked against the engine's own arrays:
     spconv_state_convert MUJOCO_FREE (qpos, qvel, body_ipos, body_iquat)
       -> MUJOCO_XFRC pose  [xipos; quaternion of ximat]
       -> origin / body pose [xpos; xquat] (MUJOCO_FREE, GZ_SIM, NEWTON)
       -> twist under MUJOCO_XFRC / NEWTON = mj_objectVelocity(mjOBJ_BODY,
          flg_local 0), twist under ISAACLAB_LINK = mj_objectVelocity(
          mjOBJ_XBODY, flg_local 0), both reordered [w; v] -> [v; w]
     spconv_wrench_from_force_at_point (world and body inputs) under
       MUJOCO_XFRC / NEWTON, through spconv_mujoco_qfrc_from_wrench, and
       under MUJOCO_FREE directly (its wrench is qfrc) = what mj_applyFT
       adds to qfrc_target; spconv_force_at_point_from_wrench gives the
       force and torque back from that qfrc.
   MuJoCo 2.2.2's mj_objectVelocity reports [w; v] of the object's point
   (xipos for mjOBJ_BODY, xpos for mjOBJ_XBODY) in world axes when
   flg_local is 0 (src/engine/engine_support.c; test_conventions_mujoco.c
   relies on the same reading). It is checked here too, from MuJoCo's
   numbers alone: v_xpos - v_xipos = w x (xpos - xipos). */
#include <stdlib.h>

#include "test_mujoco_util.h"

#include <mujoco/mujoco.h>

#define N_STATES 200
#define MAX_NV 32

/* the model and its data (made in main), and what was compared */
static mjModel *m;
static mjData *d;
static long n_checks, n_bodies;
#define CHECK_VEC(a, b, n) (++n_checks, EXPECT_VEC_NEAR(a, b, n, TEST_TOL))

static const char model_xml[] =
    "<mujoco model='spconv_states'>"
    "  <option gravity='0 0 0' timestep='0.002'/>"
    "  <default><geom contype='0' conaffinity='0' size='0.05'/></default>"
    "  <worldbody>"
    "    <body name='a' pos='0 0 1'>"
    "      <freejoint name='a_free'/>"
    "      <inertial pos='0.12 -0.25 0.31' quat='0.9 0.3 -0.2 0.25' mass='1.5'"
    "                diaginertia='0.02 0.035 0.05'/>"
    "    </body>"
    "    <body name='b' pos='1 0 1'>"
    "      <freejoint name='b_free'/>"
    "      <inertial pos='-0.4 0.05 0.2' quat='0.2 0.8 0.5 -0.1' mass='0.8'"
    "                diaginertia='0.01 0.016 0.023'/>"
    "      <body name='b_arm' pos='0.2 0 0.1'>"
    "        <joint name='b_hinge' type='hinge' axis='0 1 0'/>"
    "        <inertial pos='0.1 0 0' mass='0.3' diaginertia='0.001 0.002 0.003'/>"
    "      </body>"
    "    </body>"
    "  </worldbody>"
    "</mujoco>";

static spconv_state_convention state_of(spconv_preset_id id) {
  return spconv_state_convention_from_preset(id);
}

/* one free body of one random state, as spatial_conv receives it */
typedef struct free_body {
  int b, qadr, vadr;
  spconv_real qpos[7];  /* [p; q_wxyz], q stored non-unit */
  spconv_real qvel[6];
  spconv_real ipos[3], iquat[4];
  spconv_body body;     /* spconv_body_from_pose of qpos */
} free_body;

typedef void (*free_check)(const free_body *fb);

/* seeded random states: free joints a random position and a random
   rotation (the non-unit copy kept for spatial_conv), other joints a
   value; every dof a velocity; then mj_forward. check() runs on every
   free body. */
static void for_all_free_bodies(uint64_t seed, free_check check) {
  int k, j, b;
  const spconv_state_convention mjfree = state_of(SPCONV_PRESET_MUJOCO_FREE);
  test_seed(seed);
  assert_true(m->njnt <= 8 && m->nv <= MAX_NV);
  for (k = 0; k < N_STATES; ++k) {
    spconv_real stored[8][7];
    for (j = 0; j < m->njnt; ++j) {
      const int a = m->jnt_qposadr[j];
      if (m->jnt_type[j] == mjJNT_FREE) {
        spconv_real *p = stored[j];
        test_rand_vec(p, 3, 2.0);
        test_rand_quat(p + 3);
        mj_from_real(d->qpos + a, p, 7);
      } else {
        d->qpos[a] = test_uniform(-1.5, 1.5);
      }
    }
    mj_normalizeQuat(m, d->qpos);
    for (j = 0; j < m->nv; ++j) d->qvel[j] = test_uniform(-3.0, 3.0);
    mju_zero(d->qfrc_applied, m->nv);
    mju_zero(d->xfrc_applied, 6 * m->nbody);
    mj_forward(m, d);
    for (b = 1; b < m->nbody; ++b) {
      free_body fb;
      const int jf = test_mujoco_free_joint(m, b);
      if (jf < 0) continue;
      /* the inertial frame is offset and rotated (a check that can fail) */
      assert_true(mju_norm3(m->body_ipos + 3 * b) > 0.1 && fabs(m->body_iquat[4 * b]) < 0.95);
      fb.b = b;
      fb.qadr = m->jnt_qposadr[jf];
      fb.vadr = m->jnt_dofadr[jf];
      memcpy(fb.qpos, stored[jf], sizeof fb.qpos);
      real_from_mj(fb.qvel, d->qvel + fb.vadr, 6);
      real_from_mj(fb.ipos, m->body_ipos + 3 * b, 3);
      real_from_mj(fb.iquat, m->body_iquat + 4 * b, 4);
      assert_int_equal(spconv_body_from_pose(&fb.body, fb.qpos, &mjfree.pose, fb.ipos, fb.iquat),
                       SPCONV_OK);
      ++n_bodies;
      check(&fb);
    }
  }
}

/* the rotation matrix of a quaternion stored under `order` at q */
static void mat_of_stored_quat(spconv_real R[9], const spconv_real *q,
                               spconv_rot_format order) {
  spconv_real w[4];
  if (order == SPCONV_ROT_QUAT_WXYZ) {
    memcpy(w, q, sizeof w);
  } else {
    w[0] = q[3];
    w[1] = q[0];
    w[2] = q[1];
    w[3] = q[2];
  }
  test_mat_of_quat(R, w);
}

/* a pose stored under c equals (position, row-major rotation matrix) */
static void check_pose(const spconv_pose_convention *c, const spconv_real pose[7],
                       const mjtNum *pos, const mjtNum *mat) {
  const int poff = c->layout == SPCONV_POSE_LAYOUT_POS_QUAT ? 0 : 4, qoff = poff ? 0 : 3;
  spconv_real R[9], want_p[3], want_R[9];
  real_from_mj(want_p, pos, 3);
  real_from_mj(want_R, mat, 9);
  mat_of_stored_quat(R, pose + qoff, c->quat_order);
  CHECK_VEC(pose + poff, want_p, 3);
  CHECK_VEC(R, want_R, 9);
}

/* MUJOCO_FREE -> MUJOCO_XFRC, ISAACLAB, BULLET, CHRONO (COM, inertial frame):
   xipos, ximat; -> MUJOCO_FREE, GZ_SIM, NEWTON, PHYSX, DRAKE (origin, body
   frame): xpos, xmat, and the quaternion xquat up to its sign */
static void check_state_pose(const free_body *fb) {
  static const spconv_preset_id com_presets[] = {SPCONV_PRESET_MUJOCO_XFRC, SPCONV_PRESET_ISAACLAB,
                                                 SPCONV_PRESET_BULLET, SPCONV_PRESET_CHRONO};
  static const spconv_preset_id origin_presets[] = {SPCONV_PRESET_MUJOCO_FREE, SPCONV_PRESET_GZ_SIM,
                                                    SPCONV_PRESET_NEWTON, SPCONV_PRESET_PHYSX,
                                                    SPCONV_PRESET_DRAKE};
  const spconv_state_convention mjfree = state_of(SPCONV_PRESET_MUJOCO_FREE);
  size_t i;
  for (i = 0; i < sizeof com_presets / sizeof com_presets[0]; ++i) {
    const spconv_state_convention to = state_of(com_presets[i]);
    spconv_real rp[7], rt[6];
    assert_int_equal(to.pose.point, SPCONV_POINT_COM);
    assert_int_equal(to.pose.frame, SPCONV_POSE_FRAME_INERTIAL);
    assert_int_equal(spconv_state_convert(rp, rt, &to, fb->qpos, fb->qvel, &mjfree, fb->ipos, fb->iquat),
                     SPCONV_OK);
    check_pose(&to.pose, rp, d->xipos + 3 * fb->b, d->ximat + 9 * fb->b);
  }
  for (i = 0; i < sizeof origin_presets / sizeof origin_presets[0]; ++i) {
    const spconv_state_convention to = state_of(origin_presets[i]);
    spconv_real rp[7], rt[6], q[4], xq[4];
    const int qoff = to.pose.layout == SPCONV_POSE_LAYOUT_POS_QUAT ? 3 : 0;
    int k;
    assert_int_equal(to.pose.point, SPCONV_POINT_ORIGIN);
    assert_int_equal(to.pose.frame, SPCONV_POSE_FRAME_BODY);
    assert_int_equal(spconv_state_convert(rp, rt, &to, fb->qpos, fb->qvel, &mjfree, fb->ipos, fb->iquat),
                     SPCONV_OK);
    check_pose(&to.pose, rp, d->xpos + 3 * fb->b, d->xmat + 9 * fb->b);
    for (k = 0; k < 4; ++k) /* to w x y z */
      q[k] = rp[qoff + (to.pose.quat_order == SPCONV_ROT_QUAT_WXYZ ? k : (k + 3) % 4)];
    real_from_mj(xq, d->xquat + 4 * fb->b, 4);
    if ((double)q[0] * (double)xq[0] + (double)q[1] * (double)xq[1] + (double)q[2] * (double)xq[2] +
            (double)q[3] * (double)xq[3] < 0)
      for (k = 0; k < 4; ++k) q[k] = -q[k];
    CHECK_VEC(q, xq, 4);
  }
  { /* the inertial frame from MuJoCo's (xipos, ximat) back to qpos */
    const spconv_state_convention xf = state_of(SPCONV_PRESET_MUJOCO_XFRC);
    spconv_real pose[7], twist[6] = {0, 0, 0, 0, 0, 0}, rp[7], rt[6];
    mjtNum q[4];
    real_from_mj(pose, d->xipos + 3 * fb->b, 3);
    mju_mat2Quat(q, d->ximat + 9 * fb->b);
    real_from_mj(pose + 3, q, 4);
    assert_int_equal(spconv_state_convert(rp, rt, &mjfree, pose, twist, &xf, fb->ipos, fb->iquat), SPCONV_OK);
    check_pose(&mjfree.pose, rp, d->xpos + 3 * fb->b, d->xmat + 9 * fb->b);
  }
}

TEST_RUN(test_state_convert_pose_vs_xipos_ximat_xpos_xquat, for_all_free_bodies(0x57a7e1, check_state_pose))

/* mj_objectVelocity of body b as [v; w] (world axes) */
static void object_twist(spconv_real res[6], int objtype, int b) {
  mjtNum v[6];
  mj_objectVelocity(m, d, objtype, b, v, 0);
  real_from_mj(res, v + 3, 3);
  real_from_mj(res + 3, v, 3);
}

static void check_state_twist(const free_body *fb) {
  static const spconv_preset_id com_twists[] = {SPCONV_PRESET_MUJOCO_XFRC, SPCONV_PRESET_NEWTON, SPCONV_PRESET_ISAACLAB3};
  static const spconv_preset_id origin_twists[] = {SPCONV_PRESET_ISAACLAB_LINK, SPCONV_PRESET_BRAX};
  const spconv_state_convention mjfree = state_of(SPCONV_PRESET_MUJOCO_FREE);
  spconv_real at_com[6], at_origin[6], rp[7], rt[6];
  size_t i;
  object_twist(at_com, mjOBJ_BODY, fb->b);
  object_twist(at_origin, mjOBJ_XBODY, fb->b);
  { /* the reading of mj_objectVelocity, from MuJoCo's numbers alone */
    mjtNum r[3], wxr[3], w[3];
    spconv_real want[6];
    mju_sub3(r, d->xpos + 3 * fb->b, d->xipos + 3 * fb->b);
    mj_from_real(w, at_com + 3, 3);
    mju_cross(wxr, w, r);
    for (i = 0; i < 3; ++i) {
      want[i] = (spconv_real)((mjtNum)at_com[i] + wxr[i]);
      want[3 + i] = at_com[3 + i];
    }
    CHECK_VEC(at_origin, want, 6);
  }
  for (i = 0; i < sizeof com_twists / sizeof com_twists[0]; ++i) {
    const spconv_state_convention to = state_of(com_twists[i]);
    assert_int_equal(spconv_state_convert(rp, rt, &to, fb->qpos, fb->qvel, &mjfree, fb->ipos, fb->iquat),
                     SPCONV_OK);
    CHECK_VEC(rt, at_com, 6);
  }
  for (i = 0; i < sizeof origin_twists / sizeof origin_twists[0]; ++i) {
    const spconv_state_convention to = state_of(origin_twists[i]);
    assert_int_equal(spconv_state_convert(rp, rt, &to, fb->qpos, fb->qvel, &mjfree, fb->ipos, fb->iquat),
                     SPCONV_OK);
    CHECK_VEC(rt, at_origin, 6);
  }
  { /* and back from MUJOCO_XFRC's pose and twist: qvel */
    const spconv_state_convention xf = state_of(SPCONV_PRESET_MUJOCO_XFRC);
    spconv_real bp[7], bt[6];
    assert_int_equal(spconv_state_convert(rp, rt, &xf, fb->qpos, fb->qvel, &mjfree, fb->ipos, fb->iquat),
                     SPCONV_OK);
    assert_int_equal(spconv_state_convert(bp, bt, &mjfree, rp, rt, &xf, fb->ipos, fb->iquat), SPCONV_OK);
    CHECK_VEC(bt, fb->qvel, 6);
  }
}

TEST_RUN(test_state_convert_twist_vs_mj_objectVelocity, for_all_free_bodies(0x57a7e2, check_state_twist))

/* batch: the free bodies of MuJoCo's own arrays (this model: body 1 and 2
   are free, qpos stride 7 for body a only, so each body's slice is passed
   with n = 1 from its address) */
static void check_state_convert_n(const free_body *fb) {
  const spconv_state_convention mjfree = state_of(SPCONV_PRESET_MUJOCO_FREE);
  const spconv_state_convention xf = state_of(SPCONV_PRESET_MUJOCO_XFRC);
  spconv_real q[7], v[6], ip[3], iq[4], rp[7], rt[6], want[6];
  real_from_mj(q, d->qpos + fb->qadr, 7);
  real_from_mj(v, d->qvel + fb->vadr, 6);
  real_from_mj(ip, m->body_ipos + 3 * fb->b, 3);
  real_from_mj(iq, m->body_iquat + 4 * fb->b, 4);
  assert_int_equal(spconv_state_convert_n(rp, 7, rt, 6, &xf, q, 7, v, 6, &mjfree, ip, iq, 1), SPCONV_OK);
  check_pose(&xf.pose, rp, d->xipos + 3 * fb->b, d->ximat + 9 * fb->b);
  object_twist(want, mjOBJ_BODY, fb->b);
  CHECK_VEC(rt, want, 6);
}

TEST_RUN(test_state_convert_n_vs_xipos_mj_objectVelocity, for_all_free_bodies(0x57a7e3, check_state_convert_n))

/* mj_applyFT(F, T, P, body, qfrc_target) with random world F, T, P */
static void check_apply_ft(const free_body *fb) {
  static const spconv_preset_id wrench_presets[] = {SPCONV_PRESET_MUJOCO_XFRC, SPCONV_PRESET_NEWTON};
  const spconv_convention mjfree = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  spconv_real F[3], T[3], P[3], got[6], g[6], qfrc[6];
  mjtNum f[3], t[3], p[3], mq[MAX_NV];
  size_t i;
  int k;
  test_rand_vec(F, 3, 4.0);
  test_rand_vec(T, 3, 4.0);
  test_rand_vec(P, 3, 1.0);
  for (k = 0; k < 3; ++k) P[k] = (spconv_real)((double)P[k] + d->xpos[3 * fb->b + k]); /* near the body */
  mj_from_real(f, F, 3);
  mj_from_real(t, T, 3);
  mj_from_real(p, P, 3);
  mju_zero(mq, m->nv);
  mj_applyFT(m, d, f, t, p, fb->b, mq);
  real_from_mj(got, mq + fb->vadr, 6);
  for (k = 0; k < m->nv; ++k)
    if (k < fb->vadr || k >= fb->vadr + 6) assert_true(mq[k] == 0.0);
  for (i = 0; i < sizeof wrench_presets / sizeof wrench_presets[0]; ++i) {
    const spconv_convention c = spconv_convention_from_preset(wrench_presets[i]);
    assert_int_equal(spconv_wrench_from_force_at_point(g, &c, F, T, P, SPCONV_FRAME_WORLD, &fb->body),
                     SPCONV_OK);
    spconv_mujoco_qfrc_from_wrench(qfrc, g, fb->qpos + 3, fb->ipos);
    CHECK_VEC(qfrc, got, 6);
  }
  assert_int_equal(spconv_wrench_from_force_at_point(qfrc, &mjfree, F, T, P, SPCONV_FRAME_WORLD, &fb->body),
                   SPCONV_OK);
  CHECK_VEC(qfrc, got, 6);
  { /* the same force given in body axes at body coordinates (xmat^T) */
    mjtNum fbd[3], tbd[3], pbd[3], rel[3];
    spconv_real Fb[3], Tb[3], Pb[3];
    mju_rotVecMatT(fbd, f, d->xmat + 9 * fb->b);
    mju_rotVecMatT(tbd, t, d->xmat + 9 * fb->b);
    mju_sub3(rel, p, d->xpos + 3 * fb->b);
    mju_rotVecMatT(pbd, rel, d->xmat + 9 * fb->b);
    real_from_mj(Fb, fbd, 3);
    real_from_mj(Tb, tbd, 3);
    real_from_mj(Pb, pbd, 3);
    assert_int_equal(spconv_wrench_from_force_at_point(qfrc, &mjfree, Fb, Tb, Pb, SPCONV_FRAME_BODY, &fb->body),
                     SPCONV_OK);
    CHECK_VEC(qfrc, got, 6);
  }
  { /* MuJoCo's qfrc back to the force and the torque about P */
    spconv_real Fr[3], Tr[3];
    assert_int_equal(spconv_force_at_point_from_wrench(Fr, Tr, got, &mjfree, P, SPCONV_FRAME_WORLD, &fb->body),
                     SPCONV_OK);
    CHECK_VEC(Fr, F, 3);
    CHECK_VEC(Tr, T, 3);
  }
}

TEST_RUN(test_wrench_from_force_at_point_vs_mj_applyFT, for_all_free_bodies(0x57a7e4, check_apply_ft))

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_state_convert_pose_vs_xipos_ximat_xpos_xquat),
      cmocka_unit_test(test_state_convert_twist_vs_mj_objectVelocity),
      cmocka_unit_test(test_state_convert_n_vs_xipos_mj_objectVelocity),
      cmocka_unit_test(test_wrench_from_force_at_point_vs_mj_applyFT),
  };
  int failed;
  printf("MuJoCo %s (library %d, header %d)\n", mj_versionString(), mj_version(), mjVERSION_HEADER);
  if (test_mujoco_make(&m, &d, model_xml) != 0) return 1;
  failed = cmocka_run_group_tests_name("spatial_conv states vs MuJoCo (" TEST_PRECISION ")", tests,
                                       NULL, NULL);
  test_mujoco_free(&m, &d);
  test_print_summary("spatial_conv states vs MuJoCo");
  printf("spatial_conv states vs MuJoCo (%s): %ld free bodies, %ld comparisons\n", TEST_PRECISION,
         n_bodies, n_checks);
  return failed;
}
