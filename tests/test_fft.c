/* The fft layer (fft/, include/pasta/fft.h) on each backend: the transforms against a
 * naive O(n^2) DFT (n <= 2^10) and the radix-2 baseline, round trips (to 2^16; to 2^20
 * with PASTA_FFT_TEST_BIG=1), identical bytes at 1..8 threads and on both backends,
 * cosets and the extended domain, the vanishing polynomial, rotations, l_0, the
 * polynomial operations against their definitions (evaluation of many polynomials,
 * linear combinations), the point transform against
 * per-point scalar multiplications, and bad input. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static int all_a5(const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != 0xa5) return 0;
    return 1;
}

#define TF fp
#define TFID 0
#define TC vesta
#include "tests/fft_tests_impl.h"
#undef TC
#undef TFID
#undef TF
#define TF fq
#define TFID 1
#define TC pallas
#include "tests/fft_tests_impl.h"
#undef TC
#undef TFID
#undef TF

static const pasta_backend backends[] = {PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM,
                                         PASTA_BACKEND_X86_64_IFMA};
#define FOR_BACKENDS(t)                                                     \
    for (size_t bi_ = 0; bi_ < sizeof backends / sizeof backends[0]; bi_++) \
        for (const pasta_ops *t = pasta_ops_for(backends[bi_]); t != NULL; t = NULL)

static int big_lg(void) {
    const char *e = getenv("PASTA_FFT_TEST_BIG");
    return e != NULL && e[0] == '1' ? 20 : 16;
}

Test(fft, naive_dft) {
    FOR_BACKENDS(t) {
        fp_check_dft(t);
        fq_check_dft(t);
    }
}
Test(fft, roundtrip_threads) {
    FOR_BACKENDS(t) {
        fp_check_roundtrip(t, big_lg());
        fq_check_roundtrip(t, bi_ == 0 ? 14 : big_lg());
    }
}
Test(fft, backends_agree) {
    fp_check_backends_agree(PASTA_BACKEND_X86_64_ASM);
    fq_check_backends_agree(PASTA_BACKEND_X86_64_ASM);
}
Test(fft, backends_agree_ifma) {
    fp_check_backends_agree(PASTA_BACKEND_X86_64_IFMA);
    fq_check_backends_agree(PASTA_BACKEND_X86_64_IFMA);
}
Test(fft, ifma_every_size) {
    fp_check_sizes_agree(PASTA_BACKEND_X86_64_IFMA, 16);
    fq_check_sizes_agree(PASTA_BACKEND_X86_64_IFMA, 16);
}
Test(fft, coset_extended) {
    FOR_BACKENDS(t) {
        fp_check_coset(t);
        fq_check_coset(t);
    }
}
Test(fft, polynomials) {
    FOR_BACKENDS(t) {
        fp_check_poly(t);
        fq_check_poly(t);
    }
}
Test(fft, eval_many_lincomb) {
    FOR_BACKENDS(t) {
        fp_check_lin(t);
        fq_check_lin(t);
    }
}
Test(fft, bad_input) {
    FOR_BACKENDS(t) {
        fp_check_bad(t);
        fq_check_bad(t);
    }
}
Test(fft, points) {
    FOR_BACKENDS(t) {
        fp_check_points(t);
        fq_check_points(t);
    }
}
Test(fft, basis_typed) {
    fp_check_typed();
    fq_check_typed();
}
Test(fft, points_threads) {
    /* Pallas (Fq domain) and Vesta (Fp domain) on the best backend here; each butterfly
     * is a mul_var, so one backend only */
    const pasta_ops *t = pasta_ops_for(PASTA_BACKEND_AUTO);
    fq_check_points_threads(t);
    fp_check_points_threads(t);
}
