"""The conformance suite (conformance/): the vectors are a fresh
generation, the library itself passes the checker for every preset, and
the checker fails each planted mistake with its diagnosis."""
import json
import os
import sys

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
CONFORMANCE = os.path.join(ROOT, "conformance")
sys.path[:0] = [CONFORMANCE, os.path.join(CONFORMANCE, "adapters")]

import check  # noqa: E402
import generate_vectors  # noqa: E402
import planted_mistakes  # noqa: E402
from spatial_conv_adapter import SpatialConvAdapter  # noqa: E402

VECTORS = check.load_vectors()


def test_vectors_are_a_fresh_generation():
    with open(generate_vectors.REGISTRY, encoding="utf-8") as f:
        fresh = generate_vectors.text(generate_vectors.generate(json.load(f)))
    with open(check.DEFAULT_VECTORS, encoding="utf-8") as f:
        assert f.read() == fresh, "run python3 conformance/generate_vectors.py"


def test_vectors_cover_every_preset():
    import spatial_conv
    assert sorted(VECTORS["layouts"]) == sorted(spatial_conv.conventions()["presets"])


@pytest.mark.parametrize("preset", sorted(VECTORS["layouts"]))
def test_library_passes(preset):
    report = check.check(SpatialConvAdapter(preset), VECTORS)
    assert report.ok, str(report)
    assert "skip read" not in str(report) and "skip write+read" not in str(report)


@pytest.mark.parametrize("mistake", planted_mistakes.MISTAKES, ids=lambda m: m.__name__)
def test_planted_mistake_is_named(mistake):
    report = check.check(mistake(), VECTORS)
    assert not report.ok
    read = [p for p in report.problems if p.startswith("read ")]
    assert len(read) == len(VECTORS["bodies"]), str(report)
    assert all(mistake.expect in p for p in read), str(report)


def test_command_line_exit_status(capsys):
    spec = os.path.join(CONFORMANCE, "adapters", "planted_mistakes.py") + ":QuatOrderSwapped"
    assert check.main(["--preset", "mujoco_free", "--adapter", spec]) == 1
    assert "quaternion order looks swapped (xyzw read as wxyz)" in capsys.readouterr().out
    spec = os.path.join(CONFORMANCE, "adapters", "spatial_conv_adapter.py") + ":SpatialConvAdapter"
    assert check.main(["--preset", "drake", "--adapter", spec]) == 0
