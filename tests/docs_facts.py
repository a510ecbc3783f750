#!/usr/bin/env python3
"""Fails when an engine fact in the header or the docs goes stale.

Each fact below was read from the engine's own repository; the sources are
cited where the fact is stated (include/spatial_conv.h, the preset comments;
docs/engines.md, "Presets"). This script checks two things, on the text with
its whitespace collapsed (so a phrase may wrap over lines and comment
indentation):

- stale phrases are absent from include/spatial_conv.h, docs/*.md and
  README.md (e.g. a Newton boundary given as "before beta-0.1.2", which
  every tag from beta-1-0 to beta-0.1.2 contradicts: they are already
  linear first and all report version 0.1.1.a2);
- required statements are present where each preset is documented.

It also checks that every `spconv_state_convert(...)` call written in the
docs passes as many arguments as the header's prototype takes.
Run by ctest (docs_facts) and CI:

    python3 tests/docs_facts.py [--root DIR]
"""
import argparse
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

HEADER = "include/spatial_conv.h"
ENGINES = "docs/engines.md"
MUJOCO_NEWTON = "docs/mujoco_newton.md"
CONVENTIONS = "docs/conventions.md"
PITFALLS = "docs/pitfalls.md"

# (regex, why it is wrong). Searched in the header, docs/*.md and README.md.
STALE = [
    (r"(before|<)\s*(its\s+|the\s+)?beta-0\.1\.2",
     "Newton's order changed in PR #643 (2025-09-08): beta-1-0, beta-1-1 and "
     "beta-0.1.2 are already linear first and all report 0.1.1.a2; state the "
     "boundary by PR / commit / date and the tags alpha-0, alpha-1"),
    (r"Warp 1\.x",
     "warp.sim exists in Warp 1.0 to 1.9.x only (removed in 1.10.0)"),
    (r"for every solver",
     "Newton 1.0's Conventions page excepts SolverFeatherstone (\"Newton "
     "(except the Featherstone solver)\")"),
    (r"\(3\.x too\)|6-vectors: 3\.x too",
     "the 2.x presets read poses as wxyz; Isaac Lab 3.x poses are xyzw: "
     "point to ISAACLAB3 / ISAACLAB3_LINK"),
    (r"Isaac Lab 2\.x / 3\.x ArticulationData",
     "the ISAACLAB / ISAACLAB_LINK presets are 2.x; 3.x has its own presets"),
    (r"rigid_link\.py\)?:\s*`?get_vel`?\s*\"?linear velocity",
     "RigidLink.get_vel (rigid_link.py) has no ref; the ref=\"link_origin\" "
     "default is in rigid_entity.py and the rigid solver"),
    (r"`rigid_link\.py`\s*/\s*`rigid_entity\.py`:\s*`get_vel`",
     "RigidLink.get_vel (rigid_link.py) has no ref; cite rigid_entity.py and "
     "the rigid solver for ref=\"link_origin\""),
    (r"the Newton recipes apply",
     "Isaac Lab's root_com_pose_w is the inertial frame's pose (PhysX): use "
     "spconv_state_convert with ISAACLAB3 and MuJoCo's body_iquat"),
    (r"\(MuJoCo's `body_iquat` does not enter\)",
     "true for Newton only: Isaac Lab's root_com_pose_w needs body_iquat"),
    (r"the child frame's own velocity",
     "nav_msgs/Odometry names the twist's axes, not its point: say that the "
     "child frame's origin is this library's assumption"),
]

# (file, regex, what must be said). Searched in that file only.
REQUIRED = [
    # 1. Newton and warp.sim version boundaries
    (HEADER, r"PR #643", "the NEWTON / WARP_SIM boundary by PR (#643)"),
    (HEADER, r"ad0ce6a", "the boundary's commit (ad0ce6a)"),
    (HEADER, r"2025-09-08", "the boundary's date (2025-09-08)"),
    (HEADER, r"alpha-0,?\s+alpha-1", "the angular-first tags alpha-0, alpha-1"),
    (HEADER, r"0\.1\.1\.a2", "that the beta tags report version 0.1.1.a2"),
    (HEADER, r"PR #1160", "SolverFeatherstone's world-origin period ends with PR #1160"),
    (HEADER, r"v0\.2\.2", "PR #1160's first tag, v0.2.2"),
    (HEADER, r"PINOCCHIO_WORLD's layout",
     "SolverFeatherstone's body_qd / body_f from #643 to #1160 = PINOCCHIO_WORLD"),
    (HEADER, r"excepts SolverFeatherstone", "Newton 1.0's exception for SolverFeatherstone"),
    (HEADER, r"Warp 1\.0 to 1\.9\.x,?\s+removed in 1\.10\.0",
     "warp.sim's Warp versions (1.0 to 1.9.x, removed in 1.10.0)"),
    (HEADER, r"SPCONV_PRESET_WARP_SIM,\s*/\*[^*]*PR #643",
     "the WARP_SIM enum comment gives the boundary by PR #643"),
    (ENGINES, r"PR #643", "the boundary by PR (#643)"),
    (ENGINES, r"`ad0ce6a`", "the boundary's commit"),
    (ENGINES, r"2025-09-08", "the boundary's date"),
    (ENGINES, r"`alpha-0` and `alpha-1`", "the angular-first tags"),
    (ENGINES, r"`beta-1-0`, `beta-1-1` and `beta-0\.1\.2`", "the linear-first beta tags"),
    (ENGINES, r"\"0\.1\.1\.a2\"", "the version string they all report"),
    (ENGINES, r"PR #1160", "the end of SolverFeatherstone's world-origin period"),
    (ENGINES, r"2025-12-16", "PR #1160's date"),
    (ENGINES, r"`v0\.2\.2`", "PR #1160's first tag"),
    (ENGINES, r"`PINOCCHIO_WORLD` preset",
     "SolverFeatherstone from #643 to #1160 has PINOCCHIO_WORLD's layout"),
    (ENGINES, r"\"Newton \(except the Featherstone solver\)\"",
     "Newton 1.0's Conventions page wording"),
    (ENGINES, r"Warp 1\.0 to 1\.9\.x", "warp.sim's Warp versions"),
    (ENGINES, r"Warp 1\.10\.0 removed it|removed in 1\.10\.0", "warp.sim's removal in 1.10.0"),
    (CONVENTIONS, r"PR #643", "Newton's linear-first boundary"),
    (CONVENTIONS, r"PR #1160", "SolverFeatherstone's world-origin period"),
    # 2. Isaac Lab 3.x poses depend on the physics backend
    (HEADER, r"SPCONV_PRESET_ISAACLAB,\s*/\*[^*]*ISAACLAB3",
     "the ISAACLAB enum comment points 3.x users to ISAACLAB3"),
    (HEADER, r"SPCONV_PRESET_ISAACLAB_LINK,\s*/\*[^*]*ISAACLAB3_LINK",
     "the ISAACLAB_LINK enum comment points 3.x users to ISAACLAB3_LINK"),
    (HEADER, r"SPCONV_PRESET_ISAACLAB3,\s*/\*[^*]*Newton backend",
     "the ISAACLAB3 enum comment names the Newton backend's iquat"),
    (HEADER, r"In Newton, body com pose always has unit quaternion",
     "Isaac Lab's Newton backend: COM pose with the link's orientation"),
    (HEADER, r"ISAACLAB3 holds only with iquat = identity",
     "ISAACLAB3 under the Newton backend needs iquat = identity"),
    (HEADER, r"Lab's Newton backend keeps the link's orientation",
     "SPCONV_POSE_FRAME_INERTIAL's Isaac Lab example holds under PhysX only"),
    (ENGINES, r"depends on the physics backend", "root_com_pose_w per backend"),
    (ENGINES, r"In Newton, body com pose always has unit quaternion", "the Newton backend's docstring"),
    (ENGINES, r"isaaclab_physx/assets/kernels\.py", "the PhysX backend's source"),
    (ENGINES, r"pass NULL for iquat", "the cookbook's Newton-backend call"),
    (CONVENTIONS, r"In Newton, body com pose always has unit quaternion",
     "conventions.md's Isaac Lab section: root_com_pose_w per backend"),
    (PITFALLS, r"ISAACLAB3", "the pitfalls name the 3.x presets"),
    (PITFALLS, r"Newton backend", "the pitfalls name the Newton backend's COM pose"),
    # 3. Genesis, Gazebo, ROS odometry
    (HEADER, r"rigid_entity\.py", "Genesis's ref=\"link_origin\" default: rigid_entity.py"),
    (HEADER, r"RigidLink\.get_vel \(rigid_link\.py\) takes no ref", "RigidLink.get_vel has no ref"),
    (ENGINES, r"rigid_entity/rigid_entity\.py", "Genesis's ref=\"link_origin\" default: rigid_entity.py"),
    (ENGINES, r"`RigidLink\.get_vel` takes no `ref`", "RigidLink.get_vel has no ref"),
    (HEADER, r"GZ_SIM\s+Gazebo", "the GZ_SIM source comment says Gazebo"),
    (ENGINES, r"\| `GZ_SIM` \| Gazebo", "the GZ_SIM table row says Gazebo"),
    (HEADER, r"names no reference\s+point", "ROS odometry: the message names no point"),
    (HEADER, r"preset takes the child frame's origin", "ROS odometry: the library's assumption"),
    (ENGINES, r"ROS odometry's reference point", "ROS odometry: the assumption and why"),
    (ENGINES, r"assumes the child frame's origin", "ROS odometry: the library's assumption"),
    # 4. the MuJoCo / Isaac Lab cookbook
    (MUJOCO_NEWTON, r"`spconv_state_convert` with the `ISAACLAB3` preset",
     "the intro points Isaac Lab users to spconv_state_convert and ISAACLAB3"),
    (MUJOCO_NEWTON, r"SPCONV_PRESET_ISAACLAB3\);\s+return spconv_state_convert\(",
     "section 5 converts a root_com_state_w row with spconv_state_convert"),
    (MUJOCO_NEWTON, r"m->body_iquat \+ 4 \* b\);", "section 5 passes MuJoCo's body_iquat"),
    (MUJOCO_NEWTON, r"pass `NULL` instead of", "section 5: iquat NULL under the Newton backend"),
]


def read(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        return f.read()


def flat(text):
    return re.sub(r"\s+", " ", text)


def prototype_arity(header_text, name):
    m = re.search(r"\bSPCONV_API\s+int\s+" + name + r"\s*\(([^;{)]*)\)", header_text)
    if not m:
        return None
    return m.group(1).count(",") + 1


def call_arities(text, name):
    """Argument counts of the calls name(...) written in text."""
    out = []
    for m in re.finditer(r"\b" + name + r"\(", text):
        depth, i, commas = 1, m.end(), 0
        while i < len(text) and depth:
            c = text[i]
            if c in "([":
                depth += 1
            elif c in ")]":
                depth -= 1
            elif c == "," and depth == 1:
                commas += 1
            i += 1
        if depth == 0:
            line = text.count("\n", 0, m.start()) + 1
            out.append((line, commas + 1))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.dirname(HERE), help="the project's root")
    args = ap.parse_args()
    root = args.root

    scanned = [HEADER, "README.md"] + sorted(
        os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "docs", "*.md")))
    texts = {}
    for rel in scanned + [ENGINES, MUJOCO_NEWTON, CONVENTIONS, PITFALLS]:
        if rel not in texts and os.path.exists(os.path.join(root, rel)):
            texts[rel] = read(root, rel)
    errors = []
    for rel in (ENGINES, MUJOCO_NEWTON, CONVENTIONS, PITFALLS, HEADER):
        if rel not in texts:
            errors.append("%s: missing" % rel)

    for rel in scanned:
        if rel not in texts:
            continue
        text = flat(texts[rel])
        for pattern, why in STALE:
            for m in re.finditer(pattern, text):
                errors.append("%s: stale phrase \"%s\": %s" % (rel, m.group(0), why))

    for rel, pattern, what in REQUIRED:
        if rel in texts and not re.search(pattern, flat(texts[rel])):
            errors.append("%s: missing statement (%s): /%s/" % (rel, what, pattern))

    arity = prototype_arity(texts.get(HEADER, ""), "spconv_state_convert")
    if arity is None:
        errors.append("%s: no prototype of spconv_state_convert" % HEADER)
    else:
        for rel in scanned:
            if rel == HEADER or rel not in texts:
                continue
            for line, n in call_arities(texts[rel], "spconv_state_convert"):
                if n != arity:
                    errors.append("%s:%d: spconv_state_convert(...) with %d arguments, the "
                                  "header's takes %d" % (rel, line, n, arity))

    if errors:
        for e in errors:
            print("docs_facts: " + e, file=sys.stderr)
        print("docs_facts: %d problem(s)" % len(errors), file=sys.stderr)
        return 1
    print("docs_facts: %d stale patterns absent from %d files, %d statements present, "
          "spconv_state_convert calls take %d arguments" %
          (len(STALE), len([r for r in scanned if r in texts]), len(REQUIRED), arity))
    return 0


if __name__ == "__main__":
    sys.exit(main())
