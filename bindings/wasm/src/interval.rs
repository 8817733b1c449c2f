//! Interval proofs: a committed value lies in `[a, b)` (an aggregated range proof over two
//! derived commitments; same encoding as a range proof of two values).

use crate::commit::Opening;
use crate::convert::{array32, prover_transcript, to_js, transcript, u128_of, u64_of, usize_of};
use crate::error::{BindingError, Result};
use crate::rng::rng;
use bpkit::group::CompressedRistretto;
use bpkit::Interval;
use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;

/// `[a, b)` from `bigint`s: `0 ≤ a < b ≤ 2⁶⁴` (else `invalid-range`, a `MalformedError`).
pub(crate) fn interval(a: &JsValue, b: &JsValue) -> Result<Interval> {
    Ok(Interval::new(u64_of(a, "a")?, u128_of(b, "b")?)?)
}

/// A proof that a commitment opens to a value in `[a, b)`.
#[wasm_bindgen]
pub struct IntervalProof {
    inner: bpkit::IntervalProof,
}

impl IntervalProof {
    /// The core proof.
    pub(crate) fn inner(&self) -> &bpkit::IntervalProof {
        &self.inner
    }
}

#[wasm_bindgen]
impl IntervalProof {
    /// Proves `a ≤ opening.value < b` with `bits`-bit range proofs (`b − 1 − a < 2^bits`),
    /// with the transcript label `label`. The commitment is `opening.commitment`. Throws
    /// `ProvingError` (`value-out-of-range`) when the value is not in the interval.
    pub fn prove(
        opening: &Opening,
        #[wasm_bindgen(unchecked_param_type = "bigint")] a: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "bigint")] b: &JsValue,
        bits: u32,
        label: &str,
    ) -> Result<IntervalProof> {
        let interval =
            Interval::new(u64_of(a, "a")?, u128_of(b, "b")?).map_err(BindingError::proving)?;
        let mut rng = rng()?;
        let (inner, _) = bpkit::IntervalProof::prove(
            &mut prover_transcript(label)?,
            opening.inner(),
            &interval,
            usize_of(bits),
            &mut rng,
        )
        .map_err(BindingError::proving)?;
        Ok(IntervalProof { inner })
    }

    /// Verifies that the 32-byte `commitment` opens to a value in `[a, b)`.
    pub fn verify(
        &self,
        commitment: &[u8],
        #[wasm_bindgen(unchecked_param_type = "bigint")] a: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "bigint")] b: &JsValue,
        bits: u32,
        label: &str,
    ) -> Result<()> {
        let commitment = CompressedRistretto(array32(commitment)?);
        let interval = interval(a, b)?;
        Ok(self.inner.verify(
            &mut transcript(label)?,
            &commitment,
            &interval,
            usize_of(bits),
        )?)
    }

    /// Strict decoding.
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: &[u8]) -> Result<IntervalProof> {
        Ok(IntervalProof {
            inner: bpkit::IntervalProof::from_bytes(bytes)?,
        })
    }

    /// The encoding.
    #[wasm_bindgen(js_name = toBytes)]
    pub fn to_bytes(&self) -> Uint8Array {
        to_js(&self.inner.to_bytes())
    }
}
