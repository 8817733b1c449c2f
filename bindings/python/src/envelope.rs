//! The proof envelope: the CLI's JSON, read and written byte for byte.

use crate::convert::{bits_arg, bytes32, u128_arg, u64_arg};
use crate::errors::{decode_error, malformed, verify_error};
use crate::opening::ExtendedOpening;
use crate::proofs::{plus_claim, verify_claim, IntervalProof, PlusProof, RangeProof};
use bpkit::group::CompressedRistretto;
use bpkit::{Interval, RangeStatement};
use bpkit_envelope::{Claim, EnvelopeError, Failure, Scheme};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// A proof with everything a verifier needs besides it: scheme (`"bp"` or `"bp+"`), bits,
/// label, commitments, and an interval (`bp`), or a generator set and minimums (`bp+`).
/// `to_json()` gives the `bpkit` CLI's bytes; `from_json()` reads them strictly.
#[pyclass(frozen, eq, module = "bpkit")]
#[derive(Clone, PartialEq)]
pub struct Envelope {
    pub(crate) inner: bpkit_envelope::Envelope,
}

fn envelope_error(e: EnvelopeError) -> PyErr {
    verify_error(&Failure::Envelope(e))
}

impl Envelope {
    /// An envelope of `claim`, checked to be writable and readable (so that every envelope
    /// object can be written and read back).
    fn of(claim: &Claim) -> PyResult<Self> {
        let inner = claim.to_envelope();
        let text = bpkit_envelope::to_json(&inner).map_err(envelope_error)?;
        bpkit_envelope::parse(&text).map_err(envelope_error)?;
        Ok(Envelope { inner })
    }
}

#[pymethods]
impl Envelope {
    /// Reads an envelope (`str` or UTF-8 `bytes`), strictly: `MalformedError` with kind
    /// `malformed-envelope` (or `label-too-long`) otherwise. The proof bytes are decoded by
    /// `verify()`.
    #[staticmethod]
    fn from_json(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let owned: String = if let Ok(s) = text.extract::<String>() {
            s
        } else if let Ok(b) = text.extract::<Vec<u8>>() {
            String::from_utf8(b).map_err(|_| malformed("malformed-envelope", "not UTF-8"))?
        } else {
            return Err(malformed(
                "invalid-argument",
                "from_json takes str or bytes",
            ));
        };
        let inner = bpkit_envelope::parse(&owned).map_err(envelope_error)?;
        Ok(Envelope { inner })
    }

    /// The envelope as the CLI writes it: one line of JSON ending in a newline.
    fn to_json(&self) -> PyResult<String> {
        bpkit_envelope::to_json(&self.inner).map_err(envelope_error)
    }

    /// An envelope for a range proof.
    #[staticmethod]
    fn for_range(
        proof: &RangeProof,
        commitments: Vec<Vec<u8>>,
        bits: u64,
        label: &str,
    ) -> PyResult<Self> {
        let statement =
            RangeStatement::new(bits_arg(bits), crate::convert::commitments(commitments)?)
                .map_err(decode_error)?;
        Envelope::of(&Claim::Range {
            proof: proof.inner.clone(),
            statement,
            label: label.to_owned(),
        })
    }

    /// An envelope for an interval proof of `a ≤ v < b`.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn for_interval(
        proof: &IntervalProof,
        commitment: &[u8],
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        bits: u64,
        label: &str,
    ) -> PyResult<Self> {
        let interval = Interval::new(u64_arg(a, "a")?, u128_arg(b, "b")?).map_err(decode_error)?;
        Envelope::of(&Claim::Interval {
            proof: proof.inner.clone(),
            commitment: CompressedRistretto(bytes32(commitment, "commitment")?),
            interval,
            bits: bits_arg(bits),
            label: label.to_owned(),
        })
    }

    /// An envelope for a Bulletproofs+ proof.
    #[staticmethod]
    #[pyo3(signature = (proof, commitments, bits, label, minimums = None, generators = "bpkit"))]
    fn for_plus(
        proof: &PlusProof,
        commitments: Vec<Vec<u8>>,
        bits: u64,
        label: &str,
        minimums: Option<Vec<u64>>,
        generators: &str,
    ) -> PyResult<Self> {
        let claim = plus_claim(
            &proof.inner,
            crate::convert::commitments(commitments)?,
            bits,
            label,
            minimums,
            generators,
            None,
        )?;
        Envelope::of(&claim)
    }

    /// `"bp"` (range and interval proofs) or `"bp+"` (Bulletproofs+).
    #[getter]
    fn scheme(&self) -> &'static str {
        self.inner.scheme.name()
    }

    /// Bits per value.
    #[getter]
    fn bits(&self) -> usize {
        self.inner.bits
    }

    /// The transcript label.
    #[getter]
    fn label(&self) -> &str {
        &self.inner.label
    }

    /// The commitments (32 bytes each).
    #[getter]
    fn commitments<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyBytes>> {
        self.inner
            .commitments
            .iter()
            .map(|c| PyBytes::new(py, c.as_bytes()))
            .collect()
    }

    /// The proof's bytes.
    #[getter]
    fn proof<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.proof)
    }

    /// For an interval proof, `(a, b)`; otherwise `None`.
    #[getter]
    fn range(&self) -> Option<(u64, u128)> {
        match &self.inner.scheme {
            Scheme::Bp { range: Some(r) } => Some((r.lower(), r.upper())),
            _ => None,
        }
    }

    /// For `bp+`, the generator set (`"bpkit"` or `"tari"`); otherwise `None`.
    #[getter]
    fn generators(&self) -> Option<&'static str> {
        match &self.inner.scheme {
            Scheme::Plus { generators, .. } => Some(generators.name()),
            Scheme::Bp { .. } => None,
        }
    }

    /// For `bp+`, one minimum per commitment; otherwise `None`.
    #[getter]
    fn minimums(&self) -> Option<Vec<u64>> {
        match &self.inner.scheme {
            Scheme::Plus { minimums, .. } => Some(minimums.clone()),
            Scheme::Bp { .. } => None,
        }
    }

    /// A receiver's verification: the envelope's statement must be the one expected — the
    /// `label` and the `commitments` (bytes, in order), and `bits`, the interval `range`
    /// (`(a, b)`), `minimums` and `generators` where given — and then the proof must hold.
    /// A valid proof about other commitments, another label, bit size, interval or minimums
    /// raises `InvalidProofError` with kind `unexpected-statement` (before the proof is
    /// decoded); a false proof `InvalidProofError`, a malformed one `MalformedError`.
    #[pyo3(signature = (label, commitments, bits = None, range = None, minimums = None, generators = None))]
    #[allow(clippy::too_many_arguments)]
    fn verify_expecting(
        &self,
        py: Python<'_>,
        label: &str,
        commitments: Vec<Vec<u8>>,
        bits: Option<u64>,
        range: Option<(Bound<'_, PyAny>, Bound<'_, PyAny>)>,
        minimums: Option<Vec<u64>>,
        generators: Option<&str>,
    ) -> PyResult<()> {
        let mut expected =
            bpkit_envelope::Expectation::new(label, crate::convert::commitments(commitments)?);
        if let Some(bits) = bits {
            expected = expected.bits(bits_arg(bits));
        }
        if let Some((a, b)) = range {
            let interval =
                Interval::new(u64_arg(&a, "a")?, u128_arg(&b, "b")?).map_err(decode_error)?;
            expected = expected.range(interval);
        }
        if let Some(m) = minimums {
            expected = expected.minimums(m);
        }
        if let Some(g) = generators {
            expected = expected.generators(crate::convert::generators(g)?);
        }
        expected.check(&self.inner).map_err(envelope_error)?;
        self.verify(py)
    }

    /// Verifies the proof against the envelope's **own** statement only: it shows that the
    /// commitments written in the envelope hold values in range under its label — not that
    /// they are the ones you expect. A receiver uses `verify_expecting`. Same as `verify()`.
    fn verify_self_consistent(&self, py: Python<'_>) -> PyResult<()> {
        self.verify(py)
    }

    /// Decodes the proof and verifies it against the envelope's own statement (GIL released):
    /// see `verify_self_consistent`; a receiver uses `verify_expecting`. Returns `None`;
    /// raises `InvalidProofError` if it is false, `MalformedError` if it does not decode.
    fn verify(&self, py: Python<'_>) -> PyResult<()> {
        let claim = Claim::from_envelope(&self.inner).map_err(decode_error)?;
        verify_claim(py, &claim)
    }

    /// Bulletproofs+ mask recovery (see `PlusProof.recover`).
    fn recover(
        &self,
        py: Python<'_>,
        seed: &[u8],
        value: &Bound<'_, PyAny>,
    ) -> PyResult<ExtendedOpening> {
        let seed = crate::convert::seed(seed)?;
        let value = u64_arg(value, "value")?;
        let inner = py
            .detach(|| bpkit_envelope::prove::recover(&self.inner, &seed, value))
            .map_err(|e| verify_error(&e))?;
        Ok(ExtendedOpening { inner })
    }

    fn __repr__(&self) -> String {
        format!(
            "Envelope(scheme={:?}, bits={}, label={:?}, {} commitment(s), {} proof bytes)",
            self.scheme(),
            self.inner.bits,
            self.inner.label,
            self.inner.commitments.len(),
            self.inner.proof.len()
        )
    }
}
