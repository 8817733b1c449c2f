//! Straus's method (interleaved wNAF): one shared doubling chain from the top digit, and at each
//! position the non-zero digit of every scalar adds (or subtracts) an odd multiple of its point.
//!
//! - *Dynamic* points (from proof bytes) get a table of [`DYNAMIC_WIDTH`]'s odd multiples
//!   P, 3P, …, 15P in projective Niels form, built per call (one doubling, seven additions).
//! - *Fixed* points come with a [`PrecomputedTable`](super::PrecomputedTable): odd multiples up to
//!   (2ʷ⁻¹ − 1)P in affine Niels form, built once, so each of their additions is a mixed one.
//!
//! Cheaper than Pippenger for few points (the model in [`super::cost`] decides); the result is
//! the same group element.

use super::wnaf::{self, DIGITS};
use crate::point::{AffineNiels, Extended, Projective, ProjectiveNiels};
use crate::ristretto::Point;
use alloc::vec::Vec;

/// wNAF width of dynamic points: tables of 2³ = 8 odd multiples.
pub const DYNAMIC_WIDTH: u32 = 5;

/// Fixed points of one call: their scalars, the table entries (`rows` of 2ʷ⁻² each) and the
/// width w.
pub(crate) struct Fixed<'a> {
    pub scalars: &'a [[u64; 4]],
    pub entries: &'a [AffineNiels],
    pub width: u32,
}

/// P, 3P, 5P, …, 15P for an affine P, as right operands of additions.
#[inline(always)]
fn odd_multiples(p: &AffineNiels) -> [ProjectiveNiels; 8] {
    let e = Extended::IDENTITY.add_affine(p);
    let p2 = e.double().to_projective_niels();
    let mut out = [p.to_projective_niels(); 8];
    let mut cur = e;
    for o in out.iter_mut().skip(1) {
        cur = cur.add_niels(&p2);
        *o = cur.to_projective_niels();
    }
    out
}

/// `Σ sᵢ·Pᵢ` always by Straus's method (see [`vartime_msm`](super::vartime_msm), which chooses);
/// for tests and measurements. `None` if the two lists differ in length.
///
/// **Variable-time: only for public scalars.**
pub fn vartime_msm_straus(scalars: &[[u8; 32]], points: &[AffineNiels]) -> Option<Point> {
    if scalars.len() != points.len() {
        return None;
    }
    let words: Vec<[u64; 4]> = scalars.iter().map(super::digits::to_words).collect();
    Some(Point(crate::backend::dispatch::straus(
        &words, points, None,
    )))
}

fn is_zero(s: &[u64; 4]) -> bool {
    s.iter().all(|&w| w == 0)
}

/// Σ sᵢ·Pᵢ over the dynamic points plus Σ tⱼ·Qⱼ over the fixed ones (tⱼ paired with row j of the
/// table). The caller checks the lengths (`scalars.len() == points.len()`, fixed scalars no more
/// than the table's rows).
#[inline(always)]
pub(crate) fn straus_body(
    scalars: &[[u64; 4]],
    points: &[AffineNiels],
    fixed: Option<&Fixed<'_>>,
) -> Extended {
    let mut dynamic: Vec<([i16; DIGITS], [ProjectiveNiels; 8])> = Vec::with_capacity(points.len());
    for (s, p) in scalars.iter().zip(points) {
        if !is_zero(s) {
            dynamic.push((wnaf::wnaf(s, DYNAMIC_WIDTH), odd_multiples(p)));
        }
    }
    let mut stat: Vec<([i16; DIGITS], &[AffineNiels])> = Vec::new();
    if let Some(f) = fixed {
        let row = 1usize << f.width.saturating_sub(2);
        for (s, entries) in f.scalars.iter().zip(f.entries.chunks_exact(row)) {
            if !is_zero(s) {
                stat.push((wnaf::wnaf(s, f.width), entries));
            }
        }
    }
    let top = dynamic
        .iter()
        .map(|(n, _)| n)
        .chain(stat.iter().map(|(n, _)| n))
        .filter_map(wnaf::top)
        .max();
    let Some(top) = top else {
        return Extended::IDENTITY;
    };
    let mut r = Projective::IDENTITY;
    for i in (0..=top).rev() {
        let mut t = r.double();
        for (naf, table) in &dynamic {
            let d = naf.get(i).copied().unwrap_or(0);
            if d != 0 {
                // |d| is odd and below 2⁴: entry |d|/2 holds |d|·P.
                if let Some(q) = table.get(usize::from(d.unsigned_abs() / 2)) {
                    let e = t.to_extended();
                    t = if d > 0 {
                        e.add_niels_c(q)
                    } else {
                        e.sub_niels_c(q)
                    };
                }
            }
        }
        for (naf, table) in &stat {
            let d = naf.get(i).copied().unwrap_or(0);
            if d != 0 {
                if let Some(q) = table.get(usize::from(d.unsigned_abs() / 2)) {
                    let e = t.to_extended();
                    t = if d > 0 {
                        e.add_affine_c(q)
                    } else {
                        e.sub_affine_c(q)
                    };
                }
            }
        }
        r = t.to_projective();
    }
    r.to_extended()
}
