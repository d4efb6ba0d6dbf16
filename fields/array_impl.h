/* Template: the array operations of include/pasta/field.h on one backend, one call per
 * array (an embedding prover's bulk work and gate evaluation), with the backend's kernels
 * inlined in each loop. Include after fields/field_impl.h with the same FIELD.
 *
 * Contract (all): n elements; NULL arrays only with n = 0; n above PASTA_ARRAY_MAX
 * (an array that cannot exist) is PASTA_ERR_INVALID_ARG, output untouched. Element-wise
 * outputs may alias their inputs exactly (r == a etc.); a single input (c, x) and a single
 * output (r) may point anywhere, inputs are read before r is written. Constant time in
 * the values (n is public).
 *
 * Under PASTA_IFMA_BACKEND (backends/x86_64_ifma.c) the six vec operations and the work
 * form run on the 8-lane kernels of fields/x86_64_ifma.h (same contract, same bytes,
 * constant time), after the same argument checks. */
#include <string.h>

#ifndef PASTA_ARRAY_MAX
#define PASTA_ARRAY_MAX (SIZE_MAX / 64)
#endif

#define ARRAY_CHECK1(p, n) \
    if ((n) > PASTA_ARRAY_MAX || ((n) > 0 && (p) == NULL)) return PASTA_ERR_INVALID_ARG

#ifdef PASTA_IFMA_BACKEND
/* pasta_ifma_<field>_<name> (fields/x86_64_ifma.h); n = 0 stays on the loops (NULL arrays) */
#define ARRAY_IFMA(name) PASTA_CAT3(pasta_ifma_, FIELD, PASTA_CAT(_, name))
#define ARRAY_IFMA_RETURN(name, ...)       \
    do {                                   \
        if (n > 0) {                       \
            ARRAY_IFMA(name)(__VA_ARGS__); \
            return PASTA_OK;               \
        }                                  \
    } while (0)
#else
#define ARRAY_IFMA_RETURN(name, ...) ((void)0)
#endif

/* r[i] = a[i] + b[i] */
PASTA_TFN int F(vec_add)(FE *r, const FE *a, const FE *b, size_t n) {
    ARRAY_CHECK1(r, n);
    ARRAY_CHECK1(a, n);
    ARRAY_CHECK1(b, n);
    ARRAY_IFMA_RETURN(vec_add, r, a, b, n);
    for (size_t i = 0; i < n; i++) F(add)(&r[i], &a[i], &b[i]);
    return PASTA_OK;
}

/* r[i] = a[i] - b[i] */
PASTA_TFN int F(vec_sub)(FE *r, const FE *a, const FE *b, size_t n) {
    ARRAY_CHECK1(r, n);
    ARRAY_CHECK1(a, n);
    ARRAY_CHECK1(b, n);
    ARRAY_IFMA_RETURN(vec_sub, r, a, b, n);
    for (size_t i = 0; i < n; i++) F(sub)(&r[i], &a[i], &b[i]);
    return PASTA_OK;
}

/* r[i] = a[i] b[i] */
PASTA_TFN int F(vec_mul)(FE *r, const FE *a, const FE *b, size_t n) {
    ARRAY_CHECK1(r, n);
    ARRAY_CHECK1(a, n);
    ARRAY_CHECK1(b, n);
    ARRAY_IFMA_RETURN(vec_mul, r, a, b, n);
    for (size_t i = 0; i < n; i++) F(mul)(&r[i], &a[i], &b[i]);
    return PASTA_OK;
}

/* r[i] = a[i] c */
PASTA_TFN int F(vec_scale)(FE *r, const FE *a, const FE *c, size_t n) {
    ARRAY_CHECK1(r, n);
    ARRAY_CHECK1(a, n);
    if (c == NULL) return PASTA_ERR_INVALID_ARG;
    ARRAY_IFMA_RETURN(vec_scale, r, a, c, n);
    const FE k = *c; /* c may point into r */
    for (size_t i = 0; i < n; i++) F(mul)(&r[i], &a[i], &k);
    return PASTA_OK;
}

/* r[i] = a[i] b[i] + c[i] */
PASTA_TFN int F(vec_mul_add)(FE *r, const FE *a, const FE *b, const FE *c, size_t n) {
    ARRAY_CHECK1(r, n);
    ARRAY_CHECK1(a, n);
    ARRAY_CHECK1(b, n);
    ARRAY_CHECK1(c, n);
    ARRAY_IFMA_RETURN(vec_mul_add, r, a, b, c, n);
    for (size_t i = 0; i < n; i++) {
        FE t;
        F(mul)(&t, &a[i], &b[i]);
        F(add)(&r[i], &t, &c[i]);
    }
    return PASTA_OK;
}

/* *r = sum a[i] b[i] (0 for n = 0) */
PASTA_TFN int F(vec_inner_product)(FE *r, const FE *a, const FE *b, size_t n) {
    ARRAY_CHECK1(a, n);
    ARRAY_CHECK1(b, n);
    if (r == NULL) return PASTA_ERR_INVALID_ARG;
    ARRAY_IFMA_RETURN(vec_inner_product, r, a, b, n);
    FE acc = FC(ZERO), t;
    for (size_t i = 0; i < n; i++) {
        F(mul)(&t, &a[i], &b[i]);
        F(add)(&acc, &acc, &t);
    }
    *r = acc;
    return PASTA_OK;
}

/* *r = sum coeffs[i] x^i (0 for n = 0), by Horner's rule from the top coefficient. */
PASTA_TFN int F(poly_eval)(FE *r, const FE *coeffs, size_t n, const FE *x) {
    ARRAY_CHECK1(coeffs, n);
    if (r == NULL || x == NULL) return PASTA_ERR_INVALID_ARG;
    const FE xv = *x;
    FE acc = FC(ZERO);
    for (size_t i = n; i-- > 0;) {
        F(mul)(&acc, &acc, &xv);
        F(add)(&acc, &acc, &coeffs[i]);
    }
    *r = acc;
    return PASTA_OK;
}

/* ---- Work form (include/pasta/field.h). Here (the portable and asm backends) block k
 * holds elements 8k .. 8k + 7 as FE in its first 256 bytes, and each operation is the
 * vec operation block by block; x86_64-ifma has its own layout (fields/x86_64_ifma.h,
 * pasta_ifma_work_*). */
#define WK PASTA_CAT3(pasta_, FIELD, _work)
#define WORK_FE(v, k) ((FE *)(void *)(v)[k].w)
#define WORK_CFE(v, k) ((const FE *)(const void *)(v)[k].w)
/* The blocks of n elements, each with its element count: k < nb, len. */
#define WORK_BLOCKS(n, k, len)                               \
    for (size_t k = 0, len = (n) < 8 ? (n) : 8; 8 * k < (n); \
         k++, len = (n)-8 * k < 8 ? (n)-8 * k : 8)

PASTA_TFN int F(work_load)(WK *w, const FE *a, size_t n) {
    ARRAY_CHECK1(w, n);
    ARRAY_CHECK1(a, n);
    ARRAY_IFMA_RETURN(work_load, w, a, n);
    WORK_BLOCKS(n, k, len) memmove(WORK_FE(w, k), a + 8 * k, len * sizeof(FE));
    return PASTA_OK;
}

PASTA_TFN int F(work_store)(FE *r, const WK *w, size_t n) {
    ARRAY_CHECK1(r, n);
    ARRAY_CHECK1(w, n);
    ARRAY_IFMA_RETURN(work_store, r, w, n);
    WORK_BLOCKS(n, k, len) memmove(r + 8 * k, WORK_CFE(w, k), len * sizeof(FE));
    return PASTA_OK;
}

PASTA_TFN int F(work_add)(WK *r, const WK *a, const WK *b, size_t n) {
    ARRAY_CHECK1(r, n);
    ARRAY_CHECK1(a, n);
    ARRAY_CHECK1(b, n);
    ARRAY_IFMA_RETURN(work_add, r, a, b, n);
    WORK_BLOCKS(n, k, len)
    (void)F(vec_add)(WORK_FE(r, k), WORK_CFE(a, k), WORK_CFE(b, k), len);
    return PASTA_OK;
}

PASTA_TFN int F(work_sub)(WK *r, const WK *a, const WK *b, size_t n) {
    ARRAY_CHECK1(r, n);
    ARRAY_CHECK1(a, n);
    ARRAY_CHECK1(b, n);
    ARRAY_IFMA_RETURN(work_sub, r, a, b, n);
    WORK_BLOCKS(n, k, len)
    (void)F(vec_sub)(WORK_FE(r, k), WORK_CFE(a, k), WORK_CFE(b, k), len);
    return PASTA_OK;
}

PASTA_TFN int F(work_mul)(WK *r, const WK *a, const WK *b, size_t n) {
    ARRAY_CHECK1(r, n);
    ARRAY_CHECK1(a, n);
    ARRAY_CHECK1(b, n);
    ARRAY_IFMA_RETURN(work_mul, r, a, b, n);
    WORK_BLOCKS(n, k, len)
    (void)F(vec_mul)(WORK_FE(r, k), WORK_CFE(a, k), WORK_CFE(b, k), len);
    return PASTA_OK;
}

PASTA_TFN int F(work_scale)(WK *r, const WK *a, const FE *c, size_t n) {
    ARRAY_CHECK1(r, n);
    ARRAY_CHECK1(a, n);
    if (c == NULL) return PASTA_ERR_INVALID_ARG;
    ARRAY_IFMA_RETURN(work_scale, r, a, c, n);
    const FE cv = *c; /* c may point into r */
    WORK_BLOCKS(n, k, len)(void) F(vec_scale)(WORK_FE(r, k), WORK_CFE(a, k), &cv, len);
    return PASTA_OK;
}

PASTA_TFN int F(work_add_const)(WK *r, const WK *a, const FE *c, size_t n) {
    ARRAY_CHECK1(r, n);
    ARRAY_CHECK1(a, n);
    if (c == NULL) return PASTA_ERR_INVALID_ARG;
    ARRAY_IFMA_RETURN(work_add_const, r, a, c, n);
    const FE cv = *c; /* c may point into r */
    WORK_BLOCKS(n, k, len) {
        FE *d = WORK_FE(r, k);
        const FE *x = WORK_CFE(a, k);
        for (size_t i = 0; i < len; i++) F(add)(&d[i], &x[i], &cv);
    }
    return PASTA_OK;
}

PASTA_TFN int F(work_mul_add)(WK *r, const WK *a, const WK *b, const WK *c, size_t n) {
    ARRAY_CHECK1(r, n);
    ARRAY_CHECK1(a, n);
    ARRAY_CHECK1(b, n);
    ARRAY_CHECK1(c, n);
    ARRAY_IFMA_RETURN(work_mul_add, r, a, b, c, n);
    WORK_BLOCKS(n, k, len)
    (void)F(vec_mul_add)(WORK_FE(r, k), WORK_CFE(a, k), WORK_CFE(b, k), WORK_CFE(c, k), len);
    return PASTA_OK;
}

#undef WORK_BLOCKS
#undef WORK_CFE
#undef WORK_FE
#undef WK
#undef ARRAY_CHECK1
#undef ARRAY_IFMA
#undef ARRAY_IFMA_RETURN
