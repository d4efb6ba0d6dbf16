/* Helpers of the prover_bench tests (test_halo2.c, test_halo2_verify.c). */
#ifndef PASTA_TESTS_HALO2_TESTUTIL_H
#define PASTA_TESTS_HALO2_TESTUTIL_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "prover_bench/circuits.h"

/* The file PASTA_TEST_VECTORS/rel, whole, with 64 spare bytes (zero at [len]). */
static inline uint8_t *halo2_slurp(const char *rel, size_t *len) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", PASTA_TEST_VECTORS, rel);
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *b = calloc((size_t)n + 64, 1);
    cr_assert_not_null(b);
    cr_assert_eq(fread(b, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return b;
}

/* p = halo2's Params::new(11), read from params-k11.bin. */
static inline void halo2_read_test_params(halo2_params *p) {
    size_t len;
    uint8_t *b = halo2_slurp("halo2/params-k11.bin", &len);
    cr_assert_eq(halo2_params_read(p, b, len), PASTA_OK);
    free(b);
}

/* halo2's plonk.rs circuit at k = 11: configure, keygen synthesis, selector compression
 * (none), keygen_vk; a is left for the caller to free (or use for keygen_pk). */
static inline void halo2_plonk_keygen(const halo2_params *p, halo2_cs *cs,
                                      halo2_plonk_config *cfg, halo2_assembly *a,
                                      halo2_vk *vk) {
    halo2_cs_init(cs);
    halo2_plonk_configure(cs, cfg);
    cr_assert_eq(halo2_assembly_init(a, cs, 11), PASTA_OK);
    cr_assert_eq(halo2_plonk_synthesize_keygen(a, cs, cfg), PASTA_OK);
    cr_assert_eq(halo2_assembly_compress_selectors(a, cs), PASTA_OK);
    cr_assert_eq(halo2_keygen_vk(vk, p, cs, a), PASTA_OK);
}

#endif /* PASTA_TESTS_HALO2_TESTUTIL_H */
