/* prover_bench/prover.h: halo2_proofs 0.3.2's create_proof (plonk/prover.rs), phase by
 * phase in halo2's order; the parts are in permutation.c, lookup.c, vanishing.c,
 * multiopen.c and commitment.c (prover_impl.h). Here: the DRBG, the proof writer, the
 * instance and advice phase, the evaluations, the proof's size and create_proof. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "multiopen.h"
#include "prover_impl.h"

#include <omp.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *const halo2_phase_names[HALO2_NUM_PHASES] = {
    "advice",   "lookups",     "permutation", "quotient_ntt", "gates",
    "h_commit", "evaluations", "multiopen",   "ipa"};

/* Phase clock: the calling thread's CPU time on one thread (immune to other processes)
 * and in a traced run (prover_bench/par.h), wall time with more. */
static double now_ns(int nthreads) {
    struct timespec ts;
    clock_gettime(
        nthreads > 1 && !halo2_trace_on() ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

int halo2_resolve_threads(int threads) {
    const int t = threads > 0 ? threads : omp_get_max_threads();
    return t < HALO2_MAX_THREADS ? t : HALO2_MAX_THREADS;
}

/* ---- The DRBG. */

void halo2_drbg_init(halo2_drbg *d, const uint8_t seed[32]) {
    memcpy(d->seed, seed, 32);
    d->block = 0;
    d->pos = sizeof d->buf;
    d->threads = 1;
}

/* out = block i of the stream: randombytes_buf_deterministic(1024, seed_i). */
static void drbg_block(const halo2_drbg *d, uint64_t i, uint8_t out[1024]) {
    uint8_t msg[8], block_seed[randombytes_SEEDBYTES];
    for (int b = 0; b < 8; b++) msg[b] = (uint8_t)(i >> (8 * b));
    crypto_generichash_blake2b(block_seed, sizeof block_seed, msg, sizeof msg, d->seed,
                               sizeof d->seed);
    randombytes_buf_deterministic(out, 1024, block_seed);
    sodium_memzero(block_seed, sizeof block_seed);
}

typedef struct drbg_blocks_ctx {
    const halo2_drbg *d;
    uint8_t *out;
} drbg_blocks_ctx;
static void drbg_blocks(void *vc, size_t lo, size_t hi, int t) {
    const drbg_blocks_ctx *x = vc;
    (void)t;
    for (size_t j = lo; j < hi; j++) drbg_block(x->d, x->d->block + j, x->out + 1024 * j);
}

int halo2_drbg_fill(void *drbg, uint8_t *buf, size_t len) {
    halo2_drbg *d = drbg;
    while (len > 0) {
        const size_t whole = len / sizeof d->buf;
        if (d->pos == sizeof d->buf && whole >= HALO2_DRBG_PAR_BLOCKS && d->threads != 1) {
            /* whole blocks straight into buf, on the threads */
            drbg_blocks_ctx x = {d, buf};
            (void)pasta_parallel_ranges(whole, d->threads, drbg_blocks, &x);
            d->block += whole;
            buf += whole * sizeof d->buf;
            len -= whole * sizeof d->buf;
            continue;
        }
        if (d->pos == sizeof d->buf) {
            drbg_block(d, d->block++, d->buf);
            d->pos = 0;
        }
        size_t take = sizeof d->buf - d->pos;
        if (take > len) take = len;
        memcpy(buf, d->buf + d->pos, take);
        d->pos += take;
        buf += take;
        len -= take;
    }
    return 0;
}

/* ---- Proof writing (transcript.rs Blake2bWrite::write_point / write_scalar). */

int halo2_write_point(halo2_writer *w, const pasta_vesta_affine *p) {
    if (w->cap - w->pos < 32) return PASTA_ERR_INVALID_ARG;
    /* halo2: "cannot write points at infinity to the transcript" */
    TRY(halo2_transcript_common_point(&w->t, p));
    pasta_vesta_affine_to_bytes(w->out + w->pos, p);
    w->pos += 32;
    return PASTA_OK;
}

int halo2_write_scalar(halo2_writer *w, const pasta_fp *s) {
    if (w->cap - w->pos < 32) return PASTA_ERR_INVALID_ARG;
    halo2_transcript_common_scalar(&w->t, s);
    pasta_fp_to_bytes(w->out + w->pos, s);
    w->pos += 32;
    return PASTA_OK;
}

/* ---- The prover's helpers (prover_impl.h). */

void halo2_phase_end(prover *p, int phase) {
    double t = now_ns(p->nthreads);
    if (p->timings) p->timings->ns[phase] += t - p->t0;
    if (halo2_trace_on()) {
        char line[64];
        snprintf(line, sizeof line, "P %s %.0f\n", halo2_phase_names[phase], t - p->t0);
        halo2_trace_line(line);
    }
    p->t0 = t;
}

int halo2_random_fp(prover *p, pasta_fp *r) {
    return pasta_fp_random(r, p->rng, p->rng_ctx) == PASTA_OK ? PASTA_OK : PASTA_ERR_RNG;
}

/* s[i] = the element of bytes u[64 i, 64 i + 64) (pasta_fp_random's map). */
typedef struct uniform_ctx {
    pasta_fp *s;
    const uint8_t *u;
} uniform_ctx;
static void uniform_range(void *vc, size_t lo, size_t hi, int t) {
    const uniform_ctx *x = vc;
    (void)t;
    for (size_t i = lo; i < hi; i++) pasta_fp_from_uniform_bytes(&x->s[i], &x->u[64 * i]);
}

/* n random elements as n pasta_fp_random calls would make them (64 bytes of the RNG each,
 * in order), the RNG's bytes drawn in one call and mapped in parallel: the same elements
 * for an RNG that is a byte stream (halo2_drbg_fill), which the proofs' bytes
 * (tests/vectors) rely on. */
int halo2_random_poly(prover *p, pasta_fp *s, size_t n) {
    uint8_t *u = malloc(64 * n);
    if (u == NULL) return PASTA_ERR_NO_MEMORY;
    int rc = p->rng(p->rng_ctx, u, 64 * n) == 0 ? PASTA_OK : PASTA_ERR_RNG;
    if (rc == PASTA_OK) {
        uniform_ctx x = {s, u};
        halo2_par_for(n, p->nthreads, uniform_range, &x);
    }
    sodium_memzero(u, 64 * n);
    free(u);
    return rc;
}

void halo2_poly_eval_segment(pasta_fp *r, const pasta_fp *a, size_t lo, size_t hi,
                             const pasta_fp *x) {
    const uint64_t e[4] = {(uint64_t)lo, 0, 0, 0};
    pasta_fp xlo;
    pasta_fp_poly_eval(r, a + lo, hi - lo, x);
    if (lo == 0) return;
    pasta_fp_pow_var(&xlo, x, e);
    pasta_fp_mul(r, r, &xlo);
}

void halo2_powers_segment(pasta_fp *out, const pasta_fp *x, const pasta_fp *scale, size_t lo,
                          size_t hi) {
    const uint64_t e[4] = {(uint64_t)lo, 0, 0, 0};
    if (lo == hi) return;
    pasta_fp_pow_var(&out[lo], x, e);
    if (scale != NULL) pasta_fp_mul(&out[lo], &out[lo], scale);
    for (size_t i = lo + 1; i < hi; i++) pasta_fp_mul(&out[i], &out[i - 1], x);
}

static int to_poly_and_coset(const prover *p, const pasta_fp *values, pasta_fp *poly,
                             pasta_fp *coset, int threads) {
    if (poly != values) memcpy(poly, values, p->n * sizeof *poly);
    TRY(pasta_fp_intt(p->d, poly, p->n, threads));
    return pasta_fp_coeff_to_extended(p->d, coset, poly, p->n, threads);
}

int halo2_to_poly_and_coset(prover *p, const pasta_fp *values, pasta_fp *poly,
                            pasta_fp *coset) {
    return to_poly_and_coset(p, values, poly, coset, p->threads);
}

/* Whole columns as one-thread tasks, T per region (a column's transforms, each split on
 * T threads, are many short regions), while at least T are left; the rest on all
 * threads. Same values as one at a time. */
typedef struct poly_coset_ctx {
    const prover *p;
    const pasta_fp *const *values;
    pasta_fp *const *polys, *const *cosets;
    int *rc;
} poly_coset_ctx;
static void poly_coset_range(void *vc, size_t lo, size_t hi, int t) {
    const poly_coset_ctx *x = vc;
    (void)t;
    for (size_t i = lo; i < hi; i++)
        x->rc[i] = to_poly_and_coset(x->p, x->values[i], x->polys[i], x->cosets[i], 1);
}

int halo2_to_poly_and_coset_many(prover *p, const pasta_fp *const *values,
                                 pasta_fp *const *polys, pasta_fp *const *cosets,
                                 size_t count) {
    const size_t T = (size_t)p->nthreads, whole = T > 1 ? count / T * T : 0;
    if (whole > 0) {
        int *rc = malloc(whole * sizeof *rc);
        if (rc == NULL) return PASTA_ERR_NO_MEMORY;
        poly_coset_ctx x = {p, values, polys, cosets, rc};
        halo2_par_for(whole, (int)T, poly_coset_range, &x);
        int r = PASTA_OK;
        for (size_t i = 0; i < whole; i++)
            if (rc[i] != PASTA_OK) r = rc[i];
        free(rc);
        TRY(r);
    }
    for (size_t i = whole; i < count; i++)
        TRY(to_poly_and_coset(p, values[i], polys[i], cosets[i], p->threads));
    return PASTA_OK;
}

/* The Lagrange commitments of ncommit columns and the transforms of their first ntf
 * together: on T > 1 threads, where whole MSMs keep the threads busy two thirds of the
 * time or more (3 on 2 threads; not 10 on 8, where the library's batch runs 8 whole and
 * splits the other 2 on all threads), one region of items claimed one by one
 * (pasta_parallel_items): the MSMs first, each on one thread (as msm_fixed_var_many's
 * whole MSMs), then the transforms, each on one thread, which fill what the MSMs leave
 * of the threads. Their costs differ (a column with long runs of equal values costs
 * less, the library's run rule) and their count need not be a multiple of T, so whole
 * MSMs alone end unevenly (plonk_k11's permutation batch, z and the random polynomial:
 * 2.6 against 2.0 ms at 2 threads), and the transforms after them were short regions
 * of their own. The scalars are copied (with the blinds) before the region, so a
 * transform may overwrite its column's values (z in place). Otherwise the library's
 * batch, then the transforms (halo2_to_poly_and_coset_many). The same values either
 * way. */
typedef struct commit_tf_ctx {
    const prover *p;
    const pasta_fp *s; /* ncommit rows of n + 1 scalars */
    pasta_vesta_jacobian *j;
    const pasta_fp *const *values;
    pasta_fp *const *polys, *const *cosets;
    size_t ncommit;
    int *rc; /* per item */
} commit_tf_ctx;
static void commit_tf_item(void *vc, size_t i) {
    const commit_tf_ctx *x = vc;
    const prover *p = x->p;
    if (i < x->ncommit) {
        x->rc[i] = pasta_vesta_msm_fixed_var(&x->j[i], p->ck->lagrange_table,
                                             x->s + i * (p->n + 1), p->n + 1, 1);
    } else {
        size_t k = i - x->ncommit;
        x->rc[i] = to_poly_and_coset(p, x->values[k], x->polys[k], x->cosets[k], 1);
    }
}

int halo2_commit_and_transform(prover *p, pasta_vesta_affine *c, const pasta_fp *const *values,
                               const pasta_fp *const *blinds, size_t ncommit,
                               pasta_fp *const *polys, pasta_fp *const *cosets, size_t ntf) {
    const size_t T = (size_t)p->nthreads, rounds = (ncommit + T - 1) / T; /* T >= 1 */
    /* whole MSMs leave at most a third of the threads' time idle (the transforms fill
     * it); otherwise the library's batch splits the last MSMs on all threads */
    if (T < 2 || ncommit < T || 2 * rounds * T > 3 * ncommit) {
        TRY(halo2_ck_commit_lagrange_many(p->ck, c, values, blinds, ncommit, p->threads));
        return halo2_to_poly_and_coset_many(p, values, polys, cosets, ntf);
    }
    const size_t m = p->n + 1, items = ncommit + ntf;
    pasta_fp *s = malloc(ncommit * m * sizeof *s);
    pasta_vesta_jacobian *j = malloc(ncommit * sizeof *j);
    int *rc = malloc(items * sizeof *rc), r = PASTA_OK;
    if (s == NULL || j == NULL || rc == NULL) r = PASTA_ERR_NO_MEMORY;
    if (r == PASTA_OK) {
        halo2_ck_scalars(p->ck, s, values, blinds, ncommit);
        commit_tf_ctx x = {p, s, j, values, polys, cosets, ncommit, rc};
        r = pasta_parallel_items(items, p->threads, commit_tf_item, &x);
        for (size_t i = 0; r == PASTA_OK && i < items; i++) r = rc[i];
        for (size_t i = 0; r == PASTA_OK && i < ncommit; i++)
            pasta_vesta_to_affine_var(&c[i], &j[i]);
    }
    free(s), free(j), free(rc);
    return r;
}

const pasta_fp *halo2_column_values(const prover *p, int ci, halo2_column c) {
    if (c.type == HALO2_FIXED) return &p->pk->fixed_values[(size_t)c.index * p->n];
    const circuit_data *cd = &p->cd[ci];
    return c.type == HALO2_ADVICE ? &cd->adv_values[(size_t)c.index * p->n]
                                  : &cd->inst_values[(size_t)c.index * p->n];
}
const pasta_fp *halo2_column_coset(const prover *p, int ci, halo2_column c) {
    if (c.type == HALO2_FIXED) return &p->pk->fixed_cosets[(size_t)c.index * p->N];
    const circuit_data *cd = &p->cd[ci];
    return c.type == HALO2_ADVICE ? &cd->adv_cosets[(size_t)c.index * p->N]
                                  : &cd->inst_cosets[(size_t)c.index * p->N];
}

void halo2_prover_view(const prover *p, int ci, int lagrange, halo2_leaf_view *v) {
    const circuit_data *cd = &p->cd[ci];
    memset(v, 0, sizeof *v);
    if (lagrange) {
        v->fixed = p->pk->fixed_values, v->advice = cd->adv_values,
        v->instance = cd->inst_values;
        v->stride = p->n, v->size = (long)p->n, v->rot_scale = 1;
    } else {
        v->fixed = p->pk->fixed_cosets, v->advice = cd->adv_cosets,
        v->instance = cd->inst_cosets;
        v->derived = p->pk->derived_cosets;
        v->stride = p->N, v->size = (long)p->N, v->rot_scale = (long)p->rot_scale;
    }
}

/* ---- Phase: instance and advice. */

static int commit_instances(prover *p, const halo2_witness *wit) {
    const halo2_cs *cs = p->cs;
    pasta_fp one;
    pasta_fp_one(&one);
    for (int ci = 0; ci < p->ncirc; ci++) {
        circuit_data *cd = &p->cd[ci];
        pasta_vesta_affine c;
        for (int i = 0; i < cs->num_instance; i++) {
            pasta_fp *v = &cd->inst_values[(size_t)i * p->n];
            memset(v, 0, p->n * sizeof *v);
            memcpy(v, wit[ci].instances[i], wit[ci].instance_lens[i] * sizeof *v);
            TRY(halo2_ck_commit_lagrange(p->ck, &c, v, &one, p->threads));
            TRY(halo2_transcript_common_point(&p->w.t, &c));
            TRY(halo2_to_poly_and_coset(p, v, &cd->inst_polys[(size_t)i * p->n],
                                        &cd->inst_cosets[(size_t)i * p->N]));
        }
    }
    return PASTA_OK;
}

static int commit_advice(prover *p, const halo2_witness *wit) {
    const halo2_cs *cs = p->cs;
    const size_t unusable = p->n - (size_t)(p->blinding + 1);
    for (int ci = 0; ci < p->ncirc; ci++) {
        circuit_data *cd = &p->cd[ci];
        pasta_vesta_affine c[HALO2_MAX_COLUMNS];
        memcpy(cd->adv_values, wit[ci].advice,
               (size_t)cs->num_advice * p->n * sizeof(pasta_fp));
        for (int a = 0; a < cs->num_advice; a++)
            for (size_t r = unusable; r < p->n; r++)
                TRY(halo2_random_fp(p, &cd->adv_values[(size_t)a * p->n + r]));
        for (int a = 0; a < cs->num_advice; a++) TRY(halo2_random_fp(p, &cd->adv_blinds[a]));
        const pasta_fp *vals[HALO2_MAX_COLUMNS], *blinds[HALO2_MAX_COLUMNS];
        for (int a = 0; a < cs->num_advice; a++)
            vals[a] = &cd->adv_values[(size_t)a * p->n], blinds[a] = &cd->adv_blinds[a];
        pasta_fp *polys[HALO2_MAX_COLUMNS], *cosets[HALO2_MAX_COLUMNS];
        for (int a = 0; a < cs->num_advice; a++)
            polys[a] = &cd->adv_polys[(size_t)a * p->n],
            cosets[a] = &cd->adv_cosets[(size_t)a * p->N];
        TRY(halo2_commit_and_transform(p, c, vals, blinds, (size_t)cs->num_advice, polys,
                                       cosets, (size_t)cs->num_advice));
        for (int a = 0; a < cs->num_advice; a++) TRY(halo2_write_point(&p->w, &c[a]));
    }
    return PASTA_OK;
}

/* ---- Phase: evaluations. Every (polynomial, point) of halo2's evaluation order
 * (multiopen.h) is evaluated in parallel, then the values are written in that order.
 * On T threads each polynomial is cut into T segments, so the static split gives every
 * thread the same number of equal items (whole polynomials left one thread the larger
 * share: 15 of them on 2 threads, 8 against 7); segment s of a polynomial is its part
 * [s n / T, (s + 1) n / T) times x^lo, the parts added in segment order (exact: the same
 * values). */
typedef struct eval_job {
    const pasta_fp *poly;
    pasta_fp point, value;
} eval_job;

typedef struct eval_jobs_ctx {
    eval_job *jobs;
    pasta_fp *part; /* part[j segs + s] */
    size_t n, segs;
} eval_jobs_ctx;
static void eval_jobs(void *vc, size_t i0, size_t i1, int t) {
    const eval_jobs_ctx *x = vc;
    (void)t;
    for (size_t i = i0; i < i1; i++) {
        const eval_job *j = &x->jobs[i / x->segs];
        const size_t s = i % x->segs;
        halo2_poly_eval_segment(&x->part[i], j->poly, s * x->n / x->segs,
                                (s + 1) * x->n / x->segs, &j->point);
    }
}

/* The coefficients of an evaluated polynomial. */
static const pasta_fp *eval_poly(const prover *p, const halo2_oquery *q) {
    const circuit_data *cd = &p->cd[q->poly.circuit];
    const size_t at = (size_t)q->poly.index * p->n;
    switch (q->poly.kind) {
    case HALO2_O_INSTANCE: return &cd->inst_polys[at];
    case HALO2_O_ADVICE: return &cd->adv_polys[at];
    case HALO2_O_FIXED: return &p->pk->fixed_polys[at];
    case HALO2_O_SIGMA: return &p->pk->perm_polys[at];
    case HALO2_O_PERM_Z: return &cd->z_polys[at];
    case HALO2_O_LOOKUP_Z: return &cd->lk_z_polys[at];
    case HALO2_O_LOOKUP_A: return &cd->lk_a_polys[at];
    case HALO2_O_LOOKUP_S: return &cd->lk_s_polys[at];
    default: return p->random_poly;
    }
}

static int evaluations(prover *p) {
    const halo2_oshape sh = {p->cs, p->ncirc, p->nsets, p->blinding};
    const int cap = HALO2_MAX_OPEN_QUERIES;
    halo2_oquery *qs = malloc((size_t)cap * sizeof *qs);
    eval_job *jobs = malloc((size_t)cap * sizeof *jobs);
    int nj = 0, rc = qs && jobs ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    if (rc == PASTA_OK) rc = halo2_evaluation_order(&sh, qs, cap, &nj);
    if (rc == PASTA_OK) {
        /* points x ω^r, once per rotation */
        int rots[HALO2_MAX_POINTS], nrots = 0;
        pasta_fp pts[HALO2_MAX_POINTS];
        for (int j = 0; j < nj && rc == PASTA_OK; j++) {
            int r = 0;
            while (r < nrots && rots[r] != qs[j].rotation) r++;
            if (r == nrots) {
                if (nrots == HALO2_MAX_POINTS) {
                    rc = HALO2_ERR_LIMIT;
                    break;
                }
                rots[nrots] = qs[j].rotation;
                halo2_rotate_omega(&pts[nrots++], &p->x, &p->d->omega, &p->d->omega_inv,
                                   qs[j].rotation);
            }
            jobs[j].poly = eval_poly(p, &qs[j]);
            jobs[j].point = pts[r];
        }
    }
    size_t segs = p->nthreads < 2 ? 1 : (size_t)p->nthreads;
    if (segs > p->n) segs = p->n;
    pasta_fp *part = rc == PASTA_OK ? malloc((size_t)nj * segs * sizeof *part) : NULL;
    if (rc == PASTA_OK && part == NULL) rc = PASTA_ERR_NO_MEMORY;
    if (rc == PASTA_OK) {
        eval_jobs_ctx ec = {jobs, part, p->n, segs};
        halo2_par_for((size_t)nj * segs, p->nthreads, eval_jobs, &ec);
        for (int j = 0; j < nj && rc == PASTA_OK; j++) {
            jobs[j].value = part[(size_t)j * segs];
            for (size_t s = 1; s < segs; s++)
                pasta_fp_add(&jobs[j].value, &jobs[j].value, &part[(size_t)j * segs + s]);
            rc = halo2_write_scalar(&p->w, &jobs[j].value);
        }
    }
    free(qs), free(jobs), free(part);
    return rc;
}

/* ---- Sizes and create_proof. */

/* The number of multiopen point sets: construct_intermediate_sets over one circuit
 * instance's queries, points compared as rotations (x ω^r are distinct for distinct r;
 * more circuit instances add polynomials, not sets). -1 beyond the limits. */
static int count_point_sets(const halo2_cs *cs, int nsets, int blinding) {
    const halo2_oshape sh = {cs, 1, nsets, blinding};
    halo2_oquery *qs = malloc(HALO2_MAX_OPEN_QUERIES * sizeof *qs);
    halo2_opening *o = malloc(sizeof *o);
    int nq = 0, sets = -1;
    if (qs && o && halo2_query_order(&sh, qs, HALO2_MAX_OPEN_QUERIES, &nq) == PASTA_OK &&
        halo2_opening_build(o, qs, nq, NULL, NULL, NULL) == PASTA_OK)
        sets = o->nsets;
    free(qs), free(o);
    return sets;
}

size_t halo2_proof_size(const halo2_vk *vk, int ncircuits) {
    const halo2_cs *cs = vk->cs;
    const int degree = halo2_cs_degree(cs), blinding = halo2_cs_blinding_factors(cs);
    const int chunk = degree - 2, nsets = (cs->n_perm_columns + chunk - 1) / chunk;
    const size_t A = (size_t)ncircuits;
    const size_t L = (size_t)cs->n_lookups;
    const int sets = count_point_sets(cs, nsets, blinding);
    if (sets < 0) return 0;
    size_t points = A * (size_t)cs->num_advice + A * 3 * L + A * (size_t)nsets + 1 +
                    (size_t)(degree - 1) + 1 + 1 + 2 * (size_t)vk->k;
    size_t scalars = A * (size_t)(cs->n_instance_queries + cs->n_advice_queries) +
                     (size_t)cs->n_fixed_queries + 1 + (size_t)cs->n_perm_columns +
                     A * (size_t)(nsets > 0 ? 3 * nsets - 1 : 0) + A * 5 * L + (size_t)sets +
                     2;
    return 32 * (points + scalars);
}

static void free_circuits(circuit_data *cd, int ncirc) {
    for (int i = 0; cd && i < ncirc; i++) {
        free(cd[i].inst_values), free(cd[i].inst_polys), free(cd[i].inst_cosets);
        free(cd[i].adv_values), free(cd[i].adv_polys), free(cd[i].adv_cosets);
        free(cd[i].z_polys), free(cd[i].z_cosets);
        free(cd[i].lk_in), free(cd[i].lk_tab), free(cd[i].lk_a), free(cd[i].lk_s);
        free(cd[i].lk_a_polys), free(cd[i].lk_s_polys), free(cd[i].lk_z_polys);
        free(cd[i].lk_a_cosets), free(cd[i].lk_s_cosets), free(cd[i].lk_z_cosets);
    }
    free(cd);
}

static int alloc_circuits(prover *p) {
    const halo2_cs *cs = p->cs;
    const size_t n = p->n, N = p->N;
    const size_t ni = (size_t)(cs->num_instance ? cs->num_instance : 1);
    const size_t na = (size_t)(cs->num_advice ? cs->num_advice : 1);
    const size_t ns = (size_t)(p->nsets ? p->nsets : 1);
    p->cd = calloc((size_t)p->ncirc, sizeof *p->cd);
    if (p->cd == NULL) return PASTA_ERR_NO_MEMORY;
    for (int i = 0; i < p->ncirc; i++) {
        circuit_data *c = &p->cd[i];
        c->inst_values = malloc(ni * n * sizeof(pasta_fp));
        c->inst_polys = malloc(ni * n * sizeof(pasta_fp));
        c->inst_cosets = malloc(ni * N * sizeof(pasta_fp));
        c->adv_values = malloc(na * n * sizeof(pasta_fp));
        c->adv_polys = malloc(na * n * sizeof(pasta_fp));
        c->adv_cosets = malloc(na * N * sizeof(pasta_fp));
        c->z_polys = malloc(ns * n * sizeof(pasta_fp));
        c->z_cosets = malloc(ns * N * sizeof(pasta_fp));
        const size_t nl = (size_t)(cs->n_lookups ? cs->n_lookups : 1);
        c->lk_in = malloc(nl * n * sizeof(pasta_fp));
        c->lk_tab = malloc(nl * n * sizeof(pasta_fp));
        c->lk_a = malloc(nl * n * sizeof(pasta_fp));
        c->lk_s = malloc(nl * n * sizeof(pasta_fp));
        c->lk_a_polys = malloc(nl * n * sizeof(pasta_fp));
        c->lk_s_polys = malloc(nl * n * sizeof(pasta_fp));
        c->lk_z_polys = malloc(nl * n * sizeof(pasta_fp));
        c->lk_a_cosets = malloc(nl * N * sizeof(pasta_fp));
        c->lk_s_cosets = malloc(nl * N * sizeof(pasta_fp));
        c->lk_z_cosets = malloc(nl * N * sizeof(pasta_fp));
        if (!c->inst_values || !c->inst_polys || !c->inst_cosets || !c->adv_values ||
            !c->adv_polys || !c->adv_cosets || !c->z_polys || !c->z_cosets || !c->lk_in ||
            !c->lk_tab || !c->lk_a || !c->lk_s || !c->lk_a_polys || !c->lk_s_polys ||
            !c->lk_z_polys || !c->lk_a_cosets || !c->lk_s_cosets || !c->lk_z_cosets)
            return PASTA_ERR_NO_MEMORY;
    }
    return PASTA_OK;
}

static int check_args(const halo2_commit_key *ck, const halo2_pk *pk,
                      const halo2_witness *circuits, int ncircuits, pasta_rng_fn rng,
                      uint8_t *out, size_t *len) {
    if (ck == NULL || pk == NULL || pk->vk == NULL || pk->vk->cs == NULL || circuits == NULL ||
        ncircuits < 1 || rng == NULL || out == NULL || len == NULL || ck->params == NULL)
        return PASTA_ERR_INVALID_ARG;
    const halo2_cs *cs = pk->vk->cs;
    if (cs->error || ck->n != pk->n || ck->params->k != (uint32_t)pk->vk->k)
        return PASTA_ERR_INVALID_ARG;
    for (int i = 0; i < cs->n_nodes; i++)
        if (cs->nodes[i].op == HALO2_E_SELECTOR)
            return PASTA_ERR_INVALID_ARG; /* not compressed */
    for (int c = 0; c < cs->n_perm_columns; c++)
        if (halo2_cs_cur_query_index(cs, cs->perm_columns[c]) < 0) return HALO2_ERR_MALFORMED;
    if (halo2_cs_degree(cs) < 3) return HALO2_ERR_MALFORMED;
    if (halo2_cs_degree(cs) - 1 > HALO2_MAX_H) return HALO2_ERR_LIMIT;
    if (pk->ext_n % HALO2_CHUNK != 0)
        return HALO2_ERR_LIMIT; /* extended domains below 64 points */
    const size_t limit = pk->n - (size_t)(halo2_cs_blinding_factors(cs) + 1);
    for (int ci = 0; ci < ncircuits; ci++) {
        if (circuits[ci].advice == NULL && cs->num_advice > 0) return PASTA_ERR_INVALID_ARG;
        if (cs->num_instance == 0) continue;
        if (circuits[ci].instances == NULL || circuits[ci].instance_lens == NULL)
            return PASTA_ERR_INVALID_ARG;
        for (int i = 0; i < cs->num_instance; i++) {
            if (circuits[ci].instance_lens[i] > limit) return PASTA_ERR_INVALID_ARG;
            if (circuits[ci].instance_lens[i] > 0 && circuits[ci].instances[i] == NULL)
                return PASTA_ERR_INVALID_ARG;
        }
    }
    return PASTA_OK;
}

static int prove(prover *p, const halo2_witness *circuits) {
    TRY(alloc_circuits(p));
    p->random_poly = malloc(p->n * sizeof(pasta_fp));
    p->h = malloc(p->N * sizeof(pasta_fp));
    p->h_poly = malloc(p->n * sizeof(pasta_fp));
    if (!p->random_poly || !p->h || !p->h_poly) return PASTA_ERR_NO_MEMORY;
    halo2_trace_line("B\n");
    p->t0 = now_ns(p->nthreads);

    halo2_transcript_common_scalar(&p->w.t, &p->vk->transcript_repr); /* vk.hash_into */
    TRY(commit_instances(p, circuits));
    TRY(commit_advice(p, circuits));
    halo2_phase_end(p, HALO2_PH_ADVICE);
    halo2_transcript_squeeze_challenge(&p->w.t, &p->theta);
    TRY(halo2_lookups_commit_permuted(p));
    halo2_phase_end(p, HALO2_PH_LOOKUPS);
    halo2_transcript_squeeze_challenge(&p->w.t, &p->beta);
    halo2_transcript_squeeze_challenge(&p->w.t, &p->gamma);
    TRY(halo2_permutation_commit(p));
    halo2_phase_end(p, HALO2_PH_PERMUTATION);
    TRY(halo2_lookups_commit_product(p));
    halo2_phase_end(p, HALO2_PH_LOOKUPS);
    TRY(halo2_vanishing_commit_random(p));
    halo2_phase_end(p, HALO2_PH_H_COMMIT);
    halo2_transcript_squeeze_challenge(&p->w.t, &p->y);
    TRY(halo2_vanishing_evaluate_h(p));
    halo2_phase_end(p, HALO2_PH_GATES);
    TRY(halo2_vanishing_commit_h(p));
    halo2_phase_end(p, HALO2_PH_H_COMMIT);
    halo2_transcript_squeeze_challenge(&p->w.t, &p->x);
    halo2_fp_pow_u64(&p->xn, &p->x, p->n);
    TRY(evaluations(p));
    halo2_vanishing_h_poly(p);
    halo2_phase_end(p, HALO2_PH_EVALS);
    return halo2_multiopen_prove(p);
}

int halo2_create_proof(const halo2_commit_key *ck, const halo2_pk *pk,
                       const halo2_witness *circuits, int ncircuits, pasta_rng_fn rng,
                       void *rng_ctx, int threads, uint8_t *out, size_t cap, size_t *len,
                       halo2_prover_timings *timings) {
    int rc = check_args(ck, pk, circuits, ncircuits, rng, out, len);
    if (rc != PASTA_OK) return rc;
    if (threads < 0 || threads > HALO2_MAX_THREADS) return PASTA_ERR_INVALID_ARG;
    const size_t size = halo2_proof_size(pk->vk, ncircuits);
    if (size == 0) return HALO2_ERR_LIMIT;
    if (cap < size) return PASTA_ERR_INVALID_ARG;
    prover *p = calloc(1, sizeof *p);
    if (p == NULL) return PASTA_ERR_NO_MEMORY;
    p->ck = ck;
    p->pk = pk;
    p->vk = pk->vk;
    p->cs = pk->vk->cs;
    p->d = &pk->domain;
    p->rng = rng;
    p->rng_ctx = rng_ctx;
    p->threads = threads;
    p->nthreads = halo2_resolve_threads(threads);
    p->n = pk->n;
    p->N = pk->ext_n;
    p->rot_scale = p->N / p->n;
    p->ncirc = ncircuits;
    p->degree = halo2_cs_degree(p->cs);
    p->blinding = halo2_cs_blinding_factors(p->cs);
    p->chunk = p->degree - 2;
    p->nsets = (p->cs->n_perm_columns + p->chunk - 1) / p->chunk;
    p->nh = p->degree - 1;
    p->timings = timings;
    if (timings) memset(timings, 0, sizeof *timings);
    halo2_transcript_init(&p->w.t);
    p->w.out = out;
    p->w.cap = cap;
    p->w.pos = 0;

    rc = prove(p, circuits);
    halo2_trace_line("E\n");
    if (rc == PASTA_OK && p->w.pos != size) rc = HALO2_ERR_INTERNAL; /* size rule broken */
    if (rc == PASTA_OK) *len = p->w.pos;
    free_circuits(p->cd, p->ncirc);
    free(p->random_poly), free(p->h), free(p->h_poly);
    free(p);
    return rc;
}
