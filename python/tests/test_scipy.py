"""spatial_conv's rotations against scipy.spatial.transform.Rotation.

Seeded random rotations (N per check), in float64 and in float32. For
float32 the inputs are rounded to float32 first and SciPy (which computes
in double) answers the same question; spatial_conv computes in float.
Tolerances: 1e-12 in double, 1e-5 in float, on unit-size quantities;
Euler angles recovered from a rotation are compared modulo 2 pi, with the
tolerance times the angles' condition number 1 / delta (delta = |cos| of
the middle angle of a Tait-Bryan sequence, |sin| of a proper one's: its
distance from gimbal lock), and the rotation they make is compared with
the plain tolerance.

SciPy's conventions: quaternions stored (x, y, z, w); Euler seq strings
lowercase = extrinsic, uppercase = intrinsic; r1 * r2 rotates by r2, then r1.
"""
import warnings

import numpy as np
import pytest

scipy_transform = pytest.importorskip("scipy.spatial.transform")
Rotation, Slerp = scipy_transform.Rotation, scipy_transform.Slerp

import spatial_conv as sc  # noqa: E402

N = 1000
DTYPES = [np.float64, np.float32]
TOL = {np.float64: 1e-12, np.float32: 1e-5}
SEQ_KINDS = [(seq, kind) for kind in (sc.EULER_EXTRINSIC, sc.EULER_INTRINSIC) for seq in sc.EulerSeq]
CHECKS = []  # (check, dtype, cases): reported at the end


def _id(v):
    return getattr(v, "__name__", None) or getattr(v, "name", None) or str(v)


def rng_for(*parts):
    return np.random.default_rng([sum(map(ord, str(p))) for p in parts])


def scipy_seq(seq, kind):
    """SciPy's seq string: lowercase extrinsic, uppercase intrinsic."""
    return seq.name.lower() if kind == sc.EULER_EXTRINSIC else seq.name.upper()


def rounded(x, dtype):
    """x in the test's precision, and the same values in float64 for SciPy."""
    x = np.asarray(x, dtype=np.float64).astype(dtype)
    return x, x.astype(np.float64)


def quats_wxyz(rng, n, scaled=True):
    """Random rotations, uniformly distributed, stored wxyz; scaled by a
    random factor in [0.5, 2] (any norm is the same rotation)."""
    q = rng.normal(size=(n, 4))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    if scaled:
        q *= rng.uniform(0.5, 2.0, (n, 1))
    return q


def xyzw(q_wxyz):
    return np.roll(q_wxyz, -1, axis=-1)


def wxyz(q_xyzw):
    return np.roll(q_xyzw, 1, axis=-1)


def record(name, dtype, err, n):
    CHECKS.append((name, np.dtype(dtype).name, n, float(err)))


def assert_close(name, got, want, tol, dtype, scale=None):
    """max |got - want| (divided by scale per element, e.g. |v|) <= tol."""
    got = np.asarray(got)
    assert got.dtype == np.dtype(dtype), f"{name}: result dtype {got.dtype}, expected {dtype}"
    diff = np.abs(got.astype(np.float64) - want)
    if scale is not None:
        diff = diff / scale
    err = diff.max()
    record(name, dtype, err, len(want))
    if not err <= tol:
        i = np.unravel_index(np.argmax(diff), diff.shape)[0]
        raise AssertionError(f"{name} ({np.dtype(dtype).name}): max error {err:.3g} > {tol:g} at "
                             f"case {i}: got {got[i]}, SciPy {want[i]}")


def assert_same_quat(name, got, want, tol, dtype):
    """Unit quaternions equal up to sign (q and -q are the same rotation)."""
    got64 = np.asarray(got, dtype=np.float64)
    s = np.where(np.sum(got64 * want, axis=-1, keepdims=True) < 0, -1.0, 1.0)
    assert_close(name, np.asarray(got) * s.astype(dtype), want, tol, dtype)


def angle_diff(a, b):
    """a - b wrapped into [-pi, pi]."""
    return (a - b + np.pi) % (2 * np.pi) - np.pi


# ---------------------------------------------------------------- storage
@pytest.mark.parametrize("dtype", DTYPES, ids=_id)
def test_quaternion_storage_order(dtype):
    """SciPy stores xyzw: quat_xyzw_from_wxyz / quat_wxyz_from_xyzw move
    between its storage and wxyz, and both stores mean the same rotation."""
    rng = rng_for("storage", dtype)
    q, q64 = rounded(quats_wxyz(rng, N), dtype)
    got = sc.quat_xyzw_from_wxyz(q)
    assert got.dtype == dtype and np.array_equal(got, xyzw(q))
    R = Rotation.from_quat(got.astype(np.float64))
    assert_close("mat_from_quat_wxyz(q_wxyz) vs Rotation.from_quat(xyzw)",
                 sc.mat_from_quat_wxyz(q), R.as_matrix(), TOL[dtype], dtype)
    s, s64 = rounded(Rotation.random(N, random_state=rng.integers(1 << 31)).as_quat(), dtype)
    back = sc.quat_wxyz_from_xyzw(s)
    assert back.dtype == dtype and np.array_equal(back, wxyz(s))
    assert_close("mat_from_quat_wxyz(quat_wxyz_from_xyzw(scipy as_quat))", sc.mat_from_quat_wxyz(back),
                 Rotation.from_quat(s64).as_matrix(), TOL[dtype], dtype)
    v, v64 = rounded(rng.normal(size=(N, 3)), dtype)
    assert_close("quat_rotate_xyzw vs apply", sc.quat_rotate_xyzw(s, v), Rotation.from_quat(s64).apply(v64),
                 TOL[dtype], dtype, scale=np.linalg.norm(v64, axis=1, keepdims=True))


# ---------------------------------------------------------------- matrices
@pytest.mark.parametrize("dtype", DTYPES, ids=_id)
def test_mat_from_quat(dtype):
    rng = rng_for("mat", dtype)
    q, q64 = rounded(quats_wxyz(rng, N), dtype)
    assert_close("mat_from_quat_wxyz vs as_matrix", sc.mat_from_quat_wxyz(q),
                 Rotation.from_quat(xyzw(q64)).as_matrix(), TOL[dtype], dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=_id)
def test_quat_from_mat(dtype):
    """quat_wxyz_from_mat vs from_matrix: unit, canonical (w >= 0) quaternions,
    180 degree rotations (w = 0) included."""
    rng = rng_for("from_mat", dtype)
    R = Rotation.from_quat(xyzw(quats_wxyz(rng, N, scaled=False))).as_matrix()
    axes = rng.normal(size=(N // 10, 3))
    axes /= np.linalg.norm(axes, axis=1, keepdims=True)
    R[: N // 10] = Rotation.from_rotvec(np.pi * axes).as_matrix()  # half turns
    M, M64 = rounded(R, dtype)
    want = wxyz(Rotation.from_matrix(M64).as_quat())
    got = sc.quat_wxyz_from_mat(M)
    g64 = got.astype(np.float64)
    tol = TOL[dtype]
    assert (g64[:, 0] >= 0).all(), "quat_wxyz_from_mat: w < 0 (not canonical)"
    # SciPy 1.10 leaves the sign as it falls: canonical form of its answer,
    # q and -q both kept where w is within the tolerance of 0
    want = np.where(want[:, :1] < 0, -want, want)
    tie = np.abs(want[:, 0]) <= tol
    flip = tie & (np.sum(g64 * want, axis=1) < 0)
    want[flip] = -want[flip]
    assert_close("quat_wxyz_from_mat vs from_matrix", got, want, tol, dtype)
    assert_close("|quat_wxyz_from_mat|", np.linalg.norm(g64, axis=1).astype(dtype),
                 np.ones(N), tol, dtype)


# ---------------------------------------------------------------- rotvec
@pytest.mark.parametrize("dtype", DTYPES, ids=_id)
def test_rotvec_both_ways(dtype):
    rng = rng_for("rotvec", dtype)
    # angles up to 1.5 pi: SciPy's from_rotvec is exp(rv / 2) for any angle
    axes = rng.normal(size=(N, 3))
    axes /= np.linalg.norm(axes, axis=1, keepdims=True)
    rv, rv64 = rounded(axes * rng.uniform(0, 1.5 * np.pi, (N, 1)), dtype)
    rv[:5], rv64[:5] = 0, 0  # the zero rotation
    assert_close("quat_wxyz_from_rotvec vs from_rotvec", sc.quat_wxyz_from_rotvec(rv),
                 wxyz(Rotation.from_rotvec(rv64).as_quat()), TOL[dtype], dtype)
    q, q64 = rounded(quats_wxyz(rng, N), dtype)
    got = sc.rotvec_from_quat_wxyz(q)
    assert (np.linalg.norm(got.astype(np.float64), axis=1) <= np.pi * (1 + TOL[dtype])).all()
    assert_close("rotvec_from_quat_wxyz vs as_rotvec", got, Rotation.from_quat(xyzw(q64)).as_rotvec(),
                 TOL[dtype], dtype)


# ---------------------------------------------------------------- Euler
def test_euler_seq_names():
    """SciPy's seq strings, as the package reads them (euler_seq_from_scipy
    where the package has it) and as this file maps them."""
    for seq, kind in SEQ_KINDS:
        s = scipy_seq(seq, kind)
        if hasattr(sc, "euler_seq_from_scipy"):
            assert tuple(sc.euler_seq_from_scipy(s)) == (seq, kind), s
        Rotation.from_euler(s, [0.1, 0.2, 0.3])  # a string SciPy takes
    if hasattr(sc, "euler_seq_from_scipy"):
        for bad in ("xyZ", "xxy", "xy", "abc", ""):
            with pytest.raises(sc.Error):
                sc.euler_seq_from_scipy(bad)


def _delta(seq, kind, mid):
    """distance of the middle angle from gimbal lock (1: far, 0: locked)"""
    proper = seq.name[0] == seq.name[2]
    return np.abs(np.sin(mid)) if proper else np.abs(np.cos(mid))


@pytest.mark.parametrize("dtype", DTYPES, ids=_id)
@pytest.mark.parametrize("seq,kind", SEQ_KINDS, ids=lambda v: _id(v))
def test_euler_both_ways(seq, kind, dtype):
    """quat_wxyz_from_euler / mat_from_euler vs from_euler, and
    euler_from_quat_wxyz / euler_from_mat vs as_euler (SciPy's ranges)."""
    s = scipy_seq(seq, kind)
    rng = rng_for("euler", s, dtype)
    tol = TOL[dtype]
    ang, ang64 = rounded(rng.uniform(-np.pi, np.pi, (N, 3)), dtype)
    R = Rotation.from_euler(s, ang64)
    assert_same_quat(f"quat_wxyz_from_euler {s}", sc.quat_wxyz_from_euler(ang, seq, kind),
                     wxyz(R.as_quat()), tol, dtype)
    assert_close(f"mat_from_euler {s}", sc.mat_from_euler(ang, seq, kind).reshape(N, 9),
                 R.as_matrix().reshape(N, 9), tol, dtype)

    q, q64 = rounded(quats_wxyz(rng, N), dtype)
    M, M64 = rounded(Rotation.from_quat(xyzw(quats_wxyz(rng, N))).as_matrix(), dtype)
    for name, got, rot in (("euler_from_quat_wxyz", lambda: sc.euler_from_quat_wxyz(q, seq, kind),
                            Rotation.from_quat(xyzw(q64))),
                           ("euler_from_mat", lambda: sc.euler_from_mat(M, seq, kind),
                            Rotation.from_matrix(M64))):
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # no gimbal lock among random rotations
            a = got()
            want = rot.as_euler(s)
        assert a.dtype == dtype
        a64 = a.astype(np.float64)
        # SciPy's ranges: first and third in [-pi, pi], the middle one in
        # [-pi/2, pi/2] (Tait-Bryan) or [0, pi] (proper Euler)
        assert (np.abs(a64) <= np.pi * (1 + tol)).all(), f"{name} {s}: an angle outside [-pi, pi]"
        if seq.name[0] == seq.name[2]:
            assert (a64[:, 1] >= -tol).all(), f"{name} {s}: middle angle < 0"
        else:
            assert (np.abs(a64[:, 1]) <= np.pi / 2 * (1 + tol)).all(), f"{name} {s}: |middle| > pi/2"
        kappa = 1 / np.maximum(_delta(seq, kind, want[:, 1]), 1e-300)
        # the angles against SciPy's, modulo 2 pi, tolerance times 1 / delta
        d = np.abs(angle_diff(a64, want)) / np.maximum(kappa, 1)[:, None]
        err = d.max()
        record(f"{name} {s} (/ condition number)", dtype, err, N)
        assert err <= tol, (f"{name} {s}: error / condition {err:.3g} > {tol:g} at case "
                            f"{np.argmax(d.max(axis=1))}")
        # and the rotation the angles make is the input, to the plain tolerance
        back = Rotation.from_euler(s, a64)
        assert_close(f"from_euler({name}) {s} vs the input", back.as_matrix().reshape(N, 9).astype(dtype),
                     rot.as_matrix().reshape(N, 9), tol, dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=_id)
@pytest.mark.parametrize("seq,kind", SEQ_KINDS, ids=lambda v: _id(v))
def test_euler_at_gimbal_lock(seq, kind, dtype):
    """At gimbal lock (middle angle +-pi/2, or 0 / pi) SciPy warns and sets
    the third angle to 0: spatial_conv warns StatusWarning, sets it to 0,
    returns the middle angle and SciPy's first angle, and the same rotation."""
    s = scipy_seq(seq, kind)
    proper = seq.name[0] == seq.name[2]
    rng = rng_for("lock", s, dtype)
    n = 200
    ang = rng.uniform(-np.pi, np.pi, (n, 3))
    ang[:, 1] = rng.choice([0.0, np.pi] if proper else [np.pi / 2, -np.pi / 2], n)
    q, q64 = rounded(wxyz(Rotation.from_euler(s, ang).as_quat()), dtype)
    tol = TOL[dtype]
    with pytest.warns(sc.StatusWarning, match="GIMBAL_LOCK"):
        a = sc.euler_from_quat_wxyz(q, seq, kind)
    a64 = a.astype(np.float64)
    rot = Rotation.from_quat(xyzw(q64))
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        want = rot.as_euler(s)
    assert (a64[:, 2] == 0).all()
    # the middle angle is the lock's (SciPy 1.10's own middle angle is only
    # good to about sqrt(eps) there: it takes an arccos near 1)
    assert_close(f"euler_from_quat_wxyz {s} at lock: middle angle",
                 np.abs(angle_diff(a64[:, 1:2], ang[:, 1:2])).astype(dtype), np.zeros((n, 1)), tol, dtype)
    back = Rotation.from_euler(s, a64)
    assert_close(f"from_euler(euler_from_quat_wxyz) {s} at lock vs the input",
                 back.as_matrix().reshape(n, 9).astype(dtype), rot.as_matrix().reshape(n, 9), tol, dtype)
    # SciPy flags the lock too, and its first angle is ours
    assert any("Gimbal lock" in str(x.message) for x in w), f"SciPy sees no lock for {s}"
    assert (want[:, 2] == 0).all()
    assert_close(f"euler_from_quat_wxyz {s} at lock: first angle vs as_euler",
                 np.abs(angle_diff(a64[:, :1], want[:, :1])).astype(dtype), np.zeros((n, 1)), tol, dtype)


# ---------------------------------------------------------------- algebra
@pytest.mark.parametrize("dtype", DTYPES, ids=_id)
def test_rotate_vs_apply(dtype):
    rng = rng_for("apply", dtype)
    q, q64 = rounded(quats_wxyz(rng, N), dtype)
    v, v64 = rounded(rng.normal(size=(N, 3)) * rng.uniform(0.1, 10, (N, 1)), dtype)
    assert_close("quat_rotate_wxyz vs apply", sc.quat_rotate_wxyz(q, v),
                 Rotation.from_quat(xyzw(q64)).apply(v64), TOL[dtype], dtype,
                 scale=np.linalg.norm(v64, axis=1, keepdims=True))


@pytest.mark.parametrize("dtype", DTYPES, ids=_id)
def test_mul_vs_composition(dtype):
    """quat_mul_wxyz(a, b) rotates by b, then by a: SciPy's a * b."""
    rng = rng_for("mul", dtype)
    a, a64 = rounded(quats_wxyz(rng, N, scaled=False), dtype)
    b, b64 = rounded(quats_wxyz(rng, N, scaled=False), dtype)
    Ra, Rb = Rotation.from_quat(xyzw(a64)), Rotation.from_quat(xyzw(b64))
    got = sc.quat_mul_wxyz(a, b)
    # the Hamilton product of unit quaternions, SciPy's composition up to sign
    assert_same_quat("quat_mul_wxyz vs a * b", got, wxyz((Ra * Rb).as_quat()), TOL[dtype], dtype)
    # and not b * a (the check tells the order)
    wrong = wxyz((Rb * Ra).as_quat())
    assert np.median(np.minimum(np.abs(got - wrong).max(1), np.abs(got + wrong).max(1))) > 1e-3
    v, v64 = rounded(rng.normal(size=(N, 3)), dtype)
    assert_close("quat_rotate_wxyz(quat_mul_wxyz(a, b), v) vs a.apply(b.apply(v))",
                 sc.quat_rotate_wxyz(got, v), Ra.apply(Rb.apply(v64)), TOL[dtype] * 10, dtype,
                 scale=np.linalg.norm(v64, axis=1, keepdims=True))


@pytest.mark.parametrize("dtype", DTYPES, ids=_id)
def test_slerp(dtype):
    """quat_slerp_wxyz vs scipy.spatial.transform.Slerp between two key
    rotations (the shortest arc, as SciPy's key times 0 and 1)."""
    rng = rng_for("slerp", dtype)
    a, a64 = rounded(quats_wxyz(rng, N), dtype)
    b, b64 = rounded(quats_wxyz(rng, N), dtype)
    t, t64 = rounded(rng.uniform(0, 1, N), dtype)
    t[:3], t64[:3] = 0, 0
    t[3:6], t64[3:6] = 1, 1
    got = sc.quat_slerp_wxyz(a, b, t)
    want = np.empty((N, 4))
    for i in range(N):
        keys = Rotation.from_quat(xyzw(np.stack([a64[i], b64[i]])))
        want[i] = wxyz(Slerp([0.0, 1.0], keys)([t64[i]]).as_quat()[0])
    assert_same_quat("quat_slerp_wxyz vs Slerp", got, want, TOL[dtype], dtype)
    assert_close("|quat_slerp_wxyz|", np.linalg.norm(got.astype(np.float64), axis=1).astype(dtype),
                 np.ones(N), TOL[dtype], dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=_id)
def test_angle_vs_magnitude(dtype):
    rng = rng_for("angle", dtype)
    a, a64 = rounded(quats_wxyz(rng, N), dtype)
    b, b64 = rounded(quats_wxyz(rng, N), dtype)
    b[:4], b64[:4] = -a[:4] * 2, -a64[:4] * 2  # q and -2q: the same rotation, angle 0
    got = sc.quat_angle_wxyz(a, b)
    want = (Rotation.from_quat(xyzw(a64)).inv() * Rotation.from_quat(xyzw(b64))).magnitude()
    assert ((got >= 0) & (got <= np.float64(np.pi) * (1 + TOL[dtype]))).all()
    assert_close("quat_angle_wxyz vs (a.inv() * b).magnitude()", got, want, TOL[dtype], dtype)


@pytest.fixture(scope="module", autouse=True)
def _print_checks(request):
    yield
    if not CHECKS:
        return
    cases = sum(c[2] for c in CHECKS)
    worst = {}
    for name, dt, n, err in CHECKS:
        worst[dt] = max(worst.get(dt, 0.0), err)
    text = (f"spatial_conv vs SciPy: {len(CHECKS)} checks, {cases} cases; largest error "
            + ", ".join(f"{dt} {e:.3g}" for dt, e in sorted(worst.items())))
    tr = request.config.pluginmanager.get_plugin("terminalreporter")
    cap = request.config.pluginmanager.get_plugin("capturemanager")
    if tr is None:
        print(text)
    elif cap is not None:
        with cap.global_and_fixture_disabled():
            tr.write_line("\n" + text)
    else:
        tr.write_line("\n" + text)
