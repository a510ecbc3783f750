// spatial_conv.h sections: spatial core (adjoints, spatial cross products,
// SE(3) exp/log, spatial inertia; poses, 4x4 matrices, interpolation,
// principal axes) vs DART 6.12 (Debian's libdart-dev) and Eigen 3 (which
// DART pulls in).
//
// DART's layouts (dart/math/Geometry.hpp): twists V = [w; v] angular first,
// wrenches F = [m; f] torque first; AdT(T, V) = (R w, p x R w + R v);
// dAdT(T, F) = Ad_T^T F, so the wrench map of the header (Ad_T^-T) is
// dAdInvT(T, F) = Ad_{T^-1}^T F; ad(X, Y) = (w_X x w_Y, w_X x v_Y - w_Y x v_X)
// (Featherstone's crm); dad(V, F) = ad_V^T F = -(V x* F); expMap / logMap on
// [w; v]; transformInertia(T, G) = Ad_T^T G Ad_T (read from its output: it
// takes an inertia about T's frame into the frame T is given in only with
// T^-1); Inertia::getSpatialTensor() = [[I_c + m [c]x [c]x^T, m [c]x],
// [m [c]x^T, m E]] about the frame origin, [w; v] order (read from its
// output: dart/dynamics/Inertia.hpp does not spell it out);
// parallelAxisTheorem(I, r, m) = I + m (|r|^2 E - r r^T).
// The header's twists are [v; w] and wrenches [f; tau] unless a function's
// order argument says SPCONV_ORDER_ANGULAR_FIRST: the linear-first calls
// convert explicitly, the angular-first ones compare DART's vectors as they
// are. Eigen: Isometry3d products, inverse, matrix(),
// Quaterniond::slerp, SelfAdjointEigenSolver (ascending eigenvalues).
//
// DART's logMap is not accurate near angle pi (it recovers the angle from
// acos of the trace: 1.8e-4 off at pi - 1e-6 on a probe, 1e-11 at pi - 0.01,
// and at exactly pi it returns a vector that is not a logarithm of T, while
// the header agreed with a long double evaluation to 1.5e-15 on all of
// them). So the log is compared with logMap where the angle is below
// pi - 0.1, and everywhere (pi included) through DART's expMap:
// expMap(header log) = T, with |w| <= pi.
// DART and Eigen compute in double from the inputs rounded to this build's
// spconv_real.
#include <dart/dynamics/Inertia.hpp>
#include <dart/math/Geometry.hpp>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>

#include <cmath>
#include <cstdio>

#include "test_core_xcheck.h"

namespace {

const int kCases = 2400;  // per function; 300 per kind of rotation
const char *const kDart = "DART";
const char *const kEigen = "Eigen";
const spconv_order kLin = SPCONV_ORDER_LINEAR_FIRST, kAng = SPCONV_ORDER_ANGULAR_FIRST;

double dbl(spconv_real x) { return static_cast<double>(x); }

Eigen::Quaterniond quat(const spconv_real q[4]) {  // wxyz, normalized in double
  return Eigen::Quaterniond(dbl(q[0]), dbl(q[1]), dbl(q[2]), dbl(q[3])).normalized();
}

Eigen::Isometry3d iso(const spconv_real pose[7]) {
  Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
  T.linear() = quat(pose + 3).toRotationMatrix();
  T.translation() << dbl(pose[0]), dbl(pose[1]), dbl(pose[2]);
  return T;
}

Eigen::Vector3d vec3(const spconv_real *x) { return Eigen::Vector3d(dbl(x[0]), dbl(x[1]), dbl(x[2])); }

// header [a; b] -> DART [b; a]
Eigen::Vector6d swapped(const spconv_real x[6]) {
  Eigen::Vector6d r;
  r << vec3(x + 3), vec3(x);
  return r;
}

void rows_of(double res[12], const Eigen::Isometry3d &T) {
  for (int i = 0; i < 3; ++i) {
    res[i] = T.translation()[i];
    for (int j = 0; j < 3; ++j) res[3 + 3 * i + j] = T.linear()(i, j);
  }
}

// a pose result vs an Eigen/DART transform, as [p; rows of R]
void check_pose(xc_row *row, const char *what, int k, const spconv_real pose[7],
                const Eigen::Isometry3d &want) {
  double g[12], w[12];
  xc_pose_rows(g, pose);
  rows_of(w, want);
  xc_check_scaled(row, what, k, g, w, 12, 1.0);
}

void check_vec(xc_row *row, const char *what, int k, const spconv_real *got, const double *want,
               int n) {
  xc_check(row, what, k, got, want, n);
}

// header [a; b] result vs a DART [b; a] vector
void check_swapped(xc_row *row, const char *what, int k, const spconv_real got[6],
                   const Eigen::Vector6d &want) {
  double w[6];
  for (int i = 0; i < 3; ++i) {
    w[i] = want[3 + i];
    w[3 + i] = want[i];
  }
  xc_check(row, what, k, got, w, 6);
}

// a 6x6 row-major result vs a matrix, in the given order (DART's is
// angular first: the linear-first one is P M P, P the block swap)
void check_mat6(xc_row *row, const char *what, int k, const spconv_real got[36],
                const Eigen::Matrix6d &dart_order, bool linear_first) {
  double w[36];
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j)
      w[6 * i + j] = linear_first ? dart_order((i + 3) % 6, (j + 3) % 6) : dart_order(i, j);
  xc_check(row, what, k, got, w, 36);
}

// ------------------------------------------------------------ DART checks

void check_adjoints() {
  xc_seed(0xda2601);
  for (int k = 0; k < kCases; ++k) {
    spconv_real pose[7], tw[6], wr[6], res[6], M[36];
    xc_pose_kind(pose, k);
    xc_vec(tw, 6, 3.0);
    xc_vec(wr, 6, 3.0);
    const Eigen::Isometry3d T = iso(pose);
    const Eigen::Matrix6d Ad = dart::math::getAdTMatrix(T);
    const Eigen::Matrix6d AdInvT_T = dart::math::getAdTMatrix(T.inverse()).transpose();
    for (int lin = 0; lin <= 1; ++lin) {
      const spconv_order order = lin ? SPCONV_ORDER_LINEAR_FIRST : SPCONV_ORDER_ANGULAR_FIRST;
      xc_check_status(xc_get(kDart, "spconv_adjoint_{twist,wrench}_matrix_wxyz status", XC_TOL),
                      "status", k, spconv_adjoint_twist_matrix_wxyz(M, pose, order), SPCONV_OK);
      check_mat6(xc_get(kDart,
                        lin ? "spconv_adjoint_twist_matrix_wxyz(LINEAR_FIRST) vs getAdTMatrix"
                            : "spconv_adjoint_twist_matrix_wxyz(ANGULAR_FIRST) vs getAdTMatrix",
                        XC_TOL),
                 "Ad", k, M, Ad, lin != 0);
      xc_check_status(xc_get(kDart, "spconv_adjoint_{twist,wrench}_matrix_wxyz status", XC_TOL),
                      "status", k, spconv_adjoint_wrench_matrix_wxyz(M, pose, order), SPCONV_OK);
      check_mat6(xc_get(kDart,
                        lin ? "spconv_adjoint_wrench_matrix_wxyz(LINEAR_FIRST) vs getAdTMatrix(T^-1)^T"
                            : "spconv_adjoint_wrench_matrix_wxyz(ANGULAR_FIRST) vs getAdTMatrix(T^-1)^T",
                        XC_TOL),
                 "Ad^-T", k, M, AdInvT_T, lin != 0);
    }
    xc_row *st = xc_get(kDart, "spconv_{twist,wrench}_transform_wxyz status", XC_TOL);
    xc_check_status(st, "status", k, spconv_twist_transform_wxyz(res, pose, tw, kLin), SPCONV_OK);
    check_swapped(xc_get(kDart, "spconv_twist_transform_wxyz vs AdT", XC_TOL), "AdT", k, res,
                  dart::math::AdT(T, swapped(tw)));
    xc_check_status(st, "status", k, spconv_wrench_transform_wxyz(res, pose, wr, kLin), SPCONV_OK);
    check_swapped(xc_get(kDart, "spconv_wrench_transform_wxyz vs dAdInvT", XC_TOL), "dAdInvT", k,
                  res, dart::math::dAdInvT(T, swapped(wr)));
    // the same wrench through DART's dAdT of the inverse: Ad_{T^-1}^T
    check_swapped(xc_get(kDart, "spconv_wrench_transform_wxyz vs dAdT(T^-1)", XC_TOL), "dAdT", k,
                  res, dart::math::dAdT(T.inverse(), swapped(wr)));
    // angular first: DART's own vectors, no conversion
    {
      const Eigen::Vector6d ta = swapped(tw), wa = swapped(wr);
      spconv_real tin[6], win[6];
      for (int i = 0; i < 6; ++i) {
        tin[i] = static_cast<spconv_real>(ta[i]);
        win[i] = static_cast<spconv_real>(wa[i]);
      }
      xc_check_status(st, "status", k, spconv_twist_transform_wxyz(res, pose, tin, kAng), SPCONV_OK);
      const Eigen::Vector6d A = dart::math::AdT(T, ta), F = dart::math::dAdInvT(T, wa);
      check_vec(xc_get(kDart, "spconv_twist_transform_wxyz(ANGULAR_FIRST) vs AdT", XC_TOL), "AdT", k,
                res, A.data(), 6);
      xc_check_status(st, "status", k, spconv_wrench_transform_wxyz(res, pose, win, kAng), SPCONV_OK);
      check_vec(xc_get(kDart, "spconv_wrench_transform_wxyz(ANGULAR_FIRST) vs dAdInvT", XC_TOL),
                "dAdInvT", k, res, F.data(), 6);
    }
    // the wrench matrix (ANGULAR_FIRST) is the matrix of dAdInvT: column j =
    // dAdInvT(T, e_j)
    {
      Eigen::Matrix6d D;
      for (int j = 0; j < 6; ++j) D.col(j) = dart::math::dAdInvT(T, Eigen::Vector6d::Unit(j));
      xc_check_status(st, "status", k, spconv_adjoint_wrench_matrix_wxyz(M, pose, kAng), SPCONV_OK);
      check_mat6(xc_get(kDart, "spconv_adjoint_wrench_matrix_wxyz(ANGULAR_FIRST) vs dAdInvT columns",
                        XC_TOL),
                 "dAdInvT", k, M, D, false);
    }
  }
}

// scale of a bilinear result: max |x| max |y| (the inputs span 1e-3 .. 1e3)
double prod_scale(const spconv_real x[6], const spconv_real y[6]) {
  double sx = 0, sy = 0;
  for (int i = 0; i < 6; ++i) {
    sx = std::fmax(sx, std::fabs(dbl(x[i])));
    sy = std::fmax(sy, std::fabs(dbl(y[i])));
  }
  return sx * sy;
}

// header [a; b] result vs a DART [b; a] vector, both divided by scale
void check_swapped_scaled(xc_row *row, const char *what, int k, const spconv_real got[6],
                          const Eigen::Vector6d &want, double scale) {
  double g[6], w[6];
  for (int i = 0; i < 3; ++i) {
    w[i] = want[3 + i] / scale;
    w[3 + i] = want[i] / scale;
  }
  for (int i = 0; i < 6; ++i) g[i] = dbl(got[i]) / scale;
  xc_check_scaled(row, what, k, g, w, 6, 1.0);
}

void check_cross() {
  xc_seed(0xda2602);
  for (int k = 0; k < kCases; ++k) {
    spconv_real v[6], m[6], f[6], res[6];
    xc_vec(v, 6, std::pow(10.0, xc_uniform(-3, 3)));
    xc_vec(m, 6, std::pow(10.0, xc_uniform(-3, 3)));
    xc_vec(f, 6, std::pow(10.0, xc_uniform(-3, 3)));
    xc_row *st = xc_get(kDart, "spconv_{twist,wrench}_cross status", XC_TOL);
    xc_check_status(st, "status", k, spconv_twist_cross(res, v, m, kLin), SPCONV_OK);
    check_swapped_scaled(xc_get(kDart, "spconv_twist_cross vs ad (/ |v||m|)", XC_TOL), "ad", k,
                         res, dart::math::ad(swapped(v), swapped(m)), prod_scale(v, m));
    xc_check_status(st, "status", k, spconv_wrench_cross(res, v, f, kLin), SPCONV_OK);
    check_swapped_scaled(xc_get(kDart, "spconv_wrench_cross vs -dad (/ |v||f|)", XC_TOL), "dad", k,
                         res, -dart::math::dad(swapped(v), swapped(f)), prod_scale(v, f));
    // angular first: the same vectors as DART stores them, swapped back (an
    // angular-first result re-read linear first)
    {
      spconv_real va[6], ma[6], fa[6], back[6];
      const Eigen::Vector6d V = swapped(v), Mv = swapped(m), F = swapped(f);
      for (int i = 0; i < 6; ++i) {
        va[i] = static_cast<spconv_real>(V[i]);
        ma[i] = static_cast<spconv_real>(Mv[i]);
        fa[i] = static_cast<spconv_real>(F[i]);
      }
      xc_check_status(st, "status", k, spconv_twist_cross(res, va, ma, kAng), SPCONV_OK);
      spconv_spatial_swap(back, res);
      check_swapped_scaled(xc_get(kDart, "spconv_twist_cross(ANGULAR_FIRST) = ad (/ |v||m|)", XC_TOL),
                           "ad", k, back, dart::math::ad(V, Mv), prod_scale(v, m));
      xc_check_status(st, "status", k, spconv_wrench_cross(res, va, fa, kAng), SPCONV_OK);
      spconv_spatial_swap(back, res);
      check_swapped_scaled(xc_get(kDart, "spconv_wrench_cross(ANGULAR_FIRST) = -dad (/ |v||f|)", XC_TOL),
                           "dad", k, back, -dart::math::dad(V, F), prod_scale(v, f));
    }
  }
}

// the rotation angle of a quaternion wxyz, in [0, pi]
double angle_of(const spconv_real q[4]) {
  const double s = std::sqrt(dbl(q[1]) * dbl(q[1]) + dbl(q[2]) * dbl(q[2]) + dbl(q[3]) * dbl(q[3]));
  return 2 * std::atan2(s, std::fabs(dbl(q[0])));
}

void check_exp_log() {
  xc_seed(0xda2603);
  for (int k = 0; k < kCases; ++k) {
    spconv_real tw[6], res[7], lg[6], pose[7];
    const int kind = k % XC_KINDS;
    // exp: w of the kind (angle up to 2 pi), v in [-2, 2)^3, dt 1 or random
    xc_vec(tw, 3, 2.0);
    xc_rotvec_kind(tw + 3, kind);
    const spconv_real dt =
        (k / XC_KINDS) % 2 ? static_cast<spconv_real>(1) : static_cast<spconv_real>(xc_uniform(0.1, 1.5));
    xc_check_status(xc_get(kDart, "spconv_pose_exp_wxyz / twist_log_wxyz status", XC_TOL), "status", k,
                    spconv_pose_exp_wxyz(res, tw, dt, kLin), SPCONV_OK);
    {
      // DART's expMap evaluates (1 - cos a) / a^2 directly down to tiny
      // angles: its p is off by ~eps |v| / a there (4.6e-11 at a = 1.2e-6
      // on a probe, where the header agreed with a long double evaluation
      // to 2e-16), so this case's tolerance is XC_TOL + eps / a
      const Eigen::Vector6d S = swapped(tw) * dbl(dt);
      const double a = S.head<3>().norm();
      double g[12], w[12];
      xc_pose_rows(g, res);
      rows_of(w, dart::math::expMap(S));
      xc_check_scaled_tol(xc_get(kDart, "spconv_pose_exp_wxyz vs expMap (tol + eps/angle)", XC_TOL),
                          xc_kind_name(kind), k, g, w, 12, 1.0,
                          a > 0 ? XC_TOL + 2.220446049250313e-16 / a : XC_TOL);
      // angular first: DART's [w; v] read as it is
      spconv_real ta[6];
      const Eigen::Vector6d S1 = swapped(tw);
      for (int i = 0; i < 6; ++i) ta[i] = static_cast<spconv_real>(S1[i]);
      xc_check_status(xc_get(kDart, "spconv_pose_exp_wxyz / twist_log_wxyz status", XC_TOL), "status",
                      k, spconv_pose_exp_wxyz(res, ta, dt, kAng), SPCONV_OK);
      xc_pose_rows(g, res);
      xc_check_scaled_tol(
          xc_get(kDart, "spconv_pose_exp_wxyz(ANGULAR_FIRST) vs expMap (tol + eps/angle)", XC_TOL),
          xc_kind_name(kind), k, g, w, 12, 1.0, a > 0 ? XC_TOL + 2.220446049250313e-16 / a : XC_TOL);
    }

    // log of a pose of the kind
    xc_pose_kind(pose, k);
    xc_check_status(xc_get(kDart, "spconv_pose_exp_wxyz / twist_log_wxyz status", XC_TOL), "status", k,
                    spconv_twist_log_wxyz(lg, pose, kLin), SPCONV_OK);
    const Eigen::Isometry3d T = iso(pose);
    double wn = 0;
    for (int i = 3; i < 6; ++i) wn += dbl(lg[i]) * dbl(lg[i]);
    wn = std::sqrt(wn);
    {  // |w| <= pi: the excess, relative to pi
      double excess = std::fmax(0.0, wn - XC_PI) / XC_PI, zero = 0;
      xc_check_scaled(xc_get(kDart, "spconv_twist_log_wxyz |w| <= pi", XC_TOL), "norm", k, &excess,
                      &zero, 1, 1.0);
    }
    {
      double g[12], w[12];
      rows_of(g, dart::math::expMap(swapped(lg)));
      rows_of(w, T);
      // through DART's expMap: its eps / angle at small angles (see above)
      xc_check_scaled_tol(
          xc_get(kDart, "spconv_twist_log_wxyz: expMap(log T) vs T (tol + eps/angle)", XC_TOL),
          xc_kind_name(kind), k, g, w, 12, 1.0, wn > 0 ? XC_TOL + 2.220446049250313e-16 / wn : XC_TOL);
    }
    if (angle_of(pose + 3) < XC_PI - 0.1) {
      check_swapped(xc_get(kDart, "spconv_twist_log_wxyz vs logMap (angle < pi - 0.1)", XC_TOL),
                    xc_kind_name(kind), k, lg, dart::math::logMap(T));
      const Eigen::Vector6d L = dart::math::logMap(T);
      xc_check_status(xc_get(kDart, "spconv_pose_exp_wxyz / twist_log_wxyz status", XC_TOL), "status",
                      k, spconv_twist_log_wxyz(lg, pose, kAng), SPCONV_OK);
      check_vec(xc_get(kDart, "spconv_twist_log_wxyz(ANGULAR_FIRST) vs logMap (angle < pi - 0.1)", XC_TOL),
                xc_kind_name(kind), k, lg, L.data(), 6);
    }
  }
}

Eigen::Matrix3d mat3(const spconv_real I[9]) {
  Eigen::Matrix3d M;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) M(r, c) = dbl(I[3 * r + c]);
  return M;
}

void check_inertia() {
  xc_seed(0xda2604);
  for (int k = 0; k < kCases; ++k) {
    spconv_real mass, com[3], I[9], M[36], res[9], tw[6], r[3], zero[3] = {0, 0, 0};
    xc_inertia_kind(&mass, com, I, k);
    const dart::dynamics::Inertia di(dbl(mass), vec3(com), mat3(I));
    const Eigen::Matrix6d G = di.getSpatialTensor();
    spconv_spatial_inertia(M, mass, com, I);
    check_mat6(xc_get(kDart, "spconv_spatial_inertia vs Inertia::getSpatialTensor", XC_TOL),
               "spatial", k, M, G, true);
    // parallel axis: about C + r
    xc_vec(r, 3, 1.5);
    spconv_inertia_shift(res, I, mass, zero, r);
    const Eigen::Matrix3d P = dart::math::parallelAxisTheorem(mat3(I), vec3(r), dbl(mass));
    double w[9];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) w[3 * i + j] = P(i, j);
    xc_check(xc_get(kDart, "spconv_inertia_shift vs parallelAxisTheorem", XC_TOL), "shift", k, res,
             w, 9);
    // between two points off the COM: about the origin O (G's upper-left
    // block) to B = O + r, through transformInertia of a pure translation
    {
      spconv_real IO[9];
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) IO[3 * i + j] = static_cast<spconv_real>(G(i, j));
      spconv_inertia_shift(res, IO, mass, com, r);
      Eigen::Isometry3d Tr = Eigen::Isometry3d::Identity();
      Tr.translation() = vec3(r);
      const Eigen::Matrix6d GB = dart::math::transformInertia(Tr, G);
      double wb[9];
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) wb[3 * i + j] = GB(i, j);
      xc_check(xc_get(kDart, "spconv_inertia_shift(com != 0) vs transformInertia(translation)", XC_TOL),
               "shift", k, res, wb, 9);
    }
    // the spatial inertia of frame B (pose of B in A) in frame A:
    // transformInertia(T^-1, G) in DART's [w; v] order
    {
      spconv_real pose[7], MA[36];
      xc_pose_kind(pose, k);
      spconv_spatial_inertia_transform_wxyz(MA, pose, M);
      check_mat6(xc_get(kDart, "spconv_spatial_inertia_transform_wxyz vs transformInertia(T^-1)", XC_TOL),
                 "se3Action", k, MA, dart::math::transformInertia(iso(pose).inverse(), G), true);
    }
    // kinetic energy: 1/2 V^T G V, V = [w; v_O]
    xc_vec(tw, 6, 3.0);
    const Eigen::Vector6d V = swapped(tw);
    double ke = 0.5 * V.dot(G * V), got = dbl(spconv_kinetic_energy(mass, com, I, tw));
    xc_check_scaled(xc_get(kDart, "spconv_kinetic_energy vs 1/2 V'GV (getSpatialTensor)", XC_TOL),
                    "energy", k, &got, &ke, 1, 1.0);
  }
}

// ----------------------------------------------------------- Eigen checks

void check_eigen_poses() {
  xc_seed(0xe16e01);
  for (int k = 0; k < kCases; ++k) {
    spconv_real a[7], b[7], ax[7], bx[7], res[7], pt[3], v3[3], T16[16];
    xc_pose_kind(a, k);
    xc_pose_kind(b, k / XC_KINDS);
    xc_vec(pt, 3, 3.0);
    const Eigen::Isometry3d A = iso(a), B = iso(b);
    // storage: Eigen's Quaterniond keeps its coefficients x, y, z, w
    {
      const Eigen::Quaterniond qa(dbl(a[3]), dbl(a[4]), dbl(a[5]), dbl(a[6]));
      const double want[7] = {dbl(a[0]), dbl(a[1]), dbl(a[2]), qa.coeffs()[0], qa.coeffs()[1],
                              qa.coeffs()[2], qa.coeffs()[3]};
      spconv_pose_xyzw_from_wxyz(ax, a);
      check_vec(xc_get(kEigen, "spconv_pose_xyzw_from_wxyz vs [p; Quaterniond::coeffs()]", 0), "order",
                k, ax, want, 7);
      spconv_pose_wxyz_from_xyzw(bx, ax);
      double aw[7];
      for (int i = 0; i < 7; ++i) aw[i] = dbl(a[i]);
      check_vec(xc_get(kEigen, "spconv_pose_wxyz_from_xyzw(xyzw_from_wxyz(a)) = a", 0), "order", k, bx,
                aw, 7);
    }

    spconv_pose_mul_wxyz(res, a, b);
    check_pose(xc_get(kEigen, "spconv_pose_mul_wxyz vs Isometry3d A*B", XC_TOL), "mul", k, res, A * B);
    spconv_pose_inv_wxyz(res, a);
    check_pose(xc_get(kEigen, "spconv_pose_inv_wxyz vs Isometry3d inverse()", XC_TOL), "inv", k, res,
               A.inverse());
    spconv_pose_relative_wxyz(res, a, b);
    check_pose(xc_get(kEigen, "spconv_pose_relative_wxyz vs A.inverse()*B", XC_TOL), "rel", k, res,
               A.inverse() * B);
    {
      const Eigen::Vector3d wp = A * vec3(pt), wv = A.linear() * vec3(pt);
      spconv_pose_transform_point_wxyz(v3, a, pt);
      check_vec(xc_get(kEigen, "spconv_pose_transform_point_wxyz vs A*p", XC_TOL), "point", k, v3,
                wp.data(), 3);
      spconv_pose_rotate_vec_wxyz(v3, a, pt);
      check_vec(xc_get(kEigen, "spconv_pose_rotate_vec_wxyz vs A.linear()*v", XC_TOL), "vec", k, v3,
                wv.data(), 3);
    }
    // 4x4: Eigen's matrix() is column-major storage; its transpose's storage is row-major
    {
      const Eigen::Matrix4d Mc = A.matrix();
      const Eigen::Matrix4d Mr = Mc.transpose();
      for (int lay = 0; lay <= 1; ++lay) {
        const spconv_mat4_layout layout = lay ? SPCONV_MAT4_COLUMN_MAJOR : SPCONV_MAT4_ROW_MAJOR;
        const double *want = lay ? Mc.data() : Mr.data();
        xc_check_status(xc_get(kEigen, "spconv_mat4_from_pose_wxyz status", XC_TOL), "status",
                        k, spconv_mat4_from_pose_wxyz(T16, a, layout), SPCONV_OK);
        check_vec(xc_get(kEigen, lay ? "spconv_mat4_from_pose_wxyz(COLUMN_MAJOR) vs matrix()"
                                     : "spconv_mat4_from_pose_wxyz(ROW_MAJOR) vs matrix()",
                         XC_TOL),
                  "mat4", k, T16, want, 16);
        // back: the 4x4 of Eigen, rounded; q vs Eigen's Quaterniond(R), w >= 0
        spconv_real Tin[16];
        for (int i = 0; i < 16; ++i) Tin[i] = static_cast<spconv_real>(want[i]);
        Eigen::Matrix3d Rin;
        for (int r = 0; r < 3; ++r)
          for (int c = 0; c < 3; ++c) Rin(r, c) = dbl(Tin[lay ? 4 * c + r : 4 * r + c]);
        Eigen::Quaterniond qe(Rin);
        if (qe.w() < 0) qe.coeffs() = -qe.coeffs();
        double w7[7] = {dbl(Tin[lay ? 12 : 3]), dbl(Tin[lay ? 13 : 7]), dbl(Tin[lay ? 14 : 11]),
                        qe.w(), qe.x(), qe.y(), qe.z()};
        xc_check_status(xc_get(kEigen, "spconv_pose_wxyz_from_mat4 status", XC_TOL), "status",
                        k, spconv_pose_wxyz_from_mat4(res, Tin, layout), SPCONV_OK);
        if (std::fabs(qe.w()) > 1e-6) {  // at w = 0 (angle pi) the sign is free: rows then
          check_vec(xc_get(kEigen, "spconv_pose_wxyz_from_mat4 vs Quaterniond(R) (w >= 0)", XC_TOL),
                    "from mat4", k, res, w7, 7);
        } else {
          check_pose(xc_get(kEigen, "spconv_pose_wxyz_from_mat4 vs Quaterniond(R) (w >= 0)", XC_TOL),
                     "from mat4 (pi)", k, res, A);
        }
      }
    }
    // interpolation: p lerp, q Eigen slerp (shortest arc), unit
    {
      const spconv_real t = static_cast<spconv_real>(k % 5 == 0 ? (k % 10 == 0 ? 0.0 : 1.0) : xc_uniform(0, 1));
      const Eigen::Quaterniond qa = quat(a + 3), qb = quat(b + 3);
      Eigen::Quaterniond qs = qa.slerp(dbl(t), qb);
      if (qs.w() < 0) qs.coeffs() = -qs.coeffs();
      double w12[12];
      Eigen::Isometry3d S = Eigen::Isometry3d::Identity();
      S.linear() = qs.toRotationMatrix();
      S.translation() = (1 - dbl(t)) * vec3(a) + dbl(t) * vec3(b);
      rows_of(w12, S);
      spconv_pose_interp_wxyz(res, a, b, t);
      double g[12];
      xc_pose_rows(g, res);
      xc_check_scaled(xc_get(kEigen, "spconv_pose_interp_wxyz vs lerp + Quaterniond::slerp", XC_TOL),
                      "interp", k, g, w12, 12, 1.0);
      double n = 0;
      for (int i = 3; i < 7; ++i) n += dbl(res[i]) * dbl(res[i]);
      double one = 1, nn = std::sqrt(n);
      xc_check_scaled(xc_get(kEigen, "spconv_pose_interp_wxyz |q| = 1", XC_TOL), "unit", k, &nn, &one,
                      1, 1.0);
    }
  }
}

// principal axes vs SelfAdjointEigenSolver (ascending: reversed); axes up
// to sign where the moments are apart, the error times gap / |I| (an
// eigenvector's condition number); R diag R^T = I everywhere
void check_eigen_principal() {
  xc_seed(0xe16e02);
  for (int k = 0; k < kCases; ++k) {
    spconv_real mass, com[3], I[9], d[3], q[4], back[9];
    xc_inertia_kind(&mass, com, I, k);
    if (k % 4 == 1) {  // two equal moments (a symmetric body), exactly
      spconv_real dd[3] = {static_cast<spconv_real>(0.7), static_cast<spconv_real>(0.7),
                           static_cast<spconv_real>(1.1)}, qq[4];
      xc_quat_kind(qq, k);
      spconv_inertia_from_principal(I, dd, qq);
    }
    xc_check_status(xc_get(kEigen, "spconv_principal_from_inertia status", XC_TOL), "status", k,
                    spconv_principal_from_inertia(d, q, I), SPCONV_OK);
    const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> es(mat3(I));
    const Eigen::Vector3d ev = es.eigenvalues();
    const double big = std::fabs(ev[2]);
    double w[3] = {ev[2], ev[1], ev[0]}, g[3] = {dbl(d[0]), dbl(d[1]), dbl(d[2])};
    xc_check_scaled(xc_get(kEigen, "spconv_principal_from_inertia moments vs SelfAdjointEigenSolver", XC_TOL),
                    "moments", k, g, w, 3, big);
    double Rh[9];
    xc_mat_of_quat(Rh, q);
    {  // unit, canonical, det +1 (det of R(q) is +1 by construction: check w >= 0 and |q| = 1)
      double n = 0;
      for (int i = 0; i < 4; ++i) n += dbl(q[i]) * dbl(q[i]);
      double got2[2] = {std::sqrt(n), dbl(q[0]) < 0 ? -1.0 : 1.0}, want2[2] = {1, 1};
      xc_check_scaled(xc_get(kEigen, "spconv_principal_from_inertia |q| = 1, w >= 0", XC_TOL), "unit", k,
                      got2, want2, 2, 1.0);
    }
    const double gap = std::fmin(ev[1] - ev[0], ev[2] - ev[1]);
    if (gap > 1e-3 * big) {
      double err = 0, zero = 0;
      for (int c = 0; c < 3; ++c) {
        const Eigen::Vector3d e = es.eigenvectors().col(2 - c);
        double dot = 0;
        for (int r = 0; r < 3; ++r) dot += Rh[3 * r + c] * e[r];
        for (int r = 0; r < 3; ++r) err = std::fmax(err, std::fabs(Rh[3 * r + c] - (dot < 0 ? -1 : 1) * e[r]));
      }
      err *= gap / big;
      xc_check_scaled(xc_get(kEigen, "spconv_principal_from_inertia axes vs SelfAdjointEigenSolver (x gap/|I|)", XC_TOL),
                      "axes", k, &err, &zero, 1, 1.0);
    }
    // R diag R^T gives I back (from_principal the inverse of principal_from)
    spconv_inertia_from_principal(back, d, q);
    double Iw[9];
    for (int i = 0; i < 9; ++i) Iw[i] = dbl(I[i]);
    xc_check(xc_get(kEigen, "spconv_inertia_from_principal(principal_from_inertia(I)) vs I", XC_TOL), "back",
             k, back, Iw, 9);
  }
}

}  // namespace

int main() {
  std::printf("DART %s, Eigen %d.%d.%d\n", DART_VERSION, EIGEN_WORLD_VERSION, EIGEN_MAJOR_VERSION,
              EIGEN_MINOR_VERSION);
  check_adjoints();
  check_cross();
  check_exp_log();
  check_inertia();
  check_eigen_poses();
  check_eigen_principal();
  return xc_summary("spatial core vs DART 6.12 and Eigen 3");
}
