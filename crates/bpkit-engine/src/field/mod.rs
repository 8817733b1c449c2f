//! Arithmetic modulo p = 2²⁵⁵ − 19, portable 64-bit code in radix 2⁵¹ (five limbs).
//!
//! This is the reference model of the engine: every other backend must agree with it bit for bit.
//! Everything here is variable-time (the engine only sees public data).
//!
//! # Limb bounds (lazy reduction)
//! A *reduced* element has every limb below 2⁵¹ + 2¹⁹ (the output of [`Fe::mul`], [`Fe::square`],
//! [`Fe::sub`], [`Fe::neg`] and [`Fe::reduce`]). [`Fe::add`] does not reduce: the sum of two
//! reduced elements has limbs below 2⁵³, of four below 2⁵⁴. [`Fe::mul`] and [`Fe::square`] accept
//! limbs below 2⁵⁴; [`Fe::sub`] accepts a subtrahend with limbs below 2⁵⁵ − 304. The callers in
//! this crate stay within these bounds; the tests run with overflow checks, so an excursion
//! panics there instead of wrapping silently, which is why this module uses plain operators.
#![forbid(unsafe_code)]
#![allow(clippy::arithmetic_side_effects)]

pub mod constants;
pub mod decode_core;
pub(crate) mod pow;

pub use constants::*;
pub use decode_core::{decode_core, DecodeCore};
pub use pow::pow22501;

/// Mask of the low 51 bits.
const MASK: u64 = (1 << 51) - 1;

/// An element of GF(2²⁵⁵ − 19) as five unsigned limbs of (nominally) 51 bits: value = Σ lᵢ·2⁵¹ⁱ.
///
/// Many limb vectors represent the same element; compare canonical encodings ([`Fe::to_bytes`],
/// [`Fe::equals`]), never limbs.
#[derive(Clone, Copy, Debug)]
pub struct Fe(pub(crate) [u64; 5]);

#[inline(always)]
fn m(a: u64, b: u64) -> u128 {
    (a as u128) * (b as u128)
}

impl Fe {
    /// Zero.
    pub const ZERO: Fe = Fe([0; 5]);
    /// One.
    pub const ONE: Fe = Fe([1, 0, 0, 0, 0]);

    /// The element with these limbs (value Σ lᵢ·2⁵¹ⁱ; limbs up to 2⁶⁴ − 1 are accepted and
    /// reduced weakly).
    pub fn from_limbs(limbs: [u64; 5]) -> Fe {
        Fe(limbs).reduce()
    }

    /// The element with these limbs as they are, not reduced: the caller keeps to the module's
    /// limb bounds for the operations it applies (a testing aid for unreduced inputs).
    pub fn from_limbs_unreduced(limbs: [u64; 5]) -> Fe {
        Fe(limbs)
    }

    /// The limbs as stored (not canonical).
    pub fn limbs(&self) -> [u64; 5] {
        self.0
    }

    /// Sum without reduction (see the module's limb bounds).
    #[inline(always)]
    pub fn add(&self, rhs: &Fe) -> Fe {
        let [a0, a1, a2, a3, a4] = self.0;
        let [b0, b1, b2, b3, b4] = rhs.0;
        Fe([a0 + b0, a1 + b1, a2 + b2, a3 + b3, a4 + b4])
    }

    /// Difference, weakly reduced. `rhs` limbs must be below 2⁵⁵ − 304.
    #[inline(always)]
    pub fn sub(&self, rhs: &Fe) -> Fe {
        // 16·p limb by limb: 2⁵⁵ − 304, then 2⁵⁵ − 16 four times.
        let [a0, a1, a2, a3, a4] = self.0;
        let [b0, b1, b2, b3, b4] = rhs.0;
        Fe([
            (a0 + 36028797018963664) - b0,
            (a1 + 36028797018963952) - b1,
            (a2 + 36028797018963952) - b2,
            (a3 + 36028797018963952) - b3,
            (a4 + 36028797018963952) - b4,
        ])
        .reduce()
    }

    /// Negation, weakly reduced.
    #[inline(always)]
    pub fn neg(&self) -> Fe {
        Fe::ZERO.sub(self)
    }

    /// Weak reduction: carries every limb's excess into the next (the top one times 19 into the
    /// bottom). Any limbs in; limbs below 2⁵¹ + 2¹⁸ out.
    #[inline(always)]
    pub fn reduce(self) -> Fe {
        let [l0, l1, l2, l3, l4] = self.0;
        let c0 = l0 >> 51;
        let c1 = l1 >> 51;
        let c2 = l2 >> 51;
        let c3 = l3 >> 51;
        let c4 = l4 >> 51;
        Fe([
            (l0 & MASK) + c4 * 19,
            (l1 & MASK) + c0,
            (l2 & MASK) + c1,
            (l3 & MASK) + c2,
            (l4 & MASK) + c3,
        ])
    }

    /// Carries five 128-bit column sums into a reduced element.
    #[inline(always)]
    fn carry_wide(c: [u128; 5]) -> Fe {
        let [c0, mut c1, mut c2, mut c3, mut c4] = c;
        c1 += c0 >> 51;
        let r0 = (c0 as u64) & MASK;
        c2 += c1 >> 51;
        let r1 = (c1 as u64) & MASK;
        c3 += c2 >> 51;
        let r2 = (c2 as u64) & MASK;
        c4 += c3 >> 51;
        let r3 = (c3 as u64) & MASK;
        let r4 = (c4 as u64) & MASK;
        // c4 < 2¹¹⁵ for inputs within bounds, so the carry fits 64 bits; times 19 it may not.
        let t = (r0 as u128) + ((c4 >> 51) * 19);
        let r0 = (t as u64) & MASK;
        let r1 = r1 + ((t >> 51) as u64);
        Fe([r0, r1, r2, r3, r4])
    }

    /// Product, reduced. Inputs' limbs must be below 2⁵⁴.
    #[inline(always)]
    pub fn mul(&self, rhs: &Fe) -> Fe {
        let [a0, a1, a2, a3, a4] = self.0;
        let [b0, b1, b2, b3, b4] = rhs.0;
        let b1_19 = b1 * 19;
        let b2_19 = b2 * 19;
        let b3_19 = b3 * 19;
        let b4_19 = b4 * 19;
        Fe::carry_wide([
            m(a0, b0) + m(a4, b1_19) + m(a3, b2_19) + m(a2, b3_19) + m(a1, b4_19),
            m(a1, b0) + m(a0, b1) + m(a4, b2_19) + m(a3, b3_19) + m(a2, b4_19),
            m(a2, b0) + m(a1, b1) + m(a0, b2) + m(a4, b3_19) + m(a3, b4_19),
            m(a3, b0) + m(a2, b1) + m(a1, b2) + m(a0, b3) + m(a4, b4_19),
            m(a4, b0) + m(a3, b1) + m(a2, b2) + m(a1, b3) + m(a0, b4),
        ])
    }

    /// Square, reduced. Limbs must be below 2⁵⁴.
    #[inline(always)]
    pub fn square(&self) -> Fe {
        let [a0, a1, a2, a3, a4] = self.0;
        let a0_2 = a0 * 2;
        let a1_2 = a1 * 2;
        let a2_2 = a2 * 2;
        let a3_2 = a3 * 2;
        let a3_19 = a3 * 19;
        let a4_19 = a4 * 19;
        Fe::carry_wide([
            m(a0, a0) + m(a1_2, a4_19) + m(a2_2, a3_19),
            m(a0_2, a1) + m(a2_2, a4_19) + m(a3, a3_19),
            m(a0_2, a2) + m(a1, a1) + m(a3_2, a4_19),
            m(a0_2, a3) + m(a1_2, a2) + m(a4, a4_19),
            m(a0_2, a4) + m(a1_2, a3) + m(a2, a2),
        ])
    }

    /// `self^(2^k)` (k squarings; k = 0 returns `self` reduced).
    #[inline(always)]
    pub fn pow2k(&self, k: u32) -> Fe {
        let mut x = self.reduce();
        for _ in 0..k {
            x = x.square();
        }
        x
    }

    /// The canonical little-endian encoding (value fully reduced below p).
    pub fn to_bytes(&self) -> [u8; 32] {
        let [mut l0, mut l1, mut l2, mut l3, mut l4] = self.reduce().0;
        // Now value < 2p. q = 1 exactly when value ≥ p, i.e. value + 19 ≥ 2²⁵⁵.
        let mut q = (l0 + 19) >> 51;
        q = (l1 + q) >> 51;
        q = (l2 + q) >> 51;
        q = (l3 + q) >> 51;
        q = (l4 + q) >> 51;
        // value − q·p = value + 19q − q·2²⁵⁵: add 19q, carry, drop bit 255.
        l0 += 19 * q;
        l1 += l0 >> 51;
        l0 &= MASK;
        l2 += l1 >> 51;
        l1 &= MASK;
        l3 += l2 >> 51;
        l2 &= MASK;
        l4 += l3 >> 51;
        l3 &= MASK;
        l4 &= MASK;
        let w0 = l0 | (l1 << 51);
        let w1 = (l1 >> 13) | (l2 << 38);
        let w2 = (l2 >> 26) | (l3 << 25);
        let w3 = (l3 >> 39) | (l4 << 12);
        let mut out = [0u8; 32];
        for (chunk, w) in out.chunks_exact_mut(8).zip([w0, w1, w2, w3]) {
            chunk.copy_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// The element encoded by `bytes`, ignoring bit 255 (as X25519 does); values p … 2²⁵⁵ − 1
    /// are accepted and reduced. Use [`Fe::from_canonical_bytes`] for strict decoding.
    pub fn from_bytes(bytes: &[u8; 32]) -> Fe {
        let mut w = [0u64; 4];
        for (wi, chunk) in w.iter_mut().zip(bytes.chunks_exact(8)) {
            let mut b = [0u8; 8];
            b.copy_from_slice(chunk);
            *wi = u64::from_le_bytes(b);
        }
        let [w0, w1, w2, w3] = w;
        Fe([
            w0 & MASK,
            ((w0 >> 51) | (w1 << 13)) & MASK,
            ((w1 >> 38) | (w2 << 26)) & MASK,
            ((w2 >> 25) | (w3 << 39)) & MASK,
            (w3 >> 12) & MASK,
        ])
    }

    /// The element encoded by `bytes` if they are its canonical encoding (a value below p, bit
    /// 255 clear); `None` otherwise.
    pub fn from_canonical_bytes(bytes: &[u8; 32]) -> Option<Fe> {
        let fe = Fe::from_bytes(bytes);
        (fe.to_bytes() == *bytes).then_some(fe)
    }

    /// True when the canonical encoding is odd (RFC 9496's IS_NEGATIVE).
    pub fn is_negative(&self) -> bool {
        self.to_bytes()[0] & 1 == 1
    }

    /// True for zero (any representation of it).
    pub fn is_zero(&self) -> bool {
        self.to_bytes() == [0u8; 32]
    }

    /// Equality of the elements (not of the limbs).
    pub fn equals(&self, rhs: &Fe) -> bool {
        self.to_bytes() == rhs.to_bytes()
    }

    /// `|self|`: `self` or `−self`, whichever is non-negative (RFC 9496's CT_ABS, here
    /// variable-time).
    pub fn abs(&self) -> Fe {
        if self.is_negative() {
            self.neg()
        } else {
            self.reduce()
        }
    }

    /// The multiplicative inverse (zero maps to zero): `self^(p−2)`.
    pub fn invert(&self) -> Fe {
        let [(t, a11)] = pow22501([*self]);
        t.pow2k(5).mul(&a11)
    }

    /// `self^((p−5)/8) = self^(2²⁵² − 3)`, the core of the inverse square root.
    pub fn pow_p58(&self) -> Fe {
        let [(t, _)] = pow22501([*self]);
        t.pow2k(2).mul(self)
    }
}

/// `1/√(u/v)` per RFC 9496 (SQRT_RATIO_M1): returns `(was_square, r)` with r non-negative and
/// `r² · v = u` when `u/v` is a square, `r² · v = i·u` (i = √−1) otherwise; `(true, 0)` when
/// u = 0 and `(false, 0)` when v = 0 ≠ u.
pub fn sqrt_ratio_m1(u: &Fe, v: &Fe) -> (bool, Fe) {
    let v3 = v.square().mul(v);
    let v7 = v3.square().mul(v);
    let r = u.mul(&v3).mul(&u.mul(&v7).pow_p58());
    sqrt_ratio_finish(u, v, r)
}

/// The checks and sign fix of [`sqrt_ratio_m1`] once the candidate
/// `r = u·v³·(u·v⁷)^((p−5)/8)` is known.
pub(crate) fn sqrt_ratio_finish(u: &Fe, v: &Fe, r: Fe) -> (bool, Fe) {
    let check = v.mul(&r.square()).to_bytes();
    let u_neg = u.neg();
    let correct = check == u.to_bytes();
    let flipped = check == u_neg.to_bytes();
    let flipped_i = check == u_neg.mul(&SQRT_M1).to_bytes();
    let r = if flipped || flipped_i {
        r.mul(&SQRT_M1)
    } else {
        r
    };
    (correct || flipped, r.abs())
}
