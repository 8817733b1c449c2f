//! The Monero Bulletproofs+ prover: bpkit's Bulletproofs+ prover algebra
//! ([`crate::plus`]'s `prove_core`) over Monero's format — Ed25519, `H` as the value base and
//! `G` as the one blinding base, every point stored ×1/8, Monero's Keccak transcript.

use super::error::MoneroError;
use super::generators::{self, vector_gens, Family, BITS};
use super::keccak::hash_to_scalar;
use super::plus::{initial_transcript, PlusProof};
use super::point::inv_eight;
use super::published::{self, public_eighth};
use super::shape::{nonzero, rounds_for};
use super::witness::Opening;
use crate::errors::Error;
use crate::group::Scalar;
use crate::plus::{prove_core, Nonces, PlusFormat};
use crate::transcript::RngAdapter;
use alloc::vec::Vec;
use curve25519_dalek::edwards::EdwardsPoint;
use zeroize::Zeroizing;

/// Monero's Bulletproofs+ format for the prover: the bases, the ×1/8 encoding and the Keccak
/// transcript state `t`.
struct MoneroPlus {
    t: Scalar,
    h: EdwardsPoint,
    g: [EdwardsPoint; 1],
    inv8: Scalar,
}

/// A zero challenge (probability about 2⁻²⁵²): the proof cannot be finished.
fn challenge(t: Scalar) -> Result<Scalar, Error> {
    nonzero(t).map_err(|_| Error::VerificationFailed)
}

impl PlusFormat for MoneroPlus {
    type Point = EdwardsPoint;
    type Encoded = [u8; 32];

    fn value_base(&self) -> &EdwardsPoint {
        &self.h
    }

    fn blinding_bases(&self) -> &[EdwardsPoint] {
        &self.g
    }

    fn mul_blinding(&self, s: &[Scalar]) -> EdwardsPoint {
        // Constant-time fixed-base multiplication by G.
        s.first().map(EdwardsPoint::mul_base).unwrap_or_default()
    }

    fn encode(&self, point: &EdwardsPoint) -> [u8; 32] {
        public_eighth(point, &self.inv8)
    }

    fn challenges_y_z(&mut self, a: &[u8; 32]) -> Result<(Scalar, Scalar), Error> {
        let y = challenge(hash_to_scalar(&[&self.t.to_bytes(), a]))?;
        let z = challenge(hash_to_scalar(&[&y.to_bytes()]))?;
        self.t = z;
        Ok((y, z))
    }

    fn challenge_round(&mut self, l: &[u8; 32], r: &[u8; 32]) -> Result<Scalar, Error> {
        self.t = challenge(hash_to_scalar(&[&self.t.to_bytes(), l, r]))?;
        Ok(self.t)
    }

    fn challenge_final(&mut self, a1: &[u8; 32], b: &[u8; 32]) -> Result<Scalar, Error> {
        self.t = challenge(hash_to_scalar(&[&self.t.to_bytes(), a1, b]))?;
        Ok(self.t)
    }
}

impl PlusProof {
    /// Proves that each opening's amount lies in `[0, 2⁶⁴)` (1 to 16 outputs). Returns the proof
    /// and the outputs' on-chain commitments `C = mask·G + amount·H` (as in `outPk`, not ×1/8),
    /// in the openings' order: what [`PlusProof::verify`] takes.
    ///
    /// Timing: constant-time in the amounts, masks and nonces (constant-time multiscalar
    /// multiplications for every secret scalar; bits selected without branches). The nonces are
    /// hedged: drawn from a Merlin RNG keyed with the commitments, the openings and `rng`.
    ///
    /// ```
    /// use bpkit::monero::{Opening, PlusProof};
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_chacha::ChaCha20Rng::from_seed([7; 32]);
    /// let outputs = [Opening::random(1_000_000, &mut rng), Opening::random(5, &mut rng)];
    /// let (proof, commitments) = PlusProof::prove(&outputs, &mut rng)?;
    /// assert_eq!(proof.to_bytes().len(), 6 * 32 + 2 + 2 * 7 * 32);
    /// proof.verify(&commitments)?;
    /// # Ok::<(), bpkit::monero::MoneroError>(())
    /// ```
    pub fn prove<R: rand_core::CryptoRng + ?Sized>(
        openings: &[Opening],
        rng: &mut R,
    ) -> Result<(PlusProof, Vec<[u8; 32]>), MoneroError> {
        // The commitments, in constant time; from here on public.
        let (commitments, v_flat) = published::commitments(openings, &inv_eight());
        let proof = Self::prove_hashing(openings, &v_flat, rng)?;
        Ok((proof, commitments))
    }

    /// The proof of `openings` with `v_flat` (the ×1/8 commitments) as the transcript's
    /// statement. Only [`PlusProof::prove`] passes anything but the openings' own commitments:
    /// the attack tests (`super::batch`) pass another statement's, to build a false proof whose
    /// only error is a multiple of `H`.
    pub(crate) fn prove_hashing<R: rand_core::CryptoRng + ?Sized>(
        openings: &[Opening],
        v_flat: &[u8],
        rng: &mut R,
    ) -> Result<PlusProof, MoneroError> {
        let m = openings.len();
        let (log_m, _) = rounds_for(m)?;
        let mp = 1usize << log_m;
        let inv8 = inv_eight();
        let t = hash_to_scalar(&[
            &initial_transcript()?,
            &hash_to_scalar(&[v_flat]).to_bytes(),
        ]);

        // Hedged nonces: a Merlin RNG keyed with the statement, the witness and fresh randomness.
        let mut nonce_transcript = merlin::Transcript::new(b"bpkit monero-bp+ prover nonces");
        nonce_transcript.append_message(b"V", v_flat);
        let mut builder = nonce_transcript.build_rng();
        for opening in openings {
            builder = builder.rekey_with_witness_bytes(b"v", &opening.amount.to_le_bytes());
            builder = builder.rekey_with_witness_bytes(b"r", opening.mask.as_bytes());
        }
        let mut nonces = Nonces::new(None, builder.finalize(&mut RngAdapter(rng)));

        let mut amounts = Zeroizing::new(Vec::with_capacity(mp));
        amounts.extend(openings.iter().map(|o| o.amount));
        amounts.resize(mp, 0);
        let masks: Vec<&[Scalar]> = openings
            .iter()
            .map(|o| core::slice::from_ref(&o.mask))
            .collect();
        let gens = vector_gens(Family::Plus)?;
        let total = BITS.saturating_mul(mp);
        let (g, h) = match (gens.gi.get(..total), gens.hi.get(..total)) {
            (Some(g), Some(h)) => (g, h),
            _ => return Err(MoneroError::InvalidOutputCount(m)),
        };
        let mut format = MoneroPlus {
            t,
            h: generators::h(),
            g: [generators::g()],
            inv8,
        };
        let out = prove_core(&mut format, g, h, BITS, &amounts, &masks, &mut nonces).map_err(
            |e| match e {
                Error::VerificationFailed => MoneroError::ZeroChallenge,
                _ => MoneroError::Internal,
            },
        )?;
        let d1 = out.d1.first().ok_or(MoneroError::Internal)?;
        let proof = PlusProof {
            a: out.a,
            a1: out.a1,
            b: out.b,
            r1: out.r1.to_bytes(),
            s1: out.s1.to_bytes(),
            d1: d1.to_bytes(),
            l: out.l,
            r: out.r,
        };
        Ok(proof)
    }
}
