#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;

pub mod field;
pub mod msm;
pub mod point;
pub mod ristretto;

pub use msm::vartime_msm;
pub use point::{batch_to_affine_niels, AffineNiels, Extended, ProjectiveNiels};
pub use ristretto::{decode, decode_batch, decode_batch_all, InvalidEncoding, Point};

/// Which backend the engine runs on (only the portable one in this version).
pub fn backend() -> &'static str {
    "portable-u64 (radix 2^51, 4 interleaved chains)"
}

/// The math behind the code.
pub mod notes {
    #![doc = include_str!("../docs/notes.md")]
}
