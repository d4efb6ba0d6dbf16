/* ifma_ntt_bench: ms per forward NTT (Fp, one thread) of the IFMA passes of
 * fft/fft_ifma.h, driven in G(ntt_core)'s schedule (scalar bit reversal, rows, column
 * groups of >= 8 columns), against the asm backend's ntt, interleaved in rounds (ifma,
 * asm, asm, ifma, ...), thread CPU time: median [min, max] of each and of the per-round
 * ratio asm / ifma. A development aid until the x86_64-ifma backend runs them (then
 * pasta_bench --suite ntt --backend x86_64-ifma measures the real thing).
 *
 *   ifma_ntt_bench [--rounds R]   (default 15)
 *
 * Exits 0 with a message on a CPU without AVX512F + AVX512IFMA. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backends/backend.h"
#include "fft/fft_common.h"
#include "fft/fft_ifma.h"
#include "pasta/pasta.h"

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}
static int cmp_d(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
static void stats(double *v, int n, double *med, double *lo, double *hi) {
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    *med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    *lo = v[0];
    *hi = v[n - 1];
}

static void bitrev(uint64_t *a, unsigned lg) {
    size_t n = (size_t)1 << lg;
    for (size_t i = 0; i < n; i++) {
        size_t r = pasta_fft_bitrev(i, lg);
        if (i < r)
            for (int k = 0; k < 4; k++) {
                uint64_t t = a[4 * i + k];
                a[4 * i + k] = a[4 * r + k];
                a[4 * r + k] = t;
            }
    }
}
static void ifma_ntt(uint64_t *a, unsigned lg, const uint64_t *tw) {
    const pasta_ifma_consts *K = &pasta_ifma_fp_consts;
    size_t n = (size_t)1 << lg;
    bitrev(a, lg);
    unsigned cl = pasta_fft_col_lg(lg);
    if (cl == 0) {
        pasta_ifma_ntt_block_(a, lg, tw, K);
        return;
    }
    unsigned lgb = lg - cl;
    for (size_t r = 0; r < n; r += (size_t)1 << lgb)
        pasta_ifma_ntt_block_(a + 4 * r, lgb, tw, K);
    size_t g = pasta_fft_col_group(lg), cols = (size_t)1 << lgb;
    if (g < 8) g = 8;
    for (size_t c0 = 0; c0 < cols; c0 += g)
        pasta_ifma_ntt_cols_(a, lg, lgb, tw, c0, g, NULL, K);
}

int main(int argc, char **argv) {
    int rounds = 15;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) rounds = atoi(argv[++i]);
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512ifma")) {
        printf("ifma_ntt_bench: this CPU has no AVX512F + AVX512IFMA\n");
        return 0;
    }
    const pasta_ops *A = pasta_ops_for(PASTA_BACKEND_X86_64_ASM);
    if (A == NULL || rounds < 1 || rounds > 1000) return 1;
    static const unsigned lgs[] = {8, 11, 14, 16};
    pasta_fp_domain d;
    if (A->fp->domain_init(&d, 16, 0) != PASTA_OK) return 1;
    size_t N = (size_t)1 << 16;
    pasta_fp *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    double *ti = malloc(sizeof(double) * (size_t)rounds),
           *ta = malloc(sizeof(double) * (size_t)rounds),
           *rt = malloc(sizeof(double) * (size_t)rounds);
    if (x == NULL || y == NULL || ti == NULL || ta == NULL || rt == NULL) return 1;
    for (size_t i = 0; i < N; i++) A->fp->from_u64(&x[i], i * 0x9e3779b97f4a7c15ULL);
    printf(
        "n        ifma ms median [min, max]        asm ms median [min, max]         asm/ifma\n");
    for (size_t li = 0; li < sizeof lgs / sizeof lgs[0]; li++) {
        unsigned lg = lgs[li];
        size_t n = (size_t)1 << lg;
        int reps = lg >= 14 ? 3 : 200;
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < 2; k++) {
                int ifma = (r + k) % 2 == 0;
                memcpy(y, x, n * sizeof *y);
                double t0 = now_ns();
                for (int q = 0; q < reps; q++) {
                    if (ifma) ifma_ntt(y->limbs, lg, d.tables->limbs);
                    else A->fp->ntt(&d, y, n, 1);
                }
                double t = (now_ns() - t0) / reps / 1e6;
                if (ifma) ti[r] = t;
                else ta[r] = t;
            }
            rt[r] = ta[r] / ti[r];
        }
        double m1, l1, h1, m2, l2, h2, m3, l3, h3;
        stats(ti, rounds, &m1, &l1, &h1);
        stats(ta, rounds, &m2, &l2, &h2);
        stats(rt, rounds, &m3, &l3, &h3);
        printf("2^%-2u  %8.4f [%.4f, %.4f]   %8.4f [%.4f, %.4f]   %.2f [%.2f, %.2f]\n", lg, m1,
               l1, h1, m2, l2, h2, m3, l3, h3);
    }
    A->fp->domain_free(&d);
    free(x);
    free(y);
    free(ti);
    free(ta);
    free(rt);
    return 0;
}
