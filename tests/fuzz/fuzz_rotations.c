/* Fuzz: rotations (quaternion algebra, matrices, axis-angle and rotation
   vectors, Euler angles in all 24 conventions and their string parsers, 6D
   representations, angular velocity from quaternions, degree units). */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const double fz_pi = 3.14159265358979323846;

/* a quaternion that is the same rotation as q, within k tolerances */
static int fz_same_rotation(const spconv_real a[4], const spconv_real b[4], double k) {
  return fz_quat_gap(a, b) <= FZ_TOL * k;
}

static void fz_matrices(fz_in *in) {
  spconv_real q[4], R[9], M[9], p[4], T[9], X[9];
  int s, i;
  double c;
  fz_reals(in, q, 4);
  fz_reals(in, M, 9);
  c = ldexp(1.0, (int)(fz_byte(in) % 9) - 4);
  spconv_mat_from_quat_wxyz(R, q);
  memcpy(T, q, 4 * sizeof(spconv_real));
  spconv_mat_from_quat_wxyz(T, T);
  FZ_CHECK(fz_same(T, R, 9));
  if (fz_any_nan(q, 4)) FZ_CHECK(fz_any_nan(R, 9));
  if (fz_quat_ok(q)) {
    FZ_CHECK(fz_is_rotation(R, 8));
    fz_fill(p, 4);
    FZ_CHECK(spconv_quat_wxyz_from_mat(p, R) == SPCONV_OK);
    FZ_CHECK(fz_is_unit(p, 4, 2) && p[0] >= 0);
    FZ_CHECK(fz_same_rotation(p, q, 16));
    /* a scaled rotation orthonormalizes back to it */
    for (i = 0; i < 9; ++i) X[i] = (spconv_real)((double)R[i] * c);
    FZ_CHECK(spconv_mat_orthonormalize(T, X) == SPCONV_OK);
    FZ_CHECK(fz_near(T, R, 9, 1, 16));
  }
  /* arbitrary 9 reals */
  fz_fill(p, 4);
  s = spconv_quat_wxyz_from_mat(p, M);
  FZ_CHECK(s == SPCONV_OK || s == SPCONV_EINVAL);
  if (s == SPCONV_OK) {
    FZ_CHECK(fz_finite(M, 9));
    FZ_CHECK(fz_is_unit(p, 4, 2) && p[0] >= 0);
    spconv_mat_from_quat_wxyz(T, p); /* within the acceptance tolerance of M */
    FZ_CHECK(fz_near(T, M, 9, 1, 8 * (double)SPCONV_ROTATION_TOL / FZ_TOL + 16));
  } else {
    FZ_CHECK(fz_untouched(p, 4));
  }
  fz_fill(T, 9);
  s = spconv_mat_orthonormalize(T, M);
  FZ_CHECK(s == SPCONV_OK || s == SPCONV_EINVAL || s == SPCONV_EDEGENERATE);
  if (s == SPCONV_OK) FZ_CHECK(fz_is_rotation(T, 16));
  else FZ_CHECK(fz_untouched(T, 9));
  if (!fz_finite(M, 9)) FZ_CHECK(s == SPCONV_EDEGENERATE);
  memcpy(X, M, sizeof X);
  s = spconv_mat_orthonormalize(X, X);
  if (s == SPCONV_OK) FZ_CHECK(fz_same(X, T, 9));
  else FZ_CHECK(fz_bits(X, M, 9));
  spconv_mat_transpose(T, M);
  spconv_mat_transpose(T, T);
  FZ_CHECK(fz_bits(T, M, 9));
}

static void fz_algebra(fz_in *in) {
  spconv_real a[4], b[4], r[4], t[4], u[4];
  spconv_real tt = fz_real(in);
  int s, i;
  double ang;
  fz_reals(in, a, 4);
  fz_reals(in, b, 4);
  fz_fill(r, 4);
  s = spconv_quat_normalize_wxyz(r, a);
  if (fz_finite(a, 4) && fz_maxabs(a, 4) > 0) {
    /* any finite nonzero q, subnormal or huge, normalizes */
    FZ_CHECK(s == SPCONV_OK && fz_is_unit(r, 4, 2));
    for (i = 0; i < 4; ++i) FZ_CHECK((r[i] >= 0) == (a[i] >= 0) || r[i] == 0);
  } else {
    FZ_CHECK(s == SPCONV_EDEGENERATE && fz_untouched(r, 4));
  }
  /* canonical: only the sign, w >= 0 */
  spconv_quat_canonical_wxyz(t, a);
  for (i = 0; i < 4; ++i) FZ_CHECK(fabs((double)t[i]) == fabs((double)a[i]) || isnan(a[i]));
  if (!fz_any_nan(a, 4)) FZ_CHECK(t[0] >= 0);
  memcpy(u, a, sizeof u);
  spconv_quat_canonical_wxyz(u, u);
  FZ_CHECK(fz_bits(u, t, 4));
  /* inverse: q q^-1 = 1 */
  spconv_quat_inv_wxyz(t, a);
  memcpy(u, a, sizeof u);
  spconv_quat_inv_wxyz(u, u);
  FZ_CHECK(fz_same(u, t, 4));
  if (fz_quat_ok(a)) {
    spconv_real one[4] = {1, 0, 0, 0};
    spconv_quat_mul_wxyz(u, a, t);
    FZ_CHECK(fz_near(u, one, 4, 1, 8));
  }
  /* angle in [0, pi] for any finite inputs */
  ang = (double)spconv_quat_angle_wxyz(a, b);
  if (fz_finite(a, 4) && fz_finite(b, 4)) FZ_CHECK(ang >= 0 && ang <= fz_pi + 1e-6);
  if (fz_any_nan(a, 4) || fz_any_nan(b, 4)) FZ_CHECK(isnan(ang));
  /* slerp: unit for finite inputs; the end points; a fraction of the angle */
  spconv_quat_slerp_wxyz(r, a, b, tt);
  memcpy(u, a, sizeof u);
  spconv_quat_slerp_wxyz(u, u, b, tt);
  FZ_CHECK(fz_same(u, r, 4));
  memcpy(u, b, sizeof u);
  spconv_quat_slerp_wxyz(u, a, u, tt);
  FZ_CHECK(fz_same(u, r, 4));
  /* a unit quaternion for finite inputs, as long as t times the angle
     cannot overflow (|t| <= 1e6 here; t is a fraction, near [0, 1]) */
  if (fz_finite(a, 4) && fz_finite(b, 4) && fabs((double)tt) <= 1e6) FZ_CHECK(fz_is_unit(r, 4, 4));
  if (fz_any_nan(a, 4) || fz_any_nan(b, 4) || isnan(tt)) FZ_CHECK(fz_any_nan(r, 4));
  if (fz_quat_ok(a) && fz_quat_ok(b) && tt >= 0 && tt <= 1) {
    double full = (double)spconv_quat_angle_wxyz(a, b);
    double part = (double)spconv_quat_angle_wxyz(a, r);
    /* the angle is ill-conditioned where the rotations almost agree */
    FZ_CHECK(fabs(part - (double)tt * full) <= 1e3 * FZ_TOL + 4 * sqrt((double)FZ_EPS));
    spconv_quat_slerp_wxyz(r, a, b, 0);
    FZ_CHECK(fz_same_rotation(r, a, 8));
    spconv_quat_slerp_wxyz(r, a, b, 1);
    FZ_CHECK(fz_same_rotation(r, b, 8 + 1e3 * sqrt((double)FZ_EPS) / FZ_TOL));
  }
}

static void fz_axis_angle(fz_in *in) {
  spconv_real axis[3], ang = fz_real(in), q[4], r[4], ax[3], an, rv[3], t[4];
  int s;
  fz_reals(in, axis, 3);
  fz_reals(in, q, 4);
  spconv_quat_wxyz_from_axis_angle(r, axis, ang);
  memcpy(t, axis, 3 * sizeof(spconv_real));
  spconv_quat_wxyz_from_axis_angle(t, t, ang);
  FZ_CHECK(fz_same(t, r, 4));
  if (fz_any_nan(axis, 3) || isnan(ang)) FZ_CHECK(fz_any_nan(r, 4));
  if (fz_finite(axis, 3) && isfinite(ang)) {
    /* any finite axis, subnormal or huge; zero gives the identity */
    FZ_CHECK(fz_is_unit(r, 4, 4));
    if (fz_maxabs(axis, 3) == 0) FZ_CHECK(r[0] == 1 && r[1] == 0 && r[2] == 0 && r[3] == 0);
  }
  fz_fill(ax, 3);
  an = FZ_SENTINEL;
  s = spconv_axis_angle_from_quat_wxyz(ax, &an, q);
  if (fz_finite(q, 4) && fz_maxabs(q, 4) > 0) {
    FZ_CHECK(s == SPCONV_OK);
    FZ_CHECK(fz_is_unit(ax, 3, 4) && an >= 0 && (double)an <= fz_pi + 1e-6);
    spconv_quat_wxyz_from_axis_angle(r, ax, an);
    FZ_CHECK(fz_same_rotation(r, q, 64));
  } else {
    FZ_CHECK(s == SPCONV_EDEGENERATE && fz_untouched(ax, 3) && an == FZ_SENTINEL);
  }
  /* rotation vectors */
  spconv_rotvec_from_quat_wxyz(rv, q);
  memcpy(t, q, sizeof t);
  spconv_rotvec_from_quat_wxyz(t, t);
  FZ_CHECK(fz_same(t, rv, 3));
  if (fz_any_nan(q, 4)) FZ_CHECK(fz_any_nan(rv, 3));
  if (fz_finite(q, 4)) {
    FZ_CHECK(fz_finite(rv, 3) && fz_norm(rv, 3) <= fz_pi + 1e-5);
    if (fz_maxabs(q, 4) == 0) FZ_CHECK(rv[0] == 0 && rv[1] == 0 && rv[2] == 0);
    else {
      spconv_quat_wxyz_from_rotvec(r, rv);
      FZ_CHECK(fz_same_rotation(r, q, 64));
    }
  }
  spconv_quat_wxyz_from_rotvec(r, axis);
  memcpy(t, axis, 3 * sizeof(spconv_real));
  spconv_quat_wxyz_from_rotvec(t, t);
  FZ_CHECK(fz_same(t, r, 4));
  /* unit unless the angle |rv| itself overflows (then NaN) */
  if (fz_finite(axis, 3) && fz_norm(axis, 3) <= 0.5 * (double)FZ_MAX) FZ_CHECK(fz_is_unit(r, 4, 4));
  if (fz_finite(axis, 3) && fz_norm(axis, 3) >= 2.0 * (double)FZ_MAX) FZ_CHECK(fz_any_nan(r, 4));
  if (fz_any_nan(axis, 3)) FZ_CHECK(fz_any_nan(r, 4));
}

static void fz_euler(fz_in *in) {
  int seq = fz_enum(in, SPCONV_EULER_XYZ), kind = fz_enum(in, SPCONV_EULER_EXTRINSIC), s, s2;
  int valid = seq >= SPCONV_EULER_XYZ && seq <= SPCONV_EULER_ZYZ &&
              (kind == SPCONV_EULER_EXTRINSIC || kind == SPCONV_EULER_INTRINSIC);
  spconv_real ang[3], q[4], r[4], e[3], R[9], t[4];
  fz_reals(in, ang, 3);
  fz_reals(in, q, 4);
  fz_fill(r, 4);
  s = spconv_quat_wxyz_from_euler(r, ang, (spconv_euler_seq)seq, (spconv_euler_kind)kind);
  FZ_CHECK(s == (valid ? SPCONV_OK : SPCONV_EINVAL));
  if (!valid) {
    FZ_CHECK(fz_untouched(r, 4));
  } else {
    if (fz_finite(ang, 3)) FZ_CHECK(fz_is_unit(r, 4, 4));
    if (fz_any_nan(ang, 3)) FZ_CHECK(fz_any_nan(r, 4));
    memcpy(t, ang, 3 * sizeof(spconv_real));
    t[3] = 0;
    FZ_CHECK(spconv_quat_wxyz_from_euler(t, t, (spconv_euler_seq)seq, (spconv_euler_kind)kind) == SPCONV_OK);
    FZ_CHECK(fz_same(t, r, 4));
  }
  fz_fill(e, 3);
  s = spconv_euler_from_quat_wxyz(e, q, (spconv_euler_seq)seq, (spconv_euler_kind)kind);
  if (!valid) {
    FZ_CHECK(s == SPCONV_EINVAL && fz_untouched(e, 3));
  } else if (!fz_finite(q, 4) || fz_maxabs(q, 4) == 0) {
    FZ_CHECK(s == SPCONV_EDEGENERATE && fz_untouched(e, 3));
  } else {
    int proper = seq >= SPCONV_EULER_XYX; /* the 6 proper sequences follow the 6 others */
    FZ_CHECK(s == SPCONV_OK || s == SPCONV_GIMBAL_LOCK);
    FZ_CHECK(fz_finite(e, 3));
    FZ_CHECK((double)e[0] > -fz_pi - 1e-6 && (double)e[0] <= fz_pi + 1e-6);
    FZ_CHECK((double)e[2] > -fz_pi - 1e-6 && (double)e[2] <= fz_pi + 1e-6);
    if (proper) FZ_CHECK(e[1] >= 0 && (double)e[1] <= fz_pi + 1e-6);
    else FZ_CHECK((double)e[1] >= -fz_pi / 2 - 1e-6 && (double)e[1] <= fz_pi / 2 + 1e-6);
    if (s == SPCONV_GIMBAL_LOCK) FZ_CHECK(e[2] == 0);
    /* the angles rebuild q */
    FZ_CHECK(spconv_quat_wxyz_from_euler(r, e, (spconv_euler_seq)seq,
                                         (spconv_euler_kind)kind) == SPCONV_OK);
    FZ_CHECK(fz_same_rotation(r, q, 64));
    /* in place */
    memcpy(t, q, sizeof t);
    s2 = spconv_euler_from_quat_wxyz(t, t, (spconv_euler_seq)seq, (spconv_euler_kind)kind);
    FZ_CHECK(s2 == s && fz_same(t, e, 3));
    /* the matrix forms agree */
    FZ_CHECK(spconv_mat_from_euler(R, e, (spconv_euler_seq)seq, (spconv_euler_kind)kind) ==
             SPCONV_OK);
    s2 = spconv_euler_from_mat(t, R, (spconv_euler_seq)seq, (spconv_euler_kind)kind);
    FZ_CHECK(s2 == SPCONV_OK || s2 == SPCONV_GIMBAL_LOCK);
    FZ_CHECK(spconv_quat_wxyz_from_euler(r, t, (spconv_euler_seq)seq,
                                         (spconv_euler_kind)kind) == SPCONV_OK);
    FZ_CHECK(fz_same_rotation(r, q, 128));
  }
  /* the fixed-convention wrappers */
  spconv_quat_wxyz_from_urdf_rpy(r, ang);
  spconv_quat_wxyz_from_isaaclab_euler_xyz(t, ang[0], ang[1], ang[2]);
  FZ_CHECK(fz_same(t, r, 4));
  spconv_quat_wxyz_from_drake_rpy(t, ang);
  FZ_CHECK(fz_same(t, r, 4));
  fz_fill(e, 3);
  s = spconv_urdf_rpy_from_quat_wxyz(e, q);
  FZ_CHECK(s == SPCONV_OK || s == SPCONV_GIMBAL_LOCK || s == SPCONV_EDEGENERATE);
  fz_fill(R, 9);
  s = spconv_euler_from_mat(e, R, (spconv_euler_seq)seq, (spconv_euler_kind)kind);
  FZ_CHECK(s == SPCONV_EINVAL);
}

static int fz_letter_axis(char c) {
  return c == 'x' || c == 'X' ? 0 : c == 'y' || c == 'Y' ? 1 : c == 'z' || c == 'Z' ? 2 : -1;
}

static void fz_parsers(fz_in *in) {
  char str[8];
  int i, s, n = fz_byte(in) % 7, good;
  spconv_euler_seq seq = (spconv_euler_seq)77;
  spconv_euler_kind kind = (spconv_euler_kind)77;
  spconv_real ang[3], q[4];
  static const char letters[] = "xyzXYZ";
  for (i = 0; i < n; ++i) {
    uint8_t b = fz_byte(in);
    str[i] = b < 200 ? letters[b % 6] : (char)b;
  }
  str[n] = 0;
  fz_reals(in, ang, 3);
  good = n == 3;
  for (i = 0; i < 3 && good; ++i) good = fz_letter_axis(str[i]) >= 0;
  s = spconv_euler_seq_from_scipy(&seq, &kind, str);
  FZ_CHECK(s == SPCONV_OK || s == SPCONV_EINVAL);
  if (s == SPCONV_OK) {
    int ax[3], up = str[0] >= 'A' && str[0] <= 'Z';
    FZ_CHECK(good && seq >= SPCONV_EULER_XYZ && seq <= SPCONV_EULER_ZYZ);
    for (i = 0; i < 3; ++i) {
      ax[i] = fz_letter_axis(str[i]);
      FZ_CHECK((str[i] >= 'A' && str[i] <= 'Z') == up); /* one case */
    }
    FZ_CHECK(ax[0] != ax[1] && ax[1] != ax[2]);
    FZ_CHECK(kind == (up ? SPCONV_EULER_INTRINSIC : SPCONV_EULER_EXTRINSIC));
  } else {
    FZ_CHECK((int)seq == 77 && (int)kind == 77);
  }
  FZ_CHECK(spconv_euler_seq_from_scipy(&seq, &kind, NULL) == SPCONV_EINVAL);
  FZ_CHECK(spconv_euler_seq_from_mujoco(&seq, &kind, NULL) == SPCONV_EINVAL);
  fz_fill(q, 4);
  s = spconv_quat_wxyz_from_mujoco_euler(q, ang, str);
  FZ_CHECK(s == (good ? SPCONV_OK : SPCONV_EINVAL));
  if (s != SPCONV_OK) FZ_CHECK(fz_untouched(q, 4));
  else if (fz_finite(ang, 3)) FZ_CHECK(fz_is_unit(q, 4, 4));
  FZ_CHECK(spconv_quat_wxyz_from_mujoco_euler(q, ang, NULL) == SPCONV_EINVAL);
  seq = (spconv_euler_seq)77;
  s = spconv_euler_seq_from_mujoco(&seq, &kind, str);
  FZ_CHECK(s == SPCONV_OK || s == SPCONV_EINVAL);
  if (s == SPCONV_OK && fz_moderate(ang, 3)) {
    spconv_real r[4];
    /* the same rotation as MuJoCo's general rule */
    FZ_CHECK(spconv_quat_wxyz_from_euler(r, ang, seq, kind) == SPCONV_OK);
    FZ_CHECK(fz_same_rotation(r, q, 16));
  } else if (s != SPCONV_OK) {
    FZ_CHECK((int)seq == 77);
  }
}

static void fz_rot6d(fz_in *in) {
  int layout = fz_enum(in, SPCONV_ROT6D_COLUMNS), s;
  int valid = layout >= SPCONV_ROT6D_COLUMNS && layout <= SPCONV_ROT6D_COLUMNS_INTERLEAVED;
  spconv_real d[6], R[9], M[9], t[9], q[4], e[6];
  fz_reals(in, d, 6);
  fz_reals(in, q, 4);
  fz_fill(R, 9);
  s = spconv_mat_from_rot6d(R, d, (spconv_rot6d_layout)layout);
  if (!valid) {
    FZ_CHECK(s == SPCONV_EINVAL && fz_untouched(R, 9));
  } else if (!fz_finite(d, 6)) {
    FZ_CHECK(s == SPCONV_EDEGENERATE && fz_untouched(R, 9));
  } else {
    FZ_CHECK(s == SPCONV_OK || s == SPCONV_EDEGENERATE);
    if (s == SPCONV_OK) {
      FZ_CHECK(fz_is_rotation(R, 16));
      /* the first vector keeps its direction */
      FZ_CHECK(spconv_rot6d_from_mat(e, R, (spconv_rot6d_layout)layout) == SPCONV_OK);
      { /* a1 is d[0..2] (ROWS, COLUMNS) or d[0], d[2], d[4] (interleaved) */
        double a1[3], m = 0, na = 0, dot = 0;
        int i, k;
        for (i = 0; i < 3; ++i) {
          k = layout == SPCONV_ROT6D_COLUMNS_INTERLEAVED ? 2 * i : i;
          a1[i] = (double)d[k];
          if (fabs(a1[i]) > m) m = fabs(a1[i]);
        }
        for (i = 0; i < 3; ++i) na += (a1[i] / m) * (a1[i] / m);
        for (i = 0; i < 3; ++i)
          dot += (double)e[layout == SPCONV_ROT6D_COLUMNS_INTERLEAVED ? 2 * i : i] * (a1[i] / m);
        FZ_CHECK(fabs(dot / sqrt(na) - 1) <= FZ_TOL * 16);
      }
      memcpy(t, d, 6 * sizeof(spconv_real));
      FZ_CHECK(spconv_mat_from_rot6d(t, t, (spconv_rot6d_layout)layout) == SPCONV_OK);
      FZ_CHECK(fz_same(t, R, 9));
    } else {
      FZ_CHECK(fz_untouched(R, 9));
    }
  }
  /* rotation -> 6D -> rotation */
  if (valid && fz_quat_ok(q)) {
    spconv_mat_from_quat_wxyz(M, q);
    FZ_CHECK(spconv_rot6d_from_mat(e, M, (spconv_rot6d_layout)layout) == SPCONV_OK);
    FZ_CHECK(spconv_mat_from_rot6d(t, e, (spconv_rot6d_layout)layout) == SPCONV_OK);
    FZ_CHECK(fz_near(t, M, 9, 1, 16));
  }
  fz_fill(e, 6);
  memcpy(t, d, 6 * sizeof(spconv_real));
  memcpy(t + 6, q, 3 * sizeof(spconv_real));
  s = spconv_rot6d_from_mat(e, t, (spconv_rot6d_layout)layout);
  { /* R is checked as spconv_quat_wxyz_from_mat checks it: the two accept
       the same matrices */
    spconv_real qm[4];
    int rot = spconv_quat_wxyz_from_mat(qm, t) == SPCONV_OK;
    FZ_CHECK(s == (valid && rot ? SPCONV_OK : SPCONV_EINVAL));
    if (!(valid && rot)) FZ_CHECK(fz_untouched(e, 6));
  }
}

static void fz_angvel(fz_in *in) {
  spconv_real q[4], w[3], dt = fz_real(in), r[4], t[4], v[3], a[3];
  int i;
  fz_reals(in, q, 4);
  fz_reals(in, w, 3);
  spconv_quat_integrate_body_wxyz(r, q, w, dt);
  memcpy(t, q, sizeof t);
  spconv_quat_integrate_body_wxyz(t, t, w, dt);
  FZ_CHECK(fz_same(t, r, 4));
  memcpy(t, w, 3 * sizeof(spconv_real));
  spconv_quat_integrate_body_wxyz(t, q, t, dt);
  FZ_CHECK(fz_same(t, r, 4));
  if (fz_any_nan(q, 4) || fz_any_nan(w, 3) || isnan(dt)) FZ_CHECK(fz_any_nan(r, 4));
  if (fz_quat_ok(q) && fz_moderate(w, 3) && isfinite(dt) && fabs((double)dt) <= 1 &&
      fabs((double)dt) >= 1e-3 && fz_norm(w, 3) * fabs((double)dt) < 3.0) {
    double sc = fz_norm(w, 3) > 1 ? fz_norm(w, 3) : 1;
    /* the norm is kept */
    FZ_CHECK(fabs(fz_norm(r, 4) - fz_norm(q, 4)) <= FZ_TOL * 8 * fz_norm(q, 4));
    /* differentiating recovers w (shortest path, |w dt| < pi); a negative
       dt is refused (R9) */
    int want = dt > 0 ? SPCONV_OK : SPCONV_EINVAL;
    FZ_CHECK(spconv_body_angvel_from_quats_wxyz(v, q, r, dt) == want);
    for (i = 0; i < 3 && want == SPCONV_OK; ++i)
      FZ_CHECK(fabs((double)v[i] - (double)w[i]) <=
               (FZ_TOL * 64 + 64 * (double)FZ_EPS / fabs((double)dt)) * sc);
    spconv_quat_integrate_world_wxyz(r, q, w, dt);
    FZ_CHECK(spconv_world_angvel_from_quats_wxyz(v, q, r, dt) == want);
    for (i = 0; i < 3 && want == SPCONV_OK; ++i)
      FZ_CHECK(fabs((double)v[i] - (double)w[i]) <=
               (FZ_TOL * 64 + 64 * (double)FZ_EPS / fabs((double)dt)) * sc);
  }
  { /* R9: dt not finite and > 0 is SPCONV_EINVAL, then a zero or non-finite
       q SPCONV_EDEGENERATE; outputs untouched on errors */
    int want = !(isfinite(dt) && dt > 0)                        ? SPCONV_EINVAL
               : !(fz_finite(q, 4) && fz_maxabs(q, 4) > 0) ? SPCONV_EDEGENERATE
                                                                : SPCONV_OK;
    int s1, s2;
    v[0] = v[1] = v[2] = 7;
    s1 = spconv_body_angvel_from_quats_wxyz(v, q, q, dt);
    memcpy(a, q, 3 * sizeof(spconv_real));
    s2 = spconv_world_angvel_from_quats_wxyz(a, q, q, dt);
    FZ_CHECK(s1 == want && s2 == want);
    if (want != SPCONV_OK) {
      FZ_CHECK(v[0] == 7 && v[1] == 7 && v[2] == 7);
      FZ_CHECK(fz_same(a, q, 3));
    }
    /* a positive dt and a finite q give zero motion from q to itself */
    if (want == SPCONV_OK && fz_maxabs(q, 4) < 1e15 && fz_maxabs(q, 4) > 1e-15)
      for (i = 0; i < 3; ++i) FZ_CHECK(fabs((double)v[i]) <= 1e3 * FZ_TOL / fabs((double)dt));
  }
  /* units */
  {
    spconv_real d[3], b[3];
    spconv_deg_from_rad3(d, w);
    spconv_rad_from_deg3(b, d);
    if (fz_moderate(w, 3)) FZ_CHECK(fz_near(b, w, 3, fz_maxabs(w, 3), 2));
    memcpy(b, w, sizeof b);
    spconv_deg_from_rad3(b, b);
    FZ_CHECK(fz_same(b, d, 3));
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  switch (fz_byte(&in) % 7) {
    case 0: fz_matrices(&in); break;
    case 1: fz_algebra(&in); break;
    case 2: fz_axis_angle(&in); break;
    case 3: fz_euler(&in); break;
    case 4: fz_parsers(&in); break;
    case 5: fz_rot6d(&in); break;
    default: fz_angvel(&in); break;
  }
  return 0;
}
