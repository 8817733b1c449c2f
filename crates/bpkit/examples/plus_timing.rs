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

/// Thread CPU time in microseconds: unlike wall time it does not count the time the thread is
/// descheduled, which on a shared machine is most of the noise.
fn cpu_micros() -> f64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    t.tv_sec as f64 * 1e6 + t.tv_nsec as f64 / 1e3
}

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

/// Welch's t statistic of two samples.
fn welch(a: &[f64], b: &[f64]) -> f64 {
    let stats = |x: &[f64]| {
        let n = x.len() as f64;
        let mean = x.iter().sum::<f64>() / n;
        let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
        (n, mean, var)
    };
    let (na, ma, va) = stats(a);
    let (nb, mb, vb) = stats(b);
    (ma - mb) / (va / na + vb / nb).sqrt()
}

/// Raw and cropped t statistics: (label, t, mean class 0, mean class 1) in microseconds.
fn analyse(samples: &[(usize, f64)]) -> Vec<(String, f64, f64, f64)> {
    let mut sorted: Vec<f64> = samples.iter().map(|s| s.1).collect();
    sorted.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let mut out = Vec::new();
    for pct in [100usize, 90, 75, 50] {
        let cut = sorted[(sorted.len() * pct / 100).saturating_sub(1)];
        let pick = |c: usize| -> Vec<f64> {
            samples
                .iter()
                .filter(|s| s.0 == c && s.1 <= cut)
                .map(|s| s.1)
                .collect()
        };
        let (a, b) = (pick(0), pick(1));
        if a.len() < 10 || b.len() < 10 {
            continue;
        }
        let mean = |x: &[f64]| x.iter().sum::<f64>() / x.len() as f64;
        out.push((
            if pct == 100 {
                "raw".to_string()
            } else {
                format!("below p{pct}")
            },
            welch(&a, &b),
            mean(&a),
            mean(&b),
        ));
    }
    out
}

fn report(name: &str, samples: &[(usize, f64)]) -> f64 {
    println!("{name}: {} samples", samples.len());
    let mut worst: f64 = 0.0;
    for (label, t, m0, m1) in analyse(samples) {
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
