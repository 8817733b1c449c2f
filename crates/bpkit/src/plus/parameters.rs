//! The generators of Bulletproofs+: the value base `B`, the blinding bases `B̃₁ … B̃_k`, and
//! (from [`crate::generators`]) the vector generators `G`, `H`.

use crate::errors::Error;
use crate::group::hash::{bpkit_blinding_bases, tari_masking_base};
use crate::group::msm::FixedBase;
use crate::group::{CompressedRistretto, RistrettoPoint, Scalar};
use alloc::vec::Vec;
use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek::traits::IsIdentity;

/// Largest extension degree `k` (number of blinding factors per commitment).
pub const MAX_EXTENSION: usize = 6;

/// Fails unless `1 ≤ k ≤ 6`.
pub(crate) fn check_extension(k: usize) -> Result<(), Error> {
    if (1..=MAX_EXTENSION).contains(&k) {
        Ok(())
    } else {
        Err(Error::InvalidExtensionDegree(k))
    }
}

/// Extended Pedersen generators: `C = v·B + r₁·B̃₁ + … + r_k·B̃_k`.
///
/// Constant-time tables for every base are built with the generators (about 30 KiB each), so
/// build this once and reuse it.
pub struct ExtendedPedersenGens {
    value: RistrettoPoint,
    value_compressed: CompressedRistretto,
    value_table: FixedBase,
    blinding: Vec<RistrettoPoint>,
    blinding_compressed: Vec<CompressedRistretto>,
    blinding_tables: Vec<FixedBase>,
}

impl ExtendedPedersenGens {
    /// Generators from caller-chosen points: a value base and 1 to 6 blinding bases. They must
    /// be independent generators whose discrete-log relations nobody knows; the identity and
    /// repeated points are refused ([`Error::InvalidGenerators`]).
    pub fn new(value: RistrettoPoint, blinding: Vec<RistrettoPoint>) -> Result<Self, Error> {
        check_extension(blinding.len())?;
        let value_compressed = value.compress();
        let blinding_compressed: Vec<CompressedRistretto> =
            blinding.iter().map(RistrettoPoint::compress).collect();
        let all: Vec<&CompressedRistretto> = core::iter::once(&value_compressed)
            .chain(&blinding_compressed)
            .collect();
        for (i, p) in all.iter().enumerate() {
            if p.is_identity() || all.iter().skip(i.saturating_add(1)).any(|q| q == p) {
                return Err(Error::InvalidGenerators);
            }
        }
        Ok(ExtendedPedersenGens {
            value_table: FixedBase::new(&value),
            blinding_tables: blinding.iter().map(FixedBase::new).collect(),
            value,
            value_compressed,
            blinding,
            blinding_compressed,
        })
    }

    /// bpkit's generators with `k` blinding bases: `B` the Ristretto basepoint, `B̃₁` the core's
    /// (and the `bulletproofs` crate's) blinding base, `B̃ᵢ₊₁ = hash_to_point_SHA3-512(B̃ᵢ)`.
    pub fn bpkit(k: usize) -> Result<Self, Error> {
        check_extension(k)?;
        Self::new(RISTRETTO_BASEPOINT_POINT, bpkit_blinding_bases(k))
    }

    /// `tari_bulletproofs_plus`'s generators with `k` blinding bases: `B` the Ristretto
    /// basepoint, `B̃ᵢ = hash_to_point_SHA3-512("RISTRETTO_MASKING_BASEPOINT_" ‖ i)`.
    pub fn tari(k: usize) -> Result<Self, Error> {
        check_extension(k)?;
        Self::new(
            RISTRETTO_BASEPOINT_POINT,
            (1..=k).map(tari_masking_base).collect(),
        )
    }

    /// The extension degree `k`.
    pub fn extension_degree(&self) -> usize {
        self.blinding.len()
    }

    /// The value base `B`.
    pub fn value_base(&self) -> &RistrettoPoint {
        &self.value
    }

    /// The blinding bases `B̃₁ … B̃_k`.
    pub fn blinding_bases(&self) -> &[RistrettoPoint] {
        &self.blinding
    }

    pub(crate) fn value_compressed(&self) -> &CompressedRistretto {
        &self.value_compressed
    }

    pub(crate) fn blinding_compressed(&self) -> &[CompressedRistretto] {
        &self.blinding_compressed
    }

    /// `s·B` in constant time.
    pub(crate) fn mul_value(&self, s: &Scalar) -> RistrettoPoint {
        self.value_table.mul(s)
    }

    /// `Σ sᵢ·B̃ᵢ` in constant time (over the common length).
    pub(crate) fn mul_blinding(&self, s: &[Scalar]) -> RistrettoPoint {
        self.blinding_tables
            .iter()
            .zip(s)
            .map(|(t, s)| t.mul(s))
            .sum()
    }

    /// `v·B + Σ rᵢ·B̃ᵢ`, in constant time. Fails unless there are exactly `k` blindings.
    pub fn commit(&self, value: &Scalar, blindings: &[Scalar]) -> Result<RistrettoPoint, Error> {
        if blindings.len() != self.blinding.len() {
            return Err(Error::ExtensionMismatch {
                expected: self.blinding.len(),
                found: blindings.len(),
            });
        }
        Ok(self.mul_value(value) + self.mul_blinding(blindings))
    }
}

impl core::fmt::Debug for ExtendedPedersenGens {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ExtendedPedersenGens")
            .field("value", &self.value_compressed)
            .field("blinding", &self.blinding_compressed)
            .finish()
    }
}

/// Bulletproofs+ generators: the extended Pedersen generators, with (under `std`) the verifier's
/// precomputed tables over them and the default vector generators, built on first use.
///
/// Build one per generator set and reuse it: the tables make single-proof verification cheaper.
pub struct PlusGens {
    pedersen: ExtendedPedersenGens,
    #[cfg(feature = "std")]
    tables: [std::sync::OnceLock<Option<crate::group::msm::VartimeTable>>; 4],
    /// The same points' tables on the engine (used where
    /// [`crate::group::engine::tables_preferred`]).
    #[cfg(feature = "std")]
    engine_tables: [std::sync::OnceLock<Option<crate::group::engine::EngineTable>>; 4],
}

/// Proofs of at most this many bits in total (`n·m'`) are verified with precomputed tables;
/// above it, Pippenger's method without tables is faster (the tables no longer fit in cache).
/// Measured with IFMA: at `n·m' = 128` (64 bits, m = 2) the 2.6 MiB table made verification
/// 1.7× slower than Pippenger (3.0 ms against 1.8 ms); at 64 the 1.3 MiB table wins.
#[cfg(feature = "std")]
pub(crate) const TABLE_MAX_BITS: usize = 64;

impl PlusGens {
    /// Wraps extended Pedersen generators.
    pub fn new(pedersen: ExtendedPedersenGens) -> Self {
        PlusGens {
            pedersen,
            #[cfg(feature = "std")]
            tables: Default::default(),
            #[cfg(feature = "std")]
            engine_tables: Default::default(),
        }
    }

    /// bpkit's default generators with `k` blinding bases ([`ExtendedPedersenGens::bpkit`]).
    pub fn bpkit(k: usize) -> Result<Self, Error> {
        Ok(Self::new(ExtendedPedersenGens::bpkit(k)?))
    }

    /// `tari_bulletproofs_plus`'s generators with `k` blinding bases
    /// ([`ExtendedPedersenGens::tari`]).
    pub fn tari(k: usize) -> Result<Self, Error> {
        Ok(Self::new(ExtendedPedersenGens::tari(k)?))
    }

    /// The extended Pedersen generators.
    pub fn pedersen(&self) -> &ExtendedPedersenGens {
        &self.pedersen
    }

    /// The extension degree `k`.
    pub fn extension_degree(&self) -> usize {
        self.pedersen.extension_degree()
    }

    /// The verifier's tables for `n`-bit proofs over the default vector generators, covering the
    /// value base, the blinding bases, then `G`, `H` of each party in turn, for as many parties
    /// as fit [`TABLE_MAX_BITS`]. Built on first use.
    #[cfg(feature = "std")]
    pub(crate) fn table(&self, n: usize) -> Option<&crate::group::msm::VartimeTable> {
        let slot = self.tables.get(Self::table_slot(n)?)?;
        slot.get_or_init(|| {
            let bp = crate::generators::shared(n, Self::table_parties(n));
            Some(crate::group::msm::VartimeTable::new(
                self.table_points(&bp, n)?,
            ))
        })
        .as_ref()
    }

    /// [`PlusGens::table`]'s points in the engine's tables ([`crate::group::engine::EngineTable`];
    /// same order). Built on first use.
    #[cfg(feature = "std")]
    pub(crate) fn engine_table(&self, n: usize) -> Option<&crate::group::engine::EngineTable> {
        let slot = self.engine_tables.get(Self::table_slot(n)?)?;
        slot.get_or_init(|| {
            let bp = crate::generators::shared(n, Self::table_parties(n));
            crate::group::engine::EngineTable::new(self.table_points(&bp, n)?)
        })
        .as_ref()
    }

    /// The tables' slot for `n`-bit proofs (one per bit size).
    #[cfg(feature = "std")]
    fn table_slot(n: usize) -> Option<usize> {
        crate::range_proof::BIT_SIZES.iter().position(|&b| b == n)
    }

    /// Parties covered by the tables of `n`-bit proofs.
    #[cfg(feature = "std")]
    fn table_parties(n: usize) -> usize {
        TABLE_MAX_BITS.checked_div(n).unwrap_or(1).max(1)
    }

    /// The tables' points: the value base, the blinding bases, then `G`, `H` of each party.
    #[cfg(feature = "std")]
    fn table_points<'a>(
        &'a self,
        bp: &'a crate::generators::BulletproofGens,
        n: usize,
    ) -> Option<Vec<&'a RistrettoPoint>> {
        let mut points: Vec<&RistrettoPoint> = Vec::new();
        points.push(&self.pedersen.value);
        points.extend(&self.pedersen.blinding);
        for j in 0..Self::table_parties(n) {
            let (g, h) = bp.party(j, n)?;
            points.extend(g);
            points.extend(h);
        }
        Some(points)
    }
}

impl core::fmt::Debug for PlusGens {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PlusGens")
            .field("pedersen", &self.pedersen)
            .finish()
    }
}
