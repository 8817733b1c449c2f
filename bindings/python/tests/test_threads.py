"""The provers' `threads` argument: proofs made on 1 and 2 threads verify; counts outside
0..=256 are refused before any work."""

import json

import pytest

import bpkit

COUNTS = [1, 2]


@pytest.mark.parametrize("threads", COUNTS)
def test_range_interval_plus_on_threads(threads):
    o = bpkit.commit(1234)
    bpkit.prove_range([o, bpkit.commit(5)], 16, "threads", threads=threads).verify()
    bpkit.prove_interval(o, 1000, 2000, "threads", threads=threads).verify()
    x = bpkit.ExtendedOpening.random(300, 2)
    bpkit.prove_plus([x], 16, "threads", minimums=[200], threads=threads).verify()


@pytest.mark.parametrize("threads", COUNTS)
def test_circuit_statements_on_threads(threads):
    tree, leaf = bpkit.prove_merkle([3, 9, 27, 81], 2, "threads", threads=threads)
    bpkit.verify_json(tree)
    assert leaf.value == 27
    mixed, _, _ = bpkit.prove_shuffle([1, 2, 3], [3, 1, 2], "threads", threads=threads)
    bpkit.verify_json(mixed)


def test_sha256_on_two_threads():
    text = bpkit.prove_sha256(b"abc", "threads", threads=2)
    bpkit.verify_json(text)
    assert json.loads(text)["statement"] == "sha256-preimage"


def test_default_is_the_global_pool():
    bpkit.prove_range([bpkit.commit(7)], 8, "threads").verify()
    bpkit.prove_range([bpkit.commit(7)], 8, "threads", threads=0).verify()


PROVERS = {
    "prove_range": lambda t: bpkit.prove_range([bpkit.commit(1)], 8, "t", threads=t),
    "prove_interval": lambda t: bpkit.prove_interval(bpkit.commit(1), 0, 2, "t", threads=t),
    "prove_plus": lambda t: bpkit.prove_plus(
        [bpkit.ExtendedOpening.random(1)], 8, "t", threads=t
    ),
    "prove_sha256": lambda t: bpkit.prove_sha256(b"x", "t", threads=t),
    "prove_merkle": lambda t: bpkit.prove_merkle([1, 2], 0, "t", threads=t),
    "prove_shuffle": lambda t: bpkit.prove_shuffle([1], [1], "t", threads=t),
}


@pytest.mark.parametrize("name", sorted(PROVERS))
@pytest.mark.parametrize("threads", [-1, 257, 1000])
def test_bad_thread_counts_are_refused(name, threads):
    with pytest.raises(bpkit.MalformedError) as info:
        PROVERS[name](threads)
    assert isinstance(info.value, ValueError)
    assert info.value.kind == "invalid-argument"
    assert "threads" in str(info.value)
