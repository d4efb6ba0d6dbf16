/* The array operations (fields/array_impl.h) on each backend and through the public API,
 * against the element-wise operations and, for poly_eval and the inner product, GMP.
 * Aliasing (r == a, c inside r) and the error contract (NULL, size out of range: error,
 * output untouched). */
#include <string.h>

#include "testutil.h"

#define MAXN 40
static const size_t sizes[] = {0, 1, 2, 3, 7, 16, 33, MAXN};

#define ARRAY_TESTS(FLD, FID)                                                                \
    static void FLD##_rand(pasta_##FLD *x, size_t n, tu_rng *g) {                            \
        for (size_t i = 0; i < n; i++) {                                                     \
            uint8_t b[64];                                                                   \
            tu_rng_fill(g, b, 64);                                                           \
            pasta_ops_portable.FLD->from_uniform_bytes(&x[i], b);                            \
        }                                                                                    \
    }                                                                                        \
    static void FLD##_arrays(const struct pasta_##FLD##_ops *o, int public_api) {            \
        tu_rng g;                                                                            \
        tu_rng_init(&g, tu_seed() ^ (0xa77aULL + FID));                                      \
        for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {                     \
            size_t n = sizes[si];                                                            \
            pasta_##FLD a[MAXN], b[MAXN], c[MAXN], r[MAXN], w[MAXN], t, k, x;                \
            FLD##_rand(a, n, &g);                                                            \
            FLD##_rand(b, n, &g);                                                            \
            FLD##_rand(c, n, &g);                                                            \
            FLD##_rand(&k, 1, &g);                                                           \
            FLD##_rand(&x, 1, &g);                                                           \
            int (*vadd)(pasta_##FLD *, const pasta_##FLD *, const pasta_##FLD *, size_t) =   \
                public_api ? pasta_##FLD##_vec_add : o->vec_add;                             \
            int (*vsub)(pasta_##FLD *, const pasta_##FLD *, const pasta_##FLD *, size_t) =   \
                public_api ? pasta_##FLD##_vec_sub : o->vec_sub;                             \
            int (*vmul)(pasta_##FLD *, const pasta_##FLD *, const pasta_##FLD *, size_t) =   \
                public_api ? pasta_##FLD##_vec_mul : o->vec_mul;                             \
            int (*vscale)(pasta_##FLD *, const pasta_##FLD *, const pasta_##FLD *, size_t) = \
                public_api ? pasta_##FLD##_vec_scale : o->vec_scale;                         \
            int (*vma)(pasta_##FLD *, const pasta_##FLD *, const pasta_##FLD *,              \
                       const pasta_##FLD *, size_t) = public_api ? pasta_##FLD##_vec_mul_add \
                                                                 : o->vec_mul_add;           \
            int (*vip)(pasta_##FLD *, const pasta_##FLD *, const pasta_##FLD *, size_t) =    \
                public_api ? pasta_##FLD##_vec_inner_product : o->vec_inner_product;         \
            int (*peval)(pasta_##FLD *, const pasta_##FLD *, size_t, const pasta_##FLD *) =  \
                public_api ? pasta_##FLD##_poly_eval : o->poly_eval;                         \
            /* element-wise, out of place and in place (r == a) */                           \
            cr_assert_eq(vadd(r, a, b, n), PASTA_OK);                                        \
            for (size_t i = 0; i < n; i++) {                                                 \
                o->add(&t, &a[i], &b[i]);                                                    \
                cr_assert(o->eq(&r[i], &t), "vec_add n=%zu i=%zu", n, i);                    \
            }                                                                                \
            memcpy(w, a, sizeof a);                                                          \
            cr_assert_eq(vsub(w, w, b, n), PASTA_OK);                                        \
            for (size_t i = 0; i < n; i++) {                                                 \
                o->sub(&t, &a[i], &b[i]);                                                    \
                cr_assert(o->eq(&w[i], &t), "vec_sub in place n=%zu i=%zu", n, i);           \
            }                                                                                \
            cr_assert_eq(vmul(r, a, b, n), PASTA_OK);                                        \
            for (size_t i = 0; i < n; i++) {                                                 \
                o->mul(&t, &a[i], &b[i]);                                                    \
                cr_assert(o->eq(&r[i], &t), "vec_mul n=%zu i=%zu", n, i);                    \
            }                                                                                \
            cr_assert_eq(vscale(r, a, &k, n), PASTA_OK);                                     \
            for (size_t i = 0; i < n; i++) {                                                 \
                o->mul(&t, &a[i], &k);                                                       \
                cr_assert(o->eq(&r[i], &t), "vec_scale n=%zu i=%zu", n, i);                  \
            }                                                                                \
            if (n > 1) { /* c inside r: read before r is written */                          \
                memcpy(w, a, sizeof a);                                                      \
                pasta_##FLD c0 = w[n - 1];                                                   \
                cr_assert_eq(vscale(w, w, &w[n - 1], n), PASTA_OK);                          \
                for (size_t i = 0; i < n; i++) {                                             \
                    o->mul(&t, &a[i], &c0);                                                  \
                    cr_assert(o->eq(&w[i], &t), "vec_scale aliased n=%zu i=%zu", n, i);      \
                }                                                                            \
            }                                                                                \
            cr_assert_eq(vma(r, a, b, c, n), PASTA_OK);                                      \
            for (size_t i = 0; i < n; i++) {                                                 \
                o->mul(&t, &a[i], &b[i]);                                                    \
                o->add(&t, &t, &c[i]);                                                       \
                cr_assert(o->eq(&r[i], &t), "vec_mul_add n=%zu i=%zu", n, i);                \
            }                                                                                \
            /* inner product and evaluation against GMP */                                   \
            mpz_t m, acc, u, v, xp;                                                          \
            mpz_inits(m, acc, u, v, xp, NULL);                                               \
            tu_modulus(m, FID);                                                              \
            for (size_t i = 0; i < n; i++) {                                                 \
                tu_mont_to_value(u, a[i].limbs, FID);                                        \
                tu_mont_to_value(v, b[i].limbs, FID);                                        \
                mpz_addmul(acc, u, v);                                                       \
            }                                                                                \
            mpz_mod(acc, acc, m);                                                            \
            cr_assert_eq(vip(&t, a, b, n), PASTA_OK);                                        \
            tu_mont_to_value(u, t.limbs, FID);                                               \
            cr_assert(mpz_cmp(u, acc) == 0, "inner product n=%zu", n);                       \
            mpz_set_ui(acc, 0);                                                              \
            tu_mont_to_value(v, x.limbs, FID);                                               \
            mpz_set_ui(xp, 1);                                                               \
            for (size_t i = 0; i < n; i++) {                                                 \
                tu_mont_to_value(u, c[i].limbs, FID);                                        \
                mpz_addmul(acc, u, xp);                                                      \
                mpz_mul(xp, xp, v);                                                          \
                mpz_mod(xp, xp, m);                                                          \
            }                                                                                \
            mpz_mod(acc, acc, m);                                                            \
            cr_assert_eq(peval(&t, c, n, &x), PASTA_OK);                                     \
            tu_mont_to_value(u, t.limbs, FID);                                               \
            cr_assert(mpz_cmp(u, acc) == 0, "poly_eval n=%zu", n);                           \
            mpz_clears(m, acc, u, v, xp, NULL);                                              \
        }                                                                                    \
        /* bad input: error, output untouched */                                             \
        pasta_##FLD a[2], r[2], keep[2], s;                                                  \
        FLD##_rand(a, 2, &g);                                                                \
        FLD##_rand(r, 2, &g);                                                                \
        memcpy(keep, r, sizeof r);                                                           \
        s = r[0];                                                                            \
        cr_assert_eq(o->vec_add(r, NULL, a, 2), PASTA_ERR_INVALID_ARG);                      \
        cr_assert_eq(o->vec_mul(NULL, a, a, 2), PASTA_ERR_INVALID_ARG);                      \
        cr_assert_eq(o->vec_scale(r, a, NULL, 2), PASTA_ERR_INVALID_ARG);                    \
        cr_assert_eq(o->vec_mul_add(r, a, a, NULL, 2), PASTA_ERR_INVALID_ARG);               \
        cr_assert_eq(o->vec_sub(r, a, a, SIZE_MAX), PASTA_ERR_INVALID_ARG);                  \
        cr_assert_eq(o->vec_inner_product(&s, NULL, a, 1), PASTA_ERR_INVALID_ARG);           \
        cr_assert_eq(o->vec_inner_product(NULL, a, a, 1), PASTA_ERR_INVALID_ARG);            \
        cr_assert_eq(o->poly_eval(&s, a, 2, NULL), PASTA_ERR_INVALID_ARG);                   \
        cr_assert_eq(o->poly_eval(&s, NULL, 1, &a[0]), PASTA_ERR_INVALID_ARG);               \
        cr_assert(memcmp(r, keep, sizeof r) == 0 && memcmp(&s, &keep[0], sizeof s) == 0);    \
        cr_assert_eq(o->vec_add(NULL, NULL, NULL, 0), PASTA_OK);                             \
        cr_assert_eq(o->poly_eval(&s, NULL, 0, &a[0]), PASTA_OK);                            \
        cr_assert(o->is_zero(&s));                                                           \
    }                                                                                        \
    Test(array, FLD##_portable) {                                                            \
        FLD##_arrays(tu_backend_or_skip(PASTA_BACKEND_PORTABLE)->FLD, 0);                    \
    }                                                                                        \
    Test(array, FLD##_x86_64_asm) {                                                          \
        const pasta_ops *t = tu_backend_or_skip(PASTA_BACKEND_X86_64_ASM);                   \
        if (t != NULL) FLD##_arrays(t->FLD, 0);                                              \
    }                                                                                        \
    Test(array, FLD##_x86_64_ifma) {                                                         \
        const pasta_ops *t = tu_backend_or_skip(PASTA_BACKEND_X86_64_IFMA);                  \
        if (t != NULL) FLD##_arrays(t->FLD, 0);                                              \
    }                                                                                        \
    Test(array, FLD##_public) { FLD##_arrays(pasta_active_ops()->FLD, 1); }

ARRAY_TESTS(fp, 0)
ARRAY_TESTS(fq, 1)
