"""The Python API: openings, proofs, envelopes, recovery, batch, errors, the GIL."""

import json
import sys
import threading
import time

import pytest

import bpkit

ELL = bytes.fromhex("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")


def test_exception_hierarchy():
    assert issubclass(bpkit.MalformedError, bpkit.BpkitError)
    assert issubclass(bpkit.MalformedError, ValueError)
    assert issubclass(bpkit.InvalidProofError, bpkit.BpkitError)
    assert issubclass(bpkit.ProvingError, bpkit.BpkitError)
    assert not issubclass(bpkit.InvalidProofError, ValueError)
    assert issubclass(bpkit.BpkitError, Exception)


def test_openings():
    o = bpkit.commit(42)
    assert o.value == 42 and len(o.blinding) == 32 and len(o.commitment) == 32
    again = bpkit.Opening(42, o.blinding)
    assert again == o and again.commitment == o.commitment
    assert "42" not in repr(o) and o.blinding.hex() not in repr(o)
    assert bpkit.Opening(43, o.blinding).commitment != o.commitment
    assert bpkit.commit(2**64 - 1).value == 2**64 - 1
    for bad in (-1, 2**64, "1", 1.0):
        with pytest.raises(bpkit.MalformedError) as info:
            bpkit.commit(bad)
        assert info.value.kind == "invalid-argument"
    with pytest.raises(bpkit.MalformedError) as info:
        bpkit.Opening(1, ELL)
    assert info.value.kind == "non-canonical-scalar"
    with pytest.raises(bpkit.MalformedError) as info:
        bpkit.Opening(1, b"\x01" * 31)
    assert info.value.kind == "wrong-length"


def test_extended_openings():
    x = bpkit.ExtendedOpening.random(7, 3)
    assert x.k == 3 and x.value == 7 and len(x.blindings) == 3
    assert bpkit.ExtendedOpening(7, x.blindings) == x
    assert x.commitment("bpkit") != x.commitment("tari")
    # k = 1 with bpkit's generators commits like commit().
    o = bpkit.commit(9)
    assert bpkit.ExtendedOpening(9, [o.blinding]).commitment() == o.commitment
    for k in (0, 7):
        with pytest.raises(bpkit.MalformedError):
            bpkit.ExtendedOpening.random(1, k)
    with pytest.raises(bpkit.MalformedError):
        bpkit.ExtendedOpening(1, [])
    with pytest.raises(bpkit.MalformedError) as info:
        x.commitment("Tari")
    assert info.value.kind == "invalid-argument"


@pytest.mark.parametrize("bits", [8, 16, 32, 64])
def test_range_proofs(bits):
    openings = [bpkit.commit(v % 2**bits) for v in (0, 2**bits - 1, 12345)]
    env = bpkit.prove_range(openings, bits, "api range")
    assert env.scheme == "bp" and env.bits == bits and env.label == "api range"
    assert env.commitments == [o.commitment for o in openings]
    env.verify()
    proof = bpkit.RangeProof.from_bytes(env.proof)
    assert proof.to_bytes() == env.proof and len(proof) == len(env.proof)
    proof.verify(env.commitments, bits, "api range")
    with pytest.raises(bpkit.InvalidProofError) as info:
        proof.verify(env.commitments, bits, "another label")
    assert info.value.kind == "verification-failed"
    swapped = [env.commitments[1], env.commitments[0], env.commitments[2]]
    with pytest.raises(bpkit.InvalidProofError):
        proof.verify(swapped, bits, "api range")
    with pytest.raises(bpkit.InvalidProofError) as info:
        proof.verify(env.commitments[:2], bits, "api range")
    assert info.value.kind == "size-mismatch"


def test_every_byte_flipped_fails():
    env = bpkit.prove_range([bpkit.commit(5)], 8, "flip")
    data = env.proof
    for i in range(len(data)):
        bad = bytearray(data)
        bad[i] ^= 0x01
        with pytest.raises(bpkit.BpkitError):
            bpkit.RangeProof.from_bytes(bytes(bad)).verify(env.commitments, 8, "flip")


def test_prover_refuses():
    with pytest.raises(bpkit.ProvingError) as info:
        bpkit.prove_range([bpkit.commit(256)], 8, "x")
    assert info.value.kind == "value-out-of-range"
    with pytest.raises(bpkit.ProvingError) as info:
        bpkit.prove_range([bpkit.commit(1)], 12, "x")
    assert info.value.kind == "invalid-bit-size"
    with pytest.raises(bpkit.ProvingError) as info:
        bpkit.prove_range([], 8, "x")
    assert info.value.kind == "invalid-aggregation"
    with pytest.raises(bpkit.ProvingError) as info:
        bpkit.prove_interval(bpkit.commit(20), 10, 20, "x")
    assert info.value.kind == "value-out-of-range"
    with pytest.raises(bpkit.ProvingError) as info:
        bpkit.prove_interval(bpkit.commit(20), 30, 20, "x")
    assert info.value.kind == "invalid-range"
    with pytest.raises(bpkit.ProvingError) as info:
        bpkit.prove_range([bpkit.commit(1)], 8, "l" * (bpkit.MAX_LABEL + 1))
    assert info.value.kind == "label-too-long"


def test_interval_proofs():
    o = bpkit.commit(1000)
    env = bpkit.prove_interval(o, 999, 1001, "api interval")
    assert env.range == (999, 1001) and env.bits == 8
    env.verify()
    proof = bpkit.IntervalProof.from_bytes(env.proof)
    proof.verify(o.commitment, 999, 1001, 8, "api interval")
    with pytest.raises(bpkit.InvalidProofError):
        proof.verify(o.commitment, 999, 1002, 8, "api interval")
    with pytest.raises(bpkit.InvalidProofError):
        proof.verify(bpkit.commit(1000).commitment, 999, 1001, 8, "api interval")
    top = bpkit.commit(2**64 - 1)
    env = bpkit.prove_interval(top, 0, 2**64, "top", bits=64)
    assert env.range == (0, 2**64)
    env.verify()
    with pytest.raises(bpkit.MalformedError) as info:
        proof.verify(o.commitment, 5, 5, 8, "api interval")
    assert info.value.kind == "invalid-range"


@pytest.mark.parametrize("generators", ["bpkit", "tari"])
def test_plus_proofs(generators):
    xs = [bpkit.ExtendedOpening.random(v, 2) for v in (100, 200)]
    env = bpkit.prove_plus(xs, 8, "api plus", minimums=[50, 0], generators=generators)
    assert env.scheme == "bp+" and env.generators == generators and env.minimums == [50, 0]
    assert env.commitments == [x.commitment(generators) for x in xs]
    env.verify()
    proof = bpkit.PlusProof.from_bytes(env.proof)
    assert proof.extension_degree == 2
    proof.verify(env.commitments, 8, "api plus", [50, 0], generators)
    other = "tari" if generators == "bpkit" else "bpkit"
    with pytest.raises(bpkit.InvalidProofError):
        proof.verify(env.commitments, 8, "api plus", [50, 0], other)
    with pytest.raises(bpkit.InvalidProofError):
        proof.verify(env.commitments, 8, "api plus", [51, 0], generators)
    with pytest.raises(bpkit.InvalidProofError) as info:
        proof.verify(env.commitments, 8, "api plus", [50, 0], generators, extension_degree=3)
    assert info.value.kind == "extension-mismatch"
    with pytest.raises(bpkit.ProvingError) as info:
        bpkit.prove_plus(xs, 8, "x", minimums=[150, 0])
    assert info.value.kind == "value-out-of-range"


def test_mask_recovery_checks_the_commitment():
    x = bpkit.ExtendedOpening.random(31337, 3)
    seed = bpkit.random_seed()
    env = bpkit.prove_plus([x], 16, "recover", minimums=[30000], generators="tari", seed=seed)
    assert env.recover(seed, 31337) == x
    proof = bpkit.PlusProof.from_bytes(env.proof)
    got = proof.recover(env.commitments[0], 16, "recover", seed, 31337, 30000, "tari")
    assert got.blindings == x.blindings
    with pytest.raises(bpkit.InvalidProofError) as info:
        env.recover(seed, 31338)
    assert info.value.kind == "recovery-failed"
    with pytest.raises(bpkit.InvalidProofError):
        env.recover(bpkit.random_seed(), 31337)
    with pytest.raises(bpkit.MalformedError) as info:
        env.recover(ELL, 31337)
    assert info.value.kind == "non-canonical-scalar"
    with pytest.raises(bpkit.MalformedError) as info:
        bpkit.prove_range([bpkit.commit(1)], 8, "r").recover(seed, 1)
    assert info.value.kind == "wrong-scheme"
    with pytest.raises(bpkit.ProvingError) as info:
        bpkit.prove_plus([x, x], 16, "r", seed=seed)
    assert info.value.kind == "aggregated-recovery"


def test_envelope_json_is_strict_and_stable():
    env = bpkit.prove_range([bpkit.commit(3), bpkit.commit(4)], 16, "json")
    text = env.to_json()
    assert text.endswith("}\n") and text.count("\n") == 1
    back = bpkit.Envelope.from_json(text)
    assert back == env and back.to_json() == text
    assert bpkit.Envelope.from_json(text.encode()) == env
    wire = json.loads(text)
    for edit in (
        lambda w: w.update(version=2),
        lambda w: w.update(extra=1),
        lambda w: w.update(bits=12),
        lambda w: w.update(commitments=[]),
        lambda w: w.update(proof="0"),
        lambda w: w.update(generators="tari"),
    ):
        w = dict(wire)
        edit(w)
        with pytest.raises(bpkit.MalformedError) as info:
            bpkit.Envelope.from_json(json.dumps(w))
        assert info.value.kind == "malformed-envelope"
    for junk in ("", "{", "null", text + "x", b"\xff"):
        with pytest.raises(bpkit.MalformedError):
            bpkit.Envelope.from_json(junk)
    # A proof that does not decode is malformed at verification.
    w = dict(wire)
    w["proof"] = w["proof"][:-2]
    with pytest.raises(bpkit.MalformedError) as info:
        bpkit.Envelope.from_json(json.dumps(w)).verify()
    assert info.value.kind == "wrong-length"


def test_envelope_constructors_match_the_provers():
    o = bpkit.commit(77)
    env = bpkit.prove_range([o], 32, "ctor")
    rebuilt = bpkit.Envelope.for_range(bpkit.RangeProof.from_bytes(env.proof), [o.commitment], 32, "ctor")
    assert rebuilt.to_json() == env.to_json()
    x = bpkit.ExtendedOpening.random(77, 1)
    pe = bpkit.prove_plus([x], 8, "ctor", generators="tari")
    assert pe.minimums == [0] and "minimums" not in pe.to_json()
    again = bpkit.Envelope.for_plus(
        bpkit.PlusProof.from_bytes(pe.proof), pe.commitments, 8, "ctor", generators="tari"
    )
    assert again.to_json() == pe.to_json()
    with pytest.raises(bpkit.MalformedError):
        bpkit.Envelope.for_range(bpkit.RangeProof.from_bytes(env.proof), [o.commitment], 12, "ctor")


def _mixed(n):
    out = []
    for i in range(n):
        kind = i % 3
        if kind == 0:
            out.append(bpkit.prove_range([bpkit.commit(i)], 64, "batch"))
        elif kind == 1:
            out.append(bpkit.prove_interval(bpkit.commit(i), 0, 1000, "batch interval"))
        else:
            x = bpkit.ExtendedOpening.random(i, 1 + i % 6)
            gens = "tari" if i % 2 else "bpkit"
            out.append(bpkit.prove_plus([x], 16, "batch plus", generators=gens))
    return out


def _falsify(env):
    wire = json.loads(env.to_json())
    wire["commitments"][0] = bpkit.commit(1).commitment.hex()
    return bpkit.Envelope.from_json(json.dumps(wire))


def test_batch_returns_bad_indices():
    good = _mixed(12)
    assert bpkit.verify_batch(good) == []
    bad_at = [0, 4, 5, 11]
    items = [(_falsify(e) if i in bad_at else e) for i, e in enumerate(good)]
    for threads in (1, 2, 0):
        assert bpkit.verify_batch(items, threads=threads) == bad_at
    assert bpkit.verify_batch([]) == []


def test_batch_malformed_names_the_index():
    items = _mixed(4)
    wire = json.loads(items[2].to_json())
    wire["commitments"][0] = "ee" * 32
    items[2] = bpkit.Envelope.from_json(json.dumps(wire))
    with pytest.raises(bpkit.MalformedError) as info:
        bpkit.verify_batch(items)
    assert info.value.index == 2 and info.value.kind == "invalid-commitment"


def _spin_during(call):
    """How far a spinning thread counts while `call()` runs once in this thread.

    With a long switch interval, a thread that keeps the GIL through `call` leaves the spinner
    at 0: it is not forced off before `call` returns. A call that releases the GIL lets it run.
    """
    count = [0]
    stop = threading.Event()

    def spin():
        while not stop.is_set():
            count[0] += 1

    old = sys.getswitchinterval()
    sys.setswitchinterval(0.5)
    t = threading.Thread(target=spin)
    t.start()
    try:
        time.sleep(0.02)  # the spinner runs; the switch timer restarts when we get back
        before = count[0]
        call()
        return count[0] - before
    finally:
        stop.set()
        t.join()
        sys.setswitchinterval(old)


def _lets_others_run(call, tries=5):
    """Whether the spinner moves during `call` in at least one of `tries` runs: on a loaded
    machine the OS may not schedule the spinner within one short call (seen in CI with 2 cores
    and a load of 9), but a call that holds the GIL never lets it move (the control below)."""
    return any(_spin_during(call) > 1000 for _ in range(tries))


def test_gil_is_released_during_prove_verify_and_batch():
    items = _mixed(24)
    o = bpkit.commit(5)
    assert _lets_others_run(lambda: bpkit.verify_batch(items, threads=1))
    assert _lets_others_run(lambda: bpkit.prove_range([o] * 8, 64, "gil"))
    env = bpkit.prove_range([o] * 8, 64, "gil")
    assert _lets_others_run(env.verify)


def test_spin_probe_sees_a_held_gil():
    # The probe's control: a call that holds the GIL throughout (a C-level loop in Python's
    # own code) leaves the spinner still.
    assert _spin_during(lambda: sum(range(3_000_000))) < 1000


def test_proofs_from_threads_agree():
    errors = []

    def work():
        try:
            for _ in range(3):
                env = bpkit.prove_range([bpkit.commit(9)], 32, "threads")
                env.verify()
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_receiver_verifies_against_what_it_expects():
    """A valid proof about the attacker's own commitment passes the self-consistent check and
    is refused by verify_expecting (InvalidProofError, kind unexpected-statement)."""
    mine, theirs = bpkit.commit(100), bpkit.commit(100)
    env = bpkit.prove_range([mine], bits=64, label="pay v1")
    env.verify_expecting("pay v1", [mine.commitment], bits=64)
    attack = bpkit.prove_range([theirs], bits=64, label="pay v1")
    attack.verify_self_consistent()  # what a naive receiver checks: it passes
    cases = [
        (attack, dict(label="pay v1", commitments=[mine.commitment])),
        (env, dict(label="pay v2", commitments=[mine.commitment])),
        (env, dict(label="pay v1", commitments=[mine.commitment], bits=32)),
        (env, dict(label="pay v1", commitments=[mine.commitment], range=(18, 130))),
        (env, dict(label="pay v1", commitments=[mine.commitment, mine.commitment])),
    ]
    for e, kwargs in cases:
        with pytest.raises(bpkit.InvalidProofError) as info:
            e.verify_expecting(**kwargs)
        assert info.value.kind == "unexpected-statement", kwargs
    # A commitment of the wrong length is bpkit's error.
    with pytest.raises(bpkit.MalformedError):
        env.verify_expecting("pay v1", [b"\x01" * 31])
