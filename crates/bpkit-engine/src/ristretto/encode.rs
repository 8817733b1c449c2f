//! Ristretto255 encoding (RFC 9496 §4.3.2), variable-time.
#![allow(clippy::arithmetic_side_effects)]

use super::Point;
use crate::field::{sqrt_ratio_m1, Fe, INVSQRT_A_MINUS_D, SQRT_M1};

impl Point {
    /// The canonical 32-byte encoding.
    pub fn encode(&self) -> [u8; 32] {
        let Point(p) = self;
        let u1 = p.z.add(&p.y).mul(&p.z.sub(&p.y));
        let u2 = p.x.mul(&p.y);
        let (_, invsqrt) = sqrt_ratio_m1(&Fe::ONE, &u1.mul(&u2.square()));
        let den1 = invsqrt.mul(&u1);
        let den2 = invsqrt.mul(&u2);
        let z_inv = den1.mul(&den2).mul(&p.t);
        let rotate = p.t.mul(&z_inv).is_negative();
        let (x, y, den_inv) = if rotate {
            (
                p.y.mul(&SQRT_M1),
                p.x.mul(&SQRT_M1),
                den1.mul(&INVSQRT_A_MINUS_D),
            )
        } else {
            (p.x, p.y, den2)
        };
        let y = if x.mul(&z_inv).is_negative() {
            y.neg()
        } else {
            y
        };
        den_inv.mul(&p.z.sub(&y)).abs().to_bytes()
    }
}
