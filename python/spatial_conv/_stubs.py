"""Writes the type stubs (spatial_conv/__init__.pyi) from the header's
declarations, as the package itself is generated:

    python3 -m spatial_conv._stubs [--check]

--check exits 1 when the committed stubs differ (the test suite runs it).
Each function's stub carries its docstring, so editors show the frames,
points and layouts of the one-line contracts.

The types: an element function's come from its plan (_plan.py), a
hand-written function's (_whole.py) from its annotations, which name the
types defined at the top of the stubs (PREAMBLE, and the Literal types of
the strings an enum argument takes, listed from the tables that
_api.enum_value reads). A function whose result is an array has one
overload per array argument: a torch.Tensor there gives tensors back.
"""
import inspect
import os
import re
import sys

import spatial_conv as sc
from spatial_conv import _api, _plan

STUBS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "__init__.pyi")

ARRAY_IN = "_ArrayIn"  # the type of an array argument (PREAMBLE defines it)
TENSOR = "_TensorT"    # what an array argument and the results are in a tensor's overload
RESULTS = ("_Array", "_IntArray", "_Real")  # array results: tensors when a tensor came in
PREAMBLE = f'''
class _Tensor(Protocol):
    """A torch.Tensor, by its shape (the stubs do not import torch)."""
    def detach(self) -> Any: ...
    @property
    def requires_grad(self) -> bool: ...

{TENSOR} = TypeVar("{TENSOR}", bound=_Tensor)
# An array argument: anything NumPy reads as an array of reals.
{ARRAY_IN}: TypeAlias = ArrayLike
# Results: float64 or float32 arrays (as the inputs), C int arrays, and a
# real per element (a NumPy scalar where the inputs have no batch axes).
_Array: TypeAlias = NDArray[np.floating[Any]]
_IntArray: TypeAlias = NDArray[np.intc]
_Real: TypeAlias = NDArray[np.floating[Any]] | np.floating[Any]
_Out: TypeAlias = NDArray[Any] | _Tensor | Tuple[NDArray[Any] | _Tensor, ...]
'''


def literal_name(c_type):
    """The stubs' name of the Literal type of c_type's strings."""
    return f"_{_api.ENUMS[c_type].__name__}Name"


def enum_hint(c_type):
    """The type of an argument of enum type c_type: its members, and the
    strings that name them where it takes strings. (A plain int is taken
    at run time too, but a value of another IntEnum would pass as an int.)"""
    cls = _api.ENUMS[c_type].__name__
    return f"{cls} | {literal_name(c_type)}" if c_type in _api.STRING_FORMS else cls


def convention_hint(c_type):
    """A convention argument: the struct, a preset or a preset's name."""
    return f"{_api.STRUCT_CLASSES[c_type].__name__} | {enum_hint('spconv_preset_id')}"


def _element_params(impl):
    """(name, type, default) of an element function's parameters, then its result type."""
    params = []
    for a in impl.inputs:
        if a.role in (_plan.IN, _plan.SCALAR):
            hint = ARRAY_IN + (f" | Tuple[{ARRAY_IN}, {ARRAY_IN}]" if _plan.splittable(a) else "") + \
                (" | None" if a.nullable else "")
        elif a.role == _plan.BODY_IN:
            hint = "Body"
        elif a.role == _plan.STRUCT:
            hint = convention_hint(a.ctype)
        elif a.role == _plan.CONST:
            hint = "int" if a.ctype == "int" else enum_hint(a.ctype)
        else:
            hint = "str"
        params.append((a.py_name, hint, "None" if a.py_name in impl.optional else None))
    params.append(("*", None, None))
    params.append(("check_finite", "bool", "..."))
    names = impl.signature.parameters
    if "out" in names:
        params.append(("out", "_Out | None", "..."))
    if "dtype" in names:
        params.append(("dtype", "DTypeLike", "..."))
    outs = ["Body" if a.role == _plan.BODY_OUT else "_Array" for a in impl.plan.outputs]
    if impl.plan.returns_real:
        outs.append("_Real")
    return params, outs[0] if len(outs) == 1 else f"Tuple[{', '.join(outs)}]"


def _annotated_params(f):
    """(name, type, default) of a hand-written function's parameters, from
    its annotations (strings: _whole.py postpones them), and its result type."""
    sig = inspect.signature(f)
    params, star = [], False
    for p in sig.parameters.values():
        if not isinstance(p.annotation, str):
            raise TypeError(f"spatial_conv.{f.__name__}: parameter {p.name} has no type annotation")
        if p.kind == p.KEYWORD_ONLY and not star:
            params.append(("*", None, None))
            star = True
        params.append((p.name, p.annotation, None if p.default is p.empty else "..."))
    if not isinstance(sig.return_annotation, str):
        raise TypeError(f"spatial_conv.{f.__name__} has no result annotation")
    return params, sig.return_annotation


def _tensor_form(text):
    return re.sub(r"\b(%s)\b" % "|".join(RESULTS), TENSOR, text)


def overloads(params, ret):
    """[(params, result)]: for an array result, one signature per array
    argument, where a tensor there gives tensors back, then the general one."""
    forms = []
    if re.search(r"\b(%s)\b" % "|".join(RESULTS), ret):
        for i, (name, hint, _) in enumerate(params):
            if hint is not None and hint.split(" | ")[0] == ARRAY_IN:  # a tensor here; given, so
                forms.append(([(n, TENSOR if j == i else h, d if j > i else None)  # no default up to it
                               for j, (n, h, d) in enumerate(params)], _tensor_form(ret)))
    return forms + [(params, ret)]


def _signature(params, ret):
    text = ", ".join(n if h is None else f"{n}: {h}" + (f" = {d}" if d is not None else "")
                     for n, h, d in params)
    return f"({text}) -> {ret}"


def _doc(text, indent="    "):
    body = text.replace('"""', "'''").replace("\\", "\\\\")
    lines = [(indent + line).rstrip() for line in body.split("\n")]
    return "\n".join([f'{indent}"""' + lines[0].lstrip()] + lines[1:] + [f'{indent}"""'])


def _field_hint(cls, field):
    """A struct field's type: enum and struct fields by their types, C int
    fields int, int arrays arrays; real arrays Any (arrays or tensors, as given)."""
    f = next(x for x in _api.HEADER.structs[_c_struct(cls)].fields if x.name == field.name)
    if f.type in _api.STRUCT_CLASSES:
        hint = _api.STRUCT_CLASSES[f.type].__name__
    elif f.type in _api.ENUMS:
        hint = enum_hint(f.type)
    elif f.type == "int":
        hint = ARRAY_IN if f.pointer else "int"
    else:
        return "Any"
    return hint + (" | None" if _defaults(cls).get(field.name, 0) is None else "")


def _defaults(cls):
    """field -> default of a struct class (set on its __new__)."""
    values = cls.__new__.__defaults__ or ()
    return dict(zip(cls._fields[len(cls._fields) - len(values):], values))


def _c_struct(cls):
    return next(k for k, v in _api.STRUCT_CLASSES.items() if v is cls) if cls is not sc.Body else "spconv_body"


def _struct(cls):
    out = [f"class {cls.__name__}(NamedTuple):", _doc(cls.__doc__)]
    fields = _api.HEADER.structs[_c_struct(cls)].fields
    for f in fields:
        out.append(f"    {f.name}: {_field_hint(cls, f)}" + (" = ..." if f.name in _defaults(cls) else ""))
    return out + [""]


def public_functions():
    """name -> function, for every public function of the package."""
    return {n: getattr(sc, n) for n in sorted(sc.__all__) if callable(getattr(sc, n)) and
            getattr(getattr(sc, n), "__module__", "") == "spatial_conv" and not isinstance(getattr(sc, n), type)}


def function_stub(name, f):
    impl = getattr(f, "_impl", None)
    params, ret = _element_params(impl) if impl is not None else _annotated_params(f)
    forms = overloads(params, ret)
    out = []
    for i, (p, r) in enumerate(forms):
        if len(forms) > 1:
            out.append("@overload")
        out.append(f"def {name}{_signature(p, r)}:")
        out.append(_doc(f.__doc__ or "") if i == 0 else "    ...")
    return out + [""]


def render():
    out = ['"""Type stubs of spatial_conv, generated by spatial_conv._stubs from spatial_conv.h."""',
           "from contextlib import AbstractContextManager",
           "from enum import IntEnum",
           "from typing import Any, Literal, NamedTuple, Protocol, Tuple, TypeAlias, TypeVar, overload",
           "",
           "import numpy as np",
           "from numpy.typing import ArrayLike, DTypeLike, NDArray",
           PREAMBLE,
           "# The strings that name enum members (spatial_conv._api.enum_strings)"]
    for c_type in _api.STRING_FORMS:
        out.append(f"{literal_name(c_type)}: TypeAlias = Literal[" +
                   ", ".join(f'"{s}"' for s in _api.enum_strings(c_type)) + "]")
    out += ["",
            "__version__: str",
            "",
            "class Error(ValueError):",
            "    status: int | None",
            "    function: str | None",
            "    argument: str | None",
            "    index: Tuple[int, ...] | None",
            "",
            "class StatusWarning(UserWarning): ...",
            ""]
    for cls in _api.ENUMS.values():
        out.append(f"class {cls.__name__}(IntEnum):")
        out.append(_doc(cls.__doc__))
        out += [f"    {m.name} = {m.value}" for m in cls]
        out.append("")
    for cls in (sc.Convention, sc.PoseConvention, sc.StateConvention, sc.AxisSystem, sc.Body,
                sc.JointLayout, sc.MotionClip):
        out += _struct(cls)
    consts = _api.constants()
    for name in sorted(consts):
        out.append(f"{name}: {type(consts[name]).__name__}")
    out.append("")
    for name, f in public_functions().items():
        out += function_stub(name, f)
    return "\n".join(out)


def main():
    text = render()
    if "--check" in sys.argv:
        with open(STUBS, encoding="utf-8") as f:
            if f.read() != text:
                print(f"{STUBS} is out of date: run python3 -m spatial_conv._stubs", file=sys.stderr)
                return 1
        return 0
    with open(STUBS, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
