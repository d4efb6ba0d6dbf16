/* prover_bench: halo2-compatible proofs with pasta, from the command line.
 *
 *   prover_bench prove  --circuit plonk_k11 --witness FILE --out PROOF [--seed HEX] [--threads N]
 *   prover_bench verify --circuit plonk_k11 PROOF
 *   prover_bench bench  [--quick|--full] [--json FILE] [--threads 1,2,8] [--filter S]
 *
 * Circuits: plonk_k11 (halo2's benches/plonk.rs at k = 11; a witness file is
 * "a <64 hex digits>", the 32-byte repr of a, as tests/vectors/halo2/plonk_k11/).
 * The params are Params::new(k), computed (byte-identical to halo2's params-k11.bin).
 * prove: a proof from the documented DRBG (prover.h) with the 32-byte seed (default 32
 * zero bytes), written raw; verify: exit 0 and "ok" when the proof verifies, else the
 * error and exit 1.
 * bench: suite "prover", name "plonk_k11" (prove), "plonk_k11/verify", "plonk_k11/keygen"
 * (keygen_vk + keygen_pk) and "plonk_k11/<phase>" (prover.h's phases, from the measured
 * proofs' timings), for each backend and thread count; the prove rows carry the proof's
 * XXH3-128 digest in "digest". 1 thread: thread CPU time; more: wall time. */
#define _GNU_SOURCE
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "bench/harness.h"
#include "prover_bench/circuits.h"
#include "prover_bench/prover.h"
#include "prover_bench/verifier.h"

#define MAX_PROOF (1 << 16)

/* ---- A circuit: its keygen and its witness. */
typedef struct circuit {
    int k;
    halo2_params params;
    halo2_cs cs;
    halo2_plonk_config cfg;
    halo2_vk vk;
    halo2_pk pk;
    halo2_commit_key ck;
    pasta_fp *advice;
} circuit;

static int keygen(circuit *c) {
    halo2_assembly a;
    halo2_cs_init(&c->cs);
    halo2_plonk_configure(&c->cs, &c->cfg);
    int rc = halo2_assembly_init(&a, &c->cs, c->k);
    if (rc != PASTA_OK) return rc;
    rc = halo2_plonk_synthesize_keygen(&a, &c->cs, &c->cfg);
    if (rc == PASTA_OK) rc = halo2_assembly_compress_selectors(&a, &c->cs);
    if (rc == PASTA_OK) rc = halo2_keygen_vk(&c->vk, &c->params, &c->cs, &a);
    if (rc == PASTA_OK) rc = halo2_keygen_pk(&c->pk, &c->vk, &c->cs, &a);
    halo2_assembly_free(&a);
    return rc;
}

static int circuit_init(circuit *c, const char *name, int threads) {
    memset(c, 0, sizeof *c);
    if (strcmp(name, "plonk_k11") != 0) {
        fprintf(stderr, "prover_bench: unknown circuit %s (plonk_k11)\n", name);
        return PASTA_ERR_INVALID_ARG;
    }
    c->k = 11;
    int rc = halo2_params_new(&c->params, (uint32_t)c->k);
    if (rc == PASTA_OK) rc = keygen(c);
    if (rc == PASTA_OK) rc = halo2_commit_key_init(&c->ck, &c->params, 0, threads);
    if (rc == PASTA_OK) {
        c->advice = malloc(3 * c->params.n * sizeof *c->advice);
        if (c->advice == NULL) rc = PASTA_ERR_NO_MEMORY;
    }
    return rc;
}

static void circuit_free(circuit *c) {
    free(c->advice);
    halo2_commit_key_free(&c->ck);
    halo2_pk_free(&c->pk);
    halo2_params_free(&c->params);
}

static int parse_hex32(uint8_t out[32], const char *s) {
    for (int i = 0; i < 32; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) return -1;
        out[i] = (uint8_t)v;
    }
    return 0;
}

static int read_file(const char *path, uint8_t *buf, size_t cap, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return -1;
    }
    *len = fread(buf, 1, cap, f);
    int more = fgetc(f) != EOF;
    fclose(f);
    if (more) {
        fprintf(stderr, "prover_bench: %s is larger than %zu bytes\n", path, cap);
        return -1;
    }
    return 0;
}

static int load_witness(circuit *c, const char *path) {
    uint8_t buf[256], repr[32];
    size_t len;
    pasta_fp a;
    if (read_file(path, buf, sizeof buf - 1, &len) != 0) return -1;
    buf[len] = 0;
    if (len < 66 || buf[0] != 'a' || buf[1] != ' ' || parse_hex32(repr, (const char *)buf + 2) != 0 ||
        pasta_fp_from_bytes(&a, repr) != PASTA_OK) {
        fprintf(stderr, "prover_bench: %s: expected \"a <64 hex digits>\" (a canonical Fp repr)\n", path);
        return -1;
    }
    return halo2_plonk_synthesize_witness(c->advice, c->k, &c->cfg, &a) == PASTA_OK ? 0 : -1;
}

static int prove_once(circuit *c, const uint8_t seed[32], int threads, uint8_t *proof, size_t *len,
                      halo2_prover_timings *t) {
    halo2_drbg rng;
    halo2_drbg_init(&rng, seed);
    halo2_witness w = {c->advice, NULL, NULL};
    return halo2_create_proof(&c->ck, &c->pk, &w, 1, halo2_drbg_fill, &rng, threads, proof,
                              MAX_PROOF, len, t);
}

/* ---- prove / verify */

static const char *opt(int argc, char **argv, const char *name) {
    for (int i = 0; i + 1 < argc; i++)
        if (strcmp(argv[i], name) == 0) return argv[i + 1];
    return NULL;
}

static int cmd_prove(int argc, char **argv) {
    const char *name = opt(argc, argv, "--circuit"), *wpath = opt(argc, argv, "--witness"),
               *out = opt(argc, argv, "--out"), *seed_hex = opt(argc, argv, "--seed"),
               *th = opt(argc, argv, "--threads");
    uint8_t seed[32] = {0};
    if (!name || !wpath || !out || (seed_hex && (strlen(seed_hex) != 64 || parse_hex32(seed, seed_hex)))) {
        fprintf(stderr, "usage: prover_bench prove --circuit plonk_k11 --witness FILE --out PROOF "
                        "[--seed 64-HEX] [--threads N]\n");
        return 2;
    }
    const int threads = th ? atoi(th) : 0;
    circuit c;
    int rc = circuit_init(&c, name, threads);
    if (rc == PASTA_OK && load_witness(&c, wpath) != 0) rc = PASTA_ERR_INVALID_ARG;
    static uint8_t proof[MAX_PROOF];
    size_t len = 0;
    if (rc == PASTA_OK) rc = prove_once(&c, seed, threads, proof, &len, NULL);
    if (rc == PASTA_OK) {
        FILE *f = fopen(out, "wb");
        if (f == NULL || fwrite(proof, 1, len, f) != len || fclose(f) != 0) {
            perror(out);
            rc = PASTA_ERR_INVALID_ARG;
        }
    }
    if (rc == PASTA_OK) printf("%s: %zu bytes\n", out, len);
    else fprintf(stderr, "prover_bench prove: %s\n", pasta_strerror(rc));
    circuit_free(&c);
    return rc == PASTA_OK ? 0 : 1;
}

static int cmd_verify(int argc, char **argv) {
    const char *name = opt(argc, argv, "--circuit");
    const char *path = argc > 0 ? argv[argc - 1] : NULL;
    if (!name || !path || path[0] == '-') {
        fprintf(stderr, "usage: prover_bench verify --circuit plonk_k11 PROOF\n");
        return 2;
    }
    static uint8_t proof[MAX_PROOF];
    size_t len;
    if (read_file(path, proof, sizeof proof, &len) != 0) return 1;
    circuit c;
    int rc = circuit_init(&c, name, 0);
    if (rc == PASTA_OK) rc = halo2_verify_proof(&c.params, &c.vk, NULL, NULL, proof, len);
    if (rc == PASTA_OK) printf("ok\n");
    else if (rc == HALO2_ERR_VERIFY) fprintf(stderr, "prover_bench verify: the proof does not verify\n");
    else fprintf(stderr, "prover_bench verify: %s\n", pasta_strerror(rc));
    circuit_free(&c);
    return rc == PASTA_OK ? 0 : 1;
}

/* ---- bench */

static double clock_ns(int threads) {
    struct timespec ts;
    clock_gettime(threads > 1 ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* samples of fn's time; linear iteration counts are not needed at these durations: one
 * operation per sample, after one warm-up run. */
typedef int (*op_fn)(circuit *c, int threads, halo2_prover_timings *t, uint8_t *proof, size_t *len);

static const uint8_t bench_seed[32] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                       1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};

static int op_prove(circuit *c, int threads, halo2_prover_timings *t, uint8_t *proof, size_t *len) {
    return prove_once(c, bench_seed, threads, proof, len, t);
}
static int op_verify(circuit *c, int threads, halo2_prover_timings *t, uint8_t *proof, size_t *len) {
    (void)threads, (void)t;
    return halo2_verify_proof(&c->params, &c->vk, NULL, NULL, proof, *len);
}
static int op_keygen(circuit *c, int threads, halo2_prover_timings *t, uint8_t *proof, size_t *len) {
    (void)threads, (void)t, (void)proof, (void)len;
    halo2_pk_free(&c->pk);
    return keygen(c);
}

static void set_threads(int threads) { omp_set_num_threads(threads); }

static int bench_row(circuit *c, const char *name, const char *backend, int threads, op_fn fn,
                     int samples, uint8_t *proof, size_t *len, int phases) {
    char rowname[64], extra[128] = "";
    snprintf(rowname, sizeof rowname, "plonk_k11%s%s", name[0] ? "/" : "", name);
    pasta_bench_id id = {"prover", rowname, backend, NULL, (uint64_t)c->params.n, threads};
    if (!pasta_bench_selected(&id)) return 0;
    double *v = malloc((size_t)samples * sizeof *v);
    double *ph = calloc((size_t)samples * HALO2_NUM_PHASES, sizeof *ph);
    if (!v || !ph) return -1;
    halo2_prover_timings t = {{0}};
    set_threads(threads);
    if (fn(c, threads, &t, proof, len) != PASTA_OK) return -1; /* warm-up */
    for (int s = 0; s < samples; s++) {
        double t0 = clock_ns(threads);
        if (fn(c, threads, &t, proof, len) != PASTA_OK) return -1;
        v[s] = clock_ns(threads) - t0;
        for (int p = 0; p < HALO2_NUM_PHASES; p++) ph[(size_t)p * samples + s] = t.ns[p];
    }
    if (fn == op_prove) {
        XXH128_hash_t h = XXH3_128bits(proof, *len);
        snprintf(extra, sizeof extra, "\"digest\":\"%016llx%016llx\",\"proof_bytes\":%zu",
                 (unsigned long long)h.high64, (unsigned long long)h.low64, *len);
    }
    pasta_bench_set_extra_json(extra);
    pasta_bench_report(&id, threads > 1 ? PASTA_BENCH_CLOCK_WALL : PASTA_BENCH_CLOCK_THREAD_CPU, v,
                       samples, NULL);
    pasta_bench_set_extra_json(NULL);
    if (phases) {
        for (int p = 0; p < HALO2_NUM_PHASES; p++) {
            char pn[64];
            snprintf(pn, sizeof pn, "plonk_k11/%s", halo2_phase_names[p]);
            pasta_bench_id pid = {"prover", pn, backend, NULL, (uint64_t)c->params.n, threads};
            pasta_bench_report(&pid, threads > 1 ? PASTA_BENCH_CLOCK_WALL : PASTA_BENCH_CLOCK_THREAD_CPU, &ph[(size_t)p * samples], samples, NULL);
        }
    }
    free(v);
    free(ph);
    return 0;
}

static int cmd_bench(int argc, char **argv) {
    pasta_bench_args args;
    argc = pasta_bench_parse_args(argc, argv, &args);
    if (argc < 0) return 2;
    const char *th = opt(argc, argv, "--threads");
    int threads[8], nt = 0;
    {
        char buf[64];
        snprintf(buf, sizeof buf, "%s", th ? th : "1,2,8");
        for (char *tok = strtok(buf, ","); tok && nt < 8; tok = strtok(NULL, ",")) threads[nt++] = atoi(tok);
    }
    const int full = args.config.samples >= 100;
    const int samples = full ? 10 : 5;
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 0; i < nt; i++)
        if (threads[i] > cores)
            fprintf(stderr, "prover_bench: warning: %d threads on %ld cores: oversubscribed, "
                            "those figures measure contention, not scaling\n", threads[i], cores);
    circuit c;
    if (circuit_init(&c, "plonk_k11", 0) != PASTA_OK) return 1;
    pasta_fp a;
    pasta_fp_from_u64(&a, 0x1234567);
    halo2_plonk_synthesize_witness(c.advice, c.k, &c.cfg, &a);
    static uint8_t proof[MAX_PROOF];
    size_t len = 0;
    const pasta_backend backends[2] = {PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM};
    int rc = 0;
    for (int b = 0; b < 2 && rc == 0; b++) {
        if (!pasta_backend_supported(backends[b])) continue;
        pasta_backend_set(backends[b]);
        const char *bn = pasta_backend_name(backends[b]);
        for (int i = 0; i < nt && rc == 0; i++) {
            rc |= bench_row(&c, "", bn, threads[i], op_prove, samples, proof, &len, 1);
            rc |= bench_row(&c, "verify", bn, threads[i], op_verify, samples, proof, &len, 0);
            rc |= bench_row(&c, "keygen", bn, threads[i], op_keygen, samples, proof, &len, 0);
        }
    }
    pasta_backend_set(PASTA_BACKEND_AUTO);
    circuit_free(&c);
    pasta_bench_args_close(&args);
    return rc == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "prove") == 0) return cmd_prove(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "verify") == 0) return cmd_verify(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "bench") == 0) return cmd_bench(argc - 1, argv + 1);
    fprintf(stderr, "usage: prover_bench prove|verify|bench ... (see prover_bench/README.md)\n");
    return 2;
}
