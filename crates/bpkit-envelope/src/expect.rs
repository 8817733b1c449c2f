//! Verifying an envelope against what the receiver expects.
//!
//! An envelope carries its own statement: commitments, label, bit size, interval, minimums.
//! [`verify()`](crate::verify()) checks the proof against *that* statement, so it accepts a
//! valid proof about anything — an attacker's own commitment included. A receiver must check
//! the proof against the statement it expects: the commitments it holds (a payment's outputs,
//! a credential's attribute), the label of its protocol, the interval or minimums of its
//! policy. [`verify_expecting`] does both, and refuses a mismatch with
//! [`EnvelopeError::Unexpected`] (kind `unexpected-statement`, category
//! [`Category::Invalid`](crate::Category::Invalid): the proof does not prove what was asked)
//! before any proof is decoded.

use crate::error::{EnvelopeError, Failure};
use crate::format::{Envelope, GeneratorSet, Scheme};
use bpkit::{CompressedRistretto, Interval};

/// What a receiver expects an envelope to prove: always the label and the commitments, and
/// optionally the bit size, the interval (interval proofs), the minimums and generator set
/// (Bulletproofs+). Every part given must equal the envelope's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expectation {
    label: String,
    commitments: Vec<CompressedRistretto>,
    bits: Option<usize>,
    range: Option<Interval>,
    minimums: Option<Vec<u64>>,
    generators: Option<GeneratorSet>,
}

impl Expectation {
    /// Expects a proof under the transcript label `label` about exactly `commitments`, in
    /// this order.
    pub fn new(label: impl Into<String>, commitments: Vec<CompressedRistretto>) -> Self {
        Expectation {
            label: label.into(),
            commitments,
            bits: None,
            range: None,
            minimums: None,
            generators: None,
        }
    }

    /// Also expects this bit size (8, 16, 32 or 64).
    pub fn bits(mut self, bits: usize) -> Self {
        self.bits = Some(bits);
        self
    }

    /// Also expects an interval proof of `[a, b)` (a `bp` envelope with this `range`).
    pub fn range(mut self, interval: Interval) -> Self {
        self.range = Some(interval);
        self
    }

    /// Also expects a Bulletproofs+ proof with these minimums, one per commitment (all 0 for a
    /// plain range proof).
    pub fn minimums(mut self, minimums: Vec<u64>) -> Self {
        self.minimums = Some(minimums);
        self
    }

    /// Also expects a Bulletproofs+ proof over this generator set.
    pub fn generators(mut self, generators: GeneratorSet) -> Self {
        self.generators = Some(generators);
        self
    }

    /// Checks the envelope's statement against the expectation, field by field; the first
    /// mismatch is the error. Nothing of the proof is decoded.
    pub fn check(&self, envelope: &Envelope) -> Result<(), EnvelopeError> {
        fn mismatch(field: &'static str, expected: String, found: String) -> EnvelopeError {
            EnvelopeError::Unexpected {
                field,
                expected,
                found,
            }
        }
        if envelope.label != self.label {
            return Err(mismatch(
                "label",
                format!("{:?}", self.label),
                format!("{:?}", envelope.label),
            ));
        }
        if envelope.commitments != self.commitments {
            return Err(mismatch(
                "commitments",
                describe_commitments(&self.commitments),
                describe_commitments(&envelope.commitments),
            ));
        }
        if let Some(bits) = self.bits {
            if envelope.bits != bits {
                return Err(mismatch(
                    "bits",
                    bits.to_string(),
                    envelope.bits.to_string(),
                ));
            }
        }
        match &envelope.scheme {
            Scheme::Bp { range } => {
                if self.minimums.is_some() || self.generators.is_some() {
                    return Err(mismatch("scheme", "bp+".into(), "bp".into()));
                }
                if *range != self.range {
                    return Err(mismatch(
                        "range",
                        describe_range(self.range.as_ref()),
                        describe_range(range.as_ref()),
                    ));
                }
            }
            Scheme::Plus {
                generators,
                minimums,
            } => {
                if self.range.is_some() {
                    return Err(mismatch("scheme", "bp".into(), "bp+".into()));
                }
                if let Some(expected) = &self.minimums {
                    if expected != minimums {
                        return Err(mismatch(
                            "minimums",
                            format!("{expected:?}"),
                            format!("{minimums:?}"),
                        ));
                    }
                }
                if let Some(expected) = self.generators {
                    if expected != *generators {
                        return Err(mismatch(
                            "generators",
                            expected.name().into(),
                            generators.name().into(),
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

fn describe_range(range: Option<&Interval>) -> String {
    match range {
        Some(i) => format!("[{}, {})", i.lower(), i.upper()),
        None => "none (a range proof, not an interval proof)".into(),
    }
}

/// `[hex, hex, …]` (each commitment's 64 hex digits).
fn describe_commitments(c: &[CompressedRistretto]) -> String {
    let list: Vec<String> = c.iter().map(|p| crate::hex::encode(p.as_bytes())).collect();
    format!("[{}]", list.join(", "))
}

/// Verifies `envelope` **against what the receiver expects**: first its statement against
/// `expected` ([`Expectation::check`]: label, commitments, and the bit size, interval,
/// minimums and generators where given), then the proof against it. The receiver's default:
/// use [`verify_self_consistent`] only where the envelope's own statement is all that matters
/// (a tool that inspects proofs, not a receiver that acts on one).
///
/// `Ok(())` only for a valid proof of exactly the expected statement.
pub fn verify_expecting(envelope: &Envelope, expected: &Expectation) -> Result<(), Failure> {
    expected.check(envelope)?;
    crate::verify(envelope)
}

/// Verifies the proof against the envelope's **own** statement only, whatever it is: it shows
/// that *some* commitments, under *some* label, hold values in range — not that they are the
/// ones the caller cares about. The same as [`verify()`](crate::verify()), named for what it
/// proves; a receiver uses [`verify_expecting`].
pub fn verify_self_consistent(envelope: &Envelope) -> Result<(), Failure> {
    crate::verify(envelope)
}
