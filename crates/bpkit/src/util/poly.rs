//! Polynomials of the range proof: vector polynomials of degree 1 and scalar ones of degree 2.

use alloc::vec::Vec;
use curve25519_dalek::scalar::Scalar;
use zeroize::Zeroize;

/// `a + b·X` with vector coefficients (secret: zeroized on drop).
#[derive(Clone, Debug, Default, Zeroize)]
#[zeroize(drop)]
pub struct VecPoly1 {
    /// Constant coefficient.
    pub a: Vec<Scalar>,
    /// Coefficient of X.
    pub b: Vec<Scalar>,
}

impl VecPoly1 {
    /// The coefficients `t₀, t₁, t₂` of `⟨self(X), other(X)⟩`, by Karatsuba:
    /// `t₁ = ⟨a₀+b₀, a₁+b₁⟩ − t₀ − t₂`.
    pub fn inner_product(&self, other: &VecPoly1) -> Poly2 {
        let mut t0 = Scalar::ZERO;
        let mut t2 = Scalar::ZERO;
        let mut cross = Scalar::ZERO;
        for (((la, lb), ra), rb) in self.a.iter().zip(&self.b).zip(&other.a).zip(&other.b) {
            t0 += la * ra;
            t2 += lb * rb;
            cross += (la + lb) * (ra + rb);
        }
        Poly2(t0, cross - t0 - t2, t2)
    }

    /// `a + b·x`.
    pub fn eval(&self, x: &Scalar) -> Vec<Scalar> {
        self.a.iter().zip(&self.b).map(|(a, b)| a + b * x).collect()
    }
}

/// `t₀ + t₁·X + t₂·X²` (secret: zeroized on drop).
#[derive(Clone, Copy, Debug, Default, Zeroize)]
pub struct Poly2(pub Scalar, pub Scalar, pub Scalar);

impl Poly2 {
    /// `t₀ + t₁·x + t₂·x²`.
    pub fn eval(&self, x: &Scalar) -> Scalar {
        self.0 + x * (self.1 + x * self.2)
    }
}
