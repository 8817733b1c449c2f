//! One generator vector of the inner-product prover, folded lazily (notes: "Lazy folding").
//!
//! After `r` folds since the last materialisation, the current generator `i` (of `n`) is
//! `global · Σ_t blocks[t] · coef[i + t·n] · base[i + t·n]` over the `2ʳ` blocks `t` of the base.
//! Folding with a factor `x` on the upper half only doubles `blocks` (no point arithmetic);
//! multiscalar multiplications over the current generators run over the base points with the
//! products as scalars; [`LazyGens::materialize`] folds the accumulated levels at once, one
//! `2ʳ`-point multiscalar multiplication per new point.
//!
//! Timing: every factor here is public (challenges, `y⁻¹`, the circuit's phase-2 factor) and the
//! vectors multiplied in are the blinded `a`, `b` of the argument (see `prover.rs`), so every
//! multiplication is variable-time.
//!
//! Scalars stay in Montgomery form ([`Mont`]: one multiplication per product instead of dalek's
//! two plus packing) and become dalek scalars only as the multiscalar multiplications take them.

use crate::equation::scalar::Mont;
use crate::group::{ProverGroup, Scalar};
use alloc::vec::Vec;

/// Points per variable-time multiscalar multiplication over the base (bounds the engine's
/// buffers; at this size Pippenger's bucket sums are ~3% of the work).
const CHUNK: usize = 8192;

/// Which generator vector of the argument a [`LazyGens`] folds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    G,
    H,
}

/// A precomputed fixed-base table of the argument's first generators and of `Q` (a shifted
/// table of the default generators, `Q` a known multiple of its `B`): while no fold has been
/// materialised, a round's `L` or `R` is one multiplication on it instead of a multiscalar
/// multiplication over the points (the same group element). Variable-time, as every
/// multiplication here (module docs).
pub(crate) trait BaseTable<P>: Sync {
    /// `q·Q + Σ g[i]·G[i] + Σ h[i]·H[i]` over the base generators (`g`, `h` as long as the base
    /// vectors). `None` if the table does not cover them.
    fn msm(&self, q: &Scalar, g: &[Scalar], h: &[Scalar]) -> Option<P>;
}

/// The terms of a multiplication on a [`BaseTable`]: `Q`'s scalar and one dense scalar per
/// base generator (zero where a round adds nothing).
struct BaseTerms<'p, P> {
    table: &'p dyn BaseTable<P>,
    q: Scalar,
    g: Vec<Scalar>,
    h: Vec<Scalar>,
}

/// A variable-time multiscalar multiplication fed term by term, run in chunks of [`CHUNK`]
/// points (the `G` and `H` terms of one `L` or `R` share it, so small vectors pay one set of
/// doublings); or, on a [`BaseTable`], the base generators' scalars gathered for one
/// multiplication on the table.
pub(crate) struct Acc<'p, P> {
    scalars: Vec<Scalar>,
    points: Vec<&'p P>,
    sum: P,
    base: Option<BaseTerms<'p, P>>,
}

impl<'p, P: ProverGroup> Acc<'p, P> {
    pub(crate) fn new() -> Self {
        Acc {
            scalars: Vec::new(),
            points: Vec::new(),
            sum: P::identity(),
            base: None,
        }
    }

    /// An accumulator on `table` starting from `q·Q`, over base vectors of `len` generators.
    pub(crate) fn on_table(table: &'p dyn BaseTable<P>, q: Scalar, len: usize) -> Self {
        Acc {
            base: Some(BaseTerms {
                table,
                q,
                g: alloc::vec![Scalar::ZERO; len],
                h: alloc::vec![Scalar::ZERO; len],
            }),
            ..Acc::new()
        }
    }

    /// Adds `s·P` for the base generator `index` of `side` (on a table: its scalar; else the
    /// point as a term).
    fn push_base(&mut self, side: Side, index: usize, s: Scalar, p: &'p P) {
        let slot = self.base.as_mut().and_then(|b| match side {
            Side::G => b.g.get_mut(index),
            Side::H => b.h.get_mut(index),
        });
        match slot {
            Some(slot) => *slot = s,
            None => self.push(s, p),
        }
    }

    /// Adds `s·P`.
    pub(crate) fn push(&mut self, s: Scalar, p: &'p P) {
        self.scalars.push(s);
        self.points.push(p);
        if self.scalars.len() >= CHUNK {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if !self.scalars.is_empty() {
            // A group addition on a generic `ProverGroup`: it never overflows.
            #[allow(clippy::arithmetic_side_effects)]
            {
                self.sum += P::msm_vartime_slices(&self.scalars, &self.points).unwrap_or_default();
            }
            self.scalars.clear();
            self.points.clear();
        }
    }

    /// The sum of every term added; `None` only if a table refused its terms (the caller then
    /// adds them up again without it).
    pub(crate) fn finish(mut self) -> Option<P> {
        self.flush();
        match self.base.take() {
            // A group addition on a generic `ProverGroup`: it never overflows.
            #[allow(clippy::arithmetic_side_effects)]
            Some(b) => Some(self.sum + b.table.msm(&b.q, &b.g, &b.h)?),
            None => Some(self.sum),
        }
    }
}

/// The base points: the caller's generators (first levels) or a materialised fold.
enum Base<'a, P> {
    Borrowed(&'a [P]),
    Owned(Vec<P>),
}

impl<P> Base<'_, P> {
    fn points(&self) -> &[P] {
        match self {
            Base::Borrowed(p) => p,
            Base::Owned(p) => p,
        }
    }
}

/// Which half of every current-length block a multiplication runs over.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Half {
    Lower,
    Upper,
}

/// A generator vector folded lazily.
pub(crate) struct LazyGens<'a, P> {
    side: Side,
    base: Base<'a, P>,
    /// Per-point factors of the caller's base (`y⁻ʲ`, a phase factor); `None`: all one.
    coef: Option<Vec<Mont>>,
    /// One factor per block of the current length (`2ʳ` after `r` lazy folds).
    blocks: Vec<Mont>,
    /// A factor common to every point.
    global: Mont,
}

impl<'a, P: ProverGroup> LazyGens<'a, P> {
    /// The generators `coef[j]·points[j]` (`coef` `None`: the points themselves), the argument's
    /// vector `side`.
    pub(crate) fn new(side: Side, points: &'a [P], coef: Option<Vec<Mont>>) -> Self {
        LazyGens {
            side,
            base: Base::Borrowed(points),
            coef,
            blocks: alloc::vec![Mont::ONE],
            global: Mont::ONE,
        }
    }

    /// Number of lazy folds since the base was last materialised, as `2ʳ`.
    pub(crate) fn pending(&self) -> usize {
        self.blocks.len()
    }

    /// True while the base is still the caller's generators (nothing materialised): terms on
    /// them can go to a [`BaseTable`] of those generators.
    pub(crate) fn on_callers_base(&self) -> bool {
        matches!(self.base, Base::Borrowed(_))
    }

    /// Adds the terms `v[i]·Gen[i + off]`, `i < n/2`, over the current generators of length `n`
    /// to `acc`, where `off` is `0` (`Half::Lower`) or `n/2` (`Half::Upper`): one term per base
    /// point of that half of every block. Variable-time (module docs).
    pub(crate) fn push_half<'p>(&'p self, v: &[Mont], n: usize, half: Half, acc: &mut Acc<'p, P>) {
        let k = n / 2;
        let mut coef_blocks = self.coef.as_ref().map(|c| c.chunks(n.max(1)));
        let on_base = self.on_callers_base();
        for (t, (block, factor)) in self
            .base
            .points()
            .chunks(n.max(1))
            .zip(&self.blocks)
            .enumerate()
        {
            let factor = factor.mul(&self.global);
            let coef_block = coef_blocks.as_mut().and_then(|c| c.next());
            let (lo, hi) = block.split_at(k.min(block.len()));
            let part = if half == Half::Upper { hi } else { lo };
            let coef_part = coef_block.map(|c| {
                let (lo, hi) = c.split_at(k.min(c.len()));
                if half == Half::Upper {
                    hi
                } else {
                    lo
                }
            });
            // Index of the part's first point in the base: blocks are n long, the upper half
            // starts at k.
            let first = t
                .saturating_mul(n)
                .saturating_add(if half == Half::Upper { k } else { 0 });
            for (i, (p, x)) in part.iter().zip(v).enumerate() {
                let mut s = x.mul(&factor);
                if let Some(c) = coef_part.and_then(|c| c.get(i)) {
                    s = s.mul(c);
                }
                if on_base {
                    acc.push_base(self.side, first.saturating_add(i), s.to_scalar(), p);
                } else {
                    acc.push(s.to_scalar(), p);
                }
            }
        }
    }

    /// Folds `Gen'ᵢ = global_factor·(Genᵢ + x·Gen_{n/2+i})` without touching a point.
    pub(crate) fn fold(&mut self, x: &Mont, global_factor: &Mont) {
        let blocks: Vec<Mont> = self.blocks.iter().flat_map(|b| [*b, b.mul(x)]).collect();
        self.blocks = blocks;
        self.global = self.global.mul(global_factor);
    }

    /// Folds the pending levels into new base points (current length `n`): one multiscalar
    /// multiplication of `2ʳ − 1` points per point. Variable-time: every factor is public.
    ///
    /// The first block's factor is one, so the first term of each new point carries only the
    /// point's own factor `coef[i]`: that factor is divided out of the point's sum and kept as the
    /// new base's factor, and the first term costs one addition instead of a multiplication.
    pub(crate) fn materialize(&mut self, n: usize) {
        if self.blocks.len() <= 1 {
            return;
        }
        // `fold` keeps the first block's factor at one (it only appends `b·x` after each `b`).
        debug_assert!(self.blocks.first() == Some(&Mont::ONE));
        let step = n.max(1);
        let points = self.base.points();
        let lead: Option<Vec<Mont>> = self
            .coef
            .as_ref()
            .map(|c| c.iter().take(n).copied().collect());
        let lead_inv = lead.as_deref().and_then(batch_invert);
        // A zero factor (a zero challenge) cannot be divided out: then every term stays a product.
        let lead = lead.filter(|_| lead_inv.is_some());
        let keep_first = self.coef.is_none() || lead_inv.is_some();
        let new: Vec<P> = (0..n)
            .map(|i| {
                let inv = lead_inv.as_ref().and_then(|v| v.get(i));
                let skip = usize::from(keep_first);
                let scalars = self.blocks.iter().enumerate().skip(skip).map(|(t, b)| {
                    let c = self
                        .coef
                        .as_ref()
                        .and_then(|c| c.get(t.checked_mul(step).and_then(|o| o.checked_add(i))?));
                    let s = c.map_or(*b, |c| b.mul(c));
                    inv.map_or(s, |v| s.mul(v)).to_scalar()
                });
                let pts = points.iter().skip(i).step_by(step).skip(skip);
                let sum = P::msm_vartime(scalars, pts).unwrap_or_default();
                match points.get(i) {
                    // A group addition on a generic `ProverGroup`: it never overflows.
                    #[allow(clippy::arithmetic_side_effects)]
                    Some(first) if keep_first => sum + *first,
                    _ => sum,
                }
            })
            .collect();
        self.base = Base::Owned(new);
        self.coef = lead;
        self.blocks = alloc::vec![Mont::ONE];
    }
}

/// `1/vᵢ` for every entry (Montgomery's trick: one inversion and three products per entry);
/// `None` if an entry is zero.
fn batch_invert(v: &[Mont]) -> Option<Vec<Mont>> {
    let mut prefix = Vec::with_capacity(v.len());
    let mut acc = Mont::ONE;
    for x in v {
        prefix.push(acc);
        acc = acc.mul(x);
    }
    let total = acc.to_scalar();
    if total == Scalar::ZERO {
        return None;
    }
    // Variable-time is fine: the factors are public.
    let mut inv = Mont::from_scalar(&total.invert());
    let mut out = alloc::vec![Mont::ZERO; v.len()];
    for ((o, x), p) in out.iter_mut().zip(v).zip(&prefix).rev() {
        *o = inv.mul(p);
        inv = inv.mul(x);
    }
    Some(out)
}
