#!/bin/sh
# Generates src/bindings.rs (the raw declarations of include/pasta/) with Debian's bindgen,
# and checks them.
#
#   pasta-sys/gen-bindings.sh VERSION_INCLUDE_DIR          regenerate src/bindings.rs
#   pasta-sys/gen-bindings.sh --check VERSION_INCLUDE_DIR  regenerate to a temporary file and
#                      diff it with the committed one; and compare the extern names of
#                      src/bindings.rs with scripts/api-symbols.sh's list (both ways)
# VERSION_INCLUDE_DIR holds the generated pasta/version.h (a CMake build tree's include/).
# The static inline helpers of fft.h (basis-typed polynomial wrappers) are not symbols of
# the library: bindgen leaves them out, pasta-engine has their Rust equivalents.
set -eu
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
[ $# -eq 1 ] || { echo "usage: $0 [--check] VERSION_INCLUDE_DIR" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
verinc=$(cd "$1" && pwd)
[ -f "$verinc/pasta/version.h" ] || { echo "gen-bindings: no pasta/version.h in $1" >&2; exit 2; }
[ -x /usr/bin/bindgen ] || { echo "gen-bindings: /usr/bin/bindgen missing (scripts/deps.sh --rust)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#include <pasta/pasta.h>\n' > "$tmp/wrapper.h"
# bindgen formats its output with rustfmt: Debian's (scripts/deps.sh --rust), never another
# on PATH, so the committed file is what a fresh Debian regenerates.
[ -x /usr/bin/rustfmt ] || { echo "gen-bindings: /usr/bin/rustfmt missing (scripts/deps.sh --rust)" >&2; exit 2; }
# Relative -I paths keep the output free of this machine's paths.
(cd "$root" && RUSTFMT=/usr/bin/rustfmt /usr/bin/bindgen "$tmp/wrapper.h" \
    --allowlist-function 'pasta_.*' --allowlist-var '(pasta|PASTA)_.*' \
    --allowlist-type 'pasta_.*' --size_t-is-usize --no-prepend-enum-name \
    -- -Iinclude -I"$verinc") > "$tmp/bindings.rs"
out=$here/src/bindings.rs
if [ "$check" = 0 ]; then
    cp "$tmp/bindings.rs" "$out"
    echo "gen-bindings: wrote pasta-sys/src/bindings.rs"
else
    if ! diff -u "$out" "$tmp/bindings.rs" > "$tmp/diff"; then
        cat "$tmp/diff"
        echo "gen-bindings: src/bindings.rs is out of date with include/pasta/ (run $0 $1)" >&2
        exit 1
    fi
    echo "gen-bindings: src/bindings.rs matches the headers"
fi
# Every PASTA_API name is declared, and nothing else.
"$root/scripts/api-symbols.sh" --list "${CC:-cc}" "$root/include" "$verinc" > "$tmp/api"
sed -n 's/^ *pub fn \([A-Za-z0-9_]*\).*/\1/p; s/^ *pub static \([A-Za-z0-9_]*\).*/\1/p' "$out" |
    sort -u > "$tmp/rs"
if ! diff "$tmp/api" "$tmp/rs" > "$tmp/sdiff"; then
    sed 's/^</missing in bindings.rs:/; s/^>/not in the API:/' "$tmp/sdiff" | grep -v '^[0-9]'
    echo "gen-bindings: symbol lists differ" >&2
    exit 1
fi
echo "gen-bindings: $(wc -l < "$tmp/api") API symbols declared, no others"
