//! Batch verification of envelopes of mixed kinds, on several threads.

use super::raw;
use super::{guard, os_rng};
use crate::error::CError;
use crate::handles::BpkitEnvelope;
use crate::status::Status;

/// Verifies `count` envelopes (any mix of range, interval and Bulletproofs+ proofs) in one
/// batch on `threads` threads (0: one per core).
///
/// - All valid: `BPKIT_OK`, `*bad_count` = 0.
/// - Some false: `BPKIT_INVALID_PROOF`; `*bad_count` = how many; their indices, increasing,
///   fill `bad` up to `bad_cap` entries (`bad` may be NULL when `bad_cap` is 0).
/// - Some malformed (a proof that does not decode, a commitment that is not a point):
///   `BPKIT_MALFORMED`, and the first such index is stored at `*malformed_index` (if not NULL).
///
/// # Safety
/// `envelopes` points to `count` live envelope pointers; `bad` to `bad_cap` writable
/// `size_t`s (or NULL with 0); `bad_count` to a writable `size_t`; `malformed_index` is NULL
/// or points to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_verify_batch(
    envelopes: *const *const BpkitEnvelope,
    count: usize,
    threads: usize,
    bad: *mut usize,
    bad_cap: usize,
    bad_count: *mut usize,
    malformed_index: *mut usize,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let handles = unsafe { raw::handles(envelopes, count, "envelopes") }?;
        if bad_count.is_null() {
            return Err(CError::null("bad_count"));
        }
        if bad.is_null() && bad_cap != 0 {
            return Err(CError::null("bad"));
        }
        let envelopes: Vec<bpkit_envelope::Envelope> =
            handles.iter().map(|h| h.inner.clone()).collect();
        let report = bpkit_envelope::batch::verify_envelopes(&envelopes, threads, &mut os_rng()?);
        let invalid = report.invalid();
        // SAFETY: caller's contract.
        unsafe { raw::store(bad_count, invalid.len(), "bad_count") }?;
        if let Some((index, failure)) = report.first_malformed() {
            if !malformed_index.is_null() {
                // SAFETY: caller's contract.
                unsafe { raw::store(malformed_index, *index, "malformed_index") }?;
            }
            let mut e = CError::verify(failure);
            e.message = format!("envelope {index}: {}", e.message);
            return Err(e);
        }
        for (slot, index) in invalid.iter().take(bad_cap).enumerate() {
            // SAFETY: `bad` has `bad_cap` writable entries and `slot < bad_cap`; checked
            // non-NULL above (bad_cap > 0 here).
            unsafe { bad.add(slot).write(*index) };
        }
        if invalid.is_empty() {
            Ok(())
        } else {
            Err(CError {
                status: Status::BPKIT_INVALID_PROOF,
                kind: "verification-failed",
                message: format!("{} of {count} proofs are false", invalid.len()),
            })
        }
    })
}
