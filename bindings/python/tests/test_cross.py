"""Cross-language: envelopes made here verify with the bpkit CLI and the C library, and
envelopes made by them verify here, byte for byte the same JSON."""

import json
import subprocess

import pytest

import bpkit


def _made_here():
    x = bpkit.ExtendedOpening.random(1234, 2)
    return {
        "range": bpkit.prove_range([bpkit.commit(1), bpkit.commit(2**63)], 64, "xlang range"),
        "interval": bpkit.prove_interval(bpkit.commit(150), 100, 200, "xlang interval"),
        "plus": bpkit.prove_plus([x], 16, "xlang plus", minimums=[1000]),
        "plus-tari": bpkit.prove_plus([x], 32, "xlang tari", generators="tari"),
    }


def _falsified(env):
    wire = json.loads(env.to_json())
    wire["label"] = wire["label"] + " (altered)"
    return bpkit.Envelope.from_json(json.dumps(wire))


def _run(*args):
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=120)


def test_python_proofs_verify_with_the_cli(cli, tmp_path):
    lines = []
    for name, env in _made_here().items():
        path = tmp_path / f"{name}.json"
        path.write_text(env.to_json())
        run = _run(cli, "verify", path)
        assert run.returncode == 0 and run.stdout == "valid\n", (name, run.stdout, run.stderr)
        bad = tmp_path / f"{name}-bad.json"
        bad.write_text(_falsified(env).to_json())
        run = _run(cli, "verify", bad)
        assert run.returncode == 1, (name, run.stdout, run.stderr)
        lines.append(env.to_json())
    batch = tmp_path / "batch.jsonl"
    batch.write_text("".join(lines))
    run = _run(cli, "batch-verify", batch)
    assert run.returncode == 0, run.stdout + run.stderr


def test_cli_proofs_verify_here(cli, tmp_path):
    opening = tmp_path / "opening.json"
    run = _run(cli, "commit", "--value", "777", "--out", opening)
    assert run.returncode == 0, run.stderr
    o = json.loads(opening.read_text())
    mine = bpkit.Opening(int(o["value"]), bytes.fromhex(o["blinding"]))
    assert mine.commitment.hex() == o["commitment"]
    cases = {
        "bp": ["--bits", "16"],
        "interval": ["--bits", "16", "--range", "700..800"],
        "bp+": ["--bits", "16", "--scheme", "bp+", "--min", "700"],
        "bp+tari": ["--bits", "32", "--scheme", "bp+", "--generators", "tari"],
    }
    for name, flags in cases.items():
        out = tmp_path / f"cli-{name}.json"
        run = _run(cli, "prove", *flags, "--label", f"from the cli {name}", "--out", out, opening)
        assert run.returncode == 0, (name, run.stderr)
        text = out.read_text()
        env = bpkit.Envelope.from_json(text)
        assert env.to_json() == text  # the same bytes
        env.verify()
        if name != "bp+tari":
            assert env.commitments == [mine.commitment]
        with pytest.raises(bpkit.InvalidProofError):
            _falsified(env).verify()
    assert bpkit.verify_batch(
        [bpkit.Envelope.from_json((tmp_path / f"cli-{n}.json").read_text()) for n in cases]
    ) == []


def test_python_proofs_verify_with_c(c_test, tmp_path):
    files = []
    for name, env in _made_here().items():
        path = tmp_path / f"{name}.json"
        path.write_text(env.to_json())
        files.append(path)
    run = _run(c_test, "--verify", *files)
    assert run.returncode == 0, run.stdout + run.stderr
    bad = tmp_path / "bad.json"
    bad.write_text(_falsified(_made_here()["range"]).to_json())
    run = _run(c_test, "--verify", bad)
    assert run.returncode == 1, run.stdout + run.stderr


def test_c_proofs_verify_here(c_test, tmp_path):
    out = tmp_path / "from-c.jsonl"
    run = _run(c_test, "--prove", out)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = out.read_text().splitlines(keepends=True)
    assert len(lines) >= 3
    circuits = [line for line in lines if json.loads(line)["scheme"] == "circuit"]
    assert {json.loads(line)["statement"] for line in circuits} == {
        "merkle-membership", "shuffle"}
    for line in circuits:
        bpkit.verify_json(line)
        with pytest.raises(bpkit.InvalidProofError):
            bpkit.verify_json(line.replace('"made in C"', '"made in c"'))
    lines = [line for line in lines if line not in circuits]
    envs = [bpkit.Envelope.from_json(line) for line in lines]
    for line, env in zip(lines, envs):
        assert env.to_json() == line
        env.verify()
    assert {e.scheme for e in envs} == {"bp", "bp+"}
    assert bpkit.verify_batch(envs) == []


@pytest.fixture(scope="module")
def statements_here():
    """Circuit envelopes made here (one SHA-256 proof: it takes seconds)."""
    merkle, _ = bpkit.prove_merkle([5, 10, 15], 2, "xlang merkle")
    shuffle, _, _ = bpkit.prove_shuffle([7, 8, 9, 10], [10, 8, 7, 9], "xlang shuffle")
    return {
        "sha256": bpkit.prove_sha256(b"cross-language", "xlang sha256"),
        "merkle": merkle,
        "shuffle": shuffle,
    }


def test_python_statements_verify_with_c_and_the_cli(c_test, cli, statements_here, tmp_path):
    files = []
    for name, text in statements_here.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text)
        files.append(path)
    run = _run(c_test, "--verify", *files)
    assert run.returncode == 0 and run.stdout.count(": valid") == 3, run.stdout + run.stderr
    for path in files:
        run = _run(cli, "verify", path)
        assert run.returncode == 0 and run.stdout == "valid\n", run.stdout + run.stderr
    bad = tmp_path / "bad.json"
    bad.write_text(statements_here["shuffle"].replace("xlang shuffle", "xlang shufflE"))
    assert _run(c_test, "--verify", bad).returncode == 1
    assert _run(cli, "verify", bad).returncode == 1
