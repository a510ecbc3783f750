#!/usr/bin/env python3
"""Writes the seed corpus tests/fuzz/corpus/<harness>/seed_NN (small files).

Deterministic: a fixed random seed. Each file starts with a selector byte
(the sub-case of harnesses that have several) and then holds reals encoded
as fuzz_util.h's fz_real reads them: mostly moderate values (class bytes
0..7 then 4 bytes), with NaN, infinities, zeros, the largest finite, tiny
and subnormal values mixed in, and enum bytes mostly valid.
Run from anywhere: python3 tests/fuzz/make_seeds.py
"""
import os
import random

HARNESSES = {"quat": 1, "spatial": 1, "mujoco": 1, "sap": 1, "axes": 4,
             "rotations": 7, "conventions": 3, "batch": 1, "motion": 8}
FILES = 24

# BVH channel lists for fuzz_motion's parser (sub-case 0, then a mode byte
# below 72: the rest of the file is the string): valid lists with position
# channels, every separator, Windows line ends, a 16-channel list, and
# refused ones (17 channels, a repeated axis, a truncated name, lower case).
BVH_LISTS = {
    "bvh_root": b"Xposition Yposition Zposition Zrotation Xrotation Yrotation",
    "bvh_joint": b"Zrotation Yrotation Xrotation",
    "bvh_spaces": b"\t Yrotation\r\nXrotation\v\fZrotation \n",
    "bvh_crlf": b"Xposition\r\nYposition\r\nZposition\r\nYrotation\r\nZrotation\r\nXrotation\r\n",
    "bvh_16": b" ".join([b"Xposition"] * 13 + [b"Xrotation", b"Zrotation", b"Yrotation"]),
    "bvh_17": b" ".join([b"Yposition"] * 14 + [b"Xrotation", b"Zrotation", b"Yrotation"]),
    "bvh_repeat": b"Zrotation Xrotation Zrotation",
    "bvh_truncated": b"Zrotation Xrotation Yrotatio",
    "bvh_case": b"zrotation Xrotation Yrotation",
    "bvh_four": b"Zrotation Xrotation Yrotation Xrotation",
    "bvh_empty": b"",
}


def real(rng, special):
    if special and rng.random() < 0.35:
        k = rng.choice([9, 10, 11, 12, 13, 14, 15, 8]) | (16 if rng.random() < 0.5 else 0)
        return bytes([k]) + bytes(rng.randrange(256) for _ in range(8))
    return bytes([rng.randrange(8)]) + bytes(rng.randrange(256) for _ in range(4))


def main():
    rng = random.Random(20260704)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
    for name, cases in HARNESSES.items():
        d = os.path.join(root, name)
        os.makedirs(d, exist_ok=True)
        for i in range(FILES):
            special = i >= FILES // 2
            out = bytearray([i % cases if cases > 1 else rng.randrange(256)])
            # a few small ints first (enum values, counts), then reals
            out += bytes(rng.randrange(16) for _ in range(12))
            while len(out) < 200:
                out += real(rng, special)
            with open(os.path.join(d, "seed_%02d" % i), "wb") as f:
                f.write(bytes(out))
    d = os.path.join(root, "motion")
    for name, text in BVH_LISTS.items():
        with open(os.path.join(d, name), "wb") as f:
            f.write(bytes([0, 0]) + text)


if __name__ == "__main__":
    main()
