#!/bin/bash
# The thread-count model of a proof (docs/PARALLEL.md): P-thread times predicted from one
# thread, for hosts with fewer cores than threads.
#
#   bench/model.sh [--build-dir DIR] [--circuit C] [--actions A] [--backend B]
#                  [--threads 2,4,8,16] [--samples N] [--fj LIST] [--fj-quantile Q]
#                  [--trace-dir DIR]
#
# For each P: `prover_bench bench --threads P` with PASTA_PARALLEL_TRACE set, so every
# parallel region (the library's and the prover's) runs its P ranges one after the other
# on one thread, each timed (thread CPU time), between the prover's phase marks. Per
# proof and phase: serial = phase time - the regions' work; predicted = serial + sum over
# regions of min(the longest range + fork/join cost, the region's work) (the calling
# thread takes the ranges no worker has started). The fork/join cost of P threads after a
# serial gap g comes from pasta_parallel_cal (gaps 0, 10, 30, 100, 300, 1000 us; thread
# counts up to the cores; beyond, the largest measured count's cost scaled by
# (P - 1) / (Pm - 1)), or from --fj "P:GAP:NS,..."
# (GAP, NS in ns; a row per P and gap; the nearest gap at or below a region's gap is used);
# --fj-quantile Q (default 0.5) is passed to pasta_parallel_cal (0.1 on a loaded host);
# a calibration whose workers did not join after short gaps (said on stderr) is redone, up
# to 3 tries.
# Prints JSON lines like prover_bench's (suite prover, names C and C/PHASE, the same keys,
# threads P, "actions", the traced run's "digest") with median_ns (median over the proofs),
# lo_ns/hi_ns (the smallest and largest proof's prediction), samples, and "model":true.
# The traced proofs are byte-identical to untraced ones (their digest is in each line).
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD=build CIRCUIT=plonk_k11 ACTIONS=1 BACKEND="" THREADS=2,4,8,16 SAMPLES=5 FJ="" FJQ=0.5 TDIR=""
while [ $# -gt 0 ]; do
    case "$1" in
        --build-dir) BUILD=${2:?}; shift ;;
        --circuit) CIRCUIT=${2:?}; shift ;;
        --actions) ACTIONS=${2:?}; shift ;;
        --backend) BACKEND=${2:?}; shift ;;
        --threads) THREADS=${2:?}; shift ;;
        --samples) SAMPLES=${2:?}; shift ;;
        --fj) FJ=${2:?}; shift ;;
        --fj-quantile) FJQ=${2:?}; shift ;;
        --trace-dir) TDIR=${2:?}; shift ;;
        -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "model.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
die() { echo "model.sh: $*" >&2; exit 1; }
[[ "$THREADS" =~ ^[0-9]+(,[0-9]+)*$ ]] || die "--threads: expected a list like 2,4,8: $THREADS"
[[ "$SAMPLES" =~ ^[1-9][0-9]*$ ]] || die "--samples: a positive integer"
PB=$BUILD/prover_bench/prover_bench CAL=$BUILD/bench/pasta_parallel_cal
[ -x "$PB" ] || die "$PB: not built"
if [ -z "$TDIR" ]; then
    TDIR=$(mktemp -d)
    trap 'rm -rf "$TDIR"' EXIT
fi
mkdir -p "$TDIR"
CPUS=$(nproc 2>/dev/null || echo 1)

# ---- fork/join costs: "P:GAP:NS" entries
if [ -z "$FJ" ]; then
    [ -x "$CAL" ] || die "$CAL: not built (or pass --fj)"
    cal=""
    for p in $(seq 2 "$CPUS"); do cal="$cal${cal:+,}$p"; done
    [ -n "$cal" ] || cal=2 # one CPU: 2 threads time-share it (an upper bound)
    # up to 3 tries while the workers did not join after short gaps (a runnable
    # neighbour: pasta_parallel_cal says so on stderr); the last one is kept
    for try in 1 2 3; do
        FJ=$("$CAL" --threads "$cal" --quantile "$FJQ" --gaps 0,10,30,100,300,1000 2> "$TDIR/cal.err" |
            awk '$1 == "F" { printf "%s%s:%s:%s", sep, $2, $3, $4; sep = "," }')
        [ -s "$TDIR/cal.err" ] || break
        cat "$TDIR/cal.err" >&2
        [ "$try" -lt 3 ] && sleep 1
    done
fi
echo "model: fork/join costs (P:gap ns:cost ns) $FJ" >&2

for P in ${THREADS//,/ }; do
    filter="prover/$CIRCUIT/-/"
    for ph in advice lookups permutation quotient_ntt gates h_commit evaluations multiopen ipa; do
        filter="$filter,prover/$CIRCUIT/$ph/"
    done
    args=(bench --circuit "$CIRCUIT" --threads "$P" --samples "$SAMPLES" --warmup 0
          --filter "$filter" --json "$TDIR/bench-$P.jsonl")
    [ "$CIRCUIT" = orchard_k11 ] && args+=(--actions "$ACTIONS")
    [ -n "$BACKEND" ] && args+=(--backend "$BACKEND")
    rm -f "$TDIR/trace-$P.txt" "$TDIR/bench-$P.jsonl"
    PASTA_PARALLEL_TRACE="$TDIR/trace-$P.txt" "$PB" "${args[@]}" > "$TDIR/out-$P.txt" 2>&1 ||
        { cat "$TDIR/out-$P.txt" >&2; die "prover_bench failed at $P threads"; }
    # the trace has one backend's proofs when --backend is given, else each backend in turn
    awk -v fj="$FJ" -v P="$P" -v circuit="$CIRCUIT" -v tmpl="$TDIR/bench-$P.jsonl" '
    function cost(nt, gap,   i, best, bg, pm) {
        # the entry for nt with the largest gap <= gap; nt beyond the measured: scaled
        pm = 0
        for (i = 1; i <= nf; i++) if (fp[i] <= nt && fp[i] > pm) pm = fp[i]
        if (pm == 0) pm = fp[1]
        best = -1; bg = -1
        for (i = 1; i <= nf; i++)
            if (fp[i] == pm && fg[i] <= gap && fg[i] > bg) { bg = fg[i]; best = fc[i] }
        if (best < 0) for (i = 1; i <= nf; i++) if (fp[i] == pm && (bg < 0 || fg[i] < bg)) { bg = fg[i]; best = fc[i] }
        return pm >= nt ? best : best * (nt - 1) / (pm - 1 > 0 ? pm - 1 : 1)
    }
    function median(a, n,   i, j, t) {
        for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    BEGIN {
        n = split(fj, e, ",")
        for (i = 1; i <= n; i++) { split(e[i], f, ":"); nf++; fp[nf] = f[1] + 0; fg[nf] = f[2] + 0; fc[nf] = f[3] + 0 }
        if (nf == 0) { print "model.sh: no fork/join costs" > "/dev/stderr"; exit 1 }
        # the template lines: the traced run output per backend, in order
        while ((getline l < tmpl) > 0) {
            if (l !~ /"suite":"prover"/) continue
            match(l, /"name":"[^"]*"/); nm = substr(l, RSTART + 8, RLENGTH - 9)
            match(l, /"backend":"[^"]*"/); be = substr(l, RSTART + 11, RLENGTH - 12)
            if (!(be in bseen)) { bseen[be] = 1; nb++; border[nb] = be }
            T[be, nm] = l
        }
        proofs = 0
    }
    $1 == "B" { on = 1; lastend = -1; nproof++; next }
    $1 == "E" { on = 0; next }
    !on { next }
    $1 == "R" {
        nt = $2; start = $3; w = 0; mx = 0
        for (i = 4; i <= NF; i++) { w += $i; if ($i > mx) mx = $i }
        gap = lastend < 0 ? 1e9 : start - lastend
        lastend = start + w
        c = mx + cost(nt, gap)
        work += w; pred += c < w ? c : w; nreg++
        next
    }
    $1 == "P" {
        k = nproof SUBSEP $2
        ph[k] += $3 - work + pred; meas[k] += $3
        tot[nproof] += $3 - work + pred
        if (!($2 in pseen)) { pseen[$2] = 1; np++; porder[np] = $2 }
        work = pred = 0
        next
    }
    END {
        if (nproof == 0) { print "model.sh: no proofs in the trace" > "/dev/stderr"; exit 1 }
        if (nproof % nb) { print "model.sh: " nproof " proofs for " nb " backends" > "/dev/stderr"; exit 1 }
        per = nproof / nb
        for (b = 1; b <= nb; b++) {
            be = border[b]
            for (q = 0; q <= np; q++) {
                name = q == 0 ? circuit : circuit "/" porder[q]
                m = 0; lo = 1e30; hi = 0
                for (s = 1; s <= per; s++) {
                    pr = (b - 1) * per + s
                    v = q == 0 ? tot[pr] : ph[pr SUBSEP porder[q]]
                    a[++m] = v; if (v < lo) lo = v; if (v > hi) hi = v
                }
                med = median(a, m)
                l = T[be, name]
                if (l == "") { print "model.sh: no template line for " be " " name > "/dev/stderr"; exit 1 }
                sub(/"median_ns":[^,]*/, sprintf("\"median_ns\":%.6g", med), l)
                sub(/"lo_ns":[^,]*/, sprintf("\"lo_ns\":%.6g", lo), l)
                sub(/"hi_ns":[^,]*/, sprintf("\"hi_ns\":%.6g", hi), l)
                sub(/"samples":[^,]*/, "\"samples\":" per, l)
                sub(/"clock":"[^"]*"/, "\"clock\":\"model\"", l)
                sub(/}$/, ",\"model\":true}", l)
                print l
            }
        }
    }' "$TDIR/trace-$P.txt"
done
