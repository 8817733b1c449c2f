//! Status codes and the integer constants of the C API.

use std::os::raw::c_int;

/// The outcome of every fallible function. `BPKIT_OK` is 0; the others set the calling
/// thread's last error (`bpkit_last_error`, `bpkit_last_error_kind`).
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Success; for a verification, the proof is valid.
    BPKIT_OK = 0,
    /// The inputs are well-formed but the proof is false (kinds `verification-failed`,
    /// `size-mismatch`, `extension-mismatch`, `recovery-failed`).
    BPKIT_INVALID_PROOF = 1,
    /// Malformed, non-canonical or out-of-domain input (bad encoding, invalid point, bad
    /// envelope, bad argument).
    BPKIT_MALFORMED = 2,
    /// The prover refused its witness or parameters: nothing was proven.
    BPKIT_PROVING = 3,
    /// A required pointer was NULL (or NULL with a non-zero length).
    BPKIT_NULL = 4,
    /// An output buffer is too small; the needed length was stored where the API says.
    BPKIT_BUFFER_TOO_SMALL = 5,
    /// An internal error (a panic caught at the boundary, or no randomness): a bug or a broken
    /// system, never caused by input.
    BPKIT_INTERNAL = 6,
}

impl Status {
    /// The name of a status value, or `None` for an unknown one.
    pub fn name_of(status: c_int) -> Option<&'static str> {
        Some(match status {
            0 => "BPKIT_OK",
            1 => "BPKIT_INVALID_PROOF",
            2 => "BPKIT_MALFORMED",
            3 => "BPKIT_PROVING",
            4 => "BPKIT_NULL",
            5 => "BPKIT_BUFFER_TOO_SMALL",
            6 => "BPKIT_INTERNAL",
            _ => return None,
        })
    }
}

/// Generator set: bpkit's default Bulletproofs+ generators (the same bases as `bpkit_commit`
/// for `k = 1`).
pub const BPKIT_GENERATORS_BPKIT: c_int = 0;
/// Generator set: `tari_bulletproofs_plus`'s generators.
pub const BPKIT_GENERATORS_TARI: c_int = 1;

/// Proof kind for `bpkit_proof_check`: a range proof.
pub const BPKIT_PROOF_RANGE: c_int = 0;
/// Proof kind for `bpkit_proof_check`: an interval proof.
pub const BPKIT_PROOF_INTERVAL: c_int = 1;
/// Proof kind for `bpkit_proof_check`: a Bulletproofs+ proof.
pub const BPKIT_PROOF_PLUS: c_int = 2;
