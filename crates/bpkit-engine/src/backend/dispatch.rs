//! Run-time choice of backend: the only module of the crate that uses `unsafe`, to call
//! `#[target_feature]` functions after the CPU has been checked.
//!
//! The choice can be narrowed with [`force_portable`] (tests and measurements use it to compare
//! the backends in one process).
#![allow(unsafe_code)]

use crate::field::{self, Fe};
use core::sync::atomic::{AtomicBool, Ordering};

/// A backend of the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Portable 64-bit code, radix 2⁵¹ (the reference model).
    Portable,
    /// AVX2, four lanes of radix 2^25.5 (x86-64 with AVX2 detected at run time).
    Avx2,
}

impl Backend {
    /// A short name for reports (`bpkit info`, test logs).
    pub fn name(self) -> &'static str {
        match self {
            Backend::Portable => "portable-u64 (radix 2^51)",
            Backend::Avx2 => "avx2 (4 lanes, radix 2^25.5) + portable-u64",
        }
    }
}

static PORTABLE_ONLY: AtomicBool = AtomicBool::new(false);

/// Whether the AVX-512 IFMA backend may be used (on by default since its differential tests
/// passed on IFMA hardware, see [`ifma`]; callers may switch it off).
static IFMA_OPT_IN: AtomicBool = AtomicBool::new(true);

/// Allows (`true`, the default) or forbids (`false`) the eight-lane AVX-512 IFMA backend
/// (radix 2⁵²) for Pippenger's bucket additions and the field part of batched decoding.
/// Process-wide. It takes effect only where
/// cpufeatures detects AVX-512F and AVX-512 IFMA with OS support ([`ifma_detected`]).
///
/// **Validated on hardware** (AMD EPYC Zen 4, AVX-512 IFMA): the differential tests
/// (`tests/ifma_model.rs`, `tests/backends.rs`) ran the real instructions against the bit-exact
/// model, the portable code and dalek, and passed; until then the backend had run only on an
/// emulated IFMA CPU (Bochs, `docs/ifma-emulation.md`) and was opt-in. The `bpkit` CLI switches
/// it off when `BPKIT_ENGINE_IFMA=0`.
pub fn ifma(on: bool) {
    IFMA_OPT_IN.store(on, Ordering::Relaxed);
}

/// True when this CPU has AVX-512F and AVX-512 IFMA, with the OS saving the ZMM state
/// (cpufeatures). Says nothing of whether the engine uses them (see [`ifma_active`]).
pub fn ifma_detected() -> bool {
    #[cfg(target_arch = "x86_64")]
    if cpuid_ifma::get() {
        return true;
    }
    false
}

/// True when the engine will use the IFMA backend now: allowed ([`ifma`], the default), the CPU
/// has it ([`ifma_detected`]), [`force_portable`] is off and [`simd_buckets`] is on.
pub fn ifma_active() -> bool {
    IFMA_OPT_IN.load(Ordering::Relaxed)
        && !PORTABLE_ONLY.load(Ordering::Relaxed)
        && SIMD_BUCKETS.load(Ordering::Relaxed)
        && ifma_detected()
}

/// Whether Pippenger's bucket additions run in four AVX2 lanes where the CPU allows it.
static SIMD_BUCKETS: AtomicBool = AtomicBool::new(true);

/// Lets Pippenger's method add into its buckets four lanes at a time on AVX2 (`true`, the
/// default) or keeps it on the portable additions (`false`). Process-wide; tests and
/// measurements use it to compare the two bucket passes in one process.
pub fn simd_buckets(on: bool) {
    SIMD_BUCKETS.store(on, Ordering::Relaxed);
}

/// True when Pippenger's method will use the four-lane AVX2 bucket pass on this CPU now.
pub fn simd_buckets_active() -> bool {
    #[cfg(target_arch = "x86_64")]
    if SIMD_BUCKETS.load(Ordering::Relaxed) && active() == Backend::Avx2 && cpuid_bmi2::get() {
        return true;
    }
    false
}

/// Whether Straus's method runs its additions with one point in the four AVX2 lanes.
static LANE_STRAUS: AtomicBool = AtomicBool::new(true);

/// Lets Straus's method use the four-lane parallel formulas on AVX2 (`true`, the default: one
/// point's four coordinates in the lanes, `avx2::parallel`) or keeps it on the portable additions
/// (`false`). Process-wide; tests and measurements use it to compare the two in one process.
pub fn lane_straus(on: bool) {
    LANE_STRAUS.store(on, Ordering::Relaxed);
}

/// True when Straus's method will use the four-lane AVX2 formulas on this CPU now.
pub fn lane_straus_active() -> bool {
    #[cfg(target_arch = "x86_64")]
    if LANE_STRAUS.load(Ordering::Relaxed) && active() == Backend::Avx2 && cpuid_bmi2::get() {
        return true;
    }
    false
}

/// The cost model's correction of Straus's estimate for the backends active now
/// ([`crate::msm::cost::LANE_STRAUS_SCALE`] where Straus runs on the four-lane formulas and
/// Pippenger on the AVX2 bucket pass, [`crate::msm::cost::STRAUS_SCALE`] otherwise).
pub(crate) fn straus_scale() -> u128 {
    if lane_straus_active() && simd_buckets_active() && !ifma_active() {
        crate::msm::cost::LANE_STRAUS_SCALE
    } else {
        crate::msm::cost::STRAUS_SCALE
    }
}

/// Restricts the engine to the portable backend (`true`) or lets it use the best the CPU has
/// (`false`, the default). Process-wide.
pub fn force_portable(on: bool) {
    PORTABLE_ONLY.store(on, Ordering::Relaxed);
}

#[cfg(target_arch = "x86_64")]
cpufeatures::new!(cpuid_avx2, "avx2");
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(cpuid_bmi2, "bmi2", "adx");
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(cpuid_ifma, "avx512f", "avx512ifma");

/// The backend the engine uses now.
pub fn active() -> Backend {
    if PORTABLE_ONLY.load(Ordering::Relaxed) {
        return Backend::Portable;
    }
    #[cfg(target_arch = "x86_64")]
    if cpuid_avx2::get() {
        return Backend::Avx2;
    }
    Backend::Portable
}

/// `(a^(2²⁵⁰ − 1), a¹¹)` for four elements, on the active backend. Bit-exact across backends
/// (the same field elements; limbs may differ, encodings do not).
pub fn pow22501_x4(a: [Fe; 4]) -> [(Fe, Fe); 4] {
    match active() {
        #[cfg(target_arch = "x86_64")]
        Backend::Avx2 => {
            // SAFETY: `active()` returns `Avx2` only when cpufeatures detected AVX2 support on
            // this CPU (CPUID and OS-enabled YMM state), which is the one requirement of this
            // `#[target_feature(enable = "avx2")]` function; it takes no pointers.
            unsafe { super::avx2::field::pow22501_x4(&a) }
        }
        _ => field::pow22501(a),
    }
}

/// `(a^(2²⁵⁰ − 1), a¹¹)` for eight elements on the active backend (IFMA, when allowed and
/// detected: one eight-lane chain; AVX2: two four-lane chains interleaved; portable: two
/// four-lane interleaved chains one after the other).
pub fn pow22501_x8(a: [Fe; 8]) -> [(Fe, Fe); 8] {
    #[cfg(target_arch = "x86_64")]
    if ifma_active() {
        // SAFETY: `ifma_active()` is true only when cpufeatures detected AVX-512F and AVX-512
        // IFMA (with OS-enabled ZMM state) on this CPU, the requirements of this
        // `#[target_feature(enable = "avx512f,avx512ifma")]` function; it takes no pointers.
        return unsafe { super::ifma::hw::pow22501_x8(&a) };
    }
    match active() {
        #[cfg(target_arch = "x86_64")]
        Backend::Avx2 => {
            // SAFETY: `active()` returns `Avx2` only when cpufeatures detected AVX2 (CPUID and
            // OS-enabled YMM state) on this CPU, the one requirement of this
            // `#[target_feature(enable = "avx2")]` function; it takes no pointers.
            unsafe { super::avx2::field::pow22501_x8(&a) }
        }
        _ => {
            let [a0, a1, a2, a3, a4, a5, a6, a7] = a;
            let [r0, r1, r2, r3] = field::pow22501([a0, a1, a2, a3]);
            let [r4, r5, r6, r7] = field::pow22501([a4, a5, a6, a7]);
            [r0, r1, r2, r3, r4, r5, r6, r7]
        }
    }
}

/// The field part of decoding eight encodings (`field::decode_core`) on the active backend
/// (IFMA, when allowed and detected: one eight-lane chain; AVX2: heads, chains and tails in
/// four-lane vectors; portable: the reference code). The same field elements on every backend.
pub fn decode_core_x8(s: [Fe; 8]) -> [field::DecodeCore; 8] {
    #[cfg(target_arch = "x86_64")]
    if ifma_active() {
        // SAFETY: `ifma_active()` is true only when cpufeatures detected AVX-512F and AVX-512
        // IFMA (with OS-enabled ZMM state) on this CPU, the requirements of this
        // `#[target_feature(enable = "avx512f,avx512ifma")]` function; it takes no pointers.
        return unsafe { super::ifma::hw::decode_core_x8(&s) };
    }
    match active() {
        #[cfg(target_arch = "x86_64")]
        Backend::Avx2 => {
            // SAFETY: `active()` returns `Avx2` only when cpufeatures detected AVX2 (CPUID and
            // OS-enabled YMM state) on this CPU, the one requirement of this
            // `#[target_feature(enable = "avx2")]` function; it takes no pointers.
            unsafe { super::avx2::field::decode_core_x8(&s) }
        }
        _ => field::decode_core(&s),
    }
}

/// Pippenger's method (`msm::pippenger`) on the active backend: the eight-lane IFMA bucket pass
/// when allowed and detected ([`ifma_active`]); the four-lane AVX2 pass where
/// [`simd_buckets_active`]; on x86-64 CPUs with AVX2 and BMI2/ADX the same portable code
/// compiled with those instructions enabled (`mulx`), otherwise the baseline compilation. All
/// compute the same point.
pub(crate) fn pippenger(
    scalars: &[[u64; 4]],
    points: &[crate::point::AffineNiels],
    c: Option<u32>,
    share: crate::msm::window::Share,
) -> crate::point::Extended {
    #[cfg(target_arch = "x86_64")]
    if ifma_active() {
        // SAFETY: `ifma_active()` is true only when cpufeatures detected AVX-512F and AVX-512
        // IFMA on this CPU with the OS saving the ZMM state (and the caller allows it), the
        // requirements of this `#[target_feature(enable = "avx512f,avx512ifma")]` function;
        // its arguments are ordinary slices.
        return unsafe { super::ifma::hw::pippenger(scalars, points, c, share, prefetch) };
    }
    #[cfg(target_arch = "x86_64")]
    if simd_buckets_active() {
        // SAFETY: `simd_buckets_active()` is true only when cpufeatures detected AVX2 (through
        // `active()`), BMI2 and ADX on this CPU, the requirements of this
        // `#[target_feature(enable = "avx2,bmi2,adx")]` function; its arguments are ordinary
        // slices.
        return unsafe { super::avx2::msm::pippenger(scalars, points, c, share, prefetch) };
    }
    #[cfg(target_arch = "x86_64")]
    if active() == Backend::Avx2 && cpuid_bmi2::get() {
        // SAFETY: cpufeatures detected BMI2 and ADX on this CPU, the requirements of this
        // `#[target_feature(enable = "bmi2,adx")]` function; its arguments are ordinary slices.
        return unsafe { super::bmi2::pippenger(scalars, points, c, share) };
    }
    crate::msm::pippenger::pippenger_body(scalars, points, c, share)
}

/// Asks the CPU to bring the cache lines of `x` (its first and its 64th byte onwards, so two
/// lines of a 128-byte point) into the cache: a hint, for the bucket passes that read points in a
/// scattered order (handed to them as an argument, so that they need not call up into this
/// module). No effect off x86-64.
#[inline(always)]
fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let p = (x as *const T).cast::<i8>();
        // SAFETY: `_mm_prefetch` (SSE, part of every x86-64 CPU) is a hint: it reads nothing
        // architecturally and never faults, whatever the address; `p` comes from a reference
        // and `p + 64` is at most one past a 128-byte point's end, never dereferenced.
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(p);
            _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(64));
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// A shifted table's points (`msm::shifted`) in the form of the bucket pass that will add them:
/// packed once, when the table is built, for the pass active then.
#[derive(Clone, Debug)]
pub(crate) enum PackedPoints {
    /// Affine Niels points (the portable pass).
    Portable(alloc::vec::Vec<crate::point::AffineNiels>),
    /// Radix-2^25.5 limbs of the four-lane AVX2 pass.
    #[cfg(target_arch = "x86_64")]
    Avx2(alloc::vec::Vec<super::avx2::point::PackedNiels>),
    /// Radix-2⁵² limbs of the eight-lane IFMA pass.
    #[cfg(target_arch = "x86_64")]
    Ifma(alloc::vec::Vec<super::ifma::convert::PackedNiels>),
}

impl PackedPoints {
    /// Number of points.
    pub(crate) fn len(&self) -> usize {
        match self {
            PackedPoints::Portable(p) => p.len(),
            #[cfg(target_arch = "x86_64")]
            PackedPoints::Avx2(p) => p.len(),
            #[cfg(target_arch = "x86_64")]
            PackedPoints::Ifma(p) => p.len(),
        }
    }

    /// Bytes per point.
    pub(crate) fn point_bytes(&self) -> usize {
        match self {
            PackedPoints::Portable(_) => core::mem::size_of::<crate::point::AffineNiels>(),
            #[cfg(target_arch = "x86_64")]
            PackedPoints::Avx2(_) => core::mem::size_of::<super::avx2::point::PackedNiels>(),
            #[cfg(target_arch = "x86_64")]
            PackedPoints::Ifma(_) => core::mem::size_of::<super::ifma::convert::PackedNiels>(),
        }
    }

    /// Appends more points (packed as the ones already held).
    pub(crate) fn extend(&mut self, points: &[crate::point::AffineNiels]) {
        match self {
            PackedPoints::Portable(p) => p.extend_from_slice(points),
            #[cfg(target_arch = "x86_64")]
            PackedPoints::Avx2(p) => p.extend(points.iter().map(super::avx2::point::pack_niels)),
            #[cfg(target_arch = "x86_64")]
            PackedPoints::Ifma(p) => p.extend(points.iter().map(super::ifma::hw::pack_niels)),
        }
    }

    /// The points as affine Niels points again (for a pass other than the one they were packed
    /// for: a backend switched after the table was built).
    fn unpacked(&self) -> alloc::vec::Vec<crate::point::AffineNiels> {
        match self {
            PackedPoints::Portable(p) => p.clone(),
            #[cfg(target_arch = "x86_64")]
            PackedPoints::Avx2(p) => p.iter().map(super::avx2::point::unpack_niels).collect(),
            #[cfg(target_arch = "x86_64")]
            PackedPoints::Ifma(p) => p.iter().map(super::ifma::convert::unpack_niels).collect(),
        }
    }
}

/// `points` packed for the bucket pass active now (see [`pippenger`]).
pub(crate) fn pack_points(points: alloc::vec::Vec<crate::point::AffineNiels>) -> PackedPoints {
    #[cfg(target_arch = "x86_64")]
    if ifma_active() {
        return PackedPoints::Ifma(points.iter().map(super::ifma::hw::pack_niels).collect());
    }
    #[cfg(target_arch = "x86_64")]
    if simd_buckets_active() {
        return PackedPoints::Avx2(points.iter().map(super::avx2::point::pack_niels).collect());
    }
    PackedPoints::Portable(points)
}

/// `Σ dₖ·Qₖ` for small signed digits (|dₖ| ≤ `buckets`) over a shifted table's points: its
/// one window of bucket additions and the running sum, on the pass the points were packed for
/// if it is still active (otherwise, after a backend switch, the points are unpacked and added
/// by the portable pass: the same point, more slowly).
pub(crate) fn one_window(
    digits: &[i32],
    buckets: usize,
    points: &PackedPoints,
    first: usize,
) -> crate::point::Extended {
    // The points from `first` on (digit k goes with point first + k).
    match points {
        #[cfg(target_arch = "x86_64")]
        PackedPoints::Ifma(p) if ifma_active() => {
            // SAFETY: `ifma_active()` is true only when cpufeatures detected AVX-512F and
            // AVX-512 IFMA on this CPU with the OS saving the ZMM state, the requirements of
            // this `#[target_feature(enable = "avx512f,avx512ifma")]` function; its arguments
            // are ordinary slices.
            unsafe {
                super::ifma::hw::one_window(
                    digits,
                    buckets,
                    p.get(first..).unwrap_or(&[]),
                    prefetch,
                )
            }
        }
        #[cfg(target_arch = "x86_64")]
        PackedPoints::Avx2(p) if simd_buckets_active() => {
            // SAFETY: `simd_buckets_active()` is true only when cpufeatures detected AVX2
            // (through `active()`), BMI2 and ADX on this CPU, the requirements of this
            // `#[target_feature(enable = "avx2,bmi2,adx")]` function; its arguments are ordinary
            // slices.
            unsafe {
                super::avx2::msm::one_window(
                    digits,
                    buckets,
                    p.get(first..).unwrap_or(&[]),
                    prefetch,
                )
            }
        }
        PackedPoints::Portable(p) => {
            one_window_portable(digits, buckets, p.get(first..).unwrap_or(&[]))
        }
        #[allow(unreachable_patterns)]
        other => one_window_portable(
            digits,
            buckets,
            other.unpacked().get(first..).unwrap_or(&[]),
        ),
    }
}

/// The portable pass of [`one_window`] (with BMI2/ADX where the CPU has them, as [`pippenger`]).
fn one_window_portable(
    digits: &[i32],
    buckets: usize,
    points: &[crate::point::AffineNiels],
) -> crate::point::Extended {
    #[cfg(target_arch = "x86_64")]
    if active() == Backend::Avx2 && cpuid_bmi2::get() {
        // SAFETY: cpufeatures detected BMI2 and ADX on this CPU, the requirements of this
        // `#[target_feature(enable = "bmi2,adx")]` function; its arguments are ordinary slices.
        return unsafe { super::bmi2::one_window(digits, buckets, points) };
    }
    crate::msm::pippenger::one_window_body(digits, buckets, points)
}

/// Straus's method (`msm::straus`) on the active backend, compiled like [`pippenger`]: with
/// BMI2/ADX where the CPU has AVX2 and both, otherwise the baseline compilation.
pub(crate) fn straus(
    scalars: &[[u64; 4]],
    points: &[crate::point::AffineNiels],
    fixed: Option<&crate::msm::straus::Fixed<'_>>,
) -> crate::point::Extended {
    #[cfg(target_arch = "x86_64")]
    if lane_straus_active() {
        // SAFETY: `lane_straus_active()` is true only when cpufeatures detected AVX2, BMI2 and
        // ADX on this CPU, the requirements of this `#[target_feature(enable =
        // "avx2,bmi2,adx")]` function; its arguments are ordinary slices and references.
        return unsafe { super::avx2::straus::straus(scalars, points, fixed) };
    }
    #[cfg(target_arch = "x86_64")]
    if active() == Backend::Avx2 && cpuid_bmi2::get() {
        // SAFETY: cpufeatures detected BMI2 and ADX on this CPU, the requirements of this
        // `#[target_feature(enable = "bmi2,adx")]` function; its arguments are ordinary slices
        // and references.
        return unsafe { super::bmi2::straus(scalars, points, fixed) };
    }
    crate::msm::straus::straus_body(scalars, points, fixed)
}

/// Lane-wise `(a·b, a², a^(2³))` for four elements on the active backend, through the SIMD
/// representation when there is one (packing and unpacking included): lets the differential tests
/// compare the SIMD field operations with the portable ones without `unsafe`.
pub fn field_ops_x4(a: [Fe; 4], b: [Fe; 4]) -> ([Fe; 4], [Fe; 4], [Fe; 4]) {
    match active() {
        #[cfg(target_arch = "x86_64")]
        Backend::Avx2 => {
            // SAFETY: as in `pow22501_x4`: AVX2 was detected at run time; no pointers.
            unsafe { super::avx2::field::ops_x4(&a, &b) }
        }
        _ => {
            let mut out = ([Fe::ZERO; 4], [Fe::ZERO; 4], [Fe::ZERO; 4]);
            for (k, (x, y)) in a.iter().zip(&b).enumerate() {
                if let (Some(p), Some(s), Some(s3)) =
                    (out.0.get_mut(k), out.1.get_mut(k), out.2.get_mut(k))
                {
                    *p = x.mul(y);
                    *s = x.square();
                    *s3 = x.pow2k(3);
                }
            }
            out
        }
    }
}

/// Lane-wise `[a + b, a − b, a·b, a², a^(2⁵), a + b and a − b with one carry round,
/// (a + b)·b and (a − b)·b with the sum and difference not carried]` through the four-lane AVX2
/// field code (packing and unpacking included): `None` unless the CPU has AVX2 (whether or not
/// [`force_portable`] is on). A test hook (tests/fiat_reference.rs).
#[doc(hidden)]
pub fn avx2_field_ops_x4(a: [Fe; 4], b: [Fe; 4]) -> Option<[[Fe; 4]; 9]> {
    #[cfg(target_arch = "x86_64")]
    if cpuid_avx2::get() {
        // SAFETY: cpufeatures detected AVX2 (CPUID and OS-enabled YMM state) on this CPU, the
        // one requirement of this `#[target_feature(enable = "avx2")]` function; it takes
        // references to arrays, no pointers.
        return Some(unsafe { super::avx2::field::field_ops9_x4(&a, &b) });
    }
    let _ = (a, b);
    None
}

/// The lane operations of the parallel point formulas on raw radix-2^25.5 limbs (`[lane][limb]`,
/// every limb below 2²⁶ + 2¹⁷, kept by the caller): `[(a − b, a + b, a − b, a + b), the same
/// uncarried times c, a − b − 2c, a through the packed 32-bit form, (a₃, b₁, a₁, a₀)]`. `None`
/// unless the CPU has AVX2. A test hook (tests/fiat_reference.rs).
#[doc(hidden)]
pub fn avx2_lane_ops_x4_raw(
    a: [[u64; 10]; 4],
    b: [[u64; 10]; 4],
    c: [[u64; 10]; 4],
) -> Option<[[Fe; 4]; 5]> {
    #[cfg(target_arch = "x86_64")]
    if cpuid_avx2::get() {
        // SAFETY: cpufeatures detected AVX2 (CPUID and OS-enabled YMM state) on this CPU, the
        // one requirement of this `#[target_feature(enable = "avx2")]` function; it takes
        // references to arrays, no pointers.
        return Some(unsafe { super::avx2::field::lane_ops_x4_raw(&a, &b, &c) });
    }
    let _ = (a, b, c);
    None
}

/// `[2p, p + q, p − q, p + q, p − q]` by the four-lane parallel formulas of Straus's method
/// (the last two with `q` in affine Niels form, as a fixed point): `None` unless the CPU has
/// AVX2. A test hook (tests/backends.rs compares each with the portable result).
#[doc(hidden)]
pub fn avx2_lane_point_ops(
    p: &crate::point::Extended,
    q: &crate::point::Extended,
) -> Option<[crate::point::Extended; 5]> {
    #[cfg(target_arch = "x86_64")]
    if cpuid_avx2::get() {
        let qa = q.to_affine_niels();
        // SAFETY: cpufeatures detected AVX2 (CPUID and OS-enabled YMM state) on this CPU, the
        // one requirement of this `#[target_feature(enable = "avx2")]` function; it takes
        // references only.
        return Some(unsafe { super::avx2::parallel::ops(p, q, &qa) });
    }
    let _ = (p, q);
    None
}

/// [`avx2_field_ops_x4`] on lanes given as raw radix-2^25.5 limbs (`[lane][limb]`, every limb
/// below 2²⁶ + 2¹⁷, the bound of a carried element, which the caller keeps): a test hook for
/// operands at the limb bounds. `None` unless the CPU has AVX2.
#[doc(hidden)]
pub fn avx2_field_ops_x4_raw(a: [[u64; 10]; 4], b: [[u64; 10]; 4]) -> Option<[[Fe; 4]; 9]> {
    #[cfg(target_arch = "x86_64")]
    if cpuid_avx2::get() {
        // SAFETY: as in `avx2_field_ops_x4`: AVX2 detected (with OS support) by cpufeatures;
        // references to arrays only.
        return Some(unsafe { super::avx2::field::field_ops9_x4_raw(&a, &b) });
    }
    let _ = (a, b);
    None
}

/// `lanes[k] ± q[k]` (`−` where `negative[k]`), `iterations` times, through the four-lane AVX2
/// point code: `None` unless the AVX2 backend is active. A test hook (every lane must equal the
/// portable `add_affine` / `sub_affine` repeated) and a unit of measurement.
#[doc(hidden)]
pub fn add_affine_chain_x4(
    lanes: &[crate::point::Extended; 4],
    q: &[crate::point::AffineNiels; 4],
    negative: [bool; 4],
    iterations: usize,
) -> Option<[crate::point::Extended; 4]> {
    #[cfg(target_arch = "x86_64")]
    if active() == Backend::Avx2 {
        // SAFETY: `active()` returns `Avx2` only when cpufeatures detected AVX2 (CPUID and
        // OS-enabled YMM state), the one requirement of this `#[target_feature(enable = "avx2")]`
        // function; its arguments are references to arrays.
        return Some(unsafe {
            super::avx2::point::add_affine_chain(lanes, q, negative, iterations)
        });
    }
    let _ = (lanes, q, negative, iterations);
    None
}

/// One four-lane AVX2 chain of mixed additions and two portable ones in the same loop (a unit of
/// measurement: does the scalar multiplier overlap the vector one?). `None` unless AVX2, BMI2
/// and ADX are available.
#[doc(hidden)]
pub fn hybrid_chain(
    lanes: &[crate::point::Extended; 4],
    scalar: &[crate::point::Extended; 2],
    q: &crate::point::AffineNiels,
    iterations: usize,
) -> Option<([crate::point::Extended; 4], [crate::point::Extended; 2])> {
    #[cfg(target_arch = "x86_64")]
    if active() == Backend::Avx2 && cpuid_bmi2::get() {
        // SAFETY: AVX2 (through `active()`), BMI2 and ADX were detected by cpufeatures on this
        // CPU, the requirements of this `#[target_feature(enable = "avx2,bmi2,adx")]` function;
        // its arguments are references.
        return Some(unsafe { super::avx2::point::hybrid_chain(lanes, scalar, q, iterations) });
    }
    let _ = (lanes, scalar, q, iterations);
    None
}

/// Measurement aid: four AVX2 lanes adding `points[order[4s + k]]` in lane k at step s, `rounds`
/// times over. `None` unless the AVX2 backend is active.
#[doc(hidden)]
pub fn gather_chain_x4(
    lanes: &[crate::point::Extended; 4],
    points: &[crate::point::AffineNiels],
    order: &[u32],
    rounds: usize,
) -> Option<[crate::point::Extended; 4]> {
    #[cfg(target_arch = "x86_64")]
    if active() == Backend::Avx2 {
        // SAFETY: `active()` returns `Avx2` only when cpufeatures detected AVX2 (CPUID and
        // OS-enabled YMM state), the one requirement of this `#[target_feature(enable = "avx2")]`
        // function; its arguments are references.
        return Some(unsafe { super::avx2::point::gather_chain(lanes, points, order, rounds) });
    }
    let _ = (lanes, points, order, rounds);
    None
}

/// `lanes[k] + q[k]` (general additions), `iterations` times, through the four-lane AVX2 point
/// code: `None` unless the AVX2 backend is active. A test hook (every lane must equal the
/// portable `Extended::add` repeated).
#[doc(hidden)]
pub fn add_chain_x4(
    lanes: &[crate::point::Extended; 4],
    q: &[crate::point::Extended; 4],
    iterations: usize,
) -> Option<[crate::point::Extended; 4]> {
    #[cfg(target_arch = "x86_64")]
    if active() == Backend::Avx2 {
        // SAFETY: `active()` returns `Avx2` only when cpufeatures detected AVX2 (CPUID and
        // OS-enabled YMM state), the one requirement of this `#[target_feature(enable = "avx2")]`
        // function; its arguments are references to arrays.
        return Some(unsafe { super::avx2::point::add_chain(lanes, q, iterations) });
    }
    let _ = (lanes, q, iterations);
    None
}

/// Lane-wise `[a + b, a − b, a·b, a², a^(2⁵)]` through the eight-lane IFMA algorithms run on the
/// software model of the instructions (any machine): a test hook.
#[doc(hidden)]
pub fn ifma_model_field_ops_x8(a: [Fe; 8], b: [Fe; 8]) -> [[Fe; 8]; 5] {
    super::ifma::emu::field_ops_x8(&a, &b)
}

/// The raw radix-2⁵² limbs (`[op][lane][limb]`) of [`ifma_model_field_ops_x8`]'s results: a
/// test hook (every output must be normalized).
#[doc(hidden)]
pub fn ifma_model_field_ops_x8_limbs(a: [Fe; 8], b: [Fe; 8]) -> [[[u64; 5]; 8]; 5] {
    super::ifma::emu::field_ops_x8_limbs(&a, &b)
}

/// [`ifma_model_field_ops_x8`] on the real instructions: `None` unless the CPU has AVX-512F and
/// AVX-512 IFMA (whether or not the caller opted in; a test hook).
#[doc(hidden)]
pub fn ifma_hw_field_ops_x8(a: [Fe; 8], b: [Fe; 8]) -> Option<[[Fe; 8]; 5]> {
    #[cfg(target_arch = "x86_64")]
    if ifma_detected() {
        // SAFETY: cpufeatures detected AVX-512F and AVX-512 IFMA on this CPU, with the OS
        // saving the ZMM state, the requirements of this
        // `#[target_feature(enable = "avx512f,avx512ifma")]` function; it takes references to
        // arrays, no pointers.
        return Some(unsafe { super::ifma::hw::field_ops_x8(&a, &b) });
    }
    let _ = (a, b);
    None
}

/// [`ifma_model_field_ops_x8_limbs`] on the real instructions: `None` unless the CPU has
/// AVX-512F and AVX-512 IFMA (a test hook).
#[doc(hidden)]
pub fn ifma_hw_field_ops_x8_limbs(a: [Fe; 8], b: [Fe; 8]) -> Option<[[[u64; 5]; 8]; 5]> {
    #[cfg(target_arch = "x86_64")]
    if ifma_detected() {
        // SAFETY: as in `ifma_hw_field_ops_x8`: AVX-512F and AVX-512 IFMA detected (with OS
        // support) by cpufeatures; references to arrays only.
        return Some(unsafe { super::ifma::hw::field_ops_x8_limbs(&a, &b) });
    }
    let _ = (a, b);
    None
}

/// `(a^(2²⁵⁰ − 1), a¹¹)` for eight lanes through the IFMA algorithms on the software model of
/// the instructions (any machine): a test hook.
#[doc(hidden)]
pub fn ifma_model_pow22501_x8(a: [Fe; 8]) -> [(Fe, Fe); 8] {
    super::ifma::emu::pow22501_x8(&a)
}

/// [`ifma_model_pow22501_x8`] on the real instructions: `None` unless the CPU has AVX-512F and
/// AVX-512 IFMA (a test hook).
#[doc(hidden)]
pub fn ifma_hw_pow22501_x8(a: [Fe; 8]) -> Option<[(Fe, Fe); 8]> {
    #[cfg(target_arch = "x86_64")]
    if ifma_detected() {
        // SAFETY: as in `ifma_hw_field_ops_x8`: AVX-512F and AVX-512 IFMA detected (with OS
        // support) by cpufeatures; a reference to an array only.
        return Some(unsafe { super::ifma::hw::pow22501_x8(&a) });
    }
    let _ = a;
    None
}

/// [`ifma_model_field_ops_x8`] on lanes given as raw radix-2⁵² limbs (`[lane][limb]`, limbs 0–3
/// below 2⁵², limb 4 below 2⁴⁸: the normalized bounds, which the caller keeps), on the model,
/// and on the real instructions when detected: a test hook for operands at the limb bounds.
#[doc(hidden)]
pub fn ifma_field_ops_x8_raw(
    a: [[u64; 5]; 8],
    b: [[u64; 5]; 8],
) -> ([[Fe; 8]; 5], Option<[[Fe; 8]; 5]>) {
    let model = super::ifma::emu::field_ops_x8_raw(&a, &b);
    #[cfg(target_arch = "x86_64")]
    if ifma_detected() {
        // SAFETY: as in `ifma_hw_field_ops_x8`: AVX-512F and AVX-512 IFMA detected (with OS
        // support) by cpufeatures; references to arrays only.
        return (
            model,
            Some(unsafe { super::ifma::hw::field_ops_x8_raw(&a, &b) }),
        );
    }
    (model, None)
}

/// `lanes[k] ± q[k]` (`−` where `negative[k]`), `iterations` times, through the eight-lane IFMA
/// point code: on the software model of the instructions (first), and on the real instructions
/// when the CPU has them (second, `None` otherwise). A test hook: every lane must equal the
/// portable `add_affine` / `sub_affine` repeated.
#[doc(hidden)]
pub fn ifma_add_affine_chain_x8(
    lanes: &[crate::point::Extended; 8],
    q: &[crate::point::AffineNiels; 8],
    negative: [bool; 8],
    iterations: usize,
) -> (
    [crate::point::Extended; 8],
    Option<[crate::point::Extended; 8]>,
) {
    let model = super::ifma::emu::add_affine_chain(lanes, q, negative, iterations);
    #[cfg(target_arch = "x86_64")]
    if ifma_detected() {
        // SAFETY: cpufeatures detected AVX-512F and AVX-512 IFMA (with OS-enabled ZMM state),
        // the requirements of this `#[target_feature(enable = "avx512f,avx512ifma")]`
        // function; its arguments are references to arrays.
        let real = unsafe { super::ifma::hw::add_affine_chain(lanes, q, negative, iterations) };
        return (model, Some(real));
    }
    (model, None)
}

/// `lanes[k] + q[k]` (general additions), `iterations` times, through the eight-lane IFMA point
/// code: model first, real instructions second when detected. A test hook (every lane must
/// equal the portable `Extended::add` repeated).
#[doc(hidden)]
pub fn ifma_add_chain_x8(
    lanes: &[crate::point::Extended; 8],
    q: &[crate::point::Extended; 8],
    iterations: usize,
) -> (
    [crate::point::Extended; 8],
    Option<[crate::point::Extended; 8]>,
) {
    let model = super::ifma::emu::add_chain(lanes, q, iterations);
    #[cfg(target_arch = "x86_64")]
    if ifma_detected() {
        // SAFETY: as in `ifma_add_affine_chain_x8`: AVX-512F and AVX-512 IFMA detected (with
        // OS support); references to arrays only.
        let real = unsafe { super::ifma::hw::add_chain(lanes, q, iterations) };
        return (model, Some(real));
    }
    (model, None)
}

/// The one window of a shifted table (`msm::shifted`: `Σ dₖ·Qₖ` for small signed digits,
/// |dₖ| ≤ `buckets`) by the *model* of the IFMA bucket pass (the emulated instructions, any
/// CPU): lets the tests check that pass's code where the CPU lacks IFMA.
pub fn ifma_model_one_window(
    digits: &[i32],
    buckets: usize,
    points: &[crate::point::AffineNiels],
) -> crate::point::Point {
    let packed: alloc::vec::Vec<super::ifma::convert::PackedNiels> =
        points.iter().map(super::ifma::emu::pack_niels).collect();
    crate::point::Point(super::ifma::emu::one_window(
        digits, buckets, &packed, prefetch,
    ))
}

/// Pippenger's method with the eight-lane IFMA bucket pass run on the software model of the
/// instructions (any machine), window width `c` or chosen by size: a test hook. `None` if the
/// lists differ in length or `c` is outside `MIN_WINDOW ..= MAX_WINDOW`.
#[doc(hidden)]
pub fn ifma_model_msm(
    scalars: &[[u8; 32]],
    points: &[crate::point::AffineNiels],
    c: Option<u32>,
) -> Option<crate::point::Point> {
    let words = msm_words(scalars, points, c)?;
    Some(crate::point::Point(super::ifma::emu::pippenger(
        &words,
        points,
        c,
        crate::msm::window::Share::ALL,
        prefetch,
    )))
}

/// [`ifma_model_msm`] on the real instructions: `None` unless the CPU has AVX-512F and AVX-512
/// IFMA (whether or not the caller opted in), or if the input is invalid. A test hook.
#[doc(hidden)]
pub fn ifma_hw_msm(
    scalars: &[[u8; 32]],
    points: &[crate::point::AffineNiels],
    c: Option<u32>,
) -> Option<crate::point::Point> {
    let words = msm_words(scalars, points, c)?;
    #[cfg(target_arch = "x86_64")]
    if ifma_detected() {
        // SAFETY: cpufeatures detected AVX-512F and AVX-512 IFMA (with OS-enabled ZMM state),
        // the requirements of this `#[target_feature(enable = "avx512f,avx512ifma")]`
        // function; its arguments are ordinary slices.
        let p = unsafe {
            super::ifma::hw::pippenger(&words, points, c, crate::msm::window::Share::ALL, prefetch)
        };
        return Some(crate::point::Point(p));
    }
    let _ = words;
    None
}

/// The scalars as words, if the lists have one length and `c` is a supported window width.
fn msm_words(
    scalars: &[[u8; 32]],
    points: &[crate::point::AffineNiels],
    c: Option<u32>,
) -> Option<alloc::vec::Vec<[u64; 4]>> {
    use crate::msm::window::{MAX_WINDOW, MIN_WINDOW};
    if scalars.len() != points.len() || c.is_some_and(|c| !(MIN_WINDOW..=MAX_WINDOW).contains(&c)) {
        return None;
    }
    Some(scalars.iter().map(crate::msm::digits::to_words).collect())
}

/// The field part of decoding eight encodings through the eight-lane IFMA algorithms: on the
/// software model of the instructions (first) and on the real ones when the CPU has them
/// (second, `None` otherwise). A test hook (the same field elements as `field::decode_core`).
#[doc(hidden)]
pub fn ifma_decode_core_x8(s: [Fe; 8]) -> ([field::DecodeCore; 8], Option<[field::DecodeCore; 8]>) {
    let model = super::ifma::emu::decode_core_x8(&s);
    #[cfg(target_arch = "x86_64")]
    if ifma_detected() {
        // SAFETY: cpufeatures detected AVX-512F and AVX-512 IFMA (with OS-enabled ZMM state),
        // the requirements of this `#[target_feature(enable = "avx512f,avx512ifma")]`
        // function; a reference to an array only.
        return (model, Some(unsafe { super::ifma::hw::decode_core_x8(&s) }));
    }
    (model, None)
}
