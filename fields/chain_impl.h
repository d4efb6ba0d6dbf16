/* Template: the dependent chains the bench times, x = op(x, y) n times, on one backend's
 * kernels F(add), F(sub), F(dbl), F(mul), F(sqr) (fields/field_impl.h's F(chain) calls
 * them; tests/kernel_count_cfg.c instantiates them per configuration).
 *
 * One function per kernel, each with its own accumulator, the kernel inlined into it
 * (flatten) and itself never inlined: a loop's code depends on its kernel's source and
 * the compiler flags alone, not on the other kernels, the callers or the rest of the
 * translation unit. With one shared loop per op code, gcc 12 inlined the portable mul into
 * it in some translation units and not in others (381 instructions against 306), and an
 * asm kernel's memory operand kept the shared accumulator in memory for the portable sub
 * of the asm-mul build (2.1x slower): docs/ASM_NOTES.md, "The controls".
 *
 * Include with PASTA_BACKEND and FIELD defined, after core/names.h and the backend's
 * kernel header. */
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define PASTA_CHAIN_FN PASTA_TFN __attribute__((noinline, flatten))
#else
#define PASTA_CHAIN_FN PASTA_TFN
#endif
#define PASTA_CHAIN_LOOP(STEP)             \
    FE acc = *x;                           \
    for (uint64_t i = 0; i < n; i++) STEP; \
    *x = acc

PASTA_CHAIN_FN void F(chain_add)(FE *x, const FE *y, uint64_t n) {
    PASTA_CHAIN_LOOP(F(add)(&acc, &acc, y));
}
PASTA_CHAIN_FN void F(chain_sub)(FE *x, const FE *y, uint64_t n) {
    PASTA_CHAIN_LOOP(F(sub)(&acc, &acc, y));
}
PASTA_CHAIN_FN void F(chain_dbl)(FE *x, uint64_t n) { PASTA_CHAIN_LOOP(F(dbl)(&acc, &acc)); }
PASTA_CHAIN_FN void F(chain_mul)(FE *x, const FE *y, uint64_t n) {
    PASTA_CHAIN_LOOP(F(mul)(&acc, &acc, y));
}
PASTA_CHAIN_FN void F(chain_sqr)(FE *x, uint64_t n) { PASTA_CHAIN_LOOP(F(sqr)(&acc, &acc)); }

#undef PASTA_CHAIN_LOOP
#undef PASTA_CHAIN_FN
