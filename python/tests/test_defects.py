"""The mirror's contract where it was broken: NULL only where a function's
contract allows it, every bad input an Error naming the function and the
argument, check_finite honoured everywhere, out= that cannot hold the
results refused, broadcast inputs read without a copy, one place that
builds the errors, and 4x4 results shaped as matrices."""
import inspect
import pathlib
import re
import tracemalloc

import numpy as np
import pytest

import spatial_conv as sc
from spatial_conv import _api, _header

PACKAGE = pathlib.Path(sc.__file__).parent
NAN = float("nan")


# ------------------------------------------------------------------ NULL from the contract
def _nullable():
    """(function name, parameter) of every parameter the header's contracts
    let be NULL."""
    return {(f.name, p.name) for f in _api.HEADER.functions.values() for p in f.params if p.nullable}


def _py_name(name):
    return "from_" if name == "from" else name


def _optional_in_python():
    """(function, parameter) of every public function's parameter with a
    default of None."""
    found = set()
    for name in sc.__all__:
        f = getattr(sc, name)
        if not callable(f) or isinstance(f, type) or name not in _api.HEADER.functions:
            continue
        for p in inspect.signature(f).parameters.values():
            if p.default is None and p.kind is not p.KEYWORD_ONLY:
                found.add((name, p.name))
    return found


def test_contract_states_nullable_in_a_parseable_form():
    fn = _header.Function("f", "void", (_header.Param("spconv_real", "a", True, False, 4),
                                        _header.Param("spconv_real", "b", True, False, 3)), "", False, "")
    params = _header._nullable("f", fn.params, "does f; a, b NULL: identity")
    assert [p.nullable for p in params] == [True, True]
    params = _header._nullable("f", fn.params, "does f; b NULL: zero, and NULL if unknown")
    assert [p.nullable for p in params] == [False, True]
    with pytest.raises(ValueError, match="not its parameters"):
        _header._nullable("f", fn.params, "does f; c NULL: identity")


def test_optional_in_python_exactly_where_the_contract_allows_null():
    nullable = _nullable()
    assert ("state_convert", "iquat_wxyz") in nullable
    assert ("inertia_from_principal", "iquat_wxyz") not in nullable
    python = {(f, _py_name(p)) for f, p in nullable}
    for name, param in _optional_in_python():
        assert (name, param) in python, f"{name}({param}=None) is not nullable in the header"
    for name, param in python:  # every nullable input of a public function takes None
        f = getattr(sc, name, None)
        if f is None or param not in inspect.signature(f).parameters:
            continue  # an output (rot_index) or a batch form's own name
        impl = getattr(f, "_impl", None)
        if impl is not None:
            assert any(a.py_name == param and a.nullable for a in impl.inputs), (name, param)


def test_inertia_from_principal_needs_its_iquat():
    with pytest.raises(TypeError, match="iquat_wxyz"):
        sc.inertia_from_principal([1.0, 2.0, 3.0])
    with pytest.raises(sc.Error) as e:
        sc.inertia_from_principal([1.0, 2.0, 3.0], None)
    assert (e.value.function, e.value.argument) == ("inertia_from_principal", "iquat_wxyz")
    I = sc.inertia_from_principal([1.0, 2.0, 3.0], [1.0, 0.0, 0.0, 0.0])
    np.testing.assert_array_equal(I, np.diag([1.0, 2.0, 3.0]))


def _body():
    return sc.Body([0.1, 0.2, 0.3], [0.9, 0.1, -0.2, 0.3], [0.01, 0.02, -0.03], [0.8, 0.0, 0.6, 0.0])


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_c_accepts_null_where_the_contract_says_so(dtype):
    pose = np.array([0.1, 0.2, 0.3, 0.9, 0.1, -0.2, 0.3], dtype)
    twist = np.array([0.5, -0.1, 0.2, 0.3, 0.2, -0.4], dtype)
    com = np.array([0.01, 0.02, -0.03], dtype)
    identity = np.array([1.0, 0.0, 0.0, 0.0], dtype)
    for a, b in [(sc.state_convert("isaaclab3", pose, twist, "mujoco_free", com),
                  sc.state_convert("isaaclab3", pose, twist, "mujoco_free", com, identity)),
                 (sc.pose_convert("isaaclab3", pose, "mujoco_free", com),
                  sc.pose_convert("isaaclab3", pose, "mujoco_free", com, identity)),
                 (sc.twist_convert_n("newton", twist, "mujoco_free", pose, "mujoco_free", com),
                  sc.twist_convert_n("newton", twist, "mujoco_free", pose, "mujoco_free", com, identity))]:
        for x, y in zip(a if isinstance(a, tuple) else (a,), b if isinstance(b, tuple) else (b,)):
            np.testing.assert_array_equal(x, y)
    body, force = _body(), np.array([1.0, 2.0, 3.0], dtype)
    w = sc.wrench_from_force_at_point("newton", force, None, None, sc.FRAME_BODY, body)
    np.testing.assert_allclose(w, sc.wrench_from_force_at_point(
        "newton", force, np.zeros(3, dtype), body.com, sc.FRAME_BODY, body), rtol=1e-6, atol=1e-6)
    f, tau = sc.force_at_point_from_wrench(w, "newton", None, sc.FRAME_BODY, body)
    np.testing.assert_allclose(f, force, rtol=1e-5)
    np.testing.assert_allclose(tau, 0, atol=1e-5)


# ------------------------------------------------------------------ whole-array forms
def _layout():
    """Two revolute joints on two bodies, with the arrays a call needs."""
    L = sc.JointLayout(2, [sc.JOINT_REVOLUTE] * 2, [0, 1, 2], [0, 1, 2], [0, 1], 2)
    body_q = np.array([[0.1, 0.2, 0.3, 0.0, 0.0, 0.0, 1.0], [0.4, -0.5, 0.6, 0.0, 0.0, 0.0, 1.0]])
    body_com = np.array([[0.01, 0.02, 0.03], [-0.04, 0.05, 0.06]])
    return L, body_q, body_com


def _free_layout():
    """One free joint on one body."""
    L = sc.JointLayout(1, [sc.JOINT_FREE], [0, 7], [0, 6], [0], 1)
    body_q = np.array([[0.1, 0.2, 0.3, 0.1, 0.2, 0.3, 0.9]])
    body_com = np.array([[0.01, 0.02, -0.03]])
    return L, body_q, body_com


def test_sap_boundary_in_against_its_element_functions():
    L, body_q, body_com = _free_layout()
    qd = np.array([0.5, -0.1, 0.2, 0.3, 0.2, -0.4])
    f = np.array([1.0, 2.0, -3.0, 0.1, 0.2, 0.3])
    body_f = np.array([[0.3, 0.1, -0.2, 0.5, -0.6, 0.7]])
    pub, sap = sc.SAP_ORDER_PUBLIC, sc.SAP_ORDER_SAP
    got = sc.sap_boundary_in(qd, f, body_f, L, body_q, body_com, pub, pub, pub)
    expect = (sc.sap_joint_qd_from_public(qd, L, body_q, body_com),
              sc.sap_joint_f_from_public(f, L, body_q, body_com),
              sc.sap_body_force_from_public_packed(body_f, body_q, body_com))
    for g, e in zip(got, expect):
        np.testing.assert_array_equal(g, e)
    got = sc.sap_boundary_in(qd, None, body_f, L, body_q, body_com, sap, pub, sap)
    np.testing.assert_array_equal(got[0], qd)
    assert got[1] is None
    np.testing.assert_array_equal(got[2], body_f)
    qd_nan = qd.copy()
    qd_nan[2] = NAN
    with pytest.raises(sc.Error) as e:
        sc.sap_boundary_in(qd_nan, f, body_f, L, body_q, body_com, pub, pub, pub)
    assert (e.value.function, e.value.argument) == ("sap_boundary_in", "joint_qd")
    got = sc.sap_boundary_in(qd_nan, f, body_f, L, body_q, body_com, pub, pub, pub, check_finite=False)
    assert np.isnan(got[0]).any()


def _whole_calls():
    """(function, arguments, name of a real array argument) of each
    hand-written function that takes check_finite, with valid arguments."""
    L, body_q, body_com = _layout()
    Lf, fq, fcom = _free_layout()
    pose = np.array([[0.1, 0.2, 0.3, 0.9, 0.1, -0.2, 0.3]])
    q = np.array([[1.0, 0.0, 0.0, 0.0], [0.9, 0.1, 0.0, 0.0], [0.8, 0.2, 0.0, 0.0]])
    clip = sc.MotionClip(3, 1, root_pos=np.zeros((3, 3)), root_rot=q, root_rot_format=sc.ROT_QUAT_WXYZ,
                         root_linvel=None, root_angvel=None, local_rot=None, local_rot_format=None,
                         offsets=None, root_angvel_body=0)
    pub = sc.SAP_ORDER_PUBLIC
    return [
        (sc.rot_convert_n, (sc.ROT_MAT, q, sc.ROT_QUAT_WXYZ), 1),
        (sc.vec_change_up_axis_n, (np.ones((2, 3)), sc.AXIS_Y, sc.AXIS_Z), 0),
        (sc.spatial_change_up_axis_n, (np.ones((2, 6)), sc.AXIS_Y, sc.AXIS_Z), 0),
        (sc.quat_wxyz_change_world_up_axis_n, (q, sc.AXIS_Y, sc.AXIS_Z), 0),
        (sc.quat_xyzw_change_world_up_axis_n, (q, sc.AXIS_Y, sc.AXIS_Z), 0),
        (sc.twist_convert_n, ("newton", np.ones((1, 6)), "mujoco_free", pose, "mujoco_free", np.zeros(3)), 1),
        (sc.wrench_convert_n, ("newton", np.ones((1, 6)), "mujoco_free", pose, "mujoco_free", np.zeros(3)), 3),
        (sc.joint_q_wxyz_from_xyzw, (np.array([0.0, 0, 0, 0, 0, 0, 1]), Lf), 0),
        (sc.joint_q_xyzw_from_wxyz, (np.array([0.0, 0, 0, 1, 0, 0, 0]), Lf), 0),
        (sc.sap_joint_qd_from_public, (np.ones(2), L, body_q, body_com), 2),
        (sc.public_joint_qd_from_sap, (np.ones(2), L, body_q, body_com), 0),
        (sc.sap_joint_f_from_public, (np.ones(2), L, body_q, body_com), 3),
        (sc.public_joint_f_from_sap, (np.ones(2), L, body_q, body_com), 0),
        (sc.sap_body_force_from_public_packed, (np.ones((2, 6)), body_q, body_com), 1),
        (sc.public_body_force_from_sap_packed, (np.ones((2, 6)), body_q, body_com), 0),
        (sc.sap_boundary_in, (np.ones(6), None, None, Lf, fq, fcom, pub, pub, pub), 4),
        (sc.sap_boundary_out, (np.ones(6), Lf, fq, fcom, pub), 0),
        (sc.perm_gather, (np.arange(6.0).reshape(3, 2), [2, 0, 1]), 0),
        (sc.perm_gather_frames, (np.arange(6.0).reshape(2, 3), [2, 0, 1]), 0),
        (sc.motion_clip_convert, (clip, np.eye(3), np.eye(3), 1.0), 1),
        (sc.motion_clip_heading, (clip, 0, sc.AXIS_Z, sc.AXIS_POS_X, sc.AXIS_POS_X), 0),
        (sc.motion_clip_align, (clip, 0, sc.AXIS_Z, sc.AXIS_POS_X, sc.AXIS_POS_X, 0.0), 0),
        (sc.motion_linvel, (np.ones((3, 3)), 0.1, sc.MOTION_DIFF_CENTRAL), 0),
        (sc.motion_angvel, (q, 0.1, sc.ROT_QUAT_WXYZ, 0, sc.MOTION_DIFF_CENTRAL), 0),
    ]


def _with_nan(value):
    if isinstance(value, sc.MotionClip):
        pos = value.root_pos.copy()
        pos[1, 2] = NAN
        return value._replace(root_pos=pos)
    a = np.array(value, float)
    a.reshape(-1)[-1] = NAN
    return a


def test_every_check_finite_is_honoured():
    for f, args, k in _whole_calls():
        assert "check_finite" in inspect.signature(f).parameters, f.__name__
        f(*args)  # valid
        bad = list(args)
        bad[k] = _with_nan(args[k])
        with pytest.raises(sc.Error, match="not finite") as e:
            f(*bad)
        assert e.value.function == f.__name__, f.__name__
        name = list(inspect.signature(f).parameters)[k]
        assert e.value.argument.split(".")[0] == name, (f.__name__, e.value.argument)
        with np.errstate(all="ignore"):
            try:
                f(*bad, check_finite=False)
            except sc.Error as e:  # C may refuse it, but C saw it
                assert e.status is not None, (f.__name__, e)


def _bad_inputs():
    """(function, arguments, argument the Error must name)."""
    L, body_q, body_com = _layout()
    pose = np.array([[0.1, 0.2, 0.3, 0.9, 0.1, -0.2, 0.3]])
    return [
        (sc.vec_change_up_axis_n, (None, sc.AXIS_Y, sc.AXIS_Z), "v"),
        (sc.vec_change_up_axis_n, (np.ones((2, 3)), 2 ** 70, sc.AXIS_Z), "from_up"),
        (sc.rot_convert_n, (2 ** 70, np.ones(4), sc.ROT_QUAT_WXYZ), "res_format"),
        (sc.twist_convert_n, ("newton", np.ones((2, 6)), "mujoco_free", np.ones((3, 7)), "mujoco_free",
                              np.zeros(3)), "pose"),  # the first batch shape that does not broadcast
        (sc.length_scale, ([1.0, 2.0, 3.0], [1.0, 2.0]), "to_meters_per_unit"),
        (sc.state_convert, ((1, 2), pose, np.zeros(6), "newton", np.zeros(3)), "to.pose"),
        (sc.axis_system_matrix, (sc.AxisSystem(1, 2, 3), [0, 1, 2]), "to"),
        (sc.asset_import_matrix, (sc.ASSET_GLTF, 2 ** 70), "file_is_z_up"),
        (sc.asset_import_matrix, (sc.ASSET_GLTF, 1.0), "file_is_z_up"),
        (sc.joint_qd_size, (sc.JOINT_D6, 1.5, 0), "lin_axes"),
        (sc.motion_clip_heading, (sc.MotionClip(3, 0), 0.0, sc.AXIS_Z, sc.AXIS_POS_X, sc.AXIS_POS_X),
         "frame"),
        (sc.twist_convert_n, ("newton", np.ones((2, 6)), "mujoco_free", None, "mujoco_free", np.zeros(3)),
         "pose"),
        (sc.wrench_convert_n, ("newton", np.ones((1, 6)), "mujoco_free", pose, "mujoco_free", None), "com"),
        (sc.status_string, (2 ** 70,), "status"),
        (sc.joint_q_size, (sc.JOINT_D6, 2 ** 70, 0), "lin_axes"),
        (sc.axis_system_from_forward_up, (sc.AXIS_POS_X, sc.AXIS_POS_Z, 2 ** 70),
         "right_handed"),
        (sc.perm_gather, (np.ones((3, 2)), [0, 1]), "in_"),
        (sc.perm_gather, (None, [0, 1]), "in_"),
        (sc.sap_joint_qd_from_public, (np.ones(2), L, None, body_com), "body_q"),
        (sc.sap_joint_qd_from_public, (np.ones(2), L._replace(body_count=2 ** 70), body_q, body_com),
         "L.body_count"),
        (sc.motion_linvel, (np.ones((3, 3)), "fast", sc.MOTION_DIFF_CENTRAL), "dt"),
        (sc.motion_linvel, (None, 0.1, sc.MOTION_DIFF_CENTRAL), "pos"),
        (sc.motion_clip_heading, (sc.MotionClip(2 ** 70, 0), 0, sc.AXIS_Z, sc.AXIS_POS_X,
                                  sc.AXIS_POS_X), "in_.frames"),
        (sc.motion_angvel, (np.ones((3, 4)), 0.1, sc.ROT_QUAT_WXYZ, 2 ** 70, sc.MOTION_DIFF_CENTRAL),
         "body"),
        (sc.quat_wxyz_from_euler, (np.ones(3), sc.EULER_XYZ, 2 ** 70), "kind"),
        (sc.quat_wxyz_from_xyzw, (np.ones((2, 4)), ), None),  # valid: checked below
    ]


def test_bad_inputs_raise_error_naming_function_and_argument():
    for f, args, argument in _bad_inputs():
        if argument is None:
            f(*args)
            continue
        with pytest.raises(sc.Error) as e:
            f(*args)
        assert e.value.function == f.__name__, (f.__name__, e.value)
        assert e.value.argument == argument, (f.__name__, e.value)
        assert str(e.value).startswith(f"{f.__name__}: {argument}"), str(e.value)


def test_perm_gather_reads_along_the_first_axis():
    a = np.arange(12.0).reshape(3, 4)
    np.testing.assert_array_equal(sc.perm_gather(a, [2, 0, 1]), a[[2, 0, 1]])
    np.testing.assert_array_equal(sc.perm_gather(a.T.copy(), [3, 0, 2, 1]), a.T[[3, 0, 2, 1]])
    np.testing.assert_array_equal(sc.perm_gather(a.T, [3, 0, 2, 1]), a.T[[3, 0, 2, 1]])  # a strided view
    b = np.arange(24.0).reshape(2, 3, 4)
    np.testing.assert_array_equal(sc.perm_gather(b, [1, 0]), b[[1, 0]])


# ------------------------------------------------------------------ out=
def test_out_whose_elements_overlap_is_refused():
    q = np.array([[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]])
    as_strided = np.lib.stride_tricks.as_strided
    for out in (as_strided(np.zeros(4), (2, 4), (0, 8)),     # a broadcast view, writable
                as_strided(np.zeros(6), (2, 4), (16, 8)),    # rows 2 reals apart
                as_strided(np.zeros(4), (2, 2, 4), (0, 32, 8))[:, :1].reshape(2, 4)):
        with pytest.raises(sc.Error, match="overlap one another") as e:
            sc.quat_xyzw_from_wxyz(q, out=out)
        assert (e.value.function, e.value.argument) == ("quat_xyzw_from_wxyz", "out")
    many = as_strided(np.zeros(4), (2, 3, 4), (0, 32, 8))  # batch axes that do not collapse
    with pytest.raises(sc.Error, match="overlap one another"):
        sc.quat_xyzw_from_wxyz(np.tile(q[0], (2, 3, 1)), out=many)


def _state_args(n):
    """A state_convert call's inputs (MuJoCo free joint to Isaac Lab) for n
    bodies: pose, twist, the com and inertia frame."""
    rng = np.random.default_rng(3)
    q = rng.normal(size=(n, 4))
    pose = np.concatenate([rng.normal(size=(n, 3)), q / np.linalg.norm(q, axis=1, keepdims=True)], axis=1)
    return ("mujoco_free", pose, rng.normal(size=(n, 6)), "isaaclab", np.zeros(3), np.array([1.0, 0, 0, 0]))


def test_results_whose_out_arrays_overlap_are_refused():
    """Two results (or the parts of pairs) written into memory they share
    are refused, naming the later out=, before anything is written: packed,
    as pairs, a pair beside a packed result, contiguous arrays (the fast
    path) and a function of three results."""
    args = _state_args(4)
    buf = np.zeros((4, 13))
    flat = np.zeros(4 * 7 + 4)
    for name, out in (
            ("out[1]", (buf[:, 0:7], buf[:, 4:10])),  # the twist over the pose's quaternion
            ("out[1][0]", ((buf[:, 0:3], buf[:, 3:7]), (buf[:, 6:9], buf[:, 9:12]))),
            ("out[1]", ((buf[:, 0:3], buf[:, 3:7]), buf[:, 5:11])),
            ("out[1][1]", ((buf[:, 0:3], buf[:, 3:7]), (buf[:, 7:10], buf[:, 1:4]))),
            ("out[1]", (flat[:28].reshape(4, 7), flat[4:28].reshape(4, 6)))):
        with pytest.raises(sc.Error, match="overlaps out") as e:
            sc.state_convert(*args, out=out)
        assert (e.value.function, e.value.argument) == ("state_convert", name), str(e.value)
        assert not buf.any() and not flat.any(), name
    fromto = np.array([[0.0, 0, 0, 0, 0, 2], [1, 0, 0, 1, 0, 3]])
    pos = np.zeros((2, 4))
    with pytest.raises(sc.Error, match="overlaps out") as e:
        sc.pose_from_mujoco_fromto(fromto, out=(pos[:, :3], np.zeros((2, 4)), pos[:, 2]))
    assert e.value.argument == "out[2]"


def test_results_in_interleaved_columns_of_one_array_are_accepted():
    """The pose and twist columns of one (N, 13) state array share no real:
    as out= of two results, packed or as pairs, they are written where they
    lie."""
    args = _state_args(5)
    pose, twist = sc.state_convert(*args)
    buf = np.zeros((5, 13))
    sc.state_convert(*args, out=(buf[:, 0:7], buf[:, 7:13]))
    np.testing.assert_array_equal(buf, np.concatenate([pose, twist], axis=1))
    buf = np.zeros((5, 13))
    sc.state_convert(*args, out=((buf[:, 0:3], buf[:, 3:7]), (buf[:, 7:10], buf[:, 10:13])))
    np.testing.assert_array_equal(buf, np.concatenate([pose, twist], axis=1))


def test_out_that_is_a_broadcast_input_is_refused():
    """An input of the result's shape that holds one element read by every
    element of the batch (M (3, 3): one matrix for 3 vectors) is not an
    in-place call: out=M is refused; out=v (the batch's own input) converts
    in place."""
    M = np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
    v = np.arange(9.0).reshape(3, 3)
    want = sc.vec_change_axes(M, v)
    for f in (sc.vec_change_axes, sc.scale_change_axes):
        m = M.copy()
        with pytest.raises(sc.Error, match="broadcast over the batch") as e:
            f(m, v, out=m)
        assert (e.value.function, e.value.argument) == (f.__name__, "out")
        np.testing.assert_array_equal(m, M)  # nothing written
    x = v.copy()
    assert sc.vec_change_axes(M, x, out=x) is x
    np.testing.assert_array_equal(x, want)


def test_whole_forms_take_empty_batches():
    for shape in ((0, 4), (0, 3, 4), (2, 0, 4)):
        got = sc.quat_wxyz_change_world_up_axis_n(np.zeros(shape), sc.AXIS_Y, sc.AXIS_Z)
        assert got.shape == shape
    got = sc.twist_convert_n("newton", np.zeros((0, 3, 6)), "drake", [0, 0, 0, 1, 0, 0, 0], "newton",
                             np.zeros(3))
    assert got.shape == (0, 3, 6)
    assert sc.perm_gather(np.zeros((3, 0)), [2, 0, 1]).shape == (3, 0)
    assert sc.perm_gather(np.zeros(0), []).shape == (0,)
    with pytest.raises(sc.Error) as e:
        sc.perm_gather(np.zeros((3, 0)), [2, 2, 1])  # no rows to move, and still not a permutation
    assert (e.value.function, e.value.argument) == ("perm_gather", "perm")


def test_matrix_out_with_strided_rows():
    big = np.zeros((3, 5))
    q = np.array([0.9, 0.1, -0.2, 0.3])
    with pytest.raises(sc.Error) as e:
        sc.mat_from_quat_wxyz(q, out=big[:, :3])
    assert (e.value.function, e.value.argument) == ("mat_from_quat_wxyz", "out")
    assert "batch axes" not in str(e.value) and "contiguous" in str(e.value)
    many = np.zeros((4, 2, 9))  # batch axes that one stride does not walk: written through a copy
    qs = np.tile(q, (2, 2, 1))
    sc.mat_from_quat_wxyz(qs, out=many[::2])
    np.testing.assert_array_equal(many[::2], sc.mat_from_quat_wxyz(qs).reshape(2, 2, 9))
    np.testing.assert_array_equal(many[1::2], 0)


# ------------------------------------------------------------------ no copy of a broadcast input
@pytest.mark.parametrize("f, args, k, size", [
    (sc.vec_change_up_axis_n, (np.array([1.0, 2.0, 3.0]), sc.AXIS_Y, sc.AXIS_Z), 0, 3),
    (sc.quat_wxyz_change_world_up_axis_n, (np.array([0.9, 0.1, -0.2, 0.3]), sc.AXIS_Y, sc.AXIS_Z), 0, 4),
    (sc.rot_convert_n, (sc.ROT_QUAT_XYZW, np.array([0.9, 0.1, -0.2, 0.3]), sc.ROT_QUAT_WXYZ),
     1, 4),
    (sc.twist_convert_n, ("newton", np.array([0.5, -0.1, 0.2, 0.3, 0.2, -0.4]), "mujoco_free",
                          np.array([0.1, 0.2, 0.3, 0.9, 0.1, -0.2, 0.3]), "mujoco_free", np.zeros(3)), 1, 6),
])
def test_broadcast_input_is_not_copied(f, args, k, size):
    n = 200_000
    wide = list(args)
    wide[k] = np.broadcast_to(args[k], (n, size))
    dense = list(args)
    dense[k] = np.ascontiguousarray(wide[k])
    expect = f(*dense)
    tracemalloc.start()
    try:
        got = f(*wide)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    np.testing.assert_array_equal(got, expect)
    assert got.flags.writeable and got.shape == expect.shape
    assert peak < 1.5 * got.nbytes, f"{f.__name__}: {peak} bytes for a result of {got.nbytes}"


def test_partly_broadcast_input():
    v = np.broadcast_to(np.arange(6.0).reshape(2, 1, 3), (2, 5, 3))
    np.testing.assert_array_equal(sc.vec_change_up_axis_n(v, sc.AXIS_Y, sc.AXIS_Z),
                                  sc.vec_change_up_axis_n(v.copy(), sc.AXIS_Y, sc.AXIS_Z))


# ------------------------------------------------------------------ errors in one place
def test_errors_are_built_in_one_module():
    for name in ("_api.py", "_whole.py", "_cuda.py"):
        text = (PACKAGE / name).read_text()
        assert not re.search(r"\bError\(", text), f"{name} builds an Error itself"
        assert "def is_torch" not in text or name == "_api.py"
        assert "_is_torch" not in text
    assert "import _cuda" not in (PACKAGE / "_api.py").read_text().replace("from . import _api, _cuda", "")
    assert not re.search(r"from \. import[^\n]*_cuda", (PACKAGE / "_api.py").read_text())


def test_is_torch():
    torch = pytest.importorskip("torch")
    assert _api.is_torch(torch.zeros(3)) and not _api.is_torch(np.zeros(3))
    assert not _api.is_torch(type("T", (), {"__module__": "torchvision.fake"})())


def test_error_message_names_function_and_argument():
    with pytest.raises(sc.Error) as e:
        sc.quat_xyzw_from_wxyz(np.ones((2, 4)), out=np.ones((2, 4)).T.copy().T[:, :3])
    assert str(e.value).startswith("quat_xyzw_from_wxyz: out ")
    with pytest.raises(sc.Error) as e:
        sc.quat_rotate_wxyz(np.ones((2, 4)), np.ones((3, 3)))
    assert (e.value.function, e.value.argument) == ("quat_rotate_wxyz", "v")  # the first that does not broadcast
    assert str(e.value).startswith("quat_rotate_wxyz: v has batch shape (3,), which does not broadcast with (2,)")


# ------------------------------------------------------------------ 4x4 results
def test_mat4_results_are_4x4():
    pose = np.array([[0.1, 0.2, 0.3, 0.9, 0.1, -0.2, 0.3]] * 2)
    for name in [n for n in sc.__all__ if n.startswith("mat4_from_pose")]:
        T = getattr(sc, name)(pose, sc.MAT4_ROW_MAJOR)
        assert T.shape == (2, 4, 4), name
        np.testing.assert_array_equal(T[:, 3], [[0, 0, 0, 1]] * 2)
        out = np.empty((2, 4, 4))
        getattr(sc, name)(pose, sc.MAT4_ROW_MAJOR, out=out)
        np.testing.assert_array_equal(out, T)
