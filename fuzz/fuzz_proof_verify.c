/* prover_bench's proof parsing and verification (halo2_verify_proof_explain) on
 * plonk_k11 and lookup_k11 (instance-1 of tests/vectors/halo2/lookup_k11: 1, 503), seeded
 * with real proofs (halo2's and pasta's). Input: a circuit byte (bit 0: 0 plonk_k11,
 * 1 lookup_k11), then the proof. Checks:
 *   - the result is PASTA_OK, HALO2_ERR_VERIFY or HALO2_ERR_MALFORMED (malformed), the
 *     same on every backend, with the same fault and offset;
 *   - a malformed proof has a fault; its offset is a multiple of 32 inside the proof, or
 *     for trailing bytes the proof size (halo2_proof_size); a proof of another length
 *     is malformed (short or trailing, or a bad item before);
 *   - a proof that verifies is one of the known valid proofs (BLAKE2b-128 digests below):
 *     anything else would be a forged proof. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prover_bench/circuits.h"
#include "prover_bench/prover.h"
#include "prover_bench/verifier.h"

/* pasta_halo2 sees the public API only, so this target does not use util.h's tables */
#include "fuzz/check.h"

typedef struct circ {
    halo2_cs cs;
    halo2_plonk_config plonk;
    halo2_lookup_config lookup;
    halo2_vk vk;
    pasta_fp inst[2];
    size_t size;
} circ;

static halo2_params params;
static circ circs[2];

static void setup(circ *c, int lookup) {
    halo2_assembly a;
    halo2_cs_init(&c->cs);
    if (lookup) halo2_lookup_configure(&c->cs, &c->lookup);
    else halo2_plonk_configure(&c->cs, &c->plonk);
    FZ_CHECK(halo2_assembly_init(&a, &c->cs, 11) == PASTA_OK, "assembly");
    int rc = lookup ? halo2_lookup_synthesize_keygen(&a, &c->cs, &c->lookup)
                    : halo2_plonk_synthesize_keygen(&a, &c->cs, &c->plonk);
    if (rc == PASTA_OK) rc = halo2_assembly_compress_selectors(&a, &c->cs);
    if (rc == PASTA_OK) rc = halo2_keygen_vk(&c->vk, &params, &c->cs, &a);
    FZ_CHECK(rc == PASTA_OK, "keygen: %d", rc);
    halo2_assembly_free(&a);
    pasta_fp_from_u64(&c->inst[0], 1);
    pasta_fp_from_u64(&c->inst[1], 503);
    c->size = halo2_proof_size(&c->vk, 1);
}

/* plonk_k11: halo2's proof-1, -2, -3, pasta's of witness-2; lookup_k11: halo2's
 * proof-1, pasta's of witness-1 (seed 01 00 ..) */
static const char *const known[] = {
    "2615c567a45a751c0e167238459563c1", "d3e346ba585d44deaf4d792659f11446",
    "97ec1dc92982fe911203327c9d354914", "b0386ed746c435b462e7a0d28900d14f",
    "18075481b4e32f8ab83834468866b294", "5015091344e82a0c320a82de13a21606"};

static int is_known(const uint8_t *p, size_t n) {
    uint8_t d[16];
    char hex[33];
    crypto_generichash(d, sizeof d, p, n, NULL, 0);
    for (int i = 0; i < 16; i++) snprintf(hex + 2 * i, 3, "%02x", d[i]);
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(hex, known[i]) == 0) return 1;
    return 0;
}

static pasta_backend tabs[3];
static int nt;

/* Params::new(11) and two keygens: seconds under the sanitizers, so before the first
 * input (libFuzzer's -timeout counts per input). */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    FZ_CHECK(halo2_params_new(&params, 11) == PASTA_OK, "params");
    setup(&circs[0], 0);
    setup(&circs[1], 1);
    static const pasta_backend all[3] = {PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM,
                                         PASTA_BACKEND_X86_64_IFMA};
    for (int i = 0; i < 3; i++)
        if (pasta_backend_supported(all[i])) tabs[nt++] = all[i];
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    const circ *c = &circs[data[0] & 1];
    const uint8_t *proof = data + 1;
    const size_t len = size - 1;
    const pasta_fp *cols[1] = {c->inst};
    const size_t lens[1] = {2};
    const pasta_fp *const *inst[1] = {cols};
    const size_t *ilens[1] = {lens};
    const int lookup = data[0] & 1;
    int rc0 = 0;
    halo2_fault f0 = HALO2_FAULT_NONE;
    size_t off0 = 0;
    for (int b = 0; b < nt; b++) {
        FZ_CHECK(pasta_backend_set(tabs[b]) == PASTA_OK, "backend");
        halo2_fault f;
        size_t off;
        const int rc = halo2_verify_proof_explain(&params, &c->vk, 1, lookup ? inst : NULL,
                                                  lookup ? ilens : NULL, len ? proof : NULL,
                                                  len, &f, &off);
        FZ_CHECK(rc == PASTA_OK || rc == HALO2_ERR_VERIFY || rc == HALO2_ERR_MALFORMED,
                 "result %d", rc);
        FZ_CHECK((rc == HALO2_ERR_MALFORMED) == (f != HALO2_FAULT_NONE), "rc %d fault %d", rc,
                 f);
        if (f == HALO2_FAULT_TRAILING)
            FZ_CHECK(off == c->size && len > c->size, "trailing at %zu", off);
        else if (f != HALO2_FAULT_NONE)
            FZ_CHECK(off % 32 == 0 && off < c->size && off <= len, "offset %zu", off);
        if (f == HALO2_FAULT_SHORT) FZ_CHECK(off + 32 > len, "short at %zu of %zu", off, len);
        if (len != c->size)
            FZ_CHECK(rc == HALO2_ERR_MALFORMED, "length %zu accepted as well-formed", len);
        if (rc == PASTA_OK) FZ_CHECK(is_known(proof, len), "an unknown proof verifies");
        if (b == 0) rc0 = rc, f0 = f, off0 = off;
        else FZ_CHECK(rc == rc0 && f == f0 && off == off0, "backends disagree");
    }
    FZ_CHECK(pasta_backend_set(PASTA_BACKEND_AUTO) == PASTA_OK, "backend");
    return 0;
}
