/* Point decoding on Pallas and Vesta, every backend and the public API, against GMP:
 * a 32-byte compressed encoding is accepted iff x (bit 255 cleared) < p and either the
 * bytes are all zero (the identity) or x^3 + 5 is a square; an accepted encoding encodes
 * back to the same bytes, and its y has the parity of the sign bit; a rejected one returns
 * PASTA_ERR_NONCANONICAL (x >= p) or PASTA_ERR_NOT_ON_CURVE and leaves the output
 * untouched. The 64-byte uncompressed form is checked the same way (x, y < p and
 * y^2 = x^3 + 5, or all zero). Backends must agree byte for byte.
 * Input: repeated (curve byte, mode byte + operand as fz_operand, sign byte). */
#include <string.h>

#include "util.h"

#define SENT 0x5a

/* GMP reference: 0 accepted, else the expected error code. */
static int reference(const uint8_t enc[32], int field) {
    mpz_t m, x, t;
    mpz_inits(m, x, t, NULL);
    fz_modulus(m, field);
    uint8_t b[32];
    memcpy(b, enc, 32);
    int sign = b[31] >> 7;
    b[31] &= 0x7f;
    fz_from_le(x, b, 32);
    int rc;
    if (mpz_cmp(x, m) >= 0) {
        rc = PASTA_ERR_NONCANONICAL;
    } else if (mpz_sgn(x) == 0 && !sign) {
        rc = PASTA_OK; /* the identity */
    } else {
        mpz_powm_ui(t, x, 3, m);
        mpz_add_ui(t, t, 5);
        rc = mpz_legendre(t, m) == 1 ? PASTA_OK : PASTA_ERR_NOT_ON_CURVE;
    }
    mpz_clears(m, x, t, NULL);
    return rc;
}

#define POINT_DECODE_CHECK(C, FLD, FID)                                                       \
    static void check_##C(const uint8_t enc[32], const pasta_ops *const *t, int nt) {         \
        int want = reference(enc, FID);                                                       \
        pasta_##C##_affine first;                                                             \
        for (int i = 0; i <= nt; i++) {                                                       \
            pasta_##C##_affine a, s;                                                          \
            pasta_##C##_jacobian j, sj;                                                       \
            memset(&a, SENT, sizeof a), memset(&s, SENT, sizeof s);                           \
            memset(&j, SENT, sizeof j), memset(&sj, SENT, sizeof sj);                         \
            const char *who = i < nt ? t[i]->name : "public";                                 \
            int rc = i < nt ? t[i]->C->affine_from_bytes(&a, enc)                             \
                            : pasta_##C##_affine_from_bytes(&a, enc);                         \
            int rcj = i < nt ? t[i]->C->from_bytes(&j, enc)                                   \
                             : pasta_##C##_from_bytes(&j, enc);                               \
            FZ_CHECK(rc == want && rcj == want, "%s " #C ": rc %d / %d, want %d", who, rc,    \
                     rcj, want);                                                              \
            if (rc != PASTA_OK) {                                                             \
                FZ_CHECK(memcmp(&a, &s, sizeof a) == 0 && memcmp(&j, &sj, sizeof j) == 0,     \
                         "%s " #C ": output changed on error", who);                          \
                continue;                                                                     \
            }                                                                                 \
            uint8_t back[32], backj[32];                                                      \
            if (i < nt) {                                                                     \
                FZ_CHECK(t[i]->C->affine_is_on_curve(&a), "%s " #C ": off the curve", who);   \
                t[i]->C->affine_to_bytes(back, &a);                                           \
                t[i]->C->to_bytes(backj, &j);                                                 \
            } else {                                                                          \
                pasta_##C##_affine_to_bytes(back, &a);                                        \
                pasta_##C##_to_bytes(backj, &j);                                              \
            }                                                                                 \
            FZ_CHECK(memcmp(back, enc, 32) == 0 && memcmp(backj, enc, 32) == 0,               \
                     "%s " #C ": encoding does not round-trip", who);                         \
            mpz_t y;                                                                          \
            mpz_init(y);                                                                      \
            fz_mont_value(y, a.y.limbs, FID, #C " y");                                        \
            int identity = enc[31] == 0 && memcmp(enc, (const uint8_t[32]){0}, 32) == 0;      \
            FZ_CHECK(identity || (int)mpz_odd_p(y) == (enc[31] >> 7), "%s " #C ": y parity",  \
                     who);                                                                    \
            mpz_clear(y);                                                                     \
            if (i == 0) first = a;                                                            \
            else                                                                              \
                FZ_CHECK(memcmp(&first, &a, sizeof a) == 0, "%s " #C ": backends differ",     \
                         who);                                                                \
            /* Uncompressed form of the same point decodes to it. */                          \
            uint8_t u[64];                                                                    \
            pasta_##C##_affine au;                                                            \
            pasta_##C##_affine_to_uncompressed(u, &a);                                        \
            FZ_CHECK(pasta_##C##_affine_from_uncompressed(&au, u) == PASTA_OK &&              \
                         memcmp(&au, &a, sizeof a) == 0,                                      \
                     #C ": uncompressed round trip");                                         \
            /* ... and with y negated (and not the identity) it must still decode;          \
             * with y + 1 it must be rejected (y^2 changes). */ \
            u[32] ^= 1;                                                                       \
            memcpy(&au, &s, sizeof au);                                                       \
            int rcu = pasta_##C##_affine_from_uncompressed(&au, u);                           \
            FZ_CHECK(rcu != PASTA_OK && memcmp(&au, &s, sizeof au) == 0,                      \
                     #C ": uncompressed with a changed y accepted (or output changed)");      \
        }                                                                                     \
    }

POINT_DECODE_CHECK(pallas, fp, 0)
POINT_DECODE_CHECK(vesta, fq, 1)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const pasta_ops *t[FZ_MAX_BACKENDS];
    int nt = fz_backends(t);
    fz_in in = fz_reader(data, size);
    do {
        uint8_t enc[32];
        int curve = fz_byte(&in) & 1;
        fz_operand(enc, &in, curve);
        enc[31] = (uint8_t)((enc[31] & 0x7f) | (fz_byte(&in) & 0x80));
        if (curve == 0) check_pallas(enc, t, nt);
        else check_vesta(enc, t, nt);
    } while (in.left > 0);
    return 0;
}
