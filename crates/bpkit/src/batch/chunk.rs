//! The two passes over a batch's entries.
//!
//! 1. [`replay_all`]: every transcript (compressed encodings only) → challenges and bindings.
//! 2. [`prepare_chunk`]: for one chunk of at most `chunk_size` entries, decompress points,
//!    invert every challenge of a part in one batch inversion, build the weighted equations and
//!    add them up (fixed terms into an accumulator, dynamic terms into lists).
//!
//! Memory held at once: the challenges of every entry (about 600 bytes each) and one chunk's
//! equations and dynamic terms (about 4 KiB per single-value proof).

use super::accumulator::FixedAccumulator;
use super::equation::{Base, CircuitTerms, Equation, FixedTerms, PlusTerms};
use super::parallel::Executor;
use super::scalar::Mont;
use crate::errors::Error;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::{RistrettoPoint, Scalar};
use crate::plus::{PlusGens, PlusProof, PlusStatement};
use crate::range_proof::{
    decompress_commitments, dynamic_len, prepare, replay, Challenges, ProofView, RangeProof,
    RangeStatement,
};
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

/// One Bulletproofs+ proof of the batch with its statement, generators and transcript.
#[derive(Clone)]
pub(crate) struct PlusEntry<'a> {
    pub proof: &'a PlusProof,
    pub statement: &'a PlusStatement,
    pub gens: &'a PlusGens,
    pub transcript: Transcript,
}

/// A circuit proof borrowed from the caller, or parsed by the batch from bytes (boxed: a parsed
/// proof holds its points decompressed).
#[derive(Clone)]
pub(crate) enum CircuitProofRef<'a> {
    Borrowed(&'a crate::circuit::CircuitProof),
    Owned(alloc::boxed::Box<crate::circuit::CircuitProof>),
}

impl core::ops::Deref for CircuitProofRef<'_> {
    type Target = crate::circuit::CircuitProof;
    fn deref(&self) -> &crate::circuit::CircuitProof {
        match self {
            CircuitProofRef::Borrowed(p) => p,
            CircuitProofRef::Owned(p) => p,
        }
    }
}

/// One circuit proof of the batch with its circuit, commitments and transcript.
#[derive(Clone)]
pub(crate) struct CircuitEntry<'a> {
    pub proof: CircuitProofRef<'a>,
    pub circuit: &'a crate::circuit::Circuit,
    pub commitments: &'a [crate::group::CompressedRistretto],
    pub transcript: Transcript,
}

impl CircuitEntry<'_> {
    fn replay(&self, pc_gens: &PedersenGens) -> Result<crate::circuit::verifier::Replay, Error> {
        let mut transcript = self.transcript.clone();
        self.circuit
            .replay(&mut transcript, &self.proof, self.commitments, pc_gens)
    }

    fn equation(
        &self,
        r: &crate::circuit::verifier::Replay,
        weight: Scalar,
    ) -> Result<Equation, Error> {
        let eq = self
            .circuit
            .equation_from(r, &self.proof, self.commitments, weight)?;
        Ok(Equation {
            fixed: FixedTerms::Circuit(CircuitTerms {
                b: eq.b,
                b_blinding: eq.b_blinding,
                g: eq.g,
                h: eq.h,
            }),
            dynamic_scalars: eq.dynamic_scalars,
            dynamic_points: eq.dynamic_points,
        })
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
    commitments: Vec<RistrettoPoint>,
    binding: [u8; 32],
}

/// One entry's replayed transcript.
// The range variant is the common case and was stored unboxed before; boxing it would add an
// allocation per proof.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Replayed {
    Range(Challenges),
    Plus(alloc::boxed::Box<PlusReplayed>),
    Circuit(alloc::boxed::Box<crate::circuit::verifier::Replay>),
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
        let (ch, commitments) =
            self.proof
                .challenges(self.gens.pedersen(), &mut transcript, self.statement)?;
        // The scalars of the proof are not in the protocol's transcript: bind them too.
        let p = self.proof;
        transcript.append_message(b"dom-sep", b"bpkit batch plus binding");
        transcript.append_message(b"r1", p.r1.as_bytes());
        transcript.append_message(b"s1", p.s1.as_bytes());
        for d in &p.d1 {
            transcript.append_message(b"d1", d.as_bytes());
        }
        let mut binding = [0u8; 32];
        transcript.challenge_bytes(b"batch binding", &mut binding);
        Ok(PlusReplayed {
            ch,
            commitments,
            binding,
        })
    }

    /// The weighted equation, single generators resolved against `pc_gens`; `inverses` are
    /// those of [`crate::plus::verifier::Challenges::to_invert`].
    fn equation(
        &self,
        r: &PlusReplayed,
        inverses: &[Scalar],
        weight: Scalar,
        pc_gens: &PedersenGens,
    ) -> Result<Equation, Error> {
        let eq = self
            .proof
            .terms_inverted(&r.ch, self.statement, &r.commitments, inverses)?;
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
        let mut bases = Vec::with_capacity(eq.b_blinding.len().saturating_add(1));
        bases.push((resolve(gens.value_base()), eq.b * weight));
        for (p, s) in gens.blinding_bases().iter().zip(&eq.b_blinding) {
            bases.push((resolve(p), s * weight));
        }
        // The vectors are linear in their constants and bases: weight those five.
        let w = Mont::from_scalar(&weight);
        let mut vectors = eq.vectors;
        for x in [
            &mut vectors.g_const,
            &mut vectors.h_const,
            &mut vectors.g_base,
            &mut vectors.p_base,
            &mut vectors.q_base,
        ] {
            *x = x.mul(&w);
        }
        Ok(Equation {
            fixed: FixedTerms::Plus(PlusTerms { bases, vectors }),
            dynamic_scalars: eq.dynamic_scalars.iter().map(|s| s * weight).collect(),
            dynamic_points: eq.dynamic_points,
        })
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
    pub scalars: Vec<Scalar>,
    /// Their points.
    pub points: Vec<RistrettoPoint>,
}

impl Prepared {
    fn merge(&mut self, other: Prepared) {
        self.equations.extend(other.equations);
        self.failures.extend(other.failures);
        self.fixed.merge(other.fixed);
        self.scalars.extend(other.scalars);
        self.points.extend(other.points);
    }
}

/// Pass 2 for the entries `entries` (batch indices from `offset`), with their replayed
/// challenges and weights. Entries whose replay failed are skipped (already reported).
pub(crate) fn prepare_chunk(
    exec: &Executor,
    entries: &[Entry<'_>],
    replayed: &[Result<Replayed, Error>],
    weights: &[Scalar],
    offset: usize,
    keep: bool,
    pc_gens: &PedersenGens,
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
        .map_slices(&items, |_, part| prepare_part(part, keep, pc_gens))
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
        &'e crate::circuit::verifier::Replay,
        Scalar,
    ),
}

fn prepare_part(items: &[Item<'_, '_>], keep: bool, pc_gens: &PedersenGens) -> Prepared {
    let ranges: Vec<(usize, &RangeEntry<'_>, &Challenges, Scalar)> = items
        .iter()
        .filter_map(|i| match i {
            Item::Range(a, b, c, d) => Some((*a, *b, *c, *d)),
            Item::Plus(..) | Item::Circuit(..) => None,
        })
        .collect();
    let mut out = prepare_ranges(&ranges, keep);
    for item in items {
        if let Item::Circuit(index, entry, replayed, weight) = item {
            match entry.equation(replayed, *weight) {
                Ok(eq) => {
                    out.fixed.add(&eq.fixed);
                    out.scalars.extend_from_slice(&eq.dynamic_scalars);
                    out.points.extend_from_slice(&eq.dynamic_points);
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
    let mut start = 0usize;
    for (index, entry, replayed, weight) in &pluses {
        let end = start
            .saturating_add(replayed.ch.rounds.len())
            .saturating_add(1);
        let inv = inverses.get(start..end).unwrap_or(&[]);
        start = end;
        match entry.equation(replayed, inv, *weight, pc_gens) {
            Ok(eq) => {
                out.fixed.add(&eq.fixed);
                out.scalars.extend_from_slice(&eq.dynamic_scalars);
                out.points.extend_from_slice(&eq.dynamic_points);
                if keep {
                    out.equations.push((*index, eq));
                }
            }
            Err(e) => out.failures.push((*index, e)),
        }
    }
    out
}

fn prepare_ranges(items: &[(usize, &RangeEntry<'_>, &Challenges, Scalar)], keep: bool) -> Prepared {
    let mut out = Prepared::default();
    // One inversion for every y and u_j of the part (none is zero: checked by `replay`).
    let mut inverses: Vec<Scalar> = items
        .iter()
        .flat_map(|(_, _, ch, _)| ch.to_invert())
        .collect();
    let _ = Scalar::invert_batch_alloc(&mut inverses);

    let total = items
        .iter()
        .map(|(_, _, ch, _)| dynamic_len(ch))
        .fold(0usize, usize::saturating_add);
    out.points.reserve(total);
    out.scalars.reserve(total);
    let mut start = 0usize;
    for (index, entry, ch, weight) in items {
        let len = ch.rounds.saturating_add(1);
        let end = start.saturating_add(len);
        let inv = inverses.get(start..end).unwrap_or(&[]);
        start = end;
        // Points and scalars go straight into the part's lists; undone on failure.
        let (p0, s0) = (out.points.len(), out.scalars.len());
        let terms = entry.view().and_then(|view| {
            entry.append_points(&view, &mut out.points)?;
            decompress_commitments(&entry.statement, &mut out.points)?;
            let terms = prepare(ch, &view, inv, *weight, &mut out.scalars)?;
            if out.points.len().saturating_sub(p0) != out.scalars.len().saturating_sub(s0) {
                return Err(Error::VerificationFailed);
            }
            Ok(terms)
        });
        match terms {
            Ok(fixed) => {
                out.fixed.add(&fixed);
                if keep {
                    let eq = Equation {
                        fixed,
                        dynamic_scalars: out.scalars.get(s0..).unwrap_or(&[]).to_vec(),
                        dynamic_points: out.points.get(p0..).unwrap_or(&[]).to_vec(),
                    };
                    out.equations.push((*index, eq));
                }
            }
            Err(e) => {
                out.points.truncate(p0);
                out.scalars.truncate(s0);
                out.failures.push((*index, e));
            }
        }
    }
    out
}
