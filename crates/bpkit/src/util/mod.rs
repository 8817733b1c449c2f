//! Small scalar helpers: powers, inner products, polynomials.

pub mod poly;
pub mod scalars;
