//! Exponentiation chains, written over N independent lanes at once.
//!
//! A square in radix 2⁵¹ is a short dependency chain of multiplications and carries; one chain of
//! 250 squarings keeps the multiplier mostly idle. Running N chains in lock step (each step a loop
//! over the lanes, with no dependency between lanes) lets an out-of-order core overlap them: this
//! is how batched decoding gets its speed on the portable backend.
#![allow(clippy::arithmetic_side_effects)]

use super::Fe;

/// `x ← x · y` lane by lane.
#[inline(always)]
fn mul_lanes<const N: usize>(x: &mut [Fe; N], y: &[Fe; N]) {
    for (a, b) in x.iter_mut().zip(y) {
        *a = a.mul(b);
    }
}

/// `x^(2^k)` lane by lane, the lanes interleaved at every squaring.
#[inline(always)]
fn pow2k_lanes<const N: usize>(x: &[Fe; N], k: u32) -> [Fe; N] {
    let mut out = *x;
    for _ in 0..k {
        for a in out.iter_mut() {
            *a = a.square();
        }
    }
    out
}

/// For each lane `a`: `(a^(2²⁵⁰ − 1), a^11)`, the shared head of inversion and of the inverse
/// square root.
pub fn pow22501<const N: usize>(a: [Fe; N]) -> [(Fe, Fe); N] {
    let t0 = pow2k_lanes(&a, 1); // a²
    let mut t1 = pow2k_lanes(&t0, 2); // a⁸
    mul_lanes(&mut t1, &a); // a⁹
    let mut t0 = t0;
    mul_lanes(&mut t0, &t1); // a¹¹
    let t2 = pow2k_lanes(&t0, 1); // a²²
    mul_lanes(&mut t1, &t2); // a³¹ = a^(2⁵ − 1)
    let mut t2 = pow2k_lanes(&t1, 5);
    mul_lanes(&mut t2, &t1); // a^(2¹⁰ − 1)
    let t1 = t2;
    let mut t2 = pow2k_lanes(&t1, 10);
    mul_lanes(&mut t2, &t1); // a^(2²⁰ − 1)
    let mut t3 = pow2k_lanes(&t2, 20);
    mul_lanes(&mut t3, &t2); // a^(2⁴⁰ − 1)
    let mut t2 = pow2k_lanes(&t3, 10);
    mul_lanes(&mut t2, &t1); // a^(2⁵⁰ − 1)
    let t1 = t2;
    let mut t2 = pow2k_lanes(&t1, 50);
    mul_lanes(&mut t2, &t1); // a^(2¹⁰⁰ − 1)
    let mut t3 = pow2k_lanes(&t2, 100);
    mul_lanes(&mut t3, &t2); // a^(2²⁰⁰ − 1)
    let mut t2 = pow2k_lanes(&t3, 50);
    mul_lanes(&mut t2, &t1); // a^(2²⁵⁰ − 1)
    let mut out = [(Fe::ZERO, Fe::ZERO); N];
    for ((o, hi), lo) in out.iter_mut().zip(t2).zip(t0) {
        *o = (hi, lo);
    }
    out
}
