//! The Rust side of bench/bindings (outside CI): the facade calls the bindings make, timed the
//! same way as bench/bindings/bench_python.py and bench_c.c, so the driver can report the
//! bindings' overhead as ratios within one run.
//!
//! `boundary_bench --write-batch FILE` writes 256 envelopes (64-bit range proofs, one value
//! each) for every language to verify; `boundary_bench FILE` prints
//! `{"prove": ns, "verify": ns, "batch": ns}` (medians).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::Opening;
use bpkit_envelope::{batch, parse, prove, to_json, verify};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::time::Instant;

fn median(mut v: Vec<u128>) -> u128 {
    v.sort_unstable();
    v[v.len() / 2]
}

fn time<T>(n: usize, mut f: impl FnMut() -> T) -> u128 {
    median(
        (0..n)
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(f());
                t.elapsed().as_nanos()
            })
            .collect(),
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut rng = StdRng::seed_from_u64(64);
    if args.first().map(String::as_str) == Some("--write-batch") {
        let mut text = String::new();
        for i in 0..256u64 {
            let o = Opening::random(i * 1_000_003, &mut rng);
            let env = prove::range(&[o], 64, "bindings bench", &mut rng).unwrap();
            text.push_str(&to_json(&env).unwrap());
        }
        std::fs::write(&args[1], text).unwrap();
        return;
    }
    let text = std::fs::read_to_string(&args[0]).unwrap();
    let envelopes: Vec<_> = text.lines().map(|l| parse(l).unwrap()).collect();
    let opening = Opening::random(123_456_789, &mut rng);
    let prove_ns = time(30, || {
        prove::range(std::slice::from_ref(&opening), 64, "bench", &mut rng).unwrap()
    });
    let one = &envelopes[0];
    let verify_ns = time(60, || verify(one).unwrap());
    let batch_ns = time(7, || {
        let report = batch::verify_envelopes(&envelopes, 1, &mut rng);
        assert!(report.is_ok());
    });
    println!("{{\"prove\": {prove_ns}, \"verify\": {verify_ns}, \"batch\": {batch_ns}}}");
}
