#!/usr/bin/env python3
"""Doxygen comments for include/spatial_conv.h, mechanically.

Doxygen reads only /** */ comments. This turns the comment right above each
public declaration of the header into one, keeping its text:

  - every `SPCONV_API ... spconv_name(` function definition whose name does
    not start with `spconv__` (a public function; the declarations block at
    the top of the header is skipped),
  - every `typedef enum` / `typedef struct` / `typedef <type> spconv_name;`
    whose name does not start with `spconv__`,
  - the header's first comment, which becomes the file's documentation
    (`/** @file` on a line of its own above the unchanged text).

"Right above" means the comment ends on the line before the declaration.
A public function with no comment there is an error (its docs are lost or
missing); a type with none is listed as a note.

    python3 tests/doxygen_comments.py [--header H]          convert in place
    python3 tests/doxygen_comments.py --check [--header H]  exit 1 when a
        conversion is still to do or a public function has no comment (CI)
    python3 tests/doxygen_comments.py --filter FILE   doxygen's INPUT_FILTER
        (docs/Doxyfile): FILE with '<' before a letter escaped outside
        #include lines, so that a comment's <compiler eulerseq> or
        <origin rpy> (MuJoCo and URDF elements) is text, not an HTML tag
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FUNC = re.compile(r"^SPCONV_API\b[^;{(]*?\b(spconv_\w+)\s*\(")
TYPEDEF = re.compile(r"^typedef\s+(?:enum|struct)\s+(spconv_\w+)|^typedef\s+[\w ]+?\b(spconv_\w+)\s*;")


def comment_above(lines, i):
    """(first line index, column of '/*') of the comment ending on line i-1, or None."""
    j = i - 1
    if j < 0 or not lines[j].rstrip().endswith("*/"):
        return None
    k = j
    while k >= 0:
        col = lines[k].find("/*")
        # the opening of this comment: a '/*' with no '*/' between it and line j's end
        if col >= 0:
            rest = "\n".join([lines[k][col + 2:]] + lines[k + 1:j + 1])
            if rest.rstrip().endswith("*/") and rest.count("*/") == 1:
                return k, col
        k -= 1
    return None


def is_prototype(lines, i):
    """True when the function starting on line i is a declaration (its
    parameter list ends in ';'), not the definition: the header declares
    every public function once at the top and documents it where defined."""
    for line in lines[i:i + 12]:
        code = line.split("/*")[0]
        if "{" in code:
            return False
        if ";" in code:
            return True
    return False


def process(lines):
    """Returns (new lines, conversions, undocumented functions, undocumented types)."""
    out = list(lines)
    conversions = []
    missing_funcs, missing_types = [], []
    # the file comment: the first line of the header
    if out and out[0].startswith("/* ") and not out[0].startswith("/**"):
        out[0:1] = ["/** @file", "   " + out[0][3:]]
        conversions.append((1, "@file"))
    i = 0
    while i < len(out):
        line = out[i]
        m = FUNC.match(line)
        name = kind = None
        if m and not m.group(1).startswith("spconv__") and not is_prototype(out, i):
            name, kind = m.group(1), "function"
        else:
            t = TYPEDEF.match(line)
            if t:
                n = t.group(1) or t.group(2)
                if not n.startswith("spconv__"):
                    name, kind = n, "type"
        if name:
            c = comment_above(out, i)
            if c is None:
                (missing_funcs if kind == "function" else missing_types).append((i + 1, name))
            else:
                k, col = c
                opening = out[k][col:col + 3]
                if opening not in ("/**", "/*!"):
                    out[k] = out[k][:col] + "/**" + out[k][col + 2:]
                    conversions.append((k + 1, name))
        i += 1
    return out, conversions, missing_funcs, missing_types


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--header", default=os.path.join(HERE, "..", "include", "spatial_conv.h"))
    ap.add_argument("--filter", metavar="FILE", help="print FILE for doxygen (see above)")
    ap.add_argument("--check", action="store_true",
                    help="change nothing; fail when a conversion is to do or docs are missing")
    args = ap.parse_args()

    if args.filter:
        with open(args.filter, encoding="utf-8") as f:
            for line in f:
                if not line.lstrip().startswith("#include"):
                    line = re.sub(r"<(?=[A-Za-z])", r"\\<", line)
                sys.stdout.write(line)
        return 0

    with open(args.header, encoding="utf-8") as f:
        text = f.read()
    lines = text.split("\n")
    new, conversions, missing_funcs, missing_types = process(lines)

    for line, name in missing_types:
        print("note: %s:%d: type %s has no comment right above it" % (args.header, line, name))
    for line, name in missing_funcs:
        print("error: %s:%d: public function %s has no comment right above it"
              % (args.header, line, name))
    status = 1 if missing_funcs else 0
    if args.check:
        for line, name in conversions:
            print("error: %s:%d: the comment of %s is not a doxygen comment (/** */); run "
                  "python3 tests/doxygen_comments.py" % (args.header, line, name))
        if conversions:
            status = 1
        if status == 0:
            print("doxygen_comments: every public function has a doxygen comment")
        return status
    if conversions:
        with open(args.header, "w", encoding="utf-8") as f:
            f.write("\n".join(new))
    print("doxygen_comments: %d comments converted" % len(conversions))
    return status


if __name__ == "__main__":
    sys.exit(main())
