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

/* The work form (include/pasta/field.h): load, the five operations and store on each
 * backend and through the public API, against the element-wise operations: single
 * operations (out of place and in place), a long random chain (the weak reduction of
 * the IFMA layout stays within its bounds), partial last blocks, zero blocks, the output
 * beyond n untouched, and the error contract. */
#define WMAXN 100
static const size_t work_sizes[] = {0, 1, 7, 8, 9, 31, 32, 33, 64, 65, WMAXN};

#define WORK_TESTS(FLD, FID)                                                                  \
    typedef struct {                                                                          \
        int (*load)(pasta_##FLD##_work *, const pasta_##FLD *, size_t);                       \
        int (*store)(pasta_##FLD *, const pasta_##FLD##_work *, size_t);                      \
        int (*add)(pasta_##FLD##_work *, const pasta_##FLD##_work *,                          \
                   const pasta_##FLD##_work *, size_t);                                       \
        int (*sub)(pasta_##FLD##_work *, const pasta_##FLD##_work *,                          \
                   const pasta_##FLD##_work *, size_t);                                       \
        int (*mul)(pasta_##FLD##_work *, const pasta_##FLD##_work *,                          \
                   const pasta_##FLD##_work *, size_t);                                       \
        int (*scale)(pasta_##FLD##_work *, const pasta_##FLD##_work *, const pasta_##FLD *,   \
                     size_t);                                                                 \
        int (*add_const)(pasta_##FLD##_work *, const pasta_##FLD##_work *,                    \
                         const pasta_##FLD *, size_t);                                        \
        int (*mul_add)(pasta_##FLD##_work *, const pasta_##FLD##_work *,                      \
                       const pasta_##FLD##_work *, const pasta_##FLD##_work *, size_t);       \
    } FLD##_wops;                                                                             \
    /* v[i] = op(v[x], v[y], v[z]) element-wise: the reference of one chain step */           \
    static void FLD##_ref_step(const struct pasta_##FLD##_ops *o, int op, pasta_##FLD *d,     \
                               const pasta_##FLD *a, const pasta_##FLD *b,                    \
                               const pasta_##FLD *c, const pasta_##FLD *k, size_t n) {        \
        for (size_t i = 0; i < n; i++) {                                                      \
            pasta_##FLD t;                                                                    \
            switch (op) {                                                                     \
            case 0: o->add(&t, &a[i], &b[i]); break;                                          \
            case 1: o->sub(&t, &a[i], &b[i]); break;                                          \
            case 2: o->mul(&t, &a[i], &b[i]); break;                                          \
            case 3: o->mul(&t, &a[i], k); break;                                              \
            case 5: o->add(&t, &a[i], k); break;                                              \
            default: o->mul(&t, &a[i], &b[i]), o->add(&t, &t, &c[i]); break;                  \
            }                                                                                 \
            d[i] = t;                                                                         \
        }                                                                                     \
    }                                                                                         \
    static int FLD##_work_step(const FLD##_wops *w, int op, pasta_##FLD##_work *d,            \
                               const pasta_##FLD##_work *a, const pasta_##FLD##_work *b,      \
                               const pasta_##FLD##_work *c, const pasta_##FLD *k, size_t n) { \
        switch (op) {                                                                         \
        case 0: return w->add(d, a, b, n);                                                    \
        case 1: return w->sub(d, a, b, n);                                                    \
        case 2: return w->mul(d, a, b, n);                                                    \
        case 3: return w->scale(d, a, k, n);                                                  \
        case 5: return w->add_const(d, a, k, n);                                              \
        default: return w->mul_add(d, a, b, c, n);                                            \
        }                                                                                     \
    }                                                                                         \
    static void FLD##_work(const struct pasta_##FLD##_ops *o, int public_api) {               \
        FLD##_wops w;                                                                         \
        if (public_api)                                                                       \
            w = (FLD##_wops){pasta_##FLD##_work_load,      pasta_##FLD##_work_store,          \
                             pasta_##FLD##_work_add,       pasta_##FLD##_work_sub,            \
                             pasta_##FLD##_work_mul,       pasta_##FLD##_work_scale,          \
                             pasta_##FLD##_work_add_const, pasta_##FLD##_work_mul_add};       \
        else                                                                                  \
            w = (FLD##_wops){                                                                 \
                o->work_load, o->work_store, o->work_add,       o->work_sub,                  \
                o->work_mul,  o->work_scale, o->work_add_const, o->work_mul_add};             \
        tu_rng g;                                                                             \
        tu_rng_init(&g, tu_seed() ^ (0x3017ULL + FID));                                       \
        enum { NV = 4, NB = PASTA_WORK_BLOCKS(WMAXN) };                                       \
        static pasta_##FLD##_work wv[NV][NB];                                                 \
        static pasta_##FLD v[NV][WMAXN + 8], r[WMAXN + 8], e[WMAXN];                          \
        for (size_t si = 0; si < sizeof work_sizes / sizeof work_sizes[0]; si++) {            \
            size_t n = work_sizes[si];                                                        \
            pasta_##FLD k;                                                                    \
            FLD##_rand(&k, 1, &g);                                                            \
            for (int j = 0; j < NV; j++) {                                                    \
                FLD##_rand(v[j], n, &g);                                                      \
                cr_assert_eq(w.load(wv[j], v[j], n), PASTA_OK);                               \
            }                                                                                 \
            /* round trip; the output beyond n untouched */                                   \
            FLD##_rand(r, n + 8, &g);                                                         \
            memcpy(e, &r[n], 8 * sizeof *r);                                                  \
            cr_assert_eq(w.store(r, wv[0], n), PASTA_OK);                                     \
            cr_assert(memcmp(r, v[0], n * sizeof *r) == 0, "round trip n=%zu", n);            \
            cr_assert(memcmp(&r[n], e, 8 * sizeof *r) == 0, "store past n=%zu", n);           \
            /* each operation, out of place into v[3] and in place (d == a) */                \
            for (int op = 0; op < 6; op++) {                                                  \
                FLD##_ref_step(o, op, e, v[0], v[1], v[2], &k, n);                            \
                cr_assert_eq(FLD##_work_step(&w, op, wv[3], wv[0], wv[1], wv[2], &k, n),      \
                             PASTA_OK);                                                       \
                cr_assert_eq(w.store(r, wv[3], n), PASTA_OK);                                 \
                cr_assert(memcmp(r, e, n * sizeof *r) == 0, "op %d n=%zu", op, n);            \
                cr_assert_eq(w.load(wv[3], v[0], n), PASTA_OK);                               \
                cr_assert_eq(FLD##_work_step(&w, op, wv[3], wv[3], wv[1], wv[2], &k, n),      \
                             PASTA_OK);                                                       \
                cr_assert_eq(w.store(r, wv[3], n), PASTA_OK);                                 \
                cr_assert(memcmp(r, e, n * sizeof *r) == 0, "op %d in place n=%zu", op, n);   \
            }                                                                                 \
            /* a chain of random steps over the four vectors, never stored in between */      \
            cr_assert_eq(w.load(wv[3], v[3], n), PASTA_OK);                                   \
            for (int step = 0; step < 300; step++) {                                          \
                uint64_t x = tu_next(&g);                                                     \
                int op = (int)(x % 6), d = (int)((x >> 8) % NV), a = (int)((x >> 16) % NV);   \
                int b = (int)((x >> 24) % NV), c = (int)((x >> 32) % NV);                     \
                FLD##_ref_step(o, op, v[d], v[a], v[b], v[c], &k, n);                         \
                cr_assert_eq(FLD##_work_step(&w, op, wv[d], wv[a], wv[b], wv[c], &k, n),      \
                             PASTA_OK);                                                       \
            }                                                                                 \
            for (int j = 0; j < NV; j++) {                                                    \
                cr_assert_eq(w.store(r, wv[j], n), PASTA_OK);                                 \
                cr_assert(memcmp(r, v[j], n * sizeof *r) == 0, "chain n=%zu", n);             \
            }                                                                                 \
        }                                                                                     \
        /* zero blocks hold zeros */                                                          \
        memset(wv[0], 0, sizeof wv[0]);                                                       \
        cr_assert_eq(w.store(r, wv[0], WMAXN), PASTA_OK);                                     \
        for (size_t i = 0; i < WMAXN; i++) cr_assert(o->is_zero(&r[i]));                      \
        /* bad input: error, output untouched */                                              \
        memcpy(e, r, sizeof e);                                                               \
        memcpy(wv[1], wv[2], sizeof wv[1]);                                                   \
        cr_assert_eq(w.load(wv[1], NULL, 1), PASTA_ERR_INVALID_ARG);                          \
        cr_assert_eq(w.add(wv[1], NULL, wv[0], 1), PASTA_ERR_INVALID_ARG);                    \
        cr_assert_eq(w.mul(NULL, wv[0], wv[0], 1), PASTA_ERR_INVALID_ARG);                    \
        cr_assert_eq(w.scale(wv[1], wv[0], NULL, 1), PASTA_ERR_INVALID_ARG);                  \
        cr_assert_eq(w.add_const(wv[1], wv[0], NULL, 1), PASTA_ERR_INVALID_ARG);              \
        cr_assert_eq(w.mul_add(wv[1], wv[0], wv[0], NULL, 1), PASTA_ERR_INVALID_ARG);         \
        cr_assert_eq(w.sub(wv[1], wv[0], wv[0], SIZE_MAX), PASTA_ERR_INVALID_ARG);            \
        cr_assert_eq(w.store(r, NULL, 1), PASTA_ERR_INVALID_ARG);                             \
        cr_assert_eq(w.store(r, wv[0], SIZE_MAX), PASTA_ERR_INVALID_ARG);                     \
        cr_assert(memcmp(wv[1], wv[2], sizeof wv[1]) == 0 && memcmp(r, e, sizeof e) == 0);    \
        cr_assert_eq(w.add(NULL, NULL, NULL, 0), PASTA_OK);                                   \
        cr_assert_eq(w.store(NULL, NULL, 0), PASTA_OK);                                       \
    }                                                                                         \
    Test(work, FLD##_portable) {                                                              \
        FLD##_work(tu_backend_or_skip(PASTA_BACKEND_PORTABLE)->FLD, 0);                       \
    }                                                                                         \
    Test(work, FLD##_x86_64_asm) {                                                            \
        const pasta_ops *t = tu_backend_or_skip(PASTA_BACKEND_X86_64_ASM);                    \
        if (t != NULL) FLD##_work(t->FLD, 0);                                                 \
    }                                                                                         \
    Test(work, FLD##_x86_64_ifma) {                                                           \
        const pasta_ops *t = tu_backend_or_skip(PASTA_BACKEND_X86_64_IFMA);                   \
        if (t != NULL) FLD##_work(t->FLD, 0);                                                 \
    }                                                                                         \
    Test(work, FLD##_public) { FLD##_work(pasta_active_ops()->FLD, 1); }

WORK_TESTS(fp, 0)
WORK_TESTS(fq, 1)
