/* spconv_jacobian_convert vs MuJoCo 2.2.2 (Debian's libmujoco-dev).

   Seeded random trees of 3 .. 6 bodies, each hung off an earlier one by a
   hinge, a slide or a ball joint (the root by a free joint in one model of
   four), with random body poses, joint axes and anchors, and COMs and
   inertial frames off the body origins. Per model, random states; per
   state and body, MuJoCo's Jacobians (6 x nv, [jacp; jacr] stacked: rows
   contiguous, linear first, world axes) are
     mj_jacBody         at the body origin xpos        {LINEAR_FIRST, ORIGIN, WORLD, WORLD}
     mj_jacBodyCom      at the COM xipos               NEWTON
     mj_jac at (0,0,0)  at the body point at the world origin   PINOCCHIO_WORLD
   and each is converted into the others, row-major, column-major (the
   transposed storage) and in place. Against MuJoCo's own twists: the
   converted Jacobian times qvel equals mj_objectVelocity's [w; v]
   (mjOBJ_XBODY: body origin, world or body axes; mjOBJ_BODY: COM, world
   axes) rearranged into DRAKE, DART_BODY, PINOCCHIO_LOCAL, NEWTON and
   MUJOCO_FREE. The header's body is {xpos, xquat, body_ipos}.
   The float build rounds MuJoCo's Jacobians and poses to float first;
   MuJoCo's double results stay the reference. */
#include <mujoco/mujoco.h>

#include "test_core_xcheck.h"
#include "test_mujoco_util.h" /* test_mujoco_load */

#define N_MODELS 60
#define N_STATES 5
#define MAX_BODIES 7 /* world + 6 */
#define MAX_NV 40

static const char *const L = "MuJoCo";

/* appends printf output to buf (size cap) */
static void put(char *buf, size_t cap, const char *fmt, double a, double b, double c, double d) {
  size_t n = strlen(buf);
  snprintf(buf + n, cap - n, fmt, a, b, c, d);
}

/* appends text to buf (size cap) */
static void put_text(char *buf, size_t cap, const char *text) {
  size_t n = strlen(buf);
  snprintf(buf + n, cap - n, "%s", text);
}

/* body i's XML opening: pose, one joint (free for a root when `free_root`),
   an inertial off the origin */
static void body_xml(char *buf, size_t cap, int i, int free_root) {
  const char *types[3] = {"hinge", "slide", "ball"};
  int t = (int)xc_uniform(0, 3);
  size_t n = strlen(buf);
  snprintf(buf + n, cap - n, "<body name='b%d'", i);
  put(buf, cap, " pos='%.6f %.6f %.6f'", xc_uniform(-0.5, 0.5), xc_uniform(-0.5, 0.5),
      xc_uniform(-0.5, 0.5), 0);
  put(buf, cap, " quat='%.6f %.6f %.6f %.6f'>", xc_uniform(-1, 1), xc_uniform(-1, 1),
      xc_uniform(-1, 1), xc_uniform(0.1, 1));
  if (free_root) {
    put_text(buf, cap, "<joint type='free'/>");
  } else {
    n = strlen(buf);
    snprintf(buf + n, cap - n, "<joint type='%s'", types[t]);
    put(buf, cap, " axis='%.6f %.6f %.6f'", xc_uniform(-1, 1), xc_uniform(-1, 1),
        xc_uniform(0.2, 1), 0);
    put(buf, cap, " pos='%.6f %.6f %.6f'/>", xc_uniform(-0.2, 0.2), xc_uniform(-0.2, 0.2),
        xc_uniform(-0.2, 0.2), 0);
  }
  put(buf, cap, "<inertial pos='%.6f %.6f %.6f' mass='%.6f'", xc_uniform(-0.4, 0.4),
      xc_uniform(-0.4, 0.4), xc_uniform(-0.4, 0.4), xc_uniform(0.2, 2));
  put(buf, cap, " quat='%.6f %.6f %.6f %.6f' diaginertia='0.02 0.03 0.04'/>", xc_uniform(-1, 1),
      xc_uniform(-1, 1), xc_uniform(-1, 1), xc_uniform(0.1, 1));
}

/* a random tree: body i > 1 hangs off a random earlier body (nested XML:
   a body closes once no later body hangs off it) */
static mjModel *random_model(int nb, int free_root) {
  static char buf[16384];
  int parent[MAX_BODIES], open[MAX_BODIES], depth = 0, i;
  buf[0] = '\0';
  put_text(buf, sizeof buf,
           "<mujoco><option gravity='0 0 0'/><default><geom contype='0' conaffinity='0' "
           "size='0.05'/></default><worldbody>");
  for (i = 1; i <= nb; ++i) {
    /* a child of a body on the open path (nesting keeps the XML a tree) */
    parent[i] = i == 1 ? 0 : open[(int)xc_uniform(0, depth)];
    while (depth > 0 && open[depth - 1] != parent[i]) {
      put_text(buf, sizeof buf, "</body>");
      --depth;
    }
    body_xml(buf, sizeof buf, i, i == 1 && free_root);
    open[depth++] = i;
  }
  while (depth-- > 0) put_text(buf, sizeof buf, "</body>");
  put_text(buf, sizeof buf, "</worldbody></mujoco>");
  return test_mujoco_load(buf);
}

static void random_state(const mjModel *m, mjData *d) {
  int j, a, i;
  for (j = 0; j < m->njnt; ++j) {
    mjtNum *q = d->qpos + m->jnt_qposadr[j];
    switch (m->jnt_type[j]) {
      case mjJNT_FREE:
        for (i = 0; i < 3; ++i) q[i] = xc_uniform(-2, 2);
        q += 3; /* then the quaternion, as a ball's */
        /* fall through */
      case mjJNT_BALL: {
        spconv_real qr[4];
        xc_quat_kind(qr, (int)xc_uniform(0, XC_KINDS));
        for (a = 0; a < 4; ++a) q[a] = (double)qr[a];
        mju_normalize4(q);
        break;
      }
      default: q[0] = xc_uniform(-XC_PI, XC_PI);
    }
  }
  for (i = 0; i < m->nv; ++i) d->qvel[i] = (double)(spconv_real)xc_uniform(-3, 3);
  mj_forward(m, d);
}

/* the 6 x nv Jacobian [jacp; jacr] (row-major) of point `at` (0 origin,
   1 COM, 2 the world origin) */
static void mj_jacobian(double *J, const mjModel *m, const mjData *d, int b, int at) {
  static const mjtNum zero[3] = {0, 0, 0};
  if (at == 0) mj_jacBody(m, d, J, J + 3 * m->nv, b);
  else if (at == 1) mj_jacBodyCom(m, d, J, J + 3 * m->nv, b);
  else mj_jac(m, d, J, J + 3 * m->nv, zero, b);
}

/* row-major 6 x n -> the same matrix column-major (cm 1) or as is, in spconv_real */
static void store(spconv_real *res, const double *J, int n, int cm) {
  int i, j;
  for (i = 0; i < 6; ++i)
    for (j = 0; j < n; ++j) res[cm ? 6 * j + i : n * i + j] = (spconv_real)J[n * i + j];
}

/* got (stored as cm says) back to row-major doubles */
static void load_rows(double *res, const spconv_real *got, int n, int cm) {
  int i, j;
  for (i = 0; i < 6; ++i)
    for (j = 0; j < n; ++j) res[n * i + j] = (double)got[cm ? 6 * j + i : n * i + j];
}

static const spconv_convention origin_world = {SPCONV_ORDER_LINEAR_FIRST, SPCONV_POINT_ORIGIN,
                                               SPCONV_FRAME_WORLD, SPCONV_FRAME_WORLD,
                                               SPCONV_ANGLE_RADIANS, SPCONV_ACCEL_CLASSICAL};

/* the convention of mj_jacobian's point `at` */
static spconv_convention at_convention(int at) {
  if (at == 0) return origin_world;
  return spconv_convention_from_preset(at == 1 ? SPCONV_PRESET_NEWTON
                                               : SPCONV_PRESET_PINOCCHIO_WORLD);
}

static void body_of(spconv_body *b, const mjModel *m, const mjData *d, int id) {
  int i;
  for (i = 0; i < 3; ++i) b->pos[i] = (spconv_real)d->xpos[3 * id + i];
  for (i = 0; i < 4; ++i) b->quat_wxyz[i] = (spconv_real)d->xquat[4 * id + i];
  for (i = 0; i < 3; ++i) b->com[i] = (spconv_real)m->body_ipos[3 * id + i];
  for (i = 0; i < 4; ++i) b->iquat_wxyz[i] = (spconv_real)m->body_iquat[4 * id + i];
}

/* every ordered pair of the three MuJoCo Jacobians: row-major, column-major
   and in place (the in-place call alternates storage) */
static void check_pairs(const mjModel *m, const mjData *d, int b, const spconv_body *body, int k) {
  static const char *const names[3] = {"mj_jacBody", "mj_jacBodyCom", "mj_jac(world origin)"};
  static double J[3][6 * MAX_NV], got_d[6 * MAX_NV];
  static spconv_real x[6 * MAX_NV], res[6 * MAX_NV];
  const int n = m->nv;
  int from, to, cm;
  char what[128];
  for (from = 0; from < 3; ++from) mj_jacobian(J[from], m, d, b, from);
  for (from = 0; from < 3; ++from)
    for (to = 0; to < 3; ++to) {
      spconv_convention cf = at_convention(from), ct = at_convention(to);
      if (from == to) continue;
      for (cm = 0; cm < 3; ++cm) {
        const int col = cm == 1 || (cm == 2 && k % 2); /* cm 2: in place */
        snprintf(what, sizeof what, "spconv_jacobian_convert(%s) %s -> %s",
                 cm == 2 ? "in place" : col ? "COLUMN_MAJOR" : "ROW_MAJOR", names[from], names[to]);
        store(x, J[from], n, col);
        xc_check_status(xc_get(L, "spconv_jacobian_convert status", XC_TOL), "status", k,
                        spconv_jacobian_convert(cm == 2 ? x : res, &ct, x, &cf, body, (size_t)n,
                                                col ? SPCONV_MAT4_COLUMN_MAJOR
                                                    : SPCONV_MAT4_ROW_MAJOR),
                        SPCONV_OK);
        load_rows(got_d, cm == 2 ? x : res, n, col);
        xc_check_scaled(xc_get(L, what, XC_TOL), "J", k, got_d, J[to], 6 * n, 1.0);
      }
    }
}

/* y = J qvel (J row-major 6 x n, in double) */
static void jac_times(double y[6], const double *J, const mjtNum *qvel, int n) {
  int i, j;
  for (i = 0; i < 6; ++i) {
    y[i] = 0;
    for (j = 0; j < n; ++j) y[i] += J[n * i + j] * qvel[j];
  }
}

/* the converted Jacobians times qvel against mj_objectVelocity's twists */
static void check_velocities(const mjModel *m, const mjData *d, int b, const spconv_body *body,
                             int k) {
  static double J[6 * MAX_NV], got_d[6 * MAX_NV];
  static spconv_real x[6 * MAX_NV], res[6 * MAX_NV];
  const int n = m->nv;
  mjtNum ow[6], ol[6], cw[6]; /* [w; v]: origin world, origin body axes, COM world */
  double want[6][6], y[6];
  static const spconv_preset_id to[5] = {SPCONV_PRESET_DRAKE, SPCONV_PRESET_DART_BODY,
                                         SPCONV_PRESET_PINOCCHIO_LOCAL, SPCONV_PRESET_NEWTON,
                                         SPCONV_PRESET_MUJOCO_FREE};
  static const char *const rows[5] = {
      "spconv_jacobian_convert -> DRAKE, J qvel vs mj_objectVelocity(XBODY, world)",
      "spconv_jacobian_convert -> DART_BODY, J qvel vs mj_objectVelocity(XBODY, local)",
      "spconv_jacobian_convert -> PINOCCHIO_LOCAL, J qvel vs mj_objectVelocity(XBODY, local)",
      "spconv_jacobian_convert -> NEWTON, J qvel vs mj_objectVelocity(BODY, world)",
      "spconv_jacobian_convert -> MUJOCO_FREE, J qvel vs mj_objectVelocity(XBODY) v world, w local"};
  int i, t, at = k % 3, col = (k / 3) % 2;
  const spconv_convention from = at_convention(at);
  mj_objectVelocity(m, d, mjOBJ_XBODY, b, ow, 0);
  mj_objectVelocity(m, d, mjOBJ_XBODY, b, ol, 1);
  mj_objectVelocity(m, d, mjOBJ_BODY, b, cw, 0);
  for (i = 0; i < 6; ++i) {
    want[0][i] = ow[i];                       /* [w; v_O] world */
    want[1][i] = ol[i];                       /* [w; v_O] body axes */
    want[2][i] = ol[(i + 3) % 6];             /* [v_O; w] body axes */
    want[3][i] = cw[(i + 3) % 6];             /* [v_C; w] world */
    want[4][i] = i < 3 ? ow[3 + i] : ol[i - 3]; /* [v_O world; w body] */
  }
  mj_jacobian(J, m, d, b, at);
  for (t = 0; t < 5; ++t) {
    const spconv_convention ct = spconv_convention_from_preset(to[t]);
    store(x, J, n, col);
    xc_check_status(xc_get(L, "spconv_jacobian_convert status", XC_TOL), "status", k,
                    spconv_jacobian_convert(res, &ct, x, &from, body, (size_t)n,
                                            col ? SPCONV_MAT4_COLUMN_MAJOR : SPCONV_MAT4_ROW_MAJOR),
                    SPCONV_OK);
    load_rows(got_d, res, n, col);
    jac_times(y, got_d, d->qvel, n);
    xc_check_scaled(xc_get(L, rows[t], XC_TOL), "J qvel", k, y, want[t], 6, 1.0);
  }
}

int main(void) {
  int model, s, b, k = 0;
  printf("MuJoCo %s (library %d, header %d)\n", mj_versionString(), mj_version(),
         mjVERSION_HEADER);
  xc_seed(0x1ac0b1);
  for (model = 0; model < N_MODELS; ++model) {
    mjModel *m = random_model(3 + model % 4, model % 4 == 0);
    mjData *d;
    if (!m) return 1;
    if (m->nv > MAX_NV) {
      printf("FAIL model %d: nv %d > %d\n", model, m->nv, MAX_NV);
      return 1;
    }
    d = mj_makeData(m);
    for (s = 0; s < N_STATES; ++s) {
      random_state(m, d);
      for (b = 1; b < m->nbody; ++b, ++k) {
        spconv_body body;
        body_of(&body, m, d, b);
        check_pairs(m, d, b, &body, k);
        check_velocities(m, d, b, &body, k);
      }
    }
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  return xc_summary("spconv_jacobian_convert vs MuJoCo 2.2.2");
}
