#!/usr/bin/env python3
"""MuJoCo through its C API as conformance adapters (NumPy only).

Writes an MJCF of the vectors' bodies (free joints; COM and inertial frame
through <inertial pos quat>), hands the state to mujoco_adapter.c (qpos,
qvel: the vectors' mujoco_free arrays; xfrc_applied: their mujoco_xfrc
wrench), and judges what MuJoCo computes from it after mj_forward:

    mujoco_free          qpos, qvel; wrench: mj_applyFT of xfrc_applied at xipos;
                         J qdot with mj_jac at xpos and xipos
    mujoco_free (xfrc)   the same, wrench: the generalized force xfrc_applied
                         adds to qfrc_smooth
    mujoco_xfrc          [xipos; ximat as wxyz], mj_objectVelocity(BODY, world)
                         swapped to [v_C; w], xfrc_applied
    drake                [xquat; xpos], mj_objectVelocity(XBODY, world) [w; v_O]
    dart_body            [xpos; xquat], mj_objectVelocity(XBODY, local) [w; v_O] body

    python3 conformance/adapters/mujoco_adapter.py --exe BUILD/mujoco_adapter [--workdir DIR]

Exit status 1 when a check fails.
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import check  # noqa: E402


def fmt(x):
    return " ".join(repr(float(v)) for v in x)


def mjcf(vectors):
    """A model of the vectors' bodies: each a free body, COM and inertial
    frame from the body's model, no gravity, no geometry."""
    bodies = "".join(
        f"<body name='{b['name']}'><freejoint/>"
        f"<inertial pos='{fmt(b['model']['com'])}' quat='{fmt(b['model']['iquat_wxyz'])}' "
        f"mass='{b['model']['mass']!r}' diaginertia='{fmt(b['model']['diaginertia'])}'/></body>"
        for b in vectors["bodies"])
    return (f"<mujoco model='conformance'><option gravity='0 0 0'/>"
            f"<worldbody>{bodies}</worldbody></mujoco>\n")


def state_text(vectors):
    """qpos, qvel (mujoco_free arrays), xfrc_applied rows (mujoco_xfrc wrenches)."""
    arrays = [b["presets"] for b in vectors["bodies"]]
    parts = [a["mujoco_free"]["pose"] for a in arrays] + [a["mujoco_free"]["twist"] for a in arrays] + \
        [a["mujoco_xfrc"]["wrench"] for a in arrays]
    return "\n".join(fmt(p) for p in parts) + "\n"


def run_mujoco(exe, vectors, workdir):
    """MuJoCo's output (parsed JSON) for the vectors' bodies."""
    import json
    model = os.path.join(workdir, "conformance_bodies.xml")
    with open(model, "w", encoding="utf-8") as f:
        f.write(mjcf(vectors))
    out = subprocess.run([exe, model], input=state_text(vectors), capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def swap(x):
    """[a; b] -> [b; a] of a 6-vector."""
    return list(x[3:]) + list(x[:3])


# preset -> body output -> the arrays that preset stores
READERS = {
    "mujoco_free": lambda o: {"pose": o["qpos"], "twist": o["qvel"], "wrench": o["qfrc_applyft"]},
    "mujoco_free (xfrc)": lambda o: {"pose": o["qpos"], "twist": o["qvel"], "wrench": o["qfrc_xfrc"]},
    "mujoco_xfrc": lambda o: {"pose": o["xipos"] + o["xiquat"], "twist": swap(o["objvel_body_world"]),
                              "wrench": o["xfrc"]},
    "drake": lambda o: {"pose": o["xquat"] + o["xpos"], "twist": o["objvel_xbody_world"]},
    "dart_body": lambda o: {"pose": o["xpos"] + o["xquat"], "twist": o["objvel_xbody_local"]},
}


class MujocoAdapter:
    """One reading of MuJoCo's output as a preset's arrays, with MuJoCo's
    Jacobians at the body origin and the COM."""

    def __init__(self, reading, output):
        self.name = f"MuJoCo {output['mujoco_version']} ({reading})"
        self.preset = reading.split(" ")[0]
        self.reader = READERS[reading]
        self.bodies = {o["name"]: o for o in output["bodies"]}
        self.full_qvel = output["qvel"]

    def read(self, body):
        return {k: np.array(v) for k, v in self.reader(self.bodies[body["name"]]).items()}

    def jacobian(self, body):
        o = self.bodies[body["name"]]
        return {"origin": o["jac_origin"], "com": o["jac_com"]}

    def qvel(self, body):
        return self.full_qvel


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--exe", required=True, help="the built mujoco_adapter.c")
    parser.add_argument("--vectors", default=check.DEFAULT_VECTORS)
    parser.add_argument("--workdir", help="where the MJCF is written (default: a temporary folder)")
    args = parser.parse_args(argv)
    vectors = check.load_vectors(args.vectors)
    with tempfile.TemporaryDirectory() as tmp:
        output = run_mujoco(args.exe, vectors, args.workdir or tmp)
    failed = 0
    for reading in READERS:
        report = check.check(MujocoAdapter(reading, output), vectors)
        print(report, end="\n\n")
        failed += not report.ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
