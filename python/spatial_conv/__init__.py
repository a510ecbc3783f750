"""spatial_conv: rigid-body quantities between the conventions of physics
engines, robotics libraries and asset formats, from NumPy and PyTorch.

A mirror of the C header spatial_conv.h: the C function
spconv_NAME(results..., inputs...) is spatial_conv.NAME(inputs...), which
returns its results (one array, or a tuple when C writes several).
Parameters keep their C names (`from` is `from_`). Arrays may have leading
batch dimensions: (..., 4) quaternions, (..., 7) poses, (..., 6) twists,
(..., 9) or (..., 3, 3) matrices; one C loop (the _n batch form where C has
one) runs over them, without the GIL. C constants and enum values are
module constants without SPCONV_ (PRESET_NEWTON, EULER_XYZ), members of
IntEnum classes (PresetId, EulerSeq); a preset may also be given by its
lower-case name ("newton", "mujoco_free").

float64 and float32 arrays compute in the matching C precision and keep
their dtype (a mix computes in float64; bool and integer arrays become
float64; complex and object arrays are refused). An error status, a wrong
shape, an unknown name or a non-finite input (unless check_finite=False)
raises spatial_conv.Error, a ValueError; a warning status (gimbal lock)
warns spatial_conv.StatusWarning.

    >>> import numpy as np, spatial_conv as sc
    >>> sc.quat_xyzw_from_wxyz(np.array([1.0, 0.0, 0.0, 0.0]))
    array([0., 0., 0., 1.])

docs/python.md has the whole guide.
"""
from . import _api, _conventions, _cuda, _whole
from ._api import (AxisSystem, Body, Convention, Error, PoseConvention, StateConvention,
                   StatusWarning)
from ._cuda import cuda_async, cuda_check

__version__ = ".".join(str(v) for v in _api.HEADER.version)

globals().update({cls.__name__: cls for cls in _api.ENUMS.values()})
globals().update(_api.constants())
globals().update(_api.element_functions(device_call=_cuda.call))
globals().update(_whole.functions())
globals().update(_conventions.functions())

__all__ = sorted(name for name in globals() if not name.startswith("_"))
