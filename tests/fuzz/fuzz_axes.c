/* Fuzz: up axis (spconv_up_axis_matrix, _quat_wxyz, spconv_gravity) and
   axis systems (signed axes, systems, presets, Blender's axis_conversion,
   spconv_axes_* transforms, units, shapes, MuJoCo fromto, asset import).
   Enum arguments are arbitrary ints. */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* a signed permutation with det +1 or -1, entries exactly 0 or +-1 */
static int fz_signed_perm(const spconv_real M[9], double *det) {
  int i, j, cols = 0;
  for (i = 0; i < 3; ++i) {
    int n = 0;
    for (j = 0; j < 3; ++j) {
      spconv_real m = M[3 * i + j];
      if (m == 0) continue;
      if (m != 1 && m != -1) return 0;
      if (cols & (1 << j)) return 0;
      cols |= 1 << j;
      ++n;
    }
    if (n != 1) return 0;
  }
  {
    double D[9];
    for (i = 0; i < 9; ++i) D[i] = (double)M[i];
    *det = D[0] * (D[4] * D[8] - D[5] * D[7]) - D[1] * (D[3] * D[8] - D[5] * D[6]) +
           D[2] * (D[3] * D[7] - D[4] * D[6]);
  }
  return 1;
}

static void fz_mat_vec(spconv_real res[3], const spconv_real M[9], const spconv_real v[3]) {
  int i;
  for (i = 0; i < 3; ++i) res[i] = M[3 * i] * v[0] + M[3 * i + 1] * v[1] + M[3 * i + 2] * v[2];
}

static void fz_up_axis(fz_in *in) {
  int a = fz_int(in), b = fz_int(in), s, valid = a >= 0 && a <= 2 && b >= 0 && b <= 2;
  spconv_real M[9], q[4], g[3], mag = fz_real(in), R[9];
  double det;
  fz_fill(M, 9);
  fz_fill(q, 4);
  fz_fill(g, 3);
  s = spconv_up_axis_matrix(M, (spconv_axis)a, (spconv_axis)b);
  FZ_CHECK(s == (valid ? SPCONV_OK : SPCONV_EINVAL));
  if (!valid) FZ_CHECK(fz_untouched(M, 9));
  s = spconv_up_axis_quat_wxyz(q, (spconv_axis)a, (spconv_axis)b);
  FZ_CHECK(s == (valid ? SPCONV_OK : SPCONV_EINVAL));
  if (!valid) FZ_CHECK(fz_untouched(q, 4));
  s = spconv_gravity(g, (spconv_axis)a, mag);
  FZ_CHECK(s == (a >= 0 && a <= 2 ? SPCONV_OK : SPCONV_EINVAL));
  if (s != SPCONV_OK) FZ_CHECK(fz_untouched(g, 3));
  else FZ_CHECK((g[a] == -mag || (isnan(g[a]) && isnan(mag))) && g[(a + 1) % 3] == 0 &&
                g[(a + 2) % 3] == 0);
  if (!valid) return;
  /* a proper signed permutation carrying e_from onto e_to */
  FZ_CHECK(fz_signed_perm(M, &det) && det == 1);
  FZ_CHECK(M[3 * b + a] == 1);
  /* the quaternion is unit and gives the same matrix */
  FZ_CHECK(fz_is_unit(q, 4, 2));
  spconv_mat_from_quat_wxyz(R, q);
  FZ_CHECK(fz_near(R, M, 9, 1, 4));
}

static spconv_axis_system fz_system(fz_in *in) {
  spconv_axis_system s;
  s.x = (spconv_direction)fz_int(in);
  s.y = (spconv_direction)fz_int(in);
  s.z = (spconv_direction)fz_int(in);
  return s;
}

static int fz_system_valid(spconv_axis_system s) {
  int a = (int)s.x, b = (int)s.y, c = (int)s.z;
  if (a < 0 || a > 5 || b < 0 || b > 5 || c < 0 || c > 5) return 0;
  return a % 3 != b % 3 && a % 3 != c % 3 && b % 3 != c % 3;
}

static void fz_systems(fz_in *in) {
  spconv_axis_system a = fz_system(in), b = fz_system(in), c;
  int va = fz_system_valid(a), vb = fz_system_valid(b), s, h;
  int f = fz_int(in), u = fz_int(in), f2 = fz_int(in), u2 = fz_int(in), rh = fz_int(in);
  int pa = fz_enum(in, SPCONV_AXIS_PRESET_FIRST), pb = fz_enum(in, SPCONV_AXIS_PRESET_FIRST);
  spconv_real M[9], v[3];
  double det;
  FZ_CHECK(spconv_axis_system_check(a) == (va ? SPCONV_OK : SPCONV_EINVAL));
  h = spconv_axis_system_is_right_handed(a);
  FZ_CHECK(va ? (h == 0 || h == 1) : h == SPCONV_EINVAL);
  fz_fill(M, 9);
  s = spconv_axis_system_matrix(M, a, b);
  FZ_CHECK(s == (va && vb ? SPCONV_OK : SPCONV_EINVAL));
  if (s != SPCONV_OK) {
    FZ_CHECK(fz_untouched(M, 9));
  } else {
    FZ_CHECK(fz_signed_perm(M, &det));
    FZ_CHECK(det == (spconv_axis_system_is_right_handed(a) ==
                             spconv_axis_system_is_right_handed(b)
                         ? 1
                         : -1));
    /* carrying a through M gives b */
    c.x = c.y = c.z = (spconv_direction)99;
    FZ_CHECK(spconv_axis_system_from_matrix(&c, M, a) == SPCONV_OK);
    FZ_CHECK(c.x == b.x && c.y == b.y && c.z == b.z);
  }
  /* from_matrix on arbitrary reals: a signed permutation or EINVAL */
  fz_reals(in, M, 9);
  c.x = c.y = c.z = (spconv_direction)99;
  s = spconv_axis_system_from_matrix(&c, M, a);
  FZ_CHECK(s == SPCONV_OK || s == SPCONV_EINVAL);
  if (s == SPCONV_OK) FZ_CHECK(va && fz_signed_perm(M, &det) && fz_system_valid(c));
  else FZ_CHECK(c.x == 99 && c.y == 99 && c.z == 99);
  /* forward / up */
  c.x = c.y = c.z = (spconv_direction)99;
  s = spconv_axis_system_from_forward_up(&c, (spconv_signed_axis)f, (spconv_signed_axis)u, rh);
  if (f >= 0 && f <= 5 && u >= 0 && u <= 5 && f % 3 != u % 3) {
    FZ_CHECK(s == SPCONV_OK && fz_system_valid(c));
    FZ_CHECK(spconv_axis_system_is_right_handed(c) == (rh != 0));
  } else {
    FZ_CHECK(s == SPCONV_EINVAL && c.x == 99);
  }
  fz_fill(M, 9);
  s = spconv_axis_conversion(M, (spconv_signed_axis)f, (spconv_signed_axis)u,
                             (spconv_signed_axis)f2, (spconv_signed_axis)u2);
  FZ_CHECK(s == SPCONV_OK || s == SPCONV_EINVAL);
  if (s == SPCONV_OK) {
    spconv_real ef[3], et[3], r[3];
    FZ_CHECK(fz_signed_perm(M, &det) && det == 1);
    /* M from_forward = to_forward */
    FZ_CHECK(spconv_vec_from_signed_axis(ef, (spconv_signed_axis)f) == SPCONV_OK);
    FZ_CHECK(spconv_vec_from_signed_axis(et, (spconv_signed_axis)f2) == SPCONV_OK);
    fz_mat_vec(r, M, ef);
    FZ_CHECK(fz_bits(r, et, 3) || (r[0] == et[0] && r[1] == et[1] && r[2] == et[2]));
  } else {
    FZ_CHECK(fz_untouched(M, 9));
  }
  fz_fill(v, 3);
  s = spconv_vec_from_signed_axis(v, (spconv_signed_axis)f);
  FZ_CHECK(s == (f >= 0 && f <= 5 ? SPCONV_OK : SPCONV_EINVAL));
  if (s != SPCONV_OK) FZ_CHECK(fz_untouched(v, 3));
  /* presets */
  fz_fill(M, 9);
  s = spconv_axis_preset_matrix(M, (spconv_axis_preset)pa, (spconv_axis_preset)pb);
  FZ_CHECK(s == (pa >= SPCONV_AXIS_PRESET_FIRST && pa < SPCONV_AXIS_PRESET_END &&
                         pb >= SPCONV_AXIS_PRESET_FIRST && pb < SPCONV_AXIS_PRESET_END
                     ? SPCONV_OK
                     : SPCONV_EINVAL));
  if (s == SPCONV_OK) FZ_CHECK(fz_signed_perm(M, &det));
  else FZ_CHECK(fz_untouched(M, 9));
}

/* the spconv_axes_* maps with a signed permutation M */
static void fz_transforms(fz_in *in) {
  spconv_axis_system a, b;
  spconv_real M[9], Mi[9], v[3], w[3], q[4], tw[6], wr[6], pose[7], I[9], x[9], y[9];
  int i;
  a.x = (spconv_direction)(fz_byte(in) % 6);
  a.y = (spconv_direction)((a.x + 1 + fz_byte(in) % 2 * 3) % 6);
  a.z = (spconv_direction)((a.x + 2 + fz_byte(in) % 2 * 3) % 6);
  b.x = (spconv_direction)(fz_byte(in) % 6);
  b.y = (spconv_direction)((b.x + 1 + fz_byte(in) % 2 * 3) % 6);
  b.z = (spconv_direction)((b.x + 2 + fz_byte(in) % 2 * 3) % 6);
  FZ_CHECK(spconv_axis_system_matrix(M, a, b) == SPCONV_OK);
  spconv_mat_transpose(Mi, M);
  fz_reals(in, v, 3);
  fz_reals(in, w, 3);
  fz_reals(in, q, 4);
  fz_reals(in, tw, 6);
  fz_reals(in, wr, 6);
  fz_reals(in, I, 9);
  memcpy(pose, v, 3 * sizeof(spconv_real));
  memcpy(pose + 3, q, 4 * sizeof(spconv_real));
  /* every map has res aliasing its data input give the same values */
#define FZ_ALIAS(fn, n, data)                  \
  do {                                         \
    fn(x, M, data);                            \
    memcpy(y, data, (n) * sizeof(spconv_real)); \
    fn(y, M, y);                               \
    FZ_CHECK(fz_same(x, y, n));                \
    memcpy(y, M, 9 * sizeof(spconv_real));     \
    fn(y, y, data);                            \
    FZ_CHECK(fz_same(x, y, n));                \
  } while (0)
  FZ_ALIAS(spconv_vec_change_axes, 3, v);
  FZ_ALIAS(spconv_pseudovec_change_axes, 3, w);
  FZ_ALIAS(spconv_quat_wxyz_change_axes, 4, q);
  FZ_ALIAS(spconv_quat_xyzw_change_axes, 4, q);
  FZ_ALIAS(spconv_spatial_change_axes, 6, tw);
  FZ_ALIAS(spconv_spatial_change_axes, 6, wr);
  FZ_ALIAS(spconv_pose_wxyz_change_axes, 7, pose);
  FZ_ALIAS(spconv_pose_xyzw_change_axes, 7, pose);
  FZ_ALIAS(spconv_inertia_change_axes, 9, I);
  FZ_ALIAS(spconv_mat_change_axes, 9, I);
  FZ_ALIAS(spconv_scale_change_axes, 3, v);
#undef FZ_ALIAS
  /* finite data: the maps are exact, and M^T undoes them */
  if (fz_finite(v, 3) && fz_finite(w, 3) && fz_finite(q, 4) && fz_finite(tw, 6)) {
    spconv_real t[6];
    spconv_vec_change_axes(x, M, v);
    spconv_vec_change_axes(y, Mi, x);
    FZ_CHECK(y[0] == v[0] && y[1] == v[1] && y[2] == v[2]);
    spconv_pseudovec_change_axes(x, M, w);
    spconv_pseudovec_change_axes(y, Mi, x);
    FZ_CHECK(y[0] == w[0] && y[1] == w[1] && y[2] == w[2]);
    spconv_quat_wxyz_change_axes(x, M, q);
    spconv_quat_wxyz_change_axes(y, Mi, x);
    for (i = 0; i < 4; ++i) FZ_CHECK(y[i] == q[i]);
    spconv_spatial_change_axes(t, M, tw);
    spconv_spatial_change_axes(x, Mi, t);
    for (i = 0; i < 6; ++i) FZ_CHECK(x[i] == tw[i]);
    /* scale factors are permuted, never negated */
    spconv_scale_change_axes(x, M, v);
    for (i = 0; i < 3; ++i) FZ_CHECK(x[i] == v[0] || x[i] == v[1] || x[i] == v[2]);
  }
  if (fz_moderate(tw, 6) && fz_moderate(wr, 6)) { /* power kept */
    spconv_real t2[6], w2[6];
    double p0 = (double)spconv_power(wr, tw), p1, s = fz_maxabs(wr, 6) * fz_maxabs(tw, 6) * 6;
    spconv_spatial_change_axes(t2, M, tw);
    spconv_spatial_change_axes(w2, M, wr);
    p1 = (double)spconv_power(w2, t2);
    FZ_CHECK(fabs(p0 - p1) <= FZ_TOL * 4 * (s > 1 ? s : 1));
  }
}

static void fz_units_shapes(fz_in *in) {
  spconv_real k = FZ_SENTINEL, from = fz_real(in), to = fz_real(in), size[3], rs[3], rq[4];
  spconv_real vol, com[3], ft[6], pos[3], fq[4], half;
  int s, type = fz_enum(in, SPCONV_SHAPE_SPHERE), ff = fz_enum(in, SPCONV_SHAPE_FORMAT_NEWTON);
  int fa = fz_int(in), tf = fz_enum(in, SPCONV_SHAPE_FORMAT_NEWTON), ta = fz_int(in);
  int af = fz_enum(in, SPCONV_ASSET_GLTF), zup = fz_int(in);
  const int af_ok = af == SPCONV_ASSET_GLTF || af == SPCONV_ASSET_STL || af == SPCONV_ASSET_OBJ;
  s = spconv_length_scale(&k, from, to);
  FZ_CHECK(s == SPCONV_OK || s == SPCONV_EINVAL);
  if (s == SPCONV_OK) {
    FZ_CHECK(isfinite(from) && isfinite(to) && from > 0 && to > 0);
    FZ_CHECK(isfinite(k) && k > 0); /* a usable scale, never 0 or inf */
  } else {
    FZ_CHECK(k == FZ_SENTINEL);
  }
  fz_reals(in, size, 3);
  fz_fill(rs, 3);
  fz_fill(rq, 4);
  s = spconv_shape_convert(rs, rq, size, (spconv_shape_type)type, (spconv_shape_format)ff,
                           (spconv_axis)fa, (spconv_shape_format)tf, (spconv_axis)ta);
  FZ_CHECK(s == SPCONV_OK || s == SPCONV_EINVAL);
  if (s == SPCONV_OK) {
    int i;
    for (i = 0; i < 3; ++i) FZ_CHECK(rs[i] >= 0); /* never NaN or negative */
    FZ_CHECK(fz_is_unit(rq, 4, 2));
  } else {
    FZ_CHECK(fz_untouched(rs, 3) && fz_untouched(rq, 4));
  }
  vol = FZ_SENTINEL;
  s = spconv_shape_volume(&vol, size, (spconv_shape_type)type, (spconv_shape_format)ff,
                          (spconv_axis)fa);
  FZ_CHECK(s == SPCONV_OK || s == SPCONV_EINVAL);
  FZ_CHECK(s == SPCONV_OK ? vol >= 0 : vol == FZ_SENTINEL);
  fz_fill(com, 3);
  s = spconv_shape_com(com, size, (spconv_shape_type)type, (spconv_shape_format)ff,
                       (spconv_axis)fa);
  FZ_CHECK(s == SPCONV_OK || s == SPCONV_EINVAL);
  if (s == SPCONV_OK) FZ_CHECK(fz_finite(com, 3));
  else FZ_CHECK(fz_untouched(com, 3));
  /* fromto */
  fz_reals(in, ft, 6);
  fz_fill(pos, 3);
  fz_fill(fq, 4);
  half = FZ_SENTINEL;
  s = spconv_pose_from_mujoco_fromto(pos, fq, &half, ft);
  FZ_CHECK(s == SPCONV_OK || s == SPCONV_EDEGENERATE);
  if (s == SPCONV_OK) {
    spconv_real z[3] = {0, 0, 1}, d[3], r[3];
    int i;
    FZ_CHECK(fz_finite(ft, 6));
    FZ_CHECK(fz_finite(pos, 3) && isfinite(half) && half >= 0); /* 0: |b - a| / 2 underflows */
    FZ_CHECK(fz_is_unit(fq, 4, 4) && fq[0] >= 0);
    /* +Z is carried onto the direction b - a */
    for (i = 0; i < 3; ++i) d[i] = ft[3 + i] - ft[i];
    spconv_quat_rotate_wxyz(r, fq, z);
    if (fz_finite(d, 3) && fz_norm(d, 3) > 1e-3 && fz_norm(d, 3) < 1e30)
      for (i = 0; i < 3; ++i)
        FZ_CHECK(fabs((double)r[i] - (double)d[i] / fz_norm(d, 3)) <= FZ_TOL * 16);
  } else {
    FZ_CHECK(fz_untouched(pos, 3) && fz_untouched(fq, 4) && half == FZ_SENTINEL);
  }
  /* asset import */
  fz_fill(rs, 3);
  {
    spconv_real M[9], q[4];
    fz_fill(M, 9);
    fz_fill(q, 4);
    s = spconv_asset_import_matrix(M, (spconv_asset_format)af, zup);
    FZ_CHECK(s == (af_ok ? SPCONV_OK : SPCONV_EINVAL));
    if (s != SPCONV_OK) FZ_CHECK(fz_untouched(M, 9));
    s = spconv_asset_import_quat_wxyz(q, (spconv_asset_format)af, zup);
    FZ_CHECK(s == (af_ok ? SPCONV_OK : SPCONV_EINVAL));
    if (s != SPCONV_OK) FZ_CHECK(fz_untouched(q, 4));
    else FZ_CHECK(fz_is_unit(q, 4, 2));
  }
  /* signed gravity */
  {
    spconv_real g[3];
    fz_fill(g, 3);
    s = spconv_gravity_signed(g, (spconv_signed_axis)af, from);
    FZ_CHECK(s == (af >= 0 && af <= 5 ? SPCONV_OK : SPCONV_EINVAL));
    if (s != SPCONV_OK) FZ_CHECK(fz_untouched(g, 3));
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  switch (fz_byte(&in) % 4) {
    case 0: fz_up_axis(&in); break;
    case 1: fz_systems(&in); break;
    case 2: fz_transforms(&in); break;
    default: fz_units_shapes(&in); break;
  }
  return 0;
}
