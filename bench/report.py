#!/usr/bin/env python3
"""Summarise bpkit's criterion benchmarks: markdown tables with ratios, and bench/batch.svg.

Usage: python3 bench/report.py [CRITERION_DIR] [--svg PATH]

CRITERION_DIR defaults to $CARGO_TARGET_DIR/criterion, else target/criterion. Reads every
`<group>/<function>/<parameter>/new/{benchmark,estimates}.json` that
`cargo bench -p bpkit --bench range_proof` wrote. Times are criterion's median estimates.
Python 3 standard library only; the plot is written as SVG by hand.
"""

import json
import math
import os
import sys
from pathlib import Path


def load(root):
    """{(group, function, parameter): median ns}"""
    out = {}
    for bench in root.glob("**/new/benchmark.json"):
        est = bench.parent / "estimates.json"
        if not est.exists():
            continue
        meta = json.loads(bench.read_text())
        median = json.loads(est.read_text())["median"]["point_estimate"]
        key = (meta.get("group_id"), meta.get("function_id"), meta.get("value_str"))
        out[key] = median
    return out


def fmt_time(ns):
    if ns is None:
        return "—"
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    return f"{ns / 1e3:.1f} µs"


def ratio(a, b):
    return "—" if a is None or b is None or b == 0 else f"{a / b:.2f}"


def table(headers, rows):
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def params(data, group):
    vals = {p for (g, _, p) in data if g == group and p is not None}
    return sorted(vals, key=lambda v: int(v) if v.isdigit() else v)


def per_proof(data, fn, size):
    """Per-proof time of a batch entry; the bulletproofs line is one single verification."""
    if fn == "bulletproofs-single":
        return data.get(("batch", fn, "1"))
    t = data.get(("batch", fn, size))
    return None if t is None else t / int(size)


def report(data):
    parts = []
    for group in ("prove", "verify"):
        rows = []
        for m in params(data, group):
            ours = data.get((group, "bpkit", m))
            theirs = data.get((group, "bulletproofs", m))
            rows.append([m, fmt_time(ours), fmt_time(theirs), ratio(ours, theirs)])
        if rows:
            parts.append(f"### {group} (n = 64)\n\n" + table(
                ["m", "bpkit", "bulletproofs 5", "bpkit / bulletproofs"], rows))
    rows = []
    for size in params(data, "batch"):
        ours = per_proof(data, "bpkit", size)
        det = per_proof(data, "bpkit-deterministic", size)
        tari = per_proof(data, "tari", size)
        single = per_proof(data, "bulletproofs-single", size)
        rows.append([size, fmt_time(ours), fmt_time(det), fmt_time(tari), fmt_time(single),
                     ratio(ours, single), ratio(ours, tari)])
    if rows:
        parts.append("### batch verification, per proof (n = 64, m = 1)\n\n" + table(
            ["batch size", "bpkit", "bpkit (deterministic)", "tari verify_batch",
             "bulletproofs verify_single", "bpkit / bulletproofs", "bpkit / tari"], rows))
    one = data.get(("threads", "1", "1024"))
    two = data.get(("threads", "2", "1024"))
    if one and two:
        parts.append("### threads (batch of 1024)\n\n" + table(
            ["1 thread", "2 threads", "speed-up"],
            [[fmt_time(one), fmt_time(two), f"{one / two:.2f}×"]]))
    return "\n\n".join(parts)


def svg(data, path):
    sizes = [s for s in params(data, "batch") if s.isdigit()]
    series = [
        ("bpkit", "bpkit", "#1f77b4"),
        ("bpkit-deterministic", "bpkit (deterministic weights)", "#17becf"),
        ("tari", "tari_bulletproofs_plus verify_batch", "#ff7f0e"),
        ("bulletproofs-single", "bulletproofs verify_single", "#d62728"),
    ]
    lines = []
    for fn, label, color in series:
        pts = [(int(s), per_proof(data, fn, s)) for s in sizes]
        pts = [(x, y / 1e3) for x, y in pts if y is not None]
        if pts:
            lines.append((label, color, pts))
    if not lines:
        return False
    W, H, L, R, T, B = 760, 460, 70, 250, 40, 60
    xs = [x for _, _, p in lines for x, _ in p]
    ys = [y for _, _, p in lines for _, y in p]
    x0, x1 = math.log2(min(xs)), math.log2(max(xs))
    x1 = x1 if x1 > x0 else x0 + 1
    y0, y1 = math.log10(min(ys) * 0.8), math.log10(max(ys) * 1.25)

    def px(x):
        return L + (math.log2(x) - x0) / (x1 - x0) * (W - L - R)

    def py(y):
        return H - B - (math.log10(y) - y0) / (y1 - y0) * (H - T - B)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{L}" y="22" font-size="15">Batch verification: time per proof '
           f'(n = 64, m = 1)</text>',
           f'<line x1="{L}" y1="{H - B}" x2="{W - R}" y2="{H - B}" stroke="black"/>',
           f'<line x1="{L}" y1="{T}" x2="{L}" y2="{H - B}" stroke="black"/>']
    for s in sorted(set(xs)):
        x = px(s)
        out.append(f'<line x1="{x:.1f}" y1="{H - B}" x2="{x:.1f}" y2="{H - B + 5}" stroke="black"/>')
        out.append(f'<text x="{x:.1f}" y="{H - B + 18}" text-anchor="middle">{s}</text>')
    decade = 10 ** math.floor(y0)
    while decade <= 10 ** y1:
        for mult in (1, 2, 3, 5):
            v = decade * mult
            if 10 ** y0 <= v <= 10 ** y1:
                y = py(v)
                out.append(f'<line x1="{L}" y1="{y:.1f}" x2="{W - R}" y2="{y:.1f}" '
                           f'stroke="#ddd"/>')
                out.append(f'<text x="{L - 6}" y="{y + 4:.1f}" text-anchor="end">{v:g}</text>')
        decade *= 10
    out.append(f'<text x="{(L + W - R) / 2}" y="{H - 18}" text-anchor="middle">'
               f'batch size (proofs, log scale)</text>')
    out.append(f'<text x="18" y="{(T + H - B) / 2}" text-anchor="middle" '
               f'transform="rotate(-90 18 {(T + H - B) / 2})">µs per proof (log scale)</text>')
    for i, (label, color, pts) in enumerate(lines):
        path_d = " ".join(f"{'M' if j == 0 else 'L'}{px(x):.1f},{py(y):.1f}"
                          for j, (x, y) in enumerate(pts))
        out.append(f'<path d="{path_d}" fill="none" stroke="{color}" stroke-width="2"/>')
        for x, y in pts:
            out.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{color}"/>')
        ly = T + 10 + 20 * i
        out.append(f'<line x1="{W - R + 15}" y1="{ly}" x2="{W - R + 35}" y2="{ly}" '
                   f'stroke="{color}" stroke-width="2"/>')
        out.append(f'<text x="{W - R + 40}" y="{ly + 4}">{label}</text>')
    out.append("</svg>")
    Path(path).write_text("\n".join(out) + "\n")
    return True


def main(argv):
    svg_path = Path(__file__).resolve().parent / "batch.svg"
    args = list(argv)
    if "--svg" in args:
        i = args.index("--svg")
        svg_path = Path(args[i + 1])
        del args[i:i + 2]
    if args:
        root = Path(args[0])
    else:
        root = Path(os.environ.get("CARGO_TARGET_DIR", "target")) / "criterion"
    if not root.is_dir():
        sys.exit(f"no criterion output in {root}: run `cargo bench -p bpkit --bench range_proof`")
    data = load(root)
    print(report(data))
    if svg(data, svg_path):
        print(f"\nplot: {svg_path}")


if __name__ == "__main__":
    main(sys.argv[1:])
