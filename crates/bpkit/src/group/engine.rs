//! The seam to bpkit's own verification engine (`bpkit-engine`): batched Ristretto255 decoding
//! and variable-time multiscalar multiplication over public points.
//!
//! **Variable-time, public data only.** Every function here is for verifiers: the encodings,
//! points and scalars they take are the proof's, the statement's and the challenges', all public.
//! Provers never come here with secrets (they keep dalek's constant-time code in
//! [`super::msm`]); the circuit prover's inner-product rounds use the engine's shifted tables
//! for their uniformly blinded vectors, which its variable-time dalek multiplications took
//! before (`circuit::prove`, `inner_product::prover`).
//!
//! Why a second implementation beside dalek: dalek decodes one point at a time (one inverse
//! square root each, about half of a batch verification), while the engine decodes eight at once
//! in interleaved chains (AVX2 where available), 0.2–0.4× dalek's time per point. Engine points
//! cannot become dalek points (dalek has no constructor from coordinates), so an equation whose
//! points the engine decoded is multiplied out by the engine too, with the fixed generators
//! converted once ([`EngineGens`]). A sum may have a dalek part and an engine part;
//! [`sum_is_zero`] compares them through their canonical encodings.
//!
//! Correctness: decoding applies exactly RFC 9496's rules, as dalek's `decompress` does; the
//! engine's tests check it bit for bit against dalek on every backend, and the tests of this
//! module check the seam itself against the dalek path on valid and invalid encodings.

use super::{CompressedRistretto, RistrettoPoint, Scalar};
use alloc::borrow::Cow;
use alloc::vec::Vec;
use bpkit_engine::{AffineNiels, Point};

/// A public point decoded by the engine, in the form its multiscalar multiplication takes
/// (affine Niels coordinates: free for a decoded point).
pub type EnginePoint = AffineNiels;

/// A sum computed by the engine (a Ristretto255 element).
pub type EngineSum = Point;

/// The encoding at `index` of a batch is not a valid Ristretto255 point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidEncoding {
    /// Position of the first invalid encoding.
    pub index: usize,
}

/// The engine's backend (`"avx2"`, `"bmi2"`, `"portable"`, …): what it chose for this CPU.
pub fn backend() -> &'static str {
    bpkit_engine::backend()
}

/// Restricts the engine to its portable backend (`true`) or lets it choose again (`false`), for
/// the whole process: for differential tests and measurements (every backend gives the same
/// results).
pub fn force_portable(on: bool) {
    bpkit_engine::backend::force_portable(on);
}

/// Lets the engine's Straus method (its small multiplications: a circuit's commitments, a
/// proof's points) use the four-lane AVX2 formulas (`true`, the default where the CPU has AVX2)
/// or keeps it on the portable additions (`false`), for the whole process: for measurements
/// (both give the same results).
#[doc(hidden)]
pub fn lane_straus(on: bool) {
    bpkit_engine::backend::lane_straus(on);
}

/// Allows (`true`, the default) or forbids (`false`) the engine's eight-lane AVX-512 IFMA
/// backend for Pippenger's bucket additions and decoding, for the whole process. It takes
/// effect only on a CPU with AVX-512F and AVX-512 IFMA ([`ifma_detected`]); its differential
/// tests passed on such hardware (AMD Zen 4). The `bpkit` CLI forbids it when the environment
/// variable `BPKIT_ENGINE_IFMA` is `0`.
pub fn ifma(on: bool) {
    bpkit_engine::backend::ifma(on);
}

/// True when this CPU has AVX-512F and AVX-512 IFMA (with OS support), whether or not the
/// engine uses them.
pub fn ifma_detected() -> bool {
    bpkit_engine::backend::ifma_detected()
}

/// True when the engine uses its IFMA backend now (allowed and detected).
pub fn ifma_active() -> bool {
    bpkit_engine::backend::ifma_active()
}

/// Decodes every encoding in one batch; `None` where an encoding is invalid (RFC 9496 rules,
/// the identity allowed). Variable-time: encodings are public.
pub fn decode_each(encodings: &[CompressedRistretto]) -> Vec<Option<EnginePoint>> {
    let bytes: Vec<[u8; 32]> = encodings.iter().map(|c| c.to_bytes()).collect();
    bpkit_engine::decode_batch(&bytes)
        .into_iter()
        .map(|p| p.map(|p| p.to_affine_niels()))
        .collect()
}

/// Decodes every encoding in one batch, or names the first invalid one.
pub fn decode_all(encodings: &[CompressedRistretto]) -> Result<Vec<EnginePoint>, InvalidEncoding> {
    decode_each(encodings)
        .into_iter()
        .enumerate()
        .map(|(index, p)| p.ok_or(InvalidEncoding { index }))
        .collect()
}

/// Converts points computed with dalek (generators) to engine points: each is compressed and
/// decoded again (one inverse square root each way), so this is for points converted once and
/// kept ([`EngineGens`]). Variable-time: generators are public.
pub fn from_dalek<'a, I: IntoIterator<Item = &'a RistrettoPoint>>(points: I) -> Vec<EnginePoint> {
    let encodings: Vec<CompressedRistretto> = points.into_iter().map(|p| p.compress()).collect();
    // A dalek point's encoding always decodes; the identity stands in should one ever not.
    decode_each(&encodings)
        .into_iter()
        .map(|p| p.unwrap_or(AffineNiels::IDENTITY))
        .collect()
}

/// `Σ sᵢ·Pᵢ` by the engine (Pippenger or Straus by estimated cost). `None` if the lengths
/// differ. **Variable-time: only for public scalars and points.**
pub fn vartime_msm(scalars: &[Scalar], points: &[EnginePoint]) -> Option<EngineSum> {
    if scalars.len() != points.len() {
        return None;
    }
    let bytes: Vec<[u8; 32]> = scalars.iter().map(Scalar::to_bytes).collect();
    bpkit_engine::vartime_msm(&bytes, points)
}

/// [`vartime_msm`] with the scalars already as little-endian bytes (saves a copy of a long
/// scalar vector). `None` if the lengths differ. **Variable-time: only for public scalars and
/// points.**
pub fn vartime_msm_bytes(scalars: &[[u8; 32]], points: &[EnginePoint]) -> Option<EngineSum> {
    bpkit_engine::vartime_msm(scalars, points)
}

/// Fewest terms for which one engine multiplication is split across threads (below, a
/// multiplication takes well under a millisecond and the split's fixed costs weigh more).
#[cfg(feature = "parallel")]
const THREADED_MIN: usize = 1024;

/// [`vartime_msm_bytes`] split across rayon's current pool (feature `parallel`) when the pool
/// has several threads and there are at least 1024 terms: one large verification (a circuit
/// from 2⁹ multipliers, an m = 64 range proof) on every core. Each thread computes one share of
/// Pippenger's windows (`bpkit_engine::multiply::vartime_msm_share`) over all the points, so no
/// bucket sum is paid twice; the shares are added in order. The same sum whatever the split.
/// Memory: every share packs all the points in its backend's lane form (about 120 bytes a
/// point per thread), so one large circuit's verification does not use it (its budget).
/// **Variable-time: only for public scalars and points.**
pub fn vartime_msm_bytes_threaded(
    scalars: &[[u8; 32]],
    points: &[EnginePoint],
) -> Option<EngineSum> {
    if scalars.len() != points.len() {
        return None;
    }
    #[cfg(feature = "parallel")]
    {
        let threads = rayon::current_num_threads();
        if threads > 1 && scalars.len() >= THREADED_MIN {
            use rayon::prelude::*;
            return (0..threads)
                .into_par_iter()
                .map(|i| bpkit_engine::multiply::vartime_msm_share(scalars, points, i, threads))
                .try_reduce(identity, |a, b| Some(a.add(&b)));
        }
    }
    bpkit_engine::vartime_msm(scalars, points)
}

/// `Σ sᵢ·Pᵢ + Σ tⱼ·Qⱼ`: the points `Pᵢ` given as encodings (decoded in one batch by the engine),
/// the `Qⱼ` fixed engine points (generators). Fails naming the first invalid encoding;
/// `Ok(None)` if a pair of lists differ in length. **Variable-time: public data only.**
pub fn vartime_msm_from_encodings(
    scalars: &[Scalar],
    encodings: &[CompressedRistretto],
    fixed_scalars: &[Scalar],
    fixed_points: &[EnginePoint],
) -> Result<Option<EngineSum>, InvalidEncoding> {
    if scalars.len() != encodings.len() || fixed_scalars.len() != fixed_points.len() {
        return Ok(None);
    }
    let mut points = decode_all(encodings)?;
    points.extend_from_slice(fixed_points);
    let all: Vec<Scalar> = scalars.iter().chain(fixed_scalars).copied().collect();
    Ok(vartime_msm(&all, &points))
}

/// True when `dalek + engine` is the identity: compares the encodings of `dalek` and `−engine`
/// (canonical on both sides, so equal encodings mean equal group elements).
pub fn sum_is_zero(dalek: &RistrettoPoint, engine: &EngineSum) -> bool {
    dalek.compress().to_bytes() == engine.neg().encode()
}

/// The identity as an engine sum.
pub fn identity() -> EngineSum {
    Point::IDENTITY
}

/// Where a small multiplication over fixed generators is faster on the engine's precomputed
/// tables than on dalek's: the engine's Straus runs on its four-lane AVX2 formulas and dalek is
/// not on its AVX-512 IFMA backend (which is faster than those formulas). Measured on Zen 4 with
/// the AVX2 build: the 130 generators of one BP+ m = 1 verification with its 16 other points, at
/// width 8, 0.72× dalek's `VartimePrecomputedStraus`; with dalek on IFMA, 2.6× slower.
pub fn tables_preferred() -> bool {
    match TABLES.load(core::sync::atomic::Ordering::Relaxed) {
        1 => true,
        2 => false,
        _ => {
            bpkit_engine::backend::lane_straus_active()
                && crate::backend::report().active != crate::backend::Backend::Avx512Ifma
        }
    }
}

/// [`tables_preferred`]'s override: 0 the measured choice, 1 always, 2 never.
static TABLES: core::sync::atomic::AtomicU8 = core::sync::atomic::AtomicU8::new(0);

/// For tests and measurements only, process-wide: `Some(true)` makes the verifiers that can use
/// [`EngineTable`]s use them whatever the CPU (they work on every backend, more slowly where
/// [`tables_preferred`] would say no), `Some(false)` keeps them on dalek's tables, `None`
/// restores the measured choice. Both give the same answers.
#[doc(hidden)]
pub fn set_tables_preferred(mode: Option<bool>) {
    let v = match mode {
        None => 0,
        Some(true) => 1,
        Some(false) => 2,
    };
    TABLES.store(v, core::sync::atomic::Ordering::Relaxed);
}

/// Precomputed variable-time tables for a fixed list of points on the engine (odd multiples in
/// the engine's forms), for small multiplications that these points dominate: one BP+ proof's
/// verification ([`tables_preferred`] says where this beats dalek's tables).
#[derive(Clone, Debug)]
pub struct EngineTable {
    table: bpkit_engine::PrecomputedTable,
}

impl EngineTable {
    /// wNAF width of the tables: 2⁶ = 64 multiples per point (about 17.5 KiB a point with the
    /// packed rows; dalek's tables hold 64 too, 10 KiB).
    pub const WIDTH: u32 = 8;

    /// Tables for `points` (converted through their encodings, once). Variable-time: generators
    /// are public. `None` only if an encoding did not decode, which dalek's points cannot give.
    pub fn new<'a, I: IntoIterator<Item = &'a RistrettoPoint>>(points: I) -> Option<Self> {
        let encodings: Vec<[u8; 32]> = points
            .into_iter()
            .map(|p| p.compress().to_bytes())
            .collect();
        let table =
            bpkit_engine::PrecomputedTable::from_encodings_with_width(&encodings, Self::WIDTH)
                .ok()?;
        Some(EngineTable { table })
    }

    /// Number of points in the tables.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// True when the tables hold no point.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Approximate memory held, in bytes (2^(WIDTH − 2) multiples a point, 120 bytes each in
    /// affine form and 160 packed for the AVX2 formulas on x86-64).
    pub fn approx_bytes(&self) -> usize {
        let per_entry: usize = if cfg!(target_arch = "x86_64") {
            280
        } else {
            120
        };
        self.len()
            .saturating_mul(1 << (Self::WIDTH - 2))
            .saturating_mul(per_entry)
    }

    /// `Σ aᵢ·Tᵢ + Σ bⱼ·Qⱼ = 0`? with `Tᵢ` the table's points (`static_scalars` may be fewer)
    /// and `Qⱼ` engine points. `None` if there are more static scalars than points or the
    /// dynamic lists differ in length. **Variable-time: public scalars and points only.**
    pub fn vartime_mixed_is_zero(
        &self,
        static_scalars: &[Scalar],
        dynamic_scalars: &[Scalar],
        dynamic_points: &[EnginePoint],
    ) -> Option<bool> {
        let fixed: Vec<[u8; 32]> = static_scalars.iter().map(Scalar::to_bytes).collect();
        let dynamic: Vec<[u8; 32]> = dynamic_scalars.iter().map(Scalar::to_bytes).collect();
        let sum = self
            .table
            .vartime_mixed_msm(&fixed, &dynamic, dynamic_points)?;
        Some(sum.is_identity())
    }
}

/// Fixed generators converted to engine points once: `B`, `B̃`, and party by party the vector
/// generators `G_j`, `H_j` (parties may hold different numbers of points, as in
/// [`BulletproofGens`](crate::generators::BulletproofGens)).
#[derive(Clone, Debug)]
pub struct EngineGens {
    b: EnginePoint,
    b_blinding: EnginePoint,
    /// Per party: `G_j[0..k]` then `H_j[0..k]` (`k` = [`EngineGens::party_len`]).
    parties: Vec<Vec<EnginePoint>>,
}

impl EngineGens {
    /// Converts `B`, `B̃` and the first `n` generators of each party in `parties` (each a pair
    /// of `G`, `H` slices of at least `n` points).
    pub fn new<'a, I>(b: &RistrettoPoint, b_blinding: &RistrettoPoint, n: usize, parties: I) -> Self
    where
        I: IntoIterator<Item = (&'a [RistrettoPoint], &'a [RistrettoPoint])>,
    {
        let mut it = from_dalek([b, b_blinding]).into_iter();
        let b = it.next().unwrap_or(AffineNiels::IDENTITY);
        let b_blinding = it.next().unwrap_or(AffineNiels::IDENTITY);
        let mut gens = EngineGens {
            b,
            b_blinding,
            parties: Vec::new(),
        };
        gens.grow(n, parties);
        gens
    }

    /// Makes party `j` hold at least `n` points for each `(G_j, H_j)` that `parties` yields (the
    /// first parties, in order, each a pair of slices of at least `n` points), converting only
    /// the points not held yet, all in one batch. A party whose slices are shorter than `n` is
    /// grown as far as they go.
    pub fn grow<'a, I>(&mut self, n: usize, parties: I)
    where
        I: IntoIterator<Item = (&'a [RistrettoPoint], &'a [RistrettoPoint])>,
    {
        let mut missing: Vec<&RistrettoPoint> = Vec::new();
        // Per party: how many points of G (and of H) it gains.
        let mut gains: Vec<usize> = Vec::new();
        for (j, (g, h)) in parties.into_iter().enumerate() {
            let held = self.party_len(j);
            let g = g.get(held..n.min(g.len())).unwrap_or_default();
            let h = h.get(held..n.min(h.len())).unwrap_or_default();
            let gain = g.len().min(h.len());
            missing.extend(g.iter().take(gain));
            missing.extend(h.iter().take(gain));
            gains.push(gain);
        }
        let converted = from_dalek(missing);
        let mut rest = converted.as_slice();
        if self.parties.len() < gains.len() {
            self.parties.resize_with(gains.len(), Vec::new);
        }
        for (v, gain) in self.parties.iter_mut().zip(gains) {
            let (new_g, tail) = rest.split_at_checked(gain).unwrap_or((rest, &[]));
            let (new_h, tail) = tail.split_at_checked(gain).unwrap_or((tail, &[]));
            rest = tail;
            if new_g.is_empty() {
                continue;
            }
            let held = v.len() / 2;
            let (g, h) = v.split_at(held);
            let mut grown = Vec::with_capacity(v.len().saturating_add(gain.saturating_mul(2)));
            for part in [g, new_g, h, new_h] {
                grown.extend_from_slice(part);
            }
            *v = grown;
        }
    }

    /// `B`.
    pub fn b(&self) -> &EnginePoint {
        &self.b
    }

    /// `B̃`.
    pub fn b_blinding(&self) -> &EnginePoint {
        &self.b_blinding
    }

    /// Generators held by party 0 (0 with no parties).
    pub fn n(&self) -> usize {
        self.party_len(0)
    }

    /// Generators held by party `j` in `G` (the same number in `H`); 0 beyond the last party.
    pub fn party_len(&self, j: usize) -> usize {
        self.parties.get(j).map_or(0, |v| v.len() / 2)
    }

    /// Points held in `G` over every party (the same number in `H`).
    pub fn point_count(&self) -> usize {
        self.parties
            .iter()
            .map(|v| v.len() / 2)
            .fold(0, usize::saturating_add)
    }

    /// Number of parties converted.
    pub fn parties(&self) -> usize {
        self.parties.len()
    }

    /// `G_j[0..len]` and `H_j[0..len]`; `None` beyond what was converted.
    pub fn party(&self, j: usize, len: usize) -> Option<(&[EnginePoint], &[EnginePoint])> {
        let v = self.parties.get(j)?;
        let (g, h) = v.split_at_checked(v.len() / 2)?;
        Some((g.get(..len)?, h.get(..len)?))
    }

    /// `G_j[0..len] ‖ H_j[0..len]` as one slice (what a single multiplication over both takes):
    /// borrowed when `len` is the converted length, else copied. `None` beyond what was
    /// converted.
    pub fn party_vector(&self, j: usize, len: usize) -> Option<Cow<'_, [EnginePoint]>> {
        if len == self.party_len(j) {
            return self
                .parties
                .get(j)
                .and_then(|v| v.get(..len.checked_mul(2)?))
                .map(Cow::Borrowed);
        }
        let (g, h) = self.party(j, len)?;
        let mut out = Vec::with_capacity(len.saturating_mul(2));
        out.extend_from_slice(g);
        out.extend_from_slice(h);
        Some(Cow::Owned(out))
    }

    /// True when each of the first `parties` parties holds at least `n` generators.
    pub fn covers(&self, n: usize, parties: usize) -> bool {
        parties <= self.parties.len() && self.parties.iter().take(parties).all(|v| v.len() / 2 >= n)
    }
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        clippy::indexing_slicing,
        clippy::arithmetic_side_effects
    )]
    use super::*;
    use crate::group::msm;
    use curve25519_dalek::traits::IsIdentity;

    /// Deterministic pseudo-random bytes (xorshift).
    fn bytes(seed: u64, n: usize) -> Vec<[u8; 32]> {
        let mut x = seed | 1;
        (0..n)
            .map(|_| {
                let mut b = [0u8; 32];
                for chunk in b.chunks_exact_mut(8) {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    chunk.copy_from_slice(&x.to_le_bytes());
                }
                b
            })
            .collect()
    }

    fn points(seed: u64, n: usize) -> Vec<RistrettoPoint> {
        bytes(seed, n)
            .iter()
            .map(|b| RistrettoPoint::from_uniform_bytes(&[*b, *b].concat().try_into().unwrap()))
            .collect()
    }

    fn scalars(seed: u64, n: usize) -> Vec<Scalar> {
        bytes(seed, n)
            .iter()
            .map(|b| Scalar::from_bytes_mod_order(*b))
            .collect()
    }

    #[test]
    fn decoding_agrees_with_dalek_on_valid_and_invalid_encodings() {
        std::println!("engine backend: {}", backend());
        let valid: Vec<CompressedRistretto> = points(1, 40).iter().map(|p| p.compress()).collect();
        let random: Vec<CompressedRistretto> =
            bytes(2, 200).into_iter().map(CompressedRistretto).collect();
        // Valid, random (mostly invalid), the identity, non-canonical (s + p), negative s.
        let mut all = valid.clone();
        all.extend(random);
        all.push(CompressedRistretto::default());
        let mut non_canonical = [0xffu8; 32];
        non_canonical[0] = 0xed;
        non_canonical[31] = 0x7f;
        all.push(CompressedRistretto(non_canonical));
        let mut negative = valid[0].to_bytes();
        negative[0] ^= 1;
        all.push(CompressedRistretto(negative));
        let decoded = decode_each(&all);
        let mut invalid = 0;
        for (i, (c, e)) in all.iter().zip(&decoded).enumerate() {
            let d = c.decompress();
            assert_eq!(d.is_some(), e.is_some(), "validity differs at {i}");
            if let (Some(d), Some(e)) = (d, e) {
                // The same point: Σ = 1·e − 1·d is zero.
                let sum = vartime_msm(&[Scalar::ONE], &[*e]).unwrap();
                assert!(sum_is_zero(&-d, &sum), "point differs at {i}");
            } else {
                invalid += 1;
            }
        }
        assert!(invalid > 100);
        // The typed error names the first invalid encoding.
        let first_bad = decoded.iter().position(Option::is_none).unwrap();
        assert_eq!(
            decode_all(&all).unwrap_err(),
            InvalidEncoding { index: first_bad }
        );
        assert!(decode_all(&valid).is_ok());
    }

    #[test]
    fn threaded_msm_agrees_with_one_multiplication() {
        let p = points(91, 4100);
        let s = scalars(92, 4100);
        let enc: Vec<CompressedRistretto> = p.iter().map(|x| x.compress()).collect();
        let decoded = decode_all(&enc).unwrap();
        let bytes: Vec<[u8; 32]> = s.iter().map(Scalar::to_bytes).collect();
        for len in [0usize, 5, 1023, 1024, 2047, 2048, 4100] {
            let expected = vartime_msm_bytes(&bytes[..len], &decoded[..len])
                .unwrap()
                .encode();
            for threads in [1usize, 2, 3] {
                let got = crate::util::par::with_threads(threads, || {
                    vartime_msm_bytes_threaded(&bytes[..len], &decoded[..len]).unwrap()
                });
                assert_eq!(got.encode(), expected, "len {len}, {threads} threads");
            }
        }
        assert!(vartime_msm_bytes_threaded(&bytes[..3], &decoded[..2]).is_none());
    }

    #[test]
    fn msm_from_encodings_agrees_with_dalek() {
        for n in [0usize, 1, 2, 7, 8, 9, 33, 200] {
            let ps = points(10 + n as u64, n);
            let ss = scalars(20 + n as u64, n);
            let gens = points(30, 5);
            let gs = scalars(40, 5);
            let fixed = from_dalek(&gens);
            let enc: Vec<CompressedRistretto> = ps.iter().map(|p| p.compress()).collect();
            let engine = vartime_msm_from_encodings(&ss, &enc, &gs, &fixed)
                .unwrap()
                .unwrap();
            let dalek =
                msm::vartime(ss.iter().chain(&gs).copied(), ps.iter().chain(&gens)).unwrap();
            assert!(sum_is_zero(&-dalek, &engine), "n = {n}");
            // A wrong result is caught: off by one generator.
            assert!(!sum_is_zero(&(-dalek + gens[0]), &engine), "n = {n}");
            if n > 0 {
                let mut bad = enc.clone();
                bad[n - 1] = CompressedRistretto([0xff; 32]);
                assert_eq!(
                    vartime_msm_from_encodings(&ss, &bad, &gs, &fixed).unwrap_err(),
                    InvalidEncoding { index: n - 1 }
                );
                assert_eq!(
                    vartime_msm_from_encodings(&ss[1..], &enc, &gs, &fixed),
                    Ok(None)
                );
            }
        }
    }

    #[test]
    fn sums_split_between_dalek_and_engine() {
        let ps = points(50, 20);
        let ss = scalars(60, 20);
        let dalek = msm::vartime(ss[..12].iter().copied(), &ps[..12]).unwrap();
        let engine = vartime_msm(&ss[12..], &from_dalek(&ps[12..])).unwrap();
        let whole = msm::vartime(ss.iter().copied(), &ps).unwrap();
        assert!(sum_is_zero(&(dalek - whole), &engine));
        assert!(!sum_is_zero(&dalek, &engine));
        assert!(sum_is_zero(&RistrettoPoint::default(), &identity()));
        assert!(!whole.is_identity());
    }

    #[test]
    fn generators_convert_party_by_party() {
        let pc = crate::generators::PedersenGens::default();
        let bp = crate::generators::BulletproofGens::new(8, 2);
        let gens = EngineGens::new(
            pc.b(),
            pc.b_blinding(),
            8,
            (0..2).map(|j| bp.party(j, 8).unwrap()),
        );
        assert!(gens.covers(8, 2) && !gens.covers(9, 1) && !gens.covers(8, 3));
        assert_eq!((gens.n(), gens.parties()), (8, 2));
        assert!(gens.party(2, 8).is_none() && gens.party(0, 9).is_none());
        let ss = scalars(70, 2 + 32);
        let (g0, h0) = gens.party(0, 8).unwrap();
        let (g1, h1) = gens.party(1, 8).unwrap();
        let mut engine_points = alloc::vec![*gens.b(), *gens.b_blinding()];
        for part in [g0, h0, g1, h1] {
            engine_points.extend_from_slice(part);
        }
        let (dg0, dh0) = bp.party(0, 8).unwrap();
        let (dg1, dh1) = bp.party(1, 8).unwrap();
        let dalek_points = [pc.b(), pc.b_blinding()]
            .into_iter()
            .chain(dg0)
            .chain(dh0)
            .chain(dg1)
            .chain(dh1);
        let dalek = msm::vartime(ss.iter().copied(), dalek_points).unwrap();
        let engine = vartime_msm(&ss, &engine_points).unwrap();
        assert!(sum_is_zero(&-dalek, &engine));
        // G_j ‖ H_j in one slice: borrowed at the converted length, copied below it.
        for (j, (dg, dh)) in [(0, bp.party(0, 8).unwrap()), (1, bp.party(1, 8).unwrap())] {
            for len in [8usize, 5, 1] {
                let v = gens.party_vector(j, len).unwrap();
                assert_eq!(matches!(v, Cow::Borrowed(_)), len == 8);
                assert_eq!(v.len(), 2 * len);
                let s = scalars(80 + len as u64, 2 * len);
                let want = msm::vartime(s.iter().copied(), dg[..len].iter().chain(&dh[..len]));
                let got = vartime_msm(&s, &v).unwrap();
                assert!(sum_is_zero(&-want.unwrap(), &got), "party {j}, len {len}");
            }
        }
        assert!(gens.party_vector(2, 8).is_none() && gens.party_vector(0, 9).is_none());
    }
}
