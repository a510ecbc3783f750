"""The library itself as a conformance adapter: spatial_conv's Python
mirror converts each body's canonical state (origin pose, COM twist and a
force at a point, world axes) into a preset, and back on write.

    python3 conformance/check.py --preset NAME \
        --adapter conformance/adapters/spatial_conv_adapter.py:SpatialConvAdapter
"""
import numpy as np

import spatial_conv as sc

CANONICAL = "newton"  # [p_O; q xyzw], [v_C; w], [f; tau_C], world axes


def model_arrays(body):
    """(COM, inertial frame wxyz), body axes."""
    return np.array(body["model"]["com"]), np.array(body["model"]["iquat_wxyz"])


def canonical_state(body):
    """The body's state and load as Newton stores them."""
    s, load = body["state"], body["load"]
    com, iquat = model_arrays(body)
    pose = np.concatenate([s["pos"], sc.quat_xyzw_from_wxyz(np.array(s["quat_wxyz"]))])
    twist = np.concatenate([s["v_com"], s["w"]])
    frame = sc.Body(np.array(s["pos"]), np.array(s["quat_wxyz"]), com, iquat)
    wrench = sc.wrench_from_force_at_point(CANONICAL, np.array(load["force"]), np.array(load["couple"]),
                                           np.array(load["point"]), sc.FRAME_WORLD, frame)
    return {"pose": pose, "twist": twist, "wrench": wrench}


class SpatialConvAdapter:
    """read: canonical -> preset (spconv_state_convert, spconv_wrench_convert);
    write: preset -> canonical, kept until the next write."""

    name = "spatial_conv"

    def __init__(self, preset):
        self.preset = preset
        self.stored = {}  # body name -> canonical arrays written

    def read(self, body):
        c = self.stored.get(body["name"]) or canonical_state(body)
        com, iquat = model_arrays(body)
        pose, twist = sc.state_convert(self.preset, c["pose"], c["twist"], CANONICAL, com, iquat)
        frame = sc.body_from_pose(c["pose"], CANONICAL, com, iquat)
        return {"pose": pose, "twist": twist, "wrench": sc.wrench_convert(self.preset, c["wrench"], CANONICAL, frame)}

    def write(self, body, arrays):
        com, iquat = model_arrays(body)
        pose, twist = sc.state_convert(CANONICAL, arrays["pose"], arrays["twist"], self.preset, com, iquat)
        frame = sc.body_from_pose(arrays["pose"], self.preset, com, iquat)
        wrench = sc.wrench_convert(CANONICAL, arrays["wrench"], self.preset, frame)
        self.stored[body["name"]] = {"pose": pose, "twist": twist, "wrench": wrench}
