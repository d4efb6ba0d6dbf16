/* prover_bench's command line, shared by its commands (not a library): main.c (prove,
 * verify, the dispatch), cli.c (arguments, circuits, witnesses, inputs), bench.c (bench),
 * bench_rounds.c (rounds). Messages go to stderr as "prover_bench CMD: ..."; the exit
 * codes are main.c's (prover_bench/README.md). */
#ifndef PROVER_BENCH_CLI_H
#define PROVER_BENCH_CLI_H

#include <stddef.h>
#include <stdint.h>

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

/* ---- Arguments: one parser for every command. "--name value" or "--name=value";
 * "--" ends the options. Unknown options, missing values, repeats: usage errors. */
/* Arguments: one parser for every command. "--name value" or "--name=value"; "--" ends
 * the options. Unknown options, missing values, repeats: usage errors. */
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

/* The witness: plonk_k11's a or lookup_k11's bits (from a file or the demo), orchard_k11's
 * actions from the seeds 100 + i (the demo: it has no file format). */
/* The witness: plonk_k11's a or lookup_k11's bits (from a file or the demo), orchard_k11's
 * actions from the seeds 100 + i (the demo: it has no file format). */
typedef struct witness_in {
    pasta_fp a;
    uint8_t bits[HALO2_LOOKUP_ROWS];
} witness_in;

extern const char *const circuit_names[3];
extern const char *cmd_name;

/* Prints "cmd_name: message" and returns code. */
int msg(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same with a pointer to --help; returns EXIT_USAGE. */
int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* 0 when parsed; else the exit code (after printing). */
int parse_args(args *a, const optdef *defs, int ndefs, int max_pos, int argc, char **argv);
const char *arg(const args *a, const char *name);
int parse_int(const char *name, const char *s, long lo, long hi, int *out);
int parse_list(const char *name, const char *s, long lo, long hi, int *out, int cap, int *n);
int parse_seconds(const char *name, const char *s, double *out);
int parse_circuit(const char *s, int *kind);
int parse_actions(const char *s, int kind, int *actions);

int keygen(circuit *c);
void circuit_free(circuit *c);
/* kind and actions already checked; the commit key only when prover is set */
int circuit_init(circuit *c, int kind, int actions, int threads, int prover);
int instance_values(int kind);
void demo_witness(witness_in *w);
int synthesize(circuit *c, const witness_in *w);
/* A whole input file of at most cap bytes: 0; -1 larger than cap; else an exit code. */
int read_input(const char *what, const char *path, uint8_t *buf, size_t cap, size_t *len);
int prove_once(circuit *c, const uint8_t seed[32], int threads, uint8_t *proof, size_t *len,
               halo2_prover_timings *t);
int verify_once(circuit *c, const uint8_t *proof, size_t len, halo2_fault *fault,
                size_t *offset);
/* "WHAT failed: message", EXIT_INTERNAL */
int library_error(const char *what, int rc);
int print_version(void);
/* --help (usage on stdout, 0) or --version; -1: neither. */
int help_or_version(const args *a, const char *usage);

/* bench.c */
extern const uint8_t bench_seed[32];
/* The calling thread's CPU time at threads = 1, wall time with more, ns. */
double clock_ns(int threads);
int cmd_bench(int argc, char **argv);
/* bench_rounds.c */
int cmd_rounds(int argc, char **argv);

#endif /* PROVER_BENCH_CLI_H */
