#!/bin/sh
# switches.sh CC CXX INCLUDE_DIR: the opt-out switches (SPCONV_NO_SAP,
# SPCONV_NO_MOTION, SPCONV_NO_SHAPES, SPCONV_NO_MUJOCO, each and all
# together) with the strict warnings, as C99 and C++11, in double and float,
# inline and linked (SPCONV_IMPLEMENTATION: every remaining function
# defined); a name a switch leaves out must be gone (a call to it fails to
# compile); and no private macro (SPCONV__*) outlives the header except
# the ones that public macros expand to.
set -u
cc=$1; cxx=$2; inc=$3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
W="-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wdouble-promotion -Werror"
fail=0
printf '#include "spatial_conv.h"\nint main(void) { return spconv_status_string(0)[0] == 0; }\n' >"$out/tu.c"
printf '#define SPCONV_IMPLEMENTATION\n#include "spatial_conv.h"\n' >"$out/impl.c"
cp "$out/tu.c" "$out/tu.cpp"; cp "$out/impl.c" "$out/impl.cpp"
all="-DSPCONV_NO_SAP -DSPCONV_NO_MOTION -DSPCONV_NO_SHAPES -DSPCONV_NO_MUJOCO"
for sw in -DSPCONV_NO_SAP -DSPCONV_NO_MOTION -DSPCONV_NO_SHAPES -DSPCONV_NO_MUJOCO "$all" \
          "$all -DSPCONV_NO_DEPRECATED"; do
  for prec in "" -DSPCONV_USE_FLOAT; do
    for f in tu impl; do
      # shellcheck disable=SC2086
      $cc -std=c99 $W $sw $prec -I"$inc" -c "$out/$f.c" -o "$out/$f.o" || { echo "FAILED: $cc $sw $prec $f.c"; fail=1; }
      # shellcheck disable=SC2086
      $cxx -std=c++11 $W $sw $prec -I"$inc" -c "$out/$f.cpp" -o "$out/$f.o" || { echo "FAILED: $cxx $sw $prec $f.cpp"; fail=1; }
    done
    echo "ok: $sw $prec (C99, C++11, inline and SPCONV_IMPLEMENTATION)"
  done
done
# a switched-off name is absent: SWITCH NAME CALL
absent() {
  printf '#include "spatial_conv.h"\nint main(void) {\n  spconv_real x[64] = {0};\n  %s;\n  return (int)x[0];\n}\n' "$3" >"$out/use.c"
  if ! $cc -std=c99 -Wall -I"$inc" -c "$out/use.c" -o "$out/use.o" >"$out/use.txt" 2>&1; then
    echo "FAILED: $2 does not compile without $1:"; cat "$out/use.txt"; fail=1; return
  fi
  if $cc -std=c99 -Werror=implicit-function-declaration -D"$1" -I"$inc" -c "$out/use.c" -o "$out/use.o" >"$out/use.txt" 2>&1; then
    echo "FAILED: $2 still compiles with -D$1"; fail=1
  else
    echo "ok: -D$1 leaves out $2"
  fi
}
absent SPCONV_NO_SAP spconv_sap_twist_from_public 'spconv_sap_twist_from_public(x, x, x + 6)'
absent SPCONV_NO_SAP spconv_sap_boundary_out '(void)spconv_sap_boundary_out(x, 0, x, x, SPCONV_SAP_ORDER_PUBLIC)'
absent SPCONV_NO_SAP spconv_sap_body_f_from_public '(void)spconv_sap_body_f_from_public(x, x, x, x, 1)'
absent SPCONV_NO_MOTION spconv_motion_linvel '(void)spconv_motion_linvel(x, x, 2, 1, SPCONV_MOTION_DIFF_FORWARD)'
absent SPCONV_NO_MOTION spconv_bvh_channels_parse 'spconv_euler_seq s; spconv_euler_kind k; int r[3], n; (void)spconv_bvh_channels_parse(&s, &k, r, &n, "")'
absent SPCONV_NO_SHAPES spconv_shape_volume '(void)spconv_shape_volume(x, x, SPCONV_SHAPE_BOX, SPCONV_SHAPE_FORMAT_MUJOCO, SPCONV_AXIS_Z)'
absent SPCONV_NO_MUJOCO spconv_twist_from_mujoco_cvel 'spconv_twist_from_mujoco_cvel(x, x, x + 6, x + 9)'
# private macros: none left after the include, but those a public macro
# expands to (SPCONV_API -> SPCONV__PRIVATE; SPCONV_SQRT, ... -> SPCONV__MATH;
# the deprecated spconv_preset(id) and spconv_preset_name(id) -> SPCONV__CAST;
# every deprecated name -> SPCONV__DEPRECATED, _TEXT, _XTEXT)
for mode in "" -DSPCONV_IMPLEMENTATION -DSPCONV_DECLARATIONS_ONLY -DSPCONV_NO_DEPRECATED; do
  # shellcheck disable=SC2086
  left=$($cc -std=c99 $mode -I"$inc" -E -dM "$out/tu.c" | sed -n 's/^#define \(SPCONV__[A-Za-z0-9_]*\).*/\1/p' |
         grep -v -e '^SPCONV__PRIVATE$' -e '^SPCONV__MATH$' -e '^SPCONV__CAST$' -e '^SPCONV__DEPRECATED' |
         tr '\n' ' ')
  if [ -n "$left" ]; then echo "FAILED: private macros left after the header ($mode): $left"; fail=1
  else echo "ok: no private macro left ($mode)"; fi
done
# shellcheck disable=SC2086
if $cc -std=c99 -DSPCONV_NO_DEPRECATED -I"$inc" -E -dM "$out/tu.c" | grep -q '^#define SPCONV__\(CAST\|DEPRECATED\)'; then
  echo "FAILED: SPCONV__CAST or SPCONV__DEPRECATED* left under SPCONV_NO_DEPRECATED"; fail=1
fi
exit $fail
