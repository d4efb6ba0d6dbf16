/* pasta_bench: shared declarations of the benchmark suites. */
#ifndef PASTA_BENCH_BENCH_H
#define PASTA_BENCH_BENCH_H

#include "backends/backend.h"
#include "bench/harness.h"
#include "pasta/pasta.h"

#define BENCH_MAX_BACKENDS 3
/* --actions LIST, --threads LIST of pasta_bench (comma-separated, each 1..1024): for the
 * suites that take them (--threads: msm and ntt, each listed count at wall clock, as
 * bench/scaling.sh sweeps them); n = 0 when the option was not given. */
#define BENCH_MAX_LIST 16
typedef struct {
    int v[BENCH_MAX_LIST];
    int n;
} bench_int_list;
extern bench_int_list bench_opt_actions, bench_opt_threads;
/* --quick (1) or --full (0, the default); bench_filtered: a --filter was given. */
extern int bench_quick, bench_filtered;
/* --sizes LIST (comma-separated n, e.g. 2049,2^16): the sizes of the sized suites (ntt:
 * powers of two, the others skipped; msm; curve fold rows) instead of the mode's; n = 0
 * when not given. */
typedef struct {
    uint64_t v[BENCH_MAX_LIST];
    int n;
} bench_size_list;
extern bench_size_list bench_opt_sizes;
/* The sizes a sized suite runs: --sizes when given, else def[0..n). Returns the count. */
int bench_sizes(const uint64_t *def, int n, const uint64_t **out);
/* --quick without --filter skips the rows on Fq and Vesta (field "fq" or "vesta"): they
 * run the Fp and Pallas code (one template per layer, other constants). 1: skip it. */
int bench_skip_twin(const char *field);
/* Estimates (pasta_bench --list, the progress line): a row's cost model is written in ns
 * of the x86_64-asm backend on the reference host (AMD EPYC Zen 3, gcc 12); this is the
 * factor for ops's backend (1, or 2.2 for portable). */
double bench_model_scale(const pasta_ops *ops);
/* The i-th backend to benchmark (respecting --backend), or NULL. */
const pasta_ops *bench_backend(int i);

/* Field op codes of bench_field.c: PASTA_CHAIN_* (the backend's dependent `chain`) or
 * PASTA_CHAIN_* | BENCH_X4 (4 interleaved chains, bench/bench_kernels.c; fp only). */
#define BENCH_X4 0x100
/* x[j] = op(x[j], y) on 4 independent chains, n operations in all, with backend b's fp
 * kernels inlined here (op: PASTA_CHAIN_ADD, _MUL, _SQR). -1 when b or op is not there. */
int bench_fp_x4(pasta_backend b, int op, pasta_fp x[4], const pasta_fp *y, uint64_t n);

void bench_field_suite(void);
void bench_curve_suite(void); /* bench/bench_curve.c */
void bench_api_suite(void);   /* bench/bench_api.c */
/* Suite "ntt" (bench/bench_ntt.c); base: the configuration of --quick / --full. */
void bench_ntt_suite(const pasta_bench_config *base);
/* One untimed transform (op ntt_fwd | ntt_inv | ntt_radix2 | ntt_coset) of 2^lg. */
int bench_ntt_count(const pasta_ops *ops, const char *op, const char *field, uint64_t lg);
/* bench/bench_msm.c; quick: the short size list of --quick; base: the sampling of the
 * --threads LIST rows. */
void bench_msm_suite(const pasta_bench_config *base, int quick);
/* One untimed MSM (op msm_var[:C:FLAGS] | msm_jacobian | msm_noglv) of n points. */
int bench_msm_count(const pasta_ops *ops, const char *op, const char *curve, uint64_t n);
/* Runs n iterations of field op `op` on `field` without timing (for callgrind). */
int bench_field_count(const pasta_ops *ops, const char *op, const char *field, uint64_t n);
/* Same for curve op `op` (a suite "curve" name) on `curve` ("pallas" | "vesta"). */
int bench_curve_count(const pasta_ops *ops, const char *op, const char *curve, uint64_t n);

/* One row of suite "field" (field 0 fp, 1 fq) or "curve" (curve 0 pallas, 1 vesta) by
 * name: measured as its suite does, recorded (bench_record), and *out set. always = 1
 * ignores the --suite/--filter selection (the counterpart of a selected api row).
 * Returns pasta_bench_run's code (0 measured, 1 skipped, -1 error or unknown name). */
int bench_field_row(const pasta_ops *ops, int field, const char *name, int always,
                    pasta_bench_result *out);
int bench_curve_row(const pasta_ops *ops, int curve, const char *name, int always,
                    pasta_bench_result *out);
/* 0 when bench_fp_x4 on ops' backend computes what 4 of its dependent chains do. */
int bench_field_check_x4(const pasta_ops *ops, int op);

/* The inputs both the api rows and their in-backend counterparts start from, computed
 * with `ops`: x[0..4) and y in fp; p[0..4) and q on Pallas (q affine, Z != 1 before). */
void bench_fp_inputs(const pasta_ops *ops, pasta_fp x[4], pasta_fp *y);
void bench_pallas_inputs(const pasta_ops *ops, pasta_pallas_jacobian p[4],
                         pasta_pallas_affine *q);

/* Results measured so far in this process, by (suite, name, field, backend). */
void bench_record(const pasta_bench_id *id, const pasta_bench_result *r);
const pasta_bench_result *bench_lookup(const char *suite, const char *name, const char *field,
                                       const char *backend);

#endif
