/* Template (core/for_each.h, PASTA_CURVE_TEMPLATE, via msm/msm_impl.h): the generator
 * fold of an inner-product argument, r[i] = lo[i] + [u] hi[i] for one public scalar u
 * (CV(fold_var), include/pasta/curve.h), on one curve (CURVE, FIELD, SCALAR) on one
 * backend. In msm/, the layer that runs threads, on the curve template's CV(glv_decompose),
 * CV(wnaf5), CV(madd_var), ... docs/CURVES.md has the measurements behind the choices.
 *
 * u is recoded once for all points: GLV, u = +-k1 +- k2 LAMBDA, and width-5 NAFs of k1 and
 * k2, so every point runs the same schedule of doublings and additions (digit d of k1:
 * add [d] P, of k2: add [d] endo(P)). That makes two paths:
 *   batch   (x86-64 asm and IFMA backends, n >= PASTA_FOLD_BATCH_<backend>) all points of a
 *           block in affine form, each step (one doubling or one addition for every point
 *           of the block) sharing one inversion by Montgomery's trick: an addition costs
 *           6M, a doubling 7M (as the Jacobian one), and the result is affine already.
 *           Tables of odd multiples [1, 3, .., 15] P are built the same way (only up to
 *           the largest digit of u). On the IFMA backend the tables are built so, 8
 *           points per vector (msm/ifma_batch.h, the MSM's batch-affine additions), and
 *           the chain runs in Jacobian lanes (no inversion per step; one batch
 *           normalisation per block).
 *   small   (portable backend, fewer points, or on asm fewer than twice that many on
 *           more than one thread) Jacobian chains per point (mixed additions), the
 *           tables and the results normalised by one batch inversion each, for all
 *           points of a task together.
 * Exceptional cases are checked in every step: an identity accumulator (before the first
 * digit, or after P + (-P)) takes the addend, equal x coordinates give a doubling (equal
 * y) or the identity (opposite y); identity hi[i] gives lo[i]; identity lo[i] adds
 * nothing. Affine outputs are unique, so the bytes do not depend on blocks or threads. */
#include <string.h>

#include "core/parallel.h"
#include "msm/common.h"

/* The shared recoding of u: u = (-1)^n1 k1 + (-1)^n2 k2 LAMBDA, k = sum d[i] 2^i (wNAF 5)
 * for k1 (d1) and k2 (d2), l the digit count of the longer, ntab the table entries the
 * largest |digit| needs. */
typedef struct {
    int8_t d1[129], d2[129];
    int l, n1, n2, ntab;
} CV(fold_rec);

typedef struct {
    AFF *r;
    const AFF *lo, *hi;
    size_t n, ntasks, block;
    const CV(fold_rec) *rec;
    uint8_t *scratch;
    size_t stride; /* bytes of scratch per task */
    int small;     /* the small path: per point scratch tj, ta, res */
    JAC *tj, *res;
    AFF *ta;
} CV(fold_ctx);

/* Scratch of one block of at most B points (offsets in CV(fold_stride)). */
typedef struct {
    uint32_t *idx; /* the block's points with hi != identity */
    AFF *acc, *q;  /* accumulators; the addends of the current step */
    AFF *t1;       /* t1[j B + k] = [2j + 1] P'_k */
    FE *t2x;       /* BETA t1[j B + k].x */
    FE *pre;       /* prefix products of the step's denominators */
    uint8_t *aid;  /* acc[k] is the identity */
    uint8_t *kind; /* PASTA_FOLD_SKIP, _ADD or _DBL */
#ifdef PASTA_IFMA_BACKEND
    pasta_ifma_jpt8 *lanes; /* the chain's accumulators in lanes (64-byte aligned) */
    uint8_t *lid;           /* their identity lanes, a mask per vector */
#endif
} CV(fold_scr);

PASTA_TFN size_t CV(fold_stride)(size_t b) {
    size_t r = pasta_msm_round64(b * sizeof(uint32_t)) +
               2 * pasta_msm_round64(b * sizeof(AFF)) +
               pasta_msm_round64(PASTA_FOLD_TAB * b * sizeof(AFF)) +
               pasta_msm_round64(PASTA_FOLD_TAB * b * sizeof(FE)) +
               pasta_msm_round64(b * sizeof(FE)) + 2 * pasta_msm_round64(b);
#ifdef PASTA_IFMA_BACKEND
    r += 64 + pasta_msm_round64((b + 7) / 8 * sizeof(pasta_ifma_jpt8)) + pasta_msm_round64(b);
#endif
    return r;
}

PASTA_TFN void CV(fold_scr_init)(CV(fold_scr) *s, uint8_t *p, size_t b) {
    s->idx = (uint32_t *)(void *)p;
    p += pasta_msm_round64(b * sizeof(uint32_t));
    s->acc = (AFF *)(void *)p;
    p += pasta_msm_round64(b * sizeof(AFF));
    s->q = (AFF *)(void *)p;
    p += pasta_msm_round64(b * sizeof(AFF));
    s->t1 = (AFF *)(void *)p;
    p += pasta_msm_round64(PASTA_FOLD_TAB * b * sizeof(AFF));
    s->t2x = (FE *)(void *)p;
    p += pasta_msm_round64(PASTA_FOLD_TAB * b * sizeof(FE));
    s->pre = (FE *)(void *)p;
    p += pasta_msm_round64(b * sizeof(FE));
    s->aid = p;
    s->kind = p + pasta_msm_round64(b);
#ifdef PASTA_IFMA_BACKEND
    p += 2 * pasta_msm_round64(b);
    s->lid = p;
    p += pasta_msm_round64(b);
    s->lanes = (pasta_ifma_jpt8 *)(void *)(((uintptr_t)p + 63) & ~(uintptr_t)63);
#endif
}

PASTA_TFN void CV(fold_recode)(CV(fold_rec) *rec, const SE *u) {
    uint64_t k1[2], k2[2];
    CV(glv_decompose)(k1, &rec->n1, k2, &rec->n2, u);
    int l1 = CV(wnaf5)(rec->d1, k1, 128), l2 = CV(wnaf5)(rec->d2, k2, 128), m = 0;
    rec->l = l1 > l2 ? l1 : l2;
    for (int i = 0; i < 129; i++) {
        int a = rec->d1[i] < 0 ? -rec->d1[i] : rec->d1[i];
        int b = rec->d2[i] < 0 ? -rec->d2[i] : rec->d2[i];
        if (a > m) m = a;
        if (b > m) m = b;
    }
    rec->ntab = (m + 1) / 2;
}

/* The cases of a fold step at point k that need no arithmetic: q[k] the identity (a[k]
 * stays), a[k] the identity (it takes q[k]; a doubling leaves it). 1 if it was one. */
PASTA_TFN int CV(fold_trivial)(AFF *a, uint8_t *aid, const AFF *q, size_t k) {
    if (q != NULL && CV(affine_is_identity)(&q[k])) return 1;
    if (!aid[k]) return 0;
    if (q != NULL) {
        a[k] = q[k];
        aid[k] = 0;
    }
    return 1;
}

#ifdef PASTA_IFMA_BACKEND
/* msm/ifma_batch.h's fold functions of this curve's base field */
#define PASTA_FOLD_IFMA(name) PASTA_CAT3(pasta_ifma_, FIELD, PASTA_CAT(_, name))
/* CV(fold_step) on IFMA lanes: the exceptional cases sorted out here as there, the rest
 * one batch of msm/ifma_batch.h (its entries in pre's storage: 16 bytes each, m <= the
 * block <= PASTA_MSM_BATCH_MAX). The same affine results, bytes and aid flags. */
_Static_assert(PASTA_FOLD_BLOCK <= PASTA_MSM_BATCH_MAX &&
                   sizeof(pasta_ifma_pend) <= sizeof(FE),
               "a block's batch of msm/ifma_batch.h fits the block's pre scratch");
PASTA_TFN void CV(fold_step_ifma)(AFF *a, uint8_t *aid, const AFF *q, FE *pre, size_t m) {
    pasta_ifma_pend *e = (pasta_ifma_pend *)(void *)pre;
    size_t n = 0;
    for (size_t k = 0; k < m; k++) {
        if (CV(fold_trivial)(a, aid, q, k)) continue;
        e[n].src = q != NULL ? &q[k] : &a[k];
        e[n].b = (uint32_t)k;
        e[n].s = 0;
        n++;
    }
    /* a doubling is a[k] + a[k]: the batch's P + P */
    PASTA_FOLD_IFMA(batch_aadd)((uint64_t *)(void *)a, e, n, CV(msm_inv8));
    for (size_t j = 0; j < n; j++)
        if (e[j].s & PASTA_MSM_PEND_CANCEL) aid[e[j].b] = 1; /* P + (-P) */
}
#endif

/* For k < m: a[k] += q[k] (q != NULL) or a[k] = 2 a[k] (q == NULL), in affine form with
 * one inversion (Montgomery's trick). aid[k] flags a[k] as the identity; q[k] may be the
 * identity (0, 0). Per point: 3M of the shared inversion, then 2M + 1S (addition) or
 * 2M + 2S (doubling). The prefix products run in 4 interleaved chains (point k in chain
 * k mod 4), so that consecutive points' multiplications do not wait for each other; the
 * 4 chain products are inverted together (one inversion, 9M). */
PASTA_TFN PASTA_MSM_KERNEL void CV(fold_step)(AFF *a, uint8_t *aid, const AFF *q, FE *pre,
                                              uint8_t *kind, size_t m) {
#ifdef PASTA_IFMA_BACKEND
    (void)kind;
    CV(fold_step_ifma)(a, aid, q, pre, m);
    return;
#endif
    FE acc[4] = {FC(ONE), FC(ONE), FC(ONE), FC(ONE)}, inv[4], den, t01, t23, t;
    size_t live = 0;
    for (size_t k = 0; k < m; k++) {
        kind[k] = PASTA_FOLD_SKIP;
        if (CV(fold_trivial)(a, aid, q, k)) continue;
        if (q == NULL) {
            F(dbl)(&den, &a[k].y); /* y != 0: no point of order 2 */
            kind[k] = PASTA_FOLD_DBL;
        } else {
            F(sub)(&den, &q[k].x, &a[k].x);
            if (F(is_zero)(&den)) {
                if (!F(eq)(&q[k].y, &a[k].y)) { /* P + (-P) */
                    aid[k] = 1;
                    continue;
                }
                F(dbl)(&den, &a[k].y);
                kind[k] = PASTA_FOLD_DBL;
            } else {
                kind[k] = PASTA_FOLD_ADD;
            }
        }
        pre[k] = acc[k & 3];
        F(mul)(&acc[k & 3], &acc[k & 3], &den);
        live++;
    }
    if (live == 0) return;
    /* inv[c] = 1 / acc[c] from one inversion of acc[0] acc[1] acc[2] acc[3] */
    F(mul)(&t01, &acc[0], &acc[1]);
    F(mul)(&t23, &acc[2], &acc[3]);
    F(mul)(&t, &t01, &t23);
    F(invert_var)(&t, &t);
    F(mul)(&t01, &t01, &t); /* 1 / (acc[2] acc[3]) */
    F(mul)(&t23, &t23, &t); /* 1 / (acc[0] acc[1]) */
    F(mul)(&inv[0], &t23, &acc[1]);
    F(mul)(&inv[1], &t23, &acc[0]);
    F(mul)(&inv[2], &t01, &acc[3]);
    F(mul)(&inv[3], &t01, &acc[2]);
    for (size_t k = m; k-- > 0;) {
        if (kind[k] == PASTA_FOLD_SKIP) continue;
        AFF *p = &a[k];
        FE *iv = &inv[k & 3];
        FE di, lam, num, x3;
        if (kind[k] == PASTA_FOLD_ADD) {
            F(sub)(&den, &q[k].x, &p->x);
            F(sub)(&num, &q[k].y, &p->y);
        } else {
            F(dbl)(&den, &p->y);
            F(sqr)(&num, &p->x);
            F(dbl)(&lam, &num);
            F(add)(&num, &num, &lam);
        }
        F(mul)(&di, iv, &pre[k]);
        F(mul)(iv, iv, &den);
        F(mul)(&lam, &num, &di);
        F(sqr)(&x3, &lam);
        F(sub)(&x3, &x3, &p->x);
        F(sub)(&x3, &x3, kind[k] == PASTA_FOLD_ADD ? &q[k].x : &p->x);
        F(sub)(&num, &p->x, &x3);
        F(mul)(&num, &num, &lam);
        F(sub)(&p->y, &num, &p->y);
        p->x = x3;
    }
}

/* q[k] = [d] P'_k (table 1) or [d] endo(P'_k) (table 2) for k < m, d odd, |d| < 16. */
PASTA_TFN void CV(fold_addend)(const CV(fold_scr) *s, const CV(fold_rec) *rec, size_t m,
                               size_t b, int d, int endo) {
    size_t j = (size_t)((d < 0 ? -d : d) / 2);
    const AFF *t = s->t1 + j * b;
    int neg = (d < 0) ^ (endo ? rec->n1 ^ rec->n2 : 0);
    for (size_t k = 0; k < m; k++) {
        s->q[k].x = endo ? s->t2x[j * b + k] : t[k].x;
        if (neg) F(neg)(&s->q[k].y, &t[k].y);
        else s->q[k].y = t[k].y;
    }
}

/* The batch path on points [i0, i0 + cnt), cnt <= b. */
PASTA_TFN void CV(fold_block)(const CV(fold_ctx) *x, const CV(fold_scr) *s, size_t i0,
                              size_t cnt, size_t b) {
    const CV(fold_rec) *rec = x->rec;
    size_t m = 0;
    for (size_t i = i0; i < i0 + cnt; i++)
        if (!CV(affine_is_identity)(&x->hi[i])) s->idx[m++] = (uint32_t)(i - i0);
    /* t1[0] = P' = (-1)^n1 P; q = 2P'; t1[j] = t1[j - 1] + 2P'. In a group of prime order
     * above 16 no step of this meets an exceptional case. */
    for (size_t k = 0; k < m; k++) {
        s->t1[k] = x->hi[i0 + s->idx[k]];
        if (rec->n1) F(neg)(&s->t1[k].y, &s->t1[k].y);
        s->aid[k] = 0;
    }
    if (rec->ntab > 1) {
        memcpy(s->q, s->t1, m * sizeof(AFF));
        memcpy(s->acc, s->t1, m * sizeof(AFF));
        CV(fold_step)(s->q, s->aid, NULL, s->pre, s->kind, m);
        for (int j = 1; j < rec->ntab; j++) {
            CV(fold_step)(s->acc, s->aid, s->q, s->pre, s->kind, m);
            memcpy(s->t1 + (size_t)j * b, s->acc, m * sizeof(AFF));
        }
    }
    for (int j = 0; j < rec->ntab; j++)
        for (size_t k = 0; k < m; k++)
            F(mul)(&s->t2x[(size_t)j * b + k], &s->t1[(size_t)j * b + k].x, &FC(ZETA));
            /* the chain, from the top digit */
#ifdef PASTA_IFMA_BACKEND
    /* in Jacobian lanes (msm/ifma_batch.h), every accumulator the identity at first; no
     * inversion per step, one batch normalisation at the end */
    size_t nv = (m + 7) / 8;
    JAC *tj = (JAC *)(void *)s->t1; /* the tables are read for the last time below */
    memset(s->lanes, 0, nv * sizeof *s->lanes);
    memset(s->lid, 0xff, nv);
    for (int i = rec->l - 1; i >= 0; i--) {
        if (i < rec->l - 1) PASTA_FOLD_IFMA(jfold_dbl)(s->lanes, m);
        if (rec->d1[i]) {
            CV(fold_addend)(s, rec, m, b, rec->d1[i], 0);
            PASTA_FOLD_IFMA(jfold_add)(s->lanes, s->lid, s->q, m);
        }
        if (rec->d2[i]) {
            CV(fold_addend)(s, rec, m, b, rec->d2[i], 1);
            PASTA_FOLD_IFMA(jfold_add)(s->lanes, s->lid, s->q, m);
        }
    }
    PASTA_FOLD_IFMA(jfold_store)(tj, s->lanes, m);
    for (size_t k = 0; k < m; k++) {
        s->aid[k] = (uint8_t)((s->lid[k / 8] >> (k % 8)) & 1);
        if (s->aid[k]) CV(identity)(&tj[k]);
    }
    CV(batch_to_affine_var)(s->acc, tj, m);
#else
    for (size_t k = 0; k < m; k++) s->aid[k] = 1;
    for (int i = rec->l - 1; i >= 0; i--) {
        if (i < rec->l - 1) CV(fold_step)(s->acc, s->aid, NULL, s->pre, s->kind, m);
        if (rec->d1[i]) {
            CV(fold_addend)(s, rec, m, b, rec->d1[i], 0);
            CV(fold_step)(s->acc, s->aid, s->q, s->pre, s->kind, m);
        }
        if (rec->d2[i]) {
            CV(fold_addend)(s, rec, m, b, rec->d2[i], 1);
            CV(fold_step)(s->acc, s->aid, s->q, s->pre, s->kind, m);
        }
    }
#endif
    for (size_t k = 0; k < m; k++) s->q[k] = x->lo[i0 + s->idx[k]];
    CV(fold_step)(s->acc, s->aid, s->q, s->pre, s->kind, m);
    /* Every read of lo and hi in the block is done: r may be lo or hi. */
    for (size_t k = 0, i = 0; i < cnt; i++) {
        AFF *o = &x->r[i0 + i];
        if (k < m && s->idx[k] == i) {
            if (s->aid[k]) {
                F(zero)(&o->x);
                F(zero)(&o->y);
            } else {
                *o = s->acc[k];
            }
            k++;
        } else if (o != &x->lo[i0 + i]) {
            *o = x->lo[i0 + i];
        }
    }
}

/* The small path: per point Jacobian odd multiples (one batch normalisation for all
 * points), a Jacobian chain of mixed additions, + lo[i], one batch normalisation. */
PASTA_TFN void CV(fold_small)(AFF *r, const AFF *lo, const AFF *hi, size_t n,
                              const CV(fold_rec) *rec, JAC *tj, AFF *ta, JAC *res) {
    int nt = rec->ntab;
    for (size_t i = 0; i < n; i++) {
        JAC *t = tj + (size_t)nt * i, p2;
        if (nt == 0) break;
        if (CV(affine_is_identity)(&hi[i])) {
            for (int j = 0; j < nt; j++) CV(identity)(&t[j]);
            continue;
        }
        CV(from_affine)(&t[0], &hi[i]);
        if (rec->n1) CV(neg)(&t[0], &t[0]);
        if (nt > 1) CV(dbl)(&p2, &t[0]);
        for (int j = 1; j < nt; j++) CV(add_var)(&t[j], &t[j - 1], &p2);
    }
    CV(batch_to_affine_var)(ta, tj, (size_t)nt * n);
    for (size_t i = 0; i < n; i++) {
        JAC acc;
        CV(identity)(&acc);
        if (!CV(affine_is_identity)(&hi[i])) {
            const AFF *t = ta + (size_t)nt * i;
            for (int w = rec->l - 1; w >= 0; w--) {
                CV(dbl)(&acc, &acc);
                int d = rec->d1[w];
                if (d) {
                    AFF e = t[(d < 0 ? -d : d) / 2];
                    if (d < 0) F(neg)(&e.y, &e.y);
                    CV(madd_var)(&acc, &acc, &e);
                }
                d = rec->d2[w];
                if (d) {
                    AFF e = t[(d < 0 ? -d : d) / 2];
                    F(mul)(&e.x, &e.x, &FC(ZETA));
                    if ((d < 0) ^ rec->n1 ^ rec->n2) F(neg)(&e.y, &e.y);
                    CV(madd_var)(&acc, &acc, &e);
                }
            }
        }
        CV(madd_var)(&res[i], &acc, &lo[i]);
    }
    /* every read of lo and hi is done: r may be lo or hi */
    CV(batch_to_affine_var)(r, res, n);
}

/* One task: a contiguous run of points, on the small path or in blocks of at most
 * x->block. */
PASTA_TFN void CV(fold_task)(void *ctx, size_t task) {
    CV(fold_ctx) *x = ctx;
    CV(fold_scr) s;
    size_t lo, hi;
    pasta_range(x->n, x->ntasks, task, &lo, &hi);
    size_t nt = (size_t)x->rec->ntab;
    if (x->small) {
        CV(fold_small)(x->r + lo, x->lo + lo, x->hi + lo, hi - lo, x->rec, x->tj + nt * lo,
                       x->ta + nt * lo, x->res + lo);
        return;
    }
    CV(fold_scr_init)(&s, x->scratch + task * x->stride, x->block);
    size_t nblk = (hi - lo + x->block - 1) / x->block;
    for (size_t j = 0; j < nblk; j++) {
        size_t a, e; /* blocks of equal size (+-1) */
        pasta_range(hi - lo, nblk, j, &a, &e);
        CV(fold_block)(x, &s, lo + a, e - a, x->block);
    }
}

PASTA_TFN int CV(fold_var)(AFF *r, const AFF *lo, const AFF *hi, size_t n, const SE *u,
                           int threads) {
    if (threads < 0) return PASTA_ERR_INVALID_ARG;
    if (n == 0) return PASTA_OK;
    if (r == NULL || lo == NULL || hi == NULL || u == NULL || n > PASTA_FOLD_MAX_N)
        return PASTA_ERR_INVALID_ARG;
    if (threads == 0) threads = pasta_threads_default();
    if (threads > PASTA_FOLD_MAX_THREADS) threads = PASTA_FOLD_MAX_THREADS;
    threads = pasta_threads_split(threads); /* blocks pay their inversions */
    CV(fold_rec) rec;
    CV(fold_recode)(&rec, u);
    CV(fold_ctx) x;
    x.r = r;
    x.lo = lo;
    x.hi = hi;
    x.n = n;
    x.rec = &rec;
    x.block = x.stride = 0;
    const size_t minb = PASTA_CAT(PASTA_FOLD_BATCH_, PASTA_BACKEND);
    x.small = minb == 0 || n < minb;
    /* batch: tasks of at least PASTA_FOLD_TASK_<backend> points (or one). Where that
     * leaves a single task for several threads, the small path on all of them instead
     * (down to a point per task: each point is a whole scalar multiplication,
     * docs/PARALLEL.md), unless the backend's batch path on one thread is faster */
    x.ntasks = n / PASTA_CAT(PASTA_FOLD_TASK_, PASTA_BACKEND);
    if (threads > 1 && x.ntasks < 2 && PASTA_CAT(PASTA_FOLD_SPREAD_, PASTA_BACKEND))
        x.small = 1;
    if (x.small) x.ntasks = n;
    if (x.ntasks > (size_t)threads) x.ntasks = (size_t)threads;
    if (x.ntasks == 0) x.ntasks = 1;
    if (x.small) {
        size_t nt = (size_t)rec.ntab;
        size_t o_ta = pasta_msm_round64((nt + 1) * n * sizeof(JAC));
        uint8_t *mem = pasta_alloc(o_ta + nt * n * sizeof(AFF) + 64);
        if (mem == NULL) return PASTA_ERR_NO_MEMORY;
        x.tj = (JAC *)(void *)mem;
        x.res = x.tj + nt * n;
        x.ta = (AFF *)(void *)(mem + o_ta);
        x.scratch = mem;
    } else {
        /* blocks of at most PASTA_FOLD_BLOCK */
        size_t per = (n + x.ntasks - 1) / x.ntasks;
        size_t nblk = (per + PASTA_FOLD_BLOCK - 1) / PASTA_FOLD_BLOCK;
        x.block = (per + nblk - 1) / nblk;
        x.stride = CV(fold_stride)(x.block);
        x.scratch = pasta_alloc(x.ntasks * x.stride);
        if (x.scratch == NULL) return PASTA_ERR_NO_MEMORY;
    }
    pasta_parallel_for(x.ntasks, threads, CV(fold_task), &x);
    pasta_free(x.scratch);
    return PASTA_OK;
}
