"""The input / output contract of the Python mirror of spatial_conv.h:
dtypes, shapes and batch broadcasting, empty batches, per-element scalars,
strided inputs, aliasing, errors and warnings, pickling, processes and
threads, PyTorch tensors and other array-likes.
"""
import array
import concurrent.futures
import multiprocessing
import pickle
import warnings

import numpy as np
import pytest

import spatial_conv as sc

RNG = np.random.default_rng(20240607)


def rand(*shape, dtype=np.float64, lim=1.0):
    return RNG.uniform(-lim, lim, shape).astype(dtype)


def rand_quat(*batch, dtype=np.float64):
    q = RNG.normal(size=batch + (4,))
    return q.astype(dtype)


def body(*batch, dtype=np.float64):
    return sc.Body(rand(*batch, 3, dtype=dtype, lim=5), rand_quat(*batch, dtype=dtype),
                   rand(*batch, 3, dtype=dtype), rand_quat(*batch, dtype=dtype))


NEWTON_CONVENTION = sc.Convention(sc.ORDER_LINEAR_FIRST, sc.POINT_COM, sc.FRAME_WORLD,
                                  sc.FRAME_WORLD, sc.ANGLE_RADIANS, sc.ACCEL_CLASSICAL)


# ================================================================ dtypes
def test_float64_in_float64_out():
    q = rand_quat(3)
    assert sc.quat_xyzw_from_wxyz(q).dtype == np.float64
    assert sc.mat_from_quat_wxyz(q).dtype == np.float64
    t = sc.twist_convert("newton", rand(3, 6), "mujoco_free", body(3))
    assert t.dtype == np.float64
    p = sc.power(rand(6), rand(6))
    assert p.dtype == np.float64 and np.ndim(p) == 0


def test_float32_in_float32_out():
    q = rand_quat(3, dtype=np.float32)
    assert sc.quat_xyzw_from_wxyz(q).dtype == np.float32
    assert sc.mat_from_quat_wxyz(q).dtype == np.float32
    # every field of the body float32 (the default com and iquat are Python numbers)
    b = sc.Body(rand(3, 3, dtype=np.float32), q)
    t = sc.twist_convert("newton", rand(3, 6, dtype=np.float32), "mujoco_free", b)
    assert t.dtype == np.float32
    pose, twist = sc.state_convert("isaaclab", rand(7, dtype=np.float32),
                                   rand(6, dtype=np.float32), "mujoco_free",
                                   rand(3, dtype=np.float32), rand_quat(dtype=np.float32))
    assert pose.dtype == twist.dtype == np.float32
    p = sc.power(rand(6, dtype=np.float32), rand(6, dtype=np.float32))
    assert p.dtype == np.float32 and np.ndim(p) == 0
    axis, angle = sc.axis_angle_from_quat_wxyz(q)
    assert axis.dtype == angle.dtype == np.float32


@pytest.mark.parametrize("dtype", [">f4", ">f8"], ids=["float32", "float64"])
def test_non_native_byte_order_keeps_its_precision(dtype):
    """A big-endian float32 array (read from a file, say) is a float32 array."""
    q = rand_quat(3).astype(dtype)
    native = q.astype(np.dtype(dtype).newbyteorder("="))
    r = sc.quat_xyzw_from_wxyz(q)
    assert r.dtype.name == np.dtype(dtype).name
    np.testing.assert_array_equal(r, sc.quat_xyzw_from_wxyz(native))
    v = rand(3, 3).astype(dtype)
    np.testing.assert_array_equal(sc.quat_rotate_wxyz(q, v),
                                  sc.quat_rotate_wxyz(native, v.astype(native.dtype)))


def test_float32_computes_in_float32():
    """float32 results are the float32 C build's, not float64 ones rounded:
    close to float64 but not all equal."""
    q = rand_quat(200, dtype=np.float32)
    v = rand(200, 3, dtype=np.float32, lim=10)
    r32 = sc.quat_rotate_wxyz(q, v)
    r64 = sc.quat_rotate_wxyz(q.astype(np.float64), v.astype(np.float64))
    np.testing.assert_allclose(r32, r64, rtol=0, atol=1e-4 * 10)
    assert not np.array_equal(r32, r64.astype(np.float32))


def test_mixed_precision_computes_in_float64():
    q32, v64 = rand_quat(3, dtype=np.float32), rand(3, 3)
    r = sc.quat_rotate_wxyz(q32, v64)
    assert r.dtype == np.float64
    np.testing.assert_array_equal(r, sc.quat_rotate_wxyz(q32.astype(np.float64), v64))
    # one float64 field of a body is enough
    b = sc.Body(rand(3, dtype=np.float32), rand_quat(dtype=np.float32), rand(3))
    assert sc.twist_convert("newton", rand(6, dtype=np.float32), "mujoco_free", b).dtype \
        == np.float64


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.uint16, np.bool_])
def test_integer_and_bool_arrays_become_float64(dtype):
    q = np.array([[1, 0, 0, 0], [0, 1, 0, 1]]).astype(dtype)
    r = sc.quat_xyzw_from_wxyz(q)
    assert r.dtype == np.float64
    np.testing.assert_array_equal(r, np.roll(q.astype(np.float64), -1, axis=-1))
    # with float32 arrays: an integer array is not float32, so float64
    v = rand(2, 3, dtype=np.float32)
    r = sc.quat_rotate_wxyz(q, v)
    assert r.dtype == np.float64
    np.testing.assert_array_equal(r, sc.quat_rotate_wxyz(q.astype(np.float64),
                                                         v.astype(np.float64)))


def test_lists_and_python_numbers_adapt_to_the_arrays():
    q32 = rand_quat(2, dtype=np.float32)
    v = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
    r = sc.quat_rotate_wxyz(q32, v)
    assert r.dtype == np.float32
    np.testing.assert_array_equal(r, sc.quat_rotate_wxyz(q32, np.array(v, np.float32)))
    assert sc.quat_rotate_wxyz(q32.astype(np.float64), v).dtype == np.float64
    # only lists: float64
    assert sc.quat_rotate_wxyz([1, 0, 0, 0], [1, 2, 3]).dtype == np.float64
    np.testing.assert_array_equal(sc.quat_rotate_wxyz([1, 0, 0, 0], [1, 2, 3]), [1, 2, 3])
    # a Python float as a per-element scalar
    a, b = rand_quat(3, dtype=np.float32), rand_quat(3, dtype=np.float32)
    assert sc.quat_slerp_wxyz(a, b, 0.25).dtype == np.float32
    assert sc.quat_slerp_wxyz(a.astype(np.float64), b.astype(np.float64), 0.25).dtype \
        == np.float64
    # a tuple of lists for a body field, float32 elsewhere
    bd = sc.Body((0.5, 0.0, 1.0), rand_quat(dtype=np.float32), [0.0, 0.1, 0.0])
    assert sc.twist_convert("newton", rand(6, dtype=np.float32), "mujoco_free", bd).dtype \
        == np.float32


@pytest.mark.parametrize("bad", [
    np.array([1, 0, 0, 0], dtype=np.complex128),
    np.array([1, 0, 0, 0], dtype=object),
    np.array(["1", "0", "0", "0"]),
    np.array([b"1", b"0", b"0", b"0"]),
    [1j, 0, 0, 0],
    ["1", "0", "0", "0"],
], ids=["complex", "object", "str", "bytes", "complex-list", "str-list"])
def test_non_real_arrays_are_refused(bad):
    with pytest.raises(sc.Error) as info:
        sc.quat_xyzw_from_wxyz(bad)
    e = info.value
    assert e.argument == "q_wxyz" and "q_wxyz" in str(e)
    assert e.function == "quat_xyzw_from_wxyz"
    # in a body field too
    with pytest.raises(sc.Error) as info:
        sc.twist_convert("newton", rand(6), "mujoco_free", sc.Body(rand(3), bad))
    assert info.value.argument == "body.quat_wxyz"


def test_not_an_array_is_refused():
    for bad in ([[1, 0, 0, 0], [1, 0]], None, {"w": 1}):
        with pytest.raises(sc.Error) as info:
            sc.quat_xyzw_from_wxyz(bad)
        assert info.value.argument == "q_wxyz"


# ================================================================ shapes
def test_wrong_trailing_size_names_the_argument():
    with pytest.raises(sc.Error) as info:
        sc.quat_xyzw_from_wxyz(np.zeros(5))
    assert info.value.argument == "q_wxyz" and "q_wxyz" in str(info.value)
    assert "(5,)" in str(info.value)
    with pytest.raises(sc.Error) as info:
        sc.twist_from_mujoco_qvel(rand(2, 6), rand_quat(2), rand(2, 4))
    assert info.value.argument == "ipos" and "ipos" in str(info.value)
    with pytest.raises(sc.Error) as info:
        sc.quat_wxyz_from_mat(np.eye(4))
    assert info.value.argument == "R"
    with pytest.raises(sc.Error) as info:
        sc.twist_convert("newton", rand(6), "mujoco_free", sc.Body(rand(4), rand_quat()))
    assert info.value.argument == "body.pos"
    # a scalar where a vector is needed
    with pytest.raises(sc.Error) as info:
        sc.quat_rotate_wxyz(rand_quat(), 1.0)
    assert info.value.argument == "v"


def test_3x3_accepted_for_9_real_inputs():
    q = rand_quat(5)
    R = sc.mat_from_quat_wxyz(q)
    assert R.shape == (5, 3, 3)
    np.testing.assert_array_equal(sc.quat_wxyz_from_mat(R), sc.quat_wxyz_from_mat(R.reshape(5, 9)))
    np.testing.assert_array_equal(sc.quat_wxyz_from_mat(R[2]), sc.quat_wxyz_from_mat(R[2].ravel()))
    x = rand(5, 6)
    np.testing.assert_array_equal(sc.spatial_rotate(R, x), sc.spatial_rotate(R.reshape(5, 9), x))


def test_matrix_outputs_are_row_major_3x3_and_6x6():
    q, v = rand_quat(2, 5), rand(2, 5, 3)
    R = sc.mat_from_quat_wxyz(q)
    assert R.shape == (2, 5, 3, 3)
    np.testing.assert_allclose(np.einsum("...ij,...j->...i", R, v), sc.quat_rotate_wxyz(q, v),
                               rtol=0, atol=1e-14)
    b, t = body(4), rand(4, 6)
    M = sc.twist_convert_matrix("mujoco_free", "newton", b)
    assert M.shape == (4, 6, 6)
    np.testing.assert_allclose(np.einsum("...ij,...j->...i", M, t),
                               sc.twist_convert("mujoco_free", t, "newton", b), rtol=0, atol=1e-13)
    assert sc.sap_twist_matrix(rand(3)).shape == (6, 6)
    assert sc.mat_from_euler(rand(3), sc.EULER_XYZ, sc.EULER_INTRINSIC).shape == (3, 3)


def test_one_ipos_for_a_batch_of_qvel():
    qvel, q, ipos = rand(8, 6), rand_quat(8), rand(3)
    r = sc.twist_from_mujoco_qvel(qvel, q, ipos)
    assert r.shape == (8, 6)
    for i in range(8):
        np.testing.assert_array_equal(r[i], sc.twist_from_mujoco_qvel(qvel[i], q[i], ipos))
    # and one quaternion for them all
    r = sc.twist_from_mujoco_qvel(qvel, q[0], ipos)
    for i in range(8):
        np.testing.assert_array_equal(r[i], sc.twist_from_mujoco_qvel(qvel[i], q[0], ipos))


def test_batch_dimensions_broadcast():
    qvel, q, ipos = rand(5, 1, 6), rand_quat(1, 7), rand(3)
    r = sc.twist_from_mujoco_qvel(qvel, q, ipos)
    assert r.shape == (5, 7, 6)
    for i in range(5):
        for j in range(7):
            np.testing.assert_array_equal(r[i, j], sc.twist_from_mujoco_qvel(qvel[i, 0], q[0, j],
                                                                             ipos))
    # more dimensions in one input than in another, and body fields of different batches
    t = rand(2, 3, 6)
    b = sc.Body(rand(3, 3), rand_quat(2, 1), rand(3))
    r = sc.twist_convert("pinocchio_world", t, "newton", b)
    assert r.shape == (2, 3, 6)
    for i in range(2):
        for j in range(3):
            bij = sc.Body(b.pos[j], b.quat_wxyz[i, 0], b.com)
            np.testing.assert_array_equal(r[i, j], sc.twist_convert("pinocchio_world", t[i, j],
                                                                    "newton", bij))
    # a single element with extra unit dimensions widens the batch, as in NumPy
    assert sc.twist_from_mujoco_qvel(rand(5, 6), rand_quat(), rand(1, 1, 3)).shape == (1, 5, 6)


def test_non_broadcastable_batches_raise():
    with pytest.raises(sc.Error) as info:
        sc.twist_from_mujoco_qvel(rand(5, 6), rand_quat(4), rand(3))
    e = info.value
    assert isinstance(e, ValueError)
    assert e.function == "twist_from_mujoco_qvel" and "broadcast" in str(e)
    assert "qvel" in str(e) and "q_wxyz" in str(e)
    with pytest.raises(sc.Error):
        sc.twist_convert("newton", rand(3, 6), "mujoco_free", body(2))
    with pytest.raises(sc.Error):
        sc.quat_slerp_wxyz(rand_quat(3), rand_quat(3), np.zeros(4))


@pytest.mark.parametrize("batch", [(0,), (3, 0), (0, 2)])
def test_empty_batches(batch):
    q = np.zeros(batch + (4,))
    r = sc.quat_xyzw_from_wxyz(q)
    assert r.shape == batch + (4,) and r.dtype == np.float64
    assert sc.quat_xyzw_from_wxyz(q.astype(np.float32)).dtype == np.float32
    assert sc.mat_from_quat_wxyz(q).shape == batch + (3, 3)
    assert sc.power(np.zeros(batch + (6,)), rand(6)).shape == batch
    assert sc.quat_normalize_wxyz(q).shape == batch + (4,)  # no element, no error
    b = sc.Body(np.zeros(batch + (3,)), np.zeros(batch + (4,)))
    assert sc.twist_convert("newton", rand(6), "mujoco_free", b).shape == batch + (6,)
    axis, angle = sc.axis_angle_from_quat_wxyz(q)
    assert axis.shape == batch + (3,) and angle.shape == batch
    pose, twist = sc.state_convert("newton", np.zeros(batch + (7,)), rand(6), "drake", rand(3))
    assert pose.shape == batch + (7,) and twist.shape == batch + (6,)


def test_per_element_scalars():
    n = 6
    a, b, t = rand_quat(n), rand_quat(n), np.linspace(0, 1, n)
    r = sc.quat_slerp_wxyz(a, b, t)
    assert r.shape == (n, 4)
    for i in range(n):
        np.testing.assert_array_equal(r[i], sc.quat_slerp_wxyz(a[i], b[i], t[i]))
    # a scalar array of the batch shape with single quaternions
    r = sc.quat_slerp_wxyz(a[0], b[0], t)
    assert r.shape == (n, 4)
    np.testing.assert_array_equal(r[3], sc.quat_slerp_wxyz(a[0], b[0], t[3]))
    # scalars broadcast against each other and against arrays
    axis, angle = rand(3), np.linspace(-3, 3, n)
    r = sc.quat_wxyz_from_axis_angle(axis, angle)
    assert r.shape == (n, 4)
    np.testing.assert_array_equal(r[4], sc.quat_wxyz_from_axis_angle(axis, angle[4]))
    r = sc.quat_wxyz_from_isaaclab_euler_xyz(np.zeros(4), 0.1, np.zeros((2, 1)))
    assert r.shape == (2, 4, 4)
    # a function of scalars only, and a real result
    np.testing.assert_allclose(sc.rad_from_deg(np.array([[180.0, 90.0]])), [[np.pi, np.pi / 2]])
    assert np.ndim(sc.rad_from_deg(180.0)) == 0
    assert sc.power(rand(n, 6), rand(6)).shape == (n,)


BATCH_CASES = {
    "quat_xyzw_from_wxyz": (lambda x: sc.quat_xyzw_from_wxyz(x[0][:, :4]), [7]),
    "twist_from_mujoco_qvel": (lambda x: sc.twist_from_mujoco_qvel(x[0], x[1][:, 3:7], x[2]),
                               [6, 7, 3]),
    "wrench_shift": (lambda x: sc.wrench_shift(x[0], x[1]), [6, 3]),
    "public_twist_from_sap": (lambda x: sc.public_twist_from_sap(x[0], x[1]), [6, 3]),
    "twist_convert": (lambda x: sc.twist_convert("drake", x[0], "isaaclab",
                                                 sc.Body(x[1], x[2], x[3], x[4])),
                      [6, 3, 4, 3, 4]),
    "wrench_convert": (lambda x: sc.wrench_convert("mujoco_free", x[0], "dart_body",
                                                   sc.Body(x[1], x[2], x[3], x[4])),
                       [6, 3, 4, 3, 4]),
    "state_convert": (lambda x: sc.state_convert("isaaclab3", x[0], x[1], "drake", x[2], x[3]),
                      [7, 6, 3, 4]),
}


@pytest.mark.parametrize("name", list(BATCH_CASES))
def test_a_batch_gives_the_results_of_element_calls(name):
    """600 elements (more than one chunk of the C batch forms) give what 600
    single-element calls give."""
    f, sizes = BATCH_CASES[name]
    n = 600
    xs = [rand(n, k, lim=3) for k in sizes]
    batch = f(xs)
    singles = [f([x[i:i + 1] for x in xs]) for i in range(n)]
    if isinstance(batch, tuple):
        for k, part in enumerate(batch):
            np.testing.assert_array_equal(part, np.concatenate([s[k] for s in singles]))
    else:
        np.testing.assert_array_equal(batch, np.concatenate(singles))


# ================================================================ layouts
def _variants(a):
    """Non-contiguous arrays equal to a (a 2-d array of shape (n, k))."""
    n, k = a.shape
    big = np.zeros((2 * n, k + 3))
    big[::2, 1:k + 1] = a
    rev = np.array(a[::-1], order="C")[::-1]
    wide = np.zeros((n, k, 2))
    wide[..., 0] = a
    out = {
        "rows-of-wider": big[::2, 1:k + 1],
        "reversed": rev,
        "fortran": np.array(a, order="F"),
        "transposed": np.array(a.T, order="C").T,
        "columns-reversed": np.array(a[:, ::-1], order="C")[:, ::-1],
        "inner-strided": wide[..., 0],
        "stepped": np.repeat(a, 2, axis=0)[::2],
    }
    for name, v in out.items():
        np.testing.assert_array_equal(v, a)
        assert not np.shares_memory(v, a)
        if k > 1:
            assert not v.flags.c_contiguous, name
    return out


LAYOUT_CASES = {
    "quat_xyzw_from_wxyz": (lambda x: sc.quat_xyzw_from_wxyz(x[0]), [4]),
    "mat_from_quat_wxyz": (lambda x: sc.mat_from_quat_wxyz(x[0]), [4]),
    "quat_normalize_wxyz": (lambda x: sc.quat_normalize_wxyz(x[0] + 2), [4]),
    "twist_from_mujoco_qvel": (lambda x: sc.twist_from_mujoco_qvel(*x), [6, 4, 3]),
    "mujoco_qfrc_from_wrench": (lambda x: sc.mujoco_qfrc_from_wrench(*x), [6, 4, 3]),
    "twist_shift": (lambda x: sc.twist_shift(*x), [6, 3]),
    "sap_twist_from_public": (lambda x: sc.sap_twist_from_public(*x), [6, 3]),
    "quat_slerp_wxyz": (lambda x: sc.quat_slerp_wxyz(x[0], x[1], x[2][:, 0]), [4, 4, 1]),
    "twist_convert": (lambda x: sc.twist_convert("dart_body", x[0], "newton",
                                                 sc.Body(x[1], x[2], x[3], x[4])),
                      [6, 3, 4, 3, 4]),
    "state_convert": (lambda x: sc.state_convert("mujoco_xfrc", x[0], x[1], "physx", x[2], x[3]),
                      [7, 6, 3, 4]),
}


@pytest.mark.parametrize("name", list(LAYOUT_CASES))
def test_strided_inputs_give_the_values_of_contiguous_copies(name):
    f, sizes = LAYOUT_CASES[name]
    n = 9
    base = [rand(n, k, lim=2) for k in sizes]
    expected = f(base)
    for i in range(len(sizes)):
        for layout, v in _variants(base[i]).items():
            before = v.copy()
            args = list(base)
            args[i] = v
            r = f(args)
            for got, want in zip(r if isinstance(r, tuple) else (r,),
                                 expected if isinstance(expected, tuple) else (expected,)):
                np.testing.assert_array_equal(got, want, err_msg=f"{name}: input {i} {layout}")
            np.testing.assert_array_equal(v, before, err_msg="an input was modified")


def test_qpos_quaternion_view():
    """The free joint quaternion straight from qpos rows: qpos[:, 3:7]."""
    n = 11
    qpos, qvel, ipos = rand(n, 7), rand(n, 6), rand(3)
    keep = qpos.copy(), qvel.copy(), ipos.copy()
    for f in (sc.twist_from_mujoco_qvel, sc.mujoco_qvel_from_twist, sc.mujoco_qfrc_from_wrench,
              sc.wrench_from_mujoco_qfrc):
        np.testing.assert_array_equal(f(qvel, qpos[:, 3:7], ipos),
                                      f(qvel, np.ascontiguousarray(qpos[:, 3:7]), ipos))
    np.testing.assert_array_equal(sc.quat_xyzw_from_wxyz(qpos[:, 3:7]),
                                  qpos[:, [4, 5, 6, 3]])
    for a, b in zip((qpos, qvel, ipos), keep):
        np.testing.assert_array_equal(a, b)


def test_non_contiguous_batch_axes():
    """Batch axes that do not collapse into one stride (a slice of a 3-d
    array) and a transposed batch."""
    big = rand(6, 10, 4)
    views = {"every-other": big[::2, 1::3], "transposed-batch": big.transpose(1, 0, 2),
             "reversed-both": big[::-1, ::-2]}
    v = rand(3)
    for name, q in views.items():
        before = q.copy()
        np.testing.assert_array_equal(sc.quat_rotate_wxyz(q, v),
                                      sc.quat_rotate_wxyz(np.ascontiguousarray(q), v),
                                      err_msg=name)
        np.testing.assert_array_equal(sc.mat_from_quat_wxyz(q),
                                      sc.mat_from_quat_wxyz(np.ascontiguousarray(q)), err_msg=name)
        np.testing.assert_array_equal(q, before)


def test_inputs_never_modified_and_read_only_inputs_work():
    q, v = rand_quat(300), rand(300, 3)
    for a in (q, v):
        a.setflags(write=False)
    before = q.copy(), v.copy()
    sc.quat_rotate_wxyz(q, v)
    sc.quat_xyzw_from_wxyz(q)
    sc.quat_normalize_wxyz(q)
    sc.quat_canonical_wxyz(q)
    np.testing.assert_array_equal(q, before[0])
    np.testing.assert_array_equal(v, before[1])


ALIAS_CASES = [
    (sc.quat_xyzw_from_wxyz, lambda n: [rand_quat(n)]),
    (sc.quat_normalize_wxyz, lambda n: [rand_quat(n)]),
    (sc.quat_conj_wxyz, lambda n: [rand_quat(n)]),
    (sc.quat_canonical_wxyz, lambda n: [rand_quat(n)]),
    (sc.quat_rotate_wxyz, lambda n: [rand_quat(n), rand(n, 3)]),
    (sc.twist_shift, lambda n: [rand(n, 6), rand(n, 3)]),
    (sc.spatial_swap, lambda n: [rand(n, 6)]),
    (sc.sap_wrench_from_public, lambda n: [rand(n, 6), rand(n, 3)]),
    (sc.twist_from_mujoco_qvel, lambda n: [rand(n, 6), rand_quat(n), rand(n, 3)]),
    (sc.rad_from_deg3, lambda n: [rand(n, 3)]),
    (sc.rad_from_deg, lambda n: [rand(n)]),
]


@pytest.mark.parametrize("n", [None, 1, 7, 600], ids=["single", "1", "7", "600"])
@pytest.mark.parametrize("f,make", ALIAS_CASES, ids=[f.__name__ for f, _ in ALIAS_CASES])
def test_results_are_fresh_writable_arrays(f, make, n):
    args = [a[0] for a in make(1)] if n is None else make(n)
    before = [a.copy() for a in args]
    r1 = f(*args)
    r2 = f(*args)
    assert isinstance(r1, np.ndarray) or np.ndim(r1) == 0
    if isinstance(r1, np.ndarray):
        assert r1.flags.writeable
        assert r1 is not r2 and not np.shares_memory(r1, r2)
        for a in args:
            assert not np.shares_memory(r1, a), "a result shares memory with an input"
        r1[...] = 12345.0  # writing a result touches nothing else
        assert np.all(r1 == 12345.0)
    for a, b in zip(args, before):
        np.testing.assert_array_equal(a, b)
    if isinstance(r2, np.ndarray):
        np.testing.assert_array_equal(f(*args), r2)


def test_tuple_and_body_results_are_fresh():
    q = rand_quat(4)
    axis, angle = sc.axis_angle_from_quat_wxyz(q)
    assert axis.flags.writeable and angle.flags.writeable and not np.shares_memory(axis, angle)
    pose, com = rand(4, 7), rand(4, 3)
    b = sc.body_from_pose(pose, "newton", com)
    assert isinstance(b, sc.Body)
    for field, size in zip(b, (3, 4, 3, 4)):
        assert isinstance(field, np.ndarray) and field.shape == (4, size)
        assert field.flags.writeable
        assert not np.shares_memory(field, pose) and not np.shares_memory(field, com)
    np.testing.assert_allclose(b.com, com, rtol=0, atol=0)


# ================================================================ errors
def test_error_of_a_single_element():
    with pytest.raises(sc.Error) as info:
        sc.quat_normalize_wxyz(np.zeros(4))
    e = info.value
    assert isinstance(e, ValueError)
    assert e.status == sc.EDEGENERATE
    assert e.function == "quat_normalize_wxyz"
    assert e.argument == "q_wxyz"
    assert e.index is None
    assert "SPCONV_EDEGENERATE" in str(e)
    with pytest.raises(sc.Error) as info:
        sc.quat_wxyz_from_mat(np.ones((3, 3)))
    assert info.value.status == sc.EINVAL and "SPCONV_EINVAL" in str(info.value)


def test_error_index_is_the_first_failing_element_of_the_batch():
    q = rand_quat(2, 3)
    q[1, 2] = 0
    q[1, 0] = 0
    q[0, 2] = 0
    # element order is the batch's C order, whatever the memory order: in a
    # Fortran-ordered batch, (1, 0) comes before (0, 2) in memory
    for layout in (q, np.asfortranarray(q.transpose(2, 0, 1)).transpose(1, 2, 0),
                   np.ascontiguousarray(q[::-1])[::-1]):
        np.testing.assert_array_equal(layout, q)
        with pytest.raises(sc.Error) as info:
            sc.quat_normalize_wxyz(layout)
        e = info.value
        assert e.status == sc.EDEGENERATE
        assert e.index == (0, 2) and isinstance(e.index, tuple)
        assert all(type(i) is int for i in e.index)
        assert "(0, 2)" in str(e)
    # in the broadcast batch shape
    a = rand_quat(1, 3)
    a[0, 1] = 0
    with pytest.raises(sc.Error) as info:
        sc.quat_normalize_wxyz(np.broadcast_to(a, (2, 3, 4)))
    assert info.value.index == (0, 1)
    # EINVAL from a batch of matrices
    R = np.broadcast_to(np.eye(3), (5, 3, 3)).copy()
    R[3, 0, 0] = 2.0
    with pytest.raises(sc.Error) as info:
        sc.quat_wxyz_from_mat(R)
    assert info.value.status == sc.EINVAL and info.value.index == (3,)


def test_unknown_preset_name_and_wrong_convention_types():
    t, b = rand(6), body()
    with pytest.raises(sc.Error) as info:
        sc.twist_convert("no_such_engine", t, "newton", b)
    assert info.value.argument == "to" and "no_such_engine" in str(info.value)
    with pytest.raises(sc.Error) as info:
        sc.twist_convert("newton", t, "", b)
    assert info.value.argument == "from_"
    for bad in (3.5, [0xA00, 0xB00, 0xC00, 0xC00, 0xD00, 0xE00], object(), None,
                tuple(NEWTON_CONVENTION)[:5],
                sc.PoseConvention(sc.POSE_LAYOUT_POS_QUAT, sc.ROT_QUAT_WXYZ, sc.POINT_ORIGIN,
                                  sc.POSE_FRAME_BODY)):
        with pytest.raises(sc.Error) as info:
            sc.twist_convert(bad, t, "newton", b)
        assert info.value.argument == "to"
    with pytest.raises(sc.Error):
        sc.state_convert(NEWTON_CONVENTION, rand(7), t, "newton", rand(3))
    # a convention with a value of another enum in a field
    bad = NEWTON_CONVENTION._replace(point=sc.FRAME_WORLD)
    with pytest.raises(sc.Error):
        sc.twist_convert(bad, t, "newton", b)
    with pytest.raises(sc.Error):
        sc.twist_convert(int(sc.PRESET_END), t, "newton", b)
    with pytest.raises(sc.Error) as info:
        sc.twist_convert("newton", t, "mujoco_free", (rand(3), rand_quat()))
    assert info.value.argument == "body"


def test_preset_spellings_are_equivalent():
    t, b = rand(4, 6), body(4)
    want = sc.twist_convert(NEWTON_CONVENTION, t, sc.PRESET_MUJOCO_FREE, b)
    for to in ("newton", sc.PRESET_NEWTON, sc.PresetId.NEWTON, int(sc.PRESET_NEWTON),
               np.int32(sc.PRESET_NEWTON), NEWTON_CONVENTION, tuple(NEWTON_CONVENTION)):
        for from_ in ("mujoco_free", sc.PresetId.MUJOCO_FREE, int(sc.PRESET_MUJOCO_FREE)):
            np.testing.assert_array_equal(sc.twist_convert(to, t, from_, b), want)
    # keywords with the C names (from -> from_)
    np.testing.assert_array_equal(
        sc.twist_convert(to="newton", twist=t, from_="mujoco_free", body=b), want)


def test_invalid_enum_values_raise():
    a = rand(3)
    for bad in (12345, -1, sc.EULER_EXTRINSIC, "xyq", "intrinsic", 3.0, None):
        with pytest.raises(sc.Error) as info:
            sc.quat_wxyz_from_euler(a, bad, sc.EULER_EXTRINSIC)
        assert info.value.argument == "seq"
    with pytest.raises(sc.Error) as info:
        sc.quat_wxyz_from_euler(a, sc.EULER_XYZ, sc.EULER_XYZ)
    assert info.value.argument == "kind"
    # plain ints of valid values are accepted
    np.testing.assert_array_equal(sc.quat_wxyz_from_euler(a, int(sc.EULER_ZYX), int(sc.EULER_INTRINSIC)),
                                  sc.quat_wxyz_from_euler(a, sc.EulerSeq.ZYX, sc.EulerKind.INTRINSIC))


def test_non_finite_input_raises_naming_argument_and_index():
    qvel, q, ipos = rand(3, 6), rand_quat(3), rand(3)
    q[2, 1] = np.nan
    with pytest.raises(sc.Error) as info:
        sc.twist_from_mujoco_qvel(qvel, q, ipos)
    e = info.value
    assert e.argument == "q_wxyz" and e.index == (2,)
    assert "q_wxyz" in str(e) and "(2,)" in str(e)
    qvel[1, 0] = np.inf  # an earlier element fails first
    with pytest.raises(sc.Error) as info:
        sc.twist_from_mujoco_qvel(qvel, q, ipos)
    assert info.value.argument == "qvel" and info.value.index == (1,)
    # a per-element scalar, a body field
    with pytest.raises(sc.Error) as info:
        sc.quat_slerp_wxyz(rand_quat(3), rand_quat(3), np.array([0.0, -np.inf, 1.0]))
    assert info.value.argument == "t" and info.value.index == (1,)
    b = body(2, 2)
    b.com[1, 0, 2] = np.nan
    with pytest.raises(sc.Error) as info:
        sc.twist_convert("newton", rand(6), "mujoco_free", b)
    assert info.value.argument == "body.com" and info.value.index == (1, 0)
    # a single element: no index
    with pytest.raises(sc.Error) as info:
        sc.quat_xyzw_from_wxyz(np.array([np.nan, 0, 0, 1.0]))
    assert info.value.argument == "q_wxyz"


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_non_finite_found_at_every_real_of_a_chunked_batch(dtype):
    """A batch form's inputs are checked a chunk (512 elements) at a time in
    one vectorised pass: NaN, inf and -inf at every real of a batch of two
    chunks are each found, at their element. Rows read through a stride
    (qpos[:, 3:7]) are checked as the span they lie in: a non-finite value
    between them (in qpos[:, :3]) is no input and no error."""
    n = 515
    q = np.tile(np.array([0.5, 0.5, -0.5, 0.5], dtype), (n, 1))
    want = sc.quat_xyzw_from_wxyz(q)
    for flat in range(q.size):
        bad = q.copy()
        bad.flat[flat] = (np.nan, np.inf, -np.inf)[flat % 3]
        with pytest.raises(sc.Error) as info:
            sc.quat_xyzw_from_wxyz(bad)
        assert info.value.argument == "q_wxyz" and info.value.index == (flat // 4,), flat
    qpos = np.zeros((n, 7), dtype)
    qpos[:, 3:7] = q
    qvel, ipos = np.ones((n, 6), dtype), np.full((n, 3), 0.1, dtype)
    want = sc.twist_from_mujoco_qvel(qvel, q, ipos)
    for row in (0, 300, 511, 512, n - 1):
        qpos[row, 1] = np.nan
        np.testing.assert_array_equal(sc.twist_from_mujoco_qvel(qvel, qpos[:, 3:7], ipos), want)
        qpos[row, 5] = np.inf
        with pytest.raises(sc.Error) as info:
            sc.twist_from_mujoco_qvel(qvel, qpos[:, 3:7], ipos)
        assert info.value.argument == "q_wxyz" and info.value.index == (row,)
        qpos[row, 5] = q[row, 2]


def test_check_finite_false_hands_non_finite_input_to_c():
    qvel, q, ipos = rand(3, 6), rand_quat(3), rand(3)
    clean = sc.twist_from_mujoco_qvel(qvel, q, ipos)
    qvel[2, 0] = np.nan
    r = sc.twist_from_mujoco_qvel(qvel, q, ipos, check_finite=False)
    np.testing.assert_array_equal(r[:2], clean[:2])
    assert np.isnan(r[2, 0]) and np.all(np.isfinite(r[2, 3:]))  # the angular part needs no v
    # pure maps pass NaN and inf through
    r = sc.quat_xyzw_from_wxyz(np.array([[1.0, 0, 0, 0], [np.inf, 0, 0, 0]]), check_finite=False)
    np.testing.assert_array_equal(r, [[0, 0, 0, 1.0], [0, 0, 0, np.inf]])
    # a function with a status: C refuses a non-finite quaternion itself
    with pytest.raises(sc.Error) as info:
        sc.quat_normalize_wxyz(np.array([[1.0, 0, 0, 0], [np.nan, 0, 0, 0]]), check_finite=False)
    assert info.value.status == sc.EDEGENERATE and info.value.index == (1,)
    with pytest.raises(sc.Error) as info:
        sc.quat_normalize_wxyz(np.array([[1.0, 0, 0, 0], [np.nan, 0, 0, 0]]))
    assert info.value.status is None and info.value.index == (1,)


def _locked_quats():
    """5 quaternions, 3 of them at gimbal lock for extrinsic xyz (pitch +-90 deg)."""
    angles = np.array([[0.3, np.pi / 2, 0.1], [0.1, 0.2, 0.3], [-0.5, -np.pi / 2, 0.2],
                       [0.0, 0.5, 0.0], [0.7, np.pi / 2, -0.4]])
    return sc.quat_wxyz_from_euler(angles, sc.EULER_XYZ, sc.EULER_EXTRINSIC)


def test_gimbal_lock_warns_once_per_call_with_the_count():
    q = _locked_quats()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        angles = sc.euler_from_quat_wxyz(q, sc.EULER_XYZ, sc.EULER_EXTRINSIC)
    status = [w for w in caught if issubclass(w.category, sc.StatusWarning)]
    assert len(status) == 1, [str(w.message) for w in caught]
    msg = str(status[0].message)
    assert "SPCONV_GIMBAL_LOCK" in msg and "3 of 5" in msg and "(0,)" in msg
    assert issubclass(sc.StatusWarning, UserWarning)
    # the results are valid: the same rotations
    back = sc.quat_wxyz_from_euler(angles, sc.EULER_XYZ, sc.EULER_EXTRINSIC)
    dots = np.abs(np.sum(back * q, axis=-1)) / (np.linalg.norm(back, axis=-1)
                                                 * np.linalg.norm(q, axis=-1))
    np.testing.assert_allclose(dots, 1.0, rtol=0, atol=1e-12)
    # matrices too, and one locked element alone
    with pytest.warns(sc.StatusWarning, match="GIMBAL_LOCK"):
        sc.euler_from_mat(sc.mat_from_quat_wxyz(q), sc.EULER_XYZ, sc.EULER_EXTRINSIC)
    with pytest.warns(sc.StatusWarning):
        sc.euler_from_quat_wxyz(q[0], sc.EULER_XYZ, sc.EULER_EXTRINSIC)
    # no lock, no warning
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        sc.euler_from_quat_wxyz(q[[1, 3]], sc.EULER_XYZ, sc.EULER_EXTRINSIC)


# ================================================================ pickling
PICKLE_PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def test_pickle_conventions_and_enums():
    pose = sc.PoseConvention(sc.POSE_LAYOUT_QUAT_POS, sc.ROT_QUAT_XYZW, sc.POINT_COM,
                             sc.POSE_FRAME_INERTIAL)
    state = sc.StateConvention(pose, NEWTON_CONVENTION)
    members = [sc.EULER_XYZ, sc.EULER_INTRINSIC, sc.PRESET_NEWTON, sc.PresetId.BRAX,
               sc.POINT_COM, sc.AXIS_Z, sc.EulerSeq.ZYZ]
    for proto in PICKLE_PROTOCOLS:
        for obj in (NEWTON_CONVENTION, pose, state):
            back = pickle.loads(pickle.dumps(obj, proto))
            assert type(back) is type(obj) and back == obj
        for m in members:
            assert pickle.loads(pickle.dumps(m, proto)) is m
    # an unpickled convention still works as one
    t, b = rand(6), body()
    conv = pickle.loads(pickle.dumps(NEWTON_CONVENTION))
    np.testing.assert_array_equal(sc.twist_convert(conv, t, "mujoco_free", b),
                                  sc.twist_convert("newton", t, "mujoco_free", b))


def test_pickle_body():
    b = body(2, 3, dtype=np.float32)
    for proto in PICKLE_PROTOCOLS:
        back = pickle.loads(pickle.dumps(b, proto))
        assert type(back) is sc.Body
        for x, y in zip(back, b):
            np.testing.assert_array_equal(x, y)
            assert np.asarray(x).dtype == np.asarray(y).dtype
    d = pickle.loads(pickle.dumps(sc.Body(rand(3), rand_quat())))
    assert d.com == (0.0, 0.0, 0.0) and d.iquat_wxyz == (1.0, 0.0, 0.0, 0.0)


def test_pickle_error():
    with pytest.raises(sc.Error) as info:
        sc.quat_normalize_wxyz(np.zeros((2, 4)))
    for e in (info.value, sc.Error("message", sc.EINVAL, "f", "x", (1, 2))):
        for proto in PICKLE_PROTOCOLS:
            back = pickle.loads(pickle.dumps(e, proto))
            assert type(back) is sc.Error and isinstance(back, ValueError)
            assert back.args == e.args and str(back) == str(e)
            assert (back.status, back.function, back.argument, back.index) == \
                (e.status, e.function, e.argument, e.index)


def test_pickle_functions():
    for f in (sc.quat_xyzw_from_wxyz, sc.twist_convert, sc.twist_convert_n, sc.state_convert,
              sc.power, sc.quat_slerp_wxyz):
        for proto in PICKLE_PROTOCOLS:
            assert pickle.loads(pickle.dumps(f, proto)) is f


# ================================================================ processes, threads
def test_multiprocessing_spawn_pool_map():
    chunks = [rand_quat(50) for _ in range(4)]
    serial = [sc.quat_xyzw_from_wxyz(c) for c in chunks]
    b = body(10)
    jobs = [("newton", rand(10, 6), "mujoco_free", b) for _ in range(3)]
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        parallel = pool.map(sc.quat_xyzw_from_wxyz, chunks)
        converted = pool.starmap(sc.twist_convert, jobs)
        # an error travels back as sc.Error with its attributes
        with pytest.raises(sc.Error) as info:
            pool.map(sc.quat_normalize_wxyz, [np.zeros((3, 4))])
    for p, s in zip(parallel, serial):
        np.testing.assert_array_equal(p, s)
    for c, j in zip(converted, jobs):
        np.testing.assert_array_equal(c, sc.twist_convert(*j))
    assert info.value.status == sc.EDEGENERATE and info.value.index == (0,)


def test_threads_give_the_serial_results():
    n = 20000
    cases = []
    for i, to in enumerate(["newton", "drake", "mujoco_free", "pinocchio_local"] * 3):
        dtype = np.float32 if i % 2 else np.float64
        cases.append((to, rand(n, 6, dtype=dtype), "isaaclab", body(n, dtype=dtype)))
    serial = [sc.twist_convert(*c) for c in cases]
    quats = [rand_quat(n) for _ in range(8)]
    quats += [quats[0]] * 4  # one input shared by several threads
    serial_q = [sc.mat_from_quat_wxyz(q) for q in quats]
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        futures = [pool.submit(sc.twist_convert, *c) for c in cases]
        futures_q = [pool.submit(sc.mat_from_quat_wxyz, q) for q in quats]
        parallel = [f.result() for f in futures]
        parallel_q = [f.result() for f in futures_q]
    for p, s in zip(parallel + parallel_q, serial + serial_q):
        assert p.dtype == s.dtype
        np.testing.assert_array_equal(p, s)


# ================================================================ other array types
def test_torch_cpu_tensors():
    torch = pytest.importorskip("torch")
    q = rand_quat(5)
    v = rand(5, 3)
    tq, tv = torch.from_numpy(q), torch.from_numpy(v)
    r = sc.quat_rotate_wxyz(tq, tv)
    assert isinstance(r, torch.Tensor) and r.dtype == torch.float64
    np.testing.assert_array_equal(r.numpy(), sc.quat_rotate_wxyz(q, v))
    r32 = sc.quat_rotate_wxyz(tq.float(), tv.float())
    assert isinstance(r32, torch.Tensor) and r32.dtype == torch.float32
    np.testing.assert_array_equal(r32.numpy(), sc.quat_rotate_wxyz(q.astype(np.float32),
                                                                   v.astype(np.float32)))
    # tuples of results, bodies of tensors, a non-contiguous view
    axis, angle = sc.axis_angle_from_quat_wxyz(tq)
    assert isinstance(axis, torch.Tensor) and isinstance(angle, torch.Tensor)
    qpos = torch.from_numpy(rand(5, 7))
    b = sc.Body(qpos[:, :3], qpos[:, 3:7], torch.zeros(3, dtype=torch.float64))
    t = sc.twist_convert("newton", torch.from_numpy(v.repeat(2, axis=1)), "mujoco_free", b)
    assert isinstance(t, torch.Tensor)
    nb = sc.Body(qpos[:, :3].numpy(), qpos[:, 3:7].numpy(), np.zeros(3))
    np.testing.assert_array_equal(t.numpy(), sc.twist_convert("newton", v.repeat(2, axis=1),
                                                              "mujoco_free", nb))
    assert not np.shares_memory(t.numpy(), v)


def test_torch_scalar_results_are_tensors():
    """Tensors in, tensors out: a real result of a single element too (a 0-d
    tensor, as torch.dot gives), not a NumPy scalar."""
    torch = pytest.importorskip("torch")
    w, t = torch.from_numpy(rand(6)), torch.from_numpy(rand(6))
    p = sc.power(w, t)
    assert isinstance(p, torch.Tensor) and p.dtype == torch.float64 and p.ndim == 0
    assert float(p) == float(sc.power(w.numpy(), t.numpy()))
    axis, angle = sc.axis_angle_from_quat_wxyz(torch.tensor([0.5, 0.5, 0.5, 0.5]))
    assert isinstance(axis, torch.Tensor) and isinstance(angle, torch.Tensor)
    assert angle.dtype == torch.float32


class OnlyArray:
    """An object with nothing but __array__."""

    def __init__(self, a):
        self._a = np.asarray(a)

    def __array__(self, dtype=None, copy=None):
        return self._a if dtype is None else self._a.astype(dtype)


def test_objects_with_only___array__():
    q, v = rand_quat(4), rand(4, 3)
    want = sc.quat_rotate_wxyz(q, v)
    np.testing.assert_array_equal(sc.quat_rotate_wxyz(OnlyArray(q), OnlyArray(v)), want)
    r = sc.quat_rotate_wxyz(OnlyArray(q.astype(np.float32)), OnlyArray(v.astype(np.float32)))
    assert r.dtype == np.float32
    b = sc.Body(OnlyArray(rand(3)), OnlyArray(rand_quat()))
    np.testing.assert_array_equal(sc.twist_convert("newton", OnlyArray(v[0].repeat(2)), "drake", b),
                                  sc.twist_convert("newton", v[0].repeat(2), "drake",
                                                   sc.Body(*(np.asarray(f) for f in b))))


def test_memoryview_and_array_array():
    q, v = rand_quat(), rand(3)
    want = sc.quat_rotate_wxyz(q, v)
    np.testing.assert_array_equal(sc.quat_rotate_wxyz(memoryview(q), memoryview(v)), want)
    np.testing.assert_array_equal(
        sc.quat_rotate_wxyz(array.array("d", q), array.array("d", v)), want)
    r = sc.quat_rotate_wxyz(array.array("f", q), array.array("f", v))
    assert r.dtype == np.float32
    np.testing.assert_array_equal(r, sc.quat_rotate_wxyz(q.astype(np.float32),
                                                         v.astype(np.float32)))
    r = sc.quat_rotate_wxyz(memoryview(q.astype(np.float32)), memoryview(v.astype(np.float32)))
    assert r.dtype == np.float32
    # a batch through a 2-d memoryview
    Q = rand_quat(3)
    np.testing.assert_array_equal(sc.quat_xyzw_from_wxyz(memoryview(Q)), sc.quat_xyzw_from_wxyz(Q))
    # array.array of ints: float64
    assert sc.quat_xyzw_from_wxyz(array.array("i", [1, 0, 0, 0])).dtype == np.float64


# ---------------------------------------------------------------- out= and dtype=
def test_out_is_written_and_returned():
    q = rand(10, 4)
    out = np.empty((10, 4))
    r = sc.quat_xyzw_from_wxyz(q, out=out)
    assert r is out
    np.testing.assert_array_equal(out, sc.quat_xyzw_from_wxyz(q))


def test_out_tuple_into_the_columns_of_an_engine_buffer():
    """state_convert writing pose and twist straight into an (n, 13) root
    state buffer (Isaac Lab's root_state_w layout): strided views."""
    n = 7
    qpos, qvel, ipos = rand(n, 7), rand(n, 6), rand(n, 3)
    state = np.full((n, 13), np.nan)
    pose, twist = sc.state_convert("isaaclab3", qpos, qvel, "mujoco_free", ipos,
                                   out=(state[:, :7], state[:, 7:]))
    want = sc.state_convert("isaaclab3", qpos, qvel, "mujoco_free", ipos)
    np.testing.assert_array_equal(state[:, :7], want[0])
    np.testing.assert_array_equal(state[:, 7:], want[1])
    assert np.shares_memory(pose, state) and np.shares_memory(twist, state)


@pytest.mark.parametrize("bad, match", [
    (np.empty((10, 4), np.int64), "int64 array of shape"),
    (np.empty((10, 3)), "shape"),
    (np.empty((4, 10)).T, "contiguous"),
    ([[0.0] * 4] * 10, "list"),
])
def test_out_refused(bad, match):
    with pytest.raises(sc.Error, match=match) as e:
        sc.quat_xyzw_from_wxyz(rand(10, 4), out=bad)
    assert e.value.argument == "out"


def test_out_read_only_is_refused():
    out = np.empty((10, 4))
    out.setflags(write=False)
    with pytest.raises(sc.Error, match="read-only"):
        sc.quat_xyzw_from_wxyz(rand(10, 4), out=out)


def test_out_overlapping_an_input_is_refused_unless_it_is_the_input():
    q = rand(10, 4)
    with pytest.raises(sc.Error, match="overlaps the input q_wxyz"):
        sc.quat_xyzw_from_wxyz(q, out=q[::-1])
    want = sc.quat_xyzw_from_wxyz(q)
    assert sc.quat_xyzw_from_wxyz(q, out=q) is q  # in place, as C allows
    np.testing.assert_array_equal(q, want)


def test_in_place_checks_before_writing():
    q = rand(600, 4)
    q[300, 2] = np.nan
    before = q.copy()
    with pytest.raises(sc.Error, match=r"not finite at index \(300,\)"):
        sc.quat_xyzw_from_wxyz(q, out=q)
    np.testing.assert_array_equal(q, before)  # nothing written


def test_out_of_the_other_precision_is_cast():
    """MuJoCo's float64 state into an Isaac Lab float32 buffer."""
    n = 5
    qpos, qvel, ipos = rand(n, 7), rand(n, 6), rand(n, 3)
    buf = np.zeros((n, 13), np.float32)
    sc.state_convert("isaaclab3", qpos, qvel, "mujoco_free", ipos, out=(buf[:, :7], buf[:, 7:]))
    pose, twist = sc.state_convert("isaaclab3", qpos, qvel, "mujoco_free", ipos)
    np.testing.assert_array_equal(buf, np.concatenate([pose, twist], axis=1).astype(np.float32))


def test_out_tensor():
    torch = pytest.importorskip("torch")
    q = torch.from_numpy(rand(6, 4))
    out = torch.empty(6, 4, dtype=torch.float64)
    assert sc.quat_xyzw_from_wxyz(q, out=out) is out
    assert torch.equal(out, q[:, [1, 2, 3, 0]])


def test_out_needs_one_array_per_result():
    with pytest.raises(sc.Error, match="tuple of 2 arrays"):
        sc.state_convert("newton", rand(7), rand(6), "mujoco_free", rand(3), out=np.empty(7))


def test_dtype_for_functions_without_array_inputs():
    m32 = sc.up_axis_matrix(sc.AXIS_Y, sc.AXIS_Z, dtype=np.float32)
    m64 = sc.up_axis_matrix(sc.AXIS_Y, sc.AXIS_Z)
    assert m32.dtype == np.float32 and m64.dtype == np.float64
    np.testing.assert_array_equal(m32, m64.astype(np.float32))
    with pytest.raises(sc.Error, match="dtype="):
        sc.up_axis_matrix(sc.AXIS_Y, sc.AXIS_Z, dtype=np.int32)
    with pytest.raises(TypeError):
        sc.quat_xyzw_from_wxyz(rand(4), dtype=np.float32)  # the arrays give the precision
