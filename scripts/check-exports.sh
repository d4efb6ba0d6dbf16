#!/bin/sh
# Fails if a library exports a symbol outside the pasta_ namespace.
#
#   scripts/check-exports.sh libpasta.so [libpasta.a ...]
#
# Shared libraries: the dynamic symbol table (nm -D --defined-only), i.e. what a program
# linking it can bind to. Static archives: the global defined symbols of every member
# (nm -g --defined-only), which share the namespace of the program they are linked into.
# Registered in ctest as check_exports (tests/CMakeLists.txt).
set -eu

[ $# -ge 1 ] || { echo "usage: $0 LIB..." >&2; exit 2; }
NM=${NM:-nm}
status=0
for lib in "$@"; do
    case "$lib" in
        *.a) syms=$("$NM" -g --defined-only "$lib") ;;
        *) syms=$("$NM" -D --defined-only "$lib") ;;
    esac
    # Lines are "ADDRESS TYPE NAME" (archive member headers "x.o:" and blanks skipped).
    names=$(printf '%s\n' "$syms" | awk 'NF >= 2 && $0 !~ /:$/ { print $NF }' | sort -u)
    if [ -z "$names" ]; then
        echo "check-exports: $lib: no exported symbols at all" >&2
        status=1
        continue
    fi
    bad=$(printf '%s\n' "$names" | grep -v '^pasta_' || true)
    n=$(printf '%s\n' "$names" | wc -l)
    if [ -n "$bad" ]; then
        echo "check-exports: $lib exports symbols without the pasta_ prefix:" >&2
        printf '  %s\n' $bad >&2
        status=1
    else
        echo "check-exports: $lib: $n symbols, all pasta_*"
    fi
done
exit $status
