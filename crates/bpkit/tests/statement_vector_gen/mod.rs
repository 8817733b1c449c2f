//! The ready-made statements' test vectors, `tests/vectors/statements.json`: shared by the
//! `gen_statement_vectors` example (writes the file) and `tests/statement_vectors.rs` (checks
//! every case and that regenerating gives the file byte for byte). Deterministic: one seeded
//! ChaCha20 generator per case.
#![allow(dead_code)]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::single_element_loop
)]

use bpkit::circuit::statements::{
    MerkleProof, MerkleStatement, Sha256Proof, Sha256Statement, Sha256Witness, ShuffleProof,
    ShuffleStatement, ShuffleWitness,
};
use bpkit::group::{CompressedRistretto, Scalar};
use bpkit::poseidon::{MerkleTree, Poseidon};
use bpkit::{BulletproofGens, Error, Opening};
use merlin::Transcript;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

/// Path of the file, relative to the workspace root.
pub const FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/vectors/statements.json"
);
/// The command that writes it.
pub const GENERATOR: &str = "cargo run -p bpkit --profile test --example gen_statement_vectors";

/// The file.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Vectors {
    /// How to regenerate it.
    pub generator: String,
    /// The cases.
    pub cases: Vec<Case>,
}

/// One case: a statement, a transcript label, a proof, and whether it verifies.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Case {
    /// What the case checks.
    pub comment: String,
    /// `sha256-preimage`, `merkle-membership` or `shuffle`.
    pub statement: String,
    /// The transcript label.
    pub label: String,
    /// Public inputs (hex): `digest` and `message_len`; `root` and `depth`.
    pub public: serde_json::Value,
    /// Commitments (hex): the leaf; the inputs then the outputs.
    pub commitments: Vec<String>,
    /// The proof (hex).
    pub proof: String,
    /// Whether it verifies.
    pub valid: bool,
    /// The error kind expected (`Error::kind`), when it does not.
    pub error: Option<String>,
}

pub fn gens() -> BulletproofGens {
    BulletproofGens::new(32768, 1)
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
        .collect()
}

fn point(s: &str) -> CompressedRistretto {
    CompressedRistretto::from_slice(&unhex(s)).unwrap()
}

fn scalar(s: &str) -> Scalar {
    Scalar::from_canonical_bytes(unhex(s).try_into().unwrap()).unwrap()
}

/// Verifies a case; Ok(()) or the error.
pub fn verify(case: &Case, bp: &BulletproofGens) -> Result<(), Error> {
    let mut t = transcript(&case.label);
    let proof = unhex(&case.proof);
    let commitments: Vec<CompressedRistretto> = case.commitments.iter().map(|c| point(c)).collect();
    match case.statement.as_str() {
        "sha256-preimage" => {
            let digest: [u8; 32] = unhex(case.public["digest"].as_str().unwrap())
                .try_into()
                .unwrap();
            let len = case.public["message_len"].as_u64().unwrap() as usize;
            let st = Sha256Statement::new(digest, len)?;
            st.verify(&mut t, &Sha256Proof::from_bytes(&proof)?, bp)
        }
        "merkle-membership" => {
            let root = scalar(case.public["root"].as_str().unwrap());
            let depth = case.public["depth"].as_u64().unwrap() as u32;
            let st = MerkleStatement::new(root, depth, commitments[0])?;
            st.verify(&mut t, &MerkleProof::from_bytes(&proof)?, bp)
        }
        "shuffle" => {
            let k = commitments.len() / 2;
            let st = ShuffleStatement::new(commitments[..k].to_vec(), commitments[k..].to_vec())?;
            st.verify(&mut t, &ShuffleProof::from_bytes(&proof)?, bp)
        }
        other => panic!("unknown statement {other}"),
    }
}

/// The transcript for a label: `Transcript::new(label)`, as the command-line tool makes it (merlin
/// wants a `'static` label; a test may leak a few bytes).
pub fn transcript(label: &str) -> Transcript {
    Transcript::new(Box::leak(label.as_bytes().to_vec().into_boxed_slice()))
}

fn case(
    comment: &str,
    statement: &str,
    label: &str,
    public: serde_json::Value,
    commitments: &[CompressedRistretto],
    proof: &[u8],
) -> Case {
    Case {
        comment: comment.into(),
        statement: statement.into(),
        label: label.into(),
        public,
        commitments: commitments.iter().map(|c| hex(c.as_bytes())).collect(),
        proof: hex(proof),
        valid: true,
        error: None,
    }
}

/// Derived invalid cases from a valid one: a flipped proof byte, a truncated proof, a trailing
/// byte, another label.
fn invalid_variants(valid: &Case, out: &mut Vec<Case>, bp: &BulletproofGens) {
    let proof = unhex(&valid.proof);
    let mut variants = Vec::new();
    let mut flipped = proof.clone();
    flipped[proof.len() / 3] ^= 0x04;
    variants.push(("a proof byte flipped", valid.label.clone(), flipped));
    variants.push((
        "the proof truncated by 32 bytes",
        valid.label.clone(),
        proof[..proof.len() - 32].to_vec(),
    ));
    let mut trailing = proof.clone();
    trailing.push(0);
    variants.push(("a trailing byte", valid.label.clone(), trailing));
    variants.push((
        "another transcript label",
        format!("{} (other)", valid.label),
        proof.clone(),
    ));
    for (what, label, p) in variants {
        let mut c = valid.clone();
        c.comment = format!("{}: {what}", valid.comment);
        c.label = label;
        c.proof = hex(&p);
        let e = verify(&c, bp).expect_err("an invalid case verified");
        c.valid = false;
        c.error = Some(e.kind().to_string());
        out.push(c);
    }
}

/// Generates every case (the valid ones proven, the invalid ones derived and checked).
pub fn generate() -> Vectors {
    let bp = gens();
    let mut cases = Vec::new();

    // SHA-256: the FIPS 180-4 "abc" message (one block; the longest one-block message is proven
    // in tests/statements.rs).
    for (seed, msg) in [(1u64, b"abc".to_vec())] {
        let w = Sha256Witness::new(msg.clone());
        let st = Sha256Statement::for_witness(&w).unwrap();
        let label = format!("sha256 vector {seed}");
        let proof = st
            .prove(
                &mut transcript(&label),
                &w,
                &bp,
                &mut ChaCha20Rng::seed_from_u64(seed),
            )
            .unwrap();
        let public =
            serde_json::json!({"digest": hex(st.digest()), "message_len": st.message_len()});
        let c = case(
            &format!("{}-byte message", msg.len()),
            "sha256-preimage",
            &label,
            public,
            &[],
            &proof.to_bytes(),
        );
        verify(&c, &bp).unwrap();
        cases.push(c.clone());
        if seed == 1 {
            invalid_variants(&c, &mut cases, &bp);
            let mut wrong = c.clone();
            wrong.comment = "3-byte message: another digest".into();
            let mut d = st.digest().to_vec();
            d[0] ^= 1;
            wrong.public["digest"] = serde_json::Value::String(hex(&d));
            wrong.error = Some(verify(&wrong, &bp).unwrap_err().kind().into());
            wrong.valid = false;
            cases.push(wrong);
        }
    }

    // Merkle membership at depths 1 and 4.
    let poseidon = Poseidon::new();
    for (seed, depth, values, index) in [
        (3u64, 1u32, vec![7u64, 8], 1u64),
        (4, 4, (1..=11).map(|v| v * 1000).collect::<Vec<u64>>(), 6),
    ] {
        let leaves: Vec<Scalar> = values.iter().map(|v| Scalar::from(*v)).collect();
        let tree = MerkleTree::new(&poseidon, depth, &leaves).unwrap();
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let blinding = Opening::random(0, &mut rng).blinding;
        let (st, w) =
            MerkleStatement::for_leaf(&tree, values[index as usize], index, blinding).unwrap();
        let label = format!("merkle vector {seed}");
        let proof = st
            .prove(&mut transcript(&label), &w, &bp, &mut rng)
            .unwrap();
        let public = serde_json::json!({"root": hex(st.root().as_bytes()), "depth": st.depth()});
        let c = case(
            &format!("depth {depth}, leaf {index} of {}", values.len()),
            "merkle-membership",
            &label,
            public,
            &[*st.leaf_commitment()],
            &proof.to_bytes(),
        );
        verify(&c, &bp).unwrap();
        cases.push(c.clone());
        if seed == 4 {
            invalid_variants(&c, &mut cases, &bp);
            let mut wrong = c.clone();
            wrong.comment = format!("{}: another leaf commitment", c.comment);
            wrong.commitments = vec![hex(Opening::new(values[0], blinding).commit().as_bytes())];
            wrong.error = Some(verify(&wrong, &bp).unwrap_err().kind().into());
            wrong.valid = false;
            cases.push(wrong);
        }
    }

    // Shuffles of k = 2 and k = 5.
    for (seed, inputs, outputs) in [
        (5u64, vec![1u64, 2], vec![2u64, 1]),
        (6, vec![9, 8, 7, 9, 1], vec![1, 9, 9, 8, 7]),
    ] {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let mut open = |vs: &[u64]| -> Vec<Opening> {
            vs.iter().map(|v| Opening::random(*v, &mut rng)).collect()
        };
        let w = ShuffleWitness::new(open(&inputs), open(&outputs));
        let st = ShuffleStatement::for_witness(&w).unwrap();
        let label = format!("shuffle vector {seed}");
        let proof = st
            .prove(&mut transcript(&label), &w, &bp, &mut rng)
            .unwrap();
        let commitments: Vec<CompressedRistretto> =
            st.inputs().iter().chain(st.outputs()).copied().collect();
        let c = case(
            &format!("k = {}", inputs.len()),
            "shuffle",
            &label,
            serde_json::json!({}),
            &commitments,
            &proof.to_bytes(),
        );
        verify(&c, &bp).unwrap();
        cases.push(c.clone());
        if seed == 6 {
            invalid_variants(&c, &mut cases, &bp);
            let mut wrong = c.clone();
            wrong.comment = format!("{}: outputs listed as inputs", c.comment);
            let k = inputs.len();
            let mut swapped = c.commitments[k..].to_vec();
            swapped.extend_from_slice(&c.commitments[..k]);
            wrong.commitments = swapped;
            wrong.error = Some(verify(&wrong, &bp).unwrap_err().kind().into());
            wrong.valid = false;
            cases.push(wrong);
        }
    }
    Vectors {
        generator: GENERATOR.into(),
        cases,
    }
}

/// The file's text.
pub fn to_json(v: &Vectors) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap();
    s.push('\n');
    s
}
