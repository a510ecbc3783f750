"""The source distribution carries the header and the conventions
registry, and builds without the repository around it."""
import os
import re
import shutil
import subprocess
import sys
import tarfile

import pytest

import spatial_conv as sc

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)
REPO_HEADER = os.path.join(PACKAGE, "..", "include", "spatial_conv.h")
REPO_REGISTRY = os.path.join(PACKAGE, "..", "conventions", "conventions.json")


@pytest.mark.skipif(not os.path.exists(REPO_HEADER),
                    reason=f"[file {REPO_HEADER}] needs the repository (../include)")
def test_sdist_carries_the_header(tmp_path):
    pytest.importorskip("cffi")
    src = tmp_path / "repo"
    shutil.copytree(PACKAGE, src / "python",
                    ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", "*.so", "include", "share"))
    (src / "include").mkdir()
    shutil.copy(REPO_HEADER, src / "include")
    (src / "conventions").mkdir()
    shutil.copy(REPO_REGISTRY, src / "conventions")
    r = subprocess.run([sys.executable, "setup.py", "-q", "sdist", "-d", str(tmp_path / "dist")],
                       cwd=src / "python", capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    (archive,) = (tmp_path / "dist").iterdir()
    with tarfile.open(archive) as tar:
        names = tar.getnames()
        root = names[0].split("/")[0]
        header = tar.extractfile(f"{root}/spatial_conv/include/spatial_conv.h").read()
        registry = tar.extractfile(f"{root}/spatial_conv/share/conventions.json").read()
        assert f"{root}/spatial_conv/__init__.pyi" in names
        assert f"{root}/spatial_conv/py.typed" in names
        for source in ("_fast.c", "_tensor.cpp", "_tensor_api.h"):  # the hand-written extensions
            assert f"{root}/spatial_conv/{source}" in names, source
        tar.extractall(tmp_path / "unpacked")
    with open(REPO_HEADER, "rb") as f:
        assert header == f.read()
    with open(REPO_REGISTRY, "rb") as f:
        assert registry == f.read()
    # away from the repository, setup.py takes the copy: it generates the
    # C and C++ sources of the three modules from it (compiling is the install's job)
    unpacked = tmp_path / "unpacked" / root
    r = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--help"], cwd=unpacked,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert (unpacked / "build" / "cffi" / "spatial_conv" / "_c64.c").exists()
    assert (unpacked / "build" / "cffi" / "spatial_conv" / "_c32.c").exists()
    assert (unpacked / "build" / "cffi" / "spatial_conv" / "_d64.cpp").exists()


def test_the_distribution_version_is_the_headers():
    """pyproject.toml's version is the header's SPCONV_VERSION_* (as __version__)."""
    with open(os.path.join(PACKAGE, "pyproject.toml"), encoding="utf-8") as f:
        m = re.search(r'^version = "([^"]+)"$', f.read(), re.M)
    assert m is not None and m.group(1) == sc.__version__
