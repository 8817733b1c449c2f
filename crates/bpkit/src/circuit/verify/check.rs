//! The one multiscalar multiplication of a circuit verification, on curve25519-dalek or on
//! bpkit's verification engine ([`crate::group::engine`]), and the choice between them.
//!
//! **Variable-time, public data only**: every scalar and point of a verifier is public (the
//! proof, the commitments, the circuit, the challenges).
//!
//! The engine's Pippenger chooses its window by size (up to 16 bits), dalek's stops at 8; from
//! about 2¹⁵ points the engine's is 10–20 % faster on an AVX2-only machine, below about 2¹⁴ it
//! is 8–15 % slower (bench/RESULTS.md). So a circuit of at least [`ENGINE_MIN_MULTIPLIERS`]
//! (padded) multipliers is verified on the engine, over the default generators converted once
//! per process ([`crate::generators::shared_engine`]); smaller ones, and every build without
//! `std`, on dalek. A verification on its own ([`choose_single`]) takes the engine only when
//! that conversion has already been paid (by a batch, or by calling `shared_engine`). Both give the same answer and the same errors (tests compare them).
//! On dalek, circuits of at most [`crate::generators::CIRCUIT_TABLE_MAX`] padded multipliers
//! verify with the shared precomputed table of `B, B̃, G₀, H₀`
//! ([`crate::generators::CircuitTable`], built once) — the engine's tables where they are
//! faster ([`crate::group::engine::tables_preferred`]: AVX2 without dalek on IFMA), the
//! commitments and proof points then decoded by the engine.

use super::equation::CircuitEquation;
use crate::circuit::CircuitProof;
use crate::circuit::EncodedProof;
use crate::errors::Error;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::engine::{self, EnginePoint};
use crate::group::{msm, CompressedRistretto, RistrettoPoint, Scalar};
use alloc::vec::Vec;
use core::sync::atomic::{AtomicUsize, Ordering};
use curve25519_dalek::traits::{Identity, VartimeMultiscalarMul};

/// Padded multipliers from which verification runs on the engine (its `2n`-point
/// multiplication is then at least 2¹⁵ points).
pub const ENGINE_MIN_MULTIPLIERS: usize = 1 << 14;

/// Which multiscalar multiplication verifies a proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Path {
    /// curve25519-dalek's (points decoded by dalek).
    Dalek,
    /// bpkit's verification engine (points decoded by its batched decoder).
    Engine,
}

static ENGINE_THRESHOLD: AtomicUsize = AtomicUsize::new(ENGINE_MIN_MULTIPLIERS);

/// For tests and measurements only, process-wide: circuits of at least `padded` (padded)
/// multipliers verify on the engine (default [`ENGINE_MIN_MULTIPLIERS`]; `usize::MAX`: never;
/// without `std`, never whatever the setting). Either path gives the same answers and errors.
#[doc(hidden)]
pub fn set_engine_threshold(padded: usize) {
    ENGINE_THRESHOLD.store(padded, Ordering::Relaxed);
}

/// The path for a circuit of `padded` multipliers: the engine where it is faster and available.
pub(crate) fn choose(padded: usize) -> Path {
    if cfg!(feature = "std") && padded >= ENGINE_THRESHOLD.load(Ordering::Relaxed) {
        Path::Engine
    } else {
        Path::Dalek
    }
}

/// The path for one verification on its own ([`crate::circuit::Circuit::verify`], the gadgets'
/// verifier, [`super::PreparedCircuit`], statements' `verify` and `verify_with_key`): [`choose`]'s,
/// but the engine only once the default generators are in its form
/// ([`crate::generators::engine_ready`]). Converting them costs about as much as building them
/// (two inverse square roots a point, and a 35 MiB peak at 2¹⁵), more than one verification gains,
/// so a one-shot verification of a large proof (the CLI, a binding's single call) stays on dalek.
/// A batch with a circuit that large converts them; so does
/// [`crate::generators::shared_engine`]`(n, 1)`, which a program verifying many proofs one by one
/// calls once to opt in.
///
/// Small circuits whose shared table is the engine's (AVX2 without dalek on IFMA) take the
/// engine too: their points are then decoded by the engine alone (from bytes, no dalek decoding).
pub(crate) fn choose_single(padded: usize) -> Path {
    match choose(padded) {
        #[cfg(feature = "std")]
        Path::Engine if crate::generators::engine_ready(padded, 1) => Path::Engine,
        _ if small_engine_table(padded).is_some() => Path::Engine,
        _ => Path::Dalek,
    }
}

/// A proof as handed to a verifier.
#[derive(Clone, Copy, Debug)]
pub(crate) enum ProofInput<'p> {
    /// Parsed by [`CircuitProof::from_bytes`] (points decoded by dalek).
    Parsed(&'p CircuitProof),
    /// Still encoded.
    Bytes(&'p [u8]),
}

/// The proof's points in wire order ([`EncodedProof::points`]), decoded for one path.
#[derive(Clone, Debug)]
pub(crate) enum ProofPoints {
    Dalek(Vec<RistrettoPoint>),
    Engine(Vec<EnginePoint>),
}

impl ProofInput<'_> {
    /// The proof's encodings and its points decoded for `path`. Errors are those of
    /// [`CircuitProof::from_bytes`] (a parsed proof cannot fail).
    pub(crate) fn decode(self, path: Path) -> Result<(EncodedProof, ProofPoints), Error> {
        match (self, path) {
            (ProofInput::Parsed(p), Path::Dalek) => {
                Ok((p.encoded(), ProofPoints::Dalek(p.points())))
            }
            (ProofInput::Parsed(p), Path::Engine) => {
                // Valid already (dalek decoded them); the engine decodes them again, in one
                // batch, because its points cannot be made from dalek's.
                let enc = p.encoded();
                let points = enc.decode_engine()?;
                Ok((enc, ProofPoints::Engine(points)))
            }
            (ProofInput::Bytes(b), Path::Dalek) => {
                let p = CircuitProof::from_bytes(b)?;
                Ok((p.encoded(), ProofPoints::Dalek(p.points())))
            }
            (ProofInput::Bytes(b), Path::Engine) => {
                let enc = EncodedProof::parse(b)?;
                let points = enc.decode_engine()?;
                Ok((enc, ProofPoints::Engine(points)))
            }
        }
    }
}

/// The commitments decoded by dalek, the first invalid one named as the verifier names it.
pub(crate) fn commitments_dalek(
    commitments: &[CompressedRistretto],
) -> Result<Vec<RistrettoPoint>, Error> {
    commitments
        .iter()
        .enumerate()
        .map(|(index, c)| c.decompress().ok_or(Error::InvalidCommitment { index }))
        .collect()
}

/// The commitments decoded by the engine in one batch (the same error as
/// [`commitments_dalek`]). Variable-time: commitments are public.
pub(crate) fn commitments_engine(
    commitments: &[CompressedRistretto],
) -> Result<Vec<EnginePoint>, Error> {
    engine::decode_all(commitments).map_err(|e| Error::InvalidCommitment { index: e.index })
}

/// Checks that `eq` over `points` and `commitments` sums to the identity. `in_parts`: on dalek,
/// three multiplications (`G`, `H`, the rest) instead of one streamed in chunks (the prepared
/// path's choice; the same result).
///
/// `encodings` are the proof's points' encodings in wire order (the small tables on the engine
/// decode them again: dalek's points cannot be converted otherwise).
#[allow(clippy::too_many_arguments)]
pub(crate) fn finish(
    padded: usize,
    eq: CircuitEquation,
    points: ProofPoints,
    encodings: &[CompressedRistretto],
    commitments: &[CompressedRistretto],
    pc_gens: &PedersenGens,
    bp_gens: &BulletproofGens,
    in_parts: bool,
) -> Result<(), Error> {
    match points {
        ProofPoints::Dalek(points) => {
            if let Some(result) =
                on_shifted_table(padded, &eq, &points, commitments, pc_gens, bp_gens)
            {
                return result;
            }
            if !in_parts {
                if let Some(result) =
                    on_small_engine_table(padded, &eq, encodings, commitments, pc_gens, bp_gens)
                {
                    return result;
                }
            }
            let v = commitments_dalek(commitments)?;
            if in_parts {
                dalek_in_parts(padded, eq, &points, &v, pc_gens, bp_gens)
            } else if let Some(result) = on_small_table(padded, &eq, &points, &v, pc_gens, bp_gens)
            {
                result
            } else {
                dalek_streamed(padded, eq, &points, &v, pc_gens, bp_gens)
            }
        }
        ProofPoints::Engine(points) => {
            let v = commitments_engine(commitments)?;
            if !in_parts {
                if let Some(table) = small_engine_table(padded) {
                    return on_small_engine(&table, padded, &eq, &points, &v, pc_gens, bp_gens)
                        .unwrap_or_else(|| on_engine(padded, eq, points, v, pc_gens, bp_gens));
                }
            }
            on_engine(padded, eq, points, v, pc_gens, bp_gens)
        }
    }
}

/// dalek, with `B, B̃, G₀, H₀` from the shared table of small circuits
/// ([`crate::generators::CircuitTable`]): one mixed multiplication (the table's points at width
/// 8, the proof's points and the commitments by Straus). `None` where no table applies (too
/// large a circuit, or no `std`).
#[cfg(feature = "std")]
fn on_small_table(
    padded: usize,
    eq: &CircuitEquation,
    points: &[RistrettoPoint],
    v: &[RistrettoPoint],
    pc_gens: &PedersenGens,
    bp_gens: &BulletproofGens,
) -> Option<Result<(), Error>> {
    let table = crate::generators::shared_circuit_table(padded)?;
    Some((|| {
        party_zero(padded, bp_gens)?;
        if eq.g.len() != padded || eq.h.len() != padded {
            return Err(Error::VerificationFailed);
        }
        let dynamic = dynamic(&eq.proof_scalars, &eq.commitment_scalars, points, v)?;
        // Variable-time: every scalar and point of a verifier is public.
        let holds = table.holds(pc_gens, eq.b, eq.b_blinding, &eq.g, &eq.h, dynamic);
        verdict(holds.ok_or(Error::VerificationFailed)?)
    })())
}

/// The shared table of small circuits when it is the engine's
/// ([`crate::generators::CircuitTable`], built on the engine where its tables are faster), for
/// `padded` multipliers; `None` otherwise (a dalek table, too large a circuit, no `std`).
#[cfg(feature = "std")]
pub(crate) fn small_engine_table(
    padded: usize,
) -> Option<alloc::sync::Arc<crate::generators::CircuitTable>> {
    crate::generators::shared_circuit_table(padded).filter(|t| t.is_engine())
}

#[cfg(not(feature = "std"))]
pub(crate) fn small_engine_table(padded: usize) -> Option<alloc::sync::Arc<NoTable>> {
    let _ = padded;
    None
}

/// Stands for the table type where there are no tables (no `std`).
#[cfg(not(feature = "std"))]
pub(crate) enum NoTable {}

/// Proofs parsed by dalek on the engine's small-circuit table: the commitments and the proof's
/// points decoded by the engine (from `encodings`), then [`on_small_engine`]. `None` where it
/// does not apply; the caller then takes dalek's path.
fn on_small_engine_table(
    padded: usize,
    eq: &CircuitEquation,
    encodings: &[CompressedRistretto],
    commitments: &[CompressedRistretto],
    pc_gens: &PedersenGens,
    bp_gens: &BulletproofGens,
) -> Option<Result<(), Error>> {
    let table = small_engine_table(padded)?;
    let v = match commitments_engine(commitments) {
        Ok(v) => v,
        Err(e) => return Some(Err(e)),
    };
    // Valid already (dalek decoded them when parsing); a failure here would only send the
    // proof down dalek's path.
    let points = engine::decode_all(encodings).ok()?;
    on_small_engine(&table, padded, eq, &points, &v, pc_gens, bp_gens)
}

/// One mixed multiplication on the engine's small-circuit table: `B, B̃, G₀, H₀` from the table,
/// the proof's points and the commitments as dynamic points. `None` where the table does not
/// cover the equation; the caller then takes another path.
#[cfg(feature = "std")]
fn on_small_engine(
    table: &crate::generators::CircuitTable,
    padded: usize,
    eq: &CircuitEquation,
    points: &[EnginePoint],
    v: &[EnginePoint],
    pc_gens: &PedersenGens,
    bp_gens: &BulletproofGens,
) -> Option<Result<(), Error>> {
    if let Err(e) = check_shape(padded, eq, points.len(), v.len(), bp_gens) {
        return Some(Err(e));
    }
    let mut all = Vec::with_capacity(points.len().saturating_add(v.len()));
    all.extend_from_slice(points);
    all.extend_from_slice(v);
    let mut scalars = Vec::with_capacity(all.len());
    scalars.extend_from_slice(&eq.proof_scalars);
    scalars.extend_from_slice(&eq.commitment_scalars);
    // Variable-time: every scalar and point of a verifier is public.
    let holds = table.holds_engine(
        pc_gens,
        (eq.b, eq.b_blinding),
        (&eq.g, &eq.h),
        &scalars,
        &all,
    )?;
    Some(verdict(holds))
}

#[cfg(not(feature = "std"))]
fn on_small_engine(
    table: &NoTable,
    _padded: usize,
    _eq: &CircuitEquation,
    _points: &[EnginePoint],
    _v: &[EnginePoint],
    _pc_gens: &PedersenGens,
    _bp_gens: &BulletproofGens,
) -> Option<Result<(), Error>> {
    match *table {}
}

/// The engine's shifted table of the default `B, B̃, G₀, H₀` for the fixed terms
/// ([`crate::generators::shared_circuit_shifted`], built once a size has been verified often
/// enough), the commitments decoded and multiplied by the engine (in one batch: a shuffle's
/// many commitments), the proof's points (decoded by dalek already) by dalek. `None` where no
/// table applies (too large a circuit, not yet built, other Pedersen generators, no `std`).
#[cfg(feature = "std")]
fn on_shifted_table(
    padded: usize,
    eq: &CircuitEquation,
    points: &[RistrettoPoint],
    commitments: &[CompressedRistretto],
    pc_gens: &PedersenGens,
    bp_gens: &BulletproofGens,
) -> Option<Result<(), Error>> {
    if padded < crate::generators::CIRCUIT_SHIFTED_VERIFY_MIN
        || !crate::generators::is_default_pedersen(pc_gens)
    {
        return None;
    }
    let table = crate::generators::shared_circuit_shifted(padded, false)?;
    Some((|| {
        let v = commitments_engine(commitments)?;
        check_shape(padded, eq, points.len(), v.len(), bp_gens)?;
        let proof_points: Vec<&RistrettoPoint> = points.iter().collect();
        let mut fixed = Vec::with_capacity(padded.saturating_mul(2).saturating_add(2));
        fixed.extend([eq.b, eq.b_blinding]);
        fixed.extend(eq.g.iter().zip(&eq.h).flat_map(|(g, h)| [*g, *h]));
        // Variable-time: every scalar and point of a verifier is public.
        let holds = table.holds(
            &fixed,
            Scalar::to_bytes,
            (&eq.commitment_scalars, &v),
            &eq.proof_scalars,
            &proof_points,
        );
        verdict(holds.ok_or(Error::VerificationFailed)?)
    })())
}

#[cfg(not(feature = "std"))]
fn on_shifted_table(
    _padded: usize,
    _eq: &CircuitEquation,
    _points: &[RistrettoPoint],
    _commitments: &[CompressedRistretto],
    _pc_gens: &PedersenGens,
    _bp_gens: &BulletproofGens,
) -> Option<Result<(), Error>> {
    None
}

#[cfg(not(feature = "std"))]
fn on_small_table(
    _padded: usize,
    _eq: &CircuitEquation,
    _points: &[RistrettoPoint],
    _v: &[RistrettoPoint],
    _pc_gens: &PedersenGens,
    _bp_gens: &BulletproofGens,
) -> Option<Result<(), Error>> {
    None
}

fn party_zero(
    padded: usize,
    bp_gens: &BulletproofGens,
) -> Result<(&[RistrettoPoint], &[RistrettoPoint]), Error> {
    bp_gens.party(0, padded).ok_or(Error::GeneratorsTooSmall {
        needed: padded,
        available: bp_gens.gens_capacity(),
    })
}

/// The generators cover `padded` multipliers and the equation has one scalar per generator,
/// proof point and commitment.
#[cfg(feature = "std")]
fn check_shape(
    padded: usize,
    eq: &CircuitEquation,
    proof_points: usize,
    commitments: usize,
    bp_gens: &BulletproofGens,
) -> Result<(), Error> {
    party_zero(padded, bp_gens)?;
    if eq.g.len() != padded
        || eq.h.len() != padded
        || eq.proof_scalars.len() != proof_points
        || eq.commitment_scalars.len() != commitments
    {
        return Err(Error::VerificationFailed);
    }
    Ok(())
}

fn verdict(holds: bool) -> Result<(), Error> {
    if holds {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}

/// The dynamic scalars and points: the proof's, then the commitments'.
fn dynamic<'a>(
    eq_proof: &'a [Scalar],
    eq_commitments: &'a [Scalar],
    points: &'a [RistrettoPoint],
    v: &'a [RistrettoPoint],
) -> Result<impl Iterator<Item = (Scalar, &'a RistrettoPoint)>, Error> {
    if eq_proof.len() != points.len() || eq_commitments.len() != v.len() {
        return Err(Error::VerificationFailed);
    }
    Ok(eq_proof
        .iter()
        .copied()
        .zip(points)
        .chain(eq_commitments.iter().copied().zip(v)))
}

/// dalek, all terms streamed into chunked multiplications ([`msm::vartime_chunked`]): no vector
/// of all `2n + O(log n)` terms, and dalek's Pippenger state stays bounded (notes:
/// "Verification", memory).
fn dalek_streamed(
    padded: usize,
    eq: CircuitEquation,
    points: &[RistrettoPoint],
    v: &[RistrettoPoint],
    pc_gens: &PedersenGens,
    bp_gens: &BulletproofGens,
) -> Result<(), Error> {
    let (g, h) = party_zero(padded, bp_gens)?;
    let CircuitEquation {
        b,
        b_blinding,
        g: g_scalars,
        h: h_scalars,
        proof_scalars,
        commitment_scalars,
    } = eq;
    let dynamic = dynamic(&proof_scalars, &commitment_scalars, points, v)?;
    // Variable-time: every scalar and point of a verifier is public.
    let check = msm::vartime_chunked(
        [(b, pc_gens.b()), (b_blinding, pc_gens.b_blinding())]
            .into_iter()
            .chain(g_scalars.into_iter().zip(g))
            .chain(h_scalars.into_iter().zip(h))
            .chain(dynamic),
    );
    verdict(check == RistrettoPoint::default())
}

/// dalek, evaluated as three multiplications (`G`, `H`, the rest) and summed: the same result
/// and nearly the same work (Pippenger's window does not grow beyond 8 bits at these sizes),
/// with a third of the working memory. curve25519-dalek's Pippenger collects its `(digits,
/// point)` table without a size hint, so a single call over the `2n + 2 + k` points of a proof
/// grows that table to `4n` entries (44 MiB at n = 2^15) where `n` entries per call suffice.
fn dalek_in_parts(
    padded: usize,
    eq: CircuitEquation,
    points: &[RistrettoPoint],
    v: &[RistrettoPoint],
    pc_gens: &PedersenGens,
    bp_gens: &BulletproofGens,
) -> Result<(), Error> {
    let (g, h) = party_zero(padded, bp_gens)?;
    if eq.g.len() != g.len() || eq.h.len() != h.len() {
        return Err(Error::VerificationFailed);
    }
    let (rest_scalars, rest_points): (Vec<Scalar>, Vec<&RistrettoPoint>) =
        [(eq.b, pc_gens.b()), (eq.b_blinding, pc_gens.b_blinding())]
            .into_iter()
            .chain(dynamic(
                &eq.proof_scalars,
                &eq.commitment_scalars,
                points,
                v,
            )?)
            .unzip();
    // Variable-time: every scalar and point of a verifier is public. The `G` and `H`
    // multiplications side by side where the pool has two threads or more (feature
    // `parallel`), each in chunks of `msm::VARTIME_CHUNK` terms: two whole-vector Pippenger
    // states alive at once took the SHA-256 envelope verifier over its documented 64 MiB
    // (`bpkit-envelope/tests/resource_bounds.rs`); chunks cost about 3 % more work.
    let (sum_g, sum_h) = crate::util::par::join(
        || msm::vartime_chunked(eq.g.iter().copied().zip(g)),
        || msm::vartime_chunked(eq.h.iter().copied().zip(h)),
    );
    let sum = sum_g + sum_h + RistrettoPoint::vartime_multiscalar_mul(rest_scalars, rest_points);
    verdict(sum == RistrettoPoint::identity())
}

/// The engine: one multiplication over `G₀[0..n] ‖ H₀[0..n]` (the cached engine generators,
/// contiguous when the cache holds exactly `n` per party, else copied: 120 bytes a point) and
/// one over `B, B̃`, the proof's points and the commitments (Straus at that size), summed.
/// `bp_gens` are the caller's: they must cover `n` (the same error as on dalek); their points
/// are the default ones whatever their capacity (`BulletproofGens` has no other), which the
/// engine's cache holds converted.
#[cfg(feature = "std")]
fn on_engine(
    padded: usize,
    eq: CircuitEquation,
    points: Vec<EnginePoint>,
    v: Vec<EnginePoint>,
    pc_gens: &PedersenGens,
    bp_gens: &BulletproofGens,
) -> Result<(), Error> {
    check_shape(padded, &eq, points.len(), v.len(), bp_gens)?;
    // Parties = 1: circuits use party 0's generators only.
    let gens = crate::generators::shared_engine(padded, 1);
    let gh = gens
        .party_vector(0, padded)
        .ok_or(Error::GeneratorsTooSmall {
            needed: padded,
            available: gens.n(),
        })?;
    let CircuitEquation {
        b,
        b_blinding,
        g,
        h,
        proof_scalars,
        commitment_scalars,
    } = eq;
    let mut gh_scalars: Vec<[u8; 32]> = Vec::with_capacity(padded.saturating_mul(2));
    gh_scalars.extend(g.into_iter().map(|s| s.to_bytes()));
    gh_scalars.extend(h.into_iter().map(|s| s.to_bytes()));
    // Variable-time: every scalar and point of a verifier is public. One thread: split into
    // window shares (`engine::vartime_msm_bytes_threaded`) each thread packs all 2n points in
    // its lane form (+7.5 MiB a thread at 2^15), which the 25 MiB verifier budget does not
    // allow (benches/memory.rs); the dalek path splits G and H instead.
    let vectors = engine::vartime_msm_bytes(&gh_scalars, &gh).ok_or(Error::VerificationFailed)?;
    drop((gh_scalars, gh));
    // B and B̃ as the caller gave them (two conversions; any Pedersen pair works).
    let mut rest_points = engine::from_dalek([pc_gens.b(), pc_gens.b_blinding()]);
    rest_points.extend(points);
    rest_points.extend(v);
    let rest_scalars: Vec<Scalar> = [b, b_blinding]
        .into_iter()
        .chain(proof_scalars)
        .chain(commitment_scalars)
        .collect();
    let rest = engine::vartime_msm(&rest_scalars, &rest_points).ok_or(Error::VerificationFailed)?;
    verdict(vectors.add(&rest).is_identity())
}

/// Without `std` there is no engine generator cache and [`choose`] never picks the engine.
#[cfg(not(feature = "std"))]
fn on_engine(
    _padded: usize,
    _eq: CircuitEquation,
    _points: Vec<EnginePoint>,
    _v: Vec<EnginePoint>,
    _pc_gens: &PedersenGens,
    _bp_gens: &BulletproofGens,
) -> Result<(), Error> {
    Err(Error::VerificationFailed)
}
