//! Compiles the valgrind client-request shim (src/shim.c) against valgrind's memcheck.h.

fn main() {
    println!("cargo:rerun-if-changed=src/shim.c");
    cc::Build::new()
        .file("src/shim.c")
        .warnings(true)
        .compile("bpkit_ctime_shim");
}
