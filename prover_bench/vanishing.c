/* The vanishing argument (halo2_proofs 0.3.2 plonk/vanishing/{prover,verifier}.rs) and
 * h(X): the prover's random polynomial, h on the extended coset (the gates, then the
 * permutation's and the lookups' constraints, folded with y, per circuit instance),
 * divided by X^n − 1 and cut into degree − 1 pieces; the verifier's expected h(x). */
#include "prover_impl.h"
#include "verifier_impl.h"

#include <stdlib.h>
#include <string.h>

#define CHUNK HALO2_CHUNK

/* ---- Prover: the random polynomial (Argument::commit). Its commitment needs no
 * challenge, so it is drawn and committed with the last batch of Lagrange commitments
 * before it (circuit instance ci's lookup products, or its permutation products where
 * there are no lookups: its draws come right after that batch's, halo2's order). On more
 * than one thread it joins that batch as its values at the n-th roots of unity (an NTT:
 * the same point), so that two single MSMs, each split in two, run as whole MSMs one
 * per thread (docs/PARALLEL.md); on one thread it is committed alone, as before, with no
 * NTT. Its transcript write stays in its place (halo2_vanishing_commit_random). */
static int joins(const prover *p, int ci, int lookups) {
    return ci == p->ncirc - 1 && (lookups || p->cs->n_lookups == 0);
}

/* Draws the random polynomial and its blind; on more than one thread *values = its
 * values (in scratch, n elements) for the batch, else NULL. */
static int join_draw(prover *p, pasta_fp *scratch, const pasta_fp **values) {
    *values = NULL;
    TRY(halo2_random_poly(p, p->random_poly, p->n));
    TRY(halo2_random_fp(p, &p->random_blind));
    if (p->nthreads == 1) return PASTA_OK;
    memcpy(scratch, p->random_poly, p->n * sizeof *scratch);
    TRY(pasta_fp_ntt(p->d, scratch, p->n, p->threads));
    *values = scratch;
    return PASTA_OK;
}

int halo2_vanishing_commit_with(prover *p, int ci, int lookups, pasta_vesta_affine *c,
                                const pasta_fp **zs, const pasta_fp **blinds, size_t count,
                                pasta_fp *const *zp, pasta_fp *const *zc, pasta_fp *scratch) {
    const int vj = joins(p, ci, lookups);
    size_t all = count;
    if (vj) {
        const pasta_fp *rv;
        TRY(join_draw(p, scratch, &rv));
        if (rv != NULL) zs[all] = rv, blinds[all++] = &p->random_blind;
    }
    TRY(halo2_commit_and_transform(p, c, zs, blinds, all, zp, zc, count));
    if (!vj) return PASTA_OK;
    if (all > count) p->random_commit = c[count];
    else /* one thread: the commitment of the coefficients, now */
        TRY(halo2_ck_commit(p->ck, &p->random_commit, p->random_poly, &p->random_blind,
                            p->threads));
    p->random_committed = 1;
    return PASTA_OK;
}

/* Draws and commits the random polynomial where no batch did (random_committed), then
 * writes the commitment. */
int halo2_vanishing_commit_random(prover *p) {
    if (!p->random_committed) {
        TRY(halo2_random_poly(p, p->random_poly, p->n));
        TRY(halo2_random_fp(p, &p->random_blind));
        TRY(halo2_ck_commit(p->ck, &p->random_commit, p->random_poly, &p->random_blind,
                            p->threads));
    }
    return halo2_write_point(&p->w, &p->random_commit);
}

/* ---- Prover: h(X) on the extended coset, cut into chunks of CHUNK points; per chunk
 * the gate program's leaves are read from the cosets and its polynomials folded into the
 * accumulator, then the permutation's and the lookups' constraints (halo2's order: per
 * circuit instance, gates, permutation, lookups). Scratch per range of par_for. */
typedef struct h_ctx {
    prover *p;
    eval_scratch *sc;
} h_ctx;
static void h_chunks(void *vc, size_t k0, size_t k1, int t) {
    const h_ctx *x = vc;
    prover *p = x->p;
    const halo2_program *pr = &p->pk->gates;
    eval_scratch *s = &x->sc[t];
    for (size_t k = k0; k < k1; k++) {
        const long start = (long)(k * CHUNK);
        memset(s->ps.acc, 0, CHUNK * sizeof *s->ps.acc);
        for (int ci = 0; ci < p->ncirc; ci++) {
            halo2_leaf_view view;
            halo2_prover_view(p, ci, 0, &view);
            halo2_program_bind(pr, p->cs, &view, start, &s->ps);
            halo2_program_run(pr, &s->ps, &p->y, p->ypow);
            halo2_permutation_chunk(p, ci, start, s);
            halo2_lookups_chunk(p, ci, start, s);
        }
        memcpy(&p->h[start], s->ps.acc, CHUNK * sizeof *s->ps.acc);
    }
}

int halo2_vanishing_evaluate_h(prover *p) {
    const int T = p->nthreads;
    const halo2_program *pr = &p->pk->gates;
    pasta_fp_one(&p->ypow[0]);
    for (int i = 1; i <= pr->max_group && i <= HALO2_MAX_POLYS; i++)
        pasta_fp_mul(&p->ypow[i], &p->ypow[i - 1], &p->y);
    eval_scratch *sc = calloc((size_t)T, sizeof *sc);
    int rc = sc ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    /* the gate program in pasta's work form where that keeps the values in the backend's
     * own layout (x86_64-ifma; elsewhere the form is pasta_fp and its loads only copy) */
    const int work = pasta_backend_get() == PASTA_BACKEND_X86_64_IFMA;
    for (int t = 0; rc == PASTA_OK && t < T; t++) {
        rc = halo2_program_scratch_init(&sc[t].ps, pr, CHUNK);
        if (rc == PASTA_OK && work) rc = halo2_program_scratch_use_work(&sc[t].ps, pr);
    }
    if (rc == PASTA_OK) {
        h_ctx hc = {p, sc};
        halo2_par_for(p->N / CHUNK, T, h_chunks, &hc);
    }
    for (int t = 0; sc && t < T; t++) halo2_program_scratch_free(&sc[t].ps);
    free(sc);
    return rc;
}

/* h / (X^n − 1), back to coefficients, cut into nh pieces of n, committed. */
int halo2_vanishing_commit_h(prover *p) {
    TRY(pasta_fp_divide_by_vanishing_par(p->d, p->h, p->N, p->threads));
    TRY(pasta_fp_extended_to_coeff(p->d, p->h, p->N, p->threads));
    halo2_phase_end(p, HALO2_PH_QUOTIENT_NTT);
    pasta_vesta_affine c[HALO2_MAX_H];
    for (int i = 0; i < p->nh; i++) TRY(halo2_random_fp(p, &p->h_blinds[i]));
    const pasta_fp *pieces[HALO2_MAX_H], *blinds[HALO2_MAX_H];
    for (int i = 0; i < p->nh; i++)
        pieces[i] = &p->h[(size_t)i * p->n], blinds[i] = &p->h_blinds[i];
    TRY(halo2_ck_commit_many(p->ck, c, pieces, blinds, (size_t)p->nh, p->threads));
    for (int i = 0; i < p->nh; i++) TRY(halo2_write_point(&p->w, &c[i]));
    return PASTA_OK;
}

/* h(X) = sum x^(n i) h_i(X), its blind likewise (Constructed::evaluate). */
void halo2_vanishing_h_poly(prover *p) {
    memset(p->h_poly, 0, p->n * sizeof(pasta_fp));
    pasta_fp_zero(&p->h_blind);
    for (int i = p->nh - 1; i >= 0; i--) {
        /* h_poly = h_poly x^n + h_i (threaded from 2048 coefficients) */
        (void)pasta_fp_poly_scale_add(p->h_poly, &p->xn, &p->h[(size_t)i * p->n], p->n,
                                      p->threads);
        pasta_fp_mul(&p->h_blind, &p->h_blind, &p->xn);
        pasta_fp_add(&p->h_blind, &p->h_blind, &p->h_blinds[i]);
    }
}

/* ---- Verifier: the expected h(x) = (the gates, permutation and lookup expressions of
 * every circuit instance folded with y) / (x^n − 1). The gates run on the gate program
 * (program.h) over one position: the evaluations. */
int halo2_vanishing_expected_h(verifier *v) {
    const halo2_cs *cs = v->cs;
    pasta_fp one, h, t;
    pasta_fp_one(&one);
    pasta_fp_zero(&h);

    /* l_i(x) = ω^i (x^n − 1) / (n (x − ω^i)) for i = −(blinding + 1) .. 0 */
    halo2_lagrange_at_x l;
    pasta_fp common, nfp, wi;
    pasta_fp_from_u64(&nfp, (uint64_t)v->n);
    pasta_fp_invert_var(&nfp, &nfp); /* barycentric weight 1/n */
    pasta_fp_sub(&common, &v->xn, &one);
    pasta_fp_mul(&common, &common, &nfp);
    pasta_fp_zero(&l.l_blind);
    wi = one;
    for (int i = 0; i >= -(v->blinding + 1); i--) { /* wi = ω^i */
        pasta_fp li;
        pasta_fp_sub(&li, &v->x, &wi);
        pasta_fp_invert_var(&li, &li);
        pasta_fp_mul(&li, &li, &common);
        pasta_fp_mul(&li, &li, &wi);
        if (i == 0) l.l_0 = li;
        else if (i == -(v->blinding + 1)) l.l_last = li;
        else pasta_fp_add(&l.l_blind, &l.l_blind, &li);
        pasta_fp_mul(&wi, &wi, &v->omega_inv);
    }
    pasta_fp_add(&l.active, &l.l_last, &l.l_blind);
    pasta_fp_sub(&l.active, &one, &l.active);

    /* the vk's program (keygen_vk compiled it), else one compiled for this cs */
    halo2_program own = {0};
    const int mine = v->vk->gates_cs != cs;
    if (mine) TRY(halo2_program_compile(&own, cs));
    const halo2_program *const pr = mine ? &own : &v->vk->gates;
    halo2_program_scratch s;
    pasta_fp *ypow = malloc((size_t)(pr->max_group + 1) * sizeof *ypow);
    int rc = ypow ? halo2_program_scratch_init(&s, pr, 1) : PASTA_ERR_NO_MEMORY;
    if (rc != PASTA_OK) {
        free(ypow);
        halo2_program_free(&own);
        return rc;
    }
    pasta_fp_one(&ypow[0]);
    for (int i = 1; i <= pr->max_group; i++) pasta_fp_mul(&ypow[i], &ypow[i - 1], &v->y);
    const pasta_fp *in[HALO2_MAX_LOOKUPS * HALO2_MAX_LOOKUP_WIDTH];
    const pasta_fp *tab[HALO2_MAX_LOOKUPS * HALO2_MAX_LOOKUP_WIDTH];
    for (int ci = 0; ci < v->ncirc; ci++) {
        const circ *c = &v->circs[ci];
        for (int i = 0; i < pr->nleaves; i++) {
            const halo2_prog_leaf *lf = &pr->leaves[i];
            if (lf->type == HALO2_E_FIXED) s.leaf[i] = &v->fixed_e[lf->query];
            else if (lf->type == HALO2_E_ADVICE) s.leaf[i] = &c->advice_e[lf->query];
            else if (lf->type == HALO2_E_INSTANCE) s.leaf[i] = &c->instance_e[lf->query];
        }
        s.acc[0] = h;
        halo2_program_run(pr, &s, &v->y, ypow);
        h = s.acc[0];
        halo2_permutation_expressions(v, c, &l, &h);
        for (int k = 0; k < cs->n_lookups; k++)
            for (int j = 0; j < cs->lookups[k].n; j++) {
                const int at = k * HALO2_MAX_LOOKUP_WIDTH + j;
                in[at] = halo2_program_slot(pr, &s, pr->lookup_input[at]);
                tab[at] = halo2_program_slot(pr, &s, pr->lookup_table[at]);
            }
        halo2_lookups_expressions(v, c, &l, in, tab, &h);
    }
    halo2_program_scratch_free(&s);
    halo2_program_free(&own);
    free(ypow);

    pasta_fp_sub(&t, &v->xn, &one);
    pasta_fp_invert_var(&t, &t);
    pasta_fp_mul(&v->expected_h, &h, &t);
    return PASTA_OK;
}
