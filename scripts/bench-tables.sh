#!/bin/sh
# Markdown tables of a pasta_bench JSON-lines file (default bench-results/latest.jsonl), for
# the README: one table per suite, a row per (name, field), a column per backend with
# "median ns (cycles) [95% interval]". Cycles use the run's core-clock estimate.
# Then the api table: a row per api record (op, form, backend) with its public median,
# the median of its in-backend reference (the same name, field and backend in suite
# "field", or "curve" for the curves pallas and vesta) and public / in-backend with the
# spread [public lo / reference hi, public hi / reference lo] from the 95% CIs; the array
# rows api/vec_add, api/vec_mul (ns per element) against field/add_x4, field/mul_x4.
# Then the ntt and msm records: ms, ns per butterfly or per point, Fp-mul equivalents.
#   scripts/bench-tables.sh [FILE]
f=${1:-bench-results/latest.jsonl}
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
    printf "Host: %s, core clock ~%.2f GHz (dependent add chain). Median ns (cycles) [95%% CI].\n", cpu, clock
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
}' "$f"
