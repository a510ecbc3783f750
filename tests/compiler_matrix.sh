#!/usr/bin/env bash
# The compiler and standard matrix: builds test suites of
# tests/ with gcc and clang under -std=c99/c11/c17, as C++11/C++17 with g++
# and clang++, at -O0 and -O3, in double and float, a 32-bit (-m32) build
# and -ffast-math builds, with the project's strict warnings (-Werror), and
# runs each one. See docs/compilers.md for what runs where and why.
#
#   tests/compiler_matrix.sh [OUTDIR]      (default build/matrix; JOBS=2)
#   MATRIX_FILTER=fastmath tests/compiler_matrix.sh   (only labels matching
#                                                      the extended regex)
#
# Needs gcc, g++, clang, clang++, libcmocka-dev; the 32-bit part needs
# gcc-multilib, g++-multilib and libcmocka-dev:i386 (Debian multiarch), and
# qemu-user where the kernel cannot run 32-bit programs itself.
# Exit status 0 only when every build and run passed.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/matrix}
jobs=${JOBS:-2}
mkdir -p "$out"
rm -f "$out"/*.log "$out"/*.bin "$out/failed"

W="-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wdouble-promotion -Werror"
# g++ -Wconversion also flags the out-of-range enum values that the suites
# pass on purpose (to test SPCONV_EINVAL): unspecified in C++, see docs.
WXX_GNU="-Wall -Wextra -Wpedantic -Wshadow -Wdouble-promotion -Werror"
SUITES="core rotations axes conventions batch"

joblist="$out/jobs.txt"
: >"$joblist"
# add LABEL COMMAND...: build LABEL.bin with COMMAND (-o is appended), run it
add() { local label=$1; shift; printf '%s\t%s\n' "$label" "$*" >>"$joblist"; }
prec_flag() { [ "$1" = float ] && echo -DSPCONV_USE_FLOAT || true; }

# 1. C: at -O0, every compiler x standard x precision runs the core suite
#    and every compiler x precision the other suites (standard rotating);
#    at -O3, every compiler x precision runs every suite, the standard
#    rotating through c99, c11, c17 (the standard changes the front end,
#    which -O0 covers in full; -O3 changes the code, covered per suite).
stds=(c99 c11 c17)
i=0
for cc in gcc clang; do
  for prec in double float; do
    for std in c99 c11 c17; do
      add "c-$cc-$std-O0-$prec-core" $cc -std=$std -O0 $W $(prec_flag $prec) -Iinclude \
        tests/test_core.c -lcmocka -lm
    done
    for s in rotations axes conventions batch; do
      std=${stds[$((i % 3))]}
      i=$((i + 1))
      add "c-$cc-$std-O0-$prec-$s" $cc -std=$std -O0 $W $(prec_flag $prec) -Iinclude \
        tests/test_$s.c -lcmocka -lm
    done
    for s in $SUITES; do
      std=${stds[$((i % 3))]}
      i=$((i + 1))
      add "c-$cc-$std-O3-$prec-$s" $cc -std=$std -O3 $W $(prec_flag $prec) -Iinclude \
        tests/test_$s.c -lcmocka -lm
    done
  done
done

# 2. C++: tests/test_cxx.cpp for every compiler x standard x -O x precision;
#    the C suites compiled as C++ (cmocka.h wrapped in extern "C"): all of
#    them with g++ -std=c++11 -O0, core, rotations and batch with
#    clang++ -std=c++17 -O3, both precisions.
for cxx in g++ clang++; do
  for std in c++11 c++17; do
    for opt in -O0 -O3; do
      for prec in double float; do
        add "cxx-$cxx-$std$opt-$prec-test_cxx" $cxx -std=$std $opt $W $(prec_flag $prec) \
          -Iinclude tests/test_cxx.cpp
      done
    done
  done
done
for prec in double float; do
  for s in $SUITES; do
    add "cxx-g++-c++11-O0-$prec-$s" g++ -x c++ -std=c++11 -O0 $WXX_GNU $(prec_flag $prec) \
      -include tests/matrix/cxx_cmocka.h -Iinclude tests/test_$s.c -x none -lcmocka -lm
  done
  for s in core rotations batch; do
    add "cxx-clang++-c++17-O3-$prec-$s" clang++ -x c++ -std=c++17 -O3 $W $(prec_flag $prec) \
      -include tests/matrix/cxx_cmocka.h -Iinclude tests/test_$s.c -x none -lcmocka -lm
  done
done

# 3. 32-bit x86 (i386 ABI: 4-byte long and pointers, x87 arithmetic with
#    excess precision for double under -std=c99), gcc -O2, both precisions:
#    core, rotations, conventions and batch; tests/test_cxx.cpp with g++ -m32.
for prec in double float; do
  for s in core rotations conventions batch; do
    add "m32-gcc-c99-O2-$prec-$s" gcc -m32 -std=c99 -O2 $W $(prec_flag $prec) -Iinclude \
      tests/test_$s.c -lcmocka -lm
  done
  add "m32-g++-c++11-O2-$prec-test_cxx" g++ -m32 -std=c++11 -O2 $W $(prec_flag $prec) \
    -Iinclude tests/test_cxx.cpp
done

# 4. -ffast-math -O2: every suite, gcc in double and clang in float; the
#    tests that need what -ffast-math gives up are dropped by
#    tests/matrix/fast_math_filter.h (listed there, with the reason).
for s in $SUITES; do
  for cp in "gcc double" "clang float"; do
    set -- $cp
    add "fastmath-$1-c99-O2-$2-$s" $1 -std=c99 -O2 -ffast-math $W $(prec_flag $2) \
      -DSPCONV_FM_SUITE=$s -include tests/matrix/fast_math_filter.h -Iinclude \
      tests/test_$s.c -lcmocka -lm
  done
done

# A kernel built without IA32 emulation refuses every 32-bit program ("Exec
# format error"); there the 32-bit builds run under qemu-i386 (user mode,
# which emulates the x87 unit with its 80-bit registers). Neither: fail.
m32_runner=""
if grep -q '^m32-' "$joblist"; then
  probe="$out/m32-probe"
  printf 'int main(void) { return 0; }\n' >"$probe.c"
  gcc -m32 "$probe.c" -o "$probe.bin" ||
    { echo "compiler matrix: gcc -m32 cannot build (install gcc-multilib)" >&2; exit 1; }
  if ! "$probe.bin" 2>/dev/null; then
    if command -v qemu-i386 >/dev/null && qemu-i386 "$probe.bin"; then
      m32_runner=qemu-i386
      echo "compiler matrix: this kernel cannot run 32-bit programs; -m32 builds run under qemu-i386"
    else
      echo "compiler matrix: this kernel cannot run 32-bit programs and qemu-i386 is missing (install qemu-user)" >&2
      exit 1
    fi
  fi
  rm -f "$probe.c" "$probe.bin"
fi

run_job() {
  local label=$1 cmd=$2 t0 t1 runner=""
  case $label in m32-*) runner=$m32_runner ;; esac
  t0=$(date +%s)
  if eval "$cmd -o '$out/$label.bin'" >"$out/$label.log" 2>&1 &&
     $runner "$out/$label.bin" >>"$out/$label.log" 2>&1; then
    t1=$(date +%s)
    printf 'ok   %-48s %3ds  %s\n' "$label" $((t1 - t0)) \
      "$(grep -hE '^\[  PASSED  \]|C\+\+11' "$out/$label.log" | tail -1)"
    rm -f "$out/$label.bin"
  else
    printf 'FAIL %s\n' "$label"
    echo "$label" >>"$out/failed"
    tail -20 "$out/$label.log" | sed 's/^/     /'
  fi
}

if [ -n "${MATRIX_FILTER:-}" ]; then
  grep -E "^[^	]*(${MATRIX_FILTER})" "$joblist" >"$joblist.sel" || true
  mv "$joblist.sel" "$joblist"
fi

start=$(date +%s)
running=0
while IFS=$'\t' read -r label cmd; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
  run_job "$label" "$cmd" &
  running=$((running + 1))
done <"$joblist"
wait

# 5. the header alone with each opt-out switch and all of them (compile only,
#    tests/compile/switches.sh: C99 and C++11, double and float, strict)
extra=0
if [ -z "${MATRIX_FILTER:-}" ] || echo switches | grep -Eq "${MATRIX_FILTER}"; then
  for pair in "gcc g++" "clang clang++"; do
    set -- $pair
    extra=$((extra + 1))
    if sh tests/compile/switches.sh "$1" "$2" include >"$out/switches-$1.log" 2>&1; then
      printf 'ok   %-48s\n' "switches-$1"
    else
      printf 'FAIL %s\n' "switches-$1"; echo "switches-$1" >>"$out/failed"
      grep -v '^ok' "$out/switches-$1.log" | tail -20 | sed 's/^/     /'
    fi
  done
fi

total=$(( $(wc -l <"$joblist") + extra ))
if [ -s "$out/failed" ]; then
  echo "compiler matrix: $(wc -l <"$out/failed") of $total builds FAILED:" >&2
  sed 's/^/  /' "$out/failed" >&2
  exit 1
fi
echo "compiler matrix: all $total builds passed ($(( $(date +%s) - start ))s)"
