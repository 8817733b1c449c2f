#!/usr/bin/env bash
# Runs the engine's IFMA tests (tests/ifma_model.rs, tests/backends.rs) on an emulated CPU that
# has AVX-512 IFMA, on a machine that has none: Bochs (model corei3_cnl, Cannon Lake) boots
# Debian's kernel with an initramfs whose init runs the statically linked test binaries.
# On such a CPU the tests run the real `vpmadd52*` code (backend/ifma/hw.rs) and compare it,
# lane by lane, with the instruction model and the portable code. Then, end to end, the `bpkit`
# CLI with the IFMA backend opted in (BPKIT_ENGINE_IFMA=1) batch-verifies 52 BP and BP+ proofs
# made natively beforehand (valid: exit 0) and the same file with two proofs' commitments
# swapped (exit 1, naming lines 3 and 40).
#
# This is a correctness check of the compiled intrinsics, not a substitute for real hardware
# (the IFMA backend stays opt-in until its tests pass on a real IFMA CPU) and not a
# measurement (emulated time means nothing). See docs/ifma-emulation.md.
#
# Usage: tools/ifma-under-bochs.sh BOCHS [WORKDIR]
#   BOCHS    a Bochs 3.0 binary built with --enable-x86-64 --enable-avx --enable-evex
#            --with-nogui (Debian's bochs 2.7 reports a wrong XSAVE size, so Linux turns
#            AVX off; see the doc).
#   WORKDIR  scratch directory (default /tmp/bpkit-ifma-bochs).
# Needs: apt packages bochsbios vgabios isolinux syslinux-common xorriso cpio, python3; apt-get download access for
# linux-image-amd64 and busybox-static; a Rust toolchain. Takes 10–20 minutes (one core).
set -euo pipefail

bochs=${1:?usage: $0 BOCHS [WORKDIR]}
work=${2:-/tmp/bpkit-ifma-bochs}
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work"
cd "$work"

# 1. The test binaries, linked statically (the initramfs has no C library).
target="$work/target"
RUSTFLAGS='--cfg curve25519_dalek_backend="avx512" -C target-feature=+crt-static' \
    CARGO_TARGET_DIR="$target" \
    cargo test --manifest-path "$here/Cargo.toml" --release \
    --target x86_64-unknown-linux-gnu --test ifma_model --test backends --no-run
deps="$target/x86_64-unknown-linux-gnu/release/deps"
newest() { find "$deps" -maxdepth 1 -type f -executable -name "$1-*" -printf '%T@ %p\n' | sort -n | tail -1 | cut -d' ' -f2; }

# The CLI, linked the same way, and the proofs it will verify (made here, natively).
RUSTFLAGS='--cfg curve25519_dalek_backend="avx512" -C target-feature=+crt-static' \
    CARGO_TARGET_DIR="$target" \
    cargo build --manifest-path "$here/../bpkit-cli/Cargo.toml" --release \
    --target x86_64-unknown-linux-gnu
cli="$target/x86_64-unknown-linux-gnu/release/bpkit"
rm -rf proofs && mkdir proofs
(
    cd proofs
    for i in $(seq 1 48); do "$cli" commit --value $((i * 7919)) --out "o$i.json" > /dev/null; done
    add() { "$cli" prove --label ifma-e2e --out p.json "$@" > /dev/null; tr -d '\n' < p.json >> good.jsonl; echo >> good.jsonl; }
    for i in $(seq 1 30); do add --bits 64 "o$i.json"; done                     # lines 1-30
    add --bits 32 o1.json o2.json o3.json o4.json o5.json o6.json o7.json o8.json  # line 31
    for i in $(seq 31 50); do add --scheme bp+ --bits 64 "o$(( (i - 1) % 48 + 1 )).json"; done  # 32-51
    add --scheme bp+ --bits 64 $(for i in $(seq 33 48); do echo "o$i.json"; done)  # line 52
    # Lines 3 and 40 exchange their commitments: both proofs become false.
    python3 -c '
import json
lines = [json.loads(l) for l in open("good.jsonl")]
lines[2]["commitments"], lines[39]["commitments"] = lines[39]["commitments"], lines[2]["commitments"]
open("bad.jsonl", "w").write("".join(json.dumps(x, separators=(",", ":")) + "\n" for x in lines))
'
)
"$cli" batch-verify proofs/good.jsonl
! "$cli" batch-verify proofs/bad.jsonl

# 2. A kernel and a static busybox from Debian.
if [ ! -f vmlinuz ]; then
    kpkg=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-/ {print $2; exit}')
    apt-get download "$kpkg" busybox-static
    dpkg-deb -x "$(ls "$kpkg"_*.deb | head -1)" kernel
    cp kernel/boot/vmlinuz-* vmlinuz
    dpkg-deb -x "$(ls busybox-static_*.deb | head -1)" busybox
fi

# 3. The initramfs: init runs both test binaries, then powers off.
rm -rf initrd iso && mkdir -p initrd/bin initrd/t initrd/proc initrd/dev iso
cp busybox/bin/busybox initrd/bin/
cp "$(newest ifma_model)" initrd/t/ifma_model
cp "$(newest backends)" initrd/t/backends
cp "$cli" initrd/t/bpkit
cp proofs/good.jsonl proofs/bad.jsonl initrd/t/
cat > initrd/init <<'EOF'
#!/bin/busybox sh
B=/bin/busybox
$B mount -t proc proc /proc
# /dev/urandom and friends, for the CLI's random batch weights.
$B mount -t devtmpfs dev /dev
$B echo "=== cpu flags (avx512*):"
$B grep -o 'avx512[a-z]*' /proc/cpuinfo | $B sort -u | $B tr '\n' ' '; $B echo
export RUST_TEST_THREADS=1
$B echo "=== ifma_model"
/t/ifma_model --nocapture; $B echo "=== ifma_model exit $?"
$B echo "=== backends"
/t/backends --nocapture; $B echo "=== backends exit $?"
export BPKIT_ENGINE_IFMA=1
/t/bpkit info
$B echo "=== cli"
/t/bpkit batch-verify /t/good.jsonl; $B echo "=== cli good exit $?"
/t/bpkit batch-verify /t/bad.jsonl; $B echo "=== cli bad exit $?"
$B echo "=== ALL DONE"
# Let the console drain before powering off (poweroff -f does not wait for it).
$B sleep 5
$B poweroff -f
EOF
chmod +x initrd/init
(cd initrd && find . | cpio -o -H newc --quiet | gzip -1 > ../iso/initrd.img)

# 4. A bootable ISO. Kernel options: PKU and XSAVES off (Bochs's PKRU and compacted XSAVE
#    layouts upset the kernel's checks), no TSC-deadline timer.
cp vmlinuz iso/
cp /usr/lib/ISOLINUX/isolinux.bin /usr/lib/syslinux/modules/bios/ldlinux.c32 iso/
cat > iso/isolinux.cfg <<'EOF'
SERIAL 0 115200
DEFAULT t
PROMPT 0
TIMEOUT 0
LABEL t
  KERNEL /vmlinuz
  APPEND initrd=/initrd.img console=ttyS0,115200 mitigations=off clearcpuid=pku,ospke noxsaves lapic=notscdeadline lsm= apparmor=0
EOF
xorriso -as mkisofs -quiet -o boot.iso -b isolinux.bin -c boot.cat -no-emul-boot \
    -boot-load-size 4 -boot-info-table iso/

# 5. Bochs, headless, console on a file.
cat > bochsrc <<EOF
megs: 512
cpu: model=corei3_cnl, count=1, ips=200000000
romimage: file=/usr/share/bochs/BIOS-bochs-latest
vgaromimage: file=/usr/share/vgabios/vgabios.bin
ata0-master: type=cdrom, path=boot.iso, status=inserted
boot: cdrom
display_library: nogui
com1: enabled=1, mode=file, dev=serial.txt
log: bochs.log
panic: action=fatal
EOF
rm -f serial.txt
timeout 3600 "$bochs" -q -f bochsrc > bochs.out 2>&1 &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
    if grep -q '=== ALL DONE' serial.txt 2>/dev/null; then
        sleep 2
        kill "$pid" 2>/dev/null || true
        break
    fi
    sleep 10
done
sed -n '/=== cpu flags/,$p' serial.txt
grep -q '=== ifma_model exit 0' serial.txt && grep -q '=== backends exit 0' serial.txt &&
    grep -q 'engine-ifma: cpu yes, in use' serial.txt &&
    grep -q '=== cli good exit 0' serial.txt && grep -q '=== cli bad exit 1' serial.txt
