//! A proof against a circuit's canonical JSON description (`bpkit_envelope::verify_circuit`, the
//! bindings' `verify_circuit`): never panics, whatever the description, commitments and proof,
//! a description larger than its proof is refused before any generator is built, and one whose
//! header declares more than the default limit (`DEFAULT_MAX_MULTIPLIERS`) is refused as
//! `circuit-too-large` whatever follows.
//! Input: one byte k (commitments: k mod 8), k·32 commitment bytes, two bytes (LE) of
//! description length, the description, then the proof bytes. The transcript label is that of
//! `tests/vectors/circuit.json`, so that the seeds `fuzz/seeds.py` writes from it verify.
#![no_main]

use bpkit::group::CompressedRistretto;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&k, rest)) = data.split_first() else {
        return;
    };
    let k = usize::from(k % 8);
    if rest.len() < k * 32 + 2 {
        return;
    }
    let (cs, rest) = rest.split_at(k * 32);
    let commitments: Vec<CompressedRistretto> = cs
        .chunks_exact(32)
        .map(|c| CompressedRistretto(c.try_into().expect("32 bytes")))
        .collect();
    let (len, rest) = rest.split_at(2);
    let len = usize::from(u16::from_le_bytes([len[0], len[1]])).min(rest.len());
    let (description, proof) = rest.split_at(len);
    let Ok(description) = std::str::from_utf8(description) else {
        return;
    };
    let result = bpkit_envelope::verify_circuit(description, &commitments, proof, "circuit test");
    if let Ok(h) = bpkit::circuit::Circuit::description_header(description) {
        if h.multipliers() > bpkit_envelope::DEFAULT_MAX_MULTIPLIERS {
            assert_eq!(
                result.map_err(|e| e.kind()),
                Err("circuit-too-large"),
                "{h:?}"
            );
        }
    }
});
