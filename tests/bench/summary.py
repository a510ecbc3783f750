#!/usr/bin/env python3
"""Print docs/performance.md's summary tables from the benchmark's output.

Reads the output of the `bench` (gcc -O2) and `bench-clang-native` (clang
-O3 -march=native) runs, and optionally tests/bench/instructions.sh's table,
and prints one markdown table per precision: in-cache ns per element, the
out-of-cache bandwidth ratio to the kernel's baseline (memcpy or the STREAM
triad), the speed ratio to MuJoCo's own function where there is one, and
callgrind's instructions per element.

Usage: summary.py GCC_O2_OUTPUT CLANG_NATIVE_OUTPUT [INSTRUCTIONS_OUTPUT]
"""
import re
import sys

# (row label, bench kernel, MuJoCo comparison kernel or None, instr.c name)
ROWS = [
    ("`spconv_quat_xyzw_from_wxyz_n`", "quat_xyzw_from_wxyz_n", None, "quat_xyzw_from_wxyz"),
    ("same, in place", "quat_xyzw_from_wxyz_n in place", None, "quat_xyzw_from_wxyz_inplace"),
    ("`spconv_twist_shift_n`", "twist_shift_n", "twist_shift_n vs mju_transformSpatial",
     "twist_shift"),
    ("`spconv_twist_from_mujoco_qvel_n`", "twist_from_mujoco_qvel_n",
     "twist_from_mujoco_qvel_n vs mju rot", "twist_from_mujoco_qvel"),
    ("`spconv_mujoco_qvel_from_twist_n`", "mujoco_qvel_from_twist_n", None,
     "mujoco_qvel_from_twist"),
    ("`spconv_mujoco_qfrc_from_wrench_n`", "mujoco_qfrc_from_wrench_n", None,
     "mujoco_qfrc_from_wrench"),
    ("`spconv_wrench_from_mujoco_qfrc_n`", "wrench_from_mujoco_qfrc_n", None,
     "wrench_from_mujoco_qfrc"),
    ("`spconv_state_convert_n` MuJoCo -> Newton", "state_convert_n mujoco->newton", None,
     "state_mujoco_to_newton"),
    ("`spconv_state_convert_n` MuJoCo -> Isaac Lab", "state_convert_n mujoco->isaaclab", None,
     "state_mujoco_to_isaaclab"),
    ("`spconv_twist_convert_n` MuJoCo -> Newton", "twist_convert_n mujoco->newton", None,
     "twist_convert_mujoco_to_newton"),
    ("`spconv_wrench_convert_n` MuJoCo -> Newton", "wrench_convert_n mujoco->newton", None,
     "wrench_convert_mujoco_to_newton"),
    ("`spconv_sap_twist_from_public_n`", "sap_twist_from_public_n", None, "sap_twist_from_public"),
    ("`spconv_vec_change_up_axis_n`", "up_axis_vec3_n", None, "up_axis_vec3"),
    ("`spconv_spatial_change_up_axis_n`", "up_axis_spatial_n", None, "up_axis_spatial"),
    ("`spconv_quat_wxyz_change_world_up_axis_n`", "up_axis_quat_wxyz_n", None, "up_axis_quat_wxyz"),
]

LINE = re.compile(r"^(?P<name>\S.*?)\s+(?P<ns>[0-9.]+) \[\s*[0-9.]+,\s*[0-9.]+\]\s+[0-9.]+"
                  r"(?:\s+(?P<ratio>[0-9.]+)x \[[^\]]*\]\s+(?P<base>.*))?$")
SECTION = re.compile(r"^n = (\d+) \((in|out of) cache, (double|float)\)")


def read_bench(path):
    """{(precision, 'in'|'out', kernel): (ns, ratio, baseline)}"""
    table, where = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            m = SECTION.match(line)
            if m:
                where = (m.group(3), "in" if m.group(2) == "in" else "out")
                continue
            if line.startswith("size sweep"):
                where = None
            m = LINE.match(line) if where else None
            if m:
                ratio = float(m.group("ratio")) if m.group("ratio") else None
                table[where + (m.group("name"),)] = (float(m.group("ns")), ratio, m.group("base"))
    return table


def read_instructions(path):
    """{(kernel, column): value}; instructions.sh's columns are gcc -O2, gcc
    -O3 v3, clang -O2, clang -O3 v3, in double (/d) then float (/f)"""
    cols = [f"{c}/{p}" for p in "df" for c in ("gcc-O2", "gcc-O3v3", "clang-O2", "clang-O3v3")]
    table = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if len(parts) == len(cols) + 1 and parts[0] != "kernel":
                for c, v in zip(cols, parts[1:]):
                    table[(parts[0], c)] = v
    return table


def fmt(x, digits=2):
    return "—" if x is None else f"{x:.{digits}f}"


def baseline_word(base):
    return "memcpy" if base and "memcpy" in base else "triad"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    gcc, clang = read_bench(sys.argv[1]), read_bench(sys.argv[2])
    instr = read_instructions(sys.argv[3]) if len(sys.argv) > 3 else {}
    for prec in ("double", "float"):
        p = prec[0]
        print(f"**{prec}**\n")
        print("| kernel | in cache ns/elem, gcc -O2 | clang -O3 native "
              "| out of cache, x bandwidth of baseline, gcc -O2 | clang -O3 native "
              "| x faster than MuJoCo's function, in cache, gcc -O2 / clang -O3 native "
              "| instructions/elem, gcc -O2 / clang -O3 v3 |")
        print("|---|---:|---:|---|---:|---|---|")
        for label, kernel, mj, iname in ROWS:
            gi, ci = gcc.get((prec, "in", kernel)), clang.get((prec, "in", kernel))
            go, co = gcc.get((prec, "out", kernel)), clang.get((prec, "out", kernel))
            if not gi:
                continue
            mg = gcc.get((prec, "in", mj)) if mj else None
            mc = clang.get((prec, "in", mj)) if mj else None
            mjcol = f"{fmt(mg[1])} / {fmt(mc[1])}" if mg and mc else "—"
            ig, ic = instr.get((iname, f"gcc-O2/{p}")), instr.get((iname, f"clang-O3v3/{p}"))
            icol = f"{ig} / {ic}" if ig and ic else "—"
            print(f"| {label} | {fmt(gi[0])} | {fmt(ci[0] if ci else None)} "
                  f"| {baseline_word(go[2] if go else None)} {fmt(go[1] if go else None)} "
                  f"| {fmt(co[1] if co else None)} | {mjcol} | {icol} |")
        print()


if __name__ == "__main__":
    main()
