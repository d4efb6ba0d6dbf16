#!/bin/bash
# Thread-count scaling study: speedup and parallel efficiency per workload and per prover
# phase, with plots (gnuplot, bench/scaling.gp).
#
#   bench/scaling.sh [--quick] [--build-dir DIR]... [--backend auto|portable|x86_64-asm|all]
#                    [--max-threads N] [--oversubscribe] [--threads LIST]
#                    [--workloads LIST] [--samples N] [--measure S] [--out DIR]
#                    [--model-threads LIST] [--json FILE] [--csv FILE]
#   bench/scaling.sh --analyse DIR [--json FILE] [--csv FILE]   (redo tables and plots)
#
# Workloads (--workloads, comma-separated; default all): msm (Pallas var and fixed-base
# MSM, n = 2049 and 2^16: pasta_bench --suite msm), ntt (forward NTT on Fp, 2^14 and 2^16:
# --suite ntt), plonk (prover_bench's plonk_k11 prove), orchard (orchard_k11 prove, 1 and 4
# actions). pasta_bench's msm and ntt rows take --threads LIST and are wall time at every
# thread count; prover_bench measures 1 thread as the thread's CPU time, more as wall time
# (its choice: the CPU time at 1 thread leaves out preemption by other processes).
# Threads: 1, 2, 4, 8, 16 up to --max-threads (default: the physical cores, lscpu), plus
# --max-threads itself; --threads LIST replaces the sweep. More threads than cores needs
# --oversubscribe; those points are marked (SMT: on sibling hyperthreads; oversubscribed:
# more threads than logical CPUs), never to be read as scaling.
# Backends: --backend (default auto, the build's run-time choice) per build directory;
# all = every backend the build runs here. Several --build-dir (e.g. build-main-portable
# build-main-asm of `make bench`) compare configurations; a variant is CONFIG/BACKEND.
# Model: the prover workloads at the thread counts of 2, 4, 8, 16 above the cores (or
# --model-threads LIST; "none" for none) come from bench/model.sh (docs/PARALLEL.md): the
# time predicted from a traced 1-thread run, marked "model" (clock "model", "model":true).
# --quick (CI): threads 1 and 2, model 4, msm var n = 2049, ntt 2^14, plonk only, few samples,
# every backend; checks that the plots exist and are non-empty.
#
# Output in --out DIR (default bench-results/scaling-STAMP): raw.jsonl (the programs' JSON
# lines), host.txt, scaling.jsonl and scaling.csv (suite "scaling": per variant, workload,
# phase and thread count the median with its 95% interval, speedup over 1 thread and
# efficiency = speedup / threads, with intervals from the intervals of both times),
# tables.md (also printed), and plots/: speedup-VARIANT (speedup vs threads per workload,
# ideal line), phases-VARIANT-WORKLOAD (efficiency per prover phase, bars grouped by
# thread count), asm-vs-portable (portable time / asm time per thread count), each .png
# and .svg. The prover digests must agree across thread counts and backends: a
# difference stops the run with an error.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-2}"; }

QUICK=0 BACKEND=auto MAXT="" OVERSUB=0 TLIST="" WORKLOADS="msm,ntt,plonk,orchard"
SAMPLES="" MEASURE="" OUT="" JSON_OUT="" CSV_OUT="" ANALYSE="" BUILDS=() MODELT=""
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) QUICK=1 ;;
        --build-dir) BUILDS+=("${2:?}"); shift ;;
        --backend) BACKEND=${2:?}; shift ;;
        --max-threads) MAXT=${2:?}; shift ;;
        --oversubscribe) OVERSUB=1 ;;
        --threads) TLIST=${2:?}; shift ;;
        --workloads) WORKLOADS=${2:?}; shift ;;
        --model-threads) MODELT=${2:?}; shift ;;
        --samples) SAMPLES=${2:?}; shift ;;
        --measure) MEASURE=${2:?}; shift ;;
        --out) OUT=${2:?}; shift ;;
        --json) JSON_OUT=${2:?}; shift ;;
        --csv) CSV_OUT=${2:?}; shift ;;
        --analyse) ANALYSE=${2:?}; shift ;;
        -h|--help) usage 0 ;;
        *) echo "scaling.sh: unknown option $1" >&2; usage ;;
    esac
    shift
done
die() { echo "scaling.sh: $*" >&2; exit 1; }
isint() { [[ "$1" =~ ^[1-9][0-9]*$ ]]; }

PHASES="advice lookups permutation quotient_ntt gates h_commit evaluations multiopen ipa"

# ---- host
host_info() { # -> host.txt: model, cores, cpus, threads per core, OpenMP settings
    local model tpc cps sockets cpus
    model=$(scripts/host-cpu.sh)
    tpc=$(lscpu 2>/dev/null | sed -n 's/^Thread(s) per core:[[:space:]]*//p' | head -n1)
    cps=$(lscpu 2>/dev/null | sed -n 's/^Core(s) per socket:[[:space:]]*//p' | head -n1)
    sockets=$(lscpu 2>/dev/null | sed -n 's/^Socket(s):[[:space:]]*//p' | head -n1)
    cpus=$(nproc 2>/dev/null || echo 1)
    isint "${tpc:-}" || tpc=1
    local cores=$cpus
    isint "${cps:-}" && isint "${sockets:-}" && cores=$((cps * sockets))
    [ "$cores" -gt "$cpus" ] && cores=$cpus # an affinity mask smaller than the machine
    {
        echo "model=${model:-unknown}"
        echo "cores=$cores"
        echo "cpus=$cpus"
        echo "threads_per_core=$tpc"
        local v
        for v in OMP_NUM_THREADS OMP_PROC_BIND OMP_PLACES OMP_WAIT_POLICY GOMP_SPINCOUNT; do
            echo "$v=${!v-(unset)}"
        done
    }
}

# ---- analysis: raw.jsonl + host.txt -> scaling.jsonl, scaling.csv, tables.md, plots/*.dat
analyse() { # DIR
    local dir=$1
    [ -s "$dir/raw.jsonl" ] || die "$dir/raw.jsonl: missing or empty"
    [ -s "$dir/host.txt" ] || die "$dir/host.txt: missing"
    mkdir -p "$dir/plots"
    rm -f "$dir"/plots/*.dat "$dir"/plots/*.png "$dir"/plots/*.svg "$dir/plots.tsv"
    awk -v dir="$dir" -v phases="$PHASES" '
    function str(l, k,   m) {
        if (match(l, "\"" k "\":\"[^\"]*\"")) { m = substr(l, RSTART, RLENGTH); sub(/^"[^"]*":"/, "", m); sub(/"$/, "", m); return m }
        return ""
    }
    function num(l, k,   m) {
        if (match(l, "\"" k "\":-?[0-9.eE+-]+")) { m = substr(l, RSTART, RLENGTH); sub(/^"[^"]*":/, "", m); return m + 0 }
        return ""
    }
    function pow2(n,   e) { e = 0; while (n > 1 && n % 2 == 0) { n /= 2; e++ } return n == 1 && e >= 12 ? "2^" e : "" }
    function nlabel(n,   p) { p = pow2(n); return p != "" ? p : n }
    function ftime(ns) {
        if (ns >= 1e9) return sprintf("%.3f s", ns / 1e9)
        if (ns >= 1e6) return sprintf("%.2f ms", ns / 1e6)
        return sprintf("%.1f us", ns / 1e3)
    }
    function fname(s) { gsub(/[^A-Za-z0-9_.-]+/, "_", s); return s }
    function mark(t) { return (t in modelt) ? " (model)" : t > cpus ? " !" : t > cores ? " *" : "" }
    function longmark(t) { return (t in modelt) ? " (model)" : t > cpus ? " (oversubscribed)" : t > cores ? " (SMT)" : "" }
    function thr(t) { return t " thread" (t > 1 ? "s" : "") mark(t) }
    function jstr(s) { return s == "" ? "null" : "\"" s "\"" }
    function addw(w) { if (!(w in wseen)) { wseen[w] = 1; W[++nw] = w } }
    function addv(v) { if (!(v in vseen)) { vseen[v] = 1; V[++nv] = v } }
    function addt(t) { if (!(t in tseen)) { tseen[t] = 1; T[++nt] = t } }
    FILENAME ~ /host.txt$/ { i = index($0, "="); H[substr($0, 1, i - 1)] = substr($0, i + 1); next }
    {
        suite = str($0, "suite"); name = str($0, "name"); be = str($0, "backend")
        cfg = str($0, "config"); t = num($0, "threads"); n = num($0, "n"); ph = ""
        if (suite == "msm") {
            w = "msm " name " n=" nlabel(n); order = 1
        } else if (suite == "ntt") {
            w = "ntt " name " " str($0, "field") " n=" nlabel(n); order = 2
        } else if (suite == "prover") {
            circ = name; if ((i = index(name, "/")) > 0) { circ = substr(name, 1, i - 1); ph = substr(name, i + 1) }
            if (ph == "verify" || ph == "keygen") next
            a = num($0, "actions")
            w = circ; order = 3
            if (circ == "orchard_k11") w = circ " " a (a == 1 ? " action" : " actions")
            if (ph == "") { dg = str($0, "digest"); if (dg == "") { print "no digest in a prover row: " $0 > "/dev/stderr"; bad = 1 }
                            digest[w, cfg "/" be, t] = dg
                            if (!(w in wdig)) { wdig[w] = dg; wdigfrom[w] = cfg "/" be " threads " t }
                            else if (wdig[w] != dg) {
                                printf "DIGEST MISMATCH %s: %s at %s, %s at %s/%s threads %d\n", w, wdig[w], wdigfrom[w], dg, cfg, be, t > "/dev/stderr"
                                bad = 1 } }
            else isprover[w] = 1
        } else next
        v = cfg "/" be
        key = v SUBSEP w SUBSEP ph SUBSEP t
        if (key in med) { print "two results for " v " " w " " ph " threads " t > "/dev/stderr"; bad = 1 }
        med[key] = num($0, "median_ns"); lo[key] = num($0, "lo_ns"); hi[key] = num($0, "hi_ns")
        clk[key] = str($0, "clock")
        if (clk[key] == "model") modelt[t] = 1
        if (!(w in word)) word[w] = order * 1e12 + (suite == "prover" ? NR : n * 10 + (name == "fixed"))
        addw(w); addv(v); addt(t)
        if (ph != "") { phs[w, ph] = 1 }
        cpu = str($0, "cpu")
    }
    END {
        if (bad) exit 1
        cores = H["cores"] + 0; cpus = H["cpus"] + 0
        # sort workloads by (kind, size), threads ascending (insertion sorts: short lists)
        for (i = 2; i <= nw; i++) { x = W[i]; for (j = i - 1; j >= 1 && word[W[j]] > word[x]; j--) W[j + 1] = W[j]; W[j + 1] = x }
        for (i = 2; i <= nt; i++) { x = T[i]; for (j = i - 1; j >= 1 && T[j] > x; j--) T[j + 1] = T[j]; T[j + 1] = x }
        np = split(phases, P, " ")
        md = dir "/tables.md"; js = dir "/scaling.jsonl"; csv = dir "/scaling.csv"
        printf "" > js
        print "variant,config,backend,workload,phase,threads,cores,cpus,oversubscribed,smt,median_ns,lo_ns,hi_ns,clock,speedup,speedup_lo,speedup_hi,efficiency,efficiency_lo,efficiency_hi,digest" > csv
        printf "## Thread scaling\n\nHost: %s, %d cores, %d logical CPUs, %s thread(s) per core. OpenMP: OMP_NUM_THREADS=%s OMP_PROC_BIND=%s OMP_PLACES=%s OMP_WAIT_POLICY=%s GOMP_SPINCOUNT=%s.\n", \
            H["model"], cores, cpus, H["threads_per_core"], H["OMP_NUM_THREADS"], H["OMP_PROC_BIND"], H["OMP_PLACES"], H["OMP_WAIT_POLICY"], H["GOMP_SPINCOUNT"] > md
        printf "Speedup = time(1 thread) / time(t); efficiency = speedup / t; intervals from the 95%% intervals of both medians. " > md
        printf "`*` SMT: more threads than cores (sibling hyperthreads); `!` oversubscribed: more threads than logical CPUs. Neither is scaling. \"model\": predicted from a traced 1-thread run (bench/model.sh, docs/PARALLEL.md), not measured.\n" > md
        for (vi = 1; vi <= nv; vi++) {
            v = V[vi]; split(v, vc, "/")
            printf "\n### %s\n\n| Workload | Threads | Median (95%% CI) | Speedup (95%% CI) | Efficiency (95%% CI) |\n|---|---|---|---|---|\n", v > md
            sfile = "speedup-" fname(v); sdat = dir "/plots/" sfile ".dat"; ncol = 1; hdr = "threads"
            for (wi = 1; wi <= nw; wi++) if ((v, W[wi], "", 1) in med) { ncol++; hdr = hdr " \"" W[wi] "\""; incol[wi] = 1 } else incol[wi] = 0
            if (ncol > 1) print hdr > sdat
            for (ti = 1; ti <= nt; ti++) {
                t = T[ti]; line = t
                for (wi = 1; wi <= nw; wi++) if (incol[wi]) {
                    k = v SUBSEP W[wi] SUBSEP "" SUBSEP t; k1 = v SUBSEP W[wi] SUBSEP "" SUBSEP 1
                    line = line " " ((k in med) ? sprintf("%.4f", med[k1] / med[k]) : "NaN")
                }
                if (ncol > 1) print line > sdat
            }
            if (ncol > 1) { close(sdat); printf "speedup\t%s\t%s\t%d\t%s\n", sdat, dir "/plots/" sfile, ncol, "Speedup over 1 thread: " v " on " H["model"] " (" cores " cores, " cpus " CPUs)" > (dir "/plots.tsv") }
            for (wi = 1; wi <= nw; wi++) {
                w = W[wi]
                # the total first, then each phase of a prover
                for (pi = 0; pi <= (w in isprover ? np : 0); pi++) {
                    ph = pi == 0 ? "" : P[pi]
                    if (pi > 0 && !((w, ph) in phs)) continue
                    k1 = v SUBSEP w SUBSEP ph SUBSEP 1
                    for (ti = 1; ti <= nt; ti++) {
                        t = T[ti]; k = v SUBSEP w SUBSEP ph SUBSEP t
                        if (!(k in med)) continue
                        ismodel = clk[k] == "model"
                        over = !ismodel && t > cpus; smt = !ismodel && !over && t > cores
                        if ((k1 in med) && med[k] > 0 && lo[k] > 0) {
                            s = med[k1] / med[k]; slo = lo[k1] / hi[k]; shi = hi[k1] / lo[k]
                            e = s / t; elo = slo / t; ehi = shi / t
                            S[k] = s; E[k] = e
                            sj = sprintf("%.4f", s); sloj = sprintf("%.4f", slo); shij = sprintf("%.4f", shi)
                            ej = sprintf("%.4f", e); eloj = sprintf("%.4f", elo); ehij = sprintf("%.4f", ehi)
                        } else sj = sloj = shij = ej = eloj = ehij = "null"
                        dg = ph == "" && ((w, v, t) in digest) ? digest[w, v, t] : ""
                        printf "{\"suite\":\"scaling\",\"name\":\"%s\",\"phase\":%s,\"variant\":\"%s\",\"config\":\"%s\",\"backend\":\"%s\",\"threads\":%d,\"cores\":%d,\"cpus\":%d,\"oversubscribed\":%s,\"smt\":%s,\"model\":%s,\"median_ns\":%.9g,\"lo_ns\":%.9g,\"hi_ns\":%.9g,\"clock\":%s,\"speedup\":%s,\"speedup_lo\":%s,\"speedup_hi\":%s,\"efficiency\":%s,\"efficiency_lo\":%s,\"efficiency_hi\":%s,\"digest\":%s,\"cpu\":\"%s\",\"host\":\"%s\"}\n", \
                            w, jstr(ph), v, vc[1], vc[2], t, cores, cpus, over ? "true" : "false", smt ? "true" : "false", ismodel ? "true" : "false", med[k], lo[k], hi[k], jstr(clk[k]), sj, sloj, shij, ej, eloj, ehij, jstr(dg), cpu, H["model"] > js
                        printf "%s,%s,%s,\"%s\",%s,%d,%d,%d,%s,%s,%.9g,%.9g,%.9g,%s,%s,%s,%s,%s,%s,%s,%s\n", v, vc[1], vc[2], w, ph, t, cores, cpus, over ? "true" : "false", smt ? "true" : "false", med[k], lo[k], hi[k], clk[k], \
                            sj == "null" ? "" : sj, sloj == "null" ? "" : sloj, shij == "null" ? "" : shij, ej == "null" ? "" : ej, eloj == "null" ? "" : eloj, ehij == "null" ? "" : ehij, dg > csv
                        if (ph == "")
                            printf "| %s | %d%s | %s (%s, %s)%s | %s | %s |\n", w, t, ismodel ? "" : mark(t), ftime(med[k]), ftime(lo[k]), ftime(hi[k]), \
                                (clk[k] == "thread_cpu" ? " cpu" : ismodel ? " model" : ""), (sj == "null" ? "-" : sprintf("%.2f (%.2f–%.2f)", s, slo, shi)), \
                                (sj == "null" ? "-" : sprintf("%.0f%% (%.0f–%.0f%%)", 100 * e, 100 * elo, 100 * ehi)) > md
                    }
                }
            }
            # per phase of each prover workload: efficiency at each thread count
            for (wi = 1; wi <= nw; wi++) {
                w = W[wi]; if (!(w in isprover)) continue
                k1 = v SUBSEP w SUBSEP "" SUBSEP 1; if (!(k1 in med)) continue
                printf "\n#### %s per phase (%s): efficiency (speedup) by threads\n\n| Phase | 1 thread | Share |", w, v > md
                hdr = "phase"; ncol = 1
                for (ti = 1; ti <= nt; ti++) if (T[ti] > 1 && ((v, w, "", T[ti]) in med)) {
                    t = T[ti]; printf " %s |", thr(t) > md
                    hdr = hdr " \"" t " threads" longmark(t) "\""; ncol++ }
                printf "\n|---|---|---|" > md; for (c = 2; c <= ncol; c++) printf "---|" > md; printf "\n" > md
                pfile = "phases-" fname(v) "-" fname(w); pdat = dir "/plots/" pfile ".dat"
                print hdr > pdat; anydrawn = 0
                for (pi = 1; pi <= np; pi++) {
                    ph = P[pi]; kp1 = v SUBSEP w SUBSEP ph SUBSEP 1
                    if (!(kp1 in med)) continue
                    share = med[kp1] / med[k1]
                    printf "| %s | %s | %.1f%% |", ph, ftime(med[kp1]), 100 * share > md
                    line = ph; drawn = 0
                    for (ti = 1; ti <= nt; ti++) if (T[ti] > 1 && ((v, w, "", T[ti]) in med)) {
                        t = T[ti]; kp = v SUBSEP w SUBSEP ph SUBSEP t
                        # phases under 1% of the 1-thread time are too short to judge
                        if ((kp in E) && share >= 0.01) {
                            printf " %.0f%% (%.2f) |", 100 * E[kp], S[kp] > md; line = line sprintf(" %.2f", 100 * E[kp]); drawn = 1
                            if (!((w, t) in worst) || E[kp] < E[v SUBSEP w SUBSEP worst[w, t] SUBSEP t]) worst[w, t] = ph
                        } else { printf " - |" > md; line = line " NaN" }
                    }
                    printf "\n" > md; if (drawn) { print line > pdat; anydrawn = 1 }
                }
                close(pdat)
                if (anydrawn) printf "phases\t%s\t%s\t%d\t%s\n", pdat, dir "/plots/" pfile, ncol, "Parallel efficiency per phase (those of 1% of the time or more): " w ", " v > (dir "/plots.tsv")
                last = 0
                for (ti = 1; ti <= nt; ti++) if (((w, T[ti]) in worst)) {
                    t = T[ti]; ph = worst[w, t]; kp = v SUBSEP w SUBSEP ph SUBSEP t
                    printf "%s at %d threads%s: %s (%.0f%% efficiency, %.1f%% of the 1-thread time)", (last ? ";" : "\nLowest efficiency"), t, longmark(t), ph, 100 * E[kp], 100 * med[v SUBSEP w SUBSEP ph SUBSEP 1] / med[k1] > md
                    last = 1
                    delete worst[w, t]
                }
                if (last) printf ".\n" > md
            }
        }
        # asm vs portable: time(portable) / time(asm) per workload and thread count, on the
        # first variant of each backend
        for (vi = 1; vi <= nv; vi++) { split(V[vi], vc, "/"); if (vc[2] == "portable" && vp == "") vp = V[vi]; if (vc[2] != "portable" && va == "") va = V[vi] }
        if (vp != "" && va != "") {
            printf "\n### asm vs portable: time(%s) / time(%s)\n\n| Workload |", vp, va > md
            for (ti = 1; ti <= nt; ti++) printf " %s |", thr(T[ti]) > md
            printf "\n|---|" > md; for (ti = 1; ti <= nt; ti++) printf "---|" > md; printf "\n" > md
            adat = dir "/plots/asm-vs-portable.dat"; hdr = "threads"; ncol = 1
            for (wi = 1; wi <= nw; wi++) {
                w = W[wi]; has = 0
                for (ti = 1; ti <= nt; ti++) if (((vp, w, "", T[ti]) in med) && ((va, w, "", T[ti]) in med)) has = 1
                inA[wi] = has; if (!has) continue
                hdr = hdr " \"" w "\""; ncol++
                printf "| %s |", w > md
                for (ti = 1; ti <= nt; ti++) {
                    kp = vp SUBSEP w SUBSEP "" SUBSEP T[ti]; ka = va SUBSEP w SUBSEP "" SUBSEP T[ti]
                    if ((kp in med) && (ka in med)) printf " %.2fx |", med[kp] / med[ka] > md; else printf " - |" > md
                }
                printf "\n" > md
            }
            if (ncol > 1) {
                print hdr > adat
                for (ti = 1; ti <= nt; ti++) {
                    line = T[ti]
                    for (wi = 1; wi <= nw; wi++) if (inA[wi]) {
                        kp = vp SUBSEP W[wi] SUBSEP "" SUBSEP T[ti]; ka = va SUBSEP W[wi] SUBSEP "" SUBSEP T[ti]
                        line = line " " (((kp in med) && (ka in med)) ? sprintf("%.4f", med[kp] / med[ka]) : "NaN")
                    }
                    print line > adat
                }
                close(adat)
                printf "asm\t%s\t%s\t%d\t%s\n", adat, dir "/plots/asm-vs-portable", ncol, "Portable time / asm time (" vp " vs " va ")" > (dir "/plots.tsv")
            }
        }
        # every prover point must have its phases
        for (vi = 1; vi <= nv; vi++) for (wi = 1; wi <= nw; wi++) if (W[wi] in isprover)
            for (ti = 1; ti <= nt; ti++) if (((V[vi], W[wi], "", T[ti]) in med) && !((V[vi], W[wi], P[1], T[ti]) in med)) {
                printf "%s %s threads %d: no phase rows (phase names changed? expected: %s)\n", V[vi], W[wi], T[ti], phases > "/dev/stderr"; exit 1 }
    }' "$dir/host.txt" "$dir/raw.jsonl"
    [ -n "$JSON_OUT" ] && cat "$dir/scaling.jsonl" >> "$JSON_OUT"
    [ -n "$CSV_OUT" ] && cp "$dir/scaling.csv" "$CSV_OUT"
    # plots: one gnuplot call per data file
    local cores kind dat base ncol title png
    cores=$(sed -n 's/^cores=//p' "$dir/host.txt")
    cpus=$(sed -n 's/^cpus=//p' "$dir/host.txt")
    command -v gnuplot > /dev/null || die "gnuplot not found (Debian: gnuplot-nox, scripts/deps.sh)"
    png=pngcairo
    gnuplot -e "set terminal pngcairo" > /dev/null 2>&1 || png=png
    [ -s "$dir/plots.tsv" ] || die "no plot data"
    while IFS=$'\t' read -r kind dat base ncol title; do
        gnuplot -e "kind='$kind'; dat='$dat'; out='$base'; ncol=$ncol; cores=$cores; cpus=$cpus; pngterm='$png'; ttl='$title'" \
            bench/scaling.gp || die "gnuplot failed on $dat"
        for f in "$base.png" "$base.svg"; do [ -s "$f" ] || die "plot $f missing or empty"; done
    done < "$dir/plots.tsv"
    cat "$dir/tables.md"
    echo
    echo "scaling: $dir/tables.md, $dir/scaling.jsonl, $dir/scaling.csv, plots:"
    ls "$dir"/plots/*.png "$dir"/plots/*.svg | sed 's/^/  /'
}

if [ -n "$ANALYSE" ]; then
    analyse "$ANALYSE"
    exit 0
fi

# ---- measure
[ ${#BUILDS[@]} -gt 0 ] || BUILDS=(build)
if [ -z "$OUT" ]; then OUT=bench-results/scaling-$(date +%Y%m%d-%H%M%S); fi
mkdir -p "$OUT"
: > "$OUT/raw.jsonl"
host_info > "$OUT/host.txt"
CORES=$(sed -n 's/^cores=//p' "$OUT/host.txt")
CPUS=$(sed -n 's/^cpus=//p' "$OUT/host.txt")

if [ "$QUICK" = 1 ]; then
    THREADS=${TLIST:-1,2}
    [ "$BACKEND" = auto ] && BACKEND=all
    WORKLOADS=msm,ntt,plonk
    SAMPLES=${SAMPLES:-6} MEASURE=${MEASURE:-0.2} WARMUP=0.02 PWARM=0
    OVERSUB=1 # a 1-core CI runner still checks the tooling (the points are marked)
else
    SAMPLES=${SAMPLES:-10} MEASURE=${MEASURE:-2} WARMUP=0.3 PWARM=1
    if [ -n "$TLIST" ]; then
        THREADS=$TLIST
    else
        MAXT=${MAXT:-$CORES}
        isint "$MAXT" || die "--max-threads: not a positive integer: $MAXT"
        THREADS="" t=1
        while [ "$t" -le "$MAXT" ] && [ "$t" -le 16 ]; do THREADS+="${THREADS:+,}$t"; t=$((t * 2)); done
        case ",$THREADS," in *",$MAXT,"*) ;; *) THREADS+=",$MAXT" ;; esac
    fi
fi
[[ "$THREADS" =~ ^[0-9]+(,[0-9]+)*$ ]] || die "--threads: expected a list like 1,2,4: $THREADS"
case ",$THREADS," in *",1,"*) ;; *) die "the thread list must contain 1 (the speedup reference): $THREADS" ;; esac
IFS=, read -r -a TARR <<< "$THREADS"
for w in ${WORKLOADS//,/ }; do
    case "$w" in msm|ntt|plonk|orchard) ;; *) die "--workloads: unknown workload $w (msm, ntt, plonk, orchard)" ;; esac
done
for t in "${TARR[@]}"; do
    isint "$t" || die "--threads: not a positive integer: $t"
    if [ "$t" -gt "$CORES" ] && [ "$OVERSUB" = 0 ]; then
        die "$t threads on $CORES cores: pass --oversubscribe to measure it anyway (marked)"
    fi
done
isint "$SAMPLES" || die "--samples: not a positive integer: $SAMPLES"
# the modelled thread counts: above the cores and not measured
if [ -z "$MODELT" ]; then
    if [ "$QUICK" = 1 ]; then MODELT=4; else
        for t in 2 4 8 16; do
            [ "$t" -gt "$CORES" ] && ! [[ ",$THREADS," == *",$t,"* ]] && MODELT+="${MODELT:+,}$t"
        done
    fi
fi
[ "$MODELT" = none ] && MODELT=""
[ -z "$MODELT" ] || [[ "$MODELT" =~ ^[0-9]+(,[0-9]+)*$ ]] || die "--model-threads: expected a list like 8,16: $MODELT"
for t in ${MODELT//,/ }; do
    [[ ",$THREADS," == *",$t,"* ]] && die "--model-threads: $t threads is measured too"
done

echo "scaling: host $(sed -n 's/^model=//p' "$OUT/host.txt"), $CORES cores, $CPUS logical CPUs; threads $THREADS${MODELT:+; model $MODELT}; samples $SAMPLES"
sed -n 's/^\(OMP_\|GOMP_\)/  \1/p' "$OUT/host.txt"
for t in "${TARR[@]}"; do
    if [ "$t" -gt "$CPUS" ]; then echo "scaling: warning: $t threads on $CPUS logical CPUs: oversubscribed, not scaling"
    elif [ "$t" -gt "$CORES" ]; then echo "scaling: warning: $t threads on $CORES cores: SMT siblings, not core scaling"; fi
done

# prover_bench's --filter: the prove rows and their phases (not verify, keygen)
pfilter() { # CIRCUIT
    local f="prover/$1/-/" p
    for p in $PHASES; do f+=",prover/$1/$p/"; done
    echo "$f"
}
# The digests so far: the same bytes at every thread count and backend, else stop.
check_digests() {
    awk 'match($0, /"suite":"prover","name":"[a-z0-9_]+",/) {
        w = substr($0, RSTART, RLENGTH)
        a = match($0, /"actions":[0-9]+/) ? substr($0, RSTART, RLENGTH) : ""
        d = match($0, /"digest":"[^"]*"/) ? substr($0, RSTART, RLENGTH) : "none"
        if ((w a) in seen && seen[w a] != d) { print "DIGEST MISMATCH: " w a " " seen[w a] " vs " d > "/dev/stderr"; exit 1 }
        seen[w a] = d }' "$OUT/raw.jsonl" || die "the prover's output depends on the thread count or backend"
}

has() { case ",$WORKLOADS," in *",$1,"*) return 0 ;; esac; return 1; }
seen_variants=""
for b in "${BUILDS[@]}"; do
    PB=$b/bench/pasta_bench PR=$b/prover_bench/prover_bench
    [ -x "$PB" ] || die "$PB not found (make build BUILD_DIR=$b)"
    [ -x "$PR" ] || die "$PR not found (make build BUILD_DIR=$b)"
    cfg=$("$PB" --version | sed -n 's/^config: //p')
    # the backends this build runs here, by their names in the JSON lines
    probe=$(mktemp)
    "$PB" --suite field --filter /add/fp/ --warmup 0 --measure 0.001 --samples 1 --json "$probe" > /dev/null
    avail=$(sed -n 's/.*"backend":"\([^"]*\)".*/\1/p' "$probe" | sort -u | tr '\n' ' ')
    : > "$probe"
    "$PB" --backend auto --suite field --filter /add/fp/ --warmup 0 --measure 0.001 --samples 1 --json "$probe" > /dev/null
    auto=$(sed -n 's/.*"backend":"\([^"]*\)".*/\1/p' "$probe" | head -n1)
    rm -f "$probe"
    case "$BACKEND" in
        all) bes=$avail ;;
        auto) bes=$auto ;;
        *) case " $avail " in *" $BACKEND "*) bes=$BACKEND ;; *) die "$b: backend $BACKEND not available here (have: $avail)" ;; esac ;;
    esac
    for be in $bes; do
        case " $seen_variants " in *" $cfg/$be "*) die "$b: variant $cfg/$be measured twice (same configuration in two builds?)" ;; esac
        seen_variants+=" $cfg/$be"
        echo "scaling: $b (config $cfg), backend $be"
        common=(--backend "$be" --samples "$SAMPLES" --json "$OUT/raw.jsonl")
        if has msm; then
            f="msm/var/pallas/$be/2049/"
            [ "$QUICK" = 0 ] && f+=",msm/var/pallas/$be/65536/,msm/fixed/pallas/$be/2049/,msm/fixed/pallas/$be/65536/"
            "$PB" --suite msm --threads "$THREADS" --filter "$f" --warmup "$WARMUP" --measure "$MEASURE" "${common[@]}" > "$OUT/msm-$cfg-$be.log"
        fi
        if has ntt; then
            f="ntt/fwd/fp/$be/16384/"
            [ "$QUICK" = 0 ] && f+=",ntt/fwd/fp/$be/65536/"
            "$PB" --suite ntt --threads "$THREADS" --filter "$f" --warmup "$WARMUP" --measure "$MEASURE" "${common[@]}" > "$OUT/ntt-$cfg-$be.log"
        fi
        for c in plonk orchard; do
            has "$c" || continue
            circ=${c}_k11 act=()
            [ "$c" = orchard ] && act=(--actions 1,4)
            "$PR" bench --circuit "$circ" "${act[@]}" --threads "$THREADS" --warmup "$PWARM" \
                --filter "$(pfilter "$circ")" "${common[@]}" > "$OUT/$circ-$cfg-$be.log"
            if [ -n "$MODELT" ]; then
                for a in $([ "$c" = orchard ] && echo 1 4 || echo 1); do
                    bench/model.sh --build-dir "$b" --circuit "$circ" --actions "$a" --backend "$be" \
                        --threads "$MODELT" --samples "$SAMPLES" >> "$OUT/raw.jsonl" 2>> "$OUT/$circ-$cfg-$be.log" ||
                        die "bench/model.sh failed ($OUT/$circ-$cfg-$be.log)"
                done
            fi
            grep -A1 "per phase" "$OUT/$circ-$cfg-$be.log" | tail -n1 | tr -s ' ' '\n' | grep -vxE 'backend|A|thr|prove|' > "$OUT/phases.txt" || true
            [ "$(tr '\n' ' ' < "$OUT/phases.txt" | sed 's/ $//')" = "$PHASES" ] ||
                echo "scaling: warning: prover_bench's phase table ($(tr '\n' ' ' < "$OUT/phases.txt")) is not the list here ($PHASES)" >&2
            rm -f "$OUT/phases.txt"
            check_digests
        done
    done
done
analyse "$OUT"
if [ "$QUICK" = 1 ]; then
    # CI: every variant has a speedup plot, the prover its phase plot, both non-empty
    n=$(ls "$OUT"/plots/speedup-*.png | wc -l)
    [ "$n" -ge 1 ] && ls "$OUT"/plots/phases-*plonk_k11.png > /dev/null || die "quick: plots missing"
    echo "scaling --quick: PASS (plots non-empty, digests agree)"
fi
