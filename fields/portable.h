/* Portable field kernels: add, sub, dbl, mul, sqr for Fp and Fq in plain C.
 *
 * Contract (docs/DESIGN.md): inputs canonical Montgomery values (< m, R = 2^256), output
 * canonical, r may alias a and/or b, constant time (masks, no value-dependent branch).
 * The generic 4-limb routines take the modulus as constant arguments; inlined into the
 * per-field wrappers, the compiler folds the Pasta shape (limb 2 = 0, limb 3 = 2^62).
 */
#ifndef PASTA_FIELDS_PORTABLE_H
#define PASTA_FIELDS_PORTABLE_H

#include <stdint.h>

#include "fields/ct.h"
#include "pasta/field.h"


#define PASTA_P0 0x992d30ed00000001ULL
#define PASTA_P1 0x224698fc094cf91bULL
#define PASTA_PINV 0x992d30ecffffffffULL
#define PASTA_Q0 0x8c46eb2100000001ULL
#define PASTA_Q1 0x224698fc0994a8ddULL
#define PASTA_QINV 0x8c46eb20ffffffffULL
#define PASTA_M3 0x4000000000000000ULL /* limb 3 of p and q; limb 2 is 0 */

/* r = a - m if a >= m else a, for a < 2m. */
static inline void pasta_portable_reduce_once(uint64_t r[4], const uint64_t a[4], uint64_t m0,
                                              uint64_t m1) {
    const uint64_t m[4] = {m0, m1, 0, PASTA_M3};
    uint64_t t[4], borrow = 0;
    for (int i = 0; i < 4; i++) {
        pasta_u128 d = (pasta_u128)a[i] - m[i] - borrow;
        t[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    uint64_t keep = 0 - borrow; /* all ones if a < m: keep a */
    for (int i = 0; i < 4; i++) r[i] = (a[i] & keep) | (t[i] & ~keep);
}

/* a + b < 2m < 2^256: no carry out of limb 3. */
static inline void pasta_portable_add4(uint64_t r[4], const uint64_t a[4], const uint64_t b[4],
                                       uint64_t m0, uint64_t m1) {
    uint64_t s[4], carry = 0;
    for (int i = 0; i < 4; i++) {
        pasta_u128 t = (pasta_u128)a[i] + b[i] + carry;
        s[i] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
    pasta_portable_reduce_once(r, s, m0, m1);
}

static inline void pasta_portable_sub4(uint64_t r[4], const uint64_t a[4], const uint64_t b[4],
                                       uint64_t m0, uint64_t m1) {
    const uint64_t m[4] = {m0, m1, 0, PASTA_M3};
    uint64_t d[4], borrow = 0, carry = 0;
    for (int i = 0; i < 4; i++) {
        pasta_u128 t = (pasta_u128)a[i] - b[i] - borrow;
        d[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1;
    }
    uint64_t mask = 0 - borrow; /* add m back if a < b */
    for (int i = 0; i < 4; i++) {
        pasta_u128 t = (pasta_u128)d[i] + (m[i] & mask) + carry;
        r[i] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
}

/* 2a via a one-bit shift: 2a < 2m < 2^256. */
static inline void pasta_portable_dbl4(uint64_t r[4], const uint64_t a[4], uint64_t m0,
                                       uint64_t m1) {
    const uint64_t s[4] = {a[0] << 1, (a[1] << 1) | (a[0] >> 63), (a[2] << 1) | (a[1] >> 63),
                           (a[3] << 1) | (a[2] >> 63)};
    pasta_portable_reduce_once(r, s, m0, m1);
}

/* Montgomery multiplication, CIOS with the "no-carry" simplification (valid because
 * m3 < 2^63 - 1: the running total never exceeds 4 limbs plus a bit that fits in limb 3;
 * see Koç, Acar, Kaliski, "Analyzing and comparing Montgomery multiplication algorithms",
 * and gnark-crypto's note on the spare top bit). Result < 2m before the final reduction. */
static inline void pasta_portable_mul4(uint64_t r[4], const uint64_t a[4], const uint64_t b[4],
                                       uint64_t m0, uint64_t m1, uint64_t inv) {
    const uint64_t m[4] = {m0, m1, 0, PASTA_M3};
    uint64_t t[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++) {
        pasta_u128 acc = (pasta_u128)a[0] * b[i] + t[0];
        uint64_t A = (uint64_t)(acc >> 64);
        uint64_t t0 = (uint64_t)acc;
        uint64_t k = t0 * inv;
        pasta_u128 red = (pasta_u128)k * m[0] + t0;
        uint64_t C = (uint64_t)(red >> 64);
        for (int j = 1; j < 4; j++) {
            acc = (pasta_u128)a[j] * b[i] + t[j] + A;
            A = (uint64_t)(acc >> 64);
            red = (pasta_u128)k * m[j] + (uint64_t)acc + C;
            C = (uint64_t)(red >> 64);
            t[j - 1] = (uint64_t)red;
        }
        t[3] = C + A;
    }
    pasta_portable_reduce_once(r, t, m0, m1);
}

#define PASTA_PORTABLE_FIELD_KERNELS(F, FE, M0, M1, INV)                                        \
    static inline void pasta_portable_##F##_add(FE *r, const FE *a, const FE *b) {               \
        pasta_portable_add4(r->limbs, a->limbs, b->limbs, M0, M1);                               \
    }                                                                                            \
    static inline void pasta_portable_##F##_sub(FE *r, const FE *a, const FE *b) {               \
        pasta_portable_sub4(r->limbs, a->limbs, b->limbs, M0, M1);                               \
    }                                                                                            \
    static inline void pasta_portable_##F##_dbl(FE *r, const FE *a) {                            \
        pasta_portable_dbl4(r->limbs, a->limbs, M0, M1);                                         \
    }                                                                                            \
    static inline void pasta_portable_##F##_mul(FE *r, const FE *a, const FE *b) {               \
        pasta_portable_mul4(r->limbs, a->limbs, b->limbs, M0, M1, INV);                          \
    }                                                                                            \
    static inline void pasta_portable_##F##_sqr(FE *r, const FE *a) {                            \
        pasta_portable_mul4(r->limbs, a->limbs, a->limbs, M0, M1, INV);                          \
    }

PASTA_PORTABLE_FIELD_KERNELS(fp, pasta_fp, PASTA_P0, PASTA_P1, PASTA_PINV)
PASTA_PORTABLE_FIELD_KERNELS(fq, pasta_fq, PASTA_Q0, PASTA_Q1, PASTA_QINV)

#endif /* PASTA_FIELDS_PORTABLE_H */
