#!/bin/sh
# Line coverage of include/spatial_conv.h by the test suite (coverage
# preset): lcov over BUILD_DIR's gcov counters, kept to the header;
# fails below MIN percent. Writes BUILD_DIR/coverage/header.info and an
# HTML report under BUILD_DIR/coverage/html when genhtml exists.
#   tests/coverage_check.sh BUILD_DIR [MIN]
set -eu
build=$1
min=${2:-95}
out="$build/coverage"
mkdir -p "$out"
lcov --quiet --capture --directory "$build" --output-file "$out/all.info" >/dev/null
lcov --quiet --extract "$out/all.info" '*/include/spatial_conv.h' --output-file "$out/header.info" >/dev/null
summary=$(lcov --summary "$out/header.info" 2>&1 | grep 'lines')
echo "include/spatial_conv.h $summary"
if command -v genhtml >/dev/null 2>&1; then
  genhtml --quiet "$out/header.info" --output-directory "$out/html" >/dev/null 2>&1 || true
fi
pct=$(echo "$summary" | sed -n 's/.*: *\([0-9.]*\)%.*/\1/p')
if awk -v p="$pct" -v m="$min" 'BEGIN { exit !(p + 0 >= m + 0) }'; then
  echo "coverage ok: $pct% >= $min%"
else
  echo "coverage FAILED: $pct% < $min% (lines never run: genhtml $out/header.info)" >&2
  exit 1
fi
