#!/usr/bin/env python3
"""Turns tests/vectors/*.json into the line format read by bpkit_c_test --vectors (C has no JSON
parser in its standard library). One case per line, fields separated by one space, "-" for an
empty field, labels in hex; see bindings/README.md for what each case checks.

    skip FILE
    opening VALUE BLINDING COMMITMENT
    range NAME EXPECT BITS LABEL COMMITMENTS PROOF
    interval NAME EXPECT BITS LABEL COMMITMENT A LAST PROOF
    plus NAME EXPECT BITS LABEL COMMITMENTS PROOF GENERATORS K MINIMUMS
    plusdecode NAME KIND PROOF
    recover NAME BITS LABEL COMMITMENT PROOF GENERATORS MINIMUM SEED VALUE BLINDINGS
    json NAME EXPECT ENVELOPE
    circuit NAME EXPECT LABEL DESCRIPTION COMMITMENTS PROOF
    monerojson NAME VERDICT ENVELOPE
    monerotx NAME RCT_TYPE PROOF_KIND HASH_PREFIX PROOF_OFFSET TX

ENVELOPE is an envelope's JSON text in hex (statements.json and grin_bp.json cases made into
"circuit" and "grin-bp" envelopes, as the Python and JavaScript runners do), verified with
bpkit_verify_json; DESCRIPTION is a circuit's canonical JSON in hex (circuit.json), verified
with bpkit_verify_circuit. NAME has its spaces replaced by "_".

monero.json's cases are "monerojson" lines (VERDICT is valid, invalid or malformed: the status
bpkit_verify_json must return). The real transactions of monero/txs/*.bin are "monerotx" lines
for bpkit_monero_verify_tx: RCT_TYPE (-1 for version 1), PROOF_KIND (0 none, 1 Bulletproofs, 2
Bulletproofs+), the start of the hash, and PROOF_OFFSET, where the proof starts in TX (found
from monero.json's copy of it; -1 when there is none): the program flips a byte there (invalid)
and truncates TX (malformed).

EXPECT is "ok" or the error kind; COMMITMENTS and BLINDINGS are concatenated hex; MINIMUMS is a
comma-separated list; the interval [a, b) is given as A and LAST = b - 1.
"""

import json
import pathlib
import sys

SUPPORTED = {
    "range_proof.json",
    "bulletproofs_plus.json",
    "statements.json",
    "grin_bp.json",
    "circuit.json",
    "monero.json",
}


def h(text):
    return text.encode().hex() or "-"


def f(text):
    return text or "-"


def gens(name):
    return {"bpkit": "0", "tari": "1"}[name]


def range_file(data, out):
    for c in data["range_proofs"]:
        for o, cm in zip(c["openings"], c["commitments"]):
            out.append(f"opening {o['value']} {o['blinding']} {cm}")
        out.append(
            f"range {c['name']} ok {c['bits']} {h(c['label'])} "
            f"{''.join(c['commitments'])} {f(c['proof'])}"
        )
    for c in data["interval_proofs"]:
        o = c["opening"]
        out.append(f"opening {o['value']} {o['blinding']} {c['commitment']}")
        a, b = (int(x) for x in c["range"])
        out.append(
            f"interval {c['name']} ok {c['bits']} {h(c['label'])} {c['commitment']} "
            f"{a} {b - 1} {f(c['proof'])}"
        )
    for c in data["invalid"]:
        if "range" in c:
            a, b = (int(x) for x in c["range"])
            (cm,) = c["commitments"]
            out.append(
                f"interval {c['name']} {c['error']} {c['bits']} {h(c['label'])} {cm} "
                f"{a} {b - 1} {f(c['proof'])}"
            )
        else:
            out.append(
                f"range {c['name']} {c['error']} {c['bits']} {h(c['label'])} "
                f"{f(''.join(c['commitments']))} {f(c['proof'])}"
            )


def plus_line(name, expect, c):
    s = c["statement"]
    mins = ",".join(str(m) for m in s["minimums"])
    return (
        f"plus {name} {expect} {s['bits']} {h(s['label'])} {''.join(s['commitments'])} "
        f"{f(c['proof'])} {gens(s['generators'])} {s['extension_degree']} {mins}"
    )


def plus_file(data, out):
    for c in data["valid"]:
        out.append(plus_line(c["name"], "ok", c))
        r = c.get("recovery")
        if r:
            s = c["statement"]
            (cm,) = s["commitments"]
            out.append(
                f"recover {c['name']} {s['bits']} {h(s['label'])} {cm} {c['proof']} "
                f"{gens(s['generators'])} {s['minimums'][0]} {r['seed']} {r['value']} "
                f"{''.join(r['blindings'])}"
            )
    for c in data["invalid"]:
        out.append(plus_line(c["name"], c["expected_error"], c))
    for c in data["malformed"]:
        out.append(f"plusdecode {c['name']} {c['expected_error']} {f(c['proof'])}")


def name(text):
    return text.replace(" ", "_")


def envelope_line(case_name, expect, wire):
    text = json.dumps(wire, separators=(",", ":"))
    return f"json {name(case_name)} {expect} {h(text)}"


def statements_file(data, out):
    for c in data["cases"]:
        public = c["public"]
        if c["statement"] == "shuffle":
            public = {"k": len(c["commitments"]) // 2}
        wire = {
            "version": 1, "scheme": "circuit", "statement": c["statement"], "public": public,
            "label": c["label"], "commitments": c["commitments"], "proof": c["proof"],
        }
        out.append(envelope_line(c["comment"], "ok" if c["valid"] else c["error"], wire))


def grin_file(data, out):
    for section in ("valid", "invalid"):
        for i, c in enumerate(data[section]):
            wire = {"version": 1, "scheme": "grin-bp", "bits": c["bits"],
                    "commitments": [c["commitment"]], "proof": c["proof"]}
            if c.get("extra") is not None:
                wire["extra"] = c["extra"]
            expect = "ok" if section == "valid" else c["error"]
            out.append(envelope_line(f"grin {section} {i} {c.get('name', '')}", expect, wire))


def circuit_file(data, out):
    label = h(data["transcript_label"])
    for c in data["cases"]:
        out.append(
            f"circuit {name(c['name'])} {c['expected']} {label} {h(c['circuit'])} "
            f"{f(''.join(c['commitments']))} {f(c['proof'])}"
        )


# (file stem, RingCT type, proof kind) of tests/vectors/monero/txs/: the hash starts with the
# hex at the end of the name.
MONERO_TXS = [
    ("bpp_tx_e89415", 6, 2),
    ("rct_bp_tx_a685d68e", 3, 1),
    ("rct_bp_compact_tx_10312fd4", 4, 1),
    ("rct_clsag_tx_200c3215", 5, 1),
    ("rct_full_tx_14056427", 1, 0),
    ("rct_simple_tx_c69861bf", 2, 0),
    ("v1_coinbase_tx_bf4c0300", -1, 0),
    ("v1_tx_hf3_effcceb9", -1, 0),
    ("v2_coinbase_tx_7f88a52a", 0, 0),
]


def monero_file(data, out, root):
    for c in data["cases"]:
        text = json.dumps(c["envelope"], separators=(",", ":"))
        out.append(f"monerojson {name(c['name'])} {c['expect']} {h(text)}")
    proofs = {c["name"]: bytes.fromhex(c["envelope"]["proof"]) for c in data["cases"]}
    for stem, rct, kind in MONERO_TXS:
        blob = (root / "monero" / "txs" / f"{stem}.bin").read_bytes()
        offset = blob.find(proofs[stem]) if kind else -1
        assert not kind or offset > 0, stem
        out.append(
            f"monerotx {stem} {rct} {kind} {stem.rsplit('_', 1)[1]} {offset} {blob.hex()}"
        )


RUNNERS = {
    "range_proof.json": range_file,
    "bulletproofs_plus.json": plus_file,
    "statements.json": statements_file,
    "grin_bp.json": grin_file,
    "circuit.json": circuit_file,
    "monero.json": lambda data, out: monero_file(data, out, ROOT),
}
ROOT = pathlib.Path(".")


def main():
    global ROOT
    root = ROOT = pathlib.Path(sys.argv[1])
    files = sorted(root.glob("*.json"))
    if not files:
        sys.exit(f"no vector files in {root}")
    out = []
    for path in files:
        if path.name not in SUPPORTED:
            out.append(f"skip {path.name}")
            continue
        data = json.loads(path.read_text())
        RUNNERS[path.name](data, out)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
