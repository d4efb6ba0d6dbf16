/* One build configuration's field-kernel chains: fields/chain_impl.h compiled as that
 * configuration's backend translation unit compiles it. KC_CONFIG (tests/CMakeLists.txt
 * builds this file once per value, so one build checks all three configurations):
 *   0  portable  the portable kernels (backends/portable.c);
 *   1  asm-mul   the asm backend with mul and square in asm, add, sub and double the
 *                portable kernels (backends/x86_64_asm.c, PASTA_ASM_KERNELS="mul;square");
 *   2  asm       the asm backend with every kernel in asm.
 * The kernel choice overrides the build's own (CMake's PASTA_ASM_KERNEL_* for every
 * target). */
#include <string.h>

#include "core/names.h"
#include "fields/field_list.h" /* PASTA_CHAIN_* */
#include "tests/kernel_count.h"

#if KC_CONFIG == 0
#include "fields/portable.h"
#define PASTA_BACKEND portable
#define KC_NAME kc_portable
#else
#undef PASTA_ASM_KERNEL_ADD
#undef PASTA_ASM_KERNEL_SUB
#undef PASTA_ASM_KERNEL_DOUBLE
#undef PASTA_ASM_KERNEL_MUL
#undef PASTA_ASM_KERNEL_SQUARE
#define PASTA_ASM_KERNEL_ADD (KC_CONFIG == 2)
#define PASTA_ASM_KERNEL_SUB (KC_CONFIG == 2)
#define PASTA_ASM_KERNEL_DOUBLE (KC_CONFIG == 2)
#define PASTA_ASM_KERNEL_MUL 1
#define PASTA_ASM_KERNEL_SQUARE 1
#include "fields/x86_64_asm.h"
#include "backends/asm_kernels.h"
#define PASTA_BACKEND x86_64_asm
#if KC_CONFIG == 1
#define KC_NAME kc_asm_mul
#else
#define KC_NAME kc_asm
#endif
#endif

#define FIELD fp
#include "fields/chain_impl.h"
#undef FIELD
#define FIELD fq
#include "fields/chain_impl.h"
#undef FIELD

#define KC_FIELD_RUN(FIELD_, FE_)                                                \
    static int kc_run_##FIELD_(int op, FE_ *x, const FE_ *y, uint64_t n) {       \
        switch (op) {                                                            \
        case PASTA_CHAIN_ADD: PASTA_BNAME(FIELD_, chain_add)(x, y, n); return 0; \
        case PASTA_CHAIN_SUB: PASTA_BNAME(FIELD_, chain_sub)(x, y, n); return 0; \
        case PASTA_CHAIN_DBL: PASTA_BNAME(FIELD_, chain_dbl)(x, n); return 0;    \
        case PASTA_CHAIN_MUL: PASTA_BNAME(FIELD_, chain_mul)(x, y, n); return 0; \
        case PASTA_CHAIN_SQR: PASTA_BNAME(FIELD_, chain_sqr)(x, n); return 0;    \
        default: return -1;                                                      \
        }                                                                        \
    }
KC_FIELD_RUN(fp, pasta_fp)
KC_FIELD_RUN(fq, pasta_fq)

int KC_NAME(int field, int op, pasta_fp *x, const pasta_fp *y, uint64_t n) {
    if (field == 0) return kc_run_fp(op, x, y, n);
    if (field != 1) return -1;
    pasta_fq a, b;
    memcpy(&a, x, sizeof a);
    memcpy(&b, y, sizeof b);
    int rc = kc_run_fq(op, &a, &b, n);
    memcpy(x, &a, sizeof a);
    return rc;
}
