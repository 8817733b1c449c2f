//! Monero transactions: `bpkit_monero_verify_tx` parses a raw transaction and verifies its
//! range proof, as `bpkit monero verify-tx` does (the facade's
//! `bpkit_envelope::monero::verify_tx`).

use super::guard;
use super::raw;
use crate::error::CError;
use crate::status::Status;
use bpkit_envelope::monero::{monero_error_kind, TxProofKind, TxReport, TxVerdict};
use std::os::raw::{c_char, c_int};

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
