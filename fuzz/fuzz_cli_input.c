/* prover_bench's input parsers (prover_bench/cli_io.h) against a reference built another
 * way: an input is accepted iff its normal form (CRLF -> LF, a final LF added, hex digits
 * lower-cased) is exactly the canonical text of what the format takes, and an accepted
 * input's values print back to that normal form. Failures leave the outputs untouched
 * and say where, prefixed by the file's name.
 * Input: a mode byte (0 plonk_k11 witness, 1 lookup_k11 witness, 2 instance, 3 a --seed
 * string), a size byte (lookup: bits = 1 + b % 16, or 1000 for 255; instance: b % 5
 * values), then the text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prover_bench/cli_io.h"

#include "fuzz/check.h"

#define MAXV 4
#define NAME "in.txt"

static int is_hex(uint8_t c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* The normal form: "\r\n" -> "\n", a final "\n" added, A-F -> a-f from byte skip on. */
static size_t normal_form(uint8_t *out, const uint8_t *in, size_t n, size_t skip) {
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (in[i] == '\r' && i + 1 < n && in[i + 1] == '\n') continue;
        uint8_t c = in[i];
        if (i >= skip && c >= 'A' && c <= 'F') c = (uint8_t)(c - 'A' + 'a');
        out[m++] = c;
    }
    if (m > 0 && out[m - 1] != '\n') out[m++] = '\n';
    return m;
}

static void hex_line(char *out, const uint8_t repr[32]) {
    for (int j = 0; j < 32; j++) snprintf(out + 2 * j, 3, "%02x", repr[j]);
    out[64] = '\n';
}

/* the canonical text: is t[0..n) "<prefix><64 lower hex>\n" repeated count times, each
 * value canonical? */
static int ref_values(const uint8_t *t, size_t n, const char *prefix, int count) {
    const size_t pl = strlen(prefix), ll = pl + 65;
    if (n != ll * (size_t)count) return 0;
    for (int i = 0; i < count; i++) {
        const uint8_t *l = t + ll * (size_t)i;
        if (memcmp(l, prefix, pl) != 0 || l[ll - 1] != '\n') return 0;
        uint8_t repr[32];
        for (int j = 0; j < 64; j++) {
            const uint8_t c = l[pl + j];
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return 0;
        }
        for (int j = 0; j < 32; j++) {
            unsigned v;
            sscanf((const char *)l + pl + 2 * j, "%2x", &v); /* 2 hex digits, checked above */
            repr[j] = (uint8_t)v;
        }
        pasta_fp x;
        if (pasta_fp_from_bytes(&x, repr) != PASTA_OK) return 0;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2 || size > 8192) return 0;
    const int mode = data[0] % 4, sz = data[1];
    const uint8_t *t = data + 2;
    const size_t n = size - 2;
    static uint8_t norm[8192 + 8];
    char err[PB_ERR_CAP];
    memset(err, 0, sizeof err);
    if (mode == 3) { /* --seed: exactly 64 hex digits */
        uint8_t out[32], keep[32];
        memset(out, 0x5a, 32);
        memcpy(keep, out, 32);
        int want = n == 64;
        for (size_t i = 0; want && i < n; i++) want = is_hex(t[i]);
        const int ok = pb_parse_hex32(out, (const char *)t, n, "--seed", err, sizeof err) == 0;
        FZ_CHECK(ok == want, "--seed accepted %d, reference %d", ok, want);
        if (ok) {
            char back[65];
            hex_line(back, out);
            for (size_t i = 0; i < 64; i++)
                FZ_CHECK(back[i] == (t[i] >= 'A' && t[i] <= 'F' ? t[i] - 'A' + 'a' : t[i]),
                         "--seed value");
        } else {
            FZ_CHECK(memcmp(out, keep, 32) == 0 && strncmp(err, "--seed: ", 8) == 0,
                     "--seed error: %s", err);
        }
        return 0;
    }
    int ok, want;
    if (mode == 0 || mode == 2) {
        const int count = mode == 0 ? 1 : sz % (MAXV + 1);
        const char *prefix = mode == 0 ? "a " : "";
        pasta_fp v[MAXV + 1];
        memset(v, 0x5a, sizeof v);
        uint8_t keep[sizeof v];
        memcpy(keep, v, sizeof v);
        ok = (mode == 0 ? pb_parse_plonk_witness(v, t, n, NAME, err, sizeof err)
                        : pb_parse_instance(v, count, t, n, NAME, err, sizeof err)) == 0;
        /* hex case folds only inside the values: the prefix is matched as is */
        const size_t m = normal_form(norm, t, n, mode == 0 ? 2 : 0);
        want = ref_values(norm, m, prefix, count);
        FZ_CHECK(ok == want, "mode %d count %d: accepted %d, reference %d (%s)", mode, count,
                 ok, want, err);
        if (ok) {
            char line[66];
            for (int i = 0; i < count; i++) {
                uint8_t repr[32];
                pasta_fp_to_bytes(repr, &v[i]);
                hex_line(line, repr);
                FZ_CHECK(memcmp(norm + (strlen(prefix) + 65) * (size_t)i + strlen(prefix),
                                line, 65) == 0,
                         "value %d does not print back", i);
            }
            FZ_CHECK(memcmp(&v[count], &keep[(size_t)count * sizeof v[0]],
                            (MAXV + 1 - (size_t)count) * sizeof v[0]) == 0,
                     "wrote past the values");
        } else {
            FZ_CHECK(memcmp(v, keep, sizeof v) == 0, "output changed on error");
        }
    } else {
        const int nbits = sz == 255 ? 1000 : 1 + sz % 16;
        uint8_t bits[1001], keep[1001];
        memset(bits, 0x5a, sizeof bits);
        memcpy(keep, bits, sizeof bits);
        ok = pb_parse_lookup_witness(bits, nbits, t, n, NAME, err, sizeof err) == 0;
        const size_t m = normal_form(norm, t, n, n);
        want = m == 5 + (size_t)nbits + 1 && memcmp(norm, "bits ", 5) == 0 &&
               norm[m - 1] == '\n';
        for (int i = 0; want && i < nbits; i++)
            want = norm[5 + i] == '0' || norm[5 + i] == '1';
        FZ_CHECK(ok == want, "bits %d: accepted %d, reference %d (%s)", nbits, ok, want, err);
        if (ok) {
            for (int i = 0; i < nbits; i++)
                FZ_CHECK(bits[i] == norm[5 + i] - '0', "bit %d", i);
            FZ_CHECK(memcmp(bits + nbits, keep + nbits, sizeof bits - (size_t)nbits) == 0,
                     "wrote past the bits");
        } else {
            FZ_CHECK(memcmp(bits, keep, sizeof bits) == 0, "output changed on error");
        }
    }
    if (!ok)
        FZ_CHECK(strncmp(err, NAME ":", strlen(NAME) + 1) == 0 &&
                     strlen(err) > strlen(NAME) + 2,
                 "error message: '%s'", err);
    return 0;
}
