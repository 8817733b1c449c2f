//! Variable-time Jacobian arithmetic for the public multiplications: `(X, Y, Z)` stands for
//! `(X/Z², Y/Z³)`. Mixed additions cost 8M + 3S and doublings 2M + 5S, against k256's
//! complete formulas (about 12M); the price is explicit branches on the special cases, which is
//! why this is only used on public data.
//!
//! Every stored coordinate has magnitude 1 (k256's lazy reduction: sums are weakly normalized
//! straight away).

use super::{AffinePoint, FieldElement, ProjectivePoint};
use k256::elliptic_curve::sec1::{FromEncodedPoint, ToEncodedPoint};
use k256::EncodedPoint;

/// An affine point as two field elements (magnitude 1).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Affine {
    pub(crate) x: FieldElement,
    pub(crate) y: FieldElement,
}

impl Affine {
    /// The coordinates of a point; `None` for the identity.
    pub(crate) fn from_point(p: &AffinePoint) -> Option<Self> {
        let e = p.to_encoded_point(false);
        let x = Option::<FieldElement>::from(FieldElement::from_bytes(e.x()?))?;
        let y = Option::<FieldElement>::from(FieldElement::from_bytes(e.y()?))?;
        Some(Affine { x, y })
    }

    pub(crate) fn neg(&self) -> Self {
        Affine {
            x: self.x,
            y: self.y.negate(1).normalize_weak(),
        }
    }
}

/// A point in Jacobian coordinates, or the identity.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Jacobian {
    x: FieldElement,
    y: FieldElement,
    z: FieldElement,
    infinity: bool,
}

fn sub(a: &FieldElement, b: &FieldElement) -> FieldElement {
    (*a + b.negate(1)).normalize_weak()
}

fn add(a: &FieldElement, b: &FieldElement) -> FieldElement {
    (*a + b).normalize_weak()
}

impl Jacobian {
    pub(crate) const IDENTITY: Jacobian = Jacobian {
        x: FieldElement::ONE,
        y: FieldElement::ONE,
        z: FieldElement::ZERO,
        infinity: true,
    };

    /// 2·self (dbl-2009-l).
    pub(crate) fn double(&self) -> Jacobian {
        if self.infinity || bool::from(self.y.normalizes_to_zero()) {
            return Jacobian::IDENTITY;
        }
        let a = self.x.square();
        let b = self.y.square();
        let c = b.square();
        let xb = add(&self.x, &b).square();
        let d = sub(&sub(&xb, &a), &c).double().normalize_weak();
        let e = a.mul_single(3).normalize_weak();
        let f = e.square();
        let x3 = sub(&f, &d.double().normalize_weak());
        let y3 = sub(&(e * sub(&d, &x3)), &c.mul_single(8).normalize_weak());
        let z3 = (self.y * self.z).double().normalize_weak();
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
            infinity: false,
        }
    }

    /// self + q for an affine q (madd).
    pub(crate) fn add_affine(&self, q: &Affine) -> Jacobian {
        if self.infinity {
            return Jacobian {
                x: q.x,
                y: q.y,
                z: FieldElement::ONE,
                infinity: false,
            };
        }
        let z1z1 = self.z.square();
        let u2 = q.x * z1z1;
        let s2 = q.y * self.z * z1z1;
        let h = sub(&u2, &self.x);
        let r = sub(&s2, &self.y);
        if bool::from(h.normalizes_to_zero()) {
            return if bool::from(r.normalizes_to_zero()) {
                self.double()
            } else {
                Jacobian::IDENTITY
            };
        }
        self.finish(&h, &r, &self.x, &self.y, &self.z)
    }

    /// x3, y3, z3 from h = u2 − u1, r = s2 − s1 (z3 = zz·h).
    fn finish(
        &self,
        h: &FieldElement,
        r: &FieldElement,
        u1: &FieldElement,
        s1: &FieldElement,
        zz: &FieldElement,
    ) -> Jacobian {
        let hh = h.square();
        let hhh = *h * hh;
        let v = *u1 * hh;
        let x3 = sub(&sub(&r.square(), &hhh), &v.double().normalize_weak());
        let y3 = sub(&(*r * sub(&v, &x3)), &(*s1 * hhh));
        let z3 = *zz * h;
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
            infinity: false,
        }
    }

    /// self + q (add-1998-cmo-2).
    pub(crate) fn add(&self, q: &Jacobian) -> Jacobian {
        if self.infinity {
            return *q;
        }
        if q.infinity {
            return *self;
        }
        let z1z1 = self.z.square();
        let z2z2 = q.z.square();
        let u1 = self.x * z2z2;
        let u2 = q.x * z1z1;
        let s1 = self.y * q.z * z2z2;
        let s2 = q.y * self.z * z1z1;
        let h = sub(&u2, &u1);
        let r = sub(&s2, &s1);
        if bool::from(h.normalizes_to_zero()) {
            return if bool::from(r.normalizes_to_zero()) {
                self.double()
            } else {
                Jacobian::IDENTITY
            };
        }
        let zz = self.z * q.z;
        self.finish(&h, &r, &u1, &s1, &zz)
    }

    /// The point as k256's type. A result off the curve (impossible with correct formulas) is
    /// returned as the base point, never as the identity, so that a verifier cannot be led to
    /// accept by an arithmetic fault.
    pub(crate) fn to_projective(self) -> ProjectivePoint {
        if self.infinity {
            return ProjectivePoint::IDENTITY;
        }
        let Some(zinv) = Option::<FieldElement>::from(self.z.invert()) else {
            return ProjectivePoint::IDENTITY;
        };
        let zinv2 = zinv.square();
        let x = (self.x * zinv2).normalize();
        let y = (self.y * zinv2 * zinv).normalize();
        let e = EncodedPoint::from_affine_coordinates(&x.to_bytes(), &y.to_bytes(), false);
        Option::<AffinePoint>::from(AffinePoint::from_encoded_point(&e))
            .map_or(ProjectivePoint::GENERATOR, ProjectivePoint::from)
    }
}
