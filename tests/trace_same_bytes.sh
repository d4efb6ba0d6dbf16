#!/bin/sh
# PASTA_PARALLEL_TRACE (docs/PARALLEL.md) changes which thread runs a range, never a byte:
# a traced plonk_k11 proof at 4 threads equals the untraced one at 1 thread, and the trace
# has the prover's marks and the regions of a 4-thread split.
#   tests/trace_same_bytes.sh PROVER_BENCH WITNESS
set -eu
pb=$1
w=$2
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$pb" prove --circuit plonk_k11 --witness "$w" --threads 1 --out "$d/plain.bin" > /dev/null
PASTA_PARALLEL_TRACE="$d/trace.txt" "$pb" prove --circuit plonk_k11 --witness "$w" --threads 4 \
    --out "$d/traced.bin" > /dev/null
cmp "$d/plain.bin" "$d/traced.bin" || { echo "trace_same_bytes: the traced proof differs" >&2; exit 1; }
awk '$1 == "B" { b++ } $1 == "E" { e++ } $1 == "P" { p++ }
     $1 == "R" { r++; if ($2 < 2 || $2 > 4 || NF != $2 + 3) bad = 1 }
     END { if (b != 1 || e != 1 || p < 9 || r < 10 || bad) { print "trace_same_bytes: trace: " b " B, " e " E, " p " P, " r " R lines" > "/dev/stderr"; exit 1 } }' \
    "$d/trace.txt"
echo "trace_same_bytes: ok"
