/* SPCONV_ASSERT: the optional debug hook on preconditions the API does not
   check at run time. Defined here as a counter (a debug build would use
   assert or abort): a misuse (NULL to a void function, a batch whose res
   partly overlaps an input) trips it, correct use (in place included) does
   not. Built in double and in float. */
#include <setjmp.h>

/* the hook counts, then jumps back to the test when armed: a misuse is
   never executed (a NULL would crash, a partial overlap is undefined) */
static int assert_trips, assert_armed;
static jmp_buf assert_env;
static void assert_trip(void) {
  ++assert_trips;
  if (assert_armed) longjmp(assert_env, 1);
}
#define SPCONV_ASSERT(cond) ((cond) ? (void)0 : assert_trip())

#include "test_util.h"

/* CALL must trip the hook (and is abandoned there) */
#define EXPECT_TRIP(call)                                     \
  do {                                                        \
    int before_ = assert_trips;                               \
    assert_armed = 1;                                         \
    if (setjmp(assert_env) == 0) {                            \
      call;                                                   \
      assert_armed = 0;                                       \
      fail_msg("%s did not trip SPCONV_ASSERT", #call);       \
    }                                                         \
    assert_armed = 0;                                         \
    assert_int_equal(assert_trips, before_ + 1);              \
  } while (0)

static void test_correct_use_does_not_trip(void **state) {
  spconv_real buf[24], r[12], q[8] = {1, 0, 0, 0, 0, 1, 0, 0}, out[24];
  int i;
  (void)state;
  for (i = 0; i < 24; ++i) buf[i] = (spconv_real)i;
  for (i = 0; i < 12; ++i) r[i] = (spconv_real)(i % 3);
  assert_trips = 0;
  spconv_twist_shift_n(out, buf, r, 4);
  spconv_twist_shift_n(buf, buf, r, 4); /* in place */
  spconv_wrench_shift_n(out, buf, r, 4);
  spconv_sap_twist_from_public_n(out, buf, r, 4);
  spconv_public_wrench_from_sap_n(buf, buf, r, 4);
  spconv_quat_wxyz_from_xyzw_n(out, q, 2);
  spconv_quat_xyzw_from_wxyz_n(q, q, 2);
  spconv_twist_shift_n(NULL, NULL, NULL, 0); /* n = 0: nothing to move */
  spconv_twist_shift(out, buf, r);
  spconv_quat_rotate_wxyz(out, q, r);
  /* MuJoCo batches: in place, quaternions of stride 4 beside */
  assert_int_equal(spconv_twist_from_mujoco_qvel_n(buf, buf, q, 4, r, 2), SPCONV_OK);
  assert_int_equal(spconv_mujoco_qfrc_from_wrench_n(out, buf, q, 4, r, 2), SPCONV_OK);
  assert_int_equal(assert_trips, 0);
}

static void test_misuse_trips(void **state) {
  spconv_real buf[30], r[12], out[6];
  int i;
  volatile int st = 0;
  (void)state;
  for (i = 0; i < 30; ++i) buf[i] = (spconv_real)i;
  for (i = 0; i < 12; ++i) r[i] = 0;
  assert_trips = 0;
  EXPECT_TRIP(spconv_twist_shift_n(buf + 6, buf, r, 4));      /* res overlaps twist, not equal */
  EXPECT_TRIP(spconv_wrench_shift_n(buf, buf, buf + 3, 2));    /* the offsets overlap res */
  EXPECT_TRIP(spconv_public_twist_from_sap_n(buf, buf + 1, r, 2)); /* off by one real */
  EXPECT_TRIP(spconv_quat_wxyz_from_xyzw_n(buf + 2, buf, 4));  /* partial overlap */
  EXPECT_TRIP(spconv_quat_xyzw_from_wxyz_n(NULL, buf, 1));     /* NULL with n > 0 */
  EXPECT_TRIP(spconv_sap_twist_from_public_n(NULL, buf, r, 2));
  EXPECT_TRIP(spconv_twist_shift(out, NULL, r));               /* NULL to a void function */
  EXPECT_TRIP(spconv_wrench_shift(NULL, buf, r));
  EXPECT_TRIP(spconv_quat_rotate_wxyz(out, buf, NULL));
  EXPECT_TRIP(st = spconv_twist_from_mujoco_qvel_n(buf + 3, buf, r, 4, r, 2)); /* res overlaps qvel */
  EXPECT_TRIP(st = spconv_wrench_from_mujoco_qfrc_n(buf, buf, buf + 2, 4, r, 1)); /* q inside res */
  assert_int_equal(assert_trips, 11);
  (void)st;
}

/* every void batch form: a NULL array with n > 0 (no status to return) */
static void test_null_batch_trips(void **state) {
  spconv_real buf[12] = {0}, r[6] = {0};
  spconv_real *volatile nul = NULL; /* not a constant: no compile-time bounds warning */
  (void)state;
  assert_trips = 0;
  EXPECT_TRIP(spconv_quat_wxyz_from_xyzw_n(buf, nul, 2));
  EXPECT_TRIP(spconv_quat_xyzw_from_wxyz_n(nul, nul, 2));
  EXPECT_TRIP(spconv_twist_shift_n(buf, buf, nul, 2));
  EXPECT_TRIP(spconv_wrench_shift_n(nul, buf, r, 2));
  EXPECT_TRIP(spconv_sap_twist_from_public_n(buf, nul, r, 2));
  EXPECT_TRIP(spconv_public_twist_from_sap_n(buf, buf, nul, 2));
  EXPECT_TRIP(spconv_sap_wrench_from_public_n(nul, nul, r, 2));
  EXPECT_TRIP(spconv_public_wrench_from_sap_n(buf, nul, r, 2));
  EXPECT_TRIP(spconv_sap_body_force_from_public_n(nul, buf, r, 2));
  EXPECT_TRIP(spconv_public_body_force_from_sap_n(buf, buf, nul, 2));
  EXPECT_TRIP(spconv_pose_wxyz_from_xyzw_n(buf, nul, 1));
  EXPECT_TRIP(spconv_pose_xyzw_from_wxyz_n(nul, buf, 1));
  assert_int_equal(assert_trips, 12);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_correct_use_does_not_trip),
      cmocka_unit_test(test_misuse_trips),
      cmocka_unit_test(test_null_batch_trips),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
