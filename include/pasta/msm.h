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
 * per thread, about 2048 buckets of 170 bytes, or 2^(c-1) for window sizes c > 12
 * chosen from n (docs/MSM.md; c <= 16, so at most 6 MB per thread), and a batch of at
 * most 512 additions (64 bytes each); freed before returning.
 *
 * Errors (nothing is written on error):
 *   PASTA_ERR_INVALID_ARG   bases or scalars NULL with n > 0; n too large for the
 *                           scratch byte counts (n > SIZE_MAX / 1024); threads < 0
 *   PASTA_ERR_NONCANONICAL  (bytes form) a scalar encoding >= the group order
 *   PASTA_ERR_NO_MEMORY     the allocation failed (nothing leaks)
 * n = 0 gives the identity (NULL arrays allowed).
 *
 * Fixed base (a commitment key: the same bases for many MSMs): a table of the points
 * [2^(j c)] P_i, j < ceil(256 / c), is built once in caller memory; MSMs over any prefix
 * of those bases then need no doublings and one bucket reduction. The window size c is
 * the memory parameter: the table takes 64 + 64 n ceil(256 / c) bytes (c = 16: 1 KiB per
 * base; c = 0: the rule of docs/MSM.md for n bases, which depends on n and on the host's
 * L2 cache size: query the size where the table is built), reported by msm_fixed_size
 * before anything is allocated. The table holds no pointers: it may be copied, saved and
 * loaded (same library version and curve), and used by several threads at once.
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
/* r[j] = sum [scalars[j n + i]] bases[j n + i] for i < n, j < count: count MSMs over
 * different bases (an inner-product argument's L and R), each as msm_var, computed as one
 * batch: on T > 1 threads each MSM is split as msm_var splits it, and all their tasks are
 * claimed one by one from one region, then their final combinations (each about c
 * doublings a window) run one per thread, where count msm_var calls would wait for each
 * MSM's end and combine it on one thread. Allocates as count msm_var calls at once, and
 * count results. PASTA_ERR_INVALID_ARG: r NULL with count > 0, bases or scalars NULL
 * with count n > 0, n or count n too large (as msm_var), threads < 0;
 * PASTA_ERR_NO_MEMORY; r is untouched on every error. count = 0: nothing. */
PASTA_API int pasta_pallas_msm_var_many(pasta_pallas_jacobian *r,
                                        const pasta_pallas_affine *bases,
                                        const pasta_fq *scalars, size_t count, size_t n,
                                        int threads);

/* Opaque: a fixed-base table lives in caller memory (8-byte aligned). */
typedef struct pasta_pallas_msm_table pasta_pallas_msm_table;
typedef struct pasta_vesta_msm_table pasta_vesta_msm_table;

/* Bytes of the table for n bases with window size c (1 <= c <= 20, or 0 for the default
 * rule); 0 when c is out of range or the byte count would overflow size_t. */
PASTA_API size_t pasta_pallas_msm_fixed_size(size_t n, int c);
/* Builds the table of bases[0..n) with window size c (as for msm_fixed_size) in `table`,
 * table_size bytes (>= msm_fixed_size(n, c)); allocates nothing; threads as above.
 * PASTA_ERR_INVALID_ARG: table NULL or not 8-byte aligned, bases NULL with n > 0, c out
 * of range, table_size too small, threads < 0 (nothing written). */
PASTA_API int pasta_pallas_msm_fixed_build(pasta_pallas_msm_table *table, size_t table_size,
                                           const pasta_pallas_affine *bases, size_t n, int c,
                                           int threads);
/* r = sum [scalars[i]] bases[i] for i < n, n <= the table's n (a prefix of its bases).
 * Allocates about 40 n bytes plus 2^(c-1) buckets (about 170 bytes each) per thread, and
 * where runs of 4 or more equal scalars occur (each run's bases are summed and the sum
 * multiplied once) 32 n bytes more and a variable-base MSM's scratch.
 * PASTA_ERR_INVALID_ARG: table or scalars NULL with n > 0, table not built by
 * msm_fixed_build for this curve, n above its n, threads < 0; PASTA_ERR_NO_MEMORY. */
PASTA_API int pasta_pallas_msm_fixed_var(pasta_pallas_jacobian *r,
                                         const pasta_pallas_msm_table *table,
                                         const pasta_fq *scalars, size_t n, int threads);
/* r[j] = sum [scalars[j n + i]] bases[i] for i < n, j < count: count MSMs over one table
 * (a batch of commitments), each as msm_fixed_var. On T > 1 threads whole MSMs run one per
 * thread, largest modelled work first (no split, no per-split work): all of them where
 * that balances the threads within 25%, else while at least T are left, the rest each
 * on all threads; the bytes do not depend on it. Allocates as msm_fixed_var, per thread,
 * and count results. PASTA_ERR_INVALID_ARG as msm_fixed_var, or r NULL with count > 0,
 * or count n above SIZE_MAX; PASTA_ERR_NO_MEMORY; r is untouched on every error.
 * count = 0: nothing. */
PASTA_API int pasta_pallas_msm_fixed_var_many(pasta_pallas_jacobian *r,
                                              const pasta_pallas_msm_table *table,
                                              const pasta_fq *scalars, size_t count, size_t n,
                                              int threads);

PASTA_API int pasta_vesta_msm_var(pasta_vesta_jacobian *r, const pasta_vesta_affine *bases,
                                  const pasta_fp *scalars, size_t n, int threads);
PASTA_API int pasta_vesta_msm_bytes_var(pasta_vesta_jacobian *r,
                                        const pasta_vesta_affine *bases,
                                        const uint8_t *scalars, size_t n, int threads);
PASTA_API int pasta_vesta_msm_var_many(pasta_vesta_jacobian *r,
                                       const pasta_vesta_affine *bases,
                                       const pasta_fp *scalars, size_t count, size_t n,
                                       int threads);
PASTA_API size_t pasta_vesta_msm_fixed_size(size_t n, int c);
PASTA_API int pasta_vesta_msm_fixed_build(pasta_vesta_msm_table *table, size_t table_size,
                                          const pasta_vesta_affine *bases, size_t n, int c,
                                          int threads);
PASTA_API int pasta_vesta_msm_fixed_var(pasta_vesta_jacobian *r,
                                        const pasta_vesta_msm_table *table,
                                        const pasta_fp *scalars, size_t n, int threads);
PASTA_API int pasta_vesta_msm_fixed_var_many(pasta_vesta_jacobian *r,
                                             const pasta_vesta_msm_table *table,
                                             const pasta_fp *scalars, size_t count, size_t n,
                                             int threads);

#ifdef __cplusplus
}
#endif

#endif /* PASTA_MSM_H */
