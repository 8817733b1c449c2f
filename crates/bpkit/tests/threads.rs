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
