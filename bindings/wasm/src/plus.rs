//! Bulletproofs+ (wire format of `tari_bulletproofs_plus`): extended commitments with `k`
//! blinding factors, minimum values, and mask recovery with a seed.

use crate::convert::{
    clones, commitments_of, commitments_to_js, prover_transcript, secret_scalar, secret_to_js,
    to_js, transcript, u64_of, usize_of,
};
use crate::error::{BindingError, Result};
use crate::generators::{set_of, with_gens};
use crate::rng::rng;
use bpkit::group::{CompressedRistretto, Scalar};
use bpkit::plus::{RecoveryMode, RecoverySeed, MAX_EXTENSION};
use bpkit_envelope::GeneratorSet;
use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;
use zeroize::Zeroizing;

/// `k` if it is an extension degree (1 to 6).
fn check_degree(k: usize) -> Result<usize> {
    if (1..=MAX_EXTENSION).contains(&k) {
        Ok(k)
    } else {
        Err(bpkit::Error::InvalidExtensionDegree(k).into())
    }
}

/// `bigint[]` → minimums (`undefined`: all 0).
fn minimums_of(list: Option<Array>, m: usize) -> Result<Vec<u64>> {
    match list {
        None => Ok(vec![0; m]),
        Some(list) => list
            .iter()
            .enumerate()
            .map(|(i, v)| u64_of(&v, &format!("minimums[{i}]")))
            .collect(),
    }
}

/// The opening of an extended commitment `C = v·B + r₁·B̃₁ + … + r_k·B̃_k` over a named
/// generator set, with the commitment it makes. Secrets are wiped when it is freed.
#[wasm_bindgen]
pub struct ExtendedOpening {
    inner: bpkit::plus::ExtendedOpening,
    generators: GeneratorSet,
    commitment: CompressedRistretto,
}

impl ExtendedOpening {
    fn make(inner: bpkit::plus::ExtendedOpening, generators: GeneratorSet) -> Result<Self> {
        let k = inner.blindings.len();
        let commitment = with_gens(
            generators,
            k,
            |gens| Ok(inner.commit_with(gens.pedersen())?),
        )?;
        Ok(ExtendedOpening {
            inner,
            generators,
            commitment,
        })
    }
}

#[wasm_bindgen]
impl ExtendedOpening {
    /// An opening with chosen blindings (1 to 6 canonical 32-byte scalars) over the generator
    /// set `generators` (`"bpkit"`, the default, or `"tari"`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "bigint")] value: &JsValue,
        blindings: Vec<Uint8Array>,
        generators: Option<String>,
    ) -> Result<ExtendedOpening> {
        let value = u64_of(value, "value")?;
        let generators = set_of(generators)?;
        let scalars = blindings
            .iter()
            .map(|b| secret_scalar(b.to_vec()))
            .collect::<Result<Vec<Scalar>>>()?;
        Self::make(
            bpkit::plus::ExtendedOpening::new(value, scalars),
            generators,
        )
    }

    /// The committed value.
    #[wasm_bindgen(getter)]
    pub fn value(&self) -> u64 {
        self.inner.value
    }

    /// Copies of the blindings' encodings (secret: wipe them with `fill(0)` when done).
    #[wasm_bindgen(unchecked_return_type = "Uint8Array[]")]
    pub fn blindings(&self) -> Array {
        self.inner
            .blindings
            .iter()
            .map(|b| JsValue::from(secret_to_js(b)))
            .collect()
    }

    /// The number of blinding factors `k`.
    #[wasm_bindgen(getter, js_name = extensionDegree)]
    pub fn extension_degree(&self) -> u32 {
        u32::try_from(self.inner.blindings.len()).unwrap_or(u32::MAX)
    }

    /// The generator set's name.
    #[wasm_bindgen(getter)]
    pub fn generators(&self) -> String {
        self.generators.name().to_owned()
    }

    /// The 32-byte commitment.
    #[wasm_bindgen(getter)]
    pub fn commitment(&self) -> Uint8Array {
        to_js(self.commitment.as_bytes())
    }

    /// An independent copy.
    #[wasm_bindgen(js_name = clone)]
    pub fn duplicate(&self) -> ExtendedOpening {
        ExtendedOpening {
            inner: self.inner.clone(),
            generators: self.generators,
            commitment: self.commitment,
        }
    }
}

/// Commits to `value` with `k` (default 1) fresh random blindings over `generators` (default
/// `"bpkit"`).
#[wasm_bindgen(js_name = commitExtended)]
pub fn commit_extended(
    #[wasm_bindgen(unchecked_param_type = "bigint")] value: &JsValue,
    k: Option<u32>,
    generators: Option<String>,
) -> Result<ExtendedOpening> {
    let value = u64_of(value, "value")?;
    let generators = set_of(generators)?;
    let k = check_degree(usize_of(k.unwrap_or(1)))?;
    let mut rng = rng()?;
    ExtendedOpening::make(
        bpkit::plus::ExtendedOpening::random(value, k, &mut rng),
        generators,
    )
}

/// What a Bulletproofs+ proof proves: `minⱼ ≤ vⱼ < minⱼ + 2^bits` for each commitment, over a
/// generator set, optionally with a fixed extension degree.
#[wasm_bindgen]
pub struct PlusStatement {
    inner: bpkit::plus::PlusStatement,
    generators: GeneratorSet,
    extension_degree: Option<usize>,
}

impl PlusStatement {
    /// The core statement.
    pub(crate) fn inner(&self) -> &bpkit::plus::PlusStatement {
        &self.inner
    }

    /// The generator set.
    pub(crate) fn generator_set(&self) -> GeneratorSet {
        self.generators
    }

    /// The extension degree to verify with: the statement's, or else the proof's.
    pub(crate) fn degree_for(&self, proof: &PlusProof) -> usize {
        self.extension_degree
            .unwrap_or_else(|| proof.inner.extension_degree())
    }
}

#[wasm_bindgen]
impl PlusStatement {
    /// A statement over 32-byte commitments, with one minimum per commitment (`bigint`s below
    /// `2^bits`; default all 0), the generator set (default `"bpkit"`), and the extension degree
    /// (default: the proof's, as in the envelope; give it to refuse proofs of another degree).
    #[wasm_bindgen(constructor)]
    pub fn new(
        bits: u32,
        commitments: Vec<Uint8Array>,
        #[wasm_bindgen(unchecked_param_type = "bigint[] | undefined")] minimums: Option<Array>,
        generators: Option<String>,
        extension_degree: Option<u32>,
    ) -> Result<PlusStatement> {
        let commitments = commitments_of(&commitments)?;
        let minimums = minimums_of(minimums, commitments.len())?;
        let generators = set_of(generators)?;
        let extension_degree = extension_degree
            .map(|k| check_degree(usize_of(k)))
            .transpose()?;
        let inner =
            bpkit::plus::PlusStatement::with_minimums(usize_of(bits), commitments, minimums)?;
        Ok(PlusStatement {
            inner,
            generators,
            extension_degree,
        })
    }

    /// Bits per value.
    #[wasm_bindgen(getter)]
    pub fn bits(&self) -> u32 {
        u32::try_from(self.inner.bits()).unwrap_or(u32::MAX)
    }

    /// The commitments.
    #[wasm_bindgen(getter, unchecked_return_type = "Uint8Array[]")]
    pub fn commitments(&self) -> Array {
        commitments_to_js(self.inner.commitments())
    }

    /// The minimums, one per commitment.
    #[wasm_bindgen(getter, unchecked_return_type = "bigint[]")]
    pub fn minimums(&self) -> Array {
        self.inner
            .minimums()
            .iter()
            .map(|&m| JsValue::from(m))
            .collect()
    }

    /// The generator set's name.
    #[wasm_bindgen(getter)]
    pub fn generators(&self) -> String {
        self.generators.name().to_owned()
    }

    /// The extension degree, if the statement fixes it.
    #[wasm_bindgen(getter, js_name = extensionDegree)]
    pub fn extension_degree(&self) -> Option<u32> {
        self.extension_degree
            .map(|k| u32::try_from(k).unwrap_or(u32::MAX))
    }
}

/// A Bulletproofs+ range proof.
#[wasm_bindgen]
pub struct PlusProof {
    inner: bpkit::plus::PlusProof,
}

impl PlusProof {
    /// The core proof.
    pub(crate) fn inner(&self) -> &bpkit::plus::PlusProof {
        &self.inner
    }
}

/// The one generator set and degree of a list of openings.
fn common_gens(openings: &[ExtendedOpening]) -> Result<(GeneratorSet, usize)> {
    let first = openings
        .first()
        .ok_or_else(|| BindingError::proving(bpkit::Error::InvalidAggregation(0)))?;
    let shape = (first.generators, first.inner.blindings.len());
    if openings
        .iter()
        .any(|o| (o.generators, o.inner.blindings.len()) != shape)
    {
        return Err(BindingError::argument(
            "the openings of one proof must share their generator set and extension degree",
        ));
    }
    Ok(shape)
}

#[wasm_bindgen]
impl PlusProof {
    /// Proves `minⱼ ≤ vⱼ < minⱼ + 2^bits` for each opening (1 to 64, one generator set and
    /// degree), with the transcript label `label`. The statement is `new PlusStatement(bits,
    /// openings.map(o => o.commitment), minimums, openings[0].generators)`.
    pub fn prove(
        #[wasm_bindgen(unchecked_param_type = "ExtendedOpening[]")] openings: &Array,
        bits: u32,
        label: &str,
        #[wasm_bindgen(unchecked_param_type = "bigint[] | undefined")] minimums: Option<Array>,
    ) -> Result<PlusProof> {
        let openings: Vec<ExtendedOpening> = clones(openings, "openings", "ExtendedOpening")?;
        let (set, k) = common_gens(&openings)?;
        let minimums = minimums_of(minimums, openings.len())?;
        let inner: Vec<_> = openings.iter().map(|o| o.inner.clone()).collect();
        let mut rng = rng()?;
        with_gens(set, k, |gens| {
            let statement = bpkit::plus::PlusStatement::commit(
                gens.pedersen(),
                usize_of(bits),
                &inner,
                Some(minimums),
            )
            .map_err(BindingError::proving)?;
            let proof = bpkit::plus::PlusProof::prove(
                &mut prover_transcript(label)?,
                gens,
                &statement,
                &inner,
                &mut rng,
            )
            .map_err(BindingError::proving)?;
            Ok(PlusProof { inner: proof })
        })
    }

    /// [`PlusProof::prove`] for one opening, with nonces derived from `seed` (a canonical 32-byte
    /// scalar, wiped after use) so that the seed holder can recover the blindings
    /// (`recover`). **Use a seed for one proof only.**
    #[wasm_bindgen(js_name = proveRecoverable)]
    pub fn prove_recoverable(
        opening: &ExtendedOpening,
        bits: u32,
        label: &str,
        seed: Vec<u8>,
        #[wasm_bindgen(unchecked_param_type = "bigint | undefined")] minimum: Option<JsValue>,
    ) -> Result<PlusProof> {
        let seed = RecoverySeed::from_scalar(secret_scalar(seed)?);
        let minimum = match minimum {
            Some(m) => u64_of(&m, "minimum")?,
            None => 0,
        };
        let k = opening.inner.blindings.len();
        let mut rng = rng()?;
        with_gens(opening.generators, k, |gens| {
            let statement = bpkit::plus::PlusStatement::commit(
                gens.pedersen(),
                usize_of(bits),
                core::slice::from_ref(&opening.inner),
                Some(vec![minimum]),
            )
            .map_err(BindingError::proving)?;
            let proof = bpkit::plus::PlusProof::prove_recoverable(
                &mut prover_transcript(label)?,
                gens,
                &statement,
                &opening.inner,
                &seed,
                &mut rng,
            )
            .map_err(BindingError::proving)?;
            Ok(PlusProof { inner: proof })
        })
    }

    /// Verifies the proof against `statement` with the transcript label `label`.
    pub fn verify(&self, statement: &PlusStatement, label: &str) -> Result<()> {
        let k = statement.degree_for(self);
        with_gens(statement.generator_set(), k, |gens| {
            Ok(self
                .inner
                .verify(&mut transcript(label)?, gens, statement.inner())?)
        })
    }

    /// Recovers the blindings of a single-value proof made with `seed` (`proveRecoverable`),
    /// given the value the caller expects, and returns the opening — only after checking that
    /// it opens the statement's commitment (else `InvalidProofError` `recovery-failed`). With
    /// `verify` (default true) the proof is verified too.
    pub fn recover(
        &self,
        statement: &PlusStatement,
        label: &str,
        seed: Vec<u8>,
        #[wasm_bindgen(unchecked_param_type = "bigint")] value: &JsValue,
        verify: Option<bool>,
    ) -> Result<ExtendedOpening> {
        let seed = RecoverySeed::from_scalar(secret_scalar(seed)?);
        let value = u64_of(value, "value")?;
        let mode = if verify.unwrap_or(true) {
            RecoveryMode::RecoverAndVerify
        } else {
            RecoveryMode::RecoverOnly
        };
        let set = statement.generator_set();
        let k = statement.degree_for(self);
        let opening = with_gens(set, k, |gens| {
            Ok(self.inner.recover(
                &mut transcript(label)?,
                gens,
                statement.inner(),
                &seed,
                value,
                mode,
            )?)
        })?;
        let commitment = statement
            .inner()
            .commitments()
            .first()
            .copied()
            .ok_or(bpkit::Error::InvalidAggregation(0))?;
        Ok(ExtendedOpening {
            inner: opening,
            generators: set,
            commitment,
        })
    }

    /// The extension degree `k` (the first byte of the encoding).
    #[wasm_bindgen(getter, js_name = extensionDegree)]
    pub fn extension_degree(&self) -> u32 {
        u32::try_from(self.inner.extension_degree()).unwrap_or(u32::MAX)
    }

    /// Strict decoding.
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: &[u8]) -> Result<PlusProof> {
        Ok(PlusProof {
            inner: bpkit::plus::PlusProof::from_bytes(bytes)?,
        })
    }

    /// The encoding (that of `tari_bulletproofs_plus`).
    #[wasm_bindgen(js_name = toBytes)]
    pub fn to_bytes(&self) -> Uint8Array {
        to_js(&self.inner.to_bytes())
    }
}

/// A fresh random recovery seed (a canonical 32-byte scalar; secret).
#[wasm_bindgen(js_name = randomSeed)]
pub fn random_seed() -> Result<Uint8Array> {
    let mut rng = rng()?;
    let seed = Zeroizing::new(Scalar::random(&mut rng));
    Ok(secret_to_js(&seed))
}
