/* 128-bit helpers of the GLV decomposition (curves/curve_impl.h, CV(glv_decompose)):
 * plain code, one copy for every curve and backend. */
#ifndef PASTA_CURVES_GLV_H
#define PASTA_CURVES_GLV_H

#include <stdint.h>

#include "core/ct.h"

/* The 128-bit integer of limbs v[0], v[1]. */
static inline pasta_u128 pasta_glv_u128(const uint64_t v[2]) {
    return ((pasta_u128)v[1] << 64) | v[0];
}

/* v = |x| and *neg = (x < 0) for x a signed 128-bit integer (two's complement in u) with
 * |x| < 2^127; constant time. */
static inline void pasta_glv_abs(uint64_t v[2], int *neg, pasta_u128 u) {
    uint64_t s = (uint64_t)(u >> 127);
    pasta_u128 m = (pasta_u128)0 - s;
    u = (u ^ m) + s;
    v[0] = (uint64_t)u;
    v[1] = (uint64_t)(u >> 64);
    *neg = (int)s;
}

#endif /* PASTA_CURVES_GLV_H */
