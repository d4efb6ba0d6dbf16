/* Usage example and self-test of the benchmark harness (not a benchmark of pasta).
 *   cc -std=c17 -O2 -Wall -Wextra -Ibench bench/harness.c bench/harness_selftest.c \
 *      $(pkg-config --cflags --libs libsodium) -lm -o harness_selftest
 *   ./harness_selftest --quick [--json out.jsonl] [--filter mul] [extra args are kept]
 */
#define _POSIX_C_SOURCE 200809L

#include "harness.h"

#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static int failures;
#define CHECK(c)                                                                  \
    do {                                                                          \
        if (!(c)) {                                                               \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); \
            failures++;                                                           \
        }                                                                         \
    } while (0)

/* Latency benchmark: each iteration depends on the previous one. */
static void bench_mul_chain(void *ctx, uint64_t iters) {
    uint64_t x = *(uint64_t *)ctx;
    for (uint64_t i = 0; i < iters; i++) {
        x = x * 0x9E3779B97F4A7C15u + 1;
        PASTA_BENCH_OPAQUE(x); /* without it clang rewrites the chain (0.16 ns/op) */
    }
    *(uint64_t *)ctx = x;
    pasta_bench_consume(ctx, sizeof x);
}

/* Throughput benchmark: results are consumed so the work is not removed. */
static void bench_sha256_64(void *ctx, uint64_t iters) {
    unsigned char *buf = ctx, h[crypto_hash_sha256_BYTES];
    for (uint64_t i = 0; i < iters; i++) {
        crypto_hash_sha256(h, buf, 64);
        pasta_bench_consume(h, sizeof h);
    }
}

static void test_stats(void) {
    /* n = 20: CI ranks 6 and 15 (1-based), coverage 95.9%. */
    double v[20];
    for (int i = 0; i < 20; i++) v[i] = 20 - i; /* 20..1, unsorted */
    double m, lo, hi;
    pasta_bench_median_ci(v, 20, &m, &lo, &hi);
    CHECK(m == 10.5 && lo == 6 && hi == 15);
    /* n = 100: ranks 40 and 61. */
    double w[100];
    for (int i = 0; i < 100; i++) w[i] = i + 1;
    pasta_bench_median_ci(w, 100, &m, &lo, &hi);
    CHECK(m == 50.5 && lo == 40 && hi == 61);
    /* n = 5: too few for 95%, [min, max]. */
    double u[5] = {3, 1, 2, 5, 4};
    pasta_bench_median_ci(u, 5, &m, &lo, &hi);
    CHECK(m == 3 && lo == 1 && hi == 5);
}

static void test_filter(void) {
    pasta_bench_id a = {"field", "mul", "portable", "fp", 0, 1};
    pasta_bench_id b = {"field", "sqrt", "x86_64_asm", "fq", 0, 1};
    pasta_bench_id c = {"msm", "pippenger", "portable", NULL, 1024, 4};
    pasta_bench_set_filter("sqr", NULL);
    CHECK(!pasta_bench_selected(&a) && pasta_bench_selected(&b));
    pasta_bench_set_filter("/mul/,/fq/", "field");
    CHECK(pasta_bench_selected(&a) && pasta_bench_selected(&b) && !pasta_bench_selected(&c));
    pasta_bench_set_filter("portable", "msm,curve");
    CHECK(!pasta_bench_selected(&a) && pasta_bench_selected(&c));
    /* the key ends in /n/threads */
    pasta_bench_set_filter("msm/pippenger/-/portable/1024/4", NULL);
    CHECK(!pasta_bench_selected(&a) && pasta_bench_selected(&c));
    pasta_bench_set_filter("/1024/1,fp/portable/0/1", NULL);
    CHECK(pasta_bench_selected(&a) && !pasta_bench_selected(&b) && !pasta_bench_selected(&c));
    pasta_bench_set_filter(NULL, NULL);
}

/* --warmup/--measure/--samples override --quick/--full wherever they stand; bad values
 * are refused. */
static void test_overrides(void) {
    char a0[] = "x", a1[] = "--samples", a2[] = "7", a3[] = "--quick", a4[] = "--warmup=0.25",
         a5[] = "--measure", a6[] = "1.5", a7[] = "rest";
    char *argv[] = {a0, a1, a2, a3, a4, a5, a6, a7, NULL};
    pasta_bench_args args;
    int argc = pasta_bench_parse_args(8, argv, &args);
    CHECK(argc == 2 && strcmp(argv[1], "rest") == 0);
    CHECK(args.config.samples == 7 && args.config.warmup_s == 0.25 &&
          args.config.measure_s == 1.5);
    char b1[] = "--samples", b2[] = "0";
    char *bad[] = {a0, b1, b2, NULL};
    CHECK(pasta_bench_parse_args(3, bad, &args) == -1);
    char c1[] = "--measure", c2[] = "1s";
    char *bad2[] = {a0, c1, c2, NULL};
    CHECK(pasta_bench_parse_args(3, bad2, &args) == -1);
}

/* A body of ~ms milliseconds of this thread's CPU time per iteration (robust to load). */
static void bench_burn(void *ctx, uint64_t iters) {
    const double ms = *(const double *)ctx;
    for (uint64_t i = 0; i < iters; i++) {
        struct timespec a, b;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
        do clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
        while ((double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) * 1e-6 <
               ms);
    }
}

static int calls;
static void bench_count_calls(void *ctx, uint64_t iters) {
    (void)ctx, (void)iters;
    calls++;
}

/* The time budget: linear samples while they fit in measure_s, then samples of equal
 * counts, then fewer samples of one operation each (at least 3); the estimate follows. */
static void test_budget(void) {
    pasta_bench_config q = {0.0, 0.22, 20, PASTA_BENCH_CLOCK_THREAD_CPU};
    int k, flat;
    double t = pasta_bench_estimate(&q, 100.0, &k, &flat); /* 100 ns: linear */
    CHECK(k == 20 && !flat && t > 0.2 && t < 0.25);
    t = pasta_bench_estimate(&q, 2e6, &k, &flat); /* 2 ms: 20 samples of 5 */
    CHECK(k == 20 && flat && t > 0.2 && t < 0.25);
    t = pasta_bench_estimate(&q, 50e6, &k, &flat); /* 50 ms: 4 samples of 1 + warm-up */
    CHECK(k == 4 && flat && t > 0.24 && t < 0.26);
    t = pasta_bench_estimate(&q, 2e9, &k, &flat); /* 2 s: 3 samples (the minimum) */
    CHECK(k == 3 && flat && t > 7.9 && t < 8.1);
    /* a real row of 50 ms operations: 4 samples, said so */
    double ms = 50.0;
    pasta_bench_result r = {0, 0, 0, 0};
    pasta_bench_id id = {"selftest", "budget_50ms", "c", NULL, 0, 1};
    CHECK(pasta_bench_run_always(&q, &id, bench_burn, &ms, &r) == 0);
    CHECK(r.samples == 4 && r.median_ns > 49e6 && r.median_ns < 60e6);

    /* plan mode: rows are recorded with estimates, nothing runs */
    pasta_bench_set_plan(1);
    pasta_bench_id a = {"selftest", "planned", "c", NULL, 0, 1};
    CHECK(pasta_bench_expect(&q, &a, 50e6, 1e9) == 0); /* set-up 1 s */
    calls = 0;
    r.samples = 0;
    CHECK(pasta_bench_run_always(&q, &a, bench_count_calls, NULL, &r) == 0);
    CHECK(calls == 0 && r.samples == 20 && r.median_ns == 1.0);
    double total;
    CHECK(pasta_bench_plan_rows(&total) == 2 && total > 1.24 + 0.2 && total < 1.27 + 0.25);
    pasta_bench_set_plan(0);
    CHECK(pasta_bench_plan_rows(NULL) == 2);
    pasta_bench_set_filter("other", NULL);
    CHECK(pasta_bench_expect(&q, &a, 0, 0) == 0); /* not selected */
    pasta_bench_set_filter(NULL, NULL);
    CHECK(pasta_bench_expect(&q, &a, 0, 0) == 1);
    pasta_bench_set_plan(1); /* clears the plan */
    CHECK(pasta_bench_plan_rows(NULL) == 0);
    pasta_bench_set_plan(0);
}

int main(int argc, char **argv) {
    if (sodium_init() < 0) return 1;
    test_stats();
    test_filter();
    test_overrides();
    test_budget();
    pasta_bench_set_build_config("selftest-config");
    pasta_bench_set_extra("\"actions\":4");

    pasta_bench_args args;
    argc = pasta_bench_parse_args(argc, argv, &args);
    if (argc < 0) return 2;
    for (int i = 1; i < argc; i++) printf("# left for the program: %s\n", argv[i]);

    uint64_t x = 1;
    pasta_bench_result r;
    pasta_bench_id id1 = {"selftest", "u64_mul_chain", "c", NULL, 0, 1};
    if (pasta_bench_run(NULL, &id1, bench_mul_chain, &x, &r) == 0)
        CHECK(r.lo_ns <= r.median_ns && r.median_ns <= r.hi_ns && r.median_ns > 0.05);

    unsigned char buf[64] = {0};
    pasta_bench_id id2 = {"selftest", "sha256_64B", "libsodium", NULL, 64, 1};
    if (pasta_bench_run(NULL, &id2, bench_sha256_64, buf, &r) == 0)
        CHECK(r.median_ns > 10 && r.samples == args.config.samples);

    /* Wall clock, as a multi-threaded suite would use. */
    pasta_bench_config wall = args.config;
    wall.clock = PASTA_BENCH_CLOCK_WALL;
    pasta_bench_id id3 = {"selftest", "sha256_64B_wall", "libsodium", NULL, 64, 1};
    pasta_bench_run(&wall, &id3, bench_sha256_64, buf, &r);

    CHECK(strlen(pasta_bench_binary_sha256()) == 64);
    pasta_bench_args_close(&args);
    if (failures) fprintf(stderr, "harness_selftest: %d failure(s)\n", failures);
    return failures != 0;
}
