//! Backends and the choice between them at run time.
//!
//! - the portable 64-bit code (`crate::field`), the reference model, always available;
//! - `avx2` (x86-64 only): four field elements per vector, used for the interleaved
//!   inverse-square-root chains of batched decoding when the CPU has AVX2, and (with BMI2/ADX)
//!   for Pippenger's bucket additions and running sums, four buckets per vector
//!   ([`simd_buckets`] switches this off);
//! - `bmi2` (x86-64 only): the portable multiscalar multiplication compiled with BMI2/ADX enabled
//!   (flag-free `mulx` products), used with the AVX2 backend when the CPU has both;
//! - an AVX-512 IFMA backend (radix 2⁵², eight lanes) is not built: no machine with IFMA was
//!   at hand to run its differential tests, and the issue enables a path by default only after
//!   they have passed on such hardware.
//!
//! [`dispatch`] is the one module of the crate allowed `unsafe`: it calls the
//! `#[target_feature]` functions after checking the CPU.

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
mod bmi2;
pub mod dispatch;

pub use dispatch::{
    active, decode_core_x8, field_ops_x4, force_portable, pow22501_x4, pow22501_x8, simd_buckets,
    simd_buckets_active, Backend,
};
