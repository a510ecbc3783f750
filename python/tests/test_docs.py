"""The Python blocks of README.md and docs/python.md run as written (each
file's blocks in order, in one namespace), and the counts docs/python.md
states are the package's. A block fenced ```python runs; one fenced
```python no-run (Ray, Spark, a shortened excerpt) is shown only; one fenced
```python dask runs in test_dask_docs.py, where Dask is installed."""
import os
import re

import pytest

import spatial_conv as sc
from spatial_conv import _api, _plan

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DOCS = ["README.md", os.path.join("docs", "python.md")]


def python_blocks(path, tag=""):
    """The code of path's blocks fenced ```python, or ```python <tag>."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return re.findall(rf"^```python{' ' + tag if tag else ''}\n(.*?)^```", f.read(), re.S | re.M)


@pytest.mark.parametrize("path", DOCS)
def test_python_blocks_run(path, capsys):
    blocks = python_blocks(path)
    assert blocks, f"{path} has no python block"
    namespace = {}
    for code in blocks:
        exec(compile(code, path, "exec"), namespace)


def test_docs_counts():
    with open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8") as f:
        text = f.read()
    plans = _plan.element_plans(_api.HEADER)
    batch_forms = [n for n in plans if _plan.batch_form(_api.HEADER, n)]
    public = [f for f in _api.HEADER.functions.values() if not f.deprecated]
    by_hand = len(public) - len(plans) - len(batch_forms)
    assert f"{len(plans)} functions and their {len(batch_forms)} batch forms" in text
    assert f"the {by_hand} forms written by hand" in text
