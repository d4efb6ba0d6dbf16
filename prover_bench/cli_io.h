/* prover_bench's input parsers and atomic output files (main.c; fuzz/fuzz_cli_input.c).
 *
 * Text inputs are lines ending in LF or CRLF (the last line's ending is optional); nothing
 * may follow the lines a format takes (no extra or empty lines). A value is exactly 64 hex
 * digits, either case: 32 bytes in text order (the little-endian repr, as halo2's
 * to_repr), and a field value must be canonical (< p). Every error is one line in err,
 * "NAME:LINE: what was found, what was expected" (NAME: the file's name as given). */
#ifndef PASTA_PROVER_BENCH_CLI_IO_H
#define PASTA_PROVER_BENCH_CLI_IO_H

#include <stddef.h>
#include <stdint.h>

#include <pasta/pasta.h>

#define PB_ERR_CAP 320 /* err buffers: room for any message below */

/* s[0..len) = exactly 64 hex digits -> out. 0, or -1 with err ("WHAT: ..."). */
int pb_parse_hex32(uint8_t out[32], const char *s, size_t len, const char *what, char *err,
                   size_t cap);

/* plonk_k11's witness: one line "a " + 64 hex digits, a canonical Fp repr. */
int pb_parse_plonk_witness(pasta_fp *a, const uint8_t *buf, size_t len, const char *name,
                           char *err, size_t cap);
/* lookup_k11's witness: one line "bits " + nbits digits 0 or 1 (bits[i] = digit i). */
int pb_parse_lookup_witness(uint8_t *bits, int nbits, const uint8_t *buf, size_t len,
                            const char *name, char *err, size_t cap);
/* An instance file: exactly count lines, each one value (64 hex digits, canonical Fp). */
int pb_parse_instance(pasta_fp *vals, int count, const uint8_t *buf, size_t len,
                      const char *name, char *err, size_t cap);

/* ---- Atomic output: pb_out_open creates a temporary file beside path (same directory,
 * name ".BASENAME.XXXXXX", mode 0666 & ~umask); pb_out_commit writes data, syncs and
 * renames it onto path; pb_out_discard removes it. Until the commit path is untouched:
 * an existing file keeps its bytes on any failure. 0, or -1 with err (errno kept). */
typedef struct pb_out {
    const char *path;
    char tmp[4096];
    int fd; /* -1: none */
} pb_out;

int pb_out_open(pb_out *o, const char *path, char *err, size_t cap);
int pb_out_write(pb_out *o, const void *data, size_t len, char *err, size_t cap);
int pb_out_commit(pb_out *o, char *err, size_t cap); /* fsync, close, rename */
void pb_out_discard(pb_out *o);
/* 1 when a and b name the same file (the same directory entry), else 0. */
int pb_same_file(const char *a, const char *b);

#endif /* PASTA_PROVER_BENCH_CLI_IO_H */
