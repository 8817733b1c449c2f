//! The per-thread last error, status names and the version.

use crate::error;
use crate::status::Status;
use std::os::raw::{c_char, c_int};

/// The calling thread's last error message (UTF-8, NUL-terminated; `""` after a success).
/// Valid until this thread's next bpkit call; never NULL.
#[unsafe(no_mangle)]
pub extern "C" fn bpkit_last_error() -> *const c_char {
    std::panic::catch_unwind(error::message_ptr).unwrap_or(c"".as_ptr())
}

/// The calling thread's last error kind: a stable machine-readable name such as
/// `"verification-failed"`, `"wrong-length"`, `"null-argument"` (`""` after a success).
/// Valid until this thread's next bpkit call; never NULL.
#[unsafe(no_mangle)]
pub extern "C" fn bpkit_last_error_kind() -> *const c_char {
    std::panic::catch_unwind(error::kind_ptr).unwrap_or(c"".as_ptr())
}

/// The name of a status value (`"BPKIT_OK"`, ...), or `"unknown status"`. Static; never NULL.
#[unsafe(no_mangle)]
pub extern "C" fn bpkit_status_name(status: c_int) -> *const c_char {
    match Status::name_of(status) {
        Some("BPKIT_OK") => c"BPKIT_OK".as_ptr(),
        Some("BPKIT_INVALID_PROOF") => c"BPKIT_INVALID_PROOF".as_ptr(),
        Some("BPKIT_MALFORMED") => c"BPKIT_MALFORMED".as_ptr(),
        Some("BPKIT_PROVING") => c"BPKIT_PROVING".as_ptr(),
        Some("BPKIT_NULL") => c"BPKIT_NULL".as_ptr(),
        Some("BPKIT_BUFFER_TOO_SMALL") => c"BPKIT_BUFFER_TOO_SMALL".as_ptr(),
        Some("BPKIT_INTERNAL") => c"BPKIT_INTERNAL".as_ptr(),
        _ => c"unknown status".as_ptr(),
    }
}

/// The library version, e.g. `"0.1.0"`. Static; never NULL.
#[unsafe(no_mangle)]
pub extern "C" fn bpkit_version() -> *const c_char {
    const VERSION: &std::ffi::CStr = match std::ffi::CStr::from_bytes_with_nul(
        concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes(),
    ) {
        Ok(v) => v,
        Err(_) => c"unknown",
    };
    VERSION.as_ptr()
}
