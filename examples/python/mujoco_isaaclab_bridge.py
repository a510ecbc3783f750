#!/usr/bin/env python3
"""A batch of MuJoCo free bodies read in Isaac Lab 3's convention, and back.

MuJoCo stores a free body's state in qpos [p_O; q_wxyz] (body origin O,
world) and qvel [v_O, world; w, body axes]; its mass sits at body_ipos
(COM in body axes) with principal axes body_iquat. Isaac Lab 3's
root_com_pose_w / root_com_vel_w store [p_C; q_xyzw] and [v_C; w], both in
world axes, at the COM C. One call per direction converts the whole batch;
qpos rows are read in place (no copies), float32 stays float32.

    python3 examples/python/mujoco_isaaclab_bridge.py [--bodies N] [--float32]

Exit status 1 if the round trip or the power check fails.
"""
import argparse
import sys

import numpy as np

import spatial_conv as sc


def random_free_bodies(n, dtype, seed=7):
    """qpos (n, 7), qvel (n, 6), body_ipos (n, 3), body_iquat (n, 4) as a
    MuJoCo model with n free bodies holds them (quaternions wxyz, unit)."""
    rng = np.random.default_rng(seed)
    qpos = np.empty((n, 7))
    qpos[:, :3] = rng.uniform(-2, 2, (n, 3))
    q = rng.normal(size=(n, 4))
    qpos[:, 3:] = q / np.linalg.norm(q, axis=1, keepdims=True)
    qvel = rng.normal(size=(n, 6))
    ipos = rng.uniform(-0.3, 0.3, (n, 3))
    iquat = rng.normal(size=(n, 4))
    iquat /= np.linalg.norm(iquat, axis=1, keepdims=True)
    return (a.astype(dtype) for a in (qpos, qvel, ipos, iquat))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bodies", type=int, default=4096)
    ap.add_argument("--float32", action="store_true")
    args = ap.parse_args()
    dtype = np.float32 if args.float32 else np.float64
    qpos, qvel, ipos, iquat = random_free_bodies(args.bodies, dtype)

    # MuJoCo -> Isaac Lab 3: COM pose (xyzw, principal axes) and COM twist
    pose, twist = sc.state_convert("isaaclab3", qpos, qvel, "mujoco_free", ipos, iquat)
    # only the velocities, with the quaternions read in place from qpos rows
    twist_only = sc.twist_from_mujoco_qvel(qvel, qpos[:, 3:7], ipos)
    # and back: Isaac Lab 3 -> MuJoCo
    qpos_back, qvel_back = sc.state_convert("mujoco_free", pose, twist, "isaaclab3", ipos, iquat)

    tol = 1e-4 if args.float32 else 1e-12
    same_quat = np.minimum(np.abs(qpos_back[:, 3:] - qpos[:, 3:]).max(axis=1),
                           np.abs(qpos_back[:, 3:] + qpos[:, 3:]).max(axis=1))  # q and -q
    errors = {
        "position": np.abs(qpos_back[:, :3] - qpos[:, :3]).max(),
        "orientation": same_quat.max(),
        "qvel": np.abs(qvel_back - qvel).max(),
        "twist vs twist_from_mujoco_qvel": np.abs(twist - twist_only).max(),
    }
    # a wrench at the COM (Isaac Lab's set_external_force_and_torque, world)
    # and the generalized force MuJoCo needs: the same power on every body
    wrench = np.random.default_rng(1).normal(size=(args.bodies, 6)).astype(dtype)
    qfrc = sc.mujoco_qfrc_from_wrench(wrench, qpos[:, 3:7], ipos)
    power = np.abs(sc.power(wrench, twist) - sc.power(qfrc, qvel)).max()
    errors["power f.v + tau.w"] = power / max(1.0, np.abs(sc.power(wrench, twist)).max())

    print(f"{args.bodies} bodies, {np.dtype(dtype).name}")
    print(f"body 0, MuJoCo    qpos {np.array2string(qpos[0], precision=4)}")
    print(f"        Isaac Lab pose {np.array2string(pose[0], precision=4)} (COM, xyzw)")
    print(f"        MuJoCo    qvel {np.array2string(qvel[0], precision=4)}")
    print(f"        Isaac Lab vel  {np.array2string(twist[0], precision=4)} (COM, world)")
    bad = {k: v for k, v in errors.items() if not v <= tol}
    for k, v in errors.items():
        print(f"  max error {k}: {v:.3g}")
    if bad:
        print(f"FAILED: {', '.join(bad)} above {tol:g}", file=sys.stderr)
        return 1
    print("round trip and power: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
