//! Small scalar helpers: powers, inner products, polynomials; a two-way parallel join; the
//! bisection that finds the invalid members of a failed batch.

pub(crate) mod bisect;
pub(crate) mod par;
pub mod poly;
pub mod scalars;
