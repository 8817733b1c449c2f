//! Hexadecimal encoding (lowercase) and strict decoding.
//!
//! Decoding accepts lowercase and uppercase digits and nothing else: no `0x` prefix, no
//! whitespace, no separators, and an even number of digits.

use std::fmt;

/// Why a string is not valid hexadecimal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HexError {
    /// An odd number of digits.
    OddLength(usize),
    /// A character that is not a hexadecimal digit, at this byte position.
    BadDigit(usize),
    /// The decoded bytes are not of the required length.
    WrongLength {
        /// Bytes required.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexError::OddLength(len) => write!(f, "odd number of hex digits ({len})"),
            HexError::BadDigit(at) => write!(f, "not a hex digit at position {at}"),
            HexError::WrongLength { expected, found } => {
                write!(f, "expected {expected} bytes of hex, found {found}")
            }
        }
    }
}

const DIGITS: &[u8; 16] = b"0123456789abcdef";

/// Lowercase hexadecimal.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().saturating_mul(2));
    for &b in bytes {
        for nibble in [b >> 4, b & 0x0f] {
            if let Some(&d) = DIGITS.get(usize::from(nibble)) {
                out.push(char::from(d));
            }
        }
    }
    out
}

fn digit(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c.wrapping_sub(b'0')),
        b'a'..=b'f' => Some(c.wrapping_sub(b'a').wrapping_add(10)),
        b'A'..=b'F' => Some(c.wrapping_sub(b'A').wrapping_add(10)),
        _ => None,
    }
}

/// Strict decoding (see the module documentation).
pub fn decode(text: &str) -> Result<Vec<u8>, HexError> {
    let bytes = text.as_bytes();
    if !bytes.len().is_multiple_of(2) {
        return Err(HexError::OddLength(bytes.len()));
    }
    let mut out = Vec::with_capacity(bytes.len() / 2);
    for (i, pair) in bytes.chunks_exact(2).enumerate() {
        let at = i.saturating_mul(2);
        let (hi, lo) = match pair {
            [hi, lo] => (*hi, *lo),
            _ => return Err(HexError::OddLength(bytes.len())),
        };
        let hi = digit(hi).ok_or(HexError::BadDigit(at))?;
        let lo = digit(lo).ok_or(HexError::BadDigit(at.saturating_add(1)))?;
        out.push((hi << 4) | lo);
    }
    Ok(out)
}

/// Strict decoding of exactly 32 bytes (a point or a scalar).
pub fn decode_32(text: &str) -> Result<[u8; 32], HexError> {
    let bytes = decode(text)?;
    <[u8; 32]>::try_from(bytes.as_slice()).map_err(|_| HexError::WrongLength {
        expected: 32,
        found: bytes.len(),
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    #[test]
    fn round_trip_every_byte() {
        let all: Vec<u8> = (0..=255u8).collect();
        let text = encode(&all);
        assert_eq!(text.len(), 512);
        assert!(text.starts_with("000102"));
        assert!(text.ends_with("fdfeff"));
        assert_eq!(decode(&text).unwrap(), all);
        assert_eq!(decode(&text.to_uppercase()).unwrap(), all);
    }

    #[test]
    fn mixed_case_is_accepted() {
        assert_eq!(decode("aBcD").unwrap(), vec![0xab, 0xcd]);
        assert_eq!(decode("").unwrap(), Vec::<u8>::new());
    }

    #[test]
    fn rejects_everything_else() {
        assert_eq!(decode("abc"), Err(HexError::OddLength(3)));
        assert_eq!(decode("0x00"), Err(HexError::BadDigit(1)));
        assert_eq!(decode("0g"), Err(HexError::BadDigit(1)));
        assert_eq!(decode("g0"), Err(HexError::BadDigit(0)));
        assert_eq!(decode(" 00 "), Err(HexError::BadDigit(0)));
        assert_eq!(decode("00\n0"), Err(HexError::BadDigit(2)));
        assert_eq!(decode("0\u{e9}"), Err(HexError::OddLength(3)));
        assert_eq!(decode("\u{e9}"), Err(HexError::BadDigit(0)));
        assert_eq!(decode("+1"), Err(HexError::BadDigit(0)));
    }

    #[test]
    fn decode_32_checks_the_length() {
        let ok = "11".repeat(32);
        assert_eq!(decode_32(&ok).unwrap(), [0x11; 32]);
        assert_eq!(
            decode_32(&"11".repeat(31)),
            Err(HexError::WrongLength {
                expected: 32,
                found: 31
            })
        );
        assert_eq!(
            decode_32(&"11".repeat(33)),
            Err(HexError::WrongLength {
                expected: 32,
                found: 33
            })
        );
    }
}
