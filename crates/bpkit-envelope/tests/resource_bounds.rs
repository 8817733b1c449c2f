//! Resource bounds of the verifiers (docs/spec.md, "Resource bounds"): every public entry that
//! takes untrusted input is fed an input at its limits — the largest statement each scheme
//! accepts, envelopes filled to 1 MiB, a described circuit at the default limit of 2¹⁶
//! multipliers — and the peak of its heap allocations (a counting global allocator) must stay
//! under the bound the spec's table documents.
//!
//! Each row runs in a fresh process (this test binary, re-run with `BPKIT_BOUNDS_ROW`), so
//! that the process-wide generator caches start empty and are counted: the figure is what one
//! input can make a fresh verifier allocate. Forged proofs (valid points, canonical scalars, the
//! statement's size) go through the whole verification and are refused only by its equation;
//! each row checks that (a refusal at decoding would measure nothing).
//!
//! `BPKIT_BOUNDS_REPORT=1 cargo test -p bpkit-envelope --test resource_bounds -- --nocapture`
//! prints the table.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::cast_precision_loss
)]

use bpkit::circuit::statements::{MerkleStatement, Sha256Statement, ShuffleStatement};
use bpkit::group::{CompressedRistretto, Scalar};
use bpkit::plus::ExtendedOpening;
use bpkit::Opening;
use bpkit_envelope::circuit::{CircuitEnvelope, Statement};
use bpkit_envelope::*;
use peak_alloc::PeakAlloc;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::time::Instant;

#[global_allocator]
static ALLOCATOR: PeakAlloc = PeakAlloc;

const MIB: usize = 1 << 20;

/// A row: its name, the bound on the peak heap (bytes), the input's builder and the outcome
/// the verifier must reach.
struct Row {
    name: &'static str,
    bound: usize,
    build: fn() -> Input,
    expect: Option<Category>,
}

/// An input at the limit, as a verifier receives it.
enum Input {
    /// An envelope of any scheme, for `verify_json` (`bpkit verify FILE`).
    Json(String),
    /// A circuit description, its proof, for `verify_circuit` (`bpkit verify --circuit`).
    Described(String, Vec<u8>),
    /// Envelopes verified in one batch (`batch::verify_envelopes`, `bpkit batch-verify`).
    Batch(Vec<String>),
}

impl Input {
    fn size(&self) -> usize {
        match self {
            Input::Json(t) => t.len(),
            Input::Described(d, p) => d.len() + p.len(),
            Input::Batch(lines) => lines.iter().map(String::len).sum(),
        }
    }

    /// Verifies; `Ok` or the failure's category.
    fn verify(&self) -> Result<(), Category> {
        match self {
            Input::Json(t) => verify_json(t).map_err(|e| e.category()),
            Input::Described(d, p) => verify_circuit(d, &[], p, "bounds").map_err(|e| e.category()),
            Input::Batch(lines) => {
                let envelopes: Vec<Envelope> = lines.iter().map(|l| parse(l).unwrap()).collect();
                let mut rng = StdRng::seed_from_u64(4);
                let report = batch::verify_envelopes(&envelopes, 1, &mut rng);
                if report.is_ok() {
                    Ok(())
                } else {
                    Err(Category::Invalid)
                }
            }
        }
    }

    /// Writes the input where the command-line tool can read it (`BPKIT_BOUNDS_DUMP`).
    fn dump(&self, dir: &std::path::Path, name: &str) {
        let stem: String = name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        let write = |ext: &str, text: &str| {
            std::fs::write(dir.join(format!("{stem}.{ext}")), text).unwrap()
        };
        match self {
            Input::Json(t) => write("json", t),
            Input::Described(d, p) => {
                write("circuit.json", d);
                write("proof.hex", &hex::encode(p));
            }
            Input::Batch(lines) => write("jsonl", &lines.join("\n")),
        }
    }
}

/// A Ristretto point (a commitment to `i`).
fn point(i: u64) -> CompressedRistretto {
    Opening::new(i, Scalar::ONE).commit()
}

/// A well-formed one-phase circuit proof of `rounds` rounds (valid points, canonical scalars).
fn forged_circuit_proof(rounds: usize) -> Vec<u8> {
    let p = point(1);
    let one = Scalar::ONE.to_bytes();
    let mut out = Vec::new();
    let mut put = |b: &[u8; 32], k: usize| (0..k).for_each(|_| out.extend_from_slice(b));
    put(p.as_bytes(), 8);
    put(&one, 3);
    put(p.as_bytes(), 2 * rounds);
    put(&one, 2);
    out
}

/// `rounds` such that 2^rounds = n (n a power of two).
fn rounds(n: usize) -> usize {
    n.trailing_zeros() as usize
}

fn circuit_row(statement: Statement, padded: usize) -> Input {
    let env = CircuitEnvelope {
        statement,
        label: "bounds".into(),
        proof: forged_circuit_proof(rounds(padded)),
    };
    Input::Json(circuit::to_json(&env).unwrap())
}

/// The largest SHA-256 message whose circuit is within the default limit.
fn largest_sha256() -> Sha256Statement {
    let mut best = None;
    for len in 0..=1024usize {
        let st = Sha256Statement::new([7; 32], len).unwrap();
        if st.multipliers() <= DEFAULT_MAX_MULTIPLIERS {
            best = Some(st);
        }
    }
    best.unwrap()
}

/// An Ed25519 point (the basepoint's encoding) and a canonical scalar, for Monero forgeries.
const ED_BASE: [u8; 32] = [
    0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
    0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
];

/// A Monero envelope of 16 outputs (the most Monero allows) with a forged proof of 10 rounds.
fn monero_row(plus: bool) -> Input {
    let one = Scalar::ONE.to_bytes();
    let mut proof = Vec::new();
    let mut put = |b: &[u8], k: usize| (0..k).for_each(|_| proof.extend_from_slice(b));
    let r = 10;
    if plus {
        put(&ED_BASE, 3);
        put(&one, 3);
    } else {
        put(&ED_BASE, 4);
        put(&one, 2);
    }
    put(&[r as u8], 1);
    put(&ED_BASE, r);
    put(&[r as u8], 1);
    put(&ED_BASE, r);
    if !plus {
        put(&one, 3);
    }
    let commitments: Vec<String> = (0..16)
        .map(|_| format!("\"{}\"", hex::encode(&ED_BASE)))
        .collect();
    let text = format!(
        r#"{{"version":1,"scheme":"{}","commitments":[{}],"proof":"{}"}}"#,
        if plus { "monero-bp+" } else { "monero-bp" },
        commitments.join(","),
        hex::encode(&proof)
    );
    Input::Json(text)
}

/// A described circuit of 2¹⁶ multipliers (the default limit), its rows filling `fill` bytes
/// (one-term rows), with a forged proof of 16 rounds.
fn described_row(fill: usize) -> Input {
    let n = DEFAULT_MAX_MULTIPLIERS;
    let one = hex::encode(&Scalar::ONE.to_bytes());
    let mut rows = Vec::new();
    let mut size = 0;
    let mut i = 0usize;
    while size < fill {
        let row = format!(r#"[["L{i}","{one}"]]"#);
        size += row.len() + 1;
        rows.push(row);
        i = (i + 1) % n;
    }
    let description = format!(
        r#"{{"bpkit_circuit":1,"commitments":0,"multipliers":[{n},0],"challenges":[],"phase1":[{}],"phase2":[]}}"#,
        rows.join(",")
    );
    Input::Described(description, forged_circuit_proof(rounds(n)))
}

const ROWS: &[Row] = &[
    Row {
        // The largest range statement: 64 values of 64 bits (a valid proof).
        name: "bp range m=64 n=64",
        bound: 8 * MIB,
        expect: None,
        build: || {
            let mut rng = StdRng::seed_from_u64(1);
            let openings: Vec<Opening> = (0..64).map(|i| Opening::random(i, &mut rng)).collect();
            let env = prove::range(&openings, 64, "bounds", &mut rng).unwrap();
            let text = to_json(&env).unwrap();
            Input::Json(text)
        },
    },
    Row {
        // The largest Bulletproofs+ statement: 64 values of 64 bits, 6 blindings (valid).
        name: "bp+ m=64 n=64 k=6",
        bound: 8 * MIB,
        expect: None,
        build: || {
            let mut rng = StdRng::seed_from_u64(2);
            let openings: Vec<ExtendedOpening> = (0..64)
                .map(|i| ExtendedOpening::random(i, 6, &mut rng))
                .collect();
            let env = prove::plus(
                &openings,
                64,
                None,
                GeneratorSet::Bpkit,
                "bounds",
                None,
                &mut rng,
            )
            .unwrap();
            let text = to_json(&env).unwrap();
            Input::Json(text)
        },
    },
    Row {
        // A Grin proof whose extra data fills a 1 MiB envelope (valid).
        name: "grin-bp 64 bits, 1 MiB envelope",
        bound: 4 * MIB,
        expect: None,
        build: || {
            use bpkit::grin::{self, GrinGens, GrinWitness};
            use bpkit::group::secp256k1::Scalar as S;
            let gens = GrinGens::shared().unwrap();
            let witness = GrinWitness {
                value: 5,
                blinding: S::from(77u64),
                rewind_nonce: [1; 32],
                private_nonce: Some([2; 32]),
                message: None,
            };
            let extra = vec![0xa5u8; (MIB - 2048) / 2];
            let (commitment, proof) = grin::prove(gens, &witness, 64, Some(&extra)).unwrap();
            let env = bpkit_envelope::grin::GrinEnvelope {
                bits: 64,
                commitment,
                extra: Some(extra),
                proof: proof.to_bytes(),
            };
            let text = bpkit_envelope::grin::grin_to_json(&env).unwrap();
            assert!(text.len() <= MIB, "{}", text.len());
            Input::Json(text)
        },
    },
    Row {
        name: "monero-bp+ 16 outputs",
        bound: 4 * MIB,
        expect: Some(Category::Invalid),
        build: || monero_row(true),
    },
    Row {
        name: "monero-bp 16 outputs",
        bound: 4 * MIB,
        expect: Some(Category::Invalid),
        build: || monero_row(false),
    },
    Row {
        // k = 4096 (the most): 8,190 multipliers, 8,192 commitments.
        name: "circuit shuffle k=4096",
        bound: 8 * MIB,
        expect: Some(Category::Invalid),
        build: || {
            let k = bpkit::circuit::statements::MAX_SHUFFLE as u64;
            let st =
                ShuffleStatement::new((0..k).map(point).collect(), (k..2 * k).map(point).collect())
                    .unwrap();
            let padded = st.padded_multipliers();
            circuit_row(Statement::Shuffle(st), padded)
        },
    },
    Row {
        // Depth 32 (the most): 7,882 multipliers.
        name: "circuit merkle depth=32",
        bound: 12 * MIB,
        expect: Some(Category::Invalid),
        build: || {
            let st = MerkleStatement::new(Scalar::from(9u64), 32, point(3)).unwrap();
            let padded = st.padded_multipliers();
            circuit_row(Statement::Merkle(st), padded)
        },
    },
    Row {
        // The longest message within the default limit (119 bytes, 52,554 multipliers).
        name: "circuit sha256 at the default limit",
        bound: 64 * MIB,
        expect: Some(Category::Invalid),
        build: || {
            let st = largest_sha256();
            let padded = st.padded_multipliers();
            circuit_row(Statement::Sha256(st), padded)
        },
    },
    Row {
        // 2^16 multipliers, no constraints.
        name: "described circuit 2^16, empty",
        bound: 48 * MIB,
        expect: Some(Category::Invalid),
        build: || described_row(0),
    },
    Row {
        // 2^16 multipliers, rows filling 1 MiB.
        name: "described circuit 2^16, 1 MiB of rows",
        bound: 48 * MIB,
        expect: Some(Category::Invalid),
        build: || described_row(MIB - 4096),
    },
    Row {
        // A batch of 256 single-value range proofs (valid), parsed and verified together: the
        // batch's memory grows with its size; this is the per-proof figure's measure.
        name: "batch of 256 bp envelopes m=1",
        bound: 10 * MIB,
        expect: None,
        build: || {
            let mut rng = StdRng::seed_from_u64(3);
            let lines: Vec<String> = (0..256)
                .map(|i| {
                    let o = Opening::random(i, &mut rng);
                    to_json(&prove::range(&[o], 64, "bounds", &mut rng).unwrap()).unwrap()
                })
                .collect();
            Input::Batch(lines)
        },
    },
    Row {
        // A 1 MiB bp envelope of 15,000 commitments: refused (m > 64) after parsing.
        name: "bp envelope, 1 MiB of commitments",
        bound: 4 * MIB,
        expect: Some(Category::Malformed),
        build: || {
            let c = format!("\"{}\"", hex::encode(point(1).as_bytes()));
            let list: Vec<&str> = (0..15_000).map(|_| c.as_str()).collect();
            let text = format!(
                r#"{{"version":1,"scheme":"bp","bits":64,"label":"bounds","commitments":[{}],"proof":""}}"#,
                list.join(",")
            );
            assert!(text.len() <= MIB);
            Input::Json(text)
        },
    },
];

/// In a child process: runs the row named by `BPKIT_BOUNDS_ROW` and prints its figures (and
/// writes its input to the directory `BPKIT_BOUNDS_DUMP`, if set).
#[test]
fn bounds_child() {
    let Ok(name) = std::env::var("BPKIT_BOUNDS_ROW") else {
        return;
    };
    let row = ROWS.iter().find(|r| r.name == name).unwrap();
    let input = (row.build)();
    if let Some(dir) = std::env::var_os("BPKIT_BOUNDS_DUMP") {
        input.dump(std::path::Path::new(&dir), row.name);
    }
    let before = ALLOCATOR.current_usage();
    ALLOCATOR.reset_peak_usage();
    let start = Instant::now();
    let outcome = input.verify();
    let secs = start.elapsed().as_secs_f64();
    let peak = ALLOCATOR.peak_usage().saturating_sub(before);
    // Forged proofs must be refused by the verification equation (invalid), not at decoding:
    // otherwise the row would measure nothing.
    assert_eq!(outcome.err(), row.expect, "{name}");
    println!("\nBOUNDS-RESULT\t{}\t{peak}\t{secs:.3}", input.size());
}

#[test]
fn verifiers_stay_within_the_documented_bounds() {
    if std::env::var_os("BPKIT_BOUNDS_ROW").is_some() {
        return;
    }
    let exe = std::env::current_exe().unwrap();
    let report = std::env::var_os("BPKIT_BOUNDS_REPORT").is_some();
    let mut failures = Vec::new();
    for row in ROWS {
        let out = std::process::Command::new(&exe)
            .args([
                "--exact",
                "bounds_child",
                "--nocapture",
                "--test-threads",
                "1",
            ])
            .env("BPKIT_BOUNDS_ROW", row.name)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}: {stdout}{}",
            row.name,
            String::from_utf8_lossy(&out.stderr)
        );
        let line = stdout
            .lines()
            .find_map(|l| l.split_once("BOUNDS-RESULT\t").map(|(_, r)| r))
            .unwrap_or_else(|| panic!("{}: no result in {stdout}", row.name));
        let f: Vec<f64> = line.split('\t').map(|x| x.parse().unwrap()).collect();
        let (size, peak, secs) = (f[0], f[1] as usize, f[2]);
        if report {
            println!(
                "| {} | {:.1} KiB | {:.2} MiB | {:.2} MiB | {secs:.2} s |",
                row.name,
                size / 1024.0,
                peak as f64 / MIB as f64,
                row.bound as f64 / MIB as f64
            );
        }
        if peak > row.bound {
            failures.push(format!("{}: {peak} bytes > {}", row.name, row.bound));
        }
    }
    assert!(failures.is_empty(), "{failures:?}");
}
