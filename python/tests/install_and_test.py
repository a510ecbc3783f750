#!/usr/bin/env python3
"""Installs the package the way a user does, then runs its test suite
against the installed copy:

    python3 python/tests/install_and_test.py BUILD_DIR [--require] [pytest args]
    python3 python/tests/install_and_test.py BUILD_DIR --install-only

1. a virtual environment in BUILD_DIR/venv that sees the system's packages
   (Debian's python3-numpy, -cffi, -pytest, ...: no package index is used);
2. pip install --no-index --no-build-isolation of a copy of python/ (and of
   the header beside it) made in BUILD_DIR/src, so that the source tree
   stays as it is;
3. pytest on python/tests from BUILD_DIR, so that `import spatial_conv`
   finds the installed package, not the source folder.

--require (CI) fails when pytest skipped anything but the tests that need
a GPU (their reason starts with [gpu]): every optional dependency
(hypothesis, scipy, dask, distributed, torch, transforms3d) and NVRTC must be there.
--min-passed N fails when fewer than N tests passed (CI: a test file that
pytest stopped collecting fails the run).
Whatever the options, a test skipped for a dependency that is installed
fails (python/tests/skip_policy.py, loaded by conftest.py).
--install-only stops after step 2 (the Python examples run with
BUILD_DIR/venv/bin/python). Run by ctest: python_package (the README's
test command) and example_python_install (its examples command).
"""
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)


def run(cmd, **kw):
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)


def main():
    build, *rest = sys.argv[1:]
    require = "--require" in rest
    install_only = "--install-only" in rest
    rest = [a for a in rest if a not in ("--require", "--install-only")]
    min_passed = 0
    if "--min-passed" in rest:
        i = rest.index("--min-passed")
        min_passed = int(rest[i + 1])
        del rest[i:i + 2]
    venv = os.path.join(build, "venv")
    shutil.rmtree(venv, ignore_errors=True)
    run([sys.executable, "-m", "venv", "--system-site-packages", venv])
    python = os.path.join(venv, "bin", "python")
    src = os.path.join(build, "src")
    shutil.rmtree(src, ignore_errors=True)
    shutil.copytree(PACKAGE, os.path.join(src, "python"),
                    ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", "*.so", "include", "share"))
    os.makedirs(os.path.join(src, "include"))
    shutil.copy(os.path.join(PACKAGE, "..", "include", "spatial_conv.h"), os.path.join(src, "include"))
    os.makedirs(os.path.join(src, "conventions"))
    shutil.copy(os.path.join(PACKAGE, "..", "conventions", "conventions.json"), os.path.join(src, "conventions"))
    run([python, "-m", "pip", "install", "--no-index", "--no-build-isolation", "--quiet",
         "--disable-pip-version-check", os.path.join(src, "python")])
    if install_only:
        return 0
    args = [python, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", HERE, *rest]
    print("+", " ".join(args), flush=True)
    r = subprocess.run(args, cwd=build, capture_output=True, text=True)
    sys.stdout.write(r.stdout)
    sys.stderr.write(r.stderr)
    if r.returncode != 0:
        return r.returncode
    skipped = [line for line in r.stdout.splitlines() if line.startswith("SKIPPED")]
    if require and any("[gpu]" not in line for line in skipped):
        print("install_and_test: tests were skipped and --require is set", file=sys.stderr)
        return 1
    passed = re.search(r"(\d+) passed", r.stdout)
    if min_passed and (passed is None or int(passed.group(1)) < min_passed):
        print(f"install_and_test: {passed.group(1) if passed else 'no'} tests passed, at least "
              f"{min_passed} required", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
