//! Proofs that a committed value lies in an arbitrary interval `[a, b)`, `0 ≤ a < b ≤ 2⁶⁴`.
//!
//! Reduction (spec §8): from `C = v·B + γ·B̃` both sides derive
//! `C₁ = C − a·B` (opens to `v − a` with `γ`) and `C₂ = (b − 1)·B − C` (opens to `b − 1 − v`
//! with `−γ`), and the prover shows both in `[0, 2ⁿ)` with one aggregated proof (m = 2).
//! Soundness: if `x = v − a` and `y = b − 1 − v` (mod ℓ) are both below `2ⁿ ≤ 2⁶⁴`, then
//! `x + y ≡ b − 1 − a` with `x + y < 2⁶⁵ < ℓ`, so `x + y = b − 1 − a` over the integers and
//! `v = a + x` with `0 ≤ x ≤ b − 1 − a`: `v ∈ [a, b)`.

use super::{check_bits, RangeProof, RangeStatement};
use crate::commitment::Opening;
use crate::errors::Error;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::{CompressedRistretto, RistrettoPoint, Scalar};
use crate::transcript::TranscriptProtocol;

use alloc::vec::Vec;
use merlin::Transcript;

/// The interval `[a, b)`, with `0 ≤ a < b ≤ 2⁶⁴`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interval {
    a: u64,
    b: u128,
}

const TWO_64: u128 = 1u128 << 64;

impl Interval {
    /// `[a, b)`; fails unless `a < b ≤ 2⁶⁴`.
    pub fn new(a: u64, b: u128) -> Result<Self, Error> {
        if u128::from(a) >= b || b > TWO_64 {
            return Err(Error::InvalidRange);
        }
        Ok(Interval { a, b })
    }

    /// The lower bound `a` (included).
    pub fn lower(&self) -> u64 {
        self.a
    }

    /// The upper bound `b` (excluded).
    pub fn upper(&self) -> u128 {
        self.b
    }

    /// `b − 1 − a`, the width of the interval minus one (fits in 64 bits).
    fn span(&self) -> u64 {
        u64::try_from(self.b.saturating_sub(1).saturating_sub(u128::from(self.a)))
            .unwrap_or(u64::MAX)
    }

    /// `b − 1` (fits in 64 bits).
    fn last(&self) -> u64 {
        u64::try_from(self.b.saturating_sub(1)).unwrap_or(u64::MAX)
    }

    /// The smallest bit size `n` whose proofs can cover this interval (`b − 1 − a < 2ⁿ`).
    pub fn min_bits(&self) -> usize {
        let span = self.span();
        super::BIT_SIZES
            .into_iter()
            .find(|&n| n >= 64 || span >> n == 0)
            .unwrap_or(64)
    }

    /// True when `value ∈ [a, b)`.
    pub fn contains(&self, value: u64) -> bool {
        value >= self.a && u128::from(value) < self.b
    }

    fn check_bits(&self, n: usize) -> Result<(), Error> {
        check_bits(n)?;
        if n < 64 && self.span() >> n != 0 {
            return Err(Error::InvalidRange);
        }
        Ok(())
    }

    /// Binds the interval and the user's commitment into the transcript.
    pub(crate) fn bind(&self, transcript: &mut Transcript, commitment: &CompressedRistretto) {
        transcript.append_message(b"dom-sep", b"bpkit interval v1");
        transcript.append_u64(b"a", self.a);
        transcript.append_message(b"b", &self.b.to_le_bytes());
        transcript.append_point(b"C", commitment);
    }

    /// `C₁ = C − a·B`, `C₂ = (b − 1)·B − C`. Public inputs only.
    fn derived(&self, c: &RistrettoPoint, pc_gens: &PedersenGens) -> [CompressedRistretto; 2] {
        let c1 = c - pc_gens.b() * Scalar::from(self.a);
        let c2 = pc_gens.b() * Scalar::from(self.last()) - c;
        [c1.compress(), c2.compress()]
    }
}

/// A proof that a commitment opens to a value in an [`Interval`]: an aggregated range proof
/// (m = 2) over the derived commitments; same byte encoding as [`RangeProof`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntervalProof {
    proof: RangeProof,
}

impl IntervalProof {
    /// Proves `opening.value ∈ interval` with `bits`-bit range proofs (see
    /// [`Interval::min_bits`]). Returns the proof and the commitment to `opening`.
    ///
    /// Refuses a value outside the interval with [`Error::ValueOutOfRange`].
    pub fn prove_with_generators<R: rand_core::CryptoRng + ?Sized>(
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
        transcript: &mut Transcript,
        opening: &Opening,
        interval: &Interval,
        bits: usize,
        rng: &mut R,
    ) -> Result<(IntervalProof, CompressedRistretto), Error> {
        interval.check_bits(bits)?;
        // Declassified (feature `ctime`): the outcome of the range check is public (an error).
        if !crate::ctime::declassify_bool(interval.contains(opening.value)) {
            return Err(Error::ValueOutOfRange { index: 0 });
        }
        let commitment = opening.commit_with(pc_gens);
        interval.bind(transcript, &commitment);
        let low = opening.value.saturating_sub(interval.a);
        let high = interval.last().saturating_sub(opening.value);
        let openings = [
            Opening::new(low, opening.blinding),
            Opening::new(high, -opening.blinding),
        ];
        let (proof, _) =
            RangeProof::prove_with_generators(pc_gens, bp_gens, transcript, &openings, bits, rng)?;
        Ok((IntervalProof { proof }, commitment))
    }

    /// [`IntervalProof::prove_with_generators`] with the default generators.
    #[cfg(feature = "std")]
    pub fn prove<R: rand_core::CryptoRng + ?Sized>(
        transcript: &mut Transcript,
        opening: &Opening,
        interval: &Interval,
        bits: usize,
        rng: &mut R,
    ) -> Result<(IntervalProof, CompressedRistretto), Error> {
        let bp_gens = crate::generators::shared(bits, 2);
        Self::prove_with_generators(
            crate::generators::shared_pedersen(),
            &bp_gens,
            transcript,
            opening,
            interval,
            bits,
            rng,
        )
    }

    /// The range-proof statement this proof is checked against.
    pub fn statement(
        pc_gens: &PedersenGens,
        commitment: &CompressedRistretto,
        interval: &Interval,
        bits: usize,
    ) -> Result<RangeStatement, Error> {
        interval.check_bits(bits)?;
        let c = commitment
            .decompress()
            .ok_or(Error::InvalidCommitment { index: 0 })?;
        RangeStatement::new(bits, interval.derived(&c, pc_gens).to_vec())
    }

    /// Verifies that `commitment` opens to a value in `interval`.
    pub fn verify_with_generators(
        &self,
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
        transcript: &mut Transcript,
        commitment: &CompressedRistretto,
        interval: &Interval,
        bits: usize,
    ) -> Result<(), Error> {
        let statement = Self::statement(pc_gens, commitment, interval, bits)?;
        interval.bind(transcript, commitment);
        self.proof
            .verify_with_generators(pc_gens, bp_gens, transcript, &statement)
    }

    /// [`IntervalProof::verify_with_generators`] with the default generators.
    #[cfg(feature = "std")]
    pub fn verify(
        &self,
        transcript: &mut Transcript,
        commitment: &CompressedRistretto,
        interval: &Interval,
        bits: usize,
    ) -> Result<(), Error> {
        let bp_gens = crate::generators::shared(bits, 2);
        self.verify_with_generators(
            crate::generators::shared_pedersen(),
            &bp_gens,
            transcript,
            commitment,
            interval,
            bits,
        )
    }

    /// The underlying aggregated range proof.
    pub fn range_proof(&self) -> &RangeProof {
        &self.proof
    }

    /// The encoding (that of the range proof).
    pub fn to_bytes(&self) -> Vec<u8> {
        self.proof.to_bytes()
    }

    /// Strict decoding; the proof must be for two values.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        Ok(IntervalProof {
            proof: RangeProof::from_bytes(bytes)?,
        })
    }
}
