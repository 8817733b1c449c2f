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
//! **Status: opt-in, never run on IFMA hardware.** The machines this was written on have AVX2
//! only. The `hw` instantiation has run only on an emulated IFMA CPU (Bochs, model Cannon Lake,
//! `docs/ifma-emulation.md`), where the differential tests passed; emulation checks the
//! compiled intrinsics, not the hardware, so the backend stays opt-in. The
//! dispatcher uses it only after the caller opts in (`backend::ifma(true)`, or
//! `BPKIT_ENGINE_IFMA=1` for the `bpkit` CLI) *and* the CPU has AVX-512F and AVX-512 IFMA.
#![forbid(unsafe_code)]

#[macro_use]
mod algorithms;
pub(crate) mod convert;
pub mod emu;
#[cfg(target_arch = "x86_64")]
pub mod hw;
