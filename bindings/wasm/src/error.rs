//! Errors thrown to JavaScript: instances of the package's `Error` subclasses (`js/errors.js`),
//! each with a stable `kind`.
//!
//! Every fallible export returns `Result<_, BindingError>`; wasm-bindgen throws the error.
//! Nothing here panics: a panic in WebAssembly is an unrecoverable trap, so the lint wall of the
//! workspace applies to this crate as to the core.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/errors.js")]
extern "C" {
    #[wasm_bindgen(js_name = makeError)]
    fn make_error(family: &str, kind: &str, message: &str, index: Option<u32>) -> JsValue;
}

/// Which `Error` subclass is thrown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// `MalformedError`: bad encodings, statements or arguments.
    Malformed,
    /// `InvalidProofError`: a well-formed proof that does not verify.
    InvalidProof,
    /// `ProvingError`: the prover refused the witness.
    Proving,
    /// `BpkitError` itself: the environment failed (no randomness).
    Other,
}

impl Family {
    /// The JavaScript class name.
    pub fn class(self) -> &'static str {
        match self {
            Family::Malformed => "MalformedError",
            Family::InvalidProof => "InvalidProofError",
            Family::Proving => "ProvingError",
            Family::Other => "BpkitError",
        }
    }

    /// The family of a library error from a decoder or verifier (the table of
    /// bindings/README.md). Errors of a prover are all [`Family::Proving`]
    /// ([`BindingError::proving`]).
    pub fn of(e: &bpkit::Error) -> Family {
        match e {
            _ if e.is_invalid_proof() => Family::InvalidProof,
            bpkit::Error::RecoveryFailed => Family::InvalidProof,
            _ => Family::Malformed,
        }
    }
}

/// Kind of an argument that is not what the function takes (a number where a `bigint` is
/// expected, a negative or too large value, an unknown generator set, a 31-byte key, …).
pub const INVALID_ARGUMENT: &str = "invalid-argument";

/// Kind of a failure of the system's random source (`crypto.getRandomValues`).
pub const NO_RANDOMNESS: &str = "randomness-unavailable";

/// An error on its way to JavaScript.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BindingError {
    family: Family,
    kind: &'static str,
    message: String,
    /// For a batch, the index of the proof at fault (`err.index` in JavaScript).
    index: Option<u32>,
}

impl BindingError {
    /// An error of `family` and `kind`.
    pub fn new(family: Family, kind: &'static str, message: impl Into<String>) -> Self {
        BindingError {
            family,
            kind,
            message: message.into(),
            index: None,
        }
    }

    /// An error of a prover: whatever the core reports, nothing was proven (`ProvingError`).
    pub fn proving(e: impl Into<BindingError>) -> Self {
        BindingError {
            family: Family::Proving,
            ..e.into()
        }
    }

    /// The same error, about the proof at `index` of a batch.
    pub fn at(mut self, index: usize) -> Self {
        self.index = u32::try_from(index).ok();
        self.message = format!("proof {index}: {}", self.message);
        self
    }

    /// A `MalformedError` of kind `invalid-argument`.
    pub fn argument(message: impl Into<String>) -> Self {
        Self::new(Family::Malformed, INVALID_ARGUMENT, message)
    }

    /// The subclass thrown.
    pub fn family(&self) -> Family {
        self.family
    }

    /// The stable kind.
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// The human-readable message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl From<bpkit::Error> for BindingError {
    fn from(e: bpkit::Error) -> Self {
        BindingError::new(Family::of(&e), e.kind(), e.to_string())
    }
}

impl From<bpkit_envelope::EnvelopeError> for BindingError {
    fn from(e: bpkit_envelope::EnvelopeError) -> Self {
        // The facade's category: malformed, except a statement other than the one expected.
        BindingError::from(bpkit_envelope::Failure::Envelope(e))
    }
}

/// The facade's failures keep the facade's category (it is the reference for every binding).
impl From<bpkit_envelope::Failure> for BindingError {
    fn from(e: bpkit_envelope::Failure) -> Self {
        let family = match e.category() {
            bpkit_envelope::Category::Invalid => Family::InvalidProof,
            bpkit_envelope::Category::Malformed => Family::Malformed,
            bpkit_envelope::Category::Proving => Family::Proving,
        };
        BindingError::new(family, e.kind(), e.to_string())
    }
}

impl From<BindingError> for JsValue {
    fn from(e: BindingError) -> JsValue {
        make_error(e.family.class(), e.kind, &e.message, e.index)
    }
}

/// The result type of every fallible export.
pub type Result<T> = core::result::Result<T, BindingError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_follow_the_shared_table() {
        let cases = [
            (bpkit::Error::VerificationFailed, Family::InvalidProof),
            (
                bpkit::Error::SizeMismatch {
                    proof: 64,
                    statement: 128,
                },
                Family::InvalidProof,
            ),
            (
                bpkit::Error::ExtensionMismatch {
                    expected: 1,
                    found: 2,
                },
                Family::InvalidProof,
            ),
            (bpkit::Error::RecoveryFailed, Family::InvalidProof),
            // Outside a prover (whose errors are all `Proving`), a refused witness is malformed.
            (
                bpkit::Error::ValueOutOfRange { index: 0 },
                Family::Malformed,
            ),
            (
                bpkit::Error::NonCanonicalScalar { offset: 0 },
                Family::Malformed,
            ),
            (
                bpkit::Error::InvalidCommitment { index: 0 },
                Family::Malformed,
            ),
            (bpkit::Error::InvalidBitSize(7), Family::Malformed),
        ];
        for (e, family) in cases {
            let b = BindingError::from(e);
            assert_eq!(b.family(), family, "{e:?}");
            assert_eq!(b.kind(), e.kind());
            let f = BindingError::from(bpkit_envelope::Failure::Proof(e));
            assert_eq!(
                (f.family(), f.kind()),
                (family, e.kind()),
                "the facade's category"
            );
            let p = BindingError::proving(e);
            assert_eq!((p.family(), p.kind()), (Family::Proving, e.kind()));
        }
    }
}
