#!/usr/bin/env bash
# Static analysis: cppcheck and clang-tidy over the header, the
# tests and the examples, with the checked-in configurations (.clang-tidy,
# tests/.clang-tidy, tests/static/cppcheck-suppressions.xml). Any finding
# fails. Run by .ci/run; by hand:
#
#   tests/static_analysis.sh            (JOBS=2 parallel clang-tidy runs)
#
# Debian 12: apt-get install cppcheck clang-tidy (cppcheck 2.10, clang-tidy 14).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}
tidy=$(command -v clang-tidy-14 || command -v clang-tidy)
echo "$($tidy --version | grep -i version | head -1); $(cppcheck --version)"

# ------------------------------------------------------------ clang-tidy
# The header as the main file: every function is an entry point of the
# analyzer with unknown inputs; C99 and C++11, both precisions.
units=()
for prec in "" -DSPCONV_USE_FLOAT; do
  units+=("include/spatial_conv.h|-x c -std=c99 $prec")
  units+=("include/spatial_conv.h|-x c++ -std=c++11 $prec")
done
# Tests and examples (C99; the C++ program as C++11). test_dart.cpp and the
# CUDA sources are left out: their findings would be DART's, Eigen's and
# nvcc's headers', not ours.
for f in tests/test_*.c tests/scipy_rotations_driver.c examples/*.c; do
  units+=("$f|-std=c99 -include tests/static/analyzer_cmocka.h")
done
units+=("tests/test_cxx.cpp|-std=c++11")

fail=0
printf '%s\n' "${units[@]}" |
  xargs -P "$jobs" -I{} bash -c '
    f=${1%%|*}; args=${1#*|}
    if out=$("$0" -quiet "$f" -- -Iinclude $args 2>&1); then
      echo "clang-tidy ok: $f $args"
    else
      echo "clang-tidy FAILED: $f $args"
      echo "$out" | grep -vE "^[0-9]+ warnings? (and [0-9]+ errors? )?generated|^Suppressed|^Use -header-filter|^$"
      exit 1
    fi' "$tidy" {} || fail=1

# --------------------------------------------------------------- cppcheck
# One configuration per precision (cppcheck would otherwise try every
# combination of the header's #ifdefs, minutes for nothing: the CUDA and
# C++ branches only choose SPCONV_API and the restrict keyword).
# tests/test_assert_hook.c is left out: it passes NULL on purpose to
# functions whose SPCONV_ASSERT hook jumps out (longjmp) before the pointer
# is used, which cppcheck does not follow; clang-tidy reads it (above).
sources=()
for f in tests/*.c examples/*.c; do
  [ "$f" = tests/test_assert_hook.c ] || sources+=("$f")
done
for prec in "" -DSPCONV_USE_FLOAT; do
  if cppcheck --std=c99 --language=c --enable=warning,style,performance,portability \
      --inline-suppr --error-exitcode=1 --quiet -j "$jobs" \
      --suppress-xml=tests/static/cppcheck-suppressions.xml \
      -Iinclude -D__GNUC__ $prec \
      include/spatial_conv.h "${sources[@]}"; then
    echo "cppcheck ok ${prec:-(double)}"
  else
    echo "cppcheck FAILED ${prec:-(double)}"
    fail=1
  fi
done

[ "$fail" = 0 ] && echo "static analysis: clean" || { echo "static analysis: FAILED" >&2; exit 1; }
