//! Batch verification of proofs of mixed kinds, reporting the false ones by index, through the
//! facade's `batch::verify_claims` (the reference every binding shares).
//!
//! WebAssembly here is single-threaded (threads would need cross-origin isolation and a
//! nightly build of the standard library), so the batch runs on the calling thread; it still
//! checks every proof with one multiscalar multiplication per chunk, several times faster than
//! verifying one by one.

use crate::convert::{array32, usize_of};
use crate::envelope::Envelope;
use crate::error::{BindingError, Result};
use crate::interval::{interval, IntervalProof};
use crate::plus::{PlusProof, PlusStatement};
use crate::range::{RangeProof, RangeStatement};
use crate::rng::rng;
use bpkit::group::CompressedRistretto;
use bpkit_envelope::batch::{verify_claims, BatchReport};
use bpkit_envelope::{Claim, Failure};
use js_sys::Array;
use wasm_bindgen::prelude::*;

/// Proofs to verify together: add them (each `add…` returns the proof's index, from 0), then
/// `verify()` returns the indices of the false ones (an empty array when all verify).
#[wasm_bindgen]
#[derive(Default)]
pub struct BatchVerifier {
    /// Each proof with its statement and label, or why its envelope did not decode.
    items: Vec<core::result::Result<Claim, Failure>>,
}

impl BatchVerifier {
    fn push(&mut self, item: core::result::Result<Claim, Failure>) -> u32 {
        self.items.push(item);
        u32::try_from(self.items.len().saturating_sub(1)).unwrap_or(u32::MAX)
    }
}

#[wasm_bindgen]
impl BatchVerifier {
    /// An empty batch.
    #[wasm_bindgen(constructor)]
    pub fn new() -> BatchVerifier {
        BatchVerifier::default()
    }

    /// Adds a range proof with its statement and transcript label; returns its index.
    #[wasm_bindgen(js_name = addRangeProof)]
    pub fn add_range_proof(
        &mut self,
        proof: &RangeProof,
        statement: &RangeStatement,
        label: &str,
    ) -> u32 {
        self.push(Ok(Claim::Range {
            proof: proof.inner().clone(),
            statement: statement.inner().clone(),
            label: label.to_owned(),
        }))
    }

    /// Adds an interval proof that the 32-byte `commitment` opens to a value in `[a, b)`;
    /// returns its index. Throws (and adds nothing) on a malformed interval or commitment length.
    #[wasm_bindgen(js_name = addIntervalProof)]
    pub fn add_interval_proof(
        &mut self,
        proof: &IntervalProof,
        commitment: &[u8],
        #[wasm_bindgen(unchecked_param_type = "bigint")] a: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "bigint")] b: &JsValue,
        bits: u32,
        label: &str,
    ) -> Result<u32> {
        let commitment = CompressedRistretto(array32(commitment)?);
        let interval = interval(a, b)?;
        Ok(self.push(Ok(Claim::Interval {
            proof: proof.inner().clone(),
            commitment,
            interval,
            bits: usize_of(bits),
            label: label.to_owned(),
        })))
    }

    /// Adds a Bulletproofs+ proof with its statement and transcript label; returns its index.
    #[wasm_bindgen(js_name = addPlusProof)]
    pub fn add_plus_proof(
        &mut self,
        proof: &PlusProof,
        statement: &PlusStatement,
        label: &str,
    ) -> u32 {
        self.push(Ok(Claim::Plus {
            proof: proof.inner().clone(),
            statement: statement.inner().clone(),
            generators: statement.generator_set(),
            extension_degree: statement.degree_for(proof),
            label: label.to_owned(),
        }))
    }

    /// Adds the proof of an envelope; returns its index. An envelope whose proof does not
    /// decode is added too: `verify` then throws a `MalformedError` with its `index`.
    #[wasm_bindgen(js_name = addEnvelope)]
    pub fn add_envelope(&mut self, envelope: &Envelope) -> u32 {
        self.push(Claim::from_envelope(envelope.inner()).map_err(Failure::Proof))
    }

    /// The number of proofs added.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> u32 {
        u32::try_from(self.items.len()).unwrap_or(u32::MAX)
    }

    /// Verifies every proof (random weights from the system source); returns the indices of
    /// the false proofs, in increasing order (empty: all verify). If a proof is malformed (does
    /// not decode, a commitment is not a point, …), nothing is reported valid: a
    /// `MalformedError` is thrown whose `index` names the first such proof. The batch is kept,
    /// so it can be verified again or grown.
    #[wasm_bindgen(unchecked_return_type = "number[]")]
    pub fn verify(&self) -> Result<Array> {
        let mut failures = Vec::new();
        let mut claims = Vec::with_capacity(self.items.len());
        let mut positions = Vec::with_capacity(self.items.len());
        for (i, item) in self.items.iter().enumerate() {
            match item {
                Ok(claim) => {
                    claims.push(claim.clone());
                    positions.push(i);
                }
                Err(failure) => failures.push((i, failure.clone())),
            }
        }
        let mut rng = rng()?;
        for (j, failure) in verify_claims(&claims, 1, &mut rng).failures {
            let i = positions
                .get(j)
                .copied()
                .ok_or_else(|| BindingError::argument("batch index out of range"))?;
            failures.push((i, failure));
        }
        failures.sort_by_key(|(i, _)| *i);
        let report = BatchReport { failures };
        if let Some((i, failure)) = report.first_malformed() {
            return Err(BindingError::from(failure.clone()).at(*i));
        }
        Ok(report
            .invalid()
            .into_iter()
            .map(|i| JsValue::from(u32::try_from(i).unwrap_or(u32::MAX)))
            .collect())
    }
}
