//! Valgrind client requests (src/shim.c): the only unsafe code of the harness.
//!
//! Outside valgrind each request is a no-op, so the harness also runs as a normal program.
#![allow(unsafe_code)]

extern "C" {
    fn bpkit_ctime_undefine(p: *const core::ffi::c_void, len: usize);
    fn bpkit_ctime_define(p: *const core::ffi::c_void, len: usize);
    fn bpkit_ctime_running() -> core::ffi::c_uint;
}

/// Marks the bytes of `value` as undefined (secret). Takes `&mut` so that the compiler reloads
/// the value from memory afterwards instead of reusing a copy held in a register.
pub fn undefine<T: ?Sized>(value: &mut T) {
    let len = core::mem::size_of_val(value);
    let p: *const T = value;
    // SAFETY: `p` points to `len` bytes of one live, exclusively borrowed value; the request only
    // changes valgrind's shadow state (no-op outside valgrind) and does not touch the bytes.
    unsafe { bpkit_ctime_undefine(p.cast(), len) }
}

/// Marks the bytes of `value` as defined (declassified).
pub fn define<T: ?Sized>(value: &mut T) {
    let len = core::mem::size_of_val(value);
    let p: *const T = value;
    // SAFETY: as in `undefine`: a live exclusive borrow of `len` bytes; shadow state only.
    unsafe { bpkit_ctime_define(p.cast(), len) }
}

/// Whether the process runs under valgrind.
pub fn running() -> bool {
    // SAFETY: a client request without arguments; returns 0 outside valgrind.
    unsafe { bpkit_ctime_running() != 0 }
}
