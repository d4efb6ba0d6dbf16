/* msm/: Pippenger against the naive sum (mul_var and double-and-add products) and a
 * plain Jacobian-bucket Pippenger (tests/msm_tests_impl.h), every window size and bucket
 * mode, edge cases, the bytes form, thread counts 1..8, both backends giving the same
 * bytes, bad arguments, and fixed-base tables (fixed == variable, any prefix).
 * PASTA_TEST_MSM_LIGHT=1 (or the asan step's PASTA_TEST_PAIRS) trims the sweeps. PASTA_TEST_MSM_BIG=1 adds n = 2^13 and 2^14. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "msm/msm_list.h"
#include "testutil.h"

#define PASTA_STR__(x) #x
#define PASTA_STR_(x) PASTA_STR__(x)

static bool tu_all_bytes(const void *p, size_t n, uint8_t v) {
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != v) return false;
    return true;
}

/* Light mode (fewer window sizes, thread counts and sizes) for slow builds: the asan CI
 * step (PASTA_TEST_PAIRS below its default of 200000) or PASTA_TEST_MSM_LIGHT=1. */
static int msm_light(void) {
    const char *p = getenv("PASTA_TEST_PAIRS"), *l = getenv("PASTA_TEST_MSM_LIGHT");
    return (p != NULL && strtol(p, NULL, 0) < 200000) || (l != NULL && atoi(l) > 0);
}

#define PASTA_CURVE_TEMPLATE "tests/msm_tests_impl.h"
#include "core/for_each.h"
#undef PASTA_CURVE_TEMPLATE

#define MSM_TESTS(B, BID)                                                            \
    Test(B, pallas_vs_naive) { t_pallas_vs_naive(tu_backend_or_skip(BID)); }         \
    Test(B, vesta_vs_naive) { t_vesta_vs_naive(tu_backend_or_skip(BID)); }           \
    Test(B, pallas_options) { t_pallas_options(tu_backend_or_skip(BID)); }           \
    Test(B, vesta_options) { t_vesta_options(tu_backend_or_skip(BID)); }             \
    Test(B, pallas_vs_reference) { t_pallas_vs_reference(tu_backend_or_skip(BID)); } \
    Test(B, vesta_vs_reference) { t_vesta_vs_reference(tu_backend_or_skip(BID)); }   \
    Test(B, pallas_edges) { t_pallas_edges(tu_backend_or_skip(BID)); }               \
    Test(B, vesta_edges) { t_vesta_edges(tu_backend_or_skip(BID)); }                 \
    Test(B, pallas_bytes_form) { t_pallas_bytes_form(tu_backend_or_skip(BID)); }     \
    Test(B, vesta_bytes_form) { t_vesta_bytes_form(tu_backend_or_skip(BID)); }       \
    Test(B, pallas_threads) { t_pallas_threads(tu_backend_or_skip(BID)); }           \
    Test(B, vesta_threads) { t_vesta_threads(tu_backend_or_skip(BID)); }             \
    Test(B, pallas_bad_args) { t_pallas_bad_args(tu_backend_or_skip(BID)); }         \
    Test(B, vesta_bad_args) { t_vesta_bad_args(tu_backend_or_skip(BID)); }           \
    Test(B, pallas_fixed) { t_pallas_fixed(tu_backend_or_skip(BID)); }               \
    Test(B, vesta_fixed) { t_vesta_fixed(tu_backend_or_skip(BID)); }                 \
    Test(B, pallas_fixed_split) { t_pallas_fixed_split(tu_backend_or_skip(BID)); }   \
    Test(B, vesta_fixed_split) { t_vesta_fixed_split(tu_backend_or_skip(BID)); }     \
    Test(B, pallas_fixed_many) { t_pallas_fixed_many(tu_backend_or_skip(BID)); }     \
    Test(B, vesta_fixed_many) { t_vesta_fixed_many(tu_backend_or_skip(BID)); }       \
    Test(B, pallas_var_many) { t_pallas_var_many(tu_backend_or_skip(BID)); }         \
    Test(B, vesta_var_many) { t_vesta_var_many(tu_backend_or_skip(BID)); }

MSM_TESTS(msm_portable, PASTA_BACKEND_PORTABLE)
MSM_TESTS(msm_x86_64_asm, PASTA_BACKEND_X86_64_ASM)
MSM_TESTS(msm_x86_64_ifma, PASTA_BACKEND_X86_64_IFMA)

/* Both backends give the same bytes (the result is normalised). */
static void msm_backends_identical(pasta_backend other) {
    const pasta_ops *p = tu_backend_or_skip(PASTA_BACKEND_PORTABLE);
    const pasta_ops *a = pasta_ops_for(other);
    if (p == NULL || a == NULL) cr_skip_test("one backend only");
    tu_rng r;
    tu_rng_init(&r, tu_seed() ^ 0x3538);
    static const size_t sizes[] = {1, 3, 100, 1000};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        pasta_pallas_affine *b = t_pallas_rand_bases(p, n, &r);
        pasta_fq *k = t_pallas_rand_scalars(p, n, &r);
        pasta_pallas_jacobian x, y;
        cr_assert_eq(p->pallas->msm_var(&x, b, k, n, 1), PASTA_OK);
        cr_assert_eq(a->pallas->msm_var(&y, b, k, n, 2), PASTA_OK);
        cr_assert(memcmp(&x, &y, sizeof x) == 0, "pallas n=%zu: backends differ", n);
        free(b);
        free(k);
        pasta_vesta_affine *vb = t_vesta_rand_bases(p, n, &r);
        pasta_fp *vk = t_vesta_rand_scalars(p, n, &r);
        pasta_vesta_jacobian vx, vy;
        cr_assert_eq(p->vesta->msm_var(&vx, vb, vk, n, 3), PASTA_OK);
        cr_assert_eq(a->vesta->msm_var(&vy, vb, vk, n, 1), PASTA_OK);
        cr_assert(memcmp(&vx, &vy, sizeof vx) == 0, "vesta n=%zu: backends differ", n);
        free(vb);
        free(vk);
    }
}
Test(msm, backends_identical) { msm_backends_identical(PASTA_BACKEND_X86_64_ASM); }
Test(msm, backends_identical_ifma) { msm_backends_identical(PASTA_BACKEND_X86_64_IFMA); }

/* The public entry points reach the active backend's MSM. */
Test(msm, public_api) {
    const pasta_ops *o = pasta_active_ops();
    tu_rng r;
    tu_rng_init(&r, tu_seed() ^ 0x3539);
    size_t n = 77;
    pasta_pallas_affine *b = t_pallas_rand_bases(o, n, &r);
    pasta_fq *k = t_pallas_rand_scalars(o, n, &r);
    pasta_pallas_jacobian x, y;
    cr_assert_eq(pasta_pallas_msm_var(&x, b, k, n, 0), PASTA_OK);
    t_pallas_naive(o, &y, b, k, n);
    cr_assert(pasta_pallas_eq(&x, &y));
    free(b);
    free(k);
}
