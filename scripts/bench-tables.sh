#!/bin/sh
# Markdown tables of benchmark results, printed or written into a document.
#   scripts/bench-tables.sh [--update DOC] [FILE]
#       the component tables of a pasta_bench JSON-lines file (default
#       bench-results/latest.jsonl; `make bench-suites` writes bench-results/suites.jsonl)
#   scripts/bench-tables.sh --verdict [--update DOC] [HOSTFILE...]
#       the main job's verdict: a row per host file line group (default bench/hosts/*.jsonl)
# --update DOC replaces, for each table group NAME printed, the lines between
# `<!-- bench-tables:NAME -->` and `<!-- /bench-tables -->` in DOC (docs/RESULTS.md: groups
# field-curve, api, ntt, msm; README.md: verdict) and leaves the rest of DOC as it is; a
# group with no block in DOC is reported and skipped. Without --update the tables are printed.
#
# Component groups: field-curve: one table per suite, a row per (name, field), a column
# per backend with "median ns (cycles) [95% interval]"; cycles use the run's core-clock
# estimate. api: a row per api record (op, form, backend) with its public median, the
# median of its in-backend reference (the same name, field and backend in suite "field",
# or "curve" for the curves pallas and vesta) and public / in-backend with the spread
# [public lo / reference hi, public hi / reference lo] from the 95% CIs; the array rows
# api/vec_add, api/vec_mul (ns per element) against field/add_x4, field/mul_x4. ntt, msm:
# ms, ns per butterfly or per point, Fp-mul equivalents.
#
# Verdict group: the latest run of each (CPU model, compiler) in the host files (lines
# "suite":"main_job" of bench/main_job.sh, keyed by "run"); a row per end-to-end workload;
# per control (asm-mul, then portable) the candidate's speed-up at each thread count,
# "x.x% faster [lo, hi]" as bench/main_job.sh prints it ("(model)": the thread model, an
# interval where its rounds were paired, 6 or more), and the callgrind instruction ratio.
# Rows of configuration ifma (the asm build with backend x86_64-ifma, control asm) form a
# second table of the same shape after it, when any host file has them.
set -eu
DOC="" VERDICT=0
while [ $# -gt 0 ]; do
    case "$1" in
        --update) DOC=${2:?--update needs a file}; shift ;;
        --verdict) VERDICT=1 ;;
        -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
        --) shift; break ;;
        -*) echo "usage: $0 [--verdict] [--update DOC] [FILE...]" >&2; exit 2 ;;
        *) break ;;
    esac
    shift
done

suites() {
awk '
function get(line, key,   re, m) {
    re = "\"" key "\":(\"[^\"]*\"|[-0-9.e+]+|null)"
    if (!match(line, re)) return ""
    m = substr(line, RSTART + length(key) + 3, RLENGTH - length(key) - 3)
    gsub(/"/, "", m)
    return m
}
{
    suite = get($0, "suite")
    if (suite == "field" || suite == "curve") {
        rkey = suite SUBSEP get($0, "name") SUBSEP get($0, "field") SUBSEP get($0, "backend")
        ref_med[rkey] = get($0, "median_ns") + 0
        ref_lo[rkey] = get($0, "lo_ns") + 0
        ref_hi[rkey] = get($0, "hi_ns") + 0
    }
    if (suite == "api") {
        api[++na] = $0
        next
    }
    if (suite == "ntt" || suite == "msm") {
        big[++nbig] = $0
        next
    }
    if (suite != "field" && suite != "curve") next
    # rows with a size (curve fold_var n=1024): one table row per size
    nm = get($0, "name"); nn = get($0, "n") + 0
    if (nn > 0) nm = nm " n=" nn
    key = suite SUBSEP nm SUBSEP get($0, "field")
    be = get($0, "backend")
    if (!(key in seen)) { seen[key] = 1; order[++n] = key }
    if (!(suite SUBSEP be in bes)) { bes[suite SUBSEP be] = 1; belist[suite] = belist[suite] " " be }
    ghz = get($0, "core_ghz") + 0
    med = get($0, "median_ns") + 0
    cell[key SUBSEP be] = sprintf("%.1f (%.0f) [%.1f, %.1f]", med, med * ghz, get($0, "lo_ns"), get($0, "hi_ns"))
    if (cpu == "") cpu = get($0, "cpu")
    if (ghz > 0) clock = ghz
}
END {
    if (n > 0) print "#@ field-curve"
    if (n > 0) printf "Host: %s, core clock ~%.2f GHz (dependent add chain). Median ns (cycles) [95%% CI].\n", cpu, clock
    split("field curve", suites, " ")
    for (s = 1; s <= 2; s++) {
        su = suites[s]
        nb = split(belist[su], b, " ")
        if (nb == 0) continue
        printf "\n| %s op | %s |", su, (su == "field" ? "field" : "curve")
        for (i = 1; i <= nb; i++) printf " %s |", b[i]
        printf "\n|---|---|"
        for (i = 1; i <= nb; i++) printf "---|"
        printf "\n"
        for (k = 1; k <= n; k++) {
            split(order[k], p, SUBSEP)
            if (p[1] != su) continue
            printf "| %s | %s |", p[2], p[3]
            for (i = 1; i <= nb; i++) printf " %s |", cell[order[k] SUBSEP b[i]]
            printf "\n"
        }
    }
    if (na > 0) {
        print "#@ api"
        printf "\n| api op | form | backend | public ns | in-backend ns | public / in-backend |\n"
        printf "|---|---|---|---|---|---|\n"
        for (k = 1; k <= na; k++) {
            line = api[k]
            name = get(line, "name"); fld = get(line, "field"); be = get(line, "backend")
            op = name; form = "1 chain"; rname = name
            if (sub(/_x4$/, "", op)) form = "4 chains"
            # array calls (vec_add, vec_mul): ns per element against the 4-chain kernels
            if (op ~ /^vec_/) { form = "array"; rname = substr(op, 5) "_x4" }
            rs = (fld == "pallas" || fld == "vesta") ? "curve" : "field"
            rkey = rs SUBSEP rname SUBSEP fld SUBSEP be
            med = get(line, "median_ns") + 0; lo = get(line, "lo_ns") + 0; hi = get(line, "hi_ns") + 0
            if (!(rkey in ref_med) || ref_med[rkey] <= 0 || ref_lo[rkey] <= 0) {
                printf "| %s (%s) | %s | %s | %.1f | - | - |\n", op, fld, form, be, med
                continue
            }
            printf "| %s (%s) | %s | %s | %.1f | %.1f (%s/%s) | %.3f [%.3f, %.3f] |\n", op, fld, form, be,
                   med, ref_med[rkey], rs, rname, med / ref_med[rkey], lo / ref_hi[rkey], hi / ref_lo[rkey]
        }
    }
    # ntt and msm: a row per record, in run order; per butterfly ((n/2) log2 n of them) or
    # per point, and for msm the Fp-mul equivalents (ns per point / field/mul/fp of the same
    # backend in the same run)
    for (pass = 1; pass <= 2; pass++) {
        want = pass == 1 ? "ntt" : "msm"
        header = 0
        for (k = 1; k <= nbig; k++) {
            line = big[k]
            if (get(line, "suite") != want) continue
            if (!header) {
                print "#@ " want
                if (want == "ntt")
                    printf "\n| ntt op | field | n | threads | backend | median ms [95%% CI] | ns/butterfly |\n|---|---|---|---|---|---|---|\n"
                else
                    printf "\n| msm | curve | n | threads | backend | median ms [95%% CI] | ns/point | Fp-mul-eq/point |\n|---|---|---|---|---|---|---|---|\n"
                header = 1
            }
            nn = get(line, "n") + 0; be = get(line, "backend"); th = get(line, "threads")
            med = get(line, "median_ns") + 0
            cellv = sprintf("%.3f [%.3f, %.3f]", med / 1e6, get(line, "lo_ns") / 1e6, get(line, "hi_ns") / 1e6)
            if (want == "ntt") {
                lg = 0; for (m = nn; m > 1; m /= 2) lg++
                bf = nn / 2 * lg
                printf "| %s | %s | 2^%d | %s | %s | %s | %.1f |\n", get(line, "name"), get(line, "field"), lg, th, be, cellv, (bf > 0 ? med / bf : 0)
            } else {
                mk = "field" SUBSEP "mul" SUBSEP "fp" SUBSEP be
                per = nn > 0 ? med / nn : 0
                meq = (mk in ref_med && ref_med[mk] > 0) ? sprintf("%.0f", per / ref_med[mk]) : "-"
                printf "| %s | %s | %d | %s | %s | %s | %.0f | %s |\n", get(line, "name"), get(line, "field"), nn, th, be, cellv, per, meq
            }
        }
    }
}' "$1"
}

verdict() { # main|ifma HOSTFILE...: the candidate (asm) with its controls, or ifma with asm
want=$1; shift
awk -v want="$want" '
function get(line, key,   re, m) {
    re = "\"" key "\":(\"[^\"]*\"|[-0-9.e+]+|null|true|false)"
    if (!match(line, re)) return ""
    m = substr(line, RSTART + length(key) + 3, RLENGTH - length(key) - 3)
    gsub(/"/, "", m)
    return m == "null" ? "" : m
}
function word(p) { return sprintf("%.1f%% %s", p < 0 ? -p : p, p < 0 ? "slower" : "faster") }
function ci(p, lo, hi) {   # as bench/main_job.sh: slower: the bounds as slow-downs
    if (lo == "" || hi == "") return word(p)
    lo = (lo - 1) * 100; hi = (hi - 1) * 100
    return word(p) (p < 0 ? sprintf(" [%.1f, %.1f]", -hi, -lo) : sprintf(" [%.1f, %.1f]", lo, hi))
}
get($0, "suite") == "main_job" && (run = get($0, "run")) != "" && ((get($0, "config") == "ifma") == (want == "ifma")) {
    hk = get($0, "cpu") SUBSEP get($0, "compiler")
    if (!(hk in latest) || run > latest[hk]) latest[hk] = run
    RCPU[run] = get($0, "cpu"); RCOMP[run] = get($0, "compiler"); RMODE[run] = get($0, "mode")
    RDATE[run] = get($0, "date"); RCOMMIT[run] = get($0, "commit"); RCORES[run] = get($0, "cores")
    RCAND[run] = get($0, "config"); RLOAD[run] = get($0, "load_start")
    ph = get($0, "phase"); ctl = get($0, "control_config"); w = get($0, "name")
    if (ph != "e2e" && ph != "callgrind") next
    if (!((run, ctl) in cseen)) { cseen[run, ctl] = 1; CTL[run, ++nc[run]] = ctl }
    if (ph == "callgrind") {
        r = get($0, "control_instructions") / get($0, "instructions")
        INS[run, ctl, w] = sprintf("%.1f%% %s", 100 * (r >= 1 ? 1 - 1 / r : 1 / r - 1), r >= 1 ? "fewer" : "more")
        next
    }
    t = get($0, "threads") + 0
    if (!((run, t) in tseen)) { tseen[run, t] = 1; TH[run, ++nt[run]] = t }
    if (!((run, w) in wseen)) { wseen[run, w] = 1; WL[run, ++nw[run]] = w }
    cell = ci(get($0, "speedup_pct") + 0, get($0, "ratio_lo"), get($0, "ratio_hi"))
    if (get($0, "model") == "true") cell = cell " (model)"
    else if (get($0, "oversubscribed") == "true") cell = cell " (oversubscribed)"
    CELL[run, ctl, w, t] = cell
}
END {
    for (hk in latest) runs[++nr] = latest[hk]
    if (nr == 0) { if (want == "ifma") exit 0; print "bench-tables: no main_job runs in the host files" > "/dev/stderr"; exit 1 }
    # by CPU model, then the newest run first
    for (i = 2; i <= nr; i++)
        for (j = i; j > 1 && (RCPU[runs[j]] < RCPU[runs[j - 1]] || (RCPU[runs[j]] == RCPU[runs[j - 1]] && runs[j] > runs[j - 1])); j--) {
            x = runs[j]; runs[j] = runs[j - 1]; runs[j - 1] = x
        }
    # columns: the controls in the order opposite to their first appearance (the job
    # compares the candidate with the nearest control first: asm-mul, then portable),
    # each at every thread count, then its instruction ratio if any run has one
    for (i = 1; i <= nr; i++) {
        run = runs[i]
        for (j = nc[run]; j >= 1; j--) if (!(CTL[run, j] in cs)) { cs[CTL[run, j]] = 1; C[++ncol] = CTL[run, j] }
        for (j = 1; j <= nt[run]; j++) if (!(TH[run, j] in ts)) { ts[TH[run, j]] = 1; T[++nth] = TH[run, j] + 0 }
        for (k in INS) { split(k, p, SUBSEP); if (p[1] == run) hasins[p[2]] = 1 }
        if (cand == "") cand = RCAND[run]
    }
    for (i = 2; i <= nth; i++) for (j = i; j > 1 && T[j] < T[j - 1]; j--) { x = T[j]; T[j] = T[j - 1]; T[j - 1] = x }
    hdr = "| Host | Run | Proof |"; sep = "|---|---|---|"
    for (c = 1; c <= ncol; c++) {
        for (j = 1; j <= nth; j++) {
            hdr = hdr sprintf(" %s vs %s, %d thread%s |", cand, C[c], T[j], T[j] == 1 ? "" : "s"); sep = sep "---|"
        }
        if (C[c] in hasins) { hdr = hdr sprintf(" %s vs %s, instructions |", cand, C[c]); sep = sep "---|" }
    }
    print hdr; print sep
    for (i = 1; i <= nr; i++) {
        run = runs[i]
        for (y = 1; y <= nw[run]; y++) {
            w = WL[run, y]; lab = w; sub(/^orchard_k11 /, "", lab)
            row = sprintf("| %s (%d cores) | %s, %s, %s, %s%s | %s |", RCPU[run], RCORES[run], RDATE[run], RCOMMIT[run],
                          RCOMP[run], RMODE[run], RLOAD[run] == "" ? "" : ", load " RLOAD[run],
                          (lab == w ? w : "orchard_k11, " lab))
            for (c = 1; c <= ncol; c++) {
                for (j = 1; j <= nth; j++) {
                    k = run SUBSEP C[c] SUBSEP w SUBSEP T[j]
                    row = row " " ((k in CELL) ? CELL[k] : "-") " |"
                }
                if (C[c] in hasins) row = row " " (((run, C[c], w) in INS) ? INS[run, C[c], w] : "-") " |"
            }
            print row
        }
    }
}' "$@"
}

# SECTIONS: replace each group block of DOC with the tables in SECTIONS (a group starts
# at its line "#@ NAME"); DOC is rewritten only when all its blocks are well formed.
update() {
    tmp=$(mktemp "${TMPDIR:-/tmp}/bench-tables.XXXXXX")
    if awk -v doc="$DOC" -v sec="$1" '
        BEGIN {
            while ((getline line < sec) > 0) {
                if (line ~ /^#@ /) { g = substr(line, 4); G[++ng] = g; body[g] = ""; continue }
                if (g != "") body[g] = body[g] line "\n"
            }
            close(sec)
        }
        /^<!-- \/bench-tables -->$/ { if (!open) { bad = "unopened end at line " FNR; exit 1 } open = 0; print; next }
        open && skip { next }
        /^<!-- bench-tables:[a-z-]+ -->$/ {
            if (open) { bad = "block not closed before line " FNR; exit 1 }
            print
            g = $0; sub(/^<!-- bench-tables:/, "", g); sub(/ -->$/, "", g)
            open = 1; skip = (g in body)
            if (skip) { b = body[g]; sub(/^\n+/, "", b); sub(/\n+$/, "", b); print ""; print b; print ""; done[g] = 1 }
            next
        }
        { print }
        END {
            if (bad == "" && open) bad = "block not closed at the end"
            if (bad != "") { print "bench-tables: " doc ": " bad > "/dev/stderr"; exit 1 }
            for (i = 1; i <= ng; i++) if (!(G[i] in done))
                print "bench-tables: no block bench-tables:" G[i] " in " doc ", skipped" > "/dev/stderr"
        }' "$DOC" > "$tmp"; then
        cat "$tmp" > "$DOC"
        rm -f "$tmp"
    else
        rm -f "$tmp"
        return 1
    fi
}

if [ "$VERDICT" = 1 ]; then
    [ $# -gt 0 ] || set -- bench/hosts/*.jsonl
    ifma=$(verdict ifma "$@")
    {
        echo "#@ verdict"
        verdict main "$@"
        if [ -n "$ifma" ]; then
            printf '\nx86_64-ifma against x86_64-asm (the asm build run with backend x86_64-ifma; no instruction counts: valgrind cannot run AVX-512):\n\n%s\n' "$ifma"
        fi
    } > "${TMPDIR:-/tmp}/bench-tables.$$"
else
    suites "${1:-bench-results/latest.jsonl}" > "${TMPDIR:-/tmp}/bench-tables.$$"
fi
out=${TMPDIR:-/tmp}/bench-tables.$$
trap 'rm -f "$out"' EXIT
if [ -n "$DOC" ]; then
    update "$out"
else
    grep -v '^#@ ' "$out"
fi
