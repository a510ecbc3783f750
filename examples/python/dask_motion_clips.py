#!/usr/bin/env python3
"""Converts a directory of motion clips from a Y-up capture frame (SMPL /
BVH: Y up, the body faces +Z, +X is its left) to a Z-up robot frame (X
forward, Y left, Z up), one output file per clip, serially or with Dask.

    # 1. write 100 synthetic SMPL-like clips (300 frames, 24 bodies, metres)
    python3 dask_motion_clips.py --make-clips clips 100
    # 2. convert them: in this process, on a local Dask cluster of two
    #    worker processes, or on a running Dask cluster
    python3 dask_motion_clips.py clips out --scheduler serial
    python3 dask_motion_clips.py clips out --scheduler local
    python3 dask_motion_clips.py clips out --scheduler tcp://10.0.0.5:8786
    # BVH files (no unit in the file: say it, here centimetres)
    python3 dask_motion_clips.py bvh_dir out --from bvh --unit 0.01

The work is one function, convert_clip(in_path, out_path, from_preset,
to_preset, unit): strings and a number in, one file read and one written,
no global state. Any scheduler that can pickle a function and its
arguments can run it (Dask here; Ray and Spark: docs/python.md). Each
worker imports numpy and spatial_conv itself, so every worker machine needs
both installed, and must see the input and output directories under the
same paths (a shared file system). This script need not be installed on
the workers: Dask sends a function of the script being run by value.

A clip is an .npz file of NumPy arrays (rotations as unit quaternions
w, x, y, z; the synthetic clips are in metres):

    root_pos    (T, 3)     root (pelvis) position, world axes
    root_rot    (T, 4)     root orientation, root body axes -> world axes
    root_linvel (T, 3)     optional: root linear velocity, world axes
    root_angvel (T, 3)     optional: root angular velocity, world axes
    local_rot   (T, B, 4)  each body's rotation, its axes -> its parent's
    offsets     (B, 3)     each body's origin in its parent's axes
    axes        ()         the clip's axis preset ("smpl", ...), optional
    anything else (parents, joint_names, fps, dt) is copied unchanged.

This is the root convention of spconv_motion_clip (docs/motion.md, "The
root of a clip"): body 0 is the root joint itself, offsets[0] = 0 and
local_rot[:, 0] the identity, and a body j with parent i sits at
p_j = p_i + R_i offsets[j] with orientation R_j = R_i local_rot[j]. A .bvh
file is read into the same arrays (read_bvh) and written as an .npz.

The conversion is spconv_motion_clip_convert with M_world = M_body = M
(SMPL or BVH -> ROBOT: (x, y, z) -> (z, x, y)) and k = unit: positions,
linear velocities and offsets become k M v, angular velocities (det M) M w,
the root orientation and each local rotation M R M^T. Every joint's world
position becomes k M p and the clip keeps its heading: a figure that faced
+Z faces +X, and its height, along y before, is along z.
"""
import argparse
import os
import sys
import time

import numpy as np

import spatial_conv as sc

# The arrays that change with the axes; everything else is copied.
CLIP_ARRAYS = ("root_pos", "root_rot", "root_linvel", "root_angvel", "local_rot", "offsets")


# ------------------------------------------------------------ one clip
def preset_name(preset):
    """'smpl' for "smpl", "SMPL" or sc.AXIS_PRESET_SMPL: the name written
    to a clip's `axes` field. ValueError for a preset spatial_conv lacks."""
    try:
        member = sc.AxisPreset[preset.upper()] if isinstance(preset, str) else sc.AxisPreset(preset)
    except (KeyError, ValueError):
        raise ValueError(f"unknown axis preset {preset!r}; one of: "
                         + ", ".join(m.name.lower() for m in sc.AxisPreset)) from None
    return member.name.lower()


def load_clip(path):
    """The arrays of an .npz clip, as a dict (read fully, file closed)."""
    with np.load(path, allow_pickle=False) as z:
        return {name: z[name] for name in z.files}


def save_clip(path, arrays):
    """np.savez of arrays to path, through a temporary file renamed at the
    end: a worker that dies mid-write leaves no partial clip, and a retried
    task just writes the file again. (np.savez stores no time stamps, so
    the same arrays in the same order give the same bytes.)"""
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as f:
            np.savez(f, **arrays)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def read_bvh(path):
    """A BVH file as a clip (a dict of arrays, as load_clip gives) in the
    file's own axes and unit, by the table of docs/motion.md: root_pos =
    the ROOT's OFFSET plus its position channels, root_rot = its rotation
    channels, body 0 = the ROOT itself (offset 0, identity), body j > 0 =
    JOINT j (its OFFSET, its rotation channels). End Sites are left out;
    values past the declared frames are ignored, as three.js's BVHLoader
    does. Position channels on a JOINT are refused."""
    with open(path) as f:
        tokens = f.read().split()
    names, parents, offsets, channels = [], [], [], []
    stack, i = [], tokens.index("HIERARCHY") + 1
    while tokens[i] != "MOTION":
        tok = tokens[i]
        if tok in ("ROOT", "JOINT"):
            names.append(tokens[i + 1])
            parents.append(stack[-1] if stack else -1)
            offsets.append([0.0, 0.0, 0.0])
            channels.append([])
            stack.append(len(names) - 1)
            i += 3                                   # name, "{"
        elif tok == "End":                           # End Site { OFFSET x y z }
            i = tokens.index("}", i) + 1
        elif tok == "OFFSET":
            offsets[stack[-1]] = [float(v) for v in tokens[i + 1:i + 4]]
            i += 4
        elif tok == "CHANNELS":
            n = int(tokens[i + 1])
            channels[stack[-1]] = tokens[i + 2:i + 2 + n]
            i += 2 + n
        elif tok == "}":
            stack.pop()
            i += 1
        else:
            raise ValueError(f"{path}: unexpected {tok!r} in the HIERARCHY")
    i += 1
    frames = int(tokens[i + 1])                      # "Frames:" N
    dt = float(tokens[i + 4])                        # "Frame" "Time:" dt
    width = sum(len(c) for c in channels)
    values = np.array(tokens[i + 5:i + 5 + frames * width], dtype=np.float64)
    if values.size != frames * width:
        raise ValueError(f"{path}: {values.size} values, {frames} frames x {width} channels declared")
    values = values.reshape(frames, width)

    B = len(names)
    local_rot = np.tile(np.array([1.0, 0.0, 0.0, 0.0]), (frames, B, 1))
    root_pos = np.tile(np.array(offsets[0]), (frames, 1))
    root_rot = local_rot[:, 0].copy()
    col = 0
    for j, ch in enumerate(channels):
        rot = [c for c in ch if c.endswith("rotation")]
        for axis, c in enumerate(("Xposition", "Yposition", "Zposition")):
            if c in ch:
                if j > 0:
                    raise ValueError(f"{path}: JOINT {names[j]} has position channels")
                root_pos[:, axis] += values[:, col + ch.index(c)]
        if rot:
            seq, _, idx, _ = sc.euler_seq_from_bvh_channels(" ".join(ch))
            q = sc.quat_wxyz_from_bvh(values[:, [col + k for k in idx]], seq)
            if j == 0:
                root_rot = q
            else:
                local_rot[:, j] = q
        col += len(ch)
    offsets = np.array(offsets)
    offsets[0] = 0.0                                 # the ROOT's OFFSET is in root_pos
    return {"root_pos": root_pos, "root_rot": root_rot, "local_rot": local_rot,
            "offsets": offsets, "parents": np.array(parents, dtype=np.int32),
            "joint_names": np.array(names), "fps": np.array(1 / dt), "dt": np.array(dt)}


def convert_arrays(clip, M_world, M_body, k=1.0):
    """The clip's arrays (a dict as load_clip gives) with world axes changed
    by M_world, body axes by M_body and lengths by k; a new dict."""
    T, B = clip["local_rot"].shape[:2]
    quat = sc.ROT_QUAT_WXYZ
    mc = sc.MotionClip(frames=T, bodies=B, root_pos=clip["root_pos"],
                       root_rot=clip["root_rot"], root_rot_format=quat,
                       root_linvel=clip.get("root_linvel"), root_angvel=clip.get("root_angvel"),
                       root_angvel_body=0, local_rot=clip["local_rot"], local_rot_format=quat,
                       offsets=clip["offsets"])
    res = sc.motion_clip_convert(mc, M_world, M_body, k)
    out = dict(clip)
    for name in CLIP_ARRAYS:
        if name in clip:
            out[name] = getattr(res, name)
    return out


def convert_clip(in_path, out_path, from_preset="smpl", to_preset="robot", unit=1.0):
    """Converts the clip in in_path (.npz, or .bvh) from the axes of
    from_preset to those of to_preset, world and body axes alike, lengths
    times `unit` (metres per unit of the file: 1 for the .npz clips, often
    0.01 for BVH, which does not say; docs/motion.md, "Units"), and writes
    it to out_path as an .npz; returns the number of frames.

    Pure and picklable: strings and a number in, one file out, no global
    state, so Dask, Ray, Spark or a process pool can run it anywhere the
    package is installed. A clip whose `axes` field names another preset
    is refused, so running the conversion twice over a directory fails
    loudly instead of turning the clips again."""
    from_name, to_name = preset_name(from_preset), preset_name(to_preset)
    clip = read_bvh(in_path) if str(in_path).lower().endswith(".bvh") else load_clip(in_path)
    if "axes" in clip and str(clip["axes"]) != from_name:
        raise ValueError(f"{in_path}: the clip's axes are {str(clip['axes'])!r}, "
                         f"not {from_name!r}")
    M = sc.axis_preset_matrix(from_name, to_name)   # (3, 3), v_to = M v_from
    k = sc.length_scale(float(unit), 1.0)            # file unit -> metres
    out = convert_arrays(clip, M, M, k)              # M_world = M_body = M
    out["axes"] = np.array(to_name)
    os.makedirs(os.path.dirname(os.path.abspath(out_path)), exist_ok=True)
    save_clip(out_path, out)
    return int(clip["root_pos"].shape[0])


# ------------------------------------------------------------ directories
def clip_pairs(in_dir, out_dir):
    """(input, output) path pairs, one per .npz or .bvh file in in_dir,
    sorted by name; each output is out_dir/<name>.npz."""
    names = sorted(n for n in os.listdir(in_dir) if n.lower().endswith((".npz", ".bvh")))
    return [(os.path.join(in_dir, n), os.path.join(out_dir, os.path.splitext(n)[0] + ".npz"))
            for n in names]


def convert_serial(pairs, **options):
    """convert_clip(in, out, **options) on each pair in this process (the
    options: from_preset, to_preset, unit); the frames of each."""
    return [convert_clip(i, o, **options) for i, o in pairs]


def convert_on_client(client, pairs, **options):
    """convert_clip(in, out, **options) on each pair on the workers of a
    dask.distributed Client, one task per clip; the frames of each, in
    order. pure=False: the task writes a file, so Dask must run it even if
    an identical task ran before. A failed clip raises its error here
    (client.gather's default)."""
    futures = client.map(convert_clip, [i for i, _ in pairs], [o for _, o in pairs],
                         pure=False, **options)
    return client.gather(futures)


def local_cluster(n_workers=2):
    """A Dask cluster on this machine: n_workers worker processes with one
    thread each, on the loopback interface only, no dashboard. Use it in a
    `with` block (it stops its processes on exit)."""
    from dask.distributed import LocalCluster
    return LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True,
                        host="127.0.0.1", dashboard_address=None)


def convert_dask(pairs, scheduler, n_workers=2, **options):
    """convert_on_client with Dask: scheduler "local" starts a local_cluster
    of n_workers; otherwise it is the address of a running scheduler
    ("tcp://host:8786", started with `dask scheduler` and `dask worker
    tcp://host:8786` on each machine). Returns (frames of each clip,
    seconds spent starting the cluster and connecting)."""
    from dask.distributed import Client
    t0 = time.perf_counter()
    if scheduler == "local":
        with local_cluster(n_workers) as cluster, Client(cluster) as client:
            client.wait_for_workers(n_workers)
            t_start = time.perf_counter() - t0
            return convert_on_client(client, pairs, **options), t_start
    with Client(scheduler) as client:
        t_start = time.perf_counter() - t0
        return convert_on_client(client, pairs, **options), t_start


# ------------------------------------------------------------ synthetic clips
# SMPL's 24 joints and parents; offsets (metres, Y up, +X the body's left,
# +Z its front) of an adult in SMPL's T pose: the pelvis 0.93 m and the head
# joint 1.54 m above the foot joints, a person about 1.65 m tall. Rounded,
# plausible numbers, not SMPL's template.
JOINT_NAMES = ("pelvis", "left_hip", "right_hip", "spine1", "left_knee", "right_knee",
               "spine2", "left_ankle", "right_ankle", "spine3", "left_foot", "right_foot",
               "neck", "left_collar", "right_collar", "head", "left_shoulder",
               "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist",
               "left_hand", "right_hand")
PARENTS = (-1, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 12, 13, 14, 16, 17, 18, 19, 20, 21)
OFFSETS = ((0, 0, 0), (0.06, -0.09, -0.01), (-0.06, -0.09, -0.01), (0, 0.11, -0.03),
           (0.04, -0.38, 0), (-0.04, -0.38, 0), (0, 0.14, 0), (-0.01, -0.40, -0.04),
           (0.01, -0.40, -0.04), (0, 0.06, 0.02), (0.02, -0.06, 0.12), (-0.02, -0.06, 0.12),
           (0, 0.21, -0.03), (0.07, 0.12, -0.01), (-0.07, 0.12, -0.01), (0, 0.09, 0.05),
           (0.11, 0.04, -0.01), (-0.11, 0.04, -0.01), (0.26, 0, -0.02), (-0.26, 0, -0.02),
           (0.25, 0, 0), (-0.25, 0, 0), (0.08, 0, 0), (-0.08, 0, 0))
J = {name: j for j, name in enumerate(JOINT_NAMES)}


def make_clip(rng, frames=300, fps=30.0):
    """A synthetic SMPL-like walk (a dict of arrays, Y up, facing +Z,
    metres): the figure, scaled to a random adult size, walks along +Z at a
    random speed with its pelvis swaying along X and bobbing along Y, its
    root yawing and pitching a little; legs and arms swing, knees bend,
    every joint wobbles."""
    t = np.arange(frames) / fps
    scale = rng.uniform(0.9, 1.1)                    # about 1.5 to 1.8 m tall
    speed = rng.uniform(0.8, 1.5)                    # m/s along +Z
    phase = 2 * np.pi * rng.uniform(0.8, 1.0) * t + rng.uniform(0, 2 * np.pi)
    start = rng.uniform(-2, 2, size=2)               # on the ground plane (x, z)
    offsets = scale * np.array(OFFSETS)

    root_pos = np.stack([start[0] + 0.03 * np.sin(phase),                # sway
                         0.93 * scale + 0.02 * np.cos(2 * phase),        # pelvis height, bob
                         start[1] + speed * t], axis=-1)                 # forward
    root_rv = np.zeros((frames, 3))
    root_rv[:, 0] = 0.05 + 0.02 * np.sin(2 * phase)  # pitch about X (left): lean forward
    root_rv[:, 1] = 0.10 * np.sin(phase)             # yaw about Y (up)

    rv = np.zeros((frames, len(JOINT_NAMES), 3))     # local rotation vectors
    swing = 0.4 * np.sin(phase)
    rv[:, J["left_hip"], 0] = -swing                 # about -X: the leg swings forward
    rv[:, J["right_hip"], 0] = swing
    rv[:, J["left_knee"], 0] = 0.6 * np.maximum(0, np.sin(phase + 1.0))   # +X: shin back
    rv[:, J["right_knee"], 0] = 0.6 * np.maximum(0, -np.sin(phase + 1.0))
    rv[:, J["left_shoulder"], 2] = -1.2              # arms down from the T pose
    rv[:, J["right_shoulder"], 2] = 1.2
    rv[:, J["left_shoulder"], 0] = 0.3 * np.sin(phase)   # arms swing against the legs
    rv[:, J["right_shoulder"], 0] = -0.3 * np.sin(phase)
    rv[:, J["left_elbow"], 1] = 0.3
    rv[:, J["right_elbow"], 1] = -0.3
    # a smooth wobble of every joint but the root joint (body 0 stays the identity)
    freq = rng.uniform(0.2, 2.0, size=(1, len(JOINT_NAMES), 3))
    shift = rng.uniform(0, 2 * np.pi, size=(1, len(JOINT_NAMES), 3))
    rv[:, 1:] += (0.05 * np.sin(2 * np.pi * freq * t[:, None, None] + shift))[:, 1:]

    root_rot = sc.quat_wxyz_from_rotvec(root_rv)             # (T, 4)
    central = sc.MOTION_DIFF_CENTRAL                         # numpy.gradient's rule
    return {
        "root_pos": root_pos,
        "root_rot": root_rot,
        "root_linvel": sc.motion_linvel(root_pos, 1 / fps, central),
        "root_angvel": sc.motion_angvel(root_rot, 1 / fps, sc.ROT_QUAT_WXYZ, 0, central),  # world
        "local_rot": sc.quat_wxyz_from_rotvec(rv),           # (T, 24, 4); body 0 (1, 0, 0, 0)
        "offsets": offsets,
        "parents": np.array(PARENTS, dtype=np.int32),
        "joint_names": np.array(JOINT_NAMES),
        "fps": np.array(fps),
        "dt": np.array(1 / fps),
        "axes": np.array("smpl"),
    }


def make_clips(directory, n, frames=300, seed=0):
    """Writes n synthetic clips clip_0000.npz ... to directory (seeded: the
    same arguments write the same files); returns their paths."""
    os.makedirs(directory, exist_ok=True)
    rng = np.random.default_rng(seed)
    paths = []
    for i in range(n):
        path = os.path.join(directory, f"clip_{i:04d}.npz")
        save_clip(path, make_clip(rng, frames))
        paths.append(path)
    return paths


# ------------------------------------------------------------ command line
def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dirs", nargs="*", metavar="DIR",
                   help="input and output directories (convert), or the directory and "
                        "the number of clips (with --make-clips)")
    p.add_argument("--make-clips", action="store_true",
                   help="write N synthetic clips into DIR instead: --make-clips DIR N")
    p.add_argument("--frames", type=int, default=300, help="frames per synthetic clip")
    p.add_argument("--seed", type=int, default=0, help="seed of the synthetic clips")
    p.add_argument("--scheduler", default="serial",
                   help='"serial", "local" (a LocalCluster on 127.0.0.1) or the address '
                        'of a Dask scheduler, tcp://host:8786 (default: serial)')
    p.add_argument("--workers", type=int, default=2, help="workers of --scheduler local")
    p.add_argument("--from", dest="from_preset", default="smpl",
                   help="axis preset of the input clips (default: smpl)")
    p.add_argument("--to", dest="to_preset", default="robot",
                   help="axis preset of the output clips (default: robot)")
    p.add_argument("--unit", type=float, default=1.0,
                   help="metres per length unit of the input files (default 1: the .npz "
                        "clips; BVH files do not say: often 0.01, CMU's 0.056444)")
    a = p.parse_args(argv)
    if len(a.dirs) != 2:
        p.error("give two arguments: DIR N with --make-clips, IN_DIR OUT_DIR otherwise")

    if a.make_clips:
        t0 = time.perf_counter()
        paths = make_clips(a.dirs[0], int(a.dirs[1]), a.frames, a.seed)
        print(f"wrote {len(paths)} clips of {a.frames} frames, {len(JOINT_NAMES)} bodies "
              f"to {a.dirs[0]} in {time.perf_counter() - t0:.2f} s")
        return 0

    for preset in (a.from_preset, a.to_preset):     # fail before any work
        try:
            preset_name(preset)
        except ValueError as e:
            p.error(str(e))
    if not (a.unit > 0 and np.isfinite(a.unit)):
        p.error(f"--unit must be a positive number of metres, not {a.unit}")
    pairs = clip_pairs(*a.dirs)
    if not pairs:
        p.error(f"no .npz or .bvh clips in {a.dirs[0]}")
    os.makedirs(a.dirs[1], exist_ok=True)
    options = {"from_preset": a.from_preset, "to_preset": a.to_preset, "unit": a.unit}
    t0 = time.perf_counter()
    try:
        if a.scheduler == "serial":
            frames, t_start, how = convert_serial(pairs, **options), 0.0, "serial"
        else:
            frames, t_start = convert_dask(pairs, a.scheduler, a.workers, **options)
            how = f"local cluster, {a.workers} workers" if a.scheduler == "local" else a.scheduler
    except (ValueError, OSError) as e:               # sc.Error is a ValueError
        print(f"{p.prog}: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    total = time.perf_counter() - t0
    print(f"converted {len(pairs)} clips, {sum(frames)} frames, "
          f"{preset_name(a.from_preset)} -> {preset_name(a.to_preset)}, {how}: "
          f"{total:.2f} s ({total - t_start:.2f} s converting, {t_start:.2f} s starting)")
    return 0


if __name__ == "__main__":   # needed: the local cluster's worker processes re-import this file
    sys.exit(main())
