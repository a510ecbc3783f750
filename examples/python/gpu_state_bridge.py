#!/usr/bin/env python3
"""Isaac Lab 3 root states -> MuJoCo free joints, on the GPU, in one call.

Isaac Lab 3 keeps a batch of rigid bodies in PyTorch CUDA tensors:
root_com_pose_w [p_C; q_xyzw] and root_com_vel_w [v_C; w] (COM C, world
axes). MuJoCo's free joint wants qpos [p_O; q_wxyz] (body origin O) and
qvel [v_O, world; w, body axes]. spatial_conv.state_convert takes the CUDA
tensors as they are and returns CUDA tensors on the same device: its kernel
is compiled by NVRTC from spatial_conv.h on first use (no nvcc needed).
Without a CUDA GPU (or without PyTorch built for CUDA) the same code runs
on the CPU, and the program says so.

    python3 examples/python/gpu_state_bridge.py [--bodies N] [--float32]

It checks the round trip back to Isaac Lab's convention and the result
against the CPU path; exit status 1 if either differs.
"""
import argparse
import sys

import numpy as np

import spatial_conv as sc


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bodies", type=int, default=4096)
    ap.add_argument("--float32", action="store_true")
    args = ap.parse_args()
    try:
        import torch
    except ImportError:
        print("PyTorch is not installed: install python3-torch (or torch) to run this example")
        return 0
    device = "cuda" if torch.cuda.is_available() else "cpu"
    if device == "cpu":
        print("no CUDA GPU visible to PyTorch: running on the CPU (the same calls)")
    dtype = torch.float32 if args.float32 else torch.float64

    # an Isaac Lab 3 batch: COM poses (xyzw), COM velocities, and the bodies'
    # mass properties (body_com: COM in body axes; body_iquat: principal axes)
    gen = torch.Generator().manual_seed(5)
    n = args.bodies
    pose = torch.randn(n, 7, generator=gen, dtype=torch.float64)
    pose[:, 3:] /= pose[:, 3:].norm(dim=1, keepdim=True)
    vel = torch.randn(n, 6, generator=gen, dtype=torch.float64)
    com = 0.2 * torch.randn(n, 3, generator=gen, dtype=torch.float64)
    iquat = torch.randn(n, 4, generator=gen, dtype=torch.float64)
    iquat /= iquat.norm(dim=1, keepdim=True)
    pose, vel, com, iquat = (t.to(device=device, dtype=dtype) for t in (pose, vel, com, iquat))

    qpos, qvel = sc.state_convert("mujoco_free", pose, vel, "isaaclab3", com, iquat)
    back_pose, back_vel = sc.state_convert("isaaclab3", qpos, qvel, "mujoco_free", com, iquat)

    tol = 1e-4 if args.float32 else 1e-11
    cpu_qpos, cpu_qvel = sc.state_convert("mujoco_free", *(t.cpu().numpy() for t in (pose, vel)),
                                          "isaaclab3", *(t.cpu().numpy() for t in (com, iquat)))
    sign = torch.sign((back_pose[:, 3:] * pose[:, 3:]).sum(dim=1, keepdim=True))  # q and -q
    errors = {
        "round trip pose": float((back_pose[:, :3] - pose[:, :3]).abs().max()),
        "round trip quaternion": float((sign * back_pose[:, 3:] - pose[:, 3:]).abs().max()),
        "round trip velocity": float((back_vel - vel).abs().max()),
        f"{device} vs numpy qpos": float(np.abs(qpos.cpu().numpy() - cpu_qpos).max()),
        f"{device} vs numpy qvel": float(np.abs(qvel.cpu().numpy() - cpu_qvel).max()),
    }
    print(f"{n} bodies, {dtype}, on {device}: qpos {tuple(qpos.shape)} {qpos.device}, "
          f"qvel {tuple(qvel.shape)}")
    print(f"body 0: Isaac Lab pose {np.array2string(pose[0].cpu().numpy(), precision=4)}")
    print(f"        MuJoCo qpos    {np.array2string(qpos[0].cpu().numpy(), precision=4)}")
    for k, v in errors.items():
        print(f"  max error {k}: {v:.3g}")
    bad = [k for k, v in errors.items() if not v <= tol]
    if bad:
        print(f"FAILED: {', '.join(bad)} above {tol:g}", file=sys.stderr)
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
