//! The Ristretto255 element: a class of four Edwards points, held as one of them (defined here,
//! with the Edwards forms, so that the backends and the Ristretto codec both stand above it;
//! re-exported as `ristretto::Point`).

use super::{AffineNiels, Extended};

/// An element of the Ristretto255 group, held as one of the four Edwards points of its class.
///
/// Equality ([`PartialEq`], variable-time) is the group's, not equality of coordinates.
#[derive(Clone, Copy, Debug)]
pub struct Point(pub(crate) Extended);

impl Point {
    /// The neutral element.
    pub const IDENTITY: Point = Point(Extended::IDENTITY);

    /// The Edwards representative.
    pub fn edwards(&self) -> &Extended {
        &self.0
    }

    /// Wraps an Edwards point (it stands for its Ristretto class).
    pub fn from_edwards(p: Extended) -> Point {
        Point(p)
    }

    /// True for the neutral element: X = 0 or Y = 0 (the representative lies in the 4-torsion).
    pub fn is_identity(&self) -> bool {
        self.0.x.is_zero() || self.0.y.is_zero()
    }

    /// `self + q`.
    pub fn add(&self, q: &Point) -> Point {
        Point(self.0.add(&q.0))
    }

    /// `−self`.
    pub fn neg(&self) -> Point {
        Point(self.0.neg())
    }

    /// The affine Niels form of the representative, for multiscalar multiplication (free for
    /// decoded points).
    pub fn to_affine_niels(&self) -> AffineNiels {
        self.0.to_affine_niels()
    }
}

impl PartialEq for Point {
    /// RFC 9496's equality: X₁·Y₂ = Y₁·X₂ or Y₁·Y₂ = X₁·X₂.
    fn eq(&self, q: &Point) -> bool {
        let (a, b) = (&self.0, &q.0);
        a.x.mul(&b.y).equals(&a.y.mul(&b.x)) || a.y.mul(&b.y).equals(&a.x.mul(&b.x))
    }
}

impl Eq for Point {}
