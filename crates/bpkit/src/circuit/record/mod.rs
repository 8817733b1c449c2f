//! A circuit as data: the recorder, the rows with digest and weights, JSON form, packed rows.

pub(crate) mod circuit;
pub(crate) mod compact_rows;
mod json;
pub(crate) mod recorder;
pub(crate) mod weights;

pub use circuit::Circuit;
pub use json::{DescriptionHeader, MAX_JSON_SIZE};
pub use recorder::Recorder;
