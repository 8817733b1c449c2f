//! Batch verification of envelopes of mixed kinds, on several threads, GIL released.

use crate::convert::os_rng;
use crate::envelope::Envelope;
use crate::errors::raise;
use bpkit_envelope::batch::verify_envelopes;
use pyo3::prelude::*;

/// Verifies every envelope (any mix of range, interval and Bulletproofs+ proofs) in one batch
/// on `threads` threads (0: one per core) and returns the sorted indices of the false proofs
/// (empty: all valid). If an envelope is malformed (its proof does not decode, a commitment is
/// not a point), raises `MalformedError` with `index` set to the first such envelope.
#[pyfunction]
#[pyo3(signature = (envelopes, threads = 0))]
pub fn verify_batch(
    py: Python<'_>,
    envelopes: Vec<Bound<'_, Envelope>>,
    threads: usize,
) -> PyResult<Vec<usize>> {
    let envelopes: Vec<bpkit_envelope::Envelope> =
        envelopes.iter().map(|e| e.get().inner.clone()).collect();
    let mut rng = os_rng()?;
    let report = py.detach(|| verify_envelopes(&envelopes, threads, &mut rng));
    if let Some((index, failure)) = report.first_malformed() {
        return Err(raise(
            failure.category(),
            failure.kind(),
            format!("envelope {index}: {failure}"),
            Some(*index),
        ));
    }
    Ok(report.invalid())
}
