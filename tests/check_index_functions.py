#!/usr/bin/env python3
"""Fails when docs/index.md's "Every function by family" table misses a
public function of the header, or names a spconv_ function or type the
header does not declare (a removed or renamed one).

Public functions: as tests/check_api_tested.py finds them (SPCONV_API, no
spconv__ prefix). The table may also name the public types
(`typedef ... spconv_<name>;`, `struct spconv_<name>`). Run by ctest
(index_functions) and CI:

    python3 tests/check_index_functions.py [--header H] [--index docs/index.md]
"""
import argparse
import os
import re
import sys

from check_api_tested import public_functions, strip_c_comments

HERE = os.path.dirname(os.path.abspath(__file__))
SECTION = "## Every function by family"


def public_types(header_text):
    """Names of `typedef ... spconv_<name>;` and `struct spconv_<name>`."""
    code = strip_c_comments(header_text)
    typedefs = re.findall(r"typedef\b[^;{]*(?:\{[^}]*\}[^;]*)?\b(spconv_[a-z0-9_]+)\s*;", code, re.S)
    structs = re.findall(r"\bstruct\s+(spconv_[a-z0-9_]+)", code)
    return set(typedefs) | set(structs)


def index_names(index_text):
    """Every `spconv_...` name of the table (up to the next ## heading)."""
    start = index_text.index(SECTION)
    end = index_text.find("\n## ", start + len(SECTION))
    table = index_text[start:end if end >= 0 else len(index_text)]
    return set(re.findall(r"`(spconv_[A-Za-z0-9_]+)`", table))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--header", default=os.path.join(HERE, "..", "include", "spatial_conv.h"))
    ap.add_argument("--index", default=os.path.join(HERE, "..", "docs", "index.md"))
    args = ap.parse_args()
    with open(args.header, encoding="utf-8") as f:
        header = f.read()
    with open(args.index, encoding="utf-8") as f:
        listed = index_names(f.read())
    functions = set(public_functions(header))
    missing = sorted(functions - listed)
    stale = sorted(listed - functions - public_types(header))
    for name in missing:
        print(f"check_index_functions: {name} is public but not in {args.index}'s \"{SECTION[3:]}\"",
              file=sys.stderr)
    for name in stale:
        print(f"check_index_functions: {args.index} lists {name}, which the header does not declare",
              file=sys.stderr)
    if missing or stale:
        return 1
    print(f"check_index_functions: all {len(functions)} public functions listed, none stale")
    return 0


if __name__ == "__main__":
    sys.exit(main())
