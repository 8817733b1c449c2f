//! Points of the Edwards curve −x² + y² = 1 + d·x²·y² in the forms the engine needs.
//!
//! - [`Extended`] (X : Y : Z : T) with x = X/Z, y = Y/Z, x·y = T/Z: accumulators;
//! - [`ProjectiveNiels`] (Y + X, Y − X, Z, 2d·T): the right operand of a general addition;
//! - [`AffineNiels`] (y + x, y − x, 2d·x·y): the right operand of a *mixed* addition, one
//!   multiplication cheaper; what multiscalar multiplication adds into its buckets;
//! - `Completed` and `Projective`: intermediate results of additions and doublings;
//! - [`PackedCached`]: (Y − X, Y + X, 2d·T, 2Z) packed for the AVX2 backend's four-lane formulas.
//!
//! The addition formulas are the unified ones of Hisil–Wong–Carter–Dawson (2008) for a = −1. With
//! d not a square they are complete: the identity, equal and opposite points need no special case
//! (the exceptional cases of affine formulas do not arise). Math notes: docs/notes.md.
#![forbid(unsafe_code)]
#![allow(clippy::arithmetic_side_effects)]

mod element;
mod lanes;
mod niels;

pub use element::Point;
pub use lanes::{pack_cached, PackedCached};
pub use niels::{batch_to_affine_niels, AffineNiels, ProjectiveNiels};

use crate::field::Fe;

/// A point in extended twisted Edwards coordinates (X : Y : Z : T), Z ≠ 0, X·Y = Z·T.
#[derive(Clone, Copy, Debug)]
pub struct Extended {
    pub(crate) x: Fe,
    pub(crate) y: Fe,
    pub(crate) z: Fe,
    pub(crate) t: Fe,
}

/// A result of addition or doubling before its last multiplications: x = X/Z, y = Y/T.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Completed {
    x: Fe,
    y: Fe,
    z: Fe,
    t: Fe,
}

/// Projective coordinates (X : Y : Z), enough for repeated doubling.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Projective {
    x: Fe,
    y: Fe,
    z: Fe,
}

impl Extended {
    /// The neutral element (0, 1).
    pub const IDENTITY: Extended = Extended {
        x: Fe::ZERO,
        y: Fe::ONE,
        z: Fe::ONE,
        t: Fe::ZERO,
    };

    /// The coordinates (X, Y, Z, T) as stored (tests compare backends coordinate by coordinate,
    /// by canonical encoding).
    pub fn coordinates(&self) -> [Fe; 4] {
        [self.x, self.y, self.z, self.t]
    }

    /// Four field elements taken as (X, Y, Z, T) without any check, so not necessarily a point
    /// (a testing aid: the addition formulas are polynomials, so backends must agree on any
    /// input, on the curve or not).
    #[doc(hidden)]
    pub fn from_coordinates_unchecked(c: [Fe; 4]) -> Extended {
        let [x, y, z, t] = c;
        Extended { x, y, z, t }
    }

    /// The point with affine coordinates (x, y); the caller guarantees it is on the curve.
    pub(crate) fn from_affine(x: Fe, y: Fe) -> Extended {
        Extended {
            t: x.mul(&y),
            x,
            y,
            z: Fe::ONE,
        }
    }

    /// `self + q` (8 multiplications).
    #[inline(always)]
    pub fn add_niels(&self, q: &ProjectiveNiels) -> Extended {
        self.add_niels_c(q).to_extended()
    }

    /// `self − q`.
    #[inline(always)]
    pub fn sub_niels(&self, q: &ProjectiveNiels) -> Extended {
        self.sub_niels_c(q).to_extended()
    }

    /// `self + q` before its last multiplications (the right operand of Straus's sums).
    #[inline(always)]
    pub(crate) fn add_niels_c(&self, q: &ProjectiveNiels) -> Completed {
        let pp = self.y.add(&self.x).mul(&q.y_plus_x);
        let mm = self.y.sub(&self.x).mul(&q.y_minus_x);
        let tt2d = self.t.mul(&q.t2d);
        let zz = self.z.mul(&q.z);
        let zz2 = zz.add(&zz);
        Completed {
            x: pp.sub(&mm),
            y: pp.add(&mm),
            z: zz2.add(&tt2d),
            t: zz2.sub(&tt2d),
        }
    }

    /// `self − q` before its last multiplications.
    #[inline(always)]
    pub(crate) fn sub_niels_c(&self, q: &ProjectiveNiels) -> Completed {
        let pp = self.y.add(&self.x).mul(&q.y_minus_x);
        let mm = self.y.sub(&self.x).mul(&q.y_plus_x);
        let tt2d = self.t.mul(&q.t2d);
        let zz = self.z.mul(&q.z);
        let zz2 = zz.add(&zz);
        Completed {
            x: pp.sub(&mm),
            y: pp.add(&mm),
            z: zz2.sub(&tt2d),
            t: zz2.add(&tt2d),
        }
    }

    /// `self + q` for an affine `q`, before its last multiplications.
    #[inline(always)]
    pub(crate) fn add_affine_c(&self, q: &AffineNiels) -> Completed {
        let pp = self.y.add(&self.x).mul(&q.y_plus_x);
        let mm = self.y.sub(&self.x).mul(&q.y_minus_x);
        let txy2d = self.t.mul(&q.xy2d);
        let z2 = self.z.add(&self.z);
        Completed {
            x: pp.sub(&mm),
            y: pp.add(&mm),
            z: z2.add(&txy2d),
            t: z2.sub(&txy2d),
        }
    }

    /// `self − q` for an affine `q`, before its last multiplications.
    #[inline(always)]
    pub(crate) fn sub_affine_c(&self, q: &AffineNiels) -> Completed {
        let pp = self.y.add(&self.x).mul(&q.y_minus_x);
        let mm = self.y.sub(&self.x).mul(&q.y_plus_x);
        let txy2d = self.t.mul(&q.xy2d);
        let z2 = self.z.add(&self.z);
        Completed {
            x: pp.sub(&mm),
            y: pp.add(&mm),
            z: z2.sub(&txy2d),
            t: z2.add(&txy2d),
        }
    }

    /// `self + q` for an affine `q` (7 multiplications).
    #[inline(always)]
    pub fn add_affine(&self, q: &AffineNiels) -> Extended {
        self.add_affine_c(q).to_extended()
    }

    /// `self − q` for an affine `q`.
    #[inline(always)]
    pub fn sub_affine(&self, q: &AffineNiels) -> Extended {
        self.sub_affine_c(q).to_extended()
    }

    /// `self + q` for two extended points (9 multiplications).
    #[inline(always)]
    pub fn add(&self, q: &Extended) -> Extended {
        self.add_niels(&q.to_projective_niels())
    }

    /// `−self`.
    pub fn neg(&self) -> Extended {
        Extended {
            x: self.x.neg(),
            y: self.y,
            z: self.z,
            t: self.t.neg(),
        }
    }

    /// `2·self`.
    pub fn double(&self) -> Extended {
        self.to_projective().double().to_extended()
    }

    /// `2ᵏ·self` (k ≥ 0), through projective doublings (the cheapest chain).
    pub fn mul_by_pow2(&self, k: u32) -> Extended {
        if k == 0 {
            return *self;
        }
        let mut p = self.to_projective();
        for _ in 1..k {
            p = p.double().to_projective();
        }
        p.double().to_extended()
    }

    /// The (Y + X, Y − X, Z, 2d·T) form for use as a right operand.
    #[inline(always)]
    pub fn to_projective_niels(&self) -> ProjectiveNiels {
        ProjectiveNiels {
            y_plus_x: self.y.add(&self.x),
            y_minus_x: self.y.sub(&self.x),
            z: self.z,
            t2d: self.t.mul(&crate::field::EDWARDS_D2),
        }
    }

    pub(crate) fn to_projective(self) -> Projective {
        Projective {
            x: self.x,
            y: self.y,
            z: self.z,
        }
    }

    /// The affine coordinates (x, y) (one inversion).
    pub fn to_affine(&self) -> (Fe, Fe) {
        let zi = self.z.invert();
        (self.x.mul(&zi), self.y.mul(&zi))
    }

    /// Equality of Edwards points (not of Ristretto classes): X₁Z₂ = X₂Z₁ and Y₁Z₂ = Y₂Z₁.
    pub fn edwards_eq(&self, q: &Extended) -> bool {
        self.x.mul(&q.z).equals(&q.x.mul(&self.z)) && self.y.mul(&q.z).equals(&q.y.mul(&self.z))
    }

    /// True when the coordinates satisfy the curve equation and X·Y = Z·T (a test helper).
    pub fn is_valid(&self) -> bool {
        let (x, y, z, t) = (&self.x, &self.y, &self.z, &self.t);
        let xx = x.square();
        let yy = y.square();
        let zz = z.square();
        // (−X² + Y²)·Z² = Z⁴ + d·X²·Y²
        let lhs = yy.sub(&xx).mul(&zz);
        let rhs = zz.square().add(&crate::field::EDWARDS_D.mul(&xx).mul(&yy));
        lhs.equals(&rhs) && x.mul(y).equals(&z.mul(t)) && !z.is_zero()
    }
}

impl Completed {
    #[inline(always)]
    pub(crate) fn to_extended(self) -> Extended {
        Extended {
            x: self.x.mul(&self.t),
            y: self.y.mul(&self.z),
            z: self.z.mul(&self.t),
            t: self.x.mul(&self.y),
        }
    }

    #[inline(always)]
    pub(crate) fn to_projective(self) -> Projective {
        Projective {
            x: self.x.mul(&self.t),
            y: self.y.mul(&self.z),
            z: self.z.mul(&self.t),
        }
    }
}

impl Projective {
    /// The neutral element.
    pub(crate) const IDENTITY: Projective = Projective {
        x: Fe::ZERO,
        y: Fe::ONE,
        z: Fe::ONE,
    };

    /// (XZ : YZ : Z² : XY), the same point in extended coordinates (4 multiplications).
    #[inline(always)]
    pub(crate) fn to_extended(self) -> Extended {
        Extended {
            x: self.x.mul(&self.z),
            y: self.y.mul(&self.z),
            z: self.z.square(),
            t: self.x.mul(&self.y),
        }
    }

    /// `2·self` (4 squarings).
    #[inline(always)]
    pub(crate) fn double(&self) -> Completed {
        let xx = self.x.square();
        let yy = self.y.square();
        let zz = self.z.square();
        let zz2 = zz.add(&zz);
        let xpy2 = self.x.add(&self.y).square();
        let yy_plus_xx = yy.add(&xx);
        let yy_minus_xx = yy.sub(&xx);
        Completed {
            x: xpy2.sub(&yy_plus_xx),
            y: yy_plus_xx,
            z: yy_minus_xx,
            t: zz2.sub(&yy_minus_xx),
        }
    }
}
