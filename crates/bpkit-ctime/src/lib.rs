//! Secret-independence check of bpkit's provers under valgrind: the harness library behind the
//! `bpkit-ctime` and `ctime-planted` binaries (`docs/ctime.md`).
//!
//! Secrets are marked undefined with valgrind's client requests ([`valgrind`]); memcheck then
//! reports every branch or memory address computed from them. bpkit declassifies, through the
//! hook installed from [`secret::declassify_hook`], the few values that may be public.

pub mod cases;
pub mod secret;
pub mod valgrind;
