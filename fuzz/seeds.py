#!/usr/bin/env python3
"""Writes seed inputs for the fuzz targets into fuzz/corpus/<target>/ from tests/vectors.

Run from the repository root: python3 fuzz/seeds.py. Seeds get the fuzzer past the length and
point checks at once (valid proofs, envelopes and opening files to mutate).
"""
import hashlib, json, os

def put(target, data):
    d = os.path.join("fuzz", "corpus", target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)

plus = json.load(open("tests/vectors/bulletproofs_plus.json"))
for v in plus["valid"][:12]:
    put("plus_decode", bytes.fromhex(v["proof"]))
rp = json.load(open("tests/vectors/range_proof.json"))
for v in rp["interval_proofs"]:
    put("interval_decode", bytes.fromhex(v["proof"]))
    env = {"version": 1, "scheme": "bp", "bits": v["bits"], "label": v["label"],
           "commitments": [v["commitment"]], "range": v["range"], "proof": v["proof"]}
    put("envelope_parse", json.dumps(env))
    o = v["opening"]
    put("opening_file", json.dumps({"value": o["value"], "blinding": o["blinding"],
                                    "commitment": v["commitment"]}))
for v in rp["range_proofs"][:6]:
    env = {"version": 1, "scheme": "bp", "bits": v["bits"], "label": v["label"],
           "commitments": v["commitments"], "proof": v["proof"]}
    put("envelope_parse", json.dumps(env))
st = json.load(open("tests/vectors/statements.json"))
for v in st["cases"]:
    if len(v["proof"]) < 40000:
        put("statement_proofs", bytes.fromhex(v["proof"]))
# circuit_described: k, k commitments, description length (u16 LE), description, proof.
circ = json.load(open("tests/vectors/circuit.json"))
assert circ["transcript_label"] == "circuit test"  # the label the target verifies under
for v in circ["cases"]:
    cs = [bytes.fromhex(c) for c in v["commitments"]]
    desc = v["circuit"].encode()
    assert len(cs) < 8 and len(desc) < 1 << 16
    put("circuit_described", bytes([len(cs)]) + b"".join(cs) + len(desc).to_bytes(2, "little")
        + desc + bytes.fromhex(v["proof"]))
# Aggregation messages: tag byte then a well-sized body (zero scalars / basepoint-free zeros).
for tag, size in [(0, 96), (1, 64), (2, 64), (3, 32), (4, 608)]:
    put("aggregation_messages", bytes([tag]) + bytes(size))
