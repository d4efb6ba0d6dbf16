/* Bottom layer: allocation (docs/CONTRACT.md). Every allocation of the library goes
 * through pasta_alloc, on the calling thread, before any parallel region. */
#ifndef PASTA_CORE_ALLOC_H
#define PASTA_CORE_ALLOC_H

#include <stddef.h>

#include "core/names.h"
#include "pasta/common.h"

/* malloc; NULL for size 0. In the test-only library (PASTA_ALLOC_HOOKS, see
 * core/alloc.c) it also fails on demand for pasta_test_alloc_fail_at. */
PASTA_INTERNAL void *pasta_alloc(size_t size);
PASTA_INTERNAL void pasta_free(void *p);
/* Zeroes n bytes in a way the compiler cannot drop. */
PASTA_INTERNAL void pasta_secure_zero(void *p, size_t n);

/* Test hooks, defined only in the test-only library pasta_testing (never exported by
 * libpasta): the n-th allocation from now (1 = the next one) fails; 0 disables. Returns
 * the number of allocations made since the last call. Not thread-safe. */
PASTA_INTERNAL long pasta_test_alloc_fail_at(long n);
/* Blocks obtained from pasta_alloc and not yet freed (leak check). */
PASTA_INTERNAL long pasta_test_alloc_live(void);

#endif /* PASTA_CORE_ALLOC_H */
