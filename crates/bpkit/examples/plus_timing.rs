//! A dudect-style timing-leak test of the Bulletproofs+ prover (not run in CI).
//!
//! Two classes of witness — values with few one-bits (0, or a single bit) and values with many
//! (all ones, or all but one) — are proven in random interleaved order; each proof is timed (thread CPU time), and
//! Welch's t-test compares the two timing distributions, raw and cropped at several
//! percentiles (as dudect does, to cut scheduler noise). `|t| > 4.5` is the usual threshold
//! for "a leak is likely"; a constant-time prover stays below it however many samples are
//! taken, a leaking one grows with the sample count.
//!
//! For comparison the same test is run on `tari_bulletproofs_plus`, whose weighted-inner-product
//! rounds use variable-time multiscalar multiplication over the bit-derived vectors.
//!
//! `cargo run --release -p bpkit --example plus_timing -- [samples per implementation]`
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::cast_precision_loss
)]

use bpkit::group::Scalar;
use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
use merlin::Transcript;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;

// Thread CPU time, Welch's t and the cropped analysis are the ones every prover's timing test
// uses (`examples/prover_timing.rs`).
#[path = "../tests/timing_common/mod.rs"]
mod timing_common;
use timing_common::{analyse, cpu_micros};

const BITS: usize = 64;

/// A value of the class: few one-bits (class 0) or many (class 1).
fn value(class: usize, rng: &mut ChaCha20Rng) -> u64 {
    let bit: u32 = rng.random_range(0..64);
    match (class, rng.random::<bool>()) {
        (0, false) => 0,
        (0, true) => 1u64 << bit,
        (_, false) => u64::MAX,
        (_, true) => u64::MAX ^ (1u64 << bit),
    }
}

fn report(name: &str, samples: &[(usize, f64)]) -> f64 {
    println!("{name}: {} samples", samples.len());
    let mut worst: f64 = 0.0;
    for row in analyse(samples) {
        let (label, t, (m0, m1)) = (row.label, row.t, row.means);
        println!("  {label:>10}: t = {t:+7.2}   mean few-ones {m0:9.1} µs, many-ones {m1:9.1} µs");
        worst = worst.max(t.abs());
    }
    println!(
        "  max |t| = {worst:.2} ({})",
        if worst > 4.5 {
            "LEAK LIKELY"
        } else {
            "no leak detected"
        }
    );
    worst
}

fn bpkit_samples(count: usize) -> Vec<(usize, f64)> {
    let gens = PlusGens::bpkit(1).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    // Statements and openings prepared in advance; only proving is timed.
    let mut inputs = Vec::with_capacity(count);
    for _ in 0..count {
        let class = usize::from(rng.random::<bool>());
        let o = ExtendedOpening::random(value(class, &mut rng), 1, &mut rng);
        let st =
            PlusStatement::commit(gens.pedersen(), BITS, std::slice::from_ref(&o), None).unwrap();
        inputs.push((class, o, st));
    }
    // Warm up (builds the shared generators).
    let (_, o, st) = &inputs[0];
    PlusProof::prove(
        &mut Transcript::new(b"timing"),
        &gens,
        st,
        std::slice::from_ref(o),
        &mut rng,
    )
    .unwrap();
    let mut out = Vec::with_capacity(count);
    for (class, o, st) in &inputs {
        let start = cpu_micros();
        let proof = PlusProof::prove(
            &mut Transcript::new(b"timing"),
            &gens,
            st,
            std::slice::from_ref(o),
            &mut rng,
        );
        let t = cpu_micros() - start;
        black_box(proof.unwrap());
        out.push((*class, t));
    }
    out
}

fn tari_samples(count: usize) -> Vec<(usize, f64)> {
    use tari_bulletproofs_plus::{
        commitment_opening::CommitmentOpening, generators::pedersen_gens::ExtensionDegree,
        range_parameters::RangeParameters, range_statement::RangeStatement,
        range_witness::RangeWitness, ristretto,
    };
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    let params = RangeParameters::init(
        BITS,
        1,
        ristretto::create_pedersen_gens_with_extension_degree(ExtensionDegree::DefaultPedersen),
    )
    .unwrap();
    let mut inputs = Vec::with_capacity(count);
    for _ in 0..count {
        let class = usize::from(rng.random::<bool>());
        let v = value(class, &mut rng);
        let r = Scalar::random(&mut rng);
        let c = params.pc_gens().commit(&Scalar::from(v), &[r]).unwrap();
        let st = RangeStatement::init(params.clone(), vec![c], vec![None], None).unwrap();
        let w = RangeWitness::init(vec![CommitmentOpening::new(v, vec![r])]).unwrap();
        inputs.push((class, st, w));
    }
    let mut out = Vec::with_capacity(count);
    for (class, st, w) in &inputs {
        let start = cpu_micros();
        let proof = ristretto::RistrettoRangeProof::prove_with_rng(
            &mut tari_merlin::Transcript::new(b"timing"),
            st,
            w,
            &mut rng,
        );
        let t = cpu_micros() - start;
        black_box(proof.unwrap());
        out.push((*class, t));
    }
    out
}

fn main() {
    let count: usize = std::env::args()
        .nth(1)
        .map(|s| s.parse().expect("samples: a number"))
        .unwrap_or(2000);
    println!("dudect-style test, n = {BITS}, one value; classes: few one-bits vs many one-bits\n");
    let ours = report("bpkit (constant-time prover)", &bpkit_samples(count));
    println!();
    let theirs = report("tari_bulletproofs_plus (reference)", &tari_samples(count));
    println!("\nsummary: bpkit max |t| = {ours:.2}, tari max |t| = {theirs:.2}");
}
