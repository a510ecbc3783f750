/* Two MuJoCo free bodies with offset, rotated inertial frames, stepped by
   MuJoCo and read in Newton's convention through spatial_conv.

   MuJoCo qvel (free joint)  [v_O, world; w, body axes]    O = body origin (xpos)
   Newton body_qd            [v_C, world; w, world]         C = COM (xipos)
   mj_objectVelocity(mjOBJ_BODY, flg_local = 0): [w; v_C], world axes
   COM wrench (Newton body_f = MuJoCo xfrc_applied): [f, world; tau about C, world]
   free-joint qfrc           [f, world; tau about O, body axes]

   Run A pushes each body with the COM wrench converted to qfrc_applied by
   spconv_mujoco_qfrc_from_wrench; run B gives MuJoCo the same wrench as
   xfrc_applied. Both must move alike. Exit status 1 if any difference
   exceeds 1e-9. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "spatial_conv.h"

static const char model_xml[] =
    "<mujoco model='two_free_bodies'>"
    "  <option timestep='0.002'/>"
    "  <worldbody>"
    "    <body name='top' pos='0 0 1'>"
    "      <joint type='free'/>"
    "      <inertial pos='0.1 -0.05 0.2' quat='0.9 0.3 -0.2 0.25' mass='1.2'"
    "                diaginertia='0.01 0.02 0.03'/>"
    "    </body>"
    "    <body name='brick' pos='1 0 1'>"
    "      <joint type='free'/>"
    "      <inertial pos='-0.3 0.1 0' quat='0.5 0.5 0.5 -0.5' mass='0.5'"
    "                diaginertia='0.004 0.006 0.008'/>"
    "    </body>"
    "  </worldbody>"
    "</mujoco>";

/* COM wrench on each body: [f, world; tau about C, world]; the forces
   about cancel gravity, so the bodies hover while they tumble */
static const double wrench[2][6] = {{0, 0, 12, 0.02, 0, 0.01}, {1, 0, 5, 0, 0.01, 0}};

static mjModel *load_model(void) {
  char err[1000] = "";
  size_t len = strlen(model_xml);
  mjModel *m = NULL;
  mjVFS *vfs = (mjVFS *)malloc(sizeof(mjVFS));
  if (!vfs) return NULL;
  mj_defaultVFS(vfs);
  if (mj_makeEmptyFileVFS(vfs, "model.xml", (int)len) == 0) {
    memcpy(vfs->filedata[mj_findFileVFS(vfs, "model.xml")], model_xml, len);
    m = mj_loadXML("model.xml", vfs, err, (int)sizeof err);
  }
  mj_deleteVFS(vfs);
  free(vfs);
  if (!m) fprintf(stderr, "mj_loadXML: %s\n", err);
  return m;
}

static double max_diff(const double *a, const double *b, int n) {
  double e = 0.0;
  int i;
  for (i = 0; i < n; ++i) e = fmax(e, fabs(a[i] - b[i]));
  return e;
}

static void print6(const char *label, const double x[6]) {
  printf("    %-28s % 9.5f % 9.5f % 9.5f | % 9.5f % 9.5f % 9.5f\n", label, x[0], x[1], x[2],
         x[3], x[4], x[5]);
}

int main(void) {
  /* initial qvel per body: [v_O, world; w, body axes], a fast spin */
  const double qvel0[2][6] = {{0.3, 0, 0, 2, -1, 8}, {0, 0.5, 1, -6, 3, 1}};
  double worst = 0.0;
  mjData *da, *db;
  int step, b;
  mjModel *m = load_model();
  if (!m || m->nv != 12 || m->nbody != 3) return 1; /* world + the 2 bodies of wrench[] */
  da = mj_makeData(m); /* run A: wrench through qfrc_applied */
  db = mj_makeData(m); /* run B: wrench through xfrc_applied */
  for (b = 1; b < m->nbody; ++b) {
    mju_copy(da->qvel + m->jnt_dofadr[m->body_jntadr[b]], qvel0[b - 1], 6);
    mju_copy(db->qvel + m->jnt_dofadr[m->body_jntadr[b]], qvel0[b - 1], 6);
    mju_copy(db->xfrc_applied + 6 * b, wrench[b - 1], 6);
  }
  printf("MuJoCo %s, %d free bodies, dt %g s\n", mj_versionString(), m->nbody - 1,
         m->opt.timestep);
  printf("  rows per body: MuJoCo qvel [v_O world | w body]; spconv COM twist [v_C world |"
         " w world];\n  mj_objectVelocity(BODY) reordered to [v_C | w], world; then the "
         "largest difference.\n");

  for (step = 0; step <= 1000; ++step) {
    mj_forward(m, da); /* kinematics and cvel for the current state */
    for (b = 1; b < m->nbody; ++b) {
      int dof = m->jnt_dofadr[m->body_jntadr[b]], adr = m->jnt_qposadr[m->body_jntadr[b]];
      double twist[6], mj[6], qfrc[6], ft[12], dv, df; /* ft: nv = 12 */
      /* COM twist from qvel; quaternion qpos[3:7] maps body to world */
      spconv_twist_from_mujoco_qvel(twist, da->qvel + dof, da->qpos + adr + 3,
                                    m->body_ipos + 3 * b);
      mj_objectVelocity(m, da, mjOBJ_BODY, b, mj, 0); /* [w; v_C] at xipos */
      spconv_spatial_swap(mj, mj);
      dv = max_diff(twist, mj, 6);
      /* COM wrench -> free-joint qfrc, vs mj_applyFT at the COM (xipos) */
      spconv_mujoco_qfrc_from_wrench(qfrc, wrench[b - 1], da->qpos + adr + 3,
                                     m->body_ipos + 3 * b);
      mju_zero(ft, m->nv);
      mj_applyFT(m, da, wrench[b - 1], wrench[b - 1] + 3, da->xipos + 3 * b, b, ft);
      df = max_diff(qfrc, ft + dof, 6);
      mju_copy(da->qfrc_applied + dof, qfrc, 6);
      worst = fmax(worst, fmax(dv, df));
      if (step % 250 == 0) {
        if (b == 1) printf("\nstep %d, t = %.3f s\n", step, da->time);
        printf("  body %d '%s'\n", b, mj_id2name(m, mjOBJ_BODY, b));
        print6("MuJoCo qvel", da->qvel + dof);
        print6("Newton twist (spconv)", twist);
        print6("mj_objectVelocity", mj);
        printf("    max |twist diff| %.2e, max |qfrc - mj_applyFT| %.2e\n", dv, df);
      }
    }
    if (step < 1000) {
      mj_step(m, da);
      mj_step(m, db);
    }
  }
  {
    double dq = max_diff(da->qpos, db->qpos, m->nq);
    double dqv = max_diff(da->qvel, db->qvel, m->nv);
    printf("\nafter 1000 steps, qfrc_applied (spconv) vs xfrc_applied (MuJoCo) runs:\n"
           "  max |qpos diff| %.2e, max |qvel diff| %.2e\n", dq, dqv);
    worst = fmax(worst, fmax(dq, dqv));
    printf("largest difference overall %.2e (limit 1e-9): %s\n", worst,
           worst <= 1e-9 ? "ok" : "FAILED");
  }
  mj_deleteData(da);
  mj_deleteData(db);
  mj_deleteModel(m);
  return worst <= 1e-9 ? 0 : 1;
}
