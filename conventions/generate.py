#!/usr/bin/env python3
"""Generates conventions/conventions.json, the machine-readable registry of
the presets, Euler formats and USD stage metrics of spatial_conv.h, or checks that the committed file is what it
would generate:

    python3 conventions/generate.py --cc cc                  # rewrite the file
    python3 conventions/generate.py --dump-exe EXE --check conventions/conventions.json
    python3 conventions/generate.py --cc cc --list-unsourced

The values come from the header: dump_presets.c, compiled against
include/spatial_conv.h (--cc compiles it, --dump-exe runs a build of it),
prints every preset's conventions and every Euler format's turns as the
header's functions return them.
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
EULER = ("versions", "unit", "stored_axes", "product")  # an Euler format's cited facts
USD_STAGE = ("versions", "meters_per_unit_fallback", "up_axis_fallback", "up_axes")
SECTIONS = ("presets", "axis_systems", "euler_formats")  # of entries with sources
CODE_FIELDS = ("repository", "path", "ref", "commit", "line", "quote")
# a file read at a tag whose commit could not be resolved: commit null and
# the copy it was read from
UNRESOLVED_COMMIT = "verified_against"
PAGE_FIELDS = ("url", "quote")
ABOUT = ("The conventions of spatial_conv's presets, axis systems, Euler formats and USD stage "
         "metrics, generated from include/spatial_conv.h "
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
    if "repository" in c and UNRESOLVED_COMMIT in c:
        fields += (UNRESOLVED_COMMIT,)
    missing = [f for f in fields if c.get(f) in (None, "")
               and not (f == "commit" and c.get(UNRESOLVED_COMMIT))]
    if missing or set(c) - set(fields):
        fail(f"citation {key}: needs exactly {', '.join(fields)} (missing {missing}, "
             f"unknown {sorted(set(c) - set(fields))})")


def resolve(fact, sources, citations, where):
    """The citation of fact ('twist.order'): its own key, else its group's
    ('twist'), else None; a list of keys gives the list of their citations."""
    key = sources.get(fact, sources.get(fact.split(".")[0]))
    if key is None:
        return None
    for k in key if isinstance(key, list) else [key]:
        if k not in citations:
            fail(f"{where}: {fact} cites {k!r}, which sources.json's citations lack")
    return [citations[k] for k in key] if isinstance(key, list) else citations[key]


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


def turn(axis, slot):
    """'Ry(-a0)' for stored slot 0 turning by minus its angle about y."""
    return f"R{axis[-1]}({'-' if axis[0] == '-' else ''}a{slot})"


def euler_entry(e, meta, citations):
    """The registry's entry of one Euler format: the dump's probed unit,
    stored axes and product order, the matrix and SciPy's equivalent they
    give, the tool and citations from sources.json."""
    where = f"Euler format {e['name']}"
    unknown = set(meta["sources"]) - set(EULER)
    if unknown:
        fail(f"{where}: sources.json names facts the registry does not have: {sorted(unknown)}")
    axes, order = e["stored_axes"], e["product"]
    angles = [f"{'-' if axes[s][0] == '-' else ''}a{s}" for s in order]
    scipy = {"seq": "".join(axes[s][-1].upper() for s in order),
             "angles": f"({', '.join(angles)})", "degrees": e["unit"] == "deg"}
    return {"id": e["id"], "enum": "SPCONV_EULER_FORMAT_" + e["name"].upper(), "tool": meta["tool"],
            "versions": meta["versions"], "unit": e["unit"], "stored_axes": axes, "product": order,
            "matrix": " ".join(turn(axes[s], s) for s in order), "scipy": scipy,
            "sources": {f: resolve(f, meta["sources"], citations, where) for f in EULER}}


def usd_stage_entry(stage, meta, citations):
    unknown = set(meta["sources"]) - set(USD_STAGE)
    if unknown:
        fail(f"usd_stage: sources.json names facts the registry does not have: {sorted(unknown)}")
    return {"tool": meta["tool"], "versions": meta["versions"], **stage,
            "sources": {f: resolve(f, meta["sources"], citations, "usd_stage") for f in USD_STAGE}}


def check_names(dumped, table):
    """Fails when sources.json and the header disagree on which presets and
    Euler formats there are (an axis preset may go without an entry)."""
    for what, section in (("preset", "presets"), ("axis preset", "axis_systems"),
                          ("Euler format", "euler_formats")):
        have, listed = [e["name"] for e in dumped[section]], table[section]
        if section != "axis_systems" and set(have) - set(listed):
            fail(f"sources.json lacks the {what}s {sorted(set(have) - set(listed))}")
        if set(listed) - set(have):
            fail(f"sources.json names {what}s the header lacks: {sorted(set(listed) - set(have))}")


def build(dumped, table):
    """The registry (a dict) from the dump and sources.json."""
    citations = table["citations"]
    for key, c in citations.items():
        check_citation(key, c)
    check_names(dumped, table)
    axis_names = [a["name"] for a in dumped["axis_systems"]]
    reg = {"schema_version": SCHEMA_VERSION, "about": ABOUT,
           "library_version": dumped["library_version"],
           "presets": {p["name"]: preset_entry(p, table["presets"][p["name"]], citations, axis_names)
                       for p in dumped["presets"]},
           "axis_systems": {a["name"]: axis_entry(a, table["axis_systems"].get(a["name"], {}), citations)
                            for a in dumped["axis_systems"]},
           "euler_formats": {e["name"]: euler_entry(e, table["euler_formats"][e["name"]], citations)
                             for e in dumped["euler_formats"]},
           "usd_stage": usd_stage_entry(dumped["usd_stage"], table["usd_stage"], citations)}
    reg["unsourced"] = unsourced(reg)
    return reg


def unsourced(reg):
    """The facts whose source is null, as 'presets.NAME.FACT',
    'axis_systems.NAME.AXIS', 'euler_formats.NAME.FACT', 'usd_stage.FACT'."""
    return [f"{section}.{name}.{fact}" for section in SECTIONS
            for name, entry in reg[section].items()
            for fact, source in entry["sources"].items() if source is None] + \
        [f"usd_stage.{fact}" for fact, source in reg["usd_stage"]["sources"].items() if source is None]


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
    facts = sum(len(e["sources"]) for s in SECTIONS for e in reg[s].values()) + \
        len(reg["usd_stage"]["sources"])
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
