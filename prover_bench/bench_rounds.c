/* prover_bench rounds: one sample per request, for paired benchmark rounds (the main
 * job, bench/main_job.sh), on cli.h's circuit code.
 *
 *   prover_bench rounds --circuit C [--actions 1,4] [--threads 1,8] [--backend NAME]
 *                       [--warmup S]
 *
 * Builds the params and keys once per action count, runs --warmup S seconds of
 * unmeasured proofs per (actions, threads) (default 0: none), prints one line
 *   ready <config> <backend> <setup_ns> <setup_cpu_ns>
 * (params, keygen and witnesses of every action count: wall and process CPU time) and then
 * answers each request line on stdin
 *   next A T [N]        N (default 1) proofs of A actions at T threads
 * with one line
 *   sample A T N <ns> <digest> <proof_bytes> <phase_ns,...>
 * ns: the N proofs' total (1 thread: the thread's CPU time; more: wall time, as `bench`),
 * digest: XXH3-128 of the last proof, phase_ns: prover.h's phases summed over the N
 * proofs. "quit" or end of input ends it; a bad request prints "error ..." and exits 2.
 * Output is flushed after each line. */
#define _GNU_SOURCE
#include "cli.h"
#include "harness.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#define ROUNDS_MAX_POINTS 8

static const char usage_rounds[] =
    "usage: prover_bench rounds --circuit C [--actions 1,4] [--threads 1,8] [--backend NAME]\n"
    "                           [--warmup S]\n"
    "  one proof per request on stdin (\"next A T [N]\"), for bench/main_job.sh's paired rounds\n"
    "  (prover_bench/bench_rounds.c); the demo witness of the circuit\n";

int cmd_rounds(int argc, char **argv) {
    static const optdef defs[] = {{"--help", 0},    {"--version", 0}, {"--circuit", 1},
                                  {"--threads", 1}, {"--actions", 1}, {"--backend", 1},
                                  {"--warmup", 1}};
    args a;
    int rc = parse_args(&a, defs, (int)(sizeof defs / sizeof defs[0]), 0, argc, argv);
    if (rc) return rc;
    if ((rc = help_or_version(&a, usage_rounds)) >= 0) return rc;
    int kind = PLONK, threads[ROUNDS_MAX_POINTS] = {1, 8}, actions[ROUNDS_MAX_POINTS] = {1},
        nt = 2, na = 1;
    if ((rc = parse_circuit(arg(&a, "--circuit"), &kind)) != 0) return rc;
    const char *name = circuit_names[kind], *only = arg(&a, "--backend");
    if (arg(&a, "--threads") &&
        (rc = parse_list("--threads", arg(&a, "--threads"), 1, HALO2_MAX_THREADS, threads,
                         ROUNDS_MAX_POINTS, &nt)) != 0)
        return rc;
    if (arg(&a, "--actions") && kind != ORCHARD)
        return usage_error("--actions: orchard_k11 only");
    if (kind == ORCHARD) actions[0] = 1, actions[1] = 4, na = 2;
    if (arg(&a, "--actions") &&
        (rc = parse_list("--actions", arg(&a, "--actions"), 1, MAX_ACTIONS, actions,
                         ROUNDS_MAX_POINTS, &na)) != 0)
        return rc;
    double warm_s = 0;
    if (arg(&a, "--warmup") &&
        (rc = parse_seconds("--warmup", arg(&a, "--warmup"), &warm_s)) != 0)
        return rc;
    pasta_backend be = PASTA_BACKEND_AUTO;
    if (only && pasta_backend_parse(&be, only) != PASTA_OK)
        return usage_error("--backend %s: unknown (portable, x86_64-asm, x86_64-ifma, auto)",
                           only);
    /* already active: PASTA_BACKEND (with PASTA_NO_CPU_CHECK=1 under valgrind) chose it */
    if (be != PASTA_BACKEND_AUTO && pasta_backend_get() != be &&
        (!pasta_backend_supported(be) || pasta_backend_set(be) != PASTA_OK))
        return msg(EXIT_USAGE, "--backend %s: not supported on this build or CPU", only);
    (void)name;
    static circuit cs[ROUNDS_MAX_POINTS];
    static uint8_t proof[MAX_PROOF];
    halo2_prover_timings t = {{0}};
    size_t len = 0;
    rc = 0;
    struct timespec s0, s1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &s0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    witness_in demo;
    demo_witness(&demo);
    for (int i = 0; i < na && rc == 0; i++)
        if (circuit_init(&cs[i], kind, actions[i], 0, 1) != PASTA_OK ||
            synthesize(&cs[i], &demo) != PASTA_OK)
            rc = 1;
    clock_gettime(CLOCK_MONOTONIC, &s1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    for (int j = 0; j < na && rc == 0; j++)
        for (int i = 0; i < nt && rc == 0 && warm_s > 0; i++) {
            omp_set_num_threads(threads[i]);
            double w0 = clock_ns(2);
            do rc = prove_once(&cs[j], bench_seed, threads[i], proof, &len, &t) != PASTA_OK;
            while (rc == 0 && clock_ns(2) - w0 < warm_s * 1e9);
        }
    if (rc != 0) {
        fprintf(stderr, "prover_bench rounds: setup failed\n");
        for (int i = 0; i < na; i++) circuit_free(&cs[i]);
        return msg(EXIT_INTERNAL, "setup failed");
    }
    printf("ready %s %s %.0f %.0f\n", PASTA_BUILD_CONFIG,
           pasta_backend_name(pasta_backend_get()),
           (double)(s1.tv_sec - s0.tv_sec) * 1e9 + (double)(s1.tv_nsec - s0.tv_nsec),
           (double)(c1.tv_sec - c0.tv_sec) * 1e9 + (double)(c1.tv_nsec - c0.tv_nsec));
    fflush(stdout);
    char line[256];
    while (rc == 0 && fgets(line, sizeof line, stdin) != NULL) {
        int A = 0, T = 0, N = 1, ai = -1;
        if (strncmp(line, "quit", 4) == 0) break;
        int got = sscanf(line, "next %d %d %d", &A, &T, &N);
        for (int i = 0; i < na; i++)
            if (actions[i] == A) ai = i;
        if (got < 2 || ai < 0 || T < 1 || T > 1024 || N < 1 || N > 1000) {
            printf("error bad request (want: next A T [N], A one of --actions): %s", line);
            rc = 2;
            break;
        }
        double ph[HALO2_NUM_PHASES] = {0}, ns = 0;
        omp_set_num_threads(T);
        for (int s = 0; s < N && rc == 0; s++) {
            double t0 = clock_ns(T);
            if (prove_once(&cs[ai], bench_seed, T, proof, &len, &t) != PASTA_OK) rc = 3;
            ns += clock_ns(T) - t0;
            for (int p = 0; p < HALO2_NUM_PHASES; p++) ph[p] += t.ns[p];
        }
        if (rc != 0) {
            printf("error proof failed\n");
            break;
        }
        XXH128_hash_t h = XXH3_128bits(proof, len);
        printf("sample %d %d %d %.0f %016llx%016llx %zu ", A, T, N, ns,
               (unsigned long long)h.high64, (unsigned long long)h.low64, len);
        for (int p = 0; p < HALO2_NUM_PHASES; p++) printf("%s%.0f", p ? "," : "", ph[p]);
        printf("\n");
        fflush(stdout);
    }
    for (int i = 0; i < na; i++) circuit_free(&cs[i]);
    return rc;
}
