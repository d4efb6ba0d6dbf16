#include "testutil.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

uint64_t tu_seed(void) {
    static int printed;
    static uint64_t seed = 0x7061737461ULL; /* "pasta" */
    if (!printed) {
        const char *s = getenv("PASTA_TEST_SEED");
        if (s != NULL && *s != '\0') seed = strtoull(s, NULL, 0);
        fprintf(stderr, "test seed: PASTA_TEST_SEED=0x%016" PRIx64 "\n", seed);
        printed = 1;
    }
    return seed;
}

static uint64_t splitmix64(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void tu_rng_init(tu_rng *r, uint64_t stream) {
    r->s = tu_seed() ^ (stream * 0xd1b54a32d192ed03ULL);
}

uint64_t tu_next(tu_rng *r) { return splitmix64(&r->s); }

int tu_rng_fill(void *ctx, uint8_t *buf, size_t len) {
    tu_rng *r = ctx;
    for (size_t i = 0; i < len; i++) buf[i] = (uint8_t)tu_next(r);
    return 0;
}

const pasta_ops *tu_backend_or_skip(pasta_backend b) {
    const pasta_ops *t = pasta_ops_for(b);
    if (t == NULL) {
        cr_skip_test("backend %s is not compiled in or not supported by this CPU",
                     pasta_backend_name(b));
    }
    return t;
}

void tu_modulus(mpz_t m, int field) {
    tu_from_limbs(m, field == 0 ? pasta_fp_MODULUS : pasta_fq_MODULUS);
}

void tu_from_limbs(mpz_t z, const uint64_t limbs[4]) {
    mpz_import(z, 4, -1, sizeof(uint64_t), 0, 0, limbs);
}

void tu_to_limbs(uint64_t limbs[4], const mpz_t z) {
    size_t count = 0;
    limbs[0] = limbs[1] = limbs[2] = limbs[3] = 0;
    mpz_export(limbs, &count, -1, sizeof(uint64_t), 0, 0, z);
}

void tu_mont_to_value(mpz_t z, const uint64_t limbs[4], int field) {
    mpz_t m, rinv;
    mpz_inits(m, rinv, NULL);
    tu_modulus(m, field);
    mpz_set_ui(rinv, 1);
    mpz_mul_2exp(rinv, rinv, 256);
    mpz_invert(rinv, rinv, m);
    tu_from_limbs(z, limbs);
    mpz_mul(z, z, rinv);
    mpz_mod(z, z, m);
    mpz_clears(m, rinv, NULL);
}

void tu_value_to_mont(uint64_t limbs[4], const mpz_t v, int field) {
    mpz_t m, t;
    mpz_inits(m, t, NULL);
    tu_modulus(m, field);
    mpz_mul_2exp(t, v, 256);
    mpz_mod(t, t, m);
    tu_to_limbs(limbs, t);
    mpz_clears(m, t, NULL);
}

void tu_random_below(mpz_t z, tu_rng *r, const mpz_t m) {
    uint64_t l[4];
    do {
        for (int i = 0; i < 4; i++) l[i] = tu_next(r);
        l[3] &= 0x7fffffffffffffffULL; /* m < 2^255: rejection rate about 1/2 */
        tu_from_limbs(z, l);
    } while (mpz_cmp(z, m) >= 0);
}

int tu_edges(mpz_t out[TU_MAX_EDGES], int field) {
    mpz_t m;
    int n = 0;
    mpz_init(m);
    tu_modulus(m, field);
    const uint64_t *ml = field == 0 ? pasta_fp_MODULUS : pasta_fq_MODULUS;
    for (int i = 0; i < TU_MAX_EDGES; i++) mpz_init(out[i]);
    mpz_set_ui(out[n++], 0);
    mpz_set_ui(out[n++], 1);
    mpz_set_ui(out[n++], 2);
    mpz_sub_ui(out[n++], m, 1);
    mpz_sub_ui(out[n++], m, 2);
    mpz_sub_ui(out[n], m, 1);
    mpz_fdiv_q_2exp(out[n], out[n], 1);
    n++;
    mpz_add_ui(out[n], m, 1);
    mpz_fdiv_q_2exp(out[n], out[n], 1);
    n++;
    mpz_set_ui(out[n], 1);
    mpz_mul_2exp(out[n], out[n], 64);
    mpz_sub_ui(out[n], out[n], 1);
    n++;
    mpz_ui_pow_ui(out[n++], 2, 128);
    mpz_ui_pow_ui(out[n++], 2, 192);
    mpz_ui_pow_ui(out[n], 2, 254);
    mpz_sub_ui(out[n], out[n], 1);
    n++;
    /* High limbs equal to m's, low limbs just below m's (the values an early-exit limb
     * scan treats differently: the seed's audit finding). */
    const uint64_t lows[][2] = {{ml[0] - 1, ml[1]},      {ml[0] - 2, ml[1]}, {0, ml[1]},
                                {UINT64_MAX, ml[1] - 1}, {ml[0], ml[1] - 1}, {0, 0},
                                {UINT64_MAX, UINT64_MAX}};
    for (size_t i = 0; i < sizeof lows / sizeof lows[0]; i++) {
        uint64_t l[4] = {lows[i][0], lows[i][1], ml[2], ml[3]};
        if (i ==
            6) { /* high limb equal, limb 2 just below (limb 2 of m is 0: use limb 3 - 1) */
            l[2] = UINT64_MAX;
            l[3] = ml[3] - 1;
        }
        tu_from_limbs(out[n++], l);
    }
    mpz_clear(m);
    return n;
}
