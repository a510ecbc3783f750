/* bvh_text.h - a small BVH reader and writer over memory buffers, shared by
   examples/bvh_convert.c and tests/test_bvh_real.c. It is not part of the
   library: spatial_conv.h does no I/O and allocates nothing, while this
   helper allocates with malloc; it still reads and writes text in memory
   only (the caller reads and writes the files).

     bvh_parse        BVH text -> bvh_file: hierarchy, channels, motion values
                      (bvh_parse_flags: BVH_PARSE_STRICT refuses extra data)
     bvh_extra_describe  what lies after the declared frames, in words
     bvh_clip_alloc   a clip with wxyz quaternions (bvh_clip_free frees it)
     bvh_to_clip      bvh_file -> spconv_motion_clip, in the file's units and
                      axes, with the root convention of spconv_motion_clip
     bvh_fk           world position and orientation of every body of a frame
     bvh_rest_extent  the bounding box of the rest pose (every rotation zero)
     bvh_seq_relabel  a rotation order under a change of axes
     bvh_write        a clip and the file's hierarchy -> BVH text

   BVH, as read here: one ROOT; per joint an OFFSET (its origin in its
   parent's axes) and a CHANNELS list whose names may be separated by any
   white space, line ends included; End Sites (an OFFSET, no channels) are
   kept as bodies, so that the tip of the head and of the toes take part in
   heights. Rotation channels are applied in the order listed, each about
   the axes already turned (spconv_euler_seq_from_bvh_channels). The ROOT's
   world position is its OFFSET plus its position channels (what three.js's
   BVHLoader does; CMU files have a zero root OFFSET, where every reader
   agrees). A non-root joint may have position channels only if they stay
   constant: they are added to its OFFSET. Angles in the file are degrees.
   MOTION: the frames that `Frames:` declares are read; values after them
   (some files have a line more) are ignored and counted in extra_values,
   extra_lines and extra_line, as three.js's BVHLoader reads the declared
   count and ignores the rest; BVH_PARSE_STRICT makes them an error. Fewer
   values than declared is always an error.

   Every function returns 0 on success and -1 on error, with a message in
   err (err_size bytes) where it takes one. C99, double or float
   (SPCONV_USE_FLOAT). */
#ifndef BVH_TEXT_H
#define BVH_TEXT_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spatial_conv.h"

#define BVH_NAME_MAX 64    /* longest joint name + 1 */
#define BVH_MAX_BODIES 4096
#define BVH_MAX_DEPTH 256

/** One joint or End Site. */
typedef struct bvh_body {
  char name[BVH_NAME_MAX]; /* an End Site is named after its joint: "<joint>_end" */
  int parent;              /* parent body, -1 for the ROOT; parents come first */
  int is_end;              /* 1 for an End Site */
  double offset[3];        /* OFFSET, in the file's units and axes */
  int n_chan;              /* number of channels */
  int pos_col[3];          /* column of Xposition, Yposition, Zposition in a frame, -1 if none */
  int n_rot;               /* rotation channels: 0 or 3 */
  int rot_col[3];          /* columns of the rotation channels, in listed order */
  int rot_axis[3];         /* their axes (0, 1, 2 = X, Y, Z), in listed order */
  spconv_euler_seq seq;    /* their axes in listed order (intrinsic) */
} bvh_body;

/** A parsed BVH file. */
typedef struct bvh_file {
  int bodies;        /* joints and End Sites, in file order */
  bvh_body *body;    /* [bodies] */
  int channels;      /* values per frame */
  int frames;
  double frame_time; /* seconds */
  double *motion;    /* [frames][channels], as written */
  /* after the declared frames (ignored; an error under BVH_PARSE_STRICT): */
  size_t extra_values; /* values (any tokens) after the last declared one */
  int extra_lines;     /* lines they stand on */
  int extra_line;      /* the first of those lines, 0 when there is no extra data */
} bvh_file;

/* bvh_parse_flags: refuse values after the declared frames (bvh_parse
   ignores them and counts them in extra_values) */
#define BVH_PARSE_STRICT 1

/* ------------------------------------------------------------------ errors */

static inline int bvh__fail(char *err, size_t err_size, int line, const char *fmt, ...) {
  va_list ap;
  size_t n = 0;
  if (!err || err_size == 0) return -1;
  if (line > 0) {
    int w = snprintf(err, err_size, "line %d: ", line);
    n = w > 0 ? (size_t)w : 0;
    if (n >= err_size) return -1;
  }
  va_start(ap, fmt);
  (void)vsnprintf(err + n, err_size - n, fmt, ap);
  va_end(ap);
  return -1;
}

/* ------------------------------------------------------------------- lexer */

typedef struct bvh__lex {
  const char *s;
  size_t n, i;
  int line;
  const char *tok; /* the last token */
  size_t len;
} bvh__lex;

static inline int bvh__space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* the next token (a run of non-space characters); 0 at the end of the text */
static inline int bvh__next(bvh__lex *L) {
  while (L->i < L->n && (bvh__space(L->s[L->i]) || L->s[L->i] == '\0')) {
    if (L->s[L->i] == '\n') ++L->line;
    ++L->i;
  }
  if (L->i >= L->n) {
    L->tok = L->s + L->n;
    L->len = 0;
    return 0;
  }
  L->tok = L->s + L->i;
  while (L->i < L->n && !bvh__space(L->s[L->i]) && L->s[L->i] != '\0') ++L->i;
  L->len = (size_t)(L->s + L->i - L->tok);
  return 1;
}

/* 1 when the last token is exactly `word` */
static inline int bvh__is(const bvh__lex *L, const char *word) {
  size_t n = strlen(word);
  return L->len == n && memcmp(L->tok, word, n) == 0;
}

/* the last token as a finite number */
static inline int bvh__number(const bvh__lex *L, double *res) {
  char buf[64], *end;
  double v;
  if (L->len == 0 || L->len >= sizeof buf) return 0;
  memcpy(buf, L->tok, L->len);
  buf[L->len] = '\0';
  v = strtod(buf, &end);
  if (end != buf + L->len || !(v - v == 0.0)) return 0;
  *res = v;
  return 1;
}

/* ------------------------------------------------------------------ parser */

typedef struct bvh__parser {
  bvh__lex L;
  bvh_file *f;
  int cap;
  char *err;
  size_t err_size;
} bvh__parser;

static inline int bvh__add_body(bvh__parser *P, int parent, int is_end) {
  bvh_body *b;
  if (P->f->bodies >= BVH_MAX_BODIES)
    return bvh__fail(P->err, P->err_size, P->L.line, "more than %d joints", BVH_MAX_BODIES);
  if (P->f->bodies == P->cap) {
    int cap = P->cap ? 2 * P->cap : 64;
    bvh_body *nb = (bvh_body *)realloc(P->f->body, (size_t)cap * sizeof *nb);
    if (!nb) return bvh__fail(P->err, P->err_size, 0, "out of memory");
    P->f->body = nb;
    P->cap = cap;
  }
  b = &P->f->body[P->f->bodies];
  memset(b, 0, sizeof *b);
  b->parent = parent;
  b->is_end = is_end;
  b->pos_col[0] = b->pos_col[1] = b->pos_col[2] = -1;
  b->rot_col[0] = b->rot_col[1] = b->rot_col[2] = -1;
  b->seq = SPCONV_EULER_XYZ;
  return P->f->bodies++;
}

/* OFFSET x y z */
static inline int bvh__offset(bvh__parser *P, bvh_body *b) {
  int i;
  if (!bvh__next(&P->L) || !bvh__is(&P->L, "OFFSET"))
    return bvh__fail(P->err, P->err_size, P->L.line, "OFFSET expected");
  for (i = 0; i < 3; ++i)
    if (!bvh__next(&P->L) || !bvh__number(&P->L, &b->offset[i]))
      return bvh__fail(P->err, P->err_size, P->L.line, "OFFSET needs three numbers");
  return 0;
}

/* CHANNELS n name... (names separated by any white space, line ends too) */
static inline int bvh__channels(bvh__parser *P, bvh_body *b) {
  char list[16 * 10 + 1];
  double n_d;
  int n, k, first = P->f->channels;
  size_t used = 0;
  if (!bvh__next(&P->L) || !bvh__is(&P->L, "CHANNELS"))
    return bvh__fail(P->err, P->err_size, P->L.line, "CHANNELS expected");
  if (!bvh__next(&P->L) || !bvh__number(&P->L, &n_d) || n_d < 0 || n_d > 16 ||
      n_d != floor(n_d))
    return bvh__fail(P->err, P->err_size, P->L.line, "CHANNELS needs a count from 0 to 16");
  n = (int)n_d;
  for (k = 0; k < n; ++k) {
    if (!bvh__next(&P->L) || P->L.len != 9)
      return bvh__fail(P->err, P->err_size, P->L.line, "unknown channel name");
    if (memcmp(P->L.tok + 1, "position", 8) == 0 && P->L.tok[0] >= 'X' && P->L.tok[0] <= 'Z') {
      b->pos_col[P->L.tok[0] - 'X'] = first + k;
    } else if (memcmp(P->L.tok + 1, "rotation", 8) == 0 && P->L.tok[0] >= 'X' &&
               P->L.tok[0] <= 'Z') {
      if (b->n_rot == 3)
        return bvh__fail(P->err, P->err_size, P->L.line, "more than three rotation channels");
      b->rot_axis[b->n_rot] = P->L.tok[0] - 'X';
      b->rot_col[b->n_rot++] = first + k;
    } else {
      return bvh__fail(P->err, P->err_size, P->L.line, "unknown channel name %.*s",
                       (int)P->L.len, P->L.tok);
    }
    memcpy(list + used, P->L.tok, 9);
    list[used + 9] = ' ';
    used += 10;
  }
  list[used ? used - 1 : 0] = '\0';
  if (b->n_rot == 3) {
    spconv_euler_kind kind;
    if (spconv_euler_seq_from_bvh_channels(&b->seq, &kind, NULL, NULL, list) != SPCONV_OK)
      return bvh__fail(P->err, P->err_size, P->L.line, "rotation channels %s not supported", list);
  } else if (b->n_rot != 0) {
    return bvh__fail(P->err, P->err_size, P->L.line,
                     "%d rotation channels: only 0 or 3 are supported", b->n_rot);
  }
  b->n_chan = n;
  P->f->channels += n;
  return 0;
}

/* ROOT / JOINT <name> { OFFSET CHANNELS (JOINT | End Site)* }, the keyword read */
static inline int bvh__joint(bvh__parser *P, int parent, int depth) {
  int j;
  if (depth > BVH_MAX_DEPTH)
    return bvh__fail(P->err, P->err_size, P->L.line, "hierarchy deeper than %d", BVH_MAX_DEPTH);
  if ((j = bvh__add_body(P, parent, 0)) < 0) return -1;
  if (!bvh__next(&P->L) || bvh__is(&P->L, "{"))
    return bvh__fail(P->err, P->err_size, P->L.line, "joint name expected");
  if (P->L.len >= BVH_NAME_MAX)
    return bvh__fail(P->err, P->err_size, P->L.line, "joint name longer than %d characters",
                     BVH_NAME_MAX - 1);
  memcpy(P->f->body[j].name, P->L.tok, P->L.len);
  P->f->body[j].name[P->L.len] = '\0';
  if (!bvh__next(&P->L) || !bvh__is(&P->L, "{"))
    return bvh__fail(P->err, P->err_size, P->L.line, "{ expected after %s", P->f->body[j].name);
  if (bvh__offset(P, &P->f->body[j]) || bvh__channels(P, &P->f->body[j])) return -1;
  for (;;) {
    if (!bvh__next(&P->L))
      return bvh__fail(P->err, P->err_size, P->L.line, "end of text inside %s",
                       P->f->body[j].name);
    if (bvh__is(&P->L, "}")) break;
    if (bvh__is(&P->L, "JOINT")) {
      if (bvh__joint(P, j, depth + 1)) return -1;
    } else if (bvh__is(&P->L, "End")) {
      int e;
      if (!bvh__next(&P->L) || !bvh__is(&P->L, "Site"))
        return bvh__fail(P->err, P->err_size, P->L.line, "End Site expected");
      if ((e = bvh__add_body(P, j, 1)) < 0) return -1;
      {
        size_t n = strlen(P->f->body[j].name);
        if (n > BVH_NAME_MAX - 5) n = BVH_NAME_MAX - 5;
        memcpy(P->f->body[e].name, P->f->body[j].name, n);
        memcpy(P->f->body[e].name + n, "_end", 5);
      }
      if (!bvh__next(&P->L) || !bvh__is(&P->L, "{") || bvh__offset(P, &P->f->body[e]) ||
          !bvh__next(&P->L) || !bvh__is(&P->L, "}"))
        return bvh__fail(P->err, P->err_size, P->L.line, "End Site { OFFSET x y z } expected");
    } else {
      return bvh__fail(P->err, P->err_size, P->L.line, "JOINT, End Site or } expected, got %.*s",
                       (int)P->L.len, P->L.tok);
    }
  }
  return 0;
}

/** Frees what bvh_parse allocated and zeroes f. */
static inline void bvh_free(bvh_file *f) {
  if (!f) return;
  free(f->body);
  free(f->motion);
  memset(f, 0, sizeof *f);
}

/** Writes into buf (size bytes) what lies after the declared frames of f,
   e.g. "66 extra values on 1 line from line 3199 (1 frame's worth) after
   the 3069 frames x 66 channels that Frames: declares"; an empty string
   when nothing does. */
static inline void bvh_extra_describe(char *buf, size_t size, const bvh_file *f) {
  char worth[48] = "";
  if (!buf || size == 0) return;
  buf[0] = '\0';
  if (f->extra_values == 0) return;
  if (f->channels > 0 && f->extra_values % (size_t)f->channels == 0) {
    unsigned long k = (unsigned long)(f->extra_values / (size_t)f->channels);
    (void)snprintf(worth, sizeof worth, " (%lu frame%s worth)", k, k == 1 ? "'s" : "s'");
  }
  (void)snprintf(buf, size,
                 "%lu extra value%s on %d line%s from line %d%s after the %d frames x %d "
                 "channels that Frames: declares",
                 (unsigned long)f->extra_values, f->extra_values == 1 ? "" : "s", f->extra_lines,
                 f->extra_lines == 1 ? "" : "s", f->extra_line, worth, f->frames, f->channels);
}

/** Parses the BVH text text[0 .. len) (need not end in NUL) into f: the
   `Frames:` frames declared, values after them ignored and counted in
   f->extra_values (lines: f->extra_lines, from f->extra_line), or, with
   flags & BVH_PARSE_STRICT, an error. Fewer values than declared is an
   error. On error f is left empty and err says where. */
static inline int bvh_parse_flags(bvh_file *f, const char *text, size_t len, int flags, char *err,
                                  size_t err_size) {
  bvh__parser P;
  double v;
  size_t i, n;
  int last;
  memset(f, 0, sizeof *f);
  memset(&P, 0, sizeof P);
  P.L.s = text;
  P.L.n = text ? len : 0;
  P.L.line = 1;
  P.f = f;
  P.err = err;
  P.err_size = err_size;
  if (!bvh__next(&P.L) || !bvh__is(&P.L, "HIERARCHY")) {
    bvh__fail(err, err_size, P.L.line, "HIERARCHY expected");
    goto fail;
  }
  if (!bvh__next(&P.L) || !bvh__is(&P.L, "ROOT")) {
    bvh__fail(err, err_size, P.L.line, "ROOT expected");
    goto fail;
  }
  if (bvh__joint(&P, -1, 0)) goto fail;
  if (!bvh__next(&P.L) || !bvh__is(&P.L, "MOTION")) {
    bvh__fail(err, err_size, P.L.line, "MOTION expected (one ROOT per file)");
    goto fail;
  }
  if (!bvh__next(&P.L) || !bvh__is(&P.L, "Frames:") || !bvh__next(&P.L) ||
      !bvh__number(&P.L, &v) || v < 0 || v > 1e8 || v != floor(v)) {
    bvh__fail(err, err_size, P.L.line, "Frames: <count> expected");
    goto fail;
  }
  f->frames = (int)v;
  if (!bvh__next(&P.L) || !bvh__is(&P.L, "Frame") || !bvh__next(&P.L) ||
      !bvh__is(&P.L, "Time:") || !bvh__next(&P.L) || !bvh__number(&P.L, &f->frame_time) ||
      !(f->frame_time > 0.0)) {
    bvh__fail(err, err_size, P.L.line, "Frame Time: <seconds> expected");
    goto fail;
  }
  n = (size_t)f->frames * (size_t)f->channels;
  f->motion = (double *)malloc((n ? n : 1) * sizeof *f->motion);
  if (!f->motion) {
    bvh__fail(err, err_size, 0, "out of memory for %d frames", f->frames);
    goto fail;
  }
  for (i = 0; i < n; ++i)
    if (!bvh__next(&P.L) || !bvh__number(&P.L, &f->motion[i])) {
      bvh__fail(err, err_size, P.L.line, "frame %d: %s", (int)(i / (size_t)f->channels),
                P.L.len ? "not a finite number" : "fewer values than Frames x channels");
      goto fail;
    }
  /* what follows the declared frames: counted, then ignored or refused */
  for (last = 0; bvh__next(&P.L); ++f->extra_values) {
    if (f->extra_values == 0) f->extra_line = P.L.line;
    if (P.L.line != last) ++f->extra_lines;
    last = P.L.line;
  }
  if (f->extra_values && (flags & BVH_PARSE_STRICT)) {
    char what[200];
    bvh_extra_describe(what, sizeof what, f);
    bvh__fail(err, err_size, 0, "more values than Frames x channels: %s", what);
    goto fail;
  }
  return 0;
fail:
  bvh_free(f);
  return -1;
}

/** bvh_parse_flags with no flags: values after the declared frames are
   ignored (counted in f->extra_values). */
static inline int bvh_parse(bvh_file *f, const char *text, size_t len, char *err,
                            size_t err_size) {
  return bvh_parse_flags(f, text, len, 0, err, err_size);
}

/* -------------------------------------------------------------- the clip */

/** Allocates a clip of `frames` x `bodies` with root_pos, root_rot (wxyz),
   local_rot (wxyz) and offsets, zeroed; no velocities. */
static inline int bvh_clip_alloc(spconv_motion_clip *c, int frames, int bodies) {
  size_t T = (size_t)(frames > 0 ? frames : 1), B = (size_t)(bodies > 0 ? bodies : 1);
  memset(c, 0, sizeof *c);
  c->frames = frames;
  c->bodies = bodies;
  c->root_rot_format = SPCONV_ROT_QUAT_WXYZ;
  c->local_rot_format = SPCONV_ROT_QUAT_WXYZ;
  c->root_pos = (spconv_real *)calloc(3 * T, sizeof(spconv_real));
  c->root_rot = (spconv_real *)calloc(4 * T, sizeof(spconv_real));
  c->local_rot = (spconv_real *)calloc(4 * T * B, sizeof(spconv_real));
  c->offsets = (spconv_real *)calloc(3 * B, sizeof(spconv_real));
  if (!c->root_pos || !c->root_rot || !c->local_rot || !c->offsets) {
    free(c->root_pos);
    free(c->root_rot);
    free(c->local_rot);
    free(c->offsets);
    memset(c, 0, sizeof *c);
    return -1;
  }
  return 0;
}

/** Frees the arrays of a clip from bvh_clip_alloc. */
static inline void bvh_clip_free(spconv_motion_clip *c) {
  free(c->root_pos);
  free(c->root_rot);
  free(c->local_rot);
  free(c->offsets);
  memset(c, 0, sizeof *c);
}

/** Fills c (from bvh_clip_alloc(c, f->frames - first, f->bodies)) with
   frames first .. f->frames - 1 of f, in the file's units and axes:
   root_pos = ROOT OFFSET + position channels, root_rot = the ROOT's
   rotation channels, body 0 = the ROOT with offsets[0] = 0 and local_rot
   the identity; every other joint: local_rot = its rotation channels,
   offsets = OFFSET (+ constant position channels); End Sites: identity. */
static inline int bvh_to_clip(spconv_motion_clip *c, const bvh_file *f, int first, char *err,
                              size_t err_size) {
  int t, j, i, T = f->frames - first;
  if (first < 0 || T < 1 || c->frames != T || c->bodies != f->bodies ||
      c->root_rot_format != SPCONV_ROT_QUAT_WXYZ || c->local_rot_format != SPCONV_ROT_QUAT_WXYZ)
    return bvh__fail(err, err_size, 0, "bvh_to_clip: %d frames from frame %d of %d, clip %d x %d",
                     T, first, f->frames, c->frames, c->bodies);
  for (j = 0; j < f->bodies; ++j) {
    const bvh_body *b = &f->body[j];
    for (t = 0; t < T; ++t) {
      const double *m = f->motion + (size_t)(first + t) * (size_t)f->channels;
      spconv_real *L = c->local_rot + 4 * ((size_t)t * (size_t)f->bodies + (size_t)j);
      spconv_real q[4] = {1, 0, 0, 0};
      double p[3];
      for (i = 0; i < 3; ++i) p[i] = b->offset[i] + (b->pos_col[i] >= 0 ? m[b->pos_col[i]] : 0.0);
      if (b->n_rot == 3) {
        spconv_real deg[3];
        for (i = 0; i < 3; ++i) deg[i] = (spconv_real)m[b->rot_col[i]];
        if (spconv_quat_wxyz_from_bvh(q, deg, b->seq) != SPCONV_OK)
          return bvh__fail(err, err_size, 0, "%s: bad rotation order", b->name);
      }
      if (b->parent < 0) {
        for (i = 0; i < 3; ++i) c->root_pos[3 * (size_t)t + (size_t)i] = (spconv_real)p[i];
        for (i = 0; i < 4; ++i) c->root_rot[4 * (size_t)t + (size_t)i] = q[i];
        L[0] = 1;
        L[1] = L[2] = L[3] = 0;
        if (t == 0) c->offsets[3 * j] = c->offsets[3 * j + 1] = c->offsets[3 * j + 2] = 0;
        continue;
      }
      for (i = 0; i < 4; ++i) L[i] = q[i];
      for (i = 0; i < 3; ++i) {
        spconv_real o = (spconv_real)p[i];
        if (t == 0) c->offsets[3 * j + i] = o;
        else if (c->offsets[3 * j + i] != o)
          return bvh__fail(err, err_size, 0,
                           "%s: its position channels change over time (only a ROOT may move)",
                           b->name);
      }
    }
  }
  return 0;
}

/** World orientation rot[bodies][4] (wxyz) and origin pos[bodies][3] of
   every body of frame t of a clip with wxyz rotations, parents from f:
   the root convention of spconv_motion_clip. */
static inline void bvh_fk(spconv_real *pos, spconv_real *rot, const spconv_motion_clip *c,
                          const bvh_file *f, int t) {
  int j, i;
  for (j = 0; j < c->bodies; ++j) {
    int p = f->body[j].parent;
    const spconv_real *Rp = p < 0 ? c->root_rot + 4 * (size_t)t : rot + 4 * p;
    const spconv_real *pp = p < 0 ? c->root_pos + 3 * (size_t)t : pos + 3 * p;
    spconv_real o[3];
    spconv_quat_mul_wxyz(rot + 4 * j, Rp,
                         c->local_rot + 4 * ((size_t)t * (size_t)c->bodies + (size_t)j));
    spconv_quat_rotate_wxyz(o, Rp, c->offsets + 3 * j);
    for (i = 0; i < 3; ++i) pos[3 * j + i] = pp[i] + o[i];
  }
}

/** lo[3], hi[3] = the bounding box of the rest pose (every channel zero,
   the ROOT at its OFFSET), End Sites included, in the file's units and
   axes. */
static inline void bvh_rest_extent(double lo[3], double hi[3], const bvh_file *f) {
  double *p = (double *)malloc((size_t)(f->bodies > 0 ? f->bodies : 1) * 3 * sizeof(double));
  int j, i;
  for (i = 0; i < 3; ++i) lo[i] = hi[i] = 0.0;
  if (!p) return;
  for (j = 0; j < f->bodies; ++j)
    for (i = 0; i < 3; ++i) {
      int par = f->body[j].parent;
      p[3 * j + i] = f->body[j].offset[i] + (par < 0 ? 0.0 : p[3 * par + i]);
      if (j == 0 || p[3 * j + i] < lo[i]) lo[i] = p[3 * j + i];
      if (j == 0 || p[3 * j + i] > hi[i]) hi[i] = p[3 * j + i];
    }
  free(p);
}

/** *res = the rotation order of a joint whose axes are relabelled by M
   (v_to = M v_from, a signed permutation): the order that reads the same
   angles, up to sign, after spconv_motion_clip_convert. BVH -> robot
   ((x, y, z) -> (z, x, y)): "Zrotation Yrotation Xrotation" becomes
   "Xrotation Zrotation Yrotation". */
static inline int bvh_seq_relabel(spconv_euler_seq *res, spconv_euler_seq seq,
                                  const spconv_real M[9]) {
  char buf[32];
  spconv_euler_kind kind;
  int n, b;
  if (spconv_bvh_channels_from_euler_seq(buf, sizeof buf, seq, SPCONV_EULER_INTRINSIC) != SPCONV_OK)
    return -1;
  for (n = 0; n < 3; ++n) {
    int a = buf[10 * n] - 'X', found = -1;
    for (b = 0; b < 3; ++b)
      if (M[3 * b + a] != 0) found = b;
    if (found < 0) return -1;
    buf[10 * n] = (char)('X' + found);
  }
  return spconv_euler_seq_from_bvh_channels(res, &kind, NULL, NULL, buf) == SPCONV_OK ? 0 : -1;
}

/* ------------------------------------------------------------------ writer */

/** A growing text buffer. */
typedef struct bvh_text {
  char *s;
  size_t len, cap;
  int failed;
} bvh_text;

static inline void bvh_text_printf(bvh_text *b, const char *fmt, ...) {
  va_list ap;
  int n;
  if (b->failed) return;
  va_start(ap, fmt);
  n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) {
    b->failed = 1;
    return;
  }
  if (b->len + (size_t)n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    char *s;
    while (b->len + (size_t)n + 1 > cap) cap *= 2;
    s = (char *)realloc(b->s, cap);
    if (!s) {
      b->failed = 1;
      return;
    }
    b->s = s;
    b->cap = cap;
  }
  va_start(ap, fmt);
  (void)vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

static inline void bvh__write_rot_channels(bvh_text *b, spconv_euler_seq seq) {
  char buf[32];
  if (spconv_bvh_channels_from_euler_seq(buf, sizeof buf, seq, SPCONV_EULER_INTRINSIC) != SPCONV_OK)
    b->failed = 1;
  else bvh_text_printf(b, " %s\n", buf);
}

static inline void bvh__write_node(bvh_text *b, const bvh_file *f, const spconv_motion_clip *c,
                                   const spconv_euler_seq *seq, int j, int depth) {
  int k, d;
  const spconv_real *o = c->offsets + 3 * j;
  char ind[BVH_MAX_DEPTH + 2];
  for (d = 0; d < depth && d < BVH_MAX_DEPTH; ++d) ind[d] = '\t';
  ind[d] = '\0';
  if (f->body[j].is_end) {
    bvh_text_printf(b, "%sEnd Site\n%s{\n%s\tOFFSET %.6f %.6f %.6f\n%s}\n", ind, ind, ind,
                    (double)o[0], (double)o[1], (double)o[2], ind);
    return;
  }
  if (f->body[j].parent < 0) {
    bvh_text_printf(b, "%sROOT %s\n%s{\n%s\tOFFSET 0 0 0\n%s\tCHANNELS 6 Xposition Yposition "
                       "Zposition", ind, f->body[j].name, ind, ind, ind);
  } else {
    bvh_text_printf(b, "%sJOINT %s\n%s{\n%s\tOFFSET %.6f %.6f %.6f\n%s\tCHANNELS 3", ind,
                    f->body[j].name, ind, ind, (double)o[0], (double)o[1], (double)o[2], ind);
  }
  bvh__write_rot_channels(b, seq[j]);
  for (k = j + 1; k < f->bodies; ++k)
    if (f->body[k].parent == j) bvh__write_node(b, f, c, seq, k, depth + 1);
  bvh_text_printf(b, "%s}\n", ind);
}

/** BVH text of clip c (wxyz rotations; the hierarchy, names and frame
   time of f, the clip's offsets and units) with the rotation order seq[j]
   for joint j. The ROOT is written with OFFSET 0 and position channels =
   the world origin of body 0 (root_pos + root_rot offsets[0]), rotation =
   root_rot local_rot[:, 0], so any BVH reader places it alike. Returns a
   malloc'd NUL-terminated text (*len bytes), NULL on failure. */
static inline char *bvh_write(size_t *len, const bvh_file *f, const spconv_motion_clip *c,
                              const spconv_euler_seq *seq) {
  bvh_text b;
  int t, j;
  memset(&b, 0, sizeof b);
  if (c->bodies != f->bodies || f->bodies < 1 || f->body[0].parent >= 0 ||
      c->root_rot_format != SPCONV_ROT_QUAT_WXYZ || c->local_rot_format != SPCONV_ROT_QUAT_WXYZ)
    return NULL;
  bvh_text_printf(&b, "HIERARCHY\n");
  bvh__write_node(&b, f, c, seq, 0, 0);
  bvh_text_printf(&b, "MOTION\nFrames: %d\nFrame Time: %.7g\n", c->frames, f->frame_time);
  for (t = 0; t < c->frames; ++t) {
    spconv_real q[4], p[3], a[3] = {0, 0, 0};
    const spconv_real *R = c->root_rot + 4 * (size_t)t;
    spconv_quat_rotate_wxyz(p, R, c->offsets);
    spconv_quat_mul_wxyz(q, R, c->local_rot + 4 * (size_t)t * (size_t)c->bodies);
    bvh_text_printf(&b, "%.6f %.6f %.6f", (double)(c->root_pos[3 * t] + p[0]),
                    (double)(c->root_pos[3 * t + 1] + p[1]),
                    (double)(c->root_pos[3 * t + 2] + p[2]));
    for (j = 0; j < c->bodies; ++j) {
      if (f->body[j].is_end) continue;
      if (j > 0) {
        const spconv_real *L = c->local_rot + 4 * ((size_t)t * (size_t)c->bodies + (size_t)j);
        q[0] = L[0];
        q[1] = L[1];
        q[2] = L[2];
        q[3] = L[3];
      }
      if (spconv_bvh_from_quat_wxyz(a, q, seq[j]) < 0) b.failed = 1;
      bvh_text_printf(&b, " %.6f %.6f %.6f", (double)a[0], (double)a[1], (double)a[2]);
    }
    bvh_text_printf(&b, "\n");
  }
  if (b.failed) {
    free(b.s);
    return NULL;
  }
  *len = b.len;
  return b.s;
}

#endif /* BVH_TEXT_H */
