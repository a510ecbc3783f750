// spconv_jacobian_convert vs Orocos KDL (Debian's liborocos-kdl-dev).
//
// Seeded random chains of 2 .. 7 segments (revolute and prismatic joints
// about random axes through random anchors, fixed segments between them,
// random tip frames). ChainJntToJacSolver gives the Jacobian of the last
// segment's tip frame E: [v; w], the velocity of E's origin, base axes
// (SPCONV_PRESET_PINOCCHIO_LWA as data), stored column-major (KDL's
// Jacobian::data is an Eigen 6 x n matrix). KDL moves it itself:
//   changeRefPoint(R c)   to the COM C = p + R c         NEWTON
//   changeRefPoint(-p)    to the body point at the base origin  PINOCCHIO_WORLD
//   changeBase(R^-1)      into E's axes                  PINOCCHIO_LOCAL
// and the header's conversions of KDL's Jacobian must give KDL's, in
// column-major (KDL's storage), row-major (the transposed copy) and in place.
// The body: pos p and quaternion of E (ChainFkSolverPos_recursive), com c
// random in E's axes. The float build rounds KDL's inputs to float first.
#include <kdl/chain.hpp>
#include <kdl/chainfksolverpos_recursive.hpp>
#include <kdl/chainjnttojacsolver.hpp>
#include <kdl/frames.hpp>
#include <kdl/jacobian.hpp>
#include <kdl/jntarray.hpp>

#include <cstdio>
#include <vector>

#include "test_core_xcheck.h"

namespace {

const char *const L = "KDL";
const int N_CASES = 1200;

KDL::Vector rand_vector(double a) {
  return KDL::Vector(xc_uniform(-a, a), xc_uniform(-a, a), xc_uniform(-a, a));
}

KDL::Rotation rand_rotation() {
  spconv_real q[4];
  xc_quat_kind(q, static_cast<int>(xc_uniform(0, XC_KINDS)));
  if (q[0] == 0 && q[1] == 0 && q[2] == 0 && q[3] == 0) q[0] = 1;
  double n = 0;
  for (int i = 0; i < 4; ++i) n += static_cast<double>(q[i]) * static_cast<double>(q[i]);
  n = std::sqrt(n);
  return KDL::Rotation::Quaternion(static_cast<double>(q[1]) / n, static_cast<double>(q[2]) / n,
                                   static_cast<double>(q[3]) / n, static_cast<double>(q[0]) / n);
}

KDL::Chain rand_chain() {
  KDL::Chain chain;
  const int n = 2 + static_cast<int>(xc_uniform(0, 6));
  for (int s = 0; s < n; ++s) {
    const double t = xc_uniform(0, 1);
    const KDL::Joint joint =
        t < 0.45   ? KDL::Joint("j", rand_vector(0.3), rand_vector(1.0), KDL::Joint::RotAxis)
        : t < 0.85 ? KDL::Joint("j", rand_vector(0.3), rand_vector(1.0), KDL::Joint::TransAxis)
                   : KDL::Joint(KDL::Joint::None);
    chain.addSegment(KDL::Segment(joint, KDL::Frame(rand_rotation(), rand_vector(0.5))));
  }
  return chain;
}

// the 6 x n matrix J as doubles, stored as cm says (1: column-major)
void store(std::vector<spconv_real> &res, const KDL::Jacobian &J, int cm) {
  const int n = static_cast<int>(J.columns());
  res.resize(static_cast<size_t>(6 * n));
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < n; ++j)
      res[static_cast<size_t>(cm ? 6 * j + i : n * i + j)] = static_cast<spconv_real>(J(
          static_cast<unsigned>(i), static_cast<unsigned>(j)));
}

// got (stored as cm says) vs KDL's want, as row-major doubles
void check(xc_row *row, int k, const std::vector<spconv_real> &got, const KDL::Jacobian &want,
           int cm) {
  const int n = static_cast<int>(want.columns());
  std::vector<double> g(static_cast<size_t>(6 * n)), w(static_cast<size_t>(6 * n));
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < n; ++j) {
      g[static_cast<size_t>(n * i + j)] =
          static_cast<double>(got[static_cast<size_t>(cm ? 6 * j + i : n * i + j)]);
      w[static_cast<size_t>(n * i + j)] = want(static_cast<unsigned>(i), static_cast<unsigned>(j));
    }
  xc_check_scaled(row, "J", k, g.data(), w.data(), 6 * n, 1.0);
}

}  // namespace

int main() {
  static const char *const storage[3] = {"COLUMN_MAJOR", "ROW_MAJOR", "in place"};
  static const char *const targets[3] = {"changeRefPoint(R com) (NEWTON)",
                                         "changeRefPoint(-p) (PINOCCHIO_WORLD)",
                                         "changeBase(R^-1) (PINOCCHIO_LOCAL)"};
  static const spconv_preset_id ids[3] = {SPCONV_PRESET_NEWTON, SPCONV_PRESET_PINOCCHIO_WORLD,
                                          SPCONV_PRESET_PINOCCHIO_LOCAL};
  const spconv_convention lwa = spconv_convention_from_preset(SPCONV_PRESET_PINOCCHIO_LWA);
  char what[160];
  xc_seed(0x1ac0b2);
  for (int k = 0; k < N_CASES; ++k) {
    KDL::Chain chain = rand_chain();
    while (chain.getNrOfJoints() == 0) chain = rand_chain();
    const unsigned nj = chain.getNrOfJoints();
    KDL::JntArray q(nj);
    for (unsigned j = 0; j < nj; ++j) q(j) = static_cast<double>(static_cast<spconv_real>(
        xc_uniform(-XC_PI, XC_PI)));
    KDL::Frame E;
    KDL::Jacobian J(nj);
    KDL::ChainFkSolverPos_recursive(chain).JntToCart(q, E);
    KDL::ChainJntToJacSolver(chain).JntToJac(q, J);
    spconv_body body;
    double qx, qy, qz, qw;
    E.M.GetQuaternion(qx, qy, qz, qw);
    const double quat[4] = {qw, qx, qy, qz};
    const KDL::Vector com = rand_vector(0.5);
    for (int i = 0; i < 3; ++i) body.pos[i] = static_cast<spconv_real>(E.p(i));
    for (int i = 0; i < 4; ++i) body.quat_wxyz[i] = static_cast<spconv_real>(quat[i]);
    for (int i = 0; i < 3; ++i) body.com[i] = static_cast<spconv_real>(com(i));
    for (int i = 0; i < 4; ++i) body.iquat_wxyz[i] = i == 0 ? 1 : 0;
    KDL::Jacobian want[3] = {J, J, J};
    want[0].changeRefPoint(E.M * com);
    want[1].changeRefPoint(-E.p);
    want[2].changeBase(E.M.Inverse());
    for (int t = 0; t < 3; ++t) {
      const spconv_convention to = spconv_convention_from_preset(ids[t]);
      for (int s = 0; s < 3; ++s) {
        const int cm = s == 0 || (s == 2 && k % 2);  // in place: both storages in turn
        std::vector<spconv_real> x, res(static_cast<size_t>(6 * nj));
        store(x, J, cm);
        spconv_real *out = s == 2 ? x.data() : res.data();
        xc_check_status(xc_get(L, "spconv_jacobian_convert status", XC_TOL), "status", k,
                        spconv_jacobian_convert(out, &to, x.data(), &lwa, &body, nj,
                                                cm ? SPCONV_MAT4_COLUMN_MAJOR
                                                   : SPCONV_MAT4_ROW_MAJOR),
                        SPCONV_OK);
        std::snprintf(what, sizeof what, "spconv_jacobian_convert(%s) JntToJac -> %s", storage[s],
                      targets[t]);
        check(xc_get(L, what, XC_TOL), k, s == 2 ? x : res, want[t], cm);
      }
      // and back: KDL's moved Jacobian -> JntToJac's
      std::vector<spconv_real> x, res(static_cast<size_t>(6 * nj));
      store(x, want[t], 1);
      xc_check_status(xc_get(L, "spconv_jacobian_convert status", XC_TOL), "status", k,
                      spconv_jacobian_convert(res.data(), &lwa, x.data(), &to, &body, nj,
                                              SPCONV_MAT4_COLUMN_MAJOR),
                      SPCONV_OK);
      std::snprintf(what, sizeof what, "spconv_jacobian_convert(COLUMN_MAJOR) %s -> JntToJac",
                    targets[t]);
      check(xc_get(L, what, XC_TOL), k, res, J, 1);
    }
  }
  return xc_summary("spconv_jacobian_convert vs Orocos KDL");
}
