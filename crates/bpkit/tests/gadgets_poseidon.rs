//! Poseidon in the circuit agrees with the native hash (property test), and Merkle membership
//! with a committed leaf and a hidden path: members pass, non-members, wrong roots, wrong
//! positions and empty slots fail; the multiplier counts the docs quote.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::circuit::gadgets::{merkle, poseidon};
use bpkit::circuit::{Checker, CircuitError, ConstraintSystem, LinearCombination, Metrics};
use bpkit::poseidon::{MerklePath, MerkleTree, Poseidon};
use curve25519_dalek::scalar::Scalar;
use proptest::prelude::*;

fn scalar(bytes: [u8; 32]) -> Scalar {
    Scalar::from_bytes_mod_order(bytes)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]
    #[test]
    fn circuit_agrees_with_native(a in any::<[u8; 32]>(), b in any::<[u8; 32]>(), c in any::<[u8; 32]>(), n in 0usize..6) {
        let p = Poseidon::new();
        let (a, b, c) = (scalar(a), scalar(b), scalar(c));
        let mut cs = Checker::new();
        let (va, vb, vc) = (cs.commit(a), cs.commit(b), cs.commit(c));
        // Permutation.
        let out = poseidon::permute(&mut cs, &p, [va.into(), vb.into(), vc.into()]).unwrap();
        let mut native = [a, b, c];
        p.permute(&mut native);
        for (o, n) in out.iter().zip(native) {
            prop_assert_eq!(cs.eval(o).unwrap(), n);
        }
        // 2-to-1, with a mix of variable and constant inputs.
        let h = poseidon::hash2(&mut cs, &p, va.into(), LinearCombination::from(b)).unwrap();
        prop_assert_eq!(cs.eval(&h).unwrap(), p.hash2(&a, &b));
        // Sponge over n inputs.
        let inputs: Vec<Scalar> = (0..n).map(|i| a * Scalar::from(i as u64 + 1) + c).collect();
        let vars: Vec<LinearCombination> = inputs.iter().map(|x| cs.commit(*x).into()).collect();
        let s = poseidon::hash(&mut cs, &p, &vars).unwrap();
        prop_assert_eq!(cs.eval(&s).unwrap(), p.hash(&inputs));
        prop_assert!(cs.check().is_ok());
    }
}

#[test]
fn poseidon_counts_and_soundness() {
    let p = Poseidon::new();
    let mut cs = Checker::new();
    let v: Vec<LinearCombination> = (0..3)
        .map(|i| cs.commit(Scalar::from(i as u64 + 5)).into())
        .collect();
    poseidon::permute(&mut cs, &p, [v[0].clone(), v[1].clone(), v[2].clone()]).unwrap();
    assert_eq!(cs.metrics().multipliers, 240);
    let before = cs.metrics().multipliers;
    let h = poseidon::hash2(&mut cs, &p, v[0].clone(), v[1].clone()).unwrap();
    assert_eq!(cs.metrics().multipliers - before, 237);
    // Claiming a wrong hash output fails.
    cs.constrain(h - p.hash2(&Scalar::from(5u64), &Scalar::from(7u64)));
    assert!(matches!(cs.check(), Err(CircuitError::Unsatisfied { .. })));
}

fn prove_membership(
    depth: u32,
    leaf: Scalar,
    root: Scalar,
    path: &MerklePath,
) -> Result<Metrics, CircuitError> {
    let p = Poseidon::new();
    let mut cs = Checker::new();
    let v = cs.commit(leaf);
    merkle::membership(&mut cs, &p, v.into(), &root, depth, Some(path))?;
    cs.check()
}

#[test]
fn merkle_membership() {
    let p = Poseidon::new();
    let leaves: Vec<Scalar> = (0..6u64).map(|i| Scalar::from(100 + i)).collect();
    let depth = 3;
    let tree = MerkleTree::new(&p, depth, &leaves).unwrap();
    let root = tree.root();
    for (i, leaf) in leaves.iter().enumerate() {
        let path = tree.path(i as u64).unwrap();
        let m = prove_membership(depth, *leaf, root, &path).unwrap();
        assert_eq!(m.multipliers, 234 + 239 * depth as usize);
        // Not the leaf at this position, another root, another position.
        assert!(prove_membership(depth, leaf + Scalar::ONE, root, &path).is_err());
        assert!(prove_membership(depth, *leaf, root + Scalar::ONE, &path).is_err());
        let mut moved = path.clone();
        moved.index ^= 2;
        assert!(prove_membership(depth, *leaf, root, &moved).is_err());
    }
    // A value not in the tree has no path: try every position with the real siblings.
    for index in 0..8u64 {
        let path = MerklePath {
            index,
            siblings: tree.path(index.min(5)).unwrap().siblings,
        };
        assert!(prove_membership(depth, Scalar::from(99u64), root, &path).is_err());
    }
    // An empty slot (node 0) cannot be claimed for the value 0.
    let empty_path = MerklePath {
        index: 7,
        siblings: tree.path(6 - 1).unwrap().siblings,
    };
    assert!(prove_membership(depth, Scalar::ZERO, root, &empty_path).is_err());
    // Shapes.
    let path = tree.path(0).unwrap();
    assert_eq!(
        prove_membership(depth + 1, leaves[0], root, &path),
        Err(CircuitError::Gadget(
            "merkle: the path does not match the depth"
        ))
    );
    assert_eq!(
        prove_membership(33, leaves[0], root, &path),
        Err(CircuitError::Gadget("merkle: depth above 32"))
    );
}

#[test]
fn merkle_depth_16_and_32_counts() {
    let p = Poseidon::new();
    for depth in [16u32, 32] {
        let leaves: Vec<Scalar> = (0..5u64).map(Scalar::from).collect();
        let tree = MerkleTree::new(&p, depth, &leaves).unwrap();
        let path = tree.path(3).unwrap();
        let m = prove_membership(depth, leaves[3], tree.root(), &path).unwrap();
        assert_eq!(m.multipliers, 234 + 239 * depth as usize);
    }
}
