#!/usr/bin/env bash
# Instructions per element of each batch conversion, counted by callgrind
# (exact and repeatable, unlike timings). Builds tests/bench/instr.c with gcc
# and clang at -O2 and at -O3 -march=x86-64-v3 (valgrind 3.19 cannot decode
# AVX-512, so no -march=native), in double and float, and prints one table.
# Usage: tests/bench/instructions.sh [build-dir]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/build/instructions}
mkdir -p "$out"
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind not found (apt-get install valgrind)" >&2; exit 1; }

configs=("gcc -O2" "gcc -O3 -march=x86-64-v3" "clang -O2" "clang -O3 -march=x86-64-v3")
declare -A table
kernels=()
for prec in double float; do
  def=""; libs=-lm
  if [ $prec = float ]; then def=-DSPCONV_USE_FLOAT
  elif [ -f /usr/include/mujoco/mujoco.h ]; then def=-DSPCONV_BENCH_MUJOCO; libs="-lmujoco -lm"; fi
  for cfg in "${configs[@]}"; do
    tag=$(echo "$cfg-$prec" | tr ' =' '__')
    $cfg $def -std=c99 -I"$root/include" "$here/instr.c" -o "$out/instr-$tag" $libs
    valgrind --tool=callgrind --toggle-collect='count_*' --callgrind-out-file="$out/cg-$tag" \
      "$out/instr-$tag" >/dev/null 2>&1
    # per function: inclusive Ir of count_<name> / (N * REPS) = per element
    while read -r name ir; do
      table["$name|$cfg|$prec"]=$(awk -v ir="$ir" 'BEGIN { printf "%.1f", ir / 10000 }')
      [[ " ${kernels[*]} " == *" $name "* ]] || kernels+=("$name")
    done < <(callgrind_annotate --inclusive=yes --threshold=100 "$out/cg-$tag" 2>/dev/null |
             sed -n 's/^ *\([0-9,]*\) ([^)]*) .*:count_\([A-Za-z0-9_]*\) .*$/\2 \1/p' | tr -d ,)
  done
done

printf '\nInstructions per element (callgrind, N = 1000 x 10 calls)\n'
printf '%-30s' kernel
for prec in double float; do for cfg in "${configs[@]}"; do printf ' %13s' "$(echo "$cfg" | sed 's/-march=x86-64-v3/v3/; s/ -O/-O/')/${prec:0:1}"; done; done
printf '\n'
for k in "${kernels[@]}"; do
  printf '%-30s' "$k"
  for prec in double float; do for cfg in "${configs[@]}"; do printf ' %13s' "${table[$k|$cfg|$prec]:-?}"; done; done
  printf '\n'
done
