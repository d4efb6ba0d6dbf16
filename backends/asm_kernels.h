/* The field kernels of the x86-64 asm backend, as chosen at build time (CMake
 * PASTA_ASM_KERNELS -> PASTA_ASM_KERNEL_ADD, _SUB, _DOUBLE, _MUL, _SQUARE = 0 | 1; each
 * 1 when undefined). A kernel not taken from asm is the portable C kernel of
 * fields/portable.h under the asm kernel's name, so every template built on F(add),
 * F(sub), F(dbl), F(mul), F(sqr) with PASTA_BACKEND x86_64_asm uses it: the table, the
 * array operations, curves, NTT and MSM alike. Results are the same bytes either way
 * (both kernels return the canonical residue). Include after fields/x86_64_asm.h. */
#ifndef PASTA_BACKENDS_ASM_KERNELS_H
#define PASTA_BACKENDS_ASM_KERNELS_H

#include "fields/portable.h"

#ifndef PASTA_ASM_KERNEL_ADD
#define PASTA_ASM_KERNEL_ADD 1
#endif
#ifndef PASTA_ASM_KERNEL_SUB
#define PASTA_ASM_KERNEL_SUB 1
#endif
#ifndef PASTA_ASM_KERNEL_DOUBLE
#define PASTA_ASM_KERNEL_DOUBLE 1
#endif
#ifndef PASTA_ASM_KERNEL_MUL
#define PASTA_ASM_KERNEL_MUL 1
#endif
#ifndef PASTA_ASM_KERNEL_SQUARE
#define PASTA_ASM_KERNEL_SQUARE 1
#endif

#if !PASTA_ASM_KERNEL_ADD
#define pasta_x86_64_asm_fp_add pasta_portable_fp_add
#define pasta_x86_64_asm_fq_add pasta_portable_fq_add
#endif
#if !PASTA_ASM_KERNEL_SUB
#define pasta_x86_64_asm_fp_sub pasta_portable_fp_sub
#define pasta_x86_64_asm_fq_sub pasta_portable_fq_sub
#endif
#if !PASTA_ASM_KERNEL_DOUBLE
#define pasta_x86_64_asm_fp_dbl pasta_portable_fp_dbl
#define pasta_x86_64_asm_fq_dbl pasta_portable_fq_dbl
#endif
#if !PASTA_ASM_KERNEL_MUL
#define pasta_x86_64_asm_fp_mul pasta_portable_fp_mul
#define pasta_x86_64_asm_fq_mul pasta_portable_fq_mul
#endif
#if !PASTA_ASM_KERNEL_SQUARE
#define pasta_x86_64_asm_fp_sqr pasta_portable_fp_sqr
#define pasta_x86_64_asm_fq_sqr pasta_portable_fq_sqr
#endif

#endif /* PASTA_BACKENDS_ASM_KERNELS_H */
