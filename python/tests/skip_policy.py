"""A pytest plugin (loaded by python/tests/conftest.py): a test skipped
for a dependency that is installed fails, in every way the suite runs
(the README's `cmake --workflow --preset test`, the ci preset, plain
pytest).

Each skip reason says what it needs, in one of these forms:

    could not import 'NAME': ...   pytest.importorskip(NAME)
    [module NAME] ...              a Python module (top-level NAME found: installed)
    [program NAME] ...             a program on PATH (shutil.which)
    [library NAME] ...             a shared library (ctypes.util.find_library)
    [file PATH] ...                a file (it exists)
    [gpu] ...                      a GPU (CI has none; never a failure here)
    [selection] ...                a test that needs others selected with it
                                   (fails when the whole suite was selected)

A skip whose dependency is present fails, and so does a skip reason in no
form above (it could not be checked).
"""
import ctypes.util
import importlib.util
import os
import re
import shutil

import pytest

TAG = re.compile(r"\[(module|program|library|file) ([^\]]+)\]")
IMPORT = re.compile(r"could not import '([\w.]+)'")


def _module_installed(name):
    try:
        return importlib.util.find_spec(name.split(".")[0]) is not None
    except (ImportError, ValueError):
        return False


PRESENT = {
    "module": _module_installed,
    "program": lambda name: shutil.which(name) is not None,
    "library": lambda name: ctypes.util.find_library(name) is not None,
    "file": os.path.exists,
}


def whole_suite_selected(config):
    """True when pytest was asked for whole files or folders, no -k, -m or node ids."""
    return not (config.option.keyword or config.option.markexpr
                or any("::" in a for a in config.args))


def refusal(reason, config):
    """Why a skip with this reason is a failure, or None when it is allowed."""
    if reason.startswith("Skipped: "):
        reason = reason[len("Skipped: "):]
    if reason.startswith("[gpu]"):
        return None
    if reason.startswith("[selection]"):
        return "skipped for the selection, but the whole suite was selected" \
            if whole_suite_selected(config) else None
    m = IMPORT.match(reason)
    kind, name = ("module", m.group(1)) if m else (TAG.match(reason).groups() if TAG.match(reason) else (None, None))
    if kind is None:
        return "the skip reason does not say what the test needs ([module NAME], [program NAME], ...)"
    if PRESENT[kind](name.strip()):
        return f"skipped for want of {kind} {name.strip()}, which is installed"
    return None


def _skip_reason(report):
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr)


def _enforce(report, config):
    if not report.skipped or getattr(report, "wasxfail", None) is not None:
        return
    reason = _skip_reason(report)
    why = refusal(reason, config)
    if why:
        report.outcome = "failed"
        report.longrepr = f"skip_policy: {why}: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    _enforce(outcome.get_result(), item.config)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    _enforce(outcome.get_result(), collector.config)
