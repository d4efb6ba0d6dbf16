/* Shared by the direct tests of the IFMA lane code (test_ifma, test_ifma_msm,
 * test_ifma_ntt): whether it may run here, and the scalar reference it is compared with. */
#ifndef PASTA_TESTS_IFMA_TESTUTIL_H
#define PASTA_TESTS_IFMA_TESTUTIL_H

#include <stdio.h>

#include "testutil.h"

/* 1 if the IFMA code may run: the backend's own check (backends/dispatch.c: BMI2, ADX,
 * AVX512F, AVX512IFMA and the ZMM state enabled by the OS; false under valgrind). */
static int ifma_ok(void) { return pasta_ops_for(PASTA_BACKEND_X86_64_IFMA) != NULL; }

/* Passes the test (printing why, as NAME) on a CPU without the IFMA code. */
#define SKIP_WITHOUT_IFMA(name)                                                  \
    do {                                                                         \
        if (!ifma_ok()) {                                                        \
            printf("%s: this CPU has no AVX512F + AVX512IFMA: skipped\n", name); \
            cr_skip_test("this CPU has no AVX512F + AVX512IFMA");                \
        }                                                                        \
    } while (0)

/* The scalar reference: the asm backend when compiled in and supported, else portable. */
static const pasta_ops *scalar_ops(void) {
    static const pasta_ops *t;
    if (t == NULL) t = pasta_ops_for(PASTA_BACKEND_X86_64_ASM);
    if (t == NULL) t = &pasta_ops_portable;
    return t;
}

#endif /* PASTA_TESTS_IFMA_TESTUTIL_H */
