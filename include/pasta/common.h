/* pasta — common definitions: error codes, RNG callback, version.
 *
 * Conventions used throughout the public API:
 *   - output argument(s) first, inputs after;
 *   - functions are constant time with respect to their secret inputs unless the
 *     name ends in `_var` (variable time: only for public data);
 *   - a function that can fail returns an int error code (PASTA_OK = 0 on success,
 *     a negative PASTA_ERR_* otherwise) and, on failure, leaves every output untouched;
 *   - predicates (eq, is_zero, ...) return 1 or 0, computed in constant time;
 *   - pointers to single elements/points are never NULL (not checked); arrays come with
 *     a size, and NULL is allowed only with size 0 (else PASTA_ERR_INVALID_ARG);
 *   - outputs may be uninitialised on entry; outputs may alias inputs unless stated;
 *   - every function may run concurrently with others on distinct outputs (see
 *     pasta_backend_set for the one process-wide setting).
 * The full bad-input contract (error precedence, encodings, allocation failure) is in
 * docs/CONTRACT.md.
 */
#ifndef PASTA_COMMON_H
#define PASTA_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(PASTA_BUILDING_LIBRARY) && (defined(__GNUC__) || defined(__clang__))
#define PASTA_API __attribute__((visibility("default")))
#else
#define PASTA_API
#endif

/* Error codes. Every failing call returns one of these and changes no output. */
enum {
    PASTA_OK = 0,
    PASTA_ERR_NONCANONICAL = -1, /* encoding of a value >= the modulus, or bit 255 set  */
    PASTA_ERR_NOT_ON_CURVE = -2, /* encoding of an x with no point / coordinates off it */
    PASTA_ERR_INVALID_ARG = -3,  /* NULL pointer with nonzero size, size out of range   */
    PASTA_ERR_NO_MEMORY = -4,    /* allocation failure                                  */
    PASTA_ERR_UNSUPPORTED = -5,  /* backend not compiled in or not supported by the CPU */
    PASTA_ERR_RNG = -6           /* the caller's RNG callback reported failure           */
};

/* Returns a short static English description of an error code ("unknown error" for a
 * value that is not one); never NULL. */
PASTA_API const char *pasta_strerror(int err);

/* Caller-supplied randomness: fill buf[0..len) with uniformly random bytes and return 0,
 * or return nonzero on failure. */
typedef int (*pasta_rng_fn)(void *ctx, uint8_t *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* PASTA_COMMON_H */
