/* pasta — the NTT's butterflies on AVX-512 IFMA, eight per vector (fields/x86_64_ifma.h).
 *
 * Field-generic (the constants K select Fp or Fq); used by fft/fft_impl.h under
 * PASTA_IFMA_BACKEND for the field instances, and tested directly by
 * tests/test_ifma_ntt.c. Every function carries PASTA_IFMA_TARGET; none is inlined into
 * a caller without it.
 *
 * The same transform as fft/fft_impl.h (decimation in time after the bit reversal,
 * stage m pairs a[b + i], a[b + i + m] with w = tw[m + i]: x' = x + w y, y' = x - w y),
 * the same values: a field element has one canonical form, so the bytes equal the scalar
 * passes'. Data stay in the API's Montgomery form in memory (x R, R = 2^256): a pass
 * loads canonical elements, computes weakly reduced (< 2m) and stores canonical ones.
 *
 * Twiddle products. A twiddle w (canonical, API form) is loaded as the integer 16 w
 * (F_load16, < 2^259) and the product is pasta_ifma_mul_(16 w, x) = w x / 2^256: the
 * API form of the product. Bounds: for x < 2m, 16 w x < 32 m^2 < 2^260 m (m < 2^255),
 * so the result is < m + w x / 2^256 < m + 2 m^2 / 2^256 < 2m (weakly reduced: a valid
 * input of F_add, F_sub and of a further product). A twiddle 1 (index 0) is multiplied
 * like any other (no lane is skipped); its product is x mod m, < 2m.
 * F_add, F_sub take and give < 2m; the store reduces once (< 2m -> canonical).
 *
 * Lane orders. The passes over 8 consecutive indices (m >= 8, or 8 consecutive columns)
 * load data and twiddles in the same permuted lane order (pasta_ifma_load_'s perm = 1),
 * so lane l of the data meets lane l of the twiddles. The leaf (stages 1, 2, 4, 8 on 16
 * consecutive elements) loads in natural order and moves lanes between the two vectors
 * with vpermt2q (index tables below): after each stage, S (the sums) and D (the
 * differences) are permuted into the next stage's A (upper operands) and B (lower). */
#ifndef PASTA_FFT_FFT_IFMA_H
#define PASTA_FFT_FFT_IFMA_H

#if defined(PASTA_X86_64_IFMA) && defined(__x86_64__)

#include <string.h>

#include "fields/x86_64_ifma.h"

/* One butterfly on 8 lanes: x, y < 2m (or canonical), w = 16 w'. x = x + w' y,
 * y = x - w' y, both < 2m. */
PASTA_IFMA_INLINE void pasta_ifma_ntt_bfly_(pasta_ifma_v8 *x, pasta_ifma_v8 *y,
                                            const pasta_ifma_v8 *w,
                                            const pasta_ifma_consts *K) {
    pasta_ifma_v8 t;
    pasta_ifma_mul_(&t, w, y, K);
    pasta_ifma_submod_(y, x, &t, K->m2);
    pasta_ifma_addmod_(x, x, &t, K->m2);
}

/* Two independent butterflies (x0, y0, w0) and (x1, y1, w1), as pasta_ifma_ntt_bfly_,
 * with the two products' reduction steps interleaved (pasta_ifma_redc260_'s steps, one
 * product after the other per step): each step waits on the previous one's IFMA
 * latency, so two chains in flight nearly halve the time of a pair. */
PASTA_IFMA_INLINE void pasta_ifma_ntt_bfly2_(pasta_ifma_v8 *x0, pasta_ifma_v8 *y0,
                                             const pasta_ifma_v8 *w0, pasta_ifma_v8 *x1,
                                             pasta_ifma_v8 *y1, const pasta_ifma_v8 *w1,
                                             const pasta_ifma_consts *K) {
    const __m512i mask = PASTA_IFMA_B(PASTA_IFMA_MASK52);
    __m512i c[2][10];
    pasta_ifma_v8 t[2];
    pasta_ifma_prod_(c[0], w0, y0);
    pasta_ifma_prod_(c[1], w1, y1);
    for (int i = 0; i < 5; i++) {
        pasta_ifma_redstep_(c[0], i, 0, K);
        pasta_ifma_redstep_(c[1], i, 0, K);
    }
    for (int j = 5; j < 9; j++)
        for (int u = 0; u < 2; u++) {
            c[u][j + 1] = _mm512_add_epi64(c[u][j + 1], _mm512_srli_epi64(c[u][j], 52));
            t[u].l[j - 5] = _mm512_and_si512(c[u][j], mask);
        }
    t[0].l[4] = c[0][9];
    t[1].l[4] = c[1][9];
    pasta_ifma_submod_(y0, x0, &t[0], K->m2);
    pasta_ifma_submod_(y1, x1, &t[1], K->m2);
    pasta_ifma_addmod_(x0, x0, &t[0], K->m2);
    pasta_ifma_addmod_(x1, x1, &t[1], K->m2);
}

/* One radix-2^2 quad on 8 lanes (p0, p1, p2, p3 = elements i, i + m, i + 2m, i + 3m;
 * w1 = 16 tw[m + i], w2 = 16 tw[2m + i], w3 = 16 tw[3m + i]): stages m and 2m. */
PASTA_IFMA_INLINE void pasta_ifma_ntt_quad_(pasta_ifma_v8 p[4], const pasta_ifma_v8 *w1,
                                            const pasta_ifma_v8 *w2, const pasta_ifma_v8 *w3,
                                            const pasta_ifma_consts *K) {
    pasta_ifma_ntt_bfly2_(&p[0], &p[1], w1, &p[2], &p[3], w1, K);
    pasta_ifma_ntt_bfly2_(&p[0], &p[2], w2, &p[1], &p[3], w3, K);
}

/* The vpermt2q index tables of the leaf (lanes 0..7: the first operand, 8..15: the
 * second). Stage 1 from the loaded (X, Y) = elements 0..7, 8..15: A = the even elements,
 * B = the odd ones. Later stages from the previous (S, D), whose lane l holds the
 * previous stage's A[l], B[l]: stage 2 wants A = 0 1 4 5 8 9 12 13 (i mod 4 < 2),
 * B = A + 2; stage 4 A = 0 1 2 3 8 9 10 11, B = A + 4; stage 8 A = 0..7, B = 8..15,
 * after which S = elements 0..7 and D = 8..15 (natural order: stored as they are). */
static const long long pasta_ifma_ntt_leaf_idx[4][2][8] __attribute__((aligned(64))) = {
    {{0, 2, 4, 6, 8, 10, 12, 14}, {1, 3, 5, 7, 9, 11, 13, 15}},
    {{0, 8, 2, 10, 4, 12, 6, 14}, {1, 9, 3, 11, 5, 13, 7, 15}},
    {{0, 1, 8, 9, 4, 5, 12, 13}, {2, 3, 10, 11, 6, 7, 14, 15}},
    {{0, 1, 2, 3, 8, 9, 10, 11}, {4, 5, 6, 7, 12, 13, 14, 15}}};

PASTA_IFMA_INLINE void pasta_ifma_ntt_perm2_(pasta_ifma_v8 *A, pasta_ifma_v8 *B,
                                             const pasta_ifma_v8 *S, const pasta_ifma_v8 *D,
                                             int st) {
    const __m512i ia = _mm512_load_si512(pasta_ifma_ntt_leaf_idx[st][0]);
    const __m512i ib = _mm512_load_si512(pasta_ifma_ntt_leaf_idx[st][1]);
    for (int j = 0; j < 5; j++) {
        __m512i s = S->l[j], d = D->l[j];
        A->l[j] = _mm512_permutex2var_epi64(s, ia, d);
        B->l[j] = _mm512_permutex2var_epi64(s, ib, d);
    }
}

/* The leaf's twiddle vectors (the same for every group of 16): w[0] lanes
 * 16 tw[2 + l mod 2], w[1] 16 tw[4 + l mod 4], w[2] 16 tw[8 + l] (natural lane order). */
PASTA_IFMA_INLINE void pasta_ifma_ntt_leaf_tw_(pasta_ifma_v8 w[3], const uint64_t *tw) {
    uint64_t t[2][8 * 4] __attribute__((aligned(64)));
    for (int l = 0; l < 8; l++)
        for (int k = 0; k < 4; k++) {
            t[0][4 * l + k] = tw[4 * (2 + (l & 1)) + k];
            t[1][4 * l + k] = tw[4 * (4 + (l & 3)) + k];
        }
    pasta_ifma_load_(&w[0], t[0], 1, 0);
    pasta_ifma_load_(&w[1], t[1], 1, 0);
    pasta_ifma_load_(&w[2], tw + 4 * 8, 1, 0);
}

/* Stages 1, 2, 4, 8 on two groups of 16 elements, S[u] (0..7), D[u] (8..15), natural
 * lane order, in registers (the two groups' butterflies side by side: pasta_ifma_ntt_bfly2_);
 * S, D < 2m in and out. */
PASTA_IFMA_INLINE void pasta_ifma_ntt_leaf2_(pasta_ifma_v8 S[2], pasta_ifma_v8 D[2],
                                             const pasta_ifma_v8 w[3],
                                             const pasta_ifma_consts *K) {
    pasta_ifma_v8 A[2], B[2];
    for (int u = 0; u < 2; u++) { /* stage 1: twiddles 1, no product */
        pasta_ifma_ntt_perm2_(&A[u], &B[u], &S[u], &D[u], 0);
        pasta_ifma_addmod_(&S[u], &A[u], &B[u], K->m2);
        pasta_ifma_submod_(&D[u], &A[u], &B[u], K->m2);
    }
    for (int st = 1; st < 4; st++) {
        for (int u = 0; u < 2; u++) pasta_ifma_ntt_perm2_(&A[u], &B[u], &S[u], &D[u], st);
        pasta_ifma_ntt_bfly2_(&A[0], &B[0], &w[st - 1], &A[1], &B[1], &w[st - 1], K);
        for (int u = 0; u < 2; u++) {
            S[u] = A[u];
            D[u] = B[u];
        }
    }
}

/* Stages 1, 2, 4, 8 on each of the cnt groups of 16 consecutive elements at a (words;
 * tw: the stage table of fft/fft_impl.h, words). */
PASTA_IFMA_TARGET static inline void pasta_ifma_ntt_leaf16_(uint64_t *a, size_t cnt,
                                                            const uint64_t *tw,
                                                            const pasta_ifma_consts *K) {
    pasta_ifma_v8 w[3];
    pasta_ifma_ntt_leaf_tw_(w, tw);
    for (size_t g = 0; g < cnt; g += 2) { /* a single group (cnt = 1) twice */
        uint64_t *p[2] = {a + 64 * g, a + 64 * (g + 1 < cnt ? g + 1 : g)};
        pasta_ifma_v8 S[2], D[2];
        for (int u = 0; u < 2; u++) {
            pasta_ifma_load_(&S[u], p[u], 0, 0);
            pasta_ifma_load_(&D[u], p[u] + 32, 0, 0);
        }
        pasta_ifma_ntt_leaf2_(S, D, w, K);
        for (int u = 0; u < 2; u++) {
            pasta_ifma_reduce_(&S[u], &S[u], K);
            pasta_ifma_reduce_(&D[u], &D[u], K);
            pasta_ifma_store_raw_(p[u], &S[u], 0);
            pasta_ifma_store_raw_(p[u] + 32, &D[u], 0);
        }
    }
}

/* Stage m (m >= 8) on len elements at a (len a multiple of 2m), radix 2. */
PASTA_IFMA_TARGET static inline void pasta_ifma_ntt_pass2_(uint64_t *a, size_t m,
                                                           const uint64_t *tw, size_t len,
                                                           const pasta_ifma_consts *K) {
    for (size_t b = 0; b < len; b += 2 * m)
        for (size_t i = 0; i < m; i += 8) {
            uint64_t *x = a + 4 * (b + i), *y = x + 4 * m;
            pasta_ifma_v8 X, Y, W;
            pasta_ifma_load_(&W, tw + 4 * (m + i), 1, 1);
            pasta_ifma_load_(&X, x, 0, 1);
            pasta_ifma_load_(&Y, y, 0, 1);
            pasta_ifma_ntt_bfly_(&X, &Y, &W, K);
            pasta_ifma_reduce_(&X, &X, K);
            pasta_ifma_reduce_(&Y, &Y, K);
            pasta_ifma_store_raw_(x, &X, 1);
            pasta_ifma_store_raw_(y, &Y, 1);
        }
}

/* 8 quads at p (words): elements p + {0, m, 2m, 3m} + 0..7, twiddles at w (words,
 * = tw + 4 (m + i)); then, when k != NULL, the outputs times k (c R' in every lane:
 * mul(x R, c R') = x c R, < 2m for x < 2m). */
PASTA_IFMA_INLINE void pasta_ifma_ntt_quad8_(uint64_t *p, size_t m, const uint64_t *w,
                                             const pasta_ifma_v8 *k,
                                             const pasta_ifma_consts *K) {
    pasta_ifma_v8 x[4], w1, w2, w3;
    for (int r = 0; r < 4; r++) pasta_ifma_load_(&x[r], p + 4 * m * (size_t)r, 0, 1);
    pasta_ifma_load_(&w1, w, 1, 1);
    pasta_ifma_load_(&w2, w + 4 * m, 1, 1);
    pasta_ifma_load_(&w3, w + 8 * m, 1, 1);
    pasta_ifma_ntt_quad_(x, &w1, &w2, &w3, K);
    for (int r = 0; r < 4; r++) {
        if (k != NULL) pasta_ifma_mul_(&x[r], &x[r], k, K);
        pasta_ifma_reduce_(&x[r], &x[r], K);
        pasta_ifma_store_raw_(p + 4 * m * (size_t)r, &x[r], 1);
    }
}

/* Stages m and 2m (m >= 8) on len elements at a (len a multiple of 4m). */
PASTA_IFMA_TARGET static inline void pasta_ifma_ntt_pass4_(uint64_t *a, size_t m,
                                                           const uint64_t *tw, size_t len,
                                                           const pasta_ifma_consts *K) {
    for (size_t b = 0; b < len; b += 4 * m)
        for (size_t i = 0; i < m; i += 8)
            pasta_ifma_ntt_quad8_(a + 4 * (b + i), m, tw + 4 * (m + i), NULL, K);
}

/* The stages 1 .. 2^(lgb-1) on one block of 2^lgb elements (lgb >= 4): the leaf (1, 2,
 * 4, 8), then one radix-2 stage 16 when the rest is odd, then radix-2^2 passes. */
PASTA_IFMA_TARGET static inline void pasta_ifma_ntt_block_mem_(uint64_t *a, unsigned lgb,
                                                               const uint64_t *tw,
                                                               const pasta_ifma_consts *K) {
    size_t len = (size_t)1 << lgb;
    pasta_ifma_ntt_leaf16_(a, len / 16, tw, K);
    unsigned s = 4;
    if ((lgb - s) & 1) {
        pasta_ifma_ntt_pass2_(a, (size_t)1 << s, tw, len, K);
        s++;
    }
    for (; s + 2 <= lgb; s += 2) pasta_ifma_ntt_pass4_(a, (size_t)1 << s, tw, len, K);
}

/* k = *c R' mod m (= 16 c mod m, canonical) in every lane: the factor of a scale. */
PASTA_IFMA_INLINE void pasta_ifma_ntt_rfactor_(pasta_ifma_v8 *k, const uint64_t *c,
                                               const pasta_ifma_consts *K) {
    pasta_ifma_v8 t;
    pasta_ifma_load_part_(&t, c, 1, 0, 0);
    pasta_ifma_set1_raw_(k, K->r264);
    pasta_ifma_mul_(&t, &t, k, K);
    pasta_ifma_reduce_(&t, &t, K);
    for (int j = 0; j < 5; j++)
        k->l[j] = _mm512_permutexvar_epi64(_mm512_setzero_si512(), t.l[j]);
}

/* The column stages 2^lgb .. n/2 (an even count >= 2) on the columns [c0, c0 + g) of
 * the 2^(lg-lgb) x 2^lgb matrix (g and c0 multiples of 8), depth first, as G(cols);
 * the last pass multiplies its outputs by *scale when scale != NULL. */
PASTA_IFMA_TARGET static inline void pasta_ifma_ntt_cols_mem_(uint64_t *a, unsigned lg,
                                                              unsigned lgb, const uint64_t *tw,
                                                              size_t c0, size_t g,
                                                              const uint64_t *scale,
                                                              const pasta_ifma_consts *K) {
    size_t n = (size_t)1 << lg, s = (size_t)1 << lgb;
    pasta_ifma_v8 k;
    if (scale != NULL) pasta_ifma_ntt_rfactor_(&k, scale, K);
    for (unsigned st = lgb; st + 2 <= lg; st += 2) {
        size_t m = (size_t)1 << st;
        int last = scale != NULL && st + 2 == lg;
        for (size_t b = 0; b < n; b += 4 * m)
            for (size_t h = 0; h < m; h += s)
                for (size_t i = h + c0; i < h + c0 + g; i += 8) {
                    uint64_t *p = a + 4 * (b + i);
                    if (last) pasta_ifma_ntt_quad8_(p, m, tw + 4 * (m + i), &k, K);
                    else pasta_ifma_ntt_quad8_(p, m, tw + 4 * (m + i), NULL, K);
                }
    }
}

/* ---- The same on a lane buffer ----------------------------------------------------------
 * A task (a row, or 8 columns) is loaded once into a stack buffer of v8 slots, all its
 * stages run there on weakly reduced values (< 2m: no reduction, no change of radix
 * between stages), and it is reduced and stored once. In memory, a column group's
 * elements are 2^lgb apart: with the passes in place, every stage's accesses at that
 * power-of-two stride map to a few cache sets. The buffer holds PASTA_IFMA_NTT_SLOTS
 * v8 (80 KiB): rows of up to 2^11 elements, columns of up to 256 rows; larger ones take
 * the in-place passes above. */
#define PASTA_IFMA_NTT_SLOTS 256

/* Stages m, 2m on the slots p, p + d, p + 2d, p + 3d (one quad per lane). */
PASTA_IFMA_INLINE void pasta_ifma_ntt_bquad_(pasta_ifma_v8 *p, size_t d,
                                             const pasta_ifma_v8 *w1, const pasta_ifma_v8 *w2,
                                             const pasta_ifma_v8 *w3,
                                             const pasta_ifma_consts *K) {
    pasta_ifma_v8 x[4];
    for (int r = 0; r < 4; r++) x[r] = p[(size_t)r * d];
    pasta_ifma_ntt_quad_(x, w1, w2, w3, K);
    for (int r = 0; r < 4; r++) p[(size_t)r * d] = x[r];
}

/* pasta_ifma_ntt_block_mem_ on a buffer: slot k = elements 8k .. 8k + 7 (natural lane
 * order); 4 <= lgb, 2^lgb <= 8 PASTA_IFMA_NTT_SLOTS. */
PASTA_IFMA_TARGET static inline void pasta_ifma_ntt_block_buf_(uint64_t *a, unsigned lgb,
                                                               const uint64_t *tw,
                                                               const pasta_ifma_consts *K) {
    pasta_ifma_v8 buf[PASTA_IFMA_NTT_SLOTS], w[3];
    size_t ns = ((size_t)1 << lgb) / 8;
    pasta_ifma_ntt_leaf_tw_(w, tw);
    for (size_t q = 0; q < ns; q += 4) { /* ns = 2: one group twice */
        size_t q1 = q + 2 < ns ? q + 2 : q;
        pasta_ifma_v8 S[2], D[2];
        pasta_ifma_load_(&S[0], a + 32 * q, 0, 0);
        pasta_ifma_load_(&D[0], a + 32 * q + 32, 0, 0);
        pasta_ifma_load_(&S[1], a + 32 * q1, 0, 0);
        pasta_ifma_load_(&D[1], a + 32 * q1 + 32, 0, 0);
        pasta_ifma_ntt_leaf2_(S, D, w, K);
        buf[q] = S[0];
        buf[q + 1] = D[0];
        buf[q1] = S[1];
        buf[q1 + 1] = D[1];
    }
    unsigned s = 4;
    if ((lgb - s) & 1) { /* stage 16 (ns >= 4): slots b + i, b + i + 2, i = 0, 1 */
        pasta_ifma_load_(&w[0], tw + 4 * 16, 1, 0);
        pasta_ifma_load_(&w[1], tw + 4 * 24, 1, 0);
        for (size_t b = 0; b < ns; b += 4)
            pasta_ifma_ntt_bfly2_(&buf[b], &buf[b + 2], &w[0], &buf[b + 1], &buf[b + 3], &w[1],
                                  K);
        s++;
    }
    for (; s + 2 <= lgb; s += 2) {
        size_t m = (size_t)1 << s, d = m / 8;
        for (size_t i = 0; i < d; i++) {
            const uint64_t *t = tw + 4 * (m + 8 * i);
            pasta_ifma_load_(&w[0], t, 1, 0);
            pasta_ifma_load_(&w[1], t + 4 * m, 1, 0);
            pasta_ifma_load_(&w[2], t + 8 * m, 1, 0);
            for (size_t b = 0; b < ns; b += 4 * d)
                pasta_ifma_ntt_bquad_(&buf[b + i], d, &w[0], &w[1], &w[2], K);
        }
    }
    for (size_t q = 0; q < ns; q++) {
        pasta_ifma_reduce_(&buf[q], &buf[q], K);
        pasta_ifma_store_raw_(a + 32 * q, &buf[q], 0);
    }
}

/* pasta_ifma_ntt_cols_mem_ on a buffer, 8 columns at a time: slot r = row r of the 8
 * columns (permuted lane order, the twiddles alike); 2^(lg - lgb) <= PASTA_IFMA_NTT_SLOTS.
 * Column stage m = mr 2^lgb pairs rows r, r + mr (r mod 2 mr < mr) with the twiddle
 * tw[m + (r mod mr) 2^lgb + column]. */
PASTA_IFMA_TARGET static inline void pasta_ifma_ntt_cols_buf_(uint64_t *a, unsigned lg,
                                                              unsigned lgb, const uint64_t *tw,
                                                              size_t c0, size_t g,
                                                              const uint64_t *scale,
                                                              const pasta_ifma_consts *K) {
    pasta_ifma_v8 buf[PASTA_IFMA_NTT_SLOTS], w[3], k;
    size_t R = (size_t)1 << (lg - lgb), s = (size_t)1 << lgb;
    if (scale != NULL) pasta_ifma_ntt_rfactor_(&k, scale, K);
    for (size_t c = c0; c < c0 + g; c += 8) {
        for (size_t r = 0; r < R; r++) pasta_ifma_load_(&buf[r], a + 4 * (r * s + c), 0, 1);
        for (size_t mr = 1; 2 * mr < R; mr *= 4) {
            size_t m = mr * s;
            for (size_t j = 0; j < mr; j++) {
                const uint64_t *t = tw + 4 * (m + j * s + c);
                pasta_ifma_load_(&w[0], t, 1, 1);
                pasta_ifma_load_(&w[1], t + 4 * m, 1, 1);
                pasta_ifma_load_(&w[2], t + 8 * m, 1, 1);
                for (size_t b = 0; b < R; b += 4 * mr)
                    pasta_ifma_ntt_bquad_(&buf[b + j], mr, &w[0], &w[1], &w[2], K);
            }
        }
        for (size_t r = 0; r < R; r++) {
            if (scale != NULL) pasta_ifma_mul_(&buf[r], &buf[r], &k, K);
            pasta_ifma_reduce_(&buf[r], &buf[r], K);
            pasta_ifma_store_raw_(a + 4 * (r * s + c), &buf[r], 1);
        }
    }
}

/* The stages 1 .. 2^(lgb-1) on one block of 2^lgb elements (lgb >= 4), as G(block):
 * on a buffer when it fits, else in place. */
PASTA_IFMA_TARGET static inline void pasta_ifma_ntt_block_(uint64_t *a, unsigned lgb,
                                                           const uint64_t *tw,
                                                           const pasta_ifma_consts *K) {
    if (((size_t)1 << lgb) <= 8 * PASTA_IFMA_NTT_SLOTS)
        pasta_ifma_ntt_block_buf_(a, lgb, tw, K);
    else pasta_ifma_ntt_block_mem_(a, lgb, tw, K);
}

/* The column stages on the columns [c0, c0 + g) (multiples of 8), as G(cols): on a
 * buffer when a column fits, else in place. */
PASTA_IFMA_TARGET static inline void pasta_ifma_ntt_cols_(uint64_t *a, unsigned lg,
                                                          unsigned lgb, const uint64_t *tw,
                                                          size_t c0, size_t g,
                                                          const uint64_t *scale,
                                                          const pasta_ifma_consts *K) {
    if (((size_t)1 << (lg - lgb)) <= PASTA_IFMA_NTT_SLOTS)
        pasta_ifma_ntt_cols_buf_(a, lg, lgb, tw, c0, g, scale, K);
    else pasta_ifma_ntt_cols_mem_(a, lg, lgb, tw, c0, g, scale, K);
}

/* a[0..n) times *c (canonical in and out; the inverse's 1/n): fields/x86_64_ifma.h's
 * vec_scale (c taken to R' form once). */
PASTA_IFMA_TARGET static inline void pasta_ifma_ntt_scale_(uint64_t *a, size_t n,
                                                           const uint64_t *c,
                                                           const pasta_ifma_consts *K) {
    pasta_ifma_vec_scale_(a, a, c, n, K);
}

/* ---- Element-wise passes of fft/poly_impl.h ----------------------------------------------
 * Canonical in and out, the scalar loops' values (so their bytes); each product has one
 * factor in R' form (c R', pasta_ifma_ntt_rfactor_) or is API x API through F_load16
 * (pasta_ifma_vec_mul_add_). Ranges [lo, hi) of whole arrays, any lo and hi: the tail is
 * a masked vector. */

/* r[i] = a[i] c[i mod 3] for lo <= i < hi (c: 3 elements, words; F(coset_task)). The
 * factor vector of 8 consecutive i starting at i = p mod 3 has lane l = c[(p + l) mod 3]
 * (natural lane order): three vectors, mask blends of the three broadcast factors. A
 * factor 1 multiplies too: mul(x R, R') = x R, the value the scalar loop leaves. */
PASTA_IFMA_TARGET static inline void pasta_ifma_ntt_coset_(uint64_t *r, const uint64_t *a,
                                                           const uint64_t *c, size_t lo,
                                                           size_t hi,
                                                           const pasta_ifma_consts *K) {
    pasta_ifma_v8 f[3], kv[3];
    for (int t = 0; t < 3; t++) pasta_ifma_ntt_rfactor_(&f[t], c + 4 * t, K);
    for (int p = 0; p < 3; p++) {
        unsigned m1 = 0, m2 = 0;
        for (int l = 0; l < 8; l++) {
            if ((p + l) % 3 == 1) m1 |= 1u << l;
            if ((p + l) % 3 == 2) m2 |= 1u << l;
        }
        pasta_ifma_select(&kv[p], (__mmask8)m1, &f[0], &f[1]);
        pasta_ifma_select(&kv[p], (__mmask8)m2, &kv[p], &f[2]);
    }
    size_t i = lo, p = lo % 3;
    for (; i + 32 <= hi; i += 32) {
        pasta_ifma_v8 x[4];
        for (int u = 0; u < 4; u++) pasta_ifma_load_(&x[u], a + 4 * (i + 8 * (size_t)u), 0, 0);
        for (int u = 0; u < 4; u++) {
            pasta_ifma_mul_(&x[u], &x[u], &kv[(p + 2 * (size_t)u) % 3], K); /* < 2m */
            pasta_ifma_reduce_(&x[u], &x[u], K);
        }
        for (int u = 0; u < 4; u++)
            pasta_ifma_store_raw_(r + 4 * (i + 8 * (size_t)u), &x[u], 0);
        p = (p + 8 * 4) % 3;
    }
    for (; i < hi; i += 8, p = (p + 8) % 3) {
        size_t k = hi - i < 8 ? hi - i : 8;
        pasta_ifma_v8 x;
        pasta_ifma_load_part_(&x, a + 4 * i, k, 0, 0);
        pasta_ifma_mul_(&x, &x, &kv[p], K);
        pasta_ifma_reduce_(&x, &x, K);
        pasta_ifma_store_raw_part_(r + 4 * i, &x, k, 0);
    }
}

/* r[i] = a[i] b[i], i < n (canonical; fields/x86_64_ifma.h's vec_mul). */
PASTA_IFMA_TARGET static inline void pasta_ifma_ntt_vmul_(uint64_t *r, const uint64_t *a,
                                                          const uint64_t *b, size_t n,
                                                          const pasta_ifma_consts *K) {
    pasta_ifma_vec_mul_add_(r, a, b, NULL, n, K);
}

/* a[i] = a[i] van[i & mask] for lo <= i < hi (mask + 1 a power of two; F(vdiv_task)):
 * API x API products, F_mul(16 a, v) = a v / 2^256 < 1.26 m, reduced once. A period
 * below 8 is first repeated to 8 elements on the stack; then the 8 (or, at the ends of
 * the range, fewer: masked) elements of a vector never cross a period. */
PASTA_IFMA_TARGET static inline void pasta_ifma_ntt_vdiv_(uint64_t *a, const uint64_t *van,
                                                          size_t mask, size_t lo, size_t hi,
                                                          const pasta_ifma_consts *K) {
    uint64_t rep[8 * 4];
    const uint64_t *v = van;
    if (mask < 7) {
        for (size_t t = 0; t < 8; t++) memcpy(rep + 4 * t, van + 4 * (t & mask), 32);
        v = rep;
        mask = 7;
    }
    for (size_t i = lo; i < hi;) {
        size_t k = 8 - (i & 7);
        if (k > hi - i) k = hi - i;
        uint64_t *p = a + 4 * i;
        const uint64_t *w = v + 4 * (i & mask);
        pasta_ifma_v8 x, y;
        if (k == 8) {
            pasta_ifma_load_(&x, p, 1, 1);
            pasta_ifma_load_(&y, w, 0, 1);
        } else {
            pasta_ifma_load_part_(&x, p, k, 1, 1);
            pasta_ifma_load_part_(&y, w, k, 0, 1);
        }
        pasta_ifma_mul_(&x, &x, &y, K);
        pasta_ifma_reduce_(&x, &x, K);
        if (k == 8) pasta_ifma_store_raw_(p, &x, 1);
        else pasta_ifma_store_raw_part_(p, &x, k, 1);
        i += k;
    }
}

/* F(lin_task) on [lo, hi): scale_add: p = c p + q; else p = p + c q (q may equal p).
 * The product (c in R' form) is < 2m, the other term canonical: F_add (both < 2m) gives
 * < 2m, reduced once. */
PASTA_IFMA_TARGET static inline void pasta_ifma_ntt_lin_(uint64_t *p, const uint64_t *q,
                                                         const uint64_t *c, size_t lo,
                                                         size_t hi, int scale_add,
                                                         const pasta_ifma_consts *K) {
    pasta_ifma_v8 k;
    pasta_ifma_ntt_rfactor_(&k, c, K);
    const uint64_t *ms = scale_add ? p : q, *ad = scale_add ? q : p;
    for (size_t i = lo; i < hi; i += 8) {
        size_t n = hi - i < 8 ? hi - i : 8;
        pasta_ifma_v8 x, y;
        if (n == 8) {
            pasta_ifma_load_(&x, ms + 4 * i, 0, 1);
            pasta_ifma_load_(&y, ad + 4 * i, 0, 1);
        } else {
            pasta_ifma_load_part_(&x, ms + 4 * i, n, 0, 1);
            pasta_ifma_load_part_(&y, ad + 4 * i, n, 0, 1);
        }
        pasta_ifma_mul_(&x, &x, &k, K);
        pasta_ifma_addmod_(&x, &x, &y, K->m2);
        pasta_ifma_reduce_(&x, &x, K);
        if (n == 8) pasta_ifma_store_raw_(p + 4 * i, &x, 1);
        else pasta_ifma_store_raw_part_(p + 4 * i, &x, n, 1);
    }
}

#endif /* PASTA_X86_64_IFMA && __x86_64__ */
#endif /* PASTA_FFT_FFT_IFMA_H */
