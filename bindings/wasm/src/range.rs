//! Range proofs: each committed value lies in `[0, 2ⁿ)` (wire format of the `bulletproofs`
//! crate).

use crate::commit::Opening;
use crate::convert::{
    clones, commitments_of, commitments_to_js, prover_transcript, to_js, transcript, usize_of,
};
use crate::error::{BindingError, Result};
use crate::rng::rng;
use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;

/// What a range proof proves: `bits` (8, 16, 32 or 64) and the commitments (1 to 64).
#[wasm_bindgen]
pub struct RangeStatement {
    inner: bpkit::RangeStatement,
}

impl RangeStatement {
    /// The core statement.
    pub(crate) fn inner(&self) -> &bpkit::RangeStatement {
        &self.inner
    }
}

#[wasm_bindgen]
impl RangeStatement {
    /// A statement over 32-byte commitments (checked to be points when verifying).
    #[wasm_bindgen(constructor)]
    pub fn new(bits: u32, commitments: Vec<Uint8Array>) -> Result<RangeStatement> {
        let inner = bpkit::RangeStatement::new(usize_of(bits), commitments_of(&commitments)?)?;
        Ok(RangeStatement { inner })
    }

    /// Bits per value.
    #[wasm_bindgen(getter)]
    pub fn bits(&self) -> u32 {
        u32::try_from(self.inner.bits()).unwrap_or(u32::MAX)
    }

    /// The commitments, as 32-byte arrays.
    #[wasm_bindgen(getter, unchecked_return_type = "Uint8Array[]")]
    pub fn commitments(&self) -> Array {
        commitments_to_js(self.inner.commitments())
    }
}

/// A range proof of one value or an aggregated proof of several.
#[wasm_bindgen]
pub struct RangeProof {
    inner: bpkit::RangeProof,
}

impl RangeProof {
    /// The core proof.
    pub(crate) fn inner(&self) -> &bpkit::RangeProof {
        &self.inner
    }
}

#[wasm_bindgen]
impl RangeProof {
    /// Proves that each opening's value lies in `[0, 2^bits)`, with the transcript label
    /// `label`. The statement is `new RangeStatement(bits, openings.map(o => o.commitment))`.
    /// Throws `ProvingError` (`value-out-of-range`) for a value that does not fit.
    pub fn prove(
        #[wasm_bindgen(unchecked_param_type = "Opening[]")] openings: &Array,
        bits: u32,
        label: &str,
    ) -> Result<RangeProof> {
        let openings: Vec<Opening> = clones(openings, "openings", "Opening")?;
        let inner: Vec<bpkit::Opening> = openings.iter().map(|o| o.inner().clone()).collect();
        let mut rng = rng()?;
        let (proof, _) = bpkit::RangeProof::prove(
            &mut prover_transcript(label)?,
            &inner,
            usize_of(bits),
            &mut rng,
        )
        .map_err(BindingError::proving)?;
        Ok(RangeProof { inner: proof })
    }

    /// Verifies the proof against `statement` with the transcript label `label`. Returns
    /// nothing; throws `InvalidProofError` (`verification-failed`, `size-mismatch`) or
    /// `MalformedError` (e.g. `invalid-commitment`).
    pub fn verify(&self, statement: &RangeStatement, label: &str) -> Result<()> {
        Ok(self
            .inner
            .verify(&mut transcript(label)?, statement.inner())?)
    }

    /// Strict decoding (canonical scalars, valid non-identity points, no trailing bytes).
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: &[u8]) -> Result<RangeProof> {
        Ok(RangeProof {
            inner: bpkit::RangeProof::from_bytes(bytes)?,
        })
    }

    /// The encoding (that of the `bulletproofs` crate).
    #[wasm_bindgen(js_name = toBytes)]
    pub fn to_bytes(&self) -> Uint8Array {
        to_js(&self.inner.to_bytes())
    }
}
