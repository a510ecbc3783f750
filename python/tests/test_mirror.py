"""The mirror rule, checked mechanically against the header's declarations:
every public C function has its Python name, with the C parameter names,
its batch form is the same function, and every C constant is a module
constant. What the rule says is in docs/python.md."""
import inspect
import subprocess
import sys

import numpy as np
import pytest

import spatial_conv as sc
from spatial_conv import _api, _header, _plan

HEADER = _api.HEADER
PUBLIC = [f for f in HEADER.functions.values() if not f.deprecated]
PY_KEYWORDS = {"from": "from_", "in": "in_"}


def py_name(c_name):
    return PY_KEYWORDS.get(c_name, c_name)


def test_the_header_is_read_whole():
    # every SPCONV_API prototype of the declarations block, none missed
    decl = HEADER.text[HEADER.text.index(">>decl\n"):HEADER.text.index(">>deprecated\n")]
    assert decl.count("SPCONV_API ") == len(HEADER.functions) == 206
    assert [f.name for f in HEADER.functions.values() if f.deprecated] == ["axis_system_is_right_handed"]


@pytest.mark.parametrize("fn", PUBLIC, ids=lambda f: f.name)
def test_every_c_function_has_its_python_name(fn):
    f = getattr(sc, fn.name, None)
    assert callable(f), f"spconv_{fn.name} has no Python form spatial_conv.{fn.name}"
    assert fn.name in sc.__all__


@pytest.mark.parametrize("fn", PUBLIC, ids=lambda f: f.name)
def test_parameters_keep_their_c_names(fn):
    """The Python parameters are the C inputs, in C order; what C takes and
    Python does not is a result, a size or stride (from the arrays' shapes),
    or a scratch buffer."""
    f = getattr(sc, fn.name)
    single = HEADER.functions.get(fn.name[:-2]) if fn.name.endswith("_n") else None
    if single is not None and not single.deprecated and getattr(f, "_impl", None) is not None:
        fn = single  # the batch form is the single form's Python function
    params = [p for p in inspect.signature(f).parameters.values() if p.kind != p.KEYWORD_ONLY]
    names = [p.name for p in params]
    c_inputs = [py_name(p.name) for p in fn.params]
    assert all(n in c_inputs for n in names), (names, c_inputs)
    assert names == sorted(names, key=c_inputs.index), "not in C order"
    for p in fn.params:
        if py_name(p.name) in names:
            continue
        written = not p.const and (p.pointer or p.size)  # a result: returned
        size = p.type == "size_t" or p.name == "frames"   # from the arrays' shapes
        assert written or size, f"C parameter {p.name} of spconv_{fn.name} is missing in Python"


@pytest.mark.parametrize("fn", [f for f in PUBLIC if f.name.endswith("_n")], ids=lambda f: f.name)
def test_a_batch_form_is_its_single_form(fn):
    single = fn.name[:-2]
    if _plan.batch_form(HEADER, single):
        assert getattr(sc, fn.name) is getattr(sc, single)
    else:  # batch-only, or another function (twist_convert_n: poses, not a body)
        assert getattr(sc, fn.name) is not getattr(sc, single, None)


def test_element_functions_run_their_c_batch_form():
    """Where C has a _n form, the generated loop calls it (chunks of the
    batch), else the single form per element."""
    import spatial_conv._build as build
    plans = _plan.element_plans(HEADER)
    with_n = [n for n in plans if _plan.batch_form(HEADER, n)]
    assert len(with_n) == 17
    for name in with_n:
        src = build._loop_source(plans[name], HEADER)
        assert f"spconv_{name}_n(" in src, name


def test_constants_and_enum_values():
    for c_name, value in HEADER.constants.items():
        name = c_name[len("SPCONV_"):]
        assert getattr(sc, name) == value, name
    for e in HEADER.enums.values():
        cls = getattr(sc, _api._class_name(e.name))
        for c_name, value in e.members:
            member = getattr(sc, c_name[len("SPCONV_"):])
            if not c_name.endswith("_END"):
                assert isinstance(member, cls) and member.value == value
    assert sc.PRESET_NEWTON is sc.PresetId.NEWTON
    assert sc.EULER_XYZ is sc.EulerSeq.XYZ and sc.EULER_EXTRINSIC is sc.EulerKind.EXTRINSIC
    assert sc.PRESET_COUNT == len(sc.PresetId) and sc.AXIS_PRESET_COUNT == len(sc.AxisPreset)


def test_every_preset_by_its_c_name():
    for pid in sc.PresetId:
        name = sc.preset_id_name(pid)
        assert name == pid.name.lower()
        assert sc.convention_from_preset(name) == sc.convention_from_preset(pid)
    with pytest.raises(sc.Error, match="not a value of PresetId"):
        sc.convention_from_preset("Newton")


def test_presets_match_c():
    lib, ffi = _api._c64.lib, _api._c64.ffi
    for pid in sc.PresetId:
        c = lib.spconv_state_convention_from_preset(pid)
        py = sc.state_convention_from_preset(pid)
        assert tuple(py.pose) == (c.pose.layout, c.pose.quat_order, c.pose.point, c.pose.frame)
        assert tuple(py.twist) == tuple(getattr(c.twist, f) for f in sc.Convention._fields)


@pytest.mark.parametrize("fn", PUBLIC, ids=lambda f: f.name)
def test_docstrings_state_the_contract(fn):
    doc = getattr(sc, fn.name).__doc__
    single = fn.name[:-2] if fn.name.endswith("_n") else None
    if single and getattr(sc, single, None) is getattr(sc, fn.name):
        fn = HEADER.functions[single]  # the batch form's docstring is its single form's
    assert doc.splitlines()[0].lower() == (fn.contract + ".").lower(), fn.name
    assert "spconv_" + fn.name in doc


def test_version_is_the_headers():
    assert sc.__version__ == "%d.%d.%d" % HEADER.version


def test_type_stubs_are_current():
    r = subprocess.run([sys.executable, "-m", "spatial_conv._stubs", "--check"], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr


def test_the_package_carries_the_header():
    """The package's copy is the repository's header (where the tests run
    from the repository), and the functions come from it."""
    import os
    repo = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "include",
                        "spatial_conv.h")
    if os.path.exists(repo):
        with open(repo, encoding="utf-8") as f:
            assert f.read() == HEADER.text, "rebuild the package: the header changed"
    assert np.array_equal(sc.quat_xyzw_from_wxyz([1.0, 2.0, 3.0, 4.0]), [2.0, 3.0, 4.0, 1.0])


def test_every_prototype_has_its_one_line_contract(tmp_path):
    """The mirror's docstrings and NULL rules come from the one-line comment
    above each prototype: a comment over two lines is refused."""
    name = "spconv_spatial_inertia_transform_wxyz("
    text = HEADER.text
    proto = text.index(name, text.index(">>decl\n"))
    above = text.rindex("/*", 0, proto)
    broken = text[:above] + "/* a contract\n   over two lines */\nSPCONV_API void " + text[proto:]
    path = tmp_path / "spatial_conv.h"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(ValueError, match="one-line contract"):
        _header.read(str(path))
