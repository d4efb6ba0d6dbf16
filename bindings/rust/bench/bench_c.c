/* The C twin of pasta-engine/examples/bench.rs: the same inputs, clocks, sample counts and
 * output, through the C API (vs-c.sh runs the two alternately).
 *   bench_c [threads] [runs] [wall] */
#define _POSIX_C_SOURCE 200809L
#include <malloc.h>
#include <pasta/pasta.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(clockid_t c) {
    struct timespec ts;
    clock_gettime(c, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
/* v sorted; median as Rust's v[n / 2]. */
static void stats(double *v, int n, double *m, double *lo, double *hi) {
    qsort(v, (size_t)n, sizeof *v, cmp);
    *m = v[n / 2], *lo = v[0], *hi = v[n - 1];
}
static uint64_t xs = 0x123456789abcdef0ull;
static uint64_t next(void) {
    xs ^= xs << 13;
    xs ^= xs >> 7;
    xs ^= xs << 17;
    return xs;
}
static void rand_fq(pasta_fq *r) {
    uint8_t b[64];
    for (int i = 0; i < 8; i++) {
        uint64_t v = next();
        for (int k = 0; k < 8; k++) b[8 * i + k] = (uint8_t)(v >> (8 * k));
    }
    pasta_fq_from_uniform_bytes(r, b);
}

int main(int argc, char **argv) {
    int threads = argc > 1 ? atoi(argv[1]) : 1, runs = argc > 2 ? atoi(argv[2]) : 7;
    if (threads < 1 || runs < 1) return 2;
    int wall = argc > 3 && strcmp(argv[3], "wall") == 0;
    clockid_t clk = threads == 1 && !wall ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC;
    /* A fixed mmap threshold: every block of 128 KiB or more (the arrays, the domain's tables,
     * the MSM's buffers) is mapped on its own, so it starts at the same page offset in both
     * twins; with glibc's adaptive threshold they came from the heap after the MSM's freed
     * block, at offsets that differed between C and Rust and moved the NTT by about 2%. */
    if (mallopt(M_MMAP_THRESHOLD, 128 * 1024) != 1) return 1;
    printf("# c: %s\n", pasta_build_info());
    size_t n = (size_t)1 << 16;
    pasta_fq *s = malloc(n * sizeof *s), k0;
    pasta_pallas_jacobian *p = malloc(n * sizeof *p), acc, g;
    pasta_pallas_affine *b = malloc(n * sizeof *b);
    double *t = malloc((size_t)(3 * runs) * sizeof *t), m, lo, hi;
    if (!s || !p || !b || !t) return 1;
    for (size_t i = 0; i < n; i++) rand_fq(&s[i]);
    rand_fq(&k0);
    pasta_pallas_generator(&g);
    pasta_pallas_mul(&acc, &g, &k0);
    for (size_t i = 0; i < n; i++) {
        pasta_pallas_jacobian d2;
        p[i] = acc;
        pasta_pallas_dbl_var(&d2, &acc);
        pasta_pallas_add_var(&acc, &d2, &g);
    }
    if (pasta_pallas_batch_to_affine(b, p, n) != PASTA_OK) return 1;
    pasta_pallas_jacobian r;
    if (pasta_pallas_msm_var(&r, b, s, n, threads) != PASTA_OK) return 1; /* warm-up */
    for (int i = 0; i < runs; i++) {
        pasta_pallas_jacobian q;
        double t0 = now(clk);
        if (pasta_pallas_msm_var(&q, b, s, n, threads) != PASTA_OK) return 1;
        t[i] = now(clk) - t0;
        if (pasta_pallas_is_identity(&q)) return 1;
    }
    stats(t, runs, &m, &lo, &hi);
    uint8_t rb[32];
    pasta_pallas_to_bytes(rb, &r);
    printf("RESULT msm %d %.3f %.3f %.3f ", threads, m * 1e3, lo * 1e3, hi * 1e3);
    for (int i = 0; i < 32; i++) printf("%02x", rb[i]);
    printf("\n");

    pasta_fp_domain d;
    if (pasta_fp_domain_init(&d, 16, 0) != PASTA_OK) return 1;
    pasta_fp *a = malloc(n * sizeof *a);
    if (!a) return 1;
    for (uint64_t i = 0; i < n; i++) pasta_fp_from_u64(&a[i], i * i + 1);
    printf("# layout: ntt array at page offset %u, domain tables at %u\n",
           (unsigned)((uintptr_t)a % 4096), (unsigned)((uintptr_t)d.tables % 4096));
    if (pasta_fp_ntt(&d, a, n, threads) != PASTA_OK) return 1; /* warm-up */
    for (int i = 0; i < 3 * runs; i++) {
        double t0 = now(clk);
        if (pasta_fp_ntt(&d, a, n, threads) != PASTA_OK) return 1;
        t[i] = now(clk) - t0;
    }
    stats(t, 3 * runs, &m, &lo, &hi);
    printf("RESULT ntt %d %.4f %.4f %.4f\n", threads, m * 1e3, lo * 1e3, hi * 1e3);

    /* One call per multiplication: one dependent chain, and four independent chains. */
    const uint64_t iters = 1000000;
    pasta_fp u, v, w[4], sum;
    double t1[5], t4[5];
    pasta_fp_from_u64(&v, 7);
    pasta_fp_from_u64(&u, 3);
    pasta_fp_from_u64(&w[0], 3);
    pasta_fp_from_u64(&w[1], 5);
    pasta_fp_from_u64(&w[2], 11);
    pasta_fp_from_u64(&w[3], 13);
    for (int rep = 0; rep < 5; rep++) {
        double t0 = now(CLOCK_THREAD_CPUTIME_ID);
        for (uint64_t i = 0; i < iters; i++) pasta_fp_mul(&u, &u, &v);
        t1[rep] = (now(CLOCK_THREAD_CPUTIME_ID) - t0) / (double)iters;
        t0 = now(CLOCK_THREAD_CPUTIME_ID);
        for (uint64_t i = 0; i < iters / 4; i++)
            for (int e = 0; e < 4; e++) pasta_fp_mul(&w[e], &w[e], &v);
        t4[rep] = (now(CLOCK_THREAD_CPUTIME_ID) - t0) / (double)iters;
    }
    pasta_fp_add(&sum, &u, &w[0]);
    for (int e = 1; e < 4; e++) pasta_fp_add(&sum, &sum, &w[e]);
    if (pasta_fp_is_zero(&sum)) return 1;
    stats(t1, 5, &m, &lo, &hi);
    printf("RESULT mul1 %.2f\n", m * 1e9);
    stats(t4, 5, &m, &lo, &hi);
    printf("RESULT mul4 %.2f\n", m * 1e9);
    pasta_fp_domain_free(&d);
    free(a), free(t), free(b), free(p), free(s);
    return 0;
}
