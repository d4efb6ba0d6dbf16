/* msm/ifma_batch.h: the 8-lane batch-affine bucket additions against the scalar curve
 * code (the asm backend's when it runs here, else portable): batches of every size
 * 1..40 and 511..512 of random pairs mixed with P + P (either sign) and P + (-P), each
 * result byte for byte the normalised Jacobian sum, and the DBL / CANCEL flags as the
 * scalar flush sets them; batches of doublings (each source its own slot, as the
 * generator fold's tables) of sizes 1..512 against the scalar doubling; the fold's
 * Jacobian lane steps through every case. Skips (prints why, passes) without AVX512F +
 * AVX512IFMA; not under valgrind (it cannot execute AVX-512). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ifma_testutil.h"

#include "msm/ifma_batch.h"

/* The scalar batch inversion of 8 values, through the table. */
#define INV8(F, T)                                               \
    static void F##_inv8(uint64_t v[32]) {                       \
        T a[8], r[8];                                            \
        memcpy(a, v, sizeof a);                                  \
        cr_assert_eq(scalar_ops()->F->batch_invert(r, a, 8), 0); \
        memcpy(v, r, sizeof r);                                  \
    }
INV8(fp, pasta_fp)
INV8(fq, pasta_fq)

/* One curve: AFF, JAC, its ops member, the kernel and the scalar field's ops member. */
#define CURVE_TEST(C, AFF, JAC, F, SF)                                                      \
    static void C##_random(AFF *p, tu_rng *r) {                                             \
        const pasta_ops *o = scalar_ops();                                                  \
        uint8_t b[32];                                                                      \
        for (int i = 0; i < 4; i++) {                                                       \
            uint64_t w = tu_next(r);                                                        \
            memcpy(b + 8 * i, &w, 8);                                                       \
        }                                                                                   \
        b[31] &= 0x3f;                                                                      \
        pasta_##SF k;                                                                       \
        cr_assert_eq(o->SF->from_bytes(&k, b), 0);                                          \
        JAC g, q;                                                                           \
        o->C->generator(&g);                                                                \
        o->C->mul_var(&q, &g, &k);                                                          \
        o->C->to_affine_var(p, &q);                                                         \
    }                                                                                       \
    static void C##_batch(size_t m, tu_rng *r) {                                            \
        const pasta_ops *o = scalar_ops();                                                  \
        AFF *abk = aligned_alloc(64, 2 * m * sizeof(AFF)), *src = malloc(m * sizeof(AFF));  \
        AFF *want = malloc(m * sizeof(AFF));                                                \
        pasta_ifma_pend *e = malloc(m * sizeof *e);                                         \
        uint32_t *wants = malloc(m * sizeof *wants);                                        \
        cr_assert(abk &&src &&want &&e &&wants);                                            \
        for (size_t j = 0; j < m; j++) {                                                    \
            uint32_t b = (uint32_t)(2 * m - 1 - 2 * j); /* distinct, scattered */           \
            int kind = (int)(tu_next(r) % 8), ng = (int)(tu_next(r) & 1);                   \
            C##_random(&abk[b], r);                                                         \
            if (kind == 0) src[j] = abk[b]; /* P + P or P + (-P) by ng */                   \
            else if (kind == 1) o->C->affine_neg(&src[j], &abk[b]);                         \
            else C##_random(&src[j], r);                                                    \
            e[j].src = &src[j];                                                             \
            e[j].b = b;                                                                     \
            e[j].s = (uint32_t)ng;                                                          \
            AFF q = src[j];                                                                 \
            if (ng) o->C->affine_neg(&q, &q);                                               \
            JAC ja, jq;                                                                     \
            o->C->from_affine(&ja, &abk[b]);                                                \
            o->C->from_affine(&jq, &q);                                                     \
            o->C->add_var(&ja, &ja, &jq);                                                   \
            o->C->to_affine_var(&want[j], &ja);                                             \
            wants[j] = (uint32_t)ng;                                                        \
            if (o->F->eq(&q.x, &abk[b].x))                                                  \
                wants[j] |= o->F->eq(&q.y, &abk[b].y) ? PASTA_MSM_PEND_DBL                  \
                                                      : PASTA_MSM_PEND_CANCEL;              \
        }                                                                                   \
        pasta_ifma_##F##_batch_aadd((uint64_t *)(void *)abk, e, m, F##_inv8);               \
        for (size_t j = 0; j < m; j++) {                                                    \
            cr_assert_eq(e[j].s, wants[j], #C " m=%zu j=%zu: flags", m, j);                 \
            if (wants[j] & PASTA_MSM_PEND_CANCEL) continue;                                 \
            cr_assert(memcmp(&abk[e[j].b], &want[j], sizeof(AFF)) == 0,                     \
                      #C " m=%zu j=%zu: differs from the scalar sum", m, j);                \
        }                                                                                   \
        free(abk);                                                                          \
        free(src);                                                                          \
        free(want);                                                                         \
        free(e);                                                                            \
        free(wants);                                                                        \
    }                                                                                       \
    /* doublings as the fold runs them: every entry's source its own slot (P + P) */        \
    static void C##_dbl_batch(size_t m, tu_rng *r) {                                        \
        const pasta_ops *o = scalar_ops();                                                  \
        AFF *abk = aligned_alloc(64, 2 * m * sizeof(AFF)), *want = malloc(m * sizeof(AFF)); \
        pasta_ifma_pend *e = malloc(m * sizeof *e);                                         \
        cr_assert(abk &&want &&e);                                                          \
        for (size_t j = 0; j < 2 * m; j++) C##_random(&abk[j], r);                          \
        for (size_t j = 0; j < m; j++) {                                                    \
            uint32_t b = (uint32_t)(2 * m - 1 - 2 * j);                                     \
            e[j].src = &abk[b];                                                             \
            e[j].b = b;                                                                     \
            e[j].s = 0;                                                                     \
            JAC ja;                                                                         \
            o->C->from_affine(&ja, &abk[b]);                                                \
            o->C->dbl_var(&ja, &ja);                                                        \
            o->C->to_affine_var(&want[j], &ja);                                             \
        }                                                                                   \
        AFF other = abk[0];                                                                 \
        pasta_ifma_##F##_batch_aadd((uint64_t *)(void *)abk, e, m, F##_inv8);               \
        for (size_t j = 0; j < m; j++) {                                                    \
            cr_assert_eq(e[j].s, PASTA_MSM_PEND_DBL, #C " m=%zu j=%zu: flags", m, j);       \
            cr_assert(memcmp(&abk[e[j].b], &want[j], sizeof(AFF)) == 0,                     \
                      #C " m=%zu j=%zu: differs from the scalar doubling", m, j);           \
        }                                                                                   \
        cr_assert(memcmp(&abk[0], &other, sizeof(AFF)) == 0, "a slot not in the batch");    \
        free(abk);                                                                          \
        free(want);                                                                         \
        free(e);                                                                            \
    }
/* The fold's Jacobian lanes (pasta_ifma_F_jfold_add, _dbl, _store): from all identity, a
 * step of additions (every lane takes q1), a doubling (Z != 1 after it), a step of
 * additions mixing P + P, P + (-P) and random pairs, a doubling step (with the identity
 * lanes just made), an addition step (the identity lanes take q3), each stored,
 * normalised by the scalar code and compared with the scalar sums; identity lanes by
 * their flags. */
#define JFOLD_TEST(C, AFF, JAC, F)                                                           \
    /* want[j] (identity: wid[j]) += q[j] or doubled (q NULL), by the scalar code */         \
    static void C##_fold_ref(AFF *want, uint8_t *wid, const AFF *q, size_t m) {              \
        const pasta_ops *o = scalar_ops();                                                   \
        for (size_t j = 0; j < m; j++) {                                                     \
            JAC a, b;                                                                        \
            if (wid[j]) o->C->identity(&a);                                                  \
            else o->C->from_affine(&a, &want[j]);                                            \
            if (q != NULL) {                                                                 \
                o->C->from_affine(&b, &q[j]);                                                \
                o->C->add_var(&a, &a, &b);                                                   \
            } else {                                                                         \
                o->C->dbl_var(&a, &a);                                                       \
            }                                                                                \
            wid[j] = (uint8_t)o->C->is_identity(&a);                                         \
            if (!wid[j]) o->C->to_affine_var(&want[j], &a);                                  \
        }                                                                                    \
    }                                                                                        \
    static void C##_jfold_check(const AFF *want, const uint8_t *wid,                         \
                                const pasta_ifma_jpt8 *L, const uint8_t *lid, size_t m,      \
                                const char *what) {                                          \
        const pasta_ops *o = scalar_ops();                                                   \
        JAC *got = malloc(m * sizeof(JAC));                                                  \
        cr_assert(got);                                                                      \
        pasta_ifma_##F##_jfold_store(got, L, m);                                             \
        for (size_t j = 0; j < m; j++) {                                                     \
            int id = (lid[j / 8] >> (j % 8)) & 1;                                            \
            cr_assert_eq(id, wid[j], #C " %s m=%zu j=%zu: identity flag", what, m, j);       \
            if (id) continue;                                                                \
            AFF a;                                                                           \
            cr_assert(o->C->is_on_curve(&got[j]), #C " %s m=%zu j=%zu: off the curve", what, \
                      m, j);                                                                 \
            o->C->to_affine_var(&a, &got[j]);                                                \
            cr_assert(memcmp(&a, &want[j], sizeof(AFF)) == 0,                                \
                      #C " %s m=%zu j=%zu: differs from the scalar sum", what, m, j);        \
        }                                                                                    \
        free(got);                                                                           \
    }                                                                                        \
    static void C##_jfold_lanes(size_t m, tu_rng *r) {                                       \
        const pasta_ops *o = scalar_ops();                                                   \
        size_t nv = (m + 7) / 8;                                                             \
        pasta_ifma_jpt8 *L = aligned_alloc(64, nv * sizeof *L);                              \
        AFF *q = malloc(m * sizeof(AFF)), *want = malloc(m * sizeof(AFF));                   \
        uint8_t *lid = malloc(nv), *wid = malloc(m);                                         \
        cr_assert(L &&q &&want &&lid &&wid);                                                 \
        memset(L, 0, nv * sizeof *L);                                                        \
        memset(lid, 0xff, nv);                                                               \
        memset(wid, 1, m);                                                                   \
        for (size_t j = 0; j < m; j++) C##_random(&q[j], r);                                 \
        pasta_ifma_##F##_jfold_add(L, lid, q, m);                                            \
        C##_fold_ref(want, wid, q, m);                                                       \
        C##_jfold_check(want, wid, L, lid, m, "first addition");                             \
        pasta_ifma_##F##_jfold_dbl(L, m);                                                    \
        C##_fold_ref(want, wid, NULL, m);                                                    \
        C##_jfold_check(want, wid, L, lid, m, "doubling (Z != 1)");                          \
        for (size_t j = 0; j < m; j++) {                                                     \
            int kind = (int)(tu_next(r) % 4);                                                \
            if (kind == 0) q[j] = want[j];                                                   \
            else if (kind == 1) o->C->affine_neg(&q[j], &want[j]);                           \
            else C##_random(&q[j], r);                                                       \
        }                                                                                    \
        pasta_ifma_##F##_jfold_add(L, lid, q, m);                                            \
        C##_fold_ref(want, wid, q, m);                                                       \
        C##_jfold_check(want, wid, L, lid, m, "P + P, P + (-P), P + Q");                     \
        pasta_ifma_##F##_jfold_dbl(L, m);                                                    \
        C##_fold_ref(want, wid, NULL, m);                                                    \
        C##_jfold_check(want, wid, L, lid, m, "doubling");                                   \
        for (size_t j = 0; j < m; j++) C##_random(&q[j], r);                                 \
        pasta_ifma_##F##_jfold_add(L, lid, q, m);                                            \
        C##_fold_ref(want, wid, q, m);                                                       \
        C##_jfold_check(want, wid, L, lid, m, "identity takes q");                           \
        free(L);                                                                             \
        free(q);                                                                             \
        free(want);                                                                          \
        free(lid);                                                                           \
        free(wid);                                                                           \
    }
CURVE_TEST(pallas, pasta_pallas_affine, pasta_pallas_jacobian, fp, fq)
CURVE_TEST(vesta, pasta_vesta_affine, pasta_vesta_jacobian, fq, fp)
JFOLD_TEST(pallas, pasta_pallas_affine, pasta_pallas_jacobian, fp)
JFOLD_TEST(vesta, pasta_vesta_affine, pasta_vesta_jacobian, fq)

Test(ifma_msm, batch_aadd) {
    SKIP_WITHOUT_IFMA("test_ifma_msm");
    tu_rng r;
    tu_rng_init(&r, 77);
    static const size_t big[] = {63, 64, 65, 511, 512};
    for (size_t m = 1; m <= 40; m++) {
        pallas_batch(m, &r);
        vesta_batch(m, &r);
    }
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        pallas_batch(big[i], &r);
        vesta_batch(big[i], &r);
    }
}

Test(ifma_msm, batch_aadd_doublings) {
    SKIP_WITHOUT_IFMA("test_ifma_msm");
    tu_rng r;
    tu_rng_init(&r, 78);
    static const size_t sizes[] = {1, 2, 7, 8, 9, 15, 16, 17, 31, 33, 63, 64, 65, 511, 512};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        pallas_dbl_batch(sizes[i], &r);
        vesta_dbl_batch(sizes[i], &r);
    }
}

Test(ifma_msm, jfold_lanes) {
    SKIP_WITHOUT_IFMA("test_ifma_msm");
    tu_rng r;
    tu_rng_init(&r, 80);
    static const size_t sizes[] = {1,  2,  7,  8,  9,   15,  16,  17,
                                   24, 33, 64, 65, 127, 128, 511, 512};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        pallas_jfold_lanes(sizes[i], &r);
        vesta_jfold_lanes(sizes[i], &r);
    }
}
