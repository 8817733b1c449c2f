//! JavaScript/WebAssembly bindings of bpkit: the npm package `bpkit` (see `README.md`).
//!
//! Every export is a thin layer over the core crate: arguments are checked and converted
//! (`convert`), the core does the work, and errors become thrown `Error` subclasses with a
//! stable `kind` (`error`). Envelope JSON goes through the shared `bpkit-envelope` crate, so its
//! bytes are the CLI's. Secrets (blindings, seeds) live in WebAssembly memory inside the
//! exported objects and are wiped when those are freed; what JavaScript itself cannot wipe is
//! listed in the README.

#![forbid(unsafe_code)]

mod batch;
mod commit;
mod convert;
mod envelope;
mod error;
mod generators;
mod interval;
mod monero;
mod plus;
mod range;
mod rng;
mod statements;

pub use batch::BatchVerifier;
pub use commit::{commit, Opening};
pub use envelope::Envelope;
pub use error::{BindingError, Family};
pub use interval::IntervalProof;
pub use monero::verify_tx;
pub use monero::{commit_monero, prove_monero, MoneroOpening};
pub use plus::{commit_extended, random_seed, ExtendedOpening, PlusProof, PlusStatement};
pub use range::{RangeProof, RangeStatement};
pub use statements::{prove_merkle, prove_sha256, prove_shuffle, verify_circuit, verify_json};
