"""verify_json over every scheme (the vector files statements.json and grin_bp.json as
envelopes) and the circuit statements: prove here, verify here and with the CLI."""

import hashlib
import json
import pathlib
import subprocess

import pytest

import bpkit

VECTORS = pathlib.Path(__file__).resolve().parents[3] / "tests" / "vectors"


def _statement_cases():
    for case in json.loads((VECTORS / "statements.json").read_text())["cases"]:
        public = case["public"]
        if case["statement"] == "shuffle":
            public = {"k": len(case["commitments"]) // 2}
        text = json.dumps({
            "version": 1, "scheme": "circuit", "statement": case["statement"],
            "public": public, "label": case["label"], "commitments": case["commitments"],
            "proof": case["proof"],
        })
        yield pytest.param(text, case["valid"], case["error"], id=case["comment"])


def _grin_cases():
    data = json.loads((VECTORS / "grin_bp.json").read_text())
    for valid, section in ((True, "valid"), (False, "invalid")):
        for i, c in enumerate(data[section]):
            wire = {"version": 1, "scheme": "grin-bp", "bits": c["bits"],
                    "commitments": [c["commitment"]], "proof": c["proof"]}
            if c.get("extra") is not None:
                wire["extra"] = c["extra"]
            yield pytest.param(json.dumps(wire), valid, c.get("error"),
                               id=f"grin {section} {i}: {c.get('name', '')}")


def _circuit_cases():
    data = json.loads((VECTORS / "circuit.json").read_text())
    for c in data["cases"]:
        yield pytest.param(data["transcript_label"], c, id=f"circuit: {c['name']}")


@pytest.mark.parametrize("label,case", list(_circuit_cases()))
def test_circuit_vector(label, case):
    """circuit.json: a proof against a circuit's canonical JSON description."""
    args = (case["circuit"], [bytes.fromhex(c) for c in case["commitments"]],
            bytes.fromhex(case["proof"]), label)
    expected = case["expected"]
    if expected == "ok":
        bpkit.verify_circuit(*args)
        return
    with pytest.raises(bpkit.BpkitError) as info:
        bpkit.verify_circuit(*args)
    family = bpkit.InvalidProofError if expected == "verification-failed" else bpkit.MalformedError
    assert isinstance(info.value, family) and info.value.kind == expected, info.value


def test_circuit_size_limit():
    """A description above max_multipliers (default 2^16) is refused, typed, before anything is
    built; at the limit it verifies."""
    data = json.loads((VECTORS / "circuit.json").read_text())
    case = next(c for c in data["cases"] if c["expected"] == "ok")
    n = sum(json.loads(case["circuit"])["multipliers"])
    args = (case["circuit"], [bytes.fromhex(c) for c in case["commitments"]],
            bytes.fromhex(case["proof"]), data["transcript_label"])
    bpkit.verify_circuit(*args, max_multipliers=n)
    with pytest.raises(bpkit.MalformedError) as info:
        bpkit.verify_circuit(*args, max_multipliers=n - 1)
    assert info.value.kind == "circuit-too-large", info.value
    huge = ('{"bpkit_circuit":1,"commitments":0,"multipliers":[4194304,0],'
            '"challenges":[],"phase1":[],"phase2":[]}')
    with pytest.raises(bpkit.MalformedError) as info:
        bpkit.verify_circuit(huge, [], b"", "x")
    assert info.value.kind == "circuit-too-large", info.value
    with pytest.raises(bpkit.MalformedError) as info:
        bpkit.verify_circuit(huge, [], b"", "x", max_multipliers=1 << 22)
    assert info.value.kind != "circuit-too-large", info.value


def test_statement_size_limit():
    """A statement envelope whose circuit (from its public parameters) is above max_multipliers
    (default 2^16) is refused, typed, before anything is recorded or built; at the limit it
    verifies."""
    env = bpkit.prove_shuffle([1, 2, 3], [3, 1, 2], "py limit")[0]
    n = 4  # a shuffle of k values: 2(k - 1) multipliers
    bpkit.verify_json(env)
    bpkit.verify_json(env, max_multipliers=n)
    with pytest.raises(bpkit.MalformedError) as info:
        bpkit.verify_json(env, max_multipliers=n - 1)
    assert info.value.kind == "circuit-too-large", info.value
    # A 1024-byte SHA-256 statement: 446,373 multipliers, refused by default whatever its proof.
    big = json.dumps({"version": 1, "scheme": "circuit", "statement": "sha256-preimage",
                      "public": {"digest": "ab" * 32, "message_len": 1024}, "label": "x",
                      "commitments": [], "proof": ""})
    with pytest.raises(bpkit.MalformedError) as info:
        bpkit.verify_json(big)
    assert info.value.kind == "circuit-too-large", info.value
    # Raised, the envelope reaches its (empty, undecodable) proof.
    with pytest.raises(bpkit.MalformedError) as info:
        bpkit.verify_json(big, max_multipliers=446373)
    assert info.value.kind != "circuit-too-large", info.value


def _check(text, valid, error):
    if valid:
        bpkit.verify_json(text)
        return
    with pytest.raises(bpkit.BpkitError) as info:
        bpkit.verify_json(text)
    e = info.value
    if error == "verification-failed":
        assert isinstance(e, bpkit.InvalidProofError) and e.kind == error
    else:
        assert isinstance(e, bpkit.MalformedError)
        # A commitment that does not decode is caught by the envelope parser.
        assert e.kind in (error, "malformed-envelope")


@pytest.mark.parametrize("text,valid,error", list(_statement_cases()))
def test_statements_vector(text, valid, error):
    _check(text, valid, error)


@pytest.mark.parametrize("text,valid,error", list(_grin_cases()))
def test_grin_vector(text, valid, error):
    _check(text, valid, error)


def test_verify_json_range_and_malformed():
    env = bpkit.prove_range([bpkit.commit(5)], 8, "py any")
    bpkit.verify_json(env.to_json())
    with pytest.raises(bpkit.InvalidProofError):
        bpkit.verify_json(env.to_json().replace('"py any"', '"py other"'))
    for bad in ["", "{}", '{"scheme": "circuit"}', '{"scheme": "grin-bp"}']:
        with pytest.raises(bpkit.MalformedError):
            bpkit.verify_json(bad)


def test_merkle_and_shuffle():
    text, opening = bpkit.prove_merkle([3, 9, 27, 81, 243], 3, "py merkle")
    assert opening.value == 81
    assert json.loads(text)["commitments"] == [opening.commitment.hex()]
    bpkit.verify_json(text)
    with pytest.raises(bpkit.InvalidProofError):
        bpkit.verify_json(text.replace("py merkle", "py merkla"))
    with pytest.raises(bpkit.ProvingError):
        bpkit.prove_merkle([1, 2], 2, "x")
    text, ins, outs = bpkit.prove_shuffle([1, 2, 3], [3, 1, 2], "py shuffle")
    assert [o.value for o in ins] == [1, 2, 3] and [o.value for o in outs] == [3, 1, 2]
    bpkit.verify_json(text)
    with pytest.raises(bpkit.ProvingError):
        bpkit.prove_shuffle([1, 2, 3], [3, 1, 1], "x")


def test_sha256_verifies_with_the_cli(cli, tmp_path):
    text = bpkit.prove_sha256(b"abc", "py sha256")
    assert json.loads(text)["public"]["digest"] == hashlib.sha256(b"abc").hexdigest()
    bpkit.verify_json(text)
    path = tmp_path / "sha.json"
    path.write_text(text)
    run = subprocess.run([str(cli), "verify", str(path)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0 and run.stdout == "valid\n", (run.stdout, run.stderr)
    path.write_text(text.replace("py sha256", "py sha257"))
    run = subprocess.run([str(cli), "verify", str(path)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 1, (run.stdout, run.stderr)
