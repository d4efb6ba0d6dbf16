#!/bin/bash
# Compare the x86-64 assembly field kernels with the portable C ones, the seed's way:
# two separately built executables, run in the order control, candidate, candidate,
# control, compared by midpoint averages; plus callgrind instruction counts per op.
#
#   bench/compare_backends.sh [--quick|--full] [--json FILE] [--ops "add sub double mul square"]
#                             [--fields "fp fq"] [--no-build] [--no-callgrind]
#   bench/compare_backends.sh --analyse C1 K1 K2 C2 [--json FILE]   # awk step only, on
#                             existing pasta_bench JSON files (runs 1..4 in that order)
#
# control   = build-bench-control   (-DPASTA_X86_64_ASM=OFF), records of backend "portable"
# candidate = build-bench-candidate (-DPASTA_X86_64_ASM=ON),  records of backend "x86_64-asm"
# Both Release; CC and CMAKE_FLAGS from the environment are honoured.
#
# Each run: pasta_bench --suite field --filter field/OP/F/BACKEND,... MODE --json RUNFILE
# midpoint: control = mean of runs 1 and 4, candidate = mean of runs 2 and 3 (medians);
# speedup = control/candidate - 1 ("x.x% faster", negative: "x.x% slower").
# instructions/op: callgrind Ir of `pasta_bench --count OP F N --backend B` for N = 1000
# and 2000, (Ir(2000) - Ir(1000)) / 1000 (start-up and set-up cancel out).
# JSON lines appended to --json FILE: suite "field_compare", name OP, field F, backend
# "x86_64-asm-vs-portable", median/lo/hi_ns of the candidate (means of runs 2 and 3),
# speedup_pct, control_median_ns, instructions_per_op_control/_candidate, both sha256s.
# awk only (a fresh minimal Debian has no python).
set -euo pipefail

cd "$(dirname "$0")/.."
MODE=--quick
JSON=""
OPS="add sub double mul square"
FIELDS="fp fq"
BUILD=1
CALLGRIND=1
ANALYSE=()
CONTROL_DIR=${CONTROL_DIR:-build-bench-control}
CANDIDATE_DIR=${CANDIDATE_DIR:-build-bench-candidate}
CONTROL_BACKEND=${CONTROL_BACKEND:-portable}
CANDIDATE_BACKEND=${CANDIDATE_BACKEND:-x86_64-asm}
COUNT_N1=1000
COUNT_N2=2000

while [ $# -gt 0 ]; do
    case "$1" in
        --quick|--full) MODE=$1 ;;
        --json) JSON=${2:?--json needs a file}; shift ;;
        --ops) OPS=${2:?}; shift ;;
        --fields) FIELDS=${2:?}; shift ;;
        --no-build) BUILD=0 ;;
        --no-callgrind) CALLGRIND=0 ;;
        --analyse) ANALYSE=("${2:?}" "${3:?}" "${4:?}" "${5:?}"); shift 4 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "compare_backends: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/pasta-compare.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
: > "$TMP/ir.tsv"
CONTROL_BIN=$CONTROL_DIR/bench/pasta_bench
CANDIDATE_BIN=$CANDIDATE_DIR/bench/pasta_bench

build() { # build DIR ASM
    local cc_flag=()
    [ -n "${CC:-}" ] && cc_flag=(-DCMAKE_C_COMPILER="$CC")
    # shellcheck disable=SC2086  # CMAKE_FLAGS is a list of flags
    cmake -S . -B "$1" -DCMAKE_BUILD_TYPE=Release -DPASTA_X86_64_ASM="$2" "${cc_flag[@]}" \
        ${CMAKE_FLAGS:-} > "$TMP/configure-$2.log" || { cat "$TMP/configure-$2.log" >&2; exit 1; }
    cmake --build "$1" --target pasta_bench -j"$(nproc 2>/dev/null || echo 2)" > "$TMP/build-$2.log" ||
        { cat "$TMP/build-$2.log" >&2; exit 1; }
}

filter_for() { # filter_for BACKEND -> field/add/fp/BACKEND,field/add/fq/BACKEND,...
    local f="" op fld
    for op in $OPS; do for fld in $FIELDS; do f="$f${f:+,}field/$op/$fld/$1"; done; done
    echo "$f"
}

sha_of() { sha256sum "$1" | cut -d' ' -f1; }

# callgrind Ir of one command: the "summary:" (or "totals:") line of the output file.
ir_of() {
    local out=$TMP/cg.out
    rm -f "$out"
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" > /dev/null 2> "$TMP/cg.log" || return 1
    awk '$1 == "summary:" { print $2; found = 1; exit } $1 == "totals:" { t = $2 }
         END { if (!found && t != "") print t }' "$out"
}

count_ops() { # count_ops ROLE BIN BACKEND: fills ir.tsv with "op field role ir_per_op"
    local op fld a b
    for op in $OPS; do for fld in $FIELDS; do
        if a=$(ir_of "$2" --count "$op" "$fld" "$COUNT_N1" --backend "$3" --no-cpu-check) &&
           b=$(ir_of "$2" --count "$op" "$fld" "$COUNT_N2" --backend "$3" --no-cpu-check) &&
           [ -n "$a" ] && [ -n "$b" ]; then
            echo "$op $fld $1 $(( (b - a) / (COUNT_N2 - COUNT_N1) )).$(( ((b - a) % (COUNT_N2 - COUNT_N1)) * 10 / (COUNT_N2 - COUNT_N1) ))" >> "$TMP/ir.tsv"
        else
            echo "compare_backends: callgrind of '$2 --count $op $fld N --backend $3' failed:" >&2
            tail -n 3 "$TMP/cg.log" >&2
            return 0
        fi
    done; done
}

if [ ${#ANALYSE[@]} -eq 0 ]; then
    # The candidate kernels need x86-64 with BMI2 (mulx) and ADX (adcx/adox).
    if [ "$(uname -m)" != x86_64 ] || ! grep -qw adx /proc/cpuinfo || ! grep -qw bmi2 /proc/cpuinfo; then
        echo "compare_backends: this CPU lacks x86-64 BMI2/ADX; nothing to compare, skipping"
        exit 0
    fi
fi

if [ ${#ANALYSE[@]} -eq 4 ]; then
    RUNS=("${ANALYSE[@]}")
    CONTROL_SHA=unknown CANDIDATE_SHA=unknown
else
    if [ "$BUILD" = 1 ]; then
        echo "== building control ($CONTROL_DIR, PASTA_X86_64_ASM=OFF) and candidate ($CANDIDATE_DIR, ON)"
        build "$CONTROL_DIR" OFF
        build "$CANDIDATE_DIR" ON
    fi
    [ -x "$CONTROL_BIN" ] && [ -x "$CANDIDATE_BIN" ] || { echo "compare_backends: missing $CONTROL_BIN or $CANDIDATE_BIN" >&2; exit 1; }
    CONTROL_SHA=$(sha_of "$CONTROL_BIN")
    CANDIDATE_SHA=$(sha_of "$CANDIDATE_BIN")
    echo "control   sha256 $CONTROL_SHA  $CONTROL_BIN"
    echo "candidate sha256 $CANDIDATE_SHA  $CANDIDATE_BIN"
    RUNS=("$TMP/run1-control.jsonl" "$TMP/run2-candidate.jsonl" "$TMP/run3-candidate.jsonl" "$TMP/run4-control.jsonl")
    i=0
    for role in control candidate candidate control; do
        if [ "$role" = control ]; then bin=$CONTROL_BIN be=$CONTROL_BACKEND; else bin=$CANDIDATE_BIN be=$CANDIDATE_BACKEND; fi
        echo "== run $((i + 1))/4: $role ($be)"
        "$bin" --suite field --filter "$(filter_for "$be")" "$MODE" --json "${RUNS[i]}" | grep -v '^#' || true
        i=$((i + 1))
    done
    if [ "$CALLGRIND" = 1 ]; then
        if command -v valgrind > /dev/null; then
            echo "== callgrind instruction counts (--count OP F N, N = $COUNT_N1 and $COUNT_N2)"
            count_ops control "$CONTROL_BIN" "$CONTROL_BACKEND"
            count_ops candidate "$CANDIDATE_BIN" "$CANDIDATE_BACKEND"
        else
            echo "compare_backends: valgrind not found, no instruction counts" >&2
        fi
    fi
fi

HOST=$(scripts/host-cpu.sh)
out=/dev/null
[ -n "$JSON" ] && out=$JSON
awk -v ops="$OPS" -v fields="$FIELDS" -v cb="$CONTROL_BACKEND" -v kb="$CANDIDATE_BACKEND" \
    -v host="${HOST:-unknown}" -v csha="$CONTROL_SHA" -v ksha="$CANDIDATE_SHA" -v json="$out" '
# Value of "key" in a flat JSON object line (string, number, null); "" when absent.
function get(line, key,    i, s, v, c) {
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
function num(x) { return x == "" ? "null" : x }
function jstr(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
run == 0 { ir[$1, $2, $3] = $4; next }   # ir.tsv: op field role ir_per_op
{
    if (get($0, "suite") != "field") next
    want = (run == 1 || run == 4) ? cb : kb
    if (get($0, "backend") != want) next
    k = run SUBSEP get($0, "name") SUBSEP get($0, "field")
    if (k in med) next
    med[k] = get($0, "median_ns"); lo[k] = get($0, "lo_ns"); hi[k] = get($0, "hi_ns")
    smp[k] = get($0, "samples")
    if (cpu == "") cpu = get($0, "cpu")
}
END {
    if (cpu != "") host = cpu
    nops = split(ops, O, " "); nf = split(fields, F, " ")
    missing = 0
    for (a = 1; a <= nops; a++) for (b = 1; b <= nf; b++) for (r = 1; r <= 4; r++)
        if (!((r, O[a], F[b]) in med)) {
            printf "compare_backends: no record field/%s/%s/%s in run %d\n", O[a], F[b], (r == 1 || r == 4) ? cb : kb, r > "/dev/stderr"
            missing = 1
        }
    if (missing) {
        print "compare_backends: pasta_bench must apply --suite/--filter through the harness (key suite/name/field/backend)" > "/dev/stderr"
        exit 1
    }
    hdr = "| Host | Kernel |"; sep = "|---|---|"
    for (b = 1; b <= nf; b++) { hdr = hdr " " toupper(substr(F[b], 1, 1)) substr(F[b], 2) " |"; sep = sep "---|" }
    printf "\n%s vs %s (midpoint of runs control-candidate-candidate-control)\n\n%s\n%s\n", kb, cb, hdr, sep
    for (a = 1; a <= nops; a++) {
        row = "| " host " | " O[a] " |"
        for (b = 1; b <= nf; b++) {
            c = (med[1, O[a], F[b]] + med[4, O[a], F[b]]) / 2
            k = (med[2, O[a], F[b]] + med[3, O[a], F[b]]) / 2
            row = row " " word(pct(c, k)) " |"
        }
        print row
    }
    printf "\n| Kernel | Field | %s ns/op (runs 1, 4) | %s ns/op (runs 2, 3) | speedup | Ir/op %s | Ir/op %s |\n", cb, kb, cb, kb
    print "|---|---|---|---|---|---|---|"
    for (a = 1; a <= nops; a++) for (b = 1; b <= nf; b++) {
        o = O[a]; f = F[b]
        c = (med[1, o, f] + med[4, o, f]) / 2; k = (med[2, o, f] + med[3, o, f]) / 2
        klo = (lo[2, o, f] + lo[3, o, f]) / 2; khi = (hi[2, o, f] + hi[3, o, f]) / 2
        ic = ((o, f, "control") in ir) ? ir[o, f, "control"] : ""
        ik = ((o, f, "candidate") in ir) ? ir[o, f, "candidate"] : ""
        printf "| %s | %s | %.2f (%.2f, %.2f) | %.2f (%.2f, %.2f) | %s | %s | %s |\n", o, f, c,
            med[1, o, f], med[4, o, f], k, med[2, o, f], med[3, o, f], word(pct(c, k)),
            ic == "" ? "-" : ic, ik == "" ? "-" : ik
        printf "{\"suite\":\"field_compare\",\"name\":%s,\"backend\":\"x86_64-asm-vs-portable\",\"field\":%s,\"n\":0,\"threads\":1,\"median_ns\":%.6g,\"lo_ns\":%.6g,\"hi_ns\":%.6g,\"samples\":%d,\"speedup_pct\":%.3f,\"control_median_ns\":%.6g,\"control_lo_ns\":%.6g,\"control_hi_ns\":%.6g,\"instructions_per_op_control\":%s,\"instructions_per_op_candidate\":%s,\"control_backend\":%s,\"candidate_backend\":%s,\"cpu\":%s,\"control_sha256\":%s,\"binary_sha256\":%s}\n",
            jstr(o), jstr(f), k, klo, khi, smp[2, o, f] + smp[3, o, f], pct(c, k), c,
            (lo[1, o, f] + lo[4, o, f]) / 2, (hi[1, o, f] + hi[4, o, f]) / 2,
            num(ic), num(ik), jstr(cb), jstr(kb), jstr(host), jstr(csha), jstr(ksha) >> json
    }
}' run=0 "$TMP/ir.tsv" run=1 "${RUNS[0]}" run=2 "${RUNS[1]}" run=3 "${RUNS[2]}" run=4 "${RUNS[3]}"
[ -n "$JSON" ] && echo "appended $(wc -w <<< "$OPS" | awk -v f="$(wc -w <<< "$FIELDS")" '{ print $1 * f }') field_compare lines to $JSON"
exit 0
