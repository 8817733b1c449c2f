//! Verification equations: the layer between the proof systems and the group.
//!
//! Every verifier (single-proof and batch) reduces a proof to one equation
//! `Σ sᵢ·Pᵢ = 0` ([`terms::Equation`]): scalars on the fixed generators (`B`, `B̃`, `G`, `H`),
//! kept in compact product form ([`terms::FixedTerms`]), and scalars on the proof's own points.
//! [`accumulator::FixedAccumulator`] sums the fixed-generator scalars of one or many equations
//! and checks the result with one multiscalar multiplication through [`crate::group`];
//! [`scalar::Mont`] is the Montgomery-form scalar arithmetic of the hot expansion loops.
//!
//! The data path is proof → equation → group: single-proof verifiers check one equation here;
//! [`crate::batch`] only adds weighted equations up, chunks them, spreads them over threads and
//! locates failures.
//!
//! Timing: variable-time throughout; every input of a verifier is public.

pub(crate) mod accumulator;
pub(crate) mod scalar;
pub(crate) mod terms;
