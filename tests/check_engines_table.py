#!/usr/bin/env python3
"""Fails when docs/engines.md's preset table ("Presets") says something
else than the registry conventions/conventions.json (generated from the
header): every preset has one row and every row a preset; per row the
engine and its versions, the pose (layout, quaternion order, point,
orientation), the velocity (order, point, frames, angle unit), a force
written out (order, point, frames) and the acceleration kind.

    python3 tests/check_engines_table.py --registry conventions/conventions.json --engines docs/engines.md

A cell "as `ID`" or "(as `ID`)" reads like that preset's cell, "as above"
like the row above; a force "(conjugate ...)" is the velocity's
power-conjugate and is not compared. Run by ctest (conventions_docs_table).
"""
import argparse
import json
import re
import sys

ROW = re.compile(r"^\| `([A-Z0-9_]+)` \|(.*)\|\s*$")
SAME = re.compile(r"\bas (?:`([A-Z0-9_]+)`|above)")
BRACKET = re.compile(r"[\[{]([^\]}]*)[\]}]")
FRAMES = re.compile(r"(\**[WB]\**) / (\**[WB]\**)")
POINTS = {"C": "com", "O": "origin", "0": "world_origin"}
FRAME = {"W": "world", "B": "body"}


def cells(path):
    """[(ID, [engine, pose, velocity, force, accel, source])] of the table
    of the section "## Presets"."""
    rows = []
    with open(path, encoding="utf-8") as f:
        section = f.read().split("\n## Presets\n", 1)[-1].split("\n## ", 1)[0]
    for line in section.splitlines():
        m = ROW.match(line)
        if m:
            rows.append((m.group(1), [c.strip() for c in m.group(2).split(" | ")]))
    return rows


def pose(cell):
    m = BRACKET.search(cell)
    if m is None:
        return None
    parts = [p.strip() for p in m.group(1).split(";")]
    q = next(p for p in parts if p.startswith("q"))
    p = next(p for p in parts if p.startswith("p_"))
    return {"layout": "pos_quat" if parts.index(p) < parts.index(q) else "quat_pos",
            "quat_order": "xyzw" if "xyzw" in q else "wxyz",
            "point": POINTS[p[2]], "orientation": "inertial" if q.startswith("q_I") else "body"}


def six_vector(cell, linear):
    """order, point and frames of a written-out [a; b] cell (linear: the
    letter of its linear part, v or f)."""
    m = BRACKET.search(cell)
    if m is None:
        return None
    a, b = [s.strip() for s in m.group(1).split(";")]
    lin, ang = (a, b) if a.startswith(linear) else (b, a)
    out = {"order": "linear_first" if a.startswith(linear) else "angular_first"}
    sub = re.search(r"_([CO0])\b", lin if linear == "v" else ang)
    at = re.search(r"\bat ([O0])\b", cell[m.end():])
    if sub or at:
        out["point"] = POINTS[(sub or at).group(1)]
    fr = FRAMES.search(cell[m.end():])
    if fr:
        out["linear_frame"], out["angular_frame"] = (FRAME[g.strip("*")] for g in fr.groups())
    return out


def compare(name, what, got, want, errors):
    for k, v in (got or {}).items():
        if want[k] != v:
            errors.append(f"{name}: the table's {what} says {k} = {v}, the registry {want[k]}")


def check(rows, reg):
    errors = []
    ids = [i for i, _ in rows]
    want_ids = {e["enum"][len("SPCONV_PRESET_"):]: n for n, e in reg["presets"].items()}
    errors += [f"{i}: a preset without a row in the table" for i in sorted(set(want_ids) - set(ids))]
    errors += [f"{i}: a row of no preset" for i in sorted(set(ids) - set(want_ids))]
    errors += [f"{i}: more than one row" for i in sorted({i for i in ids if ids.count(i) > 1})]
    parsed = {}
    for k, (i, c) in enumerate(rows):
        if i not in want_ids:
            continue
        if len(c) != 6:
            errors.append(f"{i}: expected 7 columns")
            continue
        e = reg["presets"][want_ids[i]]
        engine = c[0].replace("`", "")
        if not engine.startswith(e["engine"]):
            errors.append(f"{i}: the table's engine {c[0]!r} is not {e['engine']!r}")
        for part in (e["versions"] or "").split("; "):
            if part not in engine:
                errors.append(f"{i}: the table's engine cell {c[0]!r} lacks the versions {part!r}")
        cols = {}
        for col, key, parse in ((1, "pose", pose), (2, "twist", lambda s: six_vector(s, "v")),
                                (3, "wrench", lambda s: six_vector(s, "f"))):
            same = SAME.search(c[col]) if BRACKET.search(c[col]) is None else None
            if same:
                ref = same.group(1) or rows[k - 1][0]
                cols[key] = parsed.get(ref, {}).get(key)
            elif key == "wrench" and c[col].startswith("("):
                cols[key] = None  # (conjugate ...): the twist's power-conjugate
            else:
                cols[key] = parse(c[col])
                if cols[key] is None:
                    errors.append(f"{i}: the table's {key} cell {c[col]!r} has no [..] layout")
        if cols["twist"] is not None:
            cols["twist"]["angle_unit"] = "deg" if "deg/s" in c[2] else "rad"
        parsed[i] = cols
        for key in ("pose", "twist", "wrench"):
            compare(i, key, cols[key], e[key], errors)
        kind = c[4].split()[0] if c[4] else ""
        if kind != e["accel"]["kind"]:
            errors.append(f"{i}: the table's accel {c[4]!r} is not {e['accel']['kind']}")
    return errors


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--registry", required=True)
    ap.add_argument("--engines", required=True)
    args = ap.parse_args()
    with open(args.registry, encoding="utf-8") as f:
        reg = json.load(f)
    rows = cells(args.engines)
    errors = check(rows, reg)
    for e in errors:
        print(f"check_engines_table: {e}", file=sys.stderr)
    print(f"check_engines_table: {len(rows)} rows compared with {len(reg['presets'])} presets, "
          f"{len(errors)} differences")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
