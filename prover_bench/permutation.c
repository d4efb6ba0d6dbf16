/* The permutation argument (halo2_proofs 0.3.2 plonk/permutation/{prover,verifier}.rs):
 * the prover's products z and their constraints on the extended coset, the verifier's
 * constraints at x. Sets: chunks of degree − 2 permutation columns. */
#include "prover_impl.h"
#include "verifier_impl.h"

#include <stdlib.h>
#include <string.h>

#define CHUNK HALO2_CHUNK

/* ---- Prover: Argument::commit. For each set of chunk columns: num[row] =
 * prod (v + δ^j ω^row β + γ), den[row] = prod (v + β σ_j + γ) (j the column's index in
 * the whole argument), z[0] = last z of the previous set (1 for the first), z[row] =
 * z[row − 1] num[row − 1] / den[row − 1], the last `blinding` rows random; committed with
 * a random blind. */
typedef struct perm_ctx {
    const struct prover *p;
    int ci, lo, hi;
    const pasta_fp *dp;
    pasta_fp *omega_pow; /* beta omega^row: made by the first set's pass (fill) */
    int fill;
    pasta_fp *num, *den;
} perm_ctx;

static void perm_rows(void *vc, size_t r0, size_t r1, int t) {
    const perm_ctx *x = vc;
    const prover *p = x->p;
    const halo2_cs *cs = p->cs;
    const size_t n = p->n;
    (void)t;
    if (x->fill) halo2_powers_segment(x->omega_pow, &p->d->omega, &p->beta, r0, r1);
    for (size_t r = r0; r < r1; r++) {
        pasta_fp nu, de, u;
        pasta_fp_one(&nu);
        pasta_fp_one(&de);
        for (int c = x->lo; c < x->hi; c++) {
            const pasta_fp *v = &halo2_column_values(p, x->ci, cs->perm_columns[c])[r];
            pasta_fp_mul(&u, &p->beta, &p->pk->perm_values[(size_t)c * n + r]);
            pasta_fp_add(&u, &u, &p->gamma);
            pasta_fp_add(&u, &u, v);
            pasta_fp_mul(&de, &de, &u);
            pasta_fp_mul(&u, &x->omega_pow[r], &x->dp[c - x->lo]);
            pasta_fp_add(&u, &u, &p->gamma);
            pasta_fp_add(&u, &u, v);
            pasta_fp_mul(&nu, &nu, &u);
        }
        x->num[r] = nu;
        x->den[r] = de;
    }
}

int halo2_permutation_commit(prover *p) {
    const halo2_cs *cs = p->cs;
    const size_t n = p->n;
    pasta_fp *num = malloc(n * sizeof *num), *den = malloc(n * sizeof *den);
    pasta_fp *omega_pow = malloc(n * sizeof *omega_pow);
    int rc = (num && den && omega_pow) ? PASTA_OK : PASTA_ERR_NO_MEMORY, fill = 1;
    for (int ci = 0; rc == PASTA_OK && ci < p->ncirc; ci++) {
        circuit_data *cd = &p->cd[ci];
        pasta_fp last_z, delta_pow;
        pasta_fp_one(&last_z);
        pasta_fp_one(&delta_pow);
        /* every set's z (into z_polys: turned into coefficients in place below), then
         * their commitments as one batch, then the cosets; the RNG and transcript see
         * halo2's order */
        const pasta_fp *zs[HALO2_MAX_SETS + 1], *blinds[HALO2_MAX_SETS + 1];
        for (int s = 0; rc == PASTA_OK && s < p->nsets; s++) {
            const int lo = s * p->chunk;
            const int hi = lo + p->chunk < cs->n_perm_columns ? lo + p->chunk
                                                              : cs->n_perm_columns;
            pasta_fp dp[HALO2_MAX_COLUMNS];
            for (int c = lo; c < hi; c++) {
                dp[c - lo] = delta_pow;
                pasta_fp_mul(&delta_pow, &delta_pow, &pasta_fp_DELTA);
            }
            pasta_fp *z = &cd->z_polys[(size_t)s * n];
            perm_ctx pc = {p, ci, lo, hi, dp, omega_pow, fill, num, den};
            halo2_par_for(n, p->nthreads, perm_rows, &pc);
            fill = 0;
            rc = pasta_fp_grand_product_par(z, num, den, n, p->threads);
            if (rc != PASTA_OK) break;
            if (s > 0) pasta_fp_vec_scale(z, z, &last_z, n);
            for (size_t r = n - (size_t)p->blinding; rc == PASTA_OK && r < n; r++)
                rc = halo2_random_fp(p, &z[r]);
            if (rc != PASTA_OK) break;
            last_z = z[n - (size_t)(p->blinding + 1)];
            rc = halo2_random_fp(p, &cd->z_blinds[s]);
            zs[s] = z, blinds[s] = &cd->z_blinds[s];
        }
        pasta_vesta_affine c[HALO2_MAX_SETS + 1];
        pasta_fp *zp[HALO2_MAX_SETS], *zc[HALO2_MAX_SETS];
        for (int s = 0; s < p->nsets; s++)
            zp[s] = &cd->z_polys[(size_t)s * n], zc[s] = &cd->z_cosets[(size_t)s * p->N];
        if (rc == PASTA_OK) /* num: free once the products are done */
            rc = halo2_vanishing_commit_with(p, ci, 0, c, zs, blinds, (size_t)p->nsets, zp, zc,
                                             num);
        for (int s = 0; rc == PASTA_OK && s < p->nsets; s++)
            rc = halo2_write_point(&p->w, &c[s]);
    }
    free(num), free(den), free(omega_pow);
    return rc;
}

/* acc = acc y + term */
static void fold_vec(const prover *p, pasta_fp *acc, const pasta_fp *term) {
    pasta_fp_vec_scale(acc, acc, &p->y, CHUNK);
    pasta_fp_vec_add(acc, acc, term, CHUNK);
}

/* ---- Prover: the constraints on one chunk of the coset (Committed::construct), folded
 * into s->ps.acc. */
void halo2_permutation_chunk(const prover *p, int ci, long start, eval_scratch *s) {
    const halo2_cs *cs = p->cs;
    const circuit_data *cd = &p->cd[ci];
    const pasta_fp *l0 = &p->pk->l0[start], *l_last = &p->pk->l_last[start],
                   *l_blind = &p->pk->l_blind[start];
    /* every step is an array call over the chunk (pasta_fp_vec_*); one, γ as vectors */
    pasta_fp onev[CHUNK], gammav[CHUNK], active[CHUNK], t1[CHUNK];
    pasta_fp *tmp = s->tmp, *acc = s->ps.acc, w1[CHUNK];
    if (p->nsets == 0) return;
    pasta_fp_one(&onev[0]);
    for (int r = 0; r < CHUNK; r++) onev[r] = onev[0], gammav[r] = p->gamma;
    /* l_0 (1 − z_0) */
    pasta_fp_vec_sub(tmp, onev, &cd->z_cosets[start], CHUNK);
    pasta_fp_vec_mul(tmp, tmp, l0, CHUNK);
    fold_vec(p, acc, tmp);
    /* l_last (z_l^2 − z_l) */
    {
        const pasta_fp *zl = &cd->z_cosets[(size_t)(p->nsets - 1) * p->N + (size_t)start];
        pasta_fp_vec_mul(tmp, zl, zl, CHUNK);
        pasta_fp_vec_sub(tmp, tmp, zl, CHUNK);
        pasta_fp_vec_mul(tmp, tmp, l_last, CHUNK);
        fold_vec(p, acc, tmp);
    }
    /* l_0 (z_i − z_{i−1}(ω^last X)), i >= 1 */
    const long last = -(long)(p->blinding + 1) * (long)p->rot_scale;
    for (int st = 1; st < p->nsets; st++) {
        const pasta_fp *zi = &cd->z_cosets[(size_t)st * p->N + (size_t)start];
        const pasta_fp *zp = halo2_window(&cd->z_cosets[(size_t)(st - 1) * p->N], (long)p->N,
                                          start + last, CHUNK, w1);
        pasta_fp_vec_sub(tmp, zi, zp, CHUNK);
        pasta_fp_vec_mul(tmp, tmp, l0, CHUNK);
        fold_vec(p, acc, tmp);
    }
    /* active = 1 − (l_last + l_blind) */
    pasta_fp_vec_add(active, l_last, l_blind, CHUNK);
    pasta_fp_vec_sub(active, onev, active, CHUNK);
    /* (1 − (l_last + l_blind)) (z_i(ωX) prod (p + β σ + γ) − z_i(X) prod (p + δ^j β X + γ)) */
    pasta_fp x0; /* X at the chunk's first point: ζ ext_ω^start, times β */
    halo2_fp_pow_u64(&x0, &p->d->ext_omega, (uint64_t)start);
    pasta_fp_mul(&x0, &x0, &p->d->zeta);
    pasta_fp_mul(&x0, &x0, &p->beta);
    pasta_fp delta_pow;
    pasta_fp_one(&delta_pow);
    for (int st = 0; st < p->nsets; st++) {
        const int lo = st * p->chunk;
        const int hi = lo + p->chunk < cs->n_perm_columns ? lo + p->chunk : cs->n_perm_columns;
        const pasta_fp *z = &cd->z_cosets[(size_t)st * p->N];
        const pasta_fp *znext =
            halo2_window(z, (long)p->N, start + (long)p->rot_scale, CHUNK, w1);
        pasta_fp left[CHUNK], right[CHUNK], bx[CHUNK]; /* bx: β X δ^j */
        memcpy(left, znext, sizeof left);
        memcpy(right, &z[start], sizeof right);
        bx[0] = x0;
        for (int r = 1; r < CHUNK; r++) pasta_fp_mul(&bx[r], &bx[r - 1], &p->d->ext_omega);
        pasta_fp_vec_scale(bx, bx, &delta_pow, CHUNK);
        for (int c = lo; c < hi; c++) {
            const pasta_fp *v = halo2_column_coset(p, ci, cs->perm_columns[c]) + start;
            const pasta_fp *sig = &p->pk->perm_cosets[(size_t)c * p->N + (size_t)start];
            pasta_fp_vec_scale(t1, sig, &p->beta, CHUNK); /* left *= β σ + p + γ */
            pasta_fp_vec_add(t1, t1, v, CHUNK);
            pasta_fp_vec_add(t1, t1, gammav, CHUNK);
            pasta_fp_vec_mul(left, left, t1, CHUNK);
            pasta_fp_vec_add(t1, v, bx, CHUNK); /* right *= p + β X δ^j + γ */
            pasta_fp_vec_add(t1, t1, gammav, CHUNK);
            pasta_fp_vec_mul(right, right, t1, CHUNK);
            pasta_fp_vec_scale(bx, bx, &pasta_fp_DELTA, CHUNK);
            pasta_fp_mul(&delta_pow, &delta_pow, &pasta_fp_DELTA);
        }
        pasta_fp_vec_sub(tmp, left, right, CHUNK);
        pasta_fp_vec_mul(tmp, tmp, active, CHUNK);
        fold_vec(p, acc, tmp);
    }
}

/* h = h·y + term (vanishing/verifier.rs: expressions.fold(0, |h, v| h * y + v)) */
static void fold(const verifier *v, pasta_fp *h, const pasta_fp *term) {
    pasta_fp_mul(h, h, &v->y);
    pasta_fp_add(h, h, term);
}

/* ---- Verifier: Evaluated::expressions at x. */
void halo2_permutation_expressions(const verifier *v, const circ *c,
                                   const halo2_lagrange_at_x *l, pasta_fp *h) {
    const halo2_cs *cs = v->cs;
    pasta_fp one, t, u;
    pasta_fp_one(&one);
    if (v->nsets == 0) return;
    /* l_0 (1 − z_0(x)) */
    pasta_fp_sub(&t, &one, &c->perm_e[0]);
    pasta_fp_mul(&t, &t, &l->l_0);
    fold(v, h, &t);
    /* l_last (z_l(x)^2 − z_l(x)) */
    const pasta_fp *zl = &c->perm_e[v->nsets - 1];
    pasta_fp_sqr(&t, zl);
    pasta_fp_sub(&t, &t, zl);
    pasta_fp_mul(&t, &t, &l->l_last);
    fold(v, h, &t);
    /* l_0 (z_i(x) − z_{i−1}(ω^−(blinding+1) x)) for i ≥ 1 */
    for (int s = 1; s < v->nsets; s++) {
        pasta_fp_sub(&t, &c->perm_e[s], &c->perm_last_e[s - 1]);
        pasta_fp_mul(&t, &t, &l->l_0);
        fold(v, h, &t);
    }
    /* (1 − (l_last + l_blind)) (z_i(ωx) Π (p + β σ + γ) − z_i(x) Π (p + δ^j β x + γ)) */
    pasta_fp delta_pow = one;
    for (int s = 0; s < v->nsets; s++) {
        pasta_fp left = c->perm_next_e[s], right = c->perm_e[s], cur;
        int lo = s * v->chunk, hi = lo + v->chunk;
        if (hi > cs->n_perm_columns) hi = cs->n_perm_columns;
        /* current_delta = β x δ^(s · chunk) */
        pasta_fp_mul(&cur, &v->beta, &v->x);
        pasta_fp_mul(&cur, &cur, &delta_pow);
        for (int j = lo; j < hi; j++) {
            const pasta_fp *p = halo2_verifier_column_eval(v, c, cs->perm_columns[j]);
            pasta_fp_mul(&u, &v->beta, &v->sigma_e[j]);
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
        pasta_fp_mul(&t, &t, &l->active);
        fold(v, h, &t);
    }
}
