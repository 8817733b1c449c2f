//! Scalar-vector helpers.

use curve25519_dalek::scalar::Scalar;

/// `1, x, x², …` (endless).
pub fn powers(x: Scalar) -> impl Iterator<Item = Scalar> + Clone {
    core::iter::successors(Some(Scalar::ONE), move |p| Some(p * x))
}

/// `⟨a, b⟩ = Σ aᵢ·bᵢ` over the common length.
pub fn inner_product(a: &[Scalar], b: &[Scalar]) -> Scalar {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// `1 + x + … + x^(n−1)`, for `n` a power of two, in `2·log₂ n` multiplications.
///
/// Uses `Σ_{i<2k} xⁱ = (1 + x^k)·Σ_{i<k} xⁱ`. For other `n` it falls back to the plain sum.
pub fn sum_of_powers(x: &Scalar, n: usize) -> Scalar {
    if !n.is_power_of_two() {
        return powers(*x).take(n).sum();
    }
    let mut sum = Scalar::ONE;
    let mut x_k = *x;
    let mut k = 1usize;
    while k < n {
        sum += sum * x_k;
        x_k = x_k * x_k;
        k = k.saturating_mul(2);
    }
    sum
}

/// `x^e` by square-and-multiply. Variable-time in `e` (always public: a size).
pub fn scalar_pow(x: &Scalar, mut e: u64) -> Scalar {
    let mut result = Scalar::ONE;
    let mut base = *x;
    while e > 0 {
        if e & 1 == 1 {
            result *= base;
        }
        base = base * base;
        e >>= 1;
    }
    result
}
