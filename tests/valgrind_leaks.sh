#!/bin/sh
# Runs a test program under valgrind memcheck with leak checking, following the child
# processes Criterion runs each test in (their exit codes do not reach the parent, so
# each process writes its own log and any error in any log fails this script).
#
#   tests/valgrind_leaks.sh VALGRIND PROGRAM [ARGS...]
set -eu
vg=$1
shift
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
rc=0
"$vg" --tool=memcheck --trace-children=yes --leak-check=full \
    --show-leak-kinds=definite --errors-for-leak-kinds=definite --error-exitcode=43 -q \
    --log-file="$logs/vg.%p.log" "$@" || rc=$?
bad=0
for f in "$logs"/vg.*.log; do
    [ -s "$f" ] || continue
    echo "--- valgrind: $f" >&2
    cat "$f" >&2
    bad=1
done
if [ "$bad" -ne 0 ]; then
    echo "valgrind_leaks: memcheck errors or definite leaks (see above)" >&2
    exit 43
fi
exit "$rc"
