//! Ed25519 encodings (RFC 8032 §5.1.3) decoded as Monero's `ge_frombytes_vartime` decodes them:
//! `y ≥ p` is refused, `x = 0` with the sign bit set is refused, points with a torsion component
//! are accepted (a caller clears it with [`decode_mul8`], Monero's `×8` step). For Monero's
//! range proofs (`bpkit::monero`), whose verification equation then runs on the engine's
//! multiscalar multiplication.
//!
//! With `u = y² − 1`, `v = d·y² + 1` (never 0: `−1/d` is not a square), `x = √(u/v)` if `u/v` is
//! a square (else the encoding is refused), negated when the sign bit asks for an odd `x`.
//!
//! Variable-time: only for public encodings.
#![forbid(unsafe_code)]

use crate::field::{sqrt_ratio_m1, Fe, EDWARDS_D};
use crate::point::Extended;

/// The point encoded by `bytes` with Monero's rules (module docs), or `None`.
pub fn decode(bytes: &[u8; 32]) -> Option<Extended> {
    let sign = bytes.last().is_some_and(|b| b >> 7 == 1);
    let mut y_bytes = *bytes;
    if let Some(top) = y_bytes.last_mut() {
        *top &= 0x7f;
    }
    let y = Fe::from_canonical_bytes(&y_bytes)?;
    let yy = y.square();
    let u = yy.sub(&Fe::ONE);
    let v = EDWARDS_D.mul(&yy).add(&Fe::ONE);
    let (is_square, x) = sqrt_ratio_m1(&u, &v);
    if !is_square || (sign && x.is_zero()) {
        return None;
    }
    // `x` is the non-negative (even) root; the sign bit asks for the odd one.
    let x = if sign { x.neg() } else { x };
    Some(Extended::from_affine(x, y))
}

/// [`decode`] followed by the multiplication by 8 (three doublings): the point in the
/// prime-order subgroup that Monero's verifier uses for every stored proof point.
pub fn decode_mul8(bytes: &[u8; 32]) -> Option<Extended> {
    decode(bytes).map(|p| p.mul_by_pow2(3))
}
