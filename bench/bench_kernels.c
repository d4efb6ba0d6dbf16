/* The in-backend references of the api suite's 4-chain rows (field/add_x4, field/mul_x4,
 * field/square_x4 on fp): each backend's field kernels (fields/portable.h,
 * fields/x86_64_asm.h: header-only static inline functions) inlined here into a loop over
 * 4 independent chains x[j] = op(x[j], y) (throughput), with no call at all. Compiled in this file rather than in the backend's translation unit so that the
 * library's code is untouched: new call sites of the kernels in the backends' files move gcc's
 * inlining and cloning decisions in the rest of the library (curve formulas included).
 * The dependent rows (field/add, ...) stay the backends' own `chain` loops; bench_field.c
 * checks that these loops compute what those do. */
#include "bench/bench.h"
#include "fields/portable.h"
#ifdef PASTA_X86_64_ASM
#include "fields/x86_64_asm.h"
#include "backends/asm_kernels.h" /* the table's kernel choice */
#endif

/* n operations in all, operation i on x[i % 4]: one copy of the kernel in the loop, whose
 * independent chains the core overlaps (4 copies interleaved make gcc 12 spill the
 * portable mul's carries: 2.4x slower). */
#define X4_LOOP(STEP) \
    for (uint64_t i = 0; i < n; i++) STEP(x[i & 3])

#define X4_FUNCS(B)                                                        \
    static void x4_##B##_add(pasta_fp *x, const pasta_fp *y, uint64_t n) { \
        X4_LOOP(B##_ADD);                                                  \
    }                                                                      \
    static void x4_##B##_mul(pasta_fp *x, const pasta_fp *y, uint64_t n) { \
        X4_LOOP(B##_MUL);                                                  \
    }                                                                      \
    static void x4_##B##_sqr(pasta_fp *x, const pasta_fp *y, uint64_t n) { \
        (void)y;                                                           \
        X4_LOOP(B##_SQR);                                                  \
    }

#define portable_ADD(a) pasta_portable_fp_add(&(a), &(a), y)
#define portable_MUL(a) pasta_portable_fp_mul(&(a), &(a), y)
#define portable_SQR(a) pasta_portable_fp_sqr(&(a), &(a))
X4_FUNCS(portable)
#ifdef PASTA_X86_64_ASM
#define asm_ADD(a) pasta_x86_64_asm_fp_add(&(a), &(a), y)
#define asm_MUL(a) pasta_x86_64_asm_fp_mul(&(a), &(a), y)
#define asm_SQR(a) pasta_x86_64_asm_fp_sqr(&(a), &(a))
X4_FUNCS(asm)
#endif

int bench_fp_x4(pasta_backend b, int op, pasta_fp x[4], const pasta_fp *y, uint64_t n) {
    void (*f)(pasta_fp *, const pasta_fp *, uint64_t) = NULL;
    if (b == PASTA_BACKEND_PORTABLE)
        f = op == PASTA_CHAIN_ADD   ? x4_portable_add
            : op == PASTA_CHAIN_MUL ? x4_portable_mul
            : op == PASTA_CHAIN_SQR ? x4_portable_sqr
                                    : NULL;
#ifdef PASTA_X86_64_ASM
    if (b == PASTA_BACKEND_X86_64_ASM)
        f = op == PASTA_CHAIN_ADD   ? x4_asm_add
            : op == PASTA_CHAIN_MUL ? x4_asm_mul
            : op == PASTA_CHAIN_SQR ? x4_asm_sqr
                                    : NULL;
#endif
    if (f == NULL) return -1;
    f(x, y, n);
    return 0;
}
