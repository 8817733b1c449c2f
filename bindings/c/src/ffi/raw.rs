//! Raw pointers from C to Rust references and back, each checked for NULL (and alignment,
//! and lengths that fit `isize`) before use.
//!
//! The caller's part of the contract, stated in the header: a non-NULL pointer points to at
//! least `len` readable (or writable, for outputs) elements that stay valid for the call, and a
//! handle pointer was returned by this library and not yet freed. That part cannot be checked.

use crate::error::CError;
use bpkit::group::CompressedRistretto;
use std::os::raw::c_int;

/// `len` bytes at `ptr`; NULL with length 0 is the empty slice.
///
/// # Safety
/// A non-NULL `ptr` points to `len` readable bytes valid for `'a`.
pub unsafe fn bytes<'a>(ptr: *const u8, len: usize, what: &str) -> Result<&'a [u8], CError> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(CError::null(what));
    }
    if isize::try_from(len).is_err() {
        return Err(CError::argument(
            "invalid-argument",
            format!("{what}: length too large"),
        ));
    }
    // SAFETY: non-NULL, `len` fits isize, and the caller guarantees `len` readable bytes.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// `len` `u64`s at `ptr` (8-byte aligned); NULL with length 0 is the empty slice.
///
/// # Safety
/// A non-NULL `ptr` points to `len` readable `u64`s valid for `'a`.
pub unsafe fn u64s<'a>(ptr: *const u64, len: usize, what: &str) -> Result<&'a [u64], CError> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(CError::null(what));
    }
    if !ptr.is_aligned()
        || len
            .checked_mul(8)
            .and_then(|b| isize::try_from(b).ok())
            .is_none()
    {
        return Err(CError::argument(
            "invalid-argument",
            format!("{what}: misaligned or too long"),
        ));
    }
    // SAFETY: non-NULL, aligned, size fits isize, and the caller guarantees `len` values.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// A UTF-8 label of `len` bytes at `ptr`.
///
/// # Safety
/// As [`bytes`].
pub unsafe fn label<'a>(ptr: *const u8, len: usize) -> Result<&'a str, CError> {
    // SAFETY: forwarded contract.
    let bytes = unsafe { bytes(ptr, len, "label") }?;
    std::str::from_utf8(bytes)
        .map_err(|_| CError::argument("invalid-argument", "the label is not UTF-8"))
}

/// Exactly 32 bytes (a commitment, blinding or seed).
///
/// # Safety
/// As [`bytes`].
pub unsafe fn bytes32(ptr: *const u8, len: usize, what: &str) -> Result<[u8; 32], CError> {
    // SAFETY: forwarded contract.
    let b = unsafe { bytes(ptr, len, what) }?;
    <[u8; 32]>::try_from(b).map_err(|_| {
        CError::argument(
            "wrong-length",
            format!("{what} must be 32 bytes, not {len}"),
        )
    })
}

/// `len` bytes of concatenated 32-byte commitments (`len` a multiple of 32).
///
/// # Safety
/// As [`bytes`].
pub unsafe fn commitments(ptr: *const u8, len: usize) -> Result<Vec<CompressedRistretto>, CError> {
    // SAFETY: forwarded contract.
    let b = unsafe { bytes(ptr, len, "commitments") }?;
    if !len.is_multiple_of(32) {
        return Err(CError::argument(
            "wrong-length",
            format!("commitments: {len} bytes is not a multiple of 32"),
        ));
    }
    Ok(b.chunks_exact(32)
        .filter_map(|c| <[u8; 32]>::try_from(c).ok())
        .map(CompressedRistretto)
        .collect())
}

/// The handle at `ptr`.
///
/// # Safety
/// A non-NULL `ptr` was returned by this library for a `T` and not yet freed.
pub unsafe fn handle<'a, T>(ptr: *const T, what: &str) -> Result<&'a T, CError> {
    // SAFETY: the caller guarantees a live handle when non-NULL.
    unsafe { ptr.as_ref() }.ok_or_else(|| CError::null(what))
}

/// `count` handles from an array of pointers.
///
/// # Safety
/// A non-NULL `ptr` points to `count` readable pointers, each NULL or a live handle.
pub unsafe fn handles<'a, T>(
    ptr: *const *const T,
    count: usize,
    what: &str,
) -> Result<Vec<&'a T>, CError> {
    if count == 0 {
        return Ok(Vec::new());
    }
    if ptr.is_null() {
        return Err(CError::null(what));
    }
    if count
        .checked_mul(size_of::<*const T>())
        .and_then(|b| isize::try_from(b).ok())
        .is_none()
        || !ptr.is_aligned()
    {
        return Err(CError::argument(
            "invalid-argument",
            format!("{what}: bad array"),
        ));
    }
    // SAFETY: non-NULL, aligned, size fits isize, caller guarantees `count` pointers.
    let pointers = unsafe { std::slice::from_raw_parts(ptr, count) };
    pointers
        .iter()
        .enumerate()
        // SAFETY: each pointer is NULL or a live handle (caller's contract).
        .map(|(i, p)| unsafe { handle(*p, &format!("{what}[{i}]")) })
        .collect()
}

/// Stores `value` at `out`.
///
/// # Safety
/// A non-NULL `out` points to a writable `T`.
pub unsafe fn store<T>(out: *mut T, value: T, what: &str) -> Result<(), CError> {
    if out.is_null() || !out.is_aligned() {
        return Err(CError::null(what));
    }
    // SAFETY: non-NULL, aligned, writable (caller's contract).
    unsafe { out.write(value) };
    Ok(())
}

/// Boxes `value` and stores the handle at `out` (freed by the matching `_free`).
///
/// # Safety
/// As [`store`].
pub unsafe fn new_handle<T>(out: *mut *mut T, value: T, what: &str) -> Result<(), CError> {
    if out.is_null() || !out.is_aligned() {
        return Err(CError::null(what));
    }
    let ptr = Box::into_raw(Box::new(value));
    // SAFETY: non-NULL, aligned, writable (caller's contract).
    unsafe { out.write(ptr) };
    Ok(())
}

/// Checks, before any work is done, that `out` can take one handle.
pub fn check_out<T>(out: *mut *mut T, what: &str) -> Result<(), CError> {
    if out.is_null() || !out.is_aligned() {
        return Err(CError::null(what));
    }
    Ok(())
}

/// Checks, before any work is done, that `out` can take `count` handles (NULL only with 0).
pub fn check_out_array<T>(out: *mut *mut T, count: usize, what: &str) -> Result<(), CError> {
    if count == 0 {
        return Ok(());
    }
    if out.is_null() {
        return Err(CError::null(what));
    }
    if !out.is_aligned()
        || count
            .checked_mul(size_of::<*mut T>())
            .and_then(|b| isize::try_from(b).ok())
            .is_none()
    {
        return Err(CError::argument(
            "invalid-argument",
            format!("{what}: bad array"),
        ));
    }
    Ok(())
}

/// Boxes each value and stores the handles at `out[0..values.len()]`.
///
/// # Safety
/// `out` passed [`check_out_array`] with `count = values.len()` and points to that many
/// writable pointers.
pub unsafe fn new_handles<T>(out: *mut *mut T, values: Vec<T>, what: &str) -> Result<(), CError> {
    check_out_array(out, values.len(), what)?;
    for (i, value) in values.into_iter().enumerate() {
        let ptr = Box::into_raw(Box::new(value));
        // SAFETY: `i < count` writable, aligned pointers (caller's contract, checked above).
        unsafe { out.add(i).write(ptr) };
    }
    Ok(())
}

/// Frees a handle made by [`new_handle`]; NULL is ignored.
///
/// # Safety
/// `ptr` is NULL or a live handle of this library, not used again.
pub unsafe fn free<T>(ptr: *mut T) {
    if !ptr.is_null() {
        // SAFETY: a live handle made by Box::into_raw (caller's contract).
        drop(unsafe { Box::from_raw(ptr) });
    }
}

/// Copies `data` to `out` (capacity `cap`) and its length to `len_out`. With `nul`, a NUL
/// byte follows (not counted in the length, but needing room). Too small a buffer (or a NULL
/// one) stores the needed length and fails with `BPKIT_BUFFER_TOO_SMALL`.
///
/// # Safety
/// A non-NULL `out` points to `cap` writable bytes; a non-NULL `len_out` to a writable size.
pub unsafe fn write_bytes(
    data: &[u8],
    out: *mut u8,
    cap: usize,
    len_out: *mut usize,
    nul: bool,
    what: &str,
) -> Result<(), CError> {
    // SAFETY: forwarded contract.
    unsafe { store(len_out, data.len(), "the length output") }?;
    let needed = data.len().saturating_add(usize::from(nul));
    if out.is_null() || cap < needed {
        return Err(CError::buffer(
            what,
            needed,
            if out.is_null() { 0 } else { cap },
        ));
    }
    // SAFETY: `out` has `cap ≥ needed` writable bytes; `data` is a separate Rust allocation.
    unsafe {
        std::ptr::copy_nonoverlapping(data.as_ptr(), out, data.len());
        if nul {
            out.add(data.len()).write(0);
        }
    }
    Ok(())
}

/// Copies exactly `data.len()` bytes into `out` of capacity `cap`.
///
/// # Safety
/// As [`write_bytes`] for `out`.
pub unsafe fn write_fixed(data: &[u8], out: *mut u8, cap: usize, what: &str) -> Result<(), CError> {
    if out.is_null() {
        return Err(CError::null(what));
    }
    if cap < data.len() {
        return Err(CError::buffer(what, data.len(), cap));
    }
    // SAFETY: `out` has `cap ≥ data.len()` writable bytes.
    unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), out, data.len()) };
    Ok(())
}

/// The generator set of a `BPKIT_GENERATORS_*` constant.
pub fn generators(value: c_int) -> Result<bpkit_envelope::GeneratorSet, CError> {
    match value {
        crate::status::BPKIT_GENERATORS_BPKIT => Ok(bpkit_envelope::GeneratorSet::Bpkit),
        crate::status::BPKIT_GENERATORS_TARI => Ok(bpkit_envelope::GeneratorSet::Tari),
        other => Err(CError::argument(
            "invalid-argument",
            format!("generators {other}: use BPKIT_GENERATORS_BPKIT or BPKIT_GENERATORS_TARI"),
        )),
    }
}
