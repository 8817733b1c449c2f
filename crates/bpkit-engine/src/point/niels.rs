//! The Niels forms of a point (right operands of additions) and batch normalisation to affine.
#![allow(clippy::arithmetic_side_effects)]

use super::Extended;
use crate::field::{Fe, EDWARDS_D2};
use alloc::vec::Vec;

/// (Y + X, Y − X, Z, 2d·T): a point prepared as the right operand of an addition.
#[derive(Clone, Copy, Debug)]
pub struct ProjectiveNiels {
    pub(crate) y_plus_x: Fe,
    pub(crate) y_minus_x: Fe,
    pub(crate) z: Fe,
    pub(crate) t2d: Fe,
}

/// (y + x, y − x, 2d·x·y): an affine point prepared as the right operand of a mixed addition.
#[derive(Clone, Copy, Debug)]
pub struct AffineNiels {
    pub(crate) y_plus_x: Fe,
    pub(crate) y_minus_x: Fe,
    pub(crate) xy2d: Fe,
}

impl AffineNiels {
    /// The neutral element.
    pub const IDENTITY: AffineNiels = AffineNiels {
        y_plus_x: Fe::ONE,
        y_minus_x: Fe::ONE,
        xy2d: Fe::ZERO,
    };

    /// (y + x, y − x, 2d·x·y) taken as given without any check (a testing aid, as
    /// [`Extended::from_coordinates_unchecked`]).
    #[doc(hidden)]
    pub fn from_coordinates_unchecked(y_plus_x: Fe, y_minus_x: Fe, xy2d: Fe) -> AffineNiels {
        AffineNiels {
            y_plus_x,
            y_minus_x,
            xy2d,
        }
    }

    /// From affine coordinates (x, y) of a point on the curve (one multiplication by 2d·x·y).
    pub(crate) fn from_affine(x: &Fe, y: &Fe, xy: &Fe) -> AffineNiels {
        AffineNiels {
            y_plus_x: y.add(x).reduce(),
            y_minus_x: y.sub(x),
            xy2d: xy.mul(&EDWARDS_D2),
        }
    }

    /// The same point as the right operand of a general addition (Z = 1).
    #[inline(always)]
    pub(crate) fn to_projective_niels(self) -> ProjectiveNiels {
        ProjectiveNiels {
            y_plus_x: self.y_plus_x,
            y_minus_x: self.y_minus_x,
            z: Fe::ONE,
            t2d: self.xy2d,
        }
    }

    /// `−self`.
    pub fn neg(&self) -> AffineNiels {
        AffineNiels {
            y_plus_x: self.y_minus_x,
            y_minus_x: self.y_plus_x,
            xy2d: self.xy2d.neg(),
        }
    }
}

impl Extended {
    /// The affine Niels form: free of inversion when Z is the literal one (decoded points),
    /// otherwise one inversion; use [`batch_to_affine_niels`] for many points.
    pub fn to_affine_niels(&self) -> AffineNiels {
        let zi = if self.z.limbs() == Fe::ONE.limbs() {
            Fe::ONE
        } else {
            self.z.invert()
        };
        let x = self.x.mul(&zi);
        let y = self.y.mul(&zi);
        AffineNiels::from_affine(&x, &y, &x.mul(&y))
    }
}

/// Affine Niels forms of many points with one shared inversion (Montgomery's trick: three
/// multiplications per point plus one inversion). Points whose Z is the literal one skip it.
pub fn batch_to_affine_niels(points: &[Extended]) -> Vec<AffineNiels> {
    // prefix[i] = Z₀·…·Z_{i−1} over the points that need an inversion.
    let mut prefix: Vec<Fe> = Vec::with_capacity(points.len());
    let mut acc = Fe::ONE;
    for p in points {
        prefix.push(acc);
        if p.z.limbs() != Fe::ONE.limbs() {
            acc = acc.mul(&p.z);
        }
    }
    let mut inv = acc.invert();
    let mut out: Vec<AffineNiels> = Vec::with_capacity(points.len());
    // Walk backwards: inv = 1/(Z₀·…·Z_i) at the start of step i.
    for (p, pre) in points.iter().zip(prefix).rev() {
        if p.z.limbs() == Fe::ONE.limbs() {
            out.push(AffineNiels::from_affine(&p.x, &p.y, &p.t));
        } else {
            let zi = inv.mul(&pre);
            inv = inv.mul(&p.z);
            let x = p.x.mul(&zi);
            let y = p.y.mul(&zi);
            out.push(AffineNiels::from_affine(&x, &y, &x.mul(&y)));
        }
    }
    out.reverse();
    out
}
