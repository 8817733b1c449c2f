//! The eight-lane algorithms compiled to AVX-512F / AVX-512 IFMA instructions: the same source
//! as `emu` (the `ifma_algorithms!` macro), over thin wrappers of the intrinsics.
//!
//! Every function here carries `#[target_feature(enable = "avx512f,avx512ifma")]`: intrinsics
//! without pointer operands are safe inside such functions, so this module needs no `unsafe`.
//! Only `backend::dispatch` calls into it, after cpufeatures has detected both features (and
//! the OS's support of the ZMM state). Its differential tests have passed on an emulated IFMA
//! CPU (Bochs, `docs/ifma-emulation.md`) and on IFMA hardware (AMD Zen 4; see the module `super`).
#![forbid(unsafe_code)]
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
// Indexing: fixed arrays of 5, 8, 10 and 15 limbs with constant loop bounds; arithmetic: loop
// indices below 20.

use core::arch::x86_64::{
    __m512i, _mm256_extract_epi64, _mm512_add_epi64, _mm512_and_si512, _mm512_extracti64x4_epi64,
    _mm512_madd52hi_epu64, _mm512_madd52lo_epu64, _mm512_mask_blend_epi64, _mm512_set1_epi64,
    _mm512_set_epi64, _mm512_setzero_si512, _mm512_srli_epi64, _mm512_sub_epi64,
};

/// Eight 64-bit lanes in a ZMM register.
pub type V = __m512i;

/// A lane mask (`__mmask8`): bit j for lane j.
pub type Mask = u8;

/// `_mm512_setzero_si512`.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn vzero() -> V {
    _mm512_setzero_si512()
}

/// `_mm512_set1_epi64`.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn vsplat(x: u64) -> V {
    _mm512_set1_epi64(x as i64)
}

/// `_mm512_set_epi64` (lane j = `l[j]`).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn vfrom_lanes(l: [u64; 8]) -> V {
    _mm512_set_epi64(
        l[7] as i64,
        l[6] as i64,
        l[5] as i64,
        l[4] as i64,
        l[3] as i64,
        l[2] as i64,
        l[1] as i64,
        l[0] as i64,
    )
}

/// The eight lanes (two 256-bit halves, four extractions each).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn vto_lanes(v: V) -> [u64; 8] {
    let lo = _mm512_extracti64x4_epi64::<0>(v);
    let hi = _mm512_extracti64x4_epi64::<1>(v);
    [
        _mm256_extract_epi64::<0>(lo) as u64,
        _mm256_extract_epi64::<1>(lo) as u64,
        _mm256_extract_epi64::<2>(lo) as u64,
        _mm256_extract_epi64::<3>(lo) as u64,
        _mm256_extract_epi64::<0>(hi) as u64,
        _mm256_extract_epi64::<1>(hi) as u64,
        _mm256_extract_epi64::<2>(hi) as u64,
        _mm256_extract_epi64::<3>(hi) as u64,
    ]
}

/// `_mm512_add_epi64` (VPADDQ).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn vadd(a: V, b: V) -> V {
    _mm512_add_epi64(a, b)
}

/// `_mm512_sub_epi64` (VPSUBQ).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn vsub(a: V, b: V) -> V {
    _mm512_sub_epi64(a, b)
}

/// `_mm512_and_si512` (VPANDQ).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn vand(a: V, b: V) -> V {
    _mm512_and_si512(a, b)
}

/// `_mm512_srli_epi64` (VPSRLQ by an immediate).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn vsrl<const N: u32>(a: V) -> V {
    _mm512_srli_epi64::<N>(a)
}

/// `_mm512_madd52lo_epu64` (VPMADD52LUQ).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn madd52lo(a: V, b: V, c: V) -> V {
    _mm512_madd52lo_epu64(a, b, c)
}

/// `_mm512_madd52hi_epu64` (VPMADD52HUQ).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn madd52hi(a: V, b: V, c: V) -> V {
    _mm512_madd52hi_epu64(a, b, c)
}

/// `_mm512_mask_blend_epi64` (VPBLENDMQ): lane j from `b` where bit j of `k` is set.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn vblend(k: Mask, a: V, b: V) -> V {
    _mm512_mask_blend_epi64(k, a, b)
}

ifma_algorithms!(#[target_feature(enable = "avx512f,avx512ifma")]);
