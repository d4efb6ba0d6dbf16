/* prover_bench/multiopen.h: the evaluation and query orders, construct_intermediate_sets,
 * and the two sides of poly/multiopen (halo2_proofs 0.3.2 poly/multiopen/{prover,
 * verifier}.rs: x1, x2, q', x3, the q evaluations, x4), each ending in the IPA
 * (commitment.c). */
#include "multiopen.h"

#include "prover_impl.h"
#include "verifier_impl.h"

#include <stdlib.h>
#include <string.h>

/* ---- The orders. */

typedef struct olist {
    halo2_oquery *q;
    int n, cap, rc;
} olist;

static void put(olist *l, int kind, int circuit, int index, int rotation, int query) {
    if (l->n >= l->cap) {
        l->rc = HALO2_ERR_LIMIT;
        return;
    }
    l->q[l->n++] = (halo2_oquery){{kind, circuit, index}, rotation, query};
}

static void put_columns(olist *l, int kind, int ci, const halo2_query *qs, int nq) {
    for (int q = 0; q < nq; q++) put(l, kind, ci, qs[q].column.index, qs[q].rotation, q);
}

int halo2_evaluation_order(const halo2_oshape *sh, halo2_oquery *out, int cap, int *n) {
    const halo2_cs *cs = sh->cs;
    const int last = -(sh->blinding + 1);
    olist l = {out, 0, cap, PASTA_OK};
    for (int ci = 0; ci < sh->ncirc; ci++)
        put_columns(&l, HALO2_O_INSTANCE, ci, cs->instance_queries, cs->n_instance_queries);
    for (int ci = 0; ci < sh->ncirc; ci++)
        put_columns(&l, HALO2_O_ADVICE, ci, cs->advice_queries, cs->n_advice_queries);
    put_columns(&l, HALO2_O_FIXED, 0, cs->fixed_queries, cs->n_fixed_queries);
    put(&l, HALO2_O_RANDOM, 0, 0, 0, -1);
    for (int c = 0; c < cs->n_perm_columns; c++) put(&l, HALO2_O_SIGMA, 0, c, 0, -1);
    for (int ci = 0; ci < sh->ncirc; ci++)
        for (int s = 0; s < sh->nsets; s++) {
            put(&l, HALO2_O_PERM_Z, ci, s, 0, -1);
            put(&l, HALO2_O_PERM_Z, ci, s, 1, -1);
            if (s + 1 < sh->nsets) put(&l, HALO2_O_PERM_Z, ci, s, last, -1);
        }
    for (int ci = 0; ci < sh->ncirc; ci++)
        for (int k = 0; k < cs->n_lookups; k++) {
            put(&l, HALO2_O_LOOKUP_Z, ci, k, 0, -1);
            put(&l, HALO2_O_LOOKUP_Z, ci, k, 1, -1);
            put(&l, HALO2_O_LOOKUP_A, ci, k, 0, -1);
            put(&l, HALO2_O_LOOKUP_A, ci, k, -1, -1);
            put(&l, HALO2_O_LOOKUP_S, ci, k, 0, -1);
        }
    *n = l.n;
    return l.rc;
}

int halo2_query_order(const halo2_oshape *sh, halo2_oquery *out, int cap, int *n) {
    const halo2_cs *cs = sh->cs;
    const int last = -(sh->blinding + 1);
    olist l = {out, 0, cap, PASTA_OK};
    for (int ci = 0; ci < sh->ncirc; ci++) {
        put_columns(&l, HALO2_O_INSTANCE, ci, cs->instance_queries, cs->n_instance_queries);
        put_columns(&l, HALO2_O_ADVICE, ci, cs->advice_queries, cs->n_advice_queries);
        for (int s = 0; s < sh->nsets; s++) {
            put(&l, HALO2_O_PERM_Z, ci, s, 0, -1);
            put(&l, HALO2_O_PERM_Z, ci, s, 1, -1);
        }
        for (int s = sh->nsets - 2; s >= 0; s--) put(&l, HALO2_O_PERM_Z, ci, s, last, -1);
        for (int k = 0; k < cs->n_lookups; k++) {
            put(&l, HALO2_O_LOOKUP_Z, ci, k, 0, -1);
            put(&l, HALO2_O_LOOKUP_A, ci, k, 0, -1);
            put(&l, HALO2_O_LOOKUP_S, ci, k, 0, -1);
            put(&l, HALO2_O_LOOKUP_A, ci, k, -1, -1);
            put(&l, HALO2_O_LOOKUP_Z, ci, k, 1, -1);
        }
    }
    put_columns(&l, HALO2_O_FIXED, 0, cs->fixed_queries, cs->n_fixed_queries);
    for (int c = 0; c < cs->n_perm_columns; c++) put(&l, HALO2_O_SIGMA, 0, c, 0, -1);
    put(&l, HALO2_O_H, 0, 0, 0, -1);
    put(&l, HALO2_O_RANDOM, 0, 0, 0, -1);
    *n = l.n;
    return l.rc;
}

/* ---- construct_intermediate_sets. */

static int same_poly(const halo2_opoly *a, const halo2_opoly *b) {
    return a->kind == b->kind && a->circuit == b->circuit && a->index == b->index;
}

static int point_index(halo2_opening *o, int rot, const pasta_fp *x, const pasta_fp *omega,
                       const pasta_fp *omega_inv) {
    for (int i = 0; i < o->npoints; i++)
        if (o->point_rot[i] == rot) return i;
    pasta_fp pt;
    if (x != NULL) {
        halo2_rotate_omega(&pt, x, omega, omega_inv, rot);
        for (int i = 0; i < o->npoints; i++)
            if (pasta_fp_eq(&o->points[i], &pt)) return i;
    } else {
        pasta_fp_zero(&pt);
    }
    if (o->npoints >= HALO2_MAX_POINTS) return -1;
    o->points[o->npoints] = pt;
    o->point_rot[o->npoints] = rot;
    return o->npoints++;
}

/* Polynomials are few per kind and circuit; a linear search back over them is cheap
 * next to a proof (at most a few hundred). */
static int poly_index(halo2_opening *o, const halo2_opoly *p) {
    for (int i = o->npolys - 1; i >= 0; i--)
        if (same_poly(&o->polys[i], p)) return i;
    o->polys[o->npolys] = *p;
    o->pmask[o->npolys] = 0;
    return o->npolys++;
}

int halo2_opening_build(halo2_opening *o, const halo2_oquery *q, int nq, const pasta_fp *x,
                        const pasta_fp *omega, const pasta_fp *omega_inv) {
    o->npoints = o->npolys = o->nsets = o->duplicate = 0;
    if (nq > HALO2_MAX_OPEN_QUERIES) return HALO2_ERR_LIMIT;
    for (int i = 0; i < nq; i++) {
        const int pt = point_index(o, q[i].rotation, x, omega, omega_inv);
        if (pt < 0) return HALO2_ERR_LIMIT;
        const int pi = poly_index(o, &q[i].poly);
        if ((o->pmask[pi] >> pt) & 1) o->duplicate = 1;
        o->pmask[pi] |= (uint64_t)1 << pt;
        o->qpoly[i] = pi;
        o->qpoint[i] = pt;
    }
    for (int i = 0; i < o->npolys; i++) {
        int s;
        for (s = 0; s < o->nsets; s++)
            if (o->setmask[s] == o->pmask[i]) break;
        if (s == o->nsets) o->setmask[o->nsets++] = o->pmask[i];
        o->pset[i] = s;
    }
    return PASTA_OK;
}

/* ---- Prover (poly/multiopen/prover.rs create_proof), then the IPA. */

/* The coefficients and blind of a polynomial. */
static void prover_poly(const prover *p, const halo2_opoly *o, const pasta_fp **coeffs,
                        pasta_fp *blind) {
    const circuit_data *cd = &p->cd[o->circuit];
    const size_t at = (size_t)o->index * p->n;
    pasta_fp_one(blind);
    switch (o->kind) {
    case HALO2_O_INSTANCE: *coeffs = &cd->inst_polys[at]; break;
    case HALO2_O_ADVICE:
        *coeffs = &cd->adv_polys[at], *blind = cd->adv_blinds[o->index];
        break;
    case HALO2_O_FIXED: *coeffs = &p->pk->fixed_polys[at]; break;
    case HALO2_O_SIGMA: *coeffs = &p->pk->perm_polys[at]; break;
    case HALO2_O_PERM_Z: *coeffs = &cd->z_polys[at], *blind = cd->z_blinds[o->index]; break;
    case HALO2_O_LOOKUP_Z:
        *coeffs = &cd->lk_z_polys[at], *blind = cd->lk_z_blind[o->index];
        break;
    case HALO2_O_LOOKUP_A:
        *coeffs = &cd->lk_a_polys[at], *blind = cd->lk_a_blind[o->index];
        break;
    case HALO2_O_LOOKUP_S:
        *coeffs = &cd->lk_s_polys[at], *blind = cd->lk_s_blind[o->index];
        break;
    case HALO2_O_RANDOM: *coeffs = p->random_poly, *blind = p->random_blind; break;
    default: *coeffs = p->h_poly, *blind = p->h_blind; break;
    }
}

/* The coefficient-wise steps of the multiopen prover, each one region of coefficient
 * ranges (or of sets): every coefficient goes through the same operations in the same
 * order as one pass over whole polynomials would, so the bytes do not depend on T. */
typedef struct mo_ctx {
    const halo2_opening *o;
    const pasta_fp *const *coeffs; /* per polynomial of o */
    const uint8_t *first;          /* the polynomial opens its set's fold */
    pasta_fp *q, *divs, *qp;       /* S x n, S x n, n */
    const pasta_fp *x1, *x2, *x4;
    size_t n;
} mo_ctx;

/* q_s = q_s x1 + poly over the set's polynomials in order (the first one: q_s = poly). */
static void mo_sets(void *vc, size_t lo, size_t hi, int t) {
    const mo_ctx *x = vc;
    (void)t;
    for (int i = 0; i < x->o->npolys; i++) {
        pasta_fp *qs = &x->q[(size_t)x->o->pset[i] * x->n + lo];
        if (x->first[i]) memcpy(qs, x->coeffs[i] + lo, (hi - lo) * sizeof *qs);
        else pasta_fp_poly_scale_add(qs, x->x1, x->coeffs[i] + lo, hi - lo, 1);
    }
}

/* divs_s = q_s / prod (X - point) over the set's points, zero-padded to n (one set a task:
 * the division runs down the coefficients). */
static void mo_divide(void *vc, size_t s0, size_t s1, int t) {
    const mo_ctx *x = vc;
    (void)t;
    for (size_t s = s0; s < s1; s++) {
        pasta_fp *div = &x->divs[s * x->n];
        size_t len = x->n;
        memcpy(div, &x->q[s * x->n], x->n * sizeof *div);
        for (int pt = 0; pt < x->o->npoints; pt++)
            if ((x->o->setmask[s] >> pt) & 1) {
                pasta_fp_kate_division(div, div, len, &x->o->points[pt]);
                len--;
            }
        memset(&div[len], 0, (x->n - len) * sizeof *div); /* zero: all-zero limbs */
    }
}

/* q' = fold over sets of divs_s with x2: q' = q' x2 + divs_s (q' = divs_0 first). */
static void mo_fold_divs(void *vc, size_t lo, size_t hi, int t) {
    const mo_ctx *x = vc;
    (void)t;
    memcpy(&x->qp[lo], &x->divs[lo], (hi - lo) * sizeof *x->qp);
    for (int s = 1; s < x->o->nsets; s++)
        pasta_fp_poly_scale_add(&x->qp[lo], x->x2, &x->divs[(size_t)s * x->n + lo], hi - lo,
                                1);
}

/* p = fold over sets starting from q': p = p x4 + q_s. */
static void mo_fold_final(void *vc, size_t lo, size_t hi, int t) {
    const mo_ctx *x = vc;
    (void)t;
    for (int s = 0; s < x->o->nsets; s++)
        pasta_fp_poly_scale_add(&x->qp[lo], x->x4, &x->q[(size_t)s * x->n + lo], hi - lo, 1);
}

int halo2_multiopen_prove(prover *p) {
    const size_t n = p->n;
    const halo2_oshape sh = {p->cs, p->ncirc, p->nsets, p->blinding};
    halo2_oquery *qs = malloc(HALO2_MAX_OPEN_QUERIES * sizeof *qs);
    halo2_opening *o = malloc(sizeof *o);
    int nq = 0, rc = qs && o ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    if (rc == PASTA_OK) rc = halo2_query_order(&sh, qs, HALO2_MAX_OPEN_QUERIES, &nq);
    if (rc == PASTA_OK)
        rc = halo2_opening_build(o, qs, nq, &p->x, &p->d->omega, &p->d->omega_inv);
    free(qs);
    if (rc != PASTA_OK) {
        free(o);
        return rc;
    }
    const int S = o->nsets;
    pasta_fp *q = malloc((size_t)S * n * sizeof *q), *qp = malloc(n * sizeof *qp);
    halo2_ipa_s ipa_s = {0};
    ipa_s.poly = malloc(n * sizeof *ipa_s.poly);
    pasta_fp *divs = malloc((size_t)S * n * sizeof *divs),
             *qblind = calloc((size_t)S, sizeof *qblind);
    const pasta_fp **coeffs = malloc((size_t)o->npolys * sizeof *coeffs);
    uint8_t *qset = calloc((size_t)S, 1), *first = calloc((size_t)o->npolys, 1);
    if (!q || !qp || !ipa_s.poly || !divs || !qblind || !coeffs || !qset || !first)
        rc = PASTA_ERR_NO_MEMORY;
    pasta_fp x1, x2, x3, x4, qp_blind, t;
    mo_ctx mc = {o, coeffs, first, q, divs, qp, &x1, &x2, &x4, n};
    if (rc == PASTA_OK) {
        halo2_transcript_squeeze_challenge(&p->w.t, &x1);
        halo2_transcript_squeeze_challenge(&p->w.t, &x2);
        /* the blinds folded as the polynomials (mo_sets); every set has a polynomial */
        for (int i = 0; i < o->npolys; i++) {
            const int s = o->pset[i];
            pasta_fp blind;
            prover_poly(p, &o->polys[i], &coeffs[i], &blind);
            first[i] = !qset[s];
            pasta_fp_mul(&qblind[s], &qblind[s], &x1);
            pasta_fp_add(&qblind[s], &qblind[s], &blind);
            qset[s] = 1;
        }
        halo2_par_for(n, p->nthreads, mo_sets, &mc);
        halo2_par_for((size_t)S, p->nthreads, mo_divide, &mc);
        halo2_par_for(n, p->nthreads, mo_fold_divs, &mc);
        rc = halo2_random_fp(p, &qp_blind);
    }
    /* q' and the IPA's s (drawn next in halo2's order, x3 not needed for its
     * commitment: commitment.c) committed as one batch: on two threads each MSM whole on
     * one, where a single MSM's split adds work (docs/PARALLEL.md) */
    pasta_vesta_affine c[2];
    if (rc == PASTA_OK) rc = halo2_ipa_draw_s(p, &ipa_s);
    if (rc == PASTA_OK) {
        const pasta_fp *vals[2] = {qp, ipa_s.poly}, *blinds[2] = {&qp_blind, &ipa_s.blind};
        rc = halo2_ck_commit_many(p->ck, c, vals, blinds, 2, p->threads);
    }
    if (rc == PASTA_OK) {
        ipa_s.commit = c[1];
        rc = halo2_write_point(&p->w, &c[0]);
    }
    if (rc == PASTA_OK) {
        halo2_transcript_squeeze_challenge(&p->w.t, &x3);
        for (int s = 0; s < S && rc == PASTA_OK; s++) {
            pasta_fp e;
            pasta_fp_poly_eval_par(&e, &q[(size_t)s * n], n, &x3, p->threads);
            rc = halo2_write_scalar(&p->w, &e);
        }
    }
    if (rc == PASTA_OK) {
        halo2_transcript_squeeze_challenge(&p->w.t, &x4);
        halo2_par_for(n, p->nthreads, mo_fold_final, &mc);
        for (int s = 0; s < S; s++) {
            pasta_fp_mul(&t, &qp_blind, &x4);
            pasta_fp_add(&qp_blind, &t, &qblind[s]);
        }
        halo2_phase_end(p, HALO2_PH_MULTIOPEN);
        rc = halo2_ipa_prove(p, qp, &qp_blind, &x3, &ipa_s);
        halo2_phase_end(p, HALO2_PH_IPA);
    }
    free(o), free(q), free(qp), free(ipa_s.poly), free(divs), free(qblind), free(coeffs),
        free(qset), free(first);
    return rc;
}

/* ---- Verifier (poly/multiopen/verifier.rs verify_proof), then the IPA. */

/* A commitment's terms in the final MSM: one point with scalar 1, or for h the pieces
 * with x^(n i). */
static int verifier_terms(const verifier *v, const halo2_opoly *o,
                          const pasta_vesta_affine **pts, pasta_fp *sc) {
    const circ *c = &v->circs[o->circuit];
    pasta_fp_one(&sc[0]);
    switch (o->kind) {
    case HALO2_O_INSTANCE: pts[0] = &c->instance_c[o->index]; return 1;
    case HALO2_O_ADVICE: pts[0] = &c->advice_c[o->index]; return 1;
    case HALO2_O_FIXED: pts[0] = &v->vk->fixed_commitments[o->index]; return 1;
    case HALO2_O_SIGMA: pts[0] = &v->vk->perm_commitments[o->index]; return 1;
    case HALO2_O_PERM_Z: pts[0] = &c->perm_c[o->index]; return 1;
    case HALO2_O_LOOKUP_Z: pts[0] = &c->lk_z_c[o->index]; return 1;
    case HALO2_O_LOOKUP_A: pts[0] = &c->lk_a_c[o->index]; return 1;
    case HALO2_O_LOOKUP_S: pts[0] = &c->lk_s_c[o->index]; return 1;
    case HALO2_O_RANDOM: pts[0] = &v->random_c; return 1;
    default:
        for (int i = 0; i < v->nh; i++) {
            pts[i] = &v->h_c[i];
            if (i > 0) pasta_fp_mul(&sc[i], &sc[i - 1], &v->xn);
        }
        return v->nh;
    }
}

static int bit_position(uint64_t mask, int bit) { /* rank of bit within mask */
    int r = 0;
    for (int i = 0; i < bit; i++) r += (int)((mask >> i) & 1);
    return r;
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

/* The verifier's working arrays (per polynomial, per set). */
typedef struct vopen {
    halo2_opening o;
    halo2_oquery qs[HALO2_MAX_OPEN_QUERIES];
    pasta_fp cevals[HALO2_MAX_OPEN_QUERIES][HALO2_MAX_POINTS]; /* per poly, its set's points */
    pasta_fp x1pow[HALO2_MAX_OPEN_QUERIES], qevals[HALO2_MAX_OPEN_QUERIES][HALO2_MAX_POINTS];
    pasta_fp qs_eval[HALO2_MAX_OPEN_QUERIES], x4pow[HALO2_MAX_OPEN_QUERIES + 1];
    int setpts[HALO2_MAX_OPEN_QUERIES][HALO2_MAX_POINTS], setlen[HALO2_MAX_OPEN_QUERIES];
} vopen;

int halo2_multiopen_verify(verifier *v) {
    const halo2_oshape sh = {v->cs, v->ncirc, v->nsets, v->blinding};
    vopen *w = malloc(sizeof *w);
    if (w == NULL) return PASTA_ERR_NO_MEMORY;
    halo2_opening *o = &w->o;
    int nq = 0;
    int rc = halo2_query_order(&sh, w->qs, HALO2_MAX_OPEN_QUERIES, &nq);
    if (rc == PASTA_OK)
        rc = halo2_opening_build(o, w->qs, nq, &v->x, &v->vk->omega, &v->omega_inv);
    if (rc == PASTA_OK && o->duplicate) rc = HALO2_ERR_VERIFY; /* halo2's None */
    if (rc != PASTA_OK) {
        free(w);
        return rc;
    }
    for (int i = 0; i < nq; i++)
        w->cevals[w->o.qpoly[i]][bit_position(o->pmask[o->qpoly[i]], o->qpoint[i])] =
            *halo2_verifier_eval_slot(v, &w->qs[i]);

    /* the final MSM: every commitment's terms, q', s, L_j and R_j, g[0..n), w, u */
    const int k = (int)v->params->k;
    const size_t cap = (size_t)o->npolys + (size_t)v->nh + 2 + 2 * (size_t)k + v->n + 2;
    halo2_final_msm msm = {calloc(cap, sizeof(pasta_fp)),
                           calloc(cap, sizeof(pasta_vesta_affine *)), 0, cap};
    if (msm.sc == NULL || msm.bs == NULL) {
        free(msm.sc), free(msm.bs), free(w);
        return PASTA_ERR_NO_MEMORY;
    }
    pasta_fp x1, x2, x3, x4, one, t;
    pasta_fp_one(&one);
    halo2_transcript_squeeze_challenge(&v->t, &x1);
    halo2_transcript_squeeze_challenge(&v->t, &x2);

    /* q_s = Σ x1^(position) C over the set's commitments, in reverse commitment order;
     * the evaluations likewise. Each commitment's terms get x1^(position) now, x4 later. */
    const int S = o->nsets;
    for (int s = 0; s < S; s++) {
        w->x1pow[s] = one;
        w->setlen[s] = 0;
        for (int p = 0; p < o->npoints; p++)
            if ((o->setmask[s] >> p) & 1) {
                pasta_fp_zero(&w->qevals[s][w->setlen[s]]);
                w->setpts[s][w->setlen[s]++] = p;
            }
    }
    size_t *first = malloc((size_t)(o->npolys ? o->npolys : 1) * sizeof *first);
    int *count = malloc((size_t)(o->npolys ? o->npolys : 1) * sizeof *count);
    if (first == NULL || count == NULL) {
        free(first), free(count), free(msm.sc), free(msm.bs), free(w);
        return PASTA_ERR_NO_MEMORY;
    }
    for (int i = 0; i < o->npolys; i++) {
        first[i] = msm.m;
        count[i] = verifier_terms(v, &o->polys[i], &msm.bs[msm.m], &msm.sc[msm.m]);
        msm.m += (size_t)count[i];
    }
    for (int i = o->npolys - 1; i >= 0; i--) {
        const int s = o->pset[i];
        for (int j = 0; j < count[i]; j++)
            pasta_fp_mul(&msm.sc[first[i] + (size_t)j], &msm.sc[first[i] + (size_t)j],
                         &w->x1pow[s]);
        for (int j = 0; j < w->setlen[s]; j++) {
            pasta_fp_mul(&t, &w->cevals[i][j], &w->x1pow[s]);
            pasta_fp_add(&w->qevals[s][j], &w->qevals[s][j], &t);
        }
        pasta_fp_mul(&w->x1pow[s], &w->x1pow[s], &x1);
    }

    pasta_vesta_affine q_prime;
    rc = halo2_read_point(&v->r, &q_prime);
    if (rc == PASTA_OK) halo2_transcript_squeeze_challenge(&v->t, &x3);
    for (int s = 0; s < S && rc == PASTA_OK; s++)
        rc = halo2_read_scalar(&v->r, &w->qs_eval[s]);
    if (rc == PASTA_OK) {
        /* msm_eval = fold over sets of (u_s − r_s(x3)) / Π (x3 − p), times x2 */
        pasta_fp msm_eval;
        pasta_fp_zero(&msm_eval);
        for (int s = 0; s < S; s++) {
            pasta_fp pts[HALO2_MAX_POINTS], r, e;
            for (int j = 0; j < w->setlen[s]; j++) pts[j] = o->points[w->setpts[s][j]];
            lagrange_eval(&r, pts, w->qevals[s], w->setlen[s], &x3);
            pasta_fp_sub(&e, &w->qs_eval[s], &r);
            for (int j = 0; j < w->setlen[s]; j++) {
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
        w->x4pow[0] = one;
        for (int s = 1; s <= S; s++) pasta_fp_mul(&w->x4pow[s], &w->x4pow[s - 1], &x4);
        for (int i = 0; i < o->npolys; i++)
            for (int j = 0; j < count[i]; j++)
                pasta_fp_mul(&msm.sc[first[i] + (size_t)j], &msm.sc[first[i] + (size_t)j],
                             &w->x4pow[S - 1 - o->pset[i]]);
        msm.sc[msm.m] = w->x4pow[S];
        msm.bs[msm.m++] = &q_prime;
        pasta_fp_mul(&val, &msm_eval, &w->x4pow[S]);
        for (int s = 0; s < S; s++) {
            pasta_fp_mul(&t, &w->qs_eval[s], &w->x4pow[S - 1 - s]);
            pasta_fp_add(&val, &val, &t);
        }
        rc = halo2_ipa_verify(v, &msm, &val, &x3);
    }
    free(first), free(count), free(msm.sc), free(msm.bs), free(w);
    return rc;
}
