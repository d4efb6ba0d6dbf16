/* pasta — x86-64 BMI2/ADX field kernels (GCC/Clang extended inline asm).
 *
 * Five kernels per field (add, sub, dbl, mul, sqr), named pasta_x86_64_asm_F_OP for F in
 * {fp, fq}. Contract (docs/DESIGN.md): canonical Montgomery inputs (R = 2^256), canonical
 * output, r may alias a and/or b, straight-line and branch-free (the final conditional
 * subtraction uses cmov). Only included when PASTA_X86_64_ASM is ON, only executed after
 * cpuid reported BMI2 and ADX; no -mbmi2/-madx flags are needed (the asm text is
 * assembled as is).
 *
 * Both moduli (fields/moduli.h) have the shape m = m0 + m1*2^64 + 0*2^128 + 2^62*2^192
 * with m0 = 1 mod 2^32 and m < 2^255. mul is word-by-word CIOS with each product row and
 * that word's reduction fused into one pass (see its comment): u*m2 = 0 is skipped and
 * u*m3 = u*2^62 is one mulx.
 * sqr reduces only the low half of the full square, two words at a time
 * (PASTA_X86_64_ASM_REDL): U = -t*m^-1 mod 2^128 comes straight from t0, t1 (1 mulx + 2
 * imul), so the serial spine per two words is mulx -> add -> mulx -> adds rather than
 * twice imul -> mulx -> adds; the high half is added once at the end.
 * m < 2^255 keeps every intermediate within the window and the result below 2m (one
 * conditional subtraction). mul takes a0 as a register operand and reads a1..a3 and b from
 * memory; sqr takes a's limbs as register operands; both return the result in registers
 * (r is written by C after the asm).
 * add, sub and dbl take both operands and return the result in registers. All memory
 * accesses are at fixed offsets of the operands or constants.
 *
 * History (what was tried and measured slower, cycle counts): docs/ASM_NOTES.md.
 *
 * Instruction counts in the comments are from objdump of the asm block alone (loads and
 * stores counted as moves; "add/adc/sub/sbb" counts the flag-chain ops other than
 * adcx/adox).
 */
#ifndef PASTA_FIELDS_X86_64_ASM_H
#define PASTA_FIELDS_X86_64_ASM_H

#if defined(__x86_64__)

#include <stdint.h>

#include "fields/moduli.h"
#include "pasta/field.h"

/* Constants, from fields/moduli.h: {m0, m1, m3, I0, I1} (m2 = 0);
 * I0 + I1*2^64 = -m^-1 mod 2^128. */
_Static_assert(PASTA_FP_M2 == 0 && PASTA_FQ_M2 == 0, "the asm kernels assume m2 = 0");
_Static_assert(PASTA_FP_M3 == 1ULL << 62 && PASTA_FQ_M3 == 1ULL << 62,
               "the asm kernels assume m3 = 2^62 (u*m3 as u<<62, u>>2)");
#define PASTA_X86_64_ASM_FP_CONSTS \
    { PASTA_FP_M0, PASTA_FP_M1, PASTA_FP_M3, PASTA_FP_INV, PASTA_FP_INV_HI }
#define PASTA_X86_64_ASM_FQ_CONSTS \
    { PASTA_FQ_M0, PASTA_FQ_M1, PASTA_FQ_M3, PASTA_FQ_INV, PASTA_FQ_INV_HI }

/* ---------------------------------------------------------------------------------------
 * add, sub, dbl take a and b as register operands (x0..x3 = a in, result out; b0..b3) and
 * leave the stores to C, so that chains of field operations can stay in registers and the
 * compiler schedules the loads. m is read from memory (RIP-relative constants).
 *
 * add: r = a + b mod m. y = b - m first (independent of a); then, side by side, x = a + b
 * on the CF chain (adcx) and y = a + (b - m) on the OF chain (adox): OF out says a + b >= m
 * and cmovo picks y. The path through a is 4 pipelined adds + cmov.
 * Counts: 8 adcx/adox, 4 sub/sbb, 1 test, 4 cmov, 4 mov = 21.
 */
#define PASTA_X86_64_ASM_ADD_BODY               \
    "movq   %[b0], %[y0]\n\t"                   \
    "movq   %[b1], %[y1]\n\t"                   \
    "movq   %[b2], %[y2]\n\t"                   \
    "movq   %[b3], %[y3]\n\t"                   \
    "subq   %[m0], %[y0]\n\t"                   \
    "sbbq   %[m1], %[y1]\n\t"                   \
    "sbbq   $0, %[y2]\n\t"                      \
    "sbbq   %[m3], %[y3]\n\t"                   \
    "testq  %[y0], %[y0]\n\t" /* CF = OF = 0 */ \
    "adoxq  %[x0], %[y0]\n\t"                   \
    "adcxq  %[b0], %[x0]\n\t"                   \
    "adoxq  %[x1], %[y1]\n\t"                   \
    "adcxq  %[b1], %[x1]\n\t"                   \
    "adoxq  %[x2], %[y2]\n\t"                   \
    "adcxq  %[b2], %[x2]\n\t"                   \
    "adoxq  %[x3], %[y3]\n\t"                   \
    "adcxq  %[b3], %[x3]\n\t"                   \
    "cmovoq %[y0], %[x0]\n\t"                   \
    "cmovoq %[y1], %[x1]\n\t"                   \
    "cmovoq %[y2], %[x2]\n\t"                   \
    "cmovoq %[y3], %[x3]\n\t"

/* ---------------------------------------------------------------------------------------
 * sub: r = a - b mod m. y = a + (m - b) (m - b independent of a) and x = a - b side by
 * side (two CF chains); the borrow of a - b selects y.
 * Counts: 12 add/adc/sub/sbb, 1 xor, 4 cmov, 3 mov (loads of m) = 20.
 */
#define PASTA_X86_64_ASM_SUB_BODY \
    "movq   %[m0], %[y0]\n\t"     \
    "movq   %[m1], %[y1]\n\t"     \
    "xorl   %k[y2], %k[y2]\n\t"   \
    "movq   %[m3], %[y3]\n\t"     \
    "subq   %[b0], %[y0]\n\t"     \
    "sbbq   %[b1], %[y1]\n\t"     \
    "sbbq   %[b2], %[y2]\n\t"     \
    "sbbq   %[b3], %[y3]\n\t"     \
    "addq   %[x0], %[y0]\n\t"     \
    "adcq   %[x1], %[y1]\n\t"     \
    "adcq   %[x2], %[y2]\n\t"     \
    "adcq   %[x3], %[y3]\n\t"     \
    "subq   %[b0], %[x0]\n\t"     \
    "sbbq   %[b1], %[x1]\n\t"     \
    "sbbq   %[b2], %[x2]\n\t"     \
    "sbbq   %[b3], %[x3]\n\t"     \
    "cmovcq %[y0], %[x0]\n\t"     \
    "cmovcq %[y1], %[x1]\n\t"     \
    "cmovcq %[y2], %[x2]\n\t"     \
    "cmovcq %[y3], %[x3]\n\t"

/* ---------------------------------------------------------------------------------------
 * dbl: r = 2a mod m. x = a + a (add/adc chain; a < 2^255 so no carry out), y = x - m
 * (pipelined a word behind), cmov on no borrow.
 * Counts: 8 add/adc/sub/sbb, 4 cmov, 4 mov = 16.
 */
#define PASTA_X86_64_ASM_DBL_BODY \
    "addq   %[x0], %[x0]\n\t"     \
    "adcq   %[x1], %[x1]\n\t"     \
    "adcq   %[x2], %[x2]\n\t"     \
    "adcq   %[x3], %[x3]\n\t"     \
    "movq   %[x0], %[y0]\n\t"     \
    "movq   %[x1], %[y1]\n\t"     \
    "movq   %[x2], %[y2]\n\t"     \
    "movq   %[x3], %[y3]\n\t"     \
    "subq   %[m0], %[y0]\n\t"     \
    "sbbq   %[m1], %[y1]\n\t"     \
    "sbbq   $0, %[y2]\n\t"        \
    "sbbq   %[m3], %[y3]\n\t"     \
    "cmovncq %[y0], %[x0]\n\t"    \
    "cmovncq %[y1], %[x1]\n\t"    \
    "cmovncq %[y2], %[x2]\n\t"    \
    "cmovncq %[y3], %[x3]\n\t"

/* s0..s3 < 2m -> x = s mod m in s0..s3 (y = s - m; cmov on no borrow); y0..y3 scratch. */
#define PASTA_X86_64_ASM_FINAL2(s0, s1, s2, s3, y0, y1, y2, y3) \
    "movq   %[" #s0 "], %[" #y0 "]\n\t"                         \
    "movq   %[" #s1 "], %[" #y1 "]\n\t"                         \
    "movq   %[" #s2 "], %[" #y2 "]\n\t"                         \
    "movq   %[" #s3 "], %[" #y3 "]\n\t"                         \
    "subq   %[m0], %[" #y0 "]\n\t"                              \
    "sbbq   %[m1], %[" #y1 "]\n\t"                              \
    "sbbq   $0, %[" #y2 "]\n\t"                                 \
    "sbbq   %[m3], %[" #y3 "]\n\t"                              \
    "cmovncq %[" #y0 "], %[" #s0 "]\n\t"                        \
    "cmovncq %[" #y1 "], %[" #s1 "]\n\t"                        \
    "cmovncq %[" #y2 "], %[" #s2 "]\n\t"                        \
    "cmovncq %[" #y3 "], %[" #s3 "]\n\t"

/* ---------------------------------------------------------------------------------------
 * mul: word-by-word Montgomery (CIOS) with the product row and the reduction of each word
 * fused into one pass over a five-word window w0..w4 (registers renamed per word, no
 * moves). Per word k: the row a_k*b and the reduction u*m, u = lo(w0*INV) by mulx (no
 * flags written), u*m with m2 = 0 skipped and u*m3 = u*2^62 as one mulx (lo = u<<62,
 * hi = u>>2). Carries: the row's low halves and the reduction's (lo(u m0), hi(u m0),
 * hi(u m1), u<<62) run on CF, each chain ending on a real term (hi(a_k b3) into the zero
 * top word, then a zero absorb); the row's high halves, u>>2 and lo(u m1) of the previous
 * word run on OF (lo(u m1) is deferred one word so that the OF chain starts at w0 and ends
 * on u>>2). m < 2^255 keeps the window below 2^320, so no chain carries out of w4 and the
 * flags are clear at the end of every word (no xor); w0 becomes 0 and is the next top.
 * Counts: 32 mulx (16 products, 4x3 reduction, 4 for u), 54 adcx/adox, 8 add/adc/sub/sbb,
 * 1 xor, 4 cmov, 12 mov (3 of them loads of a1..a3) = 111.
 */
#define PASTA_X86_64_ASM_MUL_ROW0      \
    "movq   %[a0], %%rdx\n\t"          \
    "xorl   %k[a0], %k[a0]\n\t"        \
    "mulxq  (%[b]), %[w0], %[w1]\n\t"  \
    "mulxq  8(%[b]), %[L], %[w2]\n\t"  \
    "mulxq  16(%[b]), %[H], %[w3]\n\t" \
    "mulxq  24(%[b]), %[X], %[w4]\n\t" \
    "adcxq  %[L], %[w1]\n\t"           \
    "adcxq  %[H], %[w2]\n\t"           \
    "adcxq  %[X], %[w3]\n\t"           \
    "adcxq  %[a0], %[w4]\n\t"          \
    "movq   %[w0], %%rdx\n\t"          \
    "mulxq  %[i0], %%rdx, %[L]\n\t"    \
    "mulxq  %[m3], %[L], %[H]\n\t"     \
    "mulxq  %[m0], %[X], %[a0]\n\t"    \
    "adcxq  %[X], %[w0]\n\t"           \
    "adcxq  %[a0], %[w1]\n\t"          \
    "mulxq  %[m1], %[a0], %[X]\n\t"    \
    "adcxq  %[X], %[w2]\n\t"           \
    "adcxq  %[L], %[w3]\n\t"           \
    "adcxq  %[H], %[w4]\n\t"
/* word k >= 1: w0..w3 hold the window, w4 = 0, a0 = lo(u m1) of the previous word. */
#define PASTA_X86_64_ASM_MUL_WORD(off, w0, w1, w2, w3, w4) \
    "movq   " off "(%[a]), %%rdx\n\t"                      \
    "mulxq  (%[b]), %[L], %[H]\n\t"                        \
    "adoxq  %[a0], %[" #w0 "]\n\t"                         \
    "adcxq  %[L], %[" #w0 "]\n\t"                          \
    "adoxq  %[H], %[" #w1 "]\n\t"                          \
    "mulxq  8(%[b]), %[L], %[H]\n\t"                       \
    "adcxq  %[L], %[" #w1 "]\n\t"                          \
    "adoxq  %[H], %[" #w2 "]\n\t"                          \
    "mulxq  16(%[b]), %[L], %[H]\n\t"                      \
    "adcxq  %[L], %[" #w2 "]\n\t"                          \
    "adoxq  %[H], %[" #w3 "]\n\t"                          \
    "mulxq  24(%[b]), %[L], %[H]\n\t"                      \
    "adcxq  %[L], %[" #w3 "]\n\t"                          \
    "adcxq  %[H], %[" #w4 "]\n\t"                          \
    "movq   %[" #w0 "], %%rdx\n\t"                         \
    "mulxq  %[i0], %%rdx, %[L]\n\t"                        \
    "mulxq  %[m3], %[L], %[H]\n\t"                         \
    "adoxq  %[H], %[" #w4 "]\n\t"                          \
    "mulxq  %[m0], %[H], %[X]\n\t"                         \
    "adcxq  %[H], %[" #w0 "]\n\t"                          \
    "adcxq  %[X], %[" #w1 "]\n\t"                          \
    "mulxq  %[m1], %[a0], %[X]\n\t"                        \
    "adcxq  %[X], %[" #w2 "]\n\t"                          \
    "adcxq  %[L], %[" #w3 "]\n\t"                          \
    "adcxq  %[" #w0 "], %[" #w4 "]\n\t"
#define PASTA_X86_64_ASM_MUL_BODY                       \
    PASTA_X86_64_ASM_MUL_ROW0                           \
    PASTA_X86_64_ASM_MUL_WORD("8", w1, w2, w3, w4, w0)  \
    PASTA_X86_64_ASM_MUL_WORD("16", w2, w3, w4, w0, w1) \
    PASTA_X86_64_ASM_MUL_WORD("24", w3, w4, w0, w1, w2) \
    "addq   %[a0], %[w4]\n\t"                           \
    "adcq   $0, %[w0]\n\t"                              \
    "adcq   $0, %[w1]\n\t"                              \
    "adcq   $0, %[w2]\n\t" PASTA_X86_64_ASM_FINAL2(w4, w0, w1, w2, L, H, X, a0)

/* ---------------------------------------------------------------------------------------
 * Two words of Montgomery reduction of a four-word window w0..w3 whose two upper words are
 * zero (so nothing carries past them): U = ul + uh*2^64 = -(w0 + w1*2^64)*m^-1 mod 2^128,
 * computed from INV128 = I0 + I1*2^64 as ul = lo(w0 I0), uh = hi(w0 I0) + lo(w0 I1) +
 * lo(w1 I0) (1 mulx + 2 imul: one serial step for two words), then U*m added word by word with u*m3 as one mulx
 * (lo = u<<62, hi = u>>2). Chains: CF ul-terms (ends absorbing into ul>>2 < 2^62, so CF = 0
 * after), OF lo(ul m1), hi(uh m0), hi(uh m1), uh<<62, then CF again lo(uh m0), lo(uh m1);
 * both last chains end with zero absorbs in the top word uh>>2. w0 becomes 0 first and is
 * the zero source; afterwards w0 = w1 = 0 and the value is in w2, w3, ul, uh.
 * Counts: 7 mulx, 2 imul, 15 adcx/adox, 2 add, 1 xor, 5 mov = 32.
 */
#define PASTA_X86_64_ASM_REDL(w0, w1, w2, w3, ul, uh, X, Y) \
    "movq   %[" #w0 "], %%rdx\n\t"                          \
    "mulxq  %[i0], %[" #ul "], %[" #uh "]\n\t"              \
    "movq   %[" #w0 "], %[" #X "]\n\t"                      \
    "imulq  %[i1], %[" #X "]\n\t"                           \
    "movq   %[" #w1 "], %[" #Y "]\n\t"                      \
    "imulq  %[i0], %[" #Y "]\n\t"                           \
    "addq   %[" #X "], %[" #uh "]\n\t"                      \
    "addq   %[" #Y "], %[" #uh "]\n\t"                      \
    "movq   %[" #ul "], %%rdx\n\t"                          \
    "xorl   %k[" #X "], %k[" #X "]\n\t"                     \
    "mulxq  %[m0], %[" #X "], %[" #Y "]\n\t"                \
    "adcxq  %[" #X "], %[" #w0 "]\n\t"                      \
    "adcxq  %[" #Y "], %[" #w1 "]\n\t"                      \
    "mulxq  %[m1], %[" #X "], %[" #Y "]\n\t"                \
    "adoxq  %[" #X "], %[" #w1 "]\n\t"                      \
    "adcxq  %[" #Y "], %[" #w2 "]\n\t"                      \
    "mulxq  %[m3], %[" #X "], %[" #ul "]\n\t"               \
    "adcxq  %[" #X "], %[" #w3 "]\n\t"                      \
    "adcxq  %[" #w0 "], %[" #ul "]\n\t"                     \
    "movq   %[" #uh "], %%rdx\n\t"                          \
    "mulxq  %[m0], %[" #X "], %[" #Y "]\n\t"                \
    "adcxq  %[" #X "], %[" #w1 "]\n\t"                      \
    "adoxq  %[" #Y "], %[" #w2 "]\n\t"                      \
    "mulxq  %[m1], %[" #X "], %[" #Y "]\n\t"                \
    "adcxq  %[" #X "], %[" #w2 "]\n\t"                      \
    "adoxq  %[" #Y "], %[" #w3 "]\n\t"                      \
    "mulxq  %[m3], %[" #X "], %[" #uh "]\n\t"               \
    "adoxq  %[" #X "], %[" #ul "]\n\t"                      \
    "adoxq  %[" #w0 "], %[" #uh "]\n\t"                     \
    "adcxq  %[" #w0 "], %[" #w3 "]\n\t"                     \
    "adcxq  %[" #w0 "], %[" #ul "]\n\t"                     \
    "adcxq  %[" #w0 "], %[" #uh "]\n\t"

/* ---------------------------------------------------------------------------------------
 * sqr: the full square t0..t7 (6 cross products doubled with adox(x,x), 4 squares added
 * with adcx), then the low half t0..t3 alone is reduced by two PASTA_X86_64_ASM_REDL steps
 * (its upper words start at zero, so no carry runs into t4..t7 and only three zero
 * absorbs per step remain) and the high half is added once at the end:
 * r = (t0..t3 + U*m)/2^256 <= m and t4..t7 < m/2, so the sum is below 2m.
 * Register roles: t0 lives in a0 and t7 in hi; a1..a3, lo (then a0, t1) are U and scratch.
 * Counts: 24 mulx (6 cross, 4 squares, 2x7 reduction), 4 imul, 44 adcx/adox, 21 other
 * add/adc/sub/sbb, 3 xor, 4 cmov, 22 mov (no stores) = 122.
 */
#define PASTA_X86_64_ASM_SQR_BODY                                                    \
    "movq   %[a0], %%rdx\n\t"                                                        \
    "mulxq  %[a1], %[t1], %[t2]\n\t"                                                 \
    "mulxq  %[a2], %[lo], %[t3]\n\t"                                                 \
    "addq   %[lo], %[t2]\n\t"                                                        \
    "mulxq  %[a3], %[lo], %[t4]\n\t"                                                 \
    "adcq   %[lo], %[t3]\n\t"                                                        \
    "movq   %[a3], %%rdx\n\t"                                                        \
    "mulxq  %[a1], %[lo], %[t5]\n\t"                                                 \
    "adcq   %[lo], %[t4]\n\t"                                                        \
    "mulxq  %[a2], %[lo], %[t6]\n\t"                                                 \
    "adcq   %[lo], %[t5]\n\t"                                                        \
    "adcq   $0, %[t6]\n\t"                                                           \
    "movq   %[a1], %%rdx\n\t"                                                        \
    "mulxq  %[a2], %[lo], %[hi]\n\t"                                                 \
    "addq   %[lo], %[t3]\n\t"                                                        \
    "adcq   %[hi], %[t4]\n\t"                                                        \
    "adcq   $0, %[t5]\n\t"                                                           \
    "adcq   $0, %[t6]\n\t"                                                           \
    "movq   %[a0], %%rdx\n\t"                                                        \
    "mulxq  %%rdx, %[a0], %[hi]\n\t"                                                 \
    "xorl   %k[lo], %k[lo]\n\t"                                                      \
    "adoxq  %[t1], %[t1]\n\t"                                                        \
    "adcxq  %[hi], %[t1]\n\t"                                                        \
    "movq   %[a1], %%rdx\n\t"                                                        \
    "mulxq  %%rdx, %[lo], %[hi]\n\t"                                                 \
    "adoxq  %[t2], %[t2]\n\t"                                                        \
    "adcxq  %[lo], %[t2]\n\t"                                                        \
    "adoxq  %[t3], %[t3]\n\t"                                                        \
    "adcxq  %[hi], %[t3]\n\t"                                                        \
    "movq   %[a2], %%rdx\n\t"                                                        \
    "mulxq  %%rdx, %[lo], %[hi]\n\t"                                                 \
    "adoxq  %[t4], %[t4]\n\t"                                                        \
    "adcxq  %[lo], %[t4]\n\t"                                                        \
    "adoxq  %[t5], %[t5]\n\t"                                                        \
    "adcxq  %[hi], %[t5]\n\t"                                                        \
    "movq   %[a3], %%rdx\n\t"                                                        \
    "movl   $0, %k[a3]\n\t"                                                          \
    "mulxq  %%rdx, %[lo], %[hi]\n\t"                                                 \
    "adoxq  %[t6], %[t6]\n\t"                                                        \
    "adcxq  %[lo], %[t6]\n\t"                                                        \
    "adoxq  %[a3], %[hi]\n\t"                                                        \
    "adcxq  %[a3], %[hi]\n\t" PASTA_X86_64_ASM_REDL(a0, t1, t2, t3, a1, a2, a3, lo)  \
        PASTA_X86_64_ASM_REDL(t2, t3, a1, a2, a0, t1, a3,                            \
                              lo) "addq   %[a1], %[t4]\n\t"                          \
                                  "adcq   %[a2], %[t5]\n\t"                          \
                                  "adcq   %[a0], %[t6]\n\t"                          \
                                  "adcq   %[t1], %[hi]\n\t" PASTA_X86_64_ASM_FINAL2( \
                                      t4, t5, t6, hi, a1, a2, a0, t1)

#define PASTA_X86_64_ASM_OUT_XY                                                 \
    [x0] "+r"(x0), [x1] "+r"(x1), [x2] "+r"(x2), [x3] "+r"(x3), [y0] "=&r"(y0), \
        [y1] "=&r"(y1), [y2] "=&r"(y2), [y3] "=&r"(y3)
#define PASTA_X86_64_ASM_IN_B4 [b0] "r"(b0), [b1] "r"(b1), [b2] "r"(b2), [b3] "r"(b3)
#define PASTA_X86_64_ASM_STORE_X(r) \
    ((r)->limbs[0] = x0, (r)->limbs[1] = x1, (r)->limbs[2] = x2, (r)->limbs[3] = x3)
#define PASTA_X86_64_ASM_IN_M [m0] "m"(c[0]), [m1] "m"(c[1]), [m3] "m"(c[2])
#define PASTA_X86_64_ASM_IN_MI PASTA_X86_64_ASM_IN_M, [i0] "m"(c[3]), [i1] "m"(c[4])

/* Under AddressSanitizer at -O0 the locals that mul passes as memory operands live in
 * ASan's instrumented frame and each needs an address register, which mul (13 registers)
 * does not have: mul and sqr are then left uninstrumented (and so not inlined into
 * instrumented callers). They touch only their operands, which the callers' own
 * instrumentation still checks. */
#if defined(__SANITIZE_ADDRESS__)
#define PASTA_X86_64_ASM_NO_ASAN __attribute__((no_sanitize_address))
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PASTA_X86_64_ASM_NO_ASAN __attribute__((no_sanitize_address))
#endif
#endif
#ifndef PASTA_X86_64_ASM_NO_ASAN
#define PASTA_X86_64_ASM_NO_ASAN
#endif

#define PASTA_X86_64_ASM_FIELD(F, T, CONSTS)                                                  \
    static inline void pasta_x86_64_asm_##F##_add(T *r, const T *a, const T *b) {             \
        static const uint64_t c[5] = CONSTS;                                                  \
        uint64_t x0 = a->limbs[0], x1 = a->limbs[1], x2 = a->limbs[2];                        \
        uint64_t x3 = a->limbs[3], y0, y1, y2, y3;                                            \
        uint64_t b0 = b->limbs[0], b1 = b->limbs[1], b2 = b->limbs[2];                        \
        uint64_t b3 = b->limbs[3];                                                            \
        __asm__(PASTA_X86_64_ASM_ADD_BODY:PASTA_X86_64_ASM_OUT_XY                             \
                : PASTA_X86_64_ASM_IN_B4, PASTA_X86_64_ASM_IN_M                               \
                : "cc");                                                                      \
        PASTA_X86_64_ASM_STORE_X(r);                                                          \
    }                                                                                         \
    static inline void pasta_x86_64_asm_##F##_sub(T *r, const T *a, const T *b) {             \
        static const uint64_t c[5] = CONSTS;                                                  \
        uint64_t x0 = a->limbs[0], x1 = a->limbs[1], x2 = a->limbs[2];                        \
        uint64_t x3 = a->limbs[3], y0, y1, y2, y3;                                            \
        uint64_t b0 = b->limbs[0], b1 = b->limbs[1], b2 = b->limbs[2];                        \
        uint64_t b3 = b->limbs[3];                                                            \
        __asm__(PASTA_X86_64_ASM_SUB_BODY:PASTA_X86_64_ASM_OUT_XY                             \
                : PASTA_X86_64_ASM_IN_B4, PASTA_X86_64_ASM_IN_M                               \
                : "cc");                                                                      \
        PASTA_X86_64_ASM_STORE_X(r);                                                          \
    }                                                                                         \
    static inline void pasta_x86_64_asm_##F##_dbl(T *r, const T *a) {                         \
        static const uint64_t c[5] = CONSTS;                                                  \
        uint64_t x0 = a->limbs[0], x1 = a->limbs[1], x2 = a->limbs[2];                        \
        uint64_t x3 = a->limbs[3], y0, y1, y2, y3;                                            \
        __asm__(PASTA_X86_64_ASM_DBL_BODY:PASTA_X86_64_ASM_OUT_XY:PASTA_X86_64_ASM_IN_M       \
                : "cc");                                                                      \
        PASTA_X86_64_ASM_STORE_X(r);                                                          \
    }                                                                                         \
    PASTA_X86_64_ASM_NO_ASAN                                                                  \
    static inline void pasta_x86_64_asm_##F##_mul(T *r, const T *a, const T *b) {             \
        static const uint64_t c[5] = CONSTS;                                                  \
        uint64_t a0 = a->limbs[0], w0, w1, w2, w3, w4, L, H, X, d;                            \
        __asm__(                                                                              \
            PASTA_X86_64_ASM_MUL_BODY                                                         \
            : [a0] "+r"(a0), [w0] "=&r"(w0), [w1] "=&r"(w1), [w2] "=&r"(w2), [w3] "=&r"(w3),  \
              [w4] "=&r"(w4), [L] "=&r"(L), [H] "=&r"(H), [X] "=&r"(X), "=&d"(d)              \
            : [a] "r"(a->limbs), "m"(*a), [b] "r"(b->limbs), "m"(*b), PASTA_X86_64_ASM_IN_MI  \
            : "cc");                                                                          \
        r->limbs[0] = w4;                                                                     \
        r->limbs[1] = w0;                                                                     \
        r->limbs[2] = w1;                                                                     \
        r->limbs[3] = w2;                                                                     \
    }                                                                                         \
    PASTA_X86_64_ASM_NO_ASAN                                                                  \
    static inline void pasta_x86_64_asm_##F##_sqr(T *r, const T *a) {                         \
        static const uint64_t c[5] = CONSTS;                                                  \
        uint64_t a0 = a->limbs[0], a1 = a->limbs[1], a2 = a->limbs[2], a3 = a->limbs[3];      \
        uint64_t t1, t2, t3, t4, t5, t6, lo, hi, d;                                           \
        __asm__(PASTA_X86_64_ASM_SQR_BODY                                                     \
                : [a0] "+r"(a0), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3), [t1] "=&r"(t1), \
                  [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),             \
                  [t6] "=&r"(t6), [lo] "=&r"(lo), [hi] "=&r"(hi), "=&d"(d)                    \
                : PASTA_X86_64_ASM_IN_MI                                                      \
                : "cc");                                                                      \
        r->limbs[0] = t4;                                                                     \
        r->limbs[1] = t5;                                                                     \
        r->limbs[2] = t6;                                                                     \
        r->limbs[3] = hi;                                                                     \
    }

PASTA_X86_64_ASM_FIELD(fp, pasta_fp, PASTA_X86_64_ASM_FP_CONSTS)
PASTA_X86_64_ASM_FIELD(fq, pasta_fq, PASTA_X86_64_ASM_FQ_CONSTS)

#endif /* __x86_64__ */
#endif /* PASTA_FIELDS_X86_64_ASM_H */
