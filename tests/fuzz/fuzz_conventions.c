/* Fuzz: engine conventions as data (descriptors and presets, twist /
   wrench / acceleration conversions and their 6x6 matrices, MuJoCo c-frame
   vectors), packed joint arrays (layout check, quaternion reorder, SAP
   joint maps and boundary), DOF permutations and body states (poses,
   whole states, forces at points). Descriptor fields, joint
   types, start arrays, child indices and permutations are arbitrary ints. */
#include "fuzz_util.h"

#include <limits.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* exactly n elements (ASan sees any overread), at least one for calloc */
#define FZ_ALLOC(n) ((size_t)((n) > 0 ? (n) : 1))

static spconv_convention fz_conv(fz_in *in) {
  uint8_t k = fz_byte(in);
  spconv_convention c;
  if (k < 128) /* the last two ids are unknown */
    return spconv_convention_from_preset(
        (spconv_preset_id)(SPCONV_PRESET_FIRST + k % (SPCONV_PRESET_COUNT + 2)));
  if (k < 240) {
    uint8_t b = fz_byte(in);
    c.order = (spconv_order)(SPCONV_ORDER_LINEAR_FIRST + (b & 1));
    c.point = (spconv_point)(SPCONV_POINT_COM + (b >> 1) % 3);
    c.linear_frame = (spconv_frame)(SPCONV_FRAME_WORLD + ((b >> 3) & 1));
    c.angular_frame = (spconv_frame)(SPCONV_FRAME_WORLD + ((b >> 4) & 1));
    c.angle_unit = (spconv_angle_unit)(SPCONV_ANGLE_RADIANS + ((b >> 5) & 1));
    c.accel = (spconv_accel_kind)(SPCONV_ACCEL_CLASSICAL + ((b >> 6) & 1));
    return c;
  }
  c.order = (spconv_order)fz_enum(in, SPCONV_ORDER_LINEAR_FIRST);
  c.point = (spconv_point)fz_enum(in, SPCONV_POINT_COM);
  c.linear_frame = (spconv_frame)fz_enum(in, SPCONV_FRAME_WORLD);
  c.angular_frame = (spconv_frame)fz_enum(in, SPCONV_FRAME_WORLD);
  c.angle_unit = (spconv_angle_unit)fz_enum(in, SPCONV_ANGLE_RADIANS);
  c.accel = (spconv_accel_kind)fz_enum(in, SPCONV_ACCEL_CLASSICAL);
  return c;
}

static int fz_conv_valid(const spconv_convention *c) {
  return (c->order == SPCONV_ORDER_LINEAR_FIRST || c->order == SPCONV_ORDER_ANGULAR_FIRST) &&
         (c->point == SPCONV_POINT_COM || c->point == SPCONV_POINT_ORIGIN ||
          c->point == SPCONV_POINT_WORLD) &&
         (c->linear_frame == SPCONV_FRAME_WORLD || c->linear_frame == SPCONV_FRAME_BODY) &&
         (c->angular_frame == SPCONV_FRAME_WORLD || c->angular_frame == SPCONV_FRAME_BODY) &&
         (c->angle_unit == SPCONV_ANGLE_RADIANS || c->angle_unit == SPCONV_ANGLE_DEGREES) &&
         (c->accel == SPCONV_ACCEL_CLASSICAL || c->accel == SPCONV_ACCEL_SPATIAL);
}

static void fz_conventions(fz_in *in) {
  spconv_convention a = fz_conv(in), b = fz_conv(in);
  int va = fz_conv_valid(&a), vb = fz_conv_valid(&b), s, i, j;
  spconv_body body;
  spconv_real x[6], w[6], acc[6], r[6], back[6], M[36], y[6], st[3];
  fz_reals(in, body.pos, 3);
  fz_reals(in, body.quat_wxyz, 4);
  fz_reals(in, body.com, 3);
  fz_reals(in, x, 6);
  fz_reals(in, w, 6);
  fz_reals(in, acc, 6);
  fz_reals(in, st, 3);
  /* names and presets */
  {
    int id = fz_enum(in, SPCONV_PRESET_FIRST);
    const char *name = spconv_preset_id_name((spconv_preset_id)id);
    spconv_convention p = spconv_convention_from_preset((spconv_preset_id)id);
    const int known = id >= SPCONV_PRESET_FIRST && id < SPCONV_PRESET_END;
    FZ_CHECK((name != NULL) == known);
    FZ_CHECK(fz_conv_valid(&p) == known);
  }
  fz_fill(r, 6);
  s = spconv_twist_convert(r, &b, x, &a, &body);
  FZ_CHECK(s == (va && vb ? SPCONV_OK : SPCONV_EINVAL));
  if (s != SPCONV_OK) {
    FZ_CHECK(fz_untouched(r, 6));
    FZ_CHECK(spconv_wrench_convert(r, &b, w, &a, &body) == SPCONV_EINVAL);
    FZ_CHECK(spconv_accel_convert(r, &b, acc, &a, x, &body) == SPCONV_EINVAL);
    FZ_CHECK(spconv_twist_convert_matrix(M, &b, &a, &body) == SPCONV_EINVAL);
    FZ_CHECK(fz_untouched(r, 6));
    return;
  }
  /* NULL pointers are refused */
  FZ_CHECK(spconv_twist_convert(r, &b, x, &a, NULL) == SPCONV_EINVAL);
  FZ_CHECK(spconv_twist_convert(r, NULL, x, &a, &body) == SPCONV_EINVAL);
  FZ_CHECK(spconv_wrench_convert(NULL, &b, w, &a, &body) == SPCONV_EINVAL);
  /* in place */
  memcpy(y, x, sizeof y);
  FZ_CHECK(spconv_twist_convert(y, &b, y, &a, &body) == SPCONV_OK);
  FZ_CHECK(fz_same(y, r, 6));
  if (fz_quat_ok(body.quat_wxyz) && fz_moderate(body.pos, 3) && fz_moderate(body.com, 3) &&
      fz_moderate(x, 6) && fz_moderate(w, 6) && fz_moderate(acc, 6) && fz_moderate(st, 3)) {
    double L = 1 + fz_maxabs(body.pos, 3) + fz_maxabs(body.com, 3) + fz_maxabs(st, 3);
    double deg = 57.3 * 57.3; /* a degree convention scales one part by 180/pi */
    double sx = fz_maxabs(x, 6) * L * deg, sw = fz_maxabs(w, 6) * L * deg;
    spconv_real wc[6];
    /* round trip */
    FZ_CHECK(spconv_twist_convert(back, &a, r, &b, &body) == SPCONV_OK);
    FZ_CHECK(fz_near(back, x, 6, sx, 256));
    FZ_CHECK(spconv_wrench_convert(wc, &b, w, &a, &body) == SPCONV_OK);
    FZ_CHECK(spconv_wrench_convert(back, &a, wc, &b, &body) == SPCONV_OK);
    FZ_CHECK(fz_near(back, w, 6, sw, 256));
    /* power between radian conventions */
    if (a.angle_unit == SPCONV_ANGLE_RADIANS && b.angle_unit == SPCONV_ANGLE_RADIANS) {
      double p0 = (double)spconv_power(w, x), p1 = (double)spconv_power(wc, r);
      FZ_CHECK(fabs(p0 - p1) <= FZ_TOL * 256 * (sx * sw > 1 ? sx * sw : 1));
    }
    /* the matrix form */
    FZ_CHECK(spconv_twist_convert_matrix(M, &b, &a, &body) == SPCONV_OK);
    for (i = 0; i < 6; ++i) {
      spconv_real t = 0;
      for (j = 0; j < 6; ++j) t += M[6 * i + j] * x[j];
      y[i] = t;
    }
    FZ_CHECK(fz_near(y, r, 6, sx, 256));
    /* accelerations round trip (the twist changes convention with them) */
    FZ_CHECK(spconv_accel_convert(y, &b, acc, &a, x, &body) == SPCONV_OK);
    FZ_CHECK(spconv_accel_convert(back, &a, y, &b, r, &body) == SPCONV_OK);
    {
      double sa = (fz_maxabs(acc, 6) + fz_maxabs(x, 6) * fz_maxabs(x, 6)) * L * L * deg;
      FZ_CHECK(fz_near(back, acc, 6, sa, 1024));
    }
    /* MuJoCo c-frame round trips */
    FZ_CHECK(spconv_mujoco_cframe_from_twist(y, st, x, &a, &body) == SPCONV_OK);
    FZ_CHECK(spconv_twist_from_mujoco_cframe(back, &a, y, st, &body) == SPCONV_OK);
    FZ_CHECK(fz_near(back, x, 6, sx, 256));
    FZ_CHECK(spconv_mujoco_cframe_from_wrench(y, st, w, &a, &body) == SPCONV_OK);
    FZ_CHECK(spconv_wrench_from_mujoco_cframe(back, &a, y, st, &body) == SPCONV_OK);
    FZ_CHECK(fz_near(back, w, 6, sw, 256));
  }
}

/* arbitrary joint layouts: the check agrees with an independent one; a
   layout that passes is used on arrays of exactly the size it declares */
static void fz_joints(fz_in *in) {
  int count = fz_byte(in) % 9, type[8], qs[9], ds[9], child[8], i, s, ok = 1;
  int body_count = fz_byte(in) % 5, mode = fz_byte(in) % 5;
  spconv_joint_layout L;
  qs[0] = ds[0] = 0;
  for (i = 0; i < count; ++i) {
    type[i] = mode == 3 ? fz_int(in) : fz_byte(in) % 7; /* Newton's values, from 0 */
    child[i] = mode >= 2 ? fz_int(in) : (body_count ? fz_byte(in) % body_count : 0);
    if (mode == 0 || mode == 2 || mode == 4) { /* consistent sizes */
      int la = fz_byte(in) % 4, aa = fz_byte(in) % 4;
      int nq = spconv_joint_q_size((spconv_joint_type)type[i], la, aa);
      int nd = spconv_joint_qd_size((spconv_joint_type)type[i], la, aa);
      qs[i + 1] = qs[i] + (nq < 0 ? 0 : nq);
      ds[i + 1] = ds[i] + (nd < 0 ? 0 : nd);
    } else { /* anything */
      qs[i + 1] = fz_int(in);
      ds[i + 1] = fz_int(in);
    }
  }
  if (mode == 3 && count > 0) qs[0] = fz_int(in);
  if (mode == 4 && count > 0) { /* one start set to an extreme value */
    static const int extreme[6] = {INT_MIN, INT_MIN + 1, INT_MAX, INT_MAX - 1, -1, -7};
    int j = 1 + fz_byte(in) % count, v = extreme[fz_byte(in) % 6];
    if (fz_byte(in) & 1) qs[j] = v;
    else ds[j] = v;
  }
  L.joint_count = count;
  L.joint_type = type;
  L.joint_q_start = qs;
  L.joint_qd_start = ds;
  L.joint_child = child;
  L.body_count = body_count;
  s = spconv_joint_layout_check(&L);
  FZ_CHECK(s == SPCONV_OK || s == SPCONV_EINVAL);
  /* independent check */
  if (qs[0] != 0 || ds[0] != 0) ok = 0;
  for (i = 0; i < count && ok; ++i) {
    long nq = (long)qs[i + 1] - qs[i], nd = (long)ds[i + 1] - ds[i];
    int t = type[i];
    if (t < 0 || t > 6 || nq < 0 || nd < 0) ok = 0;
    else if (t == SPCONV_JOINT_D6) ok = nq == nd && nq <= 6;
    else
      ok = nq == spconv_joint_q_size((spconv_joint_type)t, 0, 0) &&
           nd == spconv_joint_qd_size((spconv_joint_type)t, 0, 0);
  }
  FZ_CHECK((s == SPCONV_OK) == ok);
  FZ_CHECK(spconv_joint_layout_check(NULL) == SPCONV_EINVAL);
  if (s == SPCONV_OK) {
    int nq = qs[count], nd = ds[count], child_ok = 1;
    spconv_real *q = (spconv_real *)calloc(FZ_ALLOC(nq), sizeof(spconv_real));
    spconv_real *q2 = (spconv_real *)calloc(FZ_ALLOC(nq), sizeof(spconv_real));
    spconv_real *qd = (spconv_real *)calloc(FZ_ALLOC(nd), sizeof(spconv_real));
    spconv_real *qd2 = (spconv_real *)calloc(FZ_ALLOC(nd), sizeof(spconv_real));
    spconv_real *bq = (spconv_real *)calloc(FZ_ALLOC(7 * body_count), sizeof(spconv_real));
    spconv_real *bc = (spconv_real *)calloc(FZ_ALLOC(3 * body_count), sizeof(spconv_real));
    spconv_real *bf = (spconv_real *)calloc(FZ_ALLOC(6 * body_count), sizeof(spconv_real));
    FZ_CHECK(q && q2 && qd && qd2 && bq && bc && bf);
    fz_reals(in, q, nq);
    fz_reals(in, qd, nd);
    fz_reals(in, bq, 7 * body_count);
    fz_reals(in, bc, 3 * body_count);
    fz_reals(in, bf, 6 * body_count);
    /* quaternion storage: a pure move, round trip bit for bit, in place too */
    FZ_CHECK(spconv_joint_q_wxyz_from_xyzw(q2, q, &L) == SPCONV_OK);
    FZ_CHECK(spconv_joint_q_xyzw_from_wxyz(q2, q2, &L) == SPCONV_OK);
    FZ_CHECK(fz_bits(q2, q, nq));
    for (i = 0; i < count; ++i)
      if (child[i] < 0 || child[i] >= body_count) child_ok = 0;
    s = spconv_sap_joint_qd_from_public(qd2, qd, &L, bq, bc);
    FZ_CHECK(s == (child_ok ? SPCONV_OK : SPCONV_EINVAL));
    if (s == SPCONV_OK) {
      FZ_CHECK(spconv_public_joint_qd_from_sap(qd2, qd2, &L, bq, bc) == SPCONV_OK);
      if (fz_moderate(qd, nd) && fz_moderate(bq, 7 * body_count) &&
          fz_moderate(bc, 3 * body_count)) {
        int okq = 1;
        for (i = 0; i < body_count; ++i) okq = okq && fz_quat_ok(bq + 7 * i + 3);
        if (okq) {
          double sc = (fz_maxabs(qd, nd) + 1) * (fz_maxabs(bc, 3 * body_count) + 1);
          FZ_CHECK(fz_near(qd2, qd, nd, sc, 64));
        }
      }
      FZ_CHECK(spconv_sap_joint_f_from_public(qd2, qd, &L, bq, bc) == SPCONV_OK);
      FZ_CHECK(spconv_public_joint_f_from_sap(qd2, qd2, &L, bq, bc) == SPCONV_OK);
      memcpy(qd2, qd, sizeof(spconv_real) * (size_t)nd);
      const spconv_sap_order P = SPCONV_SAP_ORDER_PUBLIC, S = SPCONV_SAP_ORDER_SAP;
      const int flag = fz_enum(in, SPCONV_SAP_ORDER_PUBLIC);
      const int flag_ok = flag == SPCONV_SAP_ORDER_PUBLIC || flag == SPCONV_SAP_ORDER_SAP;
      FZ_CHECK(spconv_sap_boundary_in(qd2, NULL, bf, &L, bq, bc, P, S, P) == SPCONV_OK);
      FZ_CHECK(spconv_sap_boundary_out(qd2, &L, bq, bc, P) == SPCONV_OK);
      FZ_CHECK(spconv_sap_boundary_in(qd2, NULL, NULL, &L, bq, bc, (spconv_sap_order)(P + 2), P,
                                      P) == SPCONV_EINVAL);
      FZ_CHECK(spconv_sap_boundary_in(qd2, NULL, NULL, &L, bq, bc, S, S,
                                      (spconv_sap_order)flag) ==
               (flag_ok ? SPCONV_OK : SPCONV_EINVAL));
    } else {
      const spconv_sap_order P = SPCONV_SAP_ORDER_PUBLIC;
      FZ_CHECK(spconv_sap_boundary_in(qd, qd, bf, &L, bq, bc, P, P, P) == SPCONV_EINVAL);
    }
    FZ_CHECK(spconv_sap_body_force_from_public_packed(bf, bf, bq, bc, (size_t)body_count) == SPCONV_OK);
    FZ_CHECK(spconv_public_body_force_from_sap_packed(bf, bf, bq, bc, (size_t)body_count) == SPCONV_OK);
    FZ_CHECK(spconv_sap_body_force_from_public_packed(bf, NULL, bq, bc, 1) == SPCONV_EINVAL);
    free(q);
    free(q2);
    free(qd);
    free(qd2);
    free(bq);
    free(bc);
    free(bf);
  }
}

static void fz_perms(fz_in *in) {
  const size_t un = (size_t)(fz_byte(in) % 17);
  int n = (int)un, perm[16] = {0}, inv[16] = {0}, inv2[16] = {0}, seen[16], i, s, ok = 1;
  spconv_real v[16] = {0}, g[16] = {0}, g2[16] = {0}, h[16] = {0};
  if (fz_byte(in) < 160) { /* a shuffle (Fisher-Yates) */
    for (i = 0; i < n; ++i) perm[i] = i;
    for (i = n - 1; i > 0; --i) {
      int j = fz_byte(in) % (i + 1), t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
  } else {
    for (i = 0; i < n; ++i) perm[i] = fz_int(in);
  }
  fz_reals(in, v, n);
  for (i = 0; i < 16; ++i) seen[i] = 0;
  for (i = 0; i < n && ok; ++i) {
    if (perm[i] < 0 || perm[i] >= n || seen[perm[i]]) ok = 0;
    else seen[perm[i]] = 1;
  }
  s = spconv_perm_check(perm, un);
  FZ_CHECK(s == (ok ? SPCONV_OK : SPCONV_EINVAL));
  {
    unsigned char marks[3];
    FZ_CHECK(spconv_perm_check_scratch(perm, un, marks) == s);
  }
  s = spconv_perm_inverse(inv, perm, un);
  FZ_CHECK(s == (ok ? SPCONV_OK : SPCONV_EINVAL));
  s = spconv_perm_gather(g, v, perm, un);
  FZ_CHECK(s == (ok ? SPCONV_OK : SPCONV_EINVAL));
  FZ_CHECK(spconv_perm_check(NULL, 1) == SPCONV_EINVAL);
  if (!ok) return;
  for (i = 0; i < n; ++i) FZ_CHECK(inv[perm[i]] == i && fz_bits(g + i, v + perm[i], 1));
  memcpy(inv2, perm, sizeof(int) * (size_t)n);
  FZ_CHECK(spconv_perm_inverse(inv2, inv2, un) == SPCONV_OK);
  FZ_CHECK(memcmp(inv2, inv, sizeof(int) * (size_t)n) == 0);
  memcpy(g2, v, sizeof(spconv_real) * (size_t)n);
  FZ_CHECK(spconv_perm_gather(g2, g2, perm, un) == SPCONV_OK);
  FZ_CHECK(fz_bits(g2, g, n));
  FZ_CHECK(spconv_perm_gather(h, g, inv, un) == SPCONV_OK);
  FZ_CHECK(fz_bits(h, v, n));
}

/* a state convention: a preset (some ids unknown), small field values, or
   arbitrary ints */
static spconv_state_convention fz_state_conv(fz_in *in) {
  uint8_t k = fz_byte(in);
  spconv_state_convention c;
  if (k < 128)
    return spconv_state_convention_from_preset(
        (spconv_preset_id)(SPCONV_PRESET_FIRST + k % (SPCONV_PRESET_COUNT + 2)));
  c.twist = fz_conv(in);
  if (k < 240) {
    uint8_t b = fz_byte(in);
    c.pose.layout = (spconv_pose_layout)(SPCONV_POSE_LAYOUT_POS_QUAT + (b & 1));
    c.pose.quat_order = (spconv_rot_format)(SPCONV_ROT_QUAT_WXYZ + ((b >> 1) & 1)); /* or XYZW */
    c.pose.point = (spconv_point)(SPCONV_POINT_COM + (b >> 2) % 3); /* WORLD is not a pose point */
    c.pose.frame = (spconv_pose_frame)(SPCONV_POSE_FRAME_BODY + ((b >> 4) & 1)); /* or INERTIAL */
    return c;
  }
  c.pose.layout = (spconv_pose_layout)fz_enum(in, SPCONV_POSE_LAYOUT_POS_QUAT);
  c.pose.quat_order = (spconv_rot_format)fz_enum(in, SPCONV_ROT_ROTVEC);
  c.pose.point = (spconv_point)fz_enum(in, SPCONV_POINT_COM);
  c.pose.frame = (spconv_pose_frame)fz_enum(in, SPCONV_POSE_FRAME_BODY);
  return c;
}

static int fz_pose_conv_valid(const spconv_pose_convention *p) {
  return (p->layout == SPCONV_POSE_LAYOUT_POS_QUAT || p->layout == SPCONV_POSE_LAYOUT_QUAT_POS) &&
         (p->quat_order == SPCONV_ROT_QUAT_WXYZ || p->quat_order == SPCONV_ROT_QUAT_XYZW) &&
         (p->point == SPCONV_POINT_COM || p->point == SPCONV_POINT_ORIGIN) &&
         (p->frame == SPCONV_POSE_FRAME_BODY || p->frame == SPCONV_POSE_FRAME_INERTIAL);
}

static int fz_state_conv_valid(const spconv_state_convention *c) {
  return fz_conv_valid(&c->twist) && fz_pose_conv_valid(&c->pose);
}

/* rotation matrix of the quaternion at q (wxyz or xyzw), in double */
static void fz_pose_rotation(double R[9], const spconv_real *q, spconv_rot_format quat_order) {
  spconv_real wxyz[4], M[9];
  int i;
  if (quat_order == SPCONV_ROT_QUAT_XYZW) spconv_quat_wxyz_from_xyzw(wxyz, q);
  else memcpy(wxyz, q, sizeof wxyz);
  spconv_mat_from_quat_wxyz(M, wxyz);
  for (i = 0; i < 9; ++i) R[i] = (double)M[i];
}

/* Batches of FZ_TILE bodies: the fuzzed body in the even lanes, an
   ordinary one in the odd lanes. Every lane equals its single call (rp, rt
   for the fuzzed body): batches convert bodies in tiles, and a NaN, inf or
   subnormal body must neither differ nor spoil its neighbours. Whole
   states in place; twists and wrenches out of place. */
enum { FZ_TILE = 16 };
static void fz_states_tile(const spconv_state_convention *to, const spconv_state_convention *from,
                           const spconv_real pose[7], const spconv_real twist[6],
                           const spconv_real com[3], const spconv_real iq[4],
                           const spconv_real rp[7], const spconv_real rt[6]) {
#define H ((spconv_real)0.5)
  static const spconv_real opose[7] = {H, H, H, H, H, H, H}; /* unit q in either layout */
  static const spconv_real otwist[6] = {1, -2, 3, -H, H / 2, 2}, ocom[3] = {H / 4, -H, H / 8};
#undef H
  spconv_real tp[7 * FZ_TILE], tt[6 * FZ_TILE], tc[3 * FZ_TILE], tq[4 * FZ_TILE], op[7], ot[6];
  spconv_real tx[6 * FZ_TILE], tg[6 * FZ_TILE], g1[6], g2[6];
  int k;
  FZ_CHECK(spconv_state_convert(op, ot, to, opose, otwist, from, ocom, opose + 3) == SPCONV_OK);
  for (k = 0; k < FZ_TILE; ++k) {
    memcpy(tp + 7 * k, k % 2 ? opose : pose, sizeof opose);
    memcpy(tt + 6 * k, k % 2 ? otwist : twist, sizeof otwist);
    memcpy(tc + 3 * k, k % 2 ? ocom : com, sizeof ocom);
    memcpy(tq + 4 * k, k % 2 ? opose + 3 : iq, 4 * sizeof iq[0]);
  }
  /* twists: the single call's; wrenches (the twists' own numbers): each
     body's lanes equal its one-body batch */
  FZ_CHECK(spconv_twist_convert_n(tx, 6, &to->twist, tt, 6, &from->twist, tp, 7, &from->pose, tc, tq,
                                  FZ_TILE) == SPCONV_OK);
  FZ_CHECK(spconv_wrench_convert_n(tg, 6, &to->twist, tt, 6, &from->twist, tp, 7, &from->pose, tc, tq,
                                   FZ_TILE) == SPCONV_OK);
  FZ_CHECK(spconv_wrench_convert_n(g1, 6, &to->twist, tt, 6, &from->twist, tp, 7, &from->pose, tc, tq,
                                   1) == SPCONV_OK);
  FZ_CHECK(spconv_wrench_convert_n(g2, 6, &to->twist, tt + 6, 6, &from->twist, tp + 7, 7, &from->pose,
                                   tc + 3, tq + 4, 1) == SPCONV_OK);
  for (k = 0; k < FZ_TILE; ++k)
    FZ_CHECK(fz_same(tx + 6 * k, k % 2 ? ot : rt, 6) && fz_same(tg + 6 * k, k % 2 ? g2 : g1, 6));
  FZ_CHECK(spconv_state_convert_n(tp, 7, tt, 6, to, tp, 7, tt, 6, from, tc, tq, FZ_TILE) == SPCONV_OK);
  for (k = 0; k < FZ_TILE; ++k)
    FZ_CHECK(fz_same(tp + 7 * k, k % 2 ? op : rp, 7) && fz_same(tt + 6 * k, k % 2 ? ot : rt, 6));
}

/* Body states: pose and whole-state conversion (single, strided batch, in
   place), forces at points. Statuses, nothing written on error, in place ==
   out of place, batch == single bit for bit, round trips. */
static void fz_states(fz_in *in) {
  spconv_state_convention a = fz_state_conv(in), b = fz_state_conv(in);
  int va = fz_state_conv_valid(&a), vb = fz_state_conv_valid(&b), s;
  int frame = fz_enum(in, SPCONV_FRAME_WORLD);
  spconv_real pose[7], twist[6], com[3], iq[4], rp[7], rt[6], bp[7], bt[6], y[13];
  spconv_real f[3], tau[3], pt[3], g[6], f2[3], t2[3];
  spconv_body body;
  fz_reals(in, pose, 7);
  fz_reals(in, twist, 6);
  fz_reals(in, com, 3);
  fz_reals(in, iq, 4);
  fz_reals(in, f, 3);
  fz_reals(in, tau, 3);
  fz_reals(in, pt, 3);
  fz_fill(rp, 7);
  fz_fill(rt, 6);
  s = spconv_state_convert(rp, rt, &b, pose, twist, &a, com, iq);
  FZ_CHECK(s == (va && vb ? SPCONV_OK : SPCONV_EINVAL));
  FZ_CHECK(spconv_pose_convert(bp, &b.pose, pose, &a.pose, com, iq) ==
           (fz_pose_conv_valid(&a.pose) && fz_pose_conv_valid(&b.pose) ? SPCONV_OK
                                                                        : SPCONV_EINVAL));
  if (s != SPCONV_OK) {
    FZ_CHECK(fz_untouched(rp, 7) && fz_untouched(rt, 6));
    FZ_CHECK(spconv_state_convert_n(rp, 7, rt, 6, &b, pose, 7, twist, 6, &a, com, iq, 1) ==
             SPCONV_EINVAL);
    FZ_CHECK(fz_untouched(rp, 7) && fz_untouched(rt, 6));
    return;
  }
  FZ_CHECK(fz_same(bp, rp, 7)); /* the pose part is spconv_pose_convert */
  FZ_CHECK(spconv_state_convert(rp, rt, &b, pose, twist, &a, NULL, iq) == SPCONV_EINVAL);
  /* one Isaac Lab-style row, in place; then the strided batch of one */
  memcpy(y, pose, sizeof pose);
  memcpy(y + 7, twist, sizeof twist);
  FZ_CHECK(spconv_state_convert(y, y + 7, &b, y, y + 7, &a, com, iq) == SPCONV_OK);
  FZ_CHECK(fz_same(y, rp, 7) && fz_same(y + 7, rt, 6));
  fz_fill(y, 13);
  FZ_CHECK(spconv_state_convert_n(y, 13, y + 7, 13, &b, pose, 7, twist, 6, &a, com, iq, 1) ==
           SPCONV_OK);
  FZ_CHECK(fz_same(y, rp, 7) && fz_same(y + 7, rt, 6));
  FZ_CHECK(spconv_state_convert_n(y, 6, y + 7, 13, &b, pose, 7, twist, 6, &a, com, iq, 1) ==
           SPCONV_EINVAL);
  fz_states_tile(&b, &a, pose, twist, com, iq, rp, rt);
  /* forces at points: status for any frame value, nothing written on error */
  FZ_CHECK(spconv_body_from_pose(&body, pose, &a.pose, com, iq) == SPCONV_OK);
  fz_fill(g, 6);
  s = spconv_wrench_from_force_at_point(g, &a.twist, f, tau, pt, (spconv_frame)frame, &body);
  FZ_CHECK(s == (frame == SPCONV_FRAME_WORLD || frame == SPCONV_FRAME_BODY ? SPCONV_OK
                                                                          : SPCONV_EINVAL));
  if (s != SPCONV_OK) {
    FZ_CHECK(fz_untouched(g, 6));
    return;
  }
  FZ_CHECK(spconv_force_at_point_from_wrench(f2, t2, g, &a.twist, pt, (spconv_frame)frame,
                                             &body) == SPCONV_OK);
  const int qp = a.pose.layout == SPCONV_POSE_LAYOUT_QUAT_POS; /* [q; p] */
  if (fz_quat_ok(pose + (qp ? 0 : 3)) && fz_quat_ok(iq) && fz_moderate(pose, 7) &&
      fz_moderate(twist, 6) && fz_moderate(com, 3) && fz_moderate(f, 3) &&
      fz_moderate(tau, 3) && fz_moderate(pt, 3)) {
    double L = 1 + fz_maxabs(pose, 7) + fz_maxabs(com, 3) + fz_maxabs(pt, 3);
    double deg = 57.3 * 57.3;
    double R0[9], R1[9];
    int i, q0 = qp ? 0 : 3, p0 = qp ? 4 : 0;
    int q1 = qp ? 0 : 3, p1 = qp ? 4 : 0;
    FZ_CHECK(spconv_state_convert(bp, bt, &a, rp, rt, &b, com, iq) == SPCONV_OK);
    /* back to `a`: the same position, rotation and twist (the quaternion
       comes back unit, so compare rotations) */
    FZ_CHECK(fz_near(bp + p1, pose + p0, 3, L, 256));
    fz_pose_rotation(R0, pose + q0, a.pose.quat_order);
    fz_pose_rotation(R1, bp + q1, a.pose.quat_order);
    for (i = 0; i < 9; ++i) FZ_CHECK(fabs(R0[i] - R1[i]) <= FZ_TOL * 64);
    FZ_CHECK(fz_near(bt, twist, 6, fz_maxabs(twist, 6) * L * deg, 256));
    /* the force and the torque about the point come back */
    FZ_CHECK(fz_near(f2, f, 3, fz_maxabs(f, 3), 64));
    FZ_CHECK(fz_near(t2, tau, 3, fz_maxabs(tau, 3) + fz_maxabs(f, 3) * L, 256));
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  switch (fz_byte(&in) % 3) {
    case 0:
      fz_conventions(&in);
      fz_states(&in);
      break;
    case 1: fz_joints(&in); break;
    default: fz_perms(&in); break;
  }
  return 0;
}
