//! The engine's field arithmetic against fiat-crypto's formally verified code for GF(2²⁵⁵ − 19)
//! (`fiat_crypto::curve25519_64`, radix 2⁵¹: `carry_mul`, `carry_square`, `add`, `sub`, `opp`,
//! `carry`, `to_bytes`, `from_bytes`), on edge inputs and seeded random ones.
//!
//! - portable code (`field::Fe`, the reference model of the engine): mul, square, add, sub, neg,
//!   pow2k, a lazy sum fed to mul, reduce, to_bytes (with is_negative, is_zero), equals,
//!   from_bytes, from_canonical_bytes, abs, invert, pow_p58, pow22501, sqrt_ratio_m1,
//!   decode_core, and the constants;
//! - AVX2 (four lanes, radix 2^25.5), lane by lane against fiat and the portable code: add, sub,
//!   mul, square, pow2k(5), the one-carry-round and not-carried sum and difference of the point
//!   code, on packed elements and on raw limbs at their bounds; pow22501 on four and eight lanes
//!   and decode_core on eight (through the dispatcher, when the AVX2 backend is active);
//! - AVX-512 IFMA (eight lanes, radix 2⁵²): the same on the bit-exact model of the instructions
//!   always, and on the real instructions where the CPU has them.
//!
//! Results are compared on canonical encodings computed by fiat (the engine's limbs, whatever
//! their radix, are fed to fiat's verified carry and `to_bytes`), so limb representations may
//! differ; the engine's own `to_bytes` is one of the operations compared. Exponentiations are
//! compared with fiat square-and-multiply over the exponent's bits (not the engine's addition
//! chain); `sqrt_ratio_m1` with the relations that determine its output (r non-negative, and
//! r²·v = u when the flag is set, r²·v = √−1·u otherwise; (true, 0) for u = 0, (false, 0) for
//! v = 0 ≠ u).
//!
//! Counts: `BPKIT_FIAT_CASES` random inputs per operation (default 2000; every lane of a vector
//! is one input), on top of the edge inputs (every pair of edge values for binary operations, in
//! every lane position for the backends); `BPKIT_FIAT_SEED` (decimal or 0x-hex) changes the
//! seed. Each test prints the seed and its counts. The 10⁶ campaign:
//! `BPKIT_FIAT_CASES=1000000 cargo test --release -p bpkit-engine --test fiat_reference`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::needless_range_loop
)]

mod common;

use bpkit_engine::backend::{self, dispatch, Backend};
use bpkit_engine::field::{self, DecodeCore, Fe};
use fiat_crypto::curve25519_64 as fc;
use rand_chacha::ChaCha20Rng;
use std::time::Instant;

use fc::fiat_25519_loose_field_element as Loose;
use fc::fiat_25519_tight_field_element as Tight;

const M51: u64 = (1 << 51) - 1;

// ------------------------------------------------------------------------------------------
// The reference: fiat-crypto's verified operations, and compositions of them.
// ------------------------------------------------------------------------------------------

fn f_relax(a: &Tight) -> Loose {
    let mut o = Loose([0; 5]);
    fc::fiat_25519_relax(&mut o, a);
    o
}

fn f_carry(a: &Loose) -> Tight {
    let mut o = Tight([0; 5]);
    fc::fiat_25519_carry(&mut o, a);
    o
}

fn f_mul(a: &Tight, b: &Tight) -> Tight {
    let mut o = Tight([0; 5]);
    fc::fiat_25519_carry_mul(&mut o, &f_relax(a), &f_relax(b));
    o
}

fn f_sq(a: &Tight) -> Tight {
    let mut o = Tight([0; 5]);
    fc::fiat_25519_carry_square(&mut o, &f_relax(a));
    o
}

fn f_add(a: &Tight, b: &Tight) -> Tight {
    let mut o = Loose([0; 5]);
    fc::fiat_25519_add(&mut o, a, b);
    f_carry(&o)
}

fn f_sub(a: &Tight, b: &Tight) -> Tight {
    let mut o = Loose([0; 5]);
    fc::fiat_25519_sub(&mut o, a, b);
    f_carry(&o)
}

fn f_opp(a: &Tight) -> Tight {
    let mut o = Loose([0; 5]);
    fc::fiat_25519_opp(&mut o, a);
    f_carry(&o)
}

fn f_bytes(a: &Tight) -> [u8; 32] {
    let mut o = [0u8; 32];
    fc::fiat_25519_to_bytes(&mut o, a);
    o
}

/// fiat's decoding of the low 255 bits (its precondition: bit 255 clear; the engine ignores it).
fn f_from_bytes(b: &[u8; 32]) -> Tight {
    let mut low = *b;
    low[31] &= 0x7f;
    let mut o = Tight([0; 5]);
    fc::fiat_25519_from_bytes(&mut o, &low);
    o
}

/// The element Σ lᵢ·2⁵¹ⁱ for any 64-bit limbs: each limb split at bit 51, the high parts moved
/// one limb up (the top one times 19, as 2²⁵⁵ ≡ 19), fiat's add and carry doing the rest.
fn f_of(l: [u64; 5]) -> Tight {
    let lo = Tight([l[0] & M51, l[1] & M51, l[2] & M51, l[3] & M51, l[4] & M51]);
    let hi = Tight([
        19 * (l[4] >> 51),
        l[0] >> 51,
        l[1] >> 51,
        l[2] >> 51,
        l[3] >> 51,
    ]);
    f_add(&lo, &hi)
}

fn f_of_fe(x: &Fe) -> Tight {
    f_of(x.limbs())
}

/// Σ lᵢ·2^shiftᵢ (shifts below 255) for limbs in any radix: each term a fiat product.
fn f_weighted(terms: impl IntoIterator<Item = (u64, u32)>) -> Tight {
    let mut acc = Tight([0; 5]);
    for (l, shift) in terms {
        let mut b = [0u8; 32];
        b[(shift / 8) as usize] = 1 << (shift % 8);
        let t = f_mul(&f_of([l, 0, 0, 0, 0]), &f_from_bytes(&b));
        acc = f_add(&acc, &t);
    }
    acc
}

fn f_small(x: u64) -> Tight {
    f_of([x, 0, 0, 0, 0])
}

fn f_is_zero(a: &Tight) -> bool {
    f_bytes(a) == [0u8; 32]
}

/// `a^e` by square-and-multiply over the bits of `e` (little-endian bytes), most significant
/// first.
fn f_pow(a: &Tight, e: &[u8; 32]) -> Tight {
    let mut acc = f_small(1);
    let top = (0..256)
        .rev()
        .find(|&bit| (e[bit / 8] >> (bit % 8)) & 1 == 1);
    for bit in (0..=top.unwrap_or(0)).rev() {
        acc = f_sq(&acc);
        if (e[bit / 8] >> (bit % 8)) & 1 == 1 {
            acc = f_mul(&acc, a);
        }
    }
    acc
}

fn f_pow2k(a: &Tight, k: u32) -> Tight {
    let mut x = *a;
    for _ in 0..k {
        x = f_sq(&x);
    }
    x
}

/// A 256-bit exponent: `low`, then 30 bytes 0xff, then `top`.
fn exponent(low: u8, top: u8) -> [u8; 32] {
    let mut e = [0xffu8; 32];
    e[0] = low;
    e[31] = top;
    e
}

/// p − 2.
fn e_invert() -> [u8; 32] {
    exponent(0xeb, 0x7f)
}

/// (p − 5)/8 = 2²⁵² − 3.
fn e_p58() -> [u8; 32] {
    exponent(0xfd, 0x0f)
}

/// 2²⁵⁰ − 1.
fn e_250() -> [u8; 32] {
    exponent(0xff, 0x03)
}

/// 11.
fn e_11() -> [u8; 32] {
    let mut e = [0u8; 32];
    e[0] = 11;
    e
}

/// √−1 = 2^((p − 1)/4), (p − 1)/4 = 2²⁵³ − 5.
fn f_sqrt_m1() -> Tight {
    f_pow(&f_small(2), &exponent(0xfb, 0x1f))
}

/// d = −121665/121666.
fn f_d() -> Tight {
    f_mul(
        &f_opp(&f_small(121665)),
        &f_pow(&f_small(121666), &e_invert()),
    )
}

/// The engine's element, encoded by fiat (independent of the engine's `to_bytes`).
fn enc(x: &Fe) -> [u8; 32] {
    f_bytes(&f_of_fe(x))
}

/// The reference decoding core of s (RFC 9496 §4.3.1 as `field::decode_core` documents it).
fn f_decode_core(s: &Tight, d: &Tight) -> [[u8; 32]; 5] {
    let one = f_small(1);
    let ss = f_sq(s);
    let u1 = f_sub(&one, &ss);
    let u2 = f_add(&one, &ss);
    let u2_sqr = f_sq(&u2);
    let v = f_sub(&f_opp(&f_mul(d, &f_sq(&u1))), &u2_sqr);
    let w = f_mul(&v, &u2_sqr);
    let w3 = f_mul(&f_sq(&w), &w);
    let w7 = f_mul(&f_sq(&w3), &w);
    let r = f_mul(&w3, &f_pow(&w7, &e_p58()));
    let check = f_mul(&w, &f_sq(&r));
    [u1, u2, v, r, check].map(|x| f_bytes(&x))
}

fn core_enc(c: &DecodeCore) -> [[u8; 32]; 5] {
    [c.u1, c.u2, c.v, c.r, c.check].map(|x| enc(&x))
}

// ------------------------------------------------------------------------------------------
// Inputs.
// ------------------------------------------------------------------------------------------

struct Config {
    seed: u64,
    random: usize,
}

fn config(test: &str) -> Config {
    let seed = std::env::var("BPKIT_FIAT_SEED")
        .ok()
        .map(|s| match s.strip_prefix("0x") {
            Some(h) => u64::from_str_radix(h, 16).expect("BPKIT_FIAT_SEED"),
            None => s.parse().expect("BPKIT_FIAT_SEED"),
        })
        .unwrap_or(0x5eed_f1a7);
    let random = std::env::var("BPKIT_FIAT_CASES")
        .ok()
        .map(|s| s.parse().expect("BPKIT_FIAT_CASES: a count"))
        .unwrap_or(2000);
    eprintln!(
        "{test}: seed {seed:#x}, {random} random inputs per operation (BPKIT_FIAT_SEED, \
         BPKIT_FIAT_CASES); engine backend = {}",
        bpkit_engine::backend()
    );
    Config { seed, random }
}

/// Counts per operation, printed at the end of a test.
struct Tally {
    test: &'static str,
    start: Instant,
    rows: Vec<(String, usize, usize)>,
}

impl Tally {
    fn new(test: &'static str) -> Tally {
        Tally {
            test,
            start: Instant::now(),
            rows: Vec::new(),
        }
    }

    fn add(&mut self, op: &str, edge: usize, random: usize) {
        match self.rows.iter_mut().find(|r| r.0 == op) {
            Some(r) => {
                r.1 += edge;
                r.2 += random;
            }
            None => self.rows.push((op.to_string(), edge, random)),
        }
    }

    fn print(&self) {
        for (op, e, r) in &self.rows {
            eprintln!(
                "{}: {op}: {} inputs ({e} edge + {r} random) equal to fiat-crypto",
                self.test,
                e + r
            );
        }
        eprintln!(
            "{}: {} operations, all equal, {:.1} s",
            self.test,
            self.rows.len(),
            self.start.elapsed().as_secs_f64()
        );
    }
}

/// p + k (−20 ≤ k ≤ 18) in radix-2⁵¹ limbs.
fn p_plus(k: i64) -> Fe {
    let l0 = ((1i64 << 51) - 19 + k) as u64;
    Fe::from_limbs_unreduced([l0, M51, M51, M51, M51])
}

fn fe_of_bytes_pow2(bit: u32) -> Fe {
    let mut b = [0u8; 32];
    b[(bit / 8) as usize] = 1 << (bit % 8);
    Fe::from_bytes(&b)
}

/// Edge values with limbs below 2⁵⁴ (valid operands of every portable operation): small values,
/// p − 2 … p + 18 (2²⁵⁵ − 1), 2²⁵⁵ and 2p with unreduced limbs, the same value under several
/// limb vectors, limbs at the bounds (2⁵⁴ − 1, the reduced bound 2⁵¹ + 2¹⁹), powers of two at
/// limb and byte boundaries, and the curve constants.
fn edges() -> Vec<Fe> {
    let u = Fe::from_limbs_unreduced;
    let mut v = vec![
        Fe::ZERO,
        Fe::ONE,
        u([2, 0, 0, 0, 0]),
        u([19, 0, 0, 0, 0]),
        u([121665, 0, 0, 0, 0]),
        u([121666, 0, 0, 0, 0]),
        u([M51, 0, 0, 0, 0]),
        u([0, 1, 0, 0, 0]),
    ];
    for k in -2..=18 {
        v.push(p_plus(k)); // p − 2 … p + 18 = 2²⁵⁵ − 1
    }
    v.extend([
        u([0, 0, 0, 0, 1 << 51]),  // 2²⁵⁵ ≡ 19
        u([18, 0, 0, 0, 1 << 51]), // 2²⁵⁵ + 18 ≡ 37
        u([
            (1 << 52) - 38,
            (1 << 52) - 2,
            (1 << 52) - 2,
            (1 << 52) - 2,
            (1 << 52) - 2,
        ]), // 2p
        u([
            (1 << 52) - 37,
            (1 << 52) - 2,
            (1 << 52) - 2,
            (1 << 52) - 2,
            (1 << 52) - 2,
        ]), // 2p + 1
        u([(1 << 52) - 20, M51 - 1, M51, M51, M51]), // p − 1 with a borrow moved down
        u([(1 << 51) + 5, M51 - 1, (1 << 52) - 1, M51 - 1, M51]), // another limb vector
        u([(1 << 54) - 1; 5]),
        u([1 << 53; 5]),
        u([(1 << 53) + 12345; 5]),
        u([1 << 52; 5]),
        u([(1 << 51) + (1 << 19) - 1; 5]),
        u([(1 << 51) + (1 << 18); 5]),
        u([M51; 5]),
        u([(1 << 54) - 1, 0, (1 << 54) - 1, 0, (1 << 54) - 1]),
        u([0, (1 << 54) - 1, 0, (1 << 54) - 1, 0]),
        field::EDWARDS_D,
        field::EDWARDS_D2,
        field::SQRT_M1,
        field::SQRT_M1.neg(),
        field::INVSQRT_A_MINUS_D,
    ]);
    for i in 0..5 {
        let mut l = [0u64; 5];
        l[i] = (1 << 54) - 1;
        v.push(u(l));
    }
    for bit in [25u32, 26, 51, 52, 64, 102, 127, 128, 192, 204, 253, 254] {
        v.push(fe_of_bytes_pow2(bit));
    }
    v
}

/// [`edges`] and limb vectors beyond the portable operations' operand bounds (up to 2⁶⁴ − 1):
/// inputs of `reduce`, `to_bytes` and of the backends' packing (which reduces first).
fn wide_edges() -> Vec<Fe> {
    let u = Fe::from_limbs_unreduced;
    let mut v = edges();
    v.extend([
        u([u64::MAX; 5]),
        u([1 << 63; 5]),
        u([(1 << 55) - 305; 5]),
        u([u64::MAX, 0, 0, 0, 0]),
        u([0, 0, 0, 0, u64::MAX]),
        u([u64::MAX - M51, M51, u64::MAX, 0, 1 << 60]),
    ]);
    v
}

/// Byte strings for the decoders: the encodings of the edge values with bit 255 clear and set,
/// p − 2 … 2²⁵⁵ − 1 (non-canonical p … 2²⁵⁵ − 1), all zeros, all ones, the top bit alone,
/// alternating bits, and every byte position at 0xff and at 0x80.
fn edge_bytes() -> Vec<[u8; 32]> {
    let mut v: Vec<[u8; 32]> = Vec::new();
    for x in edges() {
        let b = f_bytes(&f_of_fe(&x));
        let mut h = b;
        h[31] |= 0x80;
        v.extend([b, h]);
    }
    for k in -2i64..=18 {
        let mut b = [0xffu8; 32];
        b[0] = (0xedi64 + k) as u8; // p + k = 2²⁵⁵ − 19 + k
        b[31] = 0x7f;
        let mut h = b;
        h[31] = 0xff;
        v.extend([b, h]);
    }
    v.push([0u8; 32]);
    v.push([0xffu8; 32]);
    let mut top = [0u8; 32];
    top[31] = 0x80;
    v.push(top);
    v.push([0x55u8; 32]);
    v.push([0xaau8; 32]);
    for i in 0..32 {
        let mut b = [0u8; 32];
        b[i] = 0xff;
        v.push(b);
        b[i] = 0x80;
        v.push(b);
    }
    v
}

/// A random element with limbs below 2⁵⁴, of one of several shapes (decoded bytes, random limbs
/// of several magnitudes, values near 2²⁵⁵).
fn random_fe(rng: &mut ChaCha20Rng, i: usize) -> Fe {
    let mut r = || common::random_u64(rng);
    match i % 5 {
        0 => Fe::from_bytes(&{
            let mut b = [0u8; 32];
            for c in b.chunks_exact_mut(8) {
                c.copy_from_slice(&r().to_le_bytes());
            }
            b
        }),
        1 => Fe::from_limbs_unreduced([r() >> 10, r() >> 10, r() >> 10, r() >> 10, r() >> 10]),
        2 => Fe::from_limbs_unreduced([r() >> 13, r() >> 13, r() >> 13, r() >> 13, r() >> 13]),
        3 => {
            // Within 2²⁰ of 2²⁵⁵ (about half of them p … 2²⁵⁵ − 1 or above, non-canonical).
            let low = (1u64 << 51) - (r() >> 44);
            Fe::from_limbs_unreduced([low, M51, M51, M51, M51])
        }
        _ => {
            let s = (10 + r() % 40) as u32;
            Fe::from_limbs_unreduced([r() >> s, r() >> s, r() >> s, r() >> s, r() >> s])
        }
    }
}

/// Random limbs of any size (inputs of `reduce` and `to_bytes`).
fn random_wide(rng: &mut ChaCha20Rng, i: usize) -> Fe {
    if i.is_multiple_of(2) {
        let mut r = || common::random_u64(rng);
        Fe::from_limbs_unreduced([r(), r(), r(), r(), r()])
    } else {
        random_fe(rng, i / 2)
    }
}

/// Every lane position: `cases` (an edge list, flattened) placed so that case c sits in lane
/// (c + rotation) mod LANES, for every rotation; `fill` pads the last vector.
fn rotations<T: Copy, const LANES: usize>(cases: &[T], fill: T) -> Vec<[T; LANES]> {
    let mut out = Vec::new();
    for rot in 0..LANES {
        let mut shifted: Vec<T> = vec![fill; rot];
        shifted.extend_from_slice(cases);
        for chunk in shifted.chunks(LANES) {
            let mut v = [fill; LANES];
            v[..chunk.len()].copy_from_slice(chunk);
            out.push(v);
        }
    }
    out
}

fn reduced_bound(x: &Fe, what: &str) {
    assert!(
        x.limbs().iter().all(|&l| l < (1 << 51) + (1 << 19)),
        "{what}: output limbs {:x?} above the reduced bound 2^51 + 2^19",
        x.limbs()
    );
}

// ------------------------------------------------------------------------------------------
// The portable code.
// ------------------------------------------------------------------------------------------

fn check_pair(a: &Fe, b: &Fe, t: &mut Tally, edge: bool) {
    let (e, r) = if edge { (1, 0) } else { (0, 1) };
    let (fa, fb) = (f_of_fe(a), f_of_fe(b));
    let what = || format!("a = {:x?}, b = {:x?}", a.limbs(), b.limbs());

    let m = a.mul(b);
    reduced_bound(&m, &what());
    assert_eq!(enc(&m), f_bytes(&f_mul(&fa, &fb)), "mul {}", what());
    t.add("portable mul", e, r);

    assert_eq!(enc(&a.add(b)), f_bytes(&f_add(&fa, &fb)), "add {}", what());
    t.add("portable add", e, r);

    let s = a.sub(b);
    reduced_bound(&s, &what());
    assert_eq!(enc(&s), f_bytes(&f_sub(&fa, &fb)), "sub {}", what());
    t.add("portable sub", e, r);

    // The lazy sums of the point formulas: sums of two and four reduced elements fed to mul.
    let (ra, rb) = (a.reduce(), b.reduce());
    let s2 = ra.add(&rb);
    let lazy = s2.mul(&s2.add(&s2));
    let fs2 = f_add(&fa, &fb);
    assert_eq!(
        enc(&lazy),
        f_bytes(&f_mul(&fs2, &f_add(&fs2, &fs2))),
        "lazy (a+b)(a+b+a+b) {}",
        what()
    );
    t.add("portable lazy sums into mul", e, r);

    assert_eq!(
        a.equals(b),
        f_bytes(&fa) == f_bytes(&fb),
        "equals {}",
        what()
    );
    t.add("portable equals", e, r);
}

fn check_unary(a: &Fe, i: usize, t: &mut Tally, edge: bool) {
    let (e, r) = if edge { (1, 0) } else { (0, 1) };
    let fa = f_of_fe(a);
    let what = || format!("a = {:x?}", a.limbs());

    let s = a.square();
    reduced_bound(&s, &what());
    assert_eq!(enc(&s), f_bytes(&f_sq(&fa)), "square {}", what());
    t.add("portable square", e, r);

    let n = a.neg();
    reduced_bound(&n, &what());
    assert_eq!(enc(&n), f_bytes(&f_opp(&fa)), "neg {}", what());
    t.add("portable neg", e, r);

    let k = (i % 9) as u32;
    assert_eq!(
        enc(&a.pow2k(k)),
        f_bytes(&f_pow2k(&fa, k)),
        "pow2k({k}) {}",
        what()
    );
    t.add("portable pow2k (k = 0 … 8)", e, r);

    let abs = a.abs();
    let fb = f_bytes(&fa);
    let want = if fb[0] & 1 == 1 { f_opp(&fa) } else { fa };
    assert_eq!(enc(&abs), f_bytes(&want), "abs {}", what());
    assert_eq!(enc(&abs)[0] & 1, 0, "abs non-negative {}", what());
    t.add("portable abs", e, r);
}

/// reduce and to_bytes, on any limbs.
fn check_encoding(a: &Fe, t: &mut Tally, edge: bool) {
    let (e, r) = if edge { (1, 0) } else { (0, 1) };
    let fa = f_of_fe(a);
    let want = f_bytes(&fa);
    let what = || format!("a = {:x?}", a.limbs());

    let red = a.reduce();
    assert!(
        red.limbs().iter().all(|&l| l < (1 << 51) + (1 << 18)),
        "reduce bound {}",
        what()
    );
    assert_eq!(enc(&red), want, "reduce {}", what());
    assert_eq!(
        enc(&Fe::from_limbs(a.limbs())),
        want,
        "from_limbs {}",
        what()
    );
    t.add("portable reduce / from_limbs", e, r);

    assert_eq!(a.to_bytes(), want, "to_bytes {}", what());
    assert_eq!(a.is_negative(), want[0] & 1 == 1, "is_negative {}", what());
    assert_eq!(a.is_zero(), want == [0u8; 32], "is_zero {}", what());
    t.add("portable to_bytes (is_negative, is_zero)", e, r);
}

fn check_decoding(b: &[u8; 32], t: &mut Tally, edge: bool) {
    let (e, r) = if edge { (1, 0) } else { (0, 1) };
    let fx = f_from_bytes(b);
    let x = Fe::from_bytes(b);
    // Both are the radix-2⁵¹ digits of the low 255 bits.
    assert_eq!(x.limbs(), fx.0, "from_bytes limbs {b:02x?}");
    assert_eq!(x.to_bytes(), f_bytes(&fx), "from_bytes {b:02x?}");
    t.add("portable from_bytes", e, r);

    let canonical = b[31] & 0x80 == 0 && f_bytes(&fx) == *b;
    let strict = Fe::from_canonical_bytes(b);
    assert_eq!(strict.is_some(), canonical, "from_canonical_bytes {b:02x?}");
    if let Some(s) = strict {
        assert_eq!(enc(&s), *b, "from_canonical_bytes value {b:02x?}");
    }
    t.add("portable from_canonical_bytes", e, r);
}

#[test]
fn portable_arithmetic() {
    let cfg = config("fiat_reference::portable_arithmetic");
    let mut rng = common::rng(cfg.seed ^ 1);
    let mut t = Tally::new("fiat_reference::portable_arithmetic");
    let ev = edges();
    for a in &ev {
        for b in &ev {
            check_pair(a, b, &mut t, true);
        }
    }
    for (i, a) in ev.iter().enumerate() {
        check_unary(a, i, &mut t, true);
    }
    for i in 0..cfg.random {
        let a = random_fe(&mut rng, i);
        let b = random_fe(&mut rng, i / 5 + i);
        check_pair(&a, &b, &mut t, false);
        check_unary(&a, i, &mut t, false);
    }
    // sub and neg at their own bounds: a subtrahend below 2⁵⁵ − 304, a minuend with limbs up
    // to 2⁶⁴ − 2⁵⁵ + 15 (so that adding 16p's limbs cannot wrap).
    let big_rhs = Fe::from_limbs_unreduced([(1 << 55) - 305; 5]);
    let big_lhs = Fe::from_limbs_unreduced([u64::MAX - (1 << 55) + 16; 5]);
    for (a, b) in [(big_lhs, big_rhs), (Fe::ZERO, big_rhs), (big_lhs, Fe::ZERO)] {
        let want = f_sub(&f_of_fe(&a), &f_of_fe(&b));
        assert_eq!(enc(&a.sub(&b)), f_bytes(&want), "sub at its bounds");
        t.add("portable sub", 1, 0);
    }
    assert_eq!(enc(&big_rhs.neg()), f_bytes(&f_opp(&f_of_fe(&big_rhs))));
    t.add("portable neg", 1, 0);
    t.print();
}

#[test]
fn portable_encoding() {
    let cfg = config("fiat_reference::portable_encoding");
    let mut rng = common::rng(cfg.seed ^ 2);
    let mut t = Tally::new("fiat_reference::portable_encoding");
    for a in wide_edges() {
        check_encoding(&a, &mut t, true);
    }
    for b in edge_bytes() {
        check_decoding(&b, &mut t, true);
    }
    for i in 0..cfg.random {
        check_encoding(&random_wide(&mut rng, i), &mut t, false);
        check_decoding(&common::random_bytes(&mut rng), &mut t, false);
    }
    t.print();
}

/// Exponentiations: invert, pow_p58, pow22501 (one lane and four), decode_core.
fn check_exps(a: &Fe, d: &Tight, t: &mut Tally, edge: bool) {
    let (e, r) = if edge { (1, 0) } else { (0, 1) };
    let fa = f_of_fe(a);
    let what = || format!("a = {:x?}", a.limbs());
    assert_eq!(
        enc(&a.invert()),
        f_bytes(&f_pow(&fa, &e_invert())),
        "invert {}",
        what()
    );
    t.add("portable invert", e, r);
    assert_eq!(
        enc(&a.pow_p58()),
        f_bytes(&f_pow(&fa, &e_p58())),
        "pow_p58 {}",
        what()
    );
    t.add("portable pow_p58", e, r);
    let [(hi, lo)] = field::pow22501([*a]);
    assert_eq!(
        enc(&hi),
        f_bytes(&f_pow(&fa, &e_250())),
        "pow22501 {}",
        what()
    );
    assert_eq!(
        enc(&lo),
        f_bytes(&f_pow(&fa, &e_11())),
        "pow22501 {}",
        what()
    );
    t.add("portable pow22501", e, r);
    let [c] = field::decode_core(&[*a]);
    assert_eq!(
        core_enc(&c),
        f_decode_core(&fa, d),
        "decode_core {}",
        what()
    );
    t.add("portable decode_core", e, r);
}

fn check_sqrt_ratio(u: &Fe, v: &Fe, i_f: &Tight, t: &mut Tally, edge: bool) {
    let (e, r) = if edge { (1, 0) } else { (0, 1) };
    let (fu, fv) = (f_of_fe(u), f_of_fe(v));
    let (was_square, root) = field::sqrt_ratio_m1(u, v);
    let fr = f_of_fe(&root);
    let what = || format!("u = {:x?}, v = {:x?}", u.limbs(), v.limbs());
    assert_eq!(
        f_bytes(&fr)[0] & 1,
        0,
        "sqrt_ratio_m1 r negative {}",
        what()
    );
    if f_is_zero(&fu) {
        assert!(
            was_square && f_is_zero(&fr),
            "sqrt_ratio_m1 u = 0 {}",
            what()
        );
    } else if f_is_zero(&fv) {
        assert!(
            !was_square && f_is_zero(&fr),
            "sqrt_ratio_m1 v = 0 {}",
            what()
        );
    } else {
        let lhs = f_bytes(&f_mul(&f_sq(&fr), &fv));
        let want = if was_square { fu } else { f_mul(i_f, &fu) };
        assert_eq!(lhs, f_bytes(&want), "sqrt_ratio_m1 {was_square} {}", what());
    }
    t.add("portable sqrt_ratio_m1", e, r);
}

#[test]
fn portable_exponentiations() {
    let cfg = config("fiat_reference::portable_exponentiations");
    let mut rng = common::rng(cfg.seed ^ 3);
    let mut t = Tally::new("fiat_reference::portable_exponentiations");
    let (d, i_f) = (f_d(), f_sqrt_m1());
    let ev = edges();
    for a in &ev {
        check_exps(a, &d, &mut t, true);
    }
    for u in &ev {
        for v in &ev {
            check_sqrt_ratio(u, v, &i_f, &mut t, true);
        }
    }
    // Four interleaved lanes (the portable batch form), every edge in every lane.
    let quads: Vec<[Fe; 4]> = rotations(&ev, Fe::ONE);
    for q in &quads {
        let heads = field::pow22501(*q);
        let cores = field::decode_core(q);
        for k in 0..4 {
            let fa = f_of_fe(&q[k]);
            assert_eq!(enc(&heads[k].0), f_bytes(&f_pow(&fa, &e_250())));
            assert_eq!(enc(&heads[k].1), f_bytes(&f_pow(&fa, &e_11())));
            assert_eq!(core_enc(&cores[k]), f_decode_core(&fa, &d));
        }
        t.add("portable pow22501 / decode_core (4 lanes)", 4, 0);
    }
    for i in 0..cfg.random {
        let a = random_fe(&mut rng, i);
        check_exps(&a, &d, &mut t, false);
        let v = random_fe(&mut rng, i + 2);
        // Half the ratios squares by construction (u = x²·v), half random.
        let u = if i.is_multiple_of(2) {
            a
        } else {
            a.square().mul(&v)
        };
        check_sqrt_ratio(&u, &v, &i_f, &mut t, false);
    }
    t.print();
}

#[test]
fn constants() {
    let d = f_d();
    let i_f = f_sqrt_m1();
    assert_eq!(enc(&field::EDWARDS_D), f_bytes(&d));
    assert_eq!(enc(&field::EDWARDS_D2), f_bytes(&f_add(&d, &d)));
    assert_eq!(enc(&field::SQRT_M1), f_bytes(&i_f));
    // INVSQRT_A_MINUS_D² · (a − d) = 1 with a = −1, and it is non-negative.
    let c = f_of_fe(&field::INVSQRT_A_MINUS_D);
    let a_minus_d = f_sub(&f_opp(&f_small(1)), &d);
    assert_eq!(f_bytes(&f_mul(&f_sq(&c), &a_minus_d)), f_bytes(&f_small(1)));
    assert_eq!(f_bytes(&c)[0] & 1, 0);
    eprintln!("fiat_reference::constants: d, 2d, sqrt(-1), 1/sqrt(a-d) equal to fiat-crypto");
}

// ------------------------------------------------------------------------------------------
// The SIMD backends, lane by lane against fiat and the portable code.
// ------------------------------------------------------------------------------------------

const AVX2_OPS: [&str; 9] = [
    "add",
    "sub",
    "mul",
    "square",
    "pow2k(5)",
    "add (one carry round)",
    "sub (one carry round)",
    "(a + b not carried)·b",
    "(a − b not carried)·b",
];

/// The reference of [`AVX2_OPS`] (the IFMA backend's five are its first five).
fn f_ops(a: &Tight, b: &Tight) -> [[u8; 32]; 9] {
    [
        f_add(a, b),
        f_sub(a, b),
        f_mul(a, b),
        f_sq(a),
        f_pow2k(a, 5),
        f_add(a, b),
        f_sub(a, b),
        f_mul(&f_add(a, b), b),
        f_mul(&f_sub(a, b), b),
    ]
    .map(|x| f_bytes(&x))
}

/// The portable code's results for [`AVX2_OPS`] (operands reduced first, as packing does).
fn portable_ops(a: &Fe, b: &Fe) -> [[u8; 32]; 9] {
    let (x, y) = (a.reduce(), b.reduce());
    [
        x.add(&y),
        x.sub(&y),
        x.mul(&y),
        x.square(),
        x.pow2k(5),
        x.add(&y),
        x.sub(&y),
        x.add(&y).mul(&y),
        x.sub(&y).mul(&y),
    ]
    .map(|z| enc(&z))
}

/// Compares the first `ops` results of one vector call lane by lane.
fn compare_lanes<const L: usize>(
    got: &[[Fe; L]],
    fiat: &[[[u8; 32]; 9]; L],
    portable: &[[[u8; 32]; 9]; L],
    names: &[&str],
    what: &dyn Fn(usize) -> String,
) {
    for (op, lanes) in got.iter().enumerate() {
        for k in 0..L {
            let g = enc(&lanes[k]);
            assert_eq!(
                g,
                fiat[k][op],
                "{} lane {k} vs fiat: {}",
                names[op],
                what(k)
            );
            assert_eq!(
                g,
                portable[k][op],
                "{} lane {k} vs portable: {}",
                names[op],
                what(k)
            );
        }
    }
}

/// Operand pairs for the lane tests, flagged edge (`true`) or random: every pair of edge values
/// (wide limbs included: packing reduces) in every lane position, then `random` random pairs
/// (generated as they are consumed).
fn lane_pairs<const L: usize>(
    rng: &mut ChaCha20Rng,
    random: usize,
) -> impl Iterator<Item = ([(Fe, Fe); L], bool)> + '_ {
    let ev = wide_edges();
    let mut pairs = Vec::new();
    for a in &ev {
        for b in &ev {
            pairs.push((*a, *b));
        }
    }
    let edge = rotations::<_, L>(&pairs, (Fe::ONE, Fe::ONE));
    edge.into_iter()
        .map(|v| (v, true))
        .chain((0..random.div_ceil(L)).map(move |c| {
            (
                core::array::from_fn(|k| {
                    let i = c * L + k;
                    (random_fe(rng, i), random_fe(rng, i + 3))
                }),
                false,
            )
        }))
}

/// Raw radix-2^25.5 limb vectors at the AVX2 bounds (every limb below 2²⁶ + 2¹⁷).
fn avx2_raw_edges() -> Vec<[u64; 10]> {
    let top = (1u64 << 26) + (1 << 17) - 1;
    let nominal: [u64; 10] = core::array::from_fn(|i| {
        if i.is_multiple_of(2) {
            (1 << 26) - 1
        } else {
            (1 << 25) - 1
        }
    });
    let mut v = vec![[0u64; 10], [top; 10], nominal];
    let mut p = nominal;
    p[0] = (1 << 26) - 19;
    for k in 0..=18u64 {
        let mut x = p;
        x[0] += k;
        v.push(x);
    }
    v.push(core::array::from_fn(|i| {
        if i.is_multiple_of(2) {
            top
        } else {
            0
        }
    }));
    v.push(core::array::from_fn(|i| if i % 2 == 1 { top } else { 0 }));
    for i in 0..10 {
        let mut x = [0u64; 10];
        x[i] = top;
        v.push(x);
        let mut y = nominal;
        y[i] = top;
        v.push(y);
    }
    v
}

/// The value of radix-2^25.5 limbs (limb i of weight 2^⌈25.5·i⌉).
fn f_of_avx2(l: &[u64; 10]) -> Tight {
    f_weighted((0..10).map(|i| (l[i], (51 * i as u32).div_ceil(2))))
}

/// The same limbs as a portable element (pairs recombined in radix 2⁵¹; below 2⁵³).
fn fe_of_avx2(l: &[u64; 10]) -> Fe {
    Fe::from_limbs_unreduced(core::array::from_fn(|j| l[2 * j] + (l[2 * j + 1] << 26)))
}

#[test]
fn avx2_lanes() {
    let cfg = config("fiat_reference::avx2_lanes");
    let mut t = Tally::new("fiat_reference::avx2_lanes");
    if dispatch::avx2_field_ops_x4([Fe::ZERO; 4], [Fe::ZERO; 4]).is_none() {
        eprintln!("fiat_reference::avx2_lanes: AVX2 not detected: NOT exercised");
        return;
    }
    let mut rng = common::rng(cfg.seed ^ 4);
    let names: Vec<String> = AVX2_OPS.iter().map(|n| format!("avx2 {n}")).collect();
    for (v, is_edge) in lane_pairs::<4>(&mut rng, cfg.random) {
        let a = v.map(|p| p.0);
        let b = v.map(|p| p.1);
        let got = dispatch::avx2_field_ops_x4(a, b).unwrap();
        let fiat: [[[u8; 32]; 9]; 4] =
            core::array::from_fn(|k| f_ops(&f_of_fe(&a[k]), &f_of_fe(&b[k])));
        let portable: [[[u8; 32]; 9]; 4] = core::array::from_fn(|k| portable_ops(&a[k], &b[k]));
        let what = |k: usize| format!("a = {:x?}, b = {:x?}", a[k].limbs(), b[k].limbs());
        compare_lanes(&got, &fiat, &portable, &AVX2_OPS, &what);
        let (e, r) = if is_edge { (4, 0) } else { (0, 4) };
        for name in &names {
            t.add(name, e, r);
        }
        // The older hook on the active backend (AVX2 here): a·b, a², a^(2³).
        let (m, sq, p3) = dispatch::field_ops_x4(a, b);
        for k in 0..4 {
            let fa = f_of_fe(&a[k]);
            assert_eq!(
                enc(&m[k]),
                fiat[k][2],
                "field_ops_x4 mul lane {k}: {}",
                what(k)
            );
            assert_eq!(
                enc(&sq[k]),
                fiat[k][3],
                "field_ops_x4 square lane {k}: {}",
                what(k)
            );
            assert_eq!(
                enc(&p3[k]),
                f_bytes(&f_pow2k(&fa, 3)),
                "field_ops_x4 pow2k(3) lane {k}: {}",
                what(k)
            );
        }
        t.add("avx2 field_ops_x4 (mul, square, pow2k(3))", e, r);
    }
    // Raw limbs at their bounds: every pair of raw edges in every lane, then random raw limbs.
    let raw = avx2_raw_edges();
    let mut pairs = Vec::new();
    for a in &raw {
        for b in &raw {
            pairs.push((*a, *b));
        }
    }
    let top = (1u64 << 26) + (1 << 17);
    let raw_edges = rotations::<_, 4>(&pairs, ([0u64; 10], [0u64; 10]));
    let n_edge = raw_edges.len();
    let raw_random = (0..cfg.random.div_ceil(4)).map(|_| {
        let mut r = || core::array::from_fn(|_| common::random_u64(&mut rng) % top);
        core::array::from_fn(|_| (r(), r()))
    });
    let names: Vec<String> = AVX2_OPS
        .iter()
        .map(|n| format!("avx2 {n}, raw limbs at the bounds"))
        .collect();
    let inputs: Vec<[([u64; 10], [u64; 10]); 4]> =
        raw_edges.into_iter().chain(raw_random).collect();
    for (c, v) in inputs.iter().enumerate() {
        let a = v.map(|p| p.0);
        let b = v.map(|p| p.1);
        let got = dispatch::avx2_field_ops_x4_raw(a, b).unwrap();
        let fiat: [[[u8; 32]; 9]; 4] =
            core::array::from_fn(|k| f_ops(&f_of_avx2(&a[k]), &f_of_avx2(&b[k])));
        let portable: [[[u8; 32]; 9]; 4] =
            core::array::from_fn(|k| portable_ops(&fe_of_avx2(&a[k]), &fe_of_avx2(&b[k])));
        let what = |k: usize| format!("raw a = {:x?}, b = {:x?}", a[k], b[k]);
        compare_lanes(&got, &fiat, &portable, &AVX2_OPS, &what);
        let (e, r) = if c < n_edge { (4, 0) } else { (0, 4) };
        for name in &names {
            t.add(name, e, r);
        }
    }
    // The lane operations of the parallel point formulas (Straus with one point in the lanes):
    // the same raw pairs, with c = b's lanes rotated.
    let lane_names = [
        "avx2 lanes (a − b, a + b, a − b, a + b), one carry round",
        "avx2 lanes (a ∓ b uncarried) · c",
        "avx2 lanes a + 8p − b − 2c, one carry round",
        "avx2 lanes a through the 32-bit table form",
        "avx2 lanes (a₃, b₁, a₁, a₀): permutation and blend",
    ];
    for (n, v) in inputs.iter().enumerate() {
        let (a, b) = (v.map(|p| p.0), v.map(|p| p.1));
        let c = [b[1], b[2], b[3], b[0]];
        let got = dispatch::avx2_lane_ops_x4_raw(a, b, c).unwrap();
        let fa = a.map(|l| f_of_avx2(&l));
        let fb = b.map(|l| f_of_avx2(&l));
        let fc = c.map(|l| f_of_avx2(&l));
        for k in 0..4 {
            let mixed = if k % 2 == 0 {
                f_sub(&fa[k], &fb[k])
            } else {
                f_add(&fa[k], &fb[k])
            };
            let want = [
                f_bytes(&mixed),
                f_bytes(&f_mul(&mixed, &fc[k])),
                f_bytes(&f_sub(&f_sub(&fa[k], &fb[k]), &f_add(&fc[k], &fc[k]))),
                f_bytes(&fa[k]),
                f_bytes([&fa[3], &fb[1], &fa[1], &fa[0]][k]),
            ];
            for (op, (g, w)) in got.iter().zip(&want).enumerate() {
                assert_eq!(
                    enc(&g[k]),
                    *w,
                    "{} lane {k}: raw a = {:x?}, b = {:x?}",
                    lane_names[op],
                    a[k],
                    b[k]
                );
            }
        }
        let (e, r) = if n < n_edge { (4, 0) } else { (0, 4) };
        for name in &lane_names {
            t.add(name, e, r);
        }
    }
    t.print();
}

/// Unary lane inputs: every edge value in every lane position, then `random` random ones.
fn lane_singles<const L: usize>(
    rng: &mut ChaCha20Rng,
    random: usize,
) -> impl Iterator<Item = ([Fe; L], bool)> + '_ {
    rotations::<_, L>(&wide_edges(), Fe::ONE)
        .into_iter()
        .map(|v| (v, true))
        .chain(
            (0..random.div_ceil(L))
                .map(move |c| (core::array::from_fn(|k| random_fe(rng, c * L + k)), false)),
        )
}

/// The references of one lane's chains: (a^(2²⁵⁰ − 1), a¹¹) and the decoding core.
struct ChainRef {
    hi: [u8; 32],
    lo: [u8; 32],
    core: [[u8; 32]; 5],
}

/// The references of eight lanes, and the portable code's eight interleaved chains (the batch
/// form decoding uses, on the reduced elements the backends pack) checked against them; with
/// `four`, its four-lane chains too (the portable fallback of `pow22501_x8`), on both halves.
fn chain_refs(v: &[Fe; 8], d: &Tight, four: bool) -> Vec<ChainRef> {
    let r = v.map(|a| a.reduce());
    let heads = field::pow22501(r);
    let cores = field::decode_core(&r);
    let halves = four.then(|| {
        let (lo, hi): ([Fe; 4], [Fe; 4]) = (
            core::array::from_fn(|k| r[k]),
            core::array::from_fn(|k| r[k + 4]),
        );
        let (hl, hh) = (field::pow22501(lo), field::pow22501(hi));
        let (cl, ch) = (field::decode_core(&lo), field::decode_core(&hi));
        ([hl, hh].concat(), [cl, ch].concat())
    });
    let mut out = Vec::with_capacity(8);
    for (k, a) in v.iter().enumerate() {
        let fa = f_of_fe(a);
        let c = ChainRef {
            hi: f_bytes(&f_pow(&fa, &e_250())),
            lo: f_bytes(&f_pow(&fa, &e_11())),
            core: f_decode_core(&fa, d),
        };
        let what = || format!("portable (8 lanes) lane {k}: a = {:x?}", a.limbs());
        assert_eq!(enc(&heads[k].0), c.hi, "pow22501 {}", what());
        assert_eq!(enc(&heads[k].1), c.lo, "pow22501 {}", what());
        assert_eq!(core_enc(&cores[k]), c.core, "decode_core {}", what());
        if let Some((h4, c4)) = &halves {
            assert_eq!(enc(&h4[k].0), c.hi, "four-lane pow22501 {}", what());
            assert_eq!(enc(&h4[k].1), c.lo, "four-lane pow22501 {}", what());
            assert_eq!(core_enc(&c4[k]), c.core, "four-lane decode_core {}", what());
        }
        out.push(c);
    }
    out
}

fn check_heads(got: &[(Fe, Fe)], refs: &[ChainRef], a: &[Fe], what: &str) {
    for (k, ((hi, lo), r)) in got.iter().zip(refs).enumerate() {
        assert_eq!(enc(hi), r.hi, "{what} lane {k}: a = {:x?}", a[k].limbs());
        assert_eq!(enc(lo), r.lo, "{what} lane {k}: a = {:x?}", a[k].limbs());
    }
}

fn check_cores(got: &[DecodeCore], refs: &[ChainRef], a: &[Fe], what: &str) {
    for (k, (c, r)) in got.iter().zip(refs).enumerate() {
        assert_eq!(
            core_enc(c),
            r.core,
            "{what} lane {k}: s = {:x?}",
            a[k].limbs()
        );
    }
}

#[test]
fn avx2_chains() {
    let cfg = config("fiat_reference::avx2_chains");
    let mut t = Tally::new("fiat_reference::avx2_chains");
    if backend::active() != Backend::Avx2 || backend::ifma_active() {
        eprintln!("fiat_reference::avx2_chains: the AVX2 backend is not active: NOT exercised");
        return;
    }
    let d = f_d();
    let mut rng = common::rng(cfg.seed ^ 5);
    for (v, edge) in lane_singles::<8>(&mut rng, cfg.random) {
        let refs = chain_refs(&v, &d, false);
        let (lo4, hi4): ([Fe; 4], [Fe; 4]) = (
            core::array::from_fn(|k| v[k]),
            core::array::from_fn(|k| v[k + 4]),
        );
        let x4 = "avx2 pow22501_x4";
        check_heads(&dispatch::pow22501_x4(lo4), &refs[..4], &v[..4], x4);
        check_heads(&dispatch::pow22501_x4(hi4), &refs[4..], &v[4..], x4);
        check_heads(&dispatch::pow22501_x8(v), &refs, &v, "avx2 pow22501_x8");
        let x8 = "avx2 decode_core_x8";
        check_cores(&dispatch::decode_core_x8(v), &refs, &v, x8);
        let (e, r) = if edge { (8, 0) } else { (0, 8) };
        t.add(
            "portable pow22501 / decode_core (8 interleaved lanes)",
            e,
            r,
        );
        t.add("avx2 pow22501 (4 lanes)", e, r);
        t.add("avx2 pow22501 (8 lanes, two chains)", e, r);
        t.add("avx2 decode_core (8 lanes)", e, r);
    }
    t.print();
}

/// Raw normalized radix-2⁵² limb vectors at the IFMA bounds (limbs 0–3 below 2⁵², limb 4 below
/// 2⁴⁸).
fn ifma_raw_edges() -> Vec<[u64; 5]> {
    let m52 = (1u64 << 52) - 1;
    let m48 = (1u64 << 48) - 1;
    let mut v = vec![[0u64; 5], [m52, m52, m52, m52, m48]];
    // 2²⁵⁵ − 19 + k: limb 4 = 2⁴⁷ − 1 (bits 208 … 254).
    for k in 0..=18u64 {
        v.push([m52 - 18 + k, m52, m52, m52, (1 << 47) - 1]);
    }
    v.push([0, 0, 0, 0, 1 << 47]); // 2²⁵⁵
    v.push([18, 0, 0, 0, 1 << 47]);
    for i in 0..5 {
        let mut x = [0u64; 5];
        x[i] = if i == 4 { m48 } else { m52 };
        v.push(x);
    }
    v
}

fn f_of_ifma(l: &[u64; 5]) -> Tight {
    f_weighted((0..5).map(|i| (l[i], 52 * i as u32)))
}

#[test]
fn ifma_lanes() {
    let cfg = config("fiat_reference::ifma_lanes");
    let hw = backend::ifma_detected();
    eprintln!(
        "fiat_reference::ifma_lanes: IFMA model exercised; IFMA hardware {}",
        if hw {
            "detected: real instructions exercised too"
        } else {
            "not detected: real instructions NOT exercised"
        }
    );
    let mut t = Tally::new("fiat_reference::ifma_lanes");
    let names = &AVX2_OPS[..5];
    let mut rng = common::rng(cfg.seed ^ 6);
    let label = |kind: &str, suffix: &str| -> Vec<String> {
        names
            .iter()
            .map(|n| format!("ifma {kind} {n}{suffix}"))
            .collect()
    };
    let (model_names, hw_names) = (label("model", ""), label("hardware", ""));
    for (v, is_edge) in lane_pairs::<8>(&mut rng, cfg.random) {
        let a = v.map(|p| p.0);
        let b = v.map(|p| p.1);
        let fiat: [[[u8; 32]; 9]; 8] =
            core::array::from_fn(|k| f_ops(&f_of_fe(&a[k]), &f_of_fe(&b[k])));
        let portable: [[[u8; 32]; 9]; 8] = core::array::from_fn(|k| portable_ops(&a[k], &b[k]));
        let what = |k: usize| format!("a = {:x?}, b = {:x?}", a[k].limbs(), b[k].limbs());
        let model = dispatch::ifma_model_field_ops_x8(a, b);
        compare_lanes(&model, &fiat, &portable, names, &what);
        let (e, r) = if is_edge { (8, 0) } else { (0, 8) };
        for name in &model_names {
            t.add(name, e, r);
        }
        if let Some(real) = dispatch::ifma_hw_field_ops_x8(a, b) {
            compare_lanes(&real, &fiat, &portable, names, &what);
            for name in &hw_names {
                t.add(name, e, r);
            }
        }
    }
    let raw = ifma_raw_edges();
    let mut pairs = Vec::new();
    for a in &raw {
        for b in &raw {
            pairs.push((*a, *b));
        }
    }
    let raw_edges = rotations::<_, 8>(&pairs, ([0u64; 5], [0u64; 5]));
    let n_edge = raw_edges.len();
    let raw_random = (0..cfg.random.div_ceil(8)).map(|_| {
        let mut r = || -> [u64; 5] {
            let mut x: [u64; 5] = core::array::from_fn(|_| common::random_u64(&mut rng) >> 12);
            x[4] >>= 4;
            x
        };
        core::array::from_fn(|_| (r(), r()))
    });
    let suffix = ", raw limbs at the bounds";
    let (model_names, hw_names) = (label("model", suffix), label("hardware", suffix));
    for (c, v) in raw_edges.into_iter().chain(raw_random).enumerate() {
        let a = v.map(|p| p.0);
        let b = v.map(|p| p.1);
        let fa: [Tight; 8] = core::array::from_fn(|k| f_of_ifma(&a[k]));
        let fb: [Tight; 8] = core::array::from_fn(|k| f_of_ifma(&b[k]));
        let fiat: [[[u8; 32]; 9]; 8] = core::array::from_fn(|k| f_ops(&fa[k], &fb[k]));
        let portable: [[[u8; 32]; 9]; 8] = core::array::from_fn(|k| {
            portable_ops(
                &Fe::from_bytes(&f_bytes(&fa[k])),
                &Fe::from_bytes(&f_bytes(&fb[k])),
            )
        });
        let what = |k: usize| format!("raw a = {:x?}, b = {:x?}", a[k], b[k]);
        let (model, real) = dispatch::ifma_field_ops_x8_raw(a, b);
        compare_lanes(&model, &fiat, &portable, names, &what);
        let (e, r) = if c < n_edge { (8, 0) } else { (0, 8) };
        for name in &model_names {
            t.add(name, e, r);
        }
        if let Some(real) = real {
            compare_lanes(&real, &fiat, &portable, names, &what);
            for name in &hw_names {
                t.add(name, e, r);
            }
        }
    }
    t.print();
}

#[test]
fn ifma_chains() {
    let cfg = config("fiat_reference::ifma_chains");
    let hw = backend::ifma_detected();
    eprintln!(
        "fiat_reference::ifma_chains: IFMA model exercised; IFMA hardware {}",
        if hw {
            "detected: real instructions exercised too"
        } else {
            "not detected: real instructions NOT exercised"
        }
    );
    let mut t = Tally::new("fiat_reference::ifma_chains");
    let d = f_d();
    let mut rng = common::rng(cfg.seed ^ 7);
    for (v, edge) in lane_singles::<8>(&mut rng, cfg.random) {
        // The four-lane portable chains here: this test runs on every machine.
        let refs = chain_refs(&v, &d, true);
        let (e, r) = if edge { (8, 0) } else { (0, 8) };
        t.add(
            "portable pow22501 / decode_core (8 interleaved lanes)",
            e,
            r,
        );
        t.add(
            "portable pow22501 / decode_core (4 interleaved lanes)",
            e,
            r,
        );
        check_heads(
            &dispatch::ifma_model_pow22501_x8(v),
            &refs,
            &v,
            "ifma model pow22501",
        );
        let (model, real) = dispatch::ifma_decode_core_x8(v);
        check_cores(&model, &refs, &v, "ifma model decode_core");
        t.add("ifma model pow22501", e, r);
        t.add("ifma model decode_core", e, r);
        if let Some(real_heads) = dispatch::ifma_hw_pow22501_x8(v) {
            check_heads(&real_heads, &refs, &v, "ifma hardware pow22501");
            t.add("ifma hardware pow22501", e, r);
        }
        if let Some(real) = real {
            check_cores(&real, &refs, &v, "ifma hardware decode_core");
            t.add("ifma hardware decode_core", e, r);
        }
    }
    t.print();
}
