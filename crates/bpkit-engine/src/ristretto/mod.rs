//! Ristretto255 (RFC 9496) on top of the Edwards points: decoding (one at a time or batched
//! across interleaved lanes), encoding and equality.
#![forbid(unsafe_code)]

mod decode;
mod encode;

pub use decode::{decode, decode_batch, decode_batch_all, InvalidEncoding, LANES};

pub use crate::point::Point;
