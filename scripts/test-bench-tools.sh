#!/bin/bash
# Test the benchmark tooling without the library: build and run bench/harness_selftest.c,
# then run bench/compare_backends.sh on two builds of scripts/fake_pasta_bench.c, and
# scripts/bench-tables.sh on the candidate's field, curve and api rows.
#   scripts/test-bench-tools.sh [--callgrind] [--scaling-build DIR]
# --callgrind adds ~30 s. bench/scaling.sh --analyse runs on synthetic results always;
# --scaling-build DIR (a built tree: DIR/bench/pasta_bench, DIR/prover_bench/prover_bench)
# also runs bench/scaling.sh --quick on it (~30 s on 2 cores).
# Needs gcc, libsodium-dev (pkg-config), gnuplot, valgrind for --callgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
CALLGRIND=0 SCALING_BUILD=""
while [ $# -gt 0 ]; do
    case "$1" in
        --callgrind) CALLGRIND=1 ;;
        --scaling-build) SCALING_BUILD=${2:?}; shift ;;
        *) echo "usage: $0 [--callgrind] [--scaling-build DIR]" >&2; exit 2 ;;
    esac
    shift
done
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
[ "$CALLGRIND" = 1 ] && cg=""
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

# bench/scaling.sh --analyse on synthetic results: 2 cores, 4 logical CPUs (4 threads:
# SMT, 8: oversubscribed); msm var 2049 at 100, 50, 40, 40 ms (+-1%); plonk_k11 1000 ms
# at 1 thread, 600 ms at 2, phases advice 500 -> 250 ms, ipa 490 -> 340 ms, lookups
# 0.01 ms (under 1%: not judged); the portable backend twice as slow; one digest.
mkscal() { # DIR [digest of the portable 2-thread proof]
    mkdir -p "$1"
    printf 'model=Test CPU\ncores=2\ncpus=4\nthreads_per_core=2\nOMP_NUM_THREADS=(unset)\nOMP_PROC_BIND=close\nOMP_PLACES=(unset)\nOMP_WAIT_POLICY=passive\nGOMP_SPINCOUNT=(unset)\n' > "$1/host.txt"
    awk -v odd="${2:-}" 'function row(s, nm, be, n, t, m, extra) {
            printf "{\"suite\":\"%s\",\"name\":\"%s\",\"backend\":\"%s\",\"field\":%s,\"n\":%d,\"threads\":%d,\"median_ns\":%.9g,\"lo_ns\":%.9g,\"hi_ns\":%.9g,\"samples\":10,\"clock\":\"%s\",\"cpu\":\"Test CPU\",\"config\":\"asm\"%s}\n", \
                s, nm, be, s == "msm" ? "\"pallas\"" : "null", n, t, m, m * 0.99, m * 1.01, (t == 1 && s == "prover") ? "thread_cpu" : "wall", extra
        }
        BEGIN {
            split("100 50 40 40", M, " "); split("1 2 4 8", TH, " ")
            for (b = 1; b <= 2; b++) {
                be = b == 1 ? "portable" : "x86_64-asm"; f = b == 1 ? 2 : 1
                for (i = 1; i <= 4; i++) row("msm", "var", be, 2049, TH[i], M[i] * 1e6 * f, "")
                for (t = 1; t <= 2; t++) {
                    d = (odd != "" && b == 1 && t == 2) ? odd : "dd11"
                    row("prover", "plonk_k11", be, 2048, t, (t == 1 ? 1000 : 600) * 1e6 * f, ",\"actions\":1,\"digest\":\"" d "\"")
                    row("prover", "plonk_k11/advice", be, 2048, t, (t == 1 ? 500 : 250) * 1e6 * f, ",\"actions\":1")
                    row("prover", "plonk_k11/lookups", be, 2048, t, 1e4, ",\"actions\":1")
                    row("prover", "plonk_k11/ipa", be, 2048, t, (t == 1 ? 490 : 340) * 1e6 * f, ",\"actions\":1")
                    row("prover", "plonk_k11/verify", be, 2048, t, 5e6, ",\"actions\":1")
                }
            }
        }' > "$1/raw.jsonl"
}
mkscal "$T/scal"
bench/scaling.sh --analyse "$T/scal" --json "$T/scal.jsonl" --csv "$T/scal.csv" > "$T/scal.out"
swant() { grep -qF -- "$1" "$T/scal/tables.md" || { cat "$T/scal/tables.md" >&2; echo "scaling: no line with: $1" >&2; exit 1; }; }
swant "Host: Test CPU, 2 cores, 4 logical CPUs, 2 thread(s) per core. OpenMP: OMP_NUM_THREADS=(unset) OMP_PROC_BIND=close"
swant "OMP_WAIT_POLICY=passive"
swant "| msm var n=2049 | 1 | 200.00 ms (198.00 ms, 202.00 ms) | 1.00 (0.98–1.02) | 100% (98–102%) |"
swant "| msm var n=2049 | 2 | 50.00 ms (49.50 ms, 50.50 ms) | 2.00 (1.96–2.04) | 100% (98–102%) |"
swant "| msm var n=2049 | 4 * | 40.00 ms (39.60 ms, 40.40 ms) | 2.50 (2.45–2.55) | 62% (61–64%) |"
swant "| msm var n=2049 | 8 ! | 40.00 ms"
swant "| plonk_k11 | 1 | 1.000 s (990.00 ms, 1.010 s) cpu | 1.00 (0.98–1.02) | 100% (98–102%) |"
swant "| plonk_k11 | 2 | 600.00 ms (594.00 ms, 606.00 ms) | 1.67 (1.63–1.70) | 83% (82–85%) |"
swant "| advice | 500.00 ms | 50.0% | 100% (2.00) |"
swant "| lookups | 10.0 us | 0.0% | - |"
swant "| ipa | 490.00 ms | 49.0% | 72% (1.44) |"
swant "Lowest efficiency at 2 threads: ipa (72% efficiency, 49.0% of the 1-thread time)."
swant "| msm var n=2049 | 2.00x | 2.00x | 2.00x | 2.00x |"
# per variant: msm 4 points, plonk 2 x (total + 3 phases): 12; two variants
[ "$(grep -c '"suite":"scaling"' "$T/scal.jsonl")" -eq 24 ] || { echo "scaling: expected 24 JSON lines" >&2; exit 1; }
[ "$(wc -l < "$T/scal.csv")" -eq 25 ] || { echo "scaling: expected 25 CSV lines" >&2; exit 1; }
grep -q '"name":"msm var n=2049","phase":null,"variant":"asm/x86_64-asm","config":"asm","backend":"x86_64-asm","threads":8,"cores":2,"cpus":4,"oversubscribed":true,"smt":false,.*"speedup":2.5000,' "$T/scal.jsonl" ||
    { echo "scaling: JSON line of msm at 8 threads not as expected" >&2; exit 1; }
grep -q '"name":"plonk_k11","phase":"ipa",.*"threads":2,.*"efficiency":0.7206,' "$T/scal.jsonl" ||
    { echo "scaling: JSON line of the ipa phase not as expected" >&2; exit 1; }
for f in speedup-asm_portable speedup-asm_x86_64-asm phases-asm_x86_64-asm-plonk_k11 asm-vs-portable; do
    for e in png svg; do [ -s "$T/scal/plots/$f.$e" ] || { echo "scaling: plot $f.$e missing" >&2; exit 1; }; done
done
# model rows (bench/model.sh) at 8 threads: marked "model", not oversubscribed
mkscal "$T/scalm"
for nm in plonk_k11 plonk_k11/advice plonk_k11/lookups plonk_k11/ipa; do
    m=$([ "$nm" = plonk_k11 ] && echo 2.5e8 || echo 1e8)
    printf '{"suite":"prover","name":"%s","backend":"x86_64-asm","field":null,"n":2048,"threads":8,"median_ns":%s,"lo_ns":%s,"hi_ns":%s,"samples":5,"clock":"model","cpu":"Test CPU","config":"asm","actions":1%s,"model":true}\n' \
        "$nm" "$m" "$m" "$m" "$([ "$nm" = plonk_k11 ] && echo ',"digest":"dd11"')" >> "$T/scalm/raw.jsonl"
done
bench/scaling.sh --analyse "$T/scalm" --json "$T/scalm.jsonl" > "$T/scalm.out"
grep -qF "| plonk_k11 | 8 | 250.00 ms (250.00 ms, 250.00 ms) model | 4.00" "$T/scalm/tables.md" ||
    { cat "$T/scalm/tables.md" >&2; echo "scaling: no model row" >&2; exit 1; }
grep -q '"name":"plonk_k11","phase":null,"variant":"asm/x86_64-asm",.*"threads":8,.*"oversubscribed":false,"smt":false,"model":true,' "$T/scalm.jsonl" ||
    { echo "scaling: JSON line of the model row not as expected" >&2; exit 1; }
# a proof that differs between thread counts fails the analysis
mkscal "$T/scalbad" ee22
if bench/scaling.sh --analyse "$T/scalbad" > "$T/scalbad.out" 2>&1; then echo "scaling accepted a digest mismatch" >&2; exit 1; fi
grep -q "DIGEST MISMATCH plonk_k11: dd11 at asm/portable threads 1, ee22 at asm/portable threads 2" "$T/scalbad.out" ||
    { cat "$T/scalbad.out" >&2; exit 1; }
if [ -n "$SCALING_BUILD" ]; then
    bench/scaling.sh --quick --build-dir "$SCALING_BUILD" --out "$T/scalq" > "$T/scalq.out" 2>&1 ||
        { cat "$T/scalq.out" >&2; echo "scaling --quick failed" >&2; exit 1; }
    grep -q "scaling --quick: PASS" "$T/scalq.out" || { cat "$T/scalq.out" >&2; exit 1; }
    grep -c '"suite":"scaling"' "$T/scalq/scaling.jsonl" | sed 's/^/scaling --quick: JSON lines: /'
else
    echo "test-bench-tools: scaling --quick skipped (no --scaling-build DIR)"
fi
echo "test-bench-tools: PASS"
