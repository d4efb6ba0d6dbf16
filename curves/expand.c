/* expand_message_xmd over BLAKE2b-512 as pasta_curves' hash_to_field (docs/CURVES.md).
 * BLAKE2b comes from libsodium: the crate's 16-byte all-zero personalisation is the
 * default parameter block, i.e. plain unkeyed BLAKE2b with a 64-byte digest. */
#include "curves/expand.h"

#include <sodium.h>
#include <string.h>

#include "pasta/common.h"

#define SUFFIX "_XMD:BLAKE2b_SSWU_RO_"

static void dst_update(crypto_generichash_blake2b_state *st, const char *prefix, size_t plen,
                       const char *curve_id, size_t clen) {
    uint8_t dlen = (uint8_t)(plen + 1 + clen + (sizeof SUFFIX - 1));
    crypto_generichash_blake2b_update(st, (const uint8_t *)prefix, plen);
    crypto_generichash_blake2b_update(st, (const uint8_t *)"-", 1);
    crypto_generichash_blake2b_update(st, (const uint8_t *)curve_id, clen);
    crypto_generichash_blake2b_update(st, (const uint8_t *)SUFFIX, sizeof SUFFIX - 1);
    crypto_generichash_blake2b_update(st, &dlen, 1);
}

int pasta_expand_message_xmd(uint8_t out[128], const char *curve_id, const char *prefix,
                             const uint8_t *msg, size_t len) {
    static const uint8_t zpad[128] = {0};
    static const uint8_t lib[3] = {0, 128, 0}; /* I2OSP(128, 2) || I2OSP(0, 1) */
    if (prefix == NULL || (msg == NULL && len > 0)) return PASTA_ERR_INVALID_ARG;
    size_t plen = strlen(prefix), clen = strlen(curve_id);
    if (plen + 1 + clen + (sizeof SUFFIX - 1) >= 256) return PASTA_ERR_INVALID_ARG;

    if (sodium_init() < 0) return PASTA_ERR_UNSUPPORTED; /* idempotent, thread safe */
    crypto_generichash_blake2b_state st;
    uint8_t b0[64], b1[64], b2[64];
    crypto_generichash_blake2b_init(&st, NULL, 0, 64);
    crypto_generichash_blake2b_update(&st, zpad, sizeof zpad);
    if (len > 0) crypto_generichash_blake2b_update(&st, msg, len);
    crypto_generichash_blake2b_update(&st, lib, sizeof lib);
    dst_update(&st, prefix, plen, curve_id, clen);
    crypto_generichash_blake2b_final(&st, b0, 64);

    uint8_t one = 1, two = 2;
    crypto_generichash_blake2b_init(&st, NULL, 0, 64);
    crypto_generichash_blake2b_update(&st, b0, 64);
    crypto_generichash_blake2b_update(&st, &one, 1);
    dst_update(&st, prefix, plen, curve_id, clen);
    crypto_generichash_blake2b_final(&st, b1, 64);

    uint8_t x[64];
    for (int i = 0; i < 64; i++) x[i] = b0[i] ^ b1[i];
    crypto_generichash_blake2b_init(&st, NULL, 0, 64);
    crypto_generichash_blake2b_update(&st, x, 64);
    crypto_generichash_blake2b_update(&st, &two, 1);
    dst_update(&st, prefix, plen, curve_id, clen);
    crypto_generichash_blake2b_final(&st, b2, 64);

    for (int i = 0; i < 64; i++) {
        out[i] = b1[63 - i];
        out[64 + i] = b2[63 - i];
    }
    pasta_secure_zero(b0, sizeof b0);
    pasta_secure_zero(b1, sizeof b1);
    pasta_secure_zero(b2, sizeof b2);
    pasta_secure_zero(x, sizeof x);
    pasta_secure_zero(&st, sizeof st);
    return PASTA_OK;
}
