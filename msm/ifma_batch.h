/* pasta — the MSM's batch-affine bucket additions on AVX-512 IFMA, 8 additions per vector
 * (the lane kernels of fields/x86_64_ifma.h; needs PASTA_X86_64_IFMA and, at run time,
 * AVX512F + AVX512IFMA). Variable time: public points (the `_var` contract of msm/).
 *
 * pasta_ifma_F_batch_aadd(abk, e, m, inv8): for j < m, slot abk[e_j.b] += (+-)src_j, the
 * same as the scalar flush of msm/bucket_impl.h: the slots e_j.b distinct, every slot and
 * source a non-identity affine point (x, y: 8 words, the API's Montgomery form,
 * canonical); e_j.s bit NEG negates the source; the kernel sets bit DBL (P + P) or CANCEL
 * (P + (-P): the slot's value is then left as it was, the caller empties it) and writes
 * the other slots canonical, so byte for byte the scalar result.
 * pasta_ifma_F_jfold_dbl, _jfold_add, _jfold_store: the generator fold's chain
 * (msm/fold_impl.h) on Jacobian accumulators that stay in lanes (below).
 *
 * Domain. A lane value v stands for the field element v / R' (R' = 2^260, F_mul's
 * domain), so an API value x R loads as x / 16 (written ~x), and a value stored as it is
 * is read back as x R: a result ~x3 computed in the R' domain is already in the API form.
 * The slope scales out: lambda = (~qy - ~ay) / (~qx - ~ax). With mu = lambda / 4:
 *   ~x3 = x3 / 16 = mu^2 - ~ax - ~qx,   ~y3 = lambda (~ax - ~x3) - ~ay = mu 4 (~ax - ~x3) - ~ay
 * (the textbook affine addition, x3 = lambda^2 - ax - qx, y3 = lambda (ax - x3) - ay).
 * mu = N / D with N = ~qy - ~ay, D = 4 (~qx - ~ax); for P + P (lambda = 3 x^2 / (2 y)),
 * mu = 6 ~ax^2 / ~ay: N = 6 ~ax^2, D = ~ay (y != 0: no 2-torsion on a prime-order curve).
 * D of a cancelled or absent lane is 1.
 *
 * Montgomery's trick lane-wise: vector k holds entries 8k..8k+7; 16 independent prefix
 * chains (lane i of the even vectors, of the odd ones), joined lane-wise; the eight lane
 * products go to inv8 (the caller's scalar batch inversion of 8 API-form values, all
 * nonzero): for the lane value v, read as the API element v / R, it gives R^2 / v, and
 * the R' domain inverse is R'^2 / v = 256 R^2 / v (eight doublings).
 * Bounds: every value stays weakly reduced (< 2m): loads are canonical, add and sub are
 * mod 2m, F_mul of two values < 2m is < 2m (x86_64_ifma.h); results are reduced before
 * the store. 5M + 1S per addition and 1M per entry of the chain, as the scalar flush.
 *
 * Points move as whole 64-byte slots: eight zmm loads, an 8 x 8 word transpose (the
 * x and y halves, then fields/x86_64_ifma.h's radix change), the reverse for the store. */
#ifndef PASTA_MSM_IFMA_BATCH_H
#define PASTA_MSM_IFMA_BATCH_H

#include "fields/x86_64_ifma.h"
#include "msm/common.h"

#if defined(PASTA_X86_64_IFMA) && defined(__x86_64__)

/* An entry of the batch: layout of msm/bucket_impl.h's CV(msm_pend). */
typedef struct {
    const void *src;
    uint32_t b, s;
} pasta_ifma_pend;

/* Most vectors of a batch (PASTA_MSM_BATCH_MAX entries). */
#define PASTA_IFMA_BATCH_VECS ((PASTA_MSM_BATCH_MAX + 7) / 8)

/* The 8 points p[0..7] (64 bytes each: x, y) -> lanes of x and y. */
PASTA_IFMA_INLINE void pasta_ifma_gather_pts_(pasta_ifma_v8 *x, pasta_ifma_v8 *y,
                                              uint64_t *const p[8]) {
    __m512i z[8];
    for (int i = 0; i < 8; i++) z[i] = _mm512_loadu_si512(p[i]);
    if (x != NULL)
        pasta_ifma_from_words_(x, _mm512_shuffle_i64x2(z[0], z[1], 0x44),
                               _mm512_shuffle_i64x2(z[2], z[3], 0x44),
                               _mm512_shuffle_i64x2(z[4], z[5], 0x44),
                               _mm512_shuffle_i64x2(z[6], z[7], 0x44), 0, 0);
    if (y != NULL)
        pasta_ifma_from_words_(y, _mm512_shuffle_i64x2(z[0], z[1], 0xee),
                               _mm512_shuffle_i64x2(z[2], z[3], 0xee),
                               _mm512_shuffle_i64x2(z[4], z[5], 0xee),
                               _mm512_shuffle_i64x2(z[6], z[7], 0xee), 0, 0);
}

/* Lanes of x and y (canonical) -> the points p[i] for the lanes i of k. */
PASTA_IFMA_INLINE void pasta_ifma_scatter_pts_(uint64_t *const p[8], const pasta_ifma_v8 *x,
                                               const pasta_ifma_v8 *y, unsigned k) {
    __m512i zx[4], zy[4];
    pasta_ifma_to_words_(zx, x, 0);
    pasta_ifma_to_words_(zy, y, 0);
    for (int r = 0; r < 4; r++) {
        if (k & (1u << (2 * r)))
            _mm512_storeu_si512(p[2 * r], _mm512_shuffle_i64x2(zx[r], zy[r], 0x44));
        if (k & (2u << (2 * r)))
            _mm512_storeu_si512(p[2 * r + 1], _mm512_shuffle_i64x2(zx[r], zy[r], 0xee));
    }
}

/* Lanes where a == 0 mod m (a < 2m). */
PASTA_IFMA_INLINE __mmask8 pasta_ifma_is_zero_(const pasta_ifma_v8 *a,
                                               const pasta_ifma_consts *K) {
    pasta_ifma_v8 t;
    pasta_ifma_reduce_(&t, a, K);
    __m512i o = _mm512_or_si512(_mm512_or_si512(t.l[0], t.l[1]),
                                _mm512_or_si512(_mm512_or_si512(t.l[2], t.l[3]), t.l[4]));
    return _mm512_cmpeq_epi64_mask(o, _mm512_setzero_si512());
}

/* Lanes where a == b mod m (a, b < 2m). */
PASTA_IFMA_INLINE __mmask8 pasta_ifma_eq_(const pasta_ifma_v8 *a, const pasta_ifma_v8 *b,
                                          const pasta_ifma_consts *K) {
    pasta_ifma_v8 d;
    pasta_ifma_submod_(&d, a, b, K->m2);
    return pasta_ifma_is_zero_(&d, K);
}

/* The addresses of vector k's slots and sources (absent lanes: entry 0's, masked off). */
PASTA_IFMA_INLINE unsigned pasta_ifma_lanes_(uint64_t *ap[8], uint64_t *qp[8], __mmask8 *neg,
                                             uint64_t *abk, const pasta_ifma_pend *e, size_t m,
                                             size_t k) {
    size_t j0 = 8 * k, n = m - j0 < 8 ? m - j0 : 8;
    unsigned ng = 0;
    for (size_t i = 0; i < 8; i++) {
        const pasta_ifma_pend *f = &e[i < n ? j0 + i : 0];
        ap[i] = abk + 8 * (size_t)f->b;
        qp[i] = (uint64_t *)(uintptr_t)f->src; /* read only */
        ng |= (f->s & PASTA_MSM_PEND_NEG) << i;
    }
    *neg = (__mmask8)ng;
    return (1u << n) - 1;
}

/* The batch's state: per vector k, the prefix product of its chain (pre), D (den), the
 * lanes to store (keep: present, not cancelled), the P + P lanes (dbl) and the P + (-P)
 * lanes (cancel: the fold's lanes only). */
typedef struct {
    pasta_ifma_v8 pre[PASTA_IFMA_BATCH_VECS], den[PASTA_IFMA_BATCH_VECS];
    __mmask8 keep[PASTA_IFMA_BATCH_VECS], dbl[PASTA_IFMA_BATCH_VECS];
    __mmask8 cancel[PASTA_IFMA_BATCH_VECS];
} pasta_ifma_batch_;

/* What the passes of one batch read: the MSM's slots and entries. */
typedef struct {
    uint64_t *abk;
    pasta_ifma_pend *e;
    size_t m;
    const pasta_ifma_consts *K;
} pasta_ifma_job_;
/* Pass 1 or 2 on vector k of a batch. */
typedef void (*pasta_ifma_pass_fn_)(pasta_ifma_batch_ *B, pasta_ifma_v8 *acc, int first,
                                    const pasta_ifma_job_ *J, size_t k);

/* D of vector k's additions (ap[i] += (+-)qp[i]; neg: the negated sources), for the
 * lanes of *valid: 4 (~qx - ~ax), or for equal x ~ay (P + P: flag DBL, the lane's bit
 * returned) or none (P + (-P): flag CANCEL, the lane dropped from *valid). */
PASTA_IFMA_INLINE __mmask8 pasta_ifma_add_den_(pasta_ifma_v8 *d, __mmask8 *valid,
                                               uint64_t *const ap[8], uint64_t *const qp[8],
                                               __mmask8 neg, pasta_ifma_pend *e, size_t k,
                                               const pasta_ifma_consts *K) {
    const uint64_t *M2 = K->m2;
    pasta_ifma_v8 ax, qx;
    __mmask8 dbl = 0;
    pasta_ifma_gather_pts_(&ax, NULL, ap);
    pasta_ifma_gather_pts_(&qx, NULL, qp);
    pasta_ifma_submod_(d, &qx, &ax, M2);
    __mmask8 z = pasta_ifma_is_zero_(d, K) & *valid;
    pasta_ifma_addmod_(d, d, d, M2);
    pasta_ifma_addmod_(d, d, d, M2);
    if (z) { /* equal x: P + P (D = ~ay) or P + (-P) (D = 1) */
        pasta_ifma_v8 ay, qy, nqy;
        pasta_ifma_gather_pts_(NULL, &ay, ap);
        pasta_ifma_gather_pts_(NULL, &qy, qp);
        for (int j = 0; j < 5; j++) nqy.l[j] = _mm512_setzero_si512();
        pasta_ifma_submod_(&nqy, &nqy, &qy, M2);
        pasta_ifma_select(&qy, neg, &qy, &nqy);
        dbl = pasta_ifma_eq_(&qy, &ay, K) & z;
        pasta_ifma_select(d, dbl, d, &ay);
        for (unsigned i = 0; i < 8; i++)
            if (z & (1u << i))
                e[8 * k + i].s |= (dbl & (1u << i)) ? PASTA_MSM_PEND_DBL
                                                    : PASTA_MSM_PEND_CANCEL;
        *valid &= (__mmask8) ~(z & ~dbl);
    }
    return dbl;
}

/* Pass 1 on vector k: D, the flags, the chain acc (first: the chain's first vector). */
/* Pass 1's end on vector k: D = 1 outside valid, the masks, the chain. */
PASTA_IFMA_INLINE void pasta_ifma_pass1_end_(pasta_ifma_batch_ *B, pasta_ifma_v8 *acc,
                                             int first, size_t k, pasta_ifma_v8 *d,
                                             __mmask8 valid, __mmask8 dbl,
                                             const pasta_ifma_consts *K) {
    pasta_ifma_v8 one;
    one.l[0] = PASTA_IFMA_B(1);
    for (int j = 1; j < 5; j++) one.l[j] = _mm512_setzero_si512();
    pasta_ifma_select(d, valid, &one, d);
    B->den[k] = *d;
    B->keep[k] = valid;
    B->dbl[k] = dbl;
    if (first) {
        *acc = *d;
    } else {
        B->pre[k] = *acc;
        pasta_ifma_mul_(acc, acc, d, K);
    }
}

PASTA_IFMA_TARGET __attribute__((noinline)) static void pasta_ifma_pass1_(
    pasta_ifma_batch_ *B, pasta_ifma_v8 *acc, int first, const pasta_ifma_job_ *J, size_t k) {
    uint64_t *ap[8], *qp[8];
    __mmask8 neg, dbl;
    __mmask8 valid = (__mmask8)pasta_ifma_lanes_(ap, qp, &neg, J->abk, J->e, J->m, k);
    pasta_ifma_v8 d;
    dbl = pasta_ifma_add_den_(&d, &valid, ap, qp, neg, J->e, k, J->K);
    pasta_ifma_pass1_end_(B, acc, first, k, &d, valid, dbl, J->K);
}

/* Pass 2 on vector k: acc = 1 / (the chain's D up to k) on entry, up to k - 1 on exit. */
/* Pass 2's start on vector k: di = 1 / D[k] from acc, acc stepped back over D[k]. */
PASTA_IFMA_INLINE void pasta_ifma_pass2_inv_(pasta_ifma_v8 *di, pasta_ifma_v8 *acc, int first,
                                             const pasta_ifma_batch_ *B, size_t k,
                                             const pasta_ifma_consts *K) {
    if (!first) {
        pasta_ifma_mul_(di, acc, &B->pre[k], K);
        pasta_ifma_mul_(acc, acc, &B->den[k], K);
    } else {
        *di = *acc;
    }
}

/* The sum from mu (x3 = mu^2 - ax - qx, y3 = 4 mu (ax - x3) - ay: the header), weakly
 * reduced. */
PASTA_IFMA_INLINE void pasta_ifma_sum_(pasta_ifma_v8 *x3, pasta_ifma_v8 *y3,
                                       const pasta_ifma_v8 *mu, const pasta_ifma_v8 *ax,
                                       const pasta_ifma_v8 *ay, const pasta_ifma_v8 *qx,
                                       const pasta_ifma_consts *K) {
    const uint64_t *M2 = K->m2;
    pasta_ifma_v8 t;
    pasta_ifma_sqr_(x3, mu, K);
    pasta_ifma_submod_(x3, x3, ax, M2);
    pasta_ifma_submod_(x3, x3, qx, M2);
    pasta_ifma_submod_(&t, ax, x3, M2);
    pasta_ifma_addmod_(&t, &t, &t, M2);
    pasta_ifma_addmod_(&t, &t, &t, M2);
    pasta_ifma_mul_(&t, mu, &t, K);
    pasta_ifma_submod_(y3, &t, ay, M2);
}

/* N = 6 ~ax^2 (P + P). */
PASTA_IFMA_INLINE void pasta_ifma_tangent_num_(pasta_ifma_v8 *n, const pasta_ifma_v8 *ax,
                                               const pasta_ifma_consts *K) {
    pasta_ifma_v8 t;
    pasta_ifma_sqr_(&t, ax, K);
    pasta_ifma_addmod_(n, &t, &t, K->m2);
    pasta_ifma_addmod_(n, n, &t, K->m2);
    pasta_ifma_addmod_(n, n, n, K->m2);
}

PASTA_IFMA_TARGET __attribute__((noinline)) static void pasta_ifma_pass2_(
    pasta_ifma_batch_ *B, pasta_ifma_v8 *acc, int first, const pasta_ifma_job_ *J, size_t k) {
    uint64_t *ap[8], *qp[8];
    __mmask8 neg;
    (void)pasta_ifma_lanes_(ap, qp, &neg, J->abk, J->e, J->m, k);
    const pasta_ifma_consts *K = J->K;
    const uint64_t *M2 = K->m2;
    pasta_ifma_v8 ax, ay, qx, qy, t, n, mu, x3, di;
    pasta_ifma_gather_pts_(&ax, &ay, ap);
    pasta_ifma_gather_pts_(&qx, &qy, qp);
    pasta_ifma_pass2_inv_(&di, acc, first, B, k, K);
    for (int j = 0; j < 5; j++) t.l[j] = _mm512_setzero_si512();
    pasta_ifma_submod_(&t, &t, &qy, M2);
    pasta_ifma_select(&qy, neg, &qy, &t);
    pasta_ifma_submod_(&n, &qy, &ay, M2);
    if (B->dbl[k]) { /* N = 6 ~ax^2 */
        pasta_ifma_v8 s3;
        pasta_ifma_tangent_num_(&s3, &ax, K);
        pasta_ifma_select(&n, B->dbl[k], &n, &s3);
    }
    pasta_ifma_mul_(&mu, &n, &di, K);
    pasta_ifma_sum_(&x3, &t, &mu, &ax, &ay, &qx, K);
    pasta_ifma_reduce_(&x3, &x3, K);
    pasta_ifma_reduce_(&t, &t, K);
    pasta_ifma_scatter_pts_(ap, &x3, &t, B->keep[k]);
}

/* A batch of nv vectors: pass 1 on each, the inversion, pass 2 from the last. Two chains
 * (vector k in chain k % 2: two products in flight on the chains' critical paths), joined
 * for the one inversion: 1 / (a0 a1) times a1, resp. a0. */
PASTA_IFMA_INLINE void pasta_ifma_batch_run_(pasta_ifma_batch_ *B, size_t nv,
                                             pasta_ifma_pass_fn_ pass1,
                                             pasta_ifma_pass_fn_ pass2,
                                             const pasta_ifma_job_ *J,
                                             void (*inv8)(uint64_t v[32])) {
    const pasta_ifma_consts *K = J->K;
    pasta_ifma_v8 a0, a1, p;
    size_t k;
    a1.l[0] = PASTA_IFMA_B(1); /* nv = 1: chain 1 is empty, its product 1 */
    for (int j = 1; j < 5; j++) a1.l[j] = _mm512_setzero_si512();
    for (k = 0; k + 2 <= nv; k += 2) {
        pass1(B, &a0, k == 0, J, k);
        pass1(B, &a1, k == 0, J, k + 1);
    }
    if (k < nv) pass1(B, &a0, k == 0, J, k);
    /* the eight lane inverses of a0 a1, R' domain (the header: 256 R^2 / v) */
    pasta_ifma_mul_(&p, &a0, &a1, K);
    {
        uint64_t w[32];
        pasta_ifma_reduce_(&p, &p, K);
        pasta_ifma_store_raw_(w, &p, 0);
        inv8(w);
        pasta_ifma_load_(&p, w, 0, 0);
        for (int i = 0; i < 8; i++) pasta_ifma_addmod_(&p, &p, &p, K->m2);
    }
    pasta_ifma_v8 i0, i1;
    pasta_ifma_mul_(&i0, &p, &a1, K);
    pasta_ifma_mul_(&i1, &p, &a0, K);
    k = nv;
    if (k & 1) {
        k--;
        pass2(B, &i0, k == 0, J, k);
    }
    while (k >= 2) {
        k -= 2;
        pass2(B, &i1, k == 0, J, k + 1);
        pass2(B, &i0, k == 0, J, k);
    }
}

PASTA_IFMA_INLINE void pasta_ifma_batch_aadd_(uint64_t *abk, pasta_ifma_pend *e, size_t m,
                                              void (*inv8)(uint64_t v[32]),
                                              const pasta_ifma_consts *K) {
    pasta_ifma_batch_ B;
    pasta_ifma_job_ J = {abk, e, m, K};
    pasta_ifma_batch_run_(&B, (m + 7) / 8, pasta_ifma_pass1_, pasta_ifma_pass2_, &J, inv8);
}

/* Lanes of vector k below m. */
PASTA_IFMA_INLINE __mmask8 pasta_ifma_live_(size_t m, size_t k) {
    size_t n = m - 8 * k;
    return (__mmask8)(n >= 8 ? 0xff : (1u << n) - 1);
}

/* The addends q[8k..8k+7] (API points, 8 words each; absent lanes: q[0]'s). */
PASTA_IFMA_INLINE void pasta_ifma_fold_q_(pasta_ifma_v8 *qx, pasta_ifma_v8 *qy,
                                          const uint64_t *q, size_t m, size_t k) {
    uint64_t *qp[8];
    for (size_t i = 0; i < 8; i++) {
        size_t j = 8 * k + i;
        qp[i] = (uint64_t *)(uintptr_t)(q + 8 * (j < m ? j : 0)); /* read only */
    }
    pasta_ifma_gather_pts_(qx, qy, qp);
}

/* ---- The generator fold's chain in Jacobian lanes (msm/fold_impl.h): the accumulators of
 * a block stay in lanes from the first digit to the last, so a step loads and stores no
 * accumulator, and pays no inversion (an affine chain, batch-affine steps, pays a scalar
 * inversion per doubling and per addition, a fixed cost per block that a small block
 * cannot spread; at 1024 points it was 5% slower, 11% at 256). L[v] holds points
 * 8v..8v+7; aid[v] the lanes that are the identity (the lanes past m stay so: never
 * added to, never stored). Lanes hold the exact elements (R' domain, weakly
 * reduced, < 2m), X, Y, Z for the point (X / Z^2, Y / Z^3): an addend as loaded, ~q = q
 * / 16 (the header), is doubled four times; the store multiplies by the lane value 2^256
 * mod m (the element 1 / 16), which gives the API form. Doubling dbl-2009-l (a = 0; 2M +
 * 5S), mixed addition madd-2007-bl (7M + 4S), both from the Explicit-Formulas Database
 * (hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html). aid: the identity lanes (Z =
 * 0 there too: a doubling keeps it 0, so a doubling needs no case). */
struct pasta_ifma_jpt8_ {
    pasta_ifma_v8 x, y, z;
};
typedef struct pasta_ifma_jpt8_ pasta_ifma_jpt8;

/* r = 2a (r may be a). */
PASTA_IFMA_INLINE void pasta_ifma_jdbl_(pasta_ifma_jpt8 *r, const pasta_ifma_jpt8 *a,
                                        const pasta_ifma_consts *K) {
    const uint64_t *M2 = K->m2;
    pasta_ifma_v8 A, B, C, D, E, F, t;
    pasta_ifma_sqr_(&A, &a->x, K);
    pasta_ifma_sqr_(&B, &a->y, K);
    pasta_ifma_sqr_(&C, &B, K);
    pasta_ifma_addmod_(&t, &a->x, &B, M2);
    pasta_ifma_sqr_(&D, &t, K);
    pasta_ifma_submod_(&D, &D, &A, M2);
    pasta_ifma_submod_(&D, &D, &C, M2);
    pasta_ifma_addmod_(&D, &D, &D, M2); /* D = 2 ((X + B)^2 - A - C) */
    pasta_ifma_addmod_(&E, &A, &A, M2);
    pasta_ifma_addmod_(&E, &E, &A, M2); /* E = 3A */
    pasta_ifma_sqr_(&F, &E, K);
    pasta_ifma_mul_(&t, &a->y, &a->z, K);
    pasta_ifma_addmod_(&r->z, &t, &t, M2); /* Z3 = 2 Y Z */
    pasta_ifma_submod_(&r->x, &F, &D, M2);
    pasta_ifma_submod_(&r->x, &r->x, &D, M2); /* X3 = F - 2D */
    pasta_ifma_submod_(&t, &D, &r->x, M2);
    pasta_ifma_mul_(&t, &E, &t, K);
    pasta_ifma_addmod_(&C, &C, &C, M2);
    pasta_ifma_addmod_(&C, &C, &C, M2);
    pasta_ifma_addmod_(&C, &C, &C, M2);
    pasta_ifma_submod_(&r->y, &t, &C, M2); /* Y3 = E (D - X3) - 8C */
}

/* a += (qx, qy) (exact elements) on the lanes `valid` (a not the identity there); lanes
 * where a = q are doubled instead, those where a = -q become the identity (Z3 = 0) and
 * are returned. The other lanes get values of no meaning. */
PASTA_IFMA_INLINE __mmask8 pasta_ifma_jmadd_(pasta_ifma_jpt8 *a, const pasta_ifma_v8 *qx,
                                             const pasta_ifma_v8 *qy, __mmask8 valid,
                                             const pasta_ifma_consts *K) {
    const uint64_t *M2 = K->m2;
    pasta_ifma_v8 z1z1, u2, s2, h, hh, i4, j, r, v, t;
    pasta_ifma_sqr_(&z1z1, &a->z, K);
    pasta_ifma_mul_(&u2, qx, &z1z1, K);
    pasta_ifma_mul_(&s2, &a->z, &z1z1, K);
    pasta_ifma_mul_(&s2, qy, &s2, K);
    pasta_ifma_submod_(&h, &u2, &a->x, M2);
    pasta_ifma_submod_(&r, &s2, &a->y, M2);
    __mmask8 hz = pasta_ifma_is_zero_(&h, K) & valid, dbl = 0, cancel = 0;
    pasta_ifma_jpt8 d = {0};
    if (hz) { /* equal x: a = q (a doubling) or a = -q */
        dbl = pasta_ifma_is_zero_(&r, K) & hz;
        cancel = hz & (__mmask8)~dbl;
        if (dbl) pasta_ifma_jdbl_(&d, a, K);
    }
    pasta_ifma_addmod_(&r, &r, &r, M2); /* r = 2 (S2 - Y1) */
    pasta_ifma_sqr_(&hh, &h, K);
    pasta_ifma_addmod_(&i4, &hh, &hh, M2);
    pasta_ifma_addmod_(&i4, &i4, &i4, M2); /* I = 4 HH */
    pasta_ifma_mul_(&j, &h, &i4, K);
    pasta_ifma_mul_(&v, &a->x, &i4, K);
    pasta_ifma_addmod_(&t, &a->z, &h, M2);
    pasta_ifma_sqr_(&t, &t, K);
    pasta_ifma_submod_(&t, &t, &z1z1, M2);
    pasta_ifma_submod_(&a->z, &t, &hh, M2); /* Z3 = (Z1 + H)^2 - Z1Z1 - HH */
    pasta_ifma_mul_(&t, &a->y, &j, K);
    pasta_ifma_addmod_(&t, &t, &t, M2); /* 2 Y1 J */
    pasta_ifma_sqr_(&a->x, &r, K);
    pasta_ifma_submod_(&a->x, &a->x, &j, M2);
    pasta_ifma_submod_(&a->x, &a->x, &v, M2);
    pasta_ifma_submod_(&a->x, &a->x, &v, M2); /* X3 = r^2 - J - 2V */
    pasta_ifma_submod_(&v, &v, &a->x, M2);
    pasta_ifma_mul_(&v, &r, &v, K);
    pasta_ifma_submod_(&a->y, &v, &t, M2); /* Y3 = r (V - X3) - 2 Y1 J */
    if (dbl) {
        pasta_ifma_select(&a->x, dbl, &a->x, &d.x);
        pasta_ifma_select(&a->y, dbl, &a->y, &d.y);
        pasta_ifma_select(&a->z, dbl, &a->z, &d.z);
    }
    return cancel;
}

/* One chain step on the lanes of m points: a = 2a. */
PASTA_IFMA_INLINE void pasta_ifma_jfold_dbl_(pasta_ifma_jpt8 *L, size_t m,
                                             const pasta_ifma_consts *K) {
    for (size_t k = 0; 8 * k < m; k++) pasta_ifma_jdbl_(&L[k], &L[k], K);
}

/* One chain step: a += q[j] (API points, none the identity); identity lanes take q. */
PASTA_IFMA_INLINE void pasta_ifma_jfold_add_(pasta_ifma_jpt8 *L, uint8_t *aid, const void *q,
                                             size_t m, const pasta_ifma_consts *K) {
    pasta_ifma_v8 one;
    pasta_ifma_set1_raw_(&one, K->r256);
    for (int i = 0; i < 4; i++) pasta_ifma_addmod_(&one, &one, &one, K->m2);
    for (size_t k = 0; 8 * k < m; k++) {
        pasta_ifma_v8 qx, qy;
        pasta_ifma_fold_q_(&qx, &qy, (const uint64_t *)q, m, k);
        for (int i = 0; i < 4; i++) {
            pasta_ifma_addmod_(&qx, &qx, &qx, K->m2);
            pasta_ifma_addmod_(&qy, &qy, &qy, K->m2);
        }
        __mmask8 live = pasta_ifma_live_(m, k), take = live & aid[k];
        __mmask8 cancel = pasta_ifma_jmadd_(&L[k], &qx, &qy, live & (__mmask8)~aid[k], K);
        pasta_ifma_select(&L[k].x, take, &L[k].x, &qx);
        pasta_ifma_select(&L[k].y, take, &L[k].y, &qy);
        pasta_ifma_select(&L[k].z, take, &L[k].z, &one);
        aid[k] = (uint8_t)((aid[k] & ~take) | cancel);
    }
}

/* The lanes -> Jacobian points out[j] (API form, canonical; 12 words each), j < m;
 * identity lanes as they are (the caller writes those). */
PASTA_IFMA_INLINE void pasta_ifma_jfold_store_(void *out, const pasta_ifma_jpt8 *L, size_t m,
                                               const pasta_ifma_consts *K) {
    pasta_ifma_v8 c16, t;
    pasta_ifma_set1_raw_(&c16, K->r256);
    uint64_t w[3][32], *o = (uint64_t *)out;
    for (size_t k = 0; 8 * k < m; k++) {
        const pasta_ifma_v8 *c[3] = {&L[k].x, &L[k].y, &L[k].z};
        for (int a = 0; a < 3; a++) {
            pasta_ifma_mul_(&t, c[a], &c16, K);
            pasta_ifma_reduce_(&t, &t, K);
            pasta_ifma_store_raw_(w[a], &t, 0);
        }
        for (size_t i = 0; i < 8 && 8 * k + i < m; i++)
            for (int a = 0; a < 3; a++) memcpy(o + 12 * (8 * k + i) + 4 * a, w[a] + 4 * i, 32);
    }
}

#define PASTA_IFMA_MSM_FIELD(F)                                                          \
    PASTA_IFMA_TARGET                                                                    \
    __attribute__((noinline, unused)) static void pasta_ifma_##F##_batch_aadd(           \
        uint64_t *abk, pasta_ifma_pend *e, size_t m, void (*inv8)(uint64_t v[32])) {     \
        if (m > 0) pasta_ifma_batch_aadd_(abk, e, m, inv8, &pasta_ifma_##F##_consts);    \
    }                                                                                    \
    PASTA_IFMA_TARGET                                                                    \
    __attribute__((noinline, unused)) static void pasta_ifma_##F##_jfold_dbl(void *L,    \
                                                                             size_t m) { \
        pasta_ifma_jfold_dbl_(L, m, &pasta_ifma_##F##_consts);                           \
    }                                                                                    \
    PASTA_IFMA_TARGET                                                                    \
    __attribute__((noinline, unused)) static void pasta_ifma_##F##_jfold_add(            \
        void *L, uint8_t *aid, const void *q, size_t m) {                                \
        pasta_ifma_jfold_add_(L, aid, q, m, &pasta_ifma_##F##_consts);                   \
    }                                                                                    \
    PASTA_IFMA_TARGET                                                                    \
    __attribute__((noinline, unused)) static void pasta_ifma_##F##_jfold_store(          \
        void *out, const void *L, size_t m) {                                            \
        pasta_ifma_jfold_store_(out, L, m, &pasta_ifma_##F##_consts);                    \
    }
PASTA_IFMA_MSM_FIELD(fp)
PASTA_IFMA_MSM_FIELD(fq)

#endif /* PASTA_X86_64_IFMA && __x86_64__ */
#endif /* PASTA_MSM_IFMA_BATCH_H */
