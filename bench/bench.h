/* pasta_bench: shared declarations of the benchmark suites. */
#ifndef PASTA_BENCH_BENCH_H
#define PASTA_BENCH_BENCH_H

#include "backends/backend.h"
#include "bench/harness.h"
#include "pasta/pasta.h"

#define BENCH_MAX_BACKENDS 2
/* The i-th backend to benchmark (respecting --backend), or NULL. */
const pasta_ops *bench_backend(int i);

void bench_field_suite(void);
void bench_curve_suite(void); /* bench/bench_curve.c */
/* Runs n iterations of field op `op` on `field` without timing (for callgrind). */
int bench_field_count(const pasta_ops *ops, const char *op, const char *field, uint64_t n);
/* Same for curve op `op` (a suite "curve" name) on `curve` ("pallas" | "vesta"). */
int bench_curve_count(const pasta_ops *ops, const char *op, const char *curve, uint64_t n);

#endif
