#!/usr/bin/env python3
"""Draw the size sweep of the batch benchmark as an SVG (no matplotlib).

Reads the "sweep <precision> <n> <kernel> <ns/elem>" lines that bench.c
prints after its tables and writes one log-log plot of ns per element
against n, a line per kernel, with the sizes at which one MuJoCo body batch
(22 reals per body: qvel, qpos, ipos, result) fills L1d, L2 and L3 marked.

Usage: tests/bench/plot.py BENCH_OUTPUT [-o OUT.svg] [--precision double]
                           [--title TEXT] [--l1 KIB --l2 KIB --l3 KIB]
Cache sizes default to /sys/devices/system/cpu/cpu0/cache (per level, the
data or unified cache).
"""
import argparse
import math
import os
import sys

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
          "#e377c2", "#7f7f7f", "#17becf", "#bcbd22", "#000000", "#aec7e8"]
BYTES_PER_BODY = {"double": 22 * 8, "float": 22 * 4}


def read_sweep(path, precision):
    """{kernel: [(n, ns), ...]} for one precision, in file order"""
    series = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if len(parts) < 5 or parts[0] != "sweep" or parts[1] != precision:
                continue
            n, ns, name = int(parts[2]), float(parts[-1]), " ".join(parts[3:-1])
            series.setdefault(name, []).append((n, ns))
    return series


def cache_sizes_kib():
    """{1: KiB, 2: KiB, 3: KiB} from sysfs, data or unified caches only"""
    sizes, base = {}, "/sys/devices/system/cpu/cpu0/cache"
    try:
        for entry in sorted(os.listdir(base)):
            d = os.path.join(base, entry)
            with open(os.path.join(d, "type"), encoding="utf-8") as f:
                kind = f.read().strip()
            if kind == "Instruction":
                continue
            with open(os.path.join(d, "level"), encoding="utf-8") as f:
                level = int(f.read())
            with open(os.path.join(d, "size"), encoding="utf-8") as f:
                text = f.read().strip()
            kib = int(text[:-1]) * (1024 if text.endswith("M") else 1)
            sizes[level] = kib
    except OSError:
        pass
    return sizes


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def ticks(lo, hi):
    """powers of ten (and 2, 5 between them when the range is short)"""
    out, e = [], math.floor(math.log10(lo))
    while 10 ** e <= hi * 1.0001:
        for m in (1, 2, 5) if math.log10(hi / lo) < 3.5 else (1,):
            v = m * 10 ** e
            if lo * 0.9999 <= v <= hi * 1.0001:
                out.append(v)
        e += 1
    return out


def fmt(v):
    if v >= 1e6:
        return f"{v / 1e6:g}M"
    if v >= 1e3:
        return f"{v / 1e3:g}k"
    return f"{v:g}"


def plot(series, caches, precision, title):
    w, h, left, right, top, bottom = 880, 520, 70, 270, 40, 60
    pw, ph = w - left - right, h - top - bottom
    ns_all = [p for pts in series.values() for p in pts]
    xmin, xmax = min(n for n, _ in ns_all), max(n for n, _ in ns_all)
    ymin = 10 ** math.floor(math.log10(min(v for _, v in ns_all)))
    ymax = 10 ** math.ceil(math.log10(max(v for _, v in ns_all)))

    def x(n):
        return left + pw * (math.log10(n) - math.log10(xmin)) / (math.log10(xmax) - math.log10(xmin))

    def y(v):
        return top + ph * (1 - (math.log10(v) - math.log10(ymin)) / (math.log10(ymax) - math.log10(ymin)))

    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{left}" y="22" font-size="14">{esc(title)}</text>']
    # cache levels: the n at which a MuJoCo body batch fills each level
    for level, kib in sorted(caches.items()):
        n = kib * 1024 / BYTES_PER_BODY[precision]
        if xmin < n < xmax:
            svg.append(f'<line x1="{x(n):.1f}" y1="{top}" x2="{x(n):.1f}" y2="{top + ph}" '
                       'stroke="#999" stroke-dasharray="4,3"/>')
            svg.append(f'<text x="{x(n) + 3:.1f}" y="{top + 12}" fill="#666">L{level} '
                       f'({kib} KiB)</text>')
    for v in ticks(ymin, ymax):
        svg.append(f'<line x1="{left}" y1="{y(v):.1f}" x2="{left + pw}" y2="{y(v):.1f}" stroke="#eee"/>')
        svg.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{fmt(v)}</text>')
    for v in ticks(xmin, xmax):
        svg.append(f'<line x1="{x(v):.1f}" y1="{top + ph}" x2="{x(v):.1f}" y2="{top + ph + 5}" stroke="black"/>')
        svg.append(f'<text x="{x(v):.1f}" y="{top + ph + 18}" text-anchor="middle">{fmt(v)}</text>')
    svg.append(f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="black"/>')
    svg.append(f'<text x="{left + pw / 2}" y="{h - 18}" text-anchor="middle">n (elements: '
               'bodies, quaternions, twists)</text>')
    svg.append(f'<text transform="translate(18 {top + ph / 2}) rotate(-90)" '
               'text-anchor="middle">ns per element</text>')
    for i, (name, pts) in enumerate(series.items()):
        color = COLORS[i % len(COLORS)]
        path = " ".join(f"{x(n):.1f},{y(v):.1f}" for n, v in sorted(pts))
        dash = ' stroke-dasharray="6,3"' if name.startswith(("memcpy", "triad", "naive", "mju")) else ""
        svg.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"{dash}/>')
        for n, v in pts:
            svg.append(f'<circle cx="{x(n):.1f}" cy="{y(v):.1f}" r="2.5" fill="{color}"/>')
        ly = top + 10 + 18 * i
        svg.append(f'<line x1="{left + pw + 12}" y1="{ly}" x2="{left + pw + 36}" y2="{ly}" '
                   f'stroke="{color}" stroke-width="2"{dash}/>')
        svg.append(f'<text x="{left + pw + 40}" y="{ly + 4}">{esc(name)}</text>')
    svg.append(f'<text x="{left + pw + 12}" y="{top + 10 + 18 * len(series) + 10}" fill="#666">'
               'dashed: baselines</text>')
    svg.append("</svg>")
    return "\n".join(svg) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bench_output")
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--precision", default="double", choices=["double", "float"])
    ap.add_argument("--title", default=None)
    ap.add_argument("--l1", type=int)
    ap.add_argument("--l2", type=int)
    ap.add_argument("--l3", type=int)
    args = ap.parse_args()
    series = read_sweep(args.bench_output, args.precision)
    if not series:
        sys.exit(f"plot.py: no 'sweep {args.precision}' lines in {args.bench_output}")
    caches = cache_sizes_kib()
    for level, kib in ((1, args.l1), (2, args.l2), (3, args.l3)):
        if kib:
            caches[level] = kib
    title = args.title or f"spatial_conv batch kernels, {args.precision}: ns per element against n"
    svg = plot(series, caches, args.precision, title)
    if args.output == "-":
        sys.stdout.write(svg)
    else:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(svg)


if __name__ == "__main__":
    main()
