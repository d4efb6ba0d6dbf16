#!/bin/bash
# Test the benchmark tooling without the library: build and run bench/harness_selftest.c,
# then run bench/compare_backends.sh on two builds of scripts/fake_pasta_bench.c, and
# scripts/bench-tables.sh on the candidate's field, curve and api rows.
#   scripts/test-bench-tools.sh [--callgrind]     (callgrind adds ~30 s)
# Needs gcc, libsodium-dev (pkg-config), valgrind for --callgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/pasta-benchtools.XXXXXX")
trap 'rm -rf "$T"' EXIT
FLAGS=(-std=c17 -O2 -Wall -Wextra -Wpedantic -Werror -Ibench)
read -r -a SODIUM <<< "$(pkg-config --cflags --libs libsodium)"

"$CC" "${FLAGS[@]}" bench/harness.c bench/harness_selftest.c "${SODIUM[@]}" -lm -o "$T/selftest"
"$T/selftest" --quick --json "$T/selftest.jsonl" extra-arg
[ "$(wc -l < "$T/selftest.jsonl")" -eq 3 ] || { echo "expected 3 JSON lines" >&2; exit 1; }

mkdir -p "$T/ctl/bench" "$T/cand/bench"
"$CC" "${FLAGS[@]}" -DFAKE_ASM=0 bench/harness.c scripts/fake_pasta_bench.c "${SODIUM[@]}" -lm -o "$T/ctl/bench/pasta_bench"
"$CC" "${FLAGS[@]}" -DFAKE_ASM=1 bench/harness.c scripts/fake_pasta_bench.c "${SODIUM[@]}" -lm -o "$T/cand/bench/pasta_bench"
cg=--no-callgrind
[ "${1:-}" = --callgrind ] && cg=""
CONTROL_DIR=$T/ctl CANDIDATE_DIR=$T/cand bench/compare_backends.sh --no-build $cg --quick \
    --ops "add mul" --json "$T/compare.jsonl"
[ "$(grep -c '"suite":"field_compare"' "$T/compare.jsonl")" -eq 4 ] || { echo "expected 4 field_compare lines" >&2; exit 1; }
# The fake asm kernels do 2/3 of the work: expect a clear speed-up for mul.
awk '/"name":"mul"/ && /"field":"fp"/ { if (!match($0, /"speedup_pct":[0-9.]+/)) exit 1
      s = substr($0, RSTART + 14, RLENGTH - 14) + 0; if (s < 20) exit 1; ok = 1 }
     END { exit !ok }' "$T/compare.jsonl" || { echo "fake mul speed-up not found" >&2; exit 1; }
# bench-tables.sh: the api table joins each api row to its reference (same name, field
# and backend in suite field or curve); the fake api rows cost 3 steps more.
"$T/cand/bench/pasta_bench" --quick --filter '/add/fp/,/add_x4/,/madd_var' --json "$T/tables.jsonl" > /dev/null
scripts/bench-tables.sh "$T/tables.jsonl" > "$T/tables.md"
awk -F' [|] ' '
    /^[|] api op/ { api = 1; next }
    api && /^[|] [a-z_]+ [(]/ {
        n++
        if ($2 == "4 chains") x4++
        if ($5 == "-" || $6 == "-") { print "no reference: " $0; bad = 1; next }
        split($6, r, " "); ratio = r[1] + 0
        # add: 7/4 (portable), 5/2 (asm), add_x4 6/3, madd_var 203/200, madd_var_x4 153/150
        lo = ($1 ~ /madd_var/) ? 0.9 : 1.3
        if (ratio < lo || ratio > 3.5) { print "ratio out of range: " $0; bad = 1 }
    }
    END { if (n != 8 || x4 != 4) { print "expected 8 api rows (4 of them 4 chains), got " n; bad = 1 }
          exit bad }' "$T/tables.md" || { cat "$T/tables.md" >&2; echo "api table check failed" >&2; exit 1; }
echo "test-bench-tools: PASS"
