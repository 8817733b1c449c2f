//! Planted leaks (feature `planted-leak`): shows that the harness can fail. Each mode computes
//! a Pedersen commitment to a secret value through a deliberately variable-time step, which
//! valgrind must report (`.ci/ctime` runs both modes and expects valgrind's error exit code).
//!
//! ```text
//! valgrind --error-exitcode=42 target/ctime/ctime-planted branch   # secret-dependent branch
//! valgrind --error-exitcode=42 target/ctime/ctime-planted index    # secret-indexed lookup
//! ```

// Scalar arithmetic and bounded shifts (i < 64): nothing overflows; a test-only binary.
#![allow(clippy::arithmetic_side_effects)]

use bpkit::group::Scalar;
use bpkit::{Opening, PedersenGens};
use bpkit_ctime::secret::{public, secret, SecretRng};
use std::process::ExitCode;

/// The value as a scalar, with a branch on each of its bits (the leak: timing and branch
/// predictor state follow the value).
fn scalar_by_branches(value: u64) -> Scalar {
    let mut s = Scalar::ZERO;
    let mut power = Scalar::ONE;
    for i in 0..64 {
        if (value >> i) & 1 == 1 {
            s += power;
        }
        power += power;
    }
    s
}

/// The value as a scalar, from a table indexed by each of its nibbles (the leak: the cache
/// lines touched follow the value).
fn scalar_by_table(value: u64) -> Scalar {
    let table: Vec<Scalar> = (0u64..16).map(Scalar::from).collect();
    let sixteen = Scalar::from(16u64);
    let mut s = Scalar::ZERO;
    for i in (0..16).rev() {
        let nibble = (value >> (4 * i)) & 15;
        s = s * sixteen + table.get(nibble as usize).copied().unwrap_or(Scalar::ZERO);
    }
    s
}

fn main() -> ExitCode {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let mut rng = SecretRng::new(42);
    let opening = secret(Opening::random(1_234_567, &mut rng));
    let value = match mode.as_str() {
        "branch" => scalar_by_branches(opening.value),
        "index" => scalar_by_table(opening.value),
        "none" => Scalar::from(opening.value),
        _ => {
            eprintln!("usage: ctime-planted branch|index|none");
            return ExitCode::FAILURE;
        }
    };
    let pc = PedersenGens::default();
    let c = public(pc.commit(&value, &opening.blinding).compress());
    let expected = public(opening.commit_with(&pc));
    if c != expected {
        eprintln!("planted: wrong commitment");
        return ExitCode::FAILURE;
    }
    println!("planted {mode}: commitment computed");
    ExitCode::SUCCESS
}
