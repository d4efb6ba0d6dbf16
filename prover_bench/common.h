/* What every part of pasta_halo2 shares inside itself (not for users of its headers):
 * the TRY macro, small field helpers and the implementation's capacity limits. */
#ifndef PASTA_HALO2_COMMON_H
#define PASTA_HALO2_COMMON_H

#include <stdint.h>

#include "cs.h"
#include "halo2.h"

#define TRY(e)                           \
    do {                                 \
        int rc_ = (e);                   \
        if (rc_ != PASTA_OK) return rc_; \
    } while (0)

/* Capacity limits (beyond them: HALO2_ERR_LIMIT). */
#define HALO2_MAX_SETS HALO2_MAX_COLUMNS /* permutation sets (chunks of degree - 2 columns) */
#define HALO2_MAX_H 64                   /* quotient pieces: degree - 1 */
#define HALO2_MAX_POINTS 64              /* distinct opening points (a set is a 64-bit mask) */
/* multiopen's (polynomial, point) queries: the most the verifier's 8 circuit instances
 * (HALO2_MAX_CIRCUITS) of the largest constraint system make */
#define HALO2_MAX_OPEN_QUERIES                                                  \
    (8 * (2 * HALO2_MAX_QUERIES + 3 * HALO2_MAX_SETS + 5 * HALO2_MAX_LOOKUPS) + \
     HALO2_MAX_QUERIES + HALO2_MAX_COLUMNS + 2)
#define HALO2_CHUNK 64 /* positions per vector step on the coset */

/* r = a^e */
static inline void halo2_fp_pow_u64(pasta_fp *r, const pasta_fp *a, uint64_t e) {
    const uint64_t ex[4] = {e, 0, 0, 0};
    pasta_fp_pow_var(r, a, ex);
}

/* 0: OpenMP's default, capped at HALO2_MAX_THREADS (prover.h) as pasta caps its own. */
int halo2_resolve_threads(int threads);

#endif /* PASTA_HALO2_COMMON_H */
