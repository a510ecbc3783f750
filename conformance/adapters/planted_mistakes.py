"""Wrapper adapters with a mistake planted, as an engine wrapper might
make it; the conformance tests check that conformance/check.py fails each
one and names the mistake. Each wraps the library's own adapter (correct)
for a MuJoCo free joint (qpos [p_O; q wxyz], qvel [v_O world; w body]).
"""
import numpy as np

import spatial_conv as sc
from spatial_conv_adapter import SpatialConvAdapter


class Planted(SpatialConvAdapter):
    """The correct adapter, then spoil(body, arrays) edits what it read."""

    def __init__(self, preset="mujoco_free"):
        super().__init__(preset)
        self.name = type(self).__name__

    def read(self, body):
        return self.spoil(body, super().read(body))


class QuatOrderSwapped(Planted):
    """Stores the quaternion xyzw where the preset stores wxyz."""
    expect = "quaternion order looks swapped (xyzw read as wxyz)"

    def spoil(self, body, arrays):
        arrays["pose"][3:] = sc.quat_xyzw_from_wxyz(arrays["pose"][3:])
        return arrays


class VelocityAtCom(Planted):
    """qvel[0:3] filled with the COM's velocity (read as the CG's)."""
    expect = "linear velocity at the wrong point: matches the COM, expected the origin"

    def spoil(self, body, arrays):
        arrays["twist"][:3] = SpatialConvAdapter("newton").read(body)["twist"][:3]
        return arrays


class AngularInWorld(Planted):
    """qvel[3:6] filled with the angular velocity in world axes."""
    expect = "angular velocity in the wrong frame: matches world axes, expected body axes"

    def spoil(self, body, arrays):
        arrays["twist"][3:] = SpatialConvAdapter("newton").read(body)["twist"][3:]
        return arrays


class TorqueAboutCom(Planted):
    """qfrc[3:6] filled with the torque about the COM (body axes), not
    about the origin."""
    expect = "torque at the wrong point: matches the COM, expected the origin"

    def spoil(self, body, arrays):
        s = body["state"]
        tau_com = SpatialConvAdapter("newton").read(body)["wrench"][3:]
        arrays["wrench"][3:] = sc.quat_rotate_wxyz(sc.quat_conj_wxyz(np.array(s["quat_wxyz"])), tau_com)
        return arrays


MISTAKES = [QuatOrderSwapped, VelocityAtCom, AngularInWorld, TorqueAboutCom]
