#!/usr/bin/env python3
"""Fails when a public function of the header is named by no test source.

Public: every function defined as `SPCONV_API <type> spconv_<name>(` in
include/spatial_conv.h whose name does not start with `spconv__`. Tested:
the name appears as a whole word, outside comments, in a test source of
tests/ (*.c, *.cpp, *.cu, *.h, *.py; tests/bench, tests/package and
tests/embedded, whose self-test calls every function by design, are not
tests of record). A name inside a test macro (EXPECT_ALIAS(..., spconv_...)) counts.
Run by ctest (api_tested) and CI:

    python3 tests/check_api_tested.py [--header H] [--tests DIR]
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EXCLUDED_DIRS = {"bench", "package", "embedded"}
SOURCE_EXT = (".c", ".cpp", ".cu", ".h", ".py")


def strip_c_comments(text):
    """Remove /* */ and // comments, keeping string literals."""
    pattern = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'', re.S)
    return pattern.sub(lambda m: m.group(0) if m.group(0)[0] in "\"'" else " ", text)


def public_function_types(header_text):
    """{name: return type} of every SPCONV_API function without the spconv__ prefix."""
    code = strip_c_comments(header_text)
    found = {}
    for rtype, name in re.findall(r"^\s*SPCONV_API\b([^;{(]*?)\b(spconv_\w+)\s*\(", code, re.M):
        if not name.startswith("spconv__"):
            found.setdefault(name, " ".join(rtype.split()))
    return found


def public_functions(header_text):
    return sorted(public_function_types(header_text))


def test_sources(tests_dir):
    for root, dirs, files in os.walk(tests_dir):
        rel = os.path.relpath(root, tests_dir)
        if rel.split(os.sep)[0] in EXCLUDED_DIRS:
            dirs[:] = []
            continue
        for f in sorted(files):
            if f.endswith(SOURCE_EXT):
                yield os.path.join(root, f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--header", default=os.path.join(HERE, "..", "include", "spatial_conv.h"))
    ap.add_argument("--tests", default=HERE)
    args = ap.parse_args()

    with open(args.header, encoding="utf-8") as f:
        public = public_functions(f.read())
    if not public:
        print("check_api_tested: no SPCONV_API function found in", args.header)
        return 1

    words = set()
    nfiles = 0
    for path in test_sources(args.tests):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        if not path.endswith(".py"):
            text = strip_c_comments(text)
        words.update(re.findall(r"\bspconv_\w+", text))
        nfiles += 1

    untested = [n for n in public if n not in words]
    print("check_api_tested: %d public functions, %d test sources" % (len(public), nfiles))
    if untested:
        print("public functions named by no test source in tests/:")
        for n in untested:
            print("  " + n)
        return 1
    print("check_api_tested: every public function is called by a test")
    return 0


if __name__ == "__main__":
    sys.exit(main())
