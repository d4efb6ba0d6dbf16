/* Bottom layer: the one place that knows about threads (OpenMP). fields/ and curves/ are
 * single-threaded; the layers above (msm/, fft/) split their work into tasks and run them
 * through pasta_parallel_for, so the threading model can change in this file alone.
 *
 * Determinism: tasks write disjoint outputs and the caller combines partial results in
 * task order, so results never depend on the thread count. Allocation happens on the
 * calling thread before pasta_parallel_for (docs/CONTRACT.md), never inside a task. */
#ifndef PASTA_CORE_PARALLEL_H
#define PASTA_CORE_PARALLEL_H

#include <stddef.h>

#include "core/names.h"

/* The thread count a call uses when the caller asks for 0 ("default"): OpenMP's
 * (OMP_NUM_THREADS, else the number of cores); 1 in a build without OpenMP. */
PASTA_INTERNAL int pasta_threads_default(void);

/* The thread count for a split that adds work (a fixed-base MSM split by buckets or point
 * chunks, a generator fold in blocks): `threads` (resolved, >= 1), or, while the host is
 * busy by the pool's test (core/parallel.c busy_check: the calling thread waited for a
 * CPU a quarter of its recent run time or more; never where OMP_WAIT_POLICY or
 * GOMP_SPINCOUNT is set, nor in trace mode), threads x the caller's share of its
 * runnable time, at least 1: 1 for two threads on a 2-core host with another process
 * spinning, which would pay the split's extra work for no parallelism (docs/PARALLEL.md).
 * The bytes of a result never depend on it. */
PASTA_INTERNAL int pasta_threads_split(int threads);

/* Part i < parts of [0, n) cut into `parts` contiguous ranges, in order, whose lengths
 * differ by at most one (the first n % parts are the longer): [*lo, *hi). Every split
 * of work into tasks, chunks or blocks uses it. */
static inline void pasta_range(size_t n, size_t parts, size_t i, size_t *lo, size_t *hi) {
    size_t q = n / parts, r = n % parts;
    *lo = q * i + (i < r ? i : r);
    *hi = *lo + q + (i < r ? 1 : 0);
}

/* Runs task(ctx, i) for every i in [0, ntasks), on at most `threads` threads (0: the
 * default), each task exactly once, a static contiguous split of [0, ntasks)
 * (pasta_range). Returns when all are done. ntasks = 0 does nothing; threads is clamped
 * to ntasks. */
typedef void (*pasta_task_fn)(void *ctx, size_t i);
PASTA_INTERNAL void pasta_parallel_for(size_t ntasks, int threads, pasta_task_fn task,
                                       void *ctx);

/* pasta_parallel_for with each task claimed on its own, in index order, by at most
 * `threads` threads: a thread that runs slowly (its CPU shared with another process)
 * takes fewer tasks. For a few large tasks (ntasks a small multiple of threads). */
PASTA_INTERNAL void pasta_parallel_for_dyn(size_t ntasks, int threads, pasta_task_fn task,
                                           void *ctx);

#endif /* PASTA_CORE_PARALLEL_H */
