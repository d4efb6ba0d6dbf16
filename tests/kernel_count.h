/* tests/kernel_count.c: one configuration's field-kernel chains (tests/kernel_count_cfg.c). */
#ifndef PASTA_TESTS_KERNEL_COUNT_H
#define PASTA_TESTS_KERNEL_COUNT_H

#include <stdint.h>

#include "pasta/field.h"

/* x = op(x, y) n times, op a PASTA_CHAIN_* code of the five kernels, on fp (field 0) or fq
 * (field 1; x and y hold fq elements); -1 for an unknown op or field. */
typedef int (*kc_chain_fn)(int field, int op, pasta_fp *x, const pasta_fp *y, uint64_t n);

/* The chains as each build configuration compiles them (bench/main_job.sh's names):
 * portable (no PASTA_X86_64_ASM), asm-mul (the asm backend, mul and square in asm), asm
 * (the asm backend, every kernel in asm). */
int kc_portable(int field, int op, pasta_fp *x, const pasta_fp *y, uint64_t n);
int kc_asm_mul(int field, int op, pasta_fp *x, const pasta_fp *y, uint64_t n);
int kc_asm(int field, int op, pasta_fp *x, const pasta_fp *y, uint64_t n);

#endif
