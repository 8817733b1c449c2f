//! Single range-proof verification on shifted tables (`generators::shared_shifted`, the engine's
//! `ShiftedTable` of `B, B̃` and the parties' `G`, `H`): built only after
//! `SHIFTED_AFTER` verifications of a party count (or at once when asked), and then the same
//! verdicts as the plain path (`verify_with_generators`, dalek's multiplication) and as `verify`
//! with the tables switched off — on the valid proof, on sampled byte flips of the proof, and
//! with a commitment swapped for another value's — for m = 1, 2, 3, 4, 8, 16, 64.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit::generators::{
    set_shifted_tables, shared_shifted, shifted_table_uses, SHIFTED_AFTER, SHIFTED_MAX_PARTIES,
};
use bpkit::{Opening, RangeProof, RangeStatement};
use merlin::Transcript;

/// Both tests switch the tables off process-wide for a moment (`set_shifted_tables`): they run
/// one at a time, or one would find the other's switch off.
static SWITCH: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn shifted_tables_are_built_after_enough_verifications_and_agree_with_plain_verification() {
    let _one_at_a_time = SWITCH
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    // Threshold: 32 parties (no other test of this binary verifies them) is not built for the
    // first SHIFTED_AFTER requests, then is; party counts that are not powers of two, or above
    // the largest, have none.
    for _ in 0..SHIFTED_AFTER {
        assert!(shared_shifted(32, false).is_none());
    }
    let t = shared_shifted(32, false).expect("built after SHIFTED_AFTER requests");
    assert_eq!((t.parties(), t.n()), (32, 64));
    // 2.5 KiB per generator at the width chosen for 4098 points (c = 13: 20 shifts).
    assert!(t.approx_bytes() >= 4098 * 20 * 120, "{}", t.approx_bytes());
    assert!(shared_shifted(3, true).is_none());
    assert!(shared_shifted(SHIFTED_MAX_PARTIES * 2, true).is_none());

    let pc = bpkit::PedersenGens::default();
    for m in [1usize, 2, 3, 4, 8, 16, 64] {
        let mp = m.next_power_of_two();
        assert!(shared_shifted(mp, true).is_some(), "m = {m}");
        let mut rng = common::rng(900 + m as u64);
        let openings = common::openings(&mut rng, 64, m);
        let (proof, statement) =
            RangeProof::prove(&mut Transcript::new(b"shifted"), &openings, 64, &mut rng).unwrap();
        let bp = bpkit::BulletproofGens::new(64, mp);
        let bytes = proof.to_bytes();
        // (shifted table, tables off, plain with the caller's generators)
        let all = |bytes: &[u8], statement: &RangeStatement| {
            let Ok(p) = RangeProof::from_bytes(bytes) else {
                return (false, false, false);
            };
            let a = p
                .verify(&mut Transcript::new(b"shifted"), statement)
                .is_ok();
            set_shifted_tables(false);
            let b = p
                .verify(&mut Transcript::new(b"shifted"), statement)
                .is_ok();
            set_shifted_tables(true);
            let c = p
                .verify_with_generators(&pc, &bp, &mut Transcript::new(b"shifted"), statement)
                .is_ok();
            (a, b, c)
        };
        assert_eq!(all(&bytes, &statement), (true, true, true), "m = {m}");
        let step = if m >= 16 { 211 } else { 53 };
        for i in (0..bytes.len()).step_by(step) {
            let mut t = bytes.clone();
            t[i] ^= 0x04;
            assert_eq!(
                all(&t, &statement),
                (false, false, false),
                "m = {m}, byte {i}"
            );
        }
        let mut commitments = statement.commitments().to_vec();
        let other = Opening::random(openings[0].value ^ 1, &mut rng);
        commitments[m - 1] = other.commit();
        let wrong = RangeStatement::new(64, commitments).unwrap();
        assert_eq!(
            all(&bytes, &wrong),
            (false, false, false),
            "m = {m}, wrong commitment"
        );
        // The same verdicts on 1, 3 and 8 threads (from m = 8 the table's multiplication is
        // split by ranges of points across the pool).
        if m >= 8 {
            let mut t = bytes.clone();
            t[bytes.len() / 2] ^= 1;
            for threads in [1usize, 3, 8] {
                let (good, bad) = bpkit::with_threads(threads, || {
                    let ok = |b: &[u8]| {
                        RangeProof::from_bytes(b).is_ok_and(|p| {
                            p.verify(&mut Transcript::new(b"shifted"), &statement)
                                .is_ok()
                        })
                    };
                    (ok(&bytes), ok(&t))
                });
                assert_eq!((good, bad), (true, false), "m = {m}, {threads} threads");
            }
        }
        // A different transcript label (a wrong statement context) fails on both paths.
        let p = RangeProof::from_bytes(&bytes).unwrap();
        assert!(p
            .verify(&mut Transcript::new(b"other"), &statement)
            .is_err());
    }
}

/// Circuits on shifted tables (`generators::shared_circuit_shifted`, interleaved `B, B̃, G₀[i],
/// H₀[i]`): shuffles of 17, 33 and 64 values (padded 32, 64, 128 multipliers), verified with the
/// tables built and with them switched off: the same verdicts on the valid proof, on sampled
/// byte flips, with a wrong commitment, through a verifying key, and from bytes (the same
/// decoding errors as `from_bytes`).
#[test]
fn circuits_on_shifted_tables_agree_with_the_plain_path() {
    let _one_at_a_time = SWITCH
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    use bpkit::circuit::statements::{ShuffleProof, ShuffleStatement, ShuffleWitness};
    use bpkit::generators::{shared_circuit_shifted, CIRCUIT_SHIFTED_MAX, CIRCUIT_SHIFTED_MIN};
    // Shifted tables serve dalek's path. Where the engine's small-circuit tables are preferred
    // (AVX2 without dalek on IFMA: Intel Cascade Lake, AMD Zen 2/3) small circuits never reach
    // them, and this test failed there ("k = 17: 0 uses"): it forces dalek's tables, whatever
    // the CPU; `circuit_table.rs` checks the engine's path the same way.
    bpkit::group::engine::set_tables_preferred(Some(false));
    struct Restore;
    impl Drop for Restore {
        fn drop(&mut self) {
            bpkit::group::engine::set_tables_preferred(None);
        }
    }
    let _restore = Restore;
    assert!(shared_circuit_shifted(CIRCUIT_SHIFTED_MAX * 2, true).is_none());
    assert!(shared_circuit_shifted(CIRCUIT_SHIFTED_MIN / 2, true).is_none());
    assert!(shared_circuit_shifted(48, true).is_none());
    let mut rng = common::rng(77);
    for k in [17usize, 33, 64] {
        let inputs: Vec<Opening> = (0..k as u64)
            .map(|v| Opening::random(v * 3 + 1, &mut rng))
            .collect();
        let outputs: Vec<Opening> = inputs.iter().rev().cloned().collect();
        let w = ShuffleWitness::new(inputs, outputs);
        let st = ShuffleStatement::for_witness(&w).unwrap();
        let padded = st.padded_multipliers();
        let table = shared_circuit_shifted(padded, true).expect("a table for this size");
        assert_eq!(table.n(), padded);
        let bp = bpkit::BulletproofGens::new(padded, 1);
        let t = || Transcript::new(b"shifted-circuit");
        let proof = st.prove(&mut t(), &w, &bp, &mut rng).unwrap();
        let key = st.verifying_key().unwrap();
        let bytes = proof.to_bytes();
        let both = |bytes: &[u8], st: &ShuffleStatement| {
            // From bytes: the same verdict as parsing first, and the same decoding error.
            let from_bytes = st.verify_bytes_with_key(&key, &mut t(), bytes, &bp);
            let p = match ShuffleProof::from_bytes(bytes) {
                Ok(p) => p,
                Err(e) => {
                    assert_eq!(from_bytes, Err(e), "k = {k}: decoding errors differ");
                    return (false, false, false);
                }
            };
            let before = shifted_table_uses();
            let a = st.verify(&mut t(), &p, &bp).is_ok();
            let b = st.verify_with_key(&key, &mut t(), &p, &bp).is_ok();
            assert_eq!(from_bytes.is_ok(), b, "k = {k}: bytes and parsed disagree");
            let used = shifted_table_uses() - before;
            set_shifted_tables(false);
            let c = st.verify(&mut t(), &p, &bp).is_ok();
            set_shifted_tables(true);
            // Both reached the table (a proof refused while decoding never does).
            assert!(used >= 2 || !a, "k = {k}: {used} uses");
            assert_eq!(a, b, "k = {k}: key and statement disagree");
            (a, c, b)
        };
        assert_eq!(both(&bytes, &st), (true, true, true), "k = {k}");
        for i in (0..bytes.len()).step_by(29) {
            let mut tampered = bytes.clone();
            tampered[i] ^= 0x02;
            assert_eq!(
                both(&tampered, &st),
                (false, false, false),
                "k = {k}, byte {i}"
            );
        }
        // A commitment that does not decode: the same error on both paths (naming it).
        let mut outs = st.outputs().to_vec();
        let bad_index = k / 2;
        outs[bad_index] = bpkit::group::CompressedRistretto([0xff; 32]);
        let broken = ShuffleStatement::new(st.inputs().to_vec(), outs).unwrap();
        let p = ShuffleProof::from_bytes(&bytes).unwrap();
        let on_table = broken.verify_with_key(&key, &mut t(), &p, &bp).unwrap_err();
        assert_eq!(
            broken.verify_bytes_with_key(&key, &mut t(), &bytes, &bp),
            Err(on_table),
            "k = {k}: bytes"
        );
        set_shifted_tables(false);
        let plain = broken.verify_with_key(&key, &mut t(), &p, &bp).unwrap_err();
        set_shifted_tables(true);
        assert_eq!(on_table, plain, "k = {k}");
        assert!(
            matches!(on_table, bpkit::Error::InvalidCommitment { index } if index == k + bad_index),
            "k = {k}: {on_table:?}"
        );
        // A statement for other commitments (a different shuffle of other values).
        let others: Vec<Opening> = (0..k as u64)
            .map(|v| Opening::random(v * 3 + 2, &mut rng))
            .collect();
        let other = ShuffleWitness::new(others.clone(), others.iter().rev().cloned().collect());
        let wrong = ShuffleStatement::for_witness(&other).unwrap();
        let p = ShuffleProof::from_bytes(&bytes).unwrap();
        assert!(
            wrong.verify(&mut t(), &p, &bp).is_err(),
            "k = {k}, wrong statement"
        );
    }
}

/// Bulletproofs+ single verification on the same shifted tables (default generators, one
/// blinding base): the same verdicts as with the tables switched off and as
/// `verify_with_generators`, on the valid proof, sampled byte flips and a wrong commitment, for
/// m = 2, 4, 64 (and 32-bit values at m = 2; one value stays on the small Straus tables); with
/// Tari's generators and with two blinding bases (their blinding bases then join the proof's
/// points) as well.
#[test]
fn bulletproofs_plus_on_shifted_tables_agree_with_the_plain_path() {
    use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
    let _one_at_a_time = SWITCH
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let gens = PlusGens::bpkit(1).unwrap();
    let mut rng = common::rng(404);
    for (m, bits) in [(2usize, 64usize), (2, 32), (4, 64), (64, 64), (1, 64)] {
        assert!(shared_shifted(m, true).is_some(), "m = {m}");
        let openings: Vec<ExtendedOpening> = (0..m as u64)
            .map(|v| ExtendedOpening::random(v * 977 + 3, 1, &mut rng))
            .collect();
        let statement = PlusStatement::commit(gens.pedersen(), bits, &openings, None).unwrap();
        let t = || Transcript::new(b"shifted plus");
        let proof = PlusProof::prove(&mut t(), &gens, &statement, &openings, &mut rng).unwrap();
        let bytes = proof.to_bytes();
        let bp = bpkit::BulletproofGens::new(bits, m);
        // (shifted table, tables off, caller's generators), and whether the table ran.
        let all = |bytes: &[u8], statement: &PlusStatement| {
            let Ok(p) = PlusProof::from_bytes(bytes) else {
                return (false, false, false);
            };
            let before = shifted_table_uses();
            let a = p.verify(&mut t(), &gens, statement).is_ok();
            // One 64-bit value stays on the small Straus tables (faster there).
            let expected = m * bits > 64;
            assert!(
                (shifted_table_uses() > before) == expected || !a,
                "m = {m}: the table was used: {}",
                !expected
            );
            set_shifted_tables(false);
            let b = p.verify(&mut t(), &gens, statement).is_ok();
            set_shifted_tables(true);
            let c = p
                .verify_with_generators(gens.pedersen(), &bp, &mut t(), statement)
                .is_ok();
            (a, b, c)
        };
        assert_eq!(all(&bytes, &statement), (true, true, true), "m = {m}");
        let step = if m >= 16 { 97 } else { 23 };
        for i in (0..bytes.len()).step_by(step) {
            let mut tampered = bytes.clone();
            tampered[i] ^= 0x10;
            assert_eq!(
                all(&tampered, &statement),
                (false, false, false),
                "m = {m}, byte {i}"
            );
        }
        let mut commitments = statement.commitments().to_vec();
        let other = ExtendedOpening::random(1, 1, &mut rng);
        commitments[m - 1] = PlusStatement::commit(gens.pedersen(), bits, &[other], None)
            .unwrap()
            .commitments()[0];
        let wrong = PlusStatement::new(bits, commitments).unwrap();
        assert_eq!(all(&bytes, &wrong), (false, false, false), "m = {m}, wrong");
    }
    // Tari's generators (the same `B`, another blinding base, which joins the proof's points)
    // and two blinding bases: on the table too, the same verdicts.
    for gens in [PlusGens::tari(1).unwrap(), PlusGens::bpkit(2).unwrap()] {
        let k = gens.extension_degree();
        let openings = [
            ExtendedOpening::random(5, k, &mut rng),
            ExtendedOpening::random(6, k, &mut rng),
        ];
        let statement = PlusStatement::commit(gens.pedersen(), 64, &openings, None).unwrap();
        let t = || Transcript::new(b"other bases");
        let proof = PlusProof::prove(&mut t(), &gens, &statement, &openings, &mut rng).unwrap();
        let bytes = proof.to_bytes();
        for i in [None, Some(0usize), Some(40), Some(bytes.len() - 1)] {
            let mut b = bytes.clone();
            if let Some(i) = i {
                b[i] ^= 0x01;
            }
            let Ok(p) = PlusProof::from_bytes(&b) else {
                assert!(i.is_some());
                continue;
            };
            let before = shifted_table_uses();
            let on_table = p.verify(&mut t(), &gens, &statement).is_ok();
            assert!(
                shifted_table_uses() > before,
                "k = {k}: the table was not used"
            );
            set_shifted_tables(false);
            let plain = p.verify(&mut t(), &gens, &statement).is_ok();
            set_shifted_tables(true);
            assert_eq!(
                (on_table, plain),
                (i.is_none(), i.is_none()),
                "k = {k}, {i:?}"
            );
        }
    }
}
