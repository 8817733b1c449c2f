#!/bin/sh
# Copies the `bulletproofs` 5.0.0 crate from cargo's registry into ./patched/ and makes its R1CS
# module (feature `yoloproofs`) compile against curve25519-dalek 4: three
# `Scalar::from_canonical_bytes(..).ok_or(..)` calls get an `Option::from` (dalek 4 returns a
# `CtOption`). Nothing else changes. Run once before `cargo run --release` here.
set -eu
cd "$(dirname "$0")"
src=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/bulletproofs-5.0.0 2>/dev/null | head -n 1)
if [ -z "$src" ]; then
    (cd ../.. && cargo fetch >/dev/null)
    src=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/bulletproofs-5.0.0 | head -n 1)
fi
rm -rf patched
mkdir -p patched
cp -r "$src" patched/bulletproofs-5.0.0
chmod -R u+w patched
sed -i 's/Scalar::from_canonical_bytes(read32!())\.ok_or(/Option::<Scalar>::from(Scalar::from_canonical_bytes(read32!())).ok_or(/' \
    patched/bulletproofs-5.0.0/src/r1cs/proof.rs
grep -c 'Option::<Scalar>::from' patched/bulletproofs-5.0.0/src/r1cs/proof.rs
