/* IPA commitments (halo2_proofs 0.3.2 poly/commitment.rs and
 * poly/commitment/{prover,verifier}.rs): the commitment key with its fixed-base tables,
 * the prover's inner-product argument and the verifier's, which ends the final MSM. */
#include "prover_impl.h"
#include "verifier_impl.h"

#include <stdlib.h>
#include <string.h>

/* ---- The commitment key. */

void halo2_commit_key_free(halo2_commit_key *ck) {
    free(ck->g_table);
    free(ck->lagrange_table);
    memset(ck, 0, sizeof *ck);
}

int halo2_commit_key_init(halo2_commit_key *ck, const halo2_params *p, int c, int threads) {
    memset(ck, 0, sizeof *ck);
    if (p == NULL || p->g == NULL || p->g_lagrange == NULL) return PASTA_ERR_INVALID_ARG;
    const size_t n = p->n;
    const size_t bytes = pasta_vesta_msm_fixed_size(n + 1, c);
    if (bytes == 0) return PASTA_ERR_INVALID_ARG;
    pasta_vesta_affine *bases = malloc((n + 1) * sizeof *bases);
    ck->g_table = aligned_alloc(64, (bytes + 63) / 64 * 64);
    ck->lagrange_table = aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (bases == NULL || ck->g_table == NULL || ck->lagrange_table == NULL) {
        free(bases);
        halo2_commit_key_free(ck);
        return PASTA_ERR_NO_MEMORY;
    }
    ck->params = p;
    ck->n = n;
    ck->table_bytes = bytes;
    memcpy(bases, p->g, n * sizeof *bases);
    bases[n] = p->w;
    int rc = pasta_vesta_msm_fixed_build(ck->g_table, bytes, bases, n + 1, c, threads);
    if (rc == PASTA_OK) {
        memcpy(bases, p->g_lagrange, n * sizeof *bases);
        rc = pasta_vesta_msm_fixed_build(ck->lagrange_table, bytes, bases, n + 1, c, threads);
    }
    free(bases);
    if (rc != PASTA_OK) halo2_commit_key_free(ck);
    return rc;
}

static int ck_commit_table(const halo2_commit_key *ck, const pasta_vesta_msm_table *table,
                           pasta_vesta_affine *r, const pasta_fp *v, const pasta_fp *blind,
                           int threads) {
    pasta_fp *s = malloc((ck->n + 1) * sizeof *s);
    if (s == NULL) return PASTA_ERR_NO_MEMORY;
    memcpy(s, v, ck->n * sizeof *s);
    s[ck->n] = *blind;
    pasta_vesta_jacobian j;
    int rc = pasta_vesta_msm_fixed_var(&j, table, s, ck->n + 1, threads);
    free(s);
    if (rc == PASTA_OK) pasta_vesta_to_affine_var(r, &j);
    return rc;
}

void halo2_ck_scalars(const halo2_commit_key *ck, pasta_fp *s, const pasta_fp *const *vals,
                      const pasta_fp *const *blinds, size_t count) {
    for (size_t i = 0; i < count; i++) {
        memcpy(s + i * (ck->n + 1), vals[i], ck->n * sizeof *s);
        s[i * (ck->n + 1) + ck->n] = *blinds[i];
    }
}

/* r[j] = sum vals[j][i] base[i] + blinds[j] w, j < count, as one batch: pasta's
 * msm_fixed_var_many (whole MSMs one per thread while at least T are left). */
static int ck_commit_many_table(const halo2_commit_key *ck, const pasta_vesta_msm_table *table,
                                pasta_vesta_affine *r, const pasta_fp *const *vals,
                                const pasta_fp *const *blinds, size_t count, int threads) {
    const size_t m = ck->n + 1;
    if (count == 0) return PASTA_OK;
    pasta_fp *s = malloc(count * m * sizeof *s);
    pasta_vesta_jacobian *j = malloc(count * sizeof *j);
    int rc = s && j ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    if (rc == PASTA_OK) halo2_ck_scalars(ck, s, vals, blinds, count);
    if (rc == PASTA_OK) rc = pasta_vesta_msm_fixed_var_many(j, table, s, count, m, threads);
    for (size_t i = 0; rc == PASTA_OK && i < count; i++)
        pasta_vesta_to_affine_var(&r[i], &j[i]);
    free(s), free(j);
    return rc;
}

int halo2_ck_commit_many(const halo2_commit_key *ck, pasta_vesta_affine *r,
                         const pasta_fp *const *coeffs, const pasta_fp *const *blinds,
                         size_t count, int threads) {
    return ck_commit_many_table(ck, ck->g_table, r, coeffs, blinds, count, threads);
}

int halo2_ck_commit_lagrange_many(const halo2_commit_key *ck, pasta_vesta_affine *r,
                                  const pasta_fp *const *values, const pasta_fp *const *blinds,
                                  size_t count, int threads) {
    return ck_commit_many_table(ck, ck->lagrange_table, r, values, blinds, count, threads);
}

int halo2_ck_commit(const halo2_commit_key *ck, pasta_vesta_affine *r, const pasta_fp *coeffs,
                    const pasta_fp *blind, int threads) {
    return ck_commit_table(ck, ck->g_table, r, coeffs, blind, threads);
}

int halo2_ck_commit_lagrange(const halo2_commit_key *ck, pasta_vesta_affine *r,
                             const pasta_fp *values, const pasta_fp *blind, int threads) {
    return ck_commit_table(ck, ck->lagrange_table, r, values, blind, threads);
}

/* ---- Prover (poly/commitment/prover.rs create_proof). */

/* L or R of one IPA round: sum scalars[i] bases[i] (i < half) + [vz] u + [rand] w. */
static int ipa_side(const prover *p, pasta_vesta_affine *r, const pasta_vesta_affine *bases,
                    const pasta_fp *scalars, size_t half, const pasta_fp *vz,
                    const pasta_fp *rand, pasta_vesta_affine *bscratch, pasta_fp *sscratch,
                    int threads) {
    memcpy(bscratch, bases, half * sizeof *bscratch);
    memcpy(sscratch, scalars, half * sizeof *sscratch);
    bscratch[half] = p->ck->params->u;
    bscratch[half + 1] = p->ck->params->w;
    sscratch[half] = *vz;
    sscratch[half + 1] = *rand;
    pasta_vesta_jacobian j;
    TRY(pasta_vesta_msm_var(&j, bscratch, sscratch, half + 2, threads));
    pasta_vesta_to_affine_var(r, &j);
    return PASTA_OK;
}

/* L and R of a round: [p_hi, vl, lr] over [g_lo, u, w] and [p_lo, vr, rr] over [g_hi,
 * u, w], laid out one after the other (half + 2 each) and computed as one
 * msm_var_many batch. */
static int ipa_sides(const prover *p, pasta_vesta_affine *L, pasta_vesta_affine *R,
                     const pasta_vesta_affine *g, const pasta_fp *pp, size_t half,
                     const pasta_fp *vl, const pasta_fp *vr, const pasta_fp *lr,
                     const pasta_fp *rr, pasta_vesta_affine *bscratch, pasta_fp *sscratch) {
    const size_t m = half + 2;
    const pasta_vesta_affine *gs[2] = {g, &g[half]};
    const pasta_fp *ps[2] = {&pp[half], pp}, *vs[2] = {vl, vr}, *rs[2] = {lr, rr};
    for (int k = 0; k < 2; k++) {
        memcpy(bscratch + k * m, gs[k], half * sizeof *bscratch);
        memcpy(sscratch + k * m, ps[k], half * sizeof *sscratch);
        bscratch[k * m + half] = p->ck->params->u;
        bscratch[k * m + half + 1] = p->ck->params->w;
        sscratch[k * m + half] = *vs[k];
        sscratch[k * m + half + 1] = *rs[k];
    }
    pasta_vesta_jacobian j[2];
    TRY(pasta_vesta_msm_var_many(j, bscratch, sscratch, 2, m, p->threads));
    pasta_vesta_to_affine_var(L, &j[0]);
    pasta_vesta_to_affine_var(R, &j[1]);
    return PASTA_OK;
}

/* L and R of a round whose halves are small (fewer than IPA_PAIR_BELOW points): the two
 * MSMs as two tasks of one region, one thread each (a split MSM of a few points costs
 * more in fork, join and reduction than it saves); the caller takes the second task too
 * if no worker has started it, so a worker late on a busy CPU costs at most one small
 * MSM. Larger halves: one msm_var_many batch (on 2 threads an MSM a thread, on more each
 * split by windows). */
#define IPA_PAIR_BELOW 256
typedef struct lr_ctx {
    const prover *p;
    pasta_vesta_affine *out[2];
    const pasta_vesta_affine *bases[2];
    const pasta_fp *scalars[2], *v[2], *rand[2];
    pasta_vesta_affine *bscratch;
    pasta_fp *sscratch;
    size_t half, cap; /* cap: scratch entries per side */
    int rc[2];
} lr_ctx;
static void lr_sides(void *vc, size_t lo, size_t hi, int t) {
    lr_ctx *x = vc;
    (void)t;
    for (size_t i = lo; i < hi; i++)
        x->rc[i] = ipa_side(x->p, x->out[i], x->bases[i], x->scalars[i], x->half, x->v[i],
                            x->rand[i], x->bscratch + i * x->cap, x->sscratch + i * x->cap, 1);
}

/* g[i] = g[i] + [u] g[i + half], i < half (parallel_generator_collapse): pasta's
 * fold_var, one recoding of u shared by the points, batch-affine steps (small folds:
 * Jacobian chains, spread over the threads down to a point each). */
static int fold_generators(const prover *p, pasta_vesta_affine *g, size_t half,
                           const pasta_fp *u) {
    return pasta_vesta_fold_var(g, g, &g[half], half, u, p->threads);
}

/* The scalar side of an IPA round, in ranges of j < next (next = half / 2; 0 ranges:
 * half = 1): with `fold`, p[i] += uinv p[i + half] and b[i] += u b[i + half] for i = j and
 * j + next (the round's fold, halo2's p_prime / b folds), then the next round's inner
 * products' terms: vl += p[next + j] b[j], vr += p[j] b[next + j]. Field sums are exact:
 * the same values whatever the split. */
#define IPA_SCALAR_MIN 256 /* items below which the calling thread alone */
typedef struct ipa_scalars_ctx {
    pasta_fp *p, *b;
    pasta_fp u, uinv;
    size_t half, next;
    int fold;
    pasta_fp vl[256], vr[256]; /* per range (halo2_par_for: at most 256) */
} ipa_scalars_ctx;
static void ipa_scalar_range(void *vc, size_t lo, size_t hi, int t) {
    ipa_scalars_ctx *x = vc;
    pasta_fp vl, vr, m, pv, bv;
    pasta_fp_zero(&vl);
    pasta_fp_zero(&vr);
    for (size_t j = lo; j < hi; j++) {
        if (x->fold)
            for (size_t i = j; i < x->half; i += x->next) {
                pv = x->p[i + x->half]; /* local operands: clang's asm register budget */
                pasta_fp_mul(&m, &pv, &x->uinv);
                pasta_fp_add(&x->p[i], &x->p[i], &m);
                bv = x->b[i + x->half];
                pasta_fp_mul(&m, &bv, &x->u);
                pasta_fp_add(&x->b[i], &x->b[i], &m);
            }
        pv = x->p[x->next + j], bv = x->b[j];
        pasta_fp_mul(&m, &pv, &bv);
        pasta_fp_add(&vl, &vl, &m);
        pv = x->p[j], bv = x->b[x->next + j];
        pasta_fp_mul(&m, &pv, &bv);
        pasta_fp_add(&vr, &vr, &m);
    }
    x->vl[t] = vl, x->vr[t] = vr;
}
/* Folds p and b of a round of `half` (fold: u, uinv) or none (the first round: half = n),
 * and returns the next round's inner products in *vl, *vr (half >= 2). */
static void ipa_scalars(const prover *p, pasta_fp *pp, pasta_fp *b, size_t half, int fold,
                        const pasta_fp *u, const pasta_fp *uinv, pasta_fp *vl, pasta_fp *vr) {
    ipa_scalars_ctx x;
    x.p = pp, x.b = b, x.half = half, x.next = half / 2, x.fold = fold;
    if (fold) x.u = *u, x.uinv = *uinv;
    if (x.next == 0) { /* half = 1: the last fold only */
        pasta_fp m, pv = pp[1], bv = b[1];
        pasta_fp_mul(&m, &pv, uinv);
        pasta_fp_add(&pp[0], &pp[0], &m);
        pasta_fp_mul(&m, &bv, u);
        pasta_fp_add(&b[0], &b[0], &m);
        return;
    }
    int T = x.next < IPA_SCALAR_MIN ? 1 : p->nthreads;
    if (T > 256) T = 256;
    if (T > (int)x.next) T = (int)x.next;
    if (T <= 1) ipa_scalar_range(&x, 0, x.next, 0), T = 1;
    else halo2_par_for(x.next, T, ipa_scalar_range, &x);
    *vl = x.vl[0], *vr = x.vr[0];
    for (int t = 1; t < T; t++) pasta_fp_add(vl, vl, &x.vl[t]), pasta_fp_add(vr, vr, &x.vr[t]);
}

/* s(x) and p(x) together, in ranges: per range the two partial sums (its coefficients
 * evaluated, times x^lo), added in range order by the caller (exact: the same values
 * whatever the split). */
typedef struct eval2_ctx {
    const pasta_fp *a[2];
    pasta_fp x;
    pasta_fp part[2][256]; /* per range (halo2_par_for: at most 256) */
} eval2_ctx;
static void eval2_range(void *vc, size_t lo, size_t hi, int t) {
    eval2_ctx *c = vc;
    for (int k = 0; k < 2; k++)
        halo2_poly_eval_segment(&c->part[k][t], c->a[k], lo, hi, &c->x);
}

/* The work between the two evaluations and x_i (items of one region): [s(x3)] g[0] (its
 * correction of s's commitment, constant time), G's copy, and b[i] = x3^i in ranges
 * (each from x3^lo). */
#define IPA_POWER_ITEMS 8
typedef struct ipa_start_ctx {
    const prover *p;
    const halo2_ipa_s *s;
    const pasta_fp *s_at_x3, *x3;
    pasta_vesta_affine *c, *g;
    pasta_fp *b;
    size_t n;
} ipa_start_ctx;
static void ipa_start_item(void *vc, size_t i) {
    const ipa_start_ctx *x = vc;
    if (i == 0) { /* commit(s) - [s(x3)] g[0]: the commitment of s - s(x3), by linearity */
        pasta_vesta_jacobian cj, tj;
        pasta_vesta_from_affine(&tj, &x->p->ck->params->g[0]);
        pasta_vesta_mul(&tj, &tj, x->s_at_x3);
        pasta_vesta_neg(&tj, &tj);
        pasta_vesta_from_affine(&cj, &x->s->commit);
        pasta_vesta_add(&cj, &cj, &tj);
        pasta_vesta_to_affine(x->c, &cj);
    } else if (i == 1) {
        memcpy(x->g, x->p->ck->params->g, x->n * sizeof *x->g);
    } else {
        halo2_powers_segment(x->b, x->x3, NULL, (i - 2) * x->n / IPA_POWER_ITEMS,
                             (i - 1) * x->n / IPA_POWER_ITEMS);
    }
}

/* s: n random coefficients, then its blind (create_proof's draws, in its order); the
 * commitment is the caller's (s->commit). */
int halo2_ipa_draw_s(prover *p, halo2_ipa_s *s) {
    int rc = halo2_random_poly(p, s->poly, p->n);
    return rc == PASTA_OK ? halo2_random_fp(p, &s->blind) : rc;
}

/* halo2's start: s(x3); s' = s - s(x3) committed; x_i, z; p' = p + x_i s'; v = p'(x3);
 * p'[0] -= v. Here s'(x3) = 0, so v = p(x3): s and p are evaluated in one region before
 * x_i, and p' needs no evaluation of its own. The same values. */
int halo2_ipa_prove(prover *p, pasta_fp *p_poly, const pasta_fp *p_blind, const pasta_fp *x3,
                    halo2_ipa_s *s) {
    const size_t n = p->n;
    const int k = (int)p->ck->params->k;
    pasta_fp *s_poly = s->poly, *b = malloc(n * sizeof *b);
    pasta_fp *sscratch = malloc(2 * (n / 2 + 2) * sizeof *sscratch);
    pasta_vesta_affine *g = malloc(n * sizeof *g),
                       *bscratch = malloc(2 * (n / 2 + 2) * sizeof *bscratch);
    int rc = (b && sscratch && g && bscratch) ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    pasta_fp s_at_x3, p_at_x3, xi, z, f, t;
    pasta_vesta_affine c;
    pasta_fp vl, vr; /* the round's inner products <p_hi, b_lo>, <p_lo, b_hi> */
    pasta_fp_zero(&vl);
    pasta_fp_zero(&vr);
    if (rc == PASTA_OK) {
        eval2_ctx ec;
        ec.a[0] = s_poly, ec.a[1] = p_poly, ec.x = *x3;
        int T = n < IPA_SCALAR_MIN ? 1 : p->nthreads;
        if (T > 256) T = 256;
        halo2_par_for(n, T, eval2_range, &ec);
        if (T > (int)n) T = (int)n;
        s_at_x3 = ec.part[0][0], p_at_x3 = ec.part[1][0];
        for (int r = 1; r < T; r++)
            pasta_fp_add(&s_at_x3, &s_at_x3, &ec.part[0][r]),
                pasta_fp_add(&p_at_x3, &p_at_x3, &ec.part[1][r]);
        ipa_start_ctx ic = {p, s, &s_at_x3, x3, &c, g, b, n};
        (void)pasta_parallel_items(2 + IPA_POWER_ITEMS, p->threads, ipa_start_item, &ic);
        rc = halo2_write_point(&p->w, &c);
    }
    if (rc == PASTA_OK) {
        halo2_transcript_squeeze_challenge(&p->w.t, &xi);
        halo2_transcript_squeeze_challenge(&p->w.t, &z);
        /* p' = p + x_i (s - s(x3)), p'[0] -= p'(x3) = p(x3) */
        pasta_fp_sub(&s_poly[0], &s_poly[0], &s_at_x3);
        rc = pasta_fp_poly_add_scaled(p_poly, &xi, s_poly, n, p->threads);
    }
    if (rc == PASTA_OK) {
        pasta_fp_sub(&p_poly[0], &p_poly[0], &p_at_x3);
        pasta_fp_mul(&f, &s->blind, &xi);
        pasta_fp_add(&f, &f, p_blind);
        ipa_scalars(p, p_poly, b, n, 0, NULL, NULL, &vl, &vr);
    }
    for (int j = 0; rc == PASTA_OK && j < k; j++) {
        const size_t half = (size_t)1 << (k - j - 1);
        pasta_fp lr, rr, u, uinv;
        pasta_vesta_affine L, R;
        rc = halo2_random_fp(p, &lr);
        if (rc == PASTA_OK) rc = halo2_random_fp(p, &rr);
        if (rc != PASTA_OK) break;
        pasta_fp_mul(&vl, &vl, &z);
        pasta_fp_mul(&vr, &vr, &z);
        if (p->nthreads > 1 && half < IPA_PAIR_BELOW) {
            lr_ctx x = {p,
                        {&L, &R},
                        {g, &g[half]},
                        {&p_poly[half], p_poly},
                        {&vl, &vr},
                        {&lr, &rr},
                        bscratch,
                        sscratch,
                        half,
                        n / 2 + 2,
                        {PASTA_OK, PASTA_OK}};
            halo2_par_for(2, 2, lr_sides, &x);
            rc = x.rc[0] != PASTA_OK ? x.rc[0] : x.rc[1];
        } else {
            /* both MSMs as one batch on all threads: whole MSMs on 2 threads, split by
             * windows on more, their tasks claimed one by one from one region, their
             * final combinations one per thread (docs/PARALLEL.md) */
            rc = ipa_sides(p, &L, &R, g, p_poly, half, &vl, &vr, &lr, &rr, bscratch, sscratch);
        }
        if (rc == PASTA_OK) rc = halo2_write_point(&p->w, &L);
        if (rc == PASTA_OK) rc = halo2_write_point(&p->w, &R);
        if (rc != PASTA_OK) break;
        halo2_transcript_squeeze_challenge(&p->w.t, &u);
        pasta_fp_invert_var(&uinv, &u);
        /* p and b folded with the next round's inner products */
        ipa_scalars(p, p_poly, b, half, 1, &u, &uinv, &vl, &vr);
        if (half > 1) rc = fold_generators(p, g, half, &u); /* the last G is never read */
        pasta_fp_mul(&t, &lr, &uinv);
        pasta_fp_add(&f, &f, &t);
        pasta_fp_mul(&t, &rr, &u);
        pasta_fp_add(&f, &f, &t);
    }
    if (rc == PASTA_OK) rc = halo2_write_scalar(&p->w, &p_poly[0]);
    if (rc == PASTA_OK) rc = halo2_write_scalar(&p->w, &f);
    free(b), free(sscratch), free(g), free(bscratch);
    return rc;
}

/* ---- Verifier (poly/commitment/verifier.rs verify_proof, then guard.use_challenges()
 * and the check that the final MSM is the identity). */

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

static void msm_add(halo2_final_msm *m, const pasta_fp *s, const pasta_vesta_affine *p) {
    m->sc[m->m] = *s;
    m->bs[m->m++] = p;
}

int halo2_ipa_verify(verifier *v, halo2_final_msm *msm, const pasta_fp *val,
                     const pasta_fp *x3) {
    const size_t n = v->n;
    const int k = (int)v->params->k;
    if (msm->m + 1 + 2 * (size_t)k + n + 2 > msm->cap) return HALO2_ERR_INTERNAL;
    pasta_vesta_affine *lr = malloc(2 * (size_t)k * sizeof *lr);
    pasta_fp *u = malloc((size_t)k * sizeof *u), *uinv = malloc((size_t)k * sizeof *uinv);
    pasta_fp *s_vec = malloc(n * sizeof *s_vec);
    int rc = lr && u && uinv && s_vec ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    pasta_fp xi, z, c, f, neg_c, b, one, t;
    pasta_vesta_affine s_poly;
    pasta_fp_one(&one);
    /* s with ξ; z; k rounds of L, R and u_j; c, f */
    if (rc == PASTA_OK) rc = halo2_read_point(&v->r, &s_poly);
    if (rc == PASTA_OK) {
        halo2_transcript_squeeze_challenge(&v->t, &xi);
        msm_add(msm, &xi, &s_poly);
        halo2_transcript_squeeze_challenge(&v->t, &z);
    }
    for (int j = 0; rc == PASTA_OK && j < k; j++) {
        rc = halo2_read_point(&v->r, &lr[2 * j]);
        if (rc == PASTA_OK) rc = halo2_read_point(&v->r, &lr[2 * j + 1]);
        if (rc == PASTA_OK) halo2_transcript_squeeze_challenge(&v->t, &u[j]);
    }
    if (rc == PASTA_OK) rc = pasta_fp_batch_invert(uinv, u, (size_t)k);
    if (rc == PASTA_OK) rc = halo2_read_scalar(&v->r, &c);
    if (rc == PASTA_OK) rc = halo2_read_scalar(&v->r, &f);
    if (rc == PASTA_OK &&
        v->r.pos != v->r.len) /* halo2 leaves trailing bytes unread; pasta rejects them */
        rc = halo2_reader_fault(&v->r, HALO2_FAULT_TRAILING);
    if (rc == PASTA_OK) {
        for (int j = 0; j < k; j++) {
            msm_add(msm, &uinv[j], &lr[2 * j]);
            msm_add(msm, &u[j], &lr[2 * j + 1]);
        }
        pasta_fp_neg(&neg_c, &c);
        /* b = Π_i (1 + u_{k−1−i} x3^(2^i)) */
        pasta_fp cur = *x3;
        b = one;
        for (int j = k - 1; j >= 0; j--) {
            pasta_fp_mul(&t, &u[j], &cur);
            pasta_fp_add(&t, &t, &one);
            pasta_fp_mul(&b, &b, &t);
            pasta_fp_sqr(&cur, &cur);
        }
        /* use_challenges: s_0 = −c, s[i + len] = s[i] u_{k−1−j} (len = 2^j); g scalars
         * s, and [−v] on G_0 */
        s_vec[0] = neg_c;
        for (int j = 0; j < k; j++) {
            const size_t len = (size_t)1 << j;
            for (size_t i = 0; i < len; i++)
                pasta_fp_mul(&s_vec[len + i], &s_vec[i], &u[k - 1 - j]);
        }
        pasta_fp_sub(&s_vec[0], &s_vec[0], val);
        for (size_t i = 0; i < n; i++) msm_add(msm, &s_vec[i], &v->params->g[i]);
        /* w: −f; u: −c b z */
        pasta_fp_neg(&t, &f);
        msm_add(msm, &t, &v->params->w);
        pasta_fp_mul(&t, &neg_c, &b);
        pasta_fp_mul(&t, &t, &z);
        msm_add(msm, &t, &v->params->u);
        const int id = msm_is_identity(msm->sc, msm->bs, msm->m);
        rc = id < 0 ? PASTA_ERR_NO_MEMORY : id ? PASTA_OK : HALO2_ERR_VERIFY;
    }
    free(lr), free(u), free(uinv), free(s_vec);
    return rc;
}
