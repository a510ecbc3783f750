#!/usr/bin/env python3
"""Generates conventions/conventions.json, the machine-readable registry of
the presets of spatial_conv.h, or checks that the committed file is what it
would generate:

    python3 conventions/generate.py --cc cc                  # rewrite the file
    python3 conventions/generate.py --dump-exe EXE --check conventions/conventions.json
    python3 conventions/generate.py --cc cc --list-unsourced

The values come from the header: dump_presets.c, compiled against
include/spatial_conv.h (--cc compiles it, --dump-exe runs a build of it),
prints every preset's conventions as the header's functions return them.
The citations come from conventions/sources.json, their single place. The
schema is documented in docs/engines.md ("The registry"). Fails when
sources.json names a preset, fact or citation the header or the file does
not have, or a citation lacks its fields.
"""
import argparse
import difflib
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
REGISTRY = os.path.join(HERE, "conventions.json")
SOURCES = os.path.join(HERE, "sources.json")

SCHEMA_VERSION = 1
# the fields of each quantity, in the order the registry lists them
POSE = ("layout", "quat_order", "point", "orientation")
TWIST = ("order", "point", "linear_frame", "angular_frame", "angle_unit")
WRENCH = ("order", "point", "linear_frame", "angular_frame")  # the twist's, as its power-conjugate
ACCEL = ("kind",)
AXES = ("x", "y", "z")
CODE_FIELDS = ("repository", "path", "ref", "commit", "line", "quote")
PAGE_FIELDS = ("url", "quote")
ABOUT = ("The conventions of spatial_conv's presets, generated from include/spatial_conv.h "
         "(values) and conventions/sources.json (citations); docs/engines.md, 'The registry', "
         "documents every key.")


def fail(message):
    sys.exit(f"generate.py: {message}")


def dump(exe=None, cc=None):
    """The header's presets as dump_presets prints them (JSON)."""
    if exe is None:
        with tempfile.TemporaryDirectory() as tmp:
            exe = os.path.join(tmp, "dump_presets")
            subprocess.run([cc, "-std=c99", "-I", os.path.join(ROOT, "include"),
                            os.path.join(HERE, "dump_presets.c"), "-o", exe, "-lm"], check=True)
            return json.loads(subprocess.run([exe], check=True, capture_output=True, text=True).stdout)
    return json.loads(subprocess.run([exe], check=True, capture_output=True, text=True).stdout)


def check_citation(key, c):
    fields = CODE_FIELDS if "repository" in c else PAGE_FIELDS
    missing = [f for f in fields if c.get(f) in (None, "")]
    if missing or set(c) - set(fields):
        fail(f"citation {key}: needs exactly {', '.join(fields)} (missing {missing}, "
             f"unknown {sorted(set(c) - set(fields))})")


def resolve(fact, sources, citations, where):
    """The citation of fact ('twist.order'): its own key, else its group's
    ('twist'), else None."""
    key = sources.get(fact, sources.get(fact.split(".")[0]))
    if key is None:
        return None
    if key not in citations:
        fail(f"{where}: {fact} cites {key!r}, which sources.json's citations lack")
    return citations[key]


def known_facts(fields_by_group, extra=()):
    facts = set(extra)
    for group, fields in fields_by_group.items():
        facts.add(group)
        facts.update(f"{group}.{f}" for f in fields)
    return facts


def preset_entry(p, meta, citations, axis_names):
    """The registry's entry of one preset: values from the dump, names and
    citations from sources.json."""
    where = f"preset {p['name']}"
    groups = {"pose": POSE, "twist": TWIST, "wrench": WRENCH, "accel": ACCEL}
    unknown = set(meta["sources"]) - known_facts(groups, ("versions", "axis_system"))
    if unknown:
        fail(f"{where}: sources.json names facts the registry does not have: {sorted(unknown)}")
    if meta["axis_system"] is not None and meta["axis_system"] not in axis_names:
        fail(f"{where}: axis_system {meta['axis_system']!r} is not an axis preset of the header")
    values = {"pose": p["pose"], "twist": p["twist"],
              "wrench": {f: p["twist"][f] for f in WRENCH}, "accel": p["accel"]}
    src = {"versions": resolve("versions", meta["sources"], citations, where)}
    for group, fields in groups.items():
        for f in fields:
            fact = f"{group}.{f}"
            own = meta["sources"].get(fact, meta["sources"].get(group))
            if group == "wrench" and own is None:  # derived from the twist's fact
                basis = src[f"twist.{f}"]
                src[fact] = None if basis is None else {"derived_from": f"twist.{f}", "basis": basis}
            else:
                src[fact] = resolve(fact, meta["sources"], citations, where)
    if meta["axis_system"] is not None:
        src["axis_system"] = resolve("axis_system", meta["sources"], citations, where)
    return {"id": p["id"], "enum": "SPCONV_PRESET_" + p["name"].upper(), "engine": meta["engine"],
            "versions": meta["versions"], **values, "axis_system": meta["axis_system"], "sources": src}


def axis_entry(a, meta, citations):
    where = f"axis system {a['name']}"
    unknown = set(meta.get("sources", {})) - set(AXES)
    if unknown:
        fail(f"{where}: sources.json names facts the registry does not have: {sorted(unknown)}")
    up = [f"{'+' if a[ax] == 'up' else '-'}{ax}" for ax in AXES if a[ax] in ("up", "down")][0]
    return {"id": a["id"], "enum": "SPCONV_AXIS_PRESET_" + a["name"].upper(),
            "x": a["x"], "y": a["y"], "z": a["z"], "up": up, "right_handed": a["right_handed"],
            "sources": {ax: resolve(ax, meta.get("sources", {}), citations, where) for ax in AXES}}


def build(dumped, table):
    """The registry (a dict) from the dump and sources.json."""
    citations = table["citations"]
    for key, c in citations.items():
        check_citation(key, c)
    names = [p["name"] for p in dumped["presets"]]
    axis_names = [a["name"] for a in dumped["axis_systems"]]
    for what, have, listed in (("preset", names, table["presets"]),
                               ("axis preset", axis_names, table["axis_systems"])):
        if what == "preset" and set(have) - set(listed):
            fail(f"sources.json lacks the {what}s {sorted(set(have) - set(listed))} (engine, versions)")
        if set(listed) - set(have):
            fail(f"sources.json names {what}s the header lacks: {sorted(set(listed) - set(have))}")
    reg = {"schema_version": SCHEMA_VERSION, "about": ABOUT,
           "library_version": dumped["library_version"],
           "presets": {p["name"]: preset_entry(p, table["presets"][p["name"]], citations, axis_names)
                       for p in dumped["presets"]},
           "axis_systems": {a["name"]: axis_entry(a, table["axis_systems"].get(a["name"], {}), citations)
                            for a in dumped["axis_systems"]}}
    reg["unsourced"] = unsourced(reg)
    return reg


def unsourced(reg):
    """The facts whose source is null, as 'presets.NAME.FACT' /
    'axis_systems.NAME.AXIS'."""
    return [f"{section}.{name}.{fact}" for section in ("presets", "axis_systems")
            for name, entry in reg[section].items()
            for fact, source in entry["sources"].items() if source is None]


def text(reg):
    return json.dumps(reg, indent=1, ensure_ascii=True) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    how = ap.add_mutually_exclusive_group(required=True)
    how.add_argument("--cc", help="C compiler to build dump_presets.c with")
    how.add_argument("--dump-exe", help="a built dump_presets")
    ap.add_argument("--check", metavar="FILE", help="fail when FILE differs from the generated registry")
    ap.add_argument("--out", default=REGISTRY, help="where to write (default: conventions/conventions.json)")
    ap.add_argument("--sources", default=SOURCES)
    ap.add_argument("--list-unsourced", action="store_true", help="print the facts without a source")
    args = ap.parse_args()
    with open(args.sources, encoding="utf-8") as f:
        reg = build(dump(args.dump_exe, args.cc), json.load(f))
    new = text(reg)
    facts = sum(len(e["sources"]) for s in ("presets", "axis_systems") for e in reg[s].values())
    print(f"generate.py: {facts} facts, {facts - len(reg['unsourced'])} with a source, "
          f"{len(reg['unsourced'])} without")
    if args.list_unsourced:
        print("\n".join(reg["unsourced"]))
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            old = f.read()
        if old != new:
            sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                                       args.check, "generated", n=2))
            print(f"generate.py: {args.check} is not what the header and sources.json give: "
                  "run python3 conventions/generate.py --cc cc", file=sys.stderr)
            return 1
        return 0
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
