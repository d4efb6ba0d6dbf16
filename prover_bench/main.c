/* prover_bench: halo2-compatible proofs with pasta, from the command line.
 *
 *   prover_bench prove  --circuit C [--witness FILE] --out PROOF [--instance-out FILE]
 *                       [--actions A] [--seed 64-HEX] [--threads N]
 *   prover_bench verify --circuit C [--instance FILE] [--actions A] PROOF
 *   prover_bench bench  [--quick|--full] [--json FILE] [--circuit C] [--threads 1,2,8]
 *                       [--actions 1,4] [--backend NAME] [--filter S]
 *                       [--warmup S --measure S --samples N]
 *
 * Circuits (prover_bench/README.md):
 *   plonk_k11    halo2's benches/plonk.rs at k = 11; witness file "a <64 hex digits>" (the
 *                32-byte repr of a), as tests/vectors/halo2/plonk_k11/
 *   lookup_k11   the interop lookup circuit; witness file "bits <1000 digits 0/1>"; its
 *                instance (2 values) as instance-N.hex: one 64-hex-digit repr a line
 *   orchard_k11  the Orchard-shaped circuit (prover_bench/ORCHARD.md), A actions in one
 *                proof; witness = action i from seed 100 + i (no file); instance: 10
 *                reprs a line per action, action after action
 * The params are Params::new(k), computed (byte-identical to halo2's params-k11.bin).
 * prove: a proof from the documented DRBG (prover.h) with the 32-byte seed (default 32
 * zero bytes), written raw; --instance-out writes the instance file the verifier takes.
 * verify: exit 0 and "ok" when the proof verifies, else the error and exit 1.
 * bench: suite "prover", names "<circuit>" (prove), "<circuit>/verify",
 * "<circuit>/keygen" (keygen_vk + keygen_pk) and "<circuit>/<phase>" (prover.h's phases,
 * from the measured proofs), per backend, thread count (and action count: "actions" in
 * the JSON line); prove rows carry the proof's XXH3-128 "digest" and "proof_bytes". One
 * thread: the thread's CPU time; more: wall time. Ends with the per-phase table.
 * Samples: 5 (--quick), 10 (--full) or --samples N, one proof each, after one unmeasured
 * proof unless --warmup 0; "config" (the build's kernel configuration) in each line. */
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
#include "prover_bench/orchard.h"
#include "prover_bench/prover.h"
#include "prover_bench/verifier.h"

#define MAX_PROOF (1 << 16)
#ifndef PASTA_BUILD_CONFIG
#define PASTA_BUILD_CONFIG "unknown" /* the library's field-kernel configuration (CMake) */
#endif
#define MAX_ACTIONS HALO2_MAX_CIRCUITS
#define MAX_INST HALO2_ORCHARD_INSTANCES

enum circuit_kind { PLONK, LOOKUP, ORCHARD };

/* ---- A circuit: its keys and its witnesses. */
typedef struct circuit {
    const char *name;
    int kind, k, actions;
    halo2_params params;
    halo2_cs cs;
    halo2_plonk_config plonk;
    halo2_lookup_config lookup;
    halo2_orchard_config orchard;
    halo2_vk vk;
    halo2_pk pk;
    halo2_commit_key ck;
    int ncols; /* advice columns */
    pasta_fp *advice[MAX_ACTIONS];
    pasta_fp inst[MAX_ACTIONS][MAX_INST];
    const pasta_fp *cols[MAX_ACTIONS][1];
    size_t lens[MAX_ACTIONS][1];
    halo2_witness w[MAX_ACTIONS];
} circuit;

static int keygen(circuit *c) {
    halo2_assembly a;
    halo2_cs_init(&c->cs);
    if (c->kind == PLONK) halo2_plonk_configure(&c->cs, &c->plonk);
    else if (c->kind == LOOKUP) halo2_lookup_configure(&c->cs, &c->lookup);
    else halo2_orchard_configure(&c->cs, &c->orchard);
    int rc = halo2_assembly_init(&a, &c->cs, c->k);
    if (rc != PASTA_OK) return rc;
    if (c->kind == PLONK) rc = halo2_plonk_synthesize_keygen(&a, &c->cs, &c->plonk);
    else if (c->kind == LOOKUP) rc = halo2_lookup_synthesize_keygen(&a, &c->cs, &c->lookup);
    else rc = halo2_orchard_synthesize_keygen(&a, &c->cs, &c->orchard);
    if (rc == PASTA_OK) rc = halo2_assembly_compress_selectors(&a, &c->cs);
    if (rc == PASTA_OK) rc = halo2_keygen_vk(&c->vk, &c->params, &c->cs, &a);
    if (rc == PASTA_OK) rc = halo2_keygen_pk(&c->pk, &c->vk, &c->cs, &a);
    halo2_assembly_free(&a);
    return rc;
}

static void circuit_free(circuit *c) {
    for (int i = 0; i < MAX_ACTIONS; i++) free(c->advice[i]);
    halo2_commit_key_free(&c->ck);
    halo2_pk_free(&c->pk);
    halo2_params_free(&c->params);
}

static int circuit_init(circuit *c, const char *name, int actions, int threads) {
    memset(c, 0, sizeof *c);
    c->name = name;
    if (strcmp(name, "plonk_k11") == 0) c->kind = PLONK, c->ncols = 3;
    else if (strcmp(name, "lookup_k11") == 0) c->kind = LOOKUP, c->ncols = 3;
    else if (strcmp(name, "orchard_k11") == 0) c->kind = ORCHARD, c->ncols = 10;
    else {
        fprintf(stderr, "prover_bench: unknown circuit %s (plonk_k11, lookup_k11, orchard_k11)\n", name);
        return PASTA_ERR_INVALID_ARG;
    }
    if (actions < 1 || actions > MAX_ACTIONS || (c->kind != ORCHARD && actions != 1)) {
        fprintf(stderr, "prover_bench: --actions %d: 1 .. %d, orchard_k11 only\n", actions, MAX_ACTIONS);
        return PASTA_ERR_INVALID_ARG;
    }
    c->k = 11;
    c->actions = actions;
    int rc = halo2_params_new(&c->params, (uint32_t)c->k);
    if (rc == PASTA_OK) rc = keygen(c);
    if (rc == PASTA_OK) rc = halo2_commit_key_init(&c->ck, &c->params, 0, threads);
    for (int i = 0; rc == PASTA_OK && i < MAX_ACTIONS; i++) {
        c->advice[i] = calloc((size_t)c->ncols * c->params.n, sizeof(pasta_fp));
        if (c->advice[i] == NULL) rc = PASTA_ERR_NO_MEMORY;
        c->cols[i][0] = c->inst[i];
        c->w[i].advice = c->advice[i];
        c->w[i].instances = c->kind == PLONK ? NULL : c->cols[i];
        c->w[i].instance_lens = c->kind == PLONK ? NULL : c->lens[i];
        c->lens[i][0] = c->kind == LOOKUP ? 2 : MAX_INST;
    }
    return rc;
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

/* The witness of every action: from the file (plonk_k11, lookup_k11), from the seeds
 * (orchard_k11), or a default (plonk_k11 without a file: a = 0x1234567). */
static int load_witness(circuit *c, const char *path) {
    static uint8_t buf[4096];
    size_t len = 0;
    if (c->kind == ORCHARD) {
        for (int i = 0; i < c->actions; i++)
            if (halo2_orchard_synthesize_witness(c->advice[i], c->inst[i], &c->cs, c->k, &c->orchard,
                                                 100 + (uint64_t)i) != PASTA_OK)
                return -1;
        return 0;
    }
    if (path == NULL && c->kind == PLONK) {
        pasta_fp a;
        pasta_fp_from_u64(&a, 0x1234567);
        return halo2_plonk_synthesize_witness(c->advice[0], c->k, &c->plonk, &a) == PASTA_OK ? 0 : -1;
    }
    if (path == NULL) {
        fprintf(stderr, "prover_bench: %s needs --witness FILE\n", c->name);
        return -1;
    }
    if (read_file(path, buf, sizeof buf - 1, &len) != 0) return -1;
    buf[len] = 0;
    if (c->kind == PLONK) {
        uint8_t repr[32];
        pasta_fp a;
        if (len < 66 || memcmp(buf, "a ", 2) != 0 || parse_hex32(repr, (const char *)buf + 2) != 0 ||
            pasta_fp_from_bytes(&a, repr) != PASTA_OK) {
            fprintf(stderr, "prover_bench: %s: expected \"a <64 hex digits>\" (a canonical repr)\n", path);
            return -1;
        }
        return halo2_plonk_synthesize_witness(c->advice[0], c->k, &c->plonk, &a) == PASTA_OK ? 0 : -1;
    }
    uint8_t bits[HALO2_LOOKUP_ROWS];
    if (len < 5 + HALO2_LOOKUP_ROWS || memcmp(buf, "bits ", 5) != 0) {
        fprintf(stderr, "prover_bench: %s: expected \"bits <%d digits 0/1>\"\n", path, HALO2_LOOKUP_ROWS);
        return -1;
    }
    for (int j = 0; j < HALO2_LOOKUP_ROWS; j++) {
        if (buf[5 + j] != '0' && buf[5 + j] != '1') {
            fprintf(stderr, "prover_bench: %s: bit %d is not 0 or 1\n", path, j);
            return -1;
        }
        bits[j] = (uint8_t)(buf[5 + j] - '0');
    }
    return halo2_lookup_synthesize_witness(c->advice[0], c->inst[0], c->k, &c->lookup, bits) == PASTA_OK ? 0 : -1;
}

static int instance_values(const circuit *c) { return c->kind == LOOKUP ? 2 : c->kind == ORCHARD ? MAX_INST : 0; }

static int write_instance(const circuit *c, const char *path) {
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        perror(path);
        return -1;
    }
    for (int i = 0; i < c->actions; i++)
        for (int v = 0; v < instance_values(c); v++) {
            uint8_t repr[32];
            pasta_fp_to_bytes(repr, &c->inst[i][v]);
            for (int j = 0; j < 32; j++) fprintf(f, "%02x", repr[j]);
            fputc('\n', f);
        }
    return fclose(f) == 0 ? 0 : -1;
}

static int read_instance(circuit *c, const char *path) {
    static uint8_t buf[65 * MAX_ACTIONS * MAX_INST + 2];
    size_t len;
    if (read_file(path, buf, sizeof buf - 1, &len) != 0) return -1;
    buf[len] = 0;
    const int want = c->actions * instance_values(c);
    for (int k = 0; k < want; k++) {
        uint8_t repr[32];
        if ((size_t)(65 * k + 64) > len || parse_hex32(repr, (const char *)buf + 65 * k) != 0 ||
            pasta_fp_from_bytes(&c->inst[k / instance_values(c)][k % instance_values(c)], repr) != PASTA_OK) {
            fprintf(stderr, "prover_bench: %s: expected %d canonical reprs, one a line\n", path, want);
            return -1;
        }
    }
    return 0;
}

static int prove_once(circuit *c, const uint8_t seed[32], int threads, uint8_t *proof, size_t *len,
                      halo2_prover_timings *t) {
    halo2_drbg rng;
    halo2_drbg_init(&rng, seed);
    return halo2_create_proof(&c->ck, &c->pk, c->w, c->actions, halo2_drbg_fill, &rng, threads,
                              proof, MAX_PROOF, len, t);
}

static int verify_once(circuit *c, const uint8_t *proof, size_t len) {
    const pasta_fp *const *inst[MAX_ACTIONS];
    const size_t *lens[MAX_ACTIONS];
    for (int i = 0; i < c->actions; i++) inst[i] = c->cols[i], lens[i] = c->lens[i];
    return halo2_verify_proof_multi(&c->params, &c->vk, c->actions, c->kind == PLONK ? NULL : inst,
                                    c->kind == PLONK ? NULL : lens, proof, len);
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
               *th = opt(argc, argv, "--threads"), *iout = opt(argc, argv, "--instance-out"),
               *act = opt(argc, argv, "--actions");
    uint8_t seed[32] = {0};
    if (!name || !out || (seed_hex && (strlen(seed_hex) != 64 || parse_hex32(seed, seed_hex)))) {
        fprintf(stderr, "usage: prover_bench prove --circuit C [--witness FILE] --out PROOF "
                        "[--instance-out FILE] [--actions A] [--seed 64-HEX] [--threads N]\n");
        return 2;
    }
    const int threads = th ? atoi(th) : 0;
    circuit c;
    int rc = circuit_init(&c, name, act ? atoi(act) : 1, threads);
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
    if (rc == PASTA_OK && iout && write_instance(&c, iout) != 0) rc = PASTA_ERR_INVALID_ARG;
    if (rc == PASTA_OK) printf("%s: %zu bytes\n", out, len);
    else fprintf(stderr, "prover_bench prove: %s\n", pasta_strerror(rc));
    circuit_free(&c);
    return rc == PASTA_OK ? 0 : 1;
}

static int cmd_verify(int argc, char **argv) {
    const char *name = opt(argc, argv, "--circuit"), *ipath = opt(argc, argv, "--instance"),
               *act = opt(argc, argv, "--actions");
    const char *path = argc > 0 ? argv[argc - 1] : NULL;
    if (!name || !path || path[0] == '-') {
        fprintf(stderr, "usage: prover_bench verify --circuit C [--instance FILE] [--actions A] PROOF\n");
        return 2;
    }
    static uint8_t proof[MAX_PROOF];
    size_t len;
    if (read_file(path, proof, sizeof proof, &len) != 0) return 1;
    circuit c;
    int rc = circuit_init(&c, name, act ? atoi(act) : 1, 0);
    if (rc == PASTA_OK && c.kind != PLONK) {
        if (ipath == NULL) {
            fprintf(stderr, "prover_bench verify: %s needs --instance FILE\n", name);
            rc = PASTA_ERR_INVALID_ARG;
        } else if (read_instance(&c, ipath) != 0) {
            rc = PASTA_ERR_INVALID_ARG;
        }
    }
    if (rc == PASTA_OK) rc = verify_once(&c, proof, len);
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

static const uint8_t bench_seed[32] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                       1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};

typedef int (*op_fn)(circuit *c, int threads, halo2_prover_timings *t, uint8_t *proof, size_t *len);
static int op_prove(circuit *c, int threads, halo2_prover_timings *t, uint8_t *proof, size_t *len) {
    return prove_once(c, bench_seed, threads, proof, len, t);
}
static int op_verify(circuit *c, int threads, halo2_prover_timings *t, uint8_t *proof, size_t *len) {
    (void)threads, (void)t;
    return verify_once(c, proof, *len);
}
static int op_keygen(circuit *c, int threads, halo2_prover_timings *t, uint8_t *proof, size_t *len) {
    (void)threads, (void)t, (void)proof, (void)len;
    halo2_pk_free(&c->pk);
    return keygen(c);
}

/* the per-phase table: one line per (backend, threads), medians in ms */
typedef struct phase_row {
    char backend[24];
    int threads, actions;
    double total, phase[HALO2_NUM_PHASES];
} phase_row;
static phase_row phase_rows[64];
static int nphase_rows;
static int warmup = 1; /* one unmeasured operation before each row */

static double median(double *v, int n) {
    for (int i = 1; i < n; i++) /* insertion sort: n <= 10 */
        for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
            double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static int bench_row(circuit *c, const char *what, const char *backend, int threads, op_fn fn,
                     int samples, uint8_t *proof, size_t *len) {
    char rowname[64], extra[160];
    snprintf(rowname, sizeof rowname, "%s%s%s", c->name, what[0] ? "/" : "", what);
    pasta_bench_id id = {"prover", rowname, backend, NULL, (uint64_t)c->params.n, threads};
    if (!pasta_bench_selected(&id)) return 0;
    double *v = malloc((size_t)samples * sizeof *v);
    double *ph = calloc((size_t)samples * HALO2_NUM_PHASES, sizeof *ph);
    if (!v || !ph) return -1;
    halo2_prover_timings t = {{0}};
    omp_set_num_threads(threads);
    int rc = warmup || fn != op_prove ? fn(c, threads, &t, proof, len) : PASTA_OK; /* warm-up */
    if (rc == PASTA_OK && fn != op_prove && *len == 0) rc = PASTA_ERR_INVALID_ARG;
    for (int s = 0; rc == PASTA_OK && s < samples; s++) {
        double t0 = clock_ns(threads);
        rc = fn(c, threads, &t, proof, len);
        v[s] = clock_ns(threads) - t0;
        for (int p = 0; p < HALO2_NUM_PHASES; p++) ph[(size_t)p * samples + s] = t.ns[p];
    }
    if (rc != PASTA_OK) {
        fprintf(stderr, "prover_bench: %s: %s\n", rowname, pasta_strerror(rc));
        free(v), free(ph);
        return -1;
    }
    snprintf(extra, sizeof extra, "\"actions\":%d", c->actions);
    if (fn == op_prove) {
        XXH128_hash_t h = XXH3_128bits(proof, *len);
        snprintf(extra, sizeof extra, "\"actions\":%d,\"digest\":\"%016llx%016llx\",\"proof_bytes\":%zu",
                 c->actions, (unsigned long long)h.high64, (unsigned long long)h.low64, *len);
    }
    const pasta_bench_clock clock = threads > 1 ? PASTA_BENCH_CLOCK_WALL : PASTA_BENCH_CLOCK_THREAD_CPU;
    pasta_bench_set_extra(extra);
    pasta_bench_result r;
    pasta_bench_report(&id, clock, v, samples, &r);
    if (fn == op_prove) {
        phase_row *pr = nphase_rows < 64 ? &phase_rows[nphase_rows++] : NULL;
        if (pr) {
            snprintf(pr->backend, sizeof pr->backend, "%s", backend);
            pr->threads = threads;
            pr->actions = c->actions;
            pr->total = r.median_ns / 1e6;
        }
        for (int p = 0; p < HALO2_NUM_PHASES; p++) {
            char pn[64];
            snprintf(pn, sizeof pn, "%s/%s", c->name, halo2_phase_names[p]);
            pasta_bench_id pid = {"prover", pn, backend, NULL, (uint64_t)c->params.n, threads};
            pasta_bench_result q;
            if (pasta_bench_report(&pid, clock, &ph[(size_t)p * samples], samples, &q) == 0 && pr)
                pr->phase[p] = q.median_ns / 1e6;
            else if (pr)
                pr->phase[p] = median(&ph[(size_t)p * samples], samples) / 1e6;
        }
    }
    pasta_bench_set_extra(NULL);
    free(v);
    free(ph);
    return 0;
}

static int parse_list(const char *s, const char *dflt, int *out, int cap) {
    char buf[64];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", s ? s : dflt);
    for (char *tok = strtok(buf, ","); tok && n < cap; tok = strtok(NULL, ",")) out[n++] = atoi(tok);
    return n;
}

static int cmd_bench(int argc, char **argv) {
    pasta_bench_args args;
    argc = pasta_bench_parse_args(argc, argv, &args);
    if (argc < 0) return 2;
    const char *name = opt(argc, argv, "--circuit");
    if (name == NULL) name = "plonk_k11";
    int threads[8], actions[8];
    const int nt = parse_list(opt(argc, argv, "--threads"), "1,2,8", threads, 8);
    const int na = strcmp(name, "orchard_k11") == 0 ? parse_list(opt(argc, argv, "--actions"), "1,4", actions, 8)
                                                    : (actions[0] = 1, 1);
    /* samples: 5 (--quick), 10 (--full), else as --samples gives them */
    const int samples = args.config.samples == 20 ? 5 : args.config.samples == 100 ? 10 : args.config.samples;
    const char *only = opt(argc, argv, "--backend");
    warmup = args.config.warmup_s > 0;
    pasta_bench_set_build_config(PASTA_BUILD_CONFIG);
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 0; i < nt; i++)
        if (threads[i] > cores)
            fprintf(stderr, "prover_bench: warning: %d threads on %ld cores: oversubscribed, "
                            "those figures measure contention, not scaling\n", threads[i], cores);
    static uint8_t proof[MAX_PROOF];
    size_t len = 0;
    const pasta_backend backends[2] = {PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM};
    int rc = 0;
    for (int a = 0; a < na && rc == 0; a++) {
        circuit c;
        if (circuit_init(&c, name, actions[a], 0) != PASTA_OK || load_witness(&c, NULL) != 0) {
            circuit_free(&c);
            return 1;
        }
        for (int b = 0; b < 2 && rc == 0; b++) {
            if (!pasta_backend_supported(backends[b])) continue;
            const char *bn = pasta_backend_name(backends[b]);
            if (only && strcmp(only, bn) != 0) continue;
            pasta_backend_set(backends[b]);
            for (int i = 0; i < nt && rc == 0; i++) {
                rc |= bench_row(&c, "", bn, threads[i], op_prove, samples, proof, &len);
                rc |= bench_row(&c, "verify", bn, threads[i], op_verify, samples, proof, &len);
                if (a == 0) rc |= bench_row(&c, "keygen", bn, threads[i], op_keygen, samples, proof, &len);
            }
        }
        pasta_backend_set(PASTA_BACKEND_AUTO);
        circuit_free(&c);
    }
    if (nphase_rows > 0) {
        printf("\n# %s: prove, per phase (median ms; 1 thread: thread CPU time, more: wall)\n", name);
        printf("%-12s %3s %3s %9s", "backend", "A", "thr", "prove");
        for (int p = 0; p < HALO2_NUM_PHASES; p++) printf(" %12s", halo2_phase_names[p]);
        printf("\n");
        for (int r = 0; r < nphase_rows; r++) {
            const phase_row *pr = &phase_rows[r];
            printf("%-12s %3d %3d %9.2f", pr->backend, pr->actions, pr->threads, pr->total);
            for (int p = 0; p < HALO2_NUM_PHASES; p++) printf(" %12.2f", pr->phase[p]);
            printf("\n");
        }
    }
    pasta_bench_args_close(&args);
    return rc == 0 ? 0 : 1;
}

/* `rounds`: one proof per stdin request, for the main job's paired rounds */
#include "prover_bench/bench_rounds.c"

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "rounds") == 0) return cmd_rounds(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "prove") == 0) return cmd_prove(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "verify") == 0) return cmd_verify(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "bench") == 0) return cmd_bench(argc - 1, argv + 1);
    fprintf(stderr, "usage: prover_bench prove|verify|bench ... (see prover_bench/README.md)\n");
    return 2;
}
