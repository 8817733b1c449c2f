//! Structure-aware: valid circuit proofs (a one-phase and a two-phase circuit over two
//! committed values), made once from a fixed seed, mutated as the input says
//! (`common/mutate.rs`: scalars, points, swaps, bit flips, truncation, commitments, transcript
//! label; the other circuit), then verified from bytes (engine on or off; the small-circuit
//! table on the engine or on dalek), decoded, and in a
//! batch next to the unmutated proof. Verification must never panic; an unchanged proof must
//! verify; a changed one must be rejected everywhere, and the batch must name it and only it.
#![no_main]

#[path = "common/mutate.rs"]
mod mutate;

use bpkit::batch::{BatchOptions, BatchVerifier};
use bpkit::circuit::{
    set_engine_threshold, Circuit, CircuitProof, ConstraintSystem, Prover,
    RandomizableConstraintSystem, RandomizedConstraintSystem,
};
use bpkit::reexports::rand_core::SeedableRng;
use bpkit::{BulletproofGens, PedersenGens, Scalar};
use curve25519_dalek::ristretto::CompressedRistretto;
use libfuzzer_sys::fuzz_target;
use merlin::Transcript;
use mutate::{Input, Kind};
use rand_chacha::ChaCha20Rng;
use std::sync::OnceLock;

struct Base {
    circuit: Circuit,
    proof: Vec<u8>,
    commitments: Vec<[u8; 32]>,
    layout: Vec<(usize, Kind)>,
}

struct Fixed {
    pc: PedersenGens,
    bp: BulletproofGens,
    bases: [Base; 2],
}

const LABEL: &[u8] = b"circuit verify fuzz";

/// a = 3, b = 4: a·b = 12, (a + b)·(b − 1) = 21, 12·21 = 252; phase 2 (optional): with a
/// challenge z, (a + z)·b = a·b + z·b.
fn prove(pc: &PedersenGens, bp: &BulletproofGens, two_phases: bool, rng: &mut ChaCha20Rng) -> Base {
    let mut t = Transcript::new(LABEL);
    let mut p = Prover::new(pc, &mut t);
    let (ca, a) = p.commit(Scalar::from(3u64), Scalar::from(1234u64));
    let (cb, b) = p.commit(Scalar::from(4u64), Scalar::from(5678u64));
    let (_, _, o) = p.multiply(a.into(), b.into());
    p.constrain(o - 12u64);
    let (_, _, o2) = p.multiply(a + b, b - 1u64);
    p.constrain(o2 - 21u64);
    let (_, _, o3) = p.multiply(o.into(), o2.into());
    p.constrain(o3 - 252u64);
    if two_phases {
        p.specify_randomized_constraints(move |cs| {
            let z = cs.challenge(b"z")?;
            let (_, _, o4) = cs.multiply(a + z, b.into());
            cs.constrain(o4 - o - z * b);
            Ok(())
        })
        .unwrap();
    }
    let (proof, circuit) = p.prove_and_record(bp, rng).unwrap();
    let proof = proof.to_bytes();
    // A_I1, A_O1, S1, [A_I2, A_O2, S2], T₁, T₃…T₆; t_x, t̃_x, μ; L₁, R₁, …; a, b.
    let head = if two_phases { 11 } else { 8 };
    let rounds = (proof.len() / 32 - head - 5) / 2;
    let mut layout: Vec<_> = mutate::run(0, head, Kind::Point).collect();
    layout.extend(mutate::run(32 * head, 3, Kind::Scalar));
    layout.extend(mutate::run(32 * (head + 3), 2 * rounds, Kind::Point));
    layout.extend(mutate::run(32 * (head + 3 + 2 * rounds), 2, Kind::Scalar));
    mutate::check_layout(&proof, &layout, 0);
    let commitments = vec![ca.to_bytes(), cb.to_bytes()];
    Base {
        circuit,
        proof,
        commitments,
        layout,
    }
}

fn fixed() -> &'static Fixed {
    static F: OnceLock<Fixed> = OnceLock::new();
    F.get_or_init(|| {
        let pc = PedersenGens::default();
        let bp = BulletproofGens::new(64, 1);
        let mut rng = ChaCha20Rng::from_seed([23; 32]);
        let bases = [false, true].map(|two| prove(&pc, &bp, two, &mut rng));
        Fixed { pc, bp, bases }
    })
}

fuzz_target!(|data: &[u8]| {
    let f = fixed();
    let mut input = Input::new(data);
    let choice = input.byte();
    let which = usize::from(choice & 1);
    let base = &f.bases[which];
    let engine = choice & 0x80 != 0;
    let m = mutate::mutate(
        &base.proof,
        &base.layout,
        &base.commitments,
        LABEL,
        &mut input,
    );
    // Statement change: verify against the other circuit.
    let circuit = if m.statement & 1 == 1 {
        &f.bases[1 - which].circuit
    } else {
        &base.circuit
    };
    let unchanged = m.proof == base.proof
        && m.commitments == base.commitments
        && m.label == LABEL
        && std::ptr::eq(circuit, &base.circuit);
    let commitments: Vec<CompressedRistretto> = m
        .commitments
        .iter()
        .map(|c| CompressedRistretto(*c))
        .collect();
    let transcript = || mutate::transcript(LABEL, &m.label);
    set_engine_threshold(if engine { 1 } else { usize::MAX });
    // The small-circuit table on the engine or on dalek (chosen by the input's last byte; the
    // engine's is otherwise chosen only on AVX2 without dalek on IFMA).
    let engine_tables = m.proof.last().is_some_and(|b| b & 1 == 1);
    bpkit::group::engine::set_tables_preferred(Some(engine_tables));
    let mut single =
        vec![circuit.verify_bytes(&mut transcript(), &m.proof, &commitments, &f.pc, &f.bp)];
    let decoded = CircuitProof::from_bytes(&m.proof);
    if let Ok(proof) = &decoded {
        single.push(circuit.verify(&mut transcript(), proof, &commitments, &f.pc, &f.bp));
    }
    let base_commitments: Vec<CompressedRistretto> = base
        .commitments
        .iter()
        .map(|c| CompressedRistretto(*c))
        .collect();
    let mut batch = BatchVerifier::new().with_options(BatchOptions::default().engine(engine));
    batch
        .add_circuit_proof_bytes(
            &base.proof,
            &base.circuit,
            &base_commitments,
            Transcript::new(LABEL),
        )
        .unwrap();
    let added = batch.add_circuit_proof_bytes(&m.proof, circuit, &commitments, transcript());
    let batched = batch.verify_deterministic();
    if unchanged {
        assert!(decoded.is_ok());
        for r in &single {
            assert_eq!(r, &Ok(()), "the unchanged proof must verify");
        }
        assert_eq!(added, Ok(1));
        assert_eq!(batched, Ok(()), "the unchanged batch must verify");
    } else {
        for r in &single {
            assert!(r.is_err(), "a changed proof verified: {m:02x?}");
        }
        match added {
            // Refused when added (malformed): the batch holds only the valid proof.
            Err(_) => assert_eq!(batched, Ok(()), "the valid proof alone must verify"),
            Ok(_) => {
                let failed: Vec<usize> = batched
                    .as_ref()
                    .expect_err("a batch with a changed proof verified")
                    .indices()
                    .collect();
                assert_eq!(
                    failed,
                    [1],
                    "the batch must name the changed proof, and only it"
                );
            }
        }
    }
});
