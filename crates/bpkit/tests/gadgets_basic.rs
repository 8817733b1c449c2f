//! Booleans, bit decomposition, range checks, comparisons, equality, selection and one-of-many
//! membership: completeness, soundness (the checker names a failing constraint) and the
//! multiplier counts the gadget docs quote.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::circuit::gadgets::{bits, boolean, compare, equality, membership, select};
use bpkit::circuit::{Checker, CircuitError, ConstraintSystem, LinearCombination, Metrics};
use curve25519_dalek::scalar::Scalar;
use proptest::prelude::*;

fn run(f: impl FnOnce(&mut Checker) -> Result<(), CircuitError>) -> Result<Metrics, CircuitError> {
    let mut cs = Checker::new();
    f(&mut cs)?;
    cs.check()
}

fn ok(f: impl FnOnce(&mut Checker) -> Result<(), CircuitError>) -> Metrics {
    run(f).expect("satisfied")
}

fn fails(f: impl FnOnce(&mut Checker) -> Result<(), CircuitError>) {
    match run(f) {
        Err(CircuitError::Unsatisfied { .. }) => {}
        other => panic!("expected an unsatisfied constraint, got {other:?}"),
    }
}

fn s(x: u64) -> Scalar {
    Scalar::from(x)
}

fn lc(x: Scalar) -> LinearCombination {
    x.into()
}

#[test]
fn booleans() {
    for b in [false, true] {
        let m = ok(|cs| boolean::alloc_bit(cs, Some(b)).map(|_| ()));
        assert_eq!(m.multipliers, 1);
        let m = ok(|cs| {
            let v = cs.commit(s(u64::from(b)));
            boolean::assert_boolean(cs, v.into());
            Ok(())
        });
        assert_eq!(m.multipliers, 1);
    }
    for bad in [s(2), -s(1), s(12345)] {
        fails(|cs| {
            let v = cs.commit(bad);
            boolean::assert_boolean(cs, v.into());
            Ok(())
        });
    }
    // A malicious allocation: (2, -1) has product -2, not 0.
    fails(|cs| {
        let (l, r, o) = cs.allocate_multiplier(Some((s(2), -s(1))))?;
        cs.constrain(l + r - 1u64);
        cs.constrain(o.into());
        Ok(())
    });
}

#[test]
fn range_checks_accept_exactly_the_range() {
    for n in [1usize, 8, 32, 64] {
        let top = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        for v in [0, 1.min(top), top / 2, top] {
            let m = ok(|cs| {
                let x = cs.commit(s(v));
                bits::range_check(cs, x.into(), n)
            });
            assert_eq!(m.multipliers, n);
        }
        // 2^n and -1 are out of range.
        let over = Scalar::from(top) + Scalar::ONE;
        for bad in [over, -Scalar::ONE, over + over] {
            fails(|cs| {
                let x = cs.commit(bad);
                bits::range_check(cs, x.into(), n)
            });
        }
    }
    assert_eq!(
        run(|cs| bits::range_check(cs, lc(s(0)), 251)),
        Err(CircuitError::Gadget(
            "bit decomposition wider than 250 bits"
        ))
    );
    // The bits are the binary digits.
    let mut cs = Checker::new();
    let x = cs.commit(s(0b1011));
    let b = bits::to_bits(&mut cs, x.into(), 4).unwrap();
    let values: Vec<Scalar> = b.iter().map(|v| cs.eval(&(*v).into()).unwrap()).collect();
    assert_eq!(values, vec![s(1), s(1), s(0), s(1)]);
    cs.check().unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn comparisons_agree_with_integers(a in 0u64..256, b in 0u64..256) {
        let n = 8;
        let lt = run(|cs| {
            let (x, y) = (cs.commit(s(a)), cs.commit(s(b)));
            compare::assert_lt(cs, x.into(), y.into(), n)
        });
        prop_assert_eq!(lt.is_ok(), a < b);
        let le = run(|cs| {
            let (x, y) = (cs.commit(s(a)), cs.commit(s(b)));
            compare::assert_le(cs, x.into(), y.into(), n)
        });
        prop_assert_eq!(le.is_ok(), a <= b);
        let mut cs = Checker::new();
        let (x, y) = (cs.commit(s(a)), cs.commit(s(b)));
        let bit_lt = compare::is_lt(&mut cs, x.into(), y.into(), n).unwrap();
        let bit_le = compare::is_le(&mut cs, x.into(), y.into(), n).unwrap();
        prop_assert_eq!(cs.eval(&bit_lt).unwrap(), s(u64::from(a < b)));
        prop_assert_eq!(cs.eval(&bit_le).unwrap(), s(u64::from(a <= b)));
        let m = cs.check().unwrap();
        prop_assert_eq!(m.multipliers, 2 * (n + 1));
    }

    #[test]
    fn equality_and_zero(a in 0u64..4, b in 0u64..4) {
        prop_assert_eq!(run(|cs| {
            let (x, y) = (cs.commit(s(a)), cs.commit(s(b)));
            equality::assert_equal(cs, x.into(), y.into());
            Ok(())
        }).is_ok(), a == b);
        let ne = run(|cs| {
            let (x, y) = (cs.commit(s(a)), cs.commit(s(b)));
            equality::assert_not_equal(cs, x.into(), y.into())
        });
        prop_assert_eq!(ne.is_ok(), a != b);
        let nz = run(|cs| {
            let x = cs.commit(s(a));
            equality::assert_nonzero(cs, x.into())
        });
        prop_assert_eq!(nz.map(|m| m.multipliers), if a != 0 { Ok(1) } else { Err(CircuitError::Unsatisfied { index: nz_index() }) });
        let mut cs = Checker::new();
        let (x, y) = (cs.commit(s(a)), cs.commit(s(b)));
        let eq = equality::is_equal(&mut cs, x.into(), y.into()).unwrap();
        let z = equality::is_zero(&mut cs, x.into()).unwrap();
        prop_assert_eq!(cs.eval(&eq).unwrap(), s(u64::from(a == b)));
        prop_assert_eq!(cs.eval(&z).unwrap(), s(u64::from(a == 0)));
        prop_assert_eq!(cs.check().unwrap().multipliers, 4);
    }
}

/// The index of x·w = 1 in `assert_nonzero` on a fresh checker: l − x (0), o − 1 (1).
fn nz_index() -> usize {
    1
}

#[test]
fn is_zero_cannot_lie() {
    // A prover claiming [x = 0] = 1 for x = 5: o = x·w must be 0, then x·(1 − o) = 5 ≠ 0.
    fails(|cs| {
        let x = cs.commit(s(5));
        let (l, _, o) = cs.allocate_multiplier(Some((s(5), s(0))))?;
        cs.constrain(l - x);
        let z = LinearCombination::from(1u64) - o;
        let (_, _, o2) = cs.multiply(l.into(), z);
        cs.constrain(o2.into());
        Ok(())
    });
    // Claiming [x = 0] = 0 for x = 0: o = 0·w = 0 whatever w, so z = 1 is forced.
    let mut cs = Checker::new();
    let x = cs.commit(s(0));
    let (l, _, o) = cs.allocate_multiplier(Some((s(0), s(7)))).unwrap();
    cs.constrain(l - x);
    assert_eq!(cs.eval(&(LinearCombination::from(1u64) - o)).unwrap(), s(1));
}

#[test]
fn select_picks() {
    for b in [0u64, 1] {
        let mut cs = Checker::new();
        let bit = boolean::alloc_bit(&mut cs, Some(b == 1)).unwrap();
        let (x, y) = (cs.commit(s(10)), cs.commit(s(20)));
        let out = select::select(&mut cs, bit.into(), x.into(), y.into());
        assert_eq!(cs.eval(&out).unwrap(), if b == 1 { s(10) } else { s(20) });
        cs.constrain(out - if b == 1 { s(10) } else { s(20) });
        assert_eq!(cs.check().unwrap().multipliers, 2);
    }
}

#[test]
fn one_of_many() {
    let set = [3u64, 9, 27, 81];
    for (committed, v) in [(false, 27u64), (true, 81), (false, 3)] {
        let m = ok(|cs| {
            let x = cs.commit(s(v));
            let members = if committed {
                set.iter().map(|e| cs.commit(s(*e)).into()).collect()
            } else {
                set.iter().map(|e| lc(s(*e))).collect()
            };
            membership::member(cs, x.into(), members)
        });
        assert_eq!(m.multipliers, set.len() - 1);
    }
    for v in [0u64, 4, 80] {
        fails(|cs| {
            let x = cs.commit(s(v));
            membership::member(cs, x.into(), set.iter().map(|e| lc(s(*e))).collect())
        });
    }
    assert_eq!(
        run(|cs| membership::member(cs, lc(s(1)), vec![])),
        Err(CircuitError::Gadget("membership in an empty set"))
    );
}
