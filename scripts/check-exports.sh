#!/bin/sh
# Fails unless each library exports exactly the functions and data that the installed
# headers declare (scripts/api-symbols.sh), no more and no fewer.
#
#   scripts/check-exports.sh -I INCLUDE_DIR [-I DIR]... LIB...      (CC: the compiler)
#
# Shared libraries: the dynamic symbol table (nm -D --defined-only, the version node
# excepted), i.e. what a program linking it can bind to. Static archives: the global
# defined symbols of every member (nm -g --defined-only), which share the namespace of the
# program they are linked into. Registered in ctest as check_exports; .ci/run runs it on
# the installed library against the installed headers.
set -eu

NM=${NM:-nm}
CC=${CC:-cc}
incs=""
while [ $# -gt 0 ]; do
    case "$1" in
        -I) incs="$incs $2"; shift 2 ;;
        -I*) incs="$incs ${1#-I}"; shift ;;
        *) break ;;
    esac
done
[ $# -ge 1 ] && [ -n "$incs" ] || { echo "usage: $0 -I INCLUDE_DIR... LIB..." >&2; exit 2; }

here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2086
"$here/api-symbols.sh" --list "$CC" $incs > "$tmp/declared"

status=0
for lib in "$@"; do
    case "$lib" in
        *.a) syms=$("$NM" -g --defined-only "$lib") ;;
        *) syms=$("$NM" -D --defined-only "$lib") ;;
    esac
    # Lines are "ADDRESS TYPE NAME" (archive member headers "x.o:" and blanks skipped;
    # type A is the version node PASTA_0, not a symbol).
    printf '%s\n' "$syms" | awk 'NF >= 2 && $0 !~ /:$/ && $(NF-1) != "A" { print $NF }' |
        sed 's/@.*//' | sort -u > "$tmp/exported"
    extra=$(comm -13 "$tmp/declared" "$tmp/exported")
    missing=$(comm -23 "$tmp/declared" "$tmp/exported")
    n=$(wc -l < "$tmp/exported")
    if [ -n "$extra" ]; then
        echo "check-exports: $lib exports symbols no installed header declares:" >&2
        printf '  %s\n' $extra >&2
        status=1
    fi
    if [ -n "$missing" ]; then
        echo "check-exports: $lib lacks declared symbols:" >&2
        printf '  %s\n' $missing >&2
        status=1
    fi
    [ -z "$extra$missing" ] && echo "check-exports: $lib: $n symbols, exactly the declared API"
done
exit $status
