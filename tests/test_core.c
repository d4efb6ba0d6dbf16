/* The bottom layer's helpers on their own: the constant-time table lookup and key search
 * of core/ct.h (their constant time is checked through their callers by ctime_tests.c),
 * and the moduli of fields/moduli.h with the constants derived from them. */
#include <stdint.h>
#include <string.h>

#include "core/ct.h"
#include "fields/moduli.h"
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
            if (!present)
                cr_assert_eq(pasta_ct_find_u16(keys, n, k), 0, "n %zu, missing key", n);
        }
    }
}

/* fields/moduli.h: the limbs are the published moduli (prime, of the Pasta shape), the
 * exported constants are them, and the derived Montgomery constants are -m^-1. */
Test(core_moduli, limbs_and_derived) {
    const uint64_t m[2][4] = {PASTA_FP_MODULUS_LIMBS, PASTA_FQ_MODULUS_LIMBS};
    const uint64_t inv[2] = {PASTA_FP_INV, PASTA_FQ_INV};
    const uint64_t inv_hi[2] = {PASTA_FP_INV_HI, PASTA_FQ_INV_HI};
    const uint64_t *exported[2] = {pasta_fp_MODULUS, pasta_fq_MODULUS};
    const uint64_t exported_inv[2] = {pasta_fp_INV, pasta_fq_INV};
    const char *hex[2] = {"40000000000000000000000000000000224698fc094cf91b992d30ed00000001",
                          "40000000000000000000000000000000224698fc0994a8dd8c46eb2100000001"};
    mpz_t z, w, t;
    mpz_inits(z, w, t, NULL);
    for (int f = 0; f < 2; f++) {
        tu_from_limbs(z, m[f]);
        mpz_set_str(w, hex[f], 16);
        cr_assert(mpz_cmp(z, w) == 0, "field %d: limbs", f);
        cr_assert(mpz_probab_prime_p(z, 30) > 0, "field %d: prime", f);
        cr_assert(memcmp(exported[f], m[f], sizeof m[f]) == 0, "field %d: pasta_*_MODULUS", f);
        cr_assert_eq(exported_inv[f], inv[f], "field %d: pasta_*_INV", f);
        /* (INV + INV_HI 2^64) m = -1 mod 2^128 */
        mpz_set_ui(w, inv_hi[f]);
        mpz_mul_2exp(w, w, 64);
        mpz_add_ui(w, w, inv[f]);
        mpz_mul(t, w, z);
        mpz_add_ui(t, t, 1);
        cr_assert(mpz_divisible_2exp_p(t, 128), "field %d: -m^-1 mod 2^128", f);
        /* the shape the kernels assume */
        cr_assert(m[f][2] == 0 && m[f][3] == UINT64_C(1) << 62 &&
                  (m[f][0] & 0xffffffffu) == 1);
    }
    mpz_clears(z, w, t, NULL);
}
