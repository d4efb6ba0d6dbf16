/* Differential fuzzing of Fp and Fq: every field operation on every runnable backend
 * (pasta_ops_for: portable, x86-64 asm) against GMP, and the backends bit for bit against
 * each other; any difference aborts.
 *
 * Input: up to DIFF_MAX_CHUNKS chunks, each a selector byte (bit 0: field, bit 1: the
 * cmov/select/cswap flag) and two operands a, b as fz_operand reads them (mode byte +
 * 32 bytes, or mode byte + 8 bytes near an edge). Operands are any 256-bit integers:
 * from_raw reduces them, from_bytes must accept exactly those below the modulus. */
#include <string.h>

#include "util.h"

#define STR_(x) #x
#define STR(x) STR_(x)
#define DIFF_MAX_CHUNKS 32

/* Element results, by index, with names for the messages. */
enum {
    FR_A,
    FR_B,
    FR_DEC,
    FR_ADD,
    FR_SUB,
    FR_NEG,
    FR_DBL,
    FR_MUL,
    FR_SQR,
    FR_CUBE,
    FR_POW,
    FR_POW_VAR,
    FR_INV,
    FR_INV_VAR,
    FR_SQRT,
    FR_SQRT_RATIO,
    FR_UNIFORM,
    FR_U64,
    FR_U128,
    FR_CMOV,
    FR_SELECT,
    FR_SWAP_A,
    FR_SWAP_B,
    FR_N
};
enum {
    IR_DEC,
    IR_SQRT,
    IR_SQRT_RATIO,
    IR_LEGENDRE,
    IR_IS_SQUARE,
    IR_EQ_AB,
    IR_EQ_AA,
    IR_IS_ZERO,
    IR_IS_ODD,
    IR_N
};

static const char *const diff_fe_names[FR_N] = {"from_raw(a)",
                                                "from_raw(b)",
                                                "from_bytes",
                                                "add",
                                                "sub",
                                                "neg",
                                                "dbl",
                                                "mul",
                                                "sqr",
                                                "cube",
                                                "pow",
                                                "pow_var",
                                                "invert",
                                                "invert_var",
                                                "sqrt",
                                                "sqrt_ratio",
                                                "from_uniform_bytes",
                                                "from_u64",
                                                "from_u128",
                                                "cmov",
                                                "select",
                                                "cswap a",
                                                "cswap b"};
static const char *const diff_iv_names[IR_N] = {"from_bytes rc", "sqrt rc",   "sqrt_ratio rc",
                                                "legendre",      "is_square", "eq(a,b)",
                                                "eq(a,a)",       "is_zero",   "is_odd"};


#define PASTA_FIELD_TEMPLATE "fuzz/field_diff_impl.h"
#include "core/for_each.h"
#undef PASTA_FIELD_TEMPLATE

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const pasta_ops *t[FZ_MAX_BACKENDS];
    int nt = fz_backends(t);
    fz_in in = fz_reader(data, size);
    pasta_fp fp_in[DIFF_MAX_CHUNKS], fp_inv[DIFF_MAX_CHUNKS];
    pasta_fq fq_in[DIFF_MAX_CHUNKS], fq_inv[DIFF_MAX_CHUNKS];
    size_t nfp = 0, nfq = 0;
    for (int chunk = 0; chunk < DIFF_MAX_CHUNKS && (chunk == 0 || in.left > 0); chunk++) {
        uint8_t sel = fz_byte(&in), a[32], b[32];
        int field = sel & 1, flag = (sel >> 1) & 1;
        fz_operand(a, &in, field);
        fz_operand(b, &in, field);
        if (field == 0) {
            diff_fp_res r0, ri;
            diff_fp_run(&r0, t[0]->fp, a, b, flag);
            diff_fp_vs_gmp(&r0, a, b, flag);
            for (int i = 1; i < nt; i++) {
                diff_fp_run(&ri, t[i]->fp, a, b, flag);
                diff_fp_same(&ri, &r0, t[i]->name);
            }
            fp_in[nfp] = r0.fe[FR_A];
            fp_inv[nfp++] = r0.fe[FR_INV];
        } else {
            diff_fq_res r0, ri;
            diff_fq_run(&r0, t[0]->fq, a, b, flag);
            diff_fq_vs_gmp(&r0, a, b, flag);
            for (int i = 1; i < nt; i++) {
                diff_fq_run(&ri, t[i]->fq, a, b, flag);
                diff_fq_same(&ri, &r0, t[i]->name);
            }
            fq_in[nfq] = r0.fe[FR_A];
            fq_inv[nfq++] = r0.fe[FR_INV];
        }
    }
    if (nfp > 0) diff_fp_batch(t, nt, fp_in, fp_inv, nfp);
    if (nfq > 0) diff_fq_batch(t, nt, fq_in, fq_inv, nfq);
    return 0;
}
