#!/bin/sh
# Markdown tables of a pasta_bench JSON-lines file (default bench-results/latest.jsonl), for
# the README: one table per suite, a row per (name, field), a column per backend with
# "median ns (cycles) [95% interval]". Cycles use the run's core-clock estimate.
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
    if (suite != "field" && suite != "curve") next
    key = suite SUBSEP get($0, "name") SUBSEP get($0, "field")
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
}' "$f"
