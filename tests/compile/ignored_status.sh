#!/bin/sh
# ignored_status.sh [--void-discards] CC INCLUDE_DIR [flags...]: an ignored
# status must warn, and compile cleanly with SPCONV_NODISCARD defined empty.
# With --void-discards (C++17, C23: [[nodiscard]]), a status cast to void
# must compile cleanly with -Werror, while an ignored one still warns.
set -u
void_discards=0
if [ "$1" = --void-discards ]; then void_discards=1; shift; fi
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
if [ "$void_discards" = 1 ]; then
  if "$cc" "$@" -Wall -Wextra -Werror -I"$inc" -c "$(dirname "$0")/discarded_status.c" \
       -o "$out/c.o" >"$out/void.txt" 2>&1; then
    echo "ok: $cc accepts a status cast to void"
  else
    echo "FAILED: $cc warns on a status cast to void:"; cat "$out/void.txt"; exit 1
  fi
fi
