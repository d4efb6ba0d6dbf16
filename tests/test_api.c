/* The public API against the backends' tables: on each backend, every public function of
 * every list entry (tests/api_cases_gen.h, generated from the lists by tools/gen_api.c)
 * against that backend's own table entry, with the same inputs: same return code, same
 * bytes out. Plus the things the lists cannot say: the backend switch itself and the
 * count. The helpers below make the inputs of each type with the reference table t. */
#include <stddef.h>
#include <string.h>

#include "testutil.h"

#define API_NS 8 /* sizes are drawn in [0, API_NS] */
#define API_NA \
    64 /* capacity of every array argument: API_NS^2 (msm_fixed_var_many's count n) */
#define API_ITERS 6                /* input sets per entry and backend */
#define API_NT 16                  /* bases of the fixed-base tables (msm/) */
#define API_TAB_BYTES (192 * 1024) /* a fixed-base table of API_NT bases, any window */

static const char *api_op;
static long api_checked;

/* Both copies of an output start as the same bytes, so an entry that leaves an output
 * untouched (an error return) compares equal only if both leave it untouched. */
static void api_fill(void *p, void *r, size_t n) {
    memset(p, 0xa5, n);
    memset(r, 0xa5, n);
}

static void api_same(const void *p, const void *r, size_t n, const char *what) {
    cr_assert(memcmp(p, r, n) == 0, "%s: output %s differs from its table entry's", api_op,
              what);
}

/* Bytes for decoders: random on even iterations, below 2^254 on odd ones (a canonical
 * field encoding, and a valid x-coordinate about half of the time). */
static void gen_bytes(uint8_t *b, size_t n, tu_rng *g, int it) {
    for (size_t i = 0; i < n; i++) b[i] = (uint8_t)tu_next(g);
    if ((it & 1) && n >= 32) b[31] &= 0x3f;
}

static int gen_val_int(tu_rng *g) { return (int)(tu_next(g) & 1); }
static uint64_t gen_val_u64(tu_rng *g) { return tu_next(g); }
/* At most API_NS: an output of na + nb - 1 elements (poly_mul) fits, and count n
 * (msm_fixed_var_many) elements. */
static size_t gen_val_size(tu_rng *g) { return (size_t)(tu_next(g) % (API_NS + 1)); }

/* Field elements: from 64 random bytes, the zero element once (iteration 0). */
static void gen_field_bytes(uint8_t b[64], tu_rng *g, int it) {
    for (int i = 0; i < 64; i++) b[i] = (uint8_t)tu_next(g);
    if (it == 0) memset(b, 0, 64);
}
static void gen_fp(const pasta_ops *t, tu_rng *g, int it, pasta_fp *x) {
    uint8_t b[64];
    gen_field_bytes(b, g, it);
    t->fp->from_uniform_bytes(x, b);
}
static void gen_fq(const pasta_ops *t, tu_rng *g, int it, pasta_fq *x) {
    uint8_t b[64];
    gen_field_bytes(b, g, it);
    t->fq->from_uniform_bytes(x, b);
}

/* Work vectors (include/pasta/field.h): a block of 8 random elements, loaded by the
 * backend's own table entry (a valid block of that backend's layout). */
static void gen_fp_work(const pasta_ops *t, tu_rng *g, int it, pasta_fp_work *x) {
    pasta_fp v[8];
    for (int i = 0; i < 8; i++) gen_fp(t, g, it, &v[i]);
    cr_assert_eq(t->fp->work_load(x, v, 8), PASTA_OK);
}
static void gen_fq_work(const pasta_ops *t, tu_rng *g, int it, pasta_fq_work *x) {
    pasta_fq v[8];
    for (int i = 0; i < 8; i++) gen_fq(t, g, it, &v[i]);
    cr_assert_eq(t->fq->work_load(x, v, 8), PASTA_OK);
}

/* Points: [k] G for a random scalar k (the identity once: k = 0 on iteration 0). */
static void gen_pallas_jacobian(const pasta_ops *t, tu_rng *g, int it,
                                pasta_pallas_jacobian *x) {
    pasta_pallas_jacobian gen;
    pasta_fq k;
    gen_fq(t, g, it, &k);
    t->pallas->generator(&gen);
    t->pallas->mul_var(x, &gen, &k);
}
static void gen_vesta_jacobian(const pasta_ops *t, tu_rng *g, int it,
                               pasta_vesta_jacobian *x) {
    pasta_vesta_jacobian gen;
    pasta_fp k;
    gen_fp(t, g, it, &k);
    t->vesta->generator(&gen);
    t->vesta->mul_var(x, &gen, &k);
}
static void gen_pallas_affine(const pasta_ops *t, tu_rng *g, int it, pasta_pallas_affine *x) {
    pasta_pallas_jacobian j;
    gen_pallas_jacobian(t, g, it, &j);
    t->pallas->to_affine_var(x, &j);
}
static void gen_vesta_affine(const pasta_ops *t, tu_rng *g, int it, pasta_vesta_affine *x) {
    pasta_vesta_jacobian j;
    gen_vesta_jacobian(t, g, it, &j);
    t->vesta->to_affine_var(x, &j);
}

/* Domains (include/pasta/fft.h): small ones (n <= 4, N <= 8), freed after the check; an
 * INOUT domain is two of the same size (a resource, not copied). */
static void gen_fp_domain(const pasta_ops *t, tu_rng *g, int it, pasta_fp_domain *d) {
    (void)it;
    int k = (int)(tu_next(g) % 3), j = (int)(tu_next(g) % 2);
    t->fp->domain_init(d, k, j);
}
static void gen_fq_domain(const pasta_ops *t, tu_rng *g, int it, pasta_fq_domain *d) {
    (void)it;
    int k = (int)(tu_next(g) % 3), j = (int)(tu_next(g) % 2);
    t->fq->domain_init(d, k, j);
}
static void gen_fp_domain_pair(const pasta_ops *t, tu_rng *g, pasta_fp_domain *p,
                               pasta_fp_domain *r) {
    int k = (int)(tu_next(g) % 3), j = (int)(tu_next(g) % 2);
    t->fp->domain_init(p, k, j);
    t->fp->domain_init(r, k, j);
}
static void gen_fq_domain_pair(const pasta_ops *t, tu_rng *g, pasta_fq_domain *p,
                               pasta_fq_domain *r) {
    int k = (int)(tu_next(g) % 3), j = (int)(tu_next(g) % 2);
    t->fq->domain_init(p, k, j);
    t->fq->domain_init(r, k, j);
}

/* The two copies of a domain output: both untouched, or equal scalars and equal tables
 * (at different addresses); then both are freed. */
static void api_dom_same_fp(const pasta_ops *t, pasta_fp_domain *p, pasta_fp_domain *r,
                            const char *what) {
    if (memcmp(p, r, sizeof *p) == 0) return;
    cr_assert(memcmp(p, r, offsetof(pasta_fp_domain, tables)) == 0 && p->tables != NULL &&
                  r->tables != NULL && p->k + p->j <= 32,
              "%s: output %s differs from its table entry's", api_op, what);
    size_t cnt = (size_t)(2 * p->ext_n + ((uint64_t)1 << p->j));
    cr_assert(memcmp(p->tables, r->tables, cnt * sizeof *p->tables) == 0,
              "%s: the tables of %s differ from its table entry's", api_op, what);
    t->fp->domain_free(p);
    t->fp->domain_free(r);
}
static void api_dom_same_fq(const pasta_ops *t, pasta_fq_domain *p, pasta_fq_domain *r,
                            const char *what) {
    if (memcmp(p, r, sizeof *p) == 0) return;
    cr_assert(memcmp(p, r, offsetof(pasta_fq_domain, tables)) == 0 && p->tables != NULL &&
                  r->tables != NULL && p->k + p->j <= 32,
              "%s: output %s differs from its table entry's", api_op, what);
    size_t cnt = (size_t)(2 * p->ext_n + ((uint64_t)1 << p->j));
    cr_assert(memcmp(p->tables, r->tables, cnt * sizeof *p->tables) == 0,
              "%s: the tables of %s differ from its table entry's", api_op, what);
    t->fq->domain_free(p);
    t->fq->domain_free(r);
}

/* Fixed-base MSM tables (msm/): built from API_NT random bases (n above that: an error). */
static const pasta_pallas_msm_table *gen_pallas_msm_table(const pasta_ops *t, tu_rng *g,
                                                          int it) {
    static uint64_t m[API_TAB_BYTES / 8];
    pasta_pallas_affine b[API_NT];
    for (int i = 0; i < API_NT; i++) gen_pallas_affine(t, g, it, &b[i]);
    cr_assert_eq(t->pallas->msm_fixed_build((pasta_pallas_msm_table *)(void *)m, sizeof m, b,
                                            API_NT, 0, 1),
                 PASTA_OK);
    return (const pasta_pallas_msm_table *)(const void *)m;
}
static const pasta_vesta_msm_table *gen_vesta_msm_table(const pasta_ops *t, tu_rng *g,
                                                        int it) {
    static uint64_t m[API_TAB_BYTES / 8];
    pasta_vesta_affine b[API_NT];
    for (int i = 0; i < API_NT; i++) gen_vesta_affine(t, g, it, &b[i]);
    cr_assert_eq(t->vesta->msm_fixed_build((pasta_vesta_msm_table *)(void *)m, sizeof m, b,
                                           API_NT, 0, 1),
                 PASTA_OK);
    return (const pasta_vesta_msm_table *)(const void *)m;
}

#include "tests/api_cases_gen.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static void check_backend(pasta_backend b) {
    const pasta_ops *t = tu_backend_or_skip(b);
    if (t == NULL) return;
    cr_assert_eq(pasta_backend_set(b), PASTA_OK);
    cr_assert_eq(pasta_backend_get(), b, "pasta_backend_set did not switch");
    tu_rng g;
    tu_rng_init(&g, tu_seed() ^ (uint64_t)b);
    api_checked = 0;
    for (int it = 0; it < API_ITERS; it++) {
        for (size_t i = 0; i < N_OF(checks_fp); i++) checks_fp[i](t, &g, it);
        for (size_t i = 0; i < N_OF(checks_fq); i++) checks_fq[i](t, &g, it);
        for (size_t i = 0; i < N_OF(checks_pallas); i++) checks_pallas[i](t, &g, it);
        for (size_t i = 0; i < N_OF(checks_vesta); i++) checks_vesta[i](t, &g, it);
    }
    cr_assert_eq(api_checked, (long)API_CASES * API_ITERS);
    cr_assert_eq(pasta_backend_set(PASTA_BACKEND_AUTO), PASTA_OK);
}

Test(api, every_public_function_portable) { check_backend(PASTA_BACKEND_PORTABLE); }
Test(api, every_public_function_x86_64_asm) { check_backend(PASTA_BACKEND_X86_64_ASM); }
Test(api, every_public_function_x86_64_ifma) { check_backend(PASTA_BACKEND_X86_64_IFMA); }

/* The public calls really follow pasta_backend_set: a result computed on one backend,
 * then the other, stays the same (bit-identical backends), and the selection reads back. */
Test(api, backend_switch_round_trip) {
    pasta_backend all[] = {PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM,
                           PASTA_BACKEND_X86_64_IFMA, PASTA_BACKEND_AUTO,
                           PASTA_BACKEND_PORTABLE};
    pasta_fp x, y, z0;
    pasta_fp_from_u64(&x, 7);
    pasta_fp_from_u64(&y, 11);
    pasta_fp_mul(&z0, &x, &y);
    for (size_t i = 0; i < N_OF(all); i++) {
        if (!pasta_backend_supported(all[i])) continue;
        cr_assert_eq(pasta_backend_set(all[i]), PASTA_OK);
        if (all[i] != PASTA_BACKEND_AUTO) cr_assert_eq(pasta_backend_get(), all[i]);
        pasta_fp z;
        pasta_fp_mul(&z, &x, &y);
        cr_assert(pasta_fp_eq(&z, &z0));
    }
    cr_assert_eq(pasta_backend_set((pasta_backend)99), PASTA_ERR_UNSUPPORTED);
}
