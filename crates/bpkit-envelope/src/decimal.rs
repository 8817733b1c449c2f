//! Strict decimal numbers, as they appear in files and on the command line: ASCII digits only,
//! no sign, no whitespace, no leading zero (except `0` itself), so every number has exactly
//! one spelling.

/// Parses a canonical decimal `u128`; `None` for anything else (including overflow).
pub fn parse_u128(text: &str) -> Option<u128> {
    let bytes = text.as_bytes();
    match bytes {
        [] => return None,
        [b'0', _, ..] => return None,
        _ => {}
    }
    let mut value: u128 = 0;
    for &c in bytes {
        if !c.is_ascii_digit() {
            return None;
        }
        value = value
            .checked_mul(10)?
            .checked_add(u128::from(c.wrapping_sub(b'0')))?;
    }
    Some(value)
}

/// Parses a canonical decimal `u64`; `None` for anything else (including overflow).
pub fn parse_u64(text: &str) -> Option<u64> {
    parse_u128(text).and_then(|v| u64::try_from(v).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_canonical_numbers() {
        assert_eq!(parse_u64("0"), Some(0));
        assert_eq!(parse_u64("42"), Some(42));
        assert_eq!(parse_u64("18446744073709551615"), Some(u64::MAX));
        assert_eq!(parse_u128("18446744073709551616"), Some(1u128 << 64));
        assert_eq!(
            parse_u128("340282366920938463463374607431768211455"),
            Some(u128::MAX)
        );
    }

    #[test]
    fn rejects_everything_else() {
        for bad in [
            "", "00", "01", "+1", "-1", " 1", "1 ", "1_000", "0x10", "1e3", "1.0", "١",
        ] {
            assert_eq!(parse_u128(bad), None, "{bad:?}");
        }
        assert_eq!(parse_u64("18446744073709551616"), None);
        assert_eq!(parse_u128("340282366920938463463374607431768211456"), None);
    }
}
