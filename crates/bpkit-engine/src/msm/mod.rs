//! Variable-time multiscalar multiplication `Σ sᵢ·Pᵢ`. **Public scalars only**: the time depends
//! on the scalars' digits.
//!
//! - [`digits`]: signed radix-2ᶜ digits of the scalars, produced window by window;
//! - [`window`]: the window width c chosen by estimated cost for the size;
//! - [`pippenger`]: bucket accumulation with mixed additions of affine points.
#![forbid(unsafe_code)]

pub mod digits;
pub mod pippenger;
pub mod window;

pub use pippenger::{vartime_msm, vartime_msm_window};
