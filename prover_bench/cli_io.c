/* prover_bench/cli_io.h: strict input parsers, atomic output files. */
#define _GNU_SOURCE
#include "cli_io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(char *err, size_t cap, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (err && cap) vsnprintf(err, cap, fmt, ap);
    va_end(ap);
    return -1;
}

/* A byte as it reads in a message: 'c' when printable, else \xNN. */
static const char *show(uint8_t c, char buf[8]) {
    if (c >= 0x20 && c < 0x7f && c != '\'') snprintf(buf, 8, "'%c'", c);
    else snprintf(buf, 8, "\\x%02x", c);
    return buf;
}

static int hexval(uint8_t c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* 64 hex digits in s[0..len) -> out; else why (no prefix), col0: column of s[0] (1-based). */
static int hex32(uint8_t out[32], const uint8_t *s, size_t len, size_t col0, char *why,
                 size_t cap) {
    char b[8];
    for (size_t i = 0; i < len; i++)
        if (hexval(s[i]) < 0)
            return fail(why, cap, "column %zu: %s is not a hex digit (expected 64 hex digits)",
                        col0 + i, show(s[i], b));
    if (len != 64) return fail(why, cap, "%zu hex digits, expected 64", len);
    for (int i = 0; i < 32; i++)
        out[i] = (uint8_t)(hexval(s[2 * i]) << 4 | hexval(s[2 * i + 1]));
    return 0;
}

int pb_parse_hex32(uint8_t out[32], const char *s, size_t len, const char *what, char *err,
                   size_t cap) {
    char why[PB_ERR_CAP];
    uint8_t v[32];
    if (s == NULL || hex32(v, (const uint8_t *)s, len, 1, why, sizeof why) != 0)
        return fail(err, cap, "%s: %s", what, s == NULL ? "missing" : why);
    memcpy(out, v, 32);
    return 0;
}

/* ---- Lines: each ends in LF or CRLF, the last one's ending optional; a CR elsewhere or
 * a NUL byte is an error. */
typedef struct lines {
    const uint8_t *buf;
    size_t len, pos;
    int no; /* lines read so far */
} lines;

/* 1 and the next line, 0 at the end, -1 (err) on a bad byte. */
static int next_line(lines *l, const uint8_t **s, size_t *n, const char *name, char *err,
                     size_t cap) {
    if (l->pos >= l->len) return 0;
    const uint8_t *p = l->buf + l->pos;
    size_t rest = l->len - l->pos, e = 0;
    while (e < rest && p[e] != '\n') e++;
    l->pos += e < rest ? e + 1 : e;
    l->no++;
    if (e > 0 && e < rest && p[e - 1] == '\r') e--; /* CRLF */
    for (size_t i = 0; i < e; i++)
        if (p[i] == '\r' || p[i] == 0)
            return fail(err, cap, "%s:%d: column %zu: %s (lines end in LF or CRLF)", name,
                        l->no, i + 1, p[i] ? "a CR inside the line" : "a NUL byte");
    *s = p;
    *n = e;
    return 1;
}

/* After the last line a format takes: nothing more. */
static int expect_end(lines *l, int want, const char *name, char *err, size_t cap) {
    const uint8_t *s;
    size_t n;
    int r = next_line(l, &s, &n, name, err, cap);
    if (r < 0) return -1;
    if (r > 0)
        return fail(err, cap, "%s:%d: %s after the %d line%s expected", name, l->no,
                    n == 0 ? "an empty line" : "an extra line", want, want == 1 ? "" : "s");
    return 0;
}

/* The first line, or an error naming what the file should hold. */
static int first_line(lines *l, const uint8_t **s, size_t *n, const char *name,
                      const char *expected, char *err, size_t cap) {
    int r = next_line(l, s, n, name, err, cap);
    if (r < 0) return -1;
    if (r == 0) return fail(err, cap, "%s: the file is empty, expected %s", name, expected);
    return 0;
}

int pb_parse_plonk_witness(pasta_fp *a, const uint8_t *buf, size_t len, const char *name,
                           char *err, size_t cap) {
    static const char expected[] = "one line \"a \" + 64 hex digits";
    lines l = {buf, len, 0, 0};
    const uint8_t *s;
    size_t n;
    char why[PB_ERR_CAP];
    uint8_t repr[32];
    pasta_fp v;
    if (first_line(&l, &s, &n, name, expected, err, cap) != 0) return -1;
    if (n < 2 || s[0] != 'a' || s[1] != ' ')
        return fail(err, cap, "%s:1: expected %s", name, expected);
    if (hex32(repr, s + 2, n - 2, 3, why, sizeof why) != 0)
        return fail(err, cap, "%s:1: %s", name, why);
    if (pasta_fp_from_bytes(&v, repr) != PASTA_OK)
        return fail(err, cap,
                    "%s:1: the value is not canonical (not below the field modulus p)", name);
    if (expect_end(&l, 1, name, err, cap) != 0) return -1;
    *a = v;
    return 0;
}

int pb_parse_lookup_witness(uint8_t *bits, int nbits, const uint8_t *buf, size_t len,
                            const char *name, char *err, size_t cap) {
    char expected[64], b[8];
    snprintf(expected, sizeof expected, "one line \"bits \" + %d digits 0 or 1", nbits);
    lines l = {buf, len, 0, 0};
    const uint8_t *s;
    size_t n;
    if (first_line(&l, &s, &n, name, expected, err, cap) != 0) return -1;
    if (n < 5 || memcmp(s, "bits ", 5) != 0)
        return fail(err, cap, "%s:1: expected %s", name, expected);
    for (size_t i = 5; i < n; i++)
        if (s[i] != '0' && s[i] != '1')
            return fail(err, cap, "%s:1: column %zu: %s is not 0 or 1 (expected %s)", name,
                        i + 1, show(s[i], b), expected);
    if (n - 5 != (size_t)nbits)
        return fail(err, cap, "%s:1: %zu digits after \"bits \", expected %d", name, n - 5,
                    nbits);
    if (expect_end(&l, 1, name, err, cap) != 0) return -1;
    for (int i = 0; i < nbits; i++) bits[i] = (uint8_t)(s[5 + i] - '0');
    return 0;
}

int pb_parse_instance(pasta_fp *vals, int count, const uint8_t *buf, size_t len,
                      const char *name, char *err, size_t cap) {
    lines l = {buf, len, 0, 0};
    char why[PB_ERR_CAP];
    pasta_fp *tmp = malloc((size_t)(count > 0 ? count : 1) * sizeof *tmp);
    if (tmp == NULL) return fail(err, cap, "%s: out of memory", name);
    for (int i = 0; i < count; i++) {
        const uint8_t *s;
        size_t n;
        uint8_t repr[32];
        int r = next_line(&l, &s, &n, name, err, cap);
        if (r == 0) {
            if (i == 0)
                fail(err, cap, "%s: the file is empty, expected %d lines of 64 hex digits",
                     name, count);
            else
                fail(err, cap, "%s: %d line%s, expected %d (one 64-hex-digit value a line)",
                     name, i, i == 1 ? "" : "s", count);
        }
        if (r <= 0) goto bad;
        if (hex32(repr, s, n, 1, why, sizeof why) != 0) {
            fail(err, cap, "%s:%d: %s", name, l.no, why);
            goto bad;
        }
        if (pasta_fp_from_bytes(&tmp[i], repr) != PASTA_OK) {
            fail(err, cap, "%s:%d: the value is not canonical (not below the field modulus p)",
                 name, l.no);
            goto bad;
        }
    }
    if (expect_end(&l, count, name, err, cap) != 0) goto bad;
    if (count > 0) memcpy(vals, tmp, (size_t)count * sizeof *tmp);
    free(tmp);
    return 0;
bad:
    free(tmp);
    return -1;
}

/* ---- Atomic output. */

/* dir (with a trailing '/', or "" for the current directory) and base of path */
static int split_path(const char *path, char *dir, size_t dcap, const char **base) {
    const char *slash = strrchr(path, '/');
    *base = slash ? slash + 1 : path;
    size_t dl = slash ? (size_t)(slash - path) + 1 : 0;
    if (dl >= dcap) return -1;
    memcpy(dir, path, dl);
    dir[dl] = 0;
    return 0;
}

int pb_out_open(pb_out *o, const char *path, char *err, size_t cap) {
    o->path = path;
    o->fd = -1;
    o->tmp[0] = 0;
    char dir[4096];
    const char *base;
    struct stat st;
    if (path == NULL || path[0] == 0) return fail(err, cap, "an empty output path");
    if (split_path(path, dir, sizeof dir, &base) != 0 || base[0] == 0 ||
        strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
        return fail(err, cap, "%s: not a file name", path);
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return fail(err, cap, "%s: is a directory", path);
    char tmp[sizeof o->tmp]; /* o->tmp names a file only once it exists */
    if (snprintf(tmp, sizeof tmp, "%s.%s.XXXXXX", dir, base) >= (int)sizeof tmp)
        return fail(err, cap, "%s: path too long", path);
    o->fd = mkstemp(tmp);
    if (o->fd >= 0) memcpy(o->tmp, tmp, sizeof tmp);
    if (o->fd < 0) {
        int e = errno;
        fail(err, cap, "%s: cannot create a file in %s: %s", path, dir[0] ? dir : "./",
             strerror(e));
        errno = e;
        return -1;
    }
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(o->fd, 0666 & ~mask) != 0) {
        int e = errno;
        pb_out_discard(o);
        errno = e;
        return fail(err, cap, "%s: %s", path, strerror(e));
    }
    return 0;
}

int pb_out_write(pb_out *o, const void *data, size_t len, char *err, size_t cap) {
    const uint8_t *p = data;
    while (len > 0) {
        ssize_t w = write(o->fd, p, len);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            int e = w < 0 ? errno : EIO;
            fail(err, cap, "%s: write failed: %s", o->path, strerror(e));
            errno = e;
            return -1;
        }
        p += w;
        len -= (size_t)w;
    }
    return 0;
}

int pb_out_commit(pb_out *o, char *err, size_t cap) {
    if (o->fd < 0) return fail(err, cap, "%s: not open", o->path);
    int rc = fsync(o->fd);
    int e = errno;
    if (close(o->fd) != 0 && rc == 0) rc = -1, e = errno;
    o->fd = -1;
    if (rc == 0 && rename(o->tmp, o->path) != 0) rc = -1, e = errno;
    if (rc != 0) {
        unlink(o->tmp);
        o->tmp[0] = 0;
        fail(err, cap, "%s: %s", o->path, strerror(e));
        errno = e;
        return -1;
    }
    o->tmp[0] = 0;
    return 0;
}

void pb_out_discard(pb_out *o) {
    if (o->fd >= 0) close(o->fd);
    o->fd = -1;
    if (o->tmp[0]) unlink(o->tmp);
    o->tmp[0] = 0;
}

int pb_same_file(const char *a, const char *b) {
    if (strcmp(a, b) == 0) return 1;
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0) /* existing files: one inode */
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char da[4096], db[4096];
    const char *ba, *bb;
    if (split_path(a, da, sizeof da, &ba) != 0 || split_path(b, db, sizeof db, &bb) != 0)
        return 0;
    if (strcmp(ba, bb) != 0) return 0;
    /* one name in one directory reached by two paths ("p.bin", "./p.bin") */
    if (stat(da[0] ? da : ".", &sa) != 0 || stat(db[0] ? db : ".", &sb) != 0) return 0;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
