#!/usr/bin/env python3
"""Cross-check of spatial_conv.h's rotation conversions against SciPy.

Runs the C driver (tests/scipy_rotations_driver.c, built in double or in
float) on seeded random inputs and compares every answer with
scipy.spatial.transform.Rotation (SciPy >= 1.10, which stores xyzw):

  * all 24 Euler conventions ("XYZ" ... intrinsic, "xyz" ... extrinsic,
    parsed by the driver with spconv_euler_seq_from_scipy), both ways, with
    quaternions (n cases each way) and with matrices (n / 4 each way); exactly locked inputs, where SciPy warns
    and sets the third angle to 0: the header must flag SPCONV_GIMBAL_LOCK,
    return angles[2] == 0 and the same rotation (the first angle may differ)
  * rotation matrices both ways, including 180 degree rotations
  * rotation vectors both ways, including tiny ones and angles near pi
  * quaternion order xyzw <-> wxyz

Inputs are rounded to the driver's precision before SciPy sees them, so
both sides answer the same question. Angles are compared modulo 2 pi with a
tolerance scaled by their condition number 1/delta, delta being the middle
angle's distance from gimbal lock (near lock the first and third angles are
individually ill-conditioned; the rotation they make is not). The rotation
the header's angles make is always compared without that factor.

Exit status 0 when everything agrees; prints the largest errors seen.
"""
import argparse
import subprocess
import sys
import warnings

import numpy as np
from scipy.spatial.transform import Rotation

SEQS = ["XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX", "XYX", "XZX", "YXY", "YZY", "ZXZ", "ZYZ"]
SPCONV_OK, SPCONV_GIMBAL_LOCK = 0, 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--driver", required=True, help="path of scipy_rotations_driver_<precision>")
    ap.add_argument("--precision", choices=["double", "float"], required=True)
    ap.add_argument("-n", type=int, default=2000, help="random cases per convention and check")
    ap.add_argument("--seed", type=int, default=20260301)
    args = ap.parse_args()

    dtype = np.float64 if args.precision == "double" else np.float32
    tol = 1e-12 if args.precision == "double" else 2e-6
    rng = np.random.default_rng(args.seed)
    n = args.n
    nm = max(1, n // 4)  # Euler <-> matrix goes through the quaternion path: fewer cases

    def rnd(x):
        """round to the driver's precision, back in float64"""
        return np.asarray(x, dtype=np.float64).astype(dtype).astype(np.float64)

    lines = []   # driver input lines
    checks = []  # (name, slice of output lines, checker)

    def add(name, ops, checker):
        start = len(lines)
        lines.extend(ops)
        checks.append((name, slice(start, len(lines)), checker))

    def block(prefix, rows):
        """driver lines "prefix v0 v1 ..." for the rows of a 2-D array"""
        rows = np.asarray(rows, dtype=np.float64)
        pattern = prefix + " %r" * rows.shape[1]
        return [pattern % tuple(r) for r in rows.tolist()]

    worst = {}

    def record(name, err):
        worst[name] = max(worst.get(name, 0.0), float(err))

    failures = []

    def expect(name, ok, detail):
        if not np.all(ok):
            bad = np.flatnonzero(~np.asarray(ok))
            failures.append(f"{name}: {len(bad)} of {np.size(ok)} cases fail, first: {detail(bad[0])}")

    def angle_diff(a, b):
        d = np.asarray(a) - np.asarray(b)
        return np.abs((d + np.pi) % (2 * np.pi) - np.pi)

    def lock_distance(seq, b):
        """distance of the middle angle from gimbal lock"""
        if seq[0].lower() == seq[2].lower():
            return np.minimum(np.abs(b), np.abs(np.pi - b))
        return np.abs(np.pi / 2 - np.abs(b))

    def mat_err(ra, rb):
        return np.max(np.abs(ra.as_matrix() - rb.as_matrix()).reshape(len(ra), -1), axis=1)

    quats_xyzw = Rotation.random(n, random_state=args.seed).as_quat()
    scales = 10.0 ** rng.uniform(-2, 2, size=(n, 1))  # the header takes any norm
    q_in = rnd(quats_xyzw * scales)                  # xyzw, not unit
    q_in_wxyz = q_in[:, [3, 0, 1, 2]]
    r_in = Rotation.from_quat(q_in)
    m_in = rnd(r_in.as_matrix().reshape(n, 9))

    for base in SEQS:
        proper = base[0] == base[2]
        for seq in (base, base.lower()):
            # ---- Euler -> quaternion and matrix, angles anywhere in [-pi, pi]^3
            ang = rnd(rng.uniform(-np.pi, np.pi, size=(n, 3)))
            r_e = Rotation.from_euler(seq, ang)

            def chk_e2q(out, seq=seq, r_e=r_e, ang=ang):
                st, q = out[:, 0], out[:, 1:]
                want = r_e.as_quat()[:, [3, 0, 1, 2]]
                err = np.max(np.abs(q - want), axis=1)
                record("euler->quat", err.max())
                expect(f"e2q {seq} status", st == SPCONV_OK, lambda i: st[i])
                expect(f"e2q {seq}", err <= tol, lambda i: (ang[i], q[i], want[i]))
            add(f"e2q {seq}", block(f"e2q {seq}", ang), chk_e2q)

            def chk_e2m(out, seq=seq, r_e=r_e[:nm], ang=ang[:nm]):
                st, m = out[:, 0], out[:, 1:]
                want = r_e.as_matrix().reshape(nm, 9)
                err = np.max(np.abs(m - want), axis=1)
                record("euler->matrix", err.max())
                expect(f"e2m {seq} status", st == SPCONV_OK, lambda i: st[i])
                expect(f"e2m {seq}", err <= tol, lambda i: (ang[i], m[i], want[i]))
            add(f"e2m {seq}", block(f"e2m {seq}", ang[:nm]), chk_e2m)

            # ---- quaternion and matrix -> Euler
            def euler_checker(kind, inputs, r_ref, seq=seq):
                def chk(out):
                    st, e = out[:, 0], out[:, 1:]
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        want = r_ref.as_euler(seq)
                    cond = 1.0 + 1.0 / np.maximum(lock_distance(seq, want[:, 1]), 1e-300)
                    err = np.max(angle_diff(e, want), axis=1)
                    rot_err = mat_err(Rotation.from_euler(seq, e), r_ref)
                    record(f"{kind}->euler angles (x condition)", np.max(err / cond))
                    record(f"{kind}->euler rotation", rot_err.max())
                    expect(f"{kind}2e {seq} status", st == SPCONV_OK, lambda i: (inputs[i], st[i]))
                    expect(f"{kind}2e {seq} angles", err <= tol * cond,
                           lambda i: (inputs[i], e[i], want[i]))
                    expect(f"{kind}2e {seq} rotation", rot_err <= 4 * tol,
                           lambda i: (inputs[i], e[i]))
                return chk
            add(f"q2e {seq}", block(f"q2e {seq}", q_in_wxyz),
                euler_checker("quat", q_in_wxyz, r_in))
            add(f"m2e {seq}", block(f"m2e {seq}", m_in[:nm]),
                euler_checker("matrix", m_in[:nm], r_in[:nm]))

            # ---- exactly at gimbal lock (middle angle at its limit, the
            # others random): SciPy warns and zeroes the third angle
            k = 50
            lock = rnd(rng.uniform(-np.pi, np.pi, size=(k, 3)))
            if proper:
                lock[:, 1] = np.where(np.arange(k) % 2 == 0, 0.0, np.pi)
            else:
                lock[:, 1] = np.where(np.arange(k) % 2 == 0, np.pi / 2, -np.pi / 2)
            q_lock = rnd(Rotation.from_euler(seq, lock).as_quat())
            r_lock = Rotation.from_quat(q_lock)

            def chk_lock(out, seq=seq, r_lock=r_lock, q_lock=q_lock):
                st, e = out[:, 0], out[:, 1:]
                with warnings.catch_warnings(record=True) as w:
                    warnings.simplefilter("always")
                    r_lock.as_euler(seq)
                expect(f"lock {seq}: SciPy warns", np.array([len(w) > 0]), lambda i: "no warning")
                rot_err = mat_err(Rotation.from_euler(seq, e), r_lock)
                record("gimbal lock rotation", rot_err.max())
                expect(f"lock {seq} status", st == SPCONV_GIMBAL_LOCK, lambda i: (q_lock[i], st[i]))
                expect(f"lock {seq} third angle", e[:, 2] == 0.0, lambda i: e[i])
                expect(f"lock {seq} rotation", rot_err <= 4 * tol, lambda i: (q_lock[i], e[i]))
            add(f"lock {seq}", block(f"q2e {seq}", q_lock[:, [3, 0, 1, 2]]), chk_lock)

    # ---- matrices both ways, with 180 degree rotations mixed in
    axes = rng.normal(size=(n, 3))
    axes /= np.linalg.norm(axes, axis=1, keepdims=True)
    half = Rotation.from_rotvec(np.pi * axes[: n // 4])
    m_all = np.vstack([m_in, rnd(half.as_matrix().reshape(-1, 9))])
    r_all = Rotation.from_matrix(m_all.reshape(-1, 3, 3))

    def chk_q2m(out):
        want = r_in.as_matrix().reshape(n, 9)
        err = np.max(np.abs(out - want), axis=1)
        record("quat->matrix", err.max())
        expect("q2m", err <= tol, lambda i: (q_in_wxyz[i], out[i], want[i]))
    add("q2m", block("q2m", q_in_wxyz), chk_q2m)

    def chk_m2q(out):
        st, q = out[:, 0], out[:, 1:]
        want = r_all.as_quat()[:, [3, 0, 1, 2]]
        want *= np.where(want[:, :1] < 0, -1.0, 1.0)  # the header returns w >= 0
        err = np.max(np.abs(q - want), axis=1)
        at_pi = np.abs(want[:, 0]) < 1e-6               # w ~ 0: q and -q both valid
        err_pi = np.max(np.abs(np.abs(q) - np.abs(want)), axis=1)
        err = np.where(at_pi, np.minimum(err, err_pi + mat_err(Rotation.from_quat(q[:, [1, 2, 3, 0]]), r_all)), err)
        record("matrix->quat", err.max())
        expect("m2q status", st == SPCONV_OK, lambda i: st[i])
        expect("m2q canonical", q[:, 0] >= 0, lambda i: q[i])
        expect("m2q", err <= tol, lambda i: (m_all[i], q[i], want[i]))
    add("m2q", block("m2q", m_all), chk_m2q)

    # ---- rotation vectors both ways: random, tiny, and near pi
    rv = np.vstack([
        rng.uniform(-2, 2, size=(n, 3)),
        rng.normal(size=(n // 4, 3)) * 1e-9,
        axes[: n // 4] * (np.pi - 10.0 ** rng.uniform(-9, -2, size=(n // 4, 1))),
    ])
    rv = rnd(rv)

    def chk_rv2q(out):
        want = Rotation.from_rotvec(rv).as_quat()[:, [3, 0, 1, 2]]
        err = np.max(np.abs(out - want), axis=1)
        record("rotvec->quat", err.max())
        expect("rv2q", err <= tol, lambda i: (rv[i], out[i], want[i]))
    add("rv2q", block("rv2q", rv), chk_rv2q)

    q_rv = rnd(Rotation.from_rotvec(rv).as_quat())
    q_rv_all = np.vstack([q_in, q_rv])

    def chk_q2rv(out):
        want = Rotation.from_quat(q_rv_all).as_rotvec()
        err = np.max(np.abs(out - want), axis=1) / np.maximum(1.0, np.linalg.norm(want, axis=1))
        record("quat->rotvec", err.max())
        expect("q2rv |rv| <= pi", np.linalg.norm(out, axis=1) <= np.pi * (1 + tol), lambda i: out[i])
        expect("q2rv", err <= tol, lambda i: (q_rv_all[i], out[i], want[i]))
    add("q2rv", block("q2rv", q_rv_all[:, [3, 0, 1, 2]]), chk_q2rv)

    # ---- storage order: SciPy's as_quat is xyzw
    def chk_x2w(out):
        want = q_in[:, [3, 0, 1, 2]]
        expect("x2w", np.all(out == want, axis=1), lambda i: (q_in[i], out[i]))
    add("x2w", block("x2w", q_in), chk_x2w)

    def chk_w2x(out):
        expect("w2x", np.all(out == q_in, axis=1), lambda i: (q_in_wxyz[i], out[i]))
    add("w2x", block("w2x", q_in_wxyz), chk_w2x)

    # ---- run the driver once on everything
    proc = subprocess.run([args.driver], input="\n".join(lines) + "\n", capture_output=True,
                          text=True, check=False)
    if proc.returncode != 0:
        print(proc.stderr, file=sys.stderr)
        print(f"driver exited with {proc.returncode}", file=sys.stderr)
        return 1
    out_lines = proc.stdout.splitlines()
    if len(out_lines) != len(lines):
        print(f"driver answered {len(out_lines)} lines for {len(lines)}", file=sys.stderr)
        return 1
    for name, sl, checker in checks:
        rows = out_lines[sl]
        out = np.array(" ".join(rows).split(), dtype=np.float64).reshape(len(rows), -1)
        checker(out)

    print(f"SciPy {__import__('scipy').__version__} vs spatial_conv ({args.precision}): "
          f"{len(lines)} conversions, tolerance {tol:g}")
    for name in sorted(worst):
        print(f"  largest error {name:36s} {worst[name]:.3g}")
    if failures:
        for f in failures[:40]:
            print("FAIL " + f, file=sys.stderr)
        return 1
    print("all agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
