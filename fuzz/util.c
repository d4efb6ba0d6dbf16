#include "util.h"

#include <string.h>

int fz_backends(const pasta_ops *out[FZ_MAX_BACKENDS]) {
    static const pasta_backend all[] = {PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM,
                                        PASTA_BACKEND_X86_64_IFMA};
    int n = 0;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        const pasta_ops *t = pasta_ops_for(all[i]);
        if (t != NULL) out[n++] = t;
    }
    return n;
}

void fz_take(fz_in *in, void *out, size_t n) {
    size_t k = n < in->left ? n : in->left;
    memcpy(out, in->p, k);
    memset((uint8_t *)out + k, 0, n - k);
    in->p += k;
    in->left -= k;
}

uint8_t fz_byte(fz_in *in) {
    uint8_t b;
    fz_take(in, &b, 1);
    return b;
}

uint64_t fz_u64(fz_in *in) {
    uint8_t b[8];
    fz_take(in, b, 8);
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | b[i];
    return v;
}

void fz_modulus(mpz_t m, int field) {
    fz_from_limbs(m, field == 0 ? pasta_fp_MODULUS : pasta_fq_MODULUS);
}

void fz_from_limbs(mpz_t z, const uint64_t limbs[4]) {
    mpz_import(z, 4, -1, sizeof(uint64_t), 0, 0, limbs);
}

void fz_to_limbs(uint64_t limbs[4], const mpz_t z) {
    mpz_t t;
    mpz_init(t);
    mpz_fdiv_r_2exp(t, z, 256);
    size_t count = 0;
    memset(limbs, 0, 4 * sizeof(uint64_t));
    mpz_export(limbs, &count, -1, sizeof(uint64_t), 0, 0, t);
    mpz_clear(t);
}

void fz_from_le(mpz_t z, const uint8_t *bytes, size_t n) {
    mpz_import(z, n, -1, 1, 0, 0, bytes);
}

void fz_to_le32(uint8_t out[32], const mpz_t z) {
    size_t count = 0;
    memset(out, 0, 32);
    FZ_CHECK(mpz_sizeinbase(z, 2) <= 256, "value too wide");
    mpz_export(out, &count, -1, 1, 0, 0, z);
}

void fz_mont_value(mpz_t z, const uint64_t limbs[4], int field, const char *what) {
    static int ready;
    static mpz_t m[2], rinv[2];
    if (!ready) {
        for (int f = 0; f < 2; f++) {
            mpz_inits(m[f], rinv[f], NULL);
            fz_modulus(m[f], f);
            mpz_set_ui(rinv[f], 1);
            mpz_mul_2exp(rinv[f], rinv[f], 256);
            FZ_CHECK(mpz_invert(rinv[f], rinv[f], m[f]), "R not invertible");
        }
        ready = 1;
    }
    fz_from_limbs(z, limbs);
    FZ_CHECK(mpz_cmp(z, m[field]) < 0, "%s: non-canonical limbs (>= modulus)", what);
    mpz_mul(z, z, rinv[field]);
    mpz_mod(z, z, m[field]);
}

void fz_operand(uint8_t out[32], fz_in *in, int field) {
    uint8_t mode = fz_byte(in) % 6;
    if (mode == 0 || mode == 4) {
        fz_take(in, out, 32);
        if (mode == 4) out[31] &= 0x3f;
        return;
    }
    mpz_t z, x;
    mpz_inits(z, x, NULL);
    mpz_set_ui(x, 0);
    uint64_t v = fz_u64(in);
    mpz_import(x, 1, -1, sizeof v, 0, 0, &v);
    fz_modulus(z, field);
    switch (mode) {
    case 1: mpz_sub_ui(z, z, 1), mpz_sub(z, z, x); break;
    case 2: mpz_add(z, z, x); break;
    case 3: mpz_set(z, x); break;
    default: /* 5 */
        mpz_set_ui(z, 1), mpz_mul_2exp(z, z, 256), mpz_sub_ui(z, z, 1), mpz_sub(z, z, x);
        break;
    }
    fz_to_le32(out, z);
    mpz_clears(z, x, NULL);
}
