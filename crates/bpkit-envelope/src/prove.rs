//! Proving, with the result as an envelope (proof and statement together): the prove side of
//! the facade the bindings share. Every failure here is a refusal to prove
//! ([`crate::Category::Proving`]); nothing is proven.
//!
//! The provers are bpkit's: constant-time in values, blindings and seeds. The openings stay
//! with the caller, who owns (and zeroizes) them.

use crate::claim::Claim;
use crate::error::Failure;
use crate::format::{Envelope, GeneratorSet, Scheme};
use crate::plus_gens::shared_plus_gens;
use crate::transcript::transcript;
use bpkit::plus::{ExtendedOpening, PlusProof, PlusStatement, RecoverySeed};
use bpkit::reexports::rand_core::CryptoRng;
use bpkit::{Interval, IntervalProof, Opening, RangeProof};

/// Proves that every opening's value lies in `[0, 2^bits)` (one aggregated proof for 1 to 64
/// openings, `bits` ∈ {8, 16, 32, 64}).
pub fn range<R: CryptoRng + ?Sized>(
    openings: &[Opening],
    bits: usize,
    label: &str,
    rng: &mut R,
) -> Result<Envelope, Failure> {
    let mut transcript = transcript(label)?;
    let (proof, statement) = RangeProof::prove(&mut transcript, openings, bits, rng)?;
    Ok(Claim::Range {
        proof,
        statement,
        label: label.to_owned(),
    }
    .to_envelope())
}

/// Proves that the opening's value lies in `interval` with `bits`-bit range proofs (at least
/// [`Interval::min_bits`]).
pub fn interval<R: CryptoRng + ?Sized>(
    opening: &Opening,
    interval: Interval,
    bits: usize,
    label: &str,
    rng: &mut R,
) -> Result<Envelope, Failure> {
    let mut transcript = transcript(label)?;
    let (proof, commitment) = IntervalProof::prove(&mut transcript, opening, &interval, bits, rng)?;
    Ok(Claim::Interval {
        proof,
        commitment,
        interval,
        bits,
        label: label.to_owned(),
    }
    .to_envelope())
}

/// Proves with Bulletproofs+ that each opening's value `vⱼ` satisfies
/// `minⱼ ≤ vⱼ < minⱼ + 2^bits` (`minimums`: one per opening, `None` for all 0). The extension
/// degree `k` is the number of blindings of the openings (all alike, 1 to 6). With a `seed`
/// (one opening only), the seed's holder can recover the blindings ([`recover`]); **use a
/// seed for one proof only**.
pub fn plus<R: CryptoRng + ?Sized>(
    openings: &[ExtendedOpening],
    bits: usize,
    minimums: Option<Vec<u64>>,
    generators: GeneratorSet,
    label: &str,
    seed: Option<&RecoverySeed>,
    rng: &mut R,
) -> Result<Envelope, Failure> {
    let k = openings.first().map_or(1, |o| o.blindings.len());
    let gens = shared_plus_gens(generators, k)?;
    let statement = PlusStatement::commit(gens.pedersen(), bits, openings, minimums)?;
    let mut transcript = transcript(label)?;
    let proof = match (seed, openings) {
        (None, _) => PlusProof::prove(&mut transcript, gens, &statement, openings, rng)?,
        (Some(seed), [opening]) => {
            PlusProof::prove_recoverable(&mut transcript, gens, &statement, opening, seed, rng)?
        }
        (Some(_), _) => {
            return Err(bpkit::Error::AggregatedRecovery {
                values: openings.len(),
            }
            .into())
        }
    };
    Ok(Envelope {
        scheme: Scheme::Plus {
            generators,
            minimums: statement.minimums().to_vec(),
        },
        bits,
        label: label.to_owned(),
        commitments: statement.commitments().to_vec(),
        proof: proof.to_bytes(),
    })
}

/// Bulletproofs+ mask recovery from an envelope ([`Claim::recover`]): the opening, returned
/// only if it opens the commitment and the proof verifies.
pub fn recover(
    envelope: &Envelope,
    seed: &RecoverySeed,
    value: u64,
) -> Result<ExtendedOpening, Failure> {
    if !matches!(envelope.scheme, Scheme::Plus { .. }) {
        return Err(crate::EnvelopeError::WrongScheme {
            expected: "bp+",
            found: envelope.scheme.name(),
        }
        .into());
    }
    Claim::from_envelope(envelope)?.recover(seed, value)
}
