//! The Monero Bulletproofs prover (RingCT types 3–5): the party algebra of bpkit's range proof
//! (`range_proof::aggregation::algebra`) and its inner-product argument
//! (`inner_product::prove_rounds`), over Monero's format — Ed25519, `H` as the value base and `G`
//! as the blinding base, every published point stored ×1/8, Monero's Keccak transcript.
//!
//! The proof is the aggregate of `m'` parties (`m` outputs padded to a power of two with zero
//! amounts and zero masks, whose `V` is not hashed), run in one process exactly as bpkit's local
//! prover runs its dealer and parties: `A = Σ A_j`, `S = Σ S_j`, `T₁ = Σ T₁ⱼ`, `T₂ = Σ T₂ⱼ`,
//! `taux = Σ τₓⱼ`, `mu = Σ μⱼ`, `t = Σ tⱼ(x)`, and `l`, `r` the parties' vectors one after the
//! other. The transcript is the one [`OriginalProof::verify`] replays (see `original.rs`):
//! `y = H(H(V…) ‖ A ‖ S)`, `z = H(y)`, `x = H(z ‖ z ‖ T1 ‖ T2)`, `x_ip = H(x ‖ x ‖ taux ‖ mu ‖ t)`,
//! `wⱼ = H(c ‖ Lⱼ ‖ Rⱼ)`, with the inner-product base `x_ip·H`.

use super::error::MoneroError;
use super::generators::{self, vector_gens, Family, BITS};
use super::keccak::hash_to_scalar;
use super::original::OriginalProof;
use super::point::inv_eight;
use super::published::{self, public_eighth};
use super::shape::{nonzero, rounds_for};
use super::witness::Opening;
use crate::group::{ProverGroup, Scalar};
use crate::inner_product::{prove_rounds, Folded, Rounds};
use crate::range_proof::aggregation::algebra::{self, PartyNonces, PartyPolys};
use crate::transcript::Drawn;
use alloc::vec::Vec;
use curve25519_dalek::edwards::EdwardsPoint;
use zeroize::Zeroizing;

/// Monero's inner-product rounds: `L`, `R` stored ×1/8, `wⱼ = H(c ‖ Lⱼ ‖ Rⱼ)`, non-zero.
struct KeccakRounds {
    cache: Scalar,
    inv8: Scalar,
}

impl Rounds<EdwardsPoint> for KeccakRounds {
    type Encoded = [u8; 32];
    type Error = MoneroError;

    fn round(
        &mut self,
        l: &EdwardsPoint,
        r: &EdwardsPoint,
    ) -> Result<([u8; 32], [u8; 32], Scalar), MoneroError> {
        let l = public_eighth(l, &self.inv8);
        let r = public_eighth(r, &self.inv8);
        self.cache = nonzero(hash_to_scalar(&[&self.cache.to_bytes(), &l, &r]))?;
        Ok((l, r, self.cache))
    }
}

/// One party between the bit commitments and its share.
struct Party {
    bits: Vec<u8>,
    mask: Scalar,
    nonces: PartyNonces,
}

impl Drop for Party {
    fn drop(&mut self) {
        use zeroize::Zeroize;
        self.bits.zeroize();
        self.mask.zeroize();
    }
}

// Group and scalar arithmetic: modular, it never overflows.
#[allow(clippy::arithmetic_side_effects)]
impl OriginalProof {
    /// Proves that each opening's amount lies in `[0, 2⁶⁴)` (1 to 16 outputs) with Monero's
    /// original Bulletproofs. Returns the proof and the outputs' on-chain commitments
    /// `C = mask·G + amount·H` (as in `outPk`, not ×1/8), in the openings' order: what
    /// [`OriginalProof::verify`] takes.
    ///
    /// Timing: constant-time in the amounts, masks and nonces (bits selected without branches,
    /// constant-time multiplications for every secret scalar); the inner-product argument runs
    /// on `l(x)`, `r(x)`, which the nonces blind (see `inner_product`). The nonces are hedged:
    /// drawn from a Merlin RNG keyed with the commitments, each party's opening and `rng`.
    ///
    /// ```
    /// use bpkit::monero::{Opening, OriginalProof};
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_chacha::ChaCha20Rng::from_seed([7; 32]);
    /// let outputs = [Opening::random(1_000_000, &mut rng), Opening::random(5, &mut rng)];
    /// let (proof, commitments) = OriginalProof::prove(&outputs, &mut rng)?;
    /// assert_eq!(proof.to_bytes().len(), 9 * 32 + 2 + 2 * 7 * 32);
    /// proof.verify(&commitments)?;
    /// # Ok::<(), bpkit::monero::MoneroError>(())
    /// ```
    pub fn prove<R: rand_core::CryptoRng + ?Sized>(
        openings: &[Opening],
        rng: &mut R,
    ) -> Result<(OriginalProof, Vec<[u8; 32]>), MoneroError> {
        let m = openings.len();
        let (log_m, _) = rounds_for(m)?;
        let mp = 1usize << log_m;
        let inv8 = inv_eight();
        let (h, g) = (generators::h(), generators::g());
        let gens = vector_gens(Family::Original)?;
        let total = BITS.saturating_mul(mp);
        let (gi, hi) = match (gens.gi.get(..total), gens.hi.get(..total)) {
            (Some(gi), Some(hi)) => (gi, hi),
            _ => return Err(MoneroError::InvalidOutputCount(m)),
        };

        // The commitments, in constant time; from here on public.
        let (commitments, v_flat) = published::commitments(openings, &inv8);

        // Each party's hedged nonces: a Merlin RNG keyed with the statement, the party's
        // position and opening, and 32 fresh bytes of `rng` (drawn in the parties' order).
        let mut parties = Vec::with_capacity(mp);
        for j in 0..mp {
            let (amount, mask) = openings
                .get(j)
                .map_or((0, Scalar::ZERO), |o| (o.amount, o.mask));
            let mut entropy = Zeroizing::new([0u8; 32]);
            rng.fill_bytes(entropy.as_mut());
            let mut t = merlin::Transcript::new(b"bpkit monero-bp party nonces v1");
            t.append_message(b"V", &v_flat);
            t.append_u64(b"j", j as u64);
            let mut nonce_rng = t
                .build_rng()
                .rekey_with_witness_bytes(b"v", &amount.to_le_bytes())
                .rekey_with_witness_bytes(b"mask", mask.as_bytes())
                .finalize(&mut Drawn::new(&entropy));
            parties.push(Party {
                bits: algebra::bits(amount, BITS),
                mask,
                nonces: PartyNonces::draw(&mut nonce_rng, BITS),
            });
        }

        // A = Σ A_j, S = Σ S_j (each with its own α_j·G, ρ_j·G).
        let mut a_sum = EdwardsPoint::default();
        let mut s_sum = EdwardsPoint::default();
        for (j, party) in parties.iter().enumerate() {
            let (gj, hj) = party_gens(gi, hi, j)?;
            a_sum += algebra::commit_bits(
                EdwardsPoint::mul_base(&party.nonces.a_blinding),
                &party.bits,
                gj,
                hj,
            );
            s_sum += algebra::commit_nonces(
                EdwardsPoint::mul_base(&party.nonces.s_blinding),
                &party.nonces,
                gj,
                hj,
            )
            .ok_or(MoneroError::Internal)?;
        }
        let a_enc = public_eighth(&a_sum, &inv8);
        let s_enc = public_eighth(&s_sum, &inv8);

        let mut cache = hash_to_scalar(&[&v_flat]);
        cache = hash_to_scalar(&[&cache.to_bytes(), &a_enc, &s_enc]);
        let y = nonzero(cache)?;
        cache = hash_to_scalar(&[&y.to_bytes()]);
        let z = nonzero(cache)?;

        // T₁ = Σ (t₁ⱼ·H + τ₁ⱼ·G), T₂ likewise: constant-time in the coefficients and nonces.
        let polys: Vec<PartyPolys> = parties
            .iter()
            .enumerate()
            .map(|(j, p)| algebra::polys(&p.bits, &p.nonces, &y, &z, j, BITS))
            .collect();
        let mut t1_sum = EdwardsPoint::default();
        let mut t2_sum = EdwardsPoint::default();
        for (party, poly) in parties.iter().zip(&polys) {
            t1_sum += EdwardsPoint::msm_constant_time(
                [poly.t_poly.1, party.nonces.t_1_blinding],
                [&h, &g],
            )
            .ok_or(MoneroError::Internal)?;
            t2_sum += EdwardsPoint::msm_constant_time(
                [poly.t_poly.2, party.nonces.t_2_blinding],
                [&h, &g],
            )
            .ok_or(MoneroError::Internal)?;
        }
        let t1_enc = public_eighth(&t1_sum, &inv8);
        let t2_enc = public_eighth(&t2_sum, &inv8);
        cache = hash_to_scalar(&[&cache.to_bytes(), &z.to_bytes(), &t1_enc, &t2_enc]);
        let x = nonzero(cache)?;

        // The shares at x, summed; l and r the parties' vectors one after the other.
        let (mut t, mut taux, mut mu) = (Scalar::ZERO, Scalar::ZERO, Scalar::ZERO);
        let mut l_vec = Vec::with_capacity(total);
        let mut r_vec = Vec::with_capacity(total);
        for (party, poly) in parties.iter().zip(&polys) {
            let mut share = algebra::share(poly, &party.nonces, &party.mask, &x);
            t += share.t_x;
            taux += share.t_x_blinding;
            mu += share.e_blinding;
            l_vec.append(&mut share.l_vec);
            r_vec.append(&mut share.r_vec);
        }
        drop(polys);
        drop(parties);
        // Declassified (feature `ctime`): t, taux and mu are proof elements, published; each is
        // blinded by the nonces (τ₁, τ₂ and ρ hide the blindings and the value's bits).
        let mut published = [t.to_bytes(), taux.to_bytes(), mu.to_bytes()];
        for bytes in &mut published {
            crate::ctime::declassify(bytes);
        }
        let [t_bytes, taux_bytes, mu_bytes] = published;
        cache = hash_to_scalar(&[
            &cache.to_bytes(),
            &x.to_bytes(),
            &taux_bytes,
            &mu_bytes,
            &t_bytes,
        ]);
        let x_ip = nonzero(cache)?;

        // The inner-product argument on l(x), r(x) with base x_ip·H and H'ᵢ = y⁻ⁱ·Hᵢ.
        let q = h * x_ip;
        let mut rounds = KeccakRounds { cache, inv8 };
        let Folded { l, r, a, b } = prove_rounds(
            &mut rounds,
            &q,
            &y.invert(),
            gi,
            hi,
            None,
            None,
            l_vec,
            r_vec,
        )?;
        let proof = OriginalProof {
            a_point: a_enc,
            s: s_enc,
            t1: t1_enc,
            t2: t2_enc,
            taux: taux_bytes,
            mu: mu_bytes,
            l,
            r,
            a: a.to_bytes(),
            b: b.to_bytes(),
            t: t_bytes,
        };
        Ok((proof, commitments))
    }
}

/// Party `j`'s slices `G_{64j..64j+64}`, `H_{64j..64j+64}`.
fn party_gens<'g>(
    gi: &'g [EdwardsPoint],
    hi: &'g [EdwardsPoint],
    j: usize,
) -> Result<(&'g [EdwardsPoint], &'g [EdwardsPoint]), MoneroError> {
    let start = j.checked_mul(BITS).ok_or(MoneroError::Internal)?;
    let end = start.checked_add(BITS).ok_or(MoneroError::Internal)?;
    match (gi.get(start..end), hi.get(start..end)) {
        (Some(g), Some(h)) => Ok((g, h)),
        _ => Err(MoneroError::Internal),
    }
}
