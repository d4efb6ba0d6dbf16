/* Curve benchmarks (suite "curve", field = "pallas" | "vesta"): dbl, add, madd (constant
 * time and _var), mul_ct (GLV, fixed windows), mul_ct_noglv (full scalar, fixed windows),
 * mul_var (GLV + wNAF), mul_var_noglv (wNAF on the full scalar), hash_to_curve,
 * from_bytes (point decompression, dominated by one square root).
 * Group operations run as dependent chains through the backend's table (one indirect
 * call per operation, ~1-2 ns, included): p = op(p, q) with p in memory. The call is not
 * inlined (the table lives in the backend's translation unit, there is no LTO, and the
 * library has no in-backend curve chain), so curve/madd_var is "the backend's function
 * called through its table", the in-backend reference of api/madd_var: the public entry
 * point adds its dispatch (call, active-table lookup, two loads) on top of the same call.
 * madd_var_x4 (Pallas only: the reference of api/madd_var_x4): 4 independent points
 * p[j] = madd_var(p[j], q) interleaved in one loop, ns per single operation.
 * --quick: Pallas only without a --filter (Vesta runs the same code, other constants).
 * fold_var (n = 1024, 256, 16, 1 and Vesta 1024; --quick: 1024 and 16; --sizes LIST) and
 * its baseline fold_base (per point
 * mul_var + madd_var, then one batch_to_affine, as halo2's generator fold): r[i] = lo[i] +
 * [u] hi[i], one thread, each row followed by ns and Fp-mul equivalents per point.
 * --count fold_var|fold_base CURVE N: one call on N points. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"

enum {
    C_DBL,
    C_ADD,
    C_ADD_VAR,
    C_MADD,
    C_MADD_VAR,
    C_MUL_CT,
    C_MUL_CT_NOGLV,
    C_MUL_VAR,
    C_MUL_VAR_NOGLV,
    C_HASH,
    C_FROM_BYTES,
    C_MADD_VAR_X4
};
/* pallas_only: run by the suite on Pallas only (to keep --quick short). */
static const struct {
    const char *name;
    int op;
    int pallas_only;
} curve_ops_list[] = {{"double", C_DBL, 0},         {"add", C_ADD, 0},
                      {"add_var", C_ADD_VAR, 0},    {"madd", C_MADD, 0},
                      {"madd_var", C_MADD_VAR, 0},  {"madd_var_x4", C_MADD_VAR_X4, 1},
                      {"mul_ct", C_MUL_CT, 0},      {"mul_ct_noglv", C_MUL_CT_NOGLV, 0},
                      {"mul_var", C_MUL_VAR, 0},    {"mul_var_noglv", C_MUL_VAR_NOGLV, 0},
                      {"hash_to_curve", C_HASH, 0}, {"from_bytes", C_FROM_BYTES, 0}};

#define CURVE_BODY(CURVE, SCALAR)                                                              \
    typedef struct {                                                                           \
        const pasta_ops *ops;                                                                  \
        int op;                                                                                \
        pasta_##CURVE##_jacobian p, q;                                                         \
        pasta_##CURVE##_jacobian p4[4]; /* madd_var_x4: p4[0] = p, p4[j] = 2 p4[j-1] */        \
        pasta_##CURVE##_affine qa;                                                             \
        pasta_##SCALAR k;                                                                      \
    } CURVE##_ctx;                                                                             \
    static void CURVE##_body(void *vc, uint64_t iters) {                                       \
        CURVE##_ctx *c = vc;                                                                   \
        const struct pasta_##CURVE##_ops *o = c->ops->CURVE;                                   \
        pasta_##CURVE##_jacobian p = c->p;                                                     \
        uint8_t buf[32] = {0};                                                                 \
        switch (c->op) {                                                                       \
        case C_DBL:                                                                            \
            for (uint64_t i = 0; i < iters; i++) o->dbl(&p, &p);                               \
            break;                                                                             \
        case C_ADD:                                                                            \
            for (uint64_t i = 0; i < iters; i++) o->add(&p, &p, &c->q);                        \
            break;                                                                             \
        case C_ADD_VAR:                                                                        \
            for (uint64_t i = 0; i < iters; i++) o->add_var(&p, &p, &c->q);                    \
            break;                                                                             \
        case C_MADD:                                                                           \
            for (uint64_t i = 0; i < iters; i++) o->madd(&p, &p, &c->qa);                      \
            break;                                                                             \
        case C_MADD_VAR:                                                                       \
            for (uint64_t i = 0; i < iters; i++) o->madd_var(&p, &p, &c->qa);                  \
            break;                                                                             \
        case C_MADD_VAR_X4: {                                                                  \
            pasta_##CURVE##_jacobian p4[4];                                                    \
            memcpy(p4, c->p4, sizeof p4);                                                      \
            for (uint64_t i = 0; i < iters / 4; i++) {                                         \
                o->madd_var(&p4[0], &p4[0], &c->qa);                                           \
                o->madd_var(&p4[1], &p4[1], &c->qa);                                           \
                o->madd_var(&p4[2], &p4[2], &c->qa);                                           \
                o->madd_var(&p4[3], &p4[3], &c->qa);                                           \
            }                                                                                  \
            for (uint64_t j = 0; j < iters % 4; j++) o->madd_var(&p4[j], &p4[j], &c->qa);      \
            pasta_bench_consume(p4, sizeof p4);                                                \
            break;                                                                             \
        }                                                                                      \
        case C_MUL_CT:                                                                         \
            for (uint64_t i = 0; i < iters; i++) o->mul(&p, &p, &c->k);                        \
            break;                                                                             \
        case C_MUL_CT_NOGLV:                                                                   \
            for (uint64_t i = 0; i < iters; i++) o->mul_noglv(&p, &p, &c->k);                  \
            break;                                                                             \
        case C_MUL_VAR:                                                                        \
            for (uint64_t i = 0; i < iters; i++) o->mul_var(&p, &p, &c->k);                    \
            break;                                                                             \
        case C_MUL_VAR_NOGLV:                                                                  \
            for (uint64_t i = 0; i < iters; i++) o->mul_var_noglv(&p, &p, &c->k);              \
            break;                                                                             \
        case C_HASH:                                                                           \
            for (uint64_t i = 0; i < iters; i++) {                                             \
                o->hash_to_curve(&p, "pasta-bench", buf, sizeof buf);                          \
                buf[i & 31] ^= (uint8_t)p.x.limbs[0];                                          \
            }                                                                                  \
            break;                                                                             \
        case C_FROM_BYTES: /* decode one fixed valid encoding (constant time: any would do) */ \
            o->to_bytes(buf, &p);                                                              \
            for (uint64_t i = 0; i < iters; i++) (void)o->from_bytes(&p, buf);                 \
            break;                                                                             \
        }                                                                                      \
        pasta_bench_consume(&p, sizeof p);                                                     \
    }                                                                                          \
    static void CURVE##_init(CURVE##_ctx *c, const pasta_ops *ops, int op) {                   \
        static const uint8_t seed[64] =                                                        \
            "pasta bench: a fixed pseudo-random scalar, 64 bytes.....";                        \
        const struct pasta_##CURVE##_ops *o = ops->CURVE;                                      \
        pasta_##CURVE##_jacobian g;                                                            \
        c->ops = ops;                                                                          \
        c->op = op;                                                                            \
        ops->SCALAR->from_uniform_bytes(&c->k, seed);                                          \
        o->generator(&g);                                                                      \
        o->mul_var(&c->p, &g, &c->k);                                                          \
        o->dbl(&c->q, &c->p);                                                                  \
        o->add(&c->q, &c->q, &g); /* Z != 1 */                                                 \
        o->to_affine(&c->qa, &c->q);                                                           \
        c->p4[0] = c->p;                                                                       \
        for (int j = 1; j < 4; j++) o->dbl(&c->p4[j], &c->p4[j - 1]);                          \
    }

CURVE_BODY(pallas, fq)
CURVE_BODY(vesta, fp)

void bench_pallas_inputs(const pasta_ops *ops, pasta_pallas_jacobian p[4],
                         pasta_pallas_affine *q) {
    pallas_ctx c;
    pallas_init(&c, ops, C_MADD_VAR);
    memcpy(p, c.p4, sizeof c.p4);
    *q = c.qa;
}

int bench_curve_row(const pasta_ops *ops, int curve, const char *name, int always,
                    pasta_bench_result *out) {
    static const char *curves[] = {"pallas", "vesta"};
    int code = -1;
    for (size_t k = 0; k < sizeof curve_ops_list / sizeof curve_ops_list[0]; k++)
        if (strcmp(curve_ops_list[k].name, name) == 0) code = curve_ops_list[k].op;
    if (code < 0 || curve < 0 || curve > 1) return -1;
    pasta_bench_id id = {"curve", name, ops->name, curves[curve], 0, 1};
    if (!always && !pasta_bench_selected(&id)) return 1;
    pasta_bench_result res;
    pasta_bench_fn fn;
    pallas_ctx pc;
    vesta_ctx vc;
    void *ctx;
    if (curve == 0) {
        pallas_init(&pc, ops, code);
        fn = pallas_body;
        ctx = &pc;
    } else {
        vesta_init(&vc, ops, code);
        fn = vesta_body;
        ctx = &vc;
    }
    int rc = always ? pasta_bench_run_always(NULL, &id, fn, ctx, &res)
                    : pasta_bench_run(NULL, &id, fn, ctx, &res);
    if (rc == 0) {
        bench_record(&id, &res);
        if (out) *out = res;
    }
    return rc;
}


/* ---- fold_var and its per-point baseline. */
#define FOLD_BODY(CURVE, SCALAR)                                                            \
    typedef struct {                                                                        \
        const pasta_ops *ops;                                                               \
        int base;                                                                           \
        size_t n;                                                                           \
        pasta_##CURVE##_affine *lo, *hi, *r;                                                \
        pasta_##CURVE##_jacobian *j;                                                        \
        pasta_##SCALAR u;                                                                   \
    } CURVE##_fctx;                                                                         \
    static void CURVE##_fone(CURVE##_fctx *c) {                                             \
        const struct pasta_##CURVE##_ops *o = c->ops->CURVE;                                \
        if (!c->base) {                                                                     \
            (void)o->fold_var(c->r, c->lo, c->hi, c->n, &c->u, 1);                          \
            return;                                                                         \
        }                                                                                   \
        for (size_t i = 0; i < c->n; i++) {                                                 \
            o->from_affine(&c->j[i], &c->hi[i]);                                            \
            o->mul_var(&c->j[i], &c->j[i], &c->u);                                          \
            o->madd_var(&c->j[i], &c->j[i], &c->lo[i]);                                     \
        }                                                                                   \
        (void)o->batch_to_affine(c->r, c->j, c->n);                                         \
    }                                                                                       \
    static void CURVE##_fbody(void *vc, uint64_t iters) {                                   \
        CURVE##_fctx *c = vc;                                                               \
        for (uint64_t i = 0; i < iters; i++) {                                              \
            CURVE##_fone(c);                                                                \
            pasta_bench_consume(c->r, sizeof *c->r);                                        \
        }                                                                                   \
    }                                                                                       \
    static void CURVE##_ffree(CURVE##_fctx *c) {                                            \
        free(c->lo), free(c->hi), free(c->r), free(c->j);                                   \
    }                                                                                       \
    static int CURVE##_finit(CURVE##_fctx *c, const pasta_ops *ops, size_t n, int base) {   \
        static const uint8_t seed[64] = "pasta bench: the fold scalar, 64 bytes.........."; \
        const struct pasta_##CURVE##_ops *o = ops->CURVE;                                   \
        pasta_##CURVE##_jacobian g;                                                         \
        pasta_##SCALAR t;                                                                   \
        c->ops = ops;                                                                       \
        c->base = base;                                                                     \
        c->n = n;                                                                           \
        c->lo = malloc(n * sizeof *c->lo);                                                  \
        c->hi = malloc(n * sizeof *c->hi);                                                  \
        c->r = malloc(n * sizeof *c->r);                                                    \
        c->j = malloc(2 * n * sizeof *c->j);                                                \
        if (c->lo == NULL || c->hi == NULL || c->r == NULL || c->j == NULL) {               \
            CURVE##_ffree(c);                                                               \
            return -1;                                                                      \
        }                                                                                   \
        ops->SCALAR->from_uniform_bytes(&c->u, seed);                                       \
        ops->SCALAR->from_u64(&t, 0x9e3779b97f4a7c15u);                                     \
        o->generator(&g);                                                                   \
        o->mul_var(&g, &g, &t);                                                             \
        c->j[0] = g;                                                                        \
        for (size_t i = 1; i < 2 * n; i++) o->add_var(&c->j[i], &c->j[i - 1], &g);          \
        (void)o->batch_to_affine(c->lo, c->j, n);                                           \
        (void)o->batch_to_affine(c->hi, c->j + n, n);                                       \
        return 0;                                                                           \
    }

FOLD_BODY(pallas, fq)
FOLD_BODY(vesta, fp)

/* The model of one fold (ns, x86_64-asm on the reference host): fold_base n (mul_var +
 * madd_var) ~ 35 us per point, fold_var ~ 24 us per point; set-up ~ 1 us per point. */
static double fold_model_ns(const pasta_ops *ops, int base, size_t n, double *setup_ns) {
    const double s = bench_model_scale(ops);
    *setup_ns = (double)n * 1000.0 * s;
    return (double)n * (base ? 35000.0 : 24000.0) * s;
}

/* mul_io: the Fp mul for the mul-eq, < 0 before the first selected row (then measured). */
static void fold_row(const pasta_ops *ops, int curve, int base, size_t n, double *mul_io) {
    static const char *curves[] = {"pallas", "vesta"};
    const char *name = base ? "fold_base" : "fold_var";
    pasta_bench_id id = {"curve", name, ops->name, curves[curve], n, 1};
    if (bench_skip_twin(curves[curve]) || !pasta_bench_selected(&id)) return;
    if (*mul_io < 0) {
        const pasta_bench_result *known = bench_lookup("field", "mul", "fp", ops->name);
        pasta_bench_result mul;
        *mul_io = known                                          ? known->median_ns
                  : bench_field_row(ops, 0, "mul", 1, &mul) == 0 ? mul.median_ns
                                                                 : 0.0;
    }
    const double mul_ns = *mul_io;
    double setup, op = fold_model_ns(ops, base, n, &setup);
    if (!pasta_bench_expect(NULL, &id, op, setup)) return;
    pasta_bench_result res;
    int rc;
    if (curve == 0) {
        pallas_fctx c;
        if (pallas_finit(&c, ops, n, base) != 0) return;
        rc = pasta_bench_run(NULL, &id, pallas_fbody, &c, &res);
        pallas_ffree(&c);
    } else {
        vesta_fctx c;
        if (vesta_finit(&c, ops, n, base) != 0) return;
        rc = pasta_bench_run(NULL, &id, vesta_fbody, &c, &res);
        vesta_ffree(&c);
    }
    if (rc != 0) return;
    bench_record(&id, &res);
    double per = res.median_ns / (double)n;
    printf("    curve/%s/%s/%s n=%zu: %.0f ns/point, %.1f mul-eq/point (Fp mul %.2f ns)\n",
           name, curves[curve], ops->name, n, per, mul_ns > 0 ? per / mul_ns : 0.0, mul_ns);
}

/* --quick: Pallas at n = 1024 and 16; --full: 1024, 256, 16, 1 and Vesta at 1024; --sizes
 * LIST: those on Pallas (and Vesta with --full). */
static void bench_fold_rows(const pasta_ops *ops) {
    static const uint64_t quick[] = {1024, 16}, full[] = {1024, 256, 16, 1}, vesta[] = {1024};
    const uint64_t *sz, *vz;
    int ns = bench_quick ? bench_sizes(quick, 2, &sz) : bench_sizes(full, 4, &sz);
    int nv = bench_quick ? 0 : bench_sizes(vesta, 1, &vz);
    double mul_ns = -1;
    for (int i = 0; i < ns; i++)
        for (int base = 0; base < 2; base++) fold_row(ops, 0, base, (size_t)sz[i], &mul_ns);
    for (int i = 0; i < nv; i++)
        for (int base = 0; base < 2; base++) fold_row(ops, 1, base, (size_t)vz[i], &mul_ns);
}

void bench_curve_suite(void) {
    static const char *curves[] = {"pallas", "vesta"};
    for (int b = 0; b < BENCH_MAX_BACKENDS; b++) {
        const pasta_ops *ops = bench_backend(b);
        if (ops == NULL) continue;
        for (int cv = 0; cv < 2; cv++) {
            if (bench_skip_twin(curves[cv])) continue;
            for (size_t k = 0; k < sizeof curve_ops_list / sizeof curve_ops_list[0]; k++)
                if (cv == 0 || !curve_ops_list[k].pallas_only)
                    (void)bench_curve_row(ops, cv, curve_ops_list[k].name, 0, NULL);
        }
        bench_fold_rows(ops);
    }
}

int bench_curve_count(const pasta_ops *ops, const char *op, const char *curve, uint64_t n) {
    int code = -1;
    if (strcmp(op, "fold_var") == 0 || strcmp(op, "fold_base") == 0) {
        int base = op[5] == 'b';
        if (n == 0) return -1;
        if (strcmp(curve, "pallas") == 0) {
            pallas_fctx c;
            if (pallas_finit(&c, ops, (size_t)n, base) != 0) return -1;
            pallas_fone(&c);
            pasta_bench_consume(c.r, (size_t)n * sizeof *c.r);
            pallas_ffree(&c);
        } else if (strcmp(curve, "vesta") == 0) {
            vesta_fctx c;
            if (vesta_finit(&c, ops, (size_t)n, base) != 0) return -1;
            vesta_fone(&c);
            pasta_bench_consume(c.r, (size_t)n * sizeof *c.r);
            vesta_ffree(&c);
        } else {
            return -1;
        }
        return 0;
    }
    for (size_t k = 0; k < sizeof curve_ops_list / sizeof curve_ops_list[0]; k++)
        if (strcmp(curve_ops_list[k].name, op) == 0) code = curve_ops_list[k].op;
    if (code < 0) return -1;
    if (strcmp(curve, "pallas") == 0) {
        pallas_ctx c;
        pallas_init(&c, ops, code);
        pallas_body(&c, n);
    } else if (strcmp(curve, "vesta") == 0) {
        vesta_ctx c;
        vesta_init(&c, ops, code);
        vesta_body(&c, n);
    } else {
        return -1;
    }
    return 0;
}
