#!/usr/bin/env bash
# Runs a command as on a machine where cmocka is not installed, without
# changing the machine: in a private mount namespace (unshare -m; needs
# root), the directories that hold the files of the installed cmocka
# packages (libcmocka*, any architecture) are covered by overlays and those
# files removed in the overlays only. Options before `--` go to unshare
# (-n: no network as well).
#
#   tests/package/without_cmocka.sh [-n] -- COMMAND [ARGS...]
#
# .ci/run uses it to check the first contact of a new user: the README's
# commands where cmocka is absent.
set -euo pipefail

if [ "${SPCONV_WITHOUT_CMOCKA:-}" != inside ]; then
  opts=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do opts+=("$1"); shift; done
  [ "${1:-}" = -- ] && shift
  [ $# -gt 0 ] || { echo "usage: $0 [unshare options] -- COMMAND [ARGS...]" >&2; exit 2; }
  exec env SPCONV_WITHOUT_CMOCKA=inside unshare -m "${opts[@]}" -- "$0" "$@"
fi
unset SPCONV_WITHOUT_CMOCKA

# the files of every installed cmocka package, documentation aside
mapfile -t pkgs < <(dpkg-query -W -f='${binary:Package} ${db:Status-Abbrev}\n' 'libcmocka*' 2>/dev/null |
                    awk '$2 ~ /^.i/ { print $1 }')
files=()
for p in "${pkgs[@]}"; do
  while IFS= read -r f; do
    case "$f" in /usr/share/*) continue ;; esac
    if [ -e "$f" ] || [ -L "$f" ]; then [ -d "$f" ] && [ ! -L "$f" ] || files+=("$f"); fi
  done < <(dpkg-query -L "$p")
done

# one overlay per outermost directory that holds them
ovl=$(mktemp -d)
mount -t tmpfs spconv-without-cmocka "$ovl"
if [ ${#files[@]} -gt 0 ]; then
  mapfile -t dirs < <(printf '%s\n' "${files[@]}" | xargs -d '\n' dirname | sort -u |
                      awk '{ for (i = 1; i <= n; i++) if (index($0 "/", d[i] "/") == 1) next; d[++n] = $0; print }')
  i=0
  for d in "${dirs[@]}"; do
    i=$((i + 1))
    mkdir -p "$ovl/$i/upper" "$ovl/$i/work"
    mount -t overlay overlay -o "lowerdir=$d,upperdir=$ovl/$i/upper,workdir=$ovl/$i/work" "$d"
  done
  rm -f "${files[@]}"
fi

# what a configure could still find: nothing
left=$(find /usr/include /usr/lib /usr/local -name 'cmocka.h' -o -name 'libcmocka*' -o -name 'cmocka-config.cmake' \
         -o -name 'cmocka.pc' 2>/dev/null || true)
if [ -n "$left" ]; then
  echo "without_cmocka.sh: cmocka files left that are not from a package:" >&2
  echo "$left" >&2
  exit 1
fi
echo "without_cmocka.sh: cmocka hidden (${#files[@]} files of: ${pkgs[*]:-no package})"
exec "$@"
