/* MSM benchmarks (suite "msm", field = "pallas" | "vesta", n = the number of points):
 *   var           msm_var (the public algorithm, on the backend's table entry)
 *   var_jacobian  the same with Jacobian buckets (mixed additions, no batch inversion)
 *   var_noglv     batch-affine buckets over full 255-bit scalars (no endomorphism)
 *   naive         sum of mul_var products (small n only)
 *   fixed         msm_fixed_var over a table of the n bases (default window; the table
 *                 is built before timing)
 *   var_pair      two msm_var calls over the halves (n/2 points each: an IPA round's L
 *                 and R one after the other)
 *   var_many      the same two as one msm_var_many batch
 * Each row is followed by ns per point and field-multiplication equivalents per point:
 * ns per point / the Fp mul time of the same run (suite field, row mul, measured first).
 * --quick (Pallas): var and fixed at n = 2049 and 2^16 at 1 thread on every backend; on
 * the fastest also var at 2^8 and 2^14, var and fixed at 2049 and 2^16 at 2 threads (wall
 * clock), var_pair and var_many at 2052 (2 x 1026: plonk_k11's first IPA round) at 2
 * threads, the baselines at 2^8 and 2^12; Vesta (the same code) only when a --filter
 * names it: var at 2049 and 2^16, fixed at 2049. Without --quick (= --full): var at every
 * size to 2^16 on every backend and to 2^20 on the fastest, fixed to 2^16, each at threads
 * 1, 2 and 8 (2 and 8: wall clock; oversubscribed where the host has fewer cores), both
 * curves, and var_pair and var_many at 2052 at 2 and 8 threads. --sizes LIST replaces the
 * sizes (and drops the baselines and the pair rows). With --threads LIST
 * (bench/scaling.sh): var and fixed at the mode's sizes (--quick 2049 and 2^16, --full
 * every size to 2^18) and each listed thread count, wall clock at 1 thread too, the
 * sampling of --quick/--full/--samples; select with --filter. Inputs: bases P_i = (i + 1)
 * G' for a random G' (one batch normalisation), scalars from a fixed seed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "msm/msm_list.h"

enum { M_VAR, M_JAC, M_NOGLV, M_NAIVE, M_FIXED, M_PAIR, M_MANY };

static uint64_t bm_next(uint64_t *s) {
    uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

#define MSM_BENCH(CURVE, SCALAR)                                                             \
    typedef struct {                                                                         \
        const pasta_ops *ops;                                                                \
        int kind, threads;                                                                   \
        size_t n;                                                                            \
        pasta_##CURVE##_affine *b;                                                           \
        pasta_##SCALAR *k;                                                                   \
        pasta_##CURVE##_msm_table *tab; /* M_FIXED */                                        \
    } CURVE##_mctx;                                                                          \
    static int CURVE##_minit(CURVE##_mctx *c, const pasta_ops *ops, size_t n) {              \
        c->ops = ops;                                                                        \
        c->n = n;                                                                            \
        c->tab = NULL;                                                                       \
        c->b = malloc(n * sizeof *c->b);                                                     \
        c->k = malloc(n * sizeof *c->k);                                                     \
        pasta_##CURVE##_jacobian *j = malloc(n * sizeof *j);                                 \
        if (c->b == NULL || c->k == NULL || j == NULL) {                                     \
            free(c->b), free(c->k), free(j);                                                 \
            return -1;                                                                       \
        }                                                                                    \
        uint64_t s = 0x6d736d ^ n;                                                           \
        uint8_t u[64];                                                                       \
        pasta_##CURVE##_jacobian g;                                                          \
        pasta_##SCALAR t;                                                                    \
        for (int i = 0; i < 64; i++) u[i] = (uint8_t)bm_next(&s);                            \
        ops->SCALAR->from_uniform_bytes(&t, u);                                              \
        ops->CURVE->generator(&g);                                                           \
        ops->CURVE->mul_var(&g, &g, &t);                                                     \
        j[0] = g;                                                                            \
        for (size_t i = 1; i < n; i++) ops->CURVE->add_var(&j[i], &j[i - 1], &g);            \
        (void)ops->CURVE->batch_to_affine(c->b, j, n);                                       \
        free(j);                                                                             \
        for (size_t i = 0; i < n; i++) {                                                     \
            for (int b = 0; b < 64; b++) u[b] = (uint8_t)bm_next(&s);                        \
            ops->SCALAR->from_uniform_bytes(&c->k[i], u);                                    \
        }                                                                                    \
        return 0;                                                                            \
    }                                                                                        \
    static int CURVE##_mtable(CURVE##_mctx *c, int cc) {                                     \
        size_t sz = c->ops->CURVE->msm_fixed_size(c->n, cc);                                 \
        c->tab = sz ? malloc(sz) : NULL;                                                     \
        if (c->tab == NULL) return -1;                                                       \
        return c->ops->CURVE->msm_fixed_build(c->tab, sz, c->b, c->n, cc, 0);                \
    }                                                                                        \
    static void CURVE##_mfree(CURVE##_mctx *c) {                                             \
        free(c->tab);                                                                        \
        free(c->b);                                                                          \
        free(c->k);                                                                          \
    }                                                                                        \
    static void CURVE##_mone(const CURVE##_mctx *c, pasta_##CURVE##_jacobian *r, int cc,     \
                             int flags) {                                                    \
        const struct pasta_##CURVE##_ops *o = c->ops->CURVE;                                 \
        switch (c->kind) {                                                                   \
        case M_VAR: (void)o->msm_var_opt(r, c->b, c->k, c->n, c->threads, cc, flags); break; \
        case M_JAC:                                                                          \
            (void)o->msm_var_opt(r, c->b, c->k, c->n, c->threads, cc,                        \
                                 flags | PASTA_MSM_F_JACOBIAN);                              \
            break;                                                                           \
        case M_NOGLV:                                                                        \
            (void)o->msm_var_opt(r, c->b, c->k, c->n, c->threads, cc,                        \
                                 flags | PASTA_MSM_F_NOGLV);                                 \
            break;                                                                           \
        case M_FIXED: (void)o->msm_fixed_var(r, c->tab, c->k, c->n, c->threads); break;      \
        case M_PAIR: {                                                                       \
            pasta_##CURVE##_jacobian r2;                                                     \
            (void)o->msm_var(r, c->b, c->k, c->n / 2, c->threads);                           \
            (void)o->msm_var(&r2, c->b + c->n / 2, c->k + c->n / 2, c->n / 2, c->threads);   \
            o->add_var(r, r, &r2);                                                           \
            break;                                                                           \
        }                                                                                    \
        case M_MANY: {                                                                       \
            pasta_##CURVE##_jacobian r2[2];                                                  \
            (void)o->msm_var_many(r2, c->b, c->k, 2, c->n / 2, c->threads);                  \
            o->add_var(r, &r2[0], &r2[1]);                                                   \
            break;                                                                           \
        }                                                                                    \
        case M_NAIVE: {                                                                      \
            pasta_##CURVE##_jacobian acc, p, t;                                              \
            o->identity(&acc);                                                               \
            for (size_t i = 0; i < c->n; i++) {                                              \
                o->from_affine(&p, &c->b[i]);                                                \
                o->mul_var(&t, &p, &c->k[i]);                                                \
                o->add_var(&acc, &acc, &t);                                                  \
            }                                                                                \
            *r = acc;                                                                        \
            break;                                                                           \
        }                                                                                    \
        }                                                                                    \
    }                                                                                        \
    static void CURVE##_mbody(void *vc, uint64_t iters) {                                    \
        CURVE##_mctx *c = vc;                                                                \
        pasta_##CURVE##_jacobian r;                                                          \
        for (uint64_t i = 0; i < iters; i++) {                                               \
            CURVE##_mone(c, &r, 0, 0);                                                       \
            pasta_bench_consume(&r, sizeof r);                                               \
        }                                                                                    \
    }

MSM_BENCH(pallas, fq)
MSM_BENCH(vesta, fp)

static const char *kind_name[] = {"var",   "var_jacobian", "var_noglv", "naive",
                                  "fixed", "var_pair",     "var_many"};

/* The Fp mul of this process (suite field) for the mul-eq, measured now when not there. */
static double msm_mul(const pasta_ops *ops) {
    const pasta_bench_result *known = bench_lookup("field", "mul", "fp", ops->name);
    pasta_bench_result mul;
    if (known) return known->median_ns;
    return bench_field_row(ops, 0, "mul", 1, &mul) == 0 ? mul.median_ns : 0.0;
}

/* The model of one MSM (ns, x86_64-asm on the reference host, 1 thread; the portable
 * backend bench_model_scale times that): var ~ n (170 + 200 * 1024 / (n + 1024)) Fp-mul
 * equivalents of 20 ns, fixed 0.9 of it, Jacobian buckets 1.85, no GLV 1.0, the naive
 * sum n mul_var (34 us); / 1.6 at more than one thread (two cores). Set-up: the bases and
 * scalars (~0.7 us per point), and for fixed the table (~38 us per point at the default
 * window, on either backend: measured at 2049 and 2^16). */
static double msm_model_ns(const pasta_ops *ops, int kind, size_t n, int threads,
                           double *setup_ns) {
    static const double f[] = {1.0, 1.85, 1.0, 0.0, 0.9, 1.1, 1.1};
    const double dn = (double)n, sc = bench_model_scale(ops);
    double per = 20.0 * (170.0 + 200.0 * 1024.0 / (dn + 1024.0));
    double t = kind == M_NAIVE ? dn * 34000.0 : dn * per * f[kind];
    *setup_ns = dn * 700.0 * sc + (kind == M_FIXED ? dn * 38000.0 : 0.0);
    return t * sc / (threads > 1 ? 1.6 : 1.0);
}

/* base: NULL for the suite's own sampling, else that configuration (--threads LIST). */
/* mul_io: the Fp mul for the mul-eq, < 0: not known yet (msm_mul before the first row);
 * NULL: none. */
static void msm_row(const pasta_ops *ops, int curve, int kind, size_t n, int threads,
                    double *mul_io, const pasta_bench_config *base) {
    static const char *curves[] = {"pallas", "vesta"};
    pasta_bench_id id = {"msm", kind_name[kind], ops->name, curves[curve], n, threads};
    if (bench_skip_twin(curves[curve]) || !pasta_bench_selected(&id)) return;
    if (mul_io && *mul_io < 0) *mul_io = msm_mul(ops);
    const double mul_ns = mul_io ? *mul_io : 0.0;
    pasta_bench_config cfg = {0.05, 0.3, n >= 4096 ? 3 : 10,
                              threads > 1 ? PASTA_BENCH_CLOCK_WALL
                                          : PASTA_BENCH_CLOCK_THREAD_CPU};
    if (base != NULL) cfg = *base;
    double setup, op = msm_model_ns(ops, kind, n, threads, &setup);
    if (!pasta_bench_expect(&cfg, &id, op, setup)) return;
    pasta_bench_result res;
    int rc;
    if (curve == 0) {
        pallas_mctx c;
        if (pallas_minit(&c, ops, n) != 0) return;
        if (kind == M_FIXED && pallas_mtable(&c, 0) != 0) {
            pallas_mfree(&c);
            return;
        }
        c.kind = kind;
        c.threads = threads;
        rc = pasta_bench_run(&cfg, &id, pallas_mbody, &c, &res);
        pallas_mfree(&c);
    } else {
        vesta_mctx c;
        if (vesta_minit(&c, ops, n) != 0) return;
        if (kind == M_FIXED && vesta_mtable(&c, 0) != 0) {
            vesta_mfree(&c);
            return;
        }
        c.kind = kind;
        c.threads = threads;
        rc = pasta_bench_run(&cfg, &id, vesta_mbody, &c, &res);
        vesta_mfree(&c);
    }
    if (rc != 0) return;
    bench_record(&id, &res);
    double per = res.median_ns / (double)n;
    if (mul_ns > 0)
        printf(
            "    msm/%s/%s/%s n=%zu threads=%d: %.0f ns/point, %.1f mul-eq/point (Fp mul %.2f ns)\n",
            kind_name[kind], curves[curve], ops->name, n, threads, per, per / mul_ns, mul_ns);
    else
        printf("    msm/%s/%s/%s n=%zu threads=%d: %.0f ns/point\n", kind_name[kind],
               curves[curve], ops->name, n, threads, per);
}

void bench_msm_suite(const pasta_bench_config *base, int quick) {
    static const uint64_t all[] = {256, 1024, 2049, 4096, 16384, 65536, 262144, 1048576};
    static const uint64_t quick_sizes[] = {2049, 65536};
    const uint64_t *sz;
    int nb = 0;
    while (nb < BENCH_MAX_BACKENDS && bench_backend(nb) != NULL) nb++;
    if (bench_opt_threads.n > 0) {
        /* --threads LIST (bench/scaling.sh): var and fixed at the mode's sizes (--quick:
         * 2049 and 2^16; --full: every size to 2^18) or --sizes, each listed thread count
         * in turn, wall clock throughout, base's sampling; no mul row */
        pasta_bench_config cfg = *base;
        cfg.clock = PASTA_BENCH_CLOCK_WALL;
        int ns = quick ? bench_sizes(quick_sizes, 2, &sz) : bench_sizes(all, 7, &sz);
        static const int kinds[] = {M_VAR, M_FIXED};
        for (int bi = 0; bi < nb; bi++)
            for (int cv = 0; cv < 2; cv++)
                for (int k = 0; k < 2; k++)
                    for (int i = 0; i < ns; i++)
                        for (int t = 0; t < bench_opt_threads.n; t++)
                            msm_row(bench_backend(bi), cv, kinds[k], (size_t)sz[i],
                                    bench_opt_threads.v[t], NULL, &cfg);
        return;
    }
    const int sized = bench_opt_sizes.n > 0;
    for (int bi = 0; bi < nb; bi++) {
        const pasta_ops *ops = bench_backend(bi);
        const int last = bi == nb - 1; /* the fastest backend */
        double mul_ns = -1;            /* measured before the first selected row */
        for (int cv = 0; cv < 2; cv++) {
            if (quick) {
                /* --quick: var and fixed at 2049 and 2^16 (or --sizes) on every backend;
                 * on the fastest also var at 2^8 and 2^14, 2 threads (wall clock), the
                 * baselines. Vesta (the same code): var and fixed at 2049, var at 2^16,
                 * only when a --filter names them. */
                static const uint64_t q_var[] = {256, 2049, 16384, 65536};
                int nv = sized ? bench_sizes(NULL, 0, &sz) : last && cv == 0 ? 4 : 2;
                const uint64_t *vs = sized ? sz : last && cv == 0 ? q_var : quick_sizes;
                for (int i = 0; i < nv; i++)
                    msm_row(ops, cv, M_VAR, (size_t)vs[i], 1, &mul_ns, NULL);
                int nf = sized ? bench_sizes(NULL, 0, &sz) : cv == 0 ? 2 : 1;
                const uint64_t *fs = sized ? sz : quick_sizes;
                for (int i = 0; i < nf; i++)
                    msm_row(ops, cv, M_FIXED, (size_t)fs[i], 1, &mul_ns, NULL);
                if (last && cv == 0) {
                    int n2 = sized ? bench_sizes(NULL, 0, &sz) : 2;
                    const uint64_t *ts = sized ? sz : quick_sizes;
                    for (int i = 0; i < n2; i++) {
                        msm_row(ops, cv, M_VAR, (size_t)ts[i], 2, &mul_ns, NULL);
                        msm_row(ops, cv, M_FIXED, (size_t)ts[i], 2, &mul_ns, NULL);
                    }
                    if (!sized) {
                        msm_row(ops, cv, M_PAIR, 2052, 2, &mul_ns, NULL);
                        msm_row(ops, cv, M_MANY, 2052, 2, &mul_ns, NULL);
                    }
                }
            } else {
                /* --full: var at every size to 2^16 (to 2^20 on the fastest backend), fixed
                 * to 2^16, at threads 1, 2 and 8; --sizes: var and fixed at those */
                int na = bench_sizes(all, 8, &sz);
                for (int i = 0; i < na; i++)
                    if (sized || sz[i] <= 65536 || last)
                        msm_row(ops, cv, M_VAR, (size_t)sz[i], 1, &mul_ns, NULL);
                for (int i = 0; i < na; i++)
                    if (sized || sz[i] <= 65536)
                        msm_row(ops, cv, M_FIXED, (size_t)sz[i], 1, &mul_ns, NULL);
            }
            if ((!quick || last) && cv == 0 && !sized) {
                msm_row(ops, cv, M_JAC, 256, 1, &mul_ns, NULL);
                msm_row(ops, cv, M_JAC, 4096, 1, &mul_ns, NULL);
                msm_row(ops, cv, M_NOGLV, 4096, 1, &mul_ns, NULL);
                msm_row(ops, cv, M_NAIVE, 256, 1, &mul_ns, NULL);
            }
            if (!quick) {
                int na = bench_sizes(all, 8, &sz);
                for (int th = 2; th <= 8; th *= 4) {
                    for (int i = 0; i < na; i++) {
                        if (sized || sz[i] <= 65536 || last)
                            msm_row(ops, cv, M_VAR, (size_t)sz[i], th, &mul_ns, NULL);
                        if (sized || sz[i] <= 65536)
                            msm_row(ops, cv, M_FIXED, (size_t)sz[i], th, &mul_ns, NULL);
                    }
                    if (!sized) {
                        msm_row(ops, cv, M_PAIR, 2052, th, &mul_ns, NULL);
                        msm_row(ops, cv, M_MANY, 2052, th, &mul_ns, NULL);
                    }
                }
            }
        }
    }
}

/* --count msm_var CURVE N: one MSM of N points, untimed (callgrind). Variants:
 * msm_var:C:FLAGS (window size and PASTA_MSM_F_* flags forced), msm_jacobian, msm_noglv,
 * msm_fixed[:C] (the table, built first, with window size C). */
int bench_msm_count(const pasta_ops *ops, const char *op, const char *curve, uint64_t n) {
    int cc = 0, flags = 0, fixed = 0;
    if (strncmp(op, "msm_fixed", 9) == 0) {
        fixed = 1;
        if (op[9] == ':' && sscanf(op + 10, "%d", &cc) < 1) return -1;
    } else if (strncmp(op, "msm_var", 7) == 0) {
        if (op[7] == ':' && sscanf(op + 8, "%d:%d", &cc, &flags) < 1) return -1;
    } else if (strcmp(op, "msm_jacobian") == 0) {
        flags = PASTA_MSM_F_JACOBIAN;
    } else if (strcmp(op, "msm_noglv") == 0) {
        flags = PASTA_MSM_F_NOGLV;
    } else {
        return -1;
    }
    if (n == 0) return -1;
    if (strcmp(curve, "pallas") == 0) {
        pallas_mctx c;
        if (pallas_minit(&c, ops, (size_t)n) != 0) return -1;
        c.kind = fixed ? M_FIXED : M_VAR;
        c.threads = 1;
        if (fixed && pallas_mtable(&c, cc) != 0) return -1;
        pasta_pallas_jacobian r;
        pallas_mone(&c, &r, cc, flags);
        pasta_bench_consume(&r, sizeof r);
        pallas_mfree(&c);
    } else if (strcmp(curve, "vesta") == 0) {
        vesta_mctx c;
        if (vesta_minit(&c, ops, (size_t)n) != 0) return -1;
        c.kind = fixed ? M_FIXED : M_VAR;
        c.threads = 1;
        if (fixed && vesta_mtable(&c, cc) != 0) return -1;
        pasta_vesta_jacobian r;
        vesta_mone(&c, &r, cc, flags);
        pasta_bench_consume(&r, sizeof r);
        vesta_mfree(&c);
    } else {
        return -1;
    }
    return 0;
}
