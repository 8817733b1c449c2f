//! The multi-party aggregation protocol with every message crossing as bytes: results, strict
//! decoding, blame of malicious parties, refusal of a malicious dealer's challenges.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit::aggregation::{
    BitChallenge, BitCommitment, Dealer, Party, PolyChallenge, PolyCommitment, ProofShare,
};
use bpkit::generators::{shared, shared_pedersen};
use bpkit::group::encoding::Point;
use bpkit::group::{CompressedRistretto, Scalar};
use bpkit::{Error, Opening, ProtocolError, RangeProof, RangeStatement};
use merlin::Transcript;
use proptest::prelude::*;
use rand_chacha::ChaCha20Rng;

use bulletproofs as peer;
use curve25519_dalek_4 as d4;

// ---------------------------------------------------------------------------------------------
// Harness: one dealer and m parties, every message encoded and decoded on its way.

/// How a party behaves. The default is honest.
#[derive(Clone)]
struct Actor {
    /// The opening the party actually runs with.
    opening: Opening,
    /// Bits the party runs with, if not the run's.
    bits: Option<usize>,
    /// Position the party takes, if not its index.
    position: Option<usize>,
    /// Sends the commitment of this opening as its `V_j` instead of its own.
    claims: Option<Opening>,
    /// Alters its share before sending it.
    tamper: Option<fn(&mut ProofShare)>,
}

impl Actor {
    fn honest(opening: Opening) -> Self {
        Actor {
            opening,
            bits: None,
            position: None,
            claims: None,
            tamper: None,
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Options {
    /// `receive_trusted_shares` instead of the audited `receive_shares`.
    trusted: bool,
    /// Reorders the shares before the dealer sees them.
    reorder: Option<fn(&mut Vec<ProofShare>)>,
}

/// Runs the protocol; returns the proof (or the first error) and the commitments sent.
fn run(
    label: &'static [u8],
    actors: &[Actor],
    n: usize,
    options: Options,
    rng: &mut ChaCha20Rng,
) -> (Result<RangeProof, Error>, Vec<CompressedRistretto>) {
    let mut commitments = Vec::new();
    let result = run_inner(label, actors, n, options, rng, &mut commitments);
    (result, commitments)
}

fn run_inner(
    label: &'static [u8],
    actors: &[Actor],
    n: usize,
    options: Options,
    rng: &mut ChaCha20Rng,
    commitments: &mut Vec<CompressedRistretto>,
) -> Result<RangeProof, Error> {
    let m = actors.len();
    let pc = shared_pedersen();
    let bp = shared(64, m.next_power_of_two());
    let mut transcript = Transcript::new(label);
    // Same order of RNG draws as the local prover: the dealer's padding parties first.
    let dealer = Dealer::new(pc, &bp, &mut transcript, n, m, rng)?;

    let mut parties = Vec::new();
    let mut wire = Vec::new();
    for (j, actor) in actors.iter().enumerate() {
        let party = Party::new(pc, &bp, &actor.opening, actor.bits.unwrap_or(n))?;
        let (party, mut message) = party.assign_position(actor.position.unwrap_or(j), rng)?;
        if let Some(claimed) = &actor.claims {
            message.v_j = Point::from_point(claimed.commit_point(pc));
        }
        parties.push(party);
        wire.push(message.to_bytes());
    }
    let bit_commitments = wire
        .iter()
        .map(|b| BitCommitment::from_bytes(b))
        .collect::<Result<Vec<_>, _>>()?;
    commitments.extend(bit_commitments.iter().map(|bc| bc.v_j.compressed));
    let (dealer, challenge) = dealer.receive_bit_commitments(bit_commitments)?;
    let challenge = BitChallenge::from_bytes(&challenge.to_bytes())?;

    let mut next = Vec::new();
    let mut wire = Vec::new();
    for party in parties {
        let (party, message) = party.apply_challenge(&challenge)?;
        next.push(party);
        wire.push(message.to_bytes());
    }
    let poly_commitments = wire
        .iter()
        .map(|b| PolyCommitment::from_bytes(b))
        .collect::<Result<Vec<_>, _>>()?;
    let (dealer, challenge) = dealer.receive_poly_commitments(poly_commitments)?;
    let challenge = PolyChallenge::from_bytes(&challenge.to_bytes())?;

    let mut shares = Vec::new();
    for (party, actor) in next.into_iter().zip(actors) {
        let mut share = party.apply_challenge(&challenge)?;
        if let Some(tamper) = actor.tamper {
            tamper(&mut share);
        }
        shares.push(ProofShare::from_bytes(&share.to_bytes())?);
    }
    if let Some(reorder) = options.reorder {
        reorder(&mut shares);
    }
    if options.trusted {
        dealer.receive_trusted_shares(shares)
    } else {
        dealer.receive_shares(shares)
    }
}

fn honest(openings: &[Opening]) -> Vec<Actor> {
    openings.iter().cloned().map(Actor::honest).collect()
}

/// Positions blamed by an error, which must be `MaliciousParties`.
fn blamed(result: Result<RangeProof, Error>) -> Vec<usize> {
    match result {
        Err(e @ Error::Protocol(ProtocolError::MaliciousParties(mask))) => {
            let listed: Vec<usize> = e.blamed_parties().collect();
            assert_eq!(listed.len(), mask.count_ones() as usize);
            listed
        }
        other => panic!("expected blame, got {other:?}"),
    }
}

fn verify_in_peer(
    label: &'static [u8],
    proof: &RangeProof,
    statement: &RangeStatement,
) -> Result<(), peer::ProofError> {
    let theirs = peer::RangeProof::from_bytes(&proof.to_bytes())?;
    let mp = statement.padded_values();
    let mut commitments: Vec<_> = statement
        .commitments()
        .iter()
        .map(|c| d4::ristretto::CompressedRistretto(c.to_bytes()))
        .collect();
    // The implied padding commitments are the identity.
    commitments.resize(mp, d4::ristretto::CompressedRistretto::default());
    theirs.verify_multiple(
        &peer::BulletproofGens::new(statement.bits(), mp),
        &peer::PedersenGens::default(),
        &mut Transcript::new(label),
        &commitments,
        statement.bits(),
    )
}

// ---------------------------------------------------------------------------------------------
// Honest runs.

#[test]
fn protocol_over_bytes_makes_the_local_provers_proof() {
    // Same seed, same order of RNG draws: the distributed run and the local prover (the same
    // protocol in one process) must produce the same bytes.
    for (m, n) in [(1usize, 64usize), (3, 8), (8, 32)] {
        let openings = common::openings(&mut common::rng(10 + m as u64), n, m);
        let (ours, commitments) = run(
            b"same",
            &honest(&openings),
            n,
            Options::default(),
            &mut common::rng(99),
        );
        let ours = ours.unwrap();
        let (local, statement) = common::prove(b"same", &openings, n, 99);
        assert_eq!(ours.to_bytes(), local.to_bytes(), "m={m} n={n}");
        assert_eq!(commitments, statement.commitments());
    }
}

#[test]
fn aggregated_proofs_verify_in_bpkit_and_in_the_peer() {
    let mut rng = common::rng(1);
    let cases = [
        (1usize, 8usize),
        (1, 64),
        (2, 16),
        (3, 64),
        (3, 8),
        (5, 32),
        (8, 64),
        (13, 16),
        (64, 8),
        (64, 64),
    ];
    for (m, n) in cases {
        let openings = common::openings(&mut rng, n, m);
        let (proof, commitments) = run(b"mpc", &honest(&openings), n, Options::default(), &mut rng);
        let proof = proof.unwrap_or_else(|e| panic!("m={m} n={n}: {e:?}"));
        let statement = RangeStatement::new(n, commitments.clone()).unwrap();
        assert_eq!(proof.to_bytes().len(), statement.proof_size());
        proof
            .verify(&mut Transcript::new(b"mpc"), &statement)
            .unwrap_or_else(|e| panic!("bpkit, m={m} n={n}: {e:?}"));
        verify_in_peer(b"mpc", &proof, &statement)
            .unwrap_or_else(|e| panic!("peer, m={m} n={n}: {e:?}"));
        // The proof is bound to its statement and its transcript.
        assert!(proof
            .verify(&mut Transcript::new(b"other"), &statement)
            .is_err());
        if m > 1 {
            let mut swapped = commitments;
            swapped.swap(0, m - 1);
            let wrong = RangeStatement::new(n, swapped).unwrap();
            assert!(proof.verify(&mut Transcript::new(b"mpc"), &wrong).is_err());
            assert!(verify_in_peer(b"mpc", &proof, &wrong).is_err());
        }
    }
}

#[test]
fn extreme_values_aggregate() {
    // 0, 1 and 2ⁿ − 1 (every bit set), with a zero blinding too (V_j = identity for value 0).
    let mut rng = common::rng(3);
    for n in [8usize, 64] {
        let max = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        let openings = [
            Opening::new(0, Scalar::ZERO),
            Opening::random(1, &mut rng),
            Opening::random(max, &mut rng),
        ];
        let (proof, commitments) =
            run(b"edge", &honest(&openings), n, Options::default(), &mut rng);
        assert_eq!(commitments[0], CompressedRistretto::default());
        let statement = RangeStatement::new(n, commitments).unwrap();
        proof
            .unwrap()
            .verify(&mut Transcript::new(b"edge"), &statement)
            .unwrap();
    }
}

#[test]
fn messages_round_trip_with_their_documented_sizes() {
    let mut rng = common::rng(4);
    for n in [8usize, 16, 32, 64] {
        let pc = shared_pedersen();
        let bp = shared(n, 2);
        let mut transcript = Transcript::new(b"rt");
        let dealer = Dealer::new(pc, &bp, &mut transcript, n, 1, &mut rng).unwrap();
        let opening = common::openings(&mut rng, n, 1).remove(0);
        let (party, bc) = Party::new(pc, &bp, &opening, n)
            .unwrap()
            .assign_position(0, &mut rng)
            .unwrap();
        assert_eq!(bc.to_bytes().len(), BitCommitment::SIZE);
        assert_eq!(BitCommitment::from_bytes(&bc.to_bytes()).unwrap(), bc);
        let (dealer, yz) = dealer.receive_bit_commitments(vec![bc]).unwrap();
        assert_eq!(yz.to_bytes().len(), BitChallenge::SIZE);
        assert_eq!(BitChallenge::from_bytes(&yz.to_bytes()).unwrap(), yz);
        let (party, pcm) = party.apply_challenge(&yz).unwrap();
        assert_eq!(pcm.to_bytes().len(), PolyCommitment::SIZE);
        assert_eq!(PolyCommitment::from_bytes(&pcm.to_bytes()).unwrap(), pcm);
        let (dealer, x) = dealer.receive_poly_commitments(vec![pcm]).unwrap();
        assert_eq!(x.to_bytes().len(), PolyChallenge::SIZE);
        assert_eq!(PolyChallenge::from_bytes(&x.to_bytes()).unwrap(), x);
        let share = party.apply_challenge(&x).unwrap();
        let bytes = share.to_bytes();
        assert_eq!(bytes.len(), ProofShare::size(n));
        assert_eq!(bytes.len(), (3 + 2 * n) * 32);
        let decoded = ProofShare::from_bytes(&bytes).unwrap();
        assert_eq!(decoded.bits(), n);
        assert_eq!(decoded, share);
        dealer.receive_shares(vec![decoded]).unwrap();
    }
    assert_eq!(ProofShare::MAX_SIZE, ProofShare::size(64));
}

// ---------------------------------------------------------------------------------------------
// Strict decoding.

/// The group order ℓ, little-endian: the smallest non-canonical scalar encoding.
fn ell() -> [u8; 32] {
    let mut b = (-Scalar::ONE).to_bytes();
    b[0] += 1; // ℓ − 1 ends in 0xec: no carry.
    assert!(Option::<Scalar>::from(Scalar::from_canonical_bytes(b)).is_none());
    b
}

fn a_share(n: usize) -> ProofShare {
    let mut rng = common::rng(5);
    let s = |rng: &mut ChaCha20Rng| Scalar::random(rng);
    ProofShare {
        t_x: s(&mut rng),
        t_x_blinding: s(&mut rng),
        e_blinding: s(&mut rng),
        l_vec: (0..n).map(|_| s(&mut rng)).collect(),
        r_vec: (0..n).map(|_| s(&mut rng)).collect(),
    }
}

fn a_bit_commitment() -> BitCommitment {
    let mut rng = common::rng(6);
    let p = |rng: &mut ChaCha20Rng| Point::from_point(bpkit::group::RistrettoPoint::random(rng));
    BitCommitment {
        v_j: p(&mut rng),
        a_j: p(&mut rng),
        s_j: p(&mut rng),
    }
}

fn wrong_length(expected: usize, found: usize) -> Error {
    Error::WrongLength { expected, found }
}

#[test]
fn fixed_size_messages_reject_every_other_length() {
    let bc = a_bit_commitment().to_bytes();
    let pcm = PolyCommitment {
        t_1_j: a_bit_commitment().a_j,
        t_2_j: a_bit_commitment().s_j,
    }
    .to_bytes();
    let yz = BitChallenge {
        y: Scalar::from(3u64),
        z: Scalar::from(5u64),
    }
    .to_bytes();
    let x = PolyChallenge {
        x: Scalar::from(7u64),
    }
    .to_bytes();
    type Decode = fn(&[u8]) -> Result<(), Error>;
    let decoders: [(&[u8], Decode); 4] = [
        (&bc, |b| BitCommitment::from_bytes(b).map(drop)),
        (&pcm, |b| PolyCommitment::from_bytes(b).map(drop)),
        (&yz, |b| BitChallenge::from_bytes(b).map(drop)),
        (&x, |b| PolyChallenge::from_bytes(b).map(drop)),
    ];
    for (good, decode) in decoders {
        let size = good.len();
        decode(good).unwrap();
        assert_eq!(decode(&[]), Err(wrong_length(size, 0)));
        assert_eq!(decode(&good[..size - 1]), Err(wrong_length(size, size - 1)));
        let mut trailing = good.to_vec();
        trailing.push(0);
        assert_eq!(decode(&trailing), Err(wrong_length(size, size + 1)));
        trailing.extend_from_slice(&[0; 31]);
        assert_eq!(decode(&trailing), Err(wrong_length(size, size + 32)));
    }
}

#[test]
fn points_are_valid_and_not_the_identity_where_forbidden() {
    let bc = a_bit_commitment();
    let good = bc.to_bytes();

    // V_j may be the identity; A_j and S_j may not.
    let mut b = good.clone();
    b[..32].fill(0);
    assert!(BitCommitment::from_bytes(&b).unwrap().v_j.is_identity());
    for offset in [32usize, 64] {
        let mut b = good.clone();
        b[offset..offset + 32].fill(0);
        assert_eq!(
            BitCommitment::from_bytes(&b),
            Err(Error::IdentityPoint { offset })
        );
    }
    // Invalid encodings: a negative field element (low bit set) and a non-canonical one.
    for offset in [0usize, 32, 64] {
        let mut b = good.clone();
        b[offset] ^= 1;
        assert_eq!(
            BitCommitment::from_bytes(&b),
            Err(Error::InvalidPoint { offset })
        );
        let mut b = good.clone();
        b[offset..offset + 32].fill(0xff);
        assert_eq!(
            BitCommitment::from_bytes(&b),
            Err(Error::InvalidPoint { offset })
        );
    }

    let pcm = PolyCommitment {
        t_1_j: bc.a_j,
        t_2_j: bc.s_j,
    };
    let good = pcm.to_bytes();
    for offset in [0usize, 32] {
        let mut b = good.clone();
        b[offset..offset + 32].fill(0);
        assert_eq!(
            PolyCommitment::from_bytes(&b),
            Err(Error::IdentityPoint { offset })
        );
        let mut b = good.clone();
        b[offset] ^= 1;
        assert_eq!(
            PolyCommitment::from_bytes(&b),
            Err(Error::InvalidPoint { offset })
        );
    }
}

#[test]
fn scalars_must_be_canonical() {
    let ell = ell();
    let yz = BitChallenge {
        y: Scalar::from(3u64),
        z: Scalar::from(5u64),
    }
    .to_bytes();
    for offset in [0usize, 32] {
        let mut b = yz.clone();
        b[offset..offset + 32].copy_from_slice(&ell);
        assert_eq!(
            BitChallenge::from_bytes(&b),
            Err(Error::NonCanonicalScalar { offset })
        );
    }
    assert_eq!(
        PolyChallenge::from_bytes(&[0xff; 32]),
        Err(Error::NonCanonicalScalar { offset: 0 })
    );
    // ℓ − 1 is the largest canonical scalar.
    assert_eq!(
        PolyChallenge::from_bytes(&(-Scalar::ONE).to_bytes())
            .unwrap()
            .x,
        -Scalar::ONE
    );

    for n in [8usize, 64] {
        let good = a_share(n).to_bytes();
        // t_x, τ_x, μ, the first and last l, the first and last r.
        for k in [0usize, 1, 2, 3, 2 + n, 3 + n, 2 + 2 * n] {
            let offset = 32 * k;
            let mut b = good.clone();
            b[offset..offset + 32].copy_from_slice(&ell);
            assert_eq!(
                ProofShare::from_bytes(&b),
                Err(Error::NonCanonicalScalar { offset }),
                "n={n} k={k}"
            );
        }
    }
}

#[test]
fn share_length_carries_n_and_is_checked_before_allocating() {
    for n in [8usize, 16, 32, 64] {
        let share = a_share(n);
        let bytes = share.to_bytes();
        assert_eq!(ProofShare::from_bytes(&bytes).unwrap(), share);
        let mut long = bytes.clone();
        long.push(0);
        let expected = if n == 64 { None } else { Some(bytes.len()) };
        match expected {
            Some(e) => assert_eq!(
                ProofShare::from_bytes(&long),
                Err(wrong_length(e, bytes.len() + 1))
            ),
            None => assert_eq!(
                ProofShare::from_bytes(&long),
                Err(Error::TooLarge {
                    max: ProofShare::MAX_SIZE,
                    found: ProofShare::MAX_SIZE + 1
                })
            ),
        }
    }
    assert_eq!(ProofShare::from_bytes(&[]), Err(wrong_length(608, 0)));
    assert_eq!(
        ProofShare::from_bytes(&[0; 607]),
        Err(wrong_length(608, 607))
    );
    // n = 12 would be 864 bytes: not a supported size; the nearest valid one below is n = 8.
    assert_eq!(
        ProofShare::from_bytes(&[0; 864]),
        Err(wrong_length(608, 864))
    );
    assert_eq!(
        ProofShare::from_bytes(&[0; 3000]),
        Err(wrong_length(2144, 3000))
    );
    assert_eq!(
        ProofShare::from_bytes(&vec![0; 1 << 20]),
        Err(Error::TooLarge {
            max: 4192,
            found: 1 << 20
        })
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Arbitrary bytes never panic a decoder, and whatever decodes re-encodes to the same bytes.
    #[test]
    fn decoding_arbitrary_bytes_is_total_and_canonical(
        bytes in prop::collection::vec(any::<u8>(), 0..4300),
        small in prop::collection::vec(any::<u8>(), 0..100),
    ) {
        for b in [&bytes, &small] {
            if let Ok(m) = BitCommitment::from_bytes(b) { prop_assert_eq!(&m.to_bytes(), b); }
            if let Ok(m) = BitChallenge::from_bytes(b) { prop_assert_eq!(&m.to_bytes(), b); }
            if let Ok(m) = PolyCommitment::from_bytes(b) { prop_assert_eq!(&m.to_bytes(), b); }
            if let Ok(m) = PolyChallenge::from_bytes(b) { prop_assert_eq!(&m.to_bytes(), b); }
            if let Ok(m) = ProofShare::from_bytes(b) { prop_assert_eq!(&m.to_bytes(), b); }
        }
    }

    /// Scalars with their top bits cleared are canonical: random shares of every size decode.
    #[test]
    fn reduced_random_shares_decode(seed in any::<u64>(), which in 0usize..4) {
        let n = [8usize, 16, 32, 64][which];
        let mut bytes = vec![0u8; ProofShare::size(n)];
        let mut rng = common::rng(seed);
        rand::Rng::fill_bytes(&mut rng, &mut bytes);
        for chunk in bytes.chunks_mut(32) { chunk[31] &= 0x0f; }
        let share = ProofShare::from_bytes(&bytes).unwrap();
        prop_assert_eq!(share.bits(), n);
        prop_assert_eq!(share.to_bytes(), bytes);
    }
}

// ---------------------------------------------------------------------------------------------
// Malicious parties: the dealer's audit names exactly the bad ones.

fn openings(seed: u64, n: usize, m: usize) -> Vec<Opening> {
    common::openings(&mut common::rng(seed), n, m)
}

#[test]
fn share_for_a_different_value_is_blamed() {
    let n = 32;
    let mut actors = honest(&openings(20, n, 4));
    // Party 2 commits to one value and proves another (same blinding).
    let committed = actors[2].opening.clone();
    actors[2].opening = Opening::new(committed.value ^ 1, committed.blinding);
    actors[2].claims = Some(committed);
    let (result, _) = run(b"bad", &actors, n, Options::default(), &mut common::rng(21));
    assert_eq!(blamed(result), [2]);
}

#[test]
fn share_with_a_wrong_blinding_is_blamed() {
    let n = 64;
    let mut actors = honest(&openings(22, n, 3));
    let committed = actors[1].opening.clone();
    actors[1].opening = Opening::new(committed.value, committed.blinding + Scalar::ONE);
    actors[1].claims = Some(committed);
    let (result, _) = run(b"bad", &actors, n, Options::default(), &mut common::rng(23));
    assert_eq!(blamed(result), [1]);
}

#[test]
fn every_tampered_share_field_is_blamed() {
    let tampers: [fn(&mut ProofShare); 7] = [
        |s| s.t_x += Scalar::ONE,
        |s| s.t_x_blinding += Scalar::ONE,
        |s| s.e_blinding += Scalar::ONE,
        |s| s.l_vec[0] += Scalar::ONE,
        |s| *s.r_vec.last_mut().unwrap() += Scalar::ONE,
        // t_x kept consistent with ⟨l, r⟩, so only the commitment checks can catch it.
        |s| {
            s.l_vec[1] += Scalar::ONE;
            s.t_x += s.r_vec[1];
        },
        |s| s.l_vec.swap(0, 1),
    ];
    let n = 16;
    for (k, tamper) in tampers.into_iter().enumerate() {
        let mut actors = honest(&openings(24, n, 3));
        actors[k % 3].tamper = Some(tamper);
        let (result, _) = run(b"bad", &actors, n, Options::default(), &mut common::rng(25));
        assert_eq!(blamed(result), [k % 3], "tamper {k}");
    }
}

#[test]
fn shares_of_the_wrong_size_position_or_order_are_blamed() {
    let n = 64;
    // A party that runs with 32 bits in a 64-bit run.
    let mut actors = honest(&openings(26, n, 2));
    actors[1].opening.value &= 0xffff_ffff;
    actors[1].bits = Some(32);
    let (result, _) = run(b"bad", &actors, n, Options::default(), &mut common::rng(27));
    assert_eq!(blamed(result), [1]);

    // A party that takes another position than the one the dealer gives it.
    let mut actors = honest(&openings(28, n, 3));
    actors[0].position = Some(2);
    let (result, _) = run(b"bad", &actors, n, Options::default(), &mut common::rng(29));
    assert_eq!(blamed(result), [0]);

    // A truncated share (a share for n = 32 taken from a 64-bit one).
    let mut actors = honest(&openings(30, n, 2));
    actors[0].tamper = Some(|s| {
        s.l_vec.truncate(32);
        s.r_vec.truncate(32);
    });
    let (result, _) = run(b"bad", &actors, n, Options::default(), &mut common::rng(31));
    assert_eq!(blamed(result), [0]);

    // Two honest shares delivered in swapped order: both positions fail.
    let actors = honest(&openings(32, n, 4));
    let options = Options {
        reorder: Some(|s| s.swap(1, 3)),
        ..Options::default()
    };
    let (result, _) = run(b"bad", &actors, n, options, &mut common::rng(33));
    assert_eq!(blamed(result), [1, 3]);
}

#[test]
fn blame_names_exactly_the_bad_parties_when_several_are_bad() {
    let n = 8;
    let m = 11; // padded to 16: padding parties are never blamed
    for bad in [
        vec![0usize],
        vec![0, 10],
        vec![3, 4, 7],
        (0..m).collect::<Vec<_>>(),
    ] {
        let mut actors = honest(&openings(34, n, m));
        for (i, &j) in bad.iter().enumerate() {
            match i % 3 {
                0 => actors[j].tamper = Some(|s| s.e_blinding -= Scalar::ONE),
                1 => {
                    let committed = actors[j].opening.clone();
                    actors[j].opening = Opening::new(committed.value ^ 0x80, committed.blinding);
                    actors[j].claims = Some(committed);
                }
                _ => actors[j].tamper = Some(|s| s.r_vec[7] = Scalar::ZERO),
            }
        }
        let (result, _) = run(b"bad", &actors, n, Options::default(), &mut common::rng(35));
        let mask: u64 = bad.iter().map(|j| 1u64 << j).sum();
        assert_eq!(
            result.as_ref().err(),
            Some(&Error::Protocol(ProtocolError::MaliciousParties(mask)))
        );
        assert_eq!(blamed(result), bad);
    }
    // The highest position has its own bit.
    let mut actors = honest(&openings(36, n, 64));
    actors[63].tamper = Some(|s| s.t_x_blinding += Scalar::ONE);
    let (result, _) = run(b"bad", &actors, n, Options::default(), &mut common::rng(37));
    assert_eq!(blamed(result), [63]);
}

#[test]
fn without_the_audit_a_bad_share_makes_a_false_proof() {
    // Why receive_shares audits: receive_trusted_shares assembles the same bad share into a
    // proof that does not verify, with no one to blame.
    let n = 32;
    let mut actors = honest(&openings(38, n, 3));
    actors[1].tamper = Some(|s| s.t_x_blinding += Scalar::ONE);
    let options = Options {
        trusted: true,
        ..Options::default()
    };
    let (proof, commitments) = run(b"bad", &actors, n, options, &mut common::rng(39));
    let statement = RangeStatement::new(n, commitments).unwrap();
    assert_eq!(
        proof
            .unwrap()
            .verify(&mut Transcript::new(b"bad"), &statement),
        Err(Error::VerificationFailed)
    );
}

#[test]
fn parties_refuse_values_out_of_range_and_positions_beyond_64() {
    let pc = shared_pedersen();
    let bp = shared(64, 64);
    let mut rng = common::rng(40);
    for n in [8usize, 16, 32] {
        let o = Opening::random(1 << n, &mut rng);
        assert_eq!(
            Party::new(pc, &bp, &o, n).err(),
            Some(Error::ValueOutOfRange { index: 0 })
        );
    }
    assert_eq!(
        Party::new(pc, &bp, &Opening::random(1, &mut rng), 12).err(),
        Some(Error::InvalidBitSize(12))
    );
    let party = Party::new(pc, &bp, &Opening::random(1, &mut rng), 8).unwrap();
    assert_eq!(
        party.assign_position(64, &mut rng).err(),
        Some(Error::Protocol(ProtocolError::InvalidPosition(64)))
    );
    let party = Party::new(pc, &bp, &Opening::random(1, &mut rng), 8).unwrap();
    assert!(party.assign_position(63, &mut rng).is_ok());
    for m in [0usize, 65] {
        let mut t = Transcript::new(b"m");
        assert_eq!(
            Dealer::new(pc, &bp, &mut t, 8, m, &mut rng).err(),
            Some(Error::InvalidAggregation(m))
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Malicious dealer: zero challenges are refused.

#[test]
fn parties_refuse_zero_challenges() {
    let pc = shared_pedersen();
    let bp = shared(64, 1);
    let mut rng = common::rng(41);
    let new_party = |rng: &mut ChaCha20Rng| {
        let (party, _) = Party::new(pc, &bp, &Opening::random(5, rng), 64)
            .unwrap()
            .assign_position(0, rng)
            .unwrap();
        party
    };
    let refused = Some(Error::Protocol(ProtocolError::MaliciousDealer));
    let r = Scalar::random(&mut rng);
    for (y, z) in [
        (Scalar::ZERO, r),
        (r, Scalar::ZERO),
        (Scalar::ZERO, Scalar::ZERO),
    ] {
        // Zero challenges are well-formed bytes; the party refuses them.
        let challenge = BitChallenge::from_bytes(&BitChallenge { y, z }.to_bytes()).unwrap();
        assert_eq!(
            new_party(&mut rng).apply_challenge(&challenge).err(),
            refused
        );
    }
    let (party, _) = new_party(&mut rng)
        .apply_challenge(&BitChallenge { y: r, z: r })
        .unwrap();
    let zero = PolyChallenge::from_bytes(&[0; 32]).unwrap();
    assert_eq!(party.apply_challenge(&zero).err(), refused);
    // Non-zero challenges of the dealer's choosing are answered.
    let (party, _) = new_party(&mut rng)
        .apply_challenge(&BitChallenge { y: r, z: r })
        .unwrap();
    assert!(party
        .apply_challenge(&PolyChallenge { x: Scalar::ONE })
        .is_ok());
}

// ---------------------------------------------------------------------------------------------
// The dealer takes exactly m messages per round.

/// `messages` cycled or cut to `count` of them.
fn resize<T: Clone>(messages: Vec<T>, count: usize) -> Vec<T> {
    messages.into_iter().cycle().take(count).collect()
}

/// An honest run of 3 parties in which round `round` hands the dealer `count` messages.
fn miscounted_run(round: usize, count: usize) -> Option<Error> {
    let (n, m) = (8, 3);
    let pc = shared_pedersen();
    let bp = shared(n, 4);
    let mut rng = common::rng(42);
    let mut t = Transcript::new(b"count");
    let dealer = Dealer::new(pc, &bp, &mut t, n, m, &mut rng).unwrap();
    let (parties, messages): (Vec<_>, Vec<_>) = openings(43, n, m)
        .iter()
        .enumerate()
        .map(|(j, o)| {
            Party::new(pc, &bp, o, n)
                .unwrap()
                .assign_position(j, &mut rng)
                .unwrap()
        })
        .unzip();
    if round == 1 {
        return dealer
            .receive_bit_commitments(resize(messages, count))
            .err();
    }
    let (dealer, yz) = dealer.receive_bit_commitments(messages).unwrap();
    let (parties, messages): (Vec<_>, Vec<_>) = parties
        .into_iter()
        .map(|p| p.apply_challenge(&yz).unwrap())
        .unzip();
    if round == 2 {
        return dealer
            .receive_poly_commitments(resize(messages, count))
            .err();
    }
    let (dealer, x) = dealer.receive_poly_commitments(messages).unwrap();
    let shares: Vec<_> = parties
        .into_iter()
        .map(|p| p.apply_challenge(&x).unwrap())
        .collect();
    dealer.receive_shares(resize(shares, count)).err()
}

#[test]
fn dealer_refuses_the_wrong_number_of_messages() {
    for round in 1..=3 {
        // The right count goes through (the run is otherwise honest).
        assert_eq!(miscounted_run(round, 3), None, "round {round}");
        for received in [0usize, 2, 4, 6] {
            assert_eq!(
                miscounted_run(round, received),
                Some(Error::Protocol(ProtocolError::WrongMessageCount {
                    expected: 3,
                    received
                })),
                "round {round}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Serde, through the byte encoding.

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_the_strict_byte_encoding() {
    let bc = a_bit_commitment();
    let json = serde_json::to_string(&bc).unwrap();
    assert_eq!(serde_json::from_str::<BitCommitment>(&json).unwrap(), bc);
    let share = a_share(16);
    let json = serde_json::to_string(&share).unwrap();
    assert_eq!(serde_json::from_str::<ProofShare>(&json).unwrap(), share);
    let yz = BitChallenge {
        y: Scalar::from(9u64),
        z: Scalar::from(10u64),
    };
    let json = serde_json::to_string(&yz).unwrap();
    assert_eq!(serde_json::from_str::<BitChallenge>(&json).unwrap(), yz);
    let x = PolyChallenge {
        x: Scalar::from(11u64),
    };
    let json = serde_json::to_string(&x).unwrap();
    assert_eq!(serde_json::from_str::<PolyChallenge>(&json).unwrap(), x);
    let pcm = PolyCommitment {
        t_1_j: bc.a_j,
        t_2_j: bc.s_j,
    };
    let json = serde_json::to_string(&pcm).unwrap();
    assert_eq!(serde_json::from_str::<PolyCommitment>(&json).unwrap(), pcm);

    // Strictness carries over: an identity A_j, a truncated share.
    let mut bytes = bc.to_bytes();
    bytes[32..64].fill(0);
    let json = serde_json::to_string(&bytes).unwrap();
    assert!(serde_json::from_str::<BitCommitment>(&json).is_err());
    let bytes = &share.to_bytes()[..600];
    let json = serde_json::to_string(bytes).unwrap();
    assert!(serde_json::from_str::<ProofShare>(&json).is_err());
}
