/* Template (core/for_each.h, PASTA_CURVE_TEMPLATE, via msm/msm_impl.h): the
 * variable-base MSM on one curve, CV(msm_var), CV(msm_bytes_var) and CV(msm_var_opt) of
 * msm/msm_list.h (contracts: include/pasta/msm.h), on the buckets of msm/bucket_impl.h.
 * The phases of a call are in msm/msm_impl.h. */
#include <string.h>

#include "core/parallel.h"
#include "msm/common.h"
#include "msm/msm_list.h"

/* One job: the windows of group gi over the points of chunk ch (each point's digits of
 * all g windows go to distinct buckets, so small windows still fill large batches);
 * writes each window's sum to part[w * nchunks + ch]. */
PASTA_TFN void CV(msm_job)(CV(msm_task) *t, CV(msm_ctx) *x, size_t job) {
    size_t gi = job / x->nchunks, ch = job % x->nchunks;
    /* groups of floor or ceil(nwin / ngroups) <= x->g windows */
    int w0 = (int)(gi * (size_t)x->nwin / x->ngroups);
    int g = (int)((gi + 1) * (size_t)x->nwin / x->ngroups) - w0;
    size_t lo, hi;
    pasta_range(x->npts, x->nchunks, ch, &lo, &hi);
    size_t nb = x->nb, nbt = nb * (size_t)x->g, reach = 0;
    CV(msm_task_clear)(t, nbt);
    /* batch from the buckets this job's digits reach (the top window's are fewer) */
    for (int wi = 0; wi < g; wi++)
        if (w0 + wi < x->nwin - 1) reach += nb;
        else if (!x->jtop) reach += x->topnb;
    t->batch = pasta_msm_batch(reach) < x->batch ? pasta_msm_batch(reach) : x->batch;
    for (size_t j = lo; j < hi; j++) {
        const uint64_t *m = x->mag + (size_t)x->limbs * j;
        if (m[0] == 0 && m[1] == 0 && (x->limbs == 2 || (m[2] == 0 && m[3] == 0))) continue;
        const AFF *p = CV(msm_point)(x, j);
        uint32_t pn = x->neg[j];
#if defined(__SIZEOF_INT128__)
        /* GLV magnitudes (< 2^127): u = 2k, window w's c + 1 bits (wc - 1 ... wc + c - 1
         * of k) at bit wc of u */
        pasta_u128 u = 0;
        if (x->limbs == 2) u = (((pasta_u128)m[1] << 64) | m[0]) << 1;
#endif
        for (int wi = 0; wi < g; wi++) {
            int d;
#if defined(__SIZEOF_INT128__)
            if (x->limbs == 2) {
                int sh = (w0 + wi) * x->c;
                int v = sh < 128 ? (int)((uint64_t)(u >> sh) & ((UINT64_C(2) << x->c) - 1))
                                 : 0;
                d = (v >> 1) + (v & 1) - ((v >> x->c) << x->c);
            } else
#endif
                d = pasta_msm_digit(m, x->limbs, w0 + wi, x->c);
            if (d == 0) continue;
            uint32_t s = (uint32_t)(d < 0) ^ pn;
            uint32_t b = (uint32_t)((size_t)wi * nb) + (uint32_t)(d < 0 ? -d : d) - 1;
            if (x->affine && !(x->jtop && w0 + wi == x->nwin - 1)) CV(msm_aadd)(t, b, p, s);
            else CV(msm_jadd)(t, b, p, s);
        }
    }
    if (x->affine) {
        CV(msm_finish)(t, nbt);
        CV(msm_areduce)(&x->part[(size_t)w0 * x->nchunks + ch], x->nchunks, t, x, g);
    } else {
        for (int wi = 0; wi < g; wi++)
            CV(msm_reduce)(&x->part[(size_t)(w0 + wi) * x->nchunks + ch], t, x,
                           (size_t)wi * nb);
    }
}

PASTA_TFN PASTA_NOINLINE void CV(msm_task_fn)(void *ctx, size_t task) {
    CV(msm_ctx) *x = ctx;
    CV(msm_task) t;
    CV(msm_task_init)(&t, x, task);
    size_t lo, hi;
    pasta_range(x->njobs, x->ntasks, task, &lo, &hi);
    for (size_t j = lo; j < hi; j++) CV(msm_job)(&t, x, j);
}

/* Few points (n <= PASTA_MSM_STRAUS_<backend>; msm_var's own schedule only): Straus's shared
 * doublings over the GLV halves, each point as in CV(mul_var) (width-5 NAFs, tables of
 * [1, 3, .., 15] P' and their endomorphism images, every point's table normalised by one
 * inversion): about 128 doublings and n 2 128/6 mixed additions, where the bucket method
 * pays each window's bucket sums for a handful of points. Normalised as msm_run's
 * result: the same bytes. */
PASTA_TFN int CV(msm_straus)(JAC *r, const AFF *bases, const SE *scalars, size_t n) {
    enum { M = PASTA_MSM_STRAUS_MAX };
    int8_t d1[M][129], d2[M][129];
    int l1[M], l2[M], flip[M], top = 0;
    JAC acc, p2;
    AFF a;
    /* tables on the heap (28 KB at 16 points): a caller's thread may have a small stack */
    size_t o_t1 = pasta_msm_round64(8 * n * sizeof(JAC));
    uint8_t *mem = pasta_alloc(o_t1 + 2 * 8 * n * sizeof(AFF));
    if (mem == NULL) return PASTA_ERR_NO_MEMORY;
    JAC *tj = (JAC *)(void *)mem;
    AFF *t1 = (AFF *)(void *)(mem + o_t1), *t2 = t1 + 8 * n;
    size_t m = 0; /* the points with a base other than the identity */
    for (size_t i = 0; i < n; i++) {
        if (CV(affine_is_identity)(&bases[i])) continue;
        uint64_t k1[2], k2[2];
        int n1, n2;
        CV(glv_decompose)(k1, &n1, k2, &n2, &scalars[i]);
        l1[m] = CV(wnaf5)(d1[m], k1, 128);
        l2[m] = CV(wnaf5)(d2[m], k2, 128);
        flip[m] = n1 ^ n2;
        if (l1[m] > top) top = l1[m];
        if (l2[m] > top) top = l2[m];
        JAC *t = &tj[8 * m];
        CV(from_affine)(&t[0], &bases[i]);
        if (n1) CV(neg)(&t[0], &t[0]);
        CV(dbl_var)(&p2, &t[0]);
        for (int j = 1; j < 8; j++) CV(add_var)(&t[j], &t[j - 1], &p2);
        m++;
    }
    if (m == 0) {
        pasta_free(mem);
        CV(identity)(r);
        return PASTA_OK;
    }
    CV(batch_to_affine_var)(t1, tj, 8 * m);
    for (size_t k = 0; k < 8 * m; k++) {
        F(mul)(&t2[k].x, &t1[k].x, &FC(ZETA));
        t2[k].y = t1[k].y;
        if (flip[k / 8]) F(neg)(&t2[k].y, &t2[k].y);
    }
    CV(identity)(&acc);
    for (int i = top - 1; i >= 0; i--) {
        CV(dbl_var)(&acc, &acc);
        for (size_t j = 0; j < m; j++) {
            if (i < l1[j]) CV(wnaf_add)(&acc, &t1[8 * j], d1[j][i]);
            if (i < l2[j]) CV(wnaf_add)(&acc, &t2[8 * j], d2[j][i]);
        }
    }
    pasta_free(mem);
    CV(to_affine_var)(&a, &acc);
    CV(from_affine)(r, &a);
    return PASTA_OK;
}

/* The scratch of a planned MSM in one block at m (parts at 64-byte offsets): magnitudes,
 * signs, endo images, partial sums, task scratch. Returns its bytes (m NULL: only those). */
PASTA_TFN size_t CV(msm_bind)(CV(msm_ctx) *x, uint8_t *m) {
    size_t o_mag = 0;
    size_t o_neg = o_mag + pasta_msm_round64(x->n * 4 * sizeof(uint64_t));
    size_t o_endo = o_neg + pasta_msm_round64(x->npts);
    size_t o_part = o_endo + (x->glv ? pasta_msm_round64(x->n * sizeof(AFF)) : 0);
    size_t o_scr = o_part + pasta_msm_round64((size_t)x->nwin * x->nchunks * sizeof(JAC));
    if (m != NULL) {
        x->mag = (uint64_t *)(void *)(m + o_mag);
        x->neg = m + o_neg;
        x->endo = x->glv ? (AFF *)(void *)(m + o_endo) : NULL;
        x->part = (JAC *)(void *)(m + o_part);
        x->scratch = m + o_scr;
    }
    return o_scr + x->ntasks * x->stride;
}

/* The schedule of one bucket-method MSM (n > 0 points) on `threads` threads: msm_run's
 * set-up, shared with msm_var_many. Returns the bytes of its scratch block, which
 * CV(msm_bind) then lays out. */
PASTA_TFN size_t CV(msm_plan)(CV(msm_ctx) *x, const AFF *bases, const SE *scalars,
                              const uint8_t *sbytes, size_t n, int threads, int c, int flags) {
    memset(x, 0, sizeof *x);
    x->bases = bases;
    x->scalars = scalars;
    x->sbytes = sbytes;
    x->n = n;
    x->glv = !(flags & PASTA_MSM_F_NOGLV);
    x->npts = x->glv ? 2 * n : n;
    x->limbs = x->glv ? 2 : 4;
    x->bits = x->glv ? 128 : 256;
    if (flags & PASTA_MSM_F_JACOBIAN) x->affine = 0;
    else if (flags & PASTA_MSM_F_AFFINE) x->affine = 1;
    else x->affine = x->npts >= PASTA_MSM_AFFINE_MIN;
    x->c = c != 0 ? c
                  : pasta_msm_window(x->npts, x->bits, x->affine,
                                     PASTA_CAT(PASTA_MSM_AFFINE_RED_, PASTA_BACKEND));
    x->nwin = pasta_msm_nwin(x->bits, x->c);
    x->nb = (size_t)1 << (x->c - 1);
    /* window groups of about PASTA_MSM_GROUP_BUCKETS buckets (docs/MSM.md) */
    x->g = (int)((PASTA_MSM_GROUP_BUCKETS + x->nb - 1) / x->nb);
    if (x->g > x->nwin) x->g = x->nwin;
    x->ngroups = (size_t)((x->nwin + x->g - 1) / x->g);
    x->g = (int)(((size_t)x->nwin + x->ngroups - 1) / x->ngroups);
    /* 1 < T <= nwin threads: split by windows (docs/PARALLEL.md), a multiple of T groups
     * (at most nwin) dealt to T tasks, each over all points: the buckets and reductions
     * of one thread. Point chunks only for T > nwin. */
    int wsplit = threads > 1 && threads <= x->nwin;
    if (wsplit) {
        size_t ng = (x->ngroups + (size_t)threads - 1) / (size_t)threads * (size_t)threads;
        x->ngroups = ng < (size_t)x->nwin ? ng : (size_t)x->nwin;
        x->g = (int)(((size_t)x->nwin + x->ngroups - 1) / x->ngroups);
    }
    {
        int topbits = x->bits - 1 - (x->nwin - 1) * x->c; /* the top digit is <= 2^topbits */
        x->topnb = topbits >= x->c - 1 ? x->nb : (size_t)1 << topbits;
    }
    size_t nbt = x->nb * (size_t)x->g;
    x->batch = pasta_msm_batch(nbt);
    x->segs = x->affine ? pasta_msm_segs(x->nb, x->g) : 0;
    x->jtop = pasta_msm_jtop(x->bits, x->c, x->nwin);
    x->nchunks =
        wsplit ? 1 : pasta_msm_chunks(x->npts, x->ngroups, x->g, x->nb, x->affine, threads);
    x->njobs = x->ngroups * x->nchunks;
    /* up to 2 T tasks of whole jobs, claimed one by one (a slow thread takes fewer) */
    x->ntasks = 2 * (size_t)threads < x->njobs ? 2 * (size_t)threads : x->njobs;
    if (threads == 1) x->ntasks = 1;
    x->stride = CV(msm_stride)(nbt, (size_t)x->g * x->segs, x->batch, x->affine);

    return CV(msm_bind)(x, NULL);
}

/* r = the windows' partial sums of a finished plan combined (doublings between windows),
 * normalised. */
PASTA_TFN void CV(msm_combine)(JAC *r, const CV(msm_ctx) *x) {
    JAC acc;
    AFF a;
    CV(identity)(&acc);
    for (int w = x->nwin - 1; w >= 0; w--) {
        if (!CV(is_identity)(&acc))
            for (int i = 0; i < x->c; i++) CV(dbl)(&acc, &acc);
        for (size_t ch = 0; ch < x->nchunks; ch++)
            CV(add_var)(&acc, &acc, &x->part[(size_t)w * x->nchunks + ch]);
    }
    CV(to_affine_var)(&a, &acc);
    CV(from_affine)(r, &a);
}

/* The common body of msm_var, msm_bytes_var and msm_var_opt, on checked arguments
 * (CV(msm_check)); n = 0 gives the identity. */
PASTA_TFN int CV(msm_run)(JAC *r, const AFF *bases, const SE *scalars, const uint8_t *sbytes,
                          size_t n, int threads, int c, int flags) {
    if (n == 0) {
        CV(identity)(r);
        return PASTA_OK;
    }
    if (n <= PASTA_CAT(PASTA_MSM_STRAUS_, PASTA_BACKEND) && c == 0 && flags == 0 &&
        scalars != NULL) {
        return CV(msm_straus)(r, bases, scalars, n);
    }
    if (threads == 0) threads = pasta_threads_default();
    if (threads > PASTA_MSM_MAX_THREADS) threads = PASTA_MSM_MAX_THREADS;
    CV(msm_ctx) x;
    uint8_t *mem = pasta_alloc(CV(msm_plan)(&x, bases, scalars, sbytes, n, threads, c, flags));
    if (mem == NULL) return PASTA_ERR_NO_MEMORY;
    (void)CV(msm_bind)(&x, mem);
    CV(msm_recode)(&x, threads);
    pasta_parallel_for_dyn(x.ntasks, threads, CV(msm_task_fn), &x);
    CV(msm_combine)(r, &x);
    pasta_free(mem);
    return PASTA_OK;
}

/* ---- A batch of MSMs over different bases (msm_var_many): count MSMs of n points, each
 * planned as msm_run plans it on ceil(T / count) threads (the same plan for all: the same
 * n). Where there are at least as many MSMs as threads each runs whole, an MSM a task
 * claimed one by one, in one region (a split by windows reads every point once per group,
 * in smaller bucket sets: 12-18% more work for 2 x 258 to 2 x 1026 points at 2 threads,
 * docs/PARALLEL.md). Otherwise one region recodes them all (min(T, n) tasks each), one
 * runs all their bucket tasks claimed one by one, and one their combinations, an MSM a
 * task. Few points: Straus, an MSM a task. */
typedef struct {
    CV(msm_ctx) *x;
    const AFF *bases;
    const SE *scalars;
    size_t n, per; /* tasks per MSM in the current region */
    JAC *r;
    int *rc;
} CV(msm_many_var_ctx);

PASTA_TFN void CV(msm_many_recode_task)(void *ctx, size_t k) {
    CV(msm_many_var_ctx) *m = ctx;
    CV(msm_recode_task)(&m->x[k / m->per], k % m->per);
}

PASTA_TFN void CV(msm_many_bucket_task)(void *ctx, size_t k) {
    CV(msm_many_var_ctx) *m = ctx;
    CV(msm_task_fn)(&m->x[k / m->per], k % m->per);
}

PASTA_TFN void CV(msm_many_combine_task)(void *ctx, size_t k) {
    CV(msm_many_var_ctx) *m = ctx;
    CV(msm_combine)(&m->r[k], &m->x[k]);
}

/* A whole MSM (its plan's one task): recoding, buckets and combination on one thread. */
PASTA_TFN void CV(msm_many_whole_task)(void *ctx, size_t k) {
    CV(msm_many_var_ctx) *m = ctx;
    CV(msm_recode_task)(&m->x[k], 0);
    CV(msm_task_fn)(&m->x[k], 0);
    CV(msm_combine)(&m->r[k], &m->x[k]);
}

PASTA_TFN void CV(msm_many_straus_task)(void *ctx, size_t k) {
    CV(msm_many_var_ctx) *m = ctx;
    m->rc[k] = CV(msm_straus)(&m->r[k], m->bases + k * m->n, m->scalars + k * m->n, m->n);
}

PASTA_TFN int CV(msm_var_many)(JAC *r, const AFF *bases, const SE *scalars, size_t count,
                               size_t n, int threads) {
    if (threads < 0 || (count > 0 && r == NULL)) return PASTA_ERR_INVALID_ARG;
    if (count == 0) return PASTA_OK;
    if (n > 0 && (bases == NULL || scalars == NULL)) return PASTA_ERR_INVALID_ARG;
    if (n > PASTA_MSM_MAX_N || count > SIZE_MAX / (sizeof(CV(msm_ctx)) + 2 * sizeof(JAC)) ||
        (n > 0 && count > PASTA_MSM_MAX_N / n))
        return PASTA_ERR_INVALID_ARG;
    if (threads == 0) threads = pasta_threads_default();
    if (threads > PASTA_MSM_MAX_THREADS) threads = PASTA_MSM_MAX_THREADS;
    /* results, per-MSM codes and plans, then (bucket method) every plan's scratch: one
     * block (one allocation, as one msm_var's: the allocator reuses it from call to call
     * the same way); r written at the end */
    size_t o_rc = pasta_msm_round64(count * sizeof(JAC));
    size_t o_x = o_rc + pasta_msm_round64(count * sizeof(int));
    size_t o_scr = o_x + pasta_msm_round64(count * sizeof(CV(msm_ctx)));
    CV(msm_ctx) x0;
    const int bucket = n > PASTA_CAT(PASTA_MSM_STRAUS_, PASTA_BACKEND);
    size_t per = 0; /* every plan's scratch bytes (the same n: the same plan) */
    if (bucket) {
        const size_t tp = count >= (size_t)threads ? 1 : ((size_t)threads + count - 1) / count;
        per = pasta_msm_round64(CV(msm_plan)(&x0, bases, scalars, NULL, n, (int)tp, 0, 0));
        if (count > (SIZE_MAX - o_scr) / per) return PASTA_ERR_INVALID_ARG;
    }
    uint8_t *blk = pasta_alloc(o_scr + count * per);
    if (blk == NULL) return PASTA_ERR_NO_MEMORY;
    CV(msm_many_var_ctx) m;
    m.r = (JAC *)(void *)blk;
    m.rc = (int *)(void *)(blk + o_rc);
    m.x = (CV(msm_ctx) *)(void *)(blk + o_x);
    m.bases = bases, m.scalars = scalars, m.n = n;
    int rc = PASTA_OK;
    if (n == 0) {
        for (size_t j = 0; j < count; j++) CV(identity)(&m.r[j]);
    } else if (n <= PASTA_CAT(PASTA_MSM_STRAUS_, PASTA_BACKEND)) {
        pasta_parallel_for_dyn(count, threads, CV(msm_many_straus_task), &m);
        for (size_t j = 0; j < count; j++)
            if (m.rc[j] != PASTA_OK) rc = m.rc[j];
    } else {
        for (size_t j = 0; j < count; j++) {
            m.x[j] = x0;
            m.x[j].bases = bases + j * n, m.x[j].scalars = scalars + j * n;
            (void)CV(msm_bind)(&m.x[j], blk + o_scr + j * per);
        }
        size_t ntasks = x0.ntasks;
        if (ntasks == 1) { /* whole MSMs: one region, an MSM a task */
            pasta_parallel_for_dyn(count, threads, CV(msm_many_whole_task), &m);
        } else {
            /* the recodings: min(T, n) ranges each (msm_recode's), then the buckets */
            m.per = (size_t)threads < n ? (size_t)threads : n;
            for (size_t j = 0; j < count; j++) m.x[j].ntasks = m.per;
            pasta_parallel_for(count * m.per, threads, CV(msm_many_recode_task), &m);
            for (size_t j = 0; j < count; j++) m.x[j].ntasks = ntasks;
            m.per = ntasks;
            pasta_parallel_for_dyn(count * m.per, threads, CV(msm_many_bucket_task), &m);
            pasta_parallel_for_dyn(count, threads, CV(msm_many_combine_task), &m);
        }
    }
    if (rc == PASTA_OK) memcpy(r, m.r, count * sizeof(JAC));
    pasta_free(blk);
    return rc;
}

/* The argument checks of include/pasta/msm.h shared by the variable-base entries:
 * PASTA_OK or PASTA_ERR_INVALID_ARG; writes nothing. bases and scalars may be NULL when
 * n = 0. */
PASTA_TFN int CV(msm_check)(const AFF *bases, const void *scalars, size_t n, int threads) {
    if (threads < 0) return PASTA_ERR_INVALID_ARG;
    if (n > 0 && (bases == NULL || scalars == NULL)) return PASTA_ERR_INVALID_ARG;
    if (n > PASTA_MSM_MAX_N) return PASTA_ERR_INVALID_ARG;
    return PASTA_OK;
}

PASTA_TFN int CV(msm_var)(JAC *r, const AFF *bases, const SE *scalars, size_t n, int threads) {
    int rc = CV(msm_check)(bases, scalars, n, threads);
    if (rc != PASTA_OK) return rc;
    return CV(msm_run)(r, bases, scalars, NULL, n, threads, 0, 0);
}

PASTA_TFN int CV(msm_bytes_var)(JAC *r, const AFF *bases, const uint8_t *scalars, size_t n,
                                int threads) {
    int rc = CV(msm_check)(bases, scalars, n, threads);
    if (rc != PASTA_OK) return rc;
    for (size_t i = 0; i < n; i++) {
        SE k;
        if (SF(from_bytes)(&k, scalars + 32 * i) != PASTA_OK) return PASTA_ERR_NONCANONICAL;
    }
    return CV(msm_run)(r, bases, NULL, scalars, n, threads, 0, 0);
}

PASTA_TFN int CV(msm_var_opt)(JAC *r, const AFF *bases, const SE *scalars, size_t n,
                              int threads, int c, int flags) {
    if (c < 0 || c > PASTA_MSM_MAX_C) return PASTA_ERR_INVALID_ARG;
    int rc = CV(msm_check)(bases, scalars, n, threads);
    if (rc != PASTA_OK) return rc;
    return CV(msm_run)(r, bases, scalars, NULL, n, threads, c, flags);
}
