#!/usr/bin/env python3
"""Measures spatial_conv on Cortex-M: flash per family, stack per function,
instructions per call of the hot conversions. Prints Markdown tables (the
ones in docs/embedded.md).

    python3 tests/embedded/measure.py [--out build/embedded-measure] [--only flash,switches,stack,icount]

Flash: every public function of one header section (`>>quat`, ...) kept out
of line by tests/embedded/keep.py, compiled at -Os with -ffunction-sections;
"code" is the bytes of .text and .rodata of that object (the header's own
code and constants), "linked" the growth of a minimal firmware image when
the family is linked in (newlib's libm and libgcc's soft float included).
A family counts every private helper it uses, so the families do not add
up to the whole header.

Stack: -fstack-usage and -fcallgraph-info=su on the object that keeps every
public function (-Os): "frame" is the function's own frame, "worst" its
frame plus the deepest chain of the header's functions it calls (libm and
libgcc routines are not counted: their object files carry no stack
information).

Instructions: tests/embedded/icount.c under qemu-system-arm -icount
shift=0 on mps2-an386 (Cortex-M4): SysTick then advances with executed
instructions; a calibration loop turns ticks into instructions and the cost
of an empty call is subtracted. Instruction counts, not cycles: QEMU is not
cycle-accurate.

Needs gcc-arm-none-eabi, libnewlib-arm-none-eabi and qemu-system-arm.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, HERE)
import keep  # noqa: E402

CC = "arm-none-eabi-gcc"
M0 = "-mcpu=cortex-m0 -mthumb -mfloat-abi=soft"
M4 = "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16"
M7 = "-mcpu=cortex-m7 -mthumb -mfloat-abi=hard -mfpu=fpv5-d16"
# (column label, core flags, precision)
TARGETS = [
    ("M0 double", M0, "double"),
    ("M0 float", M0, "float"),
    ("M4F float", M4, "float"),
    ("M4F double", M4, "double"),
    ("M7 double", M7, "double"),
    ("M7 float", M7, "float"),
]
FAMILY_NAMES = {
    "status": "status codes",
    "quat": "quaternions",
    "rot": "rotation representations",
    "angvel": "angular velocity",
    "units": "units",
    "axes": "axis systems",
    "shapes": "shapes, asset import",
    "spatial": "spatial vectors",
    "se3": "rigid transforms",
    "inertia": "inertia",
    "engines": "engine conventions",
    "states": "body states",
    "mujoco": "MuJoCo",
    "sap": "SAP boundary",
    "arrays": "joint arrays, permutations",
    "motion": "motion data",
}
LDFLAGS = ["-nostartfiles", "--specs=nano.specs", "-T", os.path.join(HERE, "cortex_m.ld"),
           "-Wl,--gc-sections"]


def sh(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        raise SystemExit("measure.py: %s failed:\n%s%s" % (" ".join(cmd), r.stdout, r.stderr))
    return r.stdout


def tag(label):
    return label.replace(" ", "-").lower()


def flags(core, prec, opt="-Os"):
    f = core.split() + ["-std=c99", opt, "-ffunction-sections", "-fdata-sections",
                        "-I" + os.path.join(ROOT, "include"), "-I" + HERE]
    if prec == "float":
        f.append("-DSPCONV_USE_FLOAT")
    return f


def code_bytes(obj):
    """.text* + .rodata* of an object file"""
    total = 0
    for line in sh(["arm-none-eabi-size", "-A", obj]).splitlines():
        parts = line.split()
        if len(parts) >= 2 and re.match(r"^\.(text|rodata)", parts[0]):
            total += int(parts[1])
    return total


def image_text(elf):
    return int(sh(["arm-none-eabi-size", elf]).splitlines()[1].split()[0])


# ------------------------------------------------------------------- flash

def flash(out, secs):
    names = [s for s, _ in secs] + ["all"]
    for name in names:
        src = os.path.join(out, "keep_%s.c" % name)
        with open(src, "w") as f:
            f.write(keep.keep_source(secs, None if name == "all" else name))
        main = os.path.join(out, "main_%s.c" % name)
        with open(main, "w") as f:
            if name == "all":
                arrays = ["spconv_keep_" + s for s, _ in secs]
            else:
                arrays = ["spconv_keep_" + name]
            f.write("typedef void (*spconv_keep_fn)(void);\n")
            for a in arrays:
                f.write("extern spconv_keep_fn %s[];\n" % a)
            f.write("int main(void);\nint main(void) {\n  int n = 0;\n")
            for a in arrays:
                f.write("  n += %s[0] != 0;\n" % a)
            f.write("  return n == 0;\n}\n")
    with open(os.path.join(out, "main_none.c"), "w") as f:
        f.write("int main(void);\nint main(void) { return 0; }\n")

    jobs = []
    for label, core, prec in TARGETS:
        t = tag(label)
        base = os.path.join(out, "base-%s.elf" % t)
        jobs.append([CC] + flags(core, prec) + LDFLAGS + [
            os.path.join(out, "main_none.c"), os.path.join(HERE, "board_arm.c"), "-lm", "-o", base])
        for name in names:
            obj = os.path.join(out, "keep_%s-%s.o" % (name, t))
            elf = os.path.join(out, "image_%s-%s.elf" % (name, t))
            jobs.append(("obj", [CC] + flags(core, prec) + ["-c", os.path.join(out, "keep_%s.c" % name),
                                                            "-o", obj],
                         [CC] + flags(core, prec) + LDFLAGS + [
                             obj, os.path.join(out, "main_%s.c" % name),
                             os.path.join(HERE, "board_arm.c"), "-lm", "-o", elf]))
    def run(job):
        if isinstance(job, tuple):
            sh(job[1])
            sh(job[2])
        else:
            sh(job)
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        list(ex.map(run, jobs))

    code = {}
    linked = {}
    for label, core, prec in TARGETS:
        t = tag(label)
        base = image_text(os.path.join(out, "base-%s.elf" % t))
        for name in names:
            code[name, label] = code_bytes(os.path.join(out, "keep_%s-%s.o" % (name, t)))
            linked[name, label] = image_text(os.path.join(out, "image_%s-%s.elf" % (name, t))) - base

    def table(title, values):
        lines = ["| family (header section) | functions | " + " | ".join(l for l, _, _ in TARGETS) + " |",
                 "|---|---:|" + "---:|" * len(TARGETS)]
        counts = dict((s, len(f)) for s, f in secs)
        counts["all"] = sum(counts.values())
        for name in names:
            label = "**whole header**" if name == "all" else "%s (`>>%s`)" % (FAMILY_NAMES.get(name, name), name)
            lines.append("| %s | %d | " % (label, counts[name]) +
                         " | ".join("{:,}".format(values[name, l]).replace(",", " ") for l, _, _ in TARGETS) + " |")
        return "%s\n\n%s\n" % (title, "\n".join(lines))

    return (table("Header code (.text + .rodata of the object, bytes, -Os):", code) + "\n" +
            table("Growth of a linked image (bytes of flash, -Os, newlib-nano's libm and "
                  "libgcc's soft float included):", linked))


# ---------------------------------------------------------------- switches

SWITCHES = ["SPCONV_NO_SAP", "SPCONV_NO_MOTION", "SPCONV_NO_SHAPES", "SPCONV_NO_MUJOCO"]


def flash_switches(out, secs):
    """Header code of every public function that remains with each opt-out
    switch (and with all of them), beside the whole header, measured alike."""
    variants = [("whole header", [])] + [("`%s`" % w, [w]) for w in SWITCHES] + \
               [("all four switches", SWITCHES)]
    hdr = os.path.join(ROOT, "include", "spatial_conv.h")
    srcs = []
    for k, (label, defs) in enumerate(variants):
        # the names the switches leave: those still declared after preprocessing
        pre = sh([CC, "-E", "-P"] + ["-D" + d for d in defs] + [hdr])
        kept = [(sec, [n for n in funcs if re.search(r"\b%s\s*\(" % n, pre)]) for sec, funcs in secs]
        kept = [(sec, funcs) for sec, funcs in kept if funcs]
        src = os.path.join(out, "keep_switch%d.c" % k)
        with open(src, "w") as f:
            f.write("".join("#define %s\n" % d for d in defs) + keep.keep_source(kept))
        srcs.append((label, src, sum(len(f) for _, f in kept)))
    jobs = []
    for label, core, prec in TARGETS:
        for k, (_, src, _) in enumerate(srcs):
            jobs.append([CC] + flags(core, prec) + ["-c", src, "-o", src[:-2] + "-%s.o" % tag(label)])
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        list(ex.map(sh, jobs))
    lines = ["| build | functions | " + " | ".join(l for l, _, _ in TARGETS) + " |",
             "|---|---:|" + "---:|" * len(TARGETS)]
    base = {}
    for k, (label, src, count) in enumerate(srcs):
        cells = []
        for tl, _, _ in TARGETS:
            b = code_bytes(src[:-2] + "-%s.o" % tag(tl))
            if k == 0:
                base[tl] = b
                cells.append("{:,}".format(b).replace(",", " "))
            else:
                cells.append("{:,} (-{:,})".format(b, base[tl] - b).replace(",", " "))
        lines.append("| %s | %d | " % (label, count) + " | ".join(cells) + " |")
    return ("Header code with the opt-out switches (.text + .rodata of the object that keeps "
            "every public function left, bytes, -Os; in parentheses, the saving):\n\n%s\n"
            % "\n".join(lines))


# ------------------------------------------------------------------- stack

def parse_ci(path):
    """nodes: name -> (bytes or None, qualifier); edges: name -> set(callees)"""
    nodes, edges = {}, {}
    text = open(path).read()
    for m in re.finditer(r'node: \{ title: "([^"]+)" label: "([^"]*)"', text):
        title, label = m.group(1), m.group(2)
        name = title.split(":")[-1]
        st = re.search(r"(\d+) bytes \(([a-z,]+)\)", label)
        nodes[name] = (int(st.group(1)), st.group(2)) if st else (None, "external")
    for m in re.finditer(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"', text):
        edges.setdefault(m.group(1).split(":")[-1], set()).add(m.group(2).split(":")[-1])
    return nodes, edges


def worst(name, nodes, edges, memo, path=()):
    if name in memo:
        return memo[name]
    own = nodes.get(name, (None, ""))[0]
    if own is None:  # libm, libgcc, memcpy: no stack information
        memo[name] = 0
        return 0
    if name in path:
        raise SystemExit("measure.py: recursion through %s" % name)
    deepest = max([worst(c, nodes, edges, memo, path + (name,)) for c in edges.get(name, ())] or [0])
    memo[name] = own + deepest
    return memo[name]


def stack(out, secs):
    src = os.path.join(out, "keep_all_stack.c")
    with open(src, "w") as f:
        f.write(keep.keep_source(secs))
    jobs = []
    for label, core, prec in TARGETS:
        obj = os.path.join(out, "stack-%s.o" % tag(label))
        jobs.append([CC] + flags(core, prec) + ["-fstack-usage", "-fcallgraph-info=su", "-c", src,
                                                "-o", obj])
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        list(ex.map(sh, jobs))
    frame, chain, quals = {}, {}, set()
    for label, _, _ in TARGETS:
        nodes, edges = parse_ci(os.path.join(out, "stack-%s.ci" % tag(label)))
        memo = {}
        for name, (b, q) in nodes.items():
            if b is not None:
                quals.add(q)
        for s, funcs in secs:
            for fn in funcs:
                if fn not in nodes or nodes[fn][0] is None:
                    raise SystemExit("measure.py: no stack information for %s (%s)" % (fn, label))
                frame[fn, label] = nodes[fn][0]
                chain[fn, label] = worst(fn, nodes, edges, memo)

    lines = ["| family | " + " | ".join(l for l, _, _ in TARGETS) + " | deepest (M4F float) |",
             "|---|" + "---:|" * len(TARGETS) + "---|"]
    for s, funcs in secs:
        cells = []
        for label, _, _ in TARGETS:
            f = max(funcs, key=lambda n: (chain[n, label], frame[n, label]))
            g = max(funcs, key=lambda n: frame[n, label])
            cells.append("%d / %d" % (frame[g, label], chain[f, label]))
        deep = max(funcs, key=lambda n: chain[n, "M4F float"])
        lines.append("| %s | %s | `%s` |" % (FAMILY_NAMES.get(s, s), " | ".join(cells), deep))
    per = ["| function | " + " | ".join(l for l, _, _ in TARGETS) + " |",
           "|---|" + "---:|" * len(TARGETS)]
    for s, funcs in secs:
        for fn in funcs:
            per.append("| `%s` | " % fn + " | ".join(
                "%d / %d" % (frame[fn, l], chain[fn, l]) for l, _, _ in TARGETS) + " |")
    note = "frame qualifiers seen: %s" % ", ".join(sorted(quals))
    return ("Stack, bytes: largest own frame / deepest chain in each family (-Os; %s):\n\n%s\n\n"
            "<details><summary>Every public function: own frame / deepest chain, bytes</summary>\n\n"
            "%s\n\n</details>\n" % (note, "\n".join(lines), "\n".join(per)))


# --------------------------------------------------------------- icount

ICOUNT_RUNS = [
    # (label, core, precision, optimisation, QEMU board)
    ("M4F float -Os", M4, "float", "-Os", "mps2-an386"),
    ("M4F float -O2", M4, "float", "-O2", "mps2-an386"),
    ("M4F double -Os", M4, "double", "-Os", "mps2-an386"),
    ("M4F double -O2", M4, "double", "-O2", "mps2-an386"),
    ("M0 float -Os", M0, "float", "-Os", "microbit"),
]


def icount(out):
    results = {}
    order = []
    for label, core, prec, opt, board in ICOUNT_RUNS:
        elf = os.path.join(out, "icount-%s.elf" % tag(label))
        sh([CC] + flags(core, prec, opt) + LDFLAGS + [
            os.path.join(HERE, "icount.c"), os.path.join(HERE, "board_arm.c"), "-lm", "-o", elf])
        log = subprocess.run(
            ["timeout", "300", "qemu-system-arm", "-M", board, "-nographic", "-monitor", "none",
             "-serial", "none", "-icount", "shift=0", "-semihosting-config",
             "enable=on,target=native", "-kernel", elf],
            capture_output=True, text=True)
        text = log.stdout + log.stderr
        if log.returncode != 0 or "\ndone\n" not in text:
            raise SystemExit("measure.py: icount run %s failed:\n%s" % (label, text))
        cal = re.search(r"^calib (\d+) (\d+)$", text, re.M)
        emp = re.search(r"^empty (\d+) (\d+)$", text, re.M)
        per_tick = int(cal.group(2)) / int(cal.group(1))
        empty_ticks, ncalls = int(emp.group(1)), int(emp.group(2))
        for m in re.finditer(r"^(spconv_\w+) (\d+) (\d+)$", text, re.M):
            name, ticks, elems = m.group(1), int(m.group(2)), int(m.group(3))
            if name not in order:
                order.append(name)
            # the empty loop ran ncalls calls; the bench ran ncalls calls of
            # elems / ncalls elements each
            results[name, label] = (ticks - empty_ticks) * per_tick / elems
        results["_per_tick", label] = per_tick
        empty_stack = int(re.search(r"^stack-empty (\d+)$", text, re.M).group(1))
        for m in re.finditer(r"^stack (spconv_\w+) (\d+)$", text, re.M):
            results["_stack", m.group(1), label] = int(m.group(2)) - empty_stack
    lines = ["| conversion | " + " | ".join(r[0] for r in ICOUNT_RUNS) + " |",
             "|---|" + "---:|" * len(ICOUNT_RUNS)]
    for name in order:
        shown = "`%s`%s" % (name, " (per body, n = 16)" if name.endswith("_n") else "")
        lines.append("| %s | " % shown + " | ".join("%.0f" % results[name, r[0]] for r in ICOUNT_RUNS) + " |")
    st = ["| conversion | " + " | ".join(r[0] for r in ICOUNT_RUNS) + " |",
          "|---|" + "---:|" * len(ICOUNT_RUNS)]
    for name in order:
        st.append("| `%s` | " % name + " | ".join("%d" % results["_stack", name, r[0]] for r in ICOUNT_RUNS) + " |")
    cal = ", ".join("%s %.2f" % (r[0], results["_per_tick", r[0]]) for r in ICOUNT_RUNS)
    return ("Instructions per call (QEMU -icount; not cycles), measured by SysTick against a "
            "calibration loop (instructions per tick: %s):\n\n%s\n\n"
            "Stack of one call, measured by painting the free stack (bytes; libm and "
            "soft-float routines included):\n\n%s\n" % (cal, "\n".join(lines), "\n".join(st)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "embedded-measure"))
    ap.add_argument("--header", default=os.path.join(ROOT, "include", "spatial_conv.h"))
    ap.add_argument("--only", default="flash,switches,stack,icount")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    with open(args.header, encoding="utf-8") as f:
        secs = keep.sections(f.read())
    parts = args.only.split(",")
    print("<!-- tests/embedded/measure.py, %s, %s -->\n" % (
        sh([CC, "--version"]).splitlines()[0],
        sh(["qemu-system-arm", "--version"]).splitlines()[0]))
    if "flash" in parts:
        print(flash(args.out, secs))
    if "switches" in parts:
        print(flash_switches(args.out, secs))
    if "stack" in parts:
        print(stack(args.out, secs))
    if "icount" in parts:
        print(icount(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
