#!/bin/sh
# The binding against the C library, side by side: pasta-engine/examples/bench.rs (through
# the binding) and its C twin bench_c.c (the C API), the same work, clocks and sample counts,
# alternating in one run: each round runs both at each thread count, C first in even rounds
# and Rust first in odd ones. Prints per thread count the medians over rounds, the per-round
# ratios Rust / C (median [min, max]), the 2-thread gain of each (per round t(1) / t(T)),
# the field mul per call, the load average, and checks both MSMs give the same bytes.
#
#   bindings/rust/bench/vs-c.sh [--rounds R] [--runs N] [--threads "1 2"] [--wall] [--dylib]
#                               [--build DIR]
# Both twins fix glibc's mmap threshold, so that their large blocks sit at equal page offsets
# (checked: the layout lines must agree). Clock: the thread's CPU time at 1 thread, wall
# clock at more; --wall: wall clock throughout (for the gains). Linking: static (pasta-sys's default), so each program holds its own copy
# of the library's code, at addresses whose offsets mod 64 differ between the two; --dylib
# links both to libpasta.so (PASTA_LINK=dylib), the same code at the same page offsets.
# DIR (default build-rust) holds the installed library (DIR/prefix, from `make test-rust`);
# the two programs are built there (DIR/bench_c, DIR/cargo/release/examples/bench). Raw
# lines go to DIR/vs-c.log.
set -eu
rounds=10 runs=5 threads="1 2" build=build-rust wall= link=static
while [ $# -gt 0 ]; do
    case $1 in
        --rounds) rounds=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --threads) threads=$2; shift 2 ;;
        --build) build=$2; shift 2 ;;
        --wall) wall=wall; shift ;;
        --dylib) link=dylib; shift ;;
        *) echo "usage: $0 [--rounds R] [--runs N] [--threads LIST] [--build DIR]" >&2; exit 2 ;;
    esac
done
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
build=$(cd "$build" && pwd)
pc=$build/prefix/lib/pkgconfig
[ -f "$pc/pasta.pc" ] || { echo "vs-c: no $build/prefix (run make test-rust first)" >&2; exit 2; }
export PKG_CONFIG_PATH=$pc
if [ "$link" = static ]; then
    libs=$(pkg-config --static --libs pasta | sed 's/-lpasta\b/-l:libpasta.a/')
else
    libs=$(pkg-config --libs pasta)
    export LD_LIBRARY_PATH=$build/prefix/lib
fi
# shellcheck disable=SC2086
${CC:-cc} -O2 -std=c11 -o "$build/bench_c" bindings/rust/bench/bench_c.c $(pkg-config --cflags pasta) $libs
(cd bindings/rust && PATH=/usr/bin:$PATH CARGO_TARGET_DIR=$build/cargo PASTA_LINK=$link \
    /usr/bin/cargo build --release --offline --quiet -p pasta-engine --example bench)
c=$build/bench_c
rs=$build/cargo/release/examples/bench
log=$build/vs-c.log
: > "$log"
: > "$build/vs-c.info"
echo "host: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) CPUs"
echo "clock: ${wall:-thread CPU time at 1 thread, wall at more}; link: $link"
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
r=0
while [ "$r" -lt "$rounds" ]; do
    for t in $threads; do
        if [ $((r % 2)) -eq 0 ]; then order="c rust"; else order="rust c"; fi
        for who in $order; do
            if [ "$who" = c ]; then exe=$c; else exe=$rs; fi
            "$exe" "$t" "$runs" $wall > "$build/vs-c.out"
            sed -n "s/^RESULT /$r $who /p" "$build/vs-c.out" >> "$log"
            [ "$r" -gt 0 ] || sed -n "s/^# /$who $t: /p" "$build/vs-c.out" >> "$build/vs-c.info"
        done
    done
    echo "$r load $(cut -d' ' -f1 /proc/loadavg)" >> "$log"
    r=$((r + 1))
done
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
sort -u "$build/vs-c.info"
# Both twins must place the NTT's array and tables alike (the mmap threshold both fix).
layouts=$(sed -n 's/^[a-z]* [0-9]*: layout: //p' "$build/vs-c.info" | sort -u | wc -l)
if [ "$layouts" -eq 1 ]; then echo "layout: C = Rust (NTT array and tables at the same page offsets)"
else echo "vs-c: the twins' NTT layouts differ (see the layout lines above)" >&2; exit 1; fi
awk -v threads="$threads" '
function med(a, n,   i, j, x, b) { for (i = 1; i <= n; i++) b[i] = a[i]
    for (i = 2; i <= n; i++) { x = b[i]; for (j = i - 1; j >= 1 && b[j] > x; j--) b[j + 1] = b[j]; b[j + 1] = x }
    return n % 2 ? b[(n + 1) / 2] : (b[n / 2] + b[n / 2 + 1]) / 2 }
function mn(a, n,   i, x) { x = a[1]; for (i = 2; i <= n; i++) if (a[i] < x) x = a[i]; return x }
function mx(a, n,   i, x) { x = a[1]; for (i = 2; i <= n; i++) if (a[i] > x) x = a[i]; return x }
$2 == "load" { L[++nl] = $3; next }
$3 == "msm" || $3 == "ntt" { v[$1, $2, $3, $4] = $5; rounds[$1] = 1; if ($3 == "msm") bytes[$1, $2, $4] = $8 }
$3 == "mul1" || $3 == "mul4" { m[$2, $3, ++nm[$2, $3]] = $4 }
END {
    nr = 0; for (r in rounds) nr++
    bad = 0
    for (k in bytes) { split(k, p, SUBSEP); if (bytes[p[1], "c", p[3]] != bytes[p[1], "rust", p[3]]) bad++ }
    printf "rounds: %d; MSM result bytes C = Rust in every process: %s\n", nr, bad ? "NO (" bad " differ)" : "yes"
    nt = split(threads, T, " ")
    for (w = 1; w <= 2; w++) {
        op = w == 1 ? "msm" : "ntt"
        for (i = 1; i <= nt; i++) {
            t = T[i]
            for (r = 0; r < nr; r++) { C[r + 1] = v[r, "c", op, t]; R[r + 1] = v[r, "rust", op, t]; Q[r + 1] = R[r + 1] / C[r + 1] }
            printf "%s 2^16, %d thread(s): C %.3f ms, Rust %.3f ms (medians over rounds); Rust/C per round %.4f [%.4f, %.4f]\n",
                op, t, med(C, nr), med(R, nr), med(Q, nr), mn(Q, nr), mx(Q, nr)
            if (i > 1) {
                for (r = 0; r < nr; r++) {
                    GC[r + 1] = v[r, "c", op, T[1]] / v[r, "c", op, t]
                    GR[r + 1] = v[r, "rust", op, T[1]] / v[r, "rust", op, t]
                    GQ[r + 1] = GR[r + 1] / GC[r + 1]
                }
                printf "  gain %d -> %d threads: C %.3fx [%.3f, %.3f], Rust %.3fx [%.3f, %.3f]; Rust gain / C gain %.4f [%.4f, %.4f]\n",
                    T[1], t, med(GC, nr), mn(GC, nr), mx(GC, nr), med(GR, nr), mn(GR, nr), mx(GR, nr), med(GQ, nr), mn(GQ, nr), mx(GQ, nr)
            }
        }
    }
    for (w = 1; w <= 2; w++) {
        op = w == 1 ? "mul1" : "mul4"
        for (who = 1; who <= 2; who++) { s = who == 1 ? "c" : "rust"; n = nm[s, op]
            for (j = 1; j <= n; j++) X[j] = m[s, op, j]
            Y[who] = med(X, n); Lo[who] = mn(X, n); Hi[who] = mx(X, n) }
        printf "fp mul per call, %s: C %.2f ns [%.2f, %.2f], Rust %.2f ns [%.2f, %.2f] (thread CPU time, medians over processes)\n",
            op == "mul1" ? "one dependent chain" : "four chains", Y[1], Lo[1], Hi[1], Y[2], Lo[2], Hi[2]
    }
    printf "load average (1 min) after each round: %.1f .. %.1f\n", mn(L, nl), mx(L, nl)
}' "$log"
