//! Errors at the boundary and the per-thread last error.

use crate::status::Status;
use bpkit_envelope::{Category, Failure};
use std::cell::RefCell;
use std::ffi::CString;

/// A failed call: its status, stable kind and message.
#[derive(Debug)]
pub struct CError {
    /// The status returned to C.
    pub status: Status,
    /// The stable kind (`bpkit::Error::kind` and friends).
    pub kind: &'static str,
    /// A human-readable message.
    pub message: String,
}

impl CError {
    /// A failure to verify, decode or recover.
    pub fn verify(e: &Failure) -> Self {
        let status = match e.category() {
            Category::Invalid => Status::BPKIT_INVALID_PROOF,
            Category::Malformed => Status::BPKIT_MALFORMED,
            Category::Proving => Status::BPKIT_PROVING,
        };
        CError {
            status,
            kind: e.kind(),
            message: e.to_string(),
        }
    }

    /// A library error met while decoding or checking a statement (malformed).
    pub fn decode(e: bpkit::Error) -> Self {
        Self::verify(&Failure::Proof(e))
    }

    /// A failure to prove.
    pub fn prove(e: &Failure) -> Self {
        CError {
            status: Status::BPKIT_PROVING,
            kind: e.kind(),
            message: e.to_string(),
        }
    }

    /// A required pointer was NULL.
    pub fn null(what: &str) -> Self {
        CError {
            status: Status::BPKIT_NULL,
            kind: "null-argument",
            message: format!("{what} is NULL"),
        }
    }

    /// A malformed argument.
    pub fn argument(kind: &'static str, message: impl Into<String>) -> Self {
        CError {
            status: Status::BPKIT_MALFORMED,
            kind,
            message: message.into(),
        }
    }

    /// An output buffer too small.
    pub fn buffer(what: &str, needed: usize, given: usize) -> Self {
        CError {
            status: Status::BPKIT_BUFFER_TOO_SMALL,
            kind: "buffer-too-small",
            message: format!("{what}: {needed} bytes needed, {given} given"),
        }
    }

    /// An internal error.
    pub fn internal(kind: &'static str, message: impl Into<String>) -> Self {
        CError {
            status: Status::BPKIT_INTERNAL,
            kind,
            message: message.into(),
        }
    }
}

struct Last {
    kind: CString,
    message: CString,
}

thread_local! {
    static LAST: RefCell<Last> = RefCell::new(Last {
        kind: CString::default(),
        message: CString::default(),
    });
}

/// A C string of `text`, with any interior NUL replaced (never fails).
fn c_string(text: &str) -> CString {
    CString::new(text.replace('\0', "\u{fffd}")).unwrap_or_default()
}

/// Records the calling thread's last error.
pub fn set(kind: &str, message: &str) {
    LAST.with(|last| {
        if let Ok(mut last) = last.try_borrow_mut() {
            last.kind = c_string(kind);
            last.message = c_string(message);
        }
    });
}

/// Clears the calling thread's last error.
pub fn clear() {
    set("", "");
}

/// A pointer to the calling thread's last message (valid until its next bpkit call).
pub fn message_ptr() -> *const std::os::raw::c_char {
    LAST.with(|last| {
        last.try_borrow()
            .map(|l| l.message.as_ptr())
            .unwrap_or(c"".as_ptr())
    })
}

/// A pointer to the calling thread's last kind (valid until its next bpkit call).
pub fn kind_ptr() -> *const std::os::raw::c_char {
    LAST.with(|last| {
        last.try_borrow()
            .map(|l| l.kind.as_ptr())
            .unwrap_or(c"".as_ptr())
    })
}
