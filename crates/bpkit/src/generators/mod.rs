//! Generators: the Pedersen pair `(B, B̃)` and the vector generators `G, H` of each party.
//!
//! Both are those of the `bulletproofs` crate (spec §2), so commitments and proofs made by either
//! library are interchangeable. Building generators costs a hash-to-group per point; with the
//! `std` feature [`shared`] builds them once per process and grows them on demand.

mod pedersen;
mod table;
mod vector;

pub use pedersen::PedersenGens;
pub use table::VerifierTable;
pub use vector::BulletproofGens;

#[cfg(feature = "std")]
mod cache;
#[cfg(feature = "std")]
mod circuit_table;
#[cfg(feature = "std")]
mod shifted;
#[cfg(feature = "std")]
pub(crate) use cache::is_default_pedersen;
#[cfg(feature = "std")]
#[doc(hidden)]
pub use cache::set_shifted_tables;
#[cfg(feature = "std")]
pub use cache::{
    engine_ready, shared, shared_circuit_shifted, shared_engine, shared_party_table,
    shared_pedersen, shared_ready, shared_shifted, shared_table, CIRCUIT_SHIFTED_MAX,
    CIRCUIT_SHIFTED_MIN, CIRCUIT_SHIFTED_VERIFY_MIN, PARTY_TABLE_PARTIES, SHIFTED_AFTER,
    SHIFTED_MAX_PARTIES,
};
#[cfg(feature = "std")]
#[doc(hidden)]
pub use circuit_table::set_circuit_table_max;
#[cfg(feature = "std")]
pub(crate) use circuit_table::shared_circuit_table;
#[cfg(feature = "std")]
pub use circuit_table::{CircuitTable, CIRCUIT_TABLE_MAX};
#[cfg(feature = "std")]
#[doc(hidden)]
pub use shifted::shifted_table_uses;
#[cfg(feature = "std")]
pub use shifted::ShiftedGens;

/// The default Pedersen generators for code that cannot take them from its caller (the
/// ready-made statements): with `std` the process-wide pair ([`shared_pedersen`]), built once;
/// without it, built for the call (their constant-time tables cost about as much as a small
/// circuit's verification, so a shared pair matters).
pub(crate) struct DefaultPedersen(
    #[cfg(feature = "std")] &'static PedersenGens,
    #[cfg(not(feature = "std"))] PedersenGens,
);

impl core::ops::Deref for DefaultPedersen {
    type Target = PedersenGens;

    #[cfg(feature = "std")]
    fn deref(&self) -> &PedersenGens {
        self.0
    }

    #[cfg(not(feature = "std"))]
    fn deref(&self) -> &PedersenGens {
        &self.0
    }
}

/// See [`DefaultPedersen`].
pub(crate) fn default_pedersen() -> DefaultPedersen {
    #[cfg(feature = "std")]
    {
        DefaultPedersen(shared_pedersen())
    }
    #[cfg(not(feature = "std"))]
    {
        DefaultPedersen(PedersenGens::default())
    }
}
