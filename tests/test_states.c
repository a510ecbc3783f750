/* spatial_conv.h sections: body states (poses, whole states, forces at points). */
/* "Body states": pose conventions (layout, quaternion order, point, frame),
   whole-state conversion (single and strided batch) and forces at points.
   Hand-derived values for every pose convention and every preset, the
   preset table written from the engines' documentation, round trips over
   every ordered pair of presets, the pose and the rigid velocity field of
   the converted state re-read independently here (in double, from
   test_mat_of_quat, not from the header's private helpers), power of a
   force at a point against the velocity field at that point, the strided
   batch against the single call, aliasing and status codes; one cmocka
   test per function or small family, named after it. Built in double and
   float. */
#include "test_util.h"

static const double PI = 3.14159265358979323846;

#define N_PAIR_REP 16  /* random states per ordered pair of presets */
#define N_FORCE_REP 400 /* random forces per preset */

/* ---------------------------------------------------------------- helpers */

static spconv_pose_convention pose_conv(spconv_pose_layout layout, spconv_rot_format quat_order,
                                        spconv_point point, spconv_pose_frame frame) {
  const spconv_pose_convention c = {layout, quat_order, point, frame};
  return c;
}

/* pose convention k of the 16 valid ones: layout, order, point, frame */
static spconv_pose_convention pose_desc(int k) {
  return pose_conv(TEST_POSE_LAYOUT(k / 8), (k / 4) % 2 ? SPCONV_ROT_QUAT_XYZW : SPCONV_ROT_QUAT_WXYZ,
                   (k / 2) % 2 ? SPCONV_POINT_COM : SPCONV_POINT_ORIGIN,
                   k % 2 ? SPCONV_POSE_FRAME_INERTIAL : SPCONV_POSE_FRAME_BODY);
}

static spconv_state_convention state_of(spconv_preset_id id) {
  return spconv_state_convention_from_preset(id);
}

static const spconv_convention *newton(void) {
  static spconv_convention c;
  c = spconv_convention_from_preset(SPCONV_PRESET_NEWTON);
  return &c;
}

/* a random body: origin, non-unit orientation, COM offset, non-unit inertial frame */
static void rand_body(spconv_body *b) {
  test_rand_vec(b->pos, 3, 2.0);
  test_rand_quat(b->quat_wxyz);
  test_rand_vec(b->com, 3, 1.0);
  test_rand_quat(b->iquat_wxyz);
}

/* r = a x b in double (r may be a or b) */
static void dcross(double r[3], const double a[3], const double b[3]) {
  double t[3];
  int i;
  for (i = 0; i < 3; ++i) t[i] = a[(i + 1) % 3] * b[(i + 2) % 3] - a[(i + 2) % 3] * b[(i + 1) % 3];
  for (i = 0; i < 3; ++i) r[i] = t[i];
}

static double ddot(const double a[3], const double b[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* y = M x (transposed: y = M^T x), 3x3 row-major, double */
static void dmat_vec(double y[3], const double M[9], const double x[3], int transposed) {
  double t[3];
  int i;
  for (i = 0; i < 3; ++i)
    t[i] = transposed ? M[i] * x[0] + M[3 + i] * x[1] + M[6 + i] * x[2]
                      : M[3 * i] * x[0] + M[3 * i + 1] * x[1] + M[3 * i + 2] * x[2];
  for (i = 0; i < 3; ++i) y[i] = t[i];
}

static void dmat_of_quat(double R[9], const spconv_real q[4]) {
  spconv_real Rr[9];
  int i;
  test_mat_of_quat(Rr, q);
  for (i = 0; i < 9; ++i) R[i] = (double)Rr[i];
}

static void real_from_d(spconv_real *res, const double *x, int n) {
  int i;
  for (i = 0; i < n; ++i) res[i] = (spconv_real)x[i];
}

static void d_from_real(double *res, const spconv_real *x, int n) {
  int i;
  for (i = 0; i < n; ++i) res[i] = (double)x[i];
}

/* A body's frame, in double, as the reference reads it: origin O, body
   frame R (body -> world), COM C = O + R com. */
typedef struct ref_frame {
  double O[3], R[9], C[3];
} ref_frame;

static ref_frame ref_frame_of_body(const spconv_body *b) {
  ref_frame f;
  double com[3];
  int i;
  dmat_of_quat(f.R, b->quat_wxyz);
  d_from_real(com, b->com, 3);
  dmat_vec(f.C, f.R, com, 0);
  for (i = 0; i < 3; ++i) {
    f.O[i] = (double)b->pos[i];
    f.C[i] += f.O[i];
  }
  return f;
}

/* Independent reading of a pose stored under c (see spconv_pose_layout):
   [p; q] or [q; p], q as w x y z or x y z w; p the origin or the COM;
   q the body frame or the inertial frame R_I = R_B R_iquat (iquat NULL:
   identity), so R_B = R_I R_iquat^T. */
static ref_frame ref_pose_read(const spconv_pose_convention *c, const spconv_real pose[7],
                               const spconv_real com[3], const spconv_real *iquat) {
  ref_frame f;
  const spconv_real *p = c->layout == SPCONV_POSE_LAYOUT_POS_QUAT ? pose : pose + 4;
  const spconv_real *qs = c->layout == SPCONV_POSE_LAYOUT_POS_QUAT ? pose + 3 : pose;
  spconv_real q[4];
  double rc[3], dcom[3];
  int i, j, k;
  memset(&f, 0, sizeof f);
  if (c->quat_order == SPCONV_ROT_QUAT_WXYZ) {
    for (i = 0; i < 4; ++i) q[i] = qs[i];
  } else {
    q[0] = qs[3];
    q[1] = qs[0];
    q[2] = qs[1];
    q[3] = qs[2];
  }
  dmat_of_quat(f.R, q);
  if (c->frame == SPCONV_POSE_FRAME_INERTIAL && iquat) {
    double RI[9], Ri[9];
    for (i = 0; i < 9; ++i) RI[i] = f.R[i];
    dmat_of_quat(Ri, iquat);
    for (i = 0; i < 3; ++i)
      for (j = 0; j < 3; ++j) {
        f.R[3 * i + j] = 0;
        for (k = 0; k < 3; ++k) f.R[3 * i + j] += RI[3 * i + k] * Ri[3 * j + k];
      }
  }
  d_from_real(dcom, com, 3);
  dmat_vec(rc, f.R, dcom, 0);
  for (i = 0; i < 3; ++i) {
    double pi_ = (double)p[i];
    f.O[i] = c->point == SPCONV_POINT_COM ? pi_ - rc[i] : pi_;
    f.C[i] = c->point == SPCONV_POINT_COM ? pi_ : pi_ + rc[i];
  }
  return f;
}

/* Independent reading of a 6-vector x stored under c for the body frame f:
   its linear and angular parts in world axes (the angular part in rad/s
   when `rates`: a twist; moments stay in N m) and r = X - P, the offset
   from its reference point P to the world point X. */
static void ref_read(double lin[3], double ang[3], double r[3], const spconv_convention *c,
                     const spconv_real x[6], const ref_frame *f, const double X[3], int rates) {
  const int lo = c->order == SPCONV_ORDER_LINEAR_FIRST ? 0 : 3;
  const double k = rates && c->angle_unit == SPCONV_ANGLE_DEGREES ? PI / 180 : 1.0;
  double l[3], a[3];
  int i;
  for (i = 0; i < 3; ++i) {
    const double P = c->point == SPCONV_POINT_COM      ? f->C[i]
                     : c->point == SPCONV_POINT_ORIGIN ? f->O[i]
                                                       : 0.0;
    l[i] = (double)x[lo + i];
    a[i] = (double)x[3 - lo + i] * k;
    r[i] = X[i] - P;
  }
  dmat_vec(lin, f->R, l, 0);
  dmat_vec(ang, f->R, a, 0);
  if (c->linear_frame != SPCONV_FRAME_BODY) memcpy(lin, l, sizeof l);
  if (c->angular_frame != SPCONV_FRAME_BODY) memcpy(ang, a, sizeof a);
}

/* a twist: the velocity of the body point at world X and w (world, rad/s):
   v_X = v_P + w x (X - P) */
static void ref_twist_at(double vX[3], double w[3], const spconv_convention *c,
                         const spconv_real x[6], const ref_frame *f, const double X[3]) {
  double r[3], t[3];
  int i;
  ref_read(vX, w, r, c, x, f, X, 1);
  dcross(t, w, r);
  for (i = 0; i < 3; ++i) vX[i] += t[i];
}

/* a wrench: the force and the moment about world X (world axes):
   tau_X = tau_P - (X - P) x f */
static void ref_wrench_at(double fw[3], double tauX[3], const spconv_convention *c,
                          const spconv_real g[6], const ref_frame *f, const double X[3]) {
  double r[3], t[3];
  int i;
  ref_read(fw, tauX, r, c, g, f, X, 0);
  dcross(t, r, fw);
  for (i = 0; i < 3; ++i) tauX[i] -= t[i];
}

/* the frames a and b are the same: origin, rotation matrix, COM */
#define EXPECT_FRAME_NEAR(a, b)                     \
  do {                                              \
    spconv_real ga_[15], wa_[15];                   \
    real_from_d(ga_, (a).O, 3);                     \
    real_from_d(ga_ + 3, (a).R, 9);                 \
    real_from_d(ga_ + 12, (a).C, 3);                \
    real_from_d(wa_, (b).O, 3);                     \
    real_from_d(wa_ + 3, (b).R, 9);                 \
    real_from_d(wa_ + 12, (b).C, 3);                \
    EXPECT_VEC_NEAR(ga_, wa_, 15, TEST_TOL);        \
  } while (0)

/* two quaternions (wxyz) are the same rotation: equal rotation matrices */
#define EXPECT_SAME_ROTATION(qa, qb)                 \
  do {                                               \
    spconv_real ra_[9], rb_[9];                      \
    test_mat_of_quat(ra_, (qa));                     \
    test_mat_of_quat(rb_, (qb));                     \
    EXPECT_VEC_NEAR(ra_, rb_, 9, TEST_TOL);          \
  } while (0)

/* a random pose stored under c: random position, random non-unit quaternion
   (the order of its numbers does not matter for a random rotation) */
static void rand_pose(spconv_real pose[7], const spconv_pose_convention *c) {
  test_rand_vec(pose, 7, 2.0);
  test_rand_quat(pose + (c->layout == SPCONV_POSE_LAYOUT_POS_QUAT ? 3 : 0));
}

static spconv_real qnorm(const spconv_real q[4]) {
  double s = 0;
  int i;
  for (i = 0; i < 4; ++i) s += (double)q[i] * (double)q[i];
  return (spconv_real)sqrt(s);
}

static int any_nan(const spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i)
    if (v[i] != v[i]) return 1;
  return 0;
}

/* ============================================================ known values */

/* Hand derivation. Body origin O = (1, 2, 3), turned +90 deg about y:
   q_B = (h, 0, h, 0), h = sqrt(1/2); R_B maps body x -> world -z, y -> y,
   z -> x (rows (0 0 1), (0 1 0), (-1 0 0)). COM at body (1, 2, 0):
   R_B com = (0, 2, -1), C = (1, 4, 2). Inertial frame 90 deg about x in
   body axes: iquat = (h, h, 0, 0). q_I = q_B iquat:
     w = h h - (0, h, 0).(h, 0, 0) = 1/2
     v = h (h, 0, 0) + h (0, h, 0) + (0, h, 0) x (h, 0, 0) = (1/2, 1/2, -1/2)
   q_I = (1/2)(1, 1, 1, -1): 120 deg about (1, 1, -1); check: R_I x =
   R_B (R_x90 x) = R_B x = -z, and the Rodrigues formula for 120 deg about
   (1, 1, -1)/sqrt 3 gives (-1/2, 0, 0) + (0, -1/2, -1/2) + (1/2, 1/2, -1/2)
   = (0, 0, -1). Stored xyzw: q_B = (0, h, 0, h), q_I = (1/2)(1, 1, -1, 1).
   Both orders differ, so a swapped order is seen. The poses are stored
   scaled (non-unit inputs); results are unit with the input's sign. */
#define H 0.70710678118654752440
static const double known_O[3] = {1, 2, 3}, known_qB[4] = {H, 0, H, 0};

static spconv_body known_body(void) {
  /* quat and iquat scaled by 2 and 3: not unit */
  spconv_body b = {{1, 2, 3},
                   {(spconv_real)(2 * H), 0, (spconv_real)(2 * H), 0},
                   {1, 2, 0},
                   {(spconv_real)(3 * H), (spconv_real)(3 * H), 0, 0}};
  return b;
}

/* the 16 pose conventions (pose_desc order: layout, order, point, frame) */
static const double known_poses[16][7] = {
    /* POS_QUAT, WXYZ */
    {1, 2, 3, H, 0, H, 0},          /* origin, body */
    {1, 2, 3, .5, .5, .5, -.5},     /* origin, inertial */
    {1, 4, 2, H, 0, H, 0},          /* COM, body */
    {1, 4, 2, .5, .5, .5, -.5},     /* COM, inertial */
    /* POS_QUAT, XYZW */
    {1, 2, 3, 0, H, 0, H},
    {1, 2, 3, .5, .5, -.5, .5},
    {1, 4, 2, 0, H, 0, H},
    {1, 4, 2, .5, .5, -.5, .5},
    /* QUAT_POS, WXYZ */
    {H, 0, H, 0, 1, 2, 3},
    {.5, .5, .5, -.5, 1, 2, 3},
    {H, 0, H, 0, 1, 4, 2},
    {.5, .5, .5, -.5, 1, 4, 2},
    /* QUAT_POS, XYZW */
    {0, H, 0, H, 1, 2, 3},
    {.5, .5, -.5, .5, 1, 2, 3},
    {0, H, 0, H, 1, 4, 2},
    {.5, .5, -.5, .5, 1, 4, 2},
};

/* known pose k, its quaternion scaled by `scale` (the stored input) */
static void known_pose(spconv_real res[7], int k, double scale) {
  const int qoff = k / 8 ? 0 : 3;
  int i;
  for (i = 0; i < 7; ++i)
    res[i] = (spconv_real)(known_poses[k][i] * (i >= qoff && i < qoff + 4 ? scale : 1.0));
}

static void test_pose_from_body_known_values(void **state) {
  const spconv_body b = known_body();
  int k;
  (void)state;
  for (k = 0; k < 16; ++k) {
    const spconv_pose_convention c = pose_desc(k);
    spconv_real res[7], want[7];
    known_pose(want, k, 1.0);
    assert_int_equal(spconv_pose_from_body(res, &c, &b), SPCONV_OK);
    EXPECT_VEC_NEAR(res, want, 7, TEST_TOL);
  }
}

static void test_body_from_pose_known_values(void **state) {
  const spconv_body kb = known_body();
  const spconv_real iq_unit[4] = {(spconv_real)H, (spconv_real)H, 0, 0};
  int k;
  (void)state;
  for (k = 0; k < 16; ++k) {
    const spconv_pose_convention c = pose_desc(k);
    spconv_real pose[7], O[3], qB[4];
    spconv_body b;
    known_pose(pose, k, 0.25); /* non-unit: |q| = 1/4 */
    assert_int_equal(spconv_body_from_pose(&b, pose, &c, kb.com, kb.iquat_wxyz), SPCONV_OK);
    real_from_d(O, known_O, 3);
    real_from_d(qB, known_qB, 4);
    EXPECT_VEC_NEAR(b.pos, O, 3, TEST_TOL);
    EXPECT_VEC_NEAR(b.quat_wxyz, qB, 4, TEST_TOL);
    EXPECT_VEC_EQUAL(b.com, kb.com, 3);
    EXPECT_VEC_NEAR(b.iquat_wxyz, iq_unit, 4, TEST_TOL);
  }
}

/* every ordered pair of the 16 pose conventions: known pose i -> known pose j */
static void test_pose_convert_known_values(void **state) {
  const spconv_body kb = known_body();
  int i, j;
  (void)state;
  for (i = 0; i < 16; ++i)
    for (j = 0; j < 16; ++j) {
      const spconv_pose_convention from = pose_desc(i), to = pose_desc(j);
      spconv_real pose[7], res[7], want[7];
      known_pose(pose, i, 5.0);
      known_pose(want, j, 1.0);
      assert_int_equal(spconv_pose_convert(res, &to, pose, &from, kb.com, kb.iquat_wxyz), SPCONV_OK);
      EXPECT_VEC_NEAR(res, want, 7, TEST_TOL);
    }
}

/* The same body in motion: MuJoCo qvel [v_O world; w body] = [0; z]: the
   origin is still and the body spins about its own z axis, world
   w = R_B z = (1, 0, 0). Then
     v_C = w x (C - O) = (1, 0, 0) x (0, 2, -1) = (0, 1, 2)
     v_0 (the body point at the world origin) = w x (0 - O)
         = (1, 0, 0) x (-1, -2, -3) = (0, 3, -2)
     body axes: R_B^T w = z, R_B^T v_O = 0.
   A force F = z (world) at the origin O plus a couple T = x (world):
     tau_O = T = (1, 0, 0); body axes R_B^T x = z (R_B z = x)
     tau_C = T + (O - C) x F = (1, 0, 0) + (0, -2, 1) x (0, 0, 1) = (-1, 0, 0)
     tau_0 = T + (O - 0) x F = (1, 0, 0) + (1, 2, 3) x (0, 0, 1) = (3, -1, 0)
     F in body axes: R_B^T z = -x (R_B x = -z).
   Each preset stores pose, twist and wrench as its row says (deg/s for
   PTERA: 1 rad/s = 180/pi deg/s, moments unscaled). */
typedef struct known_state {
  int id;
  double pose[7], twist[6], wrench[6];
} known_state;

#define POSE_O_B_WXYZ {1, 2, 3, H, 0, H, 0}
#define POSE_O_B_XYZW {1, 2, 3, 0, H, 0, H}
#define TWIST_C_WORLD {0, 1, 2, 1, 0, 0}
#define WRENCH_C_WORLD {0, 0, 1, -1, 0, 0}
static const known_state known_states[] = {
    {SPCONV_PRESET_NEWTON, POSE_O_B_XYZW, TWIST_C_WORLD, WRENCH_C_WORLD},
    {SPCONV_PRESET_MUJOCO_FREE, POSE_O_B_WXYZ, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 1}},
    {SPCONV_PRESET_MUJOCO_XFRC, {1, 4, 2, .5, .5, .5, -.5}, TWIST_C_WORLD, WRENCH_C_WORLD},
    {SPCONV_PRESET_SAP_PUBLIC, POSE_O_B_XYZW, TWIST_C_WORLD, WRENCH_C_WORLD},
    {SPCONV_PRESET_SAP_INTERNAL, POSE_O_B_XYZW, {1, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 1}},
    {SPCONV_PRESET_ISAACLAB, {1, 4, 2, .5, .5, .5, -.5}, TWIST_C_WORLD, WRENCH_C_WORLD},
    {SPCONV_PRESET_PHYSX, {0, H, 0, H, 1, 2, 3}, TWIST_C_WORLD, WRENCH_C_WORLD},
    {SPCONV_PRESET_BULLET, {1, 4, 2, .5, .5, -.5, .5}, TWIST_C_WORLD, WRENCH_C_WORLD},
    {SPCONV_PRESET_DRAKE, {H, 0, H, 0, 1, 2, 3}, {1, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 1}},
    {SPCONV_PRESET_PINOCCHIO_WORLD, POSE_O_B_XYZW, {0, 3, -2, 1, 0, 0}, {0, 0, 1, 3, -1, 0}},
    {SPCONV_PRESET_PINOCCHIO_LOCAL, POSE_O_B_XYZW, {0, 0, 0, 0, 0, 1}, {-1, 0, 0, 0, 0, 1}},
    {SPCONV_PRESET_PINOCCHIO_LWA, POSE_O_B_XYZW, {0, 0, 0, 1, 0, 0}, {0, 0, 1, 1, 0, 0}},
    {SPCONV_PRESET_DART_BODY, POSE_O_B_WXYZ, {0, 0, 1, 0, 0, 0}, {0, 0, 1, -1, 0, 0}},
    {SPCONV_PRESET_DART_WORLD, POSE_O_B_WXYZ, {1, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 1}},
    {SPCONV_PRESET_MR_BODY, POSE_O_B_WXYZ, {0, 0, 1, 0, 0, 0}, {0, 0, 1, -1, 0, 0}},
    {SPCONV_PRESET_MR_SPACE, POSE_O_B_WXYZ, {1, 0, 0, 0, 3, -2}, {3, -1, 0, 0, 0, 1}},
    /* spatial_v2's floating-base state: [q_wxyz; p] (as Drake) */
    {SPCONV_PRESET_FEATHERSTONE, {H, 0, H, 0, 1, 2, 3}, {1, 0, 0, 0, 3, -2}, {3, -1, 0, 0, 0, 1}},
    {SPCONV_PRESET_PTERA, POSE_O_B_WXYZ, {0, 0, 0, 0, 0, 180 / 3.14159265358979323846}, {0, 0, 1, 0, 0, 1}},
    {SPCONV_PRESET_WARP_SIM, POSE_O_B_XYZW, {1, 0, 0, 0, 1, 2}, {-1, 0, 0, 0, 0, 1}},
    {SPCONV_PRESET_ISAACLAB_LINK, POSE_O_B_WXYZ, {0, 0, 0, 1, 0, 0}, {0, 0, 1, 1, 0, 0}},
    {SPCONV_PRESET_GZ_SIM, POSE_O_B_WXYZ, {0, 0, 0, 1, 0, 0}, {0, 0, 1, 1, 0, 0}},
    {SPCONV_PRESET_ROS_ODOM, POSE_O_B_XYZW, {0, 0, 0, 0, 0, 1}, {-1, 0, 0, 0, 0, 1}},
    {SPCONV_PRESET_JOLT, POSE_O_B_XYZW, TWIST_C_WORLD, WRENCH_C_WORLD},
    {SPCONV_PRESET_ISAACLAB3, {1, 4, 2, .5, .5, -.5, .5}, TWIST_C_WORLD, WRENCH_C_WORLD},
    {SPCONV_PRESET_ISAACLAB3_LINK, POSE_O_B_XYZW, {0, 0, 0, 1, 0, 0}, {0, 0, 1, 1, 0, 0}},
    {SPCONV_PRESET_ODE, {1, 4, 2, H, 0, H, 0}, TWIST_C_WORLD, WRENCH_C_WORLD},
    /* Genesis get_pos/get_quat and get_vel of the link origin, world */
    {SPCONV_PRESET_GENESIS, POSE_O_B_WXYZ, {0, 0, 0, 1, 0, 0}, {0, 0, 1, 1, 0, 0}},
    /* Chrono ChBody: the COM frame (inertial), its velocity, world */
    {SPCONV_PRESET_CHRONO, {1, 4, 2, .5, .5, .5, -.5}, TWIST_C_WORLD, WRENCH_C_WORLD},
    /* Brax State.x / State.xd at xpos (the origin), world */
    {SPCONV_PRESET_BRAX, POSE_O_B_WXYZ, {0, 0, 0, 1, 0, 0}, {0, 0, 1, 1, 0, 0}},
};
#define N_KNOWN_STATES ((int)(sizeof known_states / sizeof known_states[0]))

/* preset i's known pose (quaternion scaled by `scale`), twist and wrench */
static void known_state_at(spconv_real pose[7], spconv_real twist[6], spconv_real wrench[6],
                           int i, double scale) {
  const int id = known_states[i].id;
  const int qoff = id == SPCONV_PRESET_PHYSX || id == SPCONV_PRESET_DRAKE ||
                           id == SPCONV_PRESET_FEATHERSTONE
                       ? 0
                       : 3; /* [q; p] */
  int k;
  for (k = 0; k < 7; ++k)
    pose[k] = (spconv_real)(known_states[i].pose[k] * (k >= qoff && k < qoff + 4 ? scale : 1.0));
  real_from_d(twist, known_states[i].twist, 6);
  real_from_d(wrench, known_states[i].wrench, 6);
}

/* every ordered pair of presets, from the hand values to the hand values */
static void test_state_convert_known_values(void **state) {
  const spconv_body kb = known_body();
  int i, j;
  (void)state;
  assert_int_equal(N_KNOWN_STATES, SPCONV_PRESET_COUNT);
  for (i = 0; i < N_KNOWN_STATES; ++i) assert_int_equal(known_states[i].id, TEST_PRESET(i));
  for (i = 0; i < SPCONV_PRESET_COUNT; ++i)
    for (j = 0; j < SPCONV_PRESET_COUNT; ++j) {
      const spconv_state_convention from = state_of(TEST_PRESET(i)), to = state_of(TEST_PRESET(j));
      spconv_real pose[7], twist[6], wrench[6], wpose[7], wtwist[6], rp[7], rt[6];
      known_state_at(pose, twist, wrench, i, 0.5);
      known_state_at(wpose, wtwist, wrench, j, 1.0);
      assert_int_equal(
          spconv_state_convert(rp, rt, &to, pose, twist, &from, kb.com, kb.iquat_wxyz), SPCONV_OK);
      EXPECT_VEC_NEAR(rp, wpose, 7, TEST_TOL);
      EXPECT_VEC_NEAR(rt, wtwist, 6, TEST_TOL);
    }
}

/* The force of the hand derivation, given in world axes (F = z at O, T = x)
   and in body axes (F_b = -x at the body point 0, T_b = z), under every
   preset; and back to the force and the torque about O, and about the COM
   (point NULL): T_C = tau_C = (-1, 0, 0), body R_B^T (-x) = -z. */
static void test_wrench_from_force_at_point_known_values(void **state) {
  const spconv_body b = known_body();
  const spconv_real F[3] = {0, 0, 1}, T[3] = {1, 0, 0}, O[3] = {1, 2, 3};
  const spconv_real Fb[3] = {-1, 0, 0}, Tb[3] = {0, 0, 1}, Ob[3] = {0, 0, 0};
  const spconv_real TC[3] = {-1, 0, 0}, TCb[3] = {0, 0, -1};
  int i, k;
  (void)state;
  for (i = 0; i < SPCONV_PRESET_COUNT; ++i) {
    const spconv_convention c = state_of(TEST_PRESET(i)).twist;
    spconv_real pose[7], twist[6], want[6], res[6];
    known_state_at(pose, twist, want, i, 1.0);
    assert_int_equal(spconv_wrench_from_force_at_point(res, &c, F, T, O, SPCONV_FRAME_WORLD, &b),
                     SPCONV_OK);
    EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
    assert_int_equal(spconv_wrench_from_force_at_point(res, &c, Fb, Tb, Ob, SPCONV_FRAME_BODY, &b),
                     SPCONV_OK);
    EXPECT_VEC_NEAR(res, want, 6, TEST_TOL);
    /* back: [F; T] about O (world, body), [F; T_C] about the COM */
    for (k = 0; k < 4; ++k) {
      const spconv_frame fr = k % 2 ? SPCONV_FRAME_BODY : SPCONV_FRAME_WORLD;
      const spconv_real *point = k < 2 ? (k ? Ob : O) : NULL;
      spconv_real got[6], back[6];
      memcpy(back, k % 2 ? Fb : F, sizeof F);
      memcpy(back + 3, k < 2 ? (k ? Tb : T) : (k % 2 ? TCb : TC), sizeof T);
      assert_int_equal(spconv_force_at_point_from_wrench(got, got + 3, want, &c, point, fr, &b), SPCONV_OK);
      EXPECT_VEC_NEAR(got, back, 6, TEST_TOL);
    }
  }
}

/* ============================================================ preset table */

/* The pose of every preset, written here from the engines' documentation
   (the sources the header's comment names), not copied from the header:
     Newton / warp.sim / SAP body_q, Pinocchio free flyer, ROS Pose, Jolt
       GetPosition/GetRotation: [p; q_xyzw] of the origin, body frame
     MuJoCo free qpos (and Ptera), Isaac Lab 2.x root_link_pose_w, DART /
       MR / Featherstone transforms, gz-sim Pose3d: [p; q_wxyz], origin
     MuJoCo xipos/ximat, Isaac Lab 2.x root_com_pose_w: COM, principal axes, wxyz
     Isaac Lab 3.x: as 2.x with q_xyzw; Bullet COM transform: COM, principal, xyzw
     PhysX PxTransform {q; p}, q_xyzw, actor origin
     Drake quaternion floating joint [q_wxyz; p], origin
     ODE: the body position is its COM, body frame, wxyz
     Genesis get_pos / get_quat of the link origin, wxyz; Brax State.x at
       xpos (origin), wxyz; Chrono ChBody GetPos / GetRot: the COM frame
       (COM, inertial), e0 first (wxyz) */
static void test_state_convention_from_preset_table(void **state) {
  enum { PQ = SPCONV_POSE_LAYOUT_POS_QUAT, QP = SPCONV_POSE_LAYOUT_QUAT_POS };
  enum { WXYZ = SPCONV_ROT_QUAT_WXYZ, XYZW = SPCONV_ROT_QUAT_XYZW };
  enum { C = SPCONV_POINT_COM, O = SPCONV_POINT_ORIGIN };
  enum { B = SPCONV_POSE_FRAME_BODY, I = SPCONV_POSE_FRAME_INERTIAL };
  static const int want[][5] = {
      {SPCONV_PRESET_NEWTON, PQ, XYZW, O, B},
      {SPCONV_PRESET_MUJOCO_FREE, PQ, WXYZ, O, B},
      {SPCONV_PRESET_MUJOCO_XFRC, PQ, WXYZ, C, I},
      {SPCONV_PRESET_SAP_PUBLIC, PQ, XYZW, O, B},
      {SPCONV_PRESET_SAP_INTERNAL, PQ, XYZW, O, B},
      {SPCONV_PRESET_ISAACLAB, PQ, WXYZ, C, I},
      {SPCONV_PRESET_PHYSX, QP, XYZW, O, B},
      {SPCONV_PRESET_BULLET, PQ, XYZW, C, I},
      {SPCONV_PRESET_DRAKE, QP, WXYZ, O, B},
      {SPCONV_PRESET_PINOCCHIO_WORLD, PQ, XYZW, O, B},
      {SPCONV_PRESET_PINOCCHIO_LOCAL, PQ, XYZW, O, B},
      {SPCONV_PRESET_PINOCCHIO_LWA, PQ, XYZW, O, B},
      {SPCONV_PRESET_DART_BODY, PQ, WXYZ, O, B},
      {SPCONV_PRESET_DART_WORLD, PQ, WXYZ, O, B},
      {SPCONV_PRESET_MR_BODY, PQ, WXYZ, O, B},
      {SPCONV_PRESET_MR_SPACE, PQ, WXYZ, O, B},
      {SPCONV_PRESET_FEATHERSTONE, QP, WXYZ, O, B},
      {SPCONV_PRESET_PTERA, PQ, WXYZ, O, B},
      {SPCONV_PRESET_WARP_SIM, PQ, XYZW, O, B},
      {SPCONV_PRESET_ISAACLAB_LINK, PQ, WXYZ, O, B},
      {SPCONV_PRESET_GZ_SIM, PQ, WXYZ, O, B},
      {SPCONV_PRESET_ROS_ODOM, PQ, XYZW, O, B},
      {SPCONV_PRESET_JOLT, PQ, XYZW, O, B},
      {SPCONV_PRESET_ISAACLAB3, PQ, XYZW, C, I},
      {SPCONV_PRESET_ISAACLAB3_LINK, PQ, XYZW, O, B},
      {SPCONV_PRESET_ODE, PQ, WXYZ, C, B},
      {SPCONV_PRESET_GENESIS, PQ, WXYZ, O, B},
      {SPCONV_PRESET_CHRONO, PQ, WXYZ, C, I},
      {SPCONV_PRESET_BRAX, PQ, WXYZ, O, B},
  };
  /* one before the first, one past the last, the 0.x value of NEWTON, an
     axis preset's value */
  const spconv_preset_id ids_bad[4] = {TEST_PRESET(-1), SPCONV_PRESET_END, (spconv_preset_id)0,
                                       (spconv_preset_id)SPCONV_AXIS_PRESET_NEWTON};
  int i;
  (void)state;
  assert_int_equal((int)(sizeof want / sizeof want[0]), SPCONV_PRESET_COUNT);
  for (i = 0; i < SPCONV_PRESET_COUNT; ++i) {
    const spconv_state_convention s = state_of((spconv_preset_id)want[i][0]);
    const spconv_convention t = spconv_convention_from_preset((spconv_preset_id)want[i][0]);
    assert_int_equal(want[i][0], TEST_PRESET(i));
    assert_int_equal(s.pose.layout, want[i][1]);
    assert_int_equal(s.pose.quat_order, want[i][2]);
    assert_int_equal(s.pose.point, want[i][3]);
    assert_int_equal(s.pose.frame, want[i][4]);
    assert_int_equal(s.twist.order, t.order);
    assert_int_equal(s.twist.point, t.point);
    assert_int_equal(s.twist.linear_frame, t.linear_frame);
    assert_int_equal(s.twist.angular_frame, t.angular_frame);
    assert_int_equal(s.twist.angle_unit, t.angle_unit);
    assert_int_equal(s.twist.accel, t.accel);
  }
  for (i = 0; i < 4; ++i) { /* an unknown id: every field 0 (outside its enum), rejected */
    const spconv_state_convention bad = state_of(ids_bad[i]);
    const spconv_state_convention good = state_of(SPCONV_PRESET_NEWTON);
    spconv_real pose[7] = {0, 0, 0, 0, 0, 0, 1}, twist[6] = {1, 2, 3, 4, 5, 6}, com[3] = {0, 0, 0};
    spconv_real rp[7], rt[6], keep[7];
    spconv_body b, bkeep;
    assert_int_equal(bad.pose.layout, 0);
    assert_int_equal(bad.pose.quat_order, 0);
    assert_int_equal(bad.pose.point, 0);
    assert_int_equal(bad.pose.frame, 0);
    assert_int_equal(bad.twist.order, 0);
    assert_int_equal(bad.twist.point, 0);
    assert_int_equal(bad.twist.linear_frame, 0);
    assert_int_equal(bad.twist.angular_frame, 0);
    assert_int_equal(bad.twist.angle_unit, 0);
    assert_int_equal(bad.twist.accel, 0);
    memset(rp, 0x5a, sizeof rp);
    memset(rt, 0x5a, sizeof rt);
    memcpy(keep, rp, sizeof rp);
    memset(&b, 0x5a, sizeof b);
    bkeep = b;
    assert_int_equal(spconv_state_convert(rp, rt, &bad, pose, twist, &good, com, NULL), SPCONV_EINVAL);
    assert_int_equal(spconv_state_convert(rp, rt, &good, pose, twist, &bad, com, NULL), SPCONV_EINVAL);
    assert_int_equal(spconv_pose_convert(rp, &bad.pose, pose, &good.pose, com, NULL), SPCONV_EINVAL);
    assert_int_equal(spconv_pose_from_body(rp, &bad.pose, &bkeep), SPCONV_EINVAL);
    assert_int_equal(spconv_body_from_pose(&b, pose, &bad.pose, com, NULL), SPCONV_EINVAL);
    assert_int_equal(spconv_wrench_from_force_at_point(rt, &bad.twist, com, NULL, NULL,
                                                       SPCONV_FRAME_WORLD, &bkeep),
                     SPCONV_EINVAL);
    EXPECT_VEC_EQUAL(rp, keep, 7);
    EXPECT_VEC_EQUAL(rt, keep, 6);
    assert_memory_equal(&b, &bkeep, sizeof b);
  }
}

/* ===================================================== every pair, fields */

/* For every ordered pair of presets (26 x 26 x N_PAIR_REP cases, seed
   0x5eed0601): a random state under the first (random position, non-unit
   quaternion, random twist) of a random body (COM offset, non-unit
   inertial frame), converted to the second. All tests draw the same cases. */
typedef struct pair_case {
  spconv_state_convention from, to;
  spconv_real pose[7], twist[6], com[3], iquat[4];
  const spconv_real *iq; /* iquat, or NULL every fourth case */
  double X[3];           /* a random world point */
} pair_case;

typedef void (*pair_check)(const pair_case *p);

static void for_all_pairs(pair_check check) {
  int i, j, n, k;
  test_seed(0x5eed0601);
  for (i = 0; i < SPCONV_PRESET_COUNT; ++i)
    for (j = 0; j < SPCONV_PRESET_COUNT; ++j)
      for (n = 0; n < N_PAIR_REP; ++n) {
        pair_case p;
        p.from = state_of(TEST_PRESET(i));
        p.to = state_of(TEST_PRESET(j));
        rand_pose(p.pose, &p.from.pose);
        test_rand_vec(p.twist, 6, 3.0);
        test_rand_vec(p.com, 3, 1.0);
        test_rand_quat(p.iquat);
        p.iq = n % 4 == 3 ? NULL : p.iquat; /* NULL: the identity */
        for (k = 0; k < 3; ++k) p.X[k] = test_uniform(-3.0, 3.0);
        check(&p);
      }
}

/* there and back: the same position, the same rotation (quaternions are
   unit after the trip, and may differ in sign only), the same twist */
static void check_round_trip(const pair_case *p) {
  spconv_real rp[7], rt[6], bp[7], bt[6];
  const int poff = p->from.pose.layout == SPCONV_POSE_LAYOUT_POS_QUAT ? 0 : 4;
  ref_frame f0, f1;
  assert_int_equal(spconv_state_convert(rp, rt, &p->to, p->pose, p->twist, &p->from, p->com, p->iq),
                   SPCONV_OK);
  assert_int_equal(spconv_state_convert(bp, bt, &p->from, rp, rt, &p->to, p->com, p->iq),
                   SPCONV_OK);
  EXPECT_VEC_NEAR(bp + poff, p->pose + poff, 3, TEST_TOL);
  f0 = ref_pose_read(&p->from.pose, p->pose, p->com, p->iq);
  f1 = ref_pose_read(&p->from.pose, bp, p->com, p->iq);
  EXPECT_FRAME_NEAR(f1, f0);
  EXPECT_VEC_NEAR(bt, p->twist, 6, TEST_TOL);
}

TEST_RUN(test_state_convert_round_trip_all_preset_pairs, for_all_pairs(check_round_trip))

/* the converted pose is the same body (origin, body frame, COM) read
   independently, and the converted twist the same velocity field: v at the
   COM and at a random world point, and w */
static void check_same_state(const pair_case *p) {
  spconv_real rp[7], rt[6], got[9], want[9];
  double v0[3], w0[3], v1[3], w1[3];
  ref_frame f0, f1;
  assert_int_equal(spconv_state_convert(rp, rt, &p->to, p->pose, p->twist, &p->from, p->com, p->iq),
                   SPCONV_OK);
  f0 = ref_pose_read(&p->from.pose, p->pose, p->com, p->iq);
  f1 = ref_pose_read(&p->to.pose, rp, p->com, p->iq);
  EXPECT_FRAME_NEAR(f1, f0);
  /* v_C = v_O + w x (C - O), from each stored form */
  ref_twist_at(v0, w0, &p->from.twist, p->twist, &f0, f0.C);
  ref_twist_at(v1, w1, &p->to.twist, rt, &f1, f1.C);
  real_from_d(want, v0, 3);
  real_from_d(want + 3, w0, 3);
  real_from_d(got, v1, 3);
  real_from_d(got + 3, w1, 3);
  ref_twist_at(v0, w0, &p->from.twist, p->twist, &f0, p->X);
  ref_twist_at(v1, w1, &p->to.twist, rt, &f1, p->X);
  real_from_d(want + 6, v0, 3);
  real_from_d(got + 6, v1, 3);
  EXPECT_VEC_NEAR(got, want, 9, TEST_TOL);
}

TEST_RUN(test_state_convert_same_body_and_velocity_field, for_all_pairs(check_same_state))

/* pose_convert == body_from_pose + pose_from_body == state_convert's pose;
   state_convert's twist == spconv_twist_convert with that body */
static void check_against_parts(const pair_case *p) {
  spconv_real rp[7], rt[6], pc[7], pb[7], tw[6];
  spconv_body b;
  assert_int_equal(spconv_state_convert(rp, rt, &p->to, p->pose, p->twist, &p->from, p->com, p->iq),
                   SPCONV_OK);
  assert_int_equal(spconv_pose_convert(pc, &p->to.pose, p->pose, &p->from.pose, p->com, p->iq),
                   SPCONV_OK);
  assert_int_equal(spconv_body_from_pose(&b, p->pose, &p->from.pose, p->com, p->iq), SPCONV_OK);
  assert_int_equal(spconv_pose_from_body(pb, &p->to.pose, &b), SPCONV_OK);
  EXPECT_VEC_NEAR(pc, pb, 7, TEST_TOL);
  EXPECT_VEC_NEAR(rp, pb, 7, TEST_TOL);
  assert_int_equal(spconv_twist_convert(tw, &p->to.twist, p->twist, &p->from.twist, &b), SPCONV_OK);
  EXPECT_VEC_NEAR(rt, tw, 6, TEST_TOL);
}

TEST_RUN(test_pose_convert_state_convert_match_parts, for_all_pairs(check_against_parts))

/* body_from_pose: the body read back independently; pose_from_body of it
   gives the pose again (same rotation); unit quaternions out */
static void check_body_from_pose(const pair_case *p) {
  spconv_body b;
  spconv_real back[7];
  ref_frame fb, f0;
  spconv_real n[2];
  const spconv_real one[2] = {1, 1};
  assert_int_equal(spconv_body_from_pose(&b, p->pose, &p->from.pose, p->com, p->iq), SPCONV_OK);
  fb = ref_frame_of_body(&b);
  f0 = ref_pose_read(&p->from.pose, p->pose, p->com, p->iq);
  EXPECT_FRAME_NEAR(fb, f0);
  EXPECT_VEC_EQUAL(b.com, p->com, 3);
  if (p->iq) {
    EXPECT_SAME_ROTATION(b.iquat_wxyz, p->iq);
  } else {
    const spconv_real id[4] = {1, 0, 0, 0};
    EXPECT_VEC_EQUAL(b.iquat_wxyz, id, 4);
  }
  n[0] = qnorm(b.quat_wxyz);
  n[1] = qnorm(b.iquat_wxyz);
  EXPECT_VEC_NEAR(n, one, 2, TEST_TOL);
  assert_int_equal(spconv_pose_from_body(back, &p->to.pose, &b), SPCONV_OK);
  {
    ref_frame f2 = ref_pose_read(&p->to.pose, back, p->com, p->iq);
    EXPECT_FRAME_NEAR(f2, f0);
  }
}

TEST_RUN(test_body_from_pose_pose_from_body_all_preset_pairs, for_all_pairs(check_body_from_pose))

/* ====================================================== forces at points */

/* For every preset (N_FORCE_REP cases each, seed 0x5eed0602): a random
   body, a force at a random point plus a couple, in world or body axes, a
   random twist under the preset. */
typedef struct force_case {
  spconv_convention c;
  spconv_body b;
  ref_frame f;
  spconv_real F[3], T[3], P[3];  /* in `frame`: world, or body axes / body coordinates */
  double Fw[3], Tw[3], Pw[3];    /* the same in world axes, computed here */
  spconv_frame frame;
  spconv_real twist[6], wrench[6];
} force_case;

typedef void (*force_check)(const force_case *fc);

static void for_all_forces(force_check check) {
  int id, n, i;
  test_seed(0x5eed0602);
  for (id = 0; id < SPCONV_PRESET_COUNT; ++id)
    for (n = 0; n < N_FORCE_REP; ++n) {
      force_case fc;
      double F[3], T[3], P[3];
      fc.c = spconv_convention_from_preset(TEST_PRESET(id));
      rand_body(&fc.b);
      fc.f = ref_frame_of_body(&fc.b);
      test_rand_vec(fc.F, 3, 3.0);
      test_rand_vec(fc.T, 3, 3.0);
      test_rand_vec(fc.P, 3, 3.0);
      test_rand_vec(fc.twist, 6, 3.0);
      test_rand_vec(fc.wrench, 6, 3.0);
      fc.frame = n % 2 ? SPCONV_FRAME_BODY : SPCONV_FRAME_WORLD;
      d_from_real(F, fc.F, 3);
      d_from_real(T, fc.T, 3);
      d_from_real(P, fc.P, 3);
      if (fc.frame == SPCONV_FRAME_BODY) {
        dmat_vec(fc.Fw, fc.f.R, F, 0);
        dmat_vec(fc.Tw, fc.f.R, T, 0);
        dmat_vec(fc.Pw, fc.f.R, P, 0);
        for (i = 0; i < 3; ++i) fc.Pw[i] += fc.f.O[i];
      } else {
        for (i = 0; i < 3; ++i) {
          fc.Fw[i] = F[i];
          fc.Tw[i] = T[i];
          fc.Pw[i] = P[i];
        }
      }
      check(&fc);
    }
}

/* the power of a wrench on a twist stored under the same convention c:
   lin . lin + ang . ang (spconv_power), the angular product times pi/180
   when the twist is in deg/s (moments stay in N m) */
static double stored_power(const spconv_convention *c, const spconv_real g[6],
                           const spconv_real t[6]) {
  const spconv_real *ga = g + (c->order == SPCONV_ORDER_LINEAR_FIRST ? 3 : 0);
  const spconv_real *ta = t + (c->order == SPCONV_ORDER_LINEAR_FIRST ? 3 : 0);
  const double ang = (double)ga[0] * (double)ta[0] + (double)ga[1] * (double)ta[1] +
                     (double)ga[2] * (double)ta[2];
  return (double)spconv_power(g, t) +
         (c->angle_unit == SPCONV_ANGLE_DEGREES ? (PI / 180 - 1) * ang : 0.0);
}

/* power: the wrench under c times a twist under c == F . v_P + T . w, with
   v_P the velocity of the body point at P read independently from the twist */
static void check_force_power(const force_case *fc) {
  spconv_real g[6];
  double vP[3], w[3], want, scale;
  assert_int_equal(spconv_wrench_from_force_at_point(g, &fc->c, fc->F, fc->T, fc->P, fc->frame, &fc->b),
                   SPCONV_OK);
  ref_twist_at(vP, w, &fc->c, fc->twist, &fc->f, fc->Pw);
  want = ddot(fc->Fw, vP) + ddot(fc->Tw, w);
  scale = fabs(fc->Fw[0] * vP[0]) + fabs(fc->Fw[1] * vP[1]) + fabs(fc->Fw[2] * vP[2]) +
          fabs(fc->Tw[0] * w[0]) + fabs(fc->Tw[1] * w[1]) + fabs(fc->Tw[2] * w[2]);
  EXPECT_NEAR(stored_power(&fc->c, g, fc->twist), want, TEST_TOL,
              fmax(scale, test_power_scale(g, fc->twist)));
}

TEST_RUN(test_wrench_from_force_at_point_power_every_preset, for_all_forces(check_force_power))

/* the wrench is the force and the moment field of the force at P plus the
   couple, read independently at a point (the preset's own reference point
   and the COM) */
static void check_force_field(const force_case *fc) {
  spconv_real g[6], got[6], want[6];
  double f[3], tau[3];
  int i;
  assert_int_equal(spconv_wrench_from_force_at_point(g, &fc->c, fc->F, fc->T, fc->P, fc->frame, &fc->b),
                   SPCONV_OK);
  ref_wrench_at(f, tau, &fc->c, g, &fc->f, fc->f.C);
  real_from_d(got, f, 3);
  real_from_d(got + 3, tau, 3);
  { /* tau_C = T + (P - C) x F */
    double r[3], t[3];
    for (i = 0; i < 3; ++i) r[i] = fc->Pw[i] - fc->f.C[i];
    dcross(t, r, fc->Fw);
    for (i = 0; i < 3; ++i) {
      want[i] = (spconv_real)fc->Fw[i];
      want[3 + i] = (spconv_real)(fc->Tw[i] + t[i]);
    }
  }
  EXPECT_VEC_NEAR(got, want, 6, TEST_TOL);
}

TEST_RUN(test_wrench_from_force_at_point_moment_field, for_all_forces(check_force_field))

/* spconv_force_at_point_from_wrench of fc's random wrench at `point`
   (fc's frame; NULL: the COM) == the wrench's force and moment about the
   world point X read independently, in fc's frame's axes */
static void expect_force_at(const force_case *fc, const spconv_real *point, const double X[3]) {
  spconv_real F[3], T[3], got[6], want[6];
  double f[3], tau[3];
  int i;
  assert_int_equal(spconv_force_at_point_from_wrench(F, T, fc->wrench, &fc->c, point, fc->frame, &fc->b),
                   SPCONV_OK);
  ref_wrench_at(f, tau, &fc->c, fc->wrench, &fc->f, X);
  if (fc->frame == SPCONV_FRAME_BODY) {
    dmat_vec(f, fc->f.R, f, 1);
    dmat_vec(tau, fc->f.R, tau, 1);
  }
  for (i = 0; i < 3; ++i) {
    got[i] = F[i];
    got[3 + i] = T[i];
  }
  real_from_d(want, f, 3);
  real_from_d(want + 3, tau, 3);
  EXPECT_VEC_NEAR(got, want, 6, TEST_TOL);
}

/* there and back about the same point and frame: F and T again; about
   another point (the COM: point NULL) the moment field of the wrench */
static void check_force_round_trip(const force_case *fc) {
  spconv_real g[6], F[3], T[3];
  assert_int_equal(spconv_wrench_from_force_at_point(g, &fc->c, fc->F, fc->T, fc->P, fc->frame, &fc->b),
                   SPCONV_OK);
  assert_int_equal(spconv_force_at_point_from_wrench(F, T, g, &fc->c, fc->P, fc->frame, &fc->b),
                   SPCONV_OK);
  EXPECT_VEC_NEAR(F, fc->F, 3, TEST_TOL);
  EXPECT_VEC_NEAR(T, fc->T, 3, TEST_TOL);
  /* a random wrench, read at the point P independently; point NULL: the COM */
  expect_force_at(fc, fc->P, fc->Pw);
  expect_force_at(fc, NULL, fc->f.C);
}

TEST_RUN(test_force_at_point_from_wrench_round_trip_and_field, for_all_forces(check_force_round_trip))

/* body-frame inputs == their world images (R F, R T, O + R P); point NULL
   == the COM given explicitly (world C, or body com); torque NULL == 0 */
static void check_force_frames(const force_case *fc) {
  spconv_real g[6], gw[6], F[3], T[3], P[3], zero[3] = {0, 0, 0};
  spconv_real C[3];
  if (fc->frame != SPCONV_FRAME_BODY) {
    assert_int_equal(spconv_wrench_from_force_at_point(g, &fc->c, fc->F, NULL, fc->P, fc->frame, &fc->b),
                     SPCONV_OK);
    assert_int_equal(spconv_wrench_from_force_at_point(gw, &fc->c, fc->F, zero, fc->P, fc->frame, &fc->b),
                     SPCONV_OK);
    EXPECT_VEC_EQUAL(g, gw, 6);
    real_from_d(C, fc->f.C, 3);
    assert_int_equal(spconv_wrench_from_force_at_point(g, &fc->c, fc->F, fc->T, NULL, SPCONV_FRAME_WORLD, &fc->b),
                     SPCONV_OK);
    assert_int_equal(spconv_wrench_from_force_at_point(gw, &fc->c, fc->F, fc->T, C, SPCONV_FRAME_WORLD, &fc->b),
                     SPCONV_OK);
    EXPECT_VEC_NEAR(g, gw, 6, TEST_TOL);
    return;
  }
  assert_int_equal(spconv_wrench_from_force_at_point(g, &fc->c, fc->F, fc->T, fc->P, SPCONV_FRAME_BODY, &fc->b),
                   SPCONV_OK);
  real_from_d(F, fc->Fw, 3);
  real_from_d(T, fc->Tw, 3);
  real_from_d(P, fc->Pw, 3);
  assert_int_equal(spconv_wrench_from_force_at_point(gw, &fc->c, F, T, P, SPCONV_FRAME_WORLD, &fc->b),
                   SPCONV_OK);
  EXPECT_VEC_NEAR(g, gw, 6, TEST_TOL);
  assert_int_equal(spconv_wrench_from_force_at_point(g, &fc->c, fc->F, fc->T, NULL, SPCONV_FRAME_BODY, &fc->b),
                   SPCONV_OK);
  assert_int_equal(spconv_wrench_from_force_at_point(gw, &fc->c, fc->F, fc->T, fc->b.com, SPCONV_FRAME_BODY, &fc->b),
                   SPCONV_OK);
  EXPECT_VEC_NEAR(g, gw, 6, TEST_TOL);
  assert_int_equal(spconv_wrench_from_force_at_point(g, &fc->c, fc->F, NULL, fc->P, SPCONV_FRAME_BODY, &fc->b),
                   SPCONV_OK);
  assert_int_equal(spconv_wrench_from_force_at_point(gw, &fc->c, fc->F, zero, fc->P, SPCONV_FRAME_BODY, &fc->b),
                   SPCONV_OK);
  EXPECT_VEC_EQUAL(g, gw, 6);
  { /* the inverse in body axes == the world result rotated back */
    spconv_real Fb[3], Tb[3], Fw[3], Tw[3], want[6], got[6];
    double fd[3], td[3];
    int i;
    assert_int_equal(spconv_force_at_point_from_wrench(Fb, Tb, fc->wrench, &fc->c, fc->P, SPCONV_FRAME_BODY, &fc->b),
                     SPCONV_OK);
    assert_int_equal(spconv_force_at_point_from_wrench(Fw, Tw, fc->wrench, &fc->c, P, SPCONV_FRAME_WORLD, &fc->b),
                     SPCONV_OK);
    d_from_real(fd, Fb, 3);
    d_from_real(td, Tb, 3);
    dmat_vec(fd, fc->f.R, fd, 0);
    dmat_vec(td, fc->f.R, td, 0);
    real_from_d(got, fd, 3);
    real_from_d(got + 3, td, 3);
    for (i = 0; i < 3; ++i) {
      want[i] = Fw[i];
      want[3 + i] = Tw[i];
    }
    EXPECT_VEC_NEAR(got, want, 6, TEST_TOL);
  }
}

TEST_RUN(test_wrench_from_force_at_point_frames_and_defaults, for_all_forces(check_force_frames))

/* ================================================================= batch */

#define N_BATCH 19 /* a tile of 16 bodies and a tail; 9 tiles of 2 and a tail */

/* n random bodies' states under `from` with strides ps / ts */
static void rand_batch(spconv_real *pose, size_t ps, spconv_real *twist, size_t ts,
                       spconv_real *com, spconv_real *iquat, int n,
                       const spconv_state_convention *from) {
  int i;
  for (i = 0; i < n; ++i) {
    rand_pose(pose + (size_t)i * ps, &from->pose);
    test_rand_vec(twist + (size_t)i * ts, 6, 3.0);
    test_rand_vec(com + 3 * i, 3, 1.0);
    test_rand_quat(iquat + 4 * i);
  }
}

/* Newton body_q / body_qd (strides 7 / 6), every ordered pair of presets,
   with and without body_iquat: body by body equal to the single call, bit
   for bit; in place too. */
static void test_state_convert_n_newton_strides(void **state) {
  spconv_real q[7 * N_BATCH], qd[6 * N_BATCH], com[3 * N_BATCH], iq[4 * N_BATCH];
  spconv_real rq[7 * N_BATCH], rqd[6 * N_BATCH], one_p[7], one_t[6];
  int i, j, k, with_iq;
  (void)state;
  test_seed(0x5eed0603);
  for (i = 0; i < SPCONV_PRESET_COUNT; ++i)
    for (j = 0; j < SPCONV_PRESET_COUNT; ++j)
      for (with_iq = 0; with_iq < 2; ++with_iq) {
        const spconv_state_convention from = state_of(TEST_PRESET(i)), to = state_of(TEST_PRESET(j));
        const spconv_real *iqp = with_iq ? iq : NULL;
        rand_batch(q, 7, qd, 6, com, iq, N_BATCH, &from);
        assert_int_equal(spconv_state_convert_n(rq, 7, rqd, 6, &to, q, 7, qd, 6, &from, com, iqp, N_BATCH),
                         SPCONV_OK);
        for (k = 0; k < N_BATCH; ++k) {
          assert_int_equal(spconv_state_convert(one_p, one_t, &to, q + 7 * k, qd + 6 * k, &from, com + 3 * k,
                                                iqp ? iqp + 4 * k : NULL),
                           SPCONV_OK);
          EXPECT_VEC_EQUAL(rq + 7 * k, one_p, 7);
          EXPECT_VEC_EQUAL(rqd + 6 * k, one_t, 6);
        }
        /* in place */
        assert_int_equal(spconv_state_convert_n(q, 7, qd, 6, &to, q, 7, qd, 6, &from, com, iqp, N_BATCH),
                         SPCONV_OK);
        EXPECT_VEC_EQUAL(q, rq, 7 * N_BATCH);
        EXPECT_VEC_EQUAL(qd, rqd, 6 * N_BATCH);
      }
}

/* Isaac Lab root_state_w (n, 13): pose = row, twist = row + 7, strides 13,
   in place, ISAACLAB_LINK <-> ISAACLAB (and 3.x): equal to the single call
   out of place, bit for bit; the row converted back is the same state. */
static void test_state_convert_n_isaaclab_root_state(void **state) {
  const spconv_preset_id pairs[4][2] = {{SPCONV_PRESET_ISAACLAB_LINK, SPCONV_PRESET_ISAACLAB},
                                        {SPCONV_PRESET_ISAACLAB, SPCONV_PRESET_ISAACLAB_LINK},
                                        {SPCONV_PRESET_ISAACLAB3_LINK, SPCONV_PRESET_ISAACLAB3},
                                        {SPCONV_PRESET_ISAACLAB_LINK, SPCONV_PRESET_ISAACLAB3}};
  spconv_real s[13 * N_BATCH], s0[13 * N_BATCH], com[3 * N_BATCH], iq[4 * N_BATCH];
  spconv_real one_p[7], one_t[6];
  int k, r, rep;
  (void)state;
  test_seed(0x5eed0604);
  for (rep = 0; rep < 50; ++rep)
    for (r = 0; r < 4; ++r) {
      const spconv_state_convention from = state_of(pairs[r][0]), to = state_of(pairs[r][1]);
      rand_batch(s, 13, s + 7, 13, com, iq, N_BATCH, &from);
      memcpy(s0, s, sizeof s);
      assert_int_equal(spconv_state_convert_n(s, 13, s + 7, 13, &to, s, 13, s + 7, 13, &from, com, iq, N_BATCH),
                       SPCONV_OK);
      for (k = 0; k < N_BATCH; ++k) {
        assert_int_equal(spconv_state_convert(one_p, one_t, &to, s0 + 13 * k, s0 + 13 * k + 7, &from,
                                              com + 3 * k, iq + 4 * k),
                         SPCONV_OK);
        EXPECT_VEC_EQUAL(s + 13 * k, one_p, 7);
        EXPECT_VEC_EQUAL(s + 13 * k + 7, one_t, 6);
      }
      assert_int_equal(spconv_state_convert_n(s, 13, s + 7, 13, &from, s, 13, s + 7, 13, &to, com, iq, N_BATCH),
                       SPCONV_OK);
      for (k = 0; k < N_BATCH; ++k) {
        ref_frame f0 = ref_pose_read(&from.pose, s0 + 13 * k, com + 3 * k, iq + 4 * k);
        ref_frame f1 = ref_pose_read(&from.pose, s + 13 * k, com + 3 * k, iq + 4 * k);
        EXPECT_FRAME_NEAR(f1, f0);
        EXPECT_VEC_NEAR(s + 13 * k + 7, s0 + 13 * k + 7, 6, TEST_TOL);
      }
    }
}

/* padded strides (pose 9 -> 11, twist 8 -> 10): the padding is not
   touched; an iquat NULL batch equals an identity-iquat batch bit for bit;
   n == 0 writes nothing and accepts NULL arrays */
static void test_state_convert_n_strides_padding_n0(void **state) {
  enum { PS = 9, TS = 8, RPS = 11, RTS = 10 };
  spconv_real q[PS * N_BATCH], qd[TS * N_BATCH], com[3 * N_BATCH], iq[4 * N_BATCH], id4[4 * N_BATCH];
  spconv_real rq[RPS * N_BATCH], rqd[RTS * N_BATCH], rq2[RPS * N_BATCH], rqd2[RTS * N_BATCH];
  spconv_real one_p[7], one_t[6];
  const spconv_state_convention from = state_of(SPCONV_PRESET_MUJOCO_FREE);
  const spconv_state_convention to = state_of(SPCONV_PRESET_BULLET);
  int k, i;
  (void)state;
  test_seed(0x5eed0605);
  rand_batch(q, PS, qd, TS, com, iq, N_BATCH, &from);
  for (k = 0; k < N_BATCH; ++k) {
    id4[4 * k] = 1;
    id4[4 * k + 1] = id4[4 * k + 2] = id4[4 * k + 3] = 0;
  }
  for (i = 0; i < RPS * N_BATCH; ++i) rq[i] = rq2[i] = (spconv_real)(-7.25);
  for (i = 0; i < RTS * N_BATCH; ++i) rqd[i] = rqd2[i] = (spconv_real)(-7.25);
  assert_int_equal(spconv_state_convert_n(rq, RPS, rqd, RTS, &to, q, PS, qd, TS, &from, com, iq, N_BATCH),
                   SPCONV_OK);
  for (k = 0; k < N_BATCH; ++k) {
    assert_int_equal(spconv_state_convert(one_p, one_t, &to, q + PS * k, qd + TS * k, &from, com + 3 * k, iq + 4 * k),
                     SPCONV_OK);
    EXPECT_VEC_EQUAL(rq + RPS * k, one_p, 7);
    EXPECT_VEC_EQUAL(rqd + RTS * k, one_t, 6);
    for (i = 7; i < RPS; ++i) assert_true(rq[RPS * k + i] == (spconv_real)(-7.25));
    for (i = 6; i < RTS; ++i) assert_true(rqd[RTS * k + i] == (spconv_real)(-7.25));
  }
  assert_int_equal(spconv_state_convert_n(rq, RPS, rqd, RTS, &to, q, PS, qd, TS, &from, com, NULL, N_BATCH),
                   SPCONV_OK);
  assert_int_equal(spconv_state_convert_n(rq2, RPS, rqd2, RTS, &to, q, PS, qd, TS, &from, com, id4, N_BATCH),
                   SPCONV_OK);
  EXPECT_VEC_EQUAL(rq, rq2, RPS * N_BATCH);
  EXPECT_VEC_EQUAL(rqd, rqd2, RTS * N_BATCH);
  /* n == 0 */
  memcpy(rq2, rq, sizeof rq);
  memcpy(rqd2, rqd, sizeof rqd);
  assert_int_equal(spconv_state_convert_n(rq, RPS, rqd, RTS, &to, q, PS, qd, TS, &from, com, iq, 0), SPCONV_OK);
  assert_int_equal(spconv_state_convert_n(NULL, 7, NULL, 6, &to, NULL, 7, NULL, 6, &from, NULL, NULL, 0),
                   SPCONV_OK);
  EXPECT_VEC_EQUAL(rq, rq2, RPS * N_BATCH);
  EXPECT_VEC_EQUAL(rqd, rqd2, RTS * N_BATCH);
}

/* batches convert bodies in tiles: every lane of a tile equals the single
   call bit for bit when some bodies' quaternions (pose or inertial frame)
   are zero, tiny or huge (the scaled normalization) and the others are
   ordinary; a NaN body leaves the other bodies of its tile exact. */
static void test_state_convert_n_special_quaternions(void **state) {
  enum { N = 2 * 16 + 3 };
  const double scales[] = {0.0, 1e-42, 1e-20, 1e-16, 1e16, 1e18, 1e-3, 1.0, 1.0, 1.0};
  const int n_scales = (int)(sizeof scales / sizeof scales[0]);
  spconv_real q[7 * N], qd[6 * N], com[3 * N], iq[4 * N], rq[7 * N], rqd[6 * N];
  spconv_real one_p[7], one_t[6];
  int i, j, k, c;
  (void)state;
  test_seed(0x5eed0606);
  for (i = 0; i < SPCONV_PRESET_COUNT; ++i)
    for (j = 0; j < SPCONV_PRESET_COUNT; ++j) {
      const spconv_state_convention from = state_of(TEST_PRESET(i)), to = state_of(TEST_PRESET(j));
      const int qs = from.pose.layout == SPCONV_POSE_LAYOUT_POS_QUAT ? 3 : 0;
      rand_batch(q, 7, qd, 6, com, iq, N, &from);
      for (k = 0; k < N; ++k)
        for (c = 0; c < 4; ++c) { /* one scale per quaternion */
          q[7 * k + qs + c] *= (spconv_real)scales[(7 * k + i) % n_scales];
          iq[4 * k + c] *= (spconv_real)scales[(5 * k + j) % n_scales];
        }
      assert_int_equal(spconv_state_convert_n(rq, 7, rqd, 6, &to, q, 7, qd, 6, &from, com, iq, N), SPCONV_OK);
      for (k = 0; k < N; ++k) {
        assert_int_equal(spconv_state_convert(one_p, one_t, &to, q + 7 * k, qd + 6 * k, &from, com + 3 * k, iq + 4 * k),
                         SPCONV_OK);
        EXPECT_VEC_EQUAL(rq + 7 * k, one_p, 7);
        EXPECT_VEC_EQUAL(rqd + 6 * k, one_t, 6);
      }
      q[7 * 3 + qs] = (spconv_real)NAN; /* body 3, in the first tile */
      assert_int_equal(spconv_state_convert_n(rq, 7, rqd, 6, &to, q, 7, qd, 6, &from, com, iq, N), SPCONV_OK);
      assert_true(any_nan(rq + 7 * 3, 7));
      for (k = 0; k < N; ++k) {
        if (k == 3) continue;
        assert_int_equal(spconv_state_convert(one_p, one_t, &to, q + 7 * k, qd + 6 * k, &from, com + 3 * k, iq + 4 * k),
                         SPCONV_OK);
        EXPECT_VEC_EQUAL(rq + 7 * k, one_p, 7);
        EXPECT_VEC_EQUAL(rqd + 6 * k, one_t, 6);
      }
    }
}

/* twist and wrench batches on engine arrays: for every ordered pair of
   presets (the pose stored under the source preset), with tiles and a
   tail. Twists: spconv_state_convert's twist, bit for bit. Wrenches:
   spconv_wrench_convert for the body spconv_body_from_pose makes, to
   rounding; the power f.v + tau.w of each wrench on its body's twist is the
   same under both conventions (pi/180 for degree presets); the tail body
   equals the same body in a tile bit for bit. In place too. */
static void test_twist_wrench_convert_n_all_preset_pairs(void **state) {
  enum { N = 2 * 16 + 3 };
  spconv_real q[7 * N], x[6 * N], g[6 * N], com[3 * N], iq[4 * N];
  spconv_real rx[6 * N], rg[6 * N], one_p[7], one_t[6], one_g[6], y[6 * N];
  int i, j, k;
  (void)state;
  test_seed(0x5eed0607);
  for (i = 0; i < SPCONV_PRESET_COUNT; ++i)
    for (j = 0; j < SPCONV_PRESET_COUNT; ++j) {
      const spconv_state_convention from = state_of(TEST_PRESET(i)), to = state_of(TEST_PRESET(j));
      rand_batch(q, 7, x, 6, com, iq, N, &from);
      test_rand_vec(g, 6 * N, 1.5);
      memcpy(q + 7 * (N - 1), q, 7 * sizeof q[0]); /* the tail's last body = body 0 */
      memcpy(x + 6 * (N - 1), x, 6 * sizeof x[0]);
      memcpy(g + 6 * (N - 1), g, 6 * sizeof g[0]);
      memcpy(com + 3 * (N - 1), com, 3 * sizeof com[0]);
      memcpy(iq + 4 * (N - 1), iq, 4 * sizeof iq[0]);
      assert_int_equal(spconv_twist_convert_n(rx, 6, &to.twist, x, 6, &from.twist, q, 7, &from.pose, com, iq, N),
                       SPCONV_OK);
      assert_int_equal(spconv_wrench_convert_n(rg, 6, &to.twist, g, 6, &from.twist, q, 7, &from.pose, com, iq, N),
                       SPCONV_OK);
      for (k = 0; k < N; ++k) {
        spconv_body b;
        assert_int_equal(spconv_state_convert(one_p, one_t, &to, q + 7 * k, x + 6 * k, &from, com + 3 * k, iq + 4 * k),
                         SPCONV_OK);
        EXPECT_VEC_EQUAL(rx + 6 * k, one_t, 6);
        assert_int_equal(spconv_body_from_pose(&b, q + 7 * k, &from.pose, com + 3 * k, iq + 4 * k), SPCONV_OK);
        assert_int_equal(spconv_wrench_convert(one_g, &to.twist, g + 6 * k, &from.twist, &b), SPCONV_OK);
        EXPECT_VEC_NEAR(rg + 6 * k, one_g, 6, TEST_TOL);
        EXPECT_NEAR(stored_power(&to.twist, rg + 6 * k, rx + 6 * k),
                    stored_power(&from.twist, g + 6 * k, x + 6 * k), TEST_TOL,
                    fmax(test_power_scale(g + 6 * k, x + 6 * k), test_power_scale(rg + 6 * k, rx + 6 * k)));
      }
      EXPECT_VEC_EQUAL(rx + 6 * (N - 1), rx, 6);
      EXPECT_VEC_EQUAL(rg + 6 * (N - 1), rg, 6);
      memcpy(y, x, sizeof y); /* in place */
      assert_int_equal(spconv_twist_convert_n(y, 6, &to.twist, y, 6, &from.twist, q, 7, &from.pose, com, iq, N),
                       SPCONV_OK);
      EXPECT_VEC_EQUAL(y, rx, 6 * N);
      memcpy(y, g, sizeof y);
      assert_int_equal(spconv_wrench_convert_n(y, 6, &to.twist, y, 6, &from.twist, q, 7, &from.pose, com, iq, N),
                       SPCONV_OK);
      EXPECT_VEC_EQUAL(y, rg, 6 * N);
    }
}

/* twist and wrench batches: Isaac Lab rows of 13 (pose = row, twist =
   row + 7) with strides 13; an iquat NULL batch equals an identity one for
   an inertial-frame pose; bad conventions, strides and NULL give
   SPCONV_EINVAL with nothing written; n == 0 accepts NULL arrays */
static void test_twist_wrench_convert_n_strides_status(void **state) {
  enum { N = 11 };
  const spconv_state_convention il = state_of(SPCONV_PRESET_ISAACLAB), mj = state_of(SPCONV_PRESET_MUJOCO_FREE);
  spconv_convention bad = mj.twist;
  spconv_pose_convention bad_pose = il.pose;
  spconv_real s[13 * N], com[3 * N], iq[4 * N], id4[4 * N], r1[6 * N], r2[6 * N], r0[6 * N];
  int k, w;
  (void)state;
  test_seed(0x5eed0608);
  rand_batch(s, 13, s + 7, 13, com, iq, N, &il);
  for (k = 0; k < N; ++k) {
    id4[4 * k] = 1;
    id4[4 * k + 1] = id4[4 * k + 2] = id4[4 * k + 3] = 0;
  }
  bad.point = TEST_POINT(7);
  bad_pose.frame = (spconv_pose_frame)0;
  for (w = 0; w < 2; ++w) {
    int (*fn)(spconv_real *, size_t, const spconv_convention *, const spconv_real *, size_t,
              const spconv_convention *, const spconv_real *, size_t, const spconv_pose_convention *,
              const spconv_real *, const spconv_real *, size_t) =
        w ? spconv_wrench_convert_n : spconv_twist_convert_n;
    assert_int_equal(fn(r1, 6, &mj.twist, s + 7, 13, &il.twist, s, 13, &il.pose, com, NULL, N), SPCONV_OK);
    assert_int_equal(fn(r2, 6, &mj.twist, s + 7, 13, &il.twist, s, 13, &il.pose, com, id4, N), SPCONV_OK);
    EXPECT_VEC_EQUAL(r1, r2, 6 * N);
    for (k = 0; k < 6 * N; ++k) r0[k] = r1[k] = (spconv_real)(-7.25);
    assert_int_equal(fn(r1, 6, &bad, s + 7, 13, &il.twist, s, 13, &il.pose, com, iq, N), SPCONV_EINVAL);
    assert_int_equal(fn(r1, 6, &mj.twist, s + 7, 13, &bad, s, 13, &il.pose, com, iq, N), SPCONV_EINVAL);
    assert_int_equal(fn(r1, 6, &mj.twist, s + 7, 13, &il.twist, s, 13, &bad_pose, com, iq, N), SPCONV_EINVAL);
    assert_int_equal(fn(r1, 6, &mj.twist, s + 7, 13, &il.twist, s, 13, NULL, com, iq, N), SPCONV_EINVAL);
    assert_int_equal(fn(r1, 6, NULL, s + 7, 13, &il.twist, s, 13, &il.pose, com, iq, N), SPCONV_EINVAL);
    assert_int_equal(fn(r1, 5, &mj.twist, s + 7, 13, &il.twist, s, 13, &il.pose, com, iq, N), SPCONV_EINVAL);
    assert_int_equal(fn(r1, 6, &mj.twist, s + 7, 5, &il.twist, s, 13, &il.pose, com, iq, N), SPCONV_EINVAL);
    assert_int_equal(fn(r1, 6, &mj.twist, s + 7, 13, &il.twist, s, 6, &il.pose, com, iq, N), SPCONV_EINVAL);
    assert_int_equal(fn(r1, 6, &mj.twist, s + 7, 13, &il.twist, s, 13, &il.pose, NULL, iq, N), SPCONV_EINVAL);
    assert_int_equal(fn(r1, 6, &mj.twist, NULL, 13, &il.twist, s, 13, &il.pose, com, iq, N), SPCONV_EINVAL);
    assert_int_equal(fn(NULL, 6, &mj.twist, s + 7, 13, &il.twist, s, 13, &il.pose, com, iq, N), SPCONV_EINVAL);
    assert_int_equal(fn(r1, 6, &mj.twist, s + 7, 13, &il.twist, NULL, 13, &il.pose, com, iq, N), SPCONV_EINVAL);
    assert_int_equal(fn(NULL, 6, &mj.twist, NULL, 6, &il.twist, NULL, 7, &il.pose, NULL, NULL, 0), SPCONV_OK);
    EXPECT_VEC_EQUAL(r1, r0, 6 * N);
  }
}

/* the batches' tiles equal the single calls in the bits, signed zeros
   included: bodies at rest (w = 0) and 6-vectors with -0 and +0 parts, for
   every ordered pair of presets (whole states and twists against
   spconv_state_convert, wrenches against the one-body batch) */
static void test_batches_signed_zeros(void **state) {
  enum { N = 2 * 16 + 3 };
  const spconv_real parts[4] = {(spconv_real)-0.0, 0, (spconv_real)1.5, (spconv_real)-2.25};
  spconv_real q[7 * N], x[6 * N], com[3 * N], iq[4 * N], rq[7 * N], rx[6 * N], rt[6 * N], rg[6 * N];
  spconv_real one_p[7], one_t[6], one_g[6];
  int i, j, k, c;
  (void)state;
  test_seed(0x5eed060a);
  for (i = 0; i < SPCONV_PRESET_COUNT; ++i)
    for (j = 0; j < SPCONV_PRESET_COUNT; ++j) {
      const spconv_state_convention from = state_of(TEST_PRESET(i)), to = state_of(TEST_PRESET(j));
      rand_batch(q, 7, x, 6, com, iq, N, &from);
      for (k = 0; k < N; ++k)
        for (c = 0; c < 6; ++c) /* half the bodies with a zero angular (or linear) part */
          x[6 * k + c] = (k % 2 && c >= 3) || (k % 4 == 2 && c < 3) ? parts[(k + c) % 2]
                                                                    : parts[(3 * k + c) % 4];
      assert_int_equal(spconv_state_convert_n(rq, 7, rx, 6, &to, q, 7, x, 6, &from, com, iq, N), SPCONV_OK);
      assert_int_equal(spconv_twist_convert_n(rt, 6, &to.twist, x, 6, &from.twist, q, 7, &from.pose, com, iq, N),
                       SPCONV_OK);
      assert_int_equal(spconv_wrench_convert_n(rg, 6, &to.twist, x, 6, &from.twist, q, 7, &from.pose, com, iq, N),
                       SPCONV_OK);
      for (k = 0; k < N; ++k) {
        assert_int_equal(spconv_state_convert(one_p, one_t, &to, q + 7 * k, x + 6 * k, &from, com + 3 * k, iq + 4 * k),
                         SPCONV_OK);
        assert_int_equal(spconv_wrench_convert_n(one_g, 6, &to.twist, x + 6 * k, 6, &from.twist, q + 7 * k, 7,
                                                 &from.pose, com + 3 * k, iq + 4 * k, 1),
                         SPCONV_OK);
        assert_memory_equal(rq + 7 * k, one_p, sizeof one_p);
        assert_memory_equal(rx + 6 * k, one_t, sizeof one_t);
        assert_memory_equal(rt + 6 * k, one_t, sizeof one_t);
        assert_memory_equal(rg + 6 * k, one_g, sizeof one_g);
      }
    }
}

/* docs/engines.md's example: Isaac Lab 3.x forces and torques in link axes
   at the COM -> MuJoCo xfrc_applied, the poses from root_com_state_w rows:
   f and tau rotated by the body's R (spconv_body_from_pose), no offset */
static void test_wrench_convert_n_isaaclab_link_axes_to_xfrc(void **state) {
  enum { N = 21 };
  const spconv_state_convention il = state_of(SPCONV_PRESET_ISAACLAB3), xf = state_of(SPCONV_PRESET_MUJOCO_XFRC);
  spconv_convention link_axes = il.twist;
  spconv_real rows[13 * N], ipos[3 * N], iquat[4 * N], ft[6 * N], xfrc[6 * N], R[9], want[6];
  int k;
  (void)state;
  test_seed(0x5eed0609);
  rand_batch(rows, 13, rows + 7, 13, ipos, iquat, N, &il);
  test_rand_vec(ft, 6 * N, 5.0);
  link_axes.linear_frame = link_axes.angular_frame = SPCONV_FRAME_BODY;
  assert_int_equal(spconv_wrench_convert_n(xfrc, 6, &xf.twist, ft, 6, &link_axes, rows, 13, &il.pose, ipos, iquat, N),
                   SPCONV_OK);
  for (k = 0; k < N; ++k) {
    spconv_body b;
    assert_int_equal(spconv_body_from_pose(&b, rows + 13 * k, &il.pose, ipos + 3 * k, iquat + 4 * k), SPCONV_OK);
    test_mat_of_quat(R, b.quat_wxyz);
    test_mat_vec(want, R, ft + 6 * k);
    test_mat_vec(want + 3, R, ft + 6 * k + 3);
    EXPECT_VEC_NEAR(xfrc + 6 * k, want, 6, TEST_TOL);
  }
}

/* ============================================================== aliasing */

/* res equal to each input, for every function, on random cases of every
   preset (seed 0x5eed0606) */
typedef struct alias_case {
  spconv_state_convention from, to;
  spconv_body b;
  spconv_real pose[7], twist[6], com[3], iquat[4], F[3], T[3], P[3], wrench[6];
  spconv_frame frame;
} alias_case;

typedef void (*alias_check)(const alias_case *a);

static void for_all_alias_cases(alias_check check) {
  int i, n;
  test_seed(0x5eed0606);
  for (i = 0; i < SPCONV_PRESET_COUNT; ++i)
    for (n = 0; n < 40; ++n) {
      alias_case a;
      a.from = state_of(TEST_PRESET(i));
      a.to = state_of(TEST_PRESET(test_next_u64() % SPCONV_PRESET_COUNT));
      rand_body(&a.b);
      rand_pose(a.pose, &a.from.pose);
      test_rand_vec(a.twist, 6, 3.0);
      test_rand_vec(a.com, 3, 1.0);
      test_rand_quat(a.iquat);
      test_rand_vec(a.F, 3, 3.0);
      test_rand_vec(a.T, 3, 3.0);
      test_rand_vec(a.P, 3, 3.0);
      test_rand_vec(a.wrench, 6, 3.0);
      a.frame = n % 2 ? SPCONV_FRAME_BODY : SPCONV_FRAME_WORLD;
      check(&a);
    }
}

/* which = 0 .. 3: a copy of the case's pose, twist, com or iquat in buf
   (the rest zero), the input that the result will alias */
static void alias_input(spconv_real buf[7], const alias_case *a, int which) {
  const spconv_real *in = which == 0 ? a->pose : which == 1 ? a->twist : which == 2 ? a->com : a->iquat;
  const int n = which == 0 ? 7 : which == 1 ? 6 : which == 2 ? 3 : 4;
  int i;
  for (i = 0; i < 7; ++i) buf[i] = i < n ? in[i] : 0;
}

static void check_pose_aliasing(const alias_case *a) {
  const spconv_pose_convention *to = &a->to.pose, *from = &a->from.pose;
  spconv_real ref[7], buf[7];
  int which;
  assert_int_equal(spconv_pose_convert(ref, to, a->pose, from, a->com, a->iquat), SPCONV_OK);
  for (which = 0; which < 4; ++which) { /* res = pose, twist (not an input), com, iquat */
    if (which == 1) continue;
    alias_input(buf, a, which);
    assert_int_equal(spconv_pose_convert(buf, to, which == 0 ? buf : a->pose, from,
                                         which == 2 ? buf : a->com, which == 3 ? buf : a->iquat),
                     SPCONV_OK);
    EXPECT_VEC_EQUAL(buf, ref, 7);
  }
  { /* body_from_pose with com and iquat taken from the body it writes */
    spconv_body bref, b = a->b;
    assert_int_equal(spconv_body_from_pose(&bref, a->pose, from, a->b.com, a->b.iquat_wxyz), SPCONV_OK);
    assert_int_equal(spconv_body_from_pose(&b, a->pose, from, b.com, b.iquat_wxyz), SPCONV_OK);
    assert_memory_equal(&b, &bref, sizeof b);
  }
}

TEST_RUN(test_pose_convert_body_from_pose_aliasing, for_all_alias_cases(check_pose_aliasing))

/* state_convert: res_pose or res_twist equal to each input (the other
   result elsewhere, checked too) */
static void check_state_aliasing(const alias_case *a) {
  const spconv_state_convention *to = &a->to, *from = &a->from;
  spconv_real rp[7], rt[6], buf[7], other[7];
  int which, out;
  assert_int_equal(spconv_state_convert(rp, rt, to, a->pose, a->twist, from, a->com, a->iquat),
                   SPCONV_OK);
  for (which = 0; which < 4; ++which)  /* pose, twist, com, iquat */
    for (out = 0; out < 2; ++out) {     /* aliased by res_pose, res_twist */
      const spconv_real *pose = which == 0 ? buf : a->pose, *twist = which == 1 ? buf : a->twist;
      const spconv_real *com = which == 2 ? buf : a->com, *iq = which == 3 ? buf : a->iquat;
      alias_input(buf, a, which);
      memset(other, 0, sizeof other);
      assert_int_equal(out == 0 ? spconv_state_convert(buf, other, to, pose, twist, from, com, iq)
                                : spconv_state_convert(other, buf, to, pose, twist, from, com, iq),
                       SPCONV_OK);
      EXPECT_VEC_EQUAL(buf, out == 0 ? rp : rt, out == 0 ? 7 : 6);
      EXPECT_VEC_EQUAL(other, out == 0 ? rt : rp, out == 0 ? 6 : 7);
    }
}

TEST_RUN(test_state_convert_aliasing, for_all_alias_cases(check_state_aliasing))

static void check_force_aliasing(const alias_case *a) {
  const spconv_convention *c = &a->to.twist;
  const spconv_frame fr = a->frame;
  EXPECT_ALIAS_STATUS(6, a->F, 3, spconv_wrench_from_force_at_point(ref_, c, a->F, a->T, a->P, fr, &a->b),
                      spconv_wrench_from_force_at_point(buf_, c, buf_, a->T, a->P, fr, &a->b));
  EXPECT_ALIAS_STATUS(6, a->T, 3, spconv_wrench_from_force_at_point(ref_, c, a->F, a->T, a->P, fr, &a->b),
                      spconv_wrench_from_force_at_point(buf_, c, a->F, buf_, a->P, fr, &a->b));
  EXPECT_ALIAS_STATUS(6, a->P, 3, spconv_wrench_from_force_at_point(ref_, c, a->F, a->T, a->P, fr, &a->b),
                      spconv_wrench_from_force_at_point(buf_, c, a->F, a->T, buf_, fr, &a->b));
  { /* res_force / res_torque equal to the wrench or the point */
    spconv_real o_[3], oref_[3];
    EXPECT_ALIAS_STATUS(3, a->wrench, 6,
                        spconv_force_at_point_from_wrench(ref_, oref_, a->wrench, c, a->P, fr, &a->b),
                        spconv_force_at_point_from_wrench(buf_, o_, buf_, c, a->P, fr, &a->b));
    EXPECT_VEC_EQUAL(o_, oref_, 3);
    EXPECT_ALIAS_STATUS(3, a->wrench, 6,
                        spconv_force_at_point_from_wrench(oref_, ref_, a->wrench, c, a->P, fr, &a->b),
                        spconv_force_at_point_from_wrench(o_, buf_, buf_, c, a->P, fr, &a->b));
    EXPECT_VEC_EQUAL(o_, oref_, 3);
    EXPECT_ALIAS_STATUS(3, a->P, 3,
                        spconv_force_at_point_from_wrench(ref_, oref_, a->wrench, c, a->P, fr, &a->b),
                        spconv_force_at_point_from_wrench(buf_, o_, a->wrench, c, buf_, fr, &a->b));
    EXPECT_VEC_EQUAL(o_, oref_, 3);
    EXPECT_ALIAS_STATUS(3, a->P, 3,
                        spconv_force_at_point_from_wrench(oref_, ref_, a->wrench, c, a->P, fr, &a->b),
                        spconv_force_at_point_from_wrench(o_, buf_, a->wrench, c, buf_, fr, &a->b));
    EXPECT_VEC_EQUAL(o_, oref_, 3);
  }
}

TEST_RUN(test_wrench_from_force_at_point_force_at_point_from_wrench_aliasing,
         for_all_alias_cases(check_force_aliasing))

/* ============================================================ status codes */

/* The invalid value k of a convention field: k = 0: -1, k = 1: one past
   the last (`last` the field's largest valid value; a pose's point: 2 =
   WORLD is not a pose), k = 2: a large value, k = 3: 0 (below the first
   value of the fields that start at 1: a pose's quat_order and frame). */
/* bad value k of a field whose values are first .. last: one before, one
   past, far past, 0 (the 0.x value of the first) */
static int bad_value(int k, int first, int last) {
  return k == 0 ? first - 1 : k == 1 ? last + 1 : k == 2 ? last + 1000 : 0;
}

/* a valid pose convention with field `field` (0 .. 3, declaration order) invalid
   (assigned field by field: an enum field may be narrower than int) */
static spconv_pose_convention bad_pose_conv(int field, int k) {
  spconv_pose_convention bad = pose_conv(SPCONV_POSE_LAYOUT_POS_QUAT, SPCONV_ROT_QUAT_WXYZ,
                                         SPCONV_POINT_ORIGIN, SPCONV_POSE_FRAME_BODY);
  switch (field) {
    case 0:
      bad.layout = (spconv_pose_layout)bad_value(k, SPCONV_POSE_LAYOUT_POS_QUAT,
                                                 SPCONV_POSE_LAYOUT_QUAT_POS);
      break;
    case 1: /* only the two quaternion formats */
      bad.quat_order = (spconv_rot_format)bad_value(k, SPCONV_ROT_QUAT_WXYZ, SPCONV_ROT_QUAT_XYZW);
      break;
    case 2: /* COM and ORIGIN: WORLD is not a pose point */
      bad.point = (spconv_point)bad_value(k, SPCONV_POINT_COM, SPCONV_POINT_ORIGIN);
      break;
    default:
      bad.frame = (spconv_pose_frame)bad_value(k, SPCONV_POSE_FRAME_BODY,
                                               SPCONV_POSE_FRAME_INERTIAL);
      break;
  }
  return bad;
}

/* a NEWTON twist descriptor with field `field` (0 .. 5, declaration order) invalid */
static spconv_convention bad_twist_conv(int field, int k) {
  spconv_convention bad = spconv_convention_from_preset(SPCONV_PRESET_NEWTON);
  switch (field) {
    case 0:
      bad.order = (spconv_order)bad_value(k, SPCONV_ORDER_LINEAR_FIRST, SPCONV_ORDER_ANGULAR_FIRST);
      break;
    case 1: bad.point = (spconv_point)bad_value(k, SPCONV_POINT_COM, SPCONV_POINT_WORLD); break;
    case 2:
      bad.linear_frame = (spconv_frame)bad_value(k, SPCONV_FRAME_WORLD, SPCONV_FRAME_BODY);
      break;
    case 3:
      bad.angular_frame = (spconv_frame)bad_value(k, SPCONV_FRAME_WORLD, SPCONV_FRAME_BODY);
      break;
    case 4:
      bad.angle_unit =
          (spconv_angle_unit)bad_value(k, SPCONV_ANGLE_RADIANS, SPCONV_ANGLE_DEGREES);
      break;
    default:
      bad.accel = (spconv_accel_kind)bad_value(k, SPCONV_ACCEL_CLASSICAL, SPCONV_ACCEL_SPATIAL);
      break;
  }
  return bad;
}

#define SENT ((spconv_real)(-7.25))
static void fill_sent(spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i) v[i] = SENT;
}
static void expect_untouched_impl(const spconv_real *v, int n, const char *file, int line) {
  int i;
  for (i = 0; i < n; ++i)
    if (!(v[i] == SENT)) {
      print_error("%s:%d: output [%d] written on error: %g\n", file, line, i, (double)v[i]);
      _fail(file, line);
    }
}
#define EXPECT_UNTOUCHED(v, n) expect_untouched_impl((v), (n), __FILE__, __LINE__)

static void test_pose_functions_bad_input(void **state) {
  const spconv_pose_convention good =
      pose_conv(SPCONV_POSE_LAYOUT_POS_QUAT, SPCONV_ROT_QUAT_WXYZ, SPCONV_POINT_ORIGIN,
                SPCONV_POSE_FRAME_BODY);
  const spconv_real pose[7] = {1, 2, 3, 1, 0, 0, 0}, com[3] = {(spconv_real)0.1, 0, 0};
  const spconv_real iq[4] = {1, 0, 0, 0};
  spconv_body body = {{1, 2, 3}, {1, 0, 0, 0}, {0, 0, 0}, {1, 0, 0, 0}}, b, bkeep;
  spconv_real res[7];
  int field, k;
  (void)state;
  memset(&b, 0x5a, sizeof b);
  bkeep = b;
  fill_sent(res, 7);
  for (field = 0; field < 4; ++field)
    for (k = 0; k < 4; ++k) {
      const spconv_pose_convention bad = bad_pose_conv(field, k);
      assert_int_equal(spconv_body_from_pose(&b, pose, &bad, com, iq), SPCONV_EINVAL);
      assert_int_equal(spconv_pose_from_body(res, &bad, &body), SPCONV_EINVAL);
      assert_int_equal(spconv_pose_convert(res, &bad, pose, &good, com, iq), SPCONV_EINVAL);
      assert_int_equal(spconv_pose_convert(res, &good, pose, &bad, com, iq), SPCONV_EINVAL);
    }
  /* NULL pointers (iquat NULL is the identity, not an error) */
  assert_int_equal(spconv_body_from_pose(NULL, pose, &good, com, iq), SPCONV_EINVAL);
  assert_int_equal(spconv_body_from_pose(&b, NULL, &good, com, iq), SPCONV_EINVAL);
  assert_int_equal(spconv_body_from_pose(&b, pose, NULL, com, iq), SPCONV_EINVAL);
  assert_int_equal(spconv_body_from_pose(&b, pose, &good, NULL, iq), SPCONV_EINVAL);
  assert_int_equal(spconv_pose_from_body(NULL, &good, &body), SPCONV_EINVAL);
  assert_int_equal(spconv_pose_from_body(res, NULL, &body), SPCONV_EINVAL);
  assert_int_equal(spconv_pose_from_body(res, &good, NULL), SPCONV_EINVAL);
  assert_int_equal(spconv_pose_convert(NULL, &good, pose, &good, com, iq), SPCONV_EINVAL);
  assert_int_equal(spconv_pose_convert(res, NULL, pose, &good, com, iq), SPCONV_EINVAL);
  assert_int_equal(spconv_pose_convert(res, &good, NULL, &good, com, iq), SPCONV_EINVAL);
  assert_int_equal(spconv_pose_convert(res, &good, pose, NULL, com, iq), SPCONV_EINVAL);
  assert_int_equal(spconv_pose_convert(res, &good, pose, &good, NULL, iq), SPCONV_EINVAL);
  EXPECT_UNTOUCHED(res, 7);
  assert_memory_equal(&b, &bkeep, sizeof b);
  assert_int_equal(spconv_body_from_pose(&b, pose, &good, com, NULL), SPCONV_OK);
  assert_int_equal(spconv_pose_convert(res, &good, pose, &good, com, NULL), SPCONV_OK);
}

static void test_state_convert_bad_input(void **state) {
  const spconv_state_convention good = state_of(SPCONV_PRESET_NEWTON);
  /* two bodies' worth of input, so that a stride not refused reads nothing outside */
  const spconv_real pose[14] = {1, 2, 3, 0, 0, 0, 1, 1, 2, 3, 0, 0, 0, 1};
  const spconv_real twist[12] = {1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6};
  const spconv_real com[6] = {(spconv_real)0.1, 0, 0, 0, 0, 0}, iq[8] = {1, 0, 0, 0, 1, 0, 0, 0};
  spconv_real rp[7 * 2], rt[6 * 2];
  int field, k;
  (void)state;
  fill_sent(rp, 14);
  fill_sent(rt, 12);
  for (k = 0; k < 3; ++k)
    for (field = 0; field < 4 + 6; ++field) { /* the pose's 4 fields, then the twist's 6 */
      spconv_state_convention bad = good;
      if (field < 4) bad.pose = bad_pose_conv(field, k);
      else bad.twist = bad_twist_conv(field - 4, k);
      assert_int_equal(spconv_state_convert(rp, rt, &bad, pose, twist, &good, com, iq), SPCONV_EINVAL);
      assert_int_equal(spconv_state_convert(rp, rt, &good, pose, twist, &bad, com, iq), SPCONV_EINVAL);
      assert_int_equal(spconv_state_convert_n(rp, 7, rt, 6, &bad, pose, 7, twist, 6, &good, com, iq, 1),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_state_convert_n(rp, 7, rt, 6, &good, pose, 7, twist, 6, &bad, com, iq, 1),
                       SPCONV_EINVAL);
    }
  /* NULL pointers (iquat NULL is the identity) */
  assert_int_equal(spconv_state_convert(NULL, rt, &good, pose, twist, &good, com, iq), SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert(rp, NULL, &good, pose, twist, &good, com, iq), SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert(rp, rt, NULL, pose, twist, &good, com, iq), SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert(rp, rt, &good, NULL, twist, &good, com, iq), SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert(rp, rt, &good, pose, NULL, &good, com, iq), SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert(rp, rt, &good, pose, twist, NULL, com, iq), SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert(rp, rt, &good, pose, twist, &good, NULL, iq), SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert_n(NULL, 7, rt, 6, &good, pose, 7, twist, 6, &good, com, iq, 1), SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert_n(rp, 7, NULL, 6, &good, pose, 7, twist, 6, &good, com, iq, 1), SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert_n(rp, 7, rt, 6, NULL, pose, 7, twist, 6, &good, com, iq, 1), SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert_n(rp, 7, rt, 6, &good, NULL, 7, twist, 6, &good, com, iq, 1), SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert_n(rp, 7, rt, 6, &good, pose, 7, NULL, 6, &good, com, iq, 1), SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert_n(rp, 7, rt, 6, &good, pose, 7, twist, 6, NULL, com, iq, 1), SPCONV_EINVAL);
  assert_int_equal(spconv_state_convert_n(rp, 7, rt, 6, &good, pose, 7, twist, 6, &good, NULL, iq, 1), SPCONV_EINVAL);
  /* strides below a pose (7) or a twist (6), n = 2 and n = 0 */
  for (k = 0; k < 2; ++k) {
    const size_t n = k ? 2 : 0;
    assert_int_equal(spconv_state_convert_n(rp, 6, rt, 6, &good, pose, 7, twist, 6, &good, com, iq, n), SPCONV_EINVAL);
    assert_int_equal(spconv_state_convert_n(rp, 7, rt, 5, &good, pose, 7, twist, 6, &good, com, iq, n), SPCONV_EINVAL);
    assert_int_equal(spconv_state_convert_n(rp, 7, rt, 6, &good, pose, 6, twist, 6, &good, com, iq, n), SPCONV_EINVAL);
    assert_int_equal(spconv_state_convert_n(rp, 7, rt, 6, &good, pose, 7, twist, 5, &good, com, iq, n), SPCONV_EINVAL);
    assert_int_equal(spconv_state_convert_n(rp, 0, rt, 0, &good, pose, 0, twist, 0, &good, com, iq, n), SPCONV_EINVAL);
  }
  EXPECT_UNTOUCHED(rp, 14);
  EXPECT_UNTOUCHED(rt, 12);
}

static void test_force_at_point_bad_input(void **state) {
  const spconv_convention *good = newton();
  const spconv_body body = {{1, 2, 3}, {1, 0, 0, 0}, {(spconv_real)0.1, 0, 0}, {1, 0, 0, 0}};
  const spconv_real F[3] = {1, 2, 3}, T[3] = {4, 5, 6}, P[3] = {0, 1, 0}, g[6] = {1, 2, 3, 4, 5, 6};
  const int bad_frames[5] = {SPCONV_FRAME_WORLD - 1, SPCONV_FRAME_BODY + 1, 0, 1,
                            SPCONV_POSE_FRAME_BODY};
  spconv_real res[6], rf[3], rt[3];
  int field, k;
  (void)state;
  fill_sent(res, 6);
  fill_sent(rf, 3);
  fill_sent(rt, 3);
  for (field = 0; field < 6; ++field)
    for (k = 0; k < 3; ++k) {
      const spconv_convention bad = bad_twist_conv(field, k);
      assert_int_equal(spconv_wrench_from_force_at_point(res, &bad, F, T, P, SPCONV_FRAME_WORLD, &body),
                       SPCONV_EINVAL);
      assert_int_equal(spconv_force_at_point_from_wrench(rf, rt, g, &bad, P, SPCONV_FRAME_BODY, &body),
                       SPCONV_EINVAL);
    }
  for (k = 0; k < 5; ++k) {
    const spconv_frame fr = (spconv_frame)bad_frames[k];
    assert_int_equal(spconv_wrench_from_force_at_point(res, good, F, T, P, fr, &body), SPCONV_EINVAL);
    assert_int_equal(spconv_wrench_from_force_at_point(res, good, F, NULL, NULL, fr, &body), SPCONV_EINVAL);
    assert_int_equal(spconv_force_at_point_from_wrench(rf, rt, g, good, P, fr, &body), SPCONV_EINVAL);
    assert_int_equal(spconv_force_at_point_from_wrench(rf, rt, g, good, NULL, fr, &body), SPCONV_EINVAL);
  }
  assert_int_equal(spconv_wrench_from_force_at_point(NULL, good, F, T, P, SPCONV_FRAME_WORLD, &body), SPCONV_EINVAL);
  assert_int_equal(spconv_wrench_from_force_at_point(res, NULL, F, T, P, SPCONV_FRAME_WORLD, &body), SPCONV_EINVAL);
  assert_int_equal(spconv_wrench_from_force_at_point(res, good, NULL, T, P, SPCONV_FRAME_WORLD, &body), SPCONV_EINVAL);
  assert_int_equal(spconv_wrench_from_force_at_point(res, good, F, T, P, SPCONV_FRAME_WORLD, NULL), SPCONV_EINVAL);
  assert_int_equal(spconv_force_at_point_from_wrench(NULL, rt, g, good, P, SPCONV_FRAME_WORLD, &body), SPCONV_EINVAL);
  assert_int_equal(spconv_force_at_point_from_wrench(rf, NULL, g, good, P, SPCONV_FRAME_WORLD, &body), SPCONV_EINVAL);
  assert_int_equal(spconv_force_at_point_from_wrench(rf, rt, NULL, good, P, SPCONV_FRAME_WORLD, &body), SPCONV_EINVAL);
  assert_int_equal(spconv_force_at_point_from_wrench(rf, rt, g, NULL, P, SPCONV_FRAME_WORLD, &body), SPCONV_EINVAL);
  assert_int_equal(spconv_force_at_point_from_wrench(rf, rt, g, good, P, SPCONV_FRAME_WORLD, NULL), SPCONV_EINVAL);
  EXPECT_UNTOUCHED(res, 6);
  EXPECT_UNTOUCHED(rf, 3);
  EXPECT_UNTOUCHED(rt, 3);
}

/* The zero quaternion is the identity: a zero pose quaternion, a zero body
   quaternion, a zero iquat (== NULL, bit for bit) */
static void test_pose_functions_zero_quaternion(void **state) {
  const spconv_real com[3] = {1, 2, 0}, zq[4] = {0, 0, 0, 0}, idq[4] = {1, 0, 0, 0};
  const spconv_real h = (spconv_real)H, iq[4] = {h, h, 0, 0}, iq_conj[4] = {h, -h, 0, 0};
  int k;
  (void)state;
  for (k = 0; k < 16; ++k) {
    const spconv_pose_convention c = pose_desc(k);
    const int qoff = c.layout == SPCONV_POSE_LAYOUT_POS_QUAT ? 3 : 0;
    spconv_real pose[7] = {0, 0, 0, 0, 0, 0, 0}, res[7], res2[7], p_want[3] = {1, 2, 3};
    spconv_body b;
    int i;
    for (i = 0; i < 3; ++i) pose[(qoff ? 0 : 4) + i] = p_want[i];
    /* zero pose quaternion: the stored frame is the identity; the body frame is
       the identity (BODY) or conj(iquat) (INERTIAL) */
    assert_int_equal(spconv_body_from_pose(&b, pose, &c, com, iq), SPCONV_OK);
    EXPECT_VEC_NEAR(b.quat_wxyz, c.frame == SPCONV_POSE_FRAME_INERTIAL ? iq_conj : idq, 4, TEST_TOL);
    assert_int_equal(spconv_pose_convert(res, &c, pose, &c, com, iq), SPCONV_OK);
    {
      spconv_real q[4], want_q[4] = {1, 0, 0, 0};
      const spconv_real *qs = res + qoff;
      if (c.quat_order == SPCONV_ROT_QUAT_WXYZ) memcpy(q, qs, sizeof q);
      else {
        q[0] = qs[3];
        q[1] = qs[0];
        q[2] = qs[1];
        q[3] = qs[2];
      }
      EXPECT_VEC_NEAR(q, want_q, 4, TEST_TOL);
    }
    /* zero iquat == NULL iquat, bit for bit */
    pose[qoff] = (spconv_real)0.3;
    pose[qoff + 1] = (spconv_real)-0.4;
    assert_int_equal(spconv_pose_convert(res, &c, pose, &c, com, zq), SPCONV_OK);
    assert_int_equal(spconv_pose_convert(res2, &c, pose, &c, com, NULL), SPCONV_OK);
    EXPECT_VEC_EQUAL(res, res2, 7);
    {
      spconv_body bz = {{1, 2, 3}, {0, 0, 0, 0}, {1, 2, 0}, {0, 0, 0, 0}};
      spconv_real want[7];
      /* a zero body quaternion and zero iquat: identity both; COM = O + com */
      assert_int_equal(spconv_pose_from_body(res, &c, &bz), SPCONV_OK);
      for (i = 0; i < 7; ++i) want[i] = 0;
      want[qoff + (c.quat_order == SPCONV_ROT_QUAT_WXYZ ? 0 : 3)] = 1;
      for (i = 0; i < 3; ++i)
        want[(qoff ? 0 : 4) + i] = c.point == SPCONV_POINT_COM ? p_want[i] + com[i] : p_want[i];
      EXPECT_VEC_NEAR(res, want, 7, TEST_TOL);
    }
  }
  { /* state_convert and force functions with a zero quaternion: identity */
    const spconv_state_convention mj = state_of(SPCONV_PRESET_MUJOCO_FREE), nt = state_of(SPCONV_PRESET_NEWTON);
    const spconv_real pose[7] = {1, 2, 3, 0, 0, 0, 0}, qvel[6] = {0, 0, 0, 0, 0, 1};
    const spconv_real want_p[7] = {1, 2, 3, 0, 0, 0, 1}, want_t[6] = {-2, 1, 0, 0, 0, 1};
    spconv_real rp[7], rt[6];
    const spconv_body bz = {{1, 2, 3}, {0, 0, 0, 0}, {1, 2, 0}, {0, 0, 0, 0}};
    const spconv_real F[3] = {0, 0, 1}, want_g[6] = {0, 0, 1, 0, 0, 0};
    spconv_real g[6];
    /* w = z, C - O = (1, 2, 0): v_C = z x (1, 2, 0) = (-2, 1, 0) */
    assert_int_equal(spconv_state_convert(rp, rt, &nt, pose, qvel, &mj, com, zq), SPCONV_OK);
    EXPECT_VEC_NEAR(rp, want_p, 7, TEST_TOL);
    EXPECT_VEC_NEAR(rt, want_t, 6, TEST_TOL);
    /* F = z at the COM (point NULL): no moment */
    assert_int_equal(spconv_wrench_from_force_at_point(g, newton(), F, NULL, NULL, SPCONV_FRAME_BODY, &bz),
                     SPCONV_OK);
    EXPECT_VEC_NEAR(g, want_g, 6, TEST_TOL);
  }
}

/* Any finite nonzero quaternion is a rotation for a function that returns
   a status (header, BAD INPUT: "functions returning a status take any
   finite nonzero q"; docs/robustness.md Q3): a pose quaternion, an inertial
   frame and a body quaternion scaled by s, alone or together, give the
   result of the unit ones, for every ordered pair of pose conventions and
   scales from near the smallest to near the largest normal number, the
   range [1e-150, 1e150] ([1e-18, 1e18] in float) of the pure maps included. */
static void test_pose_functions_any_finite_nonzero_quaternion(void **state) {
#ifdef SPCONV_USE_FLOAT
  static const double scales[] = {1e-37, 1e-25, 1e-15, 1e-9, 1e9, 1e15, 1e25, 1e37};
#else
  static const double scales[] = {1e-300, 1e-200, 1e-140, 1e-80, 1e80, 1e140, 1e200, 1e300};
#endif
  const int n_scales = (int)(sizeof scales / sizeof scales[0]);
  const spconv_state_convention nt = state_of(SPCONV_PRESET_NEWTON);
  int i, j, k, which;
  (void)state;
  test_seed(0x5eed0607);
  for (i = 0; i < 16; ++i)
    for (j = 0; j < 16; ++j)
      for (k = 0; k < n_scales; ++k)
        for (which = 0; which < 3; ++which) { /* scale q, iquat, or both */
          spconv_state_convention from = nt, to = nt;
          const int qoff = i / 8 ? 0 : 3;
          spconv_real pose[7], twist[6], com[3], iq[4], sp[7], siq[4];
          spconv_real want_p[7], want_t[6], got_p[7], got_t[6];
          spconv_body want_b, got_b, sb;
          int n;
          from.pose = pose_desc(i);
          to.pose = pose_desc(j);
          rand_pose(pose, &from.pose);
          test_rand_unit_quat(pose + qoff); /* |entries| <= 1: finite when scaled */
          test_rand_vec(twist, 6, 3.0);
          test_rand_vec(com, 3, 1.0);
          test_rand_unit_quat(iq);
          memcpy(sp, pose, sizeof sp);
          memcpy(siq, iq, sizeof siq);
          for (n = 0; n < 4; ++n) {
            if (which != 1) sp[qoff + n] = (spconv_real)((double)pose[qoff + n] * scales[k]);
            if (which != 0) siq[n] = (spconv_real)((double)iq[n] * scales[k]);
          }
          assert_int_equal(spconv_pose_convert(want_p, &to.pose, pose, &from.pose, com, iq), SPCONV_OK);
          assert_int_equal(spconv_pose_convert(got_p, &to.pose, sp, &from.pose, com, siq), SPCONV_OK);
          EXPECT_VEC_NEAR(got_p, want_p, 7, TEST_TOL);
          assert_int_equal(spconv_state_convert(want_p, want_t, &to, pose, twist, &from, com, iq), SPCONV_OK);
          assert_int_equal(spconv_state_convert(got_p, got_t, &to, sp, twist, &from, com, siq), SPCONV_OK);
          EXPECT_VEC_NEAR(got_p, want_p, 7, TEST_TOL);
          EXPECT_VEC_NEAR(got_t, want_t, 6, TEST_TOL);
          assert_int_equal(spconv_body_from_pose(&want_b, pose, &from.pose, com, iq), SPCONV_OK);
          assert_int_equal(spconv_body_from_pose(&got_b, sp, &from.pose, com, siq), SPCONV_OK);
          EXPECT_SAME_ROTATION(got_b.quat_wxyz, want_b.quat_wxyz);
          EXPECT_VEC_NEAR(got_b.pos, want_b.pos, 3, TEST_TOL);
          /* pose_from_body of a body whose quaternions are scaled */
          sb = want_b;
          for (n = 0; n < 4; ++n) {
            if (which != 1) sb.quat_wxyz[n] = (spconv_real)((double)want_b.quat_wxyz[n] * scales[k]);
            if (which != 0) sb.iquat_wxyz[n] = (spconv_real)((double)want_b.iquat_wxyz[n] * scales[k]);
          }
          assert_int_equal(spconv_pose_from_body(want_p, &to.pose, &want_b), SPCONV_OK);
          assert_int_equal(spconv_pose_from_body(got_p, &to.pose, &sb), SPCONV_OK);
          EXPECT_VEC_NEAR(got_p, want_p, 7, TEST_TOL);
        }
}

/* NaN propagates (data given to an int function, robustness rule G4):
   status OK, NaN in the results that depend on it */
static void test_state_convert_nan_propagates(void **state) {
  const spconv_state_convention mj = state_of(SPCONV_PRESET_MUJOCO_FREE), xf = state_of(SPCONV_PRESET_MUJOCO_XFRC);
  const spconv_real nan_ = (spconv_real)NAN;
  const spconv_body b = known_body();
  int k;
  (void)state;
  for (k = 0; k < 7 + 6 + 3 + 4; ++k) {
    spconv_real pose[7] = {1, 2, 3, 1, 0, 0, 0}, twist[6] = {1, 2, 3, 4, 5, 6};
    spconv_real com[3] = {(spconv_real)0.1, (spconv_real)0.2, (spconv_real)0.3};
    spconv_real iq[4] = {1, 0, 0, 0}, rp[7], rt[6];
    if (k < 7) pose[k] = nan_;
    else if (k < 13) twist[k - 7] = nan_;
    else if (k < 16) com[k - 13] = nan_;
    else iq[k - 16] = nan_;
    assert_int_equal(spconv_state_convert(rp, rt, &xf, pose, twist, &mj, com, iq), SPCONV_OK);
    if (k < 7 || k >= 16) assert_true(any_nan(rp, 7)); /* pose or inertial frame */
    if (k >= 7 && k < 13) assert_true(any_nan(rt, 6));
    if (k >= 13 && k < 16) assert_true(any_nan(rp, 3) && any_nan(rt, 3)); /* the COM moved */
  }
  for (k = 0; k < 9; ++k) {
    spconv_real F[3] = {1, 2, 3}, T[3] = {4, 5, 6}, P[3] = {0, 1, 0}, g[6];
    if (k < 3) F[k] = nan_;
    else if (k < 6) T[k - 3] = nan_;
    else P[k - 6] = nan_;
    assert_int_equal(spconv_wrench_from_force_at_point(g, &xf.twist, F, T, P, SPCONV_FRAME_WORLD, &b), SPCONV_OK);
    assert_true(any_nan(g + 3, 3)); /* the moment depends on all of them */
    assert_int_equal(spconv_force_at_point_from_wrench(F, T, g, &xf.twist, P, SPCONV_FRAME_WORLD, &b), SPCONV_OK);
    assert_true(any_nan(T, 3));
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pose_from_body_known_values),
      cmocka_unit_test(test_body_from_pose_known_values),
      cmocka_unit_test(test_pose_convert_known_values),
      cmocka_unit_test(test_state_convert_known_values),
      cmocka_unit_test(test_wrench_from_force_at_point_known_values),
      cmocka_unit_test(test_state_convention_from_preset_table),
      cmocka_unit_test(test_state_convert_round_trip_all_preset_pairs),
      cmocka_unit_test(test_state_convert_same_body_and_velocity_field),
      cmocka_unit_test(test_pose_convert_state_convert_match_parts),
      cmocka_unit_test(test_body_from_pose_pose_from_body_all_preset_pairs),
      cmocka_unit_test(test_wrench_from_force_at_point_power_every_preset),
      cmocka_unit_test(test_wrench_from_force_at_point_moment_field),
      cmocka_unit_test(test_force_at_point_from_wrench_round_trip_and_field),
      cmocka_unit_test(test_wrench_from_force_at_point_frames_and_defaults),
      cmocka_unit_test(test_state_convert_n_newton_strides),
      cmocka_unit_test(test_state_convert_n_isaaclab_root_state),
      cmocka_unit_test(test_state_convert_n_strides_padding_n0),
      cmocka_unit_test(test_state_convert_n_special_quaternions),
      cmocka_unit_test(test_twist_wrench_convert_n_all_preset_pairs),
      cmocka_unit_test(test_twist_wrench_convert_n_strides_status),
      cmocka_unit_test(test_wrench_convert_n_isaaclab_link_axes_to_xfrc),
      cmocka_unit_test(test_batches_signed_zeros),
      cmocka_unit_test(test_pose_convert_body_from_pose_aliasing),
      cmocka_unit_test(test_state_convert_aliasing),
      cmocka_unit_test(test_wrench_from_force_at_point_force_at_point_from_wrench_aliasing),
      cmocka_unit_test(test_pose_functions_bad_input),
      cmocka_unit_test(test_state_convert_bad_input),
      cmocka_unit_test(test_force_at_point_bad_input),
      cmocka_unit_test(test_pose_functions_zero_quaternion),
      cmocka_unit_test(test_state_convert_nan_propagates),
      cmocka_unit_test(test_pose_functions_any_finite_nonzero_quaternion),
  };
  int failed = cmocka_run_group_tests_name("spatial_conv states (" TEST_PRECISION ")", tests, NULL, NULL);
  test_print_summary("spatial_conv states");
  return failed;
}
