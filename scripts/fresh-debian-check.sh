#!/bin/bash
# Prove the README promise: on a minimal Debian 12 that has only `make` and `git`,
#   git clone <repo> && cd pasta && make test
# installs every dependency and passes.
#
# usage (as root; needs debootstrap, mount, chroot):
#   scripts/fresh-debian-check.sh [options] [-- make-target...]
#     --rebuild-base      re-run debootstrap even if the cached base tarball exists
#     --reuse-root        keep the previous root (deps already installed: faster, proves less)
#     --no-apt-cache      do not keep downloaded .debs between runs
#     --ref REV           commit to test (default: HEAD of this checkout; must be committed)
#     --toolchain-only    stand-in for `make test`: run `make deps`, then build and run a
#                         hello world linking criterion, gmp, xxhash and sodium via pkg-config
#     --shell             open a shell in the chroot after the check
#   Make targets after `--` replace the default `test test-rust` (the README's `make test`,
#   then the Rust bindings: `make test-rust` installs their Debian group itself).
#
# Environment: MIRROR (default: the Debian mirror of this machine's apt sources).
# Everything lives under .fresh-debian/ (git-ignored):
#   base-bookworm.tar   debootstrap --variant=minbase --include=make,git bookworm
#   root/               the chroot, re-extracted from the tarball on each run
#   apt-archives/       .deb cache bind-mounted at /var/cache/apt/archives
set -euo pipefail

die() { echo "fresh-debian-check: $*" >&2; exit 2; }
now() { date +%s; }
say() { printf '\n=== %s\n' "$*"; }

REPO=$(git rev-parse --show-toplevel) || die "run inside the pasta git checkout"
cd "$REPO"
STATE="$REPO/.fresh-debian"
BASE="$STATE/base-bookworm.tar"
ROOT="$STATE/root"
APT_CACHE="$STATE/apt-archives"
SUITE=bookworm

rebuild_base=0 reuse_root=0 apt_cache=1 toolchain_only=0 want_shell=0
ref=HEAD
targets=(test test-rust)
while [ $# -gt 0 ]; do
    case "$1" in
        --rebuild-base) rebuild_base=1 ;;
        --reuse-root) reuse_root=1 ;;
        --no-apt-cache) apt_cache=0 ;;
        --ref) ref=${2:?--ref needs a revision}; shift ;;
        --toolchain-only) toolchain_only=1 ;;
        --shell) want_shell=1 ;;
        --) shift; [ $# -gt 0 ] && targets=("$@"); break ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
    shift
done

[ "$(id -u)" = 0 ] || die "must run as root (debootstrap, mount, chroot)"
command -v debootstrap >/dev/null || die "debootstrap missing: apt-get install debootstrap"
commit=$(git rev-parse --verify "$ref^{commit}") || die "bad --ref $ref"
if [ "$ref" = HEAD ] && [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    echo "fresh-debian-check: warning: uncommitted changes are NOT tested (clone of $commit)" >&2
fi
GIT_COMMON=$(cd "$(git rev-parse --git-common-dir)" && pwd)

# The Debian mirror this machine uses: first URI of a stanza/line serving "$SUITE".
host_mirror() {
    local f
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -r "$f" ] || continue
        awk -v s="$SUITE" '
            /^[ \t]*$/ { if (uri != "" && ok) { print uri; exit } uri = ""; ok = 0; next }
            tolower($1) == "uris:" { uri = $2 }
            tolower($1) == "suites:" { for (i = 2; i <= NF; i++) if ($i == s) ok = 1 }
            END { if (uri != "" && ok) print uri }' "$f"
    done
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -r "$f" ] || continue
        awk -v s="$SUITE" '$1 == "deb" { u = ""; for (i = 2; i <= NF; i++) {
                if ($i ~ /^\[/) { while ($i !~ /\]$/) i++; continue }
                if (u == "") u = $i; else { if ($i == s) print u; break } } }' "$f"
    done
}
MIRROR=${MIRROR:-$(host_mirror | head -n1)}
MIRROR=${MIRROR:-http://deb.debian.org/debian}

mounted_under() { awk -v r="$1" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/mounts; }

MOUNTS=()
cleanup() {
    local i
    for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
        umount "${MOUNTS[i]}" 2>/dev/null || umount -l "${MOUNTS[i]}" 2>/dev/null || true
    done
    MOUNTS=()
    if [ -n "$(mounted_under "$ROOT")" ]; then
        echo "fresh-debian-check: WARNING: still mounted under $ROOT:" >&2
        mounted_under "$ROOT" >&2
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
bind() { # bind SRC DST [ro]
    mkdir -p "$2"
    mount --bind "$1" "$2"
    MOUNTS+=("$2")
    if [ "${3:-}" = ro ]; then mount -o remount,bind,ro "$2"; fi
}

T0=$(now)
mkdir -p "$STATE"
[ -n "$(mounted_under "$ROOT")" ] && die "something is still mounted under $ROOT; unmount it first"

# 1. base tarball: minbase + make + git, built once.
if [ "$rebuild_base" = 1 ] || [ ! -s "$BASE" ]; then
    say "debootstrap --variant=minbase $SUITE from $MIRROR"
    t=$(now)
    tmp="$STATE/bootstrap.tmp"
    rm -rf --one-file-system "$tmp"
    debootstrap --variant=minbase --include=make,git "$SUITE" "$tmp" "$MIRROR"
    rm -f "$tmp"/var/cache/apt/archives/*.deb
    tar -C "$tmp" -cf "$BASE.part" . && mv "$BASE.part" "$BASE"
    rm -rf --one-file-system "$tmp"
    echo "base: $(du -h "$BASE" | cut -f1) in $(( $(now) - t )) s"
fi

# 2. fresh root from the tarball.
t=$(now)
if [ "$reuse_root" = 1 ] && [ -d "$ROOT/usr" ]; then
    say "reusing $ROOT (dependencies may already be installed)"
else
    say "extracting a fresh root"
    rm -rf --one-file-system "$ROOT"
    mkdir -p "$ROOT"
    tar -C "$ROOT" -xf "$BASE"
fi
# apt sources: this machine's, minus files whose keyring the minimal root lacks.
rm -f "$ROOT"/etc/apt/sources.list "$ROOT"/etc/apt/sources.list.d/*
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -s "$f" ] || continue
    skip=""
    for k in $(grep -Eoi '(signed-by[:=][[:space:]]*)[^] ]+' "$f" | sed -E 's/^[^:=]*[:=][[:space:]]*//'); do
        [ -e "$ROOT$k" ] || skip="keyring $k absent"
    done
    if [ -z "$skip" ] && grep -q 'https://' "$f" && [ ! -d "$ROOT/etc/ssl/certs" ]; then
        skip="https source without ca-certificates"
    fi
    if [ -n "$skip" ]; then echo "apt sources: skipping $f ($skip)"; continue; fi
    mkdir -p "$ROOT$(dirname "$f")"
    cp "$f" "$ROOT$f"
    echo "apt sources: $f"
done
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
printf '#!/bin/sh\nexit 101\n' > "$ROOT/usr/sbin/policy-rc.d"   # no daemons in the chroot
chmod +x "$ROOT/usr/sbin/policy-rc.d"
echo "root ready in $(( $(now) - t )) s"

# 3. mounts.
mkdir -p "$ROOT/proc" "$ROOT/sys" "$ROOT/dev"
mount -t proc proc "$ROOT/proc"; MOUNTS+=("$ROOT/proc")
mount -t sysfs sysfs "$ROOT/sys"; MOUNTS+=("$ROOT/sys")
bind /dev "$ROOT/dev"
[ -d /dev/pts ] && bind /dev/pts "$ROOT/dev/pts"
bind "$GIT_COMMON" "$ROOT/src/pasta.git" ro
if [ "$apt_cache" = 1 ]; then
    mkdir -p "$APT_CACHE/partial"
    bind "$APT_CACHE" "$ROOT/var/cache/apt/archives"
fi

# 4. inside: clone by file path (no network for git), then make.
what="make ${targets[*]}"
[ "$toolchain_only" = 1 ] && what="toolchain stand-in"
say "in chroot: git clone + $what (commit $commit)"
cat > "$ROOT/root/check.sh" <<'INNER'
set -eu
commit=$1; toolchain_only=$2; shift 2
now() { date +%s; }
t=$(now)
echo "chroot: $(. /etc/os-release; echo "$PRETTY_NAME"); gcc: $(command -v gcc || echo absent)"
rm -rf /root/pasta
git clone -q --no-hardlinks /src/pasta.git /root/pasta
cd /root/pasta
git -c advice.detachedHead=false checkout -q "$commit"
echo "clone: $(( $(now) - t )) s"
if [ "$toolchain_only" = 1 ]; then
    t=$(now)
    make deps
    echo "make deps: $(( $(now) - t )) s"
    t=$(now)
    mkdir -p /tmp/hello && cd /tmp/hello
    cat > hello.c <<'C'
#include <criterion/criterion.h>
#include <gmp.h>
#include <sodium.h>
#include <xxhash.h>
#include <stdio.h>
Test(hello, libraries) {
    mpz_t x; mpz_init_set_ui(x, 1); mpz_mul_2exp(x, x, 255); mpz_sub_ui(x, x, 19);
    cr_assert(mpz_probab_prime_p(x, 20) > 0);
    mpz_clear(x);
    unsigned char h[crypto_hash_sha256_BYTES];
    cr_assert(sodium_init() >= 0);
    crypto_hash_sha256(h, (const unsigned char *)"abc", 3);
    cr_assert_eq(h[0], 0xba);
    cr_assert_eq(XXH64("", 0, 0), 0xEF46DB3751D8E999ULL);
    printf("gmp %s, sodium %s, xxhash %u\n", gmp_version, sodium_version_string(), XXH_versionNumber());
}
C
    cat > CMakeLists.txt <<'CM'
cmake_minimum_required(VERSION 3.20)
project(hello C)
find_package(PkgConfig REQUIRED)
pkg_check_modules(DEPS REQUIRED IMPORTED_TARGET criterion gmp libxxhash libsodium)
add_executable(hello hello.c)
set_property(TARGET hello PROPERTY C_STANDARD 17)
target_link_libraries(hello PRIVATE PkgConfig::DEPS)
enable_testing()
add_test(NAME hello COMMAND hello)
CM
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build build -j"$(nproc)" >/dev/null
    ctest --test-dir build --output-on-failure
    ./build/hello --verbose=0
    cc -std=c17 -O2 -Wall -Werror hello.c $(pkg-config --cflags --libs criterion gmp libxxhash libsodium) -o hello-gcc
    ./hello-gcc --verbose=0
    clang -std=c17 -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer hello.c \
        $(pkg-config --cflags --libs criterion gmp libxxhash libsodium) -o hello-asan
    ./hello-asan --verbose=0
    printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' > fuzz.c
    clang -fsanitize=fuzzer,address fuzz.c -o fuzz && ./fuzz -runs=10 2>/dev/null
    valgrind -q --error-exitcode=1 ./hello-gcc --verbose=0 >/dev/null
    echo "toolchain stand-in (cmake+pkg-config, gcc, clang asan/ubsan/libFuzzer, valgrind): $(( $(now) - t )) s"
else
    t=$(now)
    make "$@"
    echo "make $*: $(( $(now) - t )) s"
fi
INNER
t=$(now)
rc=0
chroot "$ROOT" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0='*' \
    /bin/sh /root/check.sh "$commit" "$toolchain_only" "${targets[@]}" || rc=$?
inside=$(( $(now) - t ))
if [ "$want_shell" = 1 ]; then
    chroot "$ROOT" /usr/bin/env -i HOME=/root TERM="${TERM:-dumb}" PATH=/usr/sbin:/usr/bin:/sbin:/bin /bin/bash -l || true
fi
cleanup

if [ "$rc" = 0 ]; then
    printf '\nfresh-debian-check: PASS (%s on minimal Debian 12, commit %s; chroot %d s, total %d s)\n' \
        "$what" "${commit:0:12}" "$inside" "$(( $(now) - T0 ))"
else
    printf '\nfresh-debian-check: FAIL (%s exited %d; commit %s; total %d s)\n' \
        "$what" "$rc" "${commit:0:12}" "$(( $(now) - T0 ))"
fi
exit "$rc"
