"""spatial_conv.conventions(), the registry of the presets' conventions
(conventions/conventions.json), says what the header's presets do: for
every preset its pose, twist, wrench and acceleration fields are the ones
state_convention_from_preset returns, every axis system's axes are
axis_system_preset's, every Euler format's turns are what
quat_wxyz_from_euler_format computes, and the USD stage's metrics are the
header's. Every fact has a source or is listed as unsourced."""
import re

import numpy as np
import pytest
from scipy.spatial.transform import Rotation

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


def turn_matrix(axis, angle):
    """The right-handed rotation by angle (rad) about axis 'x', 'y' or 'z',
    acting on column vectors."""
    k = "xyz".index(axis)
    i, j = (k + 1) % 3, (k + 2) % 3  # the plane turned, in right-handed order
    R = np.eye(3)
    R[i, i] = R[j, j] = np.cos(angle)
    R[i, j], R[j, i] = -np.sin(angle), np.sin(angle)
    return R


def matrix_of_quat(q):
    """Row-major R of the unit quaternion q (w, x, y, z)."""
    w, x, y, z = q
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                     [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                     [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def registry_matrix(e, stored):
    """R of the stored angles as the entry's "matrix" writes it ('Rz(a1)
    Ry(-a0) Rx(-a2)': a product of turns, each by a stored angle or its
    negative), the angles in the entry's unit."""
    rad = np.radians(stored) if e["unit"] == "deg" else np.asarray(stored)
    R = np.eye(3)
    for axis, minus, slot in re.findall(r"R([xyz])\((-?)a([012])\)", e["matrix"]):
        R = R @ turn_matrix(axis, -rad[int(slot)] if minus else rad[int(slot)])
    return R


@pytest.mark.parametrize("name", sorted(REG["euler_formats"]))
def test_euler_format_matches_the_header(name):
    """The registry's matrix, its stored axes and product order, and its
    SciPy equivalent each give the rotation quat_wxyz_from_euler_format
    computes, for random angles of the format's unit."""
    e = REG["euler_formats"][name]
    assert e["id"] == sc.EulerFormat[name.upper()] == getattr(sc, e["enum"][len("SPCONV_"):])
    assert e["unit"] in ("rad", "deg") and sorted(e["product"]) == [0, 1, 2]
    turns = [f"R{e['stored_axes'][s][-1]}({'-' if e['stored_axes'][s][0] == '-' else ''}a{s})"
             for s in e["product"]]
    assert e["matrix"] == " ".join(turns)
    assert e["scipy"]["seq"] == "".join(t[1].upper() for t in turns)
    assert e["scipy"]["angles"] == "(" + ", ".join(t[3:-1] for t in turns) + ")"
    assert e["scipy"]["degrees"] == (e["unit"] == "deg")
    rng = np.random.default_rng(e["id"])
    for stored in rng.uniform(-1.5, 1.5, (20, 3)) * (180 / np.pi if e["unit"] == "deg" else 1):
        got = matrix_of_quat(sc.quat_wxyz_from_euler_format(stored, name))
        np.testing.assert_allclose(got, registry_matrix(e, stored), atol=1e-12)
        signed = [(-1 if e["stored_axes"][s][0] == "-" else 1) * stored[s] for s in e["product"]]
        scipy_R = Rotation.from_euler(e["scipy"]["seq"], signed, degrees=e["scipy"]["degrees"])
        np.testing.assert_allclose(got, scipy_R.as_matrix(), atol=1e-12)


def test_usd_stage_matches_the_header():
    """The stage's metersPerUnit and upAxis fallbacks are the header's, and the up axes
    are those usd_stage_matrix takes (it refuses x)."""
    stage = REG["usd_stage"]
    assert stage["meters_per_unit_fallback"] == sc.USD_METERS_PER_UNIT_FALLBACK
    assert sc.Axis[stage["up_axis_fallback"].upper()] == sc.USD_UP_AXIS_FALLBACK
    for axis in "xyz":
        try:
            sc.usd_stage_matrix(sc.USD_METERS_PER_UNIT_FALLBACK, axis, 1.0, "z")
            taken = True
        except sc.Error:
            taken = False
        assert taken == (axis in stage["up_axes"]), axis


def facts():
    for section in ("presets", "axis_systems", "euler_formats"):
        for name, e in REG[section].items():
            for fact, source in e["sources"].items():
                yield f"{section}.{name}.{fact}", source
    for fact, source in REG["usd_stage"]["sources"].items():
        yield f"usd_stage.{fact}", source


def check_citation(fact, source):
    """A file of a repository at a tag, by commit or, where the commit is
    unresolved, by the released copy it was verified against; or a page."""
    fields = CODE if "repository" in source else ("url", "quote")
    if "verified_against" in source:
        fields += ("verified_against",)
    assert sorted(source) == sorted(fields), fact
    assert all(source[f] not in (None, "") for f in fields if f != "commit"), fact
    assert source.get("commit") or source.get("verified_against") or "url" in source, fact


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
        for citation in source if isinstance(source, list) else [] if source is None else [source]:
            check_citation(fact, citation)
    print(f"\nconventions: {len(list(facts()))} facts, {len(unsourced)} unsourced")


def test_every_preset_fact_is_listed():
    """Every preset lists the source of each of its fields (None or not)."""
    for name, e in REG["presets"].items():
        fields = {f"{q}.{f}" for q in ("pose", "twist", "wrench", "accel") for f in e[q]}
        fields |= {"versions"} | ({"axis_system"} if e["axis_system"] else set())
        assert set(e["sources"]) == fields, name


def test_every_euler_format_fact_is_listed():
    """Every Euler format lists the source of its versions, unit, stored
    axes and product order (None or not), and every format is there."""
    assert sorted(REG["euler_formats"]) == sorted(m.lower() for m in sc.EulerFormat.__members__)
    for name, e in REG["euler_formats"].items():
        assert sorted(e["sources"]) == sorted(["versions", "unit", "stored_axes", "product"]), name


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
