//! Bulletproofs+ benchmarks (filled in later).
fn main() {}
