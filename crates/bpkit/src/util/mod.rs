//! Small scalar helpers: powers, inner products, polynomials; a two-way parallel join.

pub(crate) mod par;
pub mod poly;
pub mod scalars;
