//! Writes the Grin / MWEB test vectors, `tests/vectors/grin_bp.json` (deterministic).
//! `cargo test -p bpkit --test grin_vectors` checks the file.
//!
//! ```text
//! cargo run -p bpkit --example grin_vectors            # write the file
//! cargo run -p bpkit --example grin_vectors -- --check # exit 1 if the file is out of date
//! ```

#[path = "../tests/grin_vector_gen/mod.rs"]
mod grin_vector_gen;

use std::process::ExitCode;

fn main() -> ExitCode {
    let check = std::env::args().nth(1).as_deref() == Some("--check");
    let text = grin_vector_gen::generate();
    let path = std::path::Path::new(grin_vector_gen::FILE);
    if check {
        return match std::fs::read_to_string(path) {
            Ok(current) if current == text => ExitCode::SUCCESS,
            _ => {
                eprintln!("{} is out of date", path.display());
                ExitCode::FAILURE
            }
        };
    }
    match std::fs::write(path, text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("grin_vectors: cannot write {}: {e}", path.display());
            ExitCode::FAILURE
        }
    }
}
