"""Strings for enum arguments: an Euler sequence as SciPy writes it ("xyz",
"XYZ": the order of the axes; the kind stays its own argument), an axis
("x", "Y") and a signed axis ("x", "+y", "-Z"). Every function whose C
declaration takes one of these enums (read from the header, so a new
function is covered) gives, for each of its valid calls in
test_every_function.py with a member replaced by each of its strings,
exactly the result of the member; a bad string raises spatial_conv.Error
naming the function and the argument; other enums still refuse strings."""
import inspect

import numpy as np
import pytest

import spatial_conv as sc
import test_every_function as every
from spatial_conv import _api

# C type -> (IntEnum class, member -> the strings that name it)
STRINGS = {
    "spconv_euler_seq": (sc.EulerSeq, lambda m: [m.name.lower(), m.name.upper()]),
    "spconv_axis": (sc.Axis, lambda m: [m.name.lower(), m.name.upper()]),
    "spconv_signed_axis": (sc.SignedAxis, lambda m: [
        *([m.name[-1].lower(), m.name[-1].upper(), "+" + m.name[-1].lower()] if m.name.startswith("POS_")
          else []),
        ("-" if m.name.startswith("NEG_") else "+") + m.name[-1].upper(),
        ("-" if m.name.startswith("NEG_") else "+") + m.name[-1].lower()]),
}
BAD = {
    "spconv_euler_seq": ["xYz", "xxz", "xy", "xyzx", "abc", "", " xyz", "xyz\0", "x\u0233z", "+xyz"],
    "spconv_axis": ["-x", "+x", "w", "", "xy", " x", "x\0", "1"],
    "spconv_signed_axis": ["+-x", "--x", "x+", "w", "-w", "", " x", "-x\0", "+", "xyz"],
}


def enum_functions():
    """Python name -> the C types among STRINGS of its enum parameters, for
    every public function whose C declaration takes one."""
    out = {}
    for name in every.public_functions():
        fn = _api.HEADER.functions.get(name) or _api.HEADER.functions.get(name[:-2])
        types = {p.type for p in fn.params if p.type in STRINGS and not p.pointer} if fn else set()
        if types:
            out[name] = types
    return out


def string_calls(case):
    """(argument, member, string, arguments with the string) for each enum
    argument of a valid call and each string of its member."""
    b = inspect.signature(getattr(sc, case.name)).bind(*case.args, **case.kwargs)
    for k, v in b.arguments.items():
        for c_type, (cls, forms) in STRINGS.items():
            if isinstance(v, cls):
                for s in forms(v):
                    yield k, v, c_type, s, {**b.arguments, k: s}


def same(got, want):
    if isinstance(want, tuple):
        assert type(got) is type(want) and len(got) == len(want)
        for g, w in zip(got, want):
            same(g, w)
    elif isinstance(want, np.ndarray) or isinstance(got, np.ndarray):
        assert np.asarray(got).dtype == np.asarray(want).dtype
        np.testing.assert_array_equal(got, want)
    else:
        assert type(got) is type(want) and got == want, (got, want)


def test_every_function_taking_such_an_enum_is_called_with_strings():
    called = {c.name for c in every.VALID for _ in string_calls(c)}
    assert set(enum_functions()) - called == set()
    assert len(enum_functions()) >= 20


@pytest.mark.parametrize("name", sorted(enum_functions()))
def test_strings_give_the_members_result(name):
    cases = [c for c in every.VALID if c.name == name]
    f, done = getattr(sc, name), set()
    for case in cases:
        want = f(*case.args, **case.kwargs)
        for k, member, c_type, s, args in string_calls(case):
            same(f(**args), want)
            done.add(c_type)
    assert done == enum_functions()[name]


@pytest.mark.parametrize("name", sorted(enum_functions()))
def test_bad_strings_name_the_argument(name):
    case = next(c for c in every.VALID if c.name == name and any(string_calls(c)))
    seen = set()
    for k, _, c_type, _, args in string_calls(case):
        if (k, c_type) in seen:
            continue
        seen.add((k, c_type))
        for s in BAD[c_type]:
            with pytest.raises(sc.Error) as info:
                getattr(sc, name)(**{**args, k: s})
            assert (info.value.function, info.value.argument) == (name, k), s
            assert repr(s) in str(info.value)


def test_every_string_of_each_member():
    """The strings name exactly the members STRINGS says (no string names
    two members), and the case of an Euler sequence does not set the kind."""
    a = np.array([0.3, -0.2, 0.5])
    for c_type, (cls, forms) in STRINGS.items():
        names = {}
        for m in cls:
            for s in forms(m):
                assert _api.enum_value(s, c_type, "f", "x") is m, s
                assert names.setdefault(s, m) is m
    for kind in sc.EulerKind:
        same(sc.quat_wxyz_from_euler(a, "ZXZ", kind), sc.quat_wxyz_from_euler(a, sc.EULER_ZXZ, kind))
        same(sc.quat_wxyz_from_euler(a, "zxz", kind), sc.quat_wxyz_from_euler(a, sc.EULER_ZXZ, kind))


def test_other_enums_refuse_strings():
    a = np.array([0.3, -0.2, 0.5])
    for s in ("intrinsic", "INTRINSIC", "xyz"):
        with pytest.raises(sc.Error, match="strings are not accepted here") as info:
            sc.quat_wxyz_from_euler(a, "xyz", s)
        assert info.value.argument == "kind"
    with pytest.raises(sc.Error, match="strings are not accepted here") as info:
        sc.rot_format_size("rotvec")
    assert info.value.argument == "format"
