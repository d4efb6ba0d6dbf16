/* ifma_ntt_bench: ms per transform (Fp, one thread) of the x86_64-ifma backend (the
 * NTT passes of fft/fft_ifma.h) against the x86_64-asm backend, in one process,
 * interleaved in rounds (ifma, asm, asm, ifma, ...), thread CPU time: median [min, max]
 * of each and of the per-round ratio asm / ifma. Rows: ntt, intt at 2^8, 2^11, 2^14,
 * 2^16, and coeff_to_extended 2^11 -> 2^14 (Orchard's shape).
 *
 *   ifma_ntt_bench [--rounds R]   (default 15)
 *
 * Exits 0 with a message when the x86_64-ifma backend does not run here. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backends/backend.h"
#include "bench/ab_util.h"
#include "pasta/pasta.h"

/* One timed sample of kind k (0 ntt, 1 intt, 2 coeff_to_extended) on backend t. */
static double sample(const pasta_ops *t, int k, const pasta_fp_domain *d,
                     const pasta_fp_domain *dc, pasta_fp *y, const pasta_fp *x, size_t n,
                     int reps) {
    memcpy(y, x, n * sizeof *y);
    double t0 = now_ns();
    for (int q = 0; q < reps; q++) {
        if (k == 0) t->fp->ntt(d, y, n, 1);
        else if (k == 1) t->fp->intt(d, y, n, 1);
        else t->fp->coeff_to_extended(dc, y, x, (size_t)dc->n, 1);
    }
    return (now_ns() - t0) / reps / 1e6;
}

int main(int argc, char **argv) {
    int rounds = 15;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) rounds = atoi(argv[++i]);
    const pasta_ops *A = pasta_ops_for(PASTA_BACKEND_X86_64_ASM);
    const pasta_ops *I = pasta_ops_for(PASTA_BACKEND_X86_64_IFMA);
    if (I == NULL) {
        printf("ifma_ntt_bench: the x86_64-ifma backend does not run here\n");
        return 0;
    }
    if (A == NULL || rounds < 1 || rounds > 1000) return 1;
    pasta_fp_domain d, dc;
    if (A->fp->domain_init(&d, 16, 0) != PASTA_OK ||
        A->fp->domain_init(&dc, 11, 3) != PASTA_OK)
        return 1;
    size_t N = (size_t)1 << 16;
    pasta_fp *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    double *ti = malloc(sizeof(double) * (size_t)rounds),
           *ta = malloc(sizeof(double) * (size_t)rounds),
           *rt = malloc(sizeof(double) * (size_t)rounds);
    if (x == NULL || y == NULL || ti == NULL || ta == NULL || rt == NULL) return 1;
    for (size_t i = 0; i < N; i++) A->fp->from_u64(&x[i], i * 0x9e3779b97f4a7c15ULL);
    printf("op        n      ifma ms median [min, max]      asm ms median [min, max]      "
           "asm/ifma median [min, max]\n");
    static const unsigned lgs[] = {8, 11, 14, 16};
    static const char *names[] = {"ntt", "intt", "coset"};
    for (int k = 0; k < 3; k++)
        for (size_t li = 0; li < sizeof lgs / sizeof lgs[0]; li++) {
            unsigned lg = k == 2 ? 14 : lgs[li];
            if (k == 2 && li > 0) break;
            size_t n = (size_t)1 << lg;
            int reps = lg >= 14 ? 3 : 100;
            for (int r = 0; r < rounds; r++) {
                for (int h = 0; h < 2; h++) {
                    int ifma = (r + h) % 2 == 0;
                    double t = sample(ifma ? I : A, k, &d, &dc, y, x, n, reps);
                    if (ifma) ti[r] = t;
                    else ta[r] = t;
                }
                rt[r] = ta[r] / ti[r];
            }
            double m1, l1, h1, m2, l2, h2, m3, l3, h3;
            stats(ti, rounds, &m1, &l1, &h1);
            stats(ta, rounds, &m2, &l2, &h2);
            stats(rt, rounds, &m3, &l3, &h3);
            printf(
                "%-5s  2^%-2u  %8.4f [%.4f, %.4f]   %8.4f [%.4f, %.4f]   %.2f [%.2f, %.2f]\n",
                names[k], lg, m1, l1, h1, m2, l2, h2, m3, l3, h3);
        }
    A->fp->domain_free(&d);
    A->fp->domain_free(&dc);
    free(x);
    free(y);
    free(ti);
    free(ta);
    free(rt);
    return 0;
}
