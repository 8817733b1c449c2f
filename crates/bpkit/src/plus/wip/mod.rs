//! The weighted-inner-product argument (BP+ §3, Fig. 1) as the range proof uses it: the prover
//! (constant-time in the witness) and the scalars the verifier needs from its challenges.

mod prover;
#[cfg(test)]
mod scalars;

pub(crate) use prover::{prove, WipWitness};
#[cfg(test)]
pub(crate) use scalars::fold_scalars;
