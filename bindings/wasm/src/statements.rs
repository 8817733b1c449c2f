//! Envelopes of any scheme (`verifyJson`), circuits given by their canonical JSON description
//! (`verifyCircuit`) and the ready-made circuit statements (SHA-256 preimage, Merkle
//! membership, shuffle): the provers return the envelope's JSON text (the CLI's bytes) and
//! the openings of the commitments they made, as Python's `prove_*` do.

use crate::commit::Opening;
use crate::convert::{commitments_of, u64_of};
use crate::error::{BindingError, Result};
use crate::rng::rng;
use js_sys::{Array, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use zeroize::Zeroizing;

#[wasm_bindgen(typescript_custom_section)]
const TS_RESULTS: &'static str = r#"
/** What `proveMerkle` returns: the envelope's JSON and the opening of the leaf's commitment. */
export interface MerkleProven {
  envelope: string;
  opening: Opening;
}
/** What `proveShuffle` returns: the envelope's JSON and the openings, in order. */
export interface ShuffleProven {
  envelope: string;
  inputs: Opening[];
  outputs: Opening[];
}
"#;

fn encoded(env: &bpkit_envelope::circuit::CircuitEnvelope) -> Result<String> {
    Ok(bpkit_envelope::circuit::to_json(env)?)
}

/// `bigint[]` → values.
fn values_of(list: &Array, what: &str) -> Result<Vec<u64>> {
    list.iter()
        .enumerate()
        .map(|(i, v)| u64_of(&v, &format!("{what}[{i}]")))
        .collect()
}

fn set(object: &Object, key: &str, value: JsValue) -> Result<()> {
    Reflect::set(object, &JsValue::from_str(key), &value)
        .map(|_| ())
        .map_err(|_| BindingError::argument(format!("cannot set {key}")))
}

fn openings(list: Vec<bpkit::Opening>) -> Array {
    list.into_iter()
        .map(|o| JsValue::from(Opening::from_inner(o)))
        .collect()
}

/// Verifies one envelope of any scheme (`bp`, `bp+`, interval, `circuit`, `grin-bp`): returns
/// nothing, throws `InvalidProofError` (a false proof) or `MalformedError`. A `circuit`
/// envelope whose statement's circuit has more than `maxMultipliers` multipliers (default
/// 65,536 = 2^16, i.e. SHA-256 preimages of up to 119 bytes; computed from the statement's
/// public parameters, refused before anything is built) is `MalformedError`
/// (`circuit-too-large`).
#[wasm_bindgen(js_name = verifyJson)]
pub fn verify_json(
    text: &str,
    #[wasm_bindgen(js_name = maxMultipliers)] max_multipliers: Option<u32>,
) -> Result<()> {
    let mut options = bpkit_envelope::VerifyCircuitOptions::default();
    if let Some(max) = max_multipliers {
        // u32 → usize: lossless on wasm32 and wider targets.
        options = options.max_multipliers(usize::try_from(max).unwrap_or(usize::MAX));
    }
    Ok(bpkit_envelope::verify_json_with(text, &options)?)
}

/// Verifies `proof` for the circuit given by its canonical JSON description (spec §12.2) and
/// its commitments (32-byte `Uint8Array`s), under the transcript label. `MalformedError`
/// (`circuit`) for a description that is not canonical, (`circuit-too-large`) for one declaring
/// more than `maxMultipliers` multipliers (default 65,536 = 2^16; refused before anything is
/// built); `InvalidProofError` for a false proof or one of another size (`size-mismatch`).
#[wasm_bindgen(js_name = verifyCircuit)]
pub fn verify_circuit(
    circuit: &str,
    commitments: Vec<Uint8Array>,
    proof: &[u8],
    label: &str,
    #[wasm_bindgen(js_name = maxMultipliers)] max_multipliers: Option<u32>,
) -> Result<()> {
    let commitments = commitments_of(&commitments)?;
    let mut options = bpkit_envelope::VerifyCircuitOptions::default();
    if let Some(max) = max_multipliers {
        // u32 → usize: lossless on wasm32 and wider targets.
        options = options.max_multipliers(usize::try_from(max).unwrap_or(usize::MAX));
    }
    Ok(bpkit_envelope::verify_circuit_with(
        circuit,
        &commitments,
        proof,
        label,
        &options,
    )?)
}

/// "I know a message whose SHA-256 is d": proves knowledge of `message` (at most 1024 bytes;
/// the copy in WebAssembly memory is wiped) and returns the circuit envelope's JSON (digest
/// and length, never the message). Slow: seconds.
#[wasm_bindgen(js_name = proveSha256)]
pub fn prove_sha256(message: Vec<u8>, label: &str) -> Result<String> {
    let message = Zeroizing::new(message);
    let env = bpkit_envelope::statements::sha256(&message, label, &mut rng()?)
        .map_err(BindingError::proving)?;
    encoded(&env)
}

/// Membership of `leaves[index]` in the Poseidon Merkle tree of the smallest depth over
/// `leaves` (`bigint`s): `{ envelope, opening }`, the opening of the leaf's commitment.
#[wasm_bindgen(js_name = proveMerkle, unchecked_return_type = "MerkleProven")]
pub fn prove_merkle(
    #[wasm_bindgen(unchecked_param_type = "bigint[]")] leaves: &Array,
    #[wasm_bindgen(unchecked_param_type = "bigint")] index: &JsValue,
    label: &str,
) -> Result<JsValue> {
    let leaves = values_of(leaves, "leaves")?;
    let index = u64_of(index, "index")?;
    let (env, opening) = bpkit_envelope::statements::merkle(&leaves, index, label, &mut rng()?)
        .map_err(BindingError::proving)?;
    let out = Object::new();
    set(&out, "envelope", JsValue::from_str(&encoded(&env)?))?;
    set(&out, "opening", JsValue::from(Opening::from_inner(opening)))?;
    Ok(out.into())
}

/// "The committed outputs are a permutation of the committed inputs" (`bigint[]`s of the same
/// length, 1 to 4096): commits each value with a fresh blinding and proves it;
/// `{ envelope, inputs, outputs }` with the openings in order. Outputs that are not a
/// permutation are a `ProvingError`.
#[wasm_bindgen(js_name = proveShuffle, unchecked_return_type = "ShuffleProven")]
pub fn prove_shuffle(
    #[wasm_bindgen(unchecked_param_type = "bigint[]")] inputs: &Array,
    #[wasm_bindgen(unchecked_param_type = "bigint[]")] outputs: &Array,
    label: &str,
) -> Result<JsValue> {
    let inputs = values_of(inputs, "inputs")?;
    let outputs = values_of(outputs, "outputs")?;
    let made = bpkit_envelope::statements::shuffle(&inputs, &outputs, label, &mut rng()?)
        .map_err(BindingError::proving)?;
    let out = Object::new();
    set(
        &out,
        "envelope",
        JsValue::from_str(&encoded(&made.envelope)?),
    )?;
    set(&out, "inputs", openings(made.inputs).into())?;
    set(&out, "outputs", openings(made.outputs).into())?;
    Ok(out.into())
}
