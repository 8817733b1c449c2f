//! `bpkit demo`: proves and verifies 64-bit range proofs for several m and times them.

use super::Status;
use crate::args::{Flag, Parsed};
use crate::envelope::transcript;
use crate::error::{describe, CliError};
use crate::files::print;
use bpkit::{Opening, RangeProof, RangeStatement};
use rand::RngExt;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// Usage text.
pub const USAGE: &str = "\
Usage: bpkit demo [--quick]

Proves and verifies 64-bit range proofs of m = 1, 2, 8 and 64 random values, and prints the
proof sizes and the median prove and verify times over 5 runs. Each proof is also checked to
fail under another transcript label. Exits 0 if every proof verifies (and every altered one
fails), 1 otherwise. Build with --release for meaningful times.

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

/// Results for one m.
struct Row {
    m: usize,
    size: usize,
    prove: Duration,
    verify: Duration,
    ok: bool,
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

fn fmt_ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1e3)
}

fn measure(m: usize, runs: usize, rng: &mut rand::rngs::StdRng) -> Result<Row, CliError> {
    let mut prove_times = Vec::with_capacity(runs);
    let mut verify_times = Vec::with_capacity(runs);
    let mut size = 0;
    let mut ok = true;
    for _ in 0..runs {
        let openings: Vec<Opening> = (0..m)
            .map(|_| {
                let value: u64 = rng.random();
                Opening::random(value, rng)
            })
            .collect();
        let start = Instant::now();
        let (proof, statement) = RangeProof::prove(&mut transcript(LABEL), &openings, BITS, rng)
            .map_err(|e| CliError::Malformed(format!("demo: cannot prove: {}", describe(&e))))?;
        prove_times.push(start.elapsed());
        size = proof.to_bytes().len();

        let start = Instant::now();
        let verified = proof.verify(&mut transcript(LABEL), &statement);
        verify_times.push(start.elapsed());
        ok &= verified.is_ok();
        ok &= altered_fails(&proof, &statement);
    }
    Ok(Row {
        m,
        size,
        prove: median(prove_times),
        verify: median(verify_times),
        ok,
    })
}

/// The same proof must not verify under another label.
fn altered_fails(proof: &RangeProof, statement: &RangeStatement) -> bool {
    proof
        .verify(&mut transcript("bpkit demo (altered)"), statement)
        .is_err()
}

/// Runs the command.
pub fn run(args: &Parsed) -> Result<Status, CliError> {
    super::no_positionals(&args.positionals)?;
    let runs = if args.switch("--quick") { 1 } else { RUNS };
    let mut rng = super::os_rng()?;
    let mut out = String::new();
    let header = (|| -> std::fmt::Result {
        writeln!(
            out,
            "bpkit demo: {BITS}-bit range proofs of random values, median of {runs} run(s)"
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
            "{:>4}  {:>11}  {:>11}  {:>11}  {:>11}  {:>8}",
            "m", "proof bytes", "bytes/value", "prove ms", "verify ms", "verified"
        )
    })();
    header.map_err(|_| CliError::Malformed("cannot format the table".into()))?;
    print(&out)?;

    let mut all_ok = true;
    for m in SIZES {
        let row = measure(m, runs, &mut rng)?;
        all_ok &= row.ok;
        let per_value = row.size.checked_div(row.m).unwrap_or(0);
        print(&format!(
            "{:>4}  {:>11}  {:>11}  {:>11}  {:>11}  {:>8}\n",
            row.m,
            row.size,
            per_value,
            fmt_ms(row.prove),
            fmt_ms(row.verify),
            if row.ok { "yes" } else { "NO" }
        ))?;
    }
    if all_ok {
        print("\nevery proof verified, and none verified under another label\n")?;
        Ok(Status::Ok)
    } else {
        print("\nFAILED: some proof did not verify, or verified under another label\n")?;
        Ok(Status::Invalid)
    }
}
