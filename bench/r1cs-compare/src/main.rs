//! k-shuffle proofs, bpkit against the `bulletproofs` 5 crate's R1CS (dalek), single thread,
//! interleaved (each round runs every contender once, in turn; minimum and median over the
//! rounds, ratios to the first contender: dalek's).
//!
//! The same statement on both sides: 2k committed values, a second-phase challenge z, and
//! `∏(xᵢ − z) = ∏(yᵢ − z)` multiplied out in 2(k − 1) multipliers. Every verification starts
//! from the proof's bytes. Contenders:
//! - verify: `dalek-r1cs` (Verifier + gadget), `bpkit-gadget` (bpkit's Verifier + its shuffle
//!   gadget: the same API shape), `bpkit-key` (`ShuffleStatement::verify_with_key`, the
//!   circuit prepared once), `bpkit-key, bytes` (`verify_bytes_with_key`: the proof not parsed
//!   first), `bpkit-statement` (`ShuffleStatement::verify`: records and packs
//!   the circuit every time);
//! - prove: `dalek-r1cs` (Prover + gadget), `bpkit-gadget` (constant-time Prover + gadget),
//!   `bpkit-statement` (`ShuffleStatement::prove`, which also checks the openings).
//!
//! `BPKIT_R1CS_ROUNDS` sets the rounds (default 41 for k = 8, 21 for k = 64); an argument
//! filters groups by name (`verify`, `prove`, `k=8`, …). `BPKIT_R1CS_SWEEP=1`: instead, the
//! size sweep that chose `CIRCUIT_TABLE_MAX` and `CIRCUIT_SHIFTED_MAX` (shuffles of k = 8 …
//! 1024, verification with a key on dalek's Straus table, without any table, and on the shifted
//! table, dalek beside them). `BPKIT_R1CS_ONLY='dalek-r1cs;bpkit-key'` runs only the contenders
//! named (for profiles).

use std::hint::black_box;

use bpkit::circuit::gadgets::shuffle as bp_shuffle;
use bpkit::circuit::statements::{ShuffleProof, ShuffleStatement, ShuffleWitness};
use bpkit::circuit::{CircuitProof, LinearCombination, Prover, Verifier};
use bpkit::{BulletproofGens, Opening, PedersenGens, Scalar};
use merlin::Transcript;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

use bulletproofs as peer;
use bulletproofs::r1cs::{
    ConstraintSystem as _, RandomizedConstraintSystem as _,
};
use curve25519_dalek_4 as d4;

#[path = "../../../crates/bpkit/benches/common/interleave.rs"]
mod interleave;
use interleave::{Job, Unit};

fn t() -> Transcript {
    Transcript::new(b"r1cs compare")
}

/// The shuffle on dalek's R1CS API: z drawn in the second phase, both products chained
/// through k − 1 multipliers each, their difference constrained to zero.
fn peer_shuffle<CS: peer::r1cs::RandomizableConstraintSystem>(
    cs: &mut CS,
    x: Vec<peer::r1cs::Variable>,
    y: Vec<peer::r1cs::Variable>,
) {
    if x.len() == 1 {
        cs.constrain(x[0] - y[0]);
        return;
    }
    cs.specify_randomized_constraints(move |cs| {
        let z = cs.challenge_scalar(b"shuffle z");
        let mut side = |v: &[peer::r1cs::Variable]| -> peer::r1cs::LinearCombination {
            let mut acc: peer::r1cs::LinearCombination = v[0] - z;
            for w in &v[1..] {
                let (_, _, o) = cs.multiply(acc, *w - z);
                acc = o.into();
            }
            acc
        };
        let l = side(&x);
        let r = side(&y);
        cs.constrain(l - r);
        Ok(())
    })
    .unwrap();
}

fn d4_scalar(s: &Scalar) -> d4::scalar::Scalar {
    d4::scalar::Scalar::from_canonical_bytes(s.to_bytes()).unwrap()
}

fn main() {
    let filter = std::env::args().nth(1).filter(|a| !a.starts_with('-'));
    let rounds_env: Option<usize> = std::env::var("BPKIT_R1CS_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok());
    let run = |group: &str, rounds: usize, mut jobs: Vec<Job<'_>>| {
        if filter.as_deref().is_some_and(|f| !group.contains(f)) {
            return;
        }
        // `BPKIT_R1CS_ONLY='dalek-r1cs;bpkit-key'`: only the contenders named (for profiles).
        if let Ok(only) = std::env::var("BPKIT_R1CS_ONLY") {
            let names: Vec<&str> = only.split(';').collect();
            jobs.retain(|(name, _)| names.contains(name));
        }
        let stats = interleave::run(rounds, &mut jobs);
        println!("{group}");
        interleave::report(&jobs, &stats, Unit::Micros);
    };
    // `BPKIT_ENGINE_IFMA=0`: bpkit's engine without its IFMA backend (as the CLI), so that a
    // `RUSTFLAGS=''` build on an IFMA machine measures what an AVX2-only machine runs.
    if std::env::var_os("BPKIT_ENGINE_IFMA").is_some_and(|v| v == "0") {
        bpkit::group::engine::ifma(false);
    }
    // `BPKIT_ENGINE_TABLES=0`: small circuits on dalek's precomputed table even where the
    // engine's is chosen (AVX2 without dalek on IFMA), for comparisons across processes.
    if std::env::var_os("BPKIT_ENGINE_TABLES").is_some_and(|v| v == "0") {
        bpkit::group::engine::set_tables_preferred(Some(false));
    }
    println!("bpkit backend: {:?}", bpkit::backend::report());
    let sweep = std::env::var_os("BPKIT_R1CS_SWEEP").is_some();
    let ks: &[usize] = if sweep {
        &[8, 16, 32, 64, 128, 256, 512, 1024]
    } else {
        &[8, 64]
    };
    for &k in ks {
        let rounds = rounds_env.unwrap_or(if k <= 8 { 41 } else { 21 });
        let n = (2 * (k - 1)).next_power_of_two();
        let mut rng = ChaCha20Rng::seed_from_u64(k as u64);
        let inputs: Vec<Opening> = (0..k as u64)
            .map(|v| Opening::random(v * 7 + 1, &mut rng))
            .collect();
        let outputs: Vec<Opening> = inputs.iter().rev().cloned().collect();
        let w = ShuffleWitness::new(inputs.clone(), outputs.clone());
        let st = ShuffleStatement::for_witness(&w).unwrap();
        let key = st.verifying_key().unwrap();
        let bp = BulletproofGens::new(n, 1);
        let pc = PedersenGens::default();
        let statement_bytes = st.prove(&mut t(), &w, &bp, &mut rng).unwrap().to_bytes();

        // bpkit's Prover and Verifier with the gadget (the API shape of dalek's R1CS).
        let values: Vec<(Scalar, Scalar)> = inputs
            .iter()
            .chain(&outputs)
            .map(|o| (Scalar::from(o.value), o.blinding))
            .collect();
        let gadget_prove = |rng: &mut ChaCha20Rng| {
            let mut tr = t();
            let mut prover = Prover::new(&pc, &mut tr);
            let (vs, vars): (Vec<_>, Vec<LinearCombination>) = values
                .iter()
                .map(|(v, r)| {
                    let (c, var) = prover.commit(*v, *r);
                    (c, var.into())
                })
                .unzip();
            let (x, y) = vars.split_at(k);
            bp_shuffle::shuffle(&mut prover, x.to_vec(), y.to_vec()).unwrap();
            (prover.prove(&bp, rng).unwrap(), vs)
        };
        let (gadget_proof, gadget_vs) = gadget_prove(&mut rng);
        let gadget_bytes = gadget_proof.to_bytes();

        // dalek's.
        let pc4 = peer::PedersenGens::default();
        let bp4 = peer::BulletproofGens::new(n, 1);
        let values4: Vec<(d4::scalar::Scalar, d4::scalar::Scalar)> = values
            .iter()
            .map(|(v, r)| (d4_scalar(v), d4_scalar(r)))
            .collect();
        let peer_prove = || {
            let mut tr = t();
            let mut prover = peer::r1cs::Prover::new(&pc4, &mut tr);
            let (vs, vars): (Vec<_>, Vec<_>) =
                values4.iter().map(|(v, r)| prover.commit(*v, *r)).unzip();
            let (x, y) = vars.split_at(k);
            peer_shuffle(&mut prover, x.to_vec(), y.to_vec());
            (prover.prove(&bp4).unwrap(), vs)
        };
        let (peer_proof, peer_vs) = peer_prove();
        let peer_bytes = peer_proof.to_bytes();
        println!(
            "k = {k}: {} multipliers (padded {n}); proof bytes: dalek {}, bpkit {}",
            2 * (k - 1),
            peer_bytes.len(),
            gadget_bytes.len()
        );

        if sweep {
            let (sb, st, key, bp) = (&statement_bytes, &st, &key, &bp);
            let key_verify = |max: usize, shifted: bool| {
                move || {
                    bpkit::generators::set_circuit_table_max(max);
                    bpkit::generators::set_shifted_tables(shifted);
                    let p = ShuffleProof::from_bytes(black_box(sb)).unwrap();
                    st.verify_with_key(key, &mut t(), &p, bp).unwrap();
                    bpkit::generators::set_shifted_tables(true);
                }
            };
            run(
                &format!("sweep verify shuffle k={k} (padded {n})"),
                rounds,
                vec![
                    (
                        "dalek-r1cs",
                        Box::new(|| {
                            let p =
                                peer::r1cs::R1CSProof::from_bytes(black_box(&peer_bytes)).unwrap();
                            let mut tr = t();
                            let mut v = peer::r1cs::Verifier::new(&mut tr);
                            let vars: Vec<_> = peer_vs.iter().map(|c| v.commit(*c)).collect();
                            let (x, y) = vars.split_at(k);
                            peer_shuffle(&mut v, x.to_vec(), y.to_vec());
                            v.verify(&p, &pc4, &bp4).unwrap();
                        }),
                    ),
                    ("bpkit-key-no-table", Box::new(key_verify(0, false))),
                    ("bpkit-key-table", Box::new(key_verify(usize::MAX, false))),
                    ("bpkit-key-shifted", Box::new(key_verify(0, true))),
                ],
            );
            bpkit::generators::set_circuit_table_max(bpkit::generators::CIRCUIT_TABLE_MAX);
            continue;
        }
        let mut rng_gadget = ChaCha20Rng::seed_from_u64(1000 + k as u64);
        let mut rng_gadget2 = ChaCha20Rng::seed_from_u64(3000 + k as u64);
        let mut rng_statement = ChaCha20Rng::seed_from_u64(2000 + k as u64);
        run(
            &format!("verify shuffle k={k}"),
            rounds,
            vec![
                (
                    "dalek-r1cs",
                    Box::new(|| {
                        let p = peer::r1cs::R1CSProof::from_bytes(black_box(&peer_bytes)).unwrap();
                        let mut tr = t();
                        let mut v = peer::r1cs::Verifier::new(&mut tr);
                        let vars: Vec<_> = peer_vs.iter().map(|c| v.commit(*c)).collect();
                        let (x, y) = vars.split_at(k);
                        peer_shuffle(&mut v, x.to_vec(), y.to_vec());
                        v.verify(&p, &pc4, &bp4).unwrap();
                    }),
                ),
                (
                    "bpkit-gadget",
                    Box::new(|| {
                        let p = CircuitProof::from_bytes(black_box(&gadget_bytes)).unwrap();
                        let mut tr = t();
                        let mut v = Verifier::new(&mut tr);
                        let vars: Vec<LinearCombination> =
                            gadget_vs.iter().map(|c| v.commit(*c).into()).collect();
                        let (x, y) = vars.split_at(k);
                        bp_shuffle::shuffle(&mut v, x.to_vec(), y.to_vec()).unwrap();
                        v.verify(&p, &pc, &bp).unwrap();
                    }),
                ),
                (
                    "bpkit-key",
                    Box::new(|| {
                        let p = ShuffleProof::from_bytes(black_box(&statement_bytes)).unwrap();
                        st.verify_with_key(&key, &mut t(), &p, &bp).unwrap();
                    }),
                ),
                (
                    // From bytes (`verify_bytes_with_key`, the proof not parsed first). Routing
                    // it to the engine where the shifted table is built (the proof's points
                    // decoded in one batch and multiplied with the commitments) measured the
                    // same as parsing (2026-11-27, k = 64: 0.78-0.87 against 0.79-0.83).
                    "bpkit-key, bytes",
                    Box::new(|| {
                        st.verify_bytes_with_key(&key, &mut t(), black_box(&statement_bytes), &bp)
                            .unwrap();
                    }),
                ),
                (
                    // The commitments' Straus on the engine's portable additions instead of its
                    // four-lane AVX2 formulas (the path before 2026-11-27's eighth session).
                    "bpkit-key, portable Straus",
                    Box::new(|| {
                        bpkit::group::engine::lane_straus(false);
                        let p = ShuffleProof::from_bytes(black_box(&statement_bytes)).unwrap();
                        st.verify_with_key(&key, &mut t(), &p, &bp).unwrap();
                        bpkit::group::engine::lane_straus(true);
                    }),
                ),
                (
                    // The path before shifted tables (dalek's multiplication, its Straus tables
                    // up to 32 multipliers).
                    "bpkit-key, no shifted table",
                    Box::new(|| {
                        bpkit::generators::set_shifted_tables(false);
                        let p = ShuffleProof::from_bytes(black_box(&statement_bytes)).unwrap();
                        st.verify_with_key(&key, &mut t(), &p, &bp).unwrap();
                        bpkit::generators::set_shifted_tables(true);
                    }),
                ),
                (
                    "bpkit-statement",
                    Box::new(|| {
                        let p = ShuffleProof::from_bytes(black_box(&statement_bytes)).unwrap();
                        st.verify(&mut t(), &p, &bp).unwrap();
                    }),
                ),
            ],
        );
        run(
            &format!("prove shuffle k={k}"),
            rounds.div_ceil(2),
            vec![
                (
                    "dalek-r1cs",
                    Box::new(|| {
                        black_box(peer_prove());
                    }),
                ),
                (
                    "bpkit-gadget",
                    Box::new(|| {
                        black_box(gadget_prove(&mut rng_gadget));
                    }),
                ),
                (
                    // The inner-product rounds on dalek (before the shifted table of the
                    // generators, built once 16 proofs or verifications of a size have run).
                    "bpkit-gadget, no shifted table",
                    Box::new(|| {
                        bpkit::generators::set_shifted_tables(false);
                        black_box(gadget_prove(&mut rng_gadget2));
                        bpkit::generators::set_shifted_tables(true);
                    }),
                ),
                (
                    "bpkit-statement",
                    Box::new(|| {
                        black_box(st.prove(&mut t(), &w, &bp, &mut rng_statement).unwrap());
                    }),
                ),
            ],
        );
    }
}
