// Hand-off: a tumbling free body thrown in MuJoCo, handed over at mid-flight
// to Bullet, ODE and DART through spatial_conv, and flown on in all four.
//
// THE BODY
//   One free body, no geoms (so no contacts), under gravity, whose centre
//   of mass (COM) is off its origin and whose principal axes are turned
//   against its body axes (MuJoCo <inertial pos quat diaginertia>), with
//   three different principal moments (0.03 0.05 0.07): thrown spinning,
//   it tumbles, so the gyroscopic term w x (I w) drives its orientation.
//   MuJoCo flies it from t = 0 to T = 1 s with its RK4 integrator (fourth
//   order, so MuJoCo is the reference; the gyroscopic term is in the
//   Coriolis part of qfrc_bias, on by default).
//
// THE HAND-OFF (t = T/2): each engine stores the same state its own way
//   MuJoCo free joint  qpos [p_O; q_wxyz] body ORIGIN O, body axes
//                      qvel [v_O world; w BODY axes]   (SPCONV_PRESET_MUJOCO_FREE)
//   Bullet btRigidBody [p_C; q_xyzw] COM C, INERTIAL (principal) axes,
//                      [v_C; w] world                   (SPCONV_PRESET_BULLET)
//   ODE dBody          [p_C; q_wxyz] COM, body axes, [v_C; w] world
//                      (SPCONV_PRESET_ODE; the mass is given as the full
//                      inertia tensor in body axes, so ODE's axes are the
//                      MuJoCo body's axes)
//   DART FreeJoint     transform of the body ORIGIN, body axes, spatial
//                      velocity [w; v_O] world      (SPCONV_PRESET_DART_WORLD)
//   One call, spconv_state_convert, turns MuJoCo's (qpos, qvel) into each:
//       spconv_state_convert(pose, twist, &bullet, qpos, qvel, &mujoco,
//                            body_ipos, body_iquat);
//   Each engine builds the same body (mass, inertia, gravity), takes the
//   converted state and flies on to T alongside MuJoCo, at the same step.
//
// THE COMPARISON: every engine's pose is read back in its own convention,
//   converted by spatial_conv to one common convention (COM position +
//   inertial-frame orientation, MuJoCo's xipos / ximat), and compared with
//   MuJoCo's at every step of the second half: the largest COM distance (m)
//   and the largest orientation difference (rad). With a correct hand-off
//   the difference is the engines' integrator error: it shrinks with the
//   step (Bullet, ODE and DART are first order: semi-implicit Euler).
//   Bullet computes in float here (Debian's build), the others in double.
//
// THE MUTATIONS: the hand-off is run again with four classic mistakes,
//   made on the conversion's input or output here (the library is right):
//     flip-w     the angular velocity's sign flipped
//     com-unrot  COM position p_O + ipos instead of p_O + R ipos
//     quat-order MuJoCo's wxyz quaternion read as xyzw
//     no-iquat   the inertial frame ignored (body_iquat taken as identity)
//   Each must raise the error by orders of magnitude. A mistake in a
//   quantity the conversion does not read (the COM offset for DART, which
//   takes the origin like MuJoCo; body_iquat for ODE and DART, whose axes
//   are the body's) leaves the engine's state unchanged: shown as n/a.
//
// WHAT IT SHOWS
//   - One spconv_state_convert call per engine is the whole hand-off: the
//     state read straight back from each engine equals MuJoCo's to
//     rounding (1e-16 in double, 1e-7 in Bullet's float).
//   - After the hand-off every engine follows MuJoCo's flight to its own
//     integrator error: halving the step halves the error (first order),
//     about 1e-3 m and 1e-3 rad at h = 2.5e-4 s after 0.5 s.
//   - Each of the four mistakes is 400 to 4000 times worse than that.
//   - The gyroscopic term matters: Bullet without
//     BT_ENABLE_GYROSCOPIC_FORCE_IMPLICIT_BODY or ODE without
//     dBodySetGyroscopicMode is off by about 1 rad, at every step size.
//
// RUN IT
//   cmake --preset default && cmake --build --preset default --target handoff
//   build/default/examples/handoff           prints both tables
//   build/default/examples/handoff --check   also checks them (ctest
//                                             example_handoff); exit 1 if not
//   --check requires (a) every engine's error at the smallest step below
//   the thresholds kMaxPosErr / kMaxAngErr (set from the measured integrator
//   error, see there), (b) each halving of the step dividing both errors
//   by kMinHalvingGain (1.5; first order gives 2) or more, (c) every
//   applicable mutation raising the error at least kMinMutationFactor times,
//   and the hand-off itself exact: the converted state read straight back
//   from each engine equals MuJoCo's to rounding.
#include <mujoco/mujoco.h>

#include <btBulletDynamicsCommon.h>
#include <BulletCollision/CollisionShapes/btEmptyShape.h>

#include <ode/ode.h>

#include <dart/dynamics/BodyNode.hpp>
#include <dart/dynamics/FreeJoint.hpp>
#include <dart/dynamics/Skeleton.hpp>
#include <dart/simulation/World.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "spatial_conv.h"

namespace {

// ------------------------------------------------------------------ model
// The body origin starts 1 m up; the COM is 0.15 m away from it; the
// principal axes are turned by the quaternion below (wxyz, MuJoCo's order).
const char kModelXml[] =
    "<mujoco model='handoff'>"
    "  <option integrator='RK4' gravity='0 0 -9.81'/>"
    "  <worldbody>"
    "    <body name='tumbler' pos='0 0 1'>"
    "      <joint type='free'/>"
    "      <inertial pos='0.1 -0.06 0.09' quat='0.8 0.3 -0.4 0.2' mass='1.5'"
    "                diaginertia='0.03 0.05 0.07'/>"
    "    </body>"
    "  </worldbody>"
    "</mujoco>";

// initial qvel: [v_O world; w body axes], thrown up and spinning ~11 rad/s
// about no principal axis, so it tumbles
const double kQvel0[6] = {1.0, -0.5, 4.0, 4.0, -7.0, 6.0};
const double kFlightTime = 1.0;                // T; hand-off at T/2
const double kSteps[] = {1e-3, 5e-4, 2.5e-4};  // halving: first order halves the error
const int kNumSteps = sizeof kSteps / sizeof kSteps[0];

// --check thresholds at the smallest step (2.5e-4 s), from the measured
// integrator error there. Semi-implicit Euler flies a parabola off by
// g h t / 2: 6.1e-4 m after t = 0.5 s; ODE and Bullet (COM integrators)
// measure 6.1e-4 and 6.3e-4 m, DART (which integrates the origin, so the
// spin adds) 1.5e-3 m; orientation 7.8e-4 (DART) .. 2.1e-3 (ODE) rad. The
// thresholds are about twice the worst engine's; a wrong hand-off is off
// by 0.26 m or 1.8 rad at least (the mutation table).
const double kMaxPosErr = 3e-3;  // m, COM position
const double kMaxAngErr = 5e-3;  // rad, inertial-frame orientation
// each halving of the step must divide both errors by at least this
// (first order: 2; measured 1.95 .. 2.00)
const double kMinHalvingGain = 1.5;
// right after the hand-off, before any step: conversion + engine setter +
// getter + conversion back must be exact to rounding (Bullet stores float)
const double kMaxHandoffErr[3] = {1e-6, 1e-12, 1e-12};  // Bullet, ODE, DART
const double kMinMutationFactor = 100.0;

// mass properties as MuJoCo compiled them
struct MassProps {
  double mass;
  double ipos[3];    // COM in body axes (body_ipos)
  double iquat[4];   // principal axes in body axes, wxyz (body_iquat)
  double diag[3];    // principal moments (body_inertia)
  double I_body[9];  // R_i diag R_i^T: the inertia about the COM in body axes
  double gravity[3];
};

// ------------------------------------------------------------ conventions
// The state conventions, all from presets (spconv_state_convention_from_preset).
enum EngineId { kBullet, kOde, kDart, kNumEngines };
const char *const kEngineNames[kNumEngines] = {"Bullet", "ODE", "DART"};
const spconv_preset_id kEnginePresets[kNumEngines] = {SPCONV_PRESET_BULLET, SPCONV_PRESET_ODE,
                                                      SPCONV_PRESET_DART_WORLD};

// The common convention every pose is compared in: COM position and
// inertial-frame orientation, [p_C; q_wxyz] (MuJoCo's xipos / ximat).
spconv_pose_convention common_pose() {
  return spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_XFRC).pose;
}

void check_ok(int status, const char *what) {
  if (status != SPCONV_OK) {
    std::fprintf(stderr, "%s: %s\n", what, spconv_status_string(status));
    std::exit(2);
  }
}

// ---------------------------------------------------------------- engines
// Each engine takes and gives the state in its own convention, unchanged:
// the conversions are all in spconv_state_convert / spconv_pose_convert.
class Engine {
 public:
  virtual ~Engine() = default;
  virtual void set_state(const double pose[7], const double twist[6]) = 0;
  virtual void get_pose(double pose[7]) const = 0;
  virtual void step() = 0;
};

// Bullet computes in btScalar: float in Debian's build
btScalar bt(double x) { return static_cast<btScalar>(x); }

// Bullet: a btRigidBody's transform is its centre-of-mass transform with
// the principal axes (the local inertia is a diagonal): BULLET pose.
class BulletEngine : public Engine {
 public:
  BulletEngine(const MassProps &mp, double h)
      : dispatcher_(&config_), world_(&dispatcher_, &broadphase_, &solver_, &config_), h_(h) {
    world_.setGravity(btVector3(bt(mp.gravity[0]), bt(mp.gravity[1]), bt(mp.gravity[2])));
    btRigidBody::btRigidBodyConstructionInfo info(
        bt(mp.mass), nullptr, &shape_, btVector3(bt(mp.diag[0]), bt(mp.diag[1]), bt(mp.diag[2])));
    info.m_linearDamping = 0;
    info.m_angularDamping = 0;
    body_ = std::make_unique<btRigidBody>(info);
    body_->setFlags(BT_ENABLE_GYROSCOPIC_FORCE_IMPLICIT_BODY);  // the w x (I w) term
    body_->setActivationState(DISABLE_DEACTIVATION);            // never sleeps
    world_.addRigidBody(body_.get());
  }
  ~BulletEngine() override { world_.removeRigidBody(body_.get()); }

  // pose [p_C; q_xyzw] (COM, inertial frame), twist [v_C; w] world
  void set_state(const double pose[7], const double twist[6]) override {
    const btQuaternion q(bt(pose[3]), bt(pose[4]), bt(pose[5]), bt(pose[6]));
    const btVector3 p(bt(pose[0]), bt(pose[1]), bt(pose[2]));
    body_->setCenterOfMassTransform(btTransform(q, p));
    body_->setLinearVelocity(btVector3(bt(twist[0]), bt(twist[1]), bt(twist[2])));
    body_->setAngularVelocity(btVector3(bt(twist[3]), bt(twist[4]), bt(twist[5])));
  }
  void get_pose(double pose[7]) const override {
    const btTransform &tf = body_->getCenterOfMassTransform();
    const btQuaternion q = tf.getRotation();
    for (int i = 0; i < 3; ++i) pose[i] = double(tf.getOrigin()[i]);
    pose[3] = double(q.x());
    pose[4] = double(q.y());
    pose[5] = double(q.z());
    pose[6] = double(q.w());
  }
  // maxSubSteps 0: exactly one step of h (no fixed-step interpolation)
  void step() override { world_.stepSimulation(bt(h_), 0); }

 private:
  btDefaultCollisionConfiguration config_;
  btCollisionDispatcher dispatcher_;
  btDbvtBroadphase broadphase_;
  btSequentialImpulseConstraintSolver solver_;
  btDiscreteDynamicsWorld world_;
  btEmptyShape shape_;  // no collision geometry
  std::unique_ptr<btRigidBody> body_;
  double h_;
};

// ODE: a body's position is its COM; its axes are the ones the mass is
// given in, here the body axes (full inertia tensor): ODE pose.
class OdeEngine : public Engine {
 public:
  OdeEngine(const MassProps &mp, double h) : world_(dWorldCreate()), h_(h) {
    dWorldSetGravity(world_, mp.gravity[0], mp.gravity[1], mp.gravity[2]);
    body_ = dBodyCreate(world_);
    dMass m;
    const double *I = mp.I_body;
    dMassSetParameters(&m, mp.mass, 0, 0, 0, I[0], I[4], I[8], I[1], I[2], I[5]);
    dBodySetMass(body_, &m);
    dBodySetGyroscopicMode(body_, 1);
    dBodySetAutoDisableFlag(body_, 0);
  }
  ~OdeEngine() override { dWorldDestroy(world_); }

  // pose [p_C; q_wxyz] (COM, body axes), twist [v_C; w] world
  void set_state(const double pose[7], const double twist[6]) override {
    const dQuaternion q = {pose[3], pose[4], pose[5], pose[6]};
    dBodySetPosition(body_, pose[0], pose[1], pose[2]);
    dBodySetQuaternion(body_, q);
    dBodySetLinearVel(body_, twist[0], twist[1], twist[2]);
    dBodySetAngularVel(body_, twist[3], twist[4], twist[5]);
  }
  void get_pose(double pose[7]) const override {
    const dReal *p = dBodyGetPosition(body_), *q = dBodyGetQuaternion(body_);
    for (int i = 0; i < 3; ++i) pose[i] = p[i];
    for (int i = 0; i < 4; ++i) pose[3 + i] = q[i];
  }
  void step() override { dWorldStep(world_, h_); }

 private:
  dWorldID world_;
  dBodyID body_ = nullptr;
  double h_;
};

// DART: a FreeJoint BodyNode whose frame is the body origin (as MuJoCo's),
// with the COM at ipos and the inertia tensor in body axes: DART_WORLD.
class DartEngine : public Engine {
 public:
  DartEngine(const MassProps &mp, double h) {
    using namespace dart::dynamics;
    skeleton_ = Skeleton::create("tumbler");
    auto pair = skeleton_->createJointAndBodyNodePair<FreeJoint>();
    joint_ = pair.first;
    body_ = pair.second;
    const double *I = mp.I_body;
    body_->setMass(mp.mass);
    body_->setLocalCOM(Eigen::Vector3d(mp.ipos[0], mp.ipos[1], mp.ipos[2]));
    body_->setMomentOfInertia(I[0], I[4], I[8], I[1], I[2], I[5]);
    world_ = dart::simulation::World::create();
    world_->setGravity(Eigen::Vector3d(mp.gravity[0], mp.gravity[1], mp.gravity[2]));
    world_->setTimeStep(h);
    world_->addSkeleton(skeleton_);
  }

  // pose [p_O; q_wxyz] (origin, body axes), twist [w; v_O] world
  void set_state(const double pose[7], const double twist[6]) override {
    using dart::dynamics::Frame;
    Eigen::Isometry3d tf = Eigen::Isometry3d::Identity();
    tf.linear() = Eigen::Quaterniond(pose[3], pose[4], pose[5], pose[6]).toRotationMatrix();
    tf.translation() = Eigen::Vector3d(pose[0], pose[1], pose[2]);
    Eigen::Vector6d V;
    V << twist[0], twist[1], twist[2], twist[3], twist[4], twist[5];
    joint_->setTransform(tf, Frame::World());
    joint_->setSpatialVelocity(V, Frame::World(), Frame::World());
  }
  void get_pose(double pose[7]) const override {
    const Eigen::Isometry3d &tf = body_->getWorldTransform();
    const Eigen::Quaterniond q(tf.linear());
    for (int i = 0; i < 3; ++i) pose[i] = tf.translation()[i];
    pose[3] = q.w();
    pose[4] = q.x();
    pose[5] = q.y();
    pose[6] = q.z();
  }
  void step() override { world_->step(); }

 private:
  dart::simulation::WorldPtr world_;
  dart::dynamics::SkeletonPtr skeleton_;
  dart::dynamics::FreeJoint *joint_ = nullptr;
  dart::dynamics::BodyNode *body_ = nullptr;
};

std::unique_ptr<Engine> make_engine(int id, const MassProps &mp, double h) {
  if (id == kBullet) return std::make_unique<BulletEngine>(mp, h);
  if (id == kOde) return std::make_unique<OdeEngine>(mp, h);
  return std::make_unique<DartEngine>(mp, h);
}

// ----------------------------------------------------------------- MuJoCo
mjModel *load_model() {
  char err[1000] = "";
  const int len = int(std::strlen(kModelXml));
  mjModel *m = nullptr;
  mjVFS *vfs = new mjVFS;
  mj_defaultVFS(vfs);
  if (mj_makeEmptyFileVFS(vfs, "handoff.xml", len) == 0) {
    std::memcpy(vfs->filedata[mj_findFileVFS(vfs, "handoff.xml")], kModelXml, size_t(len));
    m = mj_loadXML("handoff.xml", vfs, err, int(sizeof err));
  }
  mj_deleteVFS(vfs);
  delete vfs;
  if (!m) std::fprintf(stderr, "mj_loadXML: %s\n", err);
  return m;
}

MassProps mass_props(const mjModel *m) {
  MassProps mp{};
  const int b = 1;  // body 0 is the world
  mp.mass = m->body_mass[b];
  for (int i = 0; i < 3; ++i) mp.ipos[i] = m->body_ipos[3 * b + i];
  for (int i = 0; i < 4; ++i) mp.iquat[i] = m->body_iquat[4 * b + i];
  for (int i = 0; i < 3; ++i) mp.diag[i] = m->body_inertia[3 * b + i];
  for (int i = 0; i < 3; ++i) mp.gravity[i] = m->opt.gravity[i];
  double R[9];  // principal axes -> body axes
  spconv_mat_from_quat_wxyz(R, mp.iquat);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) {
      double s = 0;
      for (int k = 0; k < 3; ++k) s += R[3 * r + k] * mp.diag[k] * R[3 * c + k];
      mp.I_body[3 * r + c] = s;
    }
  return mp;
}

// MuJoCo's flight at step h: the state at the hand-off and the reference
// pose (common convention) at every step of the second half
struct Reference {
  double h = 0;
  int half = 0;               // steps per half flight
  double qpos[7], qvel[6];    // MuJoCo's state at t = T/2
  std::vector<double> poses;  // 7 per step, t = T/2 .. T
  double xipos_check = 0;     // spconv vs MuJoCo's own xipos / ximat
};

Reference fly_mujoco(mjModel *m, double h) {
  const spconv_state_convention mujoco =
      spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  const spconv_pose_convention common = common_pose();
  Reference ref;
  ref.h = h;
  ref.half = int(std::lround(0.5 * kFlightTime / h));
  m->opt.timestep = h;
  mjData *d = mj_makeData(m);
  for (int i = 0; i < 6; ++i) d->qvel[i] = kQvel0[i];
  for (int k = 0; k <= 2 * ref.half; ++k) {
    if (k >= ref.half) {
      double pose[7];
      // MuJoCo (origin, body axes) -> common (COM, inertial axes)
      check_ok(spconv_pose_convert(pose, &common, d->qpos, &mujoco.pose, m->body_ipos + 3,
                                   m->body_iquat + 4),
               "spconv_pose_convert");
      ref.poses.insert(ref.poses.end(), pose, pose + 7);
      if (k == ref.half) {
        std::memcpy(ref.qpos, d->qpos, sizeof ref.qpos);
        std::memcpy(ref.qvel, d->qvel, sizeof ref.qvel);
        // the common convention is MuJoCo's own xipos / ximat: check that once
        double q[4];
        mj_kinematics(m, d);
        check_ok(spconv_quat_wxyz_from_mat(q, d->ximat + 9), "spconv_quat_wxyz_from_mat");
        for (int i = 0; i < 3; ++i)
          ref.xipos_check = std::fmax(ref.xipos_check, std::fabs(pose[i] - d->xipos[3 + i]));
        ref.xipos_check = std::fmax(ref.xipos_check, double(spconv_quat_angle_wxyz(pose + 3, q)));
      }
    }
    if (k < 2 * ref.half) mj_step(m, d);
  }
  mj_deleteData(d);
  return ref;
}

// -------------------------------------------------------------- mutations
enum Mutation { kNone, kFlipW, kComUnrotated, kQuatOrder, kNoIquat, kNumMutations };
const char *const kMutationNames[kNumMutations] = {"correct", "flip-w", "com-unrot", "quat-order",
                                                   "no-iquat"};

// The hand-off: MuJoCo's (qpos, qvel) -> engine `id`'s (pose, twist),
// with mutation `mut` made on the conversion's input or output.
void handoff_state(double pose[7], double twist[6], int id, const Reference &ref,
                   const MassProps &mp, Mutation mut) {
  const spconv_state_convention mujoco =
      spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  const spconv_state_convention engine = spconv_state_convention_from_preset(kEnginePresets[id]);
  double qpos[7], qvel[6], iquat[4];
  std::memcpy(qpos, ref.qpos, sizeof qpos);
  std::memcpy(qvel, ref.qvel, sizeof qvel);
  std::memcpy(iquat, mp.iquat, sizeof iquat);
  if (mut == kQuatOrder) {  // input: qpos's w x y z read as x y z w
    const double w = qpos[3], x = qpos[4], y = qpos[5], z = qpos[6];
    qpos[3] = z, qpos[4] = w, qpos[5] = x, qpos[6] = y;
  }
  if (mut == kNoIquat) iquat[0] = 1, iquat[1] = iquat[2] = iquat[3] = 0;  // input

  // THE CONVERSION: pose and twist from MuJoCo's convention to the engine's,
  // for a body with COM body_ipos and principal axes body_iquat (body axes)
  check_ok(spconv_state_convert(pose, twist, &engine, qpos, qvel, &mujoco, mp.ipos, iquat),
           "spconv_state_convert");

  if (mut == kFlipW) {  // output: the angular half negated
    const int ang = engine.twist.order == SPCONV_ORDER_ANGULAR_FIRST ? 0 : 3;
    for (int i = 0; i < 3; ++i) twist[ang + i] = -twist[ang + i];
  }
  if (mut == kComUnrotated && engine.pose.point == SPCONV_POINT_COM) {
    // output: p_C = p_O + ipos, the offset not turned by the body's R
    double r[3];
    spconv_quat_rotate_wxyz(r, qpos + 3, mp.ipos);
    for (int i = 0; i < 3; ++i) pose[i] += mp.ipos[i] - r[i];
  }
}

struct Errors {
  double handoff = 0;  // right after the hand-off: max(COM m, angle rad)
  double pos = 0;      // max COM distance over the second half, m
  double ang = 0;      // max inertial-frame angle over the second half, rad
  bool applicable = true;
};

// Hand engine `id` the state at T/2, fly it to T next to MuJoCo's reference.
Errors fly_engine(int id, const Reference &ref, const MassProps &mp, Mutation mut) {
  const spconv_pose_convention native =
      spconv_state_convention_from_preset(kEnginePresets[id]).pose;
  const spconv_pose_convention common = common_pose();
  double pose[7], twist[6], good_pose[7], good_twist[6];
  handoff_state(pose, twist, id, ref, mp, mut);
  handoff_state(good_pose, good_twist, id, ref, mp, kNone);
  Errors e;
  e.applicable = mut == kNone || std::memcmp(pose, good_pose, sizeof pose) != 0 ||
                 std::memcmp(twist, good_twist, sizeof twist) != 0;
  std::unique_ptr<Engine> engine = make_engine(id, mp, ref.h);
  engine->set_state(pose, twist);
  for (int k = 0; k <= ref.half; ++k) {
    double own[7], p[7];
    engine->get_pose(own);
    // engine's convention -> common (COM, inertial axes), true COM and axes
    check_ok(spconv_pose_convert(p, &common, own, &native, mp.ipos, mp.iquat),
             "spconv_pose_convert");
    const double *want = &ref.poses[size_t(7 * k)];
    double dpos = 0;
    for (int i = 0; i < 3; ++i) dpos += (p[i] - want[i]) * (p[i] - want[i]);
    dpos = std::sqrt(dpos);
    const double dang = double(spconv_quat_angle_wxyz(p + 3, want + 3));
    if (k == 0) e.handoff = std::fmax(dpos, dang);
    e.pos = std::fmax(e.pos, dpos);
    e.ang = std::fmax(e.ang, dang);
    if (k < ref.half) engine->step();
  }
  return e;
}

}  // namespace

int main(int argc, char **argv) {
  const bool check = argc > 1 && std::strcmp(argv[1], "--check") == 0;
  mjModel *m = load_model();
  if (!m || m->nbody != 2 || m->nq != 7 || m->nv != 6) return 2;
  const MassProps mp = mass_props(m);
  dInitODE2(0);
  int failures = 0;
  auto fail_if = [&failures](bool bad, const std::string &what) {
    if (bad) {
      ++failures;
      std::printf("FAIL %s\n", what.c_str());
    }
  };

  std::printf("Hand-off at t = %.2f s of a %.2f s flight; MuJoCo %s RK4 is the reference.\n",
              0.5 * kFlightTime, kFlightTime, mj_versionString());
  std::printf(
      "Errors vs MuJoCo over t = T/2 .. T: COM position (m), inertial-frame angle (rad).\n\n");

  // ---- 1. correct hand-off, three step sizes
  std::vector<Reference> refs;
  Errors correct[kNumSteps][kNumEngines];
  std::printf("%-7s %-8s %-12s %-13s %-13s %s\n", "engine", "step", "at hand-off", "max COM err",
              "max angle err", "order (COM, angle)");
  double xipos_check = 0;
  for (int s = 0; s < kNumSteps; ++s) {
    refs.push_back(fly_mujoco(m, kSteps[s]));
    xipos_check = std::fmax(xipos_check, refs.back().xipos_check);
  }
  for (int id = 0; id < kNumEngines; ++id) {
    for (int s = 0; s < kNumSteps; ++s) {
      const Errors e = correct[s][id] = fly_engine(id, refs[size_t(s)], mp, kNone);
      char order[40] = "";
      if (s > 0) {
        const Errors &prev = correct[s - 1][id];
        std::snprintf(order, sizeof order, "%.2f, %.2f", std::log2(prev.pos / e.pos),
                      std::log2(prev.ang / e.ang));
        fail_if(e.pos * kMinHalvingGain > prev.pos || e.ang * kMinHalvingGain > prev.ang,
                std::string(kEngineNames[id]) + ": error does not shrink with the step");
      }
      std::printf("%-7s %-8.2e %-12.2e %-13.3e %-13.3e %s\n", kEngineNames[id], kSteps[s],
                  e.handoff, e.pos, e.ang, order);
      fail_if(e.handoff > kMaxHandoffErr[id],
              std::string(kEngineNames[id]) + ": state read back after the hand-off differs");
    }
    const Errors &fine = correct[kNumSteps - 1][id];
    fail_if(fine.pos > kMaxPosErr || fine.ang > kMaxAngErr,
            std::string(kEngineNames[id]) + ": error at the smallest step above the threshold");
  }
  std::printf(
      "thresholds at step %.2e: COM %.0e m, angle %.0e rad; each halving of the step\n"
      "divides both errors by %.1f or more\n",
      kSteps[kNumSteps - 1], kMaxPosErr, kMaxAngErr, kMinHalvingGain);
  std::printf("spconv's COM pose of MuJoCo's qpos vs MuJoCo's own xipos / ximat: %.2e\n\n",
              xipos_check);
  fail_if(xipos_check > 1e-12, "spconv's COM pose differs from MuJoCo's xipos / ximat");

  // ---- 2. mutations, at the smallest step
  const Reference &ref = refs.back();
  std::printf(
      "Mutations at step %.2e (factor: the larger of the COM and angle error ratios\n"
      "to the correct hand-off's; n/a: the conversion does not read that input)\n",
      ref.h);
  std::printf("%-11s %-7s %-12s %-13s %-13s %s\n", "mutation", "engine", "at hand-off",
              "max COM err", "max angle err", "factor");
  double min_factor = 1e300;
  for (int mut = kFlipW; mut < kNumMutations; ++mut)
    for (int id = 0; id < kNumEngines; ++id) {
      const Errors e = fly_engine(id, ref, mp, Mutation(mut));
      const Errors &good = correct[kNumSteps - 1][id];
      const double factor = std::fmax(e.pos / good.pos, e.ang / good.ang);
      char fac[32];
      if (e.applicable) {
        std::snprintf(fac, sizeof fac, "%.3g", factor);
        min_factor = std::fmin(min_factor, factor);
        fail_if(factor < kMinMutationFactor,
                std::string(kMutationNames[mut]) + " not caught for " + kEngineNames[id]);
      } else {
        std::snprintf(fac, sizeof fac, "n/a");
      }
      std::printf("%-11s %-7s %-12.2e %-13.3e %-13.3e %s\n", kMutationNames[mut], kEngineNames[id],
                  e.handoff, e.pos, e.ang, fac);
    }
  std::printf("smallest factor of an applicable mutation: %.3g (required: %.0f)\n", min_factor,
              kMinMutationFactor);

  dCloseODE();
  mj_deleteModel(m);
  if (check) std::printf("%s\n", failures ? "handoff --check: FAILED" : "handoff --check: ok");
  return check && failures ? 1 : 0;
}
