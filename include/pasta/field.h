/* pasta — the Pasta prime fields Fp and Fq.
 *
 *   p = 0x40000000000000000000000000000000224698fc094cf91b992d30ed00000001
 *       (Pallas base field, Vesta scalar field)
 *   q = 0x40000000000000000000000000000000224698fc0994a8dd8c46eb2100000001
 *       (Vesta base field, Pallas scalar field)
 *
 * Representation (shared by every backend): four 64-bit limbs, least significant first,
 * holding a*R mod m with R = 2^256 (Montgomery form), always fully reduced (< m).
 * Functions that take a pasta_fp assume it is in that form; values produced by this API
 * always are. Outputs may alias inputs everywhere.
 *
 * All functions are constant time unless their name ends in `_var`.
 * Encodings are bit-compatible with zcash/pasta_curves (`to_repr` / `from_repr`):
 * 32 bytes, little endian, canonical.
 *
 * Each pasta_fq_* function below has the same contract as the pasta_fp_* function of
 * the same name, with q in place of p.
 */
#ifndef PASTA_FIELD_H
#define PASTA_FIELD_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pasta_fp {
    uint64_t limbs[4];
} pasta_fp;
typedef struct pasta_fq {
    uint64_t limbs[4];
} pasta_fq;

/* ---- Constants (Montgomery form unless stated; each is recomputed in tests/test_field.c). */
PASTA_API extern const uint64_t pasta_fp_MODULUS[4]; /* p, plain integer               */
PASTA_API extern const uint64_t pasta_fp_R2[4];      /* 2^512 mod p, plain integer     */
PASTA_API extern const uint64_t pasta_fp_R3[4];      /* 2^768 mod p, plain integer     */
PASTA_API extern const uint64_t pasta_fp_INV;        /* -p^-1 mod 2^64                 */
PASTA_API extern const pasta_fp pasta_fp_ZERO, pasta_fp_ONE; /* ONE holds R mod p       */
PASTA_API extern const pasta_fp pasta_fp_TWO_INV; /* 1/2                              */
PASTA_API extern const pasta_fp pasta_fp_MULTIPLICATIVE_GENERATOR; /* 5                   */
PASTA_API extern const pasta_fp pasta_fp_ROOT_OF_UNITY; /* 5^t, t = (p-1)/2^32; order 2^S */
PASTA_API extern const pasta_fp pasta_fp_ROOT_OF_UNITY_INV;
PASTA_API extern const pasta_fp pasta_fp_DELTA; /* 5^(2^S)                           */
PASTA_API extern const pasta_fp pasta_fp_ZETA;  /* element of multiplicative order 3 */
#define PASTA_FP_S 32                           /* 2-adicity of p - 1               */

PASTA_API extern const uint64_t pasta_fq_MODULUS[4];
PASTA_API extern const uint64_t pasta_fq_R2[4];
PASTA_API extern const uint64_t pasta_fq_R3[4];
PASTA_API extern const uint64_t pasta_fq_INV;
PASTA_API extern const pasta_fq pasta_fq_ZERO, pasta_fq_ONE;
PASTA_API extern const pasta_fq pasta_fq_TWO_INV;
PASTA_API extern const pasta_fq pasta_fq_MULTIPLICATIVE_GENERATOR;
PASTA_API extern const pasta_fq pasta_fq_ROOT_OF_UNITY;
PASTA_API extern const pasta_fq pasta_fq_ROOT_OF_UNITY_INV;
PASTA_API extern const pasta_fq pasta_fq_DELTA;
PASTA_API extern const pasta_fq pasta_fq_ZETA;
#define PASTA_FQ_S 32

/* ---- Construction and conversion (none can fail; every output is fully written). */
PASTA_API void pasta_fp_zero(pasta_fp *r);                                /* r = 0 */
PASTA_API void pasta_fp_one(pasta_fp *r);                                 /* r = 1 */
PASTA_API void pasta_fp_from_u64(pasta_fp *r, uint64_t v);                /* r = v */
PASTA_API void pasta_fp_from_u128(pasta_fp *r, uint64_t lo, uint64_t hi); /* hi*2^64 + lo */
/* r = limbs mod p for any 256-bit integer `limbs` (least significant limb first). */
PASTA_API void pasta_fp_from_raw(pasta_fp *r, const uint64_t limbs[4]);
/* limbs = the canonical integer in [0, p) that a represents (out of Montgomery form). */
PASTA_API void pasta_fp_to_raw(uint64_t limbs[4], const pasta_fp *a);
/* out = 32-byte little-endian canonical encoding of a. */
PASTA_API void pasta_fp_to_bytes(uint8_t out[32], const pasta_fp *a);
/* Decodes 32 little-endian bytes. Returns PASTA_OK, or PASTA_ERR_NONCANONICAL if the
 * integer is >= p (anything with bit 255 set included); r is then left untouched.
 * Constant time in the value of the bytes (only the result code depends on them). */
PASTA_API int pasta_fp_from_bytes(pasta_fp *r, const uint8_t in[32]);
/* r = (64-byte little-endian integer) mod p: uniform for uniform input (hashing, sampling). */
PASTA_API void pasta_fp_from_uniform_bytes(pasta_fp *r, const uint8_t in[64]);
/* r = a uniformly random element from 64 bytes of rng (one call rng(rng_ctx, buf, 64)).
 * Returns PASTA_OK, or PASTA_ERR_RNG (r untouched, buf wiped) if rng returned nonzero,
 * PASTA_ERR_INVALID_ARG (r untouched) if rng is NULL. rng_ctx is passed through. */
PASTA_API int pasta_fp_random(pasta_fp *r, pasta_rng_fn rng, void *rng_ctx);

/* ---- Arithmetic mod p: constant time, cannot fail, r may alias any input. */
PASTA_API void pasta_fp_add(pasta_fp *r, const pasta_fp *a, const pasta_fp *b); /* a + b */
PASTA_API void pasta_fp_sub(pasta_fp *r, const pasta_fp *a, const pasta_fp *b); /* a - b */
PASTA_API void pasta_fp_neg(pasta_fp *r, const pasta_fp *a);                    /* -a    */
PASTA_API void pasta_fp_dbl(pasta_fp *r, const pasta_fp *a);                    /* r = 2a  */
PASTA_API void pasta_fp_mul(pasta_fp *r, const pasta_fp *a, const pasta_fp *b); /* a * b */
PASTA_API void pasta_fp_sqr(pasta_fp *r, const pasta_fp *a);                    /* r = a^2 */
PASTA_API void pasta_fp_cube(pasta_fp *r, const pasta_fp *a);                   /* r = a^3 */
/* r = a^e, e a 256-bit integer (least significant limb first). Constant time in a and e. */
PASTA_API void pasta_fp_pow(pasta_fp *r, const pasta_fp *a, const uint64_t e[4]);
/* Same, variable time in e (a public exponent); constant time in a. */
PASTA_API void pasta_fp_pow_var(pasta_fp *r, const pasta_fp *a, const uint64_t e[4]);
/* r = 1/a, and r = 0 for a = 0. Constant time (Bernstein–Yang safegcd). */
PASTA_API void pasta_fp_invert(pasta_fp *r, const pasta_fp *a);
/* Same result, variable time (for public values only). */
PASTA_API void pasta_fp_invert_var(pasta_fp *r, const pasta_fp *a);
/* out[i] = 1/in[i] for i < n (0 stays 0), with one inversion (Montgomery's trick).
 * out may equal in (in place); otherwise the arrays must not overlap. Constant time in the
 * values. Returns PASTA_OK, PASTA_ERR_INVALID_ARG (NULL with n > 0, or n too large) or
 * PASTA_ERR_NO_MEMORY; on error out is untouched. */
PASTA_API int pasta_fp_batch_invert(pasta_fp *out, const pasta_fp *in, size_t n);
/* If a is a square: r = a square root of a, returns 1. Otherwise r = 0, returns 0.
 * Constant time (Sarkar's table-based method, as zcash/pasta_curves' sqrt-table feature,
 * with every table read a full masked scan). The root is zcash/pasta_curves' (its default
 * sqrt-table sqrt), on every backend: with m - 1 = 2^32 t (t odd) and g = ROOT_OF_UNITY,
 * r = a^((t+1)/2) g^k for the k in [0, 2^31) with g^(2k) = a^(-t). */
PASTA_API int pasta_fp_sqrt(pasta_fp *r, const pasta_fp *a);
/* As pasta_curves' sqrt_ratio: returns 1 and r = sqrt(num/div) if num/div is a square
 * (div != 0); returns 1 and r = 0 if num = 0; returns 0 and r = 0 if div = 0, num != 0;
 * returns 0 and r = sqrt(ROOT_OF_UNITY * num/div) otherwise. Constant time (no inversion,
 * one exponentiation, then the table-based method of sqrt). Which root: pasta_curves', for
 * u = num/div r = u^((t+1)/2) g^k (see sqrt) with k in [0, 2^31) and g^(2k) = u^(-t) for a
 * square u, k in [1, 2^31] and g^(2k) = g u^(-t) otherwise; for a square, sqrt's root. */
PASTA_API int pasta_fp_sqrt_ratio(pasta_fp *r, const pasta_fp *num, const pasta_fp *div);
/* Legendre symbol: 0 for a = 0, 1 for a nonzero square, -1 otherwise. Constant time. */
PASTA_API int pasta_fp_legendre(const pasta_fp *a);
PASTA_API int pasta_fp_is_square(const pasta_fp *a); /* 1 for 0, too */

/* ---- Predicates and constant-time selection. Predicates return 1 or 0 in constant time;
 * flag arguments must be 0 or 1 (only bit 0 is used); a flag is never branched on. */
PASTA_API int pasta_fp_eq(const pasta_fp *a, const pasta_fp *b); /* a == b */
PASTA_API int pasta_fp_is_zero(const pasta_fp *a);               /* a == 0 */
PASTA_API int pasta_fp_is_odd(const pasta_fp *a); /* parity of the canonical integer */
PASTA_API void pasta_fp_cmov(pasta_fp *r, const pasta_fp *a, int flag); /* flag ? r=a */
PASTA_API void pasta_fp_select(pasta_fp *r, const pasta_fp *a, const pasta_fp *b,
                               int flag);                          /* flag ? b : a */
PASTA_API void pasta_fp_cswap(pasta_fp *a, pasta_fp *b, int flag); /* flag ? swap a, b */

/* Array operations: one call per array of n elements, the kernels inlined in the loop
 * (use these rather than per-element calls for bulk work). Arrays may be NULL only with
 * n = 0; outputs may alias inputs element for element (r == a etc.); the single values c
 * and x may point anywhere, even into r. Constant time in the values (n is public).
 * Return PASTA_OK, or PASTA_ERR_INVALID_ARG (NULL with n > 0, NULL r, c or x, or
 * n > SIZE_MAX / 64), nothing written. */
PASTA_API int pasta_fp_vec_add(pasta_fp *r, const pasta_fp *a, const pasta_fp *b, size_t n);
PASTA_API int pasta_fp_vec_sub(pasta_fp *r, const pasta_fp *a, const pasta_fp *b, size_t n);
PASTA_API int pasta_fp_vec_mul(pasta_fp *r, const pasta_fp *a, const pasta_fp *b, size_t n);
/* r[i] = a[i] * c */
PASTA_API int pasta_fp_vec_scale(pasta_fp *r, const pasta_fp *a, const pasta_fp *c, size_t n);
/* r[i] = a[i] * b[i] + c[i] */
PASTA_API int pasta_fp_vec_mul_add(pasta_fp *r, const pasta_fp *a, const pasta_fp *b,
                                   const pasta_fp *c, size_t n);
/* *r = sum of a[i] * b[i] (0 for n = 0) */
PASTA_API int pasta_fp_vec_inner_product(pasta_fp *r, const pasta_fp *a, const pasta_fp *b,
                                         size_t n);
/* *r = sum of coeffs[i] * x^i (0 for n = 0), Horner's rule */
PASTA_API int pasta_fp_poly_eval(pasta_fp *r, const pasta_fp *coeffs, size_t n,
                                 const pasta_fp *x);

/* ---- Work form: the array operations on vectors kept in the backend's own layout, for a
 * chain of them (an embedding prover's gate evaluation): work_load converts n values
 * in, work_add ... work_mul_add compute without converting, work_store converts back.
 * On x86_64-ifma a work vector holds radix-2^52 lanes in the Montgomery domain 2^260
 * (the values weakly reduced), so a chain skips the per-call conversions of the
 * pasta_fp_vec_* calls; on the other backends it holds the values as pasta_fp, and each
 * call is the vec operation. The values, and so every stored result, are the same on
 * every backend.
 *
 * A work vector of n elements is an array of PASTA_WORK_BLOCKS(n) blocks of 8 elements
 * (320 bytes each; 64-byte alignment is faster, 8 is enough). Its layout belongs to the
 * backend selected when it was written: read it only under that backend (another one
 * reads other values, never out of bounds). The lanes of a last partial block beyond n
 * are padding: written with unspecified values, never read into results. The contract
 * of the vec operations applies (n elements, NULL only with n = 0, exact aliasing,
 * constant time, PASTA_ERR_INVALID_ARG with nothing written); work_load and work_scale
 * take canonical values as every pasta_fp; any work vector written by these functions
 * is a valid input, and a zero-filled block holds zeros (on every backend). */
#define PASTA_WORK_BLOCKS(n) (((n) + 7) / 8)
typedef struct pasta_fp_work {
    uint64_t w[40];
} pasta_fp_work;
typedef struct pasta_fq_work {
    uint64_t w[40];
} pasta_fq_work;
/* w = a (n values in), r = w (n values out, canonical) */
PASTA_API int pasta_fp_work_load(pasta_fp_work *w, const pasta_fp *a, size_t n);
PASTA_API int pasta_fp_work_store(pasta_fp *r, const pasta_fp_work *w, size_t n);
/* r = a + b, a - b, a b, a c, a + c (c one canonical value), a b + c: element-wise */
PASTA_API int pasta_fp_work_add(pasta_fp_work *r, const pasta_fp_work *a,
                                const pasta_fp_work *b, size_t n);
PASTA_API int pasta_fp_work_sub(pasta_fp_work *r, const pasta_fp_work *a,
                                const pasta_fp_work *b, size_t n);
PASTA_API int pasta_fp_work_mul(pasta_fp_work *r, const pasta_fp_work *a,
                                const pasta_fp_work *b, size_t n);
PASTA_API int pasta_fp_work_scale(pasta_fp_work *r, const pasta_fp_work *a, const pasta_fp *c,
                                  size_t n);
PASTA_API int pasta_fp_work_add_const(pasta_fp_work *r, const pasta_fp_work *a,
                                      const pasta_fp *c, size_t n); /* a + c */
PASTA_API int pasta_fp_work_mul_add(pasta_fp_work *r, const pasta_fp_work *a,
                                    const pasta_fp_work *b, const pasta_fp_work *c, size_t n);

/* ---- Fq: same contracts as above. */
PASTA_API void pasta_fq_zero(pasta_fq *r);
PASTA_API void pasta_fq_one(pasta_fq *r);
PASTA_API void pasta_fq_from_u64(pasta_fq *r, uint64_t v);
PASTA_API void pasta_fq_from_u128(pasta_fq *r, uint64_t lo, uint64_t hi);
PASTA_API void pasta_fq_from_raw(pasta_fq *r, const uint64_t limbs[4]);
PASTA_API void pasta_fq_to_raw(uint64_t limbs[4], const pasta_fq *a);
PASTA_API void pasta_fq_to_bytes(uint8_t out[32], const pasta_fq *a);
PASTA_API int pasta_fq_from_bytes(pasta_fq *r, const uint8_t in[32]);
PASTA_API void pasta_fq_from_uniform_bytes(pasta_fq *r, const uint8_t in[64]);
PASTA_API int pasta_fq_random(pasta_fq *r, pasta_rng_fn rng, void *rng_ctx);
PASTA_API void pasta_fq_add(pasta_fq *r, const pasta_fq *a, const pasta_fq *b);
PASTA_API void pasta_fq_sub(pasta_fq *r, const pasta_fq *a, const pasta_fq *b);
PASTA_API void pasta_fq_neg(pasta_fq *r, const pasta_fq *a);
PASTA_API void pasta_fq_dbl(pasta_fq *r, const pasta_fq *a);
PASTA_API void pasta_fq_mul(pasta_fq *r, const pasta_fq *a, const pasta_fq *b);
PASTA_API void pasta_fq_sqr(pasta_fq *r, const pasta_fq *a);
PASTA_API void pasta_fq_cube(pasta_fq *r, const pasta_fq *a);
PASTA_API void pasta_fq_pow(pasta_fq *r, const pasta_fq *a, const uint64_t e[4]);
PASTA_API void pasta_fq_pow_var(pasta_fq *r, const pasta_fq *a, const uint64_t e[4]);
PASTA_API void pasta_fq_invert(pasta_fq *r, const pasta_fq *a);
PASTA_API void pasta_fq_invert_var(pasta_fq *r, const pasta_fq *a);
PASTA_API int pasta_fq_batch_invert(pasta_fq *out, const pasta_fq *in, size_t n);
PASTA_API int pasta_fq_sqrt(pasta_fq *r, const pasta_fq *a);
PASTA_API int pasta_fq_sqrt_ratio(pasta_fq *r, const pasta_fq *num, const pasta_fq *div);
PASTA_API int pasta_fq_legendre(const pasta_fq *a);
PASTA_API int pasta_fq_is_square(const pasta_fq *a);
PASTA_API int pasta_fq_eq(const pasta_fq *a, const pasta_fq *b);
PASTA_API int pasta_fq_is_zero(const pasta_fq *a);
PASTA_API int pasta_fq_is_odd(const pasta_fq *a);
PASTA_API void pasta_fq_cmov(pasta_fq *r, const pasta_fq *a, int flag);
PASTA_API void pasta_fq_select(pasta_fq *r, const pasta_fq *a, const pasta_fq *b, int flag);
PASTA_API void pasta_fq_cswap(pasta_fq *a, pasta_fq *b, int flag);

PASTA_API int pasta_fq_vec_add(pasta_fq *r, const pasta_fq *a, const pasta_fq *b, size_t n);
PASTA_API int pasta_fq_vec_sub(pasta_fq *r, const pasta_fq *a, const pasta_fq *b, size_t n);
PASTA_API int pasta_fq_vec_mul(pasta_fq *r, const pasta_fq *a, const pasta_fq *b, size_t n);
PASTA_API int pasta_fq_vec_scale(pasta_fq *r, const pasta_fq *a, const pasta_fq *c, size_t n);
PASTA_API int pasta_fq_vec_mul_add(pasta_fq *r, const pasta_fq *a, const pasta_fq *b,
                                   const pasta_fq *c, size_t n);
PASTA_API int pasta_fq_vec_inner_product(pasta_fq *r, const pasta_fq *a, const pasta_fq *b,
                                         size_t n);
PASTA_API int pasta_fq_poly_eval(pasta_fq *r, const pasta_fq *coeffs, size_t n,
                                 const pasta_fq *x);
PASTA_API int pasta_fq_work_load(pasta_fq_work *w, const pasta_fq *a, size_t n);
PASTA_API int pasta_fq_work_store(pasta_fq *r, const pasta_fq_work *w, size_t n);
PASTA_API int pasta_fq_work_add(pasta_fq_work *r, const pasta_fq_work *a,
                                const pasta_fq_work *b, size_t n);
PASTA_API int pasta_fq_work_sub(pasta_fq_work *r, const pasta_fq_work *a,
                                const pasta_fq_work *b, size_t n);
PASTA_API int pasta_fq_work_mul(pasta_fq_work *r, const pasta_fq_work *a,
                                const pasta_fq_work *b, size_t n);
PASTA_API int pasta_fq_work_scale(pasta_fq_work *r, const pasta_fq_work *a, const pasta_fq *c,
                                  size_t n);
PASTA_API int pasta_fq_work_add_const(pasta_fq_work *r, const pasta_fq_work *a,
                                      const pasta_fq *c, size_t n);
PASTA_API int pasta_fq_work_mul_add(pasta_fq_work *r, const pasta_fq_work *a,
                                    const pasta_fq_work *b, const pasta_fq_work *c, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* PASTA_FIELD_H */
