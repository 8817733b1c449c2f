//! The engine against curve25519-dalek on arbitrary input: every 32-byte chunk is decoded by both
//! (batched in the engine, on its active backend); they must agree on validity and on the point.
//! The valid points then go through both multiscalar multiplications with scalars taken from the
//! same input (reduced modulo ℓ, and some left unreduced for the engine, which takes integers):
//! the automatic choice, Straus and Pippenger forced, and a precomputed table over the first
//! half of the points (width 3 … 8 by input length) mixed with the second half as dynamic
//! points, against dalek's `vartime_multiscalar_mul`; and Pippenger's windows split into 2 … 5
//! shares (`vartime_msm_window_share`, one multiplication on several threads), summed; and a
//! shifted table (`ShiftedTable`) over every point, whole and in two ranges.
//! Pippenger's eight-lane AVX-512 IFMA bucket pass runs on the software model of its
//! instructions (and on the real ones where the CPU has them), and the eight-lane IFMA field operations are compared with the portable ones.
//! Every chunk is also decoded as an Ed25519 point by the engine (`bpkit_engine::edwards`, what
//! Monero's verifiers use) and by bpkit's dalek-based decoder with Monero's rules: the same
//! verdict and the same point, before and after ×8.
//! Most inputs cap the multiplications at a few points with short scalars and run *one* of the
//! eight multiplication checks, chosen by a header byte (see `cap` below), so that a campaign
//! reaches millions of executions; inputs of whole chunks use every point and every check.
#![no_main]

use bpkit_engine::msm::window::Share;
use bpkit_engine::multiply::{
    vartime_msm_pippenger, vartime_msm_straus, vartime_msm_window, vartime_msm_window_share,
};
use bpkit_engine::{decode_batch, vartime_msm, AffineNiels, Point, PrecomputedTable};
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::VartimeMultiscalarMul;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut chunks: Vec<[u8; 32]> = data
        .chunks_exact(32)
        .map(|c| <[u8; 32]>::try_from(c).unwrap())
        .collect();
    // Small multiscalar multiplications weighted in, so that a campaign runs fast (and reaches
    // millions of executions): an input whose length is not a multiple of 32 uses its first
    // leftover byte `h` to cap the number of points: 1–4 points (about 6 in 8 inputs), up to 16
    // (2 in 8), or all of them (1 in 32).
    // (An input of whole chunks takes `h` from its last byte instead, so that most of those
    // run small too; one in 32 runs everything.)
    let h = data
        .chunks_exact(32)
        .remainder()
        .first()
        .or(data.last())
        .copied();
    let (cap, small) = match h {
        Some(h) if h % 8 < 5 => (1 + usize::from(h >> 3) % 4, true),
        Some(h) if h % 8 < 7 => (1 + usize::from(h >> 3) % 16, true),
        Some(h) if h % 32 != 31 => (1 + usize::from(h >> 5) % 4, true),
        _ => (usize::MAX, false),
    };
    // A small run decodes only the chunks it may use.
    if small {
        chunks.truncate(cap);
    }
    // Alternate the backend by input length so both are fuzzed.
    bpkit_engine::backend::force_portable(data.len() % 64 >= 32);
    let ours = decode_batch(&chunks);
    let mut points = Vec::new();
    let mut engine_points: Vec<Point> = Vec::new();
    let mut affine: Vec<AffineNiels> = Vec::new();
    for (c, p) in chunks.iter().zip(&ours) {
        let theirs = CompressedRistretto(*c).decompress();
        assert_eq!(p.is_some(), theirs.is_some(), "validity of {:02x?}", c);
        if let (Some(p), Some(q)) = (p, theirs) {
            assert_eq!(p.encode(), q.compress().to_bytes());
            points.push(q);
            affine.push(p.to_affine_niels());
            engine_points.push(*p);
        }
    }
    // Ed25519 decoding (Monero's rules): the engine against bpkit's dalek-based decoder.
    for c in &chunks {
        let engine = bpkit_engine::edwards::decode(c);
        let reference = bpkit::monero::point::decode(c);
        assert_eq!(
            engine.is_some(),
            reference.is_some(),
            "Ed25519 validity of {:02x?}",
            c
        );
        if let (Some(e), Some(r)) = (engine, reference) {
            let enc = |p: &bpkit_engine::Extended| {
                let (x, y) = p.to_affine();
                let mut b = y.to_bytes();
                b[31] |= u8::from(x.is_negative()) << 7;
                b
            };
            assert_eq!(enc(&e), r.compress().to_bytes());
            assert_eq!(
                enc(&e.mul_by_pow2(3)),
                r.mul_by_cofactor().compress().to_bytes()
            );
        }
    }
    points.truncate(cap);
    affine.truncate(cap);
    engine_points.truncate(cap);
    // A small input runs one check (`only`: bits 5–7 of `h`) with scalars of 1 to 4 bytes…32
    // (bits 0–1 of `h`: 8, 16, 24 or 32 bytes kept, the rest zeroed); the others run all.
    let only = h.filter(|_| small).map(|h| h >> 5);
    let run = |check: u8| only.is_none_or(|o| o == check);
    let keep = h
        .filter(|_| small)
        .map_or(32, |h| 8 * (1 + usize::from(h & 3)));
    let short = |c: &[u8; 32]| {
        let mut s = *c;
        s[keep..].fill(0);
        s
    };
    // Scalars: the chunks themselves reduced modulo ℓ (for dalek and the engine alike).
    let scalars: Vec<Scalar> = chunks
        .iter()
        .take(points.len())
        .map(|c| Scalar::from_bytes_mod_order(short(c)))
        .collect();
    let bytes: Vec<[u8; 32]> = scalars.iter().map(Scalar::to_bytes).collect();
    let want = RistrettoPoint::vartime_multiscalar_mul(&scalars, &points);
    // The unreduced integers give the same point (the group has order ℓ).
    let raw: Vec<[u8; 32]> = chunks.iter().take(points.len()).map(short).collect();
    if run(0) {
        let got = vartime_msm(&bytes, &affine).unwrap();
        assert_eq!(got.encode(), want.compress().to_bytes());
        assert_eq!(
            vartime_msm(&raw, &affine).unwrap().encode(),
            want.compress().to_bytes()
        );
    }
    if run(1) {
        assert_eq!(
            vartime_msm_straus(&raw, &affine).unwrap().encode(),
            want.compress().to_bytes()
        );
    }
    if run(2) {
        assert_eq!(
            vartime_msm_pippenger(&bytes, &affine).unwrap().encode(),
            want.compress().to_bytes()
        );
    }
    // Pippenger with the four-lane AVX2 bucket pass and with the portable one, at a window width
    // chosen by the input, over the points repeated up to eight times (so that buckets fill and
    // straddle the lanes' runs), with the raw integers rotated byte-wise per repetition.
    // Widths 2 … 10 (wider windows are covered by the tests; their 2¹⁵ buckets slow fuzzing).
    // (A few points get narrow windows: the bucket passes cost 2^c per window whatever the
    // number of points, and the IFMA model is slow.)
    let c = if small {
        2 + (data.len() % 3) as u32
    } else {
        2 + (data.len() % 9) as u32
    };
    let reps = if small {
        1 + (data.len() / 32) % 2
    } else {
        1 + (data.len() / 32) % 8
    };
    if run(3) || run(4) || run(5) {
        let mut rep_raw: Vec<[u8; 32]> = Vec::new();
        let mut rep_affine: Vec<AffineNiels> = Vec::new();
        let mut rep_points: Vec<RistrettoPoint> = Vec::new();
        for r in 0..reps {
            for ((s, a), p) in raw.iter().zip(&affine).zip(&points) {
                let mut s = *s;
                s.rotate_left(r);
                rep_raw.push(s);
                rep_affine.push(*a);
                rep_points.push(*p);
            }
        }
        let rep_scalars: Vec<Scalar> = rep_raw
            .iter()
            .map(|s| Scalar::from_bytes_mod_order(*s))
            .collect();
        let rep_want = RistrettoPoint::vartime_multiscalar_mul(&rep_scalars, &rep_points)
            .compress()
            .to_bytes();
        for (check, simd) in [(3, true), (4, false)] {
            if !run(check) {
                continue;
            }
            bpkit_engine::backend::simd_buckets(simd);
            assert_eq!(
                vartime_msm_window(&rep_raw, &rep_affine, c)
                    .unwrap()
                    .encode(),
                rep_want,
                "c {c}, simd {simd}"
            );
            assert_eq!(
                vartime_msm_pippenger(&rep_raw, &rep_affine)
                    .unwrap()
                    .encode(),
                rep_want,
                "simd {simd}"
            );
            // The windows split into 2 … 5 shares (one multiplication on several threads):
            // the shares add up to the whole.
            let count = 2 + (data.len() / 7) as u32 % 4;
            let shares = (0..count).fold(None, |acc: Option<bpkit_engine::Point>, index| {
                let p = vartime_msm_window_share(&rep_raw, &rep_affine, c, Share { index, count })
                    .unwrap();
                Some(acc.map_or(p, |a| a.add(&p)))
            });
            assert_eq!(
                shares.unwrap().encode(),
                rep_want,
                "c {c}, {count} shares, simd {simd}"
            );
        }
        bpkit_engine::backend::simd_buckets(true);
        // The eight-lane AVX-512 IFMA bucket pass on the software model of its instructions (runs
        // on any machine), at the same width and by size; on the real instructions too where the
        // CPU has them.
        use bpkit_engine::backend::dispatch::{ifma_hw_msm, ifma_model_msm};
        for width in [Some(c), None] {
            if !run(5) {
                break;
            }
            assert_eq!(
                ifma_model_msm(&rep_raw, &rep_affine, width)
                    .unwrap()
                    .encode(),
                rep_want,
                "IFMA model, c {width:?}"
            );
            if let Some(real) = ifma_hw_msm(&rep_raw, &rep_affine, width) {
                assert_eq!(real.encode(), rep_want, "IFMA hardware, c {width:?}");
            }
        }
    }
    // A shifted table (fixed points with their shifts 2ᶜʲ·P, one window of bucket additions) over
    // every point, width 4 … 9 by input length, on the active pass and on the portable one; the
    // table's points split in two ranges (threads) add up to the whole.
    if run(7) {
        let width = 4 + (data.len() % 6) as u32;
        for simd in [true, false] {
            bpkit_engine::backend::simd_buckets(simd);
            let table = bpkit_engine::ShiftedTable::with_width(&affine, width);
            let got = table.vartime_msm(&raw).unwrap();
            assert_eq!(
                got.encode(),
                want.compress().to_bytes(),
                "shifted table, c {width}, simd {simd}"
            );
            let cut = data.len() % (raw.len() + 1);
            let a = table.vartime_msm_from(0, &raw[..cut]).unwrap();
            let b = table.vartime_msm_from(cut, &raw[cut..]).unwrap();
            assert_eq!(
                a.add(&b).encode(),
                want.compress().to_bytes(),
                "shifted table split at {cut}"
            );
        }
        bpkit_engine::backend::simd_buckets(true);
    }
    // The eight-lane field operations (model) on the chunks read as field elements, against the
    // portable ones: a + b, a − b, a·b, a², a^(2⁵).
    if chunks.len() >= 16 && only.is_none() {
        let fe = |i: usize| bpkit_engine::field::Fe::from_bytes(&chunks[i]);
        let a: [bpkit_engine::field::Fe; 8] = core::array::from_fn(fe);
        let b: [bpkit_engine::field::Fe; 8] = core::array::from_fn(|k| fe(k + 8));
        let got = bpkit_engine::backend::dispatch::ifma_model_field_ops_x8(a, b);
        for k in 0..8 {
            let (x, y) = (a[k], b[k]);
            let want = [x.add(&y), x.sub(&y), x.mul(&y), x.square(), x.pow2k(5)];
            for (op, w) in want.iter().enumerate() {
                assert_eq!(
                    got[op][k].to_bytes(),
                    w.to_bytes(),
                    "IFMA field op {op}, lane {k}"
                );
            }
        }
    }
    // Fixed points (a table over the first half) mixed with dynamic ones (the second half); the
    // table may have more points than static scalars (the last fixed one gets none).
    if !run(6) {
        return;
    }
    let half = points.len() / 2;
    let width = if small {
        3 + (data.len() % 2) as u32
    } else {
        3 + (data.len() % 6) as u32
    };
    let table = PrecomputedTable::with_width(&engine_points[..half], width);
    let k = half.saturating_sub(usize::from(data.len() % 3 == 0));
    let mut want_s: Vec<Scalar> = scalars[..k].to_vec();
    want_s.extend_from_slice(&scalars[half..]);
    let mut want_p: Vec<RistrettoPoint> = points[..k].to_vec();
    want_p.extend_from_slice(&points[half..]);
    let want_mixed = RistrettoPoint::vartime_multiscalar_mul(&want_s, &want_p);
    let got_mixed = table
        .vartime_mixed_msm(&raw[..k], &raw[half..], &affine[half..])
        .unwrap();
    assert_eq!(got_mixed.encode(), want_mixed.compress().to_bytes());
});
