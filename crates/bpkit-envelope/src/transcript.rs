//! Merlin transcripts for labels known only at run time.

use crate::error::EnvelopeError;
use merlin::Transcript;
use std::collections::BTreeSet;
use std::sync::{Mutex, PoisonError};

/// The longest transcript label accepted, in bytes.
pub const MAX_LABEL: usize = 4096;

/// The most label bytes one process interns (see [`transcript`]).
pub const MAX_INTERNED: usize = 16 << 20;

/// Labels already handed to merlin, so that each distinct label is leaked once, and their
/// total size.
type Interned = (BTreeSet<&'static [u8]>, usize);

static LABELS: Mutex<Interned> = Mutex::new((BTreeSet::new(), 0));

/// The interned copy of `bytes`, made if needed while the total stays within `max_total`.
fn intern(
    state: &mut Interned,
    bytes: &[u8],
    max_total: usize,
) -> Result<&'static [u8], EnvelopeError> {
    let (labels, total) = state;
    if let Some(l) = labels.get(bytes) {
        return Ok(l);
    }
    let new_total = total
        .checked_add(bytes.len())
        .filter(|t| *t <= max_total)
        .ok_or(EnvelopeError::TooManyLabels)?;
    let leaked: &'static [u8] = Box::leak(bytes.to_vec().into_boxed_slice());
    labels.insert(leaked);
    *total = new_total;
    Ok(leaked)
}

/// `Transcript::new(label)` for a label known only at run time.
///
/// Wire compatibility with the `bulletproofs` crate requires the user's label to be the
/// transcript's own label, and merlin takes it as `&'static [u8]`. The label is therefore
/// interned: each distinct label is copied once into memory that lives as long as the process
/// (a batch of envelopes with one label costs one copy). To bound that memory in long-lived
/// processes (servers, language bindings), a label is at most [`MAX_LABEL`] bytes
/// ([`EnvelopeError::LabelTooLong`]) and at most [`MAX_INTERNED`] bytes of distinct labels are
/// kept ([`EnvelopeError::TooManyLabels`] after that; labels already kept still work).
pub fn transcript(label: &str) -> Result<Transcript, EnvelopeError> {
    let bytes = label.as_bytes();
    if bytes.len() > MAX_LABEL {
        return Err(EnvelopeError::LabelTooLong(bytes.len()));
    }
    let mut guard = LABELS.lock().unwrap_or_else(PoisonError::into_inner);
    let label = intern(&mut guard, bytes, MAX_INTERNED)?;
    Ok(Transcript::new(label))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn interned(label: &[u8]) -> bool {
        LABELS.lock().unwrap().0.contains(label)
    }

    #[test]
    fn transcript_labels_are_interned_once() {
        assert!(!interned(b"interned once"));
        let _ = transcript("interned once").unwrap();
        let total = LABELS.lock().unwrap().1;
        let _ = transcript("interned once").unwrap();
        assert!(interned(b"interned once"));
        assert_eq!(LABELS.lock().unwrap().1, total);
    }

    #[test]
    fn the_transcript_is_merlins() {
        let mut a = transcript("same label").unwrap();
        let mut b = Transcript::new(b"same label");
        let (mut ca, mut cb) = ([0u8; 32], [0u8; 32]);
        a.challenge_bytes(b"c", &mut ca);
        b.challenge_bytes(b"c", &mut cb);
        assert_eq!(ca, cb);
    }

    #[test]
    fn the_budget_is_kept() {
        let mut state = Interned::default();
        assert!(intern(&mut state, b"abcd", 10).is_ok());
        assert!(intern(&mut state, b"efgh", 10).is_ok());
        assert_eq!(state.1, 8);
        assert_eq!(
            intern(&mut state, b"ijk", 10),
            Err(EnvelopeError::TooManyLabels)
        );
        // Known labels and labels that still fit are served.
        assert_eq!(intern(&mut state, b"abcd", 10), Ok(&b"abcd"[..]));
        assert!(intern(&mut state, b"ij", 10).is_ok());
        assert_eq!(state.1, 10);
        assert_eq!(state.0.len(), 3);
    }

    #[test]
    fn long_labels_are_refused() {
        let ok = "x".repeat(MAX_LABEL);
        assert!(transcript(&ok).is_ok());
        let long = "y".repeat(MAX_LABEL + 1);
        assert_eq!(
            transcript(&long).err(),
            Some(EnvelopeError::LabelTooLong(MAX_LABEL + 1))
        );
        assert!(!interned(long.as_bytes()));
    }
}
