//! Peak heap use, measured with a counting global allocator: shared by the `memory` and
//! `gadgets_memory` benches (`#[path]`-included; each is a separate binary, so nothing else
//! allocates while they measure).
#![allow(dead_code)]

use peak_alloc::PeakAlloc;

#[global_allocator]
static PEAK: PeakAlloc = PeakAlloc;

/// One mebibyte.
pub const MIB: usize = 1 << 20;

/// Peak bytes above the starting level while running `f`.
pub fn peak<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let base = PEAK.current_usage();
    PEAK.reset_peak_usage();
    let r = f();
    (r, PEAK.peak_usage().saturating_sub(base))
}
