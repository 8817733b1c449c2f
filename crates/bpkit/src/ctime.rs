//! Declassification for constant-time testing under valgrind (feature `ctime`).
//!
//! The `bpkit-ctime` harness marks every secret as undefined memory, so that valgrind's memcheck
//! reports each branch or memory index that depends on one (the technique of libsecp256k1's
//! `ctime_tests`). Some values computed from secrets may be public: the outcome of a deliberate
//! check (is the value in range), or what the protocol reveals (the blinded vectors `l(x)`,
//! `r(x)`). bpkit passes each of them to `declassify` at one place, with a comment saying why
//! it may be public; the harness installs a hook that marks those bytes defined again.
//!
//! Without the `ctime` feature `declassify` is an empty function and no hook can be set.
//! `docs/ctime.md` lists every declassification point.

/// Calls the hook installed by `set_declassify_hook`, if any, on `bytes` (which it may mark
/// as defined memory). A no-op without the `ctime` feature.
#[inline]
pub(crate) fn declassify(bytes: &mut [u8]) {
    #[cfg(feature = "ctime")]
    if let Some(hook) = HOOK.get() {
        hook(bytes);
    }
    #[cfg(not(feature = "ctime"))]
    let _ = bytes;
}

/// Declassifies a boolean computed from secrets and returns it: for deliberate checks whose
/// outcome is public (an error or not).
#[inline]
pub(crate) fn declassify_bool(b: bool) -> bool {
    let mut byte = [u8::from(b)];
    declassify(&mut byte);
    byte != [0]
}

/// Declassifies a slice of scalars in place (their canonical encodings).
#[inline]
pub(crate) fn declassify_scalars(scalars: &mut [curve25519_dalek::scalar::Scalar]) {
    for s in scalars.iter_mut() {
        let mut bytes = s.to_bytes();
        declassify(&mut bytes);
        *s = curve25519_dalek::scalar::Scalar::from_bytes_mod_order(bytes);
    }
}

/// Declassifies a slice of secp256k1 scalars in place (their canonical encodings).
#[cfg(feature = "grin")]
#[inline]
pub(crate) fn declassify_k256_scalars(scalars: &mut [k256::Scalar]) {
    use k256::elliptic_curve::PrimeField;
    for s in scalars.iter_mut() {
        let mut bytes: [u8; 32] = s.to_repr().into();
        declassify(&mut bytes);
        *s = k256::Scalar::from_repr(bytes.into()).unwrap_or(k256::Scalar::ZERO);
    }
}

#[cfg(feature = "ctime")]
static HOOK: std::sync::OnceLock<fn(&mut [u8])> = std::sync::OnceLock::new();

/// Installs the declassification hook (once per process; returns `false` if one was already
/// set). The `bpkit-ctime` harness passes a function that marks the bytes defined for valgrind.
#[cfg(feature = "ctime")]
pub fn set_declassify_hook(hook: fn(&mut [u8])) -> bool {
    HOOK.set(hook).is_ok()
}
