#!/usr/bin/env python3
"""Builds and runs the C code of the documentation's front pages.

The convention, for every Markdown file checked (default: README.md,
docs/index.md, docs/stability.md, CHANGELOG.md):

  - A ```c block that defines `main(` is a complete program: compiled alone,
    run, and it must exit 0. When the next block after it (blank lines
    between allowed) is a ```text block, the program's standard output in
    double precision must equal that block.
  - Any other ```c block is a fragment: compiled as the body of a function
    returning int (it may `return 1` on a failure), with the inputs of
    tests/readme_snippets_inputs.h in scope, and run; it must return 0.
  - Every code span in a table row that is a call, `spconv_name(args)`, is
    compiled and run as one statement with the same inputs; a call that
    returns an int status must not return an error (< 0). A call must be
    complete (no `...`).

Each is compiled with CC -std=c99 -Wall -Wextra -Werror -Iinclude, in double
and in float (-DSPCONV_USE_FLOAT), and `#line` points every compiler message
at the document's own line. Besides, in every file checked:

  - every spconv_ / SPCONV_ name in a code span or a C block is declared by
    include/spatial_conv.h, and compiled code uses no deprecated alias;
  - a status assigned from a call (`status = spconv_...(...)`) is read before
    it is assigned again and before the snippet ends;
  - every relative link points at a file that exists (and a #anchor into a
    Markdown file at one of its headings);
  - README.md is at most --max-readme-bytes bytes (it is a front page).

Exit status 0 when everything passes, 1 otherwise (each failure printed as
FILE:LINE: message). ctest runs it as the test readme_snippets.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

DEFAULT_FILES = ["README.md", "docs/index.md", "docs/stability.md", "CHANGELOG.md"]
FLAGS = ["-std=c99", "-Wall", "-Wextra", "-Werror"]
PRECISIONS = {"double": [], "float": ["-DSPCONV_USE_FLOAT"]}


class Failures:
    def __init__(self):
        self.items = []

    def add(self, where, message):
        self.items.append(f"{where}: {message}")
        print(f"{where}: {message}", file=sys.stderr)


# ----------------------------------------------------------------- header
def strip_c_comments(text):
    """Comments replaced by spaces (newlines kept), string literals kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def read_header(path):
    """(functions: name -> return type, names: every declared public name,
    deprecated: the names of the deprecated-alias block)."""
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    code = strip_c_comments(raw)
    functions = {}
    for m in re.finditer(r"SPCONV_API\s+((?:const\s+)?[A-Za-z_]\w*(?:\s*\*)*)\s*(spconv_\w+)\s*\(",
                         code):
        functions.setdefault(m.group(2), re.sub(r"\s+", " ", m.group(1)).strip())
    names = set(functions)
    names.update(re.findall(r"#\s*define\s+((?:spconv|SPCONV)_\w+)", code))
    names.update(re.findall(r"#\s*if(?:n)?def\s+((?:spconv|SPCONV)_\w+)", code))
    names.update(re.findall(r"defined\s*\(\s*((?:spconv|SPCONV)_\w+)\s*\)", code))
    names.update(re.findall(r"\}\s*((?:spconv|SPCONV)_\w+)\s*;", code))
    names.update(re.findall(r"typedef\s+(?:struct|enum)\s+(spconv_\w+)", code))
    names.update(re.findall(r"typedef\s+[\w\s\*]+?\b(spconv_\w+)\s*;", code))
    for body in re.findall(r"enum\s+\w*\s*\{([^}]*)\}", code):
        names.update(re.findall(r"\b(SPCONV_\w+)\s*(?:=|,|$)", body))
    deprecated = set()
    start = raw.find(">>deprecated\n")
    end = raw.find("#endif /* SPCONV_NO_DEPRECATED */")
    if start >= 0 and end > start:
        block = strip_c_comments(raw[start:end])
        deprecated.update(re.findall(r"#\s*define\s+(\w+)", block))
        deprecated.update(re.findall(r"typedef\s+\w+\s+(\w+)\s*;", block))
    return functions, names, deprecated


# --------------------------------------------------------------- markdown
FENCE = re.compile(r"^\s*```\s*([\w+-]*)\s*$")


def parse_markdown(text):
    """blocks: [(lang, first content line, text)]; table and prose lines
    outside blocks: [(line number, line)]."""
    blocks, other = [], []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m:
            lang, start, body = m.group(1), i + 2, []
            i += 1
            while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
                body.append(lines[i])
                i += 1
            blocks.append((lang, start, "\n".join(body) + "\n", i + 1))
            i += 1
            continue
        other.append((i + 1, lines[i]))
        i += 1
    return blocks, other


def code_spans(line):
    return re.findall(r"`([^`]+)`", line)


def github_slug(heading):
    s = heading.strip().lower()
    s = re.sub(r"[`*_]", lambda m: "_" if m.group(0) == "_" else "", s)
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors_of(path):
    slugs, seen = set(), {}
    with open(path, encoding="utf-8") as f:
        text = f.read()
    _, other = parse_markdown(text)
    for _, line in other:
        m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            s = github_slug(m.group(1))
            k = seen.get(s, 0)
            seen[s] = k + 1
            slugs.add(s if k == 0 else f"{s}-{k}")
    return slugs


# ---------------------------------------------------------------- checks
NAME = re.compile(r"\b((?:spconv|SPCONV)_[A-Za-z0-9_]*)")


def check_names(where, text, names, deprecated, compiled, fails):
    for m in NAME.finditer(text):
        name = m.group(1)
        after = text[m.end():m.end() + 1]
        if name.endswith("_") or after in ("<", "*") or name.lower().startswith("spconv__"):
            continue  # a prefix or a pattern (spconv_<result>_from_<input>, SPCONV_PRESET_*)
        if name not in names:
            fails.add(where(m.start()), f"{name} is not declared by include/spatial_conv.h")
        elif compiled and name in deprecated:
            fails.add(where(m.start()), f"{name} is a deprecated alias: use its new name "
                      "(docs/migration.md)")


def check_statuses(doc, first_line, code, functions, fails):
    """A status assigned from a status-returning call is read before it is
    assigned again and before the end of the snippet."""
    code = strip_c_comments(code)
    for m in re.finditer(r"\b(\w+)\s*(?<![=!<>+\-*/%&|^])=(?!=)\s*(spconv_\w+)\s*\(", code):
        var, fn = m.group(1), m.group(2)
        if functions.get(fn) != "int":
            continue
        depth, j = 0, m.end() - 1
        while j < len(code):  # the end of the call
            depth += {"(": 1, ")": -1}.get(code[j], 0)
            j += 1
            if depth == 0:
                break
        line = first_line + code.count("\n", 0, m.start())
        nxt = re.compile(r"\b" + re.escape(var) + r"\b").search(code, j)
        if not nxt:
            fails.add(f"{doc}:{line}", f"{var} = {fn}(...): the status is never tested")
        elif re.match(r"\s*=(?!=)", code[nxt.end():]):
            fails.add(f"{doc}:{line}",
                      f"{var} = {fn}(...): the status is overwritten before it is tested")


def check_links(doc_path, rel, other_lines, fails, root):
    base = os.path.dirname(doc_path)
    for lineno, line in other_lines:
        prose = re.sub(r"`[^`]*`", "", line)
        for m in re.finditer(r"\[[^\]]*\]\(([^)\s]+)\)", prose):
            target = m.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue  # https:, mailto:
            path, _, anchor = target.partition("#")
            full = os.path.normpath(os.path.join(base, path)) if path else doc_path
            if not os.path.exists(full):
                fails.add(f"{rel}:{lineno}", f"link to {target}: {path} does not exist")
            elif not full.startswith(os.path.abspath(root) + os.sep):
                fails.add(f"{rel}:{lineno}", f"link to {target} leaves the repository")
            elif anchor and full.endswith(".md") and anchor not in anchors_of(full):
                fails.add(f"{rel}:{lineno}", f"link to {target}: no heading #{anchor}")


# ------------------------------------------------------------ generation
def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Unit:
    """One generated translation unit of fragments and table calls."""

    def __init__(self, name):
        self.name = name
        self.lines = ["/* generated by tests/readme_snippets.py: do not edit */",
                      "#include <stdio.h>", "#include <stdlib.h>",
                      '#include "spatial_conv.h"', '#include "readme_snippets_inputs.h"', ""]
        self.runs = []

    def here(self):
        return f'#line {len(self.lines) + 2} "{self.name}"'

    def add(self, fn, doc, line, body_lines, epilogue):
        self.lines.append(f"static int {fn}(void) {{")
        self.lines.append(f'#line {line} "{doc}"')
        self.lines.extend(body_lines)
        self.lines.append(self.here())
        self.lines.extend(epilogue)
        self.lines.append("}")
        self.runs.append((fn, f"{doc}:{line}"))

    def text(self):
        out = list(self.lines)
        out.append("int main(void) {")
        out.append("  int failed = 0;")
        for fn, where in self.runs:
            out.append(f"  readme_inputs_reset();")
            out.append(f"  if ({fn}() != 0) {{")
            out.append(f"    fprintf(stderr, \"%s: failed\\n\", {c_string(where)});")
            out.append("    failed = 1;")
            out.append("  }")
        out.append("  return failed;")
        out.append("}")
        return "\n".join(out) + "\n"


def call_statement(call, ret):
    if ret == "void":
        return [f"  {call};"], ["  return 0;"]
    if ret == "int":
        fn = call.split("(", 1)[0]
        return ([f"  int st_ = {call};"],
                [f"  if (st_ < 0) {{",
                 f"    fprintf(stderr, \"%s: %s\\n\", {c_string(fn)}, spconv_status_string(st_));",
                 "    return 1;", "  }", "  return 0;"])
    return [f"  (void)({call});"], ["  return 0;"]


def run(cmd, cwd=None, timeout=120):
    return subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, timeout=timeout)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cc", default=os.environ.get("CC", "gcc"))
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--workdir", help="where the generated programs go (default: a temporary "
                    "folder, removed afterwards)")
    ap.add_argument("--max-readme-bytes", type=int, default=14336)
    ap.add_argument("files", nargs="*", help="Markdown files, relative to --root "
                    f"(default: {' '.join(DEFAULT_FILES)})")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    files = args.files or DEFAULT_FILES
    fails = Failures()
    functions, names, deprecated = read_header(os.path.join(root, "include", "spatial_conv.h"))
    if len(functions) < 100:
        fails.add("include/spatial_conv.h", f"only {len(functions)} functions found: parser broken?")

    work = args.workdir or tempfile.mkdtemp(prefix="readme_snippets.")
    os.makedirs(work, exist_ok=True)
    shutil.copy(os.path.join(root, "tests", "readme_snippets_inputs.h"), work)
    programs, units, counts = [], [], {"programs": 0, "fragments": 0, "calls": 0}

    for rel in files:
        path = os.path.join(root, rel)
        if not os.path.exists(path):
            fails.add(rel, "no such file")
            continue
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if rel == "README.md" and len(text.encode("utf-8")) > args.max_readme_bytes:
            fails.add(rel, f"{len(text.encode('utf-8'))} bytes, more than "
                      f"{args.max_readme_bytes}: the README is a front page (move reference "
                      "text to docs/)")
        blocks, other = parse_markdown(text)
        check_links(path, rel, other, fails, root)
        tag = re.sub(r"\W", "_", rel)
        unit = Unit(f"{tag}_snippets.c")

        for lineno, line in other:
            def at(_offset, lineno=lineno):
                return f"{rel}:{lineno}"
            spans = code_spans(line)
            for span in spans:
                check_names(at, span, names, deprecated, False, fails)
            if not line.lstrip().startswith("|"):
                continue
            for span in spans:
                m = re.match(r"^\s*(spconv_\w+)\s*\((.*)\)\s*;?\s*$", span)
                if not m:
                    continue
                fn = m.group(1)
                if "..." in span:
                    fails.add(f"{rel}:{lineno}", f"{fn}: a call in a table must be complete "
                              "(no ...): it is compiled")
                    continue
                if fn in deprecated:
                    fails.add(f"{rel}:{lineno}", f"{fn} is a deprecated alias: use its new name "
                              "(docs/migration.md)")
                    continue
                if fn not in functions:
                    fails.add(f"{rel}:{lineno}", f"{fn} is not a function of "
                              "include/spatial_conv.h")
                    continue
                check_names(at, span, names, deprecated, True, fails)
                body, epilogue = call_statement(span.strip().rstrip(";"), functions[fn])
                counts["calls"] += 1
                unit.add(f"call_{lineno}_{counts['calls']}", rel, lineno, body, epilogue)

        for bi, (lang, start, code, end) in enumerate(blocks):
            if lang != "c":
                continue

            def at_code(offset, start=start, code=code):
                return f"{rel}:{start + code.count(chr(10), 0, offset)}"
            check_names(at_code, strip_c_comments(code), names, deprecated, True, fails)
            check_statuses(rel, start, code, functions, fails)
            if re.search(r"\bmain\s*\(", strip_c_comments(code)):
                expected = None
                if bi + 1 < len(blocks) and blocks[bi + 1][0] == "text":
                    between = text.split("\n")[end:blocks[bi + 1][1] - 2]
                    if all(not b.strip() for b in between):
                        expected = blocks[bi + 1][2]
                src = os.path.join(work, f"{tag}_{start}.c")
                with open(src, "w", encoding="utf-8") as f:
                    f.write(f'#line {start} "{rel}"\n{code}')
                programs.append((rel, start, src, expected))
                counts["programs"] += 1
            else:
                counts["fragments"] += 1
                unit.add(f"fragment_{start}", rel, start, code.rstrip("\n").split("\n"),
                         ["  return 0;"])
        if unit.runs:
            src = os.path.join(work, unit.name)
            with open(src, "w", encoding="utf-8") as f:
                f.write(unit.text())
            units.append((rel, src))

    include = ["-I" + os.path.join(root, "include"), "-I" + work]
    for prec, defs in PRECISIONS.items():
        jobs = [(rel, line, src, expected) for rel, line, src, expected in programs]
        jobs += [(rel, None, src, None) for rel, src in units]
        for rel, line, src, expected in jobs:
            exe = f"{src[:-2]}_{prec}"
            what = f"{rel}:{line}" if line else f"{rel} (fragments and table calls)"
            r = run([args.cc] + FLAGS + defs + include + [src, "-o", exe, "-lm"])
            if r.returncode != 0:
                fails.add(what, f"does not compile ({prec}, {args.cc}):\n{r.stderr.rstrip()}")
                continue
            r = run([exe], cwd=work)
            if r.returncode != 0:
                fails.add(what, f"exits {r.returncode} ({prec}):\n{(r.stdout + r.stderr).rstrip()}")
            elif expected is not None and prec == "double" and r.stdout != expected:
                fails.add(what, f"prints\n{r.stdout}instead of the text block under it:\n{expected}")

    print(f"readme_snippets: {', '.join(files)}: {counts['programs']} programs, "
          f"{counts['fragments']} fragments, {counts['calls']} table calls, built with {args.cc} "
          f"{' '.join(FLAGS)} in double and float")
    if not args.workdir:
        shutil.rmtree(work, ignore_errors=True)
    if fails.items:
        print(f"readme_snippets: {len(fails.items)} failure(s)", file=sys.stderr)
        return 1
    print("readme_snippets: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
