//! The eight-lane AVX-512 IFMA backend: eight field elements at once, one per 64-bit lane, in
//! radix 2⁵² (five limbs, each a 512-bit vector of eight lanes). Products come from
//! `vpmadd52luq` / `vpmadd52huq` (the low and high 52 bits of a 52 × 52-bit product, added to
//! a 64-bit accumulator).
//!
//! The algorithms (`algorithms.rs`) are written once, as a macro, and instantiated twice:
//! - [`hw`] (x86-64 only): over the real intrinsics, every function
//!   `#[target_feature(enable = "avx512f,avx512ifma")]`;
//! - [`emu`]: over a bit-exact model of each instruction in plain Rust (`[u64; 8]` lanes), so
//!   that the differential tests run the generated algorithm code on any machine.
//!
//! **Status: on by default where the CPU has it.** The `hw` instantiation first ran on an
//! emulated IFMA CPU (Bochs, model Cannon Lake, `docs/ifma-emulation.md`), then on IFMA hardware
//! (AMD EPYC Zen 4), where the differential tests passed against the model, the portable code
//! and dalek; it has been the default since. The dispatcher uses it when the CPU has AVX-512F
//! and AVX-512 IFMA unless the caller forbids it (`backend::ifma(false)`, or
//! `BPKIT_ENGINE_IFMA=0` for the `bpkit` CLI).
#![forbid(unsafe_code)]

#[macro_use]
mod algorithms;
pub(crate) mod convert;
pub mod emu;
#[cfg(target_arch = "x86_64")]
pub mod hw;
