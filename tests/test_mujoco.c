/* spatial_conv.h sections: MuJoCo, spatial vectors (vs MuJoCo 2.2.2). */
/* spatial_conv vs MuJoCo: the free-joint conversions, the cvel conversion
   and the shifts are checked against the engine itself, on a model with
   offset and rotated inertial frames, over many seeded random states; one
   cmocka test per header function, named after it and the engine function
   it is checked against.

   Model: three free bodies whose COM is off the body origin (body_ipos != 0)
   with a rotated inertia frame (body_iquat != identity); body "a" carries a
   hinged arm and body "c" a two-hinge chain, so their subtree_com differs
   from their own COM. No gravity, no contacts.

   MuJoCo conventions used as references (all world axes unless noted):
     qvel (free joint)    [v of body origin; w in body axes]
     mj_objectVelocity    [w; v], angular first, at xipos (mjOBJ_BODY) or
                          xpos (mjOBJ_XBODY); flg_local=1: in body axes
     cvel                 [w; v] at subtree_com of the body's root
     mj_applyFT           qfrc += J^T [f; tau], tau about the given point
     xfrc_applied         [f; tau about xipos] (added to qfrc_smooth)
     mju_transformSpatial [rot; lin] shifted from oldpos to newpos
   MuJoCo computes in double (mjtNum); its values are converted explicitly
   to spconv_real (float in the float build) before every comparison. */
#include <stdlib.h>

#include "test_mujoco_util.h"

#include <mujoco/mujoco.h>

#define N_STATES 200 /* random states per test */
#define MAX_NV 64
#define MAX_BODY 16

static const char test_model_xml[] =
    "<mujoco model='spconv_free_bodies'>"
    "  <option gravity='0 0 0' timestep='0.002'/>"
    "  <default><geom contype='0' conaffinity='0' size='0.05'/></default>"
    "  <worldbody>"
    "    <body name='a' pos='0 0 1'>"
    "      <joint name='a_free' type='free'/>"
    "      <inertial pos='0.10 -0.20 0.30' quat='0.9 0.3 -0.2 0.25' mass='1.5'"
    "                diaginertia='0.02 0.03 0.04'/>"
    "      <geom type='sphere' mass='0'/>"
    "      <body name='a_arm' pos='0.2 0.1 -0.1' quat='0.8 0.2 0.5 -0.1'>"
    "        <joint name='a_hinge' type='hinge' axis='0.3 1 0.2' pos='0.05 0 0'/>"
    "        <inertial pos='0.15 0.05 -0.02' quat='0.7 0.1 0.6 -0.3' mass='0.7'"
    "                  diaginertia='0.005 0.006 0.007'/>"
    "      </body>"
    "    </body>"
    "    <body name='b' pos='1 0 1'>"
    "      <joint name='b_free' type='free'/>"
    "      <inertial pos='-0.25 0.05 0.12' quat='0.2 0.8 0.5 -0.1' mass='0.8'"
    "                diaginertia='0.01 0.015 0.02'/>"
    "    </body>"
    "    <body name='c' pos='-1 0 1'>"
    "      <joint name='c_free' type='free'/>"
    "      <inertial pos='0 0.35 -0.15' quat='0.5 -0.5 0.5 0.5' mass='2.0'"
    "                diaginertia='0.05 0.04 0.06'/>"
    "      <body name='c_arm' pos='0 0 0.3'>"
    "        <joint name='c_hinge1' type='hinge' axis='1 0 0'/>"
    "        <inertial pos='0 0.1 0.2' quat='0.6 0 0.8 0' mass='0.5'"
    "                  diaginertia='0.003 0.004 0.005'/>"
    "        <body name='c_hand' pos='0 0.2 0.4'>"
    "          <joint name='c_hinge2' type='hinge' axis='0 0.6 0.8' pos='0 -0.05 0'/>"
    "          <inertial pos='0.05 0.05 0.05' quat='0.3 0.4 0.5 0.6' mass='0.3'"
    "                    diaginertia='0.001 0.002 0.002'/>"
    "        </body>"
    "      </body>"
    "    </body>"
    "  </worldbody>"
    "</mujoco>";

static mjModel *m = NULL;
static mjData *d = NULL;

/* the quaternion each free body's qpos held before mj_forward normalized it
   (odd states: a random nonzero scale), as the header receives it */
static spconv_real raw_quat[MAX_BODY][4];

/* what was compared, for the final report: random states drawn, (free body,
   state) and (hinged child, state) pairs checked, comparisons made */
static long n_checks = 0, n_free = 0, n_child = 0, n_states = 0;

#define CHECK_VEC(a, b, n) (++n_checks, EXPECT_VEC_NEAR(a, b, n, TEST_TOL))
#define CHECK_SCALAR(a, b, scale) (++n_checks, EXPECT_NEAR(a, b, TEST_TOL, scale))

/* ------------------------------------------------------------- helpers */

/* mj_objectVelocity converted to linear first: [v; w] */
static void object_twist(spconv_real res[6], int objtype, int body, int flg_local) {
  mjtNum v[6];
  mj_objectVelocity(m, d, objtype, body, v, flg_local);
  real_from_mj(res, v, 6);
  spconv_spatial_swap(res, res);
}

/* A seeded random state: free joints get a position in [-2, 2)^3 and a
   uniformly random rotation (odd states: stored scaled by 10^U(-2, 2), which
   MuJoCo normalizes in place), hinges an angle, every dof a velocity in
   [-3, 3). Values are drawn in spconv_real, so MuJoCo and the header see
   the same numbers. Then mj_forward. */
static void random_state(int k) {
  int j, i;
  for (j = 0; j < m->njnt; ++j) {
    int a = m->jnt_qposadr[j];
    if (m->jnt_type[j] == mjJNT_FREE) {
      spconv_real p[3], *q = raw_quat[m->jnt_bodyid[j]];
      test_rand_vec(p, 3, 2.0);
      if (k % 2) test_rand_quat(q);
      else test_rand_unit_quat(q);
      mj_from_real(d->qpos + a, p, 3);
      mj_from_real(d->qpos + a + 3, q, 4);
    } else {
      d->qpos[a] = test_uniform(-3.14159, 3.14159);
    }
  }
  for (i = 0; i < m->nv; ++i) {
    spconv_real v;
    test_rand_vec(&v, 1, 3.0);
    d->qvel[i] = (mjtNum)v;
  }
  mju_zero(d->xfrc_applied, 6 * m->nbody);
  mju_zero(d->qfrc_applied, m->nv);
  mj_forward(m, d);
  ++n_states;
}

/* ------------------------------------------------------------ fixture */

static int load_model(void **state) {
  (void)state;
  return test_mujoco_make(&m, &d, test_model_xml);
}

static int free_model(void **state) {
  (void)state;
  test_mujoco_free(&m, &d);
  return 0;
}

/* ----------------------------------------------------------------- tests */

/* The library is the one the headers describe, and the model is the one
   the other tests need: offsets, rotated inertia frames, hinged subtrees. */
static void test_mujoco_library_and_model(void **state) {
  int b, nfree = 0, nchild = 0;
  (void)state;
  assert_int_equal(mj_version(), mjVERSION_HEADER);
  assert_true(m->nv <= MAX_NV && m->nbody <= MAX_BODY);
  assert_int_equal(m->ngeom, 1); /* the massless marker sphere */
  assert_int_equal(m->geom_contype[0], 0);
  assert_int_equal(m->geom_conaffinity[0], 0);
  test_seed(0x4d4f44454cULL);
  random_state(0);
  for (b = 1; b < m->nbody; ++b) {
    const mjtNum *ipos = m->body_ipos + 3 * b, *iquat = m->body_iquat + 4 * b;
    assert_true(mju_norm3(ipos) > 0.05);
    assert_true(fabs(iquat[0]) < 0.99); /* rotated inertia frame */
    if (test_mujoco_free_joint(m, b) >= 0) {
      const mjtNum *c = d->xipos + 3 * b, *s = d->subtree_com + 3 * b;
      ++nfree;
      assert_int_equal(m->body_rootid[b], b);
      /* subtree_com differs from the COM exactly when the body has children */
      if (b + 1 < m->nbody && m->body_parentid[b + 1] == b) assert_true(mju_dist3(c, s) > 1e-3);
      else assert_true(mju_dist3(c, s) == 0.0);
    } else {
      ++nchild;
      assert_int_equal(m->jnt_type[m->body_jntadr[b]], mjJNT_HINGE);
    }
  }
  assert_true(nfree >= 3);
  assert_true(nchild >= 2);
}

/* The free bodies of N_STATES random states (seed 0xa11ce): the free
   joint's qvel, the quaternion as stored (raw_quat) and as MuJoCo
   normalized it, ipos, and mj_objectVelocity(mjOBJ_BODY) reordered. */
typedef struct free_body_case {
  int b;
  spconv_real qvel[6], quat[4], ipos[3], want[6];
} free_body_case;

typedef void (*free_body_check)(const free_body_case *c);

static void for_all_free_bodies(free_body_check check) {
  int k, b;
  test_seed(0xa11ce);
  for (k = 0; k < N_STATES; ++k) {
    random_state(k);
    for (b = 1; b < m->nbody; ++b) {
      int j = test_mujoco_free_joint(m, b);
      free_body_case c;
      if (j < 0) continue;
      c.b = b;
      real_from_mj(c.qvel, d->qvel + m->jnt_dofadr[j], 6);
      real_from_mj(c.quat, d->qpos + m->jnt_qposadr[j] + 3, 4);
      real_from_mj(c.ipos, m->body_ipos + 3 * b, 3);
      object_twist(c.want, mjOBJ_BODY, b, 0);
      check(&c);
      ++n_free;
    }
  }
}

/* (a) qvel -> COM twist equals mj_objectVelocity(mjOBJ_BODY) reordered, with
   the quaternion as stored (maybe unnormalized) and as MuJoCo normalized it. */
static void check_twist_from_qvel(const free_body_case *c) {
  spconv_real twist[6];
  spconv_twist_from_mujoco_qvel(twist, c->qvel, raw_quat[c->b], c->ipos);
  CHECK_VEC(twist, c->want, 6);
  spconv_twist_from_mujoco_qvel(twist, c->qvel, c->quat, c->ipos);
  CHECK_VEC(twist, c->want, 6);
}

TEST_RUN(test_twist_from_mujoco_qvel_vs_mj_objectVelocity, for_all_free_bodies(check_twist_from_qvel))

/* (b) and back to qvel, from the header's twist and from MuJoCo's */
static void check_qvel_from_twist(const free_body_case *c) {
  spconv_real twist[6], back[6];
  spconv_twist_from_mujoco_qvel(twist, c->qvel, raw_quat[c->b], c->ipos);
  spconv_mujoco_qvel_from_twist(back, twist, raw_quat[c->b], c->ipos);
  CHECK_VEC(back, c->qvel, 6);
  spconv_mujoco_qvel_from_twist(back, c->want, c->quat, c->ipos);
  CHECK_VEC(back, c->qvel, 6);
}

TEST_RUN(test_mujoco_qvel_from_twist_vs_mj_objectVelocity, for_all_free_bodies(check_qvel_from_twist))

/* (c) cvel -> twist at xipos and at xpos equal mj_objectVelocity for
   mjOBJ_BODY and mjOBJ_XBODY, for free bodies and hinged children; at xpos
   rotated into body axes it equals the local XBODY velocity, whose angular
   part is the free joint's qvel[3:6] and whose world linear part is
   qvel[0:3]. */
static void test_twist_from_mujoco_cvel_vs_mj_objectVelocity(void **state) {
  int k, b;
  (void)state;
  test_seed(0xce1);
  for (k = 0; k < N_STATES; ++k) {
    random_state(k);
    for (b = 1; b < m->nbody; ++b) {
      int j = test_mujoco_free_joint(m, b), root = m->body_rootid[b], i;
      spconv_real cvel[6], stc[3], xipos[3], xpos[3], R[9], Rt[9];
      spconv_real res[6], want[6], local[6];
      real_from_mj(cvel, d->cvel + 6 * b, 6);
      real_from_mj(stc, d->subtree_com + 3 * root, 3);
      real_from_mj(xipos, d->xipos + 3 * b, 3);
      real_from_mj(xpos, d->xpos + 3 * b, 3);
      real_from_mj(R, d->xmat + 9 * b, 9);
      for (i = 0; i < 9; ++i) Rt[i] = R[3 * (i % 3) + i / 3];

      spconv_twist_from_mujoco_cvel(res, cvel, xipos, stc);
      object_twist(want, mjOBJ_BODY, b, 0);
      CHECK_VEC(res, want, 6);
      if (j >= 0) { /* and the qvel route agrees */
        spconv_real qvel[6], ipos[3], twist[6];
        real_from_mj(qvel, d->qvel + m->jnt_dofadr[j], 6);
        real_from_mj(ipos, m->body_ipos + 3 * b, 3);
        spconv_twist_from_mujoco_qvel(twist, qvel, raw_quat[b], ipos);
        CHECK_VEC(twist, res, 6);
      }

      spconv_twist_from_mujoco_cvel(res, cvel, xpos, stc);
      object_twist(want, mjOBJ_XBODY, b, 0);
      CHECK_VEC(res, want, 6);

      spconv_spatial_rotate(local, Rt, res); /* world axes -> body axes */
      object_twist(want, mjOBJ_XBODY, b, 1);
      CHECK_VEC(local, want, 6);
      if (j >= 0) { /* qvel = [v_O, world; w, body] */
        spconv_real qvel[6], mixed[6];
        real_from_mj(qvel, d->qvel + m->jnt_dofadr[j], 6);
        for (i = 0; i < 3; ++i) {
          mixed[i] = res[i];
          mixed[3 + i] = local[3 + i];
        }
        CHECK_VEC(mixed, qvel, 6);
        ++n_free;
      } else {
        ++n_child;
      }
    }
  }
}

/* (d) a COM wrench [f; tau_C] through mj_applyFT at xipos gives the free
   joint's qfrc; so does the same wrench moved to a random point p
   (tau_p = tau_C - (p - C) x f); no other dof is touched; and the qfrc
   converts back to the wrench. (g) qfrc . qvel == wrench . twist. The
   three tests draw the same wrenches and points (seed 0xf0ce). */
typedef struct ft_case {
  int adr;
  spconv_real wrench[6], ipos[3], got[6], got_p[6];
  mjtNum mq[MAX_NV]; /* mj_applyFT's qfrc for the wrench at xipos */
} ft_case;

static void apply_ft_draw(ft_case *f, int b, int j) {
  spconv_real p[3], c[3], r[3], wp[6];
  mjtNum mf[3], mt[3], mp[3], mq[MAX_NV];
  int i;
  f->adr = m->jnt_dofadr[j];
  real_from_mj(f->ipos, m->body_ipos + 3 * b, 3);
  test_rand_vec(f->wrench, 6, 5.0);
  mj_from_real(mf, f->wrench, 3);
  mj_from_real(mt, f->wrench + 3, 3);
  mju_zero(f->mq, m->nv);
  mj_applyFT(m, d, mf, mt, d->xipos + 3 * b, b, f->mq);
  real_from_mj(f->got, f->mq + f->adr, 6);
  /* the same wrench applied at another point */
  test_rand_vec(p, 3, 2.0);
  real_from_mj(c, d->xipos + 3 * b, 3);
  for (i = 0; i < 3; ++i) r[i] = p[i] - c[i];
  spconv_wrench_shift(wp, f->wrench, r);
  mj_from_real(mt, wp + 3, 3);
  mj_from_real(mp, p, 3);
  mju_zero(mq, m->nv);
  mj_applyFT(m, d, mf, mt, mp, b, mq);
  real_from_mj(f->got_p, mq + f->adr, 6);
}

typedef void (*ft_check)(const ft_case *f, int b);

static void for_all_ft_cases(ft_check check) {
  int k, b;
  test_seed(0xf0ce);
  for (k = 0; k < N_STATES; ++k) {
    random_state(k);
    for (b = 1; b < m->nbody; ++b) {
      int j = test_mujoco_free_joint(m, b);
      ft_case f;
      if (j < 0) continue;
      ++n_free;
      apply_ft_draw(&f, b, j);
      check(&f, b);
    }
  }
}

static void check_qfrc_from_wrench(const ft_case *f, int b) {
  spconv_real qfrc[6];
  int i;
  spconv_mujoco_qfrc_from_wrench(qfrc, f->wrench, raw_quat[b], f->ipos);
  CHECK_VEC(qfrc, f->got, 6);
  for (i = 0; i < m->nv; ++i)
    if (i < f->adr || i >= f->adr + 6) assert_true(f->mq[i] == 0.0);
  CHECK_VEC(qfrc, f->got_p, 6);
}

TEST_RUN(test_mujoco_qfrc_from_wrench_vs_mj_applyFT, for_all_ft_cases(check_qfrc_from_wrench))

static void check_wrench_from_qfrc(const ft_case *f, int b) {
  spconv_real back[6];
  spconv_wrench_from_mujoco_qfrc(back, f->got, raw_quat[b], f->ipos);
  CHECK_VEC(back, f->wrench, 6);
}

TEST_RUN(test_wrench_from_mujoco_qfrc_vs_mj_applyFT, for_all_ft_cases(check_wrench_from_qfrc))

/* (g) power with the engine's qvel and twist */
static void check_power(const ft_case *f, int b) {
  spconv_real qvel[6], twist[6];
  real_from_mj(qvel, d->qvel + f->adr, 6);
  object_twist(twist, mjOBJ_BODY, b, 0);
  CHECK_SCALAR(spconv_power(f->got, qvel), spconv_power(f->wrench, twist),
               fmax(test_power_scale(f->got, qvel), test_power_scale(f->wrench, twist)));
}

TEST_RUN(test_power_vs_mj_applyFT, for_all_ft_cases(check_power))

/* (e) xfrc_applied = [f; tau about xipos] changes qfrc_smooth by exactly
   the header's qfrc on the free joint's dofs. */
static void test_mujoco_qfrc_from_wrench_vs_xfrc_applied(void **state) {
  int k, b;
  mjtNum base[MAX_NV];
  (void)state;
  test_seed(0x7f7c);
  for (k = 0; k < N_STATES / 4; ++k) {
    random_state(k);
    mju_copy(base, d->qfrc_smooth, m->nv);
    for (b = 1; b < m->nbody; ++b) {
      int j = test_mujoco_free_joint(m, b), adr, i;
      spconv_real wrench[6], ipos[3], qfrc[6], got[6];
      if (j < 0) continue;
      ++n_free;
      adr = m->jnt_dofadr[j];
      real_from_mj(ipos, m->body_ipos + 3 * b, 3);
      test_rand_vec(wrench, 6, 5.0);
      mj_from_real(d->xfrc_applied + 6 * b, wrench, 6);
      mj_forward(m, d);
      for (i = 0; i < 6; ++i) got[i] = (spconv_real)(d->qfrc_smooth[adr + i] - base[adr + i]);
      mju_zero(d->xfrc_applied + 6 * b, 6);
      spconv_mujoco_qfrc_from_wrench(qfrc, wrench, raw_quat[b], ipos);
      CHECK_VEC(qfrc, got, 6);
    }
  }
}

/* (f) twist and wrench shifts, and spatial_rotate, vs mju_transformSpatial
   ([rot; lin], r = newpos - oldpos, result in the new axes = rotnew2old^T).
   The three tests draw the same cases (seed 0x5b1f7). */
typedef struct transform_case {
  spconv_real x[6], r[3], Rt[9];
  mjtNum vec[6], mnew[3], mold[3], mR[9];
} transform_case;

static void transform_draw(transform_case *t) {
  spconv_real sx[6], newpos[3], oldpos[3], q[4], R[9];
  int i;
  test_rand_vec(t->x, 6, 3.0);
  test_rand_vec(newpos, 3, 2.0);
  test_rand_vec(oldpos, 3, 2.0);
  test_rand_unit_quat(q);
  test_mat_of_quat(R, q);
  for (i = 0; i < 9; ++i) t->Rt[i] = R[3 * (i % 3) + i / 3];
  for (i = 0; i < 3; ++i) t->r[i] = newpos[i] - oldpos[i];
  spconv_spatial_swap(sx, t->x);
  mj_from_real(t->vec, sx, 6);
  mj_from_real(t->mnew, newpos, 3);
  mj_from_real(t->mold, oldpos, 3);
  mj_from_real(t->mR, R, 9);
}

/* mju_transformSpatial of the case, without (rotate = 0) or with the
   rotation, as [lin; ang] */
static void transform_want(spconv_real want[6], const transform_case *t, int flg_force,
                           int rotate) {
  mjtNum out[6];
  mju_transformSpatial(out, t->vec, flg_force, t->mnew, t->mold, rotate ? t->mR : NULL);
  real_from_mj(want, out, 6);
  spconv_spatial_swap(want, want);
}

/* the header's shift of the case: a twist (flg_force 0) or a wrench */
static void transform_shift(spconv_real res[6], const transform_case *t, int flg_force) {
  if (flg_force) spconv_wrench_shift(res, t->x, t->r);
  else spconv_twist_shift(res, t->x, t->r);
}

static void check_shift_vs_transform_spatial(int flg_force) {
  int k;
  test_seed(0x5b1f7);
  for (k = 0; k < 10 * N_STATES; ++k) {
    transform_case t;
    spconv_real res[6], want[6];
    transform_draw(&t);
    transform_shift(res, &t, flg_force);
    transform_want(want, &t, flg_force, 0);
    CHECK_VEC(res, want, 6);
  }
}

TEST_RUN(test_twist_shift_vs_mju_transformSpatial, check_shift_vs_transform_spatial(0))

TEST_RUN(test_wrench_shift_vs_mju_transformSpatial, check_shift_vs_transform_spatial(1))

/* the shifted twist and wrench rotated into the new axes */
static void test_spatial_rotate_vs_mju_transformSpatial(void **state) {
  int k, flg_force;
  (void)state;
  test_seed(0x5b1f7);
  for (k = 0; k < 10 * N_STATES; ++k) {
    transform_case t;
    spconv_real res[6], want[6];
    transform_draw(&t);
    for (flg_force = 0; flg_force <= 1; ++flg_force) {
      transform_shift(res, &t, flg_force);
      spconv_spatial_rotate(res, t.Rt, res);
      transform_want(want, &t, flg_force, 1);
      CHECK_VEC(res, want, 6);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_mujoco_library_and_model),
      cmocka_unit_test(test_twist_from_mujoco_qvel_vs_mj_objectVelocity),
      cmocka_unit_test(test_mujoco_qvel_from_twist_vs_mj_objectVelocity),
      cmocka_unit_test(test_twist_from_mujoco_cvel_vs_mj_objectVelocity),
      cmocka_unit_test(test_mujoco_qfrc_from_wrench_vs_mj_applyFT),
      cmocka_unit_test(test_wrench_from_mujoco_qfrc_vs_mj_applyFT),
      cmocka_unit_test(test_power_vs_mj_applyFT),
      cmocka_unit_test(test_mujoco_qfrc_from_wrench_vs_xfrc_applied),
      cmocka_unit_test(test_twist_shift_vs_mju_transformSpatial),
      cmocka_unit_test(test_wrench_shift_vs_mju_transformSpatial),
      cmocka_unit_test(test_spatial_rotate_vs_mju_transformSpatial),
  };
  int failed;
  printf("MuJoCo %s (library %d, header %d)\n", mj_versionString(), mj_version(),
         mjVERSION_HEADER);
  failed = cmocka_run_group_tests_name("spatial_conv vs MuJoCo (" TEST_PRECISION ")", tests,
                                       load_model, free_model);
  test_print_summary("spatial_conv vs MuJoCo");
  printf("spatial_conv vs MuJoCo (%s): %ld random states, %ld (free body, state) and %ld"
         " (hinged child, state) pairs, %ld comparisons\n",
         TEST_PRECISION, n_states, n_free, n_child, n_checks);
  return failed;
}
