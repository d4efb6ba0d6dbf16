#!/bin/sh
# Ensure the Debian packages needed to build, test and benchmark pasta are installed.
#
#   scripts/deps.sh            check; install with apt-get if root, else print the sudo line
#   scripts/deps.sh --check    check only (exit 1 if something is missing)
#   scripts/deps.sh --list     print the package list
#   scripts/deps.sh --rust ... the same with the Rust group added (make test-rust):
#                              Debian's rustc/cargo, bindgen and the librust-*-dev crates
#                              the bindings build with (bindings/rust/, offline)
#
# Environment:
#   PASTA_SKIP_DEPS=1          do nothing (non-Debian systems, hand-managed toolchains)
#   PASTA_DEPS_EXTRA="pkg..."  extra packages to require
#
# Fast no-op (one dpkg-query call) when everything is present.
# POSIX sh on purpose: a minimal Debian has dash, coreutils, dpkg and apt, nothing more.
set -eu

# C only: no g++. libclang-rt-14-dev carries clang 14's sanitizer and libFuzzer
# runtimes (Debian 12's clang is clang 14), libomp-dev its OpenMP runtime (gcc's libgomp
# comes with gcc). gnuplot-nox draws benchmark plots.
PACKAGES="gcc libc6-dev make cmake pkg-config \
libcriterion-dev libxxhash-dev libgmp-dev libsodium-dev \
valgrind clang libclang-rt-14-dev libomp-dev gnuplot-nox binutils \
${PASTA_DEPS_EXTRA:-}"
# Optional (--rust): not needed by `make test`.
# bindgen loads libclang at run time (libclang1-14; clang pulls it in too) and formats
# its output with rustfmt (pasta-sys/gen-bindings.sh --check compares formatted files).
RUST_PACKAGES="rustc cargo bindgen rustfmt libclang1-14 librust-rayon-dev"

mode=ensure
if [ "${1:-}" = --rust ]; then
    PACKAGES="$PACKAGES $RUST_PACKAGES"
    shift
fi
case "${1:-}" in
    --check) mode=check ;;
    --list) echo $PACKAGES; exit 0 ;;
    "") ;;
    *) echo "usage: $0 [--rust] [--check|--list]" >&2; exit 2 ;;
esac

if [ "${PASTA_SKIP_DEPS:-0}" = 1 ]; then
    exit 0
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "deps.sh: not a Debian-like system (no dpkg-query); install the equivalents of:" >&2
    echo "  $(echo $PACKAGES)" >&2
    echo "deps.sh: continuing; set PASTA_SKIP_DEPS=1 to silence this." >&2
    exit 0
fi

missing() {
    # dpkg-query exits non-zero when some package is unknown; its output still lists
    # the known ones, so collect the installed set and diff against the wanted list.
    installed=$(dpkg-query -W -f='${Package} ${Status}\n' $PACKAGES 2>/dev/null |
        awk '$NF == "installed" { sub(/:.*/, "", $1); print $1 }')
    for p in $PACKAGES; do
        case " $(echo $installed) " in
            *" $p "*) ;;
            *) printf '%s ' "$p" ;;
        esac
    done
}

todo=$(missing)
[ -z "$todo" ] && exit 0

echo "deps.sh: missing packages: $todo" >&2
if [ "$mode" = check ]; then
    exit 1
fi

if [ "$(id -u)" != 0 ]; then
    echo "deps.sh: run this (or re-run make as root):" >&2
    echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends $todo" >&2
    exit 1
fi

echo "deps.sh: installing as root with apt-get" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update
# shellcheck disable=SC2086
apt-get install -y --no-install-recommends $todo

todo=$(missing)
if [ -n "$todo" ]; then
    echo "deps.sh: still missing after apt-get install: $todo" >&2
    exit 1
fi
echo "deps.sh: all dependencies installed" >&2
