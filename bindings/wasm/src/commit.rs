//! Pedersen commitments `C = v·B + r·B̃` and their openings.

use crate::convert::{secret_scalar, secret_to_js, to_js, u64_of};
use crate::error::Result;
use crate::rng::rng;
use bpkit::group::CompressedRistretto;
use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;
use zeroize::Zeroizing;

/// The secret behind a commitment: a value and its blinding, with the commitment they make.
///
/// The secrets live in WebAssembly memory and are wiped when the object is freed (`free()`, or
/// when the garbage collector finalizes it). `value` and `blinding()` hand out copies that
/// JavaScript cannot reliably wipe (see the README).
#[wasm_bindgen]
pub struct Opening {
    inner: bpkit::Opening,
    commitment: CompressedRistretto,
}

impl Opening {
    /// The core opening.
    pub(crate) fn inner(&self) -> &bpkit::Opening {
        &self.inner
    }

    /// Wraps a core opening, computing its commitment (constant time).
    pub(crate) fn from_inner(inner: bpkit::Opening) -> Self {
        let commitment = inner.commit();
        Opening { inner, commitment }
    }
}

#[wasm_bindgen]
impl Opening {
    /// An opening with a chosen blinding: `value` a `bigint` in `[0, 2⁶⁴)`, `blinding` the
    /// 32-byte canonical encoding of a scalar (the array is copied; wipe it yourself).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "bigint")] value: &JsValue,
        blinding: Vec<u8>,
    ) -> Result<Opening> {
        // The blinding first: an early return on a bad value must not skip its wiping.
        let blinding = Zeroizing::new(secret_scalar(blinding)?);
        let value = u64_of(value, "value")?;
        Ok(Opening::from_inner(bpkit::Opening::new(value, *blinding)))
    }

    /// The committed value.
    #[wasm_bindgen(getter)]
    pub fn value(&self) -> u64 {
        self.inner.value
    }

    /// A copy of the blinding's 32-byte encoding (secret: wipe it with `fill(0)` when done).
    pub fn blinding(&self) -> Uint8Array {
        secret_to_js(&self.inner.blinding)
    }

    /// The 32-byte commitment.
    #[wasm_bindgen(getter)]
    pub fn commitment(&self) -> Uint8Array {
        to_js(self.commitment.as_bytes())
    }

    /// An independent copy (freed separately).
    #[wasm_bindgen(js_name = clone)]
    pub fn duplicate(&self) -> Opening {
        Opening {
            inner: self.inner.clone(),
            commitment: self.commitment,
        }
    }
}

/// Commits to `value` (a `bigint` in `[0, 2⁶⁴)`) with a fresh random blinding.
#[wasm_bindgen]
pub fn commit(#[wasm_bindgen(unchecked_param_type = "bigint")] value: &JsValue) -> Result<Opening> {
    let value = u64_of(value, "value")?;
    let mut rng = rng()?;
    Ok(Opening::from_inner(bpkit::Opening::random(value, &mut rng)))
}
