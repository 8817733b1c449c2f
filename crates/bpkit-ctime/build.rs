//! Compiles the valgrind client-request shim (src/shim.c) against valgrind's memcheck.h.
//!
//! Without the header (valgrind not installed) the shim is compiled as no-ops, so that the
//! workspace still builds; `bpkit-ctime --require-valgrind` (what `.ci/ctime` runs) then fails,
//! since no client request can reach valgrind.

fn main() {
    println!("cargo:rerun-if-changed=src/shim.c");
    println!("cargo:rerun-if-changed=/usr/include/valgrind/memcheck.h");
    let real = cc::Build::new()
        .file("src/shim.c")
        .warnings(true)
        .try_compile("bpkit_ctime_shim");
    if real.is_err() {
        println!(
            "cargo:warning=valgrind/memcheck.h not found: bpkit-ctime's client requests are \
             no-ops (apt-get install valgrind)"
        );
        cc::Build::new()
            .file("src/shim.c")
            .define("BPKIT_CTIME_NO_VALGRIND", None)
            .compile("bpkit_ctime_shim");
    }
}
