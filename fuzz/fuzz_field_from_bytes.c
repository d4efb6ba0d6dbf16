/* from_bytes on Fp and Fq, every backend and the public API: accepted iff the 32-byte
 * little-endian integer is below the modulus; then the value is that integer and to_bytes
 * gives the input back; otherwise the output is untouched. Input: repeated
 * (mode byte, operand) as fz_operand reads them. */
#include <string.h>

#include "util.h"

#define SENT 0x5a

#define FROM_BYTES_CHECK(FLD, FID)                                                           \
    static void check_##FLD(const uint8_t enc[32], const pasta_ops *const *t, int nt) {      \
        mpz_t m, v, got;                                                                     \
        mpz_inits(m, v, got, NULL);                                                          \
        fz_modulus(m, FID);                                                                  \
        fz_from_le(v, enc, 32);                                                              \
        int want_ok = mpz_cmp(v, m) < 0;                                                     \
        pasta_##FLD first;                                                                   \
        for (int i = 0; i <= nt; i++) {                                                      \
            pasta_##FLD r;                                                                   \
            memset(&r, SENT, sizeof r);                                                      \
            /* i == nt: the public entry point on the active backend. */                     \
            int rc = i < nt ? t[i]->FLD->from_bytes(&r, enc)                                 \
                            : pasta_##FLD##_from_bytes(&r, enc);                             \
            const char *who = i < nt ? t[i]->name : "public";                                \
            if (!want_ok) {                                                                  \
                FZ_CHECK(rc == PASTA_ERR_NONCANONICAL, "%s " #FLD ": accepted a value >= m", \
                         who);                                                               \
                pasta_##FLD s;                                                               \
                memset(&s, SENT, sizeof s);                                                  \
                FZ_CHECK(memcmp(&r, &s, sizeof r) == 0, "%s " #FLD ": output changed", who); \
                continue;                                                                    \
            }                                                                                \
            FZ_CHECK(rc == PASTA_OK, "%s " #FLD ": rejected a canonical value (rc %d)", who, \
                     rc);                                                                    \
            fz_mont_value(got, r.limbs, FID, #FLD " from_bytes");                            \
            FZ_CHECK(mpz_cmp(got, v) == 0, "%s " #FLD ": wrong value", who);                 \
            uint8_t back[32];                                                                \
            if (i < nt) t[i]->FLD->to_bytes(back, &r);                                       \
            else pasta_##FLD##_to_bytes(back, &r);                                           \
            FZ_CHECK(memcmp(back, enc, 32) == 0, "%s " #FLD ": round trip differs", who);    \
            if (i == 0) first = r;                                                           \
            else                                                                             \
                FZ_CHECK(memcmp(&first, &r, sizeof r) == 0, "%s " #FLD ": limbs differ",     \
                         who);                                                               \
        }                                                                                    \
        mpz_clears(m, v, got, NULL);                                                         \
    }

FROM_BYTES_CHECK(fp, 0)
FROM_BYTES_CHECK(fq, 1)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const pasta_ops *t[FZ_MAX_BACKENDS];
    int nt = fz_backends(t);
    fz_in in = fz_reader(data, size);
    do {
        uint8_t enc[32];
        int field = fz_byte(&in) & 1;
        fz_operand(enc, &in, field);
        if (field == 0) check_fp(enc, t, nt);
        else check_fq(enc, t, nt);
    } while (in.left > 0);
    return 0;
}
