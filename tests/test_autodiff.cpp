// spatial_conv.h with an automatic-differentiation scalar (SPCONV_REAL):
// ceres::Jet<double, N>, or Eigen::AutoDiffScalar of a fixed vector when
// SPCONV_AD_EIGEN is defined. For every case of tests/autodiff_cases.h, at
// seeded random points and near the singular points (zero rotation, angle
// near pi, gimbal lock), it checks
//   (a) the statuses and the values equal the double build's
//       (tests/test_autodiff_ref.cpp): to 1 ulp with Eigen, whose
//       arithmetic on values is IEEE's; with ceres::Jet, which divides as
//       x * (1 / y) (two roundings), within 16 eps (1 + max|f| +
//       max|J| max|x|): a few roundings, amplified as much as a relative
//       change eps of the inputs is (near gimbal lock, 1e3 times);
//   (b) the Jacobian is finite and agrees with central differences of the
//       double build within a bound derived from the step h:
//       1e3 (h^2 + eps / h) (1 + max|f| + max|J|) (truncation error h^2,
//       rounding eps / h, both scaled by the size of the function);
//   (c) where the Jacobian is known in closed form it equals it: a reorder
//       is a permutation, a rotation of a vector wrt the vector is R, a
//       linear map's Jacobian is its matrix (tolerance 1e-14, relative).
// Each failure names the case, the point and the entry.
#ifdef SPCONV_AD_EIGEN
#  include <Eigen/Core>
#  include <unsupported/Eigen/AutoDiff>
#else
#  include <ceres/jet.h>
#endif

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

enum { kLanes = 20 };  // derivative lanes: the most inputs of a case
#ifdef SPCONV_AD_EIGEN
#  define SPCONV_REAL Eigen::AutoDiffScalar<Eigen::Matrix<double, kLanes, 1>>
#else
#  define SPCONV_REAL ceres::Jet<double, kLanes>
#endif
#include "spatial_conv.h"

namespace spconv_ad {
#include "autodiff_cases.h"
}  // namespace spconv_ad

int spconv_ref_n_cases();
int spconv_ref_call(int k, double *o, const double *x);

namespace {

using spconv_ad::spconv_ad_cases;

#ifdef SPCONV_AD_EIGEN
const char *const kScalar = "Eigen::AutoDiffScalar";
double value(const spconv_real &y) { return y.value(); }
double deriv(const spconv_real &y, int i) { return y.derivatives()[i]; }
spconv_real variable(double x, int i) { return spconv_real(x, kLanes, i); }
#else
const char *const kScalar = "ceres::Jet";
double value(const spconv_real &y) { return y.a; }
double deriv(const spconv_real &y, int i) { return y.v[i]; }
spconv_real variable(double x, int i) { return spconv_real(x, i); }
#endif
spconv_real constant(double x) { return spconv_real(x); }

int failures = 0;
const double kPi = 3.14159265358979323846;

void fail(const std::string &what) {
  if (++failures <= 40) std::printf("FAILED (%s): %s\n", kScalar, what.c_str());
}

// ---------------------------------------------------------------- inputs

int block_size(char c) {
  switch (c) {
    case 'q': case 'v': case 'e': case 'r': case 'd': return c == 'q' ? 4 : 3;
    case 't': return 6;
    case 'p': return 7;
    case 'R': case 'I': return 9;
    default: return 1;  // m, s
  }
}

int n_inputs(const char *shape) {
  int n = 0;
  for (const char *c = shape; *c; ++c) n += block_size(*c);
  return n;
}

int case_index(const char *name) {
  for (int k = 0; k < spconv_ad::spconv_ad_n_cases; ++k)
    if (std::strcmp(spconv_ad_cases[k].name, name) == 0) return k;
  return -1;
}

// the reference function `name` (double build) at x
void ref(const char *name, double *o, const double *x) {
  if (spconv_ref_call(case_index(name), o, x) < 0) fail(std::string("reference ") + name);
}

// Where a point lies. RANDOM: seeded random values. The special points set
// the first rotation-like block of a case (q, p, R, r, e) to: NEAR_ZERO the
// identity (a rotation vector of 1e-9 rad; Euler angles all 0), ZERO the
// exact identity (zero rotation vector), NEAR_PI an angle 2e-3 below pi,
// GIMBAL a rotation whose ZYX / XYZ middle angle is 1e-3 from +-pi/2.
enum Point { RANDOM, NEAR_ZERO, ZERO, NEAR_PI, GIMBAL };
const char *const kPointNames[] = {"random", "near zero rotation", "zero rotation",
                                   "angle near pi", "near gimbal lock"};

struct Gen {
  std::mt19937 rng;
  std::normal_distribution<double> normal{0.0, 1.0};
  std::uniform_real_distribution<double> unit{0.0, 1.0};
  explicit Gen(unsigned seed) : rng(seed) {}
  double n() { return normal(rng); }
  double u() { return unit(rng); }
};

void quat(double *q, Gen &g, Point pt) {
  const double scale = 0.5 + g.u();  // unnormalized on purpose
  double e[3] = {0.3, kPi / 2 - 1e-3, -0.4};
  switch (pt) {
    case NEAR_ZERO: case ZERO:
      q[0] = scale; q[1] = q[2] = q[3] = 0; return;
    case NEAR_PI:  // w = 1e-3 |q|: the angle is pi - 2e-3
      q[0] = 1e-3 * scale; q[1] = 0.6 * scale; q[2] = 0; q[3] = 0.8 * scale; return;
    case GIMBAL:
      ref("quat_wxyz_from_euler_xyz", q, e);
      for (int i = 0; i < 4; ++i) q[i] *= scale;
      return;
    case RANDOM:
      for (int i = 0; i < 4; ++i) q[i] = g.n() * scale;
      q[0] = std::fabs(q[0]) + 0.1 * scale;  // away from w = 0 (angle pi)
      return;
  }
}

void block(char c, double *x, Gen &g, Point pt) {
  double q[4];
  switch (c) {
    case 'q': quat(x, g, pt); return;
    case 'p':
      for (int i = 0; i < 3; ++i) x[i] = g.n();
      quat(x + 3, g, pt);
      return;
    case 'R':
      quat(q, g, pt);
      ref("mat_from_quat_wxyz", x, q);
      return;
    case 'r': {
      double a[3] = {g.n(), g.n(), g.n()};
      const double n = std::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
      const double len = pt == ZERO ? 0 : pt == NEAR_ZERO ? 1e-9 : pt == NEAR_PI ? kPi - 2e-3 : 2 * g.u();
      for (int i = 0; i < 3; ++i) x[i] = a[i] / n * len;
      return;
    }
    case 'e':
      x[0] = (2 * g.u() - 1) * 3;
      x[1] = pt == GIMBAL ? kPi / 2 - 1e-3 : pt == NEAR_PI ? -(kPi / 2 - 1e-3) : (2 * g.u() - 1) * 1.2;
      x[2] = (2 * g.u() - 1) * 3;
      if (pt == ZERO || pt == NEAR_ZERO) x[0] = x[1] = x[2] = 0;
      return;
    case 'd':  // distinct moments that satisfy the triangle inequality
      x[0] = 3.0 + 0.3 * g.u(); x[1] = 2.0 + 0.3 * g.u(); x[2] = 1.5 + 0.3 * g.u();
      return;
    case 'I': {
      double dq[7];
      block('d', dq, g, RANDOM);
      quat(dq + 3, g, RANDOM);
      ref("inertia_from_principal", x, dq);
      return;
    }
    case 'm': x[0] = 0.5 + g.u(); return;
    case 's': x[0] = 0.2 + 0.6 * g.u(); return;
    default:  // v, t
      for (int i = 0; i < block_size(c); ++i) x[i] = g.n();
      return;
  }
}

// the inputs of a case at a point; false when the case has no block that
// the special point applies to
bool point(const char *shape, double *x, Gen &g, Point pt) {
  bool special_used = pt == RANDOM;
  for (const char *c = shape; *c; ++c) {
    const bool rotation = std::strchr("qpRre", *c) != nullptr;
    Point here = RANDOM;
    if (rotation && !special_used) {
      here = pt;
      special_used = true;
    }
    block(*c, x, g, here);
    x += block_size(*c);
  }
  return special_used;
}

// ------------------------------------------------------------ the checks

struct Eval {
  int status = 0;
  std::vector<double> f, J;  // J row-major n_out x n_in
};

Eval evaluate(const spconv_ad::spconv_ad_case &c, const std::vector<double> &x) {
  const int n_in = static_cast<int>(x.size());
  std::vector<spconv_real> xs, ys(static_cast<size_t>(c.n_out), constant(0));
  for (int i = 0; i < n_in; ++i) xs.push_back(variable(x[static_cast<size_t>(i)], i));
  Eval e;
  e.status = c.fn(ys.data(), xs.data());
  for (int j = 0; j < c.n_out; ++j) {
    e.f.push_back(value(ys[static_cast<size_t>(j)]));
    for (int i = 0; i < n_in; ++i) e.J.push_back(deriv(ys[static_cast<size_t>(j)], i));
  }
  return e;
}

std::string where(const spconv_ad::spconv_ad_case &c, Point pt, int seed) {
  return std::string(c.name) + " at " + kPointNames[pt] + " point " + std::to_string(seed);
}

// equal to 1 ulp (Eigen), or within 16 eps of size (Jet)
bool same_value(double a, double b, double size) {
#ifdef SPCONV_AD_EIGEN
  (void)size;
  return a == b || std::nextafter(a, b) == b;
#else
  return std::fabs(a - b) <= 16 * DBL_EPSILON * (1 + size);
#endif
}

double max_abs(const std::vector<double> &v) {
  double m = 0;
  for (double a : v) m = std::fmax(m, std::fabs(a));
  return m;
}

void check_values(int k, const Eval &e, const std::vector<double> &x, const std::string &at) {
  std::vector<double> f(e.f.size());
  const int status = spconv_ref_call(k, f.data(), x.data());
  if (status != e.status) fail(at + ": status " + std::to_string(e.status) + ", double build " +
                               std::to_string(status));
  for (size_t j = 0; j < f.size(); ++j)
    if (!same_value(e.f[j], f[j], max_abs(f) + max_abs(e.J) * max_abs(x)))
      fail(at + ": value " + std::to_string(j) + " differs from the double build");
}

void check_central_differences(int k, const Eval &e, std::vector<double> x, double h,
                               const std::string &at) {
  const size_t n_in = x.size(), n_out = e.f.size();
  const double tol = 1e3 * (h * h + DBL_EPSILON / h) * (1 + max_abs(e.f) + max_abs(e.J));
  std::vector<double> fp(n_out), fm(n_out);
  for (size_t i = 0; i < n_in; ++i) {
    const double x0 = x[i];
    x[i] = x0 + h;
    const int sp = spconv_ref_call(k, fp.data(), x.data());
    x[i] = x0 - h;
    const int sm = spconv_ref_call(k, fm.data(), x.data());
    x[i] = x0;
    if (sp != e.status || sm != e.status) {
      fail(at + ": status changes within h of the point, input " + std::to_string(i));
      continue;
    }
    for (size_t j = 0; j < n_out; ++j) {
      const double fd = (fp[j] - fm[j]) / (2 * h), ad = e.J[j * n_in + i];
      if (!std::isfinite(ad) || !(std::fabs(fd - ad) <= tol))
        fail(at + ": d out[" + std::to_string(j) + "] / d in[" + std::to_string(i) +
             "] = " + std::to_string(ad) + ", central difference " + std::to_string(fd));
    }
  }
}

// ------------------------------------------------- closed-form Jacobians

// the values of a function of the AD build on constants
template <class F>
std::vector<double> values_of(int n, const std::vector<double> &in, F f) {
  std::vector<spconv_real> xs, ys(static_cast<size_t>(n), constant(0));
  for (double a : in) xs.push_back(constant(a));
  f(ys.data(), xs.data());
  std::vector<double> out;
  for (const spconv_real &y : ys) out.push_back(value(y));
  return out;
}

// A (rows x cols, row-major) placed at (r0, c0) of an n_out x n_in matrix
void place(std::vector<double> &J, size_t n_in, const std::vector<double> &A, size_t rows,
           size_t cols, size_t r0, size_t c0, double factor = 1) {
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c) J[(r0 + r) * n_in + c0 + c] = factor * A[r * cols + c];
}

// the columns [c0, c0 + cols) of the Jacobian equal `expected` there
void check_block(const Eval &e, size_t n_in, const std::vector<double> &expected, size_t c0,
                 size_t cols, const std::string &at) {
  const size_t n_out = e.f.size();
  const double tol = 1e-14 * (1 + max_abs(expected)) * (1 + max_abs(e.f));
  for (size_t j = 0; j < n_out; ++j)
    for (size_t i = c0; i < c0 + cols; ++i)
      if (!(std::fabs(e.J[j * n_in + i] - expected[j * n_in + i]) <= tol))
        fail(at + ": closed-form d out[" + std::to_string(j) + "] / d in[" + std::to_string(i) +
             "] = " + std::to_string(expected[j * n_in + i]) + ", autodiff " +
             std::to_string(e.J[j * n_in + i]));
}

void check_closed_form(const char *name, const Eval &e, const std::vector<double> &x,
                       const std::string &at) {
  const std::string n = name;
  const size_t n_in = x.size(), n_out = e.f.size();
  std::vector<double> A(n_out * n_in, 0.0);
  if (n == "quat_wxyz_from_xyzw" || n == "quat_xyzw_from_wxyz" || n == "spatial_swap" ||
      n == "pose_wxyz_from_xyzw") {  // permutations
    for (size_t j = 0; j < n_out; ++j) {
      size_t src = n == "quat_wxyz_from_xyzw" ? (j + 3) % 4
                   : n == "quat_xyzw_from_wxyz" ? (j + 1) % 4
                   : n == "spatial_swap"        ? (j + 3) % 6
                   : j < 3                      ? j
                                                : 3 + (j - 3 + 3) % 4;
      A[j * n_in + src] = 1;
    }
    check_block(e, n_in, A, 0, n_in, at);
  } else if (n == "quat_rotate_wxyz") {  // d(R v)/dv = R
    const std::vector<double> q(x.begin(), x.begin() + 4);
    const std::vector<double> R = values_of(9, q, [](spconv_real *o, const spconv_real *i) {
      spconv_mat_from_quat_wxyz(o, i);
    });
    place(A, n_in, R, 3, 3, 0, 4);
    check_block(e, n_in, A, 4, 3, at);
  } else if (n == "spatial_rotate") {  // blockdiag(R, R) wrt x; x entries wrt R
    const std::vector<double> R(x.begin(), x.begin() + 9);
    place(A, n_in, R, 3, 3, 0, 9);
    place(A, n_in, R, 3, 3, 3, 12);
    for (size_t j = 0; j < 6; ++j)
      for (size_t b = 0; b < 3; ++b) A[j * n_in + (j % 3) * 3 + b] = x[9 + (j / 3) * 3 + b];
    check_block(e, n_in, A, 0, n_in, at);
  } else if (n == "spatial_change_axes") {  // [[M, 0], [0, det(M) M]], det M = -1
    const std::vector<double> M = values_of(9, {}, [](spconv_real *o, const spconv_real *) {
      spconv_ad::spconv_ad_axes(o);
    });
    place(A, n_in, M, 3, 3, 0, 0);
    place(A, n_in, M, 3, 3, 3, 3, -1);
    check_block(e, n_in, A, 0, n_in, at);
  } else if (n == "sap_twist_from_public" || n == "sap_wrench_from_public") {  // P_v, P_f
    const std::vector<double> r(x.begin() + 6, x.begin() + 9);
    const bool twist = n == "sap_twist_from_public";
    const std::vector<double> P = values_of(36, r, [twist](spconv_real *o, const spconv_real *i) {
      if (twist) spconv_sap_twist_matrix(o, i); else spconv_sap_wrench_matrix(o, i);
    });
    place(A, n_in, P, 6, 6, 0, 0);
    check_block(e, n_in, A, 0, 6, at);
  } else if (n == "twist_transform_wxyz" || n == "wrench_transform_wxyz") {  // the adjoint
    const std::vector<double> pose(x.begin(), x.begin() + 7);
    const bool twist = n == "twist_transform_wxyz";
    const std::vector<double> Ad = values_of(36, pose, [twist](spconv_real *o, const spconv_real *i) {
      const int s = twist ? spconv_adjoint_twist_matrix_wxyz(o, i, SPCONV_ORDER_LINEAR_FIRST)
                          : spconv_adjoint_wrench_matrix_wxyz(o, i, SPCONV_ORDER_ANGULAR_FIRST);
      if (s != SPCONV_OK) fail("adjoint matrix");
    });
    place(A, n_in, Ad, 6, 6, 0, 7);
    check_block(e, n_in, A, 7, 6, at);
  } else if (n == "twist_convert") {  // the convention change's 6x6 matrix
    const std::vector<double> body(x.begin() + 6, x.end());
    const std::vector<double> T = values_of(36, body, [](spconv_real *o, const spconv_real *i) {
      if (spconv_ad::twist_convert_matrix(o, i) != SPCONV_OK) fail("twist_convert_matrix");
    });
    place(A, n_in, T, 6, 6, 0, 0);
    check_block(e, n_in, A, 0, 6, at);
  } else if (n == "power") {  // gradient wrt the wrench is the twist and back
    for (size_t i = 0; i < 6; ++i) {
      A[i] = x[6 + i];
      A[6 + i] = x[i];
    }
    check_block(e, n_in, A, 0, n_in, at);
  } else if (n == "inertia_shift") {  // I enters additively
    for (size_t j = 0; j < 9; ++j) A[j * n_in + j] = 1;
    check_block(e, n_in, A, 0, 9, at);
  }
}

// Points where a function is not differentiable (the tests check there that
// the values agree and the Jacobian is finite, not the central differences).
struct NotDifferentiable {
  const char *name;
  Point point;
};
const NotDifferentiable kNotDifferentiable[] = {
    // the axis of a zero rotation is undefined: (1, 0, 0) by convention,
    // and a small rotation's axis turns with the direction of xyz
    {"axis_angle_from_quat_wxyz", NEAR_ZERO},
    {"axis_angle_from_quat_wxyz", ZERO},
};

bool differentiable(const char *name, Point pt) {
  for (const NotDifferentiable &nd : kNotDifferentiable)
    if (nd.point == pt && std::strcmp(nd.name, name) == 0) return false;
  return true;
}

void check_finite(const Eval &e, const std::string &at) {
  for (double d : e.J)
    if (!std::isfinite(d)) {
      fail(at + ": a derivative is not finite");
      return;
    }
}

void run_case(int k) {
  const spconv_ad::spconv_ad_case &c = spconv_ad_cases[k];
  const int n_in = n_inputs(c.shape);
  if (n_in > kLanes) {
    fail(std::string(c.name) + ": more inputs than derivative lanes");
    return;
  }
  for (int p = RANDOM; p <= GIMBAL; ++p) {
    const Point pt = static_cast<Point>(p);
    const int seeds = pt == RANDOM ? 6 : 2;
    for (int seed = 0; seed < seeds; ++seed) {
      Gen g(1000u * static_cast<unsigned>(k + 1) + 17u * static_cast<unsigned>(p) +
            static_cast<unsigned>(seed));
      std::vector<double> x(static_cast<size_t>(n_in));
      if (!point(c.shape, x.data(), g, pt)) continue;
      const std::string at = where(c, pt, seed);
      const Eval e = evaluate(c, x);
      if (e.status < 0) {
        fail(at + ": status " + std::to_string(e.status) + " at a valid point");
        continue;
      }
      check_values(k, e, x, at);
      // a matrix input must stay a rotation within SPCONV_ROTATION_TOL (1e-6)
      const bool matrix = std::strchr(c.shape, 'R') != nullptr;
      check_finite(e, at);
      if (differentiable(c.name, pt))
        check_central_differences(k, e, x, pt == RANDOM && !matrix ? 1e-6 : 1e-7, at);
      if (pt == RANDOM) check_closed_form(c.name, e, x, at);
    }
  }
}

}  // namespace

int main() {
  if (spconv_ref_n_cases() != spconv_ad::spconv_ad_n_cases) {
    std::printf("FAILED: the reference build has another list of cases\n");
    return 1;
  }
  for (int k = 0; k < spconv_ad::spconv_ad_n_cases; ++k) run_case(k);
  std::printf("%s: %d functions differentiated: %s\n", kScalar, spconv_ad::spconv_ad_n_cases,
              failures ? "FAILED" : "ok");
  if (failures > 40) std::printf("(%d failures, the first 40 shown)\n", failures);
  return failures ? 1 : 0;
}
