#!/usr/bin/env bash
# spatial_conv on microcontrollers: cross builds with the strict warning set,
# the float-only object check, the vendor-math override, and the bare-metal
# self-test under QEMU in double and float. Every part is required: a missing
# tool or a part that did not run fails the script.
#
#   tests/embedded/run.sh [build-dir]          (default build/embedded)
#
# Needs (Debian 12): gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm
# gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf gcc clang python3.
# docs/embedded.md explains each part; tests/embedded/measure.py measures
# flash, stack and instruction counts.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/build/embedded}
rm -rf "$out"
mkdir -p "$out"
inc="-I$root/include -I$here"

step() { printf '\n---- %s\n' "$*"; }
# a small job pool: independent builds run on every core
jobs_max=$(nproc 2>/dev/null || echo 2)
pending=0
failed=0
bg() {
  "$@" &
  pending=$((pending + 1))
  if [ "$pending" -ge "$jobs_max" ]; then
    wait -n || failed=1
    pending=$((pending - 1))
  fi
}
join() {
  while [ "$pending" -gt 0 ]; do
    wait -n || failed=1
    pending=$((pending - 1))
  done
  [ "$failed" = 0 ] || die "a build above failed"
}
die() { echo "embedded: $*" >&2; exit 1; }
ran=() # every part that ran, checked against the expected list at the end
done_part() { ran+=("$1"); echo "ok: $1"; }

for tool in arm-none-eabi-gcc arm-none-eabi-nm arm-none-eabi-objdump arm-none-eabi-size \
            qemu-system-arm riscv64-unknown-elf-gcc riscv64-unknown-elf-nm gcc clang python3; do
  command -v "$tool" >/dev/null || die "$tool not found (apt-get install gcc-arm-none-eabi \
libnewlib-arm-none-eabi qemu-system-arm gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf clang)"
done
[ -f /usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs ] ||
  die "picolibc for riscv64-unknown-elf not found (apt-get install picolibc-riscv64-unknown-elf)"

# The project's strict warning set, -Wtype-limits named (ARM EABI enums are short).
W="-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wdouble-promotion -Wtype-limits -Werror"

# Cortex-M targets: tag, compiler flags, QEMU board, the core's name.
# M0: ARMv6-M, no FPU (soft float). M4F: FPv4-SP, single precision in
# hardware (double through libgcc's soft float). M7: FPv5-D16, double too.
targets=(
  "m0|-mcpu=cortex-m0 -mthumb -mfloat-abi=soft|microbit|Cortex-M0"
  "m4|-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16|mps2-an386|Cortex-M4"
  "m7|-mcpu=cortex-m7 -mthumb -mfloat-abi=hard -mfpu=fpv5-d16|mps2-an500|Cortex-M7"
)
precs=(double float)
prec_flag() { [ "$1" = float ] && echo -DSPCONV_USE_FLOAT || true; }

# --------------------------------------------------------------- sources
step "every public function: kept by keep.c, called by the self-test"
python3 "$here/keep.py" >"$out/keep.c"
nfun=$(grep -c '(spconv_keep_fn)spconv_' "$out/keep.c")
[ "$nfun" -ge 150 ] || die "keep.py found only $nfun public functions"
python3 "$root/tests/check_api_tested.py" --header "$root/include/spatial_conv.h" --tests "$here" ||
  die "the self-test (tests/embedded/selftest.c) does not call every public function"
done_part "api: $nfun public functions kept and called"

# ----------------------------------------------------------- cross builds
step "arm-none-eabi-gcc $(arm-none-eabi-gcc -dumpversion): strict warnings, C99 -Os and C11 -O2"
# every public function compiled out of line (keep.c) for each core and
# precision, once as C99 at -Os and once as C11 at -O2 (the optimisation
# level changes which warnings the middle end can see); the self-test is
# built as C99 -Os for the QEMU runs below.
for t in "${targets[@]}"; do
  IFS='|' read -r tag flags _board _core <<<"$t"
  for prec in "${precs[@]}"; do
    for so in "c99 -Os" "c11 -O2"; do
      read -r std opt <<<"$so"
      # shellcheck disable=SC2086
      bg arm-none-eabi-gcc $flags $(prec_flag "$prec") -std=$std $opt $W $inc -c "$out/keep.c" \
        -o "$out/keep-$tag-$prec-$std.o"
    done
  done
done
join
for t in "${targets[@]}"; do
  IFS='|' read -r tag _ <<<"$t"
  for prec in "${precs[@]}"; do
    for std in c99 c11; do [ -s "$out/keep-$tag-$prec-$std.o" ] || die "keep-$tag-$prec-$std.o missing"; done
    done_part "cross $tag $prec (C99 -Os, C11 -O2)"
  done
done

step "riscv64-unknown-elf-gcc $(riscv64-unknown-elf-gcc -dumpversion) + picolibc: rv32imac, rv32imafc (compiled and linked)"
pico="--specs=picolibc.specs --oslib=semihost"
# picolibc.ld places the image by these symbols: 256 KiB flash, 16 KiB RAM
rvmem="-Wl,--defsym=__flash=0x80000000 -Wl,--defsym=__flash_size=0x40000 \
-Wl,--defsym=__ram=0x80040000 -Wl,--defsym=__ram_size=0x4000"
for rv in "rv32imac|ilp32" "rv32imafc|ilp32f"; do
  IFS='|' read -r arch abi <<<"$rv"
  for prec in "${precs[@]}"; do
    # shellcheck disable=SC2086
    bg riscv64-unknown-elf-gcc -march=$arch -mabi=$abi $(prec_flag "$prec") -std=c99 -Os $W $pico $inc \
      -c "$out/keep.c" -o "$out/keep-$arch-$prec.o"
    # shellcheck disable=SC2086
    bg riscv64-unknown-elf-gcc -march=$arch -mabi=$abi $(prec_flag "$prec") -std=c11 -Os $W $pico $rvmem $inc \
      -ffunction-sections -fdata-sections "$here/selftest.c" "$here/board_riscv.c" -lm \
      -o "$out/selftest-$arch-$prec.elf"
  done
done
join
for arch in rv32imac rv32imafc; do
  for prec in "${precs[@]}"; do
    [ -s "$out/keep-$arch-$prec.o" ] && [ -s "$out/selftest-$arch-$prec.elf" ] || die "riscv $arch $prec missing"
    done_part "riscv $arch $prec (keep.c C99, self-test C11, linked with picolibc)"
  done
done

step "host gcc and clang with -fshort-enums (the ARM EABI enum size): build and run the self-test"
for cc in gcc clang; do
  for prec in "${precs[@]}"; do
    # shellcheck disable=SC2086
    bg $cc -fshort-enums $(prec_flag "$prec") -std=c99 -O2 $W $inc -c "$out/keep.c" -o "$out/keep-host-$cc-$prec.o"
    # shellcheck disable=SC2086
    bg $cc -fshort-enums $(prec_flag "$prec") -std=c11 -O2 $W $inc "$here/selftest.c" "$here/board_host.c" -lm \
      -o "$out/selftest-host-$cc-$prec"
  done
done
join
for cc in gcc clang; do
  for prec in "${precs[@]}"; do
    "$out/selftest-host-$cc-$prec" >"$out/host-$cc-$prec.txt" || { cat "$out/host-$cc-$prec.txt"; die "host self-test failed ($cc $prec)"; }
    grep -q 'failed: PASS$' "$out/host-$cc-$prec.txt" || die "host self-test did not pass ($cc $prec)"
    done_part "host $cc -fshort-enums $prec: $(grep -o '[0-9]* checks, 0 failed: PASS' "$out/host-$cc-$prec.txt")"
  done
done

# --------------------------------------------------- float-only objects
step "SPCONV_USE_FLOAT: no double arithmetic and no double libm call in the header's code"
# Undefined symbols that mean double precision: the ARM EABI double helpers
# (__aeabi_dadd, __aeabi_f2d, __aeabi_d2f, __aeabi_i2d, ...), libgcc's
# generic names (__adddf3, __extendsfdf2, __truncdfsf2, __floatsidf, ...),
# and the double functions of <math.h>.
double_syms='^(__aeabi_(d[a-z0-9]+|[a-z0-9]+2d|d2[a-z0-9]+)|__[a-z]*df[a-z]*[0-9]?|sin|cos|tan|asin|acos|atan|atan2|sqrt|fabs|floor|ceil|fmod|pow|exp|log|hypot|copysign|round|trunc|fmin|fmax|sincos)$'
no_double() { # no_double NM OBJECT: fails when the object references double code
  local syms
  syms=$("$1" -u "$2" | awk '{print $NF}' | grep -E "$double_syms" || true)
  [ -z "$syms" ] || { echo "$2 references double-precision code: $syms" >&2; return 1; }
}
# the check itself, on an object that does use double: it must be caught
printf 'float spconv_canary(float x);\nfloat spconv_canary(float x) { return (float)((double)x * 0.1) + (float)sqrt((double)x); }\n' \
  | sed '1i #include <math.h>' >"$out/canary.c"
arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -O2 -c "$out/canary.c" -o "$out/canary.o"
if no_double arm-none-eabi-nm "$out/canary.o" 2>/dev/null; then die "the double-symbol check missed a double operation"; fi
for t in "${targets[@]}"; do
  IFS='|' read -r tag _ <<<"$t"
  for std in c99 c11; do
    no_double arm-none-eabi-nm "$out/keep-$tag-float-$std.o" || die "float build of the header uses double ($tag)"
  done
done
# the Cortex-M7 has double in hardware: no helper would be called, so look
# for double-precision instructions (.f64) in the disassembly
for std in c99 c11; do
  if arm-none-eabi-objdump -d "$out/keep-m7-float-$std.o" | grep -E '\.f64' >"$out/m7-f64.txt"; then
    head "$out/m7-f64.txt" >&2
    die "float build of the header uses double-precision instructions on the Cortex-M7"
  fi
done
arm-none-eabi-objdump -d "$out/keep-m7-double-c99.o" >"$out/keep-m7-double-c99.dis"
grep -qE '\.f64' "$out/keep-m7-double-c99.dis" ||
  die "the .f64 check finds nothing even in the double build: the check is broken"
for arch in rv32imac rv32imafc; do
  no_double riscv64-unknown-elf-nm "$out/keep-$arch-float.o" || die "float build of the header uses double ($arch)"
  # the linked float images carry no double code at all (picolibc included)
  no_double_img=$(riscv64-unknown-elf-nm "$out/selftest-$arch-float.elf" | awk '{print $NF}' |
                  grep -E "$double_syms" || true)
  [ -z "$no_double_img" ] || die "linked float image ($arch) contains $no_double_img"
done
done_part "float objects: no double (m0, m4, m7 objects and M7 instructions; rv32imac, rv32imafc)"

# ------------------------------------------------------ bare metal, QEMU
# elf_for TAG PREC NAME SOURCES-AND-FLAGS...: a Cortex-M image. No system-call
# stubs are linked (no nosys.specs, no rdimon): anything that needed the heap
# or stdio would fail the link (malloc needs _sbrk).
elf_for() {
  local tag=$1 prec=$2 name=$3; shift 3
  local t tt flags core
  for t in "${targets[@]}"; do
    IFS='|' read -r tt flags _board core <<<"$t"
    [ "$tt" = "$tag" ] && break
  done
  # shellcheck disable=SC2086
  arm-none-eabi-gcc $flags $(prec_flag "$prec") -DSELFTEST_CORE="\"$core\"" -std=c99 -Os $W $inc \
    -ffunction-sections -fdata-sections -nostartfiles --specs=nano.specs -T "$here/cortex_m.ld" \
    -Wl,--gc-sections -Wl,-Map="$out/$name.map" "$@" "$here/board_arm.c" -lm -o "$out/$name.elf"
}
qemu_run() { # qemu_run BOARD ELF LOG: the exit status of the program
  timeout 120 qemu-system-arm -M "$1" -nographic -monitor none -serial none \
    -semihosting-config enable=on,target=native -kernel "$2" >"$3" 2>&1
}
families="status quat rot angvel units axes shapes spatial engines mujoco sap arrays motion"
check_log() { # check_log LOG: every family ran and passed
  local f
  grep -q 'failed: PASS$' "$1" || return 1
  grep -q '^FAIL' "$1" && return 1
  for f in core $families; do grep -q "^ok   $f (" "$1" || { echo "family $f did not run" >&2; return 1; }; done
}

step "the bare-metal self-test under QEMU $(qemu-system-arm --version | head -1 | awk '{print $4}'), double and float"
# the images first (in parallel), then the runs
for t in "${targets[@]}"; do
  IFS='|' read -r tag _ <<<"$t"
  for prec in "${precs[@]}"; do
    bg elf_for "$tag" "$prec" "selftest-$tag-$prec" "$here/selftest.c"
  done
done
bg elf_for m4 float selftest-broken "$here/selftest.c" -DSELFTEST_BREAK
for prec in "${precs[@]}"; do
  # the self-test with the header's math macros routed to vendor_math.c
  # shellcheck disable=SC2086
  bg arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 $(prec_flag "$prec") \
    -DSELFTEST_VENDOR_MATH -DSELFTEST_CORE='"Cortex-M4"' -std=c99 -Os $W $inc -c "$here/selftest.c" \
    -o "$out/selftest-vendor-$prec.o"
  # shellcheck disable=SC2086
  bg arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 $(prec_flag "$prec") \
    -std=c99 -Os $W $inc -include "$here/vendor_math.h" -c "$out/keep.c" -o "$out/keep-vendor-$prec.o"
done
join
for t in "${targets[@]}"; do
  IFS='|' read -r tag _flags board core <<<"$t"
  for prec in "${precs[@]}"; do
    name=selftest-$tag-$prec
    rc=0
    qemu_run "$board" "$out/$name.elf" "$out/$name.txt" || rc=$?
    if [ "$rc" != 0 ] || ! check_log "$out/$name.txt"; then
      cat "$out/$name.txt"
      die "self-test failed on $core ($board, $prec): exit status $rc"
    fi
    grep -q "^spatial_conv self-test ($prec) on $core " "$out/$name.txt" || die "not run on $core"
    grep -q '^stack: [0-9]* bytes used' "$out/$name.txt" || die "no stack report from $name"
    done_part "qemu $board $core $prec: $(grep -o '[0-9]* checks, 0 failed: PASS' "$out/$name.txt"); \
$(grep -o '[0-9]* bytes used' "$out/$name.txt") of stack; \
$(arm-none-eabi-size "$out/$name.elf" | awk 'NR == 2 {print $1 " B text"}')"
  done
done
# Float images on cores without a double FPU contain no double code at all,
# C library included (on the Cortex-M7, newlib's sinf / cosf compute in
# double internally; the header's own code is checked above).
for tag in m0 m4; do
  img=$(arm-none-eabi-nm "$out/selftest-$tag-float.elf" | awk '{print $NF}' | grep -E "$double_syms" || true)
  [ -z "$img" ] || die "linked float image ($tag) contains double code: $img"
done
done_part "linked float images (m0, m4): no double code"
# a failure must be seen: one wrong expected value on purpose
rc=0
qemu_run mps2-an386 "$out/selftest-broken.elf" "$out/selftest-broken.txt" || rc=$?
[ "$rc" != 0 ] && grep -q '^FAIL deliberately-broken' "$out/selftest-broken.txt" &&
  grep -q 'failed: FAIL$' "$out/selftest-broken.txt" ||
  { cat "$out/selftest-broken.txt"; die "a deliberately wrong value was not reported as a failure (exit $rc)"; }
done_part "a deliberately wrong value fails the run (exit status $rc)"

step "math macros routed to a vendor library (vendor_math.c counts the calls)"
for prec in "${precs[@]}"; do
  name=selftest-vendor-$prec
  for o in "$out/$name.o" "$out/keep-vendor-$prec.o"; do # nothing left for libm
    libm=$(arm-none-eabi-nm -u "$o" | awk '{print $NF}' |
           grep -E '^(sin|cos|tan|asin|acos|atan|atan2|sqrt|fabs)f?$' || true)
    [ -z "$libm" ] || die "$o calls $libm directly, not through the SPCONV_ math macros"
  done
  arm-none-eabi-nm -u "$out/keep-vendor-$prec.o" >"$out/keep-vendor-$prec.nm"
  grep -q vendor_sqrt "$out/keep-vendor-$prec.nm" || die "keep-vendor-$prec.o: no vendor call"
  elf_for m4 "$prec" "$name" "$out/$name.o" "$here/vendor_math.c"
  rc=0
  qemu_run mps2-an386 "$out/$name.elf" "$out/$name.txt" || rc=$?
  if [ "$rc" != 0 ] || ! check_log "$out/$name.txt" || ! grep -q '^ok   vendor-math (' "$out/$name.txt"; then
    cat "$out/$name.txt"
    die "vendor-math self-test failed ($prec)"
  fi
  done_part "vendor math $prec: $(grep '^vendor math calls' "$out/$name.txt")"
done

# ----------------------------------------------------------------- summary
step "summary"
expected=$((1 + 3 * 2 + 2 * 2 + 2 * 2 + 1 + 3 * 2 + 1 + 1 + 2))
printf '%s\n' "${ran[@]}"
[ "${#ran[@]}" = "$expected" ] || die "${#ran[@]} of $expected parts ran"
echo "embedded: all $expected parts passed"
