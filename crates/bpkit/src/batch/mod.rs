//! Batch verification: many proofs, each with its own statement and transcript, checked with
//! one multiscalar multiplication in which each fixed generator appears once.
//!
//! A batch may mix range proofs ([`BatchVerifier::add_range_proof`]), Bulletproofs+ proofs of any
//! size, extension degree and generator set ([`BatchVerifier::add_plus_proof`]) and interval
//! proofs ([`BatchVerifier::add_interval_proof`]), and arithmetic-circuit proofs
//! ([`BatchVerifier::add_circuit_proof`], or encoded: [`BatchVerifier::add_circuit_proof_bytes`];
//! against a prepared circuit: [`BatchVerifier::add_prepared_circuit_proof`] and
//! [`BatchVerifier::add_prepared_circuit_proof_bytes`]; the ready-made statements' proofs with
//! their verifying keys: `add_to_batch` and `add_bytes_to_batch` of
//! [`crate::circuit::statements`]' statement types).
//!
//! Each proof's verification equation `E_i = 0` is multiplied by a weight `ρ_i` and the
//! equations are added up; the batch accepts iff `Σ ρ_i·E_i = 0`. With weights the prover
//! cannot predict, an invalid proof makes the sum non-zero except with probability `2⁻¹²⁸`
//! (argument in `docs/batch.md`). Weights come from the caller's CSPRNG
//! ([`BatchVerifier::verify`]) or, for callers without one, from the transcripts of every proof
//! in the batch ([`BatchVerifier::verify_deterministic`]).
//!
//! On failure the invalid proofs are found by bisection and reported by index
//! ([`BatchError`]). Work proceeds in chunks of [`BatchOptions::chunk_size`] proofs, so memory
//! stays bounded whatever the batch size; with feature `parallel`, decompression, scalar
//! computation and the multiscalar multiplications are spread over
//! [`BatchOptions::threads`] threads.
//!
//! Timing: variable-time throughout; every input of a verifier is public.
//!
//! ```
//! use bpkit::batch::BatchVerifier;
//! use bpkit::{Opening, RangeProof};
//! use merlin::Transcript;
//! # use rand::SeedableRng;
//! # let mut rng = rand_chacha::ChaCha20Rng::from_seed([7; 32]);
//! let mut proofs = Vec::new();
//! for value in [1u64, 2, 3] {
//!     let opening = Opening::random(value, &mut rng);
//!     proofs.push(RangeProof::prove(&mut Transcript::new(b"example"), &[opening], 64, &mut rng)?);
//! }
//! let mut batch = BatchVerifier::new();
//! for (proof, statement) in &proofs {
//!     batch.add_range_proof(proof, statement, Transcript::new(b"example"));
//! }
//! batch.verify(&mut rng).map_err(|e| e.failures()[0].1)?;
//! # Ok::<(), bpkit::Error>(())
//! ```
#![doc = include_str!("../../docs/batch.md")]

mod chunk;
mod localise;
mod parallel;
mod statements;
mod sum;
mod weights;

use crate::circuit::verify::check::{Path, ProofInput, ProofPoints};
use crate::circuit::CircuitRef;
use crate::equation::accumulator::FixedAccumulator;
use crate::errors::Error;
use crate::generators::{BulletproofGens, PedersenGens, VerifierTable};
use crate::group::CompressedRistretto;
use crate::group::Scalar;
use crate::plus::{PlusGens, PlusProof, PlusStatement};
use crate::range_proof::{Interval, IntervalProof, RangeProof, RangeStatement};
use alloc::borrow::Cow;
use alloc::vec::Vec;
use chunk::{
    CircuitEntry, Entry, PlusEntry, PlusSource, RangeEntry, Replayed, Source, StatementRef,
};
use merlin::Transcript;
use parallel::Executor;
use sum::Partial;

/// Default number of proofs per chunk.
pub const DEFAULT_CHUNK_SIZE: usize = 256;

/// How a batch is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchOptions {
    chunk_size: usize,
    threads: usize,
    engine: bool,
}

impl Default for BatchOptions {
    /// Chunks of [`DEFAULT_CHUNK_SIZE`] proofs; one thread.
    fn default() -> Self {
        BatchOptions {
            chunk_size: DEFAULT_CHUNK_SIZE,
            threads: 1,
            engine: true,
        }
    }
}

impl BatchOptions {
    /// Proofs per chunk (at least 1): memory held at once is about 4 KiB per proof of a chunk
    /// (single-value proofs) plus 600 bytes per proof of the batch.
    pub fn chunk_size(mut self, proofs: usize) -> Self {
        self.chunk_size = proofs.max(1);
        self
    }

    /// Threads (feature `parallel`; ignored without it): 1 runs on the calling thread, 0 on
    /// rayon's global pool, any other number on a local pool of that many threads (built for
    /// each `verify` call, about 100 µs; for many small batches prefer 0 or 1).
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// Whether range proofs added as bytes are decoded and multiplied out by bpkit's verification
    /// engine ([`crate::group::engine`]; default on). It applies to batches over the default
    /// generators ([`BatchVerifier::new`], feature `std`) that are not small enough for the
    /// precomputed tables; off, dalek decodes and multiplies everything. Same results either
    /// way (the engine is tested against dalek); this switch is for tests and measurements.
    pub fn engine(mut self, on: bool) -> Self {
        self.engine = on;
        self
    }

    /// Whether the engine may be used.
    pub fn get_engine(&self) -> bool {
        self.engine
    }

    /// The chunk size.
    pub fn get_chunk_size(&self) -> usize {
        self.chunk_size
    }

    /// The thread setting.
    pub fn get_threads(&self) -> usize {
        self.threads
    }
}

/// The proofs of a batch that failed, by index (the order they were added in, from 0).
///
/// Each comes with its error: [`Error::VerificationFailed`] for a well-formed proof that does
/// not verify, or why it could not be checked (bad encoding, size mismatch, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchError {
    failures: Vec<(usize, Error)>,
}

impl BatchError {
    /// Every failed proof with its error, by increasing index.
    pub fn failures(&self) -> &[(usize, Error)] {
        &self.failures
    }

    /// The indices of the failed proofs, increasing.
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.failures.iter().map(|(i, _)| *i)
    }
}

impl core::fmt::Display for BatchError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} proof(s) of the batch failed:", self.failures.len())?;
        for (i, e) in &self.failures {
            write!(f, " #{i} ({})", e.kind())?;
        }
        Ok(())
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BatchError {}

/// The generators a batch verifies against.
enum Gens<'a> {
    Borrowed(&'a PedersenGens, &'a BulletproofGens),
    #[cfg(feature = "std")]
    Shared,
}

/// An accumulator of proofs to verify together. Add proofs, then call
/// [`BatchVerifier::verify`] (random weights) or [`BatchVerifier::verify_deterministic`]; both
/// consume the batch.
///
/// Proofs may have any `n` and `m`, and any transcripts. Nothing is checked when a proof is
/// added: parsing (for [`BatchVerifier::add_range_proof_bytes`]), transcript replay and
/// decompression all happen in `verify`, where errors are reported per proof.
pub struct BatchVerifier<'a> {
    gens: Gens<'a>,
    entries: Vec<Entry<'a>>,
    options: BatchOptions,
}

impl core::fmt::Debug for BatchVerifier<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BatchVerifier")
            .field("proofs", &self.entries.len())
            .field("options", &self.options)
            .finish()
    }
}

#[cfg(feature = "std")]
impl Default for BatchVerifier<'_> {
    fn default() -> Self {
        Self::new()
    }
}

/// Which weights to use.
enum Weights {
    /// Drawn from the caller's RNG, one per proof.
    Random(Vec<Scalar>),
    /// Derived from the transcripts.
    Deterministic,
}

impl<'a> BatchVerifier<'a> {
    /// An empty batch over the default generators (the process-wide cache, grown as needed).
    #[cfg(feature = "std")]
    pub fn new() -> Self {
        BatchVerifier {
            gens: Gens::Shared,
            entries: Vec::new(),
            options: BatchOptions::default(),
        }
    }

    /// An empty batch over caller-supplied generators; a proof they do not cover fails with
    /// [`Error::GeneratorsTooSmall`].
    pub fn with_generators(pc_gens: &'a PedersenGens, bp_gens: &'a BulletproofGens) -> Self {
        BatchVerifier {
            gens: Gens::Borrowed(pc_gens, bp_gens),
            entries: Vec::new(),
            options: BatchOptions::default(),
        }
    }

    /// Sets the options.
    pub fn with_options(mut self, options: BatchOptions) -> Self {
        self.options = options;
        self
    }

    /// Adds a parsed range proof with its statement and the transcript it was made with (in the
    /// state the prover's was in). Returns the proof's index in the batch.
    pub fn add_range_proof(
        &mut self,
        proof: &'a RangeProof,
        statement: &'a RangeStatement,
        transcript: Transcript,
    ) -> usize {
        self.push(
            Source::Parsed(proof),
            StatementRef::Borrowed(statement),
            transcript,
        )
    }

    /// Adds a Bulletproofs+ proof with its statement, its generators (any extension degree,
    /// bpkit's or Tari's) and the transcript it was made with. Returns its index.
    ///
    /// The value base and the vector generators `G`, `H` are shared with the batch's range
    /// proofs when they are the same points; other bases are summed per distinct point.
    pub fn add_plus_proof(
        &mut self,
        proof: &'a PlusProof,
        statement: &'a PlusStatement,
        gens: &'a PlusGens,
        transcript: Transcript,
    ) -> usize {
        self.entries.push(Entry::Plus(PlusEntry {
            proof: PlusSource::Parsed(proof),
            statement,
            gens,
            transcript,
        }));
        self.entries.len().saturating_sub(1)
    }

    /// [`BatchVerifier::add_plus_proof`] for an encoded proof: it is parsed (strictly, as
    /// [`PlusProof::from_bytes`]) during verification and its points decoded in one batch with
    /// the others (by bpkit's verification engine when the batch uses it: see
    /// [`BatchOptions::engine`]). Returns its index.
    pub fn add_plus_proof_bytes(
        &mut self,
        bytes: &'a [u8],
        statement: &'a PlusStatement,
        gens: &'a PlusGens,
        transcript: Transcript,
    ) -> usize {
        self.entries.push(Entry::Plus(PlusEntry {
            proof: PlusSource::Bytes(bytes),
            statement,
            gens,
            transcript,
        }));
        self.entries.len().saturating_sub(1)
    }

    /// Adds an arithmetic-circuit proof with its circuit, its commitments and the transcript it
    /// was made with. Returns its index. Circuit proofs share `B`, `B̃` and party 0's `G`, `H`
    /// with the batch's range proofs.
    pub fn add_circuit_proof(
        &mut self,
        proof: &'a crate::circuit::CircuitProof,
        circuit: &'a crate::circuit::Circuit,
        commitments: &'a [CompressedRistretto],
        transcript: Transcript,
    ) -> usize {
        self.push_parsed_circuit(
            proof,
            CircuitRef::Recorded(circuit),
            Cow::Borrowed(commitments),
            transcript,
        )
    }

    /// Adds an encoded arithmetic-circuit proof with its circuit, its commitments and the
    /// transcript it was made with. Returns its index.
    ///
    /// The bytes are parsed at once, strictly (as [`crate::circuit::CircuitProof::from_bytes`]:
    /// length and size cap first, canonical scalars, valid non-identity points, no trailing
    /// bytes); a malformed encoding is returned as that typed error and nothing is added. Whether
    /// the proof fits `circuit` is checked during verification, as for
    /// [`BatchVerifier::add_circuit_proof`]. With the engine on (default generators, circuits of
    /// at least [`crate::circuit::ENGINE_MIN_MULTIPLIERS`] padded multipliers) the points are
    /// decoded by the engine's batched decoder, with the same errors.
    pub fn add_circuit_proof_bytes(
        &mut self,
        bytes: &[u8],
        circuit: &'a crate::circuit::Circuit,
        commitments: &'a [CompressedRistretto],
        transcript: Transcript,
    ) -> Result<usize, Error> {
        self.push_circuit_bytes(
            bytes,
            CircuitRef::Recorded(circuit),
            Cow::Borrowed(commitments),
            transcript,
        )
    }

    /// [`BatchVerifier::add_circuit_proof`] against a [`crate::circuit::PreparedCircuit`] (a
    /// statement's verifying key holds one): the same check as
    /// [`crate::circuit::PreparedCircuit::verify`], its weights computed from the packed rows
    /// and its digest the one it was prepared with, so nothing is recorded again. Returns the
    /// proof's index.
    ///
    /// ```
    /// use bpkit::batch::BatchVerifier;
    /// use bpkit::circuit::statements::{ShuffleStatement, ShuffleWitness};
    /// use bpkit::{BulletproofGens, Opening};
    /// use merlin::Transcript;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_chacha::ChaCha20Rng::from_seed([7; 32]);
    /// let open = |vs: [u64; 2], rng: &mut _| vs.map(|v| Opening::random(v, rng)).to_vec();
    /// let witness = ShuffleWitness::new(open([4, 9], &mut rng), open([9, 4], &mut rng));
    /// let statement = ShuffleStatement::for_witness(&witness)?;
    /// let bp_gens = BulletproofGens::new(64, 1);
    /// let proof = statement.prove(&mut Transcript::new(b"example"), &witness, &bp_gens, &mut rng)?;
    ///
    /// // The circuit prepared once; the commitments and transcript as `batch_parts` gives them.
    /// let key = statement.verifying_key()?;
    /// let commitments: Vec<_> = statement.inputs().iter().chain(statement.outputs()).copied().collect();
    /// let mut batch = BatchVerifier::new();
    /// let index = batch.add_prepared_circuit_proof(
    ///     proof.circuit_proof(),
    ///     key.circuit(),
    ///     &commitments,
    ///     statement.bind_transcript(Transcript::new(b"example")),
    /// );
    /// assert_eq!(index, 0);
    /// batch.verify(&mut rng).map_err(|e| e.failures()[0].1)?;
    /// # Ok::<(), bpkit::Error>(())
    /// ```
    pub fn add_prepared_circuit_proof(
        &mut self,
        proof: &crate::circuit::CircuitProof,
        circuit: &'a crate::circuit::PreparedCircuit,
        commitments: &'a [CompressedRistretto],
        transcript: Transcript,
    ) -> usize {
        self.push_parsed_circuit(
            proof,
            CircuitRef::Prepared(circuit),
            Cow::Borrowed(commitments),
            transcript,
        )
    }

    /// [`BatchVerifier::add_circuit_proof_bytes`] against a
    /// [`crate::circuit::PreparedCircuit`]: the bytes parsed at once, strictly (a malformed
    /// encoding is returned as [`crate::circuit::CircuitProof::from_bytes`]'s error and nothing
    /// is added), on the same engine or dalek path. Returns the proof's index.
    pub fn add_prepared_circuit_proof_bytes(
        &mut self,
        bytes: &[u8],
        circuit: &'a crate::circuit::PreparedCircuit,
        commitments: &'a [CompressedRistretto],
        transcript: Transcript,
    ) -> Result<usize, Error> {
        self.push_circuit_bytes(
            bytes,
            CircuitRef::Prepared(circuit),
            Cow::Borrowed(commitments),
            transcript,
        )
    }

    /// For the ready-made statements, whose commitments are gathered into a list of their own:
    /// a parsed or an encoded proof against a prepared circuit.
    pub(crate) fn add_statement_proof(
        &mut self,
        proof: ProofInput<'_>,
        circuit: &'a crate::circuit::PreparedCircuit,
        commitments: Vec<CompressedRistretto>,
        transcript: Transcript,
    ) -> Result<usize, Error> {
        let circuit = CircuitRef::Prepared(circuit);
        let commitments = Cow::Owned(commitments);
        match proof {
            ProofInput::Parsed(p) => {
                Ok(self.push_parsed_circuit(p, circuit, commitments, transcript))
            }
            ProofInput::Bytes(bytes) => {
                self.push_circuit_bytes(bytes, circuit, commitments, transcript)
            }
        }
    }

    /// A parsed circuit proof: its points as dalek decoded them (converted during verification
    /// if the batch runs on the engine).
    fn push_parsed_circuit(
        &mut self,
        proof: &crate::circuit::CircuitProof,
        circuit: CircuitRef<'a>,
        commitments: Cow<'a, [CompressedRistretto]>,
        transcript: Transcript,
    ) -> usize {
        self.entries.push(Entry::Circuit(CircuitEntry {
            encoded: alloc::boxed::Box::new(proof.encoded()),
            points: ProofPoints::Dalek(proof.points()),
            circuit,
            commitments,
            transcript,
        }));
        self.entries.len().saturating_sub(1)
    }

    /// An encoded circuit proof, parsed now and decoded for the path the batch will take
    /// ([`crate::circuit::verify::check::choose`], the engine only over the shared default
    /// generators).
    fn push_circuit_bytes(
        &mut self,
        bytes: &[u8],
        circuit: CircuitRef<'a>,
        commitments: Cow<'a, [CompressedRistretto]>,
        transcript: Transcript,
    ) -> Result<usize, Error> {
        let shared = match self.gens {
            Gens::Borrowed(..) => false,
            #[cfg(feature = "std")]
            Gens::Shared => true,
        };
        let path = match crate::circuit::verify::check::choose(circuit.padded_multipliers()) {
            Path::Engine if shared && self.options.engine => Path::Engine,
            _ => Path::Dalek,
        };
        let (encoded, points) = ProofInput::Bytes(bytes).decode(path)?;
        self.entries.push(Entry::Circuit(CircuitEntry {
            encoded: alloc::boxed::Box::new(encoded),
            points,
            circuit,
            commitments,
            transcript,
        }));
        Ok(self.entries.len().saturating_sub(1))
    }

    /// Adds an interval proof that `commitment` opens to a value in `interval` (`bits`-bit
    /// range proofs), with the transcript it was made with. Returns its index.
    ///
    /// Fails (and adds nothing) when `bits` does not fit the interval, the commitment does not
    /// decode, or (with [`BatchVerifier::new`] and no `std`) no generators are available.
    pub fn add_interval_proof(
        &mut self,
        proof: &'a IntervalProof,
        commitment: &CompressedRistretto,
        interval: &Interval,
        bits: usize,
        mut transcript: Transcript,
    ) -> Result<usize, Error> {
        let pc_gens = match self.gens {
            Gens::Borrowed(pc, _) => pc,
            #[cfg(feature = "std")]
            Gens::Shared => crate::generators::shared_pedersen(),
        };
        let statement = IntervalProof::statement(pc_gens, commitment, interval, bits)?;
        interval.bind(&mut transcript, commitment);
        Ok(self.push(
            Source::Parsed(proof.range_proof()),
            StatementRef::Owned(statement),
            transcript,
        ))
    }

    /// Adds an encoded range proof; it is parsed (strictly, as [`RangeProof::from_bytes`]) and
    /// its points decompressed during verification, spread over the threads. Returns its index.
    pub fn add_range_proof_bytes(
        &mut self,
        bytes: &'a [u8],
        statement: &'a RangeStatement,
        transcript: Transcript,
    ) -> usize {
        self.push(
            Source::Bytes(bytes),
            StatementRef::Borrowed(statement),
            transcript,
        )
    }

    fn push(
        &mut self,
        source: Source<'a>,
        statement: StatementRef<'a>,
        transcript: Transcript,
    ) -> usize {
        self.entries.push(Entry::Range(RangeEntry {
            source,
            statement,
            transcript,
        }));
        self.entries.len().saturating_sub(1)
    }

    /// Number of proofs added.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when no proof was added.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Verifies every proof, with 128-bit weights drawn from `rng`. An empty batch verifies.
    ///
    /// On failure, every invalid or malformed proof is reported by index. Variable-time: every
    /// input is public.
    #[must_use = "the batch may have failed"]
    pub fn verify<R: rand_core::CryptoRng + ?Sized>(self, rng: &mut R) -> Result<(), BatchError> {
        let weights = weights::random(rng, self.entries.len());
        self.run(Weights::Random(weights))
    }

    /// Verifies every proof with weights derived from the transcripts of all proofs in the
    /// batch (no RNG needed; see `docs/batch.md` for the security argument). An empty batch
    /// verifies. Variable-time: every input is public.
    #[must_use = "the batch may have failed"]
    pub fn verify_deterministic(self) -> Result<(), BatchError> {
        self.run(Weights::Deterministic)
    }

    fn run(self, weights: Weights) -> Result<(), BatchError> {
        let BatchVerifier {
            gens,
            entries,
            options,
        } = self;
        if entries.is_empty() {
            return Ok(());
        }
        #[cfg(feature = "std")]
        let shared;
        #[cfg_attr(not(feature = "std"), allow(unused_mut))]
        let mut table = None;
        #[cfg(feature = "std")]
        let engine_shared;
        #[cfg_attr(not(feature = "std"), allow(unused_mut))]
        let mut engine_gens: Option<&crate::group::engine::EngineGens> = None;
        let (pc_gens, bp_gens): (&PedersenGens, &BulletproofGens) = match gens {
            Gens::Borrowed(pc, bp) => (pc, bp),
            #[cfg(feature = "std")]
            Gens::Shared => {
                // One request per shape: the cache then holds what each shape needs, not the
                // longest party times the most parties (a circuit beside aggregated proofs).
                let mut shapes: Vec<(usize, usize)> = entries.iter().map(Entry::shape).collect();
                shapes.sort_unstable();
                shapes.dedup();
                let m = shapes.iter().map(|s| s.1).max().unwrap_or(0);
                shared = cover(&shapes, crate::generators::shared);
                // 11: the fewest dynamic points of a proof (n = 8, m = 1).
                if m <= 1 && entries.len().saturating_mul(11) <= TABLE_MAX_DYNAMIC {
                    table = crate::generators::shared_table();
                }
                let from_bytes = entries.iter().any(|e| match e {
                    Entry::Range(r) => matches!(r.source, Source::Bytes(_)),
                    Entry::Plus(p) => matches!(p.proof, PlusSource::Bytes(_)),
                    Entry::Circuit(_) => false,
                });
                // Circuits big enough for the engine's multiplication to be the faster one
                // (`circuit::verify::check`), in a batch where every proof uses party 0 only.
                let circuits = m <= 1
                    && entries.iter().any(|e| match e {
                        Entry::Circuit(c) => {
                            crate::circuit::verify::check::choose(c.circuit.padded_multipliers())
                                == Path::Engine
                        }
                        _ => false,
                    });
                if options.engine && ((table.is_none() && from_bytes) || circuits) {
                    engine_shared = cover(&shapes, crate::generators::shared_engine);
                    engine_gens = Some(&*engine_shared);
                }
                (crate::generators::shared_pedersen(), &shared)
            }
        };
        Batch {
            exec: Executor::new(options.threads),
            entries: &entries,
            chunk_size: options.chunk_size.max(1),
            pc_gens,
            bp_gens,
            table,
            engine_gens,
        }
        .run(weights)
    }
}

/// The cache's handle after asking it for every shape `(n, m)` in turn: the cache only grows,
/// so the last handle covers them all.
#[cfg(feature = "std")]
fn cover<T>(
    shapes: &[(usize, usize)],
    shared: fn(usize, usize) -> std::sync::Arc<T>,
) -> std::sync::Arc<T> {
    let mut last = None;
    for &(n, m) in shapes {
        last = Some(shared(n, m));
    }
    last.unwrap_or_else(|| shared(0, 0))
}

/// A batch being verified.
struct Batch<'e, 'a> {
    exec: Executor,
    entries: &'e [Entry<'a>],
    chunk_size: usize,
    pc_gens: &'e PedersenGens,
    bp_gens: &'e BulletproofGens,
    /// Tables for `B, B̃` and party 0 of these generators, if they are the default ones.
    table: Option<&'e VerifierTable>,
    /// The engine's copy of these generators, when the engine is used.
    engine_gens: Option<&'e crate::group::engine::EngineGens>,
}

/// Small single-chunk batches of single-value proofs use the precomputed table when their
/// dynamic points number at most this (measured crossover with Pippenger: about 16 proofs).
const TABLE_MAX_DYNAMIC: usize = 256;

impl Batch<'_, '_> {
    fn run(self, weights: Weights) -> Result<(), BatchError> {
        let count = self.entries.len();
        // Pass 1: transcripts (no decompression).
        let replayed = chunk::replay_all(&self.exec, self.entries, self.bp_gens, self.pc_gens);
        let weights = match weights {
            Weights::Random(w) => w,
            Weights::Deterministic => weights::deterministic(
                replayed
                    .iter()
                    .map(|r| r.as_ref().ok().map(Replayed::binding)),
                count,
            ),
        };
        let mut failures: Vec<(usize, Error)> = replayed
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.as_ref().err().map(|e| (i, *e)))
            .collect();

        // Pass 2: chunk by chunk; each chunk's dynamic terms are multiplied out, the fixed terms
        // summed over all chunks and multiplied once at the end (with the last chunk's dynamic
        // terms when there is a single chunk).
        let chunks = count.div_ceil(self.chunk_size);
        let mut fixed = FixedAccumulator::new();
        let mut partial = Partial::default();
        let mut last = chunk::Prepared::default();
        let mut malformed = false;
        for c in 0..chunks {
            let (lo, hi) = self.bounds(c);
            let mut prepared = self.prepare(&replayed, &weights, lo, hi, chunks == 1);
            failures.append(&mut prepared.failures);
            fixed.merge(core::mem::take(&mut prepared.fixed));
            if chunks == 1 {
                last = prepared;
            } else {
                // Variable-time: verification scalars and points are public.
                malformed |= !partial.add(&self.exec, &prepared.dynamic);
            }
        }
        let table = self.table.filter(|table| {
            chunks == 1
                && fixed.parties() <= 1
                && fixed.standard_bases()
                && fixed.max_len() <= table.n()
                && last.dynamic.engine_points.is_empty()
                && last.dynamic.points.len() <= TABLE_MAX_DYNAMIC
        });
        let holds = if let Some(table) = table {
            // Variable-time: verification scalars and points are public.
            fixed.check_with_table(
                table,
                self.bp_gens,
                &last.dynamic.scalars,
                &last.dynamic.points,
            ) == Some(true)
        } else {
            !malformed
                && sum::holds(
                    &self.exec,
                    &mut fixed,
                    core::mem::take(&mut last.dynamic),
                    partial,
                    self.pc_gens,
                    self.bp_gens,
                    self.engine_gens,
                )
        };

        if !holds {
            let gens = localise::Gens {
                pc: self.pc_gens,
                bp: self.bp_gens,
                engine: self.engine_gens,
            };
            let mut invalid = Vec::new();
            if chunks == 1 {
                localise::bisect(&self.exec, &last.equations, true, gens, &mut invalid);
            } else {
                let mut found_before_last = false;
                for c in 0..chunks {
                    let (lo, hi) = self.bounds(c);
                    let prepared = self.prepare(&replayed, &weights, lo, hi, true);
                    // If no earlier chunk failed, the last one must (the total did).
                    let known = c.saturating_add(1) == chunks && !found_before_last;
                    let before = invalid.len();
                    localise::bisect(&self.exec, &prepared.equations, known, gens, &mut invalid);
                    found_before_last |= invalid.len() > before;
                }
            }
            failures.extend(invalid.into_iter().map(|i| (i, Error::VerificationFailed)));
        }
        if failures.is_empty() {
            return Ok(());
        }
        failures.sort_unstable_by_key(|(i, _)| *i);
        failures.dedup_by_key(|(i, _)| *i);
        Err(BatchError { failures })
    }

    fn bounds(&self, chunk: usize) -> (usize, usize) {
        let lo = chunk
            .saturating_mul(self.chunk_size)
            .min(self.entries.len());
        let hi = lo.saturating_add(self.chunk_size).min(self.entries.len());
        (lo, hi)
    }

    /// Pass 2 over entries `lo..hi`.
    fn prepare(
        &self,
        replayed: &[Result<Replayed, Error>],
        weights: &[Scalar],
        lo: usize,
        hi: usize,
        keep: bool,
    ) -> chunk::Prepared {
        chunk::prepare_chunk(
            &self.exec,
            self.entries.get(lo..hi).unwrap_or(&[]),
            replayed.get(lo..hi).unwrap_or(&[]),
            weights.get(lo..hi).unwrap_or(&[]),
            lo,
            keep,
            self.pc_gens,
            self.engine_gens.is_some(),
        )
    }
}
