"""A skip whose dependency is installed fails (python/tests/skip_policy.py)."""
from skip_policy import pytest_make_collect_report, pytest_runtest_makereport  # noqa: F401
