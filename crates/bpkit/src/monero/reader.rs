//! A bounds-checked reader over Monero's binary serialization.

use super::error::MoneroError;
use super::varint;
use alloc::vec::Vec;

/// Reads fields in order; every read is bounds-checked.
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, pos: 0 }
    }

    /// Bytes read so far.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Bytes left.
    pub fn remaining(&self) -> usize {
        self.bytes.len().saturating_sub(self.pos)
    }

    /// The bytes between `start` and the current position.
    pub fn since(&self, start: usize) -> &'a [u8] {
        self.bytes.get(start..self.pos).unwrap_or(&[])
    }

    /// The next `n` bytes.
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], MoneroError> {
        let end = self.pos.checked_add(n);
        match end.and_then(|end| self.bytes.get(self.pos..end).map(|s| (s, end))) {
            Some((s, end)) => {
                self.pos = end;
                Ok(s)
            }
            None => Err(MoneroError::Truncated {
                offset: self.pos,
                needed: n.saturating_sub(self.remaining()),
            }),
        }
    }

    /// One byte.
    pub fn byte(&mut self) -> Result<u8, MoneroError> {
        let b = self.take(1)?;
        Ok(b.first().copied().unwrap_or(0))
    }

    /// 32 bytes (a key: point or scalar).
    pub fn key(&mut self) -> Result<[u8; 32], MoneroError> {
        let mut out = [0u8; 32];
        out.copy_from_slice(self.take(32)?);
        Ok(out)
    }

    /// A varint.
    pub fn varint(&mut self) -> Result<u64, MoneroError> {
        varint::read(self.bytes, &mut self.pos)
    }

    /// A varint count, refused above `max` (before anything is allocated).
    pub fn count(&mut self, max: usize, what: &'static str) -> Result<usize, MoneroError> {
        let offset = self.pos;
        let v = self.varint()?;
        match usize::try_from(v) {
            Ok(n) if n <= max => Ok(n),
            _ => Err(MoneroError::MalformedTransaction { what, offset }),
        }
    }

    /// A varint count then that many keys.
    pub fn keys(&mut self, max: usize, what: &'static str) -> Result<Vec<[u8; 32]>, MoneroError> {
        let n = self.count(max, what)?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(self.key()?);
        }
        Ok(out)
    }

    /// Fails unless every byte was read.
    pub fn finish(&self) -> Result<(), MoneroError> {
        if self.remaining() == 0 {
            Ok(())
        } else {
            Err(MoneroError::TrailingBytes {
                offset: self.pos,
                count: self.remaining(),
            })
        }
    }
}
