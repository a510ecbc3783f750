"""spatial_conv.conventions(), the registry of the presets' conventions
(conventions/conventions.json), says what the header's presets do: for
every preset its pose, twist, wrench and acceleration fields are the ones
state_convention_from_preset returns, and every axis system's axes are
axis_system_preset's. Every fact has a source or is listed as unsourced."""
import numpy as np
import pytest

import spatial_conv as sc

REG = sc.conventions()
# the registry's names of enum values -> the mirror's enum classes
ENUM = {"order": sc.Order, "point": sc.Point, "linear_frame": sc.Frame, "angular_frame": sc.Frame,
        "angle_unit": sc.AngleUnit, "kind": sc.AccelKind, "layout": sc.PoseLayout,
        "quat_order": sc.RotFormat, "orientation": sc.PoseFrame, "x": sc.Direction,
        "y": sc.Direction, "z": sc.Direction}
SPELLING = {"rad": "RADIANS", "deg": "DEGREES", "world_origin": "WORLD", "wxyz": "QUAT_WXYZ",
            "xyzw": "QUAT_XYZW"}
CODE = ("repository", "path", "ref", "commit", "line", "quote")


def member(field, value):
    return ENUM[field][SPELLING.get(value, value.upper())]


@pytest.mark.parametrize("name", sorted(REG["presets"]))
def test_preset_matches_the_header(name):
    e = REG["presets"][name]
    s = sc.state_convention_from_preset(name)
    assert e["id"] == sc.PresetId[name.upper()] == getattr(sc, e["enum"][len("SPCONV_"):])
    assert sc.preset_id_name(e["id"]) == name
    pose = {f: member(f, v) for f, v in e["pose"].items()}
    assert pose == {"layout": s.pose.layout, "quat_order": s.pose.quat_order, "point": s.pose.point,
                    "orientation": s.pose.frame}
    twist = {f: member(f, v) for f, v in e["twist"].items()}
    assert twist == {f: getattr(s.twist, f) for f in twist}
    assert member("kind", e["accel"]["kind"]) == s.twist.accel
    assert tuple(s.twist) == tuple(sc.convention_from_preset(name))
    # a wrench is the twist's power-conjugate: the same order, point and axes
    assert e["wrench"] == {f: e["twist"][f] for f in e["wrench"]}
    if e["axis_system"] is not None:
        assert e["axis_system"] in REG["axis_systems"]


@pytest.mark.parametrize("name", sorted(REG["axis_systems"]))
def test_axis_system_matches_the_header(name):
    e = REG["axis_systems"][name]
    s = sc.axis_system_preset(name)
    assert tuple(member(a, e[a]) for a in "xyz") == tuple(s)
    assert e["right_handed"] == bool(sc.axis_system_handedness(s))
    up = [a for a in "xyz" if e[a] in ("up", "down")]
    assert e["up"] == ("+" if e[up[0]] == "up" else "-") + up[0]


def facts():
    for section in ("presets", "axis_systems"):
        for name, e in REG[section].items():
            for fact, source in e["sources"].items():
                yield f"{section}.{name}.{fact}", source


def test_every_fact_is_cited_or_listed_unsourced():
    """A fact's source is a citation (a file of a repository at a tag and
    commit, with its line and the words quoted, or a page), a derivation
    from a cited fact, or null; the null ones are exactly the list
    REG["unsourced"]."""
    unsourced = [f for f, source in facts() if source is None]
    assert unsourced == REG["unsourced"]
    for fact, source in facts():
        while source is not None and "derived_from" in source:
            source = source["basis"]
        if source is not None:
            fields = CODE if "repository" in source else ("url", "quote")
            assert sorted(source) == sorted(fields), fact
            assert all(source[f] not in (None, "") for f in fields), fact
    print(f"\nconventions: {len(list(facts()))} facts, {len(unsourced)} unsourced")


def test_every_preset_fact_is_listed():
    """Every preset lists the source of each of its fields (None or not)."""
    for name, e in REG["presets"].items():
        fields = {f"{q}.{f}" for q in ("pose", "twist", "wrench", "accel") for f in e[q]}
        fields |= {"versions"} | ({"axis_system"} if e["axis_system"] else set())
        assert set(e["sources"]) == fields, name


def test_a_preset_by_name_or_id_is_its_entry():
    assert sc.conventions("drake") == sc.conventions(sc.PRESET_DRAKE) == REG["presets"]["drake"]
    assert sc.conventions(np.int64(sc.PRESET_DRAKE)) == sc.conventions(int(sc.PRESET_DRAKE)) == \
        REG["presets"]["drake"]  # any integer, as the other enum arguments take
    for bad in ("no_such_preset", True, float(sc.PRESET_DRAKE), -1):
        with pytest.raises(sc.Error) as info:
            sc.conventions(bad)
        assert (info.value.function, info.value.argument) == ("conventions", "preset"), repr(bad)


def test_each_call_returns_a_new_dict():
    a = sc.conventions()
    a["presets"].clear()
    assert len(sc.conventions()["presets"]) == len(sc.PresetId)
