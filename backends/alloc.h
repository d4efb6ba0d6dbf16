/* Internal allocation, with a failure-injection hook for tests (docs/CONTRACT.md). */
#ifndef PASTA_BACKENDS_ALLOC_H
#define PASTA_BACKENDS_ALLOC_H

#include <stddef.h>

#include "pasta/common.h"

#define PASTA_INTERNAL __attribute__((visibility("hidden")))

/* malloc, unless the test hook says this allocation must fail; NULL for size 0. */
PASTA_INTERNAL void *pasta_alloc(size_t size);
PASTA_INTERNAL void pasta_free(void *p);
/* Zeroes n bytes in a way the compiler cannot drop. */
PASTA_INTERNAL void pasta_secure_zero(void *p, size_t n);

/* Test hook: the n-th allocation from now (1 = the next one) fails; 0 disables.
 * Returns the number of allocations made since the last call. Not thread-safe. */
PASTA_API long pasta_test_alloc_fail_at(long n);
/* Test hook: blocks obtained from pasta_alloc and not yet freed (leak check). */
PASTA_API long pasta_test_alloc_live(void);

#endif /* PASTA_BACKENDS_ALLOC_H */
