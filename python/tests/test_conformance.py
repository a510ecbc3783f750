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


def degrees_as_radians(body, a):
    a["twist"][3:] = [x / check.DEG_PER_RAD for x in a["twist"][3:]]


def halves_swapped(body, a):
    a["twist"] = a["twist"][3:] + a["twist"][:3]


def body_frame_for_inertial(body, a):
    a["pose"][3:] = body["presets"]["newton"]["pose"][3:]


@pytest.mark.parametrize("preset, spoil, expect", [
    ("ptera", degrees_as_radians, "twist: angular velocity in radians, expected degrees"),
    ("drake", halves_swapped, "twist: order looks swapped (linear_first stored, expected angular_first)"),
    ("bullet", body_frame_for_inertial, "quaternion is the body frame's orientation, expected the inertial frame's"),
])
def test_json_adapter_diagnoses(preset, spoil, expect):
    """Arrays given as JSON (no write, no Jacobian): each spoiled array named."""
    arrays = {}
    for body in VECTORS["bodies"]:
        arrays[body["name"]] = json.loads(json.dumps(body["presets"][preset]))
        spoil(body, arrays[body["name"]])
    report = check.check(check.JsonAdapter(preset, {"bodies": arrays}), VECTORS)
    read = [p for p in report.problems if p.startswith("read ")]
    assert len(read) == len(VECTORS["bodies"]) and all(expect in p for p in read), str(report)
