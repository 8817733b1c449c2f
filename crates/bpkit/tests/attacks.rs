//! Adversarial tests (issue 30, item 3): each attack built as an attacker would build it, with the
//! public API only, against every verifier and every batch path.
//!
//! | Class | Verifier | Here | Already covered elsewhere |
//! |---|---|---|---|
//! | 1 Frozen Heart | range proof alone (label, `n`, each commitment, swap) | batch paths | `range_proof.rs` `wrong_commitment_label_or_bit_size_fails` |
//! | 1 | interval alone (bounds, commitment, label, bits) | batch paths | `interval.rs` `a_proof_does_not_verify_for_another_interval_commitment_or_label` |
//! | 1 | Bulletproofs+ alone (label, commitments, minimums, `n`, `k`, generators) | batch paths | `plus_proofs.rs` `wrong_statements_are_rejected`, `batch_mixed.rs` (minimum in a batch) |
//! | 1 | circuits alone (coefficient, multipliers, rows, commitments) | digest-only changes (a row more, a multiplier more), batch paths, prepared circuits | `circuit.rs` `proofs_bind_the_circuit`, `wrong_commitments_fail`, `other_transcript_context_fails` |
//! | 1 | Grin (commitment, bits, extra) | extra data byte by byte, batch | `grin_proofs.rs` `wrong_statements_are_rejected` |
//! | 1 | Monero (commitments, count) | each commitment, count ±1, both formats, batch | `monero_txs.rs` (shape errors) |
//! | 2 Other format / statement | all | `other_format_*` | `plus_proofs.rs` (Tari gens, other `k`) |
//! | 3 Malleability | range proof scalars/points | BP+, interval, circuits, batch bytes paths, `s + ℓ` | `range_proof.rs` (`ℓ`, `0xff…`, `p`, identity at every position) |
//! | 3 | Monero torsion | every point and commitment, both formats, batch | `monero_txs.rs` `torsion_on_a_proof_point_decodes_but_changes_the_transcript` (`A` only) |
//! | 3 | Grin `x ≥ p` | `x + p` for a small on-curve `x` (proof point, commitment) | `grin_proofs.rs` (`x = 0xff…`) |
//! | 4 Alone = in a batch | core `BatchVerifier` | every kind, both weights, shared and caller generators, BP+ generator sets | `batch.rs`, `batch_mixed.rs`, `circuit_batch.rs` (valid/invalid mixes) |
//! | 5 Cancellation | core `BatchVerifier`, deterministic and random weights | BP+ `d1`, range `a`, circuit `a` | Monero: `src/monero/batch_attacks.rs`; circuits: `src/circuit/phase_attacks.rs` |
//!
//! "Caught:" in a test's doc comment records a deliberate one-line weakening of the library
//! (applied in a scratch worktree, never here) under which that test fails.
#![cfg(all(feature = "monero", feature = "grin"))]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod circuit_common;
mod common;
mod grin_common;

use bpkit::batch::{BatchError, BatchOptions, BatchVerifier};
use bpkit::circuit::{Circuit, CircuitProof, LinearCombination, PreparedCircuit};
use bpkit::plus::{ExtendedOpening, ExtendedPedersenGens, PlusGens, PlusProof, PlusStatement};
use bpkit::{
    BulletproofGens, CompressedRistretto, Error, Interval, IntervalProof, Opening, PedersenGens,
    RangeProof, RangeStatement, Scalar,
};
use merlin::Transcript;
use std::sync::OnceLock;

// ------------------------------------------------------------------------------------ helpers

/// ℓ, little-endian (Ristretto and Ed25519 scalars).
const ELL: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

/// `s + ℓ` as 32 little-endian bytes (it fits: `s < ℓ < 2²⁵³`): the same scalar mod ℓ.
fn plus_ell(s: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut carry = 0u16;
    for i in 0..32 {
        let v = s[i] as u16 + ELL[i] as u16 + carry;
        out[i] = v as u8;
        carry = v >> 8;
    }
    assert_eq!(carry, 0);
    out
}

fn scalar_at(bytes: &[u8], offset: usize) -> Scalar {
    Scalar::from_canonical_bytes(bytes[offset..offset + 32].try_into().unwrap()).unwrap()
}

fn set_scalar(bytes: &mut [u8], offset: usize, s: &Scalar) {
    bytes[offset..offset + 32].copy_from_slice(s.as_bytes());
}

#[derive(Clone, Copy, Debug)]
enum Weights {
    Random,
    Deterministic,
}

const WEIGHTS: [Weights; 2] = [Weights::Random, Weights::Deterministic];

fn finish(b: BatchVerifier<'_>, w: Weights) -> Result<(), BatchError> {
    match w {
        Weights::Random => b.verify(&mut common::rng(99)),
        Weights::Deterministic => b.verify_deterministic(),
    }
}

/// Generators a caller passes to [`BatchVerifier::with_generators`]: the default points.
fn caller_gens() -> &'static (PedersenGens, BulletproofGens) {
    static G: OnceLock<(PedersenGens, BulletproofGens)> = OnceLock::new();
    G.get_or_init(|| (PedersenGens::default(), BulletproofGens::new(256, 4)))
}

/// A valid 8-bit range proof that sits next to the proof under test in a batch.
fn neighbour() -> &'static (RangeProof, RangeStatement) {
    static N: OnceLock<(RangeProof, RangeStatement)> = OnceLock::new();
    N.get_or_init(|| {
        let o = common::openings(&mut common::rng(1000), 8, 1);
        common::prove(b"neighbour", &o, 8, 1001)
    })
}

/// Every batch a single proof can sit in: shared or caller generators, random or deterministic
/// weights, alone or after a valid neighbour, one chunk or chunks of one. `add` adds the proof
/// (or refuses it at once, `Err`); the batch's verdict must be `alone` (the single verifier's),
/// and a refusal must name the proof and no other.
fn check_in_batches<'a>(
    what: &str,
    alone: &Result<(), Error>,
    add: &dyn Fn(&mut BatchVerifier<'a>) -> Result<usize, Error>,
) {
    let (pc, bp) = caller_gens();
    for caller in [false, true] {
        for w in WEIGHTS {
            for with_neighbour in [false, true] {
                for chunk in [256usize, 1] {
                    let mut b = if caller {
                        BatchVerifier::with_generators(pc, bp)
                    } else {
                        BatchVerifier::new()
                    };
                    b = b.with_options(BatchOptions::default().chunk_size(chunk));
                    if with_neighbour {
                        let (p, s) = neighbour();
                        b.add_range_proof(p, s, Transcript::new(b"neighbour"));
                    }
                    let ctx = format!(
                        "{what}: caller gens {caller}, {w:?}, neighbour {with_neighbour}, chunk {chunk}"
                    );
                    let index = match add(&mut b) {
                        Ok(i) => i,
                        Err(e) => {
                            assert!(
                                alone.is_err(),
                                "{ctx}: refused when added ({e:?}) but valid alone"
                            );
                            continue;
                        }
                    };
                    let verdict = finish(b, w);
                    match (alone, verdict) {
                        (Ok(()), Ok(())) => {}
                        (Err(_), Err(e)) => {
                            let idx: Vec<usize> = e.indices().collect();
                            assert_eq!(idx, vec![index], "{ctx}: {e}");
                        }
                        (a, v) => panic!("{ctx}: alone {a:?}, in the batch {v:?}"),
                    }
                }
            }
        }
    }
}

// ------------------------------------------------------------------------ class 1: Frozen Heart

/// Class 1, range proofs: a proof for `(n = 32, m = 2, [C₀, C₁], label)` is refused, alone and in
/// every batch (parsed and as bytes), for another label, another `n` of the same proof size,
/// each commitment replaced, the commitments swapped, one commitment added.
///
/// Not a catch: `src/transcript.rs` `rangeproof_domain_sep` without `append_u64(b"n", n)` (prover
/// and verifier alike) leaves this test passing: `n` is bound by the equation (the powers of 2
/// per party) as well as by the transcript, and the `V`s fix `m'`, so dropping it forges nothing.
#[test]
fn frozen_heart_range_proof_statements() {
    let mut rng = common::rng(10);
    let openings = common::openings(&mut rng, 32, 2);
    let (proof, statement) = common::prove(b"right", &openings, 32, 11);
    let bytes = proof.to_bytes();
    let cs = statement.commitments().to_vec();
    let other = Opening::random(openings[0].value, &mut rng).commit();
    let mut variants: Vec<(String, &'static [u8], RangeStatement)> = vec![
        ("valid".into(), &b"right"[..], statement.clone()),
        ("label".into(), &b"wrong"[..], statement.clone()),
        (
            "n = 64, m = 1".into(),
            &b"right"[..],
            RangeStatement::new(64, cs[..1].to_vec()).unwrap(),
        ),
        (
            "n = 16".into(),
            &b"right"[..],
            RangeStatement::new(16, cs.clone()).unwrap(),
        ),
        (
            "swapped".into(),
            &b"right"[..],
            RangeStatement::new(32, vec![cs[1], cs[0]]).unwrap(),
        ),
        (
            "one more".into(),
            &b"right"[..],
            RangeStatement::new(32, vec![cs[0], cs[1], cs[0]]).unwrap(),
        ),
    ];
    for j in 0..2 {
        let mut c = cs.clone();
        c[j] = other;
        variants.push((
            format!("commitment {j}"),
            &b"right"[..],
            RangeStatement::new(32, c).unwrap(),
        ));
    }
    for (what, label, st) in &variants {
        let alone = proof.verify(&mut Transcript::new(label), st);
        assert_eq!(alone.is_ok(), what == "valid", "{what}: {alone:?}");
        check_in_batches(what, &alone, &|b| {
            Ok(b.add_range_proof(&proof, st, Transcript::new(label)))
        });
        check_in_batches(&format!("{what} (bytes)"), &alone, &|b| {
            Ok(b.add_range_proof_bytes(&bytes, st, Transcript::new(label)))
        });
    }
}

/// Class 1, interval proofs: the bounds `a`, `b` (each ±1), the commitment, the label and the
/// bit size, alone and through [`BatchVerifier::add_interval_proof`].
///
/// Caught: `src/batch/mod.rs` `add_interval_proof` without `interval.bind(&mut transcript,
/// commitment)` (the batch replaying another transcript than `verify`) → fails with "valid:
/// caller gens false, Random, neighbour false, chunk 256: alone Ok(()), in the batch
/// Err(BatchError { failures: [(0, VerificationFailed)] })".
#[test]
fn frozen_heart_interval_statements() {
    let interval = Interval::new(100, 200).unwrap();
    let mut rng = common::rng(12);
    let opening = Opening::random(150, &mut rng);
    let (proof, c) = IntervalProof::prove(
        &mut Transcript::new(b"iv"),
        &opening,
        &interval,
        8,
        &mut rng,
    )
    .unwrap();
    let other_c = Opening::random(150, &mut rng).commit();
    let variants: Vec<(&str, Interval, CompressedRistretto, &'static [u8], usize)> = vec![
        ("valid", interval, c, &b"iv"[..], 8),
        ("a + 1", Interval::new(101, 200).unwrap(), c, &b"iv"[..], 8),
        ("a - 1", Interval::new(99, 200).unwrap(), c, &b"iv"[..], 8),
        ("b + 1", Interval::new(100, 201).unwrap(), c, &b"iv"[..], 8),
        ("b - 1", Interval::new(100, 199).unwrap(), c, &b"iv"[..], 8),
        (
            "shifted",
            Interval::new(101, 201).unwrap(),
            c,
            &b"iv"[..],
            8,
        ),
        ("commitment", interval, other_c, &b"iv"[..], 8),
        ("label", interval, c, &b"iw"[..], 8),
        ("bits", interval, c, &b"iv"[..], 16),
    ];
    for (what, iv, c, label, bits) in &variants {
        let alone = proof.verify(&mut Transcript::new(label), c, iv, *bits);
        assert_eq!(alone.is_ok(), *what == "valid", "{what}: {alone:?}");
        check_in_batches(what, &alone, &|b| {
            b.add_interval_proof(&proof, c, iv, *bits, Transcript::new(label))
        });
    }
}

/// A Bulletproofs+ case: generators, statement, openings.
fn plus_case(gens: &PlusGens, bits: usize, mins: &[u64], seed: u64) -> (PlusProof, PlusStatement) {
    let mut rng = common::rng(seed);
    let k = gens.extension_degree();
    let openings: Vec<ExtendedOpening> = mins
        .iter()
        .map(|min| {
            let v = (common::value_below(&mut rng, bits) | 1).max(*min);
            ExtendedOpening::random(v, k, &mut rng)
        })
        .collect();
    let st = PlusStatement::commit(gens.pedersen(), bits, &openings, Some(mins.to_vec())).unwrap();
    let proof = PlusProof::prove(
        &mut Transcript::new(b"plus"),
        gens,
        &st,
        &openings,
        &mut rng,
    )
    .unwrap();
    (proof, st)
}

/// Class 1, Bulletproofs+: bits (same `N`), each commitment, each minimum, the extension degree,
/// the generator set and the label, alone and in every batch (parsed and bytes).
///
/// Caught: `src/batch/chunk.rs` `PlusEntry::equation`, `resolve` returning `Base::Blinding(0)`
/// in place of `Base::Other(*p)` → fails with "valid: caller gens false, Random, neighbour false,
/// chunk 256: alone Ok(()), in the batch Err(BatchError { failures: [(0, VerificationFailed)] })".
#[test]
fn frozen_heart_plus_statements() {
    let bpkit2 = PlusGens::bpkit(2).unwrap();
    let tari2 = PlusGens::tari(2).unwrap();
    let bpkit3 = PlusGens::bpkit(3).unwrap();
    for gens in [&bpkit2, &tari2] {
        let (proof, st) = plus_case(gens, 32, &[3, 7], 13);
        let bytes = proof.to_bytes();
        let cs = st.commitments().to_vec();
        let mins = st.minimums().to_vec();
        let other = ExtendedOpening::random(9, 2, &mut common::rng(14))
            .commit_with(gens.pedersen())
            .unwrap();
        let mut variants: Vec<(String, &PlusGens, PlusStatement, &'static [u8])> = vec![
            ("valid".into(), gens, st.clone(), &b"plus"[..]),
            ("label".into(), gens, st.clone(), &b"plux"[..]),
            (
                "n = 64, m = 1".into(),
                gens,
                PlusStatement::new(64, cs[..1].to_vec()).unwrap(),
                &b"plus"[..],
            ),
            (
                "swapped".into(),
                gens,
                PlusStatement::with_minimums(32, vec![cs[1], cs[0]], mins.clone()).unwrap(),
                &b"plus"[..],
            ),
            ("k = 3".into(), &bpkit3, st.clone(), &b"plus"[..]),
            (
                "other generators".into(),
                if std::ptr::eq(gens, &bpkit2) {
                    &tari2
                } else {
                    &bpkit2
                },
                st.clone(),
                &b"plus"[..],
            ),
        ];
        for j in 0..2 {
            let mut c = cs.clone();
            c[j] = other;
            variants.push((
                format!("commitment {j}"),
                gens,
                PlusStatement::with_minimums(32, c, mins.clone()).unwrap(),
                &b"plus"[..],
            ));
            for delta in [1i64, -1] {
                let mut m = mins.clone();
                m[j] = (m[j] as i64 + delta) as u64;
                variants.push((
                    format!("minimum {j} {delta:+}"),
                    gens,
                    PlusStatement::with_minimums(32, cs.clone(), m).unwrap(),
                    &b"plus"[..],
                ));
            }
        }
        for (what, g, st, label) in &variants {
            let alone = proof.verify(&mut Transcript::new(label), g, st);
            assert_eq!(alone.is_ok(), what == "valid", "{what}: {alone:?}");
            check_in_batches(what, &alone, &|b| {
                Ok(b.add_plus_proof(&proof, st, g, Transcript::new(label)))
            });
            check_in_batches(&format!("{what} (bytes)"), &alone, &|b| {
                Ok(b.add_plus_proof_bytes(&bytes, st, g, Transcript::new(label)))
            });
        }
    }
}

/// `circuit` with one more constraint that every assignment satisfies (an empty row): the
/// equation is the same, only the digest differs.
fn with_empty_row(c: &Circuit) -> Circuit {
    let mut rows = c.rows().to_vec();
    rows.push(LinearCombination::default());
    let q1 = if c.phase_one_rows() == c.rows().len() {
        rows.len()
    } else {
        c.phase_one_rows()
    };
    Circuit::new(
        c.num_commitments(),
        c.phase_one_multipliers(),
        c.multipliers(),
        rows,
        q1,
        c.challenge_labels().to_vec(),
    )
    .unwrap()
}

fn with_extra_multiplier(c: &Circuit) -> Circuit {
    Circuit::new(
        c.num_commitments(),
        c.phase_one_multipliers(),
        c.multipliers() + 1,
        c.rows().to_vec(),
        c.phase_one_rows(),
        c.challenge_labels().to_vec(),
    )
    .unwrap()
}

/// `circuit` with one coefficient of its first row plus one.
fn with_coefficient_changed(c: &Circuit) -> Circuit {
    let mut rows = c.rows().to_vec();
    let t = &rows[0].terms()[0];
    let bump = LinearCombination::from(t.variable) * Scalar::ONE;
    rows[0] = rows[0].clone() + bump;
    Circuit::new(
        c.num_commitments(),
        c.phase_one_multipliers(),
        c.multipliers(),
        rows,
        c.phase_one_rows(),
        c.challenge_labels().to_vec(),
    )
    .unwrap()
}

/// Class 1, circuits: changes that leave the verification equation as it is and alter only the
/// circuit digest (one constraint more that every assignment satisfies, one unused multiplier
/// more within the same padded size) must be refused as firmly as a changed coefficient, a
/// changed or swapped commitment and another label: alone, prepared, and in every batch (parsed,
/// bytes, prepared).
///
/// Caught: `src/circuit/proof/transcript.rs` `bind_statement` without
/// `t.append_message(b"circuit", &circuit.digest())` (prover and verifier alike: honest proofs
/// still verify) → fails with "a row more (two phases false): Ok(())": the proof verifies for a
/// circuit with one constraint more.
#[test]
fn frozen_heart_circuit_statements() {
    use circuit_common::{gens, prove, s, small_shape, LABEL};
    let (pc, bp) = gens();
    for two in [false, true] {
        let shape = small_shape(two);
        let (proof, cs, circuit) = prove(&shape, 15).unwrap();
        let bytes = proof.to_bytes();
        let mut bad_c = cs.clone();
        bad_c[0] = pc.commit(&s(shape.values[0]), &s(4242)).compress();
        let mut swapped = cs.clone();
        swapped.swap(0, 1);
        let variants: Vec<(&str, Circuit, Vec<CompressedRistretto>, &'static [u8])> = vec![
            ("valid", circuit.clone(), cs.clone(), LABEL),
            ("a row more", with_empty_row(&circuit), cs.clone(), LABEL),
            (
                "a multiplier more",
                with_extra_multiplier(&circuit),
                cs.clone(),
                LABEL,
            ),
            (
                "a coefficient",
                with_coefficient_changed(&circuit),
                cs.clone(),
                LABEL,
            ),
            ("commitment 0", circuit.clone(), bad_c, LABEL),
            ("swapped", circuit.clone(), swapped, LABEL),
            ("label", circuit.clone(), cs.clone(), &b"circuit tesT"[..]),
        ];
        for (what, c, cs, label) in &variants {
            let what = format!("{what} (two phases {two})");
            assert_eq!(
                what.starts_with("valid"),
                c.digest() == circuit.digest() && label == &LABEL && cs == &variants[0].2,
            );
            let alone = c.verify(&mut Transcript::new(label), &proof, cs, pc, bp);
            assert_eq!(
                alone.is_ok(),
                what.starts_with("valid"),
                "{what}: {alone:?}"
            );
            let prepared = PreparedCircuit::new(c.clone()).unwrap();
            let alone_prepared = prepared.verify(&mut Transcript::new(label), &proof, cs, pc, bp);
            assert_eq!(alone_prepared.is_ok(), alone.is_ok(), "{what} prepared");
            check_in_batches(&what, &alone, &|b| {
                Ok(b.add_circuit_proof(&proof, c, cs, Transcript::new(label)))
            });
            check_in_batches(&format!("{what} (bytes)"), &alone, &|b| {
                b.add_circuit_proof_bytes(&bytes, c, cs, Transcript::new(label))
            });
            check_in_batches(&format!("{what} (prepared)"), &alone, &|b| {
                Ok(b.add_prepared_circuit_proof(&proof, &prepared, cs, Transcript::new(label)))
            });
        }
    }
}

/// Class 1, Grin: the commitment (another one, its negation), every single-byte change of the
/// extra data, extra data added, removed or extended: refused alone and in `verify_batch`.
///
/// Caught: `src/grin/prover.rs` and `src/grin/verifier.rs`, `transcript.bytes(extra)` dropped
/// (the same line in both, so honest proofs still verify) → fails with "no extra: Ok(())".
#[test]
fn frozen_heart_grin_statements() {
    use bpkit::grin::{prove, verify, verify_batch, Commitment33, GrinStatement};
    use grin_common::{gens, witness};
    let w = witness(3, 77, true, None);
    let extra = b"kernel-extra".to_vec();
    let (c, proof) = prove(gens(), &w, 64, Some(&extra[..])).unwrap();
    let (other, _) = prove(gens(), &witness(4, 77, true, None), 64, None).unwrap();
    let mut neg = c.to_bytes();
    neg[0] ^= 1;
    let neg = Commitment33::from_bytes(&neg).unwrap();
    let st = |commitment, extra: Option<Vec<u8>>| GrinStatement {
        commitment,
        bits: 64,
        extra,
    };
    let mut variants: Vec<(String, GrinStatement)> = vec![
        ("valid".into(), st(c, Some(extra.clone()))),
        ("no extra".into(), st(c, None)),
        ("empty extra".into(), st(c, Some(Vec::new()))),
        (
            "extra longer".into(),
            st(c, Some([&extra[..], b"x"].concat())),
        ),
        (
            "extra shorter".into(),
            st(c, Some(extra[..extra.len() - 1].to_vec())),
        ),
        ("other commitment".into(), st(other, Some(extra.clone()))),
        ("negated commitment".into(), st(neg, Some(extra.clone()))),
    ];
    for i in 0..extra.len() {
        let mut e = extra.clone();
        e[i] ^= 0x20;
        variants.push((format!("extra byte {i}"), st(c, Some(e))));
    }
    let (good_c, good) = prove(gens(), &witness(5, 1, false, None), 64, None).unwrap();
    for (what, s) in variants {
        let alone = verify(gens(), &s, &proof);
        assert_eq!(alone.is_ok(), what == "valid", "{what}: {alone:?}");
        let items = vec![(st(good_c, None), good.clone()), (s, proof.clone())];
        match verify_batch(gens(), &items) {
            Ok(()) => assert!(alone.is_ok(), "{what}: accepted in a batch"),
            Err(bad) => assert_eq!(bad, vec![1], "{what}"),
        }
    }
}

/// Class 1, Monero (both formats): each commitment replaced, the commitments swapped, one
/// dropped, one added: refused alone and in the located batch, never accepted.
#[test]
fn frozen_heart_monero_statements() {
    use bpkit::monero::{original, plus, Opening, OriginalProof, PlusProof as MPlus};
    let mut rng = common::rng(16);
    let openings = [Opening::random(5, &mut rng), Opening::random(6, &mut rng)];
    let other = Opening::random(5, &mut rng).commit();
    let (pp, c) = MPlus::prove(&openings, &mut rng).unwrap();
    let (op, oc) = OriginalProof::prove(&openings, &mut rng).unwrap();
    let variants = |c: &Vec<[u8; 32]>| -> Vec<(String, Vec<[u8; 32]>)> {
        let mut v = vec![
            ("valid".to_string(), c.clone()),
            ("swapped".into(), vec![c[1], c[0]]),
            ("dropped".into(), vec![c[0]]),
            ("added".into(), vec![c[0], c[1], other]),
        ];
        for j in 0..2 {
            let mut d = c.clone();
            d[j] = other;
            v.push((format!("commitment {j}"), d));
        }
        v
    };
    for (what, cs) in variants(&c) {
        let alone = pp.verify(&cs);
        assert_eq!(alone.is_ok(), what == "valid", "bp+ {what}: {alone:?}");
        let items = [(&pp, &c[..]), (&pp, &cs[..])];
        match plus::verify_batch_located(&items) {
            Ok(()) => assert!(alone.is_ok(), "bp+ {what}: accepted in a batch"),
            Err(e) => assert_eq!(e.indices().collect::<Vec<_>>(), vec![1], "bp+ {what}"),
        }
    }
    for (what, cs) in variants(&oc) {
        let alone = op.verify(&cs);
        assert_eq!(alone.is_ok(), what == "valid", "bp {what}: {alone:?}");
        let items = [(&op, &oc[..]), (&op, &cs[..])];
        match original::verify_batch_located(&items) {
            Ok(()) => assert!(alone.is_ok(), "bp {what}: accepted in a batch"),
            Err(e) => assert_eq!(e.indices().collect::<Vec<_>>(), vec![1], "bp {what}"),
        }
    }
}

// ------------------------------------------------------------- class 2: another statement/format

/// Class 2: one proof read as another format or checked against another statement shape: a
/// range proof's bytes as Bulletproofs+, Bulletproofs+ bytes as a range proof, a 32-bit BP+
/// aggregate checked as one 64-bit value, an interval proof as a plain two-value range proof
/// (without the interval's binding), a plain range proof as an interval proof, Monero BP+ as
/// Monero BP and as bpkit's BP+, a Grin proof as a range proof. Each is a typed error or a
/// failed verification, never a panic or an acceptance.
#[test]
fn other_format_or_statement_is_refused() {
    let mut rng = common::rng(20);
    // Range proof bytes (n = 64, m = 1) as BP+.
    let o = common::openings(&mut rng, 64, 1);
    let (rp, rs) = common::prove(b"x", &o, 64, 21);
    let rbytes = rp.to_bytes();
    assert!(PlusProof::from_bytes(&rbytes).is_err());
    // Every truncation/extension of it to a BP+ length parses or not, never verifies.
    let gens = PlusGens::bpkit(1).unwrap();
    let pst = PlusStatement::new(64, rs.commitments().to_vec()).unwrap();
    for len in [577usize, 641, 513] {
        let mut b = rbytes.clone();
        b.resize(len, 0);
        b[0] = 1;
        if let Ok(p) = PlusProof::from_bytes(&b) {
            assert!(p.verify(&mut Transcript::new(b"x"), &gens, &pst).is_err());
        }
    }
    // BP+ bytes as a range proof.
    let (pp, ps) = plus_case(&gens, 32, &[0, 0], 22);
    assert!(RangeProof::from_bytes(&pp.to_bytes()).is_err());
    // A 32-bit aggregate of two values checked as one 64-bit value (same N = 64).
    let as64 = PlusStatement::new(64, ps.commitments()[..1].to_vec()).unwrap();
    assert_eq!(
        pp.verify(&mut Transcript::new(b"plus"), &gens, &as64),
        Err(Error::VerificationFailed)
    );
    // Interval proof as a plain range proof over its derived statement, without the binding.
    let interval = Interval::new(1000, 5000).unwrap();
    let (ip, ic) = IntervalProof::prove(
        &mut Transcript::new(b"iv"),
        &Opening::random(1234, &mut rng),
        &interval,
        16,
        &mut rng,
    )
    .unwrap();
    let derived = IntervalProof::statement(&PedersenGens::default(), &ic, &interval, 16).unwrap();
    assert_eq!(
        ip.range_proof()
            .verify(&mut Transcript::new(b"iv"), &derived),
        Err(Error::VerificationFailed)
    );
    // A plain two-value range proof presented as an interval proof.
    let o2 = common::openings(&mut rng, 16, 2);
    let (rp2, rs2) = common::prove(b"iv", &o2, 16, 23);
    let fake = IntervalProof::from_bytes(&rp2.to_bytes()).unwrap();
    for c in rs2.commitments() {
        assert!(fake
            .verify(&mut Transcript::new(b"iv"), c, &interval, 16)
            .is_err());
    }
    // Monero BP+ as Monero BP, and as bpkit's BP+.
    use bpkit::monero::{Opening as MOpening, OriginalProof, PlusProof as MPlus};
    let (mp, mc) = MPlus::prove(&[MOpening::random(9, &mut rng)], &mut rng).unwrap();
    let mbytes = mp.to_bytes();
    assert!(OriginalProof::from_bytes(&mbytes).is_err());
    assert!(PlusProof::from_bytes(&mbytes).is_err());
    let (op, _) = OriginalProof::prove(&[MOpening::random(9, &mut rng)], &mut rng).unwrap();
    if let Ok(p) = MPlus::from_bytes(&op.to_bytes()) {
        assert!(p.verify(&mc).is_err());
    }
    // Grin bytes as a range proof, and as BP+.
    use bpkit::grin::prove as grin_prove;
    let (_, gp) = grin_prove(
        grin_common::gens(),
        &grin_common::witness(6, 1, false, None),
        64,
        None,
    )
    .unwrap();
    assert!(RangeProof::from_bytes(&gp.to_bytes()).is_err());
    assert!(PlusProof::from_bytes(&gp.to_bytes()).is_err());
    // A range proof in a batch as BP+ bytes: refused with the parse error, not accepted.
    let mut b = BatchVerifier::new();
    b.add_plus_proof_bytes(&rbytes, &pst, &gens, Transcript::new(b"x"));
    let e = b.verify_deterministic().unwrap_err();
    assert_eq!(e.indices().collect::<Vec<_>>(), vec![0]);
}

// ---------------------------------------------------------------------- class 3: malleability

/// `bytes` with the 32 bytes at `offset` malleated: a scalar gets `ℓ` added (the same scalar
/// mod ℓ, non-canonical); a Ristretto point's `s` becomes `p − s` (the other square root's
/// encoding: odd, hence refused as non-canonical).
fn malleate(bytes: &[u8], offset: usize, scalar: bool) -> Vec<u8> {
    let mut b = bytes.to_vec();
    let field = &mut b[offset..offset + 32];
    if scalar {
        let s = plus_ell(field);
        field.copy_from_slice(&s);
    } else {
        let mut p = [0xffu8; 32];
        p[0] = 0xed;
        p[31] = 0x7f;
        let mut borrow = 0i16;
        for i in 0..32 {
            let v = p[i] as i16 - field[i] as i16 - borrow;
            field[i] = v.rem_euclid(256) as u8;
            borrow = (v < 0) as i16;
        }
    }
    b
}

/// Class 3, Ristretto formats: every scalar of a BP+ proof, an interval proof and a circuit proof
/// with `ℓ` added (the same scalar mod ℓ), and every point replaced by a non-canonical encoding
/// of its own negation's `s` (`p − s`) and by the identity: a typed decoding error with the
/// offset, from `from_bytes` and from every batch bytes path.
///
/// Caught: `src/group/encoding.rs` `decode_scalar` returning `Scalar::from_bytes_mod_order`
/// (non-canonical scalars reduced instead of refused) → fails with "bp+ 1" (`d1 + ℓ` accepted).
#[test]
fn malleated_ristretto_encodings_are_typed_errors() {
    let gens = PlusGens::bpkit(2).unwrap();
    let (pp, ps) = plus_case(&gens, 16, &[0, 0], 30);
    let pbytes = pp.to_bytes();
    // Layout: k ‖ d1 (k) ‖ A ‖ A1 ‖ B ‖ r1 ‖ s1 ‖ (L, R)…
    let k = 2;
    let d1 = 1;
    let pts = 1 + 32 * k;
    let plus_scalars: Vec<usize> = (0..k)
        .map(|i| d1 + 32 * i)
        .chain([pts + 96, pts + 128])
        .collect();
    let plus_points: Vec<usize> = [pts, pts + 32, pts + 64]
        .into_iter()
        .chain((pts + 160..pbytes.len()).step_by(32))
        .collect();
    let (cp, _, _) = circuit_common::prove(&circuit_common::small_shape(false), 31).unwrap();
    let cbytes = cp.to_bytes();
    let cl = cbytes.len();
    // A_I1, A_O1, S1, T_1, T_3..T_6, then t_x, t̃_x, μ, (L, R)…, a, b.
    let circuit_scalars = vec![256usize, 288, 320, cl - 64, cl - 32];
    let circuit_points: Vec<usize> = (0..256)
        .step_by(32)
        .chain((352..cl - 64).step_by(32))
        .collect();

    let check_scalars = |name: &str,
                         bytes: &[u8],
                         offsets: &[usize],
                         parse: &dyn Fn(&[u8]) -> Result<(), Error>| {
        for &off in offsets {
            let b = malleate(bytes, off, true);
            assert_eq!(
                parse(&b),
                Err(Error::NonCanonicalScalar { offset: off }),
                "{name} {off}"
            );
        }
    };
    let check_points = |name: &str,
                        bytes: &[u8],
                        offsets: &[usize],
                        parse: &dyn Fn(&[u8]) -> Result<(), Error>| {
        for &off in offsets {
            let mut b = malleate(bytes, off, false);
            assert_eq!(
                parse(&b),
                Err(Error::InvalidPoint { offset: off }),
                "{name} {off}"
            );
            b[off..off + 32].fill(0);
            assert_eq!(
                parse(&b),
                Err(Error::IdentityPoint { offset: off }),
                "{name} {off}"
            );
        }
    };
    let parse_plus = |b: &[u8]| PlusProof::from_bytes(b).map(|_| ());
    let parse_circuit = |b: &[u8]| CircuitProof::from_bytes(b).map(|_| ());
    check_scalars("bp+", &pbytes, &plus_scalars, &parse_plus);
    check_points("bp+", &pbytes, &plus_points, &parse_plus);
    check_scalars("circuit", &cbytes, &circuit_scalars, &parse_circuit);
    check_points("circuit", &cbytes, &circuit_points, &parse_circuit);

    // The same through the batch's bytes paths: the error is reported for that proof.
    for &off in plus_scalars.iter().chain(&plus_points) {
        let b = malleate(&pbytes, off, plus_scalars.contains(&off));
        let expected = PlusProof::from_bytes(&b).unwrap_err();
        for w in WEIGHTS {
            let mut batch = BatchVerifier::new();
            let (np, ns) = neighbour();
            batch.add_range_proof(np, ns, Transcript::new(b"neighbour"));
            batch.add_plus_proof_bytes(&b, &ps, &gens, Transcript::new(b"plus"));
            let e = finish(batch, w).unwrap_err();
            assert_eq!(e.failures(), &[(1, expected)], "bp+ batch {off}");
        }
    }
    let circuit = circuit_common::record(&circuit_common::small_shape(false));
    for &off in circuit_scalars.iter().chain(&circuit_points) {
        let b = malleate(&cbytes, off, circuit_scalars.contains(&off));
        let expected = CircuitProof::from_bytes(&b).unwrap_err();
        let mut batch = BatchVerifier::new();
        assert_eq!(
            batch.add_circuit_proof_bytes(&b, &circuit, &[], Transcript::new(b"c")),
            Err(expected),
            "circuit batch {off}"
        );
        assert!(batch.is_empty());
    }
    // Range proofs through the batch's bytes path (decoding itself is tested in range_proof.rs).
    let (rp, rs) = neighbour();
    let rbytes = rp.to_bytes();
    let rl = rbytes.len();
    for off in [128usize, 160, 192, rl - 64, rl - 32] {
        let b = malleate(&rbytes, off, true);
        for w in WEIGHTS {
            let mut batch = BatchVerifier::new();
            batch.add_range_proof_bytes(&b, rs, Transcript::new(b"neighbour"));
            let e = finish(batch, w).unwrap_err();
            assert_eq!(
                e.failures(),
                &[(0, Error::NonCanonicalScalar { offset: off })]
            );
        }
    }
}

/// Point `i` of a Monero Bulletproofs+ proof: `A, A1, B, L₀, R₀, L₁, …`.
fn plus_point(p: &mut bpkit::monero::PlusProof, i: usize) -> &mut [u8; 32] {
    match i {
        0 => &mut p.a,
        1 => &mut p.a1,
        2 => &mut p.b,
        _ if (i - 3).is_multiple_of(2) => &mut p.l[(i - 3) / 2],
        _ => &mut p.r[(i - 3) / 2],
    }
}

/// Point `i` of a Monero Bulletproofs proof: `A, S, T1, T2, L₀, R₀, L₁, …`.
fn original_point(p: &mut bpkit::monero::OriginalProof, i: usize) -> &mut [u8; 32] {
    match i {
        0 => &mut p.a_point,
        1 => &mut p.s,
        2 => &mut p.t1,
        3 => &mut p.t2,
        _ if (i - 4).is_multiple_of(2) => &mut p.l[(i - 4) / 2],
        _ => &mut p.r[(i - 4) / 2],
    }
}

/// Class 3, Monero: every scalar with `ℓ` added is `NonCanonicalScalar`; a torsion point of each
/// order (2, 4, 8) added to every stored point and to every commitment decodes (Monero's
/// `ge_frombytes_vartime` accepts torsion, spec §16) but changes the hashed bytes, so the proof
/// fails as a false proof (`VerificationFailed`), alone and in the located batch, in both formats;
/// `y ≥ p` (`y = 1 + p`, the identity's `y` unreduced) is `InvalidPoint`; the identity itself
/// decodes (Monero accepts it) and makes a false proof.
///
/// Caught: `src/monero/point.rs` `decode` without its `y_is_canonical` check → fails at the
/// commitment `y = 1 + p`: "assertion failed: matches!(pp.verify(&bad),
/// Err(MoneroError::InvalidCommitment { .. }))".
#[test]
fn monero_malleations_follow_monero() {
    use bpkit::monero::{original, plus, MoneroError, Opening, OriginalProof, PlusProof as MPlus};
    use bpkit::reexports::curve25519_dalek::constants::EIGHT_TORSION;
    use bpkit::reexports::curve25519_dalek::edwards::CompressedEdwardsY;
    let mut rng = common::rng(40);
    let openings = [Opening::random(1, &mut rng), Opening::random(2, &mut rng)];
    let (pp, c) = MPlus::prove(&openings, &mut rng).unwrap();
    let (op, oc) = OriginalProof::prove(&openings, &mut rng).unwrap();
    let add_torsion = |p: &[u8; 32], t: usize| -> [u8; 32] {
        let q = CompressedEdwardsY(*p).decompress().unwrap();
        (q + EIGHT_TORSION[t]).compress().to_bytes()
    };
    // y = 1 + p (non-canonical y of the identity).
    let mut y_ge_p = [0xffu8; 32];
    y_ge_p[0] = 0xee;
    y_ge_p[31] = 0x7f;
    let mut identity = [0u8; 32];
    identity[0] = 1;

    // Bulletproofs+: A, A1, B, L₀, R₀, …
    let plus_count = 3 + 2 * pp.l.len();
    for i in 0..plus_count {
        for t in [1usize, 2, 4] {
            let mut q = pp.clone();
            let f = plus_point(&mut q, i);
            *f = add_torsion(f, t);
            assert_eq!(
                q.verify(&c),
                Err(MoneroError::VerificationFailed),
                "bp+ point {i} T{t}"
            );
            let e = plus::verify_batch_located(&[(&pp, &c[..]), (&q, &c[..])]).unwrap_err();
            assert_eq!(e.failures(), &[(1, MoneroError::VerificationFailed)]);
        }
        let mut q = pp.clone();
        *plus_point(&mut q, i) = y_ge_p;
        assert!(
            matches!(q.verify(&c), Err(MoneroError::InvalidPoint { .. })),
            "bp+ point {i}"
        );
        // The identity decodes in Monero (×8 keeps it the identity): a false proof, no panic.
        *plus_point(&mut q, i) = identity;
        assert_eq!(
            q.verify(&c),
            Err(MoneroError::VerificationFailed),
            "bp+ point {i} identity"
        );
    }
    for i in 0..3 {
        let mut q = pp.clone();
        let f = match i {
            0 => &mut q.r1,
            1 => &mut q.s1,
            _ => &mut q.d1,
        };
        *f = plus_ell(&f[..]);
        assert!(
            matches!(q.verify(&c), Err(MoneroError::NonCanonicalScalar { .. })),
            "bp+ scalar {i}"
        );
    }
    // Original Bulletproofs: A, S, T1, T2, L₀, R₀, …
    let orig_count = 4 + 2 * op.l.len();
    for i in 0..orig_count {
        for t in [1usize, 2, 4] {
            let mut q = op.clone();
            let f = original_point(&mut q, i);
            *f = add_torsion(f, t);
            assert_eq!(
                q.verify(&oc),
                Err(MoneroError::VerificationFailed),
                "bp point {i} T{t}"
            );
            let e = original::verify_batch_located(&[(&op, &oc[..]), (&q, &oc[..])]).unwrap_err();
            assert_eq!(e.failures(), &[(1, MoneroError::VerificationFailed)]);
        }
        let mut q = op.clone();
        *original_point(&mut q, i) = y_ge_p;
        assert!(
            matches!(q.verify(&oc), Err(MoneroError::InvalidPoint { .. })),
            "bp point {i}"
        );
        *original_point(&mut q, i) = identity;
        assert_eq!(
            q.verify(&oc),
            Err(MoneroError::VerificationFailed),
            "bp point {i} identity"
        );
    }
    for i in 0..5 {
        let mut q = op.clone();
        let f = match i {
            0 => &mut q.taux,
            1 => &mut q.mu,
            2 => &mut q.a,
            3 => &mut q.b,
            _ => &mut q.t,
        };
        *f = plus_ell(&f[..]);
        assert!(
            matches!(q.verify(&oc), Err(MoneroError::NonCanonicalScalar { .. })),
            "bp scalar {i}"
        );
    }
    // Torsion on each commitment.
    for j in 0..2 {
        for t in [1usize, 2, 4] {
            let mut tc = c.clone();
            tc[j] = add_torsion(&tc[j], t);
            assert_eq!(pp.verify(&tc), Err(MoneroError::VerificationFailed));
            let mut tc = oc.clone();
            tc[j] = add_torsion(&tc[j], t);
            assert_eq!(op.verify(&tc), Err(MoneroError::VerificationFailed));
        }
        let mut bad = c.clone();
        bad[j] = y_ge_p;
        assert!(matches!(
            pp.verify(&bad),
            Err(MoneroError::InvalidCommitment { .. })
        ));
        bad[j] = identity;
        assert_eq!(pp.verify(&bad), Err(MoneroError::VerificationFailed));
    }
}

/// secp256k1's `p`, big-endian.
const SECP_P: [u8; 32] = [
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xfc, 0x2f,
];

/// `x + p`, big-endian (fits in 256 bits for `x < 2³² + 977`).
fn plus_p(x: u64) -> [u8; 32] {
    let mut out = SECP_P;
    let mut carry = x as u128;
    for i in (0..32).rev() {
        let v = out[i] as u128 + (carry & 0xff);
        carry >>= 8;
        out[i] = v as u8;
        carry += v >> 8;
    }
    assert_eq!(carry, 0);
    out
}

/// Class 3, Grin: an x-coordinate `x + p` for a small `x` on the curve (the C module reads it
/// modulo `p`, bpkit refuses it: spec §15) in a commitment and in every proof point, a typed
/// error each time.
#[test]
fn grin_x_at_least_p_is_a_typed_error() {
    use bpkit::grin::{prove, Commitment33, GrinProof};
    // The smallest x on the curve.
    let x = (1u64..)
        .find(|x| {
            let mut b = [0u8; 33];
            b[0] = 0x08;
            b[25..].copy_from_slice(&x.to_be_bytes());
            Commitment33::from_bytes(&b).is_ok()
        })
        .unwrap();
    let mut cb = [0u8; 33];
    cb[0] = 0x08;
    cb[1..].copy_from_slice(&plus_p(x));
    assert!(Commitment33::from_bytes(&cb).is_err());
    let (_, proof) = prove(
        grin_common::gens(),
        &grin_common::witness(7, 9, false, None),
        64,
        None,
    )
    .unwrap();
    let bytes = proof.to_bytes();
    // A, S, T1, T2 after −τx, −μ and a flag byte; L, R after t, a₀, a₁, b₀, b₁ and two flag
    // bytes.
    let lr = 65 + 128 + 160 + 2;
    let offsets: Vec<usize> = (65..65 + 128)
        .step_by(32)
        .chain((lr..bytes.len()).step_by(32))
        .collect();
    assert_eq!(offsets.len(), 4 + 2 * 5);
    for off in offsets {
        let mut b = bytes.clone();
        b[off..off + 32].copy_from_slice(&plus_p(x));
        let e = GrinProof::from_bytes(&b, 64);
        assert!(
            matches!(e, Err(Error::InvalidPoint { .. })),
            "offset {off}: {e:?}"
        );
    }
}

// ------------------------------------------------------------- class 4: alone = in a batch

/// Class 4 (the suspicion of issue 30): a Bulletproofs+ proof made over non-default extended
/// generators (Tari's, bpkit's with `k = 3`, caller-chosen points), valid or not, gets the same
/// verdict from `verify`, from `verify_with_generators`, and from a batch over shared or caller
/// generators — default Pedersen points, the two swapped, or other points altogether (which
/// the proof does not use) — with random and deterministic weights, parsed and as bytes, alone
/// and next to other proofs.
///
/// Finding: none. `BulletproofGens` are the same deterministic chains whoever builds them (only
/// their capacity differs, and a batch whose generators do not cover a proof reports
/// `GeneratorsTooSmall`, as documented), so the batch's `G`, `H` are the ones `verify` uses; the
/// proof's own value and blinding bases are kept (`Base::Other`) unless they equal the batch's
/// `B` or `B̃`.
///
/// Caught: `src/batch/chunk.rs` `PlusEntry::equation`, `resolve` returning `Base::Blinding(0)`
/// in place of `Base::Other(*p)` (a proof's own bases replaced by the batch's `B̃`) → fails with
/// "bpkit 1, 32 bits, valid true, pc other, bp new, Random, bytes false, neighbour false: alone
/// Ok(()), in the batch Err(BatchError { failures: [(0, VerificationFailed)] })".
#[test]
fn plus_proofs_same_verdict_alone_and_in_any_batch() {
    let default_pc = PedersenGens::default();
    let swapped = PedersenGens::new(*default_pc.b_blinding(), *default_pc.b());
    let other_pc = PedersenGens::new(
        default_pc.b_blinding() * Scalar::from(7u64),
        default_pc.b() * Scalar::from(11u64) + default_pc.b_blinding(),
    );
    let bp = BulletproofGens::new(64, 4);
    let mut grown = BulletproofGens::new(0, 0);
    grown.grow(32, 2);
    let custom = PlusGens::new(
        ExtendedPedersenGens::new(
            default_pc.b_blinding() * Scalar::from(3u64),
            vec![default_pc.b() * Scalar::from(5u64)],
        )
        .unwrap(),
    );
    let sets = [
        ("bpkit 1", PlusGens::bpkit(1).unwrap()),
        ("tari 1", PlusGens::tari(1).unwrap()),
        ("tari 2", PlusGens::tari(2).unwrap()),
        ("bpkit 3", PlusGens::bpkit(3).unwrap()),
        ("custom", custom),
    ];
    let (np, ns) = neighbour();
    for (name, gens) in &sets {
        for (bits, mins) in [(32usize, vec![5u64]), (16, vec![1, 2])] {
            let (proof, st) = plus_case(gens, bits, &mins, 50 + bits as u64);
            let mut wrong_mins = mins.clone();
            wrong_mins[0] += 1;
            let wrong =
                PlusStatement::with_minimums(bits, st.commitments().to_vec(), wrong_mins).unwrap();
            let bytes = proof.to_bytes();
            for (valid, st) in [(true, &st), (false, &wrong)] {
                let alone = proof.verify(&mut Transcript::new(b"plus"), gens, st);
                assert_eq!(alone.is_ok(), valid, "{name}");
                let with = proof.verify_with_generators(
                    gens.pedersen(),
                    &bp,
                    &mut Transcript::new(b"plus"),
                    st,
                );
                assert_eq!(with, alone, "{name}: verify_with_generators");
                for (pc_name, pc) in [
                    ("default", &default_pc),
                    ("swapped", &swapped),
                    ("other", &other_pc),
                ] {
                    for (bp_name, bp) in [("new", &bp), ("grown", &grown)] {
                        for w in WEIGHTS {
                            for as_bytes in [false, true] {
                                for with_neighbour in [false, true] {
                                    let mut b = BatchVerifier::with_generators(pc, bp);
                                    // The neighbour holds only under the default points.
                                    let neighbour = with_neighbour && pc_name == "default";
                                    if neighbour {
                                        b.add_range_proof(np, ns, Transcript::new(b"neighbour"));
                                    }
                                    let i = if as_bytes {
                                        b.add_plus_proof_bytes(
                                            &bytes,
                                            st,
                                            gens,
                                            Transcript::new(b"plus"),
                                        )
                                    } else {
                                        b.add_plus_proof(&proof, st, gens, Transcript::new(b"plus"))
                                    };
                                    let verdict = finish(b, w);
                                    let ctx = format!(
                                        "{name}, {bits} bits, valid {valid}, pc {pc_name}, bp {bp_name}, {w:?}, bytes {as_bytes}, neighbour {neighbour}"
                                    );
                                    match (&alone, &verdict) {
                                        (Ok(()), Ok(())) => {}
                                        (Err(_), Err(e)) => {
                                            assert_eq!(
                                                e.indices().collect::<Vec<_>>(),
                                                vec![i],
                                                "{ctx}"
                                            )
                                        }
                                        _ => panic!(
                                            "{ctx}: alone {alone:?}, in the batch {verdict:?}"
                                        ),
                                    }
                                }
                            }
                        }
                    }
                }
                // The shared generators too.
                check_in_batches(&format!("{name} valid {valid}"), &alone, &|b| {
                    Ok(b.add_plus_proof(&proof, st, gens, Transcript::new(b"plus")))
                });
            }
        }
    }
}

/// Class 4: every kind of proof the core batch accepts, valid and each made invalid (a wrong
/// statement), together in one batch over shared and caller generators, with random and
/// deterministic weights: the batch refuses exactly the proofs that fail alone.
///
/// Caught: the `resolve` weakening above (the Tari proof refused in the batch), and
/// `src/batch/mod.rs` `add_interval_proof` without `interval.bind(…)` (the interval proof refused
/// in the batch) → each fails at the final `assert_eq!(&got, bad, …)` ("caller false, Random"):
/// valid proofs named as failures.
#[test]
fn every_kind_same_verdict_alone_and_together() {
    use circuit_common::{gens, prove, record, small_shape, LABEL};
    let mut rng = common::rng(60);
    let o = common::openings(&mut rng, 16, 3);
    let (rp, rs) = common::prove(b"r", &o, 16, 61);
    let rbytes = rp.to_bytes();
    let rs_bad = RangeStatement::new(
        16,
        vec![
            rs.commitments()[1],
            rs.commitments()[0],
            rs.commitments()[2],
        ],
    )
    .unwrap();
    let tari = PlusGens::tari(2).unwrap();
    let (pp, ps) = plus_case(&tari, 8, &[1, 2, 3], 62);
    let pbytes = pp.to_bytes();
    let ps_bad = PlusStatement::with_minimums(8, ps.commitments().to_vec(), vec![1, 2, 4]).unwrap();
    let interval = Interval::new(7, 300).unwrap();
    let (ip, ic) = IntervalProof::prove(
        &mut Transcript::new(b"i"),
        &Opening::random(8, &mut rng),
        &interval,
        16,
        &mut rng,
    )
    .unwrap();
    let iv_bad = Interval::new(9, 300).unwrap();
    let shape = small_shape(true);
    let (cp, cs, circuit) = prove(&shape, 63).unwrap();
    let cbytes = cp.to_bytes();
    let prepared = PreparedCircuit::new(record(&shape)).unwrap();
    let mut cs_bad = cs.clone();
    cs_bad.swap(1, 2);
    let kinds = 7usize;
    let alone = |k: usize, bad: bool| -> Result<(), Error> {
        let (cpc, cbp) = gens();
        match k {
            0 | 1 => rp.verify(&mut Transcript::new(b"r"), if bad { &rs_bad } else { &rs }),
            2 | 3 => pp.verify(
                &mut Transcript::new(b"plus"),
                &tari,
                if bad { &ps_bad } else { &ps },
            ),
            4 => ip.verify(
                &mut Transcript::new(b"i"),
                &ic,
                if bad { &iv_bad } else { &interval },
                16,
            ),
            _ => circuit.verify(
                &mut Transcript::new(LABEL),
                &cp,
                if bad { &cs_bad } else { &cs },
                cpc,
                cbp,
            ),
        }
    };
    let (cpc, cbp) = caller_gens();
    // Each subset of bad proofs of size ≤ 2.
    let mut bad_sets: Vec<Vec<usize>> = vec![vec![]];
    for i in 0..kinds {
        bad_sets.push(vec![i]);
        for j in i + 1..kinds {
            bad_sets.push(vec![i, j]);
        }
    }
    for bad in &bad_sets {
        for caller in [false, true] {
            for w in WEIGHTS {
                let mut b = if caller {
                    BatchVerifier::with_generators(cpc, cbp)
                } else {
                    BatchVerifier::new()
                };
                for k in 0..kinds {
                    let is_bad = bad.contains(&k);
                    assert_eq!(alone(k, is_bad).is_ok(), !is_bad, "kind {k}");
                    let i = match k {
                        0 => b.add_range_proof(
                            &rp,
                            if is_bad { &rs_bad } else { &rs },
                            Transcript::new(b"r"),
                        ),
                        1 => b.add_range_proof_bytes(
                            &rbytes,
                            if is_bad { &rs_bad } else { &rs },
                            Transcript::new(b"r"),
                        ),
                        2 => b.add_plus_proof(
                            &pp,
                            if is_bad { &ps_bad } else { &ps },
                            &tari,
                            Transcript::new(b"plus"),
                        ),
                        3 => b.add_plus_proof_bytes(
                            &pbytes,
                            if is_bad { &ps_bad } else { &ps },
                            &tari,
                            Transcript::new(b"plus"),
                        ),
                        4 => b
                            .add_interval_proof(
                                &ip,
                                &ic,
                                if is_bad { &iv_bad } else { &interval },
                                16,
                                Transcript::new(b"i"),
                            )
                            .unwrap(),
                        5 => b
                            .add_circuit_proof_bytes(
                                &cbytes,
                                &circuit,
                                if is_bad { &cs_bad } else { &cs },
                                Transcript::new(LABEL),
                            )
                            .unwrap(),
                        _ => b.add_prepared_circuit_proof(
                            &cp,
                            &prepared,
                            if is_bad { &cs_bad } else { &cs },
                            Transcript::new(LABEL),
                        ),
                    };
                    assert_eq!(i, k);
                }
                let got: Vec<usize> = match finish(b, w) {
                    Ok(()) => vec![],
                    Err(e) => e.indices().collect(),
                };
                assert_eq!(&got, bad, "caller {caller}, {w:?}");
            }
        }
    }
}

// ------------------------------------------------------------ class 5: cancellation in a batch

/// Class 5, Bulletproofs+ in the core batch: two copies of a valid proof, `d1` shifted by `δ` in
/// one and by `−δ·ρ₀/ρ₁` in the other, where `ρ₀/ρ₁` is what the attacker predicts. `d1` enters
/// the equation linearly (as `d1·B̃`) and is not in the protocol's transcript, so under
/// predictable weights the two errors cancel. The only prediction the public data offers is
/// `ρ₀ = ρ₁` (equal weights); the pair (and the pair next to valid proofs) must be refused with
/// both proofs named, under deterministic and random weights, parsed and as bytes.
///
/// Caught: `src/batch/weights.rs` `weight_from` returning `Scalar::ONE` (every weight 1, random
/// and deterministic) → the batch accepts the pair: fails with "Random, neighbours false, bytes
/// false: Ok(())".
#[test]
fn plus_cancellation_across_proofs_is_refused() {
    let gens = PlusGens::bpkit(1).unwrap();
    let (proof, st) = plus_case(&gens, 64, &[0], 70);
    let bytes = proof.to_bytes();
    let d1 = 1; // k = 1: d1 right after the degree byte
    let delta = Scalar::from(0x5eed_u64);
    let ratio = Scalar::ONE; // the attacker's prediction ρ₀/ρ₁
    let mut b0 = bytes.clone();
    set_scalar(&mut b0, d1, &(scalar_at(&bytes, d1) + delta));
    let mut b1 = bytes.clone();
    set_scalar(&mut b1, d1, &(scalar_at(&bytes, d1) - delta * ratio));
    let p0 = PlusProof::from_bytes(&b0).unwrap();
    let p1 = PlusProof::from_bytes(&b1).unwrap();
    for p in [&p0, &p1] {
        assert_eq!(
            p.verify(&mut Transcript::new(b"plus"), &gens, &st),
            Err(Error::VerificationFailed)
        );
    }
    let (np, ns) = neighbour();
    for w in WEIGHTS {
        for neighbours in [false, true] {
            for as_bytes in [false, true] {
                let mut b = BatchVerifier::new();
                if neighbours {
                    b.add_range_proof(np, ns, Transcript::new(b"neighbour"));
                }
                let i0 = if as_bytes {
                    b.add_plus_proof_bytes(&b0, &st, &gens, Transcript::new(b"plus"))
                } else {
                    b.add_plus_proof(&p0, &st, &gens, Transcript::new(b"plus"))
                };
                if neighbours {
                    b.add_plus_proof(&proof, &st, &gens, Transcript::new(b"plus"));
                }
                let i1 = if as_bytes {
                    b.add_plus_proof_bytes(&b1, &st, &gens, Transcript::new(b"plus"))
                } else {
                    b.add_plus_proof(&p1, &st, &gens, Transcript::new(b"plus"))
                };
                let verdict = finish(b, w);
                let ctx = format!("{w:?}, neighbours {neighbours}, bytes {as_bytes}");
                let e = verdict.expect_err(&ctx);
                assert_eq!(e.indices().collect::<Vec<_>>(), vec![i0, i1], "{ctx}");
            }
        }
    }
}

/// Class 5, range proofs in the core batch: the same construction on the inner-product scalar
/// `a` (after the last challenge, in no challenge). For fixed challenges `a` enters the
/// inner-product part of the equation linearly, and bpkit's per-proof weight `c` (hashed from `a`
/// and `b`) multiplies the other part, the `t` check, so the errors cancel under predictable
/// weights: only the batch weights stop it. Refused, both proofs named.
///
/// Caught: `src/batch/weights.rs` `weight_from` returning `Scalar::ONE` → the batch accepts the
/// pair: fails with "accepted: ()".
#[test]
fn range_cancellation_across_proofs_is_refused() {
    let o = common::openings(&mut common::rng(80), 32, 1);
    let (proof, st) = common::prove(b"cancel", &o, 32, 81);
    let bytes = proof.to_bytes();
    let a = bytes.len() - 64;
    let delta = Scalar::from(77u64);
    let mut b0 = bytes.clone();
    set_scalar(&mut b0, a, &(scalar_at(&bytes, a) + delta));
    let mut b1 = bytes.clone();
    set_scalar(&mut b1, a, &(scalar_at(&bytes, a) - delta));
    let p0 = RangeProof::from_bytes(&b0).unwrap();
    let p1 = RangeProof::from_bytes(&b1).unwrap();
    for p in [&p0, &p1] {
        assert_eq!(
            p.verify(&mut Transcript::new(b"cancel"), &st),
            Err(Error::VerificationFailed)
        );
    }
    for w in WEIGHTS {
        for as_bytes in [false, true] {
            let mut b = BatchVerifier::new();
            if as_bytes {
                b.add_range_proof_bytes(&b0, &st, Transcript::new(b"cancel"));
                b.add_range_proof_bytes(&b1, &st, Transcript::new(b"cancel"));
            } else {
                b.add_range_proof(&p0, &st, Transcript::new(b"cancel"));
                b.add_range_proof(&p1, &st, Transcript::new(b"cancel"));
            }
            let e = finish(b, w).expect_err("accepted");
            assert_eq!(e.indices().collect::<Vec<_>>(), vec![0, 1]);
        }
    }
}

/// Class 5, circuits in the core batch: the same construction on the circuit proof's
/// inner-product scalar `a` (the proof's last scalars, in no challenge), two copies of a valid
/// two-phase proof, parsed, as bytes and against the prepared circuit: refused, both named.
///
/// Caught: `src/batch/weights.rs` `weight_from` returning `Scalar::ONE` → the batch accepts the
/// pair: fails with "accepted: ()".
#[test]
fn circuit_cancellation_across_proofs_is_refused() {
    use circuit_common::{gens, prove, small_shape, LABEL};
    let (pc, bp) = gens();
    let (proof, cs, circuit) = prove(&small_shape(true), 90).unwrap();
    let prepared = PreparedCircuit::new(circuit.clone()).unwrap();
    let bytes = proof.to_bytes();
    let a = bytes.len() - 64;
    let delta = Scalar::from(1234u64);
    let mut b0 = bytes.clone();
    set_scalar(&mut b0, a, &(scalar_at(&bytes, a) + delta));
    let mut b1 = bytes.clone();
    set_scalar(&mut b1, a, &(scalar_at(&bytes, a) - delta));
    let p0 = CircuitProof::from_bytes(&b0).unwrap();
    let p1 = CircuitProof::from_bytes(&b1).unwrap();
    for p in [&p0, &p1] {
        assert_eq!(
            circuit.verify(&mut Transcript::new(LABEL), p, &cs, pc, bp),
            Err(Error::VerificationFailed)
        );
    }
    for w in WEIGHTS {
        for path in 0..3 {
            let mut b = BatchVerifier::new();
            match path {
                0 => {
                    b.add_circuit_proof(&p0, &circuit, &cs, Transcript::new(LABEL));
                    b.add_circuit_proof(&p1, &circuit, &cs, Transcript::new(LABEL));
                }
                1 => {
                    b.add_circuit_proof_bytes(&b0, &circuit, &cs, Transcript::new(LABEL))
                        .unwrap();
                    b.add_circuit_proof_bytes(&b1, &circuit, &cs, Transcript::new(LABEL))
                        .unwrap();
                }
                _ => {
                    b.add_prepared_circuit_proof(&p0, &prepared, &cs, Transcript::new(LABEL));
                    b.add_prepared_circuit_proof(&p1, &prepared, &cs, Transcript::new(LABEL));
                }
            }
            let e = finish(b, w).expect_err("accepted");
            assert_eq!(
                e.indices().collect::<Vec<_>>(),
                vec![0, 1],
                "{w:?}, path {path}"
            );
        }
    }
}
