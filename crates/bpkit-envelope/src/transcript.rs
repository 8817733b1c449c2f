//! Merlin transcripts for labels known only at run time.

use merlin::Transcript;
use std::sync::{Mutex, PoisonError};

/// Labels already handed to merlin, so that each distinct label is leaked once.
static LABELS: Mutex<Vec<&'static [u8]>> = Mutex::new(Vec::new());

/// `Transcript::new(label)` for a label known only at run time.
///
/// Wire compatibility with the `bulletproofs` crate requires the user's label to be the
/// transcript's own label, and merlin takes it as `&'static [u8]`. The label is therefore
/// leaked: the CLI is a short-lived process, and each distinct label is leaked only once (a
/// batch of envelopes with one label leaks one string).
pub fn transcript(label: &str) -> Transcript {
    let mut labels = LABELS.lock().unwrap_or_else(PoisonError::into_inner);
    let known = labels.iter().copied().find(|l| *l == label.as_bytes());
    let label: &'static [u8] = match known {
        Some(l) => l,
        None => {
            let leaked: &'static [u8] = Box::leak(label.as_bytes().to_vec().into_boxed_slice());
            labels.push(leaked);
            leaked
        }
    };
    Transcript::new(label)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn transcript_labels_are_interned() {
        let before = LABELS.lock().unwrap().len();
        let _ = transcript("interned once");
        let _ = transcript("interned once");
        let after = LABELS.lock().unwrap().len();
        assert!(after > before);
        let count = LABELS
            .lock()
            .unwrap()
            .iter()
            .filter(|l| **l == b"interned once")
            .count();
        assert_eq!(count, 1);
    }
}
