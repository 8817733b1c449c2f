//! The native Poseidon Merkle tree: every path verifies, wrong leaves, indices, siblings and
//! roots do not, empty slots cannot be claimed, shapes are checked, depth 32 works.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::poseidon::{MerkleError, MerkleTree, Poseidon};
use curve25519_dalek::scalar::Scalar;

fn leaves(n: u64) -> Vec<Scalar> {
    (0..n).map(|i| Scalar::from(1000 + i * i)).collect()
}

#[test]
fn every_path_verifies_and_nothing_else_does() {
    let p = Poseidon::new();
    for depth in 0..=4u32 {
        for n in 0..=(1u64 << depth) {
            let l = leaves(n);
            let tree = MerkleTree::new(&p, depth, &l).unwrap();
            let root = tree.root();
            for (i, v) in l.iter().enumerate() {
                let path = tree.path(i as u64).unwrap();
                assert!(path.verify(&p, depth, &root, v));
                assert!(!path.verify(&p, depth, &root, &(v + Scalar::ONE)));
                assert!(!path.verify(&p, depth, &(root + Scalar::ONE), v));
                if depth > 0 {
                    let mut moved = path.clone();
                    moved.index ^= 1;
                    assert!(!moved.verify(&p, depth, &root, v));
                    let mut bad = path.clone();
                    bad.siblings[0] += Scalar::ONE;
                    assert!(!bad.verify(&p, depth, &root, v));
                }
            }
            assert_eq!(
                tree.path(n),
                Err(MerkleError::IndexOutOfRange {
                    index: n,
                    leaves: n as usize
                })
            );
        }
    }
}

#[test]
fn root_matches_a_direct_computation() {
    let p = Poseidon::new();
    let l = leaves(3);
    let tree = MerkleTree::new(&p, 2, &l).unwrap();
    let leaf = |v: &Scalar| p.hash(&[*v]);
    let left = p.hash2(&leaf(&l[0]), &leaf(&l[1]));
    let right = p.hash2(&leaf(&l[2]), &Scalar::ZERO);
    assert_eq!(tree.root(), p.hash2(&left, &right));
    // An empty tree of depth 1.
    let empty = MerkleTree::new(&p, 1, &[]).unwrap();
    assert_eq!(empty.root(), p.hash2(&Scalar::ZERO, &Scalar::ZERO));
}

#[test]
fn shapes_and_limits() {
    let p = Poseidon::new();
    assert_eq!(
        MerkleTree::new(&p, 33, &[]).unwrap_err(),
        MerkleError::DepthTooLarge(33)
    );
    assert_eq!(
        MerkleTree::new(&p, 1, &leaves(3)).unwrap_err(),
        MerkleError::TooManyLeaves {
            leaves: 3,
            depth: 1
        }
    );
    let tree = MerkleTree::new(&p, 32, &leaves(5)).unwrap();
    let path = tree.path(4).unwrap();
    assert_eq!(path.siblings.len(), 32);
    assert!(path.verify(&p, 32, &tree.root(), &leaves(5)[4]));
    assert!(!path.verify(&p, 31, &tree.root(), &leaves(5)[4]));
    let mut big = path.clone();
    big.index |= 1 << 32;
    assert_eq!(big.check_shape(32), Err(MerkleError::PathShape(32)));
}
