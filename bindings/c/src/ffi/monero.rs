//! Monero transactions: `bpkit_monero_verify_tx` parses a raw transaction and verifies its
//! range proof, as `bpkit monero verify-tx` does (the facade's
//! `bpkit_envelope::monero::verify_tx`).
//!
//! Monero: output openings (`bpkit_commit_monero`, `bpkit_monero_opening_*`) and Bulletproofs+
//! proofs of their amounts (`bpkit_prove_monero`, written as the CLI's `monero-bp+` envelope).

use super::accessor;
use super::guard;
use super::os_rng;
use super::raw;
use crate::error::CError;
use crate::handles::BpkitMoneroOpening;
use crate::status::Status;
use bpkit_envelope::monero as facade;
use bpkit_envelope::monero::{monero_error_kind, TxProofKind, TxReport, TxVerdict};
use bpkit_envelope::Failure;
use std::os::raw::{c_char, c_int};
use zeroize::Zeroizing;

/// `bpkit_monero_tx_t.proof_kind`: no Bulletproofs (version 1, coinbase, RingCT types 0-2).
pub const BPKIT_MONERO_PROOFS_NONE: c_int = 0;
/// `bpkit_monero_tx_t.proof_kind`: Bulletproofs (RingCT types 3-5).
pub const BPKIT_MONERO_PROOFS_BP: c_int = 1;
/// `bpkit_monero_tx_t.proof_kind`: Bulletproofs+ (RingCT type 6).
pub const BPKIT_MONERO_PROOFS_BP_PLUS: c_int = 2;

/// `bpkit_monero_tx_t.verdict`: the range proof verifies.
pub const BPKIT_MONERO_VALID: c_int = 0;
/// `bpkit_monero_tx_t.verdict`: the range proof is well-formed but false.
pub const BPKIT_MONERO_INVALID: c_int = 1;
/// `bpkit_monero_tx_t.verdict`: the range proof cannot be checked (malformed).
pub const BPKIT_MONERO_MALFORMED: c_int = 2;
/// `bpkit_monero_tx_t.verdict`: the transaction carries no Bulletproofs.
pub const BPKIT_MONERO_NO_BULLETPROOFS: c_int = 3;

/// What `bpkit_monero_verify_tx` reports on a transaction (`bpkit_monero_tx_t`), filled by the
/// caller-owned struct. Every field is meaningful only when `parsed` is 1.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct BpkitMoneroTx {
    /// 1 when the bytes are a transaction (the fields below are set), 0 otherwise.
    pub parsed: c_int,
    /// The transaction hash.
    pub hash: [u8; 32],
    /// The transaction hash in lower-case hex, NUL-terminated.
    pub hash_hex: [c_char; 65],
    /// The transaction version (1 or 2).
    pub version: u64,
    /// The RingCT type (0 to 6), or -1 for a version 1 transaction.
    pub rct_type: c_int,
    /// Number of inputs.
    pub inputs: usize,
    /// Number of outputs.
    pub outputs: usize,
    /// 1 for a coinbase (miner) transaction.
    pub coinbase: c_int,
    /// `BPKIT_MONERO_PROOFS_NONE`, `_BP` or `_BP_PLUS`.
    pub proof_kind: c_int,
    /// `BPKIT_MONERO_VALID`, `_INVALID`, `_MALFORMED` or `_NO_BULLETPROOFS`.
    pub verdict: c_int,
}

impl BpkitMoneroTx {
    fn empty() -> Self {
        BpkitMoneroTx {
            parsed: 0,
            hash: [0; 32],
            hash_hex: [0; 65],
            version: 0,
            rct_type: -1,
            inputs: 0,
            outputs: 0,
            coinbase: 0,
            proof_kind: BPKIT_MONERO_PROOFS_NONE,
            verdict: BPKIT_MONERO_MALFORMED,
        }
    }

    fn of(r: &TxReport) -> Self {
        let mut out = Self::empty();
        out.parsed = 1;
        out.hash = r.hash;
        for (dst, src) in out.hash_hex.iter_mut().zip(r.hash_hex().bytes()) {
            // ASCII hex digits: the cast keeps the value.
            *dst = src as c_char;
        }
        out.version = r.version;
        out.rct_type = r.rct_type.map_or(-1, c_int::from);
        out.inputs = r.inputs;
        out.outputs = r.outputs;
        out.coinbase = c_int::from(r.coinbase);
        out.proof_kind = match r.proof_kind {
            TxProofKind::None => BPKIT_MONERO_PROOFS_NONE,
            TxProofKind::Bulletproofs => BPKIT_MONERO_PROOFS_BP,
            TxProofKind::BulletproofsPlus => BPKIT_MONERO_PROOFS_BP_PLUS,
        };
        out.verdict = match r.verdict {
            TxVerdict::Valid => BPKIT_MONERO_VALID,
            TxVerdict::Invalid(_) => BPKIT_MONERO_INVALID,
            TxVerdict::Malformed(_) => BPKIT_MONERO_MALFORMED,
            TxVerdict::NoBulletproofs => BPKIT_MONERO_NO_BULLETPROOFS,
        };
        out
    }
}

/// Parses a raw Monero transaction (`tx_len` bytes, binary) and verifies its range proof
/// (Bulletproofs for RingCT types 3-5, Bulletproofs+ for type 6) against its output
/// commitments, as `bpkit monero verify-tx` does. `*out` is always written: `parsed` = 1 with
/// the transaction's hash, type, counts, proof kind and verdict when the bytes are a
/// transaction, `parsed` = 0 otherwise. Returns `BPKIT_OK` when the proof is valid or there is
/// none (`verdict` tells which), `BPKIT_INVALID_PROOF` for a false proof
/// (`verification-failed`), `BPKIT_MALFORMED` for a malformed proof (`parsed` = 1; kinds such
/// as `invalid-point`, `non-canonical-scalar`, `wrong-rounds`) or bytes that are not a
/// transaction (`parsed` = 0; `wrong-length`, `malformed-transaction`, `invalid-varint`),
/// `BPKIT_NULL` for a NULL `out` (or `tx` NULL with a non-zero length).
///
/// # Safety
/// `tx` points to `tx_len` readable bytes; `out` points to a writable `bpkit_monero_tx_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_monero_verify_tx(
    tx: *const u8,
    tx_len: usize,
    out: *mut BpkitMoneroTx,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract (`out` writable).
        unsafe { raw::store(out, BpkitMoneroTx::empty(), "out") }?;
        // SAFETY: caller's contract.
        let bytes = unsafe { raw::bytes(tx, tx_len, "tx") }?;
        let report = bpkit_envelope::monero::verify_tx(bytes)
            .map_err(|e| CError::argument(monero_error_kind(&e), e.to_string()))?;
        // SAFETY: as above.
        unsafe { raw::store(out, BpkitMoneroTx::of(&report), "out") }?;
        match report.verdict {
            TxVerdict::Valid | TxVerdict::NoBulletproofs => Ok(()),
            TxVerdict::Invalid(e) => Err(CError {
                status: Status::BPKIT_INVALID_PROOF,
                kind: monero_error_kind(&e),
                message: e.to_string(),
            }),
            TxVerdict::Malformed(e) => Err(CError::argument(monero_error_kind(&e), e.to_string())),
        }
    })
}

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
    // SAFETY: the caller's contract, passed on.
    unsafe { accessor::free(opening) }
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
    // SAFETY: the caller's contract, passed on.
    unsafe {
        accessor::fixed(opening, "opening", out, out_len, |o| {
            Zeroizing::new(*o.inner.mask.as_bytes())
        })
    }
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
    // SAFETY: the caller's contract, passed on.
    unsafe {
        accessor::fixed(opening, "opening", out, out_len, |o| {
            Zeroizing::new(o.inner.commit())
        })
    }
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
    // SAFETY: the caller's contract, passed on unchanged.
    unsafe { prove(openings, count, out, out_cap, out_len, true) }
}

/// [`bpkit_prove_monero`] with Monero's original Bulletproofs (RingCT types 3–5): the envelope
/// of `bpkit prove --scheme monero-bp`. The proof is 96 bytes longer than the Bulletproofs+ one;
/// 4,096 bytes still suffice for 16 outputs.
///
/// # Safety
/// As for [`bpkit_prove_monero`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_prove_monero_bp(
    openings: *const *const BpkitMoneroOpening,
    count: usize,
    out: *mut u8,
    out_cap: usize,
    out_len: *mut usize,
) -> Status {
    // SAFETY: the caller's contract, passed on unchanged.
    unsafe { prove(openings, count, out, out_cap, out_len, false) }
}

/// The two provers' common body (`plus`: Bulletproofs+, else the original Bulletproofs).
///
/// # Safety
/// As for [`bpkit_prove_monero`].
unsafe fn prove(
    openings: *const *const BpkitMoneroOpening,
    count: usize,
    out: *mut u8,
    out_cap: usize,
    out_len: *mut usize,
    plus: bool,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let openings = unsafe { raw::handles(openings, count, "openings") }?;
        let openings: Vec<bpkit::monero::Opening> =
            openings.iter().map(|o| o.inner.clone()).collect();
        let mut rng = os_rng()?;
        let env = facade::prove_monero(&openings, plus, &mut rng)
            .map_err(|e| CError::prove(&Failure::Proof(e)))?;
        drop(openings);
        let mut text =
            facade::monero_to_json(&env).map_err(|e| CError::verify(&Failure::Envelope(e)))?;
        text.push('\n');
        // SAFETY: caller's contract.
        unsafe { raw::write_bytes(text.as_bytes(), out, out_cap, out_len, true, "out") }
    })
}
