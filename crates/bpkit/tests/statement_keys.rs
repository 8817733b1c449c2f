//! Verifying keys of the ready-made statements: a key recorded once verifies every proof of
//! statements with its parameters, gives the same verdicts as recording the circuit again, and
//! is refused for any other parameters.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::circuit::statements::{
    MerkleProof, MerkleStatement, Sha256Statement, Sha256Witness, ShuffleStatement, ShuffleWitness,
};
use bpkit::circuit::PreparedCircuit;
use bpkit::group::Scalar;
use bpkit::poseidon::{MerkleTree, Poseidon};
use bpkit::{BulletproofGens, Opening, PedersenGens};
use merlin::Transcript;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn t() -> Transcript {
    Transcript::new(b"statement keys test")
}

#[test]
fn sha256_key_is_reused_and_bound_to_its_parameters() {
    let bp = BulletproofGens::new(32768, 1);
    let w = Sha256Witness::new(b"abc".to_vec());
    let st = Sha256Statement::for_witness(&w).unwrap();
    let key = st.verifying_key().unwrap();
    let circuit = st.circuit().unwrap();
    assert_eq!(key.circuit().digest(), circuit.digest());
    assert_eq!(key.circuit().multipliers(), circuit.multipliers());
    assert_eq!(key.circuit().num_rows(), circuit.rows().len());
    assert_eq!(key.padded_multipliers(), 32768);
    // The packed rows are far smaller than the recorded ones (64 bytes a term).
    let terms: usize = circuit.rows().iter().map(|r| r.terms().len()).sum();
    assert!(
        key.circuit().heap_bytes() < terms * 16,
        "{}",
        key.circuit().heap_bytes()
    );

    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let p1 = st.prove(&mut t(), &w, &bp, &mut rng).unwrap();
    // The key verifies as often as asked (the Merkle and shuffle tests reuse keys across
    // statements).
    for _ in 0..2 {
        st.verify_with_key(&key, &mut t(), &p1, &bp).unwrap();
    }
    // The prepared circuit and the recorded one agree on a tampered proof.
    let bad = (96..p1.to_bytes().len())
        .find_map(|i| {
            let mut bytes = p1.to_bytes();
            bytes[i] ^= 4;
            bpkit::circuit::statements::Sha256Proof::from_bytes(&bytes).ok()
        })
        .unwrap();
    assert!(st.verify_with_key(&key, &mut t(), &bad, &bp).is_err());
    let (c, v, mut tr) = st.batch_parts(t()).unwrap();
    assert!(c
        .verify(
            &mut tr,
            bad.circuit_proof(),
            &v,
            &PedersenGens::default(),
            &bp
        )
        .is_err());
    // Another label fails with the key.
    assert!(st
        .verify_with_key(&key, &mut Transcript::new(b"other"), &p1, &bp)
        .is_err());
    // A key for another digest or length is refused, even for a valid proof.
    let mut d = *st.digest();
    d[31] ^= 1;
    let other = Sha256Statement::new(d, 3).unwrap();
    let other_key = other.verifying_key().unwrap();
    assert_ne!(other_key.circuit().digest(), key.circuit().digest());
    assert!(st.verify_with_key(&other_key, &mut t(), &p1, &bp).is_err());
    let longer = Sha256Statement::new(*st.digest(), 4).unwrap();
    assert!(st
        .verify_with_key(&longer.verifying_key().unwrap(), &mut t(), &p1, &bp)
        .is_err());
    // And the other statement with its own key rejects this proof.
    assert!(other
        .verify_with_key(&other_key, &mut t(), &p1, &bp)
        .is_err());
}

#[test]
fn merkle_key_serves_every_leaf_of_the_tree() {
    let bp = BulletproofGens::new(2048, 1);
    let values = [3u64, 1, 4, 1, 5];
    let leaves: Vec<Scalar> = values.iter().map(|v| Scalar::from(*v)).collect();
    let tree = MerkleTree::new(&Poseidon::new(), 3, &leaves).unwrap();
    let (st0, _) = MerkleStatement::for_leaf(&tree, 3, 0, Scalar::ONE).unwrap();
    let key = st0.verifying_key().unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(8);
    for (i, v) in values.iter().enumerate() {
        let (st, w) =
            MerkleStatement::for_leaf(&tree, *v, i as u64, Scalar::from(10 + i as u64)).unwrap();
        let proof = st.prove(&mut t(), &w, &bp, &mut rng).unwrap();
        st.verify_with_key(&key, &mut t(), &proof, &bp).unwrap();
        // Another commitment with the same key fails; every byte flipped fails.
        let moved =
            MerkleStatement::new(*st.root(), 3, Opening::new(*v, Scalar::ONE).commit()).unwrap();
        assert!(moved.verify_with_key(&key, &mut t(), &proof, &bp).is_err());
        if i == 0 {
            let bytes = proof.to_bytes();
            for j in 0..bytes.len() {
                let mut b = bytes.clone();
                b[j] ^= 0x20;
                if let Ok(p) = MerkleProof::from_bytes(&b) {
                    assert!(st.verify_with_key(&key, &mut t(), &p, &bp).is_err(), "{j}");
                }
            }
        }
        // A key for another root or depth is refused.
        let other =
            MerkleStatement::new(st.root() + Scalar::ONE, 3, *st.leaf_commitment()).unwrap();
        assert!(st
            .verify_with_key(&other.verifying_key().unwrap(), &mut t(), &proof, &bp)
            .is_err());
        let deeper = MerkleStatement::new(*st.root(), 4, *st.leaf_commitment()).unwrap();
        assert!(st
            .verify_with_key(&deeper.verifying_key().unwrap(), &mut t(), &proof, &bp)
            .is_err());
    }
}

#[test]
fn shuffle_key_serves_every_shuffle_of_its_size() {
    let bp = BulletproofGens::new(64, 1);
    let mut rng = ChaCha20Rng::seed_from_u64(9);
    let open = |vs: &[u64], rng: &mut ChaCha20Rng| -> Vec<Opening> {
        vs.iter().map(|v| Opening::random(*v, rng)).collect()
    };
    let mut key = None;
    for (a, b) in [
        ([1u64, 2, 3, 4], [4u64, 3, 2, 1]),
        ([7, 7, 8, 9], [9, 7, 8, 7]),
    ] {
        let w = ShuffleWitness::new(open(&a, &mut rng), open(&b, &mut rng));
        let st = ShuffleStatement::for_witness(&w).unwrap();
        let key = key.get_or_insert_with(|| st.verifying_key().unwrap());
        let proof = st.prove(&mut t(), &w, &bp, &mut rng).unwrap();
        st.verify_with_key(key, &mut t(), &proof, &bp).unwrap();
        let swapped = ShuffleStatement::new(st.outputs().to_vec(), st.inputs().to_vec()).unwrap();
        assert!(swapped.verify_with_key(key, &mut t(), &proof, &bp).is_err());
        // A key of another size is refused.
        let w3 = ShuffleWitness::new(open(&[1, 2, 3], &mut rng), open(&[3, 2, 1], &mut rng));
        let k3 = ShuffleStatement::for_witness(&w3).unwrap();
        assert!(st
            .verify_with_key(&k3.verifying_key().unwrap(), &mut t(), &proof, &bp)
            .is_err());
    }
}

#[test]
fn prepared_circuit_matches_the_recorded_one() {
    // The same verdict as Circuit::verify on a two-phase circuit, valid and tampered.
    let bp = BulletproofGens::new(64, 1);
    let mut rng = ChaCha20Rng::seed_from_u64(10);
    let w = ShuffleWitness::new(
        [5u64, 6, 7]
            .iter()
            .map(|v| Opening::random(*v, &mut rng))
            .collect(),
        [7u64, 5, 6]
            .iter()
            .map(|v| Opening::random(*v, &mut rng))
            .collect(),
    );
    let st = ShuffleStatement::for_witness(&w).unwrap();
    let proof = st.prove(&mut t(), &w, &bp, &mut rng).unwrap();
    let (circuit, commitments, tr) = st.batch_parts(t()).unwrap();
    let prepared = PreparedCircuit::new(circuit.clone()).unwrap();
    let pc = PedersenGens::default();
    let bytes = proof.to_bytes();
    for j in std::iter::once(usize::MAX).chain(0..bytes.len()) {
        let mut b = bytes.clone();
        if let Some(x) = b.get_mut(j) {
            *x ^= 1;
        }
        let Ok(p) = bpkit::circuit::CircuitProof::from_bytes(&b) else {
            continue;
        };
        let a = circuit.verify(&mut tr.clone(), &p, &commitments, &pc, &bp);
        let c = prepared.verify(&mut tr.clone(), &p, &commitments, &pc, &bp);
        assert_eq!(a.is_ok(), c.is_ok(), "byte {j}");
        assert_eq!(a.is_ok(), j == usize::MAX, "byte {j}");
    }
}

#[test]
fn recording_into_a_prepared_circuit_gives_the_packed_circuit() {
    // `PreparedCircuit::from_recorder` computes the digest beside the packing; the result is
    // the same as packing the sealed circuit, on any thread count, and the statements' keys
    // (made that way) hold exactly the packed recorded circuit.
    let record = || {
        let mut rec = bpkit::circuit::Recorder::new();
        let v = rec.commit();
        let bits = bpkit::circuit::gadgets::bits::to_bits(&mut rec, v.into(), 16).unwrap();
        bpkit::circuit::gadgets::bits::to_bits(&mut rec, bits[3] + bits[5] * Scalar::from(3u64), 4)
            .unwrap();
        rec
    };
    let packed = PreparedCircuit::new(record().into_circuit().unwrap()).unwrap();
    for threads in [1, 2] {
        let direct = bpkit::with_threads(threads, || PreparedCircuit::from_recorder(record()));
        assert_eq!(direct.unwrap(), packed, "{threads} threads");
    }
    let sha = Sha256Statement::for_witness(&Sha256Witness::new(b"abc".to_vec())).unwrap();
    let key = sha.verifying_key().unwrap();
    let recorded = PreparedCircuit::new(sha.circuit().unwrap()).unwrap();
    assert_eq!(key.circuit(), &recorded);
    assert_ne!(key.circuit().digest(), [0u8; 32]);
}
