//! The Poseidon parameters for ℓ: regenerating them with the paper's procedures gives the
//! checked-in `src/poseidon/constants.rs` byte for byte; the round numbers follow from the
//! security inequalities; the MDS matrix passes every check (and each check can fail); the
//! Grain stream matches a published instance of the reference generator; the native
//! permutation agrees with a plain re-implementation over the generated parameters.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::needless_range_loop
)]

mod poseidon_gen;

use bpkit::poseidon::{Poseidon, FULL_ROUNDS, PARTIAL_ROUNDS, WIDTH};
use curve25519_dalek::scalar::Scalar;
use poseidon_gen as gen;

#[test]
fn regenerating_gives_the_checked_in_file() {
    let params = gen::generate();
    let text = gen::render(&params);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(gen::FILE);
    let frozen = std::fs::read_to_string(&path).unwrap();
    assert!(
        text == frozen,
        "{} differs from the generator's output; run `{}`",
        gen::FILE,
        gen::GENERATOR
    );
}

#[test]
fn round_numbers_follow_from_the_inequalities() {
    let r = gen::round_numbers(gen::LOG2_L, gen::FIELD_BITS, 3, 5, 128);
    assert_eq!((r.full_min, r.partial_min), (6, 52));
    assert_eq!((r.full, r.partial), (8, 56));
    assert_eq!((FULL_ROUNDS, PARTIAL_ROUNDS), (8, 56));
    // The minimum really is the minimum: one partial round fewer needs more full rounds.
    assert_eq!(gen::min_full_rounds(gen::LOG2_L, 253, 3, 52, 5, 128), 6);
    assert_eq!(gen::min_full_rounds(gen::LOG2_L, 253, 3, 51, 5, 128), 7);
    assert!(gen::binomial_bound_holds(3, 6, 52, 5, 128));
    // The same computation for the BN254 scalar field (254 bits) gives the Poseidon2 paper's
    // t = 3 instance, R_F = 8, R_P = 56.
    let bn = gen::round_numbers(253.6, 254, 3, 5, 128);
    assert_eq!((bn.full, bn.partial), (8, 56));
    // A wider state needs more partial rounds (interpolation: + log_α t).
    let wide = gen::round_numbers(gen::LOG2_L, 253, 9, 5, 128);
    assert!(wide.partial > r.partial, "{wide:?}");
}

/// The Grain stream for the reference's BN254, t = 3, R_F = 8, R_P = 57 instance starts with
/// that instance's published first round constant (an independent check of the LFSR, its seed
/// layout, the pair selection and the bit order; no constant for ℓ comes from elsewhere).
#[test]
fn grain_matches_a_published_reference_instance() {
    let mut g = gen::Grain::new(254, 3, 8, 57);
    let le = g.next_bits_le(254);
    let mut be = le;
    be.reverse();
    let hex: String = be.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(
        hex,
        "0ee9a592ba9a9518d05986d656f40c2114c4993c11bb29938d21d47304cd8e6e"
    );
}

#[test]
fn the_matrix_passes_every_check_and_the_checks_can_fail() {
    let params = gen::generate();
    gen::mds_checks(&params.mds).unwrap();
    let p = Poseidon::new();
    for (row, grow) in p.mds().iter().zip(&params.mds) {
        assert_eq!(&row[..], &grow[..]);
    }
    // Constants are canonical.
    for c in p.round_constants().iter().flatten() {
        assert!(bool::from(
            Scalar::from_canonical_bytes(c.to_bytes()).is_some()
        ));
    }
    assert_eq!(
        p.round_constants().len() * WIDTH,
        params.round_constants.len()
    );

    let s = |x: u64| Scalar::from(x);
    // Not MDS: a zero entry.
    let zero_entry = vec![
        vec![s(1), s(2), s(3)],
        vec![s(4), s(0), s(6)],
        vec![s(7), s(8), s(10)],
    ];
    assert!(gen::mds_checks(&zero_entry).is_err());
    assert!(!gen::is_mds(&zero_entry));
    // Not MDS: a singular 2×2 minor.
    let minor = vec![
        vec![s(1), s(2), s(3)],
        vec![s(2), s(4), s(7)],
        vec![s(5), s(9), s(11)],
    ];
    assert!(!gen::is_mds(&minor));
    // Algorithm 2 fails when e_0 spans a proper invariant subspace (e_0 an eigenvector).
    let eig = vec![
        vec![s(2), s(5), s(7)],
        vec![s(0), s(3), s(1)],
        vec![s(0), s(4), s(9)],
    ];
    assert!(gen::algorithm_2(&eig).is_err());
    // Algorithm 1 fails for a multiple of the identity and for an invariant trail subspace
    // (S_1 = {v : v_0 = 0} invariant when the first row is e_0 and the first column is e_0).
    let id3 = gen::identity(3)
        .into_iter()
        .map(|r| r.into_iter().map(|x| x * s(5)).collect())
        .collect();
    assert!(gen::algorithm_1(&id3).is_err());
    let block = vec![
        vec![s(2), s(0), s(0)],
        vec![s(0), s(3), s(1)],
        vec![s(0), s(4), s(9)],
    ];
    assert!(gen::algorithm_1(&block).is_err());
    // Algorithm 3 fails when a power of M is a multiple of the identity on the trail (M² = I).
    let inv = vec![
        vec![s(0), s(1), s(0)],
        vec![s(1), s(0), s(0)],
        vec![s(0), s(0), Scalar::ZERO - s(1)],
    ];
    assert!(gen::algorithm_3(&inv).is_err());
    // The inverse of the checked matrix has no zero entry and really is the inverse.
    let mi = gen::inverse(&params.mds).unwrap();
    assert_eq!(gen::mat_mul(&params.mds, &mi), gen::identity(3));
}

/// A plain re-implementation of the permutation over the generator's parameters.
fn reference_permute(params: &gen::Params, state: &mut [Scalar; 3]) {
    let rf = params.rounds.full as usize;
    let rounds = rf + params.rounds.partial as usize;
    for r in 0..rounds {
        for i in 0..3 {
            state[i] += params.round_constants[3 * r + i];
        }
        let full = r < rf / 2 || r >= rounds - rf / 2;
        for i in 0..3 {
            if full || i == 0 {
                let x = state[i];
                state[i] = x * x * x * x * x;
            }
        }
        *state = std::array::from_fn(|i| (0..3).map(|j| params.mds[i][j] * state[j]).sum());
    }
}

#[test]
fn native_permutation_matches_the_reference() {
    let params = gen::generate();
    let p = Poseidon::new();
    for seed in 0..20u64 {
        let mut a = [
            Scalar::from(seed),
            Scalar::from(seed * 7 + 1),
            -Scalar::from(seed + 3),
        ];
        let mut b = a;
        p.permute(&mut a);
        reference_permute(&params, &mut b);
        assert_eq!(a, b);
    }
    // hash2 = permutation of [3, a, b], cell 1.
    let (x, y) = (Scalar::from(11u64), Scalar::from(22u64));
    let mut st = [Scalar::from(3u64), x, y];
    reference_permute(&params, &mut st);
    assert_eq!(p.hash2(&x, &y), st[1]);
    // The sponge over 3 inputs: capacity 3·2^64, two absorptions.
    let inputs = [Scalar::from(1u64), Scalar::from(2u64), Scalar::from(3u64)];
    let mut st = [Scalar::from(3u128 << 64), inputs[0], inputs[1]];
    reference_permute(&params, &mut st);
    st[1] += inputs[2];
    reference_permute(&params, &mut st);
    assert_eq!(p.hash(&inputs), st[1]);
    // Length is bound: [1, 2, 3] and [1, 2, 3, 0] differ.
    assert_ne!(
        p.hash(&inputs),
        p.hash(&[inputs[0], inputs[1], inputs[2], Scalar::ZERO])
    );
    assert_ne!(p.hash(&[]), p.hash(&[Scalar::ZERO]));
}

fn hex(s: &Scalar) -> String {
    s.to_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

/// The vectors listed in `docs/spec.md` (section "Poseidon over ℓ"), recomputed.
fn spec_vectors() -> String {
    use bpkit::poseidon::MerkleTree;
    let p = Poseidon::new();
    let s = |x: u64| Scalar::from(x);
    let mut out = String::new();
    for (i, row) in p.mds().iter().enumerate() {
        out.push_str(&format!("M[{i}] =\n"));
        for x in row {
            out.push_str(&format!("    {}\n", hex(x)));
        }
    }
    out.push_str("round constants, round 0 =\n");
    for x in &p.round_constants()[0] {
        out.push_str(&format!("    {}\n", hex(x)));
    }
    let mut st = [s(0), s(1), s(2)];
    p.permute(&mut st);
    out.push_str("permute([0, 1, 2]) =\n");
    for x in &st {
        out.push_str(&format!("    {}\n", hex(x)));
    }
    out.push_str(&format!("hash2(1, 2) = {}\n", hex(&p.hash2(&s(1), &s(2)))));
    out.push_str(&format!("hash([]) = {}\n", hex(&p.hash(&[]))));
    out.push_str(&format!("hash([1]) = {}\n", hex(&p.hash(&[s(1)]))));
    out.push_str(&format!(
        "hash([1, 2, 3]) = {}\n",
        hex(&p.hash(&[s(1), s(2), s(3)]))
    ));
    let tree = MerkleTree::new(&p, 2, &[s(1), s(2), s(3)]).unwrap();
    out.push_str(&format!(
        "merkle root, depth 2, leaves [1, 2, 3] = {}\n",
        hex(&tree.root())
    ));
    let empty = MerkleTree::new(&p, 32, &[]).unwrap();
    out.push_str(&format!(
        "merkle root, depth 32, no leaves = {}\n",
        hex(&empty.root())
    ));
    out
}

#[test]
fn spec_lists_the_vectors() {
    let spec = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/spec.md"))
        .unwrap();
    let block = spec_vectors();
    assert!(
        spec.contains(&block),
        "docs/spec.md should contain:\n{block}"
    );
}
