/* fft/fft_ifma.h: the NTT's IFMA passes (leaf, radix-2, radix-2^2, columns), driven here
 * in the schedule of fft/fft_impl.h's G(ntt_core) (bit reversal, rows, column groups of
 * at least 8 columns), against the scalar backend's ntt and intt (the asm backend when it
 * runs here, else portable): byte-identical outputs for n = 2^0 .. 2^16, forward and
 * inverse, Fp and Fq, on random inputs mixed with edge values (0, 1, m - 1).
 *
 * Skips (prints why, passes) on a CPU without AVX512F + AVX512IFMA. Must not run under
 * valgrind (3.19 cannot execute AVX-512): not registered for it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ifma_testutil.h"

#include "fft/fft_common.h"
#include "fft/fft_ifma.h"

static void bitrev(uint64_t *a, unsigned lg) {
    size_t n = (size_t)1 << lg;
    for (size_t i = 0; i < n; i++) {
        size_t r = pasta_fft_bitrev(i, lg);
        if (i < r)
            for (int k = 0; k < 4; k++) {
                uint64_t t = a[4 * i + k];
                a[4 * i + k] = a[4 * r + k];
                a[4 * r + k] = t;
            }
    }
}

/* The IFMA transform of a (n = 2^lg >= 16) in G(ntt_core)'s schedule, one thread,
 * then times *scale if not NULL. */
static void ifma_ntt(uint64_t *a, unsigned lg, const uint64_t *tw, const uint64_t *scale,
                     const pasta_ifma_consts *K) {
    size_t n = (size_t)1 << lg;
    bitrev(a, lg);
    unsigned cl = pasta_fft_col_lg(lg);
    if (cl == 0) {
        pasta_ifma_ntt_block_(a, lg, tw, K);
    } else {
        unsigned lgb = lg - cl;
        for (size_t r = 0; r < n; r += (size_t)1 << lgb)
            pasta_ifma_ntt_block_(a + 4 * r, lgb, tw, K);
        size_t g = pasta_fft_col_group(lg), cols = (size_t)1 << lgb;
        if (g < 8) g = 8;
        for (size_t c0 = 0; c0 < cols; c0 += g)
            pasta_ifma_ntt_cols_(a, lg, lgb, tw, c0, g, scale, K);
        return;
    }
    if (scale != NULL) pasta_ifma_ntt_scale_(a, n, scale, K);
}

static void run_field(int fid) {
    const pasta_ops *t = scalar_ops();
    const pasta_ifma_consts *K = fid == 0 ? &pasta_ifma_fp_consts : &pasta_ifma_fq_consts;
    const unsigned max_lg = 16;
    size_t N = (size_t)1 << max_lg;
    pasta_fp_domain dp;
    pasta_fq_domain dq;
    const uint64_t *tables;
    if (fid == 0) {
        cr_assert_eq(t->fp->domain_init(&dp, (int)max_lg, 0), PASTA_OK);
        tables = dp.tables->limbs;
    } else {
        cr_assert_eq(t->fq->domain_init(&dq, (int)max_lg, 0), PASTA_OK);
        tables = dq.tables->limbs;
    }
    uint64_t *x = malloc(N * 32), *ref = malloc(N * 32), *got = malloc(N * 32);
    cr_assert(x != NULL && ref != NULL && got != NULL);
    tu_rng g;
    tu_rng_init(&g, 0x6e7474u + (uint64_t)fid);
    mpz_t m, z;
    mpz_inits(m, z, NULL);
    tu_modulus(m, fid);
    for (size_t i = 0; i < N; i++) {
        unsigned e = (unsigned)(tu_next(&g) % 16);
        if (e == 0) mpz_set_ui(z, 0);
        else if (e == 1) mpz_set_ui(z, 1);
        else if (e == 2) mpz_sub_ui(z, m, 1);
        else tu_random_below(z, &g, m);
        tu_to_limbs(x + 4 * i, z);
    }
    for (unsigned lg = 4; lg <= max_lg; lg++) {
        size_t n = (size_t)1 << lg;
        for (int inv = 0; inv < 2; inv++) {
            memcpy(ref, x, n * 32);
            memcpy(got, x, n * 32);
            uint64_t sc[4];
            if (fid == 0) {
                pasta_fp *r = (pasta_fp *)ref;
                cr_assert_eq((inv ? t->fp->intt : t->fp->ntt)(&dp, r, n, 1), PASTA_OK);
                /* 1/n: G(inv_pow2)'s doublings of 1/N */
                pasta_fp s = dp.ext_n_inv;
                for (unsigned k = lg; k < max_lg; k++) t->fp->add(&s, &s, &s);
                memcpy(sc, s.limbs, 32);
            } else {
                pasta_fq *r = (pasta_fq *)ref;
                cr_assert_eq((inv ? t->fq->intt : t->fq->ntt)(&dq, r, n, 1), PASTA_OK);
                pasta_fq s = dq.ext_n_inv;
                for (unsigned k = lg; k < max_lg; k++) t->fq->add(&s, &s, &s);
                memcpy(sc, s.limbs, 32);
            }
            ifma_ntt(got, lg, tables + (inv ? 4 * N : 0), inv ? sc : NULL, K);
            if (memcmp(ref, got, n * 32) != 0) {
                size_t i = 0;
                while (memcmp(ref + 4 * i, got + 4 * i, 32) == 0) i++;
                cr_assert_fail("field %d lg %u inverse %d: first difference at %zu", fid, lg,
                               inv, i);
            }
        }
    }
    mpz_clears(m, z, NULL);
    free(x);
    free(ref);
    free(got);
    if (fid == 0) t->fp->domain_free(&dp);
    else t->fq->domain_free(&dq);
}

Test(ifma_ntt, against_scalar) {
    SKIP_WITHOUT_IFMA("test_ifma_ntt");
    run_field(0);
    run_field(1);
}
