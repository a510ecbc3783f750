/* MuJoCo's side of the conformance suite (MuJoCo 2.2+ C API, no
   spatial_conv): what MuJoCo itself computes for free bodies in a given
   state, printed as JSON for conformance/adapters/mujoco_adapter.py to
   hand to conformance/check.py.

     mujoco_adapter MODEL.xml < STATE

   MODEL.xml: free-jointed bodies (no gravity). STATE: whitespace-separated
   numbers: qpos (nq), qvel (nv), then xfrc_applied for each body after the
   world (6 each: [f; tau about xipos], world axes). After mj_forward, for
   each body b >= 1 it prints (MuJoCo's own layouts):
     qpos, qvel            the free joint's slices: [p_O; q wxyz], [v_O world; w body]
     xpos, xquat           body origin and frame (wxyz)
     xipos, xiquat         COM and inertial frame (mju_mat2Quat of ximat)
     objvel_body_world     mj_objectVelocity(mjOBJ_BODY, local 0): [w; v_C], world
     objvel_body_local     mj_objectVelocity(mjOBJ_BODY, local 1): the same in ximat axes
     objvel_xbody_world    mj_objectVelocity(mjOBJ_XBODY, local 0): [w; v_O], world
     objvel_xbody_local    mj_objectVelocity(mjOBJ_XBODY, local 1): [w; v_O], body axes
     jac_origin, jac_com   mj_jac at xpos / xipos: 6 x nv rows [jacp; jacr], world
     xfrc                  the xfrc_applied row given
     qfrc_applyft          the joint's slice of mj_applyFT(xfrc at xipos), zeroed first
     qfrc_xfrc             the joint's slice of the change of qfrc_smooth that
                           xfrc_applied makes in mj_forward
   and the full qvel once. Exit status 1 when the model or STATE is bad. */
#include <stdio.h>
#include <stdlib.h>

#include <mujoco/mujoco.h>

static void print_vec(const char *key, const mjtNum *x, int n, const char *end) {
  int i;
  if (*key) printf("\"%s\": ", key); /* "" for an element of a list */
  printf("[");
  for (i = 0; i < n; ++i) printf("%s%.17g", i ? ", " : "", x[i]);
  printf("]%s", end);
}

/* 6 x nv Jacobian of the body point at `point`: rows jacp, then jacr */
static void print_jac(const mjModel *m, mjData *d, const char *key, const mjtNum *point, int b) {
  mjtNum *jac = (mjtNum *)calloc((size_t)(6 * m->nv), sizeof(mjtNum));
  int r;
  if (!jac) exit(1);
  mj_jac(m, d, jac, jac + 3 * m->nv, point, b);
  printf("\"%s\": [", key);
  for (r = 0; r < 6; ++r) {
    printf("%s", r ? ", " : "");
    print_vec("", jac + r * m->nv, m->nv, "");
  }
  printf("], ");
  free(jac);
}

static int read_numbers(mjtNum *x, int n) {
  int i;
  for (i = 0; i < n; ++i)
    if (scanf("%lf", &x[i]) != 1) return 0;
  return 1;
}

/* qfrc_smooth with the given xfrc_applied minus without it (mj_forward) */
static void qfrc_from_xfrc(const mjModel *m, mjData *d, mjtNum *res) {
  mjtNum *saved = (mjtNum *)malloc(sizeof(mjtNum) * (size_t)(6 * m->nbody));
  int i;
  if (!saved) exit(1);
  mju_copy(saved, d->xfrc_applied, 6 * m->nbody);
  mj_forward(m, d);
  mju_copy(res, d->qfrc_smooth, m->nv);
  mju_zero(d->xfrc_applied, 6 * m->nbody);
  mj_forward(m, d);
  for (i = 0; i < m->nv; ++i) res[i] -= d->qfrc_smooth[i];
  mju_copy(d->xfrc_applied, saved, 6 * m->nbody);
  mj_forward(m, d);
  free(saved);
}

static void print_body(const mjModel *m, mjData *d, int b, const mjtNum *qfrc_xfrc, mjtNum *qfrc) {
  int j = m->body_jntadr[b], dof = m->jnt_dofadr[j];
  mjtNum v[6], xiquat[4];
  printf("{\"name\": \"%s\", ", mj_id2name(m, mjOBJ_BODY, b));
  print_vec("qpos", d->qpos + m->jnt_qposadr[j], 7, ", ");
  print_vec("qvel", d->qvel + dof, 6, ", ");
  print_vec("xpos", d->xpos + 3 * b, 3, ", ");
  print_vec("xquat", d->xquat + 4 * b, 4, ", ");
  print_vec("xipos", d->xipos + 3 * b, 3, ", ");
  mju_mat2Quat(xiquat, d->ximat + 9 * b);
  print_vec("xiquat", xiquat, 4, ", ");
  mj_objectVelocity(m, d, mjOBJ_BODY, b, v, 0);
  print_vec("objvel_body_world", v, 6, ", ");
  mj_objectVelocity(m, d, mjOBJ_BODY, b, v, 1);
  print_vec("objvel_body_local", v, 6, ", ");
  mj_objectVelocity(m, d, mjOBJ_XBODY, b, v, 0);
  print_vec("objvel_xbody_world", v, 6, ", ");
  mj_objectVelocity(m, d, mjOBJ_XBODY, b, v, 1);
  print_vec("objvel_xbody_local", v, 6, ", ");
  print_jac(m, d, "jac_origin", d->xpos + 3 * b, b);
  print_jac(m, d, "jac_com", d->xipos + 3 * b, b);
  print_vec("xfrc", d->xfrc_applied + 6 * b, 6, ", ");
  mju_zero(qfrc, m->nv);
  mj_applyFT(m, d, d->xfrc_applied + 6 * b, d->xfrc_applied + 6 * b + 3, d->xipos + 3 * b, b, qfrc);
  print_vec("qfrc_applyft", qfrc + dof, 6, ", ");
  print_vec("qfrc_xfrc", qfrc_xfrc + dof, 6, "}");
}

int main(int argc, char **argv) {
  char err[1000] = "";
  mjModel *m;
  mjData *d;
  mjtNum *qfrc_xfrc, *qfrc;
  int b;
  if (argc != 2) {
    fprintf(stderr, "usage: %s MODEL.xml < STATE\n", argv[0]);
    return 1;
  }
  m = mj_loadXML(argv[1], NULL, err, (int)sizeof err);
  if (!m) {
    fprintf(stderr, "mj_loadXML: %s\n", err);
    return 1;
  }
  d = mj_makeData(m);
  qfrc_xfrc = (mjtNum *)calloc((size_t)m->nv, sizeof(mjtNum));
  qfrc = (mjtNum *)calloc((size_t)m->nv, sizeof(mjtNum));
  if (!d || !qfrc_xfrc || !qfrc || !read_numbers(d->qpos, m->nq) || !read_numbers(d->qvel, m->nv) ||
      !read_numbers(d->xfrc_applied + 6, 6 * (m->nbody - 1))) {
    fprintf(stderr, "mujoco_adapter: STATE needs %d + %d + %d numbers\n", m->nq, m->nv, 6 * (m->nbody - 1));
    return 1;
  }
  qfrc_from_xfrc(m, d, qfrc_xfrc);
  printf("{\"mujoco_version\": %d, ", mj_version());
  print_vec("qvel", d->qvel, m->nv, ", ");
  printf("\"bodies\": [");
  for (b = 1; b < m->nbody; ++b) {
    printf("%s", b > 1 ? ",\n  " : "\n  ");
    print_body(m, d, b, qfrc_xfrc, qfrc);
  }
  printf("]}\n");
  free(qfrc);
  free(qfrc_xfrc);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
