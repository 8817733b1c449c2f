//! The 4-lane AVX2 backend: four independent field elements at once, one per 64-bit lane, in
//! radix 2^25.5 (ten limbs alternately of 26 and 25 bits, each limb a 256-bit vector of four
//! lanes). Products come from `vpmuludq` (32 × 32 → 64 bits per lane).
//!
//! Today it runs the inverse-square-root chain of batched decoding (`pow22501` on four lanes),
//! which is nearly all of a decoding's cost. It is bit-exact with the portable backend: the chain
//! returns the same field elements (tests/backends.rs compares them on random and edge inputs).
//!
//! Every function here is `#[target_feature(enable = "avx2")]`; intrinsics without pointer
//! operands are safe inside such functions, so this module needs no `unsafe`. Only
//! `backend::dispatch` calls them, after checking the CPU at run time.
#![forbid(unsafe_code)]

#[macro_use]
mod columns;
pub mod field;
pub mod msm;
pub mod parallel;
pub mod point;
pub mod straus;
