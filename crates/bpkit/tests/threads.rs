//! Proofs are byte-identical whatever the thread count (`bpkit::with_threads`): the provers
//! draw their randomness in a fixed order before splitting work across threads.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;
// The benchmarks' chain circuit (n multipliers, three terms a row).
#[path = "../benches/common/chain.rs"]
mod chain;

use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
use bpkit::{with_threads, RangeProof};
use merlin::Transcript;

const THREADS: [usize; 4] = [1, 2, 8, 0];

#[test]
fn range_proofs_are_the_same_on_any_thread_count() {
    for (n, m) in [(64usize, 1usize), (64, 3), (32, 8), (64, 64)] {
        let openings = common::openings(&mut common::rng(11), n, m);
        let proofs: Vec<Vec<u8>> = THREADS
            .iter()
            .map(|&t| {
                with_threads(t, || {
                    let (proof, statement) = RangeProof::prove(
                        &mut Transcript::new(b"threads"),
                        &openings,
                        n,
                        &mut common::rng(12),
                    )
                    .unwrap();
                    proof
                        .verify(&mut Transcript::new(b"threads"), &statement)
                        .unwrap();
                    proof.to_bytes()
                })
            })
            .collect();
        for (t, p) in THREADS.iter().zip(&proofs) {
            assert_eq!(p, &proofs[0], "n = {n}, m = {m}: {t} threads differ from 1");
        }
        // A different RNG gives a different proof (the comparison above can fail).
        let other = RangeProof::prove(
            &mut Transcript::new(b"threads"),
            &openings,
            n,
            &mut common::rng(13),
        )
        .unwrap()
        .0
        .to_bytes();
        assert_ne!(other, proofs[0]);
    }
}

#[test]
fn out_of_range_values_are_named_by_index_on_any_thread_count() {
    let mut openings = common::openings(&mut common::rng(21), 8, 6);
    openings[4].value = 256;
    openings[2].value = 300;
    for t in THREADS {
        let err = with_threads(t, || {
            RangeProof::prove(
                &mut Transcript::new(b"threads"),
                &openings,
                8,
                &mut common::rng(22),
            )
            .unwrap_err()
        });
        // The first one in order, as a sequential run reports it.
        assert_eq!(
            err,
            bpkit::Error::ValueOutOfRange { index: 2 },
            "{t} threads"
        );
    }
}

#[test]
fn plus_proofs_are_the_same_on_any_thread_count() {
    let gens = PlusGens::bpkit(1).unwrap();
    for (n, m) in [(64usize, 1usize), (64, 16), (64, 64)] {
        let mut rng = common::rng(31);
        let openings: Vec<ExtendedOpening> = (0..m)
            .map(|_| ExtendedOpening::random(common::value_below(&mut rng, n), 1, &mut rng))
            .collect();
        let statement = PlusStatement::commit(gens.pedersen(), n, &openings, None).unwrap();
        let proofs: Vec<Vec<u8>> = THREADS
            .iter()
            .map(|&t| {
                with_threads(t, || {
                    let proof = PlusProof::prove(
                        &mut Transcript::new(b"threads+"),
                        &gens,
                        &statement,
                        &openings,
                        &mut common::rng(32),
                    )
                    .unwrap();
                    proof
                        .verify(&mut Transcript::new(b"threads+"), &gens, &statement)
                        .unwrap();
                    proof.to_bytes()
                })
            })
            .collect();
        for (t, p) in THREADS.iter().zip(&proofs) {
            assert_eq!(
                p, &proofs[0],
                "BP+ n = {n}, m = {m}: {t} threads differ from 1"
            );
        }
    }
}

#[test]
fn circuit_proofs_are_the_same_on_any_thread_count() {
    use bpkit::circuit::statements::MerkleStatement;
    use bpkit::group::Scalar;
    use bpkit::poseidon::{MerkleTree, Poseidon};
    use bpkit::BulletproofGens;
    let bp = BulletproofGens::new(2048, 1);
    let p = Poseidon::new();
    let leaves: Vec<Scalar> = (0..20u64).map(Scalar::from).collect();
    let tree = MerkleTree::new(&p, 6, &leaves).unwrap();
    let (st, w) = MerkleStatement::for_leaf(&tree, 7, 7, Scalar::from(5u64)).unwrap();
    let proofs: Vec<Vec<u8>> = THREADS
        .iter()
        .map(|&t| {
            with_threads(t, || {
                let proof = st
                    .prove(
                        &mut Transcript::new(b"threads-c"),
                        &w,
                        &bp,
                        &mut common::rng(41),
                    )
                    .unwrap();
                st.verify(&mut Transcript::new(b"threads-c"), &proof, &bp)
                    .unwrap();
                proof.to_bytes()
            })
        })
        .collect();
    for (t, p) in THREADS.iter().zip(&proofs) {
        assert_eq!(p, &proofs[0], "Merkle depth 6: {t} threads differ from 1");
    }
}

/// Verification of one large circuit (the benchmarks' chain of 4096 multipliers: the verifier's
/// `G`, `H` scalars in two halves, its `G`, `H` multiplications side by side) gives the same
/// verdicts on 1, 2 and 8
/// threads, on dalek and on the engine: the proof passes, a proof with a flipped byte of its
/// scalars and a wrong commitment fail.
#[test]
fn large_circuit_verdicts_are_the_same_on_any_thread_count() {
    use bpkit::circuit::{Circuit, CircuitProof, PreparedCircuit, Prover, Recorder};
    use bpkit::group::Scalar;
    use bpkit::{BulletproofGens, PedersenGens};
    const N: usize = 4096;
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(N, 1);
    let (proof, commitment) = {
        let mut t = Transcript::new(b"threads-v");
        let mut p = Prover::new(&pc, &mut t);
        let (c, v) = p.commit(Scalar::from(3u64), Scalar::from(5u64));
        chain::chain(&mut p, v, N, true);
        (p.prove(&bp, &mut common::rng(43)).unwrap().to_bytes(), c)
    };
    let circuit: Circuit = {
        let mut r = Recorder::new();
        let v = r.commit();
        chain::chain(&mut r, v, N, false);
        r.into_circuit().unwrap()
    };
    let prepared = PreparedCircuit::new(circuit.clone()).unwrap();
    let mut tampered = proof.clone();
    let last = tampered.len() - 40;
    tampered[last] ^= 1;
    let wrong = pc
        .commit(&Scalar::from(4u64), &Scalar::from(5u64))
        .compress();
    for threshold in [usize::MAX, 1] {
        bpkit::circuit::set_engine_threshold(threshold);
        if threshold == 1 {
            bpkit::generators::shared_engine(N, 1);
        }
        for t in [1usize, 2, 8] {
            with_threads(t, || {
                let verify = |bytes: &[u8], c| {
                    let p = CircuitProof::from_bytes(bytes);
                    let a = p.as_ref().map_err(Clone::clone).and_then(|p| {
                        circuit.verify(&mut Transcript::new(b"threads-v"), p, &[c], &pc, &bp)
                    });
                    let b = p.and_then(|p| {
                        prepared.verify(&mut Transcript::new(b"threads-v"), &p, &[c], &pc, &bp)
                    });
                    assert_eq!(
                        a.is_ok(),
                        b.is_ok(),
                        "{t} threads: Circuit and PreparedCircuit"
                    );
                    a.is_ok()
                };
                assert!(
                    verify(&proof, commitment),
                    "{t} threads, threshold {threshold}"
                );
                assert!(
                    !verify(&tampered, commitment),
                    "{t} threads: tampered proof"
                );
                assert!(!verify(&proof, wrong), "{t} threads: wrong commitment");
            });
        }
    }
    bpkit::circuit::set_engine_threshold(bpkit::circuit::ENGINE_MIN_MULTIPLIERS);
}
