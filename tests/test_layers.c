/* The layering a later layer (msm/, fft/) relies on:
 * - a translation unit outside backends/ instantiates the field and curve templates for
 *   each backend itself (backends/templates.h), uses only some of their functions, and
 *   compiles without warnings (-Werror in CI): the templates hold no tables;
 * - the group loop of core/for_each.h runs one body over Fp, Fq, Pallas and Vesta;
 * - core/parallel.c runs every task exactly once at any thread count. */
#include <string.h>

#include "core/group.h"
#include "core/parallel.h"
#include "testutil.h"

#include "fields/portable.h"
#define PASTA_BACKEND portable
#include "backends/templates.h"
#define PASTA_GROUP_TEMPLATE "tests/group_sum_impl.h"
#include "core/for_each.h"
#undef PASTA_GROUP_TEMPLATE
#undef PASTA_BACKEND

#ifdef PASTA_X86_64_ASM
#include "fields/x86_64_asm.h"
#define PASTA_BACKEND x86_64_asm
#include "backends/templates.h"
#define PASTA_GROUP_TEMPLATE "tests/group_sum_impl.h"
#include "core/for_each.h"
#undef PASTA_GROUP_TEMPLATE
#undef PASTA_BACKEND
#endif

#define N 9

/* Fields: the group sum is the inner product (public API). */
#define FIELD_GROUP_TEST(TAG, FLD, naive, naive_but_last)                            \
    static void TAG##_group(void) {                                                  \
        tu_rng g;                                                                    \
        tu_rng_init(&g, tu_seed() ^ 0x6701);                                         \
        pasta_##FLD p[N], k[N], want, got;                                           \
        for (int i = 0; i < N; i++) {                                                \
            pasta_##FLD##_random(&p[i], tu_rng_fill, &g);                            \
            pasta_##FLD##_random(&k[i], tu_rng_fill, &g);                            \
        }                                                                            \
        cr_assert_eq(pasta_##FLD##_vec_inner_product(&want, p, k, N), PASTA_OK);     \
        naive(&got, p, k, N);                                                        \
        cr_assert(pasta_##FLD##_eq(&got, &want));                                    \
        cr_assert_eq(pasta_##FLD##_vec_inner_product(&want, p, k, N - 1), PASTA_OK); \
        naive_but_last(&got, p, k, N);                                               \
        cr_assert(pasta_##FLD##_eq(&got, &want));                                    \
    }

/* Curves: against sums of public scalar multiplications. */
#define CURVE_GROUP_TEST(TAG, CRV, SFLD, naive, naive_but_last) \
    static void TAG##_group(void) {                             \
        tu_rng g;                                               \
        tu_rng_init(&g, tu_seed() ^ 0x6702);                    \
        pasta_##CRV##_jacobian p[N], gen, want, t, got;         \
        pasta_##SFLD k[N], s;                                   \
        pasta_##CRV##_generator(&gen);                          \
        pasta_##CRV##_identity(&want);                          \
        for (int i = 0; i < N; i++) {                           \
            pasta_##SFLD##_random(&s, tu_rng_fill, &g);         \
            pasta_##CRV##_mul(&p[i], &gen, &s);                 \
            pasta_##SFLD##_random(&k[i], tu_rng_fill, &g);      \
            pasta_##CRV##_mul(&t, &p[i], &k[i]);                \
            if (i < N - 1) pasta_##CRV##_add(&want, &want, &t); \
        }                                                       \
        naive_but_last(&got, p, k, N);                          \
        cr_assert(pasta_##CRV##_eq(&got, &want));               \
        pasta_##CRV##_add(&want, &want, &t);                    \
        naive(&got, p, k, N);                                   \
        cr_assert(pasta_##CRV##_eq(&got, &want));               \
    }

FIELD_GROUP_TEST(fp, fp, pasta_portable_fp_naive_sum, pasta_portable_fp_naive_sum_but_last)
FIELD_GROUP_TEST(fq, fq, pasta_portable_fq_naive_sum, pasta_portable_fq_naive_sum_but_last)
CURVE_GROUP_TEST(pallas, pallas, fq, pasta_portable_pallas_naive_sum,
                 pasta_portable_pallas_naive_sum_but_last)
CURVE_GROUP_TEST(vesta, vesta, fp, pasta_portable_vesta_naive_sum,
                 pasta_portable_vesta_naive_sum_but_last)

Test(layers, group_template_portable) {
    fp_group();
    fq_group();
    pallas_group();
    vesta_group();
}

#ifdef PASTA_X86_64_ASM
FIELD_GROUP_TEST(fq_asm, fq, pasta_x86_64_asm_fq_naive_sum,
                 pasta_x86_64_asm_fq_naive_sum_but_last)
CURVE_GROUP_TEST(pallas_asm, pallas, fq, pasta_x86_64_asm_pallas_naive_sum,
                 pasta_x86_64_asm_pallas_naive_sum_but_last)
Test(layers, group_template_x86_64_asm) {
    if (tu_backend_or_skip(PASTA_BACKEND_X86_64_ASM) == NULL) return;
    fq_asm_group();
    pallas_asm_group();
}
#endif

/* core/parallel.c: each task once, for task counts around the thread counts. */
static void count_task(void *ctx, size_t i) {
    __atomic_fetch_add(&((int *)ctx)[i], 1, __ATOMIC_RELAXED);
}

Test(layers, parallel_for_runs_each_task_once) {
    cr_assert_geq(pasta_threads_default(), 1);
    static int hits[100];
    for (int threads = 0; threads <= 9; threads++) {
        for (size_t n = 0; n <= 100; n += (n < 20 ? 1 : 17)) {
            memset(hits, 0, sizeof hits);
            pasta_parallel_for(n, threads, count_task, hits);
            for (size_t i = 0; i < 100; i++)
                cr_assert_eq(hits[i], i < n ? 1 : 0, "threads %d, n %zu, task %zu", threads, n,
                             i);
        }
    }
}
