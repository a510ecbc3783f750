#!/usr/bin/env python3
"""Mutation run: does the suite notice a small change of the code it tests?

Each mutant changes one operator, comparison, index or constant in a region
of the code; the tests of that region then run against it. A mutant the
tests fail on is killed; one they pass is a survivor, to be explained (an
equivalent change) or answered with a test. Not part of CI (a run takes
minutes to hours); its counts go into the release notes.

    python3 tests/mutation/mutate.py c [--max N] [--seed S] [--list]
    python3 tests/mutation/mutate.py python [--max N] [--seed S] [--list]

c       the spatial core of include/spatial_conv.h (the definitions of the
        >>se3 and >>inertia sections), against the C tests of the core
        (spatial_core, precision_budget, robustness; double and float),
        compiled with gcc under AddressSanitizer and UBSan (an index off by
        one is caught) from a mutated copy of the header.
python  python/spatial_conv/_whole.py (the hand-written Python functions),
        against the Python tests that call them, run on a mutated copy of
        the package (its built _c64 / _c32 extensions are reused: build them
        in place first, `python3 setup.py build_ext --inplace` in python/).

Mutants are sampled with the seed when there are more than --max.
"""
import argparse
import ast
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
HEADER = os.path.join(ROOT, "include", "spatial_conv.h")

C_TESTS = {"test_spatial_core.c": [], "precision_budget.c": ["20000", "--check"],
           "test_robustness.c": []}  # source: arguments
C_REGION = (">>se3\n", "end of >>inertia */")
C_SWAPS = [(" + ", " - "), (" - ", " + "), (" * ", " / "), (" < ", " <= "), (" > ", " >= "),
           (" <= ", " < "), (" >= ", " > "), (" == ", " != "), (" != ", " == "),
           ("[0]", "[1]"), ("[1]", "[2]"), ("[2]", "[0]"), ("[3]", "[4]"), ("[4]", "[5]"),
           ("[5]", "[3]"), ("-", "")]

# a line that declares (a function's parameters, locals with array sizes)
DECLARATION = re.compile(r"\s*(SPCONV_API|SPCONV__PRIVATE|SPCONV_NODISCARD|(const )?spconv_real \w+\[|int \w+, |"
                         r"const spconv_real \w+\[)")

PY_FILE = os.path.join(ROOT, "python", "spatial_conv", "_whole.py")
PY_TESTS = ("test_every_function.py", "test_fuzz.py", "test_defects.py", "test_inputs.py",
            "test_properties.py")


# ------------------------------------------------------------------ C
def c_mutants(text):
    """(description, mutated text) of every one-token change of a code line
    of the region (comments and preprocessor lines left alone)."""
    start = text.index(C_REGION[0])
    end = text.index(C_REGION[1], start)
    out = []
    offset = start
    in_comment = False
    for line in text[start:end].splitlines(keepends=True):
        code = line
        if in_comment:
            in_comment = "*/" not in line
            code = ""
        elif line.lstrip().startswith(("/*", "/**", "#")):
            in_comment = "/*" in line and "*/" not in line
            code = ""
        elif DECLARATION.match(line) or "SPCONV_ASSERT" in line:
            code = ""  # array sizes of declarations and the (empty) assert hook: no behaviour
        code = code.split("/*")[0].split("//")[0]
        for old, new in C_SWAPS:
            if old == "-":  # a unary minus: "= -x", "(-x", ", -x"
                sites = [m.start() + 1 for m in re.finditer(r"[=(,] ?-(?=[\w(])", code)]
                sites = [s + (1 if code[s] == " " else 0) for s in sites]
            else:
                sites = [m.start() for m in re.finditer(re.escape(old), code)
                         if not re.match(r" [+-] \d+[),]", code[m.start():])]  # pointer offsets
            for s in sites:
                mutated = line[:s] + new + line[s + len(old):]
                lineno = text.count("\n", 0, offset) + 1
                out.append((f"header:{lineno}: {old.strip() or old!r} -> {new.strip() or 'nothing'}: "
                            f"{line.strip()[:90]}",
                            text[:offset] + mutated + text[offset + len(line):]))
        offset += len(line)
    return out


def c_build_and_test(text, work):
    inc = os.path.join(work, "include")
    os.makedirs(inc, exist_ok=True)
    with open(os.path.join(inc, "spatial_conv.h"), "w") as f:
        f.write(text)
    for src in C_TESTS:
        for prec in ("", "-DSPCONV_USE_FLOAT"):
            exe = os.path.join(work, src + prec[-5:] + ".exe")
            cc = ["gcc", "-std=c99", "-O1", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                  prec, "-I" + inc, "-I" + os.path.join(ROOT, "tests"),
                  os.path.join(ROOT, "tests", src), "-o", exe, "-lcmocka", "-lm"]
            if subprocess.run([a for a in cc if a], capture_output=True).returncode:
                return "killed (does not compile)"
            try:
                r = subprocess.run([exe, *C_TESTS[src]], capture_output=True, timeout=60)
            except subprocess.TimeoutExpired:
                return "killed (timeout)"
            if r.returncode:
                return f"killed by {src}{' float' if prec else ''}"
    return None


# ------------------------------------------------------------------ Python
class _Sites(ast.NodeVisitor):
    """Every mutation site of a module: (node path, kind)."""

    OPS = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
           ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
           ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.And: ast.Or, ast.Or: ast.And,
           ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}

    def __init__(self):
        self.sites = []

    def generic_visit(self, node):
        for kind in self.kinds(node):
            self.sites.append((node, kind))
        super().generic_visit(node)

    def kinds(self, node):
        if isinstance(node, (ast.BinOp, ast.BoolOp)) and type(node.op) in self.OPS:
            yield "op"
        if isinstance(node, ast.Compare) and type(node.ops[0]) in self.OPS:
            yield "cmp"
        if isinstance(node, ast.Constant) and type(node.value) is int:
            yield "int"
        if isinstance(node, ast.Constant) and type(node.value) is bool:
            yield "bool"
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
            yield "unary"


def _mutate(node, kind):
    if kind == "op":
        node.op = _Sites.OPS[type(node.op)]()
    elif kind == "cmp":
        node.ops[0] = _Sites.OPS[type(node.ops[0])]()
    elif kind == "int":
        node.value = node.value + 1
    elif kind == "bool":
        node.value = not node.value
    elif kind == "unary":
        return node.operand
    return node


def py_mutants(text):
    tree = ast.parse(text)
    finder = _Sites()
    finder.visit(tree)
    out = []
    for i, (node, kind) in enumerate(finder.sites):
        fresh = ast.parse(text)
        f2 = _Sites()
        f2.visit(fresh)
        target, _ = f2.sites[i]
        before = ast.unparse(target)[:70]
        replaced = _mutate(target, kind)
        if replaced is not target:  # a unary operator dropped: replace in the parent
            for parent in ast.walk(fresh):
                for field, value in ast.iter_fields(parent):
                    if value is target:
                        setattr(parent, field, replaced)
                    elif isinstance(value, list):
                        for j, v in enumerate(value):
                            if v is target:
                                value[j] = replaced
        after = ast.unparse(replaced)[:70]
        out.append((f"_whole.py:{node.lineno}: {kind}: {before} -> {after}", ast.unparse(fresh)))
    return out


def py_build_and_test(text, work):
    pkg = os.path.join(work, "spatial_conv")
    if not os.path.exists(pkg):
        shutil.copytree(os.path.dirname(PY_FILE), pkg,
                        ignore=shutil.ignore_patterns("__pycache__"))
    with open(os.path.join(pkg, "_whole.py"), "w") as f:
        f.write(text)
    shutil.rmtree(os.path.join(pkg, "__pycache__"), ignore_errors=True)
    tests = [os.path.join(ROOT, "python", "tests", t) for t in PY_TESTS
             if os.path.exists(os.path.join(ROOT, "python", "tests", t))]
    env = dict(os.environ, PYTHONPATH=work)
    try:
        r = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                            "-k", "not cuda", *tests], capture_output=True, text=True, env=env,
                           cwd=work, timeout=900)
    except subprocess.TimeoutExpired:
        return "killed (timeout)"
    if r.returncode:
        failed = [ln for ln in r.stdout.splitlines() if ln.startswith("FAILED")]
        return "killed: " + (failed[0][7:90] if failed else f"pytest exit {r.returncode}")
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("target", choices=("c", "python"))
    ap.add_argument("--max", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    args = ap.parse_args()
    path = HEADER if args.target == "c" else PY_FILE
    with open(path) as f:
        text = f.read()
    mutants = (c_mutants if args.target == "c" else py_mutants)(text)
    total = len(mutants)
    if total > args.max:
        mutants = sorted(random.Random(args.seed).sample(mutants, args.max))
    print(f"{total} mutants, running {len(mutants)}", flush=True)
    if args.list:
        for desc, _ in mutants:
            print(desc)
        return 0
    run = c_build_and_test if args.target == "c" else py_build_and_test
    with tempfile.TemporaryDirectory() as work:
        if run(text, work):
            print("the unmutated code fails its tests: nothing to measure", file=sys.stderr)
            return 1
        survivors = []
        for i, (desc, mutated) in enumerate(mutants, 1):
            verdict = run(mutated, work)
            print(f"[{i}/{len(mutants)}] {'SURVIVED' if verdict is None else verdict}: {desc}",
                  flush=True)
            if verdict is None:
                survivors.append(desc)
    print(f"\n{len(mutants) - len(survivors)} of {len(mutants)} killed; {len(survivors)} survived:")
    for desc in survivors:
        print("  " + desc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
