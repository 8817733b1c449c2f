//! Typed errors of the Monero formats: malformed input (decoding, shapes) is told apart from a
//! well-formed proof that does not verify.

/// Everything that can go wrong reading or verifying Monero range proofs and transactions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoneroError {
    /// The input ended before the object did.
    #[error("truncated input: {needed} more bytes needed at offset {offset}")]
    Truncated {
        /// Byte offset where more input was needed.
        offset: usize,
        /// Bytes needed there.
        needed: usize,
    },
    /// Bytes follow the end of the object.
    #[error("{count} trailing bytes after offset {offset}")]
    TrailingBytes {
        /// Byte offset of the first extra byte.
        offset: usize,
        /// Number of extra bytes.
        count: usize,
    },
    /// A varint longer than 64 bits, or not minimally encoded (Monero rejects both).
    #[error("invalid varint at offset {offset}")]
    InvalidVarint {
        /// Byte offset of the varint.
        offset: usize,
    },
    /// 32 bytes that `ge_frombytes_vartime` refuses: `y ≥ p`, `x = 0` with the sign bit set,
    /// or no point with that `y`.
    #[error("invalid Ed25519 point encoding at offset {offset}")]
    InvalidPoint {
        /// Byte offset of the point (in the proof, or index of a commitment).
        offset: usize,
    },
    /// An output commitment that `ge_frombytes_vartime` refuses.
    #[error("output commitment number {index} is not a valid Ed25519 point")]
    InvalidCommitment {
        /// Position of the commitment.
        index: usize,
    },
    /// A scalar not reduced modulo ℓ (`sc_check` fails).
    #[error("non-canonical scalar at offset {offset}")]
    NonCanonicalScalar {
        /// Byte offset of the scalar.
        offset: usize,
    },
    /// The number of aggregated outputs is not between 1 and 16.
    #[error("invalid number of outputs {0}: Monero range proofs hold 1 to 16")]
    InvalidOutputCount(usize),
    /// `L` and `R` do not have `6 + ⌈log₂ m⌉` entries each.
    #[error("the proof has {found} rounds (|L| = |R|) where {expected} are required")]
    WrongRounds {
        /// Rounds required by the number of outputs.
        expected: usize,
        /// Rounds found (`|L|`, or the larger of `|L|`, `|R|` when they differ).
        found: usize,
    },
    /// A Fiat–Shamir challenge is zero (Monero refuses such proofs).
    #[error("a Fiat-Shamir challenge is zero")]
    ZeroChallenge,
    /// The proof is well-formed but does not verify.
    #[error("range proof does not verify")]
    VerificationFailed,
    /// Generator derivation failed (cannot happen for Monero's fixed inputs).
    #[error("generator derivation failed")]
    Generators,
    /// The prover failed one of its internal size checks (cannot happen: a bug if seen).
    #[error("the prover failed an internal check")]
    Internal,
    /// A transaction field holds a value the parser does not accept.
    #[error("malformed transaction: {what} at offset {offset}")]
    MalformedTransaction {
        /// What is wrong.
        what: &'static str,
        /// Byte offset of the field.
        offset: usize,
    },
}

impl MoneroError {
    /// True when the input is malformed (as opposed to well-formed but invalid).
    pub fn is_malformed(&self) -> bool {
        !matches!(
            self,
            MoneroError::VerificationFailed | MoneroError::ZeroChallenge
        )
    }
}

/// The nearest [`crate::Error`], for callers that report bpkit's stable error kinds (envelopes,
/// bindings): a false proof stays [`crate::Error::VerificationFailed`]; everything else maps to
/// a malformed-input kind.
impl From<MoneroError> for crate::Error {
    fn from(e: MoneroError) -> Self {
        use crate::Error;
        match e {
            MoneroError::VerificationFailed | MoneroError::ZeroChallenge => {
                Error::VerificationFailed
            }
            MoneroError::Truncated { offset, needed } => Error::WrongLength {
                expected: offset.saturating_add(needed),
                found: offset,
            },
            MoneroError::TrailingBytes { offset, count } => Error::WrongLength {
                expected: offset,
                found: offset.saturating_add(count),
            },
            MoneroError::InvalidVarint { offset }
            | MoneroError::MalformedTransaction { offset, .. } => Error::WrongLength {
                expected: offset,
                found: offset,
            },
            MoneroError::InvalidPoint { offset } => Error::InvalidPoint { offset },
            MoneroError::InvalidCommitment { index } => Error::InvalidCommitment { index },
            MoneroError::NonCanonicalScalar { offset } => Error::NonCanonicalScalar { offset },
            MoneroError::InvalidOutputCount(m) => Error::InvalidAggregation(m),
            // Malformed, as `verify-tx` reports it (issue 20: such shapes are malformed): the
            // lengths are those of the proof's L and R vectors, 64 bytes a round.
            MoneroError::WrongRounds { expected, found } => Error::WrongLength {
                expected: expected.saturating_mul(64),
                found: found.saturating_mul(64),
            },
            MoneroError::Generators | MoneroError::Internal => Error::InvalidGenerators,
        }
    }
}
