//! Four independent points per vector: lane k of every coordinate belongs to point k. This is
//! the form of the bucket additions of Pippenger's method on AVX2 (`super::msm`): four buckets,
//! four additions at once, the same formulas as the portable `Extended::add_affine` and
//! `sub_affine`, operation for operation, so every lane yields the portable coordinates (the same
//! field elements; limbs differ only in radix).
//!
//! Limb bounds (see `field`): coordinates of an [`Ext4`] are *carried* (limbs below 2^26.01),
//! as are those of a [`Niels4`]. In the mixed addition, Y + X (no carry, below 2^27.01) and
//! Y + 4p − X (no carry, below 2^28.01) are left operands of products whose right operands are
//! carried: their columns stay below 2⁶³. The completed coordinates are carried once before their
//! four products.
#![forbid(unsafe_code)]
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
// Indexing: fixed arrays of 30 limbs with constant offsets below 30.

use super::field::Fe4;
use crate::field::Fe;
use crate::point::{AffineNiels, Extended};
use core::arch::x86_64::{__m256i, _mm256_set1_epi64x, _mm256_set_epi64x};

/// An affine Niels point (y + x, y − x, 2d·x·y) as 30 limbs of radix 2^25.5 (ten per
/// coordinate, in that order, then two of padding), each below 2^26.01: the packed form the AVX2
/// bucket pass gathers into lanes. 128 bytes aligned to 64, so one point is exactly two cache
/// lines (at 120 bytes unaligned, a point read in a scattered order touched 2.9 lines on
/// average: the bucket passes over shifted tables read their points in bucket order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct PackedNiels {
    limbs: [u32; 32],
}

impl core::ops::Index<usize> for PackedNiels {
    type Output = u32;
    fn index(&self, i: usize) -> &u32 {
        &self.limbs[i]
    }
}

/// Splits a portable element (weakly reduced first) into ten radix-2^25.5 limbs.
fn split(x: &Fe, out: &mut [u32]) {
    for (i, l) in x.reduce().limbs().iter().enumerate() {
        // A reduced radix-2⁵¹ limb is below 2⁵¹ + 2¹⁸: 26 low bits, and the rest below 2²⁵ + 1.
        if let Some(lo) = out.get_mut(2 * i) {
            *lo = (l & ((1 << 26) - 1)) as u32;
        }
        if let Some(hi) = out.get_mut(2 * i + 1) {
            *hi = (l >> 26) as u32;
        }
    }
}

/// The packed form of an affine Niels point.
pub fn pack_niels(p: &AffineNiels) -> PackedNiels {
    let mut out = [0u32; 32];
    split(&p.y_plus_x, &mut out[0..10]);
    split(&p.y_minus_x, &mut out[10..20]);
    split(&p.xy2d, &mut out[20..30]);
    PackedNiels { limbs: out }
}

/// The affine Niels point of a packed form (the inverse of [`pack_niels`], up to limb radix).
pub fn unpack_niels(p: &PackedNiels) -> AffineNiels {
    let fe = |limbs: &[u32]| -> Fe {
        let mut l = [0u64; 5];
        for (i, li) in l.iter_mut().enumerate() {
            let lo = limbs.get(2 * i).copied().unwrap_or(0);
            let hi = limbs.get(2 * i + 1).copied().unwrap_or(0);
            *li = u64::from(lo) | (u64::from(hi) << 26);
        }
        Fe::from_limbs(l)
    };
    AffineNiels::from_coordinates_unchecked(
        fe(&p.limbs[0..10]),
        fe(&p.limbs[10..20]),
        fe(&p.limbs[20..30]),
    )
}

/// Four affine Niels points, one per lane, signs already applied to y ± x (swapped in negative
/// lanes); the sign of 2d·x·y is applied inside the addition (see [`Ext4::add_affine`]).
#[derive(Clone, Copy)]
pub struct Niels4 {
    y_plus_x: Fe4,
    y_minus_x: Fe4,
    xy2d: Fe4,
}

/// Limb `i` of four packed points, as one vector (lane k from `p[k]`).
#[target_feature(enable = "avx2")]
#[inline]
fn column(p: [&PackedNiels; 4], off: [usize; 4], i: usize) -> __m256i {
    _mm256_set_epi64x(
        p[3][off[3] + i] as i64,
        p[2][off[2] + i] as i64,
        p[1][off[1] + i] as i64,
        p[0][off[0] + i] as i64,
    )
}

impl Niels4 {
    /// Gathers four packed points into lanes; in a lane whose `negative` flag is set, the point's
    /// y + x and y − x are swapped (the first half of negating it).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn gather(p: [&PackedNiels; 4], negative: [bool; 4]) -> Niels4 {
        let plus = negative.map(|n| if n { 10 } else { 0 });
        let minus = negative.map(|n| if n { 0 } else { 10 });
        let xy = [20usize; 4];
        let mut yp = [_mm256_set1_epi64x(0); 10];
        let mut ym = [_mm256_set1_epi64x(0); 10];
        let mut t = [_mm256_set1_epi64x(0); 10];
        for i in 0..10 {
            yp[i] = column(p, plus, i);
            ym[i] = column(p, minus, i);
            t[i] = column(p, xy, i);
        }
        Niels4 {
            y_plus_x: Fe4::from_limb_vectors(yp),
            y_minus_x: Fe4::from_limb_vectors(ym),
            xy2d: Fe4::from_limb_vectors(t),
        }
    }
}

/// Four extended points (X : Y : Z : T), one per lane, every coordinate carried.
#[derive(Clone, Copy)]
pub struct Ext4 {
    x: Fe4,
    y: Fe4,
    z: Fe4,
    t: Fe4,
}

/// A lane mask: all ones in lane k when `flags[k]`.
#[target_feature(enable = "avx2")]
#[inline]
pub fn lane_mask(flags: [bool; 4]) -> __m256i {
    let m = flags.map(|f| if f { -1i64 } else { 0 });
    _mm256_set_epi64x(m[3], m[2], m[1], m[0])
}

impl Ext4 {
    /// The identity (0 : 1 : 1 : 0) in every lane.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn identity() -> Ext4 {
        Ext4::pack(&[Extended::IDENTITY; 4])
    }

    /// Four portable points into lanes.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn pack(p: &[Extended; 4]) -> Ext4 {
        Ext4 {
            x: Fe4::pack(&p.map(|q| q.x)),
            y: Fe4::pack(&p.map(|q| q.y)),
            z: Fe4::pack(&p.map(|q| q.z)),
            t: Fe4::pack(&p.map(|q| q.t)),
        }
    }

    /// The four lanes as portable points (the same field elements).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn unpack(&self) -> [Extended; 4] {
        let (x, y, z, t) = (
            self.x.unpack(),
            self.y.unpack(),
            self.z.unpack(),
            self.t.unpack(),
        );
        [0, 1, 2, 3].map(|k| Extended {
            x: x[k],
            y: y[k],
            z: z[k],
            t: t[k],
        })
    }

    /// `other` in the lanes set in `mask`, `self` elsewhere.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn select(&self, other: &Ext4, mask: __m256i) -> Ext4 {
        Ext4 {
            x: self.x.select(&other.x, mask),
            y: self.y.select(&other.y, mask),
            z: self.z.select(&other.z, mask),
            t: self.t.select(&other.t, mask),
        }
    }

    /// Lane-wise `self ± q`: `+` where `negative` is clear, `−` where it is set (and `q`'s
    /// y ± x were swapped by [`Niels4::gather`]). Operation for operation the portable
    /// `add_affine` / `sub_affine` (7 products), so each lane's coordinates are the portable ones.
    #[target_feature(enable = "avx2")]
    #[inline(never)]
    pub fn add_affine(&self, q: &Niels4, negative: __m256i) -> Ext4 {
        // Left operands uncarried (Y + X below 2^27.01, Y + 4p − X below 2^28.01), right ones
        // carried: columns below 2⁶³.
        let pp = self.y.add_nc(&self.x).mul(&q.y_plus_x);
        let mm = self.y.sub_nc(&self.x).mul(&q.y_minus_x);
        let txy2d = self.t.mul(&q.xy2d);
        let z2 = self.z.add_nc(&self.z);
        // z2 ± 2d·x·y·T: the sign of q's 2d·x·y is the sign of the lane.
        let plus = z2.add_c1(&txy2d);
        let minus = z2.sub_c1(&txy2d);
        let cz = plus.select(&minus, negative);
        let ct = minus.select(&plus, negative);
        let cx = pp.sub_c1(&mm);
        let cy = pp.add_c1(&mm);
        Ext4 {
            x: cx.mul(&ct),
            y: cy.mul(&cz),
            z: cz.mul(&ct),
            t: cx.mul(&cy),
        }
    }
}

impl Ext4 {
    /// Lane-wise `self + q` for two four-lane points (9 products): operation for operation the
    /// portable `Extended::add`, i.e. `add_niels(q.to_projective_niels())`.
    #[target_feature(enable = "avx2")]
    #[inline(never)]
    pub fn add(&self, q: &Ext4, d2: &Fe4) -> Ext4 {
        // q's projective Niels form: Y + X (uncarried), Y − X (carried), Z, 2d·T.
        let q_plus = q.y.add_nc(&q.x);
        let q_minus = q.y.sub_c1(&q.x);
        let q_t2d = q.t.mul(d2);
        // Left operands uncarried (below 2^27.01 and 2^28.01); right ones below 2^27.01: the
        // right operand's 19-fold limbs stay below 2³², every column below 2⁶³.
        let pp = self.y.add_nc(&self.x).mul(&q_plus);
        let mm = self.y.sub_nc(&self.x).mul(&q_minus);
        let tt2d = self.t.mul(&q_t2d);
        let zz = self.z.mul(&q.z);
        let zz2 = zz.add_nc(&zz);
        let cx = pp.sub_c1(&mm);
        let cy = pp.add_c1(&mm);
        let cz = zz2.add_c1(&tt2d);
        let ct = zz2.sub_c1(&tt2d);
        Ext4 {
            x: cx.mul(&ct),
            y: cy.mul(&cz),
            z: cz.mul(&ct),
            t: cx.mul(&cy),
        }
    }
}

/// `lanes + q` lane by lane (general additions), `iterations` times over: a test hook (lane k
/// must equal the portable `Extended::add` repeated).
#[target_feature(enable = "avx2")]
pub fn add_chain(lanes: &[Extended; 4], q: &[Extended; 4], iterations: usize) -> [Extended; 4] {
    let d2 = Fe4::pack(&[crate::field::EDWARDS_D2; 4]);
    let q4 = Ext4::pack(q);
    let mut acc = Ext4::pack(lanes);
    for _ in 0..iterations {
        acc = acc.add(&q4, &d2);
    }
    acc.unpack()
}

/// `lanes ± q` lane by lane, `iterations` times over (a unit of measurement and a test hook:
/// lane k must equal the portable `add_affine` / `sub_affine` repeated).
#[target_feature(enable = "avx2")]
pub fn add_affine_chain(
    lanes: &[Extended; 4],
    q: &[AffineNiels; 4],
    negative: [bool; 4],
    iterations: usize,
) -> [Extended; 4] {
    let packed = q.map(|p| pack_niels(&p));
    let q4 = Niels4::gather([&packed[0], &packed[1], &packed[2], &packed[3]], negative);
    let mask = lane_mask(negative);
    let mut acc = Ext4::pack(lanes);
    for _ in 0..iterations {
        acc = acc.add_affine(&q4, mask);
    }
    acc.unpack()
}

/// One four-lane chain and two portable chains in the same loop (the portable ones in the same
/// compilation, with BMI2/ADX): measures whether the scalar multiplier overlaps the vector one.
#[target_feature(enable = "avx2,bmi2,adx")]
pub fn hybrid_chain(
    lanes: &[Extended; 4],
    scalar: &[Extended; 2],
    q: &AffineNiels,
    iterations: usize,
) -> ([Extended; 4], [Extended; 2]) {
    let packed = pack_niels(q);
    let q4 = Niels4::gather([&packed; 4], [false; 4]);
    let mask = lane_mask([false; 4]);
    let mut acc = Ext4::pack(lanes);
    let [mut a, mut b] = *scalar;
    for _ in 0..iterations {
        acc = acc.add_affine(&q4, mask);
        a = a.add_affine(q);
        b = b.add_affine(q);
    }
    (acc.unpack(), [a, b])
}

/// Measurement aid: four lanes adding the points `order[4s + k]` (lane k, step s) of `points`,
/// `rounds` times over `order` (shows the cost of gathering scattered points).
#[target_feature(enable = "avx2")]
pub fn gather_chain(
    lanes: &[Extended; 4],
    points: &[AffineNiels],
    order: &[u32],
    rounds: usize,
) -> [Extended; 4] {
    let packed: alloc::vec::Vec<PackedNiels> = points.iter().map(pack_niels).collect();
    let identity = pack_niels(&AffineNiels::IDENTITY);
    let mask = lane_mask([false; 4]);
    let mut acc = Ext4::pack(lanes);
    for _ in 0..rounds {
        for quad in order.chunks_exact(4) {
            let p = [0, 1, 2, 3].map(|k| {
                quad.get(k)
                    .and_then(|&i| packed.get(i as usize))
                    .unwrap_or(&identity)
            });
            acc = acc.add_affine(&Niels4::gather(p, [false; 4]), mask);
        }
    }
    acc.unpack()
}
