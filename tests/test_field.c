/* Fp and Fq on every backend against GMP (tests/field_tests_impl.h), plus cross-backend
 * agreement. PASTA_TEST_SEED replays a run; PASTA_TEST_PAIRS overrides the sweep size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define STR_(x) #x
#define STR(x) STR_(x)

#define PASTA_FIELD_TEMPLATE "tests/field_tests_impl.h"
#include "core/for_each.h"
#undef PASTA_FIELD_TEMPLATE

static long sweep_pairs(void) {
    const char *s = getenv("PASTA_TEST_PAIRS");
    return s != NULL ? strtol(s, NULL, 0) : 200000;
}

/* One Criterion test per (check, field, backend); a backend this machine cannot run is
 * reported as skipped, not passed. */
#define FIELD_TESTS(B, BID)                                                                   \
    Test(B, fp_sweep_200k_vs_gmp, .timeout = 600) {                                           \
        t_fp_sweep(tu_backend_or_skip(BID)->fp, sweep_pairs());                               \
    }                                                                                         \
    Test(B, fq_sweep_200k_vs_gmp, .timeout = 600) {                                           \
        t_fq_sweep(tu_backend_or_skip(BID)->fq, sweep_pairs());                               \
    }                                                                                         \
    Test(B, fp_edge_pairs) { t_fp_edges(tu_backend_or_skip(BID)->fp); }                       \
    Test(B, fq_edge_pairs) { t_fq_edges(tu_backend_or_skip(BID)->fq); }                       \
    Test(B, fp_derived_ops) { t_fp_derived(tu_backend_or_skip(BID)->fp, 300); }               \
    Test(B, fq_derived_ops) { t_fq_derived(tu_backend_or_skip(BID)->fq, 300); }               \
    Test(B, fp_invert_limb_shapes) { t_fp_invert_shapes(tu_backend_or_skip(BID)->fp, 3000); } \
    Test(B, fq_invert_limb_shapes) { t_fq_invert_shapes(tu_backend_or_skip(BID)->fq, 3000); } \
    Test(B, fp_batch_invert) { t_fp_batch(tu_backend_or_skip(BID)->fp); }                     \
    Test(B, fq_batch_invert) { t_fq_batch(tu_backend_or_skip(BID)->fq); }                     \
    Test(B, fp_reject_noncanonical) { t_fp_reject(tu_backend_or_skip(BID)->fp); }             \
    Test(B, fq_reject_noncanonical) { t_fq_reject(tu_backend_or_skip(BID)->fq); }             \
    Test(B, fp_constants) { t_fp_constants(tu_backend_or_skip(BID)->fp); }                    \
    Test(B, fq_constants) { t_fq_constants(tu_backend_or_skip(BID)->fq); }                    \
    Test(B, fp_misc) { t_fp_misc(tu_backend_or_skip(BID)->fp); }                              \
    Test(B, fq_misc) { t_fq_misc(tu_backend_or_skip(BID)->fq); }                              \
    Test(B, fp_sqrt_2adic) { t_fp_sqrt_2adic(tu_backend_or_skip(BID)->fp); }                  \
    Test(B, fq_sqrt_2adic) { t_fq_sqrt_2adic(tu_backend_or_skip(BID)->fq); }                  \
    Test(B, fp_sqrt_root_as_pasta_curves) {                                                   \
        cr_log_info("fp sqrt cases: %ld",                                                     \
                    t_fp_sqrt_crate_rule(tu_backend_or_skip(BID)->fp, 500));                  \
    }                                                                                         \
    Test(B, fq_sqrt_root_as_pasta_curves) {                                                   \
        cr_log_info("fq sqrt cases: %ld",                                                     \
                    t_fq_sqrt_crate_rule(tu_backend_or_skip(BID)->fq, 500));                  \
    }

FIELD_TESTS(field_portable, PASTA_BACKEND_PORTABLE)
FIELD_TESTS(field_x86_64_asm, PASTA_BACKEND_X86_64_ASM)
FIELD_TESTS(field_x86_64_ifma, PASTA_BACKEND_X86_64_IFMA)

/* zcash/pasta_curves' test_from_u512 vector (src/fields/fp.rs). */
Test(field, fp_from_u512_vector_pasta_curves) {
    const uint64_t wide[8] = {0xee155641297678a1, 0xd83e156bdbfdbe65, 0xd9ccd834c68ba0b5,
                              0xf508ede312272758, 0x038df7cbf8228e89, 0x3505a1e4a3c74b41,
                              0xbfa46f775eb82db3, 0x26ebe27e262f471d};
    const uint64_t want[4] = {0x3daec14d565241d9, 0x0b7af45b6073944b, 0xea5b8bd611a5bd4c,
                              0x150160330625db3d};
    uint8_t bytes[64];
    for (int i = 0; i < 64; i++) bytes[i] = (uint8_t)(wide[i / 8] >> (8 * (i % 8)));
    pasta_fp a, b;
    pasta_fp_from_uniform_bytes(&a, bytes);
    pasta_fp_from_raw(&b, want);
    cr_assert(pasta_fp_eq(&a, &b));
}

/* Public dispatch: names, forcing, and the error for an unsupported backend. */
Test(field, backend_selection) {
    pasta_backend b;
    cr_assert_eq(pasta_backend_parse(&b, "portable"), PASTA_OK);
    cr_assert_eq(b, PASTA_BACKEND_PORTABLE);
    cr_assert_eq(pasta_backend_parse(&b, "nonsense"), PASTA_ERR_INVALID_ARG);
    pasta_backend before = pasta_backend_get();
    cr_assert_neq(before, PASTA_BACKEND_AUTO);
    cr_assert_eq(pasta_backend_set(PASTA_BACKEND_PORTABLE), PASTA_OK);
    cr_assert_eq(pasta_backend_get(), PASTA_BACKEND_PORTABLE);
    if (!pasta_backend_supported(PASTA_BACKEND_X86_64_ASM)) {
        cr_assert_eq(pasta_backend_set(PASTA_BACKEND_X86_64_ASM), PASTA_ERR_UNSUPPORTED);
        cr_assert_eq(pasta_backend_get(), PASTA_BACKEND_PORTABLE, "selection unchanged");
    } else {
        cr_assert_eq(pasta_backend_set(PASTA_BACKEND_X86_64_ASM), PASTA_OK);
        cr_assert_str_eq(pasta_backend_name(pasta_backend_get()), "x86_64-asm");
    }
    cr_assert_eq(pasta_backend_parse(&b, "x86_64-ifma"), PASTA_OK);
    cr_assert_eq(b, PASTA_BACKEND_X86_64_IFMA);
    if (!pasta_backend_supported(PASTA_BACKEND_X86_64_IFMA)) {
        cr_assert_eq(pasta_backend_set(PASTA_BACKEND_PORTABLE), PASTA_OK);
        cr_assert_eq(pasta_backend_set(PASTA_BACKEND_X86_64_IFMA), PASTA_ERR_UNSUPPORTED);
        cr_assert_eq(pasta_backend_get(), PASTA_BACKEND_PORTABLE, "selection unchanged");
    } else {
        cr_assert_eq(pasta_backend_set(PASTA_BACKEND_X86_64_IFMA), PASTA_OK);
        cr_assert_str_eq(pasta_backend_name(pasta_backend_get()), "x86_64-ifma");
        cr_assert(pasta_backend_supported(PASTA_BACKEND_X86_64_ASM), "ifma implies asm");
    }
    cr_assert_eq(pasta_backend_set(PASTA_BACKEND_AUTO), PASTA_OK);
}

/* sqrt and sqrt_ratio pick the same root on every backend (pasta_curves'; see
 * sqrt_root_as_pasta_curves for the root itself). */
#define SQRT_CROSS(FIELD)                                                             \
    Test(field, FIELD##_sqrt_cross_backend) {                                         \
        const pasta_ops *p = tu_backend_or_skip(PASTA_BACKEND_PORTABLE);              \
        const pasta_ops *x = tu_backend_or_skip(PASTA_BACKEND_X86_64_ASM);            \
        tu_rng rng;                                                                   \
        tu_rng_init(&rng, 500);                                                       \
        for (int i = 0; i < 2000; i++) {                                              \
            uint8_t w[64];                                                            \
            pasta_##FIELD a, b, r1, r2;                                               \
            tu_rng_fill(&rng, w, 64);                                                 \
            p->FIELD->from_uniform_bytes(&a, w);                                      \
            tu_rng_fill(&rng, w, 64);                                                 \
            p->FIELD->from_uniform_bytes(&b, w);                                      \
            if (i & 1) p->FIELD->sqr(&a, &a);                                         \
            cr_assert_eq(p->FIELD->sqrt(&r1, &a), x->FIELD->sqrt(&r2, &a));           \
            cr_assert_arr_eq(r1.limbs, r2.limbs, sizeof r1.limbs, "sqrt root");       \
            cr_assert_eq(p->FIELD->sqrt_ratio(&r1, &a, &b),                           \
                         x->FIELD->sqrt_ratio(&r2, &a, &b));                          \
            cr_assert_arr_eq(r1.limbs, r2.limbs, sizeof r1.limbs, "sqrt_ratio root"); \
        }                                                                             \
    }
SQRT_CROSS(fp)
SQRT_CROSS(fq)
