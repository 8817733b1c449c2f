//! Verifying a proof against a circuit given by its canonical JSON description (spec §12.2,
//! [`bpkit::circuit::Circuit::from_json`]): the entry the bindings use for circuits that are
//! not one of the ready-made statements (and for `tests/vectors/circuit.json`).
//!
//! The transcript is `Transcript::new(label)` and nothing else (the circuit's digest, the
//! commitments and every prover message are appended by the circuit verifier itself); the
//! generators are the default Pedersen pair and party 0 of the default vector generators.
//!
//! The description usually comes from the prover, so its size is the prover's choice: a
//! description may declare up to [`bpkit::circuit::MAX_MULTIPLIERS`] = 2²² multipliers, and a
//! proof of as many rounds is 1.8 KiB. Verifying it would build 2²³ generators for the
//! process-wide cache (over a GiB, kept) and run a multiplication of as many points (minutes).
//! So the verifier refuses descriptions above a limit ([`VerifyCircuitOptions::max_multipliers`],
//! default [`DEFAULT_MAX_MULTIPLIERS`]), read from the description's first bytes before
//! anything else is parsed, allocated or built.

use crate::error::{EnvelopeError, Failure};
use crate::transcript::transcript;
use bpkit::circuit::{Circuit, CircuitProof};
use bpkit::group::CompressedRistretto;
use bpkit::Error;

/// The default limit on a described circuit's multipliers, and on the circuit of a statement
/// envelope ([`crate::circuit::verify`]): 2¹⁶ = 65,536.
///
/// Why this value: it is the largest size the circuit benchmarks cover (bench/RESULTS.md:
/// verification about 1 s on a shared 2-core AVX2-only EPYC, generators for 2¹⁷ points, about
/// 20 MiB kept in the process-wide cache), and it admits every ready-made statement short of a
/// three-block SHA-256, i.e. preimages of up to 119 bytes (a 32-byte SHA-256 preimage is 25,275
/// multipliers, Merkle membership at depth 32 is 7,882, a shuffle of 4096 values 8,190). At the format's own maximum, 2²², the
/// same costs are 64 times larger. Verifiers that expect larger circuits raise the limit.
pub const DEFAULT_MAX_MULTIPLIERS: usize = 1 << 16;

/// The limit a verifier puts on the circuits it accepts: described circuits
/// ([`verify_circuit_with`]) and the circuits of statement envelopes
/// ([`crate::circuit::verify_with`], [`crate::circuit::CircuitCache::with_options`],
/// [`crate::verify_json_with`]), whose sizes are the sender's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerifyCircuitOptions {
    max_multipliers: usize,
}

impl Default for VerifyCircuitOptions {
    /// At most [`DEFAULT_MAX_MULTIPLIERS`] multipliers.
    fn default() -> Self {
        VerifyCircuitOptions {
            max_multipliers: DEFAULT_MAX_MULTIPLIERS,
        }
    }
}

impl VerifyCircuitOptions {
    /// Refuse circuits of more than `max` multipliers (both phases, before padding: the
    /// verifier's generators and multiplication are for `n` rounded up to a power of two, so
    /// at most twice `max`): descriptions declaring more, statements whose public parameters
    /// make more. Descriptions above [`bpkit::circuit::MAX_MULTIPLIERS`] are refused whatever
    /// the limit.
    pub fn max_multipliers(mut self, max: usize) -> Self {
        self.max_multipliers = max;
        self
    }

    /// The limit on multipliers.
    pub fn get_max_multipliers(&self) -> usize {
        self.max_multipliers
    }
}

/// Verifies `proof` for the circuit `description` (canonical JSON only) and its
/// `commitments`, under the transcript label `label`, with the default options (at most
/// [`DEFAULT_MAX_MULTIPLIERS`] multipliers; see [`verify_circuit_with`]).
pub fn verify_circuit(
    description: &str,
    commitments: &[CompressedRistretto],
    proof: &[u8],
    label: &str,
) -> Result<(), Failure> {
    verify_circuit_with(
        description,
        commitments,
        proof,
        label,
        &VerifyCircuitOptions::default(),
    )
}

/// [`verify_circuit`] with a limit of one's own.
///
/// Order of the checks (and so of the errors): the description's header (`circuit`,
/// malformed, if it is not the canonical start of a description; `circuit-too-large`,
/// malformed, [`EnvelopeError::CircuitTooLarge`], above `options`' limit — nothing else has been
/// read, allocated or built yet), the whole description (`circuit`), the proof's encoding
/// (malformed kinds), the proof's size against the circuit (`size-mismatch`, invalid; checked
/// before any generator is built, so a description that claims many multipliers costs nothing
/// with a small proof), then verification (`verification-failed`, invalid; commitments that
/// are not points are `invalid-commitment`, malformed).
///
/// ```
/// use bpkit_envelope::{verify_circuit_with, VerifyCircuitOptions};
/// // A description declaring 2^20 multipliers: refused from its header, whatever follows.
/// let description = r#"{"bpkit_circuit":1,"commitments":0,"multipliers":[1048576,0],…"#;
/// let options = VerifyCircuitOptions::default().max_multipliers(1 << 18);
/// let e = verify_circuit_with(description, &[], &[], "label", &options).unwrap_err();
/// assert_eq!(e.kind(), "circuit-too-large");
/// ```
pub fn verify_circuit_with(
    description: &str,
    commitments: &[CompressedRistretto],
    proof: &[u8],
    label: &str,
    options: &VerifyCircuitOptions,
) -> Result<(), Failure> {
    let header = Circuit::description_header(description).map_err(Error::from)?;
    if header.multipliers() > options.max_multipliers {
        return Err(EnvelopeError::CircuitTooLarge {
            multipliers: header.multipliers(),
            max: options.max_multipliers,
        }
        .into());
    }
    let circuit = Circuit::from_json(description).map_err(Error::from)?;
    let proof = CircuitProof::from_bytes(proof)?;
    let padded = circuit.padded_multipliers();
    let proof_size = u32::try_from(proof.rounds())
        .ok()
        .and_then(|r| 1usize.checked_shl(r));
    if proof_size != Some(padded) {
        return Err(Failure::Proof(Error::SizeMismatch {
            proof: proof_size.unwrap_or(0),
            statement: padded,
        }));
    }
    let mut t = transcript(label)?;
    let gens = bpkit::generators::shared(padded, 1);
    // Variable-time inside: every input of a verifier is public.
    circuit.verify(
        &mut t,
        &proof,
        commitments,
        bpkit::generators::shared_pedersen(),
        &gens,
    )?;
    Ok(())
}
