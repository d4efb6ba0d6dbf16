/* Template (core/for_each.h, PASTA_CURVE_TEMPLATE, via msm/msm_impl.h): the fixed-base
 * MSM on one curve, CV(msm_fixed_size), CV(msm_fixed_build) and CV(msm_fixed_var) of
 * msm/msm_list.h (contracts: include/pasta/msm.h), on the buckets of msm/bucket_impl.h.
 *
 * A table (a commitment key) holds [2^(jc)] P_i, j < nwin = ceil(256 / c), affine, after
 * a 64-byte header; an MSM is then one bucket set over the n nwin table points with digit
 * j of k_i for entry (i, j): no doublings, one reduction per chunk. No GLV (the table
 * already splits each scalar into nwin pieces; the endomorphism would cost a
 * multiplication per addition or twice the memory: docs/MSM.md). */
#include <stdlib.h>
#include <string.h>

#include "core/parallel.h"
#include "msm/common.h"
#include "msm/msm_list.h"

#define PASTA_MSM_TABLE_MAGIC (UINT64_C(0x70617374616d7300) + FIELD_ID)

typedef struct {
    uint64_t magic, n, size;
    uint32_t c, nwin;
    uint64_t reserved[4]; /* 64 bytes in all */
} CV(msm_table_hdr);

PASTA_TFN size_t CV(msm_fixed_size)(size_t n, int c) {
    if (c < 0 || c > PASTA_MSM_MAX_C || n > PASTA_MSM_MAX_N) return 0;
    if (c == 0) c = pasta_msm_fixed_window(n);
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
    size_t lo, hi;
    pasta_range(x->n, x->ntasks, task, &lo, &hi);
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
    if (c == 0) c = pasta_msm_fixed_window(n);
    if (threads == 0) threads = pasta_threads_default();
    if (threads > PASTA_MSM_MAX_THREADS) threads = PASTA_MSM_MAX_THREADS;
    CV(msm_table_hdr) h;
    memset(&h, 0, sizeof h);
    h.magic = PASTA_MSM_TABLE_MAGIC;
    h.n = n;
    h.size = need;
    h.c = (uint32_t)c;
    h.nwin = (uint32_t)pasta_msm_nwin(256, c);
    CV(msm_build_ctx) b = {bases, (AFF *)(void *)((uint8_t *)(void *)table + sizeof h),
                           n,     (size_t)threads < n ? (size_t)threads : n,
                           c,     (int)h.nwin};
    pasta_parallel_for(b.ntasks, threads, CV(msm_build_task), &b);
    memcpy(table, &h, sizeof h);
    return PASTA_OK;
}

/* One chunk of scalars: every (scalar, window) digit into the one bucket set. */
PASTA_TFN void CV(msm_fixed_job)(CV(msm_task) *t, CV(msm_ctx) *x, size_t ch) {
    size_t lo, hi;
    pasta_range(x->n, x->nchunks, ch, &lo, &hi);
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
            else CV(msm_jadd)(t, b, &row[w], (uint32_t)(d < 0));
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
    size_t lo, hi;
    pasta_range(x->njobs, x->ntasks, task, &lo, &hi);
    for (size_t j = lo; j < hi; j++) CV(msm_fixed_job)(&t, x, j);
}

/* ---- Fixed base on T > 1 threads, split by buckets (docs/PARALLEL.md): task t owns the
 * reduction segments [cut_t, cut_{t+1}) (buckets [cut_t L, cut_{t+1} L), L = nb / segs)
 * and adds there every digit of every scalar that falls into them, so the additions and
 * running sums are one thread's; a split into point chunks would give each chunk all nb
 * buckets and their reduction. The digits are computed and counted per segment by
 * ranges of scalars, then (the cuts known) each range writes its digits' entries to the
 * lists of the tasks that own them, so a task reads its own digits only. The split costs
 * these two passes and the reduction's inversions per task (fewer chains per batch: segs
 * is chosen for T). */

typedef struct {
    CV(msm_ctx) x;  /* first: the recode task takes it as its context */
    int32_t *dig;   /* digit of (scalar i, window w) at i nwin + w */
    uint32_t *hist; /* per recode task: digits per segment */
    size_t *cut;    /* ntasks + 1 segment boundaries */
    uint32_t *list; /* the nonzero digits' entries 2 (i nwin + w) + (w top), by task */
    size_t *off;    /* per (recode task q, task t) at q T + t: its next slot in list */
    size_t *start;  /* ntasks + 1: task t's entries are list[start[t], start[t + 1]) */
    uint32_t *own;  /* per segment: its task */
    size_t nrec;    /* recode tasks */
} CV(msm_fsplit_ctx);

/* Recodes a range of scalars, stores their digits and counts them per segment. */
PASTA_TFN void CV(msm_fsplit_digits)(void *ctx, size_t task) {
    CV(msm_fsplit_ctx) *s = ctx;
    CV(msm_ctx) *x = &s->x;
    CV(msm_recode_task)(x, task);
    size_t lo, hi;
    pasta_range(x->n, s->nrec, task, &lo, &hi); /* the recode task's range */
    size_t L = x->nb / x->segs, nwin = (size_t)x->nwin;
    uint32_t *h = s->hist + task * x->segs;
    memset(h, 0, x->segs * sizeof *h);
    for (size_t i = lo; i < hi; i++) {
        const uint64_t *m = x->mag + 4 * i;
        int32_t *d = s->dig + i * nwin;
        if ((m[0] | m[1] | m[2] | m[3]) == 0) {
            memset(d, 0, nwin * sizeof *d);
            continue;
        }
        /* pasta_msm_digit, inline: bits [wc - 1, wc + c) of k (bit -1 reads as 0) */
        const uint64_t k[5] = {m[0], m[1], m[2], m[3], 0}, mask = (UINT64_C(2) << x->c) - 1;
        for (size_t w = 0; w < nwin; w++) {
            uint64_t u;
            if (w == 0) {
                u = (k[0] << 1) & mask;
            } else {
                size_t p = w * (size_t)x->c - 1, l = p >> 6, sh = p & 63;
                u = ((k[l] >> sh) | ((k[l + 1] << 1) << (63 - sh))) & mask;
            }
            int raw = (int)(u >> 1), v = raw + (int)(u & 1) - ((raw >> (x->c - 1)) << x->c);
            d[w] = v;
            if (v != 0) h[(size_t)((v < 0 ? -v : v) - 1) / L]++;
        }
    }
}

/* Recode task q's entries to their tasks' lists (in scalar, then window order, so each
 * task meets its digits in the order of a scan of all of them). */
PASTA_TFN void CV(msm_fsplit_scatter)(void *ctx, size_t q) {
    CV(msm_fsplit_ctx) *s = ctx;
    const CV(msm_ctx) *x = &s->x;
    size_t lo, hi, T = x->ntasks, L = x->nb / x->segs, nwin = (size_t)x->nwin;
    size_t off[PASTA_MSM_MAX_THREADS]; /* a copy: the shared rows share cache lines */
    memcpy(off, s->off + q * T, T * sizeof *off);
    pasta_range(x->n, s->nrec, q, &lo, &hi);
    for (size_t i = lo; i < hi; i++)
        for (size_t w = 0, e = i * nwin; w < nwin; w++, e++) {
            int v = s->dig[e];
            if (v == 0) continue;
            size_t t = s->own[(size_t)((v < 0 ? -v : v) - 1) / L];
            s->list[off[t]++] = (uint32_t)(2 * e + (w == nwin - 1));
        }
}

/* Task t: the digits of its buckets (its list), then their reduction, to part[t]. */
PASTA_TFN void CV(msm_fsplit_task)(void *ctx, size_t task) {
    CV(msm_fsplit_ctx) *s = ctx;
    CV(msm_ctx) *x = &s->x;
    CV(msm_task) t;
    CV(msm_task_init)(&t, x, task);
    size_t L = x->nb / x->segs;
    uint32_t b0 = (uint32_t)(s->cut[task] * L), b1 = (uint32_t)(s->cut[task + 1] * L);
    CV(msm_task_clear)(&t, x->nb);
    size_t bt = pasta_msm_batch((size_t)(b1 - b0));
    if (bt < t.batch) t.batch = bt;
    for (size_t j = s->start[task]; j < s->start[task + 1]; j++) {
        size_t e = s->list[j] >> 1;
        int v = s->dig[e];
        uint32_t b = (uint32_t)(v < 0 ? -v : v) - 1;
        if (x->jtop && (s->list[j] & 1)) CV(msm_jadd)(&t, b, &x->tab[e], (uint32_t)(v < 0));
        else CV(msm_aadd)(&t, b, &x->tab[e], (uint32_t)(v < 0));
    }
    /* the buckets and chains outside [b0, b1) stay empty: the reduction skips them */
    CV(msm_finish)(&t, x->nb);
    CV(msm_areduce)(&x->part[task], 1, &t, x, 1);
}

/* The modelled work of segment k (see the cuts below). */
PASTA_TFN double CV(msm_fsplit_weight)(const CV(msm_fsplit_ctx) *s, size_t k) {
    double w = 10.0 * (double)(s->x.nb / s->x.segs);
    for (size_t q = 0; q < s->nrec; q++) w += 10.0 * (double)s->hist[q * s->x.segs + k];
    return w;
}

/* msm_fixed_var on T > 1 threads split by buckets (arguments and header checked, c and
 * nwin from the header). Returns 1 (nothing written) where it does not apply: Jacobian
 * mode, too little work, fewer segments than threads, 2^31 digits or more, or a split by
 * point chunks modelled faster (the digits crowd into too few buckets); else PASTA_OK or
 * an error. */
PASTA_TFN int CV(msm_fixed_bsplit)(JAC *r, const AFF *tab, const SE *scalars, size_t n, int c,
                                   int nwin, int threads) {
    size_t nb = (size_t)1 << (c - 1), T = (size_t)threads;
    double adds = (double)n * (double)nwin;
    if (adds < 64 || adds * 10.0 + (double)nb * 10.0 < PASTA_MSM_SPLIT_MIN) return 1;
    if (adds >= (double)(UINT32_MAX / 2)) return 1; /* the lists' 32-bit entries */
    size_t S = pasta_msm_fsplit_segs(nb, T);
    if (S == 0) return 1;
    CV(msm_fsplit_ctx) s;
    memset(&s, 0, sizeof s);
    CV(msm_ctx) *x = &s.x;
    x->tab = tab;
    x->scalars = scalars;
    x->n = n;
    x->npts = n;
    x->limbs = 4;
    x->bits = 256;
    x->c = c;
    x->nwin = nwin;
    x->g = 1;
    x->ngroups = 1;
    x->nb = nb;
    x->affine = 1;
    x->batch = pasta_msm_batch(nb);
    x->segs = S;
    x->jtop = pasta_msm_jtop(256, c, nwin);
    x->nchunks = x->njobs = x->ntasks = T;
    x->stride = CV(msm_stride)(nb, S, x->batch, 1);
    s.nrec = T < n ? T : n;
    size_t o_neg = pasta_msm_round64(n * 4 * sizeof(uint64_t));
    size_t o_part = o_neg + pasta_msm_round64(n);
    size_t o_dig = o_part + pasta_msm_round64(T * sizeof(JAC));
    size_t o_hist = o_dig + pasta_msm_round64(n * (size_t)nwin * sizeof(int32_t));
    size_t o_cut = o_hist + pasta_msm_round64(s.nrec * S * sizeof(uint32_t));
    size_t o_list = o_cut + pasta_msm_round64((T + 1) * sizeof(size_t));
    size_t o_off = o_list + pasta_msm_round64(n * (size_t)nwin * sizeof(uint32_t));
    size_t o_start = o_off + pasta_msm_round64(s.nrec * T * sizeof(size_t));
    size_t o_own = o_start + pasta_msm_round64((T + 1) * sizeof(size_t));
    size_t o_scr = o_own + pasta_msm_round64(S * sizeof(uint32_t));
    uint8_t *mem = pasta_alloc(o_scr + T * x->stride);
    if (mem == NULL) return PASTA_ERR_NO_MEMORY;
    x->mag = (uint64_t *)(void *)mem;
    x->neg = mem + o_neg;
    x->part = (JAC *)(void *)(mem + o_part);
    s.dig = (int32_t *)(void *)(mem + o_dig);
    s.hist = (uint32_t *)(void *)(mem + o_hist);
    s.cut = (size_t *)(void *)(mem + o_cut);
    s.list = (uint32_t *)(void *)(mem + o_list);
    s.off = (size_t *)(void *)(mem + o_off);
    s.start = (size_t *)(void *)(mem + o_start);
    s.own = (uint32_t *)(void *)(mem + o_own);
    x->scratch = mem + o_scr;
    x->ntasks = s.nrec; /* the recode task's ranges */
    pasta_parallel_for(s.nrec, threads, CV(msm_fsplit_digits), &s);
    x->ntasks = T;
    /* cuts at the segment boundaries nearest to equal shares of the modelled work: 10
     * per addition (the segment's digits) + 10 per bucket (the running sums) */
    double total = 0, cum = 0, big = 0, cur = 0;
    for (size_t k = 0; k < S; k++) total += CV(msm_fsplit_weight)(&s, k);
    s.cut[0] = 0;
    size_t k = 0;
    for (size_t t = 1; t < T; t++) {
        double goal = total * (double)t / (double)T;
        while (k < S - (T - t)) { /* every task keeps at least one segment */
            double wk = CV(msm_fsplit_weight)(&s, k);
            if (k > s.cut[t - 1] && cum + wk - goal >= goal - cum) break;
            cum += wk;
            k++;
        }
        s.cut[t] = k;
    }
    s.cut[T] = S;
    for (size_t q = 0, t = 0; q < S; q++) {
        if (q == s.cut[t + 1]) big = cur > big ? cur : big, cur = 0, t++;
        cur += CV(msm_fsplit_weight)(&s, q);
    }
    if (cur > big) big = cur;
    /* point chunks instead: each of T tasks adds 1/T of the digits and reduces nb buckets */
    if (big > (total - 10.0 * (double)nb) / (double)T + 10.0 * (double)nb) {
        pasta_free(mem);
        return 1;
    }
    /* each segment's task; per (recode task, task) the count, then the offsets: task t's
     * entries from recode task 0, 1, ... in turn */
    for (size_t t = 0; t < T; t++)
        for (size_t k = s.cut[t]; k < s.cut[t + 1]; k++) s.own[k] = (uint32_t)t;
    size_t at = 0;
    for (size_t t = 0; t < T; t++) {
        s.start[t] = at;
        for (size_t q = 0; q < s.nrec; q++) {
            s.off[q * T + t] = at;
            for (size_t k = s.cut[t]; k < s.cut[t + 1]; k++) at += s.hist[q * S + k];
        }
    }
    s.start[T] = at;
    pasta_parallel_for(s.nrec, threads, CV(msm_fsplit_scatter), &s);
    pasta_parallel_for(T, threads, CV(msm_fsplit_task), &s);
    JAC acc;
    AFF a;
    CV(identity)(&acc);
    for (size_t q = 0; q < T; q++) CV(add_var)(&acc, &acc, &x->part[q]);
    pasta_free(mem);
    CV(to_affine_var)(&a, &acc);
    CV(from_affine)(r, &a);
    return PASTA_OK;
}

/* The checks of include/pasta/msm.h for n > 0 scalars over `table`: PASTA_OK (its header
 * in *h) or PASTA_ERR_INVALID_ARG. */
PASTA_TFN int CV(msm_fixed_check)(CV(msm_table_hdr) *h, const PASTA_T_tab *table,
                                  const SE *scalars, size_t n) {
    if (table == NULL || scalars == NULL || ((uintptr_t)(const void *)table & 7) != 0)
        return PASTA_ERR_INVALID_ARG;
    memcpy(h, table, sizeof *h);
    if (h->magic != PASTA_MSM_TABLE_MAGIC || n > h->n || h->c < 1 || h->c > PASTA_MSM_MAX_C ||
        h->nwin != (uint32_t)pasta_msm_nwin(256, (int)h->c))
        return PASTA_ERR_INVALID_ARG;
    return PASTA_OK;
}

/* msm_fixed_var's body on checked arguments (n > 0, h the table's header, threads
 * resolved). */
PASTA_TFN int CV(msm_fixed_body)(JAC *r, const PASTA_T_tab *table, CV(msm_table_hdr) h,
                                 const SE *scalars, size_t n, int threads) {
    if (threads > 1) { /* split by buckets where it applies, else by point chunks below */
        int rc = CV(msm_fixed_bsplit)(
            r, (const AFF *)(const void *)((const uint8_t *)(const void *)table + sizeof h),
            scalars, n, (int)h.c, (int)h.nwin, threads);
        if (rc != 1) return rc;
    }
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
    x.nchunks = pasta_msm_chunks(n * (size_t)x.nwin, 1, 1, x.nb, x.affine, threads);
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
    CV(msm_recode)(&x, threads);
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

/* ---- Runs of equal scalars (docs/MSM.md, "Runs of equal scalars"). A run gives the
 * same digit, so the same bucket, at every window of each of its points, one point after
 * the other: in a batch only one addition per bucket fits, one more waits in the queue,
 * the rest go to the Jacobian overflow (mixed additions, and on x86_64-ifma scalar code
 * beside the 8-lane batch). A permutation product is constant over long stretches, a
 * sorted lookup column repeats each value: 1.7-3x the time of random scalars. So each
 * run of at least PASTA_MSM_RUN_MIN equal nonzero scalars s is taken out: the sum P of
 * its bases (the table's window-0 entries, mixed additions) enters a variable-base MSM
 * as one point with scalar s (s P = sum s B_i exactly), the other scalars go through the
 * table as before, and the two results are added. Returns 1 (nothing written) when there
 * is no such run. */
#ifndef PASTA_MSM_RUN_MIN
#define PASTA_MSM_RUN_MIN 4
#endif
/* Segments of at most PASTA_MSM_RUN_SEG points: a long run is summed in parallel, each
 * segment a point of the variable-base MSM (s P1 + s P2 = s (P1 + P2)). */
#ifndef PASTA_MSM_RUN_SEG
#define PASTA_MSM_RUN_SEG 64
#endif
typedef struct {
    const AFF *tab;
    size_t nwin, nseg, ntasks;
    const size_t *seg; /* segment k: points [seg[2k], seg[2k + 1]) */
    JAC *sum;
} CV(msm_runs_ctx);

/* Task: the sums of a contiguous share of the segments. */
PASTA_TFN void CV(msm_runs_task)(void *ctx, size_t task) {
    CV(msm_runs_ctx) *x = ctx;
    size_t lo, hi;
    pasta_range(x->nseg, x->ntasks, task, &lo, &hi);
    for (size_t k = lo; k < hi; k++) {
        CV(from_affine)(&x->sum[k], &x->tab[x->seg[2 * k] * x->nwin]);
        for (size_t j = x->seg[2 * k] + 1; j < x->seg[2 * k + 1]; j++)
            CV(madd_var)(&x->sum[k], &x->sum[k], &x->tab[j * x->nwin]);
    }
}

/* The end of the run of equal scalars from i (variable time: scalars are public here). */
PASTA_TFN size_t CV(msm_run_end)(const SE *s, size_t i, size_t n) {
    size_t e = i + 1;
    while (e < n && s[e].limbs[0] == s[i].limbs[0] && s[e].limbs[1] == s[i].limbs[1] &&
           s[e].limbs[2] == s[i].limbs[2] && s[e].limbs[3] == s[i].limbs[3])
        e++;
    return e;
}

PASTA_TFN int CV(msm_fixed_runs)(JAC *r, const PASTA_T_tab *table, CV(msm_table_hdr) h,
                                 const SE *scalars, size_t n, int threads) {
    static const SE zero; /* all-zero limbs: 0 */
    size_t nseg = 0;
    for (size_t i = 0; i < n;) {
        size_t e = CV(msm_run_end)(scalars, i, n);
        if (e - i >= PASTA_MSM_RUN_MIN && memcmp(&scalars[i], &zero, sizeof(SE)) != 0)
            nseg += (e - i + PASTA_MSM_RUN_SEG - 1) / PASTA_MSM_RUN_SEG;
        i = e;
    }
    if (nseg == 0) return 1;
    size_t o_rs = pasta_msm_round64(n * sizeof(SE));
    size_t o_rj = o_rs + pasta_msm_round64(nseg * sizeof(SE));
    size_t o_ra = o_rj + pasta_msm_round64(nseg * sizeof(JAC));
    size_t o_sg = o_ra + pasta_msm_round64(nseg * sizeof(AFF));
    uint8_t *mem = pasta_alloc(o_sg + 2 * nseg * sizeof(size_t));
    if (mem == NULL) return PASTA_ERR_NO_MEMORY;
    SE *rest = (SE *)(void *)mem, *rs = (SE *)(void *)(mem + o_rs);
    JAC *rj = (JAC *)(void *)(mem + o_rj);
    AFF *ra = (AFF *)(void *)(mem + o_ra);
    size_t *seg = (size_t *)(void *)(mem + o_sg);
    memcpy(rest, scalars, n * sizeof(SE));
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        size_t e = CV(msm_run_end)(scalars, i, n);
        if (e - i >= PASTA_MSM_RUN_MIN && memcmp(&scalars[i], &zero, sizeof(SE)) != 0) {
            for (size_t a = i; a < e; a += PASTA_MSM_RUN_SEG, k++) {
                seg[2 * k] = a;
                seg[2 * k + 1] = e - a < PASTA_MSM_RUN_SEG ? e : a + PASTA_MSM_RUN_SEG;
                rs[k] = scalars[i];
            }
            for (size_t j = i; j < e; j++) rest[j] = zero;
        }
        i = e;
    }
    /* up to 4 tasks per thread, claimed in order (pasta_parallel_for_dyn) */
    const size_t nt = nseg < 4 * (size_t)threads ? nseg : 4 * (size_t)threads;
    CV(msm_runs_ctx) x = {
        (const AFF *)(const void *)((const uint8_t *)(const void *)table + sizeof h),
        (size_t)h.nwin,
        nseg,
        nt,
        seg,
        rj};
    pasta_parallel_for_dyn(nt, threads, CV(msm_runs_task), &x);
    /* a sum that cancels contributes nothing (and is no MSM base) */
    size_t m = 0;
    for (k = 0; k < nseg; k++)
        if (!CV(is_identity)(&rj[k])) rj[m] = rj[k], rs[m] = rs[k], m++;
    CV(batch_to_affine_var)(ra, rj, m);
    JAC a, b;
    int rc = CV(msm_fixed_body)(&a, table, h, rest, n, threads);
    if (rc == PASTA_OK) rc = CV(msm_run)(&b, ra, rs, NULL, m, threads, 0, 0);
    pasta_free(mem);
    if (rc != PASTA_OK) return rc;
    AFF t;
    CV(add_var)(&a, &a, &b);
    CV(to_affine_var)(&t, &a);
    CV(from_affine)(r, &t);
    return PASTA_OK;
}

PASTA_TFN int CV(msm_fixed_var)(JAC *r, const PASTA_T_tab *table, const SE *scalars, size_t n,
                                int threads) {
    if (threads < 0) return PASTA_ERR_INVALID_ARG;
    if (n == 0) {
        CV(identity)(r);
        return PASTA_OK;
    }
    CV(msm_table_hdr) h;
    if (CV(msm_fixed_check)(&h, table, scalars, n) != PASTA_OK) return PASTA_ERR_INVALID_ARG;
    if (threads == 0) threads = pasta_threads_default();
    if (threads > PASTA_MSM_MAX_THREADS) threads = PASTA_MSM_MAX_THREADS;
    int rc = CV(msm_fixed_runs)(r, table, h, scalars, n, threads);
    if (rc != 1) return rc;
    return CV(msm_fixed_body)(r, table, h, scalars, n, pasta_threads_split(threads));
}

/* Several MSMs over one table, on T > 1 threads: each MSM's work modelled
 * (CV(msm_many_cost)), and the MSMs taken largest first. Every MSM is a one-thread task,
 * claimed one by one in that order, where the greedy schedule of that order (each to the
 * least loaded thread) ends within 25% (about what a split costs) of an even share;
 * otherwise whole MSMs while at least T are left, the rest one after the other, each on
 * all threads. Each r[j] is normalised (Z = 1), so the bytes do not depend on the split
 * or the order. */
typedef struct { /* MSM j of the batch and its modelled work */
    double cost;
    size_t j;
} CV(msm_many_item);

typedef struct {
    JAC *r;
    int *rc; /* per MSM */
    const PASTA_T_tab *table;
    const SE *scalars;
    size_t n;
    const CV(msm_many_item) *order; /* task k: MSM order[k].j */
} CV(msm_many_ctx);

PASTA_TFN void CV(msm_many_task)(void *ctx, size_t k) {
    CV(msm_many_ctx) *m = ctx;
    size_t j = m->order[k].j;
    m->rc[j] = CV(msm_fixed_var)(&m->r[j], m->table, m->scalars + j * m->n, m->n, 1);
}

/* The modelled work of one MSM, for the order: nwin per nonzero scalar outside runs of
 * PASTA_MSM_RUN_MIN equal ones, 1 per scalar of such a run (its summed base), plus the
 * reduction's nb. Variable time: the scalars are public. */
PASTA_TFN double CV(msm_many_cost)(const SE *s, size_t n, size_t nwin, size_t nb) {
    double w = (double)nb;
    for (size_t i = 0; i < n;) {
        size_t e = CV(msm_run_end)(s, i, n);
        if ((s[i].limbs[0] | s[i].limbs[1] | s[i].limbs[2] | s[i].limbs[3]) != 0)
            w += (double)(e - i >= PASTA_MSM_RUN_MIN ? e - i : (e - i) * nwin);
        i = e;
    }
    return w;
}

/* Largest cost first; equal costs in index order (a total order: the same schedule on
 * every run). */
static int CV(msm_many_cmp)(const void *a, const void *b) {
    const CV(msm_many_item) *x = a, *y = b;
    if (x->cost != y->cost) return x->cost > y->cost ? -1 : 1;
    return x->j < y->j ? -1 : x->j > y->j;
}

PASTA_TFN int CV(msm_fixed_var_many)(JAC *r, const PASTA_T_tab *table, const SE *scalars,
                                     size_t count, size_t n, int threads) {
    if (threads < 0 || (count > 0 && r == NULL)) return PASTA_ERR_INVALID_ARG;
    if (count == 0) return PASTA_OK;
    if ((n > 0 && count > SIZE_MAX / n) || count > SIZE_MAX / (sizeof(JAC) + sizeof(int)))
        return PASTA_ERR_INVALID_ARG;
    if (threads == 0) threads = pasta_threads_default();
    if (threads > PASTA_MSM_MAX_THREADS) threads = PASTA_MSM_MAX_THREADS;
    /* the arguments as msm_fixed_var checks them, before anything is written */
    CV(msm_table_hdr) h;
    if (n > 0 && CV(msm_fixed_check)(&h, table, scalars, n) != PASTA_OK)
        return PASTA_ERR_INVALID_ARG;
    size_t T = (size_t)threads, whole = threads > 1 && count >= T ? count / T * T : 0;
    /* the results go to r only when every MSM succeeded: r untouched on failure; then
     * the order */
    size_t o_it = pasta_msm_round64(count * (sizeof(JAC) + sizeof(int)));
    uint8_t *mem = pasta_alloc(o_it + (whole > 0 ? count * sizeof(CV(msm_many_item)) : 0));
    if (mem == NULL) return PASTA_ERR_NO_MEMORY;
    JAC *res = (JAC *)(void *)mem;
    int *rcs = (int *)(void *)(res + count), rc = PASTA_OK;
    CV(msm_many_item) *it = (CV(msm_many_item) *)(void *)(mem + o_it);
    if (whole > 0) {
        size_t nb = n > 0 ? (size_t)1 << (h.c - 1) : 0, nwin = n > 0 ? h.nwin : 0;
        for (size_t j = 0; j < count; j++)
            it[j].cost = CV(msm_many_cost)(scalars + j * n, n, nwin, nb), it[j].j = j;
        qsort(it, count, sizeof *it, CV(msm_many_cmp));
        double load[PASTA_MSM_MAX_THREADS], total = 0, big = 0;
        for (size_t t = 0; t < T; t++) load[t] = 0;
        for (size_t k = 0; k < count; k++) {
            size_t lt = 0;
            for (size_t t = 1; t < T; t++)
                if (load[t] < load[lt]) lt = t;
            load[lt] += it[k].cost, total += it[k].cost;
        }
        for (size_t t = 0; t < T; t++) big = load[t] > big ? load[t] : big;
        if (big <= 1.25 * total / (double)T) whole = count;
        CV(msm_many_ctx) m = {res, rcs, table, scalars, n, it};
        pasta_parallel_for_dyn(whole, threads, CV(msm_many_task), &m);
        for (size_t k = 0; k < whole; k++)
            if (rcs[it[k].j] != PASTA_OK) rc = rcs[it[k].j];
    }
    for (size_t k = whole; rc == PASTA_OK && k < count; k++) {
        size_t j = whole > 0 ? it[k].j : k;
        rc = CV(msm_fixed_var)(&res[j], table, scalars + j * n, n, threads);
    }
    if (rc == PASTA_OK) memcpy(r, res, count * sizeof(JAC));
    pasta_free(mem);
    return rc;
}

#undef PASTA_MSM_TABLE_MAGIC
