#!/bin/bash
# The main job (issues 12, 18): three field-backend configurations, each a separate
# executable, compared the seed's way on the field kernels and end to end, in paired
# rounds, each ratio with its 95% confidence interval.
#
#   bench/main_job.sh [--quick|--full] [--out DIR] [--json FILE] [--csv FILE] [--md FILE]
#                     [--configs "portable asm-mul asm"] [--no-build] [--no-kernels]
#                     [--no-e2e] [--rounds N] [--kernel-rounds N] [--callgrind]
#                     [--model-cmd CMD] [--hosts DIR] [--record] [--no-ifma]
#   bench/main_job.sh --analyse DIR [--json FILE] [--csv FILE] [--md FILE] [--hosts DIR]
#                     [--record]   (the analysis alone, on the samples a run left in DIR)
#
# Configurations (CMake, Release, one build directory each, $BUILD_PREFIX-NAME, default
# build-main-NAME; CC and CMAKE_FLAGS honoured; a build is reused when up to date):
#   portable  -DPASTA_X86_64_ASM=OFF                       records of backend portable
#   asm-mul   -DPASTA_ASM_KERNELS="mul;square"             asm mul/square, portable
#                                                          add/sub/double: the seed's control
#   asm       -DPASTA_ASM_KERNELS="add;sub;double;mul;square"   the seed's candidate
#   asm-K+K.. any other subset of the asm kernels
#   ifma      no build: the asm build's executables with backend x86_64-ifma (the array
#             operations on AVX-512 IFMA); added after asm when the asm build can run it
#             (probed once: pasta_bench --backend x86_64-ifma; IFMA=0 or --no-ifma: not),
#             else one line says it was skipped. Compared with asm only, in the first
#             $IFMA_ROUNDS rounds (quick 6, full all): kernels vec_add vec_sub vec_mul
#             vec_scale vec_mul_add vec_inner_product (ns per element, pasta_bench field
#             rows; on $VEC_FIELDS: quick fp, full fp fq), end to end and the model as the
#             others (IFMA_MODEL=0: no model); callgrind n/a (valgrind 3.19 cannot run
#             AVX-512).
# The last configuration other than ifma is the candidate, compared with each other one.
# Each executable must report its configuration (pasta_bench --version, prover_bench rounds); sha256s printed.
#
# Paired rounds. A round runs every configuration twice, C1..Cm Cm..C1 (portable asm-mul
# asm asm asm-mul portable), one sample each: every control-candidate pair runs
# control-candidate-candidate-control (A B B A) within seconds, so a linear drift cancels
# in the round's ratio r = (control a + control b) / (candidate a + candidate b). Over n
# rounds the speed-up r - 1 is the Hodges-Lehmann estimate of the ln r, with the exact
# distribution-free 95% interval of the Wilcoxon signed-rank test (order statistics of
# the Walsh averages; bench/pasta_stats.c; deterministic: no resampling), printed
# "x.x% faster [lo, hi]" (negative: "slower", the bounds in the same sense). Needs >= 6
# rounds; from 12 one wild round (a neighbour preempting a sample) on either side leaves
# the bounds alone (the n Walsh averages it touches are fewer than the C - 1 cut off),
# from 30 four. Beside it: the per-round sd of ln r, its robust value (1.4826 MAD) and the
# rounds a half-width of $TARGET percent needs at that robust sd.
#   1. kernels: one sample = one pasta_bench --suite field run of add sub double mul
#      square on fp and fq (its medians); $KERNEL_ROUNDS rounds (default 12). quick: each
#      run --warmup 0.02 --measure 0.05 --samples 10; full: the seed's 2 s / 8 s / 100
#      samples per configuration and kernel, split over the 2 x 12 runs (each 0.083 s /
#      0.333 s / 5 samples).
#   2. end to end: one `prover_bench rounds` process per configuration (keys built once;
#      its setup time is printed), asked for one proof of orchard_k11 per sample (1 thread:
#      the thread's CPU time, more: wall), per point actions $ACTIONS (1,4) x threads
#      $THREADS (1,8); thread counts above the cores are not measured (unless
#      OVERSUBSCRIBE=1): their column shows the model (--model-cmd) or "model: n/a".
#      quick: 1 warm-up proof per point, $ROUNDS rounds (default 12); full: 2 s warm-up
#      per point, $ROUNDS rounds (default 30) and at least 15 s of samples per
#      configuration and point (10 samples at least). ADAPT=1 (full's default; quick: 0):
#      then, per 1-thread point, 10 rounds more at a time while the candidate's interval
#      against asm-mul (the seed's control; else the first other configuration) is wider
#      than +-$TARGET percent, up to MAX_ROUNDS (300) rounds; those extra rounds run the
#      candidate and that control only (the other configurations keep the planned rounds),
#      and ifma takes part in the first $IFMA_ROUNDS only. (A rule on the interval's width,
#      not on its position.) The digests must be the same bytes in every sample of every
#      configuration: else exit 1.
#   --callgrind: the instructions of one proof (orchard_k11, 1 action, 1 thread, the
#      prover's halo2_create_proof only) per configuration under valgrind --tool=callgrind
#      (noise-free; the three run in parallel: ~3-4 min on 2 idle cores, most of it
#      valgrind's params and keygen, not counted); the executables must hold no AVX-512.
#   --model-cmd CMD: run with bash -c after the rounds, in paired rounds of its own (2, 6
#      in full mode): per round once per configuration, C1..Cm then Cm..C1 the next round,
#      each line one sample (default: the thread model, bench/model.sh, one traced proof
#      per point and call; an interval from 6 rounds); "" for none;
#      environment
#      PASTA_BUILD_DIR, PASTA_BENCH_CONFIG, PASTA_BENCH_BACKEND, PASTA_ACTIONS,
#      PASTA_MODEL_THREADS (the unmeasured thread counts), PASTA_MODEL_SAMPLES, PASTA_MODEL_JSON: the file it
#      appends JSON lines to); its lines of suite prover, name orchard_k11 with
#      "model":true, actions, threads and median_ns give the modelled column.
# Output: the host (lscpu model name), cores, load; per comparison the seed's tables
# `Host | Kernel | Fp | Fq` and `Host | 1 thread | 8 threads | instructions`, one row per
# host recorded in $HOSTS_DIR (default bench/hosts; the latest run of each CPU model, with
# its date, commit, mode, compiler and 1-minute load average at the start) plus this run; detail tables of this run (absolute times,
# rounds, sd, rounds needed). Files (DIR default bench-results/main-STAMP): samples.tsv
# (every sample), configs.tsv, meta.txt, runs/ (pasta_bench's lines), logs/,
# compare.jsonl (suite main_job, one line per compared row: ratio, ratio_lo, ratio_hi,
# speedup_pct; "model":true on modelled rows), prover.jsonl (suite prover, name
# orchard_k11, per configuration and point), compare.csv, tables.md. --json FILE gets
# runs/, prover.jsonl and compare.jsonl appended, --csv / --md FILE a copy. --record
# appends this run's compare lines to $HOSTS_DIR/<cpu-model-slug>.jsonl (commit that
# file: record `make bench-full` runs). bash + awk (no python on a minimal Debian).
set -euo pipefail

cd "$(dirname "$0")/.."
MODE=quick
OUT=""
JSON=""
CSV=""
MD=""
CONFIGS="portable asm-mul asm"
BUILD=1
DO_KERNELS=1
DO_E2E=1
DO_CALLGRIND=0
RECORD=0
ANALYSE=""
# The default model command: bench/model.sh (docs/PARALLEL.md) per action count, on the
# configuration's build, at the unmeasured thread counts; --model-cmd "" turns it off.
DEFAULT_MODEL_CMD='for a in ${PASTA_ACTIONS//,/ }; do bench/model.sh --build-dir "$PASTA_BUILD_DIR" --circuit orchard_k11 --actions "$a" --backend "$PASTA_BENCH_BACKEND" --threads "$PASTA_MODEL_THREADS" --samples "$PASTA_MODEL_SAMPLES" >> "$PASTA_MODEL_JSON" || exit 1; done'
MODEL_CMD=${PASTA_MODEL_CMD-$DEFAULT_MODEL_CMD}
HOSTS_DIR=${HOSTS_DIR:-bench/hosts}
BUILD_PREFIX=${BUILD_PREFIX:-build-main}
OPS="add sub double mul square"
FIELDS="fp fq"
ACTIONS=${ACTIONS:-1,4}
THREADS=${THREADS:-1,8}
OVERSUBSCRIBE=${OVERSUBSCRIBE:-0}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
ROUNDS=${ROUNDS:-}
KERNEL_ROUNDS=${KERNEL_ROUNDS:-12}
IFMA=${IFMA:-1}
IFMA_MODEL=${IFMA_MODEL:-1}
IFMA_ROUNDS=${IFMA_ROUNDS:-}
PIN=${PIN:-1}
ADAPT=${ADAPT:-}
MAX_ROUNDS=${MAX_ROUNDS:-300}
VEC_OPS="vec_add vec_sub vec_mul vec_scale vec_mul_add vec_inner_product"

while [ $# -gt 0 ]; do
    case "$1" in
        --quick) MODE=quick ;;
        --full) MODE=full ;;
        --out) OUT=${2:?--out needs a directory}; shift ;;
        --json) JSON=${2:?--json needs a file}; shift ;;
        --csv) CSV=${2:?--csv needs a file}; shift ;;
        --md) MD=${2:?--md needs a file}; shift ;;
        --configs) CONFIGS=${2:?}; shift ;;
        --no-build) BUILD=0 ;;
        --no-kernels) DO_KERNELS=0 ;;
        --no-e2e) DO_E2E=0 ;;
        --rounds) ROUNDS=${2:?}; shift ;;
        --kernel-rounds) KERNEL_ROUNDS=${2:?}; shift ;;
        --callgrind) DO_CALLGRIND=1 ;;
        --model-cmd) MODEL_CMD=${2?--model-cmd needs a command or ""}; shift ;;
        --hosts) HOSTS_DIR=${2:?}; shift ;;
        --record) RECORD=1 ;;
        --no-ifma) IFMA=0 ;;
        --analyse) ANALYSE=${2:?--analyse needs a directory}; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "main_job: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

if [ "$MODE" = full ]; then
    # the seed's 2 s / 8 s / 100 samples per configuration and kernel, over 2 x rounds runs
    KERNEL_ARGS=${KERNEL_ARGS:-$(awk -v r="$KERNEL_ROUNDS" 'BEGIN { printf "--warmup %.3f --measure %.3f --samples %d", 2 / (2 * r), 8 / (2 * r), int((100 + 2 * r - 1) / (2 * r)) }')}
    ROUNDS=${ROUNDS:-30}
    PROVER_WARMUP=${PROVER_WARMUP:-2}
    MIN_MEASURE_S=15
    TARGET=${TARGET:-0.75}
    ADAPT=${ADAPT:-1}
    IFMA_ROUNDS=${IFMA_ROUNDS:-$ROUNDS}
    VEC_FIELDS=${VEC_FIELDS:-fp fq}
else
    KERNEL_ARGS=${KERNEL_ARGS:---warmup 0.02 --measure 0.05 --samples 10}
    ROUNDS=${ROUNDS:-12}
    PROVER_WARMUP=${PROVER_WARMUP:-0.001}
    MIN_MEASURE_S=0
    TARGET=${TARGET:-1.5}
    ADAPT=${ADAPT:-0}
    IFMA_ROUNDS=${IFMA_ROUNDS:-6}
    VEC_FIELDS=${VEC_FIELDS:-fp}   # fq runs the same code (other constants)
fi

host_cpu() { scripts/host-cpu.sh; }
slug() { echo "$1" | tr 'A-Z' 'a-z' | sed 's/([^)]*)//g; s/[^a-z0-9]\{1,\}/-/g; s/^-//; s/-$//'; }
load1() { cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo -; }
backend_of() { case "$1" in portable) echo portable ;; ifma) echo x86_64-ifma ;; *) echo x86_64-asm ;; esac; }
conf_of() { [ "$1" = ifma ] && echo asm || echo "$1"; }   # the build a configuration runs
# "control:candidate" per comparison, in the job's order: each configuration with the
# candidate (the last one other than ifma), then asm with ifma
pairs_of() { # configs
    local c cand="" p=""
    for c in $1; do [ "$c" = ifma ] || cand=$c; done
    for c in $1; do [ "$c" = ifma ] || [ "$c" = "$cand" ] || p="$p${p:+ }$c:$cand"; done
    case " $1 " in *" ifma "*) p="$p${p:+ }asm:ifma" ;; esac
    echo "$p"
}

cmake_flags_of() { # config name -> CMake flags
    case "$1" in
        portable) echo "-DPASTA_X86_64_ASM=OFF" ;;
        asm) echo "-DPASTA_X86_64_ASM=ON -DPASTA_ASM_KERNELS=add;sub;double;mul;square" ;;
        asm-mul) echo "-DPASTA_X86_64_ASM=ON -DPASTA_ASM_KERNELS=mul;square" ;;
        asm-none) echo "-DPASTA_X86_64_ASM=ON -DPASTA_ASM_KERNELS=" ;;
        ifma) cmake_flags_of asm ;;
        asm-*) local k=${1#asm-}; echo "-DPASTA_X86_64_ASM=ON -DPASTA_ASM_KERNELS=${k//+/;}" ;;
        *) echo "main_job: unknown configuration $1" >&2; return 1 ;;
    esac
}

meta() { # DIR KEY -> value from DIR/meta.txt
    awk -v k="$2" 'index($0, k "=") == 1 { print substr($0, length(k) + 2); exit }' "$1/meta.txt"
}

# The statistics helper: $PASTA_STATS, else the candidate build's, else compiled here.
stats_tool() { # DIR
    if [ -n "${PASTA_STATS:-}" ]; then echo "$PASTA_STATS"; return; fi
    local c
    for c in $(meta "$1" configs); do :; done
    c=$(conf_of "$c")
    if [ -x "$BUILD_PREFIX-$c/bench/pasta_stats" ]; then echo "$BUILD_PREFIX-$c/bench/pasta_stats"; return; fi
    "${CC:-cc}" -std=c17 -O2 bench/pasta_stats.c -lm -o "$1/pasta_stats" >&2 || return 1
    echo "$1/pasta_stats"
}

# ------------------------------------------------------------------ analysis (awk)
# Common awk functions: flat-JSON field access, formatting.
AWK_LIB='
function get(line, key,    i, s, v, c) {   # value of "key" in a flat JSON line, "" if absent
    i = index(line, "\"" key "\":")
    if (!i) return ""
    s = substr(line, i + length(key) + 3)
    sub(/^[ \t]*/, "", s)
    if (substr(s, 1, 1) == "\"") {
        v = ""
        for (i = 2; i <= length(s); i++) {
            c = substr(s, i, 1)
            if (c == "\\") { i++; v = v substr(s, i, 1); continue }
            if (c == "\"") break
            v = v c
        }
        return v
    }
    match(s, /^[^,}]*/)
    v = substr(s, 1, RLENGTH); gsub(/[ \t]/, "", v)
    return v == "null" ? "" : v
}
function jstr(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
function jnum(x) { return x == "" || x == "nan" || x == "-nan" ? "null" : sprintf("%.6g", x) }
function ns(x) {   # absolute time, readable unit
    x += 0
    if (x >= 1e8) return sprintf("%.3f s", x / 1e9)
    if (x >= 1e5) return sprintf("%.2f ms", x / 1e6)
    if (x >= 1e3) return sprintf("%.2f us", x / 1e3)
    return sprintf("%.2f ns", x)
}
function word(p) { return sprintf("%.1f%% %s", p < 0 ? -p : p, p < 0 ? "slower" : "faster") }
function ci(p, lo, hi) {   # "x.x% faster [lo, hi]"; slower: the bounds as slowdowns
    if (lo == "" || hi == "") return word(p) " [n/a: < 6 rounds]"
    if (p < 0) return word(p) sprintf(" [%.1f, %.1f]", -hi, -lo)
    return word(p) sprintf(" [%.1f, %.1f]", lo, hi)
}
'

# Stage 1: samples.tsv -> pairs (KEY control candidate per round), keys.tsv, prover.jsonl;
# digest check. Stage 2: pasta_stats. Stage 3: compare.jsonl / compare.csv. Stage 4: the
# tables, from the host files and compare.jsonl.
analyse() {
    local dir=$1 st
    [ -s "$dir/samples.tsv" ] || [ -s "$dir/callgrind.tsv" ] || [ -s "$dir/model.jsonl" ] ||
        { echo "main_job: no samples in $dir" >&2; return 1; }
    touch "$dir/samples.tsv" "$dir/callgrind.tsv" "$dir/model.jsonl"
    awk -F'\t' -v configs="$(meta "$dir" configs)" -v pairs="$dir/pairs.txt" -v cmp="$(pairs_of "$(meta "$dir" configs)")" -v keys="$dir/keys.tsv" \
        -v pj="$dir/prover.jsonl" -v cpu="$(meta "$dir" cpu)" "$AWK_LIB"'
function med(list,    n, v, i, j, t) {   # median of a space-separated list
    n = split(list, v, " ")
    for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j] + 0 < v[j - 1] + 0; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
    return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}
BEGIN { m = split(configs, CF, " "); ncmp = split(cmp, PR, " "); printf "" > pairs; printf "" > keys; printf "" > pj }
FNR == NR { sha[$1] = $3; psha[$1] = $4; be[$1] = $2; next }   # configs.tsv
/^#/ { next }
{   # phase round slot config backend workload field threads value digest [bytes]
    ph = $1; r = $2 + 0; c = $4; w = $6; f = $7; t = $8 + 0; v = $9
    p = ph SUBSEP w SUBSEP f SUBSEP t
    if (!(p in seen)) { seen[p] = 1; order[++np] = p }
    sum[p, c, r] += v; cnt[p, c, r]++; all[p, c] = all[p, c] " " v; nall[p, c]++
    if (r > nr[p]) nr[p] = r
    if ($10 != "" && $10 != "-") {
        if (!(p in dig)) { dig[p] = $10; dslot[p] = c " round " r }
        else if (dig[p] != $10) {
            printf "main_job: DIGEST MISMATCH %s threads %d: %s round %d: %s, %s: %s\n", w, t, c, r, $10, dslot[p], dig[p] > "/dev/stderr"
            mismatch = 1
        }
        bytes[p] = $11
    }
}
END {
    if (mismatch) exit 1
    nk = 0
    for (i = 1; i <= np; i++) {
        split(order[i], K, SUBSEP)
        for (j = 1; j <= ncmp; j++) {   # control:candidate
            split(PR[j], PC, ":"); ctl = PC[1]; cand = PC[2]; key = "k" (++nk); got = 0
            for (r = 1; r <= nr[order[i]]; r++)
                if (cnt[order[i], ctl, r] && cnt[order[i], cand, r]) {
                    printf "%s %.9g %.9g\n", key, sum[order[i], ctl, r] / cnt[order[i], ctl, r], sum[order[i], cand, r] / cnt[order[i], cand, r] >> pairs
                    got++
                }
            if (!got) { nk--; continue }
            printf "%s\t%s\t%s\t%s\t%d\t%s\t%s\t%.9g\t%.9g\t%d\t%d\t%s\n", key, K[1], K[2], K[3], K[4], ctl, cand,
                med(all[order[i], ctl]), med(all[order[i], cand]), nall[order[i], ctl], nall[order[i], cand],
                (order[i] in dig) ? dig[order[i]] : "-" >> keys
        }
        if (K[1] != "e2e" && K[1] != "model") continue
        mdl = K[1] == "model"
        for (j = 1; j <= m; j++) {   # suite prover rows, per configuration
            c = CF[j]; if (!nall[order[i], c]) continue
            n = split(all[order[i], c], V, " "); lo = V[1]; hi = V[1]
            for (x = 2; x <= n; x++) { if (V[x] + 0 < lo + 0) lo = V[x]; if (V[x] + 0 > hi + 0) hi = V[x] }
            a = K[2]; sub(/^orchard_k11 /, "", a); sub(/ action.*/, "", a)
            printf "{\"suite\":\"prover\",\"name\":\"orchard_k11\",\"backend\":%s,\"field\":null,\"n\":2048,\"threads\":%d,\"median_ns\":%.6g,\"lo_ns\":%.6g,\"hi_ns\":%.6g,\"samples\":%d,\"clock\":\"%s\",\"cpu\":%s,\"config\":%s,\"binary_sha256\":%s,\"actions\":%d,\"digest\":%s,\"proof_bytes\":%d,\"paired_rounds\":true%s}\n",
                jstr(be[c]), K[4], med(all[order[i], c]), lo, hi, n, mdl ? "model" : K[4] == 1 ? "thread_cpu" : "wall", jstr(cpu), jstr(c),
                jstr(psha[c]), a, jstr(dig[order[i]]), bytes[order[i]] + 0, mdl ? ",\"model\":true" : "" >> pj
        }
    }
}' "$dir/configs.tsv" "$dir/samples.tsv" || { echo "main_job: DIGEST MISMATCH between samples (see above)" >&2; return 1; }
    st=$(stats_tool "$dir") || return 1
    "$st" ci --target "$(meta "$dir" target)" < "$dir/pairs.txt" > "$dir/stats.txt"
    # stage 3
    awk -F'\t' -v meta="$(cat "$dir/meta.txt")" -v json="$dir/compare.jsonl" -v csv="$dir/compare.csv" \
        -v configs="$(meta "$dir" configs)" -v cmp="$(pairs_of "$(meta "$dir" configs)")" "$AWK_LIB"'
BEGIN {
    n = split(meta, ML, "\n")
    for (i = 1; i <= n; i++) { e = index(ML[i], "="); if (e) M[substr(ML[i], 1, e - 1)] = substr(ML[i], e + 1) }
    ncmp = split(cmp, PR, " ")
    common = sprintf("\"cores\":%d,\"cpu\":%s,\"mode\":%s,\"date\":%s,\"commit\":%s,\"compiler\":%s,\"load_start\":%s,\"load_end\":%s,\"run\":%s",
        M["cores"], jstr(M["cpu"]), jstr(M["mode"]), jstr(M["date"]), jstr(M["commit"]), jstr(M["compiler"]),
        jnum(M["load_start"]), jnum(M["load_end"]), jstr(M["run"]))
    printf "" > json
    print "phase,workload,field,threads,control_config,candidate_config,control_ns,candidate_ns,rounds,speedup_pct,ci_lo_pct,ci_hi_pct,sd_pct,rsd_pct,rounds_for_target,model,host" > csv
}
FILENAME ~ /configs.tsv$/ { sha[$1] = $3; psha[$1] = $4; be[$1] = $2; next }
FILENAME ~ /stats.txt$/ { split($0, S, " "); st[S[1]] = $0; next }
FILENAME ~ /callgrind.tsv$/ { ir[$1] = $2; next }   # config instructions
FILENAME ~ /model.jsonl$/ {
    if (get($0, "model") != "true" || get($0, "suite") != "prover" || get($0, "name") != "orchard_k11") next
    a = get($0, "actions") + 0; w = "orchard_k11 " a " action" (a == 1 ? "" : "s")
    mt[get($0, "config"), w, get($0, "threads") + 0] = get($0, "median_ns")
    if (!((w, get($0, "threads") + 0) in mseen)) { mseen[w, get($0, "threads") + 0] = 1; mo[++nm] = w SUBSEP (get($0, "threads") + 0) }
    next
}
{   # keys.tsv: key phase workload field threads ctl cand ctl_med cand_med ctl_n cand_n digest
    if (!($1 in st)) next
    split(st[$1], S, " ")   # key n est lo hi sd rsd need
    lo = S[4] == "nan" ? "" : S[4]; hi = S[5] == "nan" ? "" : S[5]
    mdl = $2 == "model"   # the thread model, paired samples: an e2e row, "model":true
    ov = !mdl && $5 + 0 > M["cores"] + 0
    printf "{\"suite\":\"main_job\",\"phase\":%s,\"name\":%s,\"field\":%s,\"threads\":%d,\"backend\":%s,\"config\":%s,\"control_config\":%s,\"median_ns\":%.6g,\"control_median_ns\":%.6g,\"samples\":%d,\"control_samples\":%d,\"rounds\":%d,\"speedup_pct\":%.3f,\"ratio\":%.6f,\"ratio_lo\":%s,\"ratio_hi\":%s,\"ci_level\":0.95,\"sd_pct\":%s,\"rsd_pct\":%s,\"target_pct\":%s,\"rounds_for_target\":%d,\"oversubscribed\":%s,\"binary_sha256\":%s,\"control_sha256\":%s%s,%s}\n",
        jstr(mdl ? "e2e" : $2), jstr($3), $4 == "-" ? "null" : jstr($4), $5, jstr(be[$7]), jstr($7), jstr($6), $9, $8, $11, $10, S[2],
        S[3], 1 + S[3] / 100, lo == "" ? "null" : sprintf("%.6f", 1 + lo / 100), hi == "" ? "null" : sprintf("%.6f", 1 + hi / 100),
        jnum(S[6]), jnum(S[7]), M["target"], S[8], ov ? "true" : "false", jstr(sha[$7]), jstr(sha[$6]),
        ($12 == "-" ? "" : ",\"digest\":" jstr($12)) (mdl ? ",\"model\":true" : ""), common >> json
    printf "%s,%s,%s,%d,%s,%s,%.6g,%.6g,%d,%.3f,%s,%s,%s,%s,%d,%d,\"%s\"\n", mdl ? "e2e" : $2, $3, $4, $5, $6, $7, $8, $9, S[2], S[3], lo, hi, S[6], S[7], S[8], mdl, M["cpu"] >> csv
}
END {
    for (j = 1; j <= ncmp; j++) {   # control:candidate
        split(PR[j], PC, ":"); ctl = PC[1]; cand = PC[2]
        if ((ctl in ir) && (cand in ir)) {
            r = ir[ctl] / ir[cand]
            printf "{\"suite\":\"main_job\",\"phase\":\"callgrind\",\"name\":\"orchard_k11 1 action\",\"field\":null,\"threads\":1,\"backend\":%s,\"config\":%s,\"control_config\":%s,\"instructions\":%s,\"control_instructions\":%s,\"speedup_pct\":%.3f,\"ratio\":%.6f,\"ratio_lo\":%.6f,\"ratio_hi\":%.6f,\"binary_sha256\":%s,\"control_sha256\":%s,%s}\n",
                jstr(be[cand]), jstr(cand), jstr(ctl), ir[cand], ir[ctl], 100 * (r - 1), r, r, r, jstr(psha[cand]), jstr(psha[ctl]), common >> json
        }
        for (x = 1; x <= nm; x++) {
            split(mo[x], K, SUBSEP)
            if (!((ctl, K[1], K[2]) in mt) || !((cand, K[1], K[2]) in mt)) continue
            r = mt[ctl, K[1], K[2]] / mt[cand, K[1], K[2]]
            printf "{\"suite\":\"main_job\",\"phase\":\"e2e\",\"name\":%s,\"field\":null,\"threads\":%d,\"backend\":%s,\"config\":%s,\"control_config\":%s,\"median_ns\":%.6g,\"control_median_ns\":%.6g,\"speedup_pct\":%.3f,\"ratio\":%.6f,\"ratio_lo\":null,\"ratio_hi\":null,\"model\":true,\"binary_sha256\":%s,\"control_sha256\":%s,%s}\n",
                jstr(K[1]), K[2], jstr(be[cand]), jstr(cand), jstr(ctl), mt[cand, K[1], K[2]], mt[ctl, K[1], K[2]], 100 * (r - 1), r,
                jstr(psha[cand]), jstr(psha[ctl]), common >> json
            printf "e2e,%s,-,%d,%s,%s,%.6g,%.6g,0,%.3f,,,,,0,1,\"%s\"\n", K[1], K[2], ctl, cand, mt[ctl, K[1], K[2]], mt[cand, K[1], K[2]], 100 * (r - 1), M["cpu"] >> csv
        }
    }
}' "$dir/configs.tsv" "$dir/stats.txt" "$dir/callgrind.tsv" "$dir/model.jsonl" "$dir/keys.tsv"
    render "$dir"
}

# Stage 4: the seed's tables (one row per recorded host, latest run per CPU, then this
# run) and this run's detail tables -> DIR/tables.md and stdout.
render() {
    local dir=$1 hostfiles=()
    if [ -d "$HOSTS_DIR" ]; then
        for f in "$HOSTS_DIR"/*.jsonl; do [ -f "$f" ] && hostfiles+=("$f"); done
    fi
    awk -v cur="$dir/compare.jsonl" -v md="$dir/tables.md" -v configs="$(meta "$dir" configs)" -v cmp="$(pairs_of "$(meta "$dir" configs)")" -v vecops="$VEC_OPS" -v currun="$(meta "$dir" run)" \
        -v threads="$(meta "$dir" threads)" -v measured="$(meta "$dir" threads_measured)" \
        -v cores="$(meta "$dir" cores)" -v ops="$OPS" -v fields="$FIELDS" "$AWK_LIB"'
function out(s) { print s; print s > md }
function label(run, cpu, mode,    s) {
    s = RD[run] ", " RC[run] ", " mode ", " RCC[run] (RL[run] == "" ? "" : sprintf(", load %.1f", RL[run]))
    return cpu (run == currun ? " (this run: " : " (") s ")"
}
function cell(run, ctl, w, f, t,    k, s) {
    k = run SUBSEP cand SUBSEP ctl SUBSEP w SUBSEP f SUBSEP t
    if (!(k in P)) return ""
    s = !MOD[k] ? ci(P[k], LO[k], HI[k]) : LO[k] == "" ? word(P[k]) " (model)" : ci(P[k], LO[k], HI[k]) " (model)"
    return s
}
BEGIN {
    # comparisons (control:candidate): those of this run; asm:ifma when a host file has it
    ncmp = split(cmp, PR, " "); for (i = 1; i <= ncmp; i++) incmp[PR[i]] = 1
    if (!("asm:ifma" in incmp)) { PR[++ncmp] = "asm:ifma"; incmp["asm:ifma"] = 1; optional["asm:ifma"] = 1 }
    nops = split(ops, O, " "); nf = split(fields, FL, " "); nt = split(threads, TH, ",")
    split(measured, MS, ","); for (i in MS) ismeas[MS[i] + 0] = 1
    printf "" > md
}
{
    if (get($0, "suite") != "main_job") next
    run = get($0, "run"); if (run == "" || (FILENAME != cur && run == currun)) next
    if (FILENAME != cur) { cpu = get($0, "cpu"); if (!((cpu) in latest) || run > latest[cpu]) latest[cpu] = run }
    cand = get($0, "config"); if (!((get($0, "control_config") ":" cand) in incmp)) next
    HAS[get($0, "control_config") ":" cand] = 1
    RD[run] = get($0, "date"); RC[run] = get($0, "commit"); RCPU[run] = get($0, "cpu"); RM[run] = get($0, "mode")
    RCC[run] = get($0, "compiler"); RL[run] = get($0, "load_start")
    ph = get($0, "phase"); ctl = get($0, "control_config"); w = get($0, "name"); f = get($0, "field"); t = get($0, "threads") + 0
    if (f == "") f = "-"
    k = run SUBSEP cand SUBSEP ctl SUBSEP w SUBSEP f SUBSEP t
    if (ph == "callgrind") { IR[run, cand, ctl] = get($0, "control_instructions"); IK[run, cand, ctl] = get($0, "instructions"); next }
    if ((k in P) && !MOD[k] && get($0, "model") == "true") next   # a real figure wins
    P[k] = get($0, "speedup_pct"); MOD[k] = get($0, "model") == "true"
    LO[k] = get($0, "ratio_lo") == "" ? "" : (get($0, "ratio_lo") - 1) * 100
    HI[k] = get($0, "ratio_hi") == "" ? "" : (get($0, "ratio_hi") - 1) * 100
    CT[k] = get($0, "control_median_ns"); KT[k] = get($0, "median_ns"); OV[k] = get($0, "oversubscribed") == "true"
    if (ph == "e2e" && !((run, w) in wseen)) { wseen[run, w] = 1; WL[run, ++nw[run]] = w }
}
END {
    nr = 0
    for (cpu in latest) runs[++nr] = latest[cpu]
    for (i = 2; i <= nr; i++) for (j = i; j > 1 && RCPU[runs[j]] < RCPU[runs[j - 1]]; j--) { x = runs[j]; runs[j] = runs[j - 1]; runs[j - 1] = x }
    runs[++nr] = currun
    # the candidate with each control, the nearest first (asm-mul, then portable); then
    # ifma with asm (its kernels: the array operations, ns per element)
    nro = 0
    for (i = ncmp; i >= 1; i--) if (PR[i] !~ /:ifma$/) RO[++nro] = PR[i]
    for (i = 1; i <= ncmp; i++) if (PR[i] ~ /:ifma$/ && (!(PR[i] in optional) || (PR[i] in HAS))) RO[++nro] = PR[i]
    for (ci_ = 1; ci_ <= nro; ci_++) {
        split(RO[ci_], PC, ":"); ctl = PC[1]; cand = PC[2]; vec = cand == "ifma"
        if (vec) { nk = split(vecops, KO, " ") } else { nk = nops; for (a = 1; a <= nops; a++) KO[a] = O[a] }
        if (vec) anyvec = 1
        if (vec) out(sprintf("\n### %s vs %s: array operations (speed-up [95%% interval over paired rounds], control → candidate ns/element)\n", cand, ctl))
        else out(sprintf("\n### %s vs %s: field kernels (speed-up [95%% interval over paired rounds], control → candidate ns/op)\n", cand, ctl))
        hdr = "| Host | " (vec ? "Operation" : "Kernel") " |"; sep = "|---|---|"
        for (b = 1; b <= nf; b++) { hdr = hdr " " toupper(substr(FL[b], 1, 1)) substr(FL[b], 2) " |"; sep = sep "---|" }
        out(hdr); out(sep)
        for (x = 1; x <= nr; x++) {
            run = runs[x]; any = 0
            for (a = 1; a <= nk; a++) for (b = 1; b <= nf; b++) if ((run, cand, ctl, KO[a], FL[b], 1) in P) any = 1
            if (!any) continue
            for (a = 1; a <= nk; a++) {
                row = "| " label(run, RCPU[run], RM[run]) " | " KO[a] " |"
                for (b = 1; b <= nf; b++) {
                    k = run SUBSEP cand SUBSEP ctl SUBSEP KO[a] SUBSEP FL[b] SUBSEP 1
                    row = row ((k in P) ? " " cell(run, ctl, KO[a], FL[b], 1) " (" ns(CT[k]) " → " ns(KT[k]) ") |" : " - |")
                }
                out(row)
            }
        }
        out(sprintf("\n### %s vs %s: end to end, orchard_k11 (speed-up [95%% interval over paired rounds]; 1 thread: thread CPU time)\n", cand, ctl))
        hdr = "| Host |"; sep = "|---|"
        for (j = 1; j <= nt; j++) { hdr = hdr sprintf(" %d thread%s |", TH[j], TH[j] == 1 ? "" : "s"); sep = sep "---|" }
        out(hdr " instructions, 1 proof of 1 action (callgrind) |"); out(sep "---|")
        for (x = 1; x <= nr; x++) {
            run = runs[x]; row = "| " label(run, RCPU[run], RM[run]) " |"; any = 0
            for (j = 1; j <= nt; j++) {
                t = TH[j] + 0; s = ""
                for (y = 1; y <= nw[run]; y++) {
                    w = WL[run, y]; k = run SUBSEP cand SUBSEP ctl SUBSEP w SUBSEP "-" SUBSEP t
                    if (!(k in P)) continue
                    lab = w; sub(/^orchard_k11 /, "", lab)
                    s = s (s == "" ? "" : "; ") cell(run, ctl, w, "-", t) " (" lab (OV[k] ? ", oversubscribed" : "") ")"
                    any = 1
                }
                if (s == "") s = t > 1 && !(run == currun && (t in ismeas)) ? "model: n/a" : "-"
                row = row " " s " |"
            }
            if ((run, cand, ctl) in IR) {
                r = IR[run, cand, ctl] / IK[run, cand, ctl]; any = 1
                row = row sprintf(" %.1f%% %s (%.4g → %.4g G) |", 100 * (r >= 1 ? 1 - 1 / r : 1 / r - 1), r >= 1 ? "fewer" : "more",
                                  IR[run, cand, ctl] / 1e9, IK[run, cand, ctl] / 1e9)
            } else row = row (vec ? " n/a: valgrind 3.19 cannot run AVX-512 |" : " - |")
            if (any) out(row)
        }
    }
    out("\nHost rows: the latest recorded run of each CPU model (bench/hosts/) and this run; \"model\": the thread model`s prediction (from one traced proof per build and round, paired as the measured rounds; interval from 6 rounds, none in older runs); \"model: n/a\": more threads than cores and no model.")
    if (anyvec) out("Array operations (ifma vs asm): Fp and Fq in full mode; quick mode runs Fp only (Fq: the same code, other constants).")
}' "${hostfiles[@]}" "$dir/compare.jsonl"
    # this run: detail tables
    awk -v md="$dir/tables.md" "$AWK_LIB"'
function out(s) { print s; print s >> md }
get($0, "suite") == "main_job" && get($0, "phase") != "callgrind" && (get($0, "model") != "true" || get($0, "rounds") != "") {
    if (!hdr) {
        out("\n#### This run: every compared row (times: medians over all samples; rounds n; sd, rsd: per-round sd of ln(ratio) and 1.4826 MAD, %; need: rounds for a half-width of " get($0, "target_pct") "% at rsd)\n")
        out("| Phase | Workload | Field | Threads | control | candidate | control time | candidate time | speed-up [95%] | rounds | sd | rsd | need |")
        out("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        hdr = 1
    }
    lo = get($0, "ratio_lo"); hi = get($0, "ratio_hi")
    out(sprintf("| %s | %s | %s | %d%s | %s | %s | %s | %s | %s | %d | %.2f | %.2f | %d |", get($0, "phase") (get($0, "model") == "true" ? " (model)" : ""), get($0, "name"),
        get($0, "field") == "" ? "-" : get($0, "field"), get($0, "threads"), get($0, "oversubscribed") == "true" ? " (oversubscribed)" : "",
        get($0, "control_config"), get($0, "config"), ns(get($0, "control_median_ns")), ns(get($0, "median_ns")),
        ci(get($0, "speedup_pct"), lo == "" ? "" : (lo - 1) * 100, hi == "" ? "" : (hi - 1) * 100), get($0, "rounds"),
        get($0, "sd_pct"), get($0, "rsd_pct"), get($0, "rounds_for_target")))
}' "$dir/compare.jsonl"
}

record() { # DIR: append its compare lines to the host file of its CPU model
    local dir=$1 f
    f=$HOSTS_DIR/$(slug "$(meta "$dir" cpu)").jsonl
    mkdir -p "$HOSTS_DIR"
    if [ -f "$f" ] && grep -qF "\"run\":\"$(meta "$dir" run)\"" "$f"; then
        echo "main_job: run $(meta "$dir" run) is already in $f"
        return 0
    fi
    grep '"suite":"main_job"' "$dir/compare.jsonl" >> "$f"
    echo "main_job: appended $(grep -c '"suite":"main_job"' "$dir/compare.jsonl") rows of run $(meta "$dir" run) to $f (commit it)"
}

# Copy the results where --json / --csv / --md asked for them.
publish() { # DIR
    if [ -n "$JSON" ]; then
        mkdir -p "$(dirname "$JSON")"
        if [ -d "$1/runs" ]; then cat "$1"/runs/*.jsonl >> "$JSON" 2>/dev/null || true; fi
        [ -f "$1/prover.jsonl" ] && cat "$1/prover.jsonl" >> "$JSON"
        cat "$1/compare.jsonl" >> "$JSON"
    fi
    if [ -n "$CSV" ]; then mkdir -p "$(dirname "$CSV")"; cp "$1/compare.csv" "$CSV"; fi
    if [ -n "$MD" ]; then mkdir -p "$(dirname "$MD")"; cp "$1/tables.md" "$MD"; fi
    [ "$RECORD" = 1 ] && record "$1"
    echo
    echo "results: $1 (tables.md, compare.jsonl, compare.csv, samples.tsv)${JSON:+; appended to $JSON}"
}

if [ -n "$ANALYSE" ]; then
    analyse "$ANALYSE"
    publish "$ANALYSE"
    exit 0
fi

# ------------------------------------------------------------------ the runs
read -r -a CFG <<< "$CONFIGS"
# ifma: last, after asm (whose build it runs); added when asm is there (probed below)
keep=()
for x in "${CFG[@]}"; do [ "$x" = ifma ] || keep+=("$x"); done
CFG=("${keep[@]}")
IFMA_SKIP=""
if [ "$IFMA" != 1 ]; then
    IFMA_SKIP="ifma skipped: IFMA=0 / --no-ifma"
elif [[ " ${CFG[*]} " != *" asm "* ]]; then
    IFMA_SKIP="ifma skipped: no asm configuration (ifma runs its build)"
elif [ "$(uname -m)" != x86_64 ] || ! grep -qw avx512f /proc/cpuinfo || ! grep -qw avx512ifma /proc/cpuinfo; then
    IFMA_SKIP="ifma skipped: this CPU lacks AVX512F/AVX512IFMA (backend x86_64-ifma cannot run)"
else
    CFG+=(ifma)
fi
[ ${#CFG[@]} -ge 2 ] || { echo "main_job: --configs needs at least two configurations" >&2; exit 2; }
for c in "${CFG[@]}"; do cmake_flags_of "$c" > /dev/null; done
for c in "${CFG[@]}"; do
    if [ "$c" != portable ] && { [ "$(uname -m)" != x86_64 ] || ! grep -qw adx /proc/cpuinfo ||
                                 ! grep -qw bmi2 /proc/cpuinfo; }; then
        echo "main_job: this CPU lacks x86-64 BMI2/ADX: configuration $c cannot run; nothing to compare"
        exit 0
    fi
done
[ "$ROUNDS" -ge 6 ] && [ "$KERNEL_ROUNDS" -ge 6 ] ||
    echo "main_job: warning: fewer than 6 rounds: no 95% interval" >&2
case "$ADAPT" in 0 | 1) ;; *) echo "main_job: ADAPT is 0 or 1" >&2; exit 2 ;; esac
case "$MAX_ROUNDS" in '' | *[!0-9]*) echo "main_job: MAX_ROUNDS wants a number of rounds" >&2; exit 2 ;; esac

HOST=$(host_cpu)
CORES=$(nproc 2>/dev/null || echo 1)
[ -n "$OUT" ] || OUT=bench-results/main-$(date +%Y%m%d-%H%M%S)
mkdir -p "$OUT/runs" "$OUT/logs"
rm -f "$OUT"/runs/*.jsonl "$OUT/samples.tsv" "$OUT/callgrind.tsv" "$OUT/model.jsonl"
T0=$SECONDS
# thread counts measured: up to the cores (OVERSUBSCRIBE=1: all)
TMEAS="" TMODEL=""
IFS=, read -r -a TH <<< "$THREADS"
for t in "${TH[@]}"; do
    if [ "$t" -le "$CORES" ] || [ "$OVERSUBSCRIBE" = 1 ]; then TMEAS=$TMEAS${TMEAS:+,}$t; else TMODEL=$TMODEL${TMODEL:+,}$t; fi
done
COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD 2>/dev/null || COMMIT=$COMMIT-dirty

echo "== main job ($MODE): host $HOST, $CORES cores, load $(load1); configurations ${CFG[*]} (candidate $(for c in "${CFG[@]}"; do [ "$c" = ifma ] || echo "$c"; done | tail -n 1))"
echo "   rounds: kernels $KERNEL_ROUNDS ($KERNEL_ARGS per sample), end to end $ROUNDS (actions $ACTIONS; threads measured ${TMEAS:-none}${TMODEL:+, not measured (> $CORES cores): $TMODEL})"
if [[ " ${CFG[*]} " == *" ifma "* ]]; then
    echo "   ifma (the asm build, backend x86_64-ifma) vs asm: array operations and end to end in the first $IFMA_ROUNDS rounds of each (to keep the job short), the model as the others; callgrind n/a (valgrind 3.19: no AVX-512)"
else
    echo "main_job: $IFMA_SKIP"
fi

dir_of() { echo "$BUILD_PREFIX-$(conf_of "$1")"; }
bin_of() { echo "$(dir_of "$1")/bench/pasta_bench"; }
prover_of() { echo "$(dir_of "$1")/prover_bench/prover_bench"; }

build_config() { # config
    local dir flags stamp cc_flag=()
    dir=$(dir_of "$1")
    flags="$(cmake_flags_of "$1") ${CMAKE_FLAGS:-}"
    [ -n "${CC:-}" ] && cc_flag=(-DCMAKE_C_COMPILER="$CC")
    stamp="$flags CC=${CC:-}"
    # configure once per set of flags; later builds are incremental (cmake --build
    # re-runs cmake itself when a CMakeLists.txt changed)
    if [ ! -f "$dir/CMakeCache.txt" ] || [ "$(cat "$dir/.main_job_flags" 2>/dev/null)" != "$stamp" ]; then
        # shellcheck disable=SC2086  # flags is a list of flags
        cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF "${cc_flag[@]}" $flags \
            > "$OUT/logs/configure-$1.log" 2>&1 || { cat "$OUT/logs/configure-$1.log" >&2; exit 1; }
        echo "$stamp" > "$dir/.main_job_flags"
    fi
    cmake --build "$dir" --target pasta_bench prover_bench pasta_stats pasta_parallel_cal -j"$JOBS" > "$OUT/logs/build-$1.log" 2>&1 ||
        { tail -n 40 "$OUT/logs/build-$1.log" >&2; exit 1; }
}

: > "$OUT/configs.tsv"
for c in "${CFG[@]}"; do
    if [ "$c" = ifma ]; then   # the asm build, if it can run backend x86_64-ifma
        if ! "$(bin_of ifma)" --backend x86_64-ifma --suite field --filter field/add/fp/x86_64-ifma/ --list 2> /dev/null |
                grep -q '^field/add/fp/x86_64-ifma/'; then
            unset 'CFG[-1]'
            echo "main_job: ifma skipped: $(bin_of ifma) cannot run backend x86_64-ifma (not compiled in, or no AVX-512 state)"
            continue
        fi
    elif [ "$BUILD" = 1 ]; then
        t=$SECONDS
        echo "== build $c ($(dir_of "$c"): $(cmake_flags_of "$c"))"
        build_config "$c"
        echo "   $((SECONDS - t)) s"
    fi
    bin=$(bin_of "$c")
    [ -x "$bin" ] || { echo "main_job: missing $bin (drop --no-build)" >&2; exit 1; }
    got=$("$bin" --version | awk '$1 == "config:" { print $2; exit }')
    [ "$got" = "$(conf_of "$c")" ] || { echo "main_job: $bin reports config '$got', expected '$(conf_of "$c")'" >&2; exit 1; }
    psha=-
    [ -x "$(prover_of "$c")" ] && psha=$(sha256sum "$(prover_of "$c")" | cut -d' ' -f1)
    printf '%s\t%s\t%s\t%s\n' "$c" "$(backend_of "$c")" "$(sha256sum "$bin" | cut -d' ' -f1)" "$psha" >> "$OUT/configs.tsv"
done
COMPILER=$("$(bin_of "${CFG[-1]}")" --version | sed -n 's/.*compiler: \([^;]*\).*/\1/p' | sed 's/ *$//')
cat > "$OUT/meta.txt" <<EOF
cpu=$HOST
cores=$CORES
mode=$MODE
date=$(date -u +%F)
run=$(date -u +%Y%m%dT%H%M%SZ)-$COMMIT
commit=$COMMIT
compiler=$COMPILER
configs=${CFG[*]}
threads=$THREADS
threads_measured=$TMEAS
target=$TARGET
rounds=$ROUNDS
adapt=$ADAPT
max_rounds=$MAX_ROUNDS
kernel_rounds=$KERNEL_ROUNDS
ifma_rounds=$IFMA_ROUNDS
load_start=$(load1)
EOF
echo "== executables"
while read -r c be sha psha; do
    printf '   %-9s sha256 %s  %s\n' "$c" "$sha" "$(bin_of "$c")"
    [ "$psha" != - ] && printf '   %-9s sha256 %s  %s\n' "" "$psha" "$(prover_of "$c")"
    printf '   %-9s %s\n' "" "$("$(bin_of "$c")" --version | sed -n 's/^build: //p')"
done < "$OUT/configs.tsv" | tee "$OUT/executables.txt"

# the candidate: the last configuration other than ifma
for c in "${CFG[@]}"; do [ "$c" = ifma ] || MAINC=$c; done
# one round: C1..Cm Cm..C1
ORDER=("${CFG[@]}")
for ((i = ${#CFG[@]} - 1; i >= 0; i--)); do ORDER+=("${CFG[i]}"); done

# 1-thread samples pinned (PIN=1, taskset): round r's on the allowed CPU (r - 1) mod N,
# every configuration's on the same one. A 2-vCPU guest's vCPUs run at different speeds
# for minutes at a time (10-20% seen), and a prover_bench rounds process left alone keeps
# its thread on one of them: configurations on different vCPUs would compare the vCPUs.
PIN_CPUS=()
if [ "$PIN" = 1 ] && command -v taskset > /dev/null; then
    read -r -a PIN_CPUS <<< "$(awk '/^Cpus_allowed_list:/ { n = split($2, R, ","); for (i = 1; i <= n; i++) { m = split(R[i], E, "-"); for (c = E[1]; c <= (m > 1 ? E[2] : E[1]); c++) printf "%d ", c } }' /proc/self/status 2>/dev/null)"
fi
pin_cpu() { [ "${#PIN_CPUS[@]}" -gt 0 ] && echo "${PIN_CPUS[$((($1 - 1) % ${#PIN_CPUS[@]}))]}"; }   # round
pin_cmd() { local p; p=$(pin_cpu "$1") && echo "taskset -c $p"; }   # round -> prefix
if [ "${#PIN_CPUS[@]}" -gt 0 ]; then
    echo "   1-thread samples pinned: round r on CPU (r - 1) mod ${#PIN_CPUS[@]} of ${PIN_CPUS[*]} (PIN=0: not)"
fi

HAS_IFMA=0
[[ " ${CFG[*]} " == *" ifma "* ]] && HAS_IFMA=1
# a sample's rows: the kernels; asm in a round with ifma adds the array operations, ifma
# has only those
ops_for() { # config round -> op names
    if [ "$1" = ifma ]; then echo "$VEC_OPS"
    elif [ "$1" = asm ] && [ "$HAS_IFMA" = 1 ] && [ "$2" -le "$IFMA_ROUNDS" ]; then echo "$OPS $VEC_OPS"
    else echo "$OPS"; fi
}
in_round() { [ "$1" != ifma ] || [ "$2" -le "$IFMA_ROUNDS" ]; }   # config round
# An end-to-end round of point $3 ("a,th"): in_round, and past the point's planned rounds
# (PLAN: ROUNDS, or more for MIN_MEASURE_S) ADAPT's two configurations only.
in_point() {
    in_round "$1" "$2" && { [ "$2" -le "${PLAN[$3]}" ] || [ "$1" = "$MAINC" ] || [ "$1" = "$ADAPT_CTL" ]; }
}
# The half-width in percent of the interval of MAINC vs ADAPT_CTL on workload $1 at 1
# thread over the rounds so far ("nan" below 6 rounds), from samples.tsv as the analysis.
adapt_halfwidth() {
    awk -F'\t' -v w="$1" -v x="$ADAPT_CTL" -v y="$MAINC" '
        $1 == "e2e" && $6 == w && $8 == 1 && ($4 == x || $4 == y) {
            if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 }
            if ($4 == x) cx[$2] += $9; else cy[$2] += $9 }
        END { for (i = 1; i <= n; i++) { r = order[i]; if (cx[r] > 0 && cy[r] > 0) print "p", cx[r], cy[r] } }' \
        "$OUT/samples.tsv" | "$STATS" ci --target "$TARGET" |
        awk '{ if ($4 == "nan" || $5 == "nan") print "nan"; else printf "%.2f\n", ($5 - $4) / 2 }'
}

filter_for() { # backend ops -> field/add/fp/BE/,...
    local f="" op fld
    for op in $2; do
        for fld in $([[ $op == vec_* ]] && echo "$VEC_FIELDS" || echo "$FIELDS"); do f="$f${f:+,}field/$op/$fld/$1/"; done
    done
    echo "$f"
}

if [ "$DO_KERNELS" = 1 ]; then
    t=$SECONDS
    for ((r = 1; r <= KERNEL_ROUNDS; r++)); do
        printf '== kernels round %d/%d:' "$r" "$KERNEL_ROUNDS"
        i=0
        for c in "${ORDER[@]}"; do
            in_round "$c" "$r" || continue
            i=$((i + 1)); be=$(backend_of "$c"); ops=$(ops_for "$c" "$r"); file=runs/kernel-$r-$i-$c.jsonl
            : > "$OUT/$file"
            # shellcheck disable=SC2046,SC2086  # pin_cmd: a prefix or nothing; KERNEL_ARGS: options
            $(pin_cmd "$r") "$(bin_of "$c")" --suite field --backend "$be" --filter "$(filter_for "$be" "$ops")" \
                $KERNEL_ARGS --json "$OUT/$file" > "$OUT/logs/kernel-$r-$i-$c.log" 2>&1 ||
                { tail -n 20 "$OUT/logs/kernel-$r-$i-$c.log" >&2; echo "main_job: kernel run $r/$i ($c) failed" >&2; exit 1; }
            awk -v r="$r" -v i="$i" -v c="$c" -v cf="$(conf_of "$c")" -v be="$be" -v ops="$ops" -v fields="$FIELDS" "$AWK_LIB"'
                BEGIN { n = split(ops, O, " "); for (x = 1; x <= n; x++) isop[O[x]] = 1
                        n = split(fields, F, " "); for (x = 1; x <= n; x++) isf[F[x]] = 1 }
                get($0, "suite") == "field" && get($0, "backend") == be && (get($0, "name") in isop) && (get($0, "field") in isf) {
                    if (get($0, "config") != "" && get($0, "config") != cf) {
                        printf "main_job: kernel sample %d/%d: the executable says config %s, expected %s\n", r, i, get($0, "config"), cf > "/dev/stderr"; exit 1 }
                    printf "kernel\t%d\t%d\t%s\t%s\t%s\t%s\t1\t%s\t-\n", r, i, c, be, get($0, "name"), get($0, "field"), get($0, "median_ns")
                }' "$OUT/$file" >> "$OUT/samples.tsv"
            printf ' %s' "$c"
        done
        echo
    done
    echo "   kernels: $((SECONDS - t)) s"
fi

# ---- end to end: one prover_bench rounds process per configuration, fed through FIFOs
declare -A PID FDIN FDOUT
stop_servers() {
    local c fdi fdo
    for c in "${!PID[@]}"; do
        fdi=${FDIN[$c]} fdo=${FDOUT[$c]}
        { echo quit >&"$fdi"; } 2>/dev/null || true
        exec {fdi}>&- {fdo}<&-
        wait "${PID[$c]}" 2>/dev/null || true
        unset "PID[$c]"
    done
    rm -rf "$OUT/fifo"
}
trap 'for p in "${PID[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT

ask() { # config actions threads -> sets REPLY_NS, REPLY_DIGEST, REPLY_BYTES, REPLY_PHASES
    local line
    echo "next $2 $3 1" >&"${FDIN[$1]}"
    if ! read -r -t 3600 line <&"${FDOUT[$1]}"; then
        tail -n 20 "$OUT/logs/e2e-$1.log" >&2; echo "main_job: prover_bench rounds ($1) stopped" >&2; exit 1
    fi
    read -r kw _ _ _ REPLY_NS REPLY_DIGEST REPLY_BYTES REPLY_PHASES <<< "$line"
    [ "$kw" = sample ] || { echo "main_job: prover_bench rounds ($1): $line" >&2; exit 1; }
}

if [ "$DO_E2E" = 1 ] && [ -n "$TMEAS" ]; then
    t=$SECONDS
    mkdir -p "$OUT/fifo"
    for c in "${CFG[@]}"; do
        p=$(prover_of "$c")
        [ -x "$p" ] || { echo "main_job: missing $p" >&2; exit 1; }
        mkfifo "$OUT/fifo/$c.in" "$OUT/fifo/$c.out"
        "$p" rounds --circuit orchard_k11 --actions "$ACTIONS" --threads "$TMEAS" --backend "$(backend_of "$c")" \
            --warmup "$PROVER_WARMUP" < "$OUT/fifo/$c.in" > "$OUT/fifo/$c.out" 2> "$OUT/logs/e2e-$c.log" &
        PID[$c]=$!
        exec {fd}> "$OUT/fifo/$c.in"; FDIN[$c]=$fd
        exec {fd}< "$OUT/fifo/$c.out"; FDOUT[$c]=$fd
    done
    for c in "${CFG[@]}"; do
        read -r -t 3600 kw rc rb setup setup_cpu <&"${FDOUT[$c]}" || { cat "$OUT/logs/e2e-$c.log" >&2; exit 1; }
        [ "$kw" = ready ] && [ "$rc" = "$(conf_of "$c")" ] && [ "$rb" = "$(backend_of "$c")" ] ||
            { echo "main_job: prover_bench rounds ($c) says: $kw $rc $rb" >&2; exit 1; }
        printf '   %-9s prover_bench rounds ready: setup (params, keygen, witnesses for actions %s) %s s wall, %s s CPU; warm-up %s s per point\n' \
            "$c" "$ACTIONS" "$(awk -v s="$setup" 'BEGIN { printf "%.2f", s / 1e9 }')" \
            "$(awk -v s="${setup_cpu:-0}" 'BEGIN { printf "%.2f", s / 1e9 }')" "$PROVER_WARMUP"
    done
    IFS=, read -r -a AL <<< "$ACTIONS"
    IFS=, read -r -a TL <<< "$TMEAS"
    declare -A NEED PLAN
    for a in "${AL[@]}"; do for th in "${TL[@]}"; do NEED[$a,$th]=$ROUNDS PLAN[$a,$th]=$ROUNDS; done; done
    # ADAPT's comparison: the candidate against asm-mul (the seed's control), else against
    # the first other configuration; its interval as the analysis computes it (pasta_stats)
    ADAPT_CTL="" ADAPT_STEP=10
    for c in "${CFG[@]}"; do
        [ "$c" = ifma ] || [ "$c" = "$MAINC" ] || [ -n "$ADAPT_CTL" ] || ADAPT_CTL=$c
    done
    for c in "${CFG[@]}"; do [ "$c" = asm-mul ] && [ "$MAINC" != asm-mul ] && ADAPT_CTL=asm-mul; done
    if [ "$ADAPT" = 1 ] && [ -n "$ADAPT_CTL" ]; then
        STATS=$(stats_tool "$OUT") || { echo "main_job: no pasta_stats" >&2; exit 1; }
        echo "   ADAPT: each 1-thread point $ADAPT_STEP rounds more while $MAINC vs $ADAPT_CTL is wider than +-$TARGET%, up to $MAX_ROUNDS rounds, $MAINC and $ADAPT_CTL only (ADAPT=0: not)"
    fi
    MAXR=0
    for ((r = 1; r <= ROUNDS || r <= MAXR; r++)); do
        printf '== end to end round %d:' "$r"
        for a in "${AL[@]}"; do
            for th in "${TL[@]}"; do
                [ "$r" -le "${NEED[$a,$th]}" ] || continue
                w="orchard_k11 $a action$([ "$a" = 1 ] || echo s)"
                i=0 cand_ns=0 ifma_ns=""
                if [ "${#PIN_CPUS[@]}" -gt 0 ]; then # 1 thread: pinned; more: all CPUs
                    cpus=$(IFS=,; echo "${PIN_CPUS[*]}")
                    [ "$th" = 1 ] && cpus=$(pin_cpu "$r")
                    for c in "${CFG[@]}"; do taskset -a -p -c "$cpus" "${PID[$c]}" > /dev/null; done
                fi
                for c in "${ORDER[@]}"; do
                    in_point "$c" "$r" "$a,$th" || continue
                    i=$((i + 1))
                    ask "$c" "$a" "$th"
                    printf 'e2e\t%d\t%d\t%s\t%s\t%s\t-\t%d\t%s\t%s\t%s\n' "$r" "$i" "$c" "$(backend_of "$c")" "$w" "$th" \
                        "$REPLY_NS" "$REPLY_DIGEST" "$REPLY_BYTES" >> "$OUT/samples.tsv"
                    printf '%s\t%s\t%s\t%s\t%s\n' "$c" "$a" "$th" "$r" "$REPLY_PHASES" >> "$OUT/phases.tsv"
                    [ "$c" = "$MAINC" ] && cand_ns=$REPLY_NS
                    [ "$c" = ifma ] && ifma_ns=$REPLY_NS
                done
                printf ' %s@%s %s' "$a" "$th" "$(awk -v s="$cand_ns" 'BEGIN { printf "%.3f s", s / 1e9 }')"
                [ -n "$ifma_ns" ] && printf ' (ifma %s)' "$(awk -v s="$ifma_ns" 'BEGIN { printf "%.3f s", s / 1e9 }')"
                # full: at least MIN_MEASURE_S of samples per configuration and point
                if [ "$r" = 1 ] && [ "$MIN_MEASURE_S" != 0 ]; then
                    NEED[$a,$th]=$(awk -v s="$cand_ns" -v m="$MIN_MEASURE_S" -v r="$ROUNDS" \
                        'BEGIN { n = int(m * 1e9 / (2 * s)) + 1; print (n > r ? n : r) }')
                    PLAN[$a,$th]=${NEED[$a,$th]}
                    [ "${NEED[$a,$th]}" -gt "$MAXR" ] && MAXR=${NEED[$a,$th]}
                fi
                # ADAPT: a 1-thread point's last planned round done, its seed comparison's
                # interval wider than +-TARGET: ADAPT_STEP more rounds, up to MAX_ROUNDS
                if [ "$ADAPT" = 1 ] && [ -n "$ADAPT_CTL" ] && [ "$th" = 1 ] &&
                        [ "$r" = "${NEED[$a,$th]}" ] && [ "$r" -lt "$MAX_ROUNDS" ]; then
                    hw=$(adapt_halfwidth "$w")
                    if awk -v h="$hw" -v t="$TARGET" 'BEGIN { exit !(h == "nan" || h > t) }'; then
                        NEED[$a,$th]=$((r + ADAPT_STEP > MAX_ROUNDS ? MAX_ROUNDS : r + ADAPT_STEP))
                        [ "${NEED[$a,$th]}" -gt "$MAXR" ] && MAXR=${NEED[$a,$th]}
                        printf ' (%s vs %s +-%s%%: to %d rounds)' "$MAINC" "$ADAPT_CTL" "$hw" "${NEED[$a,$th]}"
                    fi
                fi
            done
        done
        echo
    done
    stop_servers
    echo "   end to end: $((SECONDS - t)) s"
fi

if [ -n "$MODEL_CMD" ] && [ -n "$TMODEL" ]; then
    # paired as the measured rounds: per round every configuration once, in order, then
    # reversed the next round, one traced proof per point each; a line's median_ns is a
    # sample of phase "model" in samples.tsv (its digest checked as the measured ones')
    t=$SECONDS
    MROUNDS=$([ "$MODE" = full ] && echo 6 || echo 2)
    MCFG=()   # IFMA_MODEL=0: ifma not modelled ("model: n/a")
    for c in "${CFG[@]}"; do [ "$c" = ifma ] && [ "$IFMA_MODEL" = 0 ] || MCFG+=("$c"); done
    for r in $(seq 1 "$MROUNDS"); do
        order=("${MCFG[@]}")
        if [ $((r % 2)) = 0 ]; then
            order=()
            for ((i = ${#MCFG[@]} - 1; i >= 0; i--)); do order+=("${MCFG[$i]}"); done
        fi
        echo "== model round $r/$MROUNDS (threads $TMODEL): ${order[*]}"
        slot=0
        for c in "${order[@]}"; do
            slot=$((slot + 1))
            mj=$OUT/runs/model-$c-$r.jsonl
            PASTA_BUILD_DIR=$(dir_of "$c") PASTA_BENCH_CONFIG=$c PASTA_BENCH_BACKEND=$(backend_of "$c") \
                PASTA_ACTIONS=$ACTIONS PASTA_MODEL_THREADS=$TMODEL PASTA_MODEL_JSON=$mj \
                PASTA_MODEL_SAMPLES=1 \
                bash -c "$MODEL_CMD" >> "$OUT/logs/model-$c.log" 2>&1 ||
                { tail -n 20 "$OUT/logs/model-$c.log" >&2; echo "main_job: model command failed ($c)" >&2; exit 1; }
            [ -f "$mj" ] || continue
            awk -v r="$r" -v slot="$slot" -v c="$c" -v be="$(backend_of "$c")" "$AWK_LIB"'
            get($0, "model") == "true" && get($0, "suite") == "prover" && get($0, "name") == "orchard_k11" {
                a = get($0, "actions") + 0; d = get($0, "digest")
                printf "model\t%d\t%d\t%s\t%s\torchard_k11 %d action%s\t-\t%d\t%.9g\t%s\t%d\n", r, slot, c, be, a,
                    a == 1 ? "" : "s", get($0, "threads"), get($0, "median_ns"), d == "" ? "-" : d, get($0, "proof_bytes")
            }' "$mj" >> "$OUT/samples.tsv"
        done
    done
    echo "   model: $((SECONDS - t)) s"
fi

if [ "$DO_CALLGRIND" = 1 ]; then
    command -v valgrind > /dev/null || { echo "main_job: --callgrind needs valgrind" >&2; exit 1; }
    t=$SECONDS
    echo "== callgrind: one proof (orchard_k11, 1 action, 1 thread) per configuration, in parallel"
    declare -A CGPID
    for c in "${CFG[@]}"; do
        if [ "$c" = ifma ]; then echo "   ifma: n/a (valgrind 3.19 cannot run AVX-512)"; continue; fi
        p=$(prover_of "$c")
        # valgrind cannot run AVX-512: these builds must hold none (zmm registers, k masks)
        # outside the x86_64-ifma backend (functions named *ifma*; not run: the backend is set)
        if objdump -d --no-show-raw-insn "$p" |
                awk '/^[0-9a-f]+ <.*>:$/ { f = $2 } /%zmm|%k[0-7]/ && f !~ /ifma/ { bad = 1 } END { exit !bad }'; then
            echo "main_job: $p holds AVX-512 instructions: valgrind cannot run it (build without -march=native)" >&2; exit 1
        fi
        # only halo2_create_proof is counted (not params, keygen, witnesses)
        printf 'next 1 1\nquit\n' | PASTA_BACKEND=$(backend_of "$c") PASTA_NO_CPU_CHECK=1 valgrind --tool=callgrind \
            --toggle-collect=halo2_create_proof --callgrind-out-file="$OUT/callgrind-$c.out" "$p" rounds \
            --circuit orchard_k11 --actions 1 --threads 1 --backend "$(backend_of "$c")" \
            > "$OUT/logs/callgrind-$c.txt" 2> "$OUT/logs/callgrind-$c.log" &
        CGPID[$c]=$!
    done
    for c in "${CFG[@]}"; do
        [ "$c" = ifma ] && continue
        wait "${CGPID[$c]}" || { tail -n 20 "$OUT/logs/callgrind-$c.log" >&2; echo "main_job: callgrind run of $c failed" >&2; exit 1; }
        grep -q "^ready $c $(backend_of "$c") " "$OUT/logs/callgrind-$c.txt" ||
            { echo "main_job: callgrind run of $c did not use its backend: $(head -n1 "$OUT/logs/callgrind-$c.txt")" >&2; exit 1; }
        ir=$(awk '$1 == "summary:" || $1 == "totals:" { print $2; exit }' "$OUT/callgrind-$c.out")
        dg=$(awk '$1 == "sample" { print $6 }' "$OUT/logs/callgrind-$c.txt")
        printf '%s\t%s\t%s\n' "$c" "$ir" "$dg" >> "$OUT/callgrind.tsv"
        echo "   $c: $ir instructions in halo2_create_proof, digest $dg"
    done
    [ "$(cut -f3 "$OUT/callgrind.tsv" | sort -u | wc -l)" = 1 ] ||
        { echo "main_job: DIGEST MISMATCH between the callgrind proofs" >&2; exit 1; }
    echo "   callgrind: $((SECONDS - t)) s"
fi
echo "load_end=$(load1)" >> "$OUT/meta.txt"

echo "== analysis ($((SECONDS - T0)) s so far; load $(load1))"
analyse "$OUT"
publish "$OUT"
echo "main_job: done in $((SECONDS - T0)) s"
