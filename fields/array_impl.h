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
 * Under PASTA_IFMA_BACKEND (backends/x86_64_ifma.c) the six vec operations run on the
 * 8-lane kernels of fields/x86_64_ifma.h (same contract, same bytes, constant time), after
 * the same argument checks. */
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

#undef ARRAY_CHECK1
#undef ARRAY_IFMA
#undef ARRAY_IFMA_RETURN
