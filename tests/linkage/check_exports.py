#!/usr/bin/env python3
"""Checks the symbols of a linked build (SPCONV_IMPLEMENTATION).

    check_exports.py [--nm NM] HEADER LIBRARY [PROGRAM...]

LIBRARY (a shared library built from implementation.c) must export exactly
the public functions that the header declares in its >>decl block: every
one, and nothing else (no private spconv__ helper, no other name). Each
PROGRAM, compiled with SPCONV_DECLARATIONS_ONLY at -O0, must define no
spconv_ function of its own: its calls go to the library.
"""
import re
import subprocess
import sys


def declared_functions(header):
    text = open(header, encoding="utf-8").read()
    start = text.index(">>decl\n")
    end = text.index(">>deprecated\n", start)
    block = re.sub(r"/\*.*?\*/", " ", text[start:end], flags=re.S)
    return set(re.findall(r"\bSPCONV_API\b[^;{(]*?\b(spconv_\w+)\s*\(", block))


NM = "nm"


def defined_symbols(path, dynamic):
    cmd = [NM, "--defined-only"] + (["-D"] if dynamic else []) + [path]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return {line.split()[-1] for line in out.splitlines() if len(line.split()) == 3}


def main(argv):
    global NM
    args = argv[1:]
    if args[:1] == ["--nm"]:
        NM, args = args[1], args[2:]
    header, library, programs = args[0], args[1], args[2:]
    declared = declared_functions(header)
    exported = {s for s in defined_symbols(library, True) if not s.startswith("_")}
    exported -= {"main"}
    problems = []
    if not declared:
        problems.append("no declarations found in the >>decl block")
    for name in sorted(declared - exported):
        problems.append(f"declared but not exported: {name}")
    for name in sorted(exported - declared):
        problems.append(f"exported but not a public function: {name}")
    for program in programs:
        own = sorted(s for s in defined_symbols(program, False) if s.startswith("spconv"))
        for name in own:
            problems.append(f"{program} defines {name} itself")
    for p in problems:
        print("FAILED:", p)
    if problems:
        return 1
    print(f"ok: {len(exported)} public functions exported, nothing else; "
          f"{len(programs)} programs call them from the library")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
