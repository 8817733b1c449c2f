//! The vector polynomials of the prover (notes: "Proving"), streamed:
//! `l(X) = l₁·X + l₂·X² + l₃·X³`, `r(X) = r₀ + r₁·X + r₃·X³` with
//! `l₁ = a_L + y⁻ⁱ·w_R`, `l₂ = a_O`, `l₃ = s_L`, `r₀ = w_O − yⁱ`, `r₁ = yⁱ·a_R + w_L`, `r₃ = yⁱ·s_R`.
//!
//! The six coefficient vectors are never stored: each pass recomputes them per multiplier from
//! the assignment, the blinding vectors and the weights (a few multiplications per multiplier,
//! against six dense vectors of `n` scalars held at the prover's peak).

use crate::circuit::CircuitError;
use crate::group::Scalar;
use alloc::vec::Vec;
use zeroize::Zeroize;

/// The coefficients at one multiplier (secret; wiped on drop).
#[derive(Zeroize)]
#[zeroize(drop)]
struct Coeffs {
    l1: Scalar,
    l2: Scalar,
    l3: Scalar,
    r0: Scalar,
    r1: Scalar,
    r3: Scalar,
}

/// What the coefficients are computed from (all borrowed; the blinding vectors of the two phases
/// side by side).
pub(super) struct Sources<'a> {
    pub a_l: &'a [Scalar],
    pub a_r: &'a [Scalar],
    pub a_o: &'a [Scalar],
    pub s_l: [&'a [Scalar]; 2],
    pub s_r: [&'a [Scalar]; 2],
    pub w_l: &'a [Scalar],
    pub w_r: &'a [Scalar],
    pub w_o: &'a [Scalar],
    pub y: Scalar,
    pub y_inv: Scalar,
    /// Multipliers (before padding).
    pub n: usize,
}

impl Sources<'_> {
    /// Calls `f` with the coefficients of every multiplier `i < n`, in order.
    fn for_each(&self, mut f: impl FnMut(&Coeffs)) -> Result<(), CircuitError> {
        let [s_l1, s_l2] = self.s_l;
        let [s_r1, s_r2] = self.s_r;
        let mut y_i = Scalar::ONE;
        let mut y_inv_i = Scalar::ONE;
        let mut count = 0usize;
        let inputs = self
            .a_l
            .iter()
            .zip(self.a_r)
            .zip(self.a_o)
            .zip(s_l1.iter().chain(s_l2))
            .zip(s_r1.iter().chain(s_r2))
            .zip(self.w_l.iter().zip(self.w_r).zip(self.w_o))
            .take(self.n);
        for (((((al, ar), ao), sl), sr), ((wl, wr), wo)) in inputs {
            let c = Coeffs {
                l1: al + y_inv_i * wr,
                l2: *ao,
                l3: *sl,
                r0: wo - y_i,
                r1: y_i * ar + wl,
                r3: y_i * sr,
            };
            f(&c);
            y_i *= self.y;
            y_inv_i *= self.y_inv;
            count = count.saturating_add(1);
        }
        if count == self.n {
            Ok(())
        } else {
            Err(CircuitError::MissingAssignment)
        }
    }

    /// `t₀ … t₆` of `t(X) = ⟨l(X), r(X)⟩` (`t₀ = 0`).
    pub(super) fn t_coefficients(&self) -> Result<[Scalar; 7], CircuitError> {
        let mut t = [Scalar::ZERO; 7];
        self.for_each(|c| {
            let [_, t1, t2, t3, t4, t5, t6] = &mut t;
            *t1 += c.l1 * c.r0;
            *t2 += c.l1 * c.r1 + c.l2 * c.r0;
            *t3 += c.l2 * c.r1 + c.l3 * c.r0;
            *t4 += c.l1 * c.r3 + c.l3 * c.r1;
            *t5 += c.l2 * c.r3;
            *t6 += c.l3 * c.r3;
        })?;
        Ok(t)
    }

    /// `l(x)`, `r(x)` padded to `padded` entries (padding: `l = 0`, `r = −yⁱ`).
    pub(super) fn eval(
        &self,
        x: &Scalar,
        padded: usize,
    ) -> Result<(Vec<Scalar>, Vec<Scalar>), CircuitError> {
        let x2 = x * x;
        let x3 = x2 * x;
        let mut l = Vec::with_capacity(padded);
        let mut r = Vec::with_capacity(padded);
        self.for_each(|c| {
            l.push(c.l1 * x + c.l2 * x2 + c.l3 * x3);
            r.push(c.r0 + c.r1 * x + c.r3 * x3);
        })?;
        let mut y_i = crate::util::scalars::scalar_pow(&self.y, self.n as u64);
        for _ in self.n..padded {
            l.push(Scalar::ZERO);
            r.push(-y_i);
            y_i *= self.y;
        }
        Ok((l, r))
    }
}
