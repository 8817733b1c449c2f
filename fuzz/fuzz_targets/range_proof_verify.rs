//! Structure-aware: valid range proofs (the `bulletproofs` crate's format), made once from a
//! fixed seed, mutated as the input says (`common/mutate.rs`: scalars, points, swaps, bit flips,
//! truncation, commitments, transcript label, number of bits), then verified alone (with the
//! shared tables and with caller-supplied generators) and in a batch next to the unmutated
//! proof. Verification must never panic; an unchanged proof must verify; a changed one must be
//! rejected everywhere, and the batch must name it and only it.
#![no_main]

#[path = "common/mutate.rs"]
mod mutate;

use bpkit::batch::{BatchOptions, BatchVerifier};
use bpkit::reexports::rand_core::SeedableRng;
use bpkit::{BulletproofGens, Opening, PedersenGens, RangeProof, RangeStatement};
use curve25519_dalek::ristretto::CompressedRistretto;
use libfuzzer_sys::fuzz_target;
use merlin::Transcript;
use mutate::{Input, Kind};
use rand_chacha::ChaCha20Rng;
use std::sync::OnceLock;

struct Base {
    bits: usize,
    proof: Vec<u8>,
    commitments: Vec<[u8; 32]>,
    layout: Vec<(usize, Kind)>,
}

const LABEL: &[u8] = b"range proof verify fuzz";

fn bases() -> &'static [Base; 3] {
    static B: OnceLock<[Base; 3]> = OnceLock::new();
    B.get_or_init(|| {
        let mut rng = ChaCha20Rng::from_seed([21; 32]);
        [(64, 1), (8, 2), (32, 3)].map(|(bits, m)| {
            let max = if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
            let openings: Vec<Opening> = (0..m as u64)
                .map(|j| Opening::random(max - j * 7, &mut rng))
                .collect();
            let (proof, statement) =
                RangeProof::prove(&mut Transcript::new(LABEL), &openings, bits, &mut rng).unwrap();
            let proof = proof.to_bytes();
            // A, S, T₁, T₂; t_x, t̃_x, μ; L₀, R₀, …; a, b.
            let rounds = (proof.len() / 32 - 9) / 2;
            let mut layout: Vec<_> = mutate::run(0, 4, Kind::Point).collect();
            layout.extend(mutate::run(128, 3, Kind::Scalar));
            layout.extend(mutate::run(224, 2 * rounds, Kind::Point));
            layout.extend(mutate::run(224 + 64 * rounds, 2, Kind::Scalar));
            mutate::check_layout(&proof, &layout, 0);
            let commitments = statement
                .commitments()
                .iter()
                .map(|c| c.to_bytes())
                .collect();
            Base {
                bits,
                proof,
                commitments,
                layout,
            }
        })
    })
}

/// Vector generators for `bits` × `parties`, built once per size.
fn bp_gens(bits: usize, parties: usize) -> &'static BulletproofGens {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static CACHE: OnceLock<Mutex<HashMap<(usize, usize), &'static BulletproofGens>>> =
        OnceLock::new();
    let mut cache = CACHE.get_or_init(Default::default).lock().unwrap();
    cache
        .entry((bits, parties))
        .or_insert_with(|| Box::leak(Box::new(BulletproofGens::new(bits, parties))))
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let choice = input.byte();
    let base = &bases()[usize::from(choice % 3)];
    let engine = choice & 0x80 != 0;
    let m = mutate::mutate(
        &base.proof,
        &base.layout,
        &base.commitments,
        LABEL,
        &mut input,
    );
    let bits = match m.statement {
        0 => base.bits,
        s => [8, 16, 32, 64][usize::from(s % 4)],
    };
    let unchanged = m.proof == base.proof
        && m.commitments == base.commitments
        && m.label == LABEL
        && bits == base.bits;
    let commitments: Vec<CompressedRistretto> = m
        .commitments
        .iter()
        .map(|c| CompressedRistretto(*c))
        .collect();
    let statement = RangeStatement::new(bits, commitments);
    let Ok(statement) = statement else {
        assert!(!unchanged, "the base statement is valid");
        return;
    };
    // Alone: decoded, then verified with the shared tables and with explicit generators.
    let decoded = RangeProof::from_bytes(&m.proof);
    let pc = PedersenGens::default();
    let mut single = Vec::new();
    if let Ok(proof) = &decoded {
        single.push(proof.verify(&mut mutate::transcript(LABEL, &m.label), &statement));
        let bp = bp_gens(bits, statement.padded_values());
        single.push(proof.verify_with_generators(
            &pc,
            bp,
            &mut mutate::transcript(LABEL, &m.label),
            &statement,
        ));
    }
    // In a batch after the unmutated proof.
    let base_statement = RangeStatement::new(
        base.bits,
        base.commitments
            .iter()
            .map(|c| CompressedRistretto(*c))
            .collect(),
    )
    .unwrap();
    let mut batch = BatchVerifier::new().with_options(BatchOptions::default().engine(engine));
    batch.add_range_proof_bytes(&base.proof, &base_statement, Transcript::new(LABEL));
    batch.add_range_proof_bytes(&m.proof, &statement, mutate::transcript(LABEL, &m.label));
    let batched = batch.verify_deterministic();
    if unchanged {
        assert!(decoded.is_ok());
        for r in &single {
            assert_eq!(r, &Ok(()), "the unchanged proof must verify");
        }
        assert_eq!(batched, Ok(()), "the unchanged batch must verify");
    } else {
        for r in &single {
            assert!(r.is_err(), "a changed proof verified: {m:02x?}");
        }
        let failed: Vec<usize> = batched
            .as_ref()
            .expect_err("a batch with a changed proof verified")
            .indices()
            .collect();
        assert_eq!(
            failed,
            [1],
            "the batch must name the changed proof, and only it"
        );
    }
});
