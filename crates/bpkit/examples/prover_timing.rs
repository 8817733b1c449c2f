//! A dudect-style timing-leak test of every prover (not run in CI; `tests/timing_smoke.rs`
//! runs each case a few times). The cases are in `tests/timing_common/mod.rs`: Bulletproofs
//! range proofs (single, aggregated, and aggregated on two threads with feature `parallel`),
//! interval proofs, Bulletproofs+ (plain; extended commitments with minimum values), the circuit
//! prover (a small two-phase circuit, the shuffle and Merkle statements), Grin proofs, the
//! steps of one party in the multi-party protocols (bpkit's and Grin's), and Monero's
//! Bulletproofs+ and Bulletproofs provers.
//!
//! Each sample draws its class at random — every secret fixed (class 0) or every secret random
//! (class 1), prover RNG included — and the cases are taken in turn, so the classes and the
//! provers interleave. Welch's t-test compares the two classes' timings (thread CPU time),
//! raw and cropped at the 90th, 75th and 50th percentiles; `|t| > 4.5` is the usual threshold
//! for "a leak is likely".
//!
//! `cargo run --release -p bpkit --features parallel --example prover_timing -- [seconds] [filter]`
//! runs for `seconds` (default 60), on the cases whose name contains `filter`, and prints a
//! report every 5 minutes and at the end.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::cast_precision_loss
)]

#[path = "../tests/timing_common/mod.rs"]
mod timing_common;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::time::{Duration, Instant};
use timing_common::{analyse, cases, max_abs_t};

fn report(names: &[(String, Vec<&'static str>)], samples: &[Vec<Vec<(usize, f64)>>], elapsed: f64) {
    println!("\n=== after {elapsed:.0} s ===");
    println!("| prover | phase | samples (fixed / random) | max abs t | t raw | t below p50 | mean fixed / random (µs) |");
    println!("|---|---|---|---|---|---|---|");
    for ((name, phases), per_phase) in names.iter().zip(samples) {
        for (phase, s) in phases.iter().zip(per_phase) {
            let rows = analyse(s);
            let Some(raw) = rows.first() else { continue };
            let p50 = rows
                .iter()
                .find(|r| r.label == "below p50")
                .map_or(f64::NAN, |r| r.t);
            let worst = max_abs_t(&rows);
            println!(
                "| {name} | {phase} | {} / {} | {worst:.2}{} | {:+.2} | {p50:+.2} | {:.0} / {:.0} |",
                raw.counts.0,
                raw.counts.1,
                if worst > 4.5 { " (above 4.5)" } else { "" },
                raw.t,
                raw.means.0,
                raw.means.1
            );
        }
    }
}

fn main() {
    let seconds: u64 = std::env::args()
        .nth(1)
        .map(|s| s.parse().expect("seconds: a number"))
        .unwrap_or(60);
    let filter = std::env::args().nth(2).unwrap_or_default();
    let mut all: Vec<_> = cases(false)
        .into_iter()
        .filter(|c| c.name.contains(&filter))
        .collect();
    println!(
        "dudect-style prover timing: {} cases, {seconds} s, feature parallel: {}",
        all.len(),
        cfg!(feature = "parallel")
    );
    let names: Vec<(String, Vec<&'static str>)> = all
        .iter()
        .map(|c| (c.name.clone(), c.phases.clone()))
        .collect();
    let mut rng = ChaCha20Rng::seed_from_u64(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs()),
    );
    // Warm-up: generator caches, tables, allocator; discarded.
    for case in &mut all {
        for class in [0, 1, 0, 1] {
            (case.sample)(class, &mut rng);
        }
    }
    let mut samples: Vec<Vec<Vec<(usize, f64)>>> = all
        .iter()
        .map(|c| vec![Vec::new(); c.phases.len()])
        .collect();
    let start = Instant::now();
    let deadline = Duration::from_secs(seconds);
    let mut next_report = Duration::from_secs(300);
    while start.elapsed() < deadline {
        for (case, store) in all.iter_mut().zip(samples.iter_mut()) {
            let class = usize::from(rng.random::<bool>());
            let times = (case.sample)(class, &mut rng);
            for (t, s) in times.into_iter().zip(store.iter_mut()) {
                s.push((class, t));
            }
        }
        if start.elapsed() >= next_report {
            report(&names, &samples, start.elapsed().as_secs_f64());
            next_report += Duration::from_secs(300);
        }
    }
    report(&names, &samples, start.elapsed().as_secs_f64());
}
