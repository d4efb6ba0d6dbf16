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

/* ---- The library's threads, for the caller's own loops (docs/PARALLEL.md). */
/* fn(ctx, lo, hi, t): the items [lo, hi) of range t. */
typedef void (*pasta_range_fn)(void *ctx, size_t lo, size_t hi, int t);
/* Cuts [0, n) into T = min(threads, n, 256) contiguous ranges in order, whose lengths
 * differ by at most one (the first n % T are the longer), and runs fn once per range on
 * the library's thread pool, the calling thread included, under the pool's wait policy
 * (OMP_WAIT_POLICY / GOMP_SPINCOUNT honoured) and its trace (PASTA_PARALLEL_TRACE);
 * returns when every range is done. threads 0: the library's default (OMP_NUM_THREADS,
 * else the cores). Ranges are claimed in index order, so which thread runs a range
 * varies; what fn computes must not depend on it (write per-range outputs, combine them
 * in range order after the call). Called from inside a range, from another thread while
 * the pool is busy, or from an OpenMP parallel region, it runs every range on the
 * calling thread. Returns PASTA_OK; PASTA_ERR_INVALID_ARG for threads < 0 or a NULL fn
 * with n > 0 (nothing runs). */
PASTA_API int pasta_parallel_ranges(size_t n, int threads, pasta_range_fn fn, void *ctx);
/* fn(ctx, i): item i. */
typedef void (*pasta_item_fn)(void *ctx, size_t i);
/* Runs fn once for every item i < n on the library's thread pool, on at most `threads`
 * threads (0: the default), the calling thread included, each item claimed on its own in
 * index order: a thread that is done takes the next item, so items of unequal cost (the
 * large ones first) even out where a static split would not, and a thread whose CPU is
 * shared with another process takes fewer. For a few large items (whole MSMs,
 * transforms): every claim is an atomic operation; above 65535 items it splits [0, n)
 * statically, as pasta_parallel_ranges. What fn computes must not depend on which thread
 * runs it. Nesting, wait policy and errors as pasta_parallel_ranges; its trace region's
 * ranges are the loads of its threads when each item goes to the least loaded one. */
PASTA_API int pasta_parallel_items(size_t n, int threads, pasta_item_fn fn, void *ctx);

#ifdef __cplusplus
}
#endif

#endif /* PASTA_COMMON_H */
