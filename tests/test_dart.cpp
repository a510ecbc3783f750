// spatial_conv.h sections: engine conventions (vs DART 6.12, Debian's libdart-dev).
// A dart::dynamics::SimpleFrame moved with setClassicDerivatives (classical
// velocity and acceleration of its origin, world axes) is read back through
// DART's own accessors and compared with the header's conversions, one
// check function per header function (a failure names both):
//   getSpatialVelocity()                      SPCONV_PRESET_DART_BODY
//   getSpatialVelocity(World, World)          SPCONV_PRESET_DART_WORLD
//   math::AdT(T, getSpatialVelocity())        SPCONV_PRESET_MR_SPACE
//   getSpatialAcceleration()                  SPCONV_PRESET_DART_BODY (spatial)
//   getSpatialAcceleration(World, World)      SPCONV_PRESET_DART_WORLD (spatial)
//   getLinearVelocity / getLinearAcceleration of the COM offset
//                                             SPCONV_PRESET_NEWTON (classical)
//   math::dAdT(T, F_space) (= Ad_T^T F)       wrench SPCONV_PRESET_MR_SPACE -> MR_BODY
// DART computes in double; the header runs in this build's precision.
#include <dart/dynamics/SimpleFrame.hpp>
#include <dart/math/Geometry.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>

#include "spatial_conv.h"

namespace {

#ifdef SPCONV_USE_FLOAT
const double kTol = 1e-5;
const char *kPrecision = "float";
#else
const double kTol = 1e-12;
const char *kPrecision = "double";
#endif

std::uint64_t rng_state = 0xda27da27ULL;
double uniform(double lo, double hi) {  // splitmix64
  std::uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  z ^= z >> 31;
  return lo + (hi - lo) * static_cast<double>(z >> 11) * (1.0 / 9007199254740992.0);
}

int failures = 0;
long checks = 0;
double worst = 0.0;

// max |a - b| / max(1, max |b|) <= kTol
void check(const char *what, const spconv_real *a, const Eigen::Vector6d &b) {
  double scale = 1.0, err = 0.0;
  for (int i = 0; i < 6; ++i) scale = std::fmax(scale, std::fabs(b[i]));
  for (int i = 0; i < 6; ++i) err = std::fmax(err, std::fabs(static_cast<double>(a[i]) - b[i]) / scale);
  worst = std::fmax(worst, err);
  ++checks;
  if (!(err <= kTol)) {
    ++failures;
    std::printf("FAIL %s: relative error %.3g > %.0e\n", what, err, kTol);
    for (int i = 0; i < 6; ++i)
      std::printf("  [%d] got % .17g want % .17g\n", i, static_cast<double>(a[i]), b[i]);
  }
}

// a conversion that must succeed (every descriptor here is valid)
void check_ok(int status) {
  if (status != SPCONV_OK) {
    ++failures;
    std::printf("FAIL status %d (%s), want SPCONV_OK\n", status, spconv_status_string(status));
  }
}

Eigen::Vector6d cat(const Eigen::Vector3d &a, const Eigen::Vector3d &b) {
  Eigen::Vector6d r;
  r << a, b;
  return r;
}

void to_real(spconv_real *res, const Eigen::Vector6d &x) {
  for (int i = 0; i < 6; ++i) res[i] = static_cast<spconv_real>(x[i]);
}

spconv_convention classical_origin_world() {  // [v_O; w], [a_O; alpha], world
  spconv_convention c = spconv_convention_from_preset(SPCONV_PRESET_PINOCCHIO_LWA);
  c.accel = SPCONV_ACCEL_CLASSICAL;
  return c;
}

// The conventions the checks convert between, and one random case: DART's
// frame and the header's inputs for it.
struct Conventions {
  spconv_convention from, dart_body, dart_world, mr_space, mr_body, newton;
};

Conventions conventions() {
  Conventions c;
  c.from = classical_origin_world();
  c.dart_body = spconv_convention_from_preset(SPCONV_PRESET_DART_BODY);
  c.dart_world = spconv_convention_from_preset(SPCONV_PRESET_DART_WORLD);
  c.mr_space = spconv_convention_from_preset(SPCONV_PRESET_MR_SPACE);
  c.mr_body = spconv_convention_from_preset(SPCONV_PRESET_MR_BODY);
  c.newton = spconv_convention_from_preset(SPCONV_PRESET_NEWTON);
  return c;
}

struct Case {
  Eigen::Isometry3d T;
  Eigen::Vector3d com;
  spconv_body body;
  spconv_real twist[6], accel[6];
};

// spconv_twist_convert vs DART's spatial and COM velocities
void check_twist_convert(const Conventions &c, const Case &k,
                         const dart::dynamics::SimpleFrame &frame) {
  using dart::dynamics::Frame;
  spconv_real res[6];
  const Eigen::Vector6d V_body = frame.getSpatialVelocity();
  check_ok(spconv_twist_convert(res, &c.dart_body, k.twist, &c.from, &k.body));
  check("spconv_twist_convert(DART_BODY) vs getSpatialVelocity()", res, V_body);
  check_ok(spconv_twist_convert(res, &c.dart_world, k.twist, &c.from, &k.body));
  check("spconv_twist_convert(DART_WORLD) vs getSpatialVelocity(World, World)", res,
        frame.getSpatialVelocity(Frame::World(), Frame::World()));
  check_ok(spconv_twist_convert(res, &c.mr_space, k.twist, &c.from, &k.body));
  check("spconv_twist_convert(MR_SPACE) vs AdT(T, V_body)", res, dart::math::AdT(k.T, V_body));
  // the COM: DART's classical velocity of a fixed offset
  check_ok(spconv_twist_convert(res, &c.newton, k.twist, &c.from, &k.body));
  check("spconv_twist_convert(NEWTON) vs getLinearVelocity(com)", res,
        cat(frame.getLinearVelocity(k.com, Frame::World(), Frame::World()),
            frame.getAngularVelocity(Frame::World(), Frame::World())));
}

// spconv_accel_convert vs DART's spatial and COM accelerations
void check_accel_convert(const Conventions &c, const Case &k,
                         const dart::dynamics::SimpleFrame &frame) {
  using dart::dynamics::Frame;
  spconv_real res[6];
  check_ok(spconv_accel_convert(res, &c.dart_body, k.accel, &c.from, k.twist, &k.body));
  check("spconv_accel_convert(DART_BODY) vs getSpatialAcceleration()", res,
        frame.getSpatialAcceleration());
  check_ok(spconv_accel_convert(res, &c.dart_world, k.accel, &c.from, k.twist, &k.body));
  check("spconv_accel_convert(DART_WORLD) vs getSpatialAcceleration(World, World)", res,
        frame.getSpatialAcceleration(Frame::World(), Frame::World()));
  // the COM: DART's classical acceleration of a fixed offset
  check_ok(spconv_accel_convert(res, &c.newton, k.accel, &c.from, k.twist, &k.body));
  check("spconv_accel_convert(NEWTON) vs getLinearAcceleration(com)", res,
        cat(frame.getLinearAcceleration(k.com, Frame::World(), Frame::World()),
            frame.getAngularAcceleration(Frame::World(), Frame::World())));
}

// spconv_wrench_convert: the body wrench of a space wrench is
// dAdT(T, F_s) = Ad_T^T F_s
void check_wrench_convert(const Conventions &c, const Case &k, const Eigen::Vector6d &F_s) {
  spconv_real g[6], res[6];
  to_real(g, F_s);
  check_ok(spconv_wrench_convert(res, &c.mr_body, g, &c.mr_space, &k.body));
  check("spconv_wrench_convert(MR_SPACE -> MR_BODY) vs dAdT(T, F_space)", res,
        dart::math::dAdT(k.T, F_s));
}

}  // namespace

int main() {
  using dart::dynamics::Frame;
  using dart::dynamics::SimpleFrame;
  const int kCases = 2000;
  const Conventions c = conventions();

  for (int n = 0; n < kCases; ++n) {
    // a random pose, classical derivatives of the origin, and a COM offset
    Eigen::Quaterniond q(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
    if (q.norm() < 1e-3) continue;
    q.normalize();
    Case k;
    k.T = Eigen::Isometry3d::Identity();
    k.T.linear() = q.toRotationMatrix();
    k.T.translation() = Eigen::Vector3d(uniform(-2, 2), uniform(-2, 2), uniform(-2, 2));
    Eigen::Vector3d v(uniform(-3, 3), uniform(-3, 3), uniform(-3, 3));
    Eigen::Vector3d w(uniform(-3, 3), uniform(-3, 3), uniform(-3, 3));
    Eigen::Vector3d a(uniform(-3, 3), uniform(-3, 3), uniform(-3, 3));
    Eigen::Vector3d al(uniform(-3, 3), uniform(-3, 3), uniform(-3, 3));
    k.com = Eigen::Vector3d(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));

    SimpleFrame frame(Frame::World(), "body", k.T);
    frame.setClassicDerivatives(v, w, a, al);

    for (int i = 0; i < 3; ++i) {
      k.body.pos[i] = static_cast<spconv_real>(k.T.translation()[i]);
      k.body.com[i] = static_cast<spconv_real>(k.com[i]);
    }
    k.body.quat_wxyz[0] = static_cast<spconv_real>(q.w());
    k.body.quat_wxyz[1] = static_cast<spconv_real>(q.x());
    k.body.quat_wxyz[2] = static_cast<spconv_real>(q.y());
    k.body.quat_wxyz[3] = static_cast<spconv_real>(q.z());
    to_real(k.twist, cat(v, w));
    to_real(k.accel, cat(a, al));

    check_twist_convert(c, k, frame);
    check_accel_convert(c, k, frame);

    Eigen::Vector6d F_s;
    for (int i = 0; i < 6; ++i) F_s[i] = uniform(-3, 3);
    check_wrench_convert(c, k, F_s);
  }
  std::printf("spatial_conv vs DART %s (%s): %ld comparisons, largest relative error %.3g "
              "(tolerance %.0e), %d failed\n",
              DART_VERSION, kPrecision, checks, worst, kTol, failures);
  return failures ? 1 : 0;
}
