/* Bottom layer: constant-time helpers shared by all layers. */
#ifndef PASTA_CORE_CT_H
#define PASTA_CORE_CT_H

#include <stddef.h>
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
static inline uint64_t pasta_ct_mask(uint64_t flag) {
    return pasta_ct_barrier(0 - (flag & 1));
}

/* 1 if v == 0, else 0, without a branch. */
static inline uint64_t pasta_ct_is_zero_u64(uint64_t v) {
    return 1 ^ (pasta_ct_barrier(v | (0 - v)) >> 63);
}

/* code if flag (0 or 1) is 1, else 0 (PASTA_OK): an error code without a branch. */
static inline int pasta_ct_error(uint64_t flag, int code) {
    return (int)(int64_t)(pasta_ct_mask(flag) & (uint64_t)(int64_t)code);
}

/* All ones if a == b, else 0: arithmetic only (no comparison), so loops of it vectorise.
 * No barrier: callers that need one (pasta_ct_lookup) add it. */
static inline uint64_t pasta_ct_eq_mask(uint64_t a, uint64_t b) {
    uint64_t d = a ^ b;
    return ((d | (0 - d)) >> 63) - 1;
}

/* Constant-time table read, "the entry at index i": copies entry `index` of a table of
 * n_entries entries of entry_words 64-bit words each (entry i at table + i * entry_words
 * words) to out, for index < n_entries. Every word of every entry is read and combined
 * with an arithmetic mask that passes through pasta_ct_barrier, so neither the memory
 * accesses nor the branches depend on index; an index >= n_entries gives all zero words.
 * out must not overlap the table. Any type made of uint64_t words (field elements,
 * points) is a table entry; inlined with a constant entry_words the word loop unrolls. */
#define PASTA_CT_WORDS(type) (sizeof(type) / sizeof(uint64_t)) /* entry_words of a type */
static inline void pasta_ct_lookup(void *restrict out, const void *restrict table,
                                   size_t n_entries, size_t entry_words, uint64_t index) {
    uint64_t *o = (uint64_t *)out;
    const uint64_t *t = (const uint64_t *)table;
    for (size_t k = 0; k < entry_words; k++) o[k] = 0;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 16
#endif
    for (size_t i = 0; i < n_entries; i++, t += entry_words) {
        const uint64_t mask = pasta_ct_barrier(pasta_ct_eq_mask((uint64_t)i, index));
        for (size_t k = 0; k < entry_words; k++) o[k] |= t[k] & mask;
    }
}

/* Constant-time key search, "the index of the entry equal to key" (the converse of
 * pasta_ct_lookup): for n_keys < 2^16 distinct 16-bit keys, returns the i with
 * keys[i] == key, or 0 when no key matches (a caller that needs to tell a miss from index
 * 0 checks keys separately). Every key is compared, with 16-bit arithmetic masks and no
 * comparison, branch or secret index: the loop vectorises (eight keys to an SSE register;
 * the counter is 16-bit so that it vectorises with them) and only the result passes
 * through the barrier. */
static inline uint64_t pasta_ct_find_u16(const uint16_t *keys, size_t n_keys, uint16_t key) {
    uint16_t j = 0;
    for (uint16_t i = 0; i < n_keys; i++) {
        const uint16_t d = (uint16_t)(keys[i] ^ key);
        const uint16_t nz = (uint16_t)((uint16_t)(d | (uint16_t)(0U - d)) >> 15); /* d != 0 */
        j |= (uint16_t)(i & (uint16_t)(nz - 1U));
    }
    return pasta_ct_barrier(j);
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
