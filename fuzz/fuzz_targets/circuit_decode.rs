//! Circuit proofs: decoding round-trips exactly, and decoding + verifying against fixed
//! circuits (one phase and two phases, chosen by the first byte) never panics.
#![no_main]

use bpkit::circuit::{
    Circuit, CircuitProof, ConstraintSystem, RandomizableConstraintSystem,
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
    F.get_or_init(|| Fixed {
        pc: PedersenGens::default(),
        bp: BulletproofGens::new(64, 1),
        circuits: [circuit(false), circuit(true)],
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, bytes)) = data.split_first() else {
        return;
    };
    if let Ok(proof) = CircuitProof::from_bytes(bytes) {
        assert_eq!(proof.to_bytes(), bytes, "decoding must be canonical");
        let f = fixed();
        let c = &f.circuits[usize::from(which & 1)];
        let commitments = [
            CompressedRistretto(*f.pc.b().compress().as_bytes()),
            CompressedRistretto([which; 32]),
        ];
        let _ = c.verify(&mut Transcript::new(b"fuzz"), &proof, &commitments, &f.pc, &f.bp);
    }
});
