/* fuzz/check.h: FZ_CHECK, the fuzz targets' assertion (a message, then abort: libFuzzer
 * reports the input). Public API only, so every target can use it. */
#ifndef PASTA_FUZZ_CHECK_H
#define PASTA_FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define FZ_CHECK(cond, ...)                                                          \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                            \
            fputc('\n', stderr);                                                     \
            abort();                                                                 \
        }                                                                            \
    } while (0)

#endif /* PASTA_FUZZ_CHECK_H */
