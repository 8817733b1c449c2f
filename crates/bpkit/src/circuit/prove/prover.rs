//! The prover: the constraint system with the assignment, then the protocol of the notes
//! ("Proving"), constant-time in the witness.
//!
//! Timing: commitments to secret vectors (`A_I`, `A_O`, `S`) and to the polynomial coefficients
//! (`T_i`) use constant-time multiplication. The inner-product argument runs variable-time
//! multiscalar multiplications over `l(x), r(x)`: both are blinded by the uniformly random
//! `s_L·x³`, `s_R·x³` terms (as in the range proof), and the argument reveals `l(x), r(x)` up to
//! that blinding anyway. Refusing an unsatisfied assignment reveals only that it is unsatisfied.

use crate::circuit::constraint_system::system::System;
use crate::circuit::proof::transcript::{append_point, bind_statement, generators_digest};
use crate::circuit::Circuit;
use crate::circuit::{
    CircuitError, CircuitProof, ConstraintSystem, RandomizableConstraintSystem, Variable,
};
use crate::errors::Error;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::encoding::Point;
use crate::group::{msm, CompressedRistretto, RistrettoPoint, Scalar};
use crate::inner_product;
use crate::transcript::{RngAdapter, TranscriptProtocol};
use crate::util::par;
use crate::util::scalars::inner_product as ip;
use alloc::vec::Vec;
use curve25519_dalek::traits::Identity;
use merlin::{Transcript, TranscriptRng};
use zeroize::Zeroize;

use super::polys;

/// Proves that committed values satisfy a circuit.
///
/// Gadgets run on it like on any [`ConstraintSystem`]; [`Prover::commit`] makes the commitments
/// `V_j = v_j·B + ṽ_j·B̃` with the range proofs' generators, and [`Prover::prove`] runs the second
/// phase and makes the proof.
pub struct Prover<'t, 'g> {
    sys: System,
    transcript: &'t mut Transcript,
    pc_gens: &'g PedersenGens,
    v_blinding: Vec<Scalar>,
    commitments: Vec<CompressedRistretto>,
}

impl Drop for Prover<'_, '_> {
    fn drop(&mut self) {
        self.v_blinding.zeroize();
    }
}

impl core::fmt::Debug for Prover<'_, '_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Prover")
            .field("metrics", &self.sys.metrics())
            .finish_non_exhaustive()
    }
}

/// Draws a uniform scalar from the hedged nonce RNG.
fn random_scalar(rng: &mut TranscriptRng) -> Scalar {
    use rand_core_06::RngCore;
    let mut wide = [0u8; 64];
    rng.fill_bytes(&mut wide);
    let s = Scalar::from_bytes_mod_order_wide(&wide);
    wide.zeroize();
    s
}

/// Points per constant-time multiscalar multiplication: its tables cost about 1.3 KiB per
/// point, so long vectors go in chunks (the 252 doublings per chunk are about 3% at this size).
/// Chunks whose tables stay in cache are also faster: at 2¹⁶ points, chunks of 512 took 0.8× the
/// time of one multiplication over all points (2 vCPU Zen3, AVX2, loaded; 256 … 4096 within 10%).
const CT_CHUNK: usize = 512;

/// `Σ sᵢ·Pᵢ` in constant time, in chunks of [`CT_CHUNK`] points (bounded memory); the pairs may
/// come from several vectors (`G` and `H` share chunks, so small vectors pay one set of
/// doublings).
fn constant_time_chunked<'a>(
    pairs: impl Iterator<Item = (&'a Scalar, &'a RistrettoPoint)>,
) -> RistrettoPoint {
    let mut acc = RistrettoPoint::identity();
    let mut scalars: Vec<Scalar> = Vec::with_capacity(CT_CHUNK);
    let mut points: Vec<&RistrettoPoint> = Vec::with_capacity(CT_CHUNK);
    let mut flush = |scalars: &mut Vec<Scalar>, points: &mut Vec<&RistrettoPoint>| {
        acc +=
            msm::constant_time(scalars.iter().copied(), points.iter().copied()).unwrap_or_default();
        scalars.iter_mut().for_each(Zeroize::zeroize);
        scalars.clear();
        points.clear();
    };
    for (s, p) in pairs {
        scalars.push(*s);
        points.push(p);
        if scalars.len() >= CT_CHUNK {
            flush(&mut scalars, &mut points);
        }
    }
    if !scalars.is_empty() {
        flush(&mut scalars, &mut points);
    }
    acc
}

/// Terms from which [`constant_time_split`] halves a multiplication (four chunks).
const CT_SPLIT: usize = 4 * CT_CHUNK;

/// `Σ xᵢ·Gᵢ + Σ yᵢ·Hᵢ` in constant time ([`constant_time_chunked`]), halved recursively while
/// above [`CT_SPLIT`] terms, the halves side by side with the `parallel` feature. Where the
/// split falls depends only on the lengths (public), never on the scalars; the sum is the same
/// point whatever the thread count.
fn constant_time_split(
    x: &[Scalar],
    g: &[RistrettoPoint],
    y: &[Scalar],
    h: &[RistrettoPoint],
) -> RistrettoPoint {
    let (nx, ny) = (x.len().min(g.len()), y.len().min(h.len()));
    if nx.saturating_add(ny) <= CT_SPLIT {
        return constant_time_chunked(x.iter().zip(g).chain(y.iter().zip(h)));
    }
    let halves = (|| {
        let (x0, x1) = x.get(..nx)?.split_at_checked(nx / 2)?;
        let (g0, g1) = g.get(..nx)?.split_at_checked(nx / 2)?;
        let (y0, y1) = y.get(..ny)?.split_at_checked(ny / 2)?;
        let (h0, h1) = h.get(..ny)?.split_at_checked(ny / 2)?;
        Some(((x0, g0, y0, h0), (x1, g1, y1, h1)))
    })();
    match halves {
        Some((a, b)) => {
            let (sa, sb) = par::join(
                || constant_time_split(a.0, a.1, a.2, a.3),
                || constant_time_split(b.0, b.1, b.2, b.3),
            );
            sa + sb
        }
        // Unreachable (the bounds are the lengths' own); the unsplit sum is the same point.
        None => constant_time_chunked(x.iter().zip(g).chain(y.iter().zip(h))),
    }
}

/// Blinding factors and vectors of one phase (secret; zeroized on drop).
#[derive(Zeroize)]
#[zeroize(drop)]
struct PhaseSecrets {
    i_blinding: Scalar,
    o_blinding: Scalar,
    s_blinding: Scalar,
    s_l: Vec<Scalar>,
    s_r: Vec<Scalar>,
}

impl PhaseSecrets {
    fn draw(rng: &mut TranscriptRng, len: usize) -> Self {
        PhaseSecrets {
            i_blinding: random_scalar(rng),
            o_blinding: random_scalar(rng),
            s_blinding: random_scalar(rng),
            s_l: (0..len).map(|_| random_scalar(rng)).collect(),
            s_r: (0..len).map(|_| random_scalar(rng)).collect(),
        }
    }

    /// `A_I, A_O, S` over `G, H` (constant time: every scalar but the points is secret).
    fn commit(
        &self,
        pc_gens: &PedersenGens,
        a_l: &[Scalar],
        a_r: &[Scalar],
        a_o: &[Scalar],
        g: &[RistrettoPoint],
        h: &[RistrettoPoint],
    ) -> [Point; 3] {
        // Independent multiplications (in parallel with the `parallel` feature; each also split
        // in halves, so that two threads share A_I + A_O + S evenly, not 2 : 3).
        let (witness, s) = par::join(
            || witness_sums(a_l, a_r, a_o, g, h),
            || constant_time_split(&self.s_l, g, &self.s_r, h),
        );
        self.finish(pc_gens, witness, s)
    }

    /// `A_I, A_O, S` from their multiscalar parts: the witness sums ([`witness_sums`]) and
    /// `⟨s_L, G⟩ + ⟨s_R, H⟩`; the blindings added here (constant time).
    fn finish(
        &self,
        pc_gens: &PedersenGens,
        witness: (RistrettoPoint, RistrettoPoint),
        s: RistrettoPoint,
    ) -> [Point; 3] {
        let (w_i, w_o) = witness;
        [
            Point::from_point(pc_gens.mul_b_blinding(&self.i_blinding) + w_i),
            Point::from_point(pc_gens.mul_b_blinding(&self.o_blinding) + w_o),
            Point::from_point(pc_gens.mul_b_blinding(&self.s_blinding) + s),
        ]
    }
}

/// `⟨a_L, G⟩ + ⟨a_R, H⟩` and `⟨a_O, G⟩` (constant time): the parts of `A_I`, `A_O` that need
/// neither the circuit's digest nor the nonces, so that phase 1 computes them beside sealing,
/// binding and the nonce draws.
fn witness_sums(
    a_l: &[Scalar],
    a_r: &[Scalar],
    a_o: &[Scalar],
    g: &[RistrettoPoint],
    h: &[RistrettoPoint],
) -> (RistrettoPoint, RistrettoPoint) {
    par::join(
        || constant_time_split(a_l, g, a_r, h),
        || constant_time_split(a_o, g, &[], &[]),
    )
}

impl<'t, 'g> Prover<'t, 'g> {
    /// A prover writing to `transcript` (the caller may have appended its own context first).
    pub fn new(pc_gens: &'g PedersenGens, transcript: &'t mut Transcript) -> Self {
        Prover {
            sys: System::assigning(),
            transcript,
            pc_gens,
            v_blinding: Vec::new(),
            commitments: Vec::new(),
        }
    }

    /// Commits to `value` with `blinding`: returns `V = value·B + blinding·B̃` (constant time)
    /// and the variable that stands for `value` in the circuit.
    pub fn commit(&mut self, value: Scalar, blinding: Scalar) -> (CompressedRistretto, Variable) {
        let v = self.pc_gens.commit(&value, &blinding).compress();
        self.commitments.push(v);
        self.v_blinding.push(blinding);
        (v, self.sys.commit_variable(Some(value)))
    }

    /// Runs the second phase and proves. Refuses (with [`CircuitError::Unsatisfied`] naming the
    /// first failing constraint) an assignment that does not satisfy the circuit.
    pub fn prove<R: rand_core::CryptoRng + ?Sized>(
        self,
        bp_gens: &BulletproofGens,
        rng: &mut R,
    ) -> Result<CircuitProof, Error> {
        self.prove_keeping(bp_gens, rng, false).map(|(p, _)| p)
    }

    /// [`Prover::prove`], also returning the recorded circuit (what the verifier checks against).
    pub fn prove_and_record<R: rand_core::CryptoRng + ?Sized>(
        self,
        bp_gens: &BulletproofGens,
        rng: &mut R,
    ) -> Result<(CircuitProof, Circuit), Error> {
        self.prove_keeping(bp_gens, rng, true)
    }

    /// Proves; without `keep_rows` the recorded rows are freed once the weights are computed
    /// (before the polynomial and inner-product phases), and the returned circuit has none.
    fn prove_keeping<R: rand_core::CryptoRng + ?Sized>(
        mut self,
        bp_gens: &BulletproofGens,
        rng: &mut R,
        keep_rows: bool,
    ) -> Result<(CircuitProof, Circuit), Error> {
        if let Some(e) = self.sys.error() {
            return Err(e.into());
        }
        // The whole circuit, both phases, symbolically: the digest must be bound before any
        // challenge exists.
        let callbacks = self.sys.take_callbacks();
        let mut symbolic = System::symbolic_continuation(&self.sys);
        symbolic.run_phase_two(&callbacks)?;
        if let Some(e) = symbolic.error() {
            return Err(e.into());
        }
        let n1 = self.sys.num_multipliers();
        // The phase-1 rows move into the circuit; the system keeps only phase 2's, to compare.
        let mut rows = self.sys.take_rows();
        let q1 = rows.len();
        rows.extend(symbolic.take_rows());
        let circuit = Circuit {
            num_commitments: self.sys.num_commitments(),
            phase_one_multipliers: n1,
            multipliers: symbolic.num_multipliers(),
            rows,
            phase_one_rows: q1,
            challenge_labels: symbolic.challenge_labels().to_vec(),
            digest: [0; 32],
        };
        let n = circuit.multipliers;
        let padded = circuit.padded_multipliers();
        let n2 = n.saturating_sub(n1);
        let (g, h) = bp_gens.party(0, padded).ok_or(Error::GeneratorsTooSmall {
            needed: padded,
            available: bp_gens.gens_capacity(),
        })?;
        let (g1, g2) = g.split_at(n1.min(g.len()));
        let (h1, h2) = h.split_at(n1.min(h.len()));
        let assignment = self
            .sys
            .assignment
            .as_ref()
            .ok_or(CircuitError::MissingAssignment)?;

        // Serial work (the digest, binding it, the hedged nonces) beside the parts of phase 1's
        // commitments that need none of it: with two threads the second starts on A_I and A_O
        // at once. The same points, so the same proof, on any thread count.
        let witness = || {
            witness_sums(
                assignment.a_l.get(..n1).unwrap_or(&[]),
                assignment.a_r.get(..n1).unwrap_or(&[]),
                assignment.a_o.get(..n1).unwrap_or(&[]),
                g1,
                h1,
            )
        };
        let transcript = &mut *self.transcript;
        let (commitments, v_blinding, pc_gens) =
            (&self.commitments, &self.v_blinding, self.pc_gens);
        let (witness1, (mut circuit, mut nonce_rng, secrets1)) = par::beside(witness, || {
            let circuit = circuit.seal();
            bind_statement(
                transcript,
                &circuit,
                commitments,
                &generators_digest(pc_gens),
            );
            // Hedged nonces: the transcript so far, the witness, and the caller's RNG.
            let mut nonce_rng = {
                let mut b = transcript.build_rng();
                for v in assignment
                    .v
                    .iter()
                    .chain(&assignment.a_l)
                    .chain(&assignment.a_r)
                {
                    b = b.rekey_with_witness_bytes(b"w", v.as_bytes());
                }
                for r in v_blinding {
                    b = b.rekey_with_witness_bytes(b"v_blinding", r.as_bytes());
                }
                b.finalize(&mut RngAdapter(rng))
            };
            let secrets1 = PhaseSecrets::draw(&mut nonce_rng, n1);
            (circuit, nonce_rng, secrets1)
        });
        let witness1 = witness1.unwrap_or_else(witness);

        // Phase 1 commitments.
        let [a_i1, a_o1, s1] = {
            let s = constant_time_split(&secrets1.s_l, g1, &secrets1.s_r, h1);
            secrets1.finish(self.pc_gens, witness1, s)
        };
        self.transcript.append_point(b"A_I1", &a_i1.compressed);
        self.transcript.append_point(b"A_O1", &a_o1.compressed);
        self.transcript.append_point(b"S1", &s1.compressed);

        // Phase 2: the callbacks again, with challenge values from the transcript.
        let t = core::mem::replace(self.transcript, Transcript::new(b"bpkit placeholder"));
        self.sys.begin_phase_two(Some(t));
        let run = self.sys.run_phase_two(&callbacks);
        let challenges: Vec<Scalar> = self
            .sys
            .challenge_values()
            .iter()
            .map(|c| c.unwrap_or(Scalar::ZERO))
            .collect();
        if let Some(t) = self.sys.take_transcript() {
            *self.transcript = t;
        }
        run?;
        if let Some(e) = self.sys.error() {
            return Err(e.into());
        }
        let same = self.sys.num_multipliers() == n
            && Some(self.sys.constraints.as_slice()) == circuit.rows.get(q1..)
            && self.sys.challenge_labels() == circuit.challenge_labels();
        if !same {
            return Err(CircuitError::Phase2Mismatch.into());
        }
        let a = self
            .sys
            .assignment
            .take()
            .ok_or(CircuitError::MissingAssignment)?;
        // The satisfaction check beside phase 2's commitments, the challenges and the weights
        // (none of which is published before the check passes): its answer comes first.
        let transcript = &mut *self.transcript;
        let pc_gens = self.pc_gens;
        let (unsatisfied, rest) = par::join(
            || circuit.first_unsatisfied(&a, &challenges),
            || {
                let secrets2 = PhaseSecrets::draw(&mut nonce_rng, n2);
                let phase_two = if n2 > 0 {
                    let p = secrets2.commit(
                        pc_gens,
                        a.a_l.get(n1..).unwrap_or(&[]),
                        a.a_r.get(n1..).unwrap_or(&[]),
                        a.a_o.get(n1..).unwrap_or(&[]),
                        g2.get(..n2).unwrap_or(&[]),
                        h2.get(..n2).unwrap_or(&[]),
                    );
                    transcript.append_point(b"A_I2", &p[0].compressed);
                    transcript.append_point(b"A_O2", &p[1].compressed);
                    transcript.append_point(b"S2", &p[2].compressed);
                    Some(p)
                } else {
                    None
                };
                let y = nonzero(transcript.challenge_scalar(b"y"))?;
                let z = nonzero(transcript.challenge_scalar(b"z"))?;
                let w = circuit.weights(&z, &challenges, padded).ok_or_else(|| {
                    circuit
                        .validate()
                        .err()
                        .unwrap_or(CircuitError::InvalidDescription)
                })?;
                Ok::<_, Error>((secrets2, phase_two, y, w))
            },
        );
        if let Some(index) = unsatisfied {
            return Err(CircuitError::Unsatisfied { index }.into());
        }
        let (secrets2, phase_two, y, w) = rest?;
        // The rows are needed no further (the weights hold all the prover uses of them): free
        // them, and the phase-2 copy, before the vectors of the polynomial phase exist.
        drop(core::mem::take(&mut self.sys.constraints));
        if !keep_rows {
            drop(core::mem::take(&mut circuit.rows));
        }

        // l(X) = l1·X + l2·X² + l3·X³, r(X) = r0 + r1·X + r3·X³ over the n multipliers.
        let y_inv = y.invert();
        let sources = polys::Sources {
            a_l: &a.a_l,
            a_r: &a.a_r,
            a_o: &a.a_o,
            s_l: [&secrets1.s_l, &secrets2.s_l],
            s_r: [&secrets1.s_r, &secrets2.s_r],
            w_l: &w.w_l,
            w_r: &w.w_r,
            w_o: &w.w_o,
            y,
            y_inv,
            n,
        };
        let tc = sources.t_coefficients()?;

        let mut nonces: [Scalar; 5] = core::array::from_fn(|_| random_scalar(&mut nonce_rng));
        let t_points: [Point; 5] = {
            let coeffs = [tc[1], tc[3], tc[4], tc[5], tc[6]];
            core::array::from_fn(|k| {
                let (c, r) = (
                    coeffs.get(k).copied().unwrap_or_default(),
                    nonces.get(k).copied().unwrap_or_default(),
                );
                Point::from_point(self.pc_gens.commit(&c, &r))
            })
        };
        for (k, p) in t_points.iter().enumerate() {
            let label: &'static [u8] = match k {
                0 => b"T_1",
                1 => b"T_3",
                2 => b"T_4",
                3 => b"T_5",
                _ => b"T_6",
            };
            append_point(self.transcript, label, &p.compressed)?;
        }
        let u = nonzero(self.transcript.challenge_scalar(b"u"))?;
        let x = nonzero(self.transcript.challenge_scalar(b"x"))?;

        let x1 = x;
        let x2 = x1 * x;
        let x3 = x2 * x;
        let x4 = x3 * x;
        let x5 = x4 * x;
        let x6 = x5 * x;
        let t_x = tc[1] * x1 + tc[2] * x2 + tc[3] * x3 + tc[4] * x4 + tc[5] * x5 + tc[6] * x6;
        let [n1_, n3, n4, n5, n6] = nonces;
        let t_x_blinding =
            n1_ * x1 + n3 * x3 + n4 * x4 + n5 * x5 + n6 * x6 + x2 * ip(&w.w_v, &self.v_blinding);
        nonces.zeroize();
        // Without phase-2 multipliers the phase-2 blindings are committed nowhere.
        let u_or_0 = if n2 > 0 { u } else { Scalar::ZERO };
        let i_blinding = secrets1.i_blinding + u_or_0 * secrets2.i_blinding;
        let o_blinding = secrets1.o_blinding + u_or_0 * secrets2.o_blinding;
        let s_blinding = secrets1.s_blinding + u_or_0 * secrets2.s_blinding;
        let e_blinding = i_blinding * x1 + o_blinding * x2 + s_blinding * x3;

        self.transcript.append_scalar(b"t_x", &t_x);
        self.transcript
            .append_scalar(b"t_x_blinding", &t_x_blinding);
        self.transcript.append_scalar(b"e_blinding", &e_blinding);
        let w_ipp = nonzero(self.transcript.challenge_scalar(b"w"))?;
        let q = self.pc_gens.mul_b(&w_ipp);

        let (l_vec, r_vec) = sources.eval(&x, padded)?;
        drop(a);
        drop(secrets1);
        drop(secrets2);
        // Phase-2 and padding generators carry the factor u (notes: "Two phases"); the
        // inner-product prover applies it to its public scalars, not to copies of the points.
        let tail = (n2 > 0).then_some((n1, u));
        // The vectors move into the argument, which wipes them.
        // The rounds on the shared shifted table of the default generators where it is built
        // (`base_table`; shared caches need `std`).
        #[cfg(feature = "std")]
        let table = super::base_table::CircuitBase::new(padded, self.pc_gens, w_ipp);
        #[cfg(feature = "std")]
        let table = table
            .as_ref()
            .map(|t| t as &dyn inner_product::BaseTable<RistrettoPoint>);
        #[cfg(not(feature = "std"))]
        let table = None;
        let ipp = inner_product::prove_with_factor(
            self.transcript,
            &q,
            &y_inv,
            g,
            h,
            tail,
            table,
            l_vec,
            r_vec,
        );

        Ok((
            CircuitProof {
                a_i1,
                a_o1,
                s1,
                phase_two,
                t: t_points,
                t_x,
                t_x_blinding,
                e_blinding,
                ipp,
            },
            circuit,
        ))
    }
}

fn nonzero(c: Scalar) -> Result<Scalar, CircuitError> {
    if c == Scalar::ZERO {
        Err(CircuitError::ZeroChallenge)
    } else {
        Ok(c)
    }
}

crate::circuit::constraint_system::system::delegate_constraint_system!(Prover<'_, '_>, assigned);

impl RandomizableConstraintSystem for Prover<'_, '_> {
    type RandomizedCS = System;

    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), CircuitError>
    where
        F: 'static + Send + Sync + Fn(&mut Self::RandomizedCS) -> Result<(), CircuitError>,
    {
        self.sys.specify_randomized_constraints(callback)
    }
}
