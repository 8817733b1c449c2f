//! Four field elements in radix 2^25.5 across the lanes of AVX2 vectors.
//!
//! Limb i has weight 2^⌈25.5·i⌉: 26 bits for even i, 25 for odd. In a product the term aᵢ·bⱼ has
//! weight 2^(⌈25.5i⌉ + ⌈25.5j⌉), which is 2^⌈25.5(i+j)⌉ except when i and j are both odd (then
//! twice that), and terms with i + j ≥ 10 wrap around with a factor 19 (2²⁵⁵ ≡ 19).
//!
//! Bounds: a reduced element has limbs below 2²⁶ + 2¹⁸. Multiplication operands are scaled by at
//! most 4 on one side (below 2²⁹) and 19 on the other (below 2³¹), so they fit the 32 bits that
//! `vpmuludq` reads; each product is below 2⁶⁰ and each column of at most ten products below 2⁶⁴.
#![forbid(unsafe_code)]
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
// Indexing: fixed-size arrays of ten limbs with loop bounds that are constants (0..10);
// arithmetic: loop indices below 20.

use crate::field::{DecodeCore, Fe, EDWARDS_D};

use core::arch::x86_64::{
    __m128i, __m256i, _mm256_add_epi64, _mm256_and_si256, _mm256_blend_epi32, _mm256_blendv_epi8,
    _mm256_castsi256_si128, _mm256_cvtepu32_epi64, _mm256_extract_epi64, _mm256_mul_epu32,
    _mm256_permute4x64_epi64, _mm256_permutevar8x32_epi32, _mm256_set1_epi64x, _mm256_set_epi32,
    _mm256_set_epi64x, _mm256_setzero_si256, _mm256_slli_epi64, _mm256_srli_epi64,
    _mm256_sub_epi64,
};

/// Four field elements, limb-sliced: `limbs[i]` holds limb i of each of the four lanes.
#[derive(Clone, Copy)]
pub struct Fe4 {
    limbs: [__m256i; 10],
}

const MASK26: i64 = (1 << 26) - 1;
const MASK25: i64 = (1 << 25) - 1;

impl Fe4 {
    /// Packs four portable elements (weakly reduced first: each radix-2⁵¹ limb splits into a
    /// 26-bit and a 25-bit limb, the latter keeping the small excess).
    #[target_feature(enable = "avx2")]
    pub fn pack(x: &[Fe; 4]) -> Fe4 {
        let l: [[u64; 5]; 4] = [
            x[0].reduce().limbs(),
            x[1].reduce().limbs(),
            x[2].reduce().limbs(),
            x[3].reduce().limbs(),
        ];
        let mut limbs = [_mm256_setzero_si256(); 10];
        for i in 0..5 {
            let lo = |k: usize| (l[k][i] & ((1 << 26) - 1)) as i64;
            let hi = |k: usize| (l[k][i] >> 26) as i64;
            limbs[2 * i] = _mm256_set_epi64x(lo(3), lo(2), lo(1), lo(0));
            limbs[2 * i + 1] = _mm256_set_epi64x(hi(3), hi(2), hi(1), hi(0));
        }
        Fe4 { limbs }
    }

    /// Unpacks to four portable elements (limbs recombined in radix 2⁵¹, weakly reduced).
    #[target_feature(enable = "avx2")]
    pub fn unpack(&self) -> [Fe; 4] {
        let mut out = [[0u64; 5]; 4];
        for i in 0..5 {
            let lo = self.limbs[2 * i];
            let hi = self.limbs[2 * i + 1];
            let lanes_lo = [
                _mm256_extract_epi64::<0>(lo) as u64,
                _mm256_extract_epi64::<1>(lo) as u64,
                _mm256_extract_epi64::<2>(lo) as u64,
                _mm256_extract_epi64::<3>(lo) as u64,
            ];
            let lanes_hi = [
                _mm256_extract_epi64::<0>(hi) as u64,
                _mm256_extract_epi64::<1>(hi) as u64,
                _mm256_extract_epi64::<2>(hi) as u64,
                _mm256_extract_epi64::<3>(hi) as u64,
            ];
            for (o, (l, h)) in out.iter_mut().zip(lanes_lo.iter().zip(&lanes_hi)) {
                // Limbs are below 2²⁶ + 2¹⁷ after a carry, so h << 26 stays below 2⁵².
                o[i] = l + (h << 26);
            }
        }
        [
            Fe::from_limbs(out[0]),
            Fe::from_limbs(out[1]),
            Fe::from_limbs(out[2]),
            Fe::from_limbs(out[3]),
        ]
    }

    /// Carries ten 64-bit columns (each below 2⁶²) into limbs below 2²⁶ + 2¹⁷.
    ///
    /// Two rounds of carries computed for all limbs at once (a short dependency chain, unlike a
    /// sequential carry): after the first every limb is below 2²⁶ + 2⁴³, after the second below
    /// 2²⁶ + 2¹⁷. Limb 9's carry re-enters limb 0 times 19 (as 16c + 2c + c: it may exceed the
    /// 32 bits that `vpmuludq` reads).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn carry(z: [__m256i; 10]) -> Fe4 {
        Fe4 {
            limbs: carry_round(carry_round(z)),
        }
    }

    /// Lane-wise product.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn mul(&self, rhs: &Fe4) -> Fe4 {
        Fe4::carry(mul_columns!(self.limbs, rhs.limbs))
    }

    /// The limb vectors, for products expanded in a caller (`mul_columns!` in
    /// `super::parallel`: a call to [`Fe4::mul`] passes its operands and result through memory).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn limb_vectors(&self) -> [__m256i; 10] {
        self.limbs
    }

    /// Ten product columns carried into an element (what [`Fe4::mul`] does after its columns).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn from_columns(z: [__m256i; 10]) -> Fe4 {
        Fe4::carry(z)
    }

    /// Lane-wise square (55 products instead of 100).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn square(&self) -> Fe4 {
        Fe4::carry(square_columns!(self.limbs))
    }

    /// Lane-wise sum, carried (limbs below 2²⁶ + 2¹⁷).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn add(&self, rhs: &Fe4) -> Fe4 {
        let mut z = [_mm256_setzero_si256(); 10];
        for (zi, (a, b)) in z.iter_mut().zip(self.limbs.iter().zip(&rhs.limbs)) {
            *zi = _mm256_add_epi64(*a, *b);
        }
        Fe4::carry(z)
    }

    /// Lane-wise difference: `self + 4p − rhs` limb by limb (4p's limbs 2²⁸ − 76, then
    /// 2²⁷ − 4 and 2²⁸ − 4 alternately exceed any carried limb), carried.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn sub(&self, rhs: &Fe4) -> Fe4 {
        let mut z = [_mm256_setzero_si256(); 10];
        for (i, (zi, (a, b))) in z
            .iter_mut()
            .zip(self.limbs.iter().zip(&rhs.limbs))
            .enumerate()
        {
            *zi = _mm256_sub_epi64(_mm256_add_epi64(*a, _mm256_set1_epi64x(four_p(i))), *b);
        }
        Fe4::carry(z)
    }

    /// Four elements given limb by limb: `limbs[i]` holds limb i of the four lanes (radix
    /// 2^25.5; the caller keeps them within the bounds of the operations it applies).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn from_limb_vectors(limbs: [__m256i; 10]) -> Fe4 {
        Fe4 { limbs }
    }

    /// Lane-wise sum without carries: limbs add (two elements with limbs below 2^26.01 give
    /// limbs below 2^27.01, a valid operand of [`Fe4::mul`] on either side).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn add_nc(&self, rhs: &Fe4) -> Fe4 {
        let mut z = self.limbs;
        for (zi, b) in z.iter_mut().zip(&rhs.limbs) {
            *zi = _mm256_add_epi64(*zi, *b);
        }
        Fe4 { limbs: z }
    }

    /// Lane-wise sum with one round of carries. Inputs' limbs below 2²⁹ give limbs below
    /// 2²⁶ + 2⁴ (limb 0: 2²⁶ + 19·2⁴), that is below 2^26.01 ("carried" below).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn add_c1(&self, rhs: &Fe4) -> Fe4 {
        Fe4 {
            limbs: carry_round(self.add_nc(rhs).limbs),
        }
    }

    /// Lane-wise `self + 4p − rhs` without carries (`rhs` carried, limbs below 2^26.01, which
    /// 4p's limbs 2²⁸ − 76, 2²⁷ − 4, 2²⁸ − 4, … exceed): limbs below `self`'s + 2²⁸. Valid as
    /// the left operand of [`Fe4::mul`] when `self` is carried and the right operand is too.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn sub_nc(&self, rhs: &Fe4) -> Fe4 {
        let mut z = [_mm256_setzero_si256(); 10];
        for (i, (zi, (a, b))) in z
            .iter_mut()
            .zip(self.limbs.iter().zip(&rhs.limbs))
            .enumerate()
        {
            *zi = _mm256_sub_epi64(_mm256_add_epi64(*a, _mm256_set1_epi64x(four_p(i))), *b);
        }
        Fe4 { limbs: z }
    }

    /// Lane-wise difference with one round of carries (`self` limbs below 2²⁸, `rhs`
    /// carried): limbs below 2^26.01 as for [`Fe4::add_c1`].
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn sub_c1(&self, rhs: &Fe4) -> Fe4 {
        Fe4 {
            limbs: carry_round(self.sub_nc(rhs).limbs),
        }
    }

    /// Lane by lane: `if_set` where the lane of `mask` is all ones, `self` where it is zero.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn select(&self, if_set: &Fe4, mask: __m256i) -> Fe4 {
        let mut z = self.limbs;
        for (zi, b) in z.iter_mut().zip(&if_set.limbs) {
            *zi = _mm256_blendv_epi8(*zi, *b, mask);
        }
        Fe4 { limbs: z }
    }

    /// `self^(2^k)`, k ≥ 1.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn pow2k(&self, k: u32) -> Fe4 {
        let mut x = Fe4::carry(square_columns!(self.limbs));
        for _ in 1..k {
            x = Fe4::carry(square_columns!(x.limbs));
        }
        x
    }
}

/// Four lanes of the portable `pow22501`: `(a^(2²⁵⁰ − 1), a¹¹)` for each lane.
#[target_feature(enable = "avx2")]
pub fn pow22501_x4(x: &[Fe; 4]) -> [(Fe, Fe); 4] {
    let a = Fe4::pack(x);
    let t0 = a.square(); // a²
    let t1 = t0.pow2k(2).mul(&a); // a⁹
    let t0 = t0.mul(&t1); // a¹¹
    let t1 = t1.mul(&t0.square()); // a³¹
    let t1 = t1.pow2k(5).mul(&t1); // 2¹⁰ − 1
    let t2 = t1.pow2k(10).mul(&t1); // 2²⁰ − 1
    let t3 = t2.pow2k(20).mul(&t2); // 2⁴⁰ − 1
    let t1 = t3.pow2k(10).mul(&t1); // 2⁵⁰ − 1
    let t2 = t1.pow2k(50).mul(&t1); // 2¹⁰⁰ − 1
    let t3 = t2.pow2k(100).mul(&t2); // 2²⁰⁰ − 1
    let hi = t3.pow2k(50).mul(&t1); // 2²⁵⁰ − 1
    let hi = hi.unpack();
    let lo = t0.unpack();
    [
        (hi[0], lo[0]),
        (hi[1], lo[1]),
        (hi[2], lo[2]),
        (hi[3], lo[3]),
    ]
}

/// Lane-wise `(a·b, a², a^(2³))` through the four-lane representation (for differential tests).
#[target_feature(enable = "avx2")]
pub fn ops_x4(a: &[Fe; 4], b: &[Fe; 4]) -> ([Fe; 4], [Fe; 4], [Fe; 4]) {
    let (fa, fb) = (Fe4::pack(a), Fe4::pack(b));
    (
        fa.mul(&fb).unpack(),
        fa.square().unpack(),
        fa.pow2k(3).unpack(),
    )
}

/// The operations [`field_ops9_x4`] returns, in order.
pub const OPS9: usize = 9;

/// Lane-wise `[a + b, a − b, a·b, a², a^(2⁵), a + b (one carry round), a − b (one carry
/// round), (a + b)·b (sum not carried), (a − b)·b (difference not carried)]` through the
/// four-lane representation: every variant the point code uses (for differential tests).
#[target_feature(enable = "avx2")]
pub fn field_ops9_x4(a: &[Fe; 4], b: &[Fe; 4]) -> [[Fe; 4]; OPS9] {
    field_ops9(&Fe4::pack(a), &Fe4::pack(b))
}

/// [`field_ops9_x4`] on lanes given as raw radix-2^25.5 limbs (`[lane][limb]`, each below
/// 2²⁶ + 2¹⁷, the bound of a carried element, which the caller keeps): operands at the limb
/// bounds, which packing never produces.
#[target_feature(enable = "avx2")]
pub fn field_ops9_x4_raw(a: &[[u64; 10]; 4], b: &[[u64; 10]; 4]) -> [[Fe; 4]; OPS9] {
    field_ops9(&Fe4::from_lane_limbs(a), &Fe4::from_lane_limbs(b))
}

/// The operations [`lane_ops_x4_raw`] returns, in order.
pub const LANE_OPS: usize = 5;

/// The lane operations of the parallel point formulas (`super::parallel`) on raw limbs (each
/// below 2²⁶ + 2¹⁷, a carried element's bound, kept by the caller), for differential tests:
/// `[(a − b, a + b, a − b, a + b) carried once, the same uncarried times c, a − b − 2c (8p form)
/// carried once, a through the 32-bit table form, (a₃, b₁, a₁, a₀) by a lane permutation and a
/// blend]`.
#[target_feature(enable = "avx2")]
pub fn lane_ops_x4_raw(
    a: &[[u64; 10]; 4],
    b: &[[u64; 10]; 4],
    c: &[[u64; 10]; 4],
) -> [[Fe; 4]; LANE_OPS] {
    let (fa, fb, fc) = (
        Fe4::from_lane_limbs(a),
        Fe4::from_lane_limbs(b),
        Fe4::from_lane_limbs(c),
    );
    let minus02 = _mm256_set_epi64x(0, -1, 0, -1);
    let mixed = fa.add_or_sub_nc(&fb, minus02);
    [
        mixed.carry_once().unpack(),
        mixed.mul(&fc).unpack(),
        fa.plus_8p_minus(&fb, &fc.add_nc(&fc)).carry_once().unpack(),
        Fe4::expand(&fa.compress()).unpack(),
        fa.permute::<0b00_01_01_11>()
            .blend::<0b0000_1100>(&fb)
            .unpack(),
    ]
}

#[target_feature(enable = "avx2")]
#[inline]
fn field_ops9(fa: &Fe4, fb: &Fe4) -> [[Fe; 4]; OPS9] {
    [
        fa.add(fb).unpack(),
        fa.sub(fb).unpack(),
        fa.mul(fb).unpack(),
        fa.square().unpack(),
        fa.pow2k(5).unpack(),
        fa.add_c1(fb).unpack(),
        fa.sub_c1(fb).unpack(),
        fa.add_nc(fb).mul(fb).unpack(),
        fa.sub_nc(fb).mul(fb).unpack(),
    ]
}

impl Fe4 {
    /// Four elements given lane by lane as raw limbs (`[lane][limb]`; the caller keeps them
    /// within the bounds of the operations it applies).
    #[target_feature(enable = "avx2")]
    fn from_lane_limbs(l: &[[u64; 10]; 4]) -> Fe4 {
        let mut limbs = [_mm256_setzero_si256(); 10];
        for (i, v) in limbs.iter_mut().enumerate() {
            *v = _mm256_set_epi64x(
                l[3][i] as i64,
                l[2][i] as i64,
                l[1][i] as i64,
                l[0][i] as i64,
            );
        }
        Fe4 { limbs }
    }
}

/// Moving elements between lanes, for formulas that keep one point's four coordinates in the
/// four lanes (`super::parallel`).
impl Fe4 {
    /// Lane j of the result is lane `(IMM >> 2j) & 3` of `self` (`vpermq` on every limb).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn permute<const IMM: i32>(&self) -> Fe4 {
        let mut z = self.limbs;
        for zi in z.iter_mut() {
            *zi = _mm256_permute4x64_epi64::<IMM>(*zi);
        }
        Fe4 { limbs: z }
    }

    /// `other`'s 32-bit halves where bit k of `IMM` is set, `self`'s elsewhere (`vpblendd` on
    /// every limb; a 64-bit lane j is bits 2j and 2j + 1).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn blend<const IMM: i32>(&self, other: &Fe4) -> Fe4 {
        let mut z = self.limbs;
        for (zi, b) in z.iter_mut().zip(&other.limbs) {
            *zi = _mm256_blend_epi32::<IMM>(*zi, *b);
        }
        Fe4 { limbs: z }
    }

    /// The zero element in every lane.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn zero() -> Fe4 {
        Fe4 {
            limbs: [_mm256_setzero_si256(); 10],
        }
    }

    /// Lane by lane `self + rhs`, or `self + 4p − rhs` in the lanes set in `minus`, without
    /// carries: with both carried (limbs below 2^26.01), limbs below 2^28.01 (a valid left
    /// operand of [`Fe4::mul`] against a carried right one, and input of [`Fe4::carry_once`]).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn add_or_sub_nc(&self, rhs: &Fe4, minus: __m256i) -> Fe4 {
        let mut z = [_mm256_setzero_si256(); 10];
        for (i, (zi, (a, b))) in z
            .iter_mut()
            .zip(self.limbs.iter().zip(&rhs.limbs))
            .enumerate()
        {
            // rhs, or 4p − rhs in the lanes that subtract, added to self.
            let neg = _mm256_sub_epi64(_mm256_set1_epi64x(four_p(i)), *b);
            *zi = _mm256_add_epi64(*a, _mm256_blendv_epi8(*b, neg, minus));
        }
        Fe4 { limbs: z }
    }

    /// `8p + self − a − b` limb by limb, without carries (8p's limbs 2²⁹ − 152, then 2²⁸ − 8
    /// and 2²⁹ − 8 alternately, exceed the sum of a carried limb and a doubled one): with
    /// `self`, `a` carried and `b`'s limbs below 2^27.01, limbs below 2^29.01.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn plus_8p_minus(&self, a: &Fe4, b: &Fe4) -> Fe4 {
        let mut z = [_mm256_setzero_si256(); 10];
        for (i, (zi, (s, (x, y)))) in z
            .iter_mut()
            .zip(self.limbs.iter().zip(a.limbs.iter().zip(&b.limbs)))
            .enumerate()
        {
            let k = _mm256_set1_epi64x(2 * four_p(i));
            *zi = _mm256_sub_epi64(_mm256_sub_epi64(_mm256_add_epi64(*s, k), *x), *y);
        }
        Fe4 { limbs: z }
    }

    /// One round of carries: limbs below 2^29.1 become limbs below 2^26.01 (carried).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn carry_once(&self) -> Fe4 {
        Fe4 {
            limbs: carry_round(self.limbs),
        }
    }

    /// The four lanes' limbs as 32-bit values, limb by limb (limbs must be carried, so below
    /// 2³²): half the memory of the 64-bit lanes, for tables (see [`Fe4::expand`]).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn compress(&self) -> [__m128i; 10] {
        let even = _mm256_set_epi32(7, 5, 3, 1, 6, 4, 2, 0);
        let mut out = [_mm256_castsi256_si128(_mm256_setzero_si256()); 10];
        for (o, l) in out.iter_mut().zip(&self.limbs) {
            *o = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(*l, even));
        }
        out
    }

    /// The inverse of [`Fe4::compress`].
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn expand(c: &[__m128i; 10]) -> Fe4 {
        let mut limbs = [_mm256_setzero_si256(); 10];
        for (l, x) in limbs.iter_mut().zip(c) {
            *l = _mm256_cvtepu32_epi64(*x);
        }
        Fe4 { limbs }
    }
}

/// Limb i of 4p in radix 2^25.5: 2²⁸ − 76 for limb 0, then 2²⁷ − 4 (odd i) and 2²⁸ − 4 (even i).
#[inline(always)]
fn four_p(i: usize) -> i64 {
    match i {
        0 => (1 << 28) - 76,
        _ if i % 2 == 1 => (1 << 27) - 4,
        _ => (1 << 28) - 4,
    }
}

/// One round of parallel carries: limb i keeps its low 26 (even i) or 25 (odd i) bits and
/// receives the excess of limb i − 1 (limb 0 that of limb 9, times 19).
#[target_feature(enable = "avx2")]
#[inline]
fn carry_round(z: [__m256i; 10]) -> [__m256i; 10] {
    let m26 = _mm256_set1_epi64x(MASK26);
    let m25 = _mm256_set1_epi64x(MASK25);
    let mut c = [_mm256_setzero_si256(); 10];
    let mut out = [_mm256_setzero_si256(); 10];
    for i in 0..10 {
        if i % 2 == 0 {
            c[i] = _mm256_srli_epi64::<26>(z[i]);
            out[i] = _mm256_and_si256(z[i], m26);
        } else {
            c[i] = _mm256_srli_epi64::<25>(z[i]);
            out[i] = _mm256_and_si256(z[i], m25);
        }
    }
    let c9 = c[9];
    let c9_19 = _mm256_add_epi64(
        _mm256_add_epi64(_mm256_slli_epi64::<4>(c9), _mm256_slli_epi64::<1>(c9)),
        c9,
    );
    out[0] = _mm256_add_epi64(out[0], c9_19);
    for i in 1..10 {
        out[i] = _mm256_add_epi64(out[i], c[i - 1]);
    }
    out
}

/// Two four-lane chains in lock step (eight elements): the second chain's squarings fill the
/// latency of the first's.
#[target_feature(enable = "avx2")]
#[inline]
fn pow2k_pair(x: &Fe4, y: &Fe4, k: u32) -> (Fe4, Fe4) {
    let mut x = *x;
    let mut y = *y;
    for _ in 0..k {
        x = Fe4::carry(square_columns!(x.limbs));
        y = Fe4::carry(square_columns!(y.limbs));
    }
    (x, y)
}

/// Eight lanes of the portable `pow22501`, as two interleaved four-lane chains.
#[target_feature(enable = "avx2")]
pub fn pow22501_x8(x: &[Fe; 8]) -> [(Fe, Fe); 8] {
    let [x0, x1, x2, x3, x4, x5, x6, x7] = *x;
    let (a, b) = (Fe4::pack(&[x0, x1, x2, x3]), Fe4::pack(&[x4, x5, x6, x7]));
    let (a2, b2) = pow2k_pair(&a, &b, 1); // x²
    let (a8, b8) = pow2k_pair(&a2, &b2, 2);
    let (a9, b9) = (a8.mul(&a), b8.mul(&b)); // x⁹
    let (a11, b11) = (a2.mul(&a9), b2.mul(&b9)); // x¹¹
    let (a22, b22) = pow2k_pair(&a11, &b11, 1);
    let (a5, b5) = (a9.mul(&a22), b9.mul(&b22)); // 2⁵ − 1
    let (s, t) = pow2k_pair(&a5, &b5, 5);
    let (a10, b10) = (s.mul(&a5), t.mul(&b5)); // 2¹⁰ − 1
    let (s, t) = pow2k_pair(&a10, &b10, 10);
    let (a20, b20) = (s.mul(&a10), t.mul(&b10)); // 2²⁰ − 1
    let (s, t) = pow2k_pair(&a20, &b20, 20);
    let (a40, b40) = (s.mul(&a20), t.mul(&b20)); // 2⁴⁰ − 1
    let (s, t) = pow2k_pair(&a40, &b40, 10);
    let (a50, b50) = (s.mul(&a10), t.mul(&b10)); // 2⁵⁰ − 1
    let (s, t) = pow2k_pair(&a50, &b50, 50);
    let (a100, b100) = (s.mul(&a50), t.mul(&b50)); // 2¹⁰⁰ − 1
    let (s, t) = pow2k_pair(&a100, &b100, 100);
    let (a200, b200) = (s.mul(&a100), t.mul(&b100)); // 2²⁰⁰ − 1
    let (s, t) = pow2k_pair(&a200, &b200, 50);
    let (a250, b250) = (s.mul(&a50), t.mul(&b50)); // 2²⁵⁰ − 1
    let (ha, hb, la, lb) = (a250.unpack(), b250.unpack(), a11.unpack(), b11.unpack());
    [
        (ha[0], la[0]),
        (ha[1], la[1]),
        (ha[2], la[2]),
        (ha[3], la[3]),
        (hb[0], lb[0]),
        (hb[1], lb[1]),
        (hb[2], lb[2]),
        (hb[3], lb[3]),
    ]
}

/// The head of decoding for four lanes of s: `(u₁, u₂, v, w, w³, w⁷)` as in
/// `field::decode_core`.
#[target_feature(enable = "avx2")]
#[inline]
fn decode_head(s: &Fe4, one: &Fe4, d: &Fe4) -> [Fe4; 6] {
    let ss = s.square();
    let u1 = one.sub(&ss);
    let u2 = one.add(&ss);
    let u2_sqr = u2.square();
    // v = −d·u₁² − u₂² = 0 − (d·u₁² + u₂²).
    let v = Fe4::pack(&[Fe::ZERO; 4]).sub(&d.mul(&u1.square()).add(&u2_sqr));
    let w = v.mul(&u2_sqr);
    let w3 = w.square().mul(&w);
    let w7 = w3.square().mul(&w);
    [u1, u2, v, w, w3, w7]
}

/// Eight lanes of `field::decode_core` (the same field elements): the heads and tails in
/// four-lane vectors, the two inverse-square-root chains interleaved.
#[target_feature(enable = "avx2")]
pub fn decode_core_x8(s: &[Fe; 8]) -> [DecodeCore; 8] {
    let [s0, s1, s2, s3, s4, s5, s6, s7] = *s;
    let one = Fe4::pack(&[Fe::ONE; 4]);
    let d = Fe4::pack(&[EDWARDS_D; 4]);
    let [au1, au2, av, aw, aw3, a] = decode_head(&Fe4::pack(&[s0, s1, s2, s3]), &one, &d);
    let [bu1, bu2, bv, bw, bw3, b] = decode_head(&Fe4::pack(&[s4, s5, s6, s7]), &one, &d);
    // (w⁷)^(2²⁵⁰ − 1) as in `pow22501_x8`.
    let (a2, b2) = pow2k_pair(&a, &b, 1);
    let (a8, b8) = pow2k_pair(&a2, &b2, 2);
    let (a9, b9) = (a8.mul(&a), b8.mul(&b));
    let (a11, b11) = (a2.mul(&a9), b2.mul(&b9));
    let (a22, b22) = pow2k_pair(&a11, &b11, 1);
    let (a5, b5) = (a9.mul(&a22), b9.mul(&b22));
    let (x, y) = pow2k_pair(&a5, &b5, 5);
    let (a10, b10) = (x.mul(&a5), y.mul(&b5));
    let (x, y) = pow2k_pair(&a10, &b10, 10);
    let (a20, b20) = (x.mul(&a10), y.mul(&b10));
    let (x, y) = pow2k_pair(&a20, &b20, 20);
    let (a40, b40) = (x.mul(&a20), y.mul(&b20));
    let (x, y) = pow2k_pair(&a40, &b40, 10);
    let (a50, b50) = (x.mul(&a10), y.mul(&b10));
    let (x, y) = pow2k_pair(&a50, &b50, 50);
    let (a100, b100) = (x.mul(&a50), y.mul(&b50));
    let (x, y) = pow2k_pair(&a100, &b100, 100);
    let (a200, b200) = (x.mul(&a100), y.mul(&b100));
    let (x, y) = pow2k_pair(&a200, &b200, 50);
    let (a250, b250) = (x.mul(&a50), y.mul(&b50));
    // (w⁷)^((p−5)/8) = (w⁷)^(2²⁵² − 4)·w⁷, r = w³·that, check = w·r².
    let (x, y) = pow2k_pair(&a250, &b250, 2);
    let (ar, br) = (aw3.mul(&x.mul(&a)), bw3.mul(&y.mul(&b)));
    let (ac, bc) = (aw.mul(&ar.square()), bw.mul(&br.square()));
    let parts = [(au1, au2, av, ar, ac), (bu1, bu2, bv, br, bc)];
    let mut out = [DecodeCore::ZERO; 8];
    for (chunk, (u1, u2, v, r, c)) in out.chunks_exact_mut(4).zip(parts) {
        let (u1, u2, v, r, c) = (u1.unpack(), u2.unpack(), v.unpack(), r.unpack(), c.unpack());
        for (k, o) in chunk.iter_mut().enumerate() {
            *o = DecodeCore {
                u1: u1[k],
                u2: u2[k],
                v: v[k],
                r: r[k],
                check: c[k],
            };
        }
    }
    out
}
