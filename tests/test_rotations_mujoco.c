/* spatial_conv rotations vs MuJoCo 2.2.2's own functions: mju_quat2Mat,
   mju_mat2Quat, mju_mulQuat, mju_rotVecQuat, mju_axisAngle2Quat,
   mju_quat2Vel, mju_quatIntegrate, mju_subQuat, mj_integratePos and
   mj_differentiatePos on a free joint, and the compiler's eulerseq for
   every 3-letter string of xyzXYZ (mixed case included).
   MuJoCo computes in double; inputs are drawn in spconv_real and handed to
   both sides, results are converted to spconv_real before comparing. Its
   quaternion functions assume unit quaternions, so unit ones are passed. */
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

static void test_mju_functions(void **state) {
  int n;
  (void)state;
  test_seed(401);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real a[4], b[4], v[3], res[9], want[9], axis[3];
    mjtNum am[4], bm[4], vm[3], rm[9], axm[3];
    double dt = test_uniform(0.01, 1.0);
    rand_unit(a, am);
    rand_unit(b, bm);
    test_rand_vec(v, 3, 2.0);
    mj_from_real(vm, v, 3);

    mju_quat2Mat(rm, am);
    real_from_mj(want, rm, 9);
    spconv_mat_from_quat_wxyz(res, a);
    EXPECT_VEC_NEAR(res, want, 9, TEST_TOL);
    test_mat_of_quat(res, a); /* the foundation's rotation of the basis vectors */
    EXPECT_VEC_NEAR(res, want, 9, TEST_TOL);
    { /* the header takes any norm: c q gives MuJoCo's matrix of q */
      spconv_real qs[4], c[4];
      int i;
      test_rand_quat(c); /* only its scale is used */
      for (i = 0; i < 4; ++i)
        qs[i] = (spconv_real)((double)a[i] * sqrt((double)(c[0] * c[0] + c[1] * c[1] + c[2] * c[2] + c[3] * c[3])));
      spconv_mat_from_quat_wxyz(res, qs);
      EXPECT_VEC_NEAR(res, want, 9, TEST_TOL);
    }

    /* mju_mat2Quat may return either sign: compare canonical forms */
    {
      mjtNum qm[4]; /* MuJoCo's functions do not allow aliasing */
      mju_mat2Quat(qm, rm);
      real_from_mj(want, qm, 4);
    }
    spconv_quat_canonical_wxyz(want, want);
    {
      spconv_real R[9];
      spconv_mat_from_quat_wxyz(R, a);
      assert_int_equal(spconv_quat_wxyz_from_mat(res, R), SPCONV_OK);
      EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
    }

    mju_mulQuat(rm, am, bm);
    real_from_mj(want, rm, 4);
    spconv_quat_mul_wxyz(res, a, b);
    EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);

    mju_rotVecQuat(rm, vm, am);
    real_from_mj(want, rm, 3);
    spconv_quat_rotate_wxyz(res, a, v);
    EXPECT_VEC_NEAR(res, want, 3, TEST_TOL);

    /* mju_axisAngle2Quat assumes a unit axis */
    test_rand_vec(axis, 3, 1.0);
    mj_from_real(axm, axis, 3);
    if (mju_normalize3(axm) < 1e-3) continue;
    real_from_mj(axis, axm, 3);
    mj_from_real(axm, axis, 3);
    {
      spconv_real ang = (spconv_real)test_uniform(-6.0, 6.0);
      mju_axisAngle2Quat(rm, axm, (mjtNum)ang);
      real_from_mj(want, rm, 4);
      spconv_quat_wxyz_from_axis_angle(res, axis, ang);
      EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
    }

    /* mju_quat2Vel(res, q, dt) = rotvec(q) / dt (shortest path) */
    mju_quat2Vel(rm, am, (mjtNum)(spconv_real)dt);
    real_from_mj(want, rm, 3);
    spconv_rotvec_from_quat_wxyz(res, a);
    res[0] /= (spconv_real)dt;
    res[1] /= (spconv_real)dt;
    res[2] /= (spconv_real)dt;
    EXPECT_VEC_NEAR(res, want, 3, TEST_TOL / dt);
    { /* its length times dt is the rotation angle of a */
      spconv_real one[4] = {1, 0, 0, 0};
      EXPECT_NEAR(mju_norm3(rm) * (double)(spconv_real)dt, spconv_quat_angle_wxyz(one, a), TEST_TOL, 1);
    }

    /* mju_subQuat(res, qa, qb): the body-frame rotation vector from qb to qa */
    mju_subQuat(rm, am, bm);
    real_from_mj(want, rm, 3);
    spconv_body_angvel_from_quats_wxyz(res, b, a, 1);
    EXPECT_VEC_NEAR(res, want, 3, TEST_TOL);

    /* mju_quatIntegrate(q, vel, scale): q advanced by the body-frame
       velocity over scale (then normalized, as our unit input stays) */
    {
      mjtNum qm[4];
      mju_copy4(qm, am);
      mju_quatIntegrate(qm, vm, (mjtNum)(spconv_real)dt);
      real_from_mj(want, qm, 4);
      spconv_quat_integrate_body_wxyz(res, a, v, (spconv_real)dt);
      EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
    }
  }
}

/* ------------------------------------------- mj_integratePos on a free joint */

static const char free_xml[] =
    "<mujoco><worldbody><body><freejoint/><geom size='0.1' mass='1'/></body></worldbody></mujoco>";

static void test_free_joint_integration(void **state) {
  mjModel *m = test_mujoco_load(free_xml);
  int n;
  (void)state;
  assert_non_null(m);
  assert_int_equal(m->nq, 7);
  test_seed(402);
  for (n = 0; n < 2000; ++n) {
    spconv_real q[4], w[3], res[4], want[4], back[3];
    mjtNum qpos[7] = {0, 0, 0, 1, 0, 0, 0}, qpos0[7], qvel[6] = {0, 0, 0, 0, 0, 0}, dq[6];
    spconv_real dt = (spconv_real)test_uniform(0.001, 0.1);
    rand_unit(q, qpos + 3);
    test_rand_vec(w, 3, 15.0);
    mj_from_real(qvel + 3, w, 3);
    mju_copy(qpos0, qpos, 7);
    /* qvel[3:6] is the body-frame angular velocity: q <- q (x) exp(w dt / 2) */
    mj_integratePos(m, qpos, qvel, (mjtNum)dt);
    real_from_mj(want, qpos + 3, 4);
    spconv_quat_integrate_body_wxyz(res, q, w, dt);
    EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
    /* and mj_differentiatePos is its inverse: the body angular velocity */
    mj_differentiatePos(m, dq, (mjtNum)dt, qpos0, qpos);
    real_from_mj(want, dq + 3, 3);
    spconv_body_angvel_from_quats_wxyz(back, q, res, dt);
    EXPECT_VEC_NEAR(back, want, 3, TEST_TOL * (1 + 1 / (double)dt));
  }
  mj_deleteModel(m);
}

/* ----------------------------------------------------- compiler eulerseq */

/* Every eulerseq string of 3 letters from xyzXYZ (216, mixed case and
   repeated axes included): MuJoCo's body_quat for euler="a b c" (radians)
   against spconv_quat_wxyz_from_mujoco_euler, and for the 24 strings the
   parser accepts, against spconv_quat_wxyz_from_euler with the parsed pair. */
static void test_compiler_eulerseq(void **state) {
  const char letters[] = "xyzXYZ";
  int i0, i1, i2, n_parsed = 0;
  (void)state;
  test_seed(403);
  for (i0 = 0; i0 < 6; ++i0)
    for (i1 = 0; i1 < 6; ++i1)
      for (i2 = 0; i2 < 6; ++i2) {
        char seq_s[4], xml[600];
        spconv_real ang[3], res[4], want[4];
        spconv_euler_seq seq;
        spconv_euler_kind kind;
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
        assert_int_equal(spconv_quat_wxyz_from_mujoco_euler(res, ang, seq_s), SPCONV_OK);
        EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
        if (spconv_euler_seq_from_mujoco(&seq, &kind, seq_s) == SPCONV_OK) {
          ++n_parsed;
          assert_int_equal(spconv_quat_wxyz_from_euler(res, ang, seq, kind), SPCONV_OK);
          EXPECT_VEC_NEAR(res, want, 4, TEST_TOL);
        }
      }
  assert_int_equal(n_parsed, 24);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_mju_functions),
      cmocka_unit_test(test_free_joint_integration),
      cmocka_unit_test(test_compiler_eulerseq),
  };
  int failed;
  (void)test_power_scale;
  assert_int_equal(mj_version(), mjVERSION_HEADER);
  failed = cmocka_run_group_tests_name("spatial_conv rotations vs MuJoCo (" TEST_PRECISION ")",
                                       tests, NULL, NULL);
  test_print_summary("spatial_conv rotations vs MuJoCo");
  return failed;
}
