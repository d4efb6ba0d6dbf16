/* The lookup argument (halo2_proofs 0.3.2 plonk/lookup/{prover,verifier}.rs): the
 * prover's θ-compressed inputs and tables, permute_expression_pair, the permuted A', S'
 * and the product Z, their five constraints on the extended coset; the verifier's five
 * constraints at x. */
#include "prover_impl.h"
#include "verifier_impl.h"

#include <stdlib.h>
#include <string.h>

#define CHUNK HALO2_CHUNK

/* ---- Prover: permute_expression_pair. */

/* Canonical integer order of field elements, as pasta_curves' Ord for Fp. */
typedef struct keyed {
    uint64_t key[4];
    uint32_t index;
} keyed;
static int key_cmp(const keyed *a, const keyed *b) {
    for (int i = 3; i >= 0; i--)
        if (a->key[i] != b->key[i]) return a->key[i] < b->key[i] ? -1 : 1;
    return 0;
}
static int key_eq(const keyed *a, const keyed *b) { return key_cmp(a, b) == 0; }
/* qsort order: by value, ties by row (a total order: the same result on every libc) */
static int keyed_cmp(const void *x, const void *y) {
    const keyed *a = x, *b = y;
    const int c = key_cmp(a, b);
    return c ? c : (a->index > b->index) - (a->index < b->index);
}

/* Over the usable rows, A' = the inputs sorted; S'[row] = A'[row] at the first row of each
 * run of equal inputs (one table occurrence of that value used), the leftover table
 * values in ascending order into the other rows, each taking the last remaining one
 * (the blinding + 1 random rows in each are the caller's: halo2's RNG order).
 * PASTA_ERR_INVALID_ARG when an input is not in the table (halo2's
 * ConstraintSystemFailure). */
static int permute_pair(const prover *p, const pasta_fp *in, const pasta_fp *tab,
                        pasta_fp *a_out, pasta_fp *s_out) {
    const size_t n = p->n, usable = n - (size_t)(p->blinding + 1);
    keyed *ki = malloc(usable * sizeof *ki), *kt = malloc(usable * sizeof *kt);
    uint32_t *repeated = malloc(usable * sizeof *repeated);
    uint8_t *used = calloc(usable, 1);
    int rc = (ki && kt && repeated && used) ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    if (rc == PASTA_OK) {
        for (size_t r = 0; r < usable; r++) {
            pasta_fp_to_raw(ki[r].key, &in[r]);
            ki[r].index = (uint32_t)r;
            pasta_fp_to_raw(kt[r].key, &tab[r]);
            kt[r].index = (uint32_t)r;
        }
        qsort(ki, usable, sizeof *ki, keyed_cmp);
        qsort(kt, usable, sizeof *kt, keyed_cmp);
        size_t nrep = 0, ti = 0;
        for (size_t r = 0; r < usable && rc == PASTA_OK; r++) {
            a_out[r] = in[ki[r].index];
            if (r == 0 || !key_eq(&ki[r], &ki[r - 1])) {
                s_out[r] = a_out[r];
                while (ti < usable && key_cmp(&kt[ti], &ki[r]) < 0) ti++;
                if (ti < usable && key_eq(&kt[ti], &ki[r])) used[ti++] = 1;
                else rc = PASTA_ERR_INVALID_ARG;
            } else {
                repeated[nrep++] = (uint32_t)r;
            }
        }
        for (size_t t = 0; t < usable && rc == PASTA_OK; t++)
            if (!used[t]) {
                if (nrep == 0) rc = HALO2_ERR_INTERNAL; /* cannot happen: counts agree */
                else s_out[repeated[--nrep]] = tab[kt[t].index];
            }
    }
    free(ki), free(kt), free(repeated), free(used);
    return rc;
}

/* The lookups' permute_pair calls (sorts: independent, no randomness), one per task. */
typedef struct perm_pairs_ctx {
    const prover *p;
    circuit_data *cd;
    int rc[HALO2_MAX_LOOKUPS];
} perm_pairs_ctx;
static void perm_pairs(void *vc, size_t lo, size_t hi, int t) {
    perm_pairs_ctx *x = vc;
    const size_t n = x->p->n;
    (void)t;
    for (size_t l = lo; l < hi; l++)
        x->rc[l] = permute_pair(x->p, &x->cd->lk_in[l * n], &x->cd->lk_tab[l * n],
                                &x->cd->lk_a[l * n], &x->cd->lk_s[l * n]);
}

/* out = sum θ^(m−1−i) slot[i] over program slots (compress_expressions) */
static void compress_slots(const prover *p, const halo2_program *pr,
                           const halo2_program_scratch *s, const int *slots, int m,
                           pasta_fp *out) {
    memset(out, 0, s->width * sizeof *out);
    for (int i = 0; i < m; i++) {
        pasta_fp_vec_scale(out, out, &p->theta, s->width);
        pasta_fp_vec_add(out, out, halo2_program_slot(pr, s, slots[i]), s->width);
    }
}

/* ---- Prover: commit_permuted for every circuit and lookup: the compressed input and
 * table values (θ; pk->lookup_rows on the rows), A' and S', their commitments (random
 * blinds: input, then table), polys, cosets. */
/* The compressed inputs and tables of a range of row chunks (scratch per range). */
typedef struct rows_ctx {
    const prover *p;
    circuit_data *cd;
    const halo2_leaf_view *view;
    halo2_program_scratch *s;
} rows_ctx;
static void lk_row_chunks(void *vc, size_t k0, size_t k1, int t) {
    const rows_ctx *x = vc;
    const prover *p = x->p;
    const halo2_cs *cs = p->cs;
    const halo2_program *pr = &p->pk->lookup_rows;
    halo2_program_scratch *s = &x->s[t];
    const size_t n = p->n, width = s->width;
    for (size_t k = k0; k < k1; k++) {
        const size_t start = k * width;
        halo2_program_bind(pr, cs, x->view, (long)start, s);
        halo2_program_run(pr, s, NULL, NULL);
        for (int l = 0, o = 0; l < cs->n_lookups; o += 2 * cs->lookups[l].n, l++) {
            compress_slots(p, pr, s, &pr->outputs[o], cs->lookups[l].n,
                           &x->cd->lk_in[(size_t)l * n + start]);
            compress_slots(p, pr, s, &pr->outputs[o + cs->lookups[l].n], cs->lookups[l].n,
                           &x->cd->lk_tab[(size_t)l * n + start]);
        }
    }
}

int halo2_lookups_commit_permuted(prover *p) {
    const halo2_cs *cs = p->cs;
    const halo2_program *pr = &p->pk->lookup_rows;
    const size_t n = p->n, width = n < CHUNK ? n : CHUNK; /* n / width chunks (powers of 2) */
    if (cs->n_lookups == 0) return PASTA_OK;
    const int T = p->nthreads;
    halo2_program_scratch *s = halo2_program_scratches(pr, width, T);
    int rc = s ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    for (int ci = 0; rc == PASTA_OK && ci < p->ncirc; ci++) {
        circuit_data *cd = &p->cd[ci];
        halo2_leaf_view view;
        halo2_prover_view(p, ci, 1, &view);
        rows_ctx rx = {p, cd, &view, s};
        halo2_par_for(n / width, T, lk_row_chunks, &rx);
        /* every lookup's permuted pair and blinds (halo2's RNG order), their 2 L
         * commitments as one batch, then per lookup A', S' written and transformed */
        const pasta_fp *vals[2 * HALO2_MAX_LOOKUPS], *blinds[2 * HALO2_MAX_LOOKUPS];
        pasta_vesta_affine c[2 * HALO2_MAX_LOOKUPS];
        perm_pairs_ctx pc = {p, cd, {0}};
        halo2_par_for((size_t)cs->n_lookups, p->nthreads, perm_pairs, &pc);
        for (int l = 0; rc == PASTA_OK && l < cs->n_lookups; l++) rc = pc.rc[l];
        for (int l = 0; rc == PASTA_OK && l < cs->n_lookups; l++) {
            const size_t o = (size_t)l * n, usable = n - (size_t)(p->blinding + 1);
            /* halo2's order: the blinding rows of A', then of S', then the two blinds */
            for (size_t r = usable; rc == PASTA_OK && r < n; r++)
                rc = halo2_random_fp(p, &cd->lk_a[o + r]);
            for (size_t r = usable; rc == PASTA_OK && r < n; r++)
                rc = halo2_random_fp(p, &cd->lk_s[o + r]);
            if (rc == PASTA_OK) rc = halo2_random_fp(p, &cd->lk_a_blind[l]);
            if (rc == PASTA_OK) rc = halo2_random_fp(p, &cd->lk_s_blind[l]);
            vals[2 * l] = &cd->lk_a[o], blinds[2 * l] = &cd->lk_a_blind[l];
            vals[2 * l + 1] = &cd->lk_s[o], blinds[2 * l + 1] = &cd->lk_s_blind[l];
        }
        pasta_fp *polys[2 * HALO2_MAX_LOOKUPS], *cosets[2 * HALO2_MAX_LOOKUPS];
        for (int l = 0; l < cs->n_lookups; l++) {
            const size_t o = (size_t)l * n, O = (size_t)l * p->N;
            polys[2 * l] = &cd->lk_a_polys[o], cosets[2 * l] = &cd->lk_a_cosets[O];
            polys[2 * l + 1] = &cd->lk_s_polys[o], cosets[2 * l + 1] = &cd->lk_s_cosets[O];
        }
        const size_t nc = 2 * (size_t)cs->n_lookups;
        if (rc == PASTA_OK)
            rc = halo2_commit_and_transform(p, c, vals, blinds, nc, polys, cosets, nc);
        for (int l = 0; rc == PASTA_OK && l < cs->n_lookups; l++) {
            rc = halo2_write_point(&p->w, &c[2 * l]);
            if (rc == PASTA_OK) rc = halo2_write_point(&p->w, &c[2 * l + 1]);
        }
    }
    halo2_program_scratches_free(s, T);
    return rc;
}

/* ---- Prover: commit_product for every circuit and lookup: Z[0] = 1, Z[i + 1] = Z[i]
 * (A_c + β) (S_c + γ) / ((A' + β) (S' + γ)) up to the last usable row, then `blinding`
 * random rows; a random blind. */
typedef struct lkp_ctx {
    const prover *p;
    const circuit_data *cd;
    size_t o;
    pasta_fp *num, *den;
} lkp_ctx;
static void lkp_rows(void *vc, size_t r0, size_t r1, int tt) {
    const lkp_ctx *x = vc;
    const circuit_data *cd = x->cd;
    const size_t o = x->o;
    (void)tt;
    for (size_t r = r0; r < r1; r++) {
        pasta_fp t, u;
        pasta_fp_add(&t, &cd->lk_in[o + r], &x->p->beta);
        pasta_fp_add(&u, &cd->lk_tab[o + r], &x->p->gamma);
        pasta_fp_mul(&x->num[r], &t, &u);
        pasta_fp_add(&t, &cd->lk_a[o + r], &x->p->beta);
        pasta_fp_add(&u, &cd->lk_s[o + r], &x->p->gamma);
        pasta_fp_mul(&x->den[r], &t, &u);
    }
}

int halo2_lookups_commit_product(prover *p) {
    const halo2_cs *cs = p->cs;
    const size_t n = p->n;
    if (cs->n_lookups == 0) return PASTA_OK;
    pasta_fp *num = malloc(n * sizeof *num), *den = malloc(n * sizeof *den);
    int rc = (num && den) ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    for (int ci = 0; rc == PASTA_OK && ci < p->ncirc; ci++) {
        circuit_data *cd = &p->cd[ci];
        /* every lookup's z (into lk_z_polys, transformed in place below), then the
         * commitments as one batch, then the cosets (halo2's RNG and transcript order) */
        const pasta_fp *zs[HALO2_MAX_LOOKUPS + 1], *blinds[HALO2_MAX_LOOKUPS + 1];
        pasta_vesta_affine c[HALO2_MAX_LOOKUPS + 1];
        for (int l = 0; rc == PASTA_OK && l < cs->n_lookups; l++) {
            const size_t o = (size_t)l * n;
            pasta_fp *z = &cd->lk_z_polys[o];
            lkp_ctx lc = {p, cd, o, num, den};
            halo2_par_for(n, p->nthreads, lkp_rows, &lc);
            rc = pasta_fp_grand_product_par(z, num, den, n, p->threads);
            for (size_t r = n - (size_t)p->blinding; rc == PASTA_OK && r < n; r++)
                rc = halo2_random_fp(p, &z[r]);
            if (rc == PASTA_OK) rc = halo2_random_fp(p, &cd->lk_z_blind[l]);
            zs[l] = z, blinds[l] = &cd->lk_z_blind[l];
        }
        pasta_fp *zp[HALO2_MAX_LOOKUPS], *zc[HALO2_MAX_LOOKUPS];
        for (int l = 0; l < cs->n_lookups; l++)
            zp[l] = &cd->lk_z_polys[(size_t)l * n], zc[l] = &cd->lk_z_cosets[(size_t)l * p->N];
        if (rc == PASTA_OK) /* num: free once the products are done */
            rc = halo2_vanishing_commit_with(p, ci, 1, c, zs, blinds, (size_t)cs->n_lookups,
                                             zp, zc, num);
        for (int l = 0; rc == PASTA_OK && l < cs->n_lookups; l++)
            rc = halo2_write_point(&p->w, &c[l]);
    }
    free(num), free(den);
    return rc;
}

/* acc = acc y + term */
static void fold_vec(const prover *p, pasta_fp *acc, const pasta_fp *term) {
    pasta_fp_vec_scale(acc, acc, &p->y, CHUNK);
    pasta_fp_vec_add(acc, acc, term, CHUNK);
}

/* ---- Prover: the constraints on one chunk (Committed::construct), per lookup:
 *   l_0 (1 − Z), l_last (Z^2 − Z),
 *   active (Z(ωX) (A' + β) (S' + γ) − Z (A_c + β) (S_c + γ)),
 *   l_0 (A' − S'), active (A' − S') (A' − A'(ω^−1 X)),
 * active = 1 − (l_last + l_blind); A_c, S_c the compressed input and table on the coset,
 * from the gate program's slots (run on this chunk already). */
void halo2_lookups_chunk(const prover *p, int ci, long start, eval_scratch *s) {
    const halo2_cs *cs = p->cs;
    const halo2_program *pr = &p->pk->gates;
    const circuit_data *cd = &p->cd[ci];
    const pasta_fp *l0 = &p->pk->l0[start], *l_last = &p->pk->l_last[start],
                   *l_blind = &p->pk->l_blind[start];
    /* every step is an array call over the chunk (pasta_fp_vec_*); 1, β, γ as vectors */
    pasta_fp onev[CHUNK], betav[CHUNK], gammav[CHUNK], active[CHUNK], w1[CHUNK], w2[CHUNK];
    pasta_fp t1[CHUNK], t2[CHUNK];
    pasta_fp *tmp = s->tmp, *acc = s->ps.acc;
    if (cs->n_lookups == 0) return;
    pasta_fp_one(&onev[0]);
    for (int r = 0; r < CHUNK; r++)
        onev[r] = onev[0], betav[r] = p->beta, gammav[r] = p->gamma;
    pasta_fp_vec_add(active, l_last, l_blind, CHUNK);
    pasta_fp_vec_sub(active, onev, active, CHUNK);
    for (int l = 0; l < cs->n_lookups; l++) {
        const halo2_lookup *lk = &cs->lookups[l];
        const pasta_fp *zc = &cd->lk_z_cosets[(size_t)l * p->N];
        const pasta_fp *ac = &cd->lk_a_cosets[(size_t)l * p->N];
        const pasta_fp *z = zc + start, *a = ac + start;
        const pasta_fp *sv = &cd->lk_s_cosets[(size_t)l * p->N + (size_t)start];
        const pasta_fp *znext =
            halo2_window(zc, (long)p->N, start + (long)p->rot_scale, CHUNK, w1);
        const pasta_fp *aprev =
            halo2_window(ac, (long)p->N, start - (long)p->rot_scale, CHUNK, w2);
        compress_slots(p, pr, &s->ps, &pr->lookup_input[l * HALO2_MAX_LOOKUP_WIDTH], lk->n,
                       s->in);
        compress_slots(p, pr, &s->ps, &pr->lookup_table[l * HALO2_MAX_LOOKUP_WIDTH], lk->n,
                       s->tab);
        pasta_fp_vec_sub(tmp, onev, z, CHUNK); /* l_0 (1 − Z) */
        pasta_fp_vec_mul(tmp, tmp, l0, CHUNK);
        fold_vec(p, acc, tmp);
        pasta_fp_vec_mul(tmp, z, z, CHUNK); /* l_last (Z^2 − Z) */
        pasta_fp_vec_sub(tmp, tmp, z, CHUNK);
        pasta_fp_vec_mul(tmp, tmp, l_last, CHUNK);
        fold_vec(p, acc, tmp);
        pasta_fp_vec_add(t1, a, betav, CHUNK); /* left = Z(ωX) (A' + β) (S' + γ) */
        pasta_fp_vec_mul(t1, znext, t1, CHUNK);
        pasta_fp_vec_add(t2, sv, gammav, CHUNK);
        pasta_fp_vec_mul(t1, t1, t2, CHUNK);
        pasta_fp_vec_add(t2, s->in, betav, CHUNK); /* right = Z (A_c + β) (S_c + γ) */
        pasta_fp_vec_mul(t2, z, t2, CHUNK);
        pasta_fp_vec_add(tmp, s->tab, gammav, CHUNK);
        pasta_fp_vec_mul(t2, t2, tmp, CHUNK);
        pasta_fp_vec_sub(tmp, t1, t2, CHUNK); /* active (left − right) */
        pasta_fp_vec_mul(tmp, tmp, active, CHUNK);
        fold_vec(p, acc, tmp);
        pasta_fp_vec_sub(t1, a, sv, CHUNK); /* l_0 (A' − S') */
        pasta_fp_vec_mul(tmp, t1, l0, CHUNK);
        fold_vec(p, acc, tmp);
        pasta_fp_vec_sub(t2, a, aprev, CHUNK); /* active (A' − S') (A' − A'(ω^−1 X)) */
        pasta_fp_vec_mul(t1, t1, t2, CHUNK);
        pasta_fp_vec_mul(tmp, t1, active, CHUNK);
        fold_vec(p, acc, tmp);
    }
}

/* h = h·y + term */
static void fold(const verifier *v, pasta_fp *h, const pasta_fp *term) {
    pasta_fp_mul(h, h, &v->y);
    pasta_fp_add(h, h, term);
}

/* ---- Verifier: Evaluated::expressions at x, each lookup's five in order. */
void halo2_lookups_expressions(const verifier *v, const circ *c, const halo2_lagrange_at_x *l,
                               const pasta_fp *const *in, const pasta_fp *const *tab,
                               pasta_fp *h) {
    const halo2_cs *cs = v->cs;
    pasta_fp one, t, u;
    pasta_fp_one(&one);
    for (int k = 0; k < cs->n_lookups; k++) {
        const halo2_lookup *lk = &cs->lookups[k];
        const pasta_fp *z = &c->lk_z_e[k], *a = &c->lk_a_e[k], *s = &c->lk_s_e[k];
        pasta_fp left, right, cin, ctab;
        /* l_0 (1 − z(x)) */
        pasta_fp_sub(&t, &one, z);
        pasta_fp_mul(&t, &t, &l->l_0);
        fold(v, h, &t);
        /* l_last (z(x)^2 − z(x)) */
        pasta_fp_sqr(&t, z);
        pasta_fp_sub(&t, &t, z);
        pasta_fp_mul(&t, &t, &l->l_last);
        fold(v, h, &t);
        /* active (z(ωx) (A'(x) + β) (S'(x) + γ) − z(x) (θ-compressed inputs + β)
         * (θ-compressed tables + γ)); compression folds acc·θ + eval, first to last */
        pasta_fp_add(&t, a, &v->beta);
        pasta_fp_mul(&left, &c->lk_z_next_e[k], &t);
        pasta_fp_add(&t, s, &v->gamma);
        pasta_fp_mul(&left, &left, &t);
        pasta_fp_zero(&cin);
        pasta_fp_zero(&ctab);
        for (int j = 0; j < lk->n; j++) {
            pasta_fp_mul(&cin, &cin, &v->theta);
            pasta_fp_add(&cin, &cin, in[k * HALO2_MAX_LOOKUP_WIDTH + j]);
            pasta_fp_mul(&ctab, &ctab, &v->theta);
            pasta_fp_add(&ctab, &ctab, tab[k * HALO2_MAX_LOOKUP_WIDTH + j]);
        }
        pasta_fp_add(&t, &cin, &v->beta);
        pasta_fp_mul(&right, z, &t);
        pasta_fp_add(&t, &ctab, &v->gamma);
        pasta_fp_mul(&right, &right, &t);
        pasta_fp_sub(&t, &left, &right);
        pasta_fp_mul(&t, &t, &l->active);
        fold(v, h, &t);
        /* l_0 (A'(x) − S'(x)) */
        pasta_fp_sub(&u, a, s);
        pasta_fp_mul(&t, &u, &l->l_0);
        fold(v, h, &t);
        /* active (A'(x) − S'(x)) (A'(x) − A'(ω^-1 x)) */
        pasta_fp_sub(&t, a, &c->lk_a_inv_e[k]);
        pasta_fp_mul(&t, &t, &u);
        pasta_fp_mul(&t, &t, &l->active);
        fold(v, h, &t);
    }
}
