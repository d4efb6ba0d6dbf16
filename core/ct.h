/* Bottom layer: constant-time helpers shared by all layers. */
#ifndef PASTA_CORE_CT_H
#define PASTA_CORE_CT_H

#include <stdint.h>

__extension__ typedef unsigned __int128 pasta_u128;

/* Value barrier: the compiler cannot see through it, so masks derived from secret data
 * stay masks and are not turned back into branches (as blst's `launder`). */
static inline uint64_t pasta_ct_barrier(uint64_t v) {
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(v));
#endif
    return v;
}

/* Add/subtract with carry/borrow (c in {0, 1}): *out = a + b + c, returns the carry;
 * *out = a - b - c, returns the borrow. On x86-64 the compiler intrinsics, which gcc 12
 * turns into adc/sbb chains (the __int128 form below costs gcc 3-4x more on a 4-limb
 * modular add); elsewhere __int128. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
static inline uint64_t pasta_adc(uint64_t c, uint64_t a, uint64_t b, uint64_t *out) {
    return _addcarry_u64((unsigned char)c, a, b, (unsigned long long *)out);
}
static inline uint64_t pasta_sbb(uint64_t c, uint64_t a, uint64_t b, uint64_t *out) {
    return _subborrow_u64((unsigned char)c, a, b, (unsigned long long *)out);
}
#else
static inline uint64_t pasta_adc(uint64_t c, uint64_t a, uint64_t b, uint64_t *out) {
    pasta_u128 t = (pasta_u128)a + b + c;
    *out = (uint64_t)t;
    return (uint64_t)(t >> 64);
}
static inline uint64_t pasta_sbb(uint64_t c, uint64_t a, uint64_t b, uint64_t *out) {
    pasta_u128 t = (pasta_u128)a - b - c;
    *out = (uint64_t)t;
    return (uint64_t)(t >> 64) & 1;
}
#endif

/* All ones if flag (0 or 1) is 1, else 0. */
static inline uint64_t pasta_ct_mask(uint64_t flag) { return pasta_ct_barrier(0 - (flag & 1)); }

/* 1 if v == 0, else 0, without a branch. */
static inline uint64_t pasta_ct_is_zero_u64(uint64_t v) {
    return 1 ^ (pasta_ct_barrier(v | (0 - v)) >> 63);
}

/* code if flag (0 or 1) is 1, else 0 (PASTA_OK): an error code without a branch. */
static inline int pasta_ct_error(uint64_t flag, int code) {
    return (int)(int64_t)(pasta_ct_mask(flag) & (uint64_t)(int64_t)code);
}

/* 1 if the 4-limb integer a is below b, else 0 (borrow of a - b). */
static inline uint64_t pasta_ct_lt4(const uint64_t a[4], const uint64_t b[4]) {
    uint64_t t, borrow;
    borrow = pasta_sbb(0, a[0], b[0], &t);
    borrow = pasta_sbb(borrow, a[1], b[1], &t);
    borrow = pasta_sbb(borrow, a[2], b[2], &t);
    return pasta_sbb(borrow, a[3], b[3], &t);
}

#endif /* PASTA_CORE_CT_H */
