//! Monero: output openings (`bpkit_commit_monero`, `bpkit_monero_opening_*`) and Bulletproofs+
//! proofs of their amounts (`bpkit_prove_monero`, written as the CLI's `monero-bp+` envelope).

use super::raw;
use super::{guard, os_rng};
use crate::error::CError;
use crate::handles::BpkitMoneroOpening;
use crate::status::Status;
use bpkit_envelope::monero as facade;
use bpkit_envelope::Failure;

/// A Monero output opening of `amount` (commitment `mask·G + amount·H`, Ed25519): with the
/// chosen mask when `mask_len` is 32 (a canonical scalar: `BPKIT_MALFORMED` with kind
/// `non-canonical-scalar` otherwise), a fresh random mask when `mask` is NULL and `mask_len`
/// 0, any other length `wrong-length`. Stores a new opening at `*out` (free it with
/// `bpkit_monero_opening_free`; zeroized then).
///
/// # Safety
/// `mask` points to `mask_len` readable bytes (or is NULL with 0); `out` to a writable pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_commit_monero(
    amount: u64,
    mask: *const u8,
    mask_len: usize,
    out: *mut *mut BpkitMoneroOpening,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let mask = unsafe { raw::bytes(mask, mask_len, "mask") }?;
        let inner = if mask.is_empty() {
            facade::random_monero_opening(amount, &mut os_rng()?)
        } else {
            facade::monero_opening(amount, mask).map_err(CError::decode)?
        };
        // SAFETY: caller's contract.
        unsafe { raw::new_handle(out, BpkitMoneroOpening { inner }, "out") }
    })
}

/// Frees (and zeroizes) a Monero opening; NULL is ignored.
///
/// # Safety
/// `opening` is NULL or a live Monero opening, not used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_monero_opening_free(opening: *mut BpkitMoneroOpening) {
    // A panic while dropping is caught; there is nothing to report it to.
    // SAFETY: caller's contract.
    let _ = std::panic::catch_unwind(|| unsafe { raw::free(opening) });
}

/// The mask (32 bytes, secret) into `out` (`out_len` ≥ 32). Wipe it when done: the library
/// cannot.
///
/// # Safety
/// `opening` is a live Monero opening; `out` points to `out_len` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_monero_opening_mask(
    opening: *const BpkitMoneroOpening,
    out: *mut u8,
    out_len: usize,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let o = unsafe { raw::handle(opening, "opening") }?;
        // SAFETY: caller's contract.
        unsafe { raw::write_fixed(o.inner.mask.as_bytes(), out, out_len, "out") }
    })
}

/// The on-chain commitment (32 bytes, as in a transaction's `outPk`) into `out` (`out_len` ≥
/// 32), computed in constant time.
///
/// # Safety
/// `opening` is a live Monero opening; `out` points to `out_len` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_monero_opening_commitment(
    opening: *const BpkitMoneroOpening,
    out: *mut u8,
    out_len: usize,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let o = unsafe { raw::handle(opening, "opening") }?;
        // SAFETY: caller's contract.
        unsafe { raw::write_fixed(&o.inner.commit(), out, out_len, "out") }
    })
}

/// Proves with Monero's Bulletproofs+ that the amounts of `count` openings (1 to 16:
/// `BPKIT_PROVING` with kind `invalid-aggregation` otherwise) lie in `[0, 2⁶⁴)`, and writes the
/// proof's envelope as `bpkit prove --scheme monero-bp+` does (one line of JSON ending in
/// `\n`, which `bpkit_verify_json` and `bpkit verify` accept) into `out` of capacity `out_cap`,
/// followed by a NUL byte; its length (without the NUL) is stored at `*out_len`. Too small a
/// buffer is `BPKIT_BUFFER_TOO_SMALL` with the length stored, and nothing to retry: the proof
/// is lost, so give 4,096 bytes (16 outputs need about 2,800). Runs on one thread.
///
/// # Safety
/// `openings` points to `count` live Monero opening pointers; `out` to `out_cap` writable
/// bytes (or is NULL); `out_len` to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_prove_monero(
    openings: *const *const BpkitMoneroOpening,
    count: usize,
    out: *mut u8,
    out_cap: usize,
    out_len: *mut usize,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let openings = unsafe { raw::handles(openings, count, "openings") }?;
        let openings: Vec<bpkit::monero::Opening> =
            openings.iter().map(|o| o.inner.clone()).collect();
        let mut rng = os_rng()?;
        let env = facade::prove_monero_plus(&openings, &mut rng)
            .map_err(|e| CError::prove(&Failure::Proof(e)))?;
        drop(openings);
        let mut text =
            facade::monero_to_json(&env).map_err(|e| CError::verify(&Failure::Envelope(e)))?;
        text.push('\n');
        // SAFETY: caller's contract.
        unsafe { raw::write_bytes(text.as_bytes(), out, out_cap, out_len, true, "out") }
    })
}
