//! Straus's method with one accumulator in the four lanes (`super::parallel`): the schedule of
//! `msm::straus` (the same digits, the same order), its additions by the parallel formulas, the
//! dynamic points' tables in cached form built by the same formulas. The same group element as
//! `msm::straus::straus_body` (other coordinates).
#![forbid(unsafe_code)]
#![allow(clippy::arithmetic_side_effects)]
// Arithmetic: entry indices row · 2ʷ⁻² + k within the caller's table (rows and widths checked by
// the entry points; far below usize::MAX).

use super::parallel::{cached_factors, odd_multiples, CachedLanes, ExtLanes, Signs};
use crate::msm::straus::{schedule, Fixed, Schedule, FIXED};
use crate::point::{AffineNiels, Extended};
use alloc::vec::Vec;

/// Σ sᵢ·Pᵢ over the dynamic points plus Σ tⱼ·Qⱼ over the fixed ones, as
/// `msm::straus::straus_body` (same contract).
#[target_feature(enable = "avx2,bmi2,adx")]
pub fn straus(scalars: &[[u64; 4]], points: &[AffineNiels], fixed: Option<&Fixed<'_>>) -> Extended {
    let Schedule {
        sorted,
        dynamic,
        top,
    } = schedule(scalars, fixed);
    let Some(top) = top else {
        return Extended::IDENTITY;
    };
    let signs = Signs::new();
    let factors = cached_factors();
    let tables: Vec<[CachedLanes; 8]> = dynamic
        .iter()
        .filter_map(|&i| points.get(i))
        .map(|p| {
            let e = Extended::IDENTITY.add_affine(p);
            odd_multiples(&ExtLanes::pack(&e), &factors, &signs)
        })
        .collect();
    let mut acc = ExtLanes::identity();
    let mut next = sorted.iter().peekable();
    for i in (0..=top).rev() {
        acc = acc.double();
        while let Some(step) = next.next_if(|s| s.pos == i) {
            // |digit| is odd and below the table's 2ʷ⁻¹: entry |digit|/2 holds |digit|·P.
            let k = usize::from(step.digit.unsigned_abs() / 2);
            let minus = step.digit < 0;
            if step.source & FIXED == 0 {
                if let Some(q) = tables.get(step.source as usize).and_then(|tb| tb.get(k)) {
                    acc = acc.add(q, minus, &signs);
                }
            } else if let Some(q) = fixed.and_then(|f| {
                f.lanes
                    .get((step.source & !FIXED) as usize * f.row_len() + k)
            }) {
                acc = acc.add_packed(q, minus, &signs);
            }
        }
    }
    acc.unpack()
}
