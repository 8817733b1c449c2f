//! Shifted tables (`ShiftedTable`, `msm::shifted`): Pippenger's method for fixed points with the
//! shifts 2ᶜʲ·P precomputed. Against dalek's multiplication on every bucket pass this CPU has
//! (portable backend, portable pass, AVX2 pass, IFMA pass) and the IFMA pass's model, at widths
//! 4 … 13, for sizes 1 … 300, with scalars whose digits carry through every window (2²⁵⁶ − 1,
//! ℓ − 1, runs of ones), zeros, and fewer scalars than points. Also: a table built for one pass
//! and used after a backend switch, a table grown with `extend` equals one built at once, a
//! wrong sum is seen (one scalar changed), and more scalars than points give `None`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit_engine::backend::dispatch;
use bpkit_engine::msm::shifted;
use bpkit_engine::{AffineNiels, ShiftedTable};
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{Identity, VartimeMultiscalarMul};

fn scalars(rng: &mut rand_chacha::ChaCha20Rng, n: usize) -> Vec<[u8; 32]> {
    (0..n)
        .map(|i| match i % 7 {
            0 => [0xff; 32],
            1 => (-Scalar::ONE).to_bytes(),
            2 => {
                let mut b = [0u8; 32];
                b[..i % 32].fill(0xff);
                b
            }
            3 => [0u8; 32],
            4 => {
                let mut b = [0u8; 32];
                b[0] = 1;
                b
            }
            _ => common::random_bytes(rng),
        })
        .collect()
}

/// dalek's `Σ sᵢ·Pᵢ` with the scalars as 256-bit integers (not reduced: dalek's `Scalar`
/// holds at most 2²⁵⁵ − 1 unreduced, so the top bit is added as 2²⁵⁵·P separately).
fn reference(scalars: &[[u8; 32]], points: &[RistrettoPoint]) -> [u8; 32] {
    let mut top = RistrettoPoint::identity();
    let mut low = Vec::new();
    let two255 = {
        let mut b = [0u8; 32];
        b[31] = 0x80;
        Scalar::from_bytes_mod_order(b)
    };
    for (s, p) in scalars.iter().zip(points) {
        let mut b = *s;
        if b[31] & 0x80 != 0 {
            top += p * two255;
            b[31] &= 0x7f;
        }
        low.push(Scalar::from_bytes_mod_order(b));
    }
    (RistrettoPoint::vartime_multiscalar_mul(&low, &points[..low.len()]) + top)
        .compress()
        .to_bytes()
}

fn points(rng: &mut rand_chacha::ChaCha20Rng, n: usize) -> (Vec<RistrettoPoint>, Vec<AffineNiels>) {
    let dalek = common::mixed_points(rng, n);
    let engine = common::engine_affine(&dalek);
    (dalek, engine)
}

#[test]
fn tables_match_dalek_on_every_pass() {
    let _g = common::SWITCH.lock().unwrap_or_else(|e| e.into_inner());
    let mut rng = common::rng(41);
    let configs = common::configurations();
    common::announce(&format!(
        "shifted tables on {:?}",
        configs.iter().map(|c| c.0).collect::<Vec<_>>()
    ));
    for &(n, width) in &[
        (1usize, 4u32),
        (7, 5),
        (13, 8),
        (64, 11),
        (100, 6),
        (300, 13),
    ] {
        let (dalek, engine) = points(&mut rng, n);
        let s = scalars(&mut rng, n);
        let want = reference(&s, &dalek);
        for &(name, portable, simd, ifma) in &configs {
            common::set(portable, simd, ifma);
            let table = ShiftedTable::with_width(&engine, width);
            assert_eq!(table.width(), width);
            assert_eq!(table.len(), n);
            // 120 bytes a point (affine Niels) or 128 (a lane pass's aligned packed form).
            let entries = n * shifted::shifts(width) as usize;
            assert!(
                [120, 128].contains(&(table.approx_bytes() / entries)),
                "{name}: {} bytes for {entries} entries",
                table.approx_bytes()
            );
            let got = table.vartime_msm(&s).unwrap().encode();
            assert_eq!(got, want, "{name}: n = {n}, c = {width}");
            // Fewer scalars than points: the rest count as absent.
            let k = n / 2;
            assert_eq!(
                table.vartime_msm(&s[..k]).unwrap().encode(),
                reference(&s[..k], &dalek[..k]),
                "{name}: {k} of {n} scalars"
            );
            // One scalar changed: a different sum (the test can fail).
            if let Some(i) = (0..n).find(|&i| s[i] != [0u8; 32]) {
                let mut t = s.clone();
                t[i][0] ^= 1;
                assert_ne!(table.vartime_msm(&t).unwrap().encode(), want, "{name}");
            }
            assert!(table.vartime_msm(&scalars(&mut rng, n + 1)).is_none());
            // Ranges of points (threads): the parts add up to the whole.
            let cut = n / 3;
            let a = table.vartime_msm_from(0, &s[..cut]).unwrap();
            let b = table.vartime_msm_from(cut, &s[cut..]).unwrap();
            assert_eq!(a.add(&b).encode(), want, "{name}: split at {cut}");
            assert_eq!(
                b.encode(),
                reference(&s[cut..], &dalek[cut..]),
                "{name}: from {cut}"
            );
            assert!(table.vartime_msm_from(cut + 1, &s[cut..]).is_none());
            assert!(table.vartime_msm_from(usize::MAX, &s[..1]).is_none());
        }
    }
    common::set(false, true, true);
}

#[test]
fn ifma_model_pass_matches_dalek() {
    let mut rng = common::rng(42);
    for &(n, width) in &[(5usize, 4u32), (40, 9), (130, 11)] {
        let (dalek, engine) = points(&mut rng, n);
        let s = scalars(&mut rng, n);
        let words: Vec<[u64; 4]> = s.iter().map(bpkit_engine::msm::digits::to_words).collect();
        let digits = shifted::table_digits(&words, width);
        let shifts: Vec<bpkit_engine::Extended> = shifted::shift_points(
            &engine
                .iter()
                .map(|p| bpkit_engine::Extended::IDENTITY.add_affine(p))
                .collect::<Vec<_>>(),
            width,
        );
        let entries = bpkit_engine::batch_to_affine_niels(&shifts);
        let got = dispatch::ifma_model_one_window(&digits, 1 << (width - 1), &entries);
        assert_eq!(got.encode(), reference(&s, &dalek), "n = {n}, c = {width}");
    }
}

#[test]
fn backend_switch_after_building_and_extend() {
    let _g = common::SWITCH.lock().unwrap_or_else(|e| e.into_inner());
    let mut rng = common::rng(43);
    let (dalek, engine) = points(&mut rng, 90);
    let s = scalars(&mut rng, 90);
    let want = reference(&s, &dalek);
    let configs = common::configurations();
    for &(built, bp, bs, bi) in &configs {
        common::set(bp, bs, bi);
        let table = ShiftedTable::with_width(&engine, 10);
        let mut grown = ShiftedTable::with_width(&engine[..33], 10);
        grown.extend(&engine[33..]);
        assert_eq!(grown.len(), 90);
        for &(used, up, us, ui) in &configs {
            common::set(up, us, ui);
            assert_eq!(
                table.vartime_msm(&s).unwrap().encode(),
                want,
                "built on {built}, used on {used}"
            );
            assert_eq!(
                grown.vartime_msm(&s).unwrap().encode(),
                want,
                "grown, {used}"
            );
        }
    }
    common::set(false, true, true);
}

#[test]
fn width_choice_and_digits() {
    // The chosen width grows with the number of points and stays in range.
    let mut last = shifted::MIN_WIDTH;
    for n in [1usize, 16, 128, 512, 2048, 8192, 1 << 16] {
        let c = shifted::choose(n);
        assert!((shifted::MIN_WIDTH..=shifted::MAX_WIDTH).contains(&c));
        assert!(c >= last, "n = {n}: {c} < {last}");
        last = c;
    }
    assert!(shifted::choose(512) >= 9 && shifted::choose(512) <= 12);
    // Digits recombine to the scalar: Σ dⱼ·2ᶜʲ = s (checked on a few scalars at every width).
    let mut rng = common::rng(44);
    for c in shifted::MIN_WIDTH..=shifted::MAX_WIDTH {
        let s = scalars(&mut rng, 8);
        let words: Vec<[u64; 4]> = s.iter().map(bpkit_engine::msm::digits::to_words).collect();
        let d = shifted::table_digits(&words, c);
        let w = shifted::shifts(c) as usize;
        assert_eq!(d.len(), 8 * w);
        for (i, word) in words.iter().enumerate() {
            let mut acc = num_bigint::BigInt::from(0);
            for j in (0..w).rev() {
                let dj = d[i * w + j];
                assert!(dj.unsigned_abs() <= 1 << (c - 1), "c = {c}: digit {dj}");
                acc = (acc << c) + dj;
            }
            let mut want = num_bigint::BigInt::from(0);
            for l in word.iter().rev() {
                want = (want << 64) + *l;
            }
            assert_eq!(acc, want, "c = {c}");
        }
    }
}
