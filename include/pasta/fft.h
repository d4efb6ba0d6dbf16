/* pasta — evaluation domains, number-theoretic transforms and the polynomial layer of a
 * halo2-style prover (halo2_proofs' EvaluationDomain), over Fp and Fq, and the same
 * transform over Pallas and Vesta points (halo2's Lagrange-basis commitment key).
 *
 * A domain of a field is built once (pasta_fp_domain_init) for n = 2^k, k <= 32, and an
 * extended size N = 2^(k+j) (the quotient's domain, halo2's extended_k = k + j):
 *   omega      a primitive n-th root of unity, ROOT_OF_UNITY^(2^(32-k)) (halo2's omega)
 *   ext_omega  a primitive N-th root of unity, ROOT_OF_UNITY^(2^(32-k-j))
 *   zeta       ZETA (order 3): the extended domain is the coset zeta * <ext_omega>
 * and owns its twiddle tables (2N elements, one allocation; pasta_fp_domain_free frees
 * them). A domain is read-only after init: any number of threads may use it at once.
 * The twiddles of one domain serve every power-of-two length up to N.
 *
 * Transforms run in place, natural order in and out; results are exact field values, so
 * they are byte-identical on every backend and at every thread count. `threads` is the
 * most threads a call uses (0: the default of core/parallel, OMP_NUM_THREADS or the
 * cores; 1: the calling thread alone); negative is PASTA_ERR_INVALID_ARG.
 * Variable time (as halo2): nothing here is constant time in the values.
 *
 * Errors (docs/CONTRACT.md): NULL domain or output, a NULL array with a nonzero length,
 * a length that is not what the function states (not a power of two, larger than the
 * domain's N, not the domain's n or N), k > 32 or k + j > 32, a negative thread count:
 * PASTA_ERR_INVALID_ARG; a failed allocation: PASTA_ERR_NO_MEMORY. On error nothing is
 * written (in-place arrays keep their values) and nothing is leaked.
 *
 * Each pasta_fq_* function has the contract of the pasta_fp_* function of the same name
 * over q; pasta_pallas_ntt/intt transform Pallas points with an Fq domain (Pallas' scalar
 * field), pasta_vesta_ntt/intt Vesta points with an Fp domain.
 */
#ifndef PASTA_FFT_H
#define PASTA_FFT_H

#include "common.h"
#include "curve.h"
#include "field.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Evaluation domain. The fields are public for reading; only pasta_fp_domain_init writes
 * them. tables: forward twiddles, for each half-length m = 1, 2, ..., N/2 the m values
 * ext_omega^(N/(2m) i), i < m, at tables[m + i] (tables[0] unused); the inverse ones
 * at tables[N + m + i]; then the 2^j values 1/(zeta^n ext_omega^(n i) - 1) of
 * divide_by_vanishing. */
typedef struct pasta_fp_domain {
    uint32_t k, j;                    /* n = 2^k, N = 2^(k+j)                              */
    uint64_t n, ext_n;                /* n, N                                              */
    pasta_fp omega, omega_inv, n_inv; /* order n; 1/n                      */
    pasta_fp ext_omega, ext_omega_inv, ext_n_inv; /* order N; 1/N                      */
    pasta_fp zeta, zeta_inv; /* ZETA and ZETA^2 = 1/ZETA                          */
    pasta_fp *tables;        /* owned (2N + 2^j elements)                         */
} pasta_fp_domain;
typedef struct pasta_fq_domain {
    uint32_t k, j;                    /* n = 2^k, N = 2^(k+j)                              */
    uint64_t n, ext_n;                /* n, N                                              */
    pasta_fq omega, omega_inv, n_inv; /* order n; 1/n                      */
    pasta_fq ext_omega, ext_omega_inv, ext_n_inv; /* order N; 1/N                      */
    pasta_fq zeta, zeta_inv; /* ZETA and ZETA^2 = 1/ZETA                          */
    pasta_fq *tables;        /* owned (2N + 2^j elements)                         */
} pasta_fq_domain;

/* ---- Domains. */
/* Builds the domain of size 2^k with extension j (N = 2^(k+j)): k <= 32, j >= 0,
 * k + j <= 32, else PASTA_ERR_INVALID_ARG. Allocates (2N + 2^j) elements. */
PASTA_API int pasta_fp_domain_init(pasta_fp_domain *d, int k, int j);
PASTA_API int pasta_fq_domain_init(pasta_fq_domain *d, int k, int j);
/* Frees d's tables and zeroes *d (a zeroed domain may be freed again). */
PASTA_API void pasta_fp_domain_free(pasta_fp_domain *d);
PASTA_API void pasta_fq_domain_free(pasta_fq_domain *d);

/* ---- Transforms (in place, natural order). n: a power of two, 1 <= n <= d->ext_n.
 * ntt:  a[i] <- sum_j a[j] w^(i j), w the primitive n-th root ext_omega^(N/n)
 *       (coefficients -> values at the powers of w: halo2's fft);
 * intt: the inverse, including the factor 1/n (values -> coefficients). */
PASTA_API int pasta_fp_ntt(const pasta_fp_domain *d, pasta_fp *a, size_t n, int threads);
PASTA_API int pasta_fp_intt(const pasta_fp_domain *d, pasta_fp *a, size_t n, int threads);
PASTA_API int pasta_fq_ntt(const pasta_fq_domain *d, pasta_fq *a, size_t n, int threads);
PASTA_API int pasta_fq_intt(const pasta_fq_domain *d, pasta_fq *a, size_t n, int threads);
/* Points: the same transforms on Jacobian points, twiddles from a domain of the curve's
 * scalar field ([w^(ij)] a[j] summed). halo2's g_lagrange is pasta_<curve>_intt of the
 * generators. Each butterfly is a variable-base multiplication (mul_var). */
PASTA_API int pasta_pallas_ntt(const pasta_fq_domain *d, pasta_pallas_jacobian *a, size_t n,
                               int threads);
PASTA_API int pasta_pallas_intt(const pasta_fq_domain *d, pasta_pallas_jacobian *a, size_t n,
                                int threads);
PASTA_API int pasta_vesta_ntt(const pasta_fp_domain *d, pasta_vesta_jacobian *a, size_t n,
                              int threads);
PASTA_API int pasta_vesta_intt(const pasta_fp_domain *d, pasta_vesta_jacobian *a, size_t n,
                               int threads);

/* ---- Cosets and the extended domain.
 * coeff_to_extended: a holds n = d->n coefficients; r (d->ext_n elements) receives the
 *   values of that polynomial on the coset zeta <ext_omega>: coefficient i times
 *   zeta^(i mod 3), zero-padded to N, then the size-N ntt (halo2's coeff_to_extended).
 *   r may equal a when a has room for N elements; otherwise no overlap.
 * extended_to_coeff: in place, n = d->ext_n: the inverse (intt of size N, then
 *   coefficient i times zeta^(-(i mod 3))): all N coefficients; halo2 then keeps the
 *   first (quotient degree) n of them.
 * lagrange_to_extended: a holds the n = d->n values of a polynomial on <omega>; r
 *   (d->ext_n elements, may equal a with room for N) receives its coset values
 *   (intt of size n, then coeff_to_extended): l_0, l_last, l_blind of halo2's keygen are
 *   this of the indicator vectors of row 0, row n - blinding - 1 and the blinding rows.
 * divide_by_vanishing: in place, n = d->ext_n coset values: a[i] times
 *   1/(zeta^n ext_omega^(n i) - 1), the inverse of X^n - 1 at the i-th coset point
 *   (halo2's divide_by_vanishing_poly).
 * divide_by_vanishing_par: the same on threads (0 = the default; from 2048 elements up),
 *   the same bytes. */
PASTA_API int pasta_fp_coeff_to_extended(const pasta_fp_domain *d, pasta_fp *r,
                                         const pasta_fp *a, size_t n, int threads);
PASTA_API int pasta_fp_extended_to_coeff(const pasta_fp_domain *d, pasta_fp *a, size_t n,
                                         int threads);
PASTA_API int pasta_fp_lagrange_to_extended(const pasta_fp_domain *d, pasta_fp *r,
                                            const pasta_fp *a, size_t n, int threads);
PASTA_API int pasta_fp_divide_by_vanishing(const pasta_fp_domain *d, pasta_fp *a, size_t n);
PASTA_API int pasta_fp_divide_by_vanishing_par(const pasta_fp_domain *d, pasta_fp *a, size_t n,
                                               int threads);
PASTA_API int pasta_fq_coeff_to_extended(const pasta_fq_domain *d, pasta_fq *r,
                                         const pasta_fq *a, size_t n, int threads);
PASTA_API int pasta_fq_extended_to_coeff(const pasta_fq_domain *d, pasta_fq *a, size_t n,
                                         int threads);
PASTA_API int pasta_fq_lagrange_to_extended(const pasta_fq_domain *d, pasta_fq *r,
                                            const pasta_fq *a, size_t n, int threads);
PASTA_API int pasta_fq_divide_by_vanishing(const pasta_fq_domain *d, pasta_fq *a, size_t n);
PASTA_API int pasta_fq_divide_by_vanishing_par(const pasta_fq_domain *d, pasta_fq *a, size_t n,
                                               int threads);

/* ---- Rotations (halo2's Rotation). n = d->n or d->ext_n, no overlap of r and a.
 * coeff_rotate: r[i] = a[i] w^(rot i), w = ext_omega^(N/n) (the coefficients of
 *   p(w^rot X): halo2's rotate_omega);
 * lagrange_rotate: r[i] = a[(i + rot) mod n] (values on <w> of p(w^rot X)); on the
 *   extended domain a rotation by rot rows of the circuit domain is rot * 2^j here.
 *   n any length >= 1 (no domain). */
PASTA_API int pasta_fp_coeff_rotate(const pasta_fp_domain *d, pasta_fp *r, const pasta_fp *a,
                                    size_t n, int rot);
PASTA_API int pasta_fp_lagrange_rotate(pasta_fp *r, const pasta_fp *a, size_t n, int rot);
PASTA_API int pasta_fq_coeff_rotate(const pasta_fq_domain *d, pasta_fq *r, const pasta_fq *a,
                                    size_t n, int rot);
PASTA_API int pasta_fq_lagrange_rotate(pasta_fq *r, const pasta_fq *a, size_t n, int rot);

/* ---- Polynomials (coefficients, lowest degree first).
 * kate_division: a (n >= 1 coefficients) divided by (X - b): the n - 1 quotient
 *   coefficients into q (the remainder a(b) is dropped, as halo2's kate_division);
 *   n = 0 or 1 writes nothing. q may equal a (the quotient then fills a[0..n-1)).
 * poly_mul: r (na + nb - 1 coefficients; nothing for na = 0 or nb = 0) = a b, through
 *   ntts of the power of two M >= na + nb - 1, which must be <= d->ext_n; r must not
 *   overlap a or b. Allocates 2M elements.
 * poly_eval_par: *r = a(x) by Horner in chunks (threads), combined in a fixed order.
 * grand_product: z[0] = 1, z[i] = prod_{l < i} num[l] / den[l] for 0 < i < n (halo2's
 *   permutation and lookup products; a zero den[l] counts as 1/0 = 0, as batch_invert);
 *   one batch inversion (allocates n elements). z must not overlap num or den.
 * grand_product_par: grand_product on threads (0 = the default; from 1024 elements up):
 *   per range its own batch inversion and running product, then the ranges times the
 *   products before them; the same bytes, about 1.2 times the multiplications (allocates
 *   n elements once, before writing z).
 * poly_eval_many: many polynomials at one point: a holds n coefficients, the rows of
 *   len each (row i: a[i len ..], the last row the n mod len left, if not 0); r[i] =
 *   row i at x for the ceil(n / len) rows. One row: poly_eval_par; more: the powers
 *   x^0 .. x^(len-1) once, then independent products (allocates len + rows ceil(len /
 *   1024) elements). len = 0: PASTA_ERR_INVALID_ARG. r is written last: it may overlap a.
 * poly_scale_add: p[i] = c p[i] + q[i] for i < n, in place (halo2's fold of polynomials
 *   by powers of y: acc = acc * y + poly); q may equal p, no other overlap.
 * poly_add_scaled: p[i] = p[i] + c q[i] for i < n (a linear combination, one term per
 *   call: sum c_j q_j is p = 0 then one call per j); q may equal p, no other overlap.
 * c and x may point into the arrays (read once, first). */
PASTA_API int pasta_fp_kate_division(pasta_fp *q, const pasta_fp *a, size_t n,
                                     const pasta_fp *b);
PASTA_API int pasta_fp_poly_mul(const pasta_fp_domain *d, pasta_fp *r, const pasta_fp *a,
                                size_t na, const pasta_fp *b, size_t nb, int threads);
PASTA_API int pasta_fp_poly_eval_par(pasta_fp *r, const pasta_fp *a, size_t n,
                                     const pasta_fp *x, int threads);
PASTA_API int pasta_fp_grand_product(pasta_fp *z, const pasta_fp *num, const pasta_fp *den,
                                     size_t n);
PASTA_API int pasta_fp_grand_product_par(pasta_fp *z, const pasta_fp *num, const pasta_fp *den,
                                         size_t n, int threads);
PASTA_API int pasta_fp_poly_eval_many(pasta_fp *r, const pasta_fp *a, size_t n, size_t len,
                                      const pasta_fp *x, int threads);
PASTA_API int pasta_fp_poly_scale_add(pasta_fp *p, const pasta_fp *c, const pasta_fp *q,
                                      size_t n, int threads);
PASTA_API int pasta_fp_poly_add_scaled(pasta_fp *p, const pasta_fp *c, const pasta_fp *q,
                                       size_t n, int threads);
PASTA_API int pasta_fq_kate_division(pasta_fq *q, const pasta_fq *a, size_t n,
                                     const pasta_fq *b);
PASTA_API int pasta_fq_poly_mul(const pasta_fq_domain *d, pasta_fq *r, const pasta_fq *a,
                                size_t na, const pasta_fq *b, size_t nb, int threads);
PASTA_API int pasta_fq_poly_eval_par(pasta_fq *r, const pasta_fq *a, size_t n,
                                     const pasta_fq *x, int threads);
PASTA_API int pasta_fq_grand_product(pasta_fq *z, const pasta_fq *num, const pasta_fq *den,
                                     size_t n);
PASTA_API int pasta_fq_grand_product_par(pasta_fq *z, const pasta_fq *num, const pasta_fq *den,
                                         size_t n, int threads);
PASTA_API int pasta_fq_poly_eval_many(pasta_fq *r, const pasta_fq *a, size_t n, size_t len,
                                      const pasta_fq *x, int threads);
PASTA_API int pasta_fq_poly_scale_add(pasta_fq *p, const pasta_fq *c, const pasta_fq *q,
                                      size_t n, int threads);
PASTA_API int pasta_fq_poly_add_scaled(pasta_fq *p, const pasta_fq *c, const pasta_fq *q,
                                       size_t n, int threads);

/* ---- Basis-typed polynomials (halo2's Polynomial<F, B>): a view of caller-owned storage
 * (v, n) whose type says its basis, so that handing a Lagrange polynomial to a function
 * that wants coefficients is a compile error. The functions below are inline wrappers of
 * the array functions above (same contracts, same errors; the arguments are checked before
 * the input is copied to the output); each writes the output view's n after success, and
 * needs its v to have room for that many elements:
 *   coeff -> lagrange (ntt), lagrange -> coeff (intt): d->n or any power of two <= N;
 *   coeff (d->n) -> extended (d->ext_n); extended -> coeff (d->ext_n coefficients);
 *   lagrange (d->n) -> extended; the vanishing division and rotations keep the basis.
 * Input and output may share storage (v equal) for every conversion; the rotations need
 * distinct storage (lagrange_rotate) or equal v (coeff_rotate), as their array forms. */
typedef struct pasta_fp_coeff_poly {
    pasta_fp *v;
    size_t n;
} pasta_fp_coeff_poly;
typedef struct pasta_fp_lagrange_poly {
    pasta_fp *v;
    size_t n;
} pasta_fp_lagrange_poly;
typedef struct pasta_fp_extended_poly {
    pasta_fp *v;
    size_t n;
} pasta_fp_extended_poly;

static inline int pasta_fp_poly_copy_(pasta_fp *r, const pasta_fp *a, size_t n) {
    if (n > 0 && (r == NULL || a == NULL)) return PASTA_ERR_INVALID_ARG;
    for (size_t i = 0; r != a && i < n; i++) r[i] = a[i];
    return PASTA_OK;
}
static inline int pasta_fp_coeff_to_lagrange(const pasta_fp_domain *d,
                                             pasta_fp_lagrange_poly *r,
                                             const pasta_fp_coeff_poly *a, int threads) {
    if (r == NULL || a == NULL || d == NULL || a->n == 0 || (a->n & (a->n - 1)) != 0 ||
        a->n > d->ext_n || d->tables == NULL || threads < 0)
        return PASTA_ERR_INVALID_ARG;
    int rc = pasta_fp_poly_copy_(r->v, a->v, a->n);
    if (rc == PASTA_OK) rc = pasta_fp_ntt(d, r->v, a->n, threads);
    if (rc == PASTA_OK) r->n = a->n;
    return rc;
}
static inline int pasta_fp_lagrange_to_coeff(const pasta_fp_domain *d, pasta_fp_coeff_poly *r,
                                             const pasta_fp_lagrange_poly *a, int threads) {
    if (r == NULL || a == NULL || d == NULL || a->n == 0 || (a->n & (a->n - 1)) != 0 ||
        a->n > d->ext_n || d->tables == NULL || threads < 0)
        return PASTA_ERR_INVALID_ARG;
    int rc = pasta_fp_poly_copy_(r->v, a->v, a->n);
    if (rc == PASTA_OK) rc = pasta_fp_intt(d, r->v, a->n, threads);
    if (rc == PASTA_OK) r->n = a->n;
    return rc;
}
static inline int pasta_fp_coeff_to_extended_poly(const pasta_fp_domain *d,
                                                  pasta_fp_extended_poly *r,
                                                  const pasta_fp_coeff_poly *a, int threads) {
    if (r == NULL || a == NULL || d == NULL) return PASTA_ERR_INVALID_ARG;
    int rc = pasta_fp_coeff_to_extended(d, r->v, a->v, a->n, threads);
    if (rc == PASTA_OK) r->n = (size_t)d->ext_n;
    return rc;
}
static inline int pasta_fp_lagrange_to_extended_poly(const pasta_fp_domain *d,
                                                     pasta_fp_extended_poly *r,
                                                     const pasta_fp_lagrange_poly *a,
                                                     int threads) {
    if (r == NULL || a == NULL || d == NULL) return PASTA_ERR_INVALID_ARG;
    int rc = pasta_fp_lagrange_to_extended(d, r->v, a->v, a->n, threads);
    if (rc == PASTA_OK) r->n = (size_t)d->ext_n;
    return rc;
}
static inline int pasta_fp_extended_to_coeff_poly(const pasta_fp_domain *d,
                                                  pasta_fp_coeff_poly *r,
                                                  const pasta_fp_extended_poly *a,
                                                  int threads) {
    if (r == NULL || a == NULL || d == NULL || a->n != d->ext_n || d->tables == NULL ||
        threads < 0)
        return PASTA_ERR_INVALID_ARG;
    int rc = pasta_fp_poly_copy_(r->v, a->v, a->n);
    if (rc == PASTA_OK) rc = pasta_fp_extended_to_coeff(d, r->v, a->n, threads);
    if (rc == PASTA_OK) r->n = a->n;
    return rc;
}
static inline int pasta_fp_extended_divide_by_vanishing(const pasta_fp_domain *d,
                                                        pasta_fp_extended_poly *a) {
    if (a == NULL) return PASTA_ERR_INVALID_ARG;
    return pasta_fp_divide_by_vanishing(d, a->v, a->n);
}
static inline int pasta_fp_coeff_poly_eval(pasta_fp *r, const pasta_fp_coeff_poly *a,
                                           const pasta_fp *x, int threads) {
    if (a == NULL) return PASTA_ERR_INVALID_ARG;
    return pasta_fp_poly_eval_par(r, a->v, a->n, x, threads);
}
static inline int pasta_fp_lagrange_poly_rotate(pasta_fp_lagrange_poly *r,
                                                const pasta_fp_lagrange_poly *a, int rot) {
    if (r == NULL || a == NULL) return PASTA_ERR_INVALID_ARG;
    int rc = pasta_fp_lagrange_rotate(r->v, a->v, a->n, rot);
    if (rc == PASTA_OK) r->n = a->n;
    return rc;
}
static inline int pasta_fp_coeff_poly_rotate(const pasta_fp_domain *d, pasta_fp_coeff_poly *r,
                                             const pasta_fp_coeff_poly *a, int rot) {
    if (r == NULL || a == NULL) return PASTA_ERR_INVALID_ARG;
    int rc = pasta_fp_coeff_rotate(d, r->v, a->v, a->n, rot);
    if (rc == PASTA_OK) r->n = a->n;
    return rc;
}
typedef struct pasta_fq_coeff_poly {
    pasta_fq *v;
    size_t n;
} pasta_fq_coeff_poly;
typedef struct pasta_fq_lagrange_poly {
    pasta_fq *v;
    size_t n;
} pasta_fq_lagrange_poly;
typedef struct pasta_fq_extended_poly {
    pasta_fq *v;
    size_t n;
} pasta_fq_extended_poly;

static inline int pasta_fq_poly_copy_(pasta_fq *r, const pasta_fq *a, size_t n) {
    if (n > 0 && (r == NULL || a == NULL)) return PASTA_ERR_INVALID_ARG;
    for (size_t i = 0; r != a && i < n; i++) r[i] = a[i];
    return PASTA_OK;
}
static inline int pasta_fq_coeff_to_lagrange(const pasta_fq_domain *d,
                                             pasta_fq_lagrange_poly *r,
                                             const pasta_fq_coeff_poly *a, int threads) {
    if (r == NULL || a == NULL || d == NULL || a->n == 0 || (a->n & (a->n - 1)) != 0 ||
        a->n > d->ext_n || d->tables == NULL || threads < 0)
        return PASTA_ERR_INVALID_ARG;
    int rc = pasta_fq_poly_copy_(r->v, a->v, a->n);
    if (rc == PASTA_OK) rc = pasta_fq_ntt(d, r->v, a->n, threads);
    if (rc == PASTA_OK) r->n = a->n;
    return rc;
}
static inline int pasta_fq_lagrange_to_coeff(const pasta_fq_domain *d, pasta_fq_coeff_poly *r,
                                             const pasta_fq_lagrange_poly *a, int threads) {
    if (r == NULL || a == NULL || d == NULL || a->n == 0 || (a->n & (a->n - 1)) != 0 ||
        a->n > d->ext_n || d->tables == NULL || threads < 0)
        return PASTA_ERR_INVALID_ARG;
    int rc = pasta_fq_poly_copy_(r->v, a->v, a->n);
    if (rc == PASTA_OK) rc = pasta_fq_intt(d, r->v, a->n, threads);
    if (rc == PASTA_OK) r->n = a->n;
    return rc;
}
static inline int pasta_fq_coeff_to_extended_poly(const pasta_fq_domain *d,
                                                  pasta_fq_extended_poly *r,
                                                  const pasta_fq_coeff_poly *a, int threads) {
    if (r == NULL || a == NULL || d == NULL) return PASTA_ERR_INVALID_ARG;
    int rc = pasta_fq_coeff_to_extended(d, r->v, a->v, a->n, threads);
    if (rc == PASTA_OK) r->n = (size_t)d->ext_n;
    return rc;
}
static inline int pasta_fq_lagrange_to_extended_poly(const pasta_fq_domain *d,
                                                     pasta_fq_extended_poly *r,
                                                     const pasta_fq_lagrange_poly *a,
                                                     int threads) {
    if (r == NULL || a == NULL || d == NULL) return PASTA_ERR_INVALID_ARG;
    int rc = pasta_fq_lagrange_to_extended(d, r->v, a->v, a->n, threads);
    if (rc == PASTA_OK) r->n = (size_t)d->ext_n;
    return rc;
}
static inline int pasta_fq_extended_to_coeff_poly(const pasta_fq_domain *d,
                                                  pasta_fq_coeff_poly *r,
                                                  const pasta_fq_extended_poly *a,
                                                  int threads) {
    if (r == NULL || a == NULL || d == NULL || a->n != d->ext_n || d->tables == NULL ||
        threads < 0)
        return PASTA_ERR_INVALID_ARG;
    int rc = pasta_fq_poly_copy_(r->v, a->v, a->n);
    if (rc == PASTA_OK) rc = pasta_fq_extended_to_coeff(d, r->v, a->n, threads);
    if (rc == PASTA_OK) r->n = a->n;
    return rc;
}
static inline int pasta_fq_extended_divide_by_vanishing(const pasta_fq_domain *d,
                                                        pasta_fq_extended_poly *a) {
    if (a == NULL) return PASTA_ERR_INVALID_ARG;
    return pasta_fq_divide_by_vanishing(d, a->v, a->n);
}
static inline int pasta_fq_coeff_poly_eval(pasta_fq *r, const pasta_fq_coeff_poly *a,
                                           const pasta_fq *x, int threads) {
    if (a == NULL) return PASTA_ERR_INVALID_ARG;
    return pasta_fq_poly_eval_par(r, a->v, a->n, x, threads);
}
static inline int pasta_fq_lagrange_poly_rotate(pasta_fq_lagrange_poly *r,
                                                const pasta_fq_lagrange_poly *a, int rot) {
    if (r == NULL || a == NULL) return PASTA_ERR_INVALID_ARG;
    int rc = pasta_fq_lagrange_rotate(r->v, a->v, a->n, rot);
    if (rc == PASTA_OK) r->n = a->n;
    return rc;
}
static inline int pasta_fq_coeff_poly_rotate(const pasta_fq_domain *d, pasta_fq_coeff_poly *r,
                                             const pasta_fq_coeff_poly *a, int rot) {
    if (r == NULL || a == NULL) return PASTA_ERR_INVALID_ARG;
    int rc = pasta_fq_coeff_rotate(d, r->v, a->v, a->n, rot);
    if (rc == PASTA_OK) r->n = a->n;
    return rc;
}

#ifdef __cplusplus
}
#endif

#endif /* PASTA_FFT_H */
