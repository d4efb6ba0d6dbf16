/* Field template (core/for_each.h, PASTA_FIELD_TEMPLATE; after fft/fft_impl.h): domains
 * and the polynomial operations of include/pasta/fft.h on one backend, calling the
 * transforms F(ntt)/F(intt) of the group template and the field kernels directly. */
#include "fft/fft_common.h"

/* The IFMA backend (backends/x86_64_ifma.c): the element-wise passes (coset factors,
 * vanishing division, linear combinations, poly_mul's products) on fft/fft_ifma.h, 8
 * elements per vector; the same values, so the same bytes. */
#ifdef PASTA_IFMA_BACKEND
#include "fft/fft_ifma.h"
#define POLY_IFMA_K (&PASTA_CAT3(pasta_ifma_, FIELD, _consts))
#endif

PASTA_TFN int F(domain_init)(DOM *d, int k, int j) {
    if (d == NULL || k < 0 || j < 0 || k > 32 || j > 32 - k) return PASTA_ERR_INVALID_ARG;
    unsigned K = (unsigned)(k + j);
    uint64_t N = (uint64_t)1 << K, nj = (uint64_t)1 << j;
    uint64_t count = 2 * N + nj;
    if (count > SIZE_MAX / sizeof(FE)) return PASTA_ERR_INVALID_ARG;
    FE *tab = pasta_alloc((size_t)count * sizeof(FE));
    if (tab == NULL) return PASTA_ERR_NO_MEMORY;
    DOM t;
    memset(&t, 0, sizeof t);
    t.k = (uint32_t)k;
    t.j = (uint32_t)j;
    t.n = (uint64_t)1 << k;
    t.ext_n = N;
    t.ext_omega = FC(ROOT_OF_UNITY);
    t.ext_omega_inv = FC(ROOT_OF_UNITY_INV);
    for (unsigned s = K; s < 32; s++) {
        F(sqr)(&t.ext_omega, &t.ext_omega);
        F(sqr)(&t.ext_omega_inv, &t.ext_omega_inv);
    }
    t.omega = t.ext_omega;
    t.omega_inv = t.ext_omega_inv;
    for (int s = 0; s < j; s++) {
        F(sqr)(&t.omega, &t.omega);
        F(sqr)(&t.omega_inv, &t.omega_inv);
    }
    t.n_inv = FC(ONE);
    for (int s = 0; s < k; s++) F(mul)(&t.n_inv, &t.n_inv, &FC(TWO_INV));
    t.ext_n_inv = t.n_inv;
    for (int s = 0; s < j; s++) F(mul)(&t.ext_n_inv, &t.ext_n_inv, &FC(TWO_INV));
    t.zeta = FC(ZETA);
    F(sqr)(&t.zeta_inv, &t.zeta);
    /* Per-stage twiddles: the top stage (m = N/2) by running products, each lower stage
     * every other entry of the one above. */
    for (int inv = 0; inv < 2; inv++) {
        FE *tw = tab + (inv ? N : 0);
        F(zero)(&tw[0]);
        if (N >= 2) {
            uint64_t half = N / 2;
            FE w = inv ? t.ext_omega_inv : t.ext_omega, x = FC(ONE);
            for (uint64_t i = 0; i < half; i++) {
                tw[half + i] = x;
                F(mul)(&x, &x, &w);
            }
            for (uint64_t m = half / 2; m >= 1; m /= 2)
                for (uint64_t i = 0; i < m; i++) tw[m + i] = tw[2 * m + 2 * i];
        }
    }
    /* 1/(zeta^n g^i - 1), g = ext_omega^n of order 2^j. */
    FE *van = tab + 2 * N, zn = t.zeta, g = t.ext_omega, x;
    for (int s = 0; s < k; s++) {
        F(sqr)(&zn, &zn);
        F(sqr)(&g, &g);
    }
    x = zn;
    for (uint64_t i = 0; i < nj; i++) {
        F(sub)(&van[i], &x, &FC(ONE));
        F(mul)(&x, &x, &g);
    }
    int rc = F(batch_invert)(van, van, (size_t)nj);
    if (rc != PASTA_OK) {
        pasta_free(tab);
        return rc;
    }
    t.tables = tab;
    *d = t;
    return PASTA_OK;
}

PASTA_TFN void F(domain_free)(DOM *d) {
    if (d == NULL) return;
    pasta_free(d->tables);
    memset(d, 0, sizeof *d);
}

#define DOM_OK(d) ((d) != NULL && (d)->tables != NULL)

/* Threads for an element-wise pass over n elements: the calling thread alone below
 * PASTA_FFT_LIN_MIN, else `threads` (0: the default). */
PASTA_TFN int F(lin_threads)(size_t n, int threads) {
    int nt = n < PASTA_FFT_LIN_MIN ? 1 : (threads == 0 ? pasta_threads_default() : threads);
    return nt < 1 ? 1 : nt;
}

/* The passes around the coset transforms, by ranges of [0, len) on the pool: r[i] =
 * a[i] c[i mod 3] for i < n (c = 1, c1, c2: halo2's distribute_powers_zeta, or the inverse
 * transform's 1/N, zeta^-1/N, zeta/N), 0 for n <= i < len. Per element, so the same bytes
 * whatever the split. */
struct F(coset_ctx) {
    FE *r;
    const FE *a;
    FE c[3];
    size_t n, len, ntasks;
    int mul0; /* c[0] != 1 */
};
PASTA_TFN void F(coset_task)(void *vctx, size_t t) {
    const struct F(coset_ctx) *x = vctx;
    size_t lo, hi;
    pasta_range(x->len, x->ntasks, t, &lo, &hi);
    size_t e = hi < x->n ? hi : (lo < x->n ? x->n : lo);
#ifdef PASTA_IFMA_BACKEND
    if (lo < e)
        pasta_ifma_ntt_coset_(x->r->limbs, x->a->limbs, x->c[0].limbs, lo, e, POLY_IFMA_K);
#else
    if (x->r != x->a && lo < e) memcpy(x->r + lo, x->a + lo, (e - lo) * sizeof(FE));
    for (size_t i = lo; i < e; i++)
        if (i % 3 != 0 || x->mul0) {
            FE v = x->r[i], k = x->c[i % 3], u; /* local operands: clang's asm registers */
            F(mul)(&u, &v, &k);
            x->r[i] = u;
        }
#endif
    if (e < hi) memset(x->r + e, 0, (hi - e) * sizeof(FE)); /* zero: all-zero limbs */
}
PASTA_TFN void F(coset_pass)(FE *r, const FE *a, const FE c[3], int mul0, size_t n, size_t len,
                             int threads) {
    int nt = F(lin_threads)(len, threads);
    struct F(coset_ctx) x = {
        .r = r, .a = a, .c = {c[0], c[1], c[2]}, .n = n, .len = len, .mul0 = mul0};
    x.ntasks = (size_t)nt;
    if (nt == 1) F(coset_task)(&x, 0);
    else pasta_parallel_for(x.ntasks, nt, F(coset_task), &x);
}

PASTA_TFN int F(coeff_to_extended)(const DOM *d, FE *r, const FE *a, size_t n, int threads) {
    if (!DOM_OK(d) || r == NULL || a == NULL || threads < 0) return PASTA_ERR_INVALID_ARG;
    if (n != d->n) return PASTA_ERR_INVALID_ARG;
    size_t N = (size_t)d->ext_n;
    const FE c[3] = {FC(ONE), d->zeta, d->zeta_inv};
    F(coset_pass)(r, a, c, 0, n, N, threads);
    return F(ntt)(d, r, N, threads);
}

PASTA_TFN int F(extended_to_coeff)(const DOM *d, FE *a, size_t n, int threads) {
    if (!DOM_OK(d) || a == NULL || threads < 0) return PASTA_ERR_INVALID_ARG;
    if (n != d->ext_n) return PASTA_ERR_INVALID_ARG;
    int lg = (int)(d->k + d->j);
    /* the inverse transform without its 1/N, which joins the zeta powers: one pass
     * multiplying by 1/N, zeta^-1/N, zeta/N (i mod 3 = 0, 1, 2) */
    FE c[3];
    c[0] = d->ext_n_inv;
    F(mul)(&c[1], &d->zeta_inv, &d->ext_n_inv);
    F(mul)(&c[2], &d->zeta, &d->ext_n_inv);
    F(ntt_core)(a, (unsigned)lg, d->tables + d->ext_n, NULL, pasta_fft_threads(threads, n));
    F(coset_pass)(a, a, c, 1, n, n, threads);
    return PASTA_OK;
}

PASTA_TFN int F(lagrange_to_extended)(const DOM *d, FE *r, const FE *a, size_t n,
                                      int threads) {
    if (!DOM_OK(d) || r == NULL || a == NULL || threads < 0) return PASTA_ERR_INVALID_ARG;
    if (n != d->n) return PASTA_ERR_INVALID_ARG;
    if (r != a) memcpy(r, a, n * sizeof(FE));
    int rc = F(intt)(d, r, n, threads);
    if (rc != PASTA_OK) return rc;
    return F(coeff_to_extended)(d, r, r, n, threads);
}

PASTA_TFN int F(divide_by_vanishing)(const DOM *d, FE *a, size_t n) {
    if (!DOM_OK(d) || a == NULL) return PASTA_ERR_INVALID_ARG;
    if (n != d->ext_n) return PASTA_ERR_INVALID_ARG;
    const FE *van = d->tables + 2 * d->ext_n;
    size_t mask = ((size_t)1 << d->j) - 1;
#ifdef PASTA_IFMA_BACKEND
    pasta_ifma_ntt_vdiv_(a->limbs, van->limbs, mask, 0, n, POLY_IFMA_K);
    return PASTA_OK;
#endif
    for (size_t i = 0; i < n; i++) {
        FE t = van[i & mask]; /* a local operand: clang's asm register budget */
        F(mul)(&a[i], &a[i], &t);
    }
    return PASTA_OK;
}

/* divide_by_vanishing_par: the same in ranges of [0, n) on the pool (per element: the
 * same bytes). */
struct F(vdiv_ctx) {
    FE *a;
    const FE *van;
    size_t n, ntasks, mask;
};
PASTA_TFN void F(vdiv_task)(void *vctx, size_t t) {
    const struct F(vdiv_ctx) *c = vctx;
    size_t lo, hi;
    pasta_range(c->n, c->ntasks, t, &lo, &hi);
#ifdef PASTA_IFMA_BACKEND
    pasta_ifma_ntt_vdiv_(c->a->limbs, c->van->limbs, c->mask, lo, hi, POLY_IFMA_K);
    return;
#endif
    for (size_t i = lo; i < hi; i++) {
        FE v = c->a[i], w = c->van[i & c->mask]; /* local operands: clang's asm budget */
        F(mul)(&c->a[i], &v, &w);
    }
}
PASTA_TFN int F(divide_by_vanishing_par)(const DOM *d, FE *a, size_t n, int threads) {
    if (!DOM_OK(d) || a == NULL || threads < 0) return PASTA_ERR_INVALID_ARG;
    if (n != d->ext_n) return PASTA_ERR_INVALID_ARG;
    int nt = F(lin_threads)(n, threads);
    struct F(vdiv_ctx) x = {.a = a,
                            .van = d->tables + 2 * d->ext_n,
                            .n = n,
                            .ntasks = (size_t)nt,
                            .mask = ((size_t)1 << d->j) - 1};
    if (nt == 1) F(vdiv_task)(&x, 0);
    else pasta_parallel_for(x.ntasks, nt, F(vdiv_task), &x);
    return PASTA_OK;
}

/* r = a^e for a small signed e: by the table of w (w or its inverse). */
PASTA_TFN void F(fft_pow_small)(FE *r, const FE *w, uint64_t e) {
    FE acc = FC(ONE), b = *w;
    while (e != 0) {
        if (e & 1) F(mul)(&acc, &acc, &b);
        F(sqr)(&b, &b);
        e >>= 1;
    }
    *r = acc;
}

PASTA_TFN int F(coeff_rotate)(const DOM *d, FE *r, const FE *a, size_t n, int rot) {
    if (!DOM_OK(d) || r == NULL || a == NULL) return PASTA_ERR_INVALID_ARG;
    if (n != d->n && n != d->ext_n) return PASTA_ERR_INVALID_ARG; /* fft.h: n or N only */
    if (n == 1) {
        r[0] = a[0];
        return PASTA_OK;
    }
    /* w_n = ext_omega^(N/n) (or its inverse) */
    FE w = rot < 0 ? d->ext_omega_inv : d->ext_omega;
    for (uint64_t m = n; m < d->ext_n; m *= 2) F(sqr)(&w, &w);
    uint64_t e = rot < 0 ? (uint64_t)(-(int64_t)rot) : (uint64_t)rot;
    FE c, x = FC(ONE);
    F(fft_pow_small)(&c, &w, e % n);
    for (size_t i = 0; i < n; i++) {
        F(mul)(&r[i], &a[i], &x);
        F(mul)(&x, &x, &c);
    }
    return PASTA_OK;
}

PASTA_TFN int F(lagrange_rotate)(FE *r, const FE *a, size_t n, int rot) {
    if (n == 0) return PASTA_OK;
    if (r == NULL || a == NULL || n > PASTA_ARRAY_MAX) return PASTA_ERR_INVALID_ARG;
    uint64_t e = rot < 0 ? (uint64_t)(-(int64_t)rot) : (uint64_t)rot;
    size_t s = (size_t)(e % n);
    if (rot < 0 && s != 0) s = n - s;
    memcpy(r, a + s, (n - s) * sizeof(FE));
    memcpy(r + (n - s), a, s * sizeof(FE));
    return PASTA_OK;
}

PASTA_TFN int F(kate_division)(FE *q, const FE *a, size_t n, const FE *b) {
    if (n > PASTA_ARRAY_MAX || b == NULL) return PASTA_ERR_INVALID_ARG;
    if (n <= 1) return PASTA_OK;
    if (q == NULL || a == NULL) return PASTA_ERR_INVALID_ARG;
    const FE bv = *b;
    FE c = a[n - 1];
    for (size_t i = n - 1; i >= 1; i--) {
        FE x = a[i - 1]; /* read before q[i - 1] is written: q may equal a */
        q[i - 1] = c;
        F(mul)(&c, &c, &bv);
        F(add)(&c, &c, &x);
    }
    return PASTA_OK;
}

PASTA_TFN int F(poly_mul)(const DOM *d, FE *r, const FE *a, size_t na, const FE *b, size_t nb,
                          int threads) {
    if (!DOM_OK(d) || threads < 0) return PASTA_ERR_INVALID_ARG;
    if (na > PASTA_ARRAY_MAX || nb > PASTA_ARRAY_MAX) return PASTA_ERR_INVALID_ARG;
    if ((na > 0 && a == NULL) || (nb > 0 && b == NULL)) return PASTA_ERR_INVALID_ARG;
    if (na == 0 || nb == 0) return PASTA_OK;
    if (r == NULL) return PASTA_ERR_INVALID_ARG;
    size_t len = na + nb - 1, M = 1;
    while (M < len) M *= 2;
    if (M > d->ext_n) return PASTA_ERR_INVALID_ARG;
    FE *A = pasta_alloc(2 * M * sizeof(FE));
    if (A == NULL) return PASTA_ERR_NO_MEMORY;
    FE *B = A + M;
    memcpy(A, a, na * sizeof(FE));
    memset(A + na, 0, (M - na) * sizeof(FE));
    memcpy(B, b, nb * sizeof(FE));
    memset(B + nb, 0, (M - nb) * sizeof(FE));
    F(ntt)(d, A, M, threads);
    F(ntt)(d, B, M, threads);
#ifdef PASTA_IFMA_BACKEND
    pasta_ifma_ntt_vmul_(A->limbs, A->limbs, B->limbs, M, POLY_IFMA_K);
#else
    for (size_t i = 0; i < M; i++) F(mul)(&A[i], &A[i], &B[i]);
#endif
    F(intt)(d, A, M, threads);
    memcpy(r, A, len * sizeof(FE));
    pasta_free(A);
    return PASTA_OK;
}

struct F(eval_ctx) {
    const FE *a;
    const FE *x;
    FE *part;
    size_t n, chunk;
};
PASTA_TFN void F(eval_task)(void *vctx, size_t t) {
    const struct F(eval_ctx) *c = vctx;
    size_t lo = t * c->chunk, hi = lo + c->chunk < c->n ? lo + c->chunk : c->n;
    FE acc = FC(ZERO);
    for (size_t i = hi; i-- > lo;) {
        F(mul)(&acc, &acc, c->x);
        F(add)(&acc, &acc, &c->a[i]);
    }
    c->part[t] = acc;
}

PASTA_TFN int F(poly_eval_par)(FE *r, const FE *a, size_t n, const FE *x, int threads) {
    if (r == NULL || x == NULL || threads < 0 || n > PASTA_ARRAY_MAX)
        return PASTA_ERR_INVALID_ARG;
    if (n > 0 && a == NULL) return PASTA_ERR_INVALID_ARG;
    int nt = n < PASTA_FFT_EVAL_MIN ? 1 : (threads == 0 ? pasta_threads_default() : threads);
    if (nt > PASTA_FFT_EVAL_TASKS) nt = PASTA_FFT_EVAL_TASKS;
    if (nt < 1) nt = 1;
    FE part[PASTA_FFT_EVAL_TASKS], xv = *x;
    struct F(eval_ctx) c = {
        .a = a, .x = &xv, .part = part, .n = n, .chunk = (n + (size_t)nt - 1) / (size_t)nt};
    if (nt == 1 || n == 0) {
        c.chunk = n;
        F(eval_task)(&c, 0);
        *r = part[0];
        return PASTA_OK;
    }
    size_t ntasks = (n + c.chunk - 1) / c.chunk;
    pasta_parallel_for(ntasks, nt, F(eval_task), &c);
    /* sum part[t] x^(chunk t), from the top chunk down */
    FE xc, acc = part[ntasks - 1];
    F(fft_pow_small)(&xc, &xv, (uint64_t)c.chunk);
    for (size_t t = ntasks - 1; t-- > 0;) {
        F(mul)(&acc, &acc, &xc);
        F(add)(&acc, &acc, &part[t]);
    }
    *r = acc;
    return PASTA_OK;
}

/* ---- Many polynomials at one point: x^0 .. x^(L-1) once (L = min(len, n), chunks of
 * EVAL_CH, each from its own x^(EVAL_CH t)), then every (row, chunk) an inner product
 * with independent products (Horner's are a dependent chain), partials summed per row
 * in chunk order. */
struct F(many_ctx) {
    const FE *a;
    FE x, *pw, *part;
    size_t n, len, plen, nch;
};
PASTA_TFN void F(many_pow_task)(void *vctx, size_t t) {
    struct F(many_ctx) *c = vctx;
    size_t lo = t * PASTA_FFT_EVAL_CH, hi = lo + PASTA_FFT_EVAL_CH;
    if (hi > c->plen) hi = c->plen;
    FE w, xv = c->x; /* local operands: clang's asm register budget */
    F(fft_pow_small)(&w, &xv, (uint64_t)lo);
    for (size_t l = lo; l < hi; l++) {
        c->pw[l] = w;
        F(mul)(&w, &w, &xv);
    }
}
PASTA_TFN void F(many_dot_task)(void *vctx, size_t task) {
    struct F(many_ctx) *c = vctx;
    size_t row = task / c->nch, t = task % c->nch;
    size_t base = row * c->len, rowlen = c->n - base < c->len ? c->n - base : c->len;
    size_t lo = t * PASTA_FFT_EVAL_CH, hi = lo + PASTA_FFT_EVAL_CH;
    if (hi > rowlen) hi = rowlen;
    FE acc = FC(ZERO), p;
    for (size_t l = lo; l < hi; l++) {
        FE u = c->a[base + l], w = c->pw[l]; /* local operands: clang's asm registers */
        F(mul)(&p, &u, &w);
        F(add)(&acc, &acc, &p);
    }
    c->part[task] = acc;
}

PASTA_TFN int F(poly_eval_many)(FE *r, const FE *a, size_t n, size_t len, const FE *x,
                                int threads) {
    if (x == NULL || len == 0 || threads < 0 || n > PASTA_ARRAY_MAX)
        return PASTA_ERR_INVALID_ARG;
    if (n == 0) return PASTA_OK;
    if (r == NULL || a == NULL) return PASTA_ERR_INVALID_ARG;
    size_t rows = n / len + (n % len != 0);
    if (rows == 1) return F(poly_eval_par)(r, a, n, x, threads);
    int nt = n < PASTA_FFT_EVAL_MIN ? 1 : (threads == 0 ? pasta_threads_default() : threads);
    struct F(many_ctx) c = {.a = a, .x = *x, .n = n, .len = len};
    c.plen = len; /* rows >= 2: len < n */
    c.nch = (c.plen + PASTA_FFT_EVAL_CH - 1) / PASTA_FFT_EVAL_CH;
    if (rows > (PASTA_ARRAY_MAX - c.plen) / c.nch) return PASTA_ERR_INVALID_ARG;
    FE *buf = pasta_alloc((c.plen + rows * c.nch) * sizeof(FE));
    if (buf == NULL) return PASTA_ERR_NO_MEMORY;
    c.pw = buf;
    c.part = buf + c.plen;
    pasta_parallel_for(c.nch, nt, F(many_pow_task), &c);
    pasta_parallel_for(rows * c.nch, nt, F(many_dot_task), &c);
    for (size_t i = 0; i < rows; i++) { /* every read of a is done: r may overlap it */
        FE acc = c.part[i * c.nch];
        for (size_t t = 1; t < c.nch; t++) F(add)(&acc, &acc, &c.part[i * c.nch + t]);
        r[i] = acc;
    }
    pasta_free(buf);
    return PASTA_OK;
}

/* ---- Linear combinations, element-wise in contiguous ranges (enum pasta_poly_lin). */
struct F(lin_ctx) {
    FE *p;
    const FE *q;
    FE c;
    size_t n, ntasks;
    enum pasta_poly_lin kind;
};
PASTA_TFN void F(lin_task)(void *vctx, size_t t) {
    const struct F(lin_ctx) *c = vctx;
    size_t lo, hi;
    pasta_range(c->n, c->ntasks, t, &lo, &hi);
#ifdef PASTA_IFMA_BACKEND
    pasta_ifma_ntt_lin_(c->p->limbs, c->q->limbs, c->c.limbs, lo, hi,
                        c->kind == PASTA_LIN_SCALE_ADD, POLY_IFMA_K);
    return;
#endif
    FE k = c->c, u;
    if (c->kind == PASTA_LIN_SCALE_ADD) {
        for (size_t i = lo; i < hi; i++) {
            FE v = c->p[i]; /* local operands: clang's asm register budget */
            F(mul)(&u, &v, &k);
            F(add)(&c->p[i], &u, &c->q[i]);
        }
    } else {
        for (size_t i = lo; i < hi; i++) {
            FE v = c->q[i];
            F(mul)(&u, &v, &k);
            F(add)(&c->p[i], &c->p[i], &u);
        }
    }
}
PASTA_TFN int F(poly_lin)(FE *p, const FE *c, const FE *q, size_t n, int threads,
                          enum pasta_poly_lin kind) {
    if (c == NULL || threads < 0 || n > PASTA_ARRAY_MAX) return PASTA_ERR_INVALID_ARG;
    if (n == 0) return PASTA_OK;
    if (p == NULL || q == NULL) return PASTA_ERR_INVALID_ARG;
    int nt = F(lin_threads)(n, threads);
    struct F(lin_ctx) x = {.p = p, .q = q, .c = *c, .n = n, .kind = kind};
    x.ntasks = (size_t)nt;
    if (nt == 1) F(lin_task)(&x, 0);
    else pasta_parallel_for(x.ntasks, nt, F(lin_task), &x);
    return PASTA_OK;
}
PASTA_TFN int F(poly_scale_add)(FE *p, const FE *c, const FE *q, size_t n, int threads) {
    return F(poly_lin)(p, c, q, n, threads, PASTA_LIN_SCALE_ADD);
}
PASTA_TFN int F(poly_add_scaled)(FE *p, const FE *c, const FE *q, size_t n, int threads) {
    return F(poly_lin)(p, c, q, n, threads, PASTA_LIN_ADD_SCALED);
}

PASTA_TFN int F(grand_product)(FE *z, const FE *num, const FE *den, size_t n) {
    if (n > PASTA_ARRAY_MAX) return PASTA_ERR_INVALID_ARG;
    if (n == 0) return PASTA_OK;
    if (z == NULL || num == NULL || den == NULL) return PASTA_ERR_INVALID_ARG;
    int rc = F(batch_invert)(z, den, n); /* z[i] = 1/den[i] */
    if (rc != PASTA_OK) return rc;
    FE prev = FC(ONE);
    for (size_t i = 0; i < n; i++) {
        FE inv = z[i];
        z[i] = prev;
        F(mul)(&prev, &prev, &num[i]);
        F(mul)(&prev, &prev, &inv);
    }
    return PASTA_OK;
}

/* ---- The grand product on threads: pass 1, per range of [0, n): its own batch inversion
 * and running product from 1 (z[i] = prod_{lo <= l < i} num[l] / den[l], total[t]); the
 * carries in (the totals before each range) on the calling thread; pass 2: the ranges
 * after the first times their carry, [len_0, n) split again over all tasks. Field
 * products are exact, so the bytes are F(grand_product)'s. */
struct F(gprod_ctx) {
    FE *z, *scratch; /* scratch: the batch inversions' prefix products, n elements */
    const FE *num, *den;
    FE total[PASTA_FFT_PROD_TASKS]; /* pass 1: range t's product; then its carry in */
    size_t n, ntasks;
};
PASTA_TFN void F(gprod_pass1)(void *vctx, size_t t) {
    struct F(gprod_ctx) *c = vctx;
    size_t lo, hi;
    pasta_range(c->n, c->ntasks, t, &lo, &hi);
    F(batch_invert_core)(c->z + lo, c->scratch + lo, sizeof(FE), c->den + lo, sizeof(FE),
                         hi - lo, 0);
    FE prev = FC(ONE);
    for (size_t i = lo; i < hi; i++) {
        FE inv = c->z[i];
        c->z[i] = prev;
        F(mul)(&prev, &prev, &c->num[i]);
        F(mul)(&prev, &prev, &inv);
    }
    c->total[t] = prev;
}
PASTA_TFN void F(gprod_pass2)(void *vctx, size_t t) {
    const struct F(gprod_ctx) *c = vctx;
    size_t lo0, hi0, lo, hi;
    pasta_range(c->n, c->ntasks, 0, &lo0, &hi0);
    pasta_range(c->n - hi0, c->ntasks, t, &lo, &hi);
    if (lo == hi) return;
    lo += hi0, hi += hi0;
    size_t r = 1, rlo, rhi; /* the pass-1 range of element lo */
    for (;; r++) {
        pasta_range(c->n, c->ntasks, r, &rlo, &rhi);
        if (lo < rhi) break;
    }
    for (size_t i = lo; i < hi; i++) {
        if (i == rhi) pasta_range(c->n, c->ntasks, ++r, &rlo, &rhi);
        FE v = c->z[i]; /* local operands: clang's asm register budget */
        F(mul)(&c->z[i], &v, &c->total[r]);
    }
}
PASTA_TFN int F(grand_product_par)(FE *z, const FE *num, const FE *den, size_t n,
                                   int threads) {
    if (threads < 0 || n > PASTA_ARRAY_MAX) return PASTA_ERR_INVALID_ARG;
    if (n == 0) return PASTA_OK;
    if (z == NULL || num == NULL || den == NULL) return PASTA_ERR_INVALID_ARG;
    int nt = n < PASTA_FFT_PROD_MIN ? 1 : (threads == 0 ? pasta_threads_default() : threads);
    if (nt > PASTA_FFT_PROD_TASKS) nt = PASTA_FFT_PROD_TASKS;
    if (nt <= 1) return F(grand_product)(z, num, den, n);
    /* one allocation, before anything is written: z is untouched on failure */
    FE *scratch = pasta_alloc(n * sizeof(FE));
    if (scratch == NULL) return PASTA_ERR_NO_MEMORY;
    struct F(gprod_ctx) c = {
        .z = z, .scratch = scratch, .num = num, .den = den, .n = n, .ntasks = (size_t)nt};
    pasta_parallel_for(c.ntasks, nt, F(gprod_pass1), &c);
    pasta_free(scratch);
    FE carry = FC(ONE), next;
    for (size_t t = 0; t < c.ntasks; t++) { /* total[t] = prod of totals before t */
        F(mul)(&next, &carry, &c.total[t]);
        c.total[t] = carry;
        carry = next;
    }
    pasta_parallel_for(c.ntasks, nt, F(gprod_pass2), &c);
    return PASTA_OK;
}

#undef DOM_OK
#undef POLY_IFMA_K
