//! Which curve arithmetic curve25519-dalek uses in this build, on this machine.
//!
//! curve25519-dalek 5 picks its backend in two steps:
//! - **at compile time**, which backends are built: on x86-64 the AVX2 backend always is (unless
//!   `--cfg curve25519_dalek_backend="serial"` or `"fiat"` is given); the AVX-512 IFMA backend
//!   only when the build targets it (`-C target-feature=+avx512ifma,+avx512vl`, rustc ≥ 1.89) or
//!   when asked for explicitly with `--cfg curve25519_dalek_backend="avx512"`;
//! - **at run time**, among those built: IFMA if the CPU has `avx512ifma` and `avx512vl`, else
//!   AVX2 if it has `avx2`, else the portable 64-bit ("serial") code.
//!
//! The vector backends speed up point arithmetic in multiscalar multiplications (IFMA by 1.5–2.3×
//! over AVX2 here); point decompression and scalar arithmetic always use the serial code.
//!
//! This module mirrors that logic (dalek does not expose its choice). A `--cfg` passed through
//! `RUSTFLAGS` reaches every crate of the build, bpkit included, so the mirror sees the same
//! flags dalek saw; it assumes rustc ≥ 1.89 for the target-feature route.

/// A curve25519-dalek arithmetic backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Backend {
    /// Portable code (64-bit limbs on 64-bit targets, 32-bit elsewhere).
    Serial,
    /// x86-64 AVX2, 4-way parallel field arithmetic.
    Avx2,
    /// x86-64 AVX-512 IFMA (with AVX-512VL).
    Avx512Ifma,
}

impl Backend {
    /// A short stable name: `serial`, `avx2`, `avx512ifma`.
    pub fn name(&self) -> &'static str {
        match self {
            Backend::Serial => "serial",
            Backend::Avx2 => "avx2",
            Backend::Avx512Ifma => "avx512ifma",
        }
    }
}

/// What this build can use and what it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackendReport {
    /// The backend multiscalar multiplications run on.
    pub active: Backend,
    /// The AVX2 backend is compiled in.
    pub avx2_compiled: bool,
    /// The IFMA backend is compiled in.
    pub ifma_compiled: bool,
    /// The CPU supports AVX2.
    pub cpu_avx2: bool,
    /// The CPU supports AVX-512 IFMA and AVX-512VL.
    pub cpu_avx512ifma: bool,
}

impl core::fmt::Display for BackendReport {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let yes = |b: bool| if b { "yes" } else { "no" };
        write!(
            f,
            "backend: {} (compiled: avx2 {}, avx512ifma {}; cpu: avx2 {}, avx512ifma {})",
            self.active.name(),
            yes(self.avx2_compiled),
            yes(self.ifma_compiled),
            yes(self.cpu_avx2),
            yes(self.cpu_avx512ifma)
        )
    }
}

const AVX2_COMPILED: bool = cfg!(all(
    target_arch = "x86_64",
    target_pointer_width = "64",
    not(curve25519_dalek_bits = "32"),
    not(curve25519_dalek_backend = "serial"),
    not(curve25519_dalek_backend = "fiat")
));

const IFMA_COMPILED: bool = cfg!(all(
    target_arch = "x86_64",
    target_pointer_width = "64",
    not(curve25519_dalek_bits = "32"),
    not(curve25519_dalek_backend = "serial"),
    not(curve25519_dalek_backend = "fiat"),
    not(curve25519_dalek_backend = "simd"),
    any(
        curve25519_dalek_backend = "avx512",
        all(target_feature = "avx512ifma", target_feature = "avx512vl")
    )
));

#[cfg(target_arch = "x86_64")]
mod cpu {
    cpufeatures::new!(avx2, "avx2");
    cpufeatures::new!(ifma, "avx512ifma", "avx512vl");

    pub fn has_avx2() -> bool {
        avx2::get()
    }

    pub fn has_ifma() -> bool {
        ifma::get()
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod cpu {
    pub fn has_avx2() -> bool {
        false
    }

    pub fn has_ifma() -> bool {
        false
    }
}

/// The backend curve25519-dalek uses in this build on this CPU, and why.
pub fn report() -> BackendReport {
    let cpu_avx2 = cpu::has_avx2();
    let cpu_avx512ifma = cpu::has_ifma();
    let active = if IFMA_COMPILED && cpu_avx512ifma {
        Backend::Avx512Ifma
    } else if AVX2_COMPILED && cpu_avx2 {
        Backend::Avx2
    } else {
        Backend::Serial
    };
    BackendReport {
        active,
        avx2_compiled: AVX2_COMPILED,
        ifma_compiled: IFMA_COMPILED,
        cpu_avx2,
        cpu_avx512ifma,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_is_consistent() {
        let r = report();
        match r.active {
            Backend::Avx512Ifma => assert!(r.ifma_compiled && r.cpu_avx512ifma),
            Backend::Avx2 => assert!(r.avx2_compiled && r.cpu_avx2),
            Backend::Serial => assert!(!(r.avx2_compiled && r.cpu_avx2)),
        }
        if r.ifma_compiled {
            assert!(r.avx2_compiled);
        }
        let text = alloc::format!("{r}");
        assert!(text.starts_with("backend: "));
        assert!(text.contains(r.active.name()));
    }
}
