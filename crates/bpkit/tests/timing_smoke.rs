//! Smoke test of the dudect-style prover timing harness (`examples/prover_timing.rs` runs it at
//! length, outside CI): every case runs a few samples of each class, and the t-test is checked
//! on a planted leak and on identical distributions.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::cast_precision_loss
)]

mod timing_common;

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use timing_common::{analyse, cases, cpu_micros, max_abs_t, welch};

#[test]
fn every_case_samples_both_classes() {
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let all = cases(true);
    assert!(all.len() >= 12);
    for mut case in all {
        for class in [0, 1, 1, 0] {
            let times = (case.sample)(class, &mut rng);
            assert_eq!(times.len(), case.phases.len(), "{}", case.name);
            assert!(times.iter().all(|t| *t > 0.0), "{}: {times:?}", case.name);
        }
    }
}

/// Busy work of `n` steps, timed on the thread CPU clock.
fn work(n: u64) -> f64 {
    let start = cpu_micros();
    let mut x = 1u64;
    for i in 0..n {
        x = black_box(x.wrapping_mul(6364136223846793005).wrapping_add(i));
    }
    black_box(x);
    cpu_micros() - start
}

#[test]
fn a_planted_leak_is_detected_and_no_leak_is_not() {
    // Class 1 does twice the work of class 0: a leak the test must see.
    let leaky: Vec<(usize, f64)> = (0..200)
        .map(|i| {
            let class = i % 2;
            (class, work(20_000 * (1 + class as u64)))
        })
        .collect();
    let rows = analyse(&leaky);
    assert!(max_abs_t(&rows) > 4.5, "planted leak missed");
    assert_eq!(rows[0].counts, (100, 100));
    // Identical samples of both classes: t = 0 exactly.
    let same: Vec<(usize, f64)> = (0..200).map(|i| (i % 2, (i / 2 % 7) as f64)).collect();
    assert!(max_abs_t(&analyse(&same)) < 1e-9);
    // Welch's t on known numbers: means 2 and 5, variances 1 and 1, three samples each.
    let t = welch(&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0]);
    assert!((t + 3.0 / (2.0f64 / 3.0).sqrt()).abs() < 1e-12, "{t}");
}
