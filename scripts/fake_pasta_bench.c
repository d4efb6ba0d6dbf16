/* Stand-in for pasta_bench (same options as the real one, dummy kernels) used by
 * scripts/test-bench-tools.sh to test bench/compare_backends.sh and the harness without
 * the library. Built twice: -DFAKE_ASM=0 (control), -DFAKE_ASM=1 (candidate). Also a
 * few rows of suites curve and api (the api rows cost 3 steps more than their references
 * of the same name in field/curve) for scripts/bench-tables.sh. */
#include "harness.h"
#include <stdlib.h>
#include <string.h>
typedef struct {
    const char *op;
    int cost;
} kern;
static const kern K[] = {{"add", 4},  {"sub", 4},     {"double", 3},
                         {"mul", 30}, {"square", 25}, {"sqrt", 500}};
/* suite curve (pallas) and the references of the api rows: name, suite, field, cost */
typedef struct {
    const char *name, *suite, *field;
    int cost;
} row;
static const row R[] = {{"add_x4", "field", "fp", 3},
                        {"mul_x4", "field", "fp", 20},
                        {"madd_var", "curve", "pallas", 200},
                        {"madd_var_x4", "curve", "pallas", 150}};
static const char *api_names[] = {"add", "add_x4", "mul", "mul_x4", "madd_var", "madd_var_x4"};
typedef struct {
    int cost;
    uint64_t x;
} ctx_t;
static void body(void *c, uint64_t iters) {
    ctx_t *t = c;
    uint64_t x = t->x;
    for (uint64_t i = 0; i < iters; i++)
        for (int j = 0; j < t->cost; j++) {
            x = x * 0x9E3779B97F4A7C15u + 1;
            PASTA_BENCH_OPAQUE(x);
        }
    t->x = x;
}
static int cost(const char *op, const char *field, const char *be) {
    for (size_t i = 0; i < sizeof K / sizeof *K; i++)
        if (!strcmp(K[i].op, op)) {
            int c = K[i].cost + (!strcmp(field, "fq") ? 1 : 0);
            return !strcmp(be, "x86_64-asm") ? c * 2 / 3 : c;
        }
    return -1;
}
int main(int argc, char **argv) {
    const char *backends[] = {"portable", FAKE_ASM ? "x86_64-asm" : NULL};
    argc = pasta_bench_parse_args(argc, argv, NULL);
    if (argc < 0) return 2;
    if (argc >= 5 && !strcmp(argv[1], "--count")) {
        const char *be = argc >= 7 && !strcmp(argv[5], "--backend") ? argv[6] : "portable";
        if (!strcmp(be, "x86_64-asm") && !FAKE_ASM) return 3;
        ctx_t c = {cost(argv[2], argv[3], be), 1};
        if (c.cost < 0) return 3;
        body(&c, strtoull(argv[4], NULL, 10));
        return 0;
    }
    if (argc > 1) {
        fprintf(stderr, "unknown option %s\n", argv[1]);
        return 2;
    }
    const char *fields[] = {"fp", "fq"};
    for (int b = 0; b < 2 && backends[b]; b++)
        for (size_t k = 0; k < sizeof K / sizeof *K; k++)
            for (int f = 0; f < 2; f++) {
                pasta_bench_id id = {"field", K[k].op, backends[b], fields[f], 0, 1};
                ctx_t c = {cost(K[k].op, fields[f], backends[b]), 1};
                pasta_bench_run(NULL, &id, body, &c, NULL);
            }
    for (int b = 0; b < 2 && backends[b]; b++)
        for (size_t k = 0; k < sizeof R / sizeof *R; k++) {
            pasta_bench_id id = {R[k].suite, R[k].name, backends[b], R[k].field, 0, 1};
            ctx_t c = {R[k].cost, 1};
            pasta_bench_run(NULL, &id, body, &c, NULL);
        }
    for (int b = 0; b < 2 && backends[b]; b++)
        for (size_t k = 0; k < sizeof api_names / sizeof *api_names; k++) {
            const char *fld = strncmp(api_names[k], "madd", 4) == 0 ? "pallas" : "fp";
            int ref = cost(api_names[k], fld, backends[b]);
            for (size_t r = 0; r < sizeof R / sizeof *R; r++)
                if (!strcmp(R[r].name, api_names[k])) ref = R[r].cost;
            pasta_bench_id id = {"api", api_names[k], backends[b], fld, 0, 1};
            ctx_t c = {ref + 3, 1};
            pasta_bench_run(NULL, &id, body, &c, NULL);
        }
    return 0;
}
