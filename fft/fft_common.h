/* The fft/ layer's plain code (not a template): tuning, the schedule of a transform,
 * and the kinds of work the templates fft/fft_impl.h and fft/poly_impl.h dispatch on.
 * docs/FFT.md records the measurements behind each constant. */
#ifndef PASTA_FFT_FFT_COMMON_H
#define PASTA_FFT_FFT_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "core/parallel.h"

/* Below 2^PASTA_FFT_SPLIT_MIN_LG elements a transform is one block (2^7 field elements:
 * 4 KiB); PASTA_FFT_COL_LG: log2 of a column task's working set, in elements (2^11
 * field elements = 64 KiB). */
#ifndef PASTA_FFT_SPLIT_MIN_LG
#define PASTA_FFT_SPLIT_MIN_LG 8
#endif
#ifndef PASTA_FFT_COL_LG
#define PASTA_FFT_COL_LG 11
#endif
#ifndef PASTA_FFT_PAR_MIN_LG
#define PASTA_FFT_PAR_MIN_LG 10
#endif
static inline size_t pasta_fft_bitrev(size_t i, unsigned lg) {
    uint64_t x = (uint64_t)i;
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((x & 0x0f0f0f0f0f0f0f0fULL) << 4);
    x = ((x >> 8) & 0x00ff00ff00ff00ffULL) | ((x & 0x00ff00ff00ff00ffULL) << 8);
    x = ((x >> 16) & 0x0000ffff0000ffffULL) | ((x & 0x0000ffff0000ffffULL) << 16);
    x = (x >> 32) | (x << 32);
    return lg == 0 ? 0 : (size_t)(x >> (64 - lg));
}
/* log2 of n if n is a power of two (n >= 1), else -1. */
static inline int pasta_fft_log2(size_t n) {
    if (n == 0 || (n & (n - 1)) != 0) return -1;
    int l = 0;
    while (((size_t)1 << l) != n) l++;
    return l;
}
/* The thread count a call with `threads` uses for n elements. */
static inline int pasta_fft_threads(int threads, size_t n) {
    if (n < ((size_t)1 << PASTA_FFT_PAR_MIN_LG)) return 1;
    int t = threads == 0 ? pasta_threads_default() : threads;
    return t < 1 ? 1 : t;
}
/* The split of a transform of 2^lg elements into rows of 2^(lg - C) elements and 2^(lg-C)
 * columns of 2^C: C = the column stages, even (their passes come in pairs), about lg/2;
 * 0 (one block) below 2^PASTA_FFT_SPLIT_MIN_LG elements. */
static inline unsigned pasta_fft_col_lg(unsigned lg) {
    return lg < PASTA_FFT_SPLIT_MIN_LG ? 0 : (lg / 2) & ~1u;
}
/* Columns per task: a working set of about 2^PASTA_FFT_COL_LG elements (g 2^C), at
 * least 2 (a cache line of field elements), at most the columns / 16 (tasks enough for
 * the threads). */
static inline size_t pasta_fft_col_group(unsigned lg) {
    unsigned cl = pasta_fft_col_lg(lg);
    size_t g = cl < PASTA_FFT_COL_LG ? (size_t)1 << (PASTA_FFT_COL_LG - cl) : 1;
    size_t cap = ((size_t)1 << (lg - cl)) / 16;
    if (g < 2) g = 2;
    if (g > cap) g = cap;
    return g < 1 ? 1 : g;
}

/* The three phases of a transform (G(ntt_core)), each a set of independent tasks. */
enum pasta_ntt_phase {
    PASTA_NTT_BITREV, /* the bit reversal, in count buckets */
    PASTA_NTT_ROWS,   /* the rows: stages below 2^lgb inside each block */
    PASTA_NTT_COLS    /* the column groups: the other stages */
};

/* Polynomial evaluation (F(poly_eval_par), F(poly_eval_many)). */
#ifndef PASTA_FFT_EVAL_TASKS
#define PASTA_FFT_EVAL_TASKS 64 /* at most this many chunks (partials on the stack) */
#endif
#ifndef PASTA_FFT_EVAL_MIN
#define PASTA_FFT_EVAL_MIN 2048 /* below this many coefficients, one chunk */
#endif
#ifndef PASTA_FFT_EVAL_CH
#define PASTA_FFT_EVAL_CH 1024 /* coefficients per (row, chunk) task of poly_eval_many */
#endif

/* The grand product on threads (F(grand_product_par)). */
#ifndef PASTA_FFT_PROD_MIN
#define PASTA_FFT_PROD_MIN 1024 /* below this many elements, F(grand_product) */
#endif
#define PASTA_FFT_PROD_TASKS 64 /* at most this many ranges (carries on the stack) */

/* Linear combinations (F(poly_lin)), element-wise in contiguous ranges. */
#ifndef PASTA_FFT_LIN_MIN
#define PASTA_FFT_LIN_MIN 2048 /* below this many elements, the calling thread alone */
#endif
enum pasta_poly_lin {
    PASTA_LIN_SCALE_ADD, /* p = c p + q */
    PASTA_LIN_ADD_SCALED /* p = p + c q */
};

#endif /* PASTA_FFT_FFT_COMMON_H */
