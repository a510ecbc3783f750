/* Driver for tests/scipy_check.py: reads one operation per line on stdin,
   runs it through spatial_conv.h (double, or float with SPCONV_USE_FLOAT)
   and prints the result on one line of stdout. Inputs are read as double
   and rounded to spconv_real; outputs are printed with 17 digits.

     e2q SEQ a b c        -> status w x y z    spconv_quat_wxyz_from_euler
     q2e SEQ w x y z      -> status a b c      spconv_euler_from_quat_wxyz
     e2m SEQ a b c        -> status R0..R8     spconv_mat_from_euler
     m2e SEQ R0..R8       -> status a b c      spconv_euler_from_mat
     q2m w x y z          -> R0..R8            spconv_mat_from_quat_wxyz
     m2q R0..R8           -> status w x y z    spconv_quat_wxyz_from_mat
     rv2q x y z           -> w x y z           spconv_quat_wxyz_from_rotvec
     q2rv w x y z         -> x y z             spconv_rotvec_from_quat_wxyz
     x2w x y z w          -> w x y z           spconv_quat_wxyz_from_xyzw
     w2x w x y z          -> x y z w           spconv_quat_xyzw_from_wxyz

   SEQ is a SciPy sequence string ("XYZ" intrinsic, "xyz" extrinsic), parsed
   by spconv_euler_seq_from_scipy, so the parser is checked against SciPy too. */
#include <stdio.h>
#include <string.h>

#include "spatial_conv.h"

static int read_reals(spconv_real *v, int n) {
  int i;
  for (i = 0; i < n; ++i) {
    double d;
    if (scanf("%lf", &d) != 1) return 0;
    v[i] = (spconv_real)d;
  }
  return 1;
}

static void print_reals(int status, int with_status, const spconv_real *v, int n) {
  int i;
  if (with_status) printf("%d", status);
  for (i = 0; i < n; ++i) printf(i || with_status ? " %.17g" : "%.17g", (double)v[i]);
  printf("\n");
}

int main(void) {
  char op[16], seq_s[16];
  while (scanf("%15s", op) == 1) {
    spconv_real in[9], out[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0}; /* error paths leave out untouched */
    spconv_euler_seq seq = SPCONV_EULER_XYZ;
    spconv_euler_kind kind = SPCONV_EULER_INTRINSIC;
    int st = 0, has_seq = op[0] == 'e' || strcmp(op, "q2e") == 0 || strcmp(op, "m2e") == 0;
    if (has_seq) {
      if (scanf("%15s", seq_s) != 1) return 2;
      if (spconv_euler_seq_from_scipy(&seq, &kind, seq_s) != SPCONV_OK) {
        fprintf(stderr, "driver: bad sequence %s\n", seq_s);
        return 2;
      }
    }
    if (strcmp(op, "e2q") == 0) {
      if (!read_reals(in, 3)) return 2;
      st = spconv_quat_wxyz_from_euler(out, in, seq, kind);
      print_reals(st, 1, out, 4);
    } else if (strcmp(op, "q2e") == 0) {
      if (!read_reals(in, 4)) return 2;
      st = spconv_euler_from_quat_wxyz(out, in, seq, kind);
      print_reals(st, 1, out, 3);
    } else if (strcmp(op, "e2m") == 0) {
      if (!read_reals(in, 3)) return 2;
      st = spconv_mat_from_euler(out, in, seq, kind);
      print_reals(st, 1, out, 9);
    } else if (strcmp(op, "m2e") == 0) {
      if (!read_reals(in, 9)) return 2;
      st = spconv_euler_from_mat(out, in, seq, kind);
      print_reals(st, 1, out, 3);
    } else if (strcmp(op, "q2m") == 0) {
      if (!read_reals(in, 4)) return 2;
      spconv_mat_from_quat_wxyz(out, in);
      print_reals(0, 0, out, 9);
    } else if (strcmp(op, "m2q") == 0) {
      if (!read_reals(in, 9)) return 2;
      st = spconv_quat_wxyz_from_mat(out, in);
      print_reals(st, 1, out, 4);
    } else if (strcmp(op, "rv2q") == 0) {
      if (!read_reals(in, 3)) return 2;
      spconv_quat_wxyz_from_rotvec(out, in);
      print_reals(0, 0, out, 4);
    } else if (strcmp(op, "q2rv") == 0) {
      if (!read_reals(in, 4)) return 2;
      spconv_rotvec_from_quat_wxyz(out, in);
      print_reals(0, 0, out, 3);
    } else if (strcmp(op, "x2w") == 0) {
      if (!read_reals(in, 4)) return 2;
      spconv_quat_wxyz_from_xyzw(out, in);
      print_reals(0, 0, out, 4);
    } else if (strcmp(op, "w2x") == 0) {
      if (!read_reals(in, 4)) return 2;
      spconv_quat_xyzw_from_wxyz(out, in);
      print_reals(0, 0, out, 4);
    } else {
      fprintf(stderr, "driver: unknown operation %s\n", op);
      return 2;
    }
  }
  return 0;
}
