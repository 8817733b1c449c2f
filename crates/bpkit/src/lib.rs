#![doc = include_str!("../docs/lib.md")]
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![allow(non_snake_case)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub use range_proof::aggregation;
pub mod backend;
pub mod batch;
pub mod circuit;
mod commitment;
#[cfg(feature = "ctime")]
pub mod ctime;
#[cfg(not(feature = "ctime"))]
mod ctime;
mod equation;
mod errors;
pub mod generators;
#[cfg(feature = "grin")]
pub mod grin;
pub mod group;
mod inner_product;
mod limits;
#[cfg(feature = "monero")]
pub mod monero;
pub mod plus;
pub mod poseidon;
mod range_proof;
mod transcript;
mod util;
mod variable;

pub use commitment::Opening;
pub use errors::{Error, ProtocolError};
pub use generators::{BulletproofGens, PedersenGens};
/// Ristretto255's scalars and points (curve25519-dalek 5), as bpkit's API takes them; the same
/// types as [`group::Scalar`], [`group::RistrettoPoint`], [`group::CompressedRistretto`].
pub use group::{CompressedRistretto, RistrettoPoint, Scalar};
pub use inner_product::InnerProductProof;
pub use range_proof::{
    Interval, IntervalProof, RangeProof, RangeStatement, BIT_SIZES, MAX_BITS, MAX_PARTIES,
};
pub use transcript::TranscriptProtocol;
pub use util::par::with_threads;

/// Re-exports of the crates that appear in bpkit's API.
pub mod reexports {
    pub use curve25519_dalek;
    pub use merlin;
    pub use rand_core;
}

/// The math behind the code, equation by equation, with the names used in the code.
pub mod notes {
    /// The range proof and its aggregation.
    pub mod range_proof {
        #![doc = include_str!("../docs/notes/range_proof.md")]
    }
    /// Grin / MWEB range proofs over secp256k1.
    #[cfg(feature = "grin")]
    pub mod grin {
        #![doc = include_str!("../docs/notes/grin.md")]
    }
    /// The inner-product argument.
    pub mod inner_product {
        #![doc = include_str!("../docs/notes/inner_product.md")]
    }
    /// Monero's range proofs: the same equations, another format.
    #[cfg(feature = "monero")]
    pub mod monero {
        #![doc = include_str!("../docs/notes/monero.md")]
    }
    /// Arithmetic-circuit proofs.
    pub mod circuits {
        #![doc = include_str!("../docs/notes/circuits.md")]
    }
}

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The guide's examples (`docs/guide.md`), compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/guide.md")]
pub struct GuideDoctests;
