//! `bpkit demo`: proves and verifies 64-bit range proofs with Bulletproofs and Bulletproofs+ for
//! several m, side by side, and times them.

use super::Status;
use crate::args::{Flag, Parsed};
use crate::error::{describe, CliError};
use crate::files::print;
use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
use bpkit::{Opening, RangeProof};
use merlin::Transcript;
use rand::rngs::StdRng;
use rand::RngExt;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// Usage text.
pub const USAGE: &str = "\
Usage: bpkit demo [--quick]

Proves and verifies 64-bit range proofs of m = 1, 2, 8 and 64 random values with Bulletproofs
(bp) and Bulletproofs+ (bp+, bpkit's default generators) over the same openings, and prints the
proof sizes and the median prove and verify times over 5 runs, side by side. Each proof is also
checked to fail under another transcript label, and both schemes must commit to the same
values identically. A last row proves and verifies a SHA-256 preimage (an arithmetic-circuit
proof of a 32-byte message, `bpkit circuit prove sha256`). Exits 0 if every proof verifies (and every altered one fails), 1
otherwise. Build with --release for meaningful times.

Options:
    --quick       one run per m instead of 5 (for tests and slow machines)
    -h, --help    print this help
";

/// Flags accepted.
pub const FLAGS: &[Flag] = &[Flag::switch("--quick")];

const BITS: usize = 64;
const SIZES: [usize; 4] = [1, 2, 8, 64];
const RUNS: usize = 5;
const LABEL: &str = "bpkit demo";
const ALTERED: &str = "bpkit demo (altered)";

/// The transcript of a fixed label.
fn transcript(label: &'static str) -> Transcript {
    Transcript::new(label.as_bytes())
}

/// Results of one scheme for one m.
#[derive(Default)]
struct Timing {
    size: usize,
    prove: Vec<Duration>,
    verify: Vec<Duration>,
}

/// Results for one m.
struct Row {
    m: usize,
    bp: Timing,
    plus: Timing,
    ok: bool,
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

fn fmt_ms(times: &[Duration]) -> String {
    format!("{:.2}", median(times.to_vec()).as_secs_f64() * 1e3)
}

fn cannot_prove(scheme: &str, e: &bpkit::Error) -> CliError {
    CliError::Malformed(format!("demo: cannot prove ({scheme}): {}", describe(e)))
}

fn measure(m: usize, runs: usize, gens: &PlusGens, rng: &mut StdRng) -> Result<Row, CliError> {
    let mut row = Row {
        m,
        bp: Timing::default(),
        plus: Timing::default(),
        ok: true,
    };
    for _ in 0..runs {
        let openings: Vec<Opening> = (0..m)
            .map(|_| {
                let value: u64 = rng.random();
                Opening::random(value, rng)
            })
            .collect();

        // Bulletproofs.
        let start = Instant::now();
        let (proof, statement) = RangeProof::prove(&mut transcript(LABEL), &openings, BITS, rng)
            .map_err(|e| cannot_prove("bp", &e))?;
        row.bp.prove.push(start.elapsed());
        row.bp.size = proof.to_bytes().len();
        let start = Instant::now();
        let verified = proof.verify(&mut transcript(LABEL), &statement);
        row.bp.verify.push(start.elapsed());
        row.ok &= verified.is_ok();
        row.ok &= proof.verify(&mut transcript(ALTERED), &statement).is_err();

        // Bulletproofs+ over the same openings.
        let extended: Vec<ExtendedOpening> = openings
            .iter()
            .map(|o| ExtendedOpening::new(o.value, vec![o.blinding]))
            .collect();
        let start = Instant::now();
        let plus_statement = PlusStatement::commit(gens.pedersen(), BITS, &extended, None)
            .map_err(|e| cannot_prove("bp+", &e))?;
        let plus = PlusProof::prove(
            &mut transcript(LABEL),
            gens,
            &plus_statement,
            &extended,
            rng,
        )
        .map_err(|e| cannot_prove("bp+", &e))?;
        row.plus.prove.push(start.elapsed());
        row.plus.size = plus.to_bytes().len();
        let start = Instant::now();
        let verified = plus.verify(&mut transcript(LABEL), gens, &plus_statement);
        row.plus.verify.push(start.elapsed());
        row.ok &= verified.is_ok();
        row.ok &= plus
            .verify(&mut transcript(ALTERED), gens, &plus_statement)
            .is_err();
        // bpkit's BP+ generators are the core's: one commitment, either scheme.
        row.ok &= plus_statement.commitments() == statement.commitments();
    }
    Ok(row)
}

/// The SHA-256 preimage row: one 32-byte message (one block), proven and verified once.
fn sha256_row(rng: &mut StdRng) -> Result<bool, CliError> {
    use bpkit::circuit::statements::{Sha256Statement, Sha256Witness};
    let message: Vec<u8> = (0..32).map(|_| rng.random::<u8>()).collect();
    let witness = Sha256Witness::new(message);
    let statement =
        Sha256Statement::for_witness(&witness).map_err(|e| cannot_prove("sha256", &e))?;
    let gens = bpkit::generators::shared(32768, 1);
    let start = Instant::now();
    let proof = statement
        .prove(&mut transcript(LABEL), &witness, &gens, rng)
        .map_err(|e| cannot_prove("sha256", &e))?;
    let prove = start.elapsed();
    let start = Instant::now();
    let ok = statement
        .verify(&mut transcript(LABEL), &proof, &gens)
        .is_ok();
    let verify = start.elapsed();
    let altered = statement
        .verify(&mut transcript(ALTERED), &proof, &gens)
        .is_err();
    print(&format!(
        "\nSHA-256 preimage (arithmetic circuit, 32-byte message, 25,275 multipliers): \
         {} bytes, prove {:.0} ms, verify {:.0} ms, verified: {}\n",
        proof.serialized_size(),
        prove.as_secs_f64() * 1e3,
        verify.as_secs_f64() * 1e3,
        if ok && altered { "yes" } else { "NO" }
    ))?;
    Ok(ok && altered)
}

/// Runs the command.
pub fn run(args: &Parsed) -> Result<Status, CliError> {
    super::no_positionals(&args.positionals)?;
    let runs = if args.switch("--quick") { 1 } else { RUNS };
    let mut rng = super::os_rng()?;
    let gens = PlusGens::bpkit(1)
        .map_err(|e| CliError::Malformed(format!("demo: no BP+ generators: {}", describe(&e))))?;
    let mut out = String::new();
    let header = (|| -> std::fmt::Result {
        writeln!(
            out,
            "bpkit demo: {BITS}-bit range proofs of random values, Bulletproofs (bp) and \
             Bulletproofs+ (bp+) over the same openings, median of {runs} run(s)"
        )?;
        if cfg!(debug_assertions) {
            writeln!(
                out,
                "(built without --release: times are not representative)"
            )?;
        }
        writeln!(out)?;
        writeln!(
            out,
            "{:>4}  {:>8}  {:>9}  {:>11}  {:>12}  {:>12}  {:>13}  {:>8}",
            "m",
            "bp bytes",
            "bp+ bytes",
            "bp prove ms",
            "bp+ prove ms",
            "bp verify ms",
            "bp+ verify ms",
            "verified"
        )
    })();
    header.map_err(|_| CliError::Malformed("cannot format the table".into()))?;
    print(&out)?;

    // Warm-up, untimed: both verifiers build precomputed tables on first use.
    let mut all_ok = measure(1, 1, &gens, &mut rng)?.ok;
    for m in SIZES {
        let row = measure(m, runs, &gens, &mut rng)?;
        all_ok &= row.ok;
        print(&format!(
            "{:>4}  {:>8}  {:>9}  {:>11}  {:>12}  {:>12}  {:>13}  {:>8}\n",
            row.m,
            row.bp.size,
            row.plus.size,
            fmt_ms(&row.bp.prove),
            fmt_ms(&row.plus.prove),
            fmt_ms(&row.bp.verify),
            fmt_ms(&row.plus.verify),
            if row.ok { "yes" } else { "NO" }
        ))?;
    }
    all_ok &= sha256_row(&mut rng)?;
    if all_ok {
        print("\nevery proof verified with both schemes, and none verified under another label\n")?;
        Ok(Status::Ok)
    } else {
        print("\nFAILED: some proof did not verify, or verified under another label\n")?;
        Ok(Status::Invalid)
    }
}
