//! k-shuffles of values and of tuples (second phase): permutations pass for many challenge
//! seeds, anything else fails; 2(k − 1) multipliers.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::circuit::gadgets::shuffle;
use bpkit::circuit::{Checker, CircuitError, LinearCombination, Metrics};
use curve25519_dalek::scalar::Scalar;
use proptest::prelude::*;

fn values(seed: &[u8], xs: &[u64], ys: &[u64]) -> Result<Metrics, CircuitError> {
    let mut cs = Checker::with_seed(seed);
    let x: Vec<LinearCombination> = xs
        .iter()
        .map(|v| cs.commit(Scalar::from(*v)).into())
        .collect();
    let y: Vec<LinearCombination> = ys
        .iter()
        .map(|v| cs.commit(Scalar::from(*v)).into())
        .collect();
    shuffle::shuffle(&mut cs, x, y)?;
    cs.check()
}

fn tuples(seed: &[u8], xs: &[(u64, u64)], ys: &[(u64, u64)]) -> Result<Metrics, CircuitError> {
    let mut cs = Checker::with_seed(seed);
    let mut t = |v: &[(u64, u64)]| -> Vec<Vec<LinearCombination>> {
        v.iter()
            .map(|(a, b)| {
                vec![
                    cs.commit(Scalar::from(*a)).into(),
                    cs.commit(Scalar::from(*b)).into(),
                ]
            })
            .collect()
    };
    let (x, y) = (t(xs), t(ys));
    shuffle::tuple_shuffle(&mut cs, x, y)?;
    cs.check()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn permutations_pass(xs in prop::collection::vec(0u64..5, 0..12), seed in any::<[u8; 4]>(), rot in 0usize..12) {
        let mut ys = xs.clone();
        if !ys.is_empty() {
            let r = rot % ys.len();
            ys.rotate_left(r);
            ys.reverse();
        }
        let m = values(&seed, &xs, &ys).unwrap();
        prop_assert_eq!(m.multipliers, 2 * xs.len().saturating_sub(1));
    }

    #[test]
    fn non_permutations_fail(xs in prop::collection::vec(0u64..5, 1..12), which in 0usize..12, seed in any::<[u8; 4]>()) {
        let mut ys = xs.clone();
        let i = which % ys.len();
        ys[i] += 1;
        let r = values(&seed, &xs, &ys);
        prop_assert!(matches!(r, Err(CircuitError::Unsatisfied { .. })), "{:?}", r);
    }
}

#[test]
fn tuple_shuffles() {
    let xs = [(1, 2), (3, 4), (5, 6), (1, 2)];
    let ys = [(5, 6), (1, 2), (1, 2), (3, 4)];
    let m = tuples(b"a", &xs, &ys).unwrap();
    assert_eq!(m.multipliers, 6);
    // Same values per column, but tuples broken apart: not a tuple shuffle.
    let split = [(1, 4), (3, 2), (5, 6), (1, 2)];
    for seed in [&b"a"[..], b"b", b"c"] {
        assert!(matches!(
            tuples(seed, &xs, &split),
            Err(CircuitError::Unsatisfied { .. })
        ));
        // The same pairs are a value shuffle of the flattened columns.
        let flat = |v: &[(u64, u64)]| v.iter().flat_map(|(a, b)| [*a, *b]).collect::<Vec<_>>();
        values(seed, &flat(&xs), &flat(&split)).unwrap();
    }
    // k = 1 is an equality.
    tuples(b"a", &[(7, 8)], &[(7, 8)]).unwrap();
    assert!(tuples(b"a", &[(7, 8)], &[(8, 7)]).is_err());
}

#[test]
fn shapes_are_checked() {
    assert_eq!(
        values(b"", &[1, 2], &[1]),
        Err(CircuitError::Gadget(
            "shuffle: inputs and outputs differ in number"
        ))
    );
    let mut cs = Checker::new();
    let one: LinearCombination = cs.commit(Scalar::ONE).into();
    let r = shuffle::tuple_shuffle(
        &mut cs,
        vec![vec![one.clone()]],
        vec![vec![one.clone(), one]],
    );
    assert_eq!(
        r,
        Err(CircuitError::Gadget("shuffle: tuples of different widths"))
    );
}
