//! The local prover: the aggregation protocol run in one process (one code path for both).

use super::{check_bits, check_parties, RangeProof, RangeStatement};
use crate::aggregation::{Dealer, Party};
use crate::commitment::Opening;
use crate::errors::Error;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::util::par;
use alloc::vec::Vec;
use merlin::Transcript;
use zeroize::Zeroizing;

impl RangeProof {
    /// Proves that each opening's value lies in `[0, 2ⁿ)`, with the default generators.
    ///
    /// One opening gives a single-value proof, several an aggregated proof (up to 64; see the
    /// padding rule in the spec). Returns the proof and the statement it proves (the
    /// commitments). Constant-time in the values, blindings and nonces.
    ///
    /// ```
    /// use bpkit::{Opening, RangeProof};
    /// use merlin::Transcript;
    /// # let mut rng = rand_chacha::ChaCha20Rng::from_seed([7; 32]);
    /// # use rand::SeedableRng;
    /// let opening = Opening::random(1_000_000, &mut rng);
    /// let (proof, statement) =
    ///     RangeProof::prove(&mut Transcript::new(b"example"), &[opening], 64, &mut rng)?;
    /// assert_eq!(proof.to_bytes().len(), 672);
    /// proof.verify(&mut Transcript::new(b"example"), &statement)?;
    /// # Ok::<(), bpkit::Error>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn prove<R: rand_core::CryptoRng + ?Sized>(
        transcript: &mut Transcript,
        openings: &[Opening],
        bits: usize,
        rng: &mut R,
    ) -> Result<(RangeProof, RangeStatement), Error> {
        check_bits(bits)?;
        check_parties(openings.len())?;
        let bp_gens = crate::generators::shared(bits, super::padded_parties(openings.len()));
        let pc_gens = crate::generators::shared_pedersen();
        Self::prove_with_generators(pc_gens, &bp_gens, transcript, openings, bits, rng)
    }

    /// [`RangeProof::prove`] with caller-supplied generators.
    pub fn prove_with_generators<R: rand_core::CryptoRng + ?Sized>(
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
        transcript: &mut Transcript,
        openings: &[Opening],
        bits: usize,
        rng: &mut R,
    ) -> Result<(RangeProof, RangeStatement), Error> {
        check_bits(bits)?;
        let m = openings.len();
        check_parties(m)?;
        let dealer = Dealer::new(pc_gens, bp_gens, transcript, bits, m, rng)?;

        // Each party's 32 bytes of fresh randomness, drawn in the parties' order (as the
        // protocol run one party after the other draws them), so that the parties can then run
        // on several threads (`parallel` feature) and the proof is the same whatever their
        // number. The split across threads depends only on m, never on the openings.
        let entropy: Vec<Zeroizing<[u8; 32]>> = (0..m)
            .map(|_| {
                let mut e = Zeroizing::new([0u8; 32]);
                rng.fill_bytes(e.as_mut());
                e
            })
            .collect();
        let started = par::first_error(par::map_owned(
            openings.iter().zip(&entropy).collect(),
            |j, (opening, entropy)| {
                let party = Party::new(pc_gens, bp_gens, opening, bits).map_err(|e| match e {
                    Error::ValueOutOfRange { .. } => Error::ValueOutOfRange { index: j },
                    other => other,
                })?;
                party.assign_position_with_entropy(j, entropy)
            },
        ))?;
        drop(entropy);
        let (parties, bit_commitments): (Vec<_>, Vec<_>) = started.into_iter().unzip();
        let commitments = bit_commitments.iter().map(|bc| bc.v_j.compressed).collect();
        let (dealer, bit_challenge) = dealer.receive_bit_commitments(bit_commitments)?;

        let polys = par::first_error(par::map_owned(parties, |_, party| {
            party.apply_challenge(&bit_challenge)
        }))?;
        let (next, poly_commitments): (Vec<_>, Vec<_>) = polys.into_iter().unzip();
        let (dealer, poly_challenge) = dealer.receive_poly_commitments(poly_commitments)?;

        let shares = par::first_error(par::map_owned(next, |_, party| {
            party.apply_challenge(&poly_challenge)
        }))?;
        let proof = dealer.receive_trusted_shares(shares)?;
        Ok((proof, RangeStatement::new(bits, commitments)?))
    }
}
