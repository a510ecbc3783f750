"""docs/python.md's Dask array block (fenced ```python dask) runs as
written, and its block function gives every block's error the row of the
whole array: chunks of unequal sizes, the bad row first, last and inside a
later block, two bad rows in one block (the first is named), and Dask's
schedulers that run blocks in this process and in threads."""
import numpy as np
import pytest

import spatial_conv as sc
from test_docs import python_blocks

da = pytest.importorskip("dask.array")
BLOCKS = python_blocks("docs/python.md", "dask")


def namespace():
    assert len(BLOCKS) == 1, "docs/python.md: one ```python dask block expected"
    ns = {}
    exec(compile(BLOCKS[0], "docs/python.md (python dask)", "exec"), ns)
    return ns


def test_the_documented_block_runs():
    ns = namespace()
    assert ns["p"].shape == (300, 7) and ns["t"].shape == (300, 6)


@pytest.mark.parametrize("scheduler", ["sync", "threads"])
@pytest.mark.parametrize("chunks, rows", [((100, 100, 100), [150]), ((70, 130, 100), [70]),
                                          ((70, 130, 100), [199]), ((70, 130, 100), [260, 299]),
                                          ((300,), [0])])
def test_the_error_names_the_row_of_the_whole_array(chunks, rows, scheduler):
    ns = namespace()
    data = ns["data"].copy()
    data[rows, 2] = np.inf                  # pose z of these rows
    states = da.from_array(data, chunks=(chunks, 13))
    with pytest.raises(sc.Error) as info:
        ns["convert_states"](states).compute(scheduler=scheduler)
    e = info.value
    start = max(s for s in np.cumsum((0,) + chunks[:-1]) if s <= rows[0])   # the block's first row
    assert (e.index, e.function, e.argument) == ((rows[0],), "state_convert", "pose")
    assert da.argwhere(~da.isfinite(states).all(axis=1)).compute().ravel().tolist() == rows
    assert str(e).startswith(f"row {rows[0]} of the dataset: state_convert: pose is not finite "
                             f"at index ({rows[0] - start},)")


def test_float32_and_columns_in_two_chunks():
    """float32 converts in float32; columns split over two chunks are
    joined into whole rows before converting."""
    ns = namespace()
    data = ns["data"].astype(np.float32)
    out = ns["convert_states"](da.from_array(data, chunks=(64, 7))).compute()
    want = sc.state_convert("isaaclab3", data[:, :7], data[:, 7:], "mujoco_free", ns["COM"])
    assert out.dtype == np.float32
    np.testing.assert_array_equal(out, np.concatenate(want, axis=1))
