"""spatial_conv.jacobian_convert on batches: J of shape (..., 6, ncols)
(ROW_MAJOR) or (..., ncols, 6) (COLUMN_MAJOR), with a Body whose fields'
leading axes broadcast with J's, one Jacobian per body. Each Jacobian of a
batch is the single call's on that body, bit for bit; J_to @ qd is
twist_convert of J_from @ qd for that body; both precisions, in broadcast
batches, and the storage of the result follows J's."""
import numpy as np
import pytest

import spatial_conv as sc

RNG = np.random.default_rng(0x7ac0b)
ROW, COL = sc.MAT4_ROW_MAJOR, sc.MAT4_COLUMN_MAJOR
PAIRS = [("newton", "drake"), ("mujoco_free", "pinocchio_local"), ("dart_body", "mr_space"),
         ("isaaclab", "featherstone"), ("ptera", "newton")]  # ptera: degrees


def rand_body(batch, dtype=np.float64):
    return sc.Body(RNG.normal(size=batch + (3,)).astype(dtype), RNG.normal(size=batch + (4,)).astype(dtype),
                   (0.3 * RNG.normal(size=batch + (3,))).astype(dtype),
                   RNG.normal(size=batch + (4,)).astype(dtype))


def body_at(body, k):
    """Body k of a batch of bodies (fields (n, size))."""
    return sc.Body(*(np.asarray(f)[k] for f in body))


def as_rows(J, layout):
    """J (..., 6, ncols) whatever the layout stored it as."""
    return J if layout == ROW else np.swapaxes(J, -1, -2)


def stored(J_rows, layout):
    return np.ascontiguousarray(J_rows if layout == ROW else np.swapaxes(J_rows, -1, -2))


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("layout", [ROW, COL])
@pytest.mark.parametrize("frm,to", PAIRS)
def test_batch_is_a_loop_of_single_calls(frm, to, layout, dtype):
    J = stored(RNG.normal(size=(2, 3, 6, 5)).astype(dtype), layout)
    body = rand_body((3,), dtype)  # broadcast along J's first axis
    got = sc.jacobian_convert(to, J, frm, body, layout)
    assert got.shape == J.shape and got.dtype == dtype
    for index in np.ndindex(2, 3):
        one = sc.jacobian_convert(to, J[index], frm, body_at(body, index[1]), layout)
        np.testing.assert_array_equal(got[index], one)
    assert sc.jacobian_convert_n is sc.jacobian_convert


@pytest.mark.parametrize("dtype,rtol", [(np.float64, 1e-12), (np.float32, 2e-5)])
@pytest.mark.parametrize("layout", [ROW, COL])
@pytest.mark.parametrize("frm,to", PAIRS)
def test_j_qd_is_the_converted_twist(frm, to, layout, dtype, rtol):
    """J_to @ qd = twist_convert(J_from @ qd) for each body of the batch."""
    ncols = 7
    J_rows = RNG.normal(size=(4, 6, ncols)).astype(dtype)
    qd = RNG.normal(size=(4, ncols)).astype(dtype)
    body = rand_body((4,), dtype)
    got = as_rows(sc.jacobian_convert(to, stored(J_rows, layout), frm, body, layout), layout)
    twist = np.einsum("nij,nj->ni", J_rows.astype(np.float64), qd.astype(np.float64))
    want = sc.twist_convert(to, twist, frm, sc.Body(*(np.asarray(f, np.float64) for f in body)))
    Jqd = np.einsum("nij,nj->ni", got.astype(np.float64), qd.astype(np.float64))
    scale = np.abs(want).max(-1, keepdims=True) + 1
    np.testing.assert_allclose(Jqd / scale, want / scale, rtol=0, atol=rtol)


def test_fields_broadcast_separately():
    """Each field of the Body broadcasts on its own: one COM for all, a pose per Jacobian."""
    J = RNG.normal(size=(3, 6, 4))
    body = rand_body((3,))
    shared = body._replace(com=body.com[0], iquat_wxyz=body.iquat_wxyz[0])
    got = sc.jacobian_convert("drake", J, "newton", shared, ROW)
    for k in range(3):
        one = sc.Body(body.pos[k], body.quat_wxyz[k], body.com[0], body.iquat_wxyz[0])
        np.testing.assert_array_equal(got[k], sc.jacobian_convert("drake", J[k], "newton", one, ROW))


def test_one_body_many_jacobians_and_one_jacobian_many_bodies():
    J = RNG.normal(size=(6, 3))
    bodies = rand_body((4,))
    got = sc.jacobian_convert("mr_space", J, "newton", bodies, ROW)
    assert got.shape == (4, 6, 3)
    for k in range(4):
        np.testing.assert_array_equal(got[k], sc.jacobian_convert("mr_space", J, "newton", body_at(bodies, k), ROW))
    Js = RNG.normal(size=(4, 3, 6))
    one = body_at(bodies, 1)
    got = sc.jacobian_convert("mr_space", Js, "newton", one, COL)
    for k in range(4):
        np.testing.assert_array_equal(got[k], sc.jacobian_convert("mr_space", Js[k], "newton", one, COL))


def test_empty_batches_and_no_columns():
    body = rand_body((2,))
    assert sc.jacobian_convert("drake", np.zeros((2, 6, 0)), "newton", body, ROW).shape == (2, 6, 0)
    assert sc.jacobian_convert("drake", np.zeros((0, 6, 3)), "newton", rand_body((0,)), ROW).shape == (0, 6, 3)


def test_input_is_not_written():
    J = RNG.normal(size=(2, 6, 3))
    keep = J.copy()
    sc.jacobian_convert("drake", J, "newton", rand_body((2,)), ROW)
    np.testing.assert_array_equal(J, keep)


@pytest.mark.parametrize("J,body,layout,argument", [
    (np.zeros((2, 6, 3)), (3,), ROW, "body.pos"),           # 2 Jacobians, 3 bodies
    (np.zeros((2, 3, 6)), (2,), ROW, "J"),                  # not 6 rows
    (np.zeros((2, 6, 3)), (2,), COL, "J"),                  # not 6 columns
    (np.zeros(6), (), ROW, "J"),                            # not a matrix
])
def test_bad_shapes_name_the_argument(J, body, layout, argument):
    with pytest.raises(sc.Error) as e:
        sc.jacobian_convert("drake", J, "newton", rand_body(body), layout)
    assert e.value.function == "jacobian_convert" and e.value.argument == argument
