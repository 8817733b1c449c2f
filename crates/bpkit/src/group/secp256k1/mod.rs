//! Everything specific to secp256k1, for the Grin / Litecoin MWEB range proofs ([`crate::grin`]).
//!
//! The same three jobs as the Ristretto layer, written again for this curve:
//!
//! - [`encoding`]: x-only points with the *quadratic-residue* flag rule of secp256k1-zkp
//!   (a flag says that y is **not** a square, not that it is odd), 33-byte Pedersen
//!   commitments, and canonical big-endian scalars;
//! - [`hash`]: the generators: the Elements value generator `H`, the RFC 6979 HMAC-SHA256
//!   stream and the `generator_generate` map (two Shallue–van de Woestijne maps, added);
//! - [`msm`]: multiscalar multiplication, constant-time for secrets and variable-time for
//!   public inputs, each named as such.
//!
//! Arithmetic is RustCrypto's `k256` (constant-time field and scalar operations).

pub mod encoding;
pub mod hash;
mod jacobian;
pub mod msm;

pub use k256::{AffinePoint, FieldElement, ProjectivePoint, Scalar};
