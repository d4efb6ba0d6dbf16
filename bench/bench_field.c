/* Field microbenchmarks (suite "field"): every op per field and runnable backend.
 * Kernels (add, sub, neg, double, mul, square) are timed as dependent chains compiled
 * inside the backend (the table's `chain` member), so no per-op call is timed. */
#include <string.h>

#include "bench/bench.h"

typedef struct {
    const pasta_ops *ops;
    int field; /* 0 fp, 1 fq */
    int op;    /* PASTA_CHAIN_* or a BF_* code below */
    pasta_fp x, y; /* same layout as pasta_fq */
    uint64_t e[4];
} field_ctx;

enum { BF_INVERT = 100, BF_INVERT_VAR, BF_SQRT, BF_POW, BF_POW_VAR, BF_FROM_BYTES,
       BF_TO_BYTES, BF_LEGENDRE, BF_SQRT_RATIO };

#define FIELD_BODY(F, FE)                                                                   \
    static void body_##F(field_ctx *c, uint64_t iters) {                                    \
        const struct pasta_##F##_ops *o = c->ops->F;                                        \
        FE x, y;                                                                            \
        memcpy(&x, &c->x, sizeof x);                                                        \
        memcpy(&y, &c->y, sizeof y);                                                        \
        uint8_t buf[32];                                                                    \
        switch (c->op) {                                                                    \
        case BF_INVERT:                                                                     \
            for (uint64_t i = 0; i < iters; i++) o->invert(&x, &x);                         \
            break;                                                                          \
        case BF_INVERT_VAR:                                                                 \
            for (uint64_t i = 0; i < iters; i++) o->invert_var(&x, &x);                     \
            break;                                                                          \
        case BF_SQRT: /* alternate a square and its root: every call does the full work */  \
            for (uint64_t i = 0; i < iters; i++) {                                          \
                o->sqr(&x, &x);                                                             \
                o->sqrt(&x, &x);                                                            \
            }                                                                               \
            break;                                                                          \
        case BF_SQRT_RATIO: /* (x^2 y) / y; a non-square costs the same (constant time) */ \
            for (uint64_t i = 0; i < iters; i++) {                                          \
                o->sqr(&x, &x);                                                             \
                o->mul(&x, &x, &y);                                                         \
                int sq = o->sqrt_ratio(&x, &x, &y);                                         \
                x.limbs[0] ^= (uint64_t)(sq & 1) << 40;                                     \
            }                                                                               \
            break;                                                                          \
        case BF_POW:                                                                        \
            for (uint64_t i = 0; i < iters; i++) o->pow(&x, &x, c->e);                      \
            break;                                                                          \
        case BF_POW_VAR:                                                                    \
            for (uint64_t i = 0; i < iters; i++) o->pow_var(&x, &x, c->e);                  \
            break;                                                                          \
        case BF_TO_BYTES:                                                                   \
        case BF_FROM_BYTES:                                                                 \
            for (uint64_t i = 0; i < iters; i++) {                                          \
                o->to_bytes(buf, &x);                                                       \
                if (c->op == BF_FROM_BYTES) (void)o->from_bytes(&x, buf);                   \
                pasta_bench_consume(buf, sizeof buf);                                       \
            }                                                                               \
            break;                                                                          \
        case BF_LEGENDRE:                                                                   \
            for (uint64_t i = 0; i < iters; i++) {                                          \
                int l = o->legendre(&x);                                                    \
                x.limbs[0] ^= (uint64_t)(l & 1) << 40;                                      \
            }                                                                               \
            break;                                                                          \
        default:                                                                            \
            o->chain(c->op, &x, &y, iters);                                                 \
            break;                                                                          \
        }                                                                                   \
        pasta_bench_consume(&x, sizeof x);                                                  \
        memcpy(&c->x, &x, sizeof x);                                                        \
    }
FIELD_BODY(fp, pasta_fp)
FIELD_BODY(fq, pasta_fq)

static void field_body(void *ctx, uint64_t iters) {
    field_ctx *c = ctx;
    if (c->field == 0) body_fp(c, iters);
    else body_fq(c, iters);
}

static const struct { const char *name; int op; } field_ops[] = {
    {"add", PASTA_CHAIN_ADD},       {"sub", PASTA_CHAIN_SUB},     {"neg", PASTA_CHAIN_NEG},
    {"double", PASTA_CHAIN_DBL},    {"mul", PASTA_CHAIN_MUL},     {"square", PASTA_CHAIN_SQR},
    {"invert", BF_INVERT},          {"invert_var", BF_INVERT_VAR}, {"sqrt", BF_SQRT},
    {"sqrt_ratio", BF_SQRT_RATIO},
    {"pow", BF_POW},                {"pow_var", BF_POW_VAR},      {"legendre", BF_LEGENDRE},
    {"to_bytes", BF_TO_BYTES},      {"from_bytes", BF_FROM_BYTES},
};

int bench_field_op_code(const char *name) {
    for (size_t i = 0; i < sizeof field_ops / sizeof field_ops[0]; i++)
        if (strcmp(field_ops[i].name, name) == 0) return field_ops[i].op;
    return -1;
}

static void field_ctx_init(field_ctx *c, const pasta_ops *ops, int field, int op) {
    static const uint8_t seed_x[64] = "pasta bench: x, a fixed pseudo-random field element..";
    static const uint8_t seed_y[64] = "pasta bench: y, another fixed pseudo-random element...";
    memset(c, 0, sizeof *c);
    c->ops = ops;
    c->field = field;
    c->op = op;
    if (field == 0) {
        ops->fp->from_uniform_bytes(&c->x, seed_x);
        ops->fp->from_uniform_bytes(&c->y, seed_y);
    } else {
        ops->fq->from_uniform_bytes((pasta_fq *)(void *)&c->x, seed_x);
        ops->fq->from_uniform_bytes((pasta_fq *)(void *)&c->y, seed_y);
    }
    for (int i = 0; i < 4; i++) c->e[i] = c->y.limbs[i]; /* a full-size exponent */
}

void bench_field_suite(void) {
    static const char *fields[] = {"fp", "fq"};
    for (int b = 0; b < BENCH_MAX_BACKENDS; b++) {
        const pasta_ops *ops = bench_backend(b);
        if (ops == NULL) continue;
        for (int f = 0; f < 2; f++) {
            for (size_t k = 0; k < sizeof field_ops / sizeof field_ops[0]; k++) {
                pasta_bench_id id = {"field", field_ops[k].name, ops->name, fields[f], 0, 1};
                if (!pasta_bench_selected(&id)) continue;
                field_ctx c;
                pasta_bench_result res;
                field_ctx_init(&c, ops, f, field_ops[k].op);
                pasta_bench_run(NULL, &id, field_body, &c, &res);
            }
        }
    }
}

int bench_field_count(const pasta_ops *ops, const char *op, const char *field, uint64_t n) {
    int code = bench_field_op_code(op);
    int f = strcmp(field, "fp") == 0 ? 0 : strcmp(field, "fq") == 0 ? 1 : -1;
    if (code < 0 || f < 0) return -1;
    field_ctx c;
    field_ctx_init(&c, ops, f, code);
    field_body(&c, n);
    return 0;
}
