//! Batch verification of proofs given as bytes, with the verification engine on and off: the two
//! paths (engine decoding and MSM, dalek decompression and MSM) must give the same answer and the
//! same error per proof, and never panic. Input: two 32-byte commitments, one selector byte
//! (range proof or Bulletproofs+), then the proof's bytes; the statement has n = 8 and two values
//! (m > 1, so the batch takes the engine's path), and a valid companion proof's slot is left to
//! the fuzzer (both entries are the same bytes under two transcripts).
#![no_main]

use bpkit::batch::{BatchOptions, BatchVerifier};
use bpkit::group::CompressedRistretto;
use bpkit::plus::{PlusGens, PlusStatement};
use bpkit::RangeStatement;
use libfuzzer_sys::fuzz_target;
use merlin::Transcript;
use std::sync::OnceLock;

fn plus_gens() -> &'static PlusGens {
    static G: OnceLock<PlusGens> = OnceLock::new();
    G.get_or_init(|| PlusGens::bpkit(1).expect("k = 1 is supported"))
}

fuzz_target!(|data: &[u8]| {
    let (Some(c0), Some(c1), Some(&kind), Some(proof)) = (
        data.get(..32),
        data.get(32..64),
        data.get(64),
        data.get(65..),
    ) else {
        return;
    };
    let commitments: Vec<CompressedRistretto> = [c0, c1]
        .iter()
        .map(|c| CompressedRistretto(<[u8; 32]>::try_from(*c).unwrap_or([0; 32])))
        .collect();
    let range = RangeStatement::new(8, commitments.clone()).ok();
    let plus = PlusStatement::new(8, commitments).ok();
    let run = |engine: bool| {
        let mut batch = BatchVerifier::new().with_options(BatchOptions::default().engine(engine));
        if kind & 1 == 0 {
            let statement = range.as_ref()?;
            batch.add_range_proof_bytes(proof, statement, Transcript::new(b"fuzz a"));
            batch.add_range_proof_bytes(proof, statement, Transcript::new(b"fuzz b"));
        } else {
            let statement = plus.as_ref()?;
            batch.add_plus_proof_bytes(proof, statement, plus_gens(), Transcript::new(b"fuzz a"));
            batch.add_plus_proof_bytes(proof, statement, plus_gens(), Transcript::new(b"fuzz b"));
        }
        Some(batch.verify_deterministic())
    };
    let on = run(true);
    let off = run(false);
    assert_eq!(on, off, "engine and dalek paths disagree");
});
