/* Compiled twice: into libpasta (plain malloc/free) and, with PASTA_ALLOC_HOOKS, into the
 * test-only library pasta_testing, whose allocator fails on demand and counts live blocks
 * (tests/test_contract.c). */
#include "core/alloc.h"

#include <stdlib.h>
#include <string.h>

#ifdef PASTA_ALLOC_HOOKS
#include <stdatomic.h>

static _Atomic long fail_at; /* 0: never fail */
static _Atomic long count;
static _Atomic long live; /* blocks from pasta_alloc not yet given to pasta_free */

void *pasta_alloc(size_t size) {
    if (size == 0) return NULL;
    long k = atomic_fetch_add(&count, 1) + 1;
    long f = atomic_load(&fail_at);
    if (f != 0 && k == f) return NULL;
    void *p = malloc(size);
    if (p != NULL) atomic_fetch_add(&live, 1);
    return p;
}

void pasta_free(void *p) {
    if (p == NULL) return;
    atomic_fetch_sub(&live, 1);
    free(p);
}

long pasta_test_alloc_fail_at(long n) {
    long made = atomic_exchange(&count, 0);
    atomic_store(&fail_at, n);
    return made;
}

long pasta_test_alloc_live(void) { return atomic_load(&live); }
#else
void *pasta_alloc(size_t size) { return size == 0 ? NULL : malloc(size); }

void pasta_free(void *p) { free(p); }
#endif

void pasta_secure_zero(void *p, size_t n) {
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}
