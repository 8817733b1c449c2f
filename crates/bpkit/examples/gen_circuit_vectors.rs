//! Writes the circuit test vectors, `tests/vectors/circuit.json` (deterministic: seeded RNGs).
//! `cargo test -p bpkit --test circuit_vectors` checks the file.
//!
//! ```text
//! cargo run -p bpkit --profile test --example gen_circuit_vectors            # write the file
//! cargo run -p bpkit --profile test --example gen_circuit_vectors -- --check # exit 1 if stale
//! ```

#[path = "../tests/circuit_vector_gen/mod.rs"]
mod circuit_vector_gen;

use std::process::ExitCode;

fn main() -> ExitCode {
    let check = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("--check") => true,
        Some(other) => {
            eprintln!("gen_circuit_vectors: unknown argument {other:?} (only --check)");
            return ExitCode::from(2);
        }
    };
    let text = circuit_vector_gen::to_json(&circuit_vector_gen::generate());
    let path = std::path::Path::new(circuit_vector_gen::FILE);
    if check {
        return match std::fs::read_to_string(path) {
            Ok(old) if old == text => ExitCode::SUCCESS,
            _ => {
                eprintln!("{} is out of date", path.display());
                ExitCode::FAILURE
            }
        };
    }
    match std::fs::write(path, text) {
        Ok(()) => {
            println!("wrote {}", path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gen_circuit_vectors: cannot write {}: {e}", path.display());
            ExitCode::FAILURE
        }
    }
}
