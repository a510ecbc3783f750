/* The MuJoCo-dependent helpers of the cross-check suites: the one model
   loader (2.2.2 has no mj_loadXMLString: the XML goes through a VFS), the
   group fixture built on it, copies between mjtNum and spconv_real, and the
   free joint of a body. */
#ifndef SPCONV_TEST_MUJOCO_UTIL_H
#define SPCONV_TEST_MUJOCO_UTIL_H

#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "test_util.h"

/* the compiled model, or NULL after printing MuJoCo's error */
TEST_FN mjModel *test_mujoco_load(const char *xml) {
  char err[1000] = "";
  size_t len = strlen(xml);
  mjModel *model;
  mjVFS *vfs = (mjVFS *)malloc(sizeof(mjVFS)); /* about 2 MB: not on the stack */
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
  if (!model) print_error("mj_loadXML failed: %s\n", err);
  return model;
}

/* res[i] = x[i] for n entries: MuJoCo's double to spconv_real */
TEST_FN void real_from_mj(spconv_real *res, const mjtNum *x, int n) {
  int i;
  for (i = 0; i < n; ++i) res[i] = (spconv_real)x[i];
}

/* res[i] = x[i] for n entries: spconv_real to MuJoCo's double */
TEST_FN void mj_from_real(mjtNum *res, const spconv_real *x, int n) {
  int i;
  for (i = 0; i < n; ++i) res[i] = (mjtNum)x[i];
}

/* *m and *d for xml (a cmocka group fixture calls this): 0, or -1 */
TEST_FN int test_mujoco_make(mjModel **m, mjData **d, const char *xml) {
  *m = test_mujoco_load(xml);
  *d = *m ? mj_makeData(*m) : NULL;
  return *d ? 0 : -1;
}

/* frees what test_mujoco_make made and clears the pointers */
TEST_FN void test_mujoco_free(mjModel **m, mjData **d) {
  if (*d) mj_deleteData(*d);
  if (*m) mj_deleteModel(*m);
  *d = NULL;
  *m = NULL;
}

/* the free joint of body b (its only joint), or -1 */
TEST_FN int test_mujoco_free_joint(const mjModel *m, int b) {
  int j = m->body_jntadr[b];
  return (m->body_jntnum[b] == 1 && m->jnt_type[j] == mjJNT_FREE) ? j : -1;
}

#endif
