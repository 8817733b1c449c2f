//! The recorder: runs a circuit's gadgets without values and keeps the rows of both phases, with
//! phase-2 challenges as symbols. The verifier is a recorder plus the proof check.

use crate::circuit::constraint_system::system::System;
use crate::circuit::{
    Circuit, CircuitError, ConstraintSystem, RandomizableConstraintSystem, Variable,
};

/// Records a circuit as data ([`Circuit`]): for digests, JSON descriptions and verifiers that
/// receive the circuit rather than run its gadgets.
pub struct Recorder {
    sys: System,
}

impl Default for Recorder {
    fn default() -> Self {
        Recorder::new()
    }
}

impl core::fmt::Debug for Recorder {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Recorder")
            .field("metrics", &self.sys.metrics())
            .finish_non_exhaustive()
    }
}

impl Recorder {
    /// An empty recorder.
    pub fn new() -> Self {
        Recorder {
            sys: System::recording(),
        }
    }

    /// A new committed variable (the `i`-th commitment `V_i`).
    pub fn commit(&mut self) -> Variable {
        self.sys.commit_variable(None)
    }

    /// Runs the second phase symbolically and returns the whole circuit.
    pub fn into_circuit(self) -> Result<Circuit, CircuitError> {
        finish(self.sys)
    }

    /// [`Self::into_circuit`] without the digest (left zero): only for
    /// [`crate::circuit::PreparedCircuit::from_recorder`], which computes it beside the packing.
    pub(crate) fn into_unsealed_circuit(self) -> Result<Circuit, CircuitError> {
        finish_unsealed(self.sys)
    }
}

/// Ends a recording system: runs the phase-2 callbacks with symbolic challenges.
pub(crate) fn finish(sys: System) -> Result<Circuit, CircuitError> {
    Ok(finish_unsealed(sys)?.seal())
}

/// [`finish`] without the digest.
fn finish_unsealed(mut sys: System) -> Result<Circuit, CircuitError> {
    let callbacks = sys.take_callbacks();
    sys.begin_phase_two(None);
    sys.run_phase_two(&callbacks)?;
    if let Some(e) = sys.error() {
        return Err(e);
    }
    let (n1, q1) = sys.phase_one().unwrap_or((sys.num_multipliers(), 0));
    Ok(Circuit {
        num_commitments: sys.num_commitments(),
        phase_one_multipliers: n1,
        multipliers: sys.num_multipliers(),
        phase_one_rows: q1,
        challenge_labels: sys.challenge_labels().to_vec(),
        rows: sys.take_rows(),
        digest: [0; 32],
    })
}

crate::circuit::constraint_system::system::delegate_constraint_system!(Recorder, unassigned);

impl RandomizableConstraintSystem for Recorder {
    type RandomizedCS = System;

    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), CircuitError>
    where
        F: 'static + Send + Sync + Fn(&mut Self::RandomizedCS) -> Result<(), CircuitError>,
    {
        self.sys.specify_randomized_constraints(callback)
    }
}
