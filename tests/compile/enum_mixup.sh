#!/bin/sh
# enum_mixup.sh [--cxx] CC INCLUDE_DIR [flags...]: every mix-up of
# tests/compile/enum_mixup.c (a value of one enum stored where another enum
# is expected) must warn in C (-Wenum-conversion: gcc >= 10 and clang turn it
# on with -Wall -Wextra) and fail to compile in C++; the file without a
# mix-up must compile cleanly with -Werror. Exit 77 (skipped) for a C
# compiler that lacks -Wenum-conversion (gcc < 10).
set -u
cxx=0
if [ "$1" = --cxx ]; then cxx=1; shift; fi
cc=$1; inc=$2; shift 2
src=$(dirname "$0")/enum_mixup.c
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if [ "$cxx" = 0 ]; then
  : >"$out/empty.c"
  if ! "$cc" -Werror -Wenum-conversion -c "$out/empty.c" -o "$out/empty.o" 2>/dev/null; then
    echo "skipped: $cc has no -Wenum-conversion"; exit 77
  fi
fi
if "$cc" "$@" -Wall -Wextra -Werror -I"$inc" -c "$src" -o "$out/ok.o" >"$out/ok.txt" 2>&1; then
  echo "ok: $cc compiles the file without a mix-up cleanly"
else
  echo "FAILED: $cc does not compile the file without a mix-up cleanly:"; cat "$out/ok.txt"; exit 1
fi
fail=0
# MIXUP:TYPE the mix-up and the enum type the value is stored in
for m in POINT:spconv_point POSE_FRAME:spconv_pose_frame PRESET:spconv_preset_id \
         SAP_ORDER:spconv_sap_order JOINT_TYPE:spconv_joint_type; do
  name=${m%%:*}; type=${m#*:}
  log="$out/$name.txt"
  "$cc" "$@" -Wall -Wextra -DSPCONV_MIXUP_$name -I"$inc" -c "$src" -o "$out/$name.o" >"$log" 2>&1
  rc=$?
  if [ "$cxx" = 1 ]; then
    if [ "$rc" != 0 ] && grep -q "$type" "$log"; then
      echo "ok: $cc refuses the $name mix-up (an error naming $type)"
    else
      echo "FAILED: $cc compiled the $name mix-up (rc $rc), or its error does not name $type:"
      cat "$log"; fail=1
    fi
  else
    if [ "$rc" = 0 ] && grep -q "Wenum-conversion" "$log" && grep -q "$type" "$log"; then
      echo "ok: $cc warns on the $name mix-up (-Wenum-conversion, $type)"
    else
      echo "FAILED: $cc did not warn (-Wenum-conversion, $type) on the $name mix-up (rc $rc):"
      cat "$log"; fail=1
    fi
  fi
done
exit $fail
