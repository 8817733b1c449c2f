//! Native timings for the WebAssembly comparison (bench/run.mjs): proving one 64-bit range proof,
//! verifying one, and a batch of 256 (random weights, one thread), as bench/bench.js does in
//! WebAssembly. Prints one line of JSON: minimum and median over rounds, in milliseconds.
//!
//! `cargo run --release -p bpkit-wasm --example native_verify`
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::batch::BatchVerifier;
use bpkit::{Opening, RangeProof};
use bpkit_envelope::transcript;
use rand::rngs::{StdRng, SysRng};
use rand::SeedableRng;
use std::time::Instant;

fn stats(mut times: Vec<f64>) -> String {
    times.sort_by(f64::total_cmp);
    format!(
        "{{\"min\": {:.4}, \"median\": {:.4}}}",
        times[0],
        times[times.len() / 2]
    )
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

fn main() {
    let mut rng = StdRng::try_from_rng(&mut SysRng).expect("system randomness");
    let label = "bpkit bench";
    let mut prove = Vec::new();
    let proofs: Vec<_> = (0..256u64)
        .map(|i| {
            let o = Opening::random(i * 1_000_003, &mut rng);
            let t = Instant::now();
            let p = RangeProof::prove(&mut transcript(label).unwrap(), &[o], 64, &mut rng).unwrap();
            // The first builds the generators.
            if (1..=15).contains(&i) {
                prove.push(ms(t));
            }
            p
        })
        .collect();
    let (proof, statement) = &proofs[0];
    proof
        .verify(&mut transcript(label).unwrap(), statement)
        .unwrap();
    let single: Vec<f64> = (0..15)
        .map(|_| {
            let t = Instant::now();
            proof
                .verify(&mut transcript(label).unwrap(), statement)
                .unwrap();
            ms(t)
        })
        .collect();
    let batch: Vec<f64> = (0..5)
        .map(|_| {
            let mut b = BatchVerifier::new();
            for (p, s) in &proofs {
                b.add_range_proof(p, s, transcript(label).unwrap());
            }
            let t = Instant::now();
            b.verify(&mut rng).unwrap();
            ms(t)
        })
        .collect();
    println!(
        "{{\"prove\": {}, \"single\": {}, \"batch256\": {}, \"backend\": \"{}\"}}",
        stats(prove),
        stats(single),
        stats(batch),
        bpkit::backend::report().active.name()
    );
}
