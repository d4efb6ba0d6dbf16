/* pasta — the Pallas and Vesta curves, y^2 = x^3 + 5.
 *
 *   Pallas: over Fp, group order q (scalars pasta_fq)
 *   Vesta:  over Fq, group order p (scalars pasta_fp)
 * Both groups have prime order (cofactor 1); there are no points of order 2 and no point
 * with x = 0 (5 is a non-square in both fields).
 *
 * Point representations (coordinates are pasta_fp / pasta_fq values, Montgomery form):
 *   pasta_pallas_affine    (x, y);      the identity is (0, 0) (not on the curve), as in
 *                                       zcash/pasta_curves `EpAffine`.
 *   pasta_pallas_jacobian  (X, Y, Z);   the point (X/Z^2, Y/Z^3); any Z = 0 is the identity
 *                                       (functions here produce (0, 0, 0) or another Z = 0
 *                                       triple), as `Ep`.
 * A Jacobian point has many representations: compare with pasta_pallas_eq, or encode.
 *
 * Conventions (see common.h): outputs first; outputs may alias inputs of the same type
 * everywhere unless stated; constant time in every input unless the name ends in `_var`
 * (those branch on the values of points and scalars: public data only); input points
 * are assumed to be on the curve (check untrusted ones with is_on_curve or decode them
 * with from_bytes). Failing calls return a PASTA_ERR_* code and change no output.
 *
 * Encodings are bit-compatible with zcash/pasta_curves `GroupEncoding`:
 *   compressed (32 bytes): x little endian, bit 255 (the top bit of byte 31) = parity of
 *   the canonical y; the identity is 32 zero bytes.
 * The 64-byte uncompressed form (x || y, each 32 bytes little endian canonical; identity
 * = 64 zero bytes) is this library's own.
 *
 * Hashing (hash_to_curve, map_to_curve) reproduces `CurveExt::hash_to_curve` of
 * pasta_curves: hash_to_field with expand_message_xmd over BLAKE2b-512, DST
 * "<domain_prefix>-pallas_XMD:BLAKE2b_SSWU_RO_" (resp. "-vesta_"), simplified SWU on the
 * 3-isogenous curve y^2 = x^3 + A'x + 1265 with Z = -13, then the 3-isogeny.
 *
 * Every pasta_vesta_* function has the contract of the pasta_pallas_* function of the same
 * name with Fq for the base field and Fp for the scalar field.
 */
#ifndef PASTA_CURVE_H
#define PASTA_CURVE_H

#include "common.h"
#include "field.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pasta_pallas_affine {
    pasta_fp x, y;
} pasta_pallas_affine;
typedef struct pasta_pallas_jacobian {
    pasta_fp x, y, z;
} pasta_pallas_jacobian;
typedef struct pasta_vesta_affine {
    pasta_fq x, y;
} pasta_vesta_affine;
typedef struct pasta_vesta_jacobian {
    pasta_fq x, y, z;
} pasta_vesta_jacobian;

/* ---- Constants (Montgomery-form coordinates, valid for every backend). */
/* The generator (-1, 2), as pasta_curves `generator()`. */
PASTA_API extern const pasta_pallas_affine pasta_pallas_GENERATOR;
PASTA_API extern const pasta_vesta_affine pasta_vesta_GENERATOR;
/* GLV: [LAMBDA](x, y) = (BETA*x, y) with BETA = pasta_fp_ZETA (base field) and
 * LAMBDA = pasta_fq_ZETA (scalar field) for Pallas; pasta_fq_ZETA / pasta_fp_ZETA for
 * Vesta (pasta_curves `endo` and test_endo_consistency). */

/* ---- Construction, conversion, predicates. */
PASTA_API void pasta_pallas_identity(pasta_pallas_jacobian *r);  /* r = (0, 0, 0)       */
PASTA_API void pasta_pallas_generator(pasta_pallas_jacobian *r); /* r = (-1, 2, 1)      */
/* r = a as a Jacobian point (Z = 1, or Z = 0 for the affine identity). */
PASTA_API void pasta_pallas_from_affine(pasta_pallas_jacobian *r,
                                        const pasta_pallas_affine *a);
/* r = a in affine form ((0, 0) for the identity). Constant time (one inversion). */
PASTA_API void pasta_pallas_to_affine(pasta_pallas_affine *r, const pasta_pallas_jacobian *a);
/* The same in variable time: one variable-time inversion, none where Z = 1 already (an
 * MSM's normalised result). */
PASTA_API void pasta_pallas_to_affine_var(pasta_pallas_affine *r,
                                          const pasta_pallas_jacobian *a);
/* out[i] = in[i] in affine form for i < n, with one inversion (Montgomery's trick);
 * identities become (0, 0). Constant time in the values. out and in must not overlap;
 * needs no heap. Returns PASTA_OK, or PASTA_ERR_INVALID_ARG (NULL with n > 0, or
 * n * sizeof(pasta_pallas_jacobian) overflowing size_t); on error out is untouched. */
PASTA_API int pasta_pallas_batch_to_affine(pasta_pallas_affine *out,
                                           const pasta_pallas_jacobian *in, size_t n);
/* 1 if a is the identity (Z = 0), else 0. */
PASTA_API int pasta_pallas_is_identity(const pasta_pallas_jacobian *a);
PASTA_API int pasta_pallas_affine_is_identity(const pasta_pallas_affine *a); /* (0, 0) */
/* 1 if a satisfies the curve equation (Y^2 = X^3 + 5 Z^6) or is the identity, else 0.
 * Every such point is in the prime-order group. */
PASTA_API int pasta_pallas_is_on_curve(const pasta_pallas_jacobian *a);
PASTA_API int pasta_pallas_affine_is_on_curve(const pasta_pallas_affine *a);
/* 1 if a and b are the same group element (any representations), else 0. */
PASTA_API int pasta_pallas_eq(const pasta_pallas_jacobian *a, const pasta_pallas_jacobian *b);
PASTA_API int pasta_pallas_affine_eq(const pasta_pallas_affine *a,
                                     const pasta_pallas_affine *b);
/* flag (0 or 1) ? r = a : r unchanged; r = flag ? b : a. */
PASTA_API void pasta_pallas_cmov(pasta_pallas_jacobian *r, const pasta_pallas_jacobian *a,
                                 int flag);
PASTA_API void pasta_pallas_select(pasta_pallas_jacobian *r, const pasta_pallas_jacobian *a,
                                   const pasta_pallas_jacobian *b, int flag);

/* ---- Group law. Each handles every input (identity, equal, opposite points) with no
 * branch in the plain versions; the _var versions branch on those cases. */
PASTA_API void pasta_pallas_neg(pasta_pallas_jacobian *r, const pasta_pallas_jacobian *a);
PASTA_API void pasta_pallas_affine_neg(pasta_pallas_affine *r, const pasta_pallas_affine *a);
/* r = 2a (3M + 4S, docs/CURVES.md; the identity maps to Z = 0 without a special case). */
PASTA_API void pasta_pallas_dbl(pasta_pallas_jacobian *r, const pasta_pallas_jacobian *a);
PASTA_API void pasta_pallas_dbl_var(pasta_pallas_jacobian *r, const pasta_pallas_jacobian *a);
/* r = a + b. */
PASTA_API void pasta_pallas_add(pasta_pallas_jacobian *r, const pasta_pallas_jacobian *a,
                                const pasta_pallas_jacobian *b);
PASTA_API void pasta_pallas_add_var(pasta_pallas_jacobian *r, const pasta_pallas_jacobian *a,
                                    const pasta_pallas_jacobian *b);
/* r = a + b, b affine (mixed addition; b may be the affine identity (0, 0)). */
PASTA_API void pasta_pallas_madd(pasta_pallas_jacobian *r, const pasta_pallas_jacobian *a,
                                 const pasta_pallas_affine *b);
PASTA_API void pasta_pallas_madd_var(pasta_pallas_jacobian *r, const pasta_pallas_jacobian *a,
                                     const pasta_pallas_affine *b);
/* r = [LAMBDA] a = (BETA X, Y, Z): one multiplication. */
PASTA_API void pasta_pallas_endo(pasta_pallas_jacobian *r, const pasta_pallas_jacobian *a);

/* ---- Scalar multiplication. */
/* r = [k] a. Constant time in a and k: GLV split into two 127-bit halves, signed 4-bit
 * windows over affine tables, constant-time table scans and conditional negation. */
PASTA_API void pasta_pallas_mul(pasta_pallas_jacobian *r, const pasta_pallas_jacobian *a,
                                const pasta_fq *k);
/* Same result, variable time (GLV + width-5 wNAF, affine tables): public a and k only. */
PASTA_API void pasta_pallas_mul_var(pasta_pallas_jacobian *r, const pasta_pallas_jacobian *a,
                                    const pasta_fq *k);
/* GLV decomposition: k = (-1)^neg1 k1 + (-1)^neg2 k2 * LAMBDA (mod q), with
 * 0 <= k1, k2 < 2^127 (as 128-bit integers, two little-endian limbs) and neg1, neg2 in
 * {0, 1} (0 whenever the half is 0). Constant time. No pointer may be NULL; the
 * MSM uses this with the endomorphism: [k]P = [+-k1]P + [+-k2](BETA x, y). */
PASTA_API void pasta_pallas_glv_decompose(uint64_t k1[2], int *neg1, uint64_t k2[2], int *neg2,
                                          const pasta_fq *k);

/* ---- Generator folding (an inner-product argument's round: g[i] <- g[i] + [u] g[i + n]). */
/* r[i] = lo[i] + [u] hi[i] for i < n, normalised affine points ((0, 0) for the identity),
 * one scalar u for all points. Variable time (public points and u). u is recoded once
 * (GLV + wNAF); on the asm backend for n >= 48 the points run the same steps in affine
 * form with one batch inversion per step (docs/CURVES.md). r may be lo or hi (the same
 * array: in place); otherwise r must overlap neither; lo and hi may overlap. threads:
 * 0 = the default, else at most that many; the bytes never depend on it. Returns
 * PASTA_OK (n = 0: nothing done), PASTA_ERR_INVALID_ARG (a NULL pointer with n > 0,
 * threads < 0, n > SIZE_MAX / 4096) or PASTA_ERR_NO_MEMORY; on error r is untouched. */
PASTA_API int pasta_pallas_fold_var(pasta_pallas_affine *r, const pasta_pallas_affine *lo,
                                    const pasta_pallas_affine *hi, size_t n, const pasta_fq *u,
                                    int threads);

/* ---- Encoding. */
/* out = compressed encoding of a (see top). Constant time. */
PASTA_API void pasta_pallas_to_bytes(uint8_t out[32], const pasta_pallas_jacobian *a);
PASTA_API void pasta_pallas_affine_to_bytes(uint8_t out[32], const pasta_pallas_affine *a);
/* Decodes a compressed encoding. Returns PASTA_OK; PASTA_ERR_NONCANONICAL if x (bit 255
 * cleared) is >= p; PASTA_ERR_NOT_ON_CURVE if x^3 + 5 is not a square, which includes
 * x = 0 with the sign bit set. r untouched on error. The identity decodes to (0, 0, 0)
 * (affine (0, 0)). Constant time in the bytes apart from the result code. */
PASTA_API int pasta_pallas_from_bytes(pasta_pallas_jacobian *r, const uint8_t in[32]);
PASTA_API int pasta_pallas_affine_from_bytes(pasta_pallas_affine *r, const uint8_t in[32]);
/* Uncompressed 64-byte form x || y (identity: 64 zero bytes). Decoding returns PASTA_OK,
 * PASTA_ERR_NONCANONICAL (a coordinate >= p) or PASTA_ERR_NOT_ON_CURVE. */
PASTA_API void pasta_pallas_affine_to_uncompressed(uint8_t out[64],
                                                   const pasta_pallas_affine *a);
PASTA_API int pasta_pallas_affine_from_uncompressed(pasta_pallas_affine *r,
                                                    const uint8_t in[64]);

/* ---- Hashing to the curve (pasta_curves `Ep::hash_to_curve(domain_prefix)(msg)`). */
/* r = hash_to_curve(domain_prefix, msg[0..len)). domain_prefix is a NUL-terminated string
 * of at most 227 bytes for Pallas (228 for Vesta: the DST must stay < 256 bytes). Returns
 * PASTA_OK, or PASTA_ERR_INVALID_ARG (domain_prefix NULL or too long, msg NULL with
 * len > 0; r untouched). Constant time in msg (not in len or the prefix). */
PASTA_API int pasta_pallas_hash_to_curve(pasta_pallas_jacobian *r, const char *domain_prefix,
                                         const uint8_t *msg, size_t len);
/* r = iso_map(map_to_curve_simple_swu(u)): one field element to a point (the encoding
 * that hash_to_curve applies to each of its two field elements). Constant time. */
PASTA_API void pasta_pallas_map_to_curve(pasta_pallas_jacobian *r, const pasta_fp *u);

/* ---- Vesta: same contracts, base field Fq, scalar field Fp. */
PASTA_API void pasta_vesta_identity(pasta_vesta_jacobian *r);
PASTA_API void pasta_vesta_generator(pasta_vesta_jacobian *r);
PASTA_API void pasta_vesta_from_affine(pasta_vesta_jacobian *r, const pasta_vesta_affine *a);
PASTA_API void pasta_vesta_to_affine(pasta_vesta_affine *r, const pasta_vesta_jacobian *a);
PASTA_API void pasta_vesta_to_affine_var(pasta_vesta_affine *r, const pasta_vesta_jacobian *a);
PASTA_API int pasta_vesta_batch_to_affine(pasta_vesta_affine *out,
                                          const pasta_vesta_jacobian *in, size_t n);
PASTA_API int pasta_vesta_is_identity(const pasta_vesta_jacobian *a);
PASTA_API int pasta_vesta_affine_is_identity(const pasta_vesta_affine *a);
PASTA_API int pasta_vesta_is_on_curve(const pasta_vesta_jacobian *a);
PASTA_API int pasta_vesta_affine_is_on_curve(const pasta_vesta_affine *a);
PASTA_API int pasta_vesta_eq(const pasta_vesta_jacobian *a, const pasta_vesta_jacobian *b);
PASTA_API int pasta_vesta_affine_eq(const pasta_vesta_affine *a, const pasta_vesta_affine *b);
PASTA_API void pasta_vesta_cmov(pasta_vesta_jacobian *r, const pasta_vesta_jacobian *a,
                                int flag);
PASTA_API void pasta_vesta_select(pasta_vesta_jacobian *r, const pasta_vesta_jacobian *a,
                                  const pasta_vesta_jacobian *b, int flag);
PASTA_API void pasta_vesta_neg(pasta_vesta_jacobian *r, const pasta_vesta_jacobian *a);
PASTA_API void pasta_vesta_affine_neg(pasta_vesta_affine *r, const pasta_vesta_affine *a);
PASTA_API void pasta_vesta_dbl(pasta_vesta_jacobian *r, const pasta_vesta_jacobian *a);
PASTA_API void pasta_vesta_dbl_var(pasta_vesta_jacobian *r, const pasta_vesta_jacobian *a);
PASTA_API void pasta_vesta_add(pasta_vesta_jacobian *r, const pasta_vesta_jacobian *a,
                               const pasta_vesta_jacobian *b);
PASTA_API void pasta_vesta_add_var(pasta_vesta_jacobian *r, const pasta_vesta_jacobian *a,
                                   const pasta_vesta_jacobian *b);
PASTA_API void pasta_vesta_madd(pasta_vesta_jacobian *r, const pasta_vesta_jacobian *a,
                                const pasta_vesta_affine *b);
PASTA_API void pasta_vesta_madd_var(pasta_vesta_jacobian *r, const pasta_vesta_jacobian *a,
                                    const pasta_vesta_affine *b);
PASTA_API void pasta_vesta_endo(pasta_vesta_jacobian *r, const pasta_vesta_jacobian *a);
PASTA_API void pasta_vesta_mul(pasta_vesta_jacobian *r, const pasta_vesta_jacobian *a,
                               const pasta_fp *k);
PASTA_API void pasta_vesta_mul_var(pasta_vesta_jacobian *r, const pasta_vesta_jacobian *a,
                                   const pasta_fp *k);
PASTA_API void pasta_vesta_glv_decompose(uint64_t k1[2], int *neg1, uint64_t k2[2], int *neg2,
                                         const pasta_fp *k);
PASTA_API int pasta_vesta_fold_var(pasta_vesta_affine *r, const pasta_vesta_affine *lo,
                                   const pasta_vesta_affine *hi, size_t n, const pasta_fp *u,
                                   int threads);
PASTA_API void pasta_vesta_to_bytes(uint8_t out[32], const pasta_vesta_jacobian *a);
PASTA_API void pasta_vesta_affine_to_bytes(uint8_t out[32], const pasta_vesta_affine *a);
PASTA_API int pasta_vesta_from_bytes(pasta_vesta_jacobian *r, const uint8_t in[32]);
PASTA_API int pasta_vesta_affine_from_bytes(pasta_vesta_affine *r, const uint8_t in[32]);
PASTA_API void pasta_vesta_affine_to_uncompressed(uint8_t out[64],
                                                  const pasta_vesta_affine *a);
PASTA_API int pasta_vesta_affine_from_uncompressed(pasta_vesta_affine *r,
                                                   const uint8_t in[64]);
PASTA_API int pasta_vesta_hash_to_curve(pasta_vesta_jacobian *r, const char *domain_prefix,
                                        const uint8_t *msg, size_t len);
PASTA_API void pasta_vesta_map_to_curve(pasta_vesta_jacobian *r, const pasta_fq *u);

#ifdef __cplusplus
}
#endif

#endif /* PASTA_CURVE_H */
