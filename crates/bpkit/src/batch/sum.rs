//! The last step of a batch (or of a subset, when locating failures): the fixed-generator terms
//! plus the dynamic terms, multiplied out and compared with the identity.
//!
//! Dynamic points decoded by the verification engine are multiplied by the engine; those decoded
//! by dalek (parsed proofs, Bulletproofs+ and circuit proofs, other bases) by dalek. The fixed
//! generators join the engine's side when it has points and the engine's copy of the generators
//! covers them (one multiplication instead of two), otherwise dalek's. The two partial sums are
//! compared through their canonical encodings ([`engine::sum_is_zero`]).

use super::parallel::Executor;
use crate::equation::accumulator::FixedAccumulator;
use crate::equation::terms::DynamicTerms;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::engine::{self, EngineGens, EngineSum};
use crate::group::{RistrettoPoint, Scalar};
use alloc::vec::Vec;

/// Partial sums carried between chunks: the dalek side and the engine side.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Partial {
    pub dalek: RistrettoPoint,
    pub engine: EngineSum,
}

impl Default for Partial {
    fn default() -> Self {
        Partial {
            dalek: RistrettoPoint::default(),
            engine: engine::identity(),
        }
    }
}

impl Partial {
    /// Multiplies out `dynamic` and adds it in; false if a pair of lists differ in length.
    // Variable-time: verification scalars and points are public.
    pub fn add(&mut self, exec: &Executor, dynamic: &DynamicTerms) -> bool {
        let points: Vec<&RistrettoPoint> = dynamic.points.iter().collect();
        let Some(d) = exec.vartime_msm(&dynamic.scalars, &points) else {
            return false;
        };
        self.dalek += d;
        if !dynamic.engine_points.is_empty() {
            let Some(e) = exec.vartime_msm_engine(&dynamic.engine_scalars, &dynamic.engine_points)
            else {
                return false;
            };
            self.engine = self.engine.add(&e);
        }
        true
    }
}

/// True when `fixed + dynamic + partial` is the identity. `engine_gens`: the engine's copy of
/// the generators, if there is one.
pub(crate) fn holds(
    exec: &Executor,
    fixed: &mut FixedAccumulator,
    dynamic: DynamicTerms,
    mut partial: Partial,
    pc_gens: &PedersenGens,
    bp_gens: &BulletproofGens,
    engine_gens: Option<&EngineGens>,
) -> bool {
    let (other_scalars, other_points) = fixed.other_terms();
    let DynamicTerms {
        mut scalars,
        points,
        mut engine_scalars,
        mut engine_points,
    } = dynamic;
    let mut dalek_points: Vec<&RistrettoPoint> = Vec::with_capacity(points.len());
    let on_engine = match engine_gens {
        Some(gens) if !engine_points.is_empty() => fixed.engine_terms(gens),
        _ => None,
    };
    let mut fixed_scalars: Vec<Scalar> = Vec::new();
    match on_engine {
        Some((s, p)) => {
            engine_scalars.extend(s);
            engine_points.extend(p);
        }
        None => match fixed.terms(pc_gens, bp_gens) {
            Some((s, p)) => {
                fixed_scalars = s;
                dalek_points = p;
            }
            None => return false,
        },
    }
    fixed_scalars.append(&mut scalars);
    dalek_points.extend(points.iter());
    fixed_scalars.extend(other_scalars);
    dalek_points.extend(other_points.iter());
    let merged = DynamicTerms {
        scalars: Vec::new(),
        points: Vec::new(),
        engine_scalars,
        engine_points,
    };
    // Variable-time: verification scalars and points are public.
    let Some(d) = exec.vartime_msm(&fixed_scalars, &dalek_points) else {
        return false;
    };
    partial.dalek += d;
    if !partial.add(exec, &merged) {
        return false;
    }
    engine::sum_is_zero(&partial.dalek, &partial.engine)
}
