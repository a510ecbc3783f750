// spatial_conv.h sections: spatial vectors, engine conventions and body
// states (vs Orocos KDL 1.5, Debian's liborocos-kdl-dev). KDL::Twist is
// [vel; rot] and KDL::Wrench [force; torque], linear first like the header.
// KDL's own words (kdl/frames.hpp, frames.inl), each checked here:
//   Twist::RefPoint(v_base_AB), Wrench::RefPoint(v_base_AB): v_base_AB is
//     "a vector from the old point to the new point", in the 6-vector's
//     base: rot x v_base_AB is added to vel, force x v_base_AB to torque
//                               spconv_twist_shift / spconv_wrench_shift, r = v_base_AB
//   Rotation * Twist / Wrench: the base changes, the point stays
//                               spconv_spatial_rotate
//   Frame F_A_B * Twist / Wrench (expressed in B at B's origin) gives it
//     expressed in A at A's origin: with F the body's pose (world <- body),
//     body axes at the body origin -> world axes at the world origin
//                               spconv_twist_convert / spconv_wrench_convert
//                               PINOCCHIO_LOCAL -> PINOCCHIO_WORLD (and
//                               MR_BODY -> MR_SPACE), spconv_spatial_rotate then
//                               shift by -p; Frame::Inverse the other way
//   (F_A_B.M * Twist).RefPoint(F_A_B.M * com)
//                               spconv_twist_convert ROS_ODOM -> ISAACLAB
//   Rotation::Quaternion(x, y, z, w)   spconv_mat_from_quat_wxyz
//   F * Frame(iquat, com) (the inertial frame at the COM)
//                               spconv_pose_from_body / spconv_body_from_pose /
//                               spconv_pose_convert (MUJOCO_XFRC pose: COM,
//                               inertial frame)
// KDL computes in double; inputs are rounded to this build's spconv_real
// first and both sides get the same numbers. Tolerance (relative to
// max(1, |expected|)): 1e-12 in double (a few ulps on values up to ~30),
// 1e-5 in float.
#include <kdl/config.h>

#include <kdl/frames.hpp>

#ifdef SPCONV_USE_FLOAT
#  define ENGINE_TOL 1e-5
#else
#  define ENGINE_TOL 1e-12
#endif
#include "test_engine_util.h"

namespace {

double dbl(spconv_real x) { return static_cast<double>(x); }

KDL::Vector vec(const spconv_real *x) { return KDL::Vector(dbl(x[0]), dbl(x[1]), dbl(x[2])); }
KDL::Rotation rot(const spconv_real q[4]) {
  return KDL::Rotation::Quaternion(dbl(q[1]), dbl(q[2]), dbl(q[3]), dbl(q[0]));
}
KDL::Twist twist(const spconv_real x[6]) { return KDL::Twist(vec(x), vec(x + 3)); }
KDL::Wrench wrench(const spconv_real x[6]) { return KDL::Wrench(vec(x), vec(x + 3)); }

void cat(double res[6], const KDL::Vector &a, const KDL::Vector &b) {
  for (int i = 0; i < 3; ++i) {
    res[i] = a(i);
    res[3 + i] = b(i);
  }
}
void doubles(double res[6], const KDL::Twist &t) { cat(res, t.vel, t.rot); }
void doubles(double res[6], const KDL::Wrench &w) { cat(res, w.force, w.torque); }

// a pose [p; q_wxyz] vs a KDL frame, as [p; rows of R] (12 numbers)
void check_pose(const char *what, const spconv_real pose[7], const KDL::Frame &want) {
  spconv_real got[12];
  double w[12];
  engine_pose_rows(got, pose, SPCONV_ROT_QUAT_WXYZ);
  for (int i = 0; i < 3; ++i) {
    w[i] = want.p(i);
    for (int j = 0; j < 3; ++j) w[3 + 3 * i + j] = want.M(i, j);
  }
  engine_check(what, got, w, 12);
}

struct Presets {
  spconv_convention local, world, mr_body, mr_space, ros_odom, isaaclab;
  spconv_pose_convention origin, xfrc;
};

Presets presets() {
  Presets p;
  p.local = spconv_convention_from_preset(SPCONV_PRESET_PINOCCHIO_LOCAL);
  p.world = spconv_convention_from_preset(SPCONV_PRESET_PINOCCHIO_WORLD);
  p.mr_body = spconv_convention_from_preset(SPCONV_PRESET_MR_BODY);
  p.mr_space = spconv_convention_from_preset(SPCONV_PRESET_MR_SPACE);
  p.ros_odom = spconv_convention_from_preset(SPCONV_PRESET_ROS_ODOM);
  p.isaaclab = spconv_convention_from_preset(SPCONV_PRESET_ISAACLAB);
  p.origin = spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE).pose;
  p.xfrc = spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_XFRC).pose;
  return p;
}

// shifts: RefPoint(r) = shift by r, same axes
void check_ref_point(const spconv_real t[6], const spconv_real f[6], const spconv_real r[3]) {
  spconv_real res[6];
  double want[6];
  spconv_twist_shift(res, t, r);
  doubles(want, twist(t).RefPoint(vec(r)));
  engine_check("spconv_twist_shift(r) vs Twist::RefPoint(r)", res, want, 6);
  spconv_wrench_shift(res, f, r);
  doubles(want, wrench(f).RefPoint(vec(r)));
  engine_check("spconv_wrench_shift(r) vs Wrench::RefPoint(r)", res, want, 6);
}

// Rotation::Quaternion, Rotation * Twist / Wrench
void check_rotation(const spconv_real q[4], const spconv_real t[6], const spconv_real f[6]) {
  spconv_real R[9], res[9];
  double want[9];
  const KDL::Rotation M = rot(q);
  spconv_mat_from_quat_wxyz(R, q);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) want[3 * i + j] = M(i, j);
  engine_check("spconv_mat_from_quat_wxyz vs Rotation::Quaternion(x, y, z, w)", R, want, 9);
  spconv_spatial_rotate(res, R, t);
  doubles(want, M * twist(t));
  engine_check("spconv_spatial_rotate vs Rotation * Twist", res, want, 6);
  spconv_spatial_rotate(res, R, f);
  doubles(want, M * wrench(f));
  engine_check("spconv_spatial_rotate vs Rotation * Wrench", res, want, 6);
}

// Frame * Twist / Wrench: body axes at the body origin -> world axes at the
// world origin; Frame::Inverse back
void check_frame(const Presets &ps, const spconv_body &b, const spconv_real t[6],
                 const spconv_real f[6]) {
  const KDL::Frame F(rot(b.quat_wxyz), vec(b.pos));
  spconv_real res[6], R[9], r[3], sw[6], sw_res[6];
  double want[6];
  // twists
  engine_check_ok(spconv_twist_convert(res, &ps.world, t, &ps.local, &b), "spconv_twist_convert");
  doubles(want, F * twist(t));
  engine_check("spconv_twist_convert(PINOCCHIO_LOCAL -> PINOCCHIO_WORLD) vs Frame * Twist", res,
               want, 6);
  spconv_mat_from_quat_wxyz(R, b.quat_wxyz);
  for (int i = 0; i < 3; ++i) r[i] = -b.pos[i];
  spconv_spatial_rotate(res, R, t);
  spconv_twist_shift(res, res, r);
  engine_check("spconv_spatial_rotate + spconv_twist_shift(-p) vs Frame * Twist", res, want, 6);
  spconv_spatial_swap(sw, t);  // MR: angular first
  engine_check_ok(spconv_twist_convert(sw_res, &ps.mr_space, sw, &ps.mr_body, &b),
                  "spconv_twist_convert");
  spconv_spatial_swap(res, sw_res);
  engine_check("spconv_twist_convert(MR_BODY -> MR_SPACE), swapped, vs Frame * Twist", res, want,
               6);
  engine_check_ok(spconv_twist_convert(res, &ps.local, t, &ps.world, &b), "spconv_twist_convert");
  doubles(want, F.Inverse(twist(t)));
  engine_check("spconv_twist_convert(PINOCCHIO_WORLD -> PINOCCHIO_LOCAL) vs Frame::Inverse(Twist)",
               res, want, 6);
  // wrenches
  engine_check_ok(spconv_wrench_convert(res, &ps.world, f, &ps.local, &b), "spconv_wrench_convert");
  doubles(want, F * wrench(f));
  engine_check("spconv_wrench_convert(PINOCCHIO_LOCAL -> PINOCCHIO_WORLD) vs Frame * Wrench", res,
               want, 6);
  spconv_spatial_rotate(res, R, f);
  spconv_wrench_shift(res, res, r);
  engine_check("spconv_spatial_rotate + spconv_wrench_shift(-p) vs Frame * Wrench", res, want, 6);
  engine_check_ok(spconv_wrench_convert(res, &ps.local, f, &ps.world, &b), "spconv_wrench_convert");
  doubles(want, F.Inverse(wrench(f)));
  engine_check(
      "spconv_wrench_convert(PINOCCHIO_WORLD -> PINOCCHIO_LOCAL) vs Frame::Inverse(Wrench)", res,
      want, 6);
  // body axes at the origin (ROS_ODOM) -> world axes at the COM (ISAACLAB):
  // rotate, then move the point by R com
  engine_check_ok(spconv_twist_convert(res, &ps.isaaclab, t, &ps.ros_odom, &b),
                  "spconv_twist_convert");
  doubles(want, (F.M * twist(t)).RefPoint(F.M * vec(b.com)));
  engine_check("spconv_twist_convert(ROS_ODOM -> ISAACLAB) vs (M * Twist).RefPoint(M * com)", res,
               want, 6);
  engine_check_ok(spconv_wrench_convert(res, &ps.isaaclab, f, &ps.ros_odom, &b),
                  "spconv_wrench_convert");
  doubles(want, (F.M * wrench(f)).RefPoint(F.M * vec(b.com)));
  engine_check("spconv_wrench_convert(ROS_ODOM -> ISAACLAB) vs (M * Wrench).RefPoint(M * com)", res,
               want, 6);
}

// poses: the inertial frame at the COM is F * Frame(iquat, com)
void check_poses(const Presets &ps, const spconv_body &b) {
  const KDL::Frame F(rot(b.quat_wxyz), vec(b.pos));
  const KDL::Frame I = F * KDL::Frame(rot(b.iquat_wxyz), vec(b.com));
  spconv_real origin[7], xfrc[7], res[7];
  engine_check_ok(spconv_pose_from_body(xfrc, &ps.xfrc, &b), "spconv_pose_from_body");
  check_pose("spconv_pose_from_body(MUJOCO_XFRC: COM, inertial) vs F * Frame(iquat, com)", xfrc, I);
  engine_body_pose(origin, &b);
  engine_check_ok(spconv_pose_convert(res, &ps.xfrc, origin, &ps.origin, b.com, b.iquat_wxyz),
                  "spconv_pose_convert");
  check_pose("spconv_pose_convert(origin -> MUJOCO_XFRC) vs F * Frame(iquat, com)", res, I);
  spconv_body back;
  engine_check_ok(spconv_body_from_pose(&back, xfrc, &ps.xfrc, b.com, b.iquat_wxyz),
                  "spconv_body_from_pose");
  engine_body_pose(res, &back);
  check_pose("spconv_body_from_pose(MUJOCO_XFRC) vs I * Frame(iquat, com).Inverse()", res,
             I * KDL::Frame(rot(b.iquat_wxyz), vec(b.com)).Inverse());
}

}  // namespace

int main() {
  const int kCases = 200;
  engine_seed(0x6d1c6d1c6d1cULL);
  const Presets ps = presets();
  for (int n = 0; n < kCases; ++n) {
    spconv_body b;
    spconv_real t[6], f[6], r[3];
    engine_random_vec(b.pos, 2.0);
    engine_random_quat(b.quat_wxyz);
    engine_random_vec(b.com, 0.8);
    engine_random_quat(b.iquat_wxyz);
    engine_random_vec(t, 3.0);
    engine_random_vec(t + 3, 3.0);
    engine_random_vec(f, 5.0);
    engine_random_vec(f + 3, 5.0);
    engine_random_vec(r, 2.0);
    check_ref_point(t, f, r);
    check_rotation(b.quat_wxyz, t, f);
    check_frame(ps, b, t, f);
    check_poses(ps, b);
  }
  return engine_summary("Orocos KDL " KDL_VERSION_STRING, "double", kCases);
}
