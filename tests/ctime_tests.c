/* Constant-time check in the style of libsecp256k1's ctime_tests.c.
 *
 * Run under valgrind memcheck: every secret input is marked undefined with a client
 * request, the constant-time API is called, and memcheck reports any conditional branch
 * or memory address computed from undefined (secret) data. Outputs are marked defined
 * again so that printing or comparing them is not reported. Exit code 42 from
 * `valgrind --error-exitcode=42` means a leak was found.
 *
 *   ctime_tests [--with-asm]  every constant-time operation on the portable backend, and
 *                          on x86_64-asm with --with-asm (tests/ctime.sh decides natively,
 *                          since valgrind's virtual cpuid hides ADX)
 *   ctime_tests --leaky    a deliberately leaky canonical check (an early-exit limb scan,
 *                          the seed's audit finding), which memcheck must catch
 *
 * Variable-time functions (`_var`) are not called with secrets: they are allowed to branch.
 * Build without AVX-512 (valgrind 3.19 cannot decode it).
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "backends/backend.h"
#include "pasta/pasta.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static int fill(void *ctx, uint8_t *buf, size_t len) {
    uint64_t *s = ctx;
    for (size_t i = 0; i < len; i++) {
        *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
        buf[i] = (uint8_t)(*s >> 56);
    }
    return 0;
}

/* The check of both fields is one template body. */
#define CTIME_FIELD_BODY(F, FE)                                                  \
    do {                                                                         \
        const struct pasta_##F##_ops *o = ops->F;                                \
        FE a, b, r, s, v[8];                                                     \
        uint8_t bytes[64], enc[32];                                              \
        uint64_t e[4], raw[4];                                                   \
        int flag, ret;                                                           \
        o->random(&a, fill, &seed);                                              \
        o->random(&b, fill, &seed);                                              \
        fill(&seed, bytes, sizeof bytes);                                        \
        fill(&seed, (uint8_t *)e, sizeof e);                                     \
        fill(&seed, (uint8_t *)raw, sizeof raw);                                 \
        for (int i = 0; i < 8; i++) o->random(&v[i], fill, &seed);               \
        flag = (int)(bytes[0] & 1);                                              \
        SECRET(&a, sizeof a), SECRET(&b, sizeof b), SECRET(bytes, sizeof bytes); \
        SECRET(e, sizeof e), SECRET(raw, sizeof raw), SECRET(v, sizeof v);       \
        SECRET(&flag, sizeof flag);                                              \
        o->add(&r, &a, &b);                                                      \
        o->sub(&r, &r, &b);                                                      \
        o->neg(&r, &r);                                                          \
        o->dbl(&r, &r);                                                          \
        o->mul(&r, &r, &a);                                                      \
        o->sqr(&r, &r);                                                          \
        o->cube(&r, &r);                                                         \
        o->pow(&r, &a, e);                                                       \
        o->invert(&r, &a);                                                       \
        ret = o->batch_invert(v, v, 8);                                          \
        PUBLIC(&ret, sizeof ret);                                                \
        ret = o->sqrt(&r, &a);                                                   \
        ret = o->sqrt_ratio(&r, &a, &b);                                         \
        ret = o->legendre(&a);                                                   \
        ret = o->is_square(&a);                                                  \
        ret = o->eq(&a, &b);                                                     \
        ret = o->is_zero(&a);                                                    \
        ret = o->is_odd(&a);                                                     \
        o->cmov(&r, &a, flag);                                                   \
        o->select(&s, &a, &b, flag);                                             \
        o->cswap(&a, &b, flag);                                                  \
        o->to_bytes(enc, &a);                                                    \
        ret = o->from_bytes(&r, bytes);                                          \
        o->from_uniform_bytes(&r, bytes);                                        \
        o->from_raw(&r, raw);                                                    \
        o->to_raw(raw, &r);                                                      \
        o->from_u64(&r, raw[0]);                                                 \
        o->from_u128(&r, raw[0], raw[1]);                                        \
        PUBLIC(&r, sizeof r), PUBLIC(&s, sizeof s), PUBLIC(enc, sizeof enc);     \
        PUBLIC(&ret, sizeof ret), PUBLIC(&a, sizeof a), PUBLIC(&b, sizeof b);    \
    } while (0)

/* Curves: secret points (a random multiple of the generator), secret scalars, flags,
 * encodings and hashed messages. C is the curve, F its base field, S its scalar field. */
#define CTIME_CURVE_BODY(C, F, S)                                                   \
    do {                                                                            \
        const struct pasta_##C##_ops *o = ops->C;                                   \
        pasta_##C##_jacobian p, q, r;                                               \
        pasta_##C##_affine a, b, tab[4];                                            \
        pasta_##C##_jacobian jt[4];                                                 \
        pasta_##S k;                                                                \
        pasta_##F u;                                                                \
        uint8_t enc[32], unc[64], msg[40];                                          \
        uint64_t k1[2], k2[2];                                                      \
        int n1, n2, flag, ret;                                                      \
        ops->S->random(&k, fill, &seed);                                            \
        o->generator(&p);                                                           \
        o->mul_var(&p, &p, &k);                                                     \
        ops->S->random(&k, fill, &seed);                                            \
        o->generator(&q);                                                           \
        o->mul_var(&q, &q, &k);                                                     \
        o->to_affine_var(&b, &q);                                                   \
        for (int i = 0; i < 4; i++) o->mul_var(&jt[i], &q, &k);                     \
        ops->S->random(&k, fill, &seed);                                            \
        ops->F->random(&u, fill, &seed);                                            \
        o->to_bytes(enc, &q);                                                       \
        o->affine_to_uncompressed(unc, &b);                                         \
        fill(&seed, msg, sizeof msg);                                               \
        flag = (int)(msg[0] & 1);                                                   \
        SECRET(&p, sizeof p), SECRET(&q, sizeof q), SECRET(&b, sizeof b);           \
        SECRET(jt, sizeof jt), SECRET(&k, sizeof k), SECRET(&u, sizeof u);          \
        SECRET(enc, sizeof enc), SECRET(unc, sizeof unc), SECRET(msg, sizeof msg);  \
        SECRET(&flag, sizeof flag);                                                 \
        o->dbl(&r, &p);                                                             \
        o->add(&r, &r, &q);                                                         \
        o->add(&r, &p, &p); /* the doubling case, handled without a branch */       \
        o->madd(&r, &r, &b);                                                        \
        o->neg(&r, &r);                                                             \
        o->endo(&r, &r);                                                            \
        o->cmov(&r, &p, flag);                                                      \
        o->select(&r, &p, &q, flag);                                                \
        o->mul(&r, &p, &k);                                                         \
        o->mul_noglv(&r, &p, &k); /* internal: the non-GLV ct path (benchmarks) */  \
        o->glv_decompose(k1, &n1, k2, &n2, &k);                                     \
        o->to_affine(&a, &r);                                                       \
        ret = o->batch_to_affine(tab, jt, 4);                                       \
        ret = o->eq(&p, &q);                                                        \
        ret = o->affine_eq(&a, &b);                                                 \
        ret = o->is_identity(&p);                                                   \
        ret = o->is_on_curve(&p);                                                   \
        ret = o->affine_is_on_curve(&a);                                            \
        o->to_bytes(enc, &r);                                                       \
        o->affine_to_bytes(enc, &a);                                                \
        o->affine_to_uncompressed(unc, &a);                                         \
        ret = o->from_bytes(&r, enc);                                               \
        ret = o->affine_from_bytes(&a, enc);                                        \
        ret = o->affine_from_uncompressed(&a, unc);                                 \
        o->map_to_curve(&r, &u);                                                    \
        ret = o->hash_to_curve(&r, "ctime", msg, sizeof msg);                       \
        PUBLIC(&r, sizeof r), PUBLIC(&a, sizeof a), PUBLIC(tab, sizeof tab);        \
        PUBLIC(enc, sizeof enc), PUBLIC(unc, sizeof unc), PUBLIC(&ret, sizeof ret); \
        PUBLIC(k1, sizeof k1), PUBLIC(k2, sizeof k2), PUBLIC(&n1, sizeof n1);       \
        PUBLIC(&n2, sizeof n2);                                                     \
    } while (0)

static void check_backend(const pasta_ops *ops) {
    uint64_t seed = 0x5eed;
    CTIME_FIELD_BODY(fp, pasta_fp);
    CTIME_FIELD_BODY(fq, pasta_fq);
    CTIME_CURVE_BODY(pallas, fp, fq);
    CTIME_CURVE_BODY(vesta, fq, fp);
    printf("ctime: checked backend %s\n", ops->name);
}

/* The seed's audit finding, reproduced on purpose: a canonical-range check that scans
 * limbs from the top and returns at the first difference. */
static int leaky_is_canonical(const pasta_fp *a) {
    for (int i = 3; i >= 0; i--) {
        if (a->limbs[i] < pasta_fp_MODULUS[i]) return 1;
        if (a->limbs[i] > pasta_fp_MODULUS[i]) return 0;
    }
    return 0;
}

int main(int argc, char **argv) {
    int with_asm = argc > 1 && strcmp(argv[1], "--with-asm") == 0;
    if (argc > 1 && strcmp(argv[1], "--probe-asm") == 0) /* native, outside valgrind */
        return pasta_backend_supported(PASTA_BACKEND_X86_64_ASM) ? 0 : 1;
    if (!RUNNING_ON_VALGRIND) {
        fprintf(stderr, "ctime_tests: must run under valgrind memcheck\n");
        return 2;
    }
    if (argc > 1 && strcmp(argv[1], "--leaky") == 0) {
        pasta_fp a;
        uint64_t seed = 1;
        pasta_ops_portable.fp->random(&a, fill, &seed);
        SECRET(&a, sizeof a);
        int c = leaky_is_canonical(&a);
        PUBLIC(&c, sizeof c);
        pasta_ops_portable.fp->add(&a, &a, &a);
        printf("ctime: leaky variant ran (canonical=%d)\n", c);
        return 0;
    }
    check_backend(&pasta_ops_portable);
    if (with_asm) {
#ifdef PASTA_X86_64_ASM
        check_backend(&pasta_ops_x86_64_asm);
#else
        fprintf(stderr, "ctime: --with-asm, but the asm backend is not compiled in\n");
        return 2;
#endif
    } else {
        printf("ctime: backend x86_64-asm not checked (not compiled in or CPU lacks it)\n");
    }
    /* valgrind 3.19 cannot execute AVX-512 (its virtual CPU reports none, so the backend is
     * never selected here): x86_64-ifma's scalar code is x86_64-asm's (checked above), its
     * lane code is checked on the machine code by ctest ifma_ct_objdump. */
    printf("ctime: backend x86_64-ifma not checked under valgrind (no AVX-512 there)\n");
    return 0;
}
