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
# The harness writes "config" and the extra members into each JSON line.
grep -q '"config":"selftest-config","actions":4}$' "$T/selftest.jsonl" ||
    { echo "selftest JSON lines lack config / extra members" >&2; exit 1; }

# bench/main_job.sh --analyse on synthetic runs of three configurations in its order
# (portable asm-mul asm asm asm-mul portable) with a linear drift of 1% per run, which
# the midpoints cancel: every speed-up below is exact.
#   kernels add/sub/double: portable 3.0, asm-mul 2.5, asm 2.0 (x base ns); mul/square:
#   1.5, 1.0, 1.0. prover: 1 action 1.2, 1.05, 1.0 s; 4 actions 4.4, 3.3, 3.0 s (8
#   threads: / 1.5), the same digest everywhere; 2 cores (8 threads: oversubscribed).
mkjob() { # DIR [digest of run 3, 4 actions, 8 threads]
    mkdir -p "$1/runs"
    echo "AMD Test" > "$1/host.txt"
    echo 2 > "$1/cores.txt"
    : > "$1/manifest.tsv"
    local i=0 c
    for c in portable asm-mul asm asm asm-mul portable; do
        i=$((i + 1))
        awk -v run="$i" -v cfg="$c" -v odd="${2:-}" -v kf="$1/runs/kernel-$i-$c.jsonl" \
            -v ef="$1/runs/e2e-$i-$c.jsonl" 'BEGIN {
            be = cfg == "portable" ? "portable" : "x86_64-asm"; drift = 1 + 0.01 * run
            split("add sub double mul square", O, " "); split("fp fq", F, " ")
            for (o = 1; o <= 5; o++) for (f = 1; f <= 2; f++) {
                m = o <= 3 ? (cfg == "portable" ? 3.0 : cfg == "asm-mul" ? 2.5 : 2.0) \
                           : (cfg == "portable" ? 1.5 : 1.0)
                v = (o * 10 + f) * m * drift
                printf "{\"suite\":\"field\",\"name\":\"%s\",\"backend\":\"%s\",\"field\":\"%s\",\"n\":0,\"threads\":1,\"median_ns\":%.9g,\"lo_ns\":%.9g,\"hi_ns\":%.9g,\"samples\":20,\"config\":\"%s\"}\n", O[o], be, F[f], v, v * 0.99, v * 1.01, cfg > kf
            }
            # a record of another backend in the same run: not the configuration of this run
            printf "{\"suite\":\"field\",\"name\":\"add\",\"backend\":\"other\",\"field\":\"fp\",\"median_ns\":1,\"config\":\"%s\"}\n", cfg > kf
            for (a = 1; a <= 4; a += 3) for (t = 1; t <= 8; t += 7) {
                m = a == 1 ? (cfg == "portable" ? 1.2 : cfg == "asm-mul" ? 1.05 : 1.0) \
                           : (cfg == "portable" ? 4.4 : cfg == "asm-mul" ? 3.3 : 3.0)
                v = m * 1e9 * drift / (t == 8 ? 1.5 : 1)
                d = (odd != "" && run == 3 && a == 4 && t == 8) ? odd : sprintf("d%d", a)
                printf "{\"suite\":\"prover\",\"name\":\"orchard_k11\",\"backend\":\"%s\",\"field\":null,\"n\":2048,\"threads\":%d,\"median_ns\":%.9g,\"lo_ns\":%.9g,\"hi_ns\":%.9g,\"samples\":10,\"config\":\"%s\",\"actions\":%d,\"digest\":\"%s\"}\n", be, t, v, v * 0.98, v * 1.02, cfg, a, d > ef
            }
        }'
        printf 'kernel\t%d\t%s\t%s\truns/kernel-%d-%s.jsonl\tsha-%s\n' "$i" "$c" \
            "$([ "$c" = portable ] && echo portable || echo x86_64-asm)" "$i" "$c" "$c" >> "$1/manifest.tsv"
        printf 'e2e\t%d\t%s\t%s\truns/e2e-%d-%s.jsonl\tsha-%s\n' "$i" "$c" \
            "$([ "$c" = portable ] && echo portable || echo x86_64-asm)" "$i" "$c" "$c" >> "$1/manifest.tsv"
    done
}
mkjob "$T/job"
bench/main_job.sh --analyse "$T/job" --json "$T/job.jsonl" --csv "$T/job.csv" > "$T/job.out"
want() { grep -qF -- "$1" "$T/job/tables.md" || { cat "$T/job/tables.md" >&2; echo "main_job: no line with: $1" >&2; exit 1; }; }
want "### asm vs asm-mul: field kernels"
want "### asm vs portable: field kernels"
want "| AMD Test | add | 25.0% faster (28.46 ns → 22.77 ns) | 25.0% faster (31.05 ns → 24.84 ns) |"
want "| AMD Test | mul | 0.0% faster"
want "| AMD Test | double | 50.0% faster (96.2"
want "50.0% faster (99.36 ns → 66.24 ns) |"
want "| AMD Test | square | 50.0% faster"
want "| Host | 1 thread | 8 threads |"
want "warning: 8 threads on 2 cores is oversubscribed"
want "| AMD Test | 5.0–10.0% faster | 5.0–10.0% faster (oversubscribed: 8 threads on 2 cores) |"
want "| AMD Test | 20.0–46.7% faster | 20.0–46.7% faster (oversubscribed: 8 threads on 2 cores) |"
want "| orchard_k11 4 actions | 8 | 2.277 s (2.244 s, 2.310 s) | 2.070 s (2.060 s, 2.080 s) | 10.0% faster | d4 | oversubscribed: 8 threads on 2 cores |"
# 10 kernel rows and 4 prover rows, per comparison (2); the CSV has a header
[ "$(grep -c '"suite":"main_job"' "$T/job/compare.jsonl")" -eq 28 ] || { echo "expected 28 main_job lines" >&2; exit 1; }
[ "$(grep -c '"suite":"main_job"' "$T/job.jsonl")" -eq 28 ] || { echo "--json: expected 28 main_job lines" >&2; exit 1; }
[ "$(wc -l < "$T/job.csv")" -eq 29 ] || { echo "expected 29 CSV lines" >&2; exit 1; }
grep -q '"phase":"e2e","name":"orchard_k11 1 action","field":null,"threads":8,.*"config":"asm","control_config":"portable",.*"speedup_pct":20.000,.*"oversubscribed":true,.*"digest":"d1"' "$T/job/compare.jsonl" ||
    { echo "main_job JSON line of the 1-action 8-thread comparison not as expected" >&2; exit 1; }
# A digest that differs between configurations, and a run whose records say another
# configuration, fail the analysis.
mkjob "$T/bad" dX
if bench/main_job.sh --analyse "$T/bad" > "$T/bad.out" 2>&1; then echo "main_job accepted a digest mismatch" >&2; exit 1; fi
grep -q "DIGEST MISMATCH orchard_k11 4 actions threads 8: run 3 (asm) dX" "$T/bad.out" || { cat "$T/bad.out" >&2; exit 1; }
mkjob "$T/bad2"
sed -i 's/"config":"asm-mul"/"config":"asm"/' "$T/bad2/runs/kernel-2-asm-mul.jsonl"
if bench/main_job.sh --analyse "$T/bad2" > "$T/bad2.out" 2>&1; then echo "main_job accepted a run of another configuration" >&2; exit 1; fi
grep -q "kernel run 2: the executable says config asm, the manifest asm-mul" "$T/bad2.out" || { cat "$T/bad2.out" >&2; exit 1; }
echo "test-bench-tools: PASS"
