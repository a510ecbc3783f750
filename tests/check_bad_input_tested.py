#!/usr/bin/env python3
"""Fails when a public function of the header is not tried with bad input
by the robustness test (tests/test_robustness.c).

Public functions as tests/check_api_tested.py finds them. A function that
returns int (a status or a size) must be called in a statement of the
robustness test that expects a refusal: the statement names SPCONV_EINVAL
or SPCONV_EDEGENERATE, or is a call of a macro of that file whose
definition does (e.g. B2_EINVAL(spconv_...(NULL, ...))). Every other
public function (the pure maps: void, a real, a name, a descriptor) must be
named in that file, where the rules G3 and the family rows call it with
NaN or out-of-range input. Comments do not count. Run by ctest
(api_bad_input):

    python3 tests/check_bad_input_tested.py [--header H] [--robustness FILE]
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from check_api_tested import public_function_types, strip_c_comments  # noqa: E402

REFUSAL = re.compile(r"\bSPCONV_(EINVAL|EDEGENERATE)\b")


def public_functions(header_text):
    """{name: returns_int} of every public function."""
    return {name: re.search(r"\bint\b", rtype) is not None
            for name, rtype in public_function_types(header_text).items()}


def refusal_macros(code):
    """Names of the function-like macros whose definition names a refusal status."""
    names = set()
    for m in re.finditer(r"^\s*#\s*define\s+(\w+)\(((?:[^\n]*\\\n)*[^\n]*)", code, re.M):
        if REFUSAL.search(m.group(2)):
            names.add(m.group(1))
    return names


def refused_names(code):
    """Public-looking names called in a statement that expects a refusal."""
    macros = refusal_macros(code)
    body = re.sub(r"^\s*#[^\n]*(?:\\\n[^\n]*)*", " ", code, flags=re.M)  # no directives
    names = set()
    for stmt in body.split(";"):
        if REFUSAL.search(stmt) or any(re.search(r"\b%s\s*\(" % m, stmt) for m in macros):
            names.update(re.findall(r"\b(spconv_\w+)\s*\(", stmt))
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--header", default=os.path.join(HERE, "..", "include", "spatial_conv.h"))
    ap.add_argument("--robustness", default=os.path.join(HERE, "test_robustness.c"))
    args = ap.parse_args()

    with open(args.header, encoding="utf-8") as f:
        public = public_functions(f.read())
    if not public:
        print("check_bad_input_tested: no SPCONV_API function found in", args.header)
        return 1
    with open(args.robustness, encoding="utf-8") as f:
        code = strip_c_comments(f.read())
    named = set(re.findall(r"\bspconv_\w+", code))
    refused = refused_names(code)

    no_refusal = sorted(n for n, is_int in public.items() if is_int and n not in refused)
    unnamed = sorted(n for n, is_int in public.items() if not is_int and n not in named)
    n_int = sum(public.values())
    print("check_bad_input_tested: %d public functions (%d return int), %s"
          % (len(public), n_int, os.path.basename(args.robustness)))
    if no_refusal:
        print("int functions never called there in a statement expecting SPCONV_EINVAL or "
              "SPCONV_EDEGENERATE:")
        for n in no_refusal:
            print("  " + n)
    if unnamed:
        print("other public functions not called there (NaN or out-of-range input):")
        for n in unnamed:
            print("  " + n)
    if no_refusal or unnamed:
        return 1
    print("check_bad_input_tested: every public function is tried with bad input")
    return 0


if __name__ == "__main__":
    sys.exit(main())
