/* prover_bench/prover.h: halo2_proofs 0.3.2's create_proof, phase by phase in halo2's
 * order (plonk/prover.rs; permutation/prover.rs; vanishing/prover.rs;
 * poly/multiopen/prover.rs; poly/commitment/prover.rs). Every array is column-major:
 * column c of length m at [c * m]. n = 2^k rows, N = 2^extended_k coset points, a
 * rotation by r rows is r * 2^(extended_k - k) coset points. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "prover_bench/prover.h"
#include "prover_bench/par.h"
#include "prover_bench/program.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pasta/fft.h>

const char *const halo2_phase_names[HALO2_NUM_PHASES] = {
    "advice", "lookups", "permutation", "quotient_ntt", "gates", "h_commit",
    "evaluations", "multiopen", "ipa"};

#define TRY(e)                                                                                     \
    do {                                                                                           \
        int rc_ = (e);                                                                             \
        if (rc_ != PASTA_OK) return rc_;                                                           \
    } while (0)

/* Phase clock: the calling thread's CPU time on one thread (immune to other processes)
 * and in a traced run (prover_bench/par.h), wall time with more. */
static double now_ns(int nthreads) {
    struct timespec ts;
    clock_gettime(nthreads > 1 && !halo2_trace_on() ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* 0: OpenMP's default, capped at HALO2_MAX_THREADS as pasta caps its own counts */
static int resolve_threads(int threads) {
    const int t = threads > 0 ? threads : omp_get_max_threads();
    return t < HALO2_MAX_THREADS ? t : HALO2_MAX_THREADS;
}

/* ---- The DRBG. */

void halo2_drbg_init(halo2_drbg *d, const uint8_t seed[32]) {
    memcpy(d->seed, seed, 32);
    d->block = 0;
    d->pos = sizeof d->buf;
}

int halo2_drbg_fill(void *drbg, uint8_t *buf, size_t len) {
    halo2_drbg *d = drbg;
    while (len > 0) {
        if (d->pos == sizeof d->buf) {
            uint8_t msg[8], block_seed[randombytes_SEEDBYTES];
            for (int i = 0; i < 8; i++) msg[i] = (uint8_t)(d->block >> (8 * i));
            crypto_generichash_blake2b(block_seed, sizeof block_seed, msg, sizeof msg, d->seed,
                                       sizeof d->seed);
            randombytes_buf_deterministic(d->buf, sizeof d->buf, block_seed);
            d->block++;
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

int halo2_ck_commit(const halo2_commit_key *ck, pasta_vesta_affine *r, const pasta_fp *coeffs,
                    const pasta_fp *blind, int threads) {
    return ck_commit_table(ck, ck->g_table, r, coeffs, blind, threads);
}

int halo2_ck_commit_lagrange(const halo2_commit_key *ck, pasta_vesta_affine *r,
                             const pasta_fp *values, const pasta_fp *blind, int threads) {
    return ck_commit_table(ck, ck->lagrange_table, r, values, blind, threads);
}

/* ---- Proof writing (transcript.rs Blake2bWrite::write_point / write_scalar). */

typedef struct writer {
    halo2_transcript t;
    uint8_t *out;
    size_t cap, pos;
} writer;

static int write_point(writer *w, const pasta_vesta_affine *p) {
    if (w->cap - w->pos < 32) return PASTA_ERR_INVALID_ARG;
    /* halo2: "cannot write points at infinity to the transcript" */
    TRY(halo2_transcript_common_point(&w->t, p));
    pasta_vesta_affine_to_bytes(w->out + w->pos, p);
    w->pos += 32;
    return PASTA_OK;
}

static int write_scalar(writer *w, const pasta_fp *s) {
    if (w->cap - w->pos < 32) return PASTA_ERR_INVALID_ARG;
    halo2_transcript_common_scalar(&w->t, s);
    pasta_fp_to_bytes(w->out + w->pos, s);
    w->pos += 32;
    return PASTA_OK;
}

/* ---- The prover's state. */

#define MAX_SETS HALO2_MAX_COLUMNS
#define MAX_H 64
#define MAX_POINTS 64

typedef struct circuit_data {
    pasta_fp *inst_values, *inst_polys, *inst_cosets; /* num_instance x n, n, N */
    pasta_fp *adv_values, *adv_polys, *adv_cosets;    /* num_advice x n, n, N */
    pasta_fp adv_blinds[HALO2_MAX_COLUMNS];
    pasta_fp *z_polys, *z_cosets; /* nsets x n, N */
    pasta_fp z_blinds[MAX_SETS];
    /* lookups (nl of them): compressed input and table values, permuted A' and S'
     * (values, polys, cosets), products Z (polys, cosets), blinds */
    pasta_fp *lk_in, *lk_tab, *lk_a, *lk_s;        /* nl x n values */
    pasta_fp *lk_a_polys, *lk_s_polys, *lk_z_polys; /* nl x n */
    pasta_fp *lk_a_cosets, *lk_s_cosets, *lk_z_cosets; /* nl x N */
    pasta_fp lk_a_blind[HALO2_MAX_LOOKUPS], lk_s_blind[HALO2_MAX_LOOKUPS],
        lk_z_blind[HALO2_MAX_LOOKUPS];
} circuit_data;

/* A polynomial being opened (multiopen's PolynomialPointer: identified by its slot). */
typedef struct polyref {
    const pasta_fp *coeffs; /* n coefficients */
    pasta_fp blind;
} polyref;
typedef struct pquery {
    int poly;
    pasta_fp point;
} pquery;

#define MAX_PQUERIES 4096
#define MAX_POLYREFS 2048

typedef struct prover {
    const halo2_commit_key *ck;
    const halo2_pk *pk;
    const halo2_vk *vk;
    const halo2_cs *cs;
    const pasta_fp_domain *d;
    pasta_rng_fn rng;
    void *rng_ctx;
    int threads, nthreads;
    size_t n, N, rot_scale; /* rot_scale = N / n */
    int ncirc, degree, blinding, chunk, nsets, nh, nl;
    halo2_prover_timings *timings;
    double t0;
    writer w;
    circuit_data *cd;
    pasta_fp theta, beta, gamma, y, x, xn;
    pasta_fp ypow[HALO2_MAX_POLYS + 1]; /* y^0 .. y^max_group */
    pasta_fp *random_poly, random_blind;
    pasta_fp *h;      /* N: h on the coset, then its coefficients */
    pasta_fp h_blinds[MAX_H];
    pasta_fp *h_poly; /* n: sum x^(n i) h_i */
    pasta_fp h_blind;
    polyref polys[MAX_POLYREFS];
    int npolys;
    pquery queries[MAX_PQUERIES];
    int nqueries;
} prover;

static void phase_end(prover *p, int phase) {
    double t = now_ns(p->nthreads);
    if (p->timings) p->timings->ns[phase] += t - p->t0;
    if (halo2_trace_on()) {
        char line[64];
        snprintf(line, sizeof line, "P %s %.0f\n", halo2_phase_names[phase], t - p->t0);
        halo2_trace_line(line);
    }
    p->t0 = t;
}

static int random_fp(prover *p, pasta_fp *r) {
    return pasta_fp_random(r, p->rng, p->rng_ctx) == PASTA_OK ? PASTA_OK : PASTA_ERR_RNG;
}

static void fp_pow_u64(pasta_fp *r, const pasta_fp *a, uint64_t e) {
    const uint64_t ex[4] = {e, 0, 0, 0};
    pasta_fp_pow_var(r, a, ex);
}

/* domain.rs rotate_omega */
static void rotate_omega(const prover *p, pasta_fp *r, const pasta_fp *value, int rot) {
    halo2_rotate_omega(r, value, &p->d->omega, &p->d->omega_inv, rot);
}

/* values (n) -> coefficients (n) -> coset (N) */
static int to_poly_and_coset(prover *p, const pasta_fp *values, pasta_fp *poly, pasta_fp *coset) {
    memcpy(poly, values, p->n * sizeof *poly);
    TRY(pasta_fp_intt(p->d, poly, p->n, p->threads));
    return pasta_fp_coeff_to_extended(p->d, coset, poly, p->n, p->threads);
}

/* The values of a column at keygen or from the witness (Lagrange, n). Fixed columns need
 * no circuit instance (p->cd may be NULL: the proving key's own precomputation). */
static const pasta_fp *column_values(const prover *p, int ci, halo2_column c) {
    if (c.type == HALO2_FIXED) return &p->pk->fixed_values[(size_t)c.index * p->n];
    const circuit_data *cd = &p->cd[ci];
    return c.type == HALO2_ADVICE ? &cd->adv_values[(size_t)c.index * p->n]
                                  : &cd->inst_values[(size_t)c.index * p->n];
}
static const pasta_fp *column_coset(const prover *p, int ci, halo2_column c) {
    if (c.type == HALO2_FIXED) return &p->pk->fixed_cosets[(size_t)c.index * p->N];
    const circuit_data *cd = &p->cd[ci];
    return c.type == HALO2_ADVICE ? &cd->adv_cosets[(size_t)c.index * p->N]
                                  : &cd->inst_cosets[(size_t)c.index * p->N];
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
            TRY(to_poly_and_coset(p, v, &cd->inst_polys[(size_t)i * p->n],
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
        memcpy(cd->adv_values, wit[ci].advice, (size_t)cs->num_advice * p->n * sizeof(pasta_fp));
        for (int a = 0; a < cs->num_advice; a++)
            for (size_t r = unusable; r < p->n; r++)
                TRY(random_fp(p, &cd->adv_values[(size_t)a * p->n + r]));
        for (int a = 0; a < cs->num_advice; a++) TRY(random_fp(p, &cd->adv_blinds[a]));
        for (int a = 0; a < cs->num_advice; a++)
            TRY(halo2_ck_commit_lagrange(p->ck, &c[a], &cd->adv_values[(size_t)a * p->n],
                                         &cd->adv_blinds[a], p->threads));
        for (int a = 0; a < cs->num_advice; a++) TRY(write_point(&p->w, &c[a]));
        for (int a = 0; a < cs->num_advice; a++)
            TRY(to_poly_and_coset(p, &cd->adv_values[(size_t)a * p->n],
                                  &cd->adv_polys[(size_t)a * p->n],
                                  &cd->adv_cosets[(size_t)a * p->N]));
    }
    return PASTA_OK;
}

/* ---- Phase: the permutation products (permutation/prover.rs Argument::commit). For
 * each set of chunk columns: num[row] = prod (v + δ^j ω^row β + γ), den[row] =
 * prod (v + β σ_j + γ) (j the column's index in the whole argument), z[0] = last z of
 * the previous set (1 for the first), z[row] = z[row − 1] num[row − 1] / den[row − 1],
 * the last `blinding` rows random; committed with a random blind. */
typedef struct perm_ctx {
    const struct prover *p;
    int ci, lo, hi;
    const pasta_fp *dp, *omega_pow;
    pasta_fp *num, *den;
} perm_ctx;

static void perm_rows(void *vc, size_t r0, size_t r1, int t) {
    const perm_ctx *x = vc;
    const prover *p = x->p;
    const halo2_cs *cs = p->cs;
    const size_t n = p->n;
    (void)t;
    for (size_t r = r0; r < r1; r++) {
        pasta_fp nu, de, u;
        pasta_fp_one(&nu);
        pasta_fp_one(&de);
        for (int c = x->lo; c < x->hi; c++) {
            const pasta_fp *v = &column_values(p, x->ci, cs->perm_columns[c])[r];
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

static int commit_permutation(prover *p) {
    const halo2_cs *cs = p->cs;
    const size_t n = p->n;
    pasta_fp *num = malloc(n * sizeof *num), *den = malloc(n * sizeof *den);
    pasta_fp *z = malloc(n * sizeof *z), *omega_pow = malloc(n * sizeof *omega_pow);
    int rc = (num && den && z && omega_pow) ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    if (rc == PASTA_OK) { /* β ω^row */
        omega_pow[0] = p->beta;
        for (size_t r = 1; r < n; r++) pasta_fp_mul(&omega_pow[r], &omega_pow[r - 1], &p->d->omega);
    }
    for (int ci = 0; rc == PASTA_OK && ci < p->ncirc; ci++) {
        circuit_data *cd = &p->cd[ci];
        pasta_fp last_z, delta_pow;
        pasta_fp_one(&last_z);
        pasta_fp_one(&delta_pow);
        for (int s = 0; rc == PASTA_OK && s < p->nsets; s++) {
            const int lo = s * p->chunk;
            const int hi = lo + p->chunk < cs->n_perm_columns ? lo + p->chunk : cs->n_perm_columns;
            pasta_fp dp[HALO2_MAX_COLUMNS];
            for (int c = lo; c < hi; c++) {
                dp[c - lo] = delta_pow;
                pasta_fp_mul(&delta_pow, &delta_pow, &pasta_fp_DELTA);
            }
            perm_ctx pc = {p, ci, lo, hi, dp, omega_pow, num, den};
            halo2_par_for(n, p->nthreads, perm_rows, &pc);
            rc = pasta_fp_grand_product(z, num, den, n);
            if (rc != PASTA_OK) break;
            if (s > 0) pasta_fp_vec_scale(z, z, &last_z, n);
            for (size_t r = n - (size_t)p->blinding; rc == PASTA_OK && r < n; r++)
                rc = random_fp(p, &z[r]);
            if (rc != PASTA_OK) break;
            last_z = z[n - (size_t)(p->blinding + 1)];
            rc = random_fp(p, &cd->z_blinds[s]);
            pasta_vesta_affine c;
            if (rc == PASTA_OK) rc = halo2_ck_commit_lagrange(p->ck, &c, z, &cd->z_blinds[s], p->threads);
            if (rc == PASTA_OK)
                rc = to_poly_and_coset(p, z, &cd->z_polys[(size_t)s * n], &cd->z_cosets[(size_t)s * p->N]);
            if (rc == PASTA_OK) rc = write_point(&p->w, &c);
        }
    }
    free(num), free(den), free(z), free(omega_pow);
    return rc;
}

/* ---- Phase: the vanishing argument's random polynomial (vanishing/prover.rs commit). */
static int commit_random_poly(prover *p) {
    for (size_t i = 0; i < p->n; i++) TRY(random_fp(p, &p->random_poly[i]));
    TRY(random_fp(p, &p->random_blind));
    pasta_vesta_affine c;
    TRY(halo2_ck_commit(p->ck, &c, p->random_poly, &p->random_blind, p->threads));
    return write_point(&p->w, &c);
}

/* ---- Phase: h(X) on the extended coset. The coset is cut into chunks of CHUNK points;
 * each chunk evaluates every needed expression node as a vector (pasta's array ops), then
 * folds gates, permutation constraints (and lookups) with y in halo2's order: per circuit
 * instance, gates then permutation (then lookups). */
#define CHUNK 64

typedef struct eval_scratch {
    pasta_fp *buf;           /* node evaluation (rows): n_nodes x CHUNK */
    const pasta_fp **val;    /* n_nodes */
    /* program evaluation (coset): leaf windows and buffers */
    const halo2_program *pr;
    const pasta_fp **leaf;   /* nleaves */
    pasta_fp *leafbuf;       /* nleaves x CHUNK: copies of windows that wrap */
    pasta_fp *bufs;          /* nbufs x CHUNK */
    pasta_fp acc[CHUNK], gacc[CHUNK], tmp[CHUNK], in[CHUNK], tab[CHUNK];
} eval_scratch;

/* A pointer to CHUNK consecutive values of arr (size entries) starting at `at` (mod
 * size): into arr itself, or copied into dst when the chunk wraps around. */
static const pasta_fp *window(const pasta_fp *arr, long size, long at, pasta_fp *dst) {
    at %= size;
    if (at < 0) at += size;
    if (at + CHUNK <= size) return arr + at;
    for (long i = 0; i < CHUNK; i++) dst[i] = arr[(at + i) % size];
    return dst;
}
static const pasta_fp *coset_window(const prover *p, const pasta_fp *coset, long at,
                                    pasta_fp *dst) {
    return window(coset, (long)p->N, at, dst);
}

/* A query's CHUNK values from row/point `start`: on the coset (lagrange = 0: N points,
 * a rotation is rot_scale points) or on the circuit rows (lagrange = 1: n values). */
static const pasta_fp *query_window(const prover *p, int ci, const halo2_query *q, long start,
                                    int lagrange, pasta_fp *dst) {
    if (q == NULL) return NULL;
    if (lagrange)
        return window(column_values(p, ci, q->column), (long)p->n, start + q->rotation, dst);
    return window(column_coset(p, ci, q->column), (long)p->N,
                  start + (long)q->rotation * (long)p->rot_scale, dst);
}

/* Every needed node's CHUNK values from `start`, in topological order. */
static void eval_chunk_nodes(const prover *p, int ci, long start, int lagrange,
                             const int *order, const uint8_t *needed, eval_scratch *s) {
    const halo2_cs *cs = p->cs;
    for (int oi = 0; oi < cs->n_nodes; oi++) {
        const int i = order[oi];
        if (!needed[i]) continue;
        const halo2_expr *e = &cs->nodes[i];
        pasta_fp *b = &s->buf[(size_t)i * CHUNK];
        switch (e->op) {
        case HALO2_E_CONSTANT:
            for (int t = 0; t < CHUNK; t++) b[t] = e->c;
            s->val[i] = b;
            break;
        case HALO2_E_FIXED:
            s->val[i] = query_window(p, ci, &cs->fixed_queries[e->query], start, lagrange, b);
            break;
        case HALO2_E_ADVICE:
            s->val[i] = query_window(p, ci, &cs->advice_queries[e->query], start, lagrange, b);
            break;
        case HALO2_E_INSTANCE:
            s->val[i] = query_window(p, ci, &cs->instance_queries[e->query], start, lagrange, b);
            break;
        case HALO2_E_NEGATED:
            for (int t = 0; t < CHUNK; t++) pasta_fp_neg(&b[t], &s->val[e->a][t]);
            s->val[i] = b;
            break;
        case HALO2_E_SUM:
            pasta_fp_vec_add(b, s->val[e->a], s->val[e->b], CHUNK);
            s->val[i] = b;
            break;
        case HALO2_E_PRODUCT:
            pasta_fp_vec_mul(b, s->val[e->a], s->val[e->b], CHUNK);
            s->val[i] = b;
            break;
        case HALO2_E_SCALED:
            pasta_fp_vec_scale(b, s->val[e->a], &e->c, CHUNK);
            s->val[i] = b;
            break;
        default: break; /* selectors are gone (checked before) */
        }
    }
}

/* out = sum θ^(m−1−i) val[expr[i]] (lookup/prover.rs compress_expressions) */
static void compress_chunk(const prover *p, const int *expr, int m, const eval_scratch *s,
                           pasta_fp *out) {
    memset(out, 0, CHUNK * sizeof *out);
    for (int i = 0; i < m; i++) {
        pasta_fp_vec_scale(out, out, &p->theta, CHUNK);
        pasta_fp_vec_add(out, out, s->val[expr[i]], CHUNK);
    }
}

static const pasta_fp *slot_ptr(const eval_scratch *s, int slot) {
    return slot < s->pr->nleaves ? s->leaf[slot] : &s->bufs[(size_t)(slot - s->pr->nleaves) * CHUNK];
}

/* out = sum θ^(m−1−i) slot[i] over the program's slots */
static void compress_slots(const prover *p, const eval_scratch *s, const int *slots, int m,
                           pasta_fp *out) {
    memset(out, 0, CHUNK * sizeof *out);
    for (int i = 0; i < m; i++) {
        pasta_fp_vec_scale(out, out, &p->theta, CHUNK);
        pasta_fp_vec_add(out, out, slot_ptr(s, slots[i]), CHUNK);
    }
}

/* acc = acc y + term */
static void fold_vec(const prover *p, pasta_fp *acc, const pasta_fp *term) {
    pasta_fp_vec_scale(acc, acc, &p->y, CHUNK);
    pasta_fp_vec_add(acc, acc, term, CHUNK);
}

/* The permutation's constraints on one chunk (permutation/prover.rs construct). */
static void permutation_chunk(const prover *p, int ci, long start, eval_scratch *s) {
    const halo2_cs *cs = p->cs;
    const circuit_data *cd = &p->cd[ci];
    const pasta_fp *l0 = &p->pk->l0[start], *l_last = &p->pk->l_last[start],
                   *l_blind = &p->pk->l_blind[start];
    pasta_fp one, t, u;
    pasta_fp_one(&one);
    pasta_fp *tmp = s->tmp, w1[CHUNK], w2[CHUNK];
    if (p->nsets == 0) return;
    /* l_0 (1 − z_0) */
    {
        const pasta_fp *z0 = &cd->z_cosets[start];
        for (int r = 0; r < CHUNK; r++) {
            pasta_fp_sub(&t, &one, &z0[r]);
            pasta_fp_mul(&tmp[r], &t, &l0[r]);
        }
        fold_vec(p, s->acc, tmp);
    }
    /* l_last (z_l^2 − z_l) */
    {
        const pasta_fp *zl = &cd->z_cosets[(size_t)(p->nsets - 1) * p->N + (size_t)start];
        for (int r = 0; r < CHUNK; r++) {
            pasta_fp_sqr(&t, &zl[r]);
            pasta_fp_sub(&t, &t, &zl[r]);
            pasta_fp_mul(&tmp[r], &t, &l_last[r]);
        }
        fold_vec(p, s->acc, tmp);
    }
    /* l_0 (z_i − z_{i−1}(ω^last X)), i >= 1 */
    const long last = -(long)(p->blinding + 1) * (long)p->rot_scale;
    for (int st = 1; st < p->nsets; st++) {
        const pasta_fp *zi = &cd->z_cosets[(size_t)st * p->N + (size_t)start];
        const pasta_fp *zp = coset_window(p, &cd->z_cosets[(size_t)(st - 1) * p->N], start + last, w1);
        for (int r = 0; r < CHUNK; r++) {
            pasta_fp_sub(&t, &zi[r], &zp[r]);
            pasta_fp_mul(&tmp[r], &t, &l0[r]);
        }
        fold_vec(p, s->acc, tmp);
    }
    /* (1 − (l_last + l_blind)) (z_i(ωX) prod (p + β σ + γ) − z_i(X) prod (p + δ^j β X + γ)) */
    pasta_fp x0; /* X at the chunk's first point: ζ ext_ω^start, times β */
    fp_pow_u64(&x0, &p->d->ext_omega, (uint64_t)start);
    pasta_fp_mul(&x0, &x0, &p->d->zeta);
    pasta_fp_mul(&x0, &x0, &p->beta);
    pasta_fp delta_pow;
    pasta_fp_one(&delta_pow);
    for (int st = 0; st < p->nsets; st++) {
        const int lo = st * p->chunk;
        const int hi = lo + p->chunk < cs->n_perm_columns ? lo + p->chunk : cs->n_perm_columns;
        const pasta_fp *z = &cd->z_cosets[(size_t)st * p->N];
        const pasta_fp *znext = coset_window(p, z, start + (long)p->rot_scale, w1);
        pasta_fp left[CHUNK], right[CHUNK], bx[CHUNK]; /* bx: β X δ^j */
        for (int r = 0; r < CHUNK; r++) {
            left[r] = znext[r];
            right[r] = z[start + r];
        }
        bx[0] = x0;
        for (int r = 1; r < CHUNK; r++) pasta_fp_mul(&bx[r], &bx[r - 1], &p->d->ext_omega);
        pasta_fp_vec_scale(bx, bx, &delta_pow, CHUNK);
        for (int c = lo; c < hi; c++) {
            const pasta_fp *v = column_coset(p, ci, cs->perm_columns[c]) + start;
            const pasta_fp *sig = &p->pk->perm_cosets[(size_t)c * p->N + (size_t)start];
            for (int r = 0; r < CHUNK; r++) {
                pasta_fp_mul(&u, &p->beta, &sig[r]);
                pasta_fp_add(&u, &u, &v[r]);
                pasta_fp_add(&u, &u, &p->gamma);
                pasta_fp_mul(&left[r], &left[r], &u);
                pasta_fp_add(&u, &v[r], &bx[r]);
                pasta_fp_add(&u, &u, &p->gamma);
                pasta_fp_mul(&right[r], &right[r], &u);
            }
            pasta_fp_vec_scale(bx, bx, &pasta_fp_DELTA, CHUNK);
            pasta_fp_mul(&delta_pow, &delta_pow, &pasta_fp_DELTA);
        }
        for (int r = 0; r < CHUNK; r++) {
            pasta_fp_add(&t, &l_last[r], &l_blind[r]);
            pasta_fp_sub(&t, &one, &t);
            pasta_fp_sub(&w2[r], &left[r], &right[r]);
            pasta_fp_mul(&tmp[r], &w2[r], &t);
        }
        fold_vec(p, s->acc, tmp);
    }
}

/* The lookups' constraints on one chunk (lookup/prover.rs construct), per lookup:
 *   l_0 (1 − Z), l_last (Z^2 − Z),
 *   active (Z(ωX) (A' + β) (S' + γ) − Z (A_c + β) (S_c + γ)),
 *   l_0 (A' − S'), active (A' − S') (A' − A'(ω^−1 X)),
 * active = 1 − (l_last + l_blind); A_c, S_c the compressed input and table on the coset
 * (the chunk's node values must be evaluated already). */
static void lookup_chunk(const prover *p, int ci, long start, eval_scratch *s) {
    const halo2_cs *cs = p->cs;
    const circuit_data *cd = &p->cd[ci];
    const pasta_fp *l0 = &p->pk->l0[start], *l_last = &p->pk->l_last[start],
                   *l_blind = &p->pk->l_blind[start];
    pasta_fp one, t, u, active[CHUNK], w1[CHUNK], w2[CHUNK];
    pasta_fp_one(&one);
    pasta_fp *tmp = s->tmp;
    if (cs->n_lookups == 0) return;
    for (int r = 0; r < CHUNK; r++) {
        pasta_fp_add(&t, &l_last[r], &l_blind[r]);
        pasta_fp_sub(&active[r], &one, &t);
    }
    for (int l = 0; l < cs->n_lookups; l++) {
        const halo2_lookup *lk = &cs->lookups[l];
        const pasta_fp *zc = &cd->lk_z_cosets[(size_t)l * p->N];
        const pasta_fp *ac = &cd->lk_a_cosets[(size_t)l * p->N];
        const pasta_fp *z = zc + start, *a = ac + start;
        const pasta_fp *sv = &cd->lk_s_cosets[(size_t)l * p->N + (size_t)start];
        const pasta_fp *znext = coset_window(p, zc, start + (long)p->rot_scale, w1);
        const pasta_fp *aprev = coset_window(p, ac, start - (long)p->rot_scale, w2);
        compress_slots(p, s, &s->pr->lookup_input[l * HALO2_MAX_LOOKUP_WIDTH], lk->n, s->in);
        compress_slots(p, s, &s->pr->lookup_table[l * HALO2_MAX_LOOKUP_WIDTH], lk->n, s->tab);
        for (int r = 0; r < CHUNK; r++) {
            pasta_fp_sub(&t, &one, &z[r]);
            pasta_fp_mul(&tmp[r], &t, &l0[r]);
        }
        fold_vec(p, s->acc, tmp);
        for (int r = 0; r < CHUNK; r++) {
            pasta_fp_sqr(&t, &z[r]);
            pasta_fp_sub(&t, &t, &z[r]);
            pasta_fp_mul(&tmp[r], &t, &l_last[r]);
        }
        fold_vec(p, s->acc, tmp);
        for (int r = 0; r < CHUNK; r++) {
            pasta_fp left, right;
            pasta_fp_add(&t, &a[r], &p->beta);
            pasta_fp_mul(&left, &znext[r], &t);
            pasta_fp_add(&t, &sv[r], &p->gamma);
            pasta_fp_mul(&left, &left, &t);
            pasta_fp_add(&t, &s->in[r], &p->beta);
            pasta_fp_mul(&right, &z[r], &t);
            pasta_fp_add(&t, &s->tab[r], &p->gamma);
            pasta_fp_mul(&right, &right, &t);
            pasta_fp_sub(&t, &left, &right);
            pasta_fp_mul(&tmp[r], &t, &active[r]);
        }
        fold_vec(p, s->acc, tmp);
        for (int r = 0; r < CHUNK; r++) {
            pasta_fp_sub(&t, &a[r], &sv[r]);
            pasta_fp_mul(&tmp[r], &t, &l0[r]);
        }
        fold_vec(p, s->acc, tmp);
        for (int r = 0; r < CHUNK; r++) {
            pasta_fp_sub(&t, &a[r], &sv[r]);
            pasta_fp_sub(&u, &a[r], &aprev[r]);
            pasta_fp_mul(&t, &t, &u);
            pasta_fp_mul(&tmp[r], &t, &active[r]);
        }
        fold_vec(p, s->acc, tmp);
    }
}

/* One chunk of the compiled gate program: leaves read from the cosets, operations as
 * vector ops, each gate polynomial folded into s->acc. */
static void run_program(const prover *p, int ci, long start, eval_scratch *s) {
    const halo2_program *pr = s->pr;
    const halo2_cs *cs = p->cs;
    for (int i = 0; i < pr->nleaves; i++) {
        const halo2_prog_leaf *lf = &pr->leaves[i];
        if (lf->type == HALO2_P_LEAF_CONST) continue; /* filled by scratch_alloc */
        if (lf->type == HALO2_P_LEAF_DERIVED) {
            s->leaf[i] = &p->pk->derived_cosets[(size_t)lf->query * p->N + (size_t)start];
            continue;
        }
        const halo2_query *q = lf->type == HALO2_E_FIXED   ? &cs->fixed_queries[lf->query]
                               : lf->type == HALO2_E_ADVICE ? &cs->advice_queries[lf->query]
                                                            : &cs->instance_queries[lf->query];
        s->leaf[i] = query_window(p, ci, q, start, 0, &s->leafbuf[(size_t)i * CHUNK]);
    }
    for (int k = 0; k < pr->nops; k++) {
        const halo2_prog_op *o = &pr->ops[k];
        pasta_fp *d = o->dst >= 0 ? &s->bufs[(size_t)(o->dst - pr->nleaves) * CHUNK] : NULL;
        switch (o->op) {
        case HALO2_P_CONST:
            for (int t = 0; t < CHUNK; t++) d[t] = o->c;
            break;
        case HALO2_P_ADD: pasta_fp_vec_add(d, slot_ptr(s, o->a), slot_ptr(s, o->b), CHUNK); break;
        case HALO2_P_SUB: pasta_fp_vec_sub(d, slot_ptr(s, o->a), slot_ptr(s, o->b), CHUNK); break;
        case HALO2_P_MUL: pasta_fp_vec_mul(d, slot_ptr(s, o->a), slot_ptr(s, o->b), CHUNK); break;
        case HALO2_P_SCALE: pasta_fp_vec_scale(d, slot_ptr(s, o->a), &o->c, CHUNK); break;
        case HALO2_P_NEG: {
            const pasta_fp *a = slot_ptr(s, o->a);
            for (int t = 0; t < CHUNK; t++) pasta_fp_neg(&d[t], &a[t]);
            break;
        }
        case HALO2_P_ADDC: {
            const pasta_fp *a = slot_ptr(s, o->a);
            for (int t = 0; t < CHUNK; t++) pasta_fp_add(&d[t], &a[t], &o->c);
            break;
        }
        case HALO2_P_FOLD: fold_vec(p, s->acc, slot_ptr(s, o->a)); break;
        case HALO2_P_GSTART: memcpy(s->gacc, slot_ptr(s, o->a), sizeof s->gacc); break;
        case HALO2_P_GFOLD: fold_vec(p, s->gacc, slot_ptr(s, o->a)); break;
        case HALO2_P_GEND:
            pasta_fp_vec_scale(s->acc, s->acc, &p->ypow[o->m], CHUNK);
            pasta_fp_vec_mul_add(s->acc, slot_ptr(s, o->a), s->gacc, s->acc, CHUNK);
            break;
        default: break;
        }
    }
}

/* Scratch for running program pr on T threads. */
static int scratch_alloc(eval_scratch **out, const halo2_program *pr, int T) {
    eval_scratch *sc = calloc((size_t)T, sizeof *sc);
    int rc = sc ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    for (int t = 0; rc == PASTA_OK && t < T; t++) {
        sc[t].pr = pr;
        sc[t].leaf = malloc((size_t)(pr->nleaves ? pr->nleaves : 1) * sizeof *sc[t].leaf);
        sc[t].leafbuf = malloc((size_t)(pr->nleaves ? pr->nleaves : 1) * CHUNK * sizeof(pasta_fp));
        sc[t].bufs = malloc((size_t)(pr->nbufs ? pr->nbufs : 1) * CHUNK * sizeof(pasta_fp));
        if (!sc[t].leaf || !sc[t].leafbuf || !sc[t].bufs) rc = PASTA_ERR_NO_MEMORY;
        for (int i = 0; rc == PASTA_OK && i < pr->nleaves; i++)
            if (pr->leaves[i].type == HALO2_P_LEAF_CONST) {
                pasta_fp *v = &sc[t].leafbuf[(size_t)i * CHUNK];
                for (int j = 0; j < CHUNK; j++) v[j] = pr->leaves[i].c;
                sc[t].leaf[i] = v;
            }
    }
    *out = sc;
    return rc;
}
static void scratch_free(eval_scratch *sc, int T) {
    for (int t = 0; sc && t < T; t++) free(sc[t].leaf), free(sc[t].leafbuf), free(sc[t].bufs);
    free(sc);
}

typedef struct derived_ctx {
    struct prover *q;
    halo2_pk *pk;
    eval_scratch *sc;
} derived_ctx;
static void derived_chunks(void *vc, size_t k0, size_t k1, int t) {
    const derived_ctx *x = vc;
    halo2_pk *pk = x->pk;
    const size_t N = pk->ext_n, nd = (size_t)pk->derived.noutputs;
    eval_scratch *s = &x->sc[t];
    for (size_t k = k0; k < k1; k++) {
        run_program(x->q, 0, (long)(k * CHUNK), s);
        for (size_t d = 0; d < nd; d++)
            memcpy(&pk->derived_cosets[d * N + k * CHUNK], slot_ptr(s, pk->derived.outputs[d]),
                   CHUNK * sizeof(pasta_fp));
    }
}

int halo2_pk_prepare_gates(halo2_pk *pk, const halo2_cs *cs) {
    int rc = halo2_program_compile_split(&pk->gates, &pk->derived, cs);
    if (rc != PASTA_OK) return rc;
    const size_t N = pk->ext_n, nd = (size_t)pk->derived.noutputs;
    if (N % CHUNK != 0) return PASTA_ERR_UNSUPPORTED;
    pk->derived_cosets = malloc((nd ? nd : 1) * N * sizeof(pasta_fp));
    const int T = resolve_threads(0);
    eval_scratch *sc = NULL;
    if (pk->derived_cosets == NULL) rc = PASTA_ERR_NO_MEMORY;
    if (rc == PASTA_OK) rc = scratch_alloc(&sc, &pk->derived, T);
    if (rc == PASTA_OK && nd > 0) {
        /* a prover with the key alone: the derived program reads fixed columns only */
        prover q;
        memset(&q, 0, sizeof q);
        q.pk = pk;
        q.cs = cs;
        q.n = pk->n;
        q.N = N;
        q.rot_scale = N / pk->n;
        q.y = pasta_fp_ZERO;
        derived_ctx dc = {&q, pk, sc};
        halo2_par_for(N / CHUNK, T, derived_chunks, &dc);
    }
    scratch_free(sc, T);
    return rc;
}

typedef struct h_ctx {
    prover *p;
    eval_scratch *sc;
} h_ctx;
static void h_chunks(void *vc, size_t k0, size_t k1, int t) {
    const h_ctx *x = vc;
    prover *p = x->p;
    eval_scratch *s = &x->sc[t];
    for (size_t k = k0; k < k1; k++) {
        const long start = (long)(k * CHUNK);
        memset(s->acc, 0, sizeof s->acc);
        for (int ci = 0; ci < p->ncirc; ci++) {
            run_program(p, ci, start, s);
            permutation_chunk(p, ci, start, s);
            lookup_chunk(p, ci, start, s);
        }
        memcpy(&p->h[start], s->acc, sizeof s->acc);
    }
}

static int evaluate_h(prover *p) {
    const int T = p->nthreads;
    const halo2_program *pr = &p->pk->gates;
    eval_scratch *sc = NULL;
    pasta_fp_one(&p->ypow[0]);
    for (int i = 1; i <= pr->max_group && i <= HALO2_MAX_POLYS; i++) pasta_fp_mul(&p->ypow[i], &p->ypow[i - 1], &p->y);
    int rc = scratch_alloc(&sc, pr, T);
    if (rc == PASTA_OK) {
        h_ctx hc = {p, sc};
        halo2_par_for(p->N / CHUNK, T, h_chunks, &hc);
    }
    scratch_free(sc, T);
    return rc;
}

/* h / (X^n − 1), back to coefficients, cut into nh pieces of n, committed. */
static int commit_h(prover *p) {
    TRY(pasta_fp_divide_by_vanishing(p->d, p->h, p->N));
    TRY(pasta_fp_extended_to_coeff(p->d, p->h, p->N, p->threads));
    phase_end(p, HALO2_PH_QUOTIENT_NTT);
    pasta_vesta_affine c[MAX_H];
    for (int i = 0; i < p->nh; i++) TRY(random_fp(p, &p->h_blinds[i]));
    for (int i = 0; i < p->nh; i++)
        TRY(halo2_ck_commit(p->ck, &c[i], &p->h[(size_t)i * p->n], &p->h_blinds[i], p->threads));
    for (int i = 0; i < p->nh; i++) TRY(write_point(&p->w, &c[i]));
    return PASTA_OK;
}

/* ---- Phase: lookups (lookup/prover.rs). */

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

/* permute_expression_pair: over the usable rows, A' = the inputs sorted; S'[row] = A'[row]
 * at the first row of each run of equal inputs (one table occurrence of that value used),
 * the leftover table values in ascending order into the other rows, each taking the last
 * remaining one; then blinding + 1 random rows in each (inputs first, then table).
 * PASTA_ERR_INVALID_ARG when an input is not in the table (halo2's
 * ConstraintSystemFailure). */
static int permute_pair(prover *p, const pasta_fp *in, const pasta_fp *tab, pasta_fp *a_out,
                        pasta_fp *s_out) {
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
                if (nrep == 0) rc = PASTA_ERR_INVALID_ARG; /* cannot happen: counts agree */
                else s_out[repeated[--nrep]] = tab[kt[t].index];
            }
    }
    for (size_t r = usable; rc == PASTA_OK && r < n; r++) rc = random_fp(p, &a_out[r]);
    for (size_t r = usable; rc == PASTA_OK && r < n; r++) rc = random_fp(p, &s_out[r]);
    free(ki), free(kt), free(repeated), free(used);
    return rc;
}

/* commit_permuted for every circuit and lookup: the compressed input and table values
 * (θ), A' and S', their commitments (random blinds: input, then table), polys, cosets. */
static int commit_lookups_permuted(prover *p) {
    const halo2_cs *cs = p->cs;
    const size_t n = p->n;
    if (cs->n_lookups == 0) return PASTA_OK;
    const size_t nn = (size_t)cs->n_nodes;
    uint8_t *needed = malloc(nn);
    int *order = malloc(nn * sizeof *order);
    eval_scratch s = {0};
    s.buf = malloc(nn * CHUNK * sizeof(pasta_fp));
    s.val = malloc(nn * sizeof *s.val);
    int rc = (needed && order && s.buf && s.val) ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    if (rc == PASTA_OK) rc = halo2_expr_topo_order(cs, order);
    if (rc == PASTA_OK) {
        memset(needed, 0, nn);
        for (int oi = cs->n_nodes - 1; oi >= 0; oi--) { /* the lookups' expressions alone */
            const int i = order[oi];
            const halo2_expr *e = &cs->nodes[i];
            for (int l = 0; l < cs->n_lookups; l++)
                for (int j = 0; j < cs->lookups[l].n; j++)
                    if (cs->lookups[l].input[j] == i || cs->lookups[l].table[j] == i) needed[i] = 1;
            if (!needed[i]) continue;
            if (e->op == HALO2_E_NEGATED || e->op == HALO2_E_SCALED) needed[e->a] = 1;
            if (e->op == HALO2_E_SUM || e->op == HALO2_E_PRODUCT) needed[e->a] = needed[e->b] = 1;
        }
    }
    for (int ci = 0; rc == PASTA_OK && ci < p->ncirc; ci++) {
        circuit_data *cd = &p->cd[ci];
        for (size_t start = 0; start < n; start += CHUNK) {
            eval_chunk_nodes(p, ci, (long)start, 1, order, needed, &s);
            for (int l = 0; l < cs->n_lookups; l++) {
                compress_chunk(p, cs->lookups[l].input, cs->lookups[l].n, &s, &cd->lk_in[(size_t)l * n + start]);
                compress_chunk(p, cs->lookups[l].table, cs->lookups[l].n, &s, &cd->lk_tab[(size_t)l * n + start]);
            }
        }
        for (int l = 0; rc == PASTA_OK && l < cs->n_lookups; l++) {
            const size_t o = (size_t)l * n, O = (size_t)l * p->N;
            pasta_vesta_affine ca, cs_;
            rc = permute_pair(p, &cd->lk_in[o], &cd->lk_tab[o], &cd->lk_a[o], &cd->lk_s[o]);
            if (rc == PASTA_OK) rc = random_fp(p, &cd->lk_a_blind[l]);
            if (rc == PASTA_OK) rc = halo2_ck_commit_lagrange(p->ck, &ca, &cd->lk_a[o], &cd->lk_a_blind[l], p->threads);
            if (rc == PASTA_OK) rc = random_fp(p, &cd->lk_s_blind[l]);
            if (rc == PASTA_OK) rc = halo2_ck_commit_lagrange(p->ck, &cs_, &cd->lk_s[o], &cd->lk_s_blind[l], p->threads);
            if (rc == PASTA_OK) rc = write_point(&p->w, &ca);
            if (rc == PASTA_OK) rc = write_point(&p->w, &cs_);
            if (rc == PASTA_OK) rc = to_poly_and_coset(p, &cd->lk_a[o], &cd->lk_a_polys[o], &cd->lk_a_cosets[O]);
            if (rc == PASTA_OK) rc = to_poly_and_coset(p, &cd->lk_s[o], &cd->lk_s_polys[o], &cd->lk_s_cosets[O]);
        }
    }
    free(needed), free(order), free(s.buf), free(s.val);
    return rc;
}

/* commit_product for every circuit and lookup: Z[0] = 1, Z[i + 1] = Z[i] (A_c + β)
 * (S_c + γ) / ((A' + β) (S' + γ)) up to the last usable row, then `blinding` random rows;
 * a random blind. */
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

static int commit_lookups_product(prover *p) {
    const halo2_cs *cs = p->cs;
    const size_t n = p->n;
    if (cs->n_lookups == 0) return PASTA_OK;
    pasta_fp *num = malloc(n * sizeof *num), *den = malloc(n * sizeof *den), *z = malloc(n * sizeof *z);
    int rc = (num && den && z) ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    for (int ci = 0; rc == PASTA_OK && ci < p->ncirc; ci++) {
        circuit_data *cd = &p->cd[ci];
        for (int l = 0; rc == PASTA_OK && l < cs->n_lookups; l++) {
            const size_t o = (size_t)l * n;
            lkp_ctx lc = {p, cd, o, num, den};
            halo2_par_for(n, p->nthreads, lkp_rows, &lc);
            rc = pasta_fp_grand_product(z, num, den, n);
            for (size_t r = n - (size_t)p->blinding; rc == PASTA_OK && r < n; r++) rc = random_fp(p, &z[r]);
            if (rc == PASTA_OK) rc = random_fp(p, &cd->lk_z_blind[l]);
            pasta_vesta_affine c;
            if (rc == PASTA_OK) rc = halo2_ck_commit_lagrange(p->ck, &c, z, &cd->lk_z_blind[l], p->threads);
            if (rc == PASTA_OK) rc = to_poly_and_coset(p, z, &cd->lk_z_polys[o], &cd->lk_z_cosets[(size_t)l * p->N]);
            if (rc == PASTA_OK) rc = write_point(&p->w, &c);
        }
    }
    free(num), free(den), free(z);
    return rc;
}

/* ---- Phase: evaluations. Every (polynomial, point) is evaluated in parallel, then the
 * values are written in halo2's order. */
typedef struct eval_job {
    const pasta_fp *poly;
    pasta_fp point, value;
} eval_job;

static int add_job(eval_job *jobs, int *nj, int cap, const pasta_fp *poly, const pasta_fp *point) {
    if (*nj >= cap) return PASTA_ERR_UNSUPPORTED;
    jobs[*nj].poly = poly;
    jobs[*nj].point = *point;
    (*nj)++;
    return PASTA_OK;
}

typedef struct eval_jobs_ctx {
    eval_job *jobs;
    size_t n;
} eval_jobs_ctx;
static void eval_jobs(void *vc, size_t j0, size_t j1, int t) {
    const eval_jobs_ctx *x = vc;
    (void)t;
    for (size_t j = j0; j < j1; j++)
        pasta_fp_poly_eval(&x->jobs[j].value, x->jobs[j].poly, x->n, &x->jobs[j].point);
}

static int evaluations(prover *p) {
    const halo2_cs *cs = p->cs;
    const int cap = MAX_PQUERIES;
    eval_job *jobs = malloc((size_t)cap * sizeof *jobs);
    if (jobs == NULL) return PASTA_ERR_NO_MEMORY;
    int nj = 0, rc = PASTA_OK;
    pasta_fp pt, x_next, x_last;
    rotate_omega(p, &x_next, &p->x, 1);
    rotate_omega(p, &x_last, &p->x, -(p->blinding + 1));
    for (int ci = 0; ci < p->ncirc && rc == PASTA_OK; ci++)
        for (int q = 0; q < cs->n_instance_queries && rc == PASTA_OK; q++) {
            rotate_omega(p, &pt, &p->x, cs->instance_queries[q].rotation);
            rc = add_job(jobs, &nj, cap,
                         &p->cd[ci].inst_polys[(size_t)cs->instance_queries[q].column.index * p->n], &pt);
        }
    for (int ci = 0; ci < p->ncirc && rc == PASTA_OK; ci++)
        for (int q = 0; q < cs->n_advice_queries && rc == PASTA_OK; q++) {
            rotate_omega(p, &pt, &p->x, cs->advice_queries[q].rotation);
            rc = add_job(jobs, &nj, cap,
                         &p->cd[ci].adv_polys[(size_t)cs->advice_queries[q].column.index * p->n], &pt);
        }
    for (int q = 0; q < cs->n_fixed_queries && rc == PASTA_OK; q++) {
        rotate_omega(p, &pt, &p->x, cs->fixed_queries[q].rotation);
        rc = add_job(jobs, &nj, cap, &p->pk->fixed_polys[(size_t)cs->fixed_queries[q].column.index * p->n], &pt);
    }
    if (rc == PASTA_OK) rc = add_job(jobs, &nj, cap, p->random_poly, &p->x);
    for (int c = 0; c < cs->n_perm_columns && rc == PASTA_OK; c++)
        rc = add_job(jobs, &nj, cap, &p->pk->perm_polys[(size_t)c * p->n], &p->x);
    for (int ci = 0; ci < p->ncirc && rc == PASTA_OK; ci++)
        for (int s = 0; s < p->nsets && rc == PASTA_OK; s++) {
            const pasta_fp *z = &p->cd[ci].z_polys[(size_t)s * p->n];
            rc = add_job(jobs, &nj, cap, z, &p->x);
            if (rc == PASTA_OK) rc = add_job(jobs, &nj, cap, z, &x_next);
            if (rc == PASTA_OK && s + 1 < p->nsets) rc = add_job(jobs, &nj, cap, z, &x_last);
        }
    /* per lookup: Z(x), Z(ωx), A'(x), A'(ω^-1 x), S'(x) */
    pasta_fp x_prev;
    rotate_omega(p, &x_prev, &p->x, -1);
    for (int ci = 0; ci < p->ncirc && rc == PASTA_OK; ci++)
        for (int l = 0; l < cs->n_lookups && rc == PASTA_OK; l++) {
            const size_t o = (size_t)l * p->n;
            const circuit_data *cd = &p->cd[ci];
            rc = add_job(jobs, &nj, cap, &cd->lk_z_polys[o], &p->x);
            if (rc == PASTA_OK) rc = add_job(jobs, &nj, cap, &cd->lk_z_polys[o], &x_next);
            if (rc == PASTA_OK) rc = add_job(jobs, &nj, cap, &cd->lk_a_polys[o], &p->x);
            if (rc == PASTA_OK) rc = add_job(jobs, &nj, cap, &cd->lk_a_polys[o], &x_prev);
            if (rc == PASTA_OK) rc = add_job(jobs, &nj, cap, &cd->lk_s_polys[o], &p->x);
        }
    if (rc == PASTA_OK) {
        eval_jobs_ctx ec = {jobs, p->n};
        halo2_par_for((size_t)nj, p->nthreads, eval_jobs, &ec);
        for (int j = 0; j < nj && rc == PASTA_OK; j++) rc = write_scalar(&p->w, &jobs[j].value);
    }
    free(jobs);
    return rc;
}

/* ---- Phase: the queries (plonk/prover.rs `instances`), in halo2's order. */

static int new_polyref(prover *p, const pasta_fp *coeffs, const pasta_fp *blind) {
    if (p->npolys >= MAX_POLYREFS) return -1;
    p->polys[p->npolys].coeffs = coeffs;
    p->polys[p->npolys].blind = *blind;
    return p->npolys++;
}

static int add_pquery(prover *p, int poly, const pasta_fp *point) {
    if (poly < 0 || p->nqueries >= MAX_PQUERIES) return PASTA_ERR_UNSUPPORTED;
    p->queries[p->nqueries].poly = poly;
    p->queries[p->nqueries].point = *point;
    p->nqueries++;
    return PASTA_OK;
}

static int build_queries(prover *p) {
    const halo2_cs *cs = p->cs;
    pasta_fp one, pt, x_next, x_last;
    pasta_fp_one(&one);
    rotate_omega(p, &x_next, &p->x, 1);
    rotate_omega(p, &x_last, &p->x, -(p->blinding + 1));
    p->npolys = p->nqueries = 0;
    for (int ci = 0; ci < p->ncirc; ci++) {
        circuit_data *cd = &p->cd[ci];
        int ref[HALO2_MAX_COLUMNS];
        for (int c = 0; c < cs->num_instance; c++)
            ref[c] = new_polyref(p, &cd->inst_polys[(size_t)c * p->n], &one);
        for (int q = 0; q < cs->n_instance_queries; q++) {
            rotate_omega(p, &pt, &p->x, cs->instance_queries[q].rotation);
            TRY(add_pquery(p, ref[cs->instance_queries[q].column.index], &pt));
        }
        for (int c = 0; c < cs->num_advice; c++)
            ref[c] = new_polyref(p, &cd->adv_polys[(size_t)c * p->n], &cd->adv_blinds[c]);
        for (int q = 0; q < cs->n_advice_queries; q++) {
            rotate_omega(p, &pt, &p->x, cs->advice_queries[q].rotation);
            TRY(add_pquery(p, ref[cs->advice_queries[q].column.index], &pt));
        }
        for (int s = 0; s < p->nsets; s++) {
            ref[s] = new_polyref(p, &cd->z_polys[(size_t)s * p->n], &cd->z_blinds[s]);
            TRY(add_pquery(p, ref[s], &p->x));
            TRY(add_pquery(p, ref[s], &x_next));
        }
        for (int s = p->nsets - 2; s >= 0; s--) TRY(add_pquery(p, ref[s], &x_last));
        /* per lookup: Z at x, A' at x, S' at x, A' at ω^-1 x, Z at ωx */
        pasta_fp x_prev;
        rotate_omega(p, &x_prev, &p->x, -1);
        for (int l = 0; l < cs->n_lookups; l++) {
            const size_t o = (size_t)l * p->n;
            const int z = new_polyref(p, &cd->lk_z_polys[o], &cd->lk_z_blind[l]);
            const int a = new_polyref(p, &cd->lk_a_polys[o], &cd->lk_a_blind[l]);
            const int s = new_polyref(p, &cd->lk_s_polys[o], &cd->lk_s_blind[l]);
            TRY(add_pquery(p, z, &p->x));
            TRY(add_pquery(p, a, &p->x));
            TRY(add_pquery(p, s, &p->x));
            TRY(add_pquery(p, a, &x_prev));
            TRY(add_pquery(p, z, &x_next));
        }
    }
    {
        int ref[HALO2_MAX_COLUMNS];
        for (int c = 0; c < cs->num_fixed; c++)
            ref[c] = new_polyref(p, &p->pk->fixed_polys[(size_t)c * p->n], &one);
        for (int q = 0; q < cs->n_fixed_queries; q++) {
            rotate_omega(p, &pt, &p->x, cs->fixed_queries[q].rotation);
            TRY(add_pquery(p, ref[cs->fixed_queries[q].column.index], &pt));
        }
    }
    for (int c = 0; c < cs->n_perm_columns; c++)
        TRY(add_pquery(p, new_polyref(p, &p->pk->perm_polys[(size_t)c * p->n], &one), &p->x));
    TRY(add_pquery(p, new_polyref(p, p->h_poly, &p->h_blind), &p->x));
    TRY(add_pquery(p, new_polyref(p, p->random_poly, &p->random_blind), &p->x));
    return PASTA_OK;
}

/* ---- Phase: multiopen (poly/multiopen/prover.rs create_proof), then the IPA. */

typedef struct opening_sets {
    pasta_fp points[MAX_POINTS];
    int npoints;
    uint64_t pmask[MAX_POLYREFS]; /* per polynomial: its point set */
    int pset[MAX_POLYREFS];       /* per polynomial: its set (-1: not queried) */
    int porder[MAX_POLYREFS];     /* polynomials in order of first query */
    int npo;
    uint64_t setmask[MAX_POLYREFS];
    int nsets;
} opening_sets;

static int point_index(opening_sets *o, const pasta_fp *pt) {
    for (int i = 0; i < o->npoints; i++)
        if (pasta_fp_eq(&o->points[i], pt)) return i;
    if (o->npoints >= MAX_POINTS) return -1;
    o->points[o->npoints] = *pt;
    return o->npoints++;
}

/* construct_intermediate_sets: points numbered by first query, polynomials ordered by
 * first query, each polynomial's set of points, sets numbered by first polynomial. */
static int intermediate_sets(const prover *p, opening_sets *o) {
    o->npoints = o->npo = o->nsets = 0;
    for (int i = 0; i < p->npolys; i++) o->pmask[i] = 0, o->pset[i] = -1;
    for (int q = 0; q < p->nqueries; q++) {
        const int pi = point_index(o, &p->queries[q].point), poly = p->queries[q].poly;
        if (pi < 0) return PASTA_ERR_UNSUPPORTED;
        if (o->pset[poly] == -1) {
            o->pset[poly] = -2;
            o->porder[o->npo++] = poly;
        }
        o->pmask[poly] |= (uint64_t)1 << pi;
    }
    for (int i = 0; i < o->npo; i++) {
        const int poly = o->porder[i];
        int s;
        for (s = 0; s < o->nsets; s++)
            if (o->setmask[s] == o->pmask[poly]) break;
        if (s == o->nsets) o->setmask[o->nsets++] = o->pmask[poly];
        o->pset[poly] = s;
    }
    return PASTA_OK;
}

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

/* L and R at once on 2 threads, each MSM on one: no split of an MSM into chunks, whose
 * extra bucket work is the most a 2-thread proof loses (docs/PARALLEL.md). */
typedef struct ipa_sides_ctx {
    const prover *p;
    pasta_vesta_affine *out[2];
    const pasta_vesta_affine *bases[2];
    const pasta_fp *scalars[2], *vz[2], *rand[2];
    pasta_vesta_affine *bscratch[2];
    pasta_fp *sscratch[2];
    size_t half;
    int rc[2];
} ipa_sides_ctx;
static void ipa_sides(void *vc, size_t s0, size_t s1, int t) {
    ipa_sides_ctx *x = vc;
    (void)t;
    for (size_t s = s0; s < s1; s++)
        x->rc[s] = ipa_side(x->p, x->out[s], x->bases[s], x->scalars[s], x->half, x->vz[s],
                            x->rand[s], x->bscratch[s], x->sscratch[s], 1);
}

/* g[i] = g[i] + [u] g[i + half], i < half (parallel_generator_collapse): pasta's
 * fold_var, one recoding of u shared by the points, batch-affine steps. */
static int fold_generators(const prover *p, pasta_vesta_affine *g, size_t half, const pasta_fp *u) {
    return pasta_vesta_fold_var(g, g, &g[half], half, u, p->threads);
}

/* poly/commitment/prover.rs create_proof for p_poly (n coefficients, consumed), its blind,
 * at x3. */
static int ipa(prover *p, pasta_fp *p_poly, const pasta_fp *p_blind, const pasta_fp *x3) {
    const size_t n = p->n;
    const int k = (int)p->ck->params->k;
    pasta_fp *s_poly = malloc(n * sizeof *s_poly), *b = malloc(n * sizeof *b);
    pasta_fp *sscratch = malloc(2 * (n / 2 + 2) * sizeof *sscratch);
    pasta_vesta_affine *g = malloc(n * sizeof *g), *bscratch = malloc(2 * (n / 2 + 2) * sizeof *bscratch);
    int rc = (s_poly && b && sscratch && g && bscratch) ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    pasta_fp s_at_x3, s_blind, xi, z, v, f, t;
    pasta_vesta_affine c;
    for (size_t i = 0; rc == PASTA_OK && i < n; i++) rc = random_fp(p, &s_poly[i]);
    if (rc == PASTA_OK) {
        pasta_fp_poly_eval(&s_at_x3, s_poly, n, x3);
        pasta_fp_sub(&s_poly[0], &s_poly[0], &s_at_x3);
        rc = random_fp(p, &s_blind);
    }
    if (rc == PASTA_OK) rc = halo2_ck_commit(p->ck, &c, s_poly, &s_blind, p->threads);
    if (rc == PASTA_OK) rc = write_point(&p->w, &c);
    if (rc == PASTA_OK) {
        halo2_transcript_squeeze_challenge(&p->w.t, &xi);
        halo2_transcript_squeeze_challenge(&p->w.t, &z);
        /* p' = ξ s + p, minus its value at x3 in the constant term */
        pasta_fp_vec_scale(s_poly, s_poly, &xi, n);
        pasta_fp_vec_add(p_poly, p_poly, s_poly, n);
        pasta_fp_poly_eval(&v, p_poly, n, x3);
        pasta_fp_sub(&p_poly[0], &p_poly[0], &v);
        pasta_fp_mul(&f, &s_blind, &xi);
        pasta_fp_add(&f, &f, p_blind);
        pasta_fp_one(&b[0]);
        for (size_t i = 1; i < n; i++) pasta_fp_mul(&b[i], &b[i - 1], x3);
        memcpy(g, p->ck->params->g, n * sizeof *g);
    }
    for (int j = 0; rc == PASTA_OK && j < k; j++) {
        const size_t half = (size_t)1 << (k - j - 1);
        pasta_fp vl, vr, lr, rr, u, uinv;
        pasta_vesta_affine L, R;
        pasta_fp_vec_inner_product(&vl, &p_poly[half], b, half);
        pasta_fp_vec_inner_product(&vr, p_poly, &b[half], half);
        rc = random_fp(p, &lr);
        if (rc == PASTA_OK) rc = random_fp(p, &rr);
        if (rc != PASTA_OK) break;
        pasta_fp_mul(&vl, &vl, &z);
        pasta_fp_mul(&vr, &vr, &z);
        if (p->nthreads == 2) {
            ipa_sides_ctx sc = {p, {&L, &R}, {g, &g[half]}, {&p_poly[half], p_poly}, {&vl, &vr},
                                {&lr, &rr}, {bscratch, bscratch + n / 2 + 2},
                                {sscratch, sscratch + n / 2 + 2}, half, {0, 0}};
            halo2_par_for(2, 2, ipa_sides, &sc);
            rc = sc.rc[0] != PASTA_OK ? sc.rc[0] : sc.rc[1];
        } else {
            rc = ipa_side(p, &L, g, &p_poly[half], half, &vl, &lr, bscratch, sscratch, p->threads);
            if (rc == PASTA_OK)
                rc = ipa_side(p, &R, &g[half], p_poly, half, &vr, &rr, bscratch, sscratch, p->threads);
        }
        if (rc == PASTA_OK) rc = write_point(&p->w, &L);
        if (rc == PASTA_OK) rc = write_point(&p->w, &R);
        if (rc != PASTA_OK) break;
        halo2_transcript_squeeze_challenge(&p->w.t, &u);
        pasta_fp_invert_var(&uinv, &u);
        for (size_t i = 0; i < half; i++) {
            pasta_fp_mul(&t, &p_poly[i + half], &uinv);
            pasta_fp_add(&p_poly[i], &p_poly[i], &t);
            pasta_fp_mul(&t, &b[i + half], &u);
            pasta_fp_add(&b[i], &b[i], &t);
        }
        rc = fold_generators(p, g, half, &u);
        pasta_fp_mul(&t, &lr, &uinv);
        pasta_fp_add(&f, &f, &t);
        pasta_fp_mul(&t, &rr, &u);
        pasta_fp_add(&f, &f, &t);
    }
    if (rc == PASTA_OK) rc = write_scalar(&p->w, &p_poly[0]);
    if (rc == PASTA_OK) rc = write_scalar(&p->w, &f);
    free(s_poly), free(b), free(sscratch), free(g), free(bscratch);
    return rc;
}

static int multiopen(prover *p) {
    const size_t n = p->n;
    opening_sets *o = malloc(sizeof *o);
    if (o == NULL) return PASTA_ERR_NO_MEMORY;
    int rc = intermediate_sets(p, o);
    if (rc != PASTA_OK) {
        free(o);
        return rc;
    }
    const int S = o->nsets;
    pasta_fp *q = calloc((size_t)S * n, sizeof *q), *qp = calloc(n, sizeof *qp);
    pasta_fp *div = malloc(n * sizeof *div), *qblind = calloc((size_t)S, sizeof *qblind);
    uint8_t *qset = calloc((size_t)S, 1);
    if (!q || !qp || !div || !qblind || !qset) rc = PASTA_ERR_NO_MEMORY;
    pasta_fp x1, x2, x3, x4, qp_blind, t;
    if (rc == PASTA_OK) {
        halo2_transcript_squeeze_challenge(&p->w.t, &x1);
        halo2_transcript_squeeze_challenge(&p->w.t, &x2);
        /* q_s = q_s x1 + poly over the set's polynomials in order; blinds likewise */
        for (int i = 0; i < o->npo; i++) {
            const int poly = o->porder[i], s = o->pset[poly];
            pasta_fp *qs = &q[(size_t)s * n];
            if (qset[s]) pasta_fp_vec_scale(qs, qs, &x1, n);
            pasta_fp_vec_add(qs, qs, p->polys[poly].coeffs, n);
            pasta_fp_mul(&qblind[s], &qblind[s], &x1);
            pasta_fp_add(&qblind[s], &qblind[s], &p->polys[poly].blind);
            qset[s] = 1;
        }
        /* q' = fold over sets of q_s / prod (X − point), x2 */
        for (int s = 0; s < S; s++) {
            size_t len = n;
            memcpy(div, &q[(size_t)s * n], n * sizeof *div);
            for (int pt = 0; pt < o->npoints; pt++)
                if ((o->setmask[s] >> pt) & 1) {
                    pasta_fp_kate_division(div, div, len, &o->points[pt]);
                    len--;
                }
            for (size_t i = len; i < n; i++) pasta_fp_zero(&div[i]);
            if (s > 0) pasta_fp_vec_scale(qp, qp, &x2, n);
            pasta_fp_vec_add(qp, qp, div, n);
        }
        rc = random_fp(p, &qp_blind);
    }
    pasta_vesta_affine c;
    if (rc == PASTA_OK) rc = halo2_ck_commit(p->ck, &c, qp, &qp_blind, p->threads);
    if (rc == PASTA_OK) rc = write_point(&p->w, &c);
    if (rc == PASTA_OK) {
        halo2_transcript_squeeze_challenge(&p->w.t, &x3);
        for (int s = 0; s < S && rc == PASTA_OK; s++) {
            pasta_fp e;
            pasta_fp_poly_eval_par(&e, &q[(size_t)s * n], n, &x3, p->threads);
            rc = write_scalar(&p->w, &e);
        }
    }
    if (rc == PASTA_OK) {
        halo2_transcript_squeeze_challenge(&p->w.t, &x4);
        /* p = fold over sets starting from q': p x4 + q_s */
        for (int s = 0; s < S; s++) {
            pasta_fp_vec_scale(qp, qp, &x4, n);
            pasta_fp_vec_add(qp, qp, &q[(size_t)s * n], n);
            pasta_fp_mul(&t, &qp_blind, &x4);
            pasta_fp_add(&qp_blind, &t, &qblind[s]);
        }
        phase_end(p, HALO2_PH_MULTIOPEN);
        rc = ipa(p, qp, &qp_blind, &x3);
        phase_end(p, HALO2_PH_IPA);
    }
    free(o), free(q), free(qp), free(div), free(qblind), free(qset);
    return rc;
}

/* ---- Sizes and create_proof. */

/* The number of multiopen point sets: the distinct sets of rotations of the polynomials
 * (the points x ω^r are distinct for distinct r). Rotations as a bitmask over the
 * distinct rotation values in order of first appearance. */
static int count_point_sets(const halo2_cs *cs, int nsets, int blinding) {
    int rots[MAX_POINTS], nrots = 0;
    uint64_t masks[4 * HALO2_MAX_COLUMNS + MAX_SETS + 4];
    int nmask = 0;
#define ROT_BIT(r, out)                                                                            \
    do {                                                                                           \
        int i_;                                                                                    \
        for (i_ = 0; i_ < nrots; i_++)                                                             \
            if (rots[i_] == (r)) break;                                                            \
        if (i_ == nrots && nrots < MAX_POINTS) rots[nrots++] = (r);                                \
        (out) = (uint64_t)1 << i_;                                                                 \
    } while (0)
    uint64_t col[HALO2_MAX_COLUMNS], bit;
    const halo2_query *lists[3] = {cs->instance_queries, cs->advice_queries, cs->fixed_queries};
    const int counts[3] = {cs->n_instance_queries, cs->n_advice_queries, cs->n_fixed_queries};
    const int ncols[3] = {cs->num_instance, cs->num_advice, cs->num_fixed};
    for (int l = 0; l < 3; l++) {
        memset(col, 0, sizeof col);
        for (int q = 0; q < counts[l]; q++) {
            ROT_BIT(lists[l][q].rotation, bit);
            col[lists[l][q].column.index] |= bit;
        }
        for (int c = 0; c < ncols[l]; c++)
            if (col[c]) masks[nmask++] = col[c];
        if (l == 1) /* the permutation products, after advice */
            for (int s = 0; s < nsets; s++) {
                uint64_t m, b2;
                ROT_BIT(0, m);
                ROT_BIT(1, b2);
                m |= b2;
                if (s + 1 < nsets) {
                    ROT_BIT(-(blinding + 1), b2);
                    m |= b2;
                }
                masks[nmask++] = m;
            }
        if (l == 1 && cs->n_lookups > 0) { /* the lookups: Z {0, 1}, A' {0, -1}, S' {0} */
            uint64_t m0, m1, mm1;
            ROT_BIT(0, m0);
            ROT_BIT(1, m1);
            ROT_BIT(-1, mm1);
            masks[nmask++] = m0 | m1;
            masks[nmask++] = m0 | mm1;
            masks[nmask++] = m0;
        }
    }
    ROT_BIT(0, bit);
    masks[nmask++] = bit; /* σ, h, random: at x */
#undef ROT_BIT
    int sets = 0;
    for (int i = 0; i < nmask; i++) {
        int seen = 0;
        for (int j = 0; j < i; j++) seen |= masks[j] == masks[i];
        sets += !seen;
    }
    return sets;
}

size_t halo2_proof_size(const halo2_vk *vk, int ncircuits) {
    const halo2_cs *cs = vk->cs;
    const int degree = halo2_cs_degree(cs), blinding = halo2_cs_blinding_factors(cs);
    const int chunk = degree - 2, nsets = (cs->n_perm_columns + chunk - 1) / chunk;
    const size_t A = (size_t)ncircuits;
    const size_t L = (size_t)cs->n_lookups;
    size_t points = A * (size_t)cs->num_advice + A * 3 * L + A * (size_t)nsets + 1 +
                    (size_t)(degree - 1) + 1 + 1 + 2 * (size_t)vk->k;
    size_t scalars = A * (size_t)(cs->n_instance_queries + cs->n_advice_queries) +
                     (size_t)cs->n_fixed_queries + 1 + (size_t)cs->n_perm_columns +
                     A * (size_t)(nsets > 0 ? 3 * nsets - 1 : 0) + A * 5 * L +
                     (size_t)count_point_sets(cs, nsets, blinding) + 2;
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

static int check_args(const halo2_commit_key *ck, const halo2_pk *pk, const halo2_witness *circuits,
                      int ncircuits, pasta_rng_fn rng, uint8_t *out, size_t *len) {
    if (ck == NULL || pk == NULL || pk->vk == NULL || pk->vk->cs == NULL || circuits == NULL ||
        ncircuits < 1 || rng == NULL || out == NULL || len == NULL || ck->params == NULL)
        return PASTA_ERR_INVALID_ARG;
    const halo2_cs *cs = pk->vk->cs;
    if (cs->error || ck->n != pk->n || ck->params->k != (uint32_t)pk->vk->k) return PASTA_ERR_INVALID_ARG;
    for (int i = 0; i < cs->n_nodes; i++)
        if (cs->nodes[i].op == HALO2_E_SELECTOR) return PASTA_ERR_INVALID_ARG; /* not compressed */
    for (int c = 0; c < cs->n_perm_columns; c++)
        if (halo2_cs_cur_query_index(cs, cs->perm_columns[c]) < 0) return PASTA_ERR_UNSUPPORTED;
    if (halo2_cs_degree(cs) - 1 > MAX_H || halo2_cs_degree(cs) < 3) return PASTA_ERR_UNSUPPORTED;
    if (pk->ext_n % CHUNK != 0) return PASTA_ERR_UNSUPPORTED; /* extended domains below 64 points */
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
    phase_end(p, HALO2_PH_ADVICE);
    halo2_transcript_squeeze_challenge(&p->w.t, &p->theta);
    TRY(commit_lookups_permuted(p));
    phase_end(p, HALO2_PH_LOOKUPS);
    halo2_transcript_squeeze_challenge(&p->w.t, &p->beta);
    halo2_transcript_squeeze_challenge(&p->w.t, &p->gamma);
    TRY(commit_permutation(p));
    phase_end(p, HALO2_PH_PERMUTATION);
    TRY(commit_lookups_product(p));
    phase_end(p, HALO2_PH_LOOKUPS);
    TRY(commit_random_poly(p));
    phase_end(p, HALO2_PH_H_COMMIT);
    halo2_transcript_squeeze_challenge(&p->w.t, &p->y);
    TRY(evaluate_h(p));
    phase_end(p, HALO2_PH_GATES);
    TRY(commit_h(p));
    phase_end(p, HALO2_PH_H_COMMIT);
    halo2_transcript_squeeze_challenge(&p->w.t, &p->x);
    fp_pow_u64(&p->xn, &p->x, p->n);
    TRY(evaluations(p));
    /* h(X) = sum x^(n i) h_i(X), its blind likewise (vanishing/prover.rs evaluate) */
    memset(p->h_poly, 0, p->n * sizeof(pasta_fp));
    pasta_fp_zero(&p->h_blind);
    for (int i = p->nh - 1; i >= 0; i--) {
        pasta_fp_vec_scale(p->h_poly, p->h_poly, &p->xn, p->n);
        pasta_fp_vec_add(p->h_poly, p->h_poly, &p->h[(size_t)i * p->n], p->n);
        pasta_fp_mul(&p->h_blind, &p->h_blind, &p->xn);
        pasta_fp_add(&p->h_blind, &p->h_blind, &p->h_blinds[i]);
    }
    phase_end(p, HALO2_PH_EVALS);
    TRY(build_queries(p));
    return multiopen(p);
}

int halo2_create_proof(const halo2_commit_key *ck, const halo2_pk *pk,
                       const halo2_witness *circuits, int ncircuits, pasta_rng_fn rng,
                       void *rng_ctx, int threads, uint8_t *out, size_t cap, size_t *len,
                       halo2_prover_timings *timings) {
    int rc = check_args(ck, pk, circuits, ncircuits, rng, out, len);
    if (rc != PASTA_OK) return rc;
    if (threads < 0 || threads > HALO2_MAX_THREADS) return PASTA_ERR_INVALID_ARG;
    const size_t size = halo2_proof_size(pk->vk, ncircuits);
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
    p->nthreads = resolve_threads(threads);
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
    if (rc == PASTA_OK && p->w.pos != size) rc = PASTA_ERR_UNSUPPORTED; /* size rule broken */
    if (rc == PASTA_OK) *len = p->w.pos;
    free_circuits(p->cd, p->ncirc);
    free(p->random_poly), free(p->h), free(p->h_poly);
    free(p);
    return rc;
}
