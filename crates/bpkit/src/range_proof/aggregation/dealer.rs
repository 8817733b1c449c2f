//! The dealer: combines the parties' messages, draws the challenges from the transcript, checks
//! the shares and assembles the proof. The dealer learns no value or blinding.

use super::messages::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use super::party::{Party, PartyAwaitingBitChallenge, PartyAwaitingPolyChallenge};
use crate::errors::{Error, ProtocolError};
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::encoding::Point;
use crate::group::{msm, RistrettoPoint, Scalar};
use crate::inner_product;
use crate::range_proof::{check_bits, check_parties, padded_parties, RangeProof};
use crate::transcript::TranscriptProtocol;
use crate::util::scalars::{inner_product as ip, powers, scalar_pow, sum_of_powers};
use alloc::vec::Vec;
use merlin::Transcript;

/// Entry point of the dealer side of the protocol.
pub struct Dealer;

impl Dealer {
    /// A dealer for `m` parties (1 to 64) proving `n`-bit ranges.
    ///
    /// When `m` is not a power of two the dealer itself runs the padding parties (value 0,
    /// blinding 0, commitment the identity) at positions `m..m'`; `rng` feeds their nonces.
    #[allow(clippy::new_ret_no_self)]
    pub fn new<'a, 't, R: rand_core::CryptoRng + ?Sized>(
        pc_gens: &'a PedersenGens,
        bp_gens: &'a BulletproofGens,
        transcript: &'t mut Transcript,
        n: usize,
        m: usize,
        rng: &mut R,
    ) -> Result<DealerAwaitingBitCommitments<'a, 't>, Error> {
        check_bits(n)?;
        check_parties(m)?;
        let m_padded = padded_parties(m);
        if !bp_gens.covers(n, m_padded) {
            return Err(Error::GeneratorsTooSmall {
                needed: n.saturating_mul(m_padded),
                available: bp_gens
                    .gens_capacity()
                    .saturating_mul(bp_gens.party_capacity()),
            });
        }
        transcript.rangeproof_domain_sep(n as u64, m_padded as u64);
        let mut padding = Vec::new();
        let mut padding_messages = Vec::new();
        for j in m..m_padded {
            let (state, message) = Party::padding(pc_gens, bp_gens, n).assign_position(j, rng)?;
            padding.push(state);
            padding_messages.push(message);
        }
        Ok(DealerAwaitingBitCommitments {
            common: Common {
                pc_gens,
                bp_gens,
                transcript,
                n,
                m,
                m_padded,
            },
            padding,
            padding_messages,
        })
    }
}

struct Common<'a, 't> {
    pc_gens: &'a PedersenGens,
    bp_gens: &'a BulletproofGens,
    transcript: &'t mut Transcript,
    n: usize,
    m: usize,
    m_padded: usize,
}

fn check_count(expected: usize, received: usize) -> Result<(), Error> {
    if expected == received {
        Ok(())
    } else {
        Err(ProtocolError::WrongMessageCount { expected, received }.into())
    }
}

/// Sums points (identity for none).
fn sum<'p>(points: impl Iterator<Item = &'p Point>) -> RistrettoPoint {
    points.map(|p| p.point).sum()
}

/// The dealer waiting for every party's [`BitCommitment`].
pub struct DealerAwaitingBitCommitments<'a, 't> {
    common: Common<'a, 't>,
    padding: Vec<PartyAwaitingBitChallenge<'a>>,
    padding_messages: Vec<BitCommitment>,
}

impl<'a, 't> DealerAwaitingBitCommitments<'a, 't> {
    /// Takes the `m` bit commitments, in position order, and returns the challenges `y, z`.
    pub fn receive_bit_commitments(
        self,
        messages: Vec<BitCommitment>,
    ) -> Result<(DealerAwaitingPolyCommitments<'a, 't>, BitChallenge), Error> {
        let DealerAwaitingBitCommitments {
            common,
            padding,
            mut padding_messages,
        } = self;
        check_count(common.m, messages.len())?;
        let mut all = messages;
        all.append(&mut padding_messages);
        // V_j may be the identity (padding, or a zero value with zero blinding).
        for bc in &all {
            common.transcript.append_point(b"V", &bc.v_j.compressed);
        }
        let a = Point::from_point(sum(all.iter().map(|bc| &bc.a_j)));
        let s = Point::from_point(sum(all.iter().map(|bc| &bc.s_j)));
        common.transcript.append_point(b"A", &a.compressed);
        common.transcript.append_point(b"S", &s.compressed);
        let y = common.transcript.challenge_scalar(b"y");
        let z = common.transcript.challenge_scalar(b"z");
        let challenge = BitChallenge { y, z };

        let mut next_padding = Vec::with_capacity(padding.len());
        let mut poly_padding = Vec::with_capacity(padding.len());
        for p in padding {
            let (state, message) = p.apply_challenge(&challenge)?;
            next_padding.push(state);
            poly_padding.push(message);
        }
        Ok((
            DealerAwaitingPolyCommitments {
                common,
                bit_challenge: challenge,
                bit_commitments: all,
                a,
                s,
                padding: next_padding,
                padding_messages: poly_padding,
            },
            challenge,
        ))
    }
}

/// The dealer waiting for every party's [`PolyCommitment`].
pub struct DealerAwaitingPolyCommitments<'a, 't> {
    common: Common<'a, 't>,
    bit_challenge: BitChallenge,
    bit_commitments: Vec<BitCommitment>,
    a: Point,
    s: Point,
    padding: Vec<PartyAwaitingPolyChallenge>,
    padding_messages: Vec<PolyCommitment>,
}

impl<'a, 't> DealerAwaitingPolyCommitments<'a, 't> {
    /// Takes the `m` polynomial commitments, in position order, and returns the challenge `x`.
    pub fn receive_poly_commitments(
        self,
        messages: Vec<PolyCommitment>,
    ) -> Result<(DealerAwaitingProofShares<'a, 't>, PolyChallenge), Error> {
        let DealerAwaitingPolyCommitments {
            common,
            bit_challenge,
            bit_commitments,
            a,
            s,
            padding,
            mut padding_messages,
        } = self;
        check_count(common.m, messages.len())?;
        let mut all = messages;
        all.append(&mut padding_messages);
        let t_1 = Point::from_point(sum(all.iter().map(|pc| &pc.t_1_j)));
        let t_2 = Point::from_point(sum(all.iter().map(|pc| &pc.t_2_j)));
        common.transcript.append_point(b"T_1", &t_1.compressed);
        common.transcript.append_point(b"T_2", &t_2.compressed);
        let x = common.transcript.challenge_scalar(b"x");
        let challenge = PolyChallenge { x };
        let mut padding_shares = Vec::with_capacity(padding.len());
        for p in padding {
            padding_shares.push(p.apply_challenge(&challenge)?);
        }
        Ok((
            DealerAwaitingProofShares {
                common,
                bit_challenge,
                poly_challenge: challenge,
                bit_commitments,
                poly_commitments: all,
                a,
                s,
                t_1,
                t_2,
                padding_shares,
            },
            challenge,
        ))
    }
}

/// The dealer waiting for every party's [`ProofShare`].
pub struct DealerAwaitingProofShares<'a, 't> {
    common: Common<'a, 't>,
    bit_challenge: BitChallenge,
    poly_challenge: PolyChallenge,
    bit_commitments: Vec<BitCommitment>,
    poly_commitments: Vec<PolyCommitment>,
    a: Point,
    s: Point,
    t_1: Point,
    t_2: Point,
    padding_shares: Vec<ProofShare>,
}

impl DealerAwaitingProofShares<'_, '_> {
    /// Checks every share and assembles the proof.
    ///
    /// A share that is malformed (vectors not `n` long) or inconsistent with its party's earlier
    /// commitments makes the whole call fail with [`ProtocolError::MaliciousParties`], whose
    /// bitmask names every party at fault and no other (bit `j` for position `j`;
    /// [`Error::blamed_parties`] lists them). Every share is checked, so several bad parties are
    /// all named. When every share passes, the assembled proof verifies.
    ///
    /// Cost: one multiscalar multiplication of `2n + 3` points per party, about what verifying
    /// a single-value proof costs.
    pub fn receive_shares(self, shares: Vec<ProofShare>) -> Result<RangeProof, Error> {
        check_count(self.common.m, shares.len())?;
        let mut bad = 0u64;
        for (j, share) in shares.iter().enumerate() {
            if !self.audit_share(j, share) {
                bad |= 1u64.checked_shl(j as u32).unwrap_or(0);
            }
        }
        if bad != 0 {
            return Err(ProtocolError::MaliciousParties(bad).into());
        }
        self.assemble(shares)
    }

    /// Assembles the proof without checking the shares: for a dealer that runs every party
    /// itself (the local prover). A bad share then yields a proof that does not verify.
    pub fn receive_trusted_shares(self, shares: Vec<ProofShare>) -> Result<RangeProof, Error> {
        check_count(self.common.m, shares.len())?;
        self.assemble(shares)
    }

    /// Checks party `j`'s share against its commitments (notes: "Checking a share").
    /// Every input is public to the dealer; variable-time is fine.
    fn audit_share(&self, j: usize, share: &ProofShare) -> bool {
        let n = self.common.n;
        let (Some(bc), Some(pc), Some((g, h))) = (
            self.bit_commitments.get(j),
            self.poly_commitments.get(j),
            self.common.bp_gens.party(j, n),
        ) else {
            return false;
        };
        if share.l_vec.len() != n || share.r_vec.len() != n {
            return false;
        }
        let BitChallenge { y, z } = self.bit_challenge;
        let x = self.poly_challenge.x;
        let y_jn = scalar_pow(&y, (j as u64).saturating_mul(n as u64));
        let z_j = scalar_pow(&z, j as u64);
        let zz_j = z * z * z_j;

        // t(x) must be ⟨l, r⟩.
        if share.t_x != ip(&share.l_vec, &share.r_vec) {
            return false;
        }
        // t_x·B + τ_x·B̃ = z^{2+j}·V_j + δ_j·B + x·T_1 + x²·T_2, with
        // δ_j = (z − z²)·Σ y^{jn+i} − z^{3+j}·Σ 2ⁱ.
        let sum_y = y_jn * sum_of_powers(&y, n);
        let sum_2 = powers(Scalar::from(2u64)).take(n).sum::<Scalar>();
        let delta = (z - z * z) * sum_y - z * zz_j * sum_2;
        let pc_gens = self.common.pc_gens;
        let lhs = msm::vartime(
            [share.t_x - delta, share.t_x_blinding, -zz_j, -x, -(x * x)],
            [
                pc_gens.b(),
                pc_gens.b_blinding(),
                &bc.v_j.point,
                &pc.t_1_j.point,
                &pc.t_2_j.point,
            ],
        );
        if lhs != Some(RistrettoPoint::default()) {
            return false;
        }
        // A_j + x·S_j = μ·B̃ + ⟨l + z, G⟩ + ⟨y^{−(jn+i)}∘(r − z^{2+j}·2ⁱ) − z, H⟩.
        let y_inv = y.invert();
        let y_jn_inv = scalar_pow(&y_inv, (j as u64).saturating_mul(n as u64));
        let two = Scalar::from(2u64);
        let g_scalars = share.l_vec.iter().map(|l| l + z);
        let h_scalars = share
            .r_vec
            .iter()
            .zip(powers(y_inv).map(|p| p * y_jn_inv))
            .zip(powers(two))
            .map(|((r, yi), p2)| yi * (r - zz_j * p2) - z);
        let check = msm::vartime(
            g_scalars
                .chain(h_scalars)
                .chain([share.e_blinding, -Scalar::ONE, -x]),
            g.iter()
                .chain(h)
                .chain([pc_gens.b_blinding(), &bc.a_j.point, &bc.s_j.point]),
        );
        check == Some(RistrettoPoint::default())
    }

    fn assemble(self, shares: Vec<ProofShare>) -> Result<RangeProof, Error> {
        let DealerAwaitingProofShares {
            common,
            bit_challenge,
            a,
            s,
            t_1,
            t_2,
            padding_shares,
            ..
        } = self;
        let n = common.n;
        let all: Vec<ProofShare> = shares.into_iter().chain(padding_shares).collect();
        if all
            .iter()
            .any(|sh| sh.l_vec.len() != n || sh.r_vec.len() != n)
        {
            return Err(Error::WitnessMismatch {
                witness: 0,
                statement: n,
            });
        }
        let t_x: Scalar = all.iter().map(|sh| sh.t_x).sum();
        let t_x_blinding: Scalar = all.iter().map(|sh| sh.t_x_blinding).sum();
        let e_blinding: Scalar = all.iter().map(|sh| sh.e_blinding).sum();
        common.transcript.append_scalar(b"t_x", &t_x);
        common
            .transcript
            .append_scalar(b"t_x_blinding", &t_x_blinding);
        common.transcript.append_scalar(b"e_blinding", &e_blinding);
        let w = common.transcript.challenge_scalar(b"w");
        let q = common.pc_gens.mul_b(&w);

        let mut l_vec = Vec::with_capacity(n.saturating_mul(common.m_padded));
        let mut r_vec = Vec::with_capacity(n.saturating_mul(common.m_padded));
        for sh in &all {
            l_vec.extend_from_slice(&sh.l_vec);
            r_vec.extend_from_slice(&sh.r_vec);
        }
        let g: Vec<RistrettoPoint> = common.bp_gens.g_iter(n, common.m_padded).copied().collect();
        let h: Vec<RistrettoPoint> = common.bp_gens.h_iter(n, common.m_padded).copied().collect();
        let y_inv = bit_challenge.y.invert();
        let ipp = inner_product::prove(common.transcript, &q, &y_inv, g, h, l_vec, r_vec);
        Ok(RangeProof {
            a,
            s,
            t_1,
            t_2,
            t_x,
            t_x_blinding,
            e_blinding,
            ipp,
        })
    }
}
