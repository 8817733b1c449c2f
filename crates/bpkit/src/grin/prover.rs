//! The prover: secp256k1-zkp's `bulletproof_rangeproof_prove` for one commitment, byte for byte.
//!
//! Single-party proving and the three multi-party steps run the same code ([`run`]); they
//! differ only in where `T₁`, `T₂` and `τx` come from.
//!
//! Timing: constant-time in the value, blinding and nonces up to `x` and `τx` (k256's
//! constant-time arithmetic and multiplication). The inner-product argument then runs in
//! variable time on `l(x)`, `r(x)`: those vectors are blinded by `s_L·x`, `s_R·x` and the
//! original protocol sends them in the clear (the argument only compresses them), so they are
//! not secrets. The C module makes the same choice.

use super::generators::GrinGens;
use super::nonces::scalar_pair;
use super::proof::{final_len, rounds, GrinProof};
use super::statement::check_bits;
use super::transcript::Transcript;
use super::witness::{GrinWitness, MESSAGE_SIZE};
use crate::errors::Error;
use crate::group::secp256k1::encoding::{scalar_bytes, Commitment33, XPoint};
use crate::group::secp256k1::msm::{ct_msm, ct_mul, vartime_msm};
use crate::group::secp256k1::{AffinePoint, ProjectivePoint, Scalar};
use alloc::vec::Vec;
use k256::elliptic_curve::subtle::{Choice, ConditionallySelectable};
use k256::elliptic_curve::PrimeField;
use zeroize::Zeroizing;

/// Where the prover's `T₁`, `T₂` and `τx` come from.
pub(crate) enum Mode {
    /// One prover: τ₁, τ₂ from the private nonce; a full proof.
    Single,
    /// Multi-party step 1: return `τ₁·G`, `τ₂·G` (this party's shares of `T₁`, `T₂`).
    TShares,
    /// Multi-party step 2: with the summed `T₁`, `T₂` shares, return this party's `τx` share.
    TauShare {
        /// Σ τ₁ⱼ·G.
        t1: ProjectivePoint,
        /// Σ τ₂ⱼ·G.
        t2: ProjectivePoint,
    },
    /// Multi-party step 3: with the summed shares and the summed `τx`, the full proof.
    Finish {
        /// Σ τ₁ⱼ·G.
        t1: ProjectivePoint,
        /// Σ τ₂ⱼ·G.
        t2: ProjectivePoint,
        /// Σ τxⱼ.
        taux: Scalar,
    },
}

/// What [`run`] returns, by mode (short-lived: its size does not matter).
#[allow(clippy::large_enum_variant)]
pub(crate) enum Output {
    Proof(GrinProof),
    TShares(ProjectivePoint, ProjectivePoint),
    TauShare(Scalar),
}

/// The commitment `v·H + γ·G` (constant-time in both).
pub fn commit(gens: &GrinGens, value: u64, blinding: &Scalar) -> Result<Commitment33, Error> {
    let p = ct_msm(
        &[Scalar::from(value), *blinding],
        &[ProjectivePoint::from(gens.h), ProjectivePoint::from(gens.g)],
    );
    Commitment33::from_point(&p).ok_or(Error::InvalidCommitment { index: 0 })
}

/// The value and message packed as the C module hides them in α: big-endian 32 bytes with the
/// value in bytes 24..32 and the message in bytes 4..24.
fn packed_value(value: u64, message: Option<&[u8; MESSAGE_SIZE]>) -> Scalar {
    let mut bytes = Zeroizing::new([0u8; 32]);
    if let Some(tail) = bytes.get_mut(24..) {
        tail.copy_from_slice(&value.to_be_bytes());
    }
    if let (Some(m), Some(slot)) = (message, bytes.get_mut(4..24)) {
        slot.copy_from_slice(m);
    }
    // The top four bytes are zero, so this is below the group order. `CtOption::unwrap_or`
    // selects in constant time (converting to `Option` first branched on the secret).
    Scalar::from_repr((*bytes).into()).unwrap_or(Scalar::ZERO)
}

fn inner(a: &[Scalar], b: &[Scalar]) -> Scalar {
    a.iter()
        .zip(b)
        .fold(Scalar::ZERO, |acc, (x, y)| acc + x * y)
}

/// The prover, every mode. `commitment` is the statement's commitment (in multi-party mode the
/// sum of every party's); `witness.blinding` is this party's blinding (share).
pub(crate) fn run(
    gens: &GrinGens,
    commitment: &Commitment33,
    bits: usize,
    extra: Option<&[u8]>,
    witness: &GrinWitness,
    mode: Mode,
) -> Result<Output, Error> {
    check_bits(bits)?;
    // Declassified (feature `ctime`): the outcomes of the range check and of the zero-blinding
    // check, public errors.
    if crate::ctime::declassify_bool(witness.value.checked_shr(bits as u32).unwrap_or(0) != 0) {
        return Err(Error::ValueOutOfRange { index: 0 });
    }
    if crate::ctime::declassify_bool(bool::from(witness.blinding.is_zero())) {
        return Err(Error::InvalidOpening { index: 0 });
    }
    let gi = gens.gi.get(..bits).ok_or(Error::InvalidBitSize(bits))?;
    let hi = gens.hi.get(..bits).ok_or(Error::InvalidBitSize(bits))?;
    let g = ProjectivePoint::from(gens.g);
    let h = ProjectivePoint::from(gens.h);
    let h_x = XPoint::from_point(&h).ok_or(Error::InvalidGenerators)?;

    let mut transcript = Transcript::new();
    transcript.points(&commitment.xpoint, &h_x);
    if let Some(extra) = extra {
        transcript.bytes(extra);
    }

    let (alpha, rho) = scalar_pair(&witness.rewind_nonce, 0)?;
    let (mut alpha, rho) = (Zeroizing::new(alpha), Zeroizing::new(rho));
    let secondary = witness
        .private_nonce
        .as_ref()
        .unwrap_or(&witness.rewind_nonce);
    let (tau1, tau2) = scalar_pair(secondary, 1)?;
    let (tau1, tau2) = (Zeroizing::new(tau1), Zeroizing::new(tau2));

    if let Mode::TShares = mode {
        return Ok(Output::TShares(ct_mul(&tau1, &g), ct_mul(&tau2, &g)));
    }

    // α hides the value (and message) for the holder of the rewind nonce: −μ = v‖m − ρx − α'.
    *alpha -= packed_value(witness.value, witness.message.as_ref());

    // A = α·G + Σ (a_L,i ? G_i : −H_i), S = ρ·G + Σ s_L,i·G_i + s_R,i·H_i.
    let mut a_l: Zeroizing<Vec<Scalar>> = Zeroizing::new(Vec::with_capacity(bits));
    let mut big_a = ct_mul(&alpha, &g);
    for (i, (gp, hp)) in gi.iter().zip(hi).enumerate() {
        let bit = Choice::from(u8::try_from((witness.value >> i) & 1).unwrap_or(0));
        big_a += ProjectivePoint::conditional_select(
            &-ProjectivePoint::from(*hp),
            &ProjectivePoint::from(*gp),
            bit,
        );
        a_l.push(Scalar::conditional_select(&Scalar::ZERO, &Scalar::ONE, bit));
    }
    let mut s_l: Zeroizing<Vec<Scalar>> = Zeroizing::new(Vec::with_capacity(bits));
    let mut s_r: Zeroizing<Vec<Scalar>> = Zeroizing::new(Vec::with_capacity(bits));
    for i in 0..bits {
        let idx = u32::try_from(i)
            .map_err(|_| Error::InvalidBitSize(bits))?
            .saturating_add(2);
        let (l, r) = scalar_pair(&witness.rewind_nonce, idx)?;
        s_l.push(l);
        s_r.push(r);
    }
    let mut s_scalars: Zeroizing<Vec<Scalar>> =
        Zeroizing::new(Vec::with_capacity(bits.saturating_mul(2).saturating_add(1)));
    s_scalars.push(*rho);
    s_scalars.extend(s_l.iter().chain(s_r.iter()).copied());
    let s_points: Vec<ProjectivePoint> = core::iter::once(g)
        .chain(gi.iter().chain(hi).map(|p| ProjectivePoint::from(*p)))
        .collect();
    let big_s = ct_msm(&s_scalars, &s_points);
    let a_x = XPoint::from_point(&big_a).ok_or(Error::VerificationFailed)?;
    let s_x = XPoint::from_point(&big_s).ok_or(Error::VerificationFailed)?;

    transcript.points(&a_x, &s_x);
    let y = transcript.challenge()?;
    transcript.points(&a_x, &s_x);
    let z = transcript.challenge()?;
    let zz = z * z;

    // l(X) = (a_L − z) + s_L·X, r(X) = yⁱ·(a_R + z + s_R·X) + z²·2ⁱ with a_R = a_L − 1.
    let mut l0: Zeroizing<Vec<Scalar>> = Zeroizing::new(Vec::with_capacity(bits));
    let mut r0: Zeroizing<Vec<Scalar>> = Zeroizing::new(Vec::with_capacity(bits));
    let mut r1: Zeroizing<Vec<Scalar>> = Zeroizing::new(Vec::with_capacity(bits));
    let mut y_i = Scalar::ONE;
    let mut two_i = Scalar::ONE;
    for ((al, sr), _) in a_l.iter().zip(s_r.iter()).zip(0..bits) {
        l0.push(al - &z);
        r0.push(y_i * (al - &Scalar::ONE + z) + zz * two_i);
        r1.push(y_i * sr);
        y_i *= y;
        two_i += two_i;
    }
    let t1 = Zeroizing::new(inner(&l0, &r1) + inner(&s_l, &r0));
    let t2 = Zeroizing::new(inner(&s_l, &r1));

    let (tsum1, tsum2) = match &mode {
        Mode::Single => (ct_mul(&tau1, &g), ct_mul(&tau2, &g)),
        Mode::TauShare { t1, t2 } | Mode::Finish { t1, t2, .. } => (*t1, *t2),
        Mode::TShares => return Err(Error::InvalidRange),
    };
    let big_t1 = ct_mul(&t1, &h) + tsum1;
    let big_t2 = ct_mul(&t2, &h) + tsum2;
    let t1_x = XPoint::from_point(&big_t1).ok_or(Error::VerificationFailed)?;
    let t2_x = XPoint::from_point(&big_t2).ok_or(Error::VerificationFailed)?;
    transcript.points(&t1_x, &t2_x);
    let x = transcript.challenge()?;

    let taux = match mode {
        Mode::Finish { taux, .. } => taux,
        Mode::Single | Mode::TauShare { .. } => *tau1 * x + *tau2 * x * x + zz * witness.blinding,
        Mode::TShares => return Err(Error::InvalidRange),
    };
    if let Mode::TauShare { .. } = mode {
        return Ok(Output::TauShare(taux));
    }
    let mu = *alpha + *rho * x;

    let mut proof = GrinProof {
        bits,
        // `0 − s`, not `−s`: k256's negation (crypto-bigint's `neg_mod`) compiles to a branch
        // on `s == 0` (found by the valgrind harness, `docs/ctime.md`); subtraction does not.
        neg_taux: Scalar::ZERO - taux,
        neg_mu: Scalar::ZERO - mu,
        a: a_x,
        s: s_x,
        t1: t1_x,
        t2: t2_x,
        t: Scalar::ZERO,
        a_final: Vec::new(),
        b_final: Vec::new(),
        lr: Vec::new(),
    };
    transcript.bytes(&proof.scalars_prefix());

    // From here on: public vectors (see the module documentation).
    let mut a: Vec<Scalar> = l0
        .iter()
        .zip(s_l.iter())
        .map(|(l, s)| l + (*s * x))
        .collect();
    let mut b: Vec<Scalar> = r0
        .iter()
        .zip(r1.iter())
        .map(|(r, s)| r + (*s * x))
        .collect();
    // Declassification point (feature `ctime`, `docs/ctime.md`): `l(x)`, `r(x)`, blinded by
    // `s_L·x`, `s_R·x`; the variable-time inner-product argument below works on them.
    crate::ctime::declassify_k256_scalars(&mut a);
    crate::ctime::declassify_k256_scalars(&mut b);
    let t = inner(&a, &b);
    proof.t = t;
    inner_product(gens, &mut transcript, y, t, &mut a, &mut b, &mut proof)?;
    Ok(Output::Proof(proof))
}

/// `v[j] ← v[2j]·even + v[2j+1]·odd`, halving `v`.
fn fold(v: &mut Vec<Scalar>, even: Scalar, odd: Scalar) {
    let folded: Vec<Scalar> = v
        .chunks_exact(2)
        .filter_map(|p| match p {
            [v0, v1] => Some(*v0 * even + *v1 * odd),
            _ => None,
        })
        .collect();
    *v = folded;
}

/// The inner-product argument with even/odd folding, down to two `a` and two `b`.
///
/// Points are never folded: the L and R of each round are multiplications over the original
/// generators, whose scalars carry the products of the challenges so far (`sg`, `sh`, with
/// `y⁻ⁱ` in `sh`). **Variable-time** (public inputs, see the module documentation).
fn inner_product(
    gens: &GrinGens,
    transcript: &mut Transcript,
    y: Scalar,
    t: Scalar,
    a: &mut Vec<Scalar>,
    b: &mut Vec<Scalar>,
    proof: &mut GrinProof,
) -> Result<(), Error> {
    let n = a.len();
    let k = rounds(n);
    // For n ≤ 2 there are no rounds and no u (the C prover derives none, so cannot fail here).
    let ux = if n > 2 {
        transcript.bytes(&scalar_bytes(&t));
        transcript.challenge()?
    } else {
        Scalar::ONE
    };
    let y_inv = Option::<Scalar>::from(y.invert()).ok_or(Error::VerificationFailed)?;
    let mut sg = alloc::vec![Scalar::ONE; n];
    let mut sh = Vec::with_capacity(n);
    let mut p = Scalar::ONE;
    for _ in 0..n {
        sh.push(p);
        p *= y_inv;
    }
    let mut points: Vec<AffinePoint> = Vec::with_capacity(n.saturating_add(1));
    let mut scalars: Vec<Scalar> = Vec::with_capacity(n.saturating_add(1));
    for r in 0..k {
        let mut c_l = Scalar::ZERO;
        let mut c_r = Scalar::ZERO;
        for (pa, pb) in a.chunks_exact(2).zip(b.chunks_exact(2)) {
            if let ([a0, a1], [b0, b1]) = (pa, pb) {
                c_l += a0 * b1;
                c_r += a1 * b0;
            }
        }
        let mut lr =
            [XPoint::from_point(&ProjectivePoint::GENERATOR).ok_or(Error::InvalidGenerators)?; 2];
        for (side, c) in [(0usize, c_l), (1usize, c_r)] {
            points.clear();
            scalars.clear();
            for i in 0..n {
                let cur = i >> r;
                let odd = cur & 1;
                let other = cur ^ 1;
                // L: odd blocks of G with a, even blocks of H with b; R: the other way round.
                if odd != side {
                    let (Some(gp), Some(s), Some(av)) = (gens.gi.get(i), sg.get(i), a.get(other))
                    else {
                        return Err(Error::InvalidBitSize(n));
                    };
                    points.push(*gp);
                    scalars.push(av * s);
                } else {
                    let (Some(hp), Some(s), Some(bv)) = (gens.hi.get(i), sh.get(i), b.get(other))
                    else {
                        return Err(Error::InvalidBitSize(n));
                    };
                    points.push(*hp);
                    scalars.push(bv * s);
                }
            }
            points.push(gens.g);
            scalars.push(c * ux);
            let point = vartime_msm(&scalars, &points);
            if let Some(slot) = lr.get_mut(side) {
                *slot = XPoint::from_point(&point).ok_or(Error::VerificationFailed)?;
            }
        }
        let [l, rr] = lr;
        transcript.points(&l, &rr);
        let x = transcript.challenge()?;
        let x_inv = Option::<Scalar>::from(x.invert()).ok_or(Error::VerificationFailed)?;
        proof.lr.push((l, rr));
        fold(a, x, x_inv);
        fold(b, x_inv, x);
        for i in 0..n {
            let bit = (i >> r) & 1 == 1;
            if let (Some(g), Some(h)) = (sg.get_mut(i), sh.get_mut(i)) {
                if bit {
                    *g *= x;
                    *h *= x_inv;
                } else {
                    *g *= x_inv;
                    *h *= x;
                }
            }
        }
    }
    let f = final_len(n);
    proof.a_final = a.iter().take(f).copied().collect();
    proof.b_final = b.iter().take(f).copied().collect();
    Ok(())
}

/// Proves that `witness.value < 2^bits` for the commitment `v·H + γ·G`, with optional extra
/// data; returns the commitment and the proof. Byte-identical to the C module's
/// `bullet_proof` given the same nonces.
pub fn prove(
    gens: &GrinGens,
    witness: &GrinWitness,
    bits: usize,
    extra: Option<&[u8]>,
) -> Result<(Commitment33, GrinProof), Error> {
    let commitment = commit(gens, witness.value, &witness.blinding)?;
    match run(gens, &commitment, bits, extra, witness, Mode::Single)? {
        Output::Proof(p) => Ok((commitment, p)),
        _ => Err(Error::InvalidRange),
    }
}
