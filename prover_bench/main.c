/* prover_bench: halo2-compatible proofs with pasta, from the command line.
 *
 *   prover_bench prove  --circuit C (--witness FILE | --demo-witness) --out PROOF
 *                       [--instance-out FILE] [--actions A] [--seed 64-HEX] [--threads N]
 *   prover_bench verify --circuit C [--instance FILE] [--actions A] PROOF
 *   prover_bench bench  [--quick|--full] [--json FILE] [--circuit C] [--threads 1,2,8]
 *                       [--actions 1,4] [--backend NAME] [--filter S]
 *                       [--warmup S] [--measure S] [--samples N]
 *   every command: --help, --version
 *
 * prover_bench/README.md documents the circuits, the input formats (cli_io.h: strict,
 * LF or CRLF, canonical values, nothing extra), the flags and the exit codes:
 *   0 ok; 1 the proof is rejected (malformed or does not verify); 2 usage or input error
 *   (flags, witness / instance files, unreadable proof, output path); 3 internal or
 *   resource error (out of memory, a failed write, a library error).
 * Outputs (the proof, --instance-out, --json excepted: it appends) are written to a
 * temporary file in the target directory and renamed when complete.
 * The params are Params::new(k), computed (byte-identical to halo2's params-k11.bin).
 * prove: a proof from the documented DRBG (prover.h) with the 32-byte seed (default 32
 * zero bytes), written raw. verify: exit 0 and "ok" when the proof verifies.
 * bench: suite "prover", names "<circuit>" (prove), "<circuit>/verify",
 * "<circuit>/keygen" (keygen_vk + keygen_pk) and "<circuit>/<phase>" (prover.h's phases,
 * from the measured proofs), per backend, thread count (and action count: "actions" in
 * the JSON line), on the demo witness; prove rows carry the proof's XXH3-128 "digest"
 * and "proof_bytes". One thread: the thread's CPU time; more: wall time. Ends with the
 * per-phase table. Samples: 5 (--quick), 10 (default, --full) or --samples N, one
 * operation each; warm-up: one unmeasured operation per row, or --warmup S seconds of
 * them (0: none); --measure S: more samples until the measured ones total S seconds. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <omp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "harness.h"
#include "circuits.h"
#include "cli_io.h"
#include "orchard.h"
#include "prover.h"
#include "verifier.h"

#define MAX_PROOF (1 << 16)
#ifndef PASTA_BUILD_CONFIG
#define PASTA_BUILD_CONFIG "unknown" /* the library's field-kernel configuration (CMake) */
#endif
#define MAX_ACTIONS HALO2_MAX_CIRCUITS
#define MAX_INST HALO2_ORCHARD_INSTANCES
#define CIRCUIT_K 11

enum { EXIT_REJECTED = 1, EXIT_USAGE = 2, EXIT_INTERNAL = 3 };
enum circuit_kind { PLONK, LOOKUP, ORCHARD };
static const char *const circuit_names[3] = {"plonk_k11", "lookup_k11", "orchard_k11"};

static const char *cmd_name = "prover_bench"; /* "prover_bench CMD" in messages */

static int msg(int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", cmd_name);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return code;
}

/* ---- Arguments: one parser for every command. "--name value" or "--name=value";
 * "--" ends the options. Unknown options, missing values, repeats: usage errors. */
typedef struct optdef {
    const char *name;
    int takes_value;
} optdef;

#define MAX_OPTS 16
typedef struct args {
    const optdef *defs;
    int ndefs;
    const char *val[MAX_OPTS]; /* the value, or "" for a given flag; NULL: not given */
    const char *pos[2];
    int npos;
} args;

static int edit_distance(const char *a, const char *b) {
    int d[64], la = (int)strlen(a), lb = (int)strlen(b);
    if (la > 62 || lb > 62) return 99;
    for (int j = 0; j <= lb; j++) d[j] = j;
    for (int i = 1; i <= la; i++) {
        int prev = d[0];
        d[0] = i;
        for (int j = 1; j <= lb; j++) {
            int t = d[j], c = prev + (a[i - 1] != b[j - 1]);
            if (d[j] + 1 < c) c = d[j] + 1;
            if (d[j - 1] + 1 < c) c = d[j - 1] + 1;
            d[j] = c;
            prev = t;
        }
    }
    return d[lb];
}

static int usage_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", cmd_name);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n(%s --help for the usage)\n", cmd_name);
    return EXIT_USAGE;
}

/* 0 when parsed; else the exit code (after printing). */
static int parse_args(args *a, const optdef *defs, int ndefs, int max_pos, int argc, char **argv) {
    memset(a, 0, sizeof *a);
    a->defs = defs;
    a->ndefs = ndefs;
    int opts_done = 0;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        if (opts_done || s[0] != '-' || strcmp(s, "-") == 0) {
            if (a->npos >= max_pos)
                return max_pos == 0 ? usage_error("unexpected argument '%s'", s)
                                    : usage_error("unexpected argument '%s' (one PROOF only)", s);
            a->pos[a->npos++] = s;
            continue;
        }
        if (strcmp(s, "--") == 0) {
            opts_done = 1;
            continue;
        }
        if (strcmp(s, "-h") == 0) s = "--help";
        const char *eq = strchr(s, '=');
        const size_t nl = eq ? (size_t)(eq - s) : strlen(s);
        int k = -1;
        for (int d = 0; d < ndefs; d++)
            if (strlen(defs[d].name) == nl && strncmp(defs[d].name, s, nl) == 0) k = d;
        if (k < 0) {
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(nl < 60 ? nl : 60), s);
            int best = -1, bd = 3;
            for (int d = 0; d < ndefs; d++) {
                int e = edit_distance(name, defs[d].name);
                if (e < bd) bd = e, best = d;
            }
            if (best >= 0) return usage_error("unknown option '%s' (did you mean %s?)", name, defs[best].name);
            return usage_error("unknown option '%s'", name);
        }
        if (a->val[k] != NULL) return usage_error("%s given twice", defs[k].name);
        if (!defs[k].takes_value) {
            if (eq) return usage_error("%s takes no value", defs[k].name);
            a->val[k] = "";
        } else if (eq) {
            a->val[k] = eq + 1;
        } else {
            if (i + 1 >= argc) return usage_error("%s needs a value", defs[k].name);
            a->val[k] = argv[++i];
        }
        if (defs[k].takes_value && a->val[k][0] == 0) return usage_error("%s: an empty value", defs[k].name);
    }
    return 0;
}

static const char *arg(const args *a, const char *name) {
    for (int d = 0; d < a->ndefs; d++)
        if (strcmp(a->defs[d].name, name) == 0) return a->val[d];
    return NULL;
}

/* A whole number in lo .. hi: digits only (a leading '-' for a negative). */
static int parse_int(const char *name, const char *s, long lo, long hi, int *out) {
    const char *p = s + (s[0] == '-');
    int ok = *p != 0;
    for (; *p; p++) ok &= *p >= '0' && *p <= '9';
    errno = 0;
    long long v = ok ? strtoll(s, NULL, 10) : 0;
    if (!ok) return usage_error("%s %s: not a whole number (expected %ld .. %ld)", name, s, lo, hi);
    if (errno == ERANGE || v < lo || v > hi)
        return usage_error("%s %s: out of range (expected %ld .. %ld)", name, s, lo, hi);
    *out = (int)v;
    return 0;
}

/* A comma-separated list of whole numbers in lo .. hi, 1 .. cap of them. */
static int parse_list(const char *name, const char *s, long lo, long hi, int *out, int cap, int *n) {
    char buf[256];
    if (strlen(s) >= sizeof buf) return usage_error("%s: too long", name);
    snprintf(buf, sizeof buf, "%s", s);
    *n = 0;
    for (char *p = buf;;) {
        char *c = strchr(p, ',');
        if (c) *c = 0;
        if (*n >= cap) return usage_error("%s %s: at most %d values", name, s, cap);
        if (*p == 0) return usage_error("%s %s: an empty entry", name, s);
        int rc = parse_int(name, p, lo, hi, &out[*n]);
        if (rc) return rc;
        (*n)++;
        if (!c) break;
        p = c + 1;
    }
    return 0;
}

/* Seconds: digits with at most one '.', 0 .. 1e6. */
static int parse_seconds(const char *name, const char *s, double *out) {
    int digits = 0, dots = 0;
    for (const char *p = s; *p; p++) {
        if (*p >= '0' && *p <= '9') digits++;
        else if (*p == '.') dots++;
        else digits = -1000;
    }
    const double v = digits > 0 && dots <= 1 ? strtod(s, NULL) : -1;
    if (!(v >= 0 && v <= 1e6)) return usage_error("%s %s: expected seconds, 0 .. 1000000", name, s);
    *out = v;
    return 0;
}

static int parse_circuit(const char *s, int *kind) {
    if (s == NULL) return usage_error("--circuit is required (plonk_k11, lookup_k11, orchard_k11)");
    for (int k = 0; k < 3; k++)
        if (strcmp(s, circuit_names[k]) == 0) {
            *kind = k;
            return 0;
        }
    return usage_error("--circuit %s: unknown (plonk_k11, lookup_k11, orchard_k11)", s);
}

static int parse_actions(const char *s, int kind, int *actions) {
    *actions = 1;
    if (s == NULL) return 0;
    if (kind != ORCHARD) return usage_error("--actions: orchard_k11 only");
    return parse_int("--actions", s, 1, MAX_ACTIONS, actions);
}

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

/* kind and actions already checked (parse_circuit, parse_actions); the commit key
 * (fixed-base tables: the prover's) only when prover is set */
static int circuit_init(circuit *c, int kind, int actions, int threads, int prover) {
    memset(c, 0, sizeof *c);
    c->name = circuit_names[kind];
    c->kind = kind;
    c->ncols = kind == ORCHARD ? 10 : 3;
    c->k = CIRCUIT_K;
    c->actions = actions;
    int rc = halo2_params_new(&c->params, (uint32_t)c->k);
    if (rc == PASTA_OK) rc = keygen(c);
    if (rc == PASTA_OK && prover) rc = halo2_commit_key_init(&c->ck, &c->params, 0, threads);
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

static int instance_values(int kind) { return kind == LOOKUP ? 2 : kind == ORCHARD ? MAX_INST : 0; }

/* The witness: plonk_k11's a or lookup_k11's bits (from a file or the demo), orchard_k11's
 * actions from the seeds 100 + i (the demo: it has no file format). */
typedef struct witness_in {
    pasta_fp a;
    uint8_t bits[HALO2_LOOKUP_ROWS];
} witness_in;

static void demo_witness(witness_in *w) {
    pasta_fp_from_u64(&w->a, 0x1234567);
    for (int i = 0; i < HALO2_LOOKUP_ROWS; i++) w->bits[i] = (uint8_t)((i * 7 + 3) % 5 < 2);
}

static int synthesize(circuit *c, const witness_in *w) {
    if (c->kind == PLONK) return halo2_plonk_synthesize_witness(c->advice[0], c->k, &c->plonk, &w->a);
    if (c->kind == LOOKUP)
        return halo2_lookup_synthesize_witness(c->advice[0], c->inst[0], c->k, &c->lookup, w->bits);
    for (int i = 0; i < c->actions; i++) {
        int rc = halo2_orchard_synthesize_witness(c->advice[i], c->inst[i], &c->cs, c->k, &c->orchard,
                                                  100 + (uint64_t)i);
        if (rc != PASTA_OK) return rc;
    }
    return PASTA_OK;
}

/* Reads a whole input file (not a directory) of at most cap bytes. 0; -1: larger than
 * cap (the caller says what it expected); else an exit code (after the message). */
static int read_input(const char *what, const char *path, uint8_t *buf, size_t cap, size_t *len) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return msg(EXIT_USAGE, "%s %s: %s", what, path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(fd);
        return msg(EXIT_USAGE, "%s %s: is a directory", what, path);
    }
    size_t n = 0;
    for (;;) {
        ssize_t r = read(fd, buf + n, cap - n);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) {
            int e = errno;
            close(fd);
            return msg(EXIT_USAGE, "%s %s: %s", what, path, strerror(e));
        }
        if (r == 0) break;
        n += (size_t)r;
        if (n == cap) {
            uint8_t extra;
            ssize_t more = read(fd, &extra, 1);
            close(fd);
            if (more > 0) return -1;
            *len = n;
            return 0;
        }
    }
    close(fd);
    *len = n;
    return 0;
}

static int prove_once(circuit *c, const uint8_t seed[32], int threads, uint8_t *proof, size_t *len,
                      halo2_prover_timings *t) {
    halo2_drbg rng;
    halo2_drbg_init(&rng, seed);
    return halo2_create_proof(&c->ck, &c->pk, c->w, c->actions, halo2_drbg_fill, &rng, threads,
                              proof, MAX_PROOF, len, t);
}

static int verify_once(circuit *c, const uint8_t *proof, size_t len, halo2_fault *fault,
                       size_t *offset) {
    const pasta_fp *const *inst[MAX_ACTIONS];
    const size_t *lens[MAX_ACTIONS];
    for (int i = 0; i < c->actions; i++) inst[i] = c->cols[i], lens[i] = c->lens[i];
    return halo2_verify_proof_explain(&c->params, &c->vk, c->actions, c->kind == PLONK ? NULL : inst,
                                      c->kind == PLONK ? NULL : lens, proof, len, fault, offset);
}

static int library_error(const char *what, int rc) {
    return msg(EXIT_INTERNAL, "%s failed: %s", what, halo2_strerror(rc));
}

/* ---- --help, --version */

static const char usage_prove[] =
    "usage: prover_bench prove --circuit C (--witness FILE | --demo-witness) --out PROOF\n"
    "                          [--instance-out FILE] [--actions A] [--seed 64-HEX] [--threads N]\n"
    "  --circuit C         plonk_k11, lookup_k11 or orchard_k11\n"
    "  --witness FILE      plonk_k11: one line \"a \" + 64 hex digits (a's 32-byte LE repr);\n"
    "                      lookup_k11: one line \"bits \" + 1000 digits 0/1\n"
    "  --demo-witness      the built-in witness (plonk_k11 a = 0x1234567; lookup_k11 fixed bits;\n"
    "                      orchard_k11, which has no witness file: action i from seed 100 + i)\n"
    "  --out PROOF         the proof, raw (halo2's transcript bytes)\n"
    "  --instance-out FILE the instance values for verify --instance (lookup_k11, orchard_k11)\n"
    "  --actions A         orchard_k11: 1 .. 8 actions in one proof (default 1)\n"
    "  --seed 64-HEX       the prover's DRBG seed, 32 bytes (default all zero)\n"
    "  --threads N         0 (OpenMP's default) or 1 .. 1024\n"
    "exit: 0 ok, 2 usage or input error, 3 internal or resource error\n";
static const char usage_verify[] =
    "usage: prover_bench verify --circuit C [--instance FILE] [--actions A] PROOF\n"
    "  --instance FILE     lookup_k11 (2 lines), orchard_k11 (10 lines per action): one value a\n"
    "                      line, 64 hex digits (the 32-byte LE repr), as prove --instance-out\n"
    "  --actions A         orchard_k11: the proof's action count (default 1)\n"
    "exit: 0 verifies (prints ok), 1 rejected (malformed or does not verify),\n"
    "      2 usage or input error, 3 internal or resource error\n";
static const char usage_bench[] =
    "usage: prover_bench bench [--quick|--full] [--json FILE] [--circuit C] [--threads 1,2,8]\n"
    "                          [--actions 1,4] [--backend NAME] [--filter S[,S...]]\n"
    "                          [--warmup S] [--measure S] [--samples N]\n"
    "  --circuit C         plonk_k11 (default), lookup_k11, orchard_k11 (demo witnesses)\n"
    "  --threads LIST      thread counts, each 1 .. 1024 (default 1,2,8)\n"
    "  --actions LIST      orchard_k11: action counts, each 1 .. 8 (default 1,4)\n"
    "  --backend NAME      portable, x86_64-asm or auto (default: every supported one)\n"
    "  --filter S          rows whose key prover/NAME/-/BACKEND/2048/THREADS contains S\n"
    "  --quick, --full     5 or 10 samples (default 10)\n"
    "  --samples N         1 .. 100000 samples, one operation each\n"
    "  --warmup S          unmeasured operations for S seconds before each row (default: one)\n"
    "  --measure S         more samples until the measured ones total S seconds (default 0)\n"
    "  --json FILE         append one JSON line per row\n"
    "exit: 0 ok, 2 usage error, 3 internal or resource error\n";

static int print_version(void) {
    printf("prover_bench (pasta %s, config %s; halo2_proofs 0.3.2 proofs)\n", pasta_version(),
           PASTA_BUILD_CONFIG);
    return 0;
}

/* Common to every command: --help (text on stdout, exit 0) and --version. -1: neither. */
static int help_or_version(const args *a, const char *usage) {
    if (arg(a, "--help")) return fputs(usage, stdout), 0;
    if (arg(a, "--version")) return print_version();
    return -1;
}

/* ---- prove / verify */

/* SIGINT, SIGTERM, SIGHUP while proving: remove the temporary outputs, then die of it */
static pb_out *volatile live_outs[2];
static void on_signal(int sig) {
    for (int i = 0; i < 2; i++)
        if (live_outs[i] && live_outs[i]->tmp[0]) unlink(live_outs[i]->tmp);
    signal(sig, SIG_DFL);
    raise(sig);
}

static int cmd_prove(int argc, char **argv) {
    static const optdef defs[] = {{"--help", 0},      {"--version", 0},      {"--circuit", 1},
                                  {"--witness", 1},   {"--demo-witness", 0}, {"--out", 1},
                                  {"--instance-out", 1}, {"--actions", 1},   {"--seed", 1},
                                  {"--threads", 1}};
    args a;
    int rc = parse_args(&a, defs, (int)(sizeof defs / sizeof defs[0]), 0, argc, argv);
    if (rc) return rc;
    if ((rc = help_or_version(&a, usage_prove)) >= 0) return rc;
    const char *wpath = arg(&a, "--witness"), *out = arg(&a, "--out"),
               *iout = arg(&a, "--instance-out"), *seed_hex = arg(&a, "--seed"),
               *th = arg(&a, "--threads");
    const int demo = arg(&a, "--demo-witness") != NULL;
    int kind, actions, threads = 0;
    uint8_t seed[32] = {0};
    char err[PB_ERR_CAP];
    if ((rc = parse_circuit(arg(&a, "--circuit"), &kind)) != 0) return rc;
    if ((rc = parse_actions(arg(&a, "--actions"), kind, &actions)) != 0) return rc;
    if (th && (rc = parse_int("--threads", th, 0, HALO2_MAX_THREADS, &threads)) != 0) return rc;
    if (seed_hex && pb_parse_hex32(seed, seed_hex, strlen(seed_hex), "--seed", err, sizeof err) != 0)
        return usage_error("%s", err);
    if (out == NULL) return usage_error("--out PROOF is required");
    if (wpath && demo) return usage_error("--witness and --demo-witness exclude each other");
    if (kind == ORCHARD && wpath)
        return usage_error("orchard_k11 has no witness file format: use --demo-witness");
    if (!wpath && !demo) return usage_error("%s needs --witness FILE (or --demo-witness)", circuit_names[kind]);
    if (iout && kind == PLONK) return usage_error("--instance-out: plonk_k11 has no instance");
    if (iout && pb_same_file(out, iout)) return usage_error("--out and --instance-out name the same file (%s)", out);

    witness_in w;
    demo_witness(&w);
    if (wpath) {
        static uint8_t buf[4096];
        size_t len = 0;
        rc = read_input("--witness", wpath, buf, sizeof buf, &len);
        if (rc < 0) return msg(EXIT_USAGE, "--witness %s: larger than %zu bytes", wpath, sizeof buf);
        if (rc) return rc;
        if ((kind == PLONK ? pb_parse_plonk_witness(&w.a, buf, len, wpath, err, sizeof err)
                           : pb_parse_lookup_witness(w.bits, HALO2_LOOKUP_ROWS, buf, len, wpath, err,
                                                     sizeof err)) != 0)
            return msg(EXIT_USAGE, "%s", err);
    }
    /* the outputs' temporary files first: a bad path fails before any work */
    static pb_out po = {NULL, {0}, -1}, pi = {NULL, {0}, -1};
    live_outs[0] = &po, live_outs[1] = &pi;
    signal(SIGINT, on_signal), signal(SIGTERM, on_signal), signal(SIGHUP, on_signal);
    if (pb_out_open(&po, out, err, sizeof err) != 0) return msg(EXIT_USAGE, "--out %s", err);
    if (iout && pb_out_open(&pi, iout, err, sizeof err) != 0) {
        pb_out_discard(&po);
        return msg(EXIT_USAGE, "--instance-out %s", err);
    }
    circuit c;
    static uint8_t proof[MAX_PROOF];
    size_t len = 0;
    int lrc = circuit_init(&c, kind, actions, threads, 1), code = 0;
    if (lrc != PASTA_OK) code = library_error("keygen", lrc);
    if (!code && (lrc = synthesize(&c, &w)) != PASTA_OK) code = library_error("witness synthesis", lrc);
    if (!code && (lrc = prove_once(&c, seed, threads, proof, &len, NULL)) != PASTA_OK)
        code = library_error("proving", lrc);
    if (!code && len != halo2_proof_size(&c.vk, actions))
        code = msg(EXIT_INTERNAL, "internal error: a %zu-byte proof, expected %zu", len,
                   halo2_proof_size(&c.vk, actions));
    if (!code && pb_out_write(&po, proof, len, err, sizeof err) != 0) code = msg(EXIT_INTERNAL, "%s", err);
    if (!code && iout) {
        char line[66];
        for (int i = 0; !code && i < actions; i++)
            for (int v = 0; !code && v < instance_values(kind); v++) {
                uint8_t repr[32];
                pasta_fp_to_bytes(repr, &c.inst[i][v]);
                for (int j = 0; j < 32; j++) snprintf(line + 2 * j, 3, "%02x", repr[j]);
                line[64] = '\n';
                if (pb_out_write(&pi, line, 65, err, sizeof err) != 0) code = msg(EXIT_INTERNAL, "%s", err);
            }
    }
    /* both complete: rename the instance, then the proof */
    if (!code && iout && pb_out_commit(&pi, err, sizeof err) != 0) code = msg(EXIT_INTERNAL, "%s", err);
    if (!code && pb_out_commit(&po, err, sizeof err) != 0) code = msg(EXIT_INTERNAL, "%s", err);
    signal(SIGINT, SIG_DFL), signal(SIGTERM, SIG_DFL), signal(SIGHUP, SIG_DFL);
    live_outs[0] = live_outs[1] = NULL;
    pb_out_discard(&po);
    pb_out_discard(&pi);
    if (!code) {
        printf("%s: %zu bytes (%s", out, len, c.name);
        if (kind == ORCHARD) printf(", %d action%s", actions, actions == 1 ? "" : "s");
        printf(")\n");
        if (iout) printf("%s: %d values\n", iout, actions * instance_values(kind));
    }
    circuit_free(&c);
    return code;
}

static const char *fault_text(halo2_fault f) {
    switch (f) {
    case HALO2_FAULT_POINT_NONCANONICAL: return "is not a point encoding (x not below the modulus)";
    case HALO2_FAULT_POINT_OFF_CURVE: return "is not on the curve";
    case HALO2_FAULT_POINT_IDENTITY: return "is the identity (halo2 cannot absorb it)";
    case HALO2_FAULT_SCALAR_NONCANONICAL: return "is not canonical (not below the field modulus p)";
    default: return NULL;
    }
}

static int cmd_verify(int argc, char **argv) {
    static const optdef defs[] = {{"--help", 0},     {"--version", 0}, {"--circuit", 1},
                                  {"--instance", 1}, {"--actions", 1}};
    args a;
    int rc = parse_args(&a, defs, (int)(sizeof defs / sizeof defs[0]), 1, argc, argv);
    if (rc) return rc;
    if ((rc = help_or_version(&a, usage_verify)) >= 0) return rc;
    int kind, actions;
    const char *ipath = arg(&a, "--instance");
    if ((rc = parse_circuit(arg(&a, "--circuit"), &kind)) != 0) return rc;
    if ((rc = parse_actions(arg(&a, "--actions"), kind, &actions)) != 0) return rc;
    if (a.npos != 1) return usage_error("PROOF (the proof file) is required");
    if (kind == PLONK && ipath) return usage_error("--instance: plonk_k11 has no instance");
    if (kind != PLONK && !ipath) return usage_error("%s needs --instance FILE", circuit_names[kind]);
    const char *path = a.pos[0];
    static uint8_t proof[MAX_PROOF];
    size_t len = 0;
    rc = read_input("proof file", path, proof, sizeof proof, &len);
    const int too_long = rc < 0;
    if (rc > 0) return rc;
    pasta_fp inst[MAX_ACTIONS * MAX_INST];
    const int ninst = actions * instance_values(kind);
    char err[PB_ERR_CAP];
    if (ipath) {
        static uint8_t buf[65 * 2 * MAX_ACTIONS * MAX_INST + 1];
        size_t ilen = 0;
        rc = read_input("--instance", ipath, buf, sizeof buf, &ilen);
        if (rc < 0) return msg(EXIT_USAGE, "--instance %s: larger than %zu bytes", ipath, sizeof buf);
        if (rc) return rc;
        if (pb_parse_instance(inst, ninst, buf, ilen, ipath, err, sizeof err) != 0)
            return msg(EXIT_USAGE, "%s", err);
    }
    circuit c;
    int lrc = circuit_init(&c, kind, actions, 0, 0), code = 0;
    if (lrc != PASTA_OK) code = library_error("keygen", lrc);
    for (int k = 0; !code && k < ninst; k++) c.inst[k / instance_values(kind)][k % instance_values(kind)] = inst[k];
    const size_t want = code ? 0 : halo2_proof_size(&c.vk, actions);
    char what[64];
    snprintf(what, sizeof what, kind == ORCHARD ? "%s proofs of %d action%s are" : "%s proofs are",
             c.name, actions, actions == 1 ? "" : "s");
    if (!code && too_long) code = msg(EXIT_REJECTED, "%s: more than %d bytes, %s %zu", path, MAX_PROOF, what, want);
    if (!code && len != want) code = msg(EXIT_REJECTED, "%s: proof is %zu bytes, %s %zu", path, len, what, want);
    if (!code) {
        halo2_fault fault;
        size_t off;
        lrc = verify_once(&c, proof, len, &fault, &off);
        if (lrc == PASTA_OK) printf("ok\n");
        else if (lrc == HALO2_ERR_VERIFY) code = msg(EXIT_REJECTED, "%s: the proof does not verify", path);
        else if (fault_text(fault))
            code = msg(EXIT_REJECTED, "%s: the %s at offset %zu %s", path,
                       fault == HALO2_FAULT_SCALAR_NONCANONICAL ? "scalar" : "point", off, fault_text(fault));
        else if (fault != HALO2_FAULT_NONE)
            code = msg(EXIT_REJECTED, "%s: malformed proof (%s at offset %zu)", path,
                       fault == HALO2_FAULT_SHORT ? "it ends" : "trailing bytes", off);
        else code = library_error("verification", lrc);
    }
    circuit_free(&c);
    return code;
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
    halo2_fault f;
    size_t off;
    return verify_once(c, proof, *len, &f, &off);
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

typedef struct sampling {
    int samples;     /* at least this many */
    double warmup_s; /* < 0: one unmeasured operation */
    double measure_s;
} sampling;

static void row_id(pasta_bench_id *id, char *name, size_t cap, const char *circ, const char *what,
                   const char *backend, int threads) {
    snprintf(name, cap, "%s%s%s", circ, what[0] ? "/" : "", what);
    *id = (pasta_bench_id){"prover", name, backend, NULL, (uint64_t)1 << CIRCUIT_K, threads};
}

/* Is the row (or for prove, one of its phase rows) selected by --filter? */
static int row_selected(const char *circ, const char *what, const char *backend, int threads) {
    char name[64];
    pasta_bench_id id;
    row_id(&id, name, sizeof name, circ, what, backend, threads);
    if (pasta_bench_selected(&id)) return 1;
    for (int p = 0; what[0] == 0 && p < HALO2_NUM_PHASES; p++) {
        row_id(&id, name, sizeof name, circ, halo2_phase_names[p], backend, threads);
        if (pasta_bench_selected(&id)) return 1;
    }
    return 0;
}

static int bench_row(circuit *c, const char *what, const char *backend, int threads, op_fn fn,
                     const sampling *sp, uint8_t *proof, size_t *len) {
    char rowname[64], extra[160];
    pasta_bench_id id;
    row_id(&id, rowname, sizeof rowname, c->name, what, backend, threads);
    if (!row_selected(c->name, what, backend, threads)) return 0;
    int cap = sp->samples, n = 0;
    double *v = malloc((size_t)cap * sizeof *v);
    double *ph = malloc((size_t)cap * HALO2_NUM_PHASES * sizeof *ph);
    if (!v || !ph) {
        free(v), free(ph);
        return msg(EXIT_INTERNAL, "%s: out of memory", rowname);
    }
    halo2_prover_timings t = {{0}};
    omp_set_num_threads(threads);
    int rc = PASTA_OK;
    if (fn == op_verify && *len == 0) rc = op_prove(c, threads, &t, proof, len); /* its input */
    if (sp->warmup_s < 0) {
        if (rc == PASTA_OK) rc = fn(c, threads, &t, proof, len);
    } else if (sp->warmup_s > 0) {
        const double t0 = clock_ns(2);
        do rc = fn(c, threads, &t, proof, len);
        while (rc == PASTA_OK && clock_ns(2) - t0 < sp->warmup_s * 1e9);
    }
    double total = 0;
    while (rc == PASTA_OK && (n < sp->samples || (total < sp->measure_s * 1e9 && n < 100000))) {
        if (n == cap) {
            cap *= 2;
            double *nv = realloc(v, (size_t)cap * sizeof *v);
            if (nv) v = nv;
            double *np = nv ? realloc(ph, (size_t)cap * HALO2_NUM_PHASES * sizeof *ph) : NULL;
            if (np) ph = np;
            if (!nv || !np) {
                rc = PASTA_ERR_NO_MEMORY;
                break;
            }
        }
        const double t0 = clock_ns(threads);
        rc = fn(c, threads, &t, proof, len);
        v[n] = clock_ns(threads) - t0;
        total += v[n];
        for (int p = 0; p < HALO2_NUM_PHASES; p++) ph[(size_t)n * HALO2_NUM_PHASES + p] = t.ns[p];
        n++;
    }
    if (rc != PASTA_OK) {
        free(v), free(ph);
        return msg(EXIT_INTERNAL, "%s: %s", rowname, halo2_strerror(rc));
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
    const int shown = pasta_bench_report(&id, clock, v, n, &r) == 0;
    if (fn == op_prove) {
        phase_row *pr = nphase_rows < 64 ? &phase_rows[nphase_rows++] : NULL;
        if (pr) {
            snprintf(pr->backend, sizeof pr->backend, "%s", backend);
            pr->threads = threads;
            pr->actions = c->actions;
            if (!shown) pasta_bench_median_ci(v, n, &r.median_ns, &r.lo_ns, &r.hi_ns);
            pr->total = r.median_ns / 1e6;
        }
        double *col = malloc((size_t)n * sizeof *col);
        for (int p = 0; col && p < HALO2_NUM_PHASES; p++) {
            for (int s = 0; s < n; s++) col[s] = ph[(size_t)s * HALO2_NUM_PHASES + p];
            char pn[64];
            pasta_bench_id pid;
            row_id(&pid, pn, sizeof pn, c->name, halo2_phase_names[p], backend, threads);
            pasta_bench_result q;
            if (pasta_bench_report(&pid, clock, col, n, &q) != 0) { /* not selected: the table only */
                double lo, hi;
                pasta_bench_median_ci(col, n, &q.median_ns, &lo, &hi);
            }
            if (pr) pr->phase[p] = q.median_ns / 1e6;
        }
        free(col);
    }
    pasta_bench_set_extra(NULL);
    free(v);
    free(ph);
    return 0;
}

static int cmd_bench(int argc, char **argv) {
    static const optdef defs[] = {{"--help", 0},    {"--version", 0}, {"--quick", 0},   {"--full", 0},
                                  {"--json", 1},    {"--circuit", 1}, {"--threads", 1}, {"--actions", 1},
                                  {"--backend", 1}, {"--filter", 1},  {"--warmup", 1},  {"--measure", 1},
                                  {"--samples", 1}};
    args a;
    int rc = parse_args(&a, defs, (int)(sizeof defs / sizeof defs[0]), 0, argc, argv);
    if (rc) return rc;
    if ((rc = help_or_version(&a, usage_bench)) >= 0) return rc;
    if (arg(&a, "--quick") && arg(&a, "--full")) return usage_error("--quick and --full exclude each other");
    int kind = PLONK, threads[8], nt = 3, actions[8] = {1}, na = 1;
    threads[0] = 1, threads[1] = 2, threads[2] = 8;
    if (arg(&a, "--circuit") && (rc = parse_circuit(arg(&a, "--circuit"), &kind)) != 0) return rc;
    if (arg(&a, "--threads") &&
        (rc = parse_list("--threads", arg(&a, "--threads"), 1, HALO2_MAX_THREADS, threads, 8, &nt)) != 0)
        return rc;
    if (arg(&a, "--actions") && kind != ORCHARD) return usage_error("--actions: orchard_k11 only");
    if (kind == ORCHARD) actions[0] = 1, actions[1] = 4, na = 2;
    if (arg(&a, "--actions") &&
        (rc = parse_list("--actions", arg(&a, "--actions"), 1, MAX_ACTIONS, actions, 8, &na)) != 0)
        return rc;
    sampling sp = {arg(&a, "--quick") ? 5 : 10, -1, 0};
    if (arg(&a, "--samples") && (rc = parse_int("--samples", arg(&a, "--samples"), 1, 100000, &sp.samples)) != 0)
        return rc;
    if (arg(&a, "--warmup") && (rc = parse_seconds("--warmup", arg(&a, "--warmup"), &sp.warmup_s)) != 0) return rc;
    if (arg(&a, "--measure") && (rc = parse_seconds("--measure", arg(&a, "--measure"), &sp.measure_s)) != 0)
        return rc;
    const pasta_backend all[2] = {PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM};
    pasta_backend backends[2];
    int nb = 0;
    if (arg(&a, "--backend")) {
        pasta_backend b;
        if (pasta_backend_parse(&b, arg(&a, "--backend")) != PASTA_OK)
            return usage_error("--backend %s: unknown (portable, x86_64-asm, auto)", arg(&a, "--backend"));
        if (!pasta_backend_supported(b))
            return msg(EXIT_USAGE, "--backend %s: not supported on this build or CPU", arg(&a, "--backend"));
        if (b == PASTA_BACKEND_AUTO) {
            pasta_backend_set(PASTA_BACKEND_AUTO);
            b = pasta_backend_get();
        }
        backends[nb++] = b;
    } else {
        for (int i = 0; i < 2; i++)
            if (pasta_backend_supported(all[i])) backends[nb++] = all[i];
    }
    pasta_bench_set_filter(arg(&a, "--filter"), NULL);
    /* what the filter selects, before any work */
    static const char *const whats[3] = {"", "verify", "keygen"};
    int selected = 0;
    for (int b = 0; b < nb; b++)
        for (int i = 0; i < nt; i++)
            for (int w = 0; w < 3; w++) selected += row_selected(circuit_names[kind], whats[w], pasta_backend_name(backends[b]), threads[i]);
    if (!selected) return usage_error("--filter %s selects no row", arg(&a, "--filter"));
    FILE *json = NULL;
    if (arg(&a, "--json") && (json = fopen(arg(&a, "--json"), "a")) == NULL)
        return msg(EXIT_USAGE, "--json %s: %s", arg(&a, "--json"), strerror(errno));
    pasta_bench_set_json(json);
    pasta_bench_set_build_config(PASTA_BUILD_CONFIG);
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 0; i < nt; i++)
        if (threads[i] > cores)
            fprintf(stderr, "prover_bench: warning: %d threads on %ld cores: oversubscribed, "
                            "those figures measure contention, not scaling\n", threads[i], cores);
    static uint8_t proof[MAX_PROOF];
    witness_in w;
    demo_witness(&w);
    int code = 0;
    for (int ai = 0; ai < na && code == 0; ai++) {
        circuit c;
        size_t len = 0;
        int lrc = circuit_init(&c, kind, actions[ai], 0, 1);
        if (lrc == PASTA_OK) lrc = synthesize(&c, &w);
        if (lrc != PASTA_OK) code = library_error("keygen and witness", lrc);
        for (int b = 0; b < nb && code == 0; b++) {
            const char *bn = pasta_backend_name(backends[b]);
            pasta_backend_set(backends[b]);
            for (int i = 0; i < nt && code == 0; i++) {
                code = bench_row(&c, "", bn, threads[i], op_prove, &sp, proof, &len);
                if (!code) code = bench_row(&c, "verify", bn, threads[i], op_verify, &sp, proof, &len);
                if (!code && ai == 0) code = bench_row(&c, "keygen", bn, threads[i], op_keygen, &sp, proof, &len);
            }
        }
        pasta_backend_set(PASTA_BACKEND_AUTO);
        circuit_free(&c);
    }
    if (nphase_rows > 0) {
        printf("\n# %s: prove, per phase (median ms; 1 thread: thread CPU time, more: wall)\n", circuit_names[kind]);
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
    pasta_bench_set_json(NULL);
    if (json && fclose(json) != 0 && !code) code = msg(EXIT_INTERNAL, "--json %s: %s", arg(&a, "--json"), strerror(errno));
    return code;
}

static const char usage_main[] =
    "usage: prover_bench prove|verify|bench [OPTIONS]   (prover_bench COMMAND --help)\n"
    "  prove   a halo2-compatible proof of plonk_k11, lookup_k11 or orchard_k11\n"
    "  verify  check a proof (exit 0: it verifies, 1: rejected)\n"
    "  bench   the prover suite: prove, verify, keygen and the prover's phases\n"
    "  rounds  one proof per stdin request, for bench/main_job.sh's paired rounds\n"
    "exit: 0 ok, 1 proof rejected, 2 usage or input error, 3 internal or resource error\n"
    "(prover_bench/README.md)\n";

/* `rounds`: one proof per stdin request, for the main job's paired rounds */
#include "bench_rounds.c"

int main(int argc, char **argv) {
    signal(SIGXFSZ, SIG_IGN); /* a file size limit: a failed write, not a killed process */
    static char name[32];
    const char *cmd = argc >= 2 ? argv[1] : NULL;
    if (cmd && strcmp(cmd, "rounds") == 0) {
        cmd_name = "prover_bench rounds";
        return cmd_rounds(argc - 2, argv + 2);
    }
    if (cmd && (strcmp(cmd, "prove") == 0 || strcmp(cmd, "verify") == 0 || strcmp(cmd, "bench") == 0)) {
        snprintf(name, sizeof name, "prover_bench %s", cmd);
        cmd_name = name;
        if (cmd[0] == 'p') return cmd_prove(argc - 2, argv + 2);
        if (cmd[0] == 'v') return cmd_verify(argc - 2, argv + 2);
        return cmd_bench(argc - 2, argv + 2);
    }
    if (cmd && argc == 2 && (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0))
        return fputs(usage_main, stdout), 0;
    if (cmd && argc == 2 && strcmp(cmd, "--version") == 0) return print_version();
    if (cmd) fprintf(stderr, "prover_bench: unknown command '%s'\n", cmd);
    fputs(usage_main, stderr);
    return EXIT_USAGE;
}
