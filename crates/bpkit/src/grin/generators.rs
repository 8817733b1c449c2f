//! The generators of secp256k1-zkp's Bulletproofs module as Grin and MWEB build them.

use crate::group::secp256k1::hash::{
    generator_generate, point_from_xy, point_to_xy, Rfc6979HmacSha256, ELEMENTS_H,
};
use crate::group::secp256k1::{AffinePoint, ProjectivePoint};
use alloc::vec::Vec;

/// Number of vector generators Grin creates (`MAX_GENERATORS`): `G_i` are entries `0..128`,
/// `H_i` entries `128..256`.
pub const GENERATOR_COUNT: usize = 256;
/// The largest vector length, hence the largest bit size: 64 (the C module's `MAX_NBITS`).
pub const MAX_VECTOR: usize = GENERATOR_COUNT / 2;

/// `G` (secp256k1's base point, the blinding generator), `H` (the Elements value generator) and
/// the vector generators `G_i`, `H_i`.
#[derive(Clone, Debug)]
pub struct GrinGens {
    /// The blinding generator: secp256k1's standard base point.
    pub g: AffinePoint,
    /// The value generator: Elements' `H`.
    pub h: AffinePoint,
    /// `G_i`, `i < 128`.
    pub gi: Vec<AffinePoint>,
    /// `H_i`, `i < 128`.
    pub hi: Vec<AffinePoint>,
}

impl GrinGens {
    /// Derives every generator (about ten milliseconds): the RFC 6979 HMAC-SHA256 stream keyed
    /// with `G`'s coordinates `x ‖ y`, each 32-byte output mapped by `generator_generate`.
    ///
    /// Returns `None` only if a derivation fails, which does not happen for these inputs (the
    /// C library would abort); the tests check all 256 points against the C module.
    pub fn new() -> Option<Self> {
        let g = ProjectivePoint::GENERATOR.to_affine();
        let h = point_from_xy(&ELEMENTS_H)?;
        let mut rng = Rfc6979HmacSha256::new(&point_to_xy(&g));
        let mut all = Vec::with_capacity(GENERATOR_COUNT);
        for _ in 0..GENERATOR_COUNT {
            all.push(generator_generate(&rng.generate())?);
        }
        let hi = all.split_off(MAX_VECTOR);
        Some(GrinGens { g, h, gi: all, hi })
    }

    /// The generators, built once per process (`std` only).
    #[cfg(feature = "std")]
    pub fn shared() -> Option<&'static GrinGens> {
        static GENS: std::sync::OnceLock<Option<GrinGens>> = std::sync::OnceLock::new();
        GENS.get_or_init(GrinGens::new).as_ref()
    }
}
