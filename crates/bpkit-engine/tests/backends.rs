//! Every SIMD backend bit-exact against the portable one: the four-lane inverse-square-root chain
//! on random and edge inputs (compared by canonical encoding), and whole batched decodings on
//! each backend against each other. Prints which backends ran.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit_engine::backend::{self, dispatch, Backend};
use bpkit_engine::field::{self, Fe};
use bpkit_engine::{decode_batch, multiply};
use std::sync::Mutex;

/// The backend switch is process-wide: tests that flip it run one at a time.
static SWITCH: Mutex<()> = Mutex::new(());

fn edge_and_random(n: usize) -> Vec<Fe> {
    let mut rng = common::rng(31);
    let p_minus = |k: u64| {
        // p − k as radix-2⁵¹ limbs.
        Fe::from_limbs_unreduced([
            (1 << 51) - 19 - k,
            (1 << 51) - 1,
            (1 << 51) - 1,
            (1 << 51) - 1,
            (1 << 51) - 1,
        ])
    };
    let mut v = vec![Fe::ZERO, Fe::ONE, p_minus(1), p_minus(2), p_minus(0)];
    for k in 0..19 {
        // p + k: limb 0 above its nominal range.
        v.push(Fe::from_limbs_unreduced([
            (1 << 51) - 19 + k,
            (1 << 51) - 1,
            (1 << 51) - 1,
            (1 << 51) - 1,
            (1 << 51) - 1,
        ]));
    }
    v.push(Fe::from_limbs_unreduced([(1 << 51) - 1; 5])); // 2²⁵⁵ − 1
    v.push(Fe::from_limbs_unreduced([(1 << 54) - 1; 5])); // unreduced limbs
    v.push(Fe::from_limbs_unreduced([(1 << 52) + 7; 5]));
    while v.len() < n {
        v.push(Fe::from_bytes(&common::random_bytes(&mut rng)));
        let mut limbs = [0u64; 5];
        for l in limbs.iter_mut() {
            *l = common::random_u64(&mut rng) >> 10;
        }
        v.push(Fe::from_limbs_unreduced(limbs));
    }
    v
}

fn detected() -> Vec<Backend> {
    let _g = SWITCH.lock().unwrap();
    dispatch::force_portable(false);
    let best = backend::active();
    let mut all = vec![Backend::Portable];
    if best != Backend::Portable {
        all.push(best);
    }
    eprintln!(
        "backends exercised: {:?}",
        all.iter().map(|b| b.name()).collect::<Vec<_>>()
    );
    all
}

#[test]
fn chain_is_bit_exact_across_backends() {
    let backends = detected();
    if backends.len() == 1 {
        eprintln!("no SIMD backend on this CPU: only the portable one was exercised");
    }
    let xs = edge_and_random(400);
    let _g = SWITCH.lock().unwrap();
    for chunk in xs.chunks_exact(4) {
        let lanes = [chunk[0], chunk[1], chunk[2], chunk[3]];
        let reference = field::pow22501(lanes);
        dispatch::force_portable(false);
        let simd = backend::pow22501_x4(lanes);
        for ((r_hi, r_lo), (s_hi, s_lo)) in reference.iter().zip(simd.iter()) {
            assert_eq!(r_hi.to_bytes(), s_hi.to_bytes());
            assert_eq!(r_lo.to_bytes(), s_lo.to_bytes());
        }
    }
    for chunk in xs.chunks_exact(8) {
        let lanes: [Fe; 8] = chunk.try_into().unwrap();
        let simd = backend::pow22501_x8(lanes);
        for (x, (s_hi, s_lo)) in lanes.iter().zip(simd.iter()) {
            let [(r_hi, r_lo)] = field::pow22501([*x]);
            assert_eq!(r_hi.to_bytes(), s_hi.to_bytes());
            assert_eq!(r_lo.to_bytes(), s_lo.to_bytes());
        }
    }
    // The SIMD field operations themselves against the portable ones, lane by lane.
    dispatch::force_portable(false);
    simd_ops(&xs);
}

fn simd_ops(xs: &[Fe]) {
    for w in xs.windows(8).step_by(3) {
        let a = [w[0], w[1], w[2], w[3]];
        let b = [w[4], w[5], w[6], w[7]];
        let (prod, sq, sq3) = backend::field_ops_x4(a, b);
        for k in 0..4 {
            assert_eq!(prod[k].to_bytes(), a[k].mul(&b[k]).to_bytes());
            assert_eq!(sq[k].to_bytes(), a[k].square().to_bytes());
            assert_eq!(sq3[k].to_bytes(), a[k].pow2k(3).to_bytes());
        }
    }
}

#[test]
fn decoding_is_identical_on_every_backend() {
    let backends = detected();
    let mut rng = common::rng(32);
    let mut enc: Vec<[u8; 32]> = (0..600)
        .map(|_| common::random_point(&mut rng).compress().to_bytes())
        .collect();
    enc.extend((0..200).map(|_| common::random_bytes(&mut rng)));
    enc.extend(common::BAD.iter().map(|(_, h)| common::hex32(h)));
    enc.extend(common::MULTIPLES.iter().map(|h| common::hex32(h)));
    let _g = SWITCH.lock().unwrap();
    // Each backend with the IFMA pass switched off, and the AVX2 one once more with the IFMA
    // bucket pass and decoding core (the default) where the CPU has IFMA (on such a machine this
    // runs the real instructions through the engine's own dispatch, not only the `ifma_model`
    // hooks).
    let mut runs: Vec<(Backend, bool)> = backends.iter().map(|b| (*b, false)).collect();
    if backends.contains(&Backend::Avx2) && backend::ifma_detected() {
        runs.push((Backend::Avx2, true));
    }
    eprintln!(
        "decoding and MSM compared on: {:?}",
        runs.iter()
            .map(|(b, i)| format!("{}{}", b.name(), if *i { " + ifma" } else { "" }))
            .collect::<Vec<_>>()
    );
    let mut results = Vec::new();
    for (b, ifma) in &runs {
        dispatch::force_portable(*b == Backend::Portable);
        backend::ifma(*ifma);
        assert_eq!(backend::active(), *b);
        assert_eq!(backend::ifma_active(), *ifma);
        let out: Vec<Option<[u8; 32]>> = decode_batch(&enc)
            .iter()
            .map(|p| p.map(|p| p.encode()))
            .collect();
        // And an MSM over the valid ones (Pippenger at this size), to run the whole path on
        // this backend.
        let valid: Vec<_> = decode_batch(&enc).into_iter().flatten().collect();
        let affine: Vec<_> = valid.iter().map(|p| p.to_affine_niels()).collect();
        let scalars: Vec<[u8; 32]> = (0..valid.len()).map(|i| [i as u8; 32]).collect();
        let sum = multiply::vartime_msm(&scalars, &affine).unwrap().encode();
        results.push((out, sum));
    }
    backend::ifma(true);
    dispatch::force_portable(false);
    for r in &results[1..] {
        assert_eq!(r, &results[0]);
    }
}

#[test]
fn decode_core_is_bit_exact_across_backends() {
    // Heads, chains and tails of decoding in SIMD lanes against the portable reference, on edge
    // and random field elements (not only valid encodings: every value of s reaches the core).
    let _ = detected();
    let xs = edge_and_random(400);
    let _g = SWITCH.lock().unwrap();
    dispatch::force_portable(false);
    let mut chunks: Vec<[Fe; 8]> = xs.chunks_exact(8).map(|c| c.try_into().unwrap()).collect();
    // Every edge value at every lane position.
    for k in 0..8 {
        for e in xs.iter().take(24) {
            let mut lanes = [xs[30 + k]; 8];
            lanes[k] = *e;
            chunks.push(lanes);
        }
    }
    for lanes in chunks {
        let simd = backend::decode_core_x8(lanes);
        let reference = field::decode_core(&lanes);
        for (r, s) in reference.iter().zip(simd.iter()) {
            assert_eq!(r.u1.to_bytes(), s.u1.to_bytes());
            assert_eq!(r.u2.to_bytes(), s.u2.to_bytes());
            assert_eq!(r.v.to_bytes(), s.v.to_bytes());
            assert_eq!(r.r.to_bytes(), s.r.to_bytes());
            assert_eq!(r.check.to_bytes(), s.check.to_bytes());
        }
    }
}

/// The four-lane parallel formulas of Straus's method (one point's coordinates in the lanes)
/// against the portable point code: doubling, addition and subtraction of a cached point and of
/// an affine one, compared as group elements, on random points, the identity and repeated
/// points (p + p, p − p), each result fed back in so that its T coordinate is used.
#[test]
fn lane_point_formulas_match_portable() {
    let mut rng = common::rng(35);
    let points = common::engine_points(&common::mixed_points(&mut rng, 40));
    let Some(_) = dispatch::avx2_lane_point_ops(points[0].edwards(), points[1].edwards()) else {
        eprintln!("lane_point_formulas_match_portable: no AVX2 on this CPU, skipped");
        return;
    };
    let e = |p: bpkit_engine::point::Extended| bpkit_engine::Point::from_edwards(p);
    for (i, p) in points.iter().enumerate() {
        for q in [
            points[(i + 1) % points.len()],
            *p,
            p.neg(),
            bpkit_engine::Point::IDENTITY,
        ] {
            let mut cur = *p;
            for round in 0..3 {
                let got = dispatch::avx2_lane_point_ops(cur.edwards(), q.edwards()).unwrap();
                let want = [
                    cur.add(&cur),
                    cur.add(&q),
                    cur.add(&q.neg()),
                    cur.add(&q),
                    cur.add(&q.neg()),
                ];
                for (k, (g, w)) in got.iter().zip(&want).enumerate() {
                    assert_eq!(e(*g), *w, "point {i}, round {round}, operation {k}");
                }
                // Feed a lane result back in (its coordinates, T included, are the lanes').
                cur = e(got[(round + i) % 5]);
            }
        }
    }
}
