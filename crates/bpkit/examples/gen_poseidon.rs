//! Writes the Poseidon parameters for the Ristretto scalar field,
//! `crates/bpkit/src/poseidon/constants.rs`: round numbers from the paper's security
//! inequalities, round constants and MDS matrix from its Grain LFSR procedure.
//! `cargo test -p bpkit --test poseidon_params` regenerates the file and compares it.
//!
//! ```text
//! cargo run -p bpkit --example gen_poseidon            # write the file
//! cargo run -p bpkit --example gen_poseidon -- --check # exit 1 if the file is out of date
//! ```

#[path = "../tests/poseidon_gen/mod.rs"]
mod poseidon_gen;

use std::process::ExitCode;

fn main() -> ExitCode {
    let check = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("--check") => true,
        Some(other) => {
            eprintln!("gen_poseidon: unknown argument {other:?} (only --check)");
            return ExitCode::from(2);
        }
    };
    let params = poseidon_gen::generate();
    eprintln!(
        "gen_poseidon: R_F = {} (inequalities: {}), R_P = {} (inequalities: {}), {} round constants, {} MDS candidates rejected",
        params.rounds.full,
        params.rounds.full_min,
        params.rounds.partial,
        params.rounds.partial_min,
        params.round_constants.len(),
        params.rejected_matrices
    );
    let text = poseidon_gen::render(&params);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(poseidon_gen::FILE);
    if check {
        match std::fs::read_to_string(&path) {
            Ok(old) if old == text => {
                eprintln!("gen_poseidon: {} is up to date", path.display());
                ExitCode::SUCCESS
            }
            _ => {
                eprintln!("gen_poseidon: {} is out of date", path.display());
                ExitCode::FAILURE
            }
        }
    } else {
        match std::fs::write(&path, text) {
            Ok(()) => {
                eprintln!("gen_poseidon: wrote {}", path.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("gen_poseidon: cannot write {}: {e}", path.display());
                ExitCode::FAILURE
            }
        }
    }
}
