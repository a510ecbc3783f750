"""Every spatial_conv.Error and StatusWarning the package raises is built
here: the host element functions (_api.py), the hand-written wrappers
(_whole.py) and the CUDA path (_cuda.py) call these functions and nothing
else to refuse an input or to report a C status.

A message reads "<function>: <argument> <what is wrong>" (the argument left
out where the whole call is meant); the Error carries the same function and
argument, the C status where C returned one, and the first failing element
of a batch as index.
"""
import warnings

import numpy as np

from . import _c64, _header

STATUS_NAMES = ("SPCONV_OK", "SPCONV_EINVAL", "SPCONV_EDEGENERATE", "SPCONV_GIMBAL_LOCK")


class Error(ValueError):
    """A spatial_conv function refused its input: a status below zero from
    C, a wrong shape or dtype, an unknown name, or a non-finite input.

    status  the C status (SPCONV_EINVAL, SPCONV_EDEGENERATE, ...), or None
            when the Python side refused the input before any C call
    function, argument  where it happened (argument may be None)
    index   the first failing element of a batch (a tuple), or None
    """

    def __init__(self, message, status=None, function=None, argument=None, index=None):
        super().__init__(message)
        self.status, self.function, self.argument, self.index = status, function, argument, index

    def __reduce__(self):
        return (type(self), (self.args[0], self.status, self.function, self.argument, self.index))


Error.__module__ = "spatial_conv"


class StatusWarning(UserWarning):
    """A C function returned a positive status (a warning: the result is
    valid), e.g. SPCONV_GIMBAL_LOCK from an Euler-angle conversion."""


StatusWarning.__module__ = "spatial_conv"


def error(function, argument, text, status=None, index=None):
    """The Error "<function>: <argument> <text>" ("<function>: <text>" when
    argument is None; "<argument>=<value> ..." when text starts with "=")."""
    head = f"{function}: {argument}{'' if text.startswith('=') else ' '}" if argument else f"{function}: "
    return Error(head + text, status, function, argument, index)


def batch_index(i, batch):
    """The index tuple of flat element i of a batch of shape batch, or
    None for a single element (batch ())."""
    return tuple(int(j) for j in np.unravel_index(i, batch)) if batch else None


def at(index):
    """' at index (i, j)' for a batch element, '' for none."""
    return f" at index {index}" if index is not None else ""


def nonfinite(function, argument, index=None):
    """The Error of a non-finite input (check_finite)."""
    return error(function, argument, f"is not finite{at(index)} (pass check_finite=False to hand it "
                 "to the C function)", None, index)


def status_name(status):
    for name, value in _header.package().constants.items():
        if value == status and name in STATUS_NAMES:
            return name
    return f"status {status}"


def status_text(status):
    """'SPCONV_EINVAL (invalid argument)': the status's name and C's text."""
    return f"{status_name(status)} ({_c64.ffi.string(_c64.lib.spconv_status_string(status)).decode()})"


def status_error(status, function, argument=None, index=None, detail=None, value=None):
    """The Error of a C error status: "<function>: <argument>[=<value>]
    gives <STATUS> (<text>)[ at index][, for <detail>]"."""
    shown = f"={value!r} " if value is not None else ""
    text = f"{shown}{'gives ' if argument else ''}{status_text(status)}{at(index)}"
    return error(function, argument, text + (f", for {detail}" if detail else ""), status, index)


def status_warn(status, function, detail="", stacklevel=3):
    """Warns StatusWarning for a C warning status (above zero)."""
    warnings.warn(f"{function}: {status_text(status)}{detail}", StatusWarning, stacklevel=stacklevel + 1)


def status_warn_batch(status, function, warned, first, batch, count, stacklevel=3, later=""):
    """Warns StatusWarning for warned elements of a batch that returned a
    C warning status (the first one, flat index first, returned status);
    later is added to the message."""
    many = (f" for {warned} of {count} elements, the first at index {batch_index(first, batch)}"
            if batch else "")
    status_warn(status, function, many + later, stacklevel + 1)


def check(status, function, argument=None, stacklevel=3, value=None):
    """A C status: Error below zero, StatusWarning above."""
    if status < 0:
        raise status_error(status, function, argument, value=value)
    if status > 0:
        status_warn(status, function, stacklevel=stacklevel + 1)
