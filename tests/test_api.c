/* The generated test of the public API (tests/api_test_impl.h): on each backend, every
 * public function of every list entry (fields/field_list.h, curves/curve_list.h) against
 * that backend's own table entry, with the same inputs: same return code, same bytes out.
 * Plus the things the lists cannot say: the backend switch itself and the count. */
#include <stddef.h>
#include <string.h>

#include "core/list.h"
#include "testutil.h"

#define API_NA 16   /* capacity of every array argument; sizes are drawn in [0, API_NA/2] */
#define API_ITERS 6 /* input sets per entry and backend */
#define API_TAB_BYTES (192 * 1024) /* a fixed-base table of API_NA bases, any window */
#define PASTA_STR__(x) #x
#define PASTA_STR_(x) PASTA_STR__(x)

static const char *api_op;
static long api_checked;

/* Both copies of an output start as the same bytes, so an entry that leaves an output
 * untouched (an error return) compares equal only if both leave it untouched. */
static void api_fill(void *p, void *r, size_t n) {
    memset(p, 0xa5, n);
    memset(r, 0xa5, n);
}

static void api_same(const void *p, const void *r, size_t n, const char *what) {
    cr_assert(memcmp(p, r, n) == 0, "%s: output %s differs from its table entry's", api_op,
              what);
}

static void gen_field_bytes_into(uint8_t b[64], tu_rng *g, int it) {
    for (int i = 0; i < 64; i++) b[i] = (uint8_t)tu_next(g);
    if (it == 0) memset(b, 0, 64); /* the zero element / the identity once */
}
#define gen_field_bytes(g, it) gen_field_bytes_into(gen_buf, g, it)

/* Bytes for decoders: random on even iterations, below 2^254 on odd ones (a canonical
 * field encoding, and a valid x-coordinate about half of the time). */
static void gen_bytes(uint8_t *b, size_t n, tu_rng *g, int it) {
    for (size_t i = 0; i < n; i++) b[i] = (uint8_t)tu_next(g);
    if ((it & 1) && n >= 32) b[31] &= 0x3f;
}

static int gen_val_int(tu_rng *g) { return (int)(tu_next(g) & 1); }
static uint64_t gen_val_u64(tu_rng *g) { return tu_next(g); }
/* At most API_NA/2, so that an output of na + nb - 1 elements (poly_mul) fits. */
static size_t gen_val_size(tu_rng *g) { return (size_t)(tu_next(g) % (API_NA / 2 + 1)); }

#define PASTA_FIELD_TEMPLATE "tests/api_test_impl.h"
#define PASTA_CURVE_TEMPLATE "tests/api_test_impl.h"
#include "core/for_each.h"
#undef PASTA_FIELD_TEMPLATE
#undef PASTA_CURVE_TEMPLATE

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))
#define COUNT_V(name, kinds) +1
#define COUNT_R(type, name, kinds) +1

static void check_backend(pasta_backend b) {
    const pasta_ops *t = tu_backend_or_skip(b);
    if (t == NULL) return;
    cr_assert_eq(pasta_backend_set(b), PASTA_OK);
    cr_assert_eq(pasta_backend_get(), b, "pasta_backend_set did not switch");
    tu_rng g;
    tu_rng_init(&g, tu_seed() ^ (uint64_t)b);
    api_checked = 0;
    for (int it = 0; it < API_ITERS; it++) {
        for (size_t i = 0; i < N_OF(checks_fp); i++) checks_fp[i](t, &g, it);
        for (size_t i = 0; i < N_OF(checks_fq); i++) checks_fq[i](t, &g, it);
        for (size_t i = 0; i < N_OF(checks_pallas); i++) checks_pallas[i](t, &g, it);
        for (size_t i = 0; i < N_OF(checks_vesta); i++) checks_vesta[i](t, &g, it);
    }
    const long per_iter = 2 * (0 PASTA_FIELD_ENTRIES(COUNT_V, COUNT_R)) +
                          2 * (0 PASTA_CURVE_ENTRIES(COUNT_V, COUNT_R));
    cr_assert_eq(api_checked, per_iter * API_ITERS);
    cr_assert_eq(pasta_backend_set(PASTA_BACKEND_AUTO), PASTA_OK);
}

Test(api, every_public_function_portable) { check_backend(PASTA_BACKEND_PORTABLE); }
Test(api, every_public_function_x86_64_asm) { check_backend(PASTA_BACKEND_X86_64_ASM); }

/* The public calls really follow pasta_backend_set: a result computed on one backend,
 * then the other, stays the same (bit-identical backends), and the selection reads back. */
Test(api, backend_switch_round_trip) {
    pasta_backend all[] = {PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM,
                           PASTA_BACKEND_AUTO, PASTA_BACKEND_PORTABLE};
    pasta_fp x, y, z0;
    pasta_fp_from_u64(&x, 7);
    pasta_fp_from_u64(&y, 11);
    pasta_fp_mul(&z0, &x, &y);
    for (size_t i = 0; i < N_OF(all); i++) {
        if (!pasta_backend_supported(all[i])) continue;
        cr_assert_eq(pasta_backend_set(all[i]), PASTA_OK);
        if (all[i] != PASTA_BACKEND_AUTO) cr_assert_eq(pasta_backend_get(), all[i]);
        pasta_fp z;
        pasta_fp_mul(&z, &x, &y);
        cr_assert(pasta_fp_eq(&z, &z0));
    }
    cr_assert_eq(pasta_backend_set((pasta_backend)99), PASTA_ERR_UNSUPPORTED);
}
