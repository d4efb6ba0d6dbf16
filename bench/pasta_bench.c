/* pasta_bench — the benchmark program (see README "What the numbers mean").
 *
 *   pasta_bench [--quick|--full] [--json FILE] [--suite S] [--filter SUBSTR]
 *               [--backend portable|x86_64-asm|auto]
 *   pasta_bench --count OP FIELD N [--backend B]   run N ops untimed (for callgrind)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"

static const pasta_ops *only; /* --backend: a single backend, else all runnable ones */

const pasta_ops *bench_backend(int i) {
    if (only != NULL) return i == 0 ? only : NULL;
    static const pasta_backend all[BENCH_MAX_BACKENDS] = {PASTA_BACKEND_PORTABLE,
                                                          PASTA_BACKEND_X86_64_ASM};
    return i < BENCH_MAX_BACKENDS ? pasta_ops_for(all[i]) : NULL;
}

int main(int argc, char **argv) {
    pasta_bench_args args;
    argc = pasta_bench_parse_args(argc, argv, &args);
    if (argc < 0) return 2;
    const char *count_op = NULL, *count_field = NULL;
    uint64_t count_n = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc) {
            pasta_backend b;
            if (pasta_backend_parse(&b, argv[++i]) != PASTA_OK ||
                (only = pasta_ops_for(b)) == NULL) {
                fprintf(stderr, "pasta_bench: backend %s is not available here\n", argv[i]);
                return 2;
            }
        } else if (strcmp(argv[i], "--count") == 0 && i + 3 < argc) {
            count_op = argv[++i];
            count_field = argv[++i];
            count_n = strtoull(argv[++i], NULL, 0);
        } else {
            fprintf(stderr, "pasta_bench: unknown argument %s\n", argv[i]);
            return 2;
        }
    }
    if (count_op != NULL) {
        const pasta_ops *ops = only != NULL ? only : pasta_ops_for(PASTA_BACKEND_AUTO);
        if (bench_field_count(ops, count_op, count_field, count_n) != 0) {
            fprintf(stderr, "pasta_bench: unknown op/field %s %s\n", count_op, count_field);
            return 2;
        }
        return 0;
    }
    bench_field_suite();
    bench_curve_suite();
    pasta_bench_args_close(&args);
    return 0;
}
