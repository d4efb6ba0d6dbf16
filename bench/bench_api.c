/* Public-API benchmarks (suite "api"): what an embedding program gets. Each row calls a
 * public entry point of <pasta/pasta.h> in a loop, on each runnable backend in turn
 * (pasta_backend_set; the previous backend is restored afterwards):
 *
 *   api/add, api/mul, api/square (field fp)    x = pasta_fp_add(x, y) / _mul(x, y) / _sqr(x)
 *   api/madd_var (field pallas)                p = pasta_pallas_madd_var(p, q), q affine
 *   ..._x4                                     4 independent chains x[j] (p[j]) in one
 *                                              loop, operation i on x[i % 4]; ns per single
 *                                              operation (throughput)
 *   api/vec_add, api/vec_mul (field fp)        pasta_fp_vec_add / _vec_mul over arrays of
 *                                              API_VEC elements, in place; ns per element;
 *                                              reference field/add_x4, field/mul_x4
 *                                              (independent operations, inlined)
 *
 * Each public call is a direct call into the library (this program links it statically;
 * an embedder of the shared library also pays a PLT jump) whose body is one load of the
 * active backend's function pointer and an indirect jump (backends/api_gen.c); the
 * operands pass through memory, as the API takes pointers.
 *
 * The in-backend reference of each row has the same name in suite "field" (fp) or
 * "curve" (pallas), and starts from the same inputs (bench_fp_inputs, bench_pallas_inputs):
 *   field/add, field/mul, field/square          the backend's dependent `chain` loop (the
 *                                              kernel inlined or called directly, as the
 *                                              compiler chose; x in registers)
 *   field/add_x4, field/mul_x4, field/square_x4 the backend's kernels inlined into the same
 *                                              4-chain loop (bench_kernels.c)
 *   curve/madd_var, curve/madd_var_x4           through the backend's table: one indirect,
 *                                              not inlined call per operation (bench_curve.c)
 * so for the field ops public / in-backend is the whole cost of calling through the API
 * (less, for mul and sqr, the direct call the dependent reference already makes), and for
 * madd_var it is the cost of the dispatch beyond one indirect call.
 *
 * A reference already measured in this process (its suite ran first) is reused; else it
 * is measured just before its api row, whatever --suite/--filter say (an api row needs it).
 * After the rows, a summary prints public / in-backend per op, form and backend. */
#include <stdio.h>
#include <string.h>

#include "bench/bench.h"

enum { A_ADD, A_MUL, A_SQR, A_MADD_VAR, A_VADD, A_VMUL };

#define API_VEC 256 /* elements per array call */

static const struct {
    const char *name; /* the api row's name */
    const char *ref;  /* its reference's name (suite field or curve) */
    int op, x4;       /* x4: 1 for 4 chains, 2 for an array call */
} api_rows[] = {
    {"add", "add", A_ADD, 0},
    {"add_x4", "add_x4", A_ADD, 1},
    {"mul", "mul", A_MUL, 0},
    {"mul_x4", "mul_x4", A_MUL, 1},
    {"square", "square", A_SQR, 0},
    {"square_x4", "square_x4", A_SQR, 1},
    {"madd_var", "madd_var", A_MADD_VAR, 0},
    {"madd_var_x4", "madd_var_x4", A_MADD_VAR, 1},
    {"vec_add", "add_x4", A_VADD, 2},
    {"vec_mul", "mul_x4", A_VMUL, 2},
};
#define API_NROWS (sizeof api_rows / sizeof api_rows[0])

typedef struct {
    int op, x4;
    pasta_fp va[API_VEC], vb[API_VEC];
    pasta_fp x[4], y;
    pasta_pallas_jacobian p[4];
    pasta_pallas_affine q;
} api_ctx;

/* iters operations: one chain on v[0], or 4 chains with operation i on v[i % 4], the same
 * loop shape as the in-backend references (bench_kernels.c). */
#define API_DEP(STEP, v)                             \
    for (uint64_t i = 0; i < iters; i++) STEP(v[0]); \
    break
#define API_X4(STEP, v)                                  \
    for (uint64_t i = 0; i < iters; i++) STEP(v[i & 3]); \
    break
#define API_ADD(a) pasta_fp_add(&(a), &(a), &y)
#define API_MUL(a) pasta_fp_mul(&(a), &(a), &y)
#define API_SQR(a) pasta_fp_sqr(&(a), &(a))
#define API_MADD_VAR(a) pasta_pallas_madd_var(&(a), &(a), &q)

static void api_body(void *vc, uint64_t iters) {
    api_ctx *c = vc;
    const pasta_fp y = c->y;
    const pasta_pallas_affine q = c->q;
    pasta_fp x[4];
    pasta_pallas_jacobian p[4];
    memcpy(x, c->x, sizeof x);
    memcpy(p, c->p, sizeof p);
    switch (c->op * 2 + c->x4) {
    case A_ADD * 2: API_DEP(API_ADD, x);
    case A_ADD * 2 + 1: API_X4(API_ADD, x);
    case A_MUL * 2: API_DEP(API_MUL, x);
    case A_MUL * 2 + 1: API_X4(API_MUL, x);
    case A_SQR * 2: API_DEP(API_SQR, x);
    case A_SQR * 2 + 1: API_X4(API_SQR, x);
    case A_MADD_VAR * 2: API_DEP(API_MADD_VAR, p);
    case A_MADD_VAR * 2 + 1: API_X4(API_MADD_VAR, p);
    default: /* array calls: iters elements, API_VEC per call (the last call shorter) */
        for (uint64_t done = 0; done < iters; done += API_VEC) {
            size_t n = iters - done < API_VEC ? (size_t)(iters - done) : API_VEC;
            if (c->op == A_VADD) (void)pasta_fp_vec_add(c->va, c->va, c->vb, n);
            else (void)pasta_fp_vec_mul(c->va, c->va, c->vb, n);
        }
        pasta_bench_consume(c->va, sizeof c->va);
        break;
    }
    pasta_bench_consume(x, sizeof x);
    pasta_bench_consume(p, sizeof p);
    memcpy(c->x, x, sizeof x); /* as bench_field.c; the curve rows restart from p */
}

typedef struct {
    const char *name, *backend;
    int x4;
    pasta_bench_result pub, ref;
} api_summary_row;

static void print_summary(const api_summary_row *s, int n) {
    if (n == 0) return;
    printf("\napi: public entry point / in-backend reference (api/NAME vs field/NAME or "
           "curve/NAME), per operation;\n"
           "     ratio of the medians, [lo, hi] = ratios of the 95%% CI ends "
           "(public lo / ref hi, public hi / ref lo)\n");
    printf("%-12s %-9s %-11s %11s %11s %7s  %s\n", "op", "form", "backend", "public ns",
           "backend ns", "ratio", "[lo, hi]");
    for (int i = 0; i < n; i++) {
        char op[32];
        size_t len = strlen(s[i].name);
        if (s[i].x4 == 1 && len > 3) len -= 3; /* drop "_x4" */
        snprintf(op, sizeof op, "%.*s", (int)len, s[i].name);
        const char *form = s[i].x4 == 2 ? "array" : s[i].x4 ? "4 chains" : "1 chain";
        const pasta_bench_result *p = &s[i].pub, *r = &s[i].ref;
        printf("%-12s %-9s %-11s %11.2f %11.2f %7.3f  [%.3f, %.3f]\n", op, form, s[i].backend,
               p->median_ns, r->median_ns, p->median_ns / r->median_ns, p->lo_ns / r->hi_ns,
               p->hi_ns / r->lo_ns);
    }
    fflush(stdout);
}

void bench_api_suite(void) {
    api_summary_row summary[BENCH_MAX_BACKENDS * API_NROWS];
    int ns = 0;
    const pasta_backend prev = pasta_backend_get();
    for (int b = 0; b < BENCH_MAX_BACKENDS; b++) {
        const pasta_ops *ops = bench_backend(b);
        if (ops == NULL) continue;
        int switched = 0;
        for (size_t k = 0; k < API_NROWS; k++) {
            const int curve = api_rows[k].op == A_MADD_VAR;
            pasta_bench_id id = {
                "api", api_rows[k].name, ops->name, curve ? "pallas" : "fp", 0, 1};
            if (!pasta_bench_selected(&id)) continue;
            if (!switched) {
                if (!pasta_backend_supported(ops->backend) ||
                    pasta_backend_set(ops->backend) != PASTA_OK) {
                    if (!pasta_bench_planning())
                        fprintf(stderr,
                                "pasta_bench: api: backend %s cannot be selected "
                                "here; skipped\n",
                                ops->name);
                    break;
                }
                switched = 1;
            }
            /* The reference first (when not measured yet), then the public row. */
            pasta_bench_result ref;
            const pasta_bench_result *known =
                bench_lookup(curve ? "curve" : "field", api_rows[k].ref, id.field, ops->name);
            int have_ref = known != NULL;
            if (known) ref = *known;
            else if (curve) have_ref = bench_curve_row(ops, 0, api_rows[k].ref, 1, &ref) == 0;
            else have_ref = bench_field_row(ops, 0, api_rows[k].ref, 1, &ref) == 0;

            static api_ctx c;
            memset(&c, 0, sizeof c);
            c.op = api_rows[k].op;
            c.x4 = api_rows[k].x4;
            bench_fp_inputs(ops, c.x, &c.y);
            for (int i = 0; i < API_VEC; i++) {
                c.va[i] = c.x[i & 3];
                c.vb[i] = c.y;
            }
            bench_pallas_inputs(ops, c.p, &c.q);
            pasta_bench_result res;
            if (pasta_bench_run(NULL, &id, api_body, &c, &res) != 0) continue;
            bench_record(&id, &res);
            if (have_ref)
                summary[ns++] = (api_summary_row){id.name, ops->name, c.x4, res, ref};
        }
    }
    if (pasta_backend_set(prev) != PASTA_OK)
        fprintf(stderr, "pasta_bench: api: could not restore backend %s\n",
                pasta_backend_name(prev));
    if (!pasta_bench_planning()) print_summary(summary, ns);
}
