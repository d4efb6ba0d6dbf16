/* The bottom layer's helpers on their own: the constant-time table lookup and key search
 * of core/ct.h (their constant time is checked through their callers by ctime_tests.c). */
#include <stdint.h>
#include <string.h>

#include "core/ct.h"
#include "testutil.h"

Test(core_ct, eq_mask) {
    const uint64_t v[] = {0, 1, 2, 15, 16, UINT64_C(1) << 63, UINT64_MAX, UINT64_MAX - 1};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        for (size_t j = 0; j < sizeof v / sizeof v[0]; j++)
            cr_assert_eq(pasta_ct_eq_mask(v[i], v[j]), i == j ? UINT64_MAX : 0,
                         "eq_mask(%zu, %zu)", i, j);
}

/* Every index of tables of 1..17 entries of 1..12 words, and indices past the end. */
Test(core_ct, lookup) {
    enum { MAXN = 17, MAXW = 12 };
    uint64_t table[MAXN * MAXW], out[MAXW + 1];
    tu_rng r;
    tu_rng_init(&r, 0x10c);
    for (size_t i = 0; i < MAXN * MAXW; i++) table[i] = tu_next(&r);
    for (size_t n = 1; n <= MAXN; n++) {
        for (size_t w = 1; w <= MAXW; w++) {
            for (uint64_t idx = 0; idx < n + 3; idx++) {
                out[w] = 0x5a5a; /* the word after the entry is not written */
                pasta_ct_lookup(out, table, n, w, idx);
                for (size_t k = 0; k < w; k++)
                    cr_assert_eq(out[k], idx < n ? table[idx * w + k] : 0,
                                 "n %zu, w %zu, index %llu, word %zu", n, w,
                                 (unsigned long long)idx, k);
                cr_assert_eq(out[w], 0x5a5a);
            }
            pasta_ct_lookup(out, table, n, w, UINT64_MAX);
            for (size_t k = 0; k < w; k++) cr_assert_eq(out[k], 0);
        }
    }
}

/* Typed entries, as the callers use it (field elements and points). */
Test(core_ct, lookup_typed) {
    pasta_pallas_jacobian tab[16], t;
    for (int i = 0; i < 16; i++)
        for (int k = 0; k < 4; k++) {
            tab[i].x.limbs[k] = (uint64_t)(100 * i + k);
            tab[i].y.limbs[k] = (uint64_t)(100 * i + 10 + k);
            tab[i].z.limbs[k] = (uint64_t)(100 * i + 20 + k);
        }
    for (uint64_t i = 0; i < 16; i++) {
        pasta_ct_lookup(&t, tab, 16, PASTA_CT_WORDS(pasta_pallas_jacobian), i);
        cr_assert(memcmp(&t, &tab[i], sizeof t) == 0, "entry %llu", (unsigned long long)i);
    }
}

/* Distinct keys: each one is found at its index; a missing key gives 0. */
Test(core_ct, find_u16) {
    static uint16_t keys[1000];
    tu_rng r;
    tu_rng_init(&r, 0xf16);
    for (size_t i = 0; i < 1000; i++) { /* distinct: an odd multiplier is a bijection */
        keys[i] = (uint16_t)((i * 40503u + 7u) & 0xffffu);
    }
    const size_t sizes[] = {0, 1, 2, 7, 8, 9, 255, 256, 257, 1000};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        for (size_t i = 0; i < n; i++)
            cr_assert_eq(pasta_ct_find_u16(keys, n, keys[i]), i, "n %zu, key %zu", n, i);
        for (int t = 0; t < 64; t++) {
            uint16_t k = (uint16_t)tu_next(&r);
            int present = 0;
            for (size_t i = 0; i < n; i++) present |= keys[i] == k;
            if (!present) cr_assert_eq(pasta_ct_find_u16(keys, n, k), 0, "n %zu, missing key", n);
        }
    }
}
