#!/bin/sh
# Usage: kernel_count.sh KERNEL_COUNT_BINARY VALGRIND MAX_MUL
# Instructions per operation (callgrind, no timing) of each field kernel's dependent chain
# in each build configuration (tests/kernel_count.c). Fails when a portable kernel's count
# differs by more than 2% between the chains that run it (the portable, asm-mul and asm
# configurations and this build's tables), when an asm kernel's count differs between
# its chains, or when the portable mul or square exceeds MAX_MUL (0: no bound).
# Exit 77 (skipped) without valgrind.
set -eu
bin=$1
valgrind=$2
max=$3
if [ -z "$valgrind" ] || ! command -v "$valgrind" > /dev/null 2>&1; then
    echo "kernel_count: SKIPPED: valgrind not found, instruction counts not checked"
    exit 77
fi
asm=""
if "$bin" --probe-asm; then
    asm=--with-asm
else
    echo "kernel_count: asm kernels not run (not built or not on this CPU): portable kernels only"
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/kernel_count.XXXXXX")
trap 'rm -rf "$dir"' EXIT
if ! "$valgrind" --tool=callgrind --collect-atstart=no --callgrind-out-file="$dir/cg" \
    "$bin" --count $asm > "$dir/log" 2>&1; then
    cat "$dir/log"
    echo "kernel_count: the callgrind run failed"
    exit 1
fi
# Each dump: "desc: Trigger: Client Request: CHAIN OP FIELD KIND N" and "summary: COUNT".
for f in "$dir"/cg.*; do
    awk '/^desc: Trigger: Client Request:/ { sub(/^desc: Trigger: Client Request: /, ""); l = $0 }
         /^summary:/ { print l, $2 }' "$f"
done > "$dir/dumps"
rc=0
awk -v max="$max" '
    { key = $1 " " $2 " " $3; kind[key] = $4; n[key, $5] = $6; seen[key] = 1 }
    END {
        bad = 0
        for (key in seen) {
            split(key, k, " ")
            ns = 0
            for (m in n) { split(m, p, SUBSEP); if (p[1] == key) ns++ }
            if (ns != 2) { print "kernel_count: " key ": missing dump"; bad = 1; continue }
            lo = hi = ""
            for (m in n) {
                split(m, p, SUBSEP)
                if (p[1] != key) continue
                if (lo == "" || p[2] + 0 < lo + 0) lo = p[2]
                if (hi == "" || p[2] + 0 > hi + 0) hi = p[2]
            }
            per = (n[key, hi] - n[key, lo]) / (hi - lo)
            g = k[2] " " k[3] " " kind[key]
            cnt[key] = per
            if (!(g in gmin) || per < gmin[g]) gmin[g] = per
            if (!(g in gmax) || per > gmax[g]) gmax[g] = per
            members[g] = members[g] sprintf(" %s %.1f", k[1], per)
        }
        for (g in members) {
            split(g, q, " ")
            line = sprintf("kernel_count: %-6s %s %-8s:%s", q[1], q[2], q[3], members[g])
            if (gmax[g] > 1.02 * gmin[g]) { line = line "  DIFFER by more than 2%"; bad = 1 }
            if (max > 0 && q[3] == "portable" && (q[1] == "mul" || q[1] == "square") &&
                gmax[g] > max + 0) {
                line = line "  ABOVE " max; bad = 1
            }
            print line
        }
        if (bad) print "kernel_count: FAILED"
        else print "kernel_count: ok (instructions per operation; " \
                   (max > 0 ? "portable mul and square <= " max : "no bound on mul") ")"
        exit bad
    }' "$dir/dumps" > "$dir/report" || rc=$?
grep -v '^kernel_count: [oF]' "$dir/report" | sort
grep '^kernel_count: [oF]' "$dir/report"
exit $rc
