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
# range_proof_decode: every valid range proof; batch_engine: two commitments, a selector, a proof
# (the 8-bit, two-value proofs fit its statement).
for v in rp["range_proofs"]:
    put("range_proof_decode", bytes.fromhex(v["proof"]))
    if len(v["commitments"]) == 2:
        cs = b"".join(bytes.fromhex(c) for c in v["commitments"])
        put("batch_engine", cs + b"\x00" + bytes.fromhex(v["proof"]))
for v in plus["valid"]:
    if len(v.get("commitments", [])) == 2:
        cs = b"".join(bytes.fromhex(c) for c in v["commitments"])
        put("batch_engine", cs + b"\x01" + bytes.fromhex(v["proof"]))
# engine_differential: valid encodings (the vectors' commitments), 1 to 40 of them concatenated.
points = []
for v in rp["range_proofs"]:
    points += [bytes.fromhex(c) for c in v["commitments"]]
for k in (1, 2, 3, 5, 8, 16, 17, 40):
    put("engine_differential", b"".join(points[:k]))
# grin_decode: the 33-byte commitment, then the proof.
grin = json.load(open("tests/vectors/grin_bp.json"))
for v in grin["valid"] + grin["invalid"]:
    put("grin_decode", bytes.fromhex(v["commitment"]) + bytes.fromhex(v["proof"]))
# circuit_decode: a byte choosing the circuit, then a proof; circuit_description: descriptions.
for v in circ["cases"]:
    for prefix in (0, 1):
        put("circuit_decode", bytes([prefix]) + bytes.fromhex(v["proof"]))
    put("circuit_description", v["circuit"])
# monero_decode and envelope_parse: the committed seed files.
for target in ("monero_decode", "envelope_parse"):
    d = os.path.join("fuzz", "seeds", target)
    for name in sorted(os.listdir(d)):
        put(target, open(os.path.join(d, name), "rb").read())
# The structure-aware targets start from their valid proofs: the empty input and one byte per
# base proof leave them unchanged.
for target, bases in (("range_proof_verify", 3), ("plus_verify", 3), ("circuit_verify", 2),
                      ("grin_verify", 2), ("monero_verify", 4)):
    for b in range(bases):
        put(target, bytes([b]))
