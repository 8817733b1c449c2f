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
use super::equation::Equation;
use super::parallel::Executor;
use crate::errors::Error;
use crate::generators::BulletproofGens;
use crate::group::{RistrettoPoint, Scalar};
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

/// One proof of the batch with its statement and transcript.
#[derive(Clone)]
pub(crate) struct Entry<'a> {
    pub source: Source<'a>,
    pub statement: &'a RangeStatement,
    pub transcript: Transcript,
}

impl Entry<'_> {
    fn view(&self) -> Result<ProofView, Error> {
        match self.source {
            Source::Parsed(p) => Ok(ProofView::of(p)),
            Source::Bytes(b) => ProofView::parse(b),
        }
    }

    fn replay(&self, bp_gens: &BulletproofGens) -> Result<Challenges, Error> {
        let s = self.statement;
        if !bp_gens.covers(s.bits(), s.padded_values()) {
            return Err(Error::GeneratorsTooSmall {
                needed: s.bits().saturating_mul(s.padded_values()),
                available: bp_gens
                    .gens_capacity()
                    .saturating_mul(bp_gens.party_capacity()),
            });
        }
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
) -> Vec<Result<Challenges, Error>> {
    exec.map_slices(entries, |_, part| {
        part.iter().map(|e| e.replay(bp_gens)).collect::<Vec<_>>()
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
    replayed: &[Result<Challenges, Error>],
    weights: &[Scalar],
    offset: usize,
    keep: bool,
) -> Prepared {
    let items: Vec<(usize, &Entry<'_>, &Challenges, Scalar)> = entries
        .iter()
        .zip(replayed)
        .zip(weights)
        .enumerate()
        .filter_map(|(i, ((e, r), w))| Some((offset.saturating_add(i), e, r.as_ref().ok()?, *w)))
        .collect();
    let mut parts = exec
        .map_slices(&items, |_, part| prepare_part(part, keep))
        .into_iter();
    let mut out = parts.next().unwrap_or_default();
    for p in parts {
        out.merge(p);
    }
    out
}

fn prepare_part(items: &[(usize, &Entry<'_>, &Challenges, Scalar)], keep: bool) -> Prepared {
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
            decompress_commitments(entry.statement, &mut out.points)?;
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
