/* prover_bench/verifier.h: halo2_proofs 0.3.2's verify_proof (plonk/verifier.rs,
 * SingleVerifier), phase by phase in halo2's transcript order:
 *   vk repr; instance commitments; advice commitments; θ; lookups' permuted A', S'; β, γ;
 *   permutation products; lookups' products Z; vanishing random poly; y; h pieces; x;
 *   the evaluations (multiopen.h's order); the expected h(x) (vanishing.c, with
 *   permutation.c and lookup.c); multiopen (multiopen.c: x1, x2, q', x3, q evals, x4) and
 *   the IPA (commitment.c: s, ξ, z, k rounds of L, R, u_j, then c, f), use_challenges and
 *   the final MSM. Here: reading the proof, the commitments, the evaluations and
 *   verify_proof. */
#include "multiopen.h"
#include "verifier_impl.h"

#include <stdlib.h>
#include <string.h>

/* ---- Proof reading (transcript.rs Blake2bRead::read_point / read_scalar). */

void halo2_reader_init(halo2_proof_reader *r, halo2_transcript *t, const uint8_t *buf,
                       size_t len) {
    r->buf = buf;
    r->len = len;
    r->pos = 0;
    r->t = t;
    r->fault = HALO2_FAULT_NONE;
}

int halo2_reader_fault(halo2_proof_reader *r, int fault) {
    if (r->fault == HALO2_FAULT_NONE) r->fault = fault;
    return HALO2_ERR_MALFORMED;
}

int halo2_read_point(halo2_proof_reader *r, pasta_vesta_affine *p) {
    pasta_vesta_affine q;
    if (r->len - r->pos < 32) return halo2_reader_fault(r, HALO2_FAULT_SHORT);
    const int rc = pasta_vesta_affine_from_bytes(&q, r->buf + r->pos);
    if (rc != PASTA_OK)
        return halo2_reader_fault(r, rc == PASTA_ERR_NONCANONICAL
                                         ? HALO2_FAULT_POINT_NONCANONICAL
                                         : HALO2_FAULT_POINT_OFF_CURVE);
    /* the identity decodes, but halo2's common_point refuses it */
    if (halo2_transcript_common_point(r->t, &q) != PASTA_OK)
        return halo2_reader_fault(r, HALO2_FAULT_POINT_IDENTITY);
    r->pos += 32;
    *p = q;
    return PASTA_OK;
}

int halo2_read_scalar(halo2_proof_reader *r, pasta_fp *s) {
    pasta_fp v;
    if (r->len - r->pos < 32) return halo2_reader_fault(r, HALO2_FAULT_SHORT);
    if (pasta_fp_from_bytes(&v, r->buf + r->pos) != PASTA_OK)
        return halo2_reader_fault(r, HALO2_FAULT_SCALAR_NONCANONICAL);
    halo2_transcript_common_scalar(r->t, &v);
    r->pos += 32;
    *s = v;
    return PASTA_OK;
}

/* ---- The verifier's helpers (verifier_impl.h). */

const pasta_fp *halo2_verifier_column_eval(const verifier *v, const circ *c,
                                           halo2_column col) {
    int i = halo2_cs_cur_query_index(v->cs, col);
    return col.type == HALO2_ADVICE  ? &c->advice_e[i]
           : col.type == HALO2_FIXED ? &v->fixed_e[i]
                                     : &c->instance_e[i];
}

pasta_fp *halo2_verifier_eval_slot(verifier *v, const halo2_oquery *q) {
    circ *c = &v->circs[q->poly.circuit];
    const int k = q->poly.index;
    switch (q->poly.kind) {
    case HALO2_O_INSTANCE: return &c->instance_e[q->query];
    case HALO2_O_ADVICE: return &c->advice_e[q->query];
    case HALO2_O_FIXED: return &v->fixed_e[q->query];
    case HALO2_O_SIGMA: return &v->sigma_e[k];
    case HALO2_O_PERM_Z:
        return q->rotation == 0   ? &c->perm_e[k]
               : q->rotation == 1 ? &c->perm_next_e[k]
                                  : &c->perm_last_e[k];
    case HALO2_O_LOOKUP_Z: return q->rotation == 0 ? &c->lk_z_e[k] : &c->lk_z_next_e[k];
    case HALO2_O_LOOKUP_A: return q->rotation == 0 ? &c->lk_a_e[k] : &c->lk_a_inv_e[k];
    case HALO2_O_LOOKUP_S: return &c->lk_s_e[k];
    case HALO2_O_RANDOM: return &v->random_e;
    default: return &v->expected_h;
    }
}

static int read_points(verifier *v, pasta_vesta_affine *p, int count) {
    for (int i = 0; i < count; i++) TRY(halo2_read_point(&v->r, &p[i]));
    return PASTA_OK;
}

/* ---- The commitments, up to x (per phase, circuit instance by instance). */
static int commit_instance(verifier *v, const pasta_fp *const *instances,
                           const size_t *instance_lens) {
    const halo2_cs *cs = v->cs;
    /* commit_lagrange(zero-padded column, Blind::default() = 1), as an MSM over the
     * column's own values and w (the padding adds nothing), on one thread as
     * msm_is_identity */
    size_t m = 0;
    for (int i = 0; i < cs->num_instance; i++)
        if (instance_lens[i] > m) m = instance_lens[i];
    pasta_vesta_affine *b = malloc((m + 1) * sizeof *b);
    pasta_fp *s = malloc((m + 1) * sizeof *s);
    int rc = b && s ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    for (int i = 0; rc == PASTA_OK && i < cs->num_instance; i++) {
        const size_t len = instance_lens[i];
        if (len > 0) memcpy(s, instances[i], len * sizeof *s);
        memcpy(b, v->params->g_lagrange, len * sizeof *b);
        b[len] = v->params->w;
        pasta_fp_one(&s[len]);
        pasta_vesta_jacobian acc;
        rc = pasta_vesta_msm_var(&acc, b, s, len + 1, 1);
        if (rc != PASTA_OK) break;
        pasta_vesta_to_affine_var(&v->cur->instance_c[i], &acc);
        rc = halo2_transcript_common_point(&v->t, &v->cur->instance_c[i]);
    }
    free(b);
    free(s);
    return rc;
}

static int read_commitments(verifier *v, const pasta_fp *const *const *instances,
                            const size_t *const *instance_lens) {
    const halo2_cs *cs = v->cs;
    halo2_transcript_common_scalar(&v->t, &v->vk->transcript_repr); /* vk.hash_into */
    for (int ci = 0; ci < v->ncirc; ci++) {
        v->cur = &v->circs[ci];
        if (cs->num_instance > 0) TRY(commit_instance(v, instances[ci], instance_lens[ci]));
    }
    for (int ci = 0; ci < v->ncirc; ci++) {
        v->cur = &v->circs[ci];
        TRY(read_points(v, v->cur->advice_c, cs->num_advice));
    }
    halo2_transcript_squeeze_challenge(&v->t, &v->theta);
    for (int ci = 0; ci < v->ncirc; ci++) {
        v->cur = &v->circs[ci];
        for (int l = 0; l < cs->n_lookups; l++) { /* read_permuted_commitments */
            TRY(halo2_read_point(&v->r, &v->cur->lk_a_c[l]));
            TRY(halo2_read_point(&v->r, &v->cur->lk_s_c[l]));
        }
    }
    halo2_transcript_squeeze_challenge(&v->t, &v->beta);
    halo2_transcript_squeeze_challenge(&v->t, &v->gamma);
    for (int ci = 0; ci < v->ncirc; ci++) {
        v->cur = &v->circs[ci];
        TRY(read_points(v, v->cur->perm_c, v->nsets));
    }
    for (int ci = 0; ci < v->ncirc; ci++) {
        v->cur = &v->circs[ci];
        for (int l = 0; l < cs->n_lookups; l++)
            TRY(halo2_read_point(&v->r, &v->cur->lk_z_c[l]));
    }
    TRY(halo2_read_point(&v->r, &v->random_c));
    halo2_transcript_squeeze_challenge(&v->t, &v->y);
    TRY(read_points(v, v->h_c, v->nh));
    halo2_transcript_squeeze_challenge(&v->t, &v->x);
    return PASTA_OK;
}

/* ---- The evaluations at x and its rotations, in halo2's order (multiopen.h). */
static int read_evaluations(verifier *v) {
    const halo2_oshape sh = {v->cs, v->ncirc, v->nsets, v->blinding};
    halo2_oquery *qs = malloc(HALO2_MAX_OPEN_QUERIES * sizeof *qs);
    int nq = 0, rc = qs ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    if (rc == PASTA_OK) rc = halo2_evaluation_order(&sh, qs, HALO2_MAX_OPEN_QUERIES, &nq);
    for (int i = 0; i < nq && rc == PASTA_OK; i++)
        rc = halo2_read_scalar(&v->r, halo2_verifier_eval_slot(v, &qs[i]));
    free(qs);
    return rc;
}

/* ---- verify_proof */

int halo2_verify_proof_multi(const halo2_params *params, const halo2_vk *vk, int ncircuits,
                             const pasta_fp *const *const *instances,
                             const size_t *const *instance_lens, const uint8_t *proof,
                             size_t proof_len) {
    halo2_fault fault;
    size_t offset;
    return halo2_verify_proof_explain(params, vk, ncircuits, instances, instance_lens, proof,
                                      proof_len, &fault, &offset);
}

int halo2_verify_proof_explain(const halo2_params *params, const halo2_vk *vk, int ncircuits,
                               const pasta_fp *const *const *instances,
                               const size_t *const *instance_lens, const uint8_t *proof,
                               size_t proof_len, halo2_fault *fault, size_t *offset) {
    *fault = HALO2_FAULT_NONE;
    *offset = 0;
    if (params == NULL || vk == NULL || vk->cs == NULL || (proof == NULL && proof_len > 0) ||
        ncircuits < 1 || ncircuits > HALO2_MAX_CIRCUITS)
        return PASTA_ERR_INVALID_ARG;
    const halo2_cs *cs = vk->cs;
    if (cs->error || params->k != (uint32_t)vk->k || params->n != ((size_t)1 << params->k) ||
        vk->num_fixed != cs->num_fixed || vk->num_perm != cs->n_perm_columns)
        return PASTA_ERR_INVALID_ARG;
    if (cs->n_lookups < 0 || cs->n_lookups > HALO2_MAX_LOOKUPS) return PASTA_ERR_INVALID_ARG;
    for (int l = 0; l < cs->n_lookups; l++)
        if (cs->lookups[l].n < 1 || cs->lookups[l].n > HALO2_MAX_LOOKUP_WIDTH)
            return PASTA_ERR_INVALID_ARG;
    const int blinding = halo2_cs_blinding_factors(cs);
    if (cs->num_instance > 0) {
        if (instances == NULL || instance_lens == NULL) return PASTA_ERR_INVALID_ARG;
        for (int ci = 0; ci < ncircuits; ci++) {
            if (instances[ci] == NULL || instance_lens[ci] == NULL)
                return PASTA_ERR_INVALID_ARG;
            for (int i = 0; i < cs->num_instance; i++) {
                if (instance_lens[ci][i] > params->n - (size_t)(blinding + 1))
                    return PASTA_ERR_INVALID_ARG; /* InstanceTooLarge */
                if (instance_lens[ci][i] > 0 && instances[ci][i] == NULL)
                    return PASTA_ERR_INVALID_ARG;
            }
        }
    }
    const int degree = halo2_cs_degree(cs);
    for (int c = 0; c < cs->n_perm_columns; c++)
        if (halo2_cs_cur_query_index(cs, cs->perm_columns[c]) < 0) return HALO2_ERR_MALFORMED;
    if (degree - 1 > HALO2_MAX_H) return HALO2_ERR_LIMIT;

    verifier *v = calloc(1, sizeof *v);
    circ *circs = calloc((size_t)ncircuits, sizeof *circs);
    if (v == NULL || circs == NULL) {
        free(v), free(circs);
        return PASTA_ERR_NO_MEMORY;
    }
    v->params = params;
    v->vk = vk;
    v->cs = cs;
    v->n = params->n;
    v->ncirc = ncircuits;
    v->circs = circs;
    v->cur = circs;
    v->degree = degree;
    v->blinding = blinding;
    v->chunk = degree - 2;
    v->nsets = (cs->n_perm_columns + v->chunk - 1) / v->chunk;
    v->nh = degree - 1;
    pasta_fp_invert_var(&v->omega_inv, &vk->omega);
    halo2_transcript_init(&v->t);
    halo2_reader_init(&v->r, &v->t, proof, proof_len);

    int rc = read_commitments(v, instances, instance_lens);
    if (rc == PASTA_OK) rc = read_evaluations(v);
    if (rc == PASTA_OK) {
        halo2_fp_pow_u64(&v->xn, &v->x, (uint64_t)v->n);
        rc = halo2_vanishing_expected_h(v);
    }
    if (rc == PASTA_OK) rc = halo2_multiopen_verify(v);
    if (rc == HALO2_ERR_MALFORMED && v->r.fault != HALO2_FAULT_NONE)
        *fault = (halo2_fault)v->r.fault, *offset = v->r.pos;
    free(v);
    free(circs);
    return rc;
}

int halo2_verify_proof(const halo2_params *params, const halo2_vk *vk,
                       const pasta_fp *const *instances, const size_t *instance_lens,
                       const uint8_t *proof, size_t proof_len) {
    const pasta_fp *const *const inst[1] = {instances};
    const size_t *const lens[1] = {instance_lens};
    return halo2_verify_proof_multi(params, vk, 1, instances ? inst : NULL,
                                    instance_lens ? lens : NULL, proof, proof_len);
}
