// spconv_jacobian_convert vs DART 6.12 (Debian's libdart-dev).
//
// Seeded random Skeletons: chains of 2 .. 7 bodies, each on a revolute or
// prismatic joint about a random axis, or a free joint (6 dofs), with
// random parent-to-joint and child-to-joint transforms. Each body has a
// random mass, a local COM c (BodyNode::setLocalCOM, body axes, |c_i| < 1)
// and a moment of inertia about rotated principal axes (a full 3x3 tensor
// in body axes). For every body B (origin p, rotation R: getWorldTransform)
// DART gives its Jacobian over the dofs B depends on as a 6 x n Eigen
// matrix, column-major, in these forms:
//   getJacobian()                [w; v_O], B's axes       DART_BODY
//   getWorldJacobian()           [w; v_O], world axes     DART_WORLD
//   getJacobian(c)               [w; v_C], B's axes       (angular first, COM, body)
//   getWorldJacobian(c)          [w; v_C], world axes     (angular first, COM, world)
//   getWorldJacobian(-R^T p)     [w; v at the world origin], world  MR_SPACE
//   [getLinearJacobian(); getAngularJacobian()]               [v_O; w] world  PINOCCHIO_LWA
//   [getLinearJacobian(c); getAngularJacobian()]              [v_C; w] world  NEWTON
//   [getLinearJacobian(0, B); getAngularJacobian(B)]          [v_O; w] B's axes  PINOCCHIO_LOCAL
//   [getLinearJacobian(); getAngularJacobian(B)]              [v_O world; w B's axes]  MUJOCO_FREE
// and the header's conversion of getJacobian() must give each of them in
// column-major (DART's storage), row-major (the transposed copy) and in
// place; each converts back to getJacobian(), and getWorldJacobian()
// converts into every other form. With random joint velocities qd set on
// the Skeleton, the Jacobians getJacobian() of all bodies of a Skeleton,
// over all its dofs (zero columns for the dofs a body does not depend on),
// go through spconv_jacobian_convert_n at once (column-major, and row-major
// in place) into each form, and J qd must be DART's velocity of the body
// in that form, which DART propagates along the tree without Jacobians:
//   getSpatialVelocity()                  [w; v_O], B's axes
//   getSpatialVelocity(World, World)      [w; v_O], world axes
//   getSpatialVelocity(c, World, B)       [w; v_C], B's axes (and World)
//   getSpatialVelocity(-R^T p, World, World)   [w; v at the world origin]
//   [getLinearVelocity(); getAngularVelocity()] and the other stacked forms,
//   with getLinearVelocity(c) at the COM and B's axes where the Jacobian
//   uses them.
// The body: pos p and the quaternion of R,
// com c as DART holds it, iquat the principal axes of DART's inertia
// (which twist conventions do not read). Joint positions and the local COM
// are rounded to spconv_real before DART sees them; DART computes in
// double and its pose is rounded to spconv_real for the header.
#include <dart/dynamics/BodyNode.hpp>
#include <dart/dynamics/FreeJoint.hpp>
#include <dart/dynamics/PrismaticJoint.hpp>
#include <dart/dynamics/RevoluteJoint.hpp>
#include <dart/dynamics/Skeleton.hpp>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "test_core_xcheck.h"

namespace {

using dart::dynamics::BodyNode;
using dart::dynamics::Frame;

const char *const L = "DART";
const int N_SKELETONS = 400;  // 2 .. 7 bodies each: >= 800 bodies, ~1800 expected
const int N_FORMS = 9;

// a preset with its point moved (DART's Jacobians at an offset)
spconv_convention at_point(spconv_preset_id id, spconv_point point) {
  spconv_convention c = spconv_convention_from_preset(id);
  c.point = point;
  return c;
}

struct Form {
  const char *name;
  spconv_convention conv;
  const char *velocity;  // DART's velocity in this form (dart_velocity)
};

const Form *forms() {
  static const Form f[N_FORMS] = {
      {"getJacobian()", spconv_convention_from_preset(SPCONV_PRESET_DART_BODY),
       "getSpatialVelocity()"},
      {"getWorldJacobian()", spconv_convention_from_preset(SPCONV_PRESET_DART_WORLD),
       "getSpatialVelocity(World, World)"},
      {"getJacobian(com)", at_point(SPCONV_PRESET_DART_BODY, SPCONV_POINT_COM),
       "getSpatialVelocity(com, World, B)"},
      {"getWorldJacobian(com)", at_point(SPCONV_PRESET_DART_WORLD, SPCONV_POINT_COM),
       "getSpatialVelocity(com, World, World)"},
      {"getWorldJacobian(-R^T p) (MR_SPACE)", spconv_convention_from_preset(SPCONV_PRESET_MR_SPACE),
       "getSpatialVelocity(-R^T p, World, World)"},
      {"[Linear(); Angular()] (PINOCCHIO_LWA)",
       spconv_convention_from_preset(SPCONV_PRESET_PINOCCHIO_LWA),
       "[getLinearVelocity(); getAngularVelocity()]"},
      {"[Linear(com); Angular()] (NEWTON)", spconv_convention_from_preset(SPCONV_PRESET_NEWTON),
       "[getLinearVelocity(com); getAngularVelocity()]"},
      {"[Linear(0, B); Angular(B)] (PINOCCHIO_LOCAL)",
       spconv_convention_from_preset(SPCONV_PRESET_PINOCCHIO_LOCAL),
       "[getLinearVelocity(0, World, B); getAngularVelocity(World, B)]"},
      {"[Linear(); Angular(B)] (MUJOCO_FREE)",
       spconv_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE),
       "[getLinearVelocity(); getAngularVelocity(World, B)]"},
  };
  return f;
}

// DART's Jacobian of body bn in form f (see the list above)
Eigen::MatrixXd dart_form(const BodyNode *bn, int f) {
  const Eigen::Isometry3d T = bn->getWorldTransform();
  const Eigen::Vector3d c = bn->getLocalCOM(), zero = Eigen::Vector3d::Zero();
  const Eigen::Index n = bn->getJacobian().cols();
  Eigen::MatrixXd J(6, n);
  switch (f) {
    case 0: J = bn->getJacobian(); break;
    case 1: J = bn->getWorldJacobian(); break;
    case 2: J = bn->getJacobian(c); break;
    case 3: J = bn->getWorldJacobian(c); break;
    case 4: J = bn->getWorldJacobian(-(T.linear().transpose() * T.translation())); break;
    case 5: J << bn->getLinearJacobian(), bn->getAngularJacobian(); break;
    case 6: J << bn->getLinearJacobian(c), bn->getAngularJacobian(); break;
    case 7: J << bn->getLinearJacobian(zero, bn), bn->getAngularJacobian(bn); break;
    default: J << bn->getLinearJacobian(), bn->getAngularJacobian(bn); break;
  }
  return J;
}

// DART's velocity of body bn in form f, as J qd gives it for J = dart_form(bn, f)
Eigen::Matrix<double, 6, 1> dart_velocity(const BodyNode *bn, int f) {
  const Frame *const W = Frame::World();
  const Eigen::Isometry3d T = bn->getWorldTransform();
  const Eigen::Vector3d c = bn->getLocalCOM(), zero = Eigen::Vector3d::Zero();
  Eigen::Matrix<double, 6, 1> V;
  switch (f) {
    case 0: V = bn->getSpatialVelocity(); break;
    case 1: V = bn->getSpatialVelocity(W, W); break;
    case 2: V = bn->getSpatialVelocity(c, W, bn); break;
    case 3: V = bn->getSpatialVelocity(c, W, W); break;
    case 4: V = bn->getSpatialVelocity(-(T.linear().transpose() * T.translation()), W, W); break;
    case 5: V << bn->getLinearVelocity(), bn->getAngularVelocity(); break;
    case 6: V << bn->getLinearVelocity(c), bn->getAngularVelocity(); break;
    case 7: V << bn->getLinearVelocity(zero, W, bn), bn->getAngularVelocity(W, bn); break;
    default: V << bn->getLinearVelocity(), bn->getAngularVelocity(W, bn); break;
  }
  return V;
}

spconv_real real(double x) { return static_cast<spconv_real>(x); }

Eigen::Vector3d rand_vector(double a) {
  return Eigen::Vector3d(xc_uniform(-a, a), xc_uniform(-a, a), xc_uniform(-a, a));
}

Eigen::Isometry3d rand_transform(double a) {
  spconv_real q[7];
  xc_pose_kind(q, static_cast<int>(xc_uniform(0, XC_KINDS)));
  if (q[3] == 0 && q[4] == 0 && q[5] == 0 && q[6] == 0) q[3] = 1;
  Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
  T.linear() = Eigen::Quaterniond(static_cast<double>(q[3]), static_cast<double>(q[4]),
                                  static_cast<double>(q[5]), static_cast<double>(q[6]))
                   .normalized()
                   .toRotationMatrix();
  T.translation() = rand_vector(a);
  return T;
}

// body b on a joint of type JointT (properties p: its axis) under parent
// (nullptr: the world), at random transforms; named, so DART does not
// report a renamed duplicate
template <class JointT>
BodyNode *add_joint(const dart::dynamics::SkeletonPtr &skel, BodyNode *parent, int b,
                    typename JointT::Properties p) {
  const std::string name = std::to_string(b);
  p.mName = "joint" + name;
  p.mT_ParentBodyToJoint = rand_transform(0.5);
  p.mT_ChildBodyToJoint = rand_transform(0.3);
  const BodyNode::Properties body(BodyNode::AspectProperties("body" + name));
  return skel->createJointAndBodyNodePair<JointT>(parent, p, body).second;
}

// body b on a revolute or prismatic joint about a random axis, or a free joint
BodyNode *add_body(const dart::dynamics::SkeletonPtr &skel, BodyNode *parent, int b) {
  const double t = xc_uniform(0, 1);
  if (t < 0.45) {
    dart::dynamics::RevoluteJoint::Properties p;
    p.mAxis = rand_vector(1.0);
    return add_joint<dart::dynamics::RevoluteJoint>(skel, parent, b, p);
  }
  if (t < 0.85) {
    dart::dynamics::PrismaticJoint::Properties p;
    p.mAxis = rand_vector(1.0);
    return add_joint<dart::dynamics::PrismaticJoint>(skel, parent, b, p);
  }
  return add_joint<dart::dynamics::FreeJoint>(skel, parent, b, {});
}

// mass, local COM (rounded to spconv_real) and a tensor about rotated axes
void set_inertia(BodyNode *bn) {
  spconv_real mass, com[3], I[9];
  xc_inertia_kind(&mass, com, I, static_cast<int>(xc_uniform(0, XC_KINDS)));
  bn->setMass(static_cast<double>(mass));
  bn->setLocalCOM(Eigen::Vector3d(static_cast<double>(com[0]), static_cast<double>(com[1]),
                                  static_cast<double>(com[2])));
  bn->setMomentOfInertia(static_cast<double>(I[0]), static_cast<double>(I[4]),
                         static_cast<double>(I[8]), static_cast<double>(I[1]),
                         static_cast<double>(I[2]), static_cast<double>(I[5]));
}

dart::dynamics::SkeletonPtr rand_skeleton() {
  dart::dynamics::SkeletonPtr skel = dart::dynamics::Skeleton::create("chain");
  const int n = 2 + static_cast<int>(xc_uniform(0, 6));
  BodyNode *parent = nullptr;
  for (int b = 0; b < n; ++b) {
    parent = add_body(skel, parent, b);
    set_inertia(parent);
  }
  Eigen::VectorXd q(skel->getNumDofs());
  for (Eigen::Index i = 0; i < q.size(); ++i)
    q[i] = static_cast<double>(real(xc_uniform(-XC_PI, XC_PI)));
  skel->setPositions(q);
  for (Eigen::Index i = 0; i < q.size(); ++i) q[i] = static_cast<double>(real(xc_uniform(-2, 2)));
  skel->setVelocities(q);
  return skel;
}

// the principal axes of bn's inertia (body axes) as a quaternion wxyz
Eigen::Quaterniond principal_axes(const BodyNode *bn) {
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(bn->getInertia().getMoment());
  Eigen::Matrix3d V = eig.eigenvectors();
  if (V.determinant() < 0) V.col(2) = -V.col(2);
  return Eigen::Quaterniond(V);
}

spconv_body body_of(const BodyNode *bn) {
  const Eigen::Isometry3d T = bn->getWorldTransform();
  const Eigen::Quaterniond q(T.linear()), iq = principal_axes(bn);
  const Eigen::Vector3d c = bn->getLocalCOM();
  const double qw[4] = {q.w(), q.x(), q.y(), q.z()}, iqw[4] = {iq.w(), iq.x(), iq.y(), iq.z()};
  spconv_body body;
  for (int i = 0; i < 3; ++i) body.pos[i] = real(T.translation()[i]);
  for (int i = 0; i < 4; ++i) body.quat_wxyz[i] = real(qw[i]);
  for (int i = 0; i < 3; ++i) body.com[i] = real(c[i]);
  for (int i = 0; i < 4; ++i) body.iquat_wxyz[i] = real(iqw[i]);
  return body;
}

// the 6 x n matrix J stored as cm says (1: column-major, DART's storage)
std::vector<spconv_real> store(const Eigen::MatrixXd &J, int cm) {
  const Eigen::Index n = J.cols();
  std::vector<spconv_real> res(static_cast<size_t>(6 * n));
  for (Eigen::Index i = 0; i < 6; ++i)
    for (Eigen::Index j = 0; j < n; ++j)
      res[static_cast<size_t>(cm ? 6 * j + i : n * i + j)] = real(J(i, j));
  return res;
}

// got (stored as cm says) vs DART's want
void check(xc_row *row, int k, const std::vector<spconv_real> &got, const Eigen::MatrixXd &want,
           int cm) {
  const Eigen::Index n = want.cols();
  std::vector<double> g(static_cast<size_t>(6 * n)), w(static_cast<size_t>(6 * n));
  for (Eigen::Index i = 0; i < 6; ++i)
    for (Eigen::Index j = 0; j < n; ++j) {
      g[static_cast<size_t>(n * i + j)] =
          static_cast<double>(got[static_cast<size_t>(cm ? 6 * j + i : n * i + j)]);
      w[static_cast<size_t>(n * i + j)] = want(i, j);
    }
  xc_check_scaled(row, "J", k, g.data(), w.data(), static_cast<int>(6 * n), 1.0);
}

// spconv_jacobian_convert(to <- from) of DART's J_from, stored as s says
// (0 column-major, 1 row-major, 2 in place in either storage), vs J_to
void convert_and_check(int k, int s, const Eigen::MatrixXd &J_from, int from,
                       const Eigen::MatrixXd &J_to, int to, const spconv_body &body) {
  static const char *const storage[3] = {"COLUMN_MAJOR", "ROW_MAJOR", "in place"};
  const int cm = s == 0 || (s == 2 && k % 2);
  const size_t ncols = static_cast<size_t>(J_from.cols());
  std::vector<spconv_real> x = store(J_from, cm), res(6 * ncols);
  spconv_real *out = s == 2 ? x.data() : res.data();
  char what[200];
  xc_check_status(xc_get(L, "spconv_jacobian_convert status", XC_TOL), "status", k,
                  spconv_jacobian_convert(out, &forms()[to].conv, x.data(), &forms()[from].conv,
                                          &body, ncols,
                                          cm ? SPCONV_MAT4_COLUMN_MAJOR : SPCONV_MAT4_ROW_MAJOR),
                  SPCONV_OK);
  std::snprintf(what, sizeof what, "convert(%s) %s -> %s", storage[s], forms()[from].name,
                forms()[to].name);
  check(xc_get(L, what, XC_TOL), k, s == 2 ? x : res, J_to, cm);
}

// getJacobian() of bn over all n dofs of its Skeleton (zero columns for
// the dofs bn does not depend on), stored as cm says at res (6 n reals)
void store_full(spconv_real *res, const BodyNode *bn, Eigen::Index n, int cm) {
  const Eigen::MatrixXd J = bn->getJacobian();
  const std::vector<size_t> &dofs = bn->getDependentGenCoordIndices();
  Eigen::MatrixXd full = Eigen::MatrixXd::Zero(6, n);
  for (size_t j = 0; j < dofs.size(); ++j)
    full.col(static_cast<Eigen::Index>(dofs[j])) = J.col(static_cast<Eigen::Index>(j));
  const std::vector<spconv_real> s = store(full, cm);
  std::copy(s.begin(), s.end(), res);
}

// the Jacobians of all bodies of skel through one spconv_jacobian_convert_n
// into form f (column-major, or row-major in place), times the Skeleton's
// qd, vs DART's velocity of each body in form f; k0: its first body's case
void check_velocities(int k0, const dart::dynamics::SkeletonPtr &skel, int f, int cm) {
  const size_t nb = skel->getNumBodyNodes(), n = skel->getNumDofs(), size = 6 * n;
  const Eigen::VectorXd qd = skel->getVelocities();
  std::vector<spconv_body> bodies(nb);
  std::vector<spconv_real> J(nb * size), res(nb * size);
  char what[128];
  for (size_t b = 0; b < nb; ++b) {
    bodies[b] = body_of(skel->getBodyNode(b));
    store_full(J.data() + b * size, skel->getBodyNode(b), static_cast<Eigen::Index>(n), cm);
  }
  spconv_real *out = cm ? res.data() : J.data();
  xc_check_status(xc_get(L, "spconv_jacobian_convert_n status", XC_TOL), "status", k0,
                  spconv_jacobian_convert_n(out, &forms()[f].conv, J.data(), &forms()[0].conv,
                                            bodies.data(), n,
                                            cm ? SPCONV_MAT4_COLUMN_MAJOR : SPCONV_MAT4_ROW_MAJOR,
                                            nb),
                  SPCONV_OK);
  std::snprintf(what, sizeof what, "J qd (convert_n from getJacobian()) vs %s", forms()[f].velocity);
  for (size_t b = 0; b < nb; ++b) {
    const Eigen::Matrix<double, 6, 1> want = dart_velocity(skel->getBodyNode(b), f);
    double got[6];
    for (size_t i = 0; i < 6; ++i) {
      got[i] = 0;
      for (size_t j = 0; j < n; ++j)
        got[i] += static_cast<double>(out[b * size + (cm ? 6 * j + i : n * i + j)]) *
                  qd[static_cast<Eigen::Index>(j)];
    }
    xc_check_scaled(xc_get(L, what, XC_TOL), "J qd", k0 + static_cast<int>(b), got, want.data(), 6,
                    1.0);
  }
}

// every conversion of one body's Jacobians
void check_body(int k, const BodyNode *bn) {
  const spconv_body body = body_of(bn);
  Eigen::MatrixXd J[N_FORMS];
  for (int f = 0; f < N_FORMS; ++f) J[f] = dart_form(bn, f);
  for (int f = 1; f < N_FORMS; ++f) {
    for (int s = 0; s < 3; ++s) convert_and_check(k, s, J[0], 0, J[f], f, body);
    convert_and_check(k, 0, J[f], f, J[0], 0, body);
    if (f > 1) convert_and_check(k, 0, J[1], 1, J[f], f, body);
  }
}

}  // namespace

int main() {
  xc_seed(0xda27ac0b);
  int k = 0;
  for (int sk = 0; sk < N_SKELETONS; ++sk) {
    const dart::dynamics::SkeletonPtr skel = rand_skeleton();
    const int k0 = k;
    for (size_t b = 0; b < skel->getNumBodyNodes(); ++b) check_body(k++, skel->getBodyNode(b));
    for (int f = 0; f < N_FORMS; ++f)
      for (int cm = 0; cm < 2; ++cm) check_velocities(k0, skel, f, cm);
  }
  std::printf("%d bodies of %d random Skeletons\n", k, N_SKELETONS);
  return xc_summary("spconv_jacobian_convert vs DART");
}
