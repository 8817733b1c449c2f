//! Envelopes: the CLI's JSON, read and written byte for byte.

use super::accessor;
use super::guard;
use super::raw::{self, bytes32};
use crate::error::CError;
use crate::handles::{BpkitEnvelope, BpkitExtendedOpening};
use crate::status::Status;
use bpkit::plus::RecoverySeed;
use bpkit_envelope::Failure;
use zeroize::Zeroizing;

/// Reads an envelope from `json_len` bytes of UTF-8 JSON (strictly: `BPKIT_MALFORMED` with
/// kind `malformed-envelope` otherwise) and stores a new handle at `*out` (free it with
/// `bpkit_envelope_free`). The proof bytes are decoded by `bpkit_envelope_verify`.
///
/// # Safety
/// `json` points to `json_len` readable bytes; `out` to a writable pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_envelope_from_json(
    json: *const u8,
    json_len: usize,
    out: *mut *mut BpkitEnvelope,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let bytes = unsafe { raw::bytes(json, json_len, "json") }?;
        let text = std::str::from_utf8(bytes)
            .map_err(|_| CError::argument("malformed-envelope", "the envelope is not UTF-8"))?;
        let inner =
            bpkit_envelope::parse(text).map_err(|e| CError::verify(&Failure::Envelope(e)))?;
        // SAFETY: caller's contract.
        unsafe { raw::new_handle(out, BpkitEnvelope { inner }, "out") }
    })
}

/// Writes the envelope as the CLI does (one line of JSON ending in `\n`) into `out` of
/// capacity `out_cap`, followed by a NUL byte; the JSON's length (without the NUL) is stored
/// at `*out_len`, also when the buffer is too small (then `BPKIT_BUFFER_TOO_SMALL`: call again
/// with `*out_len + 1` bytes).
///
/// # Safety
/// `envelope` is a live envelope; `out` points to `out_cap` writable bytes (or is NULL);
/// `out_len` to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_envelope_to_json(
    envelope: *const BpkitEnvelope,
    out: *mut u8,
    out_cap: usize,
    out_len: *mut usize,
) -> Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        accessor::bytes(envelope, "envelope", out, out_cap, out_len, true, |e| {
            let text = bpkit_envelope::to_json(&e.inner)
                .map_err(|e| CError::verify(&Failure::Envelope(e)))?;
            Ok(Zeroizing::new(text.into_bytes()))
        })
    }
}

/// Frees an envelope; NULL is ignored.
///
/// # Safety
/// `envelope` is NULL or a live envelope, not used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_envelope_free(envelope: *mut BpkitEnvelope) {
    // SAFETY: the caller's contract, passed on.
    unsafe { accessor::free(envelope) }
}

/// Decodes the envelope's proof and verifies it: `BPKIT_OK` if it holds,
/// `BPKIT_INVALID_PROOF` if it is false, `BPKIT_MALFORMED` if it does not decode.
///
/// # Safety
/// `envelope` is a live envelope.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_envelope_verify(envelope: *const BpkitEnvelope) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let e = unsafe { raw::handle(envelope, "envelope") }?;
        bpkit_envelope::verify(&e.inner).map_err(|f| CError::verify(&f))
    })
}

/// A receiver's verification: the envelope's label must be `label` (UTF-8), its commitments
/// exactly `commitments` (32·m bytes, in order) and, when `bits` is not 0, its bit size `bits`;
/// then the proof must hold. A valid proof of another statement is `BPKIT_INVALID_PROOF` with
/// kind `unexpected-statement` (`bpkit_last_error_kind`), decided before the proof is decoded;
/// a false proof `BPKIT_INVALID_PROOF`, a malformed one `BPKIT_MALFORMED`.
/// `bpkit_envelope_verify` checks an envelope only against its own statement.
///
/// # Safety
/// `envelope` is a live envelope; `label` and `commitments` point to their lengths of
/// readable bytes (or are NULL with length 0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_envelope_verify_expecting(
    envelope: *const BpkitEnvelope,
    label: *const u8,
    label_len: usize,
    commitments: *const u8,
    commitments_len: usize,
    bits: usize,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract (all three).
        let (e, label, commitments) = unsafe {
            (
                raw::handle(envelope, "envelope")?,
                raw::label(label, label_len)?,
                raw::commitments(commitments, commitments_len)?,
            )
        };
        let mut expected = bpkit_envelope::Expectation::new(label, commitments);
        if bits != 0 {
            expected = expected.bits(bits);
        }
        bpkit_envelope::verify_expecting(&e.inner, &expected).map_err(|f| CError::verify(&f))
    })
}

/// The proof's bytes into `out` (capacity `out_cap`); their length is stored at `*out_len`
/// (also when the buffer is too small).
///
/// # Safety
/// As `bpkit_envelope_to_json`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_envelope_proof(
    envelope: *const BpkitEnvelope,
    out: *mut u8,
    out_cap: usize,
    out_len: *mut usize,
) -> Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        accessor::bytes(envelope, "envelope", out, out_cap, out_len, false, |e| {
            Ok(Zeroizing::new(e.inner.proof.clone()))
        })
    }
}

/// The commitments (32·m bytes, in order) into `out` (capacity `out_cap`); their length is
/// stored at `*out_len` (also when the buffer is too small).
///
/// # Safety
/// As `bpkit_envelope_to_json`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_envelope_commitments(
    envelope: *const BpkitEnvelope,
    out: *mut u8,
    out_cap: usize,
    out_len: *mut usize,
) -> Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        accessor::bytes(envelope, "envelope", out, out_cap, out_len, false, |e| {
            Ok(Zeroizing::new(
                e.inner.commitments.iter().flat_map(|c| c.0).collect(),
            ))
        })
    }
}

/// The envelope's bits per value.
///
/// # Safety
/// `envelope` is a live envelope; `out` points to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_envelope_bits(
    envelope: *const BpkitEnvelope,
    out: *mut usize,
) -> Status {
    // SAFETY: the caller's contract, passed on.
    unsafe { accessor::value(envelope, "envelope", out, |e| e.inner.bits) }
}

/// Bulletproofs+ mask recovery from an envelope (see `bpkit_plus_proof_recover`);
/// `BPKIT_MALFORMED` (`wrong-scheme`) for a `bp` envelope.
///
/// # Safety
/// `envelope` is a live envelope; `seed` points to `seed_len` readable bytes; `out` to a
/// writable pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_envelope_recover(
    envelope: *const BpkitEnvelope,
    seed: *const u8,
    seed_len: usize,
    value: u64,
    out: *mut *mut BpkitExtendedOpening,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let e = unsafe { raw::handle(envelope, "envelope") }?;
        // SAFETY: caller's contract.
        let seed = Zeroizing::new(unsafe { bytes32(seed, seed_len, "seed") }?);
        let seed = RecoverySeed::from_bytes(&seed).map_err(CError::decode)?;
        let inner = bpkit_envelope::prove::recover(&e.inner, &seed, value)
            .map_err(|f| CError::verify(&f))?;
        // SAFETY: caller's contract.
        unsafe { raw::new_handle(out, BpkitExtendedOpening { inner }, "out") }
    })
}
