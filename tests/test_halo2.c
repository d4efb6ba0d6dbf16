/* prover_bench/ against halo2 itself (tests/vectors/halo2/, made by halo2_proofs 0.3.2):
 * Params::new(11) byte for byte (g, g_lagrange, w, u), Params::read/write, the verifying
 * keys' transcript representation; the transcript against one-shot BLAKE2b. Links only
 * the public library (pasta_static) and pasta_halo2, as an embedder would. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prover_bench/circuits.h"
#include "tests/halo2_testutil.h"
#include "prover_bench/halo2.h"


Test(halo2, params_new_k11_is_halo2s) {
    size_t len, wl;
    uint8_t *want = halo2_slurp("halo2/params-k11.bin", &len);
    cr_assert_eq(len, halo2_params_serialized_size(11));
    halo2_params p;
    cr_assert_eq(halo2_params_new(&p, 11), PASTA_OK);
    uint8_t *got = malloc(len);
    cr_assert_eq(halo2_params_write(&p, got, len - 1, &wl), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(halo2_params_write(&p, got, len, &wl), PASTA_OK);
    cr_assert_eq(wl, len);
    for (size_t i = 4; i < len; i += 32) /* name the first differing point */
        cr_assert(memcmp(got + i, want + i, 32) == 0, "point %zu of params-k11.bin differs",
                  (i - 4) / 32);
    cr_assert(memcmp(got, want, len) == 0);
    halo2_params_free(&p);
    free(got);
    free(want);
}

Test(halo2, params_read_write_round_trip_and_bad_input) {
    size_t len, wl;
    uint8_t *b = halo2_slurp("halo2/params-k11.bin", &len);
    halo2_params p;
    cr_assert_eq(halo2_params_read(&p, b, len), PASTA_OK);
    cr_assert_eq(p.k, 11);
    uint8_t *again = malloc(len);
    cr_assert_eq(halo2_params_write(&p, again, len, &wl), PASTA_OK);
    cr_assert(memcmp(again, b, len) == 0);
    halo2_params_free(&p);
    halo2_params q = {0};
    cr_assert_eq(halo2_params_read(&q, b, len - 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(halo2_params_read(&q, b, 3), PASTA_ERR_INVALID_ARG);
    again[0] = 40; /* k out of range */
    cr_assert_eq(halo2_params_read(&q, again, len), PASTA_ERR_INVALID_ARG);
    memcpy(again, b, len);
    again[4 + 32 * 7 + 31] ^= 0x40; /* g[7]: a non-canonical x or no point */
    int rc = halo2_params_read(&q, again, len);
    cr_assert(rc == PASTA_ERR_NONCANONICAL || rc == PASTA_ERR_NOT_ON_CURVE, "rc %d", rc);
    cr_assert_null(q.g, "output touched on error");
    free(again);
    free(b);
}

static void check_vk_repr(const char *circuit) {
    char rel[128];
    size_t tl, hl;
    snprintf(rel, sizeof rel, "halo2/%s/vk_pinned.txt", circuit);
    uint8_t *text = halo2_slurp(rel, &tl);
    snprintf(rel, sizeof rel, "halo2/%s/vk_transcript_repr.hex", circuit);
    uint8_t *hex = halo2_slurp(rel, &hl);
    pasta_fp r;
    halo2_vk_transcript_repr(&r, (const char *)text, tl);
    uint8_t got[32];
    char got_hex[65];
    pasta_fp_to_bytes(got, &r);
    for (int i = 0; i < 32; i++) snprintf(got_hex + 2 * i, 3, "%02x", got[i]);
    cr_assert(strncmp(got_hex, (const char *)hex, 64) == 0, "%s: %s, halo2 %.64s", circuit,
              got_hex, (const char *)hex);
    free(text);
    free(hex);
}

Test(halo2, vk_transcript_repr_plonk_k11) { check_vk_repr("plonk_k11"); }
Test(halo2, vk_transcript_repr_lookup_k11) { check_vk_repr("lookup_k11"); }

/* The streaming transcript equals one-shot BLAKE2b over the same absorbed bytes, and the
 * state runs on across squeezes (a squeeze absorbs its prefix byte 0). */
Test(halo2, transcript_against_one_shot_blake2b) {
    halo2_transcript t;
    halo2_transcript_init(&t);
    pasta_vesta_jacobian gj;
    pasta_vesta_affine g, id;
    pasta_vesta_generator(&gj);
    pasta_vesta_to_affine_var(&g, &gj);
    pasta_vesta_identity(&gj);
    pasta_vesta_to_affine_var(&id, &gj);
    pasta_fp s, c1, c2, want;
    pasta_fp_from_u64(&s, 12345);
    cr_assert_eq(halo2_transcript_common_point(&t, &id), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(halo2_transcript_common_point(&t, &g), PASTA_OK);
    halo2_transcript_common_scalar(&t, &s);
    halo2_transcript_squeeze_challenge(&t, &c1);
    halo2_transcript_squeeze_challenge(&t, &c2);
    uint8_t msg[1 + 64 + 1 + 32 + 1 + 1], *m = msg, digest[64];
    *m++ = 1;
    pasta_fq_to_bytes(m, &g.x);
    pasta_fq_to_bytes(m + 32, &g.y);
    m += 64;
    *m++ = 2;
    pasta_fp_to_bytes(m, &s);
    m += 32;
    *m++ = 0;
    const unsigned char personal[16] = "Halo2-Transcript";
    crypto_generichash_blake2b_salt_personal(digest, 64, msg, (size_t)(m - msg), NULL, 0, NULL,
                                             personal);
    pasta_fp_from_uniform_bytes(&want, digest);
    cr_assert(pasta_fp_eq(&c1, &want), "first challenge");
    *m++ = 0;
    crypto_generichash_blake2b_salt_personal(digest, 64, msg, (size_t)(m - msg), NULL, 0, NULL,
                                             personal);
    pasta_fp_from_uniform_bytes(&want, digest);
    cr_assert(pasta_fp_eq(&c2, &want), "second challenge");
}

/* vk's pinned text is halo2's vk_pinned.txt of the circuit, character for character,
 * and its transcript repr halo2's vk_transcript_repr.hex. */
static void expect_halo2_vk(const halo2_vk *vk, const char *circuit) {
    char rel[128];
    size_t tl, hl;
    snprintf(rel, sizeof rel, "halo2/%s/vk_pinned.txt", circuit);
    uint8_t *want = halo2_slurp(rel, &tl);
    snprintf(rel, sizeof rel, "halo2/%s/vk_transcript_repr.hex", circuit);
    uint8_t *hex = halo2_slurp(rel, &hl);
    halo2_text t = {0};
    halo2_text_pinned_vk(&t, vk);
    size_t i = 0;
    while (i < t.len && i < tl && t.s[i] == (char)want[i]) i++;
    cr_assert(i == tl && t.len == tl, "%s: pinned text differs at byte %zu: ...%.80s", circuit,
              i, t.s + (i > 20 ? i - 20 : 0));
    uint8_t got[32];
    char got_hex[65];
    pasta_fp_to_bytes(got, &vk->transcript_repr);
    for (int j = 0; j < 32; j++) snprintf(got_hex + 2 * j, 3, "%02x", got[j]);
    cr_assert(strncmp(got_hex, (const char *)hex, 64) == 0, "%s: transcript repr", circuit);
    halo2_text_free(&t);
    free(hex), free(want);
}

/* keygen_vk of halo2's plonk.rs circuit at k = 11: the pinned text (so every fixed and
 * permutation commitment) and the transcript repr are halo2's. */
Test(halo2, keygen_vk_plonk_k11_is_halo2s) {
    halo2_params p;
    halo2_read_test_params(&p);
    static halo2_cs cs;
    halo2_plonk_config cfg;
    halo2_cs_init(&cs);
    halo2_plonk_configure(&cs, &cfg);
    cr_assert_eq(halo2_cs_degree(&cs), 5);
    cr_assert_eq(halo2_cs_extended_k(&cs, 11), 13);
    cr_assert_eq(halo2_cs_blinding_factors(&cs), 5);
    halo2_assembly a;
    cr_assert_eq(halo2_assembly_init(&a, &cs, 11), PASTA_OK);
    cr_assert_eq(a.usable_rows, 2042);
    cr_assert_eq(halo2_plonk_synthesize_keygen(&a, &cs, &cfg), PASTA_OK);
    cr_assert_eq(halo2_assembly_compress_selectors(&a, &cs), PASTA_OK); /* none here */
    static halo2_vk vk;
    cr_assert_eq(halo2_keygen_vk(&vk, &p, &cs, &a), PASTA_OK);
    expect_halo2_vk(&vk, "plonk_k11");
    halo2_assembly_free(&a);
    halo2_params_free(&p);
}

/* keygen_vk of the lookup circuit: instance column, rotations -1/0/+1, two simple
 * selectors and a complex one (halo2's selector compression), a lookup argument. */
Test(halo2, keygen_vk_lookup_k11_is_halo2s) {
    halo2_params p;
    halo2_read_test_params(&p);
    static halo2_cs cs;
    halo2_lookup_config cfg;
    halo2_cs_init(&cs);
    halo2_lookup_configure(&cs, &cfg);
    cr_assert_eq(cs.error, 0);
    cr_assert_eq(halo2_cs_degree(&cs), 5);
    halo2_assembly a;
    cr_assert_eq(halo2_assembly_init(&a, &cs, 11), PASTA_OK);
    cr_assert_eq(halo2_lookup_synthesize_keygen(&a, &cs, &cfg), PASTA_OK);
    cr_assert_eq(halo2_assembly_compress_selectors(&a, &cs), PASTA_OK);
    cr_assert_eq(cs.num_fixed, 4);
    static halo2_vk vk;
    cr_assert_eq(halo2_keygen_vk(&vk, &p, &cs, &a), PASTA_OK);
    expect_halo2_vk(&vk, "lookup_k11");
    halo2_assembly_free(&a);
    halo2_params_free(&p);
}

/* keygen_pk of the plonk circuit: the precomputed polynomials agree with their
 * definitions (coefficients evaluate back to the values at ω^r; coset values are the
 * polynomial at ζ ω_ext^i; l_0 and l_last against the Lagrange formula
 * l_r(x) = ω^r (x^n − 1) / (n (x − ω^r))). */
static void coset_point(pasta_fp *x, const pasta_fp_domain *d, size_t i) {
    const uint64_t e[4] = {i, 0, 0, 0};
    pasta_fp_pow_var(x, &d->ext_omega, e);
    pasta_fp_mul(x, x, &d->zeta);
}

static void lagrange_at(pasta_fp *r, const pasta_fp_domain *d, size_t row, const pasta_fp *x) {
    const uint64_t er[4] = {row, 0, 0, 0}, en[4] = {d->n, 0, 0, 0};
    pasta_fp wr, xn, one, t, nn;
    pasta_fp_one(&one);
    pasta_fp_pow_var(&wr, &d->omega, er);
    pasta_fp_pow_var(&xn, x, en);
    pasta_fp_sub(&xn, &xn, &one);
    pasta_fp_sub(&t, x, &wr);
    pasta_fp_from_u64(&nn, d->n);
    pasta_fp_mul(&t, &t, &nn);
    pasta_fp_invert_var(&t, &t);
    pasta_fp_mul(r, &wr, &xn);
    pasta_fp_mul(r, r, &t);
}

Test(halo2, keygen_pk_plonk_k11_polynomials) {
    halo2_params p;
    halo2_read_test_params(&p);
    static halo2_cs cs;
    halo2_plonk_config cfg;
    halo2_assembly a;
    static halo2_vk vk;
    halo2_plonk_keygen(&p, &cs, &cfg, &a, &vk);
    halo2_pk pk;
    cr_assert_eq(halo2_keygen_pk(&pk, &vk, &cs, &a), PASTA_OK);
    cr_assert(pasta_fp_eq(&pk.domain.omega, &vk.omega));
    cr_assert_eq(pk.ext_n, (size_t)1 << 13);
    const size_t rows[] = {0, 1, 2, 1000, 2041, 2042, 2047};
    for (int c = 0; c < pk.num_fixed + pk.num_perm; c++) {
        const pasta_fp *vals = c < pk.num_fixed
                                   ? &pk.fixed_values[(size_t)c * pk.n]
                                   : &pk.perm_values[(size_t)(c - pk.num_fixed) * pk.n];
        const pasta_fp *poly = c < pk.num_fixed
                                   ? &pk.fixed_polys[(size_t)c * pk.n]
                                   : &pk.perm_polys[(size_t)(c - pk.num_fixed) * pk.n];
        const pasta_fp *coset = c < pk.num_fixed
                                    ? &pk.fixed_cosets[(size_t)c * pk.ext_n]
                                    : &pk.perm_cosets[(size_t)(c - pk.num_fixed) * pk.ext_n];
        for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
            pasta_fp x, v;
            const uint64_t e[4] = {rows[k], 0, 0, 0};
            pasta_fp_pow_var(&x, &pk.domain.omega, e);
            cr_assert_eq(pasta_fp_poly_eval(&v, poly, pk.n, &x), PASTA_OK);
            cr_assert(pasta_fp_eq(&v, &vals[rows[k]]), "column %d row %zu", c, rows[k]);
        }
        for (size_t i = 0; i < pk.ext_n; i += 1237) {
            pasta_fp x, v;
            coset_point(&x, &pk.domain, i);
            pasta_fp_poly_eval(&v, poly, pk.n, &x);
            cr_assert(pasta_fp_eq(&v, &coset[i]), "column %d coset point %zu", c, i);
        }
    }
    /* σ commitments from the pk's values are the vk's */
    pasta_fp one;
    pasta_fp_one(&one);
    for (int c = 0; c < pk.num_perm; c++) {
        pasta_vesta_affine cm;
        halo2_commit_lagrange(&cm, &p, &pk.perm_values[(size_t)c * pk.n], &one);
        cr_assert(pasta_vesta_affine_eq(&cm, &vk.perm_commitments[c]));
    }
    for (size_t i = 1; i < pk.ext_n; i += 1001) {
        pasta_fp x, want, s, t;
        coset_point(&x, &pk.domain, i);
        lagrange_at(&want, &pk.domain, 0, &x);
        cr_assert(pasta_fp_eq(&want, &pk.l0[i]), "l0 at %zu", i);
        lagrange_at(&want, &pk.domain, pk.n - 6, &x);
        cr_assert(pasta_fp_eq(&want, &pk.l_last[i]), "l_last at %zu", i);
        pasta_fp_zero(&s);
        for (size_t r = pk.n - 5; r < pk.n; r++) {
            lagrange_at(&t, &pk.domain, r, &x);
            pasta_fp_add(&s, &s, &t);
        }
        cr_assert(pasta_fp_eq(&s, &pk.l_blind[i]), "l_blind at %zu", i);
    }
    halo2_pk_free(&pk);
    halo2_assembly_free(&a);
    halo2_params_free(&p);
}

/* g_lagrange[i] against its definition, a direct MSM over g: the i-th Lagrange basis
 * polynomial of <ω> has coefficients ω^(−ij) / n, so g_lagrange[i] = sum_j ω^(−ij)/n g[j]
 * (independent of the point iNTT that computes it). */
Test(halo2, g_lagrange_is_the_lagrange_basis_msm) {
    halo2_params p;
    cr_assert_eq(halo2_params_new(&p, 11), PASTA_OK);
    pasta_fp_domain d;
    cr_assert_eq(pasta_fp_domain_init(&d, 11, 0), PASTA_OK);
    pasta_fp *s = malloc(p.n * sizeof *s), ninv;
    cr_assert_not_null(s);
    pasta_fp_from_u64(&ninv, p.n);
    pasta_fp_invert_var(&ninv, &ninv);
    const size_t idx[] = {0, 1, 777, 2047};
    for (size_t k = 0; k < sizeof idx / sizeof idx[0]; k++) {
        pasta_fp w; /* ω^(−i) */
        const uint64_t e[4] = {idx[k], 0, 0, 0};
        pasta_fp_pow_var(&w, &d.omega_inv, e);
        s[0] = ninv;
        for (size_t j = 1; j < p.n; j++) pasta_fp_mul(&s[j], &s[j - 1], &w);
        pasta_vesta_jacobian r;
        cr_assert_eq(pasta_vesta_msm_var(&r, p.g, s, p.n, 1), PASTA_OK);
        pasta_vesta_affine ra;
        pasta_vesta_to_affine_var(&ra, &r);
        cr_assert(pasta_vesta_affine_eq(&ra, &p.g_lagrange[idx[k]]), "g_lagrange[%zu]",
                  idx[k]);
    }
    free(s);
    pasta_fp_domain_free(&d);
    halo2_params_free(&p);
}

/* σ against the copy constraints of plonk.rs: the cycles are exactly the pairs
 * {(a, 2i), (a, 2i+1)} and {(b, 2i+1), (c, 2i)}, i < 1021, every other cell its own
 * cycle; σ's values are δ^col ω^row of each cell's image. */
Test(halo2, sigma_cycles_are_the_copy_constraints) {
    halo2_params p;
    halo2_read_test_params(&p);
    static halo2_cs cs;
    halo2_plonk_config cfg;
    halo2_assembly a;
    static halo2_vk vk;
    halo2_plonk_keygen(&p, &cs, &cfg, &a, &vk);
    halo2_pk pk;
    cr_assert_eq(halo2_keygen_pk(&pk, &vk, &cs, &a), PASTA_OK);
    const size_t n = a.n, pairs = ((size_t)1 << 10) - 3;
    const int A = 0, B = 1, C = 2; /* permutation columns in enable_equality order a, b, c */
    for (int col = 0; col < 3; col++)
        for (size_t r = 0; r < n; r++) {
            int ec = col;
            size_t er = r; /* the expected image */
            if (col == A && r < 2 * pairs) er = r ^ 1;
            if (col == B && r < 2 * pairs && (r & 1)) ec = C, er = r - 1;
            if (col == C && r < 2 * pairs && !(r & 1)) ec = B, er = r + 1;
            const size_t i = (size_t)col * n + r;
            cr_assert(a.map_col[i] == (uint32_t)ec && a.map_row[i] == er,
                      "cell (%d, %zu) maps to (%u, %u), expected (%d, %zu)", col, r,
                      a.map_col[i], a.map_row[i], ec, er);
            pasta_fp v, t;
            const uint64_t e1[4] = {(uint64_t)ec, 0, 0, 0}, e2[4] = {er, 0, 0, 0};
            pasta_fp_pow_var(&v, &pasta_fp_DELTA, e1);
            pasta_fp_pow_var(&t, &vk.omega, e2);
            pasta_fp_mul(&v, &v, &t);
            cr_assert(pasta_fp_eq(&v, &pk.perm_values[i]), "σ value of (%d, %zu)", col, r);
        }
    halo2_pk_free(&pk);
    halo2_assembly_free(&a);
    halo2_params_free(&p);
}
