/* Portable field kernels: add, sub, dbl, mul, sqr for Fp and Fq in C.
 *
 * Contract (docs/DESIGN.md): inputs canonical Montgomery values (< m, R = 2^256), output
 * canonical, r may alias a and/or b, constant time (masks, no value-dependent branch).
 * Carries go through pasta_adc/pasta_sbb (core/ct.h: adc/sbb intrinsics on x86-64,
 * __int128 elsewhere); products through unsigned __int128.
 *
 * The Pasta moduli have limb 2 = 0, limb 3 = 2^62 and m = 1 mod 2^32; the Montgomery
 * reduction below is specialised to that shape, as the asm kernels are
 * (fields/x86_64_asm.h): per round u = t0 * INV, the low word of u*m0 cancels t0 (only
 * its carry is kept), u*m2 = 0 is skipped, u*m3 = u*2^62 is (u << 62, u >> 2). As
 * m < 2^255, the running value stays below 2m in five words ("no-carry" Montgomery).
 */
#ifndef PASTA_FIELDS_PORTABLE_H
#define PASTA_FIELDS_PORTABLE_H

#include <stdint.h>

#include "core/ct.h"
#include "fields/moduli.h"
#include "pasta/field.h"

/* The moduli (fields/moduli.h); the kernels below take m0, m1 and INV per field and
 * hard-wire the shared shape. */
#define PASTA_M3 PASTA_FP_M3 /* limb 3 of p and q; limb 2 is 0 */
_Static_assert(PASTA_FP_M2 == 0 && PASTA_FQ_M2 == 0 && PASTA_FP_M3 == PASTA_FQ_M3 &&
                   PASTA_FP_M3 == 1ULL << 62,
               "the portable kernels assume m2 = 0 and m3 = 2^62");

/* r = s - m if s >= m else s, for s < 2m. Scalar locals throughout: gcc 12 keeps small
 * arrays whose elements go through the carry intrinsics in memory (3-4x slower). */
static inline void pasta_portable_reduce_once(uint64_t r[4], uint64_t s0, uint64_t s1,
                                              uint64_t s2, uint64_t s3, uint64_t m0,
                                              uint64_t m1) {
    uint64_t t0, t1, t2, t3, b;
    b = pasta_sbb(0, s0, m0, &t0);
    b = pasta_sbb(b, s1, m1, &t1);
    b = pasta_sbb(b, s2, 0, &t2);
    b = pasta_sbb(b, s3, PASTA_M3, &t3);
    uint64_t keep = pasta_ct_mask(b); /* all ones if s < m: keep s */
    r[0] = (s0 & keep) | (t0 & ~keep);
    r[1] = (s1 & keep) | (t1 & ~keep);
    r[2] = (s2 & keep) | (t2 & ~keep);
    r[3] = (s3 & keep) | (t3 & ~keep);
}

/* a + b < 2m < 2^256: no carry out of limb 3. */
static inline void pasta_portable_add4(uint64_t r[4], const uint64_t a[4], const uint64_t b[4],
                                       uint64_t m0, uint64_t m1) {
    uint64_t s0, s1, s2, s3, c;
    c = pasta_adc(0, a[0], b[0], &s0);
    c = pasta_adc(c, a[1], b[1], &s1);
    c = pasta_adc(c, a[2], b[2], &s2);
    (void)pasta_adc(c, a[3], b[3], &s3);
    pasta_portable_reduce_once(r, s0, s1, s2, s3, m0, m1);
}

static inline void pasta_portable_sub4(uint64_t r[4], const uint64_t a[4], const uint64_t b[4],
                                       uint64_t m0, uint64_t m1) {
    uint64_t d0, d1, d2, d3, r0, r1, r2, r3, bw, c;
    bw = pasta_sbb(0, a[0], b[0], &d0);
    bw = pasta_sbb(bw, a[1], b[1], &d1);
    bw = pasta_sbb(bw, a[2], b[2], &d2);
    bw = pasta_sbb(bw, a[3], b[3], &d3);
    uint64_t mask = pasta_ct_mask(bw); /* add m back if a < b */
    c = pasta_adc(0, d0, m0 & mask, &r0);
    c = pasta_adc(c, d1, m1 & mask, &r1);
    c = pasta_adc(c, d2, 0, &r2);
    (void)pasta_adc(c, d3, PASTA_M3 & mask, &r3);
    r[0] = r0, r[1] = r1, r[2] = r2, r[3] = r3;
}

/* Montgomery product a*b/R mod m, reduction specialised as described at the top; products
 * by __int128, accumulation in adc chains (gcc 12 compiles __int128 additions poorly). */
static inline void pasta_portable_mul4(uint64_t r[4], const uint64_t a[4], const uint64_t b[4],
                                       uint64_t m0, uint64_t m1, uint64_t inv) {
    uint64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 4
#endif
    for (int i = 0; i < 4; i++) {
        const uint64_t bi = b[i];
        pasta_u128 p0 = (pasta_u128)a[0] * bi, p1 = (pasta_u128)a[1] * bi;
        pasta_u128 p2 = (pasta_u128)a[2] * bi, p3 = (pasta_u128)a[3] * bi;
        uint64_t c, d, lo, hi;
        /* t += a * bi: low words on one chain, high words on the next */
        c = pasta_adc(0, t0, (uint64_t)p0, &t0);
        c = pasta_adc(c, t1, (uint64_t)p1, &t1);
        c = pasta_adc(c, t2, (uint64_t)p2, &t2);
        c = pasta_adc(c, t3, (uint64_t)p3, &t3);
        t4 = c;
        d = pasta_adc(0, t1, (uint64_t)(p0 >> 64), &t1);
        d = pasta_adc(d, t2, (uint64_t)(p1 >> 64), &t2);
        d = pasta_adc(d, t3, (uint64_t)(p2 >> 64), &t3);
        (void)pasta_adc(d, t4, (uint64_t)(p3 >> 64), &t4);
        /* t = (t + u m) / 2^64 */
        const uint64_t u = t0 * inv;
        pasta_u128 q0 = (pasta_u128)u * m0, q1 = (pasta_u128)u * m1;
        lo = (uint64_t)q1;
        hi = (uint64_t)(q1 >> 64);
        c = (uint64_t)(t0 != 0); /* t0 + lo(u m0) = 0 mod 2^64, carry iff t0 != 0 */
        c = pasta_adc(c, t1, (uint64_t)(q0 >> 64), &t0);
        c = pasta_adc(c, t2, 0, &t1);
        c = pasta_adc(c, t3, u << 62, &t2);
        (void)pasta_adc(c, t4, u >> 2, &t3);
        c = pasta_adc(0, t0, lo, &t0);
        c = pasta_adc(c, t1, hi, &t1);
        c = pasta_adc(c, t2, 0, &t2);
        (void)pasta_adc(c, t3, 0, &t3);
    }
    pasta_portable_reduce_once(r, t0, t1, t2, t3, m0, m1);
}

#define PASTA_PORTABLE_FIELD_KERNELS(F, FE, M0, M1, INV)                                \
    static inline void pasta_portable_##F##_add(FE *r, const FE *a, const FE *b) {      \
        pasta_portable_add4(r->limbs, a->limbs, b->limbs, M0, M1);                      \
    }                                                                                   \
    static inline void pasta_portable_##F##_sub(FE *r, const FE *a, const FE *b) {      \
        pasta_portable_sub4(r->limbs, a->limbs, b->limbs, M0, M1);                      \
    }                                                                                   \
    /* 2a on the add path (a shift path measured no faster: docs/ASM_NOTES.md, dbl). */ \
    static inline void pasta_portable_##F##_dbl(FE *r, const FE *a) {                   \
        pasta_portable_add4(r->limbs, a->limbs, a->limbs, M0, M1);                      \
    }                                                                                   \
    static inline void pasta_portable_##F##_mul(FE *r, const FE *a, const FE *b) {      \
        pasta_portable_mul4(r->limbs, a->limbs, b->limbs, M0, M1, INV);                 \
    }                                                                                   \
    static inline void pasta_portable_##F##_sqr(FE *r, const FE *a) {                   \
        pasta_portable_mul4(r->limbs, a->limbs, a->limbs, M0, M1, INV);                 \
    }

PASTA_PORTABLE_FIELD_KERNELS(fp, pasta_fp, PASTA_FP_M0, PASTA_FP_M1, PASTA_FP_INV)
PASTA_PORTABLE_FIELD_KERNELS(fq, pasta_fq, PASTA_FQ_M0, PASTA_FQ_M1, PASTA_FQ_INV)

#endif /* PASTA_FIELDS_PORTABLE_H */
