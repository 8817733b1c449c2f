//! The eight-lane algorithms over a bit-exact software model of the AVX-512 instructions they
//! use: runs on any machine, so the tests exercise the very algorithm code that the `hw`
//! instantiation compiles to real `vpmadd52luq` / `vpmadd52huq`.
//!
//! # The model
//! Each function models one instruction on eight 64-bit lanes, following the "Operation"
//! pseudo-code of the Intel® 64 and IA-32 Architectures Software Developer's Manual, vol. 2
//! (VPMADD52LUQ, VPMADD52HUQ, VPADDQ, VPSUBQ, VPANDQ, VPSRLQ, VPBLENDMQ, VPBROADCASTQ) and of
//! the Intel Intrinsics Guide for the `_mm512_*` intrinsics named next to each:
//!
//! - `madd52lo(a, b, c)` = `_mm512_madd52lo_epu64(a, b, c)`: per lane
//!   `tmp[127:0] = ZeroExtend(b[51:0]) · ZeroExtend(c[51:0]); dst = a + ZeroExtend(tmp[51:0])`
//!   (mod 2⁶⁴);
//! - `madd52hi(a, b, c)` = `_mm512_madd52hi_epu64(a, b, c)`: the same with `tmp[103:52]`;
//! - `vadd`, `vsub` = `_mm512_add_epi64`, `_mm512_sub_epi64`: lane-wise mod 2⁶⁴;
//! - `vand` = `_mm512_and_si512`;
//! - `vsrl::<N>` = `_mm512_srli_epi64::<N>`: logical shift, zero when N > 63;
//! - `vblend(k, a, b)` = `_mm512_mask_blend_epi64(k, a, b)`: lane j from b where bit j of k
//!   is set, from a otherwise;
//! - `vsplat`, `vfrom_lanes`, `vto_lanes` = `_mm512_set1_epi64`, `_mm512_set_epi64` and the
//!   extraction of the eight lanes (lane j = bits 64j … 64j + 63).
//!
//! Note that both multiply-adds read only bits 51:0 of their multiplicands: the algorithms keep
//! every multiplicand below 2⁵² (docs/notes.md), and the model ignores the upper bits exactly as
//! the hardware does, so an algorithm that broke this bound would fail the tests here too.
#![forbid(unsafe_code)]
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
// Indexing: fixed arrays of 5, 8, 10 and 15 limbs with constant loop bounds; arithmetic: loop
// indices below 20 (the modelled lanes use wrapping operations).

/// Eight 64-bit lanes (lane j is `v[j]`).
pub type V = [u64; 8];

/// A lane mask: bit j for lane j.
pub type Mask = u8;

const M52: u64 = (1 << 52) - 1;

/// All lanes zero.
#[inline]
pub fn vzero() -> V {
    [0; 8]
}

/// `x` in every lane.
#[inline]
pub fn vsplat(x: u64) -> V {
    [x; 8]
}

/// Lane j = `l[j]`.
#[inline]
pub fn vfrom_lanes(l: [u64; 8]) -> V {
    l
}

/// The eight lanes.
#[inline]
pub fn vto_lanes(v: V) -> [u64; 8] {
    v
}

/// VPADDQ.
#[inline]
pub fn vadd(a: V, b: V) -> V {
    let mut r = a;
    for (x, y) in r.iter_mut().zip(b) {
        *x = x.wrapping_add(y);
    }
    r
}

/// VPSUBQ.
#[inline]
pub fn vsub(a: V, b: V) -> V {
    let mut r = a;
    for (x, y) in r.iter_mut().zip(b) {
        *x = x.wrapping_sub(y);
    }
    r
}

/// VPANDQ.
#[inline]
pub fn vand(a: V, b: V) -> V {
    let mut r = a;
    for (x, y) in r.iter_mut().zip(b) {
        *x &= y;
    }
    r
}

/// VPSRLQ by an immediate: zero for counts above 63.
#[inline]
pub fn vsrl<const N: u32>(a: V) -> V {
    a.map(|x| x.checked_shr(N).unwrap_or(0))
}

/// VPMADD52LUQ: `a + low 52 bits of (b[51:0] · c[51:0])`, lane-wise mod 2⁶⁴.
#[inline]
pub fn madd52lo(a: V, b: V, c: V) -> V {
    let mut r = a;
    for ((x, y), z) in r.iter_mut().zip(b).zip(c) {
        let tmp = u128::from(y & M52) * u128::from(z & M52);
        *x = x.wrapping_add((tmp as u64) & M52);
    }
    r
}

/// VPMADD52HUQ: `a + bits 103:52 of (b[51:0] · c[51:0])`, lane-wise mod 2⁶⁴.
#[inline]
pub fn madd52hi(a: V, b: V, c: V) -> V {
    let mut r = a;
    for ((x, y), z) in r.iter_mut().zip(b).zip(c) {
        let tmp = u128::from(y & M52) * u128::from(z & M52);
        *x = x.wrapping_add(((tmp >> 52) as u64) & M52);
    }
    r
}

/// VPBLENDMQ: lane j from `b` where bit j of `k` is set, from `a` otherwise.
#[inline]
pub fn vblend(k: Mask, a: V, b: V) -> V {
    let mut r = a;
    for (j, (x, y)) in r.iter_mut().zip(b).enumerate() {
        if (k >> j) & 1 == 1 {
            *x = y;
        }
    }
    r
}

ifma_algorithms!();
