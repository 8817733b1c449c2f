//! `bpkit prove`: a range proof (one or several values) or an interval proof, with Bulletproofs
//! (`--scheme bp`, the default) or Bulletproofs+ (`--scheme bp+`).

use super::Status;
use crate::args::{Flag, Parsed};
use crate::error::{describe, describe_failure, CliError};
use crate::files::{read_input, report_written, wipe, write_public};
use crate::opening_file;
use bpkit::group::CompressedRistretto;
use bpkit::plus::{ExtendedOpening, PlusProof, PlusStatement};
use bpkit::{Error, Interval, IntervalProof, Opening, RangeProof, BIT_SIZES, MAX_PARTIES};
use bpkit_envelope::decimal;
use bpkit_envelope::{self as envelope, Envelope, GeneratorSet, Scheme};

/// Usage text.
pub const USAGE: &str = "\
Usage: bpkit prove --bits N --label TEXT [--scheme bp|bp+] [--range A..B]
                   [--generators bpkit|tari] [--min V] [--threads N] --out PROOF.json
                   OPENING.json...
       bpkit prove --scheme grin-bp [--bits N] [--extra HEX] [--message HEX]
                   [--nonce-file F] --out PROOF.json OPENING.json
       bpkit prove --scheme monero-bp+|monero-bp --out PROOF.json OPENING.json...

Proves that the values of the openings (files written by `bpkit commit`) lie in [0, 2^N) and
writes the proof envelope to PROOF.json. One opening gives a single proof, 2 to 64 openings an
aggregated proof. With --range (Bulletproofs only), proves A <= v < B for exactly one opening
instead.

--scheme bp+ makes a Bulletproofs+ proof (smaller; wire-compatible with tari_bulletproofs_plus)
over the same openings: bpkit's default BP+ generators use the same bases as `bpkit commit`, so
the envelope lists the openings' own commitments. --generators tari proves with Tari's
generators instead: the commitments are then recomputed from each opening's value and blinding
with Tari's bases, so the envelope's commitments differ from those in the opening files. --min V
promises V <= v < V + 2^N for every opening (a free lower bound; V < 2^N).

The label is the transcript label (merlin `Transcript::new(label)`); the verifier must use the
same one, and it is recorded in the envelope.

Options:
    --bits N           bits per value: 8, 16, 32 or 64 (optional with --range: the smallest
                       that covers B - A, as in every binding)
    --label TEXT       transcript label
    --scheme S         bp (Bulletproofs, the default) or bp+ (Bulletproofs+)
    --range A..B       bp only: prove A <= v < B (0 <= A < B <= 18446744073709551616,
                       B - 1 - A < 2^N)
    --generators G     bp+ only: bpkit (the default) or tari (Tari's generators; the envelope's
                       commitments are computed with them, not copied from the openings)
    --min V            bp+ only: prove V <= v < V + 2^N for every opening (0 <= V < 2^N)
    --out FILE         where to write the proof envelope (`-`: standard output; special files
                       such as /dev/null are written to; an existing file is refused)
    --force            replace an existing FILE
    --threads N        threads for one proof: 0 (the default: RAYON_NUM_THREADS, else one
                       per core) or 1 to 256; the proof is the same bytes on any count

grin-bp (Grin / Litecoin MWEB, secp256k1-zkp's format; openings from
`bpkit commit --scheme grin-bp`):
    --bits N           1, 2, 4, 8, 16, 32 or 64 (the default; Grin and MWEB use 64)
    --extra HEX        extra data bound into the proof (absent and empty differ)
    --message HEX      up to 20 bytes recoverable by rewinding (zero-padded)
    --nonce-file F     the rewind nonce (32-byte hex); without it a random one is used and
                       the proof cannot be rewound

monero-bp+ (Monero's Bulletproofs+, as in RingCT type 6 transactions) and monero-bp (Monero's
original Bulletproofs, as in RingCT types 3-5); 1 to 16 openings from
`bpkit commit --scheme monero`: 64-bit amounts; the envelope lists the outputs' commitments
(mask*G + amount*H, as in outPk) and Monero's serialization of the proof.

    -h, --help         print this help

Exit codes: 0 proof written; 2 bad command line (including a range the bit size cannot
cover, or an option of the other scheme); 3 malformed opening, or a value outside the range to
prove; 4 I/O error.
";

/// Flags accepted.
pub const FLAGS: &[Flag] = &[
    Flag::value("--bits"),
    Flag::value("--label"),
    Flag::value("--scheme"),
    Flag::value("--range"),
    Flag::value("--generators"),
    Flag::value("--min"),
    Flag::value("--out"),
    Flag::switch("--force"),
    Flag::value("--extra"),
    Flag::value("--message"),
    Flag::value("--nonce-file"),
    Flag::value("--threads"),
];

/// Parses `--bits`.
pub fn parse_bits(text: &str) -> Result<usize, CliError> {
    decimal::parse_u64(text)
        .and_then(|b| usize::try_from(b).ok())
        .filter(|b| BIT_SIZES.contains(b))
        .ok_or_else(|| CliError::Usage(format!("--bits {text:?}: expected 8, 16, 32 or 64")))
}

/// The smallest supported bit size (8, 16, 32, 64) for the interval of `--range A..B`.
fn smallest_bits(text: &str) -> Result<usize, CliError> {
    let (a, b) = text.split_once("..").ok_or_else(|| {
        CliError::Usage(format!(
            "--range {text:?}: expected A..B with decimal 0 <= A < B <= 18446744073709551616"
        ))
    })?;
    let needed = envelope::parse_interval(a, b).map_or(64, |i| i.min_bits());
    Ok(BIT_SIZES
        .iter()
        .copied()
        .find(|n| *n >= needed)
        .unwrap_or(64))
}

/// Parses `--range A..B`.
fn parse_range(text: &str, bits: usize) -> Result<Interval, CliError> {
    let bad = || {
        CliError::Usage(format!(
            "--range {text:?}: expected A..B with decimal 0 <= A < B <= 18446744073709551616"
        ))
    };
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let interval = envelope::parse_interval(a, b).ok_or_else(bad)?;
    if interval.min_bits() > bits {
        return Err(CliError::Usage(format!(
            "--range {text}: the interval is too wide for {bits}-bit proofs (needs --bits {} or more)",
            interval.min_bits()
        )));
    }
    Ok(interval)
}

/// Parses `--min V`.
fn parse_min(text: &str, bits: usize) -> Result<u64, CliError> {
    let min = decimal::parse_u64(text).ok_or_else(|| {
        CliError::Usage(format!(
            "--min {text:?}: expected a decimal integer from 0 to 18446744073709551615"
        ))
    })?;
    if !envelope::minimum_fits(min, bits) {
        return Err(CliError::Usage(format!(
            "--min {text}: a minimum must be below 2^{bits} for {bits}-bit proofs"
        )));
    }
    Ok(min)
}

/// What to prove, from the command line.
enum Plan {
    /// Bulletproofs: a range proof, or an interval proof.
    Bp(Option<Interval>),
    /// Bulletproofs+ with these generators and this minimum for every value.
    Plus(GeneratorSet, u64),
}

fn plan(args: &Parsed, bits: usize) -> Result<Plan, CliError> {
    match args.value("--scheme").unwrap_or("bp") {
        "bp" => {
            for flag in ["--generators", "--min"] {
                if args.value(flag).is_some() {
                    return Err(CliError::Usage(format!(
                        "{flag} is a Bulletproofs+ option: use it with --scheme bp+"
                    )));
                }
            }
            let range = args
                .value("--range")
                .map(|r| parse_range(r, bits))
                .transpose()?;
            Ok(Plan::Bp(range))
        }
        "bp+" => {
            if args.value("--range").is_some() {
                return Err(CliError::Usage(
                    "--range (interval proofs) is Bulletproofs only: use --scheme bp, or --min \
                     for a lower bound with bp+"
                        .into(),
                ));
            }
            let generators = match args.value("--generators") {
                None => GeneratorSet::Bpkit,
                Some(name) => GeneratorSet::from_name(name).ok_or_else(|| {
                    CliError::Usage(format!("--generators {name:?}: expected bpkit or tari"))
                })?,
            };
            let min = args
                .value("--min")
                .map(|v| parse_min(v, bits))
                .transpose()?
                .unwrap_or(0);
            Ok(Plan::Plus(generators, min))
        }
        other => Err(CliError::Usage(format!(
            "--scheme {other:?}: expected bp or bp+"
        ))),
    }
}

fn read_opening(path: &str) -> Result<Opening, CliError> {
    let text = read_input(path)?;
    let parsed = opening_file::parse(&text);
    wipe(text);
    parsed
        .map(|file| file.opening)
        .map_err(|e| CliError::Malformed(format!("{path}: {e}")))
}

/// The range `[lower, lower + 2^bits)` as text.
fn range_text(lower: u64, bits: usize) -> String {
    if lower == 0 {
        format!("[0, 2^{bits})")
    } else {
        let upper = u32::try_from(bits)
            .ok()
            .and_then(|b| 1u128.checked_shl(b))
            .and_then(|span| span.checked_add(u128::from(lower)));
        match upper {
            Some(upper) => format!("[{lower}, {upper})"),
            None => format!("[{lower}, {lower} + 2^{bits})"),
        }
    }
}

/// Runs the command.
pub fn run(args: &Parsed) -> Result<Status, CliError> {
    let threads = args
        .value("--threads")
        .map(crate::args::parse_threads)
        .transpose()?
        .unwrap_or(0);
    bpkit::with_threads(threads, || prove(args))
}

fn prove(args: &Parsed) -> Result<Status, CliError> {
    if args.value("--scheme") == Some(super::grin::SCHEME) {
        return super::grin::prove(args);
    }
    if args.value("--scheme") == Some(super::monero::PLUS_SCHEME) {
        return super::monero::prove(args, true);
    }
    if args.value("--scheme") == Some(super::monero::ORIGINAL_SCHEME) {
        return super::monero::prove(args, false);
    }
    for grin_only in ["--extra", "--message", "--nonce-file"] {
        if args.value(grin_only).is_some() {
            return Err(CliError::Usage(format!(
                "{grin_only} is an option of --scheme grin-bp"
            )));
        }
    }
    let bits = match (args.value("--bits"), args.value("--range")) {
        (Some(b), _) => parse_bits(b)?,
        // An interval proof without --bits: the smallest bit size whose range covers b − a
        // (the rule of every binding; `docs/spec.md` §8).
        (None, Some(range)) => smallest_bits(range)?,
        (None, None) => return Err(CliError::Usage("missing required flag --bits".into())),
    };
    let label = args.required("--label")?;
    let out = args.required("--out")?;
    let plan = plan(args, bits)?;
    let paths = &args.positionals;
    let is_interval = matches!(plan, Plan::Bp(Some(_)));
    match (paths.len(), is_interval) {
        (0, _) => return Err(CliError::Usage("missing opening file(s)".into())),
        (1, true) => {}
        (_, true) => {
            return Err(CliError::Usage(
                "--range proves one value: give exactly one opening".into(),
            ))
        }
        (m, false) if m > MAX_PARTIES => {
            return Err(CliError::Usage(format!(
                "{m} openings: an aggregated proof holds at most {MAX_PARTIES}"
            )))
        }
        _ => {}
    }
    let openings = paths
        .iter()
        .map(|p| read_opening(p))
        .collect::<Result<Vec<_>, _>>()?;

    let mut rng = super::os_rng()?;
    let mut transcript = envelope::transcript(label)?;
    let refused = |e: Error| match e {
        Error::ValueOutOfRange { index } => {
            let path = paths.get(index).map_or("?", String::as_str);
            let value = openings.get(index).map_or(0, |o| o.value);
            let range = match &plan {
                Plan::Bp(Some(r)) => format!("[{}, {})", r.lower(), r.upper()),
                Plan::Bp(None) => range_text(0, bits),
                Plan::Plus(_, min) => range_text(*min, bits),
            };
            CliError::Malformed(format!(
                "{path}: the value {value} is outside {range}: refusing to prove it"
            ))
        }
        other => CliError::Malformed(format!("cannot prove: {}", describe(&other))),
    };
    let (scheme, proof, commitments) = match &plan {
        Plan::Bp(None) => {
            let (proof, statement) =
                RangeProof::prove(&mut transcript, &openings, bits, &mut rng).map_err(refused)?;
            let commitments = statement.commitments().to_vec();
            (Scheme::Bp { range: None }, proof.to_bytes(), commitments)
        }
        Plan::Bp(Some(interval)) => {
            let opening = openings
                .first()
                .ok_or_else(|| CliError::Usage("missing opening file".into()))?;
            let (proof, commitment) =
                IntervalProof::prove(&mut transcript, opening, interval, bits, &mut rng)
                    .map_err(refused)?;
            let scheme = Scheme::Bp {
                range: Some(*interval),
            };
            (scheme, proof.to_bytes(), vec![commitment])
        }
        Plan::Plus(generators, min) => {
            let gens = generators.gens(1).map_err(refused)?;
            let extended: Vec<ExtendedOpening> = openings
                .iter()
                .map(|o| ExtendedOpening::new(o.value, vec![o.blinding]))
                .collect();
            let minimums = vec![*min; extended.len()];
            let statement =
                PlusStatement::commit(gens.pedersen(), bits, &extended, Some(minimums.clone()))
                    .map_err(refused)?;
            if *generators == GeneratorSet::Bpkit {
                // bpkit's BP+ bases are the core's: the openings' own commitments.
                let own: Vec<CompressedRistretto> = openings.iter().map(Opening::commit).collect();
                if statement.commitments() != own.as_slice() {
                    return Err(CliError::Malformed(
                        "internal error: the BP+ commitments differ from the openings'".into(),
                    ));
                }
            }
            let proof = PlusProof::prove(&mut transcript, &gens, &statement, &extended, &mut rng)
                .map_err(refused)?;
            let scheme = Scheme::Plus {
                generators: *generators,
                minimums,
            };
            (scheme, proof.to_bytes(), statement.commitments().to_vec())
        }
    };
    let envelope = Envelope {
        scheme,
        bits,
        label: label.to_owned(),
        commitments,
        proof,
    };
    // Never write a proof that does not verify.
    envelope::verify(&envelope).map_err(|e| {
        CliError::Invalid(format!(
            "internal error: the new proof does not verify: {}",
            describe_failure(&e)
        ))
    })?;
    write_public(out, &envelope::to_json(&envelope)?)?;
    let m = envelope.commitments.len();
    let message = match &envelope.scheme {
        Scheme::Bp { range: Some(r) } => {
            format!("{bits}-bit proof of {} <= v < {}", r.lower(), r.upper())
        }
        Scheme::Bp { range: None } => {
            format!(
                "{bits}-bit proof of {m} value(s) in {}",
                range_text(0, bits)
            )
        }
        Scheme::Plus {
            generators,
            minimums,
        } => {
            let min = minimums.first().copied().unwrap_or(0);
            let mut text = format!(
                "{bits}-bit Bulletproofs+ proof of {m} value(s) in {}",
                range_text(min, bits)
            );
            if *generators == GeneratorSet::Tari {
                text.push_str(
                    " with Tari's generators (the envelope's commitments are computed with \
                     Tari's bases and differ from the opening files')",
                );
            }
            text
        }
    };
    report_written(
        out,
        &format!("wrote {out}: {message}, {} bytes\n", envelope.proof.len()),
    )?;
    Ok(Status::Ok)
}
