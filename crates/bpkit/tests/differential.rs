//! Differential verification against every peer: valid peer proofs, mutated, must get the same
//! verdict from bpkit and from the peer (spec: docs/differential.md).
//!
//! Peers: `bulletproofs` 5 (dalek's range proofs), `tari_bulletproofs_plus` 0.5.3 (Bulletproofs+),
//! `grin_secp256k1zkp` 0.8 (secp256k1-zkp's Bulletproofs, Grin/MWEB) and `monero-bulletproofs`
//! 0.1.0 (Monero's Bulletproofs and Bulletproofs+). Mutations: bit flips,
//! swapped 32-byte elements, scalars + ℓ (the group order; a non-canonical encoding of the same
//! residue), points replaced by other valid points, truncated and extended encodings, wrong
//! commitments and wrong transcript labels (Grin: wrong extra data). Every case is decided by
//! both verifiers; a disagreement is a finding and fails the test, naming the class, the seed
//! and the case.
//!
//! Counts: `BPKIT_DIFF_CASES` cases per peer (1,000 by default, as CI runs it; the campaign
//! outside CI uses 100,000: `BPKIT_DIFF_CASES=100000 cargo test --release -p bpkit --test
//! differential -- --nocapture`). `BPKIT_DIFF_SEED` changes the seed.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

#[cfg(feature = "grin")]
mod grin_common;

use bpkit::group::{CompressedRistretto, RistrettoPoint};
use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
use bpkit::{RangeProof, RangeStatement};
use merlin::Transcript;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::collections::BTreeMap;

use bulletproofs as dalek_peer;
use curve25519_dalek_4 as d4;
#[cfg(feature = "grin")]
use secp256k1zkp as c;
use tari_bulletproofs_plus as tari;

/// ℓ = 2²⁵² + 27742317777372353535851937790883648493, little-endian.
const ELL_LE: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,
];
/// secp256k1's group order n, big-endian.
#[cfg(feature = "grin")]
const N_BE: [u8; 32] = [
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
    0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
];

fn cases() -> usize {
    std::env::var("BPKIT_DIFF_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
}

fn seed() -> u64 {
    std::env::var("BPKIT_DIFF_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x5eed)
}

/// Where the scalars and points of a proof encoding are (byte offsets of 32-byte elements).
struct Layout {
    scalars: Vec<usize>,
    points: Vec<usize>,
}

/// One mutation class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    Valid,
    BitFlip,
    Swap,
    ScalarPlusOrder,
    ScalarAboveOrder,
    OtherPoint,
    Truncate,
    Extend,
    WrongCommitment,
    WrongLabel,
}

const CLASSES: [Class; 10] = [
    Class::Valid,
    Class::BitFlip,
    Class::Swap,
    Class::ScalarPlusOrder,
    Class::ScalarAboveOrder,
    Class::OtherPoint,
    Class::Truncate,
    Class::Extend,
    Class::WrongCommitment,
    Class::WrongLabel,
];

/// A mutated case: the proof bytes, which commitment (if any) to replace, whether the label (or
/// Grin's extra data) is wrong.
struct Mutated {
    class: Class,
    bytes: Vec<u8>,
    commitment_flip: Option<(usize, Option<usize>)>,
    wrong_label: bool,
}

/// Adds a 32-byte little-endian (or big-endian) order to the element at `off`; `None` if the sum
/// does not fit 256 bits.
fn add_order(bytes: &mut [u8], off: usize, order_le: &[u8; 32], big_endian: bool) -> Option<()> {
    let mut x = [0u8; 32];
    x.copy_from_slice(&bytes[off..off + 32]);
    if big_endian {
        x.reverse();
    }
    let mut carry = 0u16;
    for i in 0..32 {
        let s = x[i] as u16 + order_le[i] as u16 + carry;
        x[i] = s as u8;
        carry = s >> 8;
    }
    if carry != 0 {
        return None;
    }
    if big_endian {
        x.reverse();
    }
    bytes[off..off + 32].copy_from_slice(&x);
    Some(())
}

fn mutate(
    rng: &mut ChaCha20Rng,
    valid: &[u8],
    layout: &Layout,
    order_le: &[u8; 32],
    big_endian: bool,
    commitments: usize,
    other_point: &mut dyn FnMut(&mut ChaCha20Rng) -> [u8; 32],
) -> Mutated {
    let mut bytes = valid.to_vec();
    let mut commitment_flip = None;
    let mut wrong_label = false;
    let class = CLASSES[rng.random_range(0..CLASSES.len())];
    match class {
        Class::Valid => {}
        Class::BitFlip => {
            let flips = if rng.random_bool(0.8) { 1 } else { 2 };
            for _ in 0..flips {
                let pos = rng.random_range(0..bytes.len());
                bytes[pos] ^= 1 << rng.random_range(0..8);
            }
        }
        Class::Swap => {
            let all: Vec<usize> = layout
                .scalars
                .iter()
                .chain(&layout.points)
                .copied()
                .collect();
            // Two different elements (swapping one with itself would leave the proof valid).
            let i = rng.random_range(0..all.len());
            let j = (i + rng.random_range(1..all.len())) % all.len();
            let (i, j) = (all[i], all[j]);
            let (a, b) = (bytes[i..i + 32].to_vec(), bytes[j..j + 32].to_vec());
            bytes[i..i + 32].copy_from_slice(&b);
            bytes[j..j + 32].copy_from_slice(&a);
        }
        Class::ScalarPlusOrder => {
            let off = layout.scalars[rng.random_range(0..layout.scalars.len())];
            if add_order(&mut bytes, off, order_le, big_endian).is_none() {
                // Not representable (secp256k1: only scalars below 2²⁵⁶ − n are): a scalar in
                // [n, 2²⁵⁶) instead, below.
                return mutate_above(rng, bytes, layout, order_le, big_endian);
            }
        }
        Class::ScalarAboveOrder => return mutate_above(rng, bytes, layout, order_le, big_endian),
        Class::OtherPoint => {
            let off = layout.points[rng.random_range(0..layout.points.len())];
            bytes[off..off + 32].copy_from_slice(&other_point(rng));
        }
        Class::Truncate => {
            let cut = if rng.random_bool(0.5) {
                1
            } else {
                rng.random_range(1..=64.min(bytes.len()))
            };
            bytes.truncate(bytes.len() - cut);
        }
        Class::Extend => {
            let extra = if rng.random_bool(0.5) {
                32
            } else {
                rng.random_range(1..=64)
            };
            for _ in 0..extra {
                bytes.push(rng.random());
            }
        }
        Class::WrongCommitment => {
            let j = rng.random_range(0..commitments);
            // Either a bit of its encoding flipped, or another valid point.
            commitment_flip = Some((
                j,
                rng.random_bool(0.5).then(|| rng.random_range(0..256usize)),
            ));
        }
        Class::WrongLabel => wrong_label = true,
    }
    Mutated {
        class,
        bytes,
        commitment_flip,
        wrong_label,
    }
}

/// A scalar replaced by a value in [order, 2²⁵⁶): order + r for a random r < 2²⁵⁶ − order.
fn mutate_above(
    rng: &mut ChaCha20Rng,
    mut bytes: Vec<u8>,
    layout: &Layout,
    order_le: &[u8; 32],
    big_endian: bool,
) -> Mutated {
    let off = layout.scalars[rng.random_range(0..layout.scalars.len())];
    let mut small = [0u8; 32];
    // r below 2¹²⁰: order + r never overflows for either order.
    for b in small.iter_mut().take(15) {
        *b = rng.random();
    }
    if big_endian {
        small.reverse();
    }
    bytes[off..off + 32].copy_from_slice(&small);
    add_order(&mut bytes, off, order_le, big_endian).unwrap();
    Mutated {
        class: Class::ScalarAboveOrder,
        bytes,
        commitment_flip: None,
        wrong_label: false,
    }
}

/// Verdict tally: per class, (cases, both accept, both reject, disagreements).
#[derive(Default)]
struct Tally {
    by_class: BTreeMap<Class, [usize; 4]>,
    disagreements: Vec<String>,
}

impl Tally {
    fn record(&mut self, class: Class, ours: bool, theirs: bool, what: impl FnOnce() -> String) {
        let t = self.by_class.entry(class).or_default();
        t[0] += 1;
        match (ours, theirs) {
            (true, true) => {
                t[1] += 1;
                // Not a disagreement, but a mutated encoding both accept is worth seeing.
                if class != Class::Valid {
                    eprintln!("{class:?}: both accept a mutated case: {}", what());
                }
            }
            (false, false) => t[2] += 1,
            _ => {
                t[3] += 1;
                if self.disagreements.len() < 20 {
                    self.disagreements.push(format!(
                        "{class:?}: bpkit {} / peer {}: {}",
                        if ours { "accepts" } else { "rejects" },
                        if theirs { "accepts" } else { "rejects" },
                        what()
                    ));
                }
            }
        }
    }

    fn finish(self, peer: &str, seed: u64) {
        let total: usize = self.by_class.values().map(|t| t[0]).sum();
        eprintln!("{peer}: {total} cases, seed {seed}");
        for (class, t) in &self.by_class {
            eprintln!(
                "  {class:?}: {} cases, both accept {}, both reject {}, disagree {}",
                t[0], t[1], t[2], t[3]
            );
        }
        // The unmutated proofs and wrong labels must be decided the expected way by both.
        if let Some(t) = self.by_class.get(&Class::Valid) {
            assert_eq!(t[1], t[0], "{peer}: a valid proof was rejected");
        }
        if let Some(t) = self.by_class.get(&Class::WrongLabel) {
            assert_eq!(
                t[2], t[0],
                "{peer}: a wrong label (or statement) was accepted"
            );
        }
        assert!(
            self.disagreements.is_empty(),
            "{peer}: disagreements (seed {seed}):\n{}",
            self.disagreements.join("\n")
        );
    }
}

/// Which bytes of a valid encoding a mutation changed (for the report of a case).
fn changed(valid: &[u8], mutated: &[u8]) -> String {
    let diff: Vec<String> = valid
        .iter()
        .zip(mutated)
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| format!("{i}: {a:02x}->{b:02x}"))
        .collect();
    format!(
        "length {} -> {}, bytes changed [{}]",
        valid.len(),
        mutated.len(),
        diff.join(", ")
    )
}

fn random_ristretto(rng: &mut ChaCha20Rng) -> [u8; 32] {
    let mut w = [0u8; 64];
    rng.fill(&mut w[..]);
    RistrettoPoint::from_uniform_bytes(&w).compress().to_bytes()
}

fn flip_commitment(
    rng_point: [u8; 32],
    c: &CompressedRistretto,
    bit: Option<usize>,
) -> CompressedRistretto {
    match bit {
        Some(b) => {
            let mut x = c.to_bytes();
            x[b / 8] ^= 1 << (b % 8);
            CompressedRistretto(x)
        }
        None => CompressedRistretto(rng_point),
    }
}

/// The layout of a dalek range proof: A, S, T1, T2, τx, μ, t̂, then (L, R) per round, a, b.
fn dalek_layout(len: usize) -> Layout {
    let elems = len / 32;
    let mut points = vec![0, 32, 64, 96];
    points.extend((7..elems - 2).map(|i| i * 32));
    Layout {
        scalars: vec![128, 160, 192, (elems - 2) * 32, (elems - 1) * 32],
        points,
    }
}

#[test]
fn dalek_range_proofs_mutated_agree() {
    let seed = seed();
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let pc = dalek_peer::PedersenGens::default();
    let bp = dalek_peer::BulletproofGens::new(64, 4);
    // A pool of valid peer proofs: n ∈ {8, 32, 64}, m ∈ {1, 2, 4}.
    let mut pool = Vec::new();
    for (i, (n, m)) in [(64usize, 1usize), (64, 2), (8, 1), (32, 4), (64, 4), (8, 2)]
        .into_iter()
        .enumerate()
    {
        let values: Vec<u64> = (0..m)
            .map(|_| {
                let v: u64 = rng.random();
                if n == 64 {
                    v
                } else {
                    v & ((1 << n) - 1)
                }
            })
            .collect();
        let blindings: Vec<d4::scalar::Scalar> = (0..m)
            .map(|_| {
                let mut w = [0u8; 64];
                rng.fill(&mut w[..]);
                d4::scalar::Scalar::from_bytes_mod_order_wide(&w)
            })
            .collect();
        let label: &'static [u8] = if i % 2 == 0 { b"diff-a" } else { b"diff-b" };
        let (proof, commitments) = dalek_peer::RangeProof::prove_multiple(
            &bp,
            &pc,
            &mut Transcript::new(label),
            &values,
            &blindings,
            n,
        )
        .unwrap();
        let commitments: Vec<CompressedRistretto> = commitments
            .iter()
            .map(|c| CompressedRistretto(c.to_bytes()))
            .collect();
        pool.push((n, label, proof.to_bytes(), commitments));
    }
    let mut tally = Tally::default();
    for case in 0..cases() {
        let (n, label, valid, commitments) = &pool[case % pool.len()];
        let layout = dalek_layout(valid.len());
        let mut other = random_ristretto;
        let mu = mutate(
            &mut rng,
            valid,
            &layout,
            &ELL_LE,
            false,
            commitments.len(),
            &mut other,
        );
        let mut commitments = commitments.clone();
        if let Some((j, bit)) = mu.commitment_flip {
            commitments[j] = flip_commitment(random_ristretto(&mut rng), &commitments[j], bit);
        }
        let label: &'static [u8] = if mu.wrong_label { b"diff-x" } else { label };
        let ours = RangeProof::from_bytes(&mu.bytes)
            .and_then(|p| {
                let st = RangeStatement::new(*n, commitments.clone())?;
                p.verify(&mut Transcript::new(label), &st)
            })
            .is_ok();
        let theirs = dalek_peer::RangeProof::from_bytes(&mu.bytes)
            .map_err(|_| ())
            .and_then(|p| {
                let cs: Vec<d4::ristretto::CompressedRistretto> = commitments
                    .iter()
                    .map(|c| d4::ristretto::CompressedRistretto(c.to_bytes()))
                    .collect();
                p.verify_multiple(&bp, &pc, &mut Transcript::new(label), &cs, *n)
                    .map_err(|_| ())
            })
            .is_ok();
        tally.record(mu.class, ours, theirs, || {
            format!(
                "case {case}, n = {n}, {}, proof {}",
                changed(valid, &mu.bytes),
                hex::encode(&mu.bytes)
            )
        });
    }
    tally.finish("bulletproofs 5", seed);
}

/// The layout of a Tari / bpkit Bulletproofs+ proof with k = 1: k, d1, A, A1, B, r1, s1, rounds.
fn plus_layout(len: usize) -> Layout {
    let elems = (len - 1) / 32;
    let mut points = vec![33, 65, 97];
    points.extend((6..elems).map(|i| 1 + i * 32));
    Layout {
        scalars: vec![1, 129, 161],
        points,
    }
}

fn tari_statement(
    bits: usize,
    commitments: &[CompressedRistretto],
) -> Option<tari::range_statement::RangeStatement<RistrettoPoint>> {
    use tari::generators::pedersen_gens::ExtensionDegree;
    let params = tari::range_parameters::RangeParameters::init(
        bits,
        commitments.len(),
        tari::ristretto::create_pedersen_gens_with_extension_degree(
            ExtensionDegree::DefaultPedersen,
        ),
    )
    .ok()?;
    let points: Option<Vec<RistrettoPoint>> = commitments.iter().map(|c| c.decompress()).collect();
    tari::range_statement::RangeStatement::init(
        params,
        points?,
        vec![None; commitments.len()],
        None,
    )
    .ok()
}

#[test]
fn tari_plus_proofs_mutated_agree() {
    use tari::range_proof::{RangeProof as TariProof, VerifyAction};
    let seed = seed() ^ 1;
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let gens = PlusGens::tari(1).unwrap();
    let mut pool = Vec::new();
    for (i, (n, m)) in [(64usize, 1usize), (64, 2), (8, 1), (32, 4)]
        .into_iter()
        .enumerate()
    {
        let openings: Vec<ExtendedOpening> = (0..m)
            .map(|_| {
                let v: u64 = rng.random();
                let v = if n == 64 { v } else { v & ((1 << n) - 1) };
                ExtendedOpening::random(v, 1, &mut rng)
            })
            .collect();
        let st = PlusStatement::commit(gens.pedersen(), n, &openings, None).unwrap();
        let tst = tari_statement(n, st.commitments()).unwrap();
        let witness = tari::range_witness::RangeWitness::init(
            openings
                .iter()
                .map(|o| {
                    tari::commitment_opening::CommitmentOpening::new(o.value, o.blindings.clone())
                })
                .collect(),
        )
        .unwrap();
        let label: &'static [u8] = if i % 2 == 0 { b"diff-a" } else { b"diff-b" };
        let proof = tari::ristretto::RistrettoRangeProof::prove_with_rng(
            &mut tari_merlin::Transcript::new(label),
            &tst,
            &witness,
            &mut ChaCha20Rng::seed_from_u64(seed ^ i as u64),
        )
        .unwrap();
        pool.push((n, label, proof.to_bytes(), st.commitments().to_vec()));
    }
    let mut tally = Tally::default();
    for case in 0..cases() {
        let (n, label, valid, commitments) = &pool[case % pool.len()];
        let layout = plus_layout(valid.len());
        let mut other = random_ristretto;
        let mu = mutate(
            &mut rng,
            valid,
            &layout,
            &ELL_LE,
            false,
            commitments.len(),
            &mut other,
        );
        let mut commitments = commitments.clone();
        if let Some((j, bit)) = mu.commitment_flip {
            commitments[j] = flip_commitment(random_ristretto(&mut rng), &commitments[j], bit);
        }
        let label: &'static [u8] = if mu.wrong_label { b"diff-x" } else { label };
        let ours = PlusProof::from_bytes(&mu.bytes)
            .and_then(|p| {
                let st = PlusStatement::new(*n, commitments.clone())?;
                p.verify(&mut Transcript::new(label), &gens, &st)
            })
            .is_ok();
        let theirs = match (
            tari::ristretto::RistrettoRangeProof::from_bytes(&mu.bytes),
            tari_statement(*n, &commitments),
        ) {
            (Ok(p), Some(st)) => TariProof::verify_batch(
                &mut [tari_merlin::Transcript::new(label)],
                std::slice::from_ref(&st),
                std::slice::from_ref(&p),
                VerifyAction::VerifyOnly,
            )
            .is_ok(),
            _ => false,
        };
        tally.record(mu.class, ours, theirs, || {
            format!(
                "case {case}, n = {n}, {}, proof {}",
                changed(valid, &mu.bytes),
                hex::encode(&mu.bytes)
            )
        });
    }
    tally.finish("tari_bulletproofs_plus 0.5.3", seed);
}

/// secp256k1-zkp's 64-bit layout: −τx, −μ, flags, A.x S.x T1.x T2.x, t, a₀ a₁ b₀ b₁, flags,
/// then the x coordinates of L₀ R₀ … (5 rounds).
#[cfg(feature = "grin")]
fn grin_layout() -> Layout {
    let after_flags = 32 + 32 + 1;
    let mut points: Vec<usize> = (0..4).map(|i| after_flags + 32 * i).collect();
    let t = after_flags + 128;
    let rounds_start = t + 32 * 5 + 2;
    points.extend((0..10).map(|i| rounds_start + 32 * i));
    Layout {
        scalars: vec![0, 32, t, t + 32, t + 64, t + 96, t + 128],
        points,
    }
}

/// Offsets of the last flag byte of each point group in a 64-bit Grin proof, and how many of its
/// low bits are used: A, S, T1, T2 (4 points: byte 64, 4 bits), then L and R of 5 rounds (10
/// points: bytes 353–354, 2 bits of the last).
#[cfg(feature = "grin")]
const GRIN_LAST_FLAGS: [(usize, u32); 2] = [(64, 4), (354, 2)];

/// The encoding with the unused flag bits cleared (unchanged if none is set, or if it is not a
/// 64-bit proof's length).
#[cfg(feature = "grin")]
fn grin_clear_unused_flags(bytes: &[u8]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    if out.len() == c::constants::MAX_PROOF_SIZE {
        for (off, used) in GRIN_LAST_FLAGS {
            out[off] &= (1u8 << used) - 1;
        }
    }
    out
}

/// The class found by the 10⁵-case campaign (`BPKIT_DIFF_SEED=103` and `104`, two BitFlip
/// cases each): a set unused flag bit leaves the C module's verdict unchanged (it ignores those
/// bits: a valid proof stays valid under such a flip) while bpkit refuses the non-canonical
/// encoding.
#[cfg(feature = "grin")]
#[test]
fn grin_unused_flag_bits_are_refused_where_the_peer_ignores_them() {
    use bpkit::grin::{verify, Commitment33, GrinProof, GrinStatement};
    let secp = grin_common::ctx();
    let w = grin_common::witness(77, 123_456, true, None);
    let (commit, proof) = grin_common::c_prove(&secp, &w, None);
    let valid = proof.proof[..proof.plen].to_vec();
    assert_eq!(grin_clear_unused_flags(&valid), valid);
    let cm = Commitment33::from_bytes(&commit.0).unwrap();
    let statement = GrinStatement::new(cm);
    verify(
        grin_common::gens(),
        &statement,
        &GrinProof::from_bytes(&valid, 64).unwrap(),
    )
    .unwrap();
    for (off, used) in GRIN_LAST_FLAGS {
        for bit in used..8 {
            let mut flipped = valid.clone();
            flipped[off] ^= 1 << bit;
            assert!(
                secp.verify_bullet_proof(
                    c::pedersen::Commitment(commit.0),
                    grin_common::c_proof(&flipped),
                    None
                )
                .is_ok(),
                "the C module now refuses unused flag bits (byte {off}, bit {bit}): \
                 docs/differential.md's deliberate difference is gone"
            );
            assert!(GrinProof::from_bytes(&flipped, 64).is_err());
            assert_eq!(grin_clear_unused_flags(&flipped), valid);
        }
    }
}

#[cfg(feature = "grin")]
#[test]
fn grin_proofs_mutated_agree() {
    use bpkit::grin::{verify, Commitment33, GrinProof, GrinStatement};
    use k256::elliptic_curve::sec1::ToEncodedPoint;
    let seed = seed() ^ 2;
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let secp = grin_common::ctx();
    let mut n_le = N_BE;
    n_le.reverse();
    let extras: [Option<Vec<u8>>; 3] = [None, Some(vec![]), Some(b"grin extra".to_vec())];
    let mut pool = Vec::new();
    for i in 0..6u64 {
        let v: u64 = rng.random();
        let w = grin_common::witness(1000 + i, v, i % 2 == 1, None);
        let extra = extras[(i % 3) as usize].clone();
        let (commit, proof) = grin_common::c_prove(&secp, &w, extra.clone());
        pool.push((commit.0.to_vec(), proof.proof[..proof.plen].to_vec(), extra));
    }
    let layout = grin_layout();
    let mut other = |rng: &mut ChaCha20Rng| -> [u8; 32] {
        let k: u64 = rng.random();
        let p = (k256::ProjectivePoint::GENERATOR * k256::Scalar::from(k | 1)).to_affine();
        let enc = p.to_encoded_point(true);
        let mut x = [0u8; 32];
        x.copy_from_slice(&enc.as_bytes()[1..33]);
        x
    };
    let mut tally = Tally::default();
    let mut extended_refused = 0usize;
    let mut unused_flags = 0usize;
    for case in 0..cases() {
        let (commit, valid, extra) = &pool[case % pool.len()];
        let mu = mutate(&mut rng, valid, &layout, &n_le, true, 1, &mut other);
        if mu.bytes.len() > c::constants::MAX_PROOF_SIZE {
            // The C module's proof type is a fixed 675-byte buffer: a longer encoding cannot
            // reach its verifier at all. bpkit must refuse it by its length alone.
            assert!(GrinProof::from_bytes(&mu.bytes, 64).is_err());
            extended_refused += 1;
            continue;
        }
        let mut commit = commit.clone();
        if let Some((_, bit)) = mu.commitment_flip {
            match bit {
                Some(b) => commit[b % 33] ^= 1 << (b % 8),
                None => {
                    commit[1..].copy_from_slice(&other(&mut rng));
                }
            }
        }
        let extra = if mu.wrong_label {
            Some(b"other extra".to_vec())
        } else {
            extra.clone()
        };
        // Deliberately stricter (spec §15, docs/differential.md): the C module ignores the
        // unused bits of the flag bytes, bpkit refuses them. bpkit must refuse such a proof;
        // the peer's verdict is compared with bpkit's on the same proof with those bits clear.
        let canonical = grin_clear_unused_flags(&mu.bytes);
        if canonical != mu.bytes {
            assert!(GrinProof::from_bytes(&mu.bytes, 64).is_err());
            unused_flags += 1;
        }
        let ours = match (
            Commitment33::from_bytes(&commit),
            GrinProof::from_bytes(&canonical, 64),
        ) {
            (Ok(cm), Ok(p)) => verify(
                grin_common::gens(),
                &GrinStatement {
                    commitment: cm,
                    bits: 64,
                    extra: extra.clone(),
                },
                &p,
            )
            .is_ok(),
            _ => false,
        };
        let mut c_commit = [0u8; 33];
        c_commit.copy_from_slice(&commit);
        let theirs = secp
            .verify_bullet_proof(
                c::pedersen::Commitment(c_commit),
                grin_common::c_proof(&mu.bytes),
                extra,
            )
            .is_ok();
        tally.record(mu.class, ours, theirs, || {
            format!(
                "case {case}, commitment {}, proof {}",
                hex::encode(&commit),
                hex::encode(&mu.bytes)
            )
        });
    }
    eprintln!("grin: {extended_refused} extended encodings refused by bpkit alone (the C API cannot take them)");
    eprintln!("grin: {unused_flags} proofs with unused flag bits set (refused by bpkit; the peer's verdict compared on the canonical form)");
    tally.finish("grin_secp256k1zkp 0.8", seed);
}

/// The layout of Monero's encodings (32-byte elements, a varint count before `L` and before
/// `R`; one byte for the counts here). Bulletproofs+: `A, A1, B, r1, s1, d1, L…, R…`;
/// Bulletproofs: `A, S, T1, T2, τx, μ, L…, R…, a, b, t̂`.
#[cfg(feature = "monero")]
fn monero_layout(len: usize, plus: bool, rounds: usize) -> Layout {
    let lr = |start: usize| -> Vec<usize> {
        let l = (0..rounds).map(|i| start + 1 + 32 * i);
        let r_start = start + 1 + 32 * rounds;
        l.chain((0..rounds).map(move |i| r_start + 1 + 32 * i))
            .collect()
    };
    if plus {
        let mut points = vec![0, 32, 64];
        points.extend(lr(192));
        Layout {
            scalars: vec![96, 128, 160],
            points,
        }
    } else {
        let mut points = vec![0, 32, 64, 96];
        points.extend(lr(192));
        Layout {
            scalars: vec![128, 160, len - 96, len - 64, len - 32],
            points,
        }
    }
}

#[cfg(feature = "monero")]
#[test]
fn monero_proofs_mutated_agree() {
    use bpkit::monero::{OriginalProof, PlusProof as MoneroPlus};
    use curve25519_dalek::edwards::EdwardsPoint;
    use monero_bulletproofs::Bulletproof;
    use monero_ed25519::{Commitment, CompressedPoint, Scalar as PeerScalar};
    use rand_08::{RngCore as _, SeedableRng as _};
    let seed = seed() ^ 3;
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut peer_rng = rand_08::rngs::StdRng::seed_from_u64(seed);
    // A pool: both formats, m ∈ {1, 2, 3}.
    let mut pool = Vec::new();
    for (i, m) in [1usize, 2, 3, 1, 2, 3].into_iter().enumerate() {
        let plus = i < 3;
        let mut openings = Vec::new();
        let mut commitments = Vec::new();
        for _ in 0..m {
            let mut wide = [0u8; 32];
            peer_rng.fill_bytes(&mut wide);
            wide[31] &= 0x0f;
            let c = Commitment::new(
                PeerScalar::read(&mut &wide[..]).unwrap(),
                peer_rng.next_u64(),
            );
            commitments.push(c.commit().compress().to_bytes());
            openings.push(c);
        }
        let proof = if plus {
            Bulletproof::prove_plus(&mut peer_rng, openings).unwrap()
        } else {
            Bulletproof::prove(&mut peer_rng, openings).unwrap()
        };
        let rounds = 6 + m.next_power_of_two().trailing_zeros() as usize;
        pool.push((plus, rounds, proof.serialize(), commitments));
    }
    let mut other = |rng: &mut ChaCha20Rng| -> [u8; 32] {
        let k: u64 = rng.random();
        EdwardsPoint::mul_base(&curve25519_dalek::Scalar::from(k | 1))
            .compress()
            .to_bytes()
    };
    let mut tally = Tally::default();
    for case in 0..cases() {
        let (plus, rounds, valid, commitments) = &pool[case % pool.len()];
        let layout = monero_layout(valid.len(), *plus, *rounds);
        let mut mu = mutate(
            &mut rng,
            valid,
            &layout,
            &ELL_LE,
            false,
            commitments.len(),
            &mut other,
        );
        if mu.wrong_label {
            // Monero's transcripts have no caller label: the nearest statement change is a
            // commitment replaced by another valid point.
            mu.commitment_flip = Some((0, None));
        }
        let mut commitments = commitments.clone();
        if let Some((j, bit)) = mu.commitment_flip {
            match bit {
                Some(b) => commitments[j][b / 8] ^= 1 << (b % 8),
                None => commitments[j] = other(&mut rng),
            }
        }
        let ours = if *plus {
            MoneroPlus::from_bytes(&mu.bytes).and_then(|p| p.verify(&commitments))
        } else {
            OriginalProof::from_bytes(&mu.bytes).and_then(|p| p.verify(&commitments))
        }
        .is_ok();
        // The peer reads from a stream: whatever follows the proof is the next field of the
        // transaction, so its verdict is taken with the whole encoding consumed (bpkit's
        // from_bytes takes one proof's bytes exactly).
        let mut reader = &mu.bytes[..];
        let read = if *plus {
            Bulletproof::read_plus(&mut reader)
        } else {
            Bulletproof::read(&mut reader)
        };
        let peer_commitments: Vec<CompressedPoint> = commitments
            .iter()
            .map(|c| CompressedPoint::from(*c))
            .collect();
        let theirs = match read {
            Ok(p) if reader.is_empty() => p.verify(&mut peer_rng, &peer_commitments),
            _ => false,
        };
        tally.record(mu.class, ours, theirs, || {
            format!(
                "case {case}, {}, proof {}",
                if *plus { "BP+" } else { "BP" },
                hex::encode(&mu.bytes)
            )
        });
    }
    tally.finish("monero-bulletproofs 0.1.0", seed);
}
