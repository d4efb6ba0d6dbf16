/* Shared helpers of the libFuzzer targets (fuzz/CMakeLists.txt): backend tables, an input
 * reader, GMP references, and FZ_CHECK, which aborts (a finding) with a message.
 *
 * A new target (e.g. fuzz_point_decode.c) includes this header, defines
 * LLVMFuzzerTestOneInput, and gets a seed corpus in fuzz/corpus/<target>/; CMake and
 * .ci/run pick it up by its name. */
#ifndef PASTA_FUZZ_UTIL_H
#define PASTA_FUZZ_UTIL_H

#include <gmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "backends/backend.h"
#include "pasta/pasta.h"

#include "fuzz/check.h"

/* Every backend table this build and CPU can run (portable first); returns the count. */
#define FZ_MAX_BACKENDS 4
int fz_backends(const pasta_ops *out[FZ_MAX_BACKENDS]);

/* Input reader: takes bytes from the fuzzer's buffer; past its end, zeros. */
typedef struct {
    const uint8_t *p;
    size_t left;
} fz_in;
static inline fz_in fz_reader(const uint8_t *data, size_t size) { return (fz_in){data, size}; }
void fz_take(fz_in *in, void *out, size_t n);
uint8_t fz_byte(fz_in *in);
uint64_t fz_u64(fz_in *in);

/* GMP: field 0 = Fp, 1 = Fq. */
void fz_modulus(mpz_t m, int field);
void fz_from_limbs(mpz_t z, const uint64_t limbs[4]);
void fz_to_limbs(uint64_t limbs[4], const mpz_t z); /* z mod 2^256 */
void fz_from_le(mpz_t z, const uint8_t *bytes, size_t n);
void fz_to_le32(uint8_t out[32], const mpz_t z); /* z < 2^256 */
/* The value of Montgomery limbs: limbs * 2^-256 mod m. Also checks limbs < m
 * (every output of the library is canonical). */
void fz_mont_value(mpz_t z, const uint64_t limbs[4], int field, const char *what);

/* A 256-bit operand shaped by a mode byte, so the fuzzer reaches the edges of the field
 * quickly: 0 raw, 1 m-1-x, 2 m+x, 3 small x, 4 raw below 2^254, 5 2^256-1-x (x from the
 * next 8 bytes; the rest of the 32 bytes is then unused). */
void fz_operand(uint8_t out[32], fz_in *in, int field);

#endif
