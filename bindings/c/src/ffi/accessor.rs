//! The one body of every handle accessor and destructor: `bpkit_<type>_<field>` checks the
//! handle, computes the field and writes it out; `bpkit_<type>_free` drops the handle. Each
//! exported accessor is one call of these. (A function, not a macro: cbindgen reads the exported
//! functions themselves, and does not expand macros on stable Rust.)

use super::{guard, raw};
use crate::error::CError;
use crate::status::Status;
use zeroize::Zeroizing;

/// `*out = field(handle)`.
///
/// # Safety
/// `handle` is NULL (an error) or a live handle; `out` is NULL (an error) or points to a
/// writable `T`.
pub(super) unsafe fn value<H, T>(
    handle: *const H,
    what: &str,
    out: *mut T,
    field: impl FnOnce(&H) -> T,
) -> Status {
    guard(|| {
        // SAFETY: the caller's contract.
        let h = unsafe { raw::handle(handle, what) }?;
        // SAFETY: the caller's contract.
        unsafe { raw::store(out, field(h), "out") }
    })
}

/// The `N` bytes of `field(handle)` into `out` (capacity `out_len` ≥ `N`); the temporary copy
/// is wiped (some fields are secret).
///
/// # Safety
/// `handle` as for [`value`]; `out` is NULL (an error) or points to `out_len` writable bytes.
pub(super) unsafe fn fixed<H, const N: usize>(
    handle: *const H,
    what: &str,
    out: *mut u8,
    out_len: usize,
    field: impl FnOnce(&H) -> Zeroizing<[u8; N]>,
) -> Status {
    guard(|| {
        // SAFETY: the caller's contract.
        let h = unsafe { raw::handle(handle, what) }?;
        let bytes = field(h);
        // SAFETY: the caller's contract.
        unsafe { raw::write_fixed(bytes.as_ref(), out, out_len, "out") }
    })
}

/// The bytes of `field(handle)` into `out` of capacity `out_cap` (followed by a NUL byte with
/// `nul`), their length at `*out_len`; the temporary copy is wiped.
///
/// # Safety
/// `handle` as for [`value`]; `out` is NULL or points to `out_cap` writable bytes; `out_len`
/// is NULL (an error) or points to a writable `size_t`.
pub(super) unsafe fn bytes<H>(
    handle: *const H,
    what: &str,
    out: *mut u8,
    out_cap: usize,
    out_len: *mut usize,
    nul: bool,
    field: impl FnOnce(&H) -> Result<Zeroizing<Vec<u8>>, CError>,
) -> Status {
    guard(|| {
        // SAFETY: the caller's contract.
        let h = unsafe { raw::handle(handle, what) }?;
        let data = field(h)?;
        // SAFETY: the caller's contract.
        unsafe { raw::write_bytes(&data, out, out_cap, out_len, nul, "out") }
    })
}

/// Drops (and so zeroizes) a handle; NULL is ignored. A panic while dropping is caught: there
/// is nothing to report it to.
///
/// # Safety
/// `handle` is NULL or a live handle, not used again.
pub(super) unsafe fn free<H>(handle: *mut H) {
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // SAFETY: the caller's contract.
        unsafe { raw::free(handle) }
    }));
}
