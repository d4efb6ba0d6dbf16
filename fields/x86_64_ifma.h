/* pasta — AVX-512 IFMA field kernels: eight field elements per vector, radix 2^52.
 *
 * Compiled only when PASTA_X86_64_IFMA is defined. Every function carries
 * PASTA_IFMA_TARGET (target("avx512f,avx512ifma")), so the including translation unit
 * needs no -m flags; the code must only run after the backend's CPUID/XGETBV check
 * (AVX512F + AVX512IFMA, ZMM state enabled by the OS).
 *
 * Two layers, for F in {fp, fq}:
 *
 * 1. The array operations (the contract of fields/array_impl.h without its argument
 *    checks): pasta_ifma_F_vec_{add,sub,mul,scale,mul_add,inner_product}. n
 *    elements, n public, any n >= 0: the tail n % 8 is loaded and stored with masked
 *    moves, which neither read nor write past the arrays. Outputs may alias inputs exactly;
 *    vec_scale's c may point anywhere (read first). Canonical inputs give canonical
 *    outputs, byte for byte those of the scalar kernels (a field element has one canonical
 *    form). Constant time in the values: no branch or memory index depends on them (lane
 *    choices are mask blends; the only branches are on n).
 *
 * 2. The 8-lane building blocks, the interface for the batched NTT, batch inversion and
 *    MSM batch-affine work built on top:
 *      pasta_ifma_v8               8 elements, lane i in limbs l[0..4] (52 bits each)
 *      F_load / F_load_part        8 (or k < 8) consecutive pasta_F -> v8 (radix change only)
 *      F_load16 / F_load16_part    the same, times 16 as an integer (a factor for F_mul)
 *      F_store / F_store_part      v8 (value < 2m) -> canonical pasta_F
 *      F_set1                      one pasta_F in all 8 lanes (radix change only)
 *      F_add, F_sub                mod m, weakly reduced in and out (< 2m)
 *      F_mul, F_sqr                Montgomery product with R' = 2^260 (the lane domain)
 *      F_mul256                    Montgomery product with R = 2^256 (the API's domain)
 *      F_reduce                    < 2m -> canonical (< m)
 *      F_to260, F_from260          x R mod m <-> x R' mod m (the API's form <-> R' form)
 *      pasta_ifma_select           lane-wise choice by a mask
 *
 * Representation. A v8 holds, per lane, the integer v = l0 + l1 2^52 + ... + l4 2^208
 * with every limb < 2^52 ("normalised"; all functions take and return normalised limbs).
 * "Weakly reduced" means v < 2m; "canonical" v < m. m < 2^255 (both moduli are
 * 2^254 + d with d < 2^126), so a weakly reduced v < 2^256 and l4 < 2^48.
 *
 * Domains. The API's elements are x R mod m with R = 2^256 (Montgomery form). Loading
 * and storing only change the radix (4x64 <-> 5x52): the value, hence the domain, is
 * unchanged. The lane Montgomery product F_mul divides by R' = 2^260 (five 52-bit
 * reduction steps), which keeps lazy values closed: for a, b < 2^256,
 *     mul(a, b) = (a b + U m) / 2^260 < 2^512 / 2^260 + m = 2^252 + m < 2m.
 * So products of weakly reduced values never need a reduction in between. The domain of
 * a product is the product of the factors' domains divided by R': API x R'-form -> API,
 * R'-form x R'-form -> R'-form. The two ways to use it:
 *   - keep data in the API form and give every product one factor in R' form (a twiddle,
 *     a scale factor, a constant: F_to260 once, or precomputed), so that
 *     mul(x R, c R') = x c R. This is what vec_scale does (c converted once).
 *   - or convert data on load (F_to260: one F_mul by 2^264 mod m) and back before the
 *     store (F_from260: one F_mul by 2^256 mod m), and compute in R' form in between.
 * In general F_mul(a, b) < m + a b / 2^260 for any normalised a, b (limbs < 2^52, so
 * values < 2^260): weakly reduced out when a b < 2^260 m.
 * API x API -> API products (vec_mul, vec_mul_add, vec_inner_product) fold the missing
 * factor 16 into the load of one operand: F_load16 reads x as the integer 16 x (the same
 * shifts and masks as F_load, shifted by 4 bits; < 2^259 since x < 2^255, not reduced)
 * and F_mul(16 A, B) = A B / 2^256 < m + A B / 2^256 < 1.26 m for canonical A, B: one
 * F_reduce and the result is canonical, with no conversion at all.
 * F_mul256 divides by R = 2^256 directly (four 52-bit steps, one 48-bit step, a 4-bit
 * shift of the result; about 20 more operations than F_mul): API x API -> API on values
 * already in registers. Its bound is m + a b / 2^256: weakly reduced when a b < 2^256 m,
 * e.g. one factor canonical (it is not closed on weakly reduced values: 4m^2 > 2^256 m).
 *
 * Structure of the moduli used (fields/moduli.h): in radix 2^52, m = n0 + n1 2^52 +
 * n2 2^104 + 0 2^156 + 2^46 2^208 (n2 < 2^24). Each reduction step therefore multiplies
 * u by three limbs and 2^46 (the zero limb's two IFMA products are skipped: 8 instead of
 * 10 per step, 40 instead of 50 per product). m = 1 mod 2^32 gives the Montgomery
 * constant -m^-1 mod 2^52 = (m0 - 2) mod 2^52 (moduli.h's NINV64, truncated).
 *
 * Bounds of the intermediates of a product (F_mul, F_mul256): the ten 64-bit column
 * accumulators c0..c9 each receive at most 10 schoolbook terms (5 low and 5 high halves,
 * each < 2^52), at most 10 reduction terms (< 2^52 each) and one carry (< 2^13), so
 * every column stays below 21 * 2^52 < 2^57: no 64-bit overflow. IFMA reads only the low
 * 52 bits of its multiplicands, so u = c_i k0 mod 2^52 needs no normalisation of c_i.
 *
 * vec_mul_add adds c 2^260 to the columns (c enters as c after the division) and
 * vec_inner_product adds the schoolbook columns of two products before one reduction:
 * columns then stay below 31 * 2^52.
 *
 * Costs (IFMA instructions per 8 products): schoolbook 50, reduction 5 x (1 + 8) = 45;
 * F_sqr computes the 10 distinct cross products once and doubles them: 30 + 45;
 * vec_inner_product 100 + 45 per 16 products. The u m4 = u 2^46 products stay IFMA
 * (one accumulating instruction each; shifts would need shift + mask + add).
 * Measured (bench/ifma_bench, 15 interleaved rounds, ns per element, n = 1024 and 65536;
 * AMD EPYC Zen 5, 2-vCPU KVM, load 2.7, gcc 12.2 / clang 14): vec_add 1.3-1.6,
 * vec_sub 1.2-1.6, vec_mul 3.8-4.5, vec_scale 3.4-4.2, vec_mul_add 5.2-5.7,
 * vec_inner_product 2.8-3.0; the asm backend's loops in the same runs: 2.0-2.5, 1.9-3.1,
 * 12.7-14.1, 12.6-14.8, 14.7-15.8, 14.0-15.2 (ratio asm / ifma: add 1.4-1.9, mul 3.3,
 * scale 3.6, mul_add 2.7-3.0, inner product 5.0-5.2). F_mul with 4 vectors in registers:
 * 2.2-2.4 ns per product, F_sqr 1.9-2.0, F_mul256 2.4-2.8.
 */
#ifndef PASTA_FIELDS_X86_64_IFMA_H
#define PASTA_FIELDS_X86_64_IFMA_H

#if defined(PASTA_X86_64_IFMA) && defined(__x86_64__)

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "fields/moduli.h"
#include "pasta/field.h"

#define PASTA_IFMA_TARGET __attribute__((target("avx512f,avx512ifma")))
#define PASTA_IFMA_INLINE static inline __attribute__((always_inline)) PASTA_IFMA_TARGET

#define PASTA_IFMA_MASK52 0xfffffffffffffULL

/* 52-bit limb j (0..4) of the 256-bit integer w0 + w1 2^64 + w2 2^128 + w3 2^192. */
#define PASTA_IFMA_L52_(w0, w1, w2, w3, j)                      \
    ((j) == 0   ? (w0)&PASTA_IFMA_MASK52                        \
     : (j) == 1 ? ((w0) >> 52 | (w1) << 12) & PASTA_IFMA_MASK52 \
     : (j) == 2 ? ((w1) >> 40 | (w2) << 24) & PASTA_IFMA_MASK52 \
     : (j) == 3 ? ((w2) >> 28 | (w3) << 36) & PASTA_IFMA_MASK52 \
                : (w3) >> 16)
#define PASTA_IFMA_L52(w, j) PASTA_IFMA_L52_(w##0, w##1, w##2, w##3, j)
/* 2m in 64-bit limbs (m < 2^255: no carry out). */
#define PASTA_IFMA_TWO_(M, i)              \
    ((i) == 0   ? M##0 << 1                \
     : (i) == 1 ? (M##1 << 1 | M##0 >> 63) \
     : (i) == 2 ? (M##2 << 1 | M##1 >> 63) \
                : (M##3 << 1 | M##2 >> 63))
#define PASTA_IFMA_L52_2M(M, j)                                                          \
    PASTA_IFMA_L52_(PASTA_IFMA_TWO_(M, 0), PASTA_IFMA_TWO_(M, 1), PASTA_IFMA_TWO_(M, 2), \
                    PASTA_IFMA_TWO_(M, 3), j)

_Static_assert(PASTA_IFMA_L52(PASTA_FP_M, 3) == 0 && PASTA_IFMA_L52(PASTA_FQ_M, 3) == 0,
               "the IFMA kernels skip limb 3 of m (zero in radix 2^52)");
_Static_assert(PASTA_IFMA_L52(PASTA_FP_M, 4) == 1ULL << 46 &&
                   PASTA_IFMA_L52(PASTA_FQ_M, 4) == 1ULL << 46,
               "the IFMA kernels assume limb 4 of m is 2^46 (m < 2^255)");

#define PASTA_IFMA_ARR5_(a, b, c, d, e) \
    { a, b, c, d, e }
/* The constants of one field, radix 2^52: m, 2m, k0 = -m^-1 mod 2^52, and the plain
 * integers 2^264 mod m and 2^256 mod m (the factors of F_to260 and F_from260). m, 2m and
 * k0 are derived from fields/moduli.h here; the two powers are written out (their
 * 64-bit forms are m - 1024 d and m - 4 d for m = 2^254 + d) and recomputed with GMP
 * in tests/test_ifma.c. */
typedef struct {
    uint64_t m[5], m2[5], k0, r264[5], r256[5];
} pasta_ifma_consts;

#define PASTA_IFMA_CONSTS_(M, R264, R256)                                               \
    {                                                                                   \
        {PASTA_IFMA_L52(M, 0), PASTA_IFMA_L52(M, 1), PASTA_IFMA_L52(M, 2),              \
         PASTA_IFMA_L52(M, 3), PASTA_IFMA_L52(M, 4)},                                   \
            {PASTA_IFMA_L52_2M(M, 0), PASTA_IFMA_L52_2M(M, 1), PASTA_IFMA_L52_2M(M, 2), \
             PASTA_IFMA_L52_2M(M, 3), PASTA_IFMA_L52_2M(M, 4)},                         \
            PASTA_MODULI_NINV64(M##0) & PASTA_IFMA_MASK52, R264, R256                   \
    }
static const pasta_ifma_consts pasta_ifma_fp_consts = PASTA_IFMA_CONSTS_(
    PASTA_FP_M,
    PASTA_IFMA_ARR5_(0x97cecfffffc01ULL, 0xd6d5688ab6e46ULL, 0xfffff7707e2a8ULL,
                     0xfffffffffffffULL, 0x03fffffffffffULL),
    PASTA_IFMA_ARR5_(0x86d38fffffffdULL, 0x0be41914ad347ULL, 0xfffffff992c35ULL,
                     0xfffffffffffffULL, 0x03fffffffffffULL));
static const pasta_ifma_consts pasta_ifma_fq_consts = PASTA_IFMA_CONSTS_(
    PASTA_FQ_M,
    PASTA_IFMA_ARR5_(0xa6720fffffc01ULL, 0xd5b6f132ac709ULL, 0xfffff7707e2a8ULL,
                     0xfffffffffffffULL, 0x03fffffffffffULL),
    PASTA_IFMA_ARR5_(0xb3e9cfffffffdULL, 0x0be34205675b2ULL, 0xfffffff992c35ULL,
                     0xfffffffffffffULL, 0x03fffffffffffULL));

/* Eight field elements, lane i = element i: limb j of every lane in l[j]. */
typedef struct {
    __m512i l[5];
} pasta_ifma_v8;

#define PASTA_IFMA_B(x) _mm512_set1_epi64((long long)(x))
#define PASTA_IFMA_LO(acc, x, y) _mm512_madd52lo_epu64(acc, x, y)
#define PASTA_IFMA_HI(acc, x, y) _mm512_madd52hi_epu64(acc, x, y)

/* ---- Moving data: 8 x (4 x 64) <-> 5 x 8 x 52 ----------------------------------------
 * A load reads four vectors z0..z3 (z_r = elements 2r, 2r+1), transposes them into
 * x0..x3 (x_k = word k of the 8 elements) and splits the words into 52-bit limbs; the
 * store reverses it. perm = 0: lane i = element i (4 vpermt2q + 4 vshufi64x2), the
 * building blocks' order. perm = 1: lanes hold e0 e2 e1 e3 e4 e6 e5 e7 (4 in-lane
 * vpunpck + 4 vshufi64x2; the store's inverse is 4 vpermt2q + 4 vpunpck), used by the
 * element-wise array operations, where only load and store must agree. Partial forms
 * take k < 8 elements with masked moves (masked-off elements are neither read nor
 * written, and fault-free); the lanes of absent elements load as zero. */
PASTA_IFMA_INLINE __mmask8 pasta_ifma_words_mask_(size_t k, int r) {
    uint64_t elems = ((uint64_t)1 << (4 * k)) - 1; /* 4 words per element, k <= 8 */
    return (__mmask8)(elems >> (8 * r));
}

PASTA_IFMA_INLINE void pasta_ifma_from_words_(pasta_ifma_v8 *r, __m512i z0, __m512i z1,
                                              __m512i z2, __m512i z3, int x16, int perm) {
    __m512i x0, x1, x2, x3;
    if (perm) { /* lanes in the order e0 e2 e1 e3 e4 e6 e5 e7: 4 vpunpck + 4 vshufi64x2 */
        __m512i t0 = _mm512_unpacklo_epi64(z0, z1), t1 = _mm512_unpackhi_epi64(z0, z1);
        __m512i t2 = _mm512_unpacklo_epi64(z2, z3), t3 = _mm512_unpackhi_epi64(z2, z3);
        x0 = _mm512_shuffle_i64x2(t0, t2, 0x88);
        x2 = _mm512_shuffle_i64x2(t0, t2, 0xdd);
        x1 = _mm512_shuffle_i64x2(t1, t3, 0x88);
        x3 = _mm512_shuffle_i64x2(t1, t3, 0xdd);
    } else { /* lane i = element i: 4 vpermt2q + 4 vshufi64x2 */
        const __m512i ia = _mm512_setr_epi64(0, 4, 8, 12, 1, 5, 9, 13);
        const __m512i ib = _mm512_setr_epi64(2, 6, 10, 14, 3, 7, 11, 15);
        __m512i p0 = _mm512_permutex2var_epi64(z0, ia, z1); /* w0 of e0..e3 | w1 of e0..e3 */
        __m512i p1 = _mm512_permutex2var_epi64(z0, ib, z1); /* w2 | w3 */
        __m512i q0 = _mm512_permutex2var_epi64(z2, ia, z3); /* same for e4..e7 */
        __m512i q1 = _mm512_permutex2var_epi64(z2, ib, z3);
        x0 = _mm512_shuffle_i64x2(p0, q0, 0x44);
        x1 = _mm512_shuffle_i64x2(p0, q0, 0xee);
        x2 = _mm512_shuffle_i64x2(p1, q1, 0x44);
        x3 = _mm512_shuffle_i64x2(p1, q1, 0xee);
    }
    const __m512i mask = PASTA_IFMA_B(PASTA_IFMA_MASK52);
    if (x16) { /* the limbs of 16 a: bits 52 j - 4 .. 52 j + 47 of a */
        r->l[0] = _mm512_and_si512(_mm512_slli_epi64(x0, 4), mask);
        r->l[1] = _mm512_and_si512(
            _mm512_or_si512(_mm512_srli_epi64(x0, 48), _mm512_slli_epi64(x1, 16)), mask);
        r->l[2] = _mm512_and_si512(
            _mm512_or_si512(_mm512_srli_epi64(x1, 36), _mm512_slli_epi64(x2, 28)), mask);
        r->l[3] = _mm512_and_si512(
            _mm512_or_si512(_mm512_srli_epi64(x2, 24), _mm512_slli_epi64(x3, 40)), mask);
        r->l[4] = _mm512_srli_epi64(x3, 12); /* a < 2^255: < 2^51 */
        return;
    }
    r->l[0] = _mm512_and_si512(x0, mask);
    r->l[1] = _mm512_and_si512(
        _mm512_or_si512(_mm512_srli_epi64(x0, 52), _mm512_slli_epi64(x1, 12)), mask);
    r->l[2] = _mm512_and_si512(
        _mm512_or_si512(_mm512_srli_epi64(x1, 40), _mm512_slli_epi64(x2, 24)), mask);
    r->l[3] = _mm512_and_si512(
        _mm512_or_si512(_mm512_srli_epi64(x2, 28), _mm512_slli_epi64(x3, 36)), mask);
    r->l[4] = _mm512_srli_epi64(x3, 16);
}

/* The words of a: needs normalised limbs and a < 2^256. */
PASTA_IFMA_INLINE void pasta_ifma_to_words_(__m512i z[4], const pasta_ifma_v8 *a, int perm) {
    __m512i x0 = _mm512_or_si512(a->l[0], _mm512_slli_epi64(a->l[1], 52));
    __m512i x1 =
        _mm512_or_si512(_mm512_srli_epi64(a->l[1], 12), _mm512_slli_epi64(a->l[2], 40));
    __m512i x2 =
        _mm512_or_si512(_mm512_srli_epi64(a->l[2], 24), _mm512_slli_epi64(a->l[3], 28));
    __m512i x3 =
        _mm512_or_si512(_mm512_srli_epi64(a->l[3], 36), _mm512_slli_epi64(a->l[4], 16));
    if (perm) { /* the inverse of from_words_'s permuted order */
        const __m512i ja = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11);
        const __m512i jb = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
        __m512i t0 = _mm512_permutex2var_epi64(x0, ja, x2),
                t2 = _mm512_permutex2var_epi64(x0, jb, x2);
        __m512i t1 = _mm512_permutex2var_epi64(x1, ja, x3),
                t3 = _mm512_permutex2var_epi64(x1, jb, x3);
        z[0] = _mm512_unpacklo_epi64(t0, t1);
        z[1] = _mm512_unpackhi_epi64(t0, t1);
        z[2] = _mm512_unpacklo_epi64(t2, t3);
        z[3] = _mm512_unpackhi_epi64(t2, t3);
        return;
    }
    const __m512i ia = _mm512_setr_epi64(0, 4, 8, 12, 1, 5, 9, 13);
    const __m512i ib = _mm512_setr_epi64(2, 6, 10, 14, 3, 7, 11, 15);
    __m512i p0 = _mm512_shuffle_i64x2(x0, x1, 0x44); /* w0 of e0..e3 | w1 of e0..e3 */
    __m512i q0 = _mm512_shuffle_i64x2(x0, x1, 0xee); /* same for e4..e7 */
    __m512i p1 = _mm512_shuffle_i64x2(x2, x3, 0x44); /* w2 | w3 */
    __m512i q1 = _mm512_shuffle_i64x2(x2, x3, 0xee);
    z[0] = _mm512_permutex2var_epi64(p0, ia, p1);
    z[1] = _mm512_permutex2var_epi64(p0, ib, p1);
    z[2] = _mm512_permutex2var_epi64(q0, ia, q1);
    z[3] = _mm512_permutex2var_epi64(q0, ib, q1);
}

/* r = the 8 elements at a (a[0..7] read); x16: r = 16 a instead (the integer, not
 * reduced: < 2^259 for a < 2^255, normalised limbs: a valid first factor of
 * pasta_ifma_mul_, which then divides by 2^256 in effect). */
PASTA_IFMA_INLINE void pasta_ifma_load_(pasta_ifma_v8 *r, const uint64_t *a, int x16,
                                        int perm) {
    pasta_ifma_from_words_(r, _mm512_loadu_si512(a), _mm512_loadu_si512(a + 8),
                           _mm512_loadu_si512(a + 16), _mm512_loadu_si512(a + 24), x16, perm);
}
/* r = the k < 8 elements at a (only a[0..k-1] read), lanes k..7 zero. */
PASTA_IFMA_INLINE void pasta_ifma_load_part_(pasta_ifma_v8 *r, const uint64_t *a, size_t k,
                                             int x16, int perm) {
    pasta_ifma_from_words_(r, _mm512_maskz_loadu_epi64(pasta_ifma_words_mask_(k, 0), a),
                           _mm512_maskz_loadu_epi64(pasta_ifma_words_mask_(k, 1), a + 8),
                           _mm512_maskz_loadu_epi64(pasta_ifma_words_mask_(k, 2), a + 16),
                           _mm512_maskz_loadu_epi64(pasta_ifma_words_mask_(k, 3), a + 24), x16,
                           perm);
}
/* Stores a as it is (normalised, < 2^256): the caller reduces first. */
PASTA_IFMA_INLINE void pasta_ifma_store_raw_(uint64_t *r, const pasta_ifma_v8 *a, int perm) {
    __m512i z[4];
    pasta_ifma_to_words_(z, a, perm);
    for (int i = 0; i < 4; i++) _mm512_storeu_si512(r + 8 * i, z[i]);
}
PASTA_IFMA_INLINE void pasta_ifma_store_raw_part_(uint64_t *r, const pasta_ifma_v8 *a,
                                                  size_t k, int perm) {
    __m512i z[4];
    pasta_ifma_to_words_(z, a, perm);
    for (int i = 0; i < 4; i++)
        _mm512_mask_storeu_epi64(r + 8 * i, pasta_ifma_words_mask_(k, i), z[i]);
}

/* ---- Lane choice ----------------------------------------------------------------------
 * r = lane i of b where bit i of k is set, else lane i of a (vpblendmq: no branch). */
PASTA_IFMA_INLINE void pasta_ifma_select(pasta_ifma_v8 *r, __mmask8 k, const pasta_ifma_v8 *a,
                                         const pasta_ifma_v8 *b) {
    for (int j = 0; j < 5; j++) r->l[j] = _mm512_mask_blend_epi64(k, a->l[j], b->l[j]);
}

/* ---- Additive operations ----------------------------------------------------------------
 * N is the modulus of the reduction, m or 2m, in radix 2^52. addmod: a, b < N
 * (normalised) -> r = a + b - N if that is >= 0, else a + b; so r < N. Two independent
 * carry chains, s = a + b (unsigned) and t = a + b - N (signed: arithmetic shifts carry
 * the borrow); the sign of t's top limb picks one by a mask blend. Limbs stay within
 * 2^54 in magnitude. */
PASTA_IFMA_INLINE void pasta_ifma_addmod_(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,
                                          const pasta_ifma_v8 *b, const uint64_t *N) {
    const __m512i mask = PASTA_IFMA_B(PASTA_IFMA_MASK52);
    __m512i s[5], t[5];
    for (int j = 0; j < 5; j++) {
        s[j] = _mm512_add_epi64(a->l[j], b->l[j]);
        t[j] = _mm512_sub_epi64(s[j], PASTA_IFMA_B(N[j]));
    }
    for (int j = 0; j < 4; j++) {
        s[j + 1] = _mm512_add_epi64(s[j + 1], _mm512_srli_epi64(s[j], 52));
        s[j] = _mm512_and_si512(s[j], mask);
        t[j + 1] = _mm512_add_epi64(t[j + 1], _mm512_srai_epi64(t[j], 52));
        t[j] = _mm512_and_si512(t[j], mask);
    }
    __mmask8 neg = _mm512_cmplt_epi64_mask(t[4], _mm512_setzero_si512());
    for (int j = 0; j < 5; j++) r->l[j] = _mm512_mask_blend_epi64(neg, t[j], s[j]);
}

/* a, b < N: r = a - b, plus N when that is negative; r < N. Chains d = a - b and
 * e = a - b + N side by side (signed), the sign of d picks. */
PASTA_IFMA_INLINE void pasta_ifma_submod_(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,
                                          const pasta_ifma_v8 *b, const uint64_t *N) {
    const __m512i mask = PASTA_IFMA_B(PASTA_IFMA_MASK52);
    __m512i d[5], e[5];
    for (int j = 0; j < 5; j++) {
        d[j] = _mm512_sub_epi64(a->l[j], b->l[j]);
        e[j] = _mm512_add_epi64(d[j], PASTA_IFMA_B(N[j]));
    }
    for (int j = 0; j < 4; j++) {
        d[j + 1] = _mm512_add_epi64(d[j + 1], _mm512_srai_epi64(d[j], 52));
        d[j] = _mm512_and_si512(d[j], mask);
        e[j + 1] = _mm512_add_epi64(e[j + 1], _mm512_srai_epi64(e[j], 52));
        e[j] = _mm512_and_si512(e[j], mask);
    }
    __mmask8 neg = _mm512_cmplt_epi64_mask(d[4], _mm512_setzero_si512());
    for (int j = 0; j < 5; j++) r->l[j] = _mm512_mask_blend_epi64(neg, d[j], e[j]);
}

/* a < 2m -> a mod m: t = a - m (signed chain), keep a where t < 0. */
PASTA_IFMA_INLINE void pasta_ifma_reduce_(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,
                                          const pasta_ifma_consts *K) {
    const __m512i mask = PASTA_IFMA_B(PASTA_IFMA_MASK52);
    __m512i t[5];
    for (int j = 0; j < 5; j++) t[j] = _mm512_sub_epi64(a->l[j], PASTA_IFMA_B(K->m[j]));
    for (int j = 0; j < 4; j++) {
        t[j + 1] = _mm512_add_epi64(t[j + 1], _mm512_srai_epi64(t[j], 52));
        t[j] = _mm512_and_si512(t[j], mask);
    }
    __mmask8 neg = _mm512_cmplt_epi64_mask(t[4], _mm512_setzero_si512());
    for (int j = 0; j < 5; j++) r->l[j] = _mm512_mask_blend_epi64(neg, t[j], a->l[j]);
}

/* a < 3m -> a mod m: t1 = a - m and t2 = a - 2m side by side; t2 where t2 >= 0, else t1
 * where t1 >= 0, else a. */
PASTA_IFMA_INLINE void pasta_ifma_reduce3_(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,
                                           const pasta_ifma_consts *K) {
    const __m512i mask = PASTA_IFMA_B(PASTA_IFMA_MASK52);
    __m512i t1[5], t2[5];
    for (int j = 0; j < 5; j++) {
        t1[j] = _mm512_sub_epi64(a->l[j], PASTA_IFMA_B(K->m[j]));
        t2[j] = _mm512_sub_epi64(a->l[j], PASTA_IFMA_B(K->m2[j]));
    }
    for (int j = 0; j < 4; j++) {
        t1[j + 1] = _mm512_add_epi64(t1[j + 1], _mm512_srai_epi64(t1[j], 52));
        t1[j] = _mm512_and_si512(t1[j], mask);
        t2[j + 1] = _mm512_add_epi64(t2[j + 1], _mm512_srai_epi64(t2[j], 52));
        t2[j] = _mm512_and_si512(t2[j], mask);
    }
    __mmask8 neg1 = _mm512_cmplt_epi64_mask(t1[4], _mm512_setzero_si512());
    __mmask8 ge2 = _mm512_cmpge_epi64_mask(t2[4], _mm512_setzero_si512());
    for (int j = 0; j < 5; j++)
        r->l[j] =
            _mm512_mask_blend_epi64(ge2, _mm512_mask_blend_epi64(neg1, t1[j], a->l[j]), t2[j]);
}

/* ---- Products -----------------------------------------------------------------------------
 * Schoolbook: c[i + j] += lo(a_j b_i), c[i + j + 1] += hi(a_j b_i); 50 independent IFMA
 * (the four accumulation chains per column are the only dependences). */
PASTA_IFMA_INLINE void pasta_ifma_prod_acc_(__m512i c[10], const pasta_ifma_v8 *a,
                                            const pasta_ifma_v8 *b) {
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++) {
            c[i + j] = PASTA_IFMA_LO(c[i + j], a->l[j], b->l[i]);
            c[i + j + 1] = PASTA_IFMA_HI(c[i + j + 1], a->l[j], b->l[i]);
        }
}
PASTA_IFMA_INLINE void pasta_ifma_prod_(__m512i c[10], const pasta_ifma_v8 *a,
                                        const pasta_ifma_v8 *b) {
    for (int k = 0; k < 10; k++) c[k] = _mm512_setzero_si512();
    pasta_ifma_prod_acc_(c, a, b);
}

/* Square: the 10 cross products a_i a_j (i < j) once into c, c doubled (each column
 * < 2 * 8 * 2^52 after: no overflow), then the 5 squares a_i^2 added. 30 IFMA. */
PASTA_IFMA_INLINE void pasta_ifma_prod_sqr_(__m512i c[10], const pasta_ifma_v8 *a) {
    for (int k = 0; k < 10; k++) c[k] = _mm512_setzero_si512();
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++) {
            c[i + j] = PASTA_IFMA_LO(c[i + j], a->l[i], a->l[j]);
            c[i + j + 1] = PASTA_IFMA_HI(c[i + j + 1], a->l[i], a->l[j]);
        }
    for (int k = 1; k < 10; k++) c[k] = _mm512_add_epi64(c[k], c[k]);
    for (int i = 0; i < 5; i++) {
        c[2 * i] = PASTA_IFMA_LO(c[2 * i], a->l[i], a->l[i]);
        c[2 * i + 1] = PASTA_IFMA_HI(c[2 * i + 1], a->l[i], a->l[i]);
    }
}

/* One reduction step at column i: u = c_i k0 mod 2^52 (IFMA reads c_i's low 52 bits), or
 * mod 2^48 for the last step of a division by 2^256; c += u m 2^(52 i) (limb 3 of m is
 * zero: skipped); then c_i's low 52 bits are zero and its high part moves into c_{i+1}. */
PASTA_IFMA_INLINE void pasta_ifma_redstep_(__m512i c[10], int i, int last48,
                                           const pasta_ifma_consts *K) {
    __m512i u = PASTA_IFMA_LO(_mm512_setzero_si512(), c[i], PASTA_IFMA_B(K->k0));
    if (last48) u = _mm512_and_si512(u, PASTA_IFMA_B((1ULL << 48) - 1));
    const __m512i m0 = PASTA_IFMA_B(K->m[0]), m1 = PASTA_IFMA_B(K->m[1]);
    const __m512i m2 = PASTA_IFMA_B(K->m[2]), m4 = PASTA_IFMA_B(K->m[4]);
    c[i] = PASTA_IFMA_LO(c[i], u, m0);
    c[i + 1] = PASTA_IFMA_HI(c[i + 1], u, m0);
    c[i + 1] = PASTA_IFMA_LO(c[i + 1], u, m1);
    c[i + 2] = PASTA_IFMA_HI(c[i + 2], u, m1);
    c[i + 2] = PASTA_IFMA_LO(c[i + 2], u, m2);
    c[i + 3] = PASTA_IFMA_HI(c[i + 3], u, m2);
    c[i + 4] = PASTA_IFMA_LO(c[i + 4], u, m4);
    c[i + 5] = PASTA_IFMA_HI(c[i + 5], u, m4);
    if (!last48) c[i + 1] = _mm512_add_epi64(c[i + 1], _mm512_srli_epi64(c[i], 52));
}

/* c0..c9 (value T) -> r = (T + U m) / 2^260 (+ z when z != NULL: z's limbs are added
 * to c5..c9, i.e. z 2^260 to T, before the carries), normalised. */
PASTA_IFMA_INLINE void pasta_ifma_redc260_(pasta_ifma_v8 *r, __m512i c[10],
                                           const pasta_ifma_v8 *z,
                                           const pasta_ifma_consts *K) {
    const __m512i mask = PASTA_IFMA_B(PASTA_IFMA_MASK52);
    for (int i = 0; i < 5; i++) pasta_ifma_redstep_(c, i, 0, K);
    if (z != NULL)
        for (int j = 0; j < 5; j++) c[5 + j] = _mm512_add_epi64(c[5 + j], z->l[j]);
    for (int j = 5; j < 9; j++) {
        c[j + 1] = _mm512_add_epi64(c[j + 1], _mm512_srli_epi64(c[j], 52));
        r->l[j - 5] = _mm512_and_si512(c[j], mask);
    }
    r->l[4] = c[9];
}

/* c0..c9 (value T) -> r = (T + U m) / 2^256, normalised: four 52-bit steps and one
 * 48-bit step leave (c4 + c5 2^52 + ...) with c4's low 48 bits zero; r = (c4 >> 48 mod
 * 2^4) + 16 V, V the normalised c5.. (c5 += c4 >> 52 first). */
PASTA_IFMA_INLINE void pasta_ifma_redc256_(pasta_ifma_v8 *r, __m512i c[10],
                                           const pasta_ifma_consts *K) {
    const __m512i mask = PASTA_IFMA_B(PASTA_IFMA_MASK52);
    for (int i = 0; i < 4; i++) pasta_ifma_redstep_(c, i, 0, K);
    pasta_ifma_redstep_(c, 4, 1, K);
    __m512i v[5];
    c[5] = _mm512_add_epi64(c[5], _mm512_srli_epi64(c[4], 52));
    __m512i low4 = _mm512_and_si512(_mm512_srli_epi64(c[4], 48), PASTA_IFMA_B(15));
    for (int j = 5; j < 9; j++) {
        c[j + 1] = _mm512_add_epi64(c[j + 1], _mm512_srli_epi64(c[j], 52));
        v[j - 5] = _mm512_and_si512(c[j], mask);
    }
    v[4] = c[9];
    r->l[0] = _mm512_and_si512(_mm512_or_si512(_mm512_slli_epi64(v[0], 4), low4), mask);
    for (int j = 1; j < 5; j++)
        r->l[j] = _mm512_and_si512(
            _mm512_or_si512(_mm512_slli_epi64(v[j], 4), _mm512_srli_epi64(v[j - 1], 48)),
            mask);
}

PASTA_IFMA_INLINE void pasta_ifma_mul_(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,
                                       const pasta_ifma_v8 *b, const pasta_ifma_consts *K) {
    __m512i c[10];
    pasta_ifma_prod_(c, a, b);
    pasta_ifma_redc260_(r, c, NULL, K);
}
PASTA_IFMA_INLINE void pasta_ifma_sqr_(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,
                                       const pasta_ifma_consts *K) {
    __m512i c[10];
    pasta_ifma_prod_sqr_(c, a);
    pasta_ifma_redc260_(r, c, NULL, K);
}
PASTA_IFMA_INLINE void pasta_ifma_mul256_(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,
                                          const pasta_ifma_v8 *b, const pasta_ifma_consts *K) {
    __m512i c[10];
    pasta_ifma_prod_(c, a, b);
    pasta_ifma_redc256_(r, c, K);
}
PASTA_IFMA_INLINE void pasta_ifma_set1_raw_(pasta_ifma_v8 *r, const uint64_t w[5]) {
    for (int j = 0; j < 5; j++) r->l[j] = PASTA_IFMA_B(w[j]);
}

/* ---- The array operations, field-generic ---------------------------------------------------
 * Main loops take U independent vectors per iteration (products in flight): U = 4 for
 * vec_mul, vec_scale and the inner product, 2 for vec_mul_add (its three inputs make 4
 * spill more than it gains; measured, Zen 5: U = 4 against 2: vec_mul -5%, vec_mul_add
 * +1%; U = 1: vec_mul +16%). The tail is whole vectors and one masked one. Data move in
 * the permuted lane order (from_words_ with perm = 1: cheaper unpacks; vec_add -13%,
 * vec_mul -3%), the same for loads and stores, so element i returns to r[i]. n, and so
 * every branch, is public. */
#define PASTA_IFMA_UMAX 4

/* op: 0 = add, 1 = sub (canonical in, canonical out: mod m). */
PASTA_IFMA_INLINE void pasta_ifma_vec_addsub_(uint64_t *r, const uint64_t *a,
                                              const uint64_t *b, size_t n, int op,
                                              const pasta_ifma_consts *K) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        pasta_ifma_v8 x, y;
        pasta_ifma_load_(&x, a + 4 * i, 0, 1);
        pasta_ifma_load_(&y, b + 4 * i, 0, 1);
        if (op == 0) pasta_ifma_addmod_(&x, &x, &y, K->m);
        else pasta_ifma_submod_(&x, &x, &y, K->m);
        pasta_ifma_store_raw_(r + 4 * i, &x, 1);
    }
    if (i < n) {
        pasta_ifma_v8 x, y;
        pasta_ifma_load_part_(&x, a + 4 * i, n - i, 0, 1);
        pasta_ifma_load_part_(&y, b + 4 * i, n - i, 0, 1);
        if (op == 0) pasta_ifma_addmod_(&x, &x, &y, K->m);
        else pasta_ifma_submod_(&x, &x, &y, K->m);
        pasta_ifma_store_raw_part_(r + 4 * i, &x, n - i, 1);
    }
}

/* x = 16 a (F_load16), y = b, z = c: x = a b / 2^256 (API form), + c when add;
 * canonical out for canonical a, b, c. The product is 16 a b / 2^260 = a b / 2^256
 * < m + m^2 / 2^256 < 1.26 m; c enters the reduction as c 2^260 (added to the top
 * columns: 5 additions instead of an addmod), giving < 2.26 m, and one three-way
 * reduction (reduce3_) makes it canonical. */
PASTA_IFMA_INLINE void pasta_ifma_mul_add_1_(pasta_ifma_v8 *x, const pasta_ifma_v8 *y,
                                             const pasta_ifma_v8 *z, int add,
                                             const pasta_ifma_consts *K) {
    __m512i c[10];
    pasta_ifma_prod_(c, x, y);
    pasta_ifma_redc260_(x, c, add ? z : NULL, K);
    if (add) pasta_ifma_reduce3_(x, x, K);
    else pasta_ifma_reduce_(x, x, K);
}

PASTA_IFMA_INLINE void pasta_ifma_vec_mul_add_(uint64_t *r, const uint64_t *a,
                                               const uint64_t *b, const uint64_t *c, size_t n,
                                               const pasta_ifma_consts *K) {
    const int add = c != NULL, U = add ? 2 : 4;
    size_t i = 0;
    for (; i + 8 * U <= n; i += 8 * U) {
        pasta_ifma_v8 x[PASTA_IFMA_UMAX], y[PASTA_IFMA_UMAX], z[PASTA_IFMA_UMAX];
        for (int u = 0; u < U; u++) {
            pasta_ifma_load_(&x[u], a + 4 * (i + 8 * u), 1, 1);
            pasta_ifma_load_(&y[u], b + 4 * (i + 8 * u), 0, 1);
            if (add) pasta_ifma_load_(&z[u], c + 4 * (i + 8 * u), 0, 1);
        }
        for (int u = 0; u < U; u++) pasta_ifma_mul_add_1_(&x[u], &y[u], &z[u], add, K);
        for (int u = 0; u < U; u++) pasta_ifma_store_raw_(r + 4 * (i + 8 * u), &x[u], 1);
    }
    for (; i < n; i += 8) {
        pasta_ifma_v8 x, y, z;
        size_t k = n - i < 8 ? n - i : 8;
        pasta_ifma_load_part_(&x, a + 4 * i, k, 1, 1);
        pasta_ifma_load_part_(&y, b + 4 * i, k, 0, 1);
        if (add) pasta_ifma_load_part_(&z, c + 4 * i, k, 0, 1);
        pasta_ifma_mul_add_1_(&x, &y, &z, add, K);
        pasta_ifma_store_raw_part_(r + 4 * i, &x, k, 1);
    }
}

/* r = a c for one constant c: c is taken to R' form (c R' = 16 c R mod m) once, so each
 * product is mul(x R, c R') = x c R: an F_mul, no final division step. */
PASTA_IFMA_INLINE void pasta_ifma_vec_scale_(uint64_t *r, const uint64_t *a, const uint64_t *c,
                                             size_t n, const pasta_ifma_consts *K) {
    pasta_ifma_v8 k, t;
    pasta_ifma_load_part_(&t, c, 1, 0, 0); /* c read before r is written */
    pasta_ifma_set1_raw_(&k, K->r264);
    pasta_ifma_mul_(&t, &t, &k, K); /* lane 0: c R' (< 2m) */
    pasta_ifma_reduce_(&t, &t, K);
    for (int j = 0; j < 5; j++)
        k.l[j] = _mm512_permutexvar_epi64(_mm512_setzero_si512(), t.l[j]);
    size_t i = 0;
    for (; i + 8 * PASTA_IFMA_UMAX <= n; i += 8 * PASTA_IFMA_UMAX) {
        pasta_ifma_v8 x[PASTA_IFMA_UMAX];
        for (int u = 0; u < PASTA_IFMA_UMAX; u++)
            pasta_ifma_load_(&x[u], a + 4 * (i + 8 * u), 0, 1);
        for (int u = 0; u < PASTA_IFMA_UMAX; u++) {
            pasta_ifma_mul_(&x[u], &x[u], &k, K); /* < m + m 2^256 / 2^260 < 2m */
            pasta_ifma_reduce_(&x[u], &x[u], K);
        }
        for (int u = 0; u < PASTA_IFMA_UMAX; u++)
            pasta_ifma_store_raw_(r + 4 * (i + 8 * u), &x[u], 1);
    }
    for (; i < n; i += 8) {
        pasta_ifma_v8 x;
        size_t kk = n - i < 8 ? n - i : 8;
        pasta_ifma_load_part_(&x, a + 4 * i, kk, 0, 1);
        pasta_ifma_mul_(&x, &x, &k, K);
        pasta_ifma_reduce_(&x, &x, K);
        pasta_ifma_store_raw_part_(r + 4 * i, &x, kk, 1);
    }
}

/* sum a_i b_i: eight lane sums (lane l takes the elements i = l mod 8, in the permuted
 * order), added in the end across lanes. The main loop adds the schoolbook columns of two
 * products 16 a b (F_load16) before one reduction: (T + U m) / 2^260 with T < 2 * 16 m^2
 * is < m + 2 m^2 / 2^256 < 1.51 m (columns < 31 * 2^52), so two products cost 100 + 45
 * IFMA instead of 190. Partial sums are weakly reduced (addmod with 2m); the total is
 * reduced and the lanes are added mod m in a fixed order. Every step is exact mod m, so
 * the result is the canonical sum: the scalar loop's bytes. Absent lanes of the masked
 * tail are zero and add 0. */
PASTA_IFMA_INLINE void pasta_ifma_vec_inner_product_(uint64_t r[4], const uint64_t *a,
                                                     const uint64_t *b, size_t n,
                                                     const pasta_ifma_consts *K) {
    pasta_ifma_v8 acc[2];
    for (int u = 0; u < 2; u++)
        for (int j = 0; j < 5; j++) acc[u].l[j] = _mm512_setzero_si512();
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        pasta_ifma_v8 x[4], y[4];
        for (int u = 0; u < 4; u++) {
            pasta_ifma_load_(&x[u], a + 4 * (i + 8 * u), 1, 1);
            pasta_ifma_load_(&y[u], b + 4 * (i + 8 * u), 0, 1);
        }
        for (int p = 0; p < 2; p++) {
            __m512i c[10];
            pasta_ifma_v8 t;
            pasta_ifma_prod_(c, &x[2 * p], &y[2 * p]);
            pasta_ifma_prod_acc_(c, &x[2 * p + 1], &y[2 * p + 1]);
            pasta_ifma_redc260_(&t, c, NULL, K);
            pasta_ifma_addmod_(&acc[p], &acc[p], &t, K->m2);
        }
    }
    for (; i < n; i += 8) {
        pasta_ifma_v8 x, y;
        size_t k = n - i < 8 ? n - i : 8;
        pasta_ifma_load_part_(&x, a + 4 * i, k, 1, 1);
        pasta_ifma_load_part_(&y, b + 4 * i, k, 0, 1);
        pasta_ifma_mul_(&x, &x, &y, K);
        pasta_ifma_addmod_(&acc[0], &acc[0], &x, K->m2);
    }
    pasta_ifma_addmod_(&acc[0], &acc[0], &acc[1], K->m2);
    pasta_ifma_reduce_(&acc[0], &acc[0], K);
    /* The 8 lanes: fold 8 -> 4 -> 2 -> 1 by adding shifted copies (vpermq), mod m. */
    static const long long idx[3][8] = {
        {4, 5, 6, 7, 0, 0, 0, 0}, {2, 3, 0, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0, 0, 0}};
    for (int s = 0; s < 3; s++) {
        pasta_ifma_v8 h;
        const __m512i ix = _mm512_loadu_si512(idx[s]);
        for (int j = 0; j < 5; j++) h.l[j] = _mm512_permutexvar_epi64(ix, acc[0].l[j]);
        pasta_ifma_addmod_(&acc[0], &acc[0], &h, K->m);
    }
    pasta_ifma_store_raw_part_(r, &acc[0], 1, 0); /* lane 0, a masked store */
}

/* ---- Work form (include/pasta/field.h's pasta_<field>_work_*) -----------------------------
 * Block k of a work vector (40 words) holds the v8 of elements 8k .. 8k + 7 in the
 * permuted lane order of the array operations, limb j at words 8j .. 8j + 7: values x R'
 * (R' = 2^260), weakly reduced (< 2m), limbs normalised; absent elements of a last
 * partial block load as zero. Bounds: F_add/F_sub keep < 2m (N = 2m); F_mul of two
 * values < 2m (a b < 4 m^2 < 2^260 m) gives < 2m; so every operation maps valid blocks
 * to valid blocks, and the operations run on whole blocks (lanes are independent: the
 * padding of a last block never reaches an element). load: x R -> x R' (a product by
 * 2^264 mod m); store: x R' -> x R (by 2^256 mod m), reduced, canonical. Four blocks per
 * iteration where there are four (independent products in flight, as vec_mul). */
PASTA_IFMA_INLINE void pasta_ifma_wget_(pasta_ifma_v8 *x, const uint64_t *w) {
    for (int j = 0; j < 5; j++) x->l[j] = _mm512_loadu_si512(w + 8 * j);
}
PASTA_IFMA_INLINE void pasta_ifma_wput_(uint64_t *w, const pasta_ifma_v8 *x) {
    for (int j = 0; j < 5; j++) _mm512_storeu_si512(w + 8 * j, x->l[j]);
}

/* op: 0 load (r work, a plain), 1 store (r plain, a work) */
PASTA_IFMA_INLINE void pasta_ifma_work_convert_(uint64_t *r, const uint64_t *a, size_t n,
                                                int op, const pasta_ifma_consts *K) {
    pasta_ifma_v8 k;
    pasta_ifma_set1_raw_(&k, op == 0 ? K->r264 : K->r256);
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        pasta_ifma_v8 x[4];
        for (int u = 0; u < 4; u++) {
            if (op == 0) pasta_ifma_load_(&x[u], a + 4 * (i + 8 * u), 0, 1);
            else pasta_ifma_wget_(&x[u], a + 5 * (i + 8 * u));
        }
        for (int u = 0; u < 4; u++) {
            pasta_ifma_mul_(&x[u], &x[u], &k, K);
            if (op == 1) pasta_ifma_reduce_(&x[u], &x[u], K);
        }
        for (int u = 0; u < 4; u++) {
            if (op == 0) pasta_ifma_wput_(r + 5 * (i + 8 * u), &x[u]);
            else pasta_ifma_store_raw_(r + 4 * (i + 8 * u), &x[u], 1);
        }
    }
    for (; i < n; i += 8) {
        pasta_ifma_v8 x;
        size_t kk = n - i < 8 ? n - i : 8;
        if (op == 0) pasta_ifma_load_part_(&x, a + 4 * i, kk, 0, 1);
        else pasta_ifma_wget_(&x, a + 5 * i);
        pasta_ifma_mul_(&x, &x, &k, K);
        if (op == 0) {
            pasta_ifma_wput_(r + 5 * i, &x);
        } else {
            pasta_ifma_reduce_(&x, &x, K);
            pasta_ifma_store_raw_part_(r + 4 * i, &x, kk, 1);
        }
    }
}

/* op: 0 a + b, 1 a - b, 2 a b, 3 a k (k the broadcast constant, b unused), 4 a b + c,
 * 5 a + k */
PASTA_IFMA_INLINE void pasta_ifma_work_op1_(pasta_ifma_v8 *x, const pasta_ifma_v8 *y,
                                            const pasta_ifma_v8 *z, int op,
                                            const pasta_ifma_consts *K) {
    if (op == 0 || op == 5) pasta_ifma_addmod_(x, x, y, K->m2);
    else if (op == 1) pasta_ifma_submod_(x, x, y, K->m2);
    else pasta_ifma_mul_(x, x, y, K);
    if (op == 4) pasta_ifma_addmod_(x, x, z, K->m2);
}
PASTA_IFMA_INLINE void pasta_ifma_work_op_(uint64_t *r, const uint64_t *a, const uint64_t *b,
                                           const uint64_t *c, const pasta_ifma_v8 *k, size_t n,
                                           int op, const pasta_ifma_consts *K) {
    const size_t nb = (n + 7) / 8;
    size_t i = 0;
    for (; i + 4 <= nb; i += 4) {
        pasta_ifma_v8 x[4], y[4], z[4];
        for (int u = 0; u < 4; u++) {
            pasta_ifma_wget_(&x[u], a + 40 * (i + u));
            if (op == 3 || op == 5) y[u] = *k;
            else pasta_ifma_wget_(&y[u], b + 40 * (i + u));
            if (op == 4) pasta_ifma_wget_(&z[u], c + 40 * (i + u));
        }
        for (int u = 0; u < 4; u++) pasta_ifma_work_op1_(&x[u], &y[u], &z[u], op, K);
        for (int u = 0; u < 4; u++) pasta_ifma_wput_(r + 40 * (i + u), &x[u]);
    }
    for (; i < nb; i++) {
        pasta_ifma_v8 x, y, z;
        pasta_ifma_wget_(&x, a + 40 * i);
        if (op == 3 || op == 5) y = *k;
        else pasta_ifma_wget_(&y, b + 40 * i);
        if (op == 4) pasta_ifma_wget_(&z, c + 40 * i);
        pasta_ifma_work_op1_(&x, &y, &z, op, K);
        pasta_ifma_wput_(r + 40 * i, &x);
    }
}

/* The constant c (canonical, x R) as c R' (< 2m) in every lane. */
PASTA_IFMA_INLINE void pasta_ifma_work_const_(pasta_ifma_v8 *k, const uint64_t *c,
                                              const pasta_ifma_consts *K) {
    pasta_ifma_v8 t, r;
    pasta_ifma_load_part_(&t, c, 1, 0, 0);
    pasta_ifma_set1_raw_(&r, K->r264);
    pasta_ifma_mul_(&t, &t, &r, K);
    for (int j = 0; j < 5; j++)
        k->l[j] = _mm512_permutexvar_epi64(_mm512_setzero_si512(), t.l[j]);
}

/* ---- The per-field interface ----------------------------------------------------------------
 * On input / on output (every limb of every v8 normalised, < 2^52; r may alias any input):
 *   F_load(r, a)           a[0..7] -> r, lane i = a[i], same value and domain.
 *   F_load_part(r, a, k)   a[0..k-1] (k <= 8; nothing else read), lanes k..7 zero.
 *   F_load16, F_load16_part  the same with r = 16 a as integers (< 2^259, not reduced;
 *                          only as a factor of F_mul: F_mul(16 a, b) = a b / 2^256).
 *   F_store(r, a), F_store_part(r, a, k)  a < 2m -> r[0..7] (r[0..k-1]) canonical.
 *   F_set1(r, c)           *c in every lane.
 *   F_add, F_sub           a, b < 2m -> a +- b mod m, < 2m.
 *   F_mul(r, a, b)         a b / 2^260 mod m; a b < 2^260 m (e.g. a, b < 2^256) -> < 2m.
 *   F_sqr(r, a)            F_mul(r, a, a), 30 instead of 50 schoolbook IFMA.
 *   F_mul256(r, a, b)      a b / 2^256 mod m; a b < 2^256 m -> < 2m.
 *   F_reduce(r, a)         a < 2m -> a mod m (canonical).
 *   F_to260(r, a)          16 a mod m (API form x R -> x R'), a < 2^256 -> < 2m.
 *   F_from260(r, a)        a / 16 mod m (x R' -> x R), a < 2^256 -> < 2m.
 *   pasta_ifma_select(r, k, a, b)  lane i of b where bit i of k is set, else of a. */
#define PASTA_IFMA_FIELD(F, T)                                                                \
    PASTA_IFMA_INLINE void pasta_ifma_##F##_load(pasta_ifma_v8 *r, const T *a) {              \
        pasta_ifma_load_(r, a->limbs, 0, 0);                                                  \
    }                                                                                         \
    PASTA_IFMA_INLINE void pasta_ifma_##F##_load_part(pasta_ifma_v8 *r, const T *a,           \
                                                      size_t k) {                             \
        pasta_ifma_load_part_(r, a->limbs, k, 0, 0);                                          \
    }                                                                                         \
    PASTA_IFMA_INLINE void pasta_ifma_##F##_load16(pasta_ifma_v8 *r, const T *a) {            \
        pasta_ifma_load_(r, a->limbs, 1, 0);                                                  \
    }                                                                                         \
    PASTA_IFMA_INLINE void pasta_ifma_##F##_load16_part(pasta_ifma_v8 *r, const T *a,         \
                                                        size_t k) {                           \
        pasta_ifma_load_part_(r, a->limbs, k, 1, 0);                                          \
    }                                                                                         \
    PASTA_IFMA_INLINE void pasta_ifma_##F##_store(T *r, const pasta_ifma_v8 *a) {             \
        pasta_ifma_v8 t;                                                                      \
        pasta_ifma_reduce_(&t, a, &pasta_ifma_##F##_consts);                                  \
        pasta_ifma_store_raw_(r->limbs, &t, 0);                                               \
    }                                                                                         \
    PASTA_IFMA_INLINE void pasta_ifma_##F##_store_part(T *r, const pasta_ifma_v8 *a,          \
                                                       size_t k) {                            \
        pasta_ifma_v8 t;                                                                      \
        pasta_ifma_reduce_(&t, a, &pasta_ifma_##F##_consts);                                  \
        pasta_ifma_store_raw_part_(r->limbs, &t, k, 0);                                       \
    }                                                                                         \
    PASTA_IFMA_INLINE void pasta_ifma_##F##_set1(pasta_ifma_v8 *r, const T *c) {              \
        pasta_ifma_v8 t;                                                                      \
        pasta_ifma_load_part_(&t, c->limbs, 1, 0, 0);                                         \
        for (int j = 0; j < 5; j++)                                                           \
            r->l[j] = _mm512_permutexvar_epi64(_mm512_setzero_si512(), t.l[j]);               \
    }                                                                                         \
    PASTA_IFMA_INLINE void pasta_ifma_##F##_add(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,     \
                                                const pasta_ifma_v8 *b) {                     \
        pasta_ifma_addmod_(r, a, b, pasta_ifma_##F##_consts.m2);                              \
    }                                                                                         \
    PASTA_IFMA_INLINE void pasta_ifma_##F##_sub(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,     \
                                                const pasta_ifma_v8 *b) {                     \
        pasta_ifma_submod_(r, a, b, pasta_ifma_##F##_consts.m2);                              \
    }                                                                                         \
    PASTA_IFMA_INLINE void pasta_ifma_##F##_mul(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,     \
                                                const pasta_ifma_v8 *b) {                     \
        pasta_ifma_mul_(r, a, b, &pasta_ifma_##F##_consts);                                   \
    }                                                                                         \
    PASTA_IFMA_INLINE void pasta_ifma_##F##_sqr(pasta_ifma_v8 *r, const pasta_ifma_v8 *a) {   \
        pasta_ifma_sqr_(r, a, &pasta_ifma_##F##_consts);                                      \
    }                                                                                         \
    PASTA_IFMA_INLINE void pasta_ifma_##F##_mul256(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,  \
                                                   const pasta_ifma_v8 *b) {                  \
        pasta_ifma_mul256_(r, a, b, &pasta_ifma_##F##_consts);                                \
    }                                                                                         \
    PASTA_IFMA_INLINE void pasta_ifma_##F##_reduce(pasta_ifma_v8 *r,                          \
                                                   const pasta_ifma_v8 *a) {                  \
        pasta_ifma_reduce_(r, a, &pasta_ifma_##F##_consts);                                   \
    }                                                                                         \
    PASTA_IFMA_INLINE void pasta_ifma_##F##_to260(pasta_ifma_v8 *r, const pasta_ifma_v8 *a) { \
        pasta_ifma_v8 k;                                                                      \
        pasta_ifma_set1_raw_(&k, pasta_ifma_##F##_consts.r264);                               \
        pasta_ifma_mul_(r, a, &k, &pasta_ifma_##F##_consts);                                  \
    }                                                                                         \
    PASTA_IFMA_INLINE void pasta_ifma_##F##_from260(pasta_ifma_v8 *r,                         \
                                                    const pasta_ifma_v8 *a) {                 \
        pasta_ifma_v8 k;                                                                      \
        pasta_ifma_set1_raw_(&k, pasta_ifma_##F##_consts.r256);                               \
        pasta_ifma_mul_(r, a, &k, &pasta_ifma_##F##_consts);                                  \
    }                                                                                         \
    PASTA_IFMA_TARGET static inline void pasta_ifma_##F##_vec_add(T *r, const T *a,           \
                                                                  const T *b, size_t n) {     \
        pasta_ifma_vec_addsub_(r->limbs, a->limbs, b->limbs, n, 0, &pasta_ifma_##F##_consts); \
    }                                                                                         \
    PASTA_IFMA_TARGET static inline void pasta_ifma_##F##_vec_sub(T *r, const T *a,           \
                                                                  const T *b, size_t n) {     \
        pasta_ifma_vec_addsub_(r->limbs, a->limbs, b->limbs, n, 1, &pasta_ifma_##F##_consts); \
    }                                                                                         \
    PASTA_IFMA_TARGET static inline void pasta_ifma_##F##_vec_mul(T *r, const T *a,           \
                                                                  const T *b, size_t n) {     \
        pasta_ifma_vec_mul_add_(r->limbs, a->limbs, b->limbs, NULL, n,                        \
                                &pasta_ifma_##F##_consts);                                    \
    }                                                                                         \
    PASTA_IFMA_TARGET static inline void pasta_ifma_##F##_vec_scale(T *r, const T *a,         \
                                                                    const T *c, size_t n) {   \
        pasta_ifma_vec_scale_(r->limbs, a->limbs, c->limbs, n, &pasta_ifma_##F##_consts);     \
    }                                                                                         \
    PASTA_IFMA_TARGET static inline void pasta_ifma_##F##_vec_mul_add(                        \
        T *r, const T *a, const T *b, const T *c, size_t n) {                                 \
        pasta_ifma_vec_mul_add_(r->limbs, a->limbs, b->limbs, c->limbs, n,                    \
                                &pasta_ifma_##F##_consts);                                    \
    }                                                                                         \
    PASTA_IFMA_TARGET static inline void pasta_ifma_##F##_vec_inner_product(                  \
        T *r, const T *a, const T *b, size_t n) {                                             \
        pasta_ifma_vec_inner_product_(r->limbs, a->limbs, b->limbs, n,                        \
                                      &pasta_ifma_##F##_consts);                              \
    }                                                                                         \
    PASTA_IFMA_TARGET static inline void pasta_ifma_##F##_work_load(T##_work *w, const T *a,  \
                                                                    size_t n) {               \
        pasta_ifma_work_convert_(w->w, a->limbs, n, 0, &pasta_ifma_##F##_consts);             \
    }                                                                                         \
    PASTA_IFMA_TARGET static inline void pasta_ifma_##F##_work_store(T *r, const T##_work *w, \
                                                                     size_t n) {              \
        pasta_ifma_work_convert_(r->limbs, w->w, n, 1, &pasta_ifma_##F##_consts);             \
    }                                                                                         \
    PASTA_IFMA_TARGET static inline void pasta_ifma_##F##_work_add(                           \
        T##_work *r, const T##_work *a, const T##_work *b, size_t n) {                        \
        pasta_ifma_work_op_(r->w, a->w, b->w, NULL, NULL, n, 0, &pasta_ifma_##F##_consts);    \
    }                                                                                         \
    PASTA_IFMA_TARGET static inline void pasta_ifma_##F##_work_sub(                           \
        T##_work *r, const T##_work *a, const T##_work *b, size_t n) {                        \
        pasta_ifma_work_op_(r->w, a->w, b->w, NULL, NULL, n, 1, &pasta_ifma_##F##_consts);    \
    }                                                                                         \
    PASTA_IFMA_TARGET static inline void pasta_ifma_##F##_work_mul(                           \
        T##_work *r, const T##_work *a, const T##_work *b, size_t n) {                        \
        pasta_ifma_work_op_(r->w, a->w, b->w, NULL, NULL, n, 2, &pasta_ifma_##F##_consts);    \
    }                                                                                         \
    PASTA_IFMA_TARGET static inline void pasta_ifma_##F##_work_scale(                         \
        T##_work *r, const T##_work *a, const T *c, size_t n) {                               \
        pasta_ifma_v8 k;                                                                      \
        pasta_ifma_work_const_(&k, c->limbs, &pasta_ifma_##F##_consts);                       \
        pasta_ifma_work_op_(r->w, a->w, NULL, NULL, &k, n, 3, &pasta_ifma_##F##_consts);      \
    }                                                                                         \
    PASTA_IFMA_TARGET static inline void pasta_ifma_##F##_work_add_const(                     \
        T##_work *r, const T##_work *a, const T *c, size_t n) {                               \
        pasta_ifma_v8 k;                                                                      \
        pasta_ifma_work_const_(&k, c->limbs, &pasta_ifma_##F##_consts);                       \
        pasta_ifma_work_op_(r->w, a->w, NULL, NULL, &k, n, 5, &pasta_ifma_##F##_consts);      \
    }                                                                                         \
    PASTA_IFMA_TARGET static inline void pasta_ifma_##F##_work_mul_add(                       \
        T##_work *r, const T##_work *a, const T##_work *b, const T##_work *c, size_t n) {     \
        pasta_ifma_work_op_(r->w, a->w, b->w, c->w, NULL, n, 4, &pasta_ifma_##F##_consts);    \
    }

PASTA_IFMA_FIELD(fp, pasta_fp)
PASTA_IFMA_FIELD(fq, pasta_fq)
#endif /* PASTA_X86_64_IFMA && __x86_64__ */
#endif /* PASTA_FIELDS_X86_64_IFMA_H */
