//! Openings: `bpkit_commit`, `bpkit_opening_*`, `bpkit_extended_opening_*`.

use super::accessor;
use super::raw::{self, bytes32};
use super::{guard, os_rng};
use crate::error::CError;
use crate::handles::{BpkitExtendedOpening, BpkitOpening};
use crate::status::Status;
use bpkit::group::Scalar;
use bpkit_envelope::shared_plus_gens;
use std::os::raw::c_int;
use zeroize::Zeroizing;

/// A canonical scalar from 32 bytes; the temporary copy is wiped.
fn scalar(raw32: [u8; 32], what: &str) -> Result<Scalar, CError> {
    let raw32 = Zeroizing::new(raw32);
    Option::<Scalar>::from(Scalar::from_canonical_bytes(*raw32)).ok_or_else(|| CError {
        status: Status::BPKIT_MALFORMED,
        kind: "non-canonical-scalar",
        message: format!("{what} is not a canonical scalar"),
    })
}

/// Commits to `value` with a fresh random blinding; stores a new opening at `*out` (free it
/// with `bpkit_opening_free`).
///
/// # Safety
/// `out` points to a writable `bpkit_opening_t *`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_commit(value: u64, out: *mut *mut BpkitOpening) -> Status {
    guard(|| {
        let inner = bpkit::Opening::random(value, &mut os_rng()?);
        // SAFETY: caller's contract.
        unsafe { raw::new_handle(out, BpkitOpening { inner }, "out") }
    })
}

/// An opening with a chosen blinding (`blinding_len` = 32, a canonical scalar).
///
/// # Safety
/// `blinding` points to `blinding_len` readable bytes; `out` to a writable pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_opening_new(
    value: u64,
    blinding: *const u8,
    blinding_len: usize,
    out: *mut *mut BpkitOpening,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let b = scalar(
            unsafe { bytes32(blinding, blinding_len, "blinding") }?,
            "blinding",
        )?;
        let inner = bpkit::Opening::new(value, b);
        // SAFETY: caller's contract.
        unsafe { raw::new_handle(out, BpkitOpening { inner }, "out") }
    })
}

/// Frees (and zeroizes) an opening; NULL is ignored.
///
/// # Safety
/// `opening` is NULL or a live opening, not used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_opening_free(opening: *mut BpkitOpening) {
    // SAFETY: the caller's contract, passed on.
    unsafe { accessor::free(opening) }
}

/// The committed value.
///
/// # Safety
/// `opening` is a live opening; `out` points to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_opening_value(
    opening: *const BpkitOpening,
    out: *mut u64,
) -> Status {
    // SAFETY: the caller's contract, passed on.
    unsafe { accessor::value(opening, "opening", out, |o| o.inner.value) }
}

/// The blinding (32 bytes, secret) into `out` (`out_len` ≥ 32). Wipe it when done
/// (`explicit_bzero`): the library cannot.
///
/// # Safety
/// `opening` is a live opening; `out` points to `out_len` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_opening_blinding(
    opening: *const BpkitOpening,
    out: *mut u8,
    out_len: usize,
) -> Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        accessor::fixed(opening, "opening", out, out_len, |o| {
            Zeroizing::new(*o.inner.blinding.as_bytes())
        })
    }
}

/// The commitment (32 bytes) into `out` (`out_len` ≥ 32), computed in constant time.
///
/// # Safety
/// `opening` is a live opening; `out` points to `out_len` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_opening_commitment(
    opening: *const BpkitOpening,
    out: *mut u8,
    out_len: usize,
) -> Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        accessor::fixed(opening, "opening", out, out_len, |o| {
            Zeroizing::new(*o.inner.commit().as_bytes())
        })
    }
}

/// An extended opening (Bulletproofs+) with chosen blindings: `blindings_len` = 32·k bytes,
/// k from 1 to 6, each a canonical scalar.
///
/// # Safety
/// `blindings` points to `blindings_len` readable bytes; `out` to a writable pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_extended_opening_new(
    value: u64,
    blindings: *const u8,
    blindings_len: usize,
    out: *mut *mut BpkitExtendedOpening,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let b = unsafe { raw::bytes(blindings, blindings_len, "blindings") }?;
        let k = blindings_len / 32;
        if !blindings_len.is_multiple_of(32) || !(1..=6).contains(&k) {
            return Err(CError::argument(
                "invalid-extension-degree",
                format!("blindings: {blindings_len} bytes; need 32·k for k = 1 to 6"),
            ));
        }
        let scalars = b
            .chunks_exact(32)
            .map(|c| {
                let raw32 = <[u8; 32]>::try_from(c)
                    .map_err(|_| CError::argument("wrong-length", "blinding"))?;
                scalar(raw32, "a blinding")
            })
            .collect::<Result<Vec<_>, _>>()?;
        let inner = bpkit::plus::ExtendedOpening::new(value, scalars);
        // SAFETY: caller's contract.
        unsafe { raw::new_handle(out, BpkitExtendedOpening { inner }, "out") }
    })
}

/// An extended opening of `value` with `k` (1 to 6) fresh random blindings.
///
/// # Safety
/// `out` points to a writable pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_extended_opening_random(
    value: u64,
    k: usize,
    out: *mut *mut BpkitExtendedOpening,
) -> Status {
    guard(|| {
        if !(1..=6).contains(&k) {
            return Err(CError::argument(
                "invalid-extension-degree",
                format!("k must be 1 to 6, not {k}"),
            ));
        }
        let inner = bpkit::plus::ExtendedOpening::random(value, k, &mut os_rng()?);
        // SAFETY: caller's contract.
        unsafe { raw::new_handle(out, BpkitExtendedOpening { inner }, "out") }
    })
}

/// Frees (and zeroizes) an extended opening; NULL is ignored.
///
/// # Safety
/// `opening` is NULL or a live extended opening, not used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_extended_opening_free(opening: *mut BpkitExtendedOpening) {
    // SAFETY: the caller's contract, passed on.
    unsafe { accessor::free(opening) }
}

/// The committed value.
///
/// # Safety
/// `opening` is a live extended opening; `out` points to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_extended_opening_value(
    opening: *const BpkitExtendedOpening,
    out: *mut u64,
) -> Status {
    // SAFETY: the caller's contract, passed on.
    unsafe { accessor::value(opening, "opening", out, |o| o.inner.value) }
}

/// The blindings (32·k bytes, secret) into `out` of capacity `out_cap`; their length is
/// stored at `*out_len` (also when the buffer is too small). Wipe them when done.
///
/// # Safety
/// `opening` is a live extended opening; `out` points to `out_cap` writable bytes; `out_len`
/// to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_extended_opening_blindings(
    opening: *const BpkitExtendedOpening,
    out: *mut u8,
    out_cap: usize,
    out_len: *mut usize,
) -> Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        accessor::bytes(opening, "opening", out, out_cap, out_len, false, |o| {
            let blindings = &o.inner.blindings;
            let mut all = Zeroizing::new(Vec::with_capacity(blindings.len().saturating_mul(32)));
            for b in blindings {
                all.extend_from_slice(b.as_bytes());
            }
            Ok(all)
        })
    }
}

/// The commitment (32 bytes) under `generators` (`BPKIT_GENERATORS_BPKIT` or `_TARI`).
///
/// # Safety
/// `opening` is a live extended opening; `out` points to `out_len` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_extended_opening_commitment(
    opening: *const BpkitExtendedOpening,
    generators: c_int,
    out: *mut u8,
    out_len: usize,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract.
        let o = unsafe { raw::handle(opening, "opening") }?;
        let set = raw::generators(generators)?;
        let gens = shared_plus_gens(set, o.inner.blindings.len()).map_err(CError::decode)?;
        let c = o
            .inner
            .commit_with(gens.pedersen())
            .map_err(CError::decode)?;
        // SAFETY: caller's contract.
        unsafe { raw::write_fixed(c.as_bytes(), out, out_len, "out") }
    })
}
