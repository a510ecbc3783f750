#!/usr/bin/env python3
"""On a machine with a CUDA GPU and PyTorch built for CUDA: every element
function of the Python package on CUDA tensors against the host path, then
the speed of the batch conversions against a device-to-device copy of the
same bytes and against the same conversion in PyTorch eager.

    python3 tests/bench/gpu/gpu_check.py [--quick] [--markdown FILE]
    compute-sanitizer --tool memcheck python3 tests/bench/gpu/gpu_check.py --quick --no-bench
    (and --tool racecheck, --tool synccheck: the tiled kernels' shared memory and barriers)

Agreement: for each function, 2,048 seeded elements (python/tests/
cuda_cases.py: quaternions among them zero and scaled, every enum value and
preset pair it takes; then inputs made valid, 4x4 transforms and inertia
tensors among them) in float64 and float32: the same statuses and first failing index as the host; values
equal to the host's within rounding (the kernels round every operation as
the host does, --fmad=false, but CUDA has its own sin, cos, atan2),
relative to the magnitude of the inputs: 1e-12 in float64, 1e-5 in
float32. It prints the count of elements compared, how many of their reals
are bit-identical, and the largest difference per function.

Both kernel variants are compared with the host (tiled, the default, and
direct: see _cuda.py), alternating between seeds.

Speed: ns per body for 4,096 / 131,072 / 1,048,576 / 16,777,216 bodies,
CUDA events around 20 calls after 3 warm-up calls (whole calls: each
includes the Python side and the wait for the kernel's report, which
dominate at the small sizes; at 16M bodies the kernel does), for the quaternion
reorder, the MuJoCo qvel -> COM twist map, and the whole state MuJoCo ->
Isaac Lab 3, with each kernel variant; beside a torch clone of the inputs
and outputs' bytes (the copy bound: read and write once) and the PyTorch
eager code a user writes.
Calls without stalls (at 4,096 bodies, the size of a training step): a
state conversion and a quaternion normalization captured into a CUDA graph
(torch.cuda.graph) inside spatial_conv.cuda_async() and replayed with new
inputs each time: the host's results, and a bad element of one replay
raised by spatial_conv.cuda_check() with the synchronous call's message
after later replays; inside capture, an array on a stream outside the
capture refused with spatial_conv.Error, one on a stream joined to the
capture captured and replayed right. Then the wall time per call of the state conversion
and of the quaternion reorder, synchronous, asynchronous and as a graph
replay, beside the same conversion in PyTorch eager ops (eagerly and
replayed in a graph).
Exit status 1 if anything disagrees.
"""
import argparse
import os
import sys
import time

import numpy as np

import spatial_conv as sc
from spatial_conv import _cuda

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "python", "tests"))
from cuda_cases import inputs_for, valid_inputs  # noqa: E402  (the generator the emulated test uses)

SIZES = (4096, 131072, 1048576, 16777216)


def torch_device(torch):
    """The mover of agreement(): NumPy arrays (and Body fields) to CUDA tensors."""
    def move(v):
        if isinstance(v, np.ndarray):
            return torch.from_numpy(v).cuda()
        if isinstance(v, sc.Body):
            return sc.Body(*(move(f) for f in v))
        return v
    return move


def call(fn, values):
    try:
        with np.errstate(all="ignore"):
            r = fn(**values)
        return r if isinstance(r, tuple) and not isinstance(r, sc.Body) else (r,)
    except sc.Error as e:
        return e


def flat(r):
    out = []
    for x in r:
        if isinstance(x, sc.Body):
            out += flat(tuple(x))
        else:
            out.append(np.asarray(x.cpu() if hasattr(x, "cpu") else x, dtype=np.float64))
    return out


def agreement(move, quick):
    """Every CUDA function on the device (move: a host array to a device
    array) against the host: (failures, elements compared, reals compared,
    reals bit-identical, [(function, largest float64 difference)])."""
    rng = np.random.default_rng(11)
    n = 256 if quick else 2048
    failures, compared, reals, identical, rows = [], 0, 0, 0, []
    for name, plan in sorted(_cuda.cuda_plans().items()):
        fn = getattr(sc, name)
        worst, mine = 0.0, 0
        for dtype, tol in ((np.float64, 1e-12), (np.float32, 1e-5)):
            for combo in range(4 if quick else 8):  # each variant, with any and with valid inputs
                _cuda.VARIANT = ("tiled", "direct")[combo % 2]
                values = inputs_for(plan, rng, n, dtype)
                if combo // 2 % 2:
                    values = valid_inputs(plan, values, rng)
                host = call(fn, values)
                dev = call(fn, {k: move(v) for k, v in values.items()})
                what = f"{name} {dtype.__name__} {_cuda.VARIANT}"
                if isinstance(host, Exception) or isinstance(dev, Exception):
                    same = (isinstance(host, Exception) and isinstance(dev, Exception)
                            and host.status == dev.status and host.index == dev.index)
                    if not same:
                        failures.append(f"{what}: host {host!r}, device {dev!r}")
                    continue
                arrays = [np.abs(v).max() for v in values.values() if isinstance(v, np.ndarray)]
                arrays += [np.abs(f).max() for v in values.values() if isinstance(v, sc.Body) for f in v]
                scale = 1.0 + max(arrays, default=0.0)
                for h, d in zip(flat(host), flat(dev)):
                    with np.errstate(invalid="ignore"):
                        diff = np.abs(h - d)
                    both_nan = np.isnan(h) & np.isnan(d)
                    err = float(np.where(both_nan, 0.0, diff).max(initial=0.0) / scale)
                    worst = max(worst, err if dtype == np.float64 else 0.0)
                    reals += h.size
                    identical += int(((h == d) | both_nan).sum())
                    if not err <= tol:
                        failures.append(f"{what}: largest difference {err:.3g} (relative to the inputs) "
                                        f"above {tol:g}")
                mine += n
        if not mine:
            failures.append(f"{name}: every call failed on the host and the device: nothing compared")
        compared += mine
        rows.append((name, worst))
    _cuda.VARIANT = "tiled"
    return failures, compared, reals, identical, rows


def timed(torch, fn, reps=20):
    for _ in range(3):
        fn()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(reps):
        fn()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / reps * 1e-3  # seconds per call


def torch_qvel(qvel, q, ipos):
    """COM twist from MuJoCo free-joint qvel, written as a PyTorch user
    would: R from the unit quaternion, w_world = R w_body, v_C = v_O + w x (R ipos)."""
    w, x, y, z = q.unbind(-1)
    R = torch_mat(w, x, y, z)
    ww = (R @ qvel[:, 3:, None])[..., 0]
    r = (R @ ipos[:, :, None])[..., 0]
    return torch_cat([qvel[:, :3] + torch_cross(ww, r), ww])


def torch_mat(w, x, y, z):
    import torch
    return torch.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
                        2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                        2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], -1).view(-1, 3, 3)


def torch_cross(a, b):
    import torch
    return torch.linalg.cross(a, b)


def torch_cat(parts):
    import torch
    return torch.cat(parts, -1)


def torch_quat_mul(a, b):
    """Hamilton product of wxyz quaternions."""
    import torch
    aw, ax, ay, az = a.unbind(-1)
    bw, bx, by, bz = b.unbind(-1)
    return torch.stack([aw * bw - ax * bx - ay * by - az * bz, aw * bx + ax * bw + ay * bz - az * by,
                        aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw], -1)


def torch_state(qpos, qvel, ipos, iquat):
    """state_convert("isaaclab3", qpos, qvel, "mujoco_free", ipos, iquat) as
    a PyTorch user writes it, for unit quaternions: the COM pose [p_C;
    q_xyzw of the inertial frame] and twist [v_C; w], world axes, from the
    origin pose [p_O; q_wxyz] and qvel [v_O, world; w, body]."""
    import torch
    q = qpos[:, 3:7]
    R = torch_mat(*q.unbind(-1))
    r = (R @ ipos[:, :, None])[..., 0]     # O -> C, world axes
    w = (R @ qvel[:, 3:, None])[..., 0]    # body -> world axes
    qi = torch_quat_mul(q, iquat)
    return (torch.cat([qpos[:, :3] + r, qi[:, 1:], qi[:, :1]], -1),
            torch.cat([qvel[:, :3] + torch.linalg.cross(w, r), w], -1))


def wall(torch, fn, reps=200):
    """Host wall time per call of fn (s): reps calls one after another, then
    one wait for the device (an asynchronous call returns before its kernel
    has run: its time is what the caller's thread spends)."""
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / reps


def captured(torch, fn):
    """A torch.cuda.CUDAGraph of fn, warmed up on a side stream first (as
    torch.cuda.graph asks; the warm-up also loads spatial_conv's kernel and
    makes the device's failure record)."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        fn()
    return graph


def state_inputs(torch, n, dtype, seed=1):
    """qpos (unit quaternions), qvel, ipos, iquat (unit) of n bodies."""
    g = torch.Generator(device="cuda").manual_seed(seed)
    qpos = torch.randn(n, 7, device="cuda", dtype=dtype, generator=g)
    qpos[:, 3:] /= qpos[:, 3:].norm(dim=1, keepdim=True)
    iquat = torch.randn(n, 4, device="cuda", dtype=dtype, generator=g)
    iquat /= iquat.norm(dim=1, keepdim=True)
    return (qpos, torch.randn(n, 6, device="cuda", dtype=dtype, generator=g),
            torch.randn(n, 3, device="cuda", dtype=dtype, generator=g), iquat)


def graph_check(torch, n=4096):
    """Capture and replay (see the module's docstring); the failures."""
    failures = []
    ins = state_inputs(torch, n, torch.float64)
    pose, twist = torch.empty(n, 7, device="cuda", dtype=torch.float64), torch.empty_like(ins[1])

    def convert():
        with sc.cuda_async():
            sc.state_convert("isaaclab3", ins[0], ins[1], "mujoco_free", ins[2], ins[3], out=(pose, twist))
    graph = captured(torch, convert)
    for seed in (2, 3, 4):
        for x, new in zip(ins, state_inputs(torch, n, torch.float64, seed)):
            x.copy_(new)
        graph.replay()
        torch.cuda.synchronize()
        want = sc.state_convert("isaaclab3", *(x.cpu().numpy() for x in ins[:2]), "mujoco_free",
                                *(x.cpu().numpy() for x in ins[2:]))
        for got, w in zip((pose, twist), want):
            err = float(np.abs(got.cpu().numpy() - w).max())
            if not err <= 1e-12:
                failures.append(f"graph replay of state_convert (seed {seed}): differs from the host by {err:.3g}")
    q = torch.ones(n, 4, device="cuda", dtype=torch.float64)
    res = torch.empty_like(q)

    def normalize():
        with sc.cuda_async():
            sc.quat_normalize_wxyz(q, out=res)
    graph = captured(torch, normalize)
    bad = torch.ones_like(q)
    bad[[700, 900]] = 0
    try:
        sc.quat_normalize_wxyz(bad)
        want = None
    except sc.Error as e:
        want = str(e)
    for rows in ([700, 900], [], [5], []):  # the first failing replay is kept, later ones do not replace it
        q.fill_(1.0)
        q[rows] = 0
        graph.replay()
    try:
        sc.cuda_check()
        got = None
    except sc.Error as e:
        got = str(e)
    if got != want or want is None:
        failures.append(f"a bad element of a replay: cuda_check raised {got!r}, the synchronous call {want!r}")
    try:
        sc.cuda_check()
    except sc.Error as e:
        failures.append(f"cuda_check raised a second time: {e}")
    return failures + two_stream_capture_check(torch, n)


class OnStream:
    """A tensor whose __cuda_array_interface__ (version 3) names stream."""

    def __init__(self, tensor, stream):
        self.tensor, self.stream = tensor, stream

    @property
    def __cuda_array_interface__(self):
        return dict(self.tensor.__cuda_array_interface__, version=3, stream=self.stream.cuda_stream)


def two_stream_capture_check(torch, n):
    """Inside capture, an array on a stream outside the capture is refused
    with spatial_conv.Error (and the capture stays valid); an array on a
    stream joined to the capture is captured, and its replays are right."""
    failures = []
    q, p, res = (torch.ones(n, 4, device="cuda", dtype=torch.float64) for _ in range(3))
    outside, joined = torch.cuda.Stream(), torch.cuda.Stream()
    with sc.cuda_async():
        sc.quat_mul_wxyz(q, OnStream(p, outside), out=res)  # warm-up
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        try:
            with sc.cuda_async():
                sc.quat_mul_wxyz(q, OnStream(p, outside), out=res)
            failures.append("capture: an array on a stream outside the capture was not refused")
        except sc.Error as e:
            if "capturing stream" not in str(e):
                failures.append(f"capture: an array outside the capture: unexpected Error {e}")
        joined.wait_stream(torch.cuda.current_stream())  # joins the capture
        with sc.cuda_async():
            sc.quat_mul_wxyz(q, OnStream(p, joined), out=res)
        torch.cuda.current_stream().wait_stream(joined)
    g = torch.Generator(device="cuda").manual_seed(5)
    q.copy_(torch.randn(n, 4, device="cuda", dtype=torch.float64, generator=g))
    p.copy_(torch.randn(n, 4, device="cuda", dtype=torch.float64, generator=g))
    graph.replay()
    torch.cuda.synchronize()
    err = float(np.abs(res.cpu().numpy() - sc.quat_mul_wxyz(q.cpu().numpy(), p.cpu().numpy())).max())
    if not err <= 1e-12:
        failures.append(f"graph replay with an array on a joined stream: differs from the host by {err:.3g}")
    sc.cuda_check()
    return failures


def stall_bench(torch, n=4096):
    """The table: wall time per call at n bodies, synchronous, asynchronous
    and replayed in a graph, beside PyTorch eager (eagerly and replayed)."""
    lines = [f"Wall time per call at {n:,} bodies (us; host clock over 200 calls, then one wait)", "",
             "| operation | dtype | synchronous | cuda_async | graph replay | PyTorch eager | "
             "PyTorch eager, graph replay |", "|---|---|---:|---:|---:|---:|---:|"]
    for dtype in (torch.float64, torch.float32):
        qpos, qvel, ipos, iquat = state_inputs(torch, n, dtype)
        q = qpos[:, 3:].contiguous()
        pose, twist, q_out = torch.empty_like(qpos), torch.empty_like(qvel), torch.empty_like(q)
        ops = {
            "state_convert mujoco_free -> isaaclab3": (
                lambda: sc.state_convert("isaaclab3", qpos, qvel, "mujoco_free", ipos, iquat, out=(pose, twist)),
                lambda: torch_state(qpos, qvel, ipos, iquat)),
            "quat_xyzw_from_wxyz": (lambda: sc.quat_xyzw_from_wxyz(q, out=q_out), lambda: q[:, [1, 2, 3, 0]]),
        }
        for name, (ours, eager) in ops.items():
            def quiet():
                with sc.cuda_async():
                    ours()
            times = [wall(torch, ours), wall(torch, quiet), wall(torch, captured(torch, quiet).replay),
                     wall(torch, eager), wall(torch, captured(torch, eager).replay)]
            lines.append(f"| {name} | {str(dtype)[6:]} | " + " | ".join(f"{t * 1e6:.1f}" for t in times) + " |")
        sc.cuda_check()
    return "\n".join(lines)


def variant_time(torch, fn, variant):
    _cuda.VARIANT = variant
    try:
        return timed(torch, fn)
    finally:
        _cuda.VARIANT = "tiled"


def bench(torch, quick):
    """The table: ns per body of each kernel variant, the copy of the same
    bytes, and the share of the copy's bandwidth each variant reaches
    (copy time / kernel time: 1 is the limit)."""
    lines = ["| operation | dtype | bodies | tiled ns/body (per call) | direct ns/body | copy of the same "
             "bytes ns/body | **tiled: share of copy bandwidth** | direct: share | PyTorch eager ns/body | "
             "**eager / tiled** |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for dtype in (torch.float64, torch.float32):
        for n in (SIZES[:2] if quick else SIZES):
            g = torch.Generator(device="cuda").manual_seed(1)
            qpos = torch.randn(n, 7, device="cuda", dtype=dtype, generator=g)
            qpos[:, 3:] /= qpos[:, 3:].norm(dim=1, keepdim=True)
            qvel = torch.randn(n, 6, device="cuda", dtype=dtype, generator=g)
            ipos = torch.randn(n, 3, device="cuda", dtype=dtype, generator=g)
            iquat = torch.randn(n, 4, device="cuda", dtype=dtype, generator=g)
            q = qpos[:, 3:].contiguous()
            ops = {
                "quat_xyzw_from_wxyz": (lambda: sc.quat_xyzw_from_wxyz(q),
                                        lambda: q[:, [1, 2, 3, 0]], [q], 4),
                "twist_from_mujoco_qvel": (lambda: sc.twist_from_mujoco_qvel(qvel, qpos[:, 3:7], ipos),
                                           lambda: torch_qvel(qvel, qpos[:, 3:7], ipos), [qvel, qpos, ipos], 6),
                "state_convert mujoco_free -> isaaclab3": (
                    lambda: sc.state_convert("isaaclab3", qpos, qvel, "mujoco_free", ipos, iquat),
                    None, [qpos, qvel, ipos, iquat], 13),
            }
            for name, (ours, eager, ins, out_reals) in ops.items():
                t_tiled, t_direct = (variant_time(torch, ours, v) for v in ("tiled", "direct"))
                moved = torch.empty(sum(x.numel() for x in ins) + n * out_reals, dtype=dtype, device="cuda")
                half = moved[: moved.numel() // 2]
                t_copy = timed(torch, lambda: half.clone())  # reads and writes half: all the bytes once
                t_eager = timed(torch, eager) if eager else float("nan")
                lines.append(f"| {name} | {str(dtype)[6:]} | {n:,} | {t_tiled / n * 1e9:.3g} | "
                             f"{t_direct / n * 1e9:.3g} | {t_copy / n * 1e9:.3g} | {t_copy / t_tiled:.2f} | "
                             f"{t_copy / t_direct:.2f} | {t_eager / n * 1e9:.3g} | {t_eager / t_tiled:.2f} |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-bench", action="store_true")
    ap.add_argument("--markdown")
    args = ap.parse_args()
    import torch
    if not torch.cuda.is_available():
        print("gpu_check: no CUDA device visible to PyTorch", file=sys.stderr)
        return 2
    device = torch.cuda.get_device_name(0)
    t0 = time.time()
    failures, compared, reals, identical, rows = agreement(torch_device(torch), args.quick)
    report = [f"# spatial_conv on {device}", "",
              f"Agreement with the host: {compared:,} elements of {len(rows)} functions in float64 "
              f"and float32 with results compared ({reals:,} reals, {identical:,} of them bit-identical), "
              f"{len(failures)} disagreement(s) ({time.time() - t0:.0f} s).", ""]
    report += [f"- {f}" for f in failures[:50]]
    report += ["", "| function | largest float64 difference (relative) |", "|---|---:|"]
    report += [f"| {name} | {w:.2g} |" for name, w in rows]
    stalls = graph_check(torch)
    failures += stalls
    report += ["", f"CUDA graph capture and replay (cuda_async, cuda_check): {len(stalls)} failure(s)."]
    report += [f"- {f}" for f in stalls]
    if not args.no_bench:
        report += ["", stall_bench(torch), "", bench(torch, args.quick)]
    text = "\n".join(report)
    print(text)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
