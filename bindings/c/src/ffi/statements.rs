//! Envelopes of any scheme (`bpkit_verify_json`), circuits given by their description
//! (`bpkit_verify_circuit`) and the ready-made circuit statements (SHA-256 preimage, Merkle
//! membership, shuffle), proven into `bpkit_circuit_envelope_t` handles.

use super::accessor;
use super::prove::threaded;
use super::raw;
use super::{guard, os_rng};
use crate::error::CError;
use crate::handles::{BpkitCircuitEnvelope, BpkitOpening};
use crate::status::Status;
use bpkit_envelope::Failure;
use zeroize::Zeroizing;

fn utf8<'a>(bytes: &'a [u8], what: &str) -> Result<&'a str, CError> {
    std::str::from_utf8(bytes)
        .map_err(|_| CError::argument("malformed-envelope", format!("{what} is not UTF-8")))
}

/// Verifies one envelope of any scheme (`bp`, `bp+`, interval, `circuit`, `grin-bp`) given as
/// `json_len` bytes of UTF-8 JSON: `BPKIT_OK` if the proof holds, `BPKIT_INVALID_PROOF` if it is
/// false, `BPKIT_MALFORMED` if the envelope or its proof does not decode. A `circuit` envelope
/// whose statement's circuit has more than 65,536 (2^16) multipliers (SHA-256 preimages above
/// 119 bytes) is `BPKIT_MALFORMED` (`circuit-too-large`), refused from its public parameters
/// before anything is built; `bpkit_verify_json_limited` sets another limit.
///
/// # Safety
/// `json` points to `json_len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_verify_json(json: *const u8, json_len: usize) -> Status {
    // SAFETY: the caller's contract is this function's.
    unsafe { bpkit_verify_json_limited(json, json_len, bpkit_envelope::DEFAULT_MAX_MULTIPLIERS) }
}

/// `bpkit_verify_json` with a limit of one's own on circuit envelopes: a statement whose circuit
/// has more than `max_multipliers` multipliers (both phases, computed from its public
/// parameters) is `BPKIT_MALFORMED` (`circuit-too-large`) before its circuit is recorded or any
/// generator built. Envelopes of other schemes are verified as by `bpkit_verify_json`.
///
/// # Safety
/// `json` points to `json_len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_verify_json_limited(
    json: *const u8,
    json_len: usize,
    max_multipliers: usize,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let bytes = unsafe { raw::bytes(json, json_len, "json") }?;
        let options =
            bpkit_envelope::VerifyCircuitOptions::default().max_multipliers(max_multipliers);
        bpkit_envelope::verify_json_with(utf8(bytes, "the envelope")?, &options)
            .map_err(|f| CError::verify(&f))
    })
}

/// Verifies `proof` for the circuit given by its canonical JSON description (spec §12.2) and
/// its commitments (32·m bytes), under the transcript label. `BPKIT_MALFORMED` (`circuit`) for a
/// description that is not canonical, (`circuit-too-large`) for one declaring more than 65,536
/// multipliers (the default limit, checked before anything is built; see
/// `bpkit_verify_circuit_limited`), `BPKIT_INVALID_PROOF` for a false proof or one of another
/// size (`size-mismatch`).
///
/// # Safety
/// Each pointer points to its length of readable bytes (or is NULL with length 0).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn bpkit_verify_circuit(
    circuit: *const u8,
    circuit_len: usize,
    commitments: *const u8,
    commitments_len: usize,
    proof: *const u8,
    proof_len: usize,
    label: *const u8,
    label_len: usize,
) -> Status {
    // SAFETY: the caller's contract, passed on unchanged.
    unsafe {
        bpkit_verify_circuit_limited(
            circuit,
            circuit_len,
            commitments,
            commitments_len,
            proof,
            proof_len,
            label,
            label_len,
            bpkit_envelope::DEFAULT_MAX_MULTIPLIERS,
        )
    }
}

/// `bpkit_verify_circuit` with a limit of one's own: a description declaring more than
/// `max_multipliers` multipliers (both phases) is `BPKIT_MALFORMED` (`circuit-too-large`),
/// refused from its header before anything else is read or any generator built. The default of
/// `bpkit_verify_circuit` is 65,536 (2^16); descriptions above 2^22 are refused whatever the
/// limit.
///
/// # Safety
/// Each pointer points to its length of readable bytes (or is NULL with length 0).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn bpkit_verify_circuit_limited(
    circuit: *const u8,
    circuit_len: usize,
    commitments: *const u8,
    commitments_len: usize,
    proof: *const u8,
    proof_len: usize,
    label: *const u8,
    label_len: usize,
    max_multipliers: usize,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract (all four).
        let (circuit, commitments, proof, label) = unsafe {
            (
                raw::bytes(circuit, circuit_len, "circuit")?,
                raw::commitments(commitments, commitments_len)?,
                raw::bytes(proof, proof_len, "proof")?,
                raw::label(label, label_len)?,
            )
        };
        let circuit = std::str::from_utf8(circuit)
            .map_err(|_| CError::argument("circuit", "the circuit description is not UTF-8"))?;
        let options =
            bpkit_envelope::VerifyCircuitOptions::default().max_multipliers(max_multipliers);
        bpkit_envelope::verify_circuit_with(circuit, &commitments, proof, label, &options)
            .map_err(|f| CError::verify(&f))
    })
}

/// "I know a message whose SHA-256 is d": proves knowledge of the `message_len` bytes at
/// `message` (at most 1024) and stores a new circuit envelope at `*out` (it carries the digest
/// and the length, never the message). Refusals are `BPKIT_PROVING`.
///
/// # Safety
/// `message` and `label` point to their length of readable bytes (or are NULL with length 0);
/// `out` to a writable pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_prove_sha256(
    message: *const u8,
    message_len: usize,
    label: *const u8,
    label_len: usize,
    out: *mut *mut BpkitCircuitEnvelope,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract (both).
        let (message, label) = unsafe {
            (
                raw::bytes(message, message_len, "message")?,
                raw::label(label, label_len)?,
            )
        };
        raw::check_out(out, "out")?;
        let mut rng = os_rng()?;
        let inner = threaded(|| bpkit_envelope::statements::sha256(message, label, &mut rng))
            .map_err(|e| CError::prove(&e))?;
        // SAFETY: caller's contract.
        unsafe { raw::new_handle(out, BpkitCircuitEnvelope { inner }, "out") }
    })
}

/// Membership of `leaves[index]` in the Poseidon Merkle tree of the smallest depth over the
/// `leaves_len` leaves: stores a new circuit envelope (root, depth, the leaf's commitment) at
/// `*out` and the opening of the leaf's commitment at `*opening_out`.
///
/// # Safety
/// `leaves` points to `leaves_len` readable `u64`s (8-byte aligned); `label` to `label_len`
/// readable bytes; `out` and `opening_out` to writable pointers.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_prove_merkle(
    leaves: *const u64,
    leaves_len: usize,
    index: u64,
    label: *const u8,
    label_len: usize,
    out: *mut *mut BpkitCircuitEnvelope,
    opening_out: *mut *mut BpkitOpening,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract (both).
        let (leaves, label) = unsafe {
            (
                raw::u64s(leaves, leaves_len, "leaves")?,
                raw::label(label, label_len)?,
            )
        };
        raw::check_out(out, "out")?;
        raw::check_out(opening_out, "opening_out")?;
        let mut rng = os_rng()?;
        let (inner, opening) =
            threaded(|| bpkit_envelope::statements::merkle(leaves, index, label, &mut rng))
                .map_err(|e| CError::prove(&e))?;
        // SAFETY: caller's contract (both; checked above, so neither fails).
        unsafe {
            raw::new_handle(opening_out, BpkitOpening { inner: opening }, "opening_out")?;
            raw::new_handle(out, BpkitCircuitEnvelope { inner }, "out")
        }
    })
}

/// "The committed outputs are a permutation of the committed inputs": commits each of the `k`
/// inputs and `k` outputs (`k` = `inputs_len` = `outputs_len`, 1 to 4096) with a fresh
/// blinding and proves it. Stores a new circuit envelope at `*out` and the openings in
/// `input_openings[0..k]` and `output_openings[0..k]` (arrays of `k` pointers, each freed with
/// `bpkit_opening_free`). Outputs that are not a permutation are `BPKIT_PROVING`.
///
/// # Safety
/// `inputs` and `outputs` point to their length of readable `u64`s (8-byte aligned); `label`
/// to `label_len` readable bytes; `out` to a writable pointer; `input_openings` and
/// `output_openings` to `inputs_len` (`outputs_len`) writable pointers.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn bpkit_prove_shuffle(
    inputs: *const u64,
    inputs_len: usize,
    outputs: *const u64,
    outputs_len: usize,
    label: *const u8,
    label_len: usize,
    out: *mut *mut BpkitCircuitEnvelope,
    input_openings: *mut *mut BpkitOpening,
    output_openings: *mut *mut BpkitOpening,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract (all three).
        let (inputs, outputs, label) = unsafe {
            (
                raw::u64s(inputs, inputs_len, "inputs")?,
                raw::u64s(outputs, outputs_len, "outputs")?,
                raw::label(label, label_len)?,
            )
        };
        raw::check_out(out, "out")?;
        raw::check_out_array(input_openings, inputs_len, "input_openings")?;
        raw::check_out_array(output_openings, outputs_len, "output_openings")?;
        let mut rng = os_rng()?;
        let made =
            threaded(|| bpkit_envelope::statements::shuffle(inputs, outputs, label, &mut rng))
                .map_err(|e| CError::prove(&e))?;
        let wrap = |v: Vec<bpkit::Opening>| -> Vec<BpkitOpening> {
            v.into_iter().map(|inner| BpkitOpening { inner }).collect()
        };
        // SAFETY: caller's contract (all three; checked above with these lengths, which the
        // prover kept: one opening per value).
        unsafe {
            raw::new_handles(input_openings, wrap(made.inputs), "input_openings")?;
            raw::new_handles(output_openings, wrap(made.outputs), "output_openings")?;
            raw::new_handle(
                out,
                BpkitCircuitEnvelope {
                    inner: made.envelope,
                },
                "out",
            )
        }
    })
}

/// Reads a circuit envelope (`scheme` `"circuit"`) from `json_len` bytes of UTF-8 JSON and
/// stores a new handle at `*out`; anything else is `BPKIT_MALFORMED`.
///
/// # Safety
/// `json` points to `json_len` readable bytes; `out` to a writable pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_circuit_envelope_from_json(
    json: *const u8,
    json_len: usize,
    out: *mut *mut BpkitCircuitEnvelope,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let bytes = unsafe { raw::bytes(json, json_len, "json") }?;
        let inner = bpkit_envelope::circuit::parse(utf8(bytes, "the envelope")?)
            .map_err(|e| CError::verify(&Failure::Envelope(e)))?;
        // SAFETY: caller's contract.
        unsafe { raw::new_handle(out, BpkitCircuitEnvelope { inner }, "out") }
    })
}

/// Writes the circuit envelope as the CLI does (one line of JSON ending in `\n`) into `out` of
/// capacity `out_cap`, followed by a NUL byte; the length (without the NUL) is stored at
/// `*out_len`, also when the buffer is too small (then `BPKIT_BUFFER_TOO_SMALL`).
///
/// # Safety
/// `envelope` is a live circuit envelope; `out` points to `out_cap` writable bytes (or is
/// NULL); `out_len` to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_circuit_envelope_to_json(
    envelope: *const BpkitCircuitEnvelope,
    out: *mut u8,
    out_cap: usize,
    out_len: *mut usize,
) -> Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        accessor::bytes(envelope, "envelope", out, out_cap, out_len, true, |e| {
            let text = bpkit_envelope::circuit::to_json(&e.inner)
                .map_err(|e| CError::verify(&Failure::Envelope(e)))?;
            Ok(Zeroizing::new(text.into_bytes()))
        })
    }
}

/// Decodes the circuit envelope's proof and verifies it against its statement. A statement
/// whose circuit has more than 65,536 (2^16) multipliers (SHA-256 preimages above 119 bytes) is
/// `BPKIT_MALFORMED` (`circuit-too-large`), refused from its public parameters before anything
/// is built; `bpkit_circuit_envelope_verify_limited` sets another limit.
///
/// # Safety
/// `envelope` is a live circuit envelope.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_circuit_envelope_verify(
    envelope: *const BpkitCircuitEnvelope,
) -> Status {
    // SAFETY: the caller's contract is this function's.
    unsafe {
        bpkit_circuit_envelope_verify_limited(envelope, bpkit_envelope::DEFAULT_MAX_MULTIPLIERS)
    }
}

/// `bpkit_circuit_envelope_verify` with a limit of one's own: a statement whose circuit has more
/// than `max_multipliers` multipliers (both phases) is `BPKIT_MALFORMED` (`circuit-too-large`)
/// before its circuit is recorded or any generator built.
///
/// # Safety
/// `envelope` is a live circuit envelope.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_circuit_envelope_verify_limited(
    envelope: *const BpkitCircuitEnvelope,
    max_multipliers: usize,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let e = unsafe { raw::handle(envelope, "envelope") }?;
        let options =
            bpkit_envelope::VerifyCircuitOptions::default().max_multipliers(max_multipliers);
        bpkit_envelope::circuit::verify_with(&e.inner, &options).map_err(|f| CError::verify(&f))
    })
}

/// Frees a circuit envelope; NULL is ignored.
///
/// # Safety
/// `envelope` is NULL or a live circuit envelope, not used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_circuit_envelope_free(envelope: *mut BpkitCircuitEnvelope) {
    // SAFETY: the caller's contract, passed on.
    unsafe { accessor::free(envelope) }
}
