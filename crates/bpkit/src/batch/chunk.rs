//! The two passes over a batch's entries.
//!
//! 1. [`replay_all`]: every transcript (compressed encodings only) → challenges and bindings.
//! 2. [`prepare_chunk`]: for one chunk of at most `chunk_size` entries, decompress points,
//!    invert every challenge of a part in one batch inversion, build the weighted equations and
//!    add them up (fixed terms into an accumulator, dynamic terms into lists).
//!
//! Memory held at once: the challenges of every entry (about 600 bytes each) and one chunk's
//! equations and dynamic terms (about 4 KiB per single-value proof).

use super::parallel::Executor;
use crate::circuit::verify::check::{self, ProofPoints};
use crate::circuit::{CircuitRef, EncodedProof};
use crate::equation::accumulator::FixedAccumulator;
use crate::equation::scalar::Mont;
use crate::equation::terms::{Base, CircuitTerms, DynamicTerms, Equation, FixedTerms, PlusTerms};
use crate::errors::Error;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::engine;
use crate::group::CompressedRistretto;
use crate::group::{RistrettoPoint, Scalar};
use crate::plus::{plus_replay, terms_core, PlusEncoded, TermsCore};
use crate::plus::{PlusGens, PlusProof, PlusStatement};
use crate::range_proof::{
    decompress_commitments, dynamic_len, prepare, replay, Challenges, ProofView, RangeProof,
    RangeStatement,
};
use alloc::borrow::Cow;
use alloc::vec::Vec;
use merlin::Transcript;

/// Where a proof comes from.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Source<'a> {
    /// Already parsed (points decompressed).
    Parsed(&'a RangeProof),
    /// Bytes, parsed and decompressed by the batch (in parallel with feature `parallel`).
    Bytes(&'a [u8]),
}

/// A range proof's statement: the caller's, or one the batch derived (interval proofs).
#[derive(Clone)]
pub(crate) enum StatementRef<'a> {
    Borrowed(&'a RangeStatement),
    Owned(RangeStatement),
}

impl core::ops::Deref for StatementRef<'_> {
    type Target = RangeStatement;
    fn deref(&self) -> &RangeStatement {
        match self {
            StatementRef::Borrowed(s) => s,
            StatementRef::Owned(s) => s,
        }
    }
}

/// One range proof of the batch with its statement and transcript.
#[derive(Clone)]
pub(crate) struct RangeEntry<'a> {
    pub source: Source<'a>,
    pub statement: StatementRef<'a>,
    pub transcript: Transcript,
}

/// Where a Bulletproofs+ proof comes from.
#[derive(Clone, Copy, Debug)]
pub(crate) enum PlusSource<'a> {
    /// Already parsed (points decoded by dalek).
    Parsed(&'a PlusProof),
    /// Bytes, parsed by the batch; points decoded by the engine (or dalek without it).
    Bytes(&'a [u8]),
}

/// One Bulletproofs+ proof of the batch with its statement, generators and transcript.
#[derive(Clone)]
pub(crate) struct PlusEntry<'a> {
    pub proof: PlusSource<'a>,
    pub statement: &'a PlusStatement,
    pub gens: &'a PlusGens,
    pub transcript: Transcript,
}

/// One circuit proof of the batch with its circuit (recorded or prepared), commitments and
/// transcript: the proof as encoded (for the transcript) and its points, decoded by dalek
/// (parsed proofs, or bytes with the engine off) or by the engine (bytes, when the batch
/// expects to use it); converted to the other kind during verification if the batch runs on
/// the other side. The commitments are the caller's, or a statement's gathered into one list.
#[derive(Clone)]
pub(crate) struct CircuitEntry<'a> {
    pub encoded: alloc::boxed::Box<EncodedProof>,
    pub points: ProofPoints,
    pub circuit: CircuitRef<'a>,
    pub commitments: Cow<'a, [CompressedRistretto]>,
    pub transcript: Transcript,
}

impl CircuitEntry<'_> {
    fn replay(
        &self,
        pc_gens: &PedersenGens,
    ) -> Result<crate::circuit::verify::equation::Replay, Error> {
        let mut transcript = self.transcript.clone();
        self.circuit
            .replay(&mut transcript, &self.encoded, &self.commitments, pc_gens)
    }

    /// The weighted equation; its dynamic points on the engine (`engine`) or on dalek, the
    /// proof's converted if they were decoded by the other (they are valid: no error), the
    /// commitments decoded here (an invalid one named as by [`crate::circuit::Circuit::verify`]).
    fn equation(
        &self,
        r: &crate::circuit::verify::equation::Replay,
        weight: Scalar,
        engine: bool,
    ) -> Result<Equation, Error> {
        let eq = self.circuit.equation_from(r, &self.encoded, weight)?;
        let mut out = Equation {
            fixed: FixedTerms::Circuit(CircuitTerms {
                b: eq.b,
                b_blinding: eq.b_blinding,
                g: eq.g,
                h: eq.h,
            }),
            ..Equation::default()
        };
        let scalars: Vec<Scalar> = eq
            .proof_scalars
            .into_iter()
            .chain(eq.commitment_scalars)
            .collect();
        if engine {
            // Variable-time: proof and statement encodings are public.
            let mut points = match &self.points {
                ProofPoints::Engine(p) => p.clone(),
                ProofPoints::Dalek(_) => self.encoded.decode_engine()?,
            };
            points.extend(check::commitments_engine(&self.commitments)?);
            out.engine_scalars = scalars;
            out.engine_points = points;
        } else {
            let mut points = match &self.points {
                ProofPoints::Dalek(p) => p.clone(),
                ProofPoints::Engine(_) => self.encoded.decode_dalek()?,
            };
            points.extend(check::commitments_dalek(&self.commitments)?);
            out.dynamic_scalars = scalars;
            out.dynamic_points = points;
        }
        if out.dynamic_scalars.len() != out.dynamic_points.len()
            || out.engine_scalars.len() != out.engine_points.len()
        {
            return Err(Error::VerificationFailed);
        }
        Ok(out)
    }
}

/// One proof of the batch.
#[derive(Clone)]
pub(crate) enum Entry<'a> {
    Range(RangeEntry<'a>),
    Plus(PlusEntry<'a>),
    Circuit(CircuitEntry<'a>),
}

impl Entry<'_> {
    /// `(n, m')` of the proof's statement.
    pub fn shape(&self) -> (usize, usize) {
        match self {
            Entry::Range(e) => (e.statement.bits(), e.statement.padded_values()),
            Entry::Plus(e) => (e.statement.bits(), e.statement.padded_values()),
            Entry::Circuit(e) => (e.circuit.padded_multipliers(), 1),
        }
    }

    fn replay(&self, bp_gens: &BulletproofGens, pc_gens: &PedersenGens) -> Result<Replayed, Error> {
        let (n, m) = self.shape();
        if !bp_gens.covers(n, m) {
            return Err(Error::GeneratorsTooSmall {
                needed: n.saturating_mul(m),
                available: bp_gens
                    .gens_capacity()
                    .saturating_mul(bp_gens.party_capacity()),
            });
        }
        match self {
            Entry::Range(e) => e.replay().map(Replayed::Range),
            Entry::Plus(e) => e
                .replay()
                .map(|p| Replayed::Plus(alloc::boxed::Box::new(p))),
            Entry::Circuit(e) => e
                .replay(pc_gens)
                .map(|r| Replayed::Circuit(alloc::boxed::Box::new(r))),
        }
    }
}

/// A Bulletproofs+ proof's replayed transcript.
pub(crate) struct PlusReplayed {
    ch: crate::plus::Challenges,
    /// Decoded commitments (parsed proofs only).
    commitments: Vec<RistrettoPoint>,
    /// The proof, when it came as bytes (points not decoded yet).
    encoded: Option<PlusEncoded>,
    binding: [u8; 32],
}

/// One entry's replayed transcript.
// The range variant is the common case and was stored unboxed before; boxing it would add an
// allocation per proof.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Replayed {
    Range(Challenges),
    Plus(alloc::boxed::Box<PlusReplayed>),
    Circuit(alloc::boxed::Box<crate::circuit::verify::equation::Replay>),
}

impl Replayed {
    /// 32 bytes binding the proof, its statement and transcript (for deterministic weights).
    pub fn binding(&self) -> &[u8; 32] {
        match self {
            Replayed::Range(c) => &c.binding,
            Replayed::Plus(p) => &p.binding,
            Replayed::Circuit(c) => &c.binding,
        }
    }
}

impl PlusEntry<'_> {
    fn replay(&self) -> Result<PlusReplayed, Error> {
        let mut transcript = self.transcript.clone();
        let gens = self.gens.pedersen();
        let (ch, commitments, encoded) = match self.proof {
            PlusSource::Parsed(p) => {
                let (ch, commitments) = p.challenges(gens, &mut transcript, self.statement)?;
                (ch, commitments, None)
            }
            PlusSource::Bytes(bytes) => {
                let p = PlusProof::parse_encoded(bytes)?;
                // The checks of `PlusProof::challenges`; the commitments are decoded later,
                // with the proof's points.
                if p.d1.len() != gens.extension_degree() {
                    return Err(Error::ExtensionMismatch {
                        expected: gens.extension_degree(),
                        found: p.d1.len(),
                    });
                }
                let bits = 1usize.checked_shl(p.l.len() as u32).unwrap_or(0);
                if bits != self.statement.total_bits() {
                    return Err(Error::SizeMismatch {
                        proof: bits,
                        statement: self.statement.total_bits(),
                    });
                }
                let ch = plus_replay(
                    &mut transcript,
                    gens,
                    self.statement,
                    &p.a,
                    p.l.iter().zip(&p.r),
                    &p.a1,
                    &p.b,
                )?;
                (ch, Vec::new(), Some(p))
            }
        };
        // The scalars of the proof are not in the protocol's transcript: bind them too.
        let (r1, s1, d1) = match (&self.proof, &encoded) {
            (_, Some(p)) => (p.r1, p.s1, &p.d1),
            (PlusSource::Parsed(p), None) => (p.r1, p.s1, &p.d1),
            (PlusSource::Bytes(_), None) => return Err(Error::VerificationFailed),
        };
        transcript.append_message(b"dom-sep", b"bpkit batch plus binding");
        transcript.append_message(b"r1", r1.as_bytes());
        transcript.append_message(b"s1", s1.as_bytes());
        for d in d1 {
            transcript.append_message(b"d1", d.as_bytes());
        }
        let mut binding = [0u8; 32];
        transcript.challenge_bytes(b"batch binding", &mut binding);
        Ok(PlusReplayed {
            ch,
            commitments,
            encoded,
            binding,
        })
    }

    /// The encodings of a proof given as bytes, in equation order (`A, A1, B, L₀, R₀, …`, then
    /// the commitments), with the error each would raise if it does not decode.
    fn encodings(&self, r: &PlusReplayed) -> Option<Vec<(CompressedRistretto, Error)>> {
        let p = r.encoded.as_ref()?;
        let mut out: Vec<(CompressedRistretto, Error)> = p
            .points_with_offsets()
            .into_iter()
            .map(|(c, offset)| (c, Error::InvalidPoint { offset }))
            .collect();
        out.extend(
            self.statement
                .commitments()
                .iter()
                .enumerate()
                .map(|(index, c)| (*c, Error::InvalidCommitment { index })),
        );
        Some(out)
    }

    /// The weighted equation, single generators resolved against `pc_gens`; `inverses` are
    /// those of [`crate::plus::verifier::Challenges::to_invert`]. For a proof given as bytes,
    /// `engine_points` are its points decoded by the engine (in the order of
    /// [`PlusEntry::encodings`]); without them dalek decodes them.
    fn equation(
        &self,
        r: &PlusReplayed,
        inverses: &[Scalar],
        weight: Scalar,
        pc_gens: &PedersenGens,
        engine_points: Option<Vec<engine::EnginePoint>>,
    ) -> Result<Equation, Error> {
        let (core, dynamic_points, engine_points) = match (&self.proof, &r.encoded) {
            (PlusSource::Parsed(p), _) => {
                let eq = p.terms_inverted(&r.ch, self.statement, &r.commitments, inverses)?;
                let core = plus_core(eq.vectors, eq.b, eq.b_blinding, eq.dynamic_scalars);
                (core, eq.dynamic_points, Vec::new())
            }
            (PlusSource::Bytes(_), Some(p)) => {
                let core = terms_core(
                    &r.ch,
                    self.statement,
                    self.statement.commitments().len(),
                    inverses,
                    (p.r1, p.s1, &p.d1),
                )?;
                match engine_points {
                    Some(points) => (core, Vec::new(), points),
                    None => {
                        let mut points = Vec::new();
                        for (c, e) in self.encodings(r).unwrap_or_default() {
                            points.push(c.decompress().ok_or(e)?);
                        }
                        (core, points, Vec::new())
                    }
                }
            }
            (PlusSource::Bytes(_), None) => return Err(Error::VerificationFailed),
        };
        let gens = self.gens.pedersen();
        // A point equal to `B` or `B̃` shares its scalar with the range proofs; any other is
        // summed per distinct point.
        let resolve = |p: &RistrettoPoint| {
            if p == pc_gens.b() {
                Base::Value
            } else if p == pc_gens.b_blinding() {
                Base::Blinding(0)
            } else {
                Base::Other(*p)
            }
        };
        let mut bases = Vec::with_capacity(core.b_blinding.len().saturating_add(1));
        bases.push((resolve(gens.value_base()), core.b * weight));
        for (p, s) in gens.blinding_bases().iter().zip(&core.b_blinding) {
            bases.push((resolve(p), s * weight));
        }
        // The vectors are linear in their constants and bases: weight those five.
        let w = Mont::from_scalar(&weight);
        let mut vectors = core.vectors;
        for x in [
            &mut vectors.g_const,
            &mut vectors.h_const,
            &mut vectors.g_base,
            &mut vectors.p_base,
            &mut vectors.q_base,
        ] {
            *x = x.mul(&w);
        }
        let scalars: Vec<Scalar> = core.dynamic_scalars.iter().map(|s| s * weight).collect();
        let on_engine = !engine_points.is_empty();
        if scalars.len() != dynamic_points.len().max(engine_points.len()) {
            return Err(Error::VerificationFailed);
        }
        let (dynamic_scalars, engine_scalars) = if on_engine {
            (Vec::new(), scalars)
        } else {
            (scalars, Vec::new())
        };
        Ok(Equation {
            fixed: FixedTerms::Plus(PlusTerms { bases, vectors }),
            dynamic_scalars,
            dynamic_points,
            engine_scalars,
            engine_points,
        })
    }
}

fn plus_core(
    vectors: crate::equation::terms::VectorTerms,
    b: Scalar,
    b_blinding: Vec<Scalar>,
    dynamic_scalars: Vec<Scalar>,
) -> TermsCore {
    TermsCore {
        vectors,
        b,
        b_blinding,
        dynamic_scalars,
    }
}

impl RangeEntry<'_> {
    fn view(&self) -> Result<ProofView, Error> {
        match self.source {
            Source::Parsed(p) => Ok(ProofView::of(p)),
            Source::Bytes(b) => ProofView::parse(b),
        }
    }

    fn replay(&self) -> Result<Challenges, Error> {
        let s = &*self.statement;
        let view = self.view()?;
        let mut transcript = self.transcript.clone();
        replay(&view, s, &mut transcript)
    }

    /// Appends `A, S, T₁, T₂, L₀, R₀, …` as points to `out`.
    fn append_points(&self, view: &ProofView, out: &mut Vec<RistrettoPoint>) -> Result<(), Error> {
        match self.source {
            Source::Parsed(p) => {
                p.append_points(out);
                Ok(())
            }
            Source::Bytes(_) => view.decompress_append(out),
        }
    }
}

/// Pass 1: replays every entry's transcript.
pub(crate) fn replay_all(
    exec: &Executor,
    entries: &[Entry<'_>],
    bp_gens: &BulletproofGens,
    pc_gens: &PedersenGens,
) -> Vec<Result<Replayed, Error>> {
    exec.map_slices(entries, |_, part| {
        part.iter()
            .map(|e| e.replay(bp_gens, pc_gens))
            .collect::<Vec<_>>()
    })
    .into_iter()
    .flatten()
    .collect()
}

/// What pass 2 produces for a chunk (or a part of one).
#[derive(Default)]
pub(crate) struct Prepared {
    /// The equations, with their entries' indices in the batch (kept only when asked).
    pub equations: Vec<(usize, Equation)>,
    /// Entries that turned out malformed (bad point encodings).
    pub failures: Vec<(usize, Error)>,
    /// Sum of the fixed terms.
    pub fixed: FixedAccumulator,
    /// Dynamic terms of every equation.
    pub dynamic: DynamicTerms,
}

impl Prepared {
    fn merge(&mut self, other: Prepared) {
        self.equations.extend(other.equations);
        self.failures.extend(other.failures);
        self.fixed.merge(other.fixed);
        self.dynamic.append(other.dynamic);
    }
}

/// Pass 2 for the entries `entries` (batch indices from `offset`), with their replayed
/// challenges and weights. Entries whose replay failed are skipped (already reported). `engine`:
/// range proofs given as bytes are decoded by the verification engine.
#[allow(clippy::too_many_arguments)]
pub(crate) fn prepare_chunk(
    exec: &Executor,
    entries: &[Entry<'_>],
    replayed: &[Result<Replayed, Error>],
    weights: &[Scalar],
    offset: usize,
    keep: bool,
    pc_gens: &PedersenGens,
    engine: bool,
) -> Prepared {
    let items: Vec<Item<'_, '_>> = entries
        .iter()
        .zip(replayed)
        .zip(weights)
        .enumerate()
        .filter_map(|(i, ((e, r), w))| {
            let index = offset.saturating_add(i);
            match (e, r.as_ref().ok()?) {
                (Entry::Range(e), Replayed::Range(c)) => Some(Item::Range(index, e, c, *w)),
                (Entry::Plus(e), Replayed::Plus(p)) => Some(Item::Plus(index, e, p, *w)),
                (Entry::Circuit(e), Replayed::Circuit(r)) => Some(Item::Circuit(index, e, r, *w)),
                _ => None,
            }
        })
        .collect();
    let mut parts = exec
        .map_slices(&items, |_, part| prepare_part(part, keep, pc_gens, engine))
        .into_iter();
    let mut out = parts.next().unwrap_or_default();
    for p in parts {
        out.merge(p);
    }
    out
}

/// An entry of pass 2 with its index, replayed transcript and weight.
enum Item<'e, 'a> {
    Range(usize, &'e RangeEntry<'a>, &'e Challenges, Scalar),
    Plus(usize, &'e PlusEntry<'a>, &'e PlusReplayed, Scalar),
    Circuit(
        usize,
        &'e CircuitEntry<'a>,
        &'e crate::circuit::verify::equation::Replay,
        Scalar,
    ),
}

fn prepare_part(
    items: &[Item<'_, '_>],
    keep: bool,
    pc_gens: &PedersenGens,
    engine: bool,
) -> Prepared {
    let ranges: Vec<(usize, &RangeEntry<'_>, &Challenges, Scalar)> = items
        .iter()
        .filter_map(|i| match i {
            Item::Range(a, b, c, d) => Some((*a, *b, *c, *d)),
            Item::Plus(..) | Item::Circuit(..) => None,
        })
        .collect();
    let mut out = prepare_ranges(&ranges, keep, engine);
    for item in items {
        if let Item::Circuit(index, entry, replayed, weight) = item {
            match entry.equation(replayed, *weight, engine) {
                Ok(eq) => {
                    out.fixed.add(&eq.fixed);
                    let d = &mut out.dynamic;
                    d.scalars.extend_from_slice(&eq.dynamic_scalars);
                    d.points.extend_from_slice(&eq.dynamic_points);
                    d.engine_scalars.extend_from_slice(&eq.engine_scalars);
                    d.engine_points.extend_from_slice(&eq.engine_points);
                    if keep {
                        out.equations.push((*index, eq));
                    }
                }
                Err(e) => out.failures.push((*index, e)),
            }
        }
    }
    let pluses: Vec<(usize, &PlusEntry<'_>, &PlusReplayed, Scalar)> = items
        .iter()
        .filter_map(|i| match i {
            Item::Plus(a, b, c, d) => Some((*a, *b, *c, *d)),
            Item::Range(..) | Item::Circuit(..) => None,
        })
        .collect();
    // One inversion for every y and round challenge of the part's Bulletproofs+ proofs.
    let mut inverses: Vec<Scalar> = pluses
        .iter()
        .flat_map(|(_, _, r, _)| r.ch.to_invert())
        .collect();
    let _ = Scalar::invert_batch_alloc(&mut inverses);
    // The points of every proof given as bytes, decoded by the engine in one batch.
    let mut decoded = if engine {
        plus_engine_decode(&pluses)
    } else {
        Vec::new()
    }
    .into_iter();
    let mut start = 0usize;
    for (index, entry, replayed, weight) in &pluses {
        let end = start
            .saturating_add(replayed.ch.rounds.len())
            .saturating_add(1);
        let inv = inverses.get(start..end).unwrap_or(&[]);
        start = end;
        let points = decoded.next().flatten();
        let eq = match points {
            Some(Err(e)) => Err(e),
            Some(Ok(points)) => entry.equation(replayed, inv, *weight, pc_gens, Some(points)),
            None => entry.equation(replayed, inv, *weight, pc_gens, None),
        };
        match eq {
            Ok(eq) => {
                out.fixed.add(&eq.fixed);
                let d = &mut out.dynamic;
                d.scalars.extend_from_slice(&eq.dynamic_scalars);
                d.points.extend_from_slice(&eq.dynamic_points);
                d.engine_scalars.extend_from_slice(&eq.engine_scalars);
                d.engine_points.extend_from_slice(&eq.engine_points);
                if keep {
                    out.equations.push((*index, eq));
                }
            }
            Err(e) => out.failures.push((*index, e)),
        }
    }
    out
}

/// The points of every Bulletproofs+ proof of `pluses` given as bytes, decoded by the engine in
/// one batch: per proof, `None` when it was parsed already, else its points or the error of its
/// first invalid encoding.
#[allow(clippy::type_complexity)]
fn plus_engine_decode(
    pluses: &[(usize, &PlusEntry<'_>, &PlusReplayed, Scalar)],
) -> Vec<Option<Result<Vec<engine::EnginePoint>, Error>>> {
    let lists: Vec<Option<Vec<(CompressedRistretto, Error)>>> = pluses
        .iter()
        .map(|(_, entry, r, _)| entry.encodings(r))
        .collect();
    let all: Vec<CompressedRistretto> = lists.iter().flatten().flatten().map(|(c, _)| *c).collect();
    // Variable-time: proof and statement encodings are public.
    let mut decoded = engine::decode_each(&all).into_iter();
    lists
        .into_iter()
        .map(|list| {
            let list = list?;
            let mut points = Vec::with_capacity(list.len());
            let mut first_error = None;
            for ((_, e), p) in list.into_iter().zip(decoded.by_ref()) {
                match p {
                    Some(p) => points.push(p),
                    None => {
                        first_error.get_or_insert(e);
                    }
                }
            }
            Some(match first_error {
                Some(e) => Err(e),
                None => Ok(points),
            })
        })
        .collect()
}

/// Decodes, with the engine in one batch, the points of every range proof of `items` that
/// comes as bytes: `A, S, T₁, T₂, L₀, R₀, …` then the commitments. Per item: `None` when it does
/// not come as bytes (or does not parse: its error is reported later), else the decoded points or
/// the error naming the first invalid encoding (as dalek's path would report it).
fn engine_decode(
    items: &[(usize, &RangeEntry<'_>, &Challenges, Scalar)],
) -> Vec<Option<Result<Vec<engine::EnginePoint>, Error>>> {
    let mut encodings: Vec<CompressedRistretto> = Vec::new();
    let mut spans: Vec<Option<(usize, usize, usize)>> = Vec::with_capacity(items.len());
    for (_, entry, _, _) in items {
        let view = match entry.source {
            Source::Bytes(b) => ProofView::parse(b).ok(),
            Source::Parsed(_) => None,
        };
        spans.push(view.map(|view| {
            let start = encodings.len();
            encodings.extend_from_slice(&view.head);
            encodings.extend_from_slice(view.lr());
            let proof_points = encodings.len().saturating_sub(start);
            encodings.extend_from_slice(entry.statement.commitments());
            (start, proof_points, encodings.len())
        }));
    }
    // Variable-time: proof and statement encodings are public.
    let decoded = engine::decode_each(&encodings);
    spans
        .into_iter()
        .map(|span| {
            let (start, proof_points, end) = span?;
            let points = decoded.get(start..end).unwrap_or(&[]);
            let mut out = Vec::with_capacity(points.len());
            for (i, p) in points.iter().enumerate() {
                match p {
                    Some(p) => out.push(*p),
                    // The same offsets as `ProofView::decompress_append` (L/R after the four
                    // points and three scalars) and the same error for commitments.
                    None if i < 4 => {
                        return Some(Err(Error::InvalidPoint {
                            offset: i.saturating_mul(32),
                        }))
                    }
                    None if i < proof_points => {
                        return Some(Err(Error::InvalidPoint {
                            offset: i.saturating_add(3).saturating_mul(32),
                        }))
                    }
                    None => {
                        return Some(Err(Error::InvalidCommitment {
                            index: i.saturating_sub(proof_points),
                        }))
                    }
                }
            }
            Some(Ok(out))
        })
        .collect()
}

fn prepare_ranges(
    items: &[(usize, &RangeEntry<'_>, &Challenges, Scalar)],
    keep: bool,
    engine: bool,
) -> Prepared {
    let mut out = Prepared::default();
    // One inversion for every y and u_j of the part (none is zero: checked by `replay`).
    let mut inverses: Vec<Scalar> = items
        .iter()
        .flat_map(|(_, _, ch, _)| ch.to_invert())
        .collect();
    let _ = Scalar::invert_batch_alloc(&mut inverses);
    let mut decoded = if engine {
        engine_decode(items)
    } else {
        Vec::new()
    }
    .into_iter();

    let total = items
        .iter()
        .map(|(_, _, ch, _)| dynamic_len(ch))
        .fold(0usize, usize::saturating_add);
    let d = &mut out.dynamic;
    if engine {
        d.engine_points.reserve(total);
        d.engine_scalars.reserve(total);
    } else {
        d.points.reserve(total);
        d.scalars.reserve(total);
    }
    let mut start = 0usize;
    for (index, entry, ch, weight) in items {
        let len = ch.rounds.saturating_add(1);
        let end = start.saturating_add(len);
        let inv = inverses.get(start..end).unwrap_or(&[]);
        start = end;
        let engine_points = decoded.next().flatten();
        let d = &mut out.dynamic;
        // Points and scalars go straight into the part's lists; undone on failure.
        let (p0, s0) = (d.points.len(), d.scalars.len());
        let (e0, es0) = (d.engine_points.len(), d.engine_scalars.len());
        let terms = entry.view().and_then(|view| {
            let on_engine = match engine_points {
                Some(points) => {
                    d.engine_points.extend(points?);
                    true
                }
                None => {
                    entry.append_points(&view, &mut d.points)?;
                    decompress_commitments(&entry.statement, &mut d.points)?;
                    false
                }
            };
            let (scalars, added) = if on_engine {
                (
                    &mut d.engine_scalars,
                    d.engine_points.len().saturating_sub(e0),
                )
            } else {
                (&mut d.scalars, d.points.len().saturating_sub(p0))
            };
            let before = scalars.len();
            let terms = prepare(ch, &view, inv, *weight, scalars)?;
            if added != scalars.len().saturating_sub(before) {
                return Err(Error::VerificationFailed);
            }
            Ok(terms)
        });
        match terms {
            Ok(fixed) => {
                out.fixed.add(&fixed);
                if keep {
                    let d = &out.dynamic;
                    let eq = Equation {
                        fixed,
                        dynamic_scalars: d.scalars.get(s0..).unwrap_or(&[]).to_vec(),
                        dynamic_points: d.points.get(p0..).unwrap_or(&[]).to_vec(),
                        engine_scalars: d.engine_scalars.get(es0..).unwrap_or(&[]).to_vec(),
                        engine_points: d.engine_points.get(e0..).unwrap_or(&[]).to_vec(),
                    };
                    out.equations.push((*index, eq));
                }
            }
            Err(e) => {
                let d = &mut out.dynamic;
                d.points.truncate(p0);
                d.scalars.truncate(s0);
                d.engine_points.truncate(e0);
                d.engine_scalars.truncate(es0);
                out.failures.push((*index, e));
            }
        }
    }
    out
}
