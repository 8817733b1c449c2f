//! Variable-time multiscalar multiplication `Σ sᵢ·Pᵢ`. **Public scalars only**: the time depends
//! on the scalars' digits.
//!
//! - [`digits`]: signed radix-2ᶜ digits of the scalars, produced window by window (Pippenger);
//! - [`wnaf`]: width-w non-adjacent forms (Straus);
//! - [`window`]: Pippenger's window width c chosen by estimated cost for the size;
//! - [`pippenger`]: bucket accumulation with mixed additions of affine points;
//! - [`schedule`]: the conflict-free order of a window's bucket additions for the lane-parallel
//!   (AVX2, IFMA) bucket passes, and `lanes` the window loop those passes share;
//! - [`shifted`]: Pippenger's method for fixed points whose shifts 2ᶜʲ·P are precomputed (one
//!   window of n·w points, no doublings, one bucket sum);
//! - [`straus`]: interleaved wNAF with per-call tables for dynamic points and precomputed ones
//!   ([`table`]) for fixed points;
//! - [`cost`]: the estimated costs that choose between the two;
//!
//! The entry points ([`crate::multiply`]: [`crate::vartime_msm`] and the fixed-method variants)
//! choose the method and, through the backend dispatch, the compilation that runs it; they stand
//! above both this folder and `backend/`, which runs these algorithms compiled for the CPU.
#![forbid(unsafe_code)]

pub mod cost;
pub mod digits;
pub(crate) mod lanes;
pub mod pippenger;
pub mod schedule;
pub mod shifted;
pub mod straus;
pub mod table;
pub mod window;
pub mod wnaf;

pub use table::PrecomputedTable;
