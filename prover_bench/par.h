/* prover_bench/par.h: the prover's own parallel loops, on the library's thread pool
 * (pasta_parallel_ranges: its static split, range t of T: [t n / T, (t + 1) n / T) up to
 * rounding, its wait policy and its region trace, docs/PARALLEL.md: with
 * PASTA_PARALLEL_TRACE=FILE set, every loop runs its T ranges one after the other on the
 * calling thread, each timed, and appends "R <T> <start ns> <range 0 ns> ..." to FILE);
 * the prover adds its phase marks ("P <phase> <ns>", "B" and "E" around a proof). */
#ifndef PROVER_BENCH_PAR_H
#define PROVER_BENCH_PAR_H

#include <stddef.h>

/* fn(ctx, lo, hi, t): items [lo, hi) as range t of T (t indexes per-range scratch);
 * halo2_par_for runs them through pasta_parallel_ranges (<pasta/pasta.h>). */
typedef void (*halo2_range_fn)(void *ctx, size_t lo, size_t hi, int t);
void halo2_par_for(size_t n, int T, halo2_range_fn fn, void *ctx);

/* Whether PASTA_PARALLEL_TRACE is set (read once). */
int halo2_trace_on(void);
/* Appends one line (ends with '\n') to the trace file, when it is on. */
void halo2_trace_line(const char *line);

#endif /* PROVER_BENCH_PAR_H */
