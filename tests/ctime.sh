#!/bin/sh
# Usage: ctime.sh CTIME_TESTS_BINARY VALGRIND [ARGS...]
# valgrind's virtual CPU hides ADX from cpuid, so whether the asm backend can run is asked
# natively first; the program under valgrind then uses the asm table directly.
bin=$1
shift
if "$bin" --probe-asm; then
    exec "$@" "$bin" --with-asm
fi
echo "ctime: x86_64-asm backend not runnable on this CPU: checked portable only"
exec "$@" "$bin"
