//! Batch verification of claims of mixed kinds (range, interval, Bulletproofs+ of either
//! generator set, any sizes): one multiscalar multiplication for all of them, the false ones
//! found by bisection, on several threads.

use crate::claim::Claim;
use crate::error::{Category, Failure};
use crate::format::Envelope;
use crate::plus_gens::shared_plus_gens;
use crate::transcript::transcript;
use bpkit::batch::{BatchError, BatchOptions, BatchVerifier};
use bpkit::reexports::rand_core::CryptoRng;

/// The outcome of a batch: every claim that failed, with why, by increasing index.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BatchReport {
    /// `(index, failure)` for each claim that is false or could not be checked, by increasing
    /// index.
    pub failures: Vec<(usize, Failure)>,
}

impl BatchReport {
    /// Whether every claim verified.
    pub fn is_ok(&self) -> bool {
        self.failures.is_empty()
    }

    /// The indices of the false proofs ([`Category::Invalid`]), increasing.
    pub fn invalid(&self) -> Vec<usize> {
        self.failures
            .iter()
            .filter(|(_, f)| f.category() == Category::Invalid)
            .map(|(i, _)| *i)
            .collect()
    }

    /// The first claim that could not be checked (malformed), if any.
    pub fn first_malformed(&self) -> Option<&(usize, Failure)> {
        self.failures
            .iter()
            .find(|(_, f)| f.category() != Category::Invalid)
    }
}

/// How the batch weights are drawn.
enum Weights<'r, R: ?Sized> {
    Random(&'r mut R),
    Deterministic,
}

/// Verifies `claims` in one batch with 128-bit random weights from `rng`, on `threads`
/// threads (0: one per core). Variable-time: every input is public.
pub fn verify_claims<R: CryptoRng + ?Sized>(
    claims: &[Claim],
    threads: usize,
    rng: &mut R,
) -> BatchReport {
    run(claims, threads, Weights::Random(rng))
}

/// [`verify_claims`] with weights derived from the transcripts (no RNG: for platforms without
/// one; see the core's `docs/batch.md` for the argument).
pub fn verify_claims_deterministic(claims: &[Claim], threads: usize) -> BatchReport {
    run::<dyn CryptoRng>(claims, threads, Weights::Deterministic)
}

/// Decodes every envelope and verifies them in one batch ([`verify_claims`]); an envelope
/// whose proof does not decode is reported at its index (malformed) and left out of the batch.
pub fn verify_envelopes<R: CryptoRng + ?Sized>(
    envelopes: &[Envelope],
    threads: usize,
    rng: &mut R,
) -> BatchReport {
    let mut decode_failures = Vec::new();
    let mut claims = Vec::with_capacity(envelopes.len());
    let mut positions = Vec::with_capacity(envelopes.len());
    for (index, envelope) in envelopes.iter().enumerate() {
        match Claim::from_envelope(envelope) {
            Ok(claim) => {
                claims.push(claim);
                positions.push(index);
            }
            Err(e) => decode_failures.push((index, Failure::Proof(e))),
        }
    }
    let report = verify_claims(&claims, threads, rng);
    let mut failures = decode_failures;
    for (i, failure) in report.failures {
        let index = positions.get(i).copied().unwrap_or(i);
        failures.push((index, failure));
    }
    failures.sort_by_key(|(index, _)| *index);
    BatchReport { failures }
}

fn run<R: CryptoRng + ?Sized>(
    claims: &[Claim],
    threads: usize,
    weights: Weights<'_, R>,
) -> BatchReport {
    let mut failures: Vec<(usize, Failure)> = Vec::new();
    let mut batch = BatchVerifier::new().with_options(BatchOptions::default().threads(threads));
    let mut in_batch = Vec::with_capacity(claims.len());
    for (index, claim) in claims.iter().enumerate() {
        let added: Result<usize, Failure> = transcript(claim.label())
            .map_err(Failure::from)
            .and_then(|t| add(&mut batch, claim, t));
        match added {
            Ok(_) => in_batch.push(index),
            Err(e) => failures.push((index, e)),
        }
    }
    let verified = match weights {
        Weights::Random(rng) => batch.verify(rng),
        Weights::Deterministic => batch.verify_deterministic(),
    };
    if let Err(e) = verified {
        collect(&e, &in_batch, &mut failures);
    }
    failures.sort_by_key(|(index, _)| *index);
    BatchReport { failures }
}

fn add<'a>(
    batch: &mut BatchVerifier<'a>,
    claim: &'a Claim,
    transcript: merlin::Transcript,
) -> Result<usize, Failure> {
    match claim {
        Claim::Range {
            proof, statement, ..
        } => Ok(batch.add_range_proof(proof, statement, transcript)),
        Claim::Interval {
            proof,
            commitment,
            interval,
            bits,
            ..
        } => Ok(batch.add_interval_proof(proof, commitment, interval, *bits, transcript)?),
        Claim::Plus {
            proof,
            statement,
            generators,
            extension_degree,
            ..
        } => {
            let gens = shared_plus_gens(*generators, *extension_degree)?;
            Ok(batch.add_plus_proof(proof, statement, gens, transcript))
        }
    }
}

/// Maps the batch's indices back to the claims'.
fn collect(e: &BatchError, in_batch: &[usize], failures: &mut Vec<(usize, Failure)>) {
    for (i, error) in e.failures() {
        let index = in_batch.get(*i).copied().unwrap_or(*i);
        failures.push((index, Failure::Proof(*error)));
    }
}
