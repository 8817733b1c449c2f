//! Monero's varints (LEB128: 7 bits per byte, low first, high bit = more).

use super::error::MoneroError;
use alloc::vec::Vec;

/// Appends the varint encoding of `v`.
pub fn write(mut v: u64, out: &mut Vec<u8>) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// The varint encoding of `v`.
pub fn encode(v: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(10);
    write(v, &mut out);
    out
}

/// Reads a varint at `*pos`, advancing `*pos`. Rejects encodings past 64 bits and
/// non-minimal ones (a final zero byte after the first), as Monero's reader does.
pub fn read(bytes: &[u8], pos: &mut usize) -> Result<u64, MoneroError> {
    let start = *pos;
    let mut v: u64 = 0;
    let mut shift: u32 = 0;
    loop {
        let Some(&b) = bytes.get(*pos) else {
            return Err(MoneroError::Truncated {
                offset: *pos,
                needed: 1,
            });
        };
        *pos = pos.saturating_add(1);
        let low = u64::from(b & 0x7f);
        if shift >= 64 || (shift == 63 && low > 1) {
            return Err(MoneroError::InvalidVarint { offset: start });
        }
        if b == 0 && shift > 0 {
            return Err(MoneroError::InvalidVarint { offset: start });
        }
        v |= low << shift;
        if b & 0x80 == 0 {
            return Ok(v);
        }
        shift = shift.saturating_add(7);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn round_trip_and_rejections() {
        for v in [0u64, 1, 127, 128, 300, 16_383, 16_384, u64::MAX] {
            let e = encode(v);
            let mut pos = 0;
            assert_eq!(read(&e, &mut pos).unwrap(), v);
            assert_eq!(pos, e.len());
        }
        assert_eq!(encode(300), [0xac, 0x02]);
        // Non-minimal: 0x80 0x00 encodes 0 in two bytes.
        assert!(read(&[0x80, 0x00], &mut 0).is_err());
        // Truncated.
        assert!(read(&[0x80], &mut 0).is_err());
        // Over 64 bits.
        assert!(read(&[0xff; 10], &mut 0).is_err());
        assert!(read(
            &[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02],
            &mut 0
        )
        .is_err());
    }
}
