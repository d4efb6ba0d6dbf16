/* The interleaved A/B programs' timing (bench/ifma_bench.c, bench/ifma_ntt_bench.c): the
 * calling thread's CPU time, and median [min, max] of a sample. */
#ifndef PASTA_BENCH_AB_UTIL_H
#define PASTA_BENCH_AB_UTIL_H

#include <stdlib.h>
#include <time.h>

static inline double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static inline int cmp_d(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts v[0..n) (n >= 1) and returns its median. */
static inline double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Sorts v[0..n) (n >= 1): median, min, max. */
static inline void stats(double *v, int n, double *med, double *lo, double *hi) {
    *med = median(v, n);
    *lo = v[0];
    *hi = v[n - 1];
}

#endif /* PASTA_BENCH_AB_UTIL_H */
