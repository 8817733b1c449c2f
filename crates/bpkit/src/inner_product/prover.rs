//! The inner-product prover.
//!
//! Timing: the vectors `a, b` proven here are `l(x), r(x)` of the range proof (or of the circuit
//! proof), which are uniformly distributed and independent of the values (they are blinded by
//! `s_L·x` and `s_R·x`, whose commitment `S` hides them). Every scalar here is therefore either
//! public (challenges, generator factors) or uniformly blinded, and the multiscalar
//! multiplications are variable-time. This is the same argument the `bulletproofs` crate makes.

pub(crate) use super::lazy::BaseTable;
use super::lazy::{Acc, Half, LazyGens, Side};
use super::InnerProductProof;
use crate::equation::scalar::Mont;
use crate::group::encoding::Point;
use crate::group::{ProverGroup, RistrettoPoint, Scalar};
use crate::transcript::TranscriptProtocol;
use crate::util::par;
use alloc::vec::Vec;
use merlin::Transcript;
use zeroize::Zeroize;

/// `2ʳ` for the `r` folds left pending before the generators are materialised (notes: "Lazy
/// folding"): each pending fold makes a round's multiplications run over `2ʳ` times the points,
/// and a materialisation costs one `2ʳ`-point multiplication per new point. `r = 3` and `r = 4`
/// measured within noise at n = 2¹⁵; the cost model favours `r = 3` at small sizes.
const LAZY_BLOCKS: usize = 8;

/// On a [`BaseTable`], argument vectors of at most this many generators never materialise:
/// every round stays on the table. Materialising costs one Straus multiplication (256
/// doublings) per new point, the table one bucket sum per `L` or `R`; by operation counts the
/// table is cheaper for every round up to 32 generators and materialising from 64 (at 16 it
/// saved about 8 % of a circuit proof).
const TABLE_ALL_ROUNDS_MAX: usize = 32;

/// Proves knowledge of `a, b` for `P = ⟨a, G⟩ + ⟨b, H'⟩ + ⟨a, b⟩·Q` with `H'ᵢ = y_inv^i·Hᵢ`.
///
/// `g`, `h`, `a`, `b` all have the same power-of-two length `N ≥ 1` (the caller guarantees it).
pub(crate) fn prove(
    transcript: &mut Transcript,
    q: &RistrettoPoint,
    y_inv: &Scalar,
    g: Vec<RistrettoPoint>,
    h: Vec<RistrettoPoint>,
    a: Vec<Scalar>,
    b: Vec<Scalar>,
) -> InnerProductProof {
    prove_with_factor(transcript, q, y_inv, &g, &h, None, None, a, b)
}

/// [`prove`] over borrowed generators, where `tail = Some((from, f))` multiplies the generators
/// `Gᵢ, Hᵢ` with `i ≥ from` by the public factor `f` (the circuit's phase-2 generators), and
/// `table` (if any) holds `g`, `h` and `q` precomputed (the same proof, faster rounds).
#[allow(clippy::too_many_arguments)]
pub(crate) fn prove_with_factor(
    transcript: &mut Transcript,
    q: &RistrettoPoint,
    y_inv: &Scalar,
    g: &[RistrettoPoint],
    h: &[RistrettoPoint],
    tail: Option<(usize, Scalar)>,
    table: Option<&dyn BaseTable<RistrettoPoint>>,
    a_in: Vec<Scalar>,
    b_in: Vec<Scalar>,
) -> InnerProductProof {
    transcript.innerproduct_domain_sep(g.len() as u64);
    let mut rounds = MerlinRounds { transcript };
    let folded = prove_rounds(&mut rounds, q, y_inv, g, h, tail, table, a_in, b_in);
    let Folded { l, r, a, b } = match folded {
        Ok(folded) => folded,
        // Merlin's rounds never fail (a zero challenge is inverted to zero, below).
        Err(never) => match never {},
    };
    InnerProductProof {
        l_vec: l,
        r_vec: r,
        a,
        b,
    }
}

/// What a format supplies to the inner-product prover: how a round's `L`, `R` are published
/// and how its challenge `u` is drawn.
pub(crate) trait Rounds<P> {
    /// A point as the proof carries it.
    type Encoded;
    /// Why a round cannot be finished (Monero's rule: a zero challenge).
    type Error;
    /// Publishes a round's `L`, `R` (absorbing them into the transcript) and returns their
    /// encodings and the round's challenge `u`.
    fn round(
        &mut self,
        l: &P,
        r: &P,
    ) -> Result<(Self::Encoded, Self::Encoded, Scalar), Self::Error>;
}

/// The argument's output in a format's encoding: the rounds' `L`, `R` and the final `a`, `b`.
pub(crate) struct Folded<E> {
    /// `L₁ … L_k`.
    pub l: Vec<E>,
    /// `R₁ … R_k`.
    pub r: Vec<E>,
    /// The folded `a`.
    pub a: Scalar,
    /// The folded `b`.
    pub b: Scalar,
}

/// bpkit's and dalek's rounds: canonical Ristretto encodings, a Merlin transcript.
struct MerlinRounds<'t> {
    transcript: &'t mut Transcript,
}

impl Rounds<RistrettoPoint> for MerlinRounds<'_> {
    type Encoded = Point;
    type Error = core::convert::Infallible;

    fn round(
        &mut self,
        l: &RistrettoPoint,
        r: &RistrettoPoint,
    ) -> Result<(Point, Point, Scalar), Self::Error> {
        let l = Point::from_point(*l);
        let r = Point::from_point(*r);
        self.transcript.append_point(b"L", &l.compressed);
        self.transcript.append_point(b"R", &r.compressed);
        // A challenge is zero with probability 2⁻²⁵²; invert() maps 0 to 0 and the proof then
        // simply fails to verify, which is the correct outcome for a broken transcript.
        let u = self.transcript.challenge_scalar(b"u");
        Ok((l, r, u))
    }
}

/// The argument itself, over any [`ProverGroup`] and any format's [`Rounds`]: proves knowledge
/// of `a, b` for `P = ⟨a, G⟩ + ⟨b, H'⟩ + ⟨a, b⟩·Q` with `H'ᵢ = y_inv^i·Hᵢ` (times the `tail`
/// factor, as in [`prove_with_factor`]).
///
/// `g`, `h`, `a`, `b` all have the same power-of-two length `N ≥ 1` (the caller guarantees it).
#[allow(clippy::too_many_arguments)]
pub(crate) fn prove_rounds<P: ProverGroup, T: Rounds<P>>(
    rounds: &mut T,
    q: &P,
    y_inv: &Scalar,
    g: &[P],
    h: &[P],
    tail: Option<(usize, Scalar)>,
    table: Option<&dyn BaseTable<P>>,
    mut a_in: Vec<Scalar>,
    mut b_in: Vec<Scalar>,
) -> Result<Folded<T::Encoded>, T::Error> {
    let mut n = g.len();

    // Declassification point (feature `ctime`, `docs/ctime.md`): the vectors `a = l(x)`,
    // `b = r(x)`. They are blinded by the nonces `s_L·x`, `s_R·x` (and the circuit's `s_L, s_R`),
    // so they reveal nothing about the witness: the original protocol sends them in the clear,
    // the argument only compresses them. The variable-time folding below works on them.
    crate::ctime::declassify_scalars(&mut a_in);
    crate::ctime::declassify_scalars(&mut b_in);

    // The vectors in Montgomery form (notes in `lazy.rs`); the dalek copies are wiped.
    let mut a: Vec<Mont> = a_in.iter().map(Mont::from_scalar).collect();
    let mut b: Vec<Mont> = b_in.iter().map(Mont::from_scalar).collect();
    a_in.zeroize();
    b_in.zeroize();
    drop((a_in, b_in));

    let factor = |i: usize| match tail {
        Some((from, f)) if i >= from => Mont::from_scalar(&f),
        _ => Mont::ONE,
    };
    let g_coef: Option<Vec<Mont>> = tail.map(|_| (0..n).map(factor).collect());
    let y_inv_m = Mont::from_scalar(y_inv);
    let mut y_inv_i = Mont::ONE;
    let h_coef: Vec<Mont> = (0..n)
        .map(|i| {
            let c = y_inv_i.mul(&factor(i));
            y_inv_i = y_inv_i.mul(&y_inv_m);
            c
        })
        .collect();
    let base_len = g.len();
    let mut g = LazyGens::new(Side::G, g, g_coef);
    let mut h = LazyGens::new(Side::H, h, Some(h_coef));
    let mut l_vec = Vec::new();
    let mut r_vec = Vec::new();

    while n > 1 {
        let k = n / 2;
        let (a_l, a_r) = a.split_at(k);
        let (b_l, b_r) = b.split_at(k);
        let c_l = inner_product(a_l, b_r).to_scalar();
        let c_r = inner_product(a_r, b_l).to_scalar();

        // Variable-time: a, b are uniformly blinded (module docs); the rest is public.
        // L and R are independent (in parallel with the `parallel` feature). On the table
        // while both vectors are still the caller's generators (before the first
        // materialisation); should it refuse, the same terms as points.
        let on_table = table.filter(|_| g.on_callers_base() && h.on_callers_base());
        let side =
            |table: Option<&dyn BaseTable<P>>, c: Scalar, ga: &[Mont], hb: &[Mont], gh: Half| {
                let mut acc = match table {
                    Some(t) => Acc::on_table(t, c, base_len),
                    None => {
                        let mut acc = Acc::new();
                        acc.push(c, q);
                        acc
                    }
                };
                let hh = if gh == Half::Upper {
                    Half::Lower
                } else {
                    Half::Upper
                };
                g.push_half(ga, n, gh, &mut acc);
                h.push_half(hb, n, hh, &mut acc);
                acc.finish()
            };
        let side = |c: Scalar, ga: &[Mont], hb: &[Mont], gh: Half| {
            side(on_table, c, ga, hb, gh)
                .or_else(|| side(None, c, ga, hb, gh))
                .unwrap_or_default()
        };
        let (l, r) = par::join(
            || side(c_l, a_l, b_r, Half::Upper),
            || side(c_r, a_r, b_l, Half::Lower),
        );
        let (l, r, u) = match rounds.round(&l, &r) {
            Ok(round) => round,
            Err(e) => {
                a.zeroize();
                b.zeroize();
                return Err(e);
            }
        };
        l_vec.push(l);
        r_vec.push(r);

        let u_inv = u.invert();
        let (u, u_inv) = (Mont::from_scalar(&u), Mont::from_scalar(&u_inv));

        fold_in_place(&mut a, k, &u, &u_inv);
        fold_in_place(&mut b, k, &u_inv, &u);

        // G' = u⁻¹·G_L + u·G_R = u⁻¹·(G_L + u²·G_R); H' = u·H'_L + u⁻¹·H'_R = u·(H'_L + u⁻²·H'_R).
        let u_sq = u.mul(&u);
        let u_inv_sq = u_inv.mul(&u_inv);
        g.fold(&u_sq, &u_inv);
        h.fold(&u_inv_sq, &u);
        n = k;
        if n > 1
            && g.pending() >= LAZY_BLOCKS
            && !(table.is_some() && base_len <= TABLE_ALL_ROUNDS_MAX)
        {
            par::join(|| g.materialize(n), || h.materialize(n));
        }
    }

    let folded = Folded {
        l: l_vec,
        r: r_vec,
        a: a.first().copied().unwrap_or(Mont::ZERO).to_scalar(),
        b: b.first().copied().unwrap_or(Mont::ZERO).to_scalar(),
    };
    a.zeroize();
    b.zeroize();
    Ok(folded)
}

/// `⟨a, b⟩` in Montgomery form.
fn inner_product(a: &[Mont], b: &[Mont]) -> Mont {
    a.iter()
        .zip(b)
        .fold(Mont::ZERO, |s, (x, y)| s.add(&x.mul(y)))
}

/// `v ← x·v_L + y·v_R` in place (`v_L` the first `k` entries); the upper half is wiped.
fn fold_in_place(v: &mut Vec<Mont>, k: usize, x: &Mont, y: &Mont) {
    let k = k.min(v.len());
    let (lo, hi) = v.split_at_mut(k);
    for (l, r) in lo.iter_mut().zip(hi.iter()) {
        *l = x.mul(l).add(&y.mul(r));
    }
    hi.iter_mut().for_each(Zeroize::zeroize);
    v.truncate(k);
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        clippy::indexing_slicing,
        clippy::arithmetic_side_effects,
        clippy::too_many_arguments
    )]
    use super::*;

    /// A base table that multiplies with dalek over the points themselves (or refuses).
    #[derive(Clone, Copy)]
    struct PlainTable<'a> {
        q: RistrettoPoint,
        g: &'a [RistrettoPoint],
        h: &'a [RistrettoPoint],
        refuse: bool,
    }

    impl BaseTable<RistrettoPoint> for PlainTable<'_> {
        fn msm(&self, q: &Scalar, g: &[Scalar], h: &[Scalar]) -> Option<RistrettoPoint> {
            use curve25519_dalek::traits::VartimeMultiscalarMul;
            if self.refuse || g.len() != self.g.len() || h.len() != self.h.len() {
                return None;
            }
            Some(RistrettoPoint::vartime_multiscalar_mul(
                core::iter::once(q).chain(g).chain(h),
                core::iter::once(&self.q).chain(self.g).chain(self.h),
            ))
        }
    }
    use crate::util::scalars::{inner_product, powers};
    use curve25519_dalek::traits::VartimeMultiscalarMul;
    use rand::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    /// The textbook prover: both generator vectors folded eagerly, two multiplications a point.
    fn reference(
        transcript: &mut Transcript,
        q: &RistrettoPoint,
        y_inv: &Scalar,
        g: &[RistrettoPoint],
        h: &[RistrettoPoint],
        tail: Option<(usize, Scalar)>,
        mut a: Vec<Scalar>,
        mut b: Vec<Scalar>,
    ) -> InnerProductProof {
        let f = |i: usize| match tail {
            Some((from, f)) if i >= from => f,
            _ => Scalar::ONE,
        };
        let mut g: Vec<RistrettoPoint> = g.iter().enumerate().map(|(i, p)| p * f(i)).collect();
        let mut h: Vec<RistrettoPoint> = h
            .iter()
            .zip(powers(*y_inv))
            .enumerate()
            .map(|(i, (p, y))| p * (y * f(i)))
            .collect();
        let mut n = g.len();
        transcript.innerproduct_domain_sep(n as u64);
        let (mut l_vec, mut r_vec) = (Vec::new(), Vec::new());
        while n > 1 {
            let k = n / 2;
            let l = RistrettoPoint::vartime_multiscalar_mul(
                a[..k]
                    .iter()
                    .chain(&b[k..])
                    .chain([inner_product(&a[..k], &b[k..])].iter()),
                g[k..].iter().chain(&h[..k]).chain([*q].iter()),
            );
            let r = RistrettoPoint::vartime_multiscalar_mul(
                a[k..]
                    .iter()
                    .chain(&b[..k])
                    .chain([inner_product(&a[k..], &b[..k])].iter()),
                g[..k].iter().chain(&h[k..]).chain([*q].iter()),
            );
            let (l, r) = (Point::from_point(l), Point::from_point(r));
            transcript.append_point(b"L", &l.compressed);
            transcript.append_point(b"R", &r.compressed);
            l_vec.push(l);
            r_vec.push(r);
            let u = transcript.challenge_scalar(b"u");
            let ui = u.invert();
            a = (0..k).map(|i| u * a[i] + ui * a[k + i]).collect();
            b = (0..k).map(|i| ui * b[i] + u * b[k + i]).collect();
            g = (0..k).map(|i| g[i] * ui + g[k + i] * u).collect();
            h = (0..k).map(|i| h[i] * u + h[k + i] * ui).collect();
            n = k;
        }
        InnerProductProof {
            l_vec,
            r_vec,
            a: a[0],
            b: b[0],
        }
    }

    /// The lazily folded prover gives the textbook prover's proof byte for byte, for every size
    /// up to past two materialisations, with and without a phase factor.
    #[test]
    fn lazy_matches_reference() {
        let mut rng = ChaCha20Rng::seed_from_u64(7);
        for lg in 0..=9 {
            let n = 1usize << lg;
            let g: Vec<RistrettoPoint> = (0..n).map(|_| RistrettoPoint::random(&mut rng)).collect();
            let h: Vec<RistrettoPoint> = (0..n).map(|_| RistrettoPoint::random(&mut rng)).collect();
            let a: Vec<Scalar> = (0..n).map(|_| Scalar::random(&mut rng)).collect();
            let b: Vec<Scalar> = (0..n).map(|_| Scalar::random(&mut rng)).collect();
            let q = RistrettoPoint::random(&mut rng);
            // A zero factor (y⁻¹ = 0) takes materialisation's path without division.
            let y_inv = if lg == 5 {
                Scalar::ZERO
            } else {
                Scalar::random(&mut rng)
            };
            for tail in [None, Some((n / 2 + n / 4, Scalar::random(&mut rng)))] {
                let mut t1 = Transcript::new(b"ipp test");
                let mut t2 = t1.clone();
                let mut t3 = t1.clone();
                let mut t4 = t1.clone();
                let lazy = prove_with_factor(
                    &mut t1,
                    &q,
                    &y_inv,
                    &g,
                    &h,
                    tail,
                    None,
                    a.clone(),
                    b.clone(),
                );
                let eager = reference(&mut t2, &q, &y_inv, &g, &h, tail, a.clone(), b.clone());
                assert_eq!(lazy, eager, "n = {n}, tail = {tail:?}");
                assert_eq!(t1.challenge_scalar(b"end"), t2.challenge_scalar(b"end"));
                // The rounds on a base table (here dalek over the same points), and on one
                // that refuses (its terms then go back to points): the same proof.
                let plain = PlainTable {
                    q,
                    g: &g,
                    h: &h,
                    refuse: false,
                };
                let refusing = PlainTable {
                    refuse: true,
                    ..plain
                };
                for (table, t) in [(&plain, &mut t3), (&refusing, &mut t4)] {
                    let on_table = prove_with_factor(
                        t,
                        &q,
                        &y_inv,
                        &g,
                        &h,
                        tail,
                        Some(table),
                        a.clone(),
                        b.clone(),
                    );
                    assert_eq!(on_table, eager, "n = {n}, tail = {tail:?}, table");
                }
            }
        }
    }
}
