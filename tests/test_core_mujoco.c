/* spatial_conv.h sections: spatial core (poses, adjoints, spatial cross
   products, inertia) vs MuJoCo 2.2.2 (Debian's libmujoco-dev).

   MuJoCo layouts: quaternions wxyz, spatial vectors [w; v] angular first,
   forces [tau; f]; the header's twists are [v; w], wrenches [f; tau]: the
   linear-first calls convert explicitly, the SPCONV_ORDER_ANGULAR_FIRST
   calls of the cross products take MuJoCo's vectors as they are. References, per header function:
     spconv_pose_mul_wxyz                     mju_mulPose
     spconv_pose_inv_wxyz                     mju_negPose
     spconv_pose_transform_point_wxyz         mju_trnVecPose
     spconv_pose_rotate_vec_wxyz              mju_rotVecQuat
     spconv_pose_relative_wxyz                mju_negPose then mju_mulPose
     spconv_pose_wxyz_from_mat4               mju_mat2Quat (q up to sign)
     spconv_twist_transform_wxyz              mju_transformSpatial(flg_force 0)
     spconv_wrench_transform_wxyz             mju_transformSpatial(flg_force 1)
     spconv_adjoint_{twist,wrench}_matrix_wxyz mju_transformSpatial on the
                                              6 unit vectors (both orders)
     spconv_twist_cross                       mju_crossMotion, as MuJoCo's
                                              mj_comVel uses it: cdof_dot of
                                              a hinge = cvel(parent) x cdof
     spconv_wrench_cross                      mju_crossForce, as
                                              mj_rnePostConstraint uses it:
                                              cfrc_int(leaf) - cinert cacc =
                                              cvel x* (cinert cvel)
     spconv_inertia_from_principal            cinert (mj_comPos) of a single
                                              free body: R diag R^T, R = ximat
     spconv_inertia_shift                     cinert of a hinged child:
                                              about subtree_com of its root
     spconv_principal_from_inertia            mju_eig3 (the compiler's
                                              fullinertia path)
     spconv_kinetic_energy                    mj_energyVel (1/2 qvel' M qvel)
   (mju_crossMotion and mju_crossForce are not exported by 2.2.2's
   libmujoco: mujoco.h does not declare them, nm -D does not list them.)

   MuJoCo rotates with mju_quat2Mat, which assumes a unit quaternion: it is
   given q / |q| where the header gets a scaled q (the header treats q and
   c q alike); quaternion results are compared after dividing both sides by
   |expected q| (the header returns the norm its formula gives).
   The float build rounds MuJoCo's double outputs (cvel, cdof, ...) to float
   before handing them to the header; that rounding (~6e-8 relative) stays
   well inside the float tolerance, so MuJoCo's own numbers are the
   reference in both builds. */
#include <stdlib.h>

#include <mujoco/mujoco.h>

#include "test_core_xcheck.h"

#define N_CASES 2400 /* random cases per function (and per kind: / 8) */

static const char *const L = "MuJoCo";

/* q / |q| in double */
static void unit_quat_d(mjtNum res[4], const spconv_real q[4]) {
  double n = 0.0;
  int i;
  for (i = 0; i < 4; ++i) n += (double)q[i] * (double)q[i];
  n = sqrt(n);
  for (i = 0; i < 4; ++i) res[i] = (double)q[i] / n;
}

static void to_d(double *res, const spconv_real *x, int n) {
  int i;
  for (i = 0; i < n; ++i) res[i] = (double)x[i];
}

static void to_real(spconv_real *res, const double *x, int n) {
  int i;
  for (i = 0; i < n; ++i) res[i] = (spconv_real)x[i];
}

/* got and want [p; q] (7): the quaternion parts divided by |want q| */
static void check_pose_q(xc_row *row, const char *what, int k, const spconv_real got[7],
                         const double want[7]) {
  double g[7], w[7], n = 0.0;
  int i;
  for (i = 0; i < 4; ++i) n += want[3 + i] * want[3 + i];
  n = sqrt(n);
  for (i = 0; i < 7; ++i) {
    g[i] = (double)got[i] / (i < 3 ? 1.0 : n);
    w[i] = want[i] / (i < 3 ? 1.0 : n);
  }
  xc_check_scaled(row, what, k, g, w, 7, 1.0);
}

/* -------------------------------------------------------------- poses */

static void check_poses(void) {
  int k;
  xc_seed(0x2601);
  for (k = 0; k < N_CASES; ++k) {
    spconv_real a[7], b[7], res[7], pt[3], alias[7];
    mjtNum qa[4], qb[4], pa[3], pb[3], pos[3], quat[4], want[7], qraw_a[4], qraw_b[4];
    double qn;
    int i;
    xc_pose_kind(a, k);
    xc_pose_kind(b, k / XC_KINDS);
    xc_vec(pt, 3, 3.0);
    to_d(pa, a, 3);
    to_d(pb, b, 3);
    to_d(qraw_a, a + 3, 4);
    to_d(qraw_b, b + 3, 4);
    unit_quat_d(qa, a + 3);
    unit_quat_d(qb, b + 3);

    /* mul: p from the unit quaternions, q the raw product (mju_mulQuat is
       bilinear) */
    mju_mulPose(pos, quat, pa, qa, pb, qb);
    for (i = 0; i < 3; ++i) want[i] = pos[i];
    mju_mulQuat(want + 3, qraw_a, qraw_b);
    spconv_pose_mul_wxyz(res, a, b);
    check_pose_q(xc_get(L, "spconv_pose_mul_wxyz vs mju_mulPose", XC_TOL), "mul", k, res, want);
    /* res aliasing a, then b */
    memcpy(alias, a, sizeof alias);
    spconv_pose_mul_wxyz(alias, alias, b);
    check_pose_q(xc_get(L, "spconv_pose_mul_wxyz (res = a, res = b) vs mju_mulPose", XC_TOL),
                 "alias a", k, alias, want);
    memcpy(alias, b, sizeof alias);
    spconv_pose_mul_wxyz(alias, a, alias);
    check_pose_q(xc_get(L, "spconv_pose_mul_wxyz (res = a, res = b) vs mju_mulPose", XC_TOL),
                 "alias b", k, alias, want);

    /* inv: p from the unit quaternion, q = conj(q) / |q|^2 */
    mju_negPose(pos, quat, pa, qa);
    for (i = 0; i < 3; ++i) want[i] = pos[i];
    mju_negQuat(want + 3, qraw_a);
    qn = mju_dot(qraw_a, qraw_a, 4);
    for (i = 0; i < 4; ++i) want[3 + i] /= qn;
    spconv_pose_inv_wxyz(res, a);
    check_pose_q(xc_get(L, "spconv_pose_inv_wxyz vs mju_negPose", XC_TOL), "inv", k, res, want);
    memcpy(alias, a, sizeof alias);
    spconv_pose_inv_wxyz(alias, alias);
    check_pose_q(xc_get(L, "spconv_pose_inv_wxyz (res = pose) vs mju_negPose", XC_TOL), "alias",
                 k, alias, want);

    /* relative: a^-1 b */
    {
      mjtNum pi_[3], qi[4], qconj[4];
      mju_negPose(pi_, qi, pa, qa);
      mju_mulPose(pos, quat, pi_, qi, pb, qb);
      for (i = 0; i < 3; ++i) want[i] = pos[i];
      mju_negQuat(qconj, qraw_a);
      mju_mulQuat(want + 3, qconj, qraw_b);
      for (i = 0; i < 4; ++i) want[3 + i] /= qn;
    }
    spconv_pose_relative_wxyz(res, a, b);
    check_pose_q(xc_get(L, "spconv_pose_relative_wxyz vs mju_negPose+mju_mulPose", XC_TOL), "rel",
                 k, res, want);

    /* point and vector */
    {
      mjtNum v[3], r[3];
      to_d(v, pt, 3);
      mju_trnVecPose(r, pa, qa, v);
      spconv_pose_transform_point_wxyz(res, a, pt);
      xc_check(xc_get(L, "spconv_pose_transform_point_wxyz vs mju_trnVecPose", XC_TOL), "point",
               k, res, r, 3);
      mju_rotVecQuat(r, v, qa);
      spconv_pose_rotate_vec_wxyz(res, a, pt);
      xc_check(xc_get(L, "spconv_pose_rotate_vec_wxyz vs mju_rotVecQuat", XC_TOL), "vec", k, res,
               r, 3);
    }

    /* from a 4x4 (row-major, built from mju_quat2Mat): q up to sign */
    {
      mjtNum R[9], qm[4], T[16];
      spconv_real Tr[16];
      int status, r_, c_;
      mju_quat2Mat(R, qa);
      memset(T, 0, sizeof T);
      for (r_ = 0; r_ < 3; ++r_) {
        for (c_ = 0; c_ < 3; ++c_) T[4 * r_ + c_] = R[3 * r_ + c_];
        T[4 * r_ + 3] = pa[r_];
      }
      T[15] = 1;
      to_real(Tr, T, 16);
      mju_mat2Quat(qm, R);
      if (qm[0] < 0)
        for (i = 0; i < 4; ++i) qm[i] = -qm[i];
      for (i = 0; i < 3; ++i) want[i] = pa[i];
      for (i = 0; i < 4; ++i) want[3 + i] = qm[i];
      status = spconv_pose_wxyz_from_mat4(res, Tr, SPCONV_MAT4_ROW_MAJOR);
      xc_check_status(xc_get(L, "spconv_pose_wxyz_from_mat4 status", XC_TOL), "from mat4", k,
                      status, SPCONV_OK);
      /* at exactly w = 0 (angle pi) the sign is a free choice: compare
         rotations there */
      if (fabs(qm[0]) < 1e-6) {
        double g[12], w12[12];
        xc_pose_rows(g, res);
        xc_pose_rows(w12, a);
        xc_check_scaled(xc_get(L, "spconv_pose_wxyz_from_mat4 vs mju_mat2Quat", XC_TOL),
                        "from mat4 (pi: rows)", k, g, w12, 12, 1.0);
      } else {
        xc_check(xc_get(L, "spconv_pose_wxyz_from_mat4 vs mju_mat2Quat", XC_TOL), "from mat4", k,
                 res, want, 7);
      }
    }
  }
}

/* ------------------------------------------- adjoints via transformSpatial */

/* MuJoCo's motion ([w; v], flg_force 0) or force ([tau; f], 1) of frame B
   at B's origin in B's axes -> at A's origin in A's axes, pose (R, p) of B
   in A: old point B's origin (0), new point A's origin (-R^T p in B's
   axes), rotnew2old = R^T (A's coordinates -> B's) */
static void mj_to_parent(mjtNum res[6], const mjtNum vec[6], int flg_force, const mjtNum p[3],
                         const mjtNum R[9]) {
  mjtNum Rt[9], newpos[3], oldpos[3] = {0, 0, 0};
  int i, j;
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) Rt[3 * i + j] = R[3 * j + i];
  mju_mulMatVec(newpos, Rt, p, 3, 3);
  mju_scl3(newpos, newpos, -1);
  mju_transformSpatial(res, vec, flg_force, newpos, oldpos, Rt);
}

static void check_adjoints(void) {
  int k;
  xc_seed(0x2602);
  for (k = 0; k < N_CASES; ++k) {
    spconv_real pose[7], tw[6], res[6], M[36];
    mjtNum p[3], q[4], R[9], in[6], out[6], want[6], Mw[36], Mlin[36];
    int i, j, flg, status;
    xc_pose_kind(pose, k);
    xc_vec(tw, 6, 3.0);
    to_d(p, pose, 3);
    unit_quat_d(q, pose + 3);
    mju_quat2Mat(R, q);
    /* twist [v; w] -> MuJoCo [w; v] */
    for (flg = 0; flg <= 1; ++flg) {
      for (i = 0; i < 3; ++i) {
        in[i] = (double)tw[3 + i];
        in[3 + i] = (double)tw[i];
      }
      mj_to_parent(out, in, flg, p, R);
      for (i = 0; i < 3; ++i) {
        want[i] = out[3 + i];
        want[3 + i] = out[i];
      }
      if (flg == 0) {
        xc_check_status(xc_get(L, "spconv_{twist,wrench}_transform_wxyz status", XC_TOL), "status", k,
                        spconv_twist_transform_wxyz(res, pose, tw, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
        xc_check(xc_get(L, "spconv_twist_transform_wxyz vs mju_transformSpatial", XC_TOL),
                 "twist", k, res, want, 6);
        memcpy(res, tw, sizeof res);
        xc_check_status(xc_get(L, "spconv_{twist,wrench}_transform_wxyz status", XC_TOL), "status", k,
                        spconv_twist_transform_wxyz(res, pose, res, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
        xc_check(xc_get(L, "spconv_twist_transform_wxyz (res = twist) vs mju_transformSpatial",
                        XC_TOL),
                 "alias", k, res, want, 6);
      } else {
        xc_check_status(xc_get(L, "spconv_{twist,wrench}_transform_wxyz status", XC_TOL), "status", k,
                        spconv_wrench_transform_wxyz(res, pose, tw, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
        xc_check(xc_get(L, "spconv_wrench_transform_wxyz vs mju_transformSpatial", XC_TOL),
                 "wrench", k, res, want, 6);
        memcpy(res, tw, sizeof res);
        xc_check_status(xc_get(L, "spconv_{twist,wrench}_transform_wxyz status", XC_TOL), "status", k,
                        spconv_wrench_transform_wxyz(res, pose, res, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
        xc_check(xc_get(L, "spconv_wrench_transform_wxyz (res = wrench) vs mju_transformSpatial",
                        XC_TOL),
                 "alias", k, res, want, 6);
      }
      /* the 6x6 in MuJoCo's order (angular first), column j = image of e_j */
      for (j = 0; j < 6; ++j) {
        for (i = 0; i < 6; ++i) in[i] = (i == j);
        mj_to_parent(out, in, flg, p, R);
        for (i = 0; i < 6; ++i) Mw[6 * i + j] = out[i];
      }
      /* the same in linear-first order: P M P with P the block swap */
      for (i = 0; i < 6; ++i)
        for (j = 0; j < 6; ++j) Mlin[6 * i + j] = Mw[6 * ((i + 3) % 6) + (j + 3) % 6];
      status = flg ? spconv_adjoint_wrench_matrix_wxyz(M, pose, SPCONV_ORDER_ANGULAR_FIRST)
                   : spconv_adjoint_twist_matrix_wxyz(M, pose, SPCONV_ORDER_ANGULAR_FIRST);
      xc_check_status(xc_get(L, "spconv_adjoint_{twist,wrench}_matrix_wxyz status", XC_TOL),
                      "ANGULAR_FIRST", k, status, SPCONV_OK);
      xc_check(xc_get(L,
                      flg ? "spconv_adjoint_wrench_matrix_wxyz(ANGULAR_FIRST) vs transformSpatial"
                          : "spconv_adjoint_twist_matrix_wxyz(ANGULAR_FIRST) vs transformSpatial",
                      XC_TOL),
               "matrix", k, M, Mw, 36);
      status = flg ? spconv_adjoint_wrench_matrix_wxyz(M, pose, SPCONV_ORDER_LINEAR_FIRST)
                   : spconv_adjoint_twist_matrix_wxyz(M, pose, SPCONV_ORDER_LINEAR_FIRST);
      xc_check_status(xc_get(L, "spconv_adjoint_{twist,wrench}_matrix_wxyz status", XC_TOL),
                      "LINEAR_FIRST", k, status, SPCONV_OK);
      xc_check(xc_get(L,
                      flg ? "spconv_adjoint_wrench_matrix_wxyz(LINEAR_FIRST) vs transformSpatial"
                          : "spconv_adjoint_twist_matrix_wxyz(LINEAR_FIRST) vs transformSpatial",
                      XC_TOL),
               "matrix", k, M, Mlin, 36);
    }
  }
}

/* ----------------------------------------------- the model-based checks */

/* body 1 "a": free, COM off its origin, rotated inertial frame; its
   children 2 .. 4: hinges (leaves), each with its own inertial frame */
static const char chain_xml[] =
    "<mujoco model='spconv_core'>"
    "  <option gravity='0 0 0'/>"
    "  <default><geom contype='0' conaffinity='0' size='0.05'/></default>"
    "  <worldbody>"
    "    <body name='a' pos='0 0 1'>"
    "      <joint type='free'/>"
    "      <inertial pos='0.10 -0.20 0.30' quat='0.9 0.3 -0.2 0.25' mass='1.5'"
    "                diaginertia='0.02 0.03 0.04'/>"
    "      <body pos='0.2 0.1 -0.1' quat='0.8 0.2 0.5 -0.1'>"
    "        <joint type='hinge' axis='0.3 1 0.2' pos='0.05 0 0'/>"
    "        <inertial pos='0.15 0.05 -0.02' quat='0.7 0.1 0.6 -0.3' mass='0.7'"
    "                  diaginertia='0.005 0.006 0.007'/>"
    "      </body>"
    "      <body pos='-0.3 0.2 0.1'>"
    "        <joint type='hinge' axis='1 0 0'/>"
    "        <inertial pos='0 0.1 0.2' quat='0.6 0 0.8 0' mass='0.5'"
    "                  diaginertia='0.003 0.004 0.005'/>"
    "      </body>"
    "      <body pos='0.1 -0.4 0.3' quat='0.3 0.4 0.5 0.6'>"
    "        <joint type='hinge' axis='0 0.6 0.8' pos='0 -0.05 0'/>"
    "        <inertial pos='0.05 0.05 0.05' quat='0.3 0.4 0.5 0.6' mass='0.3'"
    "                  diaginertia='0.001 0.002 0.002'/>"
    "      </body>"
    "    </body>"
    "  </worldbody>"
    "</mujoco>";

static const char single_xml[] =
    "<mujoco model='spconv_core_single'>"
    "  <option gravity='0 0 0'/>"
    "  <worldbody>"
    "    <body name='s' pos='0 0 1'>"
    "      <joint type='free'/>"
    "      <inertial pos='0.1 0.2 0.3' mass='1' diaginertia='0.1 0.1 0.1'/>"
    "    </body>"
    "  </worldbody>"
    "</mujoco>";

static mjModel *load(const char *xml) {
  char err[1000] = "";
  size_t len = strlen(xml);
  mjModel *model;
  mjVFS *vfs = (mjVFS *)malloc(sizeof(mjVFS));
  if (!vfs) return NULL;
  mj_defaultVFS(vfs);
  if (mj_makeEmptyFileVFS(vfs, "model.xml", (int)len) != 0) {
    free(vfs);
    return NULL;
  }
  memcpy(vfs->filedata[mj_findFileVFS(vfs, "model.xml")], xml, len);
  model = mj_loadXML("model.xml", vfs, err, (int)sizeof err);
  mj_deleteVFS(vfs);
  free(vfs);
  if (!model) printf("FAIL mj_loadXML: %s\n", err);
  return model;
}

/* MuJoCo's mju_mulInertVec (not exported): cinert [I_O (xx yy zz xy xz yz),
   m c, m] times [w; v] -> [tau; f] */
static void mul_inert(mjtNum res[6], const mjtNum *i, const mjtNum v[6]) {
  res[0] = i[0] * v[0] + i[3] * v[1] + i[4] * v[2] - i[8] * v[4] + i[7] * v[5];
  res[1] = i[3] * v[0] + i[1] * v[1] + i[5] * v[2] + i[8] * v[3] - i[6] * v[5];
  res[2] = i[4] * v[0] + i[5] * v[1] + i[2] * v[2] - i[7] * v[3] + i[6] * v[4];
  res[3] = i[8] * v[1] - i[7] * v[2] + i[9] * v[3];
  res[4] = i[6] * v[2] - i[8] * v[0] + i[9] * v[4];
  res[5] = i[7] * v[0] - i[6] * v[1] + i[9] * v[5];
}

/* cinert's 6 inertia numbers as a full row-major 3x3 */
static void full_of_cinert(double res[9], const mjtNum *i) {
  res[0] = i[0];
  res[4] = i[1];
  res[8] = i[2];
  res[1] = res[3] = i[3];
  res[2] = res[6] = i[4];
  res[5] = res[7] = i[5];
}

/* a random state of a model whose joint 0 is free: the free joint gets a
   position in [-2, 2)^3 and a (unit) rotation of kind k, the rest an angle;
   velocities in [-3, 3). Values are spconv_real-rounded first. */
static void random_state(const mjModel *m, mjData *d, int k) {
  spconv_real x[7], v;
  mjtNum q[4];
  int i;
  xc_pose_kind(x, k);
  for (i = 0; i < 3; ++i) d->qpos[i] = (double)x[i];
  unit_quat_d(q, x + 3);
  for (i = 0; i < 4; ++i) d->qpos[3 + i] = q[i];
  for (i = 7; i < m->nq; ++i) d->qpos[i] = xc_uniform(-XC_PI, XC_PI);
  for (i = 0; i < m->nv; ++i) {
    xc_vec(&v, 1, 3.0);
    d->qvel[i] = (double)v;
  }
  mj_forward(m, d);
}

static void check_chain(mjModel *m, mjData *d) {
  int k, b;
  xc_seed(0x2603);
  for (k = 0; k < N_CASES / 2; ++k) {
    random_state(m, d, k);
    mj_rnePostConstraint(m, d);
    for (b = 2; b < m->nbody; ++b) {
      int dof = m->body_dofadr[b], i;
      spconv_real v[6], mm[6], f[6], res[9];
      mjtNum want[6], tmp[6], Icacc[6], wantf[6];
      double Iw[9], scale, got[6];
      /* crossMotion: cdof_dot = cvel(parent) x cdof, [w; v] */
      for (i = 0; i < 3; ++i) {
        v[i] = (spconv_real)d->cvel[6 * 1 + 3 + i];
        v[3 + i] = (spconv_real)d->cvel[6 * 1 + i];
        mm[i] = (spconv_real)d->cdof[6 * dof + 3 + i];
        mm[3 + i] = (spconv_real)d->cdof[6 * dof + i];
      }
      for (i = 0; i < 6; ++i) want[i] = d->cdof_dot[6 * dof + i];
      xc_swap6(want);
      xc_check_status(xc_get(L, "spconv_{twist,wrench}_cross status", XC_TOL), "status", k,
                      spconv_twist_cross(res, v, mm, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
      xc_check(xc_get(L, "spconv_twist_cross vs mju_crossMotion (cdof_dot)", XC_TOL), "cdof_dot",
               k, res, want, 6);
      /* angular first: MuJoCo's cvel and cdof as stored give its cdof_dot */
      for (i = 0; i < 6; ++i) {
        v[i] = (spconv_real)d->cvel[6 * 1 + i];
        mm[i] = (spconv_real)d->cdof[6 * dof + i];
        want[i] = d->cdof_dot[6 * dof + i];
      }
      xc_check_status(xc_get(L, "spconv_{twist,wrench}_cross status", XC_TOL), "status", k,
                      spconv_twist_cross(res, v, mm, SPCONV_ORDER_ANGULAR_FIRST), SPCONV_OK);
      xc_check(xc_get(L, "spconv_twist_cross(ANGULAR_FIRST) vs mju_crossMotion (cdof_dot)", XC_TOL),
               "cdof_dot", k, res, want, 6);

      /* crossForce: cfrc_int(leaf) - cinert cacc = cvel x* (cinert cvel) */
      mul_inert(tmp, d->cinert + 10 * b, d->cvel + 6 * b);
      mul_inert(Icacc, d->cinert + 10 * b, d->cacc + 6 * b);
      for (i = 0; i < 3; ++i) {
        v[i] = (spconv_real)d->cvel[6 * b + 3 + i];
        v[3 + i] = (spconv_real)d->cvel[6 * b + i];
        f[i] = (spconv_real)tmp[3 + i];
        f[3 + i] = (spconv_real)tmp[i];
      }
      scale = 1.0;
      for (i = 0; i < 6; ++i) {
        wantf[i] = d->cfrc_int[6 * b + i] - Icacc[i];
        scale = fmax(scale, fmax(fabs(d->cfrc_int[6 * b + i]), fabs(Icacc[i])));
      }
      xc_swap6(wantf);
      xc_check_status(xc_get(L, "spconv_{twist,wrench}_cross status", XC_TOL), "status", k,
                      spconv_wrench_cross(res, v, f, SPCONV_ORDER_LINEAR_FIRST), SPCONV_OK);
      to_d(got, res, 6);
      /* relative to the largest of the terms MuJoCo subtracted */
      xc_check_scaled(xc_get(L, "spconv_wrench_cross vs mju_crossForce (cfrc_int)", XC_TOL),
                      "cfrc_int", k, got, wantf, 6, scale);
      /* angular first: MuJoCo's cvel and [tau; f] as stored */
      xc_swap6(wantf);
      for (i = 0; i < 6; ++i) {
        v[i] = (spconv_real)d->cvel[6 * b + i];
        f[i] = (spconv_real)tmp[i];
      }
      xc_check_status(xc_get(L, "spconv_{twist,wrench}_cross status", XC_TOL), "status", k,
                      spconv_wrench_cross(res, v, f, SPCONV_ORDER_ANGULAR_FIRST), SPCONV_OK);
      to_d(got, res, 6);
      xc_check_scaled(xc_get(L, "spconv_wrench_cross(ANGULAR_FIRST) vs mju_crossForce (cfrc_int)", XC_TOL),
                      "cfrc_int", k, got, wantf, 6, scale);

      /* inertia_shift: cinert(b) is about subtree_com(root) in world axes */
      {
        mjtNum Rb[9], D[9], tmp9[9];
        spconv_real Ic[9], r[3];
        int r_, c_;
        for (r_ = 0; r_ < 9; ++r_) D[r_] = 0;
        for (r_ = 0; r_ < 3; ++r_) D[4 * r_] = m->body_inertia[3 * b + r_];
        for (r_ = 0; r_ < 9; ++r_) Rb[r_] = d->ximat[9 * b + r_];
        mju_mulMatMatT(tmp9, D, Rb, 3, 3, 3);
        mju_mulMatMat(Iw, Rb, tmp9, 3, 3, 3);
        for (r_ = 0; r_ < 3; ++r_)
          for (c_ = 0; c_ < 3; ++c_) Ic[3 * r_ + c_] = (spconv_real)(0.5 * (Iw[3 * r_ + c_] + Iw[3 * c_ + r_]));
        for (i = 0; i < 3; ++i) r[i] = (spconv_real)(d->subtree_com[3 * 1 + i] - d->xipos[3 * b + i]);
        const spconv_real zero[3] = {0, 0, 0};
        spconv_inertia_shift(res, Ic, (spconv_real)m->body_mass[b], zero, r);
        full_of_cinert(Iw, d->cinert + 10 * b);
        xc_check(xc_get(L, "spconv_inertia_shift vs cinert (mj_comPos)", XC_TOL), "cinert", k, res,
                 Iw, 9);
      }
    }
  }
}

/* one free body whose mass, COM, inertial frame and moments are set in the
   mjModel before each mj_forward */
static void check_single(mjModel *m, mjData *d) {
  int k, i;
  xc_seed(0x2604);
  for (k = 0; k < N_CASES; ++k) {
    spconv_real diag[3], iq[4], com[3], mass, res[9], tw[6], Ic[9], e, q_total[4];
    mjtNum iqu[4], R[9], xq[4], qt[4], qvel_v[3], Rt[9], Rd[9];
    double want[9], D[9], ke, d3[3];
    int r_, c_;
    /* principal moments of a rigid body, inertial frame of kind k (scaled
       for the header, unit for MuJoCo) */
    xc_moments(d3);
    for (i = 0; i < 3; ++i) diag[i] = (spconv_real)d3[i];
    xc_quat_kind(iq, k);
    if (xc_uniform(0, 1) < 0.5) {
      double c = pow(10.0, xc_uniform(-2, 2));
      for (i = 0; i < 4; ++i) iq[i] = (spconv_real)(c * (double)iq[i]);
    }
    xc_vec(com, 3, 0.5);
    mass = (spconv_real)xc_uniform(0.1, 10.0);
    unit_quat_d(iqu, iq);
    m->body_mass[1] = (double)mass;
    for (i = 0; i < 3; ++i) {
      m->body_ipos[3 + i] = (double)com[i];
      m->body_inertia[3 + i] = (double)diag[i];
    }
    for (i = 0; i < 4; ++i) m->body_iquat[4 + i] = iqu[i];
    random_state(m, d, k / XC_KINDS);
    mj_energyVel(m, d);

    /* inertia_from_principal: cinert = ximat diag ximat^T (dif = 0: the
       body is its own subtree) with the header given q_body * iquat
       (scaled) */
    for (i = 0; i < 4; ++i) xq[i] = d->xquat[4 + i];
    {
      mjtNum iq_raw[4];
      to_d(iq_raw, iq, 4);
      mju_mulQuat(qt, xq, iq_raw);
    }
    to_real(q_total, qt, 4);
    spconv_inertia_from_principal(res, diag, q_total);
    full_of_cinert(want, d->cinert + 10 * 1);
    xc_check(xc_get(L, "spconv_inertia_from_principal vs cinert (mj_comPos)", XC_TOL), "cinert", k,
             res, want, 9);

    /* kinetic energy: twist [v_O; w] in body axes, qvel = [v_O world; w
       body]; I_com in body axes (reference, double, from the unit iquat) */
    mju_quat2Mat(R, iqu);
    for (r_ = 0; r_ < 9; ++r_) D[r_] = 0;
    for (r_ = 0; r_ < 3; ++r_) D[4 * r_] = (double)diag[r_];
    mju_mulMatMatT(Rd, D, R, 3, 3, 3);
    mju_mulMatMat(Rt, R, Rd, 3, 3, 3);
    for (r_ = 0; r_ < 3; ++r_)
      for (c_ = 0; c_ < 3; ++c_) Ic[3 * r_ + c_] = (spconv_real)(0.5 * (Rt[3 * r_ + c_] + Rt[3 * c_ + r_]));
    mju_quat2Mat(R, xq);
    mju_mulMatTVec(qvel_v, R, d->qvel, 3, 3);
    for (i = 0; i < 3; ++i) {
      tw[i] = (spconv_real)qvel_v[i];
      tw[3 + i] = (spconv_real)d->qvel[3 + i];
    }
    e = spconv_kinetic_energy(mass, com, Ic, tw);
    ke = d->energy[1];
    {
      double g = (double)e;
      xc_check_scaled(xc_get(L, "spconv_kinetic_energy vs mj_energyVel", XC_TOL), "energy", k, &g,
                      &ke, 1, 1.0);
    }
  }
}

/* principal_from_inertia vs mju_eig3 (what MuJoCo's compiler runs on a
   fullinertia): the moments in MuJoCo's (decreasing) order and the axes up
   to each one's sign (MuJoCo does not canonicalize). mju_eig3 is a Jacobi
   iteration that stops once the off-diagonal is below 1e-12 absolute: on
   these inputs (moments in [0.1, 2)) its moments differ from the exact ones
   (the I is built from known moments and axes) by up to ~3e-12 and its axes
   by up to ~3e-7 |I| / gap, where the header's differ by ~2e-15 and
   ~4e-16 |I| / gap (measured; the exact comparison is the Eigen row of
   test_core_dart.cpp). So this row's tolerances are MuJoCo's accuracy:
   moments 1e-10 of the largest (double), axes 1e-5 after multiplying the
   error by gap / |I| (the condition number of an eigenvector), compared
   only where the moments are 1e-3 |I| apart; in float the float
   tolerance. A wrong order, a transposed R or a lost sign is an O(1)
   error in either. */
#ifdef SPCONV_USE_FLOAT
#  define EIG_TOL_MOMENTS XC_TOL
#  define EIG_TOL_AXES XC_TOL
#else
#  define EIG_TOL_MOMENTS 1e-10
#  define EIG_TOL_AXES 1e-5
#endif
static void check_principal(void) {
  int k, i;
  xc_seed(0x2605);
  for (k = 0; k < N_CASES; ++k) {
    spconv_real Ir[9], diag[3], gd[3], gq[4];
    mjtNum I[9], ev[3], evec[9], qm[4], Rm[9], Rh[9];
    double gap, big, err = 0.0, got_d[3];
    int status, r_, c_;
    spconv_real q[4];
    for (i = 0; i < 3; ++i) diag[i] = (spconv_real)xc_uniform(0.1, 2.0);
    if (k % 4 == 1) diag[1] = diag[0];                                     /* degenerate pair */
    if (k % 4 == 2) diag[1] = (spconv_real)((double)diag[0] * (1 + 1e-7)); /* near */
    xc_quat_kind(q, k);
    xc_mat_of_quat(Rm, q);
    for (r_ = 0; r_ < 3; ++r_)
      for (c_ = 0; c_ <= r_; ++c_) {
        double s = 0;
        for (i = 0; i < 3; ++i) s += Rm[3 * r_ + i] * (double)diag[i] * Rm[3 * c_ + i];
        Ir[3 * r_ + c_] = Ir[3 * c_ + r_] = (spconv_real)s;
      }
    to_d(I, Ir, 9);
    mju_eig3(ev, evec, qm, I);
    status = spconv_principal_from_inertia(gd, gq, Ir);
    xc_check_status(xc_get(L, "spconv_principal_from_inertia status", XC_TOL), "status", k, status,
                    SPCONV_OK);
    to_d(got_d, gd, 3);
    big = fmax(fabs(ev[0]), fmax(fabs(ev[1]), fabs(ev[2])));
    xc_check_scaled(xc_get(L, "spconv_principal_from_inertia moments vs mju_eig3", EIG_TOL_MOMENTS),
                    "moments", k, got_d, ev, 3, big);
    gap = fmin(fabs(ev[0] - ev[1]), fabs(ev[1] - ev[2]));
    if (gap > 1e-3 * big) {
      double zero = 0.0;
      xc_mat_of_quat(Rh, gq);
      mju_quat2Mat(Rm, qm);
      for (c_ = 0; c_ < 3; ++c_) {
        double dot = 0;
        for (r_ = 0; r_ < 3; ++r_) dot += Rh[3 * r_ + c_] * Rm[3 * r_ + c_];
        for (r_ = 0; r_ < 3; ++r_)
          err = fmax(err, fabs(Rh[3 * r_ + c_] - (dot < 0 ? -1.0 : 1.0) * Rm[3 * r_ + c_]));
      }
      err *= gap / big;
      xc_check_scaled(
          xc_get(L, "spconv_principal_from_inertia axes vs mju_eig3 (x gap/|I|)", EIG_TOL_AXES),
          "axes", k, &err, &zero, 1, 1.0);
    }
  }
}

int main(void) {
  mjModel *chain = load(chain_xml), *single = load(single_xml);
  mjData *dc, *ds;
  int status;
  printf("MuJoCo %s (library %d, header %d)\n", mj_versionString(), mj_version(),
         mjVERSION_HEADER);
  if (!chain || !single) return 1;
  single->opt.enableflags |= mjENBL_ENERGY; /* mj_energyVel is a no-op without it */
  dc = mj_makeData(chain);
  ds = mj_makeData(single);
  check_poses();
  check_adjoints();
  check_chain(chain, dc);
  check_single(single, ds);
  check_principal();
  status = xc_summary("spatial core vs MuJoCo 2.2.2");
  mj_deleteData(dc);
  mj_deleteData(ds);
  mj_deleteModel(chain);
  mj_deleteModel(single);
  return status;
}
