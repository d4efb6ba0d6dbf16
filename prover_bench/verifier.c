/* prover_bench/verifier.h: halo2_proofs 0.3.2's verify_proof (SingleVerifier), phase by
 * phase in halo2's transcript order:
 *   vk repr; instance commitments; advice commitments; θ; lookups' permuted A', S'; β, γ;
 *   permutation products; lookups' products Z; vanishing random poly; y; h pieces; x;
 *   evaluations (instance, advice, fixed, random poly, σ, permutation sets, lookups);
 *   the expected h(x) from the gates, permutation and lookup constraints folded with y;
 *   the queries; multiopen (x1, x2, q', x3, q evals, x4); IPA (s, ξ, z, k rounds of L, R,
 *   u_j, then c, f); use_challenges and the final MSM. */
#include "prover_bench/verifier.h"

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

static int read_fault(halo2_proof_reader *r, int fault) {
    if (r->fault == HALO2_FAULT_NONE) r->fault = fault;
    return PASTA_ERR_INVALID_ARG;
}

int halo2_read_point(halo2_proof_reader *r, pasta_vesta_affine *p) {
    pasta_vesta_affine q;
    if (r->len - r->pos < 32) return read_fault(r, HALO2_FAULT_SHORT);
    const int rc = pasta_vesta_affine_from_bytes(&q, r->buf + r->pos);
    if (rc != PASTA_OK)
        return read_fault(r, rc == PASTA_ERR_NONCANONICAL ? HALO2_FAULT_POINT_NONCANONICAL
                                                          : HALO2_FAULT_POINT_OFF_CURVE);
    /* the identity decodes, but halo2's common_point refuses it */
    if (halo2_transcript_common_point(r->t, &q) != PASTA_OK)
        return read_fault(r, HALO2_FAULT_POINT_IDENTITY);
    r->pos += 32;
    *p = q;
    return PASTA_OK;
}

int halo2_read_scalar(halo2_proof_reader *r, pasta_fp *s) {
    pasta_fp v;
    if (r->len - r->pos < 32) return read_fault(r, HALO2_FAULT_SHORT);
    if (pasta_fp_from_bytes(&v, r->buf + r->pos) != PASTA_OK)
        return read_fault(r, HALO2_FAULT_SCALAR_NONCANONICAL);
    halo2_transcript_common_scalar(r->t, &v);
    r->pos += 32;
    *s = v;
    return PASTA_OK;
}

/* ---- The verifier's state. */

#define MAX_SETS HALO2_MAX_COLUMNS /* permutation sets (chunks of degree - 2 columns) */
#define MAX_H 64                   /* quotient pieces: degree - 1 */
#define MAX_POINTS 64              /* distinct opening points (a set is a 64-bit mask) */
#define MAX_QUERIES                                                                                \
    (HALO2_MAX_CIRCUITS * (2 * HALO2_MAX_QUERIES + 3 * MAX_SETS + 5 * HALO2_MAX_LOOKUPS) +          \
     HALO2_MAX_QUERIES + HALO2_MAX_COLUMNS + 2)
#define MAX_CREFS MAX_QUERIES
#define MAX_TERMS (MAX_CREFS + MAX_H)

/* A commitment as multiopen sees it (halo2's CommitmentReference): one point, or, for h,
 * a linear combination of points. Identified by its slot, as halo2 compares references by
 * address, not by value. */
typedef struct cref {
    int first, count; /* terms[first .. first + count) */
} cref;

typedef struct query {
    int commitment; /* index into crefs */
    pasta_fp point, eval;
} query;

/* One circuit instance's commitments and evaluations (halo2's per-instance parts). */
typedef struct circ {
    pasta_vesta_affine instance_c[HALO2_MAX_COLUMNS], advice_c[HALO2_MAX_COLUMNS];
    pasta_vesta_affine perm_c[MAX_SETS];
    pasta_fp instance_e[HALO2_MAX_QUERIES], advice_e[HALO2_MAX_QUERIES];
    pasta_fp perm_e[MAX_SETS], perm_next_e[MAX_SETS], perm_last_e[MAX_SETS];
    /* per lookup (lookup/verifier.rs): permuted input A', permuted table S', product Z */
    pasta_vesta_affine lk_a_c[HALO2_MAX_LOOKUPS], lk_s_c[HALO2_MAX_LOOKUPS],
        lk_z_c[HALO2_MAX_LOOKUPS];
    pasta_fp lk_z_e[HALO2_MAX_LOOKUPS], lk_z_next_e[HALO2_MAX_LOOKUPS],
        lk_a_e[HALO2_MAX_LOOKUPS], lk_a_inv_e[HALO2_MAX_LOOKUPS], lk_s_e[HALO2_MAX_LOOKUPS];
} circ;

typedef struct verifier {
    const halo2_params *params;
    const halo2_vk *vk;
    const halo2_cs *cs;
    halo2_transcript t;
    halo2_proof_reader r;
    size_t n;
    int degree, blinding, chunk, nsets, nh;

    int ncirc;
    circ *circs; /* ncirc circuit instances */
    circ *cur;   /* the one being read or evaluated */
    pasta_vesta_affine random_c, h_c[MAX_H];
    pasta_fp theta, beta, gamma, y, x, xn, omega_inv;
    pasta_fp fixed_e[HALO2_MAX_QUERIES];
    pasta_fp random_e, sigma_e[HALO2_MAX_COLUMNS];
    pasta_fp expected_h;

    /* multiopen input */
    cref crefs[MAX_CREFS];
    int ncrefs;
    pasta_fp term_s[MAX_TERMS];
    const pasta_vesta_affine *term_p[MAX_TERMS];
    int nterms;
    query queries[MAX_QUERIES];
    int nqueries;
} verifier;

#define TRY(e)                                                                                     \
    do {                                                                                           \
        int rc_ = (e);                                                                             \
        if (rc_ != PASTA_OK) return rc_;                                                           \
    } while (0)

static void fp_pow_u64(pasta_fp *r, const pasta_fp *a, uint64_t e) {
    const uint64_t ex[4] = {e, 0, 0, 0};
    pasta_fp_pow_var(r, a, ex);
}

/* domain.rs rotate_omega */
static void rotate_omega(const verifier *v, pasta_fp *r, const pasta_fp *value, int rot) {
    halo2_rotate_omega(r, value, &v->vk->omega, &v->omega_inv, rot);
}

static int read_points(verifier *v, pasta_vesta_affine *p, int count) {
    for (int i = 0; i < count; i++) TRY(halo2_read_point(&v->r, &p[i]));
    return PASTA_OK;
}
static int read_scalars(verifier *v, pasta_fp *s, int count) {
    for (int i = 0; i < count; i++) TRY(halo2_read_scalar(&v->r, &s[i]));
    return PASTA_OK;
}

static const pasta_fp *column_eval(const verifier *v, halo2_column c) {
    int i = halo2_cs_cur_query_index(v->cs, c);
    return c.type == HALO2_ADVICE ? &v->cur->advice_e[i]
           : c.type == HALO2_FIXED ? &v->fixed_e[i]
                                   : &v->cur->instance_e[i];
}

/* ---- Phase 1: the commitments, up to x (per phase, circuit instance by instance). */
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
        for (int l = 0; l < cs->n_lookups; l++) TRY(halo2_read_point(&v->r, &v->cur->lk_z_c[l]));
    }
    TRY(halo2_read_point(&v->r, &v->random_c));
    halo2_transcript_squeeze_challenge(&v->t, &v->y);
    TRY(read_points(v, v->h_c, v->nh));
    halo2_transcript_squeeze_challenge(&v->t, &v->x);
    return PASTA_OK;
}

/* ---- Phase 2: the evaluations at x (and its rotations). */
static int read_evaluations(verifier *v) {
    const halo2_cs *cs = v->cs;
    for (int ci = 0; ci < v->ncirc; ci++)
        TRY(read_scalars(v, v->circs[ci].instance_e, cs->n_instance_queries));
    for (int ci = 0; ci < v->ncirc; ci++)
        TRY(read_scalars(v, v->circs[ci].advice_e, cs->n_advice_queries));
    TRY(read_scalars(v, v->fixed_e, cs->n_fixed_queries));
    TRY(halo2_read_scalar(&v->r, &v->random_e));
    TRY(read_scalars(v, v->sigma_e, cs->n_perm_columns));
    for (int ci = 0; ci < v->ncirc; ci++) {
        circ *c = &v->circs[ci];
        for (int s = 0; s < v->nsets; s++) {
            TRY(halo2_read_scalar(&v->r, &c->perm_e[s]));
            TRY(halo2_read_scalar(&v->r, &c->perm_next_e[s]));
            if (s + 1 < v->nsets) TRY(halo2_read_scalar(&v->r, &c->perm_last_e[s]));
        }
    }
    for (int ci = 0; ci < v->ncirc; ci++) {
        circ *c = &v->circs[ci];
        for (int l = 0; l < cs->n_lookups; l++) {
            TRY(halo2_read_scalar(&v->r, &c->lk_z_e[l]));
            TRY(halo2_read_scalar(&v->r, &c->lk_z_next_e[l]));
            TRY(halo2_read_scalar(&v->r, &c->lk_a_e[l]));
            TRY(halo2_read_scalar(&v->r, &c->lk_a_inv_e[l]));
            TRY(halo2_read_scalar(&v->r, &c->lk_s_e[l]));
        }
    }
    return PASTA_OK;
}

/* ---- Phase 3: the vanishing argument's expected h(x). */

/* Every expression node's value at x. A node's children usually precede it (cs.c's
 * constructors take existing node indices), but selector compression overwrites a
 * selector leaf with a copy of its replacement's root, whose children come later; so
 * passes are repeated until every node is done (a pass without progress: a cycle). */
static int eval_nodes(const verifier *v, pasta_fp *val, uint8_t *done) {
    const halo2_cs *cs = v->cs;
    const int nn = cs->n_nodes;
    for (int i = 0; i < nn; i++) {
        const halo2_expr *e = &cs->nodes[i];
        const int unary = e->op == HALO2_E_NEGATED || e->op == HALO2_E_SCALED;
        const int binary = e->op == HALO2_E_SUM || e->op == HALO2_E_PRODUCT;
        if ((unary || binary) && (e->a < 0 || e->a >= nn)) return PASTA_ERR_INVALID_ARG;
        if (binary && (e->b < 0 || e->b >= nn)) return PASTA_ERR_INVALID_ARG;
        done[i] = 0;
    }
    for (int left = nn; left > 0;) {
        const int before = left;
        for (int i = 0; i < nn; i++) {
            if (done[i]) continue;
            const halo2_expr *e = &cs->nodes[i];
            switch (e->op) {
            case HALO2_E_CONSTANT: val[i] = e->c; break;
            case HALO2_E_FIXED:
                if (e->query < 0 || e->query >= cs->n_fixed_queries) return PASTA_ERR_INVALID_ARG;
                val[i] = v->fixed_e[e->query];
                break;
            case HALO2_E_ADVICE:
                if (e->query < 0 || e->query >= cs->n_advice_queries) return PASTA_ERR_INVALID_ARG;
                val[i] = v->cur->advice_e[e->query];
                break;
            case HALO2_E_INSTANCE:
                if (e->query < 0 || e->query >= cs->n_instance_queries)
                    return PASTA_ERR_INVALID_ARG;
                val[i] = v->cur->instance_e[e->query];
                break;
            case HALO2_E_NEGATED:
                if (!done[e->a]) continue;
                pasta_fp_neg(&val[i], &val[e->a]);
                break;
            case HALO2_E_SCALED:
                if (!done[e->a]) continue;
                pasta_fp_mul(&val[i], &val[e->a], &e->c);
                break;
            case HALO2_E_SUM:
                if (!done[e->a] || !done[e->b]) continue;
                pasta_fp_add(&val[i], &val[e->a], &val[e->b]);
                break;
            case HALO2_E_PRODUCT:
                if (!done[e->a] || !done[e->b]) continue;
                pasta_fp_mul(&val[i], &val[e->a], &val[e->b]);
                break;
            default: return PASTA_ERR_INVALID_ARG; /* a selector: not compressed */
            }
            done[i] = 1;
            left--;
        }
        if (left == before) return PASTA_ERR_INVALID_ARG;
    }
    return PASTA_OK;
}

/* h = h·y + term (vanishing/verifier.rs: expressions.fold(0, |h, v| h * y + v)) */
static void fold(const verifier *v, pasta_fp *h, const pasta_fp *term) {
    pasta_fp_mul(h, h, &v->y);
    pasta_fp_add(h, h, term);
}

static int vanishing_expected_h(verifier *v) {
    const halo2_cs *cs = v->cs;
    pasta_fp one, h, t, u;
    pasta_fp_one(&one);
    pasta_fp_zero(&h);

    /* l_i(x) = ω^i (x^n − 1) / (n (x − ω^i)) for i = −(blinding + 1) .. 0
     * (domain.rs l_i_range): l_last at −(blinding + 1), l_blind the sum over −blinding .. −1,
     * l_0 at 0. */
    pasta_fp l_last, l_blind, l_0, common, nfp, wi;
    pasta_fp_from_u64(&nfp, (uint64_t)v->n);
    pasta_fp_invert_var(&nfp, &nfp); /* barycentric weight 1/n */
    pasta_fp_sub(&common, &v->xn, &one);
    pasta_fp_mul(&common, &common, &nfp);
    pasta_fp_zero(&l_blind);
    wi = one;
    for (int i = 0; i >= -(v->blinding + 1); i--) { /* wi = ω^i */
        pasta_fp li;
        pasta_fp_sub(&li, &v->x, &wi);
        pasta_fp_invert_var(&li, &li);
        pasta_fp_mul(&li, &li, &common);
        pasta_fp_mul(&li, &li, &wi);
        if (i == 0) l_0 = li;
        else if (i == -(v->blinding + 1)) l_last = li;
        else pasta_fp_add(&l_blind, &l_blind, &li);
        pasta_fp_mul(&wi, &wi, &v->omega_inv);
    }

    /* per circuit instance: the gates, each gate's polynomials in order, then the
     * permutation, then the lookups */
    const size_t nn = (size_t)(cs->n_nodes ? cs->n_nodes : 1);
    pasta_fp *val = malloc(nn * sizeof *val);
    uint8_t *done = malloc(nn);
    if (val == NULL || done == NULL) {
        free(val), free(done);
        return PASTA_ERR_NO_MEMORY;
    }
    for (int ci = 0; ci < v->ncirc; ci++) {
    v->cur = &v->circs[ci];
    int rc = eval_nodes(v, val, done);
    for (int g = 0; rc == PASTA_OK && g < cs->n_gate_polys; g++) {
        int e = cs->gate_polys[g];
        if (e < 0 || e >= cs->n_nodes) rc = PASTA_ERR_INVALID_ARG;
        else fold(v, &h, &val[e]);
    }
    for (int l = 0; rc == PASTA_OK && l < cs->n_lookups; l++)
        for (int j = 0; j < cs->lookups[l].n; j++)
            if (cs->lookups[l].input[j] < 0 || cs->lookups[l].input[j] >= cs->n_nodes ||
                cs->lookups[l].table[j] < 0 || cs->lookups[l].table[j] >= cs->n_nodes)
                rc = PASTA_ERR_INVALID_ARG;
    if (rc != PASTA_OK) {
        free(val), free(done);
        return rc;
    }

    /* the permutation (permutation/verifier.rs Evaluated::expressions) */
    if (v->nsets > 0) {
        /* l_0 (1 − z_0(x)) */
        pasta_fp_sub(&t, &one, &v->cur->perm_e[0]);
        pasta_fp_mul(&t, &t, &l_0);
        fold(v, &h, &t);
        /* l_last (z_l(x)^2 − z_l(x)) */
        const pasta_fp *zl = &v->cur->perm_e[v->nsets - 1];
        pasta_fp_sqr(&t, zl);
        pasta_fp_sub(&t, &t, zl);
        pasta_fp_mul(&t, &t, &l_last);
        fold(v, &h, &t);
        /* l_0 (z_i(x) − z_{i−1}(ω^−(blinding+1) x)) for i ≥ 1 */
        for (int s = 1; s < v->nsets; s++) {
            pasta_fp_sub(&t, &v->cur->perm_e[s], &v->cur->perm_last_e[s - 1]);
            pasta_fp_mul(&t, &t, &l_0);
            fold(v, &h, &t);
        }
        /* (1 − (l_last + l_blind)) (z_i(ωx) Π (p + β σ + γ) − z_i(x) Π (p + δ^j β x + γ)) */
        pasta_fp active, delta_pow = one;
        pasta_fp_add(&active, &l_last, &l_blind);
        pasta_fp_sub(&active, &one, &active);
        for (int s = 0; s < v->nsets; s++) {
            pasta_fp left = v->cur->perm_next_e[s], right = v->cur->perm_e[s], cur;
            int lo = s * v->chunk, hi = lo + v->chunk;
            if (hi > cs->n_perm_columns) hi = cs->n_perm_columns;
            /* current_delta = β x δ^(s · chunk) */
            pasta_fp_mul(&cur, &v->beta, &v->x);
            pasta_fp_mul(&cur, &cur, &delta_pow);
            for (int c = lo; c < hi; c++) {
                const pasta_fp *p = column_eval(v, cs->perm_columns[c]);
                pasta_fp_mul(&u, &v->beta, &v->sigma_e[c]);
                pasta_fp_add(&u, &u, p);
                pasta_fp_add(&u, &u, &v->gamma);
                pasta_fp_mul(&left, &left, &u);
                pasta_fp_add(&u, p, &cur);
                pasta_fp_add(&u, &u, &v->gamma);
                pasta_fp_mul(&right, &right, &u);
                pasta_fp_mul(&cur, &cur, &pasta_fp_DELTA);
                pasta_fp_mul(&delta_pow, &delta_pow, &pasta_fp_DELTA);
            }
            pasta_fp_sub(&t, &left, &right);
            pasta_fp_mul(&t, &t, &active);
            fold(v, &h, &t);
        }
    }
    /* the lookups (lookup/verifier.rs Evaluated::expressions), each its five in order */
    pasta_fp active; /* 1 − (l_last + l_blind) */
    pasta_fp_add(&active, &l_last, &l_blind);
    pasta_fp_sub(&active, &one, &active);
    for (int l = 0; l < cs->n_lookups; l++) {
        const halo2_lookup *lk = &cs->lookups[l];
        const pasta_fp *z = &v->cur->lk_z_e[l], *a = &v->cur->lk_a_e[l], *s = &v->cur->lk_s_e[l];
        pasta_fp left, right, cin, ctab;
        /* l_0 (1 − z(x)) */
        pasta_fp_sub(&t, &one, z);
        pasta_fp_mul(&t, &t, &l_0);
        fold(v, &h, &t);
        /* l_last (z(x)^2 − z(x)) */
        pasta_fp_sqr(&t, z);
        pasta_fp_sub(&t, &t, z);
        pasta_fp_mul(&t, &t, &l_last);
        fold(v, &h, &t);
        /* active (z(ωx) (A'(x) + β) (S'(x) + γ) − z(x) (θ-compressed inputs + β)
         * (θ-compressed tables + γ)); compression folds acc·θ + eval, first to last */
        pasta_fp_add(&t, a, &v->beta);
        pasta_fp_mul(&left, &v->cur->lk_z_next_e[l], &t);
        pasta_fp_add(&t, s, &v->gamma);
        pasta_fp_mul(&left, &left, &t);
        pasta_fp_zero(&cin);
        pasta_fp_zero(&ctab);
        for (int j = 0; j < lk->n; j++) {
            pasta_fp_mul(&cin, &cin, &v->theta);
            pasta_fp_add(&cin, &cin, &val[lk->input[j]]);
            pasta_fp_mul(&ctab, &ctab, &v->theta);
            pasta_fp_add(&ctab, &ctab, &val[lk->table[j]]);
        }
        pasta_fp_add(&t, &cin, &v->beta);
        pasta_fp_mul(&right, z, &t);
        pasta_fp_add(&t, &ctab, &v->gamma);
        pasta_fp_mul(&right, &right, &t);
        pasta_fp_sub(&t, &left, &right);
        pasta_fp_mul(&t, &t, &active);
        fold(v, &h, &t);
        /* l_0 (A'(x) − S'(x)) */
        pasta_fp_sub(&u, a, s);
        pasta_fp_mul(&t, &u, &l_0);
        fold(v, &h, &t);
        /* active (A'(x) − S'(x)) (A'(x) − A'(ω^-1 x)) */
        pasta_fp_sub(&t, a, &v->cur->lk_a_inv_e[l]);
        pasta_fp_mul(&t, &t, &u);
        pasta_fp_mul(&t, &t, &active);
        fold(v, &h, &t);
    }
    } /* circuit instances */
    free(val), free(done);

    /* expected h(x) = (Σ folded) / (x^n − 1) */
    pasta_fp_sub(&t, &v->xn, &one);
    pasta_fp_invert_var(&t, &t);
    pasta_fp_mul(&v->expected_h, &h, &t);
    return PASTA_OK;
}

/* ---- Phase 4: the queries, in plonk/verifier.rs's order. */

static int new_cref(verifier *v, const pasta_vesta_affine *p) {
    cref *c = &v->crefs[v->ncrefs];
    c->first = v->nterms;
    c->count = 1;
    pasta_fp_one(&v->term_s[v->nterms]);
    v->term_p[v->nterms++] = p;
    return v->ncrefs++;
}

static void add_query(verifier *v, int commitment, const pasta_fp *point, const pasta_fp *eval) {
    query *q = &v->queries[v->nqueries++];
    q->commitment = commitment;
    q->point = *point;
    q->eval = *eval;
}

static void build_queries(verifier *v) {
    const halo2_cs *cs = v->cs;
    int instance_ref[HALO2_MAX_COLUMNS], advice_ref[HALO2_MAX_COLUMNS];
    int fixed_ref[HALO2_MAX_COLUMNS];
    pasta_fp pt;
    v->ncrefs = v->nterms = v->nqueries = 0;
    for (int i = 0; i < cs->num_fixed; i++) fixed_ref[i] = -1;
    for (int ci = 0; ci < v->ncirc; ci++) {
    v->cur = &v->circs[ci];
    /* commitment slots are made in order of first query: only queried ones matter */
    for (int i = 0; i < cs->num_instance; i++) instance_ref[i] = -1;
    for (int i = 0; i < cs->num_advice; i++) advice_ref[i] = -1;

    for (int q = 0; q < cs->n_instance_queries; q++) {
        int c = cs->instance_queries[q].column.index;
        if (instance_ref[c] < 0) instance_ref[c] = new_cref(v, &v->cur->instance_c[c]);
        rotate_omega(v, &pt, &v->x, cs->instance_queries[q].rotation);
        add_query(v, instance_ref[c], &pt, &v->cur->instance_e[q]);
    }
    for (int q = 0; q < cs->n_advice_queries; q++) {
        int c = cs->advice_queries[q].column.index;
        if (advice_ref[c] < 0) advice_ref[c] = new_cref(v, &v->cur->advice_c[c]);
        rotate_omega(v, &pt, &v->x, cs->advice_queries[q].rotation);
        add_query(v, advice_ref[c], &pt, &v->cur->advice_e[q]);
    }
    /* permutation products: each set at x and ωx, then all but the last at
     * ω^−(blinding+1) x, those in reverse set order */
    {
        int ref[MAX_SETS];
        pasta_fp x_next, x_last;
        rotate_omega(v, &x_next, &v->x, 1);
        rotate_omega(v, &x_last, &v->x, -(v->blinding + 1));
        for (int s = 0; s < v->nsets; s++) {
            ref[s] = new_cref(v, &v->cur->perm_c[s]);
            add_query(v, ref[s], &v->x, &v->cur->perm_e[s]);
            add_query(v, ref[s], &x_next, &v->cur->perm_next_e[s]);
        }
        for (int s = v->nsets - 2; s >= 0; s--) add_query(v, ref[s], &x_last, &v->cur->perm_last_e[s]);
    }
    /* lookups (lookup/verifier.rs Evaluated::queries): Z at x, A' at x, S' at x, A' at
     * ω^-1 x, Z at ωx */
    {
        pasta_fp x_inv, x_next;
        rotate_omega(v, &x_inv, &v->x, -1);
        rotate_omega(v, &x_next, &v->x, 1);
        for (int l = 0; l < cs->n_lookups; l++) {
            const int z = new_cref(v, &v->cur->lk_z_c[l]), a = new_cref(v, &v->cur->lk_a_c[l]);
            add_query(v, z, &v->x, &v->cur->lk_z_e[l]);
            add_query(v, a, &v->x, &v->cur->lk_a_e[l]);
            add_query(v, new_cref(v, &v->cur->lk_s_c[l]), &v->x, &v->cur->lk_s_e[l]);
            add_query(v, a, &x_inv, &v->cur->lk_a_inv_e[l]);
            add_query(v, z, &x_next, &v->cur->lk_z_next_e[l]);
        }
    }
    } /* circuit instances */
    for (int q = 0; q < cs->n_fixed_queries; q++) {
        int c = cs->fixed_queries[q].column.index;
        if (fixed_ref[c] < 0) fixed_ref[c] = new_cref(v, &v->vk->fixed_commitments[c]);
        rotate_omega(v, &pt, &v->x, cs->fixed_queries[q].rotation);
        add_query(v, fixed_ref[c], &pt, &v->fixed_e[q]);
    }
    for (int c = 0; c < cs->n_perm_columns; c++)
        add_query(v, new_cref(v, &v->vk->perm_commitments[c]), &v->x, &v->sigma_e[c]);
    /* vanishing: h = Σ x^(n i) h_i (an MSM) at x with the expected h(x), then the random
     * polynomial at x */
    {
        cref *c = &v->crefs[v->ncrefs];
        c->first = v->nterms;
        c->count = v->nh;
        pasta_fp p;
        pasta_fp_one(&p);
        for (int i = 0; i < v->nh; i++) {
            v->term_s[v->nterms] = p;
            v->term_p[v->nterms++] = &v->h_c[i];
            pasta_fp_mul(&p, &p, &v->xn);
        }
        add_query(v, v->ncrefs++, &v->x, &v->expected_h);
    }
    add_query(v, new_cref(v, &v->random_c), &v->x, &v->random_e);
}

/* 1 if sum scalars[i] bases[i] is the identity (pasta's variable-base MSM over a copy
 * of the bases made contiguous), 0 if not, -1 on allocation failure. One thread: a
 * verification is one MSM of about 2^(k+1) points. (The LeakSanitizer tracer crash once
 * blamed on OpenMP workers is the sanitizer's dynamic-TLS scan, layout-dependent:
 * tests/test_halo2_verify.c sets intercept_tls_get_addr=0.) */
static int msm_is_identity(const pasta_fp *scalars, const pasta_vesta_affine *const *bases,
                           size_t count) {
    pasta_vesta_affine *b = malloc((count ? count : 1) * sizeof *b);
    if (b == NULL) return -1;
    for (size_t i = 0; i < count; i++) b[i] = *bases[i];
    pasta_vesta_jacobian acc;
    int rc = pasta_vesta_msm_var(&acc, b, scalars, count, 1);
    free(b);
    if (rc != PASTA_OK) return -1;
    return pasta_vesta_is_identity(&acc);
}

/* ---- Phase 5: multiopen (poly/multiopen/verifier.rs) and the IPA
 * (poly/commitment/verifier.rs), then use_challenges and the check. */

/* construct_intermediate_sets: points numbered in order of first query; commitments in
 * order of first query; each commitment's point set (ascending point numbers: a bitmask),
 * sets numbered in order of first commitment; a commitment's evals in its set's point
 * order. Returns HALO2_ERR_VERIFY where halo2 returns None (one commitment queried twice
 * at one point). */
typedef struct opening {
    pasta_fp points[MAX_POINTS];
    int npoints;
    uint64_t cmask[MAX_CREFS]; /* per commitment: its point set */
    int cset[MAX_CREFS];       /* per commitment: its set's index */
    int corder[MAX_CREFS];     /* commitments in order of first query */
    int ncommit;
    pasta_fp cevals[MAX_CREFS][MAX_POINTS];
    uint64_t cfilled[MAX_CREFS];
    uint64_t setmask[MAX_CREFS];
    int nsets;
    /* open_and_check's working arrays, per set s */
    pasta_fp x1pow[MAX_CREFS], qevals[MAX_CREFS][MAX_POINTS], qs_eval[MAX_CREFS];
    pasta_fp x4pow[MAX_CREFS + 1], coef[MAX_TERMS];
    int setpts[MAX_CREFS][MAX_POINTS], setlen[MAX_CREFS];
} opening;

static int point_index(opening *o, const pasta_fp *p, int add) {
    for (int i = 0; i < o->npoints; i++)
        if (pasta_fp_eq(&o->points[i], p)) return i;
    if (!add || o->npoints >= MAX_POINTS) return -1;
    o->points[o->npoints] = *p;
    return o->npoints++;
}

static int bit_position(uint64_t mask, int bit) { /* rank of bit within mask */
    int r = 0;
    for (int i = 0; i < bit; i++) r += (int)((mask >> i) & 1);
    return r;
}

static int intermediate_sets(const verifier *v, opening *o) {
    int qpoint[MAX_QUERIES];
    o->npoints = o->ncommit = o->nsets = 0;
    for (int c = 0; c < v->ncrefs; c++) o->cmask[c] = 0, o->cfilled[c] = 0, o->cset[c] = -1;
    for (int q = 0; q < v->nqueries; q++) {
        const query *qu = &v->queries[q];
        int p = point_index(o, &qu->point, 1);
        if (p < 0) return PASTA_ERR_UNSUPPORTED;
        qpoint[q] = p;
        if (o->cset[qu->commitment] == -1) { /* first query of this commitment */
            o->cset[qu->commitment] = -2;
            o->corder[o->ncommit++] = qu->commitment;
        }
        o->cmask[qu->commitment] |= (uint64_t)1 << p;
    }
    for (int i = 0; i < o->ncommit; i++) {
        int c = o->corder[i], s;
        for (s = 0; s < o->nsets; s++)
            if (o->setmask[s] == o->cmask[c]) break;
        if (s == o->nsets) o->setmask[o->nsets++] = o->cmask[c];
        o->cset[c] = s;
    }
    for (int q = 0; q < v->nqueries; q++) {
        int c = v->queries[q].commitment, p = qpoint[q];
        int j = bit_position(o->cmask[c], p);
        if ((o->cfilled[c] >> j) & 1) return HALO2_ERR_VERIFY;
        o->cfilled[c] |= (uint64_t)1 << j;
        o->cevals[c][j] = v->queries[q].eval;
    }
    return PASTA_OK;
}

/* r(x3) for the polynomial through (points[i], evals[i]) (lagrange_interpolate, then
 * eval_polynomial), evaluated directly in Lagrange form. */
static void lagrange_eval(pasta_fp *r, const pasta_fp *points, const pasta_fp *evals, int m,
                          const pasta_fp *at) {
    pasta_fp_zero(r);
    for (int j = 0; j < m; j++) {
        pasta_fp num, den, t;
        pasta_fp_one(&num);
        pasta_fp_one(&den);
        for (int k = 0; k < m; k++) {
            if (k == j) continue;
            pasta_fp_sub(&t, at, &points[k]);
            pasta_fp_mul(&num, &num, &t);
            pasta_fp_sub(&t, &points[j], &points[k]);
            pasta_fp_mul(&den, &den, &t);
        }
        pasta_fp_invert_var(&den, &den);
        pasta_fp_mul(&t, &num, &den);
        pasta_fp_mul(&t, &t, &evals[j]);
        pasta_fp_add(r, r, &t);
    }
}

static int open_and_check(verifier *v) {
    const size_t n = v->n;
    const int k = (int)v->params->k;
    opening *o = malloc(sizeof *o);
    if (o == NULL) return PASTA_ERR_NO_MEMORY;
    int rc = intermediate_sets(v, o);
    if (rc != PASTA_OK) {
        free(o);
        return rc;
    }
    /* final MSM: the commitments' terms, q', s, L_j, R_j, then g[0..n), w, u */
    const size_t nbase = (size_t)v->nterms + 2 + 2 * (size_t)k;
    const size_t total = nbase + n + 2;
    pasta_fp *sc = calloc(total, sizeof *sc);
    const pasta_vesta_affine **bs = calloc(total, sizeof *bs);
    pasta_vesta_affine *lr = malloc(2 * (size_t)k * sizeof *lr);
    pasta_fp *u = malloc((size_t)k * sizeof *u), *uinv = malloc((size_t)k * sizeof *uinv);
    if (!sc || !bs || !lr || !u || !uinv) {
        rc = PASTA_ERR_NO_MEMORY;
        goto done;
    }
    pasta_fp x1, x2, x3, x4, one, t;
    pasta_fp_one(&one);
    halo2_transcript_squeeze_challenge(&v->t, &x1);
    halo2_transcript_squeeze_challenge(&v->t, &x2);

    /* q_s = Σ x1^(position) C over the set's commitments, in reverse commitment order;
     * the evaluations likewise */
    const int S = o->nsets;
    pasta_fp *x1pow = o->x1pow, *coef = o->coef, *qs_eval = o->qs_eval, *x4pow = o->x4pow;
    int *setlen = o->setlen;
    for (int s = 0; s < S; s++) {
        x1pow[s] = one;
        setlen[s] = 0;
        for (int p = 0; p < o->npoints; p++)
            if ((o->setmask[s] >> p) & 1) {
                pasta_fp_zero(&o->qevals[s][setlen[s]]);
                o->setpts[s][setlen[s]++] = p;
            }
    }
    for (int i = o->ncommit - 1; i >= 0; i--) {
        const int c = o->corder[i], s = o->cset[c];
        const cref *cr = &v->crefs[c];
        for (int j = 0; j < cr->count; j++)
            pasta_fp_mul(&coef[cr->first + j], &v->term_s[cr->first + j], &x1pow[s]);
        for (int j = 0; j < setlen[s]; j++) {
            pasta_fp_mul(&t, &o->cevals[c][j], &x1pow[s]);
            pasta_fp_add(&o->qevals[s][j], &o->qevals[s][j], &t);
        }
        pasta_fp_mul(&x1pow[s], &x1pow[s], &x1);
    }

    pasta_vesta_affine q_prime;
    if ((rc = halo2_read_point(&v->r, &q_prime)) != PASTA_OK) goto done;
    halo2_transcript_squeeze_challenge(&v->t, &x3);
    for (int s = 0; s < S; s++)
        if ((rc = halo2_read_scalar(&v->r, &qs_eval[s])) != PASTA_OK) goto done;

    /* msm_eval = fold over sets of (u_s − r_s(x3)) / Π (x3 − p), times x2 */
    pasta_fp msm_eval;
    pasta_fp_zero(&msm_eval);
    for (int s = 0; s < S; s++) {
        pasta_fp pts[MAX_POINTS], r, e;
        for (int j = 0; j < setlen[s]; j++) pts[j] = o->points[o->setpts[s][j]];
        lagrange_eval(&r, pts, o->qevals[s], setlen[s], &x3);
        pasta_fp_sub(&e, &qs_eval[s], &r);
        for (int j = 0; j < setlen[s]; j++) {
            pasta_fp_sub(&t, &x3, &pts[j]);
            pasta_fp_invert_var(&t, &t);
            pasta_fp_mul(&e, &e, &t);
        }
        pasta_fp_mul(&msm_eval, &msm_eval, &x2);
        pasta_fp_add(&msm_eval, &msm_eval, &e);
    }
    halo2_transcript_squeeze_challenge(&v->t, &x4);

    /* msm = x4^S q' + Σ_s x4^(S−1−s) q_s; v = x4^S msm_eval + Σ_s x4^(S−1−s) u_s */
    pasta_fp val;
    x4pow[0] = one;
    for (int s = 1; s <= S; s++) pasta_fp_mul(&x4pow[s], &x4pow[s - 1], &x4);
    size_t m = 0;
    for (int i = 0; i < o->ncommit; i++) {
        const int c = o->corder[i], s = o->cset[c];
        const cref *cr = &v->crefs[c];
        for (int j = 0; j < cr->count; j++, m++) {
            pasta_fp_mul(&sc[m], &coef[cr->first + j], &x4pow[S - 1 - s]);
            bs[m] = v->term_p[cr->first + j];
        }
    }
    sc[m] = x4pow[S];
    bs[m++] = &q_prime;
    pasta_fp_mul(&val, &msm_eval, &x4pow[S]);
    for (int s = 0; s < S; s++) {
        pasta_fp_mul(&t, &qs_eval[s], &x4pow[S - 1 - s]);
        pasta_fp_add(&val, &val, &t);
    }

    /* IPA: [−v] G_0; s with ξ; z; k rounds of L, R and u_j */
    pasta_fp *g_sc = &sc[nbase];
    pasta_fp xi, z, c, f, neg_c, b;
    pasta_vesta_affine s_poly;
    pasta_fp_neg(&g_sc[0], &val);
    if ((rc = halo2_read_point(&v->r, &s_poly)) != PASTA_OK) goto done;
    halo2_transcript_squeeze_challenge(&v->t, &xi);
    sc[m] = xi;
    bs[m++] = &s_poly;
    halo2_transcript_squeeze_challenge(&v->t, &z);
    for (int j = 0; j < k; j++) {
        if ((rc = halo2_read_point(&v->r, &lr[2 * j])) != PASTA_OK) goto done;
        if ((rc = halo2_read_point(&v->r, &lr[2 * j + 1])) != PASTA_OK) goto done;
        halo2_transcript_squeeze_challenge(&v->t, &u[j]);
    }
    if ((rc = pasta_fp_batch_invert(uinv, u, (size_t)k)) != PASTA_OK) goto done;
    for (int j = 0; j < k; j++) {
        sc[m] = uinv[j];
        bs[m++] = &lr[2 * j];
        sc[m] = u[j];
        bs[m++] = &lr[2 * j + 1];
    }
    if ((rc = halo2_read_scalar(&v->r, &c)) != PASTA_OK) goto done;
    if ((rc = halo2_read_scalar(&v->r, &f)) != PASTA_OK) goto done;
    if (v->r.pos != v->r.len) { /* halo2 leaves trailing bytes unread; pasta rejects them */
        rc = read_fault(&v->r, HALO2_FAULT_TRAILING);
        goto done;
    }
    pasta_fp_neg(&neg_c, &c);
    /* b = Π_i (1 + u_{k−1−i} x3^(2^i)) */
    pasta_fp cur = x3;
    b = one;
    for (int j = k - 1; j >= 0; j--) {
        pasta_fp_mul(&t, &u[j], &cur);
        pasta_fp_add(&t, &t, &one);
        pasta_fp_mul(&b, &b, &t);
        pasta_fp_sqr(&cur, &cur);
    }
    /* u: −c b z; w: −f */
    pasta_fp *u_sc = &sc[nbase + n + 1], *w_sc = &sc[nbase + n];
    pasta_fp_mul(u_sc, &neg_c, &b);
    pasta_fp_mul(u_sc, u_sc, &z);
    pasta_fp_neg(w_sc, &f);
    bs[nbase + n] = &v->params->w;
    bs[nbase + n + 1] = &v->params->u;
    /* use_challenges: g scalars += s, s_0 = −c, s[i + len] = s[i] u_{k−1−j} (len = 2^j) */
    {
        pasta_fp *s_vec = malloc(n * sizeof *s_vec);
        if (s_vec == NULL) {
            rc = PASTA_ERR_NO_MEMORY;
            goto done;
        }
        s_vec[0] = neg_c;
        for (int j = 0; j < k; j++) {
            const size_t len = (size_t)1 << j;
            for (size_t i = 0; i < len; i++) pasta_fp_mul(&s_vec[len + i], &s_vec[i], &u[k - 1 - j]);
        }
        for (size_t i = 0; i < n; i++) {
            pasta_fp_add(&g_sc[i], &g_sc[i], &s_vec[i]);
            bs[nbase + i] = &v->params->g[i];
        }
        free(s_vec);
    }
    /* the unused slots between the terms and g carry scalar 0 */
    for (size_t i = m; i < nbase; i++) bs[i] = &v->params->w;
    {
        const int id = msm_is_identity(sc, bs, total);
        rc = id < 0 ? PASTA_ERR_NO_MEMORY : id ? PASTA_OK : HALO2_ERR_VERIFY;
    }
done:
    free(o);
    free(sc);
    free(bs);
    free(lr);
    free(u);
    free(uinv);
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
            if (instances[ci] == NULL || instance_lens[ci] == NULL) return PASTA_ERR_INVALID_ARG;
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
        if (halo2_cs_cur_query_index(cs, cs->perm_columns[c]) < 0) return PASTA_ERR_UNSUPPORTED;
    if (degree - 1 > MAX_H) return PASTA_ERR_UNSUPPORTED;

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
        fp_pow_u64(&v->xn, &v->x, (uint64_t)v->n);
        rc = vanishing_expected_h(v);
    }
    if (rc == PASTA_OK) {
        build_queries(v);
        rc = open_and_check(v);
    }
    if (rc == PASTA_ERR_INVALID_ARG && v->r.fault != HALO2_FAULT_NONE)
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
