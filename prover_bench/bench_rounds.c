/* prover_bench rounds: one sample per request, for paired benchmark rounds (the main
 * job, bench/main_job.sh). Included by main.c (it uses main.c's static circuit code); not
 * a separate translation unit.
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

#define ROUNDS_MAX_POINTS 8

static int cmd_rounds(int argc, char **argv) {
    const char *name = opt(argc, argv, "--circuit"), *only = opt(argc, argv, "--backend"),
               *wu = opt(argc, argv, "--warmup");
    int threads[ROUNDS_MAX_POINTS], actions[ROUNDS_MAX_POINTS];
    if (name == NULL) {
        fprintf(stderr, "usage: prover_bench rounds --circuit C [--actions 1,4] [--threads 1,8] "
                        "[--backend NAME] [--warmup S]\n");
        return 2;
    }
    const int nt = parse_list(opt(argc, argv, "--threads"), "1,8", threads, ROUNDS_MAX_POINTS);
    const int na = strcmp(name, "orchard_k11") == 0
                       ? parse_list(opt(argc, argv, "--actions"), "1,4", actions, ROUNDS_MAX_POINTS)
                       : (actions[0] = 1, 1);
    const double warm_s = wu ? atof(wu) : 0;
    pasta_backend be = PASTA_BACKEND_AUTO;
    if (only && strcmp(only, "portable") == 0) be = PASTA_BACKEND_PORTABLE;
    else if (only && strcmp(only, "x86_64-asm") == 0) be = PASTA_BACKEND_X86_64_ASM;
    else if (only) {
        fprintf(stderr, "prover_bench rounds: --backend %s: portable or x86_64-asm\n", only);
        return 2;
    }
    /* already active: PASTA_BACKEND (with PASTA_NO_CPU_CHECK=1 under valgrind) chose it */
    if (be != PASTA_BACKEND_AUTO && pasta_backend_get() != be &&
        (!pasta_backend_supported(be) || pasta_backend_set(be) != PASTA_OK)) {
        fprintf(stderr, "prover_bench rounds: backend %s not available here\n", only);
        return 2;
    }
    static circuit cs[ROUNDS_MAX_POINTS];
    static uint8_t proof[MAX_PROOF];
    halo2_prover_timings t = {{0}};
    size_t len = 0;
    int rc = 0;
    struct timespec s0, s1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &s0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    for (int a = 0; a < na && rc == 0; a++)
        if (circuit_init(&cs[a], name, actions[a], 0) != PASTA_OK || load_witness(&cs[a], NULL) != 0) rc = 1;
    clock_gettime(CLOCK_MONOTONIC, &s1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    for (int a = 0; a < na && rc == 0; a++)
        for (int i = 0; i < nt && rc == 0 && warm_s > 0; i++) {
            omp_set_num_threads(threads[i]);
            double w0 = clock_ns(2);
            do rc = prove_once(&cs[a], bench_seed, threads[i], proof, &len, &t) != PASTA_OK;
            while (rc == 0 && clock_ns(2) - w0 < warm_s * 1e9);
        }
    if (rc != 0) {
        fprintf(stderr, "prover_bench rounds: setup failed\n");
        for (int a = 0; a < na; a++) circuit_free(&cs[a]);
        return 3;
    }
    printf("ready %s %s %.0f %.0f\n", PASTA_BUILD_CONFIG, pasta_backend_name(pasta_backend_get()),
           (double)(s1.tv_sec - s0.tv_sec) * 1e9 + (double)(s1.tv_nsec - s0.tv_nsec),
           (double)(c1.tv_sec - c0.tv_sec) * 1e9 + (double)(c1.tv_nsec - c0.tv_nsec));
    fflush(stdout);
    char line[256];
    while (rc == 0 && fgets(line, sizeof line, stdin) != NULL) {
        int A = 0, T = 0, N = 1, a = -1;
        if (strncmp(line, "quit", 4) == 0) break;
        int got = sscanf(line, "next %d %d %d", &A, &T, &N);
        for (int i = 0; i < na; i++)
            if (actions[i] == A) a = i;
        if (got < 2 || a < 0 || T < 1 || T > 1024 || N < 1 || N > 1000) {
            printf("error bad request (want: next A T [N], A one of --actions): %s", line);
            rc = 2;
            break;
        }
        double ph[HALO2_NUM_PHASES] = {0}, ns = 0;
        omp_set_num_threads(T);
        for (int s = 0; s < N && rc == 0; s++) {
            double t0 = clock_ns(T);
            if (prove_once(&cs[a], bench_seed, T, proof, &len, &t) != PASTA_OK) rc = 3;
            ns += clock_ns(T) - t0;
            for (int p = 0; p < HALO2_NUM_PHASES; p++) ph[p] += t.ns[p];
        }
        if (rc != 0) {
            printf("error proof failed\n");
            break;
        }
        XXH128_hash_t h = XXH3_128bits(proof, len);
        printf("sample %d %d %d %.0f %016llx%016llx %zu ", A, T, N, ns, (unsigned long long)h.high64,
               (unsigned long long)h.low64, len);
        for (int p = 0; p < HALO2_NUM_PHASES; p++) printf("%s%.0f", p ? "," : "", ph[p]);
        printf("\n");
        fflush(stdout);
    }
    for (int a = 0; a < na; a++) circuit_free(&cs[a]);
    return rc;
}
