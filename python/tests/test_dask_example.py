"""examples/python/dask_motion_clips.py: the clips it converts make sense
(Y up -> Z up, facing +Z -> facing +X, forward kinematics k M p; a BVH file
against forward kinematics computed here from the file), its convert_clip
pickles, and a Dask LocalCluster of two worker processes on 127.0.0.1
writes the same files, byte for byte, as the serial path."""
import hashlib
import multiprocessing
import os
import pickle
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import spatial_conv as sc

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "python"
if not (EXAMPLES / "dask_motion_clips.py").exists():
    pytest.skip(f"[file {EXAMPLES / 'dask_motion_clips.py'}] not found (only in the repository, "
                "not in the sdist)", allow_module_level=True)
# On sys.path, so that the workers (spawned processes, which get this
# process's sys.path) unpickle convert_clip by reference.
sys.path.insert(0, str(EXAMPLES))
import dask_motion_clips as ex  # noqa: E402

try:
    import dask.distributed  # noqa: F401
    HAVE_DISTRIBUTED, WHY = True, ""
except ImportError as e:  # pragma: no cover - depends on the environment
    HAVE_DISTRIBUTED, WHY = False, f"[module distributed] dask.distributed is not importable ({e}); pip install dask distributed"

SMPL_TO_ROBOT = np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])  # (x,y,z) -> (z,x,y)


def quat_to_mat(q):
    """(..., 4) wxyz -> (..., 3, 3), independent of spatial_conv."""
    w, x, y, z = np.moveaxis(q, -1, 0)
    return np.stack([
        np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)], -1),
        np.stack([2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)], -1),
        np.stack([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], -1),
    ], -2)


def forward_kinematics(clip):
    """World positions (T, B, 3) and orientations (T, B, 3, 3) of every body
    by spconv_motion_clip's root convention."""
    parents = clip["parents"]
    root_R = quat_to_mat(clip["root_rot"])
    L = quat_to_mat(clip["local_rot"])
    T, B = L.shape[:2]
    pos, rot = np.zeros((T, B, 3)), np.zeros((T, B, 3, 3))
    for j in range(B):
        Rp, pp = (root_R, clip["root_pos"]) if parents[j] < 0 else (rot[:, parents[j]], pos[:, parents[j]])
        pos[:, j] = pp + np.einsum("tij,j->ti", Rp, clip["offsets"][j])
        rot[:, j] = Rp @ L[:, j]
    return pos, rot


def arrays_equal_bitwise(a_path, b_path):
    a, b = ex.load_clip(a_path), ex.load_clip(b_path)
    assert sorted(a) == sorted(b), (a_path, sorted(a), sorted(b))
    for name in a:
        assert a[name].dtype == b[name].dtype and a[name].shape == b[name].shape, (a_path, name)
        assert a[name].tobytes() == b[name].tobytes(), f"{a_path}: {name} differs"


def check_same_outputs(dir_a, dir_b, names):
    for n in names:
        arrays_equal_bitwise(dir_a / n, dir_b / n)
        digests = [hashlib.sha256((d / n).read_bytes()).hexdigest()[:16] for d in (dir_a, dir_b)]
        assert digests[0] == digests[1], f"{n}: the files differ (sha256 {digests})"


@pytest.fixture(scope="module")
def clips(tmp_path_factory):
    """12 synthetic clips of 120 frames, and their serial conversion."""
    root = tmp_path_factory.mktemp("clips")
    ex.make_clips(root / "in", 12, frames=120, seed=7)
    pairs = ex.clip_pairs(root / "in", root / "serial")
    assert ex.convert_serial(pairs) == [120] * 12
    return root, [Path(i).name for i, _ in pairs]


def test_make_clips_is_seeded(tmp_path):
    ex.make_clips(tmp_path / "a", 2, frames=30, seed=3)
    ex.make_clips(tmp_path / "b", 2, frames=30, seed=3)
    for n in ("clip_0000.npz", "clip_0001.npz"):
        assert (tmp_path / "a" / n).read_bytes() == (tmp_path / "b" / n).read_bytes()


def test_converted_clip_makes_sense(clips):
    root, names = clips
    for n in names:
        a, b = ex.load_clip(root / "in" / n), ex.load_clip(root / "serial" / n)
        assert str(a["axes"]) == "smpl" and str(b["axes"]) == "robot"
        for key in ("parents", "joint_names", "fps", "dt"):
            assert np.array_equal(a[key], b[key])
        J = ex.J
        pa, Ra = forward_kinematics(a)
        pb, Rb = forward_kinematics(b)
        # every joint: p -> M p, every world orientation: R -> M R M^T
        np.testing.assert_allclose(pb, pa @ SMPL_TO_ROBOT.T, rtol=0, atol=1e-12)
        np.testing.assert_allclose(Rb, SMPL_TO_ROBOT @ Ra @ SMPL_TO_ROBOT.T, rtol=0, atol=1e-12)
        # up: the pelvis stands 0.8-1.05 m high and the head above it, along
        # y before and along z after, the same numbers
        assert np.all((a["root_pos"][:, 1] > 0.8) & (a["root_pos"][:, 1] < 1.05))
        np.testing.assert_array_equal(b["root_pos"][:, 2], a["root_pos"][:, 1])
        head_up_a = pa[:, J["head"], 1] - pa[:, J["pelvis"], 1]
        head_up_b = pb[:, J["head"], 2] - pb[:, J["pelvis"], 2]
        assert np.all(head_up_a > 0.45) and np.allclose(head_up_b, head_up_a, atol=1e-12)
        height = pb[:, J["head"], 2] - pb[:, [J["left_foot"], J["right_foot"]], 2].min(1)
        assert np.all((height > 1.2) & (height < 1.9)), height.min()
        # facing: the root's forward axis (body +Z before, body +X after) is
        # near world +Z before and world +X after; the walk goes that way
        fwd_a = quat_to_mat(a["root_rot"])[:, :, 2]
        fwd_b = quat_to_mat(b["root_rot"])[:, :, 0]
        assert np.all(fwd_a[:, 2] > 0.98) and np.all(fwd_b[:, 0] > 0.98)
        walked = b["root_pos"][-1] - b["root_pos"][0]
        assert walked[0] > 0.5 and abs(walked[1]) < 0.1 and abs(walked[2]) < 0.1
        # left: the left hip is to the left of the right hip (+X before, +Y after)
        left_b = pb[:, J["left_hip"]] - pb[:, J["right_hip"]]
        assert np.all(left_b[:, 1] > 0.9 * np.linalg.norm(left_b, axis=-1))
        # velocities: converting then differentiating = differentiating then converting
        dt = float(b["dt"])
        np.testing.assert_allclose(b["root_linvel"], np.gradient(b["root_pos"], dt, axis=0),
                                   rtol=0, atol=1e-12)
        np.testing.assert_allclose(b["root_angvel"], sc.motion_angvel(b["root_rot"], dt, sc.ROT_QUAT_WXYZ,
                                                                      0, sc.MOTION_DIFF_CENTRAL),
                                   rtol=0, atol=1e-12)
        np.testing.assert_allclose(b["root_angvel"], a["root_angvel"] @ SMPL_TO_ROBOT.T, rtol=0, atol=1e-15)
        # unit quaternions; body 0 (the root joint) stays the identity
        assert np.allclose(np.linalg.norm(b["local_rot"], axis=-1), 1, atol=1e-14)
        assert np.array_equal(b["local_rot"][:, 0], np.tile([1.0, 0, 0, 0], (len(b["local_rot"]), 1)))


def test_round_trip_restores_the_clip(clips, tmp_path):
    root, names = clips
    back = tmp_path / names[0]
    assert ex.convert_clip(str(root / "serial" / names[0]), str(back), "robot", "smpl") == 120
    a, c = ex.load_clip(root / "in" / names[0]), ex.load_clip(back)
    assert sorted(a) == sorted(c)
    for key in a:
        if a[key].dtype.kind == "f":
            assert c[key].tobytes() == a[key].tobytes(), key   # bit for bit
        else:
            assert np.array_equal(c[key], a[key]), key


def bvh_reference(path):
    """Joint names and world positions (T, J, 3) of a BVH file's joints (End
    Sites left out), read line by line and posed with elementary rotation
    matrices in channel order (intrinsic, degrees): independent of the
    example's reader and of spatial_conv."""
    def elementary(axis, deg):
        c, s = np.cos(np.radians(deg)), np.sin(np.radians(deg))
        i, j = [(1, 2), (2, 0), (0, 1)]["XYZ".index(axis)]
        R = np.tile(np.eye(3), deg.shape + (1, 1))
        R[..., i, i], R[..., i, j], R[..., j, i], R[..., j, j] = c, -s, s, c
        return R
    lines = [ln.split() for ln in Path(path).read_text().splitlines() if ln.strip()]
    joints, stack, end_site = [], [], False   # joints: [name, parent, offset, channels]
    for k, w in enumerate(lines):
        if w[0] in ("ROOT", "JOINT"):
            joints.append([w[1], stack[-1] if stack else -1, None, []])
        elif w[0] == "End":
            end_site = True
        elif w[0] == "{" and not end_site:
            stack.append(len(joints) - 1)
        elif w[0] == "}" and end_site:
            end_site = False
        elif w[0] == "}":
            stack.pop()
        elif w[0] == "OFFSET" and not end_site:
            joints[stack[-1]][2] = np.array(w[1:4], float)
        elif w[0] == "CHANNELS":
            joints[stack[-1]][3] = w[2:]
        elif w[0] == "MOTION":
            frames = int(lines[k + 1][1])
            values = np.array(lines[k + 3:k + 3 + frames], float)
            break
    pos = np.zeros((frames, len(joints), 3))
    rot = np.zeros((frames, len(joints), 3, 3))
    col = 0
    for j, (name, parent, offset, channels) in enumerate(joints):
        R, p = np.tile(np.eye(3), (frames, 1, 1)), np.tile(offset, (frames, 1))
        for c in channels:
            if c.endswith("rotation"):
                R = R @ elementary(c[0], values[:, col])
            else:
                p[:, "XYZ".index(c[0])] += values[:, col]
            col += 1
        if parent < 0:
            pos[:, j], rot[:, j] = p, R
        else:
            pos[:, j] = pos[:, parent] + np.einsum("tij,j->ti", rot[:, parent], offset)
            rot[:, j] = rot[:, parent] @ R
    return [j[0] for j in joints], pos


WALK_BVH = Path(__file__).resolve().parents[2] / "examples" / "data" / "walk.bvh"


@pytest.mark.skipif(not WALK_BVH.exists(), reason=f"[file {WALK_BVH}] not found")
def test_bvh_file_converts(tmp_path):
    """examples/data/walk.bvh (centimetres, Y up) -> robot axes, metres."""
    out = tmp_path / "walk.npz"
    assert ex.convert_clip(str(WALK_BVH), str(out), "bvh", "robot", 0.01) == 45
    c = ex.load_clip(out)
    names, ref = bvh_reference(WALK_BVH)
    assert list(c["joint_names"]) == names and str(c["axes"]) == "robot"
    pos, _ = forward_kinematics(c)
    np.testing.assert_allclose(pos, 0.01 * ref @ SMPL_TO_ROBOT.T, rtol=0, atol=1e-14)
    assert np.all(pos[:, names.index("Head"), 2] > pos[:, names.index("Hips"), 2] + 0.4)
    assert abs(pos[0, :, 2].max() - pos[0, :, 2].min() - 1.52) < 0.01   # joints; + 0.17 m End Site
    # the heading docs/motion.md gives for this file: 119.9 degrees left of +X
    mc = sc.MotionClip(frames=45, bodies=len(names), root_pos=c["root_pos"], root_rot=c["root_rot"],
                       root_rot_format=sc.ROT_QUAT_WXYZ, local_rot=c["local_rot"],
                       local_rot_format=sc.ROT_QUAT_WXYZ, offsets=c["offsets"])
    h = np.degrees(sc.motion_clip_heading(mc, 0, sc.AXIS_Z, sc.AXIS_POS_X, sc.AXIS_POS_X))
    assert abs(h - 119.9) < 0.05, h


def test_refuses_a_clip_in_other_axes(clips, tmp_path):
    root, names = clips
    with pytest.raises(ValueError, match="axes are 'robot'"):
        ex.convert_clip(str(root / "serial" / names[0]), str(tmp_path / "x.npz"))
    assert not (tmp_path / "x.npz").exists()
    with pytest.raises(ValueError, match="unknown axis preset 'no_such_axes'"):
        ex.convert_clip(str(root / "in" / names[0]), str(tmp_path / "x.npz"), "smpl", "no_such_axes")


def test_convert_clip_pickles(clips):
    root, names = clips
    args = (str(root / "in" / names[0]), str(root / "pickled.npz"), "smpl", "robot", 1.0)
    f, a = pickle.loads(pickle.dumps(ex.convert_clip)), pickle.loads(pickle.dumps(args))
    assert f is ex.convert_clip and a == args   # by reference: a worker imports the module
    assert f(*a) == 120
    arrays_equal_bitwise(root / "serial" / names[0], root / "pickled.npz")
    # presets pickle too (IntEnum members)
    assert pickle.loads(pickle.dumps(sc.AXIS_PRESET_SMPL)) is sc.AXIS_PRESET_SMPL


def test_equality_check_catches_a_change(clips, tmp_path):
    """The byte-for-byte comparison used below fails on a one-ulp change."""
    root, names = clips
    c = ex.load_clip(root / "serial" / names[0])
    c["local_rot"] = c["local_rot"].copy()
    c["local_rot"][5, 3, 1] = np.nextafter(c["local_rot"][5, 3, 1], 2.0)
    (tmp_path / "x").mkdir()
    ex.save_clip(tmp_path / "x" / names[0], c)
    with pytest.raises(AssertionError, match="local_rot differs"):
        check_same_outputs(root / "serial", tmp_path / "x", names[:1])


@pytest.mark.skipif(not HAVE_DISTRIBUTED, reason=WHY)
# tornado 6.2 deprecated IOLoop.make_current, which distributed 2022.12 (Debian 12) still calls
@pytest.mark.filterwarnings("ignore:make_current is deprecated:DeprecationWarning")
def test_dask_local_cluster_matches_serial(clips):
    from dask.distributed import Client, get_task_stream
    root, names = clips
    pairs = ex.clip_pairs(root / "in", root / "dask")
    pairs = [(str(i), str(o)) for i, o in pairs]
    t0 = time.perf_counter()
    with ex.local_cluster(2) as cluster, Client(cluster) as client:
        client.wait_for_workers(2, timeout=60)
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        workers = set(client.scheduler_info()["workers"])
        assert len(workers) == 2 and all(w.startswith("tcp://127.0.0.1:") for w in workers)
        pids = set(client.run(os.getpid).values())
        assert len(pids) == 2 and os.getpid() not in pids     # two worker processes
        with get_task_stream(client) as ts:
            frames = ex.convert_on_client(client, pairs)
        ran_on = {t["worker"] for t in ts.data if t["key"].startswith("convert_clip")}
        # an error on a worker comes back as itself: spatial_conv.Error
        # pickles with its fields (here a clip whose rotations are not
        # quaternions)
        clip = ex.load_clip(root / "in" / names[0])
        clip["local_rot"] = clip["local_rot"][..., :3]
        ex.save_clip(root / "bad.npz", clip)
        with pytest.raises(sc.Error, match="local_rot") as err:
            client.submit(ex.convert_clip, str(root / "bad.npz"), str(root / "bad_out.npz")).result()
        assert err.value.function == "motion_clip_convert" and not (root / "bad_out.npz").exists()
    assert frames == [120] * 12
    assert ran_on == workers            # both worker processes converted clips
    print(f"dask: 12 clips on {len(ran_on)} of 2 workers, {time.perf_counter() - t0:.2f} s")
    assert sorted(os.listdir(root / "dask")) == sorted(names)   # no temporary files left
    check_same_outputs(root / "serial", root / "dask", names)
    assert multiprocessing.active_children() == []              # the workers are gone


def test_main_end_to_end(tmp_path, capsys):
    assert ex.main(["--make-clips", str(tmp_path / "in"), "3", "--frames", "40"]) == 0
    assert ex.main([str(tmp_path / "in"), str(tmp_path / "out"), "--scheduler", "serial"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert line.startswith("converted 3 clips, 120 frames, smpl -> robot, serial: "), line
    assert sorted(os.listdir(tmp_path / "out")) == ["clip_0000.npz", "clip_0001.npz", "clip_0002.npz"]
    with pytest.raises(SystemExit):
        ex.main([str(tmp_path / "in"), str(tmp_path / "out"), "--to", "nowhere"])
    # converting the converted clips again: refused, exit status 1, no traceback
    assert ex.main([str(tmp_path / "out"), str(tmp_path / "again")]) == 1
    assert "the clip's axes are 'robot', not 'smpl'" in capsys.readouterr().err
