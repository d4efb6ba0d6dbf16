/* pasta_<curve>_fold_var: r[i] = lo[i] + [u] hi[i] against per-point references (mul_var +
 * add_var, and a plain double-and-add for a few points), edge cases (identities, u = 0,
 * 1, -1, LAMBDA, results that are the identity or need a doubling), the small and the
 * batch path, aliasing, threads 1..4, both backends, bad arguments and allocation
 * failure; the batch step's exceptional cases directly on the template. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "fields/portable.h"
#define PASTA_BACKEND portable
#include "backends/templates.h"
#undef PASTA_BACKEND

/* The smallest n on the batch path, asm and IFMA (the tests cover both sides). */
#define MINB PASTA_FOLD_MIN_BATCH
#define IMINB PASTA_FOLD_MIN_BATCH_IFMA

#define FOLD_TESTS(CRV, SCL)                                                                  \
    typedef pasta_##CRV##_affine CRV##_aff;                                                   \
    typedef pasta_##CRV##_jacobian CRV##_jac;                                                 \
    static void CRV##_rand_point(const pasta_ops *t, CRV##_aff *p, tu_rng *g) {               \
        pasta_##SCL k;                                                                        \
        CRV##_jac j;                                                                          \
        cr_assert_eq(t->SCL->random(&k, tu_rng_fill, g), PASTA_OK);                           \
        t->CRV->generator(&j);                                                                \
        t->CRV->mul_var(&j, &j, &k);                                                          \
        t->CRV->to_affine_var(p, &j);                                                         \
    }                                                                                         \
    /* plain double-and-add over the 255 bits of u */                                         \
    static void CRV##_naive_mul(const pasta_ops *t, CRV##_jac *r, const CRV##_jac *p,         \
                                const pasta_##SCL *u) {                                       \
        uint64_t raw[4];                                                                      \
        CRV##_jac acc;                                                                        \
        t->SCL->to_raw(raw, u);                                                               \
        t->CRV->identity(&acc);                                                               \
        for (int i = 254; i >= 0; i--) {                                                      \
            t->CRV->dbl_var(&acc, &acc);                                                      \
            if ((raw[i / 64] >> (i % 64)) & 1) t->CRV->add_var(&acc, &acc, p);                \
        }                                                                                     \
        *r = acc;                                                                             \
    }                                                                                         \
    /* lo + [u] hi per point; naive: double-and-add instead of mul_var */                     \
    static void CRV##_ref(const pasta_ops *t, CRV##_aff *r, const CRV##_aff *lo,              \
                          const CRV##_aff *hi, const pasta_##SCL *u, int naive) {             \
        CRV##_jac a, b;                                                                       \
        t->CRV->from_affine(&b, hi);                                                          \
        if (naive) CRV##_naive_mul(t, &b, &b, u);                                             \
        else t->CRV->mul_var(&b, &b, u);                                                      \
        t->CRV->from_affine(&a, lo);                                                          \
        t->CRV->add_var(&a, &a, &b);                                                          \
        t->CRV->to_affine_var(r, &a);                                                         \
    }                                                                                         \
    /* fold of n points against the reference, in a fresh buffer, with `threads` */           \
    static void CRV##_check(const pasta_ops *t, const CRV##_aff *lo, const CRV##_aff *hi,     \
                            size_t n, const pasta_##SCL *u, int threads, const char *what) {  \
        CRV##_aff *r = malloc((n + 1) * sizeof *r), want;                                     \
        cr_assert_not_null(r);                                                                \
        memset(r, 0xa5, (n + 1) * sizeof *r);                                                 \
        cr_assert_eq(t->CRV->fold_var(r, lo, hi, n, u, threads), PASTA_OK, "%s", what);       \
        for (size_t i = 0; i < n; i++) {                                                      \
            CRV##_ref(t, &want, &lo[i], &hi[i], u, i < 2);                                    \
            cr_assert(memcmp(&r[i], &want, sizeof want) == 0, "%s %s n=%zu: point %zu", #CRV, \
                      what, n, i);                                                            \
        }                                                                                     \
        uint8_t s[sizeof *r];                                                                 \
        memset(s, 0xa5, sizeof s);                                                            \
        cr_assert(memcmp(&r[n], s, sizeof s) == 0, "%s: wrote past n", what);                 \
        free(r);                                                                              \
    }                                                                                         \
    static void CRV##_scalar_i(const pasta_ops *t, pasta_##SCL *k, int64_t v) {               \
        t->SCL->from_u64(k, (uint64_t)(v < 0 ? -v : v));                                      \
        if (v < 0) t->SCL->neg(k, k);                                                         \
    }                                                                                         \
    static void CRV##_fold_random(const pasta_ops *t) {                                       \
        enum { NMAX = 1100 };                                                                 \
        static const size_t ns[] = {                                                          \
            1,         2,        3,    IMINB - 1, IMINB, IMINB + 1,    2 * IMINB - 1,         \
            2 * IMINB, MINB - 1, MINB, MINB + 1,  64,    2 * MINB - 1, 2 * MINB,              \
            257,       NMAX};                                                                 \
        tu_rng g;                                                                             \
        tu_rng_init(&g, tu_seed() ^ 0xf01d ^ sizeof(pasta_##SCL));                            \
        CRV##_aff *lo = malloc(NMAX * sizeof *lo), *hi = malloc(NMAX * sizeof *hi);           \
        cr_assert(lo != NULL && hi != NULL);                                                  \
        for (size_t i = 0; i < NMAX; i++) {                                                   \
            CRV##_rand_point(t, &lo[i], &g);                                                  \
            CRV##_rand_point(t, &hi[i], &g);                                                  \
        }                                                                                     \
        for (size_t j = 0; j < sizeof ns / sizeof ns[0]; j++) {                               \
            pasta_##SCL u;                                                                    \
            cr_assert_eq(t->SCL->random(&u, tu_rng_fill, &g), PASTA_OK);                      \
            CRV##_check(t, lo, hi, ns[j], &u, 1, "random");                                   \
        }                                                                                     \
        free(lo);                                                                             \
        free(hi);                                                                             \
    }                                                                                         \
    /* Identities in lo and hi, results that are the identity (lo = -[u] hi) or need the    \
     * doubling (lo = [u] hi, lo = hi with u = 1), over special scalars, on both paths. */ \
    static void CRV##_fold_edges(const pasta_ops *t) {                                        \
        enum { N = MINB + 8 };                                                                \
        tu_rng g;                                                                             \
        tu_rng_init(&g, tu_seed() ^ 0xed6e ^ sizeof(pasta_##SCL));                            \
        static const int64_t small[] = {0, 1, -1, 2, -2, 3, 15, 16, 17, -17, 31, 1 << 20};    \
        pasta_##SCL us[20];                                                                   \
        int nu = 0;                                                                           \
        for (size_t i = 0; i < sizeof small / sizeof small[0]; i++)                           \
            CRV##_scalar_i(t, &us[nu++], small[i]);                                           \
        us[nu] = pasta_##SCL##_ZETA; /* LAMBDA: k1 = 0 */                                     \
        t->SCL->neg(&us[nu + 1], &us[nu]);                                                    \
        t->SCL->add(&us[nu + 2], &us[nu], &us[1]);                                            \
        t->SCL->sqr(&us[nu + 3], &us[nu]); /* LAMBDA^2 = -1 - LAMBDA */                       \
        nu += 4;                                                                              \
        cr_assert_eq(t->SCL->random(&us[nu++], tu_rng_fill, &g), PASTA_OK);                   \
        CRV##_aff lo[N], hi[N];                                                               \
        for (int ui = 0; ui < nu; ui++) {                                                     \
            const pasta_##SCL *u = &us[ui];                                                   \
            for (int i = 0; i < N; i++) {                                                     \
                CRV##_rand_point(t, &lo[i], &g);                                              \
                CRV##_rand_point(t, &hi[i], &g);                                              \
                CRV##_jac a;                                                                  \
                switch (i % 8) {                                                              \
                case 1: memset(&hi[i], 0, sizeof hi[i]); break;                               \
                case 2: memset(&lo[i], 0, sizeof lo[i]); break;                               \
                case 3:                                                                       \
                    memset(&lo[i], 0, sizeof lo[i]), memset(&hi[i], 0, sizeof hi[i]);         \
                    break;                                                                    \
                case 4: /* lo = -[u] hi: the identity */                                      \
                case 5: /* lo = [u] hi: a doubling in the last addition */                    \
                    t->CRV->from_affine(&a, &hi[i]);                                          \
                    t->CRV->mul_var(&a, &a, u);                                               \
                    if (i % 8 == 4) t->CRV->neg(&a, &a);                                      \
                    t->CRV->to_affine_var(&lo[i], &a);                                        \
                    break;                                                                    \
                case 6: hi[i] = lo[i]; break;                                                 \
                default: break;                                                               \
                }                                                                             \
            }                                                                                 \
            CRV##_check(t, lo, hi, N, u, 1, "edges, batch path");                             \
            CRV##_check(t, lo, hi, 9, u, 1, "edges, small path");                             \
            CRV##_check(t, lo + 1, hi + 1, 1, u, 1, "edges, hi identity");                    \
            CRV##_check(t, lo + 4, hi + 4, 1, u, 1, "edges, identity result");                \
        }                                                                                     \
        /* every hi the identity: r = lo, on both paths */                                    \
        for (int i = 0; i < N; i++) memset(&hi[i], 0, sizeof hi[i]);                          \
        CRV##_check(t, lo, hi, N, &us[nu - 1], 2, "all hi identity");                         \
        CRV##_check(t, lo, hi, 5, &us[nu - 1], 2, "all hi identity, small");                  \
    }                                                                                         \
    /* Same bytes at threads 1..4 and 0, in place (r = lo, r = hi) and not. */                \
    static void CRV##_fold_threads_alias(const pasta_ops *t) {                                \
        enum { N = 1024 };                                                                    \
        static const size_t ns[] = {N, 100, 7};                                               \
        tu_rng g;                                                                             \
        tu_rng_init(&g, tu_seed() ^ 0x7a7a ^ sizeof(pasta_##SCL));                            \
        CRV##_aff *lo = malloc(N * sizeof *lo), *hi = malloc(N * sizeof *hi);                 \
        CRV##_aff *r0 = malloc(N * sizeof *lo), *r = malloc(N * sizeof *lo);                  \
        cr_assert(lo != NULL && hi != NULL && r0 != NULL && r != NULL);                       \
        for (int i = 0; i < N; i++) {                                                         \
            CRV##_rand_point(t, &lo[i], &g);                                                  \
            CRV##_rand_point(t, &hi[i], &g);                                                  \
        }                                                                                     \
        memset(&hi[5], 0, sizeof hi[5]);                                                      \
        pasta_##SCL u;                                                                        \
        cr_assert_eq(t->SCL->random(&u, tu_rng_fill, &g), PASTA_OK);                          \
        for (size_t j = 0; j < sizeof ns / sizeof ns[0]; j++) {                               \
            size_t n = ns[j];                                                                 \
            cr_assert_eq(t->CRV->fold_var(r0, lo, hi, n, &u, 1), PASTA_OK);                   \
            for (size_t i = 0; i < n; i += 97) {                                              \
                CRV##_aff want;                                                               \
                CRV##_ref(t, &want, &lo[i], &hi[i], &u, 0);                                   \
                cr_assert(memcmp(&r0[i], &want, sizeof want) == 0, "point %zu", i);           \
            }                                                                                 \
            for (int th = 0; th <= 4; th++) {                                                 \
                memset(r, 0, n * sizeof *r);                                                  \
                cr_assert_eq(t->CRV->fold_var(r, lo, hi, n, &u, th), PASTA_OK);               \
                cr_assert(memcmp(r, r0, n * sizeof *r) == 0, "%s n=%zu threads=%d", #CRV, n,  \
                          th);                                                                \
                memcpy(r, lo, n * sizeof *r); /* r = lo */                                    \
                cr_assert_eq(t->CRV->fold_var(r, r, hi, n, &u, th), PASTA_OK);                \
                cr_assert(memcmp(r, r0, n * sizeof *r) == 0, "r = lo, n=%zu threads=%d", n,   \
                          th);                                                                \
                memcpy(r, hi, n * sizeof *r); /* r = hi */                                    \
                cr_assert_eq(t->CRV->fold_var(r, lo, r, n, &u, th), PASTA_OK);                \
                cr_assert(memcmp(r, r0, n * sizeof *r) == 0, "r = hi, n=%zu threads=%d", n,   \
                          th);                                                                \
            }                                                                                 \
        }                                                                                     \
        /* an IPA round in place: g[i] <- g[i] + [u] g[i + n/2], public API */                \
        memcpy(r, lo, N * sizeof *r);                                                         \
        cr_assert_eq(pasta_##CRV##_fold_var(r, r, r + N / 2, N / 2, &u, 2), PASTA_OK);        \
        for (int i = 0; i < N / 2; i += 61) {                                                 \
            CRV##_aff want;                                                                   \
            CRV##_ref(t, &want, &lo[i], &lo[i + N / 2], &u, 0);                               \
            cr_assert(memcmp(&r[i], &want, sizeof want) == 0, "ipa round: point %d", i);      \
        }                                                                                     \
        free(lo), free(hi), free(r0), free(r);                                                \
    }                                                                                         \
    /* Bad arguments and allocation failure: the error code, r untouched, no leak. */         \
    static void CRV##_fold_errors(const pasta_ops *t) {                                       \
        enum { N = MINB + 8 };                                                                \
        tu_rng g;                                                                             \
        tu_rng_init(&g, 0xe220 ^ sizeof(pasta_##SCL));                                        \
        CRV##_aff lo[N], hi[N], r[N], keep[N];                                                \
        for (int i = 0; i < N; i++) {                                                         \
            CRV##_rand_point(t, &lo[i], &g);                                                  \
            CRV##_rand_point(t, &hi[i], &g);                                                  \
        }                                                                                     \
        pasta_##SCL u;                                                                        \
        cr_assert_eq(t->SCL->random(&u, tu_rng_fill, &g), PASTA_OK);                          \
        memset(r, 0x5a, sizeof r);                                                            \
        memcpy(keep, r, sizeof r);                                                            \
        long live0 = pasta_test_alloc_live();                                                 \
        const struct pasta_##CRV##_ops *o = t->CRV;                                           \
        cr_assert_eq(o->fold_var(NULL, lo, hi, 1, &u, 1), PASTA_ERR_INVALID_ARG);             \
        cr_assert_eq(o->fold_var(r, NULL, hi, 1, &u, 1), PASTA_ERR_INVALID_ARG);              \
        cr_assert_eq(o->fold_var(r, lo, NULL, 1, &u, 1), PASTA_ERR_INVALID_ARG);              \
        cr_assert_eq(o->fold_var(r, lo, hi, 1, NULL, 1), PASTA_ERR_INVALID_ARG);              \
        cr_assert_eq(o->fold_var(r, lo, hi, N, &u, -1), PASTA_ERR_INVALID_ARG);               \
        cr_assert_eq(o->fold_var(r, lo, hi, SIZE_MAX / 2, &u, 1), PASTA_ERR_INVALID_ARG);     \
        cr_assert_eq(o->fold_var(NULL, NULL, NULL, 0, NULL, 1), PASTA_OK);                    \
        cr_assert_eq(o->fold_var(r, lo, hi, 0, &u, 3), PASTA_OK);                             \
        cr_assert(memcmp(r, keep, sizeof r) == 0, "r changed on error");                      \
        static const size_t ns[] = {5, N};                                                    \
        for (int j = 0; j < 2; j++) {                                                         \
            for (long a = 1;; a++) {                                                          \
                cr_assert(a < 10, "still failing");                                           \
                pasta_test_alloc_fail_at(a);                                                  \
                int rc = o->fold_var(r, lo, hi, ns[j], &u, 2);                                \
                long made = pasta_test_alloc_fail_at(0);                                      \
                cr_assert_eq(pasta_test_alloc_live(), live0, "leak");                         \
                if (rc == PASTA_OK) {                                                         \
                    cr_assert(made >= 1 && made < a, "fold allocates (made %ld)", made);      \
                    break;                                                                    \
                }                                                                             \
                cr_assert_eq(rc, PASTA_ERR_NO_MEMORY);                                        \
                cr_assert(memcmp(r, keep, sizeof r) == 0, "r changed on allocation failure"); \
            }                                                                                 \
            memcpy(r, keep, sizeof r);                                                        \
        }                                                                                     \
        cr_assert_eq(pasta_##CRV##_fold_var(r, lo, hi, 1, &u, -2), PASTA_ERR_INVALID_ARG);    \
        cr_assert(memcmp(r, keep, sizeof r) == 0);                                            \
    }

FOLD_TESTS(pallas, fq)
FOLD_TESTS(vesta, fp)

#define FOLD_BACKEND_TESTS(B, BID)                                                        \
    Test(B, pallas_random) { pallas_fold_random(tu_backend_or_skip(BID)); }               \
    Test(B, vesta_random) { vesta_fold_random(tu_backend_or_skip(BID)); }                 \
    Test(B, pallas_edges) { pallas_fold_edges(tu_backend_or_skip(BID)); }                 \
    Test(B, vesta_edges) { vesta_fold_edges(tu_backend_or_skip(BID)); }                   \
    Test(B, pallas_threads_alias) { pallas_fold_threads_alias(tu_backend_or_skip(BID)); } \
    Test(B, vesta_threads_alias) { vesta_fold_threads_alias(tu_backend_or_skip(BID)); }   \
    Test(B, pallas_errors) { pallas_fold_errors(tu_backend_or_skip(BID)); }               \
    Test(B, vesta_errors) { vesta_fold_errors(tu_backend_or_skip(BID)); }

FOLD_BACKEND_TESTS(fold_portable, PASTA_BACKEND_PORTABLE)
FOLD_BACKEND_TESTS(fold_x86_64_asm, PASTA_BACKEND_X86_64_ASM)
FOLD_BACKEND_TESTS(fold_x86_64_ifma, PASTA_BACKEND_X86_64_IFMA)

/* Same bytes on both backends. */
static void fold_cross_backend(pasta_backend other) {
    const pasta_ops *a = &pasta_ops_portable, *b = pasta_ops_for(other);
    if (b == NULL) cr_skip_test("only one backend here");
    enum { N = 300 };
    tu_rng g;
    tu_rng_init(&g, tu_seed() ^ 0xcb);
    static pasta_pallas_affine lo[N], hi[N], ra[N], rb[N];
    static pasta_vesta_affine vlo[N], vhi[N], va[N], vb[N];
    for (int i = 0; i < N; i++) {
        pallas_rand_point(a, &lo[i], &g);
        pallas_rand_point(a, &hi[i], &g);
        vesta_rand_point(a, &vlo[i], &g);
        vesta_rand_point(a, &vhi[i], &g);
    }
    pasta_fq u;
    pasta_fp v;
    cr_assert_eq(a->fq->random(&u, tu_rng_fill, &g), PASTA_OK);
    cr_assert_eq(a->fp->random(&v, tu_rng_fill, &g), PASTA_OK);
    for (size_t n = 1; n <= N; n += 299) {
        cr_assert_eq(a->pallas->fold_var(ra, lo, hi, n, &u, 1), PASTA_OK);
        cr_assert_eq(b->pallas->fold_var(rb, lo, hi, n, &u, 3), PASTA_OK);
        cr_assert(memcmp(ra, rb, n * sizeof ra[0]) == 0, "pallas n=%zu", n);
        cr_assert_eq(a->vesta->fold_var(va, vlo, vhi, n, &v, 2), PASTA_OK);
        cr_assert_eq(b->vesta->fold_var(vb, vlo, vhi, n, &v, 1), PASTA_OK);
        cr_assert(memcmp(va, vb, n * sizeof va[0]) == 0, "vesta n=%zu", n);
    }
}
Test(fold, cross_backend) { fold_cross_backend(PASTA_BACKEND_X86_64_ASM); }
Test(fold, cross_backend_ifma) { fold_cross_backend(PASTA_BACKEND_X86_64_IFMA); }

/* The batch step on exceptional inputs, in one batch: a = q (a doubling), a = -q (the
 * identity), a the identity (takes q), q the identity (a unchanged), both, and ordinary
 * additions around them; then a doubling step with identities in it. Against add_var. */
Test(fold, step_exceptional_cases) {
    const pasta_ops *t = &pasta_ops_portable;
    enum { M = 12 };
    tu_rng g;
    tu_rng_init(&g, tu_seed() ^ 0x57e9);
    pasta_pallas_affine a[M], q[M], want[M];
    pasta_fp pre[M];
    uint8_t aid[M], kind[M];
    for (int k = 0; k < M; k++) {
        pallas_rand_point(t, &a[k], &g);
        pallas_rand_point(t, &q[k], &g);
        aid[k] = 0;
        switch (k % 6) {
        case 1: q[k] = a[k]; break;
        case 2: t->pallas->affine_neg(&q[k], &a[k]); break;
        case 3: aid[k] = 1; break;
        case 4: memset(&q[k], 0, sizeof q[k]); break;
        case 5: aid[k] = 1, memset(&q[k], 0, sizeof q[k]); break;
        default: break;
        }
    }
    for (int k = 0; k < M; k++) {
        pasta_pallas_jacobian ja, jq;
        t->pallas->from_affine(&ja, &a[k]);
        if (aid[k]) t->pallas->identity(&ja);
        t->pallas->from_affine(&jq, &q[k]);
        t->pallas->add_var(&ja, &ja, &jq);
        t->pallas->to_affine_var(&want[k], &ja);
    }
    pasta_portable_pallas_fold_step(a, aid, q, pre, kind, M);
    for (int k = 0; k < M; k++) {
        pasta_pallas_affine got = a[k];
        if (aid[k]) memset(&got, 0, sizeof got);
        cr_assert(memcmp(&got, &want[k], sizeof got) == 0, "add step, case %d", k);
        cr_assert_eq(aid[k], t->pallas->affine_is_identity(&want[k]), "flag %d", k);
    }
    for (int k = 0; k < M; k++) {
        pasta_pallas_jacobian ja;
        t->pallas->from_affine(&ja, &a[k]);
        if (aid[k]) t->pallas->identity(&ja);
        t->pallas->dbl_var(&ja, &ja);
        t->pallas->to_affine_var(&want[k], &ja);
    }
    pasta_portable_pallas_fold_step(a, aid, NULL, pre, kind, M);
    for (int k = 0; k < M; k++) {
        pasta_pallas_affine got = a[k];
        if (aid[k]) memset(&got, 0, sizeof got);
        cr_assert(memcmp(&got, &want[k], sizeof got) == 0, "doubling step, case %d", k);
    }
}
