//! Monero's fixed points: `G` (the Ed25519 base point), `H` (the amount base) and the vector
//! generators `Gi`, `Hi` of Bulletproofs and Bulletproofs+.
//!
//! Generator `j` of a family is `hash_to_p3(keccak(H ‖ salt ‖ varint(j)))` with the salt
//! `"bulletproof"` or `"bulletproof_plus"`; even `j = 2i` gives `Hi[i]`, odd `j = 2i + 1` gives
//! `Gi[i]`; `64·16 = 1024` of each. They are derived once per process and cached.

use super::error::MoneroError;
use super::hash_to_point::hash_to_p3;
use super::keccak::keccak256;
use super::varint;
use alloc::vec::Vec;
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use std::sync::OnceLock;

/// Bits per output.
pub const BITS: usize = 64;
/// Most outputs in one proof.
pub const MAX_OUTPUTS: usize = 16;
/// Generators per family: `64·16`.
pub const MAX_GENERATORS: usize = BITS * MAX_OUTPUTS;

/// Monero's `H` (`rct::H`), the base of amounts: `8·decompress(keccak(G))`.
pub const H_BYTES: [u8; 32] = [
    0x8b, 0x65, 0x59, 0x70, 0x15, 0x37, 0x99, 0xaf, 0x2a, 0xea, 0xdc, 0x9f, 0xf1, 0xad, 0xd0, 0xea,
    0x6c, 0x72, 0x51, 0xd5, 0x41, 0x54, 0xcf, 0xa9, 0x2c, 0x17, 0x3a, 0x0d, 0xd3, 0x9c, 0x1f, 0x94,
];

/// Which proof system's generators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Original Bulletproofs (`"bulletproof"`).
    Original,
    /// Bulletproofs+ (`"bulletproof_plus"`).
    Plus,
}

impl Family {
    /// The salt between `H` and the index.
    pub fn salt(self) -> &'static [u8] {
        match self {
            Family::Original => b"bulletproof",
            Family::Plus => b"bulletproof_plus",
        }
    }
}

/// The vector generators of one family.
#[derive(Clone, Debug)]
pub struct VectorGens {
    /// `Gi[0..1024]`.
    pub gi: Vec<EdwardsPoint>,
    /// `Hi[0..1024]`.
    pub hi: Vec<EdwardsPoint>,
}

/// `H` as a point.
pub fn h() -> EdwardsPoint {
    static H: OnceLock<Option<EdwardsPoint>> = OnceLock::new();
    H.get_or_init(|| CompressedEdwardsY(H_BYTES).decompress())
        .unwrap_or_default()
}

/// `G` (the Ed25519 base point).
pub fn g() -> EdwardsPoint {
    curve25519_dalek::constants::ED25519_BASEPOINT_POINT
}

/// Generator number `index` of `family` (even: `Hi[index/2]`, odd: `Gi[index/2]`).
pub fn exponent(family: Family, index: u64) -> Option<EdwardsPoint> {
    let key = keccak256(&[&H_BYTES, family.salt(), &varint::encode(index)]);
    hash_to_p3(&key)
}

fn derive(family: Family) -> Option<VectorGens> {
    let mut gi = Vec::with_capacity(MAX_GENERATORS);
    let mut hi = Vec::with_capacity(MAX_GENERATORS);
    for i in 0..MAX_GENERATORS as u64 {
        let even = i.checked_mul(2)?;
        hi.push(exponent(family, even)?);
        gi.push(exponent(family, even.checked_add(1)?)?);
    }
    Some(VectorGens { gi, hi })
}

/// The bases of a family in the verification engine's form (affine Niels): `H`, `G`, then
/// `Gi[0]`, `Hi[0]`, `Gi[1]`, `Hi[1]`, … (what the verifier's equation uses).
pub(crate) struct EngineGens {
    /// The bases.
    pub bases: Vec<bpkit_engine::AffineNiels>,
    /// How many `Gi` (and `Hi`) it holds.
    pub vectors: usize,
}

fn engine_gens(family: Family) -> Option<EngineGens> {
    let gens = vector_gens(family).ok()?;
    let mut points = Vec::with_capacity(gens.gi.len().saturating_mul(2).saturating_add(2));
    let mut push = |p: &EdwardsPoint| -> Option<()> {
        // The bases are public; their canonical encodings decode in the engine as in dalek.
        let e = bpkit_engine::edwards::decode(&p.compress().to_bytes())?;
        points.push(e.to_affine_niels());
        Some(())
    };
    push(&h())?;
    push(&g())?;
    for (gi, hi) in gens.gi.iter().zip(&gens.hi) {
        push(gi)?;
        push(hi)?;
    }
    Some(EngineGens {
        bases: points,
        vectors: gens.gi.len(),
    })
}

/// One value per family, made on first use (`None`: the generators could not be derived).
type PerFamily<T> = (OnceLock<Option<T>>, OnceLock<Option<T>>);

/// `family`'s value in `cells`, made by `make` on first use.
fn cached<T>(
    cells: &'static PerFamily<T>,
    family: Family,
    make: fn(Family) -> Option<T>,
) -> Result<&'static T, MoneroError> {
    let cell = match family {
        Family::Original => &cells.0,
        Family::Plus => &cells.1,
    };
    cell.get_or_init(|| make(family))
        .as_ref()
        .ok_or(MoneroError::Generators)
}

/// The cached bases of `family` in the engine's form (built on first use from [`vector_gens`]).
pub(crate) fn engine_table(family: Family) -> Result<&'static EngineGens, MoneroError> {
    static CELLS: PerFamily<EngineGens> = (OnceLock::new(), OnceLock::new());
    cached(&CELLS, family, engine_gens)
}

/// The cached generators of `family` (derived on first use: 2048 hashes to the curve).
pub fn vector_gens(family: Family) -> Result<&'static VectorGens, MoneroError> {
    static CELLS: PerFamily<VectorGens> = (OnceLock::new(), OnceLock::new());
    cached(&CELLS, family, derive)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;
    use crate::monero::point::decode;

    #[test]
    fn h_is_eight_times_hash_of_g() {
        let g_bytes = g().compress().to_bytes();
        let p = decode(&keccak256(&[&g_bytes])).unwrap().mul_by_cofactor();
        assert_eq!(p.compress().to_bytes(), H_BYTES);
        assert_eq!(h().compress().to_bytes(), H_BYTES);
    }

    #[test]
    fn generators_are_distinct_and_not_identity() {
        let gens = vector_gens(Family::Plus).unwrap();
        assert_eq!(gens.gi.len(), MAX_GENERATORS);
        let mut all: Vec<[u8; 32]> = gens
            .gi
            .iter()
            .chain(&gens.hi)
            .map(|p| p.compress().to_bytes())
            .collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 2 * MAX_GENERATORS);
        assert_eq!(gens.hi[0], exponent(Family::Plus, 0).unwrap());
        assert_eq!(gens.gi[0], exponent(Family::Plus, 1).unwrap());
        assert_ne!(
            exponent(Family::Original, 0).unwrap(),
            exponent(Family::Plus, 0).unwrap()
        );
    }
}
