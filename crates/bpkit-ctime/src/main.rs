//! Runs every bpkit prover with its secrets marked as undefined memory, so that valgrind's
//! memcheck reports any branch or memory index that depends on a secret (the technique of
//! libsecp256k1's `ctime_tests`). See `docs/ctime.md`.
//!
//! ```text
//! valgrind --error-exitcode=42 --track-origins=yes target/ctime/bpkit-ctime [--full] [--require-valgrind] [CASE…]
//! ```
//!
//! Without valgrind the client requests are no-ops and the binary simply runs (and verifies)
//! the proofs.

use bpkit_ctime::{cases, secret, valgrind};

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut full = false;
    let mut require_valgrind = false;
    let mut only = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--full" => full = true,
            // Refuse to run outside valgrind (or with the no-op shim): a run that checks nothing
            // must not pass.
            "--require-valgrind" => require_valgrind = true,
            "--list" => {
                for (name, _) in cases::ALL {
                    println!("{name}");
                }
                return ExitCode::SUCCESS;
            }
            other => only.push(other.to_string()),
        }
    }
    if require_valgrind && !valgrind::running() {
        eprintln!(
            "bpkit-ctime: not running under valgrind, or built without valgrind/memcheck.h \
             (the client requests are no-ops): nothing would be checked"
        );
        return ExitCode::FAILURE;
    }
    if !bpkit::ctime::set_declassify_hook(secret::declassify_hook) {
        eprintln!("declassify hook already set");
        return ExitCode::FAILURE;
    }
    println!(
        "bpkit-ctime: {} set, {}, backend: {}",
        if full { "full" } else { "reduced" },
        if valgrind::running() {
            "under valgrind"
        } else {
            "not under valgrind (client requests are no-ops)"
        },
        bpkit::backend::report()
    );
    let start = Instant::now();
    for (name, case) in cases::ALL {
        if !only.is_empty() && !only.iter().any(|o| o == name) {
            continue;
        }
        let t = Instant::now();
        match case(full) {
            Ok(what) => println!("ok   {name:<12} {:>8.2?}  {what}", t.elapsed()),
            Err(e) => {
                println!("FAIL {name:<12} {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    println!("all cases done in {:.2?}", start.elapsed());
    ExitCode::SUCCESS
}
