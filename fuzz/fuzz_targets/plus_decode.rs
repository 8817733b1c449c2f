//! Bulletproofs+ proofs (`PlusProof::from_bytes`) and recovery seeds (`RecoverySeed::from_bytes`):
//! decoding never panics and round-trips exactly; a decoded proof is verified (must not panic)
//! against a fixed statement of the size it claims, with both the bpkit and the Tari generators.
#![no_main]

use bpkit::group::CompressedRistretto;
use bpkit::plus::{PlusGens, PlusProof, PlusStatement, RecoverySeed};
use libfuzzer_sys::fuzz_target;
use merlin::Transcript;
use std::sync::OnceLock;

/// Generators for extension degree `k` (1..=6), built once: bpkit's and Tari's.
fn gens(k: usize) -> &'static [PlusGens] {
    static CACHE: [OnceLock<Vec<PlusGens>>; 7] = [const { OnceLock::new() }; 7];
    CACHE.get(k).map_or(&[], |cell| {
        cell.get_or_init(|| {
            [PlusGens::bpkit(k), PlusGens::tari(k)]
                .into_iter()
                .flatten()
                .collect()
        })
    })
}

fuzz_target!(|data: &[u8]| {
    if let Some(seed) = data.get(..32).and_then(|s| <&[u8; 32]>::try_from(s).ok()) {
        let _ = RecoverySeed::from_bytes(seed);
    }
    let Ok(proof) = PlusProof::from_bytes(data) else {
        return;
    };
    assert_eq!(proof.to_bytes(), data, "decoding must be canonical");
    assert_eq!(proof.serialized_size(), data.len());
    // A statement of the size the proof claims: n from {8,16,32,64}, m = N/n commitments.
    let total = proof.total_bits();
    let n = match total {
        8 => 8,
        16 => 16,
        32 => 32,
        _ => 64,
    };
    let m = (total / n).max(1);
    let commitments = vec![CompressedRistretto::default(); m];
    let Ok(statement) = PlusStatement::new(n, commitments) else {
        return;
    };
    let k = proof.extension_degree();
    for gens in gens(k) {
        let r = proof.verify(&mut Transcript::new(b"fuzz"), gens, &statement);
        assert!(
            r.is_err(),
            "a fuzzed proof of identity commitments must not verify"
        );
    }
});
