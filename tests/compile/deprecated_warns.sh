#!/bin/sh
# deprecated_warns.sh CC INCLUDE_DIR FLAGS...: every deprecated name of the
# header's >>deprecated block warns where it is used, naming itself and its
# replacement (gcc: an error under -Werror; clang keeps #pragma GCC warning
# a warning); a program using them (deprecated_use.c) warns at each kind of
# use and compiles silently with SPCONV_NO_DEPRECATION_WARNING; a program
# that uses none compiles silently, with and without SPCONV_NO_DEPRECATED.
set -u
cc=$1; inc=$2; shift 2
here=$(dirname "$0")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
W="-Wall -Wextra -Wpedantic -Werror"
fail=0
# every old name: the first argument of each SPCONV__DEPRECATED(old, new);
# a function-like one gets as many arguments as its #define takes
names=$(sed -n 's/.*SPCONV__DEPRECATED(\([A-Za-z0-9_]*\), [A-Za-z0-9_]*).*/\1/p' "$inc/spatial_conv.h" |
        grep -vx old)
[ "$(echo "$names" | wc -w)" -ge 90 ] || { echo "FAILED: $(echo "$names" | wc -w) deprecated names found"; exit 1; }
# and every public macro the block defines is one of them
for n in $(sed -n '/^\/\* =* >>deprecated/,/^#endif \/\* SPCONV_NO_DEPRECATED/s/^#define \([A-Za-z][A-Za-z0-9_]*\).*/\1/p' \
             "$inc/spatial_conv.h"); do
  echo "$names" | grep -qx "$n" || { echo "FAILED: $n is not defined through SPCONV__DEPRECATED"; fail=1; }
done
printf '#include "spatial_conv.h"\n' >"$out/names.c"
for n in $names; do
  params=$(sed -n "s/^#define $n(\([^)]*\)).*/\1/p" "$inc/spatial_conv.h")
  if [ -n "$params" ]; then echo "$n($(echo "$params" | sed 's/[A-Za-z_]*/0/g'))"; else echo "$n"; fi
done >>"$out/names.c"
# shellcheck disable=SC2086 # FLAGS are meant to split
$cc "$@" -I"$inc" -E "$out/names.c" -o "$out/names.i" >"$out/names.txt" 2>&1
for n in $names; do
  grep -q "warning: $n: a deprecated spatial_conv 0.x name, use " "$out/names.txt" ||
    { echo "FAILED: a use of $n does not warn"; fail=1; }
done
[ $fail = 0 ] && echo "ok: each of the $(echo "$names" | wc -w) deprecated names warns"
# shellcheck disable=SC2086
$cc "$@" -I"$inc" -c "$here/deprecated_use.c" -o "$out/use.o" >"$out/use.txt" 2>&1 ||
  { echo "FAILED: deprecated_use.c does not compile:"; cat "$out/use.txt"; fail=1; }
for use in "SPCONV_FORWARD, use SPCONV_DIRECTION_FORWARD" "spconv_motion_preset, use spconv_axis_preset" \
           "spconv_preset, use spconv_convention_from_preset" \
           "spconv_euler_parse_scipy, use spconv_euler_seq_from_scipy" "spconv_axes_compose, use spconv_mat_mul"; do
  old=${use%%, *}; new=${use#*use }
  [ "$(grep -c "warning: $old: a deprecated spatial_conv 0.x name, use $new" "$out/use.txt")" -ge 1 ] ||
    { echo "FAILED: deprecated_use.c: no warning for $old"; cat "$out/use.txt"; fail=1; }
done
[ "$(grep -c "SPCONV_FORWARD: a deprecated" "$out/use.txt")" -ge 2 ] ||
  { echo "FAILED: deprecated_use.c: SPCONV_FORWARD warns once, used twice"; fail=1; }
echo "ok: deprecated_use.c warns at each use"
# shellcheck disable=SC2086
$cc "$@" $W -DSPCONV_NO_DEPRECATION_WARNING -I"$inc" -c "$here/deprecated_use.c" -o "$out/use.o" >"$out/quiet.txt" 2>&1
if [ $? != 0 ] || [ -s "$out/quiet.txt" ]; then
  echo "FAILED: deprecated_use.c with SPCONV_NO_DEPRECATION_WARNING:"; cat "$out/quiet.txt"; fail=1
else
  echo "ok: SPCONV_NO_DEPRECATION_WARNING silences them"
fi
printf '#include "spatial_conv.h"\nint main(void) { return spconv_status_string(0)[0] == 0; }\n' >"$out/none.c"
for def in "" -DSPCONV_NO_DEPRECATED; do
  # shellcheck disable=SC2086
  $cc "$@" $W $def -I"$inc" -c "$out/none.c" -o "$out/none.o" >"$out/none.txt" 2>&1
  if [ $? != 0 ] || [ -s "$out/none.txt" ]; then
    echo "FAILED: a program using no deprecated name ($def):"; cat "$out/none.txt"; fail=1
  else
    echo "ok: no deprecated name used, no warning ($def)"
  fi
done
exit $fail
