/* Template: Pippenger multi-scalar multiplication on one curve (CURVE, FIELD, SCALAR) on
 * one backend, included by backends/templates.h after the curve template. Defines the
 * static functions CV(msm_*) of msm/msm_list.h with the contracts of include/pasta/msm.h.
 * Variable time in scalars and bases (public data only), as halo2's best_multiexp.
 * docs/MSM.md records the measurements behind each choice below.
 *
 * Phases of one call (all memory allocated first, in one block, on the calling thread):
 *   recode      each scalar k_i is split by GLV into k = +-k1 +- k2 LAMBDA (|k1|, |k2| <
 *               2^127), so 2n points P_i, endo(P_i) = (BETA x, y) of 128-bit magnitudes
 *               (NOGLV: n points of 255 bits); identity bases get magnitude 0.
 *   accumulate  per window w and chunk of points, signed (Booth) digits d in
 *               [-2^(c-1), 2^(c-1)] read from the magnitudes (no carry chain: digit w
 *               is bits [wc, wc + c) + bit wc - 1 - 2^c bit wc + c - 1); [sign d] P goes
 *               to bucket |d| - 1 of 2^(c-1) buckets. Buckets are affine, filled by
 *               batches of additions sharing one inversion (Montgomery's trick); an
 *               addition into a bucket already in the batch goes to that bucket's
 *               Jacobian overflow instead (mixed addition). P + P and P + (-P) are
 *               handled inside the batch (tangent slope; emptied bucket). Jacobian mode:
 *               Jacobian buckets and mixed additions only.
 *   reduce      per job, sum_b (b + 1) B_b by running sums (from the top bucket).
 *   combine     jobs of one window added in chunk order, windows by Horner (c doublings
 *               each) from the top; the result is normalised (Z = 1, or (0, 0, 0)) so its
 *               bytes do not depend on the split, hence on the thread count.
 * Threads: jobs (window x chunk) are dealt in contiguous runs to tasks, each task owning
 * its scratch (indexed by task, never by thread), through pasta_parallel_for. */
#include <string.h>
#include <unistd.h>

#include "core/ct.h"
#include "core/parallel.h"
#include "msm/msm_list.h"

#define SF(name) PASTA_BNAME(SCALAR, name)
#define SE PASTA_CAT3(pasta_, SCALAR, )
#define CV(name) PASTA_BNAME(CURVE, name)
#define AFF PASTA_CAT3(pasta_, CURVE, _affine)
#define JAC PASTA_CAT3(pasta_, CURVE, _jacobian)

#ifndef PASTA_MSM_COMMON
#define PASTA_MSM_COMMON
/* Largest n accepted (every per-point byte count below stays far from SIZE_MAX). */
#define PASTA_MSM_MAX_N (SIZE_MAX / 1024)
/* Thread counts above this are clamped to it. */
#define PASTA_MSM_MAX_THREADS 1024
#define PASTA_MSM_MAX_C 20
/* Batch-affine tuning (docs/MSM.md): windows are grouped so that a job has about
 * GROUP_BUCKETS buckets; a batch holds buckets / BATCH_DIV additions, at most BATCH_MAX. */
#ifndef PASTA_MSM_GROUP_BUCKETS
#define PASTA_MSM_GROUP_BUCKETS 2048
#endif
#ifndef PASTA_MSM_BATCH_DIV
#define PASTA_MSM_BATCH_DIV 4
#endif
#ifndef PASTA_MSM_BATCH_MAX
#define PASTA_MSM_BATCH_MAX 512
#endif

/* bits [pos, pos + len) of the little-endian integer k of `limbs` limbs (len <= 32, pos
 * may be -1: bit -1 reads as 0); bits at or above 64 limbs read as 0. */
static inline uint64_t pasta_msm_bits(const uint64_t *k, int limbs, int pos, int len) {
    uint64_t v;
    if (pos < 0) return (pasta_msm_bits(k, limbs, 0, len - 1) << 1);
    int l = pos >> 6, s = pos & 63;
    if (l >= limbs) return 0;
    v = k[l] >> s;
    if (s + len > 64 && l + 1 < limbs) v |= k[l + 1] << (64 - s);
    return v & ((UINT64_C(1) << len) - 1);
}

/* The signed (Booth) digit of window w: bits [wc, wc + c) + bit (wc - 1) - 2^c bit
 * (wc + c - 1), in [-2^(c-1), 2^(c-1)]. The digits of all windows represent k when k <
 * 2^(nwin c - 1). */
static inline int pasta_msm_digit(const uint64_t *k, int limbs, int w, int c) {
    uint64_t v = pasta_msm_bits(k, limbs, w * c - 1, c + 1); /* bit wc-1 at bit 0 */
    int raw = (int)(v >> 1), low = (int)(v & 1);
    return raw + low - ((raw >> (c - 1)) << c);
}

/* The hot loops inline every field kernel they call (the compiler's size heuristics
 * leave F(mul) a call otherwise; docs/MSM.md has the counts). */
#if defined(__GNUC__) && !defined(__clang__)
#define PASTA_MSM_HOT __attribute__((flatten))
#else
#define PASTA_MSM_HOT
#endif
/* Called once per batch or job: one copy, not inlined into every caller. */
#if defined(__GNUC__)
#define PASTA_MSM_COLD __attribute__((noinline))
#else
#define PASTA_MSM_COLD
#endif

static inline size_t pasta_msm_round64(size_t x) { return (x + 63) & ~(size_t)63; }

/* Window count for magnitudes below 2^(bits - 1)... : bits = 128 (GLV halves < 2^127)
 * or 256 (full scalars < 2^255). */
static inline int pasta_msm_nwin(int bits, int c) { return (bits + c - 1) / c; }
/* Points per batch inversion for nbt buckets in flight (docs/MSM.md: buckets / 4). */
static inline size_t pasta_msm_batch(size_t nbt) {
    size_t b = nbt / PASTA_MSM_BATCH_DIV;
    if (b < 16) b = 16;
    if (b > PASTA_MSM_BATCH_MAX) b = PASTA_MSM_BATCH_MAX;
    return b;
}

/* The per-core L2 cache in bytes (sysconf where the C library reports it, else 512 KiB):
 * the window rules' cache correction. */
static inline double pasta_msm_l2(void) {
    long v = 0;
#ifdef _SC_LEVEL2_CACHE_SIZE
    v = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
    return v > 0 ? (double)v : 524288.0;
}

/* Cache correction of a bucket set of `bytes` (docs/MSM.md, timed): 1 + 1/4 per doubling
 * beyond the L2 (random bucket accesses miss it; callgrind counts do not see that). */
static inline double pasta_msm_cache(double bytes, double l2) {
    double f = 1.0;
    for (double b = l2; b < bytes; b *= 2) f += 0.25;
    return f;
}

/* Cost model, in field-multiplication equivalents, fitted to callgrind counts
 * (docs/MSM.md): per point and window a bucket addition (ADD), per bucket and window the
 * running sums (RED), per window and job a fixed cost; times the cache correction of a
 * job's affine buckets (windows grouped to about GROUP_BUCKETS buckets). */
static inline double pasta_msm_cost(size_t npts, int bits, int c, int affine, double l2) {
    double add = affine ? 10.0 : 14.0, red = affine ? 10.0 : 27.0;
    double nb = (double)((size_t)1 << (c - 1));
    double set = nb < PASTA_MSM_GROUP_BUCKETS ? PASTA_MSM_GROUP_BUCKETS : nb;
    double k = (double)pasta_msm_nwin(bits, c) * ((double)npts * add + nb * red + 40.0);
    return affine ? k * pasta_msm_cache(set * 64.0, l2) : k;
}
/* Affine slots of a task: the buckets and the reduction chains. */
static inline size_t pasta_msm_slots(size_t nbt, size_t chains) { return nbt + 2 * chains; }

/* Segments per window for the affine reduction of g windows of nb buckets: the power of
 * two S <= nb minimising 2 (nb / S) inversions (INV each) + g S Jacobian combination
 * steps (COMB each, docs/MSM.md). */
static inline size_t pasta_msm_segs(size_t nb, int g) {
    const double inv = 110.0, comb = 38.0;
    size_t best = 1;
    double bc = 0;
    for (size_t S = 1; S <= nb; S <<= 1) {
        double k = 2.0 * (double)(nb / S) * inv + (double)g * (double)S * comb;
        if (S == 1 || k < bc) bc = k, best = S;
    }
    return best;
}

/* 1 when the top window of magnitudes below 2^(bits - 1) has at most 5 value bits: its
 * additions pile into <= 33 buckets, which batch-affine would serialise (docs/MSM.md), so
 * they go to Jacobian buckets (normalised into the affine ones before the reduction). */
static inline int pasta_msm_jtop(int bits, int c, int nwin) {
    return bits - 1 - (nwin - 1) * c <= 5;
}
#endif /* PASTA_MSM_COMMON */

/* ---- Per-task scratch and the shared context. */

/* One addition in the batch: abk[b] += (+-)src. s bit 0: negate src; set by the flush:
 * bit 1 doubling (src == abk[b]), bit 2 cancellation (src == -abk[b]). */
typedef struct {
    const AFF *src;
    uint32_t b, s;
} CV(msm_pend);

typedef struct {
    /* inputs */
    const AFF *bases;
    const SE *scalars;     /* or */
    const uint8_t *sbytes; /* canonical 32-byte scalars (already checked) */
    const AFF *tab;        /* fixed base: [2^(jc)] P_i at tab[i nwin + j] (else NULL) */
    size_t n;
    /* recoded points */
    AFF *endo;      /* GLV: endo(P_i); point 2i is P_i, 2i+1 is endo(P_i) */
    uint64_t *mag;  /* limbs per point */
    uint8_t *neg;   /* sign per point */
    size_t npts;
    int limbs, bits, glv;
    /* schedule */
    int c, nwin, affine, g; /* g windows per group */
    size_t topnb;           /* buckets the top window's digits reach (<= nb) */
    size_t ngroups, nchunks, njobs, ntasks, batch, nb;
    int jtop;        /* the top window has at most 32 digit values: Jacobian buckets */
    size_t segs;     /* affine reduction: segments per window (chains of nb / segs buckets) */
    JAC *part;       /* njobs window partial sums */
    uint8_t *scratch;
    size_t stride;   /* bytes of scratch per task */
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
    size_t lo = x->n / x->ntasks * task + (task < x->n % x->ntasks ? task : x->n % x->ntasks);
    size_t hi = lo + x->n / x->ntasks + (task < x->n % x->ntasks ? 1 : 0);
    for (size_t i = lo; i < hi; i++) {
        SE k;
        if (x->sbytes != NULL)
            (void)SF(from_bytes)(&k, x->sbytes + 32 * i);
        else
            k = x->scalars[i];
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
            if (id)
                m[0] = m[1] = m[2] = m[3] = 0;
            else
                SF(to_raw)(m, &k);
            x->neg[i] = 0;
        }
    }
}

/* ---- Bucket accumulation. */

/* The batch: abk[b_j] += (+-)src_j for every pending j (distinct slots), one inversion
 * (prefix products, then back to front: 3M per entry, then 2M + 1S for the sum; the
 * denominators of the first pass are kept for the second). */
PASTA_TFN PASTA_MSM_HOT PASTA_MSM_COLD void CV(msm_flush)(CV(msm_task) *t) {
    size_t m = t->npend;
    if (m == 0) return;
    FE acc = FC(ONE), inv, den;
    for (size_t j = 0; j < m; j++) {
        CV(msm_pend) *e = &t->pend[j];
        const AFF *a = &t->abk[e->b], *q = e->src;
        F(sub)(&den, &q->x, &a->x);
        if (F(is_zero)(&den)) {
            FE qy = q->y;
            if (e->s & 1) F(neg)(&qy, &qy);
            if (F(eq)(&qy, &a->y)) {
                e->s |= 2;
                F(dbl)(&den, &a->y);
            } else {
                e->s |= 4;
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
        if (e->s & 4) {
            t->occ[e->b] = 0;
            continue;
        }
        FE di, lam, num, x3;
        int ng = (int)(e->s & 1);
        F(mul)(&di, &inv, &t->pre[j]);
        den = t->den[j];
        if (!(e->s & 2)) {
            if (ng)
                F(add)(&num, &q->y, &a->y); /* -lambda's numerator */
            else
                F(sub)(&num, &q->y, &a->y);
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
        if (ng)
            F(sub)(&num, &x3, &a->x);
        else
            F(sub)(&num, &a->x, &x3);
        F(mul)(&num, &num, &lam);
        F(sub)(&a->y, &num, &a->y);
        a->x = x3;
    }
    t->npend = 0;
}

/* slot b = (+-)src (an empty slot). */
PASTA_TFN void CV(msm_aset)(CV(msm_task) *t, uint32_t b, const AFF *src, uint32_t ng) {
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
        } else {
            t->pend[t->npend++] = e;
            t->busy[e.b] = 1;
            if (t->npend == t->batch) CV(msm_flush)(t);
        }
    }
}

/* bucket b += (+-)src: into the batch, or the queue when b is already in the batch, or
 * b's Jacobian bucket when the queue is full. */
PASTA_TFN void CV(msm_aadd)(CV(msm_task) *t, uint32_t b, const AFF *src, uint32_t ng) {
    if (!t->occ[b]) {
        CV(msm_aset)(t, b, src, ng);
    } else if (t->busy[b]) {
        if (t->nq < t->qcap) {
            CV(msm_pend) *e = &t->queue[t->nq++];
            e->src = src;
            e->b = b;
            e->s = ng;
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
PASTA_TFN PASTA_MSM_HOT PASTA_MSM_COLD void CV(msm_finish)(CV(msm_task) *t, size_t nbt) {
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
PASTA_TFN void CV(msm_radd)(CV(msm_task) *t, uint32_t d, uint32_t s) {
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
PASTA_TFN PASTA_MSM_HOT PASTA_MSM_COLD void CV(msm_areduce)(JAC *out, size_t ostride, CV(msm_task) *t,
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

/* One job: the windows of group gi over the points of chunk ch (each point's digits of
 * all g windows go to distinct buckets, so small windows still fill large batches);
 * writes each window's sum to part[w * nchunks + ch]. */
PASTA_TFN PASTA_MSM_HOT void CV(msm_job)(CV(msm_task) *t, CV(msm_ctx) *x, size_t job) {
    size_t gi = job / x->nchunks, ch = job % x->nchunks;
    int w0 = (int)gi * x->g, g = x->nwin - w0 < x->g ? x->nwin - w0 : x->g;
    size_t lo = x->npts / x->nchunks * ch + (ch < x->npts % x->nchunks ? ch : x->npts % x->nchunks);
    size_t hi = lo + x->npts / x->nchunks + (ch < x->npts % x->nchunks ? 1 : 0);
    size_t nb = x->nb, nbt = nb * (size_t)x->g, reach = 0;
    CV(msm_task_clear)(t, nbt);
    /* batch from the buckets this job's digits reach (the top window's are fewer) */
    for (int wi = 0; wi < g; wi++)
        if (w0 + wi < x->nwin - 1)
            reach += nb;
        else if (!x->jtop)
            reach += x->topnb;
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
                int v = sh < 128 ? (int)((uint64_t)(u >> sh) & ((UINT64_C(2) << x->c) - 1)) : 0;
                d = (v >> 1) + (v & 1) - ((v >> x->c) << x->c);
            } else
#endif
                d = pasta_msm_digit(m, x->limbs, w0 + wi, x->c);
            if (d == 0) continue;
            uint32_t s = (uint32_t)(d < 0) ^ pn;
            uint32_t b = (uint32_t)((size_t)wi * nb) + (uint32_t)(d < 0 ? -d : d) - 1;
            if (x->affine && !(x->jtop && w0 + wi == x->nwin - 1))
                CV(msm_aadd)(t, b, p, s);
            else
                CV(msm_jadd)(t, b, p, s);
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

PASTA_TFN void CV(msm_task_fn)(void *ctx, size_t task) {
    CV(msm_ctx) *x = ctx;
    CV(msm_task) t;
    CV(msm_task_init)(&t, x, task);
    size_t lo = x->njobs / x->ntasks * task +
                (task < x->njobs % x->ntasks ? task : x->njobs % x->ntasks);
    size_t hi = lo + x->njobs / x->ntasks + (task < x->njobs % x->ntasks ? 1 : 0);
    for (size_t j = lo; j < hi; j++) CV(msm_job)(&t, x, j);
}

/* ---- Schedule. */

/* The window size for npts points of `bits`-bit magnitudes: the c minimising the cost
 * model (ties: the smaller c). */
PASTA_TFN int CV(msm_window)(size_t npts, int bits, int affine) {
    int best = 1;
    double l2 = pasta_msm_l2();
    double bc = pasta_msm_cost(npts, bits, 1, affine, l2);
    for (int c = 2; c <= 16; c++) {
        double k = pasta_msm_cost(npts, bits, c, affine, l2);
        if (k < bc) bc = k, best = c;
    }
    return best;
}

/* Chunks of points for T threads: the count minimising the modelled longest task
 * (ceil(jobs / T) jobs of g windows over npts / chunks points, plus their reductions);
 * 1 for T = 1. */
PASTA_TFN size_t CV(msm_chunks)(size_t npts, size_t ngroups, int g, size_t nb, int affine,
                                int threads) {
    if (threads <= 1) return 1;
    size_t best = 1;
    double bc = 0, add = affine ? 10.0 : 14.0;
    for (size_t k = 1; k <= 4 * (size_t)threads && k <= npts; k++) {
        size_t jobs = ngroups * k, per = (jobs + (size_t)threads - 1) / (size_t)threads;
        double job = (double)g * ((double)(npts / k + 1) * add + (double)nb * 27.0 + 40.0);
        double span = (double)per * job;
        if (k == 1 || span < bc * 0.98) bc = span, best = k;
    }
    return best;
}

/* The common body of msm_var, msm_bytes_var and msm_var_opt (arguments checked). */
PASTA_TFN int CV(msm_run)(JAC *r, const AFF *bases, const SE *scalars, const uint8_t *sbytes,
                          size_t n, int threads, int c, int flags) {
    CV(msm_ctx) x;
    memset(&x, 0, sizeof x);
    x.bases = bases;
    x.scalars = scalars;
    x.sbytes = sbytes;
    x.n = n;
    x.glv = !(flags & PASTA_MSM_F_NOGLV);
    x.npts = x.glv ? 2 * n : n;
    x.limbs = x.glv ? 2 : 4;
    x.bits = x.glv ? 128 : 256;
    if (threads == 0) threads = pasta_threads_default();
    if (threads > PASTA_MSM_MAX_THREADS) threads = PASTA_MSM_MAX_THREADS;
    if (flags & PASTA_MSM_F_JACOBIAN)
        x.affine = 0;
    else if (flags & PASTA_MSM_F_AFFINE)
        x.affine = 1;
    else
        x.affine = x.npts >= 16; /* docs/MSM.md: batch-affine is ahead from n = 8 up */
    x.c = c != 0 ? c : CV(msm_window)(x.npts, x.bits, x.affine);
    x.nwin = pasta_msm_nwin(x.bits, x.c);
    x.nb = (size_t)1 << (x.c - 1);
    /* window groups of about PASTA_MSM_GROUP_BUCKETS buckets (docs/MSM.md) */
    x.g = (int)((PASTA_MSM_GROUP_BUCKETS + x.nb - 1) / x.nb);
    if (x.g > x.nwin) x.g = x.nwin;
    x.ngroups = (size_t)((x.nwin + x.g - 1) / x.g);
    x.g = (int)(((size_t)x.nwin + x.ngroups - 1) / x.ngroups);
    {
        int topbits = x.bits - 1 - (x.nwin - 1) * x.c; /* the top digit is <= 2^topbits */
        x.topnb = topbits >= x.c - 1 ? x.nb : (size_t)1 << topbits;
    }
    size_t nbt = x.nb * (size_t)x.g;
    x.batch = pasta_msm_batch(nbt);
    x.segs = x.affine ? pasta_msm_segs(x.nb, x.g) : 0;
    x.jtop = pasta_msm_jtop(x.bits, x.c, x.nwin);
    x.nchunks = CV(msm_chunks)(x.npts, x.ngroups, x.g, x.nb, x.affine, threads);
    x.njobs = x.ngroups * x.nchunks;
    x.ntasks = (size_t)threads < x.njobs ? (size_t)threads : x.njobs;
    x.stride = CV(msm_stride)(nbt, (size_t)x.g * x.segs, x.batch, x.affine);

    /* one block: magnitudes, signs, endo images, partial sums, task scratch */
    size_t o_mag = 0;
    size_t o_neg = o_mag + pasta_msm_round64(n * 4 * sizeof(uint64_t));
    size_t o_endo = o_neg + pasta_msm_round64(x.npts);
    size_t o_part = o_endo + (x.glv ? pasta_msm_round64(n * sizeof(AFF)) : 0);
    size_t o_scr = o_part + pasta_msm_round64((size_t)x.nwin * x.nchunks * sizeof(JAC));
    size_t total = o_scr + x.ntasks * x.stride;
    uint8_t *mem = pasta_alloc(total);
    if (mem == NULL) return PASTA_ERR_NO_MEMORY;
    x.mag = (uint64_t *)(void *)(mem + o_mag);
    x.neg = mem + o_neg;
    x.endo = x.glv ? (AFF *)(void *)(mem + o_endo) : NULL;
    x.part = (JAC *)(void *)(mem + o_part);
    x.scratch = mem + o_scr;

    size_t ntasks = x.ntasks;
    x.ntasks = (size_t)threads < n ? (size_t)threads : n;
    pasta_parallel_for(x.ntasks, threads, CV(msm_recode_task), &x);
    x.ntasks = ntasks;
    pasta_parallel_for(x.ntasks, threads, CV(msm_task_fn), &x);

    JAC acc;
    AFF a;
    CV(identity)(&acc);
    for (int w = x.nwin - 1; w >= 0; w--) {
        if (!CV(is_identity)(&acc))
            for (int i = 0; i < x.c; i++) CV(dbl)(&acc, &acc);
        for (size_t ch = 0; ch < x.nchunks; ch++)
            CV(add_var)(&acc, &acc, &x.part[(size_t)w * x.nchunks + ch]);
    }
    pasta_free(mem);
    CV(to_affine_var)(&a, &acc);
    CV(from_affine)(r, &a);
    return PASTA_OK;
}

PASTA_TFN int CV(msm_check)(JAC *r, const AFF *bases, const void *scalars, size_t n,
                            int threads) {
    if (threads < 0) return PASTA_ERR_INVALID_ARG;
    if (n == 0) {
        CV(identity)(r);
        return 1; /* done */
    }
    if (bases == NULL || scalars == NULL || n > PASTA_MSM_MAX_N) return PASTA_ERR_INVALID_ARG;
    return PASTA_OK;
}

PASTA_TFN int CV(msm_var)(JAC *r, const AFF *bases, const SE *scalars, size_t n, int threads) {
    int rc = CV(msm_check)(r, bases, scalars, n, threads);
    if (rc != PASTA_OK) return rc < 0 ? rc : PASTA_OK;
    return CV(msm_run)(r, bases, scalars, NULL, n, threads, 0, 0);
}

PASTA_TFN int CV(msm_bytes_var)(JAC *r, const AFF *bases, const uint8_t *scalars, size_t n,
                                int threads) {
    int rc = CV(msm_check)(r, bases, scalars, n, threads);
    if (rc != PASTA_OK) return rc < 0 ? rc : PASTA_OK;
    for (size_t i = 0; i < n; i++) {
        SE k;
        if (SF(from_bytes)(&k, scalars + 32 * i) != PASTA_OK) return PASTA_ERR_NONCANONICAL;
    }
    return CV(msm_run)(r, bases, NULL, scalars, n, threads, 0, 0);
}

PASTA_TFN int CV(msm_var_opt)(JAC *r, const AFF *bases, const SE *scalars, size_t n,
                              int threads, int c, int flags) {
    if (c < 0 || c > PASTA_MSM_MAX_C) return PASTA_ERR_INVALID_ARG;
    int rc = CV(msm_check)(r, bases, scalars, n, threads);
    if (rc != PASTA_OK) return rc < 0 ? rc : PASTA_OK;
    return CV(msm_run)(r, bases, scalars, NULL, n, threads, c, flags);
}

/* ---- Fixed base (a commitment key): tables of [2^(jc)] P_i, j < nwin = ceil(256 / c),
 * affine, after a 64-byte header; an MSM is then one bucket set over the n nwin table
 * points with digit j of k_i for entry (i, j): no doublings, one reduction per chunk.
 * No GLV (the table already splits each scalar into nwin pieces; the endomorphism would
 * cost a multiplication per addition or twice the memory: docs/MSM.md). */

#define PASTA_MSM_TABLE_MAGIC (UINT64_C(0x70617374616d7300) + FIELD_ID)

typedef struct {
    uint64_t magic, n, size;
    uint32_t c, nwin;
    uint64_t reserved[4]; /* 64 bytes in all */
} CV(msm_table_hdr);

/* The fixed-base window for n bases: minimises n nwin ADD + 2^(c-1) RED (one affine
 * reduction). */
PASTA_TFN int CV(msm_fixed_window)(size_t n) {
    int best = 1;
    double bc = 0, l2 = pasta_msm_l2();
    for (int c = 1; c <= 16; c++) {
        double nb = (double)((size_t)1 << (c - 1));
        double k = ((double)n * pasta_msm_nwin(256, c) * 10.0 + nb * 10.0) *
                   pasta_msm_cache(nb * 64.0, l2);
        if (c == 1 || k < bc) bc = k, best = c;
    }
    return best;
}

PASTA_TFN size_t CV(msm_fixed_size)(size_t n, int c) {
    if (c < 0 || c > PASTA_MSM_MAX_C || n > PASTA_MSM_MAX_N) return 0;
    if (c == 0) c = CV(msm_fixed_window)(n);
    size_t nwin = (size_t)pasta_msm_nwin(256, c);
    if (n > (SIZE_MAX - sizeof(CV(msm_table_hdr))) / (nwin * sizeof(AFF))) return 0;
    return sizeof(CV(msm_table_hdr)) + n * nwin * sizeof(AFF);
}

typedef struct {
    const AFF *bases;
    AFF *tab;
    size_t n, ntasks;
    int c, nwin;
} CV(msm_build_ctx);

PASTA_TFN void CV(msm_build_task)(void *ctx, size_t task) {
    CV(msm_build_ctx) *x = ctx;
    size_t lo = x->n / x->ntasks * task + (task < x->n % x->ntasks ? task : x->n % x->ntasks);
    size_t hi = lo + x->n / x->ntasks + (task < x->n % x->ntasks ? 1 : 0);
    JAC tmp[256], cur;
    for (size_t i = lo; i < hi; i++) {
        CV(from_affine)(&cur, &x->bases[i]);
        for (int j = 0; j < x->nwin; j++) {
            if (j > 0)
                for (int d = 0; d < x->c; d++) CV(dbl)(&cur, &cur);
            tmp[j] = cur;
        }
        (void)CV(batch_to_affine)(&x->tab[i * (size_t)x->nwin], tmp, (size_t)x->nwin);
    }
}

PASTA_TFN int CV(msm_fixed_build)(PASTA_T_tab *table, size_t table_size, const AFF *bases,
                                  size_t n, int c, int threads) {
    if (table == NULL || threads < 0 || c < 0 || c > PASTA_MSM_MAX_C ||
        (n > 0 && bases == NULL) || ((uintptr_t)(void *)table & 7) != 0)
        return PASTA_ERR_INVALID_ARG;
    size_t need = CV(msm_fixed_size)(n, c);
    if (need == 0 || table_size < need) return PASTA_ERR_INVALID_ARG;
    if (c == 0) c = CV(msm_fixed_window)(n);
    if (threads == 0) threads = pasta_threads_default();
    if (threads > PASTA_MSM_MAX_THREADS) threads = PASTA_MSM_MAX_THREADS;
    CV(msm_table_hdr) h;
    memset(&h, 0, sizeof h);
    h.magic = PASTA_MSM_TABLE_MAGIC;
    h.n = n;
    h.size = need;
    h.c = (uint32_t)c;
    h.nwin = (uint32_t)pasta_msm_nwin(256, c);
    CV(msm_build_ctx) b = {bases, (AFF *)(void *)((uint8_t *)(void *)table + sizeof h), n,
                           (size_t)threads < n ? (size_t)threads : n, c, (int)h.nwin};
    pasta_parallel_for(b.ntasks, threads, CV(msm_build_task), &b);
    memcpy(table, &h, sizeof h);
    return PASTA_OK;
}

/* One chunk of scalars: every (scalar, window) digit into the one bucket set. */
PASTA_TFN PASTA_MSM_HOT void CV(msm_fixed_job)(CV(msm_task) *t, CV(msm_ctx) *x, size_t ch) {
    size_t lo = x->n / x->nchunks * ch + (ch < x->n % x->nchunks ? ch : x->n % x->nchunks);
    size_t hi = lo + x->n / x->nchunks + (ch < x->n % x->nchunks ? 1 : 0);
    CV(msm_task_clear)(t, x->nb);
    for (size_t i = lo; i < hi; i++) {
        const uint64_t *m = x->mag + 4 * i;
        if ((m[0] | m[1] | m[2] | m[3]) == 0) continue;
        const AFF *row = &x->tab[i * (size_t)x->nwin];
        for (int w = 0; w < x->nwin; w++) {
            int d = pasta_msm_digit(m, 4, w, x->c);
            if (d == 0) continue;
            uint32_t b = (uint32_t)(d < 0 ? -d : d) - 1;
            if (x->affine && !(x->jtop && w == x->nwin - 1))
                CV(msm_aadd)(t, b, &row[w], (uint32_t)(d < 0));
            else
                CV(msm_jadd)(t, b, &row[w], (uint32_t)(d < 0));
        }
    }
    if (x->affine) {
        CV(msm_finish)(t, x->nb);
        CV(msm_areduce)(&x->part[ch], 1, t, x, 1);
    } else {
        CV(msm_reduce)(&x->part[ch], t, x, 0);
    }
}

PASTA_TFN void CV(msm_fixed_task_fn)(void *ctx, size_t task) {
    CV(msm_ctx) *x = ctx;
    CV(msm_task) t;
    CV(msm_task_init)(&t, x, task);
    size_t lo = x->njobs / x->ntasks * task +
                (task < x->njobs % x->ntasks ? task : x->njobs % x->ntasks);
    size_t hi = lo + x->njobs / x->ntasks + (task < x->njobs % x->ntasks ? 1 : 0);
    for (size_t j = lo; j < hi; j++) CV(msm_fixed_job)(&t, x, j);
}

PASTA_TFN int CV(msm_fixed_var)(JAC *r, const PASTA_T_tab *table, const SE *scalars, size_t n,
                                int threads) {
    if (threads < 0) return PASTA_ERR_INVALID_ARG;
    if (n == 0) {
        CV(identity)(r);
        return PASTA_OK;
    }
    if (table == NULL || scalars == NULL || ((uintptr_t)(const void *)table & 7) != 0)
        return PASTA_ERR_INVALID_ARG;
    CV(msm_table_hdr) h;
    memcpy(&h, table, sizeof h);
    if (h.magic != PASTA_MSM_TABLE_MAGIC || n > h.n || h.c < 1 || h.c > PASTA_MSM_MAX_C ||
        h.nwin != (uint32_t)pasta_msm_nwin(256, (int)h.c))
        return PASTA_ERR_INVALID_ARG;
    if (threads == 0) threads = pasta_threads_default();
    if (threads > PASTA_MSM_MAX_THREADS) threads = PASTA_MSM_MAX_THREADS;
    CV(msm_ctx) x;
    memset(&x, 0, sizeof x);
    x.tab = (const AFF *)(const void *)((const uint8_t *)(const void *)table + sizeof h);
    x.scalars = scalars;
    x.n = n;
    x.npts = n;
    x.limbs = 4;
    x.bits = 256;
    x.c = (int)h.c;
    x.nwin = (int)h.nwin;
    x.g = 1;
    x.ngroups = 1;
    x.nb = (size_t)1 << (x.c - 1);
    x.affine = n * (size_t)x.nwin >= 64;
    x.batch = pasta_msm_batch(x.nb);
    x.nchunks = CV(msm_chunks)(n * (size_t)x.nwin, 1, 1, x.nb, x.affine, threads);
    if (x.nchunks > n) x.nchunks = n;
    x.njobs = x.nchunks;
    x.ntasks = (size_t)threads < x.njobs ? (size_t)threads : x.njobs;
    x.segs = x.affine ? pasta_msm_segs(x.nb, 1) : 0;
    x.jtop = pasta_msm_jtop(256, x.c, x.nwin);
    x.stride = CV(msm_stride)(x.nb, x.segs, x.batch, x.affine);
    size_t o_neg = pasta_msm_round64(n * 4 * sizeof(uint64_t));
    size_t o_part = o_neg + pasta_msm_round64(n);
    size_t o_scr = o_part + pasta_msm_round64(x.nchunks * sizeof(JAC));
    uint8_t *mem = pasta_alloc(o_scr + x.ntasks * x.stride);
    if (mem == NULL) return PASTA_ERR_NO_MEMORY;
    x.mag = (uint64_t *)(void *)mem;
    x.neg = mem + o_neg;
    x.part = (JAC *)(void *)(mem + o_part);
    x.scratch = mem + o_scr;
    size_t ntasks = x.ntasks;
    x.ntasks = (size_t)threads < n ? (size_t)threads : n;
    pasta_parallel_for(x.ntasks, threads, CV(msm_recode_task), &x);
    x.ntasks = ntasks;
    pasta_parallel_for(x.ntasks, threads, CV(msm_fixed_task_fn), &x);
    JAC acc;
    AFF a;
    CV(identity)(&acc);
    for (size_t ch = 0; ch < x.nchunks; ch++) CV(add_var)(&acc, &acc, &x.part[ch]);
    pasta_free(mem);
    CV(to_affine_var)(&a, &acc);
    CV(from_affine)(r, &a);
    return PASTA_OK;
}

#undef PASTA_MSM_TABLE_MAGIC

#undef SF
#undef SE
#undef CV
#undef AFF
#undef JAC
