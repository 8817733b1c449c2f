"""Monero: verify_tx on the real transactions of tests/vectors/monero/txs/ (and tampered,
truncated and extended copies), and every case of tests/vectors/monero.json through
verify_json (bindings/README.md, "Test vectors")."""

import json
import subprocess

import pytest

import bpkit

from conftest import VECTORS

TXS = VECTORS / "monero" / "txs"
MONERO_JSON = VECTORS / "monero.json"

# (file stem, RingCT type, proof kind); the hash starts with the hex at the end of the name.
REAL = [
    ("bpp_tx_e89415", 6, "bulletproofs+"),
    ("rct_bp_tx_a685d68e", 3, "bulletproofs"),
    ("rct_bp_compact_tx_10312fd4", 4, "bulletproofs"),
    ("rct_clsag_tx_200c3215", 5, "bulletproofs"),
    ("rct_full_tx_14056427", 1, "none"),
    ("rct_simple_tx_c69861bf", 2, "none"),
    ("v1_coinbase_tx_bf4c0300", None, "none"),
    ("v1_tx_hf3_effcceb9", None, "none"),
    ("v2_coinbase_tx_7f88a52a", 0, "none"),
]
WITH_PROOFS = [name for name, _, kind in REAL if kind != "none"]


def _tx(name):
    return (TXS / f"{name}.bin").read_bytes()


def _proof_offset(name, blob):
    """Where the transaction's proof starts: monero.json holds it (the case named as the file)."""
    cases = json.loads(MONERO_JSON.read_text())["cases"]
    (case,) = [c for c in cases if c["name"] == name]
    at = blob.find(bytes.fromhex(case["envelope"]["proof"]))
    assert at > 0
    return at


def _monero_cases():
    for case in json.loads(MONERO_JSON.read_text())["cases"]:
        yield pytest.param(case, id=f"monero.json: {case['name']}")


@pytest.mark.parametrize("case", list(_monero_cases()))
def test_monero_vector(case):
    """monero.json: each envelope through verify_json; valid verify, invalid raise
    InvalidProofError, malformed raise MalformedError."""
    text = json.dumps(case["envelope"])
    expect = case["expect"]
    if expect == "valid":
        bpkit.verify_json(text)
        return
    family = {"invalid": bpkit.InvalidProofError, "malformed": bpkit.MalformedError}[expect]
    with pytest.raises(bpkit.BpkitError) as info:
        bpkit.verify_json(text)
    assert isinstance(info.value, family), repr(info.value)


@pytest.mark.parametrize("name,rct_type,kind", REAL)
def test_real_transactions(name, rct_type, kind):
    r = bpkit.verify_tx(_tx(name))
    assert isinstance(r, bpkit.MoneroTxReport)
    assert r.hash.startswith(name.rsplit("_", 1)[1]) and len(r.hash) == 64
    assert r.rct_type == rct_type
    assert r.version == (1 if rct_type is None else 2)
    assert r.proof_kind == kind
    assert r.outputs >= 1
    assert r.verdict == ("no-bulletproofs" if kind == "none" else "valid")
    assert r.error is None and r.message is None
    assert r.hash in repr(r)


@pytest.mark.parametrize("name", WITH_PROOFS)
def test_tampered_truncated_extended(name):
    blob = _tx(name)
    good = bpkit.verify_tx(blob)
    bad = bytearray(blob)
    # A proof scalar: r1 of Bulletproofs+ (at 96 in the proof), taux of Bulletproofs (at 128).
    bad[_proof_offset(name, blob) + (100 if name.startswith("bpp") else 130)] ^= 1
    r = bpkit.verify_tx(bytes(bad))
    assert r.verdict == "invalid" and r.error == "verification-failed", r
    assert r.hash != good.hash and r.outputs == good.outputs
    assert " invalid: " in r.summary

    for broken in (blob[:-1], blob + b"\x00", blob[: len(blob) // 2], b""):
        with pytest.raises(bpkit.MalformedError) as info:
            bpkit.verify_tx(broken)
        assert info.value.kind in {"wrong-length", "malformed-transaction", "invalid-varint"}
        assert isinstance(info.value, ValueError)


def test_malformed_proof_in_a_transaction():
    """A non-canonical scalar in the proof: the transaction parses, its proof is malformed."""
    blob = bytearray(_tx("bpp_tx_e89415"))
    at = _proof_offset("bpp_tx_e89415", bytes(blob)) + 96  # r1
    blob[at : at + 32] = b"\xff" * 32
    r = bpkit.verify_tx(bytes(blob))
    assert r.verdict == "malformed" and r.error == "non-canonical-scalar", r
    assert r.message


def test_argument_type():
    with pytest.raises(TypeError):
        bpkit.verify_tx("not bytes")


def test_same_report_as_the_cli(cli):
    """bpkit monero verify-tx prints the report's summary for each file."""
    paths = [str(TXS / f"{name}.bin") for name, _, _ in REAL]
    out = subprocess.run(
        [str(cli), "monero", "verify-tx", *paths], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == [f"{p}: {bpkit.verify_tx(open(p, 'rb').read()).summary}" for p in paths]
