#!/usr/bin/env python3
"""Writes the conformance vectors (vectors-1.json) from first principles.

A handful of free rigid bodies, each with its COM off the body origin and
a rotated inertial frame, moving, with a force at a point and a couple
applied. Every quantity an engine may store is computed here by hand, in
plain Python floats (the same bits on every machine):

    C   = O + R c                       (COM; c in body axes, R body -> world)
    v_P = v_C + w x (P - C)             (velocity of the body point at P)
    tau_P = (A - P) x f + m             (force f at world point A, couple m)
    x_body = R^T x_world                (body axes)
    q_inertial = q_body * q_iquat       (Hamilton product, wxyz)
    power = f . v_C + tau_C . w         (the same about every point)

Each preset's arrays then only pick and order these (check.preset_arrays),
reading nothing but the layout facts of conventions/conventions.json.
Nothing here imports spatial_conv. Seeded: the same file every run.

    python3 conformance/generate_vectors.py            rewrite the file
    python3 conformance/generate_vectors.py --check    exit 1 if it differs
"""
import argparse
import json
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check  # noqa: E402  (the layouts: picking and ordering only)

REGISTRY = os.path.join(os.path.dirname(HERE), "conventions", "conventions.json")
OUTPUT = check.DEFAULT_VECTORS
SEED = 20250101
N_BODIES = 4
LAYOUT_KEYS = ("engine", "versions", "pose", "twist", "wrench")


class SplitMix64:
    """A tiny seeded generator (splitmix64): the same numbers everywhere."""

    def __init__(self, seed):
        self.state = seed & (2**64 - 1)

    def uniform(self, lo, hi):
        self.state = (self.state + 0x9E3779B97F4A7C15) & (2**64 - 1)
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
        z ^= z >> 31
        return lo + (hi - lo) * (z >> 11) / 2.0**53

    def vec(self, lo, hi, n=3):
        return [self.uniform(lo, hi) for _ in range(n)]

    def quat_wxyz(self):
        """Uniform random rotation (Shoemake), scalar part >= 0."""
        u1, u2, u3 = self.uniform(0, 1), self.uniform(0, 1), self.uniform(0, 1)
        a, b = math.sqrt(1 - u1), math.sqrt(u1)
        q = [b * math.cos(2 * math.pi * u3), a * math.sin(2 * math.pi * u2),
             a * math.cos(2 * math.pi * u2), b * math.sin(2 * math.pi * u3)]
        return positive_w(q)


# ------------------------------------------------ vectors by hand

def add(a, b):
    return [a[0] + b[0], a[1] + b[1], a[2] + b[2]]


def sub(a, b):
    return [a[0] - b[0], a[1] - b[1], a[2] - b[2]]


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def positive_w(q):
    """q or -q, whichever has w >= 0 (the same rotation)."""
    return [-x for x in q] if q[0] < 0 else list(q)


def quat_mul(a, b):
    """Hamilton product a * b, wxyz."""
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return [aw * bw - ax * bx - ay * by - az * bz,
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw]


def matrix_from_quat(q):
    """Rows of R (body -> world) for a unit quaternion wxyz."""
    w, x, y, z = q
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]]


def mat_vec(R, v):
    return [dot(R[0], v), dot(R[1], v), dot(R[2], v)]


def mat_t_vec(R, v):
    """R^T v: world axes -> body axes."""
    return [R[0][i] * v[0] + R[1][i] * v[1] + R[2][i] * v[2] for i in range(3)]


# ----------------------------------------------------------- bodies

def random_body(rng, k):
    """Model (mass, principal moments, COM and inertial frame in body axes),
    state (origin, orientation, COM velocity, angular velocity, world) and
    load (force at a world point, couple, world) of one body."""
    model = {"mass": rng.uniform(0.5, 3.0), "diaginertia": rng.vec(0.03, 0.05),
             "com": rng.vec(-0.3, 0.3), "iquat_wxyz": rng.quat_wxyz()}
    state = {"pos": rng.vec(-2.0, 2.0), "quat_wxyz": rng.quat_wxyz(),
             "v_com": rng.vec(-2.0, 2.0), "w": rng.vec(-3.0, 3.0)}
    R = matrix_from_quat(state["quat_wxyz"])
    com_world = add(state["pos"], mat_vec(R, model["com"]))
    load = {"force": rng.vec(-10.0, 10.0), "point": add(com_world, mat_vec(R, rng.vec(-0.3, 0.3))),
            "couple": rng.vec(-2.0, 2.0)}
    return {"name": f"b{k}", "model": model, "state": state, "load": load}


def quantities(body):
    """Everything a stored array may hold, by hand (see the module doc)."""
    model, state, load = body["model"], body["state"], body["load"]
    R = matrix_from_quat(state["quat_wxyz"])
    points = {"com": add(state["pos"], mat_vec(R, model["com"])), "origin": list(state["pos"]),
              "world_origin": [0.0, 0.0, 0.0]}
    w, f = state["w"], load["force"]
    both = lambda x: {"world": x, "body": mat_t_vec(R, x)}  # noqa: E731
    velocity = {p: both(add(state["v_com"], cross(w, sub(x, points["com"])))) for p, x in points.items()}
    torque = {p: both(add(cross(sub(load["point"], x), f), load["couple"])) for p, x in points.items()}
    return {"position": {"origin": points["origin"], "com": points["com"]},
            "orientation_wxyz": {"body": list(state["quat_wxyz"]),
                                 "inertial": positive_w(quat_mul(state["quat_wxyz"], model["iquat_wxyz"]))},
            "velocity": velocity, "angular_velocity": both(w), "force": both(f), "torque": torque}


def check_rigid(q, power):
    """Self-checks: a rigid velocity field ((v_P - v_Q) . (P - Q) = 0) and
    the same power about every point."""
    pts = {"com": q["position"]["com"], "origin": q["position"]["origin"], "world_origin": [0.0, 0.0, 0.0]}
    for a in pts:
        for b in pts:
            gap = dot(sub(q["velocity"][a]["world"], q["velocity"][b]["world"]), sub(pts[a], pts[b]))
            assert abs(gap) < 1e-9, (a, b, gap)
        p = dot(q["force"]["world"], q["velocity"][a]["world"]) + \
            dot(q["torque"][a]["world"], q["angular_velocity"]["world"])
        assert abs(p - power) < 1e-9 * (1 + abs(power)), (a, p, power)


def generate(registry):
    """The vectors (a dict), from the registry's layout facts and the seed."""
    layouts = {name: {k: entry[k] for k in LAYOUT_KEYS} for name, entry in registry["presets"].items()}
    rng = SplitMix64(SEED)
    bodies = []
    for k in range(N_BODIES):
        body = random_body(rng, k)
        q = quantities(body)
        body["power"] = dot(q["force"]["world"], q["velocity"]["com"]["world"]) + \
            dot(q["torque"]["com"]["world"], q["angular_velocity"]["world"])
        check_rigid(q, body["power"])
        body["quantities"] = q
        body["presets"] = {name: check.preset_arrays(layout, q) for name, layout in layouts.items()}
        for name, arrays in body["presets"].items():
            p = check.power(layouts[name], arrays["twist"], arrays["wrench"])
            assert abs(p - body["power"]) < 1e-9 * (1 + abs(body["power"])), (name, p)
        bodies.append(body)
    return {
        "vectors_version": check.VECTORS_VERSION,
        "about": "spatial_conv conformance vectors: each preset's stored pose, twist and wrench "
                 "of free rigid bodies, computed from first principles by "
                 "conformance/generate_vectors.py; docs/conformance.md documents every key.",
        "seed": SEED,
        "registry_schema_version": registry["schema_version"],
        "layouts": layouts,
        "bodies": bodies,
    }


def text(vectors):
    """JSON, one line per list of numbers."""
    flat = re.sub(r"\[\s+([^\[\]{}]*?)\s+\]", lambda m: "[" + " ".join(m.group(1).split()) + "]",
                  json.dumps(vectors, indent=1))
    return flat + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--registry", default=REGISTRY)
    parser.add_argument("--output", default=OUTPUT)
    parser.add_argument("--check", action="store_true", help="compare with --output, write nothing")
    args = parser.parse_args(argv)
    with open(args.registry, encoding="utf-8") as f:
        fresh = text(generate(json.load(f)))
    if args.check:
        with open(args.output, encoding="utf-8") as f:
            if f.read() != fresh:
                print(f"{args.output} differs from a fresh generation: run "
                      f"python3 conformance/generate_vectors.py and commit it")
                return 1
        print(f"{args.output}: equal to a fresh generation")
        return 0
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(fresh)
    return 0


if __name__ == "__main__":
    sys.exit(main())
