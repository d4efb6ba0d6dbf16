/* pasta — x86-64 BMI2/ADX field kernels (GCC/Clang extended inline asm).
 *
 * Five kernels per field (add, sub, dbl, mul, sqr), named pasta_x86_64_asm_F_OP for F in
 * {fp, fq}. Contract (docs/DESIGN.md): canonical Montgomery inputs (R = 2^256), canonical
 * output, r may alias a and/or b, straight-line and branch-free (the final conditional
 * subtraction uses cmov). Only included when PASTA_X86_64_ASM is ON, only executed after
 * cpuid reported BMI2 and ADX; no -mbmi2/-madx flags are needed (the asm text is
 * assembled as is).
 *
 * Both moduli have the shape m = m0 + m1*2^64 + 0*2^128 + 2^62*2^192 with m0 = 1 mod 2^32
 * and m < 2^255. The Montgomery reduction uses it: per word, u = t0*INV, then
 *   - t0 + lo(u*m0) = 0 mod 2^64 by construction (only its carry, t0 != 0, matters;
 *     t0 itself becomes the zero register used by the rest of the round),
 *   - u*m2 = 0 is skipped, u*m3 = u*2^62 is two shifts,
 * so a word of reduction is 2 mulx + 1 imul. m < 2^255 keeps every intermediate within
 * 5 limbs (no extra carry word) and the result of a product below 2m (one conditional
 * subtraction). All memory accesses are at fixed offsets of the operands.
 *
 * Instruction counts in the comments are from objdump of the asm block alone (loads and
 * stores counted as moves; "add/adc/sub/sbb" counts the flag-chain ops other than
 * adcx/adox).
 */
#ifndef PASTA_FIELDS_X86_64_ASM_H
#define PASTA_FIELDS_X86_64_ASM_H

#if defined(__x86_64__)

#include <stdint.h>

#include "pasta/field.h"

/* Constants: {m0, m1, m3, INV} (m2 = 0). */
#define PASTA_X86_64_ASM_FP_CONSTS                                                       \
    { 0x992d30ed00000001u, 0x224698fc094cf91bu, 0x4000000000000000u, 0x992d30ecffffffffu }
#define PASTA_X86_64_ASM_FQ_CONSTS                                                       \
    { 0x8c46eb2100000001u, 0x224698fc0994a8ddu, 0x4000000000000000u, 0x8c46eb20ffffffffu }

/* ---------------------------------------------------------------------------------------
 * add: r = a + b mod m.
 * y = b - m first (it does not depend on a, the usual chained operand); then, side by
 * side, x = a + b on the CF chain (adcx) and y = a + (b - m) on the OF chain (adox): OF
 * out says a + b >= m and cmovo picks y. The chain through a is 4 adds + cmov; a is read
 * with plain loads (faster store forwarding than load-op forms).
 * Counts: 0 mulx, 8 adcx/adox, 4 sub/sbb, 1 test, 4 cmov, 12 mov (8 loads, 4 stores).
 */
#define PASTA_X86_64_ASM_ADD_BODY                                                         \
    "movq   (%[b]), %[y0]\n\t"                                                            \
    "movq   8(%[b]), %[y1]\n\t"                                                           \
    "movq   16(%[b]), %[y2]\n\t"                                                          \
    "movq   24(%[b]), %[y3]\n\t"                                                          \
    "subq   %[m0], %[y0]\n\t"                                                             \
    "sbbq   %[m1], %[y1]\n\t"                                                             \
    "sbbq   $0, %[y2]\n\t"                                                                \
    "sbbq   %[m3], %[y3]\n\t"                                                             \
    "movq   (%[a]), %[x0]\n\t"                                                            \
    "movq   8(%[a]), %[x1]\n\t"                                                           \
    "movq   16(%[a]), %[x2]\n\t"                                                          \
    "movq   24(%[a]), %[x3]\n\t"                                                          \
    "testq  %[b], %[b]\n\t" /* CF = OF = 0 */                                              \
    "adoxq  %[x0], %[y0]\n\t"                                                             \
    "adcxq  (%[b]), %[x0]\n\t"                                                            \
    "adoxq  %[x1], %[y1]\n\t"                                                             \
    "adcxq  8(%[b]), %[x1]\n\t"                                                           \
    "adoxq  %[x2], %[y2]\n\t"                                                             \
    "adcxq  16(%[b]), %[x2]\n\t"                                                          \
    "adoxq  %[x3], %[y3]\n\t"                                                             \
    "adcxq  24(%[b]), %[x3]\n\t"                                                          \
    "cmovoq %[y0], %[x0]\n\t"                                                             \
    "cmovoq %[y1], %[x1]\n\t"                                                             \
    "cmovoq %[y2], %[x2]\n\t"                                                             \
    "cmovoq %[y3], %[x3]\n\t"                                                             \
    "movq   %[x0], (%[r])\n\t"                                                            \
    "movq   %[x1], 8(%[r])\n\t"                                                           \
    "movq   %[x2], 16(%[r])\n\t"                                                          \
    "movq   %[x3], 24(%[r])\n\t"

/* ---------------------------------------------------------------------------------------
 * sub: r = a - b mod m.
 * y = a + (m - b) (m - b off the chain through a) and x = a - b side by side; the borrow
 * of a - b selects y.
 * Counts: 0 mulx, 0 adcx/adox, 12 add/adc/sub/sbb, 1 xor, 4 cmov, 11 mov (7 loads,
 * 4 stores).
 */
#define PASTA_X86_64_ASM_SUB_BODY                                                         \
    "movq   %[m0], %[y0]\n\t"                                                             \
    "movq   %[m1], %[y1]\n\t"                                                             \
    "xorl   %k[y2], %k[y2]\n\t"                                                           \
    "movq   %[m3], %[y3]\n\t"                                                             \
    "subq   (%[b]), %[y0]\n\t"                                                             \
    "sbbq   8(%[b]), %[y1]\n\t"                                                             \
    "sbbq   16(%[b]), %[y2]\n\t"                                                             \
    "sbbq   24(%[b]), %[y3]\n\t"                                                             \
    "movq   (%[a]), %[x0]\n\t"                                                             \
    "movq   8(%[a]), %[x1]\n\t"                                                             \
    "movq   16(%[a]), %[x2]\n\t"                                                             \
    "movq   24(%[a]), %[x3]\n\t"                                                             \
    "addq   %[x0], %[y0]\n\t"                                                             \
    "adcq   %[x1], %[y1]\n\t"                                                             \
    "adcq   %[x2], %[y2]\n\t"                                                             \
    "adcq   %[x3], %[y3]\n\t"                                                             \
    "subq   (%[b]), %[x0]\n\t"                                                             \
    "sbbq   8(%[b]), %[x1]\n\t"                                                             \
    "sbbq   16(%[b]), %[x2]\n\t"                                                             \
    "sbbq   24(%[b]), %[x3]\n\t"                                                             \
    "cmovcq %[y0], %[x0]\n\t"                                                             \
    "cmovcq %[y1], %[x1]\n\t"                                                             \
    "cmovcq %[y2], %[x2]\n\t"                                                             \
    "cmovcq %[y3], %[x3]\n\t"                                                             \
    "movq   %[x0], (%[r])\n\t"                                                             \
    "movq   %[x1], 8(%[r])\n\t"                                                             \
    "movq   %[x2], 16(%[r])\n\t"                                                             \
    "movq   %[x3], 24(%[r])\n\t"

/* ---------------------------------------------------------------------------------------
 * dbl: r = 2a mod m. Add path: x = a + a (add/adc chain; a < 2^255 so no carry out),
 * y = x - m, cmov on no borrow. Measured faster than the shift path (three independent
 * shld $1 + add, then y = x - m): shld is a 3-cycle op on common cores, so the "parallel"
 * doubling is no shorter than the 4-long carry chain.
 * Counts: 0 mulx, 0 adcx/adox, 8 add/adc/sub/sbb, 4 cmov, 12 mov (4 loads, 4 stores).
 */
#define PASTA_X86_64_ASM_DBL_BODY                                                         \
    "movq   (%[a]), %[x0]\n\t"                                                             \
    "movq   8(%[a]), %[x1]\n\t"                                                             \
    "movq   16(%[a]), %[x2]\n\t"                                                             \
    "movq   24(%[a]), %[x3]\n\t"                                                             \
    "addq   %[x0], %[x0]\n\t"                                                             \
    "adcq   %[x1], %[x1]\n\t"                                                             \
    "adcq   %[x2], %[x2]\n\t"                                                             \
    "adcq   %[x3], %[x3]\n\t"                                                             \
    "movq   %[x0], %[y0]\n\t"                                                             \
    "movq   %[x1], %[y1]\n\t"                                                             \
    "movq   %[x2], %[y2]\n\t"                                                             \
    "movq   %[x3], %[y3]\n\t"                                                             \
    "subq   %[m0], %[y0]\n\t"                                                             \
    "sbbq   %[m1], %[y1]\n\t"                                                             \
    "sbbq   $0, %[y2]\n\t"                                                                \
    "sbbq   %[m3], %[y3]\n\t"                                                             \
    "cmovncq %[y0], %[x0]\n\t"                                                            \
    "cmovncq %[y1], %[x1]\n\t"                                                            \
    "cmovncq %[y2], %[x2]\n\t"                                                            \
    "cmovncq %[y3], %[x3]\n\t"                                                            \
    "movq   %[x0], (%[r])\n\t"                                                             \
    "movq   %[x1], 8(%[r])\n\t"                                                             \
    "movq   %[x2], 16(%[r])\n\t"                                                             \
    "movq   %[x3], 24(%[r])\n\t"

/* ---------------------------------------------------------------------------------------
 * One word of Montgomery reduction on the 5-limb window s0..s4 (value < 2^320):
 * s = (s + u*m) / 2^64 with u = s0*INV; afterwards s0 = 0 and the result is s1..s4.
 * u*m3 = u*2^62 is added first as (u << 62, u >> 2) into s3, s4 (no carry out: the full
 * sum stays below 2^320); then u*m0, u*m1 with two carry chains. s0 (zero after its add)
 * is the zero source of the chains. Flags are clean (CF = OF = 0) at the end.
 * 2 mulx, 1 imul, 9 adcx/adox, 2 add/adc, 2 shifts, 1 xor, 3 mov.
 */
#define PASTA_X86_64_ASM_REDC(s0, s1, s2, s3, s4)                                         \
    "movq   %[" #s0 "], %%rdx\n\t"                                                        \
    "imulq  %[inv], %%rdx\n\t"                                                            \
    "movq   %%rdx, %[lo]\n\t"                                                             \
    "shlq   $62, %[lo]\n\t"                                                               \
    "movq   %%rdx, %[hi]\n\t"                                                             \
    "shrq   $2, %[hi]\n\t"                                                                \
    "addq   %[lo], %[" #s3 "]\n\t"                                                        \
    "adcq   %[hi], %[" #s4 "]\n\t"                                                        \
    "xorl   %k[lo], %k[lo]\n\t"                                                           \
    "mulxq  %[m0], %[lo], %[hi]\n\t"                                                      \
    "adcxq  %[lo], %[" #s0 "]\n\t"                                                        \
    "adoxq  %[hi], %[" #s1 "]\n\t"                                                        \
    "mulxq  %[m1], %[lo], %[hi]\n\t"                                                      \
    "adcxq  %[lo], %[" #s1 "]\n\t"                                                        \
    "adoxq  %[hi], %[" #s2 "]\n\t"                                                        \
    "adcxq  %[" #s0 "], %[" #s2 "]\n\t"                                                   \
    "adoxq  %[" #s0 "], %[" #s3 "]\n\t"                                                   \
    "adcxq  %[" #s0 "], %[" #s3 "]\n\t"                                                   \
    "adoxq  %[" #s0 "], %[" #s4 "]\n\t"                                                   \
    "adcxq  %[" #s0 "], %[" #s4 "]\n\t"

/* s0..s4 += a * b_i where s4 is zero on entry (it is the previous round's zeroed s0).
 * 4 mulx, 8 adcx/adox, 1 adc, 1 xor, 1 mov. */
#define PASTA_X86_64_ASM_MULACC(bi, s0, s1, s2, s3, s4)                                   \
    "xorl   %k[" #s4 "], %k[" #s4 "]\n\t"                                                 \
    "movq   " #bi "(%[b]), %%rdx\n\t"                                                        \
    "mulxq  (%[a]), %[lo], %[hi]\n\t"                                                      \
    "adcxq  %[lo], %[" #s0 "]\n\t"                                                        \
    "adoxq  %[hi], %[" #s1 "]\n\t"                                                        \
    "mulxq  8(%[a]), %[lo], %[hi]\n\t"                                                      \
    "adcxq  %[lo], %[" #s1 "]\n\t"                                                        \
    "adoxq  %[hi], %[" #s2 "]\n\t"                                                        \
    "mulxq  16(%[a]), %[lo], %[hi]\n\t"                                                      \
    "adcxq  %[lo], %[" #s2 "]\n\t"                                                        \
    "adoxq  %[hi], %[" #s3 "]\n\t"                                                        \
    "mulxq  24(%[a]), %[lo], %[hi]\n\t"                                                      \
    "adcxq  %[lo], %[" #s3 "]\n\t"                                                        \
    "adoxq  %[hi], %[" #s4 "]\n\t"                                                        \
    "adcq   $0, %[" #s4 "]\n\t"

/* Final step of mul/sqr: s0..s3 < 2m -> r = s mod m (t = s - m; cmov on no borrow). */
#define PASTA_X86_64_ASM_FINAL(s0, s1, s2, s3, t0)                                         \
    "movq   %[" #s0 "], %[lo]\n\t"                                                        \
    "movq   %[" #s1 "], %[hi]\n\t"                                                        \
    "movq   %[" #s2 "], %%rdx\n\t"                                                        \
    "movq   %[" #s3 "], %[" #t0 "]\n\t"                                                   \
    "subq   %[m0], %[lo]\n\t"                                                             \
    "sbbq   %[m1], %[hi]\n\t"                                                             \
    "sbbq   $0, %%rdx\n\t"                                                                \
    "sbbq   %[m3], %[" #t0 "]\n\t"                                                        \
    "cmovncq %[lo], %[" #s0 "]\n\t"                                                       \
    "cmovncq %[hi], %[" #s1 "]\n\t"                                                       \
    "cmovncq %%rdx, %[" #s2 "]\n\t"                                                       \
    "cmovncq %[" #t0 "], %[" #s3 "]\n\t"                                                  \
    "movq   %[" #s0 "], (%[r])\n\t"                                                        \
    "movq   %[" #s1 "], 8(%[r])\n\t"                                                        \
    "movq   %[" #s2 "], 16(%[r])\n\t"                                                        \
    "movq   %[" #s3 "], 24(%[r])\n\t"

/* ---------------------------------------------------------------------------------------
 * mul: r = a*b/R mod m, CIOS (word-by-word: multiply-accumulate a*b_i, reduce one word).
 * Counts: 24 mulx (16 products + 4x2 reduction), 4 imul, 60 adcx/adox, 19 other
 * add/adc/sub/sbb, 8 shl/shr, 7 xor, 4 cmov, 25 mov (incl. 4 stores) = 151.
 */
#define PASTA_X86_64_ASM_MUL_BODY                                                         \
    "movq   (%[b]), %%rdx\n\t"                                                             \
    "mulxq  (%[a]), %[s0], %[s1]\n\t"                                                      \
    "mulxq  8(%[a]), %[lo], %[s2]\n\t"                                                      \
    "addq   %[lo], %[s1]\n\t"                                                             \
    "mulxq  16(%[a]), %[lo], %[s3]\n\t"                                                      \
    "adcq   %[lo], %[s2]\n\t"                                                             \
    "mulxq  24(%[a]), %[lo], %[s4]\n\t"                                                      \
    "adcq   %[lo], %[s3]\n\t"                                                             \
    "adcq   $0, %[s4]\n\t"                                                                \
    PASTA_X86_64_ASM_REDC(s0, s1, s2, s3, s4)                                             \
    PASTA_X86_64_ASM_MULACC(8, s1, s2, s3, s4, s0)                                       \
    PASTA_X86_64_ASM_REDC(s1, s2, s3, s4, s0)                                             \
    PASTA_X86_64_ASM_MULACC(16, s2, s3, s4, s0, s1)                                       \
    PASTA_X86_64_ASM_REDC(s2, s3, s4, s0, s1)                                             \
    PASTA_X86_64_ASM_MULACC(24, s3, s4, s0, s1, s2)                                       \
    PASTA_X86_64_ASM_REDC(s3, s4, s0, s1, s2)                                             \
    PASTA_X86_64_ASM_FINAL(s4, s0, s1, s2, s3)

/* ---------------------------------------------------------------------------------------
 * sqr: r = a^2/R mod m. 6 cross products, doubled with adox(x,x) while the 4 squares go
 * in with adcx; the low half t0..t3 is reduced by 4 words (2 mulx each), giving a value
 * <= m; the high half t4..t7 (< m/2) is added and one conditional subtraction follows.
 * Counts: 18 mulx (6 cross, 4 squares, 8 reduction), 4 imul, 50 adcx/adox, 25 other
 * add/adc/sub/sbb, 8 shl/shr, 5 xor, 4 cmov, 31 mov (incl. 8 stores) = 145.
 */
#define PASTA_X86_64_ASM_SQR_BODY                                                         \
    /* cross products a_i*a_j (i<j) into t1..t6 */                                        \
    "movq   (%[a]), %%rdx\n\t"                                                             \
    "mulxq  8(%[a]), %[t1], %[t2]\n\t"                                                      \
    "mulxq  16(%[a]), %[lo], %[t3]\n\t"                                                      \
    "addq   %[lo], %[t2]\n\t"                                                             \
    "mulxq  24(%[a]), %[lo], %[t4]\n\t"                                                      \
    "adcq   %[lo], %[t3]\n\t"                                                             \
    "movq   24(%[a]), %%rdx\n\t"                                                             \
    "mulxq  8(%[a]), %[lo], %[t5]\n\t"                                                      \
    "adcq   %[lo], %[t4]\n\t"                                                             \
    "mulxq  16(%[a]), %[lo], %[t6]\n\t"                                                      \
    "adcq   %[lo], %[t5]\n\t"                                                             \
    "adcq   $0, %[t6]\n\t"                                                                \
    "movq   8(%[a]), %%rdx\n\t"                                                             \
    "mulxq  16(%[a]), %[lo], %[hi]\n\t"                                                      \
    "addq   %[lo], %[t3]\n\t"                                                             \
    "adcq   %[hi], %[t4]\n\t"                                                             \
    "adcq   $0, %[t5]\n\t"                                                                \
    "adcq   $0, %[t6]\n\t"                                                                \
    /* double (adox x,x) and add the squares (adcx) */                                    \
    "movq   (%[a]), %%rdx\n\t"                                                             \
    "mulxq  %%rdx, %[t0], %[hi]\n\t"                                                      \
    "xorl   %k[t7], %k[t7]\n\t"                                                           \
    "adoxq  %[t1], %[t1]\n\t"                                                             \
    "adcxq  %[hi], %[t1]\n\t"                                                             \
    "movq   8(%[a]), %%rdx\n\t"                                                             \
    "mulxq  %%rdx, %[lo], %[hi]\n\t"                                                      \
    "adoxq  %[t2], %[t2]\n\t"                                                             \
    "adcxq  %[lo], %[t2]\n\t"                                                             \
    "adoxq  %[t3], %[t3]\n\t"                                                             \
    "adcxq  %[hi], %[t3]\n\t"                                                             \
    "movq   16(%[a]), %%rdx\n\t"                                                             \
    "mulxq  %%rdx, %[lo], %[hi]\n\t"                                                      \
    "adoxq  %[t4], %[t4]\n\t"                                                             \
    "adcxq  %[lo], %[t4]\n\t"                                                             \
    "adoxq  %[t5], %[t5]\n\t"                                                             \
    "adcxq  %[hi], %[t5]\n\t"                                                             \
    "movq   24(%[a]), %%rdx\n\t"                                                             \
    "mulxq  %%rdx, %[lo], %[hi]\n\t"                                                      \
    "adoxq  %[t6], %[t6]\n\t"                                                             \
    "adcxq  %[lo], %[t6]\n\t"                                                             \
    "adoxq  %[t7], %[hi]\n\t"                                                             \
    "adcxq  %[t7], %[hi]\n\t"                                                             \
    /* the high half t4..t6,hi goes to r (a is no longer read), freeing registers */      \
    "movq   %[t4], (%[r])\n\t"                                                             \
    "movq   %[t5], 8(%[r])\n\t"                                                             \
    "movq   %[t6], 16(%[r])\n\t"                                                             \
    "movq   %[hi], 24(%[r])\n\t"                                                             \
    /* reduce the low half t0..t3 (t7 = 0 is the first window top) */                     \
    PASTA_X86_64_ASM_REDC(t0, t1, t2, t3, t7)                                             \
    PASTA_X86_64_ASM_REDC(t1, t2, t3, t7, t0)                                             \
    PASTA_X86_64_ASM_REDC(t2, t3, t7, t0, t1)                                             \
    PASTA_X86_64_ASM_REDC(t3, t7, t0, t1, t2)                                             \
    /* + high half: < 2m */                                                               \
    "addq   (%[r]), %[t7]\n\t"                                                             \
    "adcq   8(%[r]), %[t0]\n\t"                                                             \
    "adcq   16(%[r]), %[t1]\n\t"                                                             \
    "adcq   24(%[r]), %[t2]\n\t"                                                             \
    PASTA_X86_64_ASM_FINAL(t7, t0, t1, t2, t3)

#define PASTA_X86_64_ASM_IN_A [r] "r"(r), [a] "r"(a)
#define PASTA_X86_64_ASM_IN_B [b] "r"(b)
#define PASTA_X86_64_ASM_IN_M [m0] "m"(c[0]), [m1] "m"(c[1]), [m3] "m"(c[2])

#define PASTA_X86_64_ASM_FIELD(F, T, CONSTS)                                              \
    static inline void pasta_x86_64_asm_##F##_add(T *r, const T *a, const T *b)          \
    {                                                                                     \
        static const uint64_t c[4] = CONSTS;                                              \
        uint64_t x0, x1, x2, x3, y0, y1, y2, y3;                                          \
        __asm__ volatile(PASTA_X86_64_ASM_ADD_BODY                                                 \
                : [x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3),         \
                  [y0] "=&r"(y0), [y1] "=&r"(y1), [y2] "=&r"(y2), [y3] "=&r"(y3)          \
                : PASTA_X86_64_ASM_IN_A, PASTA_X86_64_ASM_IN_B, PASTA_X86_64_ASM_IN_M     \
                : "cc", "memory");                                                                  \
    }                                                                                     \
    static inline void pasta_x86_64_asm_##F##_sub(T *r, const T *a, const T *b)          \
    {                                                                                     \
        static const uint64_t c[4] = CONSTS;                                              \
        uint64_t x0, x1, x2, x3, y0, y1, y2, y3;                                          \
        __asm__ volatile(PASTA_X86_64_ASM_SUB_BODY                                                 \
                : [x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3),         \
                  [y0] "=&r"(y0), [y1] "=&r"(y1), [y2] "=&r"(y2), [y3] "=&r"(y3)          \
                : PASTA_X86_64_ASM_IN_A, PASTA_X86_64_ASM_IN_B, PASTA_X86_64_ASM_IN_M     \
                : "cc", "memory");                                                                  \
    }                                                                                     \
    static inline void pasta_x86_64_asm_##F##_dbl(T *r, const T *a)                      \
    {                                                                                     \
        static const uint64_t c[4] = CONSTS;                                              \
        uint64_t x0, x1, x2, x3, y0, y1, y2, y3;                                          \
        __asm__ volatile(PASTA_X86_64_ASM_DBL_BODY                                                 \
                : [x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3),         \
                  [y0] "=&r"(y0), [y1] "=&r"(y1), [y2] "=&r"(y2), [y3] "=&r"(y3)          \
                : PASTA_X86_64_ASM_IN_A, PASTA_X86_64_ASM_IN_M                            \
                : "cc", "memory");                                                                  \
    }                                                                                     \
    static inline void pasta_x86_64_asm_##F##_mul(T *r, const T *a, const T *b)          \
    {                                                                                     \
        static const uint64_t c[4] = CONSTS;                                              \
        uint64_t s0, s1, s2, s3, s4, lo, hi, d;                                           \
        __asm__ volatile(PASTA_X86_64_ASM_MUL_BODY                                                 \
                : [s0] "=&r"(s0), [s1] "=&r"(s1), [s2] "=&r"(s2), [s3] "=&r"(s3),         \
                  [s4] "=&r"(s4), [lo] "=&r"(lo), [hi] "=&r"(hi), "=&d"(d)               \
                : PASTA_X86_64_ASM_IN_A, PASTA_X86_64_ASM_IN_B, PASTA_X86_64_ASM_IN_M,    \
                  [inv] "m"(c[3])                                                         \
                : "cc", "memory");                                                                  \
    }                                                                                     \
    static inline void pasta_x86_64_asm_##F##_sqr(T *r, const T *a)                      \
    {                                                                                     \
        static const uint64_t c[4] = CONSTS;                                              \
        uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi, d;                               \
        __asm__ volatile(PASTA_X86_64_ASM_SQR_BODY                                                 \
                : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3),         \
                  [t4] "=&r"(t4), [t5] "=&r"(t5), [t6] "=&r"(t6), [t7] "=&r"(t7),         \
                  [lo] "=&r"(lo), [hi] "=&r"(hi), "=&d"(d)        \
                : PASTA_X86_64_ASM_IN_A, PASTA_X86_64_ASM_IN_M, [inv] "m"(c[3])           \
                : "cc", "memory");                                                                  \
    }

PASTA_X86_64_ASM_FIELD(fp, pasta_fp, PASTA_X86_64_ASM_FP_CONSTS)
PASTA_X86_64_ASM_FIELD(fq, pasta_fq, PASTA_X86_64_ASM_FQ_CONSTS)

#endif /* __x86_64__ */
#endif /* PASTA_FIELDS_X86_64_ASM_H */
