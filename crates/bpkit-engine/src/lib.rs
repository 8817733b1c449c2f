#![doc = include_str!("../README.md")]
#![no_std]
// `deny`, not `forbid`: `backend::dispatch` alone allows `unsafe` (calls of `#[target_feature]`
// functions after run-time detection); every other module root repeats `forbid(unsafe_code)`.
#![deny(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;

pub mod backend;
pub mod edwards;
pub mod field;
pub mod msm;
pub mod multiply;
pub mod point;
pub mod ristretto;
pub mod shifted_table;

pub use msm::PrecomputedTable;
pub use multiply::vartime_msm;
pub use point::{batch_to_affine_niels, AffineNiels, Extended, ProjectiveNiels};
pub use ristretto::{decode, decode_batch, decode_batch_all, InvalidEncoding, Point};
pub use shifted_table::ShiftedTable;

/// Which backend the engine runs on now (see [`backend`](mod@backend)), and whether Pippenger's
/// bucket additions run in its lanes (eight IFMA lanes where the CPU has AVX-512 IFMA, unless
/// switched off with [`backend::ifma`]).
pub fn backend() -> &'static str {
    if backend::ifma_active() {
        "avx512-ifma (8 lanes, radix 2^52: Pippenger's buckets and decoding) + portable-u64"
    } else if backend::simd_buckets_active() {
        "avx2 (4 lanes, radix 2^25.5: decoding and Pippenger's buckets) + portable-u64"
    } else {
        backend::active().name()
    }
}

/// The math behind the code.
pub mod notes {
    #![doc = include_str!("../docs/notes.md")]
}
