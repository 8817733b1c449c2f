//! The Poseidon parameter generator for the Ristretto scalar field ℓ (shared by the
//! `gen_poseidon` example, which writes `crates/bpkit/src/poseidon/constants.rs`, and by the
//! `poseidon_params` test, which regenerates that file and compares it byte for byte).
//!
//! Everything here follows the Poseidon paper (Grassi, Khovratovich, Rechberger, Roy,
//! Schofnegger, eprint 2019/458) and its reference scripts (`calc_round_numbers.py`,
//! `generate_parameters_grain.sage`), re-implemented from their description:
//!
//! * [`round_numbers`]: the 128-bit security inequalities (statistical, interpolation, three
//!   Gröbner-basis bounds, and the binomial bound of eprint 2023/537), the cheapest `(R_F, R_P)`
//!   by S-box count, then the security margin `R_F + 2`, `⌈1.075·R_P⌉`.
//! * [`Grain`]: the 80-bit self-shrinking Grain LFSR seeded with the parameters.
//! * [`generate`]: round constants (rejection sampling), then a Cauchy MDS matrix drawn from the
//!   same stream and re-drawn until it passes [`mds_checks`].
#![allow(dead_code)]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use curve25519_dalek::scalar::Scalar;

/// The file the generator writes, relative to the `bpkit` crate.
pub const FILE: &str = "src/poseidon/constants.rs";
/// The command that regenerates it.
pub const GENERATOR: &str = "cargo run -p bpkit --example gen_poseidon";

/// Security level in bits.
pub const SECURITY: u32 = 128;
/// S-box exponent.
pub const ALPHA: u32 = 5;
/// State width.
pub const WIDTH: usize = 3;
/// Bit length of ℓ = 2^252 + 27742317777372353535851937790883648493.
pub const FIELD_BITS: usize = 253;
/// log2(ℓ): ℓ exceeds 2^252 by less than 2^125, so log2 ℓ = 252 + (less than 2^-120).
pub const LOG2_L: f64 = 252.0;

// ---------------------------------------------------------------------------------------------
// Round numbers
// ---------------------------------------------------------------------------------------------

fn log_base(x: f64, base: f64) -> f64 {
    x.ln() / base.ln()
}

/// log2 of the binomial coefficient C(n, k), as a sum (exact enough for a comparison with 128).
fn log2_binomial(n: u64, k: u64) -> f64 {
    if k > n {
        return f64::NEG_INFINITY;
    }
    let k = k.min(n - k);
    (1..=k)
        .map(|i| ((n - k + i) as f64).log2() - (i as f64).log2())
        .sum()
}

/// The smallest R_F allowed by the paper's inequalities for a given R_P (before the margin).
/// `log2_p` is log2 of the prime, `n` its bit length.
pub fn min_full_rounds(log2_p: f64, n: usize, t: usize, r_p: u32, alpha: u32, m: u32) -> i64 {
    let (t_f, a, m_f, r_p_f) = (t as f64, alpha as f64, m as f64, r_p as f64);
    // Statistical (differential / linear) attacks: 6 full rounds unless the field is tiny.
    let r_f_1 = if m_f <= (log2_p - (a - 1.0) / 2.0).floor() * (t_f + 1.0) {
        6.0
    } else {
        10.0
    };
    // Interpolation.
    let r_f_2 =
        1.0 + (log_base(2.0, a) * m_f.min(n as f64)).ceil() + log_base(t_f, a).ceil() - r_p_f;
    // Gröbner basis, three bounds.
    let r_f_3 = log_base(2.0, a) * m_f.min(log2_p) - r_p_f;
    let r_f_4 = t_f - 1.0 + log_base(2.0, a) * (m_f / (t_f + 1.0)).min(log2_p / 2.0) - r_p_f;
    let r_f_5 = (t_f - 2.0 + m_f / (2.0 * a.log2()) - r_p_f) / (t_f - 1.0);
    [r_f_1, r_f_2, r_f_3, r_f_4, r_f_5]
        .iter()
        .map(|x| x.ceil() as i64)
        .max()
        .unwrap()
}

/// The binomial (Gröbner "GB4") bound of eprint 2023/537, with the reference script's
/// conservative exponent 2: `2·log2 C(over, under) ≥ M`.
pub fn binomial_bound_holds(t: usize, r_f: u32, r_p: u32, alpha: u32, m: u32) -> bool {
    let r_temp = (t / 3) as f64;
    let (t_f, r_f, r_p, a) = (t as f64, r_f as f64, r_p as f64, alpha as f64);
    let over = (r_f - 1.0) * t_f + r_p + r_temp + r_temp * (r_f / 2.0) + r_p + a;
    let under = r_temp * (r_f / 2.0) + r_p + a;
    let log = log2_binomial(over as u64, under as u64);
    (2.0 * log).ceil() >= m as f64
}

/// One candidate: `(R_F, R_P)` before the margin, and after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rounds {
    /// Full rounds (even), after the margin.
    pub full: u32,
    /// Partial rounds, after the margin.
    pub partial: u32,
    /// Full rounds the inequalities ask for (before the margin).
    pub full_min: u32,
    /// Partial rounds the inequalities ask for (before the margin).
    pub partial_min: u32,
}

/// The round numbers: for every R_P from 1 to 499, the smallest even R_F satisfying every
/// inequality; the margin is added (R_F + 2, ⌈1.075·R_P⌉); the pair with the fewest S-boxes
/// `t·R_F + R_P` wins (ties: fewer full rounds).
pub fn round_numbers(log2_p: f64, n: usize, t: usize, alpha: u32, m: u32) -> Rounds {
    let mut best: Option<(u64, Rounds)> = None;
    for r_p in 1..500u32 {
        let mut r_f = min_full_rounds(log2_p, n, t, r_p, alpha, m).max(0) as u32;
        if r_f % 2 == 1 {
            r_f += 1;
        }
        if !binomial_bound_holds(t, r_f, r_p, alpha, m) {
            continue;
        }
        let full = r_f + 2;
        // ⌈1.075·R_P⌉ in integers: ⌈43·R_P / 40⌉.
        let partial = (43 * r_p).div_ceil(40);
        let cost = t as u64 * u64::from(full) + u64::from(partial);
        let cand = Rounds {
            full,
            partial,
            full_min: r_f,
            partial_min: r_p,
        };
        let better = match best {
            None => true,
            Some((c, b)) => cost < c || (cost == c && full < b.full),
        };
        if better {
            best = Some((cost, cand));
        }
    }
    best.unwrap().1
}

// ---------------------------------------------------------------------------------------------
// Grain LFSR
// ---------------------------------------------------------------------------------------------

/// The paper's Grain LFSR in self-shrinking mode (reference `grain_sr_generator`).
pub struct Grain {
    state: std::collections::VecDeque<bool>,
}

impl Grain {
    /// Seed: field type (2 bits, 1 = GF(p)), S-box type (4 bits, 0 = x^α), field size n
    /// (12 bits), t (12 bits), R_F (10 bits), R_P (10 bits), thirty 1 bits — 80 bits, most
    /// significant bit of each field first. The first 160 output bits are discarded.
    pub fn new(field_bits: usize, t: usize, r_f: u32, r_p: u32) -> Self {
        let mut bits = Vec::with_capacity(80);
        let mut push = |value: u64, width: u32| {
            for i in (0..width).rev() {
                bits.push((value >> i) & 1 == 1);
            }
        };
        push(1, 2);
        push(0, 4);
        push(field_bits as u64, 12);
        push(t as u64, 12);
        push(u64::from(r_f), 10);
        push(u64::from(r_p), 10);
        push((1 << 30) - 1, 30);
        assert_eq!(bits.len(), 80);
        let mut grain = Grain {
            state: bits.into_iter().collect(),
        };
        for _ in 0..160 {
            grain.clock();
        }
        grain
    }

    /// One LFSR step: b_{i+80} = b_{i+62} ⊕ b_{i+51} ⊕ b_{i+38} ⊕ b_{i+23} ⊕ b_{i+13} ⊕ b_i.
    fn clock(&mut self) -> bool {
        let s = &self.state;
        let new = s[62] ^ s[51] ^ s[38] ^ s[23] ^ s[13] ^ s[0];
        self.state.pop_front();
        self.state.push_back(new);
        new
    }

    /// One output bit: bits are taken in pairs; if the first is 1 the second is output,
    /// otherwise both are discarded.
    pub fn next_bit(&mut self) -> bool {
        loop {
            let first = self.clock();
            let second = self.clock();
            if first {
                return second;
            }
        }
    }

    /// `n` output bits as an integer, the first bit most significant (`n ≤ 256`), as 32
    /// little-endian bytes.
    pub fn next_bits_le(&mut self, n: usize) -> [u8; 32] {
        assert!(n <= 256);
        let mut out = [0u8; 32];
        for i in (0..n).rev() {
            if self.next_bit() {
                out[i / 8] |= 1 << (i % 8);
            }
        }
        out
    }

    /// A field element by rejection sampling (round constants): `n`-bit integers are drawn
    /// until one is below ℓ.
    pub fn next_field_element_rejection(&mut self, n: usize) -> Scalar {
        loop {
            let bytes = self.next_bits_le(n);
            if let Some(s) = Option::<Scalar>::from(Scalar::from_canonical_bytes(bytes)) {
                return s;
            }
        }
    }

    /// A field element reduced modulo ℓ (the reference's `F(grain_random_bits(n))`, used for
    /// the Cauchy matrix's x_i and y_j).
    pub fn next_field_element_reduced(&mut self, n: usize) -> Scalar {
        Scalar::from_bytes_mod_order(self.next_bits_le(n))
    }
}

// ---------------------------------------------------------------------------------------------
// Linear algebra over F_ℓ (small matrices)
// ---------------------------------------------------------------------------------------------

/// A square matrix, rows of scalars.
pub type Matrix = Vec<Vec<Scalar>>;

/// The identity matrix.
pub fn identity(t: usize) -> Matrix {
    (0..t)
        .map(|i| {
            (0..t)
                .map(|j| if i == j { Scalar::ONE } else { Scalar::ZERO })
                .collect()
        })
        .collect()
}

/// A · B.
pub fn mat_mul(a: &Matrix, b: &Matrix) -> Matrix {
    let t = a.len();
    (0..t)
        .map(|i| {
            (0..t)
                .map(|j| (0..t).map(|k| a[i][k] * b[k][j]).sum())
                .collect()
        })
        .collect()
}

/// A^e.
pub fn mat_pow(a: &Matrix, e: usize) -> Matrix {
    let mut r = identity(a.len());
    for _ in 0..e {
        r = mat_mul(&r, a);
    }
    r
}

/// A · v (v a column).
pub fn mat_vec(a: &Matrix, v: &[Scalar]) -> Vec<Scalar> {
    a.iter()
        .map(|row| row.iter().zip(v).map(|(x, y)| x * y).sum())
        .collect()
}

/// v · A (v a row).
pub fn vec_mat(v: &[Scalar], a: &Matrix) -> Vec<Scalar> {
    let t = a.len();
    (0..t)
        .map(|j| (0..t).map(|k| v[k] * a[k][j]).sum())
        .collect()
}

/// The rank of a set of vectors (Gaussian elimination).
pub fn rank(rows: &[Vec<Scalar>]) -> usize {
    let mut m: Vec<Vec<Scalar>> = rows.to_vec();
    let cols = m.first().map_or(0, Vec::len);
    let mut r = 0;
    for c in 0..cols {
        let Some(p) = (r..m.len()).find(|&i| m[i][c] != Scalar::ZERO) else {
            continue;
        };
        m.swap(r, p);
        let inv = m[r][c].invert();
        let pivot: Vec<Scalar> = m[r].iter().map(|x| x * inv).collect();
        for (i, row) in m.iter_mut().enumerate() {
            if i != r && row[c] != Scalar::ZERO {
                let f = row[c];
                for (x, p) in row.iter_mut().zip(&pivot) {
                    *x -= f * p;
                }
            }
        }
        m[r] = pivot;
        r += 1;
    }
    r
}

/// The inverse of a matrix (Gauss–Jordan), or None if it is singular.
pub fn inverse(a: &Matrix) -> Option<Matrix> {
    let t = a.len();
    let mut m: Vec<Vec<Scalar>> = a
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r = row.clone();
            r.extend((0..t).map(|j| if i == j { Scalar::ONE } else { Scalar::ZERO }));
            r
        })
        .collect();
    for c in 0..t {
        let p = (c..t).find(|&i| m[i][c] != Scalar::ZERO)?;
        m.swap(c, p);
        let inv = m[c][c].invert();
        let pivot: Vec<Scalar> = m[c].iter().map(|x| x * inv).collect();
        for (i, row) in m.iter_mut().enumerate() {
            if i != c && row[c] != Scalar::ZERO {
                let f = row[c];
                for (x, p) in row.iter_mut().zip(&pivot) {
                    *x -= f * p;
                }
            }
        }
        m[c] = pivot;
    }
    Some(m.into_iter().map(|row| row[t..].to_vec()).collect())
}

/// Every square submatrix (all sizes) is non-singular: the definition of an MDS matrix.
pub fn is_mds(a: &Matrix) -> bool {
    let t = a.len();
    // Every subset of rows and of columns of equal size.
    for size in 1..=t {
        for rows in subsets(t, size) {
            for cols in subsets(t, size) {
                let sub: Vec<Vec<Scalar>> = rows
                    .iter()
                    .map(|&i| cols.iter().map(|&j| a[i][j]).collect())
                    .collect();
                if rank(&sub) != size {
                    return false;
                }
            }
        }
    }
    true
}

fn subsets(t: usize, size: usize) -> Vec<Vec<usize>> {
    (0u32..(1 << t))
        .filter(|m| m.count_ones() as usize == size)
        .map(|m| (0..t).filter(|i| m >> i & 1 == 1).collect())
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The MDS security checks (the reference's algorithms 1–3 with s = 1 S-box per partial round)
// ---------------------------------------------------------------------------------------------

fn unit(t: usize, i: usize) -> Vec<Scalar> {
    (0..t)
        .map(|j| if i == j { Scalar::ONE } else { Scalar::ZERO })
        .collect()
}

/// Rows c with S = {v : c·v = 0 for every row}: the subspace S_i of the reference's
/// `generate_vectorspace(i)` — the states whose first cell stays free of S-box activity for i
/// partial rounds: (M^j v)_0 = 0 for j = 0 … i−1.
fn trail_constraints(m: &Matrix, i: usize) -> Vec<Vec<Scalar>> {
    let t = m.len();
    (0..i)
        .map(|j| vec_mat(&unit(t, 0), &mat_pow(m, j)))
        .collect()
}

/// Algorithm 1 (no invariant subspace trail of length up to r = t − 1 rounds):
/// for i = 1 … t−1, with A = M^i and S = S_i:
/// (1) A is not a scalar multiple of the identity;
/// (2) S contains no non-zero A-invariant subspace — this is stronger than the reference, which
///     rejects only eigenvectors of A (eigenvalues in F_ℓ) lying in S: every such eigenvector
///     spans an A-invariant subspace of S;
/// (3) S is not invariant under M^j for j = 1 … i.
pub fn algorithm_1(m: &Matrix) -> Result<(), String> {
    let t = m.len();
    for i in 1..t {
        let a = mat_pow(m, i);
        let c = a[0][0];
        let scalar_identity =
            (0..t).all(|r| (0..t).all(|k| a[r][k] == if r == k { c } else { Scalar::ZERO }));
        if scalar_identity {
            return Err(format!("M^{i} is a multiple of the identity"));
        }
        let s = trail_constraints(m, i);
        // Largest A-invariant subspace of S: constraints C, C·A, C·A², … until the rank is stable.
        let mut cons = s.clone();
        let mut frontier = s.clone();
        loop {
            let before = rank(&cons);
            frontier = frontier.iter().map(|c| vec_mat(c, &a)).collect();
            cons.extend(frontier.iter().cloned());
            let after = rank(&cons);
            if after == before {
                break;
            }
        }
        if rank(&cons) != t {
            return Err(format!("S_{i} contains a subspace invariant under M^{i}"));
        }
        for j in 1..=i {
            let mj = mat_pow(m, j);
            let mut both = s.clone();
            both.extend(s.iter().map(|c| vec_mat(c, &mj)));
            if rank(&both) == rank(&s) {
                return Err(format!("S_{i} is invariant under M^{j}"));
            }
        }
    }
    Ok(())
}

/// Algorithm 2 (s = 1): the subspace spanned by e_0, A e_0, A² e_0, … is the whole space —
/// no proper subspace containing the S-box cell is invariant under A.
pub fn algorithm_2(a: &Matrix) -> Result<(), String> {
    let t = a.len();
    let mut v = unit(t, 0);
    let mut krylov = vec![v.clone()];
    for _ in 1..t {
        v = mat_vec(a, &v);
        krylov.push(v.clone());
    }
    if rank(&krylov) == t {
        Ok(())
    } else {
        Err("e_0 does not generate the whole space under the matrix".into())
    }
}

/// Algorithm 3: algorithm 2 for M^r, r = 2 … 4t (iterated trails).
pub fn algorithm_3(m: &Matrix) -> Result<(), String> {
    let t = m.len();
    for r in 2..=4 * t {
        algorithm_2(&mat_pow(m, r)).map_err(|e| format!("M^{r}: {e}"))?;
    }
    Ok(())
}

/// Every check a matrix must pass: MDS (every square submatrix non-singular), invertible with
/// no zero entry in the inverse, algorithms 1, 2 and 3.
pub fn mds_checks(m: &Matrix) -> Result<(), String> {
    if !is_mds(m) {
        return Err("not MDS".into());
    }
    let inv = inverse(m).ok_or("singular")?;
    if inv.iter().flatten().any(|x| *x == Scalar::ZERO) {
        return Err("the inverse has a zero entry".into());
    }
    algorithm_1(m)?;
    algorithm_2(m)?;
    algorithm_3(m)?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------------

/// The generated parameters.
pub struct Params {
    /// Rounds (after the margin).
    pub rounds: Rounds,
    /// (R_F + R_P)·t round constants, round by round.
    pub round_constants: Vec<Scalar>,
    /// The Cauchy MDS matrix, M[i][j] = 1 / (x_i + y_j).
    pub mds: Matrix,
    /// Cauchy matrices drawn and rejected before `mds`.
    pub rejected_matrices: usize,
}

/// A Cauchy matrix from the stream: 2t elements reduced mod ℓ, re-drawn while any two are
/// equal; x = the first t, y = the rest; rejected (and re-drawn) if some x_i + y_j = 0.
fn cauchy(grain: &mut Grain, t: usize, n: usize) -> Matrix {
    loop {
        let mut vals: Vec<Scalar> = (0..2 * t)
            .map(|_| grain.next_field_element_reduced(n))
            .collect();
        while {
            let mut seen: Vec<[u8; 32]> = vals.iter().map(Scalar::to_bytes).collect();
            seen.sort();
            seen.dedup();
            seen.len() != vals.len()
        } {
            vals = (0..2 * t)
                .map(|_| grain.next_field_element_reduced(n))
                .collect();
        }
        let (xs, ys) = vals.split_at(t);
        if xs.iter().any(|x| ys.iter().any(|y| x + y == Scalar::ZERO)) {
            continue;
        }
        return xs
            .iter()
            .map(|x| ys.iter().map(|y| (x + y).invert()).collect())
            .collect();
    }
}

/// Generates the parameters: round numbers, Grain seeded with them, the round constants, then
/// MDS matrices until one passes [`mds_checks`].
pub fn generate() -> Params {
    let rounds = round_numbers(LOG2_L, FIELD_BITS, WIDTH, ALPHA, SECURITY);
    let mut grain = Grain::new(FIELD_BITS, WIDTH, rounds.full, rounds.partial);
    let count = (rounds.full + rounds.partial) as usize * WIDTH;
    let round_constants = (0..count)
        .map(|_| grain.next_field_element_rejection(FIELD_BITS))
        .collect();
    let mut rejected_matrices = 0;
    let mds = loop {
        let m = cauchy(&mut grain, WIDTH, FIELD_BITS);
        if mds_checks(&m).is_ok() {
            break m;
        }
        rejected_matrices += 1;
    };
    Params {
        rounds,
        round_constants,
        mds,
        rejected_matrices,
    }
}

fn bytes(s: &Scalar) -> String {
    let b = s.to_bytes();
    let lines: Vec<String> = b
        .chunks(8)
        .map(|c| {
            c.iter()
                .map(|x| format!("0x{x:02x},"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    format!(
        "        [\n            {}\n        ],\n",
        lines.join("\n            ")
    )
}

/// The Rust source of `src/poseidon/constants.rs`.
pub fn render(p: &Params) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "//! Poseidon parameters for the Ristretto scalar field ℓ: t = {WIDTH}, α = {ALPHA}, \
         R_F = {}, R_P = {}.\n//!\n//! GENERATED by `{GENERATOR}` (the Grain LFSR procedure of the \
         Poseidon paper); do not edit.\n//! `cargo test -p bpkit --test poseidon_params` \
         regenerates it and compares byte for byte.\n//! Scalars are 32-byte little-endian \
         canonical encodings.\n\n",
        p.rounds.full, p.rounds.partial
    ));
    out.push_str(&format!(
        "/// Full rounds R_F.\npub(crate) const FULL_ROUNDS: usize = {};\n",
        p.rounds.full
    ));
    out.push_str(&format!(
        "/// Partial rounds R_P.\npub(crate) const PARTIAL_ROUNDS: usize = {};\n\n",
        p.rounds.partial
    ));
    out.push_str(&format!(
        "/// Round constants, (R_F + R_P)·t of them, round by round.\n\
         pub(crate) const ROUND_CONSTANTS: [[[u8; 32]; {WIDTH}]; {}] = [\n",
        p.round_constants.len() / WIDTH
    ));
    for round in p.round_constants.chunks(WIDTH) {
        out.push_str("    [\n");
        for c in round {
            out.push_str(&bytes(c));
        }
        out.push_str("    ],\n");
    }
    out.push_str("];\n\n");
    out.push_str(&format!(
        "/// The MDS matrix M (rows): the new state is M · state.\n\
         pub(crate) const MDS: [[[u8; 32]; {WIDTH}]; {WIDTH}] = [\n"
    ));
    for row in &p.mds {
        out.push_str("    [\n");
        for c in row {
            out.push_str(&bytes(c));
        }
        out.push_str("    ],\n");
    }
    out.push_str("];\n\n");
    out
}
