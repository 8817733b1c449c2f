//! Multi-party aggregation with every participant in its own thread.
//!
//! `K` party threads, each holding one secret value, and a dealer thread run the aggregation
//! protocol exchanging only serialized messages (bytes) over `std::sync::mpsc` channels. The
//! dealer audits the shares, the aggregated proof is verified, then written as a proof envelope:
//!
//! ```text
//! {"version": 1, "scheme": "bp", "bits": N, "label": "bpkit mpc example",
//!  "commitments": ["<hex>", ...], "proof": "<hex>"}
//! ```
//!
//! `label` is the Merlin transcript label (`Transcript::new(label)`), `commitments` the `K` real
//! commitments in position order (the padding ones are implied).
//!
//! ```text
//! cargo run --release -p bpkit --example mpc -- --parties 5 --bits 64 --out proof.json
//! ```

use bpkit::aggregation::{
    BitChallenge, BitCommitment, Dealer, Party, PolyChallenge, PolyCommitment, ProofShare,
};
use bpkit::generators::{shared, shared_pedersen};
use bpkit::group::CompressedRistretto;
use bpkit::{BulletproofGens, Opening, RangeProof, RangeStatement};
use merlin::Transcript;
use rand::RngExt;
use std::fmt::Write as _;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::time::{Duration, Instant};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The transcript label, written to the envelope.
const LABEL: &str = "bpkit mpc example";
/// How long the dealer waits for a round before giving up on the parties.
const TIMEOUT: Duration = Duration::from_secs(120);

/// What a party sends: its position and a serialized message, or why it stopped.
type FromParty = (usize, Result<Vec<u8>, String>);

struct Args {
    parties: usize,
    bits: usize,
    out: String,
}

fn usage() -> BoxError {
    "usage: mpc --parties K (1 to 64) --bits N (8, 16, 32 or 64) --out FILE".into()
}

fn parse_args() -> Result<Args, BoxError> {
    let mut args = std::env::args().skip(1);
    let (mut parties, mut bits, mut out) = (None, None, None);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(usage)?;
        match flag.as_str() {
            "--parties" => parties = Some(value.parse::<usize>()?),
            "--bits" => bits = Some(value.parse::<usize>()?),
            "--out" => out = Some(value),
            _ => return Err(usage()),
        }
    }
    let args = Args {
        parties: parties.ok_or_else(usage)?,
        bits: bits.ok_or_else(usage)?,
        out: out.ok_or_else(usage)?,
    };
    // Dealer::new checks these too; failing here gives the usage line.
    if !(1..=bpkit::MAX_PARTIES).contains(&args.parties) || !bpkit::BIT_SIZES.contains(&args.bits) {
        return Err(usage());
    }
    Ok(args)
}

/// One party: a random value below 2^bits, then three rounds over its channels.
fn party(
    j: usize,
    bits: usize,
    bp_gens: &BulletproofGens,
    to_dealer: &Sender<FromParty>,
    from_dealer: &Receiver<Vec<u8>>,
) -> Result<(), BoxError> {
    let mut rng = rand::rng();
    let mask = u64::MAX
        .checked_shr(64u32.saturating_sub(bits as u32))
        .unwrap_or(0);
    let opening = Opening::random(rng.random::<u64>() & mask, &mut rng);
    let send = |bytes: Vec<u8>| to_dealer.send((j, Ok(bytes)));

    let party = Party::new(shared_pedersen(), bp_gens, &opening, bits)?;
    let (party, message) = party.assign_position(j, &mut rng)?;
    send(message.to_bytes())?;

    let challenge = BitChallenge::from_bytes(&from_dealer.recv()?)?;
    let (party, message) = party.apply_challenge(&challenge)?;
    send(message.to_bytes())?;

    let challenge = PolyChallenge::from_bytes(&from_dealer.recv()?)?;
    let share = party.apply_challenge(&challenge)?;
    send(share.to_bytes())?;
    Ok(())
}

/// Bytes the dealer received and sent.
#[derive(Default)]
struct Traffic {
    received: usize,
    sent: usize,
    messages: usize,
}

/// Receives one message from each of the `k` parties and decodes them in position order. A
/// party that stopped, sent twice, or sent bytes that do not decode is named in the error.
fn gather<M>(
    from_parties: &Receiver<FromParty>,
    k: usize,
    what: &str,
    decode: fn(&[u8]) -> Result<M, bpkit::Error>,
    traffic: &mut Traffic,
) -> Result<Vec<M>, BoxError> {
    let mut slots: Vec<Option<Vec<u8>>> = vec![None; k];
    for _ in 0..k {
        let (j, message) = from_parties.recv_timeout(TIMEOUT)?;
        let bytes = message.map_err(|e| format!("party {j} stopped: {e}"))?;
        let slot = slots
            .get_mut(j)
            .ok_or_else(|| format!("message from unknown party {j}"))?;
        if slot.is_some() {
            return Err(format!("party {j} sent its {what} twice").into());
        }
        traffic.received = traffic.received.saturating_add(bytes.len());
        traffic.messages = traffic.messages.saturating_add(1);
        *slot = Some(bytes);
    }
    let mut messages = Vec::with_capacity(k);
    let mut malformed = Vec::new();
    for (j, slot) in slots.into_iter().enumerate() {
        match slot.map(|bytes| decode(&bytes)) {
            Some(Ok(m)) => messages.push(m),
            Some(Err(e)) => malformed.push(format!("party {j}: {e}")),
            None => malformed.push(format!("party {j}: missing")),
        }
    }
    if malformed.is_empty() {
        Ok(messages)
    } else {
        Err(format!("bad {what}: {}", malformed.join("; ")).into())
    }
}

fn broadcast(
    to_parties: &[Sender<Vec<u8>>],
    bytes: &[u8],
    traffic: &mut Traffic,
) -> Result<(), BoxError> {
    for tx in to_parties {
        tx.send(bytes.to_vec())?;
        traffic.sent = traffic.sent.saturating_add(bytes.len());
        traffic.messages = traffic.messages.saturating_add(1);
    }
    Ok(())
}

/// The dealer: three rounds, the audit, the proof and the commitments it is about.
fn dealer(
    k: usize,
    bits: usize,
    bp_gens: &BulletproofGens,
    from_parties: Receiver<FromParty>,
    to_parties: Vec<Sender<Vec<u8>>>,
) -> Result<(RangeProof, Vec<CompressedRistretto>, Traffic), BoxError> {
    let mut traffic = Traffic::default();
    let mut transcript = Transcript::new(LABEL.as_bytes());
    let dealer = Dealer::new(
        shared_pedersen(),
        bp_gens,
        &mut transcript,
        bits,
        k,
        &mut rand::rng(),
    )?;

    let bit_commitments = gather(
        &from_parties,
        k,
        "bit commitment",
        BitCommitment::from_bytes,
        &mut traffic,
    )?;
    let commitments = bit_commitments.iter().map(|bc| bc.v_j.compressed).collect();
    let (dealer, challenge) = dealer.receive_bit_commitments(bit_commitments)?;
    broadcast(&to_parties, &challenge.to_bytes(), &mut traffic)?;

    let poly_commitments = gather(
        &from_parties,
        k,
        "polynomial commitment",
        PolyCommitment::from_bytes,
        &mut traffic,
    )?;
    let (dealer, challenge) = dealer.receive_poly_commitments(poly_commitments)?;
    broadcast(&to_parties, &challenge.to_bytes(), &mut traffic)?;

    let shares = gather(
        &from_parties,
        k,
        "proof share",
        ProofShare::from_bytes,
        &mut traffic,
    )?;
    // Names every party whose share fails the audit.
    let proof = dealer.receive_shares(shares).map_err(|e| {
        let blamed: Vec<usize> = e.blamed_parties().collect();
        if blamed.is_empty() {
            BoxError::from(e)
        } else {
            format!("{e}: parties {blamed:?}").into()
        }
    })?;
    Ok((proof, commitments, traffic))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(
        String::with_capacity(bytes.len().saturating_mul(2)),
        |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        },
    )
}

fn main() -> Result<(), BoxError> {
    let Args { parties, bits, out } = parse_args()?;
    let padded = parties.next_power_of_two();
    let bp_gens = shared(bits, padded);
    let start = Instant::now();

    let (to_dealer, from_parties) = channel::<FromParty>();
    let mut to_parties = Vec::with_capacity(parties);
    let mut inboxes = Vec::with_capacity(parties);
    for _ in 0..parties {
        let (tx, rx) = channel::<Vec<u8>>();
        to_parties.push(tx);
        inboxes.push(rx);
    }

    let (proof, commitments, traffic) = std::thread::scope(|scope| {
        let bp_gens = &*bp_gens;
        let party_threads: Vec<_> = inboxes
            .into_iter()
            .enumerate()
            .map(|(j, inbox)| {
                let to_dealer = to_dealer.clone();
                scope.spawn(move || {
                    if let Err(e) = party(j, bits, bp_gens, &to_dealer, &inbox) {
                        // Tell the dealer rather than leave it waiting.
                        let _ = to_dealer.send((j, Err(e.to_string())));
                    }
                })
            })
            .collect();
        drop(to_dealer);
        let dealer_thread =
            scope.spawn(move || dealer(parties, bits, bp_gens, from_parties, to_parties));
        let result = dealer_thread
            .join()
            .map_err(|_| BoxError::from("the dealer thread panicked"))?;
        for t in party_threads {
            t.join()
                .map_err(|_| BoxError::from("a party thread panicked"))?;
        }
        result
    })?;
    let elapsed = start.elapsed();

    // Verify before writing: the envelope must hold a proof that verifies.
    let statement = RangeStatement::new(bits, commitments)?;
    proof.verify(&mut Transcript::new(LABEL.as_bytes()), &statement)?;
    let proof_bytes = proof.to_bytes();
    // Written field by field to keep the documented order; serde_json escapes the strings.
    let commitments: Vec<String> = statement
        .commitments()
        .iter()
        .map(|c| hex(c.as_bytes()))
        .collect();
    let envelope = format!(
        r#"{{
  "version": 1,
  "scheme": "bp",
  "bits": {bits},
  "label": {label},
  "commitments": {commitments},
  "proof": "{proof}"
}}
"#,
        label = serde_json::to_string(LABEL)?,
        commitments = serde_json::to_string(&commitments)?,
        proof = hex(&proof_bytes),
    );
    std::fs::write(&out, envelope)?;

    let noun = if parties == 1 { "party" } else { "parties" };
    println!("{parties} {noun} x {bits} bits (padded to {padded}): dealer + {parties} {noun}");
    println!(
        "  {} messages: {} bytes to the dealer, {} bytes to the parties",
        traffic.messages, traffic.received, traffic.sent
    );
    println!(
        "  proof: {} bytes, verified; protocol took {:.1} ms",
        proof_bytes.len(),
        elapsed.as_secs_f64() * 1e3
    );
    println!("  wrote {out}");
    Ok(())
}
