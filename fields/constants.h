/* Internal field constants (fields/constants.c), beside the public ones of
 * include/pasta/field.h. Each is recomputed from its definition in tests/test_field.c. */
#ifndef PASTA_FIELDS_CONSTANTS_H
#define PASTA_FIELDS_CONSTANTS_H

#include "pasta/field.h"

#if defined(__GNUC__) || defined(__clang__)
#define PASTA_FIELD_INTERNAL __attribute__((visibility("hidden")))
#else
#define PASTA_FIELD_INTERNAL
#endif

/* sqrt_ratio (RFC 9380, appendix F.2.1.1) with Z = ROOT_OF_UNITY, a non-square:
 * C6 = Z^t and C7 = Z^((t+1)/2), t = (m-1)/2^32. Montgomery form. */
PASTA_FIELD_INTERNAL extern const pasta_fp pasta_fp_SQRT_RATIO_C6, pasta_fp_SQRT_RATIO_C7;
PASTA_FIELD_INTERNAL extern const pasta_fq pasta_fq_SQRT_RATIO_C6, pasta_fq_SQRT_RATIO_C7;

#endif /* PASTA_FIELDS_CONSTANTS_H */
