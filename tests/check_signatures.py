#!/usr/bin/env python3
"""Checks the argument order of every public prototype against the rules of
docs/stability.md ("Arguments"):

  1. Results first: parameters named res / res_* (and their *_stride) come
     before every other parameter.
  2. A convention descriptor (const spconv_convention *, spconv_pose_convention
     *, spconv_state_convention *) follows the array it describes: `to`
     directly after the results, `from` directly after an input array (or
     that array's stride).
  3. The two ends of a change (axes, axis systems and presets, units, shape
     formats: the from*/to* parameters that are not conventions) come after
     every array, the source before the target.

and every public function name against the storage rule of docs/stability.md
("Quaternion storage in a name"):

  4. A storage word (wxyz, xyzw) follows the word of the quaternion or pose
     it stores (quat, quats, pose, joint_q) in a conversion `<result>_from_<input>`
     and in a change (`_change_`), or stands alone after `from` when the
     input is the result's kind in another storage (`quat_wxyz_from_xyzw`);
     in any other name it is the last word (before `_n`): `quat_mul_wxyz`,
     `pose_exp_wxyz`, `twist_transform_wxyz`.

    python3 tests/check_signatures.py [--header H]

Run by ctest (api_signatures) and CI.
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CONVENTION_TYPES = ("spconv_convention", "spconv_pose_convention", "spconv_state_convention")


def prototypes(header_text):
    start = header_text.index(">>decl\n")
    end = header_text.index(">>deprecated\n", start)
    block = re.sub(r"/\*.*?\*/|//[^\n]*", " ", header_text[start:end], flags=re.S)
    block = re.sub(r"^\s*#[^\n]*$", " ", block, flags=re.M)
    for m in re.finditer(r"\b(spconv_\w+)\s*\(([^;{]*?)\)\s*;", block, re.S):
        params = []
        for p in m.group(2).split(","):
            p = " ".join(p.split())
            if p in ("", "void"):
                continue
            name = re.search(r"(\w+)\s*(\[[^\]]*\])?$", p).group(1)
            params.append((p, name))
        yield m.group(1), params


def is_result(name):
    return name == "res" or name.startswith("res_")


def is_array(decl):
    return "*" in decl or "[" in decl


def check(fn, params):
    problems = []
    names = [n for _, n in params]
    res_idx = [i for i, n in enumerate(names) if is_result(n)]
    if res_idx and res_idx[-1] != len(res_idx) - 1:
        problems.append(f"{fn}: results are not first ({', '.join(names)})")
    for i, (decl, name) in enumerate(params):
        convention = any(re.search(rf"\b{t}\s*\*", decl) for t in CONVENTION_TYPES)
        if convention and name == "to":
            if not res_idx or i != res_idx[-1] + 1:
                problems.append(f"{fn}: `to` does not follow the results ({', '.join(names)})")
        elif convention and name == "from":
            prev_decl, prev = params[i - 1] if i > 0 else ("", "")
            if is_result(prev) or not (is_array(prev_decl) or prev.endswith("_stride")):
                problems.append(f"{fn}: `from` does not follow an input array ({', '.join(names)})")
        elif not convention and re.match(r"(from|to)(_|$)", name):
            later_arrays = [n for d, n in params[i + 1:] if is_array(d)]
            if later_arrays:
                problems.append(f"{fn}: `{name}` comes before the array {later_arrays[0]}")
            if name.startswith("to"):
                source = "from" + name[2:]
                if source in names and names.index(source) > i:
                    problems.append(f"{fn}: `{name}` comes before `{source}`")
    return problems


STORAGE = ("wxyz", "xyzw")
STORED = ("quat", "quats", "pose", "q")  # q: joint_q, whose free and ball joints hold quaternions


def check_name(fn):
    """Problems of a function name with the storage rule (4. above)."""
    words = fn[len("spconv_"):].split("_")
    if words[-1] == "n":
        words = words[:-1]
    at = [i for i, w in enumerate(words) if w in STORAGE]
    if not at:
        return []
    conversion = "from" in words or "change" in words
    problems = []
    for i in at:
        prev = words[i - 1] if i > 0 else ""
        if conversion:
            ok = prev in STORED or (prev == "from" and i >= 3 and words[i - 2] in STORAGE)
        else:
            ok = i == len(words) - 1 and len(at) == 1
        if not ok:
            where = "after quat/quats/pose/joint_q" if conversion else "last"
            problems.append(f"{fn}: storage `{words[i]}` is not {where} (docs/stability.md)")
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--header", default=os.path.join(HERE, "..", "include", "spatial_conv.h"))
    args = ap.parse_args()
    text = open(args.header, encoding="utf-8").read()
    protos = list(prototypes(text))
    problems = [p for fn, params in protos for p in check(fn, params) + check_name(fn)]
    for p in problems:
        print("FAILED:", p)
    if len(protos) < 150:
        print(f"FAILED: only {len(protos)} prototypes found")
        return 1
    if problems:
        return 1
    n_conv = sum(1 for _, ps in protos for d, n in ps if n in ("to", "from") and "convention" in d)
    print(f"api_signatures: {len(protos)} prototypes, results first; {n_conv} convention "
          "descriptors beside their arrays; changes of axes, units and formats from -> to; "
          f"{sum(1 for fn, _ in protos if any(w in fn for w in STORAGE))} names with a storage "
          "word where the rule puts it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
