/* pasta_bench — the benchmark program (docs/BENCHMARKS.md: what the numbers mean).
 *
 *   pasta_bench [--quick|--full] [--json FILE] [--suite S] [--filter SUBSTR]
 *               [--backend portable|x86_64-asm|x86_64-ifma|auto]
 *                          suites, in this order: field, curve, api (bench/bench_api.c:
 *                          the public entry points against their in-backend references;
 *                          --suite api also measures those references), ntt
 *                          (bench/bench_ntt.c), msm (bench/bench_msm.c: Pippenger, ns and
 *                          Fp-mul equivalents per point)
 *   pasta_bench --count OP FIELD N [--backend B [--no-cpu-check]]
 *                          run N ops untimed (for callgrind; --no-cpu-check: see below);
 *                          FIELD fp | fq (suite field names) or pallas | vesta (curve names);
 *                          OP ntt_fwd | ntt_inv | ntt_radix2 | ntt_coset: one transform of
 *                          2^N elements; OP msm_var[:C:FLAGS] | msm_jacobian | msm_noglv |
 *                          msm_fixed[:C]: one MSM
 *   pasta_bench --version  the build: configuration (portable | asm-mul | asm | ...: CMake
 *                          PASTA_X86_64_ASM and PASTA_ASM_KERNELS), pasta_build_info(),
 *                          SHA-256 of this executable; --list-suites: the suites, one a line
 * Common options (bench/harness.h): --warmup S --measure S --samples N override the
 * --quick/--full settings; --actions LIST and --threads LIST (e.g. 1,4) are for suites
 * that take them (--threads: msm and ntt measure each listed thread count, wall clock, for
 * bench/scaling.sh). Every JSON line carries "config".
 *   --quick    each suite's fixed set of sizes (bench_ntt.c, bench_msm.c, bench_curve.c),
 *              Fp and Pallas only where Fq and Vesta run the same code (a --filter still
 *              selects those), the harness's time budget per row: about 75 s of CPU for
 *              every suite on both backends of the reference host (--quick --list says)
 *   --full     every size (the default)
 *   --sizes LIST  n values (2049,2^16,...) for the sized suites instead of the mode's
 *   --list     print the rows these options would run, each with its estimated seconds
 *              (a model of the reference host: AMD EPYC Zen 3, gcc 12), and the total;
 *              runs nothing
 *   --quiet    no progress line; --progress: a progress line even when stderr is not a
 *              terminal (default: only on a terminal). The progress line is on stderr:
 *              "[row/rows] key  m:ss elapsed, ~m:ss left".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench.h"

#ifndef PASTA_BUILD_CONFIG
#define PASTA_BUILD_CONFIG "unknown"
#endif

/* The suites in the order they run; a new suite adds its name here (main_job.sh asks
 * --list-suites whether "prover" is there). */
static const char *const suite_names[] = {"field", "curve", "api", "ntt", "msm"};

bench_int_list bench_opt_actions, bench_opt_threads;
bench_size_list bench_opt_sizes;
int bench_quick, bench_filtered;

/* "2049,2^16" -> {2049, 65536}; 0 on success. */
static int parse_size_list(const char *s, bench_size_list *out) {
    out->n = 0;
    while (*s) {
        char *end;
        unsigned long long v = strtoull(s, &end, 10);
        if (end != s && *end == '^') { /* 2^k */
            const char *e = end + 1;
            unsigned long long k = strtoull(e, &end, 10);
            if (end == e || v != 2 || k > 30) return -1;
            v = 1ull << k;
        }
        if (end == s || v < 1 || v > (1ull << 30) || out->n == BENCH_MAX_LIST) return -1;
        out->v[out->n++] = v;
        if (*end == ',') end++;
        else if (*end != '\0') return -1;
        s = end;
    }
    return out->n > 0 ? 0 : -1;
}

int bench_sizes(const uint64_t *def, int n, const uint64_t **out) {
    if (bench_opt_sizes.n > 0) {
        *out = bench_opt_sizes.v;
        return bench_opt_sizes.n;
    }
    *out = def;
    return def ? n : 0;
}

int bench_skip_twin(const char *field) {
    return bench_quick && !bench_filtered && field != NULL &&
           (strcmp(field, "fq") == 0 || strcmp(field, "vesta") == 0);
}

double bench_model_scale(const pasta_ops *ops) {
    return ops->backend == PASTA_BACKEND_PORTABLE ? 2.2 : 1.0;
}

/* "1,4" -> {1, 4}; 0 on success. */
static int parse_int_list(const char *s, bench_int_list *out) {
    out->n = 0;
    while (*s) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < 1 || v > 1024 || out->n == BENCH_MAX_LIST) return -1;
        out->v[out->n++] = (int)v;
        if (*end == ',') end++;
        else if (*end != '\0') return -1;
        s = end;
    }
    return out->n > 0 ? 0 : -1;
}

static const pasta_ops *only; /* --backend: a single backend, else all runnable ones */

const pasta_ops *bench_backend(int i) {
    if (only != NULL) return i == 0 ? only : NULL;
    static const pasta_backend all[BENCH_MAX_BACKENDS] = {
        PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM, PASTA_BACKEND_X86_64_IFMA};
    return i < BENCH_MAX_BACKENDS ? pasta_ops_for(all[i]) : NULL;
}

/* Results measured in this process (the api suite's references). Names and backends are
 * static strings (suite tables, ops->name); a full table just stops recording. */
typedef struct {
    pasta_bench_id id;
    pasta_bench_result r;
} bench_record_t;
static bench_record_t records[4096];
static int nrecords;

static int same(const char *a, const char *b) {
    return (a == NULL || b == NULL) ? a == b : strcmp(a, b) == 0;
}

void bench_record(const pasta_bench_id *id, const pasta_bench_result *r) {
    if (nrecords < (int)(sizeof records / sizeof records[0]))
        records[nrecords++] = (bench_record_t){*id, *r};
}

const pasta_bench_result *bench_lookup(const char *suite, const char *name, const char *field,
                                       const char *backend) {
    for (int i = nrecords - 1; i >= 0; i--) {
        const pasta_bench_id *id = &records[i].id;
        if (same(id->suite, suite) && same(id->name, name) && same(id->field, field) &&
            same(id->backend, backend))
            return &records[i].r;
    }
    return NULL;
}

/* Every suite, in order (each applies --suite/--filter to its rows). */
static void run_suites(const pasta_bench_args *args) {
    bench_field_suite();
    bench_curve_suite();
    bench_api_suite();
    bench_ntt_suite(&args->config);
    bench_msm_suite(&args->config, bench_quick);
}

int main(int argc, char **argv) {
    pasta_bench_args args;
    /* the last of --quick / --full wins, as in the harness */
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--quick") == 0) bench_quick = 1;
        else if (strcmp(argv[i], "--full") == 0) bench_quick = 0;
    pasta_bench_set_build_config(PASTA_BUILD_CONFIG);
    argc = pasta_bench_parse_args(argc, argv, &args);
    if (argc < 0) return 2;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--version") == 0) {
            printf("config: %s\nbuild: %s\nsha256: %s\n", PASTA_BUILD_CONFIG,
                   pasta_build_info(), pasta_bench_binary_sha256());
            return 0;
        }
        if (strcmp(argv[i], "--list-suites") == 0) {
            for (size_t k = 0; k < sizeof suite_names / sizeof suite_names[0]; k++)
                printf("%s\n", suite_names[k]);
            return 0;
        }
    }
    bench_filtered = args.filter != NULL && *args.filter != '\0';
    const char *count_op = NULL, *count_field = NULL, *backend_name = NULL;
    int no_cpu_check = 0, list = 0, progress = -1; /* -1: when stderr is a terminal */
    uint64_t count_n = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc) {
            backend_name = argv[++i];
        } else if ((strcmp(argv[i], "--actions") == 0 || strcmp(argv[i], "--threads") == 0) &&
                   i + 1 < argc) {
            bench_int_list *l = argv[i][2] == 'a' ? &bench_opt_actions : &bench_opt_threads;
            if (parse_int_list(argv[i + 1], l) != 0) {
                fprintf(stderr, "pasta_bench: bad list for %s: %s\n", argv[i], argv[i + 1]);
                return 2;
            }
            i++;
        } else if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc) {
            if (parse_size_list(argv[i + 1], &bench_opt_sizes) != 0) {
                fprintf(stderr, "pasta_bench: bad list for --sizes: %s\n", argv[i + 1]);
                return 2;
            }
            i++;
        } else if (strcmp(argv[i], "--list") == 0) {
            list = 1;
        } else if (strcmp(argv[i], "--quiet") == 0) {
            progress = 0;
        } else if (strcmp(argv[i], "--progress") == 0) {
            progress = 1;
        } else if (strcmp(argv[i], "--no-cpu-check") == 0) {
            no_cpu_check = 1;
        } else if (strcmp(argv[i], "--count") == 0 && i + 3 < argc) {
            count_op = argv[++i];
            count_field = argv[++i];
            count_n = strtoull(argv[++i], NULL, 0);
        } else {
            fprintf(stderr, "pasta_bench: unknown argument %s\n", argv[i]);
            return 2;
        }
    }
    if (backend_name != NULL) {
        pasta_backend b;
        if (pasta_backend_parse(&b, backend_name) != PASTA_OK) {
            fprintf(stderr, "pasta_bench: unknown backend %s\n", backend_name);
            return 2;
        }
        only = pasta_ops_for(b);
#ifdef PASTA_X86_64_ASM
        /* valgrind's virtual CPU hides ADX from cpuid although it executes adcx/adox:
         * callgrind counts of the asm backend need the check skipped (the caller has
         * checked the real CPU). */
        if (only == NULL && no_cpu_check && b == PASTA_BACKEND_X86_64_ASM)
            only = &pasta_ops_x86_64_asm;
#endif
        if (only == NULL) {
            fprintf(stderr, "pasta_bench: backend %s is not available here\n", backend_name);
            return 2;
        }
    }
    (void)no_cpu_check;
    if (count_op != NULL) {
        const pasta_ops *ops = only != NULL ? only : pasta_ops_for(PASTA_BACKEND_AUTO);
        int bad = strncmp(count_op, "ntt_", 4) == 0
                      ? bench_ntt_count(ops, count_op, count_field, count_n)
                  : strncmp(count_op, "msm", 3) == 0
                      ? bench_msm_count(ops, count_op, count_field, count_n)
                  : (strcmp(count_field, "pallas") == 0 || strcmp(count_field, "vesta") == 0)
                      ? bench_curve_count(ops, count_op, count_field, count_n)
                      : bench_field_count(ops, count_op, count_field, count_n);
        if (bad != 0) {
            fprintf(stderr, "pasta_bench: unknown op/field %s %s\n", count_op, count_field);
            return 2;
        }
        return 0;
    }
    if (progress < 0) progress = isatty(STDERR_FILENO);
    if (list || progress) { /* the plan first: the rows, their estimates */
        pasta_bench_set_plan(1);
        run_suites(&args);
        pasta_bench_set_plan(0);
        nrecords = 0; /* the plan's placeholders */
        if (list) {
            printf("# pasta_bench %s: the rows, estimated on the reference host (AMD EPYC "
                   "Zen 3, 2 vCPUs, gcc 12; bench_model_scale)\n",
                   bench_quick ? "--quick" : "--full");
            pasta_bench_plan_print(stdout);
            pasta_bench_args_close(&args);
            return 0;
        }
        pasta_bench_print_header(stdout);
        pasta_bench_progress_start();
    }
    run_suites(&args);
    pasta_bench_progress_end();
    pasta_bench_args_close(&args);
    return 0;
}
