// The product columns in radix 2^25.5, written out term by term (generated from the rule in
// field.rs and kept as source): term aᵢ·bⱼ goes to column (i + j) mod 10, doubled when i and j
// are both odd, times 19 when i + j ≥ 10. Macros, so that they expand inside the
// `#[target_feature]` functions that use them (such functions cannot be `inline(always)`).

/// `vpmuludq`: the 64-bit products of the low 32 bits of each lane.
macro_rules! mm {
    ($x:expr, $y:expr) => {
        _mm256_mul_epu32($x, $y)
    };
}

/// Lane-wise 64-bit sum of the arguments, added in pairs first (a shorter chain of dependent
/// additions than one after the other).
macro_rules! sum {
    ($x:expr) => {
        $x
    };
    ($x:expr, $y:expr) => {
        _mm256_add_epi64($x, $y)
    };
    ($x:expr, $y:expr, $($rest:expr),+) => {
        _mm256_add_epi64(_mm256_add_epi64($x, $y), sum!($($rest),+))
    };
}

/// Lane-wise product of two limb arrays, as ten uncarried columns.
macro_rules! mul_columns {
    ($a:expr, $b:expr) => {{
        let [a0, a1, a2, a3, a4, a5, a6, a7, a8, a9]: [__m256i; 10] = $a;
        let [b0, b1, b2, b3, b4, b5, b6, b7, b8, b9]: [__m256i; 10] = $b;
        let a1_2 = _mm256_add_epi64(a1, a1);
        let a3_2 = _mm256_add_epi64(a3, a3);
        let a5_2 = _mm256_add_epi64(a5, a5);
        let a7_2 = _mm256_add_epi64(a7, a7);
        let a9_2 = _mm256_add_epi64(a9, a9);
        let nineteen = _mm256_set1_epi64x(19);
        let b1_19 = mm!(b1, nineteen);
        let b2_19 = mm!(b2, nineteen);
        let b3_19 = mm!(b3, nineteen);
        let b4_19 = mm!(b4, nineteen);
        let b5_19 = mm!(b5, nineteen);
        let b6_19 = mm!(b6, nineteen);
        let b7_19 = mm!(b7, nineteen);
        let b8_19 = mm!(b8, nineteen);
        let b9_19 = mm!(b9, nineteen);
        let z0 = sum!(
            mm!(a0, b0),
            mm!(a1_2, b9_19),
            mm!(a2, b8_19),
            mm!(a3_2, b7_19),
            mm!(a4, b6_19),
            mm!(a5_2, b5_19),
            mm!(a6, b4_19),
            mm!(a7_2, b3_19),
            mm!(a8, b2_19),
            mm!(a9_2, b1_19)
        );
        let z1 = sum!(
            mm!(a0, b1),
            mm!(a1, b0),
            mm!(a2, b9_19),
            mm!(a3, b8_19),
            mm!(a4, b7_19),
            mm!(a5, b6_19),
            mm!(a6, b5_19),
            mm!(a7, b4_19),
            mm!(a8, b3_19),
            mm!(a9, b2_19)
        );
        let z2 = sum!(
            mm!(a0, b2),
            mm!(a1_2, b1),
            mm!(a2, b0),
            mm!(a3_2, b9_19),
            mm!(a4, b8_19),
            mm!(a5_2, b7_19),
            mm!(a6, b6_19),
            mm!(a7_2, b5_19),
            mm!(a8, b4_19),
            mm!(a9_2, b3_19)
        );
        let z3 = sum!(
            mm!(a0, b3),
            mm!(a1, b2),
            mm!(a2, b1),
            mm!(a3, b0),
            mm!(a4, b9_19),
            mm!(a5, b8_19),
            mm!(a6, b7_19),
            mm!(a7, b6_19),
            mm!(a8, b5_19),
            mm!(a9, b4_19)
        );
        let z4 = sum!(
            mm!(a0, b4),
            mm!(a1_2, b3),
            mm!(a2, b2),
            mm!(a3_2, b1),
            mm!(a4, b0),
            mm!(a5_2, b9_19),
            mm!(a6, b8_19),
            mm!(a7_2, b7_19),
            mm!(a8, b6_19),
            mm!(a9_2, b5_19)
        );
        let z5 = sum!(
            mm!(a0, b5),
            mm!(a1, b4),
            mm!(a2, b3),
            mm!(a3, b2),
            mm!(a4, b1),
            mm!(a5, b0),
            mm!(a6, b9_19),
            mm!(a7, b8_19),
            mm!(a8, b7_19),
            mm!(a9, b6_19)
        );
        let z6 = sum!(
            mm!(a0, b6),
            mm!(a1_2, b5),
            mm!(a2, b4),
            mm!(a3_2, b3),
            mm!(a4, b2),
            mm!(a5_2, b1),
            mm!(a6, b0),
            mm!(a7_2, b9_19),
            mm!(a8, b8_19),
            mm!(a9_2, b7_19)
        );
        let z7 = sum!(
            mm!(a0, b7),
            mm!(a1, b6),
            mm!(a2, b5),
            mm!(a3, b4),
            mm!(a4, b3),
            mm!(a5, b2),
            mm!(a6, b1),
            mm!(a7, b0),
            mm!(a8, b9_19),
            mm!(a9, b8_19)
        );
        let z8 = sum!(
            mm!(a0, b8),
            mm!(a1_2, b7),
            mm!(a2, b6),
            mm!(a3_2, b5),
            mm!(a4, b4),
            mm!(a5_2, b3),
            mm!(a6, b2),
            mm!(a7_2, b1),
            mm!(a8, b0),
            mm!(a9_2, b9_19)
        );
        let z9 = sum!(
            mm!(a0, b9),
            mm!(a1, b8),
            mm!(a2, b7),
            mm!(a3, b6),
            mm!(a4, b5),
            mm!(a5, b4),
            mm!(a6, b3),
            mm!(a7, b2),
            mm!(a8, b1),
            mm!(a9, b0)
        );
        [z0, z1, z2, z3, z4, z5, z6, z7, z8, z9]
    }};
}

/// Lane-wise square of a limb array, as ten uncarried columns (55 products).
macro_rules! square_columns {
    ($a:expr) => {{
        let [a0, a1, a2, a3, a4, a5, a6, a7, a8, a9]: [__m256i; 10] = $a;
        let a0_2 = _mm256_add_epi64(a0, a0);
        let a1_2 = _mm256_add_epi64(a1, a1);
        let a2_2 = _mm256_add_epi64(a2, a2);
        let a3_2 = _mm256_add_epi64(a3, a3);
        let a4_2 = _mm256_add_epi64(a4, a4);
        let a5_2 = _mm256_add_epi64(a5, a5);
        let a6_2 = _mm256_add_epi64(a6, a6);
        let a7_2 = _mm256_add_epi64(a7, a7);
        let a8_2 = _mm256_add_epi64(a8, a8);
        let a9_2 = _mm256_add_epi64(a9, a9);
        let a1_4 = _mm256_slli_epi64::<2>(a1);
        let a3_4 = _mm256_slli_epi64::<2>(a3);
        let a5_4 = _mm256_slli_epi64::<2>(a5);
        let a7_4 = _mm256_slli_epi64::<2>(a7);
        let nineteen = _mm256_set1_epi64x(19);
        let a5_19 = mm!(a5, nineteen);
        let a6_19 = mm!(a6, nineteen);
        let a7_19 = mm!(a7, nineteen);
        let a8_19 = mm!(a8, nineteen);
        let a9_19 = mm!(a9, nineteen);
        let z0 = sum!(
            mm!(a0, a0),
            mm!(a1_4, a9_19),
            mm!(a2_2, a8_19),
            mm!(a3_4, a7_19),
            mm!(a4_2, a6_19),
            mm!(a5_2, a5_19)
        );
        let z1 = sum!(
            mm!(a0_2, a1),
            mm!(a2_2, a9_19),
            mm!(a3_2, a8_19),
            mm!(a4_2, a7_19),
            mm!(a5_2, a6_19)
        );
        let z2 = sum!(
            mm!(a0_2, a2),
            mm!(a1_2, a1),
            mm!(a3_4, a9_19),
            mm!(a4_2, a8_19),
            mm!(a5_4, a7_19),
            mm!(a6, a6_19)
        );
        let z3 = sum!(
            mm!(a0_2, a3),
            mm!(a1_2, a2),
            mm!(a4_2, a9_19),
            mm!(a5_2, a8_19),
            mm!(a6_2, a7_19)
        );
        let z4 = sum!(
            mm!(a0_2, a4),
            mm!(a1_4, a3),
            mm!(a2, a2),
            mm!(a5_4, a9_19),
            mm!(a6_2, a8_19),
            mm!(a7_2, a7_19)
        );
        let z5 = sum!(
            mm!(a0_2, a5),
            mm!(a1_2, a4),
            mm!(a2_2, a3),
            mm!(a6_2, a9_19),
            mm!(a7_2, a8_19)
        );
        let z6 = sum!(
            mm!(a0_2, a6),
            mm!(a1_4, a5),
            mm!(a2_2, a4),
            mm!(a3_2, a3),
            mm!(a7_4, a9_19),
            mm!(a8, a8_19)
        );
        let z7 = sum!(
            mm!(a0_2, a7),
            mm!(a1_2, a6),
            mm!(a2_2, a5),
            mm!(a3_2, a4),
            mm!(a8_2, a9_19)
        );
        let z8 = sum!(
            mm!(a0_2, a8),
            mm!(a1_4, a7),
            mm!(a2_2, a6),
            mm!(a3_4, a5),
            mm!(a4, a4),
            mm!(a9_2, a9_19)
        );
        let z9 = sum!(
            mm!(a0_2, a9),
            mm!(a1_2, a8),
            mm!(a2_2, a7),
            mm!(a3_2, a6),
            mm!(a4_2, a5)
        );
        [z0, z1, z2, z3, z4, z5, z6, z7, z8, z9]
    }};
}
