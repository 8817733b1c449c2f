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
// Arithmetic: counts and indices bounded by the number of digits (≤ 257 per scalar) times the
// number of points, far below usize::MAX; positions ≤ 256.
#![allow(clippy::arithmetic_side_effects)]

use super::wnaf::{self, DIGITS};
use crate::point::{AffineNiels, Extended, Projective, ProjectiveNiels};
use alloc::vec;
use alloc::vec::Vec;

/// wNAF width of dynamic points: tables of 2³ = 8 odd multiples.
pub const DYNAMIC_WIDTH: u32 = 5;

/// Fixed points of one call: their scalars, the table entries (rows of 2ʷ⁻² each), the same
/// entries packed for the four-lane AVX2 formulas (x86-64 tables hold both), and the width w.
pub(crate) struct Fixed<'a> {
    pub scalars: &'a [[u64; 4]],
    pub entries: &'a [AffineNiels],
    #[cfg(target_arch = "x86_64")]
    pub lanes: &'a [crate::point::PackedCached],
    pub width: u32,
}

impl Fixed<'_> {
    /// Entries per row: 2ʷ⁻².
    pub fn row_len(&self) -> usize {
        1usize << self.width.saturating_sub(2)
    }
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

fn is_zero(s: &[u64; 4]) -> bool {
    s.iter().all(|&w| w == 0)
}

/// One addition of Straus's schedule: at digit position `pos`, add `digit`·(point `source`):
/// sources below [`FIXED`] index the dynamic points that have a non-zero scalar (in
/// [`Schedule::dynamic`]'s order), the others (minus [`FIXED`]) the table's rows.
#[derive(Clone, Copy)]
pub(crate) struct Step {
    pub pos: u16,
    pub digit: i16,
    pub source: u32,
}

/// Flag of a fixed point's source index.
pub(crate) const FIXED: u32 = 1 << 31;

/// The additions of one Straus multiplication, highest position first, and the dynamic points
/// with a non-zero scalar (`dynamic`, indices into the caller's points: their tables are built
/// in this order).
pub(crate) struct Schedule {
    pub sorted: Vec<Step>,
    pub dynamic: Vec<usize>,
    /// The highest position with a digit (`None`: the sum is the identity).
    pub top: Option<u16>,
}

/// The non-zero digits of every scalar gathered into one schedule sorted by position
/// (counting sort), so the doubling loop touches only the additions it makes. Dynamic points
/// use width [`DYNAMIC_WIDTH`], fixed ones their table's width.
#[inline(always)]
pub(crate) fn schedule(scalars: &[[u64; 4]], fixed: Option<&Fixed<'_>>) -> Schedule {
    let mut steps: Vec<Step> = Vec::new();
    let mut dynamic: Vec<usize> = Vec::new();
    for (i, s) in scalars.iter().enumerate() {
        if !is_zero(s) {
            let source = dynamic.len() as u32;
            dynamic.push(i);
            wnaf::wnaf_digits(s, DYNAMIC_WIDTH, |pos, digit| {
                steps.push(Step {
                    pos: pos as u16,
                    digit,
                    source,
                })
            });
        }
    }
    if let Some(f) = fixed {
        for (row, s) in f.scalars.iter().enumerate() {
            if !is_zero(s) {
                let source = FIXED | row as u32;
                wnaf::wnaf_digits(s, f.width, |pos, digit| {
                    steps.push(Step {
                        pos: pos as u16,
                        digit,
                        source,
                    })
                });
            }
        }
    }
    let top = steps.iter().map(|s| s.pos).max();
    // Counting sort by position, highest first: start[p] = number of steps above position p.
    let mut start = [0usize; DIGITS + 1];
    for s in &steps {
        if let Some(c) = start.get_mut(DIGITS - 1 - usize::from(s.pos)) {
            *c += 1;
        }
    }
    let mut acc = 0usize;
    for c in start.iter_mut() {
        let n = *c;
        *c = acc;
        acc += n;
    }
    let mut sorted = vec![
        Step {
            pos: 0,
            digit: 0,
            source: 0
        };
        steps.len()
    ];
    for s in &steps {
        if let Some(c) = start.get_mut(DIGITS - 1 - usize::from(s.pos)) {
            if let Some(slot) = sorted.get_mut(*c) {
                *slot = *s;
            }
            *c += 1;
        }
    }
    Schedule {
        sorted,
        dynamic,
        top,
    }
}

/// Σ sᵢ·Pᵢ over the dynamic points plus Σ tⱼ·Qⱼ over the fixed ones (tⱼ paired with row j of the
/// table). The caller checks the lengths (`scalars.len() == points.len()`, fixed scalars no more
/// than the table's rows, both far below 2³¹).
#[inline(always)]
pub(crate) fn straus_body(
    scalars: &[[u64; 4]],
    points: &[AffineNiels],
    fixed: Option<&Fixed<'_>>,
) -> Extended {
    let Schedule {
        sorted,
        dynamic,
        top,
    } = schedule(scalars, fixed);
    let Some(top) = top else {
        return Extended::IDENTITY;
    };
    let tables: Vec<[ProjectiveNiels; 8]> = dynamic
        .iter()
        .filter_map(|&i| points.get(i))
        .map(odd_multiples)
        .collect();
    let mut r = Projective::IDENTITY;
    let mut next = sorted.iter().peekable();
    for i in (0..=top).rev() {
        let mut t = r.double();
        while let Some(step) = next.next_if(|s| s.pos == i) {
            // |digit| is odd and below the table's 2ʷ⁻¹: entry |digit|/2 holds |digit|·P.
            let k = usize::from(step.digit.unsigned_abs() / 2);
            let e = t.to_extended();
            if step.source & FIXED == 0 {
                if let Some(q) = tables.get(step.source as usize).and_then(|tb| tb.get(k)) {
                    t = if step.digit > 0 {
                        e.add_niels_c(q)
                    } else {
                        e.sub_niels_c(q)
                    };
                }
            } else if let Some(q) = fixed.and_then(|f| {
                let row = (step.source & !FIXED) as usize;
                f.entries.get(row * f.row_len() + k)
            }) {
                t = if step.digit > 0 {
                    e.add_affine_c(q)
                } else {
                    e.sub_affine_c(q)
                };
            }
        }
        r = t.to_projective();
    }
    r.to_extended()
}
