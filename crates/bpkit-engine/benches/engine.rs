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
//! machine): `BPKIT_ENGINE_RATIOS=40 cargo bench -p bpkit-engine --bench engine`; large MSMs
//! (2¹¹ … 2¹⁷ points) against dalek: `BPKIT_ENGINE_LARGE=9`. Ratios go into bench/RESULTS.md.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use std::hint::black_box;

use bpkit_engine::multiply::{vartime_msm_pippenger, vartime_msm_straus, vartime_msm_window};
use bpkit_engine::{decode_batch_all, vartime_msm, AffineNiels, Point, PrecomputedTable};
use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use curve25519_dalek::ristretto::{
    CompressedRistretto, RistrettoPoint, VartimeRistrettoPrecomputation,
};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{VartimeMultiscalarMul, VartimePrecomputedMultiscalarMul};
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
        // `engine`: the AVX2 bucket pass (IFMA switched off); `engine-ifma` below: the default
        // where the CPU has AVX-512 IFMA.
        bpkit_engine::backend::ifma(false);
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
        // The eight-lane IFMA bucket pass, only where the CPU has AVX-512 IFMA.
        bpkit_engine::backend::ifma(true);
        if bpkit_engine::backend::ifma_detected() {
            g.bench_function(BenchmarkId::new("engine-ifma", n), |b| {
                b.iter(|| {
                    let affine: Vec<AffineNiels> = black_box(&decoded)
                        .iter()
                        .map(Point::to_affine_niels)
                        .collect();
                    vartime_msm(black_box(&scalar_bytes), &affine).unwrap()
                })
            });
        } else if n == 64 {
            eprintln!("msm/engine-ifma: skipped, this CPU has no AVX-512 IFMA");
        }
    }
    g.finish();
}

/// A fixed-base shape: `fixed` generators with a table, `dynamic` proof points.
struct Shape {
    name: &'static str,
    fixed: usize,
    dynamic: usize,
}

/// Single-verification shapes: BP (m = 1, 64 bits): G, H (2·64) + B, B̃ fixed, A, S, T₁, T₂, V
/// and 6 + 6 L/R dynamic; BP+ (m = 1, 64 bits): 2·64 + 2 fixed, A, A₁, B, V and 6 + 6 L/R; BP
/// m = 8 (512 bits): 2·512 + 2 fixed, 8 V, 4 and 9 + 9 L/R.
const SHAPES: [Shape; 3] = [
    Shape {
        name: "bp-m1",
        fixed: 130,
        dynamic: 17,
    },
    Shape {
        name: "bpp-m1",
        fixed: 130,
        dynamic: 16,
    },
    Shape {
        name: "bp-m8",
        fixed: 1026,
        dynamic: 30,
    },
];

/// Inputs of a fixed-base shape for both sides.
struct FixedInputs {
    table: PrecomputedTable,
    dalek_table: VartimeRistrettoPrecomputation,
    t: Vec<Scalar>,
    t_bytes: Vec<[u8; 32]>,
    s: Vec<Scalar>,
    s_bytes: Vec<[u8; 32]>,
    dyn_points: Vec<RistrettoPoint>,
    dyn_decoded: Vec<Point>,
}

fn fixed_inputs(rng: &mut ChaCha20Rng, shape: &Shape, width: u32) -> FixedInputs {
    let gens = random_points(rng, shape.fixed);
    let gens_enc: Vec<[u8; 32]> = gens.iter().map(|p| p.compress().to_bytes()).collect();
    let table = PrecomputedTable::with_width(&decode_batch_all(&gens_enc).unwrap(), width);
    let dalek_table = VartimeRistrettoPrecomputation::new(gens.iter().copied());
    let t = random_scalars(rng, shape.fixed);
    let s = random_scalars(rng, shape.dynamic);
    let dyn_points = random_points(rng, shape.dynamic);
    let enc: Vec<[u8; 32]> = dyn_points.iter().map(|p| p.compress().to_bytes()).collect();
    FixedInputs {
        table,
        dalek_table,
        t_bytes: t.iter().map(Scalar::to_bytes).collect(),
        t,
        s_bytes: s.iter().map(Scalar::to_bytes).collect(),
        s,
        dyn_points,
        dyn_decoded: decode_batch_all(&enc).unwrap(),
    }
}

impl FixedInputs {
    fn engine(&self) -> Point {
        let affine: Vec<AffineNiels> = self
            .dyn_decoded
            .iter()
            .map(Point::to_affine_niels)
            .collect();
        self.table
            .vartime_mixed_msm(black_box(&self.t_bytes), &self.s_bytes, &affine)
            .unwrap()
    }

    fn dalek(&self) -> RistrettoPoint {
        self.dalek_table.vartime_mixed_multiscalar_mul(
            black_box(&self.t),
            &self.s,
            &self.dyn_points,
        )
    }
}

/// Fixed generators with precomputed tables plus dynamic points, against dalek's
/// `VartimeRistrettoPrecomputation::vartime_mixed_multiscalar_mul`.
fn fixed_base(c: &mut Criterion) {
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    let mut g = c.benchmark_group("fixed-base");
    g.sample_size(20);
    for shape in &SHAPES {
        let inputs = fixed_inputs(&mut rng, shape, PrecomputedTable::DEFAULT_WIDTH);
        g.bench_function(BenchmarkId::new("engine", shape.name), |b| {
            b.iter(|| inputs.engine())
        });
        g.bench_function(BenchmarkId::new("dalek", shape.name), |b| {
            b.iter(|| inputs.dalek())
        });
    }
    g.finish();
}

/// Interleaved timing of named jobs (`rounds` rounds, each job once per round, in turn): minimum
/// and median per job, in ms.
type NamedJob<'a> = (String, Box<dyn Fn() + 'a>);

fn interleave(rounds: usize, jobs: &[NamedJob<'_>]) -> Vec<(f64, f64)> {
    use std::time::Instant;
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); jobs.len()];
    for _ in 0..rounds {
        for (t, (_, job)) in times.iter_mut().zip(jobs) {
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
        println!("{name:36} min {min:9.3} ms   median {med:9.3} ms");
    }
    stats
}

/// `BPKIT_ENGINE_SHIFTED=rounds`: shifted tables (`ShiftedTable`, fixed points with the shifts
/// 2ᶜʲ·P precomputed) against dalek's `vartime_multiscalar_mul` and the engine's Pippenger over
/// the same points, at the sizes of range-proof verification (2 + 128·m generators, m = 2 … 64),
/// interleaved; the AVX2 pass, then the IFMA pass where the CPU has it. Ratios are of minima.
fn shifted(rounds: usize) {
    use bpkit_engine::ShiftedTable;
    let mut rng = ChaCha20Rng::seed_from_u64(9);
    for m in [2usize, 4, 8, 16, 64] {
        let n = 2 + 128 * m;
        let points = random_points(&mut rng, n);
        let scalars = random_scalars(&mut rng, n);
        let bytes: Vec<[u8; 32]> = scalars.iter().map(Scalar::to_bytes).collect();
        let enc: Vec<[u8; 32]> = points.iter().map(|p| p.compress().to_bytes()).collect();
        let affine: Vec<AffineNiels> = decode_batch_all(&enc)
            .unwrap()
            .iter()
            .map(Point::to_affine_niels)
            .collect();
        let mut passes = vec![false];
        if bpkit_engine::backend::ifma_detected() {
            passes.push(true);
        }
        for ifma in passes {
            bpkit_engine::backend::ifma(ifma);
            let table = ShiftedTable::new(&affine);
            let pass = if ifma { "ifma" } else { "avx2" };
            println!(
                "m = {m} ({n} points), {pass} pass, table c = {}, {:.1} MiB",
                table.width(),
                table.approx_bytes() as f64 / (1 << 20) as f64
            );
            assert_eq!(
                table.vartime_msm(&bytes).unwrap().encode(),
                RistrettoPoint::vartime_multiscalar_mul(&scalars, &points)
                    .compress()
                    .to_bytes()
            );
            let jobs: Vec<NamedJob<'_>> = vec![
                (
                    "dalek".into(),
                    Box::new(|| {
                        black_box(RistrettoPoint::vartime_multiscalar_mul(&scalars, &points));
                    }),
                ),
                (
                    format!("engine pippenger ({pass})"),
                    Box::new(|| {
                        black_box(vartime_msm_pippenger(&bytes, &affine));
                    }),
                ),
                (
                    format!("shifted table ({pass})"),
                    Box::new(|| {
                        black_box(table.vartime_msm(&bytes));
                    }),
                ),
                (
                    format!("shifted table in two halves, one after the other ({pass})"),
                    Box::new(|| {
                        let h = bytes.len() / 2;
                        black_box(table.vartime_msm_from(0, &bytes[..h]));
                        black_box(table.vartime_msm_from(h, &bytes[h..]));
                    }),
                ),
                (
                    format!("shifted table in two halves on two threads ({pass})"),
                    Box::new(|| {
                        let h = bytes.len() / 2;
                        std::thread::scope(|sc| {
                            let t = sc.spawn(|| {
                                bpkit_engine::backend::ifma(ifma);
                                black_box(table.vartime_msm_from(h, &bytes[h..]))
                            });
                            black_box(table.vartime_msm_from(0, &bytes[..h]));
                            t.join().unwrap();
                        });
                    }),
                ),
            ];
            let stats = interleave(rounds, &jobs);
            println!("  two threads / one: {:.3}", stats[4].0 / stats[2].0);
            println!(
                "  ratios to dalek: pippenger {:.3}, shifted {:.3}, shifted in halves {:.3}",
                stats[1].0 / stats[0].0,
                stats[2].0 / stats[0].0,
                stats[3].0 / stats[0].0
            );
        }
    }
    bpkit_engine::backend::ifma(true);
}

/// `BPKIT_ENGINE_SMALL=rounds`: the small-MSM and fixed-base ratios in interleaved rounds:
/// Straus against Pippenger (the cost model's crossover), the automatic choice against dalek at
/// 16 … 1024 points, and the fixed-base shapes against dalek's precomputed Straus at table
/// widths 6 … 10.
fn small(rounds: usize) {
    eprintln!("engine backend: {}", bpkit_engine::backend());
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    // BPKIT_ENGINE_SIZES=16,64 narrows the MSM sizes ("" skips them).
    let sizes: Vec<usize> = match std::env::var("BPKIT_ENGINE_SIZES") {
        Ok(v) => v.split(',').filter_map(|x| x.trim().parse().ok()).collect(),
        Err(_) => vec![16, 64, 128, 192, 256, 384, 512, 1024],
    };
    for n in sizes {
        let points = random_points(&mut rng, n);
        let scalars = random_scalars(&mut rng, n);
        let enc: Vec<[u8; 32]> = points.iter().map(|p| p.compress().to_bytes()).collect();
        let affine: Vec<AffineNiels> = decode_batch_all(&enc)
            .unwrap()
            .iter()
            .map(Point::to_affine_niels)
            .collect();
        let sb: Vec<[u8; 32]> = scalars.iter().map(Scalar::to_bytes).collect();
        let jobs: Vec<NamedJob<'_>> = vec![
            (
                format!("msm-{n}/straus"),
                Box::new(|| {
                    black_box(vartime_msm_straus(black_box(&sb), &affine).unwrap());
                }),
            ),
            (
                format!("msm-{n}/straus-portable"),
                Box::new(|| {
                    bpkit_engine::backend::lane_straus(false);
                    black_box(vartime_msm_straus(black_box(&sb), &affine).unwrap());
                    bpkit_engine::backend::lane_straus(true);
                }),
            ),
            (
                format!("msm-{n}/pippenger"),
                Box::new(|| {
                    black_box(vartime_msm_pippenger(black_box(&sb), &affine).unwrap());
                }),
            ),
            (
                format!("msm-{n}/engine"),
                Box::new(|| {
                    black_box(vartime_msm(black_box(&sb), &affine).unwrap());
                }),
            ),
            (
                format!("msm-{n}/dalek"),
                Box::new(|| {
                    black_box(RistrettoPoint::vartime_multiscalar_mul(
                        black_box(&scalars),
                        &points,
                    ));
                }),
            ),
        ];
        let st = interleave(rounds, &jobs);
        println!(
            "msm-{n}: straus/pippenger {:.3} (min) {:.3} (med); straus lanes/portable {:.3} (min); straus/dalek {:.3} (min); engine/dalek {:.3} (min) {:.3} (med); model prefers {}",
            st[0].0 / st[2].0,
            st[0].1 / st[2].1,
            st[0].0 / st[1].0,
            st[0].0 / st[4].0,
            st[3].0 / st[4].0,
            st[3].1 / st[4].1,
            if bpkit_engine::multiply::prefers_straus(n) { "straus" } else { "pippenger" }
        );
    }
    for shape in &SHAPES {
        // BPKIT_ENGINE_WIDTHS=8,9,10 chooses the table widths (default 6, 8, 10).
        let widths: Vec<u32> = match std::env::var("BPKIT_ENGINE_WIDTHS") {
            Ok(v) => v.split(',').filter_map(|x| x.trim().parse().ok()).collect(),
            Err(_) => vec![6, 8, 10],
        };
        let mut seed = ChaCha20Rng::seed_from_u64(6);
        let inputs: Vec<FixedInputs> = widths
            .iter()
            .map(|&w| fixed_inputs(&mut seed.clone(), shape, w))
            .collect();
        let _ = &mut seed;
        let mut jobs: Vec<NamedJob<'_>> = inputs
            .iter()
            .zip(widths.iter().copied())
            .map(|(i, w)| {
                let job: Box<dyn Fn() + '_> = Box::new(move || {
                    black_box(i.engine());
                });
                (format!("fixed-{}/engine-w{w}", shape.name), job)
            })
            .collect();
        let d = &inputs[0];
        jobs.push((
            format!("fixed-{}/dalek", shape.name),
            Box::new(move || {
                black_box(d.dalek());
            }),
        ));
        let st = interleave(rounds, &jobs);
        let dk = st[widths.len()];
        for (k, w) in widths.iter().enumerate() {
            println!(
                "fixed-{} w{w}: engine/dalek-precomputed {:.3} (min) {:.3} (med)",
                shape.name,
                st[k].0 / dk.0,
                st[k].1 / dk.1
            );
        }
    }
}

/// `BPKIT_ENGINE_LARGE=rounds`: the engine's `vartime_msm` (Pippenger, window chosen by size, up
/// to 16 bits) against dalek's `vartime_multiscalar_mul` (window capped at 8) and against dalek in
/// chunks of 2¹³ (what bpkit's circuit verifier hands dalek), single thread, interleaved rounds.
/// Sizes from `BPKIT_ENGINE_SIZES` (default 2¹¹, 2¹³, 2¹⁵, 2¹⁶, 2¹⁷). The engine's points are
/// already in its affine form (as generators kept in engine form are).
fn large(rounds: usize) {
    eprintln!("engine backend: {}", bpkit_engine::backend());
    let mut rng = ChaCha20Rng::seed_from_u64(8);
    let sizes: Vec<usize> = match std::env::var("BPKIT_ENGINE_SIZES") {
        Ok(v) => v.split(',').filter_map(|x| x.trim().parse().ok()).collect(),
        Err(_) => vec![1 << 11, 1 << 13, 1 << 15, 1 << 16, 1 << 17],
    };
    for n in sizes {
        let points = random_points(&mut rng, n);
        let scalars = random_scalars(&mut rng, n);
        let enc: Vec<[u8; 32]> = points.iter().map(|p| p.compress().to_bytes()).collect();
        let affine: Vec<AffineNiels> = decode_batch_all(&enc)
            .unwrap()
            .iter()
            .map(Point::to_affine_niels)
            .collect();
        let sb: Vec<[u8; 32]> = scalars.iter().map(Scalar::to_bytes).collect();
        let window = bpkit_engine::msm::window::choose(n, 253);
        let jobs: Vec<NamedJob<'_>> = vec![
            (
                format!("msm-{n}/engine-c{window}"),
                Box::new(|| {
                    black_box(vartime_msm(black_box(&sb), &affine).unwrap());
                }),
            ),
            (
                format!("msm-{n}/dalek"),
                Box::new(|| {
                    black_box(RistrettoPoint::vartime_multiscalar_mul(
                        black_box(&scalars),
                        &points,
                    ));
                }),
            ),
            (
                format!("msm-{n}/dalek-chunks-8192"),
                Box::new(|| {
                    let sum: RistrettoPoint = black_box(&scalars)
                        .chunks(1 << 13)
                        .zip(points.chunks(1 << 13))
                        .map(|(s, p)| RistrettoPoint::vartime_multiscalar_mul(s, p))
                        .sum();
                    black_box(sum);
                }),
            ),
        ];
        let st = interleave(rounds, &jobs);
        println!(
            "msm-{n}: engine/dalek {:.3} (min) {:.3} (med); engine/dalek-chunked {:.3} (min) {:.3} (med)",
            st[0].0 / st[1].0,
            st[0].1 / st[1].1,
            st[0].0 / st[2].0,
            st[0].1 / st[2].1,
        );
    }
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
    eprintln!(
        "engine backend: {}; SIMD bucket pass: {}",
        bpkit_engine::backend(),
        bpkit_engine::backend::simd_buckets_active()
    );
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
            "msm-4096/engine-scalar-buckets",
            Box::new(|| {
                bpkit_engine::backend::simd_buckets(false);
                let affine: Vec<AffineNiels> = black_box(&decoded)
                    .iter()
                    .map(Point::to_affine_niels)
                    .collect();
                black_box(vartime_msm(black_box(&scalar_bytes), &affine).unwrap());
                bpkit_engine::backend::simd_buckets(true);
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
            "msm-4096/engine-c10",
            Box::new(|| {
                let affine: Vec<AffineNiels> = black_box(&decoded)
                    .iter()
                    .map(Point::to_affine_niels)
                    .collect();
                black_box(vartime_msm_window(black_box(&scalar_bytes), &affine, 10).unwrap());
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
    ratio(3, 8);
    ratio(4, 8);
    ratio(5, 8);
    ratio(3, 4);
    ratio(3, 5);
    ratio(6, 8);
    ratio(7, 8);
}

/// `BPKIT_ENGINE_LOOP=job:iterations`: one job in a loop, for `perf record` (jobs: `msm-4096`,
/// `decode-1024`, `fixed-bp-m1`), or `BPKIT_ENGINE_LOOP=unit` for the cost of the units the cost
/// model counts (a field multiplication, a squaring, a mixed addition), each in eight independent
/// chains so that throughput, not latency, is measured.
fn run_loop(spec: &str) {
    use bpkit_engine::field::Fe;
    use std::time::Instant;
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let (job, iters) = spec.split_once(':').unwrap_or((spec, "100"));
    let iters: usize = iters.parse().unwrap_or(100);
    match job {
        "unit" => {
            let k = 200_000usize;
            let mut x: [Fe; 8] = core::array::from_fn(|i| Fe::from_bytes(&[i as u8 + 3; 32]));
            let y = Fe::from_bytes(&[9u8; 32]);
            let start = Instant::now();
            for _ in 0..k {
                for a in x.iter_mut() {
                    *a = a.mul(&y);
                }
            }
            let mul = start.elapsed().as_secs_f64() * 1e9 / (8 * k) as f64;
            black_box(&x);
            let start = Instant::now();
            for _ in 0..k {
                for a in x.iter_mut() {
                    *a = a.square();
                }
            }
            let sq = start.elapsed().as_secs_f64() * 1e9 / (8 * k) as f64;
            black_box(&x);
            let pts = random_points(&mut rng, 9);
            let enc: Vec<[u8; 32]> = pts.iter().map(|p| p.compress().to_bytes()).collect();
            let dec = decode_batch_all(&enc).unwrap();
            let q = dec[8].to_affine_niels();
            let mut acc: Vec<bpkit_engine::Extended> =
                dec[..8].iter().map(|p| *p.edwards()).collect();
            let k2 = k / 10;
            let start = Instant::now();
            for _ in 0..k2 {
                for a in acc.iter_mut() {
                    *a = a.add_affine(&q);
                }
            }
            let add = start.elapsed().as_secs_f64() * 1e9 / (8 * k2) as f64;
            black_box(&acc);
            println!(
                "portable field mul {mul:.1} ns, square {sq:.1} ns, mixed addition {add:.1} ns \
                 ({:.1} M) — baseline compilation, eight independent chains",
                add / mul
            );
            let lanes: [bpkit_engine::Extended; 4] = core::array::from_fn(|i| acc[i]);
            let qs = [q; 4];
            let start = Instant::now();
            let r =
                bpkit_engine::backend::dispatch::add_affine_chain_x4(&lanes, &qs, [false; 4], k2);
            let t4 = start.elapsed().as_secs_f64() * 1e9 / (4 * k2) as f64;
            black_box(&r);
            if r.is_some() {
                println!(
                    "avx2 four-lane mixed addition {t4:.1} ns per lane ({:.2}x portable)",
                    t4 / add
                );
            }
            {
                let pts = random_points(&mut rng, 4096);
                let enc: Vec<[u8; 32]> = pts.iter().map(|p| p.compress().to_bytes()).collect();
                let aff: Vec<AffineNiels> = decode_batch_all(&enc)
                    .unwrap()
                    .iter()
                    .map(Point::to_affine_niels)
                    .collect();
                let seq: Vec<u32> = (0..4096u32).collect();
                let mut rnd = seq.clone();
                for i in (1..rnd.len()).rev() {
                    let j = (rng.next_u64() % (i as u64 + 1)) as usize;
                    rnd.swap(i, j);
                }
                let same: Vec<u32> = vec![0; 4096];
                for (name, order) in [
                    ("same point", &same),
                    ("sequential", &seq),
                    ("random order", &rnd),
                ] {
                    let start = Instant::now();
                    let r =
                        bpkit_engine::backend::dispatch::gather_chain_x4(&lanes, &aff, order, 5);
                    let t = start.elapsed().as_secs_f64() * 1e9 / (5 * 4096) as f64;
                    black_box(&r);
                    println!("avx2 four-lane additions gathering 4096 points, {name}: {t:.1} ns per lane ({:.2}x portable)", t / add);
                }
            }
            let pair = [acc[4], acc[5]];
            let start = Instant::now();
            let h = bpkit_engine::backend::dispatch::hybrid_chain(&lanes, &pair, &q, k2);
            let th = start.elapsed().as_secs_f64() * 1e9 / (6 * k2) as f64;
            black_box(&h);
            if h.is_some() {
                println!(
                    "hybrid (one four-lane chain + two portable bmi2 chains per step) {th:.1} ns per addition ({:.2}x portable)",
                    th / add
                );
            }
        }
        "msm-4096" => {
            let points = random_points(&mut rng, 4096);
            let scalars: Vec<[u8; 32]> = random_scalars(&mut rng, 4096)
                .iter()
                .map(Scalar::to_bytes)
                .collect();
            let enc: Vec<[u8; 32]> = points.iter().map(|p| p.compress().to_bytes()).collect();
            let affine: Vec<AffineNiels> = decode_batch_all(&enc)
                .unwrap()
                .iter()
                .map(Point::to_affine_niels)
                .collect();
            for _ in 0..iters {
                black_box(vartime_msm(black_box(&scalars), &affine).unwrap());
            }
        }
        "shifted-m8" => {
            // A shifted table of range-proof size m = 8 (1026 points), for profiling.
            let points = random_points(&mut rng, 1026);
            let scalars: Vec<[u8; 32]> = random_scalars(&mut rng, 1026)
                .iter()
                .map(Scalar::to_bytes)
                .collect();
            let enc: Vec<[u8; 32]> = points.iter().map(|p| p.compress().to_bytes()).collect();
            let affine: Vec<AffineNiels> = decode_batch_all(&enc)
                .unwrap()
                .iter()
                .map(Point::to_affine_niels)
                .collect();
            // The AVX2 pass unless BPKIT_ENGINE_IFMA is unset or not 0.
            if std::env::var_os("BPKIT_ENGINE_IFMA").is_some_and(|v| v == "0") {
                bpkit_engine::backend::ifma(false);
            }
            let table = bpkit_engine::ShiftedTable::new(&affine);
            for _ in 0..iters {
                black_box(table.vartime_msm(black_box(&scalars)).unwrap());
            }
        }
        "decode-1024" => {
            let enc: Vec<[u8; 32]> = random_points(&mut rng, 1024)
                .iter()
                .map(|p| p.compress().to_bytes())
                .collect();
            for _ in 0..iters {
                black_box(decode_batch_all(black_box(&enc)).unwrap());
            }
        }
        "fixed-bp-m1" => {
            let inputs = fixed_inputs(&mut rng, &SHAPES[0], PrecomputedTable::DEFAULT_WIDTH);
            for _ in 0..iters {
                black_box(inputs.engine());
            }
        }
        other => eprintln!("unknown job {other}"),
    }
}

criterion_group!(benches, chains, decode, msm, fixed_base);

fn main() {
    // `BPKIT_ENGINE_IFMA=0`: the engine without its IFMA pass (as the CLI), for the modes below
    // that do not choose the pass themselves.
    if std::env::var_os("BPKIT_ENGINE_IFMA").is_some_and(|v| v == "0") {
        bpkit_engine::backend::ifma(false);
    }
    // `BPKIT_ENGINE_LANE_STRAUS=0`: Straus's method on the portable additions (for comparisons).
    if std::env::var_os("BPKIT_ENGINE_LANE_STRAUS").is_some_and(|v| v == "0") {
        bpkit_engine::backend::lane_straus(false);
    }
    if let Ok(spec) = std::env::var("BPKIT_ENGINE_LOOP") {
        run_loop(&spec);
        return;
    }
    if let Ok(r) = std::env::var("BPKIT_ENGINE_SMALL") {
        small(r.parse().unwrap_or(20));
        return;
    }
    if let Ok(r) = std::env::var("BPKIT_ENGINE_LARGE") {
        large(r.parse().unwrap_or(9));
        return;
    }
    if let Ok(r) = std::env::var("BPKIT_ENGINE_SHIFTED") {
        shifted(r.parse().unwrap_or(20));
        return;
    }
    if let Ok(r) = std::env::var("BPKIT_ENGINE_RATIOS") {
        ratios(r.parse().unwrap_or(30));
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
