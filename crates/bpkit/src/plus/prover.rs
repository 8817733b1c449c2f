//! The Bulletproofs+ range-proof prover: bit commitment `A`, the challenges `y, z`, then the
//! weighted-inner-product argument on `â_L = a_L − z·1`, `â_R = a_R + d∘y⃖ + z·1`.

use super::format::{MerlinFormat, PlusFormat};
use super::nonces::{Nonces, ALPHA};
use super::parameters::ExtendedPedersenGens;
#[cfg(feature = "std")]
use super::parameters::PlusGens;
use super::proof::PlusProof;
use super::statement::PlusStatement;
use super::transcript::bind_statement;
use super::wip::{self, WipWitness};
use super::witness::{ExtendedOpening, RecoverySeed};
use crate::errors::Error;
use crate::generators::BulletproofGens;
use crate::group::{CompressedRistretto, RistrettoPoint, Scalar};
use crate::transcript::RngAdapter;
use crate::util::scalars::{powers, scalar_pow};
use alloc::vec::Vec;
use curve25519_dalek::traits::Identity;
use merlin::Transcript;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroizing;

impl PlusProof {
    /// Proves `statement` with `openings` (one per commitment, in order), with the default
    /// vector generators.
    ///
    /// Timing: constant-time in the values, blindings and nonces. The only data-dependent
    /// branches are the checks that each value lies in its range and each opening opens its
    /// commitment, whose outcome (an error or not) is public anyway.
    ///
    /// ```
    /// use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
    /// use merlin::Transcript;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_chacha::ChaCha20Rng::from_seed([7; 32]);
    /// let gens = PlusGens::bpkit(1)?;
    /// let opening = ExtendedOpening::random(1_000_000, 1, &mut rng);
    /// let statement = PlusStatement::commit(gens.pedersen(), 64, &[opening.clone()], None)?;
    /// let proof = PlusProof::prove(&mut Transcript::new(b"example"), &gens, &statement, &[opening], &mut rng)?;
    /// assert_eq!(proof.to_bytes().len(), 577);
    /// proof.verify(&mut Transcript::new(b"example"), &gens, &statement)?;
    /// # Ok::<(), bpkit::Error>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn prove<R: rand_core::CryptoRng + ?Sized>(
        transcript: &mut Transcript,
        gens: &PlusGens,
        statement: &PlusStatement,
        openings: &[ExtendedOpening],
        rng: &mut R,
    ) -> Result<PlusProof, Error> {
        Self::prove_shared(transcript, gens, statement, openings, None, rng)
    }

    /// [`PlusProof::prove`] for one value, with nonces derived from `seed` so that the seed
    /// holder can recover the blinding factors ([`PlusProof::recover`]). **Use a seed for one
    /// proof only** (see [`RecoverySeed`]).
    #[cfg(feature = "std")]
    pub fn prove_recoverable<R: rand_core::CryptoRng + ?Sized>(
        transcript: &mut Transcript,
        gens: &PlusGens,
        statement: &PlusStatement,
        opening: &ExtendedOpening,
        seed: &RecoverySeed,
        rng: &mut R,
    ) -> Result<PlusProof, Error> {
        let openings = core::slice::from_ref(opening);
        Self::prove_shared(transcript, gens, statement, openings, Some(seed), rng)
    }

    /// [`PlusProof::prove_with_generators`] over the process-wide vector generators.
    #[cfg(feature = "std")]
    fn prove_shared<R: rand_core::CryptoRng + ?Sized>(
        transcript: &mut Transcript,
        gens: &PlusGens,
        statement: &PlusStatement,
        openings: &[ExtendedOpening],
        seed: Option<&RecoverySeed>,
        rng: &mut R,
    ) -> Result<PlusProof, Error> {
        let bp = crate::generators::shared(statement.bits(), statement.padded_values());
        Self::prove_with_generators(
            gens.pedersen(),
            &bp,
            transcript,
            statement,
            openings,
            seed,
            rng,
        )
    }

    /// The prover with caller-supplied generators, and optionally a recovery seed (single-value
    /// statements only).
    pub fn prove_with_generators<R: rand_core::CryptoRng + ?Sized>(
        gens: &ExtendedPedersenGens,
        bp: &BulletproofGens,
        transcript: &mut Transcript,
        statement: &PlusStatement,
        openings: &[ExtendedOpening],
        seed: Option<&RecoverySeed>,
        rng: &mut R,
    ) -> Result<PlusProof, Error> {
        let n = statement.bits();
        let m = statement.values();
        let mp = statement.padded_values();
        let k = gens.extension_degree();
        if openings.len() != m {
            return Err(Error::WitnessMismatch {
                witness: openings.len(),
                statement: m,
            });
        }
        if seed.is_some() && m != 1 {
            return Err(Error::AggregatedRecovery { values: m });
        }
        if !bp.covers(n, mp) {
            return Err(Error::GeneratorsTooSmall {
                needed: n.saturating_mul(mp),
                available: bp.gens_capacity().saturating_mul(bp.party_capacity()),
            });
        }
        // Shifted values v − min, checked to lie in [0, 2ⁿ). Branches on secrets whose only
        // outcome is a public error. The openings are independent (several threads with the
        // `parallel` feature); the first failing one in order is the error, as one after the
        // other.
        let items: Vec<(&ExtendedOpening, u64, &CompressedRistretto)> = openings
            .iter()
            .zip(statement.minimums().iter().zip(statement.commitments()))
            .map(|(o, (min, c))| (o, *min, c))
            .collect();
        let checked = crate::util::par::map_owned(items, |index, (opening, min, c)| {
            if opening.blindings.len() != k {
                return Err(Error::InvalidOpening { index });
            }
            // Without branches until the one declassified outcome (feature `ctime`): below the
            // minimum (a borrow), or `v − min ≥ 2ⁿ`.
            let (v, below) = opening.value.overflowing_sub(min);
            let too_big = v.checked_shr(n as u32).unwrap_or(0) != 0;
            if crate::ctime::declassify_bool(below | too_big) {
                return Err(Error::ValueOutOfRange { index });
            }
            let commitment = gens.commit(&Scalar::from(opening.value), &opening.blindings)?;
            // Declassified (feature `ctime`): whether the opening opens the statement's
            // commitment, a public error.
            let opens = commitment.compress().as_bytes().ct_eq(c.as_bytes());
            if !crate::ctime::declassify_bool(bool::from(opens)) {
                return Err(Error::InvalidOpening { index });
            }
            Ok(Zeroizing::new(v))
        });
        let mut shifted = Zeroizing::new(Vec::with_capacity(mp));
        for v in crate::util::par::first_error(checked)? {
            shifted.push(*v);
        }
        shifted.resize(mp, 0);

        bind_statement(transcript, gens, statement);
        // Hedged nonces: a Merlin RNG keyed with the transcript (the statement), the witness and
        // fresh randomness, so that a weak RNG alone does not expose the witness.
        let mut rng_builder = transcript.build_rng();
        for opening in openings {
            rng_builder = rng_builder.rekey_with_witness_bytes(b"v", &opening.value.to_le_bytes());
            for r in &opening.blindings {
                rng_builder = rng_builder.rekey_with_witness_bytes(b"r", r.as_bytes());
            }
        }
        let mut nonces = Nonces::new(seed, rng_builder.finalize(&mut RngAdapter(rng)));
        let blindings: Vec<&[Scalar]> = openings.iter().map(|o| o.blindings.as_slice()).collect();
        let g: Vec<RistrettoPoint> = bp.g_iter(n, mp).copied().collect();
        let h: Vec<RistrettoPoint> = bp.h_iter(n, mp).copied().collect();
        let mut format = MerlinFormat { gens, transcript };
        let out = prove_core(&mut format, &g, &h, n, &shifted, &blindings, &mut nonces)?;
        Ok(PlusProof {
            a: out.a,
            a1: out.a1,
            b: out.b,
            r1: out.r1,
            s1: out.s1,
            d1: out.d1,
            l: out.l,
            r: out.r,
        })
    }
}

/// A Bulletproofs+ range proof as the algebra produces it, points in a format's encoding.
pub(crate) struct CoreProof<E> {
    pub a: E,
    pub a1: E,
    pub b: E,
    pub r1: Scalar,
    pub s1: Scalar,
    pub d1: Vec<Scalar>,
    pub l: Vec<E>,
    pub r: Vec<E>,
}

/// The prover's algebra, for any format: bit commitment `A`, the challenges `y, z`, then the
/// weighted-inner-product argument. `shifted` holds the `m'` values to prove in `[0, 2ⁿ)`
/// (padding parties 0), `blindings` the blinding factors of the `m` real commitments (`k`
/// each); `g`, `h` the `n·m'` vector generators in party order. The caller has bound the
/// statement to the format's transcript and checked the witness.
///
/// Timing: constant-time in `shifted`, `blindings` and the nonces.
// Group additions on a generic `ProverGroup` (clippy cannot see that they never overflow).
#[allow(clippy::arithmetic_side_effects)]
pub(crate) fn prove_core<F: PlusFormat>(
    format: &mut F,
    g: &[F::Point],
    h: &[F::Point],
    n: usize,
    shifted: &[u64],
    blindings: &[&[Scalar]],
    nonces: &mut Nonces<'_>,
) -> Result<CoreProof<F::Encoded>, Error> {
    let mp = shifted.len();
    let k = format.blinding_bases().len();
    let n_total = n.saturating_mul(mp);
    if g.len() < n_total || h.len() < n_total || blindings.len() > mp {
        return Err(Error::GeneratorsTooSmall {
            needed: n_total,
            available: g.len().min(h.len()),
        });
    }
    if let Some(index) = blindings.iter().position(|b| b.len() != k) {
        return Err(Error::InvalidOpening { index });
    }
    // Bits of the shifted values, party after party.
    let mut bits = Zeroizing::new(Vec::with_capacity(n_total));
    for v in shifted.iter() {
        for i in 0..n {
            bits.push(((v >> i) & 1) as u8);
        }
    }

    // A = ⟨a_L, G⟩ + ⟨a_R, H⟩ + Σ α_k·B̃_k = Σ (βᵢ ? Gᵢ : −Hᵢ) + Σ α_k·B̃_k, with constant-time
    // selection (a_R = a_L − 1).
    let alpha = nonces.vector(ALPHA, None, k)?;
    let mut a_point = format.mul_blinding(&alpha);
    // In two halves (side by side with the `parallel` feature): the same sum.
    let select_sum = |bits: &[u8], g: &[F::Point], h: &[F::Point]| {
        let mut sum = F::Point::identity();
        for ((bit, gi), hi) in bits.iter().zip(g).zip(h) {
            sum += F::Point::conditional_select(&-*hi, gi, Choice::from(*bit));
        }
        sum
    };
    let half = n_total / 2;
    let (lo, hi) = crate::util::par::join(
        || select_sum(bits.get(..half).unwrap_or(&[]), g, h),
        || {
            select_sum(
                bits.get(half..).unwrap_or(&[]),
                g.get(half..).unwrap_or(&[]),
                h.get(half..).unwrap_or(&[]),
            )
        },
    );
    a_point += lo + hi;
    let a_point = format.encode(&a_point);
    let (y, z) = format.challenges_y_z(&a_point)?;
    // â_L = a_L − z·1;  â_R = a_R + d∘y⃖ + z·1 with dᵢ = z^{2(j+1)}·2^{i mod n} (party j)
    // and y⃖ᵢ = y^{N−i}: so â_R = β + ρ with public ρ = d∘y⃖ + (z − 1)·1.
    let zz = z * z;
    let y_inv = y.invert();
    let two_y_inv = Scalar::from(2u64) * y_inv;
    let y_n = scalar_pow(&y, n_total as u64);
    let mut rho = Vec::with_capacity(n_total);
    let mut party_factor = zz * y_n; // z^{2(j+1)}·y^{N−jn}
    let y_inv_n = scalar_pow(&y_inv, n as u64);
    for _ in 0..mp {
        rho.extend(
            powers(two_y_inv)
                .take(n)
                .map(|p| party_factor * p + z - Scalar::ONE),
        );
        party_factor *= zz * y_inv_n;
    }
    let a: Zeroizing<Vec<Scalar>> =
        Zeroizing::new(bits.iter().map(|b| Scalar::from(*b) - z).collect());
    let b: Zeroizing<Vec<Scalar>> = Zeroizing::new(
        bits.iter()
            .zip(&rho)
            .map(|(b, rho)| Scalar::from(*b) + rho)
            .collect(),
    );
    // α̂_k = α_k + y^{N+1}·Σ_j z^{2(j+1)}·r_{j,k}  (padding parties have r = 0).
    let y_n1 = y_n * y;
    let mut alpha_hat = alpha;
    let mut z_pow = Scalar::ONE;
    for party in blindings {
        z_pow *= zz;
        let factor = z_pow * y_n1;
        for (ah, r) in alpha_hat.iter_mut().zip(party.iter()) {
            *ah += factor * r;
        }
    }
    let witness = WipWitness {
        bits,
        a,
        b,
        rho,
        party_bits: n,
        kappa: -z,
        alpha: alpha_hat,
    };
    let out = wip::prove(format, g, h, &y, witness, nonces)?;
    Ok(CoreProof {
        a: a_point,
        a1: out.a1,
        b: out.b,
        r1: out.r1,
        s1: out.s1,
        d1: out.d1,
        l: out.l,
        r: out.r,
    })
}
