#!/usr/bin/env python3
"""Loads a clip written by examples/bvh_convert with NumPy, and poses it.

    bvh_convert -o clip.csv -o clip.npy --skeleton skeleton.csv IN.bvh
    python3 examples/load_clip.py clip.csv skeleton.csv [--npy clip.npy] [--check]

The table (CSV with a header row, or .npy float64 of the same columns) has
one row per frame: time, root position (3, metres, Z up, X forward), root
quaternion (4, wxyz or xyzw as the header says), then each joint's local
quaternion (4 per joint, joints in skeleton order, the root and End Sites
left out). The skeleton CSV gives each body's name, parent, End Site flag,
offset (metres, in the parent's axes) and the table column of its
quaternion. Forward kinematics (spconv_motion_clip's root convention):

    body with parent -1 (the root): R = root quaternion, p = root position
    body j with parent i:           R_j = R_i L_j,  p_j = p_i + R_i offset_j

--check compares the CSV with the .npy, checks that every quaternion is a
unit one, that the head stays above the root and that the feet are on the
ground (the median of the lowest point of each frame within 0.1 m of z =
0); exit 1 on a failure.
"""
import argparse
import csv
import sys

import numpy as np


def quat_to_mat(q):
    """(..., 4) wxyz unit quaternions -> (..., 3, 3) rotation matrices."""
    w, x, y, z = q[..., 0], q[..., 1], q[..., 2], q[..., 3]
    return np.stack([
        np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)], -1),
        np.stack([2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)], -1),
        np.stack([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], -1),
    ], -2)


def load(table_path, skeleton_path):
    with open(table_path, newline="") as f:
        header = next(csv.reader(f))
    table = np.loadtxt(table_path, delimiter=",", skiprows=1, ndmin=2)
    xyzw = header[4] == "root_qx"
    with open(skeleton_path, newline="") as f:
        skeleton = list(csv.DictReader(f))
    return header, table, xyzw, skeleton


def forward_kinematics(table, xyzw, skeleton):
    """World positions (T, bodies, 3) of every body of every frame."""
    T = table.shape[0]
    pos = np.zeros((T, len(skeleton), 3))
    rot = np.zeros((T, len(skeleton), 3, 3))
    for j, b in enumerate(skeleton):
        parent, col = int(b["parent"]), int(b["table_column"])
        q = np.tile([1.0, 0.0, 0.0, 0.0], (T, 1)) if col < 0 else table[:, col:col + 4]
        if xyzw and col >= 0:
            q = q[:, [3, 0, 1, 2]]
        L = quat_to_mat(q)
        if parent < 0:
            pos[:, j], rot[:, j] = table[:, 1:4], L
        else:
            off = np.array([float(b["offset_" + a]) for a in "xyz"])
            pos[:, j] = pos[:, parent] + rot[:, parent] @ off
            rot[:, j] = rot[:, parent] @ L
    return pos


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("table")
    ap.add_argument("skeleton")
    ap.add_argument("--npy")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()

    header, table, xyzw, skeleton = load(args.table, args.skeleton)
    pos = forward_kinematics(table, xyzw, skeleton)
    names = [b["name"] for b in skeleton]
    head = names.index("Head") if "Head" in names else -1
    print(f"{args.table}: {table.shape[0]} frames x {table.shape[1]} columns "
          f"({'xyzw' if xyzw else 'wxyz'}), {len(skeleton)} bodies")
    print(f"root starts at {np.round(table[0, 1:4], 3)} m and ends at "
          f"{np.round(table[-1, 1:4], 3)} m; lowest point per frame "
          f"{pos[..., 2].min(1).min():.3f} .. {pos[..., 2].min(1).max():.3f} m")
    ok = True
    if args.npy:
        arr = np.load(args.npy)
        same = arr.shape == table.shape and np.allclose(arr, table, rtol=1e-8, atol=1e-8)
        print(f"{args.npy}: shape {arr.shape}, dtype {arr.dtype}, equal to the CSV: {same}")
        ok &= bool(same)
    quats = table[:, 4:].reshape(table.shape[0], -1, 4)
    norm_err = np.abs(np.linalg.norm(quats, axis=-1) - 1).max()
    print(f"quaternions: largest | |q| - 1 | = {norm_err:.2g}")
    ok &= bool(norm_err < 1e-6)
    if head >= 0:
        up = pos[:, head, 2] > pos[:, 0, 2]
        print(f"head above the root in {int(up.sum())} of {len(up)} frames")
        ok &= bool(up.all())
    low = np.median(pos[..., 2].min(1))
    print(f"median of the lowest point per frame: {low:.3f} m (the feet on the ground)")
    ok &= bool(abs(low) < 0.1)
    if args.check and not ok:
        print("FAILED")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
