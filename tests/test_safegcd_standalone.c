/* Standalone test of fields/safegcd.c (no library, no GMP):
 *   cc -std=c17 -Ifields tests/test_safegcd_standalone.c fields/safegcd.c && ./a.out
 * - recomputes pasta_modinv_{fp,fq} (signed-62 modulus, m^-1 mod 2^62) from the modulus;
 * - checks x * r = 1 (mod m) (r = 0 for x = 0) and ct == var byte for byte, for edge values,
 *   shapes that exercise the variable-time path (small, m - small, 2^i, 2^i - 1, m - 2^i,
 *   every bit length) and random x. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "safegcd.h"

static const uint64_t P[4] = {0x992d30ed00000001, 0x224698fc094cf91b, 0, 0x4000000000000000};
static const uint64_t Q[4] = {0x8c46eb2100000001, 0x224698fc0994a8dd, 0, 0x4000000000000000};
static int failures = 0;

#define CHECK(c)                                                                      \
    do {                                                                              \
        if (!(c)) {                                                                   \
            if (failures++ < 10) fprintf(stderr, "FAIL line %d: %s\n", __LINE__, #c); \
        }                                                                             \
    } while (0)

/* a >= b ? */
static int geq(const uint64_t a[4], const uint64_t b[4]) {
    for (int i = 3; i >= 0; i--)
        if (a[i] != b[i]) return a[i] > b[i];
    return 1;
}
static void sub(uint64_t a[4], const uint64_t b[4]) {
    uint64_t borrow = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t t = a[i] - b[i] - borrow;
        borrow = (a[i] < b[i]) | ((a[i] == b[i]) & borrow);
        a[i] = t;
    }
}
/* a = 2a mod m (a < m < 2^255, so 2a < 2^256) and a = a + b mod m. */
static void dbl_mod(uint64_t a[4], const uint64_t m[4]) {
    for (int i = 3; i > 0; i--) a[i] = (a[i] << 1) | (a[i - 1] >> 63);
    a[0] <<= 1;
    if (geq(a, m)) sub(a, m);
}
static void add_mod(uint64_t a[4], const uint64_t b[4], const uint64_t m[4]) {
    uint64_t c = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t s = a[i] + c;
        c = s < c;
        a[i] = s + b[i];
        c += a[i] < s;
    }
    if (geq(a, m)) sub(a, m);
}
/* r = a * b mod m by double-and-add (slow, obviously correct). */
static void mul_mod(uint64_t r[4], const uint64_t a[4], const uint64_t b[4],
                    const uint64_t m[4]) {
    uint64_t acc[4] = {0, 0, 0, 0};
    for (int i = 255; i >= 0; i--) {
        dbl_mod(acc, m);
        if ((b[i / 64] >> (i % 64)) & 1) add_mod(acc, a, m);
    }
    memcpy(r, acc, sizeof acc);
}

static void check_constants(const pasta_modinv_info *mi, const uint64_t m[4]) {
    /* Signed-62 limbs by bit extraction. */
    for (int i = 0; i < 5; i++) {
        uint64_t limb = 0;
        for (int b = 0; b < 62 && 62 * i + b < 256; b++) {
            int bit = 62 * i + b;
            limb |= ((m[bit / 64] >> (bit % 64)) & 1) << b;
        }
        CHECK(mi->modulus62[i] == (int64_t)limb);
    }
    /* m^-1 mod 2^62 by Newton iteration, independent of the 2 - m shortcut. */
    uint64_t inv = m[0];        /* correct mod 2^3 */
    for (int k = 0; k < 5; k++) /* 3 -> 6 -> 12 -> 24 -> 48 -> 96 bits */
        inv *= 2 - m[0] * inv;
    inv &= 0x3FFFFFFFFFFFFFFF;
    CHECK(mi->modulus_inv62 == inv);
    CHECK(((m[0] * inv) & 0x3FFFFFFFFFFFFFFF) == 1);
}

static void check_one(const uint64_t x[4], const pasta_modinv_info *mi, const uint64_t m[4]) {
    static const uint64_t one[4] = {1, 0, 0, 0}, zero[4] = {0, 0, 0, 0};
    uint64_t r1[4], r2[4], y[4], prod[4];
    pasta_modinv_ct(r1, x, mi);
    pasta_modinv_var(r2, x, mi);
    CHECK(memcmp(r1, r2, 32) == 0);
    CHECK(!geq(r1, m));
    mul_mod(prod, x, r1, m);
    CHECK(memcmp(prod, memcmp(x, zero, 32) ? one : zero, 32) == 0);
    memcpy(y, x, 32);
    pasta_modinv_ct(y, y, mi); /* in place */
    CHECK(memcmp(y, r1, 32) == 0);
    memcpy(y, x, 32);
    pasta_modinv_var(y, y, mi);
    CHECK(memcmp(y, r1, 32) == 0);
}

static uint64_t rng_state = 0x853c49e6748fea9b;
static uint64_t rnd(void) { /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
    z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
    return z ^ (z >> 31);
}

int main(void) {
    const pasta_modinv_info *mis[2] = {&pasta_modinv_fp, &pasta_modinv_fq};
    const uint64_t *ms[2] = {P, Q};
    for (int k = 0; k < 2; k++) {
        const uint64_t *m = ms[k];
        check_constants(mis[k], m);
        uint64_t x[4], one[4] = {1, 0, 0, 0}, two[4] = {2, 0, 0, 0};
        const uint64_t edges[][4] = {{0, 0, 0, 0},
                                     {1, 0, 0, 0},
                                     {2, 0, 0, 0},
                                     {UINT64_MAX, 0, 0, 0},
                                     {0, 0, 1, 0},
                                     {0, 0, 0, 1},
                                     {UINT64_MAX, UINT64_MAX, UINT64_MAX, 0x3FFFFFFFFFFFFFFF}};
        for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
            check_one(edges[i], mis[k], m);
        memcpy(x, m, 32);
        sub(x, one);
        check_one(x, mis[k], m); /* m - 1     */
        memcpy(x, m, 32);
        sub(x, two);
        check_one(x, mis[k], m); /* m - 2     */
        memcpy(x, m, 32);
        x[0] -= 1; /* (m - 1)/2 */
        for (int i = 0; i < 3; i++) x[i] = (x[i] >> 1) | (x[i + 1] << 63);
        x[3] >>= 1;
        check_one(x, mis[k], m);
        for (int i = 0; i < 2000; i++) {
            for (int j = 0; j < 4; j++) x[j] = rnd();
            x[3] &= 0x3FFFFFFFFFFFFFFF; /* < 2^254 < m */
            if (i % 4 == 1) x[3] = x[2] = 0;
            check_one(x, mis[k], m);
        }
        /* Shapes for the variable-time path (long zero runs, early shrinking of f and g,
         * g reaching 0 early): small values, m - small, 2^i, 2^i - 1, m - 2^i, and random
         * values of every bit length 1..254 (all below 2^254 < m). */
        for (uint64_t s = 0; s < 1000; s++) {
            uint64_t y[4] = {s, 0, 0, 0};
            check_one(y, mis[k], m);
            memcpy(x, m, 32);
            sub(x, y);
            if (s > 0) check_one(x, mis[k], m); /* m - s */
        }
        for (int i = 0; i < 255; i++) { /* 2^254 < m */
            uint64_t y[4] = {0, 0, 0, 0};
            y[i / 64] = UINT64_C(1) << (i % 64);
            check_one(y, mis[k], m); /* 2^i     */
            memcpy(x, m, 32);
            sub(x, y);
            check_one(x, mis[k], m); /* m - 2^i */
            sub(y, one);
            check_one(y, mis[k], m); /* 2^i - 1 */
        }
        for (int bits = 1; bits <= 254; bits++) {
            for (int rep = 0; rep < 8; rep++) {
                for (int j = 0; j < 4; j++) x[j] = rnd();
                for (int j = 0; j < 4; j++) { /* keep the low `bits` bits, set the top one */
                    int lo = 64 * j;
                    if (bits <= lo) x[j] = 0;
                    else if (bits < lo + 64) x[j] &= (UINT64_C(1) << (bits - lo)) - 1;
                }
                x[(bits - 1) / 64] |= UINT64_C(1) << ((bits - 1) % 64);
                check_one(x, mis[k], m);
            }
        }
        for (int i = 0; i < 5000; i++) { /* uniform-ish in [0, m): 255-bit values < m */
            for (int j = 0; j < 4; j++) x[j] = rnd();
            x[3] &= 0x7FFFFFFFFFFFFFFF;
            if (geq(x, m)) sub(x, m);
            check_one(x, mis[k], m);
        }
    }
    if (failures) {
        fprintf(stderr, "%d failures\n", failures);
        return 1;
    }
    printf("safegcd standalone: ok\n");
    return 0;
}
