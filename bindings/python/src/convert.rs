//! Arguments from Python: integers, 32-byte strings, commitments, generator names, seeds.
//! Every failure is a `MalformedError` with kind `invalid-argument`, `wrong-length` or the
//! library's kind.

use crate::errors::{decode_error, malformed};
use bpkit::group::{CompressedRistretto, Scalar};
use bpkit::plus::RecoverySeed;
use bpkit_envelope::GeneratorSet;
use pyo3::prelude::*;
use zeroize::Zeroizing;

/// A value in `[0, 2⁶⁴)`.
pub fn u64_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    obj.extract::<u64>().map_err(|_| {
        malformed(
            "invalid-argument",
            format!("{what} must be an int in [0, 2^64)"),
        )
    })
}

/// A value in `[0, 2¹²⁸)` (an interval's upper bound).
pub fn u128_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u128> {
    obj.extract::<u128>().map_err(|_| {
        malformed(
            "invalid-argument",
            format!("{what} must be an int in [0, 2^128)"),
        )
    })
}

/// Exactly 32 bytes.
pub fn bytes32(bytes: &[u8], what: &str) -> PyResult<[u8; 32]> {
    <[u8; 32]>::try_from(bytes).map_err(|_| {
        malformed(
            "wrong-length",
            format!("{what} must be 32 bytes, not {}", bytes.len()),
        )
    })
}

/// A canonical scalar from 32 bytes; the temporary copy is wiped.
pub fn scalar(bytes: &[u8], what: &str) -> PyResult<Scalar> {
    let raw = Zeroizing::new(bytes32(bytes, what)?);
    Option::<Scalar>::from(Scalar::from_canonical_bytes(*raw))
        .ok_or_else(|| decode_error(bpkit::Error::NonCanonicalScalar { offset: 0 }))
}

/// A recovery seed (32 bytes, a canonical scalar); the temporary copy is wiped.
pub fn seed(bytes: &[u8]) -> PyResult<RecoverySeed> {
    let raw = Zeroizing::new(bytes32(bytes, "seed")?);
    RecoverySeed::from_bytes(&raw).map_err(decode_error)
}

/// A list of 32-byte commitments (each is checked to be a point only when verifying).
pub fn commitments(list: Vec<Vec<u8>>) -> PyResult<Vec<CompressedRistretto>> {
    list.iter()
        .enumerate()
        .map(|(i, c)| bytes32(c, &format!("commitment {i}")).map(CompressedRistretto))
        .collect()
}

/// `"bpkit"` or `"tari"`.
pub fn generators(name: &str) -> PyResult<GeneratorSet> {
    GeneratorSet::from_name(name).ok_or_else(|| {
        malformed(
            "invalid-argument",
            format!("generators must be \"bpkit\" or \"tari\", not {name:?}"),
        )
    })
}

/// A bit size as given (checked by the library, which reports `invalid-bit-size`).
pub fn bits_arg(bits: u64) -> usize {
    usize::try_from(bits).unwrap_or(usize::MAX)
}

/// The most threads a prover may be given (`threads` arguments: 0 to this).
pub const MAX_THREADS: i64 = 256;

/// A prover's `threads` argument: 0 (rayon's global pool: `RAYON_NUM_THREADS`, else one thread
/// per core) or 1 to 256.
pub fn threads_arg(threads: i64) -> PyResult<usize> {
    usize::try_from(threads)
        .ok()
        .filter(|_| threads <= MAX_THREADS)
        .ok_or_else(|| {
            malformed(
                "invalid-argument",
                format!(
                    "threads must be 0 (the default pool) or 1 to {MAX_THREADS}, not {threads}"
                ),
            )
        })
}

/// The OS random number generator (fallible seeding: no panic).
pub fn os_rng() -> PyResult<rand::rngs::StdRng> {
    use rand::SeedableRng;
    rand::rngs::StdRng::try_from_rng(&mut rand::rngs::SysRng).map_err(|e| {
        pyo3::exceptions::PyOSError::new_err(format!(
            "the operating system's random number generator failed: {e}"
        ))
    })
}
