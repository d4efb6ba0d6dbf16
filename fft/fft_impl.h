/* Group template (core/for_each.h, PASTA_GROUP_TEMPLATE): the number-theoretic transform,
 * one body over Fp, Fq (field elements) and Pallas, Vesta (Jacobian points), through the
 * group law G(g_add), G(g_sub), G(g_scale) only; twiddles GS from a domain of the scalar
 * field (include/pasta/fft.h). docs/FFT.md records the measurements behind the choices.
 *
 * Forward transform, in place, natural order in and out: a bit-reversal permutation,
 * then decimation-in-time stages with half-lengths m = 1, 2, 4, ..., n/2. Stage m pairs
 * a[b + i] and a[b + i + m] (b a multiple of 2m, i < m) with the twiddle w_2m^i, read
 * from the contiguous per-stage table tw[m + i]. Two consecutive stages (m, 2m) are fused
 * into one pass ("radix-2^2": 4 elements loaded once, 4 twiddle products, stored once),
 * which halves the passes over memory; with an odd count, the one single stage is m = 1,
 * whose twiddles are all 1 (no products). Products by a twiddle of index 0 (= 1) are
 * skipped. The result is the DFT itself, an exact value: the order of the work (blocks,
 * passes, threads) cannot change a byte.
 *
 * Schedule (cache blocking and threads): n = 2^lg as a matrix of 2^C rows of 2^(lg - C)
 * elements (C even, about lg / 2; pasta_fft_col_lg). After the bit reversal, the stages
 * below 2^(lg - C) stay inside a row: each row is a task, depth first. The other C
 * stages stay inside a column: each group of g consecutive columns is a task (working
 * set g 2^C elements, in cache through all of them), depth first; the inverse's 1/n is
 * applied there too. Three phases, so three barriers per transform, and no pass over the
 * whole array after the bit reversal. Below 2^PASTA_FFT_PAR_MIN_LG elements everything
 * runs on the calling thread. */
#include "fft/fft_common.h"

/* The IFMA backend's field instances (backends/x86_64_ifma.c): the passes over 8
 * consecutive indices run 8 butterflies per vector (fft/fft_ifma.h: the leaf of stages
 * 1, 2, 4, 8 in registers, then radix-2^2 passes within rows, column groups of >= 8
 * columns, the scale by 1/n); the same values, so the same bytes, as the scalar passes.
 * FFT_IFMA_K: the field's constants, FFT_IFMA_W(p): an element array as words. */
#if defined(PASTA_IFMA_BACKEND) && !GROUP_IS_CURVE
#include "fft/fft_ifma.h"
#define FFT_IFMA 1
#define FFT_IFMA_K (&PASTA_CAT3(pasta_ifma_, FIELD, _consts))
#define FFT_IFMA_W(p) ((p)->limbs)
#else
#define FFT_IFMA 0
#endif

/* Field butterflies: every kernel inlined into the pass (gcc otherwise calls the asm mul
 * from the 4 sites of pass4; docs/FFT.md has the counts). Not for points (mul_var), not
 * with clang (its register allocator then fails on the asm mul: "inline assembly
 * requires more registers than available"). */
#if !GROUP_IS_CURVE && defined(__GNUC__) && !defined(__clang__)
#define FFT_FLATTEN __attribute__((flatten))
#else
#define FFT_FLATTEN
#endif

/* One quad: stages m and 2m fused on p[0], p[m], p[2m], p[3m] with the twiddles w1 (stage
 * m), w2, w3 (stage 2m, indices i and i + m); first: i = 0 (w1 = w2 = 1, no products). */
static inline
    __attribute__((always_inline)) void G(quad)(GE *p0, size_t m, const GS *w1, const GS *w2,
                                                const GS *w3, int first) {
    GE *p1 = p0 + m, *p2 = p0 + 2 * m, *p3 = p0 + 3 * m;
    GE t1, t3, y0, y1, y2, y3;
#ifdef __clang__ /* local operands: clang's asm mul has no registers to spare otherwise */
    GS v1 = *w1, v2 = *w2, v3 = *w3;
    w1 = &v1;
    w2 = &v2;
    w3 = &v3;
#endif
    if (first) {
        t1 = *p1;
        t3 = *p3;
    } else {
        G(g_scale)(&t1, p1, w1);
        G(g_scale)(&t3, p3, w1);
    }
    G(g_add)(&y0, p0, &t1);
    G(g_sub)(&y1, p0, &t1);
    G(g_add)(&y2, p2, &t3);
    G(g_sub)(&y3, p2, &t3);
    if (first) t1 = y2;
    else G(g_scale)(&t1, &y2, w2);
    G(g_scale)(&t3, &y3, w3);
    G(g_add)(p0, &y0, &t1);
    G(g_sub)(p2, &y0, &t1);
    G(g_add)(p1, &y1, &t3);
    G(g_sub)(p3, &y1, &t3);
}

/* Radix-2 stage m on the butterflies [lo, hi) of a (butterfly q: block q / m, i = q % m). */
PASTA_TFN FFT_FLATTEN void G(pass2)(GE *a, size_t m, const GS *tw, size_t lo, size_t hi) {
    size_t q = lo;
    while (q < hi) {
        size_t i = q & (m - 1), b = (q - i) * 2; /* m is a power of two */
        size_t end = hi - q < m - i ? i + (hi - q) : m;
        for (; i < end; i++, q++) {
            GE *x = &a[b + i], *y = &a[b + i + m], t;
            if (i == 0) t = *y;
            else G(g_scale)(&t, y, &tw[m + i]);
            G(g_sub)(y, x, &t);
            G(g_add)(x, x, &t);
        }
    }
}

/* Stages m and 2m fused on the quads [lo, hi) of a (quad q: block q / m of 4m elements,
 * i = q % m; elements b + i + {0, m, 2m, 3m}). */
PASTA_TFN FFT_FLATTEN void G(pass4)(GE *a, size_t m, const GS *tw, size_t lo, size_t hi) {
    const GS *w1 = tw + m, *w2 = tw + 2 * m, *w3 = tw + 3 * m;
    size_t q = lo;
    while (q < hi) {
        size_t i = q & (m - 1), b = (q - i) * 4;
        size_t end = hi - q < m - i ? i + (hi - q) : m;
        for (; i < end; i++, q++) G(quad)(&a[b + i], m, &w1[i], &w2[i], &w3[i], i == 0);
    }
}

/* Swaps a[i] and a[rev(i)] for i in [lo, hi) with i < rev(i): each pair is touched by
 * the task owning its smaller index only. */
PASTA_TFN void G(bitrev)(GE *a, unsigned lg, size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; i++) {
        size_t r = pasta_fft_bitrev(i, lg);
        if (i < r) {
            GE t = a[i];
            a[i] = a[r];
            a[r] = t;
        }
    }
}

/* The stages 1 .. 2^(lgb-1) on one block of 2^lgb elements, depth first. */
PASTA_TFN void G(block)(GE *a, unsigned lgb, const GS *tw) {
#if FFT_IFMA
    if (lgb >= 4) {
        pasta_ifma_ntt_block_(FFT_IFMA_W(a), lgb, FFT_IFMA_W(tw), FFT_IFMA_K);
        return;
    }
#endif
    size_t len = (size_t)1 << lgb;
    unsigned s = 0;
    if (lgb & 1) {
        G(pass2)(a, 1, tw, 0, len / 2);
        s = 1;
    }
    for (; s + 2 <= lgb; s += 2) G(pass4)(a, (size_t)1 << s, tw, 0, len / 4);
}

/* The column stages 2^lgb .. n/2 (lg - lgb of them, even) on the columns [c0, c0 + g)
 * (elements r 2^lgb + c, c0 <= c < c0 + g), depth first, then times *scale if not NULL.
 * A column's butterflies read and write that column only. */
PASTA_TFN FFT_FLATTEN void G(cols)(GE *a, unsigned lg, unsigned lgb, const GS *tw, size_t c0,
                                   size_t g, const GS *scale) {
    size_t n = (size_t)1 << lg, s = (size_t)1 << lgb;
#if FFT_IFMA
    if (g % 8 == 0 && c0 % 8 == 0) {
        pasta_ifma_ntt_cols_(FFT_IFMA_W(a), lg, lgb, FFT_IFMA_W(tw), c0, g,
                             scale != NULL ? FFT_IFMA_W(scale) : NULL, FFT_IFMA_K);
        return;
    }
#endif
    for (unsigned st = lgb; st + 2 <= lg; st += 2) {
        size_t m = (size_t)1 << st;
        const GS *w1 = tw + m, *w2 = tw + 2 * m, *w3 = tw + 3 * m;
        for (size_t b = 0; b < n; b += 4 * m)
            for (size_t h = 0; h < m; h += s)
                for (size_t i = h + c0; i < h + c0 + g; i++)
                    G(quad)(&a[b + i], m, &w1[i], &w2[i], &w3[i], i == 0);
    }
    if (scale != NULL)
        for (size_t r = 0; r < n; r += s)
            for (size_t c = c0; c < c0 + g; c++) G(g_scale)(&a[r + c], &a[r + c], scale);
}

struct G(ntt_ctx) {
    GE *a;
    const GS *tw;
    const GS *scale;
    size_t n, count, ntasks, g;
    unsigned lg, lgb;
    enum pasta_ntt_phase kind;
};

PASTA_TFN void G(ntt_task)(void *vctx, size_t t) {
    const struct G(ntt_ctx) *c = vctx;
    size_t lo, hi;
    pasta_range(c->count, c->ntasks, t, &lo, &hi);
    switch (c->kind) {
    case PASTA_NTT_BITREV:
        /* buckets t, t + ntasks, ...: a pair is swapped by its smaller index's task, so
         * the low buckets hold most swaps; cyclic, the tasks get equal shares */
        for (size_t j = t; j < c->count; j += c->ntasks) {
            size_t len = c->n / c->count;
            G(bitrev)(c->a, c->lg, j * len, (j + 1) * len);
        }
        break;
    case PASTA_NTT_ROWS:
        for (size_t b = lo; b < hi; b++) G(block)(c->a + (b << c->lgb), c->lgb, c->tw);
        break;
    default: /* PASTA_NTT_COLS */
        G(cols)(c->a, c->lg, c->lgb, c->tw, lo * c->g, (hi - lo) * c->g, c->scale);
        break;
    }
}

/* Runs one phase over count items on nt threads. */
PASTA_TFN void G(ntt_run)(struct G(ntt_ctx) *c, enum pasta_ntt_phase kind, size_t count,
                          int nt) {
    c->kind = kind;
    c->count = count;
    c->ntasks = nt > 1 && count >= (size_t)nt ? (size_t)nt : 1;
    if (c->ntasks == 1) G(ntt_task)(c, 0);
    else pasta_parallel_for(c->ntasks, nt, G(ntt_task), c);
}

/* The transform of a (n = 2^lg) with the per-stage table tw; scale: multiply by it
 * afterwards (the inverse's 1/n), or NULL. Three phases, each a set of independent
 * tasks: the bit reversal, the rows (blocks of 2^lgb consecutive elements, stages
 * below 2^lgb), the columns (groups of g consecutive columns of the 2^(lg-lgb) x 2^lgb
 * matrix, the other stages). lgb and g depend on lg alone; each butterfly does the same
 * operations on the same operands whatever the split, so not even the Jacobian bytes of
 * points depend on the thread count. */
PASTA_TFN void G(ntt_core)(GE *a, unsigned lg, const GS *tw, const GS *scale, int nt) {
    size_t n = (size_t)1 << lg;
    struct G(ntt_ctx) c = {.a = a, .tw = tw, .scale = scale, .n = n, .lg = lg};
    if (lg == 0) {
        if (scale != NULL) G(g_scale)(&a[0], &a[0], scale);
        return;
    }
    G(ntt_run)(&c, PASTA_NTT_BITREV, n < 256 ? n : 256, nt);
    unsigned cl = pasta_fft_col_lg(lg);
    c.lgb = lg - cl;
    if (cl == 0) {
        G(block)(a, lg, tw);
#if FFT_IFMA
        if (scale != NULL)
            pasta_ifma_ntt_scale_(FFT_IFMA_W(a), n, FFT_IFMA_W(scale), FFT_IFMA_K);
        return;
#endif
        if (scale != NULL)
            for (size_t i = 0; i < n; i++) G(g_scale)(&a[i], &a[i], scale);
        return;
    }
    G(ntt_run)(&c, PASTA_NTT_ROWS, n >> c.lgb, nt);
    c.g = pasta_fft_col_group(lg);
#if FFT_IFMA
    if (c.g < 8) c.g = 8; /* whole vectors of columns; 2^lgb >= 16 columns here */
#endif
    G(ntt_run)(&c, PASTA_NTT_COLS, ((size_t)1 << c.lgb) / c.g, nt);
}

/* Checks shared by the transforms: 0 and lg, or an error code. */
PASTA_TFN int G(ntt_check)(const SDOM *d, const GE *a, size_t n, int threads, int *lg) {
    if (d == NULL || d->tables == NULL || threads < 0) return PASTA_ERR_INVALID_ARG;
    if (a == NULL) return PASTA_ERR_INVALID_ARG;
    *lg = pasta_fft_log2(n);
    if (*lg < 0 || n > d->ext_n) return PASTA_ERR_INVALID_ARG;
    return PASTA_OK;
}

/* 1/2^lg from the domain: its 1/N times 2^(K - lg), K = log2 N (exact, a few adds). */
PASTA_TFN void G(inv_pow2)(GS *r, const SDOM *d, unsigned lg) {
    GS x = d->ext_n_inv;
    for (unsigned s = lg; s < d->k + d->j; s++) SF(add)(&x, &x, &x);
    *r = x;
}

PASTA_TFN int G(ntt_group)(const SDOM *d, GE *a, size_t n, int threads, int inverse) {
    int lg, rc = G(ntt_check)(d, a, n, threads, &lg);
    if (rc != PASTA_OK) return rc;
    int nt = pasta_fft_threads(threads, n);
    if (!inverse) {
        G(ntt_core)(a, (unsigned)lg, d->tables, NULL, nt);
    } else {
        GS s;
        G(inv_pow2)(&s, d, (unsigned)lg);
        G(ntt_core)(a, (unsigned)lg, d->tables + d->ext_n, &s, nt);
    }
    return PASTA_OK;
}

/* The baseline: iterative radix-2, one pass per stage, twiddles w_N^(i N/2m) read with a
 * stride from the top table (halo2's best_fft layout), one thread. */
PASTA_TFN int G(ntt_radix2_group)(const SDOM *d, GE *a, size_t n, int inverse) {
    int lg, rc = G(ntt_check)(d, a, n, 1, &lg);
    if (rc != PASTA_OK) return rc;
    size_t half = (size_t)d->ext_n / 2;
    const GS *top = d->tables + (inverse ? d->ext_n : 0) + half;
    G(bitrev)(a, (unsigned)lg, 0, n);
    for (size_t m = 1; m < n; m *= 2) {
        size_t stride = half / m;
        for (size_t b = 0; b < n; b += 2 * m) {
            for (size_t i = 0; i < m; i++) {
                GE t;
                if (i == 0) {
                    t = a[b + m];
                } else { /* local operands: clang's asm mul has no registers to spare */
                    GE x = a[b + i + m];
                    GS w = top[i * stride];
                    G(g_scale)(&t, &x, &w);
                }
                G(g_sub)(&a[b + i + m], &a[b + i], &t);
                G(g_add)(&a[b + i], &a[b + i], &t);
            }
        }
    }
    if (inverse) {
        GS s;
        G(inv_pow2)(&s, d, (unsigned)lg);
        for (size_t i = 0; i < n; i++) G(g_scale)(&a[i], &a[i], &s);
    }
    return PASTA_OK;
}

/* The list entries: F(name) for the field instances, CV(name) for the curve ones. */
#if GROUP_IS_CURVE
PASTA_TFN int CV(ntt)(const SDOM *d, GE *a, size_t n, int threads) {
    return G(ntt_group)(d, a, n, threads, 0);
}
PASTA_TFN int CV(intt)(const SDOM *d, GE *a, size_t n, int threads) {
    return G(ntt_group)(d, a, n, threads, 1);
}
#else
PASTA_TFN int F(ntt)(const SDOM *d, GE *a, size_t n, int threads) {
    return G(ntt_group)(d, a, n, threads, 0);
}
PASTA_TFN int F(intt)(const SDOM *d, GE *a, size_t n, int threads) {
    return G(ntt_group)(d, a, n, threads, 1);
}
PASTA_TFN int F(ntt_radix2)(const SDOM *d, GE *a, size_t n, int inverse) {
    return G(ntt_radix2_group)(d, a, n, inverse);
}
#endif
#undef FFT_FLATTEN
#undef FFT_IFMA
#undef FFT_IFMA_K
#undef FFT_IFMA_W
