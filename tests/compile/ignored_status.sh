#!/bin/sh
# ignored_status.sh CC INCLUDE_DIR [flags...]: an ignored status must warn,
# and compile cleanly with SPCONV_NODISCARD defined empty.
set -u
cc=$1; inc=$2; shift 2
src=$(dirname "$0")/ignored_status.c
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if "$cc" "$@" -Wall -I"$inc" -c "$src" -o "$out/a.o" >"$out/warn.txt" 2>&1 &&
   grep -q "ignoring return value" "$out/warn.txt"; then
  echo "ok: $cc warns on an ignored status"
else
  echo "FAILED: $cc did not warn on an ignored status:"; cat "$out/warn.txt"; exit 1
fi
if "$cc" "$@" -Wall -Werror -DSPCONV_NODISCARD= -I"$inc" -c "$src" -o "$out/b.o"; then
  echo "ok: $cc -DSPCONV_NODISCARD= turns it off"
else
  echo "FAILED: $cc -DSPCONV_NODISCARD= still warns"; exit 1
fi
