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
    /// The envelope could not be written (a bit size that is not a supported one, or the JSON
    /// encoder failed).
    #[error("cannot encode the envelope: {0}")]
    Encode(String),
}

impl EnvelopeError {
    /// A stable, machine-readable name, in the style of [`bpkit::Error::kind`]: every decoding
    /// error is `malformed-envelope`; an encoding error is `envelope-encoding`.
    pub fn kind(&self) -> &'static str {
        match self {
            EnvelopeError::Encode(_) => "envelope-encoding",
            _ => "malformed-envelope",
        }
    }
}
