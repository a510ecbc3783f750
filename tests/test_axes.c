/* spatial_conv.h sections: axis systems, units (lengths), shapes and asset import, MuJoCo (fromto). */
/* Blender's axis_conversion, the 48 axis systems and their presets, every
   kind of quantity under proper and improper changes of axes, length units,
   signed gravity, collision shapes, MuJoCo fromto, asset import, aliasing
   and status codes; one cmocka test per function or small family, named
   after it. Built in double and in float from this one source. */
#include "test_util.h"

/* ================================================================ helpers */

static double ax_dot(const spconv_real a[3], const spconv_real b[3]) {
  return (double)a[0] * (double)b[0] + (double)a[1] * (double)b[1] + (double)a[2] * (double)b[2];
}

/* every valid axis system, in a fixed order; returns how many (48) */
static spconv_axis_system ax_all[48];
static int ax_count_systems(void) {
  int a, b, c, n = 0;
  for (a = 0; a < 6; ++a)
    for (b = 0; b < 6; ++b)
      for (c = 0; c < 6; ++c) {
        spconv_axis_system s;
        s.x = (spconv_direction)a;
        s.y = (spconv_direction)b;
        s.z = (spconv_direction)c;
        if (spconv_axis_system_check(s) == SPCONV_OK) {
          if (n < 48) ax_all[n] = s;
          ++n;
        }
      }
  return n;
}

static spconv_axis_system ax_sys(spconv_direction x, spconv_direction y, spconv_direction z) {
  spconv_axis_system s;
  s.x = x;
  s.y = y;
  s.z = z;
  return s;
}

static spconv_axis_system ax_preset(spconv_axis_preset p) {
  spconv_axis_system s = ax_sys(SPCONV_DIRECTION_FORWARD, SPCONV_DIRECTION_FORWARD, SPCONV_DIRECTION_FORWARD);
  assert_int_equal(spconv_axis_system_preset(&s, p), SPCONV_OK);
  return s;
}

static void ax_preset_matrix(spconv_real M[9], spconv_axis_preset a, spconv_axis_preset b) {
  assert_int_equal(spconv_axis_preset_matrix(M, a, b), SPCONV_OK);
}

/* the valid and invalid systems of the bad-input tests */
static spconv_axis_system ax_good(void) {
  return ax_sys(SPCONV_DIRECTION_FORWARD, SPCONV_DIRECTION_LEFT, SPCONV_DIRECTION_UP);
}
static spconv_axis_system ax_dup(void) { /* not a permutation */
  return ax_sys(SPCONV_DIRECTION_FORWARD, SPCONV_DIRECTION_BACK, SPCONV_DIRECTION_UP);
}
static spconv_axis_system ax_out(void) {
  return ax_sys(SPCONV_DIRECTION_FORWARD, SPCONV_DIRECTION_LEFT, (spconv_direction)6);
}
static spconv_axis_system ax_neg(void) {
  return ax_sys((spconv_direction)-1, SPCONV_DIRECTION_LEFT, SPCONV_DIRECTION_UP);
}

static int ax_same_system(spconv_axis_system a, spconv_axis_system b) {
  return a.x == b.x && a.y == b.y && a.z == b.z;
}

/* ======================================================= Blender's table */

/* Golden values of bpy_extras.io_utils.axis_conversion. The first six are
   entries of Blender's _axis_convert_lut decoded by hand (a key packs
   from_forward | from_up << 3 | to_forward << 6 | to_up << 9 with X..-Z =
   0..5) and the matrix _axis_convert_matrix[i] it selects (rows):
     0x351 (Y, Z, -Z, Y)  -> [21] ((1,0,0),(0,0,1),(0,-1,0))
     0x291 (Y, Z, Z, Y)   -> [2]  ((-1,0,0),(0,0,1),(0,1,0))
     0x8C8 (X, Y, -X, -Y) -> [0]  ((-1,0,0),(0,-1,0),(0,0,1))
     0x294 (-Y, Z, Z, Y)  -> [21]
     0x44D (-Z, Y, Y, Z)  -> [22] ((1,0,0),(0,0,-1),(0,1,0))
     0x22B (-X, -Z, X, Y) -> [1]  ((-1,0,0),(0,0,-1),(0,-1,0))
   The first is also the gist "Coordinate Space Axis Conversion Matrix from
   Blender" (atteneder) printout and the to_yup() matrix of Blender's glTF
   exporter (io_scene_gltf2 gltf2_blender_math.py): p -> (x, z, -y). */
static void test_axis_conversion_golden(void **state) {
  static const struct {
    int ff, fu, tf, tu;
    spconv_real m[9];
  } cases[] = {
      {1, 2, 5, 1, {1, 0, 0, 0, 0, 1, 0, -1, 0}},
      {1, 2, 2, 1, {-1, 0, 0, 0, 0, 1, 0, 1, 0}},
      {0, 1, 3, 4, {-1, 0, 0, 0, -1, 0, 0, 0, 1}},
      {4, 2, 2, 1, {1, 0, 0, 0, 0, 1, 0, -1, 0}},
      {5, 1, 1, 2, {1, 0, 0, 0, 0, -1, 0, 1, 0}},
      {3, 5, 0, 1, {-1, 0, 0, 0, 0, -1, 0, -1, 0}},
  };
  size_t i;
  (void)state;
  for (i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    spconv_real M[9];
    assert_int_equal(spconv_axis_conversion(M, (spconv_signed_axis)cases[i].ff,
                                            (spconv_signed_axis)cases[i].fu,
                                            (spconv_signed_axis)cases[i].tf,
                                            (spconv_signed_axis)cases[i].tu),
                     SPCONV_OK);
    EXPECT_VEC_EQUAL(M, cases[i].m, 9);
  }
  { /* Blender -> glTF as the exporter does it: p = (1, 2, 3) -> (1, 3, -2) */
    spconv_real M[9], p[3] = {1, 2, 3}, want[3] = {1, 3, -2}, r[3];
    assert_int_equal(spconv_axis_conversion(M, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Z, SPCONV_AXIS_NEG_Z, SPCONV_AXIS_POS_Y), SPCONV_OK);
    spconv_vec_change_axes(r, M, p);
    EXPECT_VEC_EQUAL(r, want, 3);
    /* the brief's (forward Y, up Z) -> (forward Z, up Y) is a different map:
       M y = z, M z = y, M x = M (y x z) = z x y = -x: (x, y, z) -> (-x, z, y) */
    {
      spconv_real w2[3] = {-1, 3, 2};
      assert_int_equal(spconv_axis_conversion(M, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Z, SPCONV_AXIS_POS_Z, SPCONV_AXIS_POS_Y), SPCONV_OK);
      spconv_vec_change_axes(r, M, p);
      EXPECT_VEC_EQUAL(r, w2, 3);
    }
  }
}

/* Every combination: valid ones give the proper rotation mapping forward to
   forward and up to up (identity when equal); parallel ones are EINVAL and
   leave res untouched. */
static void test_axis_conversion_all(void **state) {
  int ff, fu, tf, tu, nvalid = 0;
  (void)state;
  for (ff = 0; ff < 6; ++ff)
    for (fu = 0; fu < 6; ++fu)
      for (tf = 0; tf < 6; ++tf)
        for (tu = 0; tu < 6; ++tu) {
          spconv_real M[9] = {7, 7, 7, 7, 7, 7, 7, 7, 7}, untouched[9] = {7, 7, 7, 7, 7, 7, 7, 7, 7};
          spconv_real f0[3], u0[3], f1[3], u1[3], r[3];
          int st = spconv_axis_conversion(M, (spconv_signed_axis)ff, (spconv_signed_axis)fu,
                                          (spconv_signed_axis)tf, (spconv_signed_axis)tu);
          if (ff % 3 == fu % 3 || tf % 3 == tu % 3) {
            assert_int_equal(st, SPCONV_EINVAL);
            EXPECT_VEC_EQUAL(M, untouched, 9);
            continue;
          }
          assert_int_equal(st, SPCONV_OK);
          ++nvalid;
          assert_true(test_det3(M) == 1);
          assert_int_equal(spconv_vec_from_signed_axis(f0, (spconv_signed_axis)ff), SPCONV_OK);
          assert_int_equal(spconv_vec_from_signed_axis(u0, (spconv_signed_axis)fu), SPCONV_OK);
          assert_int_equal(spconv_vec_from_signed_axis(f1, (spconv_signed_axis)tf), SPCONV_OK);
          assert_int_equal(spconv_vec_from_signed_axis(u1, (spconv_signed_axis)tu), SPCONV_OK);
          test_mat_vec(r, M, f0);
          EXPECT_VEC_EQUAL(r, f1, 3);
          test_mat_vec(r, M, u0);
          EXPECT_VEC_EQUAL(r, u1, 3);
          if (ff == tf && fu == tu) {
            spconv_real I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
            EXPECT_VEC_EQUAL(M, I, 9);
          }
        }
  assert_int_equal(nvalid, 576);
}

/* ======================================================== presets, golden */

static void test_axis_preset_matrix_golden(void **state) {
  spconv_real M[9], r[4];
  (void)state;
  { /* Blender -> glTF: p' = (x, z, -y), q_wxyz' = (w, x, z, -y) */
    spconv_real p[3] = {1, 2, 3}, wp[3] = {1, 3, -2};
    spconv_real q[4] = {(spconv_real)0.5, (spconv_real)0.1, (spconv_real)-0.7, (spconv_real)0.3};
    spconv_real wq[4] = {(spconv_real)0.5, (spconv_real)0.1, (spconv_real)0.3, (spconv_real)0.7};
    spconv_real G[9];
    ax_preset_matrix(M, SPCONV_AXIS_PRESET_BLENDER, SPCONV_AXIS_PRESET_GLTF);
    spconv_vec_change_axes(r, M, p);
    EXPECT_VEC_EQUAL(r, wp, 3);
    spconv_quat_wxyz_change_axes(r, M, q);
    EXPECT_VEC_EQUAL(r, wq, 4);
    /* and it is Blender's exporter matrix */
    assert_int_equal(spconv_axis_conversion(G, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Z, SPCONV_AXIS_NEG_Z, SPCONV_AXIS_POS_Y), SPCONV_OK);
    EXPECT_VEC_EQUAL(M, G, 9);
  }
  { /* Blender's glTF importer and Genesis, glTF (Y up) -> Z up: (x, -z, y) */
    spconv_real p[3] = {1, 2, 3}, wp[3] = {1, -3, 2}, U[9], A[9];
    ax_preset_matrix(M, SPCONV_AXIS_PRESET_GLTF, SPCONV_AXIS_PRESET_BLENDER);
    spconv_vec_change_axes(r, M, p);
    EXPECT_VEC_EQUAL(r, wp, 3);
    assert_int_equal(spconv_up_axis_matrix(U, SPCONV_AXIS_Y, SPCONV_AXIS_Z), SPCONV_OK);
    EXPECT_VEC_EQUAL(M, U, 9);
    assert_int_equal(spconv_asset_import_matrix(A, SPCONV_ASSET_GLTF, 0), SPCONV_OK);
    EXPECT_VEC_EQUAL(A, U, 9);
    ax_preset_matrix(M, SPCONV_AXIS_PRESET_USD_Y_UP, SPCONV_AXIS_PRESET_USD_Z_UP);
    EXPECT_VEC_EQUAL(M, U, 9);
  }
  { /* Unity (RUF, left-handed) -> ROS FLU: p' = (z, -x, y),
       q_xyzw' = (z, -x, y, -w) up to sign, w' = -(z, -x, y) */
    spconv_real p[3] = {1, 2, 3}, wp[3] = {3, -1, 2};
    spconv_real q[4] = {(spconv_real)0.1, (spconv_real)0.2, (spconv_real)0.3, (spconv_real)0.9};
    spconv_real wq[4] = {(spconv_real)0.3, (spconv_real)-0.1, (spconv_real)0.2, (spconv_real)-0.9};
    spconv_real w[3] = {4, 5, 6}, ww[3] = {-6, 4, -5};
    ax_preset_matrix(M, SPCONV_AXIS_PRESET_UNITY, SPCONV_AXIS_PRESET_ROS_FLU);
    assert_true(test_det3(M) == -1);
    spconv_vec_change_axes(r, M, p);
    EXPECT_VEC_EQUAL(r, wp, 3);
    spconv_quat_xyzw_change_axes(r, M, q);
    { /* q and -q are the same rotation: compare with the sign that matches */
      int i;
      for (i = 0; i < 4; ++i) r[i] = -r[i];
    }
    EXPECT_VEC_EQUAL(r, wq, 4);
    spconv_pseudovec_change_axes(r, M, w);
    EXPECT_VEC_EQUAL(r, ww, 3);
  }
  { /* Assimp aiProcess_MakeLeftHanded: p' = (x, y, -z), q_xyzw' = (-x, -y, z, w);
       OpenGL camera space (right-handed) -> Unity (left-handed) */
    spconv_real p[3] = {1, 2, 3}, wp[3] = {1, 2, -3};
    spconv_real q[4] = {(spconv_real)0.1, (spconv_real)0.2, (spconv_real)0.3, (spconv_real)0.9};
    spconv_real wq[4] = {(spconv_real)-0.1, (spconv_real)-0.2, (spconv_real)0.3, (spconv_real)0.9};
    ax_preset_matrix(M, SPCONV_AXIS_PRESET_OPENGL_CAMERA, SPCONV_AXIS_PRESET_UNITY);
    spconv_vec_change_axes(r, M, p);
    EXPECT_VEC_EQUAL(r, wp, 3);
    spconv_quat_xyzw_change_axes(r, M, q);
    EXPECT_VEC_EQUAL(r, wq, 4);
  }
  { /* REP-103: ENU -> NED (y, x, -z); FLU -> FRD (x, -y, -z);
       body FLU -> optical (z forward, x right, y down): (-y, -z, x);
       Unreal (FRU, left-handed) -> FLU (x, -y, z) */
    spconv_real p[3] = {1, 2, 3};
    spconv_real ned[3] = {2, 1, -3}, frd[3] = {1, -2, -3}, opt[3] = {-2, -3, 1}, ue[3] = {1, -2, 3};
    ax_preset_matrix(M, SPCONV_AXIS_PRESET_ROS_ENU, SPCONV_AXIS_PRESET_NED);
    spconv_vec_change_axes(r, M, p);
    EXPECT_VEC_EQUAL(r, ned, 3);
    ax_preset_matrix(M, SPCONV_AXIS_PRESET_ROS_FLU, SPCONV_AXIS_PRESET_FRD);
    spconv_vec_change_axes(r, M, p);
    EXPECT_VEC_EQUAL(r, frd, 3);
    ax_preset_matrix(M, SPCONV_AXIS_PRESET_ROS_FLU, SPCONV_AXIS_PRESET_ROS_OPTICAL);
    spconv_vec_change_axes(r, M, p);
    EXPECT_VEC_EQUAL(r, opt, 3);
    ax_preset_matrix(M, SPCONV_AXIS_PRESET_UNREAL, SPCONV_AXIS_PRESET_ROS_FLU);
    spconv_vec_change_axes(r, M, p);
    EXPECT_VEC_EQUAL(r, ue, 3);
  }
}

/* Handedness: of the presets only Unity and Unreal are left-handed; half
   of the 48 systems are right-handed; invalid systems are EINVAL. */
static void test_axis_system_is_right_handed(void **state) {
  int p, a, nrh = 0;
  (void)state;
  for (p = 0; p < (int)SPCONV_AXIS_PRESET_COUNT; ++p) {
    int lh = TEST_AXIS_PRESET(p) == SPCONV_AXIS_PRESET_UNITY ||
             TEST_AXIS_PRESET(p) == SPCONV_AXIS_PRESET_UNREAL;
    assert_int_equal(spconv_axis_system_is_right_handed(ax_preset(TEST_AXIS_PRESET(p))),
                     lh ? 0 : 1);
  }
  assert_int_equal(ax_count_systems(), 48);
  for (a = 0; a < 48; ++a) nrh += spconv_axis_system_is_right_handed(ax_all[a]);
  assert_int_equal(nrh, 24);
  assert_int_equal(spconv_axis_system_is_right_handed(ax_dup()), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_system_is_right_handed(ax_neg()), SPCONV_EINVAL);
}

/* Blender's own words: "Y forward, Z up" (the front-view look direction),
   right-handed -> {RIGHT, FORWARD, UP}; a view-reading of Blender and the
   facing-reading preset give the same Blender -> glTF matrix when glTF is
   read the same way (OpenGL camera: -Z forward, Y up). */
static void test_axis_system_from_forward_up_golden(void **state) {
  spconv_axis_system s = ax_sys(SPCONV_DIRECTION_DOWN, SPCONV_DIRECTION_DOWN, SPCONV_DIRECTION_DOWN), g = s;
  spconv_real A[9], B[9];
  (void)state;
  assert_int_equal(spconv_axis_system_from_forward_up(&s, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Z, 1), SPCONV_OK);
  assert_true(s.x == SPCONV_DIRECTION_RIGHT && s.y == SPCONV_DIRECTION_FORWARD && s.z == SPCONV_DIRECTION_UP);
  assert_int_equal(spconv_axis_system_from_forward_up(&g, SPCONV_AXIS_NEG_Z, SPCONV_AXIS_POS_Y, 1), SPCONV_OK);
  assert_int_equal(spconv_axis_system_matrix(A, s, g), SPCONV_OK);
  ax_preset_matrix(B, SPCONV_AXIS_PRESET_BLENDER, SPCONV_AXIS_PRESET_GLTF);
  EXPECT_VEC_EQUAL(A, B, 9);
  /* left-handed variant: Unity is "Z forward, Y up" left-handed */
  assert_int_equal(spconv_axis_system_from_forward_up(&s, SPCONV_AXIS_POS_Z, SPCONV_AXIS_POS_Y, 0), SPCONV_OK);
  g = ax_preset(SPCONV_AXIS_PRESET_UNITY);
  assert_true(s.x == g.x && s.y == g.y && s.z == g.z);
}

/* ================================================== all 48 x 48 systems */

static void test_axis_system_matrix_all_pairs(void **state) {
  int a, b, c;
  static spconv_real Ms[48][48][9];
  (void)state;
  assert_int_equal(ax_count_systems(), 48);
  for (a = 0; a < 48; ++a)
    for (b = 0; b < 48; ++b) {
      spconv_real *M = Ms[a][b];
      int i, j, ha = spconv_axis_system_is_right_handed(ax_all[a]);
      int hb = spconv_axis_system_is_right_handed(ax_all[b]);
      assert_int_equal(spconv_axis_system_matrix(M, ax_all[a], ax_all[b]), SPCONV_OK);
      /* a signed permutation: one +-1 per row and per column, exact */
      for (i = 0; i < 3; ++i) {
        int nr = 0, nc = 0;
        for (j = 0; j < 3; ++j) {
          assert_true(M[3 * i + j] == 0 || M[3 * i + j] == 1 || M[3 * i + j] == -1);
          nr += M[3 * i + j] != 0;
          nc += M[3 * j + i] != 0;
        }
        assert_int_equal(nr, 1);
        assert_int_equal(nc, 1);
      }
      assert_true(test_det3(M) == (ha == hb ? 1 : -1));
      /* the semantic direction of each b-axis, seen in a's coordinates, is right */
      for (i = 0; i < 3; ++i) {
        spconv_real e[3] = {0, 0, 0}, v[3], s = 0;
        int d = i == 0 ? (int)ax_all[b].x : (i == 1 ? (int)ax_all[b].y : (int)ax_all[b].z);
        e[i] = 1; /* b's axis i, in b coordinates; M^T brings it to a */
        {
          spconv_real Mt[9];
          spconv_mat_transpose(Mt, M);
          spconv_vec_change_axes(v, Mt, e);
        }
        for (j = 0; j < 3; ++j) {
          int da = j == 0 ? (int)ax_all[a].x : (j == 1 ? (int)ax_all[a].y : (int)ax_all[a].z);
          if (da % 3 == d % 3) s = v[j] * (da < 3 ? 1 : -1) * (d < 3 ? 1 : -1);
        }
        assert_true(s == 1);
      }
    }
  for (a = 0; a < 48; ++a)
    for (b = 0; b < 48; ++b) {
      spconv_real R[9], I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, T[9];
      /* round trip exact, and the inverse is the transpose */
      spconv_mat_mul(R, Ms[b][a], Ms[a][b]);
      EXPECT_VEC_EQUAL(R, I, 9);
      spconv_mat_transpose(T, Ms[a][b]);
      EXPECT_VEC_EQUAL(T, Ms[b][a], 9);
      /* A -> B -> C equals A -> C */
      for (c = 0; c < 48; ++c) {
        spconv_mat_mul(R, Ms[b][c], Ms[a][b]);
        EXPECT_VEC_EQUAL(R, Ms[a][c], 9);
      }
    }
}

/* the system reached through the matrix of a -> b is b */
static void test_axis_system_from_matrix_all_pairs(void **state) {
  int a, b;
  (void)state;
  assert_int_equal(ax_count_systems(), 48);
  for (a = 0; a < 48; ++a)
    for (b = 0; b < 48; ++b) {
      spconv_real M[9] = {0};
      spconv_axis_system back = ax_sys(SPCONV_DIRECTION_DOWN, SPCONV_DIRECTION_DOWN, SPCONV_DIRECTION_DOWN);
      assert_int_equal(spconv_axis_system_matrix(M, ax_all[a], ax_all[b]), SPCONV_OK);
      assert_int_equal(spconv_axis_system_from_matrix(&back, M, ax_all[a]), SPCONV_OK);
      assert_true(back.x == ax_all[b].x && back.y == ax_all[b].y && back.z == ax_all[b].z);
    }
}

/* Physics survives every change of axes: v = w x r, power, rotated vectors,
   rotation matrices, poses, inertia (L = I w, kinetic energy), scale. One
   test per quantity; all draw the same inputs (ax_physics_draw), 5 for each
   of the 48 x 48 changes of axes. */
typedef struct ax_physics_case {
  spconv_real w[3], r[3], F[6], V[6], q[4], u[3], pose[7], x[3], A[9], s[3], cc[3];
} ax_physics_case;

static void ax_physics_draw(ax_physics_case *c) {
  int i;
  test_rand_vec(c->w, 3, 5.0);
  test_rand_vec(c->r, 3, 5.0);
  test_rand_vec(c->F, 6, 10.0);
  test_rand_vec(c->V, 6, 10.0);
  test_rand_quat(c->q);
  test_rand_vec(c->u, 3, 3.0);
  test_rand_vec(c->pose, 3, 5.0);
  for (i = 0; i < 4; ++i) c->pose[3 + i] = c->q[i];
  test_rand_vec(c->x, 3, 2.0);
  test_rand_vec(c->A, 9, 2.0);
  for (i = 0; i < 3; ++i) c->s[i] = (spconv_real)test_uniform(0.1, 3.0);
  test_rand_vec(c->cc, 3, 1.0);
}

typedef void (*ax_physics_check)(const spconv_real M[9], const ax_physics_case *c);

static void ax_for_all_systems(ax_physics_check check) {
  int a, b, n;
  assert_int_equal(ax_count_systems(), 48);
  test_seed(401);
  for (a = 0; a < 48; ++a)
    for (b = 0; b < 48; ++b) {
      spconv_real M[9] = {0}; /* initialised: gcc -O3 -Wmaybe-uninitialized */
      assert_int_equal(spconv_axis_system_matrix(M, ax_all[a], ax_all[b]), SPCONV_OK);
      for (n = 0; n < 5; ++n) {
        ax_physics_case c;
        ax_physics_draw(&c);
        check(M, &c);
      }
    }
}

/* a point at r on a body spinning with w about the origin: v = w x r */
static int ax_nimproper;
static void check_vec_pseudovec(const spconv_real M[9], const ax_physics_case *c) {
  spconv_real v[3], w2[3], r2[3], v2[3], x[3];
  int i;
  test_cross(v, c->w, c->r);
  spconv_pseudovec_change_axes(w2, M, c->w);
  spconv_vec_change_axes(r2, M, c->r);
  spconv_vec_change_axes(v2, M, v);
  test_cross(x, w2, r2);
  EXPECT_VEC_NEAR(v2, x, 3, TEST_TOL);
  if (test_det3(M) < 0) { /* the check bites: without the det factor it fails */
    spconv_real wn[3], xn[3];
    test_mat_vec(wn, M, c->w);
    test_cross(xn, wn, r2);
    for (i = 0; i < 3; ++i) xn[i] = -xn[i];
    EXPECT_VEC_NEAR(v2, xn, 3, TEST_TOL);
    ++ax_nimproper;
  }
}

static void test_vec_pseudovec_change_axes_all_systems(void **state) {
  (void)state;
  ax_nimproper = 0;
  ax_for_all_systems(check_vec_pseudovec);
  assert_int_equal(ax_nimproper, 48 * 24 * 5);
}

/* power of a wrench on a twist */
static void check_spatial(const spconv_real M[9], const ax_physics_case *c) {
  spconv_real F2[6], V2[6];
  spconv_spatial_change_axes(F2, M, c->F);
  spconv_spatial_change_axes(V2, M, c->V);
  EXPECT_NEAR(spconv_power(F2, V2), spconv_power(c->F, c->V), TEST_TOL,
              test_power_scale(c->F, c->V));
}

TEST_RUN(test_spatial_change_axes_all_systems, ax_for_all_systems(check_spatial))

/* a quaternion-rotated vector: rotate(q', M u) = M rotate(q, u); the xyzw
   form is the same rule */
static void check_quat(const spconv_real M[9], const ax_physics_case *c) {
  spconv_real q2[4], qu[3], a1[3], a2[3], Mu[3], qx[4], qx2[4], back[4];
  spconv_quat_rotate_wxyz(qu, c->q, c->u);
  spconv_vec_change_axes(a1, M, qu);
  spconv_quat_wxyz_change_axes(q2, M, c->q);
  spconv_vec_change_axes(Mu, M, c->u);
  spconv_quat_rotate_wxyz(a2, q2, Mu);
  EXPECT_VEC_NEAR(a2, a1, 3, TEST_TOL);
  spconv_quat_xyzw_from_wxyz(qx, c->q);
  spconv_quat_xyzw_change_axes(qx2, M, qx);
  spconv_quat_wxyz_from_xyzw(back, qx2);
  EXPECT_VEC_EQUAL(back, q2, 4);
}

TEST_RUN(test_quat_change_axes_all_systems, ax_for_all_systems(check_quat))

/* rotation matrices: M R M^T is the matrix of the converted quaternion */
static void check_mat(const spconv_real M[9], const ax_physics_case *c) {
  spconv_real q2[4], R[9], R2[9], Rq2[9];
  spconv_quat_wxyz_change_axes(q2, M, c->q);
  test_mat_of_quat(R, c->q);
  spconv_mat_change_axes(R2, M, R);
  test_mat_of_quat(Rq2, q2);
  EXPECT_VEC_NEAR(R2, Rq2, 9, TEST_TOL);
  assert_true(test_det3(R2) > 0);
}

TEST_RUN(test_mat_change_axes_all_systems, ax_for_all_systems(check_mat))

/* poses: the world point p + R x maps to p' + R' (M x); the xyzw layout
   gives the same pose */
static void check_pose(const spconv_real M[9], const ax_physics_case *c) {
  spconv_real pose2[7], pw[3], pw2[3], Rx[3], Mu[3], px[7], px2[7], qb[4];
  int i;
  spconv_quat_rotate_wxyz(Rx, c->q, c->x);
  for (i = 0; i < 3; ++i) pw[i] = c->pose[i] + Rx[i];
  spconv_vec_change_axes(pw, M, pw);
  spconv_pose_wxyz_change_axes(pose2, M, c->pose);
  spconv_vec_change_axes(Mu, M, c->x);
  spconv_quat_rotate_wxyz(Rx, pose2 + 3, Mu);
  for (i = 0; i < 3; ++i) pw2[i] = pose2[i] + Rx[i];
  EXPECT_VEC_NEAR(pw2, pw, 3, TEST_TOL);
  for (i = 0; i < 3; ++i) px[i] = c->pose[i];
  spconv_quat_xyzw_from_wxyz(px + 3, c->pose + 3);
  spconv_pose_xyzw_change_axes(px2, M, px);
  EXPECT_VEC_EQUAL(px2, pose2, 3);
  spconv_quat_wxyz_from_xyzw(qb, px2 + 3);
  EXPECT_VEC_EQUAL(qb, pose2 + 3, 4);
}

TEST_RUN(test_pose_change_axes_all_systems, ax_for_all_systems(check_pose))

/* inertia: a random SPD tensor I = A A^T; L = I w is a pseudovector, and
   the kinetic energy w . I w is unchanged */
static void check_inertia(const spconv_real M[9], const ax_physics_case *c) {
  spconv_real At[9], I[9], I2[9], w2[3], L[3], L2[3], Iw2[3];
  int i;
  for (i = 0; i < 9; ++i) At[i] = c->A[3 * (i % 3) + i / 3];
  test_mat_mul(I, c->A, At);
  spconv_inertia_change_axes(I2, M, I);
  spconv_pseudovec_change_axes(w2, M, c->w);
  test_mat_vec(L, I, c->w);
  spconv_pseudovec_change_axes(L2, M, L);
  test_mat_vec(Iw2, I2, w2);
  EXPECT_VEC_NEAR(Iw2, L2, 3, TEST_TOL);
  EXPECT_NEAR(ax_dot(w2, Iw2), ax_dot(c->w, L), TEST_TOL, fabs(ax_dot(c->w, L)) + 1.0);
}

TEST_RUN(test_inertia_change_axes_all_systems, ax_for_all_systems(check_inertia))

/* scale: the scaled point s (.) c maps to s' (.) (M c), s' >= 0 */
static void check_scale(const spconv_real M[9], const ax_physics_case *c) {
  spconv_real s2[3], sc[3], Msc[3], Mc[3], want[3];
  int i;
  spconv_scale_change_axes(s2, M, c->s);
  for (i = 0; i < 3; ++i) {
    assert_true(s2[i] > 0);
    sc[i] = c->s[i] * c->cc[i];
  }
  spconv_vec_change_axes(Msc, M, sc);
  spconv_vec_change_axes(Mc, M, c->cc);
  for (i = 0; i < 3; ++i) want[i] = s2[i] * Mc[i];
  EXPECT_VEC_NEAR(Msc, want, 3, TEST_TOL);
}

TEST_RUN(test_scale_change_axes_all_systems, ax_for_all_systems(check_scale))

/* ================================================================= units */

static void test_length_scale(void **state) {
  spconv_real k, bad = 5;
  (void)state;
  assert_int_equal(spconv_length_scale(&k, 1, (spconv_real)0.01), SPCONV_OK); /* m -> cm */
  EXPECT_NEAR(k, 100.0, TEST_TOL, 100.0);
  assert_int_equal(spconv_length_scale(&k, (spconv_real)SPCONV_USD_METERS_PER_UNIT_FALLBACK, 1),
                   SPCONV_OK); /* an unauthored USD stage is in cm */
  EXPECT_NEAR(k, 0.01, TEST_TOL, 1.0);
  assert_int_equal(spconv_length_scale(&k, (spconv_real)0.0254, (spconv_real)0.01), SPCONV_OK);
  EXPECT_NEAR(k, 2.54, TEST_TOL, 2.54); /* inches -> cm */
  assert_int_equal(spconv_length_scale(&bad, 0, 1), SPCONV_EINVAL);
  assert_int_equal(spconv_length_scale(&bad, 1, -1), SPCONV_EINVAL);
  assert_int_equal(spconv_length_scale(&bad, (spconv_real)INFINITY, 1), SPCONV_EINVAL);
  assert_int_equal(spconv_length_scale(&bad, 1, (spconv_real)NAN), SPCONV_EINVAL);
  assert_true(bad == 5);
}

/* A USD stage into a world: an unauthored stage (centimetres, Y up) read
   into MuJoCo (metres, Z up) maps (x, y, z) to (x, -z, y) / 100; a Z-up
   stage in metres into a Y-up world in centimetres maps (x, y, z) to
   100 (x, z, -y); the result is k times a proper rotation taking the
   stage's up axis to to_up. X is no stage up axis; bad scales and axes are
   refused with res untouched. */
static void test_usd_stage_matrix(void **state) {
  const spconv_real cm_y_to_m_z[9] = {(spconv_real)0.01, 0, 0, 0, 0, (spconv_real)-0.01, 0, (spconv_real)0.01, 0};
  const spconv_real m_z_to_cm_y[9] = {100, 0, 0, 0, 0, 100, 0, -100, 0};
  spconv_real M[9], R[9], up[3], e_up[3] = {0, 0, 0}, bad[9] = {9, 9, 9, 9, 9, 9, 9, 9, 9};
  const spconv_real nines[9] = {9, 9, 9, 9, 9, 9, 9, 9, 9};
  int from, to, i;
  (void)state;
  assert_int_equal(spconv_usd_stage_matrix(M, (spconv_real)SPCONV_USD_METERS_PER_UNIT_FALLBACK,
                                           SPCONV_AXIS_Y, 1, SPCONV_AXIS_Z), SPCONV_OK);
  EXPECT_VEC_NEAR(M, cm_y_to_m_z, 9, TEST_TOL);
  assert_int_equal(spconv_usd_stage_matrix(M, 1, SPCONV_AXIS_Z, (spconv_real)0.01, SPCONV_AXIS_Y), SPCONV_OK);
  EXPECT_VEC_NEAR(M, m_z_to_cm_y, 9, TEST_TOL);
  for (from = 1; from < 3; ++from)
    for (to = 0; to < 3; ++to) {
      spconv_real ef[3] = {0, 0, 0};
      assert_int_equal(spconv_usd_stage_matrix(M, (spconv_real)0.0254, (spconv_axis)from, (spconv_real)0.01, (spconv_axis)to),
                       SPCONV_OK);
      for (i = 0; i < 9; ++i) R[i] = M[i] / (spconv_real)2.54;
      EXPECT_NEAR(test_det3(R), 1.0, TEST_TOL, 1.0);
      ef[from] = 1;
      test_mat_vec(up, R, ef);
      for (i = 0; i < 3; ++i) e_up[i] = i == to ? 1 : 0;
      EXPECT_VEC_NEAR(up, e_up, 3, TEST_TOL);
    }
  assert_int_equal(spconv_usd_stage_matrix(bad, 1, SPCONV_AXIS_X, 1, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_usd_stage_matrix(bad, 1, (spconv_axis)3, 1, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_usd_stage_matrix(bad, 1, SPCONV_AXIS_Y, 1, (spconv_axis)7), SPCONV_EINVAL);
  assert_int_equal(spconv_usd_stage_matrix(bad, 0, SPCONV_AXIS_Y, 1, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_usd_stage_matrix(bad, 1, SPCONV_AXIS_Y, (spconv_real)NAN, SPCONV_AXIS_Z),
                   SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(bad, nines, 9);
}

/* the inputs of one length-unit case, drawn in one sequence: a factor k in
   10^U(-2, 2), a twist, a wrench and a pose, and the pose in the new unit */
typedef struct ax_unit_case {
  spconv_real k, V[6], F[6], pose[7], pose2[7];
} ax_unit_case;

static void ax_unit_draw(ax_unit_case *c) {
  c->k = (spconv_real)pow(10.0, test_uniform(-2.0, 2.0));
  test_rand_vec(c->V, 6, 10.0);
  test_rand_vec(c->F, 6, 10.0);
  test_rand_vec(c->pose, 7, 3.0);
  spconv_pose_change_length_unit(c->pose2, c->pose, c->k);
}

static void test_twist_wrench_change_length_unit(void **state) {
  int n;
  (void)state;
  test_seed(402);
  for (n = 0; n < TEST_CASES; ++n) {
    ax_unit_case c;
    spconv_real V2[6], F2[6], r[3], f[3], tau[3], back[6], rk[3], vk[3], k;
    int i;
    ax_unit_draw(&c);
    k = c.k;
    spconv_twist_change_length_unit(V2, c.V, k);
    spconv_wrench_change_length_unit(F2, c.F, k);
    /* power scales like energy, k^2 */
    EXPECT_NEAR(spconv_power(F2, V2), (double)k * (double)k * (double)spconv_power(c.F, c.V),
                TEST_TOL, (double)k * (double)k * test_power_scale(c.F, c.V));
    /* the rigid velocity field: v = w x r keeps holding with r scaled by k */
    for (i = 0; i < 3; ++i) r[i] = c.pose[i];
    test_cross(vk, c.V + 3, r);
    for (i = 0; i < 3; ++i) c.V[i] = vk[i];
    spconv_twist_change_length_unit(V2, c.V, k);
    test_cross(rk, V2 + 3, c.pose2);
    EXPECT_VEC_NEAR(V2, rk, 3, TEST_TOL);
    /* torque = r x f gains one more length */
    for (i = 0; i < 3; ++i) f[i] = c.F[i];
    test_cross(tau, r, f);
    for (i = 0; i < 3; ++i) c.F[3 + i] = tau[i];
    spconv_wrench_change_length_unit(F2, c.F, k);
    test_cross(tau, c.pose2, F2);
    EXPECT_VEC_NEAR(F2 + 3, tau, 3, TEST_TOL);
    /* round trip */
    spconv_wrench_change_length_unit(back, F2, 1 / k);
    EXPECT_VEC_NEAR(back, c.F, 6, TEST_TOL);
  }
}

/* a pose's orientation does not change with the length unit (its position
   is checked through the rigid-field and inertia tests) */
static void test_pose_change_length_unit(void **state) {
  int n;
  (void)state;
  test_seed(402);
  for (n = 0; n < TEST_CASES; ++n) {
    ax_unit_case c;
    ax_unit_draw(&c);
    EXPECT_VEC_EQUAL(c.pose2 + 3, c.pose + 3, 4);
  }
}

/* point-mass inertia m (|r|^2 1 - r r^T): mass unchanged, r scaled */
static void test_inertia_change_length_unit(void **state) {
  int n;
  (void)state;
  test_seed(402);
  for (n = 0; n < TEST_CASES; ++n) {
    ax_unit_case c;
    spconv_real Ip[9], Ip2[9], Ik[9];
    const spconv_real *r = c.pose, *r2 = c.pose2;
    int i, j;
    ax_unit_draw(&c);
    for (i = 0; i < 3; ++i)
      for (j = 0; j < 3; ++j) {
        Ip[3 * i + j] = (spconv_real)2.5 * ((i == j ? r[0] * r[0] + r[1] * r[1] + r[2] * r[2] : 0) - r[i] * r[j]);
        Ip2[3 * i + j] = (spconv_real)2.5 * ((i == j ? r2[0] * r2[0] + r2[1] * r2[1] + r2[2] * r2[2] : 0) - r2[i] * r2[j]);
      }
    spconv_inertia_change_length_unit(Ik, Ip, c.k);
    EXPECT_VEC_NEAR(Ik, Ip2, 9, TEST_TOL);
  }
}

/* =============================================================== gravity */

static void test_gravity_signed(void **state) {
  int a;
  spconv_real g[3], u[3] = {5, 5, 5}, keep[3] = {5, 5, 5};
  (void)state;
  for (a = 0; a < 6; ++a) {
    spconv_real want[3] = {0, 0, 0};
    want[a % 3] = a < 3 ? (spconv_real)-9.81 : (spconv_real)9.81;
    assert_int_equal(spconv_gravity_signed(g, (spconv_signed_axis)a, (spconv_real)9.81), SPCONV_OK);
    EXPECT_VEC_EQUAL(g, want, 3);
    if (a < 3) { /* agrees with the unsigned form */
      spconv_real g2[3];
      assert_int_equal(spconv_gravity(g2, (spconv_axis)a, (spconv_real)9.81), SPCONV_OK);
      EXPECT_VEC_EQUAL(g, g2, 3);
    }
  }
  assert_int_equal(spconv_gravity_signed(u, (spconv_signed_axis)6, 1), SPCONV_EINVAL);
  assert_int_equal(spconv_gravity_signed(u, (spconv_signed_axis)-1, 1), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(u, keep, 3);
  { /* gravity is a polar vector: converting it equals asking the other system */
    spconv_real M[9], gz[3], gy[3];
    ax_preset_matrix(M, SPCONV_AXIS_PRESET_GLTF, SPCONV_AXIS_PRESET_MUJOCO);
    assert_int_equal(spconv_gravity_signed(gy, SPCONV_AXIS_POS_Y, 9), SPCONV_OK);
    spconv_vec_change_axes(gy, M, gy);
    assert_int_equal(spconv_gravity_signed(gz, SPCONV_AXIS_POS_Z, 9), SPCONV_OK);
    EXPECT_VEC_EQUAL(gy, gz, 3);
    ax_preset_matrix(M, SPCONV_AXIS_PRESET_ROS_FLU, SPCONV_AXIS_PRESET_ROS_OPTICAL);
    assert_int_equal(spconv_gravity_signed(gz, SPCONV_AXIS_POS_Z, 9), SPCONV_OK);
    spconv_vec_change_axes(gz, M, gz);
    assert_int_equal(spconv_gravity_signed(gy, SPCONV_AXIS_NEG_Y, 9), SPCONV_OK); /* optical frames are y down */
    EXPECT_VEC_EQUAL(gz, gy, 3);
  }
}

/* ================================================================ shapes */

static const spconv_shape_format ax_formats[4] = {SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_SHAPE_FORMAT_MUJOCO,
                                                  SPCONV_SHAPE_FORMAT_USD, SPCONV_SHAPE_FORMAT_PHYSX};

static void test_shape_convert_golden(void **state) {
  spconv_real s[3], q[4], R[9], e[3];
  (void)state;
  { /* a USD Cube of size 2 (its fallback) is a box of half-extents 1 */
    spconv_real cube[3] = {2, 2, 2}, want[3] = {1, 1, 1}, id[4] = {1, 0, 0, 0};
    assert_int_equal(spconv_shape_convert(s, q, cube, SPCONV_SHAPE_BOX, SPCONV_SHAPE_FORMAT_USD,
                                          SPCONV_AXIS_Z, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z),
                     SPCONV_OK);
    EXPECT_VEC_EQUAL(s, want, 3);
    EXPECT_VEC_EQUAL(q, id, 4);
  }
  { /* Newton box (1, 2, 3) -> USD edges (2, 4, 6); PhysX halfExtents the same */
    spconv_real h[3] = {1, 2, 3}, want[3] = {2, 4, 6};
    assert_int_equal(spconv_shape_convert(s, q, h, SPCONV_SHAPE_BOX, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z,
                         SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Y), SPCONV_OK);
    EXPECT_VEC_EQUAL(s, want, 3);
    assert_int_equal(spconv_shape_convert(s, q, h, SPCONV_SHAPE_BOX, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z,
                         SPCONV_SHAPE_FORMAT_PHYSX, SPCONV_AXIS_X), SPCONV_OK);
    EXPECT_VEC_EQUAL(s, h, 3);
  }
  { /* PhysX capsule (r 0.5, halfHeight 1) along X -> Newton (0.5, 1) along Z,
       turned so that the Newton axis (local Z) lies on the PhysX one (X) */
    spconv_real c[3] = {(spconv_real)0.5, 1, 0}, want[3] = {(spconv_real)0.5, 1, 0};
    spconv_real ez[3] = {0, 0, 1}, ex[3] = {1, 0, 0};
    spconv_real wq[4] = {(spconv_real)0.70710678118654752440, 0, (spconv_real)0.70710678118654752440, 0};
    assert_int_equal(spconv_shape_convert(s, q, c, SPCONV_SHAPE_CAPSULE, SPCONV_SHAPE_FORMAT_PHYSX,
                                          SPCONV_AXIS_X, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z),
                     SPCONV_OK);
    EXPECT_VEC_EQUAL(s, want, 3);
    EXPECT_VEC_NEAR(q, wq, 4, TEST_TOL); /* +90 deg about Y */
    spconv_quat_rotate_wxyz(e, q, ez);
    EXPECT_VEC_NEAR(e, ex, 3, TEST_TOL);
    /* its total length 2 (r + h) = 3 */
    EXPECT_NEAR(2 * (s[0] + s[1]), 3.0, TEST_TOL, 3.0);
  }
  { /* USD capsule (r 1, height 2 = cylinder part) -> MuJoCo size (1, 1) */
    spconv_real c[3] = {1, 2, 0}, want[3] = {1, 1, 0};
    assert_int_equal(spconv_shape_convert(s, q, c, SPCONV_SHAPE_CAPSULE, SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Z,
                         SPCONV_SHAPE_FORMAT_MUJOCO, SPCONV_AXIS_Z), SPCONV_OK);
    EXPECT_VEC_EQUAL(s, want, 3);
  }
  { /* USD cylinder along Y (r 1, height 4) -> MuJoCo (1, 2), geom Z onto body Y */
    spconv_real c[3] = {1, 4, 0}, want[3] = {1, 2, 0}, ez[3] = {0, 0, 1}, ey[3] = {0, 1, 0};
    assert_int_equal(spconv_shape_convert(s, q, c, SPCONV_SHAPE_CYLINDER, SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Y,
                         SPCONV_SHAPE_FORMAT_MUJOCO, SPCONV_AXIS_Z), SPCONV_OK);
    EXPECT_VEC_EQUAL(s, want, 3);
    test_mat_of_quat(R, q);
    test_mat_vec(e, R, ez);
    EXPECT_VEC_NEAR(e, ey, 3, TEST_TOL);
  }
  { /* PhysX 5.5+ convex-core cone (r 1, height 2) along X -> Newton (1, 1)
       along Z, turned as the capsule above: its apex (+X) onto Newton's +Z;
       volume pi r^2 h / 3 = 2 pi / 3, COM a quarter height above the base */
    spconv_real c[3] = {1, 2, 0}, want[3] = {1, 1, 0}, ez[3] = {0, 0, 1}, ex[3] = {1, 0, 0}, v;
    spconv_real com[3], want_com[3] = {(spconv_real)-0.5, 0, 0};
    assert_int_equal(spconv_shape_convert(s, q, c, SPCONV_SHAPE_CONE, SPCONV_SHAPE_FORMAT_PHYSX,
                                          SPCONV_AXIS_X, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z),
                     SPCONV_OK);
    EXPECT_VEC_EQUAL(s, want, 3);
    spconv_quat_rotate_wxyz(e, q, ez);
    EXPECT_VEC_NEAR(e, ex, 3, TEST_TOL);
    assert_int_equal(spconv_shape_volume(&v, c, SPCONV_SHAPE_CONE, SPCONV_SHAPE_FORMAT_PHYSX, SPCONV_AXIS_X),
                     SPCONV_OK);
    EXPECT_NEAR(v, 2.0 * 3.14159265358979323846 / 3.0, TEST_TOL, 3.0);
    assert_int_equal(spconv_shape_com(com, c, SPCONV_SHAPE_CONE, SPCONV_SHAPE_FORMAT_PHYSX, SPCONV_AXIS_X),
                     SPCONV_OK);
    EXPECT_VEC_NEAR(com, want_com, 3, TEST_TOL);
    /* and a PhysX cylinder (r 1, height 2) is USD's (r 1, height 2) */
    assert_int_equal(spconv_shape_convert(s, q, c, SPCONV_SHAPE_CYLINDER, SPCONV_SHAPE_FORMAT_PHYSX,
                                          SPCONV_AXIS_X, SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_X),
                     SPCONV_OK);
    EXPECT_VEC_EQUAL(s, c, 3);
  }
  { /* cone: USD (r 1, height 2) -> Newton (1, 1) */
    spconv_real c[3] = {1, 2, 0}, want[3] = {1, 1, 0};
    assert_int_equal(spconv_shape_convert(s, q, c, SPCONV_SHAPE_CONE, SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Z,
                         SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z), SPCONV_OK);
    EXPECT_VEC_EQUAL(s, want, 3);
  }
  { /* plane: MuJoCo normal +Z -> PhysX normal +X: the PhysX frame must carry +X onto +Z */
    spconv_real c[3] = {5, 5, 1}, zero[3] = {0, 0, 0}, ex[3] = {1, 0, 0}, ez[3] = {0, 0, 1};
    assert_int_equal(spconv_shape_convert(s, q, c, SPCONV_SHAPE_PLANE, SPCONV_SHAPE_FORMAT_MUJOCO,
                                          SPCONV_AXIS_Z, SPCONV_SHAPE_FORMAT_PHYSX, SPCONV_AXIS_X),
                     SPCONV_OK);
    EXPECT_VEC_EQUAL(s, zero, 3);
    spconv_quat_rotate_wxyz(e, q, ex);
    EXPECT_VEC_NEAR(e, ez, 3, TEST_TOL);
  }
}

static void test_shape_volume_com_golden(void **state) {
  spconv_real v = 0; /* = 0: gcc -m32 -Wmaybe-uninitialized */
  const double pi = 3.14159265358979323846;
  (void)state;
  { /* cone: USD (r 1, height 2), that is Newton (1, 1); COM a quarter of
       the height above the base: -h/2 = (0, 0, -0.5) */
    spconv_real c[3] = {1, 2, 0}, newton[3] = {1, 1, 0}, com[3], wc[3] = {0, 0, (spconv_real)-0.5};
    assert_int_equal(spconv_shape_com(com, c, SPCONV_SHAPE_CONE, SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Z),
                     SPCONV_OK);
    EXPECT_VEC_EQUAL(com, wc, 3);
    /* volume pi r^2 H / 3 = 2 pi / 3 */
    assert_int_equal(spconv_shape_volume(&v, newton, SPCONV_SHAPE_CONE, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z),
                     SPCONV_OK);
    EXPECT_NEAR(v, 2.0 * pi / 3.0, TEST_TOL, 3.0);
  }
  { /* capsule volume r = 1, half 1: cylinder 2 pi + sphere 4 pi / 3 */
    spconv_real c[3] = {1, 1, 0};
    assert_int_equal(spconv_shape_volume(&v, c, SPCONV_SHAPE_CAPSULE, SPCONV_SHAPE_FORMAT_MUJOCO, SPCONV_AXIS_Z), SPCONV_OK);
    EXPECT_NEAR(v, 2.0 * pi + 4.0 * pi / 3.0, TEST_TOL, 10.0);
  }
}

/* Every type, format pair and allowed axis, 100 random sizes each. */
typedef struct ax_shape_case {
  spconv_shape_type type;
  spconv_shape_format from, to;
  spconv_axis aa, ab;
  int nsz; /* the sizes the type has */
  spconv_real size[3];
} ax_shape_case;

typedef void (*ax_shape_check)(ax_shape_case *c);

static void ax_for_all_shape_cases(ax_shape_check check) {
  int t, fa, fb, aa, ab, n;
  test_seed(403);
  for (t = 0; t < 6; ++t)
    for (fa = 0; fa < 4; ++fa)
      for (fb = 0; fb < 4; ++fb)
        for (aa = 0; aa < 3; ++aa)
          for (ab = 0; ab < 3; ++ab) {
            ax_shape_case c;
            spconv_real s[3], q[4];
            int st, ok_from, ok_to, i;
            c.type = TEST_SHAPE(t);
            c.from = ax_formats[fa];
            c.to = ax_formats[fb];
            c.aa = (spconv_axis)aa;
            c.ab = (spconv_axis)ab;
            c.nsz = c.type == SPCONV_SHAPE_PLANE ? 0 : (c.type == SPCONV_SHAPE_BOX ? 3 : (c.type == SPCONV_SHAPE_SPHERE ? 1 : 2));
            for (i = 0; i < 3; ++i) c.size[i] = 1;
            st = spconv_shape_convert(s, q, c.size, c.type, c.from, c.aa, c.to, c.ab);
            ok_from = !((c.from == SPCONV_SHAPE_FORMAT_MUJOCO && (aa != 2 || c.type == SPCONV_SHAPE_CONE)) ||
                        (c.from == SPCONV_SHAPE_FORMAT_PHYSX && aa != 0));
            ok_to = !((c.to == SPCONV_SHAPE_FORMAT_MUJOCO && (ab != 2 || c.type == SPCONV_SHAPE_CONE)) ||
                      (c.to == SPCONV_SHAPE_FORMAT_PHYSX && ab != 0));
            assert_int_equal(st, ok_from && ok_to ? SPCONV_OK : SPCONV_EINVAL);
            if (st != SPCONV_OK) continue;
            for (n = 0; n < 100; ++n) {
              for (i = 0; i < 3; ++i) c.size[i] = (spconv_real)test_uniform(0.05, 4.0);
              check(&c);
            }
          }
}

/* size and orientation of c converted (s2, q2, both asserted), the sizes the
   type lacks zeroed in c->size */
static void ax_shape_convert_case(spconv_real s2[3], spconv_real q2[4], ax_shape_case *c) {
  int i;
  assert_int_equal(spconv_shape_convert(s2, q2, c->size, c->type, c->from, c->aa, c->to, c->ab),
                   SPCONV_OK);
  for (i = c->nsz; i < 3; ++i) {
    assert_true(s2[i] == 0);
    c->size[i] = 0;
  }
}

/* round trips: sizes exactly (factors of 2), the rotation and its way back
   the identity, the primary axes coincide in the parent */
static void check_shape_round_trip(ax_shape_case *c) {
  spconv_real s2[3], q2[4] = {7, 1, 2, 3}, back[3], qb[4] = {7, 1, 2, 3}, R[9], Rb[9];
  spconv_real I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, ea[3] = {0, 0, 0}, eb[3] = {0, 0, 0}, Reb[3];
  ax_shape_convert_case(s2, q2, c);
  assert_int_equal(spconv_shape_convert(back, qb, s2, c->type, c->to, c->ab, c->from, c->aa),
                   SPCONV_OK);
  EXPECT_VEC_EQUAL(back, c->size, 3); /* factors of 2: exact */
  /* q then its way back: the identity rotation */
  test_mat_of_quat(R, q2);
  test_mat_of_quat(Rb, qb);
  test_mat_mul(R, R, Rb);
  EXPECT_VEC_NEAR(R, I, 9, TEST_TOL);
  /* the primary axes coincide in the parent: R(q) e_to = e_from */
  test_mat_of_quat(R, q2);
  ea[c->aa] = 1;
  eb[c->ab] = 1;
  test_mat_vec(Reb, R, eb);
  if (c->type != SPCONV_SHAPE_SPHERE && c->type != SPCONV_SHAPE_BOX)
    EXPECT_VEC_NEAR(Reb, ea, 3, TEST_TOL);
}

TEST_RUN(test_shape_convert_round_trip, ax_for_all_shape_cases(check_shape_round_trip))

/* volume and centre of mass (in the parent) are preserved by the conversion;
   a plane has no volume */
static int ax_shape_ncase;
static void check_shape_volume_com(ax_shape_case *c) {
  spconv_real s2[3], q2[4] = {7, 1, 2, 3}, R[9], va = -1, vb = -2, ca[3], cb[3] = {0, 0, 0}, Rcb[3];
  ax_shape_convert_case(s2, q2, c);
  test_mat_of_quat(R, q2);
  if (c->type == SPCONV_SHAPE_PLANE) {
    assert_int_equal(spconv_shape_volume(&va, c->size, c->type, c->from, c->aa), SPCONV_EINVAL);
    return;
  }
  assert_int_equal(spconv_shape_volume(&va, c->size, c->type, c->from, c->aa), SPCONV_OK);
  assert_int_equal(spconv_shape_volume(&vb, s2, c->type, c->to, c->ab), SPCONV_OK);
  EXPECT_NEAR(vb, va, TEST_TOL, fabs((double)va));
  assert_true(va > 0);
  assert_int_equal(spconv_shape_com(ca, c->size, c->type, c->from, c->aa), SPCONV_OK);
  assert_int_equal(spconv_shape_com(cb, s2, c->type, c->to, c->ab), SPCONV_OK);
  test_mat_vec(Rcb, R, cb);
  EXPECT_VEC_NEAR(Rcb, ca, 3, TEST_TOL);
  ++ax_shape_ncase;
}

static void test_shape_volume_com_preserved(void **state) {
  (void)state;
  ax_shape_ncase = 0;
  ax_for_all_shape_cases(check_shape_volume_com);
  assert_true(ax_shape_ncase >= 10000);
}

static void test_shape_convert_bad_input(void **state) {
  spconv_real s[3] = {9, 9, 9}, q[4] = {9, 9, 9, 9}, keep3[3] = {9, 9, 9}, keep4[4] = {9, 9, 9, 9};
  spconv_real ok[3] = {1, 1, 1}, neg[3] = {1, -1, 1}, nan3[3] = {1, 1, 1};
  (void)state;
  nan3[1] = (spconv_real)NAN;
  /* shapes the format lacks, axes it does not allow */
  assert_int_equal(spconv_shape_convert(s, q, ok, SPCONV_SHAPE_CONE, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z,
                                        SPCONV_SHAPE_FORMAT_MUJOCO, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_shape_convert(s, q, ok, SPCONV_SHAPE_CYLINDER, SPCONV_SHAPE_FORMAT_PHYSX, SPCONV_AXIS_Y,
                                        SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_shape_convert(s, q, ok, SPCONV_SHAPE_CAPSULE, SPCONV_SHAPE_FORMAT_MUJOCO, SPCONV_AXIS_X,
                                        SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_shape_convert(s, q, ok, SPCONV_SHAPE_CAPSULE, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z,
                                        SPCONV_SHAPE_FORMAT_PHYSX, SPCONV_AXIS_Z), SPCONV_EINVAL);
  /* bad sizes, unknown enums */
  assert_int_equal(spconv_shape_convert(s, q, neg, SPCONV_SHAPE_BOX, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z,
                                        SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_shape_convert(s, q, nan3, SPCONV_SHAPE_CAPSULE, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z,
                                        SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_shape_convert(s, q, ok, TEST_SHAPE(6), SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z,
                                        SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_shape_convert(s, q, ok, SPCONV_SHAPE_BOX, TEST_SHAPE_FORMAT(4), SPCONV_AXIS_Z,
                                        SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_shape_convert(s, q, ok, SPCONV_SHAPE_BOX, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z,
                                        SPCONV_SHAPE_FORMAT_USD, (spconv_axis)3), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(s, keep3, 3);
  EXPECT_VEC_EQUAL(q, keep4, 4);
}

static void test_shape_volume_com_bad_input(void **state) {
  spconv_real keep3[3] = {9, 9, 9}, ok[3] = {1, 1, 1}, neg[3] = {1, -1, 1}, nan3[3] = {1, 1, 1};
  spconv_real v = 9, c[3] = {9, 9, 9};
  (void)state;
  nan3[1] = (spconv_real)NAN;
  assert_int_equal(spconv_shape_volume(&v, ok, SPCONV_SHAPE_PLANE, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_shape_volume(&v, neg, SPCONV_SHAPE_BOX, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_shape_volume(&v, ok, SPCONV_SHAPE_CONE, SPCONV_SHAPE_FORMAT_PHYSX, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_shape_com(c, ok, SPCONV_SHAPE_PLANE, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_shape_com(c, nan3, SPCONV_SHAPE_CONE, SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z), SPCONV_EINVAL);
  assert_true(v == 9);
  EXPECT_VEC_EQUAL(c, keep3, 3);
}

/* ================================================================ fromto */

/* MuJoCo's mju_quatZ2Vec, written out from its definition: axis z x u
   normalized, angle atan2(|z x u|, z . u); (0, 1, 0, 0) when opposite. */
static void ax_quat_z2vec(double q[4], const double v[3]) {
  double n = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  double u[3] = {v[0] / n, v[1] / n, v[2] / n};
  double ax[3] = {-u[1], u[0], 0.0}, a = sqrt(ax[0] * ax[0] + ax[1] * ax[1]), ang;
  if (a < 1e-15) {
    q[0] = u[2] < 0 ? 0 : 1;
    q[1] = u[2] < 0 ? 1 : 0;
    q[2] = q[3] = 0;
    return;
  }
  ang = atan2(a, u[2]);
  q[0] = cos(ang / 2);
  q[1] = sin(ang / 2) * ax[0] / a;
  q[2] = sin(ang / 2) * ax[1] / a;
  q[3] = 0;
}

static void test_pose_from_mujoco_fromto(void **state) {
  spconv_real pos[3], q[4], h = 7;
  int n;
  (void)state;
  { /* along +Z: identity; centre (0, 0, 1); half-length 1 */
    spconv_real ft[6] = {0, 0, 0, 0, 0, 2}, wp[3] = {0, 0, 1}, wq[4] = {1, 0, 0, 0};
    assert_int_equal(spconv_pose_from_mujoco_fromto(pos, q, &h, ft), SPCONV_OK);
    EXPECT_VEC_EQUAL(pos, wp, 3);
    EXPECT_VEC_EQUAL(q, wq, 4);
    assert_true(h == 1);
  }
  { /* along +X: +90 deg about Y */
    const spconv_real c = (spconv_real)0.70710678118654752440;
    spconv_real ft[6] = {1, 2, 3, 3, 2, 3}, wp[3] = {2, 2, 3}, wq[4] = {c, 0, c, 0};
    assert_int_equal(spconv_pose_from_mujoco_fromto(pos, q, &h, ft), SPCONV_OK);
    EXPECT_VEC_EQUAL(pos, wp, 3);
    EXPECT_VEC_NEAR(q, wq, 4, TEST_TOL);
    assert_true(h == 1);
  }
  { /* along -Z: MuJoCo's 180 deg about X, exactly */
    spconv_real ft[6] = {0, 0, 1, 0, 0, -1}, wq[4] = {0, 1, 0, 0};
    assert_int_equal(spconv_pose_from_mujoco_fromto(pos, q, &h, ft), SPCONV_OK);
    EXPECT_VEC_EQUAL(q, wq, 4);
  }
  { /* degenerate */
    spconv_real ft[6] = {1, 1, 1, 1, 1, 1}, keep[3] = {7, 7, 7};
    pos[0] = pos[1] = pos[2] = 7;
    h = 7;
    assert_int_equal(spconv_pose_from_mujoco_fromto(pos, q, &h, ft), SPCONV_EDEGENERATE);
    ft[4] = (spconv_real)NAN;
    assert_int_equal(spconv_pose_from_mujoco_fromto(pos, q, &h, ft), SPCONV_EDEGENERATE);
    EXPECT_VEC_EQUAL(pos, keep, 3);
    assert_true(h == 7);
  }
  test_seed(404);
  for (n = 0; n < TEST_CASES; ++n) {
    spconv_real ft[6], d[3], ez[3] = {0, 0, 1}, e[3], u[3], mid[3], qw[4];
    double dd[3], qq[4], len;
    int i;
    test_rand_vec(ft, 6, 3.0);
    if (n % 10 == 0) { ft[3] = ft[0]; ft[4] = ft[1]; } /* exactly along +-Z */
    for (i = 0; i < 3; ++i) {
      d[i] = ft[3 + i] - ft[i];
      dd[i] = (double)d[i];
      mid[i] = (ft[i] + ft[3 + i]) / 2;
    }
    len = sqrt(dd[0] * dd[0] + dd[1] * dd[1] + dd[2] * dd[2]);
    if (len < 1e-3) continue;
    assert_int_equal(spconv_pose_from_mujoco_fromto(pos, q, &h, ft), SPCONV_OK);
    EXPECT_VEC_NEAR(pos, mid, 3, TEST_TOL);
    EXPECT_NEAR(h, len / 2, TEST_TOL, len);
    for (i = 0; i < 3; ++i) u[i] = (spconv_real)(dd[i] / len);
    spconv_quat_rotate_wxyz(e, q, ez);
    EXPECT_VEC_NEAR(e, u, 3, TEST_TOL);
    ax_quat_z2vec(qq, dd);
    for (i = 0; i < 4; ++i) qw[i] = (spconv_real)qq[i];
    EXPECT_VEC_NEAR(q, qw, 4, TEST_TOL); /* the same minimal rotation as MuJoCo */
  }
}

/* ================================================================ assets */

static void test_asset_import_matrix_quat_wxyz(void **state) {
  spconv_real M[9], q[4], R[9], E[9], P[9];
  spconv_real yz[9] = {1, 0, 0, 0, 0, -1, 0, 1, 0}, id[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  spconv_real keep[9] = {3, 3, 3, 3, 3, 3, 3, 3, 3};
  int f, z;
  (void)state;
  for (f = 0; f < 3; ++f)
    for (z = 0; z < 2; ++z) {
      int yup = TEST_ASSET(f) == SPCONV_ASSET_GLTF || !z; /* glTF is Y-up whatever the flag */
      assert_int_equal(spconv_asset_import_matrix(M, TEST_ASSET(f), z), SPCONV_OK);
      EXPECT_VEC_EQUAL(M, yup ? yz : id, 9);
      assert_int_equal(spconv_asset_import_quat_wxyz(q, TEST_ASSET(f), z), SPCONV_OK);
      test_mat_of_quat(R, q);
      EXPECT_VEC_NEAR(R, M, 9, TEST_TOL);
    }
  /* import undoes Blender's glTF export */
  assert_int_equal(spconv_asset_import_matrix(M, SPCONV_ASSET_GLTF, 1), SPCONV_OK);
  assert_int_equal(spconv_axis_conversion(E, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Z, SPCONV_AXIS_NEG_Z, SPCONV_AXIS_POS_Y), SPCONV_OK);
  spconv_mat_mul(P, M, E);
  EXPECT_VEC_EQUAL(P, id, 9);
  /* Genesis' Y-up: "Y up, -Z forward" -> Blender "Y forward, Z up" */
  assert_int_equal(spconv_axis_conversion(E, SPCONV_AXIS_NEG_Z, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Z), SPCONV_OK);
  EXPECT_VEC_EQUAL(E, yz, 9);
  memcpy(P, keep, sizeof P);
  assert_int_equal(spconv_asset_import_matrix(P, TEST_ASSET(3), 0), SPCONV_EINVAL);
  assert_int_equal(spconv_asset_import_quat_wxyz(P, TEST_ASSET(-1), 0), SPCONV_EINVAL);
  assert_int_equal(spconv_asset_import_matrix(P, (spconv_asset_format)0, 0), SPCONV_EINVAL); /* 0.x GLTF */
  EXPECT_VEC_EQUAL(P, keep, 9);
}

/* ============================================================ bad input */

static void test_axis_system_check_bad_input(void **state) {
  (void)state;
  assert_int_equal(spconv_axis_system_check(ax_good()), SPCONV_OK);
  assert_int_equal(spconv_axis_system_check(ax_dup()), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_system_check(ax_out()), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_system_check(ax_neg()), SPCONV_EINVAL);
}

static void test_axis_system_matrix_bad_input(void **state) {
  spconv_real M[9] = {3, 3, 3, 3, 3, 3, 3, 3, 3}, keep[9] = {3, 3, 3, 3, 3, 3, 3, 3, 3};
  (void)state;
  assert_int_equal(spconv_axis_system_matrix(M, ax_dup(), ax_good()), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_system_matrix(M, ax_good(), ax_out()), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(M, keep, 9);
}

static void test_axis_preset_matrix_bad_input(void **state) {
  spconv_real M[9] = {3, 3, 3, 3, 3, 3, 3, 3, 3}, keep[9] = {3, 3, 3, 3, 3, 3, 3, 3, 3};
  (void)state;
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_END, SPCONV_AXIS_PRESET_GLTF), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_GLTF, TEST_AXIS_PRESET(-1)), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_preset_matrix(M, (spconv_axis_preset)0, SPCONV_AXIS_PRESET_GLTF), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(M, keep, 9);
}

static void test_axis_conversion_bad_input(void **state) {
  spconv_real M[9] = {3, 3, 3, 3, 3, 3, 3, 3, 3}, keep[9] = {3, 3, 3, 3, 3, 3, 3, 3, 3};
  (void)state;
  assert_int_equal(spconv_axis_conversion(M, SPCONV_AXIS_POS_Y, SPCONV_AXIS_NEG_Y, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Z), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_conversion(M, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_X), SPCONV_EINVAL);
  /* Blender returns the identity for from == to even when parallel; not here */
  assert_int_equal(spconv_axis_conversion(M, SPCONV_AXIS_POS_X, SPCONV_AXIS_NEG_X, SPCONV_AXIS_POS_X, SPCONV_AXIS_NEG_X), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_conversion(M, (spconv_signed_axis)6, SPCONV_AXIS_POS_Z, SPCONV_AXIS_POS_X, SPCONV_AXIS_POS_Y), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_conversion(M, SPCONV_AXIS_POS_Y, SPCONV_AXIS_POS_Z, SPCONV_AXIS_POS_X, (spconv_signed_axis)-1), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(M, keep, 9);
}

static void test_vec_from_signed_axis_bad_input(void **state) {
  spconv_real v[3] = {3, 3, 3}, keep[3] = {3, 3, 3};
  (void)state;
  assert_int_equal(spconv_vec_from_signed_axis(v, (spconv_signed_axis)6), SPCONV_EINVAL);
  EXPECT_VEC_EQUAL(v, keep, 3);
}

static void test_axis_system_preset_bad_input(void **state) {
  spconv_axis_system res = ax_good();
  (void)state;
  assert_int_equal(spconv_axis_system_preset(&res, SPCONV_AXIS_PRESET_END), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_system_preset(&res, TEST_AXIS_PRESET(-1)), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_system_preset(&res, (spconv_axis_preset)99), SPCONV_EINVAL);
  assert_true(ax_same_system(res, ax_good()));
}

static void test_axis_system_from_forward_up_bad_input(void **state) {
  spconv_axis_system res = ax_good();
  (void)state;
  assert_int_equal(spconv_axis_system_from_forward_up(&res, SPCONV_AXIS_POS_Z, SPCONV_AXIS_NEG_Z, 1), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_system_from_forward_up(&res, (spconv_signed_axis)7, SPCONV_AXIS_NEG_Z, 1), SPCONV_EINVAL);
  assert_true(ax_same_system(res, ax_good()));
}

/* matrices that are not signed permutations, and a good one */
static void test_axis_system_from_matrix_bad_input(void **state) {
  spconv_axis_system good = ax_good(), res = good;
  spconv_real half[9] = {(spconv_real)0.5, 0, 0, 0, 1, 0, 0, 0, 1};
  spconv_real row2[9] = {1, 1, 0, 0, 0, 0, 0, 0, 1};
  spconv_real col2[9] = {1, 0, 0, 1, 0, 0, 0, 0, 1};
  spconv_real zero[9] = {1, 0, 0, 0, 0, 0, 0, 0, 1};
  spconv_real two[9] = {2, 0, 0, 0, 1, 0, 0, 0, 1};
  spconv_real okm[9] = {0, 1, 0, 1, 0, 0, 0, 0, -1};
  (void)state;
  assert_int_equal(spconv_axis_system_from_matrix(&res, half, good), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_system_from_matrix(&res, row2, good), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_system_from_matrix(&res, col2, good), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_system_from_matrix(&res, zero, good), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_system_from_matrix(&res, two, good), SPCONV_EINVAL);
  assert_int_equal(spconv_axis_system_from_matrix(&res, okm, ax_dup()), SPCONV_EINVAL);
  assert_true(res.x == good.x && res.y == good.y && res.z == good.z);
  /* and a good one: FLU through (y, x, -z) is {LEFT, FORWARD, DOWN} */
  assert_int_equal(spconv_axis_system_from_matrix(&res, okm, good), SPCONV_OK);
  assert_true(res.x == SPCONV_DIRECTION_LEFT && res.y == SPCONV_DIRECTION_FORWARD && res.z == SPCONV_DIRECTION_DOWN);
}

/* ============================================================== aliasing */

/* Every function, res aliasing each input in turn, equals the separate call
   (EXPECT_ALIAS). The inputs of a case are drawn in one sequence, the same
   for every function: a change of axes M, three 9-real inputs, a shape
   type and size, a fromto. */
#define AX_ALIAS_CASES 200

typedef struct ax_alias_case {
  spconv_real M[9], a[9], in[9], unit_in[9], sz[3], ft[6];
  int t; /* a shape type, sphere .. cone */
} ax_alias_case;

static void ax_alias_draw(ax_alias_case *c, int n) {
  int i;
  for (i = 0; i < 9; ++i) c->M[i] = 0; /* gcc -O3 */
  assert_int_equal(spconv_axis_system_matrix(c->M, ax_all[n % 48], ax_all[(7 * n + 3) % 48]), SPCONV_OK);
  test_rand_vec(c->a, 9, 5.0);
  test_rand_vec(c->in, 9, 5.0);
  test_rand_vec(c->unit_in, 9, 5.0);
  c->t = n % 5;
  for (i = 0; i < 3; ++i) c->sz[i] = (spconv_real)test_uniform(0.1, 2.0);
  test_rand_vec(c->ft, 6, 3.0);
}

/* fn(res, M, x): res == x, then res == M; x is c->a, or c->in for the 6-
   and 7-real quantities */
typedef void (*ax_mx_fn)(spconv_real *, const spconv_real *, const spconv_real *);

static void check_mx_aliasing(ax_mx_fn fn, int n_out, int use_in) {
  int n;
  assert_int_equal(ax_count_systems(), 48);
  test_seed(405);
  for (n = 0; n < AX_ALIAS_CASES; ++n) {
    ax_alias_case c;
    const spconv_real *x;
    ax_alias_draw(&c, n);
    x = use_in ? c.in : c.a;
    EXPECT_ALIAS(n_out, x, 9, fn(ref_, c.M, x), fn(buf_, c.M, buf_));
    EXPECT_ALIAS(n_out, c.M, 9, fn(ref_, c.M, x), fn(buf_, buf_, x));
  }
}

TEST_RUN(test_vec_change_axes_aliasing, check_mx_aliasing(spconv_vec_change_axes, 3, 0))

TEST_RUN(test_pseudovec_change_axes_aliasing, check_mx_aliasing(spconv_pseudovec_change_axes, 3, 0))

TEST_RUN(test_mat_change_axes_aliasing, check_mx_aliasing(spconv_mat_change_axes, 9, 0))

TEST_RUN(test_inertia_change_axes_aliasing, check_mx_aliasing(spconv_inertia_change_axes, 9, 0))

TEST_RUN(test_quat_wxyz_change_axes_aliasing, check_mx_aliasing(spconv_quat_wxyz_change_axes, 4, 0))

TEST_RUN(test_quat_xyzw_change_axes_aliasing, check_mx_aliasing(spconv_quat_xyzw_change_axes, 4, 0))

TEST_RUN(test_scale_change_axes_aliasing, check_mx_aliasing(spconv_scale_change_axes, 3, 0))

TEST_RUN(test_spatial_change_axes_aliasing, check_mx_aliasing(spconv_spatial_change_axes, 6, 1))

TEST_RUN(test_pose_wxyz_change_axes_aliasing, check_mx_aliasing(spconv_pose_wxyz_change_axes, 7, 1))

TEST_RUN(test_pose_xyzw_change_axes_aliasing, check_mx_aliasing(spconv_pose_xyzw_change_axes, 7, 1))

/* compose: res == either factor; transpose in place */
static void test_mat_mul_transpose_aliasing(void **state) {
  int n;
  (void)state;
  check_mx_aliasing(spconv_mat_mul, 9, 0);
  test_seed(405);
  for (n = 0; n < AX_ALIAS_CASES; ++n) {
    ax_alias_case c;
    ax_alias_draw(&c, n);
    EXPECT_ALIAS(9, c.M, 9, spconv_mat_mul(ref_, c.in, c.M), spconv_mat_mul(buf_, c.in, buf_));
    EXPECT_ALIAS(9, c.M, 9, spconv_mat_transpose(ref_, c.M), spconv_mat_transpose(buf_, buf_));
  }
}

/* length units: fn(res, x, k), res == x */
typedef void (*ax_unit_fn)(spconv_real *, const spconv_real *, spconv_real);

static void check_unit_aliasing(ax_unit_fn fn, int n_out) {
  const spconv_real k = (spconv_real)1.7;
  int n;
  assert_int_equal(ax_count_systems(), 48);
  test_seed(405);
  for (n = 0; n < AX_ALIAS_CASES; ++n) {
    ax_alias_case c;
    ax_alias_draw(&c, n);
    EXPECT_ALIAS(n_out, c.unit_in, 9, fn(ref_, c.unit_in, k), fn(buf_, buf_, k));
  }
}

TEST_RUN(test_pose_change_length_unit_aliasing, check_unit_aliasing(spconv_pose_change_length_unit, 7))

TEST_RUN(test_twist_change_length_unit_aliasing, check_unit_aliasing(spconv_twist_change_length_unit, 6))

TEST_RUN(test_wrench_change_length_unit_aliasing, check_unit_aliasing(spconv_wrench_change_length_unit, 6))

TEST_RUN(test_inertia_change_length_unit_aliasing, check_unit_aliasing(spconv_inertia_change_length_unit, 9))

/* the shape and fromto cases: every ax_alias_case (seed 405) */
typedef void (*ax_alias_check)(const ax_alias_case *c);

static void for_all_ax_alias_cases(ax_alias_check check) {
  int n;
  assert_int_equal(ax_count_systems(), 48);
  test_seed(405);
  for (n = 0; n < AX_ALIAS_CASES; ++n) {
    ax_alias_case c;
    ax_alias_draw(&c, n);
    check(&c);
  }
}

/* shapes: res_size == size */
static void check_shape_convert_aliasing(const ax_alias_case *c) {
  const spconv_shape_type t = TEST_SHAPE(c->t);
  spconv_real q[4], qw[4];
  EXPECT_ALIAS(3, c->sz, 3,
               assert_int_equal(spconv_shape_convert(ref_, qw, c->sz, t, SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Y,
                                    SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z), SPCONV_OK),
               assert_int_equal(spconv_shape_convert(buf_, q, buf_, t, SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Y,
                                    SPCONV_SHAPE_FORMAT_NEWTON, SPCONV_AXIS_Z), SPCONV_OK));
  EXPECT_VEC_EQUAL(q, qw, 4);
}

TEST_RUN(test_shape_convert_aliasing, for_all_ax_alias_cases(check_shape_convert_aliasing))

static void check_shape_com_aliasing(const ax_alias_case *c) {
  const spconv_shape_type t = TEST_SHAPE(c->t);
  if (c->t == 0) return; /* a sphere's COM is its centre */
  EXPECT_ALIAS(3, c->sz, 3, assert_int_equal(spconv_shape_com(ref_, c->sz, t, SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Y), SPCONV_OK),
               assert_int_equal(spconv_shape_com(buf_, buf_, t, SPCONV_SHAPE_FORMAT_USD, SPCONV_AXIS_Y), SPCONV_OK));
}

TEST_RUN(test_shape_com_aliasing, for_all_ax_alias_cases(check_shape_com_aliasing))

/* fromto: each result pointer equal to fromto */
static void check_fromto_aliasing(const ax_alias_case *c) {
  spconv_real p[3], q[4], h, qq[4], hh;
  EXPECT_ALIAS(3, c->ft, 6, assert_int_equal(spconv_pose_from_mujoco_fromto(ref_, q, &h, c->ft), SPCONV_OK),
               assert_int_equal(spconv_pose_from_mujoco_fromto(buf_, qq, &hh, buf_), SPCONV_OK));
  EXPECT_ALIAS(4, c->ft, 6, assert_int_equal(spconv_pose_from_mujoco_fromto(p, ref_, &h, c->ft), SPCONV_OK),
               assert_int_equal(spconv_pose_from_mujoco_fromto(p, buf_, &hh, buf_), SPCONV_OK));
  EXPECT_ALIAS(1, c->ft, 6, assert_int_equal(spconv_pose_from_mujoco_fromto(p, q, ref_, c->ft), SPCONV_OK),
               assert_int_equal(spconv_pose_from_mujoco_fromto(p, qq, buf_, buf_), SPCONV_OK));
}

TEST_RUN(test_pose_from_mujoco_fromto_aliasing, for_all_ax_alias_cases(check_fromto_aliasing))

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_axis_conversion_golden),
      cmocka_unit_test(test_axis_conversion_all),
      cmocka_unit_test(test_axis_preset_matrix_golden),
      cmocka_unit_test(test_axis_system_is_right_handed),
      cmocka_unit_test(test_axis_system_from_forward_up_golden),
      cmocka_unit_test(test_axis_system_matrix_all_pairs),
      cmocka_unit_test(test_axis_system_from_matrix_all_pairs),
      cmocka_unit_test(test_vec_pseudovec_change_axes_all_systems),
      cmocka_unit_test(test_spatial_change_axes_all_systems),
      cmocka_unit_test(test_quat_change_axes_all_systems),
      cmocka_unit_test(test_mat_change_axes_all_systems),
      cmocka_unit_test(test_pose_change_axes_all_systems),
      cmocka_unit_test(test_inertia_change_axes_all_systems),
      cmocka_unit_test(test_scale_change_axes_all_systems),
      cmocka_unit_test(test_length_scale),
      cmocka_unit_test(test_usd_stage_matrix),
      cmocka_unit_test(test_twist_wrench_change_length_unit),
      cmocka_unit_test(test_pose_change_length_unit),
      cmocka_unit_test(test_inertia_change_length_unit),
      cmocka_unit_test(test_gravity_signed),
      cmocka_unit_test(test_shape_convert_golden),
      cmocka_unit_test(test_shape_volume_com_golden),
      cmocka_unit_test(test_shape_convert_round_trip),
      cmocka_unit_test(test_shape_volume_com_preserved),
      cmocka_unit_test(test_shape_convert_bad_input),
      cmocka_unit_test(test_shape_volume_com_bad_input),
      cmocka_unit_test(test_pose_from_mujoco_fromto),
      cmocka_unit_test(test_asset_import_matrix_quat_wxyz),
      cmocka_unit_test(test_axis_system_check_bad_input),
      cmocka_unit_test(test_axis_system_matrix_bad_input),
      cmocka_unit_test(test_axis_preset_matrix_bad_input),
      cmocka_unit_test(test_axis_conversion_bad_input),
      cmocka_unit_test(test_vec_from_signed_axis_bad_input),
      cmocka_unit_test(test_axis_system_preset_bad_input),
      cmocka_unit_test(test_axis_system_from_forward_up_bad_input),
      cmocka_unit_test(test_axis_system_from_matrix_bad_input),
      cmocka_unit_test(test_vec_change_axes_aliasing),
      cmocka_unit_test(test_pseudovec_change_axes_aliasing),
      cmocka_unit_test(test_mat_change_axes_aliasing),
      cmocka_unit_test(test_inertia_change_axes_aliasing),
      cmocka_unit_test(test_quat_wxyz_change_axes_aliasing),
      cmocka_unit_test(test_quat_xyzw_change_axes_aliasing),
      cmocka_unit_test(test_scale_change_axes_aliasing),
      cmocka_unit_test(test_spatial_change_axes_aliasing),
      cmocka_unit_test(test_pose_wxyz_change_axes_aliasing),
      cmocka_unit_test(test_pose_xyzw_change_axes_aliasing),
      cmocka_unit_test(test_mat_mul_transpose_aliasing),
      cmocka_unit_test(test_pose_change_length_unit_aliasing),
      cmocka_unit_test(test_twist_change_length_unit_aliasing),
      cmocka_unit_test(test_wrench_change_length_unit_aliasing),
      cmocka_unit_test(test_inertia_change_length_unit_aliasing),
      cmocka_unit_test(test_shape_convert_aliasing),
      cmocka_unit_test(test_shape_com_aliasing),
      cmocka_unit_test(test_pose_from_mujoco_fromto_aliasing),
  };
  int failed = cmocka_run_group_tests_name("axes", tests, NULL, NULL);
  test_print_summary("axes");
  return failed;
}
