/* ifma_bench: ns per element of the IFMA array operations (fields/x86_64_ifma.h) against
 * the x86-64 asm backend's array operations (fields/array_impl.h over the asm kernels:
 * a scalar loop, kernels inlined), interleaved in rounds (ifma, asm, asm, ifma, ...),
 * thread CPU time. Per row: median [min, max] ns/element of each, and the median
 * [min, max] of the per-round ratio asm / ifma. Also the 8-lane building blocks mul, sqr
 * and mul256 with 4 independent vectors in registers (ns per product).
 *
 *   ifma_bench [--rounds R] [--ms T]   (defaults 15 rounds, 4 ms per sample)
 *
 * Build: part of the bench/ directory when PASTA_X86_64_IFMA and PASTA_X86_64_ASM are on.
 * Exits 0 with a message on a CPU without AVX512F + AVX512IFMA. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backends/backend.h"
#include "bench/ab_util.h"
#include "fields/x86_64_ifma.h"
#include "pasta/pasta.h"

enum { OP_ADD, OP_SUB, OP_MUL, OP_SCALE, OP_MULADD, OP_IP, OP_COUNT };
static const char *op_names[OP_COUNT] = {"vec_add",   "vec_sub",     "vec_mul",
                                         "vec_scale", "vec_mul_add", "vec_inner_product"};

typedef struct {
    uint64_t *r, *a, *b, *c;
    size_t n;
} bufs;

/* One call of operation `op` through FN(vec_...): the IFMA kernels or an asm ops table. */
#define IFMA_FP(name) pasta_ifma_fp_##name
#define IFMA_FQ(name) pasta_ifma_fq_##name
#define ASM_FP(name) P->name
#define ASM_FQ(name) Q->name
#define RUN_OP(FN, r, a, b, c, n)                                \
    switch (op) {                                                \
    case OP_ADD: (void)FN(vec_add)(r, a, b, n); break;           \
    case OP_SUB: (void)FN(vec_sub)(r, a, b, n); break;           \
    case OP_MUL: (void)FN(vec_mul)(r, a, b, n); break;           \
    case OP_SCALE: (void)FN(vec_scale)(r, a, c, n); break;       \
    case OP_MULADD: (void)FN(vec_mul_add)(r, a, b, c, n); break; \
    case OP_IP: (void)FN(vec_inner_product)(r, a, b, n); break;  \
    }

/* impl 0 = ifma, 1 = asm backend. fid 0 = fp, 1 = fq. */
PASTA_IFMA_TARGET static void run_op(int impl, int fid, int op, const bufs *B) {
    pasta_fp *r = (pasta_fp *)B->r, *a = (pasta_fp *)B->a, *b = (pasta_fp *)B->b,
             *c = (pasta_fp *)B->c;
    pasta_fq *rq = (pasta_fq *)B->r, *aq = (pasta_fq *)B->a, *bq = (pasta_fq *)B->b,
             *cq = (pasta_fq *)B->c;
    size_t n = B->n;
    const struct pasta_fp_ops *P = pasta_ops_x86_64_asm.fp;
    const struct pasta_fq_ops *Q = pasta_ops_x86_64_asm.fq;
    if (impl == 0 && fid == 0) {
        RUN_OP(IFMA_FP, r, a, b, c, n)
    } else if (impl == 0) {
        RUN_OP(IFMA_FQ, rq, aq, bq, cq, n)
    } else if (fid == 0) {
        RUN_OP(ASM_FP, r, a, b, c, n)
    } else {
        RUN_OP(ASM_FQ, rq, aq, bq, cq, n)
    }
}

/* Building blocks: `iters` rounds of 4 independent vectors, each x = x * y (or x^2). */
PASTA_IFMA_TARGET static void run_bb(int which, size_t iters, uint64_t *state) {
    pasta_ifma_v8 x[4], y;
    for (int u = 0; u < 4; u++) pasta_ifma_fp_load(&x[u], (const pasta_fp *)state + 8 * u);
    pasta_ifma_fp_load(&y, (const pasta_fp *)state + 32);
    for (size_t i = 0; i < iters; i++)
        for (int u = 0; u < 4; u++) {
            if (which == 0) pasta_ifma_fp_mul(&x[u], &x[u], &y);
            else if (which == 1) pasta_ifma_fp_sqr(&x[u], &x[u]);
            else pasta_ifma_fp_mul256(&x[u], &x[u], &y);
        }
    for (int u = 0; u < 4; u++) pasta_ifma_fp_store((pasta_fp *)state + 8 * u, &x[u]);
}

static void fill(uint64_t *x, size_t n, int fid) {
    static uint64_t s = 0x9e3779b97f4a7c15ULL;
    for (size_t i = 0; i < n; i++) {
        uint8_t w[64];
        for (int j = 0; j < 64; j++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            w[j] = (uint8_t)(s >> 56);
        }
        if (fid == 0) pasta_ops_portable.fp->from_uniform_bytes((pasta_fp *)&x[4 * i], w);
        else pasta_ops_portable.fq->from_uniform_bytes((pasta_fq *)&x[4 * i], w);
    }
}

int main(int argc, char **argv) {
    int rounds = 15;
    double ms = 4;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--ms") && i + 1 < argc) ms = atof(argv[++i]);
        else {
            fprintf(stderr, "usage: %s [--rounds R] [--ms T]\n", argv[0]);
            return 2;
        }
    }
    if (rounds < 1 || rounds > 1000 || !(ms > 0)) return 2;
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512ifma")) {
        printf("ifma_bench: this CPU has no AVX512F + AVX512IFMA: nothing to measure\n");
        return 0;
    }
    if (pasta_ops_for(PASTA_BACKEND_X86_64_ASM) == NULL) {
        printf("ifma_bench: the asm backend is not available here\n");
        return 0;
    }
    const size_t sizes[2] = {1024, 65536};
    printf("# ifma_bench: %d rounds, ~%.1f ms per sample, thread CPU time, "
           "ns/element median [min, max]\n",
           rounds, ms);
    printf("%-18s %-3s %6s | %-24s | %-24s | %s\n", "op", "fld", "n", "ifma",
           "asm (scalar loop)", "asm/ifma");
    double *ti = malloc(sizeof(double) * (size_t)rounds * 3);
    double *ta = ti + rounds, *tr = ta + rounds;
    for (int fid = 0; fid < 2; fid++)
        for (int si = 0; si < 2; si++) {
            size_t n = sizes[si];
            /* One block, the four arrays 64-byte aligned at different offsets mod 4096
             * (0, 1088, 2176, 3264), so that 4K aliasing between the loops' loads and
             * stores cannot favour either side. (The 1.5x swings of the asm loop seen
             * on the shared host come and go with time, not with the layout.) */
            uint8_t *blk = aligned_alloc(4096, 4 * (32 * n + 4096));
            bufs B = {(uint64_t *)blk, (uint64_t *)(blk + (32 * n + 4096) + 1088),
                      (uint64_t *)(blk + 2 * (32 * n + 4096) + 2176),
                      (uint64_t *)(blk + 3 * (32 * n + 4096) + 3264), n};
            fill(B.a, n, fid);
            fill(B.b, n, fid);
            fill(B.c, n, fid);
            for (int op = 0; op < OP_COUNT; op++) {
                /* calibrate: repetitions for ~ms per sample on the asm side */
                size_t reps = 1;
                for (;;) {
                    double t0 = now_ns();
                    for (size_t k = 0; k < reps; k++) run_op(1, fid, op, &B);
                    if (now_ns() - t0 > ms * 1e6 / 4 || reps > (1u << 24)) break;
                    reps *= 2;
                }
                reps *= 4;
                for (int rd = 0; rd < rounds; rd++) {
                    double t[2];
                    for (int h = 0; h < 2; h++) { /* order ifma, asm then asm, ifma */
                        int impl = (rd % 2) ? 1 - h : h;
                        double t0 = now_ns();
                        for (size_t k = 0; k < reps; k++) run_op(impl, fid, op, &B);
                        t[impl] = (now_ns() - t0) / (double)(reps * n);
                    }
                    ti[rd] = t[0];
                    ta[rd] = t[1];
                    tr[rd] = t[1] / t[0];
                }
                double mi = median(ti, rounds), ma = median(ta, rounds),
                       mr = median(tr, rounds);
                printf("%-18s %-3s %6zu | %6.2f [%6.2f, %6.2f] | %6.2f [%6.2f, %6.2f] | "
                       "%5.2f [%5.2f, %5.2f]\n",
                       op_names[op], fid ? "fq" : "fp", n, mi, ti[0], ti[rounds - 1], ma,
                       ta[0], ta[rounds - 1], mr, tr[0], tr[rounds - 1]);
                fflush(stdout);
            }
            free(blk);
        }
    /* Building blocks, fp, 4 independent vectors (32 products per round). */
    static const char *bb_names[3] = {"bb mul (R'=2^260)", "bb sqr", "bb mul256"};
    uint64_t *state = malloc(32 * 40);
    fill(state, 40, 0);
    for (int w = 0; w < 3; w++) {
        size_t iters = 1000;
        for (int rd = 0; rd < rounds; rd++) {
            double t0 = now_ns();
            run_bb(w, iters, state);
            ti[rd] = (now_ns() - t0) / (double)(iters * 32);
        }
        double mi = median(ti, rounds);
        printf("%-18s fp  %6s | %6.2f [%6.2f, %6.2f] ns/product (4 vectors in flight)\n",
               bb_names[w], "-", mi, ti[0], ti[rounds - 1]);
    }
    printf("# checksum %016llx\n", (unsigned long long)state[0]);
    free(state);
    free(ti);
    return 0;
}
