/* fields/x86_64_ifma.h: the 8-lane AVX-512 IFMA kernels, against GMP and the scalar
 * kernels (the asm backend's when it runs here, else the portable ones).
 *
 * - constants (m, 2m, k0, 2^264 mod m, 2^256 mod m in radix 2^52) recomputed with GMP;
 * - the vec functions at every length 0..64, 127..129 and 1023..1025 on random inputs
 *   mixed with edge values, out of place and aliased (r == a, r == b, r == a == b, r == c,
 *   c inside r), with every array ending at an inaccessible page so that a read or write
 *   past the end faults; each element against the scalar kernel and GMP;
 * - 10^5 elements per op per field;
 * - constant arrays of the largest values (every pair of 6), against the scalar kernels:
 *   intermediate sums at the top of their stated bounds;
 * - the building blocks (load/store round trip, partial forms, load16, add, sub, mul, sqr,
 *   mul256, reduce, to260/from260, set1, select) on weakly reduced inputs (values in
 *   [m, 2m) included), against GMP, with the output bounds of the header checked.
 * The constant-time side (no lane value reaches a branch or an index) is checked on the
 * machine code by tests/ifma_ct.sh.
 *
 * Skips (prints why, passes) on a CPU without AVX512F + AVX512IFMA. Must not run under
 * valgrind (3.19 cannot execute AVX-512): not registered for it. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ifma_testutil.h"

#include "fields/x86_64_ifma.h"

/* ---- Arrays that end at a PROT_NONE page ------------------------------------------------ */
typedef struct {
    void *base;
    size_t len;
} guarded;
static uint64_t *guarded_alloc(guarded *g, size_t n) { /* n elements of 4 words */
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t bytes = n * 32, span = (bytes + page - 1) / page * page;
    g->len = span + page;
    g->base = mmap(NULL, g->len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    cr_assert(g->base != MAP_FAILED);
    cr_assert_eq(mprotect((char *)g->base + span, page, PROT_NONE), 0);
    return (uint64_t *)((char *)g->base + span - bytes);
}
static void guarded_free(guarded *g) { munmap(g->base, g->len); }

/* ---- Per-field adapters ------------------------------------------------------------------- */
typedef struct {
    int fid;
    const pasta_ifma_consts *K;
    void (*vadd)(uint64_t *, const uint64_t *, const uint64_t *, size_t);
    void (*vsub)(uint64_t *, const uint64_t *, const uint64_t *, size_t);
    void (*vmul)(uint64_t *, const uint64_t *, const uint64_t *, size_t);
    void (*vscale)(uint64_t *, const uint64_t *, const uint64_t *, size_t);
    void (*vmuladd)(uint64_t *, const uint64_t *, const uint64_t *, const uint64_t *, size_t);
    void (*vip)(uint64_t *, const uint64_t *, const uint64_t *, size_t);
    /* scalar kernels */
    void (*add)(uint64_t *, const uint64_t *, const uint64_t *);
    void (*sub)(uint64_t *, const uint64_t *, const uint64_t *);
    void (*mul)(uint64_t *, const uint64_t *, const uint64_t *);
    /* building blocks */
    void (*load)(pasta_ifma_v8 *, const uint64_t *);
    void (*load_part)(pasta_ifma_v8 *, const uint64_t *, size_t);
    void (*load16)(pasta_ifma_v8 *, const uint64_t *);
    void (*load16_part)(pasta_ifma_v8 *, const uint64_t *, size_t);
    void (*store)(uint64_t *, const pasta_ifma_v8 *);
    void (*store_part)(uint64_t *, const pasta_ifma_v8 *, size_t);
    void (*set1)(pasta_ifma_v8 *, const uint64_t *);
    void (*bb2[5])(pasta_ifma_v8 *, const pasta_ifma_v8 *, const pasta_ifma_v8 *);
    void (*bb1[4])(pasta_ifma_v8 *, const pasta_ifma_v8 *);
} field_t;
enum { BB_ADD, BB_SUB, BB_MUL, BB_MUL256, BB_SELECT };
enum { BB_SQR, BB_REDUCE, BB_TO260, BB_FROM260 };

#define FIELD_ADAPTERS(F, T)                                                                  \
    PASTA_IFMA_TARGET static void F##_vadd(uint64_t *r, const uint64_t *a, const uint64_t *b, \
                                           size_t n) {                                        \
        pasta_ifma_##F##_vec_add((T *)r, (const T *)a, (const T *)b, n);                      \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_vsub(uint64_t *r, const uint64_t *a, const uint64_t *b, \
                                           size_t n) {                                        \
        pasta_ifma_##F##_vec_sub((T *)r, (const T *)a, (const T *)b, n);                      \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_vmul(uint64_t *r, const uint64_t *a, const uint64_t *b, \
                                           size_t n) {                                        \
        pasta_ifma_##F##_vec_mul((T *)r, (const T *)a, (const T *)b, n);                      \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_vscale(uint64_t *r, const uint64_t *a,                  \
                                             const uint64_t *c, size_t n) {                   \
        pasta_ifma_##F##_vec_scale((T *)r, (const T *)a, (const T *)c, n);                    \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_vmuladd(                                                \
        uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c, size_t n) {     \
        pasta_ifma_##F##_vec_mul_add((T *)r, (const T *)a, (const T *)b, (const T *)c, n);    \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_vip(uint64_t *r, const uint64_t *a, const uint64_t *b,  \
                                          size_t n) {                                         \
        pasta_ifma_##F##_vec_inner_product((T *)r, (const T *)a, (const T *)b, n);            \
    }                                                                                         \
    static void F##_add(uint64_t *r, const uint64_t *a, const uint64_t *b) {                  \
        scalar_ops()->F->add((T *)r, (const T *)a, (const T *)b);                             \
    }                                                                                         \
    static void F##_sub(uint64_t *r, const uint64_t *a, const uint64_t *b) {                  \
        scalar_ops()->F->sub((T *)r, (const T *)a, (const T *)b);                             \
    }                                                                                         \
    static void F##_mul(uint64_t *r, const uint64_t *a, const uint64_t *b) {                  \
        scalar_ops()->F->mul((T *)r, (const T *)a, (const T *)b);                             \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_load(pasta_ifma_v8 *r, const uint64_t *a) {             \
        pasta_ifma_##F##_load(r, (const T *)a);                                               \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_load_part(pasta_ifma_v8 *r, const uint64_t *a,          \
                                                size_t k) {                                   \
        pasta_ifma_##F##_load_part(r, (const T *)a, k);                                       \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_load16(pasta_ifma_v8 *r, const uint64_t *a) {           \
        pasta_ifma_##F##_load16(r, (const T *)a);                                             \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_load16_part(pasta_ifma_v8 *r, const uint64_t *a,        \
                                                  size_t k) {                                 \
        pasta_ifma_##F##_load16_part(r, (const T *)a, k);                                     \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_store(uint64_t *r, const pasta_ifma_v8 *a) {            \
        pasta_ifma_##F##_store((T *)r, a);                                                    \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_store_part(uint64_t *r, const pasta_ifma_v8 *a,         \
                                                 size_t k) {                                  \
        pasta_ifma_##F##_store_part((T *)r, a, k);                                            \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_set1(pasta_ifma_v8 *r, const uint64_t *c) {             \
        pasta_ifma_##F##_set1(r, (const T *)c);                                               \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_bb_add(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,        \
                                             const pasta_ifma_v8 *b) {                        \
        pasta_ifma_##F##_add(r, a, b);                                                        \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_bb_sub(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,        \
                                             const pasta_ifma_v8 *b) {                        \
        pasta_ifma_##F##_sub(r, a, b);                                                        \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_bb_mul(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,        \
                                             const pasta_ifma_v8 *b) {                        \
        pasta_ifma_##F##_mul(r, a, b);                                                        \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_bb_mul256(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,     \
                                                const pasta_ifma_v8 *b) {                     \
        pasta_ifma_##F##_mul256(r, a, b);                                                     \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_bb_sqr(pasta_ifma_v8 *r, const pasta_ifma_v8 *a) {      \
        pasta_ifma_##F##_sqr(r, a);                                                           \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_bb_reduce(pasta_ifma_v8 *r, const pasta_ifma_v8 *a) {   \
        pasta_ifma_##F##_reduce(r, a);                                                        \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_bb_to260(pasta_ifma_v8 *r, const pasta_ifma_v8 *a) {    \
        pasta_ifma_##F##_to260(r, a);                                                         \
    }                                                                                         \
    PASTA_IFMA_TARGET static void F##_bb_from260(pasta_ifma_v8 *r, const pasta_ifma_v8 *a) {  \
        pasta_ifma_##F##_from260(r, a);                                                       \
    }

/* select's mask is fixed here (0xa5) so that it fits the two-operand slot. */
PASTA_IFMA_TARGET static void bb_select(pasta_ifma_v8 *r, const pasta_ifma_v8 *a,
                                        const pasta_ifma_v8 *b) {
    pasta_ifma_select(r, 0xa5, a, b);
}

FIELD_ADAPTERS(fp, pasta_fp)
FIELD_ADAPTERS(fq, pasta_fq)

#define FIELD_T(F, FID)                                                                       \
    {                                                                                         \
        FID, &pasta_ifma_##F##_consts, F##_vadd, F##_vsub, F##_vmul, F##_vscale, F##_vmuladd, \
            F##_vip, F##_add, F##_sub, F##_mul, F##_load, F##_load_part, F##_load16,          \
            F##_load16_part, F##_store, F##_store_part, F##_set1,                             \
            {F##_bb_add, F##_bb_sub, F##_bb_mul, F##_bb_mul256, bb_select}, {                 \
            F##_bb_sqr, F##_bb_reduce, F##_bb_to260, F##_bb_from260                           \
        }                                                                                     \
    }
static const field_t fields[2] = {FIELD_T(fp, 0), FIELD_T(fq, 1)};

/* ---- Inputs ------------------------------------------------------------------------------ */
/* Random canonical Montgomery elements, about one in four replaced by an edge value's
 * Montgomery form or an edge value's raw limbs taken as an element (R mod m = ONE, m - 1,
 * m - 2, values near 2^254, 0 ...). */
static void fill(uint64_t *x, size_t n, int fid, tu_rng *g) {
    mpz_t edges[TU_MAX_EDGES], m, z;
    int ne = tu_edges(edges, fid);
    mpz_inits(m, z, NULL);
    tu_modulus(m, fid);
    for (size_t i = 0; i < n; i++) {
        uint64_t r = tu_next(g);
        if (r % 4 == 0) {
            size_t e = (size_t)((r >> 8) % (uint64_t)ne);
            if ((r >> 4) & 1) tu_value_to_mont(&x[4 * i], edges[e], fid); /* the element e */
            else tu_to_limbs(&x[4 * i], edges[e]);                        /* limbs e (< m) */
        } else {
            tu_random_below(z, g, m);
            tu_to_limbs(&x[4 * i], z);
        }
    }
    for (int i = 0; i < TU_MAX_EDGES; i++) mpz_clear(edges[i]);
    mpz_clears(m, z, NULL);
}

/* GMP: the value of a Montgomery element, x 2^-256 mod m (tu_mont_to_value with the
 * inverse kept). */
static void val(mpz_t z, const uint64_t *x, int fid) {
    static mpz_t rinv[2], m[2];
    static int ready[2];
    if (!ready[fid]) {
        mpz_inits(rinv[fid], m[fid], NULL);
        tu_modulus(m[fid], fid);
        mpz_set_ui(rinv[fid], 1);
        mpz_mul_2exp(rinv[fid], rinv[fid], 256);
        mpz_invert(rinv[fid], rinv[fid], m[fid]);
        ready[fid] = 1;
    }
    tu_from_limbs(z, x);
    mpz_mul(z, z, rinv[fid]);
    mpz_mod(z, z, m[fid]);
}

enum { OP_ADD, OP_SUB, OP_MUL, OP_SCALE, OP_MULADD, OP_IP, OP_COUNT };
static const char *op_names[OP_COUNT] = {"vec_add",   "vec_sub",     "vec_mul",
                                         "vec_scale", "vec_mul_add", "vec_inner_product"};

/* Runs op on copies in guarded arrays, with r at the aliasing position given by alias
 * (0: own array; 1: r == a; 2: r == b; 3: r == a == b (b := a); 4: r == c (mul_add);
 * for scale, alias 5: c = &r[n / 2]), and checks every element against the scalar kernels
 * and GMP. */
static void check_op(const field_t *f, int op, size_t n, int alias, tu_rng *g, int gmp) {
    guarded ga, gb, gc, gr;
    uint64_t *a = guarded_alloc(&ga, n), *b = guarded_alloc(&gb, n);
    uint64_t *c = guarded_alloc(&gc, n > 0 ? n : 1), *r = guarded_alloc(&gr, n);
    uint64_t *a0 = malloc(32 * (n + 1)), *b0 = malloc(32 * (n + 1)),
             *c0 = malloc(32 * (n + 1));
    uint64_t *want = malloc(32 * (n + 1));
    cr_assert(a0 && b0 && c0 && want);
    fill(a0, n, f->fid, g);
    fill(b0, n, f->fid, g);
    fill(c0, n > 0 ? n : 1, f->fid, g);
    if (alias == 3) memcpy(b0, a0, 32 * n);
    if (alias == 5 && n > 0) memcpy(c0, a0 + 4 * (n / 2), 32); /* c = r[n/2] = a[n/2] */
    memcpy(a, a0, 32 * n);
    memcpy(b, b0, 32 * n);
    memcpy(c, c0, 32 * (n > 0 ? n : 1));
    memset(r, 0x5a, 32 * n);
    /* Expected, from the scalar kernels. */
    uint64_t acc[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        uint64_t *w = &want[4 * i];
        switch (op) {
        case OP_ADD: f->add(w, &a0[4 * i], &b0[4 * i]); break;
        case OP_SUB: f->sub(w, &a0[4 * i], &b0[4 * i]); break;
        case OP_MUL: f->mul(w, &a0[4 * i], &b0[4 * i]); break;
        case OP_SCALE: f->mul(w, &a0[4 * i], c0); break;
        case OP_MULADD:
            f->mul(w, &a0[4 * i], &b0[4 * i]);
            f->add(w, w, &c0[4 * i]);
            break;
        case OP_IP:
            f->mul(w, &a0[4 * i], &b0[4 * i]);
            f->add(acc, acc, w);
            break;
        }
    }
    uint64_t *ra = r; /* where the output goes */
    const uint64_t *pa = a, *pb = b, *pc = c;
    if (alias == 1 || alias == 3 || alias == 5) ra = a;
    if (alias == 2) ra = b;
    if (alias == 3) pb = a;
    if (alias == 4) ra = c;
    if (alias == 5 && n > 0) pc = a + 4 * (n / 2);
    uint64_t ip[4];
    switch (op) {
    case OP_ADD: f->vadd(ra, pa, pb, n); break;
    case OP_SUB: f->vsub(ra, pa, pb, n); break;
    case OP_MUL: f->vmul(ra, pa, pb, n); break;
    case OP_SCALE: f->vscale(ra, pa, pc, n); break;
    case OP_MULADD: f->vmuladd(ra, pa, pb, pc, n); break;
    case OP_IP: f->vip(ip, pa, pb, n); break;
    }
    mpz_t m, x, y, z, s;
    mpz_inits(m, x, y, z, s, NULL);
    tu_modulus(m, f->fid);
    if (op == OP_IP) {
        cr_assert(memcmp(ip, acc, 32) == 0, "%s field %d n=%zu: differs from the scalar sum",
                  op_names[op], f->fid, n);
        if (gmp) {
            mpz_set_ui(s, 0);
            for (size_t i = 0; i < n; i++) {
                val(x, &a0[4 * i], f->fid);
                val(y, &b0[4 * i], f->fid);
                mpz_addmul(s, x, y);
            }
            mpz_mod(s, s, m);
            val(z, ip, f->fid);
            cr_assert(mpz_cmp(s, z) == 0, "%s field %d n=%zu: GMP", op_names[op], f->fid, n);
        }
    } else {
        for (size_t i = 0; i < n; i++) {
            cr_assert(memcmp(&ra[4 * i], &want[4 * i], 32) == 0,
                      "%s field %d n=%zu alias=%d i=%zu: differs from the scalar kernel",
                      op_names[op], f->fid, n, alias, i);
            if (!gmp) continue;
            val(x, &a0[4 * i], f->fid);
            val(y, &b0[4 * i], f->fid);
            val(s, op == OP_SCALE ? c0 : &c0[4 * i], f->fid);
            switch (op) {
            case OP_ADD: mpz_add(z, x, y); break;
            case OP_SUB: mpz_sub(z, x, y); break;
            case OP_MUL: mpz_mul(z, x, y); break;
            case OP_SCALE: mpz_mul(z, x, s); break;
            case OP_MULADD: mpz_mul(z, x, y), mpz_add(z, z, s); break;
            }
            mpz_mod(z, z, m);
            tu_from_limbs(x, &ra[4 * i]);
            cr_assert(mpz_cmp(x, m) < 0, "%s: output not canonical", op_names[op]);
            val(y, &ra[4 * i], f->fid);
            cr_assert(mpz_cmp(y, z) == 0, "%s field %d n=%zu i=%zu: GMP", op_names[op], f->fid,
                      n, i);
        }
        /* Inputs that are not outputs are unchanged. */
        if (ra != a) cr_assert(memcmp(a, a0, 32 * n) == 0, "a changed");
        if (ra != b) cr_assert(memcmp(b, b0, 32 * n) == 0, "b changed");
    }
    mpz_clears(m, x, y, z, s, NULL);
    free(a0), free(b0), free(c0), free(want);
    guarded_free(&ga), guarded_free(&gb), guarded_free(&gc), guarded_free(&gr);
}

static const int op_aliases[OP_COUNT][6] = {
    /* the aliasing cases of each op, -1 ends */
    {0, 1, 2, 3, -1}, {0, 1, 2, 3, -1}, {0, 1, 2, 3, -1},
    {0, 1, 5, -1},    {0, 1, 2, 4, -1}, {0, 3, -1},
};

static void lengths(size_t *ns, size_t *count) {
    size_t k = 0;
    for (size_t n = 0; n <= 64; n++) ns[k++] = n;
    for (size_t n = 127; n <= 129; n++) ns[k++] = n;
    for (size_t n = 1023; n <= 1025; n++) ns[k++] = n;
    *count = k;
}

Test(ifma, constants) {
    SKIP_WITHOUT_IFMA("test_ifma");
    for (int fid = 0; fid < 2; fid++) {
        const pasta_ifma_consts *K = fields[fid].K;
        mpz_t m, t, z;
        mpz_inits(m, t, z, NULL);
        tu_modulus(m, fid);
        const uint64_t *want[4] = {K->m, K->m2, K->r264, K->r256};
        for (int w = 0; w < 4; w++) {
            mpz_set_ui(t, 1);
            if (w == 0) mpz_set(t, m);
            if (w == 1) mpz_mul_ui(t, m, 2);
            if (w == 2) mpz_mul_2exp(t, t, 264), mpz_mod(t, t, m);
            if (w == 3) mpz_mul_2exp(t, t, 256), mpz_mod(t, t, m);
            for (int j = 0; j < 5; j++) {
                mpz_fdiv_q_2exp(z, t, 52 * (unsigned)j);
                mpz_fdiv_r_2exp(z, z, 52);
                cr_assert_eq(mpz_get_ui(z), want[w][j], "field %d constant %d limb %d", fid, w,
                             j);
            }
        }
        /* k0 m = -1 mod 2^52 */
        mpz_set_ui(t, K->k0);
        mpz_mul(t, t, m);
        mpz_add_ui(t, t, 1);
        cr_assert(mpz_divisible_2exp_p(t, 52), "field %d k0", fid);
        mpz_clears(m, t, z, NULL);
    }
}

Test(ifma, vec_lengths_and_aliasing) {
    SKIP_WITHOUT_IFMA("test_ifma");
    printf("test_ifma: scalar reference %s\n",
           scalar_ops() == &pasta_ops_portable ? "portable" : "x86-64 asm");
    size_t ns[80], count;
    lengths(ns, &count);
    for (int fid = 0; fid < 2; fid++) {
        tu_rng g;
        tu_rng_init(&g, tu_seed() ^ (0x1f3aULL + (uint64_t)fid));
        for (int op = 0; op < OP_COUNT; op++)
            for (size_t k = 0; k < count; k++)
                for (int ai = 0; op_aliases[op][ai] >= 0; ai++)
                    check_op(&fields[fid], op, ns[k], op_aliases[op][ai], &g, 1);
    }
}

Test(ifma, vec_large) {
    SKIP_WITHOUT_IFMA("test_ifma");
    for (int fid = 0; fid < 2; fid++) {
        tu_rng g;
        tu_rng_init(&g, tu_seed() ^ (0x1a29eULL + (uint64_t)fid));
        for (int op = 0; op < OP_COUNT; op++) check_op(&fields[fid], op, 100000, 0, &g, 1);
    }
}

/* Constant arrays of the largest values (raw limbs m - 1, m - 2, 2^254 - 1 and the
 * Montgomery forms of -1, -2): products and partial sums near the top of every bound
 * the header states (e.g. the inner product's weakly reduced lane sums). */
Test(ifma, vec_extremes) {
    SKIP_WITHOUT_IFMA("test_ifma");
    const size_t n = 4099;
    for (int fid = 0; fid < 2; fid++) {
        const field_t *f = &fields[fid];
        mpz_t m, v;
        mpz_inits(m, v, NULL);
        tu_modulus(m, fid);
        uint64_t vals[6][4];
        mpz_sub_ui(v, m, 1), tu_to_limbs(vals[0], v);
        mpz_sub_ui(v, m, 2), tu_to_limbs(vals[1], v);
        mpz_set_ui(v, 1), mpz_mul_2exp(v, v, 254), mpz_sub_ui(v, v, 1),
            tu_to_limbs(vals[2], v);
        mpz_sub_ui(v, m, 1), tu_value_to_mont(vals[3], v, fid);
        mpz_sub_ui(v, m, 2), tu_value_to_mont(vals[4], v, fid);
        mpz_sub_ui(v, m, 3), tu_to_limbs(vals[5], v);
        uint64_t *a = malloc(32 * n), *b = malloc(32 * n), *c = malloc(32 * n),
                 *r = malloc(32 * n);
        cr_assert(a && b && c && r);
        for (int va = 0; va < 6; va++)
            for (int vb = 0; vb < 6; vb++) {
                for (size_t i = 0; i < n; i++) {
                    memcpy(&a[4 * i], vals[va], 32);
                    memcpy(&b[4 * i], vals[vb], 32);
                    memcpy(&c[4 * i], vals[(va + vb) % 6], 32);
                }
                uint64_t w[4], acc[4] = {0, 0, 0, 0}, ip[4];
                f->mul(w, a, b);
                for (size_t i = 0; i < n; i++) f->add(acc, acc, w);
                f->vip(ip, a, b, n);
                cr_assert(memcmp(ip, acc, 32) == 0, "inner product of constants %d %d", va,
                          vb);
                f->vmuladd(r, a, b, c, n);
                f->add(w, w, c);
                for (size_t i = 0; i < n; i++) cr_assert(memcmp(&r[4 * i], w, 32) == 0);
                f->vmul(r, a, b, n);
                f->mul(w, a, b);
                for (size_t i = 0; i < n; i++) cr_assert(memcmp(&r[4 * i], w, 32) == 0);
                f->vscale(r, a, b, n);
                for (size_t i = 0; i < n; i++) cr_assert(memcmp(&r[4 * i], w, 32) == 0);
                f->vadd(r, a, b, n);
                f->add(w, a, b);
                for (size_t i = 0; i < n; i++) cr_assert(memcmp(&r[4 * i], w, 32) == 0);
                f->vsub(r, a, b, n);
                f->sub(w, a, b);
                for (size_t i = 0; i < n; i++) cr_assert(memcmp(&r[4 * i], w, 32) == 0);
            }
        free(a), free(b), free(c), free(r);
        mpz_clears(m, v, NULL);
    }
}

/* ---- Building blocks --------------------------------------------------------------------- */
/* 8 raw lanes (4 words each, any value < 2^256) of a v8: limbs < 2^52 checked. */
static void lanes(uint64_t out[8][4], const pasta_ifma_v8 *v) {
    uint64_t l[5][8];
    memcpy(l, v->l, sizeof l);
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 5; j++) cr_assert(l[j][i] >> 52 == 0, "limb %d of lane %d", j, i);
        cr_assert(l[4][i] >> 48 == 0, "lane %d >= 2^256", i);
        out[i][0] = l[0][i] | l[1][i] << 52;
        out[i][1] = l[1][i] >> 12 | l[2][i] << 40;
        out[i][2] = l[2][i] >> 24 | l[3][i] << 28;
        out[i][3] = l[3][i] >> 36 | l[4][i] << 16;
    }
}

/* Weakly reduced raw lanes: random below 2m, or edges (0, 1, m - 1, m, 2m - 1, ...). */
static void weak_lanes(uint64_t x[8][4], int fid, tu_rng *g, int below_m) {
    mpz_t m, z;
    mpz_inits(m, z, NULL);
    tu_modulus(m, fid);
    for (int i = 0; i < 8; i++) {
        uint64_t r = tu_next(g);
        switch (r % 8) {
        case 0: mpz_set_ui(z, (r >> 8) % 3); break; /* 0, 1, 2 */
        case 1: mpz_sub_ui(z, m, 1 + (r >> 8) % 2); break;
        case 2:
            if (below_m) mpz_sub_ui(z, m, 1);
            else mpz_mul_ui(z, m, 2), mpz_sub_ui(z, z, 1 + (r >> 8) % 2); /* 2m - 1, 2m - 2 */
            break;
        case 3:
            if (below_m) mpz_set_ui(z, 1), mpz_mul_2exp(z, z, 254), mpz_sub_ui(z, z, 1);
            else mpz_set(z, m); /* m itself */
            break;
        default:
            tu_random_below(z, g, m);
            if (!below_m && (r & 16)) mpz_add(z, z, m); /* [m, 2m) */
        }
        tu_to_limbs(x[i], z);
    }
    mpz_clears(m, z, NULL);
}

/* Lane i of v as an integer (limbs < 2^52 checked). */
static void lane_mpz(mpz_t z, const pasta_ifma_v8 *v, int i) {
    uint64_t l[5][8];
    memcpy(l, v->l, sizeof l);
    mpz_set_ui(z, 0);
    for (int j = 4; j >= 0; j--) {
        cr_assert(l[j][i] >> 52 == 0, "limb %d of lane %d", j, i);
        mpz_mul_2exp(z, z, 52);
        mpz_add_ui(z, z, l[j][i]);
    }
}

PASTA_IFMA_TARGET static void load_raw(pasta_ifma_v8 *v, uint64_t x[8][4]) {
    pasta_ifma_load_(v, &x[0][0], 0, 0);
}

Test(ifma, building_blocks) {
    SKIP_WITHOUT_IFMA("test_ifma");
    mpz_t m, two_m, x, y, z, w, inv;
    mpz_inits(m, two_m, x, y, z, w, inv, NULL);
    for (int fid = 0; fid < 2; fid++) {
        const field_t *f = &fields[fid];
        tu_modulus(m, fid);
        mpz_mul_ui(two_m, m, 2);
        tu_rng g;
        tu_rng_init(&g, tu_seed() ^ (0xb10cULL + (uint64_t)fid));
        for (int round = 0; round < 2000; round++) {
            uint64_t xa[8][4], xb[8][4], out[8][4];
            /* Two-operand ops: mul256 needs a b < 2^256 m: b canonical there. */
            for (int op = 0; op < 5; op++) {
                weak_lanes(xa, fid, &g, 0);
                weak_lanes(xb, fid, &g, op == BB_MUL256);
                pasta_ifma_v8 va, vb, vr;
                load_raw(&va, xa);
                load_raw(&vb, xb);
                f->bb2[op](&vr, &va, &vb);
                lanes(out, &vr);
                for (int i = 0; i < 8; i++) {
                    tu_from_limbs(x, xa[i]);
                    tu_from_limbs(y, xb[i]);
                    tu_from_limbs(w, out[i]);
                    cr_assert(mpz_cmp(w, two_m) < 0, "op %d field %d lane %d: output >= 2m",
                              op, fid, i);
                    if (op == BB_SELECT) {
                        cr_assert(mpz_cmp(w, (0xa5 >> i) & 1 ? y : x) == 0, "select lane %d",
                                  i);
                        continue;
                    }
                    if (op == BB_ADD) mpz_add(z, x, y);
                    if (op == BB_SUB) mpz_sub(z, x, y);
                    if (op == BB_MUL || op == BB_MUL256) {
                        mpz_mul(z, x, y);
                        mpz_set_ui(inv, 1);
                        mpz_mul_2exp(inv, inv, op == BB_MUL ? 260 : 256);
                        mpz_invert(inv, inv, m);
                        mpz_mul(z, z, inv);
                    }
                    mpz_sub(w, w, z);
                    cr_assert(mpz_divisible_p(w, m), "op %d field %d round %d lane %d: GMP",
                              op, fid, round, i);
                }
            }
            /* One-operand ops. */
            for (int op = 0; op < 4; op++) {
                weak_lanes(xa, fid, &g, 0);
                pasta_ifma_v8 va, vr;
                load_raw(&va, xa);
                f->bb1[op](&vr, &va);
                lanes(out, &vr);
                for (int i = 0; i < 8; i++) {
                    tu_from_limbs(x, xa[i]);
                    tu_from_limbs(w, out[i]);
                    cr_assert(mpz_cmp(w, op == BB_REDUCE ? m : two_m) < 0,
                              "op1 %d lane %d: output bound", op, i);
                    mpz_set_ui(inv, 1);
                    switch (op) {
                    case BB_SQR:
                        mpz_mul(z, x, x);
                        mpz_mul_2exp(inv, inv, 260);
                        mpz_invert(inv, inv, m);
                        mpz_mul(z, z, inv);
                        break;
                    case BB_REDUCE: mpz_set(z, x); break;
                    case BB_TO260: mpz_mul_ui(z, x, 16); break;
                    case BB_FROM260:
                        mpz_set_ui(inv, 16);
                        mpz_invert(inv, inv, m);
                        mpz_mul(z, x, inv);
                        break;
                    }
                    mpz_sub(w, w, z);
                    cr_assert(mpz_divisible_p(w, m), "op1 %d field %d lane %d: GMP", op, fid,
                              i);
                }
            }
            /* load/store round trips: full and every partial count; store canonicalises. */
            uint64_t elems[8][4], back[9][4];
            fill(&elems[0][0], 8, fid, &g);
            for (size_t k = 0; k <= 8; k++) {
                pasta_ifma_v8 v;
                memset(back, 0x77, sizeof back);
                if (k == 8) f->load(&v, &elems[0][0]);
                else f->load_part(&v, &elems[0][0], k);
                lanes(out, &v);
                for (size_t i = 0; i < 8; i++) {
                    if (i < k) cr_assert(memcmp(out[i], elems[i], 32) == 0, "load k=%zu", k);
                    else
                        cr_assert(!(out[i][0] | out[i][1] | out[i][2] | out[i][3]),
                                  "load_part k=%zu lane %zu not zero", k, i);
                }
                if (k == 8) f->store(&back[0][0], &v);
                else f->store_part(&back[0][0], &v, k);
                for (size_t i = 0; i < 9; i++) {
                    if (i < k) cr_assert(memcmp(back[i], elems[i], 32) == 0, "store k=%zu", k);
                    else
                        cr_assert(back[i][0] == 0x7777777777777777ULL, "store_part wrote %zu",
                                  i);
                }
            }
            /* load16: 16 x as an integer; F_mul(16 a, b) = a b / 2^256 mod m, < 2m. */
            uint64_t e2[8][4];
            fill(&e2[0][0], 8, fid, &g);
            for (size_t k = 0; k <= 8; k++) {
                pasta_ifma_v8 v16, vb, vr;
                if (k == 8) f->load16(&v16, &elems[0][0]);
                else f->load16_part(&v16, &elems[0][0], k);
                f->load(&vb, &e2[0][0]);
                f->bb2[BB_MUL](&vr, &v16, &vb);
                for (int i = 0; i < 8; i++) {
                    lane_mpz(w, &v16, i);
                    tu_from_limbs(x, elems[i]);
                    mpz_mul_ui(x, x, (size_t)i < k ? 16 : 0);
                    cr_assert(mpz_cmp(w, x) == 0, "load16 k=%zu lane %d", k, i);
                    tu_from_limbs(y, e2[i]);
                    mpz_mul(z, x, y);
                    mpz_set_ui(inv, 1);
                    mpz_mul_2exp(inv, inv, 260);
                    mpz_invert(inv, inv, m);
                    mpz_mul(z, z, inv);
                    lane_mpz(w, &vr, i);
                    cr_assert(mpz_cmp(w, two_m) < 0, "mul(load16) bound");
                    mpz_sub(w, w, z);
                    cr_assert(mpz_divisible_p(w, m), "mul(load16 a, b) lane %d: GMP", i);
                }
            }
            /* store of values in [m, 2m): canonical. */
            weak_lanes(xa, fid, &g, 0);
            pasta_ifma_v8 v;
            load_raw(&v, xa);
            f->store(&back[0][0], &v);
            for (int i = 0; i < 8; i++) {
                tu_from_limbs(x, xa[i]);
                mpz_mod(x, x, m);
                tu_from_limbs(w, back[i]);
                cr_assert(mpz_cmp(w, x) == 0, "store of a weak value");
            }
            /* set1 */
            f->set1(&v, &elems[3][0]);
            lanes(out, &v);
            for (int i = 0; i < 8; i++) cr_assert(memcmp(out[i], elems[3], 32) == 0, "set1");
        }
    }
    mpz_clears(m, two_m, x, y, z, w, inv, NULL);
}
