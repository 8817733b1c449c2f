//! The vector polynomials of the prover (notes: "Proving"), streamed:
//! `l(X) = l₁·X + l₂·X² + l₃·X³`, `r(X) = r₀ + r₁·X + r₃·X³` with
//! `l₁ = a_L + y⁻ⁱ·w_R`, `l₂ = a_O`, `l₃ = s_L`, `r₀ = w_O − yⁱ`, `r₁ = yⁱ·a_R + w_L`, `r₃ = yⁱ·s_R`.
//!
//! The six coefficient vectors are never stored: each pass recomputes them per multiplier from
//! the assignment, the blinding vectors and the weights (a few multiplications per multiplier,
//! against six dense vectors of `n` scalars held at the prover's peak).

use crate::circuit::CircuitError;
use crate::equation::scalar::Mont;
use crate::group::Scalar;
use alloc::vec::Vec;
use zeroize::Zeroize;

/// The coefficients at one multiplier, in Montgomery form (secret; wiped on drop).
///
/// Montgomery form makes each product one multiplication instead of dalek's two plus packing
/// (notes of `equation::scalar`); its arithmetic has no data-dependent branch or table access,
/// as dalek's scalar arithmetic, so it is as constant-time on the witness as the code it replaces.
#[derive(Zeroize)]
#[zeroize(drop)]
struct Coeffs {
    l1: Mont,
    l2: Mont,
    l3: Mont,
    r0: Mont,
    r1: Mont,
    r3: Mont,
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
        let (y, y_inv) = (Mont::from_scalar(&self.y), Mont::from_scalar(&self.y_inv));
        let mut y_i = Mont::from_scalar(&Scalar::ONE);
        let mut y_inv_i = y_i;
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
            let m = Mont::from_scalar;
            let mut secret = [m(al), m(ar)];
            let [al, ar] = &secret;
            let c = Coeffs {
                l1: al.add(&y_inv_i.mul(&m(wr))),
                l2: m(ao),
                l3: m(sl),
                r0: m(wo).sub(&y_i),
                r1: y_i.mul(ar).add(&m(wl)),
                r3: y_i.mul(&m(sr)),
            };
            secret.zeroize();
            f(&c);
            y_i = y_i.mul(&y);
            y_inv_i = y_inv_i.mul(&y_inv);
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
        let mut t = [Mont::ZERO; 7];
        self.for_each(|c| {
            let [_, t1, t2, t3, t4, t5, t6] = &mut t;
            *t1 = t1.add(&c.l1.mul(&c.r0));
            *t2 = t2.add(&c.l1.mul(&c.r1)).add(&c.l2.mul(&c.r0));
            *t3 = t3.add(&c.l2.mul(&c.r1)).add(&c.l3.mul(&c.r0));
            *t4 = t4.add(&c.l1.mul(&c.r3)).add(&c.l3.mul(&c.r1));
            *t5 = t5.add(&c.l2.mul(&c.r3));
            *t6 = t6.add(&c.l3.mul(&c.r3));
        })?;
        let out = t.map(Mont::to_scalar);
        t.zeroize();
        Ok(out)
    }

    /// `l(x)`, `r(x)` padded to `padded` entries (padding: `l = 0`, `r = −yⁱ`).
    pub(super) fn eval(
        &self,
        x: &Scalar,
        padded: usize,
    ) -> Result<(Vec<Scalar>, Vec<Scalar>), CircuitError> {
        let x1 = Mont::from_scalar(x);
        let x2 = x1.mul(&x1);
        let x3 = x2.mul(&x1);
        let mut l = Vec::with_capacity(padded);
        let mut r = Vec::with_capacity(padded);
        self.for_each(|c| {
            l.push(
                c.l1.mul(&x1)
                    .add(&c.l2.mul(&x2))
                    .add(&c.l3.mul(&x3))
                    .to_scalar(),
            );
            r.push(c.r0.add(&c.r1.mul(&x1)).add(&c.r3.mul(&x3)).to_scalar());
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
