/* OpenMP behind core/parallel.h (the only file of the library compiled with -fopenmp). */
#include "core/parallel.h"

#ifdef _OPENMP
#include <omp.h>
#endif

int pasta_threads_default(void) {
#ifdef _OPENMP
    int n = omp_get_max_threads();
    return n > 0 ? n : 1;
#else
    return 1;
#endif
}

void pasta_parallel_for(size_t ntasks, int threads, pasta_task_fn task, void *ctx) {
    if (ntasks == 0) return;
    if (threads <= 0) threads = pasta_threads_default();
    if ((size_t)threads > ntasks) threads = (int)ntasks;
    if (threads == 1) {
        for (size_t i = 0; i < ntasks; i++) task(ctx, i);
        return;
    }
#ifdef _OPENMP
    /* Thread t runs tasks [t n / T, (t + 1) n / T): a fixed split, no runtime schedule. */
#pragma omp parallel num_threads(threads)
    {
        size_t t = (size_t)omp_get_thread_num(), nt = (size_t)omp_get_num_threads();
        size_t lo = ntasks / nt * t + (t < ntasks % nt ? t : ntasks % nt);
        size_t hi = lo + ntasks / nt + (t < ntasks % nt ? 1 : 0);
        for (size_t i = lo; i < hi; i++) task(ctx, i);
    }
#else
    for (size_t i = 0; i < ntasks; i++) task(ctx, i);
#endif
}
