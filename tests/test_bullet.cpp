// spatial_conv.h sections: body states and engine conventions (vs Bullet 3.24,
// Debian's libbullet-dev). A btRigidBody whose centre of mass is offset AND
// turned from its graphics (body) origin, built the way Bullet's compound
// shapes are meant to be: btCompoundShape::calculatePrincipalAxisTransform
// gives the principal frame `principal` in the compound's (body) frame, the
// children are moved by principal.inverse(), and
// btDefaultMotionState(graphics, principal.inverse()) hands the body the
// center-of-mass transform graphics * principal. On the header's side the
// body is {graphics origin and rotation, com = principal origin,
// iquat = principal rotation}. Checked against Bullet's own accessors:
//   getCenterOfMassTransform               spconv_pose_convert, spconv_body_from_pose,
//                                          spconv_pose_from_body (BULLET pose)
//   btDefaultMotionState after a world step (graphics transform)
//                                          spconv_pose_convert (BULLET -> origin)
//   getVelocityInLocalPoint(O - C), (-C), (X - C)
//                                          spconv_twist_convert, spconv_twist_shift,
//                                          spconv_state_convert (BULLET -> MUJOCO_FREE,
//                                          ISAACLAB_LINK, GZ_SIM, ROS_ODOM, ...)
//   applyForce(f, rel_pos) + applyTorque, getTotalForce / getTotalTorque
//                                          spconv_wrench_from_force_at_point (world and
//                                          body frames), spconv_force_at_point_from_wrench,
//                                          spconv_wrench_convert (BULLET -> GZ_SIM)
// Precision: Debian's Bullet is built with float btScalar (no
// BT_USE_DOUBLE_PRECISION; checked below with btIsDoublePrecision), so every
// Bullet value carries float rounding whatever this build's precision is.
// The inputs are rounded to float first and both sides start from the same
// numbers; the tolerance (relative to max(1, |expected|)) is 1e-5: Bullet's
// products of transforms and cross products of values up to ~10 lose a few
// float ulps (2^-23 = 1.2e-7) each, and its principal axes (a Jacobi
// eigen-solve in float) are orthonormal to ~1e-7 only.
#include <btBulletDynamicsCommon.h>

#define ENGINE_TOL 1e-5
#include "test_engine_util.h"

namespace {

// how Bullet (btQuaternion x, y, z, w) and the origin conventions used here
// (MuJoCo qpos, gz-sim Pose3d, Isaac Lab 2.x) store quaternions
const int kXYZW = SPCONV_ROT_QUAT_XYZW, kWXYZ = SPCONV_ROT_QUAT_WXYZ;

template <class T>
spconv_real R_(T x) {
  return static_cast<spconv_real>(x);
}

btVector3 bt(const spconv_real *x) {
  return btVector3(static_cast<btScalar>(x[0]), static_cast<btScalar>(x[1]),
                   static_cast<btScalar>(x[2]));
}

void to_real(spconv_real *res, const btVector3 &x) {
  for (int i = 0; i < 3; ++i) res[i] = R_(x[i]);
}

// [a; b] as 6 doubles
void cat(double *res, const btVector3 &a, const btVector3 &b) {
  for (int i = 0; i < 3; ++i) {
    res[i] = static_cast<double>(a[i]);
    res[3 + i] = static_cast<double>(b[i]);
  }
}

btVector3 random_vec(double a) {
  spconv_real x[3];
  engine_random_vec(x, a);
  return bt(x);
}

btQuaternion random_quat() {
  spconv_real q[4];
  engine_random_quat(q);
  btQuaternion res(static_cast<btScalar>(q[1]), static_cast<btScalar>(q[2]),
                   static_cast<btScalar>(q[3]), static_cast<btScalar>(q[0]));
  return res.normalize();
}

// A pose [p; q] (q stored in quat_order) vs a Bullet transform, as
// [p; rows of R] (12 numbers, no quaternion sign ambiguity).
void check_pose(const char *what, const spconv_real pose[7], int quat_order,
                const btTransform &want) {
  spconv_real got[12];
  double w[12];
  engine_pose_rows(got, pose, quat_order);
  for (int i = 0; i < 3; ++i) {
    w[i] = static_cast<double>(want.getOrigin()[i]);
    for (int j = 0; j < 3; ++j) w[3 + 3 * i + j] = static_cast<double>(want.getBasis()[i][j]);
  }
  engine_check(what, got, w, 12);
}

// a Bullet transform as [p; q], q stored in quat_order (the BULLET preset's
// pose is [p; q_xyzw] of the center-of-mass transform)
void pose_of(spconv_real res[7], const btTransform &t, int quat_order) {
  const btQuaternion q = t.getRotation();
  const int x = quat_order == SPCONV_ROT_QUAT_WXYZ ? 4 : 3;
  to_real(res, t.getOrigin());
  res[quat_order == SPCONV_ROT_QUAT_WXYZ ? 3 : 6] = R_(q.w());
  res[x] = R_(q.x());
  res[x + 1] = R_(q.y());
  res[x + 2] = R_(q.z());
}

// A compound of three boxes of different sizes and masses, its principal
// frame, and the compound shifted into that frame (Bullet's pattern for a
// body whose COM is off its graphics origin).
struct Compound {
  btBoxShape *boxes[3];
  btCompoundShape *shifted;
  btTransform principal;
  btVector3 inertia;
  btScalar mass;
};

Compound make_compound() {
  Compound c;
  btCompoundShape raw(false);
  btScalar masses[3];
  c.mass = 0;
  for (int i = 0; i < 3; ++i) {
    btVector3 half(static_cast<btScalar>(engine_uniform(0.05, 0.6)),
                   static_cast<btScalar>(engine_uniform(0.05, 0.6)),
                   static_cast<btScalar>(engine_uniform(0.05, 0.6)));
    c.boxes[i] = new btBoxShape(half);
    raw.addChildShape(btTransform(random_quat(), random_vec(0.8)), c.boxes[i]);
    masses[i] = static_cast<btScalar>(engine_uniform(0.5, 4.0));
    c.mass += masses[i];
  }
  raw.calculatePrincipalAxisTransform(masses, c.principal, c.inertia);
  c.shifted = new btCompoundShape(false);
  for (int i = 0; i < 3; ++i)
    c.shifted->addChildShape(c.principal.inverse() * raw.getChildTransform(i),
                             raw.getChildShape(i));
  return c;
}

void free_compound(Compound &c) {
  delete c.shifted;
  for (int i = 0; i < 3; ++i) delete c.boxes[i];
}

struct Presets {
  spconv_state_convention bullet, mujoco_free, isaaclab_link, gz_sim, ros_odom;
  spconv_convention pinocchio_world;
};

Presets presets() {
  Presets p;
  p.bullet = spconv_state_convention_from_preset(SPCONV_PRESET_BULLET);
  p.mujoco_free = spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  p.isaaclab_link = spconv_state_convention_from_preset(SPCONV_PRESET_ISAACLAB_LINK);
  p.gz_sim = spconv_state_convention_from_preset(SPCONV_PRESET_GZ_SIM);
  p.ros_odom = spconv_state_convention_from_preset(SPCONV_PRESET_ROS_ODOM);
  p.pinocchio_world = spconv_convention_from_preset(SPCONV_PRESET_PINOCCHIO_WORLD);
  return p;
}

// (a) poses: the graphics (origin) pose and the principal frame give
// Bullet's center-of-mass transform, and back
void check_poses(const Presets &ps, const btRigidBody &body, const btTransform &graphics,
                 const spconv_real com[3], const spconv_real iquat[4]) {
  const btTransform &com_t = body.getCenterOfMassTransform();
  spconv_real origin_pose[7], res[7];
  pose_of(origin_pose, graphics, kWXYZ);
  engine_check_ok(
      spconv_pose_convert(res, &ps.bullet.pose, origin_pose, &ps.gz_sim.pose, com, iquat),
      "spconv_pose_convert");
  check_pose("spconv_pose_convert(origin -> BULLET) vs getCenterOfMassTransform", res, kXYZW,
             com_t);
  spconv_real bullet_pose[7];
  pose_of(bullet_pose, com_t, kXYZW);
  engine_check_ok(
      spconv_pose_convert(res, &ps.mujoco_free.pose, bullet_pose, &ps.bullet.pose, com, iquat),
      "spconv_pose_convert");
  check_pose("spconv_pose_convert(BULLET -> MUJOCO_FREE) vs the graphics transform", res, kWXYZ,
             graphics);
  spconv_body b;
  engine_check_ok(spconv_body_from_pose(&b, bullet_pose, &ps.bullet.pose, com, iquat),
                  "spconv_body_from_pose");
  spconv_real body_pose[7];
  engine_body_pose(body_pose, &b);
  check_pose("spconv_body_from_pose(BULLET) .pos / .quat_wxyz vs the graphics transform", body_pose,
             kWXYZ, graphics);
  engine_check_ok(spconv_pose_from_body(res, &ps.bullet.pose, &b), "spconv_pose_from_body");
  check_pose("spconv_pose_from_body(BULLET) vs getCenterOfMassTransform", res, kXYZW, com_t);
}

// (b) velocities of body points: Bullet's getVelocityInLocalPoint(rel_pos),
// rel_pos = point - C in world axes
void check_velocities(const Presets &ps, const btRigidBody &body, const btTransform &graphics,
                      const spconv_real com[3], const spconv_real iquat[4]) {
  const btVector3 C = body.getCenterOfMassPosition();
  const btVector3 O = graphics.getOrigin();
  const btVector3 w = body.getAngularVelocity();
  const btMatrix3x3 Rt = graphics.getBasis().transpose();
  spconv_real pose[7], twist[6], res_pose[7], res[6];
  double want[6];
  pose_of(pose, body.getCenterOfMassTransform(), kXYZW);
  to_real(twist, body.getLinearVelocity());
  to_real(twist + 3, w);
  spconv_body b;
  engine_check_ok(spconv_body_from_pose(&b, pose, &ps.bullet.pose, com, iquat),
                  "spconv_body_from_pose");

  const btVector3 v_O = body.getVelocityInLocalPoint(O - C);
  cat(want, v_O, w);
  engine_check_ok(spconv_twist_convert(res, &ps.isaaclab_link.twist, twist, &ps.bullet.twist, &b),
                  "spconv_twist_convert");
  engine_check("spconv_twist_convert(BULLET -> ISAACLAB_LINK) vs getVelocityInLocalPoint(O - C)",
               res, want, 6);
  cat(want, body.getVelocityInLocalPoint(-C), w);
  engine_check_ok(spconv_twist_convert(res, &ps.pinocchio_world, twist, &ps.bullet.twist, &b),
                  "spconv_twist_convert");
  engine_check("spconv_twist_convert(BULLET -> PINOCCHIO_WORLD) vs getVelocityInLocalPoint(-C)",
               res, want, 6);
  cat(want, Rt * v_O, Rt * w);
  engine_check_ok(spconv_twist_convert(res, &ps.ros_odom.twist, twist, &ps.bullet.twist, &b),
                  "spconv_twist_convert");
  engine_check("spconv_twist_convert(BULLET -> ROS_ODOM) vs R^T getVelocityInLocalPoint(O - C)",
               res, want, 6);
  // a body point X (graphics coordinates): world X = graphics(X)
  const btVector3 X = random_vec(1.0);
  const btVector3 rel = graphics(X) - C;
  spconv_real r[3];
  to_real(r, rel);
  spconv_twist_shift(res, twist, r);
  cat(want, body.getVelocityInLocalPoint(rel), w);
  engine_check("spconv_twist_shift(BULLET twist, X - C) vs getVelocityInLocalPoint(X - C)", res,
               want, 6);

  // whole states: pose at the graphics origin, velocity of the origin
  const spconv_state_convention *to[3] = {&ps.mujoco_free, &ps.isaaclab_link, &ps.gz_sim};
  const char *names[3] = {
      "spconv_state_convert(BULLET -> MUJOCO_FREE) vs graphics, v(O - C), R^T w",
      "spconv_state_convert(BULLET -> ISAACLAB_LINK) vs graphics, v(O - C), w",
      "spconv_state_convert(BULLET -> GZ_SIM) vs graphics, v(O - C), w"};
  for (int k = 0; k < 3; ++k) {
    engine_check_ok(spconv_state_convert(res_pose, res, to[k], pose, twist, &ps.bullet, com, iquat),
                    "spconv_state_convert");
    check_pose(names[k], res_pose, kWXYZ, graphics);
    cat(want, v_O, to[k]->twist.angular_frame == SPCONV_FRAME_BODY ? Rt * w : w);
    engine_check(names[k], res, want, 6);
    // and back to Bullet's own state
    spconv_real back_pose[7], back[6];
    engine_check_ok(
        spconv_state_convert(back_pose, back, &ps.bullet, res_pose, res, to[k], com, iquat),
        "spconv_state_convert");
    check_pose("spconv_state_convert(... -> BULLET) vs getCenterOfMassTransform", back_pose, kXYZW,
               body.getCenterOfMassTransform());
    cat(want, body.getLinearVelocity(), w);
    engine_check("spconv_state_convert(... -> BULLET) vs getLinearVelocity / getAngularVelocity",
                 back, want, 6);
  }
}

// Bullet's accumulated [getTotalForce; getTotalTorque]
void totals(double res[6], const btRigidBody &body) {
  cat(res, body.getTotalForce(), body.getTotalTorque());
}

// (c) forces at points: applyForce(force, rel_pos) adds force and
// rel_pos x force about the COM; applyTorque adds a couple
void check_forces(const Presets &ps, btRigidBody &body, const btTransform &graphics,
                  const spconv_real com[3], const spconv_real iquat[4]) {
  const btVector3 C = body.getCenterOfMassPosition();
  spconv_real pose[7], f[3], t[3], P[3], w1[6], sum[6];
  double want[6];
  pose_of(pose, body.getCenterOfMassTransform(), kXYZW);
  spconv_body b;
  engine_check_ok(spconv_body_from_pose(&b, pose, &ps.bullet.pose, com, iquat),
                  "spconv_body_from_pose");

  // world frame: a force at a world point, a couple
  body.clearForces();
  const btVector3 fw = random_vec(5), Pw = C + random_vec(1.5), tw = random_vec(5);
  body.applyForce(fw, Pw - C);
  body.applyTorque(tw);
  to_real(f, fw);
  to_real(t, tw);
  to_real(P, Pw);
  engine_check_ok(
      spconv_wrench_from_force_at_point(sum, &ps.bullet.twist, f, t, P, SPCONV_FRAME_WORLD, &b),
      "spconv_wrench_from_force_at_point");
  totals(want, body);
  engine_check("spconv_wrench_from_force_at_point(BULLET, world) vs applyForce + applyTorque", sum,
               want, 6);
  // body frame: a force and couple in graphics axes at a graphics point X,
  // added to the world one (Bullet accumulates)
  const btVector3 fb = random_vec(5), X = random_vec(1.0), tb = random_vec(5);
  const btMatrix3x3 &Rg = graphics.getBasis();
  body.applyForce(Rg * fb, graphics(X) - C);
  body.applyTorque(Rg * tb);
  to_real(f, fb);
  to_real(t, tb);
  to_real(P, X);
  engine_check_ok(
      spconv_wrench_from_force_at_point(w1, &ps.bullet.twist, f, t, P, SPCONV_FRAME_BODY, &b),
      "spconv_wrench_from_force_at_point");
  for (int i = 0; i < 6; ++i) sum[i] += w1[i];
  totals(want, body);
  engine_check(
      "spconv_wrench_from_force_at_point(BULLET, body) vs applyForce(R f, X - C) + applyTorque",
      sum, want, 6);
  // a central force (point NULL: the COM), no couple
  const btVector3 fc = random_vec(5);
  body.applyCentralForce(fc);
  to_real(f, fc);
  engine_check_ok(spconv_wrench_from_force_at_point(w1, &ps.bullet.twist, f, NULL, NULL,
                                                    SPCONV_FRAME_WORLD, &b),
                  "spconv_wrench_from_force_at_point");
  for (int i = 0; i < 6; ++i) sum[i] += w1[i];
  totals(want, body);
  engine_check("spconv_wrench_from_force_at_point(BULLET, COM) vs applyCentralForce", sum, want, 6);

  // back: Bullet's total as one force at a random world point plus a couple,
  // re-applied to Bullet, gives the same total
  spconv_real total[6], rf[3], rt[3];
  double before[6];
  totals(before, body);
  for (int i = 0; i < 6; ++i) total[i] = R_(before[i]);
  const btVector3 Q = C + random_vec(1.5);
  to_real(P, Q);
  engine_check_ok(
      spconv_force_at_point_from_wrench(rf, rt, total, &ps.bullet.twist, P, SPCONV_FRAME_WORLD, &b),
      "spconv_force_at_point_from_wrench");
  body.clearForces();
  body.applyForce(bt(rf), Q - C);
  body.applyTorque(bt(rt));
  totals(want, body);
  engine_check("spconv_force_at_point_from_wrench(BULLET, world) re-applied vs the total", total,
               want, 6);
  // ... and in graphics axes at a graphics point
  to_real(P, X);
  engine_check_ok(
      spconv_force_at_point_from_wrench(rf, rt, total, &ps.bullet.twist, P, SPCONV_FRAME_BODY, &b),
      "spconv_force_at_point_from_wrench");
  body.clearForces();
  body.applyForce(Rg * bt(rf), graphics(X) - C);
  body.applyTorque(Rg * bt(rt));
  totals(want, body);
  engine_check("spconv_force_at_point_from_wrench(BULLET, body) re-applied vs the total", total,
               want, 6);
  // the total as a gz-sim world wrench at the origin, applied there
  spconv_real gz[6];
  engine_check_ok(spconv_wrench_convert(gz, &ps.gz_sim.twist, total, &ps.bullet.twist, &b),
                  "spconv_wrench_convert");
  body.clearForces();
  body.applyForce(bt(gz), graphics.getOrigin() - C);
  body.applyTorque(bt(gz + 3));
  totals(want, body);
  engine_check("spconv_wrench_convert(BULLET -> GZ_SIM) applied at the origin vs the total", total,
               want, 6);
  body.clearForces();
}

}  // namespace

int main() {
  const int kCompounds = 8, kCasesPerCompound = 25;
  engine_seed(0xb011e7b011e7ULL);
  const Presets ps = presets();
  if (btIsDoublePrecision())
    std::printf("note: this Bullet is built with BT_USE_DOUBLE_PRECISION\n");

  btDefaultCollisionConfiguration config;
  btCollisionDispatcher dispatcher(&config);
  btDbvtBroadphase broadphase;
  btSequentialImpulseConstraintSolver solver;
  btDiscreteDynamicsWorld world(&dispatcher, &broadphase, &solver, &config);
  world.setGravity(btVector3(0, 0, 0));
  // the motion state gets the transform at the end of the step, not one
  // extrapolated a step back
  world.setLatencyMotionStateInterpolation(false);
  const btScalar dt = btScalar(1) / btScalar(64);

  for (int k = 0; k < kCompounds; ++k) {
    Compound c = make_compound();
    spconv_real com[3], iquat[4];
    to_real(com, c.principal.getOrigin());
    const btQuaternion pq = c.principal.getRotation();
    iquat[0] = R_(pq.w());
    iquat[1] = R_(pq.x());
    iquat[2] = R_(pq.y());
    iquat[3] = R_(pq.z());
    for (int n = 0; n < kCasesPerCompound; ++n) {
      const btTransform graphics(random_quat(), random_vec(2));
      btDefaultMotionState *ms = new btDefaultMotionState(graphics, c.principal.inverse());
      btRigidBody::btRigidBodyConstructionInfo info(c.mass, ms, c.shifted, c.inertia);
      btRigidBody *body = new btRigidBody(info);
      body->setActivationState(DISABLE_DEACTIVATION);
      body->setLinearVelocity(random_vec(3));
      body->setAngularVelocity(random_vec(3));

      check_poses(ps, *body, graphics, com, iquat);
      check_velocities(ps, *body, graphics, com, iquat);
      check_forces(ps, *body, graphics, com, iquat);

      // (d) one world step: the motion state's graphics transform is the new
      // center-of-mass transform times principal.inverse()
      world.addRigidBody(body);
      world.stepSimulation(dt, 1, dt);
      spconv_real bullet_pose[7], res[7];
      pose_of(bullet_pose, body->getCenterOfMassTransform(), kXYZW);
      engine_check_ok(
          spconv_pose_convert(res, &ps.gz_sim.pose, bullet_pose, &ps.bullet.pose, com, iquat),
          "spconv_pose_convert");
      check_pose(
          "spconv_pose_convert(BULLET -> origin) vs btDefaultMotionState graphics after a "
          "step",
          res, kWXYZ, ms->m_graphicsWorldTrans);
      btTransform from_ms;
      ms->getWorldTransform(from_ms);
      spconv_real graphics_pose[7];
      pose_of(graphics_pose, ms->m_graphicsWorldTrans, kWXYZ);
      engine_check_ok(
          spconv_pose_convert(res, &ps.bullet.pose, graphics_pose, &ps.gz_sim.pose, com, iquat),
          "spconv_pose_convert");
      check_pose("spconv_pose_convert(origin -> BULLET) vs btDefaultMotionState::getWorldTransform",
                 res, kXYZW, from_ms);
      // the stepped body's velocities and forces, too
      check_velocities(ps, *body, ms->m_graphicsWorldTrans, com, iquat);
      check_forces(ps, *body, ms->m_graphicsWorldTrans, com, iquat);
      world.removeRigidBody(body);
      delete body;
      delete ms;
    }
    free_compound(c);
  }
  char name[32];
  std::snprintf(name, sizeof name, "Bullet %d.%02d", btGetVersion() / 100, btGetVersion() % 100);
  return engine_summary(name, btIsDoublePrecision() ? "double btScalar" : "float btScalar",
                        kCompounds * kCasesPerCompound);
}
