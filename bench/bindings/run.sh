#!/usr/bin/env bash
# Bindings overhead (outside CI): prove and verify of one 64-bit range proof and a batch of 256
# (one thread) through Rust (the facade directly), Python and C, in ROUNDS alternating rounds
# over the same 256 envelopes; prints the best median of each and the ratio to Rust.
#   bash bench/bindings/run.sh [ROUNDS]      (needs: cargo, cc, python3 with maturin available)
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
rounds="${1:-5}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cargo build --release -p bpkit-envelope --example boundary_bench
cargo build --release -p bpkit-c
rust="$CARGO_TARGET_DIR/release/examples/boundary_bench"
cc -std=c99 -O2 -Ibindings/c/include bench/bindings/bench_c.c \
  "$CARGO_TARGET_DIR/release/libbpkit_c.a" -lpthread -ldl -lm -o "$work/bench_c"
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q maturin
(cd bindings/python && VIRTUAL_ENV="$work/venv" PATH="$work/venv/bin:$PATH" maturin develop -q --release)

"$rust" --write-batch "$work/batch.jsonl"
for i in $(seq "$rounds"); do
  "$rust" "$work/batch.jsonl" >> "$work/rust.jsonl"
  "$work/venv/bin/python" bench/bindings/bench_python.py "$work/batch.jsonl" >> "$work/python.jsonl"
  "$work/bench_c" "$work/batch.jsonl" >> "$work/c.jsonl"
done
python3 - "$work" <<'PY'
import json, sys, pathlib
w = pathlib.Path(sys.argv[1])
best = {}
for lang in ("rust", "python", "c"):
    rows = [json.loads(l) for l in (w / f"{lang}.jsonl").read_text().splitlines()]
    best[lang] = {k: min(r[k] for r in rows) for k in ("prove", "verify", "batch")}
print("best median over rounds (ms); ratio to Rust. AMD EPYC Zen3, AVX2, no AVX-512 IFMA")
print(f"{'':8}{'prove 64-bit':>22}{'verify 64-bit':>22}{'batch of 256':>22}")
for lang in ("rust", "python", "c"):
    cells = []
    for k in ("prove", "verify", "batch"):
        v = best[lang][k] / 1e6
        r = best[lang][k] / best["rust"][k]
        cells.append(f"{v:10.3f} ({r:5.3f}x)")
    print(f"{lang:8}" + "".join(f"{c:>22}" for c in cells))
PY
