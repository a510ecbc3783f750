#!/bin/sh
# api_traps.sh CC INCLUDE_DIR [flags...]: tests/compile/api_traps.c must
# compile cleanly (-Wall -Wextra -Werror) as written, and each trap in it
# (the 0.x MuJoCo batch call with qpos rows and no stride; a const clip
# passed as the result of spconv_motion_clip_convert / _align) must be
# refused: the compile fails under -Werror with a message that names the
# function. Works for C and C++ compilers alike.
set -u
cc=$1; inc=$2; shift 2
src=$(dirname "$0")/api_traps.c
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if "$cc" "$@" -Wall -Wextra -Werror -I"$inc" -c "$src" -o "$out/ok.o" >"$out/ok.txt" 2>&1; then
  echo "ok: $cc compiles the calls without a trap cleanly"
else
  echo "FAILED: $cc does not compile the calls without a trap cleanly:"; cat "$out/ok.txt"; exit 1
fi
fail=0
# TRAP:FUNCTION:WHY the trap, the function its message must name and the
# words that say why (the argument count; the const qualifier)
for m in QVEL_N:spconv_twist_from_mujoco_qvel_n:few \
         QVEL_FROM_TWIST_N:spconv_mujoco_qvel_from_twist_n:few \
         QFRC_FROM_WRENCH_N:spconv_mujoco_qfrc_from_wrench_n:few \
         WRENCH_FROM_QFRC_N:spconv_wrench_from_mujoco_qfrc_n:few \
         CLIP_CONVERT:spconv_motion_clip_convert:const CLIP_ALIGN:spconv_motion_clip_align:const; do
  name=${m%%:*}; rest=${m#*:}; fn=${rest%%:*}; why=${rest#*:}
  [ "$why" = few ] && why="too few arguments|requires 6 arguments"
  log="$out/$name.txt"
  "$cc" "$@" -Wall -Wextra -Werror -DSPCONV_TRAP_$name -I"$inc" -c "$src" -o "$out/$name.o" >"$log" 2>&1
  rc=$?
  if [ "$rc" != 0 ] && grep -q "$fn" "$log" && grep -Eq "$why" "$log"; then
    echo "ok: $cc refuses the $name trap ($fn: $why)"
  else
    echo "FAILED: $cc accepted the $name trap (rc $rc), or its message does not say $fn, $why:"
    cat "$log"; fail=1
  fi
done
exit $fail
