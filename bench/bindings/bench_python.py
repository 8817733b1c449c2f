"""Python side of bench/bindings: the same calls as boundary_bench.rs, timed the same way."""

import json
import sys
import time

import bpkit


def median(v):
    v = sorted(v)
    return v[len(v) // 2]


def timed(n, f):
    out = []
    for _ in range(n):
        t = time.perf_counter_ns()
        f()
        out.append(time.perf_counter_ns() - t)
    return median(out)


def main():
    with open(sys.argv[1]) as fh:
        envelopes = [bpkit.Envelope.from_json(line) for line in fh]
    opening = bpkit.commit(123456789)
    prove = timed(30, lambda: bpkit.prove_range([opening], 64, "bench"))
    one = envelopes[0]
    verify = timed(60, one.verify)

    def batch():
        assert bpkit.verify_batch(envelopes, threads=1) == []

    batch_ns = timed(7, batch)
    print(json.dumps({"prove": prove, "verify": verify, "batch": batch_ns}))


main()
