/* The bad-input contract of docs/CONTRACT.md: every failing call returns its documented
 * error code, leaves its outputs untouched and leaks nothing.
 *
 * Allocation failure is swept, not sampled: alloc_sweep() makes allocation 1, 2, 3, ...
 * of a call fail until the call succeeds, so a new allocation site in an existing call
 * is covered without touching this file. A new allocating call (e.g. in the curves
 * layer) needs one alloc_case: setup, call, outputs-untouched check. */
#include <stdbool.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "msm/msm_list.h"
#include "testutil.h"

#define SENTINEL 0xa5u

static bool all_bytes(const void *p, size_t n, uint8_t v) {
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != v) return false;
    return true;
}

/* ---- Allocation failure: the generic sweep. */

typedef struct alloc_case {
    const char *what;
    void (*setup)(void *st);           /* inputs and sentinel outputs, before each call */
    int (*call)(void *st);             /* the call under test */
    bool (*untouched)(const void *st); /* outputs (and in-place inputs) unchanged       */
    bool (*correct)(const void *st);   /* the successful call's result                  */
} alloc_case;

/* Returns the number of allocations the successful call made. */
static long alloc_sweep(const alloc_case *c, void *st) {
    long live0 = pasta_test_alloc_live();
    for (long n = 1;; n++) {
        cr_assert(n < 1000, "%s: still failing after 1000 allocation sites", c->what);
        c->setup(st);
        pasta_test_alloc_fail_at(n);
        int rc = c->call(st);
        long made = pasta_test_alloc_fail_at(0);
        cr_assert_eq(pasta_test_alloc_live(), live0, "%s: leak with allocation %ld failing",
                     c->what, n);
        if (rc == PASTA_OK) {
            cr_assert(made < n, "%s: allocation %ld was to fail but the call succeeded",
                      c->what, n);
            cr_assert(c->correct(st), "%s: wrong result", c->what);
            return made;
        }
        cr_assert_eq(rc, PASTA_ERR_NO_MEMORY, "%s: allocation %ld failing gave %d (%s)",
                     c->what, n, rc, pasta_strerror(rc));
        cr_assert(c->untouched(st), "%s: outputs changed with allocation %ld failing", c->what,
                  n);
    }
}

/* ---- Per-field checks (fp, fq), on a backend table or the public dispatch. */

#define BATCH_MAX 9

#define FIELD_CONTRACT(FLD, FID)                                                              \
    typedef struct {                                                                          \
        const struct pasta_##FLD##_ops *o;                                                    \
        size_t n;                                                                             \
        bool in_place;                                                                        \
        pasta_##FLD in[BATCH_MAX], orig[BATCH_MAX], out[BATCH_MAX];                           \
    } FLD##_batch_st;                                                                         \
                                                                                              \
    static void FLD##_batch_setup(void *p) {                                                  \
        FLD##_batch_st *s = p;                                                                \
        for (size_t i = 0; i < BATCH_MAX; i++) {                                              \
            s->o->from_u64(&s->orig[i], 3 * i); /* element 0 is zero */                       \
            s->in[i] = s->orig[i];                                                            \
        }                                                                                     \
        memset(s->out, SENTINEL, sizeof s->out);                                              \
    }                                                                                         \
    static int FLD##_batch_call(void *p) {                                                    \
        FLD##_batch_st *s = p;                                                                \
        return s->o->batch_invert(s->in_place ? s->in : s->out, s->in, s->n);                 \
    }                                                                                         \
    static bool FLD##_batch_untouched(const void *p) {                                        \
        const FLD##_batch_st *s = p;                                                          \
        return memcmp(s->in, s->orig, sizeof s->in) == 0 &&                                   \
               (s->in_place || all_bytes(s->out, sizeof s->out, SENTINEL));                   \
    }                                                                                         \
    static bool FLD##_batch_correct(const void *p) {                                          \
        const FLD##_batch_st *s = p;                                                          \
        const pasta_##FLD *r = s->in_place ? s->in : s->out;                                  \
        for (size_t i = 0; i < s->n; i++) {                                                   \
            pasta_##FLD t;                                                                    \
            s->o->invert(&t, &s->orig[i]);                                                    \
            if (!s->o->eq(&t, &r[i])) return false;                                           \
        }                                                                                     \
        return s->in_place ||                                                                 \
               all_bytes(s->out + s->n, sizeof s->out[0] * (BATCH_MAX - s->n), SENTINEL);     \
    }                                                                                         \
                                                                                              \
    static void FLD##_alloc_failures(const struct pasta_##FLD##_ops *o, const char *who) {    \
        static const alloc_case c = {#FLD "_batch_invert", FLD##_batch_setup,                 \
                                     FLD##_batch_call, FLD##_batch_untouched,                 \
                                     FLD##_batch_correct};                                    \
        static const size_t sizes[] = {1, 2, BATCH_MAX};                                      \
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {                         \
            for (int ip = 0; ip < 2; ip++) {                                                  \
                FLD##_batch_st s = {.o = o, .n = sizes[k], .in_place = ip};                   \
                long made = alloc_sweep(&c, &s);                                              \
                cr_log_info("%s %s n=%zu%s: %ld allocation(s) swept", who, c.what, s.n,       \
                            ip ? " in place" : "", made);                                     \
                cr_assert_geq(made, 1, "%s: batch_invert is expected to allocate", who);      \
            }                                                                                 \
        }                                                                                     \
    }                                                                                         \
                                                                                              \
    static void FLD##_bad_args(const struct pasta_##FLD##_ops *o) {                           \
        pasta_##FLD in[2], out[2];                                                            \
        o->one(&in[0]);                                                                       \
        o->one(&in[1]);                                                                       \
        memset(out, SENTINEL, sizeof out);                                                    \
        long live0 = pasta_test_alloc_live();                                                 \
        cr_assert_eq(o->batch_invert(NULL, in, 2), PASTA_ERR_INVALID_ARG);                    \
        cr_assert_eq(o->batch_invert(out, NULL, 2), PASTA_ERR_INVALID_ARG);                   \
        cr_assert_eq(o->batch_invert(NULL, NULL, 1), PASTA_ERR_INVALID_ARG);                  \
        /* Sizes whose byte count overflows size_t (the arrays are never read). */            \
        const size_t huge[] = {SIZE_MAX, SIZE_MAX / sizeof(pasta_##FLD) + 1};                 \
        for (size_t i = 0; i < sizeof huge / sizeof huge[0]; i++)                             \
            cr_assert_eq(o->batch_invert(out, in, huge[i]), PASTA_ERR_INVALID_ARG,            \
                         "batch_invert(n=%zu)", huge[i]);                                     \
        cr_assert(all_bytes(out, sizeof out, SENTINEL), "outputs changed");                   \
        cr_assert_eq(o->batch_invert(NULL, NULL, 0), PASTA_OK, "n = 0 accepts NULL");         \
        cr_assert_eq(pasta_test_alloc_live(), live0, "leak");                                 \
                                                                                              \
        /* random: NULL rng, failing rng. */                                                  \
        pasta_##FLD r;                                                                        \
        memset(&r, SENTINEL, sizeof r);                                                       \
        cr_assert_eq(o->random(&r, NULL, NULL), PASTA_ERR_INVALID_ARG);                       \
        cr_assert_eq(o->random(&r, failing_rng, NULL), PASTA_ERR_RNG);                        \
        cr_assert(all_bytes(&r, sizeof r, SENTINEL), "random: output changed on error");      \
    }                                                                                         \
                                                                                              \
    static void FLD##_noncanonical(const struct pasta_##FLD##_ops *o) {                       \
        const uint64_t *m = pasta_##FLD##_MODULUS;                                            \
        uint64_t bad[][4] = {                                                                 \
            {m[0], m[1], m[2], m[3]},     /* m                   */                           \
            {m[0] + 1, m[1], m[2], m[3]}, /* m + 1               */                           \
            {0, 0, 0, m[3] + 1},          /* above m, top limb   */                           \
            {0, 0, 0, UINT64_C(1) << 63}, /* bit 255 set          */                          \
            {1, 0, 0, UINT64_C(1) << 63}, /* 1 with bit 255       */                          \
            {~UINT64_C(0), ~UINT64_C(0), ~UINT64_C(0), ~UINT64_C(0)}, /* 2^256 - 1 */         \
        };                                                                                    \
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {                             \
            uint8_t enc[32];                                                                  \
            for (int j = 0; j < 32; j++) enc[j] = (uint8_t)(bad[i][j / 8] >> (8 * (j % 8)));  \
            pasta_##FLD r;                                                                    \
            memset(&r, SENTINEL, sizeof r);                                                   \
            cr_assert_eq(o->from_bytes(&r, enc), PASTA_ERR_NONCANONICAL, "encoding %zu", i);  \
            cr_assert(all_bytes(&r, sizeof r, SENTINEL), "output changed (encoding %zu)", i); \
        }                                                                                     \
        /* m - 1 is the largest canonical encoding; r starts uninitialised, as in user  \
         * code (test_contract_valgrind checks the decoded value is defined). */     \
        uint8_t enc[32];                                                                      \
        uint64_t top[4] = {m[0] - 1, m[1], m[2], m[3]};                                       \
        for (int j = 0; j < 32; j++) enc[j] = (uint8_t)(top[j / 8] >> (8 * (j % 8)));         \
        pasta_##FLD r, minus_one;                                                             \
        cr_assert_eq(o->from_bytes(&r, enc), PASTA_OK);                                       \
        o->one(&minus_one);                                                                   \
        o->neg(&minus_one, &minus_one);                                                       \
        cr_assert(o->eq(&r, &minus_one));                                                     \
    }

static int failing_rng(void *ctx, uint8_t *buf, size_t len) {
    (void)ctx;
    memset(buf, 0x5a, len / 2); /* writes some bytes, then fails */
    return -1;
}

FIELD_CONTRACT(fp, 0)
FIELD_CONTRACT(fq, 1)

#define CONTRACT_TESTS(B, BID)                        \
    Test(B, alloc_failure_sweep) {                    \
        const pasta_ops *t = tu_backend_or_skip(BID); \
        fp_alloc_failures(t->fp, #B);                 \
        fq_alloc_failures(t->fq, #B);                 \
    }                                                 \
    Test(B, bad_arguments) {                          \
        const pasta_ops *t = tu_backend_or_skip(BID); \
        fp_bad_args(t->fp);                           \
        fq_bad_args(t->fq);                           \
    }                                                 \
    Test(B, noncanonical_untouched) {                 \
        const pasta_ops *t = tu_backend_or_skip(BID); \
        fp_noncanonical(t->fp);                       \
        fq_noncanonical(t->fq);                       \
    }

CONTRACT_TESTS(contract_portable, PASTA_BACKEND_PORTABLE)
CONTRACT_TESTS(contract_x86_64_asm, PASTA_BACKEND_X86_64_ASM)
CONTRACT_TESTS(contract_x86_64_ifma, PASTA_BACKEND_X86_64_IFMA)

/* ---- The fft layer (include/pasta/fft.h): domain_init (its tables, then the batch
 * inversion of the vanishing values), poly_mul (its scratch), grand_product (the batch
 * inversion), grand_product_par (its one scratch, on 2 threads). The in-place arrays of a failing call keep their values. */
#define FFT_CONTRACT(FLD)                                                                   \
    typedef struct {                                                                        \
        const struct pasta_##FLD##_ops *o;                                                  \
        int which;    /* 0 domain_init, 1 poly_mul, 2 grand_product, 3 grand_product_par */ \
        bool init_ok; /* domain_init's result, checked and freed inside the call */         \
        pasta_##FLD##_domain d, dom;                                                        \
        pasta_##FLD a[8], b[8], r[16];                                                      \
        pasta_##FLD ga[1024], gb[1024], gr[1024]; /* 3: the threaded path */                \
    } FLD##_fft_st;                                                                         \
    static void FLD##_fft_setup(void *p) {                                                  \
        FLD##_fft_st *s = p;                                                                \
        memset(&s->d, SENTINEL, sizeof s->d);                                               \
        memset(s->r, SENTINEL, sizeof s->r);                                                \
        memset(s->gr, SENTINEL, sizeof s->gr);                                              \
        for (int i = 0; i < 1024; i++) {                                                    \
            s->o->from_u64(&s->ga[i], (uint64_t)(5 * i + 2));                               \
            s->o->from_u64(&s->gb[i], (uint64_t)(7 * i + 1));                               \
        }                                                                                   \
        for (int i = 0; i < 8; i++) {                                                       \
            s->o->from_u64(&s->a[i], (uint64_t)(i + 2));                                    \
            s->o->from_u64(&s->b[i], (uint64_t)(3 * i + 1));                                \
        }                                                                                   \
    }                                                                                       \
    static int FLD##_fft_call(void *p) {                                                    \
        FLD##_fft_st *s = p;                                                                \
        switch (s->which) {                                                                 \
        case 0: {                                                                           \
            int rc = s->o->domain_init(&s->d, 3, 1);                                        \
            if (rc == PASTA_OK) {                                                           \
                s->init_ok = s->d.k == 3 && s->d.j == 1 && s->d.tables != NULL;             \
                s->o->domain_free(&s->d); /* the sweep counts live blocks after the call */ \
            }                                                                               \
            return rc;                                                                      \
        }                                                                                   \
        case 1: return s->o->poly_mul(&s->dom, s->r, s->a, 8, s->b, 8, 1);                  \
        case 2: return s->o->grand_product(s->r, s->a, s->b, 8);                            \
        default: return s->o->grand_product_par(s->gr, s->ga, s->gb, 1024, 2);              \
        }                                                                                   \
    }                                                                                       \
    static bool FLD##_fft_untouched(const void *p) {                                        \
        const FLD##_fft_st *s = p;                                                          \
        return all_bytes(&s->d, sizeof s->d, SENTINEL) &&                                   \
               all_bytes(s->r, sizeof s->r, SENTINEL) &&                                    \
               all_bytes(s->gr, sizeof s->gr, SENTINEL);                                    \
    }                                                                                       \
    static bool FLD##_fft_correct(const void *p) {                                          \
        const FLD##_fft_st *s = p;                                                          \
        if (s->which == 0) return s->init_ok;                                               \
        if (s->which == 3) return !all_bytes(s->gr, sizeof s->gr, SENTINEL);                \
        return !all_bytes(s->r, sizeof(s->r[0]) * 8, SENTINEL);                             \
    }                                                                                       \
    static void FLD##_fft_alloc_failures(const struct pasta_##FLD##_ops *o,                 \
                                         const char *who) {                                 \
        static const alloc_case c = {#FLD "_fft", FLD##_fft_setup, FLD##_fft_call,          \
                                     FLD##_fft_untouched, FLD##_fft_correct};               \
        for (int w = 0; w < 4; w++) {                                                       \
            static FLD##_fft_st s;                                                          \
            memset(&s, 0, sizeof s);                                                        \
            s.o = o, s.which = w;                                                           \
            cr_assert_eq(o->domain_init(&s.dom, 3, 2), PASTA_OK);                           \
            long made = alloc_sweep(&c, &s);                                                \
            cr_log_info("%s %s case %d: %ld allocation(s) swept", who, c.what, w, made);    \
            cr_assert_geq(made, 1, "%s: fft case %d is expected to allocate", who, w);      \
            o->domain_free(&s.dom);                                                         \
        }                                                                                   \
    }
FFT_CONTRACT(fp)
FFT_CONTRACT(fq)

Test(contract_fft, alloc_failure_sweep_each_backend) {
    static const pasta_backend all[] = {PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM,
                                        PASTA_BACKEND_X86_64_IFMA};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        const pasta_ops *t = pasta_ops_for(all[i]);
        if (t == NULL) continue;
        fp_fft_alloc_failures(t->fp, t->name);
        fq_fft_alloc_failures(t->fq, t->name);
    }
}

/* The public entry points (through the active table) keep the contract too. */
static int pub_fp_batch(void *p) {
    fp_batch_st *s = p;
    return pasta_fp_batch_invert(s->in_place ? s->in : s->out, s->in, s->n);
}
static int pub_fq_batch(void *p) {
    fq_batch_st *s = p;
    return pasta_fq_batch_invert(s->in_place ? s->in : s->out, s->in, s->n);
}

Test(contract_public, alloc_failure_sweep_each_backend) {
    static const pasta_backend all[] = {PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM,
                                        PASTA_BACKEND_X86_64_IFMA};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        const pasta_ops *t = pasta_ops_for(all[i]);
        if (t == NULL) continue;
        cr_assert_eq(pasta_backend_set(all[i]), PASTA_OK);
        const alloc_case cp = {"pasta_fp_batch_invert", fp_batch_setup, pub_fp_batch,
                               fp_batch_untouched, fp_batch_correct};
        const alloc_case cq = {"pasta_fq_batch_invert", fq_batch_setup, pub_fq_batch,
                               fq_batch_untouched, fq_batch_correct};
        for (int ip = 0; ip < 2; ip++) {
            fp_batch_st sp = {.o = t->fp, .n = 4, .in_place = ip};
            fq_batch_st sq = {.o = t->fq, .n = 4, .in_place = ip};
            cr_assert_geq(alloc_sweep(&cp, &sp), 1);
            cr_assert_geq(alloc_sweep(&cq, &sq), 1);
        }
        pasta_fp f;
        memset(&f, SENTINEL, sizeof f);
        cr_assert_eq(pasta_fp_batch_invert(NULL, NULL, 3), PASTA_ERR_INVALID_ARG);
        cr_assert_eq(pasta_fp_random(&f, NULL, NULL), PASTA_ERR_INVALID_ARG);
        cr_assert(all_bytes(&f, sizeof f, SENTINEL));
    }
    cr_assert_eq(pasta_backend_set(PASTA_BACKEND_AUTO), PASTA_OK);
}

Test(contract_public, error_codes) {
    static const int codes[] = {PASTA_OK,
                                PASTA_ERR_NONCANONICAL,
                                PASTA_ERR_NOT_ON_CURVE,
                                PASTA_ERR_INVALID_ARG,
                                PASTA_ERR_NO_MEMORY,
                                PASTA_ERR_UNSUPPORTED,
                                PASTA_ERR_RNG};
    const size_t n = sizeof codes / sizeof codes[0];
    const char *unknown = pasta_strerror(12345);
    cr_assert_not_null(unknown);
    for (size_t i = 0; i < n; i++) {
        cr_assert(i == 0 ? codes[i] == 0 : codes[i] < 0, "errors are negative");
        const char *s = pasta_strerror(codes[i]);
        cr_assert_not_null(s);
        cr_assert_str_neq(s, unknown, "code %d has a description", codes[i]);
        for (size_t j = 0; j < i; j++) {
            cr_assert_neq(codes[i], codes[j]);
            cr_assert_str_neq(s, pasta_strerror(codes[j]));
        }
    }
}

Test(contract_public, backend_selection_errors) {
    pasta_backend before = pasta_backend_get();
    cr_assert_eq(pasta_backend_set((pasta_backend)77), PASTA_ERR_UNSUPPORTED);
    cr_assert_eq(pasta_backend_get(), before, "selection unchanged");
    if (!pasta_backend_supported(PASTA_BACKEND_X86_64_ASM)) {
        cr_assert_eq(pasta_backend_set(PASTA_BACKEND_X86_64_ASM), PASTA_ERR_UNSUPPORTED);
        cr_assert_eq(pasta_backend_get(), before, "selection unchanged");
    }
    pasta_backend b = (pasta_backend)99;
    cr_assert_eq(pasta_backend_parse(&b, NULL), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(pasta_backend_parse(&b, "x86-64-asm"), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(pasta_backend_parse(&b, ""), PASTA_ERR_INVALID_ARG);
    cr_assert_eq((int)b, 99, "out untouched on error");
    cr_assert_eq(pasta_backend_parse(NULL, "portable"), PASTA_ERR_INVALID_ARG);
    cr_assert_null(pasta_backend_name((pasta_backend)77));
    cr_assert_eq(pasta_backend_supported((pasta_backend)77), 0);
}

/* The leak check itself notices a missing free (the hook is what the sweep relies on). */
Test(contract_public, leak_hook_counts) {
    long live0 = pasta_test_alloc_live();
    void *p = pasta_alloc(16);
    cr_assert_not_null(p);
    cr_assert_eq(pasta_test_alloc_live(), live0 + 1);
    pasta_free(p);
    cr_assert_eq(pasta_test_alloc_live(), live0);
}

/* ---- Point decoding (docs/CONTRACT.md §3): error codes, untouched outputs. */

static void le32(uint8_t out[32], const uint64_t v[4]) {
    for (int j = 0; j < 32; j++) out[j] = (uint8_t)(v[j / 8] >> (8 * (j % 8)));
}

#define CURVE_CONTRACT(CRV, FLD)                                                              \
    static void CRV##_decoding(const pasta_ops *t) {                                          \
        const struct pasta_##CRV##_ops *c = t->CRV;                                           \
        const struct pasta_##FLD##_ops *f = t->FLD;                                           \
        const uint64_t *m = pasta_##FLD##_MODULUS;                                            \
        uint8_t enc[32];                                                                      \
        pasta_##CRV##_jacobian j;                                                             \
        pasta_##CRV##_affine a;                                                               \
        /* x >= modulus, with and without the sign bit; x = 2^255 - 1. */                     \
        const uint64_t big[][4] = {                                                           \
            {m[0], m[1], m[2], m[3]},                                                         \
            {m[0] + 5, m[1], m[2], m[3]},                                                     \
            {~UINT64_C(0), ~UINT64_C(0), ~UINT64_C(0), ~UINT64_C(0) >> 1}};                   \
        for (size_t i = 0; i < 3; i++) {                                                      \
            for (int sign = 0; sign < 2; sign++) {                                            \
                le32(enc, big[i]);                                                            \
                enc[31] |= (uint8_t)(sign << 7);                                              \
                memset(&j, SENTINEL, sizeof j);                                               \
                memset(&a, SENTINEL, sizeof a);                                               \
                cr_assert_eq(c->from_bytes(&j, enc), PASTA_ERR_NONCANONICAL, "x big %zu", i); \
                cr_assert_eq(c->affine_from_bytes(&a, enc), PASTA_ERR_NONCANONICAL);          \
                cr_assert(all_bytes(&j, sizeof j, SENTINEL) &&                                \
                          all_bytes(&a, sizeof a, SENTINEL));                                 \
            }                                                                                 \
        }                                                                                     \
        /* The identity with the sign bit set, and an x with x^3 + 5 not a square. */         \
        memset(enc, 0, sizeof enc);                                                           \
        enc[31] = 0x80;                                                                       \
        memset(&j, SENTINEL, sizeof j);                                                       \
        cr_assert_eq(c->from_bytes(&j, enc), PASTA_ERR_NOT_ON_CURVE, "identity with sign");   \
        cr_assert(all_bytes(&j, sizeof j, SENTINEL));                                         \
        pasta_##FLD x, rhs, five;                                                             \
        f->from_u64(&five, 5);                                                                \
        uint64_t k = 1;                                                                       \
        for (;; k++) {                                                                        \
            f->from_u64(&x, k);                                                               \
            f->cube(&rhs, &x);                                                                \
            f->add(&rhs, &rhs, &five);                                                        \
            if (f->legendre(&rhs) == -1) break;                                               \
        }                                                                                     \
        memset(enc, 0, sizeof enc);                                                           \
        enc[0] = (uint8_t)k;                                                                  \
        memset(&a, SENTINEL, sizeof a);                                                       \
        cr_assert_eq(c->affine_from_bytes(&a, enc), PASTA_ERR_NOT_ON_CURVE, "x = %lu",        \
                     (unsigned long)k);                                                       \
        cr_assert(all_bytes(&a, sizeof a, SENTINEL));                                         \
        /* Uncompressed: a coordinate >= modulus; a pair off the curve. */                    \
        uint8_t u[64] = {0};                                                                  \
        le32(u + 32, big[0]);                                                                 \
        u[0] = 1;                                                                             \
        memset(&a, SENTINEL, sizeof a);                                                       \
        cr_assert_eq(c->affine_from_uncompressed(&a, u), PASTA_ERR_NONCANONICAL);             \
        memset(u, 0, sizeof u);                                                               \
        u[0] = 1, u[32] = 1; /* (1, 1): 1 != 6 */                                             \
        cr_assert_eq(c->affine_from_uncompressed(&a, u), PASTA_ERR_NOT_ON_CURVE);             \
        cr_assert(all_bytes(&a, sizeof a, SENTINEL));                                         \
        /* Accepted: the identity, and the generator's encoding round trip. */                \
        memset(enc, 0, sizeof enc);                                                           \
        cr_assert_eq(c->from_bytes(&j, enc), PASTA_OK);                                       \
        cr_assert(c->is_identity(&j));                                                        \
        uint8_t g[32], back[32];                                                              \
        c->generator(&j);                                                                     \
        c->to_bytes(g, &j);                                                                   \
        cr_assert_eq(c->from_bytes(&j, g), PASTA_OK);                                         \
        c->to_bytes(back, &j);                                                                \
        cr_assert_eq(memcmp(g, back, 32), 0);                                                 \
    }

/* batch_to_affine: NULL with n > 0 and sizes whose byte count overflows size_t are
 * INVALID_ARG (CONTRACT.md §4), out untouched (the arrays are never read); NULL with
 * n = 0 is OK. fn: the backend's entry or the public one. */
#define BATCH_AFFINE_CONTRACT(CRV)                                                          \
    static void CRV##_batch_sizes(                                                          \
        int (*fn)(pasta_##CRV##_affine *, const pasta_##CRV##_jacobian *, size_t)) {        \
        pasta_##CRV##_jacobian in[2];                                                       \
        pasta_##CRV##_affine out[2];                                                        \
        pasta_##CRV##_generator(&in[0]);                                                    \
        pasta_##CRV##_identity(&in[1]);                                                     \
        memset(out, SENTINEL, sizeof out);                                                  \
        const size_t huge[] = {SIZE_MAX, SIZE_MAX / 32, SIZE_MAX / sizeof in[0] + 1};       \
        for (size_t i = 0; i < sizeof huge / sizeof huge[0]; i++)                           \
            cr_assert_eq(fn(out, in, huge[i]), PASTA_ERR_INVALID_ARG, "n = %zu", huge[i]);  \
        cr_assert_eq(fn(NULL, in, 1), PASTA_ERR_INVALID_ARG);                               \
        cr_assert_eq(fn(out, NULL, 1), PASTA_ERR_INVALID_ARG);                              \
        cr_assert(all_bytes(out, sizeof out, SENTINEL), "batch_to_affine: output changed"); \
        cr_assert_eq(fn(NULL, NULL, 0), PASTA_OK);                                          \
        cr_assert_eq(fn(out, in, 2), PASTA_OK);                                             \
        pasta_##CRV##_affine want;                                                          \
        pasta_##CRV##_to_affine(&want, &in[0]);                                             \
        cr_assert_eq(memcmp(&out[0], &want, sizeof want), 0);                               \
        cr_assert(pasta_##CRV##_affine_is_identity(&out[1]));                               \
    }

CURVE_CONTRACT(pallas, fp)
CURVE_CONTRACT(vesta, fq)
BATCH_AFFINE_CONTRACT(pallas)
BATCH_AFFINE_CONTRACT(vesta)

Test(contract_portable, point_decoding) {
    const pasta_ops *t = tu_backend_or_skip(PASTA_BACKEND_PORTABLE);
    pallas_decoding(t);
    vesta_decoding(t);
}
Test(contract_x86_64_asm, point_decoding) {
    const pasta_ops *t = tu_backend_or_skip(PASTA_BACKEND_X86_64_ASM);
    pallas_decoding(t);
    vesta_decoding(t);
}
Test(contract_x86_64_ifma, point_decoding) {
    const pasta_ops *t = tu_backend_or_skip(PASTA_BACKEND_X86_64_IFMA);
    pallas_decoding(t);
    vesta_decoding(t);
}

Test(contract_curve, batch_to_affine_sizes) {
    static const pasta_backend all[] = {PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM,
                                        PASTA_BACKEND_X86_64_IFMA};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        const pasta_ops *t = pasta_ops_for(all[i]);
        if (t == NULL) continue;
        pallas_batch_sizes(t->pallas->batch_to_affine);
        vesta_batch_sizes(t->vesta->batch_to_affine);
    }
    pallas_batch_sizes(pasta_pallas_batch_to_affine);
    vesta_batch_sizes(pasta_vesta_batch_to_affine);
}

/* ---- msm/ (include/pasta/msm.h): allocation failure at every site, the bad-argument
 * and non-canonical-scalar codes, the output untouched, nothing leaked. */

#define MSM_N 40

#define MSM_CONTRACT(CRV, SCL)                                                               \
    typedef struct {                                                                         \
        const struct pasta_##CRV##_ops *o;                                                   \
        int bytes, threads;                                                                  \
        pasta_##CRV##_affine b[MSM_N];                                                       \
        pasta_##SCL k[MSM_N];                                                                \
        uint8_t kb[32 * MSM_N];                                                              \
        pasta_##SCL k2[2 * MSM_N];          /* modes 3, 4: k twice, a batch of two */        \
        pasta_##CRV##_affine b2[2 * MSM_N]; /* mode 4: b twice */                            \
        pasta_##CRV##_msm_table *tab;       /* modes 2, 3: fixed base */                     \
        pasta_##CRV##_jacobian r, r2[2], want;                                               \
    } CRV##_msm_st;                                                                          \
                                                                                             \
    static void CRV##_msm_init(CRV##_msm_st *s, const pasta_ops *t) {                        \
        pasta_##CRV##_jacobian g, p;                                                         \
        t->CRV->generator(&g);                                                               \
        p = g;                                                                               \
        for (size_t i = 0; i < MSM_N; i++) {                                                 \
            t->CRV->add_var(&p, &p, &g);                                                     \
            t->CRV->to_affine_var(&s->b[i], &p);                                             \
            t->SCL->from_u64(&s->k[i], 1000003u * i + 7);                                    \
            t->SCL->neg(&s->k[i], &s->k[i]);                                                 \
            t->SCL->to_bytes(s->kb + 32 * i, &s->k[i]);                                      \
            s->k2[i] = s->k2[MSM_N + i] = s->k[i];                                           \
            s->b2[i] = s->b2[MSM_N + i] = s->b[i];                                           \
        }                                                                                    \
        cr_assert_eq(t->CRV->msm_var_opt(&s->want, s->b, s->k, MSM_N, 1, 0,                  \
                                         PASTA_MSM_F_JACOBIAN | PASTA_MSM_F_NOGLV),          \
                     PASTA_OK);                                                              \
    }                                                                                        \
    static void CRV##_msm_setup(void *p) {                                                   \
        CRV##_msm_st *s = p;                                                                 \
        memset(&s->r, SENTINEL, sizeof s->r);                                                \
        memset(s->r2, SENTINEL, sizeof s->r2);                                               \
    }                                                                                        \
    static int CRV##_msm_call(void *p) {                                                     \
        CRV##_msm_st *s = p;                                                                 \
        if (s->bytes == 4)                                                                   \
            return s->o->msm_var_many(s->r2, s->b2, s->k2, 2, MSM_N, s->threads);            \
        if (s->bytes == 3)                                                                   \
            return s->o->msm_fixed_var_many(s->r2, s->tab, s->k2, 2, MSM_N, s->threads);     \
        if (s->bytes == 2)                                                                   \
            return s->o->msm_fixed_var(&s->r, s->tab, s->k, MSM_N, s->threads);              \
        return s->bytes ? s->o->msm_bytes_var(&s->r, s->b, s->kb, MSM_N, s->threads)         \
                        : s->o->msm_var(&s->r, s->b, s->k, MSM_N, s->threads);               \
    }                                                                                        \
    static int CRV##_msm_pub(void *p) {                                                      \
        CRV##_msm_st *s = p;                                                                 \
        if (s->bytes == 4)                                                                   \
            return pasta_##CRV##_msm_var_many(s->r2, s->b2, s->k2, 2, MSM_N, s->threads);    \
        if (s->bytes == 3)                                                                   \
            return pasta_##CRV##_msm_fixed_var_many(s->r2, s->tab, s->k2, 2, MSM_N,          \
                                                    s->threads);                             \
        if (s->bytes == 2)                                                                   \
            return pasta_##CRV##_msm_fixed_var(&s->r, s->tab, s->k, MSM_N, s->threads);      \
        return s->bytes ? pasta_##CRV##_msm_bytes_var(&s->r, s->b, s->kb, MSM_N, s->threads) \
                        : pasta_##CRV##_msm_var(&s->r, s->b, s->k, MSM_N, s->threads);       \
    }                                                                                        \
    static bool CRV##_msm_untouched(const void *p) {                                         \
        const CRV##_msm_st *s = p;                                                           \
        return all_bytes(&s->r, sizeof s->r, SENTINEL) &&                                    \
               all_bytes(s->r2, sizeof s->r2, SENTINEL);                                     \
    }                                                                                        \
    static bool CRV##_msm_correct(const void *p) {                                           \
        const CRV##_msm_st *s = p;                                                           \
        if (s->bytes >= 3)                                                                   \
            return s->o->eq(&s->r2[0], &s->want) != 0 && s->o->eq(&s->r2[1], &s->want) != 0; \
        return s->o->eq(&s->r, &s->want) != 0;                                               \
    }                                                                                        \
    static void CRV##_msm_contract(const pasta_ops *t, int public_api) {                     \
        static CRV##_msm_st s;                                                               \
        s.o = t->CRV;                                                                        \
        CRV##_msm_init(&s, t);                                                               \
        size_t tsz = t->CRV->msm_fixed_size(MSM_N, 0);                                       \
        s.tab = malloc(tsz);                                                                 \
        cr_assert_not_null(s.tab);                                                           \
        long made0 = pasta_test_alloc_fail_at(0);                                            \
        (void)made0;                                                                         \
        pasta_test_alloc_fail_at(1);                                                         \
        cr_assert_eq(t->CRV->msm_fixed_build(s.tab, tsz, s.b, MSM_N, 0, 2), PASTA_OK,        \
                     "fixed_build allocates nothing");                                       \
        cr_assert_eq(pasta_test_alloc_fail_at(0), 0);                                        \
        const alloc_case c = {#CRV "_msm", CRV##_msm_setup,                                  \
                              public_api ? CRV##_msm_pub : CRV##_msm_call,                   \
                              CRV##_msm_untouched, CRV##_msm_correct};                       \
        for (int bytes = 0; bytes < 5; bytes++) /* 3, 4: batches of two */                   \
            for (int th = 1; th <= 3; th += bytes >= 3 ? 1 : 2) {                            \
                s.bytes = bytes;                                                             \
                s.threads = th;                                                              \
                cr_assert_geq(alloc_sweep(&c, &s), 1, "msm is expected to allocate");        \
            }                                                                                \
        /* bad arguments, checked before anything else: output untouched, no leak */         \
        long live0 = pasta_test_alloc_live();                                                \
        CRV##_msm_setup(&s);                                                                 \
        const struct pasta_##CRV##_ops *o = t->CRV;                                          \
        cr_assert_eq(o->msm_var(&s.r, NULL, s.k, 1, 1), PASTA_ERR_INVALID_ARG);              \
        cr_assert_eq(o->msm_var(&s.r, s.b, NULL, 1, 1), PASTA_ERR_INVALID_ARG);              \
        cr_assert_eq(o->msm_var(&s.r, s.b, s.k, SIZE_MAX, 1), PASTA_ERR_INVALID_ARG);        \
        cr_assert_eq(o->msm_var(&s.r, s.b, s.k, 1, -3), PASTA_ERR_INVALID_ARG);              \
        cr_assert_eq(o->msm_bytes_var(&s.r, s.b, NULL, 2, 1), PASTA_ERR_INVALID_ARG);        \
        cr_assert_eq(o->msm_bytes_var(&s.r, s.b, s.kb, SIZE_MAX / 32, 1),                    \
                     PASTA_ERR_INVALID_ARG);                                                 \
        /* non-canonical scalar bytes (the order; bit 255) before any allocation */          \
        uint8_t keep[32];                                                                    \
        memcpy(keep, s.kb + 32 * 5, 32);                                                     \
        le32(s.kb + 32 * 5, pasta_##SCL##_MODULUS);                                          \
        pasta_test_alloc_fail_at(1);                                                         \
        cr_assert_eq(o->msm_bytes_var(&s.r, s.b, s.kb, MSM_N, 1), PASTA_ERR_NONCANONICAL);   \
        cr_assert_eq(pasta_test_alloc_fail_at(0), 0, "allocated before validating");         \
        memset(s.kb + 32 * 5, 0xff, 32);                                                     \
        cr_assert_eq(o->msm_bytes_var(&s.r, s.b, s.kb, MSM_N, 1), PASTA_ERR_NONCANONICAL);   \
        memcpy(s.kb + 32 * 5, keep, 32);                                                     \
        cr_assert(CRV##_msm_untouched(&s), "msm: output changed on error");                  \
        cr_assert_eq(o->msm_fixed_var(&s.r, s.tab, s.k, MSM_N + 1, 1),                       \
                     PASTA_ERR_INVALID_ARG);                                                 \
        cr_assert_eq(o->msm_fixed_var(&s.r, NULL, s.k, 1, 1), PASTA_ERR_INVALID_ARG);        \
        cr_assert(CRV##_msm_untouched(&s), "msm: output changed on error");                  \
        cr_assert_eq(pasta_test_alloc_live(), live0, "msm: leak");                           \
        free(s.tab);                                                                         \
    }

MSM_CONTRACT(pallas, fq)
MSM_CONTRACT(vesta, fp)

Test(contract_msm, each_backend_and_public) {
    static const pasta_backend all[] = {PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM,
                                        PASTA_BACKEND_X86_64_IFMA};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        const pasta_ops *t = pasta_ops_for(all[i]);
        if (t == NULL) continue;
        cr_assert_eq(pasta_backend_set(all[i]), PASTA_OK);
        for (int pub = 0; pub < 2; pub++) {
            pallas_msm_contract(t, pub);
            vesta_msm_contract(t, pub);
        }
    }
    cr_assert_eq(pasta_backend_set(PASTA_BACKEND_AUTO), PASTA_OK);
}
