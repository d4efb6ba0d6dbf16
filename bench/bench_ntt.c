/* NTT benchmarks (suite "ntt", fft/): per field and runnable backend, in-place transforms
 * of n = 2^lg elements, one call per iteration:
 *   fwd          pasta_<f>_ntt (radix-2^2 passes, cache-blocked; docs/FFT.md)
 *   inv          pasta_<f>_intt (the same with inverse twiddles, then 1/n)
 *   fwd_radix2   the baseline: plain iterative radix-2, strided twiddles (internal entry)
 *   coset        coeff_to_extended: n/8 coefficients to the size-n coset (j = 3, halo2's
 *                k -> k + 3 of Orchard's quotient; n is the extended size)
 *   points_inv   the inverse transform of n Vesta points (fp) or Pallas points (fq): the
 *                Lagrange commitment key (each butterfly a mul_var)
 * --quick: n = 2^11, 2^14, 2^16 (points 2^6) on Fp at 1 thread, thread CPU time, and fwd
 * at 2 threads from 2^14 (Fq, the same code: fwd and inv, only when a --filter names
 * them); --full: every row on both fields, n = 2^10 .. 2^12, then every other power to
 * 2^20 (points to 2^10), at 1, 2 and 8 threads (wall clock above 1); --sizes LIST
 * replaces the sizes (powers of two). After each row: ns per
 * butterfly ((n/2) log2 n of them) beside the field's mul of the same run (suite field,
 * dependent chain), and their ratio (the gap to the arithmetic floor). --threads LIST:
 * see ntt_threads_rows.
 * `pasta_bench --count ntt_fwd|ntt_inv|ntt_radix2|ntt_coset fp|fq LG` runs one
 * transform of 2^LG untimed, for callgrind instruction counts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"

enum { NTT_FWD, NTT_INV, NTT_RADIX2, NTT_COSET, NTT_POINTS_INV };
static const char *const ntt_names[] = {"fwd", "inv", "fwd_radix2", "coset", "points_inv"};

typedef struct {
    const pasta_ops *ops;
    int field, kind, threads;
    size_t n;
    pasta_fp_domain dp; /* the domain of the field in use (fp or fq: same layout) */
    pasta_fq_domain dq;
    void *a, *src;
} ntt_ctx;

/* Not inlined: callgrind --toggle-collect=ntt_once counts the transform alone. */
__attribute__((noinline)) static void ntt_once(ntt_ctx *c) {
    int rc = 0;
    if (c->field == 0) {
        const struct pasta_fp_ops *o = c->ops->fp;
        switch (c->kind) {
        case NTT_FWD: rc = o->ntt(&c->dp, c->a, c->n, c->threads); break;
        case NTT_INV: rc = o->intt(&c->dp, c->a, c->n, c->threads); break;
        case NTT_RADIX2: rc = o->ntt_radix2(&c->dp, c->a, c->n, 0); break;
        case NTT_COSET:
            rc = o->coeff_to_extended(&c->dp, c->a, c->src, c->n / 8, c->threads);
            break;
        default: rc = c->ops->vesta->intt(&c->dp, c->a, c->n, c->threads); break;
        }
    } else {
        const struct pasta_fq_ops *o = c->ops->fq;
        switch (c->kind) {
        case NTT_FWD: rc = o->ntt(&c->dq, c->a, c->n, c->threads); break;
        case NTT_INV: rc = o->intt(&c->dq, c->a, c->n, c->threads); break;
        case NTT_RADIX2: rc = o->ntt_radix2(&c->dq, c->a, c->n, 0); break;
        case NTT_COSET:
            rc = o->coeff_to_extended(&c->dq, c->a, c->src, c->n / 8, c->threads);
            break;
        default: rc = c->ops->pallas->intt(&c->dq, c->a, c->n, c->threads); break;
        }
    }
    if (rc != PASTA_OK) {
        fprintf(stderr, "bench ntt: %s failed (%d)\n", ntt_names[c->kind], rc);
        exit(1);
    }
}

static void ntt_body(void *vctx, uint64_t iters) {
    ntt_ctx *c = vctx;
    for (uint64_t i = 0; i < iters; i++) ntt_once(c);
    pasta_bench_consume(c->a, 32);
}

/* Domain and data for one row; 0 on success. */
static int ntt_setup(ntt_ctx *c, unsigned lg) {
    c->n = (size_t)1 << lg;
    int k = c->kind == NTT_COSET ? (int)lg - 3 : (int)lg, j = c->kind == NTT_COSET ? 3 : 0;
    int rc = c->field == 0 ? c->ops->fp->domain_init(&c->dp, k, j)
                           : c->ops->fq->domain_init(&c->dq, k, j);
    if (rc != PASTA_OK) return -1;
    size_t esz = c->kind == NTT_POINTS_INV ? sizeof(pasta_pallas_jacobian) : sizeof(pasta_fp);
    c->a = malloc(c->n * esz);
    c->src = malloc(c->n * esz);
    if (c->a == NULL || c->src == NULL) return -1;
    pasta_fp x;
    c->ops->fp->from_u64(&x, 7);
    if (c->kind == NTT_POINTS_INV) {
        pasta_pallas_jacobian *p = c->a;
        pasta_vesta_jacobian *v = c->a;
        for (size_t i = 0; i < c->n; i++) {
            if (c->field == 0) {
                c->ops->vesta->generator(&v[i]);
                if (i) c->ops->vesta->add_var(&v[i], &v[i - 1], &v[i]);
            } else {
                c->ops->pallas->generator(&p[i]);
                if (i) c->ops->pallas->add_var(&p[i], &p[i - 1], &p[i]);
            }
        }
    } else {
        pasta_fp *e = c->a; /* fq has the same layout; values are irrelevant to the cost */
        for (size_t i = 0; i < c->n; i++) {
            c->ops->fp->mul(&x, &x, &x);
            c->ops->fp->add(&x, &x, &e[i > 0 ? i - 1 : 0]);
            e[i] = x;
        }
        memcpy(c->src, c->a, c->n * sizeof(pasta_fp));
    }
    return 0;
}

static void ntt_teardown(ntt_ctx *c) {
    free(c->a);
    free(c->src);
    if (c->field == 0) c->ops->fp->domain_free(&c->dp);
    else c->ops->fq->domain_free(&c->dq);
}

/* The sizes (n = 2^lg) of a kind: --sizes (powers of two from 2^4) or the mode's. */
static int ntt_sizes(int kind, unsigned *lg_out) {
    static const uint64_t quick[] = {1u << 11, 1u << 14, 1u << 16}, quick_pts[] = {1u << 6};
    static const uint64_t full[] = {1u << 10, 1u << 11, 1u << 12, 1u << 14,
                                    1u << 16, 1u << 18, 1u << 20};
    static const uint64_t full_pts[] = {1u << 6, 1u << 7, 1u << 8, 1u << 9, 1u << 10};
    const int pts = kind == NTT_POINTS_INV;
    const uint64_t *v;
    int n = bench_quick ? bench_sizes(pts ? quick_pts : quick, pts ? 1 : 3, &v)
                        : bench_sizes(pts ? full_pts : full, pts ? 5 : 7, &v);
    int m = 0;
    for (int i = 0; i < n; i++) {
        unsigned lg = 0;
        while (lg < 63 && (UINT64_C(1) << lg) < v[i]) lg++;
        if ((UINT64_C(1) << lg) == v[i] && lg >= 4 && lg <= 26) {
            lg_out[m++] = lg;
        } else {
            static int warned;
            if (!warned++)
                fprintf(stderr,
                        "pasta_bench: ntt: --sizes %llu is not a power of two in "
                        "2^4..2^26; skipped\n",
                        (unsigned long long)v[i]);
        }
    }
    return m;
}

/* The model of one transform (ns, x86_64-asm on the reference host; bench_model_scale for
 * the others): per butterfly about one Fp mul (~19.5 ns), a mul_var for the points; at
 * more than one thread / 1.5 (two cores). Set-up: the domain and the data. */
static double ntt_model_ns(const pasta_ops *ops, int kind, unsigned lg, int threads,
                           double *setup_ns) {
    static const double per_bfly[] = {19.5, 22.0, 24.0, 20.0, 33000.0};
    const double n = (double)(UINT64_C(1) << lg), s = bench_model_scale(ops);
    *setup_ns = n * (kind == NTT_POINTS_INV ? 400.0 : 60.0) * s;
    return per_bfly[kind] * (n / 2) * lg * s / (threads > 1 ? 1.5 : 1.0);
}

/* --threads LIST (bench/scaling.sh): every kind but fwd_radix2 (one thread only), both
 * fields (--quick: Fp only without a --filter), the mode's sizes, each listed thread
 * count in turn, wall clock at 1 thread too, base's sampling; no mul row. Select with
 * --filter. */
static void ntt_threads_rows(const pasta_bench_config *base) {
    static const char *const fields[] = {"fp", "fq"};
    pasta_bench_config cfg = *base;
    cfg.clock = PASTA_BENCH_CLOCK_WALL;
    for (int bi = 0; bi < BENCH_MAX_BACKENDS; bi++) {
        const pasta_ops *ops = bench_backend(bi);
        if (ops == NULL) continue;
        for (int f = 0; f < 2; f++) {
            if (bench_skip_twin(fields[f])) continue;
            for (int kind = 0; kind <= NTT_POINTS_INV; kind++) {
                if (kind == NTT_RADIX2) continue;
                unsigned lgs[BENCH_MAX_LIST];
                int nl = ntt_sizes(kind, lgs);
                for (int li = 0; li < nl; li++)
                    for (int ti = 0; ti < bench_opt_threads.n; ti++) {
                        const unsigned lg = lgs[li];
                        const int th = bench_opt_threads.v[ti];
                        ntt_ctx c = {.ops = ops, .field = f, .kind = kind, .threads = th};
                        pasta_bench_id id = {"ntt",     ntt_names[kind],   ops->name,
                                             fields[f], (uint64_t)1 << lg, th};
                        double setup, op = ntt_model_ns(ops, kind, lg, th, &setup);
                        if (!pasta_bench_expect(&cfg, &id, op, setup)) continue;
                        pasta_bench_result r;
                        if (ntt_setup(&c, lg) != 0)
                            fprintf(stderr, "bench ntt: setup failed\n");
                        else if (pasta_bench_run(&cfg, &id, ntt_body, &c, &r) == 0)
                            printf("    ntt/%s/%s n=2^%u t=%d: %.2f ns/butterfly\n",
                                   ntt_names[kind], fields[f], lg, th,
                                   r.median_ns / ((double)(c.n / 2) * lg));
                        ntt_teardown(&c);
                    }
            }
        }
    }
}

/* The field's mul of this process (suite field), measured now when it is not there. */
static int ntt_mul(const pasta_ops *ops, int f, pasta_bench_result *mul) {
    const pasta_bench_result *m = bench_lookup("field", "mul", f ? "fq" : "fp", ops->name);
    if (m) {
        *mul = *m;
        return 1;
    }
    return bench_field_row(ops, f, "mul", 1, mul) == 0;
}

void bench_ntt_suite(const pasta_bench_config *base) {
    static const char *const fields[] = {"fp", "fq"};
    const int full = !bench_quick;
    if (bench_opt_threads.n > 0) {
        ntt_threads_rows(base);
        return;
    }
    for (int bi = 0; bi < BENCH_MAX_BACKENDS; bi++) {
        const pasta_ops *ops = bench_backend(bi);
        if (ops == NULL) continue;
        for (int f = 0; f < 2; f++) {
            if (bench_skip_twin(fields[f])) continue;
            pasta_bench_result mul;
            int have_mul = -1; /* measured (or looked up) before the first row only */
            for (int kind = 0; kind <= NTT_POINTS_INV; kind++) {
                if (!full && f == 1 && kind != NTT_FWD && kind != NTT_INV) continue;
                unsigned lgs[BENCH_MAX_LIST];
                int nl = ntt_sizes(kind, lgs);
                for (int li = 0; li < nl; li++) {
                    const unsigned lg = lgs[li];
                    static const int ths[] = {1, 2, 8};
                    for (int ti = 0; ti < 3; ti++) {
                        if (kind == NTT_RADIX2 && ti > 0) continue;
                        /* quick: 2 threads for fwd fp from 2^14 only */
                        if (!full && ti > 0 &&
                            (ti > 1 || kind != NTT_FWD || f != 0 || lg < 14))
                            continue;
                        ntt_ctx c = {.ops = ops, .field = f, .kind = kind, .threads = ths[ti]};
                        pasta_bench_id id = {"ntt",     ntt_names[kind],   ops->name,
                                             fields[f], (uint64_t)1 << lg, ths[ti]};
                        /* few samples for the long rows: the sum of 1..samples iterations */
                        pasta_bench_config cfg = *base;
                        if (!full) {
                            cfg.warmup_s = 0.03;
                            cfg.measure_s = 0.2;
                            cfg.samples = lg >= 14 || kind == NTT_POINTS_INV ? 5 : 10;
                        }
                        if (ths[ti] > 1) cfg.clock = PASTA_BENCH_CLOCK_WALL;
                        if (!pasta_bench_selected(&id)) continue;
                        if (have_mul < 0) have_mul = ntt_mul(ops, f, &mul);
                        double setup, op = ntt_model_ns(ops, kind, lg, ths[ti], &setup);
                        if (!pasta_bench_expect(&cfg, &id, op, setup)) continue;
                        if (ntt_setup(&c, lg) != 0) {
                            fprintf(stderr, "bench ntt: setup failed\n");
                            ntt_teardown(&c);
                            continue;
                        }
                        pasta_bench_result r;
                        if (pasta_bench_run(&cfg, &id, ntt_body, &c, &r) == 0) {
                            double bfly = (double)(c.n / 2) * lg;
                            if (have_mul && kind != NTT_POINTS_INV)
                                printf("    ntt/%s/%s n=2^%u t=%d: %.2f ns/butterfly, "
                                       "%s mul %.2f ns, ratio %.2f\n",
                                       ntt_names[kind], fields[f], lg, ths[ti],
                                       r.median_ns / bfly, fields[f], mul.median_ns,
                                       r.median_ns / bfly / mul.median_ns);
                            else
                                printf("    ntt/%s/%s n=2^%u t=%d: %.0f ns/butterfly\n",
                                       ntt_names[kind], fields[f], lg, ths[ti],
                                       r.median_ns / bfly);
                        }
                        ntt_teardown(&c);
                    }
                }
            }
        }
    }
}

int bench_ntt_count(const pasta_ops *ops, const char *op, const char *field, uint64_t lg) {
    int kind = strcmp(op, "ntt_fwd") == 0      ? NTT_FWD
               : strcmp(op, "ntt_inv") == 0    ? NTT_INV
               : strcmp(op, "ntt_radix2") == 0 ? NTT_RADIX2
               : strcmp(op, "ntt_coset") == 0  ? NTT_COSET
                                               : -1;
    int f = strcmp(field, "fp") == 0 ? 0 : strcmp(field, "fq") == 0 ? 1 : -1;
    if (kind < 0 || f < 0 || lg < 3 || lg > 24) return -1;
    ntt_ctx c = {.ops = ops, .field = f, .kind = kind, .threads = 1};
    if (ntt_setup(&c, (unsigned)lg) != 0) return -1;
    ntt_once(&c);
    ntt_teardown(&c);
    return 0;
}
