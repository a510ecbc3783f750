// spatial_conv.h sections: spatial core (poses, 4x4 matrices, twist and
// wrench transforms, spatial inertia, parallel axis, kinetic energy) vs
// Orocos KDL (Debian's liborocos-kdl-dev). KDL::Twist is [vel; rot] and
// KDL::Wrench [force; torque], linear first like the header; KDL builds a
// rotation from Rotation::Quaternion(x, y, z, w) (xyzw arguments, unit
// quaternion assumed: it is given q / |q|, the header the scaled q where a
// case has one). References, per header function:
//   spconv_pose_mul_wxyz                     Frame * Frame
//   spconv_pose_inv_wxyz                     Frame::Inverse()
//   spconv_pose_relative_wxyz                A.Inverse() * B
//   spconv_pose_transform_point_wxyz         Frame * Vector
//   spconv_pose_rotate_vec_wxyz              Frame.M * Vector
//   spconv_mat4_from_pose_wxyz(ROW_MAJOR)    Frame::Make4x4 (row-major)
//   spconv_twist_transform_wxyz              Frame * Twist
//   spconv_wrench_transform_wxyz             Frame * Wrench
//   spconv_adjoint_{twist,wrench}_matrix_wxyz(LINEAR_FIRST)
//                                            Frame * Twist / Wrench of the
//                                            6 unit vectors (columns)
//   spconv_spatial_inertia                   RigidBodyInertia(m, c, I_c) * Twist
//                                            (momentum [p; L_O]), column by column
//   spconv_inertia_shift                     RigidBodyInertia(m, c, I_c)
//                                            .getRotationalInertia() (about
//                                            the origin O = C + r, r = -c);
//                                            from O to O + r: .RefPoint(r)
//   spconv_spatial_inertia_transform_wxyz    Frame * RigidBodyInertia, column
//                                            by column
//   spconv_kinetic_energy                    dot(t, I * t) / 2
// KDL computes in double from the inputs rounded to spconv_real.
#include <kdl/frames.hpp>
#include <kdl/rigidbodyinertia.hpp>
#include <kdl/rotationalinertia.hpp>

#include <cmath>
#include <cstdio>

#include "test_core_xcheck.h"

namespace {

const int kCases = 2400;
const char *const kKdl = "KDL";

double dbl(spconv_real x) { return static_cast<double>(x); }

KDL::Vector vec(const spconv_real *x) { return KDL::Vector(dbl(x[0]), dbl(x[1]), dbl(x[2])); }

KDL::Frame frame(const spconv_real pose[7]) {  // [p; q_wxyz], q normalized in double
  const double n = std::sqrt(dbl(pose[3]) * dbl(pose[3]) + dbl(pose[4]) * dbl(pose[4]) +
                             dbl(pose[5]) * dbl(pose[5]) + dbl(pose[6]) * dbl(pose[6]));
  return KDL::Frame(KDL::Rotation::Quaternion(dbl(pose[4]) / n, dbl(pose[5]) / n, dbl(pose[6]) / n,
                                              dbl(pose[3]) / n),
                    vec(pose));
}

void rows_of(double res[12], const KDL::Frame &F) {
  for (int i = 0; i < 3; ++i) {
    res[i] = F.p(i);
    for (int j = 0; j < 3; ++j) res[3 + 3 * i + j] = F.M(i, j);
  }
}

void check_pose(xc_row *row, const char *what, int k, const spconv_real pose[7], const KDL::Frame &F) {
  double g[12], w[12];
  xc_pose_rows(g, pose);
  rows_of(w, F);
  xc_check_scaled(row, what, k, g, w, 12, 1.0);
}

void cat(double res[6], const KDL::Vector &a, const KDL::Vector &b) {
  for (int i = 0; i < 3; ++i) {
    res[i] = a(i);
    res[3 + i] = b(i);
  }
}

void check_poses() {
  xc_seed(0xcd1601);
  for (int k = 0; k < kCases; ++k) {
    spconv_real a[7], b[7], res[7], pt[3], v3[3], T16[16];
    xc_pose_kind(a, k);
    xc_pose_kind(b, k / XC_KINDS);
    xc_vec(pt, 3, 3.0);
    const KDL::Frame A = frame(a), B = frame(b);
    spconv_pose_mul_wxyz(res, a, b);
    check_pose(xc_get(kKdl, "spconv_pose_mul_wxyz vs Frame * Frame", XC_TOL), "mul", k, res, A * B);
    spconv_pose_inv_wxyz(res, a);
    check_pose(xc_get(kKdl, "spconv_pose_inv_wxyz vs Frame::Inverse()", XC_TOL), "inv", k, res, A.Inverse());
    spconv_pose_relative_wxyz(res, a, b);
    check_pose(xc_get(kKdl, "spconv_pose_relative_wxyz vs A.Inverse() * B", XC_TOL), "rel", k, res,
               A.Inverse() * B);
    const KDL::Vector wp = A * vec(pt), wv = A.M * vec(pt);
    const double wpd[3] = {wp(0), wp(1), wp(2)}, wvd[3] = {wv(0), wv(1), wv(2)};
    spconv_pose_transform_point_wxyz(v3, a, pt);
    xc_check(xc_get(kKdl, "spconv_pose_transform_point_wxyz vs Frame * Vector", XC_TOL), "point", k, v3, wpd, 3);
    spconv_pose_rotate_vec_wxyz(v3, a, pt);
    xc_check(xc_get(kKdl, "spconv_pose_rotate_vec_wxyz vs Frame.M * Vector", XC_TOL), "vec", k, v3, wvd, 3);
    double M4[16];
    KDL::Frame(A).Make4x4(M4);
    xc_check_status(xc_get(kKdl, "spconv_mat4_from_pose_wxyz status", XC_TOL), "status", k,
                    spconv_mat4_from_pose_wxyz(T16, a, SPCONV_MAT4_ROW_MAJOR), SPCONV_OK);
    xc_check(xc_get(kKdl, "spconv_mat4_from_pose_wxyz(ROW_MAJOR) vs Frame::Make4x4", XC_TOL), "mat4", k,
             T16, M4, 16);
  }
}

void check_spatial() {
  xc_seed(0xcd1602);
  for (int k = 0; k < kCases; ++k) {
    spconv_real pose[7], tw[6], wr[6], res[6], M[36];
    double want[6];
    xc_pose_kind(pose, k);
    xc_vec(tw, 6, 3.0);
    xc_vec(wr, 6, 3.0);
    const KDL::Frame F = frame(pose);
    const KDL::Twist t = F * KDL::Twist(vec(tw), vec(tw + 3));
    cat(want, t.vel, t.rot);
    xc_check_status(xc_get(kKdl, "spconv_{twist,wrench}_transform_wxyz status", XC_TOL), "status", k,
                    spconv_twist_transform_wxyz(res, pose, tw, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    xc_check(xc_get(kKdl, "spconv_twist_transform_wxyz vs Frame * Twist", XC_TOL), "twist", k, res, want, 6);
    const KDL::Wrench w = F * KDL::Wrench(vec(wr), vec(wr + 3));
    cat(want, w.force, w.torque);
    xc_check_status(xc_get(kKdl, "spconv_{twist,wrench}_transform_wxyz status", XC_TOL), "status", k,
                    spconv_wrench_transform_wxyz(res, pose, wr, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    xc_check(xc_get(kKdl, "spconv_wrench_transform_wxyz vs Frame * Wrench", XC_TOL), "wrench", k, res, want, 6);
    // the 6x6 (linear first) column by column
    double At[36], Aw[36];
    for (int j = 0; j < 6; ++j) {
      KDL::Vector e0, e1;
      if (j < 3) e0(j) = 1; else e1(j - 3) = 1;
      const KDL::Twist ct = F * KDL::Twist(e0, e1);
      const KDL::Wrench cw = F * KDL::Wrench(e0, e1);
      for (int i = 0; i < 3; ++i) {
        At[6 * i + j] = ct.vel(i);
        At[6 * (3 + i) + j] = ct.rot(i);
        Aw[6 * i + j] = cw.force(i);
        Aw[6 * (3 + i) + j] = cw.torque(i);
      }
    }
    xc_check_status(xc_get(kKdl, "spconv_adjoint_{twist,wrench}_matrix_wxyz status", XC_TOL), "status", k,
                    spconv_adjoint_twist_matrix_wxyz(M, pose, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    xc_check(xc_get(kKdl, "spconv_adjoint_twist_matrix_wxyz(LINEAR_FIRST) vs Frame * Twist", XC_TOL), "Ad",
             k, M, At, 36);
    xc_check_status(xc_get(kKdl, "spconv_adjoint_{twist,wrench}_matrix_wxyz status", XC_TOL), "status", k,
                    spconv_adjoint_wrench_matrix_wxyz(M, pose, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
    xc_check(xc_get(kKdl, "spconv_adjoint_wrench_matrix_wxyz(LINEAR_FIRST) vs Frame * Wrench", XC_TOL),
             "Ad^-T", k, M, Aw, 36);
  }
}

void check_inertia() {
  xc_seed(0xcd1603);
  for (int k = 0; k < kCases; ++k) {
    spconv_real I[9], com[3], tw[6], M[36], res[9], minus_c[3], mass, zero[3] = {0, 0, 0};
    xc_inertia_kind(&mass, com, I, k);
    xc_vec(tw, 6, 3.0);
    const KDL::RigidBodyInertia RBI(dbl(mass), vec(com),
                                    KDL::RotationalInertia(dbl(I[0]), dbl(I[4]), dbl(I[8]), dbl(I[1]),
                                                           dbl(I[2]), dbl(I[5])));
    // spatial inertia, column by column: RBI * e_j (twist [v; w] -> [p; L_O])
    double G[36];
    for (int j = 0; j < 6; ++j) {
      KDL::Vector e0, e1;
      if (j < 3) e0(j) = 1; else e1(j - 3) = 1;
      const KDL::Wrench h = RBI * KDL::Twist(e0, e1);
      for (int i = 0; i < 3; ++i) {
        G[6 * i + j] = h.force(i);
        G[6 * (3 + i) + j] = h.torque(i);
      }
    }
    spconv_spatial_inertia(M, mass, com, I);
    xc_check(xc_get(kKdl, "spconv_spatial_inertia vs RigidBodyInertia * Twist", XC_TOL), "spatial", k, M, G, 36);
    // parallel axis: about O = C + r, r = -c
    for (int i = 0; i < 3; ++i) minus_c[i] = static_cast<spconv_real>(-dbl(com[i]));
    spconv_inertia_shift(res, I, mass, zero, minus_c);
    const KDL::RotationalInertia IO = RBI.getRotationalInertia();
    double IOd[9];
    for (int j = 0; j < 3; ++j) {
      KDL::Vector e;
      e(j) = 1;
      const KDL::Vector c = IO * e;
      for (int i = 0; i < 3; ++i) IOd[3 * i + j] = c(i);
    }
    xc_check(xc_get(kKdl, "spconv_inertia_shift vs RigidBodyInertia::getRotationalInertia", XC_TOL), "shift",
             k, res, IOd, 9);
    // from the origin O (com = c) to O + r: RefPoint(r)
    {
      spconv_real Io[9], r[3];
      xc_vec(r, 3, 1.5);
      for (int i = 0; i < 9; ++i) Io[i] = static_cast<spconv_real>(IOd[i]);
      spconv_inertia_shift(res, Io, mass, com, r);
      KDL::RigidBodyInertia moved = RBI;  // RefPoint is not const
      const KDL::RotationalInertia IB = moved.RefPoint(vec(r)).getRotationalInertia();
      double IBd[9];
      for (int j = 0; j < 3; ++j) {
        KDL::Vector e;
        e(j) = 1;
        const KDL::Vector c = IB * e;
        for (int i = 0; i < 3; ++i) IBd[3 * i + j] = c(i);
      }
      xc_check(xc_get(kKdl, "spconv_inertia_shift(com != 0) vs RigidBodyInertia::RefPoint", XC_TOL),
               "shift", k, res, IBd, 9);
    }
    // in another frame: Frame * RigidBodyInertia, column by column
    {
      spconv_real pose[7], MA[36];
      double GA[36];
      xc_pose_kind(pose, k);
      const KDL::RigidBodyInertia RA = frame(pose) * RBI;
      for (int j = 0; j < 6; ++j) {
        KDL::Vector e0, e1;
        if (j < 3) e0(j) = 1; else e1(j - 3) = 1;
        const KDL::Wrench h = RA * KDL::Twist(e0, e1);
        for (int i = 0; i < 3; ++i) {
          GA[6 * i + j] = h.force(i);
          GA[6 * (3 + i) + j] = h.torque(i);
        }
      }
      spconv_spatial_inertia(M, mass, com, I);
      spconv_spatial_inertia_transform_wxyz(MA, pose, M);
      xc_check(xc_get(kKdl, "spconv_spatial_inertia_transform_wxyz vs Frame * RigidBodyInertia", XC_TOL),
               "frame", k, MA, GA, 36);
    }
    // kinetic energy
    const KDL::Twist t(vec(tw), vec(tw + 3));
    double ke = 0.5 * KDL::dot(t, RBI * t), got = dbl(spconv_kinetic_energy(mass, com, I, tw));
    xc_check_scaled(xc_get(kKdl, "spconv_kinetic_energy vs dot(t, I * t) / 2", XC_TOL), "energy", k, &got,
                    &ke, 1, 1.0);
  }
}

}  // namespace

int main() {
  check_poses();
  check_spatial();
  check_inertia();
  return xc_summary("spatial core vs Orocos KDL");
}
