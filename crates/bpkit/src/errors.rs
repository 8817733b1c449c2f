//! Typed errors. Every decoder, prover and verifier returns one of these; none of them panics.

mod circuit;

pub use circuit::CircuitError;

/// Everything that can go wrong in bpkit.
///
/// [`Error::kind`] gives a stable, machine-readable name for each variant; the test vectors and
/// the command-line tool use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The bit size `n` is not one of 8, 16, 32, 64.
    #[error("invalid bit size {0}: range proofs support n = 8, 16, 32 or 64")]
    InvalidBitSize(usize),
    /// The number of values `m` is not between 1 and 64.
    #[error("invalid number of values {0}: an aggregated proof holds 1 to 64 values")]
    InvalidAggregation(usize),
    /// Witness and statement do not have the same number of values, or values and blindings differ.
    #[error("the witness holds {witness} values but the statement expects {statement}")]
    WitnessMismatch {
        /// Values in the witness.
        witness: usize,
        /// Values the statement asks for.
        statement: usize,
    },
    /// A value is outside the range the prover was asked to prove.
    #[error("value number {index} is outside the range to be proven")]
    ValueOutOfRange {
        /// Position of the offending value.
        index: usize,
    },
    /// The interval `[a, b)` is empty or too wide.
    #[error("invalid range: need a < b and b - 1 - a < 2^n for n-bit proofs")]
    InvalidRange,
    /// The input has the wrong length.
    #[error("wrong length: expected {expected} bytes, found {found}")]
    WrongLength {
        /// The length a well-formed input of this kind has (for proofs: the nearest valid length).
        expected: usize,
        /// The length found.
        found: usize,
    },
    /// The input is longer than the largest supported object of its kind.
    #[error("input too large: at most {max} bytes are supported, found {found}")]
    TooLarge {
        /// Maximum supported length.
        max: usize,
        /// Length found.
        found: usize,
    },
    /// A scalar is not reduced modulo the group order.
    #[error("non-canonical scalar at byte offset {offset}")]
    NonCanonicalScalar {
        /// Byte offset of the scalar in the input.
        offset: usize,
    },
    /// Bytes that do not encode a Ristretto point.
    #[error("invalid point encoding at byte offset {offset}")]
    InvalidPoint {
        /// Byte offset of the point in the input.
        offset: usize,
    },
    /// The identity point where the protocol forbids it.
    #[error("identity point at byte offset {offset}, which the protocol forbids there")]
    IdentityPoint {
        /// Byte offset of the point in the input.
        offset: usize,
    },
    /// A commitment in the statement is not a valid point encoding.
    #[error("commitment number {index} is not a valid point encoding")]
    InvalidCommitment {
        /// Position of the commitment in the statement.
        index: usize,
    },
    /// The proof's size does not match the statement's `n` and `m`.
    #[error("the proof is for {proof} bits in total but the statement needs {statement}")]
    SizeMismatch {
        /// n·m (padded) encoded in the proof.
        proof: usize,
        /// n·m (padded) required by the statement.
        statement: usize,
    },
    /// The generators do not cover the requested size.
    #[error("generators too small: {needed} needed, {available} available")]
    GeneratorsTooSmall {
        /// Generators needed per party or parties needed.
        needed: usize,
        /// Generators available.
        available: usize,
    },
    /// The proof is well-formed but does not verify.
    #[error("proof does not verify")]
    VerificationFailed,
    /// A protocol participant received a message it must refuse (aggregation protocol).
    #[error("protocol error: {0}")]
    Protocol(ProtocolError),
    /// The number of blinding bases (extension degree) is not between 1 and 6.
    #[error("invalid extension degree {0}: extended commitments have 1 to 6 blinding factors")]
    InvalidExtensionDegree(usize),
    /// The extension degree of a proof, opening or generator set differs from the one expected.
    #[error("extension degree mismatch: expected {expected}, found {found}")]
    ExtensionMismatch {
        /// The extension degree of the generators or statement.
        expected: usize,
        /// The extension degree found (in the proof or opening).
        found: usize,
    },
    /// A minimum value promise is not below `2ⁿ`.
    #[error("minimum value number {index} does not fit the bit size")]
    InvalidMinimum {
        /// Position of the offending minimum.
        index: usize,
    },
    /// An opening does not open the statement's commitment at the same position.
    #[error("opening number {index} does not open its commitment")]
    InvalidOpening {
        /// Position of the offending opening.
        index: usize,
    },
    /// Caller-supplied generators are unusable (identity or repeated points).
    #[error("invalid generators: identity or repeated points")]
    InvalidGenerators,
    /// Mask recovery only works for proofs of a single value.
    #[error("mask recovery needs a single-value proof; this one holds {values} values")]
    AggregatedRecovery {
        /// Number of values in the statement.
        values: usize,
    },
    /// The recovered mask does not open the commitment with the given value (wrong seed, wrong
    /// value, or a proof not made with this seed).
    #[error("the recovered mask does not open the commitment")]
    RecoveryFailed,
    /// A circuit could not be built, proven or described (arithmetic-circuit proofs); for
    /// example an assignment that does not satisfy a constraint.
    #[error("circuit: {0}")]
    Circuit(CircuitError),
}

/// Errors of the multi-party aggregation protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProtocolError {
    /// The dealer sent a challenge a party must refuse (zero).
    #[error("the dealer sent a zero challenge")]
    MaliciousDealer,
    /// The dealer received the wrong number of messages.
    #[error("expected {expected} messages, received {received}")]
    WrongMessageCount {
        /// Number of parties.
        expected: usize,
        /// Messages received.
        received: usize,
    },
    /// Party position out of range.
    #[error("party position {0} is out of range")]
    InvalidPosition(usize),
    /// One or more parties sent shares that do not verify; their positions are listed as a bitmask.
    #[error("parties sent bad shares (bitmask {0:#x})")]
    MaliciousParties(u64),
}

impl Error {
    /// A stable, machine-readable name for the kind of error (used by test vectors and the CLI).
    /// Circuit errors have one each ([`CircuitError::kind`]).
    ///
    /// ```
    /// use bpkit::circuit::CircuitError;
    /// assert_eq!(bpkit::Error::VerificationFailed.kind(), "verification-failed");
    /// let e = bpkit::Error::Circuit(CircuitError::Unsatisfied { index: 3 });
    /// assert_eq!(e.kind(), "unsatisfied-constraint");
    /// assert_eq!(bpkit::Error::from(CircuitError::Phase2Mismatch).kind(), "phase2-mismatch");
    /// ```
    pub fn kind(&self) -> &'static str {
        match self {
            Error::InvalidBitSize(_) => "invalid-bit-size",
            Error::InvalidAggregation(_) => "invalid-aggregation",
            Error::WitnessMismatch { .. } => "witness-mismatch",
            Error::ValueOutOfRange { .. } => "value-out-of-range",
            Error::InvalidRange => "invalid-range",
            Error::WrongLength { .. } => "wrong-length",
            Error::TooLarge { .. } => "too-large",
            Error::NonCanonicalScalar { .. } => "non-canonical-scalar",
            Error::InvalidPoint { .. } => "invalid-point",
            Error::IdentityPoint { .. } => "identity-point",
            Error::InvalidCommitment { .. } => "invalid-commitment",
            Error::SizeMismatch { .. } => "size-mismatch",
            Error::GeneratorsTooSmall { .. } => "generators-too-small",
            Error::VerificationFailed => "verification-failed",
            Error::Protocol(_) => "protocol",
            Error::InvalidExtensionDegree(_) => "invalid-extension-degree",
            Error::ExtensionMismatch { .. } => "extension-mismatch",
            Error::InvalidMinimum { .. } => "invalid-minimum",
            Error::InvalidOpening { .. } => "invalid-opening",
            Error::InvalidGenerators => "invalid-generators",
            Error::AggregatedRecovery { .. } => "aggregated-recovery",
            Error::RecoveryFailed => "recovery-failed",
            Error::Circuit(e) => e.kind(),
        }
    }

    /// True when the input was well-formed but the proof is false; false for malformed input
    /// and usage errors. The CLI maps the first to exit code 1 and the second to 3.
    pub fn is_invalid_proof(&self) -> bool {
        matches!(
            self,
            Error::VerificationFailed
                | Error::SizeMismatch { .. }
                | Error::ExtensionMismatch { .. }
        )
    }
}

impl ProtocolError {
    /// The positions of the parties blamed by [`ProtocolError::MaliciousParties`], in increasing
    /// order; empty for every other error.
    ///
    /// ```
    /// use bpkit::ProtocolError;
    /// let blamed: Vec<usize> = ProtocolError::MaliciousParties(0b1010).blamed_parties().collect();
    /// assert_eq!(blamed, [1, 3]);
    /// ```
    pub fn blamed_parties(&self) -> impl Iterator<Item = usize> {
        let mask = match self {
            ProtocolError::MaliciousParties(mask) => *mask,
            _ => 0,
        };
        (0..u64::BITS).filter_map(move |j| {
            let bit = mask.checked_shr(j).unwrap_or(0) & 1;
            (bit == 1).then_some(j as usize)
        })
    }
}

impl Error {
    /// The positions of the parties blamed for bad shares (see
    /// [`ProtocolError::blamed_parties`]); empty unless the error is
    /// [`ProtocolError::MaliciousParties`].
    pub fn blamed_parties(&self) -> impl Iterator<Item = usize> {
        let mask = match self {
            Error::Protocol(ProtocolError::MaliciousParties(mask)) => *mask,
            _ => 0,
        };
        ProtocolError::MaliciousParties(mask).blamed_parties()
    }
}

impl From<CircuitError> for Error {
    fn from(e: CircuitError) -> Self {
        Error::Circuit(e)
    }
}

impl From<ProtocolError> for Error {
    fn from(e: ProtocolError) -> Self {
        Error::Protocol(e)
    }
}
