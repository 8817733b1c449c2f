//! Backends and the choice between them at run time.
//!
//! - the portable 64-bit code (`crate::field`), the reference model, always available;
//! - `avx2` (x86-64 only): four field elements per vector, used for the interleaved
//!   inverse-square-root chains of batched decoding when the CPU has AVX2, and (with BMI2/ADX)
//!   for Pippenger's bucket additions and running sums, four buckets per vector
//!   ([`simd_buckets`] switches this off), and for Straus's method with one point's four
//!   coordinates in the lanes (`avx2::parallel`, the parallel formulas; [`lane_straus`] switches
//!   this off);
//! - `bmi2` (x86-64 only): the portable multiscalar multiplication compiled with BMI2/ADX enabled
//!   (flag-free `mulx` products), used with the AVX2 backend when the CPU has both;
//! - `ifma`: eight field elements per AVX-512 vector in radix 2⁵² (`vpmadd52luq` /
//!   `vpmadd52huq`), for Pippenger's bucket additions and the field part of batched decoding.
//!   On by default where the CPU has it ([`ifma()`] switches it off): its differential tests
//!   passed on IFMA hardware (AMD Zen 4) before it became the default. Its algorithms are instantiated twice, over the real instructions and over a bit-exact
//!   model of them, and the model runs in the tests on every machine (`ifma_model_*`).
//!
//! [`dispatch`] is the one module of the crate allowed `unsafe`: it calls the
//! `#[target_feature]` functions after checking the CPU.

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
mod bmi2;
pub mod dispatch;
pub(crate) mod ifma;

pub use dispatch::{
    active, avx2_field_ops_x4, avx2_field_ops_x4_raw, avx2_lane_point_ops, decode_core_x8,
    field_ops_x4, force_portable, ifma, ifma_active, ifma_add_affine_chain_x8, ifma_add_chain_x8,
    ifma_decode_core_x8, ifma_detected, ifma_field_ops_x8_raw, ifma_hw_field_ops_x8,
    ifma_hw_field_ops_x8_limbs, ifma_hw_msm, ifma_hw_pow22501_x8, ifma_model_field_ops_x8,
    ifma_model_field_ops_x8_limbs, ifma_model_msm, ifma_model_pow22501_x8, lane_straus,
    lane_straus_active, pow22501_x4, pow22501_x8, simd_buckets, simd_buckets_active, Backend,
};
