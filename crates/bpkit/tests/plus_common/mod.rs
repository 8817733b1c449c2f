//! Helpers shared by the Bulletproofs+ integration tests: bpkit and `tari_bulletproofs_plus`
//! side by side.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::group::{CompressedRistretto, RistrettoPoint, Scalar};
use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
use merlin::Transcript;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;

use tari::{
    commitment_opening::CommitmentOpening,
    generators::pedersen_gens::ExtensionDegree,
    range_parameters::RangeParameters,
    range_proof::{RangeProof as TariProof, VerifyAction},
    range_statement::RangeStatement as TariStatement,
    range_witness::RangeWitness,
    ristretto::{create_pedersen_gens_with_extension_degree, RistrettoRangeProof},
};
pub use tari_bulletproofs_plus as tari;

pub fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

/// A random value in [min, min + 2^bits), saturating at u64::MAX.
pub fn value_in(rng: &mut ChaCha20Rng, bits: usize, min: u64) -> u64 {
    let v: u64 = rng.random();
    let v = if bits == 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    };
    min.saturating_add(v)
}

/// A random minimum below 2^bits (and small enough that min + range fits u64 often).
pub fn min_below(rng: &mut ChaCha20Rng, bits: usize) -> u64 {
    let v: u64 = rng.random();
    if bits == 64 {
        v >> 1
    } else {
        v & ((1u64 << bits) - 1)
    }
}

pub struct Case {
    pub bits: usize,
    pub k: usize,
    pub openings: Vec<ExtendedOpening>,
    pub minimums: Vec<u64>,
}

/// `m` random openings with `k` blindings, minimums (zero unless `with_min`), and values in
/// range.
pub fn case(rng: &mut ChaCha20Rng, bits: usize, m: usize, k: usize, with_min: bool) -> Case {
    let mut openings = Vec::new();
    let mut minimums = Vec::new();
    for _ in 0..m {
        let min = if with_min { min_below(rng, bits) } else { 0 };
        let v = value_in(rng, bits, min);
        let v = if v
            .checked_sub(min)
            .is_none_or(|d| bits < 64 && d >> bits != 0)
        {
            min
        } else {
            v
        };
        openings.push(ExtendedOpening::random(v, k, rng));
        minimums.push(min);
    }
    Case {
        bits,
        k,
        openings,
        minimums,
    }
}

/// Like [`case`], with every value below `2^bits` as well: Tari's prover refuses values that do
/// not fit `bits` even when a minimum makes `v − min` fit.
pub fn case_tari(rng: &mut ChaCha20Rng, bits: usize, m: usize, k: usize, with_min: bool) -> Case {
    let mut c = case(rng, bits, m, k, with_min);
    for (o, &min) in c.openings.iter_mut().zip(&c.minimums) {
        if bits < 64 && o.value >> bits != 0 {
            let span = (1u64 << bits) - min;
            o.value = min + o.value % span;
        }
    }
    c
}

pub fn statement(gens: &PlusGens, c: &Case) -> PlusStatement {
    PlusStatement::commit(
        gens.pedersen(),
        c.bits,
        &c.openings,
        Some(c.minimums.clone()),
    )
    .unwrap()
}

pub fn prove(
    gens: &PlusGens,
    c: &Case,
    label: &'static [u8],
    seed: u64,
) -> (PlusProof, PlusStatement) {
    let st = statement(gens, c);
    let proof = PlusProof::prove(
        &mut Transcript::new(label),
        gens,
        &st,
        &c.openings,
        &mut rng(seed),
    )
    .unwrap();
    (proof, st)
}

pub fn tari_degree(k: usize) -> ExtensionDegree {
    ExtensionDegree::try_from(k).unwrap()
}

fn to_point(c: &CompressedRistretto) -> RistrettoPoint {
    c.decompress().unwrap()
}

/// Tari's statement for a bpkit statement: padded to m' with identity commitments, minimums
/// as `Some(min)` (0 and `None` bind the same).
pub fn tari_statement(
    st: &PlusStatement,
    k: usize,
    seed: Option<Scalar>,
) -> TariStatement<RistrettoPoint> {
    let mp = st.padded_values();
    let params = RangeParameters::init(
        st.bits(),
        mp,
        create_pedersen_gens_with_extension_degree(tari_degree(k)),
    )
    .unwrap();
    let mut commitments: Vec<RistrettoPoint> = st.commitments().iter().map(to_point).collect();
    commitments.resize(mp, to_point(&CompressedRistretto::default()));
    let mut mins: Vec<Option<u64>> = st.minimums().iter().map(|&m| Some(m)).collect();
    mins.resize(mp, None);
    TariStatement::init(params, commitments, mins, seed).unwrap()
}

pub fn tari_verify(
    label: &'static [u8],
    st: &TariStatement<RistrettoPoint>,
    proof_bytes: &[u8],
    action: VerifyAction,
) -> Result<Vec<Option<tari::extended_mask::ExtendedMask>>, tari::errors::ProofError> {
    let proof = RistrettoRangeProof::from_bytes(proof_bytes)?;
    TariProof::verify_batch(
        &mut [tari_merlin::Transcript::new(label)],
        std::slice::from_ref(st),
        std::slice::from_ref(&proof),
        action,
    )
}

/// A Tari proof of bpkit's case (openings padded with zero openings), as bytes.
pub fn tari_prove(
    c: &Case,
    st: &PlusStatement,
    label: &'static [u8],
    seed_nonce: Option<Scalar>,
    rng_seed: u64,
) -> Vec<u8> {
    let tst = tari_statement(st, c.k, seed_nonce);
    let mut openings: Vec<CommitmentOpening> = c
        .openings
        .iter()
        .map(|o| CommitmentOpening::new(o.value, o.blindings.clone()))
        .collect();
    openings.resize_with(st.padded_values(), || {
        CommitmentOpening::new(0, vec![Scalar::ZERO; c.k])
    });
    let witness = RangeWitness::init(openings).unwrap();
    let proof = RistrettoRangeProof::prove_with_rng(
        &mut tari_merlin::Transcript::new(label),
        &tst,
        &witness,
        &mut rng(rng_seed),
    )
    .unwrap();
    proof.to_bytes()
}
