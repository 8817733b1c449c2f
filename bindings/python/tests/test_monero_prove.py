"""Monero: commit_monero and prove_monero write the CLI's ``monero-bp+`` and ``monero-bp`` envelopes, which
verify_json, MoneroEnvelope.verify and ``bpkit verify`` accept; the CLI's Monero openings and
proofs are read here."""

import json
import subprocess

import pytest

import bpkit

# ℓ, the order of the Ed25519 prime-order subgroup, little-endian: not a canonical scalar.
ELL = (2**252 + 27742317777372353535851937790883648493).to_bytes(32, "little")


def _run(*args):
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("scheme", ["monero-bp+", "monero-bp"])
@pytest.mark.parametrize("m", [1, 2, 16])
def test_prove_verify(m, scheme):
    openings = [bpkit.commit_monero(2**64 - 1 - j if j % 2 else j * 1000) for j in range(m)]
    env = bpkit.prove_monero(openings) if scheme == "monero-bp+" else bpkit.prove_monero(openings, scheme)
    assert isinstance(env, bpkit.MoneroEnvelope)
    assert env.scheme == scheme
    assert env.commitments == [o.commitment for o in openings]
    text = env.to_json()
    assert text.endswith("\n") and text.count("\n") == 1
    wire = json.loads(text)
    assert wire["version"] == 1 and wire["scheme"] == scheme
    assert wire["commitments"] == [o.commitment.hex() for o in openings]
    assert bytes.fromhex(wire["proof"]) == env.proof
    env.verify()
    bpkit.verify_json(text)
    again = bpkit.MoneroEnvelope.from_json(text)
    assert again == env and again.to_json() == text


def test_tampered_commitment_fails():
    a, b = bpkit.commit_monero(5), bpkit.commit_monero(6)
    env = bpkit.prove_monero([a, b])
    wire = json.loads(env.to_json())
    # Another valid commitment (to 7 instead of 6): a false proof, not a malformed one.
    wire["commitments"][1] = bpkit.commit_monero(7, b.mask).commitment.hex()
    bad = json.dumps(wire)
    with pytest.raises(bpkit.InvalidProofError) as e:
        bpkit.verify_json(bad)
    assert e.value.kind == "verification-failed"
    with pytest.raises(bpkit.InvalidProofError):
        bpkit.MoneroEnvelope.from_json(bad).verify()
    # The commitments swapped: also false.
    wire["commitments"] = [b.commitment.hex(), a.commitment.hex()]
    with pytest.raises(bpkit.InvalidProofError):
        bpkit.verify_json(json.dumps(wire))


def test_unknown_scheme_refused():
    with pytest.raises(ValueError):
        bpkit.prove_monero([bpkit.commit_monero(1)], "monero-clsag")


def test_original_tampered_commitment_fails():
    a, b = bpkit.commit_monero(5), bpkit.commit_monero(6)
    wire = json.loads(bpkit.prove_monero([a, b], scheme="monero-bp").to_json())
    wire["commitments"] = [b.commitment.hex(), a.commitment.hex()]
    with pytest.raises(bpkit.InvalidProofError) as e:
        bpkit.verify_json(json.dumps(wire))
    assert e.value.kind == "verification-failed"


def test_seventeen_outputs_refused():
    openings = [bpkit.commit_monero(j) for j in range(17)]
    with pytest.raises(bpkit.ProvingError) as e:
        bpkit.prove_monero(openings)
    assert e.value.kind == "invalid-aggregation"
    with pytest.raises(bpkit.ProvingError) as e:
        bpkit.prove_monero([])
    assert e.value.kind == "invalid-aggregation"


def test_openings():
    o = bpkit.commit_monero(1234)
    assert o.amount == 1234 and len(o.mask) == 32 and len(o.commitment) == 32
    same = bpkit.commit_monero(1234, o.mask)
    assert same == o and same.commitment == o.commitment
    assert bpkit.MoneroOpening(1234, o.mask) == o
    assert bpkit.commit_monero(1235, o.mask).commitment != o.commitment
    assert bpkit.commit_monero(1234).commitment != o.commitment  # a fresh mask
    assert "1234" not in repr(o) and o.mask.hex() not in repr(o)
    with pytest.raises(bpkit.MalformedError) as e:
        bpkit.commit_monero(1, ELL)
    assert e.value.kind == "non-canonical-scalar"
    minus_one = (int.from_bytes(ELL, "little") - 1).to_bytes(32, "little")
    assert bpkit.commit_monero(1, minus_one).mask == minus_one
    with pytest.raises(bpkit.MalformedError) as e:
        bpkit.commit_monero(1, b"\x01" * 31)
    assert e.value.kind == "wrong-length"
    for bad in (-1, 2**64, "1"):
        with pytest.raises(bpkit.MalformedError):
            bpkit.commit_monero(bad)


def test_python_proof_verifies_with_the_cli(cli, tmp_path):
    env = bpkit.prove_monero([bpkit.commit_monero(10), bpkit.commit_monero(2**64 - 1)])
    path = tmp_path / "monero.json"
    path.write_text(env.to_json())
    run = _run(cli, "verify", path)
    assert run.returncode == 0 and run.stdout == "valid\n", (run.stdout, run.stderr)
    wire = json.loads(env.to_json())
    wire["commitments"].reverse()
    bad = tmp_path / "monero-bad.json"
    bad.write_text(json.dumps(wire) + "\n")
    run = _run(cli, "verify", bad)
    assert run.returncode == 1, (run.stdout, run.stderr)


def test_cli_opening_and_proof_here(cli, tmp_path):
    opening = tmp_path / "opening.json"
    run = _run(cli, "commit", "--scheme", "monero", "--value", "4321", "--out", opening)
    assert run.returncode == 0, run.stderr
    o = json.loads(opening.read_text())
    mine = bpkit.commit_monero(int(o["value"]), bytes.fromhex(o["blinding"]))
    assert mine.commitment.hex() == o["commitment"]
    out = tmp_path / "proof.json"
    run = _run(cli, "prove", "--scheme", "monero-bp+", "--out", out, opening)
    assert run.returncode == 0, run.stderr
    text = out.read_text()
    env = bpkit.MoneroEnvelope.from_json(text)
    assert env.to_json() == text  # the same bytes
    assert env.commitments == [mine.commitment]
    env.verify()
    bpkit.verify_json(text)
