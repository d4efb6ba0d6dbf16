/* Shared test helpers: seeded RNG, GMP references, backend tables, edge operands. */
#ifndef PASTA_TESTS_TESTUTIL_H
#define PASTA_TESTS_TESTUTIL_H

#include <criterion/criterion.h>
#include <gmp.h>
#include <stdint.h>

#include "backends/backend.h"
#include "core/alloc.h"
#include "fields/constants.h"
#include "pasta/pasta.h"

/* The test seed: PASTA_TEST_SEED from the environment (decimal or 0x-hex), else a fixed
 * default. Printed once per process so any failure can be replayed. */
uint64_t tu_seed(void);
/* splitmix64-based deterministic generator. */
typedef struct {
    uint64_t s;
} tu_rng;
void tu_rng_init(tu_rng *r, uint64_t stream);
uint64_t tu_next(tu_rng *r);
/* pasta_rng_fn adapter over a tu_rng. */
int tu_rng_fill(void *ctx, uint8_t *buf, size_t len);

/* The table of a backend, or NULL (and a Criterion skip) when it cannot run here. */
const pasta_ops *tu_backend_or_skip(pasta_backend b);

/* GMP helpers. m = modulus (mpz), field 0 = fp, 1 = fq. */
void tu_modulus(mpz_t m, int field);
void tu_from_limbs(mpz_t z, const uint64_t limbs[4]);
void tu_to_limbs(uint64_t limbs[4], const mpz_t z); /* z < 2^256 */
/* Montgomery element limbs -> value: z = limbs * 2^-256 mod m. */
void tu_mont_to_value(mpz_t z, const uint64_t limbs[4], int field);
/* value (any integer) -> Montgomery limbs of value mod m. */
void tu_value_to_mont(uint64_t limbs[4], const mpz_t v, int field);
/* A uniformly random canonical value < m (as an mpz). */
void tu_random_below(mpz_t z, tu_rng *r, const mpz_t m);

/* Edge values (plain integers < m) of the field: 0, 1, 2, m-1, m-2, (m-1)/2, (m+1)/2,
 * 2^64-1, 2^128, 2^192, 2^254-1, and values sharing m's high limbs with low limbs just
 * below m's. Returns the count written to out (at most TU_MAX_EDGES). */
#define TU_MAX_EDGES 24
int tu_edges(mpz_t out[TU_MAX_EDGES], int field);

#endif
