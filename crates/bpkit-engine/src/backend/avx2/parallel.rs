//! One point per vector: the four coordinates (X : Y : Z : T) of an extended point in the four
//! lanes of an [`Fe4`], with the parallel formulas of Hisil, Wong, Carter and Dawson ("Twisted
//! Edwards curves revisited", 2008, §4), so that an addition is two four-lane multiplications and
//! a doubling one squaring and one multiplication, with lane moves between them. This is the form
//! for Straus's method (`super::straus`): one accumulator, each addition reading one table entry
//! whole, with no gathering of four points into lanes (the bucket passes' form, `super::point`).
//!
//! For a = −1 and k = 2d (the curve −x² + y² = 1 + d·x²y²):
//!
//! - addition of a *cached* point (Y₂ − X₂, Y₂ + X₂, 2d·T₂, 2Z₂):
//!   (A, B, C, D) = (Y₁ − X₁, Y₁ + X₁, T₁, Z₁) ⊙ cached, one lane-wise product;
//!   (E, F, G, H) = (B − A, D − C, D + C, B + A);
//!   (X₃, Y₃, Z₃, T₃) = (E, G, F, E) ⊙ (F, H, G, H), the second product.
//!   Subtracting the cached point instead (its negation is (Y₂ + X₂, Y₂ − X₂, −2d·T₂, 2Z₂))
//!   exchanges the entry's first two lanes (an in-lane shuffle of its 32-bit limbs) and the
//!   signs of C: (E, F, G, H) = (B − A, D + C, D − C, B + A), other lane signs chosen by a mask.
//! - doubling: (A, B, Z², S) = (X₁, Y₁, Z₁, X₁ + Y₁)⊙², then (E, F, G, H) = (S − A − B,
//!   B − A − 2Z², B − A, −A − B) and the same second product (dbl-2008-hwcd with D = −A).
//!
//! Every lane's result is a valid extended representative of the sum (these formulas give other
//! coordinates than the portable ones, the same group element; tests compare group elements).
//!
//! Limb bounds: points and cached points are *carried* (limbs below 2^26.01, see `field`); a
//! product's left operand may have limbs up to 2^28.01 (sums and `4p` differences of carried
//! limbs), its right operand is carried; the (E, F, G, H) vector is carried once before the
//! second product, in which both operands are carried.
#![forbid(unsafe_code)]
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
// Indexing: a fixed array of 40 limbs at offsets 4i + k below 40 (i < 10, k < 4).

use super::field::Fe4;
use crate::field::{Fe, EDWARDS_D2};
use crate::point::Extended;
use crate::point::PackedCached;
use core::arch::x86_64::{
    __m128i, __m256i, _mm256_add_epi64, _mm256_mul_epu32, _mm256_set1_epi64x, _mm256_set_epi64x,
    _mm_set_epi32, _mm_setzero_si128, _mm_shuffle_epi32,
};

/// Lane-select immediates for [`Fe4::permute`]: output lane j takes input lane `(IMM >> 2j) & 3`.
const fn lanes(a: i32, b: i32, c: i32, d: i32) -> i32 {
    a | (b << 2) | (c << 4) | (d << 6)
}

/// [`Fe4::blend`] immediates: the 32-bit halves of the named 64-bit lanes.
const LANE1: i32 = 0b0000_1100;
const LANE2: i32 = 0b0011_0000;
const LANE3: i32 = 0b1100_0000;
const LANES23: i32 = 0b1111_0000;

/// An extended point (X : Y : Z : T), coordinate i in lane i, carried.
#[derive(Clone, Copy)]
pub struct ExtLanes(Fe4);

/// A cached point (Y − X, Y + X, 2d·T, 2Z) in 32-bit limbs (160 bytes; see
/// [`Fe4::compress`]): the form of Straus's table entries.
#[derive(Clone, Copy)]
pub struct CachedLanes([__m128i; 10]);

impl CachedLanes {
    /// A packed entry into vectors.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn load(p: &PackedCached) -> CachedLanes {
        let l = p.limbs();
        let mut out = [_mm_setzero_si128(); 10];
        for (i, o) in out.iter_mut().enumerate() {
            let b = 4 * i;
            *o = _mm_set_epi32(
                l[b + 3] as i32,
                l[b + 2] as i32,
                l[b + 1] as i32,
                l[b] as i32,
            );
        }
        CachedLanes(out)
    }

    /// Lanes 0 and 1 exchanged: (Y + X, Y − X, 2d·T, 2Z), the first half of negating the point
    /// (the sign of 2d·T is taken in the (E, F, G, H) step).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn swapped(&self) -> CachedLanes {
        let mut out = self.0;
        for o in out.iter_mut() {
            *o = _mm_shuffle_epi32::<0b11_10_00_01>(*o);
        }
        CachedLanes(out)
    }
}

/// The lanes that subtract: lane 0 in the first product's left operand; in the (E, F, G, H)
/// step lanes 0 and 1 for an addition, 0 and 2 for a subtraction (where C changes sign).
#[derive(Clone, Copy)]
pub struct Signs {
    first: __m256i,
    add: __m256i,
    sub: __m256i,
}

impl Signs {
    /// The masks, built once per multiplication.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn new() -> Signs {
        Signs {
            first: _mm256_set_epi64x(0, 0, 0, -1),
            add: _mm256_set_epi64x(0, 0, -1, -1),
            sub: _mm256_set_epi64x(0, -1, 0, -1),
        }
    }
}

impl ExtLanes {
    /// The identity (0 : 1 : 1 : 0).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn identity() -> ExtLanes {
        ExtLanes(Fe4::pack(&[Fe::ZERO, Fe::ONE, Fe::ONE, Fe::ZERO]))
    }

    /// A portable point into lanes.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn pack(p: &Extended) -> ExtLanes {
        ExtLanes(Fe4::pack(&[p.x, p.y, p.z, p.t]))
    }

    /// The portable point (the same field elements).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn unpack(&self) -> Extended {
        let [x, y, z, t] = self.0.unpack();
        Extended { x, y, z, t }
    }

    /// `(E, F, G, H) ↦ (E·F, G·H, F·G, E·H)`, the last product of both formulas (`efgh`
    /// uncarried, limbs below 2^29.1).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn finish(efgh: &Fe4) -> ExtLanes {
        let w = efgh.carry_once();
        let lhs = w.permute::<{ lanes(0, 2, 1, 0) }>();
        let rhs = w.permute::<{ lanes(1, 3, 2, 3) }>();
        ExtLanes(lhs.mul(&rhs))
    }

    /// The first product's left operand: (Y, Y, T, Z) ± (X, X, 0, 0) = (Y − X, Y + X, T, Z).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn left(&self, signs: &Signs) -> Fe4 {
        let a = self.0.permute::<{ lanes(1, 1, 3, 2) }>();
        let b = self
            .0
            .permute::<{ lanes(0, 0, 0, 0) }>()
            .blend::<LANES23>(&Fe4::zero());
        a.add_or_sub_nc(&b, signs.first)
    }

    /// From (A, B, C, D) to the sum: (E, F, G, H) = (B, D, D, B) ± (A, C, C, A) with the signs
    /// of an addition or a subtraction, then the second product.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn from_abcd(abcd: &Fe4, minus: bool, signs: &Signs) -> ExtLanes {
        let u = abcd.permute::<{ lanes(1, 3, 3, 1) }>();
        let v = abcd.permute::<{ lanes(0, 2, 2, 0) }>();
        let second = if minus { signs.sub } else { signs.add };
        ExtLanes::finish(&u.add_or_sub_nc(&v, second))
    }

    /// `self + q`, or `self − q` when `minus` (HWCD addition with a cached point).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn add(&self, q: &CachedLanes, minus: bool, signs: &Signs) -> ExtLanes {
        let q = if minus { q.swapped() } else { *q };
        let abcd = self.left(signs).mul(&Fe4::expand(&q.0));
        ExtLanes::from_abcd(&abcd, minus, signs)
    }

    /// [`ExtLanes::add`] with its first product expanded here rather than called: for entries
    /// read from a precomputed table's packed rows (measured faster there, slower for the
    /// dynamic points' tables: the compiler's register allocation differs).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn add_packed(&self, p: &PackedCached, minus: bool, signs: &Signs) -> ExtLanes {
        let left = self.left(signs);
        let q = CachedLanes::load(p);
        let q = if minus { q.swapped() } else { q };
        let right = Fe4::expand(&q.0);
        let abcd = Fe4::from_columns(mul_columns!(left.limb_vectors(), right.limb_vectors()));
        ExtLanes::from_abcd(&abcd, minus, signs)
    }

    /// `2·self` (HWCD doubling).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn double(&self) -> ExtLanes {
        // (X, Y, Z, X + Y), carried, squared: (A, B, Z², S).
        let xyz = self.0.permute::<{ lanes(0, 1, 2, 0) }>();
        let y = Fe4::zero().blend::<LANE3>(&self.0.permute::<{ lanes(1, 1, 1, 1) }>());
        let sq = xyz.add_nc(&y).carry_once().square();
        // (E, F, G, H) = (S, B, B, 0) + 8p − (A, A, A, A) − (B, 2Z², 0, B).
        let first = sq
            .permute::<{ lanes(3, 1, 1, 3) }>()
            .blend::<LANE3>(&Fe4::zero());
        let a = sq.permute::<{ lanes(0, 0, 0, 0) }>();
        let third = sq
            .permute::<{ lanes(1, 2, 1, 1) }>()
            .blend::<LANE2>(&Fe4::zero());
        let third = third.add_nc(&Fe4::zero().blend::<LANE1>(&third));
        ExtLanes::finish(&first.plus_8p_minus(&a, &third))
    }

    /// The cached form (Y − X, Y + X, 2d·T, 2Z), as a table entry.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn to_cached(self, factors: &Fe4) -> CachedLanes {
        let a = self.0.permute::<{ lanes(1, 1, 3, 2) }>();
        let b = self
            .0
            .permute::<{ lanes(0, 0, 0, 0) }>()
            .blend::<LANES23>(&Fe4::zero());
        let minus0 = _mm256_set_epi64x(0, 0, 0, -1);
        CachedLanes(a.add_or_sub_nc(&b, minus0).mul(factors).compress())
    }
}

/// The lane factors (1, 1, 2d, 2) of [`ExtLanes::to_cached`].
#[target_feature(enable = "avx2")]
#[inline]
pub fn cached_factors() -> Fe4 {
    Fe4::pack(&[Fe::ONE, Fe::ONE, EDWARDS_D2, Fe::ONE.add(&Fe::ONE)])
}

/// P, 3P, 5P, …, 15P in cached form, from P in lanes.
#[target_feature(enable = "avx2")]
#[inline]
pub fn odd_multiples(p: &ExtLanes, factors: &Fe4, signs: &Signs) -> [CachedLanes; 8] {
    let p2 = p.double().to_cached(factors);
    let first = p.to_cached(factors);
    let mut out = [first; 8];
    let mut cur = *p;
    for o in out.iter_mut().skip(1) {
        cur = cur.add(&p2, false, signs);
        *o = cur.to_cached(factors);
    }
    out
}

/// `[2p, p + q, p − q, p + q (q affine), p − q (q affine)]` through the lanes (a test hook:
/// each must be the portable result as a group element).
#[target_feature(enable = "avx2")]
pub fn ops(p: &Extended, q: &Extended, qa: &crate::point::AffineNiels) -> [Extended; 5] {
    let signs = Signs::new();
    let factors = cached_factors();
    let pl = ExtLanes::pack(p);
    let qc = ExtLanes::pack(q).to_cached(&factors);
    // The affine point as a precomputed table holds it.
    let qa = crate::point::pack_cached(qa);
    [
        pl.double().unpack(),
        pl.add(&qc, false, &signs).unpack(),
        pl.add(&qc, true, &signs).unpack(),
        pl.add_packed(&qa, false, &signs).unpack(),
        pl.add_packed(&qa, true, &signs).unpack(),
    ]
}
