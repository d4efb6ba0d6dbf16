/* pasta benchmark harness: Criterion.rs-style sampling for microbenchmarks.
 *
 * Method (see harness.c for details):
 *   warm-up   run the body with 1, 2, 4, ... iterations until warmup_s has elapsed;
 *             this estimates ns/iteration (and warms caches, branch predictors, clocks).
 *   sampling  `samples` samples with linearly increasing iteration counts d, 2d, ..., n*d
 *             (as Criterion.rs does), d chosen so the total time is ~measure_s.
 *   estimate  per sample ns/op = time / iterations; result = median over samples;
 *             lo/hi = distribution-free 95% confidence interval of the median from order
 *             statistics (binomial ranks), no bootstrap, no normality assumption.
 *   clock     CLOCK_THREAD_CPUTIME_ID (CPU time of the calling thread) by default:
 *             insensitive to preemption by other processes; CLOCK_MONOTONIC (wall) for
 *             multi-threaded suites, selected by pasta_bench_config.clock.
 *
 * Output: a human table on stdout (header with CPU model and compiler printed once) and,
 * when a JSON sink is set (pasta_bench_parse_args --json FILE), one JSON object per line:
 *   {"suite","name","backend","field","n","threads","median_ns","lo_ns","hi_ns","samples",
 *    "clock","cpu","compiler","binary_sha256"[,"config"][,extra members]}
 * config = the build's configuration (pasta_bench_set_build_config: portable, asm-mul,
 * asm, ...), present when set; extra members, e.g. the prover suite's "actions" and
 * "digest", from pasta_bench_set_extra.
 * binary_sha256 = SHA-256 of /proc/self/exe (libsodium), computed once.
 */
#ifndef PASTA_BENCH_HARNESS_H
#define PASTA_BENCH_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The benchmark body: performs the measured operation `iters` times. The loop lives in
 * the body so that the call overhead is amortised; make each iteration depend on the
 * previous one (latency) or feed results to pasta_bench_consume (throughput). */
typedef void (*pasta_bench_fn)(void *ctx, uint64_t iters);

typedef enum {
    PASTA_BENCH_CLOCK_THREAD_CPU = 0, /* CLOCK_THREAD_CPUTIME_ID: single-thread suites */
    PASTA_BENCH_CLOCK_WALL = 1        /* CLOCK_MONOTONIC: multi-threaded suites */
} pasta_bench_clock;

typedef struct {
    double warmup_s;         /* warm-up duration, seconds */
    double measure_s;        /* target total measurement time, seconds */
    int samples;             /* number of samples (>= 1; >= 6 for a real 95% CI) */
    pasta_bench_clock clock; /* 0 = thread CPU time (default) */
} pasta_bench_config;

#define PASTA_BENCH_CONFIG_FULL \
    ((pasta_bench_config){2.0, 8.0, 100, PASTA_BENCH_CLOCK_THREAD_CPU})
#define PASTA_BENCH_CONFIG_QUICK \
    ((pasta_bench_config){0.1, 0.4, 20, PASTA_BENCH_CLOCK_THREAD_CPU})

typedef struct {
    const char *suite;   /* e.g. "field", "curve", "msm" */
    const char *name;    /* e.g. "mul" */
    const char *backend; /* e.g. "portable", "x86_64_asm" */
    const char *field;   /* "fp", "fq", or NULL when not applicable */
    uint64_t n;          /* problem size (0 when not applicable) */
    int threads;         /* threads used by the body (1 for single-thread) */
} pasta_bench_id;


typedef struct {
    double median_ns; /* per operation */
    double lo_ns;     /* 95% CI of the median, per operation */
    double hi_ns;
    int samples;
} pasta_bench_result;

/* Parsed common command-line options. */
typedef struct {
    pasta_bench_config config; /* QUICK for --quick, FULL for --full (default: FULL) */
    const char *filter;        /* --filter: NULL = all (see pasta_bench_selected) */
    const char *suite;         /* --suite: NULL = all */
    const char *json_path;     /* --json FILE, opened in append mode */
    FILE *json;                /* NULL when no --json */
} pasta_bench_args;

/* Parse and remove the common options from argv:
 *   --quick | --full | --json FILE | --filter SUBSTR[,SUBSTR...] | --suite NAME[,NAME...]
 *   --warmup S | --measure S | --samples N   (override --quick / --full's values)
 * (also the --opt=value forms). Unknown arguments are kept, in order, for the caller; the
 * return value is the new argc (argv[argc] = NULL), or -1 after printing an error.
 * Sets the global configuration used by pasta_bench_run (config, filters, JSON sink). */
int pasta_bench_parse_args(int argc, char **argv, pasta_bench_args *out);

/* Release what pasta_bench_parse_args opened (closes the JSON file). */
void pasta_bench_args_close(pasta_bench_args *args);

/* The build's configuration name for the header and each JSON line ("config"); the
 * string must outlive the runs. NULL (the default): no "config" member. */
void pasta_bench_set_build_config(const char *config);
const char *pasta_bench_build_config(void);
/* More JSON members for the following records, written as is after the common ones,
 * e.g. "\"actions\":4,\"digest\":\"9f..\"" (copied; NULL or "" clears). */
void pasta_bench_set_extra(const char *json_members);

/* Set the JSON sink / filters directly (pasta_bench_parse_args calls these). */
void pasta_bench_set_json(FILE *json);
void pasta_bench_set_filter(const char *filter, const char *suite);

/* 1 when `id` passes the filters: --suite must equal id->suite (one of the listed names);
 * --filter must be a substring of the key "suite/name/field/backend/n/threads" ("-" for
 * a NULL field), any one of the comma-separated terms. E.g. "mul", "/mul/fp/" or
 * "msm/var/pallas/x86_64-asm/2049/1". Use it to skip
 * expensive set-up of benchmarks that pasta_bench_run would skip anyway. */
int pasta_bench_selected(const pasta_bench_id *id);

/* Measure `fn` as described at the top, print a table row, append a JSON line.
 * cfg == NULL means the configuration from pasta_bench_parse_args (default FULL).
 * Returns 0 when measured, 1 when skipped by the filters (out untouched), -1 on error. */
int pasta_bench_run(const pasta_bench_config *cfg, const pasta_bench_id *id, pasta_bench_fn fn,
                    void *ctx, pasta_bench_result *out);
/* The same, ignoring the filters (never returns 1): for a row that another, selected row
 * needs as its reference (e.g. the in-backend counterpart of an api row). */
int pasta_bench_run_always(const pasta_bench_config *cfg, const pasta_bench_id *id,
                           pasta_bench_fn fn, void *ctx, pasta_bench_result *out);

/* A row from samples measured by the caller (ns per operation each, v sorted in
 * place): the same table row and JSON line as pasta_bench_run. Returns 0, 1 when skipped
 * by the filters, -1 on bad arguments. */
int pasta_bench_report(const pasta_bench_id *id, pasta_bench_clock clock, double *v, int n,
                       pasta_bench_result *out);
/* ---- Time budget, plans and progress (pasta_bench --list, its progress line).
 *
 * Budget: a row's sampling takes about cfg->measure_s. When `samples` linear samples of
 * at least 1, 2, ..., samples iterations would take longer (one operation costs more than
 * measure_s / (samples (samples + 1) / 2)), each sample is one operation instead and
 * there are floor(measure_s / op) of them, at least 3 (or `samples` when --samples was
 * given): such a row's table line says "budget: k of n samples". The warm-up runs at
 * least one operation. So a row costs about warmup_s + measure_s, or 4 operations when
 * one operation is over measure_s / 3. */

/* The sampling pasta_bench_run would choose for an operation of op_ns (> 0): *samples,
 * *flat = 1 when the budget makes each sample one operation; returns the estimated
 * seconds of the warm-up and the samples. */
double pasta_bench_estimate(const pasta_bench_config *cfg, double op_ns, int *samples,
                            int *flat);

/* Plan mode (on = 1): pasta_bench_run and pasta_bench_expect record each selected row
 * with its estimate instead of running it; pasta_bench_run then returns 0 with *out a
 * placeholder (median = the estimated op, or 1 ns). Turning plan mode on clears the plan. */
void pasta_bench_set_plan(int on);
int pasta_bench_planning(void);
/* For a row with an expensive set-up, before it: 1 when the caller should set it up and
 * run it (selected, not in plan mode), 0 otherwise; in plan mode a selected row is
 * recorded with op_ns per operation (0: small) and setup_ns of set-up. The next
 * pasta_bench_run of the same id uses these for its estimate and progress. */
int pasta_bench_expect(const pasta_bench_config *cfg, const pasta_bench_id *id, double op_ns,
                       double setup_ns);
/* The plan recorded so far: rows, and their estimated seconds in all. */
int pasta_bench_plan_rows(double *total_s);
/* Print the plan: a line per row (key, sampling, estimated seconds), then
 * "# total: N rows, S s estimated" . */
void pasta_bench_plan_print(FILE *f);
/* Progress line on stderr after each row: "[i/N] key  elapsed m:ss, ~m:ss left", with N
 * and the estimates from the plan recorded before (pasta_bench_set_plan(0) keeps it).
 * Call pasta_bench_progress_end() after the last row (clears the line, prints the total
 * time and the estimate). The environment variable PASTA_BENCH_TRACE=1 prints, for each
 * row, its estimated and measured seconds (wall and process CPU) to stderr. */
void pasta_bench_progress_start(void);
void pasta_bench_progress_end(void);

/* Print the header (CPU, compiler, binary SHA-256, table columns) to `f`; pasta_bench_run
 * prints it to stdout before its first row unless this was called first. */
void pasta_bench_print_header(FILE *f);

/* Host CPU ("model name" of /proc/cpuinfo), compiler of the harness, and the SHA-256 (hex)
 * of /proc/self/exe ("unknown" when unreadable). Static strings, computed once. */
const char *pasta_bench_cpu(void);
/* Estimated core clock in GHz (x86-64: dependent add chain; 0 where unknown). Cached. */
double pasta_bench_core_ghz(void);
const char *pasta_bench_compiler(void);
const char *pasta_bench_binary_sha256(void);

/* Statistics, exposed for tests: sorts v[0..n) in place; median and 95% CI of the median
 * by binomial order statistics (lo = v[j-1], hi = v[n-j] with the largest j such that
 * P(Binomial(n, 1/2) < j) <= 0.025; for n < 6 the CI is [min, max], coverage < 95%). */
void pasta_bench_median_ci(double *v, int n, double *median, double *lo, double *hi);

/* Anti-optimisation: the compiler must assume that `p[0..len)` is read and may have been
 * written, so computations producing it cannot be removed or hoisted out of loops. */
static inline void pasta_bench_consume(const void *p, size_t len) {
    (void)len;
#if defined(__GNUC__) || defined(__clang__)
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    static volatile const void *sink;
    sink = p;
#endif
}

/* Make a scalar variable opaque: the compiler forgets its value (it may have changed), so
 * a loop-carried chain like x = f(x) cannot be folded or strength-reduced. For structs and
 * arrays, pass their address to pasta_bench_consume instead. */
#if defined(__GNUC__) || defined(__clang__)
#define PASTA_BENCH_OPAQUE(x) __asm__ __volatile__("" : "+r"(x))
#else
#define PASTA_BENCH_OPAQUE(x) pasta_bench_consume(&(x), sizeof(x))
#endif

/* Compiler barrier with no operands: memory may have changed arbitrarily. */
static inline void pasta_bench_clobber(void) {
#if defined(__GNUC__) || defined(__clang__)
    __asm__ __volatile__("" : : : "memory");
#endif
}

#ifdef __cplusplus
}
#endif
#endif /* PASTA_BENCH_HARNESS_H */
