//! include/bpkit.h is exactly what cbindgen generates from this crate (no drift).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

#[test]
fn header_matches_the_crate() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).unwrap();
    let bindings = cbindgen::Builder::new()
        .with_crate(dir)
        .with_config(config)
        .generate()
        .expect("cbindgen failed");
    let mut generated = Vec::new();
    bindings.write(&mut generated);
    let path = dir.join("include").join("bpkit.h");
    if std::env::var_os("BPKIT_UPDATE_HEADER").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read(&path).unwrap_or_default();
    if committed != generated {
        panic!(
            "bindings/c/include/bpkit.h differs from what cbindgen generates: run\n  \
             BPKIT_UPDATE_HEADER=1 cargo test -p bpkit-c --test header\nand commit the header"
        );
    }
}
