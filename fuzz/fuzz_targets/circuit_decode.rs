//! Circuit proofs: decoding round-trips exactly, and decoding + verifying against fixed
//! circuits (one phase and two phases, chosen by the first byte) never panics. Verification on
//! the verification engine and on curve25519-dalek must agree (answer and error): single
//! (`Circuit::verify_bytes`, whose errors must be `from_bytes`'s for malformed input) and in a
//! batch with the engine on and off (the proof next to itself under another transcript).
#![no_main]

use bpkit::batch::{BatchOptions, BatchVerifier};
use bpkit::circuit::{
    set_engine_threshold, Circuit, CircuitProof, ConstraintSystem, RandomizableConstraintSystem,
    RandomizedConstraintSystem, Recorder,
};
use bpkit::group::CompressedRistretto;
use bpkit::{BulletproofGens, PedersenGens};
use libfuzzer_sys::fuzz_target;
use merlin::Transcript;
use std::sync::OnceLock;

struct Fixed {
    pc: PedersenGens,
    bp: BulletproofGens,
    circuits: [Circuit; 2],
}

fn circuit(two_phases: bool) -> Circuit {
    let mut r = Recorder::new();
    let a = r.commit();
    let b = r.commit();
    let (_, _, o) = r.multiply(a + 1u64, b.into());
    r.constrain(o - 12u64);
    for i in 0..3u64 {
        let (l, _, _) = r.allocate_multiplier(None).unwrap();
        r.constrain(l - i);
    }
    if two_phases {
        r.specify_randomized_constraints(move |cs| {
            let z = cs.challenge(b"z")?;
            let (_, _, o) = cs.multiply(a - z, b - z);
            cs.constrain(o - a * z);
            Ok(())
        })
        .unwrap();
    }
    r.into_circuit().unwrap()
}

fn fixed() -> &'static Fixed {
    static F: OnceLock<Fixed> = OnceLock::new();
    // A single verification takes the engine only once the default generators are converted
    // (`generators::engine_ready`): convert them up front, so that the engine side of every
    // comparison below really runs on the engine, from the first input on.
    F.get_or_init(|| {
        assert!(bpkit::generators::shared_engine(64, 1).covers(64, 1));
        fixed_parts()
    })
}

fn fixed_parts() -> Fixed {
    Fixed {
        pc: PedersenGens::default(),
        bp: BulletproofGens::new(64, 1),
        circuits: [circuit(false), circuit(true)],
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, bytes)) = data.split_first() else {
        return;
    };
    let f = fixed();
    let c = &f.circuits[usize::from(which & 1)];
    let commitments = [
        CompressedRistretto(*f.pc.b().compress().as_bytes()),
        CompressedRistretto([which; 32]),
    ];
    let parsed = CircuitProof::from_bytes(bytes);
    if let Ok(proof) = &parsed {
        assert_eq!(proof.to_bytes(), bytes, "decoding must be canonical");
        let _ = c.verify(
            &mut Transcript::new(b"fuzz"),
            proof,
            &commitments,
            &f.pc,
            &f.bp,
        );
    }
    // Single verification from bytes on each path (the threshold is process-wide; the fuzzer
    // runs one input at a time).
    let single = |threshold: usize| {
        set_engine_threshold(threshold);
        c.verify_bytes(
            &mut Transcript::new(b"fuzz"),
            bytes,
            &commitments,
            &f.pc,
            &f.bp,
        )
    };
    let on = single(1);
    let off = single(usize::MAX);
    assert_eq!(on, off, "engine and dalek single verification disagree");
    if let Err(e) = &parsed {
        assert_eq!(on.as_ref().err(), Some(e), "not from_bytes' error");
    }
    // In a batch (shared generators), the engine on and off.
    set_engine_threshold(1);
    let batch = |engine: bool| {
        let mut b = BatchVerifier::new().with_options(BatchOptions::default().engine(engine));
        let added = [b"fuzz a", b"fuzz b"]
            .map(|l| b.add_circuit_proof_bytes(bytes, c, &commitments, Transcript::new(l)));
        (added, b.verify_deterministic())
    };
    assert_eq!(
        batch(true),
        batch(false),
        "engine and dalek batches disagree"
    );
});
