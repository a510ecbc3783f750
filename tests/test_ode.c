/* spatial_conv.h sections: body states and engine conventions (vs ODE 0.16,
   Debian's libode-dev, through its C API). An ODE body's position is its
   centre of mass and its axes are the body's (the ODE preset's pose: COM,
   body frame, [p; q_wxyz]), so the header's body here has a COM offset com
   from an origin O that ODE never sees: O is ODE's body-relative point
   -com. Each check reads ODE's own answer:
     dBodyGetRelPointPos(-com), dBodyGetRotation
                              spconv_pose_convert, spconv_body_from_pose,
                              spconv_pose_from_body (ODE <-> MUJOCO_FREE)
     dBodyGetRelPointVel(-com), dBodyGetPointVel(0), dBodyGetRelPointVel(X - com),
     dBodyVectorFromWorld     spconv_twist_convert, spconv_twist_shift,
                              spconv_state_convert (ODE <-> MUJOCO_FREE, ...)
     dBodyAddForceAtPos, dBodyAddForceAtRelPos, dBodyAddRelForceAtPos,
     dBodyAddRelForceAtRelPos, dBodyAddForce, dBodyAddRelForce, dBodyAddTorque,
     dBodyAddRelTorque, then dBodyGetForce / dBodyGetTorque
                              spconv_wrench_from_force_at_point (world and body
                              frames), spconv_force_at_point_from_wrench and
                              spconv_wrench_convert (re-applied to ODE)
   A random inertial frame iquat is passed everywhere: no ODE pose stores
   it, so no result may depend on it.
   Precision: Debian's ODE is built with dDOUBLE (ode/precision.h); a
   dSINGLE build is handled too. Inputs are rounded to spconv_real first and
   ODE gets the same numbers. Tolerance (relative to max(1, |expected|)):
   1e-12 when both sides are double (a few double ulps on values up to
   ~30), 1e-5 when either is float (a few float ulps, 2^-23 = 1.2e-7). */
#include <ode/ode.h>

#if defined(dSINGLE) || defined(SPCONV_USE_FLOAT)
#  define ENGINE_TOL 1e-5
#else
#  define ENGINE_TOL 1e-12
#endif
#include "test_engine_util.h"

#ifdef dSINGLE
#  define ODE_PRECISION "dSINGLE"
#else
#  define ODE_PRECISION "dDOUBLE"
#endif

#define ODE_CASES 200

static dReal D(spconv_real x) { return (dReal)x; }

/* [a; b] from two ODE 3-vectors (dVector3 has 4 slots) */
static void cat(double res[6], const dReal *a, const dReal *b) {
  int i;
  for (i = 0; i < 3; ++i) {
    res[i] = (double)a[i];
    res[3 + i] = (double)b[i];
  }
}

/* pose [p; q_wxyz] compared with position p and ODE's row-major 3x4
   rotation R (12 numbers: no quaternion sign ambiguity) */
static void check_pose(const char *what, const spconv_real pose[7], const dReal *p,
                       const dReal *R) {
  spconv_real got[12];
  double want[12];
  int i, j;
  engine_pose_rows(got, pose, SPCONV_ROT_QUAT_WXYZ);
  for (i = 0; i < 3; ++i) {
    want[i] = (double)p[i];
    for (j = 0; j < 3; ++j) want[3 + 3 * i + j] = (double)R[4 * i + j];
  }
  engine_check(what, got, want, 12);
}

/* put an ODE body at [p_C; q_wxyz] with velocities [v_C; w] */
static void set_body(dBodyID b, const spconv_real pose[7], const spconv_real twist[6]) {
  dQuaternion q;
  int i;
  for (i = 0; i < 4; ++i) q[i] = D(pose[3 + i]);
  dBodySetPosition(b, D(pose[0]), D(pose[1]), D(pose[2]));
  dBodySetQuaternion(b, q);
  dBodySetLinearVel(b, D(twist[0]), D(twist[1]), D(twist[2]));
  dBodySetAngularVel(b, D(twist[3]), D(twist[4]), D(twist[5]));
}

static void clear_forces(dBodyID b) {
  dBodySetForce(b, 0, 0, 0);
  dBodySetTorque(b, 0, 0, 0);
}

static void totals(double res[6], dBodyID b) { cat(res, dBodyGetForce(b), dBodyGetTorque(b)); }

typedef struct presets {
  spconv_state_convention ode, mujoco_free, isaaclab_link, ros_odom;
  spconv_convention pinocchio_world;
} presets;

/* poses: ODE's COM pose <-> the origin pose -com away */
static void check_poses(const presets *ps, dBodyID body, dBodyID other, const spconv_real pose[7],
                        const spconv_real com[3], const spconv_real iquat[4]) {
  spconv_real res[7], origin[7], zero[6] = {0, 0, 0, 0, 0, 0};
  spconv_body b;
  dVector3 O;
  int i;
  dBodyGetRelPointPos(body, -D(com[0]), -D(com[1]), -D(com[2]), O);
  engine_check_ok(spconv_pose_convert(res, &ps->mujoco_free.pose, pose, &ps->ode.pose, com, iquat),
                  "spconv_pose_convert");
  check_pose("spconv_pose_convert(ODE -> MUJOCO_FREE) vs dBodyGetRelPointPos(-com), rotation", res,
             O, dBodyGetRotation(body));
  engine_check_ok(spconv_body_from_pose(&b, pose, &ps->ode.pose, com, iquat),
                  "spconv_body_from_pose");
  engine_body_pose(res, &b);
  check_pose("spconv_body_from_pose(ODE) .pos / .quat_wxyz vs dBodyGetRelPointPos(-com)", res, O,
             dBodyGetRotation(body));
  engine_check_ok(spconv_pose_from_body(res, &ps->ode.pose, &b), "spconv_pose_from_body");
  check_pose("spconv_pose_from_body(ODE) vs dBodyGetPosition, dBodyGetRotation", res,
             dBodyGetPosition(body), dBodyGetRotation(body));

  /* the other way: a random origin pose, put into ODE as its COM pose */
  engine_random_vec(origin, 2.0);
  engine_random_quat(origin + 3);
  engine_check_ok(
      spconv_pose_convert(res, &ps->ode.pose, origin, &ps->mujoco_free.pose, com, iquat),
      "spconv_pose_convert");
  set_body(other, res, zero);
  dBodyGetRelPointPos(other, -D(com[0]), -D(com[1]), -D(com[2]), O);
  {
    double want[3];
    for (i = 0; i < 3; ++i) want[i] = (double)O[i];
    engine_check("spconv_pose_convert(MUJOCO_FREE -> ODE), dBodyGetRelPointPos(-com) vs the origin",
                 origin, want, 3);
  }
}

/* velocities of body points */
static void check_velocities(const presets *ps, dBodyID body, dBodyID other,
                             const spconv_real pose[7], const spconv_real twist[6],
                             const spconv_real com[3], const spconv_real iquat[4]) {
  spconv_real res[6], res_pose[7], X[3], rx[3];
  spconv_body b;
  dVector3 vO, v0, vX, O, w_b, vO_b, RX;
  const dReal *w = dBodyGetAngularVel(body);
  double want[6];
  int i;
  engine_check_ok(spconv_body_from_pose(&b, pose, &ps->ode.pose, com, iquat),
                  "spconv_body_from_pose");
  dBodyGetRelPointVel(body, -D(com[0]), -D(com[1]), -D(com[2]), vO);
  dBodyGetRelPointPos(body, -D(com[0]), -D(com[1]), -D(com[2]), O);
  dBodyGetPointVel(body, 0, 0, 0, v0);
  dBodyVectorFromWorld(body, w[0], w[1], w[2], w_b);
  dBodyVectorFromWorld(body, vO[0], vO[1], vO[2], vO_b);

  cat(want, vO, w);
  engine_check_ok(spconv_twist_convert(res, &ps->isaaclab_link.twist, twist, &ps->ode.twist, &b),
                  "spconv_twist_convert");
  engine_check("spconv_twist_convert(ODE -> ISAACLAB_LINK) vs dBodyGetRelPointVel(-com)", res, want,
               6);
  cat(want, v0, w);
  engine_check_ok(spconv_twist_convert(res, &ps->pinocchio_world, twist, &ps->ode.twist, &b),
                  "spconv_twist_convert");
  engine_check("spconv_twist_convert(ODE -> PINOCCHIO_WORLD) vs dBodyGetPointVel(0, 0, 0)", res,
               want, 6);
  cat(want, vO_b, w_b);
  engine_check_ok(spconv_twist_convert(res, &ps->ros_odom.twist, twist, &ps->ode.twist, &b),
                  "spconv_twist_convert");
  engine_check(
      "spconv_twist_convert(ODE -> ROS_ODOM) vs dBodyVectorFromWorld(dBodyGetRelPointVel(-com))",
      res, want, 6);
  /* a body point X (body coordinates from the origin): ODE's X - com */
  engine_random_vec(X, 1.0);
  dBodyGetRelPointVel(body, D(X[0] - com[0]), D(X[1] - com[1]), D(X[2] - com[2]), vX);
  dBodyVectorToWorld(body, D(X[0]), D(X[1]), D(X[2]), RX);
  for (i = 0; i < 3; ++i) rx[i] = (spconv_real)RX[i];
  engine_check_ok(spconv_twist_convert(res, &ps->isaaclab_link.twist, twist, &ps->ode.twist, &b),
                  "spconv_twist_convert");
  spconv_twist_shift(res, res, rx);
  cat(want, vX, w);
  engine_check("spconv_twist_shift(origin twist, R X) vs dBodyGetRelPointVel(X - com)", res, want,
               6);

  /* whole state: ODE -> MUJOCO_FREE (origin pose, [v_O world; w body]) */
  engine_check_ok(
      spconv_state_convert(res_pose, res, &ps->mujoco_free, pose, twist, &ps->ode, com, iquat),
      "spconv_state_convert");
  check_pose("spconv_state_convert(ODE -> MUJOCO_FREE) pose vs dBodyGetRelPointPos(-com)", res_pose,
             O, dBodyGetRotation(body));
  cat(want, vO, w_b);
  engine_check("spconv_state_convert(ODE -> MUJOCO_FREE) twist vs dBodyGetRelPointVel(-com), R^T w",
               res, want, 6);
  /* ... and ISAACLAB_LINK (the same pose, [v_O; w] world) */
  engine_check_ok(
      spconv_state_convert(res_pose, res, &ps->isaaclab_link, pose, twist, &ps->ode, com, iquat),
      "spconv_state_convert");
  check_pose("spconv_state_convert(ODE -> ISAACLAB_LINK) pose vs dBodyGetRelPointPos(-com)",
             res_pose, O, dBodyGetRotation(body));
  cat(want, vO, w);
  engine_check("spconv_state_convert(ODE -> ISAACLAB_LINK) twist vs dBodyGetRelPointVel(-com)", res,
               want, 6);

  /* the other way: a random MUJOCO_FREE state put into ODE */
  {
    spconv_real mj_pose[7], mj_twist[6], ode_pose[7], ode_twist[6];
    double got[6];
    dVector3 v, wb;
    const dReal *ww;
    engine_random_vec(mj_pose, 2.0);
    engine_random_quat(mj_pose + 3);
    engine_random_vec(mj_twist, 3.0);
    engine_random_vec(mj_twist + 3, 3.0);
    engine_check_ok(spconv_state_convert(ode_pose, ode_twist, &ps->ode, mj_pose, mj_twist,
                                         &ps->mujoco_free, com, iquat),
                    "spconv_state_convert");
    set_body(other, ode_pose, ode_twist);
    dBodyGetRelPointVel(other, -D(com[0]), -D(com[1]), -D(com[2]), v);
    ww = dBodyGetAngularVel(other);
    dBodyVectorFromWorld(other, ww[0], ww[1], ww[2], wb);
    cat(got, v, wb);
    engine_check(
        "spconv_state_convert(MUJOCO_FREE -> ODE) in ODE: dBodyGetRelPointVel(-com), R^T w",
        mj_twist, got, 6);
    dBodyGetRelPointPos(other, -D(com[0]), -D(com[1]), -D(com[2]), v);
    check_pose("spconv_state_convert(MUJOCO_FREE -> ODE) in ODE: dBodyGetRelPointPos(-com)",
               mj_pose, v, dBodyGetRotation(other));
  }
}

/* The ODE calls that add a force (and a couple) to a body, each matched by
   one spconv_wrench_from_force_at_point. A body point X is in body
   coordinates from the origin (ODE's relative point X - com), a world
   point P in world coordinates. */
typedef enum ode_apply {
  ODE_AT_POS,         /* dBodyAddForceAtPos(f, P) + dBodyAddTorque(t) */
  ODE_REL_AT_REL_POS, /* dBodyAddRelForceAtRelPos(f_b, X - com) + dBodyAddRelTorque(t_b) */
  ODE_REL_FORCE,      /* dBodyAddRelForce(f_b) */
  ODE_AT_REL_POS,     /* dBodyAddForceAtRelPos(f, X - com) */
  ODE_REL_AT_POS,     /* dBodyAddRelForceAtPos(f_b, P) */
  ODE_FORCE,          /* dBodyAddForce(f) */
  ODE_APPLY_COUNT
} ode_apply;

static const char *const ode_apply_name[ODE_APPLY_COUNT] = {
    "spconv_wrench_from_force_at_point(ODE, world) vs dBodyAddForceAtPos + dBodyAddTorque",
    "spconv_wrench_from_force_at_point(ODE, body) vs dBodyAddRelForceAtRelPos(X - com) + "
    "dBodyAddRelTorque",
    "spconv_wrench_from_force_at_point(ODE, body, COM) vs dBodyAddRelForce",
    "spconv_wrench_from_force_at_point(ODE, world; point from dBodyGetRelPointPos) vs "
    "dBodyAddForceAtRelPos",
    "spconv_wrench_from_force_at_point(ODE, world; force from dBodyVectorToWorld) vs "
    "dBodyAddRelForceAtPos",
    "spconv_wrench_from_force_at_point(ODE, world, COM) vs dBodyAddForce"};

/* 1 for the calls whose point is a world point P, 0 for a body point X */
static int ode_apply_world_point(ode_apply k) { return k == ODE_AT_POS || k == ODE_REL_AT_POS; }

/* ODE call k with force f, couple t (the first two only) and point pt (X
   or P) added to body's accumulators; res = the same through the header,
   under the ODE convention */
static void apply(spconv_real res[6], ode_apply k, dBodyID body, const spconv_real f[3],
                  const spconv_real t[3], const spconv_real pt[3], const spconv_real com[3],
                  const spconv_body *b, const spconv_convention *ode) {
  const dReal fx = D(f[0]), fy = D(f[1]), fz = D(f[2]);
  const dReal rx = D(pt[0] - com[0]), ry = D(pt[1] - com[1]), rz = D(pt[2] - com[2]);
  spconv_real sf[3], sp[3];
  const spconv_real *force = f, *torque = NULL, *point = NULL;
  spconv_frame frame = SPCONV_FRAME_WORLD;
  dVector3 v;
  int i;
  switch (k) {
    case ODE_AT_POS:
      dBodyAddForceAtPos(body, fx, fy, fz, D(pt[0]), D(pt[1]), D(pt[2]));
      dBodyAddTorque(body, D(t[0]), D(t[1]), D(t[2]));
      torque = t;
      point = pt;
      break;
    case ODE_REL_AT_REL_POS:
      dBodyAddRelForceAtRelPos(body, fx, fy, fz, rx, ry, rz);
      dBodyAddRelTorque(body, D(t[0]), D(t[1]), D(t[2]));
      torque = t;
      point = pt;
      frame = SPCONV_FRAME_BODY;
      break;
    case ODE_REL_FORCE:
      dBodyAddRelForce(body, fx, fy, fz);
      frame = SPCONV_FRAME_BODY;
      break;
    case ODE_AT_REL_POS: /* world force at a body point: that point in world */
      dBodyAddForceAtRelPos(body, fx, fy, fz, rx, ry, rz);
      dBodyGetRelPointPos(body, rx, ry, rz, v);
      for (i = 0; i < 3; ++i) sp[i] = (spconv_real)v[i];
      point = sp;
      break;
    case ODE_REL_AT_POS: /* body force at a world point: that force in world */
      dBodyAddRelForceAtPos(body, fx, fy, fz, D(pt[0]), D(pt[1]), D(pt[2]));
      dBodyVectorToWorld(body, fx, fy, fz, v);
      for (i = 0; i < 3; ++i) sf[i] = (spconv_real)v[i];
      force = sf;
      point = pt;
      break;
    default:
      dBodyAddForce(body, fx, fy, fz);
      break;
  }
  engine_check_ok(spconv_wrench_from_force_at_point(res, ode, force, torque, point, frame, b),
                  "spconv_wrench_from_force_at_point");
}

/* want = ODE's accumulated [dBodyGetForce; dBodyGetTorque] vs got */
static void check_totals(const char *what, const spconv_real got[6], dBodyID body) {
  double want[6];
  totals(want, body);
  engine_check(what, got, want, 6);
}

/* a random point: world (around the COM C) or body */
static void random_point(spconv_real res[3], int world, const dReal *C) {
  int i;
  engine_random_vec(res, world ? 1.5 : 1.0);
  if (world)
    for (i = 0; i < 3; ++i) res[i] += (spconv_real)C[i];
}

/* forces at points, accumulated by ODE */
static void check_forces(const presets *ps, dBodyID body, const spconv_real pose[7],
                         const spconv_real com[3], const spconv_real iquat[4]) {
  static const ode_apply back[2] = {ODE_REL_AT_REL_POS, ODE_AT_POS};
  spconv_real f[3], t[3], P[3], w1[6], sum[6] = {0, 0, 0, 0, 0, 0}, total[6], rf[3], rt[3];
  double want[6];
  spconv_body b;
  const dReal *C = dBodyGetPosition(body);
  int i, k;
  engine_check_ok(spconv_body_from_pose(&b, pose, &ps->ode.pose, com, iquat),
                  "spconv_body_from_pose");
  clear_forces(body);
  for (k = 0; k < ODE_APPLY_COUNT; ++k) { /* ODE accumulates: so does sum */
    engine_random_vec(f, 5.0);
    engine_random_vec(t, 5.0);
    random_point(P, ode_apply_world_point((ode_apply)k), C);
    apply(w1, (ode_apply)k, body, f, t, P, com, &b, &ps->ode.twist);
    engine_add6(sum, w1);
    check_totals(ode_apply_name[k], sum, body);
  }

  /* back: ODE's total as one force at a point plus a couple (body, then
     world frame), re-applied to ODE */
  totals(want, body);
  for (i = 0; i < 6; ++i) total[i] = (spconv_real)want[i];
  for (k = 0; k < 2; ++k) {
    random_point(P, ode_apply_world_point(back[k]), C);
    engine_check_ok(spconv_force_at_point_from_wrench(
                        rf, rt, total, &ps->ode.twist, P,
                        back[k] == ODE_AT_POS ? SPCONV_FRAME_WORLD : SPCONV_FRAME_BODY, &b),
                    "spconv_force_at_point_from_wrench");
    clear_forces(body);
    apply(w1, back[k], body, rf, rt, P, com, &b, &ps->ode.twist);
    check_totals(back[k] == ODE_AT_POS
                     ? "spconv_force_at_point_from_wrench(ODE, world) re-applied to ODE"
                     : "spconv_force_at_point_from_wrench(ODE, body) re-applied to ODE",
                 total, body);
  }
  /* the total as MuJoCo's free-joint qfrc [f world; tau_O body], applied at O */
  engine_check_ok(spconv_wrench_convert(w1, &ps->mujoco_free.twist, total, &ps->ode.twist, &b),
                  "spconv_wrench_convert");
  clear_forces(body);
  dBodyAddForceAtRelPos(body, D(w1[0]), D(w1[1]), D(w1[2]), -D(com[0]), -D(com[1]), -D(com[2]));
  dBodyAddRelTorque(body, D(w1[3]), D(w1[4]), D(w1[5]));
  check_totals("spconv_wrench_convert(ODE -> MUJOCO_FREE) applied at the origin vs the total",
               total, body);
  clear_forces(body);
}

int main(void) {
  presets ps;
  dWorldID world;
  dBodyID body, other;
  int n;
  ps.ode = spconv_state_convention_from_preset(SPCONV_PRESET_ODE);
  ps.mujoco_free = spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  ps.isaaclab_link = spconv_state_convention_from_preset(SPCONV_PRESET_ISAACLAB_LINK);
  ps.ros_odom = spconv_state_convention_from_preset(SPCONV_PRESET_ROS_ODOM);
  ps.pinocchio_world = spconv_convention_from_preset(SPCONV_PRESET_PINOCCHIO_WORLD);

  engine_seed(0x0de0de0de0deULL);
  if (!dInitODE2(0)) {
    printf("FAIL dInitODE2\n");
    return 1;
  }
  world = dWorldCreate();
  body = dBodyCreate(world);
  other = dBodyCreate(world);
  for (n = 0; n < ODE_CASES; ++n) {
    spconv_real pose[7], twist[6], com[3], iquat[4];
    engine_random_vec(pose, 2.0);
    engine_random_quat(pose + 3);
    engine_random_vec(twist, 3.0);
    engine_random_vec(twist + 3, 3.0);
    engine_random_vec(com, 0.8);
    engine_random_quat(iquat);
    set_body(body, pose, twist);
    /* the pose ODE stores (its quaternion normalized by ODE) */
    {
      const dReal *p = dBodyGetPosition(body), *q = dBodyGetQuaternion(body);
      int i;
      for (i = 0; i < 3; ++i) pose[i] = (spconv_real)p[i];
      for (i = 0; i < 4; ++i) pose[3 + i] = (spconv_real)q[i];
    }
    check_poses(&ps, body, other, pose, com, iquat);
    check_velocities(&ps, body, other, pose, twist, com, iquat);
    check_forces(&ps, body, pose, com, iquat);
  }
  dBodyDestroy(other);
  dBodyDestroy(body);
  dWorldDestroy(world);
  dCloseODE();
  return engine_summary("ODE " dODE_VERSION, ODE_PRECISION, ODE_CASES);
}
