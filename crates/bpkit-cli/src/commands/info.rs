//! `bpkit info`: the version, and which curve arithmetic this build uses on this machine.

use super::Status;
use crate::args::{Flag, Parsed};
use crate::error::CliError;
use crate::files::print;
use bpkit::backend::{self, Backend};
use std::fmt::Write as _;

/// Usage text.
pub const USAGE: &str = "\
Usage: bpkit info

Prints the bpkit version, the curve25519-dalek backend that multiscalar multiplications run on
in this build on this machine, the backend bpkit's own verification engine chose (batched point
decoding and multiscalar multiplication in batch verification), the backends compiled in, the CPU features that decide between
them, and how to build the faster AVX-512 IFMA backend if this build lacks it.

The engine's own AVX-512 IFMA backend (eight lanes, radix 2^52) is used wherever the CPU has
AVX-512 IFMA; set BPKIT_ENGINE_IFMA=0 to switch it off. The `engine-ifma:` line says whether this
CPU has IFMA and whether the engine uses it.

Options:
    -h, --help    print this help
";

/// Flags accepted.
pub const FLAGS: &[Flag] = &[];

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// Runs the command.
pub fn run(args: &Parsed) -> Result<Status, CliError> {
    super::no_positionals(&args.positionals)?;
    let r = backend::report();
    let mut out = String::new();
    let written = (|| -> std::fmt::Result {
        writeln!(out, "bpkit {}", env!("CARGO_PKG_VERSION"))?;
        writeln!(
            out,
            "backend:   {} (curve25519-dalek 5, chosen at run time among those compiled in)",
            r.active.name()
        )?;
        writeln!(
            out,
            "engine:    {} (bpkit-engine: batched decoding and multiscalar multiplication of batch verification)",
            bpkit::group::engine::backend()
        )?;
        writeln!(
            out,
            "engine-ifma: cpu {}, {} (bpkit-engine's 8-lane AVX-512 IFMA bucket pass and decoding: \
             on where the CPU has it, BPKIT_ENGINE_IFMA=0 switches it off)",
            yes(bpkit::group::engine::ifma_detected()),
            if bpkit::group::engine::ifma_active() {
                "in use"
            } else {
                "not in use"
            }
        )?;
        writeln!(
            out,
            "compiled:  serial yes, avx2 {}, avx512ifma {}",
            yes(r.avx2_compiled),
            yes(r.ifma_compiled)
        )?;
        writeln!(
            out,
            "cpu:       avx2 {}, avx512ifma+avx512vl {}",
            yes(r.cpu_avx2),
            yes(r.cpu_avx512ifma)
        )?;
        writeln!(
            out,
            "build:     {}",
            if cfg!(debug_assertions) {
                "debug (times are not representative)"
            } else {
                "release"
            }
        )?;
        writeln!(out)?;
        match (r.active, r.ifma_compiled, r.cpu_avx512ifma) {
            (Backend::Avx512Ifma, ..) => writeln!(out, "IFMA: in use.")?,
            (_, true, false) => writeln!(
                out,
                "IFMA: compiled in, but this CPU lacks AVX-512 IFMA/VL: {} is used instead.",
                r.active.name()
            )?,
            (_, false, cpu) => {
                writeln!(
                    out,
                    "IFMA: not compiled in{}. The AVX-512 IFMA backend speeds up multiscalar\n\
                     multiplications (verification) by 1.5-2.3x over AVX2. To build it (rustc >= 1.89):",
                    if cpu { " (this CPU has it)" } else { " (this CPU lacks it)" }
                )?;
                writeln!(
                    out,
                    "  RUSTFLAGS='--cfg curve25519_dalek_backend=\"avx512\"' cargo build --release -p bpkit-cli"
                )?;
                writeln!(
                    out,
                    "    IFMA where the CPU has it, falling back to AVX2 or serial at run time; or"
                )?;
                writeln!(
                    out,
                    "  RUSTFLAGS='-C target-feature=+avx512ifma,+avx512vl' cargo build --release -p bpkit-cli"
                )?;
                writeln!(
                    out,
                    "    a binary that runs only on CPUs with AVX-512 IFMA and VL."
                )?;
                writeln!(
                    out,
                    "  Use a separate CARGO_TARGET_DIR: the flag rebuilds every crate."
                )?;
            }
            _ => {}
        }
        Ok(())
    })();
    written.map_err(|_| CliError::Malformed("cannot format the report".into()))?;
    print(&out)?;
    Ok(Status::Ok)
}
