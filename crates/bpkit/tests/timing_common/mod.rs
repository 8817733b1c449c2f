//! A dudect-style timing test of every prover (shared by `examples/prover_timing.rs`, which runs
//! it at length outside CI, and `tests/timing_smoke.rs`, which runs every case a few times).
//!
//! Each case takes one sample at a time for a class drawn at random by the caller: class 0
//! holds every secret **fixed** (values at zero or at the interval's lower end, blindings,
//! witnesses and the prover's RNG from one fixed seed, so even the nonces repeat), class 1
//! draws every secret at **random**. Preparation (building the inputs, the commitments a verifier
//! would hold, other parties' messages) is not timed; only the calls that handle the secrets
//! are. Welch's t-test then compares the two classes' timings, raw and cropped at several
//! percentiles, as dudect does; `|t| > 4.5` is the usual threshold for "a leak is likely".
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::cast_precision_loss
)]

use bpkit::aggregation::{Dealer, Party};
use bpkit::circuit::statements::{
    MerkleStatement, MerkleWitness, ShuffleStatement, ShuffleWitness,
};
use bpkit::circuit::{
    ConstraintSystem, LinearCombination, Prover, RandomizableConstraintSystem,
    RandomizedConstraintSystem,
};
use bpkit::grin::{self, GrinGens, GrinWitness, MESSAGE_SIZE};
use bpkit::group::secp256k1::Scalar as GrinScalar;
use bpkit::group::Scalar;
use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
use bpkit::poseidon::{MerkleTree, Poseidon};
use bpkit::{BulletproofGens, Interval, IntervalProof, Opening, PedersenGens, RangeProof};
use k256::elliptic_curve::PrimeField;
use merlin::Transcript;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use std::time::Instant;

/// The seed of the fixed class's secrets and prover RNG.
const FIXED_SEED: u64 = 0xf1f1;

/// Thread CPU time in microseconds: unlike wall time it does not count the time the thread is
/// descheduled, which on a shared machine is most of the noise.
pub fn cpu_micros() -> f64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    t.tv_sec as f64 * 1e6 + t.tv_nsec as f64 / 1e3
}

/// Times `f` on the thread CPU clock, on one thread: with the `parallel` feature `f` runs on
/// a one-thread pool (`bpkit::with_threads(1, …)`), so that every part of the proof runs on the
/// thread whose clock is read (rayon would otherwise move it to its global pool's threads).
fn timed<T: Send>(f: impl FnOnce() -> T + Send) -> (T, f64) {
    bpkit::with_threads(1, || {
        let start = cpu_micros();
        let out = black_box(f());
        (out, cpu_micros() - start)
    })
}

/// Times `f` on the wall clock (for the threaded prover: its work is on other threads).
fn timed_wall<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let out = black_box(f());
    (out, start.elapsed().as_secs_f64() * 1e6)
}

/// The RNG of a sample's secrets: the fixed seed for class 0, a fresh one for class 1.
fn class_rng(class: usize, rng: &mut ChaCha20Rng) -> ChaCha20Rng {
    if class == 0 {
        ChaCha20Rng::seed_from_u64(FIXED_SEED)
    } else {
        ChaCha20Rng::from_seed(rng.random())
    }
}

/// A value of `bits` bits: 0 in the fixed class, uniform in the random one.
fn value(class: usize, bits: usize, rng: &mut ChaCha20Rng) -> u64 {
    if class == 0 {
        return 0;
    }
    let v: u64 = rng.random();
    if bits == 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

/// A secp256k1 secret (non-zero, below the order) from the class RNG.
fn grin_secret(rng: &mut ChaCha20Rng) -> [u8; 32] {
    loop {
        let b: [u8; 32] = rng.random();
        if let Some(s) = Option::<GrinScalar>::from(GrinScalar::from_repr(b.into())) {
            if !bool::from(s.is_zero()) {
                return b;
            }
        }
    }
}

fn grin_scalar(b: &[u8; 32]) -> GrinScalar {
    Option::from(GrinScalar::from_repr((*b).into())).unwrap()
}

/// One sample: the class, then one time in microseconds per phase of the case.
pub type Sampler = Box<dyn FnMut(usize, &mut ChaCha20Rng) -> Vec<f64> + Send>;

/// A prover under test.
pub struct Case {
    /// What is proven.
    pub name: String,
    /// The phases timed in each sample (one for a whole proof; the party's steps for MPC).
    pub phases: Vec<&'static str>,
    /// Takes one sample of the class.
    pub sample: Sampler,
}

/// Bulletproofs range proof, `m` values of `n` bits; on `threads` threads (0: the caller's).
fn range(n: usize, m: usize, threads: usize) -> Case {
    let name = if threads == 0 {
        format!("BP range proof, n = {n}, m = {m}")
    } else {
        format!("BP range proof, n = {n}, m = {m}, with_threads({threads}) (wall clock)")
    };
    Case {
        name,
        phases: vec!["prove"],
        sample: Box::new(move |class, rng| {
            let mut prng = class_rng(class, rng);
            let openings: Vec<Opening> = (0..m)
                .map(|_| {
                    let v = value(class, n, &mut prng);
                    Opening::random(v, &mut prng)
                })
                .collect();
            let prove = |prng: &mut ChaCha20Rng| {
                RangeProof::prove(&mut Transcript::new(b"timing"), &openings, n, prng).unwrap()
            };
            let (_, t) = if threads == 0 {
                timed(|| prove(&mut prng))
            } else {
                timed_wall(|| bpkit::with_threads(threads, || prove(&mut prng)))
            };
            vec![t]
        }),
    }
}

/// Interval proof: the value at the interval's lower end (fixed) or uniform in it (random).
fn interval() -> Case {
    let interval = Interval::new(1_000, 1_000_000).unwrap();
    Case {
        name: "interval proof [1000, 10^6), 32 bits".into(),
        phases: vec!["prove"],
        sample: Box::new(move |class, rng| {
            let mut prng = class_rng(class, rng);
            let v = if class == 0 {
                1_000
            } else {
                prng.random_range(1_000..1_000_000)
            };
            let opening = Opening::random(v, &mut prng);
            let (_, t) = timed(|| {
                IntervalProof::prove(
                    &mut Transcript::new(b"timing"),
                    &opening,
                    &interval,
                    32,
                    &mut prng,
                )
                .unwrap()
            });
            vec![t]
        }),
    }
}

/// Bulletproofs+: `m` values of `n` bits with `k` blindings each, minimum values if `minimum`.
fn plus(n: usize, m: usize, k: usize, minimum: bool) -> Case {
    let gens = PlusGens::bpkit(k).unwrap();
    Case {
        name: format!(
            "BP+ range proof, n = {n}, m = {m}, k = {k}{}",
            if minimum { ", minimum values" } else { "" }
        ),
        phases: vec!["prove"],
        sample: Box::new(move |class, rng| {
            let mut prng = class_rng(class, rng);
            let minimums: Vec<u64> = (0..m).map(|j| 100 + j as u64).collect();
            let openings: Vec<ExtendedOpening> = minimums
                .iter()
                .map(|min| {
                    let slack = value(class, n - 1, &mut prng);
                    let v = if minimum { min + slack } else { slack };
                    ExtendedOpening::random(v, k, &mut prng)
                })
                .collect();
            let statement = PlusStatement::commit(
                gens.pedersen(),
                n,
                &openings,
                minimum.then(|| minimums.clone()),
            )
            .unwrap();
            let (_, t) = timed(|| {
                PlusProof::prove(
                    &mut Transcript::new(b"timing"),
                    &gens,
                    &statement,
                    &openings,
                    &mut prng,
                )
                .unwrap()
            });
            vec![t]
        }),
    }
}

/// The small two-phase circuit: a·b = o₁ = c with committed a, b; then, with a challenge w,
/// (a + w)·b = o₂ = o₁ + w·b; and one allocated secret bit.
fn two_phase<CS: RandomizableConstraintSystem>(
    cs: &mut CS,
    a: LinearCombination,
    b: LinearCombination,
    c: LinearCombination,
    bit: Option<bool>,
) {
    let (_, _, o1) = cs.multiply(a.clone(), b.clone());
    cs.constrain(o1 - c);
    bpkit::circuit::gadgets::boolean::alloc_bit(cs, bit).unwrap();
    cs.specify_randomized_constraints(move |cs| {
        let w = cs.challenge(b"w")?;
        let (_, _, o2) = cs.multiply(a.clone() + LinearCombination::from(w), b.clone());
        cs.constrain(o2 - o1 - b.clone() * w);
        Ok(())
    })
    .unwrap();
}

/// The generic circuit prover on the two-phase circuit, three committed values.
fn circuit() -> Case {
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(4, 1);
    Case {
        name: "circuit prover, two-phase circuit (3 commitments, 3 multipliers)".into(),
        phases: vec!["prove"],
        sample: Box::new(move |class, rng| {
            let mut prng = class_rng(class, rng);
            let (x, y, bit) = if class == 0 {
                (0u64, 0u64, false)
            } else {
                (
                    u64::from(prng.random::<u32>()),
                    u64::from(prng.random::<u32>()),
                    prng.random(),
                )
            };
            let blindings: Vec<Scalar> = (0..3).map(|_| Scalar::random(&mut prng)).collect();
            let (_, t) = timed(|| {
                let mut transcript = Transcript::new(b"timing circuit");
                let mut prover = Prover::new(&pc, &mut transcript);
                let (_, a) = prover.commit(Scalar::from(x), blindings[0]);
                let (_, b) = prover.commit(Scalar::from(y), blindings[1]);
                let (_, c) = prover.commit(Scalar::from(x * y), blindings[2]);
                two_phase(&mut prover, a.into(), b.into(), c.into(), Some(bit));
                prover.prove(&bp, &mut prng).unwrap()
            });
            vec![t]
        }),
    }
}

/// The shuffle statement on `k` values: the identity on zeros (fixed) or a random permutation
/// of random values (random).
fn shuffle(k: usize) -> Case {
    let padded = ShuffleStatement::for_witness(&ShuffleWitness::new(
        (0..k).map(|_| Opening::new(0, Scalar::ONE)).collect(),
        (0..k).map(|_| Opening::new(0, Scalar::ONE)).collect(),
    ))
    .unwrap()
    .padded_multipliers();
    let bp = BulletproofGens::new(padded, 1);
    Case {
        name: format!("shuffle statement, k = {k}"),
        phases: vec!["prove"],
        sample: Box::new(move |class, rng| {
            let mut prng = class_rng(class, rng);
            let values: Vec<u64> = (0..k).map(|_| value(class, 64, &mut prng)).collect();
            let mut order: Vec<usize> = (0..k).collect();
            if class == 1 {
                for i in (1..k).rev() {
                    order.swap(i, prng.random_range(0..=i));
                }
            }
            let inputs: Vec<Opening> = values
                .iter()
                .map(|v| Opening::random(*v, &mut prng))
                .collect();
            let outputs: Vec<Opening> = order
                .iter()
                .map(|&i| Opening::random(values[i], &mut prng))
                .collect();
            let witness = ShuffleWitness::new(inputs, outputs);
            let statement = ShuffleStatement::for_witness(&witness).unwrap();
            let (_, t) = timed(|| {
                statement
                    .prove(&mut Transcript::new(b"timing"), &witness, &bp, &mut prng)
                    .unwrap()
            });
            vec![t]
        }),
    }
}

/// Merkle membership (Poseidon) in a tree of `depth`: the first leaf of a tree of zeros
/// (fixed) or a random leaf of a random tree (random).
fn merkle(depth: u32) -> Case {
    let poseidon = Poseidon::new();
    let leaves = 1u64 << depth;
    let multipliers = {
        let tree = MerkleTree::new(&poseidon, depth, &[Scalar::ZERO]).unwrap();
        let (st, _) = MerkleStatement::for_leaf(&tree, 0, 0, Scalar::ONE).unwrap();
        st.padded_multipliers()
    };
    let bp = BulletproofGens::new(multipliers, 1);
    Case {
        name: format!("Merkle membership (Poseidon), depth {depth}"),
        phases: vec!["prove"],
        sample: Box::new(move |class, rng| {
            let mut prng = class_rng(class, rng);
            let values: Vec<u64> = (0..leaves).map(|_| value(class, 64, &mut prng)).collect();
            let scalars: Vec<Scalar> = values.iter().map(|v| Scalar::from(*v)).collect();
            let tree = MerkleTree::new(&poseidon, depth, &scalars).unwrap();
            let leaf = if class == 0 {
                0
            } else {
                prng.random_range(0..leaves)
            };
            let blinding = Scalar::random(&mut prng);
            let (statement, witness) =
                MerkleStatement::for_leaf(&tree, values[leaf as usize], leaf, blinding).unwrap();
            let witness: MerkleWitness = witness;
            let (_, t) = timed(|| {
                statement
                    .prove(&mut Transcript::new(b"timing"), &witness, &bp, &mut prng)
                    .unwrap()
            });
            vec![t]
        }),
    }
}

/// A Grin witness of the class, with a private nonce and a message.
fn grin_witness(class: usize, rng: &mut ChaCha20Rng) -> GrinWitness {
    let mut prng = class_rng(class, rng);
    let value = value(class, 64, &mut prng);
    let mut message = [0u8; MESSAGE_SIZE];
    if class == 1 {
        prng.fill(&mut message[..]);
    }
    GrinWitness {
        value,
        blinding: grin_scalar(&grin_secret(&mut prng)),
        rewind_nonce: grin_secret(&mut prng),
        private_nonce: Some(grin_secret(&mut prng)),
        message: Some(message),
    }
}

/// Grin / MWEB proofs (secp256k1), 64 bits, with extra data and a message.
fn grin_single() -> Case {
    let gens = GrinGens::shared().unwrap();
    Case {
        name: "Grin proof, 64 bits, extra data and message".into(),
        phases: vec!["prove"],
        sample: Box::new(move |class, rng| {
            let witness = grin_witness(class, rng);
            let (_, t) = timed(|| grin::prove(gens, &witness, 64, Some(b"timing extra")).unwrap());
            vec![t]
        }),
    }
}

/// Grin's multi-party prover: party 0 of two (its blinding share, value and nonces of the
/// class; party 1 always random), each of its steps timed.
fn grin_mpc() -> Case {
    let gens: &'static GrinGens = GrinGens::shared().unwrap();
    Case {
        name: "Grin multi-party, party 0 of 2, 64 bits".into(),
        phases: vec!["Party::new + t_shares", "tau_share", "finish"],
        sample: Box::new(move |class, rng| {
            let mine = grin_witness(class, rng);
            let mut other = grin_witness(1, rng);
            other.value = mine.value;
            other.rewind_nonce = mine.rewind_nonce;
            other.message = None;
            let total = mine.blinding + other.blinding;
            let commitment = grin::commit(gens, mine.value, &total).unwrap();
            let extra = Some(b"timing mpc".to_vec());
            let theirs = grin::Party::new(gens, commitment, 64, extra.clone(), other).unwrap();
            let (theirs, (a1, b1)) = theirs.t_shares().unwrap();
            let ((me, (a0, b0)), t0) = timed(|| {
                grin::Party::new(gens, commitment, 64, extra.clone(), mine)
                    .unwrap()
                    .t_shares()
                    .unwrap()
            });
            let (t1, t2) = (a0 + a1, b0 + b1);
            let ((me, tau0), t1_time) = timed(|| me.tau_share(t1, t2).unwrap());
            let (_, tau1) = theirs.tau_share(t1, t2).unwrap();
            let tau = tau0 + tau1;
            let (_, t2_time) = timed(|| me.finish(tau).unwrap());
            vec![t0, t1_time, t2_time]
        }),
    }
}

/// The multi-party range proof: party 0 of `m`, each of its steps timed (the others random).
fn mpc(n: usize, m: usize) -> Case {
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(n, m.next_power_of_two());
    Case {
        name: format!("MPC party 0 of {m}, n = {n}"),
        phases: vec![
            "Party::new + assign_position",
            "bit challenge",
            "poly challenge",
        ],
        sample: Box::new(move |class, rng| {
            let mut prng = class_rng(class, rng);
            let mut others = ChaCha20Rng::from_seed(rng.random());
            let mine = Opening::random(value(class, n, &mut prng), &mut prng);
            let theirs: Vec<Opening> = (1..m)
                .map(|_| Opening::random(value(1, n, &mut others), &mut others))
                .collect();
            let mut transcript = Transcript::new(b"timing mpc");
            let dealer = Dealer::new(&pc, &bp, &mut transcript, n, m, &mut others).unwrap();
            let ((me, my_bits), t0) = timed(|| {
                Party::new(&pc, &bp, &mine, n)
                    .unwrap()
                    .assign_position(0, &mut prng)
                    .unwrap()
            });
            let mut parties = Vec::new();
            let mut bits = vec![my_bits];
            for (j, o) in theirs.iter().enumerate() {
                let (p, b) = Party::new(&pc, &bp, o, n)
                    .unwrap()
                    .assign_position(j + 1, &mut others)
                    .unwrap();
                parties.push(p);
                bits.push(b);
            }
            let (dealer, bit_challenge) = dealer.receive_bit_commitments(bits).unwrap();
            let ((me, my_poly), t1) = timed(|| me.apply_challenge(&bit_challenge).unwrap());
            let mut polys = vec![my_poly];
            let mut next = Vec::new();
            for p in parties {
                let (p, poly) = p.apply_challenge(&bit_challenge).unwrap();
                next.push(p);
                polys.push(poly);
            }
            let (dealer, poly_challenge) = dealer.receive_poly_commitments(polys).unwrap();
            let (my_share, t2) = timed(|| me.apply_challenge(&poly_challenge).unwrap());
            let mut shares = vec![my_share];
            for p in next {
                shares.push(p.apply_challenge(&poly_challenge).unwrap());
            }
            black_box(dealer.receive_shares(shares).unwrap());
            vec![t0, t1, t2]
        }),
    }
}

/// Every case: `smoke` picks smaller shapes where the full ones are slow in the test profile.
pub fn cases(smoke: bool) -> Vec<Case> {
    let agg = if smoke { 2 } else { 8 };
    vec![
        range(64, 1, 0),
        range(64, agg, 0),
        range(64, agg, 2),
        interval(),
        plus(64, 1, 1, false),
        plus(32, 2, 2, true),
        circuit(),
        shuffle(if smoke { 2 } else { 8 }),
        merkle(if smoke { 1 } else { 2 }),
        grin_single(),
        grin_mpc(),
        mpc(64, 2),
        monero(2, true),
        monero(2, false),
    ]
}

/// Monero's provers (Ed25519, Keccak transcript), `m` outputs: Bulletproofs+ (`plus`) or the
/// original Bulletproofs. Amounts and masks of the class.
fn monero(m: usize, plus: bool) -> Case {
    Case {
        name: format!(
            "Monero {}, {m} outputs",
            if plus {
                "Bulletproofs+"
            } else {
                "Bulletproofs"
            }
        ),
        phases: vec!["prove"],
        sample: Box::new(move |class, rng| {
            let mut prng = class_rng(class, rng);
            let openings: Vec<bpkit::monero::Opening> = (0..m)
                .map(|_| {
                    let v = value(class, 64, &mut prng);
                    bpkit::monero::Opening::random(v, &mut prng)
                })
                .collect();
            let (_, t) = if plus {
                timed(|| {
                    bpkit::monero::PlusProof::prove(&openings, &mut prng)
                        .map(|_| ())
                        .unwrap()
                })
            } else {
                timed(|| {
                    bpkit::monero::OriginalProof::prove(&openings, &mut prng)
                        .map(|_| ())
                        .unwrap()
                })
            };
            vec![t]
        }),
    }
}

/// Welch's t statistic of two samples.
pub fn welch(a: &[f64], b: &[f64]) -> f64 {
    let stats = |x: &[f64]| {
        let n = x.len() as f64;
        let mean = x.iter().sum::<f64>() / n;
        let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
        (n, mean, var)
    };
    let (na, ma, va) = stats(a);
    let (nb, mb, vb) = stats(b);
    (ma - mb) / (va / na + vb / nb).sqrt()
}

/// One row of the analysis: the samples kept (below a percentile of all), t, and the means.
pub struct Row {
    /// "raw" or "below pNN".
    pub label: String,
    /// Samples of class 0 and class 1 kept.
    pub counts: (usize, usize),
    /// Welch's t.
    pub t: f64,
    /// Mean time of class 0 and class 1 (µs).
    pub means: (f64, f64),
}

/// Raw and cropped t statistics of `(class, time)` samples.
pub fn analyse(samples: &[(usize, f64)]) -> Vec<Row> {
    let mut sorted: Vec<f64> = samples.iter().map(|s| s.1).collect();
    sorted.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let mut out = Vec::new();
    if sorted.is_empty() {
        return out;
    }
    for pct in [100usize, 90, 75, 50] {
        let cut = sorted[(sorted.len() * pct / 100).saturating_sub(1)];
        let pick = |c: usize| -> Vec<f64> {
            samples
                .iter()
                .filter(|s| s.0 == c && s.1 <= cut)
                .map(|s| s.1)
                .collect()
        };
        let (a, b) = (pick(0), pick(1));
        if a.len() < 2 || b.len() < 2 {
            continue;
        }
        let mean = |x: &[f64]| x.iter().sum::<f64>() / x.len() as f64;
        out.push(Row {
            label: if pct == 100 {
                "raw".to_string()
            } else {
                format!("below p{pct}")
            },
            counts: (a.len(), b.len()),
            t: welch(&a, &b),
            means: (mean(&a), mean(&b)),
        });
    }
    out
}

/// The largest |t| over the rows (0 without rows).
pub fn max_abs_t(rows: &[Row]) -> f64 {
    rows.iter().map(|r| r.t.abs()).fold(0.0, f64::max)
}
