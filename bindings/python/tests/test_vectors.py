"""Every case of tests/vectors/*.json (bindings/README.md, "Test vectors")."""

import json

import pytest

import bpkit

from conftest import VECTORS

SUPPORTED = {"range_proof.json", "bulletproofs_plus.json"}
# Run by test_statements.py: as envelopes through verify_json, and circuit.json through
# verify_circuit.
AS_ENVELOPES = {"statements.json", "grin_bp.json", "circuit.json"}
# Run by test_monero.py: each case's envelope through verify_json.
MONERO = {"monero.json"}


def _cases():
    files = sorted(VECTORS.glob("*.json"))
    assert files, f"no vector files in {VECTORS}"
    for path in files:
        if path.name in AS_ENVELOPES or path.name in MONERO:
            continue
        if path.name not in SUPPORTED:
            yield pytest.param(path, None, None, id=f"{path.name}: unsupported")
            continue
        data = json.loads(path.read_text())
        sections = (
            ["range_proofs", "interval_proofs", "invalid"]
            if path.name == "range_proof.json"
            else ["valid", "invalid", "malformed"]
        )
        for section in sections:
            assert data[section], f"{path.name}: empty section {section}"
            for case in data[section]:
                yield pytest.param(
                    path, section, case, id=f"{path.name}:{section}:{case['name']}"
                )


def _hex_list(items):
    return [bytes.fromhex(c) for c in items]


def _check_range(section, case):
    label, bits = case["label"], case["bits"]
    proof_bytes = bytes.fromhex(case["proof"])
    if section == "range_proofs":
        openings = [
            bpkit.Opening(int(o["value"]), bytes.fromhex(o["blinding"]))
            for o in case["openings"]
        ]
        commitments = _hex_list(case["commitments"])
        assert [o.commitment for o in openings] == commitments
        proof = bpkit.RangeProof.from_bytes(proof_bytes)
        assert proof.to_bytes() == proof_bytes
        proof.verify(commitments, bits, label)
        env = bpkit.Envelope.for_range(proof, commitments, bits, label)
        bpkit.Envelope.from_json(env.to_json()).verify()
        return
    if section == "interval_proofs":
        a, b = (int(x) for x in case["range"])
        o = case["opening"]
        opening = bpkit.Opening(int(o["value"]), bytes.fromhex(o["blinding"]))
        commitment = bytes.fromhex(case["commitment"])
        assert opening.commitment == commitment
        proof = bpkit.IntervalProof.from_bytes(proof_bytes)
        assert proof.to_bytes() == proof_bytes
        proof.verify(commitment, a, b, bits, label)
        bpkit.Envelope.for_interval(proof, commitment, a, b, bits, label).verify()
        return
    # invalid: decode, build the statement, verify; the first error has the expected kind.
    expected = case["error"]
    with pytest.raises(bpkit.BpkitError) as info:
        if "range" in case:
            a, b = (int(x) for x in case["range"])
            proof = bpkit.IntervalProof.from_bytes(proof_bytes)
            (commitment,) = _hex_list(case["commitments"])
            proof.verify(commitment, a, b, bits, label)
        else:
            proof = bpkit.RangeProof.from_bytes(proof_bytes)
            proof.verify(_hex_list(case["commitments"]), bits, label)
    assert info.value.kind == expected
    _check_category(info.value, expected)


def _check_category(error, kind):
    invalid = {"verification-failed", "size-mismatch", "extension-mismatch"}
    if kind in invalid:
        assert isinstance(error, bpkit.InvalidProofError), repr(error)
    else:
        assert isinstance(error, bpkit.MalformedError), repr(error)
        assert isinstance(error, ValueError)


def _plus_verify(proof, statement):
    proof.verify(
        _hex_list(statement["commitments"]),
        statement["bits"],
        statement["label"],
        minimums=statement["minimums"],
        generators=statement["generators"],
        extension_degree=statement["extension_degree"],
    )


def _check_plus(section, case):
    proof_bytes = bytes.fromhex(case["proof"])
    if section == "malformed":
        with pytest.raises(bpkit.MalformedError) as info:
            bpkit.PlusProof.from_bytes(proof_bytes)
        assert info.value.kind == case["expected_error"]
        return
    statement = case["statement"]
    if section == "valid":
        proof = bpkit.PlusProof.from_bytes(proof_bytes)
        assert proof.to_bytes() == proof_bytes
        assert proof.extension_degree == statement["extension_degree"]
        _plus_verify(proof, statement)
        recovery = case.get("recovery")
        if recovery:
            (commitment,) = _hex_list(statement["commitments"])
            opening = proof.recover(
                commitment,
                statement["bits"],
                statement["label"],
                bytes.fromhex(recovery["seed"]),
                recovery["value"],
                minimum=statement["minimums"][0],
                generators=statement["generators"],
            )
            assert opening.value == recovery["value"]
            assert opening.blindings == _hex_list(recovery["blindings"])
            assert opening.commitment(statement["generators"]) == commitment
        return
    expected = case["expected_error"]
    with pytest.raises(bpkit.BpkitError) as info:
        _plus_verify(bpkit.PlusProof.from_bytes(proof_bytes), statement)
    assert info.value.kind == expected
    _check_category(info.value, expected)


@pytest.mark.parametrize("path,section,case", list(_cases()))
def test_vector(path, section, case):
    if section is None:
        pytest.skip(f"SKIP {path.name}: not supported by the Python binding")
    if path.name == "range_proof.json":
        _check_range(section, case)
    else:
        _check_plus(section, case)
