#!/usr/bin/env bash
# Builds the npm package into dist/: the release .wasm, wasm-bindgen's glue for Node (CommonJS),
# browsers (ES module, fetches the .wasm) and bundlers, the entry points of package.json's
# conditional exports, and the TypeScript declarations. Needs the wasm32-unknown-unknown target
# and wasm-bindgen-cli of exactly the wasm-bindgen version in Cargo.lock (.ci/bindings-wasm
# installs both). Uses CARGO_TARGET_DIR when set.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
target_dir="${CARGO_TARGET_DIR:-$root/target}"

cargo build --manifest-path "$here/Cargo.toml" --target wasm32-unknown-unknown --release
wasm="$target_dir/wasm32-unknown-unknown/release/bpkit_wasm.wasm"

dist="$here/dist"
rm -rf "$dist"
mkdir -p "$dist"
wasm-bindgen --target nodejs --out-dir "$dist/node" --out-name bpkit "$wasm"
wasm-bindgen --target web --out-dir "$dist/web" --out-name bpkit "$wasm"
wasm-bindgen --target bundler --out-dir "$dist/bundler" --out-name bpkit "$wasm"

# The error classes are a wasm-bindgen snippet (js/errors.js), copied under a hashed folder;
# the entry points re-export them from there, so that what is thrown is `instanceof` them.
snippet="$(cd "$dist/web" && find snippets -path '*/js/errors.js' | head -n 1)"
[ -n "$snippet" ] || { echo "build.sh: the errors snippet is missing" >&2; exit 1; }
errors="BpkitError, MalformedError, InvalidProofError, ProvingError"

# Node: wasm-bindgen's CommonJS glue (the package is "type": "module", so the folder says
# commonjs; the snippet stays an ES module, which Node >= 20.19 can require()).
printf '{ "type": "commonjs" }\n' > "$dist/node/package.json"
printf '{ "type": "module" }\n' > "$dist/node/snippets/package.json"
cat > "$dist/node/index.cjs" <<JS
'use strict';
const glue = require('./bpkit.js');
const { $errors } = require('./$snippet');
module.exports = { ...glue, $errors };
JS
cat > "$dist/node/index.mjs" <<JS
export * from './bpkit.js';
export { $errors } from './$snippet';
JS

# Browsers: the ES module fetches bpkit_bg.wasm next to itself and instantiates it before the
# first export is used (top-level await), so the API is the same as in Node.
cat > "$dist/web/index.js" <<JS
import init from './bpkit.js';
await init();
export * from './bpkit.js';
export { $errors } from './$snippet';
JS

# Bundlers (webpack 5, Vite, …) import the .wasm as a module themselves.
cat > "$dist/bundler/index.js" <<JS
export * from './bpkit.js';
export { $errors } from './$snippet';
JS

# Types: wasm-bindgen's declarations (the same for every target, bar the web target's init)
# and the error classes.
cp "$dist/node/bpkit.d.ts" "$dist/bpkit.d.ts"
cp "$here/js/errors.d.ts" "$dist/errors.d.ts"
cat > "$dist/index.d.ts" <<'TS'
export * from './bpkit.js';
export * from './errors.js';
TS
echo "built $dist ($(du -k "$dist/web/bpkit_bg.wasm" | cut -f1) KiB of wasm)"
