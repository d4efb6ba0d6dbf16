/* The msm/ layer's plain code (not a template): limits and tuning, digit recoding, the
 * window and chunk rules (msm/common.c, compiled once), and the attributes of the hot
 * functions. Used by the templates msm/bucket_impl.h, msm/var_impl.h, msm/fixed_impl.h
 * and msm/fold_impl.h. docs/MSM.md records the measurements behind each constant. */
#ifndef PASTA_MSM_COMMON_H
#define PASTA_MSM_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "core/names.h"

/* Largest n accepted (every per-point byte count below stays far from SIZE_MAX). */
#define PASTA_MSM_MAX_N (SIZE_MAX / 1024)
/* Thread counts above this are clamped to it. */
#define PASTA_MSM_MAX_THREADS 1024
#define PASTA_MSM_MAX_C 20
/* Batch-affine tuning (docs/MSM.md): windows are grouped so that a job has about
 * GROUP_BUCKETS buckets; a batch holds buckets / BATCH_DIV additions, at most BATCH_MAX. */
#ifndef PASTA_MSM_GROUP_BUCKETS
#define PASTA_MSM_GROUP_BUCKETS 2048
#endif
#ifndef PASTA_MSM_BATCH_DIV
#define PASTA_MSM_BATCH_DIV 4
#endif
#ifndef PASTA_MSM_BATCH_MAX
#define PASTA_MSM_BATCH_MAX 512
#endif

/* Flags of a batch entry (CV(msm_pend).s): NEG is the caller's (add -src); the flush sets
 * DBL (src == bucket: a doubling) or CANCEL (src == -bucket: the bucket empties). */
enum { PASTA_MSM_PEND_NEG = 1, PASTA_MSM_PEND_DBL = 2, PASTA_MSM_PEND_CANCEL = 4 };

/* gcc leaves F(mul) a call inside the big template functions; flatten inlines every
 * kernel into the two innermost ones (the batch flush and the fold step: docs/MSM.md
 * has the counts), each noinline so that it has one copy per curve and backend. clang
 * inlines the kernels without it. */
#ifndef PASTA_MSM_KERNEL
#define PASTA_MSM_KERNEL PASTA_FLAT
#endif
/* The small bucket steps, inlined where the hot loops call them. */
#if defined(__GNUC__)
#define PASTA_MSM_INLINE inline __attribute__((always_inline))
#else
#define PASTA_MSM_INLINE inline
#endif
/* Called once per batch or job: one copy, not inlined into every caller. */
#if defined(__GNUC__)
#define PASTA_MSM_COLD __attribute__((noinline))
#else
#define PASTA_MSM_COLD
#endif

static inline size_t pasta_msm_round64(size_t x) { return (x + 63) & ~(size_t)63; }

/* bits [pos, pos + len) of the little-endian integer k of `limbs` limbs (len <= 32, pos
 * may be -1: bit -1 reads as 0); bits at or above 64 limbs read as 0. */
static inline uint64_t pasta_msm_bits(const uint64_t *k, int limbs, int pos, int len) {
    uint64_t v;
    if (pos < 0) return (pasta_msm_bits(k, limbs, 0, len - 1) << 1);
    int l = pos >> 6, s = pos & 63;
    if (l >= limbs) return 0;
    v = k[l] >> s;
    if (s + len > 64 && l + 1 < limbs) v |= k[l + 1] << (64 - s);
    return v & ((UINT64_C(1) << len) - 1);
}

/* The signed (Booth) digit of window w: bits [wc, wc + c) + bit (wc - 1) - 2^c bit
 * (wc + c - 1), in [-2^(c-1), 2^(c-1)]. The digits of all windows represent k when k <
 * 2^(nwin c - 1). */
static inline int pasta_msm_digit(const uint64_t *k, int limbs, int w, int c) {
    uint64_t v = pasta_msm_bits(k, limbs, w * c - 1, c + 1); /* bit wc-1 at bit 0 */
    int raw = (int)(v >> 1), low = (int)(v & 1);
    return raw + low - ((raw >> (c - 1)) << c);
}

/* Window count for magnitudes below 2^(bits - 1): bits = 128 (GLV halves < 2^127) or 256
 * (full scalars < 2^255). */
static inline int pasta_msm_nwin(int bits, int c) { return (bits + c - 1) / c; }

/* Points per batch inversion for nbt buckets in flight (docs/MSM.md: buckets / 4). */
static inline size_t pasta_msm_batch(size_t nbt) {
    size_t b = nbt / PASTA_MSM_BATCH_DIV;
    if (b < 16) b = 16;
    if (b > PASTA_MSM_BATCH_MAX) b = PASTA_MSM_BATCH_MAX;
    return b;
}

/* Affine slots of a task: the buckets and the reduction chains. */
static inline size_t pasta_msm_slots(size_t nbt, size_t chains) { return nbt + 2 * chains; }

/* 1 when the top window of magnitudes below 2^(bits - 1) has at most 5 value bits: its
 * additions pile into <= 33 buckets, which batch-affine would serialise (docs/MSM.md), so
 * they go to Jacobian buckets (normalised into the affine ones before the reduction). */
static inline int pasta_msm_jtop(int bits, int c, int nwin) {
    return bits - 1 - (nwin - 1) * c <= 5;
}

/* The variable-base window rule's cost of an affine bucket's reduction, per bucket and
 * window, in units of one bucket addition (msm/common.c), per backend (named by
 * PASTA_BACKEND): asm's fitted to callgrind counts; IFMA's to times (its 8-lane additions
 * are cheaper beside the reduction), docs/MSM.md "Window size rule". */
#define PASTA_MSM_AFFINE_RED_portable 1.0
#define PASTA_MSM_AFFINE_RED_x86_64_asm 1.0
#define PASTA_MSM_AFFINE_RED_x86_64_ifma 1.6

/* The schedule rules (msm/common.c), pure functions of their arguments and the L2 size:
 * the window size for npts points of `bits`-bit magnitudes (the c minimising the cost
 * model; ties: the smaller c; red: PASTA_MSM_AFFINE_RED_<backend>, used when affine); */
PASTA_INTERNAL int pasta_msm_window(size_t npts, int bits, int affine, double red);
/* the fixed-base window for n bases; */
PASTA_INTERNAL int pasta_msm_fixed_window(size_t n);
/* the chunks of points for T threads (the count minimising the modelled longest task; 1
 * for T = 1); */
PASTA_INTERNAL size_t pasta_msm_chunks(size_t npts, size_t ngroups, int g, size_t nb,
                                       int affine, int threads);
/* the segments per window of the affine reduction of g windows of nb buckets; */
PASTA_INTERNAL size_t pasta_msm_segs(size_t nb, int g);
/* the segments for T tasks sharing the nb buckets of a fixed-base MSM split by buckets
 * (a power of two in [T, nb]; 0 when nb < T). */
PASTA_INTERNAL size_t pasta_msm_fsplit_segs(size_t nb, size_t T);
/* From this many points (GLV halves counted) the variable-base MSM uses batch-affine
 * buckets by default, below them Jacobian ones (docs/MSM.md, "Small MSMs"). */
/* msm_var of at most PASTA_MSM_STRAUS_<backend> points: Straus (msm/var_impl.h,
 * CV(msm_straus); scalar code). Medians of 41, Vesta, Zen 5, us, buckets -> Straus: asm
 * n = 3 75 -> 41, 8 114 -> 88, 16 166 -> 159; IFMA (8-lane bucket additions) n = 3 75 ->
 * 41, 6 78 -> 69, 8 85 -> 88. PASTA_MSM_STRAUS_MAX: the arrays' bound. */
#define PASTA_MSM_STRAUS_MAX 16
#define PASTA_MSM_STRAUS_portable 16
#define PASTA_MSM_STRAUS_x86_64_asm 16
#define PASTA_MSM_STRAUS_x86_64_ifma 6
#ifndef PASTA_MSM_AFFINE_MIN
#define PASTA_MSM_AFFINE_MIN 8
#endif
/* Below this modelled work (field-multiplication equivalents, about 100 us on Zen 3) a
 * fixed-base MSM runs on one thread. */
#define PASTA_MSM_SPLIT_MIN 4000.0
/* msm_task.busy[b]: 1 = bucket b is in the batch, | 2 = it also has an entry queued */
#define PASTA_MSM_BUSY_QUEUED 2

/* ---- The generator fold (msm/fold_impl.h). */

/* Points per block of the batch path (one inversion per step and block; on IFMA per table
 * entry and block). */
#ifndef PASTA_FOLD_BLOCK
#define PASTA_FOLD_BLOCK 512
#endif
/* Below this many points (per task) the small path is faster (docs/CURVES.md): asm, and
 * IFMA (8 points per vector, the chain in Jacobian lanes with no inversion per step:
 * 3 points in one vector already cost less than 3 scalar chains; docs/PARALLEL.md). */
#ifndef PASTA_FOLD_MIN_BATCH
#define PASTA_FOLD_MIN_BATCH 48
#endif
#ifndef PASTA_FOLD_MIN_BATCH_IFMA
#define PASTA_FOLD_MIN_BATCH_IFMA 3
#endif
/* The batch path's threshold per backend (the tuning of a backend's kernels, named by
 * PASTA_BACKEND; 0: never): portable's multiplication (~380 instructions) leaves the batch
 * steps' serial products latency-bound, and the small path is faster there at every n
 * measured (docs/CURVES.md). */
#define PASTA_FOLD_BATCH_portable 0
#define PASTA_FOLD_BATCH_x86_64_asm PASTA_FOLD_MIN_BATCH
#define PASTA_FOLD_BATCH_x86_64_ifma PASTA_FOLD_MIN_BATCH_IFMA
/* The fewest points of a batch task when the fold is split on threads, and whether a
 * fold too small to split takes the small path on all threads instead (1) or the batch
 * path on one (0: IFMA, where a task below a vector costs a whole vector and the
 * Jacobian lanes beat the scalar chains). */
#define PASTA_FOLD_TASK_portable 1
#define PASTA_FOLD_TASK_x86_64_asm PASTA_FOLD_MIN_BATCH
#define PASTA_FOLD_TASK_x86_64_ifma 8
#define PASTA_FOLD_SPREAD_portable 1
#define PASTA_FOLD_SPREAD_x86_64_asm 1
#define PASTA_FOLD_SPREAD_x86_64_ifma 0
#define PASTA_FOLD_MAX_N (SIZE_MAX / 4096)
#define PASTA_FOLD_MAX_THREADS 1024
#define PASTA_FOLD_TAB 8 /* odd multiples [1, 3, .., 15] P */
/* What a fold step does at one point. */
enum { PASTA_FOLD_SKIP = 0, PASTA_FOLD_ADD = 1, PASTA_FOLD_DBL = 2 };

#endif /* PASTA_MSM_COMMON_H */
