/* The Pasta moduli, the one place they are written: little-endian 64-bit limbs
 * m = m0 + m1 2^64 + m2 2^128 + m3 2^192 of p (Fp, the base field of Pallas) and q (Fq,
 * the base field of Vesta). Plain integer constants: usable in C, in static initialisers
 * and as asm operands. Every other spelling of the moduli derives from these:
 * fields/constants.c (pasta_fp_MODULUS, pasta_fp_INV, ...), the kernels
 * (fields/portable.h, fields/x86_64_asm.h), safegcd's signed-62 form (fields/safegcd.c)
 * and the table generator (tools/sqrt_tables.py reads this file).
 * The tests keep their own copies on purpose, as independent checks:
 * tests/test_safegcd_standalone.c (no library) and tests/test_core.c, which checks these
 * limbs against the published values and the derived constants below against their
 * definitions.
 *
 * Both have m2 = 0, m3 = 2^62 and m = 1 mod 2^32, which the kernels rely on. */
#ifndef PASTA_FIELDS_MODULI_H
#define PASTA_FIELDS_MODULI_H

#define PASTA_FP_M0 0x992d30ed00000001ULL
#define PASTA_FP_M1 0x224698fc094cf91bULL
#define PASTA_FP_M2 0x0000000000000000ULL
#define PASTA_FP_M3 0x4000000000000000ULL

#define PASTA_FQ_M0 0x8c46eb2100000001ULL
#define PASTA_FQ_M1 0x224698fc0994a8ddULL
#define PASTA_FQ_M2 0x0000000000000000ULL
#define PASTA_FQ_M3 0x4000000000000000ULL

/* Derived: -m^-1 mod 2^64 (the Montgomery constant) and mod 2^128 (INV, INV_HI: its low
 * and high words). With m = 1 + x, x = 0 mod 2^32: m^-1 = 1 - x + x^2 - x^3 mod 2^128
 * (x^4 = 0 mod 2^128), so -m^-1 = x - x^2 + x^3 - 1, whose low word is m0 - 2 (x^2 = 0
 * mod 2^64). */
#define PASTA_MODULI_NINV64(m0) ((unsigned long long)(m0)-2)
#define PASTA_MODULI_X128_(m0, m1) \
    (((unsigned __int128)(m1) << 64 | (unsigned __int128)(m0)) - 1)
#define PASTA_MODULI_NINV128_(x) ((x) - (x) * (x) + (x) * (x) * (x)-1)
#define PASTA_MODULI_NINV_HI(m0, m1)                                                        \
    (__extension__(unsigned long long)(PASTA_MODULI_NINV128_(PASTA_MODULI_X128_(m0, m1)) >> \
                                       64))

#define PASTA_FP_INV PASTA_MODULI_NINV64(PASTA_FP_M0)
#define PASTA_FP_INV_HI PASTA_MODULI_NINV_HI(PASTA_FP_M0, PASTA_FP_M1)
#define PASTA_FQ_INV PASTA_MODULI_NINV64(PASTA_FQ_M0)
#define PASTA_FQ_INV_HI PASTA_MODULI_NINV_HI(PASTA_FQ_M0, PASTA_FQ_M1)

/* Initialisers of the four limbs (uint64_t[4], pasta_fp.limbs). */
#define PASTA_FP_MODULUS_LIMBS \
    { PASTA_FP_M0, PASTA_FP_M1, PASTA_FP_M2, PASTA_FP_M3 }
#define PASTA_FQ_MODULUS_LIMBS \
    { PASTA_FQ_M0, PASTA_FQ_M1, PASTA_FQ_M2, PASTA_FQ_M3 }

#endif /* PASTA_FIELDS_MODULI_H */
