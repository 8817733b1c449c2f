//! The verifier: replays the transcript and checks every equation of the notes ("Verification")
//! with one variable-time multiscalar multiplication — every input of a verifier is public.

use super::recorded::Circuit;
use super::recorder::finish;
use super::system::{draw_challenge, System};
use super::transcript::{append_point, bind_statement, generators_digest};
use super::{CircuitError, CircuitProof, ConstraintSystem, RandomizableConstraintSystem, Variable};
use crate::equation::scalar::Mont;
use crate::errors::Error;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::encoding::Point;
use crate::group::{msm, CompressedRistretto, RistrettoPoint, Scalar};
use crate::transcript::TranscriptProtocol;
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

    /// Records the second phase and verifies `proof`.
    pub fn verify(
        self,
        proof: &CircuitProof,
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
    ) -> Result<(), Error> {
        let circuit = finish(self.sys)?;
        circuit.verify(self.transcript, proof, &self.commitments, pc_gens, bp_gens)
    }

    /// Records the second phase and returns the circuit and the commitments, without verifying
    /// (for batches).
    pub fn into_statement(self) -> Result<(Circuit, Vec<CompressedRistretto>), Error> {
        Ok((finish(self.sys)?, self.commitments))
    }
}

/// Everything the transcript yields for one proof.
pub(crate) struct Replay {
    pub challenges: Vec<Scalar>,
    pub y: Scalar,
    pub z: Scalar,
    pub u: Scalar,
    pub x: Scalar,
    pub w: Scalar,
    pub c: Scalar,
    pub u_ipp: Vec<Scalar>,
    /// 32 bytes binding the whole transcript (for deterministic batch weights).
    pub binding: [u8; 32],
}

/// The verification equation of one proof times a weight: scalars of the fixed generators
/// (`B`, `B̃`, `G₀…`, `H₀…`) and the proof's own points with theirs.
pub(crate) struct CircuitEquation {
    pub b: Scalar,
    pub b_blinding: Scalar,
    pub g: Vec<Scalar>,
    pub h: Vec<Scalar>,
    pub dynamic_scalars: Vec<Scalar>,
    pub dynamic_points: Vec<RistrettoPoint>,
}

impl Circuit {
    /// Verifies `proof` for this circuit and `commitments` (one multiscalar multiplication).
    pub fn verify(
        &self,
        transcript: &mut Transcript,
        proof: &CircuitProof,
        commitments: &[CompressedRistretto],
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
    ) -> Result<(), Error> {
        let eq = self.equation(transcript, proof, commitments, pc_gens, Scalar::ONE)?;
        let padded = self.padded_multipliers();
        let (g, h) = bp_gens.party(0, padded).ok_or(Error::GeneratorsTooSmall {
            needed: padded,
            available: bp_gens.gens_capacity(),
        })?;
        let CircuitEquation {
            b,
            b_blinding,
            g: g_scalars,
            h: h_scalars,
            dynamic_scalars,
            dynamic_points,
        } = eq;
        let points: Vec<&RistrettoPoint> = core::iter::once(pc_gens.b())
            .chain(core::iter::once(pc_gens.b_blinding()))
            .chain(g.iter())
            .chain(h.iter())
            .chain(dynamic_points.iter())
            .collect();
        let mut scalars = Vec::with_capacity(points.len());
        scalars.push(b);
        scalars.push(b_blinding);
        scalars.extend(g_scalars);
        scalars.extend(h_scalars);
        scalars.extend(dynamic_scalars);
        // Variable-time: every scalar and point of a verifier is public.
        let check = msm::vartime_slices(&scalars, &points).ok_or(Error::VerificationFailed)?;
        if check == RistrettoPoint::default() {
            Ok(())
        } else {
            Err(Error::VerificationFailed)
        }
    }

    /// Replays the transcript for `proof`.
    pub(crate) fn replay(
        &self,
        transcript: &mut Transcript,
        proof: &CircuitProof,
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
        if self.has_phase_two_commitments() != proof.has_phase_two() {
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
        append_point(transcript, b"A_I1", &proof.a_i1.compressed)?;
        append_point(transcript, b"A_O1", &proof.a_o1.compressed)?;
        append_point(transcript, b"S1", &proof.s1.compressed)?;
        let challenges = self
            .challenge_labels
            .iter()
            .map(|l| draw_challenge(transcript, l))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some([a_i2, a_o2, s2]) = &proof.phase_two {
            append_point(transcript, b"A_I2", &a_i2.compressed)?;
            append_point(transcript, b"A_O2", &a_o2.compressed)?;
            append_point(transcript, b"S2", &s2.compressed)?;
        }
        let y = nonzero(transcript.challenge_scalar(b"y"))?;
        let z = nonzero(transcript.challenge_scalar(b"z"))?;
        let [t1, t3, t4, t5, t6] = &proof.t;
        append_point(transcript, b"T_1", &t1.compressed)?;
        append_point(transcript, b"T_3", &t3.compressed)?;
        append_point(transcript, b"T_4", &t4.compressed)?;
        append_point(transcript, b"T_5", &t5.compressed)?;
        append_point(transcript, b"T_6", &t6.compressed)?;
        let u = nonzero(transcript.challenge_scalar(b"u"))?;
        let x = nonzero(transcript.challenge_scalar(b"x"))?;
        transcript.append_scalar(b"t_x", &proof.t_x);
        transcript.append_scalar(b"t_x_blinding", &proof.t_x_blinding);
        transcript.append_scalar(b"e_blinding", &proof.e_blinding);
        let w = nonzero(transcript.challenge_scalar(b"w"))?;
        let lr: Vec<CompressedRistretto> = proof
            .ipp
            .l_vec
            .iter()
            .zip(&proof.ipp.r_vec)
            .flat_map(|(l, r)| [l.compressed, r.compressed])
            .collect();
        let mut u_ipp = alloc::vec![Scalar::ZERO; rounds];
        crate::inner_product::replay(&lr, padded, transcript, &mut u_ipp)?;
        // The weight combining the two checks, from the whole transcript on a copy.
        let mut wt = transcript.clone();
        wt.append_message(b"dom-sep", b"bpkit circuit weight v1");
        wt.append_scalar(b"a", &proof.ipp.a);
        wt.append_scalar(b"b", &proof.ipp.b);
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
        proof: &CircuitProof,
        commitments: &[CompressedRistretto],
        pc_gens: &PedersenGens,
        rho: Scalar,
    ) -> Result<CircuitEquation, Error> {
        let rp = self.replay(transcript, proof, commitments, pc_gens)?;
        self.equation_from(&rp, proof, commitments, rho)
    }

    /// [`Circuit::equation`] from an already replayed transcript.
    pub(crate) fn equation_from(
        &self,
        rp: &Replay,
        proof: &CircuitProof,
        commitments: &[CompressedRistretto],
        rho: Scalar,
    ) -> Result<CircuitEquation, Error> {
        let padded = self.padded_multipliers();
        let n1 = self.phase_one_multipliers;
        let two_phases = self.has_phase_two_commitments();
        let wts = self
            .weights(&rp.z, &rp.challenges, padded)
            .ok_or(Error::VerificationFailed)?;
        let (x, y, u, w, r) = (rp.x, rp.y, rp.u, rp.w, rp.c);
        let (a, b) = (proof.ipp.a, proof.ipp.b);

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
        let mut g = Vec::with_capacity(padded);
        let mut h = Vec::with_capacity(padded);
        let (x_m, a_m, b_m, y_inv_m, one) = (m(&x), m(&a), m(&b), m(&y_inv), m(&Scalar::ONE));
        let (rho_1, rho_u) = (m(&rho), m(&(rho * u)));
        let mut delta = Mont::ZERO;
        let mut y_inv_i = one;
        for i in 0..padded {
            let ru = if two_phases && i >= n1 { rho_u } else { rho_1 };
            let (wl, wr, wo) = (
                m(&wts.w_l.get(i).copied().unwrap_or_default()),
                m(&wts.w_r.get(i).copied().unwrap_or_default()),
                m(&wts.w_o.get(i).copied().unwrap_or_default()),
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
        let delta = delta.to_scalar();

        let w_v = wts.w_v;
        let w_c = wts.w_c;
        drop((wts.w_l, wts.w_r, wts.w_o, s));
        let rx2 = r * x2;
        let mut dynamic_scalars = Vec::new();
        let mut dynamic_points = Vec::new();
        let mut push = |s: Scalar, p: &RistrettoPoint| {
            dynamic_scalars.push(rho * s);
            dynamic_points.push(*p);
        };
        push(x, &proof.a_i1.point);
        push(x2, &proof.a_o1.point);
        push(x3, &proof.s1.point);
        if let Some([a_i2, a_o2, s2]) = &proof.phase_two {
            push(u * x, &a_i2.point);
            push(u * x2, &a_o2.point);
            push(u * x3, &s2.point);
        }
        for (j, v) in commitments.iter().enumerate() {
            let p = Point::decode(&v.0, 0).map_err(|_| Error::InvalidCommitment { index: j })?;
            push(rx2 * w_v.get(j).copied().unwrap_or_default(), &p.point);
        }
        let x4 = x3 * x;
        let x5 = x4 * x;
        let x6 = x5 * x;
        for (e, t) in [x, x3, x4, x5, x6].into_iter().zip(&proof.t) {
            push(r * e, &t.point);
        }
        for ((l, rr), (u_j, u_j_inv)) in proof
            .ipp
            .l_vec
            .iter()
            .zip(&proof.ipp.r_vec)
            .zip(rp.u_ipp.iter().zip(u_inv))
        {
            push(u_j * u_j, &l.point);
            push(u_j_inv * u_j_inv, &rr.point);
        }
        let b_scalar = w * (proof.t_x - a * b) + r * (x2 * (w_c + delta) - proof.t_x);
        let b_blinding = -proof.e_blinding - r * proof.t_x_blinding;
        Ok(CircuitEquation {
            b: rho * b_scalar,
            b_blinding: rho * b_blinding,
            g,
            h,
            dynamic_scalars,
            dynamic_points,
        })
    }
}

fn nonzero(c: Scalar) -> Result<Scalar, Error> {
    if c == Scalar::ZERO {
        Err(CircuitError::ZeroChallenge.into())
    } else {
        Ok(c)
    }
}

super::system::delegate_constraint_system!(Verifier<'_>, unassigned);

impl RandomizableConstraintSystem for Verifier<'_> {
    type RandomizedCS = System;

    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), CircuitError>
    where
        F: 'static + Send + Sync + Fn(&mut Self::RandomizedCS) -> Result<(), CircuitError>,
    {
        self.sys.specify_randomized_constraints(callback)
    }
}
