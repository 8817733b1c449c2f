#!/usr/bin/env bash
# A fuzzing campaign that continues from the committed corpora (outside CI).
#
#   bash fuzz/campaign.sh SECONDS TARGET[:SECONDS]...   # from the repository root; all targets if none
#
# Each target runs in turn (never two at once), at low priority, from fuzz/corpus/<target>
# (new inputs are added there), for SECONDS; its log goes to target/fuzz-logs/<target>.log and
# its last lines (libFuzzer's final stats) are printed. Crashes land in fuzz/artifacts/<target>/.
# After its run each corpus is minimized (`cargo fuzz cmin`: the smallest set of inputs with the
# same coverage), ready to commit; `bash fuzz/campaign.sh --cmin TARGET...` minimizes only.
# Built without a sanitizer (`-s none`): the library is safe Rust apart from the engine's
# SIMD dispatch, and an uninstrumented build runs several times more executions per second.
set -u
cd "$(dirname "$0")/.."
root=$(pwd)
logs="$root/target/fuzz-logs"
mkdir -p "$logs"
cmin() {
    local t=$1 before
    before=$(ls "fuzz/corpus/$t" | wc -l)
    nice -n 15 cargo +nightly fuzz cmin -s none "$t" "$root/fuzz/corpus/$t" >"$logs/$t.cmin.log" 2>&1
    echo "$t: corpus $before -> $(ls "fuzz/corpus/$t" | wc -l) files, $(cat "fuzz/corpus/$t"/* | wc -c) bytes"
}
if [ "${1:-}" = "--cmin" ]; then
    shift
    targets=("$@")
    [ ${#targets[@]} -gt 0 ] || targets=($(cd fuzz && cargo +nightly fuzz list))
    for t in "${targets[@]}"; do cmin "$t"; done
    exit 0
fi
secs=${1:?usage: campaign.sh SECONDS [TARGET...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=($(cd fuzz && cargo +nightly fuzz list))
for arg in "${targets[@]}"; do
    t=${arg%%:*}
    s=$secs
    [ "$t" = "$arg" ] || s=${arg#*:}
    # The structure-aware targets read a program of mutations: let inputs grow at once.
    extra=()
    case $t in *_verify) extra=(-max_len=400 -len_control=0) ;; esac
    mkdir -p "fuzz/corpus/$t"
    echo "== $t, $(date -u +%H:%M:%S), ${s}s"
    nice -n 15 cargo +nightly fuzz run -s none "$t" "$root/fuzz/corpus/$t" -- \
        -max_total_time="$s" -print_final_stats=1 "${extra[@]}" >"$logs/$t.log" 2>&1
    echo "rc $?"
    grep -E "^#[0-9]+[[:space:]]+(DONE|INITED)|^Done|stat::peak_rss|SUMMARY|panicked" \
        "$logs/$t.log" | tail -6
    cmin "$t"
done
