#!/bin/bash
# The main job (issue 12): three field-backend configurations, each a separate
# executable, compared the seed's way on the field kernels and end to end.
#
#   bench/main_job.sh [--quick|--full] [--out DIR] [--json FILE] [--csv FILE] [--md FILE]
#                     [--configs "portable asm-mul asm"] [--no-build] [--no-kernels]
#                     [--no-e2e] [--e2e-cmd CMD]
#   bench/main_job.sh --analyse DIR [--json FILE] [--csv FILE] [--md FILE]
#                     (the analysis alone, on the runs a previous call left in DIR)
#
# Configurations (CMake, Release, one build directory each, $BUILD_PREFIX-NAME, default
# build-main-NAME; CC and CMAKE_FLAGS honoured; a build is reused when up to date):
#   portable  -DPASTA_X86_64_ASM=OFF                       records of backend portable
#   asm-mul   -DPASTA_ASM_KERNELS="mul;square"             asm mul/square, portable
#                                                          add/sub/double: the seed's control
#   asm       -DPASTA_ASM_KERNELS="add;sub;double;mul;square"   the seed's candidate
#   asm-K+K.. any other subset of the asm kernels
# The last configuration is the candidate, compared with each other one. Each executable
# must report its configuration (pasta_bench --version); its sha256 is printed.
#
# Order: configurations C1..Cm, then Cm..C1 (portable, asm-mul, asm, asm, asm-mul,
# portable): each control-candidate pair runs control-candidate-candidate-control
# around the middle, and midpoint averages (control = mean of its two runs, candidate =
# mean of runs m and m+1, of the medians) cancel a linear drift. speedup = control /
# candidate - 1, printed "x.x% faster" (negative: "slower").
#   1. kernels: pasta_bench --suite field, rows add sub double mul square on fp and fq,
#      --quick (0.1 s warm-up, 0.4 s, 20 samples) or --full (2 s, 8 s, 100 samples).
#   2. end to end, per configuration, one command (--e2e-cmd or PASTA_E2E_CMD, run with
#      bash -c; environment PASTA_BENCH (the executable), PASTA_BENCH_BACKEND,
#      PASTA_BENCH_CONFIG, PASTA_BUILD_DIR, PASTA_BENCH_MODE (quick | full), and
#      PASTA_E2E_JSON, the file it appends its JSON lines to). Default: when the build has
#      prover_bench/prover_bench, its prover suite `bench --circuit orchard_k11` (records
#      suite prover, name orchard_k11, fields actions and digest) for --actions $ACTIONS
#      (1,4) x --threads $THREADS (1,8), quick: --warmup 0 --measure 0 --samples 2 (2
#      proofs per point), full: 2 s warm-up, 10 samples ($PROVER_ARGS overrides); otherwise the
#      stand-in: msm var Pallas n = 2049 and the forward NTT on fp at 2^11 and 2^14, as
#      the msm and ntt suites measure them (--quick or --full).
#      Which records count: the prover suite's, else those whose suite/name/field/n is in
#      $E2E_WORKLOADS (default the stand-in's; "all": every record not of suite field).
#      Digests (prover) must be the same bytes in every configuration: else exit 1.
# Output: the host (lscpu model name), cores, the executables; per comparison the seed's
# tables `Host | Kernel | Fp | Fq` and `Host | 1 thread | 8 threads` (the range over the
# workloads: actions 1 and 4) with absolute times, and detail tables with both runs; a
# warning beside figures whose threads exceed the cores (oversubscribed). Files (DIR
# default bench-results/main-STAMP): DIR/runs/*.jsonl (pasta_bench's lines, "config" in
# each), DIR/manifest.tsv, DIR/tables.md, DIR/compare.jsonl (suite main_job, one line per
# compared row), DIR/compare.csv; --json FILE gets the run lines and the compare lines
# appended, --csv / --md FILE a copy. awk only (a fresh minimal Debian has no python).
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
ANALYSE=""
E2E_CMD=${PASTA_E2E_CMD:-}
BUILD_PREFIX=${BUILD_PREFIX:-build-main}
OPS="add sub double mul square"
FIELDS="fp fq"
ACTIONS=${ACTIONS:-1,4}
THREADS=${THREADS:-1,8}
E2E_WORKLOADS=${E2E_WORKLOADS:-msm/var/pallas/2049 ntt/fwd/fp/2048 ntt/fwd/fp/16384}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}

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
        --e2e-cmd) E2E_CMD=${2:?}; shift ;;
        --analyse) ANALYSE=${2:?--analyse needs a directory}; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "main_job: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

if [ "$MODE" = full ]; then
    KERNEL_ARGS=${KERNEL_ARGS:---warmup 2 --measure 8 --samples 100}
    PROVER_ARGS=${PROVER_ARGS:---warmup 2 --measure 15 --samples 10}
    STANDIN_ARGS=${STANDIN_ARGS:---full}
else
    KERNEL_ARGS=${KERNEL_ARGS:---quick}
    PROVER_ARGS=${PROVER_ARGS:---warmup 0 --measure 0 --samples 2}
    STANDIN_ARGS=${STANDIN_ARGS:---quick}
fi

host_cpu() {
    local h=""
    command -v lscpu > /dev/null && h=$(LC_ALL=C lscpu | awk -F': *' '$1 == "Model name" { print $2; exit }')
    [ -n "$h" ] || h=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
    echo "${h:-unknown}"
}

backend_of() { [ "$1" = portable ] && echo portable || echo x86_64-asm; }

cmake_flags_of() { # config name -> CMake flags
    case "$1" in
        portable) echo "-DPASTA_X86_64_ASM=OFF" ;;
        asm) echo "-DPASTA_X86_64_ASM=ON -DPASTA_ASM_KERNELS=add;sub;double;mul;square" ;;
        asm-mul) echo "-DPASTA_X86_64_ASM=ON -DPASTA_ASM_KERNELS=mul;square" ;;
        asm-none) echo "-DPASTA_X86_64_ASM=ON -DPASTA_ASM_KERNELS=" ;;
        asm-*) local k=${1#asm-}; echo "-DPASTA_X86_64_ASM=ON -DPASTA_ASM_KERNELS=${k//+/;}" ;;
        *) echo "main_job: unknown configuration $1" >&2; return 1 ;;
    esac
}

# ------------------------------------------------------------------ analysis (awk)
# analyse DIR: reads DIR/manifest.tsv ("phase run config backend file sha256" per line,
# run 1..2m in the order they ran) and writes DIR/tables.md, DIR/compare.jsonl,
# DIR/compare.csv; prints the tables.
analyse() {
    local dir=$1 host cores args=() phase run cfg be file sha
    host=$(cat "$dir/host.txt" 2>/dev/null || host_cpu)
    cores=$(cat "$dir/cores.txt" 2>/dev/null || nproc 2>/dev/null || echo 1)
    : > "$dir/compare.jsonl"
    while read -r phase run cfg be file sha; do
        if [ -z "$phase" ] || [ "${phase:0:1}" = "#" ]; then continue; fi
        [ -f "$dir/$file" ] || { echo "main_job: missing $dir/$file" >&2; return 1; }
        args+=(phase="$phase" run="$run" cfg="$cfg" be="$be" sha="$sha" "$dir/$file")
    done < "$dir/manifest.tsv"
    [ ${#args[@]} -gt 0 ] || { echo "main_job: empty manifest $dir/manifest.tsv" >&2; return 1; }
    awk -v ops="$OPS" -v fields="$FIELDS" -v host="$host" -v cores="$cores" \
        -v workloads="$E2E_WORKLOADS" -v json="$dir/compare.jsonl" -v csv="$dir/compare.csv" \
        -v md="$dir/tables.md" -v manifest="$(cat "$dir/manifest.tsv")" '
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
function pct(c, k) { return k > 0 ? (c / k - 1) * 100 : 0 }
function word(p) { return sprintf("%.1f%% %s", p < 0 ? -p : p, p < 0 ? "slower" : "faster") }
function range(a, b) {   # a <= b: the seed writes "3.1–4.3% faster"
    if (sprintf("%.1f", a) == sprintf("%.1f", b)) return word(a)
    if (a >= 0) return sprintf("%.1f–%.1f%% faster", a, b)
    if (b < 0) return sprintf("%.1f–%.1f%% slower", -b, -a)
    return word(a) " – " word(b)
}
function jstr(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
function ns(x) {   # absolute time, readable unit (x may be a string)
    x += 0
    if (x >= 1e8) return sprintf("%.3f s", x / 1e9)
    if (x >= 1e5) return sprintf("%.2f ms", x / 1e6)
    if (x >= 1e3) return sprintf("%.2f us", x / 1e3)
    return sprintf("%.2f ns", x)
}
function out(s) { print s; print s > md }
function oversub(t) { return t + 0 > cores + 0 }
{
    if (phase == "kernel") {
        if (get($0, "suite") != "field" || get($0, "backend") != be) next
        w = get($0, "name"); f = get($0, "field"); t = 1
        if (!((w) in isop) || !((f) in isfield)) next
    } else {
        s = get($0, "suite")
        if (s == "prover") {
            if (index(get($0, "name"), "/")) next # phases, verify, keygen: in the logs
            w = get($0, "name") " " get($0, "actions") " action" (get($0, "actions") + 0 == 1 ? "" : "s")
            prover = 1
        } else {
            w = s "/" get($0, "name") "/" get($0, "field") "/" get($0, "n")
            if (s == "field" || (workloads != "all" && !((w) in iswl))) next
            if (get($0, "backend") != be) next
        }
        f = "-"; t = get($0, "threads") + 0
    }
    k = phase SUBSEP run SUBSEP w SUBSEP f SUBSEP t
    if (k in med) next
    med[k] = get($0, "median_ns"); lo[k] = get($0, "lo_ns"); hi[k] = get($0, "hi_ns")
    smp[k] = get($0, "samples"); dig[k] = get($0, "digest")
    rcfg = get($0, "config")
    if (rcfg != "" && rcfg != cfg) {
        printf "main_job: %s run %d: the executable says config %s, the manifest %s\n", phase, run, rcfg, cfg > "/dev/stderr"
        bad = 1
    }
    wk = phase SUBSEP w SUBSEP f SUBSEP t
    if (!(wk in seen)) { seen[wk] = 1; order[phase, ++nrow[phase]] = wk }
    if (!((phase, w) in wseen)) { wseen[phase, w] = 1; worder[phase, ++nw[phase]] = w }
    if (!((phase, t) in tseen)) { tseen[phase, t] = 1; tlist[phase, ++nt[phase]] = t }
}
BEGIN {
    # manifest lines "phase run config backend file sha256": the configuration of each run
    nl = split(manifest, ML, "\n")
    for (i = 1; i <= nl; i++) {
        if (split(ML[i], mf, /[ \t]+/) < 6 || substr(mf[1], 1, 1) == "#") continue
        if (mf[2] + 0 > nrun[mf[1]]) nrun[mf[1]] = mf[2] + 0
        rc[mf[1], mf[2] + 0] = mf[3]; rbe[mf[1], mf[2] + 0] = mf[4]; rsha[mf[1], mf[2] + 0] = mf[6]
    }
    nops = split(ops, O, " "); for (i = 1; i <= nops; i++) isop[O[i]] = 1
    nf = split(fields, FL, " "); for (i = 1; i <= nf; i++) isfield[FL[i]] = 1
    n = split(workloads, WL, " "); for (i = 1; i <= n; i++) iswl[WL[i]] = 1
}
END {
    if (bad) exit 1
    print "phase,comparison,workload,field,threads,control_config,candidate_config,control_ns,candidate_ns,control_run_a_ns,control_run_b_ns,candidate_run_a_ns,candidate_run_b_ns,speedup_pct,oversubscribed,host" > csv
    for (pi = 1; pi <= 2; pi++) {
        ph = pi == 1 ? "kernel" : "e2e"
        m = nrun[ph] / 2
        if (m < 2 || nrun[ph] != 2 * m) {
            if (nrun[ph] > 0) printf "main_job: %s: %d runs, need 2m (m >= 2 configurations)\n", ph, nrun[ph] > "/dev/stderr"
            continue
        }
        cand = rc[ph, m]
        for (j = 1; j <= nt[ph]; j++) if (oversub(tlist[ph, j]))
            out(sprintf("\nwarning: %d threads on %d cores is oversubscribed: figures at %d threads measure contention, not scaling (run them on a machine with >= %d cores)", tlist[ph, j], cores, tlist[ph, j], tlist[ph, j]))
        # digests: the same bytes in every run (configuration) for each workload and threads
        for (r = 1; r <= nrow[ph]; r++) {
            split(order[ph, r], K, SUBSEP); d0 = ""
            for (x = 1; x <= 2 * m; x++) {
                kk = ph SUBSEP x SUBSEP K[2] SUBSEP K[3] SUBSEP K[4]
                if (!(kk in dig) || dig[kk] == "") continue
                if (d0 == "") d0 = dig[kk]
                else if (dig[kk] != d0) {
                    printf "main_job: DIGEST MISMATCH %s threads %s: run %d (%s) %s, earlier %s\n", K[2], K[4], x, rc[ph, x], dig[kk], d0 > "/dev/stderr"
                    mismatch = 1
                }
            }
            digest[ph, K[2], K[4]] = d0
        }
        for (ci = m - 1; ci >= 1; ci--) {
            ctl = rc[ph, ci]; ra = ci; rb = 2 * m + 1 - ci; ka = m; kb = m + 1
            title = cand " vs " ctl
            if (ph == "kernel") {
                out(sprintf("\n### %s: field kernels (ns/op; midpoint of runs %d, %d (%s) and %d, %d (%s))\n", title, ra, rb, ctl, ka, kb, cand))
                hdr = "| Host | Kernel |"; sep = "|---|---|"
                for (b = 1; b <= nf; b++) { hdr = hdr " " toupper(substr(FL[b], 1, 1)) substr(FL[b], 2) " |"; sep = sep "---|" }
                out(hdr); out(sep)
            } else {
                out(sprintf("\n### %s: end to end%s (midpoint of runs %d, %d (%s) and %d, %d (%s))\n", title, prover ? "" : " (stand-in: " workloads ")", ra, rb, ctl, ka, kb, cand))
                hdr = "| Host |"; sep = "|---|"
                for (j = 1; j <= nt[ph]; j++) {
                    hdr = hdr sprintf(" %d thread%s |", tlist[ph, j], tlist[ph, j] == 1 ? "" : "s"); sep = sep "---|"
                }
                out(hdr); out(sep)
            }
            missing = 0
            # detail rows, and the speed-ups for the seed table
            delete P; ndet = 0
            for (r = 1; r <= nrow[ph]; r++) {
                split(order[ph, r], K, SUBSEP); w = K[2]; f = K[3]; t = K[4]
                k1 = ph SUBSEP ra SUBSEP w SUBSEP f SUBSEP t; k2 = ph SUBSEP ka SUBSEP w SUBSEP f SUBSEP t
                k3 = ph SUBSEP kb SUBSEP w SUBSEP f SUBSEP t; k4 = ph SUBSEP rb SUBSEP w SUBSEP f SUBSEP t
                if (!(k1 in med) || !(k2 in med) || !(k3 in med) || !(k4 in med)) {
                    printf "main_job: %s %s %s threads %s missing in runs %d-%d-%d-%d\n", ph, w, f, t, ra, ka, kb, rb > "/dev/stderr"
                    missing = 1; continue
                }
                c = (med[k1] + med[k4]) / 2; k = (med[k2] + med[k3]) / 2; p = pct(c, k)
                P[w, f, t] = p; C[w, f, t] = c; Kt[w, f, t] = k
                if (ph == "kernel")
                    det[++ndet] = sprintf("| %s | %s | %s (%s, %s) | %s (%s, %s) | %s |", w, f,
                        ns(c), ns(med[k1]), ns(med[k4]), ns(k), ns(med[k2]), ns(med[k3]), word(p))
                else
                    det[++ndet] = sprintf("| %s | %d | %s (%s, %s) | %s (%s, %s) | %s | %s | %s |", w, t,
                        ns(c), ns(med[k1]), ns(med[k4]), ns(k), ns(med[k2]), ns(med[k3]), word(p),
                        digest[ph, w, t] == "" ? "-" : substr(digest[ph, w, t], 1, 16),
                        oversub(t) ? sprintf("oversubscribed: %d threads on %d cores", t, cores) : "")
                olo = (lo[k1] + lo[k4]) / 2; ohi = (hi[k1] + hi[k4]) / 2
                klo = (lo[k2] + lo[k3]) / 2; khi = (hi[k2] + hi[k3]) / 2
                printf "{\"suite\":\"main_job\",\"phase\":%s,\"name\":%s,\"field\":%s,\"threads\":%d,\"backend\":%s,\"config\":%s,\"control_config\":%s,\"median_ns\":%.6g,\"lo_ns\":%.6g,\"hi_ns\":%.6g,\"samples\":%d,\"speedup_pct\":%.3f,\"control_median_ns\":%.6g,\"control_lo_ns\":%.6g,\"control_hi_ns\":%.6g,\"runs_ns\":[%.6g,%.6g,%.6g,%.6g],\"oversubscribed\":%s,\"cores\":%d,\"cpu\":%s,\"binary_sha256\":%s,\"control_sha256\":%s%s}\n",
                    jstr(ph), jstr(w), f == "-" ? "null" : jstr(f), t, jstr(rbe[ph, ka]), jstr(cand), jstr(ctl), k, klo, khi,
                    smp[k2] + smp[k3], p, c, olo, ohi, med[k1], med[k2], med[k3], med[k4], oversub(t) ? "true" : "false", cores,
                    jstr(host), jstr(rsha[ph, ka]), jstr(rsha[ph, ra]),
                    digest[ph, w, t] == "" ? "" : ",\"digest\":" jstr(digest[ph, w, t]) >> json
                printf "%s,%s,%s,%s,%d,%s,%s,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.3f,%d,\"%s\"\n", ph, title, w, f, t, ctl, cand,
                    c, k, med[k1], med[k4], med[k2], med[k3], p, oversub(t), host >> csv
            }
            if (ph == "kernel") {
                for (a = 1; a <= nops; a++) {
                    row = "| " host " | " O[a] " |"
                    for (b = 1; b <= nf; b++)
                        row = row (((O[a], FL[b], 1) in P) ? sprintf(" %s (%s → %s) |", word(P[O[a], FL[b], 1]), ns(C[O[a], FL[b], 1]), ns(Kt[O[a], FL[b], 1])) : " - |")
                    out(row)
                }
                out(sprintf("\n| Kernel | Field | %s (runs %d, %d) | %s (runs %d, %d) | speedup |", ctl, ra, rb, cand, ka, kb))
                out("|---|---|---|---|---|")
            } else {
                row = "| " host " |"
                for (j = 1; j <= nt[ph]; j++) {
                    t = tlist[ph, j]; plo = ""; phi = ""; cnt = 0
                    for (x = 1; x <= nw[ph]; x++) {
                        w = worder[ph, x]
                        if (!((w, "-", t) in P)) continue
                        p = P[w, "-", t]; cnt++
                        if (plo == "" || p < plo) plo = p
                        if (phi == "" || p > phi) phi = p
                    }
                    cell = cnt ? range(plo, phi) : "-"
                    if (cnt && oversub(t)) cell = cell sprintf(" (oversubscribed: %d threads on %d cores)", t, cores)
                    row = row " " cell " |"
                }
                out(row)
                out(sprintf("\n| Workload | Threads | %s (runs %d, %d) | %s (runs %d, %d) | speedup | digest | |", ctl, ra, rb, cand, ka, kb))
                out("|---|---|---|---|---|---|---|")
            }
            for (x = 1; x <= ndet; x++) out(det[x])
            if (missing) bad = 1
        }
    }
    if (mismatch) { out("\nmain_job: DIGEST MISMATCH between configurations (see above)"); exit 1 }
    if (bad) exit 1
}
' "${args[@]}"
}

# Copy the results where --json / --csv / --md asked for them.
publish() { # DIR
    if [ -n "$JSON" ]; then
        mkdir -p "$(dirname "$JSON")"
        if [ -d "$1/runs" ]; then cat "$1"/runs/*.jsonl >> "$JSON" 2>/dev/null || true; fi
        cat "$1/compare.jsonl" >> "$JSON"
    fi
    if [ -n "$CSV" ]; then mkdir -p "$(dirname "$CSV")"; cp "$1/compare.csv" "$CSV"; fi
    if [ -n "$MD" ]; then mkdir -p "$(dirname "$MD")"; cp "$1/tables.md" "$MD"; fi
    echo
    echo "results: $1 (tables.md, compare.jsonl, compare.csv, runs/)${JSON:+; appended to $JSON}"
}

if [ -n "$ANALYSE" ]; then
    analyse "$ANALYSE"
    publish "$ANALYSE"
    exit 0
fi

# ------------------------------------------------------------------ the runs
read -r -a CFG <<< "$CONFIGS"
[ ${#CFG[@]} -ge 2 ] || { echo "main_job: --configs needs at least two configurations" >&2; exit 2; }
for c in "${CFG[@]}"; do cmake_flags_of "$c" > /dev/null; done
for c in "${CFG[@]}"; do
    if [ "$c" != portable ] && { [ "$(uname -m)" != x86_64 ] || ! grep -qw adx /proc/cpuinfo ||
                                 ! grep -qw bmi2 /proc/cpuinfo; }; then
        echo "main_job: this CPU lacks x86-64 BMI2/ADX: configuration $c cannot run; nothing to compare"
        exit 0
    fi
done

HOST=$(host_cpu)
CORES=$(nproc 2>/dev/null || echo 1)
[ -n "$OUT" ] || OUT=bench-results/main-$(date +%Y%m%d-%H%M%S)
mkdir -p "$OUT/runs" "$OUT/logs"
rm -f "$OUT"/runs/*.jsonl
echo "$HOST" > "$OUT/host.txt"
echo "$CORES" > "$OUT/cores.txt"
: > "$OUT/manifest.tsv"
T0=$SECONDS

echo "== main job ($MODE): host $HOST, $CORES cores; configurations ${CFG[*]} (candidate ${CFG[-1]})"

dir_of() { echo "$BUILD_PREFIX-$1"; }
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
    cmake --build "$dir" --target pasta_bench prover_bench -j"$JOBS" > "$OUT/logs/build-$1.log" 2>&1 ||
        { tail -n 40 "$OUT/logs/build-$1.log" >&2; exit 1; }
}

declare -A SHA
for c in "${CFG[@]}"; do
    if [ "$BUILD" = 1 ]; then
        t=$SECONDS
        echo "== build $c ($(dir_of "$c"): $(cmake_flags_of "$c"))"
        build_config "$c"
        echo "   $((SECONDS - t)) s"
    fi
    bin=$(bin_of "$c")
    [ -x "$bin" ] || { echo "main_job: missing $bin (drop --no-build)" >&2; exit 1; }
    got=$("$bin" --version | awk '$1 == "config:" { print $2; exit }')
    [ "$got" = "$c" ] || { echo "main_job: $bin reports config '$got', expected '$c'" >&2; exit 1; }
    SHA[$c]=$(sha256sum "$bin" | cut -d' ' -f1)
done
echo "== executables"
for c in "${CFG[@]}"; do
    printf '   %-9s sha256 %s  %s\n' "$c" "${SHA[$c]}" "$(bin_of "$c")"
    [ -x "$(prover_of "$c")" ] &&
        printf '   %-9s sha256 %s  %s\n' "" "$(sha256sum "$(prover_of "$c")" | cut -d' ' -f1)" "$(prover_of "$c")"
    printf '   %-9s %s\n' "" "$("$(bin_of "$c")" --version | sed -n 's/^build: //p')"
done | tee "$OUT/executables.txt"

# control-candidate-candidate-control around the middle: C1..Cm Cm..C1
ORDER=("${CFG[@]}")
for ((i = ${#CFG[@]} - 1; i >= 0; i--)); do ORDER+=("${CFG[i]}"); done

filter_for() { # backend -> field/add/fp/BE/,...
    local f="" op fld
    for op in $OPS; do for fld in $FIELDS; do f="$f${f:+,}field/$op/$fld/$1/"; done; done
    echo "$f"
}

# the prover suite: prover_bench (pasta_halo2's program) beside pasta_bench in each build
has_prover() { [ -x "$(dirname "$(dirname "$1")")/prover_bench/prover_bench" ]; }

e2e_default() { # the default end-to-end command (environment as for --e2e-cmd)
    if has_prover "$PASTA_BENCH"; then
        # shellcheck disable=SC2086  # PROVER_ARGS is a list of options
        "$PASTA_BUILD_DIR/prover_bench/prover_bench" bench --circuit orchard_k11 \
            --backend "$PASTA_BENCH_BACKEND" --actions "$ACTIONS" \
            --threads "$THREADS" $PROVER_ARGS --json "$PASTA_E2E_JSON"
    else
        local be=$PASTA_BENCH_BACKEND
        # shellcheck disable=SC2086
        "$PASTA_BENCH" --suite msm,ntt --backend "$be" $STANDIN_ARGS --json "$PASTA_E2E_JSON" \
            --filter "msm/var/pallas/$be/2049/1,ntt/fwd/fp/$be/2048/,ntt/fwd/fp/$be/16384/"
    fi
}

run_phase() { # phase
    local i=0 c be file
    for c in "${ORDER[@]}"; do
        i=$((i + 1))
        be=$(backend_of "$c")
        file=runs/$1-$i-$c.jsonl
        : > "$OUT/$file"
        echo "== $1 run $i/${#ORDER[@]}: $c ($be)"
        if [ "$1" = kernel ]; then
            # shellcheck disable=SC2086  # KERNEL_ARGS is a list of options
            "$(bin_of "$c")" --suite field --backend "$be" --filter "$(filter_for "$be")" \
                $KERNEL_ARGS --json "$OUT/$file" > "$OUT/logs/$1-$i-$c.log"
        else
            export PASTA_BENCH PASTA_BENCH_BACKEND PASTA_BENCH_CONFIG PASTA_BUILD_DIR \
                PASTA_BENCH_MODE PASTA_E2E_JSON
            PASTA_BENCH=$(bin_of "$c") PASTA_BENCH_BACKEND=$be PASTA_BENCH_CONFIG=$c
            PASTA_BUILD_DIR=$(dir_of "$c") PASTA_BENCH_MODE=$MODE PASTA_E2E_JSON=$OUT/$file
            if [ -n "$E2E_CMD" ]; then
                bash -c "$E2E_CMD" > "$OUT/logs/$1-$i-$c.log" 2>&1
            else
                e2e_default > "$OUT/logs/$1-$i-$c.log" 2>&1
            fi
        fi || { tail -n 20 "$OUT/logs/$1-$i-$c.log" >&2; echo "main_job: $1 run $i ($c) failed" >&2; exit 1; }
        printf '%s\t%d\t%s\t%s\t%s\t%s\n' "$1" "$i" "$c" "$be" "$file" "${SHA[$c]}" >> "$OUT/manifest.tsv"
    done
}

[ "$DO_KERNELS" = 1 ] && run_phase kernel
if [ "$DO_E2E" = 1 ]; then
    if has_prover "$(bin_of "${CFG[-1]}")" || [ -n "$E2E_CMD" ]; then
        echo "== end to end: ${E2E_CMD:-the prover suite (orchard_k11, actions $ACTIONS x threads $THREADS)}"
    else
        echo "== end to end: no prover suite in pasta_bench yet; stand-in: msm var pallas n=2049, ntt fwd fp 2^11 and 2^14"
    fi
    run_phase e2e
    if [ -z "$E2E_CMD" ] && has_prover "$(bin_of "${CFG[-1]}")"; then
        echo "== per-phase breakdown of each end-to-end run (prover_bench's tables)"
        for f in "$OUT"/logs/e2e-*.log; do
            echo "-- $(basename "$f" .log)"
            sed -n '/^# orchard_k11: prove, per phase/,$p' "$f"
        done | tee "$OUT/phases.txt"
    fi
fi
echo "== analysis ($((SECONDS - T0)) s so far)"
analyse "$OUT"
publish "$OUT"
echo "main_job: done in $((SECONDS - T0)) s"
