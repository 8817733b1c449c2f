//! Attacks on the two phases of circuit proofs, built with the public API only (issue 30).
//!
//! A challenge binds what was committed before it: phase-1 values. Every phase-2 multiplier is
//! committed after every challenge. bpkit 0.1.0 let a phase-2 callback register another
//! callback and draw a challenge after allocating, so a two-phase gadget could run on phase-2
//! inputs chosen after its challenge. Each attack below proves a false statement —
//! "0 ∈ {5, 7}" with a k = 2 shuffle `{x₀, x₁} = {0, y₁}` — and each test first shows that the
//! real prover and verifier **accept it with the rules off** ([`WEAKENED`], this thread only:
//! the test catches the bug), then that both refuse it with [`CircuitError::PhaseOrder`].
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use super::constraint_system::system::{System, WEAKENED};
use super::{
    Checker, ConstraintSystem, LinearCombination, RandomizableConstraintSystem,
    RandomizedConstraintSystem, Variable,
};
use crate::circuit::{CircuitError, CircuitProof, Prover, Verifier};
use crate::errors::Error;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::Scalar;
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;
use merlin::Transcript;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::sync::Mutex;

/// How the attacker gets a phase-2 value in front of a challenge.
#[derive(Clone, Copy, Debug)]
enum Attack {
    /// A phase-2 callback allocates `y₁`, then registers the shuffle as another callback.
    Nested,
    /// One callback allocates `y₁`, then draws the shuffle's challenge.
    LateChallenge,
    /// One callback allocates `y₁`; a second one (registered in phase 1) draws the challenge
    /// and uses it (the variable handed over through shared state).
    Foreign,
}

/// The shuffle `{x₀, x₁} = {0, y}` of `gadgets::shuffle` for k = 2, written out so that the
/// challenge's value can be read (`seen`) and used by the attacker's second run.
fn shuffle2(
    cs: &mut System,
    x: [Variable; 2],
    y: Variable,
    seen: &Mutex<Option<Scalar>>,
) -> Result<(), CircuitError> {
    let z = cs.challenge(b"bpkit shuffle z")?;
    if let Some(v) = cs.eval(&(LinearCombination::from(Variable::One) * z)) {
        *seen.lock().unwrap() = Some(v);
    }
    let (_, _, l) = cs.multiply(
        LinearCombination::from(x[0]) - z,
        LinearCombination::from(x[1]) - z,
    );
    let (_, _, r) = cs.multiply(
        LinearCombination::default() - z,
        LinearCombination::from(y) - z,
    );
    cs.constrain(l - r);
    Ok(())
}

/// The attacker's gadget, on a prover or a verifier (`y` is ignored by a verifier).
fn gadget<CS: RandomizableConstraintSystem<RandomizedCS = System>>(
    cs: &mut CS,
    attack: Attack,
    x: [Variable; 2],
    y: Scalar,
    seen: &Arc<Mutex<Option<Scalar>>>,
) -> Result<(), CircuitError> {
    let seen = Arc::clone(seen);
    match attack {
        Attack::Nested => cs.specify_randomized_constraints(move |cs| {
            let y = cs.allocate(Some(y))?;
            let seen = Arc::clone(&seen);
            cs.specify_randomized_constraints(move |cs| shuffle2(cs, x, y, &seen))
        }),
        Attack::LateChallenge => cs.specify_randomized_constraints(move |cs| {
            let y = cs.allocate(Some(y))?;
            shuffle2(cs, x, y, &seen)
        }),
        Attack::Foreign => {
            let slot: Arc<Mutex<Option<Variable>>> = Arc::new(Mutex::new(None));
            let put = Arc::clone(&slot);
            cs.specify_randomized_constraints(move |cs| {
                *put.lock().unwrap() = Some(cs.allocate(Some(y))?);
                Ok(())
            })?;
            cs.specify_randomized_constraints(move |cs| {
                let y = slot.lock().unwrap().ok_or(CircuitError::Gadget("no y"))?;
                shuffle2(cs, x, y, &seen)
            })
        }
    }
}

fn gens() -> (PedersenGens, BulletproofGens) {
    (PedersenGens::default(), BulletproofGens::new(16, 1))
}

/// One proving run with `y₁ = y`; the challenge it drew, and the proof if the prover made one.
fn prove(attack: Attack, y: Scalar) -> (Option<Scalar>, Result<CircuitProof, Error>) {
    let (pc, bp) = gens();
    let mut t = Transcript::new(b"phase attack");
    let mut prover = Prover::new(&pc, &mut t);
    let (_, x0) = prover.commit(Scalar::from(5u64), Scalar::from(11u64));
    let (_, x1) = prover.commit(Scalar::from(7u64), Scalar::from(13u64));
    let seen = Arc::new(Mutex::new(None));
    let proof = gadget(&mut prover, attack, [x0, x1], y, &seen)
        .map_err(Error::Circuit)
        .and_then(|()| prover.prove(&bp, &mut ChaCha20Rng::seed_from_u64(7)));
    let z = *seen.lock().unwrap();
    (z, proof)
}

fn verify(attack: Attack, proof: &CircuitProof) -> Result<(), Error> {
    let (pc, bp) = gens();
    let commit = |v: u64, b: u64| pc.commit(&Scalar::from(v), &Scalar::from(b)).compress();
    let mut t = Transcript::new(b"phase attack");
    let mut verifier = Verifier::new(&mut t);
    let x0 = verifier.commit(commit(5, 11));
    let x1 = verifier.commit(commit(7, 13));
    let seen = Arc::new(Mutex::new(None));
    gadget(&mut verifier, attack, [x0, x1], Scalar::ZERO, &seen).map_err(Error::Circuit)?;
    verifier.verify(proof, &pc, &bp)
}

/// The attacker's two runs with the rules off: read `z`, solve for `y₁`, prove again.
fn forge(attack: Attack) -> CircuitProof {
    let (z, first) = prove(attack, Scalar::ZERO);
    assert!(
        first.is_err(),
        "{attack:?}: y₁ = 0 should not satisfy the shuffle"
    );
    let z = z.unwrap();
    let (five, seven) = (Scalar::from(5u64), Scalar::from(7u64));
    let y = z - (five - z) * (seven - z) * z.invert();
    let (z2, proof) = prove(attack, y);
    assert_eq!(z2, Some(z), "{attack:?}: the challenge moved between runs");
    proof.unwrap()
}

fn set_weakened(on: bool) {
    WEAKENED.with(|w| w.set(on));
}

fn run(attack: Attack) {
    // The bug: with bpkit 0.1.0's rules the false statement proves and verifies.
    set_weakened(true);
    let forged = forge(attack);
    assert_eq!(verify(attack, &forged), Ok(()), "{attack:?}");
    set_weakened(false);

    // The rules: refused by the prover, and the verifier refuses the forged proof.
    let (_, proof) = prove(attack, Scalar::ZERO);
    assert_eq!(
        proof.unwrap_err(),
        Error::Circuit(CircuitError::PhaseOrder),
        "{attack:?}"
    );
    assert_eq!(
        verify(attack, &forged),
        Err(Error::Circuit(CircuitError::PhaseOrder)),
        "{attack:?}"
    );
}

#[test]
fn nested_two_phase_gadget_forgery_is_refused() {
    run(Attack::Nested);
}

#[test]
fn challenge_after_phase_two_allocation_forgery_is_refused() {
    run(Attack::LateChallenge);
}

#[test]
fn phase_two_variable_of_another_callback_forgery_is_refused() {
    run(Attack::Foreign);
}

/// The phase split itself: a shuffle over a phase-1 *multiplier* `y₁` (not a commitment) is
/// sound because `A_I1` commits every phase-1 multiplier before the challenge is drawn. The
/// attacker's two runs (read `z`, solve `y₁`, prove again) fail: changing `y₁` moves `z`.
/// The honest statement over a phase-1 multiplier then proves and verifies. Caught (mutation
/// testing, `docs/mutants.md`): `System::phase_one` returning `Some((0, 0))` — the verifier's
/// circuit then ends phase 1 before every multiplier and refuses the honest proof
/// (`Err(VerificationFailed)`); the other tests, whose phase 1 has no multiplier, missed it.
#[test]
fn phase_one_multipliers_are_bound_by_the_challenges() {
    let (pc, bp) = gens();
    let run = |y: Scalar| {
        let mut t = Transcript::new(b"phase split");
        let mut prover = Prover::new(&pc, &mut t);
        let (_, x0) = prover.commit(Scalar::from(5u64), Scalar::from(11u64));
        let (_, x1) = prover.commit(Scalar::from(7u64), Scalar::from(13u64));
        let seen = Arc::new(Mutex::new(None));
        let (y1, _, _) = prover.allocate_multiplier(Some((y, Scalar::ONE))).unwrap();
        let inner = Arc::clone(&seen);
        prover
            .specify_randomized_constraints(move |cs| shuffle2(cs, [x0, x1], y1, &inner))
            .unwrap();
        let proof = prover.prove(&bp, &mut ChaCha20Rng::seed_from_u64(9));
        let z = *seen.lock().unwrap();
        (z, proof)
    };
    let (z, first) = run(Scalar::ZERO);
    assert!(first.is_err());
    let z = z.unwrap();
    let (five, seven) = (Scalar::from(5u64), Scalar::from(7u64));
    let (z2, second) = run(z - (five - z) * (seven - z) * z.invert());
    assert_ne!(
        z2,
        Some(z),
        "the challenge does not bind the phase-1 multiplier"
    );
    assert!(
        second.is_err(),
        "a false shuffle over a phase-1 multiplier proved"
    );

    // And the honest statement {5, 7} = {y₁, 5} with y₁ = 7 a phase-1 multiplier proves and
    // verifies: prover and verifier agree on where phase 1 ends.
    use crate::circuit::gadgets::shuffle::shuffle;
    let mut t = Transcript::new(b"phase split");
    let mut prover = Prover::new(&pc, &mut t);
    let (c0, x0) = prover.commit(Scalar::from(5u64), Scalar::from(11u64));
    let (c1, x1) = prover.commit(Scalar::from(7u64), Scalar::from(13u64));
    let (y1, _, _) = prover
        .allocate_multiplier(Some((Scalar::from(7u64), Scalar::ONE)))
        .unwrap();
    shuffle(
        &mut prover,
        vec![x0.into(), x1.into()],
        vec![y1.into(), x0.into()],
    )
    .unwrap();
    let proof = prover
        .prove(&bp, &mut ChaCha20Rng::seed_from_u64(10))
        .unwrap();
    let mut t = Transcript::new(b"phase split");
    let mut verifier = Verifier::new(&mut t);
    let (x0, x1) = (verifier.commit(c0), verifier.commit(c1));
    let (y1, _, _) = verifier.allocate_multiplier(None).unwrap();
    shuffle(
        &mut verifier,
        vec![x0.into(), x1.into()],
        vec![y1.into(), x0.into()],
    )
    .unwrap();
    assert_eq!(verifier.verify(&proof, &pc, &bp), Ok(()));
}

/// The library's own `shuffle` nested in phase 2 (the construction of the report): refused by
/// the checker, the prover and the verifier alike; at top level it works as before.
#[test]
fn library_shuffle_nested_in_phase_two_is_refused() {
    use crate::circuit::gadgets::shuffle::shuffle;
    let nest = |cs: &mut System, x0: Variable, x1: Variable| -> Result<(), CircuitError> {
        let y = cs.allocate(Some(Scalar::ONE))?;
        shuffle(
            cs,
            vec![x0.into(), x1.into()],
            vec![LinearCombination::default(), y.into()],
        )
    };
    let mut cs = Checker::new();
    let x0 = cs.commit(Scalar::from(5u64));
    let x1 = cs.commit(Scalar::from(7u64));
    cs.specify_randomized_constraints(move |cs| nest(cs, x0, x1))
        .unwrap();
    assert_eq!(cs.check(), Err(CircuitError::PhaseOrder));

    let (pc, bp) = gens();
    let mut t = Transcript::new(b"nested");
    let mut prover = Prover::new(&pc, &mut t);
    let (_, x0) = prover.commit(Scalar::from(5u64), Scalar::ONE);
    let (_, x1) = prover.commit(Scalar::from(7u64), Scalar::ONE);
    prover
        .specify_randomized_constraints(move |cs| nest(cs, x0, x1))
        .unwrap();
    assert_eq!(
        prover.prove(&bp, &mut ChaCha20Rng::seed_from_u64(1)),
        Err(Error::Circuit(CircuitError::PhaseOrder))
    );

    // Two shuffles side by side (each its own callback) still prove and verify.
    let mut t = Transcript::new(b"two");
    let mut prover = Prover::new(&pc, &mut t);
    let v: Vec<_> = [1u64, 2, 2, 1, 3, 4, 4, 3]
        .iter()
        .map(|v| prover.commit(Scalar::from(*v), Scalar::from(*v + 100)))
        .collect();
    let lc = |i: usize| -> LinearCombination { v[i].1.into() };
    shuffle(&mut prover, vec![lc(0), lc(1)], vec![lc(2), lc(3)]).unwrap();
    shuffle(&mut prover, vec![lc(4), lc(5)], vec![lc(6), lc(7)]).unwrap();
    let proof = prover
        .prove(&bp, &mut ChaCha20Rng::seed_from_u64(2))
        .unwrap();
    let mut t = Transcript::new(b"two");
    let mut verifier = Verifier::new(&mut t);
    let w: Vec<Variable> = v.iter().map(|(c, _)| verifier.commit(*c)).collect();
    let lc = |i: usize| -> LinearCombination { w[i].into() };
    shuffle(&mut verifier, vec![lc(0), lc(1)], vec![lc(2), lc(3)]).unwrap();
    shuffle(&mut verifier, vec![lc(4), lc(5)], vec![lc(6), lc(7)]).unwrap();
    assert_eq!(verifier.verify(&proof, &pc, &bp), Ok(()));
}

/// A challenge symbol from another system (here a checker that drew three) used in a phase-2 row
/// where fewer were drawn is refused (`InvalidChallenge`), never evaluated as some other
/// challenge. Caught (mutation testing): `||` → `&&` in `System::validate`'s challenge check.
#[test]
fn challenge_symbols_of_another_system_are_refused() {
    let mut other = Checker::new();
    let mut last = None;
    for _ in 0..3 {
        last = Some(other.challenge(b"elsewhere").unwrap());
    }
    let foreign = last.unwrap();
    let mut cs = Checker::new();
    let x = cs.commit(Scalar::from(5u64));
    cs.specify_randomized_constraints(move |cs| {
        let _z = cs.challenge(b"mine")?;
        cs.constrain(LinearCombination::from(x) * foreign - LinearCombination::from(x) * foreign);
        Ok(())
    })
    .unwrap();
    assert_eq!(cs.check(), Err(CircuitError::InvalidChallenge));
}
