//! Scalars modulo the group order `ℓ` in Montgomery form, for the verifier's vectors.
//!
//! `curve25519_dalek::Scalar` packs and unpacks its 52-bit limbs and multiplies twice (into
//! and out of Montgomery form) on every product: about 40 ns. The verifier's hot loops — the
//! `G`, `H` product vectors of every proof and their sums over a batch — instead stay in
//! Montgomery form (`a·2²⁵⁶ mod ℓ`, four 64-bit limbs, always fully reduced), which makes a
//! product one CIOS Montgomery multiplication and a sum a 4-limb add with one conditional
//! subtraction. Values enter and leave through [`Mont::from_scalar`] and [`Mont::to_scalar`].
//!
//! The verifiers' values are public, but the code has no data-dependent branch or memory access
//! (the conditional subtractions are masks), like dalek's own scalar arithmetic: the circuit
//! prover's polynomial pass relies on that for its secret coefficients (`circuit::prove::polys`).

use crate::group::Scalar;

/// `ℓ = 2²⁵² + 27742317777372353535851937790883648493`, little-endian limbs.
const L: [u64; 4] = [
    0x5812_631a_5cf5_d3ed,
    0x14de_f9de_a2f7_9cd6,
    0,
    0x1000_0000_0000_0000,
];
/// `−ℓ⁻¹ mod 2⁶⁴`.
const L_INV: u64 = 0xd2b5_1da3_1254_7e1b;
/// `2⁵¹² mod ℓ`: multiplying by it enters Montgomery form.
const R2: [u64; 4] = [
    0xa406_11e3_449c_0f01,
    0xd00e_1ba7_6885_9347,
    0xceec_73d2_17f5_be65,
    0x0399_411b_7c30_9a3d,
];

/// `a + b·c + carry` as (low, high) words; never overflows 128 bits.
#[inline(always)]
fn mac(a: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let t = u128::from(a)
        .wrapping_add(u128::from(b).wrapping_mul(u128::from(c)))
        .wrapping_add(u128::from(carry));
    (t as u64, (t >> 64) as u64)
}

/// `a + b + carry` as (sum, carry).
#[inline(always)]
fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = u128::from(a)
        .wrapping_add(u128::from(b))
        .wrapping_add(u128::from(carry));
    (t as u64, (t >> 64) as u64)
}

/// `a − b − borrow` as (difference, borrow ∈ {0, 1}).
#[inline(always)]
fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let t = u128::from(a)
        .wrapping_sub(u128::from(b))
        .wrapping_sub(u128::from(borrow));
    (t as u64, ((t >> 64) as u64) & 1)
}

/// `x − ℓ` if `x ≥ ℓ`, else `x` (for `x < 2ℓ`).
#[inline(always)]
fn reduce_once(x: [u64; 4]) -> [u64; 4] {
    let [x0, x1, x2, x3] = x;
    let [l0, l1, l2, l3] = L;
    let (d0, b) = sbb(x0, l0, 0);
    let (d1, b) = sbb(x1, l1, b);
    let (d2, b) = sbb(x2, l2, b);
    let (d3, b) = sbb(x3, l3, b);
    // b = 1: x < ℓ, keep x.
    let keep = b.wrapping_neg();
    [
        (x0 & keep) | (d0 & !keep),
        (x1 & keep) | (d1 & !keep),
        (x2 & keep) | (d2 & !keep),
        (x3 & keep) | (d3 & !keep),
    ]
}

/// One round of CIOS: `t = (t + a·bi + m·ℓ) / 2⁶⁴` with `m` chosen to clear the low word.
#[inline(always)]
fn round(t: [u64; 5], a: &[u64; 4], bi: u64) -> [u64; 5] {
    let [t0, t1, t2, t3, t4] = t;
    let [a0, a1, a2, a3] = *a;
    let (t0, c) = mac(t0, a0, bi, 0);
    let (t1, c) = mac(t1, a1, bi, c);
    let (t2, c) = mac(t2, a2, bi, c);
    let (t3, c) = mac(t3, a3, bi, c);
    let (t4, t5) = adc(t4, c, 0);
    let m = t0.wrapping_mul(L_INV);
    let [l0, l1, l2, l3] = L;
    let (_, c) = mac(t0, m, l0, 0);
    let (r0, c) = mac(t1, m, l1, c);
    let (r1, c) = mac(t2, m, l2, c);
    let (r2, c) = mac(t3, m, l3, c);
    let (r3, c) = adc(t4, c, 0);
    let (r4, _) = adc(t5, c, 0);
    [r0, r1, r2, r3, r4]
}

/// `a·b·2⁻²⁵⁶ mod ℓ` for `a, b < ℓ`.
#[inline(always)]
fn mont_mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let [b0, b1, b2, b3] = *b;
    let t = round([0; 5], a, b0);
    let t = round(t, a, b1);
    let t = round(t, a, b2);
    let [r0, r1, r2, r3, _] = round(t, a, b3);
    // a, b < ℓ < 2²⁵³ keep the result below 2ℓ < 2²⁵⁶: the fifth word is zero.
    reduce_once([r0, r1, r2, r3])
}

/// A scalar in Montgomery form (`a·2²⁵⁶ mod ℓ`), fully reduced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, zeroize::Zeroize)]
pub(crate) struct Mont([u64; 4]);

impl Mont {
    /// Zero.
    pub const ZERO: Mont = Mont([0; 4]);

    /// One (`2²⁵⁶ mod ℓ`).
    pub const ONE: Mont = Mont([
        0xd6ec_3174_8d98_951d,
        0xc6ef_5bf4_737d_cf70,
        0xffff_ffff_ffff_fffe,
        0x0fff_ffff_ffff_ffff,
    ]);

    /// Converts from a (reduced) dalek scalar.
    pub fn from_scalar(s: &Scalar) -> Mont {
        let bytes = s.to_bytes();
        let mut limbs = [0u64; 4];
        for (limb, chunk) in limbs.iter_mut().zip(bytes.chunks_exact(8)) {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            *limb = u64::from_le_bytes(word);
        }
        // `Scalar`s are reduced (< ℓ), as mont_mul requires.
        Mont(mont_mul(&limbs, &R2))
    }

    /// Converts back.
    pub fn to_scalar(self) -> Scalar {
        let plain = mont_mul(&self.0, &[1, 0, 0, 0]);
        let mut bytes = [0u8; 32];
        for (chunk, limb) in bytes.chunks_exact_mut(8).zip(plain) {
            chunk.copy_from_slice(&limb.to_le_bytes());
        }
        // Fully reduced, so this is the identity on the value.
        Scalar::from_bytes_mod_order(bytes)
    }

    /// `self·other`.
    #[inline(always)]
    pub fn mul(&self, other: &Mont) -> Mont {
        Mont(mont_mul(&self.0, &other.0))
    }

    /// `self + other`.
    #[inline(always)]
    pub fn add(&self, other: &Mont) -> Mont {
        let [a0, a1, a2, a3] = self.0;
        let [b0, b1, b2, b3] = other.0;
        let (s0, c) = adc(a0, b0, 0);
        let (s1, c) = adc(a1, b1, c);
        let (s2, c) = adc(a2, b2, c);
        let (s3, _) = adc(a3, b3, c);
        // Both below ℓ < 2²⁵³: no carry out of the top word.
        Mont(reduce_once([s0, s1, s2, s3]))
    }

    /// `self − other`.
    #[inline(always)]
    pub fn sub(&self, other: &Mont) -> Mont {
        let [a0, a1, a2, a3] = self.0;
        let [b0, b1, b2, b3] = other.0;
        let (d0, b) = sbb(a0, b0, 0);
        let (d1, b) = sbb(a1, b1, b);
        let (d2, b) = sbb(a2, b2, b);
        let (d3, b) = sbb(a3, b3, b);
        // On borrow add ℓ back (masked).
        let mask = b.wrapping_neg();
        let [l0, l1, l2, l3] = L;
        let (r0, c) = adc(d0, l0 & mask, 0);
        let (r1, c) = adc(d1, l1 & mask, c);
        let (r2, c) = adc(d2, l2 & mask, c);
        let (r3, _) = adc(d3, l3 & mask, c);
        Mont([r0, r1, r2, r3])
    }
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        clippy::indexing_slicing,
        clippy::arithmetic_side_effects
    )]
    use super::*;
    use alloc::vec::Vec;

    fn scalars() -> impl Iterator<Item = Scalar> {
        let mut x = Scalar::from(0x1234_5678_9abc_def0u64);
        let step = Scalar::from_bytes_mod_order([0x5a; 32]);
        let specials = [Scalar::ZERO, Scalar::ONE, -Scalar::ONE, -Scalar::from(2u64)];
        specials.into_iter().chain((0..200).map(move |_| {
            x = x * step + Scalar::ONE;
            x
        }))
    }

    #[test]
    fn one_is_one() {
        assert_eq!(Mont::ONE, Mont::from_scalar(&Scalar::ONE));
        assert_eq!(Mont::ONE.to_scalar(), Scalar::ONE);
        let x = Mont::from_scalar(&Scalar::from(7u64));
        assert_eq!(x.mul(&Mont::ONE), x);
        assert_ne!(Mont::ONE, Mont::ZERO);
    }

    #[test]
    fn round_trip_and_arithmetic_match_dalek() {
        let all: Vec<Scalar> = scalars().collect();
        for (i, a) in all.iter().enumerate() {
            let ma = Mont::from_scalar(a);
            assert_eq!(ma.to_scalar(), *a);
            for b in all.iter().skip(i).take(20) {
                let mb = Mont::from_scalar(b);
                assert_eq!(ma.mul(&mb).to_scalar(), a * b);
                assert_eq!(ma.add(&mb).to_scalar(), a + b);
                assert_eq!(ma.sub(&mb).to_scalar(), a - b);
                assert_eq!(mb.sub(&ma).to_scalar(), b - a);
            }
        }
        assert_eq!(Mont::ZERO.to_scalar(), Scalar::ZERO);
    }
}
