/* The x86-64 BMI2/ADX backend: every layer on the inline-asm kernels of
 * fields/x86_64_asm.h (those chosen at build time: backends/asm_kernels.h). Compiled only
 * with PASTA_X86_64_ASM; run only after cpuid. */
#include "fields/x86_64_asm.h"
#include "backends/asm_kernels.h"

#define PASTA_BACKEND x86_64_asm
#include "backends/backend.h"
#include "backends/templates.h"
#include "backends/table_x86_64_asm_gen.h"
