/* prover_bench/keygen.h */
#include "keygen.h"

#include "common.h"
#include "par.h"

#include <stdlib.h>
#include <string.h>

int halo2_assembly_init(halo2_assembly *a, const halo2_cs *cs, int k) {
    memset(a, 0, sizeof *a);
    if (cs->error || k < 1 || k > 20) return PASTA_ERR_INVALID_ARG;
    const size_t n = (size_t)1 << k;
    const size_t cells = n * (size_t)cs->n_perm_columns;
    a->k = k;
    a->n = n;
    a->usable_rows = n - (size_t)(halo2_cs_blinding_factors(cs) + 1);
    a->num_fixed = cs->num_fixed;
    a->num_perm = cs->n_perm_columns;
    a->fixed = calloc(n * (size_t)(cs->num_fixed ? cs->num_fixed : 1), sizeof *a->fixed);
    a->map_col = malloc((cells ? cells : 1) * sizeof(uint32_t));
    a->map_row = malloc((cells ? cells : 1) * sizeof(uint32_t));
    a->aux_col = malloc((cells ? cells : 1) * sizeof(uint32_t));
    a->aux_row = malloc((cells ? cells : 1) * sizeof(uint32_t));
    a->sizes = malloc((cells ? cells : 1) * sizeof(uint32_t));
    a->num_selectors = cs->num_selectors;
    a->selectors = calloc(n * (size_t)(cs->num_selectors ? cs->num_selectors : 1), 1);
    if (!a->fixed || !a->map_col || !a->map_row || !a->aux_col || !a->aux_row || !a->sizes ||
        !a->selectors) {
        halo2_assembly_free(a);
        return PASTA_ERR_NO_MEMORY;
    }
    /* every cell its own 1-cycle (zeros are the field's zero: ZERO's limbs are 0) */
    for (int c = 0; c < a->num_perm; c++)
        for (size_t r = 0; r < n; r++) {
            size_t i = (size_t)c * n + r;
            a->map_col[i] = a->aux_col[i] = (uint32_t)c;
            a->map_row[i] = a->aux_row[i] = (uint32_t)r;
            a->sizes[i] = 1;
        }
    return PASTA_OK;
}

void halo2_assembly_free(halo2_assembly *a) {
    free(a->fixed);
    free(a->map_col);
    free(a->map_row);
    free(a->aux_col);
    free(a->aux_row);
    free(a->sizes);
    free(a->selectors);
    memset(a, 0, sizeof *a);
}

int halo2_enable_selector(halo2_assembly *a, int selector, size_t row) {
    if (selector < 0 || selector >= a->num_selectors || row >= a->usable_rows)
        return PASTA_ERR_INVALID_ARG;
    a->selectors[(size_t)selector * a->n + row] = 1;
    return PASTA_OK;
}

int halo2_assembly_compress_selectors(halo2_assembly *a, halo2_cs *cs) {
    const size_t n = a->n;
    pasta_fp *cols =
        malloc(n * (size_t)(a->num_selectors ? a->num_selectors : 1) * sizeof *cols);
    if (cols == NULL) return PASTA_ERR_NO_MEMORY;
    int added = halo2_cs_compress_selectors(cs, a->selectors, n, cols);
    if (added < 0) {
        free(cols);
        return PASTA_ERR_INVALID_ARG;
    }
    pasta_fp *f = realloc(a->fixed, n * (size_t)(a->num_fixed + added + 1) * sizeof *f);
    if (f == NULL) {
        free(cols);
        return PASTA_ERR_NO_MEMORY;
    }
    memcpy(f + (size_t)a->num_fixed * n, cols, n * (size_t)added * sizeof *f);
    a->fixed = f;
    a->num_fixed += added;
    free(cols);
    return PASTA_OK;
}

int halo2_assign_fixed(halo2_assembly *a, halo2_column c, size_t row, const pasta_fp *v) {
    if (c.type != HALO2_FIXED || c.index < 0 || c.index >= a->num_fixed ||
        row >= a->usable_rows)
        return PASTA_ERR_INVALID_ARG;
    a->fixed[(size_t)c.index * a->n + row] = *v;
    return PASTA_OK;
}

static int perm_index(const halo2_cs *cs, halo2_column c) {
    for (int i = 0; i < cs->n_perm_columns; i++)
        if (cs->perm_columns[i].type == c.type && cs->perm_columns[i].index == c.index)
            return i;
    return -1;
}

/* permutation/keygen.rs Assembly::copy: merge the smaller cycle into the larger (the left
 * on ties), then swap the two cells' mapping entries. */
int halo2_copy(halo2_assembly *a, const halo2_cs *cs, halo2_column lc, size_t lrow,
               halo2_column rc, size_t rrow) {
    int l = perm_index(cs, lc), r = perm_index(cs, rc);
    if (l < 0 || r < 0 || lrow >= a->n || rrow >= a->n) return PASTA_ERR_INVALID_ARG;
    const size_t n = a->n, li = (size_t)l * n + lrow, ri = (size_t)r * n + rrow;
    size_t left = (size_t)a->aux_col[li] * n + a->aux_row[li];
    size_t right = (size_t)a->aux_col[ri] * n + a->aux_row[ri];
    if (left == right) return PASTA_OK;
    if (a->sizes[left] < a->sizes[right]) {
        size_t t = left;
        left = right;
        right = t;
    }
    a->sizes[left] += a->sizes[right];
    size_t i = right;
    do {
        a->aux_col[i] = (uint32_t)(left / n);
        a->aux_row[i] = (uint32_t)(left % n);
        i = (size_t)a->map_col[i] * n + a->map_row[i];
    } while (i != right);
    uint32_t tc = a->map_col[li], tr = a->map_row[li];
    a->map_col[li] = a->map_col[ri];
    a->map_row[li] = a->map_row[ri];
    a->map_col[ri] = tc;
    a->map_row[ri] = tr;
    return PASTA_OK;
}

/* pasta's variable-base MSM over g_lagrange || w (n + 1 points).
 * TODO: fixed-base tables for the commitment key (pasta_vesta_msm_fixed_*). */
int halo2_commit_lagrange(pasta_vesta_affine *r, const halo2_params *p, const pasta_fp *v,
                          const pasta_fp *blind) {
    pasta_vesta_affine *b = malloc((p->n + 1) * sizeof *b);
    pasta_fp *s = malloc((p->n + 1) * sizeof *s);
    if (b == NULL || s == NULL) {
        free(b), free(s);
        return PASTA_ERR_NO_MEMORY;
    }
    memcpy(b, p->g_lagrange, p->n * sizeof *b);
    b[p->n] = p->w;
    memcpy(s, v, p->n * sizeof *s);
    s[p->n] = *blind;
    pasta_vesta_jacobian acc;
    int rc = pasta_vesta_msm_var(&acc, b, s, p->n + 1, 0);
    free(b), free(s);
    if (rc == PASTA_OK) pasta_vesta_to_affine_var(r, &acc);
    return rc;
}

/* σ_c[row] = δ^(mapped column) ω^(mapped row) for every permutation column (build_vk's
 * and build_pk's deltaomega), into out[c * n + row]. */
static int sigma_values(pasta_fp *out, const halo2_assembly *a, const pasta_fp *omega) {
    const size_t n = a->n;
    pasta_fp *omega_pow = malloc(n * sizeof *omega_pow);
    pasta_fp *delta_pow = malloc((size_t)(a->num_perm ? a->num_perm : 1) * sizeof *delta_pow);
    if (!omega_pow || !delta_pow) {
        free(omega_pow), free(delta_pow);
        return PASTA_ERR_NO_MEMORY;
    }
    pasta_fp_one(&omega_pow[0]);
    for (size_t i = 1; i < n; i++) pasta_fp_mul(&omega_pow[i], &omega_pow[i - 1], omega);
    pasta_fp_one(&delta_pow[0]);
    for (int c = 1; c < a->num_perm; c++)
        pasta_fp_mul(&delta_pow[c], &delta_pow[c - 1], &pasta_fp_DELTA);
    for (size_t i = 0; i < (size_t)a->num_perm * n; i++)
        pasta_fp_mul(&out[i], &delta_pow[a->map_col[i]], &omega_pow[a->map_row[i]]);
    free(omega_pow), free(delta_pow);
    return PASTA_OK;
}

/* keygen_vk's commitments, pinned text and transcript repr */
static int vk_commit(halo2_vk *vk, const halo2_params *p, const halo2_cs *cs,
                     const halo2_assembly *a) {
    const size_t n = a->n;
    pasta_fp one;
    pasta_fp_one(&one);
    for (int c = 0; c < cs->num_fixed; c++) {
        int rc = halo2_commit_lagrange(&vk->fixed_commitments[c], p, &a->fixed[(size_t)c * n],
                                       &one);
        if (rc != PASTA_OK) return rc;
    }
    pasta_fp *sigma = malloc((size_t)(a->num_perm ? a->num_perm : 1) * n * sizeof *sigma);
    if (sigma == NULL || sigma_values(sigma, a, &vk->omega) != PASTA_OK) {
        free(sigma);
        return PASTA_ERR_NO_MEMORY;
    }
    for (int c = 0; c < a->num_perm; c++)
        if (halo2_commit_lagrange(&vk->perm_commitments[c], p, &sigma[(size_t)c * n], &one) !=
            PASTA_OK) {
            free(sigma);
            return PASTA_ERR_NO_MEMORY;
        }
    free(sigma);
    halo2_text t = {0};
    halo2_text_pinned_vk(&t, vk);
    if (t.error) {
        halo2_text_free(&t);
        return PASTA_ERR_NO_MEMORY;
    }
    halo2_vk_transcript_repr(&vk->transcript_repr, t.s, t.len);
    halo2_text_free(&t);
    return PASTA_OK;
}

int halo2_keygen_vk(halo2_vk *vk, const halo2_params *p, const halo2_cs *cs,
                    const halo2_assembly *a) {
    if (cs->error || (size_t)a->k != p->k || a->num_perm != cs->n_perm_columns ||
        a->num_fixed != cs->num_fixed || (cs->num_selectors && !cs->compressed))
        return PASTA_ERR_INVALID_ARG;
    memset(vk, 0, sizeof *vk);
    vk->k = a->k;
    vk->extended_k = halo2_cs_extended_k(cs, a->k);
    vk->cs = cs;
    vk->num_fixed = cs->num_fixed;
    vk->num_perm = cs->n_perm_columns;
    vk->omega = pasta_fp_ROOT_OF_UNITY; /* of order 2^32; squared down to order n */
    for (int s = a->k; s < 32; s++) pasta_fp_sqr(&vk->omega, &vk->omega);
    /* the verifier's gate program first: a malformed expression fails before any MSM */
    int rc = halo2_program_compile(&vk->gates, cs);
    if (rc == PASTA_OK) rc = vk_commit(vk, p, cs, a);
    if (rc != PASTA_OK) {
        halo2_vk_free(vk);
        return rc;
    }
    vk->gates_cs = cs;
    return PASTA_OK;
}

void halo2_vk_free(halo2_vk *vk) {
    halo2_program_free(&vk->gates);
    vk->gates_cs = NULL;
}

static void text_modulus(halo2_text *t, const uint64_t m[4]) {
    halo2_text_printf(t, "\"0x%016llx%016llx%016llx%016llx\"", (unsigned long long)m[3],
                      (unsigned long long)m[2], (unsigned long long)m[1],
                      (unsigned long long)m[0]);
}

void halo2_text_pinned_vk(halo2_text *t, const halo2_vk *vk) {
    halo2_text_printf(t, "PinnedVerificationKey { base_modulus: ");
    text_modulus(t, pasta_fq_MODULUS);
    halo2_text_printf(t, ", scalar_modulus: ");
    text_modulus(t, pasta_fp_MODULUS);
    halo2_text_printf(t, ", domain: PinnedEvaluationDomain { k: %d, extended_k: %d, omega: ",
                      vk->k, vk->extended_k);
    halo2_text_fp(t, &vk->omega);
    halo2_text_printf(t, " }, cs: ");
    halo2_text_pinned_cs(t, vk->cs);
    halo2_text_printf(t, ", fixed_commitments: [");
    for (int i = 0; i < vk->num_fixed; i++) {
        if (i) halo2_text_printf(t, ", ");
        halo2_text_point(t, &vk->fixed_commitments[i]);
    }
    halo2_text_printf(t, "], permutation: VerifyingKey { commitments: [");
    for (int i = 0; i < vk->num_perm; i++) {
        if (i) halo2_text_printf(t, ", ");
        halo2_text_point(t, &vk->perm_commitments[i]);
    }
    halo2_text_printf(t, "] } }");
}

void halo2_pk_free(halo2_pk *pk) {
    free(pk->fixed_values), free(pk->fixed_polys), free(pk->fixed_cosets);
    free(pk->perm_values), free(pk->perm_polys), free(pk->perm_cosets);
    free(pk->l0), free(pk->l_blind), free(pk->l_last);
    halo2_program_free(&pk->gates);
    halo2_program_free(&pk->derived);
    halo2_program_free(&pk->lookup_rows);
    free(pk->derived_cosets);
    pasta_fp_domain_free(&pk->domain);
    memset(pk, 0, sizeof *pk);
}

/* values (n) -> coefficients (n, intt) -> coset values (N) */
static int lagrange_columns(const pasta_fp_domain *d, const pasta_fp *values, int cols,
                            pasta_fp *polys, pasta_fp *cosets) {
    const size_t n = d->n, N = d->ext_n;
    for (int c = 0; c < cols; c++) {
        memcpy(&polys[(size_t)c * n], &values[(size_t)c * n], n * sizeof *polys);
        int rc = pasta_fp_intt(d, &polys[(size_t)c * n], n, 0);
        if (rc == PASTA_OK)
            rc = pasta_fp_coeff_to_extended(d, &cosets[(size_t)c * N], &polys[(size_t)c * n],
                                            n, 0);
        if (rc != PASTA_OK) return rc;
    }
    return PASTA_OK;
}

/* ---- The prover's gates (keygen_pk's last step). */

typedef struct derived_ctx {
    halo2_pk *pk;
    const halo2_cs *cs;
    halo2_program_scratch *sc;
} derived_ctx;
static void derived_chunks(void *vc, size_t k0, size_t k1, int t) {
    const derived_ctx *x = vc;
    halo2_pk *pk = x->pk;
    const halo2_program *pr = &pk->derived;
    const size_t N = pk->ext_n, nd = (size_t)pr->noutputs;
    halo2_program_scratch *s = &x->sc[t];
    const halo2_leaf_view view = {.fixed = pk->fixed_cosets,
                                  .stride = N,
                                  .size = (long)N,
                                  .rot_scale = (long)(N / pk->n)};
    for (size_t k = k0; k < k1; k++) {
        halo2_program_bind(pr, x->cs, &view, (long)(k * HALO2_CHUNK), s);
        halo2_program_run(pr, s, NULL, NULL);
        for (size_t d = 0; d < nd; d++)
            memcpy(&pk->derived_cosets[d * N + k * HALO2_CHUNK],
                   halo2_program_slot(pr, s, pr->outputs[d]), HALO2_CHUNK * sizeof(pasta_fp));
    }
}

int halo2_pk_prepare_gates(halo2_pk *pk, const halo2_cs *cs) {
    int rc = halo2_program_compile_split(&pk->gates, &pk->derived, cs);
    if (rc != PASTA_OK) return rc;
    /* the lookups' input and table expressions on the rows (per lookup: inputs, tables) */
    int roots[2 * HALO2_MAX_LOOKUPS * HALO2_MAX_LOOKUP_WIDTH], nr = 0;
    for (int l = 0; l < cs->n_lookups; l++) {
        for (int i = 0; i < cs->lookups[l].n; i++) roots[nr++] = cs->lookups[l].input[i];
        for (int i = 0; i < cs->lookups[l].n; i++) roots[nr++] = cs->lookups[l].table[i];
    }
    rc = halo2_program_compile_exprs(&pk->lookup_rows, cs, roots, nr);
    if (rc != PASTA_OK) return rc;
    const size_t N = pk->ext_n, nd = (size_t)pk->derived.noutputs;
    if (N % HALO2_CHUNK != 0) return HALO2_ERR_LIMIT;
    pk->derived_cosets = malloc((nd ? nd : 1) * N * sizeof(pasta_fp));
    if (pk->derived_cosets == NULL) return PASTA_ERR_NO_MEMORY;
    if (nd == 0) return PASTA_OK;
    const int T = halo2_resolve_threads(0);
    halo2_program_scratch *sc = halo2_program_scratches(&pk->derived, HALO2_CHUNK, T);
    if (sc == NULL) return PASTA_ERR_NO_MEMORY;
    derived_ctx dc = {pk, cs, sc};
    halo2_par_for(N / HALO2_CHUNK, T, derived_chunks, &dc);
    halo2_program_scratches_free(sc, T);
    return PASTA_OK;
}

int halo2_keygen_pk(halo2_pk *pk, const halo2_vk *vk, const halo2_cs *cs,
                    const halo2_assembly *a) {
    memset(pk, 0, sizeof *pk);
    if (vk->cs != cs || a->num_fixed != cs->num_fixed || a->num_perm != cs->n_perm_columns)
        return PASTA_ERR_INVALID_ARG;
    int rc = pasta_fp_domain_init(&pk->domain, vk->k, vk->extended_k - vk->k);
    if (rc != PASTA_OK) return rc;
    const size_t n = pk->domain.n, N = pk->domain.ext_n;
    const size_t nf = (size_t)(cs->num_fixed ? cs->num_fixed : 1),
                 np = (size_t)(a->num_perm ? a->num_perm : 1);
    pk->vk = vk;
    pk->n = n;
    pk->ext_n = N;
    pk->num_fixed = cs->num_fixed;
    pk->num_perm = a->num_perm;
    pk->fixed_values = malloc(nf * n * sizeof(pasta_fp));
    pk->fixed_polys = malloc(nf * n * sizeof(pasta_fp));
    pk->fixed_cosets = malloc(nf * N * sizeof(pasta_fp));
    pk->perm_values = malloc(np * n * sizeof(pasta_fp));
    pk->perm_polys = malloc(np * n * sizeof(pasta_fp));
    pk->perm_cosets = malloc(np * N * sizeof(pasta_fp));
    pk->l0 = calloc(N, sizeof(pasta_fp));
    pk->l_blind = calloc(N, sizeof(pasta_fp));
    pk->l_last = calloc(N, sizeof(pasta_fp));
    pasta_fp *ind = calloc(n, sizeof(pasta_fp));
    if (!pk->fixed_values || !pk->fixed_polys || !pk->fixed_cosets || !pk->perm_values ||
        !pk->perm_polys || !pk->perm_cosets || !pk->l0 || !pk->l_blind || !pk->l_last ||
        !ind) {
        free(ind);
        halo2_pk_free(pk);
        return PASTA_ERR_NO_MEMORY;
    }
    memcpy(pk->fixed_values, a->fixed, (size_t)cs->num_fixed * n * sizeof(pasta_fp));
    pasta_fp one;
    pasta_fp_one(&one);
    if (sigma_values(pk->perm_values, a, &pk->domain.omega) != PASTA_OK) {
        free(ind);
        halo2_pk_free(pk);
        return PASTA_ERR_NO_MEMORY;
    }
    rc = lagrange_columns(&pk->domain, pk->fixed_values, cs->num_fixed, pk->fixed_polys,
                          pk->fixed_cosets);
    if (rc == PASTA_OK)
        rc = lagrange_columns(&pk->domain, pk->perm_values, a->num_perm, pk->perm_polys,
                              pk->perm_cosets);
    /* l_0: row 0; l_blind: the last `blinding` rows; l_last: row n - blinding - 1 */
    const size_t blind = (size_t)halo2_cs_blinding_factors(cs);
    if (rc == PASTA_OK) {
        ind[0] = one;
        rc = pasta_fp_lagrange_to_extended(&pk->domain, pk->l0, ind, n, 0);
        ind[0] = pasta_fp_ZERO;
    }
    if (rc == PASTA_OK) {
        for (size_t r = n - blind; r < n; r++) ind[r] = one;
        rc = pasta_fp_lagrange_to_extended(&pk->domain, pk->l_blind, ind, n, 0);
        for (size_t r = n - blind; r < n; r++) ind[r] = pasta_fp_ZERO;
    }
    if (rc == PASTA_OK) {
        ind[n - blind - 1] = one;
        rc = pasta_fp_lagrange_to_extended(&pk->domain, pk->l_last, ind, n, 0);
    }
    free(ind);
    if (rc == PASTA_OK) rc = halo2_pk_prepare_gates(pk, cs);
    if (rc != PASTA_OK) halo2_pk_free(pk);
    return rc;
}
