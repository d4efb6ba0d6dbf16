#!/bin/bash
# ctest bench_quick_budget: `make bench-suites` (pasta_bench --quick, then
# bench/compare_backends.sh --quick) must fit in BUDGET_S seconds (default 300) on the
# reference host, by pasta_bench --list's estimates:
#   pasta_bench --quick --list (every suite, every runnable backend)
#   + 4 x the compare runs (--suite field --filter <its 10 kernel rows> --quick --list)
#   + CALLGRIND_S (30) for compare_backends' 40 callgrind runs (measured: 12 s of CPU)
# Also checks what --list, --filter, --sizes and the progress line select and print.
#   bench/check_quick.sh PASTA_BENCH [BUDGET_S]
set -euo pipefail
PB=${1:?usage: check_quick.sh PASTA_BENCH [BUDGET_S]}
BUDGET_S=${2:-300}
CALLGRIND_S=${CALLGRIND_S:-30}
T=$(mktemp -d "${TMPDIR:-/tmp}/pasta-quick.XXXXXX")
trap 'rm -rf "$T"' EXIT
fail() { echo "check_quick: $*" >&2; exit 1; }
total_of() { sed -n 's/^# total: \([0-9]*\) rows, \([0-9.]*\) s estimated.*/\2/p' "$1"; }

"$PB" --quick --list > "$T/quick.txt"
grep -q '^# cpu:' "$T/quick.txt" && fail "--list measured something (a table header)"
quick=$(total_of "$T/quick.txt")
[ -n "$quick" ] || { cat "$T/quick.txt" >&2; fail "no '# total:' line"; }

# every suite on every backend this host runs (the backends of one field row each)
"$PB" --suite field --filter /add/fp/ --list > "$T/backends.txt"
backends=$(sed -n 's|^field/add/fp/\([^/]*\)/.*|\1|p' "$T/backends.txt" | sort -u)
[ -n "$backends" ] || fail "no backend found"
for be in $backends; do
    for s in $("$PB" --list-suites); do
        grep -q "^$s/[^/]*/[^/]*/$be/" "$T/quick.txt" || fail "--quick has no $s row on $be"
    done
done
# Fq and Vesta run the Fp and Pallas code: not in --quick, unless a --filter names them
grep -Eq '^[a-z]+/[a-z_0-9]+/(fq|vesta)/' "$T/quick.txt" && fail "--quick lists Fq or Vesta rows"
"$PB" --quick --filter field/mul/fq/,msm/var/vesta/ --list > "$T/twins.txt"
grep -q '^field/mul/fq/' "$T/twins.txt" || fail "--quick --filter field/mul/fq/ lists no row"
grep -q '^msm/var/vesta/[^/]*/2049/1 ' "$T/twins.txt" || fail "--quick --filter msm/var/vesta/ lists no 2049 row"
# --sizes replaces a sized suite's sizes
"$PB" --quick --suite msm --sizes 2^12 --list > "$T/sizes.txt"
grep -q '^msm/var/pallas/[^/]*/4096/1 ' "$T/sizes.txt" || fail "--sizes 2^12: no msm var n=4096 row"
grep -E '^msm/' "$T/sizes.txt" | grep -vq '/4096/' && fail "--sizes 2^12 lists other sizes"
# bench/main_job.sh's stand-in rows are still there (one backend)
be=$(echo "$backends" | tail -n 1)
"$PB" --quick --suite msm,ntt --backend "$be" --list \
    --filter "msm/var/pallas/$be/2049/1,ntt/fwd/fp/$be/2048/,ntt/fwd/fp/$be/16384/" > "$T/e2e.txt"
for r in "msm/var/pallas/$be/2049/1" "ntt/fwd/fp/$be/2048/1" "ntt/fwd/fp/$be/16384/1" "ntt/fwd/fp/$be/16384/2"; do
    grep -q "^$r " "$T/e2e.txt" || fail "main_job's stand-in row $r is missing"
done

# compare_backends.sh --quick: 4 runs of the 10 kernel rows of one backend
cmp=0
for be in $backends; do
    f=""
    for op in add sub double mul square; do for fld in fp fq; do f="$f${f:+,}field/$op/$fld/$be"; done; done
    "$PB" --suite field --filter "$f" --quick --list > "$T/cmp-$be.txt"
    n=$(sed -n 's/^# total: \([0-9]*\) rows.*/\1/p' "$T/cmp-$be.txt")
    [ "$n" = 10 ] || fail "compare filter on $be: $n rows, not 10"
    cmp=$(awk -v a="$cmp" -v b="$(total_of "$T/cmp-$be.txt")" 'BEGIN { print a + 2 * b }')
done
sum=$(awk -v q="$quick" -v c="$cmp" -v g="$CALLGRIND_S" 'BEGIN { printf "%.1f", q + c + g }')
echo "check_quick: --quick ${quick} s + compare runs ${cmp} s + callgrind ${CALLGRIND_S} s = ${sum} s (budget ${BUDGET_S} s)"
awk -v s="$sum" -v b="$BUDGET_S" 'BEGIN { exit !(s <= b) }' ||
    { grep -v '^#' "$T/quick.txt" | sort -k2 -n -r | head -n 10 >&2; fail "over the budget: ${sum} s > ${BUDGET_S} s (the 10 longest rows above)"; }

# The progress line: on stderr with --progress ("[i/N] ...", then the total), never
# without it when stderr is not a terminal, never with --quiet; rows on stdout as always.
"$PB" --quick --suite field --filter /add/fp/ --warmup 0 --measure 0.001 --samples 3 \
    --progress > "$T/p.out" 2> "$T/p.err"
grep -q '^field  *add  *fp ' "$T/p.out" || fail "no table row on stdout"
grep -q '\[1/[0-9]*\] field/add/fp/' "$T/p.err" || { cat "$T/p.err" >&2; fail "--progress: no progress line"; }
grep -q 'pasta_bench: [0-9]* rows in ' "$T/p.err" || fail "--progress: no closing line"
"$PB" --quick --suite field --filter /add/fp/ --warmup 0 --measure 0.001 --samples 3 > /dev/null 2> "$T/np.err"
[ -s "$T/np.err" ] && { cat "$T/np.err" >&2; fail "progress output on a non-terminal stderr"; }
"$PB" --quick --suite field --filter /add/fp/ --warmup 0 --measure 0.001 --samples 3 \
    --progress --quiet > /dev/null 2> "$T/q.err"
[ -s "$T/q.err" ] && { cat "$T/q.err" >&2; fail "progress output with --quiet"; }
echo "check_quick: PASS"
