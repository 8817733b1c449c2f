//! Monero: output openings (`commitMonero`, `MoneroOpening`) and Bulletproofs+ proofs of their
//! amounts (`proveMonero`, the envelope JSON of `bpkit prove --scheme monero-bp+`).

use crate::convert::{clones, to_js, u64_of};
use crate::error::{BindingError, Result};
use crate::rng::rng;
use bpkit_envelope::monero as facade;
use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;
use zeroize::Zeroizing;

/// The opening of a Monero output commitment `C = mask·G + amount·H` (Ed25519). The secrets
/// live in WebAssembly memory and are wiped when the object is freed; `mask()` hands out a copy
/// JavaScript cannot reliably wipe.
#[wasm_bindgen]
pub struct MoneroOpening {
    inner: bpkit::monero::Opening,
    commitment: [u8; 32],
}

impl MoneroOpening {
    fn from_inner(inner: bpkit::monero::Opening) -> Self {
        let commitment = inner.commit();
        MoneroOpening { inner, commitment }
    }
}

#[wasm_bindgen]
impl MoneroOpening {
    /// The amount.
    #[wasm_bindgen(getter)]
    pub fn amount(&self) -> u64 {
        self.inner.amount
    }

    /// A copy of the mask's 32-byte encoding (secret: wipe it with `fill(0)` when done).
    pub fn mask(&self) -> Uint8Array {
        let bytes = Zeroizing::new(self.inner.mask.to_bytes());
        to_js(bytes.as_slice())
    }

    /// The 32-byte on-chain commitment (as in a transaction's `outPk`).
    #[wasm_bindgen(getter)]
    pub fn commitment(&self) -> Uint8Array {
        to_js(&self.commitment)
    }

    /// An independent copy (freed separately).
    #[wasm_bindgen(js_name = clone)]
    pub fn duplicate(&self) -> MoneroOpening {
        MoneroOpening {
            inner: self.inner.clone(),
            commitment: self.commitment,
        }
    }
}

/// A Monero output opening of `amount` (a `bigint` in `[0, 2⁶⁴)`): with `mask` (32 bytes, a
/// canonical scalar; the array is copied and the copy wiped) when given, else a fresh random
/// mask.
#[wasm_bindgen(js_name = commitMonero)]
pub fn commit_monero(
    #[wasm_bindgen(unchecked_param_type = "bigint")] amount: &JsValue,
    mask: Option<Vec<u8>>,
) -> Result<MoneroOpening> {
    let mask = mask.map(Zeroizing::new);
    let amount = u64_of(amount, "amount")?;
    let inner = match mask {
        Some(mask) => facade::monero_opening(amount, &mask)?,
        None => facade::random_monero_opening(amount, &mut rng()?),
    };
    Ok(MoneroOpening::from_inner(inner))
}

/// Proves with Monero's Bulletproofs+ that each opening's amount lies in `[0, 2⁶⁴)` (1 to 16
/// outputs: `ProvingError` with kind `invalid-aggregation` otherwise) and returns the envelope
/// JSON of `bpkit prove --scheme monero-bp+` (one line ending in `\n`), which `verifyJson`
/// accepts.
#[wasm_bindgen(js_name = proveMonero)]
pub fn prove_monero(
    #[wasm_bindgen(unchecked_param_type = "MoneroOpening[]")] openings: &Array,
) -> Result<String> {
    let openings: Vec<MoneroOpening> = clones(openings, "openings", "MoneroOpening")?;
    let inner: Vec<bpkit::monero::Opening> = openings.iter().map(|o| o.inner.clone()).collect();
    drop(openings);
    let env = facade::prove_monero_plus(&inner, &mut rng()?).map_err(BindingError::proving)?;
    drop(inner);
    let mut text = facade::monero_to_json(&env)?;
    text.push('\n');
    Ok(text)
}
