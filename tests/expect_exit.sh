#!/bin/sh
# Usage: expect_exit.sh CODE COMMAND...  — succeeds only if COMMAND exits with CODE.
# Used for checks that must fail in a specific way (e.g. valgrind's --error-exitcode).
want=$1
shift
"$@"
got=$?
if [ "$got" -ne "$want" ]; then
    echo "expected exit code $want, got $got" >&2
    exit 1
fi
echo "got the expected exit code $want"
