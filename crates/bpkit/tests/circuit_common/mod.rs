//! Circuits shared by the circuit tests: a random-shape gadget (products of committed values,
//! allocated pairs, a free multiplier, an optional phase-2 shuffle) run by prover, verifier and
//! recorder.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    dead_code
)]

use bpkit::circuit::{
    Circuit, CircuitError, CircuitProof, ConstraintSystem, LinearCombination, Prover,
    RandomizableConstraintSystem, RandomizedConstraintSystem, Recorder, Variable, Verifier,
};
use bpkit::reexports::curve25519_dalek::ristretto::CompressedRistretto;
use bpkit::reexports::curve25519_dalek::Scalar;
use bpkit::{BulletproofGens, Error, PedersenGens};
use merlin::Transcript;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::sync::OnceLock;

/// The transcript label of every test proof.
pub const LABEL: &[u8] = b"circuit test";

pub fn gens() -> &'static (PedersenGens, BulletproofGens) {
    static G: OnceLock<(PedersenGens, BulletproofGens)> = OnceLock::new();
    G.get_or_init(|| (PedersenGens::default(), BulletproofGens::new(256, 1)))
}

/// A random circuit shape with a satisfying witness, described so that the same gadget code
/// runs in the prover, the verifier and the recorder.
#[derive(Clone, Debug)]
pub struct Shape {
    /// Committed values.
    pub values: Vec<u64>,
    /// Phase-1 products: (i, j) multiplies the sums of committed values i and j plus k.
    pub products: Vec<(usize, usize, u64)>,
    /// Phase-2 "shuffle" checks: a permutation of the committed values checked with a
    /// challenge (two-phase circuit) when non-empty.
    pub permutation: Vec<usize>,
    /// A term changed by one (for unsatisfied assignments), as (row kind index).
    pub break_it: bool,
}

pub fn s(x: u64) -> Scalar {
    Scalar::from(x)
}

/// The circuit: for each product (i, j, k): o = (v_i + k)·(v_j + 1) and o − (v_i+k)(v_j+1) = 0
/// as a constant; each committed value also goes through an allocated pair; then optionally a
/// phase-2 permutation argument Π(v_i − z) = Π(v_π(i) − z).
pub fn gadget<CS: RandomizableConstraintSystem>(
    cs: &mut CS,
    vars: &[Variable],
    shape: &Shape,
    eval_values: Option<&[u64]>,
) -> Result<(), CircuitError> {
    for &(i, j, k) in &shape.products {
        let (a, b) = (vars[i], vars[j]);
        let (_, _, o) = cs.multiply(a + k, b + 1u64);
        let expected = eval_values.map(|v| s(v[i] + k) * s(v[j] + 1));
        // The product is also allocated explicitly and tied to o.
        let p = cs.allocate(expected)?;
        let mut target = LinearCombination::from(o) - p;
        if shape.break_it && i == j {
            target = target + 1u64;
        }
        cs.constrain(target);
    }
    if let Some(v) = eval_values {
        // A free multiplier with an assignment, constrained linearly.
        let (l, r, o) = cs.allocate_multiplier(Some((s(v[0]), s(3))))?;
        cs.constrain(l - vars[0]);
        cs.constrain(r - 3u64);
        cs.constrain(o - vars[0] * s(3));
    } else {
        let (l, r, o) = cs.allocate_multiplier(None)?;
        cs.constrain(l - vars[0]);
        cs.constrain(r - 3u64);
        cs.constrain(o - vars[0] * s(3));
    }
    if !shape.permutation.is_empty() {
        let xs: Vec<Variable> = vars.to_vec();
        let ys: Vec<Variable> = shape.permutation.iter().map(|&p| vars[p]).collect();
        cs.specify_randomized_constraints(move |cs| {
            let z = cs.challenge(b"shuffle z")?;
            let a = product_minus(cs, &xs, z);
            let b = product_minus(cs, &ys, z);
            cs.constrain(a - b);
            Ok(())
        })?;
    }
    Ok(())
}

/// Π (vᵢ − z) as a chain of multipliers.
pub fn product_minus<CS: RandomizedConstraintSystem>(
    cs: &mut CS,
    v: &[Variable],
    z: bpkit::circuit::Challenge,
) -> LinearCombination {
    let mut acc: LinearCombination = v[0] - z;
    for x in &v[1..] {
        let (_, _, o) = cs.multiply(acc, *x - z);
        acc = o.into();
    }
    acc
}

pub fn prove(
    shape: &Shape,
    seed: u64,
) -> Result<(CircuitProof, Vec<CompressedRistretto>, Circuit), Error> {
    let (pc, bp) = gens();
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut t = Transcript::new(b"circuit test");
    let mut prover = Prover::new(pc, &mut t);
    let mut commitments = Vec::new();
    let mut vars = Vec::new();
    for &v in &shape.values {
        let (c, var) = prover.commit(s(v), Scalar::from(seed.wrapping_mul(31) + v));
        commitments.push(c);
        vars.push(var);
    }
    gadget(&mut prover, &vars, shape, Some(&shape.values))?;
    let (proof, circuit) = prover.prove_and_record(bp, &mut rng)?;
    Ok((proof, commitments, circuit))
}

pub fn verify(
    shape: &Shape,
    proof: &CircuitProof,
    commitments: &[CompressedRistretto],
) -> Result<(), Error> {
    let (pc, bp) = gens();
    let mut t = Transcript::new(b"circuit test");
    let mut verifier = Verifier::new(&mut t);
    let vars: Vec<Variable> = commitments.iter().map(|c| verifier.commit(*c)).collect();
    gadget(&mut verifier, &vars, shape, None)?;
    verifier.verify(proof, pc, bp)
}

pub fn record(shape: &Shape) -> Circuit {
    let mut r = Recorder::new();
    let vars: Vec<Variable> = shape.values.iter().map(|_| r.commit()).collect();
    gadget(&mut r, &vars, shape, None).unwrap();
    r.into_circuit().unwrap()
}

pub fn small_shape(two_phases: bool) -> Shape {
    Shape {
        values: vec![3, 5, 7, 11],
        products: vec![(0, 1, 2), (2, 3, 0), (1, 1, 4)],
        permutation: if two_phases { vec![2, 0, 3, 1] } else { vec![] },
        break_it: false,
    }
}

/// The three circuits the batch tests mix with range and Bulletproofs+ proofs: the small shape
/// with one and with two phases, and a larger one with 30 products and a full permutation.
pub fn batch_shapes() -> [Shape; 3] {
    [
        small_shape(false),
        small_shape(true),
        Shape {
            values: vec![1, 2, 3, 4, 5, 6],
            products: (0..30).map(|i| (i % 6, (i * 5) % 6, i as u64)).collect(),
            permutation: vec![5, 4, 3, 2, 1, 0],
            break_it: false,
        },
    ]
}
