#!/usr/bin/env python3
"""Conformance checker: does an engine store a rigid body's pose, twist and
wrench the way its convention (a preset of spatial_conv's registry) says?

NumPy only; copy this file and vectors-1.json into any project. It never
imports spatial_conv: the expected arrays come from the vectors, which
conformance/generate_vectors.py computes from first principles.

An adapter is any object with
    preset                    the preset's name ("mujoco_free", "newton", ...)
    read(body) -> dict        the arrays the engine stores for this body:
                              "pose" (7), "twist" (6), "wrench" (6); a key
                              left out is not checked
and optionally
    write(body, arrays)       store these arrays (same keys) in the engine,
                              so that the next read(body) returns them
    jacobian(body) -> dict    {point: 6 x nv}, point "origin", "com" or
                              "world_origin": rows [linear; angular], world
                              axes, so that J @ qvel = [v of the point; w]
    qvel(body) -> nv array    the joint velocities J multiplies
`body` is one entry of the vectors' "bodies" (name, model, state, load):
the adapter puts that body into its engine as it likes and reads back.

    python3 check.py --preset NAME --arrays FILE.json   (a JSON adapter)
    python3 check.py --preset NAME --adapter FILE.py:FACTORY
    check.check(adapter) -> Report (report.ok, report.problems, str(report))

FILE.json is {"bodies": {NAME: {"pose": [...], "twist": [...], "wrench":
[...], "jacobian": {point: [[...]]}, "qvel": [...]}}}. Exit status 0 when
every check passes, 1 when one fails, 2 for a usage error.
"""
import argparse
import importlib.util
import json
import math
import os
import sys

import numpy as np

VECTORS_VERSION = 1
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_VECTORS = os.path.join(HERE, f"vectors-{VECTORS_VERSION}.json")
DEG_PER_RAD = 180.0 / math.pi
POINT_WORDS = {"com": "the COM", "origin": "the origin", "world_origin": "the body point at the world origin"}
FRAME_WORDS = {"world": "world axes", "body": "body axes"}


def load_vectors(path=None):
    """The parsed vectors file (default: vectors-1.json beside this file)."""
    with open(path or DEFAULT_VECTORS, encoding="utf-8") as f:
        vectors = json.load(f)
    if vectors.get("vectors_version") != VECTORS_VERSION:
        raise ValueError(f"{path}: vectors_version {vectors.get('vectors_version')!r}, "
                         f"this checker reads {VECTORS_VERSION}")
    return vectors


# ----------------------------------------------------------- layouts
# `quantities` (one body of the vectors) holds every candidate a stored
# array may contain: positions of points, orientations (wxyz, body ->
# world), velocities of points in world or body axes, angular velocity,
# force, torques about points. A layout (registry entry) picks and orders.

def quat_in_order(q_wxyz, order):
    """q (w, x, y, z) stored in `order` ("wxyz" or "xyzw")."""
    q = list(q_wxyz)
    return q if order == "wxyz" else q[1:] + q[:1]


def pose_array(layout, quantities, quat_order=None, point=None, orientation=None):
    """The 7 pose reals under layout["pose"]; keywords replace one fact."""
    pose = layout["pose"]
    pos = quantities["position"][point or pose["point"]]
    quat = quat_in_order(quantities["orientation_wxyz"][orientation or pose["orientation"]],
                         quat_order or pose["quat_order"])
    return list(pos) + quat if pose["layout"] == "pos_quat" else quat + list(pos)


def twist_array(layout, quantities):
    """The 6 twist reals under layout["twist"]: linear part the velocity of
    its point in its linear frame, angular part in its frame and unit."""
    t = layout["twist"]
    lin = list(quantities["velocity"][t["point"]][t["linear_frame"]])
    scale = DEG_PER_RAD if t["angle_unit"] == "deg" else 1.0
    ang = [scale * x for x in quantities["angular_velocity"][t["angular_frame"]]]
    return lin + ang if t["order"] == "linear_first" else ang + lin


def wrench_array(layout, quantities):
    """The 6 wrench reals under layout["wrench"]: force in its linear frame,
    torque about its point in its angular frame (N m under every unit)."""
    w = layout["wrench"]
    force = list(quantities["force"][w["linear_frame"]])
    torque = list(quantities["torque"][w["point"]][w["angular_frame"]])
    return force + torque if w["order"] == "linear_first" else torque + force


def preset_arrays(layout, quantities):
    """{"pose", "twist", "wrench"} stored under a registry layout."""
    return {"pose": pose_array(layout, quantities), "twist": twist_array(layout, quantities),
            "wrench": wrench_array(layout, quantities)}


def power(layout, twist, wrench):
    """f.v + tau.w of stored arrays (tau.w scaled by pi/180 under degrees)."""
    t, w = layout["twist"], layout["wrench"]
    v, om = (twist[:3], twist[3:]) if t["order"] == "linear_first" else (twist[3:], twist[:3])
    f, tau = (wrench[:3], wrench[3:]) if w["order"] == "linear_first" else (wrench[3:], wrench[:3])
    scale = 1.0 / DEG_PER_RAD if t["angle_unit"] == "deg" else 1.0
    return float(np.dot(f, v) + scale * np.dot(tau, om))


# ------------------------------------------------------- comparisons

def close(got, want, tol):
    """|got - want| <= tol (1 + max|want|), elementwise; shapes must agree."""
    got, want = np.asarray(got, dtype=float), np.asarray(want, dtype=float)
    if got.shape != want.shape:
        return False
    return bool(np.all(np.abs(got - want) <= tol * (1.0 + np.max(np.abs(want), initial=0.0))))


def close_quat(got, want, tol):
    """Same rotation: q and -q are equal."""
    return close(got, want, tol) or close(-np.asarray(got, dtype=float), want, tol)


def first_match(got, candidates, tol, compare=close):
    """The key of the first candidate that got matches, else None."""
    for key, value in candidates:
        if compare(got, value, tol):
            return key
    return None


def vec_text(x):
    return "[" + ", ".join(f"{v:.6g}" for v in np.asarray(x, dtype=float).ravel()) + "]"


# -------------------------------------------------------- diagnoses
# Each returns a list of problems (strings); empty when the part matches.

def pose_parts(x, pose):
    """(position, quaternion) of a stored pose."""
    return (x[:3], x[3:]) if pose["layout"] == "pos_quat" else (x[4:], x[:4])


def diagnose_pose(got, layout, q, tol):
    pose = layout["pose"]
    got = np.asarray(got, dtype=float)
    if got.shape != (7,):
        return [f"pose has shape {got.shape}, expected (7,)"]
    want_pos, want_quat = pose_parts(np.asarray(pose_array(layout, q)), pose)
    pos, quat = pose_parts(got, pose)
    if close(pos, want_pos, tol) and close_quat(quat, want_quat, tol):
        return []
    other = dict(pose, layout="quat_pos" if pose["layout"] == "pos_quat" else "pos_quat")
    pos2, quat2 = pose_parts(got, other)
    if close(pos2, want_pos, tol) and close_quat(quat2, want_quat, tol):
        return [f"pose layout looks swapped ({other['layout']} stored, expected {pose['layout']})"]
    problems = []
    if not close(pos, want_pos, tol):
        hit = first_match(pos, [(k, v) for k, v in q["position"].items() if k != pose["point"]], tol)
        problems.append(f"position of the wrong point: matches {POINT_WORDS[hit]}, expected "
                        f"{POINT_WORDS[pose['point']]}" if hit else
                        f"position matches no point of the body: got {vec_text(pos)}, expected "
                        f"{POINT_WORDS[pose['point']]} {vec_text(want_pos)}")
    if not close_quat(quat, want_quat, tol):
        problems.append(diagnose_quat(quat, pose, q, tol))
    return problems


def diagnose_quat(quat, pose, q, tol):
    """Why a stored quaternion differs: its order, its frame, inverted."""
    order = pose["quat_order"]
    orders = (order, "xyzw" if order == "wxyz" else "wxyz")
    for frame, qw in q["orientation_wxyz"].items():
        for inverted in (False, True):
            cand = [qw[0], -qw[1], -qw[2], -qw[3]] if inverted else qw
            for stored in orders:
                if not close_quat(quat, quat_in_order(cand, stored), tol):
                    continue
                wrong = []
                if stored != order:
                    wrong.append(f"order looks swapped ({stored} read as {order})")
                if frame != pose["orientation"]:
                    wrong.append(f"is the {frame} frame's orientation, expected the {pose['orientation']} frame's")
                if inverted:
                    wrong.append("is inverted (world -> body instead of body -> world)")
                return "quaternion " + "; and ".join(wrong)
    return (f"quaternion matches no orientation of the body: got {vec_text(quat)}, expected "
            f"{vec_text(pose_parts(np.asarray(pose_array({'pose': pose}, q)), pose)[1])} ({order})")


def split6(x, order):
    """(linear, angular) halves of a 6-vector stored in `order`."""
    x = np.asarray(x, dtype=float)
    return (x[:3], x[3:]) if order == "linear_first" else (x[3:], x[:3])


def diagnose_linear(got, table, point, frame, what, tol):
    """A linear part (velocity of a point, or torque about one) that should
    be table[point][frame]: name the point and frame it matches instead."""
    if close(got, table[point][frame], tol):
        return []
    for p in table:
        for fr in table[p]:
            if close(got, table[p][fr], tol):
                wrong = []
                if p != point:
                    wrong.append(f"at the wrong point: matches {POINT_WORDS[p]}, expected {POINT_WORDS[point]}")
                if fr != frame:
                    wrong.append(f"in the wrong frame: matches {FRAME_WORDS[fr]}, expected {FRAME_WORDS[frame]}")
                return [f"{what} " + "; and ".join(wrong)]
    return [f"{what} matches no point and frame of the body: got {vec_text(got)}, expected "
            f"{POINT_WORDS[point]}, {FRAME_WORDS[frame]}: {vec_text(table[point][frame])}"]


def diagnose_vector(got, table, frame, what, tol, unit_scale=1.0, unit_words=None):
    """A 3-vector that should be unit_scale * table[frame]."""
    if close(got, unit_scale * np.asarray(table[frame]), tol):
        return []
    for fr, value in table.items():
        for scale in (1.0, DEG_PER_RAD, 1.0 / DEG_PER_RAD):
            if close(got, scale * np.asarray(value), tol):
                wrong = []
                if fr != frame:
                    wrong.append(f"in the wrong frame: matches {FRAME_WORDS[fr]}, expected {FRAME_WORDS[frame]}")
                if unit_words and scale != unit_scale:
                    got_unit = "degrees" if scale == DEG_PER_RAD else "radians" if scale == 1.0 else "a wrong unit"
                    wrong.append(f"in {got_unit}, expected {unit_words}")
                if wrong:
                    return [f"{what} " + "; and ".join(wrong)]
    return [f"{what} matches no frame of the body: got {vec_text(got)}, expected {FRAME_WORDS[frame]}: "
            f"{vec_text(unit_scale * np.asarray(table[frame]))}"]


def diagnose_sixvec(got, want, order, parts, tol):
    """Shape, swapped halves, then each half (parts: two functions)."""
    got = np.asarray(got, dtype=float)
    if got.shape != (6,):
        return [f"has shape {got.shape}, expected (6,)"]
    if close(got, want, tol):
        return []
    if close(np.concatenate([got[3:], got[:3]]), want, tol):
        other = "angular_first" if order == "linear_first" else "linear_first"
        return [f"order looks swapped ({other} stored, expected {order})"]
    lin, ang = split6(got, order)
    return parts[0](lin) + parts[1](ang)


def diagnose_twist(got, layout, q, tol):
    t = layout["twist"]
    deg = t["angle_unit"] == "deg"
    return [f"twist: {p}" for p in diagnose_sixvec(got, twist_array(layout, q), t["order"], (
        lambda lin: diagnose_linear(lin, q["velocity"], t["point"], t["linear_frame"], "linear velocity", tol),
        lambda ang: diagnose_vector(ang, q["angular_velocity"], t["angular_frame"], "angular velocity", tol,
                                    DEG_PER_RAD if deg else 1.0, "degrees" if deg else "radians")), tol)]


def diagnose_wrench(got, layout, q, tol):
    w = layout["wrench"]
    return [f"wrench: {p}" for p in diagnose_sixvec(got, wrench_array(layout, q), w["order"], (
        lambda f: diagnose_vector(f, q["force"], w["linear_frame"], "force", tol),
        lambda tau: diagnose_linear(tau, q["torque"], w["point"], w["angular_frame"], "torque", tol)), tol)]


DIAGNOSES = {"pose": diagnose_pose, "twist": diagnose_twist, "wrench": diagnose_wrench}


# ------------------------------------------------------------ checks

class Report:
    """What was checked, and every problem found (str() prints it)."""

    def __init__(self, title):
        self.title = title
        self.lines = []
        self.problems = []

    def add(self, check, body, problems, skipped=None):
        label = f"{check:<12} {body:<10}"
        if skipped:
            self.lines.append(f"  skip {label} {skipped}")
        elif problems:
            self.problems += [f"{check}, body {body}: {p}" for p in problems]
            self.lines += [f"  FAIL {label} {p}" for p in problems]
        else:
            self.lines.append(f"  ok   {label}")

    @property
    def ok(self):
        return not self.problems

    def __str__(self):
        verdict = "PASS" if self.ok else f"FAIL ({len(self.problems)} problem{'s' * (len(self.problems) != 1)})"
        return "\n".join([self.title] + self.lines + [f"result: {verdict}"])


def check_stored(report, adapter, layout, body, tol):
    """The arrays the adapter reads equal the vectors' for this preset."""
    arrays = adapter.read(body)
    for key, diagnose in DIAGNOSES.items():
        if key not in arrays:
            report.add(f"read {key}", body["name"], [], skipped="not given by the adapter")
        else:
            report.add(f"read {key}", body["name"], diagnose(np.asarray(arrays[key], dtype=float),
                                                             layout, body["quantities"], tol))
    return arrays


def check_round_trip(report, adapter, layout, body, tol):
    """write(the vectors' arrays), then read: the same arrays come back."""
    if not hasattr(adapter, "write"):
        report.add("write+read", body["name"], [], skipped="the adapter has no write")
        return
    want = body["presets"][adapter.preset]
    adapter.write(body, {k: np.array(v, dtype=float) for k, v in want.items()})
    got = adapter.read(body)
    problems = []
    for key, diagnose in DIAGNOSES.items():
        if key in got:
            problems += [f"after write then read, {p}" for p in
                         diagnose(np.asarray(got[key], dtype=float), layout, body["quantities"], tol)]
    report.add("write+read", body["name"], problems)


def check_jacobian(report, adapter, layout, body, tol):
    """J qdot at each point the adapter gives = [v of the point; w], world;
    the twist's documented point must be among them."""
    if not (hasattr(adapter, "jacobian") and hasattr(adapter, "qvel")):
        report.add("J qdot", body["name"], [], skipped="the adapter gives no Jacobian")
        return
    jacobians, qd = adapter.jacobian(body), np.asarray(adapter.qvel(body), dtype=float)
    q, point = body["quantities"], layout["twist"]["point"]
    problems = [] if point in jacobians else [f"no Jacobian at the twist's point ({POINT_WORDS[point]})"]
    for p, jac in jacobians.items():
        jqd = np.asarray(jac, dtype=float) @ qd
        problems += [f"J qdot at {POINT_WORDS[p]}: {m}" for m in
                     diagnose_linear(jqd[:3], q["velocity"], p, "world", "linear velocity", tol)
                     + diagnose_vector(jqd[3:], q["angular_velocity"], "world", "angular velocity", tol)]
    report.add("J qdot", body["name"], problems)


def check_power(report, layout, body, arrays, tol):
    """f.v + tau.w of the arrays read = the body's power (every convention)."""
    if "twist" not in arrays or "wrench" not in arrays:
        report.add("power", body["name"], [], skipped="needs the twist and the wrench")
        return
    got = power(layout, np.asarray(arrays["twist"], dtype=float), np.asarray(arrays["wrench"], dtype=float))
    want = body["power"]
    ok = abs(got - want) <= tol * (1.0 + abs(want))
    report.add("power", body["name"], [] if ok else
               [f"wrench . twist = {got:.9g} W, expected {want:.9g} W (the same in every convention)"])


def check(adapter, vectors=None, tol=1e-9):
    """Run every check for adapter.preset over every body; a Report."""
    vectors = vectors or load_vectors()
    preset = adapter.preset
    if preset not in vectors["layouts"]:
        raise ValueError(f"unknown preset {preset!r}; the vectors have {sorted(vectors['layouts'])}")
    layout = vectors["layouts"][preset]
    report = Report(f"conformance vectors {vectors['vectors_version']}, preset {preset} "
                    f"({layout['engine']} {layout['versions'] or ''}".rstrip() +
                    f"), adapter {getattr(adapter, 'name', type(adapter).__name__)}")
    for body in vectors["bodies"]:
        arrays = check_stored(report, adapter, layout, body, tol)
        check_power(report, layout, body, arrays, tol)
        check_jacobian(report, adapter, layout, body, tol)
        check_round_trip(report, adapter, layout, body, tol)
    return report


# ----------------------------------------------------- command line

class JsonAdapter:
    """An adapter over a JSON file of stored arrays (see the module doc)."""

    def __init__(self, preset, data, name="json"):
        self.preset, self.name, self.bodies = preset, name, data["bodies"]
        if all("jacobian" in b and "qvel" in b for b in self.bodies.values()):
            self.jacobian = lambda body: self.bodies[body["name"]]["jacobian"]
            self.qvel = lambda body: self.bodies[body["name"]]["qvel"]

    def read(self, body):
        if body["name"] not in self.bodies:
            raise KeyError(f"no arrays for body {body['name']!r}")
        return {k: v for k, v in self.bodies[body["name"]].items() if k in DIAGNOSES}


def load_adapter(spec, preset):
    """FILE.py:FACTORY -> FACTORY(preset); FILE's folder is importable."""
    path, _, factory = spec.rpartition(":")
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    module_spec = importlib.util.spec_from_file_location("conformance_adapter", path)
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return getattr(module, factory)(preset)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", required=True, help="the preset the engine claims (registry name)")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--arrays", help="JSON file of the engine's stored arrays per body")
    source.add_argument("--adapter", help="FILE.py:FACTORY, FACTORY(preset) returns an adapter")
    parser.add_argument("--vectors", default=DEFAULT_VECTORS)
    parser.add_argument("--tol", type=float, default=1e-9, help="relative tolerance (float32 engines: 1e-5)")
    args = parser.parse_args(argv)
    vectors = load_vectors(args.vectors)
    if args.arrays:
        with open(args.arrays, encoding="utf-8") as f:
            adapter = JsonAdapter(args.preset, json.load(f), os.path.basename(args.arrays))
    else:
        adapter = load_adapter(args.adapter, args.preset)
    report = check(adapter, vectors, args.tol)
    print(report)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
