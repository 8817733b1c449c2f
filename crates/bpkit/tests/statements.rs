//! The ready-made statements, proven and verified for real: SHA-256 preimage (one block, the
//! proof-size target), Merkle membership and shuffles. Completeness, refusal of false
//! statements by the prover, and soundness (another statement, another transcript label,
//! tampered proofs).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::circuit::statements::{
    MerkleProof, MerkleStatement, Sha256Statement, Sha256Witness, ShuffleProof, ShuffleStatement,
    ShuffleWitness,
};
use bpkit::group::Scalar;
use bpkit::poseidon::{MerkleTree, Poseidon};
use bpkit::{BulletproofGens, Error, Opening};
use merlin::Transcript;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::sync::OnceLock;

fn bp_gens() -> &'static BulletproofGens {
    static G: OnceLock<BulletproofGens> = OnceLock::new();
    G.get_or_init(|| BulletproofGens::new(32768, 1))
}

fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

fn t() -> Transcript {
    Transcript::new(b"statements test")
}

#[test]
fn sha256_preimage_one_block() {
    let witness = Sha256Witness::new(b"bpkit: a SHA-256 preimage proof".to_vec());
    let st = Sha256Statement::for_witness(&witness).unwrap();
    let proof = st
        .prove(&mut t(), &witness, bp_gens(), &mut rng(1))
        .unwrap();
    // n = 25,xxx multipliers padded to 2^15: 32·(13 + 2·15) bytes.
    assert_eq!(proof.serialized_size(), 1376);
    assert!(proof.serialized_size() <= 1450);
    st.verify(&mut t(), &proof, bp_gens()).unwrap();
    // Round trip.
    let decoded = bpkit::circuit::statements::Sha256Proof::from_bytes(&proof.to_bytes()).unwrap();
    st.verify(&mut t(), &decoded, bp_gens()).unwrap();
    // Another digest, another length, another label.
    let mut d = *st.digest();
    d[0] ^= 1;
    let other = Sha256Statement::new(d, st.message_len()).unwrap();
    assert!(other.verify(&mut t(), &proof, bp_gens()).is_err());
    let longer = Sha256Statement::new(*st.digest(), st.message_len() + 1).unwrap();
    assert!(longer.verify(&mut t(), &proof, bp_gens()).is_err());
    assert!(st
        .verify(&mut Transcript::new(b"other"), &proof, bp_gens())
        .is_err());
    // Tampered proofs (a sample of bytes: every byte of every element is covered by the
    // circuit tests).
    let bytes = proof.to_bytes();
    for i in (0..bytes.len()).step_by(457).chain([bytes.len() - 1]) {
        let mut b = bytes.clone();
        b[i] ^= 0x10;
        if let Ok(p) = bpkit::circuit::statements::Sha256Proof::from_bytes(&b) {
            assert!(st.verify(&mut t(), &p, bp_gens()).is_err(), "byte {i}");
        }
    }
    // The prover refuses a wrong message.
    let wrong = Sha256Witness::new(b"bpkit: a SHA-256 preimage proog".to_vec());
    assert!(matches!(
        st.prove(&mut t(), &wrong, bp_gens(), &mut rng(2)),
        Err(Error::Circuit(_))
    ));
}

fn tree(values: &[u64], depth: u32) -> MerkleTree {
    let leaves: Vec<Scalar> = values.iter().map(|v| Scalar::from(*v)).collect();
    MerkleTree::new(&Poseidon::new(), depth, &leaves).unwrap()
}

#[test]
fn merkle_membership() {
    let values = [10u64, 20, 30, 40, 50];
    let tr = tree(&values, 3);
    for (i, v) in values.iter().enumerate() {
        let (st, w) =
            MerkleStatement::for_leaf(&tr, *v, i as u64, Scalar::from(7u64 + i as u64)).unwrap();
        let proof = st
            .prove(&mut t(), &w, bp_gens(), &mut rng(i as u64))
            .unwrap();
        st.verify(&mut t(), &proof, bp_gens()).unwrap();
        let decoded = MerkleProof::from_bytes(&proof.to_bytes()).unwrap();
        st.verify(&mut t(), &decoded, bp_gens()).unwrap();
        // Another root, another depth, another commitment.
        let other_root =
            MerkleStatement::new(st.root() + Scalar::ONE, st.depth(), *st.leaf_commitment())
                .unwrap();
        assert!(other_root.verify(&mut t(), &proof, bp_gens()).is_err());
        let other_commitment = MerkleStatement::new(
            *st.root(),
            st.depth(),
            Opening::new(*v, Scalar::ONE).commit(),
        )
        .unwrap();
        assert!(other_commitment
            .verify(&mut t(), &proof, bp_gens())
            .is_err());
    }
    // A value that is not a leaf: the prover refuses (its commitment opens, the path does not
    // lead to the root).
    let (st, w) = MerkleStatement::for_leaf(&tr, 99, 2, Scalar::ONE).unwrap();
    assert!(st.prove(&mut t(), &w, bp_gens(), &mut rng(9)).is_err());
    // An opening that does not open the statement's commitment.
    let (st, _) = MerkleStatement::for_leaf(&tr, 30, 2, Scalar::ONE).unwrap();
    let (_, w2) = MerkleStatement::for_leaf(&tr, 30, 2, Scalar::from(2u64)).unwrap();
    assert!(st.prove(&mut t(), &w2, bp_gens(), &mut rng(9)).is_err());
    assert!(MerkleStatement::for_leaf(&tr, 30, 5, Scalar::ONE).is_err());
}

#[test]
fn shuffle() {
    let openings = |vs: &[u64], salt: u64| -> Vec<Opening> {
        vs.iter()
            .enumerate()
            .map(|(i, v)| Opening::new(*v, Scalar::from(salt * 100 + i as u64)))
            .collect()
    };
    let inputs = [5u64, 1, 4, 1, 3, 9, 2, 6];
    let outputs = [9u64, 1, 1, 2, 3, 4, 5, 6];
    let w = ShuffleWitness::new(openings(&inputs, 1), openings(&outputs, 2));
    let st = ShuffleStatement::for_witness(&w).unwrap();
    let proof = st.prove(&mut t(), &w, bp_gens(), &mut rng(3)).unwrap();
    // 2(k − 1) = 14 multipliers padded to 16: two phases, 32·(16 + 2·4) bytes.
    assert_eq!(proof.serialized_size(), 32 * (16 + 8));
    st.verify(&mut t(), &proof, bp_gens()).unwrap();
    let decoded = ShuffleProof::from_bytes(&proof.to_bytes()).unwrap();
    st.verify(&mut t(), &decoded, bp_gens()).unwrap();
    // Swapped input and output lists are also a shuffle, but a different statement.
    let swapped = ShuffleStatement::new(st.outputs().to_vec(), st.inputs().to_vec()).unwrap();
    assert!(swapped.verify(&mut t(), &proof, bp_gens()).is_err());
    // Every byte flipped fails.
    let bytes = proof.to_bytes();
    for i in 0..bytes.len() {
        let mut b = bytes.clone();
        b[i] ^= 1;
        if let Ok(p) = ShuffleProof::from_bytes(&b) {
            assert!(st.verify(&mut t(), &p, bp_gens()).is_err(), "byte {i}");
        }
    }
    // Not a permutation: the prover refuses.
    let bad = [9u64, 1, 1, 2, 3, 4, 5, 7];
    let w = ShuffleWitness::new(openings(&inputs, 1), openings(&bad, 2));
    let st = ShuffleStatement::for_witness(&w).unwrap();
    assert!(matches!(
        st.prove(&mut t(), &w, bp_gens(), &mut rng(4)),
        Err(Error::Circuit(_))
    ));
    assert!(ShuffleStatement::new(vec![], vec![]).is_err());
}
