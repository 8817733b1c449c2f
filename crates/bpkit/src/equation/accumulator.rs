//! The fixed-generator accumulator: the sum, over every proof of a batch, of the scalars each
//! one puts on the shared generators (`B`, `B̃`, `G_j[i]`, `H_j[i]`), so that each fixed
//! generator appears once in the final multiscalar multiplication.
//!
//! Memory: one scalar per fixed generator used by the batch (at most `2·64·64 + 2`), whatever
//! the number of proofs.

use super::scalar::Mont;
use super::terms::{
    Base, CircuitTerms, DynamicTerms, Equation, FixedTerms, PlusTerms, RangeTerms, VectorSet,
    VectorTerms,
};
#[cfg(feature = "std")]
use crate::generators::ShiftedGens;
use crate::generators::{BulletproofGens, PedersenGens, VerifierTable};
use crate::group::engine::{EngineGens, EnginePoint};
use crate::group::{msm, RistrettoPoint, Scalar};
use alloc::vec::Vec;
use curve25519_dalek::traits::IsIdentity;

/// A constant added to every scalar of one shape (`n` per party, `parties` parties): kept once
/// per shape instead of once per proof.
#[derive(Clone, Debug)]
struct ShapeConstant {
    n: usize,
    parties: usize,
    g: Mont,
    h: Mont,
}

/// Scalars on the fixed generators, summed over proofs.
#[derive(Clone, Debug, Default)]
pub(crate) struct FixedAccumulator {
    bases: Vec<(Base, Scalar)>,
    /// Per party, per position (Montgomery form).
    g: Vec<Vec<Mont>>,
    h: Vec<Vec<Mont>>,
    shapes: Vec<ShapeConstant>,
    scratch: [Vec<Mont>; 3],
}

fn add_base(bases: &mut Vec<(Base, Scalar)>, base: Base, s: Scalar) {
    match bases.iter_mut().find(|(b, _)| *b == base) {
        Some((_, acc)) => *acc += s,
        None => bases.push((base, s)),
    }
}

/// Grows `sets` to `parties` vectors of at least `n` scalars.
fn ensure(sets: &mut Vec<Vec<Mont>>, n: usize, parties: usize) {
    if sets.len() < parties {
        sets.resize_with(parties, Vec::new);
    }
    for v in sets.iter_mut().take(parties) {
        if v.len() < n {
            v.resize(n, Mont::ZERO);
        }
    }
}

impl FixedAccumulator {
    /// An empty accumulator.
    pub fn new() -> Self {
        Self::default()
    }

    /// Parties whose vector generators carry scalars.
    pub fn parties(&self) -> usize {
        self.g.len().max(self.h.len())
    }

    /// Adds the fixed terms of `eq` here and appends its dynamic terms to `dynamic`.
    pub fn add_equation(&mut self, eq: &Equation, dynamic: &mut DynamicTerms) {
        self.add(&eq.fixed);
        dynamic.extend_from(eq);
    }

    /// Adds one proof's fixed terms.
    pub fn add(&mut self, terms: &FixedTerms) {
        match terms {
            FixedTerms::Range(t) => self.add_range(t),
            FixedTerms::Plus(t) => self.add_plus(t),
            FixedTerms::Circuit(t) => self.add_circuit(t),
            FixedTerms::None => {}
        }
    }

    /// The longest vector of scalars on one party's generators.
    pub fn max_len(&self) -> usize {
        self.g
            .iter()
            .chain(&self.h)
            .map(Vec::len)
            .max()
            .unwrap_or(0)
    }

    fn add_circuit(&mut self, t: &CircuitTerms) {
        add_base(&mut self.bases, Base::Value, t.b);
        add_base(&mut self.bases, Base::Blinding(0), t.b_blinding);
        for (set, scalars) in [(&mut self.g, &t.g), (&mut self.h, &t.h)] {
            ensure(set, scalars.len(), 1);
            if let Some(acc) = set.first_mut() {
                for (a, s) in acc.iter_mut().zip(scalars) {
                    *a = a.add(&Mont::from_scalar(s));
                }
            }
        }
    }

    /// True when every single generator is `B` or `B̃` (what the precomputed table covers).
    pub fn standard_bases(&self) -> bool {
        self.bases
            .iter()
            .all(|(b, _)| matches!(b, Base::Value | Base::Blinding(0)))
    }

    fn add_plus(&mut self, t: &PlusTerms) {
        for (base, s) in &t.bases {
            add_base(&mut self.bases, *base, *s);
        }
        self.add_vectors(&t.vectors);
    }

    /// The scalars on [`Base::Other`] generators, with their points (owned: they are not in
    /// the generator tables).
    pub fn other_terms(&self) -> (Vec<Scalar>, Vec<RistrettoPoint>) {
        self.bases
            .iter()
            .filter_map(|(b, s)| match b {
                Base::Other(p) => Some((*s, *p)),
                _ => None,
            })
            .unzip()
    }

    fn add_range(&mut self, t: &RangeTerms) {
        add_base(&mut self.bases, Base::Value, t.b);
        add_base(&mut self.bases, Base::Blinding(0), t.b_blinding);
        self.add_vectors(&t.vectors);
    }

    fn add_vectors(&mut self, t: &VectorTerms) {
        let (n, parties) = (t.n, t.parties);
        if n == 0 {
            return;
        }
        ensure(&mut self.g, n, parties);
        ensure(&mut self.h, n, parties);
        let [sg, sh, sq] = &mut self.scratch;
        t.expand(sg, sh, sq);
        for (acc, part) in self.g.iter_mut().zip(sg.chunks_exact(n)) {
            for (a, s) in acc.iter_mut().zip(part) {
                *a = a.sub(s);
            }
        }
        for (acc, part) in self.h.iter_mut().zip(sh.chunks_exact(n)) {
            for (a, s) in acc.iter_mut().zip(part) {
                *a = a.add(s);
            }
        }
        match self
            .shapes
            .iter_mut()
            .find(|s| s.n == n && s.parties == parties)
        {
            Some(shape) => {
                shape.g = shape.g.add(&t.g_const);
                shape.h = shape.h.add(&t.h_const);
            }
            None => self.shapes.push(ShapeConstant {
                n,
                parties,
                g: t.g_const,
                h: t.h_const,
            }),
        }
    }

    /// Adds another accumulator into this one.
    pub fn merge(&mut self, other: FixedAccumulator) {
        for (base, s) in other.bases {
            add_base(&mut self.bases, base, s);
        }
        for (mine, theirs) in [(&mut self.g, other.g), (&mut self.h, other.h)] {
            if mine.len() < theirs.len() {
                mine.resize_with(theirs.len(), Vec::new);
            }
            for (acc, part) in mine.iter_mut().zip(theirs) {
                // Party by party: a party carries only as many scalars as its longest proof
                // (the shared generators hold no more for it).
                if acc.len() < part.len() {
                    acc.resize(part.len(), Mont::ZERO);
                }
                for (a, s) in acc.iter_mut().zip(part) {
                    *a = a.add(&s);
                }
            }
        }
        for shape in other.shapes {
            match self
                .shapes
                .iter_mut()
                .find(|s| s.n == shape.n && s.parties == shape.parties)
            {
                Some(mine) => {
                    mine.g = mine.g.add(&shape.g);
                    mine.h = mine.h.add(&shape.h);
                }
                None => self.shapes.push(shape),
            }
        }
    }

    /// Folds the per-shape constants into the per-generator scalars.
    fn settle(&mut self) {
        for shape in core::mem::take(&mut self.shapes) {
            for (set, c) in [(&mut self.g, shape.g), (&mut self.h, shape.h)] {
                for v in set.iter_mut().take(shape.parties) {
                    for a in v.iter_mut().take(shape.n) {
                        *a = a.add(&c);
                    }
                }
            }
        }
    }

    /// Appends the vector terms from party `first` on, `G` then `H` and party by party: each
    /// party's scalars, and its generators as `party(j, len)` gives them (`G_j[..len]`,
    /// `H_j[..len]`) mapped by `point`. `None` if a party's generators are missing.
    fn push_vectors<'g, P: 'g, Q>(
        &self,
        first: usize,
        party: impl Fn(usize, usize) -> Option<(&'g [P], &'g [P])>,
        scalars: &mut Vec<Scalar>,
        points: &mut Vec<Q>,
        point: impl Fn(&'g P) -> Q,
    ) -> Option<()> {
        for (set, vectors) in [(VectorSet::G, &self.g), (VectorSet::H, &self.h)] {
            for (j, v) in vectors.iter().enumerate().skip(first) {
                let (g, h) = party(j, v.len())?;
                let gens = match set {
                    VectorSet::G => g,
                    VectorSet::H => h,
                };
                scalars.extend(v.iter().map(|s| s.to_scalar()));
                points.extend(gens.iter().map(&point));
            }
        }
        Some(())
    }

    /// The accumulated terms as parallel lists, generators resolved in `pc_gens`, `bp_gens`;
    /// `None` if `bp_gens` do not cover them. Terms on [`Base::Other`] generators are left
    /// out: see [`FixedAccumulator::other_terms`].
    pub fn terms<'g>(
        &mut self,
        pc_gens: &'g PedersenGens,
        bp_gens: &'g BulletproofGens,
    ) -> Option<(Vec<Scalar>, Vec<&'g RistrettoPoint>)> {
        self.settle();
        let count = self
            .g
            .iter()
            .chain(&self.h)
            .map(Vec::len)
            .fold(self.bases.len(), usize::saturating_add);
        let mut scalars = Vec::with_capacity(count);
        let mut points = Vec::with_capacity(count);
        for (base, s) in &self.bases {
            if matches!(base, Base::Other(_)) {
                // Owned points: see `other_terms`.
                continue;
            }
            scalars.push(*s);
            points.push(base_point(pc_gens, *base)?);
        }
        self.push_vectors(
            0,
            |j, n| bp_gens.party(j, n),
            &mut scalars,
            &mut points,
            |p| p,
        )?;
        Some((scalars, points))
    }

    /// [`FixedAccumulator::terms`] on the engine's copy of the generators: `None` if `gens` do
    /// not cover the terms. Terms on [`Base::Other`] generators are left out (they are dalek
    /// points: see [`FixedAccumulator::other_terms`]).
    pub fn engine_terms(&mut self, gens: &EngineGens) -> Option<(Vec<Scalar>, Vec<EnginePoint>)> {
        self.settle();
        let count = self
            .g
            .iter()
            .chain(&self.h)
            .map(Vec::len)
            .fold(self.bases.len(), usize::saturating_add);
        let mut scalars = Vec::with_capacity(count);
        let mut points = Vec::with_capacity(count);
        for (base, s) in &self.bases {
            let point = match base {
                Base::Value => gens.b(),
                Base::Blinding(0) => gens.b_blinding(),
                Base::Blinding(_) => return None,
                Base::Other(_) => continue,
            };
            scalars.push(*s);
            points.push(*point);
        }
        self.push_vectors(
            0,
            |j, n| gens.party(j, n),
            &mut scalars,
            &mut points,
            |p| *p,
        )?;
        Some((scalars, points))
    }

    /// True when the accumulated fixed terms plus the dynamic terms sum to the identity.
    /// `None` if the generators do not cover the terms or the dynamic lists differ in length.
    pub fn check(
        &mut self,
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
        dynamic_scalars: &[Scalar],
        dynamic_points: &[RistrettoPoint],
    ) -> Option<bool> {
        let (other_scalars, other_points) = self.other_terms();
        let (scalars, points) = self.terms(pc_gens, bp_gens)?;
        if dynamic_scalars.len() != dynamic_points.len() {
            return None;
        }
        // Variable-time: verification scalars and points are all public. One proof: on every
        // core of the current pool when it is large.
        let sum = msm::vartime_threaded(
            scalars
                .into_iter()
                .chain(dynamic_scalars.iter().copied())
                .chain(other_scalars),
            points
                .into_iter()
                .chain(dynamic_points)
                .chain(other_points.iter()),
        )?;
        Some(sum.is_identity())
    }

    /// [`FixedAccumulator::check`] with the precomputed table for `B, B̃` and the generators of
    /// its parties; other parties' generators (if any) go with the dynamic terms.
    pub fn check_with_table(
        &mut self,
        table: &VerifierTable,
        bp_gens: &BulletproofGens,
        dynamic_scalars: &[Scalar],
        dynamic_points: &[RistrettoPoint],
    ) -> Option<bool> {
        self.settle();
        let n = table.n();
        let mut fixed = Vec::with_capacity(n.saturating_mul(2).saturating_add(2));
        let scalar_of = |base| {
            self.bases
                .iter()
                .find(|(b, _)| *b == base)
                .map_or(Scalar::ZERO, |(_, s)| *s)
        };
        if self
            .bases
            .iter()
            .any(|(b, _)| !matches!(b, Base::Value | Base::Blinding(0)))
        {
            return None;
        }
        fixed.push(scalar_of(Base::Value));
        fixed.push(scalar_of(Base::Blinding(0)));
        // The parties in the table, in its order (G_j, H_j per party), as far as this proof
        // has parties (the table's scalars may stop short).
        let in_table = table.parties().min(self.g.len().max(self.h.len()));
        for j in 0..in_table {
            for set in [&self.g, &self.h] {
                let v = set.get(j).map_or(&[][..], Vec::as_slice);
                if v.len() > n {
                    return None;
                }
                fixed.extend(v.iter().map(|s| s.to_scalar()));
                fixed.resize(
                    fixed.len().saturating_add(n.saturating_sub(v.len())),
                    Scalar::ZERO,
                );
            }
        }
        let mut scalars: Vec<Scalar> = dynamic_scalars.to_vec();
        let mut points: Vec<&RistrettoPoint> = dynamic_points.iter().collect();
        // The table's parties are in it; the others join the dynamic terms.
        self.push_vectors(
            in_table,
            |j, n| bp_gens.party(j, n),
            &mut scalars,
            &mut points,
            |p| p,
        )?;
        // Variable-time: verification scalars and points are all public.
        let sum = table.table().vartime_mixed(&fixed, &scalars, &points)?;
        Some(sum.is_identity())
    }
}

#[cfg(feature = "std")]
impl FixedAccumulator {
    /// [`FixedAccumulator::check`] with a shifted table ([`ShiftedGens`]) for `B, B̃` and the
    /// vector generators: the fixed part is one window of the engine's bucket additions over
    /// the table, the dynamic part dalek's multiplication (few points: Straus), and the two
    /// sums are compared by encoding. `None` if the table does not cover the terms (a base
    /// other than `B, B̃`, more parties or more generators per party than it has) or the
    /// dynamic lists differ in length.
    pub fn check_with_shifted(
        &mut self,
        table: &ShiftedGens,
        dynamic_scalars: &[Scalar],
        dynamic_points: &[RistrettoPoint],
    ) -> Option<bool> {
        self.settle();
        let n = table.n();
        let parties = self.g.len().max(self.h.len());
        if parties > table.parties()
            || self
                .bases
                .iter()
                .any(|(b, _)| !matches!(b, Base::Value | Base::Blinding(0)))
        {
            return None;
        }
        let scalar_of = |base| {
            self.bases
                .iter()
                .find(|(b, _)| *b == base)
                .map_or(Scalar::ZERO, |(_, s)| *s)
        };
        // The table's order: B, B̃, then per party G_j[..n], H_j[..n] (this proof's parties,
        // a prefix of the table's). Kept in Montgomery form; each range converts its own.
        let mut fixed: Vec<Mont> = Vec::with_capacity(
            n.saturating_mul(2)
                .saturating_mul(parties)
                .saturating_add(2),
        );
        fixed.push(Mont::from_scalar(&scalar_of(Base::Value)));
        fixed.push(Mont::from_scalar(&scalar_of(Base::Blinding(0))));
        for j in 0..parties {
            for set in [&self.g, &self.h] {
                let v = set.get(j).map_or(&[][..], Vec::as_slice);
                if v.len() > n {
                    return None;
                }
                fixed.extend_from_slice(v);
                fixed.resize(
                    fixed.len().saturating_add(n.saturating_sub(v.len())),
                    Mont::ZERO,
                );
            }
        }
        let points: Vec<&RistrettoPoint> = dynamic_points.iter().collect();
        // Variable-time: verification scalars and points are all public.
        table.holds(
            &fixed,
            |s| s.to_scalar().to_bytes(),
            (&[], &[]),
            dynamic_scalars,
            &points,
        )
    }
}

fn base_point(pc_gens: &PedersenGens, base: Base) -> Option<&RistrettoPoint> {
    match base {
        Base::Value => Some(pc_gens.b()),
        Base::Blinding(0) => Some(pc_gens.b_blinding()),
        Base::Blinding(_) | Base::Other(_) => None,
    }
}
