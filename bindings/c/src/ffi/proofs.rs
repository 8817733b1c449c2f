//! Proofs as bytes: strict decoding checks and verification against explicit statements.

use super::guard;
use super::raw::{self, bytes32};
use crate::error::CError;
use crate::handles::BpkitExtendedOpening;
use crate::status::{Status, BPKIT_PROOF_INTERVAL, BPKIT_PROOF_PLUS, BPKIT_PROOF_RANGE};
use bpkit::group::CompressedRistretto;
use bpkit::plus::{PlusProof, PlusStatement, RecoverySeed};
use bpkit::{Interval, IntervalProof, RangeProof, RangeStatement};
use bpkit_envelope::Claim;
use std::os::raw::c_int;
use zeroize::Zeroizing;

/// Verifies a claim; maps its failure.
fn verify(claim: &Claim) -> Result<(), CError> {
    claim.verify_shared().map_err(|e| CError::verify(&e))
}

/// `[a, last]` as an interval `[a, last + 1)`.
fn interval(a: u64, last: u64) -> Result<Interval, CError> {
    Interval::new(a, u128::from(last).saturating_add(1)).map_err(CError::decode)
}

/// Checks that `proof` decodes strictly as a proof of `kind` (`BPKIT_PROOF_RANGE`,
/// `_INTERVAL` or `_PLUS`): canonical scalars, valid non-identity points, no trailing bytes.
/// `BPKIT_OK` or `BPKIT_MALFORMED` with the library's kind (e.g. `wrong-length`).
///
/// # Safety
/// `proof` points to `proof_len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_proof_check(
    kind: c_int,
    proof: *const u8,
    proof_len: usize,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let bytes = unsafe { raw::bytes(proof, proof_len, "proof") }?;
        match kind {
            BPKIT_PROOF_RANGE => RangeProof::from_bytes(bytes).map(drop),
            BPKIT_PROOF_INTERVAL => IntervalProof::from_bytes(bytes).map(drop),
            BPKIT_PROOF_PLUS => PlusProof::from_bytes(bytes).map(drop),
            other => {
                return Err(CError::argument(
                    "invalid-argument",
                    format!("proof kind {other}: use BPKIT_PROOF_RANGE, _INTERVAL or _PLUS"),
                ))
            }
        }
        .map_err(CError::decode)
    })
}

/// Verifies a range proof that the values committed to in `commitments` (32·m bytes) lie in
/// `[0, 2^bits)`, with the transcript label `label` (UTF-8). `BPKIT_OK` if it holds,
/// `BPKIT_INVALID_PROOF` if it is false, `BPKIT_MALFORMED` if anything does not decode.
///
/// # Safety
/// Each pointer points to its length of readable bytes (or is NULL with length 0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_range_proof_verify(
    proof: *const u8,
    proof_len: usize,
    commitments: *const u8,
    commitments_len: usize,
    bits: usize,
    label: *const u8,
    label_len: usize,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract (all three).
        let (proof, commitments, label) = unsafe {
            (
                raw::bytes(proof, proof_len, "proof")?,
                raw::commitments(commitments, commitments_len)?,
                raw::label(label, label_len)?,
            )
        };
        let proof = RangeProof::from_bytes(proof).map_err(CError::decode)?;
        let statement = RangeStatement::new(bits, commitments).map_err(CError::decode)?;
        verify(&Claim::Range {
            proof,
            statement,
            label: label.to_owned(),
        })
    })
}

/// Verifies an interval proof that `commitment` (32 bytes) opens to `v` with
/// `a ≤ v ≤ last` (the interval `[a, b)` with `b = last + 1`; `last = UINT64_MAX` is
/// `b = 2⁶⁴`), with `bits`-bit range proofs and the label.
///
/// # Safety
/// Each pointer points to its length of readable bytes (or is NULL with length 0).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn bpkit_interval_proof_verify(
    proof: *const u8,
    proof_len: usize,
    commitment: *const u8,
    commitment_len: usize,
    a: u64,
    last: u64,
    bits: usize,
    label: *const u8,
    label_len: usize,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract (all three).
        let (proof, commitment, label) = unsafe {
            (
                raw::bytes(proof, proof_len, "proof")?,
                bytes32(commitment, commitment_len, "commitment")?,
                raw::label(label, label_len)?,
            )
        };
        let proof = IntervalProof::from_bytes(proof).map_err(CError::decode)?;
        verify(&Claim::Interval {
            proof,
            commitment: CompressedRistretto(commitment),
            interval: interval(a, last)?,
            bits,
            label: label.to_owned(),
        })
    })
}

/// Decodes a Bulletproofs+ proof and builds its claim.
#[allow(clippy::too_many_arguments)]
fn plus_claim(
    proof: &[u8],
    commitments: Vec<CompressedRistretto>,
    minimums: &[u64],
    generators: c_int,
    extension_degree: usize,
    bits: usize,
    label: &str,
) -> Result<Claim, CError> {
    let set = raw::generators(generators)?;
    let proof = PlusProof::from_bytes(proof).map_err(CError::decode)?;
    let minimums = if minimums.is_empty() {
        vec![0; commitments.len()]
    } else {
        minimums.to_vec()
    };
    let statement =
        PlusStatement::with_minimums(bits, commitments, minimums).map_err(CError::decode)?;
    let k = if extension_degree == 0 {
        proof.extension_degree()
    } else {
        extension_degree
    };
    Ok(Claim::Plus {
        proof,
        statement,
        generators: set,
        extension_degree: k,
        label: label.to_owned(),
    })
}

/// Verifies a Bulletproofs+ proof that each value `vⱼ` committed to in `commitments` (32·m
/// bytes) satisfies `minⱼ ≤ vⱼ < minⱼ + 2^bits`. `minimums`: m values, or NULL/0 for all 0.
/// `generators`: `BPKIT_GENERATORS_BPKIT` or `_TARI`. `extension_degree`: the generators' k,
/// or 0 for the proof's own (a mismatch is `BPKIT_INVALID_PROOF`, `extension-mismatch`).
///
/// # Safety
/// Each pointer points to its length of readable elements (or is NULL with length 0);
/// `minimums` is 8-byte aligned.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn bpkit_plus_proof_verify(
    proof: *const u8,
    proof_len: usize,
    commitments: *const u8,
    commitments_len: usize,
    minimums: *const u64,
    minimums_len: usize,
    generators: c_int,
    extension_degree: usize,
    bits: usize,
    label: *const u8,
    label_len: usize,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract (all four).
        let (proof, commitments, minimums, label) = unsafe {
            (
                raw::bytes(proof, proof_len, "proof")?,
                raw::commitments(commitments, commitments_len)?,
                raw::u64s(minimums, minimums_len, "minimums")?,
                raw::label(label, label_len)?,
            )
        };
        verify(&plus_claim(
            proof,
            commitments,
            minimums,
            generators,
            extension_degree,
            bits,
            label,
        )?)
    })
}

/// Bulletproofs+ mask recovery: the blindings of a single-value proof made with `seed` (32
/// bytes) for `commitment`, stored as a new extended opening at `*out` only if
/// `(value, blindings)` opens the commitment and the proof verifies; otherwise
/// `BPKIT_INVALID_PROOF` (`recovery-failed`).
///
/// # Safety
/// Each pointer points to its length of readable bytes; `out` to a writable pointer.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn bpkit_plus_proof_recover(
    proof: *const u8,
    proof_len: usize,
    commitment: *const u8,
    commitment_len: usize,
    minimum: u64,
    generators: c_int,
    bits: usize,
    label: *const u8,
    label_len: usize,
    seed: *const u8,
    seed_len: usize,
    value: u64,
    out: *mut *mut BpkitExtendedOpening,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract (all four).
        let (proof, commitment, label, seed) = unsafe {
            (
                raw::bytes(proof, proof_len, "proof")?,
                bytes32(commitment, commitment_len, "commitment")?,
                raw::label(label, label_len)?,
                Zeroizing::new(bytes32(seed, seed_len, "seed")?),
            )
        };
        let seed = RecoverySeed::from_bytes(&seed).map_err(CError::decode)?;
        let claim = plus_claim(
            proof,
            vec![CompressedRistretto(commitment)],
            &[minimum],
            generators,
            0,
            bits,
            label,
        )?;
        let inner = claim
            .recover(&seed, value)
            .map_err(|e| CError::verify(&e))?;
        // SAFETY: caller's contract.
        unsafe { raw::new_handle(out, BpkitExtendedOpening { inner }, "out") }
    })
}
