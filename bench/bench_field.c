/* Field microbenchmarks (suite "field"): every op per field and runnable backend.
 * Kernels (add, sub, neg, double, mul, square) are timed as dependent chains compiled
 * inside the backend (the table's `chain` member), so no per-op call is timed: x = op(x, y)
 * with the kernel inlined into the backend's loop and x in registers (latency). Each
 * kernel's loop is a function of its own with the kernel inlined (fields/chain_impl.h),
 * so its code is the same in every build configuration (ctest kernel_counts).
 * add_x4, mul_x4, square_x4 (fp only: the references of the api suite's _x4 rows): 4
 * independent chains interleaved in one loop on the backend's kernels (bench_kernels.c),
 * ns per single operation (throughput). vec_add, vec_sub, vec_mul, vec_scale, vec_mul_add,
 * vec_inner_product: the backend's array operations (the ops table, as pasta_fp_vec_* reach
 * them) over FIELD_VEC elements per call, in place; ns per element. --quick: Fp only
 * without a --filter (Fq runs the same code, other constants). */
#include <stdio.h>
#include <string.h>

#include "bench/bench.h"

#define FIELD_VEC 256 /* elements per array call of the vec_ rows (as api/vec_add) */

typedef struct {
    const pasta_ops *ops;
    int field;      /* 0 fp, 1 fq */
    int op;         /* PASTA_CHAIN_* or a BF_* code below */
    pasta_fp x, y;  /* same layout as pasta_fq */
    pasta_fp x4[4]; /* the 4 chains of the _x4 rows (x4[0] = x) */
    uint64_t e[4];
    pasta_fp va[FIELD_VEC], vb[FIELD_VEC], vc[FIELD_VEC]; /* the vec_ rows' arrays */
} field_ctx;

enum {
    BF_INVERT = 100,
    BF_INVERT_VAR,
    BF_SQRT,
    BF_POW,
    BF_POW_VAR,
    BF_FROM_BYTES,
    BF_TO_BYTES,
    BF_LEGENDRE,
    BF_SQRT_RATIO,
    BF_VEC_ADD,
    BF_VEC_SUB,
    BF_VEC_MUL,
    BF_VEC_SCALE,
    BF_VEC_MUL_ADD,
    BF_VEC_INNER_PRODUCT
};

/* The vec_ rows: iters elements, FIELD_VEC per call (the last call shorter), in place. */
#define VEC_BODY(F, FE)                                                                  \
    static void vec_##F(field_ctx *c, const struct pasta_##F##_ops *o, uint64_t iters) { \
        FE *a = (FE *)(void *)c->va, *b = (FE *)(void *)c->vb, *v = (FE *)(void *)c->vc; \
        FE *x = (FE *)(void *)&c->x, *y = (FE *)(void *)&c->y;                           \
        for (uint64_t done = 0; done < iters; done += FIELD_VEC) {                       \
            size_t n = iters - done < FIELD_VEC ? (size_t)(iters - done) : FIELD_VEC;    \
            switch (c->op) {                                                             \
            case BF_VEC_ADD: (void)o->vec_add(a, a, b, n); break;                        \
            case BF_VEC_SUB: (void)o->vec_sub(a, a, b, n); break;                        \
            case BF_VEC_MUL: (void)o->vec_mul(a, a, b, n); break;                        \
            case BF_VEC_SCALE: (void)o->vec_scale(a, a, y, n); break;                    \
            case BF_VEC_MUL_ADD: (void)o->vec_mul_add(a, a, b, v, n); break;             \
            default: (void)o->vec_inner_product(x, a, b, n); break;                      \
            }                                                                            \
        }                                                                                \
        pasta_bench_consume(c->va, sizeof c->va);                                        \
    }
VEC_BODY(fp, pasta_fp)
VEC_BODY(fq, pasta_fq)

#define FIELD_BODY(F, FE)                                                                  \
    static void body_##F(field_ctx *c, uint64_t iters) {                                   \
        const struct pasta_##F##_ops *o = c->ops->F;                                       \
        FE x, y;                                                                           \
        memcpy(&x, &c->x, sizeof x);                                                       \
        memcpy(&y, &c->y, sizeof y);                                                       \
        uint8_t buf[32];                                                                   \
        switch (c->op) {                                                                   \
        case BF_INVERT:                                                                    \
            for (uint64_t i = 0; i < iters; i++) o->invert(&x, &x);                        \
            break;                                                                         \
        case BF_INVERT_VAR:                                                                \
            for (uint64_t i = 0; i < iters; i++) o->invert_var(&x, &x);                    \
            break;                                                                         \
        case BF_SQRT: /* alternate a square and its root: every call does the full work */ \
            for (uint64_t i = 0; i < iters; i++) {                                         \
                o->sqr(&x, &x);                                                            \
                o->sqrt(&x, &x);                                                           \
            }                                                                              \
            break;                                                                         \
        case BF_SQRT_RATIO: /* (x^2 y) / y; a non-square costs the same (constant time) */ \
            for (uint64_t i = 0; i < iters; i++) {                                         \
                o->sqr(&x, &x);                                                            \
                o->mul(&x, &x, &y);                                                        \
                int sq = o->sqrt_ratio(&x, &x, &y);                                        \
                x.limbs[0] ^= (uint64_t)(sq & 1) << 40;                                    \
            }                                                                              \
            break;                                                                         \
        case BF_POW:                                                                       \
            for (uint64_t i = 0; i < iters; i++) o->pow(&x, &x, c->e);                     \
            break;                                                                         \
        case BF_POW_VAR:                                                                   \
            for (uint64_t i = 0; i < iters; i++) o->pow_var(&x, &x, c->e);                 \
            break;                                                                         \
        case BF_TO_BYTES:                                                                  \
        case BF_FROM_BYTES:                                                                \
            for (uint64_t i = 0; i < iters; i++) {                                         \
                o->to_bytes(buf, &x);                                                      \
                if (c->op == BF_FROM_BYTES) (void)o->from_bytes(&x, buf);                  \
                pasta_bench_consume(buf, sizeof buf);                                      \
            }                                                                              \
            break;                                                                         \
        case BF_LEGENDRE:                                                                  \
            for (uint64_t i = 0; i < iters; i++) {                                         \
                int l = o->legendre(&x);                                                   \
                x.limbs[0] ^= (uint64_t)(l & 1) << 40;                                     \
            }                                                                              \
            break;                                                                         \
        case BF_VEC_ADD:                                                                   \
        case BF_VEC_SUB:                                                                   \
        case BF_VEC_MUL:                                                                   \
        case BF_VEC_SCALE:                                                                 \
        case BF_VEC_MUL_ADD:                                                               \
        case BF_VEC_INNER_PRODUCT:                                                         \
            memcpy(&c->x, &x, sizeof x);                                                   \
            vec_##F(c, o, iters);                                                          \
            memcpy(&x, &c->x, sizeof x);                                                   \
            break;                                                                         \
        default:                                                                           \
            if (c->op & BENCH_X4) {                                                        \
                pasta_fp x4[4];                                                            \
                memcpy(x4, c->x4, sizeof x4);                                              \
                (void)bench_fp_x4(c->ops->backend, c->op & ~BENCH_X4, x4, &c->y, iters);   \
                pasta_bench_consume(x4, sizeof x4);                                        \
                memcpy(c->x4, x4, sizeof x4);                                              \
            } else {                                                                       \
                o->chain(c->op, &x, &y, iters);                                            \
            }                                                                              \
            break;                                                                         \
        }                                                                                  \
        pasta_bench_consume(&x, sizeof x);                                                 \
        memcpy(&c->x, &x, sizeof x);                                                       \
    }
FIELD_BODY(fp, pasta_fp)
FIELD_BODY(fq, pasta_fq)

static void field_body(void *ctx, uint64_t iters) {
    field_ctx *c = ctx;
    if (c->field == 0) body_fp(c, iters);
    else body_fq(c, iters);
}

/* fp_only: run by the suite on fp only (to keep --quick short); --count takes any field. */
static const struct {
    const char *name;
    int op;
    int fp_only;
} field_ops[] = {
    {"add", PASTA_CHAIN_ADD, 0},
    {"sub", PASTA_CHAIN_SUB, 0},
    {"neg", PASTA_CHAIN_NEG, 0},
    {"double", PASTA_CHAIN_DBL, 0},
    {"mul", PASTA_CHAIN_MUL, 0},
    {"square", PASTA_CHAIN_SQR, 0},
    {"add_x4", PASTA_CHAIN_ADD | BENCH_X4, 1},
    {"mul_x4", PASTA_CHAIN_MUL | BENCH_X4, 1},
    {"square_x4", PASTA_CHAIN_SQR | BENCH_X4, 1},
    {"invert", BF_INVERT, 0},
    {"invert_var", BF_INVERT_VAR, 0},
    {"sqrt", BF_SQRT, 0},
    {"sqrt_ratio", BF_SQRT_RATIO, 0},
    {"pow", BF_POW, 0},
    {"pow_var", BF_POW_VAR, 0},
    {"legendre", BF_LEGENDRE, 0},
    {"to_bytes", BF_TO_BYTES, 0},
    {"from_bytes", BF_FROM_BYTES, 0},
    {"vec_add", BF_VEC_ADD, 0},
    {"vec_sub", BF_VEC_SUB, 0},
    {"vec_mul", BF_VEC_MUL, 0},
    {"vec_scale", BF_VEC_SCALE, 0},
    {"vec_mul_add", BF_VEC_MUL_ADD, 0},
    {"vec_inner_product", BF_VEC_INNER_PRODUCT, 0},
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
    c->x4[0] = c->x; /* x4[j] = x4[j-1]^2: four distinct starting points */
    for (int j = 1; j < 4; j++) {
        if (field == 0) ops->fp->sqr(&c->x4[j], &c->x4[j - 1]);
        else
            ops->fq->sqr((pasta_fq *)(void *)&c->x4[j],
                         (const pasta_fq *)(void *)&c->x4[j - 1]);
    }
    if (op >= BF_VEC_ADD &&
        op <= BF_VEC_INNER_PRODUCT) { /* va[i] = x y^i, vb[i] = y x^i, vc[i] = x4[1] y^i */
        c->va[0] = c->x;
        c->vb[0] = c->y;
        c->vc[0] = c->x4[1];
        for (int i = 1; i < FIELD_VEC; i++) {
            if (field == 0) {
                ops->fp->mul(&c->va[i], &c->va[i - 1], &c->y);
                ops->fp->mul(&c->vb[i], &c->vb[i - 1], &c->x);
                ops->fp->mul(&c->vc[i], &c->vc[i - 1], &c->y);
            } else {
                const pasta_fq *x = (const pasta_fq *)(void *)&c->x;
                const pasta_fq *y = (const pasta_fq *)(void *)&c->y;
                ops->fq->mul((pasta_fq *)(void *)&c->va[i],
                             (const pasta_fq *)(void *)&c->va[i - 1], y);
                ops->fq->mul((pasta_fq *)(void *)&c->vb[i],
                             (const pasta_fq *)(void *)&c->vb[i - 1], x);
                ops->fq->mul((pasta_fq *)(void *)&c->vc[i],
                             (const pasta_fq *)(void *)&c->vc[i - 1], y);
            }
        }
    }
}

void bench_fp_inputs(const pasta_ops *ops, pasta_fp x[4], pasta_fp *y) {
    field_ctx c;
    field_ctx_init(&c, ops, 0, PASTA_CHAIN_ADD);
    memcpy(x, c.x4, sizeof c.x4);
    *y = c.y;
}

/* 4 x 3 + 2 operations through bench_fp_x4 against the backend's dependent chain on each
 * element: x[0], x[1] get 4, x[2], x[3] get 3 (3 of add, mul or sqr move a nonzero x). */
int bench_field_check_x4(const pasta_ops *ops, int op) {
    field_ctx c;
    field_ctx_init(&c, ops, 0, op);
    pasta_fp v[4], w;
    memcpy(v, c.x4, sizeof v);
    if (bench_fp_x4(ops->backend, op, v, &c.y, 14) != 0) return -1;
    for (int j = 0; j < 4; j++) {
        w = c.x4[j];
        ops->fp->chain(op, &w, &c.y, j < 2 ? 4 : 3);
        if (memcmp(&w, &v[j], sizeof w) != 0) return -1;
    }
    return 0;
}

int bench_field_row(const pasta_ops *ops, int field, const char *name, int always,
                    pasta_bench_result *out) {
    static const char *fields[] = {"fp", "fq"};
    int code = bench_field_op_code(name);
    if (code < 0 || field < 0 || field > 1) return -1;
    pasta_bench_id id = {"field", name, ops->name, fields[field], 0, 1};
    if (!always && !pasta_bench_selected(&id)) return 1;
    if ((code & BENCH_X4) &&
        (field != 0 || bench_field_check_x4(ops, code & ~BENCH_X4) != 0)) {
        if (!pasta_bench_planning())
            fprintf(stderr,
                    "pasta_bench: %s: field/%s/%s: no 4-chain loop for it, or its results "
                    "differ from the backend's chain; skipped\n",
                    ops->name, name, fields[field]);
        return -1;
    }
    field_ctx c;
    pasta_bench_result res;
    field_ctx_init(&c, ops, field, code);
    int rc = always ? pasta_bench_run_always(NULL, &id, field_body, &c, &res)
                    : pasta_bench_run(NULL, &id, field_body, &c, &res);
    if (rc == 0) {
        bench_record(&id, &res);
        if (out) *out = res;
    }
    return rc;
}

void bench_field_suite(void) {
    for (int b = 0; b < BENCH_MAX_BACKENDS; b++) {
        const pasta_ops *ops = bench_backend(b);
        if (ops == NULL) continue;
        for (int f = 0; f < 2; f++) {
            if (bench_skip_twin(f ? "fq" : "fp")) continue;
            for (size_t k = 0; k < sizeof field_ops / sizeof field_ops[0]; k++)
                if (f == 0 || !field_ops[k].fp_only)
                    (void)bench_field_row(ops, f, field_ops[k].name, 0, NULL);
        }
    }
}

int bench_field_count(const pasta_ops *ops, const char *op, const char *field, uint64_t n) {
    int code = bench_field_op_code(op);
    int f = strcmp(field, "fp") == 0 ? 0 : strcmp(field, "fq") == 0 ? 1 : -1;
    if (code < 0 || f < 0 || ((code & BENCH_X4) && f != 0)) return -1;
    field_ctx c;
    field_ctx_init(&c, ops, f, code);
    field_body(&c, n);
    return 0;
}
