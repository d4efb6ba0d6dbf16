/* prover_bench/cli.h: the command line's shared parts. */
#define _GNU_SOURCE
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *const circuit_names[3] = {"plonk_k11", "lookup_k11", "orchard_k11"};

const char *cmd_name = "prover_bench"; /* "prover_bench CMD" in messages */

int msg(int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", cmd_name);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return code;
}

/* ---- Arguments (cli.h). */

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

int usage_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", cmd_name);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n(%s --help for the usage)\n", cmd_name);
    return EXIT_USAGE;
}

/* 0 when parsed; else the exit code (after printing). */
int parse_args(args *a, const optdef *defs, int ndefs, int max_pos, int argc, char **argv) {
    memset(a, 0, sizeof *a);
    a->defs = defs;
    a->ndefs = ndefs;
    int opts_done = 0;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        if (opts_done || s[0] != '-' || strcmp(s, "-") == 0) {
            if (a->npos >= max_pos)
                return max_pos == 0
                           ? usage_error("unexpected argument '%s'", s)
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
            if (best >= 0)
                return usage_error("unknown option '%s' (did you mean %s?)", name,
                                   defs[best].name);
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
        if (defs[k].takes_value && a->val[k][0] == 0)
            return usage_error("%s: an empty value", defs[k].name);
    }
    return 0;
}

const char *arg(const args *a, const char *name) {
    for (int d = 0; d < a->ndefs; d++)
        if (strcmp(a->defs[d].name, name) == 0) return a->val[d];
    return NULL;
}

/* A whole number in lo .. hi: digits only (a leading '-' for a negative). */
int parse_int(const char *name, const char *s, long lo, long hi, int *out) {
    const char *p = s + (s[0] == '-');
    int ok = *p != 0;
    for (; *p; p++) ok &= *p >= '0' && *p <= '9';
    errno = 0;
    long long v = ok ? strtoll(s, NULL, 10) : 0;
    if (!ok)
        return usage_error("%s %s: not a whole number (expected %ld .. %ld)", name, s, lo, hi);
    if (errno == ERANGE || v < lo || v > hi)
        return usage_error("%s %s: out of range (expected %ld .. %ld)", name, s, lo, hi);
    *out = (int)v;
    return 0;
}

/* A comma-separated list of whole numbers in lo .. hi, 1 .. cap of them. */
int parse_list(const char *name, const char *s, long lo, long hi, int *out, int cap, int *n) {
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
int parse_seconds(const char *name, const char *s, double *out) {
    int digits = 0, dots = 0;
    for (const char *p = s; *p; p++) {
        if (*p >= '0' && *p <= '9') digits++;
        else if (*p == '.') dots++;
        else digits = -1000;
    }
    const double v = digits > 0 && dots <= 1 ? strtod(s, NULL) : -1;
    if (!(v >= 0 && v <= 1e6))
        return usage_error("%s %s: expected seconds, 0 .. 1000000", name, s);
    *out = v;
    return 0;
}

int parse_circuit(const char *s, int *kind) {
    if (s == NULL)
        return usage_error("--circuit is required (plonk_k11, lookup_k11, orchard_k11)");
    for (int k = 0; k < 3; k++)
        if (strcmp(s, circuit_names[k]) == 0) {
            *kind = k;
            return 0;
        }
    return usage_error("--circuit %s: unknown (plonk_k11, lookup_k11, orchard_k11)", s);
}

int parse_actions(const char *s, int kind, int *actions) {
    *actions = 1;
    if (s == NULL) return 0;
    if (kind != ORCHARD) return usage_error("--actions: orchard_k11 only");
    return parse_int("--actions", s, 1, MAX_ACTIONS, actions);
}


int keygen(circuit *c) {
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

void circuit_free(circuit *c) {
    for (int i = 0; i < MAX_ACTIONS; i++) free(c->advice[i]);
    halo2_commit_key_free(&c->ck);
    halo2_pk_free(&c->pk);
    halo2_vk_free(&c->vk);
    halo2_params_free(&c->params);
}

/* kind and actions already checked (parse_circuit, parse_actions); the commit key
 * (fixed-base tables: the prover's) only when prover is set */
int circuit_init(circuit *c, int kind, int actions, int threads, int prover) {
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

int instance_values(int kind) { return kind == LOOKUP ? 2 : kind == ORCHARD ? MAX_INST : 0; }


void demo_witness(witness_in *w) {
    pasta_fp_from_u64(&w->a, 0x1234567);
    for (int i = 0; i < HALO2_LOOKUP_ROWS; i++) w->bits[i] = (uint8_t)((i * 7 + 3) % 5 < 2);
}

int synthesize(circuit *c, const witness_in *w) {
    if (c->kind == PLONK)
        return halo2_plonk_synthesize_witness(c->advice[0], c->k, &c->plonk, &w->a);
    if (c->kind == LOOKUP)
        return halo2_lookup_synthesize_witness(c->advice[0], c->inst[0], c->k, &c->lookup,
                                               w->bits);
    for (int i = 0; i < c->actions; i++) {
        int rc = halo2_orchard_synthesize_witness(c->advice[i], c->inst[i], &c->cs, c->k,
                                                  &c->orchard, 100 + (uint64_t)i);
        if (rc != PASTA_OK) return rc;
    }
    return PASTA_OK;
}

/* Reads a whole input file (not a directory) of at most cap bytes. 0; -1: larger than
 * cap (the caller says what it expected); else an exit code (after the message). */
int read_input(const char *what, const char *path, uint8_t *buf, size_t cap, size_t *len) {
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

int prove_once(circuit *c, const uint8_t seed[32], int threads, uint8_t *proof, size_t *len,
               halo2_prover_timings *t) {
    halo2_drbg rng;
    halo2_drbg_init(&rng, seed);
    rng.threads = threads;
    return halo2_create_proof(&c->ck, &c->pk, c->w, c->actions, halo2_drbg_fill, &rng, threads,
                              proof, MAX_PROOF, len, t);
}

int verify_once(circuit *c, const uint8_t *proof, size_t len, halo2_fault *fault,
                size_t *offset) {
    const pasta_fp *const *inst[MAX_ACTIONS];
    const size_t *lens[MAX_ACTIONS];
    for (int i = 0; i < c->actions; i++) inst[i] = c->cols[i], lens[i] = c->lens[i];
    return halo2_verify_proof_explain(
        &c->params, &c->vk, c->actions, c->kind == PLONK ? NULL : inst,
        c->kind == PLONK ? NULL : lens, proof, len, fault, offset);
}

int library_error(const char *what, int rc) {
    return msg(EXIT_INTERNAL, "%s failed: %s", what, halo2_strerror(rc));
}

/* ---- --help, --version */

int print_version(void) {
    printf("prover_bench (pasta %s, config %s; halo2_proofs 0.3.2 proofs)\n", pasta_version(),
           PASTA_BUILD_CONFIG);
    return 0;
}

/* Common to every command: --help (text on stdout, exit 0) and --version. -1: neither. */
int help_or_version(const args *a, const char *usage) {
    if (arg(a, "--help")) return fputs(usage, stdout), 0;
    if (arg(a, "--version")) return print_version();
    return -1;
}
