//! One function per prover. Each marks its secrets (values, blindings, nonces, witnesses, the
//! RNG's output) undefined, proves, declassifies the outputs (proof bytes, commitments: public
//! by design) and verifies them, so that a wrong harness cannot pass silently.

use crate::secret::{public, public_bytes, public_slice, secret, secret_slice, SecretRng};
use bpkit::aggregation::{BitCommitment, Dealer, Party, PolyCommitment, ProofShare};
use bpkit::circuit::statements::{
    MerkleStatement, MerkleWitness, Sha256Statement, Sha256Witness, ShuffleStatement,
    ShuffleWitness,
};
use bpkit::circuit::{
    ConstraintSystem, LinearCombination, Prover, RandomizableConstraintSystem,
    RandomizedConstraintSystem, Verifier,
};
use bpkit::grin::{self, GrinGens, GrinStatement, GrinWitness, MESSAGE_SIZE};
use bpkit::group::secp256k1::{ProjectivePoint, Scalar as GrinScalar};
use bpkit::group::{CompressedRistretto, Scalar};
use bpkit::monero;
use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement, RecoverySeed};
use bpkit::poseidon::{MerkleTree, Poseidon};
use bpkit::{
    BulletproofGens, Interval, IntervalProof, Opening, PedersenGens, RangeProof, RangeStatement,
};
use merlin::Transcript;
use std::time::Instant;

/// What a case returns: a line for the log, or why it failed.
type Outcome = Result<String, String>;

/// A case: runs the reduced set, or the full one when its argument is true.
type Case = fn(bool) -> Outcome;

/// Every case, in order.
pub const ALL: &[(&str, Case)] = &[
    ("commit", commitments),
    ("range", range_proofs),
    ("interval", interval_proofs),
    ("mpc", mpc),
    ("plus", plus),
    ("circuit", circuit),
    ("shuffle", shuffle),
    ("merkle", merkle),
    ("sha256", sha256),
    ("grin", grin_proofs),
    ("grin-mpc", grin_multiparty),
    ("monero", monero_plus),
    ("monero-bp", monero_original),
];

fn err(e: impl core::fmt::Debug) -> String {
    format!("{e:?}")
}

/// Declassifies commitments (an output of the commitment step: public).
fn public_points(mut points: Vec<CompressedRistretto>) -> Vec<CompressedRistretto> {
    public_slice(&mut points);
    points
}

/// A secret opening: value and blinding undefined.
fn secret_opening(value: u64, rng: &mut SecretRng) -> Opening {
    secret(Opening::random(value, rng))
}

/// Pedersen and extended commitments, `Opening::random` (its blinding from the secret RNG).
fn commitments(_full: bool) -> Outcome {
    let mut rng = SecretRng::new(1);
    let pc = PedersenGens::default();
    let mut done = 0usize;
    for value in [0u64, 1, 1 << 40, u64::MAX] {
        let opening = secret_opening(value, &mut rng);
        let c = public(opening.commit_with(&pc));
        if c != public(Opening::new(value, opening.blinding).commit()) {
            return Err("commitments differ".into());
        }
        done = done.saturating_add(1);
    }
    for k in [1usize, 2, 3] {
        let gens = PlusGens::bpkit(k).map_err(err)?;
        let mut opening = ExtendedOpening::random(secret(12_345u64), k, &mut rng);
        secret_slice(&mut opening.blindings);
        let _ = public(opening.commit_with(gens.pedersen()).map_err(err)?);
        done = done.saturating_add(1);
    }
    Ok(format!("{done} commitments"))
}

/// Range proofs: n = 8…64, m = 1, 2 (and 3, 64 in the full set).
fn range_proofs(full: bool) -> Outcome {
    let mut rng = SecretRng::new(2);
    let ms: &[usize] = if full { &[1, 2, 3, 64] } else { &[1, 2] };
    let mut done = Vec::new();
    for &m in ms {
        for n in [8usize, 16, 32, 64] {
            if m == 64 && n != 64 && n != 8 {
                continue;
            }
            let top = if n == 64 {
                u64::MAX
            } else {
                (1u64 << n).saturating_sub(1)
            };
            let openings: Vec<Opening> = (0..m)
                .map(|j| secret_opening(top.wrapping_sub(j as u64), &mut rng))
                .collect();
            let (proof, statement) =
                RangeProof::prove(&mut Transcript::new(b"ctime"), &openings, n, &mut rng)
                    .map_err(err)?;
            let proof = RangeProof::from_bytes(&public_bytes(proof.to_bytes())).map_err(err)?;
            let statement = RangeStatement::new(n, public_points(statement.commitments().to_vec()))
                .map_err(err)?;
            proof
                .verify(&mut Transcript::new(b"ctime"), &statement)
                .map_err(err)?;
            done.push(format!("{n}x{m}"));
        }
    }
    Ok(format!("proved and verified {}", done.join(" ")))
}

/// Interval proofs, with a value at each end and inside.
fn interval_proofs(full: bool) -> Outcome {
    let mut rng = SecretRng::new(3);
    let interval = Interval::new(1_000, 1_000_000).map_err(err)?;
    let values: &[u64] = if full {
        &[1_000, 123_456, 999_999]
    } else {
        &[123_456]
    };
    for &v in values {
        let opening = secret_opening(v, &mut rng);
        let (proof, c) = IntervalProof::prove(
            &mut Transcript::new(b"ctime"),
            &opening,
            &interval,
            32,
            &mut rng,
        )
        .map_err(err)?;
        let proof = IntervalProof::from_bytes(&public_bytes(proof.to_bytes())).map_err(err)?;
        proof
            .verify(&mut Transcript::new(b"ctime"), &public(c), &interval, 32)
            .map_err(err)?;
    }
    Ok(format!("{} interval proofs (32 bits)", values.len()))
}

/// The multi-party protocol step by step: each party message is declassified when sent (as
/// bytes), and the dealer audits the shares.
fn mpc(full: bool) -> Outcome {
    let mut rng = SecretRng::new(4);
    let shapes: &[(usize, usize)] = if full {
        &[(8, 2), (16, 3), (64, 4)]
    } else {
        &[(16, 3)]
    };
    for &(n, m) in shapes {
        let pc = PedersenGens::default();
        let bp = BulletproofGens::new(n, m.next_power_of_two());
        let openings: Vec<Opening> = (0..m)
            .map(|j| secret_opening(100u64.wrapping_add(j as u64), &mut rng))
            .collect();
        let mut transcript = Transcript::new(b"ctime mpc");
        let dealer = Dealer::new(&pc, &bp, &mut transcript, n, m, &mut rng).map_err(err)?;

        let mut parties = Vec::new();
        let mut bit_commitments = Vec::new();
        let mut commitments = Vec::new();
        for (j, opening) in openings.iter().enumerate() {
            let party = Party::new(&pc, &bp, opening, n).map_err(err)?;
            let (party, message) = party.assign_position(j, &mut rng).map_err(err)?;
            let message =
                BitCommitment::from_bytes(&public_bytes(message.to_bytes())).map_err(err)?;
            commitments.push(message.v_j.compressed);
            parties.push(party);
            bit_commitments.push(message);
        }
        let (dealer, bit_challenge) = dealer
            .receive_bit_commitments(bit_commitments)
            .map_err(err)?;
        let mut next = Vec::new();
        let mut poly_commitments = Vec::new();
        for party in parties {
            let (party, message) = party.apply_challenge(&bit_challenge).map_err(err)?;
            let message =
                PolyCommitment::from_bytes(&public_bytes(message.to_bytes())).map_err(err)?;
            next.push(party);
            poly_commitments.push(message);
        }
        let (dealer, poly_challenge) = dealer
            .receive_poly_commitments(poly_commitments)
            .map_err(err)?;
        let mut shares = Vec::new();
        for party in next {
            let share = party.apply_challenge(&poly_challenge).map_err(err)?;
            shares.push(ProofShare::from_bytes(&public_bytes(share.to_bytes())).map_err(err)?);
        }
        // The dealer ran the padding parties with its own secret nonces: declassify its output.
        let proof = dealer.receive_shares(shares).map_err(err)?;
        let proof = RangeProof::from_bytes(&public_bytes(proof.to_bytes())).map_err(err)?;
        let statement = RangeStatement::new(n, commitments).map_err(err)?;
        proof
            .verify_with_generators(&pc, &bp, &mut Transcript::new(b"ctime mpc"), &statement)
            .map_err(err)?;
    }
    Ok(format!("{} runs (n, m) = {shapes:?}", shapes.len()))
}

/// Bulletproofs+: extended commitments (k = 1, 2), minimum values, aggregation, seeded nonces.
fn plus(full: bool) -> Outcome {
    let mut rng = SecretRng::new(5);
    let shapes: &[(usize, usize, usize)] = if full {
        &[(64, 1, 1), (64, 1, 2), (32, 2, 2), (8, 3, 1), (64, 64, 1)]
    } else {
        &[(64, 1, 2), (16, 2, 1)]
    };
    for &(n, m, k) in shapes {
        let gens = PlusGens::bpkit(k).map_err(err)?;
        let minimums: Vec<u64> = (0..m).map(|j| 100u64.wrapping_add(j as u64)).collect();
        let openings: Vec<ExtendedOpening> = minimums
            .iter()
            .map(|min| {
                let mut o = ExtendedOpening::random(secret(min.wrapping_add(5)), k, &mut rng);
                secret_slice(&mut o.blindings);
                o
            })
            .collect();
        let statement =
            PlusStatement::commit(gens.pedersen(), n, &openings, Some(minimums.clone()))
                .map_err(err)?;
        let statement = PlusStatement::with_minimums(
            n,
            public_points(statement.commitments().to_vec()),
            minimums,
        )
        .map_err(err)?;
        let proof = if m == 1 {
            let seed = RecoverySeed::from_scalar(secret(Scalar::from(77u64)));
            let opening = openings.first().ok_or("no opening")?;
            PlusProof::prove_recoverable(
                &mut Transcript::new(b"ctime"),
                &gens,
                &statement,
                opening,
                &seed,
                &mut rng,
            )
        } else {
            PlusProof::prove(
                &mut Transcript::new(b"ctime"),
                &gens,
                &statement,
                &openings,
                &mut rng,
            )
        }
        .map_err(err)?;
        let proof = PlusProof::from_bytes(&public_bytes(proof.to_bytes())).map_err(err)?;
        proof
            .verify(&mut Transcript::new(b"ctime"), &gens, &statement)
            .map_err(err)?;
    }
    Ok(format!("(n, m, k) = {shapes:?}"))
}

/// The two-phase circuit: a·b = o₁ = c with committed a, b and public c; then, with a
/// challenge w, (a + w)·b = o₂ and o₂ = o₁ + w·b; and one allocated bit.
// The operators build linear combinations (vectors of terms): no integer arithmetic.
#[allow(clippy::arithmetic_side_effects)]
fn two_phase<CS: RandomizableConstraintSystem>(
    cs: &mut CS,
    a: LinearCombination,
    b: LinearCombination,
    c: u64,
    bit: Option<bool>,
) -> Result<(), String> {
    let (_, _, o1) = cs.multiply(a.clone(), b.clone());
    cs.constrain(o1 - c);
    // A secret bit through the boolean gadget (the SHA-256 and range gadgets allocate theirs
    // this way).
    bpkit::circuit::gadgets::boolean::alloc_bit(cs, bit).map_err(err)?;
    cs.specify_randomized_constraints(move |cs| {
        let w = cs.challenge(b"w")?;
        let (_, _, o2) = cs.multiply(a.clone() + LinearCombination::from(w), b.clone());
        cs.constrain(o2 - o1 - b.clone() * w);
        Ok(())
    })
    .map_err(err)
}

/// A small two-phase circuit through the generic prover.
fn circuit(_full: bool) -> Outcome {
    let mut rng = SecretRng::new(6);
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(4, 1);
    let (x, y) = (secret(Scalar::from(6u64)), secret(Scalar::from(7u64)));
    let mut t = Transcript::new(b"ctime circuit");
    let mut prover = Prover::new(&pc, &mut t);
    let blind = Scalar::random(&mut rng);
    let (ca, a) = prover.commit(x, blind);
    let blind = Scalar::random(&mut rng);
    let (cb, b) = prover.commit(y, blind);
    // The bit as gadgets compute theirs: from a secret word (its other bits stay defined).
    let word = secret(0b1000u64);
    two_phase(
        &mut prover,
        a.into(),
        b.into(),
        42,
        Some((word >> 3) & 1 == 1),
    )?;
    let proof = prover.prove(&bp, &mut rng).map_err(err)?;
    let proof =
        bpkit::circuit::CircuitProof::from_bytes(&public_bytes(proof.to_bytes())).map_err(err)?;
    let mut t = Transcript::new(b"ctime circuit");
    let mut verifier = Verifier::new(&mut t);
    let a = verifier.commit(public(ca));
    let b = verifier.commit(public(cb));
    two_phase(&mut verifier, a.into(), b.into(), 42, None)?;
    verifier.verify(&proof, &pc, &bp).map_err(err)?;
    Ok("6·7 = 42, two phases".into())
}

/// The shuffle statement: outputs a secret permutation of the inputs.
fn shuffle(full: bool) -> Outcome {
    let mut rng = SecretRng::new(7);
    let k = if full { 16usize } else { 4 };
    let inputs: Vec<Opening> = (0..k)
        .map(|i| secret_opening(500u64.wrapping_add(i as u64), &mut rng))
        .collect();
    let outputs: Vec<Opening> = inputs
        .iter()
        .rev()
        .map(|o| secret_opening(o.value, &mut rng))
        .collect();
    let witness = ShuffleWitness::new(inputs, outputs);
    let statement = ShuffleStatement::for_witness(&witness).map_err(err)?;
    let statement = ShuffleStatement::new(
        public_points(statement.inputs().to_vec()),
        public_points(statement.outputs().to_vec()),
    )
    .map_err(err)?;
    let bp = BulletproofGens::new(statement.padded_multipliers(), 1);
    let proof = statement
        .prove(&mut Transcript::new(b"ctime"), &witness, &bp, &mut rng)
        .map_err(err)?;
    let proof =
        bpkit::circuit::statements::ShuffleProof::from_bytes(&public_bytes(proof.to_bytes()))
            .map_err(err)?;
    statement
        .verify(&mut Transcript::new(b"ctime"), &proof, &bp)
        .map_err(err)?;
    Ok(format!("k = {k}"))
}

/// Merkle membership (Poseidon): leaf value, blinding, position and path secret.
fn merkle(full: bool) -> Outcome {
    let mut rng = SecretRng::new(8);
    let depth = if full { 8u32 } else { 1 };
    // Leaves 0, 1, …: at most 11, and no more than the tree holds. The proven leaf is the last.
    let count = 11u64.min(1u64 << depth);
    let leaf = count.saturating_sub(1);
    let leaves: Vec<Scalar> = (0..count).map(Scalar::from).collect();
    let tree = MerkleTree::new(&Poseidon::new(), depth, &leaves).map_err(err)?;
    let blinding = Scalar::random(&mut rng);
    let (statement, witness) =
        MerkleStatement::for_leaf(&tree, leaf, leaf, blinding).map_err(err)?;
    let statement = MerkleStatement::new(
        *statement.root(),
        statement.depth(),
        public(*statement.leaf_commitment()),
    )
    .map_err(err)?;
    let mut path = tree.path(leaf).map_err(err)?;
    path.index = secret(path.index);
    secret_slice(&mut path.siblings);
    let witness = MerkleWitness::new(secret(witness.opening().clone()), path);
    let bp = BulletproofGens::new(statement.padded_multipliers(), 1);
    let t = Instant::now();
    let proof = statement
        .prove(&mut Transcript::new(b"ctime"), &witness, &bp, &mut rng)
        .map_err(err)?;
    let proving = t.elapsed();
    let proof =
        bpkit::circuit::statements::MerkleProof::from_bytes(&public_bytes(proof.to_bytes()))
            .map_err(err)?;
    statement
        .verify(&mut Transcript::new(b"ctime"), &proof, &bp)
        .map_err(err)?;
    Ok(format!(
        "depth {depth}, {} multipliers, proving {proving:.2?}",
        statement.multipliers()
    ))
}

/// SHA-256 preimage: the message secret. Full set only: about 2 s of CPU natively, by far the
/// longest case under valgrind.
fn sha256(full: bool) -> Outcome {
    if !full {
        return Ok("skipped (full set only)".into());
    }
    use sha2::Digest;
    let mut rng = SecretRng::new(9);
    let message = b"bpkit ctime: a secret SHA-256 preimage".to_vec();
    let digest: [u8; 32] = sha2::Sha256::digest(&message).into();
    let statement = Sha256Statement::new(digest, message.len()).map_err(err)?;
    let mut secret_message = message;
    secret_slice(&mut secret_message);
    let witness = Sha256Witness::new(secret_message);
    let bp = BulletproofGens::new(statement.padded_multipliers(), 1);
    let proof = statement
        .prove(&mut Transcript::new(b"ctime"), &witness, &bp, &mut rng)
        .map_err(err)?;
    let proof =
        bpkit::circuit::statements::Sha256Proof::from_bytes(&public_bytes(proof.to_bytes()))
            .map_err(err)?;
    statement
        .verify(&mut Transcript::new(b"ctime"), &proof, &bp)
        .map_err(err)?;
    Ok(format!("{}-byte message", statement.message_len()))
}

/// Grin / MWEB proofs over secp256k1, with extra data and a message; value, blinding, rewind
/// and private nonces and the message secret.
fn grin_proofs(full: bool) -> Outcome {
    let gens = GrinGens::shared().ok_or("Grin generators")?;
    let bits_set: &[usize] = if full { &[8, 16, 32, 64] } else { &[64] };
    for &bits in bits_set {
        let mut message = [0u8; MESSAGE_SIZE];
        message.iter_mut().zip(b"ctime").for_each(|(m, c)| *m = *c);
        let mut witness = GrinWitness {
            value: 200,
            blinding: GrinScalar::from(987_654_321u64),
            rewind_nonce: [3; 32],
            private_nonce: Some([4; 32]),
            message: Some(message),
        };
        witness.value = secret(witness.value);
        witness.blinding = secret(witness.blinding);
        witness.rewind_nonce = secret(witness.rewind_nonce);
        if let Some(n) = witness.private_nonce.as_mut() {
            *n = secret(*n);
        }
        if let Some(m) = witness.message.as_mut() {
            *m = secret(*m);
        }
        let extra = b"ctime extra data";
        let (commitment, proof) = grin::prove(gens, &witness, bits, Some(extra)).map_err(err)?;
        let commitment = public(commitment);
        let proof =
            grin::GrinProof::from_bytes(&public_bytes(proof.to_bytes()), bits).map_err(err)?;
        let mut statement = GrinStatement::new(commitment);
        statement.bits = bits;
        statement.extra = Some(extra.to_vec());
        grin::verify(gens, &statement, &proof).map_err(err)?;
    }
    Ok(format!("bits {bits_set:?}, extra data and message"))
}

/// Grin's multi-party prover (secp256k1-zkp): two parties holding blinding shares, a common
/// rewind nonce and their own private nonces; each message is declassified as it is sent.
// Sums of secp256k1 scalars and points (the messages): group arithmetic, nothing overflows.
#[allow(clippy::arithmetic_side_effects)]
fn grin_multiparty(_full: bool) -> Outcome {
    let gens = GrinGens::shared().ok_or("Grin generators")?;
    let value = secret(300u64);
    let shares = [
        secret(GrinScalar::from(11u64)),
        secret(GrinScalar::from(22u64)),
    ];
    let total = shares.iter().fold(GrinScalar::ZERO, |acc, s| acc + s);
    let commitment = public(grin::commit(gens, value, &total).map_err(err)?);
    let extra = b"ctime multiparty".to_vec();
    let mut parties = Vec::new();
    for (share, private) in shares.iter().zip([[5u8; 32], [6u8; 32]]) {
        let witness = GrinWitness {
            value,
            blinding: *share,
            rewind_nonce: secret([7u8; 32]),
            private_nonce: Some(secret(private)),
            message: None,
        };
        parties.push(
            grin::Party::new(gens, commitment, 64, Some(extra.clone()), witness).map_err(err)?,
        );
    }
    let (mut t1, mut t2) = (ProjectivePoint::IDENTITY, ProjectivePoint::IDENTITY);
    let mut waiting = Vec::new();
    for party in parties {
        let (party, (a, b)) = party.t_shares().map_err(err)?;
        t1 += public(a);
        t2 += public(b);
        waiting.push(party);
    }
    let mut tau = GrinScalar::ZERO;
    let mut finishing = Vec::new();
    for party in waiting {
        let (party, share) = party.tau_share(t1, t2).map_err(err)?;
        tau += public(share);
        finishing.push(party);
    }
    let party = finishing.into_iter().next().ok_or("no party")?;
    let proof = party.finish(tau).map_err(err)?;
    let proof = grin::GrinProof::from_bytes(&public_bytes(proof.to_bytes()), 64).map_err(err)?;
    let mut statement = GrinStatement::new(commitment);
    statement.extra = Some(extra);
    grin::verify(gens, &statement, &proof).map_err(err)?;
    Ok("2 parties, 64 bits, extra data".into())
}

/// Monero's Bulletproofs+ (Ed25519, ×1/8 encodings, Keccak transcript): secret amounts and
/// masks; the commitments and the proof are declassified as published.
fn monero_plus(full: bool) -> Outcome {
    monero_case(
        full,
        |openings, rng| {
            let (proof, commitments) = monero::PlusProof::prove(openings, rng).map_err(err)?;
            Ok((proof.to_bytes(), commitments))
        },
        |bytes, c| {
            monero::PlusProof::from_bytes(bytes)
                .and_then(|p| p.verify(c))
                .map_err(err)
        },
    )
}

/// Monero's original Bulletproofs (the range proof's party algebra and inner-product argument
/// over Monero's format): secret amounts and masks, as for [`monero_plus`].
fn monero_original(full: bool) -> Outcome {
    monero_case(
        full,
        |openings, rng| {
            let (proof, commitments) = monero::OriginalProof::prove(openings, rng).map_err(err)?;
            Ok((proof.to_bytes(), commitments))
        },
        |bytes, c| {
            monero::OriginalProof::from_bytes(bytes)
                .and_then(|p| p.verify(c))
                .map_err(err)
        },
    )
}

/// A Monero prover and verifier, 2 outputs (full: 1, 2, 3, 16).
fn monero_case(
    full: bool,
    prove: impl Fn(&[monero::Opening], &mut SecretRng) -> Result<(Vec<u8>, Vec<[u8; 32]>), String>,
    verify: impl Fn(&[u8], &[[u8; 32]]) -> Result<(), String>,
) -> Outcome {
    let mut rng = SecretRng::new(11);
    let counts: &[usize] = if full { &[1, 2, 3, 16] } else { &[2] };
    for &m in counts {
        let openings: Vec<monero::Opening> = (0..m)
            .map(|j| {
                let amount = secret(1_000u64.wrapping_mul(j as u64).wrapping_add(7));
                let mut o = monero::Opening::random(amount, &mut rng);
                o.mask = secret(o.mask);
                o
            })
            .collect();
        let (proof, mut commitments) = prove(&openings, &mut rng)?;
        public_slice(&mut commitments);
        verify(&public_bytes(proof), &commitments)?;
    }
    Ok(format!("m = {counts:?}"))
}
