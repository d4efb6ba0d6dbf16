/* Curve benchmarks (suite "curve", field = "pallas" | "vesta"): dbl, add, madd (constant
 * time and _var), mul_ct (GLV, fixed windows), mul_ct_noglv (full scalar, fixed windows),
 * mul_var (GLV + wNAF), mul_var_noglv (wNAF on the full scalar), hash_to_curve,
 * from_bytes (point decompression, dominated by one square root).
 * Group operations run as dependent chains through the backend's table (one indirect
 * call per operation, ~1-2 ns, included). */
#include <string.h>

#include "bench/bench.h"

enum { C_DBL, C_ADD, C_ADD_VAR, C_MADD, C_MADD_VAR, C_MUL_CT, C_MUL_CT_NOGLV, C_MUL_VAR,
       C_MUL_VAR_NOGLV, C_HASH, C_FROM_BYTES };
static const struct { const char *name; int op; } curve_ops_list[] = {
    {"double", C_DBL},     {"add", C_ADD},       {"add_var", C_ADD_VAR},
    {"madd", C_MADD},      {"madd_var", C_MADD_VAR}, {"mul_ct", C_MUL_CT},
    {"mul_ct_noglv", C_MUL_CT_NOGLV}, {"mul_var", C_MUL_VAR},
    {"mul_var_noglv", C_MUL_VAR_NOGLV}, {"hash_to_curve", C_HASH},
    {"from_bytes", C_FROM_BYTES}};

#define CURVE_BODY(CURVE, SCALAR)                                                           \
    typedef struct {                                                                        \
        const pasta_ops *ops;                                                               \
        int op;                                                                             \
        pasta_##CURVE##_jacobian p, q;                                                      \
        pasta_##CURVE##_affine qa;                                                          \
        pasta_##SCALAR k;                                                                   \
    } CURVE##_ctx;                                                                          \
    static void CURVE##_body(void *vc, uint64_t iters) {                                    \
        CURVE##_ctx *c = vc;                                                                \
        const struct pasta_##CURVE##_ops *o = c->ops->CURVE;                                \
        pasta_##CURVE##_jacobian p = c->p;                                                  \
        uint8_t buf[32] = {0};                                                              \
        switch (c->op) {                                                                    \
        case C_DBL: for (uint64_t i = 0; i < iters; i++) o->dbl(&p, &p); break;             \
        case C_ADD: for (uint64_t i = 0; i < iters; i++) o->add(&p, &p, &c->q); break;      \
        case C_ADD_VAR: for (uint64_t i = 0; i < iters; i++) o->add_var(&p, &p, &c->q); break; \
        case C_MADD: for (uint64_t i = 0; i < iters; i++) o->madd(&p, &p, &c->qa); break;   \
        case C_MADD_VAR: for (uint64_t i = 0; i < iters; i++) o->madd_var(&p, &p, &c->qa); break; \
        case C_MUL_CT: for (uint64_t i = 0; i < iters; i++) o->mul(&p, &p, &c->k); break;   \
        case C_MUL_CT_NOGLV:                                                                \
            for (uint64_t i = 0; i < iters; i++) o->mul_noglv(&p, &p, &c->k);               \
            break;                                                                          \
        case C_MUL_VAR: for (uint64_t i = 0; i < iters; i++) o->mul_var(&p, &p, &c->k); break; \
        case C_MUL_VAR_NOGLV:                                                               \
            for (uint64_t i = 0; i < iters; i++) o->mul_var_noglv(&p, &p, &c->k);           \
            break;                                                                          \
        case C_HASH:                                                                        \
            for (uint64_t i = 0; i < iters; i++) {                                          \
                o->hash_to_curve(&p, "pasta-bench", buf, sizeof buf);                       \
                buf[i & 31] ^= (uint8_t)p.x.limbs[0];                                       \
            }                                                                               \
            break;                                                                          \
        case C_FROM_BYTES: /* decode one fixed valid encoding (constant time: any would do) */ \
            o->to_bytes(buf, &p);                                                           \
            for (uint64_t i = 0; i < iters; i++) (void)o->from_bytes(&p, buf);              \
            break;                                                                          \
        }                                                                                   \
        pasta_bench_consume(&p, sizeof p);                                                  \
    }                                                                                       \
    static void CURVE##_init(CURVE##_ctx *c, const pasta_ops *ops, int op) {                \
        static const uint8_t seed[64] = "pasta bench: a fixed pseudo-random scalar, 64 bytes....."; \
        const struct pasta_##CURVE##_ops *o = ops->CURVE;                                   \
        pasta_##CURVE##_jacobian g;                                                         \
        c->ops = ops;                                                                       \
        c->op = op;                                                                         \
        ops->SCALAR->from_uniform_bytes(&c->k, seed);                                       \
        o->generator(&g);                                                                   \
        o->mul_var(&c->p, &g, &c->k);                                                       \
        o->dbl(&c->q, &c->p);                                                               \
        o->add(&c->q, &c->q, &g); /* Z != 1 */                                              \
        o->to_affine(&c->qa, &c->q);                                                        \
    }

CURVE_BODY(pallas, fq)
CURVE_BODY(vesta, fp)

void bench_curve_suite(void) {
    static const char *curves[] = {"pallas", "vesta"};
    for (int b = 0; b < BENCH_MAX_BACKENDS; b++) {
        const pasta_ops *ops = bench_backend(b);
        if (ops == NULL) continue;
        for (int cv = 0; cv < 2; cv++) {
            for (size_t k = 0; k < sizeof curve_ops_list / sizeof curve_ops_list[0]; k++) {
                pasta_bench_id id = {"curve", curve_ops_list[k].name, ops->name, curves[cv], 0, 1};
                if (!pasta_bench_selected(&id)) continue;
                pasta_bench_result res;
                if (cv == 0) {
                    pallas_ctx c;
                    pallas_init(&c, ops, curve_ops_list[k].op);
                    pasta_bench_run(NULL, &id, pallas_body, &c, &res);
                } else {
                    vesta_ctx c;
                    vesta_init(&c, ops, curve_ops_list[k].op);
                    pasta_bench_run(NULL, &id, vesta_body, &c, &res);
                }
            }
        }
    }
}

int bench_curve_count(const pasta_ops *ops, const char *op, const char *curve, uint64_t n) {
    int code = -1;
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
