/* The field kernels' dependent chains (x = op(x, y), fields/chain_impl.h) in each build
 * configuration, for tests/kernel_count.sh (issue 18, "controls at full speed").
 *
 *   kernel_count               every chain of every configuration and of this build's
 *                              tables gives the same bytes as the portable table's
 *                              kernels called one by one (exit 1 if not)
 *   kernel_count --probe-asm   exit 0 if the asm kernels run on this CPU (run natively:
 *                              valgrind hides ADX from cpuid)
 *   kernel_count --count [--with-asm]
 *                              under callgrind (--collect-atstart=no): each chain with n =
 *                              N1 and N2, collected alone and dumped as "CHAIN OP FIELD
 *                              KIND N" (KIND: portable or asm, the kernel that runs), so
 *                              that the instructions per operation are the difference of
 *                              the two dumps over N2 - N1 (calls and dumps cancel).
 *
 * Chains: portable, asm-mul, asm (tests/kernel_count_cfg.c, compiled as each
 * configuration's backend compiles them: bench/main_job.sh's three builds) and this build's
 * tables, lib-portable and lib-asm (ops->chain). */
#include <stdio.h>
#include <string.h>

#include "backends/backend.h"
#include "fields/field_list.h" /* PASTA_CHAIN_* */
#include "pasta/pasta.h"
#include "tests/kernel_count.h"

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define KC_HAVE_CALLGRIND 1
#endif
#endif

#define KC_N1 1000
#define KC_N2 3000

static const struct {
    const char *name;
    int op;
} kc_ops[] = {{"add", PASTA_CHAIN_ADD},
              {"sub", PASTA_CHAIN_SUB},
              {"double", PASTA_CHAIN_DBL},
              {"mul", PASTA_CHAIN_MUL},
              {"square", PASTA_CHAIN_SQR}};
#define KC_NOPS (sizeof kc_ops / sizeof kc_ops[0])

/* The table's chain as a kc_chain_fn. */
static int kc_table(const pasta_ops *ops, int field, int op, pasta_fp *x, const pasta_fp *y,
                    uint64_t n) {
    if (field == 0) {
        ops->fp->chain(op, x, y, n);
        return 0;
    }
    pasta_fq a, b;
    memcpy(&a, x, sizeof a);
    memcpy(&b, y, sizeof b);
    ops->fq->chain(op, &a, &b, n);
    memcpy(x, &a, sizeof a);
    return 0;
}
static int kc_lib_portable(int field, int op, pasta_fp *x, const pasta_fp *y, uint64_t n) {
    return kc_table(&pasta_ops_portable, field, op, x, y, n);
}
#ifdef PASTA_X86_64_ASM
static int kc_lib_asm(int field, int op, pasta_fp *x, const pasta_fp *y, uint64_t n) {
    return kc_table(&pasta_ops_x86_64_asm, field, op, x, y, n);
}
#endif

/* asm_mask: bit k set when kc_ops[k] runs an asm kernel in that chain. */
#define KC_ALL_ASM 0x1f
#define KC_MUL_ASM 0x18 /* mul, square */
#ifdef PASTA_X86_64_ASM
#define KC_LIB_ASM_MASK                                                                \
    (PASTA_ASM_KERNEL_ADD | PASTA_ASM_KERNEL_SUB << 1 | PASTA_ASM_KERNEL_DOUBLE << 2 | \
     PASTA_ASM_KERNEL_MUL << 3 | PASTA_ASM_KERNEL_SQUARE << 4)
#endif
static const struct {
    const char *name;
    kc_chain_fn fn;
    int asm_mask;
} kc_chains[] = {
    {"portable", kc_portable, 0},
    {"lib-portable", kc_lib_portable, 0},
#ifdef KC_HAVE_ASM_CFG
    {"asm-mul", kc_asm_mul, KC_MUL_ASM},
    {"asm", kc_asm, KC_ALL_ASM},
#endif
#ifdef PASTA_X86_64_ASM
    {"lib-asm", kc_lib_asm, KC_LIB_ASM_MASK},
#endif
};
#define KC_NCHAINS (sizeof kc_chains / sizeof kc_chains[0])

/* Fixed inputs in Montgomery form, below the modulus of either field. */
static void kc_inputs(int field, pasta_fp *x, pasta_fp *y) {
    const uint8_t sx[64] = "kernel_count: x, a fixed pseudo-random field element.........";
    const uint8_t sy[64] = "kernel_count: y, another fixed pseudo-random field element...";
    if (field == 0) {
        pasta_fp_from_uniform_bytes(x, sx);
        pasta_fp_from_uniform_bytes(y, sy);
    } else {
        pasta_fq a, b;
        pasta_fq_from_uniform_bytes(&a, sx);
        pasta_fq_from_uniform_bytes(&b, sy);
        memcpy(x, &a, sizeof a);
        memcpy(y, &b, sizeof b);
    }
}

/* The reference: the portable table's kernels called one by one. */
static void kc_reference(int field, int op, pasta_fp *x, const pasta_fp *y, uint64_t n) {
    const struct pasta_fp_ops *o = pasta_ops_portable.fp;
    const struct pasta_fq_ops *q = pasta_ops_portable.fq;
    pasta_fq a, b;
    memcpy(&a, x, sizeof a);
    memcpy(&b, y, sizeof b);
    for (uint64_t i = 0; i < n; i++) {
        if (field == 0) {
            switch (op) {
            case PASTA_CHAIN_ADD: o->add(x, x, y); break;
            case PASTA_CHAIN_SUB: o->sub(x, x, y); break;
            case PASTA_CHAIN_DBL: o->dbl(x, x); break;
            case PASTA_CHAIN_MUL: o->mul(x, x, y); break;
            default: o->sqr(x, x); break;
            }
        } else {
            switch (op) {
            case PASTA_CHAIN_ADD: q->add(&a, &a, &b); break;
            case PASTA_CHAIN_SUB: q->sub(&a, &a, &b); break;
            case PASTA_CHAIN_DBL: q->dbl(&a, &a); break;
            case PASTA_CHAIN_MUL: q->mul(&a, &a, &b); break;
            default: q->sqr(&a, &a); break;
            }
        }
    }
    if (field == 1) memcpy(x, &a, sizeof a);
}

static int kc_check(int with_asm) {
    int bad = 0, checked = 0;
    for (int field = 0; field < 2; field++)
        for (size_t k = 0; k < KC_NOPS; k++) {
            pasta_fp x0, y, want;
            kc_inputs(field, &x0, &y);
            want = x0;
            kc_reference(field, kc_ops[k].op, &want, &y, 777);
            for (size_t c = 0; c < KC_NCHAINS; c++) {
                if (((kc_chains[c].asm_mask >> k) & 1) && !with_asm) continue;
                pasta_fp x = x0;
                if (kc_chains[c].fn(field, kc_ops[k].op, &x, &y, 777) != 0 ||
                    memcmp(&x, &want, sizeof x) != 0) {
                    fprintf(stderr,
                            "kernel_count: %s %s %s: result differs from the "
                            "portable kernels'\n",
                            kc_chains[c].name, kc_ops[k].name, field ? "fq" : "fp");
                    bad = 1;
                }
                checked++;
            }
        }
    printf("kernel_count: %d chains x 777 operations: %s\n", checked,
           bad ? "DIFFER" : "same bytes as the portable kernels");
    return bad;
}

int main(int argc, char **argv) {
    int with_asm = pasta_backend_supported(PASTA_BACKEND_X86_64_ASM);
    if (argc > 1 && strcmp(argv[1], "--probe-asm") == 0)
#ifdef KC_HAVE_ASM_CFG
        return with_asm ? 0 : 1;
#else
        return 1;
#endif
    if (argc > 1 && strcmp(argv[1], "--count") == 0) {
#ifdef KC_HAVE_CALLGRIND
        with_asm = argc > 2 && strcmp(argv[2], "--with-asm") == 0;
        if (!RUNNING_ON_VALGRIND) {
            fprintf(stderr, "kernel_count: --count must run under callgrind\n");
            return 2;
        }
        char label[96];
        for (int field = 0; field < 2; field++)
            for (size_t k = 0; k < KC_NOPS; k++)
                for (size_t c = 0; c < KC_NCHAINS; c++) {
                    int is_asm = (kc_chains[c].asm_mask >> k) & 1;
                    if (is_asm && !with_asm) continue;
                    for (int r = 0; r < 2; r++) {
                        const uint64_t n = r ? KC_N2 : KC_N1;
                        pasta_fp x, y;
                        kc_inputs(field, &x, &y);
                        CALLGRIND_TOGGLE_COLLECT;
                        (void)kc_chains[c].fn(field, kc_ops[k].op, &x, &y, n);
                        CALLGRIND_TOGGLE_COLLECT;
                        snprintf(label, sizeof label, "%s %s %s %s %llu", kc_chains[c].name,
                                 kc_ops[k].name, field ? "fq" : "fp",
                                 is_asm ? "asm" : "portable", (unsigned long long)n);
                        CALLGRIND_DUMP_STATS_AT(label);
                    }
                }
        return 0;
#else
        fprintf(stderr, "kernel_count: built without valgrind/callgrind.h\n");
        return 77;
#endif
    }
#ifdef PASTA_X86_64_ASM
    if (with_asm && !pasta_ops_for(PASTA_BACKEND_X86_64_ASM)) with_asm = 0;
#endif
    return kc_check(with_asm);
}
