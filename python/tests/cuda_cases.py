"""The seeded inputs of the CUDA agreement checks, one generator for the
emulated device (test_cuda_emulated.py) and a real one
(tests/bench/gpu/gpu_check.py): inputs_for gives any values, errors
included (zero quaternions, every enum value and preset); valid_inputs
makes them valid where a function needs more than random reals, so that
every function has results to compare."""
import warnings

import numpy as np

import spatial_conv as sc
from spatial_conv import _api, _plan


def inputs_for(plan, rng, n, dtype):
    """Host arrays and constants for n elements of plan's function."""
    values = {}
    for a in plan.inputs:
        if a.role == _plan.IN:
            x = rng.normal(size=(n, a.size))
            if a.size == 4:  # quaternions: some zero, some far from unit
                x[:: 97] = 0.0
                x[1:: 89] *= 1e3
            if a.size == 9:  # matrices: rotations
                q = rng.normal(size=(n, 4))
                x = sc.mat_from_quat_wxyz(q).reshape(n, 9)
            values[a.py_name] = x.astype(dtype)
        elif a.role == _plan.SCALAR:
            values[a.py_name] = rng.uniform(0.01, 1.0, size=n).astype(dtype)
        elif a.role == _plan.BODY_IN:
            values[a.py_name] = sc.Body(*(rng.normal(size=(n, s)).astype(dtype) for _, s in _plan.BODY_FIELDS))
        elif a.role == _plan.CONST:
            if a.ctype == "int":
                values[a.py_name] = 1
            else:
                values[a.py_name] = list(_api.ENUMS[a.ctype])[rng.integers(len(_api.ENUMS[a.ctype]))]
        elif a.role == _plan.STRUCT:
            values[a.py_name] = list(sc.PresetId)[rng.integers(len(sc.PresetId))]
    return values


def valid_inputs(plan, values, rng):
    """values made valid where the shared generator's are not for every
    function (so that results are compared, not only errors): quaternions
    without zero rows, 4x4 transforms, inertia tensors, shape sizes >= 0."""
    values = dict(values)
    for a in plan.inputs:
        x = values.get(a.py_name)
        if a.role != _plan.IN or not isinstance(x, np.ndarray):
            continue
        n, dtype = x.shape[0], x.dtype
        if a.size == 4:
            x = np.where((x == 0).all(axis=1, keepdims=True), rng.normal(size=x.shape), x)
        elif a.size == 16:
            T = np.zeros((n, 4, 4))
            T[:, :3, :3] = sc.mat_from_quat_wxyz(rng.normal(size=(n, 4)))
            T[:, :3, 3] = rng.normal(size=(n, 3))
            T[:, 3, 3] = 1
            if values.get("layout") == sc.Mat4Layout.COLUMN_MAJOR:
                T = T.transpose(0, 2, 1)
            x = T.reshape(n, 16)
        elif a.name in ("I", "I_com"):
            R = sc.mat_from_quat_wxyz(rng.normal(size=(n, 4)))
            moments = rng.uniform(1, 2, size=(n, 3))  # within the triangle inequality
            x = np.einsum("nij,nj,nkj->nik", R, moments, R).reshape(n, 9)
        elif a.name == "size":
            x = np.abs(x) + 0.05
        values[a.py_name] = x.astype(dtype)
    # constants for which the function accepts the first element
    fn = getattr(sc, plan.function.name)
    for _ in range(40):
        first = {k: v[:1] if isinstance(v, np.ndarray) else
                 sc.Body(*(f[:1] for f in v)) if isinstance(v, sc.Body) else v for k, v in values.items()}
        try:
            with np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                fn(**first)
            break
        except sc.Error:
            pass
        for a in plan.inputs:
            if a.role == _plan.CONST and a.ctype != "int":
                choices = list(_api.ENUMS[a.ctype])
                values[a.py_name] = choices[rng.integers(len(choices))]
            elif a.role == _plan.STRUCT:
                values[a.py_name] = list(sc.PresetId)[rng.integers(len(sc.PresetId))]
    return values
