/* bvh_convert: a motion-capture BVH file -> a Z-up, X-forward robot clip in
   metres, with one call of the library (spconv_motion_clip_convert with
   spconv_axis_preset_matrix(SPCONV_AXIS_PRESET_BVH, SPCONV_AXIS_PRESET_ROBOT)),
   and optionally one more (spconv_motion_clip_align) to turn the clip so its
   first frame faces +X from the origin of the ground plane.

     bvh_convert [options] IN.bvh
       -o FILE          write the converted clip (repeatable); by extension:
                        .bvh  a BVH file, Z up, X forward, metres
                        .csv  a table, one row per frame: time, root position,
                              root quaternion, every joint's local quaternion
                        .npy  the same table as a NumPy float64 array
       --unit U         the file's length unit: m, cm, mm, in, ft, cmu
                        (CMU captures: inches / 0.45 = 0.056444 m) or metres
                        per unit; default: estimated from the skeleton's height,
                        with a warning (BVH has no unit field)
       --quat wxyz|xyzw quaternion order of the table (default wxyz)
       --skip N         drop the first N frames (the CMU conversions start with
                        a T-pose frame: --skip 1)
       --align          turn the clip about +Z so that its first frame faces +X,
                        and move its root above the origin
       --ground keep|lowest   with --align: the ground plane is the file's own
                        floor (y = 0, the default) or the lowest point of the clip
       --skeleton FILE  write the skeleton as CSV (body, name, parent, End Site,
                        converted offset, first table column of its quaternion)
       --svg FILE       the first frame from the side, before and after, as SVG
       --check          check the conversion: forward kinematics of the converted
                        clip = the scaled, relabelled forward kinematics of the
                        file for every body and frame; after --align, a rigid
                        turn about +Z with heading 0; every BVH written, read
                        back, equals the converted clip. Exit 1 on a failure.
       --strict         refuse a file with values after the frames that its
                        Frames: line declares (by default they are ignored,
                        as three.js's BVHLoader does, with a warning on stderr
                        naming how many values on how many lines)

   Every argument is checked (option names, --unit, --quat, --ground and
   --skip values, the extensions of -o) before the input is read: a bad one
   prints the usage and exits 2 at once. Fewer motion values than Frames x
   channels is an error (exit 1).

   The clip's root convention (spconv_motion_clip): root_pos is the ROOT's
   world position (its OFFSET plus its position channels), root_rot its
   rotation, body 0 is the ROOT with a zero offset and identity local
   rotation. docs/motion.md works through CMU subject 1's 01_01.bvh. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bvh_text.h"

#define MAX_OUT 8

typedef struct options {
  const char *in, *out[MAX_OUT], *svg, *skeleton, *unit, *unit_what;
  double metres; /* from --unit, checked with the other arguments */
  int n_out, xyzw, skip, align, ground_lowest, check, strict;
} options;

/* ------------------------------------------------------------------ units */

static const struct {
  const char *name;
  double metres;
  const char *what;
} units[] = {{"m", 1.0, "metres"},
             {"cm", 0.01, "centimetres"},
             {"mm", 0.001, "millimetres"},
             {"in", 0.0254, "inches"},
             {"ft", 0.3048, "feet"},
             {"cmu", 0.0254 / 0.45, "CMU units, inches / 0.45"}};
#define N_UNITS (sizeof units / sizeof units[0])

/* metres per unit from --unit (a name or a number); 0 when unknown */
static double unit_from_name(const char *s, const char **what) {
  size_t i;
  char *end;
  double v;
  for (i = 0; i < N_UNITS; ++i)
    if (strcmp(s, units[i].name) == 0) {
      *what = units[i].what;
      return units[i].metres;
    }
  v = strtod(s, &end);
  *what = "metres per unit, as given";
  return (*end == '\0' && v > 0 && v < 1e6) ? v : 0.0;
}

/* the unit that makes a rest pose of `height` units closest to 1.7 m tall */
static size_t unit_estimate(double height) {
  size_t i, best = 0;
  double best_d = 1e300;
  for (i = 0; i < N_UNITS; ++i) {
    double d = fabs(log(height * units[i].metres / 1.7));
    if (d < best_d) {
      best_d = d;
      best = i;
    }
  }
  return best;
}

/* ------------------------------------------------------------------- files */

static char *read_file(const char *path, size_t *len) {
  FILE *fp = fopen(path, "rb");
  char *buf = NULL;
  size_t cap = 0, n = 0;
  if (!fp) return NULL;
  for (;;) {
    size_t got;
    if (n == cap) {
      char *nb;
      cap = cap ? 2 * cap : 1 << 16;
      nb = (char *)realloc(buf, cap);
      if (!nb) {
        free(buf);
        (void)fclose(fp);
        return NULL;
      }
      buf = nb;
    }
    got = fread(buf + n, 1, cap - n, fp);
    n += got;
    if (got == 0) break;
  }
  if (ferror(fp)) {
    free(buf);
    buf = NULL;
  }
  (void)fclose(fp);
  *len = n;
  return buf;
}

static int write_file(const char *path, const void *data, size_t len) {
  FILE *fp = fopen(path, "wb");
  int ok;
  if (!fp) return -1;
  ok = fwrite(data, 1, len, fp) == len;
  ok = (fclose(fp) == 0) && ok;
  return ok ? 0 : -1;
}

static int ends_with(const char *s, const char *tail) {
  size_t n = strlen(s), m = strlen(tail);
  return n >= m && strcmp(s + n - m, tail) == 0;
}

/* ----------------------------------------------------------- small helpers */

/* 1 when name contains word, ignoring case */
static int name_has(const char *name, const char *word) {
  size_t n = strlen(name), m = strlen(word), i, k;
  for (i = 0; i + m <= n; ++i) {
    for (k = 0; k < m; ++k)
      if (tolower((unsigned char)name[i + k]) != tolower((unsigned char)word[k])) break;
    if (k == m) return 1;
  }
  return 0;
}

/* a foot body: a joint named *foot* or *toe*, or the End Site of one */
static int is_foot(const bvh_file *f, int j) {
  const char *n = f->body[f->body[j].is_end ? f->body[j].parent : j].name;
  return name_has(n, "foot") || name_has(n, "toe");
}

/* the head: the joint named "Head" (any case), else the first one containing "head" */
static int find_head(const bvh_file *f) {
  int j;
  for (j = 0; j < f->bodies; ++j)
    if (!f->body[j].is_end && name_has(f->body[j].name, "head") &&
        strlen(f->body[j].name) == 4)
      return j;
  for (j = 0; j < f->bodies; ++j)
    if (!f->body[j].is_end && name_has(f->body[j].name, "head")) return j;
  return -1;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* positions pos[T][B][3] of every body of every frame */
static spconv_real *fk_all(const spconv_motion_clip *c, const bvh_file *f) {
  size_t T = (size_t)c->frames, B = (size_t)c->bodies;
  spconv_real *pos = (spconv_real *)malloc(T * B * 3 * sizeof(spconv_real));
  spconv_real *rot = (spconv_real *)malloc(B * 4 * sizeof(spconv_real));
  int t;
  if (!pos || !rot) {
    free(pos);
    free(rot);
    return NULL;
  }
  for (t = 0; t < c->frames; ++t) bvh_fk(pos + (size_t)t * B * 3, rot, c, f, t);
  free(rot);
  return pos;
}

/* --------------------------------------------------------------- the table */

/* the table: time, root position, root quaternion, each joint's local
   quaternion (joints 1.. that are not End Sites; body 0's is the identity),
   each quaternion sign-continuous over frames (w >= 0 in frame 0) */
static double *make_table(size_t *cols, const bvh_file *f, const spconv_motion_clip *c,
                          int xyzw) {
  size_t T = (size_t)c->frames, B = (size_t)c->bodies, C = 8, t, j, col;
  double *tab, *prev;
  for (j = 1; j < B; ++j)
    if (!f->body[j].is_end) C += 4;
  tab = (double *)malloc(T * C * sizeof(double));
  prev = (double *)calloc(C, sizeof(double));
  if (!tab || !prev) {
    free(tab);
    free(prev);
    return NULL;
  }
  for (t = 0; t < T; ++t) {
    double *row = tab + t * C;
    row[0] = (double)t * f->frame_time;
    for (col = 0; col < 3; ++col) row[1 + col] = (double)c->root_pos[3 * t + col];
    col = 4;
    for (j = 0; j < B; ++j) {
      const spconv_real *q;
      double d = 0, s, v[4];
      int i;
      if (j > 0 && f->body[j].is_end) continue;
      q = j == 0 ? c->root_rot + 4 * t : c->local_rot + 4 * (t * B + j);
      for (i = 0; i < 4; ++i) v[i] = (double)q[xyzw ? (i + 1) % 4 : i];
      for (i = 0; i < 4; ++i) d += v[i] * prev[col + (size_t)i];
      s = t == 0 ? (q[0] < 0 ? -1.0 : 1.0) : (d < 0 ? -1.0 : 1.0);
      for (i = 0; i < 4; ++i) row[col + (size_t)i] = prev[col + (size_t)i] = s * v[i];
      col += 4;
    }
  }
  free(prev);
  *cols = C;
  return tab;
}

static int write_csv(const char *path, const bvh_file *f, const spconv_motion_clip *c, int xyzw) {
  size_t C, t, i, j, T = (size_t)c->frames;
  double *tab = make_table(&C, f, c, xyzw);
  const char *comp = xyzw ? "xyzw" : "wxyz";
  FILE *fp;
  int ok;
  if (!tab || !(fp = fopen(path, "w"))) {
    free(tab);
    return -1;
  }
  fprintf(fp, "time,root_x,root_y,root_z");
  for (i = 0; i < 4; ++i) fprintf(fp, ",root_q%c", comp[i]);
  for (j = 1; j < (size_t)c->bodies; ++j)
    if (!f->body[j].is_end)
      for (i = 0; i < 4; ++i) fprintf(fp, ",%s_q%c", f->body[j].name, comp[i]);
  fprintf(fp, "\n");
  for (t = 0; t < T; ++t) {
    for (i = 0; i < C; ++i) fprintf(fp, i ? ",%.9g" : "%.9g", tab[t * C + i]);
    fprintf(fp, "\n");
  }
  free(tab);
  ok = !ferror(fp);
  return (fclose(fp) == 0 && ok) ? 0 : -1;
}

/* NumPy .npy, format 1.0: magic, header length, a dict padded to 64 bytes,
   then the float64 values little-endian, C order */
static int write_npy(const char *path, const bvh_file *f, const spconv_motion_clip *c, int xyzw) {
  size_t C, T = (size_t)c->frames, i, n, hlen;
  double *tab = make_table(&C, f, c, xyzw);
  unsigned char *buf;
  char head[256];
  const unsigned int one = 1;
  int little = *(const unsigned char *)&one == 1, ret;
  if (!tab) return -1;
  n = (size_t)snprintf(head, sizeof head,
                       "{'descr': '<f8', 'fortran_order': False, 'shape': (%lu, %lu), }",
                       (unsigned long)T, (unsigned long)C);
  hlen = n + 1; /* the final '\n' */
  while ((10 + hlen) % 64 != 0) ++hlen;
  buf = (unsigned char *)malloc(10 + hlen + T * C * 8);
  if (!buf) {
    free(tab);
    return -1;
  }
  memcpy(buf, "\x93NUMPY\x01\x00", 8);
  buf[8] = (unsigned char)(hlen & 0xff);
  buf[9] = (unsigned char)(hlen >> 8);
  memcpy(buf + 10, head, n);
  memset(buf + 10 + n, ' ', hlen - n - 1);
  buf[10 + hlen - 1] = '\n';
  for (i = 0; i < T * C; ++i) {
    unsigned char b[8];
    int k;
    memcpy(b, &tab[i], 8);
    for (k = 0; k < 8; ++k) buf[10 + hlen + 8 * i + (size_t)k] = b[little ? k : 7 - k];
  }
  ret = write_file(path, buf, 10 + hlen + T * C * 8);
  free(buf);
  free(tab);
  return ret;
}

static int write_skeleton(const char *path, const bvh_file *f, const spconv_motion_clip *c) {
  FILE *fp = fopen(path, "w");
  int j, col = 8, ok;
  if (!fp) return -1;
  fprintf(fp, "body,name,parent,end_site,offset_x,offset_y,offset_z,table_column\n");
  for (j = 0; j < f->bodies; ++j) {
    int tc = j == 0 ? 4 : (f->body[j].is_end ? -1 : col);
    if (j > 0 && !f->body[j].is_end) col += 4;
    fprintf(fp, "%d,%s,%d,%d,%.9g,%.9g,%.9g,%d\n", j, f->body[j].name, f->body[j].parent,
            f->body[j].is_end, (double)c->offsets[3 * j], (double)c->offsets[3 * j + 1],
            (double)c->offsets[3 * j + 2], tc);
  }
  ok = !ferror(fp);
  return (fclose(fp) == 0 && ok) ? 0 : -1;
}

/* ------------------------------------------------------------------ the SVG */

/* one side view: bodies of frame 0 at pos[B][3], horizontal axis h and
   vertical axis v (indices into pos), lengths times k, into the panel whose
   left edge is x0; side[j] = +1 left, -1 right, 0 centre */
static void svg_panel(FILE *fp, const bvh_file *f, const spconv_real *pos, int h, int v, double k,
                      double x0, double px_per_m, const int *side, const char *title,
                      const char *caption, const char *h_axis, const char *v_axis) {
  const double ground = 320.0, cx = x0 + 200.0;
  double hroot = (double)pos[h] * k, m;
  int j, tick;
  fprintf(fp, "<text x=\"%.1f\" y=\"24\" class=\"t\">%s</text>\n", x0 + 12.0, title);
  fprintf(fp, "<text x=\"%.1f\" y=\"44\" class=\"c\">%s</text>\n", x0 + 12.0, caption);
  /* ground and a metre grid along it */
  fprintf(fp, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"g\"/>\n", x0 + 20.0,
          ground, x0 + 380.0, ground);
  for (tick = -3; tick <= 3; ++tick)
    if (fabs(m = 0.5 * tick) * px_per_m <= 180.0)
      fprintf(fp, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"g\"/>\n",
              cx + m * px_per_m, ground, cx + m * px_per_m, ground + (m == 0.0 ? 8.0 : 4.0));
  fprintf(fp, "<text x=\"%.1f\" y=\"%.1f\" class=\"c\">0.5 m ticks; 0 = the root</text>\n",
          cx - 70.0, ground + 22.0);
  for (j = 1; j < f->bodies; ++j) {
    int p = f->body[j].parent;
    const char *col = side[j] > 0 ? "#1f77b4" : (side[j] < 0 ? "#d62728" : "#444444");
    fprintf(fp,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
            "stroke-width=\"2.5\" stroke-linecap=\"round\"/>\n",
            cx + ((double)pos[3 * p + h] * k - hroot) * px_per_m,
            ground - (double)pos[3 * p + v] * k * px_per_m,
            cx + ((double)pos[3 * j + h] * k - hroot) * px_per_m,
            ground - (double)pos[3 * j + v] * k * px_per_m, col);
  }
  /* the axes of this view */
  fprintf(fp,
          "<path d=\"M%.1f %.1f h40 M%.1f %.1f v-40\" stroke=\"#000\" fill=\"none\" "
          "marker-end=\"url(#a)\"/>\n",
          x0 + 30.0, ground + 95.0, x0 + 30.0, ground + 95.0);
  fprintf(fp, "<text x=\"%.1f\" y=\"%.1f\" class=\"c\">%s</text>\n", x0 + 76.0, ground + 99.0,
          h_axis);
  fprintf(fp, "<text x=\"%.1f\" y=\"%.1f\" class=\"c\">%s</text>\n", x0 + 36.0, ground + 62.0,
          v_axis);
}

static int write_svg(const char *path, const bvh_file *f, const spconv_motion_clip *before,
                     const spconv_motion_clip *after, const char *after_caption,
                     double h_before, double h_after) {
  FILE *fp = fopen(path, "w");
  spconv_real *p0 = (spconv_real *)calloc((size_t)f->bodies * 3, sizeof(spconv_real));
  spconv_real *p1 = (spconv_real *)calloc((size_t)f->bodies * 3, sizeof(spconv_real));
  spconv_real *r = (spconv_real *)malloc((size_t)f->bodies * 4 * sizeof(spconv_real));
  int *side = (int *)malloc((size_t)f->bodies * sizeof(int));
  double lo[3], hi[3], px = 250.0 / fmax(1.0, fmax(h_before, h_after)), *rest;
  char cap0[160];
  int j, i, ok;
  rest = (double *)malloc((size_t)f->bodies * 3 * sizeof(double));
  if (!fp || !p0 || !p1 || !r || !side || !rest) {
    if (fp) (void)fclose(fp);
    free(p0);
    free(p1);
    free(r);
    free(side);
    free(rest);
    return -1;
  }
  /* left / right from the rest pose: BVH +X is the body's left */
  bvh_rest_extent(lo, hi, f);
  for (j = 0; j < f->bodies; ++j) {
    int p = f->body[j].parent;
    double tol = 0.02 * (hi[1] - lo[1]);
    for (i = 0; i < 3; ++i)
      rest[3 * j + i] = f->body[j].offset[i] + (p < 0 ? 0.0 : rest[3 * p + i]);
    side[j] = rest[3 * j] - rest[0] > tol ? 1 : (rest[3 * j] - rest[0] < -tol ? -1 : 0);
  }
  bvh_fk(p0, r, before, f, 0);
  bvh_fk(p1, r, after, f, 0);
  fprintf(fp,
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\" height=\"440\" "
          "viewBox=\"0 0 800 440\" font-family=\"sans-serif\">\n"
          "<defs><marker id=\"a\" markerWidth=\"8\" markerHeight=\"8\" refX=\"6\" refY=\"3\" "
          "orient=\"auto\"><path d=\"M0,0 L6,3 L0,6 z\"/></marker></defs>\n"
          "<style>.t{font-size:15px;font-weight:bold}.c{font-size:12px}"
          ".g{stroke:#999;stroke-width:1}</style>\n"
          "<rect width=\"800\" height=\"440\" fill=\"#fff\"/>\n"
          "<line x1=\"400\" y1=\"10\" x2=\"400\" y2=\"430\" stroke=\"#ccc\"/>\n");
  (void)snprintf(cap0, sizeof cap0, "Y up, facing +Z; read as centimetres: %.2f m tall",
                 h_before);
  svg_panel(fp, f, p0, 2, 1, 0.01, 0.0, px, side, "before: the BVH file as stored", cap0,
            "+Z (file)", "+Y");
  svg_panel(fp, f, p1, 0, 2, 1.0, 400.0, px, side, "after: Z up, X forward, metres",
            after_caption, "+X", "+Z");
  fprintf(fp,
          "<text x=\"160\" y=\"400\" class=\"c\" fill=\"#1f77b4\">left side</text>"
          "<text x=\"230\" y=\"400\" class=\"c\" fill=\"#d62728\">right side</text>"
          "<text x=\"160\" y=\"418\" class=\"c\">seen along +X (file), +Y (robot)</text>\n"
          "</svg>\n");
  ok = !ferror(fp);
  ok = (fclose(fp) == 0) && ok;
  free(p0);
  free(p1);
  free(r);
  free(side);
  free(rest);
  return ok ? 0 : -1;
}

/* ----------------------------------------------------------------- checks */

/* largest |a - b| over n values */
static double max_diff(const spconv_real *a, const spconv_real *b, size_t n) {
  double m = 0;
  size_t i;
  for (i = 0; i < n; ++i) {
    double d = fabs((double)a[i] - (double)b[i]);
    if (!(d <= m)) m = d;
  }
  return m;
}

/* largest difference of two quaternion arrays (n quaternions) up to sign */
static double max_quat_diff(const spconv_real *a, const spconv_real *b, size_t n) {
  double m = 0;
  size_t i;
  int k;
  for (i = 0; i < n; ++i) {
    double dp = 0, dm = 0, d;
    for (k = 0; k < 4; ++k) {
      dp = fmax(dp, fabs((double)a[4 * i + (size_t)k] - (double)b[4 * i + (size_t)k]));
      dm = fmax(dm, fabs((double)a[4 * i + (size_t)k] + (double)b[4 * i + (size_t)k]));
    }
    d = fmin(dp, dm);
    if (!(d <= m)) m = d;
  }
  return m;
}

/* -------------------------------------------------------------------- main */

static void usage(FILE *fp) {
  fprintf(fp,
          "usage: bvh_convert [-o OUT.bvh|.csv|.npy]... [--unit m|cm|mm|in|ft|cmu|METRES]\n"
          "                   [--quat wxyz|xyzw] [--skip N] [--align] [--ground keep|lowest]\n"
          "                   [--skeleton FILE.csv] [--svg FILE.svg] [--check] [--strict] IN.bvh\n");
}

/* Reads and checks every argument (option names, values, output
   extensions) before the input is opened, so that a bad one fails at once
   however large, or missing, the input is; a message on stderr and -1. */
static int parse_args(options *o, int argc, char **argv) {
  int i;
  memset(o, 0, sizeof *o);
  for (i = 1; i < argc; ++i) {
    const char *a = argv[i], *v;
    if (!a) return -1;
    if (strcmp(a, "--align") == 0) {
      o->align = 1;
      continue;
    }
    if (strcmp(a, "--check") == 0) {
      o->check = 1;
      continue;
    }
    if (strcmp(a, "--strict") == 0) {
      o->strict = 1;
      continue;
    }
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      usage(stdout);
      exit(0);
    }
    if (a[0] != '-') {
      if (o->in) {
        fprintf(stderr, "bvh_convert: one input file only (%s, %s)\n", o->in, a);
        return -1;
      }
      o->in = a;
      continue;
    }
    if (strcmp(a, "-o") != 0 && strcmp(a, "--unit") != 0 && strcmp(a, "--svg") != 0 &&
        strcmp(a, "--skeleton") != 0 && strcmp(a, "--quat") != 0 && strcmp(a, "--ground") != 0 &&
        strcmp(a, "--skip") != 0) {
      fprintf(stderr, "bvh_convert: unknown option %s\n", a);
      return -1;
    }
    v = i + 1 < argc ? argv[++i] : NULL;
    if (!v) {
      fprintf(stderr, "bvh_convert: %s needs a value\n", a);
      return -1;
    }
    if (strcmp(a, "-o") == 0) {
      if (o->n_out == MAX_OUT) {
        fprintf(stderr, "bvh_convert: -o %s: at most %d outputs\n", v, MAX_OUT);
        return -1;
      }
      if (!ends_with(v, ".bvh") && !ends_with(v, ".csv") && !ends_with(v, ".npy")) {
        fprintf(stderr, "bvh_convert: -o %s: the output must end in .bvh, .csv or .npy\n", v);
        return -1;
      }
      o->out[o->n_out++] = v;
    } else if (strcmp(a, "--unit") == 0) {
      o->unit = v;
      o->metres = unit_from_name(v, &o->unit_what);
      if (!(o->metres > 0)) {
        fprintf(stderr,
                "bvh_convert: --unit %s: unknown unit (m, cm, mm, in, ft, cmu, or metres per "
                "unit: a number above 0 and below 1e6)\n",
                v);
        return -1;
      }
    } else if (strcmp(a, "--svg") == 0) {
      o->svg = v;
    } else if (strcmp(a, "--skeleton") == 0) {
      o->skeleton = v;
    } else if (strcmp(a, "--quat") == 0) {
      if (strcmp(v, "xyzw") != 0 && strcmp(v, "wxyz") != 0) {
        fprintf(stderr, "bvh_convert: --quat %s: wxyz or xyzw expected\n", v);
        return -1;
      }
      o->xyzw = strcmp(v, "xyzw") == 0;
    } else if (strcmp(a, "--ground") == 0) {
      if (strcmp(v, "keep") != 0 && strcmp(v, "lowest") != 0) {
        fprintf(stderr, "bvh_convert: --ground %s: keep or lowest expected\n", v);
        return -1;
      }
      o->ground_lowest = strcmp(v, "lowest") == 0;
    } else { /* --skip */
      char *end;
      long n = strtol(v, &end, 10);
      if (*v == '\0' || *end != '\0' || n < 0 || n > 100000000L) {
        fprintf(stderr, "bvh_convert: --skip %s: a frame count expected\n", v);
        return -1;
      }
      o->skip = (int)n;
    }
  }
  if (!o->in) {
    fprintf(stderr, "bvh_convert: no input file\n");
    return -1;
  }
  return 0;
}

int main(int argc, char **argv) {
  options opt;
  bvh_file f;
  spconv_motion_clip clip, out, back;
  spconv_euler_seq *seq = NULL;
  spconv_real M[9], k;
  spconv_real *fk_in = NULL, *fk_out = NULL, *fk_al = NULL;
  char err[256], *text = NULL, caption[200];
  const char *unit_what = NULL;
  double lo[3], hi[3], rest_h, metres, h_file, h_robot, h_after = 0, ground = 0;
  double worst_fk = 0, worst_rot = 0, worst_align = 0;
  size_t len = 0, T, B, t, j;
  int i, fail = 0, n_joints = 0, head;

  memset(&f, 0, sizeof f);
  memset(&clip, 0, sizeof clip);
  memset(&out, 0, sizeof out);
  memset(&back, 0, sizeof back);
  if (parse_args(&opt, argc, argv)) {
    usage(stderr);
    return 2;
  }

  /* read and parse */
  text = read_file(opt.in, &len);
  if (!text) {
    fprintf(stderr, "bvh_convert: cannot read %s\n", opt.in);
    return 1;
  }
  if (bvh_parse_flags(&f, text, len, opt.strict ? BVH_PARSE_STRICT : 0, err, sizeof err)) {
    fprintf(stderr, "bvh_convert: %s: %s\n", opt.in, err);
    free(text);
    return 1;
  }
  free(text);
  text = NULL;
  if (f.extra_values) { /* three.js's BVHLoader, too, reads the declared frames only */
    char what[200];
    bvh_extra_describe(what, sizeof what, &f);
    fprintf(stderr,
            "bvh_convert: warning: %s: %s; read the %d declared frames and ignored the rest "
            "(--strict refuses such a file)\n",
            opt.in, what, f.frames);
  }
  for (i = 0; i < f.bodies; ++i) n_joints += !f.body[i].is_end;
  printf("%s: %d frames at %.6g s (%.1f fps), %d joints + %d End Sites, %d channels\n", opt.in,
         f.frames, f.frame_time, 1.0 / f.frame_time, n_joints, f.bodies - n_joints, f.channels);
  if (opt.skip >= f.frames) {
    fprintf(stderr, "bvh_convert: --skip %d leaves no frame of %d\n", opt.skip, f.frames);
    bvh_free(&f);
    return 1;
  }
  if (opt.skip) printf("skipping the first %d frame(s)\n", opt.skip);

  /* the clip in the file's units and axes */
  if (bvh_clip_alloc(&clip, f.frames - opt.skip, f.bodies) ||
      bvh_clip_alloc(&out, f.frames - opt.skip, f.bodies)) {
    fprintf(stderr, "bvh_convert: out of memory\n");
    fail = 1;
    goto done;
  }
  if (bvh_to_clip(&clip, &f, opt.skip, err, sizeof err)) {
    fprintf(stderr, "bvh_convert: %s: %s\n", opt.in, err);
    fail = 1;
    goto done;
  }
  T = (size_t)clip.frames;
  B = (size_t)clip.bodies;

  /* the length unit: BVH has none */
  bvh_rest_extent(lo, hi, &f);
  rest_h = hi[1] - lo[1];
  if (hi[2] - lo[2] > rest_h)
    fprintf(stderr,
            "bvh_convert: warning: the rest pose is longer along Z (%.4g) than along Y "
            "(%.4g): this file may not be Y-up, as the BVH preset assumes\n",
            hi[2] - lo[2], rest_h);
  if (opt.unit) { /* checked by parse_args */
    metres = opt.metres;
    unit_what = opt.unit_what;
  } else {
    size_t u = unit_estimate(rest_h);
    metres = units[u].metres;
    unit_what = units[u].what;
    fprintf(stderr,
            "bvh_convert: warning: BVH files carry no length unit. The rest pose is %.4g "
            "units tall; taking the unit as %s (%s, %.6g m), which makes it %.2f m tall. "
            "Pass --unit (m, cm, mm, in, ft, cmu or metres per unit) to choose.%s\n",
            rest_h, units[u].name, units[u].what, metres, rest_h * metres,
            (rest_h * metres < 1.0 || rest_h * metres > 2.3)
                ? " No unit gives a human height: check the file."
                : "");
  }
  printf("unit: %.6g m per file unit (%s); rest pose %.4g units = %.3f m tall\n", metres,
         unit_what, rest_h, rest_h * metres);

  /* BVH (Y up, facing +Z) -> robot (Z up, X forward), file units -> metres */
  if (spconv_axis_preset_matrix(M, SPCONV_AXIS_PRESET_BVH, SPCONV_AXIS_PRESET_ROBOT) != SPCONV_OK ||
      spconv_length_scale(&k, (spconv_real)metres, 1) != SPCONV_OK ||
      spconv_motion_clip_convert(&out, &clip, M, M, k) != SPCONV_OK) {
    fprintf(stderr, "bvh_convert: conversion refused\n");
    fail = 1;
    goto done;
  }
  printf("M (BVH -> robot) = [%g %g %g; %g %g %g; %g %g %g], k = %.6g\n", (double)M[0],
         (double)M[1], (double)M[2], (double)M[3], (double)M[4], (double)M[5], (double)M[6],
         (double)M[7], (double)M[8], (double)k);

  /* heading of the first frame, in the file and after the conversion */
  {
    spconv_real hf, hr;
    if (spconv_motion_clip_heading(&hf, &clip, 0, SPCONV_AXIS_Y, SPCONV_AXIS_POS_Z,
                                   SPCONV_AXIS_POS_Z) != SPCONV_OK ||
        spconv_motion_clip_heading(&hr, &out, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X,
                                   SPCONV_AXIS_POS_X) != SPCONV_OK) {
      fprintf(stderr, "bvh_convert: the first frame has no heading (its root faces up or down)\n");
      fail = 1;
      goto done;
    }
    h_file = (double)hf * 180.0 / 3.14159265358979323846;
    h_robot = (double)hr * 180.0 / 3.14159265358979323846;
    printf("heading of the first frame: %.2f deg in the file (about +Y, from +Z), %.2f deg "
           "converted (about +Z, from +X): it faces (%.3f, %.3f) in the ground plane\n",
           h_file, h_robot, cos((double)hr), sin((double)hr));
  }

  /* forward kinematics: the file's and the converted clip's */
  fk_in = fk_all(&clip, &f);
  fk_out = fk_all(&out, &f);
  if (!fk_in || !fk_out) {
    fprintf(stderr, "bvh_convert: out of memory\n");
    fail = 1;
    goto done;
  }
  if (opt.check) {
    spconv_real *ri = (spconv_real *)malloc(B * 4 * sizeof(spconv_real));
    spconv_real *ro = (spconv_real *)malloc(B * 4 * sizeof(spconv_real));
    if (!ri || !ro) {
      free(ri);
      free(ro);
      fail = 1;
      goto done;
    }
    for (t = 0; t < T; ++t) {
      bvh_fk(fk_in + t * B * 3, ri, &clip, &f, (int)t);
      bvh_fk(fk_out + t * B * 3, ro, &out, &f, (int)t);
      for (j = 0; j < B; ++j) {
        spconv_real want[3], Rw[9], Ro[9], Ri[9];
        spconv_vec_change_axes(want, M, fk_in + (t * B + j) * 3);
        for (i = 0; i < 3; ++i) want[i] *= k;
        worst_fk = fmax(worst_fk, max_diff(fk_out + (t * B + j) * 3, want, 3));
        /* world orientation: M R M^T */
        spconv_mat_from_quat_wxyz(Ri, ri + 4 * j);
        spconv_mat_from_quat_wxyz(Ro, ro + 4 * j);
        spconv_mat_change_axes(Rw, M, Ri);
        worst_rot = fmax(worst_rot, max_diff(Ro, Rw, 9));
      }
    }
    free(ri);
    free(ro);
    printf("check: forward kinematics of the converted clip vs k M (that of the file): worst "
           "%.3g m over %lu frames x %lu bodies; orientations (M R M^T): worst %.3g\n",
           worst_fk, (unsigned long)T, (unsigned long)B, worst_rot);
    if (!(worst_fk <= 1e-9 * fmax(1.0, rest_h * metres * 10)) || !(worst_rot <= 1e-9)) {
      printf("FAILED: forward kinematics differ\n");
      fail = 1;
    }
  }

  /* heading and ground */
  if (opt.align) {
    spconv_real hr, c[3], A[9] = {0, 0, 0, 0, 0, 0, 0, 0, 1};
    double th;
    if (opt.ground_lowest) {
      ground = 1e300;
      for (t = 0; t < T * B; ++t) ground = fmin(ground, (double)fk_out[3 * t + 2]);
    }
    if (spconv_motion_clip_heading(&hr, &out, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X,
                                   SPCONV_AXIS_POS_X) != SPCONV_OK)
      hr = 0; /* a root without a heading (forward axis vertical): draw unturned */
    th = (double)hr;
    c[0] = out.root_pos[0];
    c[1] = out.root_pos[1];
    c[2] = (spconv_real)ground;
    if (spconv_motion_clip_align(&out, &out, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X,
                                 SPCONV_AXIS_POS_X, (spconv_real)ground) != SPCONV_OK ||
        spconv_motion_clip_heading(&hr, &out, 0, SPCONV_AXIS_Z, SPCONV_AXIS_POS_X,
                                   SPCONV_AXIS_POS_X) != SPCONV_OK) {
      fprintf(stderr, "bvh_convert: alignment refused\n");
      fail = 1;
      goto done;
    }
    h_after = (double)hr * 180.0 / 3.14159265358979323846;
    fk_al = fk_all(&out, &f);
    if (!fk_al) {
      fail = 1;
      goto done;
    }
    /* the turn the call made: A = Rz(-th), about the point c */
    A[0] = A[4] = (spconv_real)cos(th);
    A[1] = (spconv_real)sin(th);
    A[3] = -A[1];
    for (t = 0; t < T * B; ++t) {
      spconv_real d[3], want[3];
      for (i = 0; i < 3; ++i) d[i] = fk_out[3 * t + (size_t)i] - c[i];
      spconv_vec_change_axes(want, A, d);
      worst_align = fmax(worst_align, max_diff(fk_al + 3 * t, want, 3));
    }
    printf("aligned: turned by %.2f deg about +Z, the root moved to (%.3f, %.3f, %.3f) m "
           "(ground plane z = %.4g m of the converted file); heading now %.2g deg\n",
           -h_robot, (double)out.root_pos[0], (double)out.root_pos[1], (double)out.root_pos[2],
           ground, h_after);
    if (opt.check) {
      printf("check: aligned clip vs the converted one turned by Rz(%.2f deg): worst %.3g m\n",
             -h_robot, worst_align);
      if (!(worst_align <= 1e-9 * fmax(1.0, rest_h * metres * 10)) || !(fabs(h_after) < 1e-9)) {
        printf("FAILED: the alignment is not a turn about +Z to heading 0\n");
        fail = 1;
      }
    }
    free(fk_out);
    fk_out = fk_al;
    fk_al = NULL;
  }

  /* heights, feet, head */
  {
    double *low = (double *)malloc(T * sizeof(double));
    double *feet = (double *)malloc(T * sizeof(double));
    double h0_file = 0, h0_robot = 0, ymin = 1e300, ymax = -1e300, zmin = 1e300, zmax = -1e300;
    int n_up = 0, any_foot = 0;
    head = find_head(&f);
    if (!low || !feet) {
      free(low);
      free(feet);
      fail = 1;
      goto done;
    }
    for (j = 0; j < B; ++j) {
      ymin = fmin(ymin, (double)fk_in[3 * j + 1]);
      ymax = fmax(ymax, (double)fk_in[3 * j + 1]);
      zmin = fmin(zmin, (double)fk_out[3 * j + 2]);
      zmax = fmax(zmax, (double)fk_out[3 * j + 2]);
      any_foot |= is_foot(&f, (int)j);
    }
    h0_file = ymax - ymin;
    h0_robot = zmax - zmin;
    for (t = 0; t < T; ++t) {
      low[t] = feet[t] = 1e300;
      for (j = 0; j < B; ++j) {
        double z = (double)fk_out[(t * B + j) * 3 + 2];
        low[t] = fmin(low[t], z);
        if (!any_foot || is_foot(&f, (int)j)) feet[t] = fmin(feet[t], z);
      }
      if (head >= 0 && fk_out[(t * B + (size_t)head) * 3 + 2] > fk_out[t * B * 3 + 2]) ++n_up;
    }
    qsort(feet, T, sizeof *feet, cmp_double);
    printf("first frame: %.4g units tall in the file (%.3f m if read as centimetres), %.3f m "
           "after the conversion\n",
           h0_file, h0_file * 0.01, h0_robot);
    printf("feet (%s): lowest point per frame from %.3f to %.3f m above the ground plane, "
           "median %.3f m\n",
           any_foot ? "joints named *foot* or *toe* and their End Sites" : "lowest body",
           feet[0], feet[T - 1], feet[T / 2]);
    if (head >= 0)
      printf("head (%s) above the root (%s) in %d of %lu frames\n", f.body[head].name,
             f.body[0].name, n_up, (unsigned long)T);
    (void)snprintf(caption, sizeof caption, "%.2f m tall%s", h0_robot,
                   opt.align ? "; turned to face +X, root above the origin" : "");
    if (opt.svg) {
      if (write_svg(opt.svg, &f, &clip, &out, caption, h0_file * 0.01, h0_robot)) {
        fprintf(stderr, "bvh_convert: cannot write %s\n", opt.svg);
        fail = 1;
      } else printf("wrote %s\n", opt.svg);
    }
    free(low);
    free(feet);
  }

  /* outputs */
  seq = (spconv_euler_seq *)malloc(B * sizeof *seq);
  if (!seq) {
    fail = 1;
    goto done;
  }
  for (j = 0; j < B; ++j)
    if (bvh_seq_relabel(&seq[j], f.body[j].n_rot == 3 ? f.body[j].seq : SPCONV_EULER_ZXY, M)) {
      fail = 1;
      goto done;
    }
  for (i = 0; i < opt.n_out; ++i) {
    const char *o = opt.out[i];
    int r;
    if (ends_with(o, ".bvh")) {
      char *txt = bvh_write(&len, &f, &out, seq);
      r = txt ? write_file(o, txt, len) : -1;
      free(txt);
      if (r == 0 && opt.check) { /* read it back from the disk */
        bvh_file g;
        double dp, dq, dl, doff, dfk;
        spconv_real *fk_back;
        txt = read_file(o, &len);
        if (!txt || bvh_parse(&g, txt, len, err, sizeof err)) {
          fprintf(stderr, "bvh_convert: reading back %s: %s\n", o, txt ? err : "cannot read");
          free(txt);
          fail = 1;
          continue;
        }
        free(txt);
        if (bvh_clip_alloc(&back, g.frames, g.bodies) || g.bodies != f.bodies ||
            g.frames != out.frames || bvh_to_clip(&back, &g, 0, err, sizeof err)) {
          fprintf(stderr, "bvh_convert: %s does not read back as the converted clip\n", o);
          bvh_free(&g);
          bvh_clip_free(&back);
          fail = 1;
          continue;
        }
        fk_back = fk_all(&back, &g);
        dp = max_diff(back.root_pos, out.root_pos, 3 * T);
        dq = max_quat_diff(back.root_rot, out.root_rot, T);
        dl = max_quat_diff(back.local_rot, out.local_rot, T * B);
        doff = max_diff(back.offsets, out.offsets, 3 * B);
        dfk = fk_back ? max_diff(fk_back, fk_out, 3 * T * B) : 1e300;
        printf("check: %s read back: root position %.2g m, root rotation %.2g, local "
               "rotations %.2g, offsets %.2g m, forward kinematics %.2g m from the converted "
               "clip\n",
               o, dp, dq, dl, doff, dfk);
        if (!(dp <= 1e-6 && doff <= 1e-6 && dq <= 1e-6 && dl <= 1e-6 && dfk <= 2e-5)) {
          printf("FAILED: the written BVH does not read back as the converted clip\n");
          fail = 1;
        }
        free(fk_back);
        bvh_free(&g);
        bvh_clip_free(&back);
      }
    } else if (ends_with(o, ".csv")) {
      r = write_csv(o, &f, &out, opt.xyzw);
    } else if (ends_with(o, ".npy")) {
      r = write_npy(o, &f, &out, opt.xyzw);
    } else {
      fprintf(stderr, "bvh_convert: %s: the output must end in .bvh, .csv or .npy\n", o);
      fail = 1;
      continue;
    }
    if (r) {
      fprintf(stderr, "bvh_convert: cannot write %s\n", o);
      fail = 1;
    } else printf("wrote %s\n", o);
  }
  if (opt.skeleton) {
    if (write_skeleton(opt.skeleton, &f, &out)) {
      fprintf(stderr, "bvh_convert: cannot write %s\n", opt.skeleton);
      fail = 1;
    } else printf("wrote %s\n", opt.skeleton);
  }
  printf("%s\n", fail ? "FAILED" : "ok");

done:
  free(seq);
  free(fk_in);
  free(fk_out);
  free(fk_al);
  bvh_clip_free(&clip);
  bvh_clip_free(&out);
  bvh_free(&f);
  return fail;
}
