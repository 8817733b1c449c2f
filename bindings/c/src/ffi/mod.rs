//! The exported C functions and the raw-pointer handling they need: the only unsafe code of
//! the C binding. Every function runs its body under [`guard`] (`catch_unwind`), checks every
//! pointer before use, and pairs every pointer with a length.
#![allow(unsafe_code)]

mod accessor;
mod batch;
mod envelope;
mod errors;
mod monero;
mod opening;
mod proofs;
mod prove;
mod raw;
mod statements;

pub use batch::*;
pub use envelope::*;
pub use errors::*;
pub use monero::*;
pub use opening::*;
pub use proofs::*;
pub use prove::*;
pub use statements::*;

use crate::error::{self, CError};
use crate::status::Status;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs `f`, catching any panic, and turns its outcome into a status with the thread's last
/// error set (cleared on success).
fn guard(f: impl FnOnce() -> Result<(), CError>) -> Status {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => {
            error::clear();
            Status::BPKIT_OK
        }
        Ok(Err(e)) => {
            error::set(e.kind, &e.message);
            e.status
        }
        Err(_) => {
            error::set(
                "panic",
                "internal error: a panic was caught at the C boundary (please report it)",
            );
            Status::BPKIT_INTERNAL
        }
    }
}

/// The operating system's random number generator (fallible seeding).
fn os_rng() -> Result<rand::rngs::StdRng, CError> {
    use rand::SeedableRng;
    rand::rngs::StdRng::try_from_rng(&mut rand::rngs::SysRng).map_err(|e| {
        CError::internal(
            "no-randomness",
            format!("the operating system's random number generator failed: {e}"),
        )
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::panic, clippy::unwrap_used)]
    use super::*;
    use std::ffi::CStr;

    fn last() -> (String, String) {
        // SAFETY: the pointers are the thread's live last-error strings.
        unsafe {
            (
                CStr::from_ptr(bpkit_last_error_kind())
                    .to_string_lossy()
                    .into_owned(),
                CStr::from_ptr(bpkit_last_error())
                    .to_string_lossy()
                    .into_owned(),
            )
        }
    }

    #[test]
    fn panics_do_not_cross_the_boundary() {
        let status = guard(|| panic!("boom"));
        assert_eq!(status, Status::BPKIT_INTERNAL);
        assert_eq!(last().0, "panic");
        assert_eq!(guard(|| Ok(())), Status::BPKIT_OK);
        assert_eq!(last(), (String::new(), String::new()));
    }

    #[test]
    fn last_error_is_per_thread() {
        assert_eq!(guard(|| Err(CError::null("x"))), Status::BPKIT_NULL);
        let other = std::thread::spawn(last).join().unwrap();
        assert_eq!(other, (String::new(), String::new()));
        assert_eq!(last().0, "null-argument");
    }

    #[test]
    fn thread_counts_above_256_are_refused() {
        assert_eq!(bpkit_set_threads(257), Status::BPKIT_MALFORMED);
        assert_eq!(last().0, "invalid-argument");
        assert_eq!(bpkit_set_threads(usize::MAX), Status::BPKIT_MALFORMED);
        assert_eq!(bpkit_set_threads(256), Status::BPKIT_OK);
        assert_eq!(bpkit_set_threads(0), Status::BPKIT_OK);
    }

    #[test]
    fn messages_with_nul_bytes_survive() {
        let status = guard(|| Err(CError::argument("invalid-argument", "a\0b")));
        assert_eq!(status, Status::BPKIT_MALFORMED);
        assert_eq!(last().1, "a\u{fffd}b");
    }
}
