//! 32-bit words as 32 circuit bits: the SHA-256 toolkit.
//!
//! A [`Bit`] is a constant or a linear combination known to be 0 or 1. Operations fold
//! constants, so work on public words (IVs, round constants, padding) costs nothing. Costs
//! (per bit, both operands variable): xor 1 multiplier, xor of three 2, and 1, ch 1, maj 2,
//! not / rotations / shifts 0; adding k words mod 2^32 costs 32 + ⌈log₂ k⌉ multipliers for the
//! whole word (the sum is decomposed into bits, the carries dropped).
//!
//! XOR uses `1 − 2(a ⊕ b) = (1 − 2a)(1 − 2b)`, so `a ⊕ b = (1 − o)/2` for one product o, and
//! the result is boolean by construction (no extra check).

use super::bits::to_bits;
use super::boolean::alloc_bit;
use crate::circuit::constraint_system::coefficient;
use crate::circuit::{CircuitError, ConstraintSystem, LinearCombination, Variable};
use crate::group::Scalar;
use alloc::vec::Vec;

/// (ℓ + 1)/2, little-endian: the inverse of 2.
const HALF_BYTES: [u8; 32] = [
    247, 233, 122, 46, 141, 49, 9, 44, 107, 206, 123, 81, 239, 124, 111, 10, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 8,
];

/// 1/2 mod ℓ.
pub(crate) fn half() -> Scalar {
    Scalar::from_bytes_mod_order(HALF_BYTES)
}

/// A bit: a constant, or a combination known to be boolean.
///
/// The xor, and, ch, maj and add gadgets (and SHA-256 over them) are sound only on bits whose
/// value is 0 or 1; they add no constraint of their own that would catch a 2. So a [`Bit::Lc`]
/// holds a [`BooleanLc`], which only the gadgets that constrain it (or
/// [`BooleanLc::new_unchecked`], with that precondition) can make.
#[derive(Clone, Debug)]
pub enum Bit {
    /// A public constant.
    Constant(bool),
    /// A combination whose value is 0 or 1 (the gadget that made it guarantees it).
    Lc(BooleanLc),
}

/// A linear combination whose value is 0 or 1 in every satisfying assignment. Made by
/// [`Bit::alloc`], [`Word32::alloc`] and the gadgets of this module (each output is constrained
/// boolean by its construction), or by [`BooleanLc::new_unchecked`].
#[derive(Clone, Debug)]
pub struct BooleanLc(LinearCombination);

impl BooleanLc {
    /// Wraps a combination the caller has already constrained to 0 or 1.
    ///
    /// **Precondition**: in every assignment that satisfies the circuit, `lc` evaluates to 0 or
    /// 1 (for example it is `b` with `b·(1 − b) = 0` constrained, or a bit of another gadget's
    /// decomposition). Not checked: a combination that can be 2 makes every gadget built on it
    /// unsound (the xor of 2 and 0 by the signed product is −3, not a bit).
    pub fn new_unchecked(lc: LinearCombination) -> Self {
        BooleanLc(lc)
    }

    /// The combination.
    pub fn lc(&self) -> &LinearCombination {
        &self.0
    }
}

impl core::ops::Deref for BooleanLc {
    type Target = LinearCombination;

    fn deref(&self) -> &LinearCombination {
        &self.0
    }
}

/// `1 − 2x` for a combination.
fn signed(x: &LinearCombination) -> LinearCombination {
    let mut lc = LinearCombination::with_capacity(x.terms().len().saturating_add(1));
    lc.push_term(Variable::One, Scalar::ONE);
    lc.add_scaled(x, &coefficient::minus_two());
    lc
}

/// `(1 − o)/2`: the xor whose signed form is the product `o`.
fn from_signed(o: Variable) -> Bit {
    let h = half();
    Bit::Lc(BooleanLc(LinearCombination::from_iter([
        (Variable::One, h),
        (o, coefficient::neg(&h)),
    ])))
}

impl Bit {
    /// Allocates a bit. **1 multiplier**.
    pub fn alloc<CS: ConstraintSystem + ?Sized>(
        cs: &mut CS,
        value: Option<bool>,
    ) -> Result<Bit, CircuitError> {
        Ok(Bit::Lc(BooleanLc(alloc_bit(cs, value)?.into())))
    }

    /// The combination (a constant bit is the constant 0 or 1).
    pub fn lc(&self) -> LinearCombination {
        match self {
            Bit::Constant(b) => LinearCombination::from(u64::from(*b)),
            Bit::Lc(l) => l.0.clone(),
        }
    }

    /// `¬a`. Free.
    pub fn not(&self) -> Bit {
        match self {
            Bit::Constant(b) => Bit::Constant(!b),
            Bit::Lc(l) => Bit::Lc(BooleanLc(LinearCombination::from(1u64) - l.0.clone())),
        }
    }

    /// `a ⊕ b`. **1 multiplier** (none if either is constant).
    pub fn xor<CS: ConstraintSystem + ?Sized>(cs: &mut CS, a: &Bit, b: &Bit) -> Bit {
        match (a, b) {
            (Bit::Constant(x), Bit::Constant(y)) => Bit::Constant(x ^ y),
            (Bit::Constant(c), other) | (other, Bit::Constant(c)) => {
                if *c {
                    other.not()
                } else {
                    other.clone()
                }
            }
            (Bit::Lc(x), Bit::Lc(y)) => {
                let (_, _, o) = cs.multiply(signed(x), signed(y));
                from_signed(o)
            }
        }
    }

    /// `a ⊕ b ⊕ c`. **2 multipliers** (fewer with constants): `(1 − 2a)(1 − 2b)(1 − 2c) = 1 − 2(a ⊕ b ⊕ c)`.
    pub fn xor3<CS: ConstraintSystem + ?Sized>(cs: &mut CS, a: &Bit, b: &Bit, c: &Bit) -> Bit {
        let mut parity = false;
        let mut vars: Vec<&LinearCombination> = Vec::with_capacity(3);
        for bit in [a, b, c] {
            match bit {
                Bit::Constant(x) => parity ^= x,
                Bit::Lc(l) => vars.push(l),
            }
        }
        let folded = match vars.as_slice() {
            [] => Bit::Constant(false),
            [x] => Bit::Lc(BooleanLc((*x).clone())),
            [x, y] => Bit::xor(
                cs,
                &Bit::Lc(BooleanLc((*x).clone())),
                &Bit::Lc(BooleanLc((*y).clone())),
            ),
            [x, y, z] => {
                let (_, _, o1) = cs.multiply(signed(x), signed(y));
                let (_, _, o2) = cs.multiply(o1.into(), signed(z));
                from_signed(o2)
            }
            _ => Bit::Constant(false),
        };
        if parity {
            folded.not()
        } else {
            folded
        }
    }

    /// `a ∧ b`. **1 multiplier** (none if either is constant).
    pub fn and<CS: ConstraintSystem + ?Sized>(cs: &mut CS, a: &Bit, b: &Bit) -> Bit {
        match (a, b) {
            (Bit::Constant(x), Bit::Constant(y)) => Bit::Constant(*x && *y),
            (Bit::Constant(c), other) | (other, Bit::Constant(c)) => {
                if *c {
                    other.clone()
                } else {
                    Bit::Constant(false)
                }
            }
            (Bit::Lc(x), Bit::Lc(y)) => {
                let (_, _, o) = cs.multiply(x.0.clone(), y.0.clone());
                Bit::Lc(BooleanLc(o.into()))
            }
        }
    }

    /// `Ch(e, f, g) = e ? f : g = g + e·(f − g)`. **1 multiplier** (none with a constant e, or
    /// constant f and g).
    pub fn ch<CS: ConstraintSystem + ?Sized>(cs: &mut CS, e: &Bit, f: &Bit, g: &Bit) -> Bit {
        match (e, f, g) {
            (Bit::Constant(true), f, _) => f.clone(),
            (Bit::Constant(false), _, g) => g.clone(),
            (e, Bit::Constant(x), Bit::Constant(y)) => match (x, y) {
                (true, true) => Bit::Constant(true),
                (false, false) => Bit::Constant(false),
                (true, false) => e.clone(),
                (false, true) => e.not(),
            },
            (Bit::Lc(e), f, g) => {
                let (_, _, o) = cs.multiply(e.0.clone(), f.lc() - g.lc());
                Bit::Lc(BooleanLc(g.lc() + o))
            }
        }
    }

    /// `Maj(a, b, c) = b + (b ⊕ c)·(a − b)`. **2 multipliers** (fewer with constants).
    pub fn maj<CS: ConstraintSystem + ?Sized>(cs: &mut CS, a: &Bit, b: &Bit, c: &Bit) -> Bit {
        if let (Bit::Constant(x), Bit::Constant(y)) = (b, c) {
            return if x == y { b.clone() } else { a.clone() };
        }
        let d = Bit::xor(cs, b, c);
        Bit::ch(cs, &d, a, b)
    }
}

/// A 32-bit word: bit i has weight 2^i.
#[derive(Clone, Debug)]
pub struct Word32 {
    bits: Vec<Bit>,
}

impl Word32 {
    /// A public constant word.
    pub fn constant(value: u32) -> Word32 {
        Word32 {
            bits: (0..32u32)
                .map(|i| Bit::Constant(value.checked_shr(i).unwrap_or(0) & 1 == 1))
                .collect(),
        }
    }

    /// A word from 32 bits, least significant first. Errors unless exactly 32 bits are given.
    /// Every [`Bit`] is boolean by construction ([`BooleanLc`]), so the word's gadgets stay sound.
    pub fn from_bits(bits: Vec<Bit>) -> Result<Word32, CircuitError> {
        if bits.len() != 32 {
            return Err(CircuitError::Gadget("a word has 32 bits"));
        }
        Ok(Word32 { bits })
    }

    /// Allocates a secret word (prover: `Some(value)`). **32 multipliers**.
    pub fn alloc<CS: ConstraintSystem + ?Sized>(
        cs: &mut CS,
        value: Option<u32>,
    ) -> Result<Word32, CircuitError> {
        let bits = (0..32u32)
            .map(|i| Bit::alloc(cs, value.map(|v| v.checked_shr(i).unwrap_or(0) & 1 == 1)))
            .collect::<Result<Vec<Bit>, CircuitError>>()?;
        Ok(Word32 { bits })
    }

    /// The bits, least significant first.
    pub fn bits(&self) -> &[Bit] {
        &self.bits
    }

    /// The value as a combination `Σ 2^i·b_i`.
    pub fn lc(&self) -> LinearCombination {
        let mut sum = LinearCombination::default();
        let constant = self.add_to(&mut sum);
        if constant != 0 {
            sum = sum + constant;
        }
        sum
    }

    /// Adds the variable bits' part of [`Self::lc`] to `acc`; returns the constant bits' value.
    fn add_to(&self, acc: &mut LinearCombination) -> u64 {
        let mut power = Scalar::ONE;
        let mut constant = 0u64;
        for (i, bit) in self.bits.iter().enumerate() {
            match bit {
                Bit::Constant(true) => constant |= 1u64.checked_shl(i as u32).unwrap_or(0),
                Bit::Constant(false) => {}
                Bit::Lc(l) => acc.add_scaled(l, &power),
            }
            power += power;
        }
        constant
    }

    /// The value if every bit is constant.
    pub fn constant_value(&self) -> Option<u32> {
        let mut v = 0u32;
        for (i, bit) in self.bits.iter().enumerate() {
            match bit {
                Bit::Constant(true) => v |= 1u32.checked_shl(i as u32).unwrap_or(0),
                Bit::Constant(false) => {}
                Bit::Lc(_) => return None,
            }
        }
        Some(v)
    }

    /// The largest value the word can take (constant bits fixed, variable bits 1).
    fn max_value(&self) -> u64 {
        let mut v = 0u64;
        for (i, bit) in self.bits.iter().enumerate() {
            if !matches!(bit, Bit::Constant(false)) {
                v |= 1u64.checked_shl(i as u32).unwrap_or(0);
            }
        }
        v
    }

    /// Rotation right by n. Free.
    pub fn rotr(&self, n: usize) -> Word32 {
        Word32 {
            bits: self
                .bits
                .iter()
                .cycle()
                .skip(n % 32)
                .take(32)
                .cloned()
                .collect(),
        }
    }

    /// Shift right by n (zeros enter at the top). Free.
    pub fn shr(&self, n: usize) -> Word32 {
        Word32 {
            bits: self
                .bits
                .iter()
                .skip(n)
                .cloned()
                .chain(core::iter::repeat(Bit::Constant(false)))
                .take(32)
                .collect(),
        }
    }

    /// Bitwise not. Free.
    pub fn not(&self) -> Word32 {
        Word32 {
            bits: self.bits.iter().map(Bit::not).collect(),
        }
    }

    /// Bitwise xor. **32 multipliers** at most.
    pub fn xor<CS: ConstraintSystem + ?Sized>(cs: &mut CS, a: &Word32, b: &Word32) -> Word32 {
        Word32 {
            bits: a
                .bits
                .iter()
                .zip(&b.bits)
                .map(|(x, y)| Bit::xor(cs, x, y))
                .collect(),
        }
    }

    /// Bitwise xor of three words. **64 multipliers** at most.
    pub fn xor3<CS: ConstraintSystem + ?Sized>(
        cs: &mut CS,
        a: &Word32,
        b: &Word32,
        c: &Word32,
    ) -> Word32 {
        Word32 {
            bits: a
                .bits
                .iter()
                .zip(&b.bits)
                .zip(&c.bits)
                .map(|((x, y), z)| Bit::xor3(cs, x, y, z))
                .collect(),
        }
    }

    /// Bitwise and. **32 multipliers** at most.
    pub fn and<CS: ConstraintSystem + ?Sized>(cs: &mut CS, a: &Word32, b: &Word32) -> Word32 {
        Word32 {
            bits: a
                .bits
                .iter()
                .zip(&b.bits)
                .map(|(x, y)| Bit::and(cs, x, y))
                .collect(),
        }
    }

    /// Bitwise Ch(e, f, g). **32 multipliers** at most.
    pub fn ch<CS: ConstraintSystem + ?Sized>(
        cs: &mut CS,
        e: &Word32,
        f: &Word32,
        g: &Word32,
    ) -> Word32 {
        Word32 {
            bits: e
                .bits
                .iter()
                .zip(&f.bits)
                .zip(&g.bits)
                .map(|((x, y), z)| Bit::ch(cs, x, y, z))
                .collect(),
        }
    }

    /// Bitwise Maj(a, b, c). **64 multipliers** at most.
    pub fn maj<CS: ConstraintSystem + ?Sized>(
        cs: &mut CS,
        a: &Word32,
        b: &Word32,
        c: &Word32,
    ) -> Word32 {
        Word32 {
            bits: a
                .bits
                .iter()
                .zip(&b.bits)
                .zip(&c.bits)
                .map(|((x, y), z)| Bit::maj(cs, x, y, z))
                .collect(),
        }
    }

    /// The sum of `words` and `constant`, and the number of bits it needs.
    fn sum(words: &[&Word32], constant: u32) -> (LinearCombination, usize, bool) {
        let mut lc = LinearCombination::from(u64::from(constant));
        let mut max = u64::from(constant);
        let mut all_constant = true;
        for w in words {
            // `lc + w.lc()`, built in place.
            let c = w.add_to(&mut lc);
            if c != 0 {
                lc.push_term(Variable::One, Scalar::from(c));
            }
            max = max.saturating_add(w.max_value());
            all_constant &= w.constant_value().is_some();
        }
        let width = u64::BITS.saturating_sub(max.leading_zeros()) as usize;
        (lc, width.max(32), all_constant)
    }

    /// `(Σ words + constant) mod 2^32`. **32 + ⌈log₂(k)⌉ multipliers** for k variable words (the
    /// exact width of the largest possible sum); free if every word is constant.
    pub fn add<CS: ConstraintSystem + ?Sized>(
        cs: &mut CS,
        words: &[&Word32],
        constant: u32,
    ) -> Result<Word32, CircuitError> {
        let (lc, width, all_constant) = Self::sum(words, constant);
        if all_constant {
            let mut v = constant;
            for w in words {
                v = v.wrapping_add(w.constant_value().unwrap_or(0));
            }
            return Ok(Word32::constant(v));
        }
        let bits = to_bits(cs, lc, width)?;
        Ok(Word32 {
            bits: bits
                .into_iter()
                .take(32)
                .map(|b| Bit::Lc(BooleanLc(b.into())))
                .collect(),
        })
    }

    /// Constrains `(Σ words + constant) mod 2^32 = target` without decomposing the low 32 bits:
    /// the carry `c` (⌈log₂ k⌉ bits) is allocated and `Σ = target + 2^32·c`. **⌈log₂ k⌉
    /// multipliers** for k variable words.
    pub fn add_equals<CS: ConstraintSystem + ?Sized>(
        cs: &mut CS,
        words: &[&Word32],
        constant: u32,
        target: u32,
    ) -> Result<(), CircuitError> {
        let (lc, width, _) = Self::sum(words, constant);
        let carry_bits = width.saturating_sub(32);
        let two32 = Scalar::from(0x1_0000_0000u64);
        // The carry's value: (sum − target) / 2^32, an integer when the sum is right.
        let carry = cs.eval(&lc).map(|s| {
            let bytes = s.to_bytes();
            let mut c = [0u8; 8];
            if let Some(src) = bytes.get(4..12) {
                c.copy_from_slice(src);
            }
            Scalar::from(u64::from_le_bytes(c))
        });
        let mut carry_lc = LinearCombination::default();
        let mut power = Scalar::ONE;
        for i in 0..carry_bits {
            let bit = carry.as_ref().map(|c| super::bits::bit_of(c, i));
            let b = alloc_bit(cs, bit)?;
            carry_lc = carry_lc + b * power;
            power += power;
        }
        cs.constrain(lc - u64::from(target) - carry_lc * two32);
        Ok(())
    }
}
