/* prover_bench bench (main.c's header: the suite, rows and sampling). */
#define _GNU_SOURCE
#include "cli.h"
#include "harness.h"

#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

static const char usage_bench[] =
    "usage: prover_bench bench [--quick|--full] [--json FILE] [--circuit C] [--threads 1,2,8]\n"
    "                          [--actions 1,4] [--backend NAME] [--filter S[,S...]]\n"
    "                          [--warmup S] [--measure S] [--samples N]\n"
    "  --circuit C         plonk_k11 (default), lookup_k11, orchard_k11 (demo witnesses)\n"
    "  --threads LIST      thread counts, each 1 .. 1024 (default 1,2,8)\n"
    "  --actions LIST      orchard_k11: action counts, each 1 .. 8 (default 1,4)\n"
    "  --backend NAME      portable, x86_64-asm, x86_64-ifma or auto (default: every supported one)\n"
    "  --filter S          rows whose key prover/NAME/-/BACKEND/2048/THREADS contains S\n"
    "  --quick, --full     5 or 10 samples (default 10)\n"
    "  --samples N         1 .. 100000 samples, one operation each\n"
    "  --warmup S          unmeasured operations for S seconds before each row (default: one)\n"
    "  --measure S         more samples until the measured ones total S seconds (default 0)\n"
    "  --json FILE         append one JSON line per row\n"
    "exit: 0 ok, 2 usage error, 3 internal or resource error\n";


double clock_ns(int threads) {
    struct timespec ts;
    clock_gettime(threads > 1 ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

const uint8_t bench_seed[32] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};

typedef int (*op_fn)(circuit *c, int threads, halo2_prover_timings *t, uint8_t *proof,
                     size_t *len);
static int op_prove(circuit *c, int threads, halo2_prover_timings *t, uint8_t *proof,
                    size_t *len) {
    return prove_once(c, bench_seed, threads, proof, len, t);
}
static int op_verify(circuit *c, int threads, halo2_prover_timings *t, uint8_t *proof,
                     size_t *len) {
    (void)threads, (void)t;
    halo2_fault f;
    size_t off;
    return verify_once(c, proof, *len, &f, &off);
}
static int op_keygen(circuit *c, int threads, halo2_prover_timings *t, uint8_t *proof,
                     size_t *len) {
    (void)threads, (void)t, (void)proof, (void)len;
    halo2_pk_free(&c->pk);
    halo2_vk_free(&c->vk);
    return keygen(c);
}

/* the per-phase table: one line per (backend, threads), medians in ms */
typedef struct phase_row {
    char backend[24];
    int threads, actions;
    double total, phase[HALO2_NUM_PHASES];
} phase_row;
static phase_row phase_rows[64];
static int nphase_rows;

typedef struct sampling {
    int samples;     /* at least this many */
    double warmup_s; /* < 0: one unmeasured operation */
    double measure_s;
} sampling;

static void row_id(pasta_bench_id *id, char *name, size_t cap, const char *circ,
                   const char *what, const char *backend, int threads) {
    snprintf(name, cap, "%s%s%s", circ, what[0] ? "/" : "", what);
    *id = (pasta_bench_id){"prover", name, backend, NULL, (uint64_t)1 << CIRCUIT_K, threads};
}

/* Is the row (or for prove, one of its phase rows) selected by --filter? */
static int row_selected(const char *circ, const char *what, const char *backend, int threads) {
    char name[64];
    pasta_bench_id id;
    row_id(&id, name, sizeof name, circ, what, backend, threads);
    if (pasta_bench_selected(&id)) return 1;
    for (int p = 0; what[0] == 0 && p < HALO2_NUM_PHASES; p++) {
        row_id(&id, name, sizeof name, circ, halo2_phase_names[p], backend, threads);
        if (pasta_bench_selected(&id)) return 1;
    }
    return 0;
}

static int bench_row(circuit *c, const char *what, const char *backend, int threads, op_fn fn,
                     const sampling *sp, uint8_t *proof, size_t *len) {
    char rowname[64], extra[160];
    pasta_bench_id id;
    row_id(&id, rowname, sizeof rowname, c->name, what, backend, threads);
    if (!row_selected(c->name, what, backend, threads)) return 0;
    int cap = sp->samples, n = 0;
    double *v = malloc((size_t)cap * sizeof *v);
    double *ph = malloc((size_t)cap * HALO2_NUM_PHASES * sizeof *ph);
    if (!v || !ph) {
        free(v), free(ph);
        return msg(EXIT_INTERNAL, "%s: out of memory", rowname);
    }
    halo2_prover_timings t = {{0}};
    omp_set_num_threads(threads);
    int rc = PASTA_OK;
    if (fn == op_verify && *len == 0)
        rc = op_prove(c, threads, &t, proof, len); /* its input */
    if (sp->warmup_s < 0) {
        if (rc == PASTA_OK) rc = fn(c, threads, &t, proof, len);
    } else if (sp->warmup_s > 0) {
        const double t0 = clock_ns(2);
        do rc = fn(c, threads, &t, proof, len);
        while (rc == PASTA_OK && clock_ns(2) - t0 < sp->warmup_s * 1e9);
    }
    double total = 0;
    while (rc == PASTA_OK &&
           (n < sp->samples || (total < sp->measure_s * 1e9 && n < 100000))) {
        if (n == cap) {
            cap *= 2;
            double *nv = realloc(v, (size_t)cap * sizeof *v);
            if (nv) v = nv;
            double *np = nv ? realloc(ph, (size_t)cap * HALO2_NUM_PHASES * sizeof *ph) : NULL;
            if (np) ph = np;
            if (!nv || !np) {
                rc = PASTA_ERR_NO_MEMORY;
                break;
            }
        }
        const double t0 = clock_ns(threads);
        rc = fn(c, threads, &t, proof, len);
        v[n] = clock_ns(threads) - t0;
        total += v[n];
        for (int p = 0; p < HALO2_NUM_PHASES; p++)
            ph[(size_t)n * HALO2_NUM_PHASES + p] = t.ns[p];
        n++;
    }
    if (rc != PASTA_OK) {
        free(v), free(ph);
        return msg(EXIT_INTERNAL, "%s: %s", rowname, halo2_strerror(rc));
    }
    snprintf(extra, sizeof extra, "\"actions\":%d", c->actions);
    if (fn == op_prove) {
        XXH128_hash_t h = XXH3_128bits(proof, *len);
        snprintf(extra, sizeof extra,
                 "\"actions\":%d,\"digest\":\"%016llx%016llx\",\"proof_bytes\":%zu",
                 c->actions, (unsigned long long)h.high64, (unsigned long long)h.low64, *len);
    }
    const pasta_bench_clock clock = threads > 1 ? PASTA_BENCH_CLOCK_WALL
                                                : PASTA_BENCH_CLOCK_THREAD_CPU;
    pasta_bench_set_extra(extra);
    pasta_bench_result r;
    const int shown = pasta_bench_report(&id, clock, v, n, &r) == 0;
    if (fn == op_prove) {
        phase_row *pr = nphase_rows < 64 ? &phase_rows[nphase_rows++] : NULL;
        if (pr) {
            snprintf(pr->backend, sizeof pr->backend, "%s", backend);
            pr->threads = threads;
            pr->actions = c->actions;
            if (!shown) pasta_bench_median_ci(v, n, &r.median_ns, &r.lo_ns, &r.hi_ns);
            pr->total = r.median_ns / 1e6;
        }
        double *col = malloc((size_t)n * sizeof *col);
        for (int p = 0; col && p < HALO2_NUM_PHASES; p++) {
            for (int s = 0; s < n; s++) col[s] = ph[(size_t)s * HALO2_NUM_PHASES + p];
            char pn[64];
            pasta_bench_id pid;
            row_id(&pid, pn, sizeof pn, c->name, halo2_phase_names[p], backend, threads);
            pasta_bench_result q;
            if (pasta_bench_report(&pid, clock, col, n, &q) !=
                0) { /* not selected: the table only */
                double lo, hi;
                pasta_bench_median_ci(col, n, &q.median_ns, &lo, &hi);
            }
            if (pr) pr->phase[p] = q.median_ns / 1e6;
        }
        free(col);
    }
    pasta_bench_set_extra(NULL);
    free(v);
    free(ph);
    return 0;
}

int cmd_bench(int argc, char **argv) {
    static const optdef defs[] = {{"--help", 0},    {"--version", 0}, {"--quick", 0},
                                  {"--full", 0},    {"--json", 1},    {"--circuit", 1},
                                  {"--threads", 1}, {"--actions", 1}, {"--backend", 1},
                                  {"--filter", 1},  {"--warmup", 1},  {"--measure", 1},
                                  {"--samples", 1}};
    args a;
    int rc = parse_args(&a, defs, (int)(sizeof defs / sizeof defs[0]), 0, argc, argv);
    if (rc) return rc;
    if ((rc = help_or_version(&a, usage_bench)) >= 0) return rc;
    if (arg(&a, "--quick") && arg(&a, "--full"))
        return usage_error("--quick and --full exclude each other");
    int kind = PLONK, threads[8], nt = 3, actions[8] = {1}, na = 1;
    threads[0] = 1, threads[1] = 2, threads[2] = 8;
    if (arg(&a, "--circuit") && (rc = parse_circuit(arg(&a, "--circuit"), &kind)) != 0)
        return rc;
    if (arg(&a, "--threads") && (rc = parse_list("--threads", arg(&a, "--threads"), 1,
                                                 HALO2_MAX_THREADS, threads, 8, &nt)) != 0)
        return rc;
    if (arg(&a, "--actions") && kind != ORCHARD)
        return usage_error("--actions: orchard_k11 only");
    if (kind == ORCHARD) actions[0] = 1, actions[1] = 4, na = 2;
    if (arg(&a, "--actions") && (rc = parse_list("--actions", arg(&a, "--actions"), 1,
                                                 MAX_ACTIONS, actions, 8, &na)) != 0)
        return rc;
    sampling sp = {arg(&a, "--quick") ? 5 : 10, -1, 0};
    if (arg(&a, "--samples") &&
        (rc = parse_int("--samples", arg(&a, "--samples"), 1, 100000, &sp.samples)) != 0)
        return rc;
    if (arg(&a, "--warmup") &&
        (rc = parse_seconds("--warmup", arg(&a, "--warmup"), &sp.warmup_s)) != 0)
        return rc;
    if (arg(&a, "--measure") &&
        (rc = parse_seconds("--measure", arg(&a, "--measure"), &sp.measure_s)) != 0)
        return rc;
    const pasta_backend all[3] = {PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM,
                                  PASTA_BACKEND_X86_64_IFMA};
    pasta_backend backends[3];
    int nb = 0;
    if (arg(&a, "--backend")) {
        pasta_backend b;
        if (pasta_backend_parse(&b, arg(&a, "--backend")) != PASTA_OK)
            return usage_error(
                "--backend %s: unknown (portable, x86_64-asm, x86_64-ifma, auto)",
                arg(&a, "--backend"));
        if (!pasta_backend_supported(b))
            return msg(EXIT_USAGE, "--backend %s: not supported on this build or CPU",
                       arg(&a, "--backend"));
        if (b == PASTA_BACKEND_AUTO) {
            pasta_backend_set(PASTA_BACKEND_AUTO);
            b = pasta_backend_get();
        }
        backends[nb++] = b;
    } else {
        for (int i = 0; i < 3; i++)
            if (pasta_backend_supported(all[i])) backends[nb++] = all[i];
    }
    pasta_bench_set_filter(arg(&a, "--filter"), NULL);
    /* what the filter selects, before any work */
    static const char *const whats[3] = {"", "verify", "keygen"};
    int selected = 0;
    for (int b = 0; b < nb; b++)
        for (int i = 0; i < nt; i++)
            for (int w = 0; w < 3; w++)
                selected += row_selected(circuit_names[kind], whats[w],
                                         pasta_backend_name(backends[b]), threads[i]);
    if (!selected) return usage_error("--filter %s selects no row", arg(&a, "--filter"));
    FILE *json = NULL;
    if (arg(&a, "--json") && (json = fopen(arg(&a, "--json"), "a")) == NULL)
        return msg(EXIT_USAGE, "--json %s: %s", arg(&a, "--json"), strerror(errno));
    pasta_bench_set_json(json);
    pasta_bench_set_build_config(PASTA_BUILD_CONFIG);
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 0; i < nt; i++)
        if (threads[i] > cores)
            fprintf(stderr,
                    "prover_bench: warning: %d threads on %ld cores: oversubscribed, "
                    "those figures measure contention, not scaling\n",
                    threads[i], cores);
    static uint8_t proof[MAX_PROOF];
    witness_in w;
    demo_witness(&w);
    int code = 0;
    for (int ai = 0; ai < na && code == 0; ai++) {
        circuit c;
        size_t len = 0;
        int lrc = circuit_init(&c, kind, actions[ai], 0, 1);
        if (lrc == PASTA_OK) lrc = synthesize(&c, &w);
        if (lrc != PASTA_OK) code = library_error("keygen and witness", lrc);
        for (int b = 0; b < nb && code == 0; b++) {
            const char *bn = pasta_backend_name(backends[b]);
            pasta_backend_set(backends[b]);
            for (int i = 0; i < nt && code == 0; i++) {
                code = bench_row(&c, "", bn, threads[i], op_prove, &sp, proof, &len);
                if (!code)
                    code =
                        bench_row(&c, "verify", bn, threads[i], op_verify, &sp, proof, &len);
                if (!code && ai == 0)
                    code =
                        bench_row(&c, "keygen", bn, threads[i], op_keygen, &sp, proof, &len);
            }
        }
        pasta_backend_set(PASTA_BACKEND_AUTO);
        circuit_free(&c);
    }
    if (nphase_rows > 0) {
        printf("\n# %s: prove, per phase (median ms; 1 thread: thread CPU time, more: wall)\n",
               circuit_names[kind]);
        printf("%-12s %3s %3s %9s", "backend", "A", "thr", "prove");
        for (int p = 0; p < HALO2_NUM_PHASES; p++) printf(" %12s", halo2_phase_names[p]);
        printf("\n");
        for (int r = 0; r < nphase_rows; r++) {
            const phase_row *pr = &phase_rows[r];
            printf("%-12s %3d %3d %9.2f", pr->backend, pr->actions, pr->threads, pr->total);
            for (int p = 0; p < HALO2_NUM_PHASES; p++) printf(" %12.2f", pr->phase[p]);
            printf("\n");
        }
    }
    pasta_bench_set_json(NULL);
    if (json && fclose(json) != 0 && !code)
        code = msg(EXIT_INTERNAL, "--json %s: %s", arg(&a, "--json"), strerror(errno));
    return code;
}
