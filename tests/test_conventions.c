/* spatial_conv.h sections: engine conventions, spatial vectors (accelerations), MuJoCo (c-frame), SAP, packed joint arrays and permutations. */
/* "Engine conventions as data": hand-derived values for every preset, the
   rigid-body velocity / moment / acceleration fields recomputed
   independently here, power invariance and round trips for every ordered
   pair of presets and every descriptor, 6x6 matrix forms, the foundation's
   dedicated functions, MuJoCo c-frame vectors, time derivatives by finite
   differences, packed joint arrays, the SAP boundary, DOF permutations,
   aliasing and status codes; one cmocka test per function or small family,
   named after it. Built in double and float. */
#include "test_util.h"

#define N_DESC 96 /* 2 orders x 3 points x 2 x 2 frames x 2 units x 2 accel kinds */

static const double PI = 3.14159265358979323846;

/* ---------------------------------------------------------------- helpers */

static void rand_body(spconv_body *b) {
  test_rand_vec(b->pos, 3, 2.0);
  test_rand_quat(b->quat_wxyz);
  test_rand_vec(b->com, 3, 1.0);
}

/* descriptor k of the N_DESC combinations */
static spconv_convention desc(int k) {
  spconv_convention c;
  c.order = TEST_ORDER(k % 2);
  c.point = TEST_POINT((k / 2) % 3);
  c.linear_frame = TEST_FRAME((k / 6) % 2);
  c.angular_frame = TEST_FRAME((k / 12) % 2);
  c.angle_unit = TEST_ANGLE_UNIT((k / 24) % 2);
  c.accel = TEST_ACCEL((k / 48) % 2);
  return c;
}

/* Independent reading of a 6-vector stored under c (double precision, built
   from test_mat_of_quat, not from the header's private helpers): the
   linear and angular parts in world axes (angular in rad when `scaled`),
   and the world position of the reference point. */
static void ref_read(double lin[3], double ang[3], double P[3], const spconv_convention *c,
                     const spconv_real x[6], const spconv_body *b, int scaled) {
  spconv_real Rr[9];
  double R[9], l[3], a[3], rc[3];
  int i, j, lo = c->order == SPCONV_ORDER_LINEAR_FIRST ? 0 : 3, ao = 3 - lo;
  test_mat_of_quat(Rr, b->quat_wxyz);
  for (i = 0; i < 9; ++i) R[i] = (double)Rr[i];
  for (i = 0; i < 3; ++i) {
    l[i] = (double)x[lo + i];
    a[i] = (double)x[ao + i] * (scaled && c->angle_unit == SPCONV_ANGLE_DEGREES ? PI / 180 : 1.0);
  }
  for (i = 0; i < 3; ++i) {
    lin[i] = ang[i] = rc[i] = 0;
    for (j = 0; j < 3; ++j) {
      lin[i] += (c->linear_frame == SPCONV_FRAME_BODY ? R[3 * i + j] : (i == j)) * l[j];
      ang[i] += (c->angular_frame == SPCONV_FRAME_BODY ? R[3 * i + j] : (i == j)) * a[j];
      rc[i] += R[3 * i + j] * (double)b->com[j];
    }
  }
  for (i = 0; i < 3; ++i)
    P[i] = c->point == SPCONV_POINT_COM      ? (double)b->pos[i] + rc[i]
           : c->point == SPCONV_POINT_ORIGIN ? (double)b->pos[i]
                                             : 0.0;
}

static void dcross(double r[3], const double a[3], const double b[3]) {
  double t0 = a[1] * b[2] - a[2] * b[1], t1 = a[2] * b[0] - a[0] * b[2],
         t2 = a[0] * b[1] - a[1] * b[0];
  r[0] = t0;
  r[1] = t1;
  r[2] = t2;
}

/* velocity of the body point at world X, and w: [v_X; w] (world) */
static void ref_field_twist(spconv_real res[6], const spconv_convention *c,
                            const spconv_real x[6], const spconv_body *b, const double X[3]) {
  double v[3], w[3], P[3], r[3], t[3];
  int i;
  ref_read(v, w, P, c, x, b, 1);
  for (i = 0; i < 3; ++i) r[i] = X[i] - P[i];
  dcross(t, w, r);
  for (i = 0; i < 3; ++i) {
    res[i] = (spconv_real)(v[i] + t[i]);
    res[3 + i] = (spconv_real)w[i];
  }
}

/* force and moment about world X: [f; tau_X] (world) */
static void ref_field_wrench(spconv_real res[6], const spconv_convention *c,
                             const spconv_real x[6], const spconv_body *b, const double X[3]) {
  double f[3], tau[3], P[3], r[3], t[3];
  int i;
  ref_read(f, tau, P, c, x, b, 0);
  for (i = 0; i < 3; ++i) r[i] = X[i] - P[i];
  dcross(t, r, f);
  for (i = 0; i < 3; ++i) {
    res[i] = (spconv_real)f[i];
    res[3 + i] = (spconv_real)(tau[i] - t[i]);
  }
}

/* classical acceleration of the body point at world X: [a_X; alpha] */
static void ref_field_accel(spconv_real res[6], const spconv_convention *c,
                            const spconv_real acc[6], const spconv_real tw[6],
                            const spconv_body *b, const double X[3]) {
  double v[3], w[3], P[3], a[3], al[3], P2[3], r[3], t[3], u[3];
  int i;
  ref_read(v, w, P, c, tw, b, 1);
  ref_read(a, al, P2, c, acc, b, 1);
  if (c->accel == SPCONV_ACCEL_SPATIAL) {
    dcross(t, w, v);
    for (i = 0; i < 3; ++i) a[i] += t[i];
  }
  for (i = 0; i < 3; ++i) r[i] = X[i] - P[i];
  dcross(t, al, r);
  dcross(u, w, r);
  dcross(u, w, u);
  for (i = 0; i < 3; ++i) {
    res[i] = (spconv_real)(a[i] + t[i] + u[i]);
    res[3 + i] = (spconv_real)al[i];
  }
}

/* the power of a wrench on a twist stored under the same convention c,
   f.v + tau.w with w in rad/s: a degree convention needs pi/180 */
static double conv_power(const spconv_convention *c, const spconv_real g[6],
                         const spconv_real t[6]) {
  double lin = 0, ang = 0;
  int i, lo = c->order == SPCONV_ORDER_LINEAR_FIRST ? 0 : 3, ao = 3 - lo;
  for (i = 0; i < 3; ++i) {
    lin += (double)g[lo + i] * (double)t[lo + i];
    ang += (double)g[ao + i] * (double)t[ao + i];
  }
  return lin + ang * (c->angle_unit == SPCONV_ANGLE_DEGREES ? PI / 180 : 1.0);
}

static double conv_power_scale(const spconv_convention *c, const spconv_real g[6],
                               const spconv_real t[6]) {
  (void)c;
  return test_power_scale(g, t);
}

static void rand_point(double X[3]) {
  int i;
  for (i = 0; i < 3; ++i) X[i] = test_uniform(-3.0, 3.0);
}

static const spconv_convention *newton(void) {
  static spconv_convention c;
  c = spconv_convention_from_preset(SPCONV_PRESET_NEWTON);
  return &c;
}

/* ============================================================ known values */

/* Hand derivation: body origin at (1, 0, 0), turned +90 deg about z (body x
   = world y, body y = world -x), COM at body (1, 0, 0) = world (1, 1, 0).
   It spins with w = z (world) about its COM: v_C = 0.
     v_O = w x (O - C) = z x (0, -1, 0) = (1, 0, 0)
     v at the world origin = w x (0 - C) = z x (-1, -1, 0) = (1, -1, 0)
     body axes: R^T v = (v_y, -v_x, v_z): v_O -> (0, -1, 0), w -> (0, 0, 1)
   A force f = z at the COM with no moment about it:
     tau_O = (C - O) x f = (0, 1, 0) x (0, 0, 1) = (1, 0, 0); body (0, -1, 0)
     tau_0 = C x f = (1, 1, 0) x (0, 0, 1) = (1, -1, 0) */
typedef struct known_preset {
  spconv_preset_id id;
  spconv_real t[6], g[6]; /* the twist and the wrench under the preset */
} known_preset;

static const known_preset known_presets[] = {
    {SPCONV_PRESET_NEWTON, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},
    {SPCONV_PRESET_MUJOCO_FREE, {1, 0, 0, 0, 0, 1}, {0, 0, 1, 0, -1, 0}},
    {SPCONV_PRESET_MUJOCO_XFRC, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},
    {SPCONV_PRESET_SAP_PUBLIC, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},
    {SPCONV_PRESET_SAP_INTERNAL, {0, 0, 1, 1, 0, 0}, {1, 0, 0, 0, 0, 1}},
    {SPCONV_PRESET_ISAACLAB, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},
    {SPCONV_PRESET_PHYSX, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},
    {SPCONV_PRESET_BULLET, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},
    {SPCONV_PRESET_DRAKE, {0, 0, 1, 1, 0, 0}, {1, 0, 0, 0, 0, 1}},
    {SPCONV_PRESET_PINOCCHIO_WORLD, {1, -1, 0, 0, 0, 1}, {0, 0, 1, 1, -1, 0}},
    {SPCONV_PRESET_PINOCCHIO_LOCAL, {0, -1, 0, 0, 0, 1}, {0, 0, 1, 0, -1, 0}},
    {SPCONV_PRESET_PINOCCHIO_LWA, {1, 0, 0, 0, 0, 1}, {0, 0, 1, 1, 0, 0}},
    {SPCONV_PRESET_DART_BODY, {0, 0, 1, 0, -1, 0}, {0, -1, 0, 0, 0, 1}},
    {SPCONV_PRESET_DART_WORLD, {0, 0, 1, 1, 0, 0}, {1, 0, 0, 0, 0, 1}},
    {SPCONV_PRESET_MR_BODY, {0, 0, 1, 0, -1, 0}, {0, -1, 0, 0, 0, 1}},
    {SPCONV_PRESET_MR_SPACE, {0, 0, 1, 1, -1, 0}, {1, -1, 0, 0, 0, 1}},
    {SPCONV_PRESET_FEATHERSTONE, {0, 0, 1, 1, -1, 0}, {1, -1, 0, 0, 0, 1}},
    {SPCONV_PRESET_PTERA, {1, 0, 0, 0, 0, 0}, {0, 0, 1, 0, -1, 0}},
    /* warp.sim State: [w; v_C] and [tau_C; f], world */
    {SPCONV_PRESET_WARP_SIM, {0, 0, 1, 0, 0, 0}, {0, 0, 0, 0, 0, 1}},
    /* Isaac Lab root_link_vel_w: [v_O; w], world; f at O carries tau_O */
    {SPCONV_PRESET_ISAACLAB_LINK, {1, 0, 0, 0, 0, 1}, {0, 0, 1, 1, 0, 0}},
    /* gz-sim Link.hh: velocity at the link origin, AddWorldWrench at it, world */
    {SPCONV_PRESET_GZ_SIM, {1, 0, 0, 0, 0, 1}, {0, 0, 1, 1, 0, 0}},
    /* nav_msgs/Odometry: [v_O; w] in the child (body) axes */
    {SPCONV_PRESET_ROS_ODOM, {0, -1, 0, 0, 0, 1}, {0, 0, 1, 0, -1, 0}},
    /* Jolt Body.h: velocity of the COM, world */
    {SPCONV_PRESET_JOLT, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},
    /* Isaac Lab 3.x: the 2.x 6-vectors (COM, link origin) */
    {SPCONV_PRESET_ISAACLAB3, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},
    {SPCONV_PRESET_ISAACLAB3_LINK, {1, 0, 0, 0, 0, 1}, {0, 0, 1, 1, 0, 0}},
    /* ODE: the body's position is its COM; world axes */
    {SPCONV_PRESET_ODE, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},
    /* Genesis get_vel / get_ang: the link origin, world */
    {SPCONV_PRESET_GENESIS, {1, 0, 0, 0, 0, 1}, {0, 0, 1, 1, 0, 0}},
    /* Chrono ChBody: the COM frame, absolute coordinates */
    {SPCONV_PRESET_CHRONO, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}},
    /* Brax State.xd: at xpos (the body origin), world */
    {SPCONV_PRESET_BRAX, {1, 0, 0, 0, 0, 1}, {0, 0, 1, 1, 0, 0}},
};
#define N_KNOWN_PRESETS ((int)(sizeof known_presets / sizeof known_presets[0]))

/* the body of the hand derivation, and preset i's entry of the table */
static spconv_body known_body(void) {
  const spconv_real h = (spconv_real)0.70710678118654752440;
  spconv_body b = {{1, 0, 0}, {h, 0, 0, h}, {1, 0, 0}, {1, 0, 0, 0}};
  return b;
}

static known_preset known_preset_at(int i) {
  known_preset k = known_presets[i];
  if (k.id == SPCONV_PRESET_PTERA) k.t[5] = (spconv_real)(180.0 / PI); /* 1 rad/s = 180/pi deg/s */
  return k;
}

static void test_twist_convert_known_presets(void **state) {
  const spconv_body b = known_body();
  spconv_real twist[6] = {0, 0, 0, 0, 0, 1};
  int i;
  (void)state;
  assert_int_equal(N_KNOWN_PRESETS, SPCONV_PRESET_COUNT);
  for (i = 0; i < SPCONV_PRESET_COUNT; ++i) {
    const known_preset want = known_preset_at(i);
    spconv_convention c = spconv_convention_from_preset((spconv_preset_id)want.id);
    spconv_real res[6], back[6];
    assert_int_equal(spconv_twist_convert(res, &c, twist, newton(), &b), SPCONV_OK);
    EXPECT_VEC_NEAR(res, want.t, 6, TEST_TOL);
    /* and back from the hand values */
    assert_int_equal(spconv_twist_convert(back, newton(), want.t, &c, &b), SPCONV_OK);
    EXPECT_VEC_NEAR(back, twist, 6, TEST_TOL);
  }
}

static void test_wrench_convert_known_presets(void **state) {
  const spconv_body b = known_body();
  spconv_real wrench[6] = {0, 0, 1, 0, 0, 0};
  int i;
  (void)state;
  assert_int_equal(N_KNOWN_PRESETS, SPCONV_PRESET_COUNT);
  for (i = 0; i < SPCONV_PRESET_COUNT; ++i) {
    const known_preset want = known_preset_at(i);
    spconv_convention c = spconv_convention_from_preset((spconv_preset_id)want.id);
    spconv_real res[6], back[6];
    assert_int_equal(spconv_wrench_convert(res, &c, wrench, newton(), &b), SPCONV_OK);
    EXPECT_VEC_NEAR(res, want.g, 6, TEST_TOL);
    assert_int_equal(spconv_wrench_convert(back, newton(), want.g, &c, &b), SPCONV_OK);
    EXPECT_VEC_NEAR(back, wrench, 6, TEST_TOL);
  }
}

/* The preset table against the engines' documentation (written here from
   the sources cited in the header, not copied from it). */
static void test_convention_from_preset_table(void **state) {
  /* the enum values, as ints: this table is written in the names */
  const int L = SPCONV_ORDER_LINEAR_FIRST, A = SPCONV_ORDER_ANGULAR_FIRST;
  const int C = SPCONV_POINT_COM, O = SPCONV_POINT_ORIGIN, Z = SPCONV_POINT_WORLD;
  const int W = SPCONV_FRAME_WORLD, B = SPCONV_FRAME_BODY;
  const int R = SPCONV_ANGLE_RADIANS, D = SPCONV_ANGLE_DEGREES;
  const int K = SPCONV_ACCEL_CLASSICAL, S = SPCONV_ACCEL_SPATIAL;
  const int want[SPCONV_PRESET_COUNT][6] = {
      {L, C, W, W, R, K}, {L, O, W, B, R, K}, {L, C, W, W, R, K}, {L, C, W, W, R, K},
      {A, O, W, W, R, K}, {L, C, W, W, R, K}, {L, C, W, W, R, K}, {L, C, W, W, R, K},
      {A, O, W, W, R, K}, {L, Z, W, W, R, S}, {L, O, B, B, R, S}, {L, O, W, W, R, S},
      {A, O, B, B, R, S}, {A, O, W, W, R, S}, {A, O, B, B, R, S}, {A, Z, W, W, R, S},
      {A, Z, W, W, R, S}, {L, O, W, B, D, K}, {A, C, W, W, R, K}, {L, O, W, W, R, K},
      {L, O, W, W, R, K}, {L, O, B, B, R, K}, {L, C, W, W, R, K}, {L, C, W, W, R, K},
      {L, O, W, W, R, K}, {L, C, W, W, R, K}, {L, O, W, W, R, K}, {L, C, W, W, R, K},
      {L, O, W, W, R, K}};
  int i;
  (void)state;
  for (i = 0; i < SPCONV_PRESET_COUNT; ++i) {
    spconv_convention c = spconv_convention_from_preset(TEST_PRESET(i));
    assert_int_equal(c.order, want[i][0]);
    assert_int_equal(c.point, want[i][1]);
    assert_int_equal(c.linear_frame, want[i][2]);
    assert_int_equal(c.angular_frame, want[i][3]);
    assert_int_equal(c.angle_unit, want[i][4]);
    assert_int_equal(c.accel, want[i][5]);
  }
  { /* an unknown id gives a descriptor every conversion rejects */
    spconv_convention bad = spconv_convention_from_preset(SPCONV_PRESET_END);
    spconv_body b = {{0, 0, 0}, {1, 0, 0, 0}, {0, 0, 0}, {1, 0, 0, 0}};
    spconv_real x[6] = {1, 2, 3, 4, 5, 6}, res[6] = {7, 7, 7, 7, 7, 7}, keep[6];
    memcpy(keep, res, sizeof res);
    assert_int_equal(spconv_twist_convert(res, &bad, x, newton(), &b), SPCONV_EINVAL);
    assert_int_equal(spconv_twist_convert(res, newton(), x, &bad, &b), SPCONV_EINVAL);
    EXPECT_VEC_EQUAL(res, keep, 6);
  }
}

static void test_preset_id_name(void **state) {
  const char *names[SPCONV_PRESET_COUNT] = {
      "newton",          "mujoco_free",     "mujoco_xfrc",   "sap_public",  "sap_internal",
      "isaaclab",        "physx",           "bullet",        "drake",       "pinocchio_world",
      "pinocchio_local", "pinocchio_lwa",   "dart_body",     "dart_world",  "mr_body",
      "mr_space",        "featherstone",    "ptera",         "warp_sim",    "isaaclab_link",
      "gz_sim",          "ros_odom",        "jolt",          "isaaclab3",   "isaaclab3_link",
      "ode",             "genesis",         "chrono",        "brax"};
  int i;
  (void)state;
  for (i = 0; i < SPCONV_PRESET_COUNT; ++i) {
    assert_non_null(spconv_preset_id_name(TEST_PRESET(i)));
    assert_string_equal(spconv_preset_id_name(TEST_PRESET(i)), names[i]);
  }
  assert_null(spconv_preset_id_name(TEST_PRESET(-1)));
  assert_null(spconv_preset_id_name(SPCONV_PRESET_END));
  assert_null(spconv_preset_id_name((spconv_preset_id)0)); /* the 0.x value of NEWTON */
}

/* Accelerations by hand, same body as the known presets, spinning at w = z
   about its COM with no angular acceleration and a_C = 0.
   Origin O, r = O - C = (0, -1, 0): classical a_O = w x (w x r) =
   z x (z x -y) = z x x = y (centripetal, toward C). v_O = (1, 0, 0), so
   spatial a_O = a_O - w x v_O = y - z x x = y - y = 0: steady rotation has
   zero spatial acceleration everywhere. Body axes: y -> (1, 0, 0). */
static void test_accel_convert_known_values(void **state) {
  const spconv_body b = known_body();
  spconv_real twist[6] = {0, 0, 0, 0, 0, 1}, acc[6] = {0, 0, 0, 0, 0, 0}, res[6];
  spconv_convention drake = spconv_convention_from_preset(SPCONV_PRESET_DRAKE);
  spconv_convention dart = spconv_convention_from_preset(SPCONV_PRESET_DART_BODY);
  spconv_convention mj = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  spconv_convention local = spconv_convention_from_preset(SPCONV_PRESET_DART_BODY);
  spconv_real want_drake[6] = {0, 0, 0, 0, 1, 0}, want_mj[6] = {0, 1, 0, 0, 0, 0};
  spconv_real zero[6] = {0, 0, 0, 0, 0, 0}, want_local[6] = {0, 0, 0, 1, 0, 0};
  (void)state;
  local.accel = SPCONV_ACCEL_CLASSICAL;
  assert_int_equal(spconv_accel_convert(res, &drake, acc, newton(), twist, &b), SPCONV_OK);
  EXPECT_VEC_NEAR(res, want_drake, 6, TEST_TOL);
  assert_int_equal(spconv_accel_convert(res, &mj, acc, newton(), twist, &b), SPCONV_OK);
  EXPECT_VEC_NEAR(res, want_mj, 6, TEST_TOL);
  assert_int_equal(spconv_accel_convert(res, &dart, acc, newton(), twist, &b), SPCONV_OK);
  EXPECT_VEC_NEAR(res, zero, 6, TEST_TOL);
  assert_int_equal(spconv_accel_convert(res, &local, acc, newton(), twist, &b), SPCONV_OK);
  EXPECT_VEC_NEAR(res, want_local, 6, TEST_TOL);
}

static void test_classical_accel_shift(void **state) {
  (void)state;
  { /* [a; alpha] at C = 0, w = z, r = C -> O = (0, -1, 0): a_O = y */
    spconv_real a0[6] = {0, 0, 0, 0, 0, 0}, w[3] = {0, 0, 1}, r[3] = {0, -1, 0}, aO[6];
    spconv_real want[6] = {0, 1, 0, 0, 0, 0};
    spconv_classical_accel_shift(aO, a0, w, r);
    EXPECT_VEC_NEAR(aO, want, 6, TEST_TOL);
  }
  { /* the primitive shift agrees with the descriptor path (separate code):
       classical COM acceleration (NEWTON) -> origin, world axes */
    spconv_convention lwa = spconv_convention_from_preset(SPCONV_PRESET_PINOCCHIO_LWA);
    int n;
    lwa.accel = SPCONV_ACCEL_CLASSICAL;
    test_seed(0x5eed050d);
    for (n = 0; n < TEST_CASES; ++n) {
      spconv_body bb;
      spconv_real t[6], a[6], r[3], res2[6], want[6];
      int i;
      rand_body(&bb);
      test_rand_vec(t, 6, 3.0);
      test_rand_vec(a, 6, 3.0);
      spconv_quat_rotate_wxyz(r, bb.quat_wxyz, bb.com); /* r = O - C = -R com */
      for (i = 0; i < 3; ++i) r[i] = -r[i];
      spconv_classical_accel_shift(res2, a, t + 3, r);
      assert_int_equal(spconv_accel_convert(want, &lwa, a, newton(), t, &bb), SPCONV_OK);
      EXPECT_VEC_NEAR(res2, want, 6, TEST_TOL);
    }
  }
  { /* alpha x r: alpha = z, r = x: a = y, with w = 0 */
    spconv_real a0[6] = {0, 0, 0, 0, 0, 1}, w[3] = {0, 0, 0}, r[3] = {1, 0, 0}, res2[6];
    spconv_real want[6] = {0, 1, 0, 0, 0, 1};
    spconv_classical_accel_shift(res2, a0, w, r);
    EXPECT_VEC_EQUAL(res2, want, 6);
  }
}

/* the origin's classical acceleration y of the hand derivation (twist
   [v_O; w] = [x; z]) is zero as a spatial acceleration, and back */
static void test_spatial_classical_accel_known_values(void **state) {
  spconv_real aO[6] = {0, 1, 0, 0, 0, 0}, tO[6] = {1, 0, 0, 0, 0, 1}, sp[6], back[6];
  spconv_real zero[6] = {0, 0, 0, 0, 0, 0};
  (void)state;
  spconv_spatial_accel_from_classical(sp, aO, tO);
  EXPECT_VEC_NEAR(sp, zero, 6, TEST_TOL);
  spconv_classical_accel_from_spatial(back, sp, tO);
  EXPECT_VEC_NEAR(back, aO, 6, TEST_TOL);
}

/* ===================================================== every pair, fields */

/* For every ordered pair of presets (23 x 23 x 32 = 16,928 cases, seed
   0x5eed0501) or of descriptors (48 x 48 x 5 = 11,520 cases, seed
   0x5eed0502) and random bodies: the twist converted describes the same
   rigid velocity field (checked at a random point with the independent
   reader), the wrench the same moment field, power is preserved (with
   pi/180 for degree conventions), and between presets both round trip.
   One test per function and property; all draw the same cases. */
typedef struct pair_case {
  spconv_convention from, to;
  spconv_body b;
  spconv_real t[6], g[6];
  double X[3];
  int presets; /* a pair of presets (1) or of descriptors (0) */
} pair_case;

typedef void (*pair_check)(const pair_case *p);

static void for_all_pairs(int presets, pair_check check) {
  const int n_conv = presets ? SPCONV_PRESET_COUNT : N_DESC / 2, n_rep = presets ? 32 : 5;
  int i, j, n;
  test_seed(presets ? 0x5eed0501 : 0x5eed0502);
  for (i = 0; i < n_conv; ++i)
    for (j = 0; j < n_conv; ++j)
      for (n = 0; n < n_rep; ++n) {
        pair_case p;
        p.presets = presets;
        p.from = presets ? spconv_convention_from_preset(TEST_PRESET(i)) : desc(i);
        p.to = presets ? spconv_convention_from_preset(TEST_PRESET(j)) : desc(j);
        rand_body(&p.b);
        test_rand_vec(p.t, 6, 3.0);
        test_rand_vec(p.g, 6, 3.0);
        rand_point(p.X);
        check(&p);
      }
}

static void check_twist_pair(const pair_case *p) {
  spconv_real t2[6], back[6], f1[6], f2[6];
  assert_int_equal(spconv_twist_convert(t2, &p->to, p->t, &p->from, &p->b), SPCONV_OK);
  ref_field_twist(f1, &p->from, p->t, &p->b, p->X);
  ref_field_twist(f2, &p->to, t2, &p->b, p->X);
  EXPECT_VEC_NEAR(f2, f1, 6, TEST_TOL);
  if (!p->presets) return;
  assert_int_equal(spconv_twist_convert(back, &p->from, t2, &p->to, &p->b), SPCONV_OK);
  EXPECT_VEC_NEAR(back, p->t, 6, TEST_TOL);
}

static void check_wrench_pair(const pair_case *p) {
  spconv_real g2[6], back[6], f1[6], f2[6];
  assert_int_equal(spconv_wrench_convert(g2, &p->to, p->g, &p->from, &p->b), SPCONV_OK);
  ref_field_wrench(f1, &p->from, p->g, &p->b, p->X);
  ref_field_wrench(f2, &p->to, g2, &p->b, p->X);
  EXPECT_VEC_NEAR(f2, f1, 6, TEST_TOL);
  if (!p->presets) return;
  assert_int_equal(spconv_wrench_convert(back, &p->from, g2, &p->to, &p->b), SPCONV_OK);
  EXPECT_VEC_NEAR(back, p->g, 6, TEST_TOL);
}

static void check_power_pair(const pair_case *p) {
  spconv_real t2[6], g2[6];
  assert_int_equal(spconv_twist_convert(t2, &p->to, p->t, &p->from, &p->b), SPCONV_OK);
  assert_int_equal(spconv_wrench_convert(g2, &p->to, p->g, &p->from, &p->b), SPCONV_OK);
  EXPECT_NEAR(conv_power(&p->to, g2, t2), conv_power(&p->from, p->g, p->t), TEST_TOL,
              fmax(conv_power_scale(&p->from, p->g, p->t), conv_power_scale(&p->to, g2, t2)));
}

TEST_RUN(test_twist_convert_all_preset_pairs, for_all_pairs(1, check_twist_pair))

TEST_RUN(test_wrench_convert_all_preset_pairs, for_all_pairs(1, check_wrench_pair))

TEST_RUN(test_twist_wrench_convert_power_all_preset_pairs, for_all_pairs(1, check_power_pair))

/* The same over every descriptor (not only presets), a smaller sample per pair. */
TEST_RUN(test_twist_convert_all_descriptor_pairs, for_all_pairs(0, check_twist_pair))

TEST_RUN(test_wrench_convert_all_descriptor_pairs, for_all_pairs(0, check_wrench_pair))

TEST_RUN(test_twist_wrench_convert_power_all_descriptor_pairs, for_all_pairs(0, check_power_pair))

/* Matrix forms: equal the vector forms applied to a random vector; between
   radian presets M_f^T M_v = I (power). Every ordered pair of presets, 4
   random bodies each (seed 0x5eed0503). */
typedef void (*matrix_check)(const spconv_convention *from, const spconv_convention *to,
                             const spconv_body *b, const spconv_real x[6]);

static void for_all_matrix_cases(matrix_check check) {
  int i, j, n;
  test_seed(0x5eed0503);
  for (i = 0; i < SPCONV_PRESET_COUNT; ++i)
    for (j = 0; j < SPCONV_PRESET_COUNT; ++j) {
      spconv_convention from = spconv_convention_from_preset(TEST_PRESET(i));
      spconv_convention to = spconv_convention_from_preset(TEST_PRESET(j));
      for (n = 0; n < 4; ++n) {
        spconv_body b;
        spconv_real x[6];
        rand_body(&b);
        test_rand_vec(x, 6, 3.0);
        check(&from, &to, &b, x);
      }
    }
}

/* y = M x, 6x6 */
static void mat6_vec(spconv_real y[6], const spconv_real M[36], const spconv_real x[6]) {
  int r, c;
  for (r = 0; r < 6; ++r) {
    double s = 0;
    for (c = 0; c < 6; ++c) s += (double)M[6 * r + c] * (double)x[c];
    y[r] = (spconv_real)s;
  }
}

static void check_twist_matrix(const spconv_convention *from, const spconv_convention *to,
                               const spconv_body *b, const spconv_real x[6]) {
  spconv_real Mv[36], y[6], want[6];
  assert_int_equal(spconv_twist_convert_matrix(Mv, to, from, b), SPCONV_OK);
  mat6_vec(y, Mv, x);
  assert_int_equal(spconv_twist_convert(want, to, x, from, b), SPCONV_OK);
  EXPECT_VEC_NEAR(y, want, 6, TEST_TOL);
}

static void check_wrench_matrix(const spconv_convention *from, const spconv_convention *to,
                                const spconv_body *b, const spconv_real x[6]) {
  spconv_real Mf[36], y[6], want[6];
  assert_int_equal(spconv_wrench_convert_matrix(Mf, to, from, b), SPCONV_OK);
  mat6_vec(y, Mf, x);
  assert_int_equal(spconv_wrench_convert(want, to, x, from, b), SPCONV_OK);
  EXPECT_VEC_NEAR(y, want, 6, TEST_TOL);
}

static void check_matrix_duality(const spconv_convention *from, const spconv_convention *to,
                                 const spconv_body *b, const spconv_real x[6]) {
  spconv_real Mv[36], Mf[36], prod[36], eye[36];
  int r, c, k;
  (void)x;
  assert_int_equal(spconv_twist_convert_matrix(Mv, to, from, b), SPCONV_OK);
  assert_int_equal(spconv_wrench_convert_matrix(Mf, to, from, b), SPCONV_OK);
  if (from->angle_unit != SPCONV_ANGLE_RADIANS || to->angle_unit != SPCONV_ANGLE_RADIANS) return;
  for (r = 0; r < 6; ++r)
    for (c = 0; c < 6; ++c) {
      double s = 0;
      for (k = 0; k < 6; ++k) s += (double)Mf[6 * k + r] * (double)Mv[6 * k + c];
      prod[6 * r + c] = (spconv_real)s;
      eye[6 * r + c] = r == c ? 1 : 0;
    }
  EXPECT_VEC_NEAR(prod, eye, 36, TEST_TOL);
}

TEST_RUN(test_twist_convert_matrix, for_all_matrix_cases(check_twist_matrix))

TEST_RUN(test_wrench_convert_matrix, for_all_matrix_cases(check_wrench_matrix))

TEST_RUN(test_twist_wrench_convert_matrix_duality, for_all_matrix_cases(check_matrix_duality))

/* Jacobians: J_to = M J_from (M of spconv_twist_convert_matrix), row- and
   column-major alike, in place too, and (J_to qd) = the conversion of the
   twist J_from qd. 5 columns, every ordered pair of presets. */
#define JAC_COLS 5

/* J_ij of a 6 x JAC_COLS matrix stored as cm says (1: column-major) */
static size_t jac_at(int cm, size_t i, size_t j) { return cm ? 6 * j + i : JAC_COLS * i + j; }

static void check_jacobian(const spconv_convention *from, const spconv_convention *to,
                           const spconv_body *b, const spconv_real x[6]) {
  spconv_real J[6 * JAC_COLS], got[6 * JAC_COLS], inplace[6 * JAC_COLS], want[6 * JAC_COLS];
  spconv_real M[36], qd[JAC_COLS], t[6], t_to[6], Jqd[6];
  int cm, i, j, k;
  test_rand_vec(J, 6 * JAC_COLS, 2.0);
  for (j = 0; j < JAC_COLS; ++j) qd[j] = x[j];
  assert_int_equal(spconv_twist_convert_matrix(M, to, from, b), SPCONV_OK);
  for (cm = 0; cm < 2; ++cm) {
    spconv_mat4_layout lay = cm ? SPCONV_MAT4_COLUMN_MAJOR : SPCONV_MAT4_ROW_MAJOR;
    for (i = 0; i < 6; ++i) { /* want = M J, and the twist J qd */
      double tw = 0;
      for (j = 0; j < JAC_COLS; ++j) {
        double s = 0;
        for (k = 0; k < 6; ++k) s += (double)M[6 * i + k] * (double)J[jac_at(cm, (size_t)k, (size_t)j)];
        want[jac_at(cm, (size_t)i, (size_t)j)] = (spconv_real)s;
        tw += (double)J[jac_at(cm, (size_t)i, (size_t)j)] * (double)qd[j];
      }
      t[i] = (spconv_real)tw;
    }
    assert_int_equal(spconv_jacobian_convert(got, to, J, from, b, JAC_COLS, lay), SPCONV_OK);
    EXPECT_VEC_NEAR(got, want, 6 * JAC_COLS, TEST_TOL);
    memcpy(inplace, J, sizeof J);
    assert_int_equal(spconv_jacobian_convert(inplace, to, inplace, from, b, JAC_COLS, lay),
                     SPCONV_OK);
    EXPECT_VEC_EQUAL(inplace, got, 6 * JAC_COLS);
    assert_int_equal(spconv_twist_convert(t_to, to, t, from, b), SPCONV_OK);
    for (i = 0; i < 6; ++i) {
      double s = 0;
      for (j = 0; j < JAC_COLS; ++j) s += (double)got[jac_at(cm, (size_t)i, (size_t)j)] * (double)qd[j];
      Jqd[i] = (spconv_real)s;
    }
    EXPECT_VEC_NEAR(Jqd, t_to, 6, 10 * TEST_TOL);
  }
}

TEST_RUN(test_jacobian_convert, for_all_matrix_cases(check_jacobian))

/* one column: the column-major and row-major storage of a 6 x 1 matrix are
   the same 6 reals, and the result is spconv_twist_convert's, bit for bit */
static void check_jacobian_one_column(const spconv_convention *from, const spconv_convention *to,
                                      const spconv_body *b, const spconv_real x[6]) {
  spconv_real row[6], col[6], want[6];
  assert_int_equal(spconv_twist_convert(want, to, x, from, b), SPCONV_OK);
  assert_int_equal(spconv_jacobian_convert(row, to, x, from, b, 1, SPCONV_MAT4_ROW_MAJOR), SPCONV_OK);
  assert_int_equal(spconv_jacobian_convert(col, to, x, from, b, 1, SPCONV_MAT4_COLUMN_MAJOR),
                   SPCONV_OK);
  EXPECT_VEC_EQUAL(row, want, 6);
  EXPECT_VEC_EQUAL(col, want, 6);
}

TEST_RUN(test_jacobian_convert_one_column, for_all_matrix_cases(check_jacobian_one_column))

#define JAC_N 3 /* Jacobians in a batch */

/* The batch: JAC_N bodies' Jacobians stacked (b and two more bodies), in
   both storages. Jacobian k is spconv_jacobian_convert's of body k, bit
   for bit, in place too, and each of its columns is spconv_twist_convert's
   of that column for body k. */
static void check_jacobian_batch(const spconv_convention *from, const spconv_convention *to,
                                 const spconv_body *b, const spconv_real x[6]) {
  spconv_body bodies[JAC_N];
  spconv_real J[JAC_N * 6 * JAC_COLS], got[JAC_N * 6 * JAC_COLS], inplace[JAC_N * 6 * JAC_COLS];
  spconv_real one[6 * JAC_COLS], col[6], want[6];
  const size_t size = 6 * JAC_COLS;
  size_t k;
  int cm, i, j;
  (void)x;
  bodies[0] = *b;
  for (k = 1; k < JAC_N; ++k) {
    rand_body(&bodies[k]);
    memcpy(bodies[k].iquat_wxyz, b->iquat_wxyz, sizeof b->iquat_wxyz);
  }
  test_rand_vec(J, JAC_N * 6 * JAC_COLS, 2.0);
  for (cm = 0; cm < 2; ++cm) {
    spconv_mat4_layout lay = cm ? SPCONV_MAT4_COLUMN_MAJOR : SPCONV_MAT4_ROW_MAJOR;
    assert_int_equal(spconv_jacobian_convert_n(got, to, J, from, bodies, JAC_COLS, lay, JAC_N),
                     SPCONV_OK);
    memcpy(inplace, J, sizeof J);
    assert_int_equal(spconv_jacobian_convert_n(inplace, to, inplace, from, bodies, JAC_COLS, lay,
                                               JAC_N), SPCONV_OK);
    EXPECT_VEC_EQUAL(inplace, got, JAC_N * 6 * JAC_COLS);
    for (k = 0; k < JAC_N; ++k) {
      assert_int_equal(spconv_jacobian_convert(one, to, J + k * size, from, &bodies[k], JAC_COLS,
                                               lay), SPCONV_OK);
      EXPECT_VEC_EQUAL(got + k * size, one, 6 * JAC_COLS);
      for (j = 0; j < JAC_COLS; ++j) {
        for (i = 0; i < 6; ++i) col[i] = J[k * size + jac_at(cm, (size_t)i, (size_t)j)];
        assert_int_equal(spconv_twist_convert(want, to, col, from, &bodies[k]), SPCONV_OK);
        for (i = 0; i < 6; ++i) col[i] = got[k * size + jac_at(cm, (size_t)i, (size_t)j)];
        EXPECT_VEC_EQUAL(col, want, 6);
      }
    }
  }
}

TEST_RUN(test_jacobian_convert_n, for_all_matrix_cases(check_jacobian_batch))

/* The preset path equals the foundation's dedicated functions: MuJoCo free
   joint (qvel, qfrc), SAP (P_v, P_f), cvel, and PTERA is MuJoCo in degrees.
   Every test draws the same random bodies and vectors (seed 0x5eed0504). */
typedef struct foundation_case {
  spconv_body b;
  spconv_real t[6], g[6], S[3], r_oc[3]; /* r_oc = R com */
} foundation_case;

/* passed by value: the static analyzer checks each check function on its
   own, and with a pointer it would take &c->b (at offset 0) as possibly
   null after the header's own NULL checks */
typedef void (*foundation_check)(foundation_case c);

static void for_all_foundation_cases(foundation_check check) {
  int n;
  test_seed(0x5eed0504);
  for (n = 0; n < TEST_CASES; ++n) {
    foundation_case c;
    rand_body(&c.b);
    test_rand_vec(c.t, 6, 3.0);
    test_rand_vec(c.g, 6, 3.0);
    test_rand_vec(c.S, 3, 2.0);
    spconv_quat_rotate_wxyz(c.r_oc, c.b.quat_wxyz, c.b.com);
    check(c);
  }
}

static void check_match_mujoco_free_joint(foundation_case c) {
  const spconv_convention mj = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  const spconv_convention xf = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_XFRC);
  spconv_real res[6], want[6];
  assert_int_equal(spconv_twist_convert(res, &mj, c.t, newton(), &c.b), SPCONV_OK);
  spconv_mujoco_qvel_from_twist(want, c.t, c.b.quat_wxyz, c.b.com);
  EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
  assert_int_equal(spconv_twist_convert(res, newton(), c.t, &mj, &c.b), SPCONV_OK);
  spconv_twist_from_mujoco_qvel(want, c.t, c.b.quat_wxyz, c.b.com);
  EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
  assert_int_equal(spconv_wrench_convert(res, &mj, c.g, &xf, &c.b), SPCONV_OK);
  spconv_mujoco_qfrc_from_wrench(want, c.g, c.b.quat_wxyz, c.b.com);
  EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
  assert_int_equal(spconv_wrench_convert(res, &xf, c.g, &mj, &c.b), SPCONV_OK);
  spconv_wrench_from_mujoco_qfrc(want, c.g, c.b.quat_wxyz, c.b.com);
  EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
}

TEST_RUN(test_twist_wrench_convert_match_mujoco_free_joint,
         for_all_foundation_cases(check_match_mujoco_free_joint))

static void check_match_sap(foundation_case c) {
  const spconv_convention pub = spconv_convention_from_preset(SPCONV_PRESET_SAP_PUBLIC);
  const spconv_convention sap = spconv_convention_from_preset(SPCONV_PRESET_SAP_INTERNAL);
  spconv_real res[6], want[6];
  assert_int_equal(spconv_twist_convert(res, &sap, c.t, &pub, &c.b), SPCONV_OK);
  spconv_sap_twist_from_public(want, c.t, c.r_oc);
  EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
  assert_int_equal(spconv_twist_convert(res, &pub, c.t, &sap, &c.b), SPCONV_OK);
  spconv_public_twist_from_sap(want, c.t, c.r_oc);
  EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
  assert_int_equal(spconv_wrench_convert(res, &sap, c.g, &pub, &c.b), SPCONV_OK);
  spconv_sap_wrench_from_public(want, c.g, c.r_oc);
  EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
  assert_int_equal(spconv_wrench_convert(res, &pub, c.g, &sap, &c.b), SPCONV_OK);
  spconv_public_wrench_from_sap(want, c.g, c.r_oc);
  EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
}

TEST_RUN(test_twist_wrench_convert_match_sap, for_all_foundation_cases(check_match_sap))

/* cvel at the COM C = pos + R com */
static void check_match_cvel(foundation_case c) {
  spconv_real res[6], want[6], cvel[6], C[3];
  int i;
  for (i = 0; i < 6; ++i) cvel[i] = c.t[i];
  for (i = 0; i < 3; ++i) C[i] = c.b.pos[i] + c.r_oc[i];
  assert_int_equal(spconv_twist_from_mujoco_cframe(res, newton(), cvel, c.S, &c.b), SPCONV_OK);
  spconv_twist_from_mujoco_cvel(want, cvel, C, c.S);
  EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
}

TEST_RUN(test_twist_from_mujoco_cframe_matches_cvel, for_all_foundation_cases(check_match_cvel))

/* PTERA = MuJoCo with the angular part in degrees */
static void check_ptera(foundation_case c) {
  const spconv_convention mj = spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  const spconv_convention pt = spconv_convention_from_preset(SPCONV_PRESET_PTERA);
  spconv_real res[6], q[6];
  int i;
  assert_int_equal(spconv_twist_convert(q, &mj, c.t, newton(), &c.b), SPCONV_OK);
  assert_int_equal(spconv_twist_convert(res, &pt, c.t, newton(), &c.b), SPCONV_OK);
  for (i = 3; i < 6; ++i) q[i] = (spconv_real)((double)q[i] * 180.0 / PI);
  EXPECT_VEC_NEAR(res, q, 6, TEST_TOL);
}

TEST_RUN(test_twist_convert_ptera_is_mujoco_in_degrees, for_all_foundation_cases(check_ptera))

/* A DEGREES convention and spconv_deg_from_rad / spconv_rad_from_deg use the
   one pi/180 constant: the angular part agrees bit for bit, both ways (in
   float, two separately written constants differed by one ulp) */
static void test_twist_convert_degrees_matches_deg_from_rad(void **state) {
  spconv_convention rad = spconv_convention_from_preset(SPCONV_PRESET_NEWTON), deg = rad;
  int c, i;
  (void)state;
  deg.angle_unit = SPCONV_ANGLE_DEGREES;
  test_seed(1203);
  for (c = 0; c < TEST_CASES; ++c) {
    spconv_body b;
    spconv_real t[6], out[6], back[6], want[3];
    rand_body(&b);
    test_rand_vec(t, 6, 10.0);
    assert_int_equal(spconv_twist_convert(out, &deg, t, &rad, &b), SPCONV_OK);
    spconv_deg_from_rad3(want, t + 3);
    for (i = 0; i < 3; ++i) assert_memory_equal(&out[3 + i], &want[i], sizeof(spconv_real));
    assert_int_equal(spconv_twist_convert(back, &rad, out, &deg, &b), SPCONV_OK);
    spconv_rad_from_deg3(want, out + 3);
    for (i = 0; i < 3; ++i) assert_memory_equal(&back[3 + i], &want[i], sizeof(spconv_real));
  }
}

/* ========================================================== accelerations */

/* Every pair of descriptors: the converted acceleration describes the same
   classical acceleration field (independent reader) and round trips. */
static void test_accel_convert_all_descriptor_pairs(void **state) {
  int i, j, n;
  (void)state;
  test_seed(0x5eed0505);
  for (i = 0; i < N_DESC; ++i) {
    for (j = 0; j < N_DESC; ++j) { /* 96 * 96 * 2 = 18,432 cases */
      spconv_convention from = desc(i), to = desc(j);
      for (n = 0; n < 2; ++n) {
        spconv_body b;
        spconv_real t[6], a[6], t2[6], a2[6], back[6], f1[6], f2[6];
        double X[3];
        rand_body(&b);
        test_rand_vec(t, 6, 2.0);
        test_rand_vec(a, 6, 3.0);
        rand_point(X);
        assert_int_equal(spconv_accel_convert(a2, &to, a, &from, t, &b), SPCONV_OK);
        assert_int_equal(spconv_twist_convert(t2, &to, t, &from, &b), SPCONV_OK);
        ref_field_accel(f1, &from, a, t, &b, X);
        ref_field_accel(f2, &to, a2, t2, &b, X);
        EXPECT_VEC_NEAR(f2, f1, 6, TEST_TOL);
        assert_int_equal(spconv_accel_convert(back, &from, a2, &to, t2, &b), SPCONV_OK);
        EXPECT_VEC_NEAR(back, a, 6, TEST_TOL);
      }
    }
  }
}

#ifndef SPCONV_USE_FLOAT
/* rotation by angle th about unit axis k, as a quaternion (w, x, y, z) */
static void quat_axis_angle(spconv_real q[4], const double k[3], double th) {
  q[0] = cos(th / 2);
  q[1] = sin(th / 2) * k[0];
  q[2] = sin(th / 2) * k[1];
  q[3] = sin(th / 2) * k[2];
}

/* body of a known motion at time t: R(t) = Rot(k, th(t)) R0 with th = w0 t +
   al t^2 / 2 (so w = th' k, alpha = th'' k exactly), origin p(t) = p0 + v0 t
   + a0 t^2 / 2; returns the canonical COM twist and classical acceleration. */
static void motion_at(spconv_body *b, spconv_real tw[6], spconv_real acc[6], double t,
                      const spconv_body *b0, const double k[3], double w0, double al,
                      const double v0[3], const double a0[3]) {
  spconv_real qk[4], rc[3];
  double th = w0 * t + 0.5 * al * t * t, wd = w0 + al * t, w[3], alpha[3], r[3], u[3], s[3];
  int i;
  quat_axis_angle(qk, k, th);
  spconv_quat_mul_wxyz(b->quat_wxyz, qk, b0->quat_wxyz);
  for (i = 0; i < 3; ++i) {
    b->pos[i] = b0->pos[i] + v0[i] * t + 0.5 * a0[i] * t * t;
    b->com[i] = b0->com[i];
    w[i] = wd * k[i];
    alpha[i] = al * k[i];
  }
  spconv_quat_rotate_wxyz(rc, b->quat_wxyz, b->com);
  for (i = 0; i < 3; ++i) r[i] = rc[i];
  dcross(u, w, r); /* v_C = p' + w x r */
  for (i = 0; i < 3; ++i) {
    tw[i] = v0[i] + a0[i] * t + u[i];
    tw[3 + i] = w[i];
  }
  dcross(s, alpha, r); /* a_C = p'' + alpha x r + w x (w x r) */
  dcross(u, w, u);
  for (i = 0; i < 3; ++i) {
    acc[i] = a0[i] + s[i] + u[i];
    acc[3 + i] = alpha[i];
  }
}

/* Central differences of the stored twist of a known motion equal the
   acceleration of the kind the header documents as the time derivative:
   CLASSICAL for world axes at a body point, SPATIAL for body axes or the
   world point (the combination body axes + world point is excluded, as
   documented). Tolerance: truncation O(h^2) with h = 2e-5 on motions of
   size ~10, plus rounding 1e-16 / h; 1e-7 covers both (double only). */
static void test_accel_convert_is_time_derivative(void **state) {
  const double hstep = 2e-5, tol = 1e-7;
  const double ratio_before = test_worst_ratio, ratio_tol_before = test_worst_ratio_tol;
  int n, k;
  (void)state;
  test_worst_ratio = 0.0;
  test_seed(0x5eed0506);
  for (n = 0; n < 300; ++n) {
    spconv_body b0, b, bp, bm;
    spconv_real kk[3], twc[6], accc[6], twp[6], twm[6], dummy[6];
    double kax[3], kn, w0, al, v0[3], a0[3], t0;
    int i;
    rand_body(&b0);
    do {
      test_rand_vec(kk, 3, 1.0);
      kn = sqrt((double)(kk[0] * kk[0] + kk[1] * kk[1] + kk[2] * kk[2]));
    } while (kn < 0.1);
    for (i = 0; i < 3; ++i) {
      kax[i] = (double)kk[i] / kn;
      v0[i] = test_uniform(-2, 2);
      a0[i] = test_uniform(-2, 2);
    }
    w0 = test_uniform(-3, 3);
    al = test_uniform(-3, 3);
    t0 = test_uniform(-1, 1);
    motion_at(&b, twc, accc, t0, &b0, kax, w0, al, v0, a0);
    motion_at(&bp, twp, dummy, t0 + hstep, &b0, kax, w0, al, v0, a0);
    motion_at(&bm, twm, dummy, t0 - hstep, &b0, kax, w0, al, v0, a0);
    for (k = 0; k < N_DESC / 2; ++k) {
      spconv_convention c = desc(k);
      spconv_real xp[6], xm[6], fd[6], want[6];
      if (c.linear_frame == SPCONV_FRAME_BODY && c.point == SPCONV_POINT_WORLD) continue;
      c.accel = (c.linear_frame == SPCONV_FRAME_BODY || c.point == SPCONV_POINT_WORLD)
                    ? SPCONV_ACCEL_SPATIAL
                    : SPCONV_ACCEL_CLASSICAL;
      assert_int_equal(spconv_twist_convert(xp, &c, twp, newton(), &bp), SPCONV_OK);
      assert_int_equal(spconv_twist_convert(xm, &c, twm, newton(), &bm), SPCONV_OK);
      for (i = 0; i < 6; ++i) fd[i] = (xp[i] - xm[i]) / (2 * hstep);
      assert_int_equal(spconv_accel_convert(want, &c, accc, newton(), twc, &b), SPCONV_OK);
      EXPECT_VEC_NEAR(fd, want, 6, tol);
    }
  }
  /* reported apart: this error is the finite difference's, not the header's */
  printf("finite differences vs spconv_accel_convert: largest relative error %.3g (tolerance %.0e)\n",
         test_worst_ratio * tol, tol);
  test_worst_ratio = ratio_before;
  test_worst_ratio_tol = ratio_tol_before;
}
#endif

/* ================================================= MuJoCo c-frame vectors */

/* cvel / cacc / cfrc to and from every preset: round trips, power, and
   agreement with the descriptor path through a body whose COM sits at
   subtree_com (for target points other than the COM). One test per pair
   of functions; all draw the same cases (seed 0x5eed0507). */
typedef struct cframe_case {
  spconv_convention c;
  spconv_body b, bs; /* bs: b with its COM moved to subtree_com */
  spconv_real cvel[6], cacc[6], cfrc[6], S[3];
} cframe_case;

/* the c-frame as a descriptor: {angular first, COM, world, world, spatial} */
static spconv_convention cframe_descriptor(void) {
  spconv_convention cf;
  cf.order = SPCONV_ORDER_ANGULAR_FIRST;
  cf.point = SPCONV_POINT_COM;
  cf.linear_frame = cf.angular_frame = SPCONV_FRAME_WORLD;
  cf.angle_unit = SPCONV_ANGLE_RADIANS;
  cf.accel = SPCONV_ACCEL_SPATIAL;
  return cf;
}

typedef void (*cframe_check)(const cframe_case *c);

static void for_all_cframe_cases(cframe_check check) {
  int n, id;
  test_seed(0x5eed0507);
  for (n = 0; n < TEST_CASES / SPCONV_PRESET_COUNT + 1; ++n) {
    for (id = 0; id < SPCONV_PRESET_COUNT; ++id) {
      cframe_case c;
      spconv_real rs[3], qc[4];
      int i;
      c.c = spconv_convention_from_preset(TEST_PRESET(id));
      rand_body(&c.b);
      test_rand_vec(c.cvel, 6, 2.0);
      test_rand_vec(c.cacc, 6, 3.0);
      test_rand_vec(c.cfrc, 6, 3.0);
      test_rand_vec(c.S, 3, 2.0);
      c.bs = c.b;
      for (i = 0; i < 3; ++i) rs[i] = c.S[i] - c.b.pos[i];
      spconv_quat_conj_wxyz(qc, c.b.quat_wxyz); /* com_s = R^T (S - pos) */
      spconv_quat_rotate_wxyz(c.bs.com, qc, rs);
      check(&c);
    }
  }
}

static void check_cframe_twist(const cframe_case *c) {
  const spconv_convention cf = cframe_descriptor();
  spconv_real t[6], back[6], want[6];
  assert_int_equal(spconv_twist_from_mujoco_cframe(t, &c->c, c->cvel, c->S, &c->b), SPCONV_OK);
  assert_int_equal(spconv_mujoco_cframe_from_twist(back, c->S, t, &c->c, &c->b), SPCONV_OK);
  EXPECT_VEC_NEAR(back, c->cvel, 6, TEST_TOL);
  if (c->c.point != SPCONV_POINT_COM) {
    assert_int_equal(spconv_twist_convert(want, &c->c, c->cvel, &cf, &c->bs), SPCONV_OK);
    EXPECT_VEC_NEAR(t, want, 6, TEST_TOL);
  }
}

TEST_RUN(test_twist_from_mujoco_cframe_and_back, for_all_cframe_cases(check_cframe_twist))

/* and power: cfrc . cvel (both at S, world, radians) */
static void check_cframe_wrench(const cframe_case *c) {
  const spconv_convention cf = cframe_descriptor();
  spconv_real t[6], g[6], back[6], want[6];
  double p, pc = 0;
  int i;
  assert_int_equal(spconv_twist_from_mujoco_cframe(t, &c->c, c->cvel, c->S, &c->b), SPCONV_OK);
  assert_int_equal(spconv_wrench_from_mujoco_cframe(g, &c->c, c->cfrc, c->S, &c->b), SPCONV_OK);
  assert_int_equal(spconv_mujoco_cframe_from_wrench(back, c->S, g, &c->c, &c->b), SPCONV_OK);
  EXPECT_VEC_NEAR(back, c->cfrc, 6, TEST_TOL);
  p = conv_power(&c->c, g, t);
  for (i = 0; i < 6; ++i) pc += (double)c->cfrc[i] * (double)c->cvel[i];
  EXPECT_NEAR(p, pc, TEST_TOL, fmax(test_power_scale(c->cfrc, c->cvel), test_power_scale(g, t)));
  if (c->c.point != SPCONV_POINT_COM) {
    assert_int_equal(spconv_wrench_convert(want, &c->c, c->cfrc, &cf, &c->bs), SPCONV_OK);
    EXPECT_VEC_NEAR(g, want, 6, TEST_TOL);
  }
}

TEST_RUN(test_wrench_from_mujoco_cframe_and_back, for_all_cframe_cases(check_cframe_wrench))

static void check_cframe_accel(const cframe_case *c) {
  const spconv_convention cf = cframe_descriptor();
  spconv_real t[6], a[6], back[6], want[6];
  assert_int_equal(spconv_twist_from_mujoco_cframe(t, &c->c, c->cvel, c->S, &c->b), SPCONV_OK);
  assert_int_equal(spconv_accel_from_mujoco_cframe(a, &c->c, c->cacc, c->cvel, c->S, &c->b), SPCONV_OK);
  assert_int_equal(spconv_mujoco_cframe_from_accel(back, c->S, a, &c->c, t, &c->b), SPCONV_OK);
  EXPECT_VEC_NEAR(back, c->cacc, 6, TEST_TOL);
  if (c->c.point != SPCONV_POINT_COM) {
    assert_int_equal(spconv_accel_convert(want, &c->c, c->cacc, &cf, c->cvel, &c->bs), SPCONV_OK);
    EXPECT_VEC_NEAR(a, want, 6, TEST_TOL);
  }
}

TEST_RUN(test_accel_from_mujoco_cframe_and_back, for_all_cframe_cases(check_cframe_accel))

/* ===================================================== packed joint arrays */

enum { NJ = 7, NB = 7, NQ = 23, NQD = 20 };
/* prismatic, revolute, ball, fixed, free, distance, D6 (2 linear + 1 angular) */
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

static void rand_bodies(spconv_real body_q[7 * NB], spconv_real body_com[3 * NB]) {
  int b;
  for (b = 0; b < NB; ++b) {
    spconv_real q[4];
    test_rand_vec(body_q + 7 * b, 3, 2.0);
    test_rand_quat(q);
    spconv_quat_xyzw_from_wxyz(body_q + 7 * b + 3, q);
    test_rand_vec(body_com + 3 * b, 3, 1.0);
  }
}

static void test_joint_q_qd_size(void **state) {
  const int q[7] = {1, 1, 4, 0, 7, 7, -1}, qd[7] = {1, 1, 3, 0, 6, 6, -1};
  int t, l, a;
  (void)state;
  for (t = 0; t < 6; ++t) {
    assert_int_equal(spconv_joint_q_size(TEST_JOINT(t), 0, 0), q[t]);
    assert_int_equal(spconv_joint_qd_size(TEST_JOINT(t), 0, 0), qd[t]);
  }
  for (l = 0; l <= 3; ++l)
    for (a = 0; a <= 3; ++a) {
      assert_int_equal(spconv_joint_q_size(SPCONV_JOINT_D6, l, a), l + a);
      assert_int_equal(spconv_joint_qd_size(SPCONV_JOINT_D6, l, a), l + a);
    }
  assert_int_equal(spconv_joint_q_size(SPCONV_JOINT_D6, 4, 0), SPCONV_EINVAL);
  assert_int_equal(spconv_joint_qd_size(SPCONV_JOINT_D6, 0, -1), SPCONV_EINVAL);
  assert_int_equal(spconv_joint_q_size(TEST_JOINT(7), 0, 0), SPCONV_EINVAL);
  assert_int_equal(spconv_joint_qd_size(TEST_JOINT(-1), 0, 0), SPCONV_EINVAL);
  { /* the test model's starts agree with the sizes */
    spconv_joint_layout L = layout();
    int j;
    assert_int_equal(spconv_joint_layout_check(&L), SPCONV_OK);
    for (j = 0; j < NJ - 1; ++j) {
      assert_int_equal(j_q_start[j + 1] - j_q_start[j],
                       spconv_joint_q_size(TEST_JOINT(j_type[j]), 0, 0));
      assert_int_equal(j_qd_start[j + 1] - j_qd_start[j],
                       spconv_joint_qd_size(TEST_JOINT(j_type[j]), 0, 0));
    }
    assert_int_equal(j_q_start[NJ] - j_q_start[NJ - 1], spconv_joint_q_size(SPCONV_JOINT_D6, 2, 1));
  }
}

/* whole joint_q xyzw <-> wxyz: known positions, others bit-identical, round trip */
static void test_joint_q_wxyz_from_xyzw_and_back(void **state) {
  spconv_joint_layout L = layout();
  int n, i;
  (void)state;
  test_seed(0x5eed0508);
  for (n = 0; n < 1000; ++n) {
    spconv_real q[NQ], w[NQ], back[NQ], inplace[NQ];
    int is_quat[NQ];
    test_rand_vec(q, NQ, 3.0);
    assert_int_equal(spconv_joint_q_wxyz_from_xyzw(w, q, &L), SPCONV_OK);
    /* ball at 2..5, free quaternion at 9..12, distance quaternion at 16..19 */
    for (i = 0; i < NQ; ++i) is_quat[i] = (i >= 2 && i < 6) || (i >= 9 && i < 13) || (i >= 16 && i < 20);
    for (i = 0; i < NQ; ++i)
      if (!is_quat[i]) assert_memory_equal(&w[i], &q[i], sizeof(spconv_real));
    {
      const int starts[3] = {2, 9, 16};
      int k;
      for (k = 0; k < 3; ++k) {
        int s = starts[k];
        spconv_real want[4];
        want[0] = q[s + 3];
        want[1] = q[s];
        want[2] = q[s + 1];
        want[3] = q[s + 2];
        EXPECT_VEC_EQUAL(w + s, want, 4);
      }
    }
    assert_int_equal(spconv_joint_q_xyzw_from_wxyz(back, w, &L), SPCONV_OK);
    assert_memory_equal(back, q, sizeof q);
    memcpy(inplace, q, sizeof q);
    assert_int_equal(spconv_joint_q_wxyz_from_xyzw(inplace, inplace, &L), SPCONV_OK);
    assert_memory_equal(inplace, w, sizeof w);
  }
}

/* r_oc of body b, computed here from the xyzw quaternion */
static void r_oc_of(spconv_real r[3], const spconv_real *body_q, const spconv_real *body_com,
                    int b) {
  spconv_real q[4];
  spconv_quat_wxyz_from_xyzw(q, body_q + 7 * b + 3);
  spconv_quat_rotate_wxyz(r, q, body_com + 3 * b);
}

/* SAP adapter over whole arrays: free/distance segments equal the per-joint
   functions, others bit-identical, round trips, power preserved; the
   boundary driver follows its flags. The three tests draw the same poses
   and arrays (seed 0x5eed0509). */
typedef struct sap_arrays_case {
  spconv_real bq[7 * NB], bc[3 * NB], qd[NQD], f[NQD], bf[6 * NB];
} sap_arrays_case;

typedef void (*sap_arrays_check)(const sap_arrays_case *c);

static void for_all_sap_arrays_cases(sap_arrays_check check) {
  int n;
  test_seed(0x5eed0509);
  for (n = 0; n < 2000; ++n) {
    sap_arrays_case c;
    rand_bodies(c.bq, c.bc);
    test_rand_vec(c.qd, NQD, 3.0);
    test_rand_vec(c.f, NQD, 3.0);
    test_rand_vec(c.bf, 6 * NB, 3.0);
    check(&c);
  }
}

static void check_sap_joint_qd_f(const sap_arrays_case *c) {
  const spconv_joint_layout L = layout();
  spconv_real qs[NQD], fs[NQD], back[NQD];
  double p_pub = 0, p_sap = 0, scale = 0;
  int i, j;
  assert_int_equal(spconv_sap_joint_qd_from_public(qs, c->qd, &L, c->bq, c->bc), SPCONV_OK);
  assert_int_equal(spconv_sap_joint_f_from_public(fs, c->f, &L, c->bq, c->bc), SPCONV_OK);
  for (j = 0; j < NJ; ++j) {
    int st = j_qd_start[j], e = j_qd_start[j + 1];
    if (j_type[j] == SPCONV_JOINT_FREE || j_type[j] == SPCONV_JOINT_DISTANCE) {
      spconv_real r[3], want[6];
      r_oc_of(r, c->bq, c->bc, j_child[j]);
      spconv_sap_twist_from_public(want, c->qd + st, r);
      EXPECT_VEC_NEAR(qs + st, want, 6, TEST_TOL);
      spconv_sap_wrench_from_public(want, c->f + st, r);
      EXPECT_VEC_NEAR(fs + st, want, 6, TEST_TOL);
    } else if (e > st) {
      assert_memory_equal(qs + st, c->qd + st, (size_t)(e - st) * sizeof(spconv_real));
      assert_memory_equal(fs + st, c->f + st, (size_t)(e - st) * sizeof(spconv_real));
    }
  }
  for (i = 0; i < NQD; ++i) {
    p_pub += (double)c->f[i] * (double)c->qd[i];
    p_sap += (double)fs[i] * (double)qs[i];
    scale += fabs((double)c->f[i] * (double)c->qd[i]) + fabs((double)fs[i] * (double)qs[i]);
  }
  EXPECT_NEAR(p_sap, p_pub, TEST_TOL, scale);
  assert_int_equal(spconv_public_joint_qd_from_sap(back, qs, &L, c->bq, c->bc), SPCONV_OK);
  EXPECT_VEC_NEAR(back, c->qd, NQD, TEST_TOL);
  assert_int_equal(spconv_public_joint_f_from_sap(back, fs, &L, c->bq, c->bc), SPCONV_OK);
  EXPECT_VEC_NEAR(back, c->f, NQD, TEST_TOL);
}

TEST_RUN(test_sap_public_joint_qd_f, for_all_sap_arrays_cases(check_sap_joint_qd_f))

/* body_f: -P_f per body, and back */
static void check_body_force_packed(const sap_arrays_case *c) {
  spconv_real bfs[6 * NB], bfb[6 * NB];
  int j;
  assert_int_equal(spconv_sap_body_force_from_public_packed(bfs, c->bf, c->bq, c->bc, NB), SPCONV_OK);
  for (j = 0; j < NB; ++j) {
    spconv_real r[3], want[6];
    r_oc_of(r, c->bq, c->bc, j);
    spconv_sap_body_force_from_public(want, c->bf + 6 * j, r);
    EXPECT_VEC_NEAR(bfs + 6 * j, want, 6, TEST_TOL);
  }
  assert_int_equal(spconv_public_body_force_from_sap_packed(bfb, bfs, c->bq, c->bc, NB), SPCONV_OK);
  EXPECT_VEC_NEAR(bfb, c->bf, 6 * NB, TEST_TOL);
}

TEST_RUN(test_sap_public_body_force_packed, for_all_sap_arrays_cases(check_body_force_packed))

static void check_boundary(const sap_arrays_case *c) {
  const spconv_joint_layout L = layout();
  spconv_real qs[NQD], fs[NQD], back[NQD], bfs[6 * NB], x[NQD], y[NQD], z[6 * NB];
  assert_int_equal(spconv_sap_joint_qd_from_public(qs, c->qd, &L, c->bq, c->bc), SPCONV_OK);
  assert_int_equal(spconv_sap_joint_f_from_public(fs, c->f, &L, c->bq, c->bc), SPCONV_OK);
  assert_int_equal(spconv_sap_body_force_from_public_packed(bfs, c->bf, c->bq, c->bc, NB), SPCONV_OK);
  /* boundary, all public: the three conversions in place */
  memcpy(x, c->qd, sizeof c->qd);
  memcpy(y, c->f, sizeof c->f);
  memcpy(z, c->bf, sizeof c->bf);
  assert_int_equal(spconv_sap_boundary_in(x, y, z, &L, c->bq, c->bc, SPCONV_SAP_ORDER_PUBLIC,
                                          SPCONV_SAP_ORDER_PUBLIC, SPCONV_SAP_ORDER_PUBLIC),
                   SPCONV_OK);
  assert_memory_equal(x, qs, sizeof qs);
  assert_memory_equal(y, fs, sizeof fs);
  assert_memory_equal(z, bfs, sizeof bfs);
  assert_int_equal(spconv_sap_boundary_out(x, &L, c->bq, c->bc, SPCONV_SAP_ORDER_PUBLIC), SPCONV_OK);
  assert_int_equal(spconv_public_joint_qd_from_sap(back, qs, &L, c->bq, c->bc), SPCONV_OK);
  assert_memory_equal(x, back, sizeof back);
  /* flags "sap": untouched, bit for bit; mixed flags convert only the public ones */
  memcpy(x, c->qd, sizeof c->qd);
  memcpy(y, c->f, sizeof c->f);
  memcpy(z, c->bf, sizeof c->bf);
  assert_int_equal(spconv_sap_boundary_in(x, y, z, &L, c->bq, c->bc, SPCONV_SAP_ORDER_SAP,
                                          SPCONV_SAP_ORDER_PUBLIC, SPCONV_SAP_ORDER_SAP),
                   SPCONV_OK);
  assert_memory_equal(x, c->qd, sizeof c->qd);
  assert_memory_equal(y, fs, sizeof fs);
  assert_memory_equal(z, c->bf, sizeof c->bf);
  assert_int_equal(spconv_sap_boundary_out(x, &L, c->bq, c->bc, SPCONV_SAP_ORDER_SAP), SPCONV_OK);
  assert_memory_equal(x, c->qd, sizeof c->qd);
  /* NULL buffers are skipped */
  assert_int_equal(spconv_sap_boundary_in(NULL, NULL, z, &L, c->bq, c->bc, SPCONV_SAP_ORDER_PUBLIC,
                                          SPCONV_SAP_ORDER_PUBLIC, SPCONV_SAP_ORDER_PUBLIC),
                   SPCONV_OK);
  assert_memory_equal(z, bfs, sizeof bfs);
}

TEST_RUN(test_sap_boundary_in_out, for_all_sap_arrays_cases(check_boundary))

/* Bad layouts, children and flags: SPCONV_EINVAL, every array unchanged.
   Each test runs the 13 broken layouts of bad_layout over the same random
   arrays (seed 0x5eed050a). */
typedef struct joint_bad_case {
  spconv_real bq[7 * NB], bc[3 * NB], q[NQ], qd[NQD], f[NQD], bf[6 * NB], res[NQ];
  spconv_real q0[NQ], qd0[NQD], f0[NQD], bf0[6 * NB], res0[NQ];
  int t_bad[NJ], qs_bad[NJ + 1], ds_bad[NJ + 1], c_bad[NJ];
} joint_bad_case;

static void joint_bad_setup(joint_bad_case *c) {
  test_seed(0x5eed050a);
  rand_bodies(c->bq, c->bc);
  test_rand_vec(c->q, NQ, 3.0);
  test_rand_vec(c->qd, NQD, 3.0);
  test_rand_vec(c->f, NQD, 3.0);
  test_rand_vec(c->bf, 6 * NB, 3.0);
  test_rand_vec(c->res, NQ, 3.0);
  memcpy(c->q0, c->q, sizeof c->q);
  memcpy(c->qd0, c->qd, sizeof c->qd);
  memcpy(c->f0, c->f, sizeof c->f);
  memcpy(c->bf0, c->bf, sizeof c->bf);
  memcpy(c->res0, c->res, sizeof c->res);
}

/* the test layout broken in way k (0 .. 12), in c's arrays; returns 1 when
   only the children are wrong (spconv_joint_layout_check accepts that
   layout: only the functions that read bodies refuse it) */
static int bad_layout(spconv_joint_layout *L, joint_bad_case *c, int k) {
  int need_child_only = 0;
  *L = layout();
  memcpy(c->t_bad, j_type, sizeof c->t_bad);
  memcpy(c->qs_bad, j_q_start, sizeof c->qs_bad);
  memcpy(c->ds_bad, j_qd_start, sizeof c->ds_bad);
  memcpy(c->c_bad, j_child, sizeof c->c_bad);
  L->joint_type = c->t_bad;
  L->joint_q_start = c->qs_bad;
  L->joint_qd_start = c->ds_bad;
  L->joint_child = c->c_bad;
  switch (k) {
    case 0: c->t_bad[3] = 7; break;                    /* unknown type */
    case 1: c->t_bad[0] = -1; break;                   /* unknown type */
    case 2: c->qs_bad[3] = 7; c->qs_bad[4] = 5; break; /* q starts out of order */
    case 3: c->ds_bad[2] = 1; break;                   /* qd segment of the revolute empty */
    case 4: c->qs_bad[0] = 1; break;                   /* does not start at 0 */
    case 5: c->t_bad[2] = SPCONV_JOINT_FREE; break;    /* sizes do not fit the type */
    case 6: c->qs_bad[7] = 30; break;                  /* D6 larger than 6 */
    case 12: c->qs_bad[7] = 22; break;                 /* D6 q and qd sizes differ */
    case 7: c->c_bad[4] = NB; need_child_only = 1; break;  /* child out of range */
    case 8: c->c_bad[5] = -1; need_child_only = 1; break;  /* child out of range */
    case 9: L->joint_count = -1; break;
    case 10: L->joint_type = NULL; break;
    case 11: L->body_count = 3; need_child_only = 1; break; /* children beyond it */
    default: break;
  }
  return need_child_only;
}

#define N_BAD_LAYOUTS 13

static void expect_joint_arrays_unchanged(const joint_bad_case *c) {
  assert_memory_equal(c->q, c->q0, sizeof c->q);
  assert_memory_equal(c->qd, c->qd0, sizeof c->qd);
  assert_memory_equal(c->f, c->f0, sizeof c->f);
  assert_memory_equal(c->bf, c->bf0, sizeof c->bf);
  assert_memory_equal(c->res, c->res0, sizeof c->res);
}

/* runs check over the 13 broken layouts; the arrays are checked unchanged
   after each (skip: the layouts check does not run on) */
typedef void (*bad_layout_check)(const spconv_joint_layout *L, joint_bad_case *c);

static void for_all_bad_layouts(bad_layout_check check, int skip_child_only) {
  joint_bad_case c;
  int k;
  joint_bad_setup(&c);
  for (k = 0; k < N_BAD_LAYOUTS; ++k) {
    spconv_joint_layout L;
    if (bad_layout(&L, &c, k) && skip_child_only) continue;
    check(&L, &c);
    expect_joint_arrays_unchanged(&c);
  }
}

static void test_joint_layout_check_bad_layouts(void **state) {
  joint_bad_case c;
  int k;
  (void)state;
  joint_bad_setup(&c);
  for (k = 0; k < N_BAD_LAYOUTS; ++k) {
    spconv_joint_layout L;
    int need_child_only = bad_layout(&L, &c, k);
    assert_int_equal(spconv_joint_layout_check(&L), need_child_only ? SPCONV_OK : SPCONV_EINVAL);
  }
  assert_int_equal(spconv_joint_layout_check(NULL), SPCONV_EINVAL);
}

/* the quaternions do not read children: only the other layouts */
static void check_joint_q_bad(const spconv_joint_layout *L, joint_bad_case *c) {
  assert_int_equal(spconv_joint_q_wxyz_from_xyzw(c->res, c->q, L), SPCONV_EINVAL);
  assert_int_equal(spconv_joint_q_xyzw_from_wxyz(c->q, c->q, L), SPCONV_EINVAL);
}

TEST_RUN(test_joint_q_wxyz_xyzw_bad_layouts, for_all_bad_layouts(check_joint_q_bad, 1))

static void check_sap_joint_bad(const spconv_joint_layout *L, joint_bad_case *c) {
  assert_int_equal(spconv_sap_joint_qd_from_public(c->res, c->qd, L, c->bq, c->bc), SPCONV_EINVAL);
  assert_int_equal(spconv_public_joint_qd_from_sap(c->qd, c->qd, L, c->bq, c->bc), SPCONV_EINVAL);
  assert_int_equal(spconv_sap_joint_f_from_public(c->f, c->f, L, c->bq, c->bc), SPCONV_EINVAL);
  assert_int_equal(spconv_public_joint_f_from_sap(c->res, c->f, L, c->bq, c->bc), SPCONV_EINVAL);
}

TEST_RUN(test_sap_public_joint_qd_f_bad_layouts, for_all_bad_layouts(check_sap_joint_bad, 0))

static void check_boundary_bad(const spconv_joint_layout *L, joint_bad_case *c) {
  const spconv_sap_order P = SPCONV_SAP_ORDER_PUBLIC;
  assert_int_equal(spconv_sap_boundary_in(c->qd, c->f, c->bf, L, c->bq, c->bc, P, P, P), SPCONV_EINVAL);
  assert_int_equal(spconv_sap_boundary_out(c->qd, L, c->bq, c->bc, P), SPCONV_EINVAL);
}

TEST_RUN(test_sap_boundary_in_out_bad_layouts, for_all_bad_layouts(check_boundary_bad, 0))

/* NULL layout, NULL poses, bad flags (the NULL layout first: the static
   analyzer follows the header into its check only while its budget for
   the function lasts) */
static void test_sap_boundary_in_out_bad_input(void **state) {
  joint_bad_case c;
  spconv_joint_layout L = layout();
  (void)state;
  const spconv_sap_order P = SPCONV_SAP_ORDER_PUBLIC;
  joint_bad_setup(&c);
  assert_int_equal(spconv_sap_boundary_in(c.qd, c.f, c.bf, NULL, c.bq, c.bc, P, P, P), SPCONV_EINVAL);
  assert_int_equal(spconv_sap_boundary_in(c.qd, c.f, c.bf, &L, NULL, c.bc, P, P, P), SPCONV_EINVAL);
  /* flags outside spconv_sap_order: one past the last, one before the first, 0.x's 0 and 1 */
  assert_int_equal(spconv_sap_boundary_in(c.qd, c.f, c.bf, &L, c.bq, c.bc, TEST_SAP_ORDER(2), P, P),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_sap_boundary_in(c.qd, c.f, c.bf, &L, c.bq, c.bc, P, TEST_SAP_ORDER(-1), P),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_sap_boundary_in(c.qd, c.f, c.bf, &L, c.bq, c.bc, P, P, (spconv_sap_order)0),
                   SPCONV_EINVAL);
  assert_int_equal(spconv_sap_boundary_out(c.qd, &L, c.bq, c.bc, (spconv_sap_order)1), SPCONV_EINVAL);
  assert_int_equal(spconv_sap_boundary_out(c.qd, &L, c.bq, NULL, P), SPCONV_EINVAL);
  assert_memory_equal(c.qd, c.qd0, sizeof c.qd);
  assert_memory_equal(c.f, c.f0, sizeof c.f);
  assert_memory_equal(c.bf, c.bf0, sizeof c.bf);
}

/* NULL input, NULL poses */
static void test_sap_public_body_force_packed_bad_input(void **state) {
  joint_bad_case c;
  (void)state;
  joint_bad_setup(&c);
  assert_int_equal(spconv_sap_body_force_from_public_packed(c.bf, NULL, c.bq, c.bc, NB), SPCONV_EINVAL);
  assert_int_equal(spconv_public_body_force_from_sap_packed(c.bf, c.bf, NULL, c.bc, NB), SPCONV_EINVAL);
  assert_memory_equal(c.bf, c.bf0, sizeof c.bf);
}

/* ======================================================= permutations */

/* Each test: known values, then TEST_CASES random permutations of length 0
   .. 40 (the same in every test, seed 0x5eed050b), then non-permutations:
   a status, and arrays unchanged. */
static const int perm_dup[4] = {0, 2, 2, 1}, perm_out[4] = {0, 1, 4, 2}, perm_neg[4] = {0, -1, 1, 2};
static const int *const perm_bad[3] = {perm_dup, perm_out, perm_neg};

typedef struct perm_case {
  size_t len;
  int p[40];
  spconv_real in[40];
} perm_case;

typedef void (*perm_check)(const perm_case *c);

static void for_all_perm_cases(perm_check check) {
  int n;
  test_seed(0x5eed050b);
  for (n = 0; n < TEST_CASES; ++n) {
    perm_case c;
    c.len = (size_t)(test_next_u64() % 41);
    test_rand_perm(c.p, (int)c.len);
    test_rand_vec(c.in, (int)c.len, 5.0);
    check(&c);
  }
}

static void check_perm_check(const perm_case *c) {
  assert_int_equal(spconv_perm_check(c->p, c->len), SPCONV_OK);
}

static void test_perm_check(void **state) {
  const int p[3] = {2, 0, 1};
  int k;
  (void)state;
  assert_int_equal(spconv_perm_check(p, 3), SPCONV_OK);
  for_all_perm_cases(check_perm_check);
  for (k = 0; k < 3; ++k) assert_int_equal(spconv_perm_check(perm_bad[k], 4), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_check(perm_dup, 3), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_check(NULL, 2), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_check(NULL, 0), SPCONV_OK);
}

/* Long permutations, past the stack bitset of spconv_perm_check (4,096
   entries a pass by default): lengths at and around window boundaries, each
   checked as it is, with one entry copied onto another (at the start, the
   middle and the end: a value repeated, another missing), and with the two
   swapped (a permutation again). Both forms agree; the scratch form writes
   only its (n + 7) / 8 bytes. */
static void test_perm_check_long(void **state) {
  static const size_t lens[] = {4095, 4096, 4097, 8192, 8193, 12289, 100000};
  static int p[100000];
  static unsigned char scratch[100000 / 8 + 2];
  size_t k;
  (void)state;
  test_seed(0x5eed050c);
  for (k = 0; k < sizeof lens / sizeof lens[0]; ++k) {
    const size_t n = lens[k];
    const size_t spots[3] = {1, n / 2, n - 1};
    size_t s;
    test_rand_perm(p, (int)n);
    scratch[(n + 7) / 8] = 0xA5;
    assert_int_equal(spconv_perm_check(p, n), SPCONV_OK);
    assert_int_equal(spconv_perm_check_scratch(p, n, scratch), SPCONV_OK);
    assert_int_equal(scratch[(n + 7) / 8], 0xA5);
    for (s = 0; s < 3; ++s) {
      const size_t at = spots[s], from = (at + n / 3) % n;
      const int kept = p[at];
      p[at] = p[from]; /* a repeated value, one value missing */
      assert_int_equal(spconv_perm_check(p, n), SPCONV_EINVAL);
      assert_int_equal(spconv_perm_check_scratch(p, n, scratch), SPCONV_EINVAL);
      p[from] = kept; /* the two swapped: a permutation again */
      assert_int_equal(spconv_perm_check(p, n), SPCONV_OK);
      assert_int_equal(spconv_perm_check_scratch(p, n, scratch), SPCONV_OK);
    }
  }
}

/* the scratch form on the random and the bad permutations */
static void check_perm_check_scratch(const perm_case *c) {
  unsigned char scratch[6];
  assert_int_equal(spconv_perm_check_scratch(c->p, c->len, scratch), SPCONV_OK);
}

static void test_perm_check_scratch(void **state) {
  static const int one[1] = {0};
  unsigned char scratch[1];
  int k;
  (void)state;
  for_all_perm_cases(check_perm_check_scratch);
  for (k = 0; k < 3; ++k)
    assert_int_equal(spconv_perm_check_scratch(perm_bad[k], 4, scratch), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_check_scratch(perm_dup, 3, scratch), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_check_scratch(NULL, 2, scratch), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_check_scratch(one, 1, NULL), SPCONV_EINVAL);
  assert_int_equal(spconv_perm_check_scratch(NULL, 0, NULL), SPCONV_OK);
}

/* res[i] = in[p[i]]; the inverse map gathers it back; in place too */
static void check_perm_gather(const perm_case *c) {
  spconv_real res[40], back[40], ip[40];
  int inv[40];
  size_t i;
  assert_int_equal(spconv_perm_gather(res, c->in, c->p, c->len), SPCONV_OK);
  for (i = 0; i < c->len; ++i) assert_memory_equal(&res[i], &c->in[c->p[i]], sizeof(spconv_real));
  assert_int_equal(spconv_perm_inverse(inv, c->p, c->len), SPCONV_OK);
  assert_int_equal(spconv_perm_gather(back, res, inv, c->len), SPCONV_OK);
  if (c->len) assert_memory_equal(back, c->in, c->len * sizeof(spconv_real));
  if (c->len) memcpy(ip, c->in, c->len * sizeof(spconv_real));
  assert_int_equal(spconv_perm_gather(ip, ip, c->p, c->len), SPCONV_OK);
  if (c->len) assert_memory_equal(ip, res, c->len * sizeof(spconv_real));
}

static void test_perm_gather(void **state) {
  int k;
  (void)state;
  { /* known: perm (2, 0, 1) gathers (10, 20, 30) into (30, 10, 20), in place too */
    const int p[3] = {2, 0, 1};
    spconv_real in[3] = {10, 20, 30}, res[3], want[3] = {30, 10, 20};
    assert_int_equal(spconv_perm_gather(res, in, p, 3), SPCONV_OK);
    EXPECT_VEC_EQUAL(res, want, 3);
    assert_int_equal(spconv_perm_gather(in, in, p, 3), SPCONV_OK);
    EXPECT_VEC_EQUAL(in, want, 3);
  }
  for_all_perm_cases(check_perm_gather);
  { /* non-permutations: EINVAL, res and in unchanged */
    spconv_real in[4] = {1, 2, 3, 4}, res[4] = {7, 7, 7, 7}, in0[4], res0[4];
    memcpy(in0, in, sizeof in);
    memcpy(res0, res, sizeof res);
    for (k = 0; k < 3; ++k) {
      assert_int_equal(spconv_perm_gather(res, in, perm_bad[k], 4), SPCONV_EINVAL);
      assert_int_equal(spconv_perm_gather(in, in, perm_bad[k], 4), SPCONV_EINVAL);
    }
    EXPECT_VEC_EQUAL(in, in0, 4);
    EXPECT_VEC_EQUAL(res, res0, 4);
  }
}

/* p[inv[i]] = i; in place too */
static void check_perm_inverse(const perm_case *c) {
  int inv[40], inv2[40];
  size_t i;
  assert_int_equal(spconv_perm_inverse(inv, c->p, c->len), SPCONV_OK);
  for (i = 0; i < c->len; ++i) assert_int_equal(c->p[inv[i]], i);
  if (c->len) memcpy(inv2, c->p, c->len * sizeof(int));
  assert_int_equal(spconv_perm_inverse(inv2, inv2, c->len), SPCONV_OK);
  if (c->len) assert_memory_equal(inv2, inv, c->len * sizeof(int));
}

static void test_perm_inverse(void **state) {
  int k;
  (void)state;
  { /* known: the inverse of (2, 0, 1) is (1, 2, 0), in place too */
    const int p[3] = {2, 0, 1}, pinv[3] = {1, 2, 0};
    int inv[3], pp[3];
    assert_int_equal(spconv_perm_inverse(inv, p, 3), SPCONV_OK);
    assert_memory_equal(inv, pinv, sizeof inv);
    memcpy(pp, p, sizeof pp);
    assert_int_equal(spconv_perm_inverse(pp, pp, 3), SPCONV_OK);
    assert_memory_equal(pp, pinv, sizeof pp);
  }
  for_all_perm_cases(check_perm_inverse);
  { /* non-permutations: EINVAL, res unchanged, in place too */
    int inv[4] = {9, 9, 9, 9}, keep[4] = {9, 9, 9, 9}, self[4];
    for (k = 0; k < 3; ++k) {
      assert_int_equal(spconv_perm_inverse(inv, perm_bad[k], 4), SPCONV_EINVAL);
      memcpy(self, perm_bad[k], sizeof self);
      assert_int_equal(spconv_perm_inverse(self, self, 4), SPCONV_EINVAL);
      assert_memory_equal(self, perm_bad[k], sizeof self);
    }
    assert_memory_equal(inv, keep, sizeof inv);
  }
}

/* ================================================================ aliasing */

/* res aliasing each input in turn against the out-of-place call
   (EXPECT_ALIAS), one test per family; every test draws the same random
   descriptors, bodies and vectors (seed 0x5eed050c). */
#define CONV_ALIAS_CASES 2000

typedef struct conv_alias_case {
  spconv_convention to, from;
  spconv_body b;
  spconv_real x[6], t[6], S[3], w3[3], r3[3];
} conv_alias_case;

/* passed by value, as foundation_case */
typedef void (*conv_alias_check)(conv_alias_case c);

static void for_all_conv_alias_cases(conv_alias_check check) {
  int n;
  test_seed(0x5eed050c);
  for (n = 0; n < CONV_ALIAS_CASES; ++n) {
    conv_alias_case c;
    c.to = desc((int)(test_next_u64() % N_DESC));
    c.from = desc((int)(test_next_u64() % N_DESC));
    rand_body(&c.b);
    test_rand_vec(c.x, 6, 3.0);
    test_rand_vec(c.t, 6, 3.0);
    test_rand_vec(c.S, 3, 2.0);
    test_rand_vec(c.w3, 3, 2.0);
    test_rand_vec(c.r3, 3, 2.0);
    check(c);
  }
}

static void check_convert_aliasing(conv_alias_case c) {
  EXPECT_ALIAS(6, c.x, 6, assert_int_equal(spconv_twist_convert(ref_, &c.to, c.x, &c.from, &c.b), SPCONV_OK),
               assert_int_equal(spconv_twist_convert(buf_, &c.to, buf_, &c.from, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.x, 6, assert_int_equal(spconv_wrench_convert(ref_, &c.to, c.x, &c.from, &c.b), SPCONV_OK),
               assert_int_equal(spconv_wrench_convert(buf_, &c.to, buf_, &c.from, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.x, 6, assert_int_equal(spconv_accel_convert(ref_, &c.to, c.x, &c.from, c.t, &c.b), SPCONV_OK),
               assert_int_equal(spconv_accel_convert(buf_, &c.to, buf_, &c.from, c.t, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.t, 6, assert_int_equal(spconv_accel_convert(ref_, &c.to, c.x, &c.from, c.t, &c.b), SPCONV_OK),
               assert_int_equal(spconv_accel_convert(buf_, &c.to, c.x, &c.from, buf_, &c.b), SPCONV_OK));
}

TEST_RUN(test_twist_wrench_accel_convert_aliasing, for_all_conv_alias_cases(check_convert_aliasing))

/* c-frame: res aliasing the 6-vector(s) and subtree_com */
static void check_cframe_aliasing(conv_alias_case c) {
  EXPECT_ALIAS(6, c.x, 6, assert_int_equal(spconv_twist_from_mujoco_cframe(ref_, &c.to, c.x, c.S, &c.b), SPCONV_OK),
               assert_int_equal(spconv_twist_from_mujoco_cframe(buf_, &c.to, buf_, c.S, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.S, 3, assert_int_equal(spconv_twist_from_mujoco_cframe(ref_, &c.to, c.x, c.S, &c.b), SPCONV_OK),
               assert_int_equal(spconv_twist_from_mujoco_cframe(buf_, &c.to, c.x, buf_, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.x, 6, assert_int_equal(spconv_mujoco_cframe_from_twist(ref_, c.S, c.x, &c.from, &c.b), SPCONV_OK),
               assert_int_equal(spconv_mujoco_cframe_from_twist(buf_, c.S, buf_, &c.from, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.S, 3, assert_int_equal(spconv_mujoco_cframe_from_twist(ref_, c.S, c.x, &c.from, &c.b), SPCONV_OK),
               assert_int_equal(spconv_mujoco_cframe_from_twist(buf_, buf_, c.x, &c.from, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.x, 6, assert_int_equal(spconv_wrench_from_mujoco_cframe(ref_, &c.to, c.x, c.S, &c.b), SPCONV_OK),
               assert_int_equal(spconv_wrench_from_mujoco_cframe(buf_, &c.to, buf_, c.S, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.S, 3, assert_int_equal(spconv_wrench_from_mujoco_cframe(ref_, &c.to, c.x, c.S, &c.b), SPCONV_OK),
               assert_int_equal(spconv_wrench_from_mujoco_cframe(buf_, &c.to, c.x, buf_, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.x, 6, assert_int_equal(spconv_mujoco_cframe_from_wrench(ref_, c.S, c.x, &c.from, &c.b), SPCONV_OK),
               assert_int_equal(spconv_mujoco_cframe_from_wrench(buf_, c.S, buf_, &c.from, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.S, 3, assert_int_equal(spconv_mujoco_cframe_from_wrench(ref_, c.S, c.x, &c.from, &c.b), SPCONV_OK),
               assert_int_equal(spconv_mujoco_cframe_from_wrench(buf_, buf_, c.x, &c.from, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.x, 6, assert_int_equal(spconv_accel_from_mujoco_cframe(ref_, &c.to, c.x, c.t, c.S, &c.b), SPCONV_OK),
               assert_int_equal(spconv_accel_from_mujoco_cframe(buf_, &c.to, buf_, c.t, c.S, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.t, 6, assert_int_equal(spconv_accel_from_mujoco_cframe(ref_, &c.to, c.x, c.t, c.S, &c.b), SPCONV_OK),
               assert_int_equal(spconv_accel_from_mujoco_cframe(buf_, &c.to, c.x, buf_, c.S, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.S, 3, assert_int_equal(spconv_accel_from_mujoco_cframe(ref_, &c.to, c.x, c.t, c.S, &c.b), SPCONV_OK),
               assert_int_equal(spconv_accel_from_mujoco_cframe(buf_, &c.to, c.x, c.t, buf_, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.x, 6, assert_int_equal(spconv_mujoco_cframe_from_accel(ref_, c.S, c.x, &c.from, c.t, &c.b), SPCONV_OK),
               assert_int_equal(spconv_mujoco_cframe_from_accel(buf_, c.S, buf_, &c.from, c.t, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.t, 6, assert_int_equal(spconv_mujoco_cframe_from_accel(ref_, c.S, c.x, &c.from, c.t, &c.b), SPCONV_OK),
               assert_int_equal(spconv_mujoco_cframe_from_accel(buf_, c.S, c.x, &c.from, buf_, &c.b), SPCONV_OK));
  EXPECT_ALIAS(6, c.S, 3, assert_int_equal(spconv_mujoco_cframe_from_accel(ref_, c.S, c.x, &c.from, c.t, &c.b), SPCONV_OK),
               assert_int_equal(spconv_mujoco_cframe_from_accel(buf_, buf_, c.x, &c.from, c.t, &c.b), SPCONV_OK));
}

TEST_RUN(test_mujoco_cframe_aliasing, for_all_conv_alias_cases(check_cframe_aliasing))

/* the acceleration primitives */
static void check_accel_primitives_aliasing(conv_alias_case c) {
  EXPECT_ALIAS(6, c.x, 6, spconv_spatial_accel_from_classical(ref_, c.x, c.t),
               spconv_spatial_accel_from_classical(buf_, buf_, c.t));
  EXPECT_ALIAS(6, c.t, 6, spconv_spatial_accel_from_classical(ref_, c.x, c.t),
               spconv_spatial_accel_from_classical(buf_, c.x, buf_));
  EXPECT_ALIAS(6, c.x, 6, spconv_classical_accel_from_spatial(ref_, c.x, c.t),
               spconv_classical_accel_from_spatial(buf_, buf_, c.t));
  EXPECT_ALIAS(6, c.t, 6, spconv_classical_accel_from_spatial(ref_, c.x, c.t),
               spconv_classical_accel_from_spatial(buf_, c.x, buf_));
  EXPECT_ALIAS(6, c.x, 6, spconv_classical_accel_shift(ref_, c.x, c.w3, c.r3),
               spconv_classical_accel_shift(buf_, buf_, c.w3, c.r3));
  EXPECT_ALIAS(6, c.w3, 3, spconv_classical_accel_shift(ref_, c.x, c.w3, c.r3),
               spconv_classical_accel_shift(buf_, c.x, buf_, c.r3));
  EXPECT_ALIAS(6, c.r3, 3, spconv_classical_accel_shift(ref_, c.x, c.w3, c.r3),
               spconv_classical_accel_shift(buf_, c.x, c.w3, buf_));
}

TEST_RUN(test_spatial_classical_accel_shift_aliasing, for_all_conv_alias_cases(check_accel_primitives_aliasing))

/* ============================================================ status codes */

/* a NEWTON descriptor with field `field` (0 .. 5) set to an invalid value
   (k = 0: one before the first, k = 1: one past the last) */
static spconv_convention bad_descriptor(int field, int k) {
  spconv_convention bad = spconv_convention_from_preset(SPCONV_PRESET_NEWTON);
  int v = k ? (field == 1 ? 3 : 2) : -1;
  switch (field) {
    case 0: bad.order = TEST_ORDER(v); break;
    case 1: bad.point = TEST_POINT(v); break;
    case 2: bad.linear_frame = TEST_FRAME(v); break;
    case 3: bad.angular_frame = TEST_FRAME(v); break;
    case 4: bad.angle_unit = TEST_ANGLE_UNIT(v); break;
    default: bad.accel = TEST_ACCEL(v); break;
  }
  return bad;
}

static void test_twist_wrench_accel_convert_bad_input(void **state) {
  spconv_body b = {{0, 0, 0}, {1, 0, 0, 0}, {(spconv_real)0.1, 0, 0}, {1, 0, 0, 0}};
  spconv_real x[6] = {1, 2, 3, 4, 5, 6}, t[6] = {1, 1, 1, 1, 1, 1};
  spconv_real res[36], keep[36];
  int field, k, i;
  (void)state;
  for (i = 0; i < 36; ++i) res[i] = keep[i] = (spconv_real)(i + 3);
  for (field = 0; field < 6; ++field) {
    for (k = 0; k < 2; ++k) {
      spconv_convention bad = bad_descriptor(field, k);
      const spconv_convention *good = newton();
      assert_int_equal(spconv_twist_convert(res, &bad, x, good, &b), SPCONV_EINVAL);
      assert_int_equal(spconv_twist_convert(res, good, x, &bad, &b), SPCONV_EINVAL);
      assert_int_equal(spconv_wrench_convert(res, &bad, x, good, &b), SPCONV_EINVAL);
      assert_int_equal(spconv_wrench_convert(res, good, x, &bad, &b), SPCONV_EINVAL);
      assert_int_equal(spconv_twist_convert_matrix(res, &bad, good, &b), SPCONV_EINVAL);
      assert_int_equal(spconv_wrench_convert_matrix(res, good, &bad, &b), SPCONV_EINVAL);
      assert_int_equal(spconv_accel_convert(res, &bad, x, good, t, &b), SPCONV_EINVAL);
      assert_int_equal(spconv_accel_convert(res, good, x, &bad, t, &b), SPCONV_EINVAL);
      EXPECT_VEC_EQUAL(res, keep, 36);
    }
  }
  /* NULL pointers */
  assert_int_equal(spconv_twist_convert(res, NULL, x, newton(), &b), SPCONV_EINVAL);
  assert_int_equal(spconv_twist_convert(res, newton(), x, newton(), NULL), SPCONV_EINVAL);
  assert_int_equal(spconv_wrench_convert(res, newton(), NULL, newton(), &b), SPCONV_EINVAL);
  assert_int_equal(spconv_twist_convert_matrix(res, newton(), NULL, &b), SPCONV_EINVAL);
  assert_int_equal(spconv_accel_convert(res, newton(), x, newton(), NULL, &b), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(res, keep, 36);
  assert_int_equal(spconv_twist_convert(NULL, newton(), x, newton(), &b), SPCONV_EINVAL);
}

/* the status of spconv_jacobian_convert, which its batch form of one
   Jacobian returns too */
static int jacobian_both(spconv_real *res, const spconv_convention *to, const spconv_real *J,
                         const spconv_convention *from, const spconv_body *b, size_t ncols,
                         spconv_mat4_layout layout) {
  const int status = spconv_jacobian_convert(res, to, J, from, b, ncols, layout);
  assert_int_equal(spconv_jacobian_convert_n(res, to, J, from, b, ncols, layout, 1), status);
  return status;
}

static void test_jacobian_convert_bad_input(void **state) {
  spconv_body b = {{0, 0, 0}, {1, 0, 0, 0}, {(spconv_real)0.1, 0, 0}, {1, 0, 0, 0}};
  spconv_real J[12], res[12], keep[12];
  const spconv_mat4_layout R = SPCONV_MAT4_ROW_MAJOR;
  const spconv_mat4_layout bad_layouts[3] = {(spconv_mat4_layout)0, (spconv_mat4_layout)0x602,
                                             (spconv_mat4_layout)SPCONV_ORDER_LINEAR_FIRST};
  int field, k, i;
  (void)state;
  for (i = 0; i < 12; ++i) {
    J[i] = (spconv_real)(i + 1);
    res[i] = keep[i] = (spconv_real)(i + 3);
  }
  for (field = 0; field < 6; ++field)
    for (k = 0; k < 2; ++k) {
      spconv_convention bad = bad_descriptor(field, k);
      assert_int_equal(jacobian_both(res, &bad, J, newton(), &b, 2, R), SPCONV_EINVAL);
      assert_int_equal(jacobian_both(res, newton(), J, &bad, &b, 2, R), SPCONV_EINVAL);
      assert_int_equal(jacobian_both(res, &bad, J, newton(), &b, 0, R), SPCONV_EINVAL);
    }
  for (k = 0; k < 3; ++k) {
    assert_int_equal(jacobian_both(res, newton(), J, newton(), &b, 2, bad_layouts[k]),
                     SPCONV_EINVAL);
    assert_int_equal(jacobian_both(res, newton(), J, newton(), &b, 0, bad_layouts[k]),
                     SPCONV_EINVAL);
  }
  assert_int_equal(jacobian_both(NULL, newton(), J, newton(), &b, 2, R), SPCONV_EINVAL);
  assert_int_equal(jacobian_both(res, newton(), NULL, newton(), &b, 2, R), SPCONV_EINVAL);
  assert_int_equal(jacobian_both(res, newton(), J, newton(), NULL, 2, R), SPCONV_EINVAL);
  assert_int_equal(jacobian_both(res, NULL, J, newton(), &b, 2, R), SPCONV_EINVAL);
  assert_int_equal(jacobian_both(res, newton(), J, NULL, &b, 2, R), SPCONV_EINVAL);
  assert_int_equal(spconv_jacobian_convert_n(res, newton(), J, newton(), NULL, 1, R, 2), SPCONV_EINVAL);
  assert_int_equal(spconv_jacobian_convert_n(res, newton(), J, newton(), &b, 2, bad_layouts[0], 0),
                   SPCONV_EINVAL); /* checked with no Jacobians too */
  EXPECT_VEC_EQUAL(res, keep, 12);
  /* no Jacobians: nothing to read or write */
  assert_int_equal(spconv_jacobian_convert_n(NULL, newton(), NULL, newton(), NULL, 2, R, 0), SPCONV_OK);
  /* no columns: nothing to read or write, NULL arrays and body accepted */
  assert_int_equal(jacobian_both(NULL, newton(), NULL, newton(), NULL, 0, R), SPCONV_OK);
  assert_int_equal(jacobian_both(res, newton(), J, newton(), &b, 0, SPCONV_MAT4_COLUMN_MAJOR),
                   SPCONV_OK);
  EXPECT_VEC_EQUAL(res, keep, 12);
}

static void test_mujoco_cframe_bad_input(void **state) {
  spconv_body b = {{0, 0, 0}, {1, 0, 0, 0}, {(spconv_real)0.1, 0, 0}, {1, 0, 0, 0}};
  spconv_real x[6] = {1, 2, 3, 4, 5, 6}, t[6] = {1, 1, 1, 1, 1, 1}, S[3] = {0, 0, 0};
  spconv_real res[36], keep[36];
  int field, k, i;
  (void)state;
  for (i = 0; i < 36; ++i) res[i] = keep[i] = (spconv_real)(i + 3);
  for (field = 0; field < 6; ++field) {
    for (k = 0; k < 2; ++k) {
      spconv_convention bad = bad_descriptor(field, k);
      assert_int_equal(spconv_twist_from_mujoco_cframe(res, &bad, x, S, &b), SPCONV_EINVAL);
      assert_int_equal(spconv_mujoco_cframe_from_twist(res, S, x, &bad, &b), SPCONV_EINVAL);
      assert_int_equal(spconv_wrench_from_mujoco_cframe(res, &bad, x, S, &b), SPCONV_EINVAL);
      assert_int_equal(spconv_mujoco_cframe_from_wrench(res, S, x, &bad, &b), SPCONV_EINVAL);
      assert_int_equal(spconv_accel_from_mujoco_cframe(res, &bad, x, t, S, &b), SPCONV_EINVAL);
      assert_int_equal(spconv_mujoco_cframe_from_accel(res, S, x, &bad, t, &b), SPCONV_EINVAL);
      EXPECT_VEC_EQUAL(res, keep, 36);
    }
  }
  assert_int_equal(spconv_twist_from_mujoco_cframe(res, newton(), x, NULL, &b), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(res, keep, 36);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_twist_convert_known_presets),
      cmocka_unit_test(test_wrench_convert_known_presets),
      cmocka_unit_test(test_convention_from_preset_table),
      cmocka_unit_test(test_preset_id_name),
      cmocka_unit_test(test_accel_convert_known_values),
      cmocka_unit_test(test_classical_accel_shift),
      cmocka_unit_test(test_spatial_classical_accel_known_values),
      cmocka_unit_test(test_twist_convert_all_preset_pairs),
      cmocka_unit_test(test_wrench_convert_all_preset_pairs),
      cmocka_unit_test(test_twist_wrench_convert_power_all_preset_pairs),
      cmocka_unit_test(test_twist_convert_all_descriptor_pairs),
      cmocka_unit_test(test_wrench_convert_all_descriptor_pairs),
      cmocka_unit_test(test_twist_wrench_convert_power_all_descriptor_pairs),
      cmocka_unit_test(test_twist_convert_matrix),
      cmocka_unit_test(test_wrench_convert_matrix),
      cmocka_unit_test(test_twist_wrench_convert_matrix_duality),
      cmocka_unit_test(test_jacobian_convert),
      cmocka_unit_test(test_jacobian_convert_one_column),
      cmocka_unit_test(test_jacobian_convert_n),
      cmocka_unit_test(test_jacobian_convert_bad_input),
      cmocka_unit_test(test_twist_wrench_convert_match_mujoco_free_joint),
      cmocka_unit_test(test_twist_wrench_convert_match_sap),
      cmocka_unit_test(test_twist_from_mujoco_cframe_matches_cvel),
      cmocka_unit_test(test_twist_convert_ptera_is_mujoco_in_degrees),
      cmocka_unit_test(test_twist_convert_degrees_matches_deg_from_rad),
      cmocka_unit_test(test_accel_convert_all_descriptor_pairs),
#ifndef SPCONV_USE_FLOAT
      cmocka_unit_test(test_accel_convert_is_time_derivative),
#endif
      cmocka_unit_test(test_twist_from_mujoco_cframe_and_back),
      cmocka_unit_test(test_wrench_from_mujoco_cframe_and_back),
      cmocka_unit_test(test_accel_from_mujoco_cframe_and_back),
      cmocka_unit_test(test_joint_q_qd_size),
      cmocka_unit_test(test_joint_q_wxyz_from_xyzw_and_back),
      cmocka_unit_test(test_sap_public_joint_qd_f),
      cmocka_unit_test(test_sap_public_body_force_packed),
      cmocka_unit_test(test_sap_boundary_in_out),
      cmocka_unit_test(test_joint_layout_check_bad_layouts),
      cmocka_unit_test(test_joint_q_wxyz_xyzw_bad_layouts),
      cmocka_unit_test(test_sap_public_joint_qd_f_bad_layouts),
      cmocka_unit_test(test_sap_boundary_in_out_bad_layouts),
      cmocka_unit_test(test_sap_boundary_in_out_bad_input),
      cmocka_unit_test(test_sap_public_body_force_packed_bad_input),
      cmocka_unit_test(test_perm_check),
      cmocka_unit_test(test_perm_check_long),
      cmocka_unit_test(test_perm_check_scratch),
      cmocka_unit_test(test_perm_gather),
      cmocka_unit_test(test_perm_inverse),
      cmocka_unit_test(test_twist_wrench_accel_convert_aliasing),
      cmocka_unit_test(test_mujoco_cframe_aliasing),
      cmocka_unit_test(test_spatial_classical_accel_shift_aliasing),
      cmocka_unit_test(test_twist_wrench_accel_convert_bad_input),
      cmocka_unit_test(test_mujoco_cframe_bad_input),
  };
  int failed = cmocka_run_group_tests_name("spatial_conv conventions (" TEST_PRECISION ")",
                                           tests, NULL, NULL);
  test_print_summary("spatial_conv conventions");
  return failed;
}
