/* halo2's Blake2b transcript and the verifying key's transcript representation, over
 * libsodium's BLAKE2b (prover_bench/halo2.h). */
#include <string.h>

#include "halo2.h"

enum { PREFIX_CHALLENGE = 0, PREFIX_POINT = 1, PREFIX_SCALAR = 2 };

static void blake2b_init_personal(crypto_generichash_blake2b_state *st, const char *personal) {
    unsigned char p[crypto_generichash_blake2b_PERSONALBYTES];
    memcpy(p, personal, sizeof p); /* both personalisations are exactly 16 bytes */
    (void)crypto_generichash_blake2b_init_salt_personal(st, NULL, 0, 64, NULL, p);
}

void halo2_transcript_init(halo2_transcript *t) {
    blake2b_init_personal(&t->state, "Halo2-Transcript");
}

int halo2_transcript_common_point(halo2_transcript *t, const pasta_vesta_affine *p) {
    if (pasta_vesta_affine_is_identity(p)) return PASTA_ERR_INVALID_ARG;
    uint8_t prefix = PREFIX_POINT, x[32], y[32];
    pasta_fq_to_bytes(x, &p->x);
    pasta_fq_to_bytes(y, &p->y);
    crypto_generichash_blake2b_update(&t->state, &prefix, 1);
    crypto_generichash_blake2b_update(&t->state, x, 32);
    crypto_generichash_blake2b_update(&t->state, y, 32);
    return PASTA_OK;
}

void halo2_transcript_common_scalar(halo2_transcript *t, const pasta_fp *s) {
    uint8_t prefix = PREFIX_SCALAR, b[32];
    pasta_fp_to_bytes(b, s);
    crypto_generichash_blake2b_update(&t->state, &prefix, 1);
    crypto_generichash_blake2b_update(&t->state, b, 32);
}

void halo2_transcript_squeeze_challenge(halo2_transcript *t, pasta_fp *challenge) {
    uint8_t prefix = PREFIX_CHALLENGE, digest[64];
    crypto_generichash_blake2b_update(&t->state, &prefix, 1);
    crypto_generichash_blake2b_state copy = t->state; /* the running state continues */
    crypto_generichash_blake2b_final(&copy, digest, sizeof digest);
    pasta_fp_from_uniform_bytes(challenge, digest);
}

void halo2_vk_transcript_repr(pasta_fp *r, const char *pinned, size_t len) {
    crypto_generichash_blake2b_state st;
    uint8_t lenb[8], digest[64];
    for (int i = 0; i < 8; i++) lenb[i] = (uint8_t)((uint64_t)len >> (8 * i));
    blake2b_init_personal(&st, "Halo2-Verify-Key");
    crypto_generichash_blake2b_update(&st, lenb, sizeof lenb);
    crypto_generichash_blake2b_update(&st, (const unsigned char *)pinned, len);
    crypto_generichash_blake2b_final(&st, digest, sizeof digest);
    pasta_fp_from_uniform_bytes(r, digest);
}
