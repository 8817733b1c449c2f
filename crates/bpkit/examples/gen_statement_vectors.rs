//! Writes the ready-made statements' test vectors, `tests/vectors/statements.json`
//! (deterministic: a seeded ChaCha20 generator per case). `cargo test -p bpkit --test
//! statement_vectors` checks the file.
//!
//! ```text
//! cargo run -p bpkit --example gen_statement_vectors            # write the file
//! cargo run -p bpkit --example gen_statement_vectors -- --check # exit 1 if the file is out of date
//! ```
//!
//! The unoptimized `dev` profile takes minutes (the SHA-256 proofs); add `--profile test` (or
//! `--release`) for a run of seconds. The output is the same whatever the profile.

#[path = "../tests/statement_vector_gen/mod.rs"]
mod statement_vector_gen;
use statement_vector_gen as statement_vectors;

use std::process::ExitCode;

fn main() -> ExitCode {
    let check = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("--check") => true,
        Some(other) => {
            eprintln!("gen_statement_vectors: unknown argument {other:?} (only --check)");
            return ExitCode::from(2);
        }
    };
    let text = statement_vectors::to_json(&statement_vectors::generate());
    let path = std::path::Path::new(statement_vectors::FILE);
    let shown = || {
        path.canonicalize()
            .unwrap_or_else(|_| path.to_path_buf())
            .display()
            .to_string()
    };
    if check {
        return match std::fs::read_to_string(path) {
            Ok(current) if current == text => {
                println!("{} is up to date", shown());
                ExitCode::SUCCESS
            }
            Ok(_) => {
                eprintln!("{} is out of date", shown());
                ExitCode::FAILURE
            }
            Err(e) => {
                eprintln!("cannot read {}: {e}", shown());
                ExitCode::FAILURE
            }
        };
    }
    let written = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(path, &text));
    match written {
        Ok(()) => {
            println!("wrote {} ({} bytes)", shown(), text.len());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot write {}: {e}", shown());
            ExitCode::FAILURE
        }
    }
}
