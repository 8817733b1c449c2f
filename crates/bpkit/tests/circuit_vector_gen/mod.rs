//! Generation of `tests/vectors/circuit.json`, shared by the generator example
//! (`gen_circuit_vectors`) and the test that checks the file (`circuit_vectors`).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    dead_code
)]

#[path = "../circuit_common/mod.rs"]
mod circuit_common;

use bpkit::circuit::{Circuit, CircuitProof};
use bpkit::group::CompressedRistretto;
use bpkit::Error;
use circuit_common::*;
use merlin::Transcript;
use serde::{Deserialize, Serialize};

/// The file, relative to the crate.
pub const FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/vectors/circuit.json"
);
/// The command that writes it.
pub const GENERATOR: &str = "cargo run -p bpkit --profile test --example gen_circuit_vectors";

/// The vector file.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq)]
pub struct Vectors {
    /// How the file was made.
    pub generator: String,
    /// What the cases are.
    pub description: String,
    /// Transcript label of every proof (no other context is appended).
    pub transcript_label: String,
    /// Generators: the default Pedersen pair and party 0 of the default vector generators.
    pub generators: String,
    /// The cases.
    pub cases: Vec<Case>,
}

/// One case: a circuit (canonical JSON description, spec §12.2), commitments and a proof.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq)]
pub struct Case {
    /// What the case tests.
    pub name: String,
    /// The circuit's JSON description (possibly malformed, for the invalid cases).
    pub circuit: String,
    /// The circuit digest (spec §12.3), hex; empty when the description is invalid.
    pub digest: String,
    /// Commitments `V_j`, hex.
    pub commitments: Vec<String>,
    /// The proof, hex.
    pub proof: String,
    /// `"ok"` or the `Error::kind()` verification must fail with.
    pub expected: String,
}

/// Verifies a case from its text: `Ok(())` or the error.
pub fn check_case(label: &[u8], case: &Case) -> Result<(), Error> {
    let circuit = Circuit::from_json(&case.circuit)?;
    let proof = CircuitProof::from_bytes(&hex::decode(&case.proof).unwrap())?;
    let commitments: Vec<CompressedRistretto> = case
        .commitments
        .iter()
        .map(|c| CompressedRistretto(hex::decode(c).unwrap().try_into().unwrap()))
        .collect();
    let (pc, bp) = gens();
    let label: &'static [u8] = Box::leak(label.to_vec().into_boxed_slice());
    circuit.verify(&mut Transcript::new(label), &proof, &commitments, pc, bp)
}

fn case(name: &str, circuit: &Circuit, cs: &[CompressedRistretto], proof: &[u8]) -> Case {
    Case {
        name: name.into(),
        circuit: circuit.to_json(),
        digest: hex::encode(circuit.digest()),
        commitments: cs.iter().map(|c| hex::encode(c.as_bytes())).collect(),
        proof: hex::encode(proof),
        expected: String::new(),
    }
}

fn changed_coefficient(c: &Circuit) -> Circuit {
    let mut rows = c.rows().to_vec();
    let last = rows.len() - 1;
    rows[last] = rows[last].clone() + 1u64;
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

/// Every case, with its expected result filled in by verifying it.
pub fn generate() -> Vectors {
    let mut cases = Vec::new();
    let mut shapes = vec![
        ("one phase", small_shape(false)),
        ("two phases", small_shape(true)),
    ];
    shapes.push((
        "two phases, 20 multipliers",
        Shape {
            values: vec![9, 8, 7],
            products: vec![(0, 1, 1), (1, 2, 2), (2, 0, 3), (0, 0, 4)],
            permutation: vec![1, 2, 0],
            break_it: false,
        },
    ));
    for (i, (name, shape)) in shapes.iter().enumerate() {
        let (proof, cs, circuit) = prove(shape, 1000 + i as u64).unwrap();
        let bytes = proof.to_bytes();
        cases.push(case(&format!("valid: {name}"), &circuit, &cs, &bytes));
        if i == 2 {
            continue;
        }
        // Tampered: t_x + 1 (still canonical).
        let at = if proof.has_phase_two() {
            32 * 11
        } else {
            32 * 8
        };
        let mut t = bytes.clone();
        t[at] ^= 1;
        cases.push(case(&format!("tampered t_x: {name}"), &circuit, &cs, &t));
        let mut t = bytes.clone();
        let last = t.len() - 1;
        t[last - 40] ^= 0x10;
        cases.push(case(&format!("tampered a: {name}"), &circuit, &cs, &t));
        let mut wrong = cs.clone();
        wrong.swap(0, 1);
        cases.push(case(
            &format!("wrong commitments: {name}"),
            &circuit,
            &wrong,
            &bytes,
        ));
        cases.push(case(
            &format!("circuit with one coefficient changed: {name}"),
            &changed_coefficient(&circuit),
            &cs,
            &bytes,
        ));
        let more = Circuit::new(
            circuit.num_commitments(),
            circuit.phase_one_multipliers(),
            circuit.multipliers() + 1,
            circuit.rows().to_vec(),
            circuit.phase_one_rows(),
            circuit.challenge_labels().to_vec(),
        )
        .unwrap();
        cases.push(case(
            &format!("one more multiplier: {name}"),
            &more,
            &cs,
            &bytes,
        ));
        // Malformed encodings.
        cases.push(case(
            &format!("truncated: {name}"),
            &circuit,
            &cs,
            &bytes[..bytes.len() - 1],
        ));
        let mut longer = bytes.clone();
        longer.extend_from_slice(&[0u8; 32]);
        cases.push(case(
            &format!("32 trailing bytes: {name}"),
            &circuit,
            &cs,
            &longer,
        ));
        let mut id = bytes.clone();
        id[..32].fill(0);
        cases.push(case(&format!("identity A_I1: {name}"), &circuit, &cs, &id));
        let mut nc = bytes.clone();
        nc[at..at + 32].fill(0xff);
        cases.push(case(
            &format!("non-canonical t_x: {name}"),
            &circuit,
            &cs,
            &nc,
        ));
        let mut bad_point = bytes.clone();
        bad_point[32..64].fill(0xff);
        cases.push(case(
            &format!("invalid point A_O1: {name}"),
            &circuit,
            &cs,
            &bad_point,
        ));
        // A non-canonical description of the same circuit.
        let mut c = case(
            &format!("non-canonical description: {name}"),
            &circuit,
            &cs,
            &bytes,
        );
        c.circuit = c.circuit.replacen(',', ", ", 1);
        c.digest = String::new();
        cases.push(c);
    }
    for c in &mut cases {
        c.expected = match check_case(LABEL, c) {
            Ok(()) => "ok".into(),
            Err(e) => e.kind().into(),
        };
    }
    Vectors {
        generator: GENERATOR.into(),
        description: "Arithmetic-circuit proofs (spec §12): circuits in their canonical JSON \
                      description, commitments and proofs; valid cases, tampered proofs, wrong \
                      commitments, circuits that differ in one coefficient or in the number of \
                      multipliers, malformed encodings and descriptions."
            .into(),
        transcript_label: String::from_utf8(LABEL.to_vec()).unwrap(),
        generators: "PedersenGens::default(), BulletproofGens party 0".into(),
        cases,
    }
}

/// The file's text.
pub fn to_json(v: &Vectors) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap();
    s.push('\n');
    s
}
