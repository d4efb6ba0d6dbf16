/* The x86-64 AVX-512 IFMA backend: the x86_64_asm backend's code (every layer on the
 * inline-asm kernels of fields/x86_64_asm.h), except that the batched work runs eight
 * field elements per vector on the IFMA kernels of fields/x86_64_ifma.h: the templates
 * take those paths under PASTA_IFMA_BACKEND (the array operations: fields/array_impl.h).
 * Compiled only with PASTA_X86_64_ASM and PASTA_X86_64_IFMA; run only after the CPUID and
 * XGETBV check of backends/dispatch.c. Only functions carrying PASTA_IFMA_TARGET contain
 * AVX-512 code: the rest of this unit is compiled as the asm backend's. */
#include "fields/x86_64_asm.h"
#include "backends/asm_kernels.h"
#include "fields/x86_64_ifma.h"

/* The five field kernels are the asm backend's (as built: backends/asm_kernels.h). */
#define pasta_x86_64_ifma_fp_add pasta_x86_64_asm_fp_add
#define pasta_x86_64_ifma_fp_sub pasta_x86_64_asm_fp_sub
#define pasta_x86_64_ifma_fp_dbl pasta_x86_64_asm_fp_dbl
#define pasta_x86_64_ifma_fp_mul pasta_x86_64_asm_fp_mul
#define pasta_x86_64_ifma_fp_sqr pasta_x86_64_asm_fp_sqr
#define pasta_x86_64_ifma_fq_add pasta_x86_64_asm_fq_add
#define pasta_x86_64_ifma_fq_sub pasta_x86_64_asm_fq_sub
#define pasta_x86_64_ifma_fq_dbl pasta_x86_64_asm_fq_dbl
#define pasta_x86_64_ifma_fq_mul pasta_x86_64_asm_fq_mul
#define pasta_x86_64_ifma_fq_sqr pasta_x86_64_asm_fq_sqr

#define PASTA_IFMA_BACKEND 1
#define PASTA_BACKEND x86_64_ifma
#include "backends/backend.h"
#include "backends/templates.h"
#include "backends/table_x86_64_ifma_gen.h"
