//! Structure-aware mutation of a valid proof, shared by the `*_verify` targets.
//!
//! A proof's encoding is described by its layout: the offset and kind (point or scalar) of every
//! 32-byte element. The fuzz input is read as a program of mutations over those elements and the
//! statement's commitments (replace a scalar by input bytes, reduced or not; replace a point by
//! another valid point or by input bytes; negate, add the generator, swap, copy, flip a bit;
//! truncate or extend the encoding; change a commitment or the transcript label). The target
//! then verifies the result: verification must never panic, and must reject unless the
//! mutations left every byte as it was (checked by comparing bytes, not by trusting the ops).

#![allow(dead_code)] // each target uses a part

use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT as B;
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;

/// What a 32-byte element of an encoding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A compressed Ristretto point.
    Point,
    /// A canonical scalar.
    Scalar,
}

/// A mutated proof, its statement's commitments and its transcript label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mutated {
    /// The proof's encoding after the mutations.
    pub proof: Vec<u8>,
    /// The commitments after the mutations.
    pub commitments: Vec<[u8; 32]>,
    /// The transcript label after the mutations.
    pub label: Vec<u8>,
    /// A small number the target uses to change its statement in a target-specific way
    /// (0: unchanged).
    pub statement: u8,
}

/// The fuzz input, read front to back; reads past the end give zeros.
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    /// Reads the input from its start.
    pub fn new(data: &'a [u8]) -> Self {
        Input { data }
    }

    /// True when every byte was read.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// One byte (0 past the end).
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// 32 bytes, zero-padded past the end.
    pub fn bytes32(&mut self) -> [u8; 32] {
        let mut out = [0u8; 32];
        let n = self.data.len().min(32);
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        out
    }

    /// A little-endian u64 from 8 bytes (zero-padded).
    pub fn u64(&mut self) -> u64 {
        let mut out = [0u8; 8];
        let n = self.data.len().min(8);
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        u64::from_le_bytes(out)
    }
}

/// ℓ, the group order, little-endian.
const L: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

/// `x + ℓ` as a 256-bit integer (a non-canonical encoding of the same scalar), if it fits.
fn add_l(x: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut carry = 0u16;
    for i in 0..32 {
        let s = u16::from(x[i]) + u16::from(L[i]) + carry;
        out[i] = s as u8;
        carry = s >> 8;
    }
    out
}

/// The point an element encodes, if it is a valid encoding.
fn point(e: &[u8; 32]) -> Option<RistrettoPoint> {
    CompressedRistretto(*e).decompress()
}

/// Applies one arithmetic change to an element of kind `kind`: negation, adding the generator
/// (or 1), multiplying by a small factor. Invalid points are left alone.
fn shift(e: &mut [u8; 32], kind: Kind, how: u8, k: u64) {
    match kind {
        Kind::Point => {
            let Some(p) = point(e) else { return };
            let q = match how % 4 {
                0 => -p,
                1 => p + B,
                2 => p * Scalar::from(k),
                _ => p - B * Scalar::from(k),
            };
            *e = q.compress().to_bytes();
        }
        Kind::Scalar => {
            let s = Scalar::from_bytes_mod_order(*e);
            let t = match how % 4 {
                0 => -s,
                1 => s + Scalar::ONE,
                2 => s * Scalar::from(k),
                _ => s - Scalar::from(k),
            };
            *e = t.to_bytes();
        }
    }
}

/// The element at `offset`, if the encoding has 32 bytes there.
fn get(proof: &[u8], offset: usize) -> Option<[u8; 32]> {
    proof.get(offset..offset.checked_add(32)?)?.try_into().ok()
}

fn set(proof: &mut [u8], offset: usize, e: &[u8; 32]) {
    if let Some(slot) = offset
        .checked_add(32)
        .and_then(|end| proof.get_mut(offset..end))
    {
        slot.copy_from_slice(e);
    }
}

/// Applies the mutations the input describes (at most 8) to `proof` (with `layout`),
/// `commitments` and `label`.
pub fn mutate(
    proof: &[u8],
    layout: &[(usize, Kind)],
    commitments: &[[u8; 32]],
    label: &[u8],
    input: &mut Input<'_>,
) -> Mutated {
    let mut m = Mutated {
        proof: proof.to_vec(),
        commitments: commitments.to_vec(),
        label: label.to_vec(),
        statement: 0,
    };
    let count = 1 + usize::from(input.byte() % 8);
    for _ in 0..count {
        if input.is_empty() {
            break;
        }
        let op = input.byte();
        let i = usize::from(input.byte());
        let (offset, kind) = layout[i % layout.len()];
        match op % 16 {
            // A scalar from the input, reduced (canonical): a plausible wrong value.
            0 => {
                let s = Scalar::from_bytes_mod_order(input.bytes32());
                set(&mut m.proof, offset, &s.to_bytes());
            }
            // Raw input bytes (often an invalid point or a non-canonical scalar).
            1 => set(&mut m.proof, offset, &input.bytes32()),
            // The same scalar plus ℓ: a non-canonical encoding that must be refused.
            2 => {
                if let Some(e) = get(&m.proof, offset) {
                    set(&mut m.proof, offset, &add_l(&e));
                }
            }
            // Another valid point: k·B for k from the input.
            3 => {
                let k = Scalar::from_bytes_mod_order(input.bytes32());
                set(&mut m.proof, offset, &(B * k).compress().to_bytes());
            }
            // Negate, add B (or 1), multiply by k, subtract k·B (or k).
            4 => {
                let how = input.byte();
                let k = input.u64();
                if let Some(mut e) = get(&m.proof, offset) {
                    shift(&mut e, kind, how, k);
                    set(&mut m.proof, offset, &e);
                }
            }
            // Swap two elements.
            5 => {
                let (other, _) = layout[usize::from(input.byte()) % layout.len()];
                if let (Some(a), Some(b)) = (get(&m.proof, offset), get(&m.proof, other)) {
                    set(&mut m.proof, offset, &b);
                    set(&mut m.proof, other, &a);
                }
            }
            // Copy one element over another.
            6 => {
                let (other, _) = layout[usize::from(input.byte()) % layout.len()];
                if let Some(b) = get(&m.proof, other) {
                    set(&mut m.proof, offset, &b);
                }
            }
            // Flip one bit of an element.
            7 => {
                let bit = input.byte();
                if let Some(byte) = m.proof.get_mut(offset + usize::from(bit / 8) % 32) {
                    *byte ^= 1 << (bit % 8);
                }
            }
            // A commitment: replaced by k·B, shifted, copied from the proof, or raw bytes.
            8 | 9 => {
                if m.commitments.is_empty() {
                    continue;
                }
                let j = i % m.commitments.len();
                match input.byte() % 4 {
                    0 => {
                        let k = Scalar::from_bytes_mod_order(input.bytes32());
                        m.commitments[j] = (B * k).compress().to_bytes();
                    }
                    1 => {
                        let how = input.byte();
                        let k = input.u64();
                        shift(&mut m.commitments[j], Kind::Point, how, k);
                    }
                    2 => {
                        if let Some(e) = get(&m.proof, offset) {
                            m.commitments[j] = e;
                        }
                    }
                    _ => m.commitments[j] = input.bytes32(),
                }
            }
            // Swap two commitments, or drop / duplicate one.
            10 => {
                let n = m.commitments.len();
                if n == 0 {
                    continue;
                }
                let (a, b) = (i % n, usize::from(input.byte()) % n);
                match input.byte() % 3 {
                    0 => m.commitments.swap(a, b),
                    1 => {
                        m.commitments.remove(a);
                    }
                    _ => {
                        let c = m.commitments[a];
                        m.commitments.push(c);
                    }
                }
            }
            // Truncate, or extend with input bytes.
            11 => {
                let n = usize::from(input.byte());
                if i % 2 == 0 {
                    let keep = m.proof.len().saturating_sub(n);
                    m.proof.truncate(keep);
                } else {
                    for _ in 0..n {
                        let b = input.byte();
                        m.proof.push(b);
                    }
                }
            }
            // The transcript label.
            12 => {
                let b = input.byte();
                if m.label.is_empty() || i % 3 == 0 {
                    m.label.push(b);
                } else {
                    let k = i % m.label.len();
                    m.label[k] ^= b | 1;
                }
            }
            // Target-specific statement change.
            13 => m.statement = input.byte(),
            // Flip any bit of the encoding (including a length or count byte).
            14 => {
                let pos = usize::from(input.byte()) | (usize::from(input.byte()) << 8);
                let len = m.proof.len();
                if len > 0 {
                    m.proof[pos % len] ^= 1 << (i % 8);
                }
            }
            // Replace a scalar by the proof's own point encodings or vice versa, by a small
            // integer, by 0, or by ℓ − 1.
            _ => {
                let e = match input.byte() % 4 {
                    0 => Scalar::from(input.u64()).to_bytes(),
                    1 => [0u8; 32],
                    2 => (-Scalar::ONE).to_bytes(),
                    _ => B.compress().to_bytes(),
                };
                set(&mut m.proof, offset, &e);
            }
        }
    }
    m
}

/// The layout of `count` consecutive 32-byte elements of one kind starting at `start`.
pub fn run(start: usize, count: usize, kind: Kind) -> impl Iterator<Item = (usize, Kind)> {
    (0..count).map(move |i| (start + 32 * i, kind))
}

/// Checks a layout against an encoding: every element where the layout says (points valid,
/// scalars canonical), and the elements covering the encoding from `start` to its end.
pub fn check_layout(proof: &[u8], layout: &[(usize, Kind)], start: usize) {
    let mut sorted: Vec<usize> = layout.iter().map(|&(o, _)| o).collect();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        run(start, sorted.len(), Kind::Point)
            .map(|(o, _)| o)
            .collect::<Vec<_>>()
    );
    assert_eq!(
        start + 32 * sorted.len(),
        proof.len(),
        "layout covers the encoding"
    );
    for &(o, kind) in layout {
        let e = get(proof, o).expect("element in range");
        match kind {
            Kind::Point => assert!(point(&e).is_some(), "point at {o}"),
            Kind::Scalar => assert!(
                bool::from(Scalar::from_canonical_bytes(e).is_some()),
                "scalar at {o}"
            ),
        }
    }
}

/// A transcript for `label`: `Transcript::new(base)` when the label is unchanged, otherwise one
/// that differs from it (merlin takes only `'static` labels, so the mutated label is appended).
pub fn transcript(base: &'static [u8], label: &[u8]) -> merlin::Transcript {
    if label == base {
        return merlin::Transcript::new(base);
    }
    let mut t = merlin::Transcript::new(b"fuzz: another label");
    t.append_message(b"label", label);
    t
}
