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
#include "cli.h"

#include <errno.h>
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
    static const optdef defs[] = {
        {"--help", 0},         {"--version", 0}, {"--circuit", 1},      {"--witness", 1},
        {"--demo-witness", 0}, {"--out", 1},     {"--instance-out", 1}, {"--actions", 1},
        {"--seed", 1},         {"--threads", 1}};
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
    if (th && (rc = parse_int("--threads", th, 0, HALO2_MAX_THREADS, &threads)) != 0)
        return rc;
    if (seed_hex &&
        pb_parse_hex32(seed, seed_hex, strlen(seed_hex), "--seed", err, sizeof err) != 0)
        return usage_error("%s", err);
    if (out == NULL) return usage_error("--out PROOF is required");
    if (wpath && demo) return usage_error("--witness and --demo-witness exclude each other");
    if (kind == ORCHARD && wpath)
        return usage_error("orchard_k11 has no witness file format: use --demo-witness");
    if (!wpath && !demo)
        return usage_error("%s needs --witness FILE (or --demo-witness)", circuit_names[kind]);
    if (iout && kind == PLONK) return usage_error("--instance-out: plonk_k11 has no instance");
    if (iout && pb_same_file(out, iout))
        return usage_error("--out and --instance-out name the same file (%s)", out);

    witness_in w;
    demo_witness(&w);
    if (wpath) {
        static uint8_t buf[4096];
        size_t len = 0;
        rc = read_input("--witness", wpath, buf, sizeof buf, &len);
        if (rc < 0)
            return msg(EXIT_USAGE, "--witness %s: larger than %zu bytes", wpath, sizeof buf);
        if (rc) return rc;
        if ((kind == PLONK ? pb_parse_plonk_witness(&w.a, buf, len, wpath, err, sizeof err)
                           : pb_parse_lookup_witness(w.bits, HALO2_LOOKUP_ROWS, buf, len,
                                                     wpath, err, sizeof err)) != 0)
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
    if (!code && (lrc = synthesize(&c, &w)) != PASTA_OK)
        code = library_error("witness synthesis", lrc);
    if (!code && (lrc = prove_once(&c, seed, threads, proof, &len, NULL)) != PASTA_OK)
        code = library_error("proving", lrc);
    if (!code && len != halo2_proof_size(&c.vk, actions))
        code = msg(EXIT_INTERNAL, "internal error: a %zu-byte proof, expected %zu", len,
                   halo2_proof_size(&c.vk, actions));
    if (!code && pb_out_write(&po, proof, len, err, sizeof err) != 0)
        code = msg(EXIT_INTERNAL, "%s", err);
    if (!code && iout) {
        char line[66];
        for (int i = 0; !code && i < actions; i++)
            for (int v = 0; !code && v < instance_values(kind); v++) {
                uint8_t repr[32];
                pasta_fp_to_bytes(repr, &c.inst[i][v]);
                for (int j = 0; j < 32; j++) snprintf(line + 2 * j, 3, "%02x", repr[j]);
                line[64] = '\n';
                if (pb_out_write(&pi, line, 65, err, sizeof err) != 0)
                    code = msg(EXIT_INTERNAL, "%s", err);
            }
    }
    /* both complete: rename the instance, then the proof */
    if (!code && iout && pb_out_commit(&pi, err, sizeof err) != 0)
        code = msg(EXIT_INTERNAL, "%s", err);
    if (!code && pb_out_commit(&po, err, sizeof err) != 0)
        code = msg(EXIT_INTERNAL, "%s", err);
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
    case HALO2_FAULT_POINT_NONCANONICAL:
        return "is not a point encoding (x not below the modulus)";
    case HALO2_FAULT_POINT_OFF_CURVE: return "is not on the curve";
    case HALO2_FAULT_POINT_IDENTITY: return "is the identity (halo2 cannot absorb it)";
    case HALO2_FAULT_SCALAR_NONCANONICAL:
        return "is not canonical (not below the field modulus p)";
    default: return NULL;
    }
}

static int cmd_verify(int argc, char **argv) {
    static const optdef defs[] = {{"--help", 0},
                                  {"--version", 0},
                                  {"--circuit", 1},
                                  {"--instance", 1},
                                  {"--actions", 1}};
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
    if (kind != PLONK && !ipath)
        return usage_error("%s needs --instance FILE", circuit_names[kind]);
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
        if (rc < 0)
            return msg(EXIT_USAGE, "--instance %s: larger than %zu bytes", ipath, sizeof buf);
        if (rc) return rc;
        if (pb_parse_instance(inst, ninst, buf, ilen, ipath, err, sizeof err) != 0)
            return msg(EXIT_USAGE, "%s", err);
    }
    circuit c;
    int lrc = circuit_init(&c, kind, actions, 0, 0), code = 0;
    if (lrc != PASTA_OK) code = library_error("keygen", lrc);
    for (int k = 0; !code && k < ninst; k++)
        c.inst[k / instance_values(kind)][k % instance_values(kind)] = inst[k];
    const size_t want = code ? 0 : halo2_proof_size(&c.vk, actions);
    char what[64];
    snprintf(what, sizeof what,
             kind == ORCHARD ? "%s proofs of %d action%s are" : "%s proofs are", c.name,
             actions, actions == 1 ? "" : "s");
    if (!code && too_long)
        code =
            msg(EXIT_REJECTED, "%s: more than %d bytes, %s %zu", path, MAX_PROOF, what, want);
    if (!code && len != want)
        code = msg(EXIT_REJECTED, "%s: proof is %zu bytes, %s %zu", path, len, what, want);
    if (!code) {
        halo2_fault fault;
        size_t off;
        lrc = verify_once(&c, proof, len, &fault, &off);
        if (lrc == PASTA_OK) printf("ok\n");
        else if (lrc == HALO2_ERR_VERIFY)
            code = msg(EXIT_REJECTED, "%s: the proof does not verify", path);
        else if (fault_text(fault))
            code = msg(EXIT_REJECTED, "%s: the %s at offset %zu %s", path,
                       fault == HALO2_FAULT_SCALAR_NONCANONICAL ? "scalar" : "point", off,
                       fault_text(fault));
        else if (fault != HALO2_FAULT_NONE)
            code = msg(EXIT_REJECTED, "%s: malformed proof (%s at offset %zu)", path,
                       fault == HALO2_FAULT_SHORT ? "it ends" : "trailing bytes", off);
        else code = library_error("verification", lrc);
    }
    circuit_free(&c);
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
int main(int argc, char **argv) {
    signal(SIGXFSZ, SIG_IGN); /* a file size limit: a failed write, not a killed process */
    /* Keep the heap: glibc maps large blocks afresh and trims the heap's top after frees,
     * so each proof's buffers were first-touch page faults again (about 900 per plonk_k11
     * proof, mostly in serial code); with these a process of many proofs reuses its pages
     * (docs/PARALLEL.md). Blocks above 32 MiB are still mapped. */
#ifdef M_MMAP_THRESHOLD
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
    static char name[32];
    const char *cmd = argc >= 2 ? argv[1] : NULL;
    if (cmd && strcmp(cmd, "rounds") == 0) {
        cmd_name = "prover_bench rounds";
        return cmd_rounds(argc - 2, argv + 2);
    }
    if (cmd && (strcmp(cmd, "prove") == 0 || strcmp(cmd, "verify") == 0 ||
                strcmp(cmd, "bench") == 0)) {
        snprintf(name, sizeof name, "prover_bench %s", cmd);
        cmd_name = name;
        if (cmd[0] == 'p') return cmd_prove(argc - 2, argv + 2);
        if (cmd[0] == 'v') return cmd_verify(argc - 2, argv + 2);
        return cmd_bench(argc - 2, argv + 2);
    }
    if (cmd && argc == 2 &&
        (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0))
        return fputs(usage_main, stdout), 0;
    if (cmd && argc == 2 && strcmp(cmd, "--version") == 0) return print_version();
    if (cmd) fprintf(stderr, "prover_bench: unknown command '%s'\n", cmd);
    fputs(usage_main, stderr);
    return EXIT_USAGE;
}
