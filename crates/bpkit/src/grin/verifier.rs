//! The verifier: one multiscalar multiplication per proof, or per batch.
//!
//! Each proof is reduced to one equation over `G`, `H`, the `G_i`, `H_i` and its own points
//! (see docs/notes/grin.md): the inner-product check, plus the polynomial check weighted by
//! `SHA256(state)` as the C module weights it. The C module's additional rejections are kept so
//! that both accept exactly the same proofs: zero `τx`, `μ`, `t`, `a`, `b`, and any challenge
//! that is not a canonical non-zero scalar.
//!
//! Everything here is public; the multiplications are variable-time.

use super::generators::GrinGens;
use super::proof::{rounds, GrinProof};
use super::statement::GrinStatement;
use super::transcript::Transcript;
use crate::errors::Error;
use crate::group::secp256k1::encoding::{scalar_bytes, Commitment33, XPoint};
use crate::group::secp256k1::msm::vartime_msm;
use crate::group::secp256k1::{AffinePoint, ProjectivePoint, Scalar};
use alloc::vec::Vec;
use k256::elliptic_curve::ops::Reduce;
use k256::U256;
use sha2::{Digest, Sha256};

/// One proof's verification equation: `Σ gᵢ·G_i + Σ hᵢ·H_i + g·G + h·H + Σ sⱼ·Pⱼ = 0`.
#[derive(Clone, Debug)]
pub(crate) struct Equation {
    pub(crate) gi: Vec<Scalar>,
    pub(crate) hi: Vec<Scalar>,
    pub(crate) g: Scalar,
    pub(crate) h: Scalar,
    pub(crate) others: Vec<(Scalar, AffinePoint)>,
}

fn nonzero(s: &Scalar) -> Result<(), Error> {
    if bool::from(s.is_zero()) {
        Err(Error::VerificationFailed)
    } else {
        Ok(())
    }
}

fn invert(s: &Scalar) -> Result<Scalar, Error> {
    Option::<Scalar>::from(s.invert()).ok_or(Error::VerificationFailed)
}

/// The transcript up to and including `x`, shared by the verifier and rewinding.
pub(crate) struct Challenges {
    pub(crate) y: Scalar,
    pub(crate) z: Scalar,
    pub(crate) x: Scalar,
    pub(crate) transcript: Transcript,
}

pub(crate) fn challenges(
    gens: &GrinGens,
    commitment: &Commitment33,
    extra: Option<&[u8]>,
    a: &XPoint,
    s: &XPoint,
    t1: &XPoint,
    t2: &XPoint,
) -> Result<Challenges, Error> {
    let h = XPoint::from_point(&ProjectivePoint::from(gens.h)).ok_or(Error::InvalidGenerators)?;
    let mut transcript = Transcript::new();
    transcript.points(&commitment.xpoint, &h);
    if let Some(extra) = extra {
        transcript.bytes(extra);
    }
    transcript.points(a, s);
    let y = transcript.challenge()?;
    transcript.points(a, s);
    let z = transcript.challenge()?;
    transcript.points(t1, t2);
    let x = transcript.challenge()?;
    Ok(Challenges {
        y,
        z,
        x,
        transcript,
    })
}

/// Builds the equation of one proof (errors for the C module's early rejections).
pub(crate) fn equation(
    gens: &GrinGens,
    statement: &GrinStatement,
    proof: &GrinProof,
) -> Result<Equation, Error> {
    let n = proof.bits;
    if n != statement.bits {
        return Err(Error::InvalidBitSize(statement.bits));
    }
    for s in [&proof.neg_taux, &proof.neg_mu, &proof.t]
        .into_iter()
        .chain(proof.a_final.iter())
        .chain(proof.b_final.iter())
    {
        nonzero(s)?;
    }
    let Challenges {
        y,
        z,
        x,
        mut transcript,
    } = challenges(
        gens,
        &statement.commitment,
        statement.extra.as_deref(),
        &proof.a,
        &proof.s,
        &proof.t1,
        &proof.t2,
    )?;
    transcript.bytes(&proof.scalars_prefix());
    let c = transcript.peek_hash_challenge()?;
    transcript.bytes(&scalar_bytes(&proof.t));
    let ux = transcript.challenge()?;
    let k = rounds(n);
    let mut xs = Vec::with_capacity(k);
    for (l, r) in &proof.lr {
        transcript.points(l, r);
        xs.push(transcript.challenge()?);
    }
    let ab: Scalar = proof
        .a_final
        .iter()
        .zip(&proof.b_final)
        .fold(Scalar::ZERO, |acc, (a, b)| acc + a * b);
    if n <= 2 && ab != proof.t {
        return Err(Error::VerificationFailed);
    }

    // s[i] = Πᵣ xᵣ^(±1) (+ when bit r of i is set), sinv[i] = 1/s[i], for i < 2ᵏ.
    let x_inv: Vec<Scalar> = xs.iter().map(invert).collect::<Result<_, _>>()?;
    let width = 1usize
        .checked_shl(u32::try_from(k).unwrap_or(u32::MAX))
        .unwrap_or(1);
    let mut s = Vec::with_capacity(width);
    let mut sinv = Vec::with_capacity(width);
    s.push(x_inv.iter().fold(Scalar::ONE, |acc, v| acc * v));
    sinv.push(xs.iter().fold(Scalar::ONE, |acc, v| acc * v));
    for i in 1..width {
        let low = usize::try_from(i.trailing_zeros()).unwrap_or(0);
        let prev = i & i.wrapping_sub(1);
        let (Some(sp), Some(ip), Some(xv), Some(xi)) =
            (s.get(prev), sinv.get(prev), xs.get(low), x_inv.get(low))
        else {
            return Err(Error::VerificationFailed);
        };
        s.push(*sp * xv * xv);
        sinv.push(*ip * xi * xi);
    }

    let y_inv = invert(&y)?;
    let zz = z * z;
    let mut gi = Vec::with_capacity(n);
    let mut hi = Vec::with_capacity(n);
    let mut y_inv_i = Scalar::ONE;
    let mut two_i = Scalar::ONE;
    let mut y_sum = Scalar::ZERO;
    let mut y_i = Scalar::ONE;
    for i in 0..n {
        let block = i
            .checked_shr(u32::try_from(k).unwrap_or(u32::MAX))
            .unwrap_or(0);
        let low = i & width.wrapping_sub(1);
        let (Some(a), Some(b), Some(sv), Some(si)) = (
            proof.a_final.get(block),
            proof.b_final.get(block),
            s.get(low),
            sinv.get(low),
        ) else {
            return Err(Error::VerificationFailed);
        };
        gi.push(-z - *a * sv);
        hi.push(z + (zz * two_i - *b * si) * y_inv_i);
        y_sum += y_i;
        y_i *= y;
        y_inv_i *= y_inv;
        two_i += two_i;
    }
    // δ(y, z) = (z − z²)·Σ yⁱ − z³·(2ⁿ − 1); two_i is now 2ⁿ.
    let delta = (z - zz) * y_sum - zz * z * (two_i - Scalar::ONE);
    let mut others = Vec::with_capacity(5usize.saturating_add(2usize.saturating_mul(k)));
    others.push((Scalar::ONE, proof.a.point));
    others.push((x, proof.s.point));
    others.push((c * x, proof.t1.point));
    others.push((c * x * x, proof.t2.point));
    others.push((c * zz, statement.commitment.xpoint.point));
    for ((l, r), (xv, xi)) in proof.lr.iter().zip(xs.iter().zip(&x_inv)) {
        others.push((*xv * xv, l.point));
        others.push((*xi * xi, r.point));
    }
    Ok(Equation {
        gi,
        hi,
        g: proof.neg_mu + ux * (proof.t - ab) + c * proof.neg_taux,
        h: c * (delta - proof.t),
        others,
    })
}

/// `Σ wⱼ·Eⱼ` as one multiplication; true when it is the identity.
fn weighted_sum_is_zero(gens: &GrinGens, set: &[(Scalar, &Equation)]) -> bool {
    let n = set.iter().map(|(_, e)| e.gi.len()).max().unwrap_or(0);
    let mut gi = alloc::vec![Scalar::ZERO; n];
    let mut hi = alloc::vec![Scalar::ZERO; n];
    let mut g = Scalar::ZERO;
    let mut h = Scalar::ZERO;
    let mut scalars = Vec::new();
    let mut points = Vec::new();
    for (w, e) in set {
        for (acc, v) in gi.iter_mut().zip(&e.gi) {
            *acc += *w * v;
        }
        for (acc, v) in hi.iter_mut().zip(&e.hi) {
            *acc += *w * v;
        }
        g += *w * e.g;
        h += *w * e.h;
        for (s, p) in &e.others {
            scalars.push(*w * s);
            points.push(*p);
        }
    }
    scalars.extend(gi);
    points.extend(gens.gi.iter().take(n).copied());
    scalars.extend(hi);
    points.extend(gens.hi.iter().take(n).copied());
    scalars.push(g);
    points.push(gens.g);
    scalars.push(h);
    points.push(gens.h);
    // Variable-time: verification inputs are public.
    vartime_msm(&scalars, &points) == ProjectivePoint::IDENTITY
}

/// Verifies one proof against its statement.
pub fn verify(gens: &GrinGens, statement: &GrinStatement, proof: &GrinProof) -> Result<(), Error> {
    let eq = equation(gens, statement, proof)?;
    if weighted_sum_is_zero(gens, &[(Scalar::ONE, &eq)]) {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}

/// Batch weights: `w₀ = 1`, `wⱼ = SHA256(d ‖ j)` reduced, with `d` the SHA-256 of every proof
/// and statement of the batch, so that no prover can choose them and no RNG is needed.
fn weights(items: &[(GrinStatement, GrinProof)]) -> Vec<Scalar> {
    let mut d = Sha256::new();
    d.update(b"bpkit grin-bp batch v1");
    for (st, pr) in items {
        d.update(st.commitment.to_bytes());
        d.update((st.bits as u64).to_le_bytes());
        match &st.extra {
            None => d.update([0u8]),
            Some(e) => {
                d.update([1u8]);
                d.update((e.len() as u64).to_le_bytes());
                d.update(e);
            }
        }
        d.update(pr.to_bytes());
    }
    let digest = d.finalize();
    (0..items.len())
        .map(|j| {
            if j == 0 {
                return Scalar::ONE;
            }
            let h: [u8; 32] = Sha256::new()
                .chain_update(digest)
                .chain_update((j as u64).to_le_bytes())
                .finalize()
                .into();
            let w = <Scalar as Reduce<U256>>::reduce_bytes(&h.into());
            // A zero weight would drop its proof from the sum (probability about 2⁻²⁵⁶).
            if bool::from(w.is_zero()) {
                Scalar::ONE
            } else {
                w
            }
        })
        .collect()
}

/// Verifies many proofs (any bit sizes) in one multiscalar multiplication. On failure, returns
/// the positions of the invalid proofs, found by bisection with the batch's weights.
pub fn verify_batch(
    gens: &GrinGens,
    items: &[(GrinStatement, GrinProof)],
) -> Result<(), Vec<usize>> {
    let w = weights(items);
    let mut failed = Vec::new();
    let mut good: Vec<(usize, Scalar, Equation)> = Vec::with_capacity(items.len());
    for (j, ((st, pr), wj)) in items.iter().zip(w).enumerate() {
        match equation(gens, st, pr) {
            Ok(e) => good.push((j, wj, e)),
            Err(_) => failed.push(j),
        }
    }
    let set: Vec<(usize, (Scalar, &Equation))> =
        good.iter().map(|(j, w, e)| (*j, (*w, e))).collect();
    // Bisection with the batch's weights (shared with the Ristretto batch verifier).
    let holds = |subset: &[(usize, (Scalar, &Equation))]| {
        let pairs: Vec<(Scalar, &Equation)> = subset.iter().map(|(_, we)| *we).collect();
        weighted_sum_is_zero(gens, &pairs)
    };
    crate::util::bisect::bisect(&set, false, &holds, &mut failed);
    if failed.is_empty() {
        Ok(())
    } else {
        failed.sort_unstable();
        Err(failed)
    }
}
