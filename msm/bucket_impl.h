/* Template (core/for_each.h, PASTA_CURVE_TEMPLATE, via msm/msm_impl.h): the bucket
 * machinery of Pippenger's method on one curve (CURVE, FIELD, SCALAR) on one backend,
 * shared by the variable-base (msm/var_impl.h) and fixed-base (msm/fixed_impl.h) paths:
 * the call's context and each task's scratch, the recoding of the scalars, bucket
 * additions (Jacobian, or affine in batches sharing one inversion) and the reductions.
 * Variable time (public data only). docs/MSM.md has the phases and the measurements.
 *
 * Affine buckets are filled by batches of additions sharing one inversion (Montgomery's
 * trick); an addition into a bucket already in the batch waits in a queue, or, when that
 * is full, goes to the bucket's Jacobian overflow (mixed addition). P + P and P + (-P)
 * are handled inside the batch (tangent slope; emptied bucket). In Jacobian mode every
 * bucket is Jacobian. */
#include <string.h>

#include "core/ct.h"
#include "core/parallel.h"
#include "msm/common.h"
#ifdef PASTA_IFMA_BACKEND
#include "msm/ifma_batch.h"
#endif

/* ---- Per-task scratch and the shared context. */

/* One addition in the batch: abk[b] += (+-)src; s: PASTA_MSM_PEND_* flags. The IFMA
 * backend's flush (msm/ifma_batch.h) takes the entries as they are. */
#ifdef PASTA_IFMA_BACKEND
typedef pasta_ifma_pend CV(msm_pend);
#else
typedef struct {
    const AFF *src;
    uint32_t b, s;
} CV(msm_pend);
#endif

typedef struct {
    /* inputs */
    const AFF *bases;
    const SE *scalars;     /* or */
    const uint8_t *sbytes; /* canonical 32-byte scalars (already checked) */
    const AFF *tab;        /* fixed base: [2^(jc)] P_i at tab[i nwin + j] (else NULL) */
    size_t n;
    /* recoded points */
    AFF *endo;     /* GLV: endo(P_i); point 2i is P_i, 2i+1 is endo(P_i) */
    uint64_t *mag; /* limbs per point */
    uint8_t *neg;  /* sign per point */
    size_t npts;
    int limbs, bits, glv;
    /* schedule */
    int c, nwin, affine, g; /* g windows per group */
    size_t topnb;           /* buckets the top window's digits reach (<= nb) */
    size_t ngroups, nchunks, njobs, ntasks, batch, nb;
    int jtop;    /* the top window has at most 32 digit values: Jacobian buckets */
    size_t segs; /* affine reduction: segments per window (chains of nb / segs buckets) */
    JAC *part;   /* njobs window partial sums */
    uint8_t *scratch;
    size_t stride; /* bytes of scratch per task */
} CV(msm_ctx);

/* Scratch of one task: affine slots (nbt buckets, then 2 g segs reduction chains: running
 * sums, then totals), Jacobian buckets (overflow when the queue is full, or all buckets
 * in Jacobian mode), flags per slot, the batch (entries and prefix products), the queue
 * of additions whose bucket was already in the batch. */
typedef struct {
    AFF *abk;
    JAC *jbk;
    uint8_t *occ, *busy, *jused;
    CV(msm_pend) *pend, *queue;
    FE *pre, *den;
    size_t npend, nq, batch, qcap; /* batch: this job's (<= the scratch's qcap) */
} CV(msm_task);

PASTA_TFN size_t CV(msm_stride)(size_t nbt, size_t chains, size_t batch, int affine) {
    size_t ns = pasta_msm_slots(nbt, chains);
    size_t s = pasta_msm_round64(nbt * sizeof(JAC)) + 3 * pasta_msm_round64(ns);
    if (affine)
        s += pasta_msm_round64(ns * sizeof(AFF)) +
             2 * pasta_msm_round64(batch * sizeof(CV(msm_pend))) +
             2 * pasta_msm_round64(batch * sizeof(FE));
    return s;
}

PASTA_TFN void CV(msm_task_init)(CV(msm_task) *t, const CV(msm_ctx) *x, size_t task) {
    uint8_t *p = x->scratch + task * x->stride;
    size_t nbt = x->nb * (size_t)x->g, ns = pasta_msm_slots(nbt, (size_t)x->g * x->segs);
    t->jbk = (JAC *)(void *)p;
    p += pasta_msm_round64(nbt * sizeof(JAC));
    t->occ = p;
    t->busy = p + pasta_msm_round64(ns);
    t->jused = p + 2 * pasta_msm_round64(ns);
    p += 3 * pasta_msm_round64(ns);
    t->batch = t->qcap = x->batch;
    if (x->affine) {
        t->abk = (AFF *)(void *)p;
        p += pasta_msm_round64(ns * sizeof(AFF));
        t->pend = (CV(msm_pend) *)(void *)p;
        p += pasta_msm_round64(x->batch * sizeof(CV(msm_pend)));
        t->queue = (CV(msm_pend) *)(void *)p;
        p += pasta_msm_round64(x->batch * sizeof(CV(msm_pend)));
        t->pre = (FE *)(void *)p;
        p += pasta_msm_round64(x->batch * sizeof(FE));
        t->den = (FE *)(void *)p;
    } else {
        t->abk = NULL;
        t->pend = t->queue = NULL;
        t->pre = t->den = NULL;
    }
    t->npend = t->nq = 0;
}

PASTA_TFN const AFF *CV(msm_point)(const CV(msm_ctx) *x, size_t j) {
    if (!x->glv) return &x->bases[j];
    return (j & 1) ? &x->endo[j >> 1] : &x->bases[j >> 1];
}

/* ---- Recoding (a task per contiguous range of scalars). */

PASTA_TFN void CV(msm_recode_task)(void *ctx, size_t task) {
    CV(msm_ctx) *x = ctx;
    size_t lo, hi;
    pasta_range(x->n, x->ntasks, task, &lo, &hi);
    for (size_t i = lo; i < hi; i++) {
        SE k;
        if (x->sbytes != NULL) (void)SF(from_bytes)(&k, x->sbytes + 32 * i);
        else k = x->scalars[i];
        const AFF *p = x->tab != NULL ? &x->tab[i * (size_t)x->nwin] : &x->bases[i];
        int id = CV(affine_is_identity)(p) | SF(is_zero)(&k);
        if (x->glv) {
            uint64_t *m = x->mag + 4 * i;
            int n1 = 0, n2 = 0;
            if (id) {
                m[0] = m[1] = m[2] = m[3] = 0;
            } else {
                CV(glv_decompose)(m, &n1, m + 2, &n2, &k);
            }
            x->neg[2 * i] = (uint8_t)n1;
            x->neg[2 * i + 1] = (uint8_t)n2;
            F(mul)(&x->endo[i].x, &x->bases[i].x, &FC(ZETA));
            x->endo[i].y = x->bases[i].y;
        } else {
            uint64_t *m = x->mag + 4 * i;
            if (id) m[0] = m[1] = m[2] = m[3] = 0;
            else SF(to_raw)(m, &k);
            x->neg[i] = 0;
        }
    }
}

/* Recodes all x->n scalars on min(threads, n) tasks; x->ntasks is the call's own task
 * count again afterwards. */
PASTA_TFN void CV(msm_recode)(CV(msm_ctx) *x, int threads) {
    size_t ntasks = x->ntasks;
    x->ntasks = (size_t)threads < x->n ? (size_t)threads : x->n;
    pasta_parallel_for(x->ntasks, threads, CV(msm_recode_task), x);
    x->ntasks = ntasks;
}

/* ---- Bucket accumulation. */

#ifdef PASTA_IFMA_BACKEND
/* v = 8 nonzero API-form elements (words) -> their inverses: prefix products, one
 * inversion, back (3 x 7 M + 1 I). */
PASTA_TFN void CV(msm_inv8)(uint64_t v[32]) {
    FE a[8], p[8], inv;
    memcpy(a, v, sizeof a);
    p[0] = a[0];
    for (int i = 1; i < 8; i++) F(mul)(&p[i], &p[i - 1], &a[i]);
    F(invert_var)(&inv, &p[7]);
    for (int i = 7; i > 0; i--) {
        FE r;
        F(mul)(&r, &inv, &p[i - 1]);
        F(mul)(&inv, &inv, &a[i]);
        a[i] = r;
    }
    a[0] = inv;
    memcpy(v, a, sizeof a);
}

/* The batch, 8 additions per vector (msm/ifma_batch.h: the same results, bytes and flags
 * as the scalar flush below). */
PASTA_TFN PASTA_MSM_COLD void CV(msm_flush)(CV(msm_task) *t) {
    size_t m = t->npend;
    if (m == 0) return;
    PASTA_CAT3(pasta_ifma_, FIELD, _batch_aadd)
    ((uint64_t *)(void *)t->abk, t->pend, m, CV(msm_inv8));
    for (size_t j = 0; j < m; j++) {
        const CV(msm_pend) *e = &t->pend[j];
        t->busy[e->b] = 0;
        if (e->s & PASTA_MSM_PEND_CANCEL) t->occ[e->b] = 0;
    }
    t->npend = 0;
}
#else
/* The batch: abk[b_j] += (+-)src_j for every pending j (distinct slots), one inversion
 * (prefix products, then back to front: 3M per entry, then 2M + 1S for the sum; the
 * denominators of the first pass are kept for the second). */
PASTA_TFN PASTA_MSM_KERNEL PASTA_MSM_COLD void CV(msm_flush)(CV(msm_task) *t) {
    size_t m = t->npend;
    if (m == 0) return;
    FE acc = FC(ONE), inv, den;
    for (size_t j = 0; j < m; j++) {
        CV(msm_pend) *e = &t->pend[j];
        const AFF *a = &t->abk[e->b], *q = e->src;
        F(sub)(&den, &q->x, &a->x);
        if (F(is_zero)(&den)) {
            FE qy = q->y;
            if (e->s & PASTA_MSM_PEND_NEG) F(neg)(&qy, &qy);
            if (F(eq)(&qy, &a->y)) {
                e->s |= PASTA_MSM_PEND_DBL;
                F(dbl)(&den, &a->y);
            } else {
                e->s |= PASTA_MSM_PEND_CANCEL;
                t->pre[j] = acc;
                continue;
            }
        }
        t->pre[j] = acc;
        t->den[j] = den;
        F(mul)(&acc, &acc, &den);
    }
    F(invert_var)(&inv, &acc);
    for (size_t j = m; j-- > 0;) {
        CV(msm_pend) *e = &t->pend[j];
        AFF *a = &t->abk[e->b];
        const AFF *q = e->src;
        t->busy[e->b] = 0;
        if (e->s & PASTA_MSM_PEND_CANCEL) {
            t->occ[e->b] = 0;
            continue;
        }
        FE di, lam, num, x3;
        int ng = (int)(e->s & PASTA_MSM_PEND_NEG);
        F(mul)(&di, &inv, &t->pre[j]);
        den = t->den[j];
        if (!(e->s & PASTA_MSM_PEND_DBL)) {
            if (ng) F(add)(&num, &q->y, &a->y); /* -lambda's numerator */
            else F(sub)(&num, &q->y, &a->y);
        } else {
            F(sqr)(&num, &a->x);
            F(dbl)(&lam, &num);
            F(add)(&num, &num, &lam);
            ng = 0;
        }
        if (j > 0) F(mul)(&inv, &inv, &den);
        F(mul)(&lam, &num, &di);
        F(sqr)(&x3, &lam);
        F(sub)(&x3, &x3, &a->x);
        F(sub)(&x3, &x3, &q->x);
        if (ng) F(sub)(&num, &x3, &a->x);
        else F(sub)(&num, &a->x, &x3);
        F(mul)(&num, &num, &lam);
        F(sub)(&a->y, &num, &a->y);
        a->x = x3;
    }
    t->npend = 0;
}

#endif

/* slot b = (+-)src (an empty slot). */
PASTA_TFN PASTA_MSM_INLINE void CV(msm_aset)(CV(msm_task) *t, uint32_t b, const AFF *src,
                                             uint32_t ng) {
    t->abk[b] = *src;
    if (ng) F(neg)(&t->abk[b].y, &t->abk[b].y);
    t->occ[b] = 1;
}

/* bucket b += (+-)q into the Jacobian bucket. */
PASTA_TFN void CV(msm_jadd)(CV(msm_task) *t, uint32_t b, const AFF *q, uint32_t ng) {
    AFF qn;
    if (ng) {
        qn = *q;
        F(neg)(&qn.y, &qn.y);
        q = &qn;
    }
    if (!t->jused[b]) {
        CV(from_affine)(&t->jbk[b], q);
        t->jused[b] = 1;
    } else {
        CV(madd_var)(&t->jbk[b], &t->jbk[b], q);
    }
}

/* The queued additions whose bucket is no longer in the batch join it (the others stay
 * queued). */
PASTA_TFN PASTA_MSM_COLD void CV(msm_drain)(CV(msm_task) *t) {
    size_t nq = t->nq;
    t->nq = 0;
    for (size_t i = 0; i < nq; i++) {
        CV(msm_pend) e = t->queue[i];
        if (!t->occ[e.b]) {
            CV(msm_aset)(t, e.b, e.src, e.s);
        } else if (t->busy[e.b]) {
            t->queue[t->nq++] = e;
            t->busy[e.b] |= PASTA_MSM_BUSY_QUEUED;
        } else {
            t->pend[t->npend++] = e;
            t->busy[e.b] = 1;
            if (t->npend == t->batch) CV(msm_flush)(t);
        }
    }
}

/* bucket b += (+-)src: into the batch, or the queue when b is already in the batch and
 * has nothing queued, else b's Jacobian bucket. One queued entry per bucket at most: a
 * crowded bucket (many equal scalars, e.g. a column that is mostly 1) otherwise filled the
 * queue, and emptying it took one batch, so one inversion, per addition. */
PASTA_TFN PASTA_MSM_INLINE void CV(msm_aadd)(CV(msm_task) *t, uint32_t b, const AFF *src,
                                             uint32_t ng) {
    if (!t->occ[b]) {
        CV(msm_aset)(t, b, src, ng);
    } else if (t->busy[b]) {
        if (!(t->busy[b] & PASTA_MSM_BUSY_QUEUED) && t->nq < t->qcap) {
            CV(msm_pend) *e = &t->queue[t->nq++];
            e->src = src;
            e->b = b;
            e->s = ng;
            t->busy[b] |= PASTA_MSM_BUSY_QUEUED;
        } else {
            CV(msm_jadd)(t, b, src, ng);
        }
    } else {
        CV(msm_pend) *e = &t->pend[t->npend++];
        e->src = src;
        e->b = b;
        e->s = ng;
        t->busy[b] = 1;
        if (t->npend == t->batch) {
            CV(msm_flush)(t);
            CV(msm_drain)(t);
        }
    }
}

/* Completes the accumulation: the batch and the queue, then the Jacobian overflows of
 * buckets [0, nbt), normalised (one inversion per 64) and added into the affine buckets. */
PASTA_TFN PASTA_MSM_COLD void CV(msm_finish)(CV(msm_task) *t, size_t nbt) {
    CV(msm_flush)(t);
    while (t->nq > 0) {
        CV(msm_drain)(t);
        CV(msm_flush)(t);
    }
    JAC jt[64];
    AFF at[64];
    uint32_t bi[64];
    size_t k = 0;
    for (size_t b = 0; b <= nbt; b++) {
        if (b < nbt && t->jused[b]) {
            jt[k] = t->jbk[b];
            bi[k++] = (uint32_t)b;
            t->jused[b] = 0;
        }
        if (k == 64 || (b == nbt && k > 0)) {
            CV(batch_to_affine_core)(at, jt, k, 1);
            for (size_t i = 0; i < k; i++) /* distinct buckets: no queue */
                if (!CV(affine_is_identity)(&at[i])) CV(msm_aadd)(t, bi[i], &at[i], 0);
            CV(msm_flush)(t);
            k = 0;
        }
    }
}

/* Running sums from the top bucket: r = sum_b (b + 1) B_b over the Jacobian buckets
 * [b0, b0 + nb) (Jacobian mode). */
PASTA_TFN void CV(msm_reduce)(JAC *r, const CV(msm_task) *t, const CV(msm_ctx) *x, size_t b0) {
    JAC run, tot;
    CV(identity)(&run);
    CV(identity)(&tot);
    for (size_t b = b0 + x->nb; b-- > b0;) {
        if (t->jused[b]) CV(add_var)(&run, &run, &t->jbk[b]);
        CV(add_var)(&tot, &tot, &run);
    }
    *r = tot;
}

/* slot d += slot s (distinct slots, s occupied) through the batch. */
PASTA_TFN PASTA_MSM_INLINE void CV(msm_radd)(CV(msm_task) *t, uint32_t d, uint32_t s) {
    if (!t->occ[d]) {
        CV(msm_aset)(t, d, &t->abk[s], 0);
        return;
    }
    CV(msm_pend) *e = &t->pend[t->npend++];
    e->src = &t->abk[s];
    e->b = d;
    e->s = 0;
    if (t->npend == t->batch) CV(msm_flush)(t);
}

/* Affine reduction of g windows of nb buckets at once: window wi's sum_b (b + 1) B_b to
 * out[wi * ostride]. Each window is cut into S = x->segs segments of L = nb / S buckets;
 * the g S segments' running sums (run_k = sum B, tot_k = sum (i + 1) B_{kL+i}) advance
 * together, one batch per step (2 L inversions in all); then per window, in Jacobian,
 * sum_k tot_k + L sum_k k run_k. */
PASTA_TFN PASTA_MSM_COLD void CV(msm_areduce)(JAC *out, size_t ostride, CV(msm_task) *t,
                                              const CV(msm_ctx) *x, int g) {
    size_t nb = x->nb, S = x->segs, L = nb / S, nbt = nb * (size_t)x->g;
    size_t nch = (size_t)g * S;
    uint32_t r0 = (uint32_t)nbt, t0 = (uint32_t)(nbt + (size_t)x->g * S);
    memset(t->occ + nbt, 0, 2 * (size_t)x->g * S);
    t->batch = x->batch;
    for (size_t i = L; i-- > 0;) {
        for (size_t ch = 0; ch < nch; ch++) {
            uint32_t b = (uint32_t)((ch / S) * nb + (ch % S) * L + i);
            if (t->occ[b]) CV(msm_radd)(t, r0 + (uint32_t)ch, b);
        }
        CV(msm_flush)(t);
        for (size_t ch = 0; ch < nch; ch++)
            if (t->occ[r0 + ch]) CV(msm_radd)(t, t0 + (uint32_t)ch, r0 + (uint32_t)ch);
        CV(msm_flush)(t);
    }
    for (int wi = 0; wi < g; wi++) {
        JAC run, tot;
        CV(identity)(&run);
        CV(identity)(&tot);
        uint32_t c0 = (uint32_t)((size_t)wi * S);
        for (size_t k = S; k-- > 1;) {
            if (t->occ[r0 + c0 + k]) CV(madd_var)(&run, &run, &t->abk[r0 + c0 + k]);
            CV(add_var)(&tot, &tot, &run);
        }
        for (size_t l = L; l > 1; l >>= 1) CV(dbl)(&tot, &tot);
        for (size_t k = 0; k < S; k++)
            if (t->occ[t0 + c0 + k]) CV(madd_var)(&tot, &tot, &t->abk[t0 + c0 + k]);
        out[(size_t)wi * ostride] = tot;
    }
}

/* Empties the first nbt buckets and the batch. */
PASTA_TFN void CV(msm_task_clear)(CV(msm_task) *t, size_t nbt) {
    memset(t->occ, 0, nbt);
    memset(t->busy, 0, nbt);
    memset(t->jused, 0, nbt);
    t->npend = t->nq = 0;
}
