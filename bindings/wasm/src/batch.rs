//! Batch verification of proofs of mixed kinds, reporting the bad ones by index.
//!
//! WebAssembly here is single-threaded (threads would need cross-origin isolation and a
//! nightly build of the standard library), so the batch runs on the calling thread; it still
//! checks every proof with one multiscalar multiplication per chunk, several times faster than
//! verifying one by one.

use crate::convert::{array32, usize_of};
use crate::envelope::Envelope;
use crate::error::{BindingError, Result};
use crate::generators::with_cache;
use crate::interval::{interval, IntervalProof};
use crate::plus::{PlusProof, PlusStatement};
use crate::range::{RangeProof, RangeStatement};
use crate::rng::rng;
use bpkit::group::CompressedRistretto;
use bpkit::Interval;
use bpkit_envelope::{transcript, GeneratorSet, Scheme};
use js_sys::Array;
use wasm_bindgen::prelude::*;

/// One proof of a batch, with its statement and label (owned copies).
enum Item {
    Range {
        proof: bpkit::RangeProof,
        statement: bpkit::RangeStatement,
        label: String,
    },
    Interval {
        proof: bpkit::IntervalProof,
        commitment: CompressedRistretto,
        interval: Interval,
        bits: usize,
        label: String,
    },
    Plus {
        proof: bpkit::plus::PlusProof,
        statement: bpkit::plus::PlusStatement,
        gens: (GeneratorSet, usize),
        label: String,
    },
    /// An envelope whose proof or statement does not decode: `verify` throws, naming it.
    Broken(bpkit::Error),
}

/// Proofs to verify together: add them (each `add…` returns the proof's index, from 0), then
/// `verify()` returns the indices of the bad ones (an empty array when all verify).
#[wasm_bindgen]
#[derive(Default)]
pub struct BatchVerifier {
    items: Vec<Item>,
}

impl BatchVerifier {
    fn push(&mut self, item: Item) -> u32 {
        self.items.push(item);
        u32::try_from(self.items.len().saturating_sub(1)).unwrap_or(u32::MAX)
    }

    /// The item of an envelope (`Broken` if its proof or statement does not decode).
    fn envelope_item(envelope: &bpkit_envelope::Envelope) -> Item {
        let label = envelope.label.clone();
        let item = match &envelope.scheme {
            Scheme::Bp { range: None } => (|| {
                Ok::<_, bpkit::Error>(Item::Range {
                    proof: bpkit::RangeProof::from_bytes(&envelope.proof)?,
                    statement: bpkit::RangeStatement::new(
                        envelope.bits,
                        envelope.commitments.clone(),
                    )?,
                    label,
                })
            })(),
            Scheme::Bp {
                range: Some(interval),
            } => (|| {
                let [commitment] = envelope.commitments.as_slice() else {
                    return Err(bpkit::Error::InvalidAggregation(envelope.commitments.len()));
                };
                Ok(Item::Interval {
                    proof: bpkit::IntervalProof::from_bytes(&envelope.proof)?,
                    commitment: *commitment,
                    interval: *interval,
                    bits: envelope.bits,
                    label,
                })
            })(),
            Scheme::Plus {
                generators,
                minimums,
            } => (|| {
                let proof = bpkit::plus::PlusProof::from_bytes(&envelope.proof)?;
                let k = proof.extension_degree();
                Ok(Item::Plus {
                    statement: bpkit::plus::PlusStatement::with_minimums(
                        envelope.bits,
                        envelope.commitments.clone(),
                        minimums.clone(),
                    )?,
                    proof,
                    gens: (*generators, k),
                    label,
                })
            })(),
        };
        item.unwrap_or_else(Item::Broken)
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
        self.push(Item::Range {
            proof: proof.inner().clone(),
            statement: statement.inner().clone(),
            label: label.to_owned(),
        })
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
        Ok(self.push(Item::Interval {
            proof: proof.inner().clone(),
            commitment,
            interval,
            bits: usize_of(bits),
            label: label.to_owned(),
        }))
    }

    /// Adds a Bulletproofs+ proof with its statement and transcript label; returns its index.
    #[wasm_bindgen(js_name = addPlusProof)]
    pub fn add_plus_proof(
        &mut self,
        proof: &PlusProof,
        statement: &PlusStatement,
        label: &str,
    ) -> u32 {
        self.push(Item::Plus {
            proof: proof.inner().clone(),
            statement: statement.inner().clone(),
            gens: (statement.generator_set(), statement.degree_for(proof)),
            label: label.to_owned(),
        })
    }

    /// Adds the proof of an envelope; returns its index. An envelope whose proof does not
    /// decode is added too: `verify` then throws a `MalformedError` with its `index`.
    #[wasm_bindgen(js_name = addEnvelope)]
    pub fn add_envelope(&mut self, envelope: &Envelope) -> u32 {
        self.push(Self::envelope_item(envelope.inner()))
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
        let needed: Vec<(GeneratorSet, usize)> = self
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Plus { gens, .. } if (1..=bpkit::plus::MAX_EXTENSION).contains(&gens.1) => {
                    Some(*gens)
                }
                _ => None,
            })
            .collect();
        let mut rng = rng()?;
        let mut bad = with_cache(&needed, |cache| {
            let mut batch = bpkit::batch::BatchVerifier::new();
            // The batch's index of each proof added to it → the caller's index.
            let mut caller_index = Vec::with_capacity(self.items.len());
            for (i, item) in self.items.iter().enumerate() {
                let added = match item {
                    Item::Range {
                        proof,
                        statement,
                        label,
                    } => Ok(batch.add_range_proof(proof, statement, transcript(label))),
                    Item::Interval {
                        proof,
                        commitment,
                        interval,
                        bits,
                        label,
                    } => batch.add_interval_proof(
                        proof,
                        commitment,
                        interval,
                        *bits,
                        transcript(label),
                    ),
                    Item::Plus {
                        proof,
                        statement,
                        gens,
                        label,
                    } => match cache.find(gens.0, gens.1) {
                        Some(g) => Ok(batch.add_plus_proof(proof, statement, g, transcript(label))),
                        None => Err(bpkit::Error::InvalidExtensionDegree(gens.1)),
                    },
                    Item::Broken(e) => Err(*e),
                };
                added.map_err(|e| BindingError::from(e).at(i))?;
                caller_index.push(i);
            }
            let mut bad = Vec::new();
            if let Err(failures) = batch.verify(&mut rng) {
                for &(j, e) in failures.failures() {
                    let i = caller_index
                        .get(j)
                        .copied()
                        .ok_or_else(|| BindingError::argument("batch index out of range"))?;
                    if !e.is_invalid_proof() {
                        return Err(BindingError::from(e).at(i));
                    }
                    bad.push(i);
                }
            }
            Ok(bad)
        })?;
        bad.sort_unstable();
        Ok(bad
            .into_iter()
            .map(|i| JsValue::from(u32::try_from(i).unwrap_or(u32::MAX)))
            .collect())
    }
}
