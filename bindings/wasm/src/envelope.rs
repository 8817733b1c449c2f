//! The proof envelope: the JSON the `bpkit` CLI reads and writes, through the shared
//! `bpkit-envelope` crate, so the bytes are the CLI's (a proof made in JavaScript verifies with
//! the CLI and the other bindings, and the other way round).

use crate::convert::{array32, commitments_to_js, to_js, usize_of};
use crate::error::{BindingError, Result};
use crate::generators::with_cache_mut;
use crate::interval::{interval, IntervalProof};
use crate::plus::{PlusProof, PlusStatement};
use crate::range::{RangeProof, RangeStatement};
use bpkit::group::CompressedRistretto;
use bpkit_envelope::Scheme;
use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;

/// One proof with everything a verifier needs besides it: scheme, bits, label, commitments,
/// and an interval (`bp`) or generator set and minimums (`bp+`).
#[wasm_bindgen]
pub struct Envelope {
    inner: bpkit_envelope::Envelope,
}

impl Envelope {
    /// The decoded envelope.
    pub(crate) fn inner(&self) -> &bpkit_envelope::Envelope {
        &self.inner
    }
}

#[wasm_bindgen]
impl Envelope {
    /// Strict decoding of one envelope (unknown or duplicate fields, non-canonical defaults,
    /// bad hex … are `MalformedError` `malformed-envelope`). The proof bytes are decoded by
    /// `verify`.
    #[wasm_bindgen(js_name = fromJson)]
    pub fn from_json(text: &str) -> Result<Envelope> {
        Ok(Envelope {
            inner: bpkit_envelope::parse(text)?,
        })
    }

    /// The envelope as the CLI writes it: one line of JSON, newline included.
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> Result<String> {
        Ok(bpkit_envelope::to_json(&self.inner)?)
    }

    /// An envelope for a range proof.
    #[wasm_bindgen(js_name = fromRangeProof)]
    pub fn from_range_proof(
        proof: &RangeProof,
        statement: &RangeStatement,
        label: &str,
    ) -> Envelope {
        Envelope {
            inner: bpkit_envelope::Envelope {
                scheme: Scheme::Bp { range: None },
                bits: statement.inner().bits(),
                label: label.to_owned(),
                commitments: statement.inner().commitments().to_vec(),
                proof: proof.inner().to_bytes(),
            },
        }
    }

    /// An envelope for an interval proof that the 32-byte `commitment` opens to a value in
    /// `[a, b)`.
    #[wasm_bindgen(js_name = fromIntervalProof)]
    pub fn from_interval_proof(
        proof: &IntervalProof,
        commitment: &[u8],
        #[wasm_bindgen(unchecked_param_type = "bigint")] a: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "bigint")] b: &JsValue,
        bits: u32,
        label: &str,
    ) -> Result<Envelope> {
        let interval = interval(a, b)?;
        let bits = usize_of(bits);
        if interval.min_bits() > bits || !bpkit::BIT_SIZES.contains(&bits) {
            return Err(bpkit::Error::InvalidRange.into());
        }
        Ok(Envelope {
            inner: bpkit_envelope::Envelope {
                scheme: Scheme::Bp {
                    range: Some(interval),
                },
                bits,
                label: label.to_owned(),
                commitments: vec![CompressedRistretto(array32(commitment)?)],
                proof: proof.inner().to_bytes(),
            },
        })
    }

    /// An envelope for a Bulletproofs+ proof. A statement that fixes an extension degree must
    /// have the proof's (the envelope carries only the proof's).
    #[wasm_bindgen(js_name = fromPlusProof)]
    pub fn from_plus_proof(
        proof: &PlusProof,
        statement: &PlusStatement,
        label: &str,
    ) -> Result<Envelope> {
        let found = proof.inner().extension_degree();
        let expected = statement.degree_for(proof);
        if expected != found {
            return Err(bpkit::Error::ExtensionMismatch { expected, found }.into());
        }
        Ok(Envelope {
            inner: bpkit_envelope::Envelope {
                scheme: Scheme::Plus {
                    generators: statement.generator_set(),
                    minimums: statement.inner().minimums().to_vec(),
                },
                bits: statement.inner().bits(),
                label: label.to_owned(),
                commitments: statement.inner().commitments().to_vec(),
                proof: proof.inner().to_bytes(),
            },
        })
    }

    /// A receiver's verification: the envelope's statement must be the one expected — `label`
    /// and the 32-byte `commitments` (in order), and, from `options` when given, `bits`
    /// (number or bigint), `range` (`[a, b]`, an interval proof of `[a, b)`), `minimums`
    /// (bigints, Bulletproofs+) and `generators` (`"bpkit"` or `"tari"`) — then the proof must
    /// hold. A valid proof of anything else throws `InvalidProofError` with kind
    /// `unexpected-statement` before the proof is decoded.
    #[wasm_bindgen(js_name = verifyExpecting)]
    pub fn verify_expecting(
        &self,
        label: &str,
        commitments: Vec<Uint8Array>,
        #[wasm_bindgen(
            unchecked_param_type = "{ bits?: number | bigint, range?: [bigint, bigint], minimums?: bigint[], generators?: string } | undefined"
        )]
        options: Option<JsValue>,
    ) -> Result<()> {
        let mut expected =
            bpkit_envelope::Expectation::new(label, crate::convert::commitments_of(&commitments)?);
        if let Some(options) = options.filter(|o| !o.is_undefined() && !o.is_null()) {
            if !options.is_object() {
                return Err(BindingError::argument(
                    "verifyExpecting: options must be an object",
                ));
            }
            let field = |name: &str| {
                js_sys::Reflect::get(&options, &JsValue::from_str(name))
                    .ok()
                    .filter(|v| !v.is_undefined())
            };
            if let Some(bits) = field("bits") {
                let bits = if bits.is_bigint() {
                    crate::convert::u64_of(&bits, "bits")?
                } else {
                    bits.as_f64()
                        .filter(|b| b.fract() == 0.0 && (0.0..=64.0).contains(b))
                        .map(|b| b as u64)
                        .ok_or_else(|| BindingError::argument("bits: expected 8, 16, 32 or 64"))?
                };
                expected = expected.bits(usize::try_from(bits).unwrap_or(usize::MAX));
            }
            if let Some(range) = field("range") {
                let pair = Array::from(&range);
                if !Array::is_array(&range) || pair.length() != 2 {
                    return Err(BindingError::argument("range: expected [a, b]"));
                }
                let a = crate::convert::u64_of(&pair.get(0), "range a")?;
                let b = crate::convert::u128_of(&pair.get(1), "range b")?;
                expected = expected.range(bpkit::Interval::new(a, b)?);
            }
            if let Some(minimums) = field("minimums") {
                if !Array::is_array(&minimums) {
                    return Err(BindingError::argument(
                        "minimums: expected an array of bigints",
                    ));
                }
                let list = Array::from(&minimums)
                    .iter()
                    .map(|m| crate::convert::u64_of(&m, "minimum"))
                    .collect::<Result<Vec<u64>>>()?;
                expected = expected.minimums(list);
            }
            if let Some(g) = field("generators") {
                let name = g
                    .as_string()
                    .and_then(|n| bpkit_envelope::GeneratorSet::from_name(&n))
                    .ok_or_else(|| BindingError::argument("generators: \"bpkit\" or \"tari\""))?;
                expected = expected.generators(name);
            }
        }
        expected
            .check(&self.inner)
            .map_err(|e| BindingError::from(bpkit_envelope::Failure::Envelope(e)))?;
        self.verify()
    }

    /// Verifies the proof against the envelope's **own** statement only: it shows that the
    /// commitments written in the envelope hold values in range under its label, not that they
    /// are the ones you expect (a receiver uses `verifyExpecting`). Same as `verify`.
    #[wasm_bindgen(js_name = verifySelfConsistent)]
    pub fn verify_self_consistent(&self) -> Result<()> {
        self.verify()
    }

    /// Decodes the proof and verifies it against the envelope's own statement (see
    /// `verifySelfConsistent`; a receiver uses `verifyExpecting`).
    pub fn verify(&self) -> Result<()> {
        with_cache_mut(|cache| Ok(bpkit_envelope::verify_with(&self.inner, cache)?))
    }

    /// `"bp"` (range and interval proofs) or `"bp+"` (Bulletproofs+).
    #[wasm_bindgen(getter)]
    pub fn scheme(&self) -> String {
        self.inner.scheme.name().to_owned()
    }

    /// Bits per value.
    #[wasm_bindgen(getter)]
    pub fn bits(&self) -> u32 {
        u32::try_from(self.inner.bits).unwrap_or(u32::MAX)
    }

    /// The transcript label.
    #[wasm_bindgen(getter)]
    pub fn label(&self) -> String {
        self.inner.label.clone()
    }

    /// The commitments.
    #[wasm_bindgen(getter, unchecked_return_type = "Uint8Array[]")]
    pub fn commitments(&self) -> Array {
        commitments_to_js(&self.inner.commitments)
    }

    /// The proof's encoding.
    #[wasm_bindgen(getter)]
    pub fn proof(&self) -> Uint8Array {
        to_js(&self.inner.proof)
    }

    /// For an interval proof, `[a, b]` as `bigint`s; otherwise `undefined`.
    #[wasm_bindgen(getter, unchecked_return_type = "[bigint, bigint] | undefined")]
    pub fn range(&self) -> JsValue {
        match &self.inner.scheme {
            Scheme::Bp { range: Some(r) } => {
                Array::of2(&JsValue::from(r.lower()), &JsValue::from(r.upper())).into()
            }
            _ => JsValue::UNDEFINED,
        }
    }

    /// For a `bp+` envelope, the generator set's name (`"bpkit"` or `"tari"`); otherwise
    /// `undefined`.
    #[wasm_bindgen(getter)]
    pub fn generators(&self) -> Option<String> {
        match &self.inner.scheme {
            Scheme::Plus { generators, .. } => Some(generators.name().to_owned()),
            Scheme::Bp { .. } => None,
        }
    }

    /// For a `bp+` envelope, one minimum per commitment; otherwise `undefined`.
    #[wasm_bindgen(getter, unchecked_return_type = "bigint[] | undefined")]
    pub fn minimums(&self) -> JsValue {
        match &self.inner.scheme {
            Scheme::Plus { minimums, .. } => minimums
                .iter()
                .map(|&m| JsValue::from(m))
                .collect::<Array>()
                .into(),
            Scheme::Bp { .. } => JsValue::UNDEFINED,
        }
    }
}
