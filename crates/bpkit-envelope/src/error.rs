//! Why an envelope cannot be read or written.

use crate::hex::HexError;

/// Everything that makes an envelope unreadable (or, for [`EnvelopeError::Encode`], unwritable).
///
/// Each variant is one rule of the format (see the crate documentation); its message is the
/// one the `bpkit` CLI prints. Errors in the proof bytes themselves are not here: they are the
/// library's [`bpkit::Error`]s, reported when the proof is decoded and verified.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EnvelopeError {
    /// Not a JSON object of the envelope's fields (syntax, types, unknown, duplicate or
    /// missing fields, trailing garbage); the JSON parser's message.
    #[error("malformed proof envelope: {0}")]
    Json(String),
    /// Another format version.
    #[error(
        "malformed proof envelope: version {0} is not supported (this tool reads version {v})",
        v = crate::VERSION
    )]
    Version(u64),
    /// A bit size other than 8, 16, 32 or 64.
    #[error("malformed proof envelope: bits must be 8, 16, 32 or 64, not {0}")]
    BitSize(u64),
    /// No commitment, or more than [`bpkit::MAX_PARTIES`].
    #[error(
        "malformed proof envelope: {0} commitments: an envelope holds 1 to {max}",
        max = bpkit::MAX_PARTIES
    )]
    CommitmentCount(usize),
    /// A commitment that is not 32 bytes of hex.
    #[error("malformed proof envelope: commitment {index}: {error}")]
    Commitment {
        /// Position of the commitment.
        index: usize,
        /// What is wrong with its hex.
        error: HexError,
    },
    /// An unknown `scheme`.
    #[error("malformed proof envelope: unknown scheme {0:?}")]
    UnknownScheme(String),
    /// `generators` or `minimums` in a `bp` envelope.
    #[error(
        "malformed proof envelope: \"generators\" and \"minimums\" belong to \"bp+\" envelopes, not \"bp\""
    )]
    PlusFieldInBp,
    /// `range` in a `bp+` envelope.
    #[error(
        "malformed proof envelope: \"range\" (interval proofs) belongs to \"bp\" envelopes, not \"bp+\""
    )]
    RangeInPlus,
    /// The proof is not hex.
    #[error("malformed proof envelope: proof: {0}")]
    Proof(HexError),
    /// Interval bounds that are not canonical decimals with `a < b ≤ 2⁶⁴`.
    #[error(
        "malformed proof envelope: range [{a:?}, {b:?}): need canonical decimals with a < b <= 2^64"
    )]
    Range {
        /// The lower bound as written.
        a: String,
        /// The upper bound as written.
        b: String,
    },
    /// An interval proof with other than one commitment.
    #[error("malformed proof envelope: an interval proof has exactly one commitment, not {0}")]
    IntervalCommitments(usize),
    /// An interval too wide for the bit size.
    #[error(
        "malformed proof envelope: range [{a}, {b}) needs {needed}-bit proofs, the envelope says {bits}"
    )]
    IntervalBits {
        /// The lower bound.
        a: u64,
        /// The upper bound.
        b: u128,
        /// Bits the interval needs.
        needed: usize,
        /// Bits the envelope gives.
        bits: usize,
    },
    /// `"generators": "bpkit"`, which must be written by leaving the field out.
    #[error(
        "malformed proof envelope: generators \"bpkit\" is the default: it is written by leaving \"generators\" out"
    )]
    DefaultGenerators,
    /// An unknown generator set.
    #[error(
        "malformed proof envelope: unknown generators {0:?} (the only value is \"tari\"; absent means bpkit's)"
    )]
    UnknownGenerators(String),
    /// Not one minimum per commitment.
    #[error(
        "malformed proof envelope: {found} minimums for {commitments} commitments: list one per commitment"
    )]
    MinimumCount {
        /// Minimums listed.
        found: usize,
        /// Commitments listed.
        commitments: usize,
    },
    /// A minimum that is not a canonical decimal `u64`.
    #[error(
        "malformed proof envelope: minimum {index} ({text:?}) is not a canonical decimal below 2^64"
    )]
    Minimum {
        /// Position of the minimum.
        index: usize,
        /// The minimum as written.
        text: String,
    },
    /// A minimum that does not fit the bit size.
    #[error(
        "malformed proof envelope: minimum {index} ({min}) does not fit {bits} bits (invalid-minimum)"
    )]
    MinimumTooLarge {
        /// Position of the minimum.
        index: usize,
        /// The minimum.
        min: u64,
        /// The bit size.
        bits: usize,
    },
    /// All minimums 0, which must be written by leaving the field out.
    #[error(
        "malformed proof envelope: all minimums are 0, which is the default: it is written by leaving \"minimums\" out"
    )]
    DefaultMinimums,
    /// A transcript label longer than [`crate::MAX_LABEL`] bytes.
    #[error(
        "malformed proof envelope: the label is {0} bytes; at most {max} are allowed",
        max = crate::MAX_LABEL
    )]
    LabelTooLong(usize),
    /// This process has already interned [`crate::MAX_INTERNED`] bytes of distinct labels
    /// (labels are kept for the life of the process: see [`crate::transcript()`]).
    #[error(
        "too many distinct transcript labels: this process keeps at most {max} bytes of them",
        max = crate::MAX_INTERNED
    )]
    TooManyLabels,
    /// A circuit description declaring more multipliers than the verifier accepts
    /// ([`crate::VerifyCircuitOptions::max_multipliers`]; refused from the description's
    /// header, before anything of the circuit's size is allocated or any generator built).
    #[error(
        "the circuit declares {multipliers} multipliers; this verifier accepts at most {max} (raise the limit to verify larger circuits)"
    )]
    CircuitTooLarge {
        /// Multipliers the description declares (both phases).
        multipliers: usize,
        /// The verifier's limit.
        max: usize,
    },
    /// An operation for one scheme given an envelope of another (e.g. mask recovery, which
    /// only Bulletproofs+ proofs support).
    #[error("this needs a {expected:?} envelope, not {found:?}")]
    WrongScheme {
        /// The scheme the operation needs.
        expected: &'static str,
        /// The envelope's scheme.
        found: &'static str,
    },
    /// A circuit envelope (`"scheme": "circuit"`) whose statement or public inputs are malformed.
    #[error("malformed circuit envelope: {0}")]
    Circuit(String),
    /// The envelope's statement is not the one the receiver expects
    /// ([`crate::verify_expecting`]): another label, other commitments, another bit size,
    /// interval, minimums or generator set. The proof may be valid, but not for what was
    /// asked: [`Category::Invalid`].
    #[error(
        "the proof is not about the expected statement: {field} is {found}, expected {expected}"
    )]
    Unexpected {
        /// The first field that differs: `label`, `commitments`, `bits`, `range`, `minimums`,
        /// `generators` or `scheme`.
        field: &'static str,
        /// What the receiver expects, as text.
        expected: String,
        /// What the envelope says, as text.
        found: String,
    },
    /// The envelope could not be written (a bit size that is not a supported one, or the JSON
    /// encoder failed).
    #[error("cannot encode the envelope: {0}")]
    Encode(String),
}

impl EnvelopeError {
    /// A stable, machine-readable name, in the style of [`bpkit::Error::kind`]: every decoding
    /// error of the format is `malformed-envelope`; an encoding error is `envelope-encoding`;
    /// the label limits are `label-too-long` and `too-many-labels`; `wrong-scheme`; a statement
    /// other than the receiver expects is `unexpected-statement`.
    pub fn kind(&self) -> &'static str {
        match self {
            EnvelopeError::Encode(_) => "envelope-encoding",
            EnvelopeError::LabelTooLong(_) => "label-too-long",
            EnvelopeError::TooManyLabels => "too-many-labels",
            EnvelopeError::WrongScheme { .. } => "wrong-scheme",
            EnvelopeError::CircuitTooLarge { .. } => "circuit-too-large",
            EnvelopeError::Unexpected { .. } => "unexpected-statement",
            _ => "malformed-envelope",
        }
    }
}

/// What went wrong in a facade operation: the envelope (or label), or the proof and its
/// statement (the library's typed error).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// The envelope or the label.
    #[error(transparent)]
    Envelope(#[from] EnvelopeError),
    /// The proof, its statement, or the prover.
    #[error(transparent)]
    Proof(#[from] bpkit::Error),
}

/// The three outcomes every binding keeps apart (see `bindings/README.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    /// The inputs decode but the proof is false (or a recovered mask does not open the
    /// commitment).
    Invalid,
    /// Bad encodings, non-canonical or out-of-domain inputs.
    Malformed,
    /// The prover refused its witness or parameters: nothing was proven. Only prove
    /// functions report it (see [`Failure::proving`]).
    Proving,
}

impl Failure {
    /// The stable kind: [`bpkit::Error::kind`] or [`EnvelopeError::kind`].
    pub fn kind(&self) -> &'static str {
        match self {
            Failure::Envelope(e) => e.kind(),
            Failure::Proof(e) => e.kind(),
        }
    }

    /// The category of a failure to verify, decode or recover: [`Category::Invalid`] for a
    /// false proof ([`bpkit::Error::is_invalid_proof`]) or a failed recovery, otherwise
    /// [`Category::Malformed`].
    pub fn category(&self) -> Category {
        match self {
            Failure::Proof(e) if e.is_invalid_proof() => Category::Invalid,
            Failure::Proof(bpkit::Error::RecoveryFailed) => Category::Invalid,
            Failure::Envelope(EnvelopeError::Unexpected { .. }) => Category::Invalid,
            _ => Category::Malformed,
        }
    }

    /// The category of a failure to prove: always [`Category::Proving`].
    pub fn proving(&self) -> Category {
        Category::Proving
    }

    /// Whether the proof is false ([`Category::Invalid`]).
    pub fn is_invalid_proof(&self) -> bool {
        self.category() == Category::Invalid
    }
}
