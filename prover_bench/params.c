/* halo2's Params<EqAffine>: new, write, read (prover_bench/halo2.h). */
#include <stdlib.h>
#include <string.h>

#include "halo2.h"

#define PARAMS_MAX_K 20

size_t halo2_params_serialized_size(uint32_t k) { return 4 + 32 * (2 * ((size_t)1 << k) + 2); }

static void hash_param(pasta_vesta_jacobian *r, const uint8_t *msg, size_t len) {
    (void)pasta_vesta_hash_to_curve(r, "Halo2-Parameters", msg, len);
}

int halo2_params_new(halo2_params *p, uint32_t k) {
    if (k < 1 || k > PARAMS_MAX_K) return PASTA_ERR_INVALID_ARG;
    const size_t n = (size_t)1 << k;
    pasta_vesta_jacobian *gp = malloc(n * sizeof *gp);
    pasta_vesta_affine *g = malloc(n * sizeof *g), *gl = malloc(n * sizeof *gl);
    if (gp == NULL || g == NULL || gl == NULL) {
        free(gp), free(g), free(gl);
        return PASTA_ERR_NO_MEMORY;
    }
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t msg[5] = {0, (uint8_t)i, (uint8_t)(i >> 8), (uint8_t)(i >> 16),
                                (uint8_t)(i >> 24)};
        hash_param(&gp[i], msg, sizeof msg);
    }
    int rc = pasta_vesta_batch_to_affine(g, gp, n);
    /* g_lagrange = iFFT(g) / n over the domain of size n (pasta's point transform,
     * including the 1/n) */
    pasta_fp_domain d;
    if (rc == PASTA_OK) rc = pasta_fp_domain_init(&d, (int)k, 0);
    if (rc == PASTA_OK) {
        rc = pasta_vesta_intt(&d, gp, n, 0);
        pasta_fp_domain_free(&d);
    }
    if (rc == PASTA_OK) rc = pasta_vesta_batch_to_affine(gl, gp, n);
    free(gp);
    if (rc != PASTA_OK) {
        free(g), free(gl);
        return rc;
    }
    pasta_vesta_jacobian t;
    hash_param(&t, (const uint8_t[]){1}, 1);
    pasta_vesta_to_affine_var(&p->w, &t);
    hash_param(&t, (const uint8_t[]){2}, 1);
    pasta_vesta_to_affine_var(&p->u, &t);
    p->k = k;
    p->n = n;
    p->g = g;
    p->g_lagrange = gl;
    return PASTA_OK;
}

void halo2_params_free(halo2_params *p) {
    free(p->g);
    free(p->g_lagrange);
    p->g = p->g_lagrange = NULL;
}

int halo2_params_write(const halo2_params *p, uint8_t *out, size_t cap, size_t *len) {
    const size_t need = halo2_params_serialized_size(p->k);
    if (out == NULL || len == NULL || cap < need) return PASTA_ERR_INVALID_ARG;
    for (int i = 0; i < 4; i++) out[i] = (uint8_t)(p->k >> (8 * i));
    uint8_t *o = out + 4;
    for (size_t i = 0; i < p->n; i++, o += 32) pasta_vesta_affine_to_bytes(o, &p->g[i]);
    for (size_t i = 0; i < p->n; i++, o += 32)
        pasta_vesta_affine_to_bytes(o, &p->g_lagrange[i]);
    pasta_vesta_affine_to_bytes(o, &p->w);
    pasta_vesta_affine_to_bytes(o + 32, &p->u);
    *len = need;
    return PASTA_OK;
}

int halo2_params_read(halo2_params *p, const uint8_t *in, size_t len) {
    if (p == NULL || in == NULL || len < 4) return PASTA_ERR_INVALID_ARG;
    const uint32_t k = (uint32_t)in[0] | (uint32_t)in[1] << 8 | (uint32_t)in[2] << 16 |
                       (uint32_t)in[3] << 24;
    if (k < 1 || k > PARAMS_MAX_K || len != halo2_params_serialized_size(k))
        return PASTA_ERR_INVALID_ARG;
    const size_t n = (size_t)1 << k;
    pasta_vesta_affine *g = malloc(n * sizeof *g), *gl = malloc(n * sizeof *gl), w, u;
    if (g == NULL || gl == NULL) {
        free(g), free(gl);
        return PASTA_ERR_NO_MEMORY;
    }
    const uint8_t *s = in + 4;
    int rc = PASTA_OK;
    for (size_t i = 0; i < n && rc == PASTA_OK; i++, s += 32)
        rc = pasta_vesta_affine_from_bytes(&g[i], s);
    for (size_t i = 0; i < n && rc == PASTA_OK; i++, s += 32)
        rc = pasta_vesta_affine_from_bytes(&gl[i], s);
    if (rc == PASTA_OK) rc = pasta_vesta_affine_from_bytes(&w, s);
    if (rc == PASTA_OK) rc = pasta_vesta_affine_from_bytes(&u, s + 32);
    if (rc != PASTA_OK) {
        free(g), free(gl);
        return rc;
    }
    p->k = k;
    p->n = n;
    p->g = g;
    p->g_lagrange = gl;
    p->w = w;
    p->u = u;
    return PASTA_OK;
}
