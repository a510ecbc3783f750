/* spatial_conv batch benchmark: ns per element, GB/s and ratios against
   baselines run in the same process and the same round (memcpy, a STREAM
   triad, naive loops, MuJoCo's own functions).

   For each array size and round, the kernel order is shuffled; every kernel
   gets one untimed pass, then a timed pass. Ratios are taken within a round
   and the table shows the median over rounds with [min, max].
   Bytes are counted as read + written, over the arrays each kernel streams.

   A size sweep of the main kernels follows (machine-readable "sweep"
   lines for tests/bench/plot.py).

   Usage: bench [rounds]   (built by the `bench` preset; never run by ctest) */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "spatial_conv.h"

#if defined(SPCONV_BENCH_MUJOCO) && !defined(SPCONV_USE_FLOAT)
#  include <mujoco/mujoco.h>
#  define BENCH_MUJOCO 1
#else
#  define BENCH_MUJOCO 0
#endif

#ifdef SPCONV_USE_FLOAT
#  define PRECISION "float"
#else
#  define PRECISION "double"
#endif

typedef spconv_real real;

/* ------------------------------------------------------------ arrays */

typedef struct {
  size_t n;
  real *a6, *b6, *c6;  /* 6n: inputs and outputs of 6-vector kernels */
  real *q4, *o4;       /* 4n: quaternions */
  real *qpos;          /* 7n: free-joint qpos [p; q_wxyz] */
  real *r3, *o3;       /* 3n: offsets / ipos, vectors */
  real *t1, *t2, *t3;  /* triad arrays, 5n each (15n reals: a shift's bytes) */
  real *s13;           /* 13n: whole-state outputs (Newton body_q, Isaac Lab rows) */
} arrays;

static void *huge_alloc(size_t bytes) {
  const size_t align = 2u << 20; /* 2 MiB: transparent huge pages */
  void *p = NULL;
  bytes = (bytes + align - 1) / align * align;
  if (posix_memalign(&p, align, bytes) != 0) {
    fprintf(stderr, "bench: out of memory\n");
    exit(1);
  }
#ifdef MADV_HUGEPAGE
  madvise(p, bytes, MADV_HUGEPAGE);
#endif
  memset(p, 0, bytes);
  return p;
}

static real urand(unsigned long long *s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return (real)((double)(*s >> 11) * (1.0 / 9007199254740992.0) * 2.0 - 1.0);
}

static void arrays_init(arrays *A, size_t n) {
  unsigned long long s = 42;
  size_t i;
  A->n = n;
  A->a6 = huge_alloc(6 * n * sizeof(real));
  A->b6 = huge_alloc(6 * n * sizeof(real));
  A->c6 = huge_alloc(6 * n * sizeof(real));
  A->q4 = huge_alloc(4 * n * sizeof(real));
  A->o4 = huge_alloc(4 * n * sizeof(real));
  A->qpos = huge_alloc(7 * n * sizeof(real));
  A->r3 = huge_alloc(3 * n * sizeof(real));
  A->o3 = huge_alloc(3 * n * sizeof(real));
  A->t1 = huge_alloc(5 * n * sizeof(real));
  A->t2 = huge_alloc(5 * n * sizeof(real));
  A->t3 = huge_alloc(5 * n * sizeof(real));
  A->s13 = huge_alloc(13 * n * sizeof(real));
  for (i = 0; i < 6 * n; ++i) A->a6[i] = urand(&s);
  for (i = 0; i < n; ++i) spconv_spatial_swap(A->c6 + 6 * i, A->a6 + 6 * i); /* [w; v] */
  for (i = 0; i < 4 * n; ++i) A->q4[i] = urand(&s);
  for (i = 0; i < 7 * n; ++i) A->qpos[i] = urand(&s);
  for (i = 0; i < 3 * n; ++i) A->r3[i] = urand(&s);
  for (i = 0; i < 5 * n; ++i) A->t2[i] = urand(&s), A->t3[i] = urand(&s);
}

static void arrays_free(arrays *A) {
  free(A->a6), free(A->b6), free(A->c6), free(A->q4), free(A->o4), free(A->qpos);
  free(A->r3), free(A->o3), free(A->t1), free(A->t2), free(A->t3), free(A->s13);
}

/* ------------------------------------------------------------ baselines */

static void k_memcpy(arrays *A) { memcpy(A->o4, A->q4, 4 * A->n * sizeof(real)); }

static void k_triad(arrays *A) { /* STREAM triad a = b + s c over 5n reals */
  const real s = (real)0.5;
  size_t i, m = 5 * A->n;
  for (i = 0; i < m; ++i) A->t1[i] = A->t2[i] + s * A->t3[i];
}

static void k_naive_reorder(arrays *A) {
  size_t i;
  for (i = 0; i < A->n; ++i) {
    const real *q = A->q4 + 4 * i;
    real *o = A->o4 + 4 * i;
    o[0] = q[1], o[1] = q[2], o[2] = q[3], o[3] = q[0];
  }
}

static void k_naive_twist_shift(arrays *A) { /* v += w x r, written plainly */
  size_t i;
  for (i = 0; i < A->n; ++i) {
    const real *t = A->a6 + 6 * i, *r = A->r3 + 3 * i;
    real *o = A->b6 + 6 * i;
    o[0] = t[0] + (t[4] * r[2] - t[5] * r[1]);
    o[1] = t[1] + (t[5] * r[0] - t[3] * r[2]);
    o[2] = t[2] + (t[3] * r[1] - t[4] * r[0]);
    o[3] = t[3], o[4] = t[4], o[5] = t[5];
  }
}

static void k_naive_sap_twist(arrays *A) { /* [v_C; w] -> [w; v_C + r x w] */
  size_t i;
  for (i = 0; i < A->n; ++i) {
    const real *t = A->a6 + 6 * i, *r = A->r3 + 3 * i;
    real *o = A->b6 + 6 * i;
    o[0] = t[3], o[1] = t[4], o[2] = t[5];
    o[3] = t[0] + (r[1] * t[5] - r[2] * t[4]);
    o[4] = t[1] + (r[2] * t[3] - r[0] * t[5]);
    o[5] = t[2] + (r[0] * t[4] - r[1] * t[3]);
  }
}

/* MuJoCo free body qvel -> COM twist the textbook way: build R from the unit
   quaternion, two matrix-vector products, a cross product. */
static void k_naive_qvel(arrays *A) {
  size_t i;
  for (i = 0; i < A->n; ++i) {
    const real *qv = A->a6 + 6 * i, *q = A->qpos + 7 * i + 3, *ip = A->r3 + 3 * i;
    real *o = A->b6 + 6 * i, R[9], w[3], r[3];
    real n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3], s = 2 / n2;
    R[0] = 1 - s * (q[2] * q[2] + q[3] * q[3]), R[1] = s * (q[1] * q[2] - q[0] * q[3]);
    R[2] = s * (q[1] * q[3] + q[0] * q[2]), R[3] = s * (q[1] * q[2] + q[0] * q[3]);
    R[4] = 1 - s * (q[1] * q[1] + q[3] * q[3]), R[5] = s * (q[2] * q[3] - q[0] * q[1]);
    R[6] = s * (q[1] * q[3] - q[0] * q[2]), R[7] = s * (q[2] * q[3] + q[0] * q[1]);
    R[8] = 1 - s * (q[1] * q[1] + q[2] * q[2]);
    w[0] = R[0] * qv[3] + R[1] * qv[4] + R[2] * qv[5];
    w[1] = R[3] * qv[3] + R[4] * qv[4] + R[5] * qv[5];
    w[2] = R[6] * qv[3] + R[7] * qv[4] + R[8] * qv[5];
    r[0] = R[0] * ip[0] + R[1] * ip[1] + R[2] * ip[2];
    r[1] = R[3] * ip[0] + R[4] * ip[1] + R[5] * ip[2];
    r[2] = R[6] * ip[0] + R[7] * ip[1] + R[8] * ip[2];
    o[0] = qv[0] + w[1] * r[2] - w[2] * r[1];
    o[1] = qv[1] + w[2] * r[0] - w[0] * r[2];
    o[2] = qv[2] + w[0] * r[1] - w[1] * r[0];
    o[3] = w[0], o[4] = w[1], o[5] = w[2];
  }
}

#if BENCH_MUJOCO
/* the shift through mju_transformSpatial: input angular first [w; v] */
static void k_mju_transform(arrays *A) {
  static const mjtNum zero[3] = {0, 0, 0};
  size_t i;
  for (i = 0; i < A->n; ++i)
    mju_transformSpatial(A->b6 + 6 * i, A->c6 + 6 * i, 0, A->r3 + 3 * i, zero, NULL);
}

static void k_mju_qvel_mat(arrays *A) { /* mju_quat2Mat + mju_mulMatVec + mju_cross */
  size_t i;
  for (i = 0; i < A->n; ++i) {
    const mjtNum *qv = A->a6 + 6 * i, *q = A->qpos + 7 * i + 3, *ip = A->r3 + 3 * i;
    mjtNum R[9], w[3], r[3], c[3], *o = A->b6 + 6 * i;
    mju_quat2Mat(R, q);
    mju_mulMatVec(w, R, qv + 3, 3, 3);
    mju_mulMatVec(r, R, ip, 3, 3);
    mju_cross(c, w, r);
    mju_add3(o, qv, c);
    mju_copy3(o + 3, w);
  }
}

static void k_mju_qvel_rot(arrays *A) { /* mju_rotVecQuat twice + mju_cross */
  size_t i;
  for (i = 0; i < A->n; ++i) {
    const mjtNum *qv = A->a6 + 6 * i, *q = A->qpos + 7 * i + 3, *ip = A->r3 + 3 * i;
    mjtNum w[3], r[3], c[3], *o = A->b6 + 6 * i;
    mju_rotVecQuat(w, qv + 3, q);
    mju_rotVecQuat(r, ip, q);
    mju_cross(c, w, r);
    mju_add3(o, qv, c);
    mju_copy3(o + 3, w);
  }
}
#endif

/* ------------------------------------------------------------ spatial_conv */

static void k_reorder(arrays *A) { spconv_quat_xyzw_from_wxyz_n(A->o4, A->q4, A->n); }
static void k_reorder_inplace(arrays *A) { spconv_quat_xyzw_from_wxyz_n(A->q4, A->q4, A->n); }
static void k_twist_shift(arrays *A) { spconv_twist_shift_n(A->b6, A->a6, A->r3, A->n); }
static void k_wrench_shift(arrays *A) { spconv_wrench_shift_n(A->b6, A->a6, A->r3, A->n); }
static void k_qvel(arrays *A) {
  if (spconv_twist_from_mujoco_qvel_n(A->b6, A->a6, A->qpos + 3, 7, A->r3, A->n) != SPCONV_OK) abort();
}
static void k_qvel_back(arrays *A) {
  if (spconv_mujoco_qvel_from_twist_n(A->b6, A->a6, A->qpos + 3, 7, A->r3, A->n) != SPCONV_OK) abort();
}
static void k_qfrc(arrays *A) {
  if (spconv_mujoco_qfrc_from_wrench_n(A->b6, A->a6, A->qpos + 3, 7, A->r3, A->n) != SPCONV_OK) abort();
}
static void k_qfrc_back(arrays *A) {
  if (spconv_wrench_from_mujoco_qfrc_n(A->b6, A->a6, A->qpos + 3, 7, A->r3, A->n) != SPCONV_OK) abort();
}
static void k_sap_twist(arrays *A) { spconv_sap_twist_from_public_n(A->b6, A->a6, A->r3, A->n); }
static void k_pub_twist(arrays *A) { spconv_public_twist_from_sap_n(A->b6, A->a6, A->r3, A->n); }
static void k_sap_wrench(arrays *A) { spconv_sap_wrench_from_public_n(A->b6, A->a6, A->r3, A->n); }
static void k_pub_wrench(arrays *A) { spconv_public_wrench_from_sap_n(A->b6, A->a6, A->r3, A->n); }
static void k_sap_force(arrays *A) {
  spconv_sap_body_force_from_public_n(A->b6, A->a6, A->r3, A->n);
}
static void k_pub_force(arrays *A) {
  spconv_public_body_force_from_sap_n(A->b6, A->a6, A->r3, A->n);
}
static void k_up_vec3(arrays *A) {
  if (spconv_vec_change_up_axis_n(A->o3, A->r3, A->n, SPCONV_AXIS_Y, SPCONV_AXIS_Z) != SPCONV_OK) abort();
}
static void k_up_spatial(arrays *A) {
  if (spconv_spatial_change_up_axis_n(A->b6, A->a6, A->n, SPCONV_AXIS_Y, SPCONV_AXIS_Z) != SPCONV_OK) abort();
}
static void k_up_quat(arrays *A) {
  if (spconv_quat_wxyz_change_world_up_axis_n(A->o4, A->q4, A->n, SPCONV_AXIS_Y, SPCONV_AXIS_Z) != SPCONV_OK) abort();
}

/* whole states of free MuJoCo bodies (qpos 7, qvel 6, body_ipos 3) -> Newton
   body_q (7) and body_qd (6); -> Isaac Lab 2.x [root_com_pose_w,
   root_com_vel_w] rows of 13 (body_iquat 4 more: the COM pose is along the
   principal axes) */
static void k_state_newton(arrays *A) {
  spconv_state_convention mj = spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  spconv_state_convention nt = spconv_state_convention_from_preset(SPCONV_PRESET_NEWTON);
  if (spconv_state_convert_n(A->s13, 7, A->b6, 6, &nt, A->qpos, 7, A->a6, 6, &mj, A->r3, NULL,
                             A->n) != SPCONV_OK)
    abort();
}
static void k_state_isaac(arrays *A) {
  spconv_state_convention mj = spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  spconv_state_convention il = spconv_state_convention_from_preset(SPCONV_PRESET_ISAACLAB);
  if (spconv_state_convert_n(A->s13, 13, A->s13 + 7, 13, &il, A->qpos, 7, A->a6, 6, &mj, A->r3,
                             A->q4, A->n) != SPCONV_OK)
    abort();
}

/* one preset pair's twists and wrenches for free MuJoCo bodies at their
   qpos poses (MUJOCO_FREE -> NEWTON): the generic batch on the arrays of
   the specialised MuJoCo maps */
static void k_twist_n(arrays *A) {
  spconv_state_convention mj = spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  spconv_state_convention nt = spconv_state_convention_from_preset(SPCONV_PRESET_NEWTON);
  if (spconv_twist_convert_n(A->b6, 6, &nt.twist, A->a6, 6, &mj.twist, A->qpos, 7, &mj.pose, A->r3,
                             NULL, A->n) != SPCONV_OK)
    abort();
}
static void k_wrench_n(arrays *A) {
  spconv_state_convention mj = spconv_state_convention_from_preset(SPCONV_PRESET_MUJOCO_FREE);
  spconv_state_convention nt = spconv_state_convention_from_preset(SPCONV_PRESET_NEWTON);
  if (spconv_wrench_convert_n(A->b6, 6, &nt.twist, A->a6, 6, &mj.twist, A->qpos, 7, &mj.pose,
                              A->r3, NULL, A->n) != SPCONV_OK)
    abort();
}

/* ------------------------------------------------------------ the table */

typedef struct {
  const char *name;
  void (*fn)(arrays *);
  int reals;          /* reals read + written per element */
  const char *base;   /* the baseline its ratio is taken against ("" = none) */
  int speed;          /* 1: ratio of times (x faster); 0: ratio of GB/s */
} kernel;

static const kernel kernels[] = {
    {"memcpy (4n reals)", k_memcpy, 8, "", 0},
    {"triad (5n reals x 3)", k_triad, 15, "", 0},
    {"naive reorder loop", k_naive_reorder, 8, "", 0},
    {"naive twist shift loop", k_naive_twist_shift, 15, "", 0},
    {"naive sap twist loop", k_naive_sap_twist, 15, "", 0},
    {"naive qvel->twist loop", k_naive_qvel, 22, "", 0},
#if BENCH_MUJOCO
    {"mju_transformSpatial shift", k_mju_transform, 15, "", 0},
    {"mju quat2Mat+mulMatVec+cross", k_mju_qvel_mat, 22, "", 0},
    {"mju rotVecQuat x2 + cross", k_mju_qvel_rot, 22, "", 0},
#endif
    {"quat_xyzw_from_wxyz_n", k_reorder, 8, "memcpy (4n reals)", 0},
    {"quat_xyzw_from_wxyz_n in place", k_reorder_inplace, 8, "memcpy (4n reals)", 0},
    {"twist_shift_n", k_twist_shift, 15, "triad (5n reals x 3)", 0},
    {"twist_shift_n vs naive", k_twist_shift, 15, "naive twist shift loop", 1},
#if BENCH_MUJOCO
    {"twist_shift_n vs mju_transformSpatial", k_twist_shift, 15, "mju_transformSpatial shift", 1},
#endif
    {"wrench_shift_n", k_wrench_shift, 15, "triad (5n reals x 3)", 0},
    {"twist_from_mujoco_qvel_n", k_qvel, 22, "triad (5n reals x 3)", 0},
    {"twist_from_mujoco_qvel_n vs naive", k_qvel, 22, "naive qvel->twist loop", 1},
#if BENCH_MUJOCO
    {"twist_from_mujoco_qvel_n vs mju mat", k_qvel, 22, "mju quat2Mat+mulMatVec+cross", 1},
    {"twist_from_mujoco_qvel_n vs mju rot", k_qvel, 22, "mju rotVecQuat x2 + cross", 1},
#endif
    {"mujoco_qvel_from_twist_n", k_qvel_back, 22, "triad (5n reals x 3)", 0},
    {"mujoco_qfrc_from_wrench_n", k_qfrc, 22, "triad (5n reals x 3)", 0},
    {"wrench_from_mujoco_qfrc_n", k_qfrc_back, 22, "triad (5n reals x 3)", 0},
    {"state_convert_n mujoco->newton", k_state_newton, 29, "triad (5n reals x 3)", 0},
    {"state_convert_n mujoco->newton vs qvel", k_state_newton, 29, "twist_from_mujoco_qvel_n", 1},
    {"state_convert_n mujoco->isaaclab", k_state_isaac, 33, "triad (5n reals x 3)", 0},
    {"state_convert_n mujoco->isaaclab vs qvel", k_state_isaac, 33, "twist_from_mujoco_qvel_n", 1},
    {"twist_convert_n mujoco->newton", k_twist_n, 22, "triad (5n reals x 3)", 0},
    {"twist_convert_n mujoco->newton vs qvel", k_twist_n, 22, "twist_from_mujoco_qvel_n", 1},
    {"wrench_convert_n mujoco->newton", k_wrench_n, 22, "triad (5n reals x 3)", 0},
    {"wrench_convert_n mujoco->newton vs qfrc", k_wrench_n, 22, "wrench_from_mujoco_qfrc_n", 1},
    {"sap_twist_from_public_n", k_sap_twist, 15, "triad (5n reals x 3)", 0},
    {"sap_twist_from_public_n vs naive", k_sap_twist, 15, "naive sap twist loop", 1},
    {"public_twist_from_sap_n", k_pub_twist, 15, "triad (5n reals x 3)", 0},
    {"sap_wrench_from_public_n", k_sap_wrench, 15, "triad (5n reals x 3)", 0},
    {"public_wrench_from_sap_n", k_pub_wrench, 15, "triad (5n reals x 3)", 0},
    {"sap_body_force_from_public_n", k_sap_force, 15, "triad (5n reals x 3)", 0},
    {"public_body_force_from_sap_n", k_pub_force, 15, "triad (5n reals x 3)", 0},
    {"up_axis_vec3_n", k_up_vec3, 6, "triad (5n reals x 3)", 0},
    {"up_axis_spatial_n", k_up_spatial, 12, "triad (5n reals x 3)", 0},
    {"up_axis_quat_wxyz_n", k_up_quat, 8, "triad (5n reals x 3)", 0},
};
enum { NK = sizeof kernels / sizeof kernels[0], MAX_ROUNDS = 64 };

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static int find_kernel(const char *name) {
  int k;
  for (k = 0; k < NK; ++k)
    if (strcmp(kernels[k].name, name) == 0) return k;
  return -1;
}

/* ns per element of one timed pass (after one untimed pass) */
static double time_kernel(const kernel *K, arrays *A, int reps) {
  double t0;
  int r;
  K->fn(A);
  t0 = now_ns();
  for (r = 0; r < reps; ++r) K->fn(A);
  return (now_ns() - t0) / ((double)reps * (double)A->n);
}

static void run_size(size_t n, int rounds) {
  static double ns[NK][MAX_ROUNDS], ratio[NK][MAX_ROUNDS];
  int order[NK], k, r, reps = n < 100000 ? 2000 : 1;
  unsigned long long seed = 7;
  arrays A;
  arrays_init(&A, n);
  for (r = 0; r < rounds; ++r) {
    for (k = 0; k < NK; ++k) order[k] = k;
    for (k = NK - 1; k > 0; --k) { /* Fisher-Yates shuffle of the kernel order */
      int j, t;
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      j = (int)((seed >> 33) % (unsigned long long)(k + 1));
      t = order[k], order[k] = order[j], order[j] = t;
    }
    for (k = 0; k < NK; ++k) ns[order[k]][r] = time_kernel(&kernels[order[k]], &A, reps);
    for (k = 0; k < NK; ++k) {
      int b = kernels[k].base[0] ? find_kernel(kernels[k].base) : -1;
      if (b < 0) {
        ratio[k][r] = 0;
      } else if (kernels[k].speed) { /* x faster than the baseline */
        ratio[k][r] = ns[b][r] / ns[k][r];
      } else { /* GB/s over the baseline's GB/s */
        ratio[k][r] = ((double)kernels[k].reals / ns[k][r]) /
                      ((double)kernels[b].reals / ns[b][r]);
      }
    }
  }
  printf("\nn = %zu (%s, %s), %d rounds, median [min, max]\n", n,
         n < 100000 ? "in cache" : "out of cache", PRECISION, rounds);
  printf("%-40s %9s %17s %7s %7s %15s  %s\n", "kernel", "ns/elem", "[min, max]", "GB/s",
         "ratio", "[min, max]", "baseline");
  for (k = 0; k < NK; ++k) {
    double v[MAX_ROUNDS], lo, hi, med, gbs;
    for (r = 0; r < rounds; ++r) v[r] = ns[k][r];
    med = median(v, rounds), lo = v[0], hi = v[rounds - 1];
    gbs = (double)kernels[k].reals * (double)sizeof(real) / med;
    printf("%-40s %9.3f [%6.3f, %7.3f] %7.2f", kernels[k].name, med, lo, hi, gbs);
    if (kernels[k].base[0]) {
      for (r = 0; r < rounds; ++r) v[r] = ratio[k][r];
      med = median(v, rounds);
      printf(" %6.2fx [%5.2f, %5.2f]  %s %s\n", med, v[0], v[rounds - 1],
             kernels[k].speed ? "faster than" : "bandwidth of", kernels[k].base);
    } else {
      printf("\n");
    }
  }
  arrays_free(&A);
}

/* ------------------------------------------------------------ size sweep */

/* ns per element of the main kernels from in-cache to out-of-cache sizes,
   min over `rounds` timed passes of about 64 MB of traffic each; one line
   "sweep <precision> <n> <kernel> <ns/elem>" per point (tests/bench/plot.py
   draws them) */
static const char *const sweep_kernels[] = {
    "memcpy (4n reals)",
    "triad (5n reals x 3)",
    "quat_xyzw_from_wxyz_n",
    "quat_xyzw_from_wxyz_n in place",
    "twist_shift_n",
    "twist_from_mujoco_qvel_n",
#if BENCH_MUJOCO
    "mju rotVecQuat x2 + cross",
#endif
    "naive qvel->twist loop",
    "state_convert_n mujoco->newton",
    "twist_convert_n mujoco->newton",
    "up_axis_spatial_n",
    "up_axis_quat_wxyz_n",
};
enum { NSWEEP = sizeof sweep_kernels / sizeof sweep_kernels[0] };

static void run_sweep(int rounds) {
  static const size_t sizes[] = {100,    300,    1000,   3000,    10000,  30000,
                                 100000, 300000, 1000000, 4000000};
  size_t si;
  printf("\nsize sweep (%s): ns/elem, min over %d rounds\n", PRECISION, rounds);
  for (si = 0; si < sizeof sizes / sizeof sizes[0]; ++si) {
    size_t n = sizes[si];
    int reps = (int)(64000000.0 / (double)(n * 22 * sizeof(real))) + 1, k, r;
    arrays A;
    arrays_init(&A, n);
    for (k = 0; k < NSWEEP; ++k) {
      const kernel *K = &kernels[find_kernel(sweep_kernels[k])];
      double best = 1e300;
      for (r = 0; r < rounds; ++r) {
        double t = time_kernel(K, &A, reps);
        if (t < best) best = t;
      }
      printf("sweep %s %zu %s %.4f\n", PRECISION, n, K->name, best);
    }
    arrays_free(&A);
  }
}

/* ------------------------------------------------------------ permutations */

/* ns per entry of spconv_perm_gather (which checks its map with the stack
   bitset of spconv_perm_check: one pass per 4,096 entries) and of
   spconv_perm_check_scratch (one pass for any n), against a gather loop
   that checks nothing: "perm n <n> <kernel> <ns/entry> <x of the loop>" */
static void run_perm(int rounds) {
  static const size_t sizes[] = {1000, 4096, 100000, 1000000};
  size_t si, i;
  printf("\npermutations (%s): ns/entry, min over %d rounds, and x the unchecked gather\n",
         PRECISION, rounds);
  for (si = 0; si < sizeof sizes / sizeof sizes[0]; ++si) {
    const size_t n = sizes[si];
    int *perm = malloc(n * sizeof *perm);
    unsigned char *marks = malloc(n / 8 + 1);
    real *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    double best[3] = {1e300, 1e300, 1e300};
    static const char *const names[3] = {"gather loop", "perm_gather", "perm_check_scratch"};
    int r, k, reps = (int)(20000000 / n) + 1, status = 0;
    unsigned long long seed = 11;
    if (!perm || !marks || !x || !y) exit(1);
    for (i = 0; i < n; ++i) perm[i] = (int)i, x[i] = (real)i;
    for (i = n - 1; i > 0; --i) { /* Fisher-Yates */
      size_t j;
      int t;
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      j = (size_t)((seed >> 33) % (unsigned long long)(i + 1));
      t = perm[i], perm[i] = perm[j], perm[j] = t;
    }
    for (r = 0; r < rounds; ++r) {
      for (k = 0; k < 3; ++k) {
        double t0 = now_ns(), t;
        int rep;
        for (rep = 0; rep < reps; ++rep) {
          if (k == 0) {
            for (i = 0; i < n; ++i) y[i] = x[perm[i]];
          } else if (k == 1) {
            status |= spconv_perm_gather(y, x, perm, n);
          } else {
            status |= spconv_perm_check_scratch(perm, n, marks);
          }
        }
        t = (now_ns() - t0) / ((double)reps * (double)n);
        if (t < best[k]) best[k] = t;
      }
    }
    if (status != SPCONV_OK) exit(1);
    for (k = 0; k < 3; ++k)
      printf("perm n %zu %-20s %8.3f %6.2fx\n", n, names[k], best[k], best[k] / best[0]);
    free(perm), free(marks), free(x), free(y);
  }
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 7;
  if (rounds < 1 || rounds > MAX_ROUNDS) rounds = 7;
  printf("spatial_conv %d.%d.%d batch benchmark (%s)%s\n", SPCONV_VERSION_MAJOR,
         SPCONV_VERSION_MINOR, SPCONV_VERSION_PATCH, PRECISION,
         BENCH_MUJOCO ? ", with MuJoCo baselines" : "");
  run_size(1000, rounds);
  run_size(4000000, rounds);
  run_sweep(rounds < 3 ? rounds : 3);
  run_perm(rounds < 3 ? rounds : 3);
  return 0;
}
