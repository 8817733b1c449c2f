//! Verifying a proof against a circuit given by its canonical JSON description (spec §12.2,
//! [`bpkit::circuit::Circuit::from_json`]): the entry the bindings use for circuits that are
//! not one of the ready-made statements (and for `tests/vectors/circuit.json`).
//!
//! The transcript is `Transcript::new(label)` and nothing else (the circuit's digest, the
//! commitments and every prover message are appended by the circuit verifier itself); the
//! generators are the default Pedersen pair and party 0 of the default vector generators.

use crate::error::Failure;
use crate::transcript::transcript;
use bpkit::circuit::{Circuit, CircuitProof};
use bpkit::group::CompressedRistretto;
use bpkit::Error;

/// Verifies `proof` for the circuit `description` (canonical JSON only) and its
/// `commitments`, under the transcript label `label`.
///
/// Order of the checks (and so of the errors): the description (`circuit`, malformed), the
/// proof's encoding (malformed kinds), the proof's size against the circuit (`size-mismatch`,
/// invalid; checked before any generator is built, so a description that claims millions of
/// multipliers costs nothing with a small proof), then verification (`verification-failed`,
/// invalid; commitments that are not points are `invalid-commitment`, malformed).
pub fn verify_circuit(
    description: &str,
    commitments: &[CompressedRistretto],
    proof: &[u8],
    label: &str,
) -> Result<(), Failure> {
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
