/* pasta — multi-scalar multiplication (Pippenger) on Pallas and Vesta.
 *
 *   r = sum_{i < n} [k_i] P_i
 *
 * Variable time in the scalars and the bases (branches and memory indices depend on
 * them: public data only, as halo2's best_multiexp). The bases are affine points on the
 * curve (the identity (0, 0) allowed; points off the curve are undefined behaviour, as
 * everywhere in curve.h); the scalars are scalar-field elements (pasta_fq for Pallas,
 * pasta_fp for Vesta) or canonical 32-byte little-endian encodings of them.
 *
 * The result is written normalised: Z = 1, or (0, 0, 0) for the identity, so its bytes
 * are the same on every backend and at every thread count.
 *
 * threads: the number of threads the call may use; 0 means OpenMP's default
 * (OMP_NUM_THREADS, else the number of cores); counts above 1024 are treated as 1024;
 * negative is PASTA_ERR_INVALID_ARG.
 *
 * Memory: each call allocates one block (pasta_alloc, on the calling thread, before any
 * thread starts) of about 50 n bytes (GLV magnitudes and endomorphism images) plus,
 * per thread, 2^(c-1) buckets of 160 bytes for the window size c chosen from n
 * (docs/MSM.md; c <= 16, so at most 5.3 MB per thread); freed before returning.
 *
 * Errors (nothing is written on error):
 *   PASTA_ERR_INVALID_ARG   bases or scalars NULL with n > 0; n too large for the
 *                           scratch byte counts (n > SIZE_MAX / 1024); threads < 0
 *   PASTA_ERR_NONCANONICAL  (bytes form) a scalar encoding >= the group order
 *   PASTA_ERR_NO_MEMORY     the allocation failed (nothing leaks)
 * n = 0 gives the identity (NULL arrays allowed).
 *
 * Every pasta_vesta_* function has the contract of the pasta_pallas_* function of the same
 * name with Fq for the base field and Fp for the scalar field. */
#ifndef PASTA_MSM_H
#define PASTA_MSM_H

#include "common.h"
#include "curve.h"
#include "field.h"

#ifdef __cplusplus
extern "C" {
#endif

/* r = sum [scalars[i]] bases[i], i < n. */
PASTA_API int pasta_pallas_msm_var(pasta_pallas_jacobian *r, const pasta_pallas_affine *bases,
                                   const pasta_fq *scalars, size_t n, int threads);
/* The same with scalars as n canonical 32-byte little-endian encodings (32 n bytes). */
PASTA_API int pasta_pallas_msm_bytes_var(pasta_pallas_jacobian *r,
                                         const pasta_pallas_affine *bases,
                                         const uint8_t *scalars, size_t n, int threads);

PASTA_API int pasta_vesta_msm_var(pasta_vesta_jacobian *r, const pasta_vesta_affine *bases,
                                  const pasta_fp *scalars, size_t n, int threads);
PASTA_API int pasta_vesta_msm_bytes_var(pasta_vesta_jacobian *r,
                                        const pasta_vesta_affine *bases,
                                        const uint8_t *scalars, size_t n, int threads);

#ifdef __cplusplus
}
#endif

#endif /* PASTA_MSM_H */
