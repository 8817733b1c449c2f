//! The verifier: replays the transcript and checks every equation of the notes ("Verification")
//! with one variable-time multiscalar multiplication — every input of a verifier is public.

use super::batched::CircuitRef;
use super::check::{self, ProofInput};
use super::equation::{CircuitEquation, Replay};
use crate::circuit::constraint_system::system::{draw_challenge, System};
use crate::circuit::proof::transcript::{append_point, bind_statement, generators_digest};
use crate::circuit::record::circuit::Circuit;
use crate::circuit::record::recorder::finish;
use crate::circuit::record::weights::MontWeights;
use crate::circuit::EncodedProof;
use crate::circuit::{
    CircuitError, CircuitProof, ConstraintSystem, RandomizableConstraintSystem, Variable,
};
use crate::equation::scalar::Mont;
use crate::errors::Error;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::{CompressedRistretto, Scalar};
use crate::transcript::TranscriptProtocol;
use crate::util::scalars::scalar_pow;
use alloc::vec::Vec;
use merlin::Transcript;

/// Verifies a circuit proof: gadgets run on it without values (it records the rows), then
/// [`Verifier::verify`] checks the proof against the recorded circuit.
pub struct Verifier<'t> {
    sys: System,
    transcript: &'t mut Transcript,
    commitments: Vec<CompressedRistretto>,
}

impl core::fmt::Debug for Verifier<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Verifier")
            .field("metrics", &self.sys.metrics())
            .finish_non_exhaustive()
    }
}

impl<'t> Verifier<'t> {
    /// A verifier reading from `transcript` (with the same caller context as the prover's).
    pub fn new(transcript: &'t mut Transcript) -> Self {
        Verifier {
            sys: System::recording(),
            transcript,
            commitments: Vec::new(),
        }
    }

    /// The variable that stands for the value committed in `commitment`.
    pub fn commit(&mut self, commitment: CompressedRistretto) -> Variable {
        self.commitments.push(commitment);
        self.sys.commit_variable(None)
    }

    /// Records the second phase and verifies `proof` (as [`Circuit::verify`]; the recorded rows
    /// are dropped before the multiscalar multiplication).
    pub fn verify(
        self,
        proof: &CircuitProof,
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
    ) -> Result<(), Error> {
        let circuit = finish(self.sys)?;
        let padded = circuit.padded_multipliers();
        let (enc, points) = ProofInput::Parsed(proof).decode(check::choose_single(padded))?;
        let eq = circuit.equation(
            self.transcript,
            &enc,
            &self.commitments,
            pc_gens,
            Scalar::ONE,
        )?;
        drop(circuit);
        check::finish(
            padded,
            eq,
            points,
            &enc.points,
            &self.commitments,
            pc_gens,
            bp_gens,
            false,
        )
    }

    /// Records the second phase and returns the circuit and the commitments, without verifying
    /// (for batches).
    pub fn into_statement(self) -> Result<(Circuit, Vec<CompressedRistretto>), Error> {
        Ok((finish(self.sys)?, self.commitments))
    }
}

impl Circuit {
    /// Verifies `proof` for this circuit and `commitments` (one multiscalar multiplication:
    /// curve25519-dalek's, or from [`super::ENGINE_MIN_MULTIPLIERS`] (padded) multipliers on, with the
    /// `std` feature, bpkit's verification engine over the cached default generators once they
    /// are converted — by [`crate::generators::shared_engine`] or a batch; this call does not
    /// convert them, see [`crate::generators::engine_ready`]).
    pub fn verify(
        &self,
        transcript: &mut Transcript,
        proof: &CircuitProof,
        commitments: &[CompressedRistretto],
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
    ) -> Result<(), Error> {
        let path = check::choose_single(self.padded_multipliers());
        CircuitRef::Recorded(self).verify_on(
            path,
            transcript,
            ProofInput::Parsed(proof),
            commitments,
            pc_gens,
            bp_gens,
        )
    }

    /// Verifies an encoded proof: the same answer and the same errors as
    /// [`CircuitProof::from_bytes`] followed by [`Circuit::verify`]. Where the verification
    /// engine is used, the bytes are parsed without curve25519-dalek and the proof's points
    /// decoded by the engine in one batch.
    pub fn verify_bytes(
        &self,
        transcript: &mut Transcript,
        proof: &[u8],
        commitments: &[CompressedRistretto],
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
    ) -> Result<(), Error> {
        let path = check::choose_single(self.padded_multipliers());
        CircuitRef::Recorded(self).verify_on(
            path,
            transcript,
            ProofInput::Bytes(proof),
            commitments,
            pc_gens,
            bp_gens,
        )
    }

    /// Replays the transcript for `proof`.
    pub(crate) fn replay(
        &self,
        transcript: &mut Transcript,
        proof: &EncodedProof,
        commitments: &[CompressedRistretto],
        pc_gens: &PedersenGens,
    ) -> Result<Replay, Error> {
        let padded = self.padded_multipliers();
        let rounds = proof.rounds();
        if 1usize.checked_shl(rounds as u32) != Some(padded) {
            return Err(Error::SizeMismatch {
                proof: 1usize.checked_shl(rounds as u32).unwrap_or(0),
                statement: padded,
            });
        }
        if self.has_phase_two_commitments() != proof.phase_two {
            return Err(Error::VerificationFailed);
        }
        if commitments.len() != self.num_commitments {
            return Err(CircuitError::WrongCommitmentCount {
                expected: self.num_commitments,
                found: commitments.len(),
            }
            .into());
        }
        bind_statement(transcript, self, commitments, &generators_digest(pc_gens));
        for (label, p) in [&b"A_I1"[..], b"A_O1", b"S1"]
            .into_iter()
            .zip(proof.phase_one())
        {
            append_point(transcript, label, p)?;
        }
        let challenges = self
            .challenge_labels
            .iter()
            .map(|l| draw_challenge(transcript, l))
            .collect::<Result<Vec<_>, _>>()?;
        for (label, p) in [&b"A_I2"[..], b"A_O2", b"S2"]
            .into_iter()
            .zip(proof.phase_two_points())
        {
            append_point(transcript, label, p)?;
        }
        let y = nonzero(transcript.challenge_scalar(b"y"))?;
        let z = nonzero(transcript.challenge_scalar(b"z"))?;
        for (label, p) in [&b"T_1"[..], b"T_3", b"T_4", b"T_5", b"T_6"]
            .into_iter()
            .zip(proof.t())
        {
            append_point(transcript, label, p)?;
        }
        let u = nonzero(transcript.challenge_scalar(b"u"))?;
        let x = nonzero(transcript.challenge_scalar(b"x"))?;
        transcript.append_scalar(b"t_x", &proof.t_x);
        transcript.append_scalar(b"t_x_blinding", &proof.t_x_blinding);
        transcript.append_scalar(b"e_blinding", &proof.e_blinding);
        let w = nonzero(transcript.challenge_scalar(b"w"))?;
        let mut u_ipp = alloc::vec![Scalar::ZERO; rounds];
        crate::inner_product::replay(proof.lr(), padded, transcript, &mut u_ipp)?;
        // The weight combining the two checks, from the whole transcript on a copy.
        let mut wt = transcript.clone();
        wt.append_message(b"dom-sep", b"bpkit circuit weight v1");
        wt.append_scalar(b"a", &proof.a);
        wt.append_scalar(b"b", &proof.b);
        let c = nonzero(wt.challenge_scalar(b"c"))?;
        let mut binding = [0u8; 32];
        wt.challenge_bytes(b"batch binding", &mut binding);
        Ok(Replay {
            challenges,
            y,
            z,
            u,
            x,
            w,
            c,
            u_ipp,
            binding,
        })
    }

    /// The proof's verification equation times `rho` (notes: "Verification").
    pub(crate) fn equation(
        &self,
        transcript: &mut Transcript,
        proof: &EncodedProof,
        commitments: &[CompressedRistretto],
        pc_gens: &PedersenGens,
        rho: Scalar,
    ) -> Result<CircuitEquation, Error> {
        let rp = self.replay(transcript, proof, commitments, pc_gens)?;
        self.equation_from(&rp, proof, rho)
    }

    /// [`Circuit::equation`] from an already replayed transcript.
    pub(crate) fn equation_from(
        &self,
        rp: &Replay,
        proof: &EncodedProof,
        rho: Scalar,
    ) -> Result<CircuitEquation, Error> {
        let wts = mont_weights(self, &rp.z, &rp.challenges, self.padded_multipliers())
            .ok_or(Error::VerificationFailed)?;
        self.equation_with(rp, proof, rho, wts)
    }

    /// [`Circuit::equation_from`] with the weights already computed (a
    /// [`super::PreparedCircuit`] computes them from its compact rows).
    pub(crate) fn equation_with(
        &self,
        rp: &Replay,
        proof: &EncodedProof,
        rho: Scalar,
        wts: MontWeights,
    ) -> Result<CircuitEquation, Error> {
        let padded = self.padded_multipliers();
        let n1 = self.phase_one_multipliers;
        let two_phases = self.has_phase_two_commitments();
        let (x, y, u, w, r) = (rp.x, rp.y, rp.u, rp.w, rp.c);
        let (a, b) = (proof.a, proof.b);

        // Inverses of y and of the u_j, in one batch inversion.
        let mut inv: Vec<Scalar> = core::iter::once(y)
            .chain(rp.u_ipp.iter().copied())
            .collect();
        let _ = Scalar::invert_batch_alloc(&mut inv);
        let y_inv = inv.first().copied().unwrap_or_default();
        let u_inv = inv.get(1..).unwrap_or(&[]);

        // Montgomery-form arithmetic for the per-generator loops (dalek's `Scalar` unpacks and
        // packs its operands at every operation).
        let m = |v: &Scalar| Mont::from_scalar(v);
        // sᵢ = Π_j u_j^{±1} (bit j of i, most significant round first), in n multiplications.
        let k = rp.u_ipp.len();
        let u_sq: Vec<Mont> = rp.u_ipp.iter().map(|u_j| m(&(u_j * u_j))).collect();
        let mut s: Vec<Mont> = Vec::with_capacity(padded);
        s.push(m(&u_inv.iter().product::<Scalar>()));
        for i in 1..padded {
            let lg_i = i.ilog2() as usize;
            let step = 1usize << lg_i;
            let u_j_sq = u_sq
                .get(k.saturating_sub(1).saturating_sub(lg_i))
                .copied()
                .unwrap_or_default();
            let prev = s.get(i.saturating_sub(step)).copied().unwrap_or_default();
            s.push(prev.mul(&u_j_sq));
        }

        let x2 = x * x;
        let x3 = x2 * x;
        let (x_m, a_m, b_m, y_inv_m, one) = (m(&x), m(&a), m(&b), m(&y_inv), m(&Scalar::ONE));
        let (rho_1, rho_u) = (m(&rho), m(&(rho * u)));
        // gᵢ, hᵢ and δ's terms for i in `range`, starting from y⁻ⁱ at its first index.
        let part = |range: core::ops::Range<usize>| {
            let mut g = Vec::with_capacity(range.len());
            let mut h = Vec::with_capacity(range.len());
            let mut delta = Mont::ZERO;
            let mut y_inv_i = m(&scalar_pow(&y_inv, range.start as u64));
            for i in range {
                let ru = if two_phases && i >= n1 { rho_u } else { rho_1 };
                let (wl, wr, wo) = (
                    wts.w_l.get(i).copied().unwrap_or_default(),
                    wts.w_r.get(i).copied().unwrap_or_default(),
                    wts.w_o.get(i).copied().unwrap_or_default(),
                );
                let s_i = s.get(i).copied().unwrap_or_default();
                let s_inv_i = s
                    .get(padded.saturating_sub(1).saturating_sub(i))
                    .copied()
                    .unwrap_or_default();
                let y_inv_wr = y_inv_i.mul(&wr);
                delta = delta.add(&y_inv_wr.mul(&wl));
                let g_i = x_m.mul(&y_inv_wr).sub(&a_m.mul(&s_i));
                let h_i = y_inv_i
                    .mul(&x_m.mul(&wl).add(&wo).sub(&b_m.mul(&s_inv_i)))
                    .sub(&one);
                g.push(ru.mul(&g_i).to_scalar());
                h.push(ru.mul(&h_i).to_scalar());
                y_inv_i = y_inv_i.mul(&y_inv_m);
            }
            (g, h, delta)
        };
        // Two halves side by side for large circuits (feature `parallel`; the same values).
        let (g, h, delta) = if padded >= PARALLEL_GENERATORS_MIN {
            let half = padded / 2;
            let ((mut g, mut h, d1), (g2, h2, d2)) =
                crate::util::par::join(|| part(0..half), || part(half..padded));
            g.extend(g2);
            h.extend(h2);
            (g, h, d1.add(&d2))
        } else {
            part(0..padded)
        };
        let delta = delta.to_scalar();

        let w_v = wts.w_v;
        let w_c = wts.w_c;
        drop((wts.w_l, wts.w_r, wts.w_o, s));
        let rx2 = r * x2;
        // On the proof's points in wire order: A_I1, A_O1, S1, (A_I2, A_O2, S2,) T_1, T_3 … T_6,
        // L_1, R_1, …
        let mut proof_scalars = Vec::with_capacity(proof.points.len());
        proof_scalars.extend([x, x2, x3].map(|e| rho * e));
        if proof.phase_two {
            proof_scalars.extend([x, x2, x3].map(|e| rho * u * e));
        }
        let x4 = x3 * x;
        let x5 = x4 * x;
        let x6 = x5 * x;
        proof_scalars.extend([x, x3, x4, x5, x6].map(|e| rho * r * e));
        for (u_j, u_j_inv) in rp.u_ipp.iter().zip(u_inv) {
            proof_scalars.push(rho * u_j * u_j);
            proof_scalars.push(rho * u_j_inv * u_j_inv);
        }
        if proof_scalars.len() != proof.points.len() {
            return Err(Error::VerificationFailed);
        }
        let commitment_scalars = w_v.iter().map(|w| rho * rx2 * w).collect();
        let b_scalar = w * (proof.t_x - a * b) + r * (x2 * (w_c + delta) - proof.t_x);
        let b_blinding = -proof.e_blinding - r * proof.t_x_blinding;
        Ok(CircuitEquation {
            b: rho * b_scalar,
            b_blinding: rho * b_blinding,
            g,
            h,
            proof_scalars,
            commitment_scalars,
        })
    }
}

/// Padded multipliers from which the verifier computes the `G`, `H` scalars in two halves,
/// side by side where the pool has two threads (each half about 2 ms at this size).
const PARALLEL_GENERATORS_MIN: usize = 1 << 12;

fn mont_weights(
    circuit: &Circuit,
    z: &Scalar,
    challenges: &[Scalar],
    padded: usize,
) -> Option<MontWeights> {
    let z_m = Mont::from_scalar(z);
    let challenges: Vec<Mont> = challenges.iter().map(Mont::from_scalar).collect();
    let mut w_l = alloc::vec![Mont::ZERO; padded];
    let mut w_r = alloc::vec![Mont::ZERO; padded];
    let mut w_o = alloc::vec![Mont::ZERO; padded];
    let mut w_v = alloc::vec![Mont::ZERO; circuit.num_commitments];
    let mut w_c = Mont::ZERO;
    let mut z_q = z_m;
    for row in &circuit.rows {
        for t in row.terms() {
            let mut c = Mont::from_scalar(&t.coefficient).mul(&z_q);
            if let Some(x) = t.challenge {
                c = c.mul(challenges.get(x.0)?);
            }
            let add = |e: &mut Mont| *e = e.add(&c);
            match t.variable {
                Variable::MultiplierLeft(i) => add(w_l.get_mut(i)?),
                Variable::MultiplierRight(i) => add(w_r.get_mut(i)?),
                Variable::MultiplierOutput(i) => add(w_o.get_mut(i)?),
                Variable::Committed(j) => {
                    let e = w_v.get_mut(j)?;
                    *e = e.sub(&c);
                }
                Variable::One => w_c = w_c.sub(&c),
            }
        }
        z_q = z_q.mul(&z_m);
    }
    Some(MontWeights {
        w_l,
        w_r,
        w_o,
        w_v: w_v.into_iter().map(Mont::to_scalar).collect(),
        w_c: w_c.to_scalar(),
    })
}

fn nonzero(c: Scalar) -> Result<Scalar, Error> {
    if c == Scalar::ZERO {
        Err(CircuitError::ZeroChallenge.into())
    } else {
        Ok(c)
    }
}

crate::circuit::constraint_system::system::delegate_constraint_system!(Verifier<'_>, unassigned);

impl RandomizableConstraintSystem for Verifier<'_> {
    type RandomizedCS = System;

    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), CircuitError>
    where
        F: 'static + Send + Sync + Fn(&mut Self::RandomizedCS) -> Result<(), CircuitError>,
    {
        self.sys.specify_randomized_constraints(callback)
    }
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        clippy::arithmetic_side_effects,
        clippy::indexing_slicing
    )]
    use super::*;
    use crate::circuit::{Challenge, LinearCombination};

    #[test]
    fn montgomery_weights_match_the_flattening() {
        let s = |x: u64| Scalar::from(x) * Scalar::from(0x1234_5678_9abc_def1u64).invert();
        let row = |terms: &[(Variable, u64)]| -> LinearCombination {
            terms.iter().map(|&(v, x)| (v, s(x))).collect()
        };
        let phase_one = [
            row(&[
                (Variable::MultiplierLeft(0), 3),
                (Variable::MultiplierRight(1), 5),
                (Variable::MultiplierOutput(0), 7),
                (Variable::Committed(0), 2),
                (Variable::One, 11),
            ]),
            row(&[
                (Variable::MultiplierLeft(1), 13),
                (Variable::Committed(1), 17),
                (Variable::MultiplierLeft(0), 19),
            ]),
        ];
        let phase_two = [
            row(&[(Variable::MultiplierLeft(2), 23), (Variable::One, 29)])
                .times_challenge(Challenge(1))
                .plus(row(&[(Variable::MultiplierOutput(2), 31)])),
            LinearCombination::from(Variable::MultiplierRight(2))
                .times_challenge(Challenge(0))
                .plus(row(&[(Variable::Committed(0), 37)])),
        ];
        let rows: Vec<LinearCombination> = phase_one.into_iter().chain(phase_two).collect();
        let circuit =
            Circuit::new(2, 2, 3, rows, 2, alloc::vec![b"a".to_vec(), b"b".to_vec()]).unwrap();
        let (z, challenges) = (s(41), [s(43), s(47)]);
        let dalek = circuit.weights(&z, &challenges, 4).unwrap();
        let mont = mont_weights(&circuit, &z, &challenges, 4).unwrap();
        let back = |v: &[Mont]| v.iter().map(|x| x.to_scalar()).collect::<Vec<_>>();
        assert_eq!(back(&mont.w_l), dalek.w_l);
        assert_eq!(back(&mont.w_r), dalek.w_r);
        assert_eq!(back(&mont.w_o), dalek.w_o);
        assert_eq!(mont.w_v, dalek.w_v);
        assert_eq!(mont.w_c, dalek.w_c);
        // Nonzero where terms are, so the comparison could fail.
        assert!(dalek.w_l[..3].iter().all(|w| *w != Scalar::ZERO));
        assert!(dalek.w_v.iter().all(|w| *w != Scalar::ZERO) && dalek.w_c != Scalar::ZERO);
        // A missing challenge is refused, as by the dalek flattening.
        assert!(mont_weights(&circuit, &z, &challenges[..1], 4).is_none());
        assert!(circuit.weights(&z, &challenges[..1], 4).is_none());
    }
}
