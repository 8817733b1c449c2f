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

/// Which backend the engine runs on now (see [`backend`](mod@backend)): whether Pippenger's
/// bucket additions run in lanes (eight IFMA lanes where the CPU has AVX-512 IFMA, unless
/// switched off with [`backend::ifma`]; else four AVX2 lanes) and whether Straus's method runs on
/// the four-lane AVX2 formulas ([`backend::lane_straus`]).
pub fn backend() -> &'static str {
    match (
        backend::ifma_active(),
        backend::simd_buckets_active(),
        backend::lane_straus_active(),
    ) {
        (true, _, true) => {
            "avx512-ifma (8 lanes, radix 2^52: Pippenger's buckets and decoding) + avx2 (Straus, one point in 4 lanes) + portable-u64"
        }
        (true, _, false) => {
            "avx512-ifma (8 lanes, radix 2^52: Pippenger's buckets and decoding) + portable-u64"
        }
        (false, true, true) => {
            "avx2 (4 lanes, radix 2^25.5: decoding, Pippenger's buckets, Straus with one point in the lanes) + portable-u64"
        }
        (false, true, false) => {
            "avx2 (4 lanes, radix 2^25.5: decoding and Pippenger's buckets) + portable-u64"
        }
        (false, false, true) => {
            "avx2 (4 lanes, radix 2^25.5: decoding and Straus with one point in the lanes) + portable-u64"
        }
        (false, false, false) => backend::active().name(),
    }
}

/// The math behind the code.
pub mod notes {
    #![doc = include_str!("../docs/notes.md")]
}
