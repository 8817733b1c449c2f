//! The engine against curve25519-dalek 5 (which picks its fastest backend at run time: AVX2 on an
//! AVX2-only machine, IFMA where present; decompression is dalek's serial code on every backend).
//!
//! - `pow22501/*`: the inverse-square-root chain: one lane, four portable lanes interleaved, and
//!   four lanes on the active backend (AVX2 where detected).
//! - `decode/{engine,engine-portable,dalek}/1024`: decoding 1024 random valid encodings (per
//!   point = time / 1024); the engine's batch decoder on the active backend and on the portable
//!   one, against `CompressedRistretto::decompress` point by point.
//! - `msm/{engine,dalek}/n`: Σ sᵢ·Pᵢ over n random points and scalars, both from decoded points
//!   (the engine's affine form is what its decoder returns, at one multiplication per point,
//!   included in the timing), against `RistrettoPoint::vartime_multiscalar_mul`.
//!
//! Run: `cargo bench -p bpkit-engine --bench engine`; interleaved ratios (steadier on a shared
//! machine): `BPKIT_ENGINE_RATIOS=40 cargo bench -p bpkit-engine --bench engine`. Ratios go into
//! bench/RESULTS.md.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use std::hint::black_box;

use bpkit_engine::msm::vartime_msm_window;
use bpkit_engine::{decode_batch_all, vartime_msm, AffineNiels, Point};
use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::VartimeMultiscalarMul;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

fn random_points(rng: &mut ChaCha20Rng, n: usize) -> Vec<RistrettoPoint> {
    (0..n)
        .map(|_| {
            let mut wide = [0u8; 64];
            rng.fill_bytes(&mut wide);
            RistrettoPoint::from_uniform_bytes(&wide)
        })
        .collect()
}

fn random_scalars(rng: &mut ChaCha20Rng, n: usize) -> Vec<Scalar> {
    (0..n)
        .map(|_| {
            let mut wide = [0u8; 64];
            rng.fill_bytes(&mut wide);
            Scalar::from_bytes_mod_order_wide(&wide)
        })
        .collect()
}

fn decode(c: &mut Criterion) {
    eprintln!("engine backend: {}", bpkit_engine::backend());
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let n = 1024;
    let enc: Vec<[u8; 32]> = random_points(&mut rng, n)
        .iter()
        .map(|p| p.compress().to_bytes())
        .collect();
    let mut g = c.benchmark_group("decode");
    g.throughput(Throughput::Elements(n as u64));
    g.bench_with_input(BenchmarkId::new("engine", n), &enc, |b, enc| {
        b.iter(|| decode_batch_all(black_box(enc)).unwrap())
    });
    bpkit_engine::backend::force_portable(true);
    g.bench_with_input(BenchmarkId::new("engine-portable", n), &enc, |b, enc| {
        b.iter(|| decode_batch_all(black_box(enc)).unwrap())
    });
    bpkit_engine::backend::force_portable(false);
    g.bench_with_input(BenchmarkId::new("dalek", n), &enc, |b, enc| {
        b.iter(|| {
            black_box(enc)
                .iter()
                .map(|e| CompressedRistretto(*e).decompress().unwrap())
                .collect::<Vec<_>>()
        })
    });
    g.finish();
}

fn msm(c: &mut Criterion) {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    let mut g = c.benchmark_group("msm");
    g.sample_size(20);
    for n in [64usize, 256, 1024, 4096] {
        let points = random_points(&mut rng, n);
        let scalars = random_scalars(&mut rng, n);
        let enc: Vec<[u8; 32]> = points.iter().map(|p| p.compress().to_bytes()).collect();
        let decoded: Vec<Point> = decode_batch_all(&enc).unwrap();
        let scalar_bytes: Vec<[u8; 32]> = scalars.iter().map(Scalar::to_bytes).collect();
        g.throughput(Throughput::Elements(n as u64));
        g.bench_function(BenchmarkId::new("engine", n), |b| {
            b.iter(|| {
                let affine: Vec<AffineNiels> = black_box(&decoded)
                    .iter()
                    .map(Point::to_affine_niels)
                    .collect();
                vartime_msm(black_box(&scalar_bytes), &affine).unwrap()
            })
        });
        g.bench_function(BenchmarkId::new("dalek", n), |b| {
            b.iter(|| RistrettoPoint::vartime_multiscalar_mul(black_box(&scalars), &points))
        });
    }
    g.finish();
}

/// The inverse-square-root chain alone: one chain, and four interleaved (time per chain = / 4).
fn chains(c: &mut Criterion) {
    use bpkit_engine::field::{pow22501, Fe};
    let x = Fe::from_bytes(&[7u8; 32]);
    let mut g = c.benchmark_group("pow22501");
    g.bench_function("1-lane", |b| b.iter(|| pow22501([black_box(x)])));
    g.throughput(Throughput::Elements(4));
    g.bench_function("4-lanes", |b| b.iter(|| pow22501([black_box(x); 4])));
    let active = bpkit_engine::backend::active();
    g.bench_function(format!("4-lanes-{active:?}"), |b| {
        b.iter(|| bpkit_engine::backend::pow22501_x4([black_box(x); 4]))
    });
    g.throughput(Throughput::Elements(2));
    g.bench_function("2-lanes", |b| b.iter(|| pow22501([black_box(x); 2])));
    g.finish();
}

/// Interleaved A/B rounds (`BPKIT_ENGINE_RATIOS=rounds`): each round times every contender once,
/// in turn, so that load from other processes hits all of them alike; prints the minimum and the
/// median per contender and the ratios of minima and of medians. On a shared machine these ratios
/// are steadier than ones from separate criterion runs.
fn ratios(rounds: usize) {
    use std::time::Instant;
    eprintln!("engine backend: {}", bpkit_engine::backend());
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let n_dec = 1024;
    let enc: Vec<[u8; 32]> = random_points(&mut rng, n_dec)
        .iter()
        .map(|p| p.compress().to_bytes())
        .collect();
    let n_msm = 4096;
    let points = random_points(&mut rng, n_msm);
    let scalars = random_scalars(&mut rng, n_msm);
    let pts_enc: Vec<[u8; 32]> = points.iter().map(|p| p.compress().to_bytes()).collect();
    let decoded = decode_batch_all(&pts_enc).unwrap();
    let scalar_bytes: Vec<[u8; 32]> = scalars.iter().map(Scalar::to_bytes).collect();
    type Job<'a> = (&'static str, Box<dyn Fn() + 'a>);
    let jobs: Vec<Job> = vec![
        (
            "decode-1024/engine",
            Box::new(|| {
                bpkit_engine::backend::force_portable(false);
                black_box(decode_batch_all(black_box(&enc)).unwrap());
            }),
        ),
        (
            "decode-1024/engine-portable",
            Box::new(|| {
                bpkit_engine::backend::force_portable(true);
                black_box(decode_batch_all(black_box(&enc)).unwrap());
                bpkit_engine::backend::force_portable(false);
            }),
        ),
        (
            "decode-1024/dalek",
            Box::new(|| {
                for e in black_box(&enc) {
                    black_box(CompressedRistretto(*e).decompress().unwrap());
                }
            }),
        ),
        (
            "msm-4096/engine",
            Box::new(|| {
                let affine: Vec<AffineNiels> = black_box(&decoded)
                    .iter()
                    .map(Point::to_affine_niels)
                    .collect();
                black_box(vartime_msm(black_box(&scalar_bytes), &affine).unwrap());
            }),
        ),
        (
            "msm-4096/engine-portable",
            Box::new(|| {
                bpkit_engine::backend::force_portable(true);
                let affine: Vec<AffineNiels> = black_box(&decoded)
                    .iter()
                    .map(Point::to_affine_niels)
                    .collect();
                black_box(vartime_msm(black_box(&scalar_bytes), &affine).unwrap());
                bpkit_engine::backend::force_portable(false);
            }),
        ),
        (
            "msm-4096/engine-c8",
            Box::new(|| {
                let affine: Vec<AffineNiels> = black_box(&decoded)
                    .iter()
                    .map(Point::to_affine_niels)
                    .collect();
                black_box(vartime_msm_window(black_box(&scalar_bytes), &affine, 8).unwrap());
            }),
        ),
        (
            "msm-4096/engine-c11",
            Box::new(|| {
                let affine: Vec<AffineNiels> = black_box(&decoded)
                    .iter()
                    .map(Point::to_affine_niels)
                    .collect();
                black_box(vartime_msm_window(black_box(&scalar_bytes), &affine, 11).unwrap());
            }),
        ),
        (
            "msm-4096/dalek",
            Box::new(|| {
                black_box(RistrettoPoint::vartime_multiscalar_mul(
                    black_box(&scalars),
                    &points,
                ));
            }),
        ),
    ];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); jobs.len()];
    for _ in 0..rounds {
        for (t, (_, job)) in times.iter_mut().zip(&jobs) {
            let start = Instant::now();
            job();
            t.push(start.elapsed().as_secs_f64() * 1e3);
        }
    }
    let stats: Vec<(f64, f64)> = times
        .iter_mut()
        .map(|t| {
            t.sort_by(|a, b| a.partial_cmp(b).unwrap());
            (t[0], t[t.len() / 2])
        })
        .collect();
    for ((name, _), (min, med)) in jobs.iter().zip(&stats) {
        println!("{name:32} min {min:9.3} ms   median {med:9.3} ms");
    }
    let ratio = |a: usize, b: usize| {
        println!(
            "{} / {}: {:.3} (minima), {:.3} (medians)",
            jobs[a].0,
            jobs[b].0,
            stats[a].0 / stats[b].0,
            stats[a].1 / stats[b].1
        )
    };
    ratio(0, 2);
    ratio(1, 2);
    ratio(0, 1);
    ratio(3, 7);
    ratio(4, 7);
    ratio(3, 4);
    ratio(5, 7);
    ratio(6, 7);
}

criterion_group!(benches, chains, decode, msm);

fn main() {
    if let Ok(r) = std::env::var("BPKIT_ENGINE_RATIOS") {
        ratios(r.parse().unwrap_or(30));
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
