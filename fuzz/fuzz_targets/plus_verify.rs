//! Structure-aware: valid Bulletproofs+ proofs (Tari's format; bpkit's and Tari's generators,
//! extension degrees 1 and 2, minimum values, one and two values — two 64-bit values verify on
//! the shifted tables), made once from a fixed seed, mutated as the input
//! says (`common/mutate.rs`: scalars, points, swaps, bit flips including the degree byte,
//! truncation, commitments, transcript label; a minimum or the number of bits), then verified
//! alone (with the generators' tables — the engine's and dalek's, each forced — and with
//! caller-supplied generators) and in a batch next to
//! the unmutated proof. Verification must never panic; an unchanged proof must verify; a changed
//! one must be rejected everywhere, and the batch must name it and only it.
#![no_main]

#[path = "common/mutate.rs"]
mod mutate;

use bpkit::batch::{BatchOptions, BatchVerifier};
use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
use bpkit::reexports::rand_core::SeedableRng;
use bpkit::BulletproofGens;
use curve25519_dalek::ristretto::CompressedRistretto;
use libfuzzer_sys::fuzz_target;
use merlin::Transcript;
use mutate::{Input, Kind};
use rand_chacha::ChaCha20Rng;
use std::sync::OnceLock;

struct Base {
    bits: usize,
    minimums: Vec<u64>,
    gens: PlusGens,
    proof: Vec<u8>,
    commitments: Vec<[u8; 32]>,
    layout: Vec<(usize, Kind)>,
}

const LABEL: &[u8] = b"plus verify fuzz";

fn bases() -> &'static [Base; 4] {
    static B: OnceLock<[Base; 4]> = OnceLock::new();
    B.get_or_init(|| {
        let mut rng = ChaCha20Rng::from_seed([22; 32]);
        // The last: 128 bits in all, so single verification runs on the shifted table of the
        // default generators (built after 16 verifications of two values in the process).
        let cases: [(usize, usize, bool, Vec<u64>); 4] = [
            (64, 1, false, vec![0]),
            (8, 2, false, vec![3, 5]),
            (16, 1, true, vec![100]),
            (64, 1, true, vec![1, 2]),
        ];
        cases.map(|(bits, k, tari, minimums)| {
            let gens = if tari {
                PlusGens::tari(k)
            } else {
                PlusGens::bpkit(k)
            }
            .unwrap();
            let openings: Vec<ExtendedOpening> = minimums
                .iter()
                .map(|&min| ExtendedOpening::random(min + 7, k, &mut rng))
                .collect();
            let statement =
                PlusStatement::commit(gens.pedersen(), bits, &openings, Some(minimums.clone()))
                    .unwrap();
            let proof = PlusProof::prove(
                &mut Transcript::new(LABEL),
                &gens,
                &statement,
                &openings,
                &mut rng,
            )
            .unwrap();
            let proof = proof.to_bytes();
            // k; d1₁ … d1_k; A, A1, B; r1, s1; L₀, R₀, ….
            let rounds = ((proof.len() - 1) / 32 - 5 - k) / 2;
            let mut layout: Vec<_> = mutate::run(1, k, Kind::Scalar).collect();
            layout.extend(mutate::run(1 + 32 * k, 3, Kind::Point));
            layout.extend(mutate::run(1 + 32 * (k + 3), 2, Kind::Scalar));
            layout.extend(mutate::run(1 + 32 * (k + 5), 2 * rounds, Kind::Point));
            mutate::check_layout(&proof, &layout, 1);
            let commitments = statement
                .commitments()
                .iter()
                .map(|c| c.to_bytes())
                .collect();
            Base {
                bits,
                minimums,
                gens,
                proof,
                commitments,
                layout,
            }
        })
    })
}

fn statement(bits: usize, commitments: &[[u8; 32]], minimums: Vec<u64>) -> Option<PlusStatement> {
    let c = commitments
        .iter()
        .map(|c| CompressedRistretto(*c))
        .collect();
    PlusStatement::with_minimums(bits, c, minimums).ok()
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
    let base = &bases()[usize::from(choice % 4)];
    let engine = choice & 0x80 != 0;
    let m = mutate::mutate(
        &base.proof,
        &base.layout,
        &base.commitments,
        LABEL,
        &mut input,
    );
    // Statement changes: the number of bits (top bit set), or one minimum ± 1.
    let mut bits = base.bits;
    let mut minimums = base.minimums.clone();
    minimums.resize(m.commitments.len(), 0);
    match m.statement {
        0 => {}
        s if s & 0x80 != 0 => bits = [8, 16, 32, 64][usize::from(s % 4)],
        s => {
            let j = usize::from(s >> 1) % minimums.len().max(1);
            if let Some(min) = minimums.get_mut(j) {
                *min = if s & 1 == 0 {
                    min.wrapping_add(1)
                } else {
                    min.wrapping_sub(1)
                };
            }
        }
    }
    let unchanged = m.proof == base.proof
        && m.commitments == base.commitments
        && m.label == LABEL
        && bits == base.bits
        && minimums == base.minimums;
    let Some(statement) = statement(bits, &m.commitments, minimums) else {
        assert!(!unchanged, "the base statement is valid");
        return;
    };
    let decoded = PlusProof::from_bytes(&m.proof);
    let mut single = Vec::new();
    if let Ok(proof) = &decoded {
        let label = &m.label;
        // On the engine's tables and on dalek's, whatever this CPU would choose.
        for engine_tables in [true, false] {
            bpkit::group::engine::set_tables_preferred(Some(engine_tables));
            single.push(proof.verify(
                &mut mutate::transcript(LABEL, label),
                &base.gens,
                &statement,
            ));
        }
        bpkit::group::engine::set_tables_preferred(None);
        let bp = bp_gens(bits, statement.padded_values());
        single.push(proof.verify_with_generators(
            base.gens.pedersen(),
            bp,
            &mut mutate::transcript(LABEL, label),
            &statement,
        ));
    }
    let base_statement =
        self::statement(base.bits, &base.commitments, base.minimums.clone()).unwrap();
    let mut batch = BatchVerifier::new().with_options(BatchOptions::default().engine(engine));
    batch.add_plus_proof_bytes(
        &base.proof,
        &base_statement,
        &base.gens,
        Transcript::new(LABEL),
    );
    batch.add_plus_proof_bytes(
        &m.proof,
        &statement,
        &base.gens,
        mutate::transcript(LABEL, &m.label),
    );
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
