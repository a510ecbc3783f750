#!/usr/bin/env python3
"""Fails when a ctest preset lists fewer tests of a label than
tests/required_tests.txt requires, lists a test without a label, or (with
--log) did not run and pass every test it lists:

    python3 tests/check_required_tests.py --preset NAME [--with COND...] [--log FILE]
    python3 tests/check_required_tests.py --preset NAME --print-counts

The tests and their labels come from `ctest --preset NAME
--show-only=json-v1`, run from the source tree (CMakePresets.json), so a
test taken out of CMake lowers its label's count and fails the check.
A row of tests/required_tests.txt is `PRESET[+COND] LABEL MINIMUM`; a row
with +COND applies only when --with names COND (CI: nvcc where CUDA is
installed); a preset without rows is an error. --print-counts prints the
rows of the preset as it is configured here (tests with the label cuda
counted under +nvcc), to paste into tests/required_tests.txt when tests
are added. --log is the output of `ctest --preset NAME` (or of the
workflow that ran it): every listed test must appear there as Passed, and
nothing as skipped or not run. Run by CI (.ci/run).
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# ctest's result line: "  3/120 Test   #3: core_double ........   Passed    0.02 sec"
RESULT = re.compile(r"Test\s+#\d+: (\S+) \.*\s*(\*{3})?(\S+(?: Run)?)")
SKIPPED = re.compile(r"\*\*\*Skipped|Not Run|tests? (were )?skipped")


def read_required(path, preset, conditions):
    """{label: minimum} for the rows of PRESET whose condition holds;
    an unknown row format is an error."""
    required = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = line.split()
            if len(fields) != 3 or not fields[2].isdigit():
                sys.exit(f"{path}:{n}: expected 'PRESET[+COND] LABEL MINIMUM', got {line!r}")
            where, label, minimum = fields[0], fields[1], int(fields[2])
            name, _, cond = where.partition("+")
            if name == preset and (not cond or cond in conditions):
                required[label] = max(required.get(label, 0), minimum)
    return required


def listed_tests(ctest, preset):
    """[(test name, [labels])] as `ctest --preset PRESET` would run them."""
    out = subprocess.run([ctest, "--preset", preset, "--show-only=json-v1"], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout
    tests = []
    for t in json.loads(out)["tests"]:
        labels = [v for p in t.get("properties", []) if p["name"] == "LABELS" for v in p["value"]]
        tests.append((t["name"], labels))
    return tests


def check_counts(tests, required):
    """The failures: labels below their minimum, tests without a label."""
    counts = collections.Counter(label for _, labels in tests for label in labels)
    failures = [f"label {label}: {counts[label]} tests, at least {minimum} required"
                for label, minimum in sorted(required.items()) if counts[label] < minimum]
    failures += [f"test {name} has no label" for name, labels in tests if not labels]
    return failures


def check_log(tests, log_text):
    """The failures: a listed test that did not pass in the log, any skip."""
    results = {m.group(1): m.group(3) for m in RESULT.finditer(log_text)}
    failures = [f"test {name} did not pass (result: {results.get(name, 'not in the log')})"
                for name, _ in tests if results.get(name) != "Passed"]
    failures += [f"the log reports a skip: {line.strip()}"
                 for line in log_text.splitlines() if SKIPPED.search(line)]
    return failures


def print_counts(preset, tests):
    """The rows of required_tests.txt that the preset's tests meet exactly:
    a label's count without the CUDA tests, and with them under +nvcc."""
    everywhere = collections.Counter(label for _, labels in tests if "cuda" not in labels
                                     for label in labels)
    with_cuda = collections.Counter(label for _, labels in tests for label in labels)
    for label in sorted(with_cuda):
        if everywhere[label]:
            print(f"{preset:<14} {label:<22} {everywhere[label]:>4}")
        if with_cuda[label] != everywhere[label]:
            print(f"{preset + '+nvcc':<14} {label:<22} {with_cuda[label]:>4}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", required=True)
    ap.add_argument("--with", dest="conditions", nargs="*", default=[])
    ap.add_argument("--log")
    ap.add_argument("--required", default=os.path.join(HERE, "required_tests.txt"))
    ap.add_argument("--ctest", default="ctest")
    ap.add_argument("--print-counts", action="store_true")
    args = ap.parse_args()
    tests = listed_tests(args.ctest, args.preset)
    if args.print_counts:
        print_counts(args.preset, tests)
        return 0
    required = read_required(args.required, args.preset, set(args.conditions))
    failures = check_counts(tests, required)
    if not required:
        failures.append(f"no rows for this preset in {args.required}")
    if args.log:
        with open(args.log, encoding="utf-8", errors="replace") as f:
            failures += check_log(tests, f.read())
    for failure in failures:
        print(f"check_required_tests: {args.preset}: {failure}", file=sys.stderr)
    if failures:
        return 1
    print(f"check_required_tests: {args.preset}: {len(tests)} tests, "
          f"{len(required)} labels at their minimum" + (", all passed" if args.log else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
